// The query corpus (tests/query_cases, schema in its README) run through the PUBLIC JavaScript API with the same
// expectations, tolerances and added checks as the native runner (tests/native/corpus_queries_test.cpp); then the
// queries' argument checking, distanceSteps against distance, and the simplex cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as c2 from 'collide2d';
import { mulberry32 } from './shared.js';

const casesDir = fileURLToPath(new URL('../../tests/query_cases/', import.meta.url));
const FAMILIES = ['capsule', 'distance', 'cast', 'manifold', 'containment'];

function listCases(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listCases(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

const SPECIAL = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };
function num(j, path) {
  if (typeof j === 'number') return j;
  if (typeof j === 'string' && j in SPECIAL) return SPECIAL[j];
  throw new Error(`malformed case: ${path} is not a number: ${JSON.stringify(j)}`);
}
function vec(j, path) {
  if (!Array.isArray(j) || j.length !== 2) throw new Error(`malformed case: ${path} is not [x, y]`);
  return { x: num(j[0], path + '[0]'), y: num(j[1], path + '[1]') };
}
/** A corpus shape as a plain shape object (not through the validating factories). */
function shape(j, path) {
  switch (j.type) {
    case 'circle':
      return { type: 'circle', center: vec(j.center, path + '.center'), radius: num(j.radius, path + '.radius') };
    case 'aabb':
      return { type: 'aabb', min: vec(j.min, path + '.min'), max: vec(j.max, path + '.max') };
    case 'box': {
      let angle = 0;
      if (j.angle !== undefined) angle = num(j.angle, path + '.angle');
      else if (j.angleDegrees !== undefined) angle = num(j.angleDegrees, path + '.angleDegrees') * (Math.PI / 180);
      return { type: 'box', center: vec(j.center, path + '.center'), halfExtents: vec(j.halfExtents, path), angle };
    }
    case 'polygon':
      return { type: 'polygon', points: j.points.map((p, i) => vec(p, `${path}.points[${i}]`)) };
    case 'segment':
      return { type: 'segment', a: vec(j.a, path + '.a'), b: vec(j.b, path + '.b') };
    case 'capsule':
      return { type: 'capsule', a: vec(j.a, path + '.a'), b: vec(j.b, path + '.b'), radius: num(j.radius, path + '.radius') };
    case 'ray': {
      const r = { type: 'ray', origin: vec(j.origin, path + '.origin'), direction: vec(j.direction, path) };
      if (j.maxFraction !== undefined) r.maxFraction = num(j.maxFraction, path + '.maxFraction');
      return r;
    }
    default:
      throw new Error(`malformed case: ${path}.type ${JSON.stringify(j.type)}`);
  }
}
function motion(j, path) {
  const m = { translation: vec(j.translation, path + '.translation') };
  if (j.rotation !== undefined) m.rotation = num(j.rotation, path + '.rotation');
  return m;
}
/** The tolerance scale of tests/native/corpus.h's inputScale. */
function inputScale(j, top = true) {
  if (typeof j === 'number') return Number.isFinite(j) ? Math.abs(j) : 0;
  let scale = 0;
  if (Array.isArray(j)) {
    for (const e of j) scale = Math.max(scale, inputScale(e, false));
  } else if (j !== null && typeof j === 'object') {
    for (const [k, v] of Object.entries(j)) {
      if (top && ['description', 'source', 'query', 'expect', 'tolerance'].includes(k)) continue;
      if (['angle', 'angleDegrees', 'maxFraction', 'maxIterations'].includes(k)) continue;
      scale = Math.max(scale, inputScale(v, false));
    }
  }
  return scale;
}

class Checker {
  constructor(expect, tol) {
    this.expect = expect;
    this.tol = tol;
    this.failures = [];
  }
  fail(what) {
    this.failures.push(what);
  }
  close(e, a, tol = this.tol) {
    if (Number.isNaN(e)) return Number.isNaN(a);
    return Number.isFinite(a) && Math.abs(a - e) <= tol;
  }
  exact(key, actual) {
    if (this.expect[key] !== undefined && this.expect[key] !== actual) {
      this.fail(`${key}: expected ${JSON.stringify(this.expect[key])}, actual ${JSON.stringify(actual)}`);
    }
  }
  number(key, actual, tol = this.tol) {
    if (this.expect[key] === undefined) return;
    const e = num(this.expect[key], 'expect.' + key);
    if (!this.close(e, actual, tol)) this.fail(`${key}: expected ${e}, actual ${actual} (allowed ${tol})`);
  }
  vec(key, actual, tol = this.tol) {
    if (this.expect[key] === undefined) return;
    const e = vec(this.expect[key], 'expect.' + key);
    if (!this.close(e.x, actual.x, tol) || !this.close(e.y, actual.y, tol)) {
      this.fail(`${key}: expected [${e.x}, ${e.y}], actual [${actual.x}, ${actual.y}] (allowed ${tol})`);
    }
  }
  /** Unit vectors: within max(the scaled tolerance, 1e-12). */
  unit(key, actual) {
    this.vec(key, actual, Math.max(this.tol, 1e-12));
  }
}

// The shape moved by a motion at time t (queries.h: rotation about the shape's centre, then translation).
function turn(p, c, ang, off) {
  const cs = Math.cos(ang);
  const sn = Math.sin(ang);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: c.x + (cs * dx - sn * dy) + off.x, y: c.y + (sn * dx + cs * dy) + off.y };
}
function moved(s, m, t) {
  const ang = (m.rotation ?? 0) * t;
  const off = { x: m.translation.x * t, y: m.translation.y * t };
  const add = (p) => ({ x: p.x + off.x, y: p.y + off.y });
  switch (s.type) {
    case 'circle':
      return { type: 'circle', center: add(s.center), radius: s.radius };
    case 'aabb': {
      if (ang === 0) return { type: 'aabb', min: add(s.min), max: add(s.max) };
      const c = { x: (s.min.x + s.max.x) / 2, y: (s.min.y + s.max.y) / 2 };
      const h = { x: (s.max.x - s.min.x) / 2, y: (s.max.y - s.min.y) / 2 };
      return { type: 'box', center: add(c), halfExtents: h, angle: ang };
    }
    case 'box':
      return { type: 'box', center: add(s.center), halfExtents: s.halfExtents, angle: (s.angle ?? 0) + ang };
    case 'polygon': {
      const p = c2.polygon(s.points);
      const c = c2.centroid(p);
      return { type: 'polygon', points: p.points.map((v) => turn(v, c, ang, off)) };
    }
    default: {
      const c = { x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 };
      const r = { type: s.type, a: turn(s.a, c, ang, off), b: turn(s.b, c, ang, off) };
      if (s.type === 'capsule') r.radius = s.radius;
      return r;
    }
  }
}

