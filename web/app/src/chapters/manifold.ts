// Chapter: contact manifolds: up to two points with depths and feature ids, from a reference face and a clipped
// incident edge. Three small figures: the reference face, then the incident edge, then the clipping.
import * as c2 from 'collide2d';
import type { ChapterDef, Mini, Shapes } from '../chapter';
import { drawShape } from '../draw';
import { type Vec, add, fmt, fmtVec, lerp, scale } from '../geom';
import { row } from '../readout';
import { boxS, capS, ngonS, polyS, toLib } from '../shapes';
import { C, type Stage } from '../stage';
import { contactC, line, vc } from './codefmt';
import { corePoints, edgeAlong } from './kit';

type Contact = { normal: Vec; depth: number; point: Vec } | null;
interface ManR {
  m: c2.Manifold | null;
  collide: Contact;
  /** Reference face and incident edge, found from the manifold's normal (for drawing). */
  ref: [Vec, Vec, Vec] | null;
  inc: [Vec, Vec, Vec] | null;
  flipped: boolean;
}

const KINDS = ['box', 'polygon', 'capsule'] as const;

/** The library's feature id, decoded: flipped << 31 | reference vertex << 16 | incident vertex (1 << 30: fallback). */
export function describeId(id: number): string {
  if (id & (1 << 30)) return 'single point (no face pair)';
  const flipped = id >>> 31 === 1;
  return `reference face of ${flipped ? 'B' : 'A'}, its vertex ${(id >>> 16) & 0x3fff}; incident vertex ${id & 0xffff} of ${flipped ? 'A' : 'B'}`;
}
const hex = (id: number) => `0x${(id >>> 0).toString(16)}`;

const owner = (r: ManR, ref: boolean) => ((r.flipped ? !ref : ref) ? 'A' : 'B');

function drawRef(st: Stage, r: ManR, planes: boolean): void {
  if (!r.ref) return;
  const [p, q, n] = r.ref;
  if (planes) {
    const reach = 70 / st.k;
    for (const e of [p, q]) st.line(add(e, scale(n, -reach)), add(e, scale(n, reach)), C.work, 1.5, [6, 4]);
  }
  st.line(p, q, C.work, 6);
  st.label(lerp(p, q, 0.22), `reference face (${owner(r, true)})`, C.work, 0, 16, 'center', true);
}

function drawInc(st: Stage, r: ManR): void {
  if (!r.inc) return;
  const [p, q] = r.inc;
  st.line(p, q, C.work, 4, [8, 4]);
  st.label(lerp(p, q, 0.78), `incident edge (${owner(r, false)})`, C.work, 0, -16, 'center', true);
}

function drawPoints(st: Stage, r: ManR): void {
  if (!r.m) return;
  const n = r.m.normal;
  r.m.points.forEach((pt, i) => {
    // The depth: from B's deepest point to A's surface along the normal.
    st.line(pt.point, add(pt.point, scale(n, pt.depth)), C.hit, 3);
    st.dot(pt.point, C.hit, 6);
    st.label(pt.point, `${i + 1}: depth ${fmt(pt.depth, 1)}, id ${hex(pt.id)}`, C.hit, 0, 26, 'center', true);
  });
}

const shapesOf = (st: Stage, s: Shapes, r: ManR) => {
  drawShape(st, s.a, r.m !== null, 'A', C.a);
  drawShape(st, s.b, r.m !== null, 'B', C.b);
};

