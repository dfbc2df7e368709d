// Chapters 9-10: rotated rectangles and convex polygons by the separating axis theorem, with the library's trace:
// the main figure, and three small figures (projection, then gap or overlap, then the MTV).
import * as c2 from 'collide2d';
import type { ChapterDef, Mini, Shapes, Ui } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, add, dot, fmt, fmtVec, mid, perp, scale, sub } from '../geom';
import { type Answer, type Row, row } from '../readout';
import { boxS, ngonS, outline, polyS } from '../shapes';
import { C, type Stage } from '../stage';
import { contactC, line, vc } from './codefmt';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

interface SatAxis { axis: Vec; owner: number; edge: number; minA: number; maxA: number; minB: number; maxB: number; overlap: number }
interface Sat {
  hit: boolean; normal: Vec; depth: number; separatingAxis: number; minimumAxis: number;
  boundingCircleTested: boolean; boundingCircleRejected: boolean; axes: SatAxis[];
}
interface Result {
  sat: Sat;
  contact: { normal: Vec; depth: number; point: Vec } | null;
  /** The vertices as the library numbers them (a box: c2.corners; a polygon: its stored counter-clockwise points). */
  la: readonly Vec[];
  lb: readonly Vec[];
}

/** "A's edge 2": edges are numbered from 1, in the library's vertex order. */
const ownerEdge = (ax: SatAxis) => `${ax.owner === 0 ? 'A' : 'B'}'s edge ${ax.edge + 1}`;
/** The push that would separate the shapes along one axis (the shorter way out). */
const pushOf = (ax: SatAxis) => Math.min(ax.maxA - ax.minB, ax.maxB - ax.minA);
/** The axis the figures show: the stepper's, else where the test stopped, else the least push. */
const shownAxis = (sat: Sat, ui: Ui) => (ui.step >= 0 ? ui.step : sat.separatingAxis >= 0 ? sat.separatingAxis : sat.minimumAxis);

function axisRows(sat: Sat): Row[] {
  const stopped = sat.separatingAxis;
  return sat.axes.map((ax, i) => {
    let state: string;
    if (ax.overlap < 0) state = i === stopped ? 'GAP: separating, stop here' : 'gap';
    else state = i === sat.minimumAxis ? 'overlap (MTV axis: least push)' : 'overlap';
    const skipped = stopped >= 0 && i > stopped ? ' (the fast path never gets here)' : '';
    return row(
      `axis${i}`,
      `axis ${i + 1}: ⟂ ${ownerEdge(ax)} ${fmtVec(ax.axis, 2)}`,
      `A [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}]  B [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}]  ${ax.overlap < 0 ? `gap ${fmt(-ax.overlap, 1)}` : `push ${fmt(pushOf(ax), 1)}`}: ${state}${skipped}`,
    );
  });
}

/** The stepper's words for axis i. */
function describeAxis(sat: Sat, i: number): string {
  const ax = sat.axes[i];
  if (!ax) return '';
  const head = `Axis ${i + 1} of ${sat.axes.length} is perpendicular to ${ownerEdge(ax)} (thick orange): A covers [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}], B covers [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}]`;
  if (ax.overlap < 0) {
    return `${head}. Gap ${fmt(-ax.overlap, 1)}: a separating axis${i === sat.separatingAxis ? ', so the test stops here: NO HIT' : ' (the test already stopped at an earlier one)'}.`;
  }
  const last = i === sat.axes.length - 1;
  return `${head}. They overlap by ${fmt(ax.overlap, 1)}; pushing B out along this axis takes ${fmt(pushOf(ax), 1)}.${
    i === sat.minimumAxis ? ' The least push of all axes: the MTV.' : ''}${last && sat.hit ? ' Every axis overlaps: HIT.' : ''}`;
}

function answerOf(sat: Sat, contact: Result['contact'], extra: Row[]): Answer {
  const text = sat.hit
    ? `HIT: every axis overlaps; the least push is on axis ${sat.minimumAxis + 1}`
    : sat.boundingCircleRejected
      ? 'NO HIT: rejected by the bounding circles, no axis tested'
      : `NO HIT: axis ${sat.separatingAxis + 1} separates them`;
  return {
    hit: sat.hit,
    text,
    raw: { sat, contact },
    rows: [
      ...extra,
      row('axisCount', 'axes', String(sat.axes.length)),
      row('separatingAxis', 'first separating axis', sat.separatingAxis >= 0 ? String(sat.separatingAxis + 1) : 'none', 'separating axis'),
      row('minimumAxis', 'axis of the least push (the MTV)', sat.minimumAxis >= 0 ? String(sat.minimumAxis + 1) : '—', 'MTV axis'),
      ...axisRows(sat),
      row('normal', 'normal (A → B)', sat.hit ? fmtVec(sat.normal, 3) : '—', 'normal'),
      row('depth', 'depth', sat.hit ? fmt(sat.depth) : '—', 'depth'),
      row('point', 'contact point', contact ? fmtVec(contact.point) : '—'),
    ],
  };
}