const runners = {
  overlaps: pairQuery,
  collide: pairQuery,
  distance(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const d = c2.distance(a, b);
    check.exact('overlap', d.overlap);
    check.number('distance', d.distance);
    if (!d.overlap) {
      check.unit('normal', d.normal);
      check.vec('pointA', d.pointA);
      check.vec('pointB', d.pointB);
    }
    if (d.overlap !== c2.overlaps(a, b)) check.fail('overlap != overlaps()');
    if ((d.distance === 0) !== d.overlap) check.fail('distance 0 <=> overlap broken');
    if (Math.abs(c2.distance(b, a).distance - d.distance) > check.tol) check.fail('not symmetric');
  },
  manifold(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const m = c2.collideManifold(a, b);
    const count = m === null ? 0 : m.points.length;
    check.exact('count', count);
    if (m !== null) check.unit('normal', m.normal);
    if ((count > 0) !== c2.overlaps(a, b)) check.fail('null <=> !overlaps broken');
    const pts = j.expect.points;
    if (Array.isArray(pts) && pts.length === count) {
      const used = new Array(count).fill(false);
      for (const pj of pts) {
        const ep = vec(pj.point, 'points[].point');
        const ed = num(pj.depth, 'points[].depth');
        const k = m.points.findIndex((p, i) => !used[i] && check.close(ep.x, p.point.x) &&
          check.close(ep.y, p.point.y) && check.close(ed, p.depth));
        if (k < 0) check.fail(`no manifold point [${ep.x}, ${ep.y}] depth ${ed} among ${JSON.stringify(m.points)}`);
        else used[k] = true;
      }
    }
  },
  containsShape(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const inside = c2.containsShape(a, b);
    check.exact('inside', inside);
    if (inside && !c2.overlaps(a, b)) check.fail('contained but not overlapping');
  },
  cast(j, check, tolerance) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const ma = motion(j.motionA, 'motionA');
    const mb = motion(j.motionB, 'motionB');
    const h = c2.cast(a, ma, b, mb);
    check.exact('hit', h.hit);
    if (!h.hit) {
      if (h.fraction !== 1 || h.point.x !== 0 || h.point.y !== 0 || h.normal.x !== 0 || h.normal.y !== 0) {
        check.fail('a miss must have fraction 1 and zero point and normal');
      }
      return;
    }
    check.number('fraction', h.fraction, tolerance);
    check.unit('normal', h.normal);
    check.vec('point', h.point);
    if (j.expect.fraction !== undefined && h.fraction > j.expect.fraction + 1e-15) {
      check.fail('fraction after the expected contact');
    }
    if (h.fraction > 0 && c2.overlaps(moved(a, ma, h.fraction), moved(b, mb, h.fraction))) {
      check.fail('the shapes overlap at the returned fraction');
    }
  },
  contains(j, check) {
    check.exact('inside', c2.contains(shape(j.shape, 'shape'), vec(j.point, 'point')));
  },
  raycast(j, check) {
    const h = c2.raycast(shape(j.ray, 'ray'), shape(j.shape, 'shape'));
    check.exact('hit', h !== null);
    if (h !== null) {
      check.number('fraction', h.fraction);
      check.vec('point', h.point);
      check.unit('normal', h.normal);
    }
  },
  validate(j, check) {
    const st = c2.validate(shape(j.shape, 'shape'));
    check.exact('error', st.error);
    check.exact('field', st.field);
    if (st.ok !== (st.error === 'None')) check.fail('ok disagrees with error');
  },
};

