// The real artifact, tried as a new user would: `git clone` the repository into a temporary folder (no node_modules,
// no web/pkg, no build/), `npm pack` it there (the prepack script installs the pinned devDependencies and builds the
// wasm module and the TypeScript output), install the tarball into an empty temporary project (offline: the package
// has no runtime dependencies), then with that one install:
//   1. import 'collide2d' from a Node ESM script and check its answers against plain geometry computed here;
//      require('collide2d') from CommonJS fails with the "ESM only" error; the manifest (licence, repository,
//      engines, sideEffects) is what npm shows, and sideEffects: false holds (a bare import bundles to nothing);
//   2. type-check a TypeScript consumer against the installed declarations (moduleResolution bundler and
//      nodenext), and check that deliberately wrong calls fail (the types are resolved, not `any`);
//   3. build a tiny Vite app (index.html + main.js, no config, no plugin), serve dist, run the page in Chromium;
//   4. run the same app under the Vite dev server (dependency pre-bundling on, as a user gets it) in Chromium;
//   5. build it with webpack 5 (no config beyond entry and output, no loader) and run it in Chromium: the only
//      warnings are webpack's size hints naming the .wasm; with the performance.assetFilter of the docs, none;
//   6. bundle it with esbuild (ESM, the .wasm copied next to the bundle and passed as wasmUrl) and run it in Chromium;
//   7. a plain static page, no bundler: <script type="module"> with an import map into node_modules/collide2d,
//      served by a static file server;
//   8. a module Web Worker that steps a World and posts the pairs back, checked against brute force: with no bundler
//      (relative import), built by Vite, under the Vite dev server and built by webpack; a worker with a top-level
//      `await init()` built by Vite with `worker: { format: 'es' }` (the docs' fix: the default iife format fails);
//   9. the inline entry collide2d/inline (wasm embedded): in Node, in an esbuild bundle and on a static page, from a
//      copy of the package with no .wasm file in it, and in webpack and Vite builds; no .wasm may be requested.
// Every page must finish with no console error, fetch exactly one .wasm (200, application/wasm; none for the inline
// entry) and compute the right answers; the bundlers must print no warning but the ones named above. The bundlers are
// the repository's pinned devDependencies, run on the temporary project. The temporary folders are removed at the end.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild, createLogger, createServer as createViteServer } from 'vite';
import webpack from 'webpack';
import {
  checkAnswers, checkPage, checkWorld, closeBrowser, computeSource, mainSource, makeInput, makeProject, makeWorldInput,
  npm, pageHtml, parsePack, removeTmp, ROOT, runInBrowser, serveStatic, WORLD_SOURCE, workerPageSource, workerSource,
} from './shared.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// The wrapper is tsc's output of web/lib/src (index = default entry, inline = wasm embedded, the other modules shared),
// one .js and one .d.ts per source module; esm-only.cjs is what require() gets.
const SHIPPED = (libModules) => ['package.json', 'README.md', 'LICENSE', 'THIRD_PARTY_NOTICES.md', 'web/lib/esm-only.cjs',
  ...libModules.flatMap((m) => [`web/lib/${m}.d.ts`, `web/lib/${m}.js`]),
  'web/pkg/collide2d.mjs', 'web/pkg/collide2d.wasm', 'web/pkg/collide2d.wasm.base64.mjs',
  // collide2d/threads: its module, glue and worker script (a .cjs copy for Node)
  'web/pkg/collide2d-threads.mjs', 'web/pkg/collide2d-threads.wasm', 'web/pkg/collide2d-threads.worker.js',
  'web/pkg/collide2d-threads.worker.cjs'];

let tmp = ''; // holds the clone, the tarball and the project
let clone = ''; // the fresh clone that is packed
let cleanClone = null; // what the clone held before npm pack
let libModules = []; // the clone's web/lib/src modules
let project = ''; // the empty project the tarball is installed into
let packed = null; // npm pack --json entry
let pkgDir = ''; // node_modules/collide2d in the project
let manifest = null; // its package.json
let entry = ''; // its main module, relative to pkgDir (from "exports")
let wasmFile = ''; // its .wasm file, relative to pkgDir
const timings = [];

const INPUT = makeInput();
const WORLD_INPUT = makeWorldInput();

