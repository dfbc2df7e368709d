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
