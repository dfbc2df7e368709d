// Chapters 7-8: rectangle and circle, convex polygon and circle, through the closest point on each edge.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, fmt, fmtVec, mid } from '../geom';
import { type Answer, row } from '../readout';
import { boxS, circleS, ngonS, outline, polyS } from '../shapes';
import { C, type Stage } from '../stage';
import { contactC, line, vc } from './codefmt';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

type Contact = { normal: Vec; depth: number; point: Vec } | null;
type EdgePoint = { point: Vec; t: number; distanceSquared: number };

interface Result {
  hit: boolean;
  edges: EdgePoint[];
  best: number;
  boundary: { point: Vec; distanceSquared: number; inside: boolean };
  contact: Contact;
  error?: string;
}

function compute(s: Shapes, shapeName: string): { answer: Answer; result: Result } {
  if (s.c.kind !== 'circle') throw new TypeError('expected a circle');
  const circle = c2.circle(s.c.c.x, s.c.c.y, s.c.r);
  const shape: c2.Box | c2.Polygon = s.p.kind === 'box'
    ? c2.box(s.p.c.x, s.p.c.y, s.p.hx, s.p.hy, s.p.angle)
    : c2.polygon(outline(s.p) ?? []);
  // The library's own corners (a box's are computed by collide2d, exactly as the live code gets them).
  const corners: readonly Vec[] = shape.type === 'polygon' ? shape.points : c2.corners(shape);
  const edges = corners.map((p: Vec, i: number) => {
    const q = corners[(i + 1) % corners.length];
    return c2.closestPoint(c2.segment(p.x, p.y, q.x, q.y), circle.center) as EdgePoint;
  });
  let best = 0;
  edges.forEach((e: EdgePoint, i: number) => {
    if (e.distanceSquared < edges[best].distanceSquared) best = i;
  });
  const boundary = c2.closestPoint(shape, circle.center) as Result['boundary'];
  const hit = c2.overlaps(circle, shape);
  const contact = c2.collide(shape, circle) as Contact;
  const r2 = circle.radius * circle.radius;
  return {
    result: { hit, edges, best, boundary, contact },
    answer: {
      hit,
      text: hit
        ? boundary.inside
          ? 'HIT: the centre is inside the ' + shapeName
          : 'HIT: the nearest edge point is within the radius'
        : 'NO HIT: every edge point is farther than the radius',
      raw: { hit, closest: boundary, contact, edges },
      rows: [
        ...edges.map((e: EdgePoint, i: number) =>
          row(`edge${i}`, `edge ${i + 1}: distance², t`, `${fmt(e.distanceSquared, 1)}, t = ${fmt(e.t, 2)}${i === best ? '  ← nearest' : ''}`)),
        row('nearest', 'nearest edge: distance', fmt(Math.sqrt(edges[best]?.distanceSquared ?? NaN), 2), 'nearest edge'),
        row('r', 'radius r (r² for the comparison)', `${fmt(circle.radius, 2)} (${fmt(r2, 1)})`, 'r'),
        row('inside', 'centre inside', String(boundary.inside), 'inside'),
        row('closest', 'closest boundary point', fmtVec(boundary.point)),
        row('hit', 'overlaps(circle, shape)', String(hit)),
        row('normal', 'normal (shape → circle)', contact ? fmtVec(contact.normal, 3) : '—'),
        row('depth', 'depth', contact ? fmt(contact.depth) : '—', 'depth'),
      ],
    },
  };
}

function callText(r: Result, box: boolean): string {
  return `${line('const hit = c2.overlaps(circle, shape);', String(r.hit))}
${line('const closest = c2.closestPoint(shape, circle.center);', `{ point: ${vc(r.boundary.point)}, distanceSquared: ${fmt(r.boundary.distanceSquared, 1)}, inside: ${r.boundary.inside} }`)}
${line('const contact = c2.collide(shape, circle);', contactC(r.contact))}
// the pink diamonds: the closest point of each edge to the centre
const corners = ${box ? 'c2.corners(shape)' : 'shape.points'};
const edges = corners.map((p, i) => {
  const q = corners[(i + 1) % corners.length];
  return c2.closestPoint(c2.segment(p.x, p.y, q.x, q.y), circle.center);
});
${line('edges.map((e) => e.distanceSquared);', `[${r.edges.map((e) => fmt(e.distanceSquared, 1)).join(', ')}]`)}`;
}

