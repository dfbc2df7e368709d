// What a learner meets: the live code of every chapter runs in Node against the package and computes exactly the
// page's read-out (defaults and every "try this"); the answer stays in view at 1280x800, also while dragging and with
// the page scrolled; a finger scrubs a number on a phone; touch targets are at least 44 px; only the selected shape
// has handles, none crowded; every "touching" or "tangent" preset is a hit (a "grazing" one that is not says why);
// formula blocks are never clipped; the steppers' thumbs sit on the step shown; one colour per meaning; a link
// keeps a preset's exact angle.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import {
  CHAPTERS, ROOT, ensureBuilt, hashParams, hitState, launch, newPage, open, resultJson, selectHandle, serve, worldToPage,
} from './helpers.js';
import { EXPECTED, decodeShape, diff, lib, normal } from './lib.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PANELS = join(ROOT, 'test-output/panels');
let server;
let browser;
let c2;
let run = 0;

before(async () => {
  ensureBuilt();
  server = await serve('/');
  browser = await launch();
  c2 = await lib();
  mkdirSync(PANELS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Runs the page's live code as a user would paste it: an ES module in the repository (so that `import ... from
 * 'collide2d'` resolves to this package), its read-out's variables exported. Returns them.
 */
async function runPanel(code, names, tag) {
  const file = join(PANELS, `${tag}-${process.pid}-${run++}.mjs`);
  writeFileSync(file, `${code}\nexport const __out = { ${names.join(', ')} };\n`);
  return (await import(pathToFileURL(file).href)).__out;
}

async function presetsOf(page) {
  return page.locator('.presets .chip').evaluateAll((bs) => bs.map((b) => b.textContent));
}

async function assertPanelComputesReadout(page, id, tag) {
  const code = await page.locator('[data-testid="live-code"]').textContent();
  const shown = await resultJson(page);
  let out;
  try {
    out = await runPanel(code, Object.keys(shown), `${id}-${tag}`);
  } catch (e) {
    assert.fail(`${id} (${tag}): the live code does not run: ${e}\n${code}`);
  }
  // Exact: the panel's numbers are the page's doubles, so the program computes bit for bit what the page shows.
  assert.deepStrictEqual(normal(out), shown, `${id} (${tag}): the live code computes something else than the read-out\n${code}`);
}

describe('teaching', () => {
  test('the live code of every chapter runs in Node and computes the read-out exactly (defaults and every preset)', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      let panels = 0;
      for (const id of CHAPTERS) {
        await open(page, server.url, `#/chapter/${id}`);
        await assertPanelComputesReadout(page, id, 'default');
        panels++;
        const presets = await presetsOf(page);
        for (let i = 0; i < presets.length; i++) {
          await page.locator(`[data-testid="preset-${i}"]`).click();
          if (await page.locator('[data-testid="hit-state"][data-hit="error"]').count()) continue; // (a refused shape: no program)
          await assertPanelComputesReadout(page, id, `preset-${i}`);
          panels++;
        }
      }
      assert.ok(panels >= 70, `${panels} panels run`);
      // After a drag and a rotation (numbers off the integer grid, an angle of 1e-4 rad steps): still exact.
      await open(page, server.url, '#/chapter/rect-circle');
      await selectHandle(page, 'p.center');
      await page.keyboard.press('r');
      await page.keyboard.press('Shift+ArrowLeft');
      await assertPanelComputesReadout(page, 'rect-circle', 'turned');
      await open(page, server.url, '#/chapter/polygons');
      await selectHandle(page, 'a.center');
      await page.keyboard.press('r');
      await assertPanelComputesReadout(page, 'polygons', 'turned');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('1280x800: the badge and the key numbers are on screen under the figure, on load, while dragging, and scrolled', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    const inView = async (id, when) => {
      for (const sel of ['[data-testid="hit-state"]', '[data-testid="keys"]', '.stage:not(.mini-stage)']) {
        const b = await page.locator(sel).boundingBox();
        assert.ok(b && b.y >= 0 && b.y + b.height <= DESKTOP.height, `${id} ${when}: ${sel} is in view (${b?.y}..${b && b.y + b.height})`);
      }
      const stage = await page.locator('.stage:not(.mini-stage)').boundingBox();
      const badge = await page.locator('[data-testid="hit-state"]').boundingBox();
      assert.ok(badge.y >= stage.y + stage.height && badge.y - (stage.y + stage.height) < 24, `${id} ${when}: the badge is right under the figure`);
      const keys = await page.locator('[data-testid="keys"] dd').count();
      assert.ok(keys >= 2 && keys <= 4, `${id}: ${keys} key numbers`);
    };
    try {
      for (const id of CHAPTERS) {
        await open(page, server.url, `#/chapter/${id}`);
        await inView(id, 'on load');
        // The figure is sized to the viewport's height: it takes most of what the panel leaves.
        const stage = await page.locator('.stage:not(.mini-stage)').boundingBox();
        assert.ok(stage.height >= 0.5 * DESKTOP.height, `${id}: the figure is ${stage.height} px tall`);
        const panel = await page.locator('.panel').evaluate((p) => [p.scrollHeight, p.clientHeight]);
        assert.ok(panel[0] <= panel[1], `${id}: the panel fits the screen (${panel})`);
        // While dragging: the mouse is down and has moved the selected shape.
        const handle = await page.locator('.handle-move:not(.latent)').first();
        const hb = await handle.boundingBox();
        const before = await page.evaluate(() => location.hash);
        await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
        await page.mouse.down();
        await page.mouse.move(hb.x + hb.width / 2 - 30, hb.y + hb.height / 2 + 20, { steps: 4 });
        await inView(id, 'while dragging');
        await page.mouse.up();
        await page.waitForTimeout(100);
        assert.notEqual(await page.evaluate(() => location.hash), before, `${id}: the drag moved a shape`);
        // Scrolled to the code at the bottom: the answer is still there.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(50);
        assert.ok(await page.evaluate(() => window.scrollY) > 300, `${id}: the page scrolled`);
        await inView(id, 'scrolled to the code');
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone (390x844, touch): a finger scrubs a number: an 80 px drag changes it by 40', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/circles');
      for (const where of ['inputs', 'live-code']) {
        const span = page.locator(`[data-testid="${where}"] [data-scrub="B x"]`);
        // (at the bottom of the screen: the top half is the sticky figure)
        await span.evaluate((e) => e.scrollIntoView({ block: 'end' }));
        await page.waitForTimeout(50);
        const box = await span.boundingBox();
        assert.ok(box.width >= 44 && box.height >= 44, `the ${where} number is a 44 px target (${box.width}x${box.height})`);
        const x0 = Number((await hashParams(page)).get('b').split(',')[1]);
        const cdp = await page.context().newCDPSession(page);
        const pt = (x, y) => [{ x, y, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
        const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pt(from.x, from.y) });
        for (let i = 1; i <= 10; i++) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pt(from.x + 8 * i, from.y + (i % 2)) });
          await page.waitForTimeout(16);
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
        const x1 = Number((await hashParams(page)).get('b').split(',')[1]);
        assert.equal(x1 - x0, 40, `scrubbing ${where} by touch: ${x0} -> ${x1}`);
        const params = await hashParams(page);
        const shapes = {};
        for (const [k, v] of params) shapes[k] = decodeShape(c2, v);
        assert.equal(diff(await resultJson(page), normal(EXPECTED.circles(c2, shapes))), null);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone: every target is at least 44 px; a short explanation comes before the answer and the figure', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      for (const id of CHAPTERS) {
        await open(page, server.url, `#/chapter/${id}`);
        const small = await page.evaluate(() => {
          const sel = '.scrub, .chip, input[type="range"], .tools button, summary, .handle:not(.latent):not([hidden]), .nav-toggle';
          return [...document.querySelectorAll(sel)]
            .filter((e) => e.getClientRects().length)
            .map((e) => ({ e, b: e.getBoundingClientRect() }))
            .filter(({ b }) => b.width < 43.5 || b.height < 43.5)
            .map(({ e, b }) => `${e.tagName}.${e.className} "${(e.textContent ?? '').slice(0, 20)}" ${Math.round(b.width)}x${Math.round(b.height)}`);
        });
        assert.deepEqual(small, [], `${id}: targets under 44 px`);
        const lede = await page.locator('.lede').boundingBox();
        const stage = await page.locator('.stage:not(.mini-stage)').boundingBox();
        const badge = await page.locator('[data-testid="hit-state"]').boundingBox();
        assert.ok(lede.y + lede.height <= stage.y && stage.y < badge.y, `${id}: lede, then the figure, then the answer`);
        assert.ok(badge.y + badge.height <= PHONE.height, `${id}: the answer is on the first screen`);
        assert.ok((await page.locator('.lede').textContent()).length > 60, `${id}: the lede explains`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('handles: one selected shape shows its handles (at least 30 px apart); a click or a tap selects another', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      for (const id of CHAPTERS) {
        await open(page, server.url, `#/chapter/${id}`);
        const shown = await page.locator('.handle:not(.latent):not([hidden])').evaluateAll((els) => els.map((e) => {
          const b = e.getBoundingClientRect();
          return { id: e.dataset.handle, shape: e.dataset.shape, x: b.x + b.width / 2, y: b.y + b.height / 2 };
        }));
        // (a point is nothing but its handle: it always shows)
        const pointKeys = new Set(await page.locator('.handle[data-handle$=".p"]').evaluateAll((els) => els.map((e) => e.dataset.shape)));
        const shapes = new Set(shown.map((h) => h.shape).filter((k) => !pointKeys.has(k)));
        assert.equal(shapes.size, 1, `${id}: the handles of one shape show (${[...shapes]})`);
        for (let i = 0; i < shown.length; i++) {
          for (let j = i + 1; j < shown.length; j++) {
            const d = Math.hypot(shown[i].x - shown[j].x, shown[i].y - shown[j].y);
            assert.ok(d >= 30, `${id}: handles ${shown[i].id} and ${shown[j].id} are ${d.toFixed(1)} px apart`);
          }
        }
      }
      // A mouse press on another shape's body selects it and drags it.
      await open(page, server.url, '#/chapter/circles');
      assert.equal(await page.locator('[data-handle="a.radius"]').evaluate((e) => e.classList.contains('latent')), true);
      const a0 = (await hashParams(page)).get('a');
      const p = await worldToPage(page, { x: 260, y: 280 }); // inside A, away from its centre
      await page.mouse.move(p.x, p.y);
      await page.mouse.down();
      await page.mouse.move(p.x - 40, p.y, { steps: 4 });
      await page.mouse.up();
      assert.equal(await page.locator('[data-handle="a.radius"]').evaluate((e) => e.classList.contains('latent')), false, 'A is selected');
      assert.equal(await page.locator('[data-handle="b.radius"]').evaluate((e) => e.classList.contains('latent')), true, 'B is not');
      const a1 = (await hashParams(page)).get('a');
      assert.notEqual(a1, a0, 'A moved');
      assert.equal(a1.split(',')[3], a0.split(',')[3], 'by its body: the radius is the same');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('every "touching" or "tangent" preset is a hit; a "grazing" preset without a hit says why', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      let touching = 0;
      for (const id of CHAPTERS) {
        await open(page, server.url, `#/chapter/${id}`);
        const presets = await presetsOf(page);
        for (let i = 0; i < presets.length; i++) {
          const name = presets[i];
          if (!/touching|tangent|grazing/i.test(name)) continue;
          await page.locator(`[data-testid="preset-${i}"]`).click();
          const state = await hitState(page);
          const badge = await page.locator('[data-testid="hit-state"]').textContent();
          if (/grazing/i.test(name) && state === 'miss') {
            assert.match(badge, /never moves into it/, `${id} "${name}": the badge says why there is no hit`);
            assert.match(await page.locator('.prose').textContent(), /grazing a wall/, `${id}: the prose explains the grazing case`);
            continue;
          }
          assert.equal(state, 'hit', `${id} "${name}" shows ${badge}`);
          touching++;
          // The same scene from its link: still a hit (the URL keeps the numbers exactly).
          const hash = await page.evaluate(() => location.hash);
          await page.waitForTimeout(100);
          const { page: p2, context: c2x } = await newPage(browser, DESKTOP);
          await open(p2, server.url, await page.evaluate(() => location.hash));
          assert.equal(await hitState(p2), 'hit', `${id} "${name}" from its link ${hash}`);
          await c2x.close();
        }
      }
      assert.ok(touching >= 9, `${touching} touching / tangent presets`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('polygons: "touching vertex to edge" touches exactly; an angle of π/4 survives the link', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      await open(page, server.url, '#/chapter/polygons');
      await page.getByRole('button', { name: 'touching vertex to edge', exact: true }).click();
      const r = await resultJson(page);
      assert.equal(r.sat.hit, true);
      assert.equal(r.contact.depth, 0, 'a touch: depth 0');
      const square = 'poly,510,250,0.7853981633974483,-100,-100,100,-100,100,100,-100,100';
      await open(page, server.url, `#/chapter/polygons?a=poly,310,250,0,0,-100,100,0,0,100,-100,0&b=${square}`);
      await page.waitForTimeout(100);
      assert.equal((await hashParams(page)).get('b'), square, 'the angle is written back exactly');
      const b = decodeShape(c2, square);
      const a = decodeShape(c2, 'poly,310,250,0,0,-100,100,0,0,100,-100,0');
      assert.equal(diff(await resultJson(page), normal({ sat: c2.sat(a, b), contact: c2.collide(a, b) })), null);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('steppers: while the whole result is shown, the thumb sits on the step the figure shows', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    try {
      await open(page, server.url, '#/chapter/cast');
      const { hit } = await resultJson(page);
      assert.equal(hit.hit, true);
      assert.equal(await page.locator('[data-testid="step-slider"]').inputValue(), String(Math.round(hit.fraction * 100)),
        `"At contact": the time slider sits at t = ${hit.fraction}`);
      await open(page, server.url, '#/chapter/polygons');
      const { sat } = await resultJson(page);
      const shownAxis = sat.separatingAxis >= 0 ? sat.separatingAxis : sat.minimumAxis;
      assert.equal(await page.locator('[data-testid="step-slider"]').inputValue(), String(shownAxis));
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), new RegExp(`axis ${shownAxis + 1} of`));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('formula blocks fit (1280x800 and 390x844); each colour keeps one meaning in every legend', async () => {
    const meaningOf = new Map();
    for (const [vp, touch] of [[DESKTOP, false], [PHONE, true]]) {
      const { page, errors, context } = await newPage(browser, vp, touch);
      try {
        for (const id of CHAPTERS) {
          await open(page, server.url, `#/chapter/${id}`);
          const clipped = await page.locator('.formula').evaluateAll((els) => els
            .filter((e) => e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.scrollWidth - e.clientWidth} px: ${e.textContent.split('\n')[0]}`));
          assert.deepEqual(clipped, [], `${id} at ${vp.width}: formula blocks clipped`);
          const items = await page.locator('[data-testid="legend"] li').evaluateAll((lis) => lis.map((li) => [
            li.dataset.meaning, getComputedStyle(li.querySelector('.swatch')).getPropertyValue('--c').trim().toLowerCase()]));
          assert.ok(items.length >= 3, `${id}: a legend`);
          for (const [m, c] of items) {
            assert.ok(!meaningOf.has(c) || meaningOf.get(c) === m, `${id}: ${c} means ${m} here, ${meaningOf.get(c)} elsewhere`);
            meaningOf.set(c, m);
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  });
});
