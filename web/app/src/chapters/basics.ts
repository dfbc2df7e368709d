// Chapters 1-4: axis-aligned rectangles (with the conventions, stated once), circles, infinite lines, segments.
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, dist, fmt, fmtVec, mid } from '../geom';
import { row } from '../readout';
import { aabbS, circleS, type EShape, lineS, segS } from '../shapes';
import { C, type Stage } from '../stage';
import { contactC, line, vc } from './codefmt';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

type Contact = { normal: Vec; depth: number; point: Vec } | null;

const contactRows = (c: Contact, pointLabel: string) =>
  c
    ? [
        row('normal', 'contact normal (A → B)', fmtVec(c.normal, 3), 'normal'),
        row('depth', 'depth (push B by normal × depth)', fmt(c.depth), 'depth'),
        row('point', pointLabel, fmtVec(c.point)),
      ]
    : [row('contact', 'contact', 'none (collide returned null)', 'contact')];

/** The contact call and its result, as the end of a live-code program. */
const overlapCall = (hit: boolean, contact: Contact) => `${line('const hit = c2.overlaps(a, b);', String(hit))}
${line('const contact = c2.collide(a, b);', contactC(contact))}`;

// ---------------------------------------------------------------------------------------------------------------

function toAabb(s: EShape): c2.Aabb {
  if (s.kind !== 'aabb') throw new TypeError('expected an aabb');
  return c2.aabb(s.min.x, s.min.y, s.max.x, s.max.y);
}

