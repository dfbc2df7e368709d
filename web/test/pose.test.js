// The pose forms of distance() and cast(): c2.distance(a, xfA, b, xfB[, cache]) and c2.cast(a, xfA, b, xfB,
// translation), each shape in its own frame placed by a transform {x, y, angle?}. Checked: (1) bit for bit the calls
// on the placed shapes, on seeded cases of every pair of convex kinds (circle, aabb, box, polygon from polygon() and
// as a plain object, segment, capsule) at angles 0, pi/2, -pi, ordinary and large (1e6, 1e15); (2) the pose identity
// run of tests/native/pose_identity.h hashes as natively (tests/pose_identity.json: rotated polygons included, whose
// placed form carries turned edge normals that no JS polygon can be given); (3) every argument error names its
// argument and has its code; (4) nothing stays behind in wasm memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Fnv64Words } from './determinism_scene.js';
import { initWithMemory, mulberry32 } from './shared.js';

const { c2, memory } = await initWithMemory();

const HALF_PI = Math.PI / 2;
const KINDS = ['circle', 'aabb', 'box', 'polygon', 'plainPolygon', 'segment', 'capsule'];

// ---- (1) against the calls on the placed shapes --------------------------------------------------------------------

/** Shapes near the origin. Polygon vertices on a grid of 2^-10 (so that a placement at angle 0 by a translation on
 * that grid moves them exactly: see placed()). */
function makeShape(kind, rng) {
  const r = (lo, hi) => lo + (hi - lo) * rng();
  switch (kind) {
    case 'circle': return c2.circle(r(-1, 1), r(-1, 1), r(0.1, 1));
    case 'aabb': return c2.aabb(r(-2, -0.5), r(-2, -0.5), r(0.5, 2), r(0.5, 2));
    case 'box': return c2.box(r(-1, 1), r(-1, 1), r(0.2, 1.5), r(0.2, 1.5), r(-3, 3));
    case 'polygon':
    case 'plainPolygon': {
      const n = 3 + Math.floor(rng() * 6);
      const rad = r(0.5, 1.5);
      const pts = [];
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * (i + r(0, 0.3))) / n;
        pts.push({ x: Math.round(rad * Math.cos(a) * 1024) / 1024, y: Math.round(rad * Math.sin(a) * 1024) / 1024 });
      }
      const p = c2.polygon(pts);
      return kind === 'polygon' ? p : { type: 'polygon', points: p.points.map((v) => ({ x: v.x, y: v.y })) };
    }
    case 'segment': return c2.segment(r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1));
    default: return c2.capsule(r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 0.6));
  }
}

/**
 * The shape placed by xf, as the pose forms define it (their TSDoc), built with the library's own rotation
 * (c2.apply: the cosine and sine it computes). A polygon only at angle 0 (its vertices moved exactly by a translation
 * on their grid: the polygon c2.polygon() makes of them then has the same edge normals as the original polygon, which
 * the pose form keeps); a turned polygon's normals are turned with it, which no polygon built from points reproduces
 * bit for bit (the pose identity run checks those against the C++ form).
 */
function placed(s, xf) {
  const t = { position: { x: xf.x, y: xf.y }, angle: xf.angle ?? 0 };
  const ap = (p) => c2.apply(t, p);
  switch (s.type) {
    case 'circle': return { type: 'circle', center: ap(s.center), radius: s.radius };
    case 'aabb':
      if (t.angle === 0) return { type: 'aabb', min: ap(s.min), max: ap(s.max) };
      return {
        type: 'box',
        center: ap({ x: (s.min.x + s.max.x) * 0.5, y: (s.min.y + s.max.y) * 0.5 }),
        halfExtents: { x: (s.max.x - s.min.x) * 0.5, y: (s.max.y - s.min.y) * 0.5 },
        angle: t.angle,
      };
    case 'box': return { type: 'box', center: ap(s.center), halfExtents: s.halfExtents, angle: s.angle + t.angle };
    case 'polygon':
      assert.equal(t.angle, 0);
      return c2.polygon(s.points.map(ap));
    case 'segment': return { type: 'segment', a: ap(s.a), b: ap(s.b) };
    default: return { type: 'capsule', a: ap(s.a), b: ap(s.b), radius: s.radius };
  }
}

