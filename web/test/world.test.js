// World (issue 5) through the public JS API: randomized churn checked after every step() against brute force with
// the core functions (collide / overlaps / contains / raycast on getShape() world shapes and the filter rule), begin /
// end events tracked across frames, and static bodies. The other World tests: world_compound.test.js (compound bodies
// and concave outlines), world_api.test.js (queries against brute force, read-back), world_errors.test.js (bad input,
// freed worlds, before init()), world_memory.test.js (temporal coherence, memory); their helpers are in world_helpers.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  c2, World, rng, slot, P, randomShape, randomBodyShape, randomFilter, checkPairs, partsSeen, EventTracker,
} from './world_helpers.js';

// ---- churn ------------------------------------------------------------------------------------------------------

test('randomized churn: after every step() the pairs equal brute force, contacts equal collide(), events consistent', () => {
  let operations = 0;
  let steps = 0;
  let pairsSeen = 0;
  let fullChecks = 0;
  let compoundsRemoved = 0;
  const partsBefore = partsSeen;
  const tracker = new EventTracker();
  // Four seeds: automatic cell size, a tiny one (bodies spanning many cells, the "large" list), a huge one (one cell).
  for (const [seed, cellSize] of [[1, undefined], [2, 0.3], [3, 500], [4, undefined]]) {
    const r = rng(seed);
    const w = new World(cellSize === undefined ? undefined : { cellSize });
    const events = new EventTracker();
    const maxBodies = 100;
    const side = 45;
    let xya = new Float64Array(0);
    const userIds = new Map();
    for (let op = 0; op < 30000; op++) {
      const handles = w.bodies();
      const n = handles.length;
      const any = () => handles[r.int(n)];
      const u = r();
      if (n === 0 || (u < 0.22 && n < maxBodies)) {
        const shape = r() < 0.02 ? c2.segment(0, 0, r.range(20, 60), r.range(-5, 5)) : randomBodyShape(r);
        const id = r.int(1e9);
        const h = w.add(shape, r() < 0.1 ? undefined : { x: r.range(0, side), y: r.range(0, side), angle: r() < 0.3 ? 0 : r.range(-7, 7) },
          { userId: id, ...randomFilter(r) });
        assert.ok(w.has(h));
        userIds.set(h, id);
      } else if (u < 0.36) {
        const h = any();
        if (w.getShape(h).type === 'compound') compoundsRemoved++;
        w.remove(h);
        if (w.has(h)) assert.fail('removed body still live');
        userIds.delete(h);
      } else if (u < 0.56) {
        const h = any();
        const t = w.getTransform(h);
        w.setTransform(h, t.x + r.range(-2, 2), t.y + r.range(-2, 2), t.angle);
      } else if (u < 0.66) {
        const h = any();
        const t = w.getTransform(h);
        if (r() < 0.5) w.setTransform(h, t.x, t.y, t.angle + r.range(-1, 1));
        else w.setTransform(h, t.x, t.y); // angle defaults to 0
      } else if (u < 0.72) {
        if (xya.length !== 3 * n) xya = new Float64Array(3 * n);
        for (let i = 0; i < n; i++) {
          const t = w.getTransform(handles[i]);
          xya[3 * i] = Math.min(side, Math.max(0, t.x + r.range(-1.5, 1.5)));
          xya[3 * i + 1] = Math.min(side, Math.max(0, t.y + r.range(-1.5, 1.5)));
          xya[3 * i + 2] = t.angle + r.range(-0.3, 0.3);
        }
        w.setTransforms(xya);
        const k = r.int(n);
        const t = w.getTransform(handles[k]);
        assert.deepEqual([t.x, t.y, t.angle], [xya[3 * k], xya[3 * k + 1], xya[3 * k + 2]]);
      } else if (u < 0.78) {
        const m = 1 + r.int(Math.min(n, 10));
        const hs = new Uint32Array(m);
        const v = new Float64Array(3 * m);
        for (let i = 0; i < m; i++) {
          hs[i] = any();
          v[3 * i] = r.range(0, side);
          v[3 * i + 1] = r.range(0, side);
          v[3 * i + 2] = r.range(-4, 4);
        }
        w.setTransforms(v, hs);
      } else if (u < 0.9) {
        const h = any();
        const f = randomFilter(r);
        const before = w.getFilter(h);
        w.setFilter(h, f);
        assert.deepEqual(w.getFilter(h), { ...before, ...f });
      } else if (u < 0.93) {
        const h = any();
        assert.equal(w.getUserId(h), userIds.get(h));
        const id = r.range(-1e6, 1e6);
        w.setUserId(h, id);
        userIds.set(h, id);
      } else if (u < 0.9312) {
        w.clear();
        assert.equal(w.bodyCount, 0);
        userIds.clear();
      } else {
        w.step();
        steps++;
        const full = steps % 8 === 0;
        if (full) fullChecks++;
        pairsSeen += checkPairs(w, full, `seed ${seed} op ${op}`);
        events.update(w, `seed ${seed} op ${op}`);
        continue;
      }
      operations++;
    }
    // Every begin gets its end once the bodies are gone.
    w.clear();
    w.step();
    events.update(w, `seed ${seed} final`);
    assert.equal(events.active.size, 0);
    assert.equal(events.begins, events.ends);
    tracker.begins += events.begins;
    tracker.endsOfRemoved += events.endsOfRemoved;
    w.free();
  }
  assert.ok(operations >= 100000, `${operations} operations`);
  assert.ok(steps > 5000, `${steps} steps`);
  assert.ok(pairsSeen > 10000, `only ${pairsSeen} pairs seen: the scene does not overlap enough`);
  assert.ok(tracker.endsOfRemoved > 100, `only ${tracker.endsOfRemoved} ends of removed bodies`);
  assert.ok(fullChecks > 500);
  const parts = partsSeen - partsBefore;
  assert.ok(parts > 3000, `only ${parts} pairParts records checked`);
  assert.ok(compoundsRemoved > 200, `only ${compoundsRemoved} compound bodies removed`);
  console.log(`# churn: ${operations} operations, ${steps} steps (${fullChecks} with all pairs through collide()), ` +
    `${pairsSeen} pairs checked (${parts} part pairs), ${tracker.begins} begins, ${tracker.endsOfRemoved} ends of ` +
    `removed bodies, ${compoundsRemoved} compound bodies removed`);
});

