// Validated once (issue 9 item 2): a polygon made by polygon(), polygonFromBox() or polygonFromAabb() is deeply
// frozen and marked, so later calls hand its (already normalised) vertices to the core without proving them convex
// again. Trust must be sound (the shape cannot change) and invisible (the answers
// equal the validating path's, bit for bit: assert.deepStrictEqual compares numbers with Object.is).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as c2 from 'collide2d';
import { mulberry32 } from './shared.js';

await c2.init();

const P = (x, y) => ({ x, y });
/** A plain-object copy: the same numbers, not the factory's object, so the core validates it. */
const plain = (s) => JSON.parse(JSON.stringify(s));

/** A random convex polygon: points on a circle at sorted random angles, maybe clockwise, maybe with a repeat. */
function randomPolygon(rnd) {
  const n = 3 + Math.floor(rnd() * 6);
  const cx = rnd() * 10 - 5;
  const cy = rnd() * 10 - 5;
  const r = 0.5 + rnd() * 3;
  const angles = Array.from({ length: n }, () => rnd() * 2 * Math.PI).sort((a, b) => a - b);
  const pts = angles.map((a) => P(cx + r * Math.cos(a), cy + r * Math.sin(a)));
  if (rnd() < 0.3) pts.reverse();
  if (rnd() < 0.2) pts.push({ ...pts[0] });
  return pts;
}

test('factory polygons are deeply frozen: mutation throws (strict mode) and changes nothing', () => {
  const shapes = [c2.polygon([P(0, 0), P(2, 0), P(1, 2)]), c2.polygonFromBox(c2.box(0, 0, 1, 1, 0.3)),
    c2.polygonFromAabb(c2.aabb(0, 0, 1, 1))];
  for (const s of shapes) {
    const before = JSON.stringify(s);
    assert.ok(Object.isFrozen(s) && Object.isFrozen(s.points));
    for (const p of s.points) assert.ok(Object.isFrozen(p));
    assert.throws(() => { s.points[0].x = 100; }, TypeError);
    assert.throws(() => { s.points.push(P(5, 5)); }, TypeError);
    assert.throws(() => { s.points[1] = P(-9, 9); }, TypeError);
    assert.throws(() => { s.points = []; }, TypeError);
    assert.throws(() => { s.type = 'circle'; }, TypeError);
    assert.equal(JSON.stringify(s), before);
  }
});

test("a factory polygon's packed form is private: its own keys are type and points, nothing else to read or write", () => {
  for (const s of [c2.polygon([P(0, -0), P(2, 0), P(1, 2)]), c2.polygonFromBox(c2.box(0, 0, 1, 1, 0.3)),
    c2.decompose([P(0, 0), P(4, 0), P(4, 4), P(2, 1), P(0, 4)])[0]]) {
    assert.deepEqual(Reflect.ownKeys(s), ['type', 'points']);
    assert.equal(Object.getPrototypeOf(s), Object.prototype);
    // The same answers as a plain copy of its points (the packed form was made from them and cannot change).
    const other = c2.box(0.5, 0.5, 1, 0.25, 0.1);
    assert.deepStrictEqual(c2.collide(s, other), c2.collide(plain(s), other));
    assert.deepStrictEqual(c2.distance(s, other), c2.distance(plain(s), other));
  }
});

