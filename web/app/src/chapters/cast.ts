// Chapter: shape cast / time of impact: A (and B) moving over a step, a time slider, the first contact, and the
// tunnelling that a per-frame overlap test suffers. Three small figures: the swept shapes, then the Minkowski view
// (the cast as a ray against B − A), then the time of impact.
import * as c2 from 'collide2d';
import type { ChapterDef, Mini, Shapes } from '../chapter';
import { shapeCode } from '../code';
import { drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, len, scale, sub } from '../geom';
import { row } from '../readout';
import { boxS, capS, centre, circleS, type EShape, exact, ngonS, pointS, toLib } from '../shapes';
import { C, type Stage } from '../stage';
import { line, vc } from './codefmt';
import { hull, moved, movedLib, roughOutline } from './kit';

interface CastR {
  hit: c2.CastHit;
  va: Vec;
  vb: Vec;
  /** The centres the motions start from (what the arrows' heads are measured from). */
  ca: Vec;
  cb: Vec;
  /** c2.overlaps at the start and at the end of the step: what a per-frame test sees. */
  start: boolean;
  end: boolean;
}

const KINDS = ['box', 'circle', 'polygon', 'capsule'] as const;
const SLIDER_STEPS = 100;

function motions(s: Shapes): { va: Vec; vb: Vec; ca: Vec; cb: Vec } {
  if (s.at.kind !== 'point' || s.bt.kind !== 'point') throw new TypeError('the arrow heads are points');
  const ca = centre(s.a), cb = centre(s.b);
  return { va: sub(s.at.p, ca), vb: sub(s.bt.p, cb), ca, cb };
}

/** The swept area of a shape moved by v (translation: the hull of its start and end outlines). */
function drawSwept(st: Stage, s: EShape, v: Vec, color: string, ghosts = true): void {
  if (len(v) === 0) return;
  const o = roughOutline(s);
  const h = hull([...o, ...o.map((p) => add(p, v))]);
  st.pathPoly(h);
  st.fillStroke(color + '14', color + '88', 1.2, [5, 4]);
  if (!ghosts) return;
  for (const t of [0.25, 0.5, 0.75, 1]) drawGhost(st, moved(s, scale(v, t)), color + (t === 1 ? 'aa' : '55'), t === 1 ? [6, 4] : [2, 4]);
}

function drawGhost(st: Stage, s: EShape, color: string, dash: number[]): void {
  const o = roughOutline(s);
  st.pathPoly(o, o.length > 2);
  st.fillStroke(null, color, 1.5, dash);
}

function posed(s: Shapes, r: CastR, t: number): { a: EShape; b: EShape } {
  return { a: moved(s.a, scale(r.va, t)), b: moved(s.b, scale(r.vb, t)) };
}

function overlapsAt(s: Shapes, r: CastR, t: number): boolean {
  return c2.overlaps(movedLib(s.a, scale(r.va, t)), movedLib(s.b, scale(r.vb, t)));
}

/** The lowest point of a shape's outline (a label under it sits clear of its fill). */
const bottom = (s: EShape): Vec => roughOutline(s).reduce((m, p) => (p.y > m.y ? p : m));

function arrows(st: Stage, r: CastR): void {
  if (len(r.va) > 0) st.arrow(r.ca, add(r.ca, r.va), C.motion, undefined, 2.5);
  if (len(r.vb) > 0) st.arrow(r.cb, add(r.cb, r.vb), C.motion, undefined, 2.5);
}

// The stepper's shapes are not passed to describe(); the chapter keeps the last ones computed.
let lastShapes: Shapes | null = null;

