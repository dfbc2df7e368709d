// World temporal coherence and memory through the public JS API: the same pairs, contacts and events with and without
// certificates; steady state (heap size unchanged, same view objects), free() releasing memory, and views valid after
// the wasm memory grew. The wasm memory is observed by wrapping WebAssembly.instantiate before init(), as
// memory.test.js does (world_helpers.js). Helpers: world_helpers.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  c2, memory, World, rng, randomShape, randomCompound, randomOutline, checkPairs, randomWorld,
} from './world_helpers.js';

// ---- memory -----------------------------------------------------------------------------------------------------

// Temporal coherence: two worlds of the same bodies, one with certificates and one without, moved alike (mostly small
// translations; now and then turns and jumps, which void certificates) give the same pairs in the same order, the
// same contacts bit for bit and the same events at every step, in both contact modes; in PairsOnly mode most
// candidates of the coherent world are answered by certificates.
test('temporal coherence: the same pairs, contacts and events as without it; certificates answer candidates', () => {
  for (const mode of ['contacts', 'pairs']) {
    const { w: cached, side } = randomWorld(77, 1500);
    const { w: fresh } = randomWorld(77, 1500);
    fresh.setCoherence(false);
    assert.equal(cached.coherence, true);
    assert.equal(fresh.coherence, false);
    for (const w of [cached, fresh]) w.setContactMode(mode);
    const r = rng(5);
    const n = cached.bodyCount;
    const xya = new Float64Array(3 * n);
    const handles = cached.bodies();
    for (let i = 0; i < n; i++) {
      const t = cached.getTransform(handles[i]);
      xya.set([t.x, t.y, t.angle], 3 * i);
    }
    let certified = 0;
    let candidates = 0;
    for (let f = 0; f < 40; f++) {
      for (let i = 0; i < n; i++) {
        xya[3 * i] += r.range(-0.15, 0.15);
        xya[3 * i + 1] += r.range(-0.15, 0.15);
        if (f % 10 === 9 && i % 13 === 0) xya[3 * i + 2] += 0.3; // turn
        if (f % 10 === 5 && i % 17 === 0) xya[3 * i] = r.range(0, side); // jump
      }
      for (const w of [cached, fresh]) {
        w.setTransforms(xya);
        w.step();
      }
      for (const view of ['pairBodies', 'pairContacts', 'beginEvents', 'endEvents', 'pairParts']) {
        const count = { pairBodies: 2 * cached.pairCount, pairContacts: mode === 'contacts' ? 5 * cached.pairCount : 0,
          beginEvents: 2 * cached.beginCount, endEvents: 2 * cached.endCount, pairParts: 3 * cached.pairPartCount }[view];
        assert.deepEqual(Array.from(cached[view].subarray(0, count)), Array.from(fresh[view].subarray(0, count)),
          `${mode}, frame ${f}: ${view}`);
      }
      assert.equal(fresh.certifiedCount, 0);
      assert.equal(cached.candidateCount, fresh.candidateCount);
      if (f > 0) {
        certified += cached.certifiedCount;
        candidates += cached.candidateCount;
      }
    }
    // (certificates are a PairsOnly mode affair: in Contacts mode every pair's contact is computed afresh anyway)
    if (mode === 'pairs') assert.ok(certified > 0.25 * candidates, `${mode}: ${certified} of ${candidates} candidates certified`);
    else assert.equal(certified, 0);
    assert.throws(() => cached.setCoherence('yes'), { name: 'TypeError', message: /World\.setCoherence: argument on/ });
    cached.free();
    fresh.free();
  }
});

