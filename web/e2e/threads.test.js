// collide2d/threads in Chromium: the package (web/lib, web/pkg) served as files with the cross-origin isolation
// headers (COOP same-origin, COEP require-corp) runs the determinism scene on 1, 2 and 4 threads and must give the hash
// recorded in tests/determinism.json (the default entry's, natively and in Node); served without them, init()
// rejects (LoadFailed) saying which headers the page needs, and the default entry then loads and gives the same hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

import { launch, newPage, ROOT } from './helpers.js';

const recorded = JSON.parse(readFileSync(join(ROOT, 'tests/determinism.json'), 'utf8'));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/** Serves web/lib, web/pkg and web/test from the repository, every response with `headers`; '/' is a blank page. */
function serveRepo(headers) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end('<!doctype html><title>threads</title>');
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204, headers).end();
      return;
    }
    const file = normalize(join(ROOT, path));
    const allowed = ['web/lib', 'web/pkg', 'web/test'].some((d) => file.startsWith(join(ROOT, d) + sep));
    let body = null;
    try {
      body = allowed ? readFileSync(file) : null;
    } catch {
      body = null;
    }
    if (body === null) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

test('Chromium, cross-origin isolated: collide2d/threads hashes the World run as recorded on 1, 2 and 4 threads', async () => {
  const site = await serveRepo(ISOLATED);
  const browser = await launch();
  try {
    const { page, errors } = await newPage(browser);
    await page.goto(`${site.url}/`);
    const got = await page.evaluate(async ({ seed, bodies, frames }) => {
      const c2 = await import('/web/lib/threads.js');
      await c2.init();
      const { worldHash } = await import('/web/test/determinism_scene.js');
      const w = new c2.World();
      w.setThreadCount(3);
      const three = w.threadCount;
      w.free();
      return {
        isolated: globalThis.crossOriginIsolated,
        max: c2.maxThreadCount(),
        three,
        hashes: [1, 2, 4].map((t) => worldHash(c2, seed, bodies, frames, t)),
      };
    }, recorded);
    assert.equal(got.isolated, true);
    assert.equal(got.max, 4);
    assert.equal(got.three, 3);
    assert.deepEqual(got.hashes, [recorded.hash, recorded.hash, recorded.hash]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});

test('Chromium, not isolated: collide2d/threads init() rejects naming the headers; collide2d then works', async () => {
  const site = await serveRepo({});
  const browser = await launch();
  try {
    const { page, errors } = await newPage(browser);
    await page.goto(`${site.url}/`);
    const got = await page.evaluate(async ({ seed }) => {
      const threads = await import('/web/lib/threads.js');
      let rejected = null;
      try {
        await threads.init();
      } catch (e) {
        rejected = { code: e.code, message: e.message };
      }
      const c2 = await import('/web/lib/index.js');
      await c2.init();
      const { worldHash } = await import('/web/test/determinism_scene.js');
      return { isolated: globalThis.crossOriginIsolated, rejected, max: c2.maxThreadCount(), hash: worldHash(c2, seed, 300, 20) };
    }, recorded);
    assert.equal(got.isolated, false);
    assert.equal(got.rejected?.code, 'LoadFailed');
    assert.match(got.rejected.message, /Cross-Origin-Opener-Policy: same-origin/);
    assert.match(got.rejected.message, /Cross-Origin-Embedder-Policy: require-corp/);
    assert.equal(got.max, 1);
    assert.match(got.hash, /^0x[0-9a-f]{16}$/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});