/** The committed tree plus uncommitted changes to tracked files (what a clone of a commit made now would hold). */
function snapshotCommit() {
  // (an identity of its own: `stash create` makes a commit object, and a CI machine may have no git identity)
  const identity = ['-c', 'user.name=collide2d pack test', '-c', 'user.email=pack-test@localhost'];
  const stash = execFileSync('git', [...identity, 'stash', 'create'], { cwd: ROOT, encoding: 'utf8' }).trim();
  timings.push(stash ? 'packed HEAD + uncommitted changes to tracked files' : 'packed HEAD');
  return stash || execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
}

before(() => {
  let t = Date.now();
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'collide2d-pack-')));
  clone = join(tmp, 'clone');
  const commit = snapshotCommit(); // (before the clone, which copies the objects)
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone], { stdio: 'pipe' });
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: clone, stdio: 'pipe' });
  cleanClone = {
    nodeModules: existsSync(join(clone, 'node_modules')),
    pkg: existsSync(join(clone, 'web/pkg')),
    build: existsSync(join(clone, 'build')),
    lib: readdirSync(join(clone, 'web/lib')).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')),
  };
  libModules = readdirSync(join(clone, 'web/lib/src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).map((f) => f.slice(0, -3));
  timings.push(`clone ${Date.now() - t} ms`);
  t = Date.now();
  // prepack runs `npm ci` in the clone (no node_modules there); from npm's cache when it has the packages, as after the
  // repository's own install.
  packed = parsePack(npm(['pack', '--json', '--pack-destination', tmp], clone, { npm_config_prefer_offline: 'true' }));
  timings.push(`npm pack with prepack (npm ci, wasm build) ${Date.now() - t} ms`);
  t = Date.now();
  ({ project } = makeProject(join(tmp, packed.filename), tmp));
  timings.push(`install ${Date.now() - t} ms`);
  pkgDir = join(project, 'node_modules/collide2d');
  manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const main = manifest.exports['.'];
  entry = typeof main === 'string' ? main : (main.import ?? main.default);
  const wasms = packed.files.map((f) => f.path).filter((p) => p.endsWith('.wasm') && !p.includes('-threads'));
  assert.equal(wasms.length, 1, `one .wasm besides collide2d/threads' in the tarball: ${wasms}`);
  [wasmFile] = wasms;
  writeFileSync(join(project, 'compute.js'), computeSource('collide2d'));
  writeFileSync(join(project, 'world.js'), WORLD_SOURCE);
});

after(async () => {
  await closeBrowser();
  removeTmp(tmp);
});

test('npm pack of a fresh clone: prepack builds the module, the tarball holds exactly what runs', (t) => {
  assert.deepEqual(cleanClone, { nodeModules: false, pkg: false, build: false, lib: [] }, 'the clone starts with no install or build output');
  assert.ok(existsSync(join(clone, 'node_modules/.bin/tsc')), 'prepack installed the devDependencies');
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, SHIPPED(libModules).sort());
  for (const f of packed.files) assert.ok(f.size > 0, `${f.path} is not empty`);
  const wasm = readFileSync(join(pkgDir, wasmFile));
  assert.ok(WebAssembly.validate(wasm), 'the packed .wasm is a valid module');
  // The inline entry's embedded copy is this very module (not a stale one).
  const embedded = readFileSync(join(pkgDir, 'web/pkg/collide2d.wasm.base64.mjs'), 'utf8').match(/"([A-Za-z0-9+/=]+)"/);
  assert.ok(embedded, 'the base64 module holds a base64 string');
  assert.ok(gunzipSync(Buffer.from(embedded[1], 'base64')).equals(wasm), 'the inline entry embeds the packed .wasm (gzipped), byte for byte');
  assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
  const consumer = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(consumer.dependencies), ['collide2d']);
  t.diagnostic(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked; ${timings.join(', ')}`);
});

test('Node ESM: import the installed package, init, call, right answers', () => {
  writeFileSync(join(project, 'run.mjs'), `import { compute } from './compute.js';
const input = ${JSON.stringify(INPUT)};
const result = await compute(input);
process.stdout.write(JSON.stringify({ resolved: import.meta.resolve('collide2d'), result }));
`);
  const { resolved, result } = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: project, encoding: 'utf8' }));
  assert.equal(resolved, `file://${join(pkgDir, entry)}`, 'resolved from the installed tarball');
  checkAnswers(result, INPUT);
});

