// Shared helpers of the browser tests: build the static site if needed, serve it with node:http on 127.0.0.1
// (ephemeral port, optional sub-folder prefix), launch Debian's Chromium through playwright-core.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The chapters, in reading order. */
export const CHAPTERS = [
  'aabb', 'circles', 'lines', 'segments', 'circle-line', 'circle-segment', 'rect-circle', 'polygon-circle', 'boxes',
  'polygons', 'sweep', 'contains', 'raycast', 'closest', 'capsule', 'distance', 'cast', 'manifold', 'broadphase',
];

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST = join(ROOT, 'web/dist');
export const SHOTS = join(ROOT, 'test-output/screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Newest modification time under a path (0 when missing). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const name of readdirSync(path)) m = Math.max(m, newest(join(path, name)));
  return m;
}

/** Builds web/dist with Vite unless it is newer than its inputs (set E2E_REBUILD=1 to force). */
export function ensureBuilt() {
  const index = join(DIST, 'index.html');
  const inputs = ['web/app/src', 'web/app/index.html', 'web/lib', 'web/pkg', 'tests/cases'].map((p) => newest(join(ROOT, p)));
  if (!process.env.E2E_REBUILD && existsSync(index) && statSync(index).mtimeMs >= Math.max(...inputs)) return;
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/app/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** Serves web/dist under `prefix` ("/" or "/sub/dir/"). Resolves to { url, close }. */
export function serve(prefix = '/') {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = path.slice(prefix.length) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(DIST, rel));
    if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      ok({ url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** A page that records console errors and page errors into `errors`. */
export async function newPage(browser, viewport = { width: 1280, height: 900 }, touch = false) {
  const context = await browser.newContext(
    touch ? { viewport, deviceScaleFactor: 2, hasTouch: true, isMobile: true } : { viewport, deviceScaleFactor: 1 },
  );
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return { page, errors, context };
}

/** Loads `base + hash` and waits until the app has routed. */
export async function open(page, base, hash) {
  await page.goto(`${base}${hash}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  // A goto that changes only the hash is a same-document navigation: it returns before the app's hashchange handler
  // has shown the new route, while body[data-ready] is still set from the page before. Wait for the route itself.
  const path = hash.replace(/^#\/?/, '').split('?')[0].split('/').filter(Boolean).map(decodeURIComponent).join('/');
  await page.waitForSelector(`body[data-route="${path.replace(/["\\]/g, '\\$&')}"]`, { state: 'attached', timeout: 15000 });
}

export function shotPath(name) {
  mkdirSync(SHOTS, { recursive: true });
  return join(SHOTS, `${name}.png`);
}

/**
 * Selects the shape of a handle (focusing its handle shows the shape's handles, as Tab does), so that the handle can
 * be grabbed.
 */
export async function selectHandle(page, handleId) {
  const shape = handleId.slice(0, handleId.indexOf('.'));
  const centre = page.locator(`[data-handle="${shape}.center"]`);
  await ((await centre.count()) ? centre : page.locator(`[data-handle="${handleId}"]`)).focus();
  await page.locator(`[data-handle="${handleId}"]:not(.latent)`).waitFor({ state: 'visible' });
}

/** Drags a handle (data-handle id) to a world point by mouse, in small steps (its shape selected first). */
export async function dragHandle(page, handleId, to) {
  await selectHandle(page, handleId);
  const h = page.locator(`[data-handle="${handleId}"]`);
  const box = await h.boundingBox();
  if (!box) throw new Error(`handle ${handleId} not visible`);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const target = await worldToPage(page, to);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((target.x - from.x) * i) / steps, from.y + ((target.y - from.y) * i) / steps);
  }
  await page.mouse.up();
}

/** Page coordinates of a world point: the canvas shows its data-view rectangle, uniformly scaled and centred. */
export async function worldToPage(page, p) {
  const canvas = page.locator('.stage:not(.mini-stage) canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const [x, y, w, h] = ((await canvas.getAttribute('data-view')) ?? '0,0,800,500').split(',').map(Number);
  const view = { x, y, w, h };
  const k = Math.min(box.width / view.w, box.height / view.h);
  const ox = (box.width - view.w * k) / 2 - view.x * k;
  const oy = (box.height - view.h * k) / 2 - view.y * k;
  return { x: box.x + ox + p.x * k, y: box.y + oy + p.y * k };
}

/** The library result shown in the read-out (JSON with NaN/Infinity as strings). */
export async function resultJson(page) {
  const text = await page.locator('[data-testid="result-json"]').first().textContent();
  return JSON.parse(text ?? 'null');
}

export async function hitState(page) {
  return page.locator('[data-testid="hit-state"]').getAttribute('data-hit');
}

/** The hash's query parameters, once the debounced URL update has landed. */
export async function hashParams(page) {
  await page.waitForTimeout(120);
  const hash = await page.evaluate(() => location.hash);
  const q = hash.indexOf('?');
  return new URLSearchParams(q >= 0 ? hash.slice(q + 1) : '');
}
