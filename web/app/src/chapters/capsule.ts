// Chapter: capsules, a segment grown by a radius, against a circle, a box or a polygon.
import * as c2 from 'collide2d';
import type { ChapterDef, Shapes } from '../chapter';
import { drawCapsuleAnatomy, drawMtv, drawShape } from '../draw';
import { type Vec, fmt, fmtVec, lerp } from '../geom';
import { row } from '../readout';
import { boxS, capS, circleS, ngonS, toLib } from '../shapes';
import { C } from '../stage';
import { contactC, line } from './codefmt';

type Contact = { normal: Vec; depth: number; point: Vec } | null;
interface CapR {
  overlaps: boolean;
  collide: Contact;
  distance: c2.DistanceResult;
  core: c2.DistanceResult;
  r: number;
  a: Vec;
  b: Vec;
}

const scene = (b: Shapes['b']): Shapes => ({ a: capS(180, 330, 390, 190, 45), b });

export const capsuleChapter: ChapterDef<CapR> = {
  id: 'capsule',
  title: 'Capsules',
  nav: 'Capsules',
  lede: `A capsule is a segment grown by a radius, so every capsule test is a segment test plus r. Drag B towards the
capsule: it touches when B comes within r of the dashed core.`,
  prose: `
<p>A <em>capsule</em> is a segment grown by a radius: every point within <var>r</var> of the segment from
<var>a</var> to <var>b</var> (its <em>core</em>). It is a rectangle with two half circles for ends, and it is the
usual shape for a game character: it has no corner to catch on the seam between two floor tiles or on the lip of a
step, so its round bottom slides over them.</p>
<p>Because a capsule is defined by a distance, every capsule test is a segment test plus the radius. Find the point
of the core segment nearest to the other shape (the clamped projection of chapter 6, or a segment-to-shape distance);
the capsule touches the shape when that distance is at most <var>r</var>, and the contact is the one of a circle of
radius <var>r</var> sitting at that core point:</p>
<pre class="formula">d = distance(core segment a–b, B)
overlap  ⇔  d ≤ r
depth    = r − d       (when d &gt; 0)
normal   = from the core point towards B
distance(capsule, B) = max(0, d − r)</pre>
<p>Against a circle of radius <var>r</var>ᴮ the same rule reads "the core point is within <var>r</var> +
<var>r</var>ᴮ of the centre", and two capsules touch when their cores are within <var>r</var>ᴬ + <var>r</var>ᴮ.
In the figure the dark line inside the capsule is its core, the pink diamond on it is the core's closest point, and
the read-out shows the core distance next to the capsule's. While the capsule and B are apart the two differ by
exactly <var>r</var>; once they touch, the capsule's distance stays 0 while the core's keeps shrinking below
<var>r</var>. When the core itself enters B, <var>d</var> is 0 and the depth is measured along the shortest way out
instead.</p>
<p><code>c2.capsule(ax, ay, bx, by, radius)</code> works everywhere a shape does: <code>overlaps</code>,
<code>collide</code>, <code>contains</code>, <code>raycast</code>, <code>distance</code>, <code>cast</code> and the
World.</p>`,
  hint: 'Drag B by its body; tap the capsule to show its core ends and its radius handle. "Try this" swaps B for a circle, a box or a polygon.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { a: 'A', b: 'B' },
  select: 'b',
  keys: ['core', 'radius', 'distance', 'depth'],
  legend: [['a', 'A: the capsule'], 'b', 'hit', 'closest', 'push'],
  kinds: { b: ['circle', 'box', 'polygon', 'capsule'] },
  shapes: () => scene(circleS(520, 300, 70)),
  presets: [
    { label: 'against a circle', shapes: () => scene(circleS(520, 300, 70)) },
    { label: 'against a box', shapes: () => scene(boxS(500, 320, 80, 50, 0.3)) },
    { label: 'against a polygon', shapes: () => scene(ngonS(520, 310, 6, 85, 0.2)) },
    { label: 'touching a box (d = r)', shapes: () => ({ a: capS(260, 250, 500, 250, 40), b: boxS(380, 360, 220, 70, 0) }) },
    { label: 'core inside B', shapes: () => ({ a: capS(300, 250, 460, 250, 30), b: boxS(420, 260, 110, 80, 0) }) },
    { label: 'two capsules', shapes: () => ({ a: capS(180, 330, 390, 190, 45), b: capS(470, 170, 560, 400, 35) }) },
  ],
  compute(s) {
    if (s.a.kind !== 'capsule') throw new TypeError('A is a capsule');
    const cap = toLib(s.a) as c2.Capsule;
    const other = toLib(s.b) as c2.Shape;
    const overlaps = c2.overlaps(cap, other);
    const collide = c2.collide(cap, other) as Contact;
    const distance = c2.distance(cap, other);
    const core = c2.distance(c2.segment(s.a.a.x, s.a.a.y, s.a.b.x, s.a.b.y), other);
    const r = s.a.r;
    return {
      result: { overlaps, collide, distance, core, r, a: s.a.a, b: s.a.b },
      answer: {
        hit: overlaps,
        text: overlaps
          ? `HIT: the core comes within ${fmt(core.distance, 1)} of B, at most r = ${fmt(r, 1)}`
          : `NO HIT: the core is ${fmt(core.distance, 1)} from B, more than r = ${fmt(r, 1)}`,
        raw: { hit: overlaps, contact: collide, dist: distance, coreDist: core },
        rows: [
          row('core', 'distance(core segment, B)', fmt(core.distance, 3), 'core'),
          row('radius', 'capsule radius r', fmt(r, 3), 'r'),
          row('distance', 'distance(capsule, B) = max(0, core − r)', fmt(distance.distance, 3), 'distance'),
          row('overlaps', 'overlaps(capsule, B)', String(overlaps)),
          row('normal', 'contact normal (A → B)', collide ? fmtVec(collide.normal, 3) : '—'),
          row('depth', 'depth', collide ? fmt(collide.depth, 3) : '—', 'depth'),
          row('point', 'contact point', collide ? fmtVec(collide.point) : '—'),
        ],
      },
    };
  },
  call: (_s, r) => `${line('const hit = c2.overlaps(a, b);', String(r.overlaps))}
${line('const contact = c2.collide(a, b);', contactC(r.collide))}
${line('const dist = c2.distance(a, b);', `distance ${fmt(r.distance.distance)}`)}
const core = c2.segment(a.a.x, a.a.y, a.b.x, a.b.y);   // the capsule's core
${line('const coreDist = c2.distance(core, b);', `distance ${fmt(r.core.distance)}: the core (r = ${fmt(r.r, 2)})`)}`,
  plain: `// capsule (core a → b, radius r) against a circle (centre c, radius rc)
function capsuleCircle(a, b, r, c, rc) {
  const d = { x: b.x - a.x, y: b.y - a.y };
  const len2 = d.x * d.x + d.y * d.y;
  let t = len2 > 0 ? ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / len2 : 0;
  t = Math.max(0, Math.min(1, t));        // clamp to the core segment
  const p = { x: a.x + t * d.x, y: a.y + t * d.y };
  const dist2 = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
  return dist2 <= (r + rc) ** 2;          // the circle test, at the core point
}`,
  draw(st, s, r) {
    drawShape(st, s.b, r.overlaps, 'B', C.b);
    drawShape(st, s.a, r.overlaps, 'A', C.a);
    drawCapsuleAnatomy(st, r.a, r.b, r.r, C.a, 0.25);
    // The core's closest approach to B: what every capsule test measures.
    const c = r.core;
    if (c.distance > 0) {
      st.line(c.pointA, c.pointB, C.closest, 1.5, [5, 4]);
      st.label(lerp(c.pointA, c.pointB, 0.5), `core ${fmt(c.distance, 1)}`, C.closest, 8, 10, 'left', true);
    }
    st.dot(c.pointA, C.closest, 5);
    if (r.collide) {
      drawMtv(st, r.collide.point, r.collide.normal, r.collide.depth, `depth ${fmt(r.collide.depth, 1)}`);
    } else {
      const d = r.distance;
      st.dot(d.pointA, C.closest, 4.5, true);
      st.dot(d.pointB, C.closest, 4.5, true);
      st.label(d.pointB, `distance ${fmt(d.distance, 1)}`, C.closest, 10, -12, 'left');
    }
  },
};
