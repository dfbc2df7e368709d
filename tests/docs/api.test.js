// The API reference (scripts/docs.sh: TypeDoc for the TypeScript API, Doxygen for the C++ headers, both failing on any
// warning): its pages exist, every link between them resolves, `npm start`'s dev server serves it at /api/index.html and the
// tutorial's static build carries it at api/ with the link back to the tutorial working. `npm test` builds the docs
// once (in `npm run build`); alone, this test builds them when missing.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const API = join(ROOT, 'web/app/public/api');
const CONFIG = join(ROOT, 'web/app/vite.config.ts');

before(() => {
  if (!existsSync(join(API, 'index.html')) || !existsSync(join(API, 'cpp/index.html'))) {
    execFileSync('bash', [join(ROOT, 'scripts/docs.sh')], { cwd: ROOT, stdio: 'inherit' });
  }
});

/** The local links (href, src) of every HTML page under dir: [{ page, target }] (external and in-page links left out). */
function localLinks(dir) {
  const found = [];
  for (const rel of readdirSync(dir, { recursive: true })) {
    if (!String(rel).endsWith('.html')) continue;
    const html = readFileSync(join(dir, rel), 'utf8');
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const target = m[1].replace(/&amp;/g, '&');
      if (target === '' || target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ page: join(dir, rel), target });
    }
  }
  return found;
}

function checkLinks(dir, within) {
  const links = localLinks(dir);
  assert.ok(links.length > 1000, `${links.length} links under ${dir}`);
  const broken = links.filter(({ page, target }) => {
    const path = resolve(dirname(page), decodeURIComponent(target.split(/[?#]/)[0]));
    return !path.startsWith(within + sep) || !existsSync(path);
  });
  assert.deepEqual(broken.slice(0, 10).map(({ page, target }) => `${page.slice(within.length + 1)} -> ${target}`), [], `${broken.length} broken links`);
}

test('TypeDoc and Doxygen pages: the entry points, the World, the C++ classes; the two references link to each other', () => {
  const world = readFileSync(join(API, 'classes/index.World.html'), 'utf8');
  for (const method of ['step', 'moveAndSlide', 'castShape', 'pairBodies', 'setContactMode']) {
    assert.match(world, new RegExp(`id="${method.toLowerCase()}"`), `World.${method} is documented`);
  }
  assert.match(readFileSync(join(API, 'functions/index.collide.html'), 'utf8'), /normal/);
  assert.ok(existsSync(join(API, 'modules/inline.html')), 'the collide2d/inline entry is documented');
  const cppWorld = readFileSync(join(API, 'cpp/classcollide2d_1_1World.html'), 'utf8');
  assert.match(cppWorld, /moveAndSlide/);
  assert.ok(existsSync(join(API, 'cpp/collide2d_8h.html')) && existsSync(join(API, 'cpp/queries_8h.html')));
  assert.match(readFileSync(join(API, 'index.html'), 'utf8'), /href="cpp\/index\.html"/);
  assert.match(readFileSync(join(API, 'cpp/index.html'), 'utf8'), /href="\.\.\/index\.html"/);
});

test('the static build carries the reference at api/: every link of every page resolves, the tutorial link included', async () => {
  const out = mkdtempSync(join(tmpdir(), 'collide2d-docs-build-'));
  try {
    await build({ configFile: CONFIG, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
    assert.ok(existsSync(join(out, 'index.html')), 'the tutorial');
    assert.ok(existsSync(join(out, 'api/index.html')) && existsSync(join(out, 'api/cpp/index.html')), 'the reference beside it');
    checkLinks(join(out, 'api'), out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("npm start's dev server serves the reference at /api/index.html and /api/cpp/index.html", async () => {
  const server = await createServer({ configFile: CONFIG, logLevel: 'error', server: { port: 0, strictPort: false } });
  try {
    await server.listen();
    const base = server.resolvedUrls?.local[0];
    assert.ok(base);
    for (const [path, text] of [['api/index.html', 'modules/inline\\.html'], ['api/cpp/index.html', 'collide2d'], ['api/classes/index.World.html', 'moveAndSlide']]) {
      const res = await fetch(new URL(path, base));
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/, path);
      assert.match(await res.text(), new RegExp(text), path);
    }
  } finally {
    await server.close();
  }
});