test('require() from CommonJS: both entries fail with the "ESM only: use await import()" error', () => {
  writeFileSync(join(project, 'require.cjs'), `const out = {};
for (const id of ['collide2d', 'collide2d/inline']) {
  try {
    require(id);
    out[id] = 'no error';
  } catch (e) {
    out[id] = { message: e.message, code: e.code };
  }
}
(async () => {
  const c2 = await import('collide2d'); // what the message says to do instead
  await c2.init();
  out.dynamicImport = c2.overlaps(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1));
  process.stdout.write(JSON.stringify(out));
})();
`);
  const out = JSON.parse(execFileSync(process.execPath, ['require.cjs'], { cwd: project, encoding: 'utf8' }));
  const expected = {
    message: "collide2d is ESM only: use `await import('collide2d')` (or `import * as c2 from 'collide2d'` in an ES module) instead of require()",
    code: 'ERR_REQUIRE_ESM',
  };
  assert.deepEqual(out, { collide2d: expected, 'collide2d/inline': expected, dynamicImport: true });
});

test('the manifest npm shows: MIT with its LICENSE, repository, engines, keywords, sideEffects; a bare import bundles to nothing', async () => {
  assert.equal(manifest.license, 'MIT');
  assert.match(readFileSync(join(pkgDir, 'LICENSE'), 'utf8'), /^MIT License\n\nCopyright \(c\) 2026 collide2d contributors\n/);
  assert.equal(manifest.repository.url, 'git+https://github.com/collide2d/collide2d.git');
  assert.equal(manifest.homepage, 'https://github.com/collide2d/collide2d#readme');
  assert.equal(manifest.bugs.url, 'https://github.com/collide2d/collide2d/issues');
  assert.ok(manifest.keywords.includes('collision-detection') && manifest.keywords.includes('webassembly'));
  // process.getBuiltinModule, which the default entry uses to read its .wasm in Node, arrived in 20.16 and 22.3.
  assert.equal(manifest.engines.node, '^20.16.0 || >=22.3.0');
  assert.equal(typeof process.getBuiltinModule, 'function', 'this Node is in the range');
  // sideEffects: false lets a bundler drop the whole package when nothing of it is used: importing it for no binding
  // must bundle to (almost) nothing, and every build below, tree-shaken with the flag, must still compute right.
  assert.equal(manifest.sideEffects, false);
  for (const specifier of ['collide2d', 'collide2d/inline']) {
    const result = await esbuild.build({
      stdin: { contents: `import ${JSON.stringify(specifier)};\n`, resolveDir: project },
      bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'silent',
    });
    const bytes = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
    assert.ok(bytes < 100, `import '${specifier}' for no binding bundles to ${bytes} bytes`);
  }
});

// ---- types ---------------------------------------------------------------------------------------------------------

const GOOD_TS = `import { init, circle, polygon, overlaps, collide, intersectSegments, batch } from 'collide2d';
import type { Contact, SegmentIntersection, PackedPolygons } from 'collide2d';
import * as inline from 'collide2d/inline';

await init();
const a = circle(0, 0, 1);
const hit: boolean = overlaps(a, { type: 'circle', center: { x: 1, y: 0 }, radius: 1 });
const contact: Contact | null = collide(a, polygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 2 }]));
const depth: number = contact === null ? 0 : contact.depth + contact.normal.x + contact.point.y;
const s: SegmentIntersection = intersectSegments({ a: { x: 0, y: 0 }, b: { x: 1, y: 1 } }, { a: { x: 0, y: 1 }, b: { x: 1, y: 0 } });
const kind: 'none' | 'point' | 'overlap' = s.kind;
const packed: PackedPolygons = batch.packPolygons([[{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]]);
const out: Float64Array = batch.collidePolygonPolygon(packed, new Uint32Array([0, 0]));
const flags: Uint8Array = batch.overlapsCircleCircle(new Float64Array([0, 0, 1]), new Float64Array([1, 0, 1]));
await inline.init();
const inlineContact: Contact | null = inline.collide(inline.circle(0, 0, 1), a);
export { hit, depth, kind, out, flags, inlineContact };
`;

