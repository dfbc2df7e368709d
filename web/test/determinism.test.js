// Determinism through the public JS API in Node: the scene of tests/native/determinism_scene.h, driven by
// web/test/determinism_scene.js, hashes to the value in tests/determinism.json — the value the native GoogleTest and
// its wasm build check too (and web/e2e/determinism.test.js in Chromium).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { worldHash } from './determinism_scene.js';

const c2 = await import('collide2d');
await c2.init();
const recorded = JSON.parse(readFileSync(new URL('../../tests/determinism.json', import.meta.url), 'utf8'));

test('one World run (every kind of body, turns at 1e6 and 1e15 rad and below 1e-9, every contact mode, sensors, queries, casts) hashes as natively', () => {
  assert.equal(worldHash(c2, recorded.seed, recorded.bodies, recorded.frames), recorded.hash);
});

test('the hash sees a change: another seed, or one frame fewer, gives another hash', () => {
  const few = worldHash(c2, recorded.seed, 300, 5);
  assert.notEqual(worldHash(c2, recorded.seed + 1, 300, 5), few);
  assert.notEqual(worldHash(c2, recorded.seed, 300, 4), few);
  assert.equal(worldHash(c2, recorded.seed, 300, 5), few, 'the same run twice');
});
