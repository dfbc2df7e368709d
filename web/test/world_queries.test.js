// World.castShape, World.moveAndSlide and the contact modes through the public JS API. castShape is checked against
// a brute force over the bodies: each body's world shape (getShape) alone in a one-body World, cast the same way;
// the smallest fraction wins, ties to the smaller slot index. moveAndSlide: a wall, a corner, a start in overlap,
// and random worlds where the shape never ends overlapping a body (c2.overlaps on getShape). Contact modes: the same
// pairs and events in every mode, switching mid-run, manifolds' layout. Bad input names the argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as c2 from '../lib/index.js';
import { mulberry32 } from './shared.js';

await c2.init();
const { World } = c2;

function rng(seed) {
  const next = mulberry32(seed);
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (n) => Math.floor(next() * n);
  return next;
}

const slot = (h) => h & 0xfffff;
const P = (x, y) => ({ x, y });

function randomShape(r, s) {
  switch (r.int(5)) {
    case 0: return c2.circle(r.range(-1, 1), r.range(-1, 1), r.range(0.2, s));
    case 1: {
      const x = r.range(-2, 0);
      const y = r.range(-2, 0);
      return c2.aabb(x, y, x + r.range(0.3, 2 * s), y + r.range(0.3, 2 * s));
    }
    case 2: return c2.box(r.range(-1, 1), r.range(-1, 1), r.range(0.2, s), r.range(0.2, s), r.range(-4, 4));
    case 3: {
      const k = 3 + r.int(6);
      const rad = r.range(0.3, s);
      const a0 = r.range(0, 7);
      const points = [];
      for (let i = 0; i < k; i++) {
        const a = a0 + (i * 2 * Math.PI) / k;
        points.push(P(rad * Math.cos(a), rad * Math.sin(a)));
      }
      return c2.polygon(points);
    }
    default: return c2.segment(r.range(-s, s), r.range(-s, s), r.range(-s, s), r.range(-s, s));
  }
}

function randomWorld(r, n, side, size) {
  const w = new World();
  for (let i = 0; i < n; i++) {
    const options = r() < 0.3 ? { category: [1, 2, 4][r.int(3)] } : {};
    w.add(randomShape(r, size), { x: r.range(0, side), y: r.range(0, side), angle: r() < 0.3 ? 0 : r.range(-4, 4) }, options);
  }
  return w;
}

function randomTranslation(r, side) {
  switch (r.int(5)) {
    case 0: return P(0, 0);
    case 1: return P(r.range(-side, side), 0);
    case 2: return P(r.range(-3, 3), r.range(-3, 3));
    default: return P(r.range(-side, side), r.range(-side, side));
  }
}

/** Brute force: every body's world shape alone in a one-body world (identity transform), cast the same way. */
function bruteCast(w, shape, transform, translation, mask) {
  let best = null;
  for (const h of Array.from(w.bodies())) {
    if ((w.getFilter(h).category & mask) === 0) continue;
    const one = new World();
    one.add(w.getShape(h));
    const n = one.castShape(shape, transform, translation);
    const hit = n === 1 ? one.rayHit(0) : null;
    one.free();
    if (hit === null) continue;
    if (best !== null && (hit.fraction > best.fraction || (hit.fraction === best.fraction && slot(h) > slot(best.body)))) continue;
    best = { ...hit, body: h };
  }
  return best;
}