/** The edge of the current axis, thick orange on its shape, with its number. */
function drawAxisEdge(st: Stage, r: Result, ax: SatAxis): void {
  const pts = ax.owner === 0 ? r.la : r.lb;
  const p = pts[ax.edge], q = pts[(ax.edge + 1) % pts.length];
  if (!p || !q) return;
  st.line(p, q, C.work, 6);
  st.label(mid(p, q), `${ax.owner === 0 ? 'A' : 'B'}'s edge ${ax.edge + 1}`, C.work, 0, 0, 'center', true);
}

/**
 * Draws ONE SAT axis beside the shapes, with A's interval (blue) and B's (green) on it and dashed projection lines
 * from the corners.
 */
function drawAxis(st: Stage, r: Result, i: number, labels = true): void {
  const { sat, la, lb } = r;
  const ax = sat.axes[i];
  if (!ax) return;
  const all = [...la, ...lb];
  const o = scale(all.reduce((s, p) => add(s, p), { x: 0, y: 0 }), 1 / all.length);
  const u = ax.axis;
  // The side of the shapes the axis is drawn on: below / right of them when possible (screen y points down).
  let n = perp(u);
  if (n.y < 0 || (n.y === 0 && n.x < 0)) n = scale(n, -1);
  const off = Math.max(...all.map((p) => dot(sub(p, o), n))) + 28 / st.k;
  const base = add(o, scale(n, off));
  const at = (val: number, side: number) => add(add(base, scale(u, val - dot(base, u))), scale(n, side / st.k));
  const lo = Math.min(ax.minA, ax.minB) - 24 / st.k;
  const hi = Math.max(ax.maxA, ax.maxB) + 24 / st.k;
  st.arrow(at(lo, 0), at(hi, 0), C.work, undefined, 2);
  for (const p of la) st.line(p, at(dot(p, u), -5), C.a + '55', 1, [2, 4]);
  for (const p of lb) st.line(p, at(dot(p, u), 5), C.b + '55', 1, [2, 4]);
  st.line(at(ax.minA, -5), at(ax.maxA, -5), C.a, 7);
  st.line(at(ax.minB, 5), at(ax.maxB, 5), C.b, 7);
  const sep = ax.overlap < 0;
  if (sep) {
    const g0 = Math.min(ax.maxA, ax.maxB), g1 = Math.max(ax.minA, ax.minB);
    st.line(at(g0, -12), at(g0, 12), C.gap, 2);
    st.line(at(g1, -12), at(g1, 12), C.gap, 2);
  }
  if (!labels) return;
  const lbl = sep ? `axis ${i + 1}: gap ${fmt(-ax.overlap, 1)}` : `axis ${i + 1}: overlap`;
  // The label goes past the arrow's tip, where nothing else is drawn.
  const tip = add(at(hi, 0), scale(u, 14 / st.k));
  st.label(tip, lbl, sep ? C.gap : C.hit, 0, 0, u.x >= 0 ? 'left' : 'right', true);
}

