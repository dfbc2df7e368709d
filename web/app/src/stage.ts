// A canvas that shows a rectangle of the world, scaled to its CSS size and sharp at any devicePixelRatio, with
// drawing helpers that take world coordinates. y points down on screen, as in the seeds' examples.
import { type Vec, add, len, norm, perp, scale, sub } from './geom';

export interface ViewRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Colour-blind-safe palette (Okabe & Ito). Hit / no-hit are never shown by colour alone. */
export const C = {
  ink: '#1d2430',
  muted: '#6b7280',
  grid: '#e8ebf0',
  hit: '#d55e00', // vermillion, always with a hatch pattern and the word "HIT"
  miss: '#0072b2', // blue, solid, with the words "no hit"
  a: '#0072b2',
  b: '#009e73',
  point: '#1d2430',
  closest: '#cc79a7', // reddish purple
  mtv: '#009e73', // bluish green
  axis: '#e69f00', // orange
  path: '#56b4e9', // sky blue
  bad: '#999999',
};

export class Stage {
  readonly el: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Scale from world units to CSS pixels, and the CSS-pixel offset of the world origin. */
  k = 1;
  ox = 0;
  oy = 0;
  cssW = 0;
  cssH = 0;
  private dpr = 1;
  private raf = 0;
  private observer: ResizeObserver;
  private patterns = new Map<string, CanvasPattern | null>();
  onDraw: () => void = () => {};
  onResize: () => void = () => {};

  constructor(
    parent: HTMLElement,
    public view: ViewRect,
    label: string,
  ) {
    this.el = document.createElement('div');
    this.el.className = 'stage';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', label);
    this.canvas.dataset.testid = 'canvas';
    this.el.append(this.canvas);
    parent.append(this.el);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    this.ctx = ctx;
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(this.el);
    this.resize();
  }

  destroy(): void {
    this.observer.disconnect();
    cancelAnimationFrame(this.raf);
  }