function pairQuery(j, check) {
  const a = shape(j.a, 'a');
  const b = shape(j.b, 'b');
  const ov = c2.overlaps(a, b);
  const c = c2.collide(a, b);
  if (ov !== (c !== null)) check.fail('overlaps and collide disagree');
  check.exact('hit', c !== null);
  if (j.query === 'collide' && c !== null) {
    check.unit('normal', c.normal);
    check.number('depth', c.depth);
    check.vec('point', c.point);
    if (Math.abs(Math.hypot(c.normal.x, c.normal.y) - 1) > 1e-12) check.fail('normal not unit');
  }
  const s = c2.collide(b, a);
  if ((s !== null) !== (c !== null)) check.fail('the swapped pair disagrees on hit');
  if (c !== null && s !== null && (Math.abs(s.depth - c.depth) > check.tol || Math.abs(s.normal.x + c.normal.x) > 1e-9 ||
      Math.abs(s.normal.y + c.normal.y) > 1e-9)) {
    check.fail('the swapped pair does not flip the normal with the same depth');
  }
}

await c2.init();
const files = listCases(casesDir);
const family = (file) => relative(casesDir, file).split('/')[0];

test('every query family has at least 40 cases', () => {
  for (const f of FAMILIES) assert.ok(files.filter((p) => family(p) === f).length >= 40, f);
  for (const p of files) assert.ok(FAMILIES.includes(family(p)), `unknown family of ${p}`);
});

for (const file of files) {
  const name = relative(casesDir, file).replace(/\.json$/, '');
  test(`query case ${name}`, () => {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    const run = runners[j.query];
    assert.ok(run, `unknown query ${j.query}`);
    const tolerance = j.tolerance === undefined ? 1e-9 : num(j.tolerance, 'tolerance');
    const check = new Checker(j.expect, tolerance * Math.max(1, inputScale(j)));
    run(j, check, tolerance);
    assert.deepEqual(check.failures, [], `${name}: ${j.description}`);
  });
}