// Each line after the import is wrong in one way; tsc must report exactly these lines.
const BAD_TS = `import { circle, overlaps, collide, intersectSegments, batch } from 'collide2d';
import { init as initInline } from 'collide2d/inline';
overlaps(circle(0, 0, 1), 42);
const depth: string = collide(circle(0, 0, 1), circle(1, 0, 1))!.depth;
intersectSegments({ a: { x: 0, y: 0 } }, { a: { x: 0, y: 1 }, b: { x: 1, y: 0 } });
batch.overlapsCircleCircle([0, 0, 1], new Float64Array([1, 0, 1]));
const missing = collide(circle(0, 0, 1), circle(1, 0, 1)).depth;
initInline({ wasmBinary: new Uint8Array(0) });
export { depth, missing };
`;
const BAD_LINES = [3, 4, 5, 6, 7, 8]; // (the last: the inline entry's init() takes no options)

// bundler: a browser project (tsc's default libraries for es2022, DOM included). nodenext: a Node project (ES
// libraries only, plus @types/node, taken from the repository as a Node project would install it).
function tsc(resolution, file) {
  const env = resolution === 'bundler' ? ['--module', 'esnext']
    : ['--module', 'nodenext', '--lib', 'es2022', '--typeRoots', join(ROOT, 'node_modules/@types'), '--types', 'node'];
  const args = [TSC, '--noEmit', '--strict', '--target', 'es2022', ...env, '--moduleResolution', resolution, '--listFiles', file];
  try {
    return { ok: true, output: execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (e) {
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

for (const resolution of ['bundler', 'nodenext']) {
  test(`TypeScript (moduleResolution ${resolution}): the installed types check a right consumer and reject wrong calls`, () => {
    writeFileSync(join(project, 'consumer.ts'), GOOD_TS);
    writeFileSync(join(project, 'wrong.ts'), BAD_TS);
    const good = tsc(resolution, 'consumer.ts');
    assert.ok(good.ok, good.output);
    for (const declarations of [join(pkgDir, manifest.types), join(pkgDir, manifest.exports['./inline'].types)]) {
      assert.ok(good.output.split('\n').includes(declarations), `tsc read ${declarations}:\n${good.output}`);
    }
    const bad = tsc(resolution, 'wrong.ts');
    assert.equal(bad.ok, false, 'the wrong calls must not type check');
    const errorLines = [...bad.output.matchAll(/^wrong\.ts\((\d+),\d+\): error TS\d+/gm)].map((m) => Number(m[1]));
    assert.deepEqual([...new Set(errorLines)].sort((x, y) => x - y), BAD_LINES, bad.output);
    assert.doesNotMatch(bad.output, /TS2307|TS7016/, 'the module and its declarations resolve');
  });
}

// ---- browsers ------------------------------------------------------------------------------------------------------

/** Writes files (path relative to the project: contents). */
function writeFiles(files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
}

/** The .wasm files under a folder (recursively), as paths relative to it. */
function wasmAssets(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm')).map(String);
}

/** The .wasm a build emitted: exactly one, byte for byte the packaged one. Returns its path relative to dist. */
function checkEmittedWasm(dist) {
  const assets = wasmAssets(dist);
  assert.equal(assets.length, 1, `one .wasm in ${dist}: ${assets.join(', ')}`);
  assert.deepEqual(readFileSync(join(dist, assets[0])), readFileSync(join(pkgDir, wasmFile)), 'the emitted .wasm is the packaged one');
  return assets[0];
}

async function servePage(dir, path = '') {
  const server = await serveStatic(dir);
  try {
    return await runInBrowser(server.url + path);
  } finally {
    await server.close();
  }
}

/** Vite's options for a user's no-config run, with a logger that records every warning and error it prints. */
function viteOptions(root, messages) {
  const logger = createLogger('warn');
  const record = (level) => (msg, options) => {
    messages.push(`${level}: ${msg}`);
    logger[level](msg, options);
  };
  const customLogger = { ...logger, warn: record('warn'), warnOnce: record('warn'), error: record('error') };
  return { root, configFile: false, logLevel: 'warn', customLogger };
}

function writeViteApp() {
  writeFiles({ 'index.html': pageHtml('collide2d in Vite', './main.js'), 'main.js': mainSource(INPUT) });
}

test('Vite build (no config): dist holds the .wasm and the page computes the right answers in Chromium', async () => {
  writeViteApp();
  const messages = [];
  await viteBuild(viteOptions(project, messages));
  assert.deepEqual(messages, [], 'Vite printed no warning');
  const dist = join(project, 'dist');
  const asset = checkEmittedWasm(dist);
  const js = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('\n');
  assert.ok(js.includes(asset.split('/').pop()), 'the bundle refers to the emitted .wasm');
  const page = await servePage(dist);
  checkPage(page, INPUT);
  assert.ok(page.wasm[0].url.endsWith(`/${asset}`), page.wasm[0].url);
});

test('Vite dev server (no config, dependency pre-bundling as a user gets it): the page works in Chromium', async () => {
  writeViteApp();
  const messages = [];
  const server = await createViteServer({ ...viteOptions(project, messages), server: { host: '127.0.0.1', port: 0, strictPort: false } });
  try {
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    assert.ok(url, 'the dev server has a local URL');
    checkPage(await runInBrowser(url), INPUT);
    // The package went through Vite's dependency optimiser, as it does for users.
    assert.ok(existsSync(join(project, 'node_modules/.vite/deps')), 'pre-bundled dependencies');
    assert.ok(readdirSync(join(project, 'node_modules/.vite/deps')).some((f) => f.startsWith('collide2d')), 'collide2d was pre-bundled');
    assert.deepEqual(messages, [], 'Vite printed no warning');
  } finally {
    await server.close();
  }
});

/**
 * webpack's size hints as the docs tell users to set them. In production webpack warns about any asset over 244 KiB
 * (uncompressed): the .wasm (~291 KiB, ~110 KB gzip, compiled while it streams) is one. Leaving it out of the hint
 * keeps the hint for the application's own JavaScript.
 */
const WEBPACK_PERFORMANCE = { assetFilter: (name) => !/\.(map|wasm)$/.test(name) };
/** The inline entry carries the wasm inside the JavaScript bundle (base64): the docs raise the limits to 512 KiB. */
const WEBPACK_PERFORMANCE_INLINE = { ...WEBPACK_PERFORMANCE, maxAssetSize: 512 * 1024, maxEntrypointSize: 512 * 1024 };

/**
 * webpack 5 through its Node API with a user's minimal config: an entry and an output folder, no loader, no plugin;
 * `performance` as given (webpack's defaults when undefined). Fails on any error; returns dist and the warnings.
 */
async function webpackBuild(dir, performance) {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './main.js',
    output: { path: join(dir, 'dist'), clean: true },
    ...(performance ? { performance } : {}),
  });
  const stats = await new Promise((ok, fail) => {
    compiler.run((err, result) => {
      compiler.close(() => (err ? fail(err) : ok(result)));
    });
  });
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  assert.deepEqual(info.errors, [], 'webpack errors');
  writeFileSync(join(dir, 'dist/index.html'), pageHtml('collide2d in webpack', './main.js', { module: false }));
  return { dist: join(dir, 'dist'), warnings: info.warnings.map((w) => w.message) };
}

test('webpack 5 build (entry and output only): the .wasm is emitted and the page computes the right answers in Chromium', async () => {
  writeFiles({ 'webpack/main.js': mainSource(INPUT, undefined, '../compute.js') });
  // With webpack's defaults the only warnings are its size hint about the .wasm and the advice that follows it.
  const plain = await webpackBuild(join(project, 'webpack'));
  const asset = checkEmittedWasm(plain.dist);
  assert.equal(plain.warnings.length, 2, plain.warnings.join('\n'));
  assert.match(plain.warnings[0], new RegExp(`^asset size limit: The following asset\\(s\\) exceed the recommended size limit \\(244 KiB\\)\\.[\\s\\S]*Assets: \\n  ${asset.replace('.', '\\.')} \\(\\d+ KiB\\)$`));
  assert.match(plain.warnings[1], /^webpack performance recommendations: /);
  // With the docs' performance.assetFilter: no warning, and the page works.
  const { dist, warnings } = await webpackBuild(join(project, 'webpack'), WEBPACK_PERFORMANCE);
  assert.deepEqual(warnings, [], 'webpack warnings');
  const page = await servePage(dist);
  checkPage(page, INPUT);
  assert.ok(page.wasm[0].url.endsWith(`/${checkEmittedWasm(dist)}`), page.wasm[0].url);
});

/** esbuild through its API with a user's minimal options: bundle main.js as ESM for browsers (no loader, no plugin). */
async function esbuildBundle(dir) {
  const result = await esbuild.build({
    entryPoints: [join(dir, 'main.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir: join(dir, 'dist'),
    logLevel: 'silent',
  });
  assert.deepEqual(result.errors, []);
  assert.deepEqual(result.warnings, []);
}

test('esbuild bundle (ESM, the .wasm copied beside it and passed as wasmUrl): the page computes the right answers in Chromium', async () => {
  writeFiles({ 'esbuild/main.js': mainSource(INPUT, { wasmUrl: './collide2d.wasm' }, '../compute.js') });
  const dir = join(project, 'esbuild');
  await esbuildBundle(dir);
  copyFileSync(join(pkgDir, wasmFile), join(dir, 'dist/collide2d.wasm'));
  writeFileSync(join(dir, 'dist/index.html'), pageHtml('collide2d in esbuild', './main.js'));
  const page = await servePage(join(dir, 'dist'));
  checkPage(page, INPUT);
  assert.ok(page.wasm[0].url.endsWith('/collide2d.wasm'), page.wasm[0].url);
});

test('plain static page, no bundler: <script type="module"> and an import map into node_modules, right answers in Chromium', async () => {
  const importMap = { imports: { collide2d: `../node_modules/collide2d/${entry.replace(/^\.\//, '')}` } };
  const head = `\n    <script type="importmap">${JSON.stringify(importMap)}</script>`;
  writeFiles({
    'static/index.html': pageHtml('collide2d with no bundler', './main.js', { head }),
    'static/main.js': mainSource(INPUT, undefined, '../compute.js'),
  });
  const page = await servePage(project, 'static/');
  checkPage(page, INPUT);
  assert.ok(page.wasm[0].url.endsWith(`/node_modules/collide2d/${wasmFile}`), page.wasm[0].url);
  assert.ok(page.requests.some((u) => u.endsWith(`/node_modules/collide2d/${entry.replace(/^\.\//, '')}`)), 'the page loaded the package itself');
});

// ---- a module Web Worker -------------------------------------------------------------------------------------------

/** A worker page result: no errors, one .wasm fetched (by the worker), the World's pairs right. */
function checkWorkerPage(page) {
  assert.deepEqual(page.errors, []);
  assert.equal(page.wasm.length, 1, `one .wasm request: ${JSON.stringify(page.wasm)}`);
  assert.equal(page.wasm[0].status, 200);
  assert.match(page.wasm[0].type ?? '', /^application\/wasm/);
  checkWorld(page.result, WORLD_INPUT);
}

test('module Web Worker, no bundler: the worker imports the package by path, steps a World, posts the pairs back', async () => {
  writeFiles({
    'worker-static/index.html': pageHtml('collide2d in a worker', './main.js'),
    'worker-static/main.js': workerPageSource(WORLD_INPUT),
    'worker-static/worker.js': workerSource(`../node_modules/collide2d/${entry.replace(/^\.\//, '')}`, '../world.js'),
  });
  checkWorkerPage(await servePage(project, 'worker-static/'));
});

test('module Web Worker built by Vite (no config): steps a World in the worker, right pairs in Chromium', async () => {
  const dir = join(project, 'worker-vite');
  writeFiles({
    'worker-vite/index.html': pageHtml('collide2d in a worker (Vite)', './main.js'),
    'worker-vite/main.js': workerPageSource(WORLD_INPUT),
    'worker-vite/worker.js': workerSource('collide2d', '../world.js'),
  });
  const messages = [];
  await viteBuild(viteOptions(dir, messages));
  assert.deepEqual(messages, [], 'Vite printed no warning');
  checkEmittedWasm(join(dir, 'dist'));
  checkWorkerPage(await servePage(join(dir, 'dist')));
});

test('module Web Worker with a top-level `await init()`: Vite builds it with worker.format "es" (the docs\' fix; the default iife fails)', async () => {
  const dir = join(project, 'worker-vite-tla');
  writeFiles({
    'worker-vite-tla/index.html': pageHtml('collide2d in a worker with top-level await (Vite)', './main.js'),
    'worker-vite-tla/main.js': workerPageSource(WORLD_INPUT),
    // The handler is set before the top-level await: a message that arrives while the worker's module is still
    // awaiting goes to the handler set at that moment (with none set, it is lost: this test timed out that way in a
    // loaded run when the handler was set after `await init()`).
    'worker-vite-tla/worker.js': `import * as c2 from 'collide2d';
import { stepWorld } from '../world.js';

const ready = c2.init();
self.onmessage = (e) => {
  ready.then(() => stepWorld(c2, e.data.input, e.data.initOptions)).then(
    (result) => self.postMessage({ ok: true, result }),
    (err) => self.postMessage({ ok: false, error: String(err && err.stack ? err.stack : err) }),
  );
};
await ready;
`,
  });
  // What the docs say happens without the setting: Vite bundles workers as iife, which has no top-level await.
  await assert.rejects(viteBuild(viteOptions(dir, [])), /INVALID_TLA_FORMAT|top-level await/);
  const messages = [];
  await viteBuild({ ...viteOptions(dir, messages), worker: { format: 'es' } });
  assert.deepEqual(messages, [], 'Vite printed no warning');
  checkEmittedWasm(join(dir, 'dist'));
  checkWorkerPage(await servePage(join(dir, 'dist')));
});

test('module Web Worker under the Vite dev server (no config): steps a World in the worker, right pairs in Chromium', async () => {
  const dir = join(project, 'worker-vite-dev');
  writeFiles({
    'worker-vite-dev/index.html': pageHtml('collide2d in a worker (Vite dev)', './main.js'),
    'worker-vite-dev/main.js': workerPageSource(WORLD_INPUT),
    'worker-vite-dev/worker.js': workerSource('collide2d', '../world.js'),
  });
  const messages = [];
  // (its own dependency cache, so that collide2d is pre-bundled here as on a user's first run)
  const server = await createViteServer({
    ...viteOptions(dir, messages),
    cacheDir: join(dir, '.vite'),
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  try {
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    assert.ok(url, 'the dev server has a local URL');
    checkWorkerPage(await runInBrowser(url));
    assert.deepEqual(messages, [], 'Vite printed no warning');
  } finally {
    await server.close();
  }
});

test('module Web Worker built by webpack 5 (entry and output only): steps a World in the worker, right pairs in Chromium', async () => {
  const dir = join(project, 'worker-webpack');
  writeFiles({
    'worker-webpack/main.js': workerPageSource(WORLD_INPUT),
    'worker-webpack/worker.js': workerSource('collide2d', '../world.js'),
  });
  const { dist, warnings } = await webpackBuild(dir, WEBPACK_PERFORMANCE);
  assert.deepEqual(warnings, [], 'webpack warnings');
  checkEmittedWasm(dist);
  checkWorkerPage(await servePage(dist));
});

// ---- the inline entry (collide2d/inline: the wasm embedded) --------------------------------------------------------

/**
 * A project whose installed collide2d has no .wasm file at all (a copy of the installed package without it): whatever
 * works there cannot have read or fetched one. Returns its folder.
 */
function inlineOnlyProject() {
  const dir = join(project, 'inline-only');
  if (!existsSync(dir)) {
    cpSync(pkgDir, join(dir, 'node_modules/collide2d'), { recursive: true, filter: (src) => !src.endsWith('.wasm') });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'inline-consumer', private: true, type: 'module' }));
    writeFileSync(join(dir, 'compute.js'), computeSource('collide2d/inline'));
    writeFileSync(join(dir, 'world.js'), WORLD_SOURCE);
  }
  const left = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
  assert.deepEqual(left, [], 'no .wasm file in the inline-only project');
  return dir;
}

/** The inline entry's module, relative to the package (from "exports"). */
function inlineEntry() {
  const e = manifest.exports['./inline'];
  assert.ok(e, 'the package exports ./inline');
  return (typeof e === 'string' ? e : (e.import ?? e.default)).replace(/^\.\//, '');
}

test('collide2d/inline in Node: init() with no options and no .wasm file anywhere, right answers and a World', () => {
  const dir = inlineOnlyProject();
  writeFileSync(join(dir, 'run.mjs'), `import * as c2 from 'collide2d/inline';
import { compute } from './compute.js';
import { stepWorld } from './world.js';
const result = await compute(${JSON.stringify(INPUT)});
const world = await stepWorld(c2, ${JSON.stringify(WORLD_INPUT)});
process.stdout.write(JSON.stringify({ resolved: import.meta.resolve('collide2d/inline'), initLength: c2.init.length, result, world }));
`);
  const out = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: dir, encoding: 'utf8' }));
  assert.equal(out.resolved, `file://${join(dir, 'node_modules/collide2d', inlineEntry())}`);
  assert.equal(out.initLength, 0, 'init() takes no options');
  checkAnswers(out.result, INPUT);
  checkWorld({ ...out.world, inWorker: true }, WORLD_INPUT); // (stepped in Node's main thread here)
});

test('collide2d/inline in an esbuild bundle with no .wasm handling: no .wasm requested, right answers in Chromium', async () => {
  const dir = join(inlineOnlyProject(), 'esbuild');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.js'), mainSource(INPUT, undefined, '../compute.js'));
  await esbuildBundle(dir);
  assert.deepEqual(wasmAssets(join(dir, 'dist')), []);
  writeFileSync(join(dir, 'dist/index.html'), pageHtml('collide2d/inline in esbuild', './main.js'));
  const page = await servePage(join(dir, 'dist'));
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.wasm, [], 'no .wasm request');
  assert.ok(!page.requests.some((u) => /\.wasm(\?|$)/.test(u)), `requests: ${page.requests.join(', ')}`);
  checkAnswers(page.result, INPUT);
});

