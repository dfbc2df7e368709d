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
  capsule: ['b.center', { x: 450, y: 260 }],
  distance: ['b.center', { x: 380, y: 240 }],
  cast: ['at.p', { x: 150, y: 470 }],
  manifold: ['b.center', { x: 400, y: 200 }],
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
  return normal(EXPECTED[id](c2, shapes, params));
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
        const canvas = await page.locator('.stage:not(.mini-stage) canvas').boundingBox();
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

/** The app's number format: up to `d` decimals, no trailing zeros, no "-0". */
const f = (x, d = 1) => {
  let t = x.toFixed(d);
  if (t.includes('.')) t = t.replace(/0+$/, '').replace(/\.$/, '');
  return t === '-0' ? '0' : t;
};

describe('teaching tools', () => {
  test('SAT stepper: one axis at a time, in the library\'s order, with the library\'s intervals', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/boxes');
      assert.equal(await hitState(page), 'miss', 'the default scene has a gap');
      const p = await hashParams(page);
      const sat = c2.sat(decodeShape(c2, p.get('a')), decodeShape(c2, p.get('b')));
      assert.ok(!sat.boundingCircleRejected && sat.separatingAxis >= 0, 'SAT runs and finds a separating axis');
      assert.ok(-sat.axes[sat.separatingAxis].overlap > 30, 'the gap is visible (> 30 units)');
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), new RegExp(`axis ${sat.separatingAxis + 1} of 4`));
      const before = await page.locator('.stage:not(.mini-stage) canvas').screenshot();
      // While the whole result is shown, the slider's thumb sits on the axis the figure shows (where the test stopped).
      assert.equal(await page.locator('[data-testid="step-slider"]').inputValue(), String(sat.separatingAxis));
      await page.locator('[data-testid="step-slider"]').fill('0');
      for (let i = 0; i < sat.axes.length; i++) {
        if (i > 0) await page.locator('[data-testid="step-next"]').click();
        const text = await page.locator('[data-testid="step-text"]').textContent();
        const ax = sat.axes[i];
        assert.ok(text.startsWith(`Axis ${i + 1} of ${sat.axes.length} is perpendicular to ${ax.owner ? 'B' : 'A'}'s edge ${ax.edge + 1}`), text);
        assert.ok(text.includes(`A covers [${f(ax.minA)}, ${f(ax.maxA)}], B covers [${f(ax.minB)}, ${f(ax.maxB)}]`), text);
        assert.ok(text.includes(ax.overlap < 0 ? `Gap ${f(-ax.overlap)}` : `overlap by ${f(ax.overlap)}`), text);
        if (i === 0) assert.ok(!(await page.locator('.stage:not(.mini-stage) canvas').screenshot()).equals(before), 'the figure changed');
      }
      await page.locator('[data-testid="step-slider"]').fill('1');
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), /^Axis 2 of 4/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('"try this" sets up the exact case; the live code shows the call and its numbers scrub', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/circles');
      await page.getByRole('button', { name: 'touching', exact: true }).click();
      assert.equal(await hitState(page), 'hit');
      const shown = await resultJson(page);
      assert.equal(shown.contact.depth, 0, 'touching circles: a hit with depth 0');
      await assertReadoutMatches(page, 'circles');
      await page.getByRole('button', { name: 'coincident centres' }).click();
      assert.deepEqual((await resultJson(page)).contact.normal, { x: 1, y: 0 }, 'coincident centres: normal (1, 0)');
      await assertReadoutMatches(page, 'circles');
      const code = page.locator('[data-testid="live-code"]');
      assert.match(await code.textContent(), /const b = c2\.circle\(400, 250, 60\);/);
      assert.match(await code.textContent(), /c2\.overlaps\(a, b\);\s+\/\/ true/);
      // Scrub B's x with the keyboard (+1 per press, Shift: +10): B moves, the read-out follows.
      await page.locator('[data-testid="live-code"] [data-scrub="B x"]').focus();
      for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowRight');
      assert.equal((await hashParams(page)).get('b'), 'circle,600,250,60');
      assert.equal(await hitState(page), 'miss');
      assert.match(await code.textContent(), /const b = c2\.circle\(600, 250, 60\);/);
      await assertReadoutMatches(page, 'circles');
      // And by dragging the number sideways with the mouse.
      const box = await page.locator('[data-testid="live-code"] [data-scrub="B radius"]').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      const r = Number((await hashParams(page)).get('b').split(',')[3]);
      assert.ok(r > 80, `the radius grew by scrubbing (${r})`);
      await assertReadoutMatches(page, 'circles');
      // The same numbers scrub in the read-out, next to the answer.
      const inputs = page.locator('[data-testid="inputs"]');
      assert.match(await inputs.textContent(), new RegExp(`B: c2\\.circle\\(600, 250, ${r}\\)`));
      await inputs.locator('[data-scrub="A radius"]').focus();
      const a0 = Number((await hashParams(page)).get('a').split(',')[3]);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
      assert.equal(Number((await hashParams(page)).get('a').split(',')[3]), a0 + 5);
      assert.match(await page.locator('[data-testid="live-code"]').textContent(), new RegExp(`const a = c2\\.circle\\(400, 250, ${a0 + 5}\\);`));
      await assertReadoutMatches(page, 'circles');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

test('raycast: the live code writes the c2.ray it casts; scrubbing its origin moves the whole ray', async () => {
  const { page, errors, context } = await newPage(browser);
  try {
    await open(page, server.url, '#/chapter/raycast');
    const code = page.locator('[data-testid="live-code"]');
    assert.match(await code.textContent(), /const ray = c2\.ray\(90, 400, 630, -280, 1\);/);
    assert.match(await code.textContent(), /const hitCircle = c2\.raycast\(ray, circle\);\s+\/\/ \{ fraction: /);
    await page.locator('[data-testid="inputs"] [data-scrub="ray origin x"]').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    assert.equal((await hashParams(page)).get('r'), 'segment,120,400,750,120');
    await assertReadoutMatches(page, 'raycast');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
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