// ---- argument checking ----------------------------------------------------------------------------------------

const square = () => c2.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]);

test('bad input to the queries throws a clear error naming the argument and leaves the module usable', () => {
  const ok = square();
  const far = c2.box(5, 0.5, 0.5, 0.5);
  const expectedDistance = c2.distance(ok, far).distance;
  const cases = [
    [() => c2.capsule(0, 0, 1, 0, -1), RangeError, /collide2d\.capsule: argument radius must be >= 0/],
    [() => c2.capsule(NaN, 0, 1, 0, 1), RangeError, /collide2d\.capsule: argument ax must be finite/],
    [() => c2.capsule(0, 0, 1, '0', 1), TypeError, /collide2d\.capsule: argument by must be a number/],
    [() => c2.distance(ok, { type: 'capsule', a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, radius: -2 }), RangeError,
      /collide2d\.distance: argument b\.radius must be >= 0 \(got -2\)/],
    [() => c2.distance({ type: 'capsule', a: { x: NaN, y: 0 }, b: { x: 1, y: 0 }, radius: 1 }, ok), RangeError,
      /collide2d\.distance: argument a\.a must be finite/],
    [() => c2.distance(ok, { type: 'capsule', a: { x: 0, y: 0 }, b: { x: 1, y: 0 } }), TypeError,
      /collide2d\.distance: argument b\.radius must be a number \(got undefined\)/],
    [() => c2.distance(ok, { type: 'capsule', a: { x: 0, y: 0 }, radius: 1 }), TypeError, /argument b\.b must be a point/],
    [() => c2.distance(ok, 'circle'), TypeError, /collide2d\.distance: argument b must be a shape object/],
    [() => c2.distance(ok, { type: 'ray', origin: { x: 0, y: 0 }, direction: { x: 1, y: 0 } }), TypeError,
      /collide2d\.distance: argument b must be one of: circle, aabb, box, polygon, segment, capsule/],
    [() => c2.distance(ok, { type: 'hexagon' }), TypeError, /argument b\.type must be a shape with type/],
    [() => c2.distance(ok, far, { count: 4, indexA: [], indexB: [] }), RangeError, /argument cache\.count must be 0, 1, 2 or 3/],
    [() => c2.distance(ok, far, { count: 1, indexA: [-1], indexB: [0] }), RangeError, /argument cache\.indexA\[0\] must be an integer/],
    [() => c2.distance(ok, far, { count: 1, indexA: [0] }), TypeError, /argument cache\.indexB must be an array/],
    [() => c2.distance(ok, far, 3), TypeError, /argument cache must be an object/],
    [() => c2.distanceSteps(ok, { type: 'circle', center: { x: 0, y: 0 }, radius: NaN }), RangeError,
      /collide2d\.distanceSteps: argument b\.radius must be finite/],
    [() => c2.cast(ok, { translation: { x: NaN, y: 0 } }, far), RangeError,
      /collide2d\.cast: argument motionA\.translation must be finite/],
    [() => c2.cast(ok, { translation: { x: 1, y: 0 } }, far, { translation: { x: 0, y: 0 }, rotation: Infinity }),
      RangeError, /collide2d\.cast: argument motionB\.rotation must be finite/],
    [() => c2.cast(ok, { translation: { x: 1, y: 0 } }, { type: 'circle', center: { x: 0, y: 0 }, radius: -1 }),
      RangeError, /collide2d\.cast: argument b\.radius must be >= 0/],
    [() => c2.cast(ok, { rotation: 1 }, far), TypeError, /collide2d\.cast: argument motionA\.translation must be a point/],
    [() => c2.cast(ok, null, far), TypeError, /collide2d\.cast: argument motionA must be an object/],
    [() => c2.cast(ok, { translation: { x: 1, y: 0 }, rotation: '1' }, far), TypeError,
      /argument motionA\.rotation must be a number/],
    [() => c2.collideManifold({ type: 'polygon', points: [{ x: 0, y: 0 }, { x: 1, y: 0 }] }, ok), RangeError,
      /collide2d\.collideManifold: argument a/],
    [() => c2.collideManifold(ok, { type: 'aabb', min: { x: 1, y: 1 }, max: { x: 0, y: 0 } }), RangeError,
      /collide2d\.collideManifold: argument b\.max/],
    [() => c2.containsShape(ok, { type: 'segment', a: { x: 0, y: 0 }, b: { x: Infinity, y: 0 } }), RangeError,
      /collide2d\.containsShape: argument b\.b must be finite/],
    [() => c2.containsShape(undefined, ok), TypeError, /collide2d\.containsShape: argument a must be a shape object/],
  ];
  for (const [call, type, message] of cases) {
    assert.throws(call, (e) => e instanceof type && message.test(e.message), String(call));
    assert.equal(c2.distance(ok, far).distance, expectedDistance, `the module answers again after ${call}`);
  }
});

