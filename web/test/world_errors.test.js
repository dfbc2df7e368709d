// World bad input through the public JS API: the right error class, a message naming the argument, and the world
// unchanged; a freed world (every member throws, free() idempotent, Symbol.dispose); new World() before init().
// Helpers: world_helpers.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import {
  c2, World, P, checkPairs, snapshot, randomWorld,
} from './world_helpers.js';

// ---- bad input --------------------------------------------------------------------------------------------------

test('bad input: the right error class, a message naming the argument, and the world unchanged', () => {
  const { w } = randomWorld(21, 40);
  const hc = w.add(c2.compound([{ shape: c2.circle(0, 0, 1), offset: { x: -2, y: 0 } }, { shape: c2.box(0, 0, 1, 1), offset: { x: 2, y: 0 } }]), { x: 5, y: 5 });
  const stale = w.bodies()[3];
  w.remove(stale);
  w.step();
  w.queryAabb(c2.aabb(0, 0, 10, 10));
  const queryBefore = Array.from(w.queryResults.subarray(0, w.queryResults.length));
  const h = w.bodies()[0];
  const n = w.bodyCount;
  const nanAt7 = new Float64Array(3 * n).fill(1);
  nanAt7[7] = NaN;
  const before = snapshot(w);
  const T = TypeError;
  const R = RangeError;
  const cases = [
    // handles
    [() => w.remove(stale), R, /^collide2d\.World\.remove: argument handle is not a live body of this world.*\(got \d+\)$/],
    [() => w.remove(0xfffff), R, /World\.remove: argument handle is not a live body/],
    [() => w.remove(-1), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(1.5), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(2 ** 32), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove('0'), T, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(), T, /World\.remove: argument handle/],
    [() => w.has('x'), T, /World\.has: argument handle/],
    [() => w.setTransform(stale, 0, 0), R, /World\.setTransform: argument handle is not a live body/],
    [() => w.getTransform(stale), R, /World\.getTransform: argument handle is not a live body/],
    [() => w.getTransform(NaN), R, /World\.getTransform: argument handle must be a body handle/],
    [() => w.setFilter(stale, {}), R, /World\.setFilter: argument handle is not a live body/],
    [() => w.getFilter(stale), R, /World\.getFilter: argument handle/],
    [() => w.setUserId(stale, 1), R, /World\.setUserId: argument handle/],
    [() => w.getUserId(stale), R, /World\.getUserId: argument handle/],
    [() => w.getShape(stale), R, /World\.getShape: argument handle/],
    [() => w.getShape({}), T, /World\.getShape: argument handle/],
    [() => w.getBounds(stale), R, /World\.getBounds: argument handle/],
    // transforms
    [() => w.setTransform(h, NaN, 0), R, /World\.setTransform: argument x must be finite \(got NaN\)/],
    [() => w.setTransform(h, 0, Infinity), R, /World\.setTransform: argument y must be finite \(got Infinity\)/],
    [() => w.setTransform(h, 0, 0, -Infinity), R, /World\.setTransform: argument angle must be finite/],
    [() => w.setTransform(h, '1', 0), T, /World\.setTransform: argument x must be a number/],
    [() => w.setTransforms([0, 0, 0]), T, /World\.setTransforms: argument xya must be a Float64Array/],
    [() => w.setTransforms(new Float32Array(3 * n)), T, /World\.setTransforms: argument xya must be a Float64Array/],
    [() => w.setTransforms(new Float64Array(3 * n - 1)), R, /World\.setTransforms: argument xya\.length must be 3 \* bodyCount/],
    [() => w.setTransforms(new Float64Array(3 * n + 3)), R, /argument xya\.length/],
    [() => w.setTransforms(nanAt7), R, /World\.setTransforms: argument xya\[7\] must be finite \(got NaN\)/],
    [() => w.setTransforms(new Float64Array(3), new Int32Array([h])), T, /World\.setTransforms: argument handles must be a Uint32Array/],
    [() => w.setTransforms(new Float64Array(3), [h]), T, /argument handles must be a Uint32Array/],
    [() => w.setTransforms(new Float64Array(6), new Uint32Array([h])), R, /argument xya\.length must be 3 \* handles\.length = 3/],
    [() => w.setTransforms(new Float64Array(9), new Uint32Array([h, h, stale])), R, /World\.setTransforms: argument handles\[2\] is not a live body/],
    [() => w.setTransforms(new Float64Array([1, 2, 3, 4, Infinity, 6]), new Uint32Array([h, h])), R, /argument xya\[4\] must be finite/],
    // shapes and options of add()
    [() => w.add(c2.circle(0, 0, 1), { x: NaN, y: 0 }), R, /World\.add: argument transform\.x must be finite/],
    [() => w.add(c2.circle(0, 0, 1), { x: 0, y: 0, angle: Infinity }), R, /World\.add: argument transform\.angle must be finite/],
    [() => w.add(c2.circle(0, 0, 1), { x: 0 }), T, /World\.add: argument transform\.y must be a number/],
    [() => w.add(c2.circle(0, 0, 1), 5), T, /World\.add: argument transform must be an object/],
    [() => w.add({ type: 'circle', center: P(0, 0), radius: -1 }), R, /World\.add: argument shape\.radius must be >= 0 \(got -1\)/],
    [() => w.add({ type: 'circle', center: P(NaN, 0), radius: 1 }), R, /World\.add: argument shape\.center/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] }), R, /World\.add: argument shape\.points/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 0), P(1, NaN)] }), R, /World\.add: argument shape\.points\[2\]/],
    [() => w.add({ type: 'box', center: P(0, 0), halfExtents: P(-1, 1) }), R, /World\.add: argument shape\.halfExtents/],
    [() => w.add({ type: 'aabb', min: P(1, 1), max: P(0, 0) }), R, /World\.add: argument shape\.max/],
    [() => w.add(c2.line(0, 0, 1, 1)), T, /World\.add: argument shape must be one of: circle, aabb, box, polygon, segment/],
    [() => w.add({ type: 'blob' }), T, /World\.add: argument shape\.type/],
    [() => w.add(null), T, /World\.add: argument shape must be a shape object/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { category: -1 }), R, /World\.add: argument options\.category must be an integer in \[0, 2\^32\)/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { mask: 1.5 }), R, /argument options\.mask/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { group: 2 ** 31 }), R, /argument options\.group must be an integer in \[-2\^31, 2\^31\)/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { userId: NaN }), R, /argument options\.userId must be finite/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { userId: '7' }), T, /argument options\.userId must be a number/],
    [() => w.add(c2.circle(0, 0, 1), undefined, 'x'), T, /World\.add: argument options must be an object/],
    // compounds and outlines
    [() => w.add({ type: 'compound', parts: [] }), R, /^collide2d\.World\.add: argument shape\.parts must be a non-empty array of at most 4096 parts \{shape, offset\?\} \(got an array of 0\)$/],
    [() => w.add({ type: 'compound', parts: Array.from({ length: 4097 }, () => ({ shape: c2.circle(0, 0, 1) })) }), R, /argument shape\.parts must be a non-empty array of at most 4096 parts/],
    [() => w.add({ type: 'compound' }), T, /^collide2d\.World\.add: argument shape\.parts must be a non-empty array of parts \{shape, offset\?\} \(got undefined\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, null] }), T, /^collide2d\.World\.add: argument shape\.parts\[1\] must be a part \{shape, offset\?\} \(got null\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: c2.circle(0, 0, 1) }, { shape: { type: 'circle', center: P(0, 0), radius: -1 } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[2\]\.shape\.radius must be >= 0 \(got -1\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.line(0, 0, 1, 1) }] }), T, /^collide2d\.World\.add: argument shape\.parts\[0\]\.shape must be one of: circle, aabb, box, polygon, segment, capsule/],
    [() => w.add({ type: 'compound', parts: [{ shape: { type: 'compound', parts: [] } }] }), T, /argument shape\.parts\[0\]\.shape\.type must be a shape with type circle/],
    [() => w.add({ type: 'compound', parts: [{}] }), T, /argument shape\.parts\[0\]\.shape must be a shape object \(got undefined\)/],
    [() => w.add({ type: 'compound', parts: [{ shape: { type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 0.5), P(2, 2)] } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[0\]\.shape\.points must form a convex polygon/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: { type: 'polygon', points: [P(0, 0), P(1, NaN), P(1, 1)] } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[1\]\.shape\.points\[1\] must be finite \(not NaN or infinite\) \(got \{x: 1, y: NaN\}\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: { x: NaN, y: 0 } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[0\]\.offset\.x must be finite \(not NaN or infinite\) \(got NaN\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: { x: 0, y: '1' } }] }), T, /argument shape\.parts\[0\]\.offset\.y must be a number/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: 3 }] }), T, /argument shape\.parts\[0\]\.offset must be an object/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: c2.circle(0, 0, 1), offset: { x: 1e300, y: 0 } }] }, { x: 1e299, y: 0 }), R,
      /^collide2d\.World\.add: argument transform puts shape\.parts\[1\] beyond the coordinate range/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }] }, { x: NaN, y: 0 }), R, /World\.add: argument transform\.x must be finite/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(2, 2), P(2, 0), P(0, 2)] }), R, /^collide2d\.World\.add: argument shape\.points crosses or touches itself: edges\[0\] and edges\[2\]/],
    [() => w.add(c2.circle(0, 0, 1e299), { x: 1e300, y: 0 }), R, /^collide2d\.World\.add: argument transform puts the shape beyond the coordinate range/],
    [() => w.add({ type: 'blob' }), T, /World\.add: argument shape\.type must be a shape with type circle, aabb, box, polygon, segment, capsule, compound/],
    [() => w.getShape(hc, 2), R, /^collide2d\.World\.getShape: argument part must be an integer in \[0, 2\): the body has 2 parts \(got 2\)$/],
    [() => w.getShape(h, 1), R, /World\.getShape: argument part must be an integer in \[0, 1\): the body has 1 part \(got 1\)/],
    [() => w.getShape(hc, 0.5), R, /World\.getShape: argument part must be an integer/],
    [() => w.getShape(hc, '0'), T, /World\.getShape: argument part must be a part index/],
    [() => w.getShape(stale, 0), R, /World\.getShape: argument handle is not a live body/],
    [() => w.getBounds(hc, -1), R, /World\.getBounds: argument part must be an integer in \[0, 2\)/],
    [() => w.getBounds(hc, null), T, /World\.getBounds: argument part/],
    [() => w.partCount(stale), R, /World\.partCount: argument handle is not a live body/],
    [() => w.partCount('1'), T, /World\.partCount: argument handle/],
    // filters and ids
    [() => w.setFilter(h, null), T, /World\.setFilter: argument filter must be an object/],
    [() => w.setFilter(h, { group: 0.5 }), R, /World\.setFilter: argument filter\.group/],
    [() => w.setFilter(h, { category: 'a' }), T, /World\.setFilter: argument filter\.category must be a number/],
    [() => w.setUserId(h, NaN), R, /World\.setUserId: argument id must be finite/],
    // queries
    [() => w.queryAabb({ min: P(1, 1), max: P(0, 0) }), R, /World\.queryAabb: argument aabb\.max/],
    [() => w.queryAabb(c2.circle(0, 0, 1)), T, /World\.queryAabb: argument aabb\.type/],
    [() => w.queryAabb(c2.aabb(0, 0, 1, 1), -1), R, /World\.queryAabb: argument mask must be an integer/],
    [() => w.queryAabb(c2.aabb(0, 0, 1, 1), '1'), T, /World\.queryAabb: argument mask must be a number/],
    [() => w.queryPoint(P(NaN, 0)), R, /World\.queryPoint: argument point must be finite \(not NaN or infinite\) \(got \{x: NaN, y: 0\}\)$/],
    [() => w.queryPoint(5), T, /World\.queryPoint: argument point must be a point/],
    [() => w.queryShape({ type: 'circle', center: P(0, 0), radius: -2 }), R, /World\.queryShape: argument shape\.radius must be >= 0/],
    [() => w.queryShape(c2.ray(0, 0, 1, 0)), T, /World\.queryShape: argument shape/],
    [() => w.raycast({ origin: P(0, 0), direction: P(0, 0) }), R, /World\.raycast: argument ray\.direction/],
    [() => w.raycastAll({ origin: P(0, 0), direction: P(1, 0), maxFraction: NaN }), R, /World\.raycastAll: argument ray\.maxFraction/],
    [() => w.raycastAll(c2.ray(0, 0, 1, 0), 2 ** 32), R, /World\.raycastAll: argument mask/],
    [() => w.rayHit(-1), R, /World\.rayHit: argument i/],
    [() => w.rayHit('0'), T, /World\.rayHit: argument i/],
    [() => w.reserve(-1), R, /World\.reserve: argument n/],
    [() => w.reserve(2 ** 20), R, /World\.reserve: argument n/],
    [() => w.reserve('1'), T, /World\.reserve: argument n/],
    // the constructor
    [() => new World(5), T, /World\.constructor: argument options must be an object/],
    [() => new World({ cellSize: -1 }), R, /World\.constructor: argument options\.cellSize must be > 0 \(got -1\)/],
    [() => new World({ cellSize: 0 }), R, /argument options\.cellSize must be > 0/],
    [() => new World({ cellSize: NaN }), R, /argument options\.cellSize must be finite/],
    [() => new World({ cellSize: '1' }), T, /argument options\.cellSize must be a number/],
  ];
  for (const [call, Class, pattern] of cases) {
    assert.throws(call, (e) => {
      assert.equal(e.constructor, Class, `${call}: ${e.constructor.name} ${e.message}`);
      assert.match(e.message, pattern);
      return true;
    }, String(call));
    assert.deepEqual(snapshot(w), before, `world changed by ${call}`);
    assert.deepEqual(Array.from(w.queryResults.subarray(0, queryBefore.length)), queryBefore, `query results changed by ${call}`);
    w.step();
    checkPairs(w, true, String(call));
  }
  assert.equal(w.has(stale), false);
  assert.equal(w.has(2 ** 32 + 5), false);
  assert.equal(w.has(-3), false);
  w.free();
});

