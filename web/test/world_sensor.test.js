// World sensors through the public JS API: add(shape, transform, {sensor: true}), setSensor / isSensor. A pair with a
// sensor body is found (and has its events) exactly as any pair, in every contact mode; its contact record is five
// NaNs, its manifold count 0 with a NaN normal; the other pairs keep the World's contact mode (sensors and solid bodies
// in one world). Checked against brute force under churn; bad input; casts and slides see sensors as any body.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { initWithMemory, mulberry32 } from './shared.js';

const { c2 } = await initWithMemory();
const { World } = c2;

const slot = (h) => h & 0xfffff;
const key = (a, b) => `${a},${b}`;

function rng(seed) {
  const next = mulberry32(seed);
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (n) => Math.floor(next() * n);
  return next;
}

/** A random local shape: circle, aabb, box, polygon, capsule, segment, or a compound of two parts. */
function randomShape(r) {
  switch (r.int(7)) {
    case 0: return c2.circle(r.range(-1, 1), r.range(-1, 1), r.range(0.2, 2));
    case 1: return c2.aabb(-1, -1, r.range(0, 2), r.range(0, 2));
    case 2: return c2.box(0, 0, r.range(0.2, 2), r.range(0.2, 2), r.range(-4, 4));
    case 3: {
      const pts = [];
      const k = 3 + r.int(5);
      for (let i = 0; i < k; i++) {
        const a = (2 * Math.PI * i) / k;
        pts.push({ x: 1.5 * Math.cos(a), y: 1.5 * Math.sin(a) });
      }
      return c2.polygon(pts);
    }
    case 4: return c2.capsule(r.range(-2, 2), r.range(-2, 2), r.range(-2, 2), r.range(-2, 2), r.range(0.1, 1));
    case 5: return c2.segment(r.range(-2, 2), r.range(-2, 2), r.range(-2, 2), r.range(-2, 2));
    default:
      return c2.compound([
        { shape: c2.circle(0, 0, 1) },
        { shape: c2.box(0, 0, 1, 0.5, 0), offset: { x: 2, y: 0, angle: r.range(-3, 3) } },
      ]);
  }
}

const pieces = (s) => (s.type === 'compound' ? s.parts.map((p) => p.shape) : [s]);

/** Brute force: every touching pair (handle A: the smaller slot), with its expected contact and manifold. */
function expectedPairs(w) {
  const hs = Array.from(w.bodies());
  const shapes = hs.map((h) => w.getShape(h));
  const out = new Map();
  for (let i = 0; i < hs.length; i++) {
    for (let j = i + 1; j < hs.length; j++) {
      const [a, b] = slot(hs[i]) < slot(hs[j]) ? [i, j] : [j, i];
      const touch = pieces(shapes[a]).some((pa) => pieces(shapes[b]).some((pb) => c2.overlaps(pa, pb)));
      if (!touch) continue;
      const single = shapes[a].type !== 'compound' && shapes[b].type !== 'compound';
      out.set(key(hs[a], hs[b]), {
        sensor: w.isSensor(hs[a]) || w.isSensor(hs[b]),
        contact: single ? c2.collide(shapes[a], shapes[b]) : undefined,
        manifold: single ? c2.collideManifold(shapes[a], shapes[b]) : undefined,
      });
    }
  }
  return out;
}

