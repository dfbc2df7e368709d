// World compound bodies through the public JS API: parts placed by their offsets, concave outlines added as compounds
// of decompose()'s parts, and compound (and static) bodies under churn against brute force over the parts (pairs,
// pairParts, queries, queryParts, rays, rayHitParts, castShape parts). Helpers: world_helpers.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  c2, World, rng, slot, P, randomShape, randomCompound, randomOutline, piecesOf, close, randomFilter, checkPairs,
  partsSeen, EventTracker, inMask,
} from './world_helpers.js';

// ---- compound bodies ----------------------------------------------------------------------------------------------

test('compound bodies: parts placed by their offsets, the deepest part pair reported, every touching one listed', () => {
  const w = new World();
  // A dumbbell of two balls (a compound) over a bar, deeper under the right ball (the native test's scene).
  const a = w.add(c2.compound([{ shape: c2.circle(0, 0, 1), offset: { x: -2, y: 0 } }, { shape: c2.circle(0, 0, 1), offset: { x: 2, y: 0 } }]));
  const bar = w.add({ type: 'polygon', points: [P(-4, -1.5), P(4, -0.5), P(4, 0), P(-4, -1)] }, undefined, { userId: 2 });
  assert.equal(w.partCount(a), 2);
  assert.equal(w.partCount(bar), 1);
  assert.deepEqual(w.getShape(a), { type: 'compound', parts: [{ shape: c2.circle(-2, 0, 1) }, { shape: c2.circle(2, 0, 1) }] });
  assert.deepEqual(w.getShape(a, 1), c2.circle(2, 0, 1));
  assert.deepEqual(w.getShape(bar, 0), w.getShape(bar));
  assert.equal(w.step(), 1);
  assert.equal(w.pairPartCount, 2);
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 1, 0, 0, 0, 0], 'the right ball (deeper) first, then the left');
  const deepest = c2.collide(w.getShape(a, 1), w.getShape(bar));
  assert.deepEqual(Array.from(w.pairContacts.subarray(0, 5)), [deepest.normal.x, deepest.normal.y, deepest.depth, deepest.point.x, deepest.point.y]);
  assert.equal(w.beginCount, 1, 'events stay per body');
  // 'pairs' mode: the same records, the first in part order; 'manifolds': the deepest part pair's manifold.
  w.setContactMode('pairs');
  w.step();
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 0, 0, 0, 1, 0]);
  w.setContactMode('manifolds');
  w.step();
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 1, 0, 0, 0, 0]);
  const m = c2.collideManifold(w.getShape(a, 1), w.getShape(bar));
  assert.equal(w.pairManifolds[0], m.normal.x);
  assert.equal(w.pairManifolds[5], m.points[0].depth);
  w.setContactMode('contacts');
  // Queries, rays and casts name the part.
  assert.equal(w.queryPoint(P(2.5, 0.2)), 1);
  assert.deepEqual([w.queryResults[0], w.queryParts[0]], [a, 1]);
  assert.equal(w.queryAabb(c2.aabb(-10, 0.5, 10, 0.6)), 1);
  assert.deepEqual([w.queryResults[0], w.queryParts[0]], [a, 0], 'the first part in part order');
  assert.equal(w.raycast(c2.ray(10, 0.5, -1, 0)), 1);
  assert.deepEqual([w.rayHit(0).body, w.rayHit(0).part, w.rayHitParts[0]], [a, 1, 1]);
  assert.equal(w.raycastAll(c2.ray(10, 0.5, -1, 0)), 1, 'raycastAll lists a compound body once');
  assert.equal(w.castShape(c2.circle(0, 0, 0.5), { x: -2, y: 5 }, P(0, -10)), 1);
  const hit = w.rayHit(0);
  assert.deepEqual([hit.body, hit.part], [a, 0]);
  assert.ok(Math.abs(hit.fraction - 0.35) < 1e-9);
  assert.equal(w.castShape(c2.circle(0, 0, 0.5), { x: 2, y: 5 }, P(0, -10)), 1);
  assert.equal(w.rayHit(0).part, 1);
  const slide = w.moveAndSlide(c2.circle(0, 0, 0.5), { x: 2, y: 5 }, P(0, -10));
  assert.ok(slide.hitCount >= 1);
  assert.equal(w.rayHitParts[0], 1);
  assert.equal(w.rayHit(0).part, 1);
  // Moving the body moves every part; the bounds are the union of the parts'.
  w.setTransform(a, 0, 10, Math.PI / 2);
  const moved = w.getShape(a);
  assert.ok(close(moved.parts[0].shape.center.x, 0) && close(moved.parts[0].shape.center.y, 8));
  assert.ok(close(moved.parts[1].shape.center.x, 0) && close(moved.parts[1].shape.center.y, 12));
  w.step();
  assert.equal(w.pairCount, 0);
  assert.equal(w.pairPartCount, 0);
  assert.equal(w.endCount, 1);
  const b = w.getBounds(a);
  const b0 = w.getBounds(a, 0);
  const b1 = w.getBounds(a, 1);
  assert.ok(close(b.min.y, 7) && close(b.max.y, 13) && close(b0.max.y, 9) && close(b1.min.y, 11));
  assert.deepEqual(b, { type: 'aabb', min: { x: Math.min(b0.min.x, b1.min.x), y: b0.min.y }, max: { x: Math.max(b0.max.x, b1.max.x), y: b1.max.y } });
  assert.deepEqual(w.getBounds(bar, 0), w.getBounds(bar));
  // Offsets: an aabb turned by its offset is a box; a polygon part's vertices are placed.
  const c = w.add(c2.compound([
    { shape: c2.aabb(-1, -1, 1, 1), offset: { x: 3, y: 0, angle: 0.5 } },
    { shape: c2.polygon([P(0, 0), P(1, 0), P(0, 1)]), offset: { x: 0, y: 5 } },
    { shape: c2.capsule(0, 0, 1, 0, 0.5) },
  ]), { x: 100, y: 0 });
  const cs = w.getShape(c);
  assert.deepEqual(cs.parts.map((p) => p.shape.type), ['box', 'polygon', 'capsule']);
  assert.ok(close(cs.parts[0].shape.center.x, 103) && close(cs.parts[0].shape.angle, 0.5));
  assert.deepEqual(cs.parts[1].shape.points, [P(100, 5), P(101, 5), P(100, 6)]);
  assert.deepEqual(cs.parts[2].shape, c2.capsule(100, 0, 101, 0, 0.5));
  w.free();
});

