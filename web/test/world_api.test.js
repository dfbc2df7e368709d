// World queries and read-back through the public JS API: queryAabb / queryPoint / queryShape / raycast / raycastAll
// against brute force over all bodies, and the shape, bounds, transform, filter and user id read back as given.
// Helpers: world_helpers.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  c2, World, slot, P, randomShape, randomFilter, close, randomWorld, inMask,
} from './world_helpers.js';

test('queryAabb / queryPoint / queryShape / raycast / raycastAll equal brute force over all bodies', () => {
  const { w, r, side } = randomWorld(11, 300);
  // some churn first, so that slots are reused and body order differs from slot order
  const initial = w.bodies();
  for (let i = 0; i < 60; i++) w.remove(initial[5 * i + 2]);
  for (let i = 0; i < 40; i++) w.add(randomShape(r), { x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) }, randomFilter(r));
  w.step();
  const handles = Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
  const shapes = new Map(handles.map((h) => [h, w.getShape(h)]));
  const results = () => Array.from(w.queryResults.subarray(0, w.queryResults.length)).slice(0, undefined);
  let nonEmpty = 0;
  let hits = 0;
  for (let q = 0; q < 600; q++) {
    const mask = r() < 0.5 ? undefined : r.pick([1, 2, 3, 4, 0xfffffffe, 0x80000000]);
    // queryAabb (tagged and untagged)
    const x = r.range(-5, side);
    const y = r.range(-5, side);
    const box = c2.aabb(x, y, x + r.range(0, 12), y + r.range(0, 12));
    const n1 = w.queryAabb(q % 2 ? box : { min: box.min, max: box.max }, mask);
    const want1 = handles.filter((h) => inMask(w, h, mask) && c2.overlaps(box, shapes.get(h)));
    assert.deepEqual(results().slice(0, n1), want1, `queryAabb ${q}`);
    // queryPoint: sometimes exactly on a body's centre
    const target = shapes.get(handles[r.int(handles.length)]);
    const pt = r() < 0.5 ? P(r.range(0, side), r.range(0, side)) : (target.center ?? target.a ?? target.min ?? target.points[0]);
    const n2 = w.queryPoint(pt, mask);
    const want2 = handles.filter((h) => inMask(w, h, mask) && c2.contains(shapes.get(h), pt));
    assert.deepEqual(results().slice(0, n2), want2, `queryPoint ${q}`);
    // queryShape with any kind of shape, in world coordinates
    const local = randomShape(r, 6);
    const moved = c2.transform(r.range(0, side), r.range(0, side), r.range(-3, 3));
    const qs = local.type === 'polygon' ? c2.transformed(local, moved)
      : local.type === 'circle' ? c2.circle(local.center.x + moved.position.x, local.center.y + moved.position.y, local.radius)
        : local.type === 'segment' ? c2.segment(local.a.x + moved.position.x, local.a.y + moved.position.y, local.b.x + moved.position.x, local.b.y + moved.position.y)
        : local.type === 'capsule' ? c2.capsule(local.a.x + moved.position.x, local.a.y + moved.position.y, local.b.x + moved.position.x, local.b.y + moved.position.y, local.radius)
          : local.type === 'box' ? c2.box(local.center.x + moved.position.x, local.center.y + moved.position.y, local.halfExtents.x, local.halfExtents.y, local.angle)
            : c2.aabb(local.min.x + moved.position.x, local.min.y + moved.position.y, local.max.x + moved.position.x, local.max.y + moved.position.y);
    const n3 = w.queryShape(qs, mask);
    const want3 = handles.filter((h) => inMask(w, h, mask) && c2.overlaps(qs, shapes.get(h)));
    assert.deepEqual(results().slice(0, n3), want3, `queryShape ${q} (${qs.type})`);
    nonEmpty += (n1 > 0) + (n2 > 0) + (n3 > 0);
    // raycasts: from anywhere (sometimes inside a body) towards a body, with a finite or infinite reach
    const origin = r() < 0.2 ? pt : P(r.range(-10, side + 10), r.range(-10, side + 10));
    // (aimed at a body's bounds centre, not at a vertex: a ray through a corner has two equally good normals)
    const tb = c2.bounds(target);
    const aim = r() < 0.7 ? P((tb.min.x + tb.max.x) / 2 + r.range(-0.1, 0.1), (tb.min.y + tb.max.y) / 2)
      : P(r.range(0, side), r.range(0, side));
    const dir = P(aim.x - origin.x || 1, aim.y - origin.y);
    const ray = c2.ray(origin.x, origin.y, dir.x, dir.y, r() < 0.5 ? Infinity : r.range(0, 2));
    const expected = [];
    for (const h of handles) {
      if (!inMask(w, h, mask)) continue;
      const hit = c2.raycast(ray, shapes.get(h));
      if (hit !== null) expected.push({ h, ...hit });
    }
    expected.sort((a, b) => a.fraction - b.fraction || slot(a.h) - slot(b.h));
    const nAll = w.raycastAll(q % 3 ? ray : { origin: ray.origin, direction: ray.direction, maxFraction: ray.maxFraction }, mask);
    assert.equal(nAll, expected.length, `raycastAll ${q}`);
    const rh = w.rayHits;
    assert.ok(rh.length >= 6 * nAll);
    for (let i = 0; i < nAll; i++) {
      const e = expected[i];
      assert.equal(rh[6 * i], e.h, `raycastAll ${q} hit ${i} body`);
      const got = Array.from(rh.subarray(6 * i + 1, 6 * i + 6));
      const want = [e.fraction, e.point.x, e.point.y, e.normal.x, e.normal.y];
      assert.ok(got.every((v, k) => close(v, want[k])), `raycastAll ${q} hit ${i}: ${got} != ${want}`);
    }
    hits += nAll;
    const n1hit = w.raycast(ray, mask);
    assert.equal(n1hit, expected.length > 0 ? 1 : 0, `raycast ${q}`);
    if (expected.length === 0) {
      assert.throws(() => w.rayHit(), { name: 'RangeError', code: 'OutOfRange' });
    } else {
      const first = w.rayHit();
      const e = expected[0];
      assert.equal(first.body, e.h);
      assert.ok(close(first.fraction, e.fraction) && close(first.point.x, e.point.x) && close(first.point.y, e.point.y) &&
        close(first.normal.x, e.normal.x) && close(first.normal.y, e.normal.y), `raycast ${q}`);
      assert.throws(() => w.rayHit(1), { name: 'RangeError', code: 'OutOfRange', message: /must be < 1, the hit count \(got 1\)$/ });
    }
  }
  assert.ok(nonEmpty > 600, `only ${nonEmpty} non-empty region queries`);
  assert.ok(hits > 600, `only ${hits} ray hits`);
  w.free();
});

