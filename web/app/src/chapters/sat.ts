// Chapters 9-10: rotated rectangles and convex polygons by the separating axis theorem, with the library's trace.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes, Ui } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, add, dot, fmt, fmtVec, mid, perp, scale, sub } from '../geom';
import { type Answer, type Row, row } from '../readout';
import { boxS, ngonS, outline, polyS } from '../shapes';
import { C, type Stage } from '../stage';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

interface SatAxis { axis: Vec; owner: number; edge: number; minA: number; maxA: number; minB: number; maxB: number; overlap: number }
interface Sat {
  hit: boolean; normal: Vec; depth: number; separatingAxis: number; minimumAxis: number;
  boundingCircleTested: boolean; boundingCircleRejected: boolean; axes: SatAxis[];
}
interface Result { sat: Sat; contact: { normal: Vec; depth: number; point: Vec } | null; pa: Vec[]; pb: Vec[] }

/** "A edge 2": edges are numbered from 1, like the axes, in the polygon's counter-clockwise vertex order. */
const ownerEdge = (ax: SatAxis) => `${ax.owner === 0 ? 'A' : 'B'}'s edge ${ax.edge + 1}`;

function axisRows(sat: Sat): Row[] {
  const stopped = sat.separatingAxis;
  return sat.axes.map((ax, i) => {
    let state: string;
    if (ax.overlap < 0) state = i === stopped ? 'GAP: separating, stop here' : 'gap';
    else state = i === sat.minimumAxis ? 'overlap (MTV axis: cheapest push)' : 'overlap';
    const skipped = stopped >= 0 && i > stopped ? ' (fast path never gets here)' : '';
    return row(
      `axis${i}`,
      `axis ${i + 1}: normal of ${ownerEdge(ax)} ${fmtVec(ax.axis, 2)}`,
      `A [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}]  B [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}]  overlap ${fmt(ax.overlap, 1)}: ${state}${skipped}`,
    );
  });
}

/** The stepper's words for axis i. */
function describeAxis(sat: Sat, i: number): string {
  const ax = sat.axes[i];
  if (!ax) return '';
  const head = `Axis ${i + 1} of ${sat.axes.length}, the normal of ${ownerEdge(ax)}: A covers [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}], B covers [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}]`;
  if (ax.overlap < 0) {
    return `${head}. Gap ${fmt(-ax.overlap, 1)}: a separating axis${i === sat.separatingAxis ? ', so the test stops here: NO HIT' : ' (the test already stopped at an earlier one)'}.`;
  }
  const push = Math.min(ax.maxA - ax.minB, ax.maxB - ax.minA);
  const last = i === sat.axes.length - 1;
  return `${head}. They overlap by ${fmt(ax.overlap, 1)}; pushing B out along this axis takes ${fmt(push, 1)}.${
    i === sat.minimumAxis ? ' The cheapest push of all axes: the MTV.' : ''}${last && sat.hit ? ' Every axis overlaps: HIT.' : ''}`;
}

function answerOf(sat: Sat, contact: Result['contact'], extra: Row[]): Answer {
  const text = sat.hit
    ? `HIT: every axis overlaps; MTV along axis ${sat.minimumAxis + 1}`
    : sat.boundingCircleRejected
      ? 'NO HIT: rejected by the bounding circles, no axis tested'
      : `NO HIT: axis ${sat.separatingAxis + 1} separates them`;
  return {
    hit: sat.hit,
    text,
    raw: sat,
    rows: [
      ...extra,
      row('axisCount', 'axes', String(sat.axes.length)),
      row('separatingAxis', 'first separating axis', sat.separatingAxis >= 0 ? String(sat.separatingAxis + 1) : 'none'),
      row('minimumAxis', 'minimum-overlap axis', sat.minimumAxis >= 0 ? String(sat.minimumAxis + 1) : '—'),
      ...axisRows(sat),
      row('normal', 'normal (A → B)', sat.hit ? fmtVec(sat.normal, 3) : '—'),
      row('depth', 'depth', sat.hit ? fmt(sat.depth) : '—'),
      row('point', 'contact point', contact ? fmtVec(contact.point) : '—'),
    ],
  };
}

/**
 * Draws ONE SAT axis beside the shapes, with A's interval (blue) and B's (green) on it and dashed projection lines
 * from the corners: the stepper's axis, else the separating axis (or the MTV axis when they overlap). The read-out
 * lists every axis; the stepper walks through them.
 */
