// collide2d/threads in Node: the World frame (setTransforms + step, contact mode 'pairs') of the bench/scene.h scene
// (./scene.mjs), one World per thread count, frames interleaved (1 thread, 2 threads, 1, 2, ...), the pairs checked
// equal. Prints the median ms per frame of each. --entry=collide2d runs the default entry instead (--threads=1).
//
// Usage: node bench/js/threads.mjs [N ...] [--frames=T] [--warmup=W] [--threads=1,2] [--entry=collide2d/threads]
//   default N = 10000 100000; frames 5 warm-up + 20 timed.
import { performance } from 'node:perf_hooks';
import { advance, fillTransforms, Kind, makeScene } from './scene.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? d : a.slice(name.length + 3);
};
const sizes = args.filter((a) => !a.startsWith('--')).map(Number);
const frames = Number(opt('frames', 20));
const warmup = Number(opt('warmup', 5));
const threadCounts = opt('threads', '1,2').split(',').map(Number);

const entry = opt('entry', 'collide2d/threads');
const c2 = await import(entry);
await c2.init();

function makeWorld(s, threads) {
  const w = new c2.World();
  w.setContactMode('pairs');
  if (threads !== 1) w.setThreadCount(threads);
  w.reserve(s.bodies.length);
  for (const b of s.bodies) {
    let shape;
    switch (b.kind) {
      case Kind.Circle: shape = { type: 'circle', center: { x: 0, y: 0 }, radius: b.a }; break;
      case Kind.Aabb: shape = { type: 'aabb', min: { x: -b.a / 2, y: -b.b / 2 }, max: { x: b.a / 2, y: b.b / 2 } }; break;
      case Kind.Box: shape = { type: 'box', center: { x: 0, y: 0 }, halfExtents: { x: b.a, y: b.b }, angle: 0 }; break;
      default: {
        const points = [];
        for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
        shape = { type: 'polygon', points };
      }
    }
    w.add(shape, { x: b.x, y: b.y, angle: b.angle });
  }
  w.step();
  return w;
}

const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

for (const n of sizes.length > 0 ? sizes : [10000, 100000]) {
  // One scene per World (each advances its own copy: the same motion).
  const runs = threadCounts.map((t) => {
    const s = makeScene(n);
    return { t, s, w: makeWorld(s, t), xya: new Float64Array(3 * n), times: [], pairs: [] };
  });
  for (let f = 0; f < warmup + frames; f++) {
    for (const r of runs) {
      advance(r.s);
      const t0 = performance.now();
      r.w.setTransforms(fillTransforms(r.s, r.xya));
      r.w.step();
      const dt = performance.now() - t0;
      if (f >= warmup) r.times.push(dt);
      r.pairs.push(r.w.pairCount);
    }
  }
  for (const r of runs.slice(1)) {
    if (r.pairs.join() !== runs[0].pairs.join()) throw new Error(`pairs differ at ${r.t} threads`);
  }
  console.log(`${entry}: ${n} bodies, pairs mode, ${runs[0].pairs.at(-1)} pairs/frame: ` +
    runs.map((r) => `${r.t} thread${r.t > 1 ? 's' : ''} ${median(r.times).toFixed(2)} ms`).join(', '));
  for (const r of runs) r.w.free();
}
