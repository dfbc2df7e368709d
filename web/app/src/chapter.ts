// One tutorial chapter: prose, a figure with draggable shapes, the library's answer drawn and read out.
import { drawShape } from './draw';
import { HandleLayer } from './handles';
import { type Answer, Readout } from './readout';
import { type EShape, type Handle, clone, decode, encode, handlesOf, KIND_TITLE, outline, tryLib } from './shapes';
import { C, Stage, type ViewRect } from './stage';
import { buildHash, replaceHash } from './url';

export type Shapes = Record<string, EShape>;

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
  draw: (st: Stage, s: Shapes, result: R, answer: Answer) => void;
}

export interface Mounted {
  destroy(): void;
}

export function readShapes(def: ChapterDef<any>, params: URLSearchParams): Shapes {
  const base = def.shapes();
  for (const key of Object.keys(base)) {
    const text = params.get(key);
    if (!text) continue;
    const s = decode(text);
    if (s && s.kind === base[key].kind) base[key] = s;
  }
  return base;
}

export function mountChapter(root: HTMLElement, def: ChapterDef<any>, params: URLSearchParams): Mounted {
  let shapes = readShapes(def, params);

  const article = document.createElement('article');
  article.className = 'chapter';
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
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.textContent = 'Reset';
  reset.dataset.testid = 'reset';
  const hint = document.createElement('figcaption');
  hint.className = 'hint';
  hint.innerHTML = def.hint;
  tools.append(hint, reset);

  const stage = new Stage(figure, def.view, `${def.title}: interactive figure`);
  figure.append(tools);
  const readout = new Readout(figure);
  const cols = document.createElement('div');
  cols.className = 'chapter-cols';
  cols.append(prose, figure);
  article.append(h1, cols);
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
  }

  function writeUrl(): void {
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
      def.draw(stage, shapes, current.result, current.answer);
    } catch (e) {
      stage.label({ x: def.view.x + 10, y: def.view.y + 20 }, `drawing failed: ${String(e)}`, C.hit);
    }
  };
  stage.onResize = () => layer.sync();

  reset.addEventListener('click', () => {
    shapes = def.shapes();
    layer.clear();
    fitNarrow();
    layer.set(makeHandles());
    update();
  });

  /** On a narrow screen, zoom the fixed view to the shapes (once, not while dragging). */
  function fitNarrow(): void {
    if (!window.matchMedia('(max-width: 639px)').matches) {
      if (stage.view !== def.view) stage.setView(def.view);
      return;
    }
    const pts = Object.values(shapes).flatMap((s) => [...handlesOf(s, 'x', 'x').map((h) => h.get()), ...(outline(s) ?? [])]);
    for (const s of Object.values(shapes)) if (s.kind === 'circle') pts.push({ x: s.c.x - s.r, y: s.c.y - s.r }, { x: s.c.x + s.r, y: s.c.y + s.r });
    const pad = 40;
    const v = def.view;
    const x0 = Math.max(v.x, Math.min(...pts.map((p) => p.x)) - pad);
    const x1 = Math.min(v.x + v.w, Math.max(...pts.map((p) => p.x)) + pad);
    const y0 = Math.max(v.y, Math.min(...pts.map((p) => p.y)) - pad);
    const y1 = Math.min(v.y + v.h, Math.max(...pts.map((p) => p.y)) + pad);
    if (x1 - x0 > 100 && y1 - y0 > 100) stage.setView({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }

  run();
  fitNarrow();
  layer.set(makeHandles());
  stage.drawNow();
  writeUrl();

  return {
    destroy() {
      stage.destroy();
    },
  };
}

/** Deep copy of the default shapes (used by tests of the URL state). */
export const defaults = (def: ChapterDef<any>): Shapes =>
  Object.fromEntries(Object.entries(def.shapes()).map(([k, s]) => [k, clone(s)]));
