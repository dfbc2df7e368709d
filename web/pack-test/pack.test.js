// The real artifact, tried as a new user would (issue 3): `npm pack` the repository, install the tarball into an
// empty temporary project (offline: the package has no runtime dependencies), then
//   1. import 'collide2d' from a Node ESM script and check its answers against plain geometry computed here;
//   2. type-check a TypeScript consumer against the installed declarations (moduleResolution bundler and
//      nodenext), and check that deliberately wrong calls fail (the types are resolved, not `any`);
//   3. build a tiny Vite app (index.html + main.js, no config, no plugin) with the repository's Vite, check the
//      .wasm asset is in dist, serve dist and run the page in Chromium;
//   4. run the same app under the Vite dev server (dependency pre-bundling on, as a user gets it) in Chromium.
// Needs web/pkg built (scripts/test.sh builds it first). Temporary folders are removed at the end.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { build as viteBuild, createServer as createViteServer } from 'vite';
import { launch, ROOT } from '../e2e/helpers.js';
import { mulberry32 } from '../test/shared.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// The wrapper is tsc's output of web/lib/src (index = default entry, inline = wasm embedded, core/api/types shared).
const SHIPPED = ['package.json', 'README.md',
  ...['api', 'core', 'index', 'inline', 'types'].flatMap((m) => [`web/lib/${m}.d.ts`, `web/lib/${m}.js`]),
  'web/pkg/collide2d.mjs', 'web/pkg/collide2d.wasm', 'web/pkg/collide2d.wasm.base64.mjs'];

let tmp = ''; // holds the tarball and the project
let project = ''; // the empty project the tarball is installed into
let tarball = '';
let packed = null; // npm pack --json entry
let browser = null;

function npm(args, cwd) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// ---- inputs and the answers plain geometry gives --------------------------------------------------------------

/** Inputs of the consumer script. Integer coordinates: the plain-geometry answers below are exact, ties included. */
function makeInput() {
  const rnd = mulberry32(20240607);
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const circles = [];
  for (let i = 0; i < 400; i++) circles.push([int(0, 24), int(0, 24), int(1, 6)]);
  const rects = []; // [x0, y0, x1, y1]
  for (let i = 0; i < 300; i++) {
    const x0 = int(0, 30);
    const y0 = int(0, 30);
    rects.push([x0, y0, x0 + int(1, 10), y0 + int(1, 10)]);
  }
  return {
    circlePairs: [[0, 0, 1, 1.5, 0, 1], [0, 0, 1, 2, 0, 1], [0, 0, 1, 3, 0, 1], [0, 0, 2, 3, 4, 4], [-1, 2, 1, -1, 2, 0.5]],
    circleVsPolygon: { circle: [3, 1, 1.5], rect: [0, 0, 2, 2] },
    rectPairs: [[[0, 0, 2, 2], [1.5, 0.5, 3.5, 2.5]], [[0, 0, 2, 2], [0.5, -1, 1.5, 3]], [[0, 0, 2, 2], [2, 0, 4, 2]], [[0, 0, 2, 2], [3, 0, 4, 2]]],
    segmentPairs: [
      [[0, 0, 2, 2], [0, 2, 2, 0]],
      [[0, 0, 2, 0], [0, 1, 2, 1]],
      [[0, 0, 3, 0], [1, 0, 5, 0]],
      [[0, 0, 1, 1], [2, 0, 3, -4]],
    ],
    circles,
    rects,
  };
}