test('events: a begin when a pair starts touching, one end when it separates or a body goes, none while touching', () => {
  const w = new World();
  const a = w.add(c2.circle(0, 0, 1));
  const b = w.add(c2.circle(0, 0, 1), { x: 5, y: 0 });
  const c = w.add(c2.box(0, 0, 1, 1), { x: 10, y: 0 });
  const ev = () => [Array.from(w.beginEvents.subarray(0, 2 * w.beginCount)), Array.from(w.endEvents.subarray(0, 2 * w.endCount))];
  assert.equal(w.step(), 0);
  assert.deepEqual(ev(), [[], []]);
  w.setTransform(b, 2, 0); // touching exactly: a hit
  assert.equal(w.step(), 1);
  assert.deepEqual(ev(), [[a, b], []]);
  assert.equal(w.step(), 1); // still touching: no event
  assert.deepEqual(ev(), [[], []]);
  w.setTransform(b, 2.5, 0);
  w.step();
  assert.deepEqual(ev(), [[], [a, b]]);
  w.setTransform(c, 1.9, 0);
  w.setTransform(b, 1, 0);
  assert.equal(w.step(), 3);
  assert.deepEqual(ev(), [[a, b, a, c, b, c], []]);
  w.remove(b);
  assert.equal(w.pairCount, 3, 'pairs of the last step stay readable after remove()');
  w.step();
  assert.deepEqual(ev(), [[], [a, b, b, c]]);
  assert.equal(w.has(b), false);
  w.setFilter(c, { group: -3 });
  w.setFilter(a, { group: -3 });
  w.step();
  assert.deepEqual(ev(), [[], [a, c]]);
  w.setFilter(a, { group: 0, mask: 2 });
  w.step();
  assert.deepEqual(ev(), [[], []], 'mask 2 rejects category 1');
  w.setFilter(c, { group: 0, category: 2 });
  w.step();
  assert.deepEqual(ev(), [[a, c], []]);
  w.free();
});

// ---- queries ---------------------------------------------------------------------------------------------------

// ---- static bodies --------------------------------------------------------------------------------------------

