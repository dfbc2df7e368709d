// The stress view's level mode (issue 12): static pieces and concave pieces split into convex parts in a c2.World,
// with the moving circles. The figures the page shows are recomputed in Node with the package: the parts with
// c2.decompose on the page's own outlines, the pairs by brute force with c2.overlaps on the World's shapes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ensureBuilt, hashParams, launch, newPage, open, serve, shotPath } from './helpers.js';
import { lib } from './lib.js';

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

const num = async (page, id) => Number((await page.locator(`[data-testid="${id}"]`).textContent()).replace(/,/g, ''));
const snapshot = (page) => page.evaluate(() => document.querySelector('article.stress').levelSnapshot());

/** Bounds of a shape as getShape returns it (aabb or polygon here). */
function boundsOf(s) {
  if (s.type === 'aabb') return [s.min.x, s.min.y, s.max.x, s.max.y];
  assert.equal(s.type, 'polygon');
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of s.points) {
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
  }
  return [x0, y0, x1, y1];
}

const key = (poly) => poly.points.map((p) => `${p.x},${p.y}`).sort().join(' ');

describe('stress view, level mode', () => {
  test('static pieces and concave parts in the World; pairs, pairs with statics and touched pieces agree with Node', async () => {
    const { page, errors, context } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await open(page, server.url, '#/stress?n=600&level=1');
      assert.equal(await page.locator('[data-testid="stress-level"]').isChecked(), true);
      assert.equal(await page.locator('[data-testid="mode-world"]').isChecked(), true, 'the level lives in the World');
      assert.equal(await page.locator('[data-testid="mode-brute"]').isDisabled(), true);
      await page.waitForTimeout(1500); // let the circles run into the level
      await page.locator('[data-testid="stress-pause"]').click();
      await page.waitForFunction(() => location.hash.includes('paused=1'));
      await page.waitForTimeout(300); // the last frame (it updates the figures when paused)
      const params = await hashParams(page);
      assert.equal(params.get('level'), '1');
      assert.equal(params.get('mode'), 'world');

      const shown = {};
      for (const id of ['moving-count', 'static-count', 'tile-count', 'concave-count', 'part-count', 'pairs', 'static-pairs', 'touched']) {
        shown[id] = await num(page, `stress-${id}`);
      }
      const snap = await snapshot(page);
      assert.ok(snap, 'the page exposes its level scene');
      await page.screenshot({ path: shotPath('stress-level') });

      // What the World holds: 600 circles and the static pieces, every piece static.
      assert.equal(shown['moving-count'], 600);
      assert.equal(snap.moving.length, 600);
      assert.equal(shown['static-count'], snap.statics.length);
      assert.equal(snap.bodyCount, 600 + snap.statics.length);
      assert.ok(shown['static-count'] >= 2000, `a level of a few thousand pieces on a desktop view (${shown['static-count']})`);
      assert.ok(snap.staticOf.every((s) => s === true), 'every level piece is static in the World');

      // The concave pieces: c2.decompose in Node on the page's outlines gives the parts the World holds.
      assert.equal(shown['concave-count'], snap.concave.length);
      assert.ok(snap.concave.length >= 8, `concave pieces (${snap.concave.length})`);
      let parts = 0;
      for (let c = 0; c < snap.concave.length; c++) {
        const want = c2.decompose(snap.concave[c]);
        assert.ok(want.length >= 2, `concave piece ${c} has several parts (${want.length})`);
        const got = snap.statics.filter((_, j) => snap.pieceConcave[j] === c);
        assert.deepEqual(got.map(key).sort(), want.map(key).sort(), `concave piece ${c}: the World's parts are decompose's`);
        parts += want.length;
      }
      assert.equal(shown['part-count'], parts);
      assert.equal(shown['tile-count'] + parts, shown['static-count']);

      // Pairs, by brute force in Node on the same shapes: circle-circle and circle-piece; pieces never pair.
      const circles = snap.moving.map(([x, y, r]) => c2.circle(x, y, r));
      let circlePairs = 0;
      for (let i = 0; i < circles.length; i++) {
        for (let j = i + 1; j < circles.length; j++) if (c2.overlaps(circles[i], circles[j])) circlePairs++;
      }
      const boxes = snap.statics.map(boundsOf);
      let staticPairs = 0;
      const touched = new Set();
      for (const [x, y, r] of snap.moving) {
        const circle = c2.circle(x, y, r);
        for (let j = 0; j < boxes.length; j++) {
          const b = boxes[j];
          // Bounds farther apart than rounding can explain cannot touch; everything else asks the library.
          if (x + r < b[0] - 1e-6 || x - r > b[2] + 1e-6 || y + r < b[1] - 1e-6 || y - r > b[3] + 1e-6) continue;
          if (c2.overlaps(circle, snap.statics[j])) {
            staticPairs++;
            touched.add(j);
          }
        }
      }
      assert.ok(staticPairs > 0, 'circles touch the level');
      assert.equal(shown['static-pairs'], staticPairs, 'pairs with a static body');
      assert.equal(snap.staticPairs, staticPairs);
      assert.equal(shown.pairs, circlePairs + staticPairs, 'pairs this frame: circle-circle + circle-piece');
      assert.equal(await num(page, 'stat-hits'), shown.pairs);
      assert.deepEqual(snap.touched, [...touched].sort((a, b) => a - b), 'the touched (highlighted) pieces');
      assert.equal(shown.touched, touched.size);
      assert.equal(snap.pairs.length, 2 * shown.pairs);
      for (let k = 0; k < snap.pairs.length; k += 2) {
        assert.ok(!(snap.pairStatic[k] && snap.pairStatic[k + 1]), `pair ${k / 2}: two static pieces never pair`);
      }
      assert.equal(snap.pairStatic.filter(Boolean).length, staticPairs);

      // Level off: the World of circles alone, no level figures; on again: the same level.
      await page.locator('[data-testid="stress-level"]').uncheck();
      assert.equal((await hashParams(page)).get('level'), null);
      assert.equal(await page.locator('[data-testid="stress-level-stats"]').isHidden(), true);
      assert.equal(await snapshot(page), null);
      assert.equal(await page.locator('[data-testid="mode-brute"]').isDisabled(), false);
      await page.locator('[data-testid="stress-level"]').check();
      assert.equal((await hashParams(page)).get('level'), '1');
      assert.equal(await num(page, 'stress-static-count'), shown['static-count']);
      // A narrow window calls for bigger tiles: the level is rebuilt for it (fewer, bigger pieces).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => document.querySelector('article.stress').levelSnapshot()?.tile > 5);
      await page.waitForTimeout(300);
      const narrow = await snapshot(page);
      assert.ok(narrow.statics.length < snap.statics.length, `${narrow.statics.length} pieces at tile ${narrow.tile}`);
      assert.equal(await num(page, 'stress-static-count'), narrow.statics.length);
      assert.equal(narrow.bodyCount, 600 + narrow.statics.length);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('level mode on a phone: bigger tiles, fits the width, circles touch the level', async () => {
    const { page, errors, context } = await newPage(browser, { width: 390, height: 844 }, true);
    try {
      await open(page, server.url, '#/stress?n=1000&level=1');
      await page.waitForTimeout(1500);
      const snap = await snapshot(page);
      const desktopTile = 5;
      assert.ok(snap.tile > desktopTile, `tiles scale with the view (${snap.tile} world units)`);
      const statics = await num(page, 'stress-static-count');
      assert.equal(statics, snap.statics.length);
      assert.ok(statics > 300, `static pieces (${statics})`);
      const concave = await num(page, 'stress-concave-count');
      assert.ok(concave >= 4 && concave === snap.concave.length, `concave pieces on a phone too (${concave})`);
      assert.equal(await num(page, 'stress-part-count'), snap.pieceConcave.filter((c) => c >= 0).length);
      assert.ok((await num(page, 'stress-static-pairs')) > 0, 'pairs with a static body');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 0, `no horizontal overflow (${wide} px)`);
      await page.screenshot({ path: shotPath('stress-level-phone') });
      await page.locator('.stage').screenshot({ path: shotPath('stress-level-phone-figure') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
