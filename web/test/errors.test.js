// Errors that say what is wrong and where: one test per message that used to mislead (the wrong argument or index,
// "max must be >= 0", no code, a misspelt option ignored, no hint for a concave outline, ...), each asserting the
// whole message and the code. The errors of init() and of calls before it: errors-init.test.js; every error's code:
// errors-codes.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as c2 from 'collide2d';

await c2.init();

const P = (x, y) => ({ x, y });

/** Asserts that call() throws an error of class Type with exactly this message and code. */
function throwsExactly(call, Type, message, code) {
  assert.throws(call, (e) => {
    assert.equal(e.constructor, Type, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.message, message);
    assert.equal(e.code, code, e.message);
    return true;
  });
}

/** The observable state of a world's bodies. */
function snapshot(w) {
  return Array.from(w.bodies(), (h) => [h, w.getTransform(h), w.getShape(h)]);
}

test('setTransforms: a coordinate beyond ±1e300 is named with its index, the world unchanged', () => {
  const w = new c2.World();
  const a = w.add(c2.circle(0, 0, 1));
  const b = w.add(c2.box(0, 0, 1, 1), { x: 5, y: 5 });
  const before = snapshot(w);
  throwsExactly(() => w.setTransforms(new Float64Array([0, 0, 0, 1, -2e300, 0])), RangeError,
    'collide2d.World.setTransforms: argument xya[4] must be within ±1e300 (the coordinate range) (got -2e+300)',
    'InvalidArgument');
  throwsExactly(() => w.setTransforms(new Float64Array([3e300, 0, 0]), new Uint32Array([b])), RangeError,
    'collide2d.World.setTransforms: argument xya[0] must be within ±1e300 (the coordinate range) (got 3e+300)',
    'InvalidArgument');
  // An angle beyond ±1e300 is named as an angle (the World refuses it with the same status).
  throwsExactly(() => w.setTransforms(new Float64Array([0, 0, 0, 1, 2, -1e301])), RangeError,
    'collide2d.World.setTransforms: argument xya[5] must be within ±1e300 (the angle range) (got -1e+301)',
    'InvalidArgument');
  // A NaN is still named as such (code NotFinite), before any range.
  throwsExactly(() => w.setTransforms(new Float64Array([2e300, 0, 0, 0, NaN, 0])), RangeError,
    'collide2d.World.setTransforms: argument xya[4] must be finite (got NaN)', 'NotFinite');
  // Within ±1e300, but the shape's own reach takes it beyond: the body is named (World::checkTransform says which),
  // with the rule, in both forms; nothing moves.
  const big = w.add(c2.circle(0, 0, 9e299));
  const snap = snapshot(w);
  throwsExactly(() => w.setTransforms(new Float64Array([1, 2, 0, 5e299, 0, 0]), new Uint32Array([a, big])), RangeError,
    'collide2d.World.setTransforms: argument xya[3..5] puts handles[1] beyond the coordinate range (±1e300: |x| or |y| ' +
    'plus the reach of its shape)', 'InvalidArgument');
  const all = new Float64Array(3 * w.bodyCount);
  const k = Array.from(w.bodies()).indexOf(big);
  all[3 * k] = -6e299;
  throwsExactly(() => w.setTransforms(all), RangeError,
    `collide2d.World.setTransforms: argument xya[${3 * k}..${3 * k + 2}] puts bodies()[${k}] beyond the coordinate ` +
    'range (±1e300: |x| or |y| plus the reach of its shape)', 'InvalidArgument');
  assert.deepEqual(snapshot(w), snap);
  w.remove(big);
  assert.deepEqual(snapshot(w), before);
  // An angle beyond ±1e300 is named, in both forms.
  throwsExactly(() => w.setTransform(a, 0, 0, 2e300), RangeError,
    'collide2d.World.setTransform: argument angle must be within ±1e300 (the angle range) (got 2e+300)',
    'InvalidArgument');
  throwsExactly(() => w.setTransform(a, { x: 0, y: 0, angle: -2e300 }), RangeError,
    'collide2d.World.setTransform: argument transform.angle must be within ±1e300 (the angle range) (got -2e+300)',
    'InvalidArgument');
  // setTransform of one body out of range no longer says the handle is stale.
  throwsExactly(() => w.setTransform(a, 2e300, 0), RangeError,
    'collide2d.World.setTransform: arguments x, y put the body beyond the coordinate range (±1e300: |x| or |y| plus ' +
    'the reach of its shape)', 'InvalidArgument');
  throwsExactly(() => w.setTransform(a, { x: 0, y: -2e300 }), RangeError,
    'collide2d.World.setTransform: argument transform puts the body beyond the coordinate range (±1e300: |x| or |y| ' +
    'plus the reach of its shape)', 'InvalidArgument');
  assert.deepEqual(snapshot(w), before);
  w.free();
});

