// A canvas that shows a rectangle of the world, scaled to its CSS size and sharp at any devicePixelRatio, with
// drawing helpers that take world coordinates. y points down on screen, as in the seeds' examples.
import { type Vec, add, len, norm, perp, scale, sub } from './geom';

export interface ViewRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One colour per meaning, in every chapter and view (Okabe & Ito's colour-blind-safe palette, plus a dark purple).
 * Hit / no hit are never shown by colour alone: a hit adds a hatch and the word HIT. `MEANINGS` is the legend.
 */
export const C = {
  ink: '#1d2430', // labels; points the library computed (diamonds)
  muted: '#6b7280', // construction: extensions, bounds, the unchecked target
  grid: '#e8ebf0',
  a: '#0072b2', // shape A: the shape that moves or asks (a ray, a ball, the point X's shapes are B)
  b: '#009e73', // shape B: the shape(s) tested against
  hit: '#d55e00', // vermillion: a hit, an overlap, a depth; always with a hatch or the word
  push: '#6a3d9a', // dark purple: the push that separates (MTV) and contact normals
  closest: '#cc79a7', // reddish purple: closest points and distances
  work: '#e69f00', // orange: the algorithm at work (SAT axes, GJK simplex, reference face, grid cells)
  motion: '#56b4e9', // sky blue: motion (paths, swept areas, motion arrows)
  gap: '#1d2430', // a gap between intervals: ink, bracketed
  bad: '#999999',
};

export type Meaning = 'a' | 'b' | 'hit' | 'push' | 'closest' | 'work' | 'motion' | 'point' | 'construction';

/** The legend: each colour's one meaning (shown under every figure, for the meanings it uses). */
export const MEANINGS: Record<Meaning, { color: string; text: string; mark: 'fill' | 'hatch' | 'line' | 'diamond' | 'dash' }> = {
  a: { color: C.a, text: 'A', mark: 'fill' },
  b: { color: C.b, text: 'B', mark: 'fill' },
  hit: { color: C.hit, text: 'hit / overlap', mark: 'hatch' },
  push: { color: C.push, text: 'push (MTV), normal', mark: 'line' },
  closest: { color: C.closest, text: 'closest points, distance', mark: 'dash' },
  work: { color: C.work, text: 'the algorithm at work', mark: 'line' },
  motion: { color: C.motion, text: 'motion', mark: 'line' },
  point: { color: C.ink, text: 'computed point', mark: 'diamond' },
  construction: { color: C.muted, text: 'construction', mark: 'dash' },
};

type Rect = { x0: number; y0: number; x1: number; y1: number };
interface PendingLabel {
  s: Vec; text: string; color: string; dx: number; dy: number; align: CanvasTextAlign; bold: boolean; track: boolean;
}

/** Length of the part of segment a-b inside rectangle r (Liang-Barsky). */
function clipLength(ax: number, ay: number, bx: number, by: number, r: Rect): number {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  const p = [-dx, dx, -dy, dy];
  const q = [ax - r.x0, r.x1 - ax, ay - r.y0, r.y1 - ay];
  for (let i = 0; i < 4; i++) {
    if (p[i] === 0) {
      if (q[i] < 0) return 0;
    } else {
      const t = q[i] / p[i];
      if (p[i] < 0) { if (t > t1) return 0; if (t > t0) t0 = t; }
      else { if (t < t0) return 0; if (t < t1) t1 = t; }
    }
  }
  return Math.hypot(dx, dy) * (t1 - t0);
}

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
  dpr = 1;
  private raf = 0;
  private observer: ResizeObserver;
  private patterns = new Map<string, CanvasPattern | null>();
  /** Screen points (CSS px) where handles sit: labels are placed around them. */
  obstacles: Vec[] = [];
  /** Screen rectangles of the labels placed in this frame (so that later ones avoid them). */
  private placed: Rect[] = [];
  /** Screen rectangles of the marks drawn in this frame (diamonds, arrowheads): labels never cover them. */
  private marks: Rect[] = [];
  /** Screen segments drawn in this frame (x0, y0, x1, y1, ...): labels avoid crossing them when they can. */
  private segs: number[] = [];
  /** Labels asked for in this frame; placed after everything else is drawn, so that they know every mark. */
  private pending: PendingLabel[] = [];
  /** World bounding box of everything drawn in the last frame (shapes, marks, labels; not infinite lines). */
  extent: { x0: number; y0: number; x1: number; y1: number } | null = null;
  private noTrack = 0;
  /** Whether labels grow the drawn extent (small figures fit their geometry and leave a margin for labels). */
  trackLabels = true;
  /** The grid's base spacing in world units (halved or doubled to 24-120 px; a level of unit tiles sets 1). */
  gridUnit = 50;
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

  /** Moves the view without resizing the canvas (a camera following a moving thing, every frame). */
  pan(view: ViewRect): void {
    this.view = view;
    this.k = Math.min(this.cssW / view.w, this.cssH / view.h);
    this.ox = (this.cssW - view.w * this.k) / 2 - view.x * this.k;
    this.oy = (this.cssH - view.h * this.k) / 2 - view.y * this.k;
    this.canvas.dataset.view = [view.x, view.y, view.w, view.h].join(',');
  }

  toScreen(p: Vec): Vec {
    return { x: this.ox + p.x * this.k, y: this.oy + p.y * this.k };
  }

  /** Draws without growing the extent (for marks pinned to the view's edges, which must not drive the fit). */
  untracked(f: () => void): void {
    this.noTrack++;
    try {
      f();
    } finally {
      this.noTrack--;
    }
  }

  /** Grows the drawn extent by a world point. */
  track(p: Vec, pad = 0): void {
    if (this.noTrack || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    const e = this.extent ?? (this.extent = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
    e.x0 = Math.min(e.x0, p.x - pad);
    e.y0 = Math.min(e.y0, p.y - pad);
    e.x1 = Math.max(e.x1, p.x + pad);
    e.y1 = Math.max(e.y1, p.y + pad);
  }

  /** A world point moved inside the visible figure (a margin of 6 CSS px), so that drags cannot lose a shape. */
  clampToView(p: Vec): Vec {
    const v = this.visible();
    const m = 6 / this.k;
    return {
      x: Math.min(v.x + v.w - m, Math.max(v.x + m, p.x)),
      y: Math.min(v.y + v.h - m, Math.max(v.y + m, p.y)),
    };
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
    this.placed = [];
    this.marks = [];
    this.segs = [];
    this.pending = [];
    this.extent = null;
    this.grid();
    this.onDraw();
    this.flushLabels();
  }

  /** Registers a screen segment that labels should not cross. */
  private seg(a: Vec, b: Vec): void {
    if (this.segs.length < 8000) this.segs.push(a.x, a.y, b.x, b.y);
  }

  /** Registers a screen rectangle (a mark) that labels must not cover. */
  mark(x: number, y: number, r: number): void {
    this.marks.push({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });
  }

  private grid(): void {
    const { ctx } = this;
    const vis = this.visible();
    let step = this.gridUnit;
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
    let first: Vec | null = null;
    let prev: Vec | null = null;
    points.forEach((p, i) => {
      this.track(p);
      const s = this.toScreen(p);
      if (i === 0) { ctx.moveTo(s.x, s.y); first = s; } else ctx.lineTo(s.x, s.y);
      if (prev) this.seg(prev, s);
      prev = s;
    });
    if (closed) {
      ctx.closePath();
      if (first && prev) this.seg(prev, first);
    }
  }

  pathCircle(c: Vec, r: number): void {
    const s = this.toScreen(c);
    this.track(c, Math.max(0, r));
    this.ctx.beginPath();
    const R = Math.max(0, r * this.k);
    this.ctx.arc(s.x, s.y, R, 0, Math.PI * 2);
    const n = 24;
    for (let i = 0; i < n; i++) {
      const t0 = (i / n) * Math.PI * 2, t1 = ((i + 1) / n) * Math.PI * 2;
      this.seg({ x: s.x + R * Math.cos(t0), y: s.y + R * Math.sin(t0) }, { x: s.x + R * Math.cos(t1), y: s.y + R * Math.sin(t1) });
    }
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
    this.track(a);
    this.track(b);
    const sa = this.toScreen(a);
    const sb = this.toScreen(b);
    this.seg(sa, sb);
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
    this.noTrack++;
    this.line(add(a, scale(d, -far)), add(a, scale(d, far)), color, width, dash);
    this.noTrack--;
  }

  /**
   * A result mark: a diamond (handles are round, so a computed point never looks like something to drag).
   * Hollow: a white diamond with a coloured rim (points on an extension, expected values).
   */
  dot(p: Vec, color: string, radiusPx = 4.5, hollow = false): void {
    this.track(p);
    const s = this.toScreen(p);
    const { ctx } = this;
    const r = radiusPx * 1.25;
    this.mark(s.x, s.y, r + 1);
    ctx.beginPath();
    ctx.moveTo(s.x, s.y - r);
    ctx.lineTo(s.x + r, s.y);
    ctx.lineTo(s.x, s.y + r);
    ctx.lineTo(s.x - r, s.y);
    ctx.closePath();
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

  /**
   * A text label with a white halo, offset from p in CSS pixels. Labels are placed after the frame's drawing: when
   * the asked-for spot covers a label already placed, a mark (diamond, arrowhead), a handle or the canvas edge, or
   * crosses drawn lines, the label moves to the cheapest spot around p (farther out if needed).
   */
  label(p: Vec, text: string, color = C.ink, dx = 8, dy = -8, align: CanvasTextAlign = 'left', bold = false): void {
    if (!text) return;
    this.pending.push({ s: this.toScreen(p), text, color, dx, dy, align, bold, track: this.noTrack === 0 });
  }

  private flushLabels(): void {
    const list = this.pending;
    this.pending = [];
    for (const l of list) this.placeLabel(l);
  }

  private placeLabel(l: PendingLabel): void {
    const { s, text, color, dx, dy, align, bold } = l;
    const { ctx } = this;
    const size = this.cssW < 480 ? 11.5 : 13;
    ctx.font = `${bold ? '600 ' : ''}${size}px system-ui, -apple-system, "Segoe UI", sans-serif`;
    const w = ctx.measureText(text).width;
    const h = size + 4;
    const rectOf = (x: number, y: number, al: CanvasTextAlign): Rect => {
      const x0 = al === 'left' ? x : al === 'right' ? x - w : x - w / 2;
      return { x0: x0 - 2, y0: y - h / 2, x1: x0 + w + 2, y1: y + h / 2 };
    };
    const area = (r: Rect, q: Rect) => {
      const ox = Math.min(r.x1, q.x1) - Math.max(r.x0, q.x0);
      const oy = Math.min(r.y1, q.y1) - Math.max(r.y0, q.y0);
      return ox > 0 && oy > 0 ? ox * oy : 0;
    };
    const cost = (r: Rect) => {
      let c = 0;
      for (const q of this.placed) c += area(r, q);
      for (const q of this.marks) c += 2 * area(r, q);
      for (const o of this.obstacles) c += area(r, { x0: o.x - 12, y0: o.y - 12, x1: o.x + 12, y1: o.y + 12 });
      const sg = this.segs;
      for (let i = 0; i < sg.length; i += 4) c += 1.5 * clipLength(sg[i], sg[i + 1], sg[i + 2], sg[i + 3], r);
      const out = Math.max(0, 2 - r.x0) + Math.max(0, r.x1 - this.cssW + 2) + Math.max(0, 2 - r.y0) + Math.max(0, r.y1 - this.cssH + 2);
      return c + out * h * 4;
    };
    const cands: [number, number, CanvasTextAlign][] = [[dx, dy, align]];
    for (const m of [1, 1.8, 2.8, 4]) {
      const a = 10 * m;
      const b = 12 * m;
      cands.push(
        [a, -b, 'left'], [a, b, 'left'], [-a, -b, 'right'], [-a, b, 'right'],
        [0, -b - 4, 'center'], [0, b + 4, 'center'], [a + 4, 0, 'left'], [-a - 4, 0, 'right'],
      );
    }
    let best = cands[0];
    let bestCost = Infinity;
    for (const cand of cands) {
      // A small price for distance: of two equally clear spots, the nearer one.
      const c = cost(rectOf(s.x + cand[0], s.y + cand[1], cand[2])) + 0.4 * Math.hypot(cand[0] - dx, cand[1] - dy);
      if (c < bestCost - 1e-9) {
        bestCost = c;
        best = cand;
      }
    }
    const [bx, by, bal] = best;
    const r = rectOf(s.x + bx, s.y + by, bal);
    this.placed.push(r);
    if (l.track && this.trackLabels) {
      this.track({ x: (r.x0 - this.ox) / this.k, y: (r.y0 - this.oy) / this.k });
      this.track({ x: (r.x1 - this.ox) / this.k, y: (r.y1 - this.oy) / this.k });
    }
    ctx.textAlign = bal;
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(255,255,255,0.92)';
    ctx.strokeText(text, s.x + bx, s.y + by);
    ctx.fillStyle = color;
    ctx.fillText(text, s.x + bx, s.y + by);
  }

  /** An arrow from a to b (world), with an optional label at its middle. */
  arrow(a: Vec, b: Vec, color: string, text?: string, width = 2.5): void {
    this.track(a);
    this.track(b);
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
    this.seg(sa, sb);
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
      this.mark(sb.x - u.x * head * 0.5, sb.y - u.y * head * 0.5, head * 0.6);
    }
    if (text) {
      const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.label(m, text, color, 8, 12);
    }
  }
}