export const aabbChapter: ChapterDef<{ hit: boolean; contact: Contact; a: c2.Aabb; b: c2.Aabb }> = {
  id: 'aabb',
  title: 'Axis-aligned rectangles',
  nav: 'Rectangles',
  lede: `Two rectangles whose sides follow the x and y axes overlap when their shadows overlap on both axes. Drag
B into A and watch the two shadows at the figure's edges.`,
  prose: `
<div class="conventions" id="conventions">
<h2>Before we start: the conventions of every chapter</h2>
<ul>
<li><b>y points down.</b> The figures use screen coordinates: x grows to the right, y grows <em>downwards</em>.
The maths is the same either way. An angle turns +x towards +y, which on this screen looks clockwise.
When a chapter says <em>counter-clockwise</em>, it means what the maths means by it (a positive signed area,
counter-clockwise with y up); drawn with y down, such an outline runs <em>clockwise</em>. Likewise
"left of an edge" in the formulas is the side that looks right on screen: the chapters say <em>inner side</em>.</li>
<li><b>Touching counts.</b> Shapes are closed: their boundary belongs to them. Two shapes that only touch are a hit,
with depth 0.</li>
<li><b>Normals point from A to B.</b> Moving B by <var>normal</var> × <var>depth</var> separates them, leaving
them just touching.</li>
<li><b>One parameter, <var>t</var>.</b> A point moving along something (a segment, a line, a ray, a motion) is
written <var>P</var>(<var>t</var>) = <var>start</var> + <var>t</var>·(<var>end</var> − <var>start</var>):
<var>t</var> = 0 at the start, 1 at the end.</li>
<li><b>Colours.</b> Each colour means one thing in every chapter; the legend under each figure lists those it uses:
A blue, B green, a hit vermillion with a hatch (and the word HIT), the push that separates dark purple, closest
points and distances pink, the algorithm at work orange, motion sky blue, computed points black diamonds.
Round knobs are handles to drag.</li>
</ul>
</div>
<p>The cheapest test in 2D is the one between two rectangles whose sides are parallel to the x and y axes. Such a
rectangle is fully described by its smallest corner <var>min</var> and its largest corner <var>max</var> (or, as many
games store it, a top-left corner plus a width and a height: <var>max</var> = <var>topLeft</var> + (<var>w</var>, <var>h</var>)).</p>
<p>Look at the <em>shadow</em> each rectangle casts on the x axis: the interval from <var>min.x</var> to
<var>max.x</var> (the figure draws it on its top edge). Two intervals on a number line share a point exactly when
each one starts before the other one ends. The rectangles overlap when their shadows overlap on <em>both</em> axes;
one gap on either axis is enough to keep them apart.</p>
<pre class="formula">hit = A.min.x ≤ B.max.x  and  B.min.x ≤ A.max.x
  and A.min.y ≤ B.max.y  and  B.min.y ≤ A.max.y</pre>
<p>Rectangles that merely touch along an edge count as a hit (with depth 0). Four comparisons and no arithmetic
make this the usual first filter before any more expensive test: wrap every object in its bounding rectangle and
only look closer when those rectangles meet.</p>
<p>When they do overlap, <code>collide</code> also says how to separate them. On each axis B can leave by moving
forwards, by <var>A.max</var> − <var>B.min</var>, or backwards, by <var>B.max</var> − <var>A.min</var>; the shorter of
the two is that axis' push. The axis with the smaller push gives the <em>normal</em> (a unit vector), and that push is
the <em>depth</em>. Together they are the <em>minimum translation vector</em> (MTV), the dark purple arrow: the
shortest move of B that separates the two. When the shadows only partly overlap, the push equals the overlap of
the shadows; when one shadow lies inside the other, it does not: a 60-wide box inside a 300-wide one shares 60 units
of shadow, yet must travel out past the nearer end of the big one (try "contained").</p>
<pre class="formula">push x = min(A.max.x − B.min.x, B.max.x − A.min.x)
push y = min(A.max.y − B.min.y, B.max.y − A.min.y)
depth  = min(push x, push y)</pre>
<p>The contact point the library reports lies on the face of B that is turned towards A, in the middle of the part
of that face within A's span on the other axis. When B surrounds A that face lies outside A; it is still where B
would slide off.</p>`,
  hint: 'Drag a rectangle by its body; its corner handle resizes it. The bars on the top and left edges are the shadows.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  select: 'b',
  shapes: () => ({ a: aabbS(250, 230, 120, 80), b: aabbS(560, 290, 100, 90) }),
  fitMargin: 26,
  keys: ['x', 'y', 'depth', 'normal'],
  legend: ['a', 'b', 'hit', 'push'],
  presets: [
    { label: 'touching edges', shapes: () => ({ a: aabbS(250, 230, 120, 80), b: aabbS(470, 260, 100, 90) }) },
    { label: 'contained', shapes: () => ({ a: aabbS(400, 250, 150, 100), b: aabbS(480, 250, 30, 40) }) },
    { label: 'corner overlap', shapes: () => ({ a: aabbS(300, 200, 120, 80), b: aabbS(460, 320, 100, 90) }) },
    { label: 'apart on x only', shapes: () => ({ a: aabbS(220, 250, 100, 120), b: aabbS(560, 250, 100, 90) }) },
  ],
  call: (_s, r) => overlapCall(r.hit, r.contact),
  plain: `// a, b: { min: {x, y}, max: {x, y} }
function overlaps(a, b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x &&
         a.min.y <= b.max.y && b.min.y <= a.max.y;
}
function depthAndNormal(a, b) {      // after overlaps(a, b)
  const fx = a.max.x - b.min.x, bx = b.max.x - a.min.x;
  const fy = a.max.y - b.min.y, by = b.max.y - a.min.y;
  const px = Math.min(fx, bx), py = Math.min(fy, by);
  if (px <= py) return { normal: { x: fx <= bx ? 1 : -1, y: 0 }, depth: px };
  return { normal: { x: 0, y: fy <= by ? 1 : -1 }, depth: py };
}`,
  compute(s) {
    const a = toAabb(s.a);
    const b = toAabb(s.b);
    const hit = c2.overlaps(a, b);
    const contact = c2.collide(a, b) as Contact;
    const ok = (x: boolean) => (x ? 'overlap' : 'gap');
    return {
      result: { hit, contact, a, b },
      answer: {
        hit,
        raw: { hit, contact },
        rows: [
          row('a', 'A min / max', `${fmtVec(a.min)} / ${fmtVec(a.max)}`),
          row('b', 'B min / max', `${fmtVec(b.min)} / ${fmtVec(b.max)}`),
          row('x', 'x shadows (compared here, as in the formula)', ok(a.min.x <= b.max.x && b.min.x <= a.max.x), 'x shadows'),
          row('y', 'y shadows (compared here, as in the formula)', ok(a.min.y <= b.max.y && b.min.y <= a.max.y), 'y shadows'),
          row('hit', 'overlaps(A, B)', String(hit)),
          ...contactRows(contact, "contact point (middle of B's face towards A, within A's span)"),
        ],
      },
    };
  },
  draw(st, s, r) {
    drawShape(st, s.a, r.hit, 'A', C.a);
    drawShape(st, s.b, r.hit, 'B', C.b);
    // The shadows sit on the view's top and left edges: they must not drive the fit to the drawing.
    st.untracked(() => {
      const vis = st.visible();
      const top = vis.y + 8 / st.k;
      const left = vis.x + 8 / st.k;
      const gap = 7 / st.k;
      const xMeet = r.a.min.x <= r.b.max.x && r.b.min.x <= r.a.max.x;
      const yMeet = r.a.min.y <= r.b.max.y && r.b.min.y <= r.a.max.y;
      st.line({ x: r.a.min.x, y: top }, { x: r.a.max.x, y: top }, C.a, 5);
      st.line({ x: r.b.min.x, y: top + gap }, { x: r.b.max.x, y: top + gap }, C.b, 5);
      st.label({ x: Math.max(r.a.max.x, r.b.max.x), y: top + gap / 2 }, xMeet ? 'x: overlap' : 'x: gap', xMeet ? C.hit : C.gap, 8, 0, 'left', true);
      st.line({ x: left, y: r.a.min.y }, { x: left, y: r.a.max.y }, C.a, 5);
      st.line({ x: left + gap, y: r.b.min.y }, { x: left + gap, y: r.b.max.y }, C.b, 5);
      st.label({ x: left, y: Math.max(r.a.max.y, r.b.max.y) }, yMeet ? 'y: overlap' : 'y: gap', yMeet ? C.hit : C.gap, 0, 12, 'left', true);
    });
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

// ---------------------------------------------------------------------------------------------------------------

export const circlesChapter: ChapterDef<{ hit: boolean; contact: Contact; a: c2.Circle; b: c2.Circle }> = {
  id: 'circles',
  title: 'Circles',
  nav: 'Circles',
  lede: `Two circles touch when their centres are no farther apart than the two radii together. Drag B towards A:
the answer flips exactly when the dashed line is as long as rA + rB.`,
  prose: `
<p>A circle is a centre and a radius: every point no farther than <var>r</var> from the centre belongs to it. Two
circles share a point exactly when their centres are no farther apart than the sum of the radii, because the
closest points of the two rims lie on the line joining the centres.</p>
<p>The distance <var>d</var> needs a square root, but both sides of the comparison are non-negative, so we can square
them and compare squared values instead. That is both faster and free of the rounding the root would add.</p>
<pre class="formula">d² = (B.x − A.x)² + (B.y − A.y)²
hit = d² ≤ (rA + rB)²</pre>
<p>For the contact, the normal points from A's centre to B's centre and the depth is how much the radii
exceed the distance: <var>depth</var> = <var>rA</var> + <var>rB</var> − <var>d</var>. When both centres coincide
there is no direction to pick, so the library uses (1, 0) by convention (and the depth is then rA + rB). Make the
circles just touch and the answer is still a hit, with depth 0. The contact point is the point of B's rim that faces
A, <var>B.center</var> − <var>normal</var> × <var>rB</var>.</p>`,
  hint: 'Drag a circle by its body; the handle on its rim changes its radius.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  select: 'b',
  shapes: () => ({ a: circleS(290, 250, 110), b: circleS(560, 220, 80) }),
  keys: ['d', 'rr', 'depth', 'normal'],
  legend: ['a', 'b', 'hit', 'push'],
  presets: [
    { label: 'touching', shapes: () => ({ a: circleS(290, 250, 110), b: circleS(480, 250, 80) }) },
    { label: 'contained', shapes: () => ({ a: circleS(400, 250, 150), b: circleS(440, 270, 50) }) },
    { label: 'coincident centres', shapes: () => ({ a: circleS(400, 250, 110), b: circleS(400, 250, 60) }) },
    { label: 'apart by a hair', shapes: () => ({ a: circleS(290, 250, 110), b: circleS(480.5, 250, 80) }) },
  ],
  call: (_s, r) => overlapCall(r.hit, r.contact),
  plain: `// a, b: { center: {x, y}, radius }
function overlaps(a, b) {
  const dx = b.center.x - a.center.x, dy = b.center.y - a.center.y;
  const r = a.radius + b.radius;
  return dx * dx + dy * dy <= r * r;      // no square root
}
function contact(a, b) {                  // after overlaps(a, b)
  const dx = b.center.x - a.center.x, dy = b.center.y - a.center.y;
  const d = Math.hypot(dx, dy);
  const normal = d > 0 ? { x: dx / d, y: dy / d } : { x: 1, y: 0 };
  return { normal, depth: a.radius + b.radius - d };
}`,
  compute(s) {
    const a = s.a.kind === 'circle' ? c2.circle(s.a.c.x, s.a.c.y, s.a.r) : (null as never);
    const b = s.b.kind === 'circle' ? c2.circle(s.b.c.x, s.b.c.y, s.b.r) : (null as never);
    const hit = c2.overlaps(a, b);
    const contact = c2.collide(a, b) as Contact;
    const d2 = (b.center.x - a.center.x) ** 2 + (b.center.y - a.center.y) ** 2;
    return {
      result: { hit, contact, a, b },
      answer: {
        hit,
        raw: { hit, contact },
        rows: [
          row('d', 'd, the centres\' distance (worked out here, for the figure)', fmt(Math.sqrt(d2), 2), 'd'),
          row('rr', 'rA + rB', fmt(a.radius + b.radius, 2), 'rA + rB'),
          row('hit', 'overlaps(A, B)', String(hit)),
          ...contactRows(contact, "contact point: B's rim point facing A (B.center − normal × rB)"),
        ],
      },
    };
  },
  draw(st, s, r) {
    drawShape(st, s.a, r.hit, 'A', C.a);
    drawShape(st, s.b, r.hit, 'B', C.b);
    const ca = r.a.center;
    const cb = r.b.center;
    st.line(ca, cb, C.muted, 1.5, [4, 4]);
    st.label(mid(ca, cb), `d = ${fmt(dist(ca, cb), 1)}`, C.ink, 0, -12, 'center');
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

// ---------------------------------------------------------------------------------------------------------------

type LineHit = { kind: 'parallel' | 'coincident' } | { kind: 'point'; point: Vec; ta: number; tb: number };

function paramTicks(st: Stage, a: Vec, b: Vec, color: string, name: string): void {
  st.dot(a, color, 3.5);
  st.dot(b, color, 3.5);
  st.label(a, `t${name} = 0`, color, 8, 12);
  st.label(b, `t${name} = 1`, color, 8, 12);
}

const lineHitC = (r: LineHit) =>
  r.kind === 'point' ? `{ kind: 'point', point: ${vc(r.point)}, ta: ${fmt(r.ta)}, tb: ${fmt(r.tb)} }` : `{ kind: '${r.kind}' }`;

export const linesChapter: ChapterDef<{ r: LineHit }> = {
  id: 'lines',
  title: 'Infinite lines',
  nav: 'Lines',
  lede: `Two lines in a plane cross in one point unless they are parallel. Drag their points: the labels give the
crossing's parameter <var>t</var> on each line.`,
  prose: `
<p>A line through two points <var>A₀</var> and <var>A₁</var> reaches every point
<var>A₀</var> + <var>tA</var>·(<var>A₁</var> − <var>A₀</var>) for some real <var>tA</var>: <var>tA</var> = 0 is
<var>A₀</var>, <var>tA</var> = 1 is <var>A₁</var>, other values run off in either direction. Writing the second
line the same way with its own parameter <var>tB</var> and asking for the point both reach gives two linear equations
(one for x, one for y) in the two unknowns <var>tA</var> and <var>tB</var>.</p>
<p>Two such equations are solved by <em>Cramer's rule</em>: each unknown is a ratio of two 2×2 determinants, with
the determinant of the equations' coefficients as the common denominator. For 2D vectors a 2×2 determinant is the
<em>cross product</em> <var>u</var> × <var>v</var> = <var>u.x</var>·<var>v.y</var> − <var>u.y</var>·<var>v.x</var>,
so the solution reads:</p>
<pre class="formula">dA = A₁ − A₀,  dB = B₁ − B₀,  w = B₀ − A₀
den = dA × dB
tA = (w × dB) / den
tB = (w × dA) / den</pre>
<p>When <var>den</var> is zero the directions are parallel: the lines never meet, or they are the same line.</p>
<p>The sign of a cross product is an <em>orientation test</em>: for three points <var>P</var>, <var>Q</var>,
<var>X</var>, the sign of (<var>Q</var> − <var>P</var>) × (<var>X</var> − <var>P</var>) says on which side of the line
<var>P</var>→<var>Q</var> the point <var>X</var> lies (+1 one side, −1 the other, 0 exactly on it). Unlike the usual
textbook code, collide2d does not compare <var>den</var> with a small epsilon: it decides "parallel" and "coincident"
with exact orientation tests, so two lines that are almost but not quite parallel still get their (far away) crossing
point. The slope-and-intercept form <var>y</var> = <var>m</var>·<var>x</var> + <var>n</var> is avoided altogether:
it cannot describe vertical lines.</p>`,
  hint: 'Drag a line by its middle, or its two points. The labels give tA and tB, the parameters of the crossing.',
  view: VIEW,
  names: { a: 'line A', b: 'line B' },
  select: 'b',
  shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(170, 400, 600, 140) }),
  keys: ['kind', 'point', 'ta', 'tb'],
  legend: ['a', 'b', 'point'],
  presets: [
    { label: 'parallel', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(120, 250, 560, 480) }) },
    { label: 'coincident', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(340, 245, 780, 475) }) },
    { label: 'almost parallel', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(120, 250, 560, 479) }) },
    { label: 'vertical', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(400, 60, 400, 440) }) },
  ],
  call: (_s, { r }) => line('const crossing = c2.intersectLines(a, b);', lineHitC(r)),
  plain: `// lines through a0→a1 and b0→b1
function intersectLines(a0, a1, b0, b1) {
  const dA = sub(a1, a0), dB = sub(b1, b0), w = sub(b0, a0);
  const den = cross(dA, dB);            // cross(u, v) = u.x*v.y - u.y*v.x
  if (den === 0) {                      // collide2d decides this exactly
    return cross(w, dA) === 0 ? { kind: 'coincident' } : { kind: 'parallel' };
  }
  const ta = cross(w, dB) / den, tb = cross(w, dA) / den;
  return { kind: 'point', ta, tb,
           point: { x: a0.x + ta * dA.x, y: a0.y + ta * dA.y } };
}`,
  compute(s) {
    const la = s.a.kind === 'line' ? c2.line(s.a.a.x, s.a.a.y, s.a.b.x, s.a.b.y) : (null as never);
    const lb = s.b.kind === 'line' ? c2.line(s.b.a.x, s.b.a.y, s.b.b.x, s.b.b.y) : (null as never);
    const r = c2.intersectLines(la, lb) as LineHit;
    return {
      result: { r },
      answer: {
        hit: r.kind !== 'parallel',
        text: r.kind === 'point' ? 'HIT: the lines cross in one point' : r.kind === 'coincident' ? 'HIT: the same line (coincident)' : 'NO HIT: parallel lines',
        raw: { crossing: r },
        rows: [
          row('kind', 'kind', r.kind, 'kind'),
          row('point', 'point', r.kind === 'point' ? fmtVec(r.point) : '—', 'point'),
          row('ta', 'tA (on A; the result\'s ta)', r.kind === 'point' ? fmt(r.ta) : '—', 'tA'),
          row('tb', 'tB (on B; the result\'s tb)', r.kind === 'point' ? fmt(r.tb) : '—', 'tB'),
        ],
      },
    };
  },
  draw(st, s, { r }) {
    const hit = r.kind !== 'parallel';
    drawShape(st, s.a, hit, undefined, C.a);
    drawShape(st, s.b, hit, undefined, C.b);
    if (s.a.kind === 'line') paramTicks(st, s.a.a, s.a.b, C.a, 'A');
    if (s.b.kind === 'line') paramTicks(st, s.b.a, s.b.b, C.b, 'B');
    if (r.kind === 'point') {
      st.dot(r.point, C.ink, 6);
      st.label(r.point, `tA = ${fmt(r.ta, 3)}, tB = ${fmt(r.tb, 3)}`, C.ink, 10, -12, 'left', true);
    }
  },
};