test('castShape equals a brute force over the bodies on random worlds (any shape, mask, long and zero motions)', () => {
  const r = rng(2026);
  let hits = 0;
  let misses = 0;
  for (let k = 0; k < 2; k++) {
    const side = 60;
    const w = randomWorld(r, 120, side, 2);
    w.step();
    for (let q = 0; q < 120; q++) {
      const shape = randomShape(r, 1);
      const transform = { x: r.range(0, side), y: r.range(0, side), angle: r() < 0.3 ? 0 : r.range(-4, 4) };
      const translation = randomTranslation(r, side);
      const mask = r() < 0.7 ? 0xffffffff : 1 + r.int(7);
      const n = w.castShape(shape, transform, translation, mask);
      const got = n === 1 ? w.rayHit(0) : null;
      const want = bruteCast(w, shape, transform, translation, mask);
      assert.deepEqual(got, want, `cast ${q}`);
      assert.equal(w.rayHits.length >= 6 * n, true);
      if (got !== null) {
        hits++;
        assert.equal(w.rayHits[0], got.body);
        assert.ok(got.fraction >= 0 && got.fraction <= 1);
        assert.ok(Math.abs(Math.hypot(got.normal.x, got.normal.y) - 1) < 1e-12);
      } else {
        misses++;
      }
    }
    w.free();
  }
  assert.ok(hits > 60, `hits ${hits}`);
  assert.ok(misses > 20, `misses ${misses}`);
});

test('castShape: a wall ahead, no tunnelling, mask, entry convention', () => {
  const w = new World();
  const wall = w.add(c2.aabb(0, -5, 2, 5), { x: 10, y: 0 }, { category: 2 });
  const thin = w.add(c2.segment(0, -5, 0, 5), { x: 30, y: 0 }, { category: 4 });
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(20, 0)), 1);
  const h = w.rayHit(0);
  assert.equal(h.body, wall);
  assert.ok(h.fraction <= 0.45 && h.fraction > 0.45 - 1e-9, String(h.fraction));
  assert.ok(Math.abs(h.normal.x - 1) < 1e-12);
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(1e6, 0), 4), 1);
  assert.equal(w.rayHit(0).body, thin);
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(1e6, 0), 8), 0);
  assert.throws(() => w.rayHit(0), { name: 'RangeError', code: 'OutOfRange' });
  // starting in contact: into the wall is a hit at 0, away or along it is not
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 9, y: 0 }, P(1, 0)), 1);
  assert.equal(w.rayHit(0).fraction, 0);
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 9, y: 0 }, P(-1, 0)), 0);
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 9, y: 0 }, P(0, 1)), 0);
  w.free();
});

test('moveAndSlide: slides along a floor, stops in a corner, starts in overlap', () => {
  const w = new World();
  const floor = w.add(c2.aabb(-100, -1, 100, 0));
  const wall = w.add(c2.aabb(5, 0, 6, 10));
  const box = c2.box(0, 0, 0.5, 0.5, 0);
  let m = w.moveAndSlide(box, { x: 0, y: 0.6 }, P(10, -1));
  assert.equal(m.hitCount, 2);
  assert.equal(w.rayHit(0).body, floor);
  assert.equal(w.rayHit(1).body, wall);
  assert.ok(m.position.x <= 4.5 && m.position.x > 4.5 - 1e-9, String(m.position.x));
  assert.ok(m.position.y >= 0.5 && m.position.y < 0.5 + 1e-9, String(m.position.y));
  assert.equal(c2.overlaps(c2.box(m.position.x, m.position.y, 0.5, 0.5, 0), w.getShape(floor)), false);
  assert.equal(c2.overlaps(c2.box(m.position.x, m.position.y, 0.5, 0.5, 0), w.getShape(wall)), false);
  const corner = m.position;
  m = w.moveAndSlide(box, { x: corner.x, y: corner.y }, P(3, -3), 8);
  assert.ok(Math.abs(m.position.x - corner.x) < 1e-9 && Math.abs(m.position.y - corner.y) < 1e-9);
  // one iteration: stops at the first contact (fraction 0.1 of the motion)
  m = w.moveAndSlide(box, { x: 0, y: 0.6 }, P(10, -1), 1);
  assert.equal(m.hitCount, 1);
  assert.equal(m.iterations, 1);
  assert.ok(Math.abs(m.position.x - 1) < 1e-9);
  // sunk into the floor: moving further in slides, moving out is free
  m = w.moveAndSlide(c2.circle(0, 0, 0.5), { x: 0, y: 0.3 }, P(4, -2));
  assert.ok(m.hitCount >= 1);
  assert.ok(Math.abs(m.position.x - 4) < 1e-9 && Math.abs(m.position.y - 0.3) < 1e-9);
  m = w.moveAndSlide(c2.circle(0, 0, 0.5), { x: 0, y: 0.3 }, P(1, 2));
  assert.deepEqual(m, {
    position: P(1, 2.3), iterations: 1, hitCount: 0, grounded: false, onWall: false, onCeiling: false, groundNormal: P(0, 0),
  });
  w.free();
});