test('batch pairs: the element of pairs out of range is named (pairs[1] of [0, 5]), with the count it exceeds', () => {
  const square = [P(0, 0), P(1, 0), P(1, 1), P(0, 1)];
  const packed = c2.batch.packPolygons([square, square]);
  const prepared = c2.batch.preparePolygons([square, square]);
  for (const [q, name] of [[packed, 'packed'], [prepared, 'prepared']]) {
    for (const f of ['collidePolygonPolygon', 'overlapsPolygonPolygon', 'distance']) {
      throwsExactly(() => c2.batch[f](q, new Uint32Array([0, 5])), RangeError,
        `collide2d.batch.${f}: argument pairs[1] must be < 2, the number of polygons (pair 0) (got 5)`, 'OutOfRange');
      throwsExactly(() => c2.batch[f](q, new Uint32Array([0, 1, 7, 0])), RangeError,
        `collide2d.batch.${f}: argument pairs[2] must be < 2, the number of polygons (pair 1) (got 7)`, 'OutOfRange');
    }
    const circles = new Float64Array([0, 0, 1]);
    throwsExactly(() => c2.batch.collideCirclePolygon(circles, q, new Uint32Array([0, 1, 1, 0])), RangeError,
      'collide2d.batch.collideCirclePolygon: argument pairs[2] must be < 1, the number of circles (pair 1) (got 1)',
      'OutOfRange');
    throwsExactly(() => c2.batch.overlapsCirclePolygon(circles, q, new Uint32Array([0, 2])), RangeError,
      'collide2d.batch.overlapsCirclePolygon: argument pairs[1] must be < 2, the number of polygons (pair 0) (got 2)',
      'OutOfRange');
    assert.equal(c2.batch.overlapsPolygonPolygon(q, new Uint32Array([0, 1]))[0], 1, name);
  }
  prepared.free();
});

test('an aabb whose max is below its min: "must be >= minX", never ">= 0"; half-extents and sizes stay ">= 0"', () => {
  throwsExactly(() => c2.aabb(0, 0, -1, 1), RangeError,
    'collide2d.aabb: argument maxX must be >= minX (got maxX = -1, minX = 0)', 'NegativeExtent');
  throwsExactly(() => c2.aabb(0, 5, 1, 4), RangeError,
    'collide2d.aabb: argument maxY must be >= minY (got maxY = 4, minY = 5)', 'NegativeExtent');
  throwsExactly(() => c2.aabbFromTopLeft(0, 0, -1, 1), RangeError,
    'collide2d.aabbFromTopLeft: argument width must be >= 0 (got -1)', 'NegativeExtent');
  throwsExactly(() => c2.box(0, 0, 1, -2), RangeError, 'collide2d.box: argument hy must be >= 0 (got -2)', 'NegativeExtent');
  const flipped = { type: 'aabb', min: P(0, 0), max: P(-1, 1) };
  throwsExactly(() => c2.overlaps(c2.circle(0, 0, 1), flipped), RangeError,
    'collide2d.overlaps: argument b.max must be >= min on both axes (got {x: -1, y: 1}, min {x: 0, y: 0})',
    'NegativeExtent');
  throwsExactly(() => c2.collide({ type: 'box', center: P(0, 0), halfExtents: P(-1, 1) }, flipped), RangeError,
    'collide2d.collide: argument a.halfExtents must be >= 0 (got {x: -1, y: 1})', 'NegativeExtent');
  const w = new c2.World();
  throwsExactly(() => w.add(flipped), RangeError,
    'collide2d.World.add: argument shape.max must be >= min on both axes (got {x: -1, y: 1}, min {x: 0, y: 0})',
    'NegativeExtent');
  throwsExactly(() => w.queryAabb({ min: P(2, 2), max: P(1, 3) }), RangeError,
    'collide2d.World.queryAabb: argument aabb.max must be >= min on both axes (got {x: 1, y: 3}, min {x: 2, y: 2})',
    'NegativeExtent');
  w.free();
  assert.deepEqual(c2.validate(flipped),
    { ok: false, error: 'NegativeExtent', field: 'max', message: 'must be >= min on both axes' });
  assert.deepEqual(c2.validate({ type: 'box', center: P(0, 0), halfExtents: P(1, -1) }),
    { ok: false, error: 'NegativeExtent', field: 'halfExtents', message: 'must be >= 0' });
});

