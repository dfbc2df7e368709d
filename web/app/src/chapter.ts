// One tutorial chapter: prose, a figure with draggable shapes, the library's answer drawn and read out, the exact
// c2 call with the current numbers (scrubbable), the plain version of the test, "try this" scenes, and for SAT a
// stepper through the axes.
import { mountCode, ScrubLines } from './code';
import { drawShape } from './draw';
import { HandleLayer } from './handles';
import { type Answer, Readout } from './readout';
import { type EShape, type Handle, type Kind, clone, decode, encode, handlesOf, KIND_TITLE, outline, translate, tryLib } from './shapes';
import { C, Stage, type ViewRect } from './stage';
import { buildHash, replaceHash } from './url';

export type Shapes = Record<string, EShape>;

/** UI state a chapter's drawing may use (the SAT stepper's current axis). */
export interface Ui {
  /** Stepper position: -1 = everything at once, else the index of the axis shown. */
  step: number;
}

export interface ChapterDef<R = unknown> {
  id: string;
  /** Heading, e.g. "Circle and segment". */
  title: string;
  /** Very short nav label. */
  nav: string;
  /** The prose: HTML paragraphs (and a formula block), in the project's own words. */
  prose: string;
  /** A hint under the figure: what to drag and what to look for. */
  hint: string;
  view: ViewRect;
  /** Default shapes; keys are URL parameters and handle prefixes. */
  shapes: () => Shapes;
  /** Display names for the shapes ("A", "B", "wall 1"). */
  names: Record<string, string>;
  /** Asks the library. */
  compute: (s: Shapes) => { answer: Answer; result: R };
  /** Draws the shapes and what the library answered. */
  draw: (st: Stage, s: Shapes, result: R, answer: Answer, ui: Ui) => void;
  /** "Try this": scenes that set up the exact cases (touching, contained, tangent, ...). */
  presets?: { label: string; shapes: () => Shapes }[];
  /** The library call(s) on the current shapes, as code (the shapes themselves are written by the code panel). */
  call?: (s: Shapes, result: R) => string;
  /** The ~10-line plain version of the test, without the library. */
  plain?: string;
  /** Extra margin (CSS px) the fit leaves around the drawing, for marks pinned to the view's edges. */
  fitMargin?: number;
  /** A stepper through the steps of the result (SAT: one axis at a time). */
  stepper?: {
    count: (result: R) => number; describe: (result: R, i: number) => string; overview: (result: R) => string;
    /** What one step is called, for the buttons' accessible names ("axis" unless told). */
    noun?: string;
    /** The text of the button that shows the whole result ("Result" unless told). */
    all?: string;
  };
  /** Other kinds a shape may take (from "try this" or the URL), besides the default's. */
  kinds?: Record<string, Kind[]>;
}

export interface Mounted {
  destroy(): void;
}

export interface MountOptions {
  /** A figure inside another page (the landing page): no heading, prose, URL state or pager. */
  embedded?: boolean;
  /** Previous and next chapter, for the pager. */
  prev?: { id: string; title: string } | null;
  next?: { id: string; title: string } | null;
}

export function readShapes(def: ChapterDef<any>, params: URLSearchParams): Shapes {
  const base = def.shapes();
  for (const key of Object.keys(base)) {
    const text = params.get(key);
    if (!text) continue;
    const s = decode(text);
    if (s && (s.kind === base[key].kind || def.kinds?.[key]?.includes(s.kind))) base[key] = s;
  }
  return base;
}

function button(text: string, testid: string, title = ''): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.dataset.testid = testid;
  if (title) b.title = title;
  return b;
}