test('steady state: many frames leave the heap size unchanged and return the same view objects', () => {
  assert.ok(memory instanceof WebAssembly.Memory, 'wasm memory not found');
  const { w, r, side } = randomWorld(31, 2000);
  for (let i = 0; i < 150; i++) w.add(i % 2 ? randomCompound(r) : randomOutline(r), { x: r.range(0, side), y: r.range(0, side) });
  const handles = w.bodies();
  const n = handles.length;
  const base = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const t = w.getTransform(handles[i]);
    base[3 * i] = t.x;
    base[3 * i + 1] = t.y;
    base[3 * i + 2] = t.angle;
  }
  const amp = Array.from({ length: n }, () => r.range(0, 6));
  const xya = new Float64Array(3 * n);
  const period = 24;
  const box = c2.aabb(0, 0, side / 3, side / 3);
  const ray = c2.ray(-1, side / 2, 1, 0.01);
  const frame = (f) => {
    const ph = (2 * Math.PI * (f % period)) / period;
    for (let i = 0; i < n; i++) {
      xya[3 * i] = base[3 * i] + amp[i] * Math.sin(ph + i);
      xya[3 * i + 1] = base[3 * i + 1] + amp[i] * Math.cos(ph + i);
      xya[3 * i + 2] = base[3 * i + 2] + ph;
    }
    w.setTransforms(xya);
    const pairs = w.step();
    w.queryAabb(box);
    const queryParts = w.queryParts;
    w.raycastAll(ray);
    return [pairs, w.pairBodies, w.pairContacts, w.beginEvents, w.endEvents, w.queryResults, w.rayHits, w.pairParts,
      queryParts, w.rayHitParts];
  };
  for (let f = 0; f < 2 * period; f++) frame(f); // warm-up: every configuration of the period seen once
  const bytes = memory.buffer.byteLength;
  const heapBytes = w.heapBytes;
  const first = frame(0);
  let pairs = 0;
  let partRecords = 0;
  // (the end events alternate between two wasm buffers, the World's previous keys: two view objects, no more)
  const ends = new Set([first[4]]);
  for (let f = 1; f < 10 * period; f++) {
    const views = frame(f);
    pairs += views[0];
    partRecords += w.pairPartCount;
    ends.add(views[4]);
    for (let k = 1; k < views.length; k++) {
      if (k !== 4) assert.equal(views[k], first[k], `frame ${f}: view ${k} is a new object`);
    }
    assert.ok(ends.size <= 2, `frame ${f}: a third view of the end events`);
  }
  assert.ok(pairs > 1000, `${pairs} pairs`);
  assert.ok(partRecords > 1000, `${partRecords} pairParts records`);
  assert.equal(memory.buffer.byteLength, bytes);
  assert.equal(w.heapBytes, heapBytes);
  checkPairs(w, false, 'steady state');
  w.free();
});

test('free() releases the memory: creating and freeing worlds leaves the heap bounded', () => {
  const round = (seed) => {
    const { w, side } = randomWorld(seed, 400);
    w.step();
    w.queryAabb(c2.aabb(0, 0, side, side));
    w.raycastAll(c2.ray(0, 0, 1, 1));
    const h = w.bodies()[0];
    w.getShape(h);
    w.free();
  };
  // The same 150 worlds twice: the first pass reaches the allocator's high-water mark, the second must not grow the
  // memory (150 leaked worlds of 400 bodies would take megabytes; freed ones reuse the same memory).
  for (let i = 0; i < 150; i++) round(2000 + i);
  const bytes = memory.buffer.byteLength;
  for (let i = 0; i < 150; i++) round(2000 + i);
  assert.equal(memory.buffer.byteLength, bytes);
});

test('views stay valid after the wasm memory grew: re-read from the getters, same contents', () => {
  const { w, r, side } = randomWorld(41, 300);
  for (let i = 0; i < 60; i++) w.add(i % 2 ? randomCompound(r) : randomOutline(r), { x: r.range(0, side), y: r.range(0, side) });
  w.step();
  w.queryAabb(c2.aabb(0, 0, side, side));
  w.raycastAll(c2.ray(-1, side / 2, 1, 0.05));
  const getters = ['pairBodies', 'pairContacts', 'beginEvents', 'endEvents', 'queryResults', 'rayHits', 'pairParts', 'queryParts', 'rayHitParts'];
  const counts = [2 * w.pairCount, 5 * w.pairCount, 2 * w.beginCount, 2 * w.endCount, w.queryResults.length, w.rayHits.length,
    3 * w.pairPartCount, w.queryResults.length, w.rayHits.length / 6];
  const views = getters.map((g) => w[g]);
  const copies = views.map((v, k) => Array.from(v.subarray(0, counts[k])));
  assert.ok(counts.every((c, k) => k === 3 || c > 0), String(counts));
  const bytes = memory.buffer.byteLength;
  const big = new World();
  big.reserve(400000); // forces the wasm memory to grow
  assert.ok(memory.buffer.byteLength > bytes, 'memory did not grow');
  assert.equal(views[0].length, 0, 'old views are detached by the growth');
  getters.forEach((g, k) => {
    const v = w[g];
    assert.notEqual(v, views[k], `${g}: a new view after growth`);
    assert.deepEqual(Array.from(v.subarray(0, counts[k])), copies[k], g);
    assert.equal(w[g], v, `${g}: cached again`);
  });
  // and the world goes on working
  const n = w.bodyCount;
  const xya = new Float64Array(3 * n).map(() => r.range(0, side));
  w.setTransforms(xya);
  w.step();
  checkPairs(w, true, 'after growth');
  // growth in the middle of a frame: a big add batch between setTransforms and step
  for (let i = 0; i < 3000; i++) big.add(randomShape(r), { x: r.range(0, 500), y: r.range(0, 500) });
  big.step();
  w.step();
  checkPairs(w, true, 'after growth 2');
  big.free();
  w.free();
});
