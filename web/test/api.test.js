// Behaviour of the public API beyond the corpus: init, factories, result shapes, batches agreeing with single calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as c2 from 'collide2d';
import { mulberry32 } from './shared.js';

test('anything before init() throws an Error telling to call init()', () => {
  for (const call of [() => c2.circle(0, 0, 1), () => c2.overlaps(null, null), () => c2.batch.packPolygons([]),
    () => c2.validate({ type: 'circle', center: { x: 0, y: 0 }, radius: 1 })]) {
    assert.throws(call, (e) => e.constructor === Error && /call await init\(\) first/.test(e.message));
  }
});

test('init() is idempotent and accepts wasmBinary', async () => {
  const bytes = readFileSync(new URL('../pkg/collide2d.wasm', import.meta.url));
  const p1 = c2.init({ wasmBinary: bytes });
  const p2 = c2.init();
  assert.equal(p1, p2);
  await p1;
  await c2.init();
  assert.equal(c2.overlaps(c2.circle(0, 0, 1), c2.circle(2, 0, 1)), true);
});

test('factories return plain tagged objects', async () => {
  await c2.init();
  assert.deepEqual(c2.circle(1, 2, 3), { type: 'circle', center: { x: 1, y: 2 }, radius: 3 });
  assert.deepEqual(c2.aabb(0, 1, 2, 3), { type: 'aabb', min: { x: 0, y: 1 }, max: { x: 2, y: 3 } });
  assert.deepEqual(c2.aabbFromTopLeft(1, 2, 3, 4), { type: 'aabb', min: { x: 1, y: 2 }, max: { x: 4, y: 6 } });
  assert.deepEqual(c2.box(1, 2, 3, 4), { type: 'box', center: { x: 1, y: 2 }, halfExtents: { x: 3, y: 4 }, angle: 0 });
  assert.deepEqual(c2.segment(1, 2, 3, 4), { type: 'segment', a: { x: 1, y: 2 }, b: { x: 3, y: 4 } });
  assert.deepEqual(c2.line(1, 2, 3, 4), { type: 'line', a: { x: 1, y: 2 }, b: { x: 3, y: 4 } });
  assert.deepEqual(c2.ray(1, 2, 3, 4), {
    type: 'ray', origin: { x: 1, y: 2 }, direction: { x: 3, y: 4 }, maxFraction: Infinity,
  });
  assert.deepEqual(c2.transform(1, 2, 0.5), { type: 'transform', position: { x: 1, y: 2 }, angle: 0.5 });
  assert.deepEqual(c2.vec2(1, 2), { x: 1, y: 2 });
});

test('polygon() normalises: counter-clockwise, duplicates and collinear points removed', async () => {
  await c2.init();
  const p = c2.polygon([{ x: 0, y: 0 }, { x: 0, y: 2 }, { x: 2, y: 2 }, { x: 2, y: 2 }, { x: 2, y: 1 }, { x: 2, y: 0 }]);
  assert.equal(p.type, 'polygon');
  assert.equal(p.points.length, 4);
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const a = p.points[i];
    const b = p.points[(i + 1) % 4];
    area += a.x * b.y - a.y * b.x;
  }
  assert.equal(area / 2, 4);
});

test('collide and overlaps on every pair kind, in both orders, flip the normal', async () => {
  await c2.init();
  const shapes = [
    c2.circle(0, 0, 1),
    c2.aabb(-0.5, -0.5, 0.5, 0.5),
    c2.box(0.2, 0, 0.5, 0.3, 0.4),
    c2.polygon([{ x: 0, y: -1 }, { x: 1, y: 0 }, { x: 0, y: 1 }, { x: -0.5, y: 0 }]),
    c2.segment(-1, -1, 1, 1),
  ];
  for (const a of shapes) {
    for (const b of shapes) {
      const ab = c2.collide(a, b);
      const ba = c2.collide(b, a);
      assert.ok(c2.overlaps(a, b), `${a.type}-${b.type}`);
      assert.ok(ab !== null && ba !== null, `${a.type}-${b.type}`);
      assert.ok(Math.abs(Math.hypot(ab.normal.x, ab.normal.y) - 1) < 1e-12);
      assert.ok(ab.depth >= 0);
      if (a !== b) assert.ok(Math.abs(ab.depth - ba.depth) < 1e-9, `${a.type}-${b.type} depth`);
    }
  }
  const far = c2.circle(100, 100, 1);
  for (const a of shapes) {
    assert.equal(c2.overlaps(a, far), false);
    assert.equal(c2.collide(far, a), null);
  }
});