const MINIS: Record<string, Mini<CastR>> = {
  swept: {
    title: 'The swept shapes: everything each shape covers during the step',
    draw(st, s, r) {
      drawSwept(st, s.b, r.vb, C.b, false);
      drawSwept(st, s.a, r.va, C.a, false);
      drawShape(st, s.a, null, 'A', C.a);
      drawShape(st, s.b, null, 'B', C.b);
      arrows(st, r);
    },
    caption: (r) => `<b>1. Swept shapes.</b> Moving by ${fmtVec(r.va, 0)} without turning, A covers the convex hull of
itself at the start and at the end of the step (light blue); B, moving by ${fmtVec(r.vb, 0)}, covers its own (light
green). If the swept shapes do not meet, the shapes cannot touch. If they do, that is not yet a hit: the shapes must
be there <em>at the same time</em>, and the next figure checks exactly that.`,
  },
  minkowski: {
    title: 'The Minkowski view: the cast is a ray from the origin against B − A',
    draw(st, s, r) {
      const oa = roughOutline(s.a), ob = roughOutline(s.b);
      const diff = hull(ob.flatMap((q) => oa.map((p) => sub(q, p))));
      st.pathPoly(diff);
      st.fillStroke(C.muted + '1a', C.muted, 1.5);
      const rel = sub(r.va, r.vb);
      const o = { x: 0, y: 0 };
      const t = 7 / st.k;
      st.line({ x: -t, y: 0 }, { x: t, y: 0 }, C.ink, 2);
      st.line({ x: 0, y: -t }, { x: 0, y: t }, C.ink, 2);
      st.label(o, 'origin', C.ink, -8, 12, 'right', true);
      if (len(rel) > 0) {
        st.arrow(o, rel, C.motion, undefined, 2.5);
        st.label(rel, 't = 1', C.motion, 8, -8);
      }
      if (r.hit.hit) {
        const p = scale(rel, r.hit.fraction);
        st.dot(p, C.hit, 6);
        st.label(p, `enters B − A at t = ${fmt(r.hit.fraction, 3)}`, C.hit, 10, 14, 'left', true);
      }
    },
    caption: (r) => {
      const rel = sub(r.va, r.vb);
      return `<b>2. The Minkowski view.</b> Only the relative motion matters: hold B still and move A by
vA − vB = ${fmtVec(rel, 0)}. A(t) and B touch when some point of B minus some point of A(t) is zero, that is when
t·(vA − vB) lies in B − A (grey, drawn by the page from the outlines). So the cast is a raycast from the origin
(chapter 13) against B − A: ${r.hit.hit ? `the ray enters it at t = ${fmt(r.hit.fraction, 3)}, the time of impact` : 'here the ray misses it within the step: no contact'}.`;
    },
  },
  toi: {
    title: 'The time of impact: both shapes posed at the first contact',
    draw(st, s, r) {
      drawGhost(st, s.a, C.a + '66', [3, 4]);
      drawGhost(st, s.b, C.b + '66', [3, 4]);
      const end = posed(s, r, 1);
      drawGhost(st, end.a, C.a + '66', [3, 4]);
      if (len(r.vb) > 0) drawGhost(st, end.b, C.b + '66', [3, 4]);
      const t = r.hit.hit ? r.hit.fraction : 1;
      const p = posed(s, r, t);
      drawShape(st, p.a, r.hit.hit, 'A', C.a);
      drawShape(st, p.b, r.hit.hit, 'B', C.b);
      if (r.hit.hit) {
        st.dot(r.hit.point, C.ink, 5);
        st.arrow(r.hit.point, add(r.hit.point, scale(r.hit.normal, 36 / st.k)), C.push, 'normal', 2.5);
      }
    },
    caption: (r) => r.hit.hit
      ? `<b>3. Time of impact.</b> At t = ${fmt(r.hit.fraction, 4)} (after ${r.hit.iterations} advancement steps) the
shapes touch, at ${fmtVec(r.hit.point, 1)}, with normal ${fmtVec(r.hit.normal, 3)}. The dashed outlines are where a
per-frame test looks, at t = 0 and t = 1: overlaps says ${r.start} and ${r.end}${!r.start && !r.end ? ', so it misses this contact entirely: tunnelling' : ''}.`
      : `<b>3. Time of impact.</b> None: the shapes do not touch during the step (shown at t = 1). A per-frame test
agrees here: overlaps says ${r.start} at t = 0 and ${r.end} at t = 1.`,
  },
};