export function mountChapter(root: HTMLElement, def: ChapterDef<any>, params: URLSearchParams, opts: MountOptions = {}): Mounted {
  let shapes = readShapes(def, params);
  const ui: Ui = { step: -1 };

  const article = document.createElement('article');
  article.className = opts.embedded ? 'chapter embedded' : 'chapter';
  article.dataset.chapter = def.id;
  const h1 = document.createElement('h1');
  h1.textContent = def.title;
  const prose = document.createElement('div');
  prose.className = 'prose';
  prose.innerHTML = def.prose;

  const figure = document.createElement('figure');
  figure.className = 'figure';
  const tools = document.createElement('div');
  tools.className = 'tools';
  const reset = button('Reset', 'reset', 'Back to the starting scene');
  const recentre = button('Recentre', 'recentre', 'Move the shapes back to the middle of the figure');
  const hint = document.createElement('figcaption');
  hint.className = 'hint';
  hint.innerHTML = def.hint;
  const btns = document.createElement('div');
  btns.className = 'tool-buttons';
  btns.append(recentre, reset);
  tools.append(hint, btns);

  const stage = new Stage(figure, def.view, `${def.title}: interactive figure`);
  figure.append(tools);

  let presets: HTMLElement | null = null;
  if (def.presets?.length && !opts.embedded) {
    presets = document.createElement('div');
    presets.className = 'presets';
    const lab = document.createElement('span');
    lab.textContent = 'Try this:';
    presets.append(lab);
    def.presets.forEach((p, i) => {
      const b = button(p.label, `preset-${i}`);
      b.className = 'chip';
      b.addEventListener('click', () => setShapes(p.shapes()));
      presets!.append(b);
    });
    figure.append(presets);
  }

  let stepper: { el: HTMLElement; sync: () => void } | null = null;
  if (def.stepper && !opts.embedded) stepper = mountStepper();

  const readout = new Readout(figure);
  // The shapes' numbers at the top of the read-out, scrubbable (drag sideways or arrow keys), next to the answer.
  const inputs = new ScrubLines('div', () => shapes, def.names, () => update(), (k) => `${def.names[k] ?? k}: `, '\n');
  inputs.el.className = 'inputs';
  inputs.el.dataset.testid = 'inputs';
  if (Object.keys(shapes).length > 4) {
    // Many shapes: their numbers fold away, so that the answer stays right under the figure.
    const det = document.createElement('details');
    det.className = 'inputs-fold';
    const sum = document.createElement('summary');
    sum.textContent = "The shapes' numbers (scrubbable)";
    det.append(sum, inputs.el);
    readout.el.prepend(det);
  } else readout.el.prepend(inputs.el);
  let code: { update: () => void } | null = null;
  if (def.call && !opts.embedded) {
    const callNow = () =>
      current && current.result !== null && !current.answer.error
        ? def.call!(shapes, current.result)
        : `// the library refused a shape:\n// ${current?.answer.error ?? ''}`;
    code = mountCode(figure, () => shapes, def.names, callNow, def.plain ?? '', () => update());
  }

  const cols = document.createElement('div');
  cols.className = 'chapter-cols';
  if (opts.embedded) {
    cols.append(figure);
    article.append(cols);
  } else {
    cols.append(prose, figure);
    article.append(h1, cols, pager(opts));
  }
  root.replaceChildren(article);

  let current: { answer: Answer; result: unknown } | null = null;

  const layer = new HandleLayer(stage, () => update());
  const makeHandles = (): Handle[] =>
    Object.entries(shapes).flatMap(([k, s]) =>
      handlesOf(s, k, def.names[k] ?? `${KIND_TITLE[s.kind]} ${k.toUpperCase()}`));

  function run(): void {
    try {
      current = def.compute(shapes);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      current = { answer: { hit: null, rows: [], raw: null, error: msg }, result: null };
    }
    readout.show(current.answer);
    inputs.update();
    stepper?.sync();
    code?.update();
  }

  function writeUrl(): void {
    if (opts.embedded) return;
    const p: Record<string, string> = {};
    for (const [k, s] of Object.entries(shapes)) p[k] = encode(s);
    replaceHash(buildHash(['chapter', def.id], p));
  }

  function update(): void {
    run();
    layer.sync();
    stage.request();
    writeUrl();
  }

  stage.onDraw = () => {
    if (!current) return;
    if (current.answer.error || current.result === null) {
      for (const [k, sh] of Object.entries(shapes)) drawShape(stage, sh, tryLib(sh).error ? 'bad' : null, def.names[k]);
      return;
    }
    try {
      def.draw(stage, shapes, current.result, current.answer, ui);
    } catch (e) {
      stage.label({ x: def.view.x + 10, y: def.view.y + 20 }, `drawing failed: ${String(e)}`, C.hit);
    }
  };
  stage.onResize = () => layer.sync();

  function setShapes(next: Shapes): void {
    shapes = next;
    ui.step = -1;
    layer.clear();
    run();
    fit();
    layer.set(makeHandles());
    update();
  }

  reset.addEventListener('click', () => setShapes(def.shapes()));
  recentre.addEventListener('click', () => {
    // Move every shape by the same offset so that their bounding box is centred in the chapter's view.
    const pts = Object.values(shapes).flatMap(pointsOf);
    if (!pts.length) return;
    const x0 = Math.min(...pts.map((p) => p.x)), x1 = Math.max(...pts.map((p) => p.x));
    const y0 = Math.min(...pts.map((p) => p.y)), y1 = Math.max(...pts.map((p) => p.y));
    const d = { x: def.view.x + def.view.w / 2 - (x0 + x1) / 2, y: def.view.y + def.view.h / 2 - (y0 + y1) / 2 };
    const next: Shapes = {};
    for (const [k, s] of Object.entries(shapes)) next[k] = translate(s, d);
    setShapes(next);
  });

  /**
   * Fits the view to what is drawn: the shapes AND the annotations (axes, labels, arrows), measured by drawing once.
   * Wide screens keep the chapter's view and only grow it when something lies outside; narrow screens zoom to the
   * drawing. Done on load, Reset, Recentre and "try this", never while dragging.
   */
  function fit(): void {
    const narrow = window.matchMedia('(max-width: 639px)').matches;
    stage.setView(def.view);
    for (let pass = 0; pass < 2; pass++) {
      stage.drawNow();
      const e = stage.extent;
      const pts = Object.values(shapes).flatMap(pointsOf);
      let x0 = Math.min(...pts.map((p) => p.x)), x1 = Math.max(...pts.map((p) => p.x));
      let y0 = Math.min(...pts.map((p) => p.y)), y1 = Math.max(...pts.map((p) => p.y));
      if (e) {
        x0 = Math.min(x0, e.x0); y0 = Math.min(y0, e.y0); x1 = Math.max(x1, e.x1); y1 = Math.max(y1, e.y1);
      }
      if (!Number.isFinite(x0 + x1 + y0 + y1)) return;
      const pad = (14 + (def.fitMargin ?? 0)) / stage.k;
      x0 -= pad; y0 -= pad; x1 += pad; y1 += pad;
      const v = def.view;
      if (!narrow) {
        x0 = Math.min(x0, v.x); y0 = Math.min(y0, v.y); x1 = Math.max(x1, v.x + v.w); y1 = Math.max(y1, v.y + v.h);
      } else {
        // Do not zoom in beyond twice the chapter's scale.
        const minW = v.w / 2, minH = v.h / 2;
        if (x1 - x0 < minW) { const c = (x0 + x1) / 2; x0 = c - minW / 2; x1 = c + minW / 2; }
        if (y1 - y0 < minH) { const c = (y0 + y1) / 2; y0 = c - minH / 2; y1 = c + minH / 2; }
      }
      stage.setView({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
    }
  }

  function mountStepper(): { el: HTMLElement; sync: () => void } {
    const el = document.createElement('div');
    el.className = 'stepper';
    const noun = def.stepper!.noun ?? 'axis';
    const Noun = noun[0].toUpperCase() + noun.slice(1);
    el.innerHTML = `<div class="stepper-row"><button type="button" class="chip" data-testid="step-all">${def.stepper!.all ?? 'Result'}</button>
<button type="button" class="chip" data-testid="step-prev" aria-label="Previous ${noun}">◀</button>
<input type="range" min="0" max="1" step="1" value="0" data-testid="step-slider" aria-label="${Noun} to show">
<button type="button" class="chip" data-testid="step-next" aria-label="Next ${noun}">▶</button></div>
<p class="step-text" data-testid="step-text" aria-live="polite"></p>`;
    const slider = el.querySelector('input') as HTMLInputElement;
    const text = el.querySelector('.step-text') as HTMLElement;
    const count = () => (current && current.result !== null && !current.answer.error ? def.stepper!.count(current.result) : 0);
    const go = (i: number) => {
      const n = count();
      ui.step = n ? Math.max(-1, Math.min(n - 1, i)) : -1;
      sync();
      stage.request();
    };
    el.querySelector('[data-testid=step-all]')!.addEventListener('click', () => go(-1));
    el.querySelector('[data-testid=step-prev]')!.addEventListener('click', () => go(ui.step < 0 ? count() - 1 : ui.step - 1));
    el.querySelector('[data-testid=step-next]')!.addEventListener('click', () => go(ui.step + 1));
    slider.addEventListener('input', () => go(Number(slider.value)));
    function sync(): void {
      const n = count();
      if (ui.step >= n) ui.step = n - 1;
      slider.max = String(Math.max(0, n - 1));
      slider.value = String(Math.max(0, ui.step));
      slider.disabled = n === 0;
      text.textContent = !current || current.result === null || current.answer.error
        ? ''
        : ui.step < 0 ? def.stepper!.overview(current.result) : def.stepper!.describe(current.result, ui.step);
    }
    figure.append(el);
    return { el, sync };
  }

  run();
  fit();
  layer.set(makeHandles());
  stage.drawNow();
  writeUrl();

  return {
    destroy() {
      layer.destroy();
      stage.destroy();
    },
  };
}

function pointsOf(s: EShape) {
  const pts = [...handlesOf(s, 'x', 'x').map((h) => h.get()), ...(outline(s) ?? [])];
  if (s.kind === 'circle') pts.push({ x: s.c.x - s.r, y: s.c.y - s.r }, { x: s.c.x + s.r, y: s.c.y + s.r });
  if (s.kind === 'capsule') {
    for (const e of [s.a, s.b]) pts.push({ x: e.x - s.r, y: e.y - s.r }, { x: e.x + s.r, y: e.y + s.r });
  }
  return pts;
}

function pager(opts: MountOptions): HTMLElement {
  const nav = document.createElement('nav');
  nav.className = 'pager';
  nav.setAttribute('aria-label', 'Previous and next chapter');
  if (opts.prev) {
    const a = document.createElement('a');
    a.href = `#/chapter/${opts.prev.id}`;
    a.className = 'prev';
    a.dataset.testid = 'prev';
    a.innerHTML = `<span>← Previous</span>`;
    a.append(document.createTextNode(opts.prev.title));
    nav.append(a);
  } else nav.append(document.createElement('span'));
  if (opts.next) {
    const a = document.createElement('a');
    a.href = `#/chapter/${opts.next.id}`;
    a.className = 'next';
    a.dataset.testid = 'next';
    a.innerHTML = `<span>Next →</span>`;
    a.append(document.createTextNode(opts.next.title));
    nav.append(a);
  }
  return nav;
}

/** Deep copy of the default shapes (used by tests of the URL state). */
export const defaults = (def: ChapterDef<any>): Shapes =>
  Object.fromEntries(Object.entries(def.shapes()).map(([k, s]) => [k, clone(s)]));
