// The small figures of "Moving a character", one idea each: the seam (a naive cast's diagonal normal at the next
// tile's corner, and what collide2d answers for the same motion), slopes (a box walking into 20°, 40° and 60°) and
// a step (box and circle walking into it). The slope and step figures run small worlds with the main figure's game
// rules; every position and normal in them is what moveAndSlide returned.
import * as c2 from 'collide2d';
import { fmt, fmtVec, type Vec } from '../geom';
import { C, type Stage } from '../stage';
import { FPS, GRAVITY, GROUND_Y, SPEED, slopePoints } from './character_level';

export interface CharMini {
  title: string;
  draw: (st: Stage) => void;
  caption: () => string;
}

const sq = (x: number, y: number, w: number, h: number): Vec[] => [
  { x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h },
];

function solid(st: Stage, pts: Vec[]): void {
  st.pathPoly(pts);
  st.fillStroke(C.b + '30', C.b, 1.5);
}

function boxOutline(c: Vec, hx: number, hy: number): Vec[] {
  return sq(c.x - hx, c.y - hy, 2 * hx, 2 * hy);
}

/** Walks a character right with the main figure's rules for `frames` frames; returns its path and last hits. */
function walk(world: c2.World, hero: c2.Shape, start: Vec, frames: number): { path: Vec[]; normal: Vec | null } {
  let p = start;
  let vy = 0;
  const path = [p];
  let normal: Vec | null = null;
  for (let f = 0; f < frames; f++) {
    vy += GRAVITY / FPS;
    const r = world.moveAndSlide(hero, p, { x: SPEED / FPS, y: vy / FPS });
    let ground = false;
    for (let i = 0; i < r.hitCount; i++) {
      const h = world.rayHit(i);
      if (h.normal.y > GROUND_Y) ground = true;
      normal = h.normal;
    }
    if (ground) vy = 0;
    p = r.position;
    path.push(p);
  }
  return { path, normal };
}

function drawPath(st: Stage, path: Vec[]): void {
  st.pathPoly(path, false);
  st.fillStroke(null, C.motion, 2, [4, 3]);
}

