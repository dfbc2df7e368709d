// collide2d/threads in Node: the module built with wasm threads, its World.setThreadCount, and answers bit-identical
// to one thread and to the default entry (the determinism scene's hash, recorded in tests/determinism.json, is the
// one the default entry gives in determinism.test.js, natively and in Chromium). Without SharedArrayBuffer, init()
// rejects saying what the page needs, and a later init() tries again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { worldHash } from './determinism_scene.js';

const c2 = await import('collide2d/threads');
const recorded = JSON.parse(readFileSync(new URL('../../tests/determinism.json', import.meta.url), 'utf8'));

test('without SharedArrayBuffer init() rejects (LoadFailed) naming the headers a page needs; then it loads', async () => {
  const sab = globalThis.SharedArrayBuffer;
  delete globalThis.SharedArrayBuffer;
  try {
    await assert.rejects(c2.init(), (e) => {
      assert.equal(e.code, 'LoadFailed');
      assert.match(e.message, /^collide2d\.init: /);
      assert.match(e.message, /Cross-Origin-Opener-Policy: same-origin/);
      assert.match(e.message, /Cross-Origin-Embedder-Policy: require-corp/);
      assert.match(e.message, /import 'collide2d'/);
      return true;
    });
    assert.throws(() => new c2.World(), { code: 'NotInitialized' });
  } finally {
    globalThis.SharedArrayBuffer = sab;
  }
  await c2.init();
  assert.equal(c2.maxThreadCount(), 4);
});

test('setThreadCount: 1..maxThreadCount, checked; threadCount reads it back', async () => {
  await c2.init();
  const w = new c2.World();
  assert.equal(w.threadCount, 1);
  for (const n of [2, 4, 3, 1]) {
    w.setThreadCount(n);
    assert.equal(w.threadCount, n);
  }
  for (const bad of [0, -1, 5, 2 ** 31]) {
    assert.throws(() => w.setThreadCount(bad), (e) => e instanceof RangeError && e.code === 'OutOfRange' &&
      /World\.setThreadCount: argument n must be in \[1, 4\]/.test(e.message));
  }
  for (const bad of [1.5, '2', NaN, undefined]) {
    assert.throws(() => w.setThreadCount(bad), (e) => e instanceof TypeError && e.code === 'WrongType');
  }
  assert.equal(w.threadCount, 1);
  w.free();
  assert.throws(() => w.setThreadCount(2), { code: 'Freed' });
});

test('the determinism scene hashes as recorded (as the default entry and natively) on 1, 2 and 4 threads', async () => {
  await c2.init();
  for (const threads of [1, 2, 4]) {
    assert.equal(worldHash(c2, recorded.seed, recorded.bodies, recorded.frames, threads), recorded.hash, `${threads}`);
  }
});

test('Worlds made and freed one after another keep their threads (the workers are shared)', async () => {
  await c2.init();
  const first = worldHash(c2, 5, 1500, 6, 2);
  for (let k = 0; k < 4; k++) assert.equal(worldHash(c2, 5, 1500, 6, 1 + (k % 4)), first, `run ${k}`);
});

// setTransforms over every body of a World of 6,000 (placed by chunks on the threads: more than twice 2,048 bodies),
// then step(): every body's bounds and every pair as on one thread, frame after frame (moves and turns).
test('setTransforms on 4 threads places every body as one thread does; the pairs are the same', async () => {
  await c2.init();
  let seed = 99;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const n = 6000;
  const side = Math.sqrt(n * 20);
  const worlds = [new c2.World(), new c2.World()];
  worlds[1].setThreadCount(4);
  const shapes = [];
  for (let i = 0; i < n; i++) {
    const k = i % 4;
    shapes.push(k === 0 ? { type: 'circle', center: { x: 0, y: 0 }, radius: 0.5 + rand() }
      : k === 1 ? { type: 'box', center: { x: 0, y: 0 }, halfExtents: { x: 0.3 + rand(), y: 0.4 }, angle: rand() }
      : k === 2 ? { type: 'aabb', min: { x: -1, y: -0.5 }, max: { x: rand(), y: 0.5 } }
      : { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 1 + rand(), y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 + rand() }] });
  }
  const xya = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) xya.set([rand() * side, rand() * side, rand() * 6 - 3], 3 * i);
  const handles = worlds.map((w) => {
    w.setContactMode('pairs');
    return shapes.map((s, i) => w.add(s, { x: xya[3 * i], y: xya[3 * i + 1], angle: xya[3 * i + 2] }));
  });
  for (let f = 0; f < 6; f++) {
    for (let i = 0; i < n; i++) {
      xya[3 * i] += rand() - 0.5;
      xya[3 * i + 1] += rand() - 0.5;
      if (f % 2 === 1) xya[3 * i + 2] += rand() - 0.5;
    }
    for (const w of worlds) {
      w.setTransforms(xya);
      w.step();
    }
    for (let i = 0; i < n; i++) {
      assert.deepEqual(worlds[1].getBounds(handles[1][i]), worlds[0].getBounds(handles[0][i]), `frame ${f} body ${i}`);
    }
    assert.ok(worlds[0].pairCount > 1000, `frame ${f}: pairs to compare`);
    assert.deepEqual([...worlds[1].pairBodies], [...worlds[0].pairBodies], `frame ${f}`);
  }
  for (const w of worlds) w.free();
});
