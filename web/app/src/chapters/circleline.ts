// Chapters 5-6: circle and infinite line (both roots), circle and segment (nearest crossing, closest point). Both use
// the same quadratic, written the same way (the "half b" form).
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, fmt, fmtVec, mid } from '../geom';
import { row } from '../readout';
import { circleS, type EShape, lineS, segS } from '../shapes';
import { C, type Stage } from '../stage';
import { line, vc } from './codefmt';

const VIEW = { x: 0, y: 0, w: 800, h: 500 };

type CircleLine = { count: number; t1: number; t2: number; p1: Vec; p2: Vec };
type CircleSeg = {
  count: number; t: number[]; points: Vec[]; overlaps: boolean; closest: Vec; closestT: number; distance: number;
};
type SegPoint = { point: Vec; t: number; distanceSquared: number };

const libCircle = (s: EShape) => (s.kind === 'circle' ? c2.circle(s.c.x, s.c.y, s.r) : (null as never));

function ticks(st: Stage, a: Vec, b: Vec, color = C.b): void {
  st.dot(a, color, 3.5);
  st.dot(b, color, 3.5);
  st.label(a, 't = 0', color, 8, 12);
  st.label(b, 't = 1', color, 8, 12);
}

const QUADRATIC = `f = P₀ − M,  d = P₁ − P₀
a = d·d,  b = f·d,  c = f·f − r²
a t² + 2b t + c = 0
disc = b² − a·c
t₁,₂ = (−b ∓ √disc) / a`;

export const circleLineChapter: ChapterDef<{ r: CircleLine; foot: SegPoint }> = {
  id: 'circle-line',
  title: 'Circle and line',
  nav: 'Circle × line',
  lede: `A line meets a circle in two points, one (tangent) or none: the sign of one number, the discriminant,
decides which. Drag the line across the circle.`,
  prose: `
<p>Write the line through <var>P₀</var> and <var>P₁</var> with its parameter, <var>P</var>(<var>t</var>) =
<var>P₀</var> + <var>t</var>·<var>d</var> where <var>d</var> = <var>P₁</var> − <var>P₀</var>. A point lies on the
rim of the circle (centre <var>M</var>, radius <var>r</var>) when its distance to the centre is exactly
<var>r</var>, that is (<var>P</var> − <var>M</var>)·(<var>P</var> − <var>M</var>) = <var>r</var>². Substituting
the line into this and collecting the powers of <var>t</var> gives an ordinary quadratic. Writing its middle
coefficient as 2<var>b</var> (the "half b" form) saves a few factors of 2 and 4:</p>
<pre class="formula">${QUADRATIC}</pre>
<p>The sign of the discriminant tells the whole story. Negative: the line passes by and never touches the rim.
Zero: it just grazes the circle, one tangent point with <var>t₁</var> = <var>t₂</var>. Positive: it enters at
<var>t₁</var> and leaves at <var>t₂</var>, with <var>t₁</var> &lt; <var>t₂</var>. Nothing here needs the
direction to be of unit length; a unit direction only saves the division.</p>
<p>A second way to see the same thing: drop a perpendicular from the centre to the line. The line meets the circle
exactly when that foot point (the pink diamond, from <code>c2.closestPoint(line, M)</code>) is within <var>r</var> of
the centre, and the two crossings sit symmetrically on either side of it, at the half-chord
√(<var>r</var>² − <var>h</var>²). collide2d decides the tangent case exactly, so a line placed exactly at distance
<var>r</var> is reported as one tangent point, not as a near-miss or two nearly equal points.</p>`,
  hint: 'Drag the line by its middle or its two points, or the circle. t runs along the line: 0 at its first point, 1 at its second.',
  view: VIEW,
  names: { c: 'circle', l: 'line' },
  select: 'l',
  shapes: () => ({ c: circleS(400, 250, 110), l: lineS(110, 350, 320, 290) }),
  keys: ['count', 't1', 't2', 'h'],
  legend: [['a', 'the circle'], ['b', 'the line'], 'hit', 'closest', 'point'],
  presets: [
    { label: 'tangent', shapes: () => ({ c: circleS(400, 250, 110), l: lineS(150, 360, 650, 360) }) },
    { label: 'through the centre', shapes: () => ({ c: circleS(400, 250, 110), l: lineS(150, 150, 650, 350) }) },
    { label: 'passes by', shapes: () => ({ c: circleS(400, 250, 110), l: lineS(150, 400, 650, 380) }) },
  ],
  call: (_s, { r, foot }) => `${line('const crossing = c2.intersectCircleLine(c, l);', `{ count: ${r.count}${r.count ? `, t1: ${fmt(r.t1)}, t2: ${fmt(r.t2)}, p1: ${vc(r.p1)}, p2: ${vc(r.p2)}` : ''} }`)}
${line('const foot = c2.closestPoint(l, c.center);', `{ point: ${vc(foot.point)}, t: ${fmt(foot.t)}, distanceSquared: ${fmt(foot.distanceSquared, 2)} }`)}`,
  plain: `// circle (m, r), line p0 + t d
function intersectCircleLine(m, r, p0, d) {
  const f = { x: p0.x - m.x, y: p0.y - m.y };
  const a = dot(d, d), b = dot(f, d), c = dot(f, f) - r * r;
  const disc = b * b - a * c;           // collide2d: tangent decided exactly
  if (disc < 0) return { count: 0 };
  const s = Math.sqrt(disc);
  const t1 = (-b - s) / a, t2 = (-b + s) / a;
  return { count: disc === 0 ? 1 : 2, t1, t2 };
}`,
  compute(s) {
    const circle = libCircle(s.c);
    const l = s.l.kind === 'line' ? c2.line(s.l.a.x, s.l.a.y, s.l.b.x, s.l.b.y) : (null as never);
    const r = c2.intersectCircleLine(circle, l) as CircleLine;
    const foot = c2.closestPoint(l, circle.center) as SegPoint;
    return {
      result: { r, foot },
      answer: {
        hit: r.count > 0,
        text: r.count === 2 ? 'HIT: two crossings' : r.count === 1 ? 'HIT: tangent, one point' : 'NO HIT: the line passes by',
        raw: { crossing: r, foot },
        rows: [
          row('count', 'crossings (count)', String(r.count), 'crossings'),
          row('t1', 't₁', r.count ? fmt(r.t1) : '—', 't₁'),
          row('t2', 't₂', r.count ? fmt(r.t2) : '—', 't₂'),
          row('p1', 'P(t₁)', r.count ? fmtVec(r.p1) : '—'),
          row('p2', 'P(t₂)', r.count ? fmtVec(r.p2) : '—'),
          row('h', 'h, distance centre → line (√ foot.distanceSquared)', fmt(Math.sqrt(foot.distanceSquared)), 'h'),
        ],
      },
    };
  },
  draw(st, s, { r, foot }) {
    const hit = r.count > 0;
    drawShape(st, s.c, hit, 'M', C.a);
    drawShape(st, s.l, hit, undefined, C.b);
    if (s.l.kind === 'line') ticks(st, s.l.a, s.l.b);
    if (s.c.kind === 'circle') {
      st.line(s.c.c, foot.point, C.closest, 1.5, [4, 3]);
      st.dot(foot.point, C.closest, 4);
      st.label(mid(s.c.c, foot.point), `h = ${fmt(Math.sqrt(foot.distanceSquared), 1)}`, C.closest, 8, 0);
    }
    if (r.count >= 1) {
      st.dot(r.p1, C.ink, 6);
      st.label(r.p1, r.count === 1 ? `tangent t = ${fmt(r.t1, 3)}` : `t₁ = ${fmt(r.t1, 3)}`, C.ink, 10, -12, 'left', true);
    }
    if (r.count === 2) {
      st.dot(r.p2, C.ink, 6);
      st.label(r.p2, `t₂ = ${fmt(r.t2, 3)}`, C.ink, 10, 14, 'left', true);
    }
  },
};