/** Checks the last step against brute force in `mode`; returns [pairs with a sensor, solid pairs checked]. */
function checkStep(w, mode, label) {
  const expected = expectedPairs(w);
  const n = w.pairCount;
  assert.equal(n, expected.size, `${label}: pair count`);
  const pb = w.pairBodies;
  const pc = w.pairContacts;
  const pm = w.pairManifolds;
  let sensors = 0;
  let solids = 0;
  for (let p = 0; p < n; p++) {
    const e = expected.get(key(pb[2 * p], pb[2 * p + 1]));
    assert.ok(e !== undefined, `${label}: pair ${p} (${pb[2 * p]}, ${pb[2 * p + 1]}) not in brute force`);
    if (mode === 'contacts') {
      const rec = Array.from(pc.subarray(5 * p, 5 * p + 5));
      if (e.sensor) {
        assert.ok(rec.every(Number.isNaN), `${label}: sensor pair ${p} contact ${rec} is not five NaNs`);
      } else if (e.contact !== undefined) {
        const c = e.contact;
        assert.deepEqual(rec, [c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y], `${label}: contact of pair ${p}`);
        solids++;
      } else {
        assert.ok(!rec.some(Number.isNaN), `${label}: compound pair ${p} has a NaN contact`);
      }
    } else if (mode === 'manifolds') {
      const rec = Array.from(pm.subarray(11 * p, 11 * p + 11));
      if (e.sensor) {
        assert.ok(Number.isNaN(rec[0]) && Number.isNaN(rec[1]), `${label}: sensor pair ${p} manifold normal ${rec}`);
        assert.equal(rec[2], 0, `${label}: sensor pair ${p} manifold count`);
        assert.deepEqual(rec.slice(3), [0, 0, 0, 0, 0, 0, 0, 0], `${label}: sensor pair ${p} manifold points`);
      } else if (e.manifold !== undefined) {
        const m = e.manifold;
        assert.equal(rec[2], m.points.length, `${label}: manifold count of pair ${p}`);
        assert.deepEqual([rec[0], rec[1]], [m.normal.x, m.normal.y], `${label}: manifold normal of pair ${p}`);
        m.points.forEach((q, k) => assert.deepEqual(rec.slice(3 + 4 * k, 6 + 4 * k), [q.point.x, q.point.y, q.depth]));
        solids++;
      } else {
        assert.ok(rec[2] >= 1, `${label}: compound pair ${p} has no manifold point`);
      }
    } else {
      assert.equal(pc.length, 0);
      assert.equal(pm.length, 0);
    }
    if (e.sensor) sensors++;
  }
  return [sensors, solids];
}

test('sensors among solid bodies: pairs, events, NaN contacts and manifolds equal brute force in every mode', () => {
  const r = rng(23);
  const w = new World();
  const place = () => ({ x: r.range(0, 30), y: r.range(0, 30), angle: r.range(-3, 3) });
  for (let i = 0; i < 160; i++) w.add(randomShape(r), place(), { userId: i, sensor: i % 3 === 0 });
  let prev = new Set();
  let sensorPairs = 0;
  let solidPairs = 0;
  let begins = 0;
  let ends = 0;
  const modes = ['contacts', 'manifolds', 'pairs'];
  for (let frame = 0; frame < 45; frame++) {
    const mode = modes[frame % 3];
    w.setContactMode(mode);
    const hs = Array.from(w.bodies());
    for (const h of hs) {
      const u = r();
      if (u < 0.3) w.setTransform(h, place());
      else if (u < 0.34) w.setSensor(h, !w.isSensor(h));
      else if (u < 0.36) w.remove(h);
    }
    for (let k = 0; k < 4; k++) w.add(randomShape(r), place(), r() < 0.5 ? { sensor: true } : undefined);
    w.step();
    const [s, o] = checkStep(w, mode, `frame ${frame} (${mode})`);
    sensorPairs += s;
    solidPairs += o;
    // events: the set difference of the handle pairs (a removed body's pairs end with its stale handle)
    const now = new Set();
    for (let p = 0; p < w.pairCount; p++) now.add(key(w.pairBodies[2 * p], w.pairBodies[2 * p + 1]));
    const evs = (view, count) => new Set(Array.from({ length: count }, (_, i) => key(view[2 * i], view[2 * i + 1])));
    assert.deepEqual(evs(w.beginEvents, w.beginCount), new Set([...now].filter((k) => !prev.has(k))), `frame ${frame}: begins`);
    assert.deepEqual(evs(w.endEvents, w.endCount), new Set([...prev].filter((k) => !now.has(k))), `frame ${frame}: ends`);
    begins += w.beginCount;
    ends += w.endCount;
    prev = now;
  }
  // the test saw what it checks
  assert.ok(sensorPairs > 200 && solidPairs > 200 && begins > 100 && ends > 100,
    `sensor pairs ${sensorPairs}, solid pairs ${solidPairs}, begins ${begins}, ends ${ends}`);
  w.free();
});

