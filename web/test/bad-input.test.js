// Bad input: every exported function checks its arguments before they reach wasm. A wrong type or a missing field
// is a TypeError, a NaN/Infinity or a degenerate shape a RangeError, and the message names the function and the
// argument. Values rejected by the C++ validate()/Polygon::create surface the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as c2 from 'collide2d';

await c2.init();

const P = (x, y) => ({ x, y });
const circleA = () => ({ type: 'circle', center: P(0, 0), radius: 1 });
const aabbA = () => ({ type: 'aabb', min: P(0, 0), max: P(2, 1) });
const boxA = () => ({ type: 'box', center: P(0, 0), halfExtents: P(1, 0.5), angle: 0.3 });
const polygonA = () => ({ type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 2)] });
const segmentA = () => ({ type: 'segment', a: P(0, 0), b: P(1, 1) });
const lineA = () => ({ type: 'line', a: P(0, 0), b: P(1, 1) });
const rayA = () => ({ type: 'ray', origin: P(-5, 0), direction: P(1, 0) });
const transformA = () => ({ type: 'transform', position: P(1, 2), angle: 0.5 });

// Every per-call function with valid arguments, their names, and which leaves are optional (may be undefined)
// or may be infinite.
const specs = [
  ['overlaps', c2.overlaps, ['a', 'b'], () => [circleA(), polygonA()]],
  ['overlaps', c2.overlaps, ['a', 'b'], () => [circleA(), circleA()]],
  ['overlaps', c2.overlaps, ['a', 'b'], () => [aabbA(), boxA()]],
  ['overlaps', c2.overlaps, ['a', 'b'], () => [segmentA(), polygonA()]],
  ['collide', c2.collide, ['a', 'b'], () => [circleA(), circleA()]],
  ['collide', c2.collide, ['a', 'b'], () => [boxA(), polygonA()]],
  ['collide', c2.collide, ['a', 'b'], () => [polygonA(), segmentA()]],
  ['contains', c2.contains, ['shape', 'point'], () => [polygonA(), P(1, 1)]],
  ['contains', c2.contains, ['shape', 'point'], () => [lineA(), P(1, 1)]],
  ['intersectLines', c2.intersectLines, ['a', 'b'], () => [lineA(), lineA()]],
  ['intersectSegments', c2.intersectSegments, ['a', 'b'], () => [segmentA(), segmentA()]],
  ['intersectCircleLine', c2.intersectCircleLine, ['circle', 'line'], () => [circleA(), lineA()]],
  ['intersectCircleSegment', c2.intersectCircleSegment, ['circle', 'segment'], () => [circleA(), segmentA()]],
  ['closestPoint', c2.closestPoint, ['shape', 'point'], () => [boxA(), P(3, 3)]],
  ['closestPoint', c2.closestPoint, ['shape', 'point'], () => [segmentA(), P(3, 3)]],
  ['raycast', c2.raycast, ['ray', 'shape'], () => [rayA(), aabbA()]],
  ['sat', c2.sat, ['a', 'b'], () => [boxA(), boxA()]],
  ['sat', c2.sat, ['a', 'b'], () => [polygonA(), polygonA()]],
  ['sweep', c2.sweep, ['circle', 'displacement', 'walls'], () => [circleA(), P(5, 0), [segmentA(), segmentA()]]],
  ['moveAndSlide', c2.moveAndSlide, ['circle', 'displacement', 'walls', 'maxIterations'],
    () => [circleA(), P(5, 0), [segmentA()], 4]],
  ['orient', c2.orient, ['a', 'b', 'c'], () => [P(0, 0), P(1, 0), P(0, 1)]],
  ['project', c2.project, ['point', 'axis'], () => [P(1, 2), P(0, 1)]],
  ['dot', c2.dot, ['a', 'b'], () => [P(1, 2), P(0, 1)]],
  ['bounds', c2.bounds, ['shape'], () => [boxA()]],
  ['centroid', c2.centroid, ['polygon'], () => [polygonA()]],
  ['transformed', c2.transformed, ['polygon', 'transform'], () => [polygonA(), transformA()]],
  ['polygonFromBox', c2.polygonFromBox, ['box'], () => [boxA()]],
  ['polygonFromAabb', c2.polygonFromAabb, ['aabb'], () => [aabbA()]],
  ['corners', c2.corners, ['box'], () => [boxA()]],
  ['apply', c2.apply, ['transform', 'point'], () => [transformA(), P(1, 1)]],
  ['applyInverse', c2.applyInverse, ['transform', 'point'], () => [transformA(), P(1, 1)]],
  ['polygon', c2.polygon, ['points'], () => [[P(0, 0), P(2, 0), P(1, 2)]]],
  ['compound', c2.compound, ['parts'],
    () => [[{ shape: circleA(), offset: { x: 1, y: 2, angle: 0.5 } }, { shape: boxA() }, { shape: polygonA(), offset: { x: 3, y: 0 } }]]],
];