// The consumer's code (the same in Node and in the browser): only the public API, answers as JSON.
const COMPUTE = `
import * as c2 from 'collide2d';

const rectPoints = ([x0, y0, x1, y1]) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
const seg = ([ax, ay, bx, by]) => ({ a: { x: ax, y: ay }, b: { x: bx, y: by } });

export async function compute(input) {
  let beforeInit = 'no error';
  try {
    c2.overlaps({ type: 'circle', center: { x: 0, y: 0 }, radius: 1 }, { type: 'circle', center: { x: 0, y: 0 }, radius: 1 });
  } catch (e) {
    beforeInit = e.constructor.name + ': ' + e.message;
  }
  const first = c2.init();
  const second = c2.init();
  await first;
  await second;
  const overlaps = input.circlePairs.map(([ax, ay, ar, bx, by, br]) => c2.overlaps(c2.circle(ax, ay, ar), c2.circle(bx, by, br)));
  const circleContacts = input.circlePairs.map(([ax, ay, ar, bx, by, br]) => c2.collide(c2.circle(ax, ay, ar), c2.circle(bx, by, br)));
  const { circle: [cx, cy, cr], rect } = input.circleVsPolygon;
  const circlePolygon = c2.collide(c2.circle(cx, cy, cr), c2.polygon(rectPoints(rect)));
  const polygonContacts = input.rectPairs.map(([a, b]) => c2.collide(c2.polygon(rectPoints(a)), c2.polygon(rectPoints(b))));
  const segments = input.segmentPairs.map(([a, b]) => c2.intersectSegments(seg(a), seg(b)));
  let badInput = 'no error';
  try {
    c2.collide(c2.circle(0, 0, 1), { type: 'circle', center: { x: 0, y: 0 }, radius: -1 });
  } catch (e) {
    badInput = e.constructor.name + ': ' + e.message;
  }
  // batches: circle i against circle i + 1, rectangle i against rectangle i + 1
  const n = input.circles.length - 1;
  const a = new Float64Array(n * 3);
  const b = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    a.set(input.circles[i], 3 * i);
    b.set(input.circles[i + 1], 3 * i);
  }
  const batchOverlaps = Array.from(c2.batch.overlapsCircleCircle(a, b));
  const batchCircleContacts = Array.from(c2.batch.collideCircleCircle(a, b));
  const packed = c2.batch.packPolygons(input.rects.map(rectPoints));
  const pairs = new Uint32Array(2 * (input.rects.length - 1));
  for (let i = 0; i + 1 < input.rects.length; i++) {
    pairs[2 * i] = i;
    pairs[2 * i + 1] = i + 1;
  }
  const batchPolygonContacts = Array.from(c2.batch.collidePolygonPolygon(packed, pairs));
  return {
    beforeInit, overlaps, circleContacts, circlePolygon, polygonContacts, segments, badInput,
    batchOverlaps, batchCircleContacts, batchPolygonContacts,
  };
}
`;

const near = (x, y) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));

function assertNear(actual, expected, what) {
  assert.ok(near(actual, expected), `${what}: got ${actual}, expected ${expected}`);
}

/** Contact of two circles by plain geometry (null when apart; touching counts). */
function circleContact([ax, ay, ar], [bx, by, br]) {
  const dx = bx - ax;
  const dy = by - ay;
  const d2 = dx * dx + dy * dy;
  if (d2 > (ar + br) * (ar + br)) return null;
  const d = Math.sqrt(d2);
  if (d === 0) return { depth: ar + br }; // normal is a convention when the centres coincide
  const n = { x: dx / d, y: dy / d };
  return { normal: n, depth: ar + br - d, point: { x: bx - n.x * br, y: by - n.y * br } };
}

/** Minimum translation of two axis-aligned rectangles (both polygons) by plain geometry. */
function rectContact([ax0, ay0, ax1, ay1], [bx0, by0, bx1, by1]) {
  const px = Math.min(ax1 - bx0, bx1 - ax0); // push B right by ax1 - bx0, or left by bx1 - ax0
  const py = Math.min(ay1 - by0, by1 - ay0);
  if (px < 0 || py < 0) return null;
  const depth = Math.min(px, py);
  let normal; // undefined when two axes tie
  if (px < py && ax1 - bx0 !== bx1 - ax0) normal = { x: ax1 - bx0 < bx1 - ax0 ? 1 : -1, y: 0 };
  if (py < px && ay1 - by0 !== by1 - ay0) normal = { x: 0, y: ay1 - by0 < by1 - ay0 ? 1 : -1 };
  return { depth, normal };
}

