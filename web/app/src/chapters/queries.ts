// Chapters 12-15: point in shape (contains), raycasts, closest point and distance, and the World's broad phase.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, lerp, scale, sub } from '../geom';
import { row } from '../readout';
import { boxS, circleS, type EShape, ngonS, pointS, polyS, segS, toLib } from '../shapes';
import { C } from '../stage';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };
const pt = (s: EShape): Vec => (s.kind === 'point' ? s.p : { x: NaN, y: NaN });

// ---------------------------------------------------------------------------------------------------------------

interface ContainsR { polygon: boolean; circle: boolean; segment: boolean; signs: number[]; pts: readonly Vec[] }

export const containsChapter: ChapterDef<ContainsR> = {
  id: 'contains',
  title: 'Point in shape',
  nav: 'Point in shape',
  prose: `
<p>Is a point inside a shape? For a circle it is the circle test with a zero radius: the point is inside when its
squared distance to the centre is at most <var>r</var>². For a convex polygon stored counter-clockwise, the point
must lie on the left of (or on) every edge. "Left of the edge from <var>P</var> to <var>Q</var>" is the sign of the
2D cross product, the <em>orientation</em> of the three points:</p>
<pre class="formula">orient(P, Q, X) = sign((Q − P) × (X − P))
  +1: X left of P→Q, 0: on the line, −1: right
inside = orient(Pᵢ, Pᵢ₊₁, X) ≥ 0 for every edge i</pre>
<p>In the figure every edge of the polygon is coloured by that sign for the point <var>X</var>: green where X is on
the inner side, vermillion where it is outside; one vermillion edge is enough to put X outside. The signs come
from the library's <code>c2.orient</code>, which is exact: a point exactly on an edge gives 0, never a rounding
guess, so boundary points count as inside (shapes are closed).</p>
<p>A segment "contains" a point only when the point lies exactly on it: orientation 0 (on the line) and a parameter
between 0 and 1. With floating-point inputs that is rare, which is why the library decides it exactly instead of
with an epsilon: try "on the segment" below, whose point lies exactly on the segment.</p>`,
  hint: 'Drag the point X (and the shapes). The edges of the polygon show on which side of each edge X lies.',
  view: VIEW,
  names: { p: 'polygon', c: 'circle', s: 'segment', q: 'X' },
  shapes: () => ({
    p: ngonS(260, 240, 6, 130, 0.2),
    c: circleS(600, 170, 90),
    s: segS(470, 420, 730, 330),
    q: pointS(330, 200),
  }),
  presets: [
    { label: 'on an edge', shapes: () => ({ p: polyS(260, 240, 0, [[-120, -100], [120, -100], [120, 100], [-120, 100]]), c: circleS(600, 170, 90), s: segS(470, 420, 730, 330), q: pointS(380, 260) }) },
    { label: 'on the segment', shapes: () => ({ p: ngonS(260, 240, 6, 130, 0.2), c: circleS(600, 170, 90), s: segS(470, 420, 730, 330), q: pointS(600, 375) }) },
    { label: 'on the rim', shapes: () => ({ p: ngonS(260, 240, 6, 130, 0.2), c: circleS(600, 170, 90), s: segS(470, 420, 730, 330), q: pointS(690, 170) }) },
  ],
  compute(s) {
    const q = pt(s.q);
    const poly = toLib(s.p) as c2.Polygon;
    const circle = toLib(s.c) as c2.Circle;
    const seg = toLib(s.s) as c2.Segment;
    const r = { polygon: c2.contains(poly, q), circle: c2.contains(circle, q), segment: c2.contains(seg, q) };
    const pts = poly.points;
    const signs = pts.map((p, i) => c2.orient(p, pts[(i + 1) % pts.length], q));
    const any = r.polygon || r.circle || r.segment;
    const inside = Object.entries(r).filter(([, v]) => v).map(([k]) => k);
    return {
      result: { ...r, signs, pts },
      answer: {
        hit: any,
        text: any ? `HIT: X is in the ${inside.join(' and the ')}` : 'NO HIT: X is in none of the shapes',
        raw: r,
        rows: [
          row('q', 'X', fmtVec(q)),
          row('polygon', 'contains(polygon, X)', String(r.polygon)),
          row('signs', 'orient(edge i, X), i = 1…n', signs.map((v) => (v > 0 ? '+1' : v < 0 ? '−1' : '0')).join('  ')),
          row('circle', 'contains(circle, X)', String(r.circle)),
          row('segment', 'contains(segment, X)', String(r.segment)),
        ],
      },
    };
  },
  call: (_s, r) => `c2.contains(polygon, X);   // ${r.polygon}
c2.contains(circle, X);    // ${r.circle}
c2.contains(segment, X);   // ${r.segment}
c2.orient(p[i], p[i + 1], X);  // ${r.signs.join(', ')}`,
  plain: `// X in a convex polygon pts, counter-clockwise (y down: clockwise on screen)
function containsPolygon(pts, x) {
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i], q = pts[(i + 1) % pts.length];
    const cross = (q.x - p.x) * (x.y - p.y) - (q.y - p.y) * (x.x - p.x);
    if (cross < 0) return false;        // right of an edge: outside
  }
  return true;                          // boundary counts as inside
}
const containsCircle = (c, r, x) => (x.x - c.x) ** 2 + (x.y - c.y) ** 2 <= r * r;`,
  draw(st, s, r) {
    drawShape(st, s.p, r.polygon, 'polygon', C.a);
    r.pts.forEach((p, i) => {
      const q = r.pts[(i + 1) % r.pts.length];
      const sg = r.signs[i];
      st.line(p, q, sg > 0 ? C.b : sg < 0 ? C.hit : C.ink, sg < 0 ? 4 : 3);
      st.label(lerp(p, q, 0.5), `${i + 1}: ${sg > 0 ? '+' : sg < 0 ? '−' : '0'}`, sg < 0 ? C.hit : C.muted, 0, 0, 'center');
    });
    drawShape(st, s.c, r.circle, 'circle', C.a);
    drawShape(st, s.s, r.segment, 'segment', C.a);
    const q = pt(s.q);
    st.label(q, 'X', C.ink, 12, -12, 'left', true);
  },
};