const PLAIN = `// circle (m, r), convex polygon pts (counter-clockwise: positive area)
function overlaps(m, r, pts) {
  let best = Infinity, inside = true;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i], q = pts[(i + 1) % pts.length];
    const c = closestOnSegment(p, q, m);          // project and clamp
    best = Math.min(best, dist2(m, c));
    if (cross(sub(q, p), sub(m, p)) < 0) inside = false;  // outer side
  }
  return inside || best <= r * r;
}`;

function draw(st: Stage, s: Shapes, r: Result): void {
  drawShape(st, s.p, r.hit, s.p.kind === 'box' ? 'A: rectangle' : 'A: polygon', C.a);
  drawShape(st, s.c, r.hit, 'B: M', C.b);
  if (s.c.kind !== 'circle') return;
  const m = s.c.c;
  r.edges.forEach((e, i) => {
    const best = i === r.best;
    st.line(m, e.point, best ? C.closest : C.closest + '66', best ? 2 : 1, best ? [] : [3, 4]);
    st.dot(e.point, C.closest, best ? 5.5 : 3.5, !best);
    if (!best) st.label(mid(m, e.point), `${i + 1}`, C.closest + 'cc', 0, 0, 'center');
  });
  const b = r.edges[r.best];
  if (b) st.label(b.point, `nearest: ${fmt(Math.sqrt(b.distanceSquared), 1)}`, C.closest, 10, -12, 'left', true);
  if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
}

const common = (kind: string) =>
  `<p>Each pink diamond is the clamped projection of the centre onto one edge (the closest point on that segment,
from chapter 6); the filled one is the nearest. When the ${kind} and the circle overlap, the dark purple arrow
is the push that moves the circle out (the normal from the ${kind}, A here, to the circle, B, times the depth).</p>`;

export const rectCircleChapter: ChapterDef<Result> = {
  id: 'rect-circle',
  title: 'Rectangle and circle',
  nav: 'Rect × circle',
  lede: `A circle touches a rectangle when the nearest point of the rectangle's border is within the radius, or when
its centre is inside. Drag the circle around the rectangle and into it.`,
  prose: `
<p>A rectangle is four segments. For each one, find the point of that segment closest to the circle's centre
<var>M</var> (project and clamp, as before) and keep the nearest of the four. If that nearest point is within the
radius, the circle touches the rectangle's border. Comparing squared distances avoids every square root:</p>
<pre class="formula">for each edge i:
  Pᵢ = closest point of edge i to M
  dᵢ² = |M − Pᵢ|²
hit = min dᵢ² ≤ r²  or  M inside</pre>
<p>The second condition matters. A small circle that sits completely inside a large rectangle is far from every
edge, yet it certainly overlaps. The edge test alone would miss it, so collide2d also checks whether the centre
lies inside the rectangle (its <code>closestPoint</code> result carries an <code>inside</code> flag) and then
reports a hit with the depth measured to the nearest edge plus the radius.</p>
<p>For an axis-aligned rectangle there is an even shorter form: clamp <var>M</var> to the box coordinate by
coordinate. The edge-by-edge version shown here works for a rotated rectangle just as well, which is why the
figure lets you turn it (rotation handle, or R / Shift+R on a focused handle).</p>
${common('rectangle')}`,
  hint: 'Drag the circle around and into the rectangle; tap the rectangle to select it, then turn it with its dotted handle.',
  view: VIEW,
  names: { p: 'Rectangle', c: 'Circle' },
  vars: { p: 'shape', c: 'circle' },
  select: 'c',
  keys: ['nearest', 'r', 'inside', 'depth'],
  legend: [['a', 'A: the rectangle'], ['b', 'B: the circle'], 'hit', 'closest', 'push'],
  shapes: () => ({ p: boxS(330, 260, 150, 90, 0.3), c: circleS(600, 190, 60) }),
  presets: [
    { label: 'centre inside', shapes: () => ({ p: boxS(330, 260, 150, 90, 0.3), c: circleS(350, 250, 30) }) },
    { label: 'touching an edge', shapes: () => ({ p: boxS(400, 250, 150, 90, 0), c: circleS(400, 400, 60) }) },
    { label: 'near a corner', shapes: () => ({ p: boxS(350, 230, 150, 90, 0), c: circleS(540, 360, 60) }) },
  ],
  call: (_s, r) => callText(r, true),
  plain: PLAIN,
  compute: (s) => compute(s, 'rectangle'),
  draw: (st, s, r) => draw(st, s, r),
};