function satCall(r: Result): string {
  const s = r.sat;
  return `${line('const sat = c2.sat(a, b);', `{ hit: ${s.hit}, separatingAxis: ${s.separatingAxis}, minimumAxis: ${s.minimumAxis},`)}
//   boundingCircleRejected: ${s.boundingCircleRejected}, depth: ${fmt(s.depth)}, normal: ${vc(s.normal, 3)},
//   axes: ${s.axes.length} × { axis, owner, edge, minA, maxA, minB, maxB, overlap } }  (indices from 0)
${line('const contact = c2.collide(a, b);', contactC(r.contact))}`;
}

const stepper = {
  overview: (r: Result) => {
    const s = r.sat;
    if (s.boundingCircleRejected) return 'The bounding circles are apart: the library proved the shapes apart without trying any axis.';
    const i = s.separatingAxis >= 0 ? s.separatingAxis : s.minimumAxis;
    return `The figure shows axis ${i + 1} of ${s.axes.length}, ${s.separatingAxis >= 0 ? 'where the test stopped' : 'the axis of the least push'}. Step through the axes in test order with ▶ or the slider.`;
  },
  count: (r: Result) => (r.sat.boundingCircleRejected ? 0 : r.sat.axes.length),
  describe: (r: Result, i: number) => describeAxis(r.sat, i),
  position: (r: Result) => (r.sat.separatingAxis >= 0 ? r.sat.separatingAxis : Math.max(0, r.sat.minimumAxis)),
};

// ---- the three small figures --------------------------------------------------------------------------------------

const faint = (st: Stage, s: Shapes) => {
  drawShape(st, s.a, null, 'A', C.a);
  drawShape(st, s.b, null, 'B', C.b);
};

const none = (r: Result) => !r.sat.axes.length || r.sat.boundingCircleRejected;

const MINIS: Record<string, Mini<Result>> = {
  project: {
    title: 'Projection: the shapes\' corners projected onto one axis',
    draw(st, s, r, ui) {
      faint(st, s);
      if (none(r)) return;
      const i = shownAxis(r.sat, ui);
      drawAxisEdge(st, r, r.sat.axes[i]);
      drawAxis(st, r, i, false);
    },
    caption(r, _s, ui) {
      if (none(r)) return '<b>Projection.</b> No axis was tried: the bounding circles proved the shapes apart first.';
      const i = shownAxis(r.sat, ui);
      const ax = r.sat.axes[i];
      return `<b>1. Projection.</b> Axis ${i + 1} is the unit vector ${fmtVec(ax.axis, 3)}, perpendicular to ${ownerEdge(ax)}.
Each corner's dot product with it is where its dashed line lands: A's corners cover [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}]
(blue), B's cover [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}] (green).`;
    },
  },
  gap: {
    title: 'Gap or overlap: the two intervals on the axis',
    minSize: 200,
    draw(st, _s, r, ui) {
      if (none(r)) return;
      const ax = r.sat.axes[shownAxis(r.sat, ui)];
      const lo = Math.min(ax.minA, ax.minB), hi = Math.max(ax.maxA, ax.maxB);
      const pad = (hi - lo) * 0.08 + 10;
      const y = 0, h = 9 / st.k;
      st.arrow({ x: lo - pad, y }, { x: hi + pad, y }, C.work, undefined, 1.5);
      st.line({ x: ax.minA, y: y - h }, { x: ax.maxA, y: y - h }, C.a, 7);
      st.line({ x: ax.minB, y: y + h }, { x: ax.maxB, y: y + h }, C.b, 7);
      st.label({ x: ax.minA, y: y - h }, fmt(ax.minA, 1), C.a, 0, -14, 'center');
      st.label({ x: ax.maxA, y: y - h }, fmt(ax.maxA, 1), C.a, 0, -14, 'center');
      st.label({ x: ax.minB, y: y + h }, fmt(ax.minB, 1), C.b, 0, 14, 'center');
      st.label({ x: ax.maxB, y: y + h }, fmt(ax.maxB, 1), C.b, 0, 14, 'center');
      const g0 = Math.min(ax.maxA, ax.maxB), g1 = Math.max(ax.minA, ax.minB);
      if (ax.overlap < 0) {
        st.line({ x: g0, y: y - 2 * h }, { x: g0, y: y + 2 * h }, C.gap, 2);
        st.line({ x: g1, y: y - 2 * h }, { x: g1, y: y + 2 * h }, C.gap, 2);
        st.label({ x: (g0 + g1) / 2, y: y + 2 * h }, `gap ${fmt(-ax.overlap, 1)}`, C.gap, 0, 12, 'center', true);
      } else {
        st.pathPoly([{ x: g1, y: y - 2 * h }, { x: g0, y: y - 2 * h }, { x: g0, y: y + 2 * h }, { x: g1, y: y + 2 * h }]);
        st.fillStroke(st.hatch(C.hit), C.hit, 1.5);
        st.label({ x: (g0 + g1) / 2, y: y + 2 * h }, 'overlap', C.hit, 0, 12, 'center', true);
      }
    },
    caption(r, _s, ui) {
      if (none(r)) return '<b>2. Gap or overlap.</b> Nothing to compare: no axis was tried.';
      const i = shownAxis(r.sat, ui);
      const ax = r.sat.axes[i];
      if (ax.overlap < 0) {
        return `<b>2. Gap.</b> On axis ${i + 1} the intervals leave a gap of ${fmt(-ax.overlap, 1)}: a line across that gap,
perpendicular to the axis, separates the shapes. One such axis is enough, so the test ${i === r.sat.separatingAxis ? 'stops here: NO HIT' : 'had already stopped'}.`;
      }
      return `<b>2. Overlap.</b> On axis ${i + 1} the intervals overlap. B could leave along this axis by moving
${fmt(ax.maxA - ax.minB, 1)} forwards or ${fmt(ax.maxB - ax.minA, 1)} backwards; the shorter, ${fmt(pushOf(ax), 1)}, is this axis' push.
Only when every axis overlaps are the shapes in contact.`;
    },
  },
  mtv: {
    title: 'The MTV: B moved by normal × depth just touches A',
    draw(st, s, r) {
      faint(st, s);
      if (!r.sat.hit || !r.contact) return;
      const d = scale(r.sat.normal, r.sat.depth);
      const ghost = r.lb.map((p) => add(p, d));
      st.pathPoly(ghost);
      st.fillStroke(null, C.b, 2, [6, 4]);
      st.label(ghost.reduce((m, p) => (p.y < m.y ? p : m)), 'B + normal × depth', C.b, 0, -12, 'center');
      drawMtv(st, r.contact.point, r.sat.normal, r.sat.depth, `depth ${fmt(r.sat.depth, 1)}`);
    },
    caption(r) {
      if (!r.sat.hit) {
        return `<b>3. The MTV.</b> There is none while the shapes are apart: ${r.sat.boundingCircleRejected ? 'the bounding circles' : `axis ${r.sat.separatingAxis + 1}`} separates them. Drag B into A.`;
      }
      const k = r.sat.minimumAxis;
      return `<b>3. The MTV.</b> Every axis overlaps, and axis ${k + 1} has the least push: the <em>minimum translation
vector</em> is its direction, the normal ${fmtVec(r.sat.normal, 3)}, times its push, the depth ${fmt(r.sat.depth, 2)}.
B moved by it (dashed) just touches A.`;
    },
  },
};

const MINI_FIGURES = `
<figure class="mini" data-mini="project"></figure>
<figure class="mini" data-mini="gap"></figure>
<figure class="mini" data-mini="mtv"></figure>`;

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
    result: { sat, contact, la: c2.corners(a), lb: c2.corners(b) },
    answer: answerOf(sat, contact, [
      row('bounding', 'bounding circles (worked out here, for the figure)', `rA = ${fmt(ra, 1)}, rB = ${fmt(rb, 1)}, centres ${fmt(Math.hypot(s.a.c.x - s.b.c.x, s.a.c.y - s.b.c.y), 1)} apart`),
      row('boundingCircleRejected', 'pre-check rejected (the library)', `${sat.boundingCircleRejected}${sat.boundingCircleTested ? '' : ' (not tested)'}`),
    ]),
  };
}

