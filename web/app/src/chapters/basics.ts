// Chapters 1-4: axis-aligned rectangles, circles, infinite lines, segments.
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, dist, fmt, fmtVec, mid } from '../geom';
import { row } from '../readout';
import { aabbS, circleS, lineS, segS } from '../shapes';
import { C, type Stage } from '../stage';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

type Contact = { normal: Vec; depth: number; point: Vec } | null;

const contactRows = (c: Contact, pointLabel: string) =>
  c
    ? [
        row('normal', 'contact normal (A → B)', fmtVec(c.normal, 3)),
        row('depth', 'depth (push B by normal × depth)', fmt(c.depth)),
        row('point', pointLabel, fmtVec(c.point)),
      ]
    : [row('contact', 'contact', 'none (collide returned null)')];

// ---------------------------------------------------------------------------------------------------------------

export const aabbChapter: ChapterDef<{ hit: boolean; contact: Contact; a: c2.Aabb; b: c2.Aabb }> = {
  id: 'aabb',
  title: 'Axis-aligned rectangles',
  nav: 'Rectangles',
  prose: `
<p>The cheapest test in 2D is the one between two rectangles whose sides are parallel to the x and y axes. Such a
rectangle is fully described by its smallest corner <var>min</var> and its largest corner <var>max</var> (or, as many
games store it, a top-left corner plus a width and a height: <var>max</var> = <var>topLeft</var> + (<var>w</var>, <var>h</var>)).</p>
<p>Look at the shadow each rectangle casts on the x axis: an interval from <var>min.x</var> to <var>max.x</var>. Two
intervals on a number line share a point exactly when each one starts before the other one ends. The rectangles
overlap when their shadows overlap on <em>both</em> axes; one gap on either axis is enough to keep them apart.</p>
<pre class="formula">hit = A.min.x ≤ B.max.x  and  B.min.x ≤ A.max.x
  and A.min.y ≤ B.max.y  and  B.min.y ≤ A.max.y</pre>
<p>collide2d treats shapes as closed, so rectangles that merely touch along an edge count as a hit (with depth 0).
Four comparisons and no arithmetic make this the usual first filter before any more expensive test: wrap every
object in its bounding rectangle and only look closer when those rectangles meet.</p>
<p>When they do overlap, <code>collide</code> also says how to separate them. On each axis B can leave by moving
forwards, by <var>A.max</var> − <var>B.min</var>, or backwards, by <var>B.max</var> − <var>A.min</var>; the shorter of
the two is that axis' push. The axis with the smaller push gives the normal, and that push is the depth: moving B by
<var>normal</var> × <var>depth</var> leaves the two just touching. That push is the <em>minimum translation
vector</em> (MTV), drawn as a dark purple arrow. When the shadows only partly overlap, the push equals the overlap of the
shadows; when one box's shadow lies inside the other's, it does not: a 60-wide box inside a 300-wide one shares
60 units of shadow, yet must travel out past the nearer end of the big one (try "contained" below).</p>
<pre class="formula">push x = min(A.max.x − B.min.x, B.max.x − A.min.x)
push y = min(A.max.y − B.min.y, B.max.y − A.min.y)
depth  = min(push x, push y)</pre>
<p>The contact point the library reports lies on the face of B that is turned towards A, in the middle of the part
of that face within A's span on the other axis. When B surrounds A that face lies outside A; it is still where B
would slide off.</p>`,
  hint: 'Drag a centre to move a rectangle, the corner handle to resize it. The bars on the top and left edges are the two shadows on each axis.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  shapes: () => ({ a: aabbS(250, 230, 120, 80), b: aabbS(560, 290, 100, 90) }),
  fitMargin: 26,
  presets: [
    { label: 'touching edges', shapes: () => ({ a: aabbS(250, 230, 120, 80), b: aabbS(470, 260, 100, 90) }) },
    { label: 'contained', shapes: () => ({ a: aabbS(400, 250, 150, 100), b: aabbS(480, 250, 30, 40) }) },
    { label: 'corner overlap', shapes: () => ({ a: aabbS(300, 200, 120, 80), b: aabbS(460, 320, 100, 90) }) },
    { label: 'apart on x only', shapes: () => ({ a: aabbS(220, 250, 100, 120), b: aabbS(560, 250, 100, 90) }) },
  ],
  call: (_s, r) => `c2.overlaps(a, b);  // ${r.hit}
c2.collide(a, b);   // ${r.contact ? `{ normal: ${fmtVec(r.contact.normal, 3)}, depth: ${fmt(r.contact.depth)}, point: ${fmtVec(r.contact.point)} }` : 'null'}`,
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
    const ok = (x: boolean) => (x ? 'yes' : 'no — gap');
    return {
      result: { hit, contact, a, b },
      answer: {
        hit,
        raw: { overlaps: hit, collide: contact },
        rows: [
          row('a', 'A min / max', `${fmtVec(a.min)} / ${fmtVec(a.max)}`),
          row('b', 'B min / max', `${fmtVec(b.min)} / ${fmtVec(b.max)}`),
          row('x', 'x shadows meet', ok(a.min.x <= b.max.x && b.min.x <= a.max.x)),
          row('y', 'y shadows meet', ok(a.min.y <= b.max.y && b.min.y <= a.max.y)),
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
      st.label({ x: Math.max(r.a.max.x, r.b.max.x), y: top + gap / 2 }, xMeet ? 'x: overlap' : 'x: gap', xMeet ? C.hit : C.miss, 8, 0);
      st.line({ x: left, y: r.a.min.y }, { x: left, y: r.a.max.y }, C.a, 5);
      st.line({ x: left + gap, y: r.b.min.y }, { x: left + gap, y: r.b.max.y }, C.b, 5);
      st.label({ x: left, y: Math.max(r.a.max.y, r.b.max.y) }, yMeet ? 'y: overlap' : 'y: gap', yMeet ? C.hit : C.miss, 0, 12);
    });
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};

function toAabb(s: import('../shapes').EShape): c2.Aabb {
  if (s.kind !== 'aabb') throw new TypeError('expected an aabb');
  return c2.aabb(s.c.x - s.hw, s.c.y - s.hh, s.c.x + s.hw, s.c.y + s.hh);
}

// ---------------------------------------------------------------------------------------------------------------

export const circlesChapter: ChapterDef<{ hit: boolean; contact: Contact; a: c2.Circle; b: c2.Circle }> = {
  id: 'circles',
  title: 'Circles',
  nav: 'Circles',
  prose: `
<p>A circle is a centre and a radius: every point no farther than <var>r</var> from the centre belongs to it. Two
circles share a point exactly when their centres are no farther apart than the sum of the radii, because the
closest points of the two rims lie on the line joining the centres.</p>
<p>The distance needs a square root, but both sides of the comparison are non-negative, so we can square them and
compare squared values instead. That is both faster and free of the rounding the root would add.</p>
<pre class="formula">d² = (B.x − A.x)² + (B.y − A.y)²
hit = d² ≤ (rA + rB)²</pre>
<p>For the contact, the normal points from A's centre to B's centre and the depth is how much the radii
exceed the distance: <var>depth</var> = <var>rA</var> + <var>rB</var> − <var>d</var>. When both centres coincide
there is no direction to pick, so the library uses (1, 0) by convention (and the depth is then rA + rB). Make the
circles just touch and the answer is still a hit, with depth 0. The contact point is the point of B's rim that faces
A, <var>B.center</var> − <var>normal</var> × <var>rB</var>.</p>`,
  hint: 'Drag a centre to move a circle, the rim handle to change its radius.',
  view: VIEW,
  names: { a: 'A', b: 'B' },
  shapes: () => ({ a: circleS(290, 250, 110), b: circleS(560, 220, 80) }),
  presets: [
    { label: 'touching', shapes: () => ({ a: circleS(290, 250, 110), b: circleS(480, 250, 80) }) },
    { label: 'contained', shapes: () => ({ a: circleS(400, 250, 150), b: circleS(440, 270, 50) }) },
    { label: 'coincident centres', shapes: () => ({ a: circleS(400, 250, 110), b: circleS(400, 250, 60) }) },
    { label: 'apart by a hair', shapes: () => ({ a: circleS(290, 250, 110), b: circleS(480.5, 250, 80) }) },
  ],
  call: (_s, r) => `c2.overlaps(a, b);  // ${r.hit}
c2.collide(a, b);   // ${r.contact ? `{ normal: ${fmtVec(r.contact.normal, 3)}, depth: ${fmt(r.contact.depth)}, point: ${fmtVec(r.contact.point)} }` : 'null'}`,
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
        raw: { overlaps: hit, collide: contact },
        rows: [
          row('d2', 'd² (centres)', fmt(d2, 2)),
          row('r2', '(rA + rB)²', fmt((a.radius + b.radius) ** 2, 2)),
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

type LineHit = { kind: 'parallel' | 'point' | 'coincident'; point?: Vec; ta?: number; tb?: number };

function paramTicks(st: Stage, a: Vec, b: Vec, color: string, name: string): void {
  st.dot(a, color, 3.5);
  st.dot(b, color, 3.5);
  st.label(a, `${name}: t=0`, color, 8, 12);
  st.label(b, `${name}: t=1`, color, 8, 12);
}

export const linesChapter: ChapterDef<{ r: LineHit }> = {
  id: 'lines',
  title: 'Infinite lines',
  nav: 'Lines',
  prose: `
<p>A line through two points <var>A₁</var> and <var>A₂</var> reaches every point
<var>A₁</var> + <var>t</var>·(<var>A₂</var> − <var>A₁</var>) for some real <var>t</var>: <var>t</var> = 0 is
<var>A₁</var>, <var>t</var> = 1 is <var>A₂</var>, other values run off in either direction. Writing the second
line the same way with its own parameter and asking for the point both expressions reach gives two linear equations
(one for x, one for y) in two unknowns, <var>tA</var> and <var>tB</var>.</p>
<p>Solving them by Cramer's rule leaves both unknowns over the same denominator, the 2D cross product of the two
direction vectors:</p>
<pre class="formula">dA = A₂ − A₁,  dB = B₂ − B₁,  w = B₁ − A₁
den = dA × dB    (u × v = u.x·v.y − u.y·v.x)
tA = (w × dB) / den
tB = (w × dA) / den</pre>
<p>When <var>den</var> is zero the directions are parallel: the lines never meet, or they are the same line.
Unlike the usual textbook code, collide2d does not compare <var>den</var> with a small epsilon. It decides
"parallel" and "coincident" with exact orientation tests, so two lines that are almost but not quite parallel still
get their (far away) crossing point. The slope-and-intercept form <var>y</var> = <var>m</var>·<var>x</var> + <var>n</var>
is avoided altogether: it cannot describe vertical lines.</p>`,
  hint: 'Drag the two points of each line (or its middle). The labels show the parameter of the crossing on each line.',
  view: VIEW,
  names: { a: 'line A', b: 'line B' },
  shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(170, 400, 600, 140) }),
  presets: [
    { label: 'parallel', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(120, 250, 560, 480) }) },
    { label: 'coincident', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(340, 245, 780, 475) }) },
    { label: 'almost parallel', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(120, 250, 560, 479) }) },
    { label: 'vertical', shapes: () => ({ a: lineS(120, 130, 560, 360), b: lineS(400, 60, 400, 440) }) },
  ],
  call: (_s, { r }) => `c2.intersectLines(a, b);
// ${r.kind === 'point' ? `{ kind: 'point', point: ${fmtVec(r.point)}, ta: ${fmt(r.ta)}, tb: ${fmt(r.tb)} }` : `{ kind: '${r.kind}' }`}`,
  plain: `// lines through a1→a2 and b1→b2
function intersectLines(a1, a2, b1, b2) {
  const dA = sub(a2, a1), dB = sub(b2, b1), w = sub(b1, a1);
  const den = cross(dA, dB);            // cross(u, v) = u.x*v.y - u.y*v.x
  if (den === 0) {                      // collide2d decides this exactly
    return cross(w, dA) === 0 ? { kind: 'coincident' } : { kind: 'parallel' };
  }
  const ta = cross(w, dB) / den, tb = cross(w, dA) / den;
  return { kind: 'point', ta, tb,
           point: { x: a1.x + ta * dA.x, y: a1.y + ta * dA.y } };
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
        raw: r,
        rows: [
          row('kind', 'kind', r.kind),
          row('point', 'point', r.kind === 'point' ? fmtVec(r.point) : '—'),
          row('ta', 'tA (on A)', r.kind === 'point' ? fmt(r.ta) : '—'),
          row('tb', 'tB (on B)', r.kind === 'point' ? fmt(r.tb) : '—'),
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
    if (r.kind === 'point' && r.point) {
      st.dot(r.point, C.point, 6);
      st.label(r.point, `tA=${fmt(r.ta, 3)}  tB=${fmt(r.tb, 3)}`, C.ink, 10, -12, 'left', true);
    }
  },
};

// ---------------------------------------------------------------------------------------------------------------

type SegHit = { kind: 'none' | 'point' | 'overlap'; points: Vec[]; ua: number[]; ub: number[] };

export const segmentsChapter: ChapterDef<{ r: SegHit; lines: LineHit }> = {
  id: 'segments',
  title: 'Segments',
  nav: 'Segments',
  prose: `
