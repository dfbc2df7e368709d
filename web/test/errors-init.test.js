// The errors around loading (this file's process starts without the module): a call before init() names the
// function called; an init() that cannot load the module says which URL it tried and what to do instead, with code
// LoadFailed, and leaves the package able to load on the next init().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import * as c2 from 'collide2d';

const NOT_LOADED = 'call await init() first (the WebAssembly module is not loaded yet)';
const HINT = "Serve collide2d.wasm there, or pass init({ wasmUrl }) or init({ wasmBinary }), or import 'collide2d/inline' " +
  '(the wasm embedded).';

function notLoaded(call, fn) {
  assert.throws(call, (e) => {
    assert.equal(e.constructor, Error);
    assert.equal(e.message, `collide2d.${fn}: ${NOT_LOADED}`);
    assert.equal(e.code, 'NotInitialized');
    return true;
  }, fn);
}

test('before init(): the error names the function called', () => {
  notLoaded(() => c2.circle(0, 0, 1), 'circle');
  notLoaded(() => c2.overlaps(null, null), 'overlaps');
  notLoaded(() => c2.collide(c2, c2), 'collide');
  notLoaded(() => c2.overlapsCircleCircle(0, 0, 1, 0, 0, 1), 'overlapsCircleCircle');
  notLoaded(() => c2.distance(null, null), 'distance');
  notLoaded(() => c2.decompose([]), 'decompose');
  notLoaded(() => c2.batch.packPolygons([]), 'batch.packPolygons');
  notLoaded(() => c2.batch.collidePolygonPolygon(null, null), 'batch.collidePolygonPolygon');
  notLoaded(() => new c2.World(), 'World.constructor');
});

test('init() from a URL that serves nothing: the URL tried, the ways out, code LoadFailed', async () => {
  // (port 9, "discard": refused at once on a machine without that service)
  const url = 'http://127.0.0.1:9/assets/collide2d.wasm';
  await assert.rejects(c2.init({ wasmUrl: url }), (e) => {
    assert.equal(e.constructor, Error);
    assert.equal(e.code, 'LoadFailed');
    assert.ok(e.message.startsWith(`collide2d.init: could not load the WebAssembly module from ${url} (`), e.message);
    assert.ok(e.message.endsWith(`). ${HINT}`), e.message);
    return true;
  });
  notLoaded(() => c2.circle(0, 0, 1), 'circle');
});

test('init() from a file that does not exist (Node): the same, with the reason', async () => {
  const url = pathToFileURL('/nonexistent/collide2d.wasm').href;
  await assert.rejects(c2.init({ wasmUrl: url }), (e) => {
    assert.equal(e.constructor, Error);
    assert.equal(e.code, 'LoadFailed');
    assert.match(e.message, new RegExp(`^collide2d\\.init: could not read the WebAssembly module at ${url} \\(ENOENT: .*\\)\\. `));
    assert.ok(e.message.endsWith(HINT), e.message);
    return true;
  });
});

test('init() with bytes that are not a wasm module: LoadFailed naming the bytes', async () => {
  await assert.rejects(c2.init({ wasmBinary: new Uint8Array([1, 2, 3, 4]) }), (e) => {
    assert.equal(e.code, 'LoadFailed');
    assert.ok(e.message.startsWith('collide2d.init: could not load the WebAssembly module from the bytes given as ' +
      'options.wasmBinary ('), e.message);
    return true;
  });
});

test('after failed loads, init() loads the module and everything works', async () => {
  await c2.init();
  assert.equal(c2.overlaps(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)), true);
  const w = new c2.World();
  w.add(c2.circle(0, 0, 1));
  w.add(c2.circle(1, 0, 1));
  assert.equal(w.step(), 1);
  w.free();
});