// ---------------------------------------------------------------------------------------------------------------

type SegHit = { kind: 'none' | 'point' | 'overlap'; points: Vec[]; ua: number[]; ub: number[] };

export const segmentsChapter: ChapterDef<{ r: SegHit; lines: LineHit }> = {
  id: 'segments',
  title: 'Segments',
  nav: 'Segments',
  lede: `A segment is the piece of a line between two points: the segments meet when their lines cross with both
parameters between 0 and 1. Drag an end past the other segment to see a parameter run out of range.`,
  prose: `
<p>A segment is the piece of a line between its two end points: the same formula
<var>A₀</var> + <var>tA</var>·(<var>A₁</var> − <var>A₀</var>), but only for 0 ≤ <var>tA</var> ≤ 1. So the first
step is the line crossing of the previous chapter, and the second is a range check on both parameters (the
library's result calls them <code>ua</code> and <code>ub</code>):</p>
<pre class="formula">hit = den ≠ 0 and 0 ≤ tA ≤ 1 and 0 ≤ tB ≤ 1
      (or collinear and sharing a piece)</pre>
<p>If either parameter falls outside [0, 1], the lines still cross, but beyond the end of a segment; the figure
then shows that crossing as a hollow marker so you can see which parameter ran out of range.</p>
<p>Parallel segments need more care than parallel lines. <em>Collinear</em> segments (lying on one line) that share a
stretch do touch:
collide2d reports that as an <em>overlap</em> with the two end points of the shared part. Segments that only share
an end point touch in one point. All of these decisions use the exact orientation tests of the previous chapter, so
a segment end that lies exactly on the other segment is reported as touching, never lost to rounding.</p>`,
  hint: 'Drag a segment by its body, or its ends. Line them up on one line to get an overlap.',
  view: VIEW,
  names: { a: 'segment A', b: 'segment B' },
  select: 'b',
  shapes: () => ({ a: segS(130, 130, 520, 360), b: segS(190, 400, 620, 150) }),
  keys: ['kind', 'points', 'ua', 'ub'],
  legend: ['a', 'b', 'hit', 'point', 'construction'],
  presets: [
    { label: 'collinear overlap', shapes: () => ({ a: segS(130, 130, 450, 290), b: segS(330, 230, 650, 390) }) },
    { label: 'touching ends', shapes: () => ({ a: segS(130, 130, 400, 300), b: segS(400, 300, 650, 120) }) },
    { label: 'end on the other', shapes: () => ({ a: segS(130, 130, 530, 330), b: segS(330, 230, 450, 440) }) },
    { label: 'lines cross, segments not', shapes: () => ({ a: segS(130, 130, 330, 230), b: segS(420, 420, 620, 150) }) },
  ],
  call: (_s, { r }) => line('const crossing = c2.intersectSegments(a, b);',
    `{ kind: '${r.kind}', points: [${r.points.map((p) => vc(p)).join(', ')}], ua: [${r.ua.map((x) => fmt(x)).join(', ')}], ub: [${r.ub.map((x) => fmt(x)).join(', ')}] }`),
  plain: `// segments a0→a1 and b0→b1 (the crossing case)
function intersectSegments(a0, a1, b0, b1) {
  const dA = sub(a1, a0), dB = sub(b1, b0), w = sub(b0, a0);
  const den = cross(dA, dB);
  if (den === 0) return collinearCase(a0, a1, b0, b1); // parallel: overlap or none
  const ta = cross(w, dB) / den, tb = cross(w, dA) / den;
  if (ta < 0 || ta > 1 || tb < 0 || tb > 1) return { kind: 'none' };
  return { kind: 'point', ua: [ta], ub: [tb],
           points: [{ x: a0.x + ta * dA.x, y: a0.y + ta * dA.y }] };
}`,
  compute(s) {
    const sa = s.a.kind === 'segment' ? c2.segment(s.a.a.x, s.a.a.y, s.a.b.x, s.a.b.y) : (null as never);
    const sb = s.b.kind === 'segment' ? c2.segment(s.b.a.x, s.b.a.y, s.b.b.x, s.b.b.y) : (null as never);
    const r = c2.intersectSegments(sa, sb) as SegHit;
    let lines: LineHit = { kind: 'parallel' };
    try {
      lines = c2.intersectLines(c2.line(sa.a.x, sa.a.y, sa.b.x, sa.b.y), c2.line(sb.a.x, sb.a.y, sb.b.x, sb.b.y)) as LineHit;
    } catch {
      /* a zero-length segment has no line */
    }
    const list = (xs: number[]) => (xs.length ? xs.map((x) => fmt(x)).join(', ') : '—');
    return {
      result: { r, lines },
      answer: {
        hit: r.kind !== 'none',
        text: r.kind === 'point' ? 'HIT: they cross in one point' : r.kind === 'overlap' ? 'HIT: collinear, sharing a piece' : 'NO HIT: the segments do not meet',
        raw: { crossing: r },
        rows: [
          row('kind', 'kind', r.kind, 'kind'),
          row('points', 'points', r.points.length ? r.points.map((p) => fmtVec(p)).join(' … ') : '—', 'points'),
          row('ua', 'tA on A (the result\'s ua)', list(r.ua), 'tA'),
          row('ub', 'tB on B (the result\'s ub)', list(r.ub), 'tB'),
          row('lines', 'the lines cross at (c2.intersectLines)', lines.kind === 'point' ? `tA = ${fmt(lines.ta)}, tB = ${fmt(lines.tb)}` : lines.kind),
        ],
      },
    };
  },
  draw(st, s, { r, lines }) {
    const hit = r.kind !== 'none';
    if (s.a.kind === 'segment') {
      st.infiniteLine(s.a.a, s.a.b, C.a + '55', 1, [3, 6]);
      paramTicks(st, s.a.a, s.a.b, C.a, 'A');
    }
    if (s.b.kind === 'segment') {
      st.infiniteLine(s.b.a, s.b.b, C.b + '55', 1, [3, 6]);
      paramTicks(st, s.b.a, s.b.b, C.b, 'B');
    }
    drawShape(st, s.a, hit, undefined, C.a);
    drawShape(st, s.b, hit, undefined, C.b);
    if (r.kind === 'overlap' && r.points.length === 2) {
      st.line(r.points[0], r.points[1], C.ink, 7);
      st.line(r.points[0], r.points[1], C.hit, 4);
    }
    r.points.forEach((p, i) => {
      st.dot(p, C.ink, 6);
      st.label(p, `tA = ${fmt(r.ua[i], 3)}, tB = ${fmt(r.ub[i], 3)}`, C.ink, 10, i ? 14 : -12, 'left', true);
    });
    if (r.kind === 'none' && lines.kind === 'point') {
      st.dot(lines.point, C.muted, 5, true);
      st.label(lines.point, `lines cross here: tA = ${fmt(lines.ta, 2)}, tB = ${fmt(lines.tb, 2)} (outside [0, 1])`, C.muted, 10, -12);
    }
  },
};