<p>A segment is the piece of a line between its two end points: the same formula
<var>A₁</var> + <var>t</var>·(<var>A₂</var> − <var>A₁</var>), but only for 0 ≤ <var>t</var> ≤ 1. So the first step
is the line crossing from the previous chapter, and the second is a range check on both parameters:</p>
<pre class="formula">hit = den ≠ 0 and 0 ≤ uA ≤ 1 and 0 ≤ uB ≤ 1
      (or collinear and sharing a piece)</pre>
<p>If either parameter falls outside [0, 1], the lines still cross, but beyond the end of a segment; the figure
then shows that crossing as a hollow marker so you can see which parameter ran out of range.</p>
<p>Parallel segments need more care than parallel lines. Collinear segments that share a stretch do touch:
collide2d reports that as an <em>overlap</em> with the two end points of the shared part. Segments that only share
an end point touch in one point. All of these decisions use exact orientation signs, so a segment end that lies
exactly on the other segment is reported as touching, never lost to rounding.</p>`,
  hint: 'Drag the ends of the segments. Try lining them up on one line to get an overlap.',
  view: VIEW,
  names: { a: 'segment A', b: 'segment B' },
  shapes: () => ({ a: segS(130, 130, 520, 360), b: segS(190, 400, 620, 150) }),
  presets: [
    { label: 'collinear overlap', shapes: () => ({ a: segS(130, 130, 450, 290), b: segS(330, 230, 650, 390) }) },
    { label: 'touching ends', shapes: () => ({ a: segS(130, 130, 400, 300), b: segS(400, 300, 650, 120) }) },
    { label: 'end on the other', shapes: () => ({ a: segS(130, 130, 530, 330), b: segS(330, 230, 450, 440) }) },
    { label: 'lines cross, segments not', shapes: () => ({ a: segS(130, 130, 330, 230), b: segS(420, 420, 620, 150) }) },
  ],
  call: (_s, { r }) => `c2.intersectSegments(a, b);
