// The live code panel of a chapter: a whole program that runs as pasted (Node or a bundler), making the figure's
// shapes with the figure's exact numbers and calling collide2d as the figure does, each result in a comment; and the
// plain ~10-line version of the test. Numbers are written as the shortest text that reads back as the same double,
// so the pasted program computes bit for bit what the page shows (a browser test runs every panel in Node and
// compares). The shapes' numbers are scrubbable: drag one sideways (or focus it and use the arrow keys) and the
// figure, the read-out and the URL follow.
import { r2 } from './geom';
import { type EShape, exact, polyWorld, quantize } from './shapes';

type Tok = string | { value: number; set: (v: number) => void; step: number; label: string };

const esc = (t: string) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const n = exact;

/** A point as code: { x: …, y: … } with exact numbers. */
export const xyCode = (p: { x: number; y: number }): string => `{ x: ${exact(p.x)}, y: ${exact(p.y)} }`;

/** The c2 call that makes a library shape equal to s (exact numbers; not scrubbable). */
export function shapeCode(s: EShape): string {
  return shapeTokens(s, '', true).map((t) => (typeof t === 'string' ? t : n(t.value))).join('');
}

/**
 * Tokens of the factory call that makes this shape (numbers are scrubbable where they map to one field). A
 * polygon's vertices are its world points (the turned local points), written exactly when `exactPolygon`.
 */
export function shapeTokens(s: EShape, name: string, exactPolygon = true): Tok[] {
  const N = (label: string, get: () => number, set: (v: number) => void, step = 1): Tok => ({
    value: get(), set: (v) => { set(v); quantize(s); }, step, label: `${name} ${label}`,
  });
  switch (s.kind) {
    case 'circle':
      return ['c2.circle(', N('x', () => s.c.x, (v) => { s.c = { ...s.c, x: v }; }), ', ',
        N('y', () => s.c.y, (v) => { s.c = { ...s.c, y: v }; }), ', ',
        N('radius', () => s.r, (v) => { s.r = Math.max(1, v); }), ')'];
    case 'aabb':
      return ['c2.aabb(', N('min x', () => s.min.x, (v) => { s.min = { ...s.min, x: Math.min(v, s.max.x - 1) }; }), ', ',
        N('min y', () => s.min.y, (v) => { s.min = { ...s.min, y: Math.min(v, s.max.y - 1) }; }), ', ',
        N('max x', () => s.max.x, (v) => { s.max = { ...s.max, x: Math.max(v, s.min.x + 1) }; }), ', ',
        N('max y', () => s.max.y, (v) => { s.max = { ...s.max, y: Math.max(v, s.min.y + 1) }; }), ')'];
    case 'box':
      return ['c2.box(', N('x', () => s.c.x, (v) => { s.c = { ...s.c, x: v }; }), ', ',
        N('y', () => s.c.y, (v) => { s.c = { ...s.c, y: v }; }), ', ',
        N('half width', () => s.hx, (v) => { s.hx = Math.max(1, v); }), ', ',
        N('half height', () => s.hy, (v) => { s.hy = Math.max(1, v); }), ', ',
        N('angle', () => s.angle, (v) => { s.angle = v; }, 0.01), ')'];
    case 'segment':
    case 'line':
      if (s.kind === 'segment' && name === 'ray') {
        // The raycast chapter edits its ray as origin + end: written as the c2.ray it is, direction = end − origin.
        const d = { x: s.b.x - s.a.x, y: s.b.y - s.a.y };
        const moveTo = (x: number, y: number) => { s.a = { x, y }; s.b = { x: x + d.x, y: y + d.y }; };
        return ['c2.ray(', N('origin x', () => s.a.x, (v) => moveTo(v, s.a.y)), ', ',
          N('origin y', () => s.a.y, (v) => moveTo(s.a.x, v)), ', ',
          N('direction x', () => d.x, (v) => { s.b = { ...s.b, x: s.a.x + v }; }), ', ',
          N('direction y', () => d.y, (v) => { s.b = { ...s.b, y: s.a.y + v }; }), ', 1)'];
      }
      return [`c2.${s.kind}(`, N('a.x', () => s.a.x, (v) => { s.a = { ...s.a, x: v }; }), ', ',
        N('a.y', () => s.a.y, (v) => { s.a = { ...s.a, y: v }; }), ', ',
        N('b.x', () => s.b.x, (v) => { s.b = { ...s.b, x: v }; }), ', ',
        N('b.y', () => s.b.y, (v) => { s.b = { ...s.b, y: v }; }), ')'];
    case 'capsule':
      return ['c2.capsule(', N('a.x', () => s.a.x, (v) => { s.a = { ...s.a, x: v }; }), ', ',
        N('a.y', () => s.a.y, (v) => { s.a = { ...s.a, y: v }; }), ', ',
        N('b.x', () => s.b.x, (v) => { s.b = { ...s.b, x: v }; }), ', ',
        N('b.y', () => s.b.y, (v) => { s.b = { ...s.b, y: v }; }), ', ',
        N('radius', () => s.r, (v) => { s.r = Math.max(1, v); }), ')'];
    case 'point':
      return ['{ x: ', N('x', () => s.p.x, (v) => { s.p = { ...s.p, x: v }; }), ', y: ',
        N('y', () => s.p.y, (v) => { s.p = { ...s.p, y: v }; }), ' }'];
    case 'polygon': {
      const pts = polyWorld(s);
      if (!exactPolygon) return [`c2.polygon([${pts.map((p) => `{ x: ${r2(p.x)}, y: ${r2(p.y)} }`).join(', ')}])`];
      return [`c2.polygon([\n${pts.map((p) => `  ${xyCode(p)},`).join('\n')}\n])`];
    }
  }
}