export const polygonCircleChapter: ChapterDef<Result> = {
  id: 'polygon-circle',
  title: 'Polygon and circle',
  nav: 'Polygon × circle',
  lede: `The rectangle's loop works for any convex polygon: the nearest edge point within the radius, or the centre
inside. Drag the polygon's vertices, and dent it to see the library refuse it.`,
  prose: `
<p>Nothing in the previous chapter depended on the shape having four sides. A polygon is <em>convex</em> when it has
no dent: the segment between any two of its points stays inside it, and every corner turns the same way. Any convex
polygon is a closed chain of edges from vertex <var>i</var> to vertex <var>i</var> + 1 (wrapping around from the last
vertex to the first), so the same loop applies with <var>n</var> edges instead of four:</p>
<pre class="formula">for i in 0 … n−1:
  edge i = vertex[i] → vertex[(i+1) mod n]
hit = min |M − closestᵢ|² ≤ r²  or  M inside</pre>
<p>The inside test for a convex polygon is a sign check with the orientation test of chapter 3: a point is inside
when it lies on the inner side of (or on) every edge. collide2d stores every polygon counter-clockwise (in the
maths sense: on this y-down screen the vertices run clockwise, see the conventions in chapter 1), whatever order you
give the vertices in, so "inner side" is orientation ≥ 0 for every edge; it evaluates those signs exactly.</p>
<p>The polygon must stay convex. Drag a vertex inwards until the outline dents and the library refuses the polygon
with a <code>RangeError</code> that names the argument and the rule it breaks (<code>collide2d.polygon: argument
points must form a convex polygon whose boundary does not cross itself (got an array of 5)</code>); the read-out
shows that message and the outline turns grey and dashed until you fix it.</p>
${common('polygon')}`,
  hint: 'Drag the polygon by its body, its vertices or its dotted rotation handle; tap the circle to move it.',
  view: VIEW,
  names: { p: 'Polygon', c: 'Circle' },
  vars: { p: 'shape', c: 'circle' },
  select: 'p',
  keys: ['nearest', 'r', 'inside', 'depth'],
  legend: [['a', 'A: the polygon'], ['b', 'B: the circle'], 'hit', 'closest', 'push'],
  shapes: () => ({ p: ngonS(330, 260, 5, 130, 0.2), c: circleS(590, 180, 55) }),
  presets: [
    { label: 'circle inside', shapes: () => ({ p: ngonS(380, 250, 5, 160, 0.2), c: circleS(380, 260, 40) }) },
    { label: 'dented (invalid)', shapes: () => ({ p: polyS(380, 250, 0, [[-120, -100], [120, -100], [20, 0], [120, 100], [-120, 100]]), c: circleS(620, 200, 50) }) },
  ],
  call: (_s, r) => callText(r, false),
  plain: PLAIN,
  compute: (s) => compute(s, 'polygon'),
  draw: (st, s, r) => draw(st, s, r),
};