const factories = [
  ['vec2', c2.vec2, ['x', 'y'], [1, 2]],
  ['circle', c2.circle, ['x', 'y', 'radius'], [1, 2, 3]],
  ['aabb', c2.aabb, ['minX', 'minY', 'maxX', 'maxY'], [0, 0, 1, 1]],
  ['aabbFromTopLeft', c2.aabbFromTopLeft, ['x', 'y', 'width', 'height'], [0, 0, 1, 1]],
  ['box', c2.box, ['cx', 'cy', 'hx', 'hy', 'angle'], [0, 0, 1, 1, 0.5]],
  ['segment', c2.segment, ['ax', 'ay', 'bx', 'by'], [0, 0, 1, 1]],
  ['line', c2.line, ['ax', 'ay', 'bx', 'by'], [0, 0, 1, 1]],
  ['ray', c2.ray, ['ox', 'oy', 'dx', 'dy', 'maxFraction'], [0, 0, 1, 1, 5]],
  ['transform', c2.transform, ['x', 'y', 'angle'], [0, 0, 1]],
];

const OPTIONAL = new Set(['angle', 'maxFraction']); // leaves that default when undefined
const MAY_BE_INFINITE = new Set(['maxFraction']);

/** Every numeric leaf of a value: [path array, value]. */
function leaves(v, path = []) {
  if (typeof v === 'number') return [[path]];
  if (v === null || typeof v !== 'object') return [];
  const out = [];
  for (const k of Object.keys(v)) out.push(...leaves(v[k], [...path, k]));
  return out;
}

function setAt(root, path, value, remove = false) {
  let o = root;
  for (let i = 0; i < path.length - 1; i++) o = o[path[i]];
  if (remove) delete o[path[path.length - 1]];
  else o[path[path.length - 1]] = value;
}

function expectThrow(call, Type, fn, argName, label) {
  let error;
  try {
    call();
  } catch (e) {
    error = e;
  }
  assert.ok(error !== undefined, `${label}: did not throw`);
  assert.equal(error.constructor, Type, `${label}: ${error.constructor.name} ${error.message}`);
  assert.ok(error.message.startsWith(`collide2d.${fn}: `), `${label}: message "${error.message}"`);
  assert.ok(error.message.includes(`argument ${argName}`) || error.message.includes(`arguments `),
    `${label}: message "${error.message}" does not name ${argName}`);
  return error;
}

test('valid arguments are accepted', () => {
  for (const [, f, , make] of specs) f(...make());
  for (const [, f, , args] of factories) f(...args);
});

