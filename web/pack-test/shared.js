// Shared by the pack tests (imported, not a test file itself): the consumer code a user would write, the answers plain
// geometry gives for its inputs, the temporary project with the packed tarball installed, a static file server and
// Chromium. pack.test.js uses it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { launch, ROOT } from '../e2e/helpers.js';
import { mulberry32 } from '../test/shared.js';

export { ROOT };

export function npm(args, cwd, env = {}) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
}

// ---- inputs and the answers plain geometry gives --------------------------------------------------------------

/** Inputs of the consumer script. Integer coordinates: the plain-geometry answers below are exact, ties included. */
export function makeInput() {
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

/**
 * The consumer's code (the same in Node and in every browser setup): only the public API, answers as JSON.
 * `specifier` is what it imports ('collide2d', 'collide2d/inline', or a relative path for a page with no bundler).
 */
export function computeSource(specifier = 'collide2d') {
  return `
import * as c2 from ${JSON.stringify(specifier)};

const rectPoints = ([x0, y0, x1, y1]) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
const seg = ([ax, ay, bx, by]) => ({ a: { x: ax, y: ay }, b: { x: bx, y: by } });

export async function compute(input, initOptions) {
  let beforeInit = 'no error';
  try {
    c2.overlaps({ type: 'circle', center: { x: 0, y: 0 }, radius: 1 }, { type: 'circle', center: { x: 0, y: 0 }, radius: 1 });
  } catch (e) {
    beforeInit = e.constructor.name + ': ' + e.message;
  }
  const first = c2.init(initOptions);
  const second = c2.init(initOptions);
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
  // The queries and decompose live in modules of their own that register their wasm functions when loaded: with
  // "sideEffects": false a bundler must still keep that registration wherever they are used.
  const queryDistance = c2.distance(c2.circle(0, 0, 1), c2.box(5, 0, 1, 1)).distance;
  const cup = [[0, 0], [6, 0], [6, 6], [4.5, 6], [4.5, 1.5], [1.5, 1.5], [1.5, 6], [0, 6]].map(([x, y]) => ({ x, y }));
  const decomposeParts = c2.decompose(cup).length;
  return {
    beforeInit, overlaps, circleContacts, circlePolygon, polygonContacts, segments, badInput,
    batchOverlaps, batchCircleContacts, batchPolygonContacts, initIsFunction: typeof c2.init === 'function',
    queryDistance, decomposeParts,
  };
}
`;
}

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

/** Checks everything computeSource's compute() returned against plain geometry. */
export function checkAnswers(r, input) {
  assert.equal(r.initIsFunction, true);
  assert.match(r.beforeInit, /^Error: .*init\(\)/, 'a call before init() throws an Error that says to call init()');
  // the first pair, exactly: circles of radius 1 at (0, 0) and (1.5, 0) touch along +x, 0.5 deep, at (0.5, 0)
  assert.deepEqual(r.circleContacts[0], { normal: { x: 1, y: 0 }, depth: 0.5, point: { x: 0.5, y: 0 } });
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
  // a unit circle at the origin and a box whose near side is at x = 4: 3 apart; a U outline: 3 convex parts
  assert.equal(r.queryDistance, 3);
  assert.equal(r.decomposeParts, 3);
}

// ---- a World stepped in a worker -----------------------------------------------------------------------------------

/** Circles (integer centres and radii) and the centres of three frames: pairs begin, stay and end between frames. */
export function makeWorldInput() {
  const rnd = mulberry32(7);
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const radii = [];
  for (let i = 0; i < 120; i++) radii.push(int(1, 4));
  const frames = [];
  for (let f = 0; f < 3; f++) {
    const xy = [];
    for (let i = 0; i < radii.length; i++) xy.push(int(0, 60), int(0, 60));
    frames.push(xy);
  }
  return { radii, frames };
}

/**
 * The worker's code: builds a World of circles, steps it once per frame (setTransforms between frames) and returns,
 * per frame, the pairs as body indices (via user ids), their depths and the begin/end counts. It takes the module
 * namespace as an argument so that the same code runs behind any import (a bare specifier in a bundle, a relative
 * path in a worker with no bundler: import maps do not reach workers).
 */
export const WORLD_SOURCE = `
export async function stepWorld(c2, input, initOptions) {
  await c2.init(initOptions);
  const world = new c2.World();
  const [x0] = input.frames;
  input.radii.forEach((r, i) => world.add(c2.circle(0, 0, r), { x: x0[2 * i], y: x0[2 * i + 1] }, { userId: i }));
  const order = Array.from(world.bodies(), (h) => world.getUserId(h));
  const frames = [];
  input.frames.forEach((xy, f) => {
    if (f > 0) {
      const xya = new Float64Array(3 * order.length);
      order.forEach((i, k) => { xya[3 * k] = xy[2 * i]; xya[3 * k + 1] = xy[2 * i + 1]; });
      world.setTransforms(xya);
    }
    const n = world.step();
    const bodies = world.pairBodies;
    const contacts = world.pairContacts;
    const pairs = [];
    for (let k = 0; k < n; k++) {
      const a = world.getUserId(bodies[2 * k]);
      const b = world.getUserId(bodies[2 * k + 1]);
      const depth = contacts[5 * k + 2];
      pairs.push(a < b ? [a, b, depth] : [b, a, depth]);
    }
    frames.push({ count: n, pairs, begin: world.beginCount, end: world.endCount });
  });
  world.free();
  const inWorker = typeof WorkerGlobalScope === 'function' && self instanceof WorkerGlobalScope;
  return { frames, inWorker };
}
`;

/** A module worker's source: imports the package through `specifier`, steps the world it is sent, posts the result. */
export function workerSource(specifier, worldModule = './world.js') {
  return `import * as c2 from ${JSON.stringify(specifier)};
import { stepWorld } from ${JSON.stringify(worldModule)};

self.onmessage = (e) => {
  stepWorld(c2, e.data.input, e.data.initOptions).then(
    (result) => self.postMessage({ ok: true, result }),
    (err) => self.postMessage({ ok: false, error: String(err && err.stack ? err.stack : err) }),
  );
};
`;
}

/** The page that starts the worker (`new Worker(new URL(..., import.meta.url), { type: 'module' })`, the form bundlers know). */
export function workerPageSource(input, initOptions) {
  return `const out = document.getElementById('out');
const fail = (e) => {
  out.textContent = String(e && e.stack ? e.stack : e);
  document.body.dataset.done = 'error';
};
try {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onerror = (e) => fail('worker error: ' + (e.message || e.type));
  worker.onmessage = (e) => {
    if (!e.data.ok) return fail(e.data.error);
    out.textContent = JSON.stringify({ result: e.data.result });
    document.body.dataset.done = 'ok';
  };
  worker.postMessage({ input: ${JSON.stringify(input)}, initOptions: ${JSON.stringify(initOptions)} });
} catch (e) {
  fail(e);
}
`;
}

/** Brute force: every pair of circles that touch in each frame, and the begin/end counts between frames. */
export function checkWorld(r, input) {
  assert.equal(r.inWorker, true, 'the world was stepped inside a worker');
  const n = input.radii.length;
  let previous = new Set();
  const counts = [];
  input.frames.forEach((xy, f) => {
    const expected = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = xy[2 * j] - xy[2 * i];
        const dy = xy[2 * j + 1] - xy[2 * i + 1];
        const rr = input.radii[i] + input.radii[j];
        if (dx * dx + dy * dy <= rr * rr) expected.push([i, j, rr - Math.sqrt(dx * dx + dy * dy)]);
      }
    }
    const frame = r.frames[f];
    assert.equal(frame.count, expected.length, `frame ${f}: pair count`);
    const got = [...frame.pairs].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    assert.deepEqual(got.map(([a, b]) => [a, b]), expected.map(([a, b]) => [a, b]), `frame ${f}: the pairs`);
    got.forEach(([a, b, depth], k) => assertNear(depth, expected[k][2], `frame ${f}: depth of pair ${a}-${b}`));
    const now = new Set(expected.map(([a, b]) => `${a}-${b}`));
    assert.equal(frame.begin, [...now].filter((p) => !previous.has(p)).length, `frame ${f}: begin events`);
    assert.equal(frame.end, [...previous].filter((p) => !now.has(p)).length, `frame ${f}: end events`);
    previous = now;
    counts.push(expected.length);
  });
  assert.ok(counts.every((c) => c > 5), `every frame has pairs: ${counts}`);
}