test('a ray\'s zero direction is "the zero vector", a line\'s "two points coincide"', () => {
  throwsExactly(() => c2.ray(0, 0, 0, 0), RangeError,
    'collide2d.ray: argument dx/dy must not be the zero vector (got 0, 0)', 'ZeroDirection');
  throwsExactly(() => c2.raycast({ origin: P(0, 0), direction: P(0, -0) }, c2.circle(0, 0, 1)), RangeError,
    'collide2d.raycast: argument ray.direction must not be the zero vector (got {x: 0, y: -0})', 'ZeroDirection');
  throwsExactly(() => c2.line(1, 1, 1, 1), RangeError,
    'collide2d.line: argument bx/by must give a non-zero direction (the two points coincide) (got 1, 1)', 'ZeroDirection');
  assert.equal(c2.validate({ type: 'ray', origin: P(0, 0), direction: P(0, 0) }).message, 'must not be the zero vector');
});

test('overlapsCircleCircle: every rejection has its code', () => {
  throwsExactly(() => c2.overlapsCircleCircle(0, NaN, 1, 0, 0, 1), RangeError,
    'collide2d.overlapsCircleCircle: argument ay must be finite (got NaN)', 'NotFinite');
  throwsExactly(() => c2.overlapsCircleCircle(0, 0, 1, 0, 0, Infinity), RangeError,
    'collide2d.overlapsCircleCircle: argument br must be finite (got Infinity)', 'NotFinite');
  throwsExactly(() => c2.overlapsCircleCircle(0, 0, -1, 0, 0, 1), RangeError,
    'collide2d.overlapsCircleCircle: argument ar must be >= 0 (got -1)', 'NegativeRadius');
  throwsExactly(() => c2.overlapsCircleCircle(0, 0, 1, '0', 0, 1), TypeError,
    'collide2d.overlapsCircleCircle: argument bx must be a number (got "0")', 'WrongType');
});

test('unknown option keys are a TypeError naming the key, wherever an options object is taken', () => {
  const w = new c2.World();
  const before = snapshot(w);
  throwsExactly(() => w.add(c2.circle(0, 0, 1), undefined, { statc: true }), TypeError,
    'collide2d.World.add: argument options has an unknown key "statc" (the keys are: userId, category, mask, group, ' +
    'static, sensor)', 'UnknownOption');
  assert.deepEqual(snapshot(w), before);
  throwsExactly(() => new c2.World({ cellsize: 4 }), TypeError,
    'collide2d.World.constructor: argument options has an unknown key "cellsize" (the keys are: cellSize)',
    'UnknownOption');
  const h = w.add(c2.circle(0, 0, 1));
  throwsExactly(() => w.setFilter(h, { categroy: 2 }), TypeError,
    'collide2d.World.setFilter: argument filter has an unknown key "categroy" (the keys are: category, mask, group)',
    'UnknownOption');
  assert.deepEqual(w.getFilter(h), { category: 1, mask: 0xffffffff, group: 0 });
  // Known keys, also with undefined values, are fine; so are an options object's inherited properties.
  const options = Object.assign(Object.create({ inherited: 1 }), { static: true, userId: undefined });
  assert.equal(w.isStatic(w.add(c2.circle(5, 5, 1), undefined, options)), true);
  w.free();
});

test('init() with an unknown option key rejects with a TypeError, even once loaded', async () => {
  await assert.rejects(c2.init({ wasmURL: 'x.wasm' }), (e) => {
    assert.equal(e.constructor, TypeError);
    assert.equal(e.message, 'collide2d.init: argument options has an unknown key "wasmURL" (the keys are: wasmBinary, ' +
      'wasmUrl)');
    assert.equal(e.code, 'UnknownOption');
    return true;
  });
  await c2.init();
});

