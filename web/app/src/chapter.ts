// One tutorial chapter. Wide screens: the text on the left (a short lede, the prose with its small figures, every
// number, the live code), and on the right a panel that stays in view while the page scrolls: the figure sized to the
// viewport's height, the answer right under it (hit badge + the key numbers), the legend, "try this" and the stepper.
// Phones: the lede, then the figure and its answer stuck under the header while everything else scrolls.
import { mountCode, ScrubLines } from './code';
import { drawShape } from './draw';
import { HandleLayer } from './handles';
import { type Answer, Readout } from './readout';
import {
  type EShape, type Handle, type Kind, clone, decode, encode, handlesOf, KIND_TITLE, outline, pickRank, translate, tryLib,
} from './shapes';
import { C, type Meaning, MEANINGS, Stage, type ViewRect } from './stage';
import { buildHash, replaceHash } from './url';

export type Shapes = Record<string, EShape>;

/** UI state a chapter's drawing may use (the stepper's position). */
export interface Ui {
  /** Stepper position: -1 = the whole result, else the index of the step shown. */
  step: number;
}

/** A small figure inside the prose: one idea, drawn from the main figure's current shapes and result. */
export interface Mini<R> {
  /** What it shows (its accessible name). */
  title: string;
  draw: (st: Stage, s: Shapes, result: R, ui: Ui) => void;
  /** The text under it (HTML), from the current result. */
  caption: (result: R, s: Shapes, ui: Ui) => string;
  /** Smallest world width and height it shows (so that a tiny drawing is not blown up). */
  minSize?: number;
}

