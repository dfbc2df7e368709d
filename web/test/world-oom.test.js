// World out of memory in WebAssembly (issue 10): the module's malloc failing inside World.add() and World.step()
// is a RangeError "out of memory" (code 'OutOfMemory') with the world as it was, and the world and the module stay
// usable once memory is back. (web/test/oom.test.js also accepts an aborted module for step(); here the World's own
// growth, which probes malloc before it grows, must give the clean outcome.) Runs in its own process (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as c2 from 'collide2d';

await c2.init();

const isOutOfMemory = (fn) => (e) => {
  assert.ok(e instanceof RangeError, `${e}`);
  assert.match(e.message, new RegExp(`^collide2d\\.${fn.replace('.', '\\.')}: out of memory`));
  assert.equal(e.code, 'OutOfMemory');
  return true;
};

// Fills the module's memory (2 GB at most) with worlds whose storage is reserved, down to blocks of ~16 KB.
function hogMemory() {
  const hogs = [];
  for (const n of [1 << 19, 1 << 16, 1 << 13, 1 << 10, 1 << 6]) {
    for (let k = 0; k < 4096; k++) {
      let w;
      try {
        w = new c2.World();
      } catch (e) {
        isOutOfMemory('World.constructor')(e);
        return hogs;
      }
      const before = w.heapBytes;
      w.reserve(n); // a failed reservation keeps what it got (some arrays), and says nothing: measured below
      hogs.push(w);
      if (w.heapBytes - before < 200 * n) break; // this size no longer fits: go smaller
    }
  }
  return hogs;
}

test('World.add and World.step out of memory: RangeError, the world unchanged, usable after', () => {
  const world = new c2.World();
  // Two overlapping circles (one pair), then bodies far apart from everything (no pair) until add() runs out.
  world.add(c2.circle(0, 0, 1));
  world.add(c2.circle(1, 0, 1));
  assert.equal(world.step(), 1);
  const hogs = hogMemory();
  assert.ok(hogs.length > 0);
  let addError = null;
  let added = 0;
  for (let i = 0; i < 4_000_000 && addError === null; i++) {
    const count = world.bodyCount;
    try {
      world.add(c2.circle(0, 0, 1), { x: 1000 + 10 * (i % 1000), y: 10 * Math.floor(i / 1000) });
      added++;
    } catch (e) {
      addError = e;
      assert.equal(world.bodyCount, count, 'a failed add() left the body count as it was');
    }
  }
  assert.ok(addError !== null, 'add() never ran out of memory');
  isOutOfMemory('World.add')(addError);
  assert.equal(world.bodyCount, 2 + added);
  // The last step's results are still there.
  assert.equal(world.pairCount, 1);
  // step() with almost no memory left: either it fits (1 pair) or it is a clean RangeError leaving the last results.
  try {
    assert.equal(world.step(), 1);
  } catch (e) {
    isOutOfMemory('World.step')(e);
    assert.equal(world.pairCount, 1);
    assert.deepEqual([...world.pairBodies], [...world.bodies().slice(0, 2)]);
  }
  for (const h of hogs) h.free();
  // Memory is back: the world and the module work.
  assert.equal(world.step(), 1);
  const h = world.add(c2.circle(0, 0, 1), { x: 1000, y: 0.5 }); // overlaps the first far body
  assert.equal(world.step(), 2);
  assert.equal(world.beginCount, 1);
  assert.ok([...world.beginEvents].includes(h));
  assert.deepEqual(c2.collide(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)),
    { normal: { x: 1, y: 0 }, depth: 0.5, point: { x: 0.5, y: 0 } });
  world.free();
});