test('World.add of a concave outline: a compound of decompose()\'s parts; a convex one stays a polygon', () => {
  const w = new World();
  const ell = [P(0, 0), P(2, 0), P(2, 0.5), P(0.5, 0.5), P(0.5, 2), P(0, 2)];
  const xf = { x: 10, y: 0, angle: 0.3 };
  const h = w.add({ type: 'polygon', points: ell }, xf);
  const parts = c2.decompose(ell);
  assert.equal(w.partCount(h), parts.length);
  assert.ok(parts.length >= 2);
  const ws = w.getShape(h);
  assert.equal(ws.type, 'compound');
  ws.parts.forEach((p, k) => {
    const want = c2.transformed(parts[k], c2.transform(xf.x, xf.y, xf.angle));
    assert.equal(p.shape.type, 'polygon');
    assert.equal(p.shape.points.length, want.points.length);
    p.shape.points.forEach((q, i) => assert.ok(close(q.x, want.points[i].x) && close(q.y, want.points[i].y), `part ${k}`));
  });
  // The notch of the L is empty.
  const inNotch = c2.apply(c2.transform(xf.x, xf.y, xf.angle), P(1.5, 1.5));
  assert.equal(w.queryPoint(inNotch), 0);
  assert.equal(w.queryPoint(c2.apply(c2.transform(xf.x, xf.y, xf.angle), P(0.25, 1.5))), 1);
  // A clockwise outline and a convex one.
  const cw = w.add({ type: 'polygon', points: [...ell].reverse() });
  assert.equal(w.getShape(cw).type, 'compound');
  const sq = w.add({ type: 'polygon', points: [P(0, 0), P(2, 0), P(2, 2), P(0, 2)] });
  assert.equal(w.getShape(sq).type, 'polygon');
  assert.equal(w.partCount(sq), 1);
  // A self-crossing outline is refused with the crossing edges, and nothing changes.
  const n = w.bodyCount;
  assert.throws(() => w.add({ type: 'polygon', points: [P(0, 0), P(2, 2), P(2, 0), P(0, 2)] }), (e) => {
    assert.equal(e.constructor, RangeError);
    assert.equal(e.message, 'collide2d.World.add: argument shape.points crosses or touches itself: edges[0] and ' +
      'edges[2] share a point (edge i runs from points[i] to points[i + 1])');
    assert.equal(e.code, 'NotConvex');
    assert.deepEqual(e.edges, [0, 2]);
    return true;
  });
  assert.equal(w.bodyCount, n);
  assert.throws(() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] }), { name: 'RangeError', message: /argument shape\.points must not all lie on one line/ });
  w.free();
});