// ---- distanceSteps, cache, defaults ------------------------------------------------------------------------------

const radiusOf = (s) => (s.type === 'circle' || s.type === 'capsule' ? s.radius : 0);

/** Random convex shapes of every kind, scattered so that many pairs are apart. */
function randomShape(rnd) {
  const x = rnd() * 20 - 10;
  const y = rnd() * 20 - 10;
  switch (Math.floor(rnd() * 6)) {
    case 0: return c2.circle(x, y, 0.1 + rnd() * 2);
    case 1: return c2.aabb(x, y, x + 0.1 + rnd() * 3, y + 0.1 + rnd() * 3);
    case 2: return c2.box(x, y, 0.1 + rnd() * 2, 0.1 + rnd() * 2, rnd() * 6);
    case 3: {
      const n = 3 + Math.floor(rnd() * 6);
      const r = 0.3 + rnd() * 2;
      const t0 = rnd() * 6;
      return c2.polygon(Array.from({ length: n }, (_, i) => ({
        x: x + r * Math.cos(t0 + (2 * Math.PI * i) / n), y: y + r * Math.sin(t0 + (2 * Math.PI * i) / n) })));
    }
    case 4: return c2.segment(x, y, x + rnd() * 4 - 2, y + rnd() * 4 - 2);
    default: return c2.capsule(x, y, x + rnd() * 4 - 2, y + rnd() * 4 - 2, 0.1 + rnd() * 1.5);
  }
}

test("distanceSteps: the last step's closest point is the cores' separation of distance() (apart pairs)", () => {
  const rnd = mulberry32(11);
  let apart = 0;
  for (let i = 0; i < 2000; i++) {
    const a = randomShape(rnd);
    const b = randomShape(rnd);
    const d = c2.distance(a, b);
    const steps = c2.distanceSteps(a, b);
    assert.ok(steps.length >= 1 && steps.length <= 65);
    for (const s of steps) assert.ok(s.simplex.length >= 1 && s.simplex.length <= 3);
    const last = steps[steps.length - 1];
    if (d.overlap) {
      continue;
    }
    apart++;
    const r = radiusOf(a) + radiusOf(b);
    // pointA = coreA + n ra, pointB = coreB - n rb: the cores' separation is pointB - pointA + n (ra + rb).
    const ex = d.pointB.x - d.pointA.x + d.normal.x * r;
    const ey = d.pointB.y - d.pointA.y + d.normal.y * r;
    const tol = 1e-9 * Math.max(1, Math.hypot(ex, ey));
    assert.ok(Math.abs(last.closest.x - ex) <= tol && Math.abs(last.closest.y - ey) <= tol,
      `pair ${i}: ${JSON.stringify(last.closest)} vs [${ex}, ${ey}]`);
    if (r === 0) {
      assert.ok(Math.abs(last.closest.x - (d.pointB.x - d.pointA.x)) <= tol &&
        Math.abs(last.closest.y - (d.pointB.y - d.pointA.y)) <= tol);
    }
    // Every simplex vertex is a point of the cores: its b - a lies no nearer the origin than the closest point.
    const len = Math.hypot(last.closest.x, last.closest.y);
    for (const v of last.simplex) {
      const w = { x: v.b.x - v.a.x, y: v.b.y - v.a.y };
      assert.ok((w.x * last.closest.x + w.y * last.closest.y) / len >= len - tol, `pair ${i}: vertex below the support`);
    }
  }
  assert.ok(apart > 1000, `only ${apart} apart pairs`);
});

