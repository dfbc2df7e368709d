// The chapters on capsules, distance (GJK), shape casts and contact manifolds: each figure answers a drag the way
// the maths says (not only "something changed"), its read-out equals collide2d's answer computed here in Node from
// the URL state, and its teaching tools (the GJK stepper, the time slider, the feature ids) show the library's data.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  dragHandle, ensureBuilt, hashParams, hitState, launch, newPage, open, resultJson, selectHandle, serve, shotPath,
} from './helpers.js';
import { EXPECTED, decodeShape, diff, lib, normal } from './lib.js';

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

async function shapesFromUrl(page) {
  const params = await hashParams(page);
  const shapes = {};
  for (const [k, v] of params) shapes[k] = decodeShape(c2, v);
  return { params, shapes };
}

async function assertReadoutMatches(page, id) {
  const { params, shapes } = await shapesFromUrl(page);
  const want = normal(EXPECTED[id](c2, shapes, params));
  assert.equal(diff(await resultJson(page), want), null, `read-out of ${id} differs from collide2d`);
}

const close = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

/** The app's number format: up to `d` decimals, no trailing zeros, no "-0". */
const f = (x, d = 3) => {
  let t = x.toFixed(d);
  if (t.includes('.')) t = t.replace(/0+$/, '').replace(/\.$/, '');
  return t === '-0' ? '0' : t;
};

/** Moves a handle by (dx, dy) screen pixels with the mouse, in one step. */
async function nudge(page, handle, dx, dy) {
  await selectHandle(page, handle);
  const b = await page.locator(`[data-handle="${handle}"]`).boundingBox();
  assert.ok(b, `handle ${handle} is on the page`);
  const x = b.x + b.width / 2, y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 2 });
  await page.mouse.up();
}

