// World memory per body in wasm (issue 12's "below 512 bytes per body without reserve()"): the mixed scene of
// bench/scene.h, N bodies added one by one (with and without w.reserve(N)), then T frames of motion, in each contact
// mode; w.heapBytes (every array the World holds, capacities included) divided by N after the last frame.
//
// Usage: node bench/js/memory.mjs [N ...] [--frames=T]     (default N = 10000 50000, T = 30)
import { advance, c2ShapeOf, fillTransforms, makeScene } from './scene.mjs';
import { initWithMemory } from '../../web/test/shared.js';

const args = process.argv.slice(2);
const sizes = args.filter((a) => !a.startsWith('--')).map(Number);
const frames = Number((args.find((a) => a.startsWith('--frames=')) ?? '--frames=30').slice(9));
const { c2 } = await initWithMemory();


function measure(n, mode, reserve) {
  const s = makeScene(n);
  const w = new c2.World();
  try {
    w.setContactMode(mode);
    if (reserve) w.reserve(n);
    for (const b of s.bodies) w.add(c2ShapeOf(b), { x: b.x, y: b.y, angle: b.angle });
    const xya = new Float64Array(3 * n);
    let pairs = 0;
    for (let f = 0; f < frames; f++) {
      advance(s);
      w.setTransforms(fillTransforms(s, xya));
      w.step();
      pairs += w.pairCount;
    }
    return { bytes: w.heapBytes / n, pairs: pairs / frames };
  } finally {
    w.free();
  }
}

const rows = ['| N | reserve | contacts (default) | pairs only | manifolds | pairs per frame |', '|---:|---|---:|---:|---:|---:|'];
for (const n of sizes.length ? sizes : [10000, 50000]) {
  for (const reserve of [false, true]) {
    const r = ['contacts', 'pairs', 'manifolds'].map((m) => measure(n, m, reserve));
    rows.push(`| ${n.toLocaleString('en-US')} | ${reserve ? 'yes' : 'no'} | ${r.map((x) => x.bytes.toFixed(0)).join(' | ')} | ${r[0].pairs.toFixed(0)} |`);
  }
}
console.log(`World heap bytes per body (wasm, w.heapBytes / N after ${frames} frames):\n`);
console.log(rows.join('\n'));