test('every numeric field: NaN and Infinity are RangeErrors, strings and missing fields TypeErrors', () => {
  let checked = 0;
  for (const [name, f, names, make] of specs) {
    const base = make();
    base.forEach((arg, argIndex) => {
      for (const [path] of leaves(arg)) {
        if (name === 'moveAndSlide' && argIndex === 3) continue; // maxIterations: checked below
        const leaf = path[path.length - 1];
        const label = `${name}(${names[argIndex]}.${path.join('.')})`;
        for (const bad of [NaN, Infinity, -Infinity]) {
          if (bad === Infinity && MAY_BE_INFINITE.has(leaf)) continue;
          const args = make();
          setAt(args[argIndex], path, bad);
          const e = expectThrow(() => f(...args), RangeError, name, names[argIndex], `${label} = ${bad}`);
          if (name !== 'dot') assert.equal(e.code, 'NotFinite', label);
          checked++;
        }
        for (const bad of ['1', null, true, {}, 1n]) {
          const args = make();
          setAt(args[argIndex], path, bad);
          expectThrow(() => f(...args), TypeError, name, names[argIndex], `${label} = ${String(bad)}`);
          checked++;
        }
        if (!OPTIONAL.has(leaf)) {
          const args = make();
          setAt(args[argIndex], path, undefined, true);
          expectThrow(() => f(...args), TypeError, name, names[argIndex], `${label} missing`);
          checked++;
        }
      }
    });
  }
  assert.ok(checked > 500, `${checked}`);
});

test('a whole argument of the wrong type is a TypeError naming it', () => {
  for (const [name, f, names, make] of specs) {
    names.forEach((argName, argIndex) => {
      if (name === 'moveAndSlide' && argIndex === 3) return;
      for (const bad of [undefined, null, 42, 'circle', [], () => 1, Symbol('s')]) {
        const args = make();
        args[argIndex] = bad;
        if (bad === undefined && argName === 'maxIterations') continue;
        if (Array.isArray(bad) && (argName === 'walls' || argName === 'points')) continue; // empty is valid there
        const Type = Array.isArray(bad) && (name === 'polygon' || name === 'compound') ? RangeError : TypeError;
        expectThrow(() => f(...args), Type, name, argName, `${name}(${argName} = ${String(bad)})`);
      }
    });
  }
});

test('shape type tags are checked', () => {
  expectThrow(() => c2.overlaps({ type: 'blob' }, circleA()), TypeError, 'overlaps', 'a', 'unknown type');
  expectThrow(() => c2.overlaps(circleA(), lineA()), TypeError, 'overlaps', 'b', 'line is not a pair shape');
  expectThrow(() => c2.collide(rayA(), circleA()), TypeError, 'collide', 'a', 'ray');
  expectThrow(() => c2.intersectLines(segmentA(), lineA()), TypeError, 'intersectLines', 'a', 'segment as line');
  expectThrow(() => c2.sat(boxA(), polygonA()), TypeError, 'sat', 'b', 'mixed sat');
  expectThrow(() => c2.sat(circleA(), circleA()), TypeError, 'sat', 'a', 'circle sat');
  expectThrow(() => c2.bounds(lineA()), TypeError, 'bounds', 'shape', 'unbounded');
  expectThrow(() => c2.intersect(circleA(), circleA()), TypeError, 'intersect', 'a', 'no intersect overload');
  expectThrow(() => c2.sweep(circleA(), P(1, 0), [circleA()]), TypeError, 'sweep', 'walls[0]', 'wall type');
  // `type` may be omitted where only one kind makes sense.
  assert.equal(c2.intersectLines({ a: P(0, 0), b: P(1, 0) }, { a: P(0, 1), b: P(1, 1) }).kind, 'parallel');
});

