// Home, sandbox, stress view, case viewer, and the static build served from a sub-folder.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, dragHandle, ensureBuilt, hashParams, launch, newPage, open, resultJson, serve, shotPath } from './helpers.js';
import { decodeShape, lib } from './lib.js';

let server;
let browser;
let c2;

before(async () => {
  ensureBuilt();
  server = await serve('/');
  browser = await launch();
  c2 = await lib();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

function corpus(dir = join(ROOT, 'tests/cases'), prefix = '') {
  let out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(corpus(p, `${prefix}${name}/`));
    else if (name.endsWith('.json')) out.push(`${prefix}${name}`);
  }
  return out.sort();
}

describe('views', () => {
  test('home page lists every chapter', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '');
      assert.equal(await page.locator('nav .nav-chapters a').count(), 20);
      assert.equal(await page.locator('.home .cards a').count(), 20);
      await page.screenshot({ path: shotPath('home') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('sandbox: every pair is answered by the library', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/sandbox');
      assert.equal(await page.locator('[data-testid="readout"] tr').count(), 10);
      await page.locator('[data-testid="add-circle"]').click();
      assert.equal(await page.locator('[data-testid="readout"] tr').count(), 15);
      await dragHandle(page, 's5.center', { x: 330, y: 250 });
      const shapes = (await hashParams(page)).get('s').split('|').map((t) => decodeShape(c2, t));
      assert.equal(shapes.length, 6);
      const pairs = await resultJson(page);
      assert.equal(pairs.length, 15);
      let hits = 0;
      for (const p of pairs) {
        const want = c2.overlaps(shapes[p.i], shapes[p.j]);
        assert.equal(p.hit, want, `pair ${p.i + 1}-${p.j + 1}`);
        if (want) hits++;
      }
      assert.ok(hits > 0, 'the dragged circle touches the rotated rectangle');
      assert.equal(await page.locator('[data-testid="hit-state"]').getAttribute('data-hit'), 'hit');
      await page.screenshot({ path: shotPath('sandbox'), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('stress: 5,000 bodies, ms per frame and pair counts', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/stress?n=5000&mode=grid');
      assert.ok(Number(await page.locator('[data-testid="stress-n"]').getAttribute('max')) >= 5000);
      assert.equal(await page.locator('[data-testid="stress-n"]').inputValue(), '5000');
      await page.waitForTimeout(1200);
      const ms = Number(await page.locator('[data-testid="stat-ms"]').textContent());
      assert.ok(Number.isFinite(ms) && ms >= 0, `ms per frame shown (${ms})`);
      const pairs = Number((await page.locator('[data-testid="stat-pairs"]').textContent()).replace(/,/g, ''));
      assert.ok(pairs > 0, 'candidate pairs were tested');
      await page.screenshot({ path: shotPath('stress-5000') });
      // Brute force tests every pair: n (n - 1) / 2.
      await open(page, server.url, '#/stress?n=400&mode=brute&paused=1');
      const brute = Number((await page.locator('[data-testid="stat-pairs"]').textContent()).replace(/,/g, ''));
      assert.equal(brute, (400 * 399) / 2);
      // The package's World finds exactly the touching pairs that the JS grid + batch and brute force find on the
      // same (paused) scene: switch the mode with the radio buttons and compare. (A fresh page load first, so that
      // no figure of the previous view can be read.)
      const hits = async () => Number((await page.locator('[data-testid="stat-hits"]').textContent()).replace(/,/g, ''));
      const pairsText = () => page.locator('[data-testid="stat-pairs"]').textContent();
      await page.goto('about:blank');
      await open(page, server.url, '#/stress?n=1500&mode=grid&paused=1');
      assert.equal(await page.locator('[data-testid="stress-n"]').inputValue(), '1500');
      const viaGrid = await hits();
      await page.locator('[data-testid="mode-world"]').check();
      await page.waitForFunction(() => document.querySelector('[data-testid="stat-pairs"]')?.textContent === 'inside wasm');
      const viaWorld = await hits();
      await page.locator('[data-testid="mode-brute"]').check();
      await page.waitForFunction(() => document.querySelector('[data-testid="stat-pairs"]')?.textContent !== 'inside wasm');
      assert.equal(Number((await pairsText()).replace(/,/g, '')), (1500 * 1499) / 2);
      const viaBrute = await hits();
      assert.ok(viaBrute > 100, `the scene has touching pairs (${viaBrute})`);
      assert.equal(viaGrid, viaBrute);
      assert.equal(viaWorld, viaBrute);
      await page.locator('[data-testid="mode-world"]').check();
      await page.locator('[data-testid="stress-pause"]').click(); // run World mode for a while
      await page.waitForTimeout(800);
      assert.ok(Number(await page.locator('[data-testid="stat-ms"]').textContent()) >= 0);
      await page.screenshot({ path: shotPath('stress-world') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('stress: 10,000 bodies in World mode, library and drawing timed apart (fps printed), the grid overlay', async () => {
    const { page, errors, context } = await newPage(browser, { width: 1280, height: 800 });
    try {
      await open(page, server.url, '#/stress?n=10000&mode=world');
      await page.waitForTimeout(3000);
      const num = async (id) => Number((await page.locator(`[data-testid="${id}"]`).textContent()).replace(/,/g, ''));
      // Frames counted by the page itself over two seconds, next to the page's own smoothed figures.
      const frames = await page.evaluate(() => new Promise((done) => {
        let k = 0;
        const t0 = performance.now();
        const tick = (t) => (t - t0 < 2000 ? (k++, requestAnimationFrame(tick)) : done(k / ((t - t0) / 1000)));
        requestAnimationFrame(tick);
      }));
      const lib = await num('stat-ms');
      const draw = await num('stat-draw');
      const frame = await num('stat-frame');
      console.log(`# stress, 10,000 bodies, World mode, desktop Chromium (headless, software raster): ${frames.toFixed(1)} fps measured over 2 s; page figures: library ${lib} ms, drawing ${draw} ms, frame ${frame} ms`);
      assert.ok(Number.isFinite(lib) && lib > 0 && Number.isFinite(draw) && draw > 0, 'library and drawing times shown');
      assert.ok(frames > 0);
      const hits = await num('stat-hits');
      assert.ok(hits > 0, 'touching pairs found');
      await page.locator('[data-testid="stress-grid"]').check();
      assert.equal((await hashParams(page)).get('grid'), '1');
      assert.ok((await num('stat-cell')) > 0, 'the World\'s cell size is shown');
      await page.screenshot({ path: shotPath('stress-10000-world-grid') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('case viewer draws a corpus case with expected and actual results', async () => {
    const cases = corpus();
    const { page, errors, context } = await newPage(browser);
    try {
      if (cases.length === 0) {
        await open(page, server.url, '#/cases');
        await page.waitForSelector('text=No cases found');
        return;
      }
      const pick = cases.find((c) => c.startsWith('circle/')) ?? cases[0];
      await open(page, server.url, `#/cases?case=${pick}`);
      assert.equal(await page.locator('[data-testid="case-id"]').textContent(), pick);
      const status = await page.locator('[data-testid="case-status"]').getAttribute('data-pass');
      assert.ok(status === 'true' || status === 'false');
      assert.ok((await page.locator('[data-testid="case-checks"] tbody tr').count()) > 0, 'fields are compared');
      // The canvas has been drawn on (not blank).
      const painted = await page.evaluate(() => {
        const c = document.querySelector('.stage canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
        return n;
      });
      assert.ok(painted > 1000, 'the case is drawn');
      await page.screenshot({ path: shotPath('cases'), fullPage: true });
      const summary = await page.locator('[data-testid="case-summary"]').textContent();
      assert.match(summary, new RegExp(`^${cases.length} cases`));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('the static build works from a sub-folder', async () => {
    const sub = await serve('/sub/dir/');
    const { page, errors, context } = await newPage(browser, { width: 900, height: 800 });
    try {
      await open(page, sub.url, '#/chapter/circles');
      await page.waitForSelector('[data-testid="readout"] td');
      const state = await page.locator('[data-testid="hit-state"]').getAttribute('data-hit');
      assert.ok(state === 'hit' || state === 'miss');
      await page.screenshot({ path: shotPath('subfolder') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await sub.close();
    }
  });
});