test('distanceSteps of overlapping polygons ends at the origin', () => {
  const steps = c2.distanceSteps(square(), c2.box(0.5, 0.5, 0.2, 0.2, 0.3));
  const last = steps[steps.length - 1];
  assert.deepEqual(last.closest, { x: 0, y: 0 });
});

test('the simplex cache: coherent queries give the same answers as without it, and it is updated in place', () => {
  const rnd = mulberry32(7);
  for (let pair = 0; pair < 100; pair++) {
    const a = randomShape(rnd);
    const b0 = randomShape(rnd);
    const cache = { count: 0, indexA: [], indexB: [] };
    const same = cache;
    let seen = false;
    for (let k = 0; k < 20; k++) {
      const dx = k * 0.05;
      const b = b0.type === 'polygon' ? { type: 'polygon', points: b0.points.map((p) => ({ x: p.x + dx, y: p.y })) }
        : moved(b0, { translation: { x: dx, y: 0 } }, 1);
      const plain = c2.distance(a, b);
      const cached = c2.distance(a, b, cache);
      assert.equal(cache, same);
      assert.ok(cache.count >= 1 && cache.count <= 3 && cache.indexA.length === cache.count &&
        cache.indexB.length === cache.count);
      seen ||= cache.count > 0;
      assert.equal(cached.overlap, plain.overlap);
      const tol = 1e-9 * Math.max(1, plain.distance);
      assert.ok(Math.abs(cached.distance - plain.distance) <= tol, `pair ${pair} step ${k}`);
      if (!plain.overlap) {
        assert.ok(Math.abs(cached.pointA.x - plain.pointA.x) <= 1e-9 && Math.abs(cached.pointB.y - plain.pointB.y) <= 1e-9);
      }
    }
    assert.ok(seen);
  }
});

test('cast: motionB omitted is b standing still; collideManifold is null exactly when !overlaps', () => {
  const a = square();
  const b = c2.capsule(4, -1, 4, 2, 0.5);
  const m = { translation: { x: 5, y: 0.5 } };
  assert.deepEqual(c2.cast(a, m, b), c2.cast(a, m, b, { translation: { x: 0, y: 0 }, rotation: 0 }));
  assert.ok(c2.cast(a, m, b).hit);
  assert.ok(Math.abs(c2.cast(a, m, b).fraction - 2.5 / 5) < 1e-9);
  const rnd = mulberry32(3);
  for (let i = 0; i < 1000; i++) {
    const p = randomShape(rnd);
    const q = randomShape(rnd);
    assert.equal(c2.collideManifold(p, q) === null, !c2.overlaps(p, q));
    assert.equal(c2.distance(p, q).overlap, c2.overlaps(p, q));
  }
});

