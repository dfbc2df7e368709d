// Chapter 11: a circle moving against walls: swept path, first contact, corrected stop, slide.
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, len, norm, perp, scale, sub } from '../geom';
import { row } from '../readout';
import { circleS, pointS, segS } from '../shapes';
import { C } from '../stage';

interface SweepHit { hit: boolean; time: number; position: Vec; normal: Vec; point: Vec; wall: number }
interface Slide { position: Vec; iterations: number; contacts: number; path: Vec[]; lastNormal: Vec }
interface Result { start: Vec; r: number; disp: Vec; target: Vec; hit: SweepHit; slide: Slide }

const WALLS = ['w1', 'w2', 'w3'] as const;

export const sweepChapter: ChapterDef<Result> = {
  id: 'sweep',
  title: 'A circle moving against walls',
  nav: 'Moving circle',
  prose: `
<p>Testing a moving object only where it ends up lets fast objects jump straight through thin walls
(<em>tunnelling</em>). The fix is to test the whole motion. A circle of radius <var>r</var> moving its centre from
<var>S</var> to <var>Z</var> = <var>S</var> + <var>v</var> sweeps a capsule: a band of width 2<var>r</var> around the
segment <var>S</var>→<var>Z</var>, with round ends. The motion hits a wall only if the wall enters that band (light blue in the figure).</p>
<p>One classic way to find the contact builds the band's border explicitly: offset the path sideways by ±<var>r</var>
along the normal <var>n</var> = perp(<var>v</var>)/|<var>v</var>|, close it with a cap at the far end, and intersect those
border segments with the wall, using the segment parameters from the earlier chapters. collide2d answers the
same question in closed form. For a wall from <var>P</var> to <var>Q</var>, the centre touches the wall's
<em>face</em> when its distance to the wall's line equals <var>r</var>, and touches an <em>end point</em> when its
distance to that point equals <var>r</var> (the circle-and-line quadratic from chapter 5, with the motion as the line):</p>
<pre class="formula">centre(t) = S + t·v,   t in [0, 1]
face: dist(centre(t), wall line) = r
      t = (dist(S) − r) / (v · −n_wall)
ends: |centre(t) − P|² = r²  (smaller root),
      the same for Q
first contact: smallest valid t, all walls
stop: centre = S + t·v, just outside</pre>
<p>The corrected stop is that first-contact position: the circle rests against the wall instead of ending up inside
or beyond it, however long the step. A game usually does not want to stop dead there, though. The remaining motion
(1 − <var>t</var>)·<var>v</var> is projected onto the wall's direction, dropping the part that pushes into the wall,
and the sweep runs again from the stop with that leftover. Repeating this a few times is <em>move and slide</em>;
the figure draws its path in orange, with each stop marked.</p>`,
  hint: 'Drag the ball, its target (where it would end without walls) and the wall ends. Make the move long: the ball never tunnels.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { ball: 'ball', target: 'target', w1: 'wall 1', w2: 'wall 2', w3: 'wall 3' },
  presets: [
    { label: 'into a corner', shapes: () => ({ ball: circleS(140, 300, 32), target: pointS(700, 460), w1: segS(420, 60, 470, 420), w2: segS(470, 420, 760, 380), w3: segS(80, 80, 260, 60) }) },
    { label: 'grazing a wall', shapes: () => ({ ball: circleS(140, 300, 32), target: pointS(700, 300), w1: segS(100, 268, 700, 268), w2: segS(560, 440, 760, 380), w3: segS(80, 80, 260, 60) }) },
    { label: 'head-on', shapes: () => ({ ball: circleS(140, 240, 32), target: pointS(700, 240), w1: segS(450, 60, 450, 420), w2: segS(560, 440, 760, 380), w3: segS(80, 80, 260, 60) }) },
  ],
  call: (_s, r) => `const v = ${fmtVec(r.disp)};                 // target − ball.center
c2.sweep(ball, v, [w1, w2, w3]);
// { hit: ${r.hit.hit}, time: ${fmt(r.hit.time)}, position: ${fmtVec(r.hit.position)}, wall: ${r.hit.wall}, normal: ${fmtVec(r.hit.normal, 3)} }
c2.moveAndSlide(ball, v, [w1, w2, w3], 4);
// { position: ${fmtVec(r.slide.position)}, iterations: ${r.slide.iterations}, contacts: ${r.slide.contacts} }`,
  plain: `// first contact of a circle (s, r) moving by v with one wall p → q
function sweepFace(s, r, v, p, q) {
  const n = unitNormal(p, q);               // pointing towards s
  const d0 = dot(sub(s, p), n);             // distance now
  const closing = -dot(v, n);
  if (closing <= 0 || d0 < r) return null;  // moving away, or already touching
  const t = (d0 - r) / closing;             // distance reaches r
  const c = add(s, scale(v, t));
  const u = dot(sub(c, p), sub(q, p)) / dot(sub(q, p), sub(q, p));
  return t <= 1 && u >= 0 && u <= 1 ? t : null;  // else: try the end points
}`,
  shapes: () => ({
    ball: circleS(140, 300, 32),
    target: pointS(660, 150),
    w1: segS(400, 440, 560, 60),
    w2: segS(560, 440, 760, 380),
    w3: segS(80, 80, 260, 60),
  }),
  compute(s) {
    if (s.ball.kind !== 'circle' || s.target.kind !== 'point') throw new TypeError('bad sweep state');
    const circle = c2.circle(s.ball.c.x, s.ball.c.y, s.ball.r);
    const walls = WALLS.map((k) => {
      const w = s[k];
      if (w.kind !== 'segment') throw new TypeError('walls are segments');
      return c2.segment(w.a.x, w.a.y, w.b.x, w.b.y);
    });
    const disp = sub(s.target.p, s.ball.c);
    const hit = c2.sweep(circle, disp, walls) as SweepHit;
    const slide = c2.moveAndSlide(circle, disp, walls, 4) as Slide;
    return {
      result: { start: s.ball.c, r: s.ball.r, disp, target: s.target.p, hit, slide },
      answer: {
        hit: hit.hit,
        text: hit.hit ? `HIT: first contact with wall ${hit.wall + 1} at t=${fmt(hit.time, 3)}` : 'NO HIT: the whole move is free',
        raw: { sweep: hit, moveAndSlide: slide },
        rows: [
          row('displacement', 'displacement v', fmtVec(disp)),
          row('hit', 'sweep: hit', String(hit.hit)),
          row('time', 'time of first contact t', fmt(hit.time)),
          row('wall', 'wall hit first', hit.hit ? String(hit.wall + 1) : '—'),
          row('position', 'corrected stop (centre)', fmtVec(hit.position)),
          row('point', 'contact point on the wall', hit.hit ? fmtVec(hit.point) : '—'),
          row('normal', 'contact normal (wall → ball)', hit.hit ? fmtVec(hit.normal, 3) : '—'),
          row('slide', 'after move-and-slide', fmtVec(slide.position)),
          row('contacts', 'slide: contacts / sweeps', `${slide.contacts} / ${slide.iterations}`),
        ],
      },
    };
  },
  draw(st, s, r) {
    // The swept capsule (motion path).
    const l = len(r.disp);
    if (l > 0) {
      const u = norm(r.disp);
      const n = scale(perp(u), r.r);
      const ang = Math.atan2(u.y, u.x);
      const a = st.toScreen(r.start);
      const b = st.toScreen(r.target);
      const R = r.r * st.k;
      const { ctx } = st;
      ctx.beginPath();
      ctx.arc(b.x, b.y, R, ang - Math.PI / 2, ang + Math.PI / 2);
      ctx.arc(a.x, a.y, R, ang + Math.PI / 2, ang + (3 * Math.PI) / 2);
      ctx.closePath();
      st.fillStroke(C.path + '22', C.path, 1.2, [5, 4]);
      st.line(add(r.start, n), add(r.target, n), C.path, 1.2);
      st.line(sub(r.start, n), sub(r.target, n), C.path, 1.2);
      st.line(r.start, r.target, C.path, 1.5, [2, 4]);
    }
    // Walls.
    WALLS.forEach((k, i) => {
      const hitThis = r.hit.hit && r.hit.wall === i;
      drawShape(st, s[k], hitThis ? true : null);
      const w = s[k];
      if (w.kind === 'segment') st.label(w.a, `wall ${i + 1}`, hitThis ? C.hit : C.ink, 0, 18, 'center', true);
    });
    // Unchecked destination.
    st.pathCircle(r.target, r.r);
    st.fillStroke(null, C.muted, 1.2, [4, 4]);
    st.label(r.target, 'target (unchecked)', C.muted, 0, r.r * st.k + 12, 'center');
    // Slide path.
    const path = r.slide.path ?? [];
    if (path.length > 1) {
      st.pathPoly(path, false);
      st.fillStroke(null, C.axis, 2.5);
      path.slice(1, -1).forEach((p) => st.dot(p, C.axis, 3.5));
      const end = path[path.length - 1];
      st.pathCircle(end, r.r);
      st.fillStroke(null, C.axis, 2, [7, 3]);
      st.label(end, 'after slide', C.axis, 0, -r.r * st.k - 10, 'center', true);
    }
    // The ball at its start.
    drawShape(st, s.ball, null, 'start');
    // First contact and the corrected stop.
    if (r.hit.hit) {
      st.pathCircle(r.hit.position, r.r);
      st.fillStroke(st.hatch(C.hit), C.hit, 2.5);
      st.label(r.hit.position, `stop t=${fmt(r.hit.time, 3)}`, C.hit, 0, r.r * st.k + 12, 'center', true);
      st.dot(r.hit.point, C.point, 5);
      st.arrow(r.hit.point, add(r.hit.point, scale(r.hit.normal, 36 / st.k)), C.mtv, undefined, 2.5);
      st.label(add(r.hit.point, scale(r.hit.normal, 36 / st.k)), 'normal', C.mtv, 8, 8);
    }
  },
};