test('the world shape, bounds, transform, filter and user id read back as given', () => {
  const w = new World();
  const poly = c2.polygon([P(0, 0), P(2, 0), P(1, 2)]);
  const hp = w.add(poly, { x: 3, y: 4, angle: 0.5 }, { userId: 0xffffffff, category: 0x80000000, mask: 6, group: -2147483648 });
  assert.deepEqual(w.getTransform(hp), { x: 3, y: 4, angle: 0.5 });
  assert.deepEqual(w.getFilter(hp), { category: 0x80000000, mask: 6, group: -2147483648 });
  assert.equal(w.getUserId(hp), 0xffffffff);
  const moved = c2.transformed(poly, c2.transform(3, 4, 0.5));
  const ws = w.getShape(hp);
  assert.equal(ws.type, 'polygon');
  ws.points.forEach((p, i) => assert.ok(close(p.x, moved.points[i].x) && close(p.y, moved.points[i].y)));
  const ha = w.add(c2.aabb(0, 0, 2, 1), { x: 1, y: 1 });
  assert.deepEqual(w.getShape(ha), c2.aabb(1, 1, 3, 2));
  const hr = w.add(c2.aabb(0, 0, 2, 1), { x: 1, y: 1, angle: 1 });
  assert.equal(w.getShape(hr).type, 'box', 'a rotated aabb is a box in the world');
  const hc = w.add(c2.circle(1, 0, 2), { x: 0, y: 0, angle: Math.PI / 2 });
  const wc = w.getShape(hc);
  assert.ok(close(wc.center.x, 0) && close(wc.center.y, 1) && wc.radius === 2);
  const b = w.getBounds(hc);
  assert.ok(b.min.x <= -2 && b.min.y <= -1 && b.max.x >= 2 && b.max.y >= 3 && b.max.x < 2.001);
  assert.deepEqual(w.getFilter(hc), { category: 1, mask: 0xffffffff, group: 0 }, 'default filter');
  assert.equal(w.getUserId(hc), 0);
  assert.deepEqual(Array.from(w.bodies()), [hp, ha, hr, hc]);
  const copy = w.bodies();
  copy[0] = 12345;
  assert.deepEqual(Array.from(w.bodies()), [hp, ha, hr, hc], 'bodies() is a copy');
  w.remove(hp);
  assert.deepEqual(Array.from(w.bodies()), [hc, ha, hr], 'swap-remove: the last body takes the removed place');
  const again = w.add(c2.circle(0, 0, 1));
  assert.equal(slot(again), slot(hp), 'the slot is reused');
  assert.notEqual(again, hp, '... with a new generation');
  assert.equal(w.has(hp), false);
  assert.equal(w.has(again), true);
  assert.equal(w.bodyCount, 4);
  assert.ok(w.heapBytes > 0);
  assert.equal(World.PAIR_STRIDE, 2);
  assert.equal(World.CONTACT_STRIDE, 5);
  assert.equal(World.EVENT_STRIDE, 2);
  assert.equal(World.RAY_HIT_STRIDE, 6);
  w.free();
});