test('trusted polygons answer exactly as the validating path, on 3,000 random pairs and every query', () => {
  const rnd = mulberry32(9);
  const world = new c2.World();
  const worldPlain = new c2.World();
  for (let i = 0; i < 3000; i++) {
    const a = c2.polygon(randomPolygon(rnd));
    const b = i % 3 === 0 ? c2.polygonFromBox(c2.box(rnd() * 6 - 3, rnd() * 6 - 3, 0.5 + rnd(), 0.5 + rnd(), rnd() * 3))
      : c2.polygon(randomPolygon(rnd));
    const pa = plain(a);
    const pb = plain(b);
    const circle = c2.circle(rnd() * 10 - 5, rnd() * 10 - 5, rnd() * 2);
    const point = P(rnd() * 10 - 5, rnd() * 10 - 5);
    const ray = c2.ray(point.x, point.y, rnd() - 0.5, rnd() - 0.5);
    assert.deepStrictEqual(c2.collide(a, b), c2.collide(pa, pb), `collide ${i}`);
    assert.deepStrictEqual(c2.collide(b, a), c2.collide(pb, pa), `collide swapped ${i}`);
    // (two trusted polygons take collide's packed path; one trusted and one plain the general one)
    assert.deepStrictEqual(c2.collide(a, pb), c2.collide(pa, pb), `collide trusted, plain ${i}`);
    assert.deepStrictEqual(c2.collide(pa, b), c2.collide(pa, pb), `collide plain, trusted ${i}`);
    assert.equal(c2.overlaps(a, b), c2.overlaps(pa, pb), `overlaps ${i}`);
    assert.deepStrictEqual(c2.collide(circle, a), c2.collide(circle, pa), `collide circle ${i}`);
    assert.equal(c2.contains(a, point), c2.contains(pa, point), `contains ${i}`);
    assert.deepStrictEqual(c2.closestPoint(a, point), c2.closestPoint(pa, point), `closestPoint ${i}`);
    assert.deepStrictEqual(c2.raycast(ray, a), c2.raycast(ray, pa), `raycast ${i}`);
    assert.deepStrictEqual(c2.bounds(a), c2.bounds(pa), `bounds ${i}`);
    assert.deepStrictEqual(c2.sat(a, b), c2.sat(pa, pb), `sat ${i}`);
    assert.deepStrictEqual(c2.validate(a), c2.validate(pa), `validate ${i}`);
    assert.deepStrictEqual(c2.polygon(a.points), a, `polygon() of its own points ${i}`);
    if (i < 300) {
      world.add(a, { x: point.x, y: point.y, angle: rnd() });
      const xf = world.getTransform(world.bodies()[i]);
      worldPlain.add(pa, xf);
      assert.deepStrictEqual(world.getShape(world.bodies()[i]), worldPlain.getShape(worldPlain.bodies()[i]));
    }
  }
  const n = world.step();
  assert.equal(n, worldPlain.step());
  assert.deepStrictEqual(world.pairBodies.slice(0, 2 * n), worldPlain.pairBodies.slice(0, 2 * n));
  assert.deepStrictEqual(world.pairContacts.slice(0, 5 * n), worldPlain.pairContacts.slice(0, 5 * n));
  world.free();
  worldPlain.free();
});

test('only the factory objects are trusted: a look-alike object is validated', () => {
  const star = { type: 'polygon', points: [P(0, 0), P(2, 2), P(2, 0), P(0, 2)] }; // self-crossing
  const tri = c2.polygon([P(0, 0), P(2, 0), P(1, 2)]);
  assert.throws(() => c2.collide(star, tri), /collide2d\.collide: argument a\.points .*convex/);
  // A copy of a factory polygon with a point moved (the factory's own object cannot be changed) is validated.
  const moved = { type: 'polygon', points: [...tri.points.slice(0, 2), P(1, 1e-300)] };
  moved.points.push(P(1, -5));
  assert.throws(() => c2.overlaps(tri, moved), /collide2d\.overlaps: argument b\.points/);
  // Untagged literals (where one kind is implied) are accepted as before, and answer as the factory's objects.
  const r = { origin: P(-5, 1), direction: P(1, 0) };
  assert.deepStrictEqual(c2.raycast(r, tri), c2.raycast(c2.ray(-5, 1, 1, 0), tri));
  assert.deepStrictEqual(c2.intersectSegments({ a: P(0, 0), b: P(2, 2) }, { a: P(0, 2), b: P(2, 0) }),
    c2.intersectSegments(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0)));
});
