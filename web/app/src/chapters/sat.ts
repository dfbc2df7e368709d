// Chapters 9-10: rotated rectangles and convex polygons by the separating axis theorem, with the library's trace.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes } from '../chapter';
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

function axisRows(sat: Sat): Row[] {
  const stopped = sat.separatingAxis;
  return sat.axes.map((ax, i) => {
    const who = `${ax.owner === 0 ? 'A' : 'B'} edge ${ax.edge}`;
    let state: string;
    if (ax.overlap < 0) state = i === stopped ? 'GAP: separating, stop here' : 'gap';
    else state = i === sat.minimumAxis ? 'overlap (MTV axis: cheapest push)' : 'overlap';
    const skipped = stopped >= 0 && i > stopped ? ' (fast path never gets here)' : '';
    return row(
      `axis${i}`,
      `axis ${i + 1} (${who}) ${fmtVec(ax.axis, 2)}`,
      `A [${fmt(ax.minA, 1)}, ${fmt(ax.maxA, 1)}]  B [${fmt(ax.minB, 1)}, ${fmt(ax.maxB, 1)}]  overlap ${fmt(ax.overlap, 1)}: ${state}${skipped}`,
    );
  });
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

/** Draws every SAT axis beside the shapes, with both projection intervals; the highlighted one in full. */
function drawAxes(st: Stage, r: Result): void {
  const { sat, pa, pb } = r;
  if (!sat.axes.length) return;
  const all = [...pa, ...pb];
  const o = scale(all.reduce((s, p) => add(s, p), { x: 0, y: 0 }), 1 / all.length);
  const focus = sat.separatingAxis >= 0 ? sat.separatingAxis : sat.minimumAxis;
  const gapPx = 16 / st.k;
  sat.axes.forEach((ax, i) => {
    const u = ax.axis;
    const n = perp(u);
    // Put the axis line beside the shapes (a shift along n does not change projections on u).
    const off = Math.max(...all.map((p) => dot(sub(p, o), n))) + gapPx * (1.5 + (i % 2));
    const base = add(o, scale(n, off));
    const at = (val: number, side: number) => add(add(base, scale(u, val - dot(base, u))), scale(n, side / st.k));
    const isFocus = i === focus;
    // With many axes, only the highlighted one carries its intervals; the read-out lists them all.
    if (!isFocus && sat.axes.length > 4) return;
    const alpha = isFocus ? '' : '77';
    const lo = Math.min(ax.minA, ax.minB) - 30 / st.k;
    const hi = Math.max(ax.maxA, ax.maxB) + 30 / st.k;
    st.line(at(lo, 0), at(hi, 0), (isFocus ? C.axis : C.muted) + alpha, isFocus ? 2 : 1);
    st.line(at(ax.minA, -4), at(ax.maxA, -4), C.a + alpha, isFocus ? 6 : 4);
    st.line(at(ax.minB, 4), at(ax.maxB, 4), C.b + alpha, isFocus ? 6 : 4);
    const sep = ax.overlap < 0;
    const tag = `${i + 1}${sep ? ' gap' : ''}`;
    st.label(at(hi, 0), tag, sep ? C.miss : C.muted, 4, 0, 'left', isFocus);
    if (isFocus) {
      for (const p of pa) st.line(p, at(dot(p, u), -4), C.a + '66', 1, [2, 4]);
      for (const p of pb) st.line(p, at(dot(p, u), 4), C.b + '66', 1, [2, 4]);
      const lbl = sep
        ? `axis ${i + 1} separates: gap ${fmt(-ax.overlap, 1)}`
        : `axis ${i + 1}: MTV axis, depth ${fmt(sat.depth, 1)}`;
      const m = at((Math.max(ax.minA, ax.minB) + Math.min(ax.maxA, ax.maxB)) / 2, 0);
      st.label(m, lbl, sep ? C.miss : C.hit, 0, 18, 'center', true);
    }
  });
}

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
<p>In the figure each axis is drawn beside the shapes with A's interval (blue) and B's interval (green) on it. The
highlighted axis is where the test stopped (the separating axis) or, when everything overlaps, the axis of the
smallest overlap, which becomes the contact normal. The dashed circles are the bounding circles.</p>`,
  hint: 'Rotate with the round handles (or focus a handle and press R / Shift+R), drag the centres and corners.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  shapes: () => ({ a: boxS(320, 250, 100, 45, 0.45), b: boxS(470, 200, 60, 40, -0.6) }),
  compute: boxesCompute,
  draw(st, s, r) {
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
    drawShape(st, s.a, r.sat.hit, 'A');
    drawShape(st, s.b, r.sat.hit, 'B');
    drawAxes(st, r);
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
    b: polyS(480, 250, -0.3, [[-55, -45], [45, -60], [70, 15], [8, 60], [-60, 22]]),
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
  draw(st, s, r) {
    drawShape(st, s.a, r.sat.hit, 'A');
    drawShape(st, s.b, r.sat.hit, 'B');
    drawAxes(st, r);
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};