test('degenerate and invalid shapes are RangeErrors naming the field, with the core error code', () => {
  const cases = [
    [() => c2.overlaps(circleA(), { ...circleA(), radius: -1 }), 'overlaps', 'b.radius', 'NegativeRadius'],
    [() => c2.collide({ ...circleA(), radius: -0.5 }, circleA()), 'collide', 'a.radius', 'NegativeRadius'],
    [() => c2.overlaps({ ...aabbA(), max: P(-1, 0) }, circleA()), 'overlaps', 'a.max', 'NegativeExtent'],
    [() => c2.overlaps(boxA(), { ...boxA(), halfExtents: P(-1, 1) }), 'overlaps', 'b.halfExtents', 'NegativeExtent'],
    [() => c2.collide(circleA(), { type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] }), 'collide', 'b.points',
      'Collinear'],
    [() => c2.collide(circleA(), { type: 'polygon', points: [P(0, 0), P(1, 1)] }), 'collide', 'b.points',
      'TooFewPoints'],
    [() => c2.collide(circleA(), { type: 'polygon', points: [P(0, 0), P(2, 0), P(0.5, 0.5), P(0, 2)] }), 'collide',
      'b.points', 'NotConvex'],
    [() => c2.collide({ type: 'polygon', points: [P(0, 0), P(1, 0), P(NaN, 1)] }, circleA()), 'collide',
      'a.points[2]', 'NotFinite'],
    [() => c2.intersectLines(lineA(), { ...lineA(), b: P(0, 0) }), 'intersectLines', 'b', 'ZeroDirection'],
    [() => c2.raycast({ ...rayA(), direction: P(0, 0) }, circleA()), 'raycast', 'ray', 'ZeroDirection'],
    [() => c2.sweep(circleA(), P(1, 0), [segmentA(), { a: P(0, 0), b: P(NaN, 0) }]), 'sweep', 'walls[1].b',
      'NotFinite'],
    [() => c2.polygon([P(0, 0), P(1, 1), P(2, 2)]), 'polygon', 'points', 'Collinear'],
    [() => c2.polygon([P(0, 0), P(1, 0), P(1, Infinity)]), 'polygon', 'points[2]', 'NotFinite'],
    [() => c2.circle(0, 0, -1), 'circle', 'radius', 'NegativeRadius'],
    [() => c2.circle(0, NaN, 1), 'circle', 'y', 'NotFinite'],
    [() => c2.aabb(0, 0, -1, 1), 'aabb', 'maxX', 'NegativeExtent'],
    [() => c2.aabbFromTopLeft(0, 0, 1, -1), 'aabbFromTopLeft', 'height', 'NegativeExtent'],
    [() => c2.box(0, 0, 1, -1), 'box', 'hy', 'NegativeExtent'],
    [() => c2.line(1, 2, 1, 2), 'line', 'b', 'ZeroDirection'],
    [() => c2.ray(0, 0, 0, 0), 'ray', 'd', 'ZeroDirection'],
    [() => c2.ray(0, 0, 1, 0, NaN), 'ray', 'maxFraction', 'NotFinite'],
  ];
  for (const [call, fn, argText, code] of cases) {
    const e = expectThrow(call, RangeError, fn, argText, `${fn} ${argText}`);
    assert.equal(e.code, code, e.message);
  }
  // The message of the core is part of the error.
  const e = expectThrow(() => c2.circle(0, 0, -1), RangeError, 'circle', 'radius', 'message');
  assert.match(e.message, /\(got -1\)$/);
});

test('moveAndSlide maxIterations must be an integer >= 1', () => {
  for (const bad of [0, -1, 1.5, NaN, Infinity]) {
    expectThrow(() => c2.moveAndSlide(circleA(), P(1, 0), [], bad), RangeError, 'moveAndSlide', 'maxIterations',
      String(bad));
  }
  expectThrow(() => c2.moveAndSlide(circleA(), P(1, 0), [], '4'), TypeError, 'moveAndSlide', 'maxIterations', 'str');
  assert.equal(c2.moveAndSlide(circleA(), P(1, 0), [], 1000).position.x, 1);
});

test('factories check every parameter', () => {
  for (const [name, f, names, args] of factories) {
    names.forEach((param, i) => {
      for (const bad of ['1', null, undefined, {}]) {
        if (bad === undefined && (param === 'angle' || param === 'maxFraction')) continue;
        const a = [...args];
        a[i] = bad;
        expectThrow(() => f(...a), TypeError, name, param, `${name}(${param} = ${String(bad)})`);
      }
      for (const bad of [NaN, Infinity]) {
        if (bad === Infinity && param === 'maxFraction') continue;
        const a = [...args];
        a[i] = bad;
        expectThrow(() => f(...a), RangeError, name, param, `${name}(${param} = ${bad})`);
      }
    });
  }
});

