// Chapter: distance between two convex shapes by GJK. The main figure: the shapes, their closest points and, while
// stepping, the support points of the iteration. Three small figures take one iteration apart: support points, then
// the simplex in the Minkowski difference, then the closest point and its weights.
import * as c2 from 'collide2d';
import type { ChapterDef, Mini, Shapes, Ui } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, add, dot, fmt, fmtVec, len, lerp, norm, scale, sub } from '../geom';
import { row } from '../readout';
import { boxS, capS, circleS, ngonS, polyS, toLib } from '../shapes';
import { C, type Stage } from '../stage';
import { line, vc } from './codefmt';
import { corePoints, hull } from './kit';

interface DistR {
  d: c2.DistanceResult;
  steps: c2.GjkStep[];
  /** The Minkowski difference B − A of the cores (its hull, worked out by the page), for drawing. */
  diff: Vec[];
  ra: number;
  rb: number;
}

const KINDS = ['polygon', 'box', 'circle', 'capsule'] as const;

const rad = (s: Shapes[string]) => (s.kind === 'circle' || s.kind === 'capsule' ? s.r : 0);
const wOf = (v: { a: Vec; b: Vec }) => sub(v.b, v.a);
const same = (p: Vec, q: Vec) => p.x === q.x && p.y === q.y;
/** The iteration the figures show: the stepper's, else the last. */
const shownStep = (r: DistR, ui: Ui) => (ui.step >= 0 ? ui.step : r.steps.length - 1);

/** The support point iteration i added (the simplex vertex that was not in the previous simplex). */
function newest(r: DistR, i: number): { a: Vec; b: Vec } | null {
  const cur = r.steps[i]?.simplex ?? [];
  if (i === 0) return cur[0] ?? null;
  const prev = r.steps[i - 1]?.simplex ?? [];
  return cur.find((v) => !prev.some((q) => same(q.a, v.a) && same(q.b, v.b))) ?? cur[cur.length - 1] ?? null;
}

/**
 * The weights (barycentric coordinates) of the simplex point nearest the origin: v = Σ λᵢ wᵢ, λᵢ ≥ 0, Σ λᵢ = 1.
 * Worked out here from v and the simplex (point: 1; segment: the projection); null for a triangle (the origin is
 * inside it: overlap).
 */
function weights(simplex: { a: Vec; b: Vec }[], v: Vec): number[] | null {
  if (simplex.length === 1) return [1];
  if (simplex.length !== 2) return null;
  const w1 = wOf(simplex[0]), w2 = wOf(simplex[1]);
  const e = sub(w2, w1);
  const l2 = dot(e, e);
  const t = l2 > 0 ? Math.max(0, Math.min(1, dot(sub(v, w1), e) / l2)) : 0;
  return [1 - t, t];
}
const mix = (pts: Vec[], w: number[]) => pts.reduce((s, p, i) => add(s, scale(p, w[i])), { x: 0, y: 0 });

function describeStep(r: DistR, i: number): string {
  const st = r.steps[i];
  if (!st) return '';
  const n = r.steps.length;
  const ws = st.simplex.map((v, k) => `w${k + 1} = ${fmtVec(wOf(v), 1)}`).join(', ');
  const what = st.simplex.length === 1 ? 'the single point' : st.simplex.length === 2 ? 'the segment' : 'the triangle';
  const vtext = st.simplex.length === 1
    ? 'A single point is its own nearest point: v = w1'
    : `Its point nearest the origin is v = ${fmtVec(st.closest, 1)}`;
  const head = `Iteration ${i + 1} of ${n}: the simplex is ${what} ${ws} in B − A. ${vtext}, |v| = ${fmt(len(st.closest), 2)}.`;
  if (i < n - 1) return `${head} The next search direction is −v.`;
  if (r.d.overlap) return `${head} The origin is in the simplex: the cores overlap, distance 0.`;
  return `${head} No support point gets closer to the origin than v: GJK stops. Distance = |v|${r.ra + r.rb > 0 ? ` − ${fmt(r.ra + r.rb, 1)} (the radii)` : ''} = ${fmt(r.d.distance, 2)}.`;
}

