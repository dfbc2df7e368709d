// Determinism in Chromium: the package (web/lib, web/pkg) served as files, loaded by a blank page, runs the scene of
// tests/native/determinism_scene.h through web/test/determinism_scene.js and must give the hash recorded in
// tests/determinism.json (the one the native GoogleTest, its wasm build and Node give).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

import { launch, newPage, ROOT } from './helpers.js';

const recorded = JSON.parse(readFileSync(join(ROOT, 'tests/determinism.json'), 'utf8'));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/** Serves the package's files (web/lib, web/pkg) and the scene (web/test) from the repository; '/' is a blank page. */
function serveRepo() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>determinism</title>');
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = normalize(join(ROOT, path));
    const allowed = ['web/lib', 'web/pkg', 'web/test'].some((d) => file.startsWith(join(ROOT, d) + sep));
    let body;
    try {
      body = allowed ? readFileSync(file) : null;
    } catch {
      body = null;
    }
    if (body === null) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

test('Chromium: the World run hashes as natively and in Node', async () => {
  const site = await serveRepo();
  const browser = await launch();
  try {
    const { page, errors } = await newPage(browser);
    await page.goto(`${site.url}/`);
    const got = await page.evaluate(async ({ seed, bodies, frames }) => {
      const c2 = await import('/web/lib/index.js');
      await c2.init();
      const { worldHash } = await import('/web/test/determinism_scene.js');
      return worldHash(c2, seed, bodies, frames);
    }, recorded);
    assert.equal(got, recorded.hash);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await site.close();
  }
});