/** A transform; polygons get angle 0 and a position on the grid of 2^-10. */
function makePose(rng, which, isPolygon) {
  const r = (lo, hi) => lo + (hi - lo) * rng();
  if (isPolygon) return { x: Math.round(r(-5, 5) * 1024) / 1024, y: Math.round(r(-5, 5) * 1024) / 1024, angle: 0 };
  const angles = [0, HALF_PI, -Math.PI, r(-4, 4), 1e6 + r(0, 1e6), 1e15 * r(0.5, 1)];
  const xf = { x: r(-5, 5), y: r(-5, 5), angle: angles[which % angles.length] };
  if (which % 7 === 0) delete xf.angle; // (angle omitted: 0)
  return xf;
}

test('the pose forms equal the calls on the placed shapes bit for bit: every pair of kinds, angles 0, pi/2, -pi, large', () => {
  const rng = mulberry32(20261129);
  let calls = 0;
  let hits = 0;
  let overlaps = 0;
  const angles = new Set();
  for (const ka of KINDS) {
    for (const kb of KINDS) {
      for (let trial = 0; trial < 36; trial++) {
        const a = makeShape(ka, rng);
        const b = makeShape(kb, rng);
        const xfA = makePose(rng, trial, a.type === 'polygon');
        const xfB = makePose(rng, trial + 3, b.type === 'polygon');
        const tr = { x: 24 * rng() - 12, y: 24 * rng() - 12 };
        const pa = placed(a, xfA);
        const pb = placed(b, xfB);
        const where = `${ka} ${JSON.stringify(xfA)} / ${kb} ${JSON.stringify(xfB)}`;
        const d = c2.distance(pa, pb);
        assert.deepStrictEqual(c2.distance(a, xfA, b, xfB), d, where);
        const c = c2.cast(pa, { translation: tr }, pb);
        assert.deepStrictEqual(c2.cast(a, xfA, b, xfB, tr), c, where);
        // With a cache: the same result and the same cache as the placed call's.
        const c1 = { count: 0, indexA: [], indexB: [] };
        const c2cache = { count: 0, indexA: [], indexB: [] };
        assert.deepStrictEqual(c2.distance(a, xfA, b, xfB, c1), c2.distance(pa, pb, c2cache), where);
        assert.deepStrictEqual(c1, c2cache, where);
        calls++;
        hits += c.hit ? 1 : 0;
        overlaps += d.overlap ? 1 : 0;
        angles.add(xfA.angle ?? 0);
      }
    }
  }
  // Hits and misses, overlaps and separations; the named angles all taken.
  assert.ok(hits > calls / 10 && hits < calls - calls / 10, `${hits} hits of ${calls}`);
  assert.ok(overlaps > calls / 20 && overlaps < calls / 2, `${overlaps} overlaps of ${calls}`);
  for (const a of [0, HALF_PI, -Math.PI]) assert.ok(angles.has(a), `angle ${a}`);
  assert.ok([...angles].some((a) => a > 1e14));
});

test('a polygon moved every frame: the pose form at each pose equals the placed polygon, the same object reused', () => {
  const ship = c2.polygon([{ x: -1, y: -0.5 }, { x: 1, y: -0.5 }, { x: 1.5, y: 0.5 }, { x: -1, y: 0.5 }]);
  const wall = c2.aabb(10, -5, 11, 5);
  for (let frame = 0; frame < 64; frame++) {
    const xf = { x: frame / 8, y: 1 - frame / 32, angle: 0 };
    const pa = placed(ship, xf);
    assert.deepStrictEqual(c2.cast(ship, xf, wall, { x: 0, y: 0 }, { x: 4, y: 0 }), c2.cast(pa, { translation: { x: 4, y: 0 } }, wall));
    assert.deepStrictEqual(c2.distance(ship, xf, wall, { x: 0, y: 0 }), c2.distance(pa, wall));
  }
  // A known answer: the ship's right corner (1.5 + 2 = 3.5 at x) meets the wall at x = 10 after 6.5 of 8 units.
  const h = c2.cast(ship, { x: 2, y: 0 }, wall, { x: 0, y: 0 }, { x: 8, y: 0 });
  assert.equal(h.hit, true);
  assert.ok(Math.abs(h.fraction - 6.5 / 8) < 1e-12, String(h.fraction));
  assert.ok(h.normal.x === 1 && h.normal.y === 0, JSON.stringify(h.normal)); // (y: -0 or 0)
  // Turned by pi/2 about its own origin: its extent along x is now 1 (y in [-0.5, 0.5] before), so it meets the wall
  // after 10 - 2.5 = 7.5 units.
  const d = c2.distance(ship, { x: 2, y: 0, angle: HALF_PI }, wall, { x: 0, y: 0 });
  assert.ok(Math.abs(d.distance - 7.5) < 1e-12, String(d.distance));
});

