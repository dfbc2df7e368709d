// Chapter: distance between two convex shapes by GJK, with the Minkowski difference of the cores and the simplex
// of every iteration.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, len, lerp, scale, sub } from '../geom';
import { row } from '../readout';
import { boxS, capS, circleS, ngonS, polyS, toLib } from '../shapes';
import { C, type Stage } from '../stage';
import { corePoints, hull } from './kit';

interface DistR {
  d: c2.DistanceResult;
  steps: c2.GjkStep[];
  /** The Minkowski difference B − A of the cores (its hull), for drawing. */
  diff: Vec[];
  ra: number;
  rb: number;
}

/** Where the Minkowski-difference panel sits in the figure (world units). */
const PANEL = { x: 520, y: 30, w: 265, h: 440 };
const KINDS = ['polygon', 'box', 'circle', 'capsule'] as const;

const rad = (s: Shapes[string]) => (s.kind === 'circle' || s.kind === 'capsule' ? s.r : 0);

function describeStep(r: DistR, i: number): string {
  const st = r.steps[i];
  if (!st) return '';
  const n = r.steps.length;
  const pts = st.simplex.map((v) => fmtVec(sub(v.b, v.a), 0)).join(', ');
  const what = st.simplex.length === 1 ? 'a point' : st.simplex.length === 2 ? 'a segment' : 'a triangle';
  const head = `Iteration ${i + 1} of ${n}: the simplex is ${what} in B − A: ${pts}. Its point nearest the origin is v = ${fmtVec(st.closest, 1)}, |v| = ${fmt(len(st.closest), 2)}.`;
  if (i < n - 1) return `${head} The next support point is the one of B − A farthest along −v.`;
  if (r.d.overlap) return `${head} The origin is in the simplex: the cores overlap, distance 0.`;
  return `${head} No support point gets closer to the origin than v: GJK stops. Distance = |v|${r.ra + r.rb > 0 ? ` − ${fmt(r.ra + r.rb, 1)} (the radii)` : ''} = ${fmt(r.d.distance, 2)}.`;
}

/** The Minkowski panel: B − A of the cores, the origin, the current simplex and its closest point. */
function drawPanel(st: Stage, r: DistR, step: number): void {
  const cur = r.steps[step < 0 ? r.steps.length - 1 : step];
  const origin = { x: 0, y: 0 };
  const content = [...r.diff, origin, ...r.steps.flatMap((s) => s.simplex.map((v) => sub(v.b, v.a)))];
  const x0 = Math.min(...content.map((p) => p.x)), x1 = Math.max(...content.map((p) => p.x));
  const y0 = Math.min(...content.map((p) => p.y)), y1 = Math.max(...content.map((p) => p.y));
  const pad = 36;
  // The two header lines take 44 CSS px at any zoom (a phone shows the figure at half scale).
  const head = 44 / st.k;
  const k = Math.min((PANEL.w - 2 * pad - 24) / Math.max(1, x1 - x0), (PANEL.h - 2 * pad - head) / Math.max(1, y1 - y0), 1);
  // The frame hugs its content: its height follows the difference's shape, centred on the figure's middle.
  const h = Math.min(PANEL.h, (y1 - y0) * k + 2 * pad + head);
  const top = PANEL.y + (PANEL.h - h) / 2;
  const centre = { x: PANEL.x + PANEL.w / 2, y: top + head + (h - head) / 2 };
  const m = (p: Vec): Vec => add(centre, scale(sub(p, { x: (x0 + x1) / 2, y: (y0 + y1) / 2 }), k));
  st.pathPoly([{ x: PANEL.x, y: top }, { x: PANEL.x + PANEL.w, y: top }, { x: PANEL.x + PANEL.w, y: top + h }, { x: PANEL.x, y: top + h }]);
  st.fillStroke('#ffffffee', C.muted, 1);
  st.label({ x: PANEL.x, y: top }, 'B − A of the cores', C.ink, 8, 12, 'left', true);
  const scaleNote = k < 1 ? `scaled ×${fmt(k, 2)}` : 'same scale';
  st.label({ x: PANEL.x, y: top }, cur ? `${scaleNote}; |v| = ${fmt(len(cur.closest), 1)}` : scaleNote, C.muted, 8, 29, 'left');
  if (r.diff.length >= 3) st.pathPoly(r.diff.map(m));
  else st.pathPoly(r.diff.map(m), false);
  st.fillStroke(C.muted + '22', C.muted, r.diff.length >= 3 ? 1.5 : 3);
  // The origin.
  const o = m(origin);
  const t = 7 / st.k;
  st.line({ x: o.x - t, y: o.y }, { x: o.x + t, y: o.y }, C.ink, 2);
  st.line({ x: o.x, y: o.y - t }, { x: o.x, y: o.y + t }, C.ink, 2);
  st.label(o, 'O', C.ink, -8, 12, 'right', true);
  if (!cur) return;
  const sv = cur.simplex.map((v) => m(sub(v.b, v.a)));
  if (sv.length > 1) {
    st.pathPoly(sv, sv.length > 2);
    st.fillStroke(sv.length > 2 ? C.axis + '33' : null, C.axis, 3);
  }
  sv.forEach((p, i) => {
    st.dot(p, C.axis, 4.5);
    st.label(p, `w${i + 1}`, C.axis, 8, -8, 'left', true);
  });
  const v = m(cur.closest);
  if (len(cur.closest) > 0) st.line(o, v, C.closest, 2, [5, 4]);
  st.dot(v, C.closest, 5.5);
  st.label(v, 'v', C.closest, 10, 14, 'left', true);
}