test('the other queries answer with the documented shapes', async () => {
  await c2.init();
  assert.deepEqual(c2.intersectLines(c2.line(0, 0, 1, 0), c2.line(0, 1, 1, 1)), { kind: 'parallel' });
  assert.deepEqual(c2.intersectLines(c2.line(0, 0, 2, 0), c2.line(1, -1, 1, 1)),
    { kind: 'point', point: { x: 1, y: 0 }, ta: 0.5, tb: 0.5 });
  assert.deepEqual(c2.intersect(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0)),
    { kind: 'point', points: [{ x: 1, y: 1 }], ua: [0.5], ub: [0.5] });
  const cl = c2.intersectCircleLine(c2.circle(0, 0, 1), { a: { x: -2, y: 0 }, b: { x: 2, y: 0 } });
  assert.equal(cl.count, 2);
  assert.deepEqual([cl.p1, cl.p2], [{ x: -1, y: 0 }, { x: 1, y: 0 }]);
  const cs = c2.intersectCircleSegment(c2.circle(0, 0, 1), c2.segment(0, 0, 2, 0));
  assert.equal(cs.count, 1);
  assert.deepEqual(cs.points, [{ x: 1, y: 0 }]);
  assert.equal(cs.overlaps, true);
  assert.deepEqual(c2.closestPoint(c2.aabb(0, 0, 2, 2), { x: 3, y: 1 }),
    { point: { x: 2, y: 1 }, distanceSquared: 1, inside: false });
  assert.deepEqual(c2.closestPoint(c2.segment(0, 0, 2, 0), { x: 1, y: 5 }),
    { point: { x: 1, y: 0 }, t: 0.5, distanceSquared: 25 });
  assert.equal(c2.contains(c2.line(0, 0, 1, 1), { x: 3, y: 3 }), true);
  assert.equal(c2.contains(c2.circle(0, 0, 1), { x: 1, y: 0 }), true);
  const hit = c2.raycast(c2.ray(-5, 0, 1, 0), c2.circle(0, 0, 1));
  assert.deepEqual(hit, { fraction: 4, point: { x: -1, y: 0 }, normal: { x: -1, y: 0 } });
  assert.equal(c2.raycast(c2.ray(-5, 0, 1, 0, 3), c2.circle(0, 0, 1)), null);
  assert.equal(c2.orient({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }), 1);
  assert.equal(c2.orient({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: -1 }), -1);
  assert.equal(c2.orient({ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 3, y: 3 }), 0);
  assert.deepEqual(c2.project({ x: 2, y: 3 }, { x: 2, y: 0 }), { x: 2, y: 0 });
  assert.equal(c2.dot({ x: 2, y: 3 }, { x: 4, y: 5 }), 23);
  assert.deepEqual(c2.bounds(c2.circle(1, 1, 2)), { type: 'aabb', min: { x: -1, y: -1 }, max: { x: 3, y: 3 } });
  const square = c2.polygonFromAabb(c2.aabb(0, 0, 2, 2));
  assert.equal(square.points.length, 4);
  assert.deepEqual(c2.centroid(square), { x: 1, y: 1 });
  const moved = c2.transformed(square, c2.transform(10, 0));
  assert.deepEqual(c2.centroid(moved), { x: 11, y: 1 });
  assert.equal(c2.polygonFromBox(c2.box(0, 0, 1, 1, 0.3)).points.length, 4);
  const corners = c2.corners(c2.box(0, 0, 2, 1));
  assert.deepEqual(corners[0], { x: -2, y: -1 });
  const t = c2.transform(1, 2, Math.PI / 2);
  const p = c2.apply(t, { x: 1, y: 0 });
  assert.ok(Math.abs(p.x - 1) < 1e-15 && Math.abs(p.y - 3) < 1e-15);
  const q = c2.applyInverse(t, p);
  assert.ok(Math.abs(q.x - 1) < 1e-15 && Math.abs(q.y) < 1e-15);
  const s = c2.sat(c2.box(0, 0, 1, 1), c2.box(1.5, 0, 1, 1));
  assert.equal(s.hit, true);
  assert.ok(s.axes.length > 0 && s.minimumAxis >= 0);
  const sw = c2.sweep(c2.circle(0, 0, 0.5), { x: 10, y: 0 }, [c2.segment(3, -5, 3, 5)]);
  assert.equal(sw.hit, true);
  assert.equal(sw.wall, 0);
  assert.ok(Math.abs(sw.position.x - 2.5) < 1e-9);
  const sl = c2.moveAndSlide(c2.circle(0, 0, 0.5), { x: 10, y: 5 }, [c2.segment(3, -5, 3, 5)]);
  assert.equal(sl.contacts, 1);
  assert.deepEqual(sl.path[0], { x: 0, y: 0 });
  assert.deepEqual(sl.path[sl.path.length - 1], sl.position);
  assert.deepEqual(c2.validate(c2.circle(0, 0, 1)), { ok: true, error: 'None', field: '', message: '' });
  const bad = c2.validate({ type: 'circle', center: { x: 0, y: 0 }, radius: -1 });
  assert.equal(bad.ok, false);
  assert.equal(bad.error, 'NegativeRadius');
  assert.equal(bad.field, 'radius');
  assert.ok(bad.message.length > 0);
  assert.equal(c2.validate({ type: 'polygon', points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }).error, 'TooFewPoints');
  assert.equal(c2.validate({ type: 'line', a: { x: 1, y: 1 }, b: { x: 1, y: 1 } }).error, 'ZeroDirection');
});