test('collide2d/inline on a plain static page (import map, no bundler) with no .wasm file served: right answers in Chromium', async () => {
  const dir = inlineOnlyProject();
  const importMap = { imports: { 'collide2d/inline': `../node_modules/collide2d/${inlineEntry()}` } };
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'static/index.html'), pageHtml('collide2d/inline with no bundler', './main.js', {
    head: `\n    <script type="importmap">${JSON.stringify(importMap)}</script>`,
  }));
  writeFileSync(join(dir, 'static/main.js'), mainSource(INPUT, undefined, '../compute.js'));
  const page = await servePage(dir, 'static/');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.wasm, [], 'no .wasm request');
  checkAnswers(page.result, INPUT);
});

test('collide2d/inline in a webpack 5 build: the page fetches no .wasm, right answers in Chromium', async (t) => {
  const dir = join(project, 'webpack-inline');
  // (the installed package as it is: webpack resolves the glue's own new URL('collide2d.wasm', import.meta.url))
  writeFiles({ 'compute-inline.js': computeSource('collide2d/inline'), 'webpack-inline/main.js': mainSource(INPUT, undefined, '../compute-inline.js') });
  const { dist, warnings } = await webpackBuild(dir, WEBPACK_PERFORMANCE_INLINE);
  assert.deepEqual(warnings, [], 'webpack warnings');
  const page = await servePage(dist);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.wasm, [], 'no .wasm request');
  checkAnswers(page.result, INPUT);
  t.diagnostic(`.wasm files webpack emitted anyway (unused): ${wasmAssets(dist).join(', ') || 'none'}`);
});

test('collide2d/inline in a Vite build (no config): the page fetches no .wasm, right answers in Chromium', async (t) => {
  const dir = join(project, 'vite-inline');
  writeFiles({
    'compute-inline.js': computeSource('collide2d/inline'),
    'vite-inline/index.html': pageHtml('collide2d/inline in Vite', './main.js'),
    'vite-inline/main.js': mainSource(INPUT, undefined, '../compute-inline.js'),
  });
  const messages = [];
  await viteBuild(viteOptions(dir, messages));
  assert.deepEqual(messages, [], 'Vite printed no warning');
  const dist = join(dir, 'dist');
  const page = await servePage(dist);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.wasm, [], 'no .wasm request');
  checkAnswers(page.result, INPUT);
  t.diagnostic(`.wasm files Vite emitted anyway (unused): ${wasmAssets(dist).join(', ') || 'none'}`);
});
