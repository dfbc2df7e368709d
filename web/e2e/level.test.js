// The stress view's level mode (issue 12): static pieces, and concave pieces added as their outlines (one compound body
// each, of convex parts), in a c2.World with the moving circles. The figures the page shows are recomputed in Node with
// the package: the parts with c2.decompose on the page's own outlines, the pairs and the touched parts by brute force
// with c2.overlaps on the World's shapes (each part of a compound body), the reported part with c2.collide.
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

/** The convex pieces of a shape as getShape returns it: a compound body's parts, else the shape. */
const piecesOf = (s) => (s.type === 'compound' ? s.parts.map((p) => p.shape) : [s]);

/** Bounds of a shape as getShape returns it (aabb, polygon, or a compound of polygons here). */
function boundsOf(s) {
  if (s.type === 'aabb') return [s.min.x, s.min.y, s.max.x, s.max.y];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const q of piecesOf(s)) {
    assert.equal(q.type, 'polygon');
    for (const p of q.points) {
      x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
    }
  }
  return [x0, y0, x1, y1];
}

const key = (poly) => poly.points.map((p) => `${p.x},${p.y}`).sort().join(' ');

describe('stress view, level mode', () => {
  test('static pieces and compound bodies in the World; pairs, pairs with statics, touched pieces and parts agree with Node', async () => {
    const { page, errors, context } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await open(page, server.url, '#/stress?n=600&level=1');
      assert.equal(await page.locator('[data-testid="stress-level"]').isChecked(), true);
      assert.equal(await page.locator('[data-testid="mode-world"]').isChecked(), true, 'the level lives in the World');
      assert.equal(await page.locator('[data-testid="mode-brute"]').isDisabled(), true);
      // Let the circles run into the level until the page shows circles touching parts of compound bodies, then
      // pause. How many frames that takes depends on the machine's speed, so wait for the page's own figure (and run
      // again if the last frame before the pause lost the touch), rather than for a fixed time.
      const touchedPartsShown = () => page.evaluate(() => Number(document.querySelector('[data-testid="stress-touched-parts"]')?.textContent?.replace(/[^0-9]/g, '') || 0));
      for (let attempt = 0; ; attempt++) {
        await page.waitForFunction(() => Number(document.querySelector('[data-testid="stress-touched-parts"]')?.textContent?.replace(/[^0-9]/g, '') || 0) > 0, null, { timeout: 60_000 });
        await page.locator('[data-testid="stress-pause"]').click();
        await page.waitForFunction(() => location.hash.includes('paused=1'));
        await page.waitForTimeout(300); // the last frame (it updates the figures when paused)
        if ((await touchedPartsShown()) > 0 || attempt === 20) break;
        await page.locator('[data-testid="stress-pause"]').click(); // run again
        await page.waitForFunction(() => !location.hash.includes('paused=1'));
      }
      const params = await hashParams(page);
      assert.equal(params.get('level'), '1');
      assert.equal(params.get('mode'), 'world');

      const shown = {};
      for (const id of ['moving-count', 'static-count', 'tile-count', 'concave-count', 'part-count', 'pairs', 'static-pairs', 'touched',
        'touched-compounds', 'touched-parts']) {
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

      // The concave pieces: each is ONE static compound body, whose parts are c2.decompose's in Node on the page's
      // outline.
      assert.equal(shown['concave-count'], snap.concave.length);
      assert.ok(snap.concave.length >= 8, `concave pieces (${snap.concave.length})`);
      let parts = 0;
      for (let c = 0; c < snap.concave.length; c++) {
        const want = c2.decompose(snap.concave[c]);
        assert.ok(want.length >= 2, `concave piece ${c} has several parts (${want.length})`);
        const bodies = snap.statics.filter((_, j) => snap.pieceConcave[j] === c);
        assert.equal(bodies.length, 1, `concave piece ${c} is one body`);
        assert.equal(bodies[0].type, 'compound', `concave piece ${c} is a compound body`);
        assert.deepEqual(bodies[0].parts.map((p) => key(p.shape)), want.map(key), `concave piece ${c}: the World's parts are decompose's`);
        parts += want.length;
      }
      assert.equal(shown['part-count'], parts);
      assert.equal(shown['tile-count'] + snap.concave.length, shown['static-count']);

      // Pairs, by brute force in Node on the same shapes: circle-circle and circle-piece; pieces never pair.
      const circles = snap.moving.map(([x, y, r]) => c2.circle(x, y, r));
      let circlePairs = 0;
      for (let i = 0; i < circles.length; i++) {
        for (let j = i + 1; j < circles.length; j++) if (c2.overlaps(circles[i], circles[j])) circlePairs++;
      }
      const boxes = snap.statics.map(boundsOf);
      let staticPairs = 0;
      const touched = new Set();
      const touchedParts = new Map(); // 'piece,part' -> [piece, part]
      const partsOfPair = new Map(); // 'piece,circle' -> touching parts of the piece (a compound body), in part order
      snap.moving.forEach(([x, y, r], i) => {
        const circle = c2.circle(x, y, r);
        for (let j = 0; j < boxes.length; j++) {
          const b = boxes[j];
          // Bounds farther apart than rounding can explain cannot touch; everything else asks the library.
          if (x + r < b[0] - 1e-6 || x - r > b[2] + 1e-6 || y + r < b[1] - 1e-6 || y - r > b[3] + 1e-6) continue;
          const touching = piecesOf(snap.statics[j]).map((q, k) => (c2.overlaps(circle, q) ? k : -1)).filter((k) => k >= 0);
          if (touching.length === 0) continue;
          staticPairs++;
          touched.add(j);
          if (snap.statics[j].type !== 'compound') continue;
          partsOfPair.set(`${j},${i}`, touching);
          for (const k of touching) touchedParts.set(`${j},${k}`, [j, k]);
        }
      });
      assert.ok(staticPairs > 0, 'circles touch the level');
      assert.equal(shown['static-pairs'], staticPairs, 'pairs with a static body');
      assert.equal(snap.staticPairs, staticPairs);
      assert.equal(shown.pairs, circlePairs + staticPairs, 'pairs this frame: circle-circle + circle-piece');
      assert.equal(await num(page, 'stat-hits'), shown.pairs);
      assert.deepEqual(snap.touched, [...touched].sort((a, b) => a - b), 'the touched (highlighted) pieces');
      assert.equal(shown.touched, touched.size);
      // The touched (hatched) parts of the compound bodies, from pairParts, are the brute force's.
      const wantParts = [...touchedParts.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      assert.ok(wantParts.length > 0, 'circles touch parts of compound bodies');
      assert.deepEqual(snap.touchedParts, wantParts, 'the touched parts');
      assert.equal(shown['touched-parts'], wantParts.length);
      assert.equal(shown['touched-compounds'], new Set(wantParts.map(([j]) => j)).size);
      // pairParts itself: for each pair of a circle and a compound body, its records name exactly the touching parts
      // (brute force), the first being the deepest (c2.collide; the first in part order on ties); no other records.
      const records = new Map();
      for (let q = 0; q < snap.pairParts.length; q += 3) {
        const k = snap.pairParts[q];
        if (!records.has(k)) records.set(k, []);
        const [ownerA] = snap.pairOwners[2 * k];
        records.get(k).push(snap.pairParts[q + (ownerA >= 0 ? 1 : 2)]);
      }
      let compoundPairs = 0;
      for (let k = 0; k < snap.pairs.length / 2; k++) {
        const [a, b] = [snap.pairOwners[2 * k], snap.pairOwners[2 * k + 1]];
        const piece = a[0] >= 0 ? a[0] : b[0];
        const circle = a[0] >= 0 ? b[1] : a[1];
        if (piece < 0 || snap.statics[piece].type !== 'compound') {
          assert.equal(records.has(k), false, `pair ${k}: no pairParts records without a compound body`);
          continue;
        }
        compoundPairs++;
        const want = partsOfPair.get(`${piece},${circle}`);
        const got = records.get(k) ?? [];
        assert.deepEqual([...got].sort((x, y) => x - y), want, `pair ${k}: the touching parts`);
        const [x, y, r] = snap.moving[circle];
        const depth = (part) => c2.collide(snap.statics[piece].parts[part].shape, c2.circle(x, y, r)).depth;
        const deepest = want.reduce((best, part) => (depth(part) > depth(best) ? part : best), want[0]);
        assert.equal(got[0], deepest, `pair ${k}: the reported part is the deepest`);
        assert.deepEqual(got.slice(1), want.filter((part) => part !== deepest), `pair ${k}: then the others in part order`);
      }
      assert.equal(compoundPairs, partsOfPair.size, 'every circle touching a compound body is one pair');
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
      // Run until circles reach the level (how long depends on the machine's speed).
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="stress-static-pairs"]')?.textContent?.replace(/[^0-9]/g, '') || 0) > 0, null, { timeout: 60_000 });
      const snap = await snapshot(page);
      const desktopTile = 5;
      assert.ok(snap.tile > desktopTile, `tiles scale with the view (${snap.tile} world units)`);
      const statics = await num(page, 'stress-static-count');
      assert.equal(statics, snap.statics.length);
      assert.ok(statics > 300, `static pieces (${statics})`);
      const concave = await num(page, 'stress-concave-count');
      assert.ok(concave >= 4 && concave === snap.concave.length, `concave pieces on a phone too (${concave})`);
      assert.equal(await num(page, 'stress-part-count'),
        snap.statics.reduce((sum, s) => sum + (s.type === 'compound' ? s.parts.length : 0), 0));
      assert.equal(snap.pieceConcave.filter((c) => c >= 0).length, concave, 'one body per concave piece');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 0, `no horizontal overflow (${wide} px)`);
      await page.screenshot({ path: shotPath('stress-level-phone') });
      await page.locator('.stage:not(.mini-stage)').screenshot({ path: shotPath('stress-level-phone-figure') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