test('a freed world: every member throws "the world was freed"; free() is idempotent; Symbol.dispose frees', () => {
  const w = new World();
  const h = w.add(c2.circle(0, 0, 1));
  w.step();
  w.free();
  w.free();
  const members = Object.getOwnPropertyNames(World.prototype).filter((k) => k !== 'constructor' && k !== 'free');
  assert.ok(members.length >= 30, members.join());
  for (const k of members) {
    const d = Object.getOwnPropertyDescriptor(World.prototype, k);
    const call = d.get !== undefined ? () => w[k] : () => w[k](h, 0, 0, 0);
    assert.throws(call, (e) => e.constructor === Error && e.message === `collide2d.World.${k}: the world was freed`, k);
  }
  if (typeof Symbol.dispose === 'symbol') {
    const v = new World();
    assert.equal(v[Symbol.dispose], v.free);
    v[Symbol.dispose]();
    assert.throws(() => v.step(), /collide2d\.World\.step: the world was freed/);
    v[Symbol.dispose]();
  }
});

test('new World() before init() throws', () => {
  const lib = fileURLToPath(new URL('../lib/index.js', import.meta.url));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e',
    `import { World } from ${JSON.stringify(lib)}; try { new World(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }`],
  { encoding: 'utf8' });
  assert.equal(out.trim(), 'Error: collide2d.World.constructor: call await init() first (the WebAssembly module is not loaded yet)');
});

