// Sandbox: place any shapes and see every pair's result (overlaps + collide from the library).
import * as c2 from 'collide2d';
import type { Mounted } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, fmt, fmtVec } from '../geom';
import { HandleLayer } from '../handles';
import { Readout, row } from '../readout';
import {
  aabbS, boxS, capS, capsuleOutline, circleS, decode, type EShape, encode, handlesOf, KIND_TITLE, ngonS, outline, pickRank, segS, tryLib,
} from '../shapes';
import { C, Stage } from '../stage';
import { buildHash, replaceHash } from '../url';

type Contact = { normal: Vec; depth: number; point: Vec } | null;
interface PairResult { i: number; j: number; hit: boolean | null; contact: Contact; error?: string }

const defaults = (): EShape[] => [
  circleS(180, 200, 70),
  boxS(330, 250, 90, 50, 0.4),
  ngonS(560, 220, 6, 80, 0),
  aabbS(620, 390, 90, 50),
  segS(120, 420, 360, 360),
];

const MAKERS: [string, (x: number, y: number) => EShape][] = [
  ['Circle', (x, y) => circleS(x, y, 50)],
  ['Rectangle', (x, y) => aabbS(x, y, 60, 40)],
  ['Rotated rectangle', (x, y) => boxS(x, y, 60, 35, 0.5)],
  ['Polygon', (x, y) => ngonS(x, y, 5, 60, 0)],
  ['Segment', (x, y) => segS(x - 70, y + 20, x + 70, y - 20)],
  ['Capsule', (x, y) => capS(x - 50, y + 15, x + 50, y - 15, 28)],
];

/** Where the n-th added shape goes: a ring of spots around the middle, so new shapes do not stack. */
function spot(n: number): { x: number; y: number } {
  if (n % 7 === 0) return { x: 400, y: 250 };
  const a = ((n % 7) - 1) * (Math.PI / 3) + Math.floor(n / 7) * 0.5;
  return { x: Math.round(400 + Math.cos(a) * 230), y: Math.round(250 + Math.sin(a) * 150) };
}