test('static bodies: never pair with each other; pairs, contacts, events and queries equal brute force under churn', () => {
  const r = rng(77);
  const w = new World();
  const side = 70;
  const place = () => ({ x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) });
  for (let i = 0; i < 300; i++) w.add(randomShape(r), place(), { userId: i, static: i % 4 !== 0, ...randomFilter(r) });
  const events = new EventTracker();
  let staticPairs = 0;
  let pairs = 0;
  for (let frame = 0; frame < 40; frame++) {
    // every body through the flat array, the static ones given their own transform again (they stay binned)
    const handles = w.bodies();
    const xya = new Float64Array(3 * handles.length);
    handles.forEach((h, i) => {
      const t = w.getTransform(h);
      const d = w.isStatic(h) ? 0 : 1;
      xya.set([t.x + d * r.range(-1, 1), t.y + d * r.range(-1, 1), t.angle + d * 0.05], 3 * i);
    });
    w.setTransforms(xya);
    for (let op = 0; op < 10; op++) {
      const live = w.bodies();
      const h = live[r.int(live.length)];
      const k = r.int(8);
      if (k < 2) w.setTransform(h, r.range(0, side), r.range(0, side), r.range(-3, 3));
      else if (k < 4) w.remove(h);
      else if (k < 6) w.add(randomShape(r), place(), { static: r() < 0.7, ...randomFilter(r) });
      else w.setStatic(h, !w.isStatic(h));
    }
    w.step();
    pairs += checkPairs(w, false, `frame ${frame}`);
    events.update(w, `frame ${frame}`);
    const pb = w.pairBodies;
    for (let p = 0; p < w.pairCount; p++) {
      const [a, b] = [pb[2 * p], pb[2 * p + 1]];
      assert.ok(!(w.isStatic(a) && w.isStatic(b)), 'a pair of two static bodies');
      if (w.isStatic(a) || w.isStatic(b)) staticPairs++;
    }
    // queries and the closest ray see both grids
    const all = Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
    const x = r.range(0, side);
    const y = r.range(0, side);
    const box = c2.aabb(x, y, x + r.range(0, 15), y + r.range(0, 15));
    const n = w.queryAabb(box);
    assert.deepEqual(Array.from(w.queryResults.subarray(0, n)), all.filter((h) => c2.overlaps(box, w.getShape(h))));
    const ray = { origin: P(r.range(0, side), r.range(0, side)), direction: P(r.range(-1, 1), r.range(-1, 1)), maxFraction: 40 };
    let best = null;
    for (const h of all) {
      const hit = c2.raycast(ray, w.getShape(h));
      if (hit !== null && (best === null || hit.fraction < best.fraction)) best = { h, fraction: hit.fraction };
    }
    const count = w.raycast(ray);
    assert.equal(count, best === null ? 0 : 1, `ray ${frame}`);
    if (best !== null) assert.equal(w.rayHit(0).fraction, best.fraction, `ray ${frame}`);
  }
  assert.ok(staticPairs > 300, `${staticPairs} pairs with a static body`);
  assert.ok(pairs > 1000, `${pairs} pairs checked`);
  w.free();
});

test('static bodies: bad arguments are named, the world stays usable', () => {
  const w = new World();
  const h = w.add(c2.circle(0, 0, 1), { x: 0, y: 0 }, { static: true });
  const g = w.add(c2.circle(0, 0, 1), { x: 1, y: 0 });
  assert.equal(w.isStatic(h), true);
  assert.equal(w.isStatic(g), false);
  assert.throws(() => w.setStatic(h, 1), { name: 'TypeError', message: /argument isStatic must be a boolean/ });
  assert.throws(() => w.setStatic(12345, true), { name: 'RangeError', message: /argument handle is not a live body/ });
  assert.throws(() => w.isStatic(-1), { name: 'RangeError', message: /argument handle/ });
  assert.throws(() => w.add(c2.circle(0, 0, 1), undefined, { static: 'yes' }),
    { name: 'TypeError', message: /argument options.static must be a boolean/ });
  assert.equal(w.bodyCount, 2);
  w.step();
  assert.equal(w.pairCount, 1);
  w.setStatic(g, true);
  w.step();
  assert.equal(w.pairCount, 0);
  assert.equal(w.endCount, 1);
  w.free();
});