test('compound bodies under churn (static ones too): pairs, pairParts, queries, queryParts, rays, rayHitParts and castShape parts equal brute force over the parts', () => {
  const r = rng(91);
  const w = new World();
  const side = 60;
  const place = () => ({ x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) });
  for (let i = 0; i < 160; i++) {
    const u = r();
    const shape = u < 0.3 ? randomCompound(r) : u < 0.5 ? randomOutline(r, r.range(2, 6)) : randomShape(r);
    w.add(shape, place(), { userId: i, static: r() < 0.4, ...randomFilter(r) });
  }
  const events = new EventTracker();
  const all = () => Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
  let parts = 0;
  let staticCompoundPairs = 0;
  let queryCompoundHits = 0;
  let rayCompoundHits = 0;
  let castCompoundHits = 0;
  let removed = 0;
  for (let frame = 0; frame < 30; frame++) {
    for (let op = 0; op < 8; op++) {
      const live = w.bodies();
      const h = live[r.int(live.length)];
      const k = r.int(8);
      if (k < 2) w.setTransform(h, r.range(0, side), r.range(0, side), r.range(-3, 3));
      else if (k < 4) {
        if (w.getShape(h).type === 'compound') removed++;
        w.remove(h);
      } else if (k < 6) w.add(r() < 0.5 ? randomCompound(r) : randomOutline(r, r.range(2, 6)), place(), { static: r() < 0.5, ...randomFilter(r) });
      else w.setStatic(h, !w.isStatic(h));
    }
    w.step();
    const before = partsSeen;
    checkPairs(w, frame % 3 === 0, `frame ${frame}`);
    parts += partsSeen - before;
    events.update(w, `frame ${frame}`);
    const pb = w.pairBodies;
    for (let p = 0; p < w.pairCount; p++) {
      const [a, b] = [pb[2 * p], pb[2 * p + 1]];
      if ((w.isStatic(a) && w.partCount(a) > 1) || (w.isStatic(b) && w.partCount(b) > 1)) staticCompoundPairs++;
    }
    const handles = all();
    const pieces = new Map(handles.map((h) => [h, piecesOf(w.getShape(h))]));
    for (let q = 0; q < 10; q++) {
      const mask = r() < 0.6 ? undefined : r.pick([1, 2, 3, 0xfffffffe]);
      const check = (n, test, label) => {
        const want = [];
        for (const h of handles) {
          if (!inMask(w, h, mask)) continue;
          const k = pieces.get(h).findIndex(test);
          if (k >= 0) want.push([h, k]);
        }
        const got = Array.from({ length: n }, (_, i) => [w.queryResults[i], w.queryParts[i]]);
        assert.deepEqual(got, want, `${label} frame ${frame} query ${q}`);
        queryCompoundHits += want.filter(([h]) => pieces.get(h).length > 1).length;
      };
      const x = r.range(-5, side);
      const y = r.range(-5, side);
      const box = c2.aabb(x, y, x + r.range(0, 12), y + r.range(0, 12));
      check(w.queryAabb(box, mask), (s) => c2.overlaps(box, s), 'queryAabb');
      const pt = P(r.range(0, side), r.range(0, side));
      check(w.queryPoint(pt, mask), (s) => c2.contains(s, pt), 'queryPoint');
      const qs = c2.capsule(x, y, x + r.range(-6, 6), y + r.range(-6, 6), r.range(0, 2));
      check(w.queryShape(qs, mask), (s) => c2.overlaps(qs, s), 'queryShape');
      // rays: every body's first part hit (smallest fraction, then part index), by fraction then slot
      const ray = c2.ray(r.range(-5, side + 5), r.range(-5, side + 5), r.range(-1, 1), r.range(-1, 1), r() < 0.5 ? Infinity : r.range(5, 60));
      const expected = [];
      for (const h of handles) {
        if (!inMask(w, h, mask)) continue;
        let best = null;
        pieces.get(h).forEach((s, k) => {
          const hit = c2.raycast(ray, s);
          if (hit !== null && (best === null || hit.fraction < best.fraction)) best = { h, part: k, ...hit };
        });
        if (best !== null) expected.push(best);
      }
      expected.sort((a, b) => a.fraction - b.fraction || slot(a.h) - slot(b.h));
      const nAll = w.raycastAll(ray, mask);
      assert.equal(nAll, expected.length, `raycastAll frame ${frame} ray ${q}`);
      for (let i = 0; i < nAll; i++) {
        const got = w.rayHit(i);
        const e = expected[i];
        assert.deepEqual([got.body, got.part, w.rayHitParts[i]], [e.h, e.part, e.part], `raycastAll frame ${frame} ray ${q} hit ${i}`);
        assert.ok(close(got.fraction, e.fraction) && close(got.point.x, e.point.x) && close(got.point.y, e.point.y));
        if (pieces.get(e.h).length > 1) rayCompoundHits++;
      }
      assert.equal(w.raycast(ray, mask), expected.length > 0 ? 1 : 0);
      if (expected.length > 0) assert.deepEqual([w.rayHit(0).body, w.rayHit(0).part], [expected[0].h, expected[0].part]);
      // castShape: every part alone in a one-body World, cast the same way (smallest fraction, then part, then slot)
      if (q % 2 === 0) {
        const shape = randomShape(r, 1);
        const transform = { x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) };
        const translation = P(r.range(-side, side), r.range(-side, side));
        let want = null;
        for (const h of handles) {
          if (!inMask(w, h, mask)) continue;
          pieces.get(h).forEach((s, k) => {
            const one = new World();
            one.add(s);
            const hit = one.castShape(shape, transform, translation) === 1 ? one.rayHit(0) : null;
            one.free();
            if (hit === null || (want !== null && hit.fraction >= want.fraction)) return;
            want = { ...hit, body: h, part: k };
          });
        }
        const n = w.castShape(shape, transform, translation, mask);
        assert.deepEqual(n === 1 ? w.rayHit(0) : null, want, `castShape frame ${frame} cast ${q}`);
        if (want !== null) {
          assert.equal(w.rayHitParts[0], want.part);
          if (pieces.get(want.body).length > 1) castCompoundHits++;
        }
      }
    }
  }
  assert.ok(parts > 200, `${parts} pairParts records checked`);
  assert.ok(staticCompoundPairs > 20, `${staticCompoundPairs} pairs with a static compound body`);
  assert.ok(removed > 10, `${removed} compound bodies removed`);
  assert.ok(queryCompoundHits > 100, `${queryCompoundHits} query results on compound bodies`);
  assert.ok(rayCompoundHits > 50, `${rayCompoundHits} ray hits on compound bodies`);
  assert.ok(castCompoundHits > 10, `${castCompoundHits} casts hitting a compound body`);
  w.free();
});