// ---- (2) the same bits as the C++ forms ----------------------------------------------------------------------------

const recorded = JSON.parse(readFileSync(fileURLToPath(new URL('../../tests/pose_identity.json', import.meta.url)), 'utf8'));

/** tests/native/pose_identity.h line by line through the public API. */
function poseRun(seed, pairs) {
  const next = mulberry32(seed);
  const range = (lo, hi) => lo + (hi - lo) * next();
  const shape = (kind) => {
    switch (kind) {
      case 0: {
        const x = range(-1, 1);
        const y = range(-1, 1);
        return c2.circle(x, y, range(0.1, 1));
      }
      case 1: {
        const x0 = range(-2, -0.5);
        const y0 = range(-2, -0.5);
        const x1 = range(0.5, 2);
        return c2.aabb(x0, y0, x1, range(0.5, 2));
      }
      case 2: {
        const x = range(-1, 1);
        const y = range(-1, 1);
        const hx = range(0.2, 1.5);
        const hy = range(0.2, 1.5);
        return c2.box(x, y, hx, hy, range(-3, 3));
      }
      case 3: {
        const r = range(0.5, 1.5);
        const n = 3 + Math.floor(next() * 6);
        const pts = [];
        for (let j = 0; j < n; j++) {
          const t = -3 + (6 * (j + range(0.1, 0.9))) / n;
          pts.push({ x: (r * (1 - t * t)) / (1 + t * t), y: (r * 2 * t) / (1 + t * t) });
        }
        return c2.polygon(pts);
      }
      case 4: {
        const ax = range(-1, 1);
        const ay = range(-1, 1);
        const bx = range(-1, 1);
        return c2.segment(ax, ay, bx, range(-1, 1));
      }
      default: {
        const ax = range(-1, 1);
        const ay = range(-1, 1);
        const bx = range(-1, 1);
        const by = range(-1, 1);
        return c2.capsule(ax, ay, bx, by, range(0.1, 0.6));
      }
    }
  };
  const pose = (which) => {
    const x = range(-5, 5);
    const y = range(-5, 5);
    const angle = [() => 0, () => 1.5707963267948966, () => range(-4, 4), () => range(1e6, 2e6), () => range(5e14, 1e15)][which]();
    return { x, y, angle };
  };
  const h = new Fnv64Words();
  let hits = 0;
  for (let i = 0; i < pairs; i++) {
    const a = shape(i % 6);
    const b = shape(Math.floor(i / 6) % 6);
    const xfA = pose(i % 5);
    const xfB = pose((i + 2) % 5);
    const tx = range(-12, 12);
    const ty = range(-12, 12);
    const d = c2.distance(a, xfA, b, xfB);
    for (const v of [d.distance, d.pointA.x, d.pointA.y, d.pointB.x, d.pointB.y, d.normal.x, d.normal.y]) h.number(v);
    h.word(d.overlap ? 1 : 0);
    h.word(d.iterations);
    const c = c2.cast(a, xfA, b, xfB, { x: tx, y: ty });
    h.word(c.hit ? 1 : 0);
    for (const v of [c.fraction, c.point.x, c.point.y, c.normal.x, c.normal.y]) h.number(v);
    h.word(c.iterations);
    hits += c.hit ? 1 : 0;
  }
  return { hash: h.hex(), hits };
}

test('the pose identity run (rotated polygons included) hashes as the C++ forms natively', () => {
  const { hash, hits } = poseRun(recorded.seed, recorded.pairs);
  assert.equal(hash, recorded.hash);
  assert.ok(hits > recorded.pairs / 10, `${hits} hits`);
  // The hash sees a change.
  assert.notEqual(poseRun(recorded.seed + 1, 60).hash, poseRun(recorded.seed, 60).hash);
});

// ---- (3) arguments -----------------------------------------------------------------------------------------------

function throwsExactly(call, Type, message, code) {
  assert.throws(call, (e) => {
    assert.equal(e.constructor, Type, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.message, message);
    assert.equal(e.code, code, e.message);
    return true;
  });
}