// ---------------------------------------------------------------------------------------------------------------

type RayHit = { fraction: number; point: Vec; normal: Vec } | null;
interface RayR { hits: Record<string, RayHit>; nearest: string | null; origin: Vec; end: Vec }
const TARGETS = ['c', 'b', 'p'] as const;

export const raycastChapter: ChapterDef<RayR> = {
  id: 'raycast',
  title: 'Raycasts',
  nav: 'Raycasts',
  prose: `
<p>A ray is a starting point and a direction: <var>R</var>(<var>t</var>) = <var>O</var> + <var>t</var>·<var>d</var>
for <var>t</var> ≥ 0, usually cut off at some <var>maxFraction</var>. A raycast asks for the first point where the
ray enters a shape: the smallest <var>t</var> (the <em>fraction</em>), the point there and the shape's outward normal,
which is what a bullet, a line of sight or a laser needs.</p>
<p>For a circle it is the circle-and-line quadratic from chapter 5, keeping the smaller root. For a convex polygon
the ray is clipped against each edge's half-plane in turn (the Cyrus–Beck idea): every edge the ray enters through
raises the entry fraction, every edge it leaves through lowers the exit fraction, and if the entry ever passes the
exit the ray misses. The edge that set the last entry gives the normal.</p>
<pre class="formula">tEnter = 0, tExit = maxFraction
for each edge (outward normal n, point P):
  den = n · d,  num = n · (P − O)
  den &lt; 0: tEnter = max(tEnter, num / den)
  den &gt; 0: tExit  = min(tExit,  num / den)
  den = 0 and num &lt; 0: miss (parallel, outside)
hit when tEnter ≤ tExit</pre>
<p>A ray that starts inside a shape hits it at fraction 0 with normal (0, 0): there is no surface to report. Here the
ray runs from its origin to the end handle (<var>d</var> = end − origin, <var>maxFraction</var> = 1), so a
fraction reads as "this far along the drawn ray".</p>`,
  hint: 'Drag the ray\'s origin and end, and the three shapes. Each hit shows its fraction and normal; the filled diamond is the nearest.',
  view: VIEW,
  names: { r: 'ray', c: 'circle', b: 'box', p: 'polygon' },
  shapes: () => ({
    r: segS(90, 400, 720, 120),
    c: circleS(300, 260, 60),
    b: boxS(500, 250, 70, 45, 0.5),
    p: ngonS(640, 330, 5, 70, 0),
  }),
  presets: [
    { label: 'starts inside', shapes: () => ({ r: segS(300, 260, 720, 120), c: circleS(300, 260, 60), b: boxS(500, 250, 70, 45, 0.5), p: ngonS(640, 330, 5, 70, 0) }) },
    { label: 'too short', shapes: () => ({ r: segS(90, 400, 200, 350), c: circleS(300, 260, 60), b: boxS(500, 250, 70, 45, 0.5), p: ngonS(640, 330, 5, 70, 0) }) },
    { label: 'grazing the circle', shapes: () => ({ r: segS(100, 200, 500, 200), c: circleS(300, 260, 60), b: boxS(560, 380, 70, 45, 0.5), p: ngonS(660, 120, 5, 50, 0) }) },
  ],
  compute(s) {
    if (s.r.kind !== 'segment') throw new TypeError('the ray is edited as a segment');
    const o = s.r.a;
    const d = sub(s.r.b, s.r.a);
    const ray = c2.ray(o.x, o.y, d.x, d.y, 1);
    const hits: Record<string, RayHit> = {};
    for (const k of TARGETS) hits[k] = c2.raycast(ray, toLib(s[k]) as c2.Shape) as RayHit;
    let nearest: string | null = null;
    for (const k of TARGETS) if (hits[k] && (!nearest || hits[k]!.fraction < hits[nearest]!.fraction)) nearest = k;
    const name = { c: 'circle', b: 'box', p: 'polygon' } as Record<string, string>;
    const desc = (h: RayHit) => (h ? `fraction ${fmt(h.fraction)}, point ${fmtVec(h.point)}, normal ${fmtVec(h.normal, 3)}` : 'miss (null)');
    return {
      result: { hits, nearest, origin: o, end: s.r.b },
      answer: {
        hit: nearest !== null,
        text: nearest ? `HIT: first the ${name[nearest]}, at fraction ${fmt(hits[nearest]!.fraction, 3)}` : 'NO HIT: the ray reaches nothing',
        raw: hits,
        rows: [
          row('ray', 'origin, direction', `${fmtVec(o)}, ${fmtVec(d)}`),
          ...TARGETS.map((k) => row(k, `raycast(ray, ${name[k]})`, desc(hits[k]))),
        ],
      },
    };
  },
  call: (_s, r) => TARGETS.map((k) => {
    const h = r.hits[k];
    return `c2.raycast(r, ${k});  // ${h ? `{ fraction: ${fmt(h.fraction)}, point: ${fmtVec(h.point)}, normal: ${fmtVec(h.normal, 3)} }` : 'null'}`;
  }).join('\n'),
  plain: `// ray o + t d (0 <= t <= maxT) against a circle (m, r): the entry fraction
function raycastCircle(o, d, maxT, m, r) {
  const f = sub(o, m);
  const a = dot(d, d), b = dot(f, d), c = dot(f, f) - r * r;
  if (c <= 0) return 0;                 // starts inside: fraction 0
  const disc = b * b - a * c;
  if (disc < 0 || b > 0) return null;   // passes by, or points away
  const t = (-b - Math.sqrt(disc)) / a;
  return t <= maxT ? t : null;
}`,
  draw(st, s, r) {
    for (const k of TARGETS) drawShape(st, s[k], r.hits[k] ? true : false, undefined, k === 'c' ? C.a : k === 'b' ? C.b : C.closest);
    const end = r.nearest ? r.hits[r.nearest]!.point : r.end;
    st.line(r.origin, r.end, C.muted, 1.5, [6, 5]);
    st.arrow(r.origin, end, C.ink, undefined, 2.5);
    st.label(r.origin, 'O', C.ink, -12, 12, 'right', true);
    for (const k of TARGETS) {
      const h = r.hits[k];
      if (!h) continue;
      const near = k === r.nearest;
      st.dot(h.point, near ? C.hit : C.muted, near ? 6 : 4.5, !near);
      if (h.normal.x !== 0 || h.normal.y !== 0) st.arrow(h.point, add(h.point, scale(h.normal, 34 / st.k)), C.mtv, undefined, 2);
      st.label(h.point, `t=${fmt(h.fraction, 3)}`, near ? C.hit : C.muted, 10, -14, 'left', near);
    }
  },
};