const MINIS: Record<string, Mini<ManR>> = {
  ref: {
    title: 'The reference face and its normal',
    draw(st, s, r) {
      shapesOf(st, s, r);
      drawRef(st, r, false);
      if (r.ref) {
        const [p, q, n] = r.ref;
        const m = lerp(p, q, 0.5);
        st.arrow(m, add(m, scale(n, 44 / st.k)), C.work, 'n', 2.5);
      }
    },
    caption: (r) => !r.m
      ? '<b>1. Reference face.</b> None: the shapes are apart, there is no manifold.'
      : !r.ref
        ? '<b>1. Reference face.</b> None here: this pair has no face pair (a single point, see the id).'
        : `<b>1. Reference face.</b> Of the faces SAT tried, the one along which the shapes penetrate least is ${owner(r, true)}'s
face (orange); its outward normal n is the manifold's normal${r.flipped ? ', turned to point from A to B' : ''}: ${fmtVec(r.m.normal, 3)}.`,
  },
  inc: {
    title: 'The incident edge: the other shape\'s edge most opposed to the normal',
    draw(st, s, r) {
      shapesOf(st, s, r);
      drawRef(st, r, false);
      drawInc(st, r);
    },
    caption: (r) => !r.inc
      ? '<b>2. Incident edge.</b> None: no face pair.'
      : `<b>2. Incident edge.</b> On ${owner(r, false)}, the edge whose outward normal points most against n (dashed orange)
is the one lying on the reference face: the <em>incident edge</em>. Its two ends are the candidate contact points.`,
  },
  clip: {
    title: 'Clipping: the incident edge cut by the side planes; the points below the face are kept',
    draw(st, s, r) {
      shapesOf(st, s, r);
      drawRef(st, r, true);
      drawInc(st, r);
      drawPoints(st, r);
    },
    caption: (r) => {
      if (!r.m) return '<b>3. Clipping.</b> Nothing to clip: no manifold.';
      const pts = r.m.points.map((p, i) => `point ${i + 1} at depth ${fmt(p.depth, 2)}, id ${hex(p.id)}`).join('; ');
      return `<b>3. Clipping.</b> The incident edge is cut by the two side planes through the reference face's ends (thin
dashed), so that it spans no more than the face; each end of what remains that lies below the face is a manifold
point, its depth measured along n: ${pts}.`;
    },
  },
};

const ground = () => boxS(360, 380, 230, 40, 0);

