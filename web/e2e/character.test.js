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
const REST_Y = { box: '9.5', capsule: '9.5', circle: '9.5' };
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
      // The frame shown: a leg walked; the live code computes the read-out.
      assert.ok((await resultJson(page)).iterations >= 1, 'the frame shown made its legs');
      await page.screenshot({ path: shotPath('chapter-character-1280-step') });
      await assertPanelComputesReadout(page, 'paused');
      await page.locator('[data-testid="hero-circle"]').click();
      await page.locator('[data-testid="step"]').click();
      await assertPanelComputesReadout(page, 'circle');

      // On the stairs: a capsule walks into them, one frame per Step (still paused from above, so the frames do not
      // depend on the machine's speed); a frame on the way up has a hit on a step's corner, and the code still agrees.
      await page.locator('[data-testid="hero-capsule"]').click();
      assert.equal(await page.locator('[data-testid="pause"]').getAttribute('aria-pressed'), 'true', 'still paused');
      await page.locator('.stage:not(.mini-stage)').click();
      await page.keyboard.down('ArrowRight');
      const onStairs = await page.evaluate(() => {
        const step = document.querySelector('[data-testid="step"]');
        const out = document.querySelector('[data-testid="result-json"]');
        for (let i = 0; i < 240; i++) {
          step.click();
          const r = JSON.parse(out.textContent ?? 'null');
          if (r && r.hits.some((h) => h.normal.x > 0.1)) return { frames: i + 1, result: r };
        }
        return { frames: -1, result: JSON.parse(out.textContent ?? 'null') };
      });
      await page.keyboard.up('ArrowRight');
      assert.ok(onStairs.frames > 0, `a hit on a step's corner within 240 frames: ${JSON.stringify(onStairs.result)}`);
      const xs = Number((await page.locator('[data-testid="out-x"]').textContent()).trim());
      assert.ok(xs > 10.4 && xs < 13.5, `the corner hit is at the stairs (x ${xs}, frame ${onStairs.frames})`);
      await page.screenshot({ path: shotPath('chapter-character-1280-stairs') });
      await assertPanelComputesReadout(page, 'stairs');

      // The controller's options: up gives the flags (drawn, in the read-out, in the code); every option set at once
      // still runs in Node to the same numbers; skin keeps the character off the floor after a landing, y constant.
      await page.locator('[data-testid="hero-box"]').click();
      await page.locator('[data-testid="opt-up"]').check();
      await page.locator('[data-testid="step"]').click();
      await page.locator('[data-testid="step"]').click();
      let shown = await resultJson(page);
      assert.equal(shown.grounded, true, 'up: grounded on the floor');
      assert.deepEqual(shown.groundNormal, { x: 0, y: -1 }, 'up: the ground normal points up (out of the floor)');
      assert.match(await page.locator('[data-testid="live-code"]').textContent(), /up: \{ x: 0, y: -1 \}/);
      await assertPanelComputesReadout(page, 'up');
      await page.locator('[data-testid="opt-maxSlope"]').check();
      await page.locator('[data-testid="opt-maxSlope-range"]').fill('30');
      await page.locator('[data-testid="opt-snap"]').check();
      await page.locator('[data-testid="opt-skin-range"]').fill('0.05');
      await page.locator('[data-testid="opt-maxIterations-range"]').fill('6');
      await page.locator('[data-testid="opt-stepHeight"]').check();
      await page.locator('[data-testid="opt-stepWidth-range"]').fill('0.1');
      await page.locator('[data-testid="step"]').click();
      const code = await page.locator('[data-testid="live-code"]').textContent();
      assert.match(code, /maxIterations: 6, skin: 0\.05, up: \{ x: 0, y: -1 \}, maxSlopeAngle: 0\.52359877559829\d*, snapToGround: 0\.2, autostep: \{ maxHeight: 0\.3, minWidth: 0\.1 \}/);
      await assertPanelComputesReadout(page, 'every option');
      assert.match((await page.evaluate(() => location.hash)), /up=1&slope=30&snap=0\.2&skin=0\.05&iter=6&step=0\.3&stepw=0\.1/);
      await page.screenshot({ path: shotPath('chapter-character-1280-options') });
      // Without skin, every other option on: walking the tiles keeps y exact, no stall, no lift.
      await page.locator('[data-testid="opt-skin-range"]').fill('0');
      const o = await walkTheTiles(page);
      assert.deepEqual([o.y, o.stalls, o.lifts], ['9.5', 0, 0], 'up, maxSlopeAngle 30°, snapToGround 0.2, autostep, maxIterations 6');
      assert.ok(o.seams >= 6, `${o.seams} seams crossed with the options`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('autostep: the box climbs the stairs (0.25 a step) with maxHeight 0.3 and stops at the first riser with 0.2', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      await open(page, server.url, '#/chapter/character?up=1&step=0.2');
      await page.locator('.stage:not(.mini-stage)').click();
      await page.keyboard.down('ArrowRight');
      await page.waitForFunction((f) => Number(document.querySelector('article[data-chapter="character"]').dataset.frame) > f, (await frameOf(page)) + 150, { timeout: 20000 });
      await page.keyboard.up('ArrowRight');
      await page.waitForTimeout(200);
      const low = { x: Number(await page.locator('[data-testid="out-x"]').textContent()), y: Number(await page.locator('[data-testid="out-y"]').textContent()) };
      assert.ok(Math.abs(low.x - 10.6) < 1e-9 && low.y === 9.5, `maxHeight 0.2: stopped at the first riser (${low.x}, ${low.y})`);
      await open(page, server.url, '#/chapter/character?up=1&step=0.3');
      await page.locator('.stage:not(.mini-stage)').click();
      await page.keyboard.down('ArrowRight');
      // x and y read together, at the first frame past x = 12.6 that the page shows (the landing ends at 13.5).
      const up = await (await page.waitForFunction(() => {
        const x = Number(document.querySelector('[data-testid="out-x"]').textContent);
        return x > 12.6 && { x, y: Number(document.querySelector('[data-testid="out-y"]').textContent) };
      }, null, { timeout: 20000 })).jsonValue();
      await page.keyboard.up('ArrowRight');
      assert.ok(up.x < 13.5 && up.y <= 8.75 + 1e-9, `maxHeight 0.3: up the stairs (y = ${up.y} at x = ${up.x})`);
      await page.screenshot({ path: shotPath('chapter-character-1280-autostep') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  // Known: with a skin, a landing ends a few 1e-12 off 9.5 - skin and walking then changes y by a few ulps
  // (snapToGround on), or bobs within the skin gap (snapToGround off). The chapter's counters show it; this test
  // passes once the controller keeps y exactly at the skin distance.
  // With a skin the kept distance is skin to within 2^-32 S (world.h), not bit for bit: y stays within 1e-9 here (S ~ 20).
  test('skin 0.05 with snapToGround: after a landing, walking keeps y within the skin\'s precision, no stall', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      await open(page, server.url, '#/chapter/character?up=1&snap=0.2&skin=0.05');
      await page.locator('.stage:not(.mini-stage)').click();
      await page.keyboard.down('ArrowUp');
      await page.waitForTimeout(100);
      await page.keyboard.up('ArrowUp');
      await page.waitForTimeout(1500);
      const landed = Number(await key(page, 'y'));
      assert.ok(Math.abs(landed - 9.45) < 1e-9, `skin 0.05: landed at y = ${landed}`);
      const before = await seamCounts(page);
      await page.keyboard.down('ArrowRight');
      await page.waitForFunction((f) => Number(document.querySelector('article[data-chapter="character"]').dataset.frame) > f + 50, await frameOf(page));
      await page.keyboard.up('ArrowRight');
      const after = await seamCounts(page);
      assert.ok(after.seams > before.seams, 'walked over seams');
      assert.ok(Math.abs(Number(after.y) - landed) <= 1e-9, `y within 1e-9 walking (${after.y} vs ${landed})`);
      assert.equal(after.stalls, before.stalls, 'no stall');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone (390x844, touch): 44 px targets; a finger holding ▶ walks the tiles with y exact and no stall', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/character');
      const small = await page.evaluate(() => [...document.querySelectorAll('.pad-btn, .chip, .tools button, summary, .nav-toggle, .opt-head label, input[type="range"]')]
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