// ---------------------------------------------------------------------------------------------------------------

type Boundary = { point: Vec; distanceSquared: number; inside: boolean };
type SegPoint = { point: Vec; t: number; distanceSquared: number };
interface ClosestR { polygon: Boundary; circle: Boundary; segment: SegPoint; q: Vec }

export const closestChapter: ChapterDef<ClosestR> = {
  id: 'closest',
  title: 'Closest point and distance',
  nav: 'Closest point',
  prose: `
<p>The closest point of a shape to a point <var>X</var> answers "how far away is it?" and "where would I touch it
first?". For a segment it is the clamped projection from chapter 6. For a circle it is the point of the rim in the
direction of <var>X</var>. For a convex polygon it is the nearest of the edges' closest points, the loop of chapter 8.</p>
<pre class="formula">segment: t* = clamp((X − P)·d / (d·d), 0, 1)
circle:  M + r·(X − M)/|X − M|
polygon: nearest over the edges
distance = √(distanceSquared)</pre>
<p><code>c2.closestPoint(shape, X)</code> returns the point and the <em>squared</em> distance, so a comparison
("is it within 50?") needs no square root: compare with 50². For an area shape (circle, box, polygon) the answer is
the nearest point of its <em>boundary</em>, with an <code>inside</code> flag: when <var>X</var> is inside, the
distance is how far it is to the way out, which is what a push-out needs. For a segment it also gives the parameter
<var>t</var> of the closest point.</p>`,
  hint: 'Drag X around and into the shapes. Each dashed line runs from X to the closest point of one shape.',
  view: VIEW,
  names: { p: 'polygon', c: 'circle', s: 'segment', q: 'X' },
  shapes: () => ({
    p: ngonS(220, 230, 5, 120, 0.3),
    c: circleS(600, 160, 80),
    s: segS(450, 420, 740, 330),
    q: pointS(430, 250),
  }),
  presets: [
    { label: 'X inside the polygon', shapes: () => ({ p: ngonS(220, 230, 5, 120, 0.3), c: circleS(600, 160, 80), s: segS(450, 420, 740, 330), q: pointS(240, 240) }) },
    { label: 'past the segment\'s end', shapes: () => ({ p: ngonS(220, 230, 5, 120, 0.3), c: circleS(600, 160, 80), s: segS(450, 420, 740, 330), q: pointS(780, 280) }) },
    { label: 'X at the circle\'s centre', shapes: () => ({ p: ngonS(220, 230, 5, 120, 0.3), c: circleS(600, 160, 80), s: segS(450, 420, 740, 330), q: pointS(600, 160) }) },
  ],
  compute(s) {
    const q = pt(s.q);
    const polygon = c2.closestPoint(toLib(s.p) as c2.Polygon, q) as Boundary;
    const circle = c2.closestPoint(toLib(s.c) as c2.Circle, q) as Boundary;
    const segment = c2.closestPoint(toLib(s.s) as c2.Segment, q) as SegPoint;
    const d = (x: { distanceSquared: number }) => fmt(Math.sqrt(x.distanceSquared), 2);
    const nearest = [['polygon', polygon], ['circle', circle], ['segment', segment]].sort(
      (a, b) => (a[1] as SegPoint).distanceSquared - (b[1] as SegPoint).distanceSquared)[0][0];
    return {
      result: { polygon, circle, segment, q },
      answer: {
        hit: polygon.inside || circle.inside,
        text: polygon.inside || circle.inside
          ? `HIT: X is inside the ${polygon.inside ? 'polygon' : 'circle'}; the nearest boundary is the ${nearest}'s`
          : `NO HIT: X is outside every shape; the nearest is the ${nearest}`,
        raw: { polygon, circle, segment },
        rows: [
          row('polygon', 'polygon: point, distance', `${fmtVec(polygon.point)}, ${d(polygon)}${polygon.inside ? ' (X inside)' : ''}`),
          row('circle', 'circle: point, distance', `${fmtVec(circle.point)}, ${d(circle)}${circle.inside ? ' (X inside)' : ''}`),
          row('segment', 'segment: point, t, distance', `${fmtVec(segment.point)}, t=${fmt(segment.t)}, ${d(segment)}`),
        ],
      },
    };
  },
  call: (_s, r) => `c2.closestPoint(polygon, X);  // { point: ${fmtVec(r.polygon.point)}, distanceSquared: ${fmt(r.polygon.distanceSquared, 2)}, inside: ${r.polygon.inside} }
c2.closestPoint(circle, X);   // { point: ${fmtVec(r.circle.point)}, distanceSquared: ${fmt(r.circle.distanceSquared, 2)}, inside: ${r.circle.inside} }
c2.closestPoint(segment, X);  // { point: ${fmtVec(r.segment.point)}, t: ${fmt(r.segment.t)}, distanceSquared: ${fmt(r.segment.distanceSquared, 2)} }`,
  plain: `// closest point of segment p → q to x
function closestOnSegment(p, q, x) {
  const d = { x: q.x - p.x, y: q.y - p.y };
  const len2 = d.x * d.x + d.y * d.y;
  let t = len2 > 0 ? ((x.x - p.x) * d.x + (x.y - p.y) * d.y) / len2 : 0;
  t = Math.max(0, Math.min(1, t));      // clamp to the segment
  const c = { x: p.x + t * d.x, y: p.y + t * d.y };
  return { point: c, t, distanceSquared: (x.x - c.x) ** 2 + (x.y - c.y) ** 2 };
}`,
  draw(st, s, r) {
    drawShape(st, s.p, null, 'polygon', C.a);
    drawShape(st, s.c, null, 'circle', C.b);
    drawShape(st, s.s, null, 'segment', C.closest);
    for (const [k, color] of [['polygon', C.a], ['circle', C.b], ['segment', C.closest]] as const) {
      const v = r[k];
      st.line(r.q, v.point, color, 1.5, [5, 4]);
      st.dot(v.point, color, 5.5);
      st.label(lerp(r.q, v.point, 0.5), fmt(Math.sqrt(v.distanceSquared), 1), color, 0, -10, 'center', true);
    }
    st.label(r.q, 'X', C.ink, 12, -12, 'left', true);
  },
};

