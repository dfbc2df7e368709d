// The chapter "Moving a character": it loads without errors at 1280x800 and as a phone; walking across the tiled floor
// (through the page's own controls: the "walk the tiles" button, the keyboard with Pause / Step, a finger holding the
// on-screen button) keeps y exactly constant and never stalls, as the page's seam read-out counts it from
// moveAndSlide's results; the live code panel run in Node computes exactly the read-out of the frame shown; every
// target is 44 px on the phone; screenshots at both sizes.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ROOT, ensureBuilt, launch, newPage, open, resultJson, serve, shotPath } from './helpers.js';
import { normal } from './lib.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PANELS = join(ROOT, 'test-output/panels');
const REST_Y = { box: '9.5', capsule: '9.5', circle: '9.55' };
let server;
let browser;
let run = 0;

before(async () => {
  ensureBuilt();
  server = await serve('/');
  browser = await launch();
  mkdirSync(PANELS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const key = async (page, k) => (await page.locator(`[data-testid="key-${k}"]`).textContent()).trim();
const frameOf = async (page) => Number(await page.locator('article[data-chapter="character"]').getAttribute('data-frame'));

/** The seam read-out once it has caught up with the frame counter (it is refreshed every few frames). */
async function seamCounts(page) {
  await page.waitForTimeout(250);
  return { y: await key(page, 'y'), seams: Number(await key(page, 'seams')), stalls: Number(await key(page, 'stalls')), lifts: Number(await key(page, 'lifts')) };
}

/** "walk the tiles": back to the start, 100 frames walking right over the flat tiles. */
async function walkTheTiles(page) {
  await page.locator('[data-testid="walk"]').click();
  await page.waitForFunction(() => Number(document.querySelector('article[data-chapter="character"]').dataset.frame) > 110, null, { timeout: 15000 });
  return seamCounts(page);
}

async function assertPanelComputesReadout(page, tag) {
  const code = await page.locator('[data-testid="live-code"]').textContent();
  const shown = await resultJson(page);
  const file = join(PANELS, `character-${tag}-${process.pid}-${run++}.mjs`);
  writeFileSync(file, `${code}\nexport const __out = { ${Object.keys(shown).join(', ')} };\n`);
  let out;
  try {
    out = (await import(pathToFileURL(file).href)).__out;
  } catch (e) {
    assert.fail(`character (${tag}): the live code does not run: ${e}\n${code}`);
  }
  assert.deepStrictEqual(normal(out), shown, `character (${tag}): the live code computes something else than the read-out\n${code}`);
}

describe('chapter: moving a character', () => {
  test('1280x800: loads without errors, the answer in view; walking the tiles keeps y exact and never stalls (box, capsule, circle); the live code runs', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      await open(page, server.url, '#/chapter/character');
      for (const sel of ['.stage:not(.mini-stage)', '[data-testid="hit-state"]', '[data-testid="keys"]', '[data-testid="pad"]']) {
        const b = await page.locator(sel).boundingBox();
        assert.ok(b && b.y >= 0 && b.y + b.height <= DESKTOP.height, `${sel} is on the first screen`);
      }
      const panel = await page.locator('.panel').evaluate((p) => [p.scrollHeight, p.clientHeight]);
      assert.ok(panel[0] <= panel[1], `the panel fits the screen (${panel})`);
      assert.equal(await page.locator('figure.mini canvas').count(), 3, 'three small figures');
      await page.screenshot({ path: shotPath('chapter-character-1280') });
      for (const hero of ['box', 'capsule', 'circle']) {
        await page.locator(`[data-testid="hero-${hero}"]`).click();
        const c = await walkTheTiles(page);
        assert.equal(c.y, REST_Y[hero], `${hero}: y after walking the tiles`);
        assert.ok(c.seams >= 6, `${hero}: ${c.seams} seams crossed`);
        assert.equal(c.stalls, 0, `${hero}: stalls at seams`);
        assert.equal(c.lifts, 0, `${hero}: lifts at seams`);
        if (hero === 'box') await page.screenshot({ path: shotPath('chapter-character-1280-walked') });
      }
      // The character's kind is in the address: a link opens the same character.
      await page.waitForTimeout(120);
      assert.match(await page.evaluate(() => location.hash), /hero=circle/);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.locator('[data-testid="hero-circle"]').getAttribute('aria-pressed'), 'true');
      // The keyboard, one frame at a time: Pause, hold →, Step 24 times: 24 walking frames, y still exact.
      await page.locator('[data-testid="hero-box"]').click();
      await page.locator('[data-testid="pause"]').click();
      await page.locator('.stage:not(.mini-stage)').click();
      const f0 = await frameOf(page);
      const x0 = Number((await page.locator('[data-testid="out-x"]').textContent()).trim());
      await page.keyboard.down('ArrowRight');
      for (let i = 0; i < 24; i++) await page.locator('[data-testid="step"]').click();
      await page.keyboard.up('ArrowRight');
      assert.equal(await frameOf(page), f0 + 24, 'Step advances one frame per press');
      const x1 = Number((await page.locator('[data-testid="out-x"]').textContent()).trim());
      assert.ok(Math.abs(x1 - x0 - 24 * (5 / 60)) < 1e-9, `24 frames at 5 tiles/s move 2 tiles (x ${x0} -> ${x1})`);
      const c = await seamCounts(page);
      assert.deepEqual([c.y, c.stalls, c.lifts], ['9.5', 0, 0], 'stepping over two seams');
      // The step figure: each hit labelled with its fraction and normal; the live code computes the read-out.
      assert.ok((await resultJson(page)).hits.length >= 1, 'the frame shown has its hits');
      await page.screenshot({ path: shotPath('chapter-character-1280-step') });
      await assertPanelComputesReadout(page, 'paused');
      await page.locator('[data-testid="hero-circle"]').click();
      await page.locator('[data-testid="step"]').click();
      await assertPanelComputesReadout(page, 'circle');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone (390x844, touch): 44 px targets; a finger holding ▶ walks the tiles with y exact and no stall', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/character');
      const small = await page.evaluate(() => [...document.querySelectorAll('.pad-btn, .chip, .tools button, summary, .nav-toggle')]
        .filter((e) => e.getClientRects().length)
        .map((e) => ({ e, b: e.getBoundingClientRect() }))
        .filter(({ b }) => b.width < 43.5 || b.height < 43.5)
        .map(({ e, b }) => `${e.className} "${(e.textContent ?? '').slice(0, 20)}" ${Math.round(b.width)}x${Math.round(b.height)}`));
      assert.deepEqual(small, [], 'targets under 44 px');
      const pad = await page.locator('[data-testid="pad"]').boundingBox();
      assert.ok(pad.y + pad.height <= PHONE.height, 'the touch buttons are on the first screen');
      await page.screenshot({ path: shotPath('chapter-character-390') });
      const f0 = await frameOf(page);
      const right = await page.locator('[data-testid="pad-right"]').boundingBox();
      const cdp = await page.context().newCDPSession(page);
      const pt = [{ x: right.x + right.width / 2, y: right.y + right.height / 2, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pt });
      await page.waitForFunction((f) => Number(document.querySelector('article[data-chapter="character"]').dataset.frame) > f + 90, f0, { timeout: 15000 });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      const c = await seamCounts(page);
      assert.ok(c.seams >= 5, `${c.seams} seams crossed`);
      assert.deepEqual([c.y, c.stalls, c.lifts], ['9.5', 0, 0], 'holding ▶: y exact, no stall, no lift');
      // Let go: the character stops.
      const x = await page.locator('[data-testid="out-x"]').textContent();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('[data-testid="out-x"]').textContent(), x, 'released: it stands still');
      await page.screenshot({ path: shotPath('chapter-character-390-walked') });
      await page.locator('figure[data-mini="seam"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath('chapter-character-390-seam') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
