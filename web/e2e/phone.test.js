// A phone (390x844, touch) and the navigation: touching a small ball's centre moves it (the centre wins over the rim
// handle), a swipe that starts on the figure scrolls the page, the chapter menu opens in view wherever the page is
// scrolled, previous/next links, each chapter opens at its top, and the landing page's figure answers a drag.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  dragHandle, ensureBuilt, hashParams, hitState, launch, newPage, open, resultJson, serve, shotPath, worldToPage,
} from './helpers.js';
import { EXPECTED, decodeShape, diff, lib, normal } from './lib.js';

const PHONE = { width: 390, height: 844 };
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

/** A one-finger touch drag from `from` to `to` (page CSS pixels), through the browser's real input pipeline. */
async function touchDrag(page, from, to, steps = 10) {
  const cdp = await page.context().newCDPSession(page);
  const pt = (p) => [{ x: p.x, y: p.y, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pt(from) });
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pt(p) });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function centreOf(page, handle) {
  const b = await page.locator(`[data-handle="${handle}"]`).boundingBox();
  assert.ok(b, `handle ${handle} is on the page`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

describe('phone and navigation', () => {
  test('phone: the small ball\'s rim handle gives way to its centre; a finger on the ball moves it and keeps its radius', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/sweep');
      const before = (await hashParams(page)).get('ball').split(',').map(Number);
      // The ball is selected; its rim handle would sit a few px from its centre on a phone: it is hidden (scrub the
      // radius instead), so the two never crowd.
      const from = await centreOf(page, 'ball.center');
      assert.equal(await page.locator('[data-handle="ball.radius"]').isVisible(), false, 'the crowded rim handle is hidden');
      // A finger lands off-centre, on the ball's body: it still drags the ball.
      const touch = { x: from.x + 6, y: from.y - 5 };
      await touchDrag(page, touch, { x: touch.x + 40, y: touch.y + 50 });
      const after = (await hashParams(page)).get('ball').split(',').map(Number);
      assert.ok(Math.hypot(after[1] - before[1], after[2] - before[2]) > 20, `the ball moved (${before} -> ${after})`);
      assert.equal(after[3], before[3], 'its radius is unchanged');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll under the finger');
      // The read-out is the library's answer for the new position.
      const params = await hashParams(page);
      const shapes = {};
      for (const [k, v] of params) shapes[k] = decodeShape(c2, v);
      assert.equal(diff(await resultJson(page), normal(EXPECTED.sweep(c2, shapes))), null);
      await page.screenshot({ path: shotPath('phone-sweep-after-touch-drag') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone: a swipe that starts on the figure (not on a handle) scrolls the page; the figure stays in view', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/circles');
      // A spot of the figure on neither circle (A: (290, 250), r 110; B: (560, 220), r 80), far from every handle.
      const box = await page.locator('.stage:not(.mini-stage)').boundingBox();
      const [vx, vy, vw, vh] = (await page.locator('.stage:not(.mini-stage) canvas').getAttribute('data-view')).split(',').map(Number);
      const k = Math.min(box.width / vw, box.height / vh);
      const toWorld = (p) => ({ x: vx + (p.x - box.x - (box.width - vw * k) / 2) / k, y: vy + (p.y - box.y - (box.height - vh * k) / 2) / k });
      let spot = null;
      for (const [fx, fy] of [[0.9, 0.9], [0.1, 0.9], [0.9, 0.1], [0.1, 0.1], [0.5, 0.92]]) {
        const p = { x: box.x + box.width * fx, y: box.y + box.height * fy };
        const w = toWorld(p);
        if (Math.hypot(w.x - 290, w.y - 250) > 130 && Math.hypot(w.x - 560, w.y - 220) > 100) { spot = p; break; }
      }
      assert.ok(spot, 'a free spot on the figure');
      const hash0 = await page.evaluate(() => location.hash);
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await touchDrag(page, spot, { x: spot.x, y: spot.y - 300 }, 12);
      await page.waitForTimeout(300);
      const y = await page.evaluate(() => window.scrollY);
      assert.ok(y > 100, `the page scrolled (scrollY ${y})`);
      assert.equal(await page.evaluate(() => location.hash), hash0, 'no shape moved');
      // The figure is sticky: still on screen while the text below it is read.
      const st = await page.locator('.stage:not(.mini-stage)').boundingBox();
      assert.ok(st.y >= 0 && st.y + st.height <= PHONE.height, `the figure is in view after scrolling (top ${st.y})`);
      await page.screenshot({ path: shotPath('phone-circles-scrolled') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('phone: the chapter menu opens in view when the page is scrolled down, and navigates', async () => {
    const { page, errors, context } = await newPage(browser, PHONE, true);
    try {
      await open(page, server.url, '#/chapter/polygons');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'scrolled down');
      await page.locator('#nav-toggle').tap();
      const nav = page.locator('#nav');
      await nav.waitFor({ state: 'visible' });
      const b = await nav.boundingBox();
      assert.ok(b.y >= 0 && b.y < 100 && b.height > 200, `the menu is in view (top ${b.y}, height ${b.height})`);
      const first = await page.locator('#nav .nav-chapters a').first().boundingBox();
      assert.ok(first.y >= 0 && first.y + first.height <= PHONE.height, 'its first chapter link is on screen');
      await page.screenshot({ path: shotPath('phone-menu-open') });
      await page.locator('#nav a[href="#/chapter/circles"]').tap();
      await page.waitForSelector('[data-chapter="circles"]');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the new chapter opens at its top');
      assert.equal(await nav.isVisible(), false, 'the menu closed');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('previous / next links walk the chapters in order, each opening at its top', async () => {
    const { page, errors, context } = await newPage(browser, { width: 1280, height: 800 });
    try {
      await open(page, server.url, '#/chapter/aabb');
      assert.equal(await page.locator('[data-testid="prev"]').count(), 0, 'the first chapter has no previous');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('[data-testid="next"]').click();
      await page.waitForSelector('[data-chapter="circles"]');
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      assert.match(await page.locator('[data-testid="prev"]').textContent(), /Axis-aligned rectangles/);
      await page.locator('[data-testid="prev"]').click();
      await page.waitForSelector('[data-chapter="aabb"]');
      const order = await page.locator('nav .nav-chapters a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      await open(page, server.url, order[order.length - 1]);
      assert.equal(await page.locator('[data-testid="next"]').count(), 0, 'the last chapter has no next');
      assert.equal(await page.locator('[data-testid="prev"]').getAttribute('href'), order[order.length - 2]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  // A chapter writes its state into the hash 60 ms after a change. A navigation within those 60 ms used to be undone:
  // the route handler wrote the pending state of the chapter left over the new location, and the old chapter came back.
  test('a navigation right after a change stays; a link keeps the last state in the history entry it leaves', async () => {
    const { page, errors, context } = await newPage(browser, { width: 1280, height: 800 });
    const shown = async (id) => {
      await page.waitForSelector(`[data-chapter="${id}"]`);
      await page.waitForTimeout(200);  // (longer than the 60 ms write)
      return page.evaluate(() => [document.querySelector('[data-chapter]').dataset.chapter, location.hash.split('?')[0]]);
    };
    try {
      await open(page, server.url, '#/chapter/aabb');
      // A hash set from outside (typed, back / forward) while a write is pending: the new chapter stays.
      await page.evaluate(() => {
        document.querySelector('[data-handle="b.center"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        location.hash = '#/chapter/circles';
      });
      assert.deepEqual(await shown('circles'), ['circles', '#/chapter/circles']);
      // A link clicked while a write is pending: the next chapter opens, and back returns to the state as changed.
      await open(page, server.url, '#/chapter/aabb');
      await page.waitForTimeout(200);
      const start = (await hashParams(page)).get('b');
      await page.evaluate(() => {
        document.querySelector('[data-handle="b.center"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        document.querySelector('[data-testid="next"]').click();
      });
      assert.deepEqual(await shown('circles'), ['circles', '#/chapter/circles']);
      await page.goBack();
      assert.deepEqual(await shown('aabb'), ['aabb', '#/chapter/aabb']);
      const moved = (await hashParams(page)).get('b');
      assert.notEqual(moved, start, `the state as changed before the link was followed (${start} -> ${moved})`);
      assert.ok(start, 'the chapter wrote its state');
      // The location changes while the write is already due, before its hashchange is dispatched (the timer's task
      // is queued first): the write belongs to the page left and must not send the reader back to it.
      await open(page, server.url, '#/chapter/aabb');
      await page.waitForTimeout(200);
      // (emulated: the location changes without its event, the write falls due, then the event arrives)
      await page.evaluate(() => {
        document.querySelector('[data-handle="b.center"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        history.replaceState(null, '', '#/chapter/lines');
      });
      await page.waitForTimeout(150);
      await page.evaluate(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
      assert.deepEqual(await shown('lines'), ['lines', '#/chapter/lines']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  for (const [size, vp, touch] of [['desktop', { width: 1280, height: 800 }, false], ['phone', PHONE, true]]) {
    test(`landing page (${size}): a live figure before the chapter list answers a drag`, async () => {
      const { page, errors, context } = await newPage(browser, vp, touch);
      try {
        await open(page, server.url, '');
        const hero = await page.locator('[data-testid="hero"]').boundingBox();
        const list = await page.locator('.home .cards').boundingBox();
        assert.ok(hero.y < list.y, 'the figure comes before the chapter list');
        assert.ok(hero.y < vp.height, 'the figure is on the first screen');
        assert.equal(await hitState(page), 'miss');
        const before = await resultJson(page);
        assert.equal(before.hit, false);
        if (touch) {
          const from = await centreOf(page, 'a.center');
          const to = await worldToPage(page, { x: 450, y: 210 });
          await touchDrag(page, from, to);
        } else {
          await dragHandle(page, 'a.center', { x: 450, y: 210 });
        }
        assert.equal(await hitState(page), 'hit');
        const shown = await resultJson(page);
        const want = c2.collide(c2.circle(450, 210, 80), c2.box(540, 210, 130, 70, 0.5));
        assert.equal(shown.hit, true);
        // The drag lands within a pixel of (450, 210): compare with what the library says for where it landed.
        assert.ok(shown.contact && Math.abs(shown.contact.depth - want.depth) < 5, `depth ${shown.contact?.depth} ≈ ${want.depth}`);
        await page.screenshot({ path: shotPath(`landing-${size}-after-drag`) });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