test('polygon() of a concave outline points to decompose() and World.add', () => {
  const ell = [P(0, 0), P(2, 0), P(2, 1), P(1, 1), P(1, 2), P(0, 2)];
  const hint = '; a concave outline can be split into convex polygons with decompose(), or given whole to World.add()';
  throwsExactly(() => c2.polygon(ell), RangeError,
    `collide2d.polygon: argument points must form a convex polygon whose boundary does not cross itself (got an array of 6)${hint}`,
    'NotConvex');
  // The same hint wherever a polygon must be convex, e.g. a compound's part and a pair query's shape.
  throwsExactly(() => c2.compound([{ shape: { type: 'polygon', points: ell } }]), RangeError,
    `collide2d.compound: argument parts[0].shape.points must form a convex polygon whose boundary does not cross itself (got an array of 6)${hint}`,
    'NotConvex');
  throwsExactly(() => c2.overlaps({ type: 'polygon', points: ell }, c2.circle(0, 0, 1)), RangeError,
    `collide2d.overlaps: argument a.points must form a convex polygon whose boundary does not cross itself (got an array of 6)${hint}`,
    'NotConvex');
  // ... and what the hint says works.
  assert.ok(c2.decompose(ell).length >= 2);
  const w = new c2.World();
  assert.equal(w.partCount(w.add({ type: 'polygon', points: ell })), c2.decompose(ell).length);
  w.free();
});

test('World.rayHit past the last hit is a RangeError giving the hit count', () => {
  const w = new c2.World();
  w.add(c2.circle(0, 0, 1));
  assert.equal(w.raycast(c2.ray(-5, 0, 1, 0)), 1);
  assert.equal(w.rayHit(0).part, 0);
  throwsExactly(() => w.rayHit(1), RangeError, 'collide2d.World.rayHit: argument i must be < 1, the hit count (got 1)',
    'OutOfRange');
  assert.equal(w.raycast(c2.ray(-5, 5, 1, 0)), 0);
  throwsExactly(() => w.rayHit(), RangeError, 'collide2d.World.rayHit: argument i must be < 0, the hit count (got 0)',
    'OutOfRange');
  throwsExactly(() => w.rayHit(0.5), RangeError, 'collide2d.World.rayHit: argument i must be an integer >= 0 (got 0.5)',
    'OutOfRange');
  w.free();
});

test('World.setTransform takes {x, y, angle} like add(), and the numbers as before', () => {
  const w = new c2.World();
  const h = w.add(c2.box(0, 0, 1, 1));
  w.setTransform(h, { x: 3, y: 4, angle: 0.5 });
  assert.deepEqual(w.getTransform(h), { x: 3, y: 4, angle: 0.5 });
  w.setTransform(h, { x: -1, y: 2 });
  assert.deepEqual(w.getTransform(h), { x: -1, y: 2, angle: 0 });
  w.setTransform(h, 7, 8, 1);
  assert.deepEqual(w.getTransform(h), { x: 7, y: 8, angle: 1 });
  throwsExactly(() => w.setTransform(h, { x: 1, y: NaN }), RangeError,
    'collide2d.World.setTransform: argument transform.y must be finite (got NaN)', 'NotFinite');
  throwsExactly(() => w.setTransform(h, { x: 1 }), TypeError,
    'collide2d.World.setTransform: argument transform.y must be a number (got undefined)', 'WrongType');
  throwsExactly(() => w.setTransform(h, null), TypeError,
    'collide2d.World.setTransform: argument transform must be an object {x, y, angle?} (or the numbers x, y, angle?) (got null)',
    'WrongType');
  throwsExactly(() => w.setTransform(h, '1', 2), TypeError,
    'collide2d.World.setTransform: argument x must be a number (got "1")', 'WrongType');
  assert.deepEqual(w.getTransform(h), { x: 7, y: 8, angle: 1 });
  w.free();
});

test('a freed World or PreparedPolygons: an Error with code Freed', () => {
  const w = new c2.World();
  w.free();
  throwsExactly(() => w.step(), Error, 'collide2d.World.step: the world was freed', 'Freed');
  const set = c2.batch.preparePolygons([[P(0, 0), P(1, 0), P(0, 1)]]);
  set.free();
  throwsExactly(() => c2.batch.overlapsPolygonPolygon(set, new Uint32Array(2)), Error,
    'collide2d.batch.overlapsPolygonPolygon: argument polygons was freed (PreparedPolygons.free())', 'Freed');
});