export const castChapter: ChapterDef<CastR> = {
  id: 'cast',
  title: 'Shape cast and time of impact',
  nav: 'Shape cast',
  lede: `Two shapes move during one step: when, as a fraction t of the step, do they first touch? Drag the heads of
the motion arrows: a per-frame test misses fast, thin things; the cast does not.`,
  prose: `
<p>A game moves its objects in steps: at 60 frames a second a bullet at 600 m/s jumps 10 m per frame. Testing for
overlap only where the objects are at each frame misses every wall thinner than the jump: the bullet is in front of
the wall in one frame and behind it in the next (<em>tunnelling</em>). A <em>shape cast</em> asks the question about the
whole step instead: A moves by its translation (and turns by its rotation) while B moves by its own; when, as a fraction
<var>t</var> of the step, do they first touch?</p>
<figure class="mini" data-mini="swept"></figure>
<figure class="mini" data-mini="minkowski"></figure>
<p><code>c2.cast(a, motionA, b, motionB)</code> does not build B − A; it answers by <em>conservative
advancement</em>, the method of Box2D's time of impact. At the current time it asks GJK for the distance
<var>d</var> between the two shapes (the previous chapter). Nothing can close that gap faster than the relative
speed of the shapes along the normal between the closest points, so the shapes cannot touch before
<var>t</var> + <var>d</var> / closing speed: it is safe to advance that far, and repeat.</p>
<pre class="formula">t = 0
repeat:
  d, n = distance(A(t), B(t))
  if d ≤ tolerance: hit at t
  closing = (vA − vB) · n   (+ rotation)
  if closing ≤ 0: no hit (moving apart)
  t = t + d / closing
  if t &gt; 1: no hit this step</pre>
<figure class="mini" data-mini="toi"></figure>
<p>Each step lands exactly on the surface for flat faces and creeps up on round ones, so the answer never lies after
the first contact: at the returned <code>fraction</code> the shapes are still apart by at most a tiny tolerance, and
a game can move them there without ever ending inside. Like the sweep of chapter 11, a cast reports entry: shapes
that start touching count only when they move into each other.</p>
<p>Try "bullet through a wall": a small fast circle and a thin wall. Tested at <var>t</var> = 0 and at
<var>t</var> = 1 it overlaps nothing, so a per-frame test reports no collision; the cast hits the wall.</p>`,
  hint: 'Drag A and B (tap one for its handles), and the heads of their motion arrows (where their centres end the step). The time slider poses both at any t.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { a: 'A', at: 'A moves to', b: 'B', bt: 'B moves to' },
  vars: { a: 'a', at: 'aTo', b: 'b', bt: 'bTo' },
  select: 'a',
  keys: ['fraction', 'iterations', 'frames'],
  legend: ['a', 'b', 'motion', 'hit', 'push'],
  kinds: { a: [...KINDS], b: [...KINDS] },
  minis: MINIS,
  shapes: () => ({ a: boxS(110, 300, 45, 28, 0.3), at: pointS(650, 220), b: ngonS(430, 90, 6, 60, 0.1), bt: pointS(430, 390) }),
  presets: [
    { label: 'bullet through a wall', shapes: () => ({ a: circleS(80, 250, 8), at: pointS(720, 250), b: boxS(400, 250, 4, 150, 0), bt: pointS(400, 250) }) },
    { label: 'head-on', shapes: () => ({ a: boxS(140, 250, 50, 30, 0), at: pointS(520, 250), b: ngonS(620, 250, 5, 60, 0), bt: pointS(380, 250) }) },
    { label: 'near miss', shapes: () => ({ a: circleS(120, 150, 35), at: pointS(700, 150), b: boxS(420, 300, 70, 60, 0.2), bt: pointS(420, 300) }) },
    { label: 'capsule falling on a box', shapes: () => ({ a: capS(330, 60, 470, 90, 25), at: pointS(420, 400), b: boxS(400, 380, 220, 30, 0), bt: pointS(400, 380) }) },
  ],
  stepper: {
    noun: 'time',
    all: 'At contact',
    count: () => SLIDER_STEPS + 1,
    describe: (r, i) => {
      const t = i / SLIDER_STEPS;
      const o = lastShapes ? overlapsAt(lastShapes, r, t) : false;
      const when = !r.hit.hit ? '' : t < r.hit.fraction ? `, before the contact at ${fmt(r.hit.fraction, 3)}` : `, after the contact at ${fmt(r.hit.fraction, 3)}`;
      return `t = ${fmt(t, 2)}: A's centre moved by ${fmtVec(scale(r.va, t), 1)}, B's by ${fmtVec(scale(r.vb, t), 1)}; overlaps(A(t), B(t)) = ${o}${when}.`;
    },
    overview: (r) => r.hit.hit
      ? `Both shapes posed at the first contact, t = ${fmt(r.hit.fraction, 4)} (${r.hit.iterations} advancement steps). Drag the slider to pose them at any t.`
      : 'No contact during the step: both shapes are shown at the end of the step (t = 1). Drag the slider to pose them at any t.',
    position: (r) => (r.hit.hit ? Math.round(r.hit.fraction * SLIDER_STEPS) : SLIDER_STEPS),
  },
  compute(s) {
    const { va, vb, ca, cb } = motions(s);
    lastShapes = s;
    const a = toLib(s.a) as c2.Shape;
    const b = toLib(s.b) as c2.Shape;
    const hit = c2.cast(a, { translation: va }, b, { translation: vb });
    const start = c2.overlaps(a, b);
    const end = c2.overlaps(movedLib(s.a, va), movedLib(s.b, vb));
    const tunnels = hit.hit && !start && !end;
    return {
      result: { hit, va, vb, ca, cb, start, end },
      answer: {
        hit: hit.hit,
        text: hit.hit
          ? `HIT at t = ${fmt(hit.fraction, 4)}${tunnels ? '; a per-frame test misses it (tunnelling)' : ''}`
          : 'NO HIT: they do not touch during the step',
        raw: { hit, overlapsStart: start, overlapsEnd: end },
        rows: [
          row('motionA', 'A\'s translation vA', fmtVec(va)),
          row('motionB', 'B\'s translation vB', len(vb) ? fmtVec(vb) : '(0, 0): B static'),
          row('hit', 'cast: hit', String(hit.hit)),
          row('fraction', 'fraction t (time of first contact)', fmt(hit.fraction, 6), 't'),
          row('point', 'contact point', hit.hit ? fmtVec(hit.point) : '—'),
          row('normal', 'normal (A → B)', hit.hit ? fmtVec(hit.normal, 3) : '—'),
          row('iterations', 'advancement steps', String(hit.iterations), 'steps'),
          row('frames', 'per-frame test: overlaps at t = 0 / t = 1', `${start} / ${end}`, 'overlaps at t = 0 / 1'),
        ],
      },
    };
  },
  call: (s, r) => `const motionA = { translation: { x: aTo.x - ${exact(r.ca.x)}, y: aTo.y - ${exact(r.ca.y)} } };  // A's centre moves to aTo
const motionB = { translation: { x: bTo.x - ${exact(r.cb.x)}, y: bTo.y - ${exact(r.cb.y)} } };
${line('const hit = c2.cast(a, motionA, b, motionB);', `{ hit: ${r.hit.hit}, fraction: ${fmt(r.hit.fraction, 6)}, point: ${vc(r.hit.point)},`)}
//   normal: ${vc(r.hit.normal, 3)}, iterations: ${r.hit.iterations} }
// what a per-frame test sees: the shapes before the step, and after it
${line('const overlapsStart = c2.overlaps(a, b);', String(r.start))}
const aEnd = ${shapeCode(moved(s.a, r.va))};
const bEnd = ${shapeCode(moved(s.b, r.vb))};
${line('const overlapsEnd = c2.overlaps(aEnd, bEnd);', String(r.end))}`,
  plain: `// conservative advancement with translation only (vA, vB: motions over the step)
function timeOfImpact(A, vA, B, vB) {
  let t = 0;
  for (let i = 0; i < 64; i++) {
    const { distance, normal } = distanceAt(A, vA, B, vB, t);  // GJK at time t
    if (distance <= 1e-9) return t;                // touching: the first contact
    const closing = dot(sub(vA, vB), normal);      // how fast the gap shrinks
    if (closing <= 0) return null;                 // moving apart: no hit
    t += distance / closing;                       // safe: cannot touch sooner
    if (t > 1) return null;                        // not within this step
  }
  return t;
}`,
  draw(st, s, r, _a, ui) {
    drawSwept(st, s.b, r.vb, C.b);
    drawSwept(st, s.a, r.va, C.a);
    arrows(st, r);
    drawShape(st, s.a, null, 'A', C.a);
    drawShape(st, s.b, null, 'B', C.b);
    // The pose: the slider's t, or the first contact, or the end of the step.
    const t = ui.step >= 0 ? ui.step / SLIDER_STEPS : r.hit.hit ? r.hit.fraction : 1;
    const p = posed(s, r, t);
    const touching = ui.step < 0 ? r.hit.hit : overlapsAt(s, r, t);
    drawShape(st, p.a, touching, undefined, C.a);
    if (len(r.vb) > 0) drawShape(st, p.b, touching, undefined, C.b);
    // One label for the pose (both shapes are posed at the same t), under A, clear of its fill.
    const tt = fmt(t, ui.step < 0 ? 3 : 2);
    st.label(bottom(p.a), ui.step < 0 && r.hit.hit ? `contact at t = ${tt}` : `t = ${tt}`, C.ink, 0, 16, 'center', true);
    if (r.hit.hit && ui.step < 0) {
      st.dot(r.hit.point, C.ink, 5.5);
      st.arrow(r.hit.point, add(r.hit.point, scale(r.hit.normal, 40 / st.k)), C.push, undefined, 2.5);
      st.label(add(r.hit.point, scale(r.hit.normal, 40 / st.k)), 'normal', C.push, 8, 8);
    }
  },
};