/** The seam, zoomed: two floor tiles, a box whose bottom glides along them, the next tile's corner. */
function seamMini(): CharMini {
  // What collide2d answers for the motion drawn: a box resting exactly on tile 1 (bottom at y = 10) moving right by
  // 0.5, cast against tile 2 alone, and the same move by moveAndSlide over both tiles with a little gravity.
  const box = c2.box(0, 0, 0.4, 0.5);
  const start = { x: 0.55, y: 9.5 };
  const tile2 = c2.aabb(1, 10, 2, 11);
  const cast = c2.cast(c2.box(start.x, start.y, 0.4, 0.5), { translation: { x: 0.5, y: 0 } }, tile2);
  const world = new c2.World();
  world.add(c2.aabb(0, 0, 1, 1), { x: 0, y: 10 }, { static: true });
  world.add(c2.aabb(0, 0, 1, 1), { x: 1, y: 10 }, { static: true });
  world.step();  // (bins the static bodies, as the main figure's world)
  const move = { x: 0.5, y: 0.01 };
  const slide = world.moveAndSlide(box, start, move);
  const hits: c2.WorldRayHit[] = [];
  for (let i = 0; i < slide.hitCount; i++) hits.push(world.rayHit(i));
  world.free();
  const corner = { x: 1, y: 10 };
  return {
    title: 'The seam between two floor tiles, zoomed: the next tile\'s corner and the diagonal normal a naive cast reports',
    draw(st) {
      st.gridUnit = 0.25;
      solid(st, sq(0, 10, 1, 0.5));
      solid(st, sq(1, 10, 1, 0.5));
      st.label({ x: 0.5, y: 10.3 }, 'tile 1', C.b, 0, 0, 'center');
      st.label({ x: 1.5, y: 10.3 }, 'tile 2', C.b, 0, 0, 'center');
      // The box, its bottom drawn 0.04 above the floor so that the corners can be told apart.
      const lift = 0.04;
      st.pathPoly(boxOutline({ x: 0.55, y: 9.5 - lift }, 0.4, 0.5));
      st.fillStroke(C.a + '26', C.a, 2);
      st.arrow({ x: 0.55, y: 9.7 }, { x: 0.95, y: 9.7 }, C.motion, 'walk', 2.5);
      st.dot(corner, C.ink, 5);
      st.label(corner, 'next tile\'s corner (1, 10)', C.ink, 10, 18);
      // A naive cast: the box's corner meets the tile's corner; a diagonal normal, and the slide it causes.
      const n = { x: Math.SQRT1_2, y: Math.SQRT1_2 };
      st.arrow(corner, { x: corner.x + 0.28 * n.x, y: corner.y + 0.28 * n.y }, C.hit, undefined, 2.5);
      st.label({ x: corner.x + 0.28 * n.x, y: corner.y + 0.28 * n.y }, 'naive: n = (0.71, 0.71)', C.hit, 6, 10);
      st.arrow({ x: 0.95, y: 10 - lift }, { x: 1.25, y: 10 - lift - 0.3 }, C.hit, undefined, 2);
      st.label({ x: 1.25, y: 10 - lift - 0.3 }, 'naive slide: lifted', C.hit, 6, -4);
      // The surface's own normal.
      st.arrow({ x: 0.2, y: 10 }, { x: 0.2, y: 10.28 }, C.push, undefined, 2.5);
      st.label({ x: 0.2, y: 10.28 }, 'floor: n = (0, 1)', C.push, 6, 12);
    },
    caption: () => {
      const got = cast.hit
        ? `a hit at t = ${fmt(cast.fraction, 6)} with normal ${fmtVec(cast.normal, 3)}`
        : 'no hit: the corners only pass each other (a graze)';
      const flat = hits.map((h) => fmtVec(h.normal, 3)).join(', ') || 'none';
      return `<b>The seam.</b> The box (blue) walks right on tile 1; its bottom edge lies exactly on the floor (drawn a
little above so that the corners show). At x = 1 its bottom-right corner meets tile 2's top-left corner (the diamond). A
cast that decides from rounded distances reports a hit there with a diagonal normal (vermillion, drawn by the page),
and the slide along it lifts the box or stops it. <b>collide2d, live:</b> <code>moveAndSlide</code> by ${fmtVec(move, 2)}
over both tiles (a world of two aabbs) ends at ${fmtVec(slide.position, 6)} after ${slide.hitCount} hit(s) with normal(s) ${flat}: ${start.x + move.x - slide.position.x < 1e-9 ? 'the whole step sideways' : `<b>stopped ${fmt(start.x + move.x - slide.position.x, 6)} short</b>`}, and y ${slide.position.y === 9.5 ? 'exactly 9.5' : `<b>${slide.position.y}, not 9.5</b>`}. For
comparison, one pair alone: <code>c2.cast</code> of this box moving right by 0.5 against tile 2 gives ${got}.`;
    },
  };
}

/** A box walking right into 20°, 40° and 60° slopes for one second each. */
function slopesMini(): CharMini {
  const runs: { deg: number; pts: Vec[]; path: Vec[]; normal: Vec | null }[] = [];
  const box = c2.box(0, 0, 0.4, 0.5);
  [20, 40, 60].forEach((deg, i) => {
    const world = new c2.World();
    const x0 = i * 5;
    world.add(c2.aabb(x0 - 1.5, 10, x0 + 4, 11), { x: 0, y: 0 }, { static: true });
    const pts = slopePoints(2.5, deg);
    world.add(c2.polygon(pts), { x: x0, y: 10 }, { static: true });
    world.step();
    const w = walk(world, box, { x: x0 - 1, y: 9.5 }, 30);
    runs.push({ deg, pts: pts.map((p) => ({ x: p.x + x0, y: p.y + 10 })), path: w.path, normal: w.normal });
    world.free();
  });
  return {
    title: 'A box walking right into slopes of 20°, 40° and 60°, for half a second each',
    draw(st) {
      st.gridUnit = 1;
      for (const r of runs) {
        const x0 = r.pts[0].x;
        solid(st, sq(x0 - 1.4, 10, 4.3, 0.3));
        solid(st, r.pts);
        st.label({ x: x0 + 1.25, y: 10.15 }, `${r.deg}°`, C.ink, 0, 0, 'center', true);
        drawPath(st, r.path);
        const end = r.path[r.path.length - 1];
        st.pathPoly(boxOutline(end, 0.4, 0.5));
        st.fillStroke(C.a + '26', C.a, 2);
        if (r.normal) {
          st.arrow(end, { x: end.x + 0.7 * r.normal.x, y: end.y + 0.7 * r.normal.y }, C.push, undefined, 2);
        }
        st.label({ x: end.x, y: end.y - 0.5 }, `y = ${fmt(end.y, 2)}`, C.ink, 0, -6, 'center');
      }
    },
    caption: () => {
      const what = runs.map((r) => {
        const end = r.path[r.path.length - 1];
        const top = Math.min(...r.path.map((p) => p.y));
        const how = top > 9.5 - 1e-9 ? `<b>stops at the slope's foot</b> (x = ${fmt(end.x, 4)}, normal ${fmtVec(r.normal, 2)})`
          : end.y > top + 0.01 ? `gets up to y = ${fmt(top, 2)} and slides back to ${fmt(end.y, 2)}`
            : `climbs to y = ${fmt(end.y, 2)}`;
        return `at ${r.deg}° it ${how}`;
      });
      return `<b>Slopes.</b> Each box starts on the floor, 1 to the left of a slope, and walks right for 30 frames with
gravity, by the main figure's rules. Live from <code>moveAndSlide</code>: ${what.join('; ')}. Walking into a slope, the
slide keeps the part of the step along the surface, whose normal has the y part cos θ (0.94 at 20°, 0.77 at 40°, 0.5 at
60°). This page calls a surface ground when that part exceeds ${GROUND_Y} (slopes up to 45.6°): on 60° the box is never
on the ground, so gravity keeps building up against its climb (the option <code>maxSlopeAngle</code>, below, makes
that the library's call).`;
    },
  };
}