function checkContact(actual, expected, what) {
  if (expected === null) {
    assert.equal(actual, null, `${what}: expected no hit`);
    return;
  }
  assert.notEqual(actual, null, `${what}: expected a hit`);
  assertNear(actual.depth, expected.depth, `${what} depth`);
  if (expected.normal) {
    assertNear(actual.normal.x, expected.normal.x, `${what} normal.x`);
    assertNear(actual.normal.y, expected.normal.y, `${what} normal.y`);
  }
  if (expected.point) {
    assertNear(actual.point.x, expected.point.x, `${what} point.x`);
    assertNear(actual.point.y, expected.point.y, `${what} point.y`);
  }
}

/** A contact of a batch result (6 numbers per pair) as the object collide() returns. */
function contactIn(out, i) {
  const o = 6 * i;
  if (out[o] === 0) return null;
  return { normal: { x: out[o + 1], y: out[o + 2] }, depth: out[o + 3], point: { x: out[o + 4], y: out[o + 5] } };
}

/** Checks everything the consumer computed against plain geometry. */
function checkAnswers(r, input) {
  assert.match(r.beforeInit, /^Error: .*init\(\)/, 'a call before init() throws an Error that says to call init()');
  input.circlePairs.forEach(([ax, ay, ar, bx, by, br], i) => {
    const expected = circleContact([ax, ay, ar], [bx, by, br]);
    assert.equal(r.overlaps[i], expected !== null, `overlaps, circle pair ${i}`);
    checkContact(r.circleContacts[i], expected, `collide, circle pair ${i}`);
  });
  // circle (A) against a rectangle (B) it overlaps from the right: the normal points from the circle to the polygon
  {
    const { circle: [cx, cy, cr], rect: [x0, y0, x1, y1] } = input.circleVsPolygon;
    const qx = Math.min(Math.max(cx, x0), x1);
    const qy = Math.min(Math.max(cy, y0), y1);
    const d = Math.hypot(qx - cx, qy - cy);
    assert.ok(d > 0 && d <= cr, 'the case is a circle outside the rectangle, overlapping it');
    checkContact(r.circlePolygon, { depth: cr - d, normal: { x: (qx - cx) / d, y: (qy - cy) / d } }, 'collide, circle-polygon');
  }
  input.rectPairs.forEach(([a, b], i) => checkContact(r.polygonContacts[i], rectContact(a, b), `collide, polygon pair ${i}`));
  // segments: X crossing at (1, 1); parallel; collinear overlap [1, 3] on the x axis; apart
  const [cross, parallel, overlap, apart] = r.segments;
  assert.equal(cross.kind, 'point');
  assert.deepEqual(cross.points, [{ x: 1, y: 1 }]);
  assert.deepEqual([cross.ua, cross.ub], [[0.5], [0.5]]);
  assert.equal(parallel.kind, 'none');
  assert.equal(overlap.kind, 'overlap');
  assert.deepEqual(overlap.points, [{ x: 1, y: 0 }, { x: 3, y: 0 }]);
  assert.equal(apart.kind, 'none');
  assert.match(r.badInput, /^RangeError: collide2d\.collide: argument b\.radius/);
  // batches
  const n = input.circles.length - 1;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const expected = circleContact(input.circles[i], input.circles[i + 1]);
    assert.equal(r.batchOverlaps[i], expected !== null ? 1 : 0, `batch.overlapsCircleCircle pair ${i}`);
    checkContact(contactIn(r.batchCircleContacts, i), expected, `batch.collideCircleCircle pair ${i}`);
    if (expected !== null) hits++;
  }
  assert.ok(hits > n / 10 && hits < n - n / 10, `the circle batch mixes hits and misses (${hits} of ${n})`);
  hits = 0;
  for (let i = 0; i + 1 < input.rects.length; i++) {
    const expected = rectContact(input.rects[i], input.rects[i + 1]);
    checkContact(contactIn(r.batchPolygonContacts, i), expected, `batch.collidePolygonPolygon pair ${i}`);
    if (expected !== null) hits++;
  }
  assert.ok(hits > 10 && hits < input.rects.length - 10, `the polygon batch mixes hits and misses (${hits})`);
}