test('batch.distance equals distance() pair by pair, packed and prepared; bad pairs name the element', () => {
  const rnd = mulberry32(5);
  const polys = [];
  for (let i = 0; i < 60; i++) {
    let s;
    do s = randomShape(rnd); while (s.type !== 'polygon');
    polys.push(s);
  }
  const pairs = new Uint32Array(2 * 500);
  for (let i = 0; i < pairs.length; i++) pairs[i] = Math.floor(rnd() * polys.length);
  const packed = c2.batch.packPolygons(polys);
  const prepared = c2.batch.preparePolygons(polys);
  const S = c2.batch.DISTANCE_STRIDE;
  assert.equal(S, 7);
  const a = c2.batch.distance(packed, pairs);
  const b = c2.batch.distance(prepared, pairs, new Float64Array(S * 500 + 3));
  assert.equal(a.length, S * 500);
  let overlapping = 0;
  for (let i = 0; i < 500; i++) {
    const d = c2.distance(polys[pairs[2 * i]], polys[pairs[2 * i + 1]]);
    const want = [d.distance, d.pointA.x, d.pointA.y, d.pointB.x, d.pointB.y, d.normal.x, d.normal.y];
    assert.deepEqual(Array.from(a.subarray(S * i, S * i + S)), want, `pair ${i}`);
    assert.deepEqual(Array.from(b.subarray(S * i, S * i + S)), want, `pair ${i} (prepared)`);
    overlapping += d.overlap ? 1 : 0;
  }
  assert.ok(overlapping > 0 && overlapping < 500);
  assert.throws(() => c2.batch.distance(packed, new Uint32Array([0, 1, 2, 60])),
    (e) => e instanceof RangeError && /collide2d\.batch\.distance: argument pairs\[3\] must be < 60, the number of polygons \(pair 1\) \(got 60\)$/.test(e.message));
  assert.throws(() => c2.batch.distance(packed, [0, 1]), (e) => e instanceof TypeError && /batch\.distance: argument pairs/.test(e.message));
  prepared.free();
  assert.throws(() => c2.batch.distance(prepared, pairs), /was freed/);
  assert.deepEqual(Array.from(c2.batch.distance(packed, pairs.subarray(0, 2))), Array.from(a.subarray(0, S)));
});

test('World.add accepts a capsule: getShape turns both ends about the body position, pairs and queries see it', () => {
  const w = new c2.World();
  try {
    const h = w.add(c2.capsule(1, 0, 3, 0, 0.5), { x: 10, y: 5, angle: Math.PI / 2 });
    const s = w.getShape(h);
    assert.equal(s.type, 'capsule');
    assert.equal(s.radius, 0.5);
    assert.ok(Math.abs(s.a.x - 10) < 1e-12 && Math.abs(s.a.y - 6) < 1e-12, JSON.stringify(s));
    assert.ok(Math.abs(s.b.x - 10) < 1e-12 && Math.abs(s.b.y - 8) < 1e-12, JSON.stringify(s));
    const ball = w.add(c2.circle(0, 0, 0.25), { x: 10.7, y: 7 });
    assert.equal(w.step(), 1);
    const c = c2.collide(s, w.getShape(ball));
    assert.ok(c !== null && Math.abs(c.depth - 0.05) < 1e-12);
    assert.equal(w.queryPoint({ x: 10.45, y: 8.2 }), 1);
    assert.throws(() => w.add(c2.capsule(0, 0, 1, 0, 1), { x: NaN, y: 0 }), RangeError);
    assert.throws(() => w.add({ type: 'capsule', a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, radius: -1 }),
      (e) => e instanceof RangeError && /World\.add: argument shape\.radius must be >= 0/.test(e.message));
  } finally {
    w.free();
  }
});

test('closestPoint, bounds, raycast, contains and validate of a capsule (JS)', () => {
  const cap = c2.capsule(0, 0, 2, 0, 0.5);
  assert.deepEqual(c2.closestPoint(cap, { x: 1, y: 3 }), { point: { x: 1, y: 0.5 }, distanceSquared: 6.25, inside: false });
  assert.deepEqual(c2.closestPoint(cap, { x: 1, y: 0 }), { point: { x: 1, y: 0.5 }, distanceSquared: 0.25, inside: true });
  assert.deepEqual(c2.bounds(cap), { type: 'aabb', min: { x: -0.5, y: -0.5 }, max: { x: 2.5, y: 0.5 } });
  const h = c2.raycast(c2.ray(-5, 0, 1, 0), cap);
  assert.ok(h !== null && Math.abs(h.fraction - 4.5) < 1e-12 && h.normal.x === -1);
  assert.equal(c2.contains(cap, { x: 2.5, y: 0 }), true);
  assert.equal(c2.contains(cap, { x: 2.5, y: 0.01 }), false);
  assert.deepEqual(c2.validate({ type: 'capsule', a: { x: 0, y: 0 }, b: { x: 1, y: NaN }, radius: 1 }),
    { ok: false, error: 'NotFinite', field: 'b', message: 'must be finite (not NaN or infinite)' });
  assert.equal(c2.validate(cap).ok, true);
});