const scene = (a: Shapes[string], b: Shapes[string]): Shapes => ({ a, b });

export const distanceChapter: ChapterDef<DistR> = {
  id: 'distance',
  title: 'Distance between convex shapes (GJK)',
  nav: 'Distance (GJK)',
  prose: `
<p>How far apart are two convex shapes, and which points are closest? AI sensors, aim assist and "is the wall within
reach" all ask this. <code>c2.distance(a, b)</code> answers with the distance, the closest point on each shape, the
unit normal from A to B, and <code>overlap: true</code> (distance 0) when they touch or overlap.</p>
<p>The method is GJK (Gilbert–Johnson–Keerthi). It never looks at A and B separately but at their <em>Minkowski
difference</em> B − A: every point <var>b</var> − <var>a</var> with <var>a</var> in A and <var>b</var> in B (the grey
shape in the panel). The shapes overlap exactly when B − A contains the origin, and their distance is the distance
from the origin to B − A. GJK never builds that shape either: all it needs is a <em>support point</em>, the point of
B − A farthest in a direction <var>d</var>, which is B's farthest point along <var>d</var> minus A's farthest point
along −<var>d</var>.</p>
<pre class="formula">support(d) = farthest(B, d) − farthest(A, −d)
simplex = { support(any d) }
repeat:
  v = point of the simplex nearest the origin
  drop the simplex points not needed for v
  w = support(−v)
  if w is not closer than v along −v: stop
  add w to the simplex
distance = |v|,  pointA, pointB from the weights</pre>
<p>The <em>simplex</em> is a point, a segment or a triangle of support points (orange in the panel, with its point
<var>v</var> nearest the origin in pink). Each iteration searches towards the origin from <var>v</var>; it stops when the
new support point brings no progress (the distance is found), or when a triangle encloses the origin (overlap). On
polygons this takes a few iterations, and it always terminates: collide2d caps it at 64. Circles and capsules
run GJK on their <em>cores</em> (a circle's centre, a capsule's segment) and subtract the radii at the end, so
round shapes are exact rather than approximated by many vertices.</p>
<p>Step through the iterations with the stepper: the support points of the current simplex are marked on the shapes
themselves, joined by thin lines. On the last step, <var>v</var> equals pointB − pointA of the cores.</p>`,
  hint: 'Drag the shapes (centres, vertices, rotation). The panel on the right is B − A; the stepper walks GJK one iteration at a time.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { a: 'A', b: 'B' },
  kinds: { a: [...KINDS], b: [...KINDS] },
  shapes: () => scene(ngonS(170, 260, 5, 85, 0.2), boxS(390, 300, 60, 40, 0.4)),
  presets: [
    { label: 'apart', shapes: () => scene(ngonS(170, 260, 5, 85, 0.2), boxS(390, 300, 60, 40, 0.4)) },
    { label: 'overlapping', shapes: () => scene(ngonS(170, 260, 5, 85, 0.2), boxS(280, 230, 60, 40, 0.4)) },
    { label: 'parallel edges', shapes: () => scene(boxS(170, 250, 70, 70, 0), polyS(390, 240, 0, [[-60, -80], [50, -50], [60, 60], [-60, 80]])) },
    { label: 'circle and capsule', shapes: () => scene(circleS(170, 250, 70), capS(330, 120, 420, 380, 35)) },
  ],
  stepper: {
    noun: 'iteration',
    count: (r) => r.steps.length,
    describe: describeStep,
    overview: (r) => `GJK took ${r.steps.length} iteration${r.steps.length === 1 ? '' : 's'}; the panel shows the last simplex. ${
      r.d.overlap ? 'It encloses the origin: the shapes overlap.' : `Its point nearest the origin is v = ${fmtVec(r.steps[r.steps.length - 1]?.closest, 1)}: pointB − pointA of the cores.`} Step through with ▶ or the slider.`,
  },
  compute(s) {
    const a = toLib(s.a) as c2.Shape;
    const b = toLib(s.b) as c2.Shape;
    const d = c2.distance(a, b);
    const steps = c2.distanceSteps(a, b);
    const pa = corePoints(s.a), pb = corePoints(s.b);
    const diff = hull(pb.flatMap((q) => pa.map((p) => sub(q, p))));
    const last = steps[steps.length - 1];
    return {
      result: { d, steps, diff, ra: rad(s.a), rb: rad(s.b) },
      answer: {
        hit: d.overlap,
        text: d.overlap ? 'HIT: distance 0, they overlap or touch' : `NO HIT: they are ${fmt(d.distance, 2)} apart`,
        raw: { distance: d, steps },
        rows: [
          row('distance', 'distance', fmt(d.distance, 3)),
          row('pointA', 'closest point of A', fmtVec(d.pointA)),
          row('pointB', 'closest point of B', fmtVec(d.pointB)),
          row('normal', 'normal (A → B)', fmtVec(d.normal, 3)),
          row('overlap', 'overlap', String(d.overlap)),
          row('iterations', 'GJK iterations', String(d.iterations)),
          row('closest', 'last simplex: v (nearest the origin)', last ? `${fmtVec(last.closest)}, |v| = ${fmt(len(last.closest), 3)}` : '—'),
        ],
      },
    };
  },
  call: (_s, r) => `c2.distance(a, b);
// { distance: ${fmt(r.d.distance)}, pointA: ${fmtVec(r.d.pointA)}, pointB: ${fmtVec(r.d.pointB)},
//   normal: ${fmtVec(r.d.normal, 3)}, overlap: ${r.d.overlap}, iterations: ${r.d.iterations} }
c2.distanceSteps(a, b);   // ${r.steps.length} × { simplex: [{ a, b }, …], closest }`,
  plain: `// GJK on point sets A and B (polygons' vertices); returns the distance
const support = (P, d) => P.reduce((m, p) => (dot(p, d) > dot(m, d) ? p : m));
const sup = (d) => sub(support(B, d), support(A, neg(d)));   // a point of B − A
function gjk(A, B) {
  let simplex = [sup({ x: 1, y: 0 })];
  for (let i = 0; i < 64; i++) {
    const { v, kept } = closestToOrigin(simplex);  // point, segment or triangle
    if (kept.length === 3) return 0;               // encloses the origin: overlap
    const w = sup(neg(v));
    if (dot(v, v) - dot(w, v) <= 1e-9 * dot(v, v)) return len(v);  // no progress: done
    simplex = [...kept, w];
  }
}`,
  draw(st, s, r, _a, ui) {
    const d = r.d;
    // The panel first: its header labels keep their place, the figure's labels move around them.
    drawPanel(st, r, ui.step);
    drawShape(st, s.a, d.overlap, 'A', C.a);
    drawShape(st, s.b, d.overlap, 'B', C.b);
    if (ui.step >= 0) {
      // The support points of this iteration's simplex, on the shapes' cores.
      const cur = r.steps[ui.step];
      cur?.simplex.forEach((v, i) => {
        st.line(v.a, v.b, C.axis + 'aa', 1.2, [3, 3]);
        st.dot(v.a, C.axis, 4, true);
        st.dot(v.b, C.axis, 4, true);
        st.label(v.b, `w${i + 1}`, C.axis, 8, -8, 'left', true);
      });
    }
    if (!d.overlap) {
      st.line(d.pointA, d.pointB, C.closest, 2, [6, 4]);
      st.dot(d.pointA, C.a, 5.5);
      st.dot(d.pointB, C.b, 5.5);
      st.label(lerp(d.pointA, d.pointB, 0.5), `distance ${fmt(d.distance, 1)}`, C.closest, 10, -10, 'left', true);
    } else {
      st.label(lerp(d.pointA, d.pointB, 0.5), 'distance 0: overlap', C.hit, 0, -20, 'center', true);
    }
  },
};