// ---- the temporary project -------------------------------------------------------------------------------------

const INPUT = makeInput();

before(() => {
  const pkg = join(ROOT, 'web/pkg');
  for (const f of ['collide2d.mjs', 'collide2d.wasm']) {
    assert.ok(existsSync(join(pkg, f)), `web/pkg/${f} is missing: run flock /tmp/wasm.lock bash scripts/build-wasm.sh --module-only`);
  }
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'collide2d-pack-')));
  project = join(tmp, 'project');
  mkdirSync(project);
  [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], ROOT));
  tarball = join(tmp, packed.filename);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
  writeFileSync(join(project, 'compute.js'), COMPUTE);
});

after(async () => {
  if (browser) await browser.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds only what runs', (t) => {
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [...SHIPPED].sort());
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules/collide2d/package.json'), 'utf8'));
  assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
  const consumer = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(consumer.dependencies), ['collide2d']);
  t.diagnostic(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
});

test('Node ESM: import the installed package, init, call, right answers', () => {
  writeFileSync(join(project, 'run.mjs'), `import { compute } from './compute.js';
const input = ${JSON.stringify(INPUT)};
const result = await compute(input);
process.stdout.write(JSON.stringify({ resolved: import.meta.resolve('collide2d'), result }));
`);
  const { resolved, result } = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: project, encoding: 'utf8' }));
  assert.equal(resolved, `file://${join(project, 'node_modules/collide2d/web/lib/index.js')}`, 'resolved from the installed tarball');
  checkAnswers(result, INPUT);
});

// ---- types ---------------------------------------------------------------------------------------------------------

const GOOD_TS = `import { init, circle, polygon, overlaps, collide, intersectSegments, batch } from 'collide2d';
import type { Contact, SegmentIntersection, PackedPolygons } from 'collide2d';

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
export { hit, depth, kind, out, flags };
`;

// Each line after the import is wrong in one way; tsc must report exactly these lines.
const BAD_TS = `import { circle, overlaps, collide, intersectSegments, batch } from 'collide2d';
overlaps(circle(0, 0, 1), 42);
const depth: string = collide(circle(0, 0, 1), circle(1, 0, 1))!.depth;
intersectSegments({ a: { x: 0, y: 0 } }, { a: { x: 0, y: 1 }, b: { x: 1, y: 0 } });
batch.overlapsCircleCircle([0, 0, 1], new Float64Array([1, 0, 1]));
const missing = collide(circle(0, 0, 1), circle(1, 0, 1)).depth;
export { depth, missing };
`;
const BAD_LINES = [2, 3, 4, 5, 6];

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
    const declarations = join(project, 'node_modules/collide2d/web/lib/index.d.ts');
    assert.ok(good.output.split('\n').includes(declarations), `tsc read ${declarations}:\n${good.output}`);
    const bad = tsc(resolution, 'wrong.ts');
    assert.equal(bad.ok, false, 'the wrong calls must not type check');
    const errorLines = [...bad.output.matchAll(/^wrong\.ts\((\d+),\d+\): error TS\d+/gm)].map((m) => Number(m[1]));
    assert.deepEqual([...new Set(errorLines)].sort((x, y) => x - y), BAD_LINES, bad.output);
    assert.doesNotMatch(bad.output, /TS2307|TS7016/, 'the module and its declarations resolve');
  });
}

