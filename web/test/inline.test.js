// collide2d/inline: the same API with the wasm embedded. init() takes no options and reads or fetches no file:
// this test makes both impossible (fetch and the fs module's readFile throw) before loading the entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';

test('collide2d/inline: init() with no options, nothing fetched or read, same answers as collide2d', async () => {
  // (The module is imported first: Node's own module loader reads files.)
  const inline = await import('collide2d/inline');
  const realFetch = globalThis.fetch;
  const realReadFile = fs.readFile;
  const touched = [];
  globalThis.fetch = (...args) => {
    touched.push(`fetch ${args[0]}`);
    throw new Error('fetch is not allowed in this test');
  };
  fs.readFile = (...args) => {
    touched.push(`readFile ${args[0]}`);
    throw new Error('readFile is not allowed in this test');
  };
  try {
    const { init, circle, collide } = inline;
    assert.equal(init.length, 0);
    await init();
    assert.deepEqual(collide(circle(0, 0, 1), circle(1.5, 0, 1)),
      { normal: { x: 1, y: 0 }, depth: 0.5, point: { x: 0.5, y: 0 } });
  } finally {
    globalThis.fetch = realFetch;
    fs.readFile = realReadFile;
  }
  assert.deepEqual(touched, []);
  // The default entry answers the same, bit for bit, and both export the same API.
  const main = await import('collide2d');
  await main.init();
  assert.deepEqual(Object.keys(inline).sort(), Object.keys(main).sort());
  const a = inline.polygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 2 }]);
  const b = inline.box(1.5, 0.5, 1, 0.5, 0.3);
  assert.deepEqual(inline.collide(a, b), main.collide(a, b));
  assert.deepEqual(inline.sat(inline.polygonFromBox(b), a), main.sat(main.polygonFromBox(b), a));
  // Errors name the function and the argument, as in the default entry.
  assert.throws(() => inline.circle(0, 0, -1), /^RangeError: collide2d\.circle: argument radius/);
});

test('collide2d/inline without DecompressionStream: init() rejects (LoadFailed) naming it and the default entry', async () => {
  // A separate instance of the entry (its own init promise), loaded while the platform lacks DecompressionStream.
  const url = import.meta.resolve('collide2d/inline') + '?without-decompression-stream';
  const fresh = await import(url);
  const real = globalThis.DecompressionStream;
  delete globalThis.DecompressionStream;
  try {
    await assert.rejects(fresh.init(), (e) => {
      assert.equal(e.code, 'LoadFailed');
      assert.match(e.message, /^collide2d\.init: .*DecompressionStream.*'collide2d'/);
      return true;
    });
  } finally {
    globalThis.DecompressionStream = real;
  }
  // With it back, the same instance loads (a failed init() can be retried).
  await fresh.init();
  assert.equal(fresh.overlaps(fresh.circle(0, 0, 1), fresh.circle(1.5, 0, 1)), true);
});