export const boxesChapter: ChapterDef<Result> = {
  id: 'boxes',
  title: 'Rotated rectangles (SAT)',
  nav: 'Rotated rects',
  lede: `Two convex shapes are apart exactly when their shadows on some axis leave a gap; for rectangles, four axes
are enough. Turn the rectangles and step through the axes.`,
  prose: `
<p>Once rectangles can turn, comparing x and y ranges is no longer enough: two tilted rectangles can have
overlapping shadows on both screen axes and still be apart. The <em>separating axis theorem</em> (SAT) gives the
general rule for convex shapes: two convex shapes are disjoint exactly when there is some direction along which
their shadows (projections) do not overlap, and for polygons it suffices to try the directions perpendicular to
their edges.</p>
<p>A rectangle has four edges but only two edge directions, because opposite sides are parallel. So two rectangles
need just four axes: the two edge normals of A and the two of B. Edges are numbered from 1 in the library's vertex
order (a box's corners as <code>c2.corners</code> gives them), axes in the order they are tested; the figure draws
the current axis' edge thick orange, so "axis 1 is perpendicular to A's edge 2" can be seen.</p>
<pre class="formula">for each axis u (2 of A, then 2 of B):
  [minA, maxA] = range of corner · u over A
  [minB, maxB] = the same over B
  maxA &lt; minB or maxB &lt; minA → apart, stop
all 4 overlap → hit;
  the axis of the least push → MTV</pre>
<p>The three figures below take the test apart, on the axis the stepper shows.</p>
${MINI_FIGURES}
<p>The loop ends at the first axis that shows a gap, which is what makes SAT fast for the common case of
objects that are apart. Cheaper still, a bounding circle around each rectangle (radius = half the diagonal; the
dashed circles, drawn by the page) can prove them apart before any axis is tried: if the centres are farther apart
than the two radii together, SAT is skipped entirely. collide2d runs that pre-check and then works in A's local
frame, where A's two axes are simply x and y.</p>`,
  hint: 'Drag a rectangle by its body; tap it to show its corner and its dotted rotation handle (or focus a handle and press R).',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  select: 'b',
  shapes: () => ({ a: boxS(320, 260, 110, 50, 0.45), b: boxS(470, 150, 70, 45, 0.4) }),
  keys: ['separatingAxis', 'minimumAxis', 'depth', 'normal'],
  legend: ['a', 'b', 'hit', 'work', 'push', 'construction'],
  stepper,
  minis: MINIS,
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
      for (const [c, rr] of [[s.a.c, ra], [s.b.c, rb]] as const) {
        st.pathCircle(c, rr);
        st.fillStroke(null, rej ? C.ink + 'aa' : C.muted + '99', rej ? 1.6 : 1.2, [6, 5]);
      }
      if (rej) st.label(mid(s.a.c, s.b.c), 'bounding circles apart: no SAT needed', C.gap, 0, -18, 'center', true);
    }
    drawShape(st, s.a, r.sat.hit, 'A', C.a);
    drawShape(st, s.b, r.sat.hit, 'B', C.b);
    if (!none(r)) {
      const i = shownAxis(r.sat, ui);
      drawAxisEdge(st, r, r.sat.axes[i]);
      drawAxis(st, r, i);
    }
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