/**
 * Lines "const a = c2.circle(290, 250, 110);" (or "a = ..." in the read-out) whose numbers scrub. While a number is
 * being dragged, its span holds the pointer capture, so updates then change the numbers in place instead of
 * rebuilding the lines.
 */
export class ScrubLines {
  readonly el: HTMLElement;

  constructor(
    tag: string,
    private shapes: () => Record<string, EShape>,
    private names: Record<string, string>,
    private onChange: () => void,
    private lead: (key: string) => string,
    private end = ';\n',
    private exactPolygon = true,
  ) {
    this.el = document.createElement(tag);
  }

  update(): void {
    if (this.el.querySelector('.scrub.active')) {
      const values = new Map<string, number>();
      for (const [k, s] of Object.entries(this.shapes()))
        for (const t of shapeTokens(s, this.names[k] ?? k, this.exactPolygon)) if (typeof t !== 'string') values.set(t.label, t.value);
      for (const span of this.el.querySelectorAll<HTMLElement>('.scrub')) {
        const v = values.get(span.dataset.scrub ?? '');
        if (v !== undefined) span.textContent = n(v);
      }
      return;
    }
    const frag = document.createDocumentFragment();
    for (const [k, s] of Object.entries(this.shapes())) {
      const line = document.createElement('span');
      line.className = 'scrub-line';
      line.append(document.createTextNode(this.lead(k)));
      for (const t of shapeTokens(s, this.names[k] ?? k, this.exactPolygon)) {
        if (typeof t === 'string') line.append(document.createTextNode(t));
        else line.append(this.scrubber(t));
      }
      line.append(document.createTextNode(this.end));
      frag.append(line);
    }
    this.el.replaceChildren(frag);
  }

  private scrubber(t: Exclude<Tok, string>): HTMLElement {
    const span = document.createElement('span');
    span.className = 'scrub';
    span.tabIndex = 0;
    span.textContent = n(t.value);
    span.setAttribute('role', 'spinbutton');
    span.setAttribute('aria-label', t.label);
    span.setAttribute('aria-valuenow', String(t.value));
    span.dataset.scrub = t.label;
    const apply = (v: number) => {
      t.set(v);
      this.onChange();
    };
    span.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.preventDefault();
      span.setPointerCapture(e.pointerId);
      span.focus({ preventScroll: true });
      const x0 = e.clientX;
      const v0 = t.value;
      span.classList.add('active');
      const move = (ev: PointerEvent) => apply(v0 + Math.round((ev.clientX - x0) / 2) * t.step * (ev.shiftKey ? 10 : 1));
      const up = () => {
        span.classList.remove('active');
        span.removeEventListener('pointermove', move);
        span.removeEventListener('pointerup', up);
        span.removeEventListener('pointercancel', up);
        this.onChange();
      };
      span.addEventListener('pointermove', move);
      span.addEventListener('pointerup', up);
      span.addEventListener('pointercancel', up);
    });
    span.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
      if (!d) return;
      e.preventDefault();
      apply(t.value + d * t.step * (e.shiftKey ? 10 : 1));
      (this.el.querySelector(`[data-scrub="${CSS.escape(t.label)}"]`) as HTMLElement | null)?.focus();
    });
    return span;
  }
}

export function mountCode(
  parent: HTMLElement,
  shapes: () => Record<string, EShape>,
  names: Record<string, string>,
  vars: (key: string) => string,
  call: () => string,
  plain: string,
  onChange: () => void,
): { update: () => void } {
  const box = document.createElement('section');
  box.className = 'code';
  box.setAttribute('aria-label', 'The code of this figure');
  const h = document.createElement('h2');
  h.textContent = 'The code, live';
  const intro = document.createElement('p');
  intro.className = 'hint';
  intro.textContent = 'This program computes exactly what the figure shows: paste it into a .mjs file (npm install collide2d) and run it. Drag a number sideways, or focus it and press the arrow keys, to change it.';
  const pre = document.createElement('pre');
  pre.className = 'live';
  pre.dataset.testid = 'live-code';
  const lines = new ScrubLines('span', shapes, names, onChange, (k) => `const ${vars(k)} = `);
  const callEl = document.createElement('span');
  callEl.className = 'call';
  pre.append(document.createTextNode("import * as c2 from 'collide2d';\nawait c2.init();\n\n"), lines.el, document.createTextNode('\n'), callEl);
  box.append(h, intro, pre);
  if (plain) {
    const det = document.createElement('details');
    const sum = document.createElement('summary');
    sum.textContent = 'The same test in plain code, without the library';
    const p2 = document.createElement('pre');
    p2.className = 'plain';
    p2.textContent = plain.trim();
    det.append(sum, p2);
    box.append(det);
  }
  parent.append(box);
  return {
    update() {
      lines.update();
      callEl.innerHTML = esc(call()).replace(/(\/\/[^\n]*)/g, '<span class="cm">$1</span>');
    },
  };
}
