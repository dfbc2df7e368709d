// Resting bodies, in Node: the scene of bench/scene.h (./scene.mjs) where only the first P % of the N bodies move
// each frame (the others stay where they are, as the bodies at rest of a game). One frame = move those bodies (each
// library's own per-body update) + find every touching pair:
//   collide2d        World in wasm, contacts: setTransforms(handles, xya) of the moving ones + step(). Its steps
//                    are quiet ones (world.h, "Quiet steps": the grid and the last pairs kept, only the moved bodies'
//                    pairs searched and tested)
//   collide2d full   the same World calls plus setFilter(a body, its own filter) before each step, which makes every
//                    step a full one (as before quiet steps): the same answers, measured in the same run
//   c2pairs          collide2d in 'pairs' mode (the like-for-like peer of rapier's sensors), quiet steps
//   rapier           @dimforge/rapier2d-compat, parentless sensor colliders (FIXED_FIXED), setTranslation /
//                    setRotation of the moving ones + world.step(eventQueue) (as bench/js/world.mjs)
//   rapier-simd      @dimforge/rapier2d-simd-compat 0.19.3, the same
// The libraries take turns by blocks of frames (round robin), so that the machine's load falls on all of them. Each
// library's pair count after the last frame is printed (collide2d's three must be equal).
//
// Usage: node bench/js/resting.mjs [N ...] [--percent=1,5,10] [--frames=30] [--rounds=5]
import { performance } from 'node:perf_hooks';
import { advance, c2ShapeOf, makeScene, moveRapier, rapierDescOf } from './scene.mjs';
import { initWithMemory } from '../../web/test/shared.js';
import { loadRapiers } from './peers.mjs';

const args = process.argv.slice(2);
const flagValue = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
const NS = sizes.length ? sizes : [10000, 50000];
const PERCENTS = (flagValue('percent') ?? '1,5,10').split(',').map(Number);
const FRAMES = Number(flagValue('frames') ?? 30);
const ROUNDS = Number(flagValue('rounds') ?? 5);

const { c2 } = await initWithMemory();
const { RAPIER, RAPIER_SIMD } = await loadRapiers();

function collide2d(n, m, { mode = 'contacts', full = false } = {}) {
  const s = makeScene(n);
  const w = new c2.World();
  if (mode !== 'contacts') w.setContactMode(mode);
  w.reserve(n);
  const handles = new Uint32Array(m);
  for (let i = 0; i < n; i++) {
    const b = s.bodies[i];
    const h = w.add(c2ShapeOf(b), { x: b.x, y: b.y, angle: b.angle });
    if (i < m) handles[i] = h;
  }
  const first = w.bodies()[0];
  const filter = w.getFilter(first);
  const xya = new Float64Array(3 * m);
  w.step();
  let quiet = 0, frames = 0;
  return {
    name: `collide2d${mode === 'contacts' ? '' : ` (${mode})`}${full ? ' full steps' : ''}`,
    frame() {
      advance(s);
      for (let i = 0; i < m; i++) {
        const b = s.bodies[i];
        xya[3 * i] = b.x;
        xya[3 * i + 1] = b.y;
        xya[3 * i + 2] = b.angle;
      }
      w.setTransforms(xya, handles);
      if (full) w.setFilter(first, filter);
      w.step();
      quiet += w.quietStep ? 1 : 0;
      frames++;
    },
    pairs: () => w.pairCount,
    note: () => `quiet steps ${quiet}/${frames}`,
    free: () => w.free(),
  };
}

function rapier(n, m, R, name) {
  const s = makeScene(n);
  const world = new R.World({ x: 0, y: 0 });
  const events = new R.EventQueue(true);
  const colliders = new Array(n);
  let pairs = 0;
  const onEvent = (_h1, _h2, started) => { pairs += started ? 1 : -1; };
  for (let i = 0; i < n; i++) {
    const b = s.bodies[i];
    const desc = rapierDescOf(R, b);
    desc.setTranslation(b.x, b.y).setRotation(b.angle).setSensor(true)
      .setActiveCollisionTypes(R.ActiveCollisionTypes.DEFAULT | R.ActiveCollisionTypes.FIXED_FIXED)
      .setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
    colliders[i] = world.createCollider(desc);
  }
  world.step(events);
  events.drainCollisionEvents(onEvent);
  const v = { x: 0, y: 0 };
  return {
    name,
    frame() {
      advance(s);
      moveRapier(colliders, s.bodies, m, v);
      world.step(events);
      events.drainCollisionEvents(onEvent);
    },
    pairs: () => pairs,
    note: () => '',
    free: () => world.free(),
  };
}

const median = (a) => {
  const b = [...a].sort((x, y) => x - y);
  return b.length % 2 ? b[(b.length - 1) / 2] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2;
};

console.log(`# Resting bodies: ${FRAMES} frames x ${ROUNDS} rounds per library, median ms per frame (node ${process.version})`);
for (const n of NS) {
  for (const p of PERCENTS) {
    const m = Math.floor((n * p) / 100);
    const libs = [
      collide2d(n, m),
      collide2d(n, m, { full: true }),
      collide2d(n, m, { mode: 'pairs' }),
      rapier(n, m, RAPIER, 'rapier2d 0.21 (sensors)'),
      ...(RAPIER_SIMD ? [rapier(n, m, RAPIER_SIMD, 'rapier2d-simd 0.19.3 (sensors)')] : []),
    ];
    const times = libs.map(() => []);
    for (const lib of libs) for (let f = 0; f < 3; f++) lib.frame();  // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      libs.forEach((lib, k) => {
        for (let f = 0; f < FRAMES; f++) {
          const t0 = performance.now();
          lib.frame();
          times[k].push(performance.now() - t0);
        }
      });
    }
    console.log(`\n## ${n} bodies, ${p} % moving (${m} per frame)\n`);
    console.log('| library | ms per frame (median) | pairs after the last frame | |');
    console.log('|---|---:|---:|---|');
    libs.forEach((lib, k) => console.log(`| ${lib.name} | ${median(times[k]).toFixed(3)} | ${lib.pairs()} | ${lib.note()} |`));
    const best = Math.min(...libs.slice(3).map((_, k) => median(times[k + 3])));
    console.log(`\ncollide2d (pairs) / best rapier: ${(median(times[2]) / best).toFixed(3)}; ` +
      `collide2d quiet / full: ${(median(times[0]) / median(times[1])).toFixed(3)}`);
    for (const lib of libs) lib.free();
  }
}