test('moveAndSlide on random worlds never ends overlapping a body it started clear of', () => {
  const r = rng(77);
  const side = 50;
  const w = randomWorld(r, 120, side, 2);
  const bodies = Array.from(w.bodies()).map((h) => w.getShape(h));
  let done = 0;
  let hits = 0;
  while (done < 150) {
    const x = r.range(0, side);
    const y = r.range(0, side);
    const round = r() < 0.5;
    const rad = r.range(0.2, 1);
    const angle = r.range(0, 3);
    const place = (p) => (round ? c2.circle(p.x, p.y, rad) : c2.box(p.x, p.y, rad, rad / 2, angle));
    if (bodies.some((b) => c2.overlaps(place(P(x, y)), b))) continue;
    done++;
    const shape = round ? c2.circle(0, 0, rad) : c2.box(0, 0, rad, rad / 2, angle);
    const m = w.moveAndSlide(shape, { x, y }, randomTranslation(r, 20), 1 + r.int(8));
    hits += m.hitCount > 0 ? 1 : 0;
    const end = place(m.position);
    for (const b of bodies) assert.equal(c2.overlaps(end, b), false, `slide ${done} ends inside a body`);
  }
  assert.ok(hits > 40, `hits ${hits}`);
  w.free();
});

test('contact modes: the same pairs and events in every mode, switching mid-run, manifold layout', () => {
  const r = rng(5);
  const side = 60;
  const worlds = [new World(), new World(), new World(), new World()];
  worlds[1].setContactMode('pairs');
  worlds[2].setContactMode('manifolds');
  assert.equal(worlds[2].contactMode, 'manifolds');
  assert.equal(World.MANIFOLD_STRIDE, 11);
  let pairs = 0;
  let twoPoints = 0;
  for (let frame = 0; frame < 30; frame++) {
    const adds = frame === 0 ? 200 : r.int(6);
    for (let i = 0; i < adds; i++) {
      const s = randomShape(r, 3);
      const t = { x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) };
      for (const w of worlds) w.add(s, t);
    }
    const removes = frame === 0 ? 0 : r.int(6);
    for (let i = 0; i < removes; i++) {
      const hs = worlds[0].bodies();
      const h = hs[r.int(hs.length)];
      for (const w of worlds) w.remove(h);
    }
    const hs = Array.from(worlds[0].bodies());
    const xya = new Float64Array(3 * hs.length);
    hs.forEach((h, i) => {
      const t = worlds[0].getTransform(h);
      xya.set([t.x + r.range(-1, 1), t.y + r.range(-1, 1), t.angle + 0.05], 3 * i);
    });
    for (const w of worlds) w.setTransforms(xya);
    const mode = ['contacts', 'pairs', 'manifolds'][frame % 3];
    worlds[3].setContactMode(mode);
    const n = worlds.map((w) => w.step());
    for (let k = 1; k < 4; k++) {
      assert.equal(n[k], n[0]);
      assert.deepEqual(worlds[k].pairBodies.slice(0, 2 * n[0]), worlds[0].pairBodies.slice(0, 2 * n[0]));
      assert.deepEqual(worlds[k].beginEvents.slice(0, 2 * worlds[0].beginCount), worlds[0].beginEvents.slice(0, 2 * worlds[0].beginCount));
      assert.deepEqual(worlds[k].endEvents.slice(0, 2 * worlds[0].endCount), worlds[0].endEvents.slice(0, 2 * worlds[0].endCount));
    }
    assert.equal(worlds[1].pairContacts.length, 0);
    assert.equal(worlds[1].pairManifolds.length, 0);
    assert.equal(worlds[2].pairContacts.length, 0);
    assert.equal(worlds[0].pairManifolds.length, 0);
    const sw = worlds[3];
    if (mode === 'contacts') assert.deepEqual(sw.pairContacts.slice(0, 5 * n[0]), worlds[0].pairContacts.slice(0, 5 * n[0]));
    if (mode === 'manifolds') assert.deepEqual(sw.pairManifolds.slice(0, 11 * n[0]), worlds[2].pairManifolds.slice(0, 11 * n[0]));
    if (mode !== 'contacts') assert.equal(sw.pairContacts.length, 0);
    // Layout: unit normal from A to B, count 1 or 2, depths >= 0, unused second point zero; the deepest manifold
    // point is as deep as the pair's contact (collide) within rounding.
    const mf = worlds[2].pairManifolds;
    const ct = worlds[0].pairContacts;
    assert.ok(mf.length >= 11 * n[0]);
    for (let p = 0; p < n[0]; p++) {
      const o = 11 * p;
      assert.ok(Math.abs(Math.hypot(mf[o], mf[o + 1]) - 1) < 1e-12);
      assert.ok(mf[o + 2] === 1 || mf[o + 2] === 2);
      assert.ok(mf[o + 5] >= 0);
      if (mf[o + 2] === 1) assert.deepEqual(Array.from(mf.slice(o + 7, o + 11)), [0, 0, 0, 0]);
      else assert.ok(mf[o + 9] >= 0);
      twoPoints += mf[o + 2] === 2 ? 1 : 0;
      const deepest = Math.max(mf[o + 5], mf[o + 2] === 2 ? mf[o + 9] : 0);
      assert.ok(Math.abs(deepest - ct[5 * p + 2]) <= 1e-9 * (1 + ct[5 * p + 2]), `pair ${p}: ${deepest} vs ${ct[5 * p + 2]}`);
    }
    pairs += n[0];
  }
  assert.ok(pairs > 1000, `pairs ${pairs}`);
  assert.ok(twoPoints > 50, `two-point manifolds ${twoPoints}`);
  for (const w of worlds) w.free();
});