export interface ChapterDef<R = unknown> {
  id: string;
  /** Heading, e.g. "Circle and segment". */
  title: string;
  /** Very short nav label. */
  nav: string;
  /** One or two sentences: what the chapter answers and what to do (first thing read, also on a phone). */
  lede: string;
  /**
   * The prose: HTML paragraphs and formula blocks, in the project's own words. `<figure class="mini"
   * data-mini="id"></figure>` places the small figure `minis[id]`.
   */
  prose: string;
  /** A hint beside the figure: what to drag and what to look for. */
  hint: string;
  view: ViewRect;
  /** Default shapes; keys are URL parameters and handle prefixes. */
  shapes: () => Shapes;
  /** Display names for the shapes ("A", "B", "wall 1"). */
  names: Record<string, string>;
  /** Variable names of the shapes in the live code (default: the key). */
  vars?: Record<string, string>;
  /** The shape selected (its handles shown) when the chapter opens. */
  select?: string;
  /** Asks the library. */
  compute: (s: Shapes) => { answer: Answer; result: R };
  /** Draws the shapes and what the library answered. */
  draw: (st: Stage, s: Shapes, result: R, answer: Answer, ui: Ui) => void;
  /** Row keys of the answer shown right under the figure (2-4 numbers). */
  keys: string[];
  /** The colours the figure uses, for its legend (with a chapter's own words when given). */
  legend: (Meaning | [Meaning, string])[];
  /** Small figures placed in the prose. */
  minis?: Record<string, Mini<R>>;
  /** "Try this": scenes that set up the exact cases (touching, contained, tangent, ...). */
  presets?: { label: string; shapes: () => Shapes }[];
  /**
   * The library calls on the current shapes, as the rest of a program after the shapes' declarations. It declares
   * one variable for each top-level key of the answer's raw result, holding exactly that value (a test runs it).
   */
  call?: (s: Shapes, result: R) => string;
  /** The ~10-line plain version of the test, without the library. */
  plain?: string;
  /** Extra margin (CSS px) the fit leaves around the drawing, for marks pinned to the view's edges. */
  fitMargin?: number;
  /** A stepper through the steps of the result (SAT: one axis at a time). */
  stepper?: {
    count: (result: R) => number; describe: (result: R, i: number) => string; overview: (result: R) => string;
    /** Where the slider's thumb sits while the whole result is shown (the step the figure shows then). */
    position: (result: R) => number;
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

/** The legend of a figure: one line, each colour with its one meaning. */
export function legendList(items: (Meaning | [Meaning, string])[]): HTMLElement {
  const ul = document.createElement('ul');
  ul.className = 'legend';
  ul.dataset.testid = 'legend';
  ul.setAttribute('aria-label', 'Legend');
  for (const it of items) {
    const [m, text] = typeof it === 'string' ? [it, MEANINGS[it].text] : it;
    const li = document.createElement('li');
    const sw = document.createElement('span');
    sw.className = `swatch swatch-${MEANINGS[m].mark}`;
    sw.style.setProperty('--c', MEANINGS[m].color);
    sw.setAttribute('aria-hidden', 'true');
    li.dataset.meaning = m;
    li.append(sw, document.createTextNode(text));
    ul.append(li);
  }
  return ul;
}

export function mountChapter(root: HTMLElement, def: ChapterDef<any>, params: URLSearchParams, opts: MountOptions = {}): Mounted {
  let shapes = readShapes(def, params);
  const ui: Ui = { step: -1 };
  const varOf = (k: string) => def.vars?.[k] ?? k;

  const article = document.createElement('article');
  article.className = opts.embedded ? 'chapter embedded' : 'chapter';
  article.dataset.chapter = def.id;
  const h1 = document.createElement('h1');
  h1.textContent = def.title;

  // ---- the panel: figure, answer, legend, tools, "try this", stepper ----
  const panel = document.createElement('div');
  panel.className = 'panel';
  const block = document.createElement('div');
  block.className = 'stage-block';
  panel.append(block);
  const stage = new Stage(block, def.view, `${def.title}: interactive figure`);
  const text = document.createElement('div');
  text.className = 'text';
  const readout = new Readout(text, { answerParent: block, keys: def.keys });
  if (!opts.embedded) panel.append(legendList(def.legend));

  const tools = document.createElement('div');
  tools.className = 'tools';
  const reset = button('Reset', 'reset', 'Back to the starting scene');
  const recentre = button('Recentre', 'recentre', 'Move the shapes back to the middle of the figure');
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.innerHTML = def.hint;
  const btns = document.createElement('div');
  btns.className = 'tool-buttons';
  btns.append(recentre, reset);
  tools.append(hint, btns);
  panel.append(tools);

  if (def.presets?.length && !opts.embedded) {
    const presets = document.createElement('div');
    presets.className = 'presets';
    const lab = document.createElement('span');
    lab.textContent = 'Try this:';
    presets.append(lab);
    def.presets.forEach((p, i) => {
      const b = button(p.label, `preset-${i}`);
      b.className = 'chip';
      b.addEventListener('click', () => setShapes(p.shapes()));
      presets.append(b);
    });
    panel.append(presets);
  }

  let stepper: { el: HTMLElement; sync: () => void } | null = null;
  if (def.stepper && !opts.embedded) stepper = mountStepper();

  // ---- the text: lede, prose with its small figures, every number, the code ----
  const lede = document.createElement('p');
  lede.className = 'lede';
  lede.innerHTML = def.lede;
  const prose = document.createElement('div');
  prose.className = 'prose';
  prose.innerHTML = def.prose;
  const minis: { mini: Mini<any>; st: Stage; cap: HTMLElement }[] = [];
  for (const fig of prose.querySelectorAll<HTMLElement>('figure[data-mini]')) {
    const mini = def.minis?.[fig.dataset.mini ?? ''];
    if (!mini) continue;
    const st = new Stage(fig, { x: 0, y: 0, w: 400, h: 200 }, mini.title);
    st.el.classList.add('mini-stage');
    st.canvas.dataset.testid = 'mini-canvas';
    st.el.dataset.mini = fig.dataset.mini;
    st.trackLabels = false;
    st.onResize = () => fitMini(st, mini.minSize ?? 160);
    const cap = document.createElement('figcaption');
    fig.append(cap);
    minis.push({ mini, st, cap });
  }
  const full = document.createElement('h2');
  full.className = 'numbers-head';
  full.textContent = 'Every number';
  readout.el.prepend(full);
  // The shapes' numbers at the top of the read-out, scrubbable (drag sideways or arrow keys).
  const inputs = new ScrubLines('div', () => shapes, def.names, () => update(), (k) => `${def.names[k] ?? k}: `, '\n', false);
  inputs.el.className = 'inputs';
  inputs.el.dataset.testid = 'inputs';
  full.after(inputs.el);
  if (opts.embedded) {
    // The landing page's figure: its answer bar says enough; every number folds away.
    const fold = document.createElement('details');
    fold.className = 'numbers-fold';
    const sum = document.createElement('summary');
    sum.textContent = 'Every number';
    full.remove();
    fold.append(sum, readout.el);
    text.prepend(fold);
  } else text.prepend(h1, lede, prose, readout.el);
  let code: { update: () => void } | null = null;
  if (def.call && !opts.embedded) {
    const callNow = () =>
      current && current.result !== null && !current.answer.error
        ? def.call!(shapes, current.result)
        : `// the library refused a shape:\n// ${current?.answer.error ?? ''}`;
    code = mountCode(text, () => shapes, def.names, varOf, callNow, def.plain ?? '', () => update());
  }

  const cols = document.createElement('div');
  cols.className = 'chapter-cols';
  if (opts.embedded) cols.append(panel, text);
  else cols.append(text, panel);
  if (opts.embedded) article.append(cols);
  else {
    // The pager ends the text column, so that the sticky panel stays in view down to the page's end.
    text.append(pager(opts));
    article.append(cols);
  }
  root.replaceChildren(article);

  let current: { answer: Answer; result: unknown } | null = null;

  const layer = new HandleLayer(stage, () => update(), {
    pick(p, tol) {
      let best: string | null = null;
      let rank = Infinity;
      for (const [k, s] of Object.entries(shapes)) {
        const r = pickRank(s, p, tol);
        if (r !== null && r < rank) { rank = r; best = k; }
      }
      return best;
    },
    always: (k) => shapes[k]?.kind === 'point',
  });
  layer.selected = def.select ?? null;
  layer.onSelect = () => stage.request();
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

  function drawMinis(): void {
    for (const m of minis) {
      const ok = current && current.result !== null && !current.answer.error;
      m.cap.innerHTML = ok ? m.mini.caption(current!.result, shapes, ui) : 'The library refused a shape: nothing to show.';
      m.st.onDraw = () => {
        if (ok) m.mini.draw(m.st, shapes, current!.result, ui);
      };
      fitMini(m.st, m.mini.minSize ?? 160);
    }
  }

  function update(): void {
    run();
    layer.sync();
    stage.request();
    drawMinis();
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
    el.innerHTML = `<div class="stepper-row"><button type="button" class="chip" data-testid="step-all" aria-pressed="true">${def.stepper!.all ?? 'Result'}</button>
<button type="button" class="chip" data-testid="step-prev" aria-label="Previous ${noun}">◀</button>
<input type="range" min="0" max="1" step="1" value="0" data-testid="step-slider" aria-label="${Noun} to show">
<button type="button" class="chip" data-testid="step-next" aria-label="Next ${noun}">▶</button></div>
<p class="step-text" data-testid="step-text" aria-live="polite"></p>`;
    const slider = el.querySelector('input') as HTMLInputElement;
    const all = el.querySelector('[data-testid=step-all]') as HTMLButtonElement;
    const text = el.querySelector('.step-text') as HTMLElement;
    const ok = () => current && current.result !== null && !current.answer.error;
    const count = () => (ok() ? def.stepper!.count(current!.result) : 0);
    const go = (i: number) => {
      const n = count();
      ui.step = n ? Math.max(-1, Math.min(n - 1, i)) : -1;
      sync();
      stage.request();
      drawMinis();
    };
    const position = () => (ok() ? def.stepper!.position(current!.result) : 0);
    all.addEventListener('click', () => go(-1));
    el.querySelector('[data-testid=step-prev]')!.addEventListener('click', () => go(ui.step < 0 ? position() - 1 : ui.step - 1));
    el.querySelector('[data-testid=step-next]')!.addEventListener('click', () => go(ui.step < 0 ? position() + 1 : ui.step + 1));
    slider.addEventListener('input', () => go(Number(slider.value)));
    function sync(): void {
      const n = count();
      if (ui.step >= n) ui.step = n - 1;
      slider.max = String(Math.max(0, n - 1));
      // While the whole result is shown, the thumb sits on the step the figure shows (the stopping axis, the last
      // iteration, the time of contact), marked as the overview.
      slider.value = String(ui.step >= 0 ? ui.step : Math.max(0, Math.min(n - 1, position())));
      slider.classList.toggle('overview', ui.step < 0);
      all.setAttribute('aria-pressed', String(ui.step < 0));
      slider.disabled = n === 0;
      text.textContent = !ok()
        ? ''
        : ui.step < 0 ? def.stepper!.overview(current!.result) : def.stepper!.describe(current!.result, ui.step);
    }
    panel.append(el);
    return { el, sync };
  }

  run();
  fit();
  layer.set(makeHandles());
  stage.drawNow();
  drawMinis();
  writeUrl();

  // On a narrow screen the figure sticks under the header and takes half of it: while a small figure is on screen,
  // the big one lets go and scrolls away, so that the small one and its text can be read whole.
  let seen = new Set<Element>();
  const watcher = minis.length && 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
      seen = new Set(seen);
      for (const e of entries) {
        if (e.isIntersecting) seen.add(e.target);
        else seen.delete(e.target);
      }
      article.classList.toggle('mini-in-view', seen.size > 0);
    })
    : null;
  for (const m of minis) watcher?.observe(m.st.el.parentElement ?? m.st.el);