// ---- the temporary project -----------------------------------------------------------------------------------------

/**
 * A temporary folder with `project/` (an empty npm project) into which `tarball` is installed offline (the package has
 * no runtime dependencies). Returns { tmp, project, cleanup }.
 */
export function makeProject(tarball, tmp = realpathSync(mkdtempSync(join(tmpdir(), 'collide2d-pack-')))) {
  const project = join(tmp, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
  // The bundlers and tools run from the repository's node_modules (as if installed as the project's devDependencies).
  return { tmp, project };
}

/** `npm pack --json` output: the one entry (npm prints the prepack script's output on stderr, the JSON on stdout). */
export function parsePack(stdout) {
  const start = stdout.search(/^\[\s*\{/m);
  assert.ok(start >= 0, `npm pack --json printed no JSON:\n${stdout}`);
  const [entry] = JSON.parse(stdout.slice(start));
  return entry;
}

/** Packs the repository as it is (web/pkg already built), scripts not run. Returns { tarball, packed }. */
export function packWorkingTree(dest) {
  const packed = parsePack(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dest], ROOT));
  return { tarball: join(dest, packed.filename), packed };
}

export function removeTmp(tmp) {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}

// ---- serving and Chromium ------------------------------------------------------------------------------------------

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
};

/** A static file server for `dir` on 127.0.0.1 (ephemeral port), with the MIME types a module page needs. */
export function serveStatic(dir) {
  const server = createHttpServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** An index.html that runs `script` (a module by default) and shows the result in #out. */
export function pageHtml(title, script, { module = true, head = '' } = {}) {
  return `<!doctype html>
<html>
  <head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title>${head}</head>
  <body>
    <pre id="out">pending</pre>
    <script ${module ? 'type="module" ' : ''}src="${script}"></script>
  </body>
</html>
`;
}

/** A page's main script: runs compute(input, initOptions) and shows the result (or the error) in #out. */
export function mainSource(input, initOptions, computeModule = './compute.js') {
  return `import { compute } from ${JSON.stringify(computeModule)};

const input = ${JSON.stringify(input)};
const out = document.getElementById('out');
compute(input, ${JSON.stringify(initOptions)}).then(
  (result) => {
    out.textContent = JSON.stringify({ result });
    document.body.dataset.done = 'ok';
  },
  (e) => {
    out.textContent = String(e && e.stack ? e.stack : e);
    document.body.dataset.done = 'error';
  },
);
`;
}

let browser = null;

export async function closeBrowser() {
  if (browser) await browser.close();
  browser = null;
}

/**
 * Loads a page in Chromium and waits for body[data-done]; returns what the page put in #out, the errors (console
 * errors and warnings of the page and its workers, page errors, failed requests, HTTP errors), every request URL and
 * every .wasm response.
 */
export async function runInBrowser(url) {
  browser ??= await launch();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  const wasm = [];
  const requests = [];
  // Console warnings count too: e.g. a .wasm served with the wrong MIME type only warns ("wasm streaming compile
  // failed", then a slower fallback).
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('worker', (w) => {
    w.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`worker console ${m.type()}: ${m.text()}`);
    });
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  context.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()}`));
  context.on('request', (r) => requests.push(r.url()));
  context.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
    if (r.url().split('?')[0].endsWith('.wasm')) wasm.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
  });
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-done]', { timeout: 30000 });
    const state = await page.getAttribute('body', 'data-done');
    const text = await page.textContent('#out');
    assert.equal(state, 'ok', text ?? '');
    return { ...JSON.parse(text ?? 'null'), errors, wasm, requests };
  } finally {
    await context.close();
  }
}

/** No errors, exactly one .wasm fetched (200, application/wasm), and the right answers. */
export function checkPage(page, input) {
  assert.deepEqual(page.errors, []);
  assert.equal(page.wasm.length, 1, `one .wasm request: ${JSON.stringify(page.wasm)}`);
  assert.equal(page.wasm[0].status, 200);
  assert.match(page.wasm[0].type ?? '', /^application\/wasm/);
  checkAnswers(page.result, input);
}