test('pose forms: each bad argument is named, with its code', () => {
  const a = c2.circle(0, 0, 1);
  const b = c2.box(0, 0, 1, 1);
  const o = { x: 0, y: 0 };
  const tr = { x: 1, y: 0 };
  // transforms
  throwsExactly(() => c2.distance(a, o, b), TypeError, 'collide2d.distance: argument xfB must be an object (got undefined)', 'WrongType');
  throwsExactly(() => c2.distance(a, { x: 0, y: '1' }, b, o), TypeError, 'collide2d.distance: argument xfA.y must be a number (got "1")', 'WrongType');
  throwsExactly(() => c2.distance(a, o, b, { x: NaN, y: 0 }), RangeError, 'collide2d.distance: argument xfB.x must be finite (got NaN)', 'NotFinite');
  throwsExactly(() => c2.distance(a, o, b, { x: 0, y: 0, angle: Infinity }), RangeError, 'collide2d.distance: argument xfB.angle must be finite (got Infinity)', 'NotFinite');
  throwsExactly(() => c2.cast(a, { x: 0, y: 0, angle: -Infinity }, b, o, tr), RangeError, 'collide2d.cast: argument xfA.angle must be finite (got -Infinity)', 'NotFinite');
  throwsExactly(() => c2.cast(a, o, b, 5, tr), TypeError, 'collide2d.cast: argument xfB must be an object (got 5)', 'WrongType');
  // the translation
  throwsExactly(() => c2.cast(a, o, b, o), TypeError, 'collide2d.cast: argument translation must be an object (got undefined)', 'WrongType');
  throwsExactly(() => c2.cast(a, o, b, o, { x: 1 }), TypeError, 'collide2d.cast: argument translation.y must be a number (got undefined)', 'WrongType');
  throwsExactly(() => c2.cast(a, o, b, o, { x: 1, y: NaN }), RangeError, 'collide2d.cast: argument translation.y must be finite (got NaN)', 'NotFinite');
  // shapes: named as a and b, whatever their position among the arguments
  throwsExactly(() => c2.distance({ type: 'circle', center: o, radius: -1 }, o, b, o), RangeError, 'collide2d.distance: argument a.radius must be >= 0 (got -1)', 'NegativeRadius');
  throwsExactly(() => c2.cast(a, o, { type: 'polygon', points: [o, { x: 1, y: 0 }, { x: 2, y: 0 }] }, o, tr), RangeError, 'collide2d.cast: argument b.points must not all lie on one line (got an array of 3)', 'Collinear');
  throwsExactly(() => c2.distance(a, o, c2.ray(0, 0, 1, 0), o), TypeError, 'collide2d.distance: argument b must be one of: circle, aabb, box, polygon, segment, capsule (got a "ray" object)', 'WrongType');
  // the cache
  throwsExactly(() => c2.distance(a, o, b, o, { count: 4, indexA: [], indexB: [] }), RangeError, 'collide2d.distance: argument cache.count must be 0, 1, 2 or 3 (got 4)', 'OutOfRange');
  // The forms without a pose are unchanged.
  throwsExactly(() => c2.cast(a, {}, b), TypeError, 'collide2d.cast: argument motionA.translation must be a point {x, y} (got undefined)', 'WrongType');
  throwsExactly(() => c2.distance(a, b, { count: 9, indexA: [], indexB: [] }), RangeError, 'collide2d.distance: argument cache.count must be 0, 1, 2 or 3 (got 9)', 'OutOfRange');
});

// ---- (4) memory ----------------------------------------------------------------------------------------------------

test('pose calls keep nothing in wasm memory: 100,000 calls with fresh polygons of up to 64 vertices do not grow it', () => {
  const rng = mulberry32(7);
  const polys = Array.from({ length: 64 }, (_, k) => {
    const n = 3 + (k % 62);
    return c2.polygon(Array.from({ length: n }, (_, i) => ({ x: Math.cos((2 * Math.PI * i) / n), y: Math.sin((2 * Math.PI * i) / n) })));
  });
  const run = (count) => {
    for (let i = 0; i < count; i++) {
      const xf = { x: 4 * rng() - 2, y: 4 * rng() - 2, angle: 6 * rng() };
      c2.distance(polys[i & 63], xf, polys[(i * 7) & 63], { x: 0, y: 0 });
      c2.cast(polys[(i * 3) & 63], xf, c2.circle(0, 0, 1), { x: 1, y: 1, angle: i }, { x: 1, y: -1 });
    }
  };
  run(2000);
  const before = memory.buffer.byteLength;
  run(100000);
  assert.equal(memory.buffer.byteLength, before);
});