  return {
    destroy() {
      watcher?.disconnect();
      layer.destroy();
      stage.destroy();
      for (const m of minis) m.st.destroy();
    },
  };
}

const fitting = new WeakSet<Stage>();

/**
 * Draws a small figure and fits its view to the geometry it drew, with a margin for the labels (which place
 * themselves inside the canvas). Also run when the figure is resized (it is created before it is laid out).
 */
function fitMini(st: Stage, minSize: number): void {
  if (fitting.has(st)) return;
  fitting.add(st);
  try {
    st.drawNow();
    if (st.cssW < 20 || st.cssH < 20) return;
    for (let pass = 0; pass < 3; pass++) {
      const e = st.extent;
      if (!e || !Number.isFinite(e.x0 + e.x1 + e.y0 + e.y1)) return;
      let { x0, y0, x1, y1 } = e;
      if (x1 - x0 < minSize) { const c = (x0 + x1) / 2; x0 = c - minSize / 2; x1 = c + minSize / 2; }
      if (y1 - y0 < minSize / 3) { const c = (y0 + y1) / 2; y0 = c - minSize / 6; y1 = c + minSize / 6; }
      // The margin is in CSS pixels: solve for the scale that leaves 28 px around the geometry.
      const m = 28;
      const k = Math.min((st.cssW - 2 * m) / (x1 - x0), (st.cssH - 2 * m) / (y1 - y0));
      if (!(k > 0)) return;
      const v = { x: x0 - m / k, y: y0 - m / k, w: x1 - x0 + (2 * m) / k, h: y1 - y0 + (2 * m) / k };
      const o = st.view;
      if (Math.abs(v.x - o.x) + Math.abs(v.y - o.y) + Math.abs(v.w - o.w) + Math.abs(v.h - o.h) < 0.002 * (o.w + o.h)) return;
      st.setView(v);
    }
  } finally {
    fitting.delete(st);
  }
}

function pointsOf(s: EShape) {
  const pts = [...handlesOf(s, 'x', 'x').map((h) => h.get()), ...(outline(s) ?? [])];
  if (s.kind === 'circle') pts.push({ x: s.c.x - s.r, y: s.c.y - s.r }, { x: s.c.x + s.r, y: s.c.y + s.r });
  if (s.kind === 'capsule') {
    for (const e of [s.a, s.b]) pts.push({ x: e.x - s.r, y: e.y - s.r }, { x: e.x + s.r, y: e.y + s.r });
  }
  return pts;
}

export function pager(opts: MountOptions): HTMLElement {
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