function drawAxes(st: Stage, r: Result, ui: Ui): void {
  const { sat, pa, pb } = r;
  if (!sat.axes.length || sat.boundingCircleRejected) return;
  const all = [...pa, ...pb];
  const o = scale(all.reduce((s, p) => add(s, p), { x: 0, y: 0 }), 1 / all.length);
  const i = ui.step >= 0 ? ui.step : sat.separatingAxis >= 0 ? sat.separatingAxis : sat.minimumAxis;
  const ax = sat.axes[i];
  if (!ax) return;
  const u = ax.axis;
  // The side of the shapes the axis is drawn on: below / right of them when possible (screen y points down).
  let n = perp(u);
  if (n.y < 0 || (n.y === 0 && n.x < 0)) n = scale(n, -1);
  const off = Math.max(...all.map((p) => dot(sub(p, o), n))) + 28 / st.k;
  const base = add(o, scale(n, off));
  const at = (val: number, side: number) => add(add(base, scale(u, val - dot(base, u))), scale(n, side / st.k));
  const lo = Math.min(ax.minA, ax.minB) - 24 / st.k;
  const hi = Math.max(ax.maxA, ax.maxB) + 24 / st.k;
  st.arrow(at(lo, 0), at(hi, 0), C.axis, undefined, 2);
  for (const p of pa) st.line(p, at(dot(p, u), -5), C.a + '55', 1, [2, 4]);
  for (const p of pb) st.line(p, at(dot(p, u), 5), C.b + '55', 1, [2, 4]);
  st.line(at(ax.minA, -5), at(ax.maxA, -5), C.a, 7);
  st.line(at(ax.minB, 5), at(ax.maxB, 5), C.b, 7);
  const sep = ax.overlap < 0;
  if (sep) {
    // The gap itself, bracketed.
    const g0 = Math.min(ax.maxA, ax.maxB), g1 = Math.max(ax.minA, ax.minB);
    st.line(at(g0, -12), at(g0, 12), C.miss, 2);
    st.line(at(g1, -12), at(g1, 12), C.miss, 2);
  }
  const lbl = sep
    ? `axis ${i + 1} (${ownerEdge(ax)}): gap ${fmt(-ax.overlap, 1)}`
    : `axis ${i + 1} (${ownerEdge(ax)}): overlap ${fmt(ax.overlap, 1)}`;
  // The label goes past the arrow's tip, where nothing else is drawn.
  const tip = add(at(hi, 0), scale(u, 8 / st.k));
  const align = u.x >= 0 ? 'left' : 'right';
  st.label(tip, lbl, sep ? C.miss : C.hit, 0, u.y >= 0 ? 6 : -6, align, true);
}

function satCall(r: Result): string {
  const s = r.sat;
  return `c2.sat(a, b);
// { hit: ${s.hit}, separatingAxis: ${s.separatingAxis}, minimumAxis: ${s.minimumAxis},
//   boundingCircleRejected: ${s.boundingCircleRejected}, axes: [${s.axes.length} × { axis, owner, edge, minA, maxA, minB, maxB, overlap }],
//   normal: ${fmtVec(s.normal, 3)}, depth: ${fmt(s.depth)} }   (indices from 0)
c2.collide(a, b);   // ${r.contact ? `{ normal: ${fmtVec(r.contact.normal, 3)}, depth: ${fmt(r.contact.depth)}, point: ${fmtVec(r.contact.point)} }` : 'null'}`;
}

const stepper = {
  overview: (r: Result) => {
    const s = r.sat;
    if (s.boundingCircleRejected) return 'The bounding circles are apart: the library proved the boxes apart without trying any axis.';
    const i = s.separatingAxis >= 0 ? s.separatingAxis : s.minimumAxis;
    return `The figure shows axis ${i + 1} of ${s.axes.length}, ${s.separatingAxis >= 0 ? 'where the test stopped' : 'the axis of the cheapest push'}. Step through the axes in test order with ▶ or the slider.`;
  },
  count: (r: Result) => (r.sat.boundingCircleRejected ? 0 : r.sat.axes.length),
  describe: (r: Result, i: number) => describeAxis(r.sat, i),
};

// ---------------------------------------------------------------------------------------------------------------