// ---- Vite ------------------------------------------------------------------------------------------------------

function writeViteApp() {
  writeFileSync(join(project, 'index.html'), `<!doctype html>
<html>
  <head><meta charset="utf-8"><link rel="icon" href="data:,"><title>collide2d in Vite</title></head>
  <body>
    <pre id="out">pending</pre>
    <script type="module" src="./main.js"></script>
  </body>
</html>
`);
  writeFileSync(join(project, 'main.js'), `import { init } from 'collide2d';
import { compute } from './compute.js';

const input = ${JSON.stringify(INPUT)};
const out = document.getElementById('out');
compute(input).then(
  (result) => {
    out.textContent = JSON.stringify({ result, initIsFunction: typeof init === 'function' });
    document.body.dataset.done = 'ok';
  },
  (e) => {
    out.textContent = String(e && e.stack ? e.stack : e);
    document.body.dataset.done = 'error';
  },
);
`);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

/** A static file server for `dir` on 127.0.0.1 (ephemeral port). */
function serveStatic(dir) {
  const server = createHttpServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1) || 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** Loads the app in Chromium; returns the consumer's result, the page's errors and the .wasm responses. */
async function runInBrowser(url) {
  browser ??= await launch();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  const wasm = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
    if (r.url().split('?')[0].endsWith('.wasm')) wasm.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
  });
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-done]', { timeout: 30000 });
    const state = await page.getAttribute('body', 'data-done');
    const text = await page.textContent('#out');
    assert.equal(state, 'ok', text ?? '');
    return { ...JSON.parse(text ?? 'null'), errors, wasm };
  } finally {
    await context.close();
  }
}

function checkPage(page) {
  assert.deepEqual(page.errors, []);
  assert.equal(page.initIsFunction, true);
  assert.equal(page.wasm.length, 1, `one .wasm request: ${JSON.stringify(page.wasm)}`);
  assert.equal(page.wasm[0].status, 200);
  assert.match(page.wasm[0].type ?? '', /^application\/wasm/);
  checkAnswers(page.result, INPUT);
}

test('Vite build (no config): dist holds the .wasm and the page computes the right answers in Chromium', async () => {
  writeViteApp();
  await viteBuild({ root: project, configFile: false, logLevel: 'warn' });
  const dist = join(project, 'dist');
  const assets = readdirSync(join(dist, 'assets'));
  const wasmAssets = assets.filter((f) => f.endsWith('.wasm'));
  assert.equal(wasmAssets.length, 1, `dist/assets: ${assets.join(', ')}`);
  assert.deepEqual(readFileSync(join(dist, 'assets', wasmAssets[0])), readFileSync(join(ROOT, 'web/pkg/collide2d.wasm')));
  const js = assets.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('\n');
  assert.ok(js.includes(wasmAssets[0]), 'the bundle refers to the emitted .wasm');
  const server = await serveStatic(dist);
  try {
    const page = await runInBrowser(server.url);
    checkPage(page);
    assert.ok(page.wasm[0].url.endsWith(`/assets/${wasmAssets[0]}`), page.wasm[0].url);
  } finally {
    await server.close();
  }
});

test('Vite dev server (no config, dependency pre-bundling as a user gets it): the page works in Chromium', async () => {
  writeViteApp();
  rmSync(join(project, 'node_modules/.vite'), { recursive: true, force: true });
  const server = await createViteServer({
    root: project,
    configFile: false,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  try {
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    assert.ok(url, 'the dev server has a local URL');
    const page = await runInBrowser(url);
    checkPage(page);
    // The package went through Vite's dependency optimiser, as it does for users.
    assert.ok(existsSync(join(project, 'node_modules/.vite/deps')), 'pre-bundled dependencies');
    assert.ok(readdirSync(join(project, 'node_modules/.vite/deps')).some((f) => f.startsWith('collide2d')), 'collide2d was pre-bundled');
  } finally {
    await server.close();
  }
});