export const polygonsChapter: ChapterDef<Result> = {
  id: 'polygons',
  title: 'Convex polygons (SAT)',
  nav: 'Polygons',
  lede: `The same theorem for any convex polygons: try every edge normal of both; one gap separates them, and if
all overlap the least push is the MTV. Drag the vertices and step through the axes.`,
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
shared length the trace calls <code>overlap</code>.) Edges are numbered from 1 in the order the library stores the
vertices: counter-clockwise in the maths sense (on this y-down screen they run clockwise).</p>
${MINI_FIGURES}
<p>Concave shapes break the theorem (the gap may hide inside a dent), which is why collide2d only accepts
convex polygons; split concave outlines into convex pieces first (<code>c2.decompose</code>). The library's trace
shows every axis with both projection intervals; the fast path stops at the first gap, as marked in the read-out.</p>`,
  hint: 'Drag a polygon by its body; tap it to show its vertex handles and its dotted rotation handle. Keep it convex.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  select: 'b',
  shapes: () => ({
    a: ngonS(310, 250, 5, 90, 0.1),
    b: polyS(540, 300, -0.3, [[-55, -45], [45, -60], [70, 15], [8, 60], [-60, 22]]),
  }),
  keys: ['separatingAxis', 'minimumAxis', 'depth', 'normal'],
  legend: ['a', 'b', 'hit', 'work', 'push'],
  compute(s) {
    const a = c2.polygon(outline(s.a) ?? []);
    const b = c2.polygon(outline(s.b) ?? []);
    const sat = c2.sat(a, b) as Sat;
    const contact = c2.collide(a, b) as Result['contact'];
    return {
      result: { sat, contact, la: a.points, lb: b.points },
      answer: answerOf(sat, contact, [row('sizes', 'vertices A / B', `${a.points.length} / ${b.points.length}`)]),
    };
  },
  stepper,
  minis: MINIS,
  presets: [
    // A diamond's right vertex (410, 250) on the middle of a square's left edge (x = 410): an exact touch.
    { label: 'touching vertex to edge', shapes: () => ({ a: ngonS(310, 250, 4, 100, 0), b: polyS(510, 250, 0, [[-100, -100], [100, -100], [100, 100], [-100, 100]]) }) },
    // Two diamonds, vertex (410, 250) on vertex: exact integer coordinates, an exact touch.
    { label: 'touching vertex to vertex', shapes: () => ({ a: ngonS(310, 250, 4, 100, 0), b: ngonS(510, 250, 4, 100, 0) }) },
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
    if (!none(r)) {
      const i = shownAxis(r.sat, ui);
      drawAxisEdge(st, r, r.sat.axes[i]);
      drawAxis(st, r, i);
    }
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