function boxesCompute(s: Shapes): { answer: Answer; result: Result } {
  if (s.a.kind !== 'box' || s.b.kind !== 'box') throw new TypeError('expected two boxes');
  const a = c2.box(s.a.c.x, s.a.c.y, s.a.hx, s.a.hy, s.a.angle);
  const b = c2.box(s.b.c.x, s.b.c.y, s.b.hx, s.b.hy, s.b.angle);
  const sat = c2.sat(a, b) as Sat;
  const contact = c2.collide(a, b) as Result['contact'];
  const ra = Math.hypot(s.a.hx, s.a.hy);
  const rb = Math.hypot(s.b.hx, s.b.hy);
  return {
    result: { sat, contact, pa: outline(s.a) ?? [], pb: outline(s.b) ?? [] },
    answer: answerOf(sat, contact, [
      row('bounding', 'bounding circles', `rA=${fmt(ra, 1)}, rB=${fmt(rb, 1)}, centres ${fmt(Math.hypot(s.a.c.x - s.b.c.x, s.a.c.y - s.b.c.y), 1)} apart`),
      row('boundingCircleRejected', 'pre-check rejected', `${sat.boundingCircleRejected}${sat.boundingCircleTested ? '' : ' (not tested)'}`),
    ]),
  };
}

export const boxesChapter: ChapterDef<Result> = {
  id: 'boxes',
  title: 'Rotated rectangles (SAT)',
  nav: 'Rotated rects',
  prose: `
<p>Once rectangles can turn, comparing x and y ranges is no longer enough: two tilted rectangles can have
overlapping shadows on both screen axes and still be apart. The <em>separating axis theorem</em> gives the
general rule for convex shapes: two convex shapes are disjoint exactly when there is some direction along which
their shadows (projections) do not overlap, and for polygons it suffices to try the directions perpendicular to
their edges.</p>
<p>A rectangle has four edges but only two edge directions, because opposite sides are parallel. And since
adjacent sides are perpendicular, the normal of one side is simply the direction of the next. So two rectangles
need just four axes: the two side directions of A and the two of B.</p>
<pre class="formula">for each axis u (2 of A, then 2 of B):
  s = corner · u  for the 4 corners of each
  [minA, maxA], [minB, maxB] = ranges of s
  maxA &lt; minB or maxB &lt; minA → apart, stop
all 4 overlap → hit;
  the axis needing the least push → MTV</pre>
<p>A dot product with the axis is all a projection needs; there is no need to turn the projected points back into
vectors. The loop ends at the first axis that shows a gap, which is what makes SAT fast for the common case of
objects that are apart. Cheaper still, a bounding circle around each rectangle (radius = half the diagonal) can
prove them apart before any axis is tried: if the centres are farther apart than the two radii together, SAT is
skipped entirely. collide2d runs that pre-check and then works in A's local frame, where A's two axes are simply x
and y.</p>
<p>In the figure one axis at a time is drawn beside the shapes (orange arrow), with A's interval (blue) and B's
interval (green) on it and dashed lines from each corner to its projection. By default it is the axis where the test
stopped (the separating axis, with the gap bracketed) or, when everything overlaps, the axis of the smallest push,
which becomes the contact normal. The stepper under the figure walks through the axes in the order the library
tests them; axis <var>k</var> is the normal of an edge, and edges are numbered from 1 in counter-clockwise order.
The dashed circles are the bounding circles.</p>`,
  hint: 'Rotate with the round handles (or focus a handle and press R / Shift+R), drag the centres and corners.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  shapes: () => ({ a: boxS(320, 260, 110, 50, 0.45), b: boxS(470, 150, 70, 45, 0.4) }),
  stepper,
  presets: [
    { label: 'visible gap', shapes: () => ({ a: boxS(320, 260, 110, 50, 0.45), b: boxS(470, 150, 70, 45, 0.4) }) },
    { label: 'overlapping', shapes: () => ({ a: boxS(320, 260, 110, 50, 0.45), b: boxS(430, 230, 70, 45, 0.4) }) },
    { label: 'touching faces', shapes: () => ({ a: boxS(300, 250, 110, 50, 0), b: boxS(480, 250, 70, 45, 0) }) },
    { label: 'bounding circles apart', shapes: () => ({ a: boxS(250, 260, 110, 50, 0.45), b: boxS(590, 180, 70, 45, 0.4) }) },
  ],
  call: (_s, r) => satCall(r),
  plain: `// corners of box A and box B (4 points each)
function overlaps(ca, cb) {
  const axes = [edgeNormal(ca, 0), edgeNormal(ca, 1), edgeNormal(cb, 0), edgeNormal(cb, 1)];
  for (const u of axes) {
    const pa = ca.map((p) => dot(p, u)), pb = cb.map((p) => dot(p, u));
    if (Math.max(...pa) < Math.min(...pb) || Math.max(...pb) < Math.min(...pa)) {
      return false;                     // a separating axis: stop
    }
  }
  return true;                          // every axis overlaps
}`,
  compute: boxesCompute,
  draw(st, s, r, _a, ui) {
    if (s.a.kind === 'box' && s.b.kind === 'box') {
      const ra = Math.hypot(s.a.hx, s.a.hy);
      const rb = Math.hypot(s.b.hx, s.b.hy);
      const rej = r.sat.boundingCircleRejected;
      st.pathCircle(s.a.c, ra);
      st.fillStroke(null, rej ? C.miss + 'aa' : C.muted + '99', 1.2, [6, 5]);
      st.pathCircle(s.b.c, rb);
      st.fillStroke(null, rej ? C.miss + 'aa' : C.muted + '99', 1.2, [6, 5]);
      st.label(mid(s.a.c, s.b.c), rej ? 'bounding circles apart: no SAT needed' : '', C.miss, 0, -18, 'center');
    }
    drawShape(st, s.a, r.sat.hit, 'A', C.a);
    drawShape(st, s.b, r.sat.hit, 'B', C.b);
    drawAxes(st, r, ui);
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

export const polygonsChapter: ChapterDef<Result> = {
  id: 'polygons',
  title: 'Convex polygons (SAT)',
  nav: 'Polygons',
  prose: `
<p>The separating axis theorem does not care about right angles. For two convex polygons with <var>n</var> and
<var>m</var> edges, the candidate axes are the <var>n</var> + <var>m</var> edge normals. If the interval of one
polygon ends before the other's begins on any of them, that axis separates the two; if all intervals overlap,
the polygons intersect.</p>
<pre class="formula">axes = edge normals of A, then of B
for each axis u:
  [minA, maxA] = range of vertex · u over A
  [minB, maxB] = the same over B
  overlap = min(maxA, maxB) − max(minA, minB)
  overlap &lt; 0 → separating axis, stop
all ≥ 0 → hit. On each axis the push that
  separates is min(maxA − minB, maxB − minA);
  normal = axis of the least push (A → B),
  depth = that push</pre>
<p>Why can the search stop at the edge normals? Two disjoint convex polygons can always be split by a line that
runs along an edge of one of them, and the direction perpendicular to that line is then a separating axis. The
contact found this way is the minimum translation vector: no shorter push along any tested axis would separate
them. (When one interval lies inside the other, the push is the shorter way out, which can be more than the
shared length the trace calls <code>overlap</code>.)</p>
<p>Concave shapes break the theorem (the gap may hide inside a dent), which is why collide2d only accepts
convex polygons; split concave outlines into convex pieces first. The library's trace shows every axis with
both projection intervals; the fast path stops at the first gap, as marked in the read-out.</p>`,
  hint: 'Drag vertices, centres and rotation handles. Keep the polygons convex (a dent makes the library reject the shape).',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  shapes: () => ({
    a: ngonS(310, 250, 5, 90, 0.1),
    b: polyS(540, 300, -0.3, [[-55, -45], [45, -60], [70, 15], [8, 60], [-60, 22]]),
  }),
  compute(s) {
    const a = c2.polygon(outline(s.a) ?? []);
    const b = c2.polygon(outline(s.b) ?? []);
    const sat = c2.sat(a, b) as Sat;
    const contact = c2.collide(a, b) as Result['contact'];
    return {
      result: { sat, contact, pa: outline(s.a) ?? [], pb: outline(s.b) ?? [] },
      answer: answerOf(sat, contact, [row('sizes', 'vertices A / B', `${s.a.kind === 'polygon' ? s.a.pts.length : 0} / ${s.b.kind === 'polygon' ? s.b.pts.length : 0}`)]),
    };
  },
  stepper,
  presets: [
    { label: 'touching vertex to edge', shapes: () => ({ a: ngonS(310, 250, 4, 100, 0), b: ngonS(510, 250, 4, 100, Math.PI / 4) }) },
    { label: 'overlapping', shapes: () => ({ a: ngonS(310, 250, 5, 90, 0.1), b: polyS(420, 250, -0.3, [[-55, -45], [45, -60], [70, 15], [8, 60], [-60, 22]]) }) },
  ],
  call: (_s, r) => satCall(r),
  plain: `// convex polygons A and B (arrays of points)
function overlaps(A, B) {
  for (const poly of [A, B]) {
    for (let i = 0; i < poly.length; i++) {
      const u = normalOf(poly[i], poly[(i + 1) % poly.length]);
      const a = A.map((p) => dot(p, u)), b = B.map((p) => dot(p, u));
      if (Math.max(...a) < Math.min(...b) || Math.max(...b) < Math.min(...a)) return false;
    }
  }
  return true;
}`,
  draw(st, s, r, _a, ui) {
    drawShape(st, s.a, r.sat.hit, 'A', C.a);
    drawShape(st, s.b, r.sat.hit, 'B', C.b);
    drawAxes(st, r, ui);
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};
