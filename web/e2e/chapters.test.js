// Every chapter: loads without console errors, a scripted drag changes the hit state, the read-out shows exactly
// what collide2d (run here in Node on the shapes from the URL) answers, and a screenshot is written.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  dragHandle, ensureBuilt, hashParams, hitState, launch, newPage, open, resultJson, serve, shotPath,
} from './helpers.js';
import { EXPECTED, decodeShape, diff, lib, normal } from './lib.js';

/** Per chapter: the handle to drag and where to (world coordinates), chosen to flip the default hit state. */
const DRAGS = {
  aabb: ['b.center', { x: 420, y: 290 }],
  circles: ['b.center', { x: 420, y: 240 }],
  lines: ['b.center', { x: 420, y: 300 }], // still crossing; the parallel case is reached by keyboard below
  segments: ['b.b', { x: 400, y: 330 }],
  'circle-line': ['l.center', { x: 215, y: 440 }],
  'circle-segment': ['s.b', { x: 250, y: 330 }],
  'rect-circle': ['c.center', { x: 450, y: 260 }],
  'polygon-circle': ['c.center', { x: 420, y: 250 }],
  boxes: ['b.center', { x: 380, y: 265 }],
  polygons: ['b.center', { x: 400, y: 250 }],
  sweep: ['target.p', { x: 300, y: 300 }],
  contains: ['q.p', { x: 420, y: 460 }],
  raycast: ['r.b', { x: 150, y: 470 }],
  closest: ['q.p', { x: 220, y: 235 }],
  broadphase: ['b1.center', { x: 170, y: 130 }],
};

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

async function expectedFromUrl(page, id) {
  const params = await hashParams(page);
  const shapes = {};
  for (const [k, v] of params) shapes[k] = decodeShape(c2, v);
  return normal(EXPECTED[id](c2, shapes));
}

async function assertReadoutMatches(page, id) {
  const shown = await resultJson(page);
  const want = await expectedFromUrl(page, id);
  assert.equal(diff(shown, want), null, `read-out of ${id} differs from collide2d`);
}

describe('chapters', () => {
  for (const [id, [handle, to]] of Object.entries(DRAGS)) {
    test(id, async () => {
      const { page, errors, context } = await newPage(browser);
      try {
        await open(page, server.url, `#/chapter/${id}`);
        await page.waitForSelector(`[data-handle="${handle}"]`);
        const before = await hitState(page);
        assert.ok(['hit', 'miss'].includes(before), `initial state ${before}`);
        await assertReadoutMatches(page, id);
        await dragHandle(page, handle, to);
        await assertReadoutMatches(page, id);
        if (id === 'lines') {
          // Keyboard: make line B parallel to line A (A's direction is (440, 230)); arrows move by 2, Shift by 20.
          await page.locator('[data-handle="b.a"]').focus();
          const p = await hashParams(page);
          const [, ax, ay, bx, by] = p.get('a').split(',').map(Number);
          const [, b1x, b1y, b2x, b2y] = p.get('b').split(',').map(Number);
          await page.locator('[data-handle="b.b"]').focus();
          const want = { x: b1x + (bx - ax), y: b1y + (by - ay) };
          await press(page, want.x - b2x, 'ArrowRight', 'ArrowLeft');
          await press(page, want.y - b2y, 'ArrowDown', 'ArrowUp');
          await assertReadoutMatches(page, id);
        }
        const afterState = await hitState(page);
        assert.notEqual(afterState, before, `dragging ${handle} should change the hit state of ${id}`);
        const badge = await page.locator('[data-testid="hit-state"]').textContent();
        assert.match(badge ?? '', afterState === 'hit' ? /HIT/ : /NO HIT/);
        await page.screenshot({ path: shotPath(`chapter-${id}`), fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('every chapter renders on a 360 px wide screen with a read-out', async () => {
    const { page, errors, context } = await newPage(browser, { width: 360, height: 780 });
    try {
      for (const id of Object.keys(DRAGS)) {
        await open(page, server.url, `#/chapter/${id}`);
        await page.waitForSelector('[data-testid="readout"] td');
        const canvas = await page.locator('.stage canvas').boundingBox();
        assert.ok(canvas && canvas.width > 300 && canvas.width <= 360, `canvas fits 360 px (${canvas?.width})`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(overflow <= 360, `${id}: page is ${overflow} px wide on a 360 px screen`);
        if (['circles', 'boxes', 'sweep'].includes(id)) {
          await page.screenshot({ path: shotPath(`mobile-${id}`), fullPage: true });
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('R rotates a focused handle\'s shape and the URL reproduces the state', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/boxes');
      await page.locator('[data-handle="a.center"]').focus();
      const a0 = (await hashParams(page)).get('a');
      await page.keyboard.press('r');
      const p = await hashParams(page);
      const a1 = p.get('a');
      assert.notEqual(a1, a0);
      const angle0 = Number(a0?.split(',')[5] ?? 'NaN');
      const angle1 = Number(a1?.split(',')[5]);
      assert.ok(Math.abs(angle1 - angle0 - Math.PI / 12) < 1e-3, `rotated by 15 degrees (${angle0} -> ${angle1})`);
      const shown = await resultJson(page);
      // A fresh page from the link shows the same answer.
      const hash = await page.evaluate(() => location.hash);
      const { page: page2, context: ctx2 } = await newPage(browser);
      await open(page2, server.url, hash);
      assert.equal(diff(await resultJson(page2), shown), null);
      await ctx2.close();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

async function press(page, delta, plus, minus) {
  const key = delta >= 0 ? plus : minus;
  let left = Math.abs(Math.round(delta));
  assert.equal(left % 2, 0, 'keyboard moves by steps of 2');
  while (left >= 20) {
    await page.keyboard.press(`Shift+${key}`);
    left -= 20;
  }
  while (left > 0) {
    await page.keyboard.press(key);
    left -= 2;
  }
}