export function mountSandbox(root: HTMLElement, params: URLSearchParams): Mounted {
  let shapes: EShape[] = [];
  const text = params.get('s');
  if (text) shapes = text.split('|').map(decode).filter((s): s is EShape => !!s && s.kind !== 'line' && s.kind !== 'point');
  if (!text) shapes = defaults();
  let selected = -1;
  let added = 0;

  const art = document.createElement('article');
  art.className = 'sandbox';
  art.innerHTML = `<h1>Sandbox: every pair</h1>
<p class="prose">Add shapes, drag them around, and read what <code>overlaps</code> and <code>collide</code> say for
every pair. A shape is drawn hatched in vermillion when it touches at least one other shape; each touching pair
gets its minimum translation vector (dark purple arrow, pushing the second shape of the pair out of the first). Click
or tap a shape to select it: it shows its handles, gets a dashed outline, and is the one "Remove" removes.</p>`;
  const bar = document.createElement('div');
  bar.className = 'toolbar';
  for (const [name, make] of MAKERS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn';
    b.textContent = `+ ${name}`;
    b.dataset.testid = `add-${name.toLowerCase().replace(/ /g, '-')}`;
    b.addEventListener('click', () => {
      const p = spot(added++);
      shapes.push(make(p.x, p.y));
      selected = shapes.length - 1;
      rebuild();
    });
    bar.append(b);
  }
  const del = document.createElement('button');
  del.type = 'button';
  del.className = 'btn';
  del.textContent = 'Remove last shape';
  del.dataset.testid = 'remove';
  del.addEventListener('click', () => {
    if (!shapes.length) return;
    shapes.splice(target(), 1);
    selected = -1;
    rebuild();
  });
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.className = 'btn';
  clear.textContent = 'Reset';
  clear.addEventListener('click', () => {
    shapes = defaults();
    selected = -1;
    added = 0;
    rebuild();
  });
  bar.append(del, clear);
  const fig = document.createElement('div');
  fig.className = 'figure';
  art.append(bar, fig);
  root.replaceChildren(art);

  const stage = new Stage(fig, { x: 0, y: 0, w: 800, h: 500 }, 'Sandbox: shapes and their contacts');
  const readout = new Readout(fig);
  let pairs: PairResult[] = [];
  const layer = new HandleLayer(stage, (h) => {
    select(Number(h.id.split('.')[0].slice(1)));
    update();
  }, {
    pick(p, tol) {
      let best: string | null = null;
      let rank = Infinity;
      shapes.forEach((s, i) => {
        const r = pickRank(s, p, tol);
        if (r !== null && r < rank) { rank = r; best = `s${i}`; }
      });
      return best;
    },
    always: () => false,
  });
  layer.onSelect = (key) => select(Number(key.slice(1)));

  /** The shape "Remove" removes: the one last touched (outlined and named on the button), else the last one. */
  function select(i: number): void {
    if (i !== selected) {
      selected = i;
      stage.request();
    }
    labelRemove();
  }
  function target(): number {
    return selected >= 0 && selected < shapes.length ? selected : shapes.length - 1;
  }
  function labelRemove(): void {
    const t = target();
    del.disabled = t < 0;
    del.textContent = t < 0 ? 'Remove' : `Remove shape ${t + 1} (${KIND_TITLE[shapes[t].kind].toLowerCase()})`;
  }

  function compute(): void {
    const lib = shapes.map((s) => tryLib(s));
    pairs = [];
    for (let i = 0; i < shapes.length; i++) {
      for (let j = i + 1; j < shapes.length; j++) {
        const a = lib[i];
        const b = lib[j];
        if (!a.shape || !b.shape) {
          pairs.push({ i, j, hit: null, contact: null, error: a.error ?? b.error ?? 'invalid' });
          continue;
        }
        try {
          const hit = c2.overlaps(a.shape, b.shape);
          const contact = c2.collide(a.shape, b.shape) as Contact;
          pairs.push({ i, j, hit, contact });
        } catch (e) {
          pairs.push({ i, j, hit: null, contact: null, error: e instanceof Error ? e.message : String(e) });
        }
      }
    }
    const hits = pairs.filter((p) => p.hit).length;
    const bad = pairs.filter((p) => p.hit === null).length;
    const valid = pairs.length - bad;
    const invalid = bad ? ` (${bad} more pair${bad === 1 ? '' : 's'} involve an invalid shape)` : '';
    readout.show({
      hit: hits > 0,
      text: hits
        ? `HIT: ${hits} of ${valid} valid pairs touch or overlap${invalid}`
        : `NO HIT: none of the ${valid} valid pairs touch${invalid}`,
      raw: pairs,
      rows: pairs.map((p) =>
        row(
          `pair-${p.i + 1}-${p.j + 1}`,
          `${p.i + 1} ${KIND_TITLE[shapes[p.i].kind]} × ${p.j + 1} ${KIND_TITLE[shapes[p.j].kind]}`,
          p.error
            ? `invalid: ${p.error}`
            : p.hit
              ? `HIT  depth ${fmt(p.contact?.depth)}  normal ${fmtVec(p.contact?.normal, 2)}`
              : 'no hit',
        )),
    });
  }

  function writeUrl(): void {
    replaceHash(buildHash(['sandbox'], { s: shapes.map(encode).join('|') }));
  }

  function update(): void {
    compute();
    layer.sync();
    stage.request();
    writeUrl();
  }

  function rebuild(): void {
    labelRemove();
    layer.clear();
    layer.selected = target() >= 0 ? `s${target()}` : null;
    layer.set(shapes.flatMap((s, i) => handlesOf(s, `s${i}`, `Shape ${i + 1} (${KIND_TITLE[s.kind]})`)));
    update();
  }

  stage.onDraw = () => {
    const involved = new Set<number>();
    for (const p of pairs) if (p.hit) { involved.add(p.i); involved.add(p.j); }
    shapes.forEach((s, i) => drawShape(stage, s, tryLib(s).error ? 'bad' : involved.has(i), String(i + 1)));
    const t = target();
    if (t >= 0 && shapes[t]) {
      // The shape selected (its handles shown; "Remove" removes it): a dashed outline.
      const s = shapes[t];
      const { ctx } = stage;
      ctx.save();
      if (s.kind === 'circle') stage.pathCircle(s.c, s.r + 6 / stage.k);
      else if (s.kind === 'segment') stage.pathPoly([s.a, s.b], false);
      else stage.pathPoly(outlineOf(s));
      stage.fillStroke(null, C.muted, s.kind === 'segment' ? 9 : 2, [6, 4]);
      ctx.restore();
    }
    for (const p of pairs) if (p.contact) drawMtv(stage, p.contact.point, p.contact.normal, p.contact.depth, '');
  };
  stage.onResize = () => layer.sync();
  rebuild();
  return { destroy: () => stage.destroy() };
}

const outlineOf = (s: EShape) => (s.kind === 'capsule' ? capsuleOutline(s.a, s.b, s.r + 6) : outline(s) ?? []);
