// Out of memory is an error, not a dead module (issue 9 item 5). The module links with -sABORTING_MALLOC=0 and can
// grow to 2 GB. Two documented outcomes, and nothing else:
//  (a) the allocation failure is reported: a RangeError whose message says "out of memory" and names the function
//      (code 'OutOfMemory'), the object is left as it was and the module keeps working;
//  (b) the module aborted inside the call (an operator new that failed: Emscripten's libc++ aborts then): the call
//      throws that same kind of RangeError, and from then on EVERY call throws it instead of answering from a
//      broken state.
// This file runs in its own process (node --test), so a module left in state (b) harms no other test.
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

const closeCircles = () => c2.collide(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1));
const EXPECTED = { normal: { x: 1, y: 0 }, depth: 0.5, point: { x: 0.5, y: 0 } };

test('a polygon set too large to prepare: RangeError "out of memory", the module keeps working', () => {
  // 40 million polygons: the prepared set alone would need more than the 2 GB the wasm memory can hold. The offsets
  // are cheap (polygon 0 is a triangle, the others are empty: rejected later, but the storage is checked first).
  const n = 40_000_000;
  const offsets = new Uint32Array(n + 1).fill(3);
  offsets[0] = 0;
  const vertices = new Float64Array([0, 0, 1, 0, 0, 1]);
  assert.throws(() => c2.batch.preparePolygons({ vertices, offsets }), isOutOfMemory('batch.preparePolygons'));
  assert.deepEqual(closeCircles(), EXPECTED);
  const set = c2.batch.preparePolygons([[{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 2 }]]);
  assert.deepEqual([...c2.batch.overlapsPolygonPolygon(set, new Uint32Array([0, 0]))], [1]);
  set.free();
});

test('a World whose pairs cannot fit: step() reports out of memory (a), or the module refuses every later call (b)', (t) => {
  // 12,000 coincident circles: 71,994,000 touching pairs, 48 bytes each in the results alone (3.5 GB > 2 GB).
  const world = new c2.World();
  const n = 12_000;
  for (let i = 0; i < n; i++) world.add(c2.circle(0, 0, 1));
  let stepError = null;
  try {
    world.step();
  } catch (e) {
    stepError = e;
  }
  assert.ok(stepError !== null, 'step() returned although its pairs cannot fit in memory');
  isOutOfMemory('World.step')(stepError);
  let usable;
  try {
    usable = closeCircles();
  } catch (e) {
    usable = e;
  }
  if (!(usable instanceof Error)) {
    // (a): the world is as it was before step(), the module answers right.
    t.diagnostic('outcome (a): step() threw RangeError "out of memory"; the world and the module stay usable');
    assert.deepEqual(usable, EXPECTED);
    assert.equal(world.bodyCount, n);
    world.clear();
    world.add(c2.circle(0, 0, 1));
    world.add(c2.circle(1, 0, 1));
    assert.equal(world.step(), 1);
    world.free();
    return;
  }
  // (b): every later call throws the same clear error (no answer from a broken module).
  t.diagnostic('outcome (b): the module aborted inside step(); every later call throws the out-of-memory error');
  const calls = {
    'collide (circles)': closeCircles,
    'overlaps (circles, computed in JS)': () => c2.overlaps(c2.circle(0, 0, 1), c2.circle(1, 0, 1)),
    overlapsCircleCircle: () => c2.overlapsCircleCircle(0, 0, 1, 1, 0, 1),
    'collide (polygons)': () => c2.collide({ type: 'polygon', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }] },
      { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }] }),
    circle: () => c2.circle(0, 0, 1),
    polygon: () => c2.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]),
    raycast: () => c2.raycast({ origin: { x: -5, y: 0 }, direction: { x: 1, y: 0 } },
      { type: 'circle', center: { x: 0, y: 0 }, radius: 1 }),
    sat: () => c2.sat({ type: 'box', center: { x: 0, y: 0 }, halfExtents: { x: 1, y: 1 } },
      { type: 'box', center: { x: 1, y: 0 }, halfExtents: { x: 1, y: 1 } }),
    'batch.collideCircleCircle': () => c2.batch.collideCircleCircle(new Float64Array([0, 0, 1]), new Float64Array([1, 0, 1])),
    'World.step': () => world.step(),
    'World.add': () => world.add({ type: 'circle', center: { x: 0, y: 0 }, radius: 1 }),
    'World.queryPoint': () => world.queryPoint({ x: 0, y: 0 }),
    'new World': () => new c2.World(),
  };
  for (const [name, call] of Object.entries(calls)) {
    assert.throws(call, (e) => {
      assert.equal(e.message, stepError.message, name);
      return isOutOfMemory('World.step')(e);
    }, name);
  }
});