/** B − A of the cores, the origin, the simplex of iteration i and its point v nearest the origin. */
function drawMinkowski(st: Stage, r: DistR, i: number): void {
  const cur = r.steps[i];
  if (r.diff.length >= 3) st.pathPoly(r.diff);
  else st.pathPoly(r.diff, false);
  st.fillStroke(C.muted + '1a', C.muted, r.diff.length >= 3 ? 1.5 : 3);
  const o = { x: 0, y: 0 };
  const t = 7 / st.k;
  st.line({ x: -t, y: 0 }, { x: t, y: 0 }, C.ink, 2);
  st.line({ x: 0, y: -t }, { x: 0, y: t }, C.ink, 2);
  st.label(o, 'origin', C.ink, -8, 12, 'right', true);
  if (!cur) return;
  const sv = cur.simplex.map(wOf);
  if (sv.length > 1) {
    st.pathPoly(sv, sv.length > 2);
    st.fillStroke(sv.length > 2 ? C.work + '33' : null, C.work, 3);
  }
  sv.forEach((p, k) => {
    st.dot(p, C.work, 4.5);
    st.label(p, `w${k + 1}`, C.work, 8, -8, 'left', true);
  });
  if (len(cur.closest) > 0) st.line(o, cur.closest, C.closest, 2, [5, 4]);
  st.dot(cur.closest, C.closest, 5.5);
  st.label(cur.closest, 'v', C.closest, 10, 14, 'left', true);
}

const MINIS: Record<string, Mini<DistR>> = {
  support: {
    title: 'Support points: the farthest point of each shape along a direction',
    draw(st, s, r, ui) {
      drawShape(st, s.a, null, 'A', C.a);
      drawShape(st, s.b, null, 'B', C.b);
      const i = shownStep(r, ui);
      const w = newest(r, i);
      if (!w) return;
      if (i > 0) {
        const d = norm(scale(r.steps[i - 1].closest, -1));
        const L = 60 / st.k;
        st.arrow(w.b, add(w.b, scale(d, L)), C.work, 'd', 2);
        st.arrow(w.a, add(w.a, scale(d, -L)), C.work, '−d', 2);
      }
      st.dot(w.a, C.work, 5);
      st.dot(w.b, C.work, 5);
      st.label(w.a, 'a: A\'s farthest along −d', C.a, 10, 12, 'left');
      st.label(w.b, 'b: B\'s farthest along d', C.b, 10, -12, 'left');
      st.line(w.a, w.b, C.work + 'aa', 1.2, [3, 3]);
    },
    caption(r, _s, ui) {
      const i = shownStep(r, ui);
      const w = newest(r, i);
      if (!w) return '';
      const dir = i > 0
        ? `Iteration ${i + 1} searches in the direction d = −v = ${fmtVec(scale(r.steps[i - 1].closest, -1), 1)}, from the
last simplex towards the origin.`
        : 'The first iteration starts from any direction.';
      return `<b>1. Support points.</b> ${dir} B's farthest core point along d is b = ${fmtVec(w.b, 1)}, A's farthest
along −d is a = ${fmtVec(w.a, 1)}; their difference w = b − a = ${fmtVec(wOf(w), 1)} is the point of B − A farthest
along d: the <em>support point</em> the simplex gets.`;
    },
  },
  simplex: {
    title: 'The simplex in the Minkowski difference B − A',
    draw(st, _s, r, ui) {
      drawMinkowski(st, r, shownStep(r, ui));
    },
    caption(r, _s, ui) {
      const i = shownStep(r, ui);
      const cur = r.steps[i];
      if (!cur) return '';
      const kind = ['', 'a single point', 'a segment', 'a triangle'][cur.simplex.length];
      return `<b>2. The simplex.</b> The grey outline is B − A of the cores (drawn by the page from every
difference of core vertices; GJK never builds it). After iteration ${i + 1} the simplex (orange) is ${kind}; v (pink) is
its point nearest the origin, |v| = ${fmt(len(cur.closest), 2)}. Points the new search no longer needs are dropped,
so the simplex never has more than three.${r.d.overlap && i === r.steps.length - 1 ? ' This triangle encloses the origin: overlap.' : ''}`;
    },
  },
  closest: {
    title: 'The closest points, from the weights of v',
    draw(st, s, r, ui) {
      drawShape(st, s.a, r.d.overlap, 'A', C.a);
      drawShape(st, s.b, r.d.overlap, 'B', C.b);
      const i = shownStep(r, ui);
      const cur = r.steps[i];
      const wts = cur ? weights(cur.simplex, cur.closest) : null;
      if (!cur || !wts) return;
      cur.simplex.forEach((v) => {
        st.dot(v.a, C.work, 3.5, true);
        st.dot(v.b, C.work, 3.5, true);
      });
      const pa = mix(cur.simplex.map((v) => v.a), wts);
      const pb = mix(cur.simplex.map((v) => v.b), wts);
      st.line(pa, pb, C.closest, 2, [6, 4]);
      st.dot(pa, C.closest, 5.5);
      st.dot(pb, C.closest, 5.5);
      st.label(lerp(pa, pb, 0.5), `|v| = ${fmt(len(cur.closest), 1)}`, C.closest, 10, -10, 'left', true);
    },
    caption(r, _s, ui) {
      const i = shownStep(r, ui);
      const cur = r.steps[i];
      if (!cur) return '';
      const wts = weights(cur.simplex, cur.closest);
      if (!wts) return '<b>3. The closest points.</b> The simplex encloses the origin: the cores overlap and there is no closest pair.';
      const pa = mix(cur.simplex.map((v) => v.a), wts);
      const pb = mix(cur.simplex.map((v) => v.b), wts);
      const lam = wts.map((x, k) => `λ${k + 1} = ${fmt(x, 3)}`).join(', ');
      return `<b>3. The closest points.</b> v is a weighted average of the simplex points, v = Σ λᵢ·wᵢ, with weights
λᵢ ≥ 0 that sum to 1 (here ${lam}, worked out by the page; they are v's <em>barycentric coordinates</em>). Each wᵢ is
bᵢ − aᵢ, so the same weights applied to the a's and to the b's give the two closest core points: ${fmtVec(pa, 1)} on A
and ${fmtVec(pb, 1)} on B, |v| apart. ${i === r.steps.length - 1 ? `Minus the radii, that is the distance, ${fmt(r.d.distance, 2)}.` : 'Step on: they move closer.'}`;
    },
  },
};

