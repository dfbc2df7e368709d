// Chapter 11: a circle moving against walls: swept path, first contact, corrected stop, slide.
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, len, norm, perp, scale, sub } from '../geom';
import { row } from '../readout';
import { circleS, pointS, segS } from '../shapes';
import { C } from '../stage';
import { line, vc } from './codefmt';

interface SweepHit { hit: boolean; time: number; position: Vec; normal: Vec; point: Vec; wall: number }
interface Slide { position: Vec; iterations: number; contacts: number; path: Vec[]; lastNormal: Vec }
interface Result { start: Vec; r: number; disp: Vec; target: Vec; hit: SweepHit; slide: Slide; touching: boolean[] }

const WALLS = ['w1', 'w2', 'w3'] as const;

export const sweepChapter: ChapterDef<Result> = {
  id: 'sweep',
  title: 'A circle moving against walls',
  nav: 'Moving circle',
  lede: `A fast ball tested only where it lands jumps through thin walls. Testing the whole move finds the first
wall it runs into and where it must stop. Drag the target far beyond the walls: the ball never tunnels.`,
  prose: `
<p>Testing a moving object only where it ends up lets fast objects jump straight through thin walls
(<em>tunnelling</em>). The fix is to test the whole motion. A circle of radius <var>r</var> moving its centre from
<var>S</var> to <var>Z</var> = <var>S</var> + <var>v</var> sweeps a capsule: a band of width 2<var>r</var> around the
segment <var>S</var>→<var>Z</var>, with round ends. The motion hits a wall only if the wall enters that band (light blue in the figure).
As everywhere, <var>t</var> is the parameter: the centre is at <var>S</var> + <var>t</var>·<var>v</var>, from
<var>t</var> = 0 at the start to <var>t</var> = 1 at the target.</p>
<p>One classic way to find the contact builds the band's border explicitly: offset the path sideways by ±<var>r</var>
along the normal <var>n</var> = perp(<var>v</var>)/|<var>v</var>|, close it with a cap at the far end, and intersect those
border segments with the wall, using the segment parameters from the earlier chapters. collide2d answers the
same question in closed form. For a wall from <var>P</var> to <var>Q</var>, the centre touches the wall's
<em>face</em> when its distance to the wall's line equals <var>r</var>, and touches an <em>end point</em> when its
distance to that point equals <var>r</var> (the circle-and-line quadratic from chapter 5, with the motion as the
line; <var>n_wall</var> is the wall's unit normal on the ball's side):</p>
<pre class="formula">centre(t) = S + t·v,   t in [0, 1]
face: dist(centre(t), wall line) = r
      t = (dist(S) − r) / (v · −n_wall)
      (dist(S): S's distance to the wall line)
ends: |centre(t) − P|² = r²  (smaller root),
      the same for Q
first contact: smallest valid t, all walls
stop: centre = S + t·v, just outside</pre>
<p>The corrected stop is that first-contact position: the circle rests against the wall instead of ending up inside
or beyond it, however long the step. A game usually does not want to stop dead there, though. The remaining motion
(1 − <var>t</var>)·<var>v</var> is projected onto the wall's direction, dropping the part that pushes into the wall,
and the sweep runs again from the stop with that leftover. Repeating this a few times is <em>move and slide</em>;
the figure draws its path as a solid sky-blue line, with each stop marked.</p>
<p><b>Touching and the sweep.</b> Every overlap test in this tutorial counts touching as a hit. A sweep answers a
different question: where is the motion first <em>blocked</em>? It reports <em>entry</em>, the first time the ball
would move into a wall. A ball that starts touching a wall and moves into it is blocked at once (a hit at
<var>t</var> = 0), but one that moves along the wall, or away from it, or only grazes it tangentially, is never
blocked: no hit. That is what lets a ball roll along a floor. Try "grazing a wall": the ball touches wall 1 all the
way (<code>c2.overlaps</code> says true at the start, listed as <code>touching</code>), and the sweep rightly says
no hit; "touching, moving in" hits at <var>t</var> = 0.</p>`,
  hint: 'Drag the ball, its target (where it would end without walls) and the walls (tap a wall for its end handles). Make the move long: the ball never tunnels.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { ball: 'ball', target: 'target', w1: 'wall 1', w2: 'wall 2', w3: 'wall 3' },
  select: 'ball',
  keys: ['time', 'wall', 'position', 'slide'],
  legend: [['a', 'the ball'], ['b', 'walls'], 'motion', 'hit', 'push', 'construction'],
  presets: [
    { label: 'into a corner', shapes: () => ({ ball: circleS(140, 300, 32), target: pointS(700, 460), w1: segS(420, 60, 470, 420), w2: segS(470, 420, 760, 380), w3: segS(80, 80, 260, 60) }) },
    { label: 'grazing a wall (no hit: why?)', shapes: () => ({ ball: circleS(140, 300, 32), target: pointS(700, 300), w1: segS(100, 268, 700, 268), w2: segS(560, 440, 760, 380), w3: segS(80, 80, 260, 60) }) },
    { label: 'touching, moving in', shapes: () => ({ ball: circleS(140, 300, 32), target: pointS(400, 200), w1: segS(100, 268, 700, 268), w2: segS(560, 440, 760, 380), w3: segS(80, 80, 260, 60) }) },
    { label: 'head-on', shapes: () => ({ ball: circleS(140, 240, 32), target: pointS(700, 240), w1: segS(450, 60, 450, 420), w2: segS(560, 440, 760, 380), w3: segS(80, 80, 260, 60) }) },
  ],
  call: (_s, r) => `const walls = [w1, w2, w3];
${line('const v = { x: target.x - ball.center.x, y: target.y - ball.center.y };', vc(r.disp))}
${line('const first = c2.sweep(ball, v, walls);', `{ hit: ${r.hit.hit}, time: ${fmt(r.hit.time)}, position: ${vc(r.hit.position)}, wall: ${r.hit.wall}, normal: ${vc(r.hit.normal, 3)} }`)}
${line('const slide = c2.moveAndSlide(ball, v, walls, 4);', `{ position: ${vc(r.slide.position)}, iterations: ${r.slide.iterations}, contacts: ${r.slide.contacts} }`)}
${line('const touching = walls.map((w) => c2.overlaps(ball, w));', `[${r.touching.join(', ')}]: touching at the start`)}`,
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
    const disp = { x: s.target.p.x - circle.center.x, y: s.target.p.y - circle.center.y };
    const hit = c2.sweep(circle, disp, walls) as SweepHit;
    const slide = c2.moveAndSlide(circle, disp, walls, 4) as Slide;
    const touching = walls.map((w) => c2.overlaps(circle, w));
    const grazed = touching.indexOf(true);
    return {
      result: { start: s.ball.c, r: s.ball.r, disp, target: s.target.p, hit, slide, touching },
      answer: {
        hit: hit.hit,
        text: hit.hit
          ? `HIT: first contact with wall ${hit.wall + 1} at t = ${fmt(hit.time, 3)}`
          : grazed >= 0
            ? `NO HIT: the ball touches wall ${grazed + 1} but never moves into it (a sweep reports entry)`
            : 'NO HIT: the whole move is free',
        raw: { first: hit, slide, touching },
        rows: [
          row('displacement', 'displacement v', fmtVec(disp)),
          row('hit', 'sweep: hit', String(hit.hit)),
          row('time', 'time of first contact t', fmt(hit.time), 't'),
          row('wall', 'wall hit first', hit.hit ? String(hit.wall + 1) : '—', 'wall'),
          row('position', 'corrected stop (centre)', fmtVec(hit.position), 'stop'),
          row('point', 'contact point on the wall', hit.hit ? fmtVec(hit.point) : '—'),
          row('normal', 'contact normal (wall → ball)', hit.hit ? fmtVec(hit.normal, 3) : '—'),
          row('slide', 'after move-and-slide', fmtVec(slide.position), 'after slide'),
          row('contacts', 'slide: contacts / sweeps', `${slide.contacts} / ${slide.iterations}`),
          row('touching', 'touching at the start (overlaps)', touching.map((t, i) => `wall ${i + 1}: ${t}`).join(', ')),
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
      st.fillStroke(C.motion + '22', C.motion, 1.2, [5, 4]);
      st.line(add(r.start, n), add(r.target, n), C.motion, 1.2);
      st.line(sub(r.start, n), sub(r.target, n), C.motion, 1.2);
      st.line(r.start, r.target, C.motion, 1.5, [2, 4]);
    }
    // Walls.
    WALLS.forEach((k, i) => {
      const hitThis = r.hit.hit && r.hit.wall === i;
      drawShape(st, s[k], hitThis ? true : null, undefined, C.b);
      const w = s[k];
      if (w.kind === 'segment') st.label(w.a, `wall ${i + 1}`, C.b, 0, 18, 'center', true);
    });
    // Unchecked destination.
    st.pathCircle(r.target, r.r);
    st.fillStroke(null, C.muted, 1.2, [4, 4]);
    st.label(r.target, 'target (unchecked)', C.muted, 0, r.r * st.k + 12, 'center');
    // Slide path.
    const path = r.slide.path ?? [];
    if (path.length > 1) {
      st.pathPoly(path, false);
      st.fillStroke(null, C.motion, 3);
      path.slice(1, -1).forEach((p) => st.dot(p, C.ink, 3.5));
      const end = path[path.length - 1];
      st.pathCircle(end, r.r);
      st.fillStroke(null, C.a, 2, [7, 3]);
      st.label(end, 'after slide', C.a, 0, -r.r * st.k - 10, 'center', true);
    }
    // The ball at its start.
    drawShape(st, s.ball, null, 'start', C.a);
    // First contact and the corrected stop.
    if (r.hit.hit) {
      st.pathCircle(r.hit.position, r.r);
      st.fillStroke(st.hatch(C.hit), C.hit, 2.5);
      st.label(r.hit.position, `stop t = ${fmt(r.hit.time, 3)}`, C.hit, 0, r.r * st.k + 12, 'center', true);
      st.dot(r.hit.point, C.ink, 5);
      st.arrow(r.hit.point, add(r.hit.point, scale(r.hit.normal, 36 / st.k)), C.push, undefined, 2.5);
      st.label(add(r.hit.point, scale(r.hit.normal, 36 / st.k)), 'normal', C.push, 8, 8);
    }
  },
};