/** A one-finger touch drag between two page points, through Chromium's touch input (as a phone user drags). */
async function touchDrag(page, from, to, steps = 8) {
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

describe('query chapters', () => {
  test('phone: a touch drag of a capsule\'s core end reshapes it; every new chapter fits 390 px', async () => {
    const { page, errors, context } = await newPage(browser, { width: 390, height: 844 }, true);
    try {
      for (const id of ['distance', 'cast', 'manifold', 'capsule']) {
        await open(page, server.url, `#/chapter/${id}`);
        await page.waitForSelector('[data-testid="readout"] td');
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= 390, `${id}: the page is ${wide} px wide on a 390 px phone`);
      }
      const before = (await hashParams(page)).get('a');
      // B is selected: the capsule's handles are hidden until a tap on its body selects it.
      assert.equal(await page.locator('[data-handle="a.b"]').evaluate((e) => e.classList.contains('latent')), true);
      const mid = await page.locator('[data-handle="a.center"]').boundingBox();
      await page.touchscreen.tap(mid.x + mid.width / 2, mid.y + mid.height / 2);
      await page.locator('[data-handle="a.b"]:not(.latent)').waitFor();
      assert.equal((await hashParams(page)).get('a'), before, 'a tap selects, it does not move');
      const b = await page.locator('[data-handle="a.b"]').boundingBox();
      const from = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      await touchDrag(page, from, { x: from.x + 30, y: from.y + 40 });
      const after = (await hashParams(page)).get('a');
      const [, ax0, ay0, bx0, by0, r0] = before.split(',').map(Number);
      const [, ax1, ay1, bx1, by1, r1] = after.split(',').map(Number);
      assert.deepEqual([ax1, ay1, r1], [ax0, ay0, r0], 'end a and the radius stay');
      assert.ok(bx1 - bx0 > 10 && by1 - by0 > 10, `end b followed the finger (${before} -> ${after})`);
      await assertReadoutMatches(page, 'capsule');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('sandbox: a capsule joins the shapes; every pair with it is answered by the library', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/sandbox');
      await page.locator('[data-testid="add-capsule"]').click();
      await dragHandle(page, 's5.center', { x: 330, y: 250 });
      const shapes = (await hashParams(page)).get('s').split('|').map((t) => decodeShape(c2, t));
      assert.equal(shapes.length, 6);
      assert.equal(shapes[5].type, 'capsule');
      const pairs = await resultJson(page);
      assert.equal(pairs.length, 15);
      let withCapsule = 0;
      for (const p of pairs) {
        assert.equal(p.hit, c2.overlaps(shapes[p.i], shapes[p.j]), `pair ${p.i + 1}-${p.j + 1}`);
        if (p.j === 5 && p.hit) withCapsule++;
      }
      assert.ok(withCapsule > 0, 'the capsule dragged onto the rotated rectangle touches it');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('capsule: the core distance shrinks as B comes closer; the capsule is exactly r nearer; B can be a box', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/capsule');
      assert.equal(await hitState(page), 'miss');
      await assertReadoutMatches(page, 'capsule');
      const r = Number((await hashParams(page)).get('a').split(',')[5]);
      let last = Infinity;
      for (const to of [{ x: 500, y: 290 }, { x: 480, y: 280 }, { x: 465, y: 270 }]) {
        await dragHandle(page, 'b.center', to);
        await assertReadoutMatches(page, 'capsule');
        const shown = await resultJson(page);
        assert.ok(shown.coreDist.distance < last, `core distance decreases (${shown.coreDist.distance} < ${last})`);
        last = shown.coreDist.distance;
        // A capsule test is the segment test plus the radius.
        assert.ok(close(shown.dist.distance, Math.max(0, shown.coreDist.distance - r), 1e-7),
          `distance(capsule) = max(0, core − r): ${shown.dist.distance} vs ${shown.coreDist.distance} − ${r}`);
        assert.equal(shown.hit, shown.coreDist.distance <= r);
      }
      await dragHandle(page, 'b.center', { x: 450, y: 260 });
      assert.equal(await hitState(page), 'hit');
      const hit = await resultJson(page);
      assert.ok(hit.contact && hit.contact.depth > 0, 'a contact with depth');
      // The core's distance to the circle (its rim) is what the capsule's radius has to cover.
      assert.ok(hit.coreDist.distance > 0 && close(hit.contact.depth, r - hit.coreDist.distance, 1e-7),
        `depth = r − core distance (${hit.contact.depth} vs ${r} − ${hit.coreDist.distance})`);
      await page.getByRole('button', { name: 'against a box', exact: true }).click();
      assert.match((await hashParams(page)).get('b'), /^box,/);
      await assertReadoutMatches(page, 'capsule');
      await page.getByRole('button', { name: 'two capsules', exact: true }).click();
      assert.match((await hashParams(page)).get('b'), /^capsule,/);
      await assertReadoutMatches(page, 'capsule');
      const before = (await resultJson(page)).dist.distance;
      await selectHandle(page, 'a.radius');
      await page.locator('[data-handle="a.radius"]').focus();
      for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowDown');
      await assertReadoutMatches(page, 'capsule');
      const after = await resultJson(page);
      assert.ok(after.dist.distance < before, `a bigger radius: closer (${after.dist.distance} < ${before})`);
      assert.match(await page.locator('[data-testid="live-code"]').textContent(), /const a = c2\.capsule\(/);
      // The URL reproduces a capsule against a capsule.
      const hash = await page.evaluate(() => location.hash);
      const { page: page2, context: ctx2 } = await newPage(browser);
      await open(page2, server.url, hash);
      assert.equal(diff(await resultJson(page2), after), null);
      await ctx2.close();
      await page.screenshot({ path: shotPath('chapter-capsule-two'), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('distance: decreases as B is dragged towards A, reaches 0 with overlap; the GJK stepper ends at pointB − pointA', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/distance');
      await assertReadoutMatches(page, 'distance');
      let last = (await resultJson(page)).dist.distance;
      assert.ok(last > 20, `the default scene is apart (${last})`);
      for (const to of [{ x: 490, y: 295 }, { x: 475, y: 290 }, { x: 465, y: 285 }]) {
        await dragHandle(page, 'b.center', to);
        await assertReadoutMatches(page, 'distance');
        const d = (await resultJson(page)).dist.distance;
        assert.ok(d < last, `distance decreases as B comes closer (${d} < ${last})`);
        last = d;
      }
      // The stepper: one iteration at a time; the last one's v is pointB − pointA (polygon and box: no radius).
      const { dist: distance, steps } = await resultJson(page);
      assert.ok(steps.length >= 1, 'GJK steps');
      const lastStep = steps[steps.length - 1];
      assert.ok(close(lastStep.closest.x, distance.pointB.x - distance.pointA.x, 1e-9), 'v.x = pointB.x − pointA.x');
      assert.ok(close(lastStep.closest.y, distance.pointB.y - distance.pointA.y, 1e-9), 'v.y = pointB.y − pointA.y');
      assert.ok(close(Math.hypot(lastStep.closest.x, lastStep.closest.y), distance.distance, 1e-9), '|v| = distance');
      // The thumb sits on the last iteration while the result is shown; from the first, ▶ walks them in order.
      assert.equal(await page.locator('[data-testid="step-slider"]').inputValue(), String(steps.length - 1));
      await page.locator('[data-testid="step-slider"]').fill('0');
      for (let i = 0; i < steps.length; i++) {
        if (i > 0) await page.locator('[data-testid="step-next"]').click();
        const text = await page.locator('[data-testid="step-text"]').textContent();
        assert.ok(text.startsWith(`Iteration ${i + 1} of ${steps.length}: the simplex is`), text);
        const v = steps[i].closest;
        assert.ok(text.includes(`|v| = ${f(Math.hypot(v.x, v.y), 2)}`), `${text} shows |v| of step ${i + 1}`);
      }
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), /GJK stops/);
      await page.getByRole('button', { name: 'overlapping', exact: true }).click();
      assert.equal(await hitState(page), 'hit');
      const o = await resultJson(page);
      assert.equal(o.dist.distance, 0);
      assert.equal(o.dist.overlap, true);
      assert.equal(await page.locator('[data-testid="out-distance"]').textContent(), '0');
      await assertReadoutMatches(page, 'distance');
      await page.getByRole('button', { name: 'circle and capsule', exact: true }).click();
      await assertReadoutMatches(page, 'distance');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('cast: the fraction shown is c2.cast for the shapes shown; the bullet tunnels through a per-frame test', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/cast');
      await assertReadoutMatches(page, 'cast');
      const shown = await resultJson(page);
      assert.equal(shown.hit.hit, true, 'the default scene hits');
      assert.equal(await page.locator('[data-testid="out-fraction"]').textContent(), f(shown.hit.fraction, 6));
      // Dragging A's arrow head shortens the motion: the contact comes later in the step, or not at all.
      const fr0 = shown.hit.fraction;
      await page.getByRole('button', { name: 'head-on', exact: true }).click();
      await assertReadoutMatches(page, 'cast');
      const head = await resultJson(page);
      assert.equal(head.hit.hit, true);
      const { params } = await shapesFromUrl(page);
      // Head-on, box half-width 50 moving +380 and a pentagon of radius 60 (left vertex at x = 620 − 60·cos 18°)
      // moving −240: the gap closes at 620 speed.
      // (the tutorial rounds the vertices to 0.01: 57.06).
      const gap = 620 - 57.06 - (140 + 50);
      assert.ok(Math.abs(head.hit.fraction - gap / 620) < 1e-9, `fraction ${head.hit.fraction} = gap / closing speed ${gap / 620}`);
      assert.equal(params.get('bt'), 'point,380,250');
      await dragHandle(page, 'at.p', { x: 330, y: 250 });
      await assertReadoutMatches(page, 'cast');
      const slower = await resultJson(page);
      assert.ok(slower.hit.hit && slower.hit.fraction > head.hit.fraction, `slower A: later contact (${slower.hit.fraction} > ${head.hit.fraction})`);
      assert.ok(fr0 > 0);
      // The bullet: apart at t = 0 and at t = 1, yet the cast hits the wall.
      await page.getByRole('button', { name: 'bullet through a wall', exact: true }).click();
      await assertReadoutMatches(page, 'cast');
      const b = await resultJson(page);
      assert.equal(b.overlapsStart, false);
      assert.equal(b.overlapsEnd, false);
      assert.equal(b.hit.hit, true);
      // Circle r 8 from x 80 to 720, wall from x 396 to 404: first contact when the centre reaches 388.
      assert.ok(Math.abs(b.hit.fraction - 308 / 640) < 1e-9, `bullet fraction ${b.hit.fraction}`);
      assert.match(await page.locator('[data-testid="hit-state"]').textContent(), /tunnelling/);
      // The time slider poses the shapes at t: apart at 0.48, overlapping at 0.49 (the contact is at 0.48125).
      await page.locator('[data-testid="step-slider"]').fill('48');
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), /^t = 0\.48: .*overlaps\(A\(t\), B\(t\)\) = false, before the contact/);
      await page.locator('[data-testid="step-slider"]').fill('49');
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), /^t = 0\.49: .*overlaps\(A\(t\), B\(t\)\) = true, after the contact/);
      await page.locator('[data-testid="step-slider"]').fill('100');
      assert.match(await page.locator('[data-testid="step-text"]').textContent(), /^t = 1: .*= false/);
      await page.screenshot({ path: shotPath('chapter-cast-bullet'), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('manifold: a box resting flat gets 2 points; their ids stay the same after a 1-pixel drag; a corner gets 1', async () => {
    const { page, errors, context } = await newPage(browser);
    try {
      await open(page, server.url, '#/chapter/manifold');
      await assertReadoutMatches(page, 'manifold');
      const m0 = (await resultJson(page)).manifold;
      assert.equal(m0.points.length, 2, 'resting flat: two points');
      // Box B (x 450…630, bottom at y 286 + 60) sinks 6 into the ground's top face (x 130…590, y 340).
      for (const p of m0.points) assert.ok(Math.abs(p.depth - 6) < 1e-9, `depth 6 (${p.depth})`);
      // B's bottom edge is clipped by the side plane at the ground's end: points at B's corner and at x = 590.
      const xs = m0.points.map((p) => p.point.x).sort((a, b) => a - b);
      assert.ok(Math.abs(xs[0] - 450) < 1e-9 && Math.abs(xs[1] - 590) < 1e-9, `points at x = 450 and 590 (${xs})`);
      for (const p of m0.points) assert.ok(Math.abs(p.point.y - 346) < 1e-9, `on B's bottom edge (${p.point.y})`);
      assert.ok(Math.abs(m0.normal.y) === 1 && m0.normal.x === 0, 'the normal is vertical');
      const b0 = (await hashParams(page)).get('b');
      await nudge(page, 'b.center', 1, 0);
      const b1 = (await hashParams(page)).get('b');
      assert.notEqual(b1, b0, 'B moved by the 1-pixel drag');
      await assertReadoutMatches(page, 'manifold');
      const m1 = (await resultJson(page)).manifold;
      assert.equal(m1.points.length, 2);
      assert.deepEqual(m1.points.map((p) => p.id), m0.points.map((p) => p.id), 'the feature ids stay the same');
      assert.notDeepEqual(m1.points.map((p) => p.point), m0.points.map((p) => p.point), 'the points moved with B');
      const ids = await page.locator('[data-testid="out-id0"]').textContent();
      assert.ok(ids.startsWith(`0x${(m1.points[0].id >>> 0).toString(16)}`), ids);
      await nudge(page, 'b.center', 0, 1);
      await assertReadoutMatches(page, 'manifold');
      const m2 = (await resultJson(page)).manifold;
      assert.deepEqual(m2.points.map((p) => p.id), m0.points.map((p) => p.id), 'still the same ids after a vertical pixel');
      assert.ok(m2.points[0].depth > m1.points[0].depth, 'one pixel down: deeper');
      await page.getByRole('button', { name: 'tilted on a corner', exact: true }).click();
      await assertReadoutMatches(page, 'manifold');
      assert.equal((await resultJson(page)).manifold.points.length, 1, 'on a corner: one point');
      await dragHandle(page, 'b.center', { x: 400, y: 200 });
      assert.equal(await hitState(page), 'miss');
      assert.equal((await resultJson(page)).manifold, null);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