const scene = (a: Shapes[string], b: Shapes[string]): Shapes => ({ a, b });

export const distanceChapter: ChapterDef<DistR> = {
  id: 'distance',
  title: 'Distance between convex shapes (GJK)',
  nav: 'Distance (GJK)',
  lede: `How far apart are two convex shapes, and where are their closest points? GJK finds out in a few
iterations, each one a small step towards the origin of the shapes' difference. Drag B and step through.`,
  prose: `
<p>AI sensors, aim assist and "is the wall within reach" all ask this. <code>c2.distance(a, b)</code> answers with the
distance, the closest point on each shape, the unit normal from A to B, and <code>overlap: true</code> (distance 0)
when they touch or overlap.</p>
<p>The method is GJK (Gilbert–Johnson–Keerthi). It never looks at A and B separately but at their <em>Minkowski
difference</em> B − A: every point <var>b</var> − <var>a</var> with <var>a</var> in A and <var>b</var> in B. The
shapes overlap exactly when B − A contains the origin (some <var>a</var> equals some <var>b</var>), and their distance
is the distance from the origin to B − A. GJK never builds that shape either: all it needs is a <em>support
point</em>, the point of B − A farthest in a direction <var>d</var>, which is B's farthest point along <var>d</var>
minus A's farthest point along −<var>d</var>. It keeps a <em>simplex</em>: a point, a segment or a triangle of
support points, and <var>v</var>, the simplex's point nearest the origin.</p>
<pre class="formula">support(d) = farthest(B, d) − farthest(A, −d)
simplex = { support(any d) }
repeat:
  v = point of the simplex nearest the origin
  drop the simplex points not needed for v
  w = support(−v)
  if w is not closer than v along −v: stop
  add w to the simplex
distance = |v|; the closest points: figure 3</pre>
<p>The three figures below take the iteration the stepper shows apart.</p>
<figure class="mini" data-mini="support"></figure>
<figure class="mini" data-mini="simplex"></figure>
<figure class="mini" data-mini="closest"></figure>
<p>Each iteration searches towards the origin from <var>v</var>; it stops when the new support point brings no
progress (the distance is found), or when a triangle encloses the origin (overlap). On polygons this takes a few
iterations, and it always terminates: collide2d caps it at 64. Circles and capsules run GJK on their <em>cores</em>
(a circle's centre, a capsule's segment) and subtract the radii at the end, so round shapes are exact rather than
approximated by many vertices.</p>`,
  hint: 'Drag a shape by its body (tap it for its vertex and rotation handles). The stepper walks GJK one iteration at a time.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { a: 'A', b: 'B' },
  select: 'b',
  keys: ['distance', 'iterations', 'normal'],
  legend: ['a', 'b', 'closest', ['work', 'support points, simplex'], 'hit'],
  kinds: { a: [...KINDS], b: [...KINDS] },
  shapes: () => scene(ngonS(290, 260, 5, 85, 0.2), boxS(510, 300, 60, 40, 0.4)),
  minis: MINIS,
  presets: [
    { label: 'apart', shapes: () => scene(ngonS(290, 260, 5, 85, 0.2), boxS(510, 300, 60, 40, 0.4)) },
    { label: 'overlapping', shapes: () => scene(ngonS(290, 260, 5, 85, 0.2), boxS(400, 230, 60, 40, 0.4)) },
    { label: 'parallel edges', shapes: () => scene(boxS(290, 250, 70, 70, 0), polyS(510, 240, 0, [[-60, -80], [50, -50], [60, 60], [-60, 80]])) },
    { label: 'circle and capsule', shapes: () => scene(circleS(290, 250, 70), capS(450, 120, 540, 380, 35)) },
  ],
  stepper: {
    noun: 'iteration',
    count: (r) => r.steps.length,
    describe: describeStep,
    overview: (r) => `GJK took ${r.steps.length} iteration${r.steps.length === 1 ? '' : 's'}; the figures show the last. ${
      r.d.overlap ? 'Its simplex encloses the origin: the shapes overlap.' : `Its point nearest the origin is v = ${fmtVec(r.steps[r.steps.length - 1]?.closest, 1)}: pointB − pointA of the cores.`} Step through with ▶ or the slider.`,
    position: (r) => r.steps.length - 1,
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
        raw: { dist: d, steps },
        rows: [
          row('distance', 'distance', fmt(d.distance, 3), 'distance'),
          row('pointA', 'closest point of A', fmtVec(d.pointA)),
          row('pointB', 'closest point of B', fmtVec(d.pointB)),
          row('normal', 'normal (A → B)', fmtVec(d.normal, 3), 'normal'),
          row('overlap', 'overlap', String(d.overlap)),
          row('iterations', 'GJK iterations', String(d.iterations), 'iterations'),
          row('closest', 'last simplex: v (nearest the origin)', last ? `${fmtVec(last.closest)}, |v| = ${fmt(len(last.closest), 3)}` : '—'),
        ],
      },
    };
  },
  call: (_s, r) => `${line('const dist = c2.distance(a, b);', `{ distance: ${fmt(r.d.distance)}, pointA: ${vc(r.d.pointA)}, pointB: ${vc(r.d.pointB)},`)}
//   normal: ${vc(r.d.normal, 3)}, overlap: ${r.d.overlap}, iterations: ${r.d.iterations} }
${line('const steps = c2.distanceSteps(a, b);', `${r.steps.length} × { simplex: [{ a, b }, …], closest }`)}`,
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
    drawShape(st, s.a, d.overlap, 'A', C.a);
    drawShape(st, s.b, d.overlap, 'B', C.b);
    if (ui.step >= 0) {
      // The support points of this iteration's simplex, on the shapes' cores.
      r.steps[ui.step]?.simplex.forEach((v, i) => {
        st.line(v.a, v.b, C.work + 'aa', 1.2, [3, 3]);
        st.dot(v.a, C.work, 4, true);
        st.dot(v.b, C.work, 4, true);
        st.label(v.b, `w${i + 1}`, C.work, 8, -8, 'left', true);
      });
    }
    if (!d.overlap) {
      st.line(d.pointA, d.pointB, C.closest, 2, [6, 4]);
      st.dot(d.pointA, C.closest, 5.5);
      st.dot(d.pointB, C.closest, 5.5);
      st.label(lerp(d.pointA, d.pointB, 0.5), `distance ${fmt(d.distance, 1)}`, C.closest, 10, -10, 'left', true);
    } else {
      st.label(lerp(d.pointA, d.pointB, 0.5), 'distance 0: overlap', C.hit, 0, -20, 'center', true);
    }
  },
};