test('validate() reports values instead of throwing, but rejects malformed objects', () => {
  assert.equal(c2.validate({ ...circleA(), radius: NaN }).error, 'NotFinite');
  assert.equal(c2.validate({ ...boxA(), angle: Infinity }).error, 'NotFinite');
  assert.equal(c2.validate({ ...transformA(), angle: NaN }).error, 'NotFinite');
  assert.equal(c2.validate({ type: 'polygon', points: [] }).error, 'TooFewPoints');
  expectThrow(() => c2.validate({ ...circleA(), radius: '1' }), TypeError, 'validate', 'shape.radius', 'str');
  expectThrow(() => c2.validate(null), TypeError, 'validate', 'shape', 'null');
});

test('batch arguments are checked', () => {
  const b = c2.batch;
  const circles = new Float64Array([0, 0, 1, 3, 0, 1]);
  const packed = b.packPolygons([polygonA().points, polygonA().points]);
  const pairs = new Uint32Array([0, 1]);
  const cases = [
    [() => b.overlapsCircleCircle([0, 0, 1], circles), TypeError, 'batch.overlapsCircleCircle', 'a'],
    [() => b.overlapsCircleCircle(circles, new Float32Array(6)), TypeError, 'batch.overlapsCircleCircle', 'b'],
    [() => b.overlapsCircleCircle(circles, new Float64Array(5)), RangeError, 'batch.overlapsCircleCircle', 'b'],
    [() => b.overlapsCircleCircle(circles, new Float64Array(3)), RangeError, 'batch.overlapsCircleCircle', 'a'],
    [() => b.overlapsCircleCircle(circles, circles, new Uint8Array(1)), RangeError, 'batch.overlapsCircleCircle',
      'out'],
    [() => b.collideCircleCircle(circles, circles, new Uint8Array(12)), TypeError, 'batch.collideCircleCircle', 'out'],
    [() => b.collideCircleCircle(circles, new Float64Array([0, 0, 1, 0, NaN, 1])), RangeError,
      'batch.collideCircleCircle', 'b[1].center'],
    [() => b.overlapsCircleCircle(new Float64Array([0, 0, -1, 0, 0, 1]), circles), RangeError,
      'batch.overlapsCircleCircle', 'a[0].radius'],
    // (the second index of pair 0 is element 1 of pairs)
    [() => b.collidePolygonPolygon(packed, new Uint32Array([0, 2])), RangeError, 'batch.collidePolygonPolygon',
      'pairs[1]'],
    [() => b.collidePolygonPolygon(packed, [0, 1]), TypeError, 'batch.collidePolygonPolygon', 'pairs'],
    [() => b.collidePolygonPolygon(packed, new Uint32Array(3)), RangeError, 'batch.collidePolygonPolygon', 'pairs'],
    [() => b.collidePolygonPolygon({ vertices: packed.vertices }, pairs), TypeError, 'batch.collidePolygonPolygon',
      'polygons.offsets'],
    [() => b.collidePolygonPolygon({ vertices: packed.vertices, offsets: new Uint32Array([0, 4, 2]) }, pairs),
      RangeError, 'batch.collidePolygonPolygon', 'polygons'],
    [() => b.collidePolygonPolygon({ vertices: packed.vertices, offsets: new Uint32Array([0, 3, 9]) }, pairs),
      RangeError, 'batch.collidePolygonPolygon', 'polygons'],
    [() => b.overlapsPolygonPolygon(b.packPolygons([[P(0, 0), P(1, 1), P(2, 2)]]), new Uint32Array([0, 0])),
      RangeError, 'batch.overlapsPolygonPolygon', 'polygons[0].points'],
    [() => b.collideCirclePolygon(new Float64Array([0, 0, NaN]), packed, pairs), RangeError,
      'batch.collideCirclePolygon', 'circles[0].radius'],
    [() => b.overlapsCirclePolygon(circles, packed, new Uint32Array([2, 0])), RangeError,
      'batch.overlapsCirclePolygon', 'pairs[0]'],
    [() => b.packPolygons([[P(0, 0), 'x']]), TypeError, 'batch.packPolygons', 'polygons[0][1]'],
    [() => b.packPolygons('x'), TypeError, 'batch.packPolygons', 'polygons'],
  ];
  for (const [call, Type, fn, arg] of cases) expectThrow(call, Type, fn, arg, `${fn} ${arg}`);
});