// ---------------------------------------------------------------------------------------------------------------

const BODIES = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'] as const;
const CELL = 100;

interface BroadR {
  bounds: c2.Aabb[];
  cells: Map<string, number[]>;
  candidates: [number, number][];
  pairs: [number, number][];
  contacts: { normal: Vec; depth: number; point: Vec }[];
}

export const broadphaseChapter: ChapterDef<BroadR> = {
  id: 'broadphase',
  title: 'The broad phase: a grid',
  nav: 'Broad phase',
  prose: `
<p>Testing every pair of <var>n</var> bodies costs <var>n</var>(<var>n</var> − 1)/2 narrow-phase tests: 45 for 10
bodies, 50 million for 10,000. A <em>broad phase</em> first finds the pairs that <em>could</em> touch, cheaply, and
only those go to the exact tests of the earlier chapters.</p>
<p><code>c2.World</code> uses a uniform grid. Every body's bounding box (its <code>getBounds</code>, a little wider
than the shape) is dropped into every cell it overlaps; two bodies become a <em>candidate pair</em> when they share
a cell. Only candidates are tested with the same <code>collide</code> you have seen, and the touching ones come back
from <code>step()</code> with their contacts.</p>
<pre class="formula">cell(x, y) = (⌊x / size⌋, ⌊y / size⌋)
for each body: for each cell its bounds cover:
  add the body to that cell
candidates = pairs sharing a cell
pairs = candidates that collide()</pre>
<p>The figure uses a world made with <code>new c2.World({ cellSize: ${CELL} })</code> (left out, the cell size is
twice the mean body extent, recomputed every step). Cells holding two or more bodies are shaded; thin dashed lines
join candidate pairs (computed here from the bounds and the cell rule, to show the idea), thick lines the pairs the
world reports. Move a body next to another across a cell border and they become candidates; only a real overlap
makes them a pair. The stress view runs the same world with 10,000 bodies.</p>`,
  hint: 'Drag the bodies. Dashed: candidate pairs (sharing a cell). Solid with an arrow: touching pairs from world.step().',
  view: VIEW,
  names: Object.fromEntries(BODIES.map((k, i) => [k, `body ${i + 1}`])),
  shapes: () => ({
    b0: circleS(120, 120, 40),
    b1: circleS(205, 150, 35),
    b2: boxS(360, 110, 50, 30, 0.3),
    b3: ngonS(520, 140, 5, 45, 0),
    b4: circleS(640, 300, 50),
    b5: boxS(560, 380, 45, 45, 0.6),
    b6: circleS(250, 360, 55),
    b7: ngonS(380, 320, 6, 40, 0.2),
  }),
  compute(s: Shapes) {
    const world = new c2.World({ cellSize: CELL });
    try {
      const handles = BODIES.map((k) => world.add(toLib(s[k]) as c2.Shape));
      const index = new Map(handles.map((h, i) => [h, i]));
      const n = world.step();
      const pb = world.pairBodies;
      const pc = world.pairContacts;
      const pairs: [number, number][] = [];
      const contacts: BroadR['contacts'] = [];
      for (let i = 0; i < n; i++) {
        const a = index.get(pb[2 * i])!, b = index.get(pb[2 * i + 1])!;
        pairs.push(a < b ? [a, b] : [b, a]);
        contacts.push({ normal: { x: pc[5 * i], y: pc[5 * i + 1] }, depth: pc[5 * i + 2], point: { x: pc[5 * i + 3], y: pc[5 * i + 4] } });
      }
      const order = pairs.map((_, i) => i).sort((i, j) => pairs[i][0] - pairs[j][0] || pairs[i][1] - pairs[j][1]);
      const sortedPairs = order.map((i) => pairs[i]);
      const bounds = handles.map((h) => world.getBounds(h));
      const cells = new Map<string, number[]>();
      bounds.forEach((bb, i) => {
        for (let cx = Math.floor(bb.min.x / CELL); cx <= Math.floor(bb.max.x / CELL); cx++) {
          for (let cy = Math.floor(bb.min.y / CELL); cy <= Math.floor(bb.max.y / CELL); cy++) {
            const key = `${cx},${cy}`;
            if (!cells.has(key)) cells.set(key, []);
            cells.get(key)!.push(i);
          }
        }
      });
      const cand = new Set<string>();
      for (const list of cells.values()) for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) cand.add(`${list[i]},${list[j]}`);
      const candidates = [...cand].map((t) => t.split(',').map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const all = (BODIES.length * (BODIES.length - 1)) / 2;
      const name = (p: [number, number]) => `${p[0] + 1}–${p[1] + 1}`;
      return {
        result: { bounds, cells, candidates, pairs: sortedPairs, contacts: order.map((i) => contacts[i]) },
        answer: {
          hit: n > 0,
          text: n ? `HIT: ${n} touching pair${n === 1 ? '' : 's'} from ${candidates.length} candidates (of ${all} pairs)` : `NO HIT: ${candidates.length} candidates (of ${all} pairs), none touching`,
          raw: { pairs: sortedPairs },
          rows: [
            row('all', 'every pair (brute force)', String(all)),
            row('cells', 'occupied cells / shared cells', `${cells.size} / ${[...cells.values()].filter((l) => l.length > 1).length}`),
            row('candidates', 'candidate pairs (share a cell)', candidates.length ? candidates.map(name).join(', ') : '—'),
            row('pairs', 'touching pairs: world.step()', sortedPairs.length ? sortedPairs.map(name).join(', ') : '—'),
          ],
        },
      };
    } finally {
      world.free();
    }
  },
  call: (_s, r) => `const world = new c2.World({ cellSize: ${CELL} });
const handles = [b0, b1, …, b7].map((shape) => world.add(shape));
const n = world.step();       // ${r.pairs.length}
world.pairBodies;             // handles, 2 per pair (first 2n entries)
world.pairContacts;           // nx, ny, depth, px, py per pair
world.getBounds(handles[i]);  // what goes into the grid
world.free();`,
  plain: `// a uniform grid: candidate pairs = bodies sharing a cell
function candidates(bounds, size) {
  const cells = new Map(), pairs = new Set();
  bounds.forEach((b, i) => {
    for (let x = Math.floor(b.min.x / size); x <= Math.floor(b.max.x / size); x++)
      for (let y = Math.floor(b.min.y / size); y <= Math.floor(b.max.y / size); y++) {
        const key = x + ',' + y, list = cells.get(key) ?? [];
        for (const j of list) pairs.add(j + ',' + i);
        list.push(i); cells.set(key, list);
      }
  });
  return pairs;                           // then collide() each candidate
}`,
  draw(st, s, r) {
    const vis = st.visible();
    const { ctx } = st;
    // Shaded cells with two or more bodies, then the grid lines.
    for (const [key, list] of r.cells) {
      if (list.length < 2) continue;
      const [cx, cy] = key.split(',').map(Number);
      const a = st.toScreen({ x: cx * CELL, y: cy * CELL });
      ctx.fillStyle = C.axis + '26';
      ctx.fillRect(a.x, a.y, CELL * st.k, CELL * st.k);
    }
    ctx.beginPath();
    for (let x = Math.floor(vis.x / CELL) * CELL; x <= vis.x + vis.w; x += CELL) {
      const p = st.toScreen({ x, y: 0 });
      ctx.moveTo(Math.round(p.x) + 0.5, 0);
      ctx.lineTo(Math.round(p.x) + 0.5, st.cssH);
    }
    for (let y = Math.floor(vis.y / CELL) * CELL; y <= vis.y + vis.h; y += CELL) {
      const p = st.toScreen({ x: 0, y });
      ctx.moveTo(0, Math.round(p.y) + 0.5);
      ctx.lineTo(st.cssW, Math.round(p.y) + 0.5);
    }
    ctx.strokeStyle = C.axis + '99';
    ctx.lineWidth = 1;
    ctx.stroke();
    const touching = new Set(r.pairs.map(([a, b]) => `${a},${b}`));
    const inPair = new Set(r.pairs.flat());
    BODIES.forEach((k, i) => {
      drawShape(st, s[k], inPair.has(i), String(i + 1), C.a);
      const bb = r.bounds[i];
      st.pathPoly([bb.min, { x: bb.max.x, y: bb.min.y }, bb.max, { x: bb.min.x, y: bb.max.y }]);
      st.fillStroke(null, C.muted + '88', 1, [3, 3]);
    });
    const centre = (k: string) => { const e = s[k]; return e.kind === 'segment' || e.kind === 'line' || e.kind === 'capsule' ? lerp(e.a, e.b, 0.5) : e.kind === 'point' ? e.p : e.c; };
    for (const [a, b] of r.candidates) {
      if (touching.has(`${a},${b}`)) continue;
      st.line(centre(BODIES[a]), centre(BODIES[b]), C.muted, 1.2, [4, 4]);
    }
    r.pairs.forEach(([a, b], i) => {
      st.line(centre(BODIES[a]), centre(BODIES[b]), C.hit, 3);
      const c = r.contacts[i];
      drawMtv(st, c.point, c.normal, c.depth, '');
    });
  },
};