test('add {sensor}, setSensor and isSensor; turning a body into a sensor keeps its pair (no events), drops its contact', () => {
  const w = new World();
  const a = w.add(c2.circle(0, 0, 1), { x: 0, y: 0 }, { sensor: true });
  const b = w.add(c2.box(0, 0, 1, 1, 0), { x: 1.5, y: 0, angle: 0.25 });
  const c = w.add(c2.circle(0, 0, 1), { x: 3, y: 0 }, { sensor: false });
  assert.equal(w.isSensor(a), true);
  assert.equal(w.isSensor(b), false);
  assert.equal(w.isSensor(c), false);
  w.step();
  assert.equal(w.pairCount, 2);
  assert.equal(w.beginCount, 2);
  const contactOf = (h1, h2) => {
    for (let p = 0; p < w.pairCount; p++) {
      if (w.pairBodies[2 * p] === h1 && w.pairBodies[2 * p + 1] === h2) return Array.from(w.pairContacts.subarray(5 * p, 5 * p + 5));
    }
    return null;
  };
  assert.ok(contactOf(a, b).every(Number.isNaN));
  const bc = contactOf(b, c);
  const expected = c2.collide(w.getShape(b), w.getShape(c));
  assert.deepEqual(bc, [expected.normal.x, expected.normal.y, expected.depth, expected.point.x, expected.point.y]);
  // Two sensors pair with each other too.
  w.setSensor(b, true);
  w.setSensor(a, false);
  w.step();
  assert.equal(w.pairCount, 2);
  assert.equal(w.beginCount + w.endCount, 0, 'the flag changes no pair');
  assert.ok(contactOf(a, b).every(Number.isNaN) && contactOf(b, c).every(Number.isNaN));
  w.setSensor(b, false);
  w.step();
  assert.ok(!contactOf(a, b).some(Number.isNaN) && !contactOf(b, c).some(Number.isNaN));
  w.free();
});

test('sensors: bad input is a TypeError / RangeError naming the argument and changes nothing', () => {
  const w = new World();
  const h = w.add(c2.circle(0, 0, 1));
  assert.throws(() => w.add(c2.circle(0, 0, 1), undefined, { sensor: 1 }),
    { name: 'TypeError', code: 'WrongType', message: /World\.add: argument options\.sensor must be a boolean \(got 1\)/ });
  assert.throws(() => w.add(c2.circle(0, 0, 1), undefined, { sensr: true }),
    { name: 'TypeError', code: 'UnknownOption', message: /unknown key "sensr" \(the keys are: .*static, sensor\)/ });
  assert.equal(w.bodyCount, 1);
  assert.throws(() => w.setSensor(h, 'yes'), { name: 'TypeError', message: /World\.setSensor: argument isSensor must be a boolean/ });
  assert.throws(() => w.setSensor(h), { name: 'TypeError', message: /argument isSensor/ });
  assert.equal(w.isSensor(h), false);
  assert.throws(() => w.setSensor(12345, true), { name: 'RangeError', message: /World\.setSensor: argument handle is not a live body/ });
  assert.throws(() => w.isSensor(-1), { name: 'RangeError', message: /World\.isSensor: argument handle/ });
  assert.throws(() => w.isSensor('1'), { message: /World\.isSensor: argument handle/ });
  w.remove(h);
  assert.throws(() => w.isSensor(h), { name: 'RangeError', message: /argument handle is not a live body/ });
  w.free();
  assert.throws(() => w.setSensor(h, true), { message: /World\.setSensor: the world was freed/ });
});

test('castShape and moveAndSlide see a sensor as any body; a mask leaves it out', () => {
  const w = new World();
  // A sensor wall at x = 5 (category 2) and a solid wall at x = 10 (category 1).
  const sensor = w.add(c2.aabb(0, -5, 1, 5), { x: 5, y: 0 }, { sensor: true, category: 2 });
  const wall = w.add(c2.aabb(0, -5, 1, 5), { x: 10, y: 0 }, { category: 1 });
  const ball = c2.circle(0, 0, 0.5);
  assert.equal(w.castShape(ball, { x: 0, y: 0 }, { x: 20, y: 0 }), 1);
  assert.equal(w.rayHit().body, sensor);
  assert.ok(Math.abs(w.rayHit().fraction - 4.5 / 20) < 1e-12);
  assert.equal(w.castShape(ball, { x: 0, y: 0 }, { x: 20, y: 0 }, 1), 1);
  assert.equal(w.rayHit().body, wall);
  const slide = w.moveAndSlide(ball, { x: 0, y: 0 }, { x: 20, y: 1 });
  assert.ok(slide.hitCount >= 1 && w.rayHit(0).body === sensor && slide.position.x <= 4.5, JSON.stringify(slide));
  const through = w.moveAndSlide(ball, { x: 0, y: 0 }, { x: 20, y: 1 }, 4, 1);
  assert.ok(through.hitCount >= 1 && w.rayHit(0).body === wall && through.position.x > 5 && through.position.x <= 9.5,
    JSON.stringify(through));
  // Queries too.
  const found = w.queryPoint({ x: 5.5, y: 0 });
  assert.deepEqual(Array.from(w.queryResults.subarray(0, found)), [sensor]);
  w.free();
});