export const circleSegmentChapter: ChapterDef<{ r: CircleSeg; ext: CircleLine | null }> = {
  id: 'circle-segment',
  title: 'Circle and segment',
  nav: 'Circle × segment',
  lede: `The same quadratic as for a line, keeping only the roots with 0 ≤ t ≤ 1: the first one is where something
moving along the segment would hit the circle. Drag the segment's ends into, through and past the circle.`,
  prose: `
<p>A segment from <var>P₀</var> to <var>P₁</var> is the line of the previous chapter restricted to
0 ≤ <var>t</var> ≤ 1. Solve the same quadratic, then keep only the roots inside that range. Since
<var>t₁</var> ≤ <var>t₂</var>, the first root that survives is the crossing nearest the start of the segment: the
place where something travelling from <var>P₀</var> to <var>P₁</var> would first hit the circle.</p>
<pre class="formula">${QUADRATIC}
a = 0          → zero length: no crossing
disc &lt; 0       → no crossing
t₁ in [0, 1]   → first crossing at t₁
t₂ in [0, 1]   → first crossing at t₂
                 (the start is inside)</pre>
<p>Three situations give no crossing although the line does cross: the roots lie on the extension before
<var>P₀</var> or after <var>P₁</var> (shown as hollow markers), or the whole segment sits inside the circle
(both roots outside [0, 1] on either side). In the last case the segment still <em>overlaps</em> the disc, which is
why collide2d reports both the crossings and a separate overlap flag.</p>
<p>The overlap flag comes from the point of the segment closest to the centre. The quadratic's own numbers give its
parameter: −<var>b</var>/<var>a</var> is the projection of <var>M</var> − <var>P₀</var> onto <var>d</var>, in units
of the segment. Clamp it to [0, 1] and compare that point's distance to the centre with <var>r</var>. This clamped
projection is the building block of the next two chapters.</p>
<pre class="formula">t* = clamp(−b / a, 0, 1)
closest = P₀ + t*·d
overlaps = |M − closest|² ≤ r²</pre>`,
  hint: 'Drag the segment by its body or its ends; shrink it inside the circle to see "overlaps without a crossing".',
  view: VIEW,
  names: { c: 'circle', s: 'segment' },
  select: 's',
  shapes: () => ({ c: circleS(450, 250, 100), s: segS(120, 380, 390, 278) }),
  keys: ['count', 't', 'overlaps', 'closestT'],
  legend: [['a', 'the circle'], ['b', 'the segment'], 'hit', 'closest', 'point', 'construction'],
  presets: [
    { label: 'inside the circle', shapes: () => ({ c: circleS(450, 250, 120), s: segS(400, 230, 500, 280) }) },
    { label: 'tangent', shapes: () => ({ c: circleS(450, 250, 100), s: segS(250, 350, 650, 350) }) },
    { label: 'one crossing', shapes: () => ({ c: circleS(450, 250, 100), s: segS(200, 260, 460, 250) }) },
    { label: 'roots on the extension', shapes: () => ({ c: circleS(450, 250, 100), s: segS(120, 300, 300, 270) }) },
  ],
  call: (_s, { r }) => line('const crossing = c2.intersectCircleSegment(c, s);',
    `{ count: ${r.count}, t: [${r.t.slice(0, r.count).map((x) => fmt(x)).join(', ')}], overlaps: ${r.overlaps},\n  //   closest: ${vc(r.closest)}, closestT: ${fmt(r.closestT)}, distance: ${fmt(r.distance)} }`),
  plain: `// circle (m, r), segment p0 → p1: the first crossing
function firstCrossing(m, r, p0, p1) {
  const d = sub(p1, p0), f = sub(p0, m);
  const a = dot(d, d), b = dot(f, d), c = dot(f, f) - r * r;
  if (a === 0) return null;             // zero length
  const disc = b * b - a * c;
  if (disc < 0) return null;
  const s = Math.sqrt(disc);
  const t1 = (-b - s) / a, t2 = (-b + s) / a;
  if (t1 >= 0 && t1 <= 1) return t1;
  if (t2 >= 0 && t2 <= 1) return t2;    // the start is inside
  return null;
}`,
  compute(s) {
    const circle = libCircle(s.c);
    const seg = s.s.kind === 'segment' ? c2.segment(s.s.a.x, s.s.a.y, s.s.b.x, s.s.b.y) : (null as never);
    const r = c2.intersectCircleSegment(circle, seg) as CircleSeg;
    let ext: CircleLine | null = null;
    if (seg.a.x !== seg.b.x || seg.a.y !== seg.b.y) {
      ext = c2.intersectCircleLine(circle, c2.line(seg.a.x, seg.a.y, seg.b.x, seg.b.y)) as CircleLine;
    }
    const text =
      r.count > 0
        ? `HIT: first crossing at t = ${fmt(r.t[0], 3)}`
        : r.overlaps
          ? 'HIT: overlaps, no crossing (inside the circle)'
          : 'NO HIT: no crossing, no overlap';
    return {
      result: { r, ext },
      answer: {
        hit: r.overlaps,
        text,
        raw: { crossing: r },
        rows: [
          row('count', 'crossings in [0, 1]', String(r.count), 'crossings'),
          row('t', 't (nearest first)', r.count ? r.t.slice(0, r.count).map((x) => fmt(x)).join(', ') : '—', 't'),
          row('first', 'first crossing', r.count ? fmtVec(r.points[0]) : '—'),
          row('overlaps', 'overlaps the disc', String(r.overlaps), 'overlaps'),
          row('closest', 'closest point', fmtVec(r.closest)),
          row('closestT', 'its parameter t*', fmt(r.closestT), 't*'),
          row('distance', 'distance to centre', fmt(r.distance)),
        ],
      },
    };
  },
  draw(st, s, { r, ext }) {
    const hit = r.overlaps;
    if (s.s.kind === 'segment') st.infiniteLine(s.s.a, s.s.b, C.muted + '66', 1, [3, 6]);
    drawShape(st, s.c, hit, 'M', C.a);
    drawShape(st, s.s, hit, undefined, C.b);
    if (s.s.kind === 'segment') ticks(st, s.s.a, s.s.b);
    if (ext && ext.count > 0) {
      const ts = ext.count === 2 ? [ext.t1, ext.t2] : [ext.t1];
      const ps = ext.count === 2 ? [ext.p1, ext.p2] : [ext.p1];
      ts.forEach((t, i) => {
        if (t < 0 || t > 1) {
          st.dot(ps[i], C.muted, 5, true);
          st.label(ps[i], `t = ${fmt(t, 2)} (on the extension)`, C.muted, 10, 12);
        }
      });
    }
    for (let i = 0; i < r.count; i++) {
      st.dot(r.points[i], i === 0 ? C.hit : C.ink, i === 0 ? 7 : 5);
      st.label(r.points[i], i === 0 ? `first t = ${fmt(r.t[0], 3)}` : `t = ${fmt(r.t[i], 3)}`, C.ink, 10, -12, 'left', i === 0);
    }
    if (s.c.kind === 'circle') {
      st.line(s.c.c, r.closest, C.closest, 1.5, [4, 3]);
      st.dot(r.closest, C.closest, 4.5);
      st.label(r.closest, `closest t* = ${fmt(r.closestT, 2)}, distance ${fmt(r.distance, 1)}`, C.closest, 10, 14);
    }
  },
};