export const manifoldChapter: ChapterDef<ManR> = {
  id: 'manifold',
  title: 'Contact manifolds',
  nav: 'Manifolds',
  lede: `A box resting on the floor touches it along a whole face: to hold it still, a physics engine needs a point
under each end, not one.
Drag and tilt the top box: the points, their depths and their ids follow.`,
  prose: `
<p><code>collide</code> returns one contact point: enough to push two shapes apart, not enough to let a box rest on
the floor. A physics engine's <em>solver</em> (the part that pushes touching bodies apart, frame after frame) that
pushes at a single point under a box also makes it turn about that point, and the box rocks
and jitters; with a point under each end of its resting face, the pushes balance and the box stays still. A
<em>contact manifold</em> is that set of points: up to two in 2D, sharing one normal, each with its own depth.</p>
<p><code>c2.collideManifold(a, b)</code> builds it the way Box2D does, in three steps, one per figure below.</p>
<figure class="mini" data-mini="ref"></figure>
<figure class="mini" data-mini="inc"></figure>
<figure class="mini" data-mini="clip"></figure>
<pre class="formula">ref = face of least penetration (A or B)
n   = ref's outward normal
inc = other shape's edge whose normal
      is most opposed to n
clip inc to the side planes at ref's ends
for each clipped end v:
  depth = (ref.v1 − v) · n  (+ radii)
  keep it when depth ≥ 0</pre>
<p>Each point carries a <em>feature id</em>: which shape owns the reference face, the face's vertex and the incident
vertex. While the same features touch, the id stays the same from one frame to the next, so a solver can carry its
accumulated push over from the last frame (<em>warm starting</em>), which is what makes stacks settle. Drag the top
box a little: the points and depths move, the ids do not. Tilt it onto a corner ("tilted on a corner") and the
manifold drops to one point: the corner that still touches keeps its id, so the solver keeps its push for it, and
the point that lifted off is gone.</p>`,
  hint: 'Drag a shape by its body; tap it for its corner and rotation handles. Each diamond is a manifold point with its depth and id.',
  view: { x: 0, y: 0, w: 800, h: 500 },
  names: { a: 'A', b: 'B' },
  select: 'b',
  keys: ['count', 'depths', 'ids'],
  legend: ['a', 'b', 'hit', ['work', 'reference face, incident edge'], 'push'],
  minis: MINIS,
  kinds: { a: [...KINDS], b: [...KINDS] },
  shapes: () => ({ a: ground(), b: boxS(540, 286, 90, 60, 0) }),
  presets: [
    { label: 'resting flat', shapes: () => ({ a: ground(), b: boxS(540, 286, 90, 60, 0) }) },
    { label: 'tilted on a corner', shapes: () => ({ a: ground(), b: boxS(400, 270, 90, 60, 0.5) }) },
    { label: 'slightly tilted', shapes: () => ({ a: ground(), b: boxS(400, 288, 90, 60, 0.06) }) },
    { label: 'polygon on a slope', shapes: () => ({ a: polyS(400, 380, 0, [[-300, 40], [300, 40], [300, -80], [-300, 0]]), b: ngonS(420, 292, 5, 60, -0.1326) }) },
    { label: 'capsule lying down', shapes: () => ({ a: ground(), b: capS(300, 314, 460, 314, 30) }) },
  ],
  compute(s: Shapes) {
    const a = toLib(s.a) as c2.Shape;
    const b = toLib(s.b) as c2.Shape;
    const m = c2.collideManifold(a, b);
    const collide = c2.collide(a, b) as Contact;
    let ref: ManR['ref'] = null;
    let inc: ManR['inc'] = null;
    let flipped = false;
    if (m && m.points.length) {
      flipped = (m.points[0].id & (1 << 30)) === 0 && m.points[0].id >>> 31 === 1;
      const single = (m.points[0].id & (1 << 30)) !== 0;
      if (!single) {
        const refPts = corePoints(flipped ? s.b : s.a);
        const incPts = corePoints(flipped ? s.a : s.b);
        const n = flipped ? scale(m.normal, -1) : m.normal;
        ref = edgeAlong(refPts, n, 1);
        inc = edgeAlong(incPts, n, -1);
      }
    }
    const pts = m?.points ?? [];
    return {
      result: { m, collide, ref, inc, flipped },
      answer: {
        hit: m !== null,
        text: m ? `HIT: a manifold of ${pts.length} point${pts.length === 1 ? '' : 's'}` : 'NO HIT: no manifold (null)',
        raw: { manifold: m, contact: collide },
        rows: [
          row('count', 'manifold points', String(pts.length), 'points'),
          row('depths', 'depths', pts.length ? pts.map((p) => fmt(p.depth, 2)).join(', ') : '—', 'depths'),
          row('ids', 'feature ids', pts.length ? pts.map((p) => hex(p.id)).join(', ') : '—', 'ids'),
          row('normal', 'normal (A → B)', m ? fmtVec(m.normal, 3) : '—'),
          ...pts.map((p, i) => row(`p${i}`, `point ${i + 1}: position, depth`, `${fmtVec(p.point)}, ${fmt(p.depth, 3)}`)),
          ...pts.map((p, i) => row(`id${i}`, `point ${i + 1}: feature id`, `${hex(p.id)}: ${describeId(p.id)}`)),
          row('collide', 'collide(): the single deepest contact', collide ? `${fmtVec(collide.point)}, depth ${fmt(collide.depth, 3)}` : '—'),
        ],
      },
    };
  },
  call: (_s, r) => `${line('const manifold = c2.collideManifold(a, b);', r.m ? `{ normal: ${vc(r.m.normal, 3)}, points: [` : 'null')}${r.m ? `${r.m.points.map((p) => `\n//   { point: ${vc(p.point)}, depth: ${fmt(p.depth)}, id: ${hex(p.id)} }`).join(',')} ] }` : ''}
${line('const contact = c2.collide(a, b);', contactC(r.collide))}`,
  plain: `// clip the incident edge (v1, v2) to the reference face (r1 → r2, outward normal n)
function clipManifold(r1, r2, n, v1, v2) {
  const t = norm(sub(r2, r1)), lo = 0, hi = dot(sub(r2, r1), t);
  const at = (v) => dot(sub(v, r1), t);
  const cut = (p, q, x) => lerp(p, q, (x - at(p)) / (at(q) - at(p)));
  let [p, q] = at(v1) < at(v2) ? [v1, v2] : [v2, v1];
  if (at(q) < lo || at(p) > hi) return [];        // no overlap along the face
  if (at(p) < lo) p = cut(p, q, lo);              // side plane at r1
  if (at(q) > hi) q = cut(p, q, hi);              // side plane at r2
  return [p, q].map((v) => ({ point: v, depth: -dot(sub(v, r1), n) }))
               .filter((c) => c.depth >= 0);      // below the face only
}`,
  draw(st, s, r) {
    shapesOf(st, s, r);
    drawRef(st, r, false);
    drawPoints(st, r);
    if (r.m) {
      const c0 = r.m.points[0]?.point;
      if (c0) st.arrow(c0, add(c0, scale(r.m.normal, 44 / st.k)), C.push, 'normal', 2);
    }
  },
};
