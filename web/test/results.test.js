// The discriminated results' promises at run time: on random cases (seeded), each variant carries the literal values
// its type declares (a cast or sweep miss: fraction / time 1, zero point and normal, wall -1; a SAT hit: no separating
// axis; a SAT miss: no minimum axis, depth 0; a distance overlap: 0 and a zero normal), and the tuples hold as many
// entries as the kind or count says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as c2 from 'collide2d';
import { mulberry32 } from './shared.js';

await c2.init();

const r = mulberry32(4242);
const u = (a, b) => a + (b - a) * r();
const isZero = (v) => v.x === 0 && v.y === 0;

function shape() {
  const x = u(-4, 4);
  const y = u(-4, 4);
  switch (Math.floor(r() * 5)) {
    case 0: return c2.circle(x, y, u(0.1, 2));
    case 1: return c2.box(x, y, u(0.1, 2), u(0.1, 2), u(-3, 3));
    case 2: return c2.aabb(x, y, x + u(0.1, 2), y + u(0.1, 2));
    case 3: return c2.capsule(x, y, x + u(-2, 2), y + u(-2, 2), u(0, 1));
    default: return c2.polygonFromBox(c2.box(x, y, u(0.1, 2), u(0.1, 2), u(-3, 3)));
  }
}

test('cast and sweep: a miss is fraction / time 1 with zero point and normal (and wall -1)', () => {
  const seen = { castHit: 0, castMiss: 0, sweepHit: 0, sweepMiss: 0 };
  for (let i = 0; i < 2000; i++) {
    const h = c2.cast(shape(), { translation: { x: u(-8, 8), y: u(-8, 8) }, rotation: r() < 0.3 ? u(-2, 2) : 0 }, shape());
    if (h.hit) {
      seen.castHit++;
      assert.ok(h.fraction >= 0 && h.fraction <= 1);
    } else {
      seen.castMiss++;
      assert.ok(h.fraction === 1 && isZero(h.point) && isZero(h.normal), JSON.stringify(h));
    }
    const walls = Array.from({ length: 3 }, () => c2.segment(u(-6, 6), u(-6, 6), u(-6, 6), u(-6, 6)));
    const s = c2.sweep(c2.circle(u(-6, 6), u(-6, 6), u(0.1, 1)), { x: u(-8, 8), y: u(-8, 8) }, walls);
    if (s.hit) {
      seen.sweepHit++;
      assert.ok(s.wall >= 0 && s.wall < 3, JSON.stringify(s));
    } else {
      seen.sweepMiss++;
      assert.ok(s.time === 1 && isZero(s.point) && isZero(s.normal) && s.wall === -1, JSON.stringify(s));
    }
  }
  assert.ok(Object.values(seen).every((n) => n > 100), JSON.stringify(seen));
});

test('sat: a hit has no separating axis, a miss no minimum axis, depth 0 and zero normal and point', () => {
  const seen = { hit: 0, miss: 0, circles: 0 };
  for (let i = 0; i < 2000; i++) {
    const boxes = r() < 0.5;
    const a = boxes ? c2.box(u(-2, 2), u(-2, 2), u(0.1, 2), u(0.1, 2), u(-3, 3)) : c2.polygonFromBox(c2.box(u(-2, 2), u(-2, 2), u(0.1, 2), u(0.1, 2), u(-3, 3)));
    const b = boxes ? c2.box(u(-2, 2), u(-2, 2), u(0.1, 2), u(0.1, 2), u(-3, 3)) : c2.polygonFromBox(c2.box(u(-2, 2), u(-2, 2), u(0.1, 2), u(0.1, 2), u(-3, 3)));
    const s = c2.sat(a, b);
    if (s.hit) {
      seen.hit++;
      assert.equal(s.separatingAxis, -1);
      assert.ok(s.minimumAxis >= 0);
    } else {
      seen.miss++;
      if (s.boundingCircleRejected) seen.circles++;
      assert.ok(s.minimumAxis === -1 && s.depth === 0 && isZero(s.normal) && isZero(s.point), JSON.stringify(s));
    }
  }
  assert.ok(seen.hit > 100 && seen.miss > 100, JSON.stringify(seen));
});

test('distance: an overlap is distance 0 with a zero normal and one point; apart, distance > 0', () => {
  const seen = { overlap: 0, apart: 0 };
  for (let i = 0; i < 2000; i++) {
    const d = c2.distance(shape(), shape());
    if (d.overlap) {
      seen.overlap++;
      assert.ok(d.distance === 0 && isZero(d.normal) && d.pointA.x === d.pointB.x && d.pointA.y === d.pointB.y, JSON.stringify(d));
    } else {
      seen.apart++;
      assert.ok(d.distance > 0, JSON.stringify(d));
    }
  }
  assert.ok(seen.overlap > 100 && seen.apart > 100, JSON.stringify(seen));
});

test('intersections and manifolds: the tuples hold as many entries as the kind or count', () => {
  const seen = {};
  const count = (k) => { seen[k] = (seen[k] ?? 0) + 1; };
  const grid = () => Math.round(u(-3, 3)); // (on a grid: collinear overlaps happen)
  for (let i = 0; i < 3000; i++) {
    const s = c2.intersectSegments(c2.segment(grid(), grid(), grid(), grid()), c2.segment(grid(), grid(), grid(), grid()));
    const n = { none: 0, point: 1, overlap: 2 }[s.kind];
    assert.ok(s.points.length === n && s.ua.length === n && s.ub.length === n, JSON.stringify(s));
    count(s.kind);
    const cs = c2.intersectCircleSegment(c2.circle(u(-1, 1), u(-1, 1), u(0.5, 2)), c2.segment(u(-3, 3), u(-3, 3), u(-3, 3), u(-3, 3)));
    assert.ok(cs.t.length === cs.count && cs.points.length === cs.count, JSON.stringify(cs));
    count(`circle-segment ${cs.count}`);
    const m = c2.collideManifold(shape(), shape());
    if (m !== null) {
      assert.ok(m.points.length === 1 || m.points.length === 2);
      count(`manifold ${m.points.length}`);
    }
    const st = c2.validate(shape());
    assert.deepEqual(st, { ok: true, error: 'None', field: '', message: '' });
  }
  for (const k of ['none', 'point', 'overlap', 'circle-segment 0', 'circle-segment 1', 'circle-segment 2', 'manifold 1', 'manifold 2']) {
    assert.ok(seen[k] > 0, `${k}: ${JSON.stringify(seen)}`);
  }
});