// { kind: '${r.kind}', points: [${r.points.map((p) => fmtVec(p)).join(', ')}], ua: [${r.ua.map((x) => fmt(x)).join(', ')}], ub: [${r.ub.map((x) => fmt(x)).join(', ')}] }`,
  plain: `// segments a1→a2 and b1→b2 (the crossing case)
function intersectSegments(a1, a2, b1, b2) {
  const dA = sub(a2, a1), dB = sub(b2, b1), w = sub(b1, a1);
  const den = cross(dA, dB);
  if (den === 0) return collinearCase(a1, a2, b1, b2); // parallel: overlap or none
  const ua = cross(w, dB) / den, ub = cross(w, dA) / den;
  if (ua < 0 || ua > 1 || ub < 0 || ub > 1) return { kind: 'none' };
  return { kind: 'point', ua, ub,
           point: { x: a1.x + ua * dA.x, y: a1.y + ua * dA.y } };
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
        raw: r,
        rows: [
          row('kind', 'kind', r.kind),
          row('points', 'points', r.points.length ? r.points.map((p) => fmtVec(p)).join(' … ') : '—'),
          row('ua', 'uA (on A)', list(r.ua)),
          row('ub', 'uB (on B)', list(r.ub)),
          row('lines', 'the lines cross at', lines.kind === 'point' ? `uA=${fmt(lines.ta)}, uB=${fmt(lines.tb)}` : lines.kind),
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
      st.dot(p, C.point, 6);
      st.label(p, `uA=${fmt(r.ua[i], 3)}  uB=${fmt(r.ub[i], 3)}`, C.ink, 10, i ? 14 : -12, 'left', true);
    });
    if (r.kind === 'none' && lines.kind === 'point' && lines.point) {
      st.dot(lines.point, C.muted, 5, true);
      st.label(lines.point, `lines cross here: uA=${fmt(lines.ta, 2)}, uB=${fmt(lines.tb, 2)} (outside [0,1])`, C.muted, 10, -12);
    }
  },
};