// A seeded PRNG (mulberry32, web/test/shared.js) so the data is the same on every run.
const rng = mulberry32;

function randomPolygon(r, cx, cy) {
  const n = 3 + Math.floor(r() * 6);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const t = ((i + r() * 0.5) / n) * 2 * Math.PI;
    pts.push({ x: cx + Math.cos(t), y: cy + Math.sin(t) });
  }
  return pts;
}

function contactOf(out, i) {
  const k = i * c2.batch.CONTACT_STRIDE;
  if (out[k] === 0) return null;
  return { normal: { x: out[k + 1], y: out[k + 2] }, depth: out[k + 3], point: { x: out[k + 4], y: out[k + 5] } };
}

test('batches give exactly the single-call results', async () => {
  await c2.init();
  const r = rng(7);
  const n = 500;
  const a = new Float64Array(3 * n);
  const b = new Float64Array(3 * n);
  for (let i = 0; i < 3 * n; i++) {
    a[i] = r() * 4;
    b[i] = r() * 4;
  }
  const ov = c2.batch.overlapsCircleCircle(a, b);
  const co = c2.batch.collideCircleCircle(a, b);
  assert.equal(ov.length, n);
  assert.equal(co.length, 6 * n);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const ca = c2.circle(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
    const cb = c2.circle(b[3 * i], b[3 * i + 1], b[3 * i + 2]);
    assert.equal(ov[i] === 1, c2.overlaps(ca, cb));
    assert.deepEqual(contactOf(co, i), c2.collide(ca, cb));
    hits += ov[i];
  }
  assert.ok(hits > 50 && hits < n - 50);

  const polys = [];
  for (let i = 0; i < 60; i++) polys.push(c2.polygon(randomPolygon(r, r() * 5, r() * 5)));
  const packed = c2.batch.packPolygons(polys);
  assert.equal(packed.offsets.length, 61);
  const pairs = new Uint32Array(2 * 400);
  for (let i = 0; i < pairs.length; i++) pairs[i] = Math.floor(r() * 60);
  const pov = c2.batch.overlapsPolygonPolygon(packed, pairs);
  const pco = c2.batch.collidePolygonPolygon(packed, pairs, new Float64Array(6 * 400 + 3));
  assert.equal(pco.length, 6 * 400 + 3);
  hits = 0;
  for (let i = 0; i < 400; i++) {
    const pa = polys[pairs[2 * i]];
    const pb = polys[pairs[2 * i + 1]];
    assert.equal(pov[i] === 1, c2.overlaps(pa, pb));
    assert.deepEqual(contactOf(pco, i), c2.collide(pa, pb));
    hits += pov[i];
  }
  assert.ok(hits > 20 && hits < 380);

  const circles = new Float64Array(3 * 40);
  for (let i = 0; i < circles.length; i++) circles[i] = i % 3 === 2 ? 0.2 + r() : r() * 5;
  const cpairs = new Uint32Array(2 * 300);
  for (let i = 0; i < 300; i++) {
    cpairs[2 * i] = Math.floor(r() * 40);
    cpairs[2 * i + 1] = Math.floor(r() * 60);
  }
  const cov = c2.batch.overlapsCirclePolygon(circles, packed, cpairs);
  const cco = c2.batch.collideCirclePolygon(circles, packed, cpairs);
  for (let i = 0; i < 300; i++) {
    const k = cpairs[2 * i];
    const c = c2.circle(circles[3 * k], circles[3 * k + 1], circles[3 * k + 2]);
    const p = polys[cpairs[2 * i + 1]];
    assert.equal(cov[i] === 1, c2.overlaps(c, p));
    assert.deepEqual(contactOf(cco, i), c2.collide(c, p));
  }
});

test('batches grow the scratch buffer and keep working', async () => {
  await c2.init();
  const n = 200000;
  const a = new Float64Array(3 * n);
  const b = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    a[3 * i] = i;
    a[3 * i + 2] = 1;
    b[3 * i] = i + (i % 2 === 0 ? 1.5 : 2.5);
    b[3 * i + 2] = 1;
  }
  const out = c2.batch.overlapsCircleCircle(a, b);
  for (let i = 0; i < n; i++) assert.equal(out[i], i % 2 === 0 ? 1 : 0);
  // Small calls after the growth still see fresh memory views.
  assert.equal(c2.overlaps(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)), true);
  assert.deepEqual(c2.collide(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)).normal, { x: 1, y: 0 });
  assert.deepEqual(c2.batch.overlapsCircleCircle(new Float64Array(0), new Float64Array(0)), new Uint8Array(0));
});