test('bad input names the argument', () => {
  const w = new World();
  w.add(c2.circle(0, 0, 1), { x: 5, y: 0 });
  assert.throws(() => w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(NaN, 0)), (e) => e instanceof TypeError || e instanceof RangeError ? /argument translation/.test(e.message) : false);
  assert.throws(() => w.castShape({ type: 'circle', center: P(0, 0), radius: -1 }, { x: 0, y: 0 }, P(1, 0)), /argument shape\.radius/);
  assert.throws(() => w.castShape(c2.circle(0, 0, 1), { x: Infinity, y: 0 }, P(1, 0)), /argument transform\.x/);
  assert.throws(() => w.castShape(c2.circle(0, 0, 1), { x: 1e308, y: 0 }, P(1e308, 0)), /argument transform/);
  assert.throws(() => w.castShape(c2.circle(0, 0, 1), null, P(1, 0)), TypeError);
  assert.throws(() => w.moveAndSlide(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(0, NaN)), /argument displacement/);
  assert.throws(() => w.moveAndSlide(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(0, 1), 1.5), /argument maxIterations/);
  assert.throws(() => w.setContactMode('sensors'), RangeError);
  assert.throws(() => w.setContactMode(1), TypeError);
  assert.equal(w.contactMode, 'contacts');
  // still usable
  assert.equal(w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(10, 0)), 1);
  w.free();
  assert.throws(() => w.castShape(c2.circle(0, 0, 1), { x: 0, y: 0 }, P(1, 0)), /freed/);
});