  /** Fits the view rectangle into the element (uniform scale, centred). */
  resize(): void {
    const w = Math.max(1, this.el.clientWidth);
    const h = Math.max(1, this.el.clientHeight);
    this.dpr = window.devicePixelRatio || 1;
    this.cssW = w;
    this.cssH = h;
    this.canvas.width = Math.round(w * this.dpr);
    this.canvas.height = Math.round(h * this.dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.k = Math.min(w / this.view.w, h / this.view.h);
    this.ox = (w - this.view.w * this.k) / 2 - this.view.x * this.k;
    this.oy = (h - this.view.h * this.k) / 2 - this.view.y * this.k;
    // The world rectangle shown, for tests and tools: the mapping is a uniform fit of it, centred.
    this.canvas.dataset.view = [this.view.x, this.view.y, this.view.w, this.view.h].join(',');
    this.onResize();
    this.drawNow();
  }

  setView(view: ViewRect): void {
    this.view = view;
    this.resize();
  }

  toScreen(p: Vec): Vec {
    return { x: this.ox + p.x * this.k, y: this.oy + p.y * this.k };
  }

  toWorld(clientX: number, clientY: number): Vec {
    const r = this.canvas.getBoundingClientRect();
    return { x: (clientX - r.left - this.ox) / this.k, y: (clientY - r.top - this.oy) / this.k };
  }

  /** The world rectangle actually visible (larger than `view` along one axis). */
  visible(): ViewRect {
    return { x: -this.ox / this.k, y: -this.oy / this.k, w: this.cssW / this.k, h: this.cssH / this.k };
  }

  request(): void {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.drawNow();
    });
  }

  drawNow(): void {
    const { ctx } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssW, this.cssH);
    this.grid();
    this.onDraw();
  }

  private grid(): void {
    const { ctx } = this;
    const vis = this.visible();
    let step = 50;
    while (step * this.k < 24) step *= 2;
    while (step * this.k > 120) step /= 2;
    ctx.lineWidth = 1;
    ctx.strokeStyle = C.grid;
    ctx.beginPath();
    for (let x = Math.ceil(vis.x / step) * step; x <= vis.x + vis.w; x += step) {
      const sx = Math.round(this.ox + x * this.k) + 0.5;
      ctx.moveTo(sx, 0);
      ctx.lineTo(sx, this.cssH);
    }
    for (let y = Math.ceil(vis.y / step) * step; y <= vis.y + vis.h; y += step) {
      const sy = Math.round(this.oy + y * this.k) + 0.5;
      ctx.moveTo(0, sy);
      ctx.lineTo(this.cssW, sy);
    }
    ctx.stroke();
  }

  /** Diagonal hatch pattern in a colour (for "hit" fills, so hits do not rely on colour). */
  hatch(color: string): CanvasPattern | string {
    if (!this.patterns.has(color)) {
      const c = document.createElement('canvas');
      c.width = c.height = 10;
      const g = c.getContext('2d');
      let pat: CanvasPattern | null = null;
      if (g) {
        g.fillStyle = color + '22';
        g.fillRect(0, 0, 10, 10);
        g.strokeStyle = color + 'aa';
        g.lineWidth = 2;
        g.beginPath();
        g.moveTo(-2, 12);
        g.lineTo(12, -2);
        g.moveTo(-2, 2);
        g.lineTo(2, -2);
        g.moveTo(8, 12);
        g.lineTo(12, 8);
        g.stroke();
        pat = this.ctx.createPattern(c, 'repeat');
      }
      this.patterns.set(color, pat);
    }
    return this.patterns.get(color) ?? color + '33';
  }

  // ---- drawing helpers (world coordinates in, CSS pixels out) ----

  pathPoly(points: Vec[], closed = true): void {
    const { ctx } = this;
    ctx.beginPath();
    points.forEach((p, i) => {
      const s = this.toScreen(p);
      if (i === 0) ctx.moveTo(s.x, s.y);
      else ctx.lineTo(s.x, s.y);
    });
    if (closed) ctx.closePath();
  }

  pathCircle(c: Vec, r: number): void {
    const s = this.toScreen(c);
    this.ctx.beginPath();
    this.ctx.arc(s.x, s.y, Math.max(0, r * this.k), 0, Math.PI * 2);
  }

  fillStroke(fill: string | CanvasPattern | null, stroke: string | null, width = 2, dash: number[] = []): void {
    const { ctx } = this;
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.setLineDash(dash);
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width;
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  line(a: Vec, b: Vec, color: string, width = 2, dash: number[] = []): void {
    const sa = this.toScreen(a);
    const sb = this.toScreen(b);
    const { ctx } = this;
    ctx.beginPath();
    ctx.moveTo(sa.x, sa.y);
    ctx.lineTo(sb.x, sb.y);
    ctx.setLineDash(dash);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** The infinite line through a and b, clipped to the visible area (drawn long enough to cover it). */
  infiniteLine(a: Vec, b: Vec, color: string, width = 2, dash: number[] = []): void {
    const d = norm(sub(b, a));
    if (d.x === 0 && d.y === 0) return;
    const vis = this.visible();
    const far = (Math.hypot(vis.w, vis.h) + len(sub(a, { x: vis.x, y: vis.y }))) * 2;
    this.line(add(a, scale(d, -far)), add(a, scale(d, far)), color, width, dash);
  }

  dot(p: Vec, color: string, radiusPx = 4.5, hollow = false): void {
    const s = this.toScreen(p);
    const { ctx } = this;
    ctx.beginPath();
    ctx.arc(s.x, s.y, radiusPx, 0, Math.PI * 2);
    if (hollow) {
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = color;
      ctx.stroke();
    } else {
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
  }

  /** A text label with a white halo, offset from p in CSS pixels. */
  label(p: Vec, text: string, color = C.ink, dx = 8, dy = -8, align: CanvasTextAlign = 'left', bold = false): void {
    const s = this.toScreen(p);
    const { ctx } = this;
    const size = this.cssW < 480 ? 11 : 13;
    ctx.font = `${bold ? '600 ' : ''}${size}px system-ui, -apple-system, "Segoe UI", sans-serif`;
    // Keep labels inside the canvas: flip a left-aligned label that would run off the right edge.
    if (align === 'left' && s.x + dx + ctx.measureText(text).width > this.cssW - 4) {
      align = 'right';
      dx = -Math.abs(dx);
    }
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(255,255,255,0.92)';
    ctx.strokeText(text, s.x + dx, s.y + dy);
    ctx.fillStyle = color;
    ctx.fillText(text, s.x + dx, s.y + dy);
  }

  /** An arrow from a to b (world), with an optional label at its middle. */
  arrow(a: Vec, b: Vec, color: string, text?: string, width = 2.5): void {
    const sa = this.toScreen(a);
    const sb = this.toScreen(b);
    const d = sub(sb, sa);
    const l = len(d);
    const { ctx } = this;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(sa.x, sa.y);
    ctx.lineTo(sb.x, sb.y);
    ctx.stroke();
    if (l > 1) {
      const u = scale(d, 1 / l);
      const n = perp(u);
      const head = Math.min(10, l * 0.6);
      const base = sub(sb, scale(u, head));
      ctx.beginPath();
      ctx.moveTo(sb.x, sb.y);
      ctx.lineTo(base.x + n.x * head * 0.5, base.y + n.y * head * 0.5);
      ctx.lineTo(base.x - n.x * head * 0.5, base.y - n.y * head * 0.5);
      ctx.closePath();
      ctx.fill();
    }
    if (text) {
      const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.label(m, text, color, 8, 12);
    }
  }
}