/** A box and a circle walking right into a step 0.25 high. */
function stepMini(): CharMini {
  const world = new c2.World();
  world.add(c2.aabb(-1, 10, 6, 11), { x: 0, y: 0 }, { static: true });
  world.add(c2.aabb(2, 9.75, 6, 10), { x: 0, y: 0 }, { static: true });
  world.step();
  const boxW = walk(world, c2.box(0, 0, 0.4, 0.5), { x: 0.5, y: 9.5 }, 40);
  const circW = walk(world, c2.circle(0, 0, 0.45), { x: 0.5, y: 9.55 }, 40);
  world.free();
  const end = (p: Vec[]) => p[p.length - 1];
  return {
    title: 'A box and a circle walking right into a step 0.25 high',
    draw(st) {
      st.gridUnit = 1;
      // Two lanes of the same floor and step: the box's below, the circle's drawn 1.6 higher.
      for (const dy of [0, -1.6]) {
        solid(st, sq(-0.2, 10 + dy, 4.4, 0.3));
        solid(st, sq(2, 9.75 + dy, 2.2, 0.25));
      }
      st.label({ x: 3.1, y: 9.87 }, 'step 0.25', C.b, 0, 0, 'center');
      drawPath(st, boxW.path);
      drawPath(st, circW.path.map((p) => ({ x: p.x, y: p.y - 1.6 })));
      const b = end(boxW.path);
      st.pathPoly(boxOutline(b, 0.4, 0.5));
      st.fillStroke(C.a + '26', C.a, 2);
      st.label({ x: b.x, y: b.y }, `box: x = ${fmt(b.x, 2)}`, C.ink, -10, 0, 'right');
      // The circle's run is drawn 1.6 higher, over the same step, so that the two do not overlap.
      const c = end(circW.path);
      st.pathCircle({ x: c.x, y: c.y - 1.6 }, 0.45);
      st.fillStroke(C.a + '26', C.a, 2);
      st.label({ x: c.x, y: c.y - 1.6 - 0.45 }, `circle: (${fmt(c.x, 2)}, ${fmt(c.y, 2)})`, C.ink, 0, -8, 'center');
    },
    caption: () => {
      const b = end(boxW.path), c = end(circW.path);
      return `<b>A step.</b> Both walk right from x = 0.5 for 40 frames. The box's flat side meets the riser: the hit normal is
${fmtVec(boxW.normal, 2)}, nothing of the step is left to slide along, and it stops at x = ${fmt(b.x, 4)}. The circle
(its run drawn above, on a copy of the same floor and step) meets the step's corner low on its curve: the normal tilts,
and sliding along it ${c.y < 9.55 - 0.2 ? `lifts it onto the step: it ends at (${fmt(c.x, 2)}, ${fmt(c.y, 2)})` : `does not get it up: it ends at (${fmt(c.x, 2)}, ${fmt(c.y, 2)})`}.`;
    },
  };
}

/** Builds the small figures (each runs its own small world once). */
export function characterMinis(): Record<string, CharMini> {
  return { seam: seamMini(), slopes: slopesMini(), step: stepMini() };
}
