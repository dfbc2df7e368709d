// World (issue 5) through the public JS API: randomized churn checked after every step() against brute force with
// the core functions (collide / overlaps / contains / raycast on getShape() world shapes and the filter rule),
// queries and raycasts against brute force, begin / end events tracked across frames, bad input (right error class,
// message naming the argument, world unchanged), and memory (steady state, free(), views after memory growth).
// The wasm memory is observed by wrapping WebAssembly.instantiate before init(), as memory.test.js does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { initWithMemory } from './shared.js';

const { c2, memory } = await initWithMemory();
const { World } = c2;

// ---- helpers -------------------------------------------------------------------------------------------------

/** mulberry32: a seeded PRNG in [0, 1). */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (n) => Math.floor(next() * n);
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

const slot = (h) => h & 0xfffff;
const P = (x, y) => ({ x, y });

/** A random local shape of any kind (size about `s`). */
function randomShape(r, s = 3) {
  switch (r.int(6)) {
    case 0: return c2.circle(r.range(-1, 1), r.range(-1, 1), r.range(0, s));
    case 1: {
      const x = r.range(-2, 1);
      const y = r.range(-2, 1);
      return c2.aabb(x, y, x + r.range(0, 2 * s), y + r.range(0, 2 * s));
    }
    case 2: return c2.box(r.range(-1, 1), r.range(-1, 1), r.range(0, s), r.range(0, s), r.range(-4, 4));
    case 3: {
      const k = 3 + r.int(6);
      const rad = r.range(0.5, s);
      const step = (2 * Math.PI) / k;
      const a0 = r.range(0, 7);
      const points = [];
      for (let i = 0; i < k; i++) {
        const a = a0 + i * step + r.range(-0.3, 0.3) * step;
        points.push(P(rad * Math.cos(a), rad * Math.sin(a)));
      }
      // Hand-made objects, clockwise ones too: the world normalises them as c2.polygon does.
      return { type: 'polygon', points: r() < 0.5 ? points : points.reverse() };
    }
    case 4: return c2.capsule(r.range(-s, s), r.range(-s, s), r.range(-s, s), r.range(-s, s), r.range(0, s / 2));
    default: return c2.segment(r.range(-s, s), r.range(-s, s), r.range(-s, s), r.range(-s, s));
  }
}

/** A random compound: 1-4 parts of any kind with offsets (sometimes none), from c2.compound or a literal. */
function randomCompound(r) {
  const n = 1 + r.int(4);
  const parts = [];
  for (let k = 0; k < n; k++) {
    const shape = randomShape(r, 1.6);
    const offset = { x: r.range(-3, 3), y: r.range(-3, 3) };
    if (r() < 0.7) offset.angle = r.range(-4, 4);
    parts.push(r() < 0.2 ? { shape } : { shape, offset });
  }
  return r() < 0.5 ? c2.compound(parts) : { type: 'compound', parts };
}

/** A random concave outline as a plain polygon object (a star, an L, a U or a zigzag; either winding). */
function randomOutline(r, s = 3) {
  let pts;
  switch (r.int(4)) {
    case 0: {
      const k = 4 + r.int(4);
      const a0 = r.range(0, 7);
      const inner = r.range(0.25, 0.6);
      pts = [];
      for (let i = 0; i < 2 * k; i++) {
        const a = a0 + (Math.PI * i) / k;
        const rad = (i % 2 ? inner : 1) * s;
        pts.push(P(rad * Math.cos(a), rad * Math.sin(a)));
      }
      break;
    }
    case 1: {
      const t = r.range(0.2, 0.6) * s;
      pts = [P(0, 0), P(s, 0), P(s, t), P(t, t), P(t, s), P(0, s)];
      break;
    }
    case 2: {
      const t = r.range(0.15, 0.4) * s;
      pts = [P(0, 0), P(t, 0), P(t, s - t), P(s - t, s - t), P(s - t, 0), P(s, 0), P(s, s), P(0, s)];
      break;
    }
    default: {
      const m = 2 + r.int(3);
      const h = r.range(0.3, 1) * s;
      pts = [P(0, 0), P(s, 0)];
      for (let i = m; i >= 0; i--) pts.push(P((s * i) / m, i % 2 ? h : h * 0.4 + s * 0.3));
      pts.pop();
      pts.push(P(0, h * 0.4 + s * 0.3));
    }
  }
  const c = r.range(-1, 1);
  pts = pts.map((p) => P(p.x - s / 2 + c, p.y - s / 2));
  return { type: 'polygon', points: r() < 0.5 ? pts : pts.reverse() };
}

/** Any body shape: mostly convex shapes, sometimes a compound or a concave outline. */
function randomBodyShape(r) {
  const u = r();
  return u < 0.12 ? randomCompound(r) : u < 0.2 ? randomOutline(r, r.range(1.5, 5)) : randomShape(r);
}

/** The convex pieces of a world shape (getShape): a compound's parts, else the shape itself. */
const piecesOf = (s) => (s.type === 'compound' ? s.parts.map((p) => p.shape) : [s]);

/** Union of the pieces' bounds (c2.bounds) as [minX, minY, maxX, maxY]. */
function boundsOfPieces(pieces) {
  const out = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of pieces) {
    const b = c2.bounds(s);
    out[0] = Math.min(out[0], b.min.x);
    out[1] = Math.min(out[1], b.min.y);
    out[2] = Math.max(out[2], b.max.x);
    out[3] = Math.max(out[3], b.max.y);
  }
  return out;
}

function randomFilter(r) {
  const f = {};
  if (r() < 0.5) f.category = r.pick([1, 2, 4, 3, 0x80000000, 0xffffffff]);
  if (r() < 0.5) f.mask = r.pick([0xffffffff, 1, 2, 5, 0xfffffffe, 0]);
  if (r() < 0.4) f.group = r.pick([0, 1, -1, 2, -2]);
  return f;
}

/** Box2D filter rule, as the World documents it. */
function shouldCollide(a, b) {
  if (a.group === b.group && a.group !== 0) return a.group > 0;
  return (a.category & b.mask) !== 0 && (b.category & a.mask) !== 0;
}

function close(a, b) {
  return Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
}

/**
 * The expected pairs: every pair of live bodies whose filters accept each other and whose world shapes collide
 * (c2.collide), keyed by (slot A, slot B) with A the smaller slot. With `all` false, pairs whose bounds (c2.bounds,
 * widened by 1e-9 relative) do not overlap are skipped: touching shapes always have touching bounds.
 */
function bruteForcePairs(w, all) {
  const handles = Array.from(w.bodies());
  const worldShapes = handles.map((h) => w.getShape(h));
  const shapes = worldShapes.map(piecesOf);
  const compound = worldShapes.map((s) => s.type === 'compound');
  const filters = handles.map((h) => w.getFilter(h));
  const statics = handles.map((h) => w.isStatic(h));
  const boxes = all ? null : shapes.map((s) => {
    const b = boundsOfPieces(s);
    const e = 1e-9 * (1 + Math.max(...b.map(Math.abs)));
    return [b[0] - e, b[1] - e, b[2] + e, b[3] + e];
  });
  const expected = new Map();
  for (let i = 0; i < handles.length; i++) {
    for (let j = i + 1; j < handles.length; j++) {
      if (!all) {
        const a = boxes[i];
        const b = boxes[j];
        if (a[0] > b[2] || b[0] > a[2] || a[1] > b[3] || b[1] > a[3]) continue;
      }
      if (!shouldCollide(filters[i], filters[j])) continue;
      if (statics[i] && statics[j]) continue; // static bodies never pair with each other
      const [ia, ib] = slot(handles[i]) < slot(handles[j]) ? [i, j] : [j, i];
      // Every touching part pair; the pair reports the deepest (the first in part order on ties).
      let best = null;
      const touching = [];
      shapes[ia].forEach((pa, ka) => shapes[ib].forEach((pb, kb) => {
        const c = c2.collide(pa, pb);
        if (c === null) return;
        const rec = [ka, kb];
        touching.push(rec);
        if (best === null || c.depth > best.contact.depth) best = { contact: c, rec };
      }));
      if (best === null) continue;
      const parts = compound[ia] || compound[ib] ? [best.rec, ...touching.filter((t) => t !== best.rec)] : [];
      expected.set(slot(handles[ia]) * 0x100000 + slot(handles[ib]), { a: handles[ia], b: handles[ib], contact: best.contact, parts });
    }
  }
  return expected;
}

let partsSeen = 0; // pairParts records checked, over the whole file

/**
 * The pairs of the last step() equal brute force (as a set), contacts within 1e-9, pairParts equal to the touching
 * part pairs (deepest first). Returns the pair count.
 */
function checkPairs(w, all = false, label = '') {
  const expected = bruteForcePairs(w, all);
  const n = w.pairCount;
  const pb = w.pairBodies;
  const pc = w.pairContacts;
  assert.ok(pb.length >= 2 * n && pc.length >= 5 * n, `${label}: views shorter than the counts`);
  if (n !== expected.size) assert.fail(`${label}: ${n} pairs, brute force ${expected.size}`);
  const seen = new Set();
  // pairParts: records by pair index, the reported (deepest) part pair first.
  const np = w.pairPartCount;
  const pp = w.pairParts;
  assert.ok(pp.length >= 3 * np, `${label}: pairParts shorter than its count`);
  const partsOf = new Map();
  for (let i = 0; i < np; i++) {
    const p = pp[3 * i];
    if (p >= n || (i > 0 && p < pp[3 * i - 3])) assert.fail(`${label}: pairParts record ${i} (pair ${p}) out of order`);
    if (!partsOf.has(p)) partsOf.set(p, []);
    partsOf.get(p).push([pp[3 * i + 1], pp[3 * i + 2]]);
  }
  for (let p = 0; p < n; p++) {
    const a = pb[2 * p];
    const b = pb[2 * p + 1];
    if (!(slot(a) < slot(b))) assert.fail(`${label}: pair ${p} (${a}, ${b}) not ordered by slot`);
    const key = slot(a) * 0x100000 + slot(b);
    const e = expected.get(key);
    if (e === undefined || e.a !== a || e.b !== b) assert.fail(`${label}: pair (${a}, ${b}) not in brute force`);
    if (seen.has(key)) assert.fail(`${label}: pair (${a}, ${b}) twice`);
    seen.add(key);
    const gotParts = partsOf.get(p) ?? [];
    if (JSON.stringify(gotParts) !== JSON.stringify(e.parts)) {
      assert.fail(`${label}: pair (${a}, ${b}) parts ${JSON.stringify(gotParts)} != brute force ${JSON.stringify(e.parts)}`);
    }
    partsSeen += gotParts.length;
    const c = e.contact;
    const got = [pc[5 * p], pc[5 * p + 1], pc[5 * p + 2], pc[5 * p + 3], pc[5 * p + 4]];
    const want = [c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y];
    for (let k = 0; k < 5; k++) {
      if (!close(got[k], want[k])) assert.fail(`${label}: pair (${a}, ${b}) contact ${got} != collide() ${want}`);
    }
  }
  return n;
}

/** Tracks begin / end events across frames: active pairs == pairs of the last step, each begin ended once. */
class EventTracker {
  active = new Set();
  begins = 0;
  ends = 0;
  endsOfRemoved = 0;
  update(w, label = '') {
    const key = (a, b) => `${a},${b}`;
    const be = w.beginEvents;
    const en = w.endEvents;
    for (let i = 0; i < w.endCount; i++) {
      const k = key(en[2 * i], en[2 * i + 1]);
      if (!this.active.delete(k)) assert.fail(`${label}: end ${k} without a begin`);
      this.ends++;
      if (!w.has(en[2 * i]) || !w.has(en[2 * i + 1])) this.endsOfRemoved++;
    }
    for (let i = 0; i < w.beginCount; i++) {
      const a = be[2 * i];
      const b = be[2 * i + 1];
      if (!(slot(a) < slot(b))) assert.fail(`${label}: begin (${a}, ${b}) not ordered by slot`);
      const k = key(a, b);
      if (this.active.has(k)) assert.fail(`${label}: begin ${k} twice without an end`);
      this.active.add(k);
      this.begins++;
    }
    const pb = w.pairBodies;
    if (this.active.size !== w.pairCount) assert.fail(`${label}: ${this.active.size} active, ${w.pairCount} pairs`);
    for (let p = 0; p < w.pairCount; p++) {
      if (!this.active.has(key(pb[2 * p], pb[2 * p + 1]))) assert.fail(`${label}: pair without a begin`);
    }
  }
}

function snapshot(w) {
  const handles = Array.from(w.bodies());
  return {
    handles,
    bodies: handles.map((h) => ({
      xf: w.getTransform(h), filter: w.getFilter(h), userId: w.getUserId(h), shape: w.getShape(h),
    })),
  };
}

function randomWorld(seed, n, opts) {
  const r = rng(seed);
  const w = new World(opts);
  const side = Math.sqrt(n) * 4;
  for (let i = 0; i < n; i++) {
    w.add(randomShape(r), { x: r.range(0, side), y: r.range(0, side), angle: r.range(-4, 4) },
      { userId: i, ...randomFilter(r) });
  }
  return { w, r, side };
}

// ---- churn ------------------------------------------------------------------------------------------------------

test('randomized churn: after every step() the pairs equal brute force, contacts equal collide(), events consistent', () => {
  let operations = 0;
  let steps = 0;
  let pairsSeen = 0;
  let fullChecks = 0;
  let compoundsRemoved = 0;
  const partsBefore = partsSeen;
  const tracker = new EventTracker();
  // Four seeds: automatic cell size, a tiny one (bodies spanning many cells, the "large" list), a huge one (one cell).
  for (const [seed, cellSize] of [[1, undefined], [2, 0.3], [3, 500], [4, undefined]]) {
    const r = rng(seed);
    const w = new World(cellSize === undefined ? undefined : { cellSize });
    const events = new EventTracker();
    const maxBodies = 100;
    const side = 45;
    let xya = new Float64Array(0);
    const userIds = new Map();
    for (let op = 0; op < 30000; op++) {
      const handles = w.bodies();
      const n = handles.length;
      const any = () => handles[r.int(n)];
      const u = r();
      if (n === 0 || (u < 0.22 && n < maxBodies)) {
        const shape = r() < 0.02 ? c2.segment(0, 0, r.range(20, 60), r.range(-5, 5)) : randomBodyShape(r);
        const id = r.int(1e9);
        const h = w.add(shape, r() < 0.1 ? undefined : { x: r.range(0, side), y: r.range(0, side), angle: r() < 0.3 ? 0 : r.range(-7, 7) },
          { userId: id, ...randomFilter(r) });
        assert.ok(w.has(h));
        userIds.set(h, id);
      } else if (u < 0.36) {
        const h = any();
        if (w.getShape(h).type === 'compound') compoundsRemoved++;
        w.remove(h);
        if (w.has(h)) assert.fail('removed body still live');
        userIds.delete(h);
      } else if (u < 0.56) {
        const h = any();
        const t = w.getTransform(h);
        w.setTransform(h, t.x + r.range(-2, 2), t.y + r.range(-2, 2), t.angle);
      } else if (u < 0.66) {
        const h = any();
        const t = w.getTransform(h);
        if (r() < 0.5) w.setTransform(h, t.x, t.y, t.angle + r.range(-1, 1));
        else w.setTransform(h, t.x, t.y); // angle defaults to 0
      } else if (u < 0.72) {
        if (xya.length !== 3 * n) xya = new Float64Array(3 * n);
        for (let i = 0; i < n; i++) {
          const t = w.getTransform(handles[i]);
          xya[3 * i] = Math.min(side, Math.max(0, t.x + r.range(-1.5, 1.5)));
          xya[3 * i + 1] = Math.min(side, Math.max(0, t.y + r.range(-1.5, 1.5)));
          xya[3 * i + 2] = t.angle + r.range(-0.3, 0.3);
        }
        w.setTransforms(xya);
        const k = r.int(n);
        const t = w.getTransform(handles[k]);
        assert.deepEqual([t.x, t.y, t.angle], [xya[3 * k], xya[3 * k + 1], xya[3 * k + 2]]);
      } else if (u < 0.78) {
        const m = 1 + r.int(Math.min(n, 10));
        const hs = new Uint32Array(m);
        const v = new Float64Array(3 * m);
        for (let i = 0; i < m; i++) {
          hs[i] = any();
          v[3 * i] = r.range(0, side);
          v[3 * i + 1] = r.range(0, side);
          v[3 * i + 2] = r.range(-4, 4);
        }
        w.setTransforms(v, hs);
      } else if (u < 0.9) {
        const h = any();
        const f = randomFilter(r);
        const before = w.getFilter(h);
        w.setFilter(h, f);
        assert.deepEqual(w.getFilter(h), { ...before, ...f });
      } else if (u < 0.93) {
        const h = any();
        assert.equal(w.getUserId(h), userIds.get(h));
        const id = r.range(-1e6, 1e6);
        w.setUserId(h, id);
        userIds.set(h, id);
      } else if (u < 0.9312) {
        w.clear();
        assert.equal(w.bodyCount, 0);
        userIds.clear();
      } else {
        w.step();
        steps++;
        const full = steps % 8 === 0;
        if (full) fullChecks++;
        pairsSeen += checkPairs(w, full, `seed ${seed} op ${op}`);
        events.update(w, `seed ${seed} op ${op}`);
        continue;
      }
      operations++;
    }
    // Every begin gets its end once the bodies are gone.
    w.clear();
    w.step();
    events.update(w, `seed ${seed} final`);
    assert.equal(events.active.size, 0);
    assert.equal(events.begins, events.ends);
    tracker.begins += events.begins;
    tracker.endsOfRemoved += events.endsOfRemoved;
    w.free();
  }
  assert.ok(operations >= 100000, `${operations} operations`);
  assert.ok(steps > 5000, `${steps} steps`);
  assert.ok(pairsSeen > 10000, `only ${pairsSeen} pairs seen: the scene does not overlap enough`);
  assert.ok(tracker.endsOfRemoved > 100, `only ${tracker.endsOfRemoved} ends of removed bodies`);
  assert.ok(fullChecks > 500);
  const parts = partsSeen - partsBefore;
  assert.ok(parts > 3000, `only ${parts} pairParts records checked`);
  assert.ok(compoundsRemoved > 200, `only ${compoundsRemoved} compound bodies removed`);
  console.log(`# churn: ${operations} operations, ${steps} steps (${fullChecks} with all pairs through collide()), ` +
    `${pairsSeen} pairs checked (${parts} part pairs), ${tracker.begins} begins, ${tracker.endsOfRemoved} ends of ` +
    `removed bodies, ${compoundsRemoved} compound bodies removed`);
});

test('events: a begin when a pair starts touching, one end when it separates or a body goes, none while touching', () => {
  const w = new World();
  const a = w.add(c2.circle(0, 0, 1));
  const b = w.add(c2.circle(0, 0, 1), { x: 5, y: 0 });
  const c = w.add(c2.box(0, 0, 1, 1), { x: 10, y: 0 });
  const ev = () => [Array.from(w.beginEvents.subarray(0, 2 * w.beginCount)), Array.from(w.endEvents.subarray(0, 2 * w.endCount))];
  assert.equal(w.step(), 0);
  assert.deepEqual(ev(), [[], []]);
  w.setTransform(b, 2, 0); // touching exactly: a hit
  assert.equal(w.step(), 1);
  assert.deepEqual(ev(), [[a, b], []]);
  assert.equal(w.step(), 1); // still touching: no event
  assert.deepEqual(ev(), [[], []]);
  w.setTransform(b, 2.5, 0);
  w.step();
  assert.deepEqual(ev(), [[], [a, b]]);
  w.setTransform(c, 1.9, 0);
  w.setTransform(b, 1, 0);
  assert.equal(w.step(), 3);
  assert.deepEqual(ev(), [[a, b, a, c, b, c], []]);
  w.remove(b);
  assert.equal(w.pairCount, 3, 'pairs of the last step stay readable after remove()');
  w.step();
  assert.deepEqual(ev(), [[], [a, b, b, c]]);
  assert.equal(w.has(b), false);
  w.setFilter(c, { group: -3 });
  w.setFilter(a, { group: -3 });
  w.step();
  assert.deepEqual(ev(), [[], [a, c]]);
  w.setFilter(a, { group: 0, mask: 2 });
  w.step();
  assert.deepEqual(ev(), [[], []], 'mask 2 rejects category 1');
  w.setFilter(c, { group: 0, category: 2 });
  w.step();
  assert.deepEqual(ev(), [[a, c], []]);
  w.free();
});

// ---- queries ---------------------------------------------------------------------------------------------------

// ---- static bodies --------------------------------------------------------------------------------------------

test('static bodies: never pair with each other; pairs, contacts, events and queries equal brute force under churn', () => {
  const r = rng(77);
  const w = new World();
  const side = 70;
  const place = () => ({ x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) });
  for (let i = 0; i < 300; i++) w.add(randomShape(r), place(), { userId: i, static: i % 4 !== 0, ...randomFilter(r) });
  const events = new EventTracker();
  let staticPairs = 0;
  let pairs = 0;
  for (let frame = 0; frame < 40; frame++) {
    // every body through the flat array, the static ones given their own transform again (they stay binned)
    const handles = w.bodies();
    const xya = new Float64Array(3 * handles.length);
    handles.forEach((h, i) => {
      const t = w.getTransform(h);
      const d = w.isStatic(h) ? 0 : 1;
      xya.set([t.x + d * r.range(-1, 1), t.y + d * r.range(-1, 1), t.angle + d * 0.05], 3 * i);
    });
    w.setTransforms(xya);
    for (let op = 0; op < 10; op++) {
      const live = w.bodies();
      const h = live[r.int(live.length)];
      const k = r.int(8);
      if (k < 2) w.setTransform(h, r.range(0, side), r.range(0, side), r.range(-3, 3));
      else if (k < 4) w.remove(h);
      else if (k < 6) w.add(randomShape(r), place(), { static: r() < 0.7, ...randomFilter(r) });
      else w.setStatic(h, !w.isStatic(h));
    }
    w.step();
    pairs += checkPairs(w, false, `frame ${frame}`);
    events.update(w, `frame ${frame}`);
    const pb = w.pairBodies;
    for (let p = 0; p < w.pairCount; p++) {
      const [a, b] = [pb[2 * p], pb[2 * p + 1]];
      assert.ok(!(w.isStatic(a) && w.isStatic(b)), 'a pair of two static bodies');
      if (w.isStatic(a) || w.isStatic(b)) staticPairs++;
    }
    // queries and the closest ray see both grids
    const all = Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
    const x = r.range(0, side);
    const y = r.range(0, side);
    const box = c2.aabb(x, y, x + r.range(0, 15), y + r.range(0, 15));
    const n = w.queryAabb(box);
    assert.deepEqual(Array.from(w.queryResults.subarray(0, n)), all.filter((h) => c2.overlaps(box, w.getShape(h))));
    const ray = { origin: P(r.range(0, side), r.range(0, side)), direction: P(r.range(-1, 1), r.range(-1, 1)), maxFraction: 40 };
    let best = null;
    for (const h of all) {
      const hit = c2.raycast(ray, w.getShape(h));
      if (hit !== null && (best === null || hit.fraction < best.fraction)) best = { h, fraction: hit.fraction };
    }
    const count = w.raycast(ray);
    assert.equal(count, best === null ? 0 : 1, `ray ${frame}`);
    if (best !== null) assert.equal(w.rayHit(0).fraction, best.fraction, `ray ${frame}`);
  }
  assert.ok(staticPairs > 300, `${staticPairs} pairs with a static body`);
  assert.ok(pairs > 1000, `${pairs} pairs checked`);
  w.free();
});

test('static bodies: bad arguments are named, the world stays usable', () => {
  const w = new World();
  const h = w.add(c2.circle(0, 0, 1), { x: 0, y: 0 }, { static: true });
  const g = w.add(c2.circle(0, 0, 1), { x: 1, y: 0 });
  assert.equal(w.isStatic(h), true);
  assert.equal(w.isStatic(g), false);
  assert.throws(() => w.setStatic(h, 1), { name: 'TypeError', message: /argument isStatic must be a boolean/ });
  assert.throws(() => w.setStatic(12345, true), { name: 'RangeError', message: /argument handle is not a live body/ });
  assert.throws(() => w.isStatic(-1), { name: 'RangeError', message: /argument handle/ });
  assert.throws(() => w.add(c2.circle(0, 0, 1), undefined, { static: 'yes' }),
    { name: 'TypeError', message: /argument options.static must be a boolean/ });
  assert.equal(w.bodyCount, 2);
  w.step();
  assert.equal(w.pairCount, 1);
  w.setStatic(g, true);
  w.step();
  assert.equal(w.pairCount, 0);
  assert.equal(w.endCount, 1);
  w.free();
});

// ---- compound bodies ----------------------------------------------------------------------------------------------

test('compound bodies: parts placed by their offsets, the deepest part pair reported, every touching one listed', () => {
  const w = new World();
  // A dumbbell of two balls (a compound) over a bar, deeper under the right ball (the native test's scene).
  const a = w.add(c2.compound([{ shape: c2.circle(0, 0, 1), offset: { x: -2, y: 0 } }, { shape: c2.circle(0, 0, 1), offset: { x: 2, y: 0 } }]));
  const bar = w.add({ type: 'polygon', points: [P(-4, -1.5), P(4, -0.5), P(4, 0), P(-4, -1)] }, undefined, { userId: 2 });
  assert.equal(w.partCount(a), 2);
  assert.equal(w.partCount(bar), 1);
  assert.deepEqual(w.getShape(a), { type: 'compound', parts: [{ shape: c2.circle(-2, 0, 1) }, { shape: c2.circle(2, 0, 1) }] });
  assert.deepEqual(w.getShape(a, 1), c2.circle(2, 0, 1));
  assert.deepEqual(w.getShape(bar, 0), w.getShape(bar));
  assert.equal(w.step(), 1);
  assert.equal(w.pairPartCount, 2);
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 1, 0, 0, 0, 0], 'the right ball (deeper) first, then the left');
  const deepest = c2.collide(w.getShape(a, 1), w.getShape(bar));
  assert.deepEqual(Array.from(w.pairContacts.subarray(0, 5)), [deepest.normal.x, deepest.normal.y, deepest.depth, deepest.point.x, deepest.point.y]);
  assert.equal(w.beginCount, 1, 'events stay per body');
  // 'pairs' mode: the same records, the first in part order; 'manifolds': the deepest part pair's manifold.
  w.setContactMode('pairs');
  w.step();
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 0, 0, 0, 1, 0]);
  w.setContactMode('manifolds');
  w.step();
  assert.deepEqual(Array.from(w.pairParts.subarray(0, 6)), [0, 1, 0, 0, 0, 0]);
  const m = c2.collideManifold(w.getShape(a, 1), w.getShape(bar));
  assert.equal(w.pairManifolds[0], m.normal.x);
  assert.equal(w.pairManifolds[5], m.points[0].depth);
  w.setContactMode('contacts');
  // Queries, rays and casts name the part.
  assert.equal(w.queryPoint(P(2.5, 0.2)), 1);
  assert.deepEqual([w.queryResults[0], w.queryParts[0]], [a, 1]);
  assert.equal(w.queryAabb(c2.aabb(-10, 0.5, 10, 0.6)), 1);
  assert.deepEqual([w.queryResults[0], w.queryParts[0]], [a, 0], 'the first part in part order');
  assert.equal(w.raycast(c2.ray(10, 0.5, -1, 0)), 1);
  assert.deepEqual([w.rayHit(0).body, w.rayHit(0).part, w.rayHitParts[0]], [a, 1, 1]);
  assert.equal(w.raycastAll(c2.ray(10, 0.5, -1, 0)), 1, 'raycastAll lists a compound body once');
  assert.equal(w.castShape(c2.circle(0, 0, 0.5), { x: -2, y: 5 }, P(0, -10)), 1);
  const hit = w.rayHit(0);
  assert.deepEqual([hit.body, hit.part], [a, 0]);
  assert.ok(Math.abs(hit.fraction - 0.35) < 1e-9);
  assert.equal(w.castShape(c2.circle(0, 0, 0.5), { x: 2, y: 5 }, P(0, -10)), 1);
  assert.equal(w.rayHit(0).part, 1);
  const slide = w.moveAndSlide(c2.circle(0, 0, 0.5), { x: 2, y: 5 }, P(0, -10));
  assert.ok(slide.hitCount >= 1);
  assert.equal(w.rayHitParts[0], 1);
  assert.equal(w.rayHit(0).part, 1);
  // Moving the body moves every part; the bounds are the union of the parts'.
  w.setTransform(a, 0, 10, Math.PI / 2);
  const moved = w.getShape(a);
  assert.ok(close(moved.parts[0].shape.center.x, 0) && close(moved.parts[0].shape.center.y, 8));
  assert.ok(close(moved.parts[1].shape.center.x, 0) && close(moved.parts[1].shape.center.y, 12));
  w.step();
  assert.equal(w.pairCount, 0);
  assert.equal(w.pairPartCount, 0);
  assert.equal(w.endCount, 1);
  const b = w.getBounds(a);
  const b0 = w.getBounds(a, 0);
  const b1 = w.getBounds(a, 1);
  assert.ok(close(b.min.y, 7) && close(b.max.y, 13) && close(b0.max.y, 9) && close(b1.min.y, 11));
  assert.deepEqual(b, { type: 'aabb', min: { x: Math.min(b0.min.x, b1.min.x), y: b0.min.y }, max: { x: Math.max(b0.max.x, b1.max.x), y: b1.max.y } });
  assert.deepEqual(w.getBounds(bar, 0), w.getBounds(bar));
  // Offsets: an aabb turned by its offset is a box; a polygon part's vertices are placed.
  const c = w.add(c2.compound([
    { shape: c2.aabb(-1, -1, 1, 1), offset: { x: 3, y: 0, angle: 0.5 } },
    { shape: c2.polygon([P(0, 0), P(1, 0), P(0, 1)]), offset: { x: 0, y: 5 } },
    { shape: c2.capsule(0, 0, 1, 0, 0.5) },
  ]), { x: 100, y: 0 });
  const cs = w.getShape(c);
  assert.deepEqual(cs.parts.map((p) => p.shape.type), ['box', 'polygon', 'capsule']);
  assert.ok(close(cs.parts[0].shape.center.x, 103) && close(cs.parts[0].shape.angle, 0.5));
  assert.deepEqual(cs.parts[1].shape.points, [P(100, 5), P(101, 5), P(100, 6)]);
  assert.deepEqual(cs.parts[2].shape, c2.capsule(100, 0, 101, 0, 0.5));
  w.free();
});

test('World.add of a concave outline: a compound of decompose()\'s parts; a convex one stays a polygon', () => {
  const w = new World();
  const ell = [P(0, 0), P(2, 0), P(2, 0.5), P(0.5, 0.5), P(0.5, 2), P(0, 2)];
  const xf = { x: 10, y: 0, angle: 0.3 };
  const h = w.add({ type: 'polygon', points: ell }, xf);
  const parts = c2.decompose(ell);
  assert.equal(w.partCount(h), parts.length);
  assert.ok(parts.length >= 2);
  const ws = w.getShape(h);
  assert.equal(ws.type, 'compound');
  ws.parts.forEach((p, k) => {
    const want = c2.transformed(parts[k], c2.transform(xf.x, xf.y, xf.angle));
    assert.equal(p.shape.type, 'polygon');
    assert.equal(p.shape.points.length, want.points.length);
    p.shape.points.forEach((q, i) => assert.ok(close(q.x, want.points[i].x) && close(q.y, want.points[i].y), `part ${k}`));
  });
  // The notch of the L is empty.
  const inNotch = c2.apply(c2.transform(xf.x, xf.y, xf.angle), P(1.5, 1.5));
  assert.equal(w.queryPoint(inNotch), 0);
  assert.equal(w.queryPoint(c2.apply(c2.transform(xf.x, xf.y, xf.angle), P(0.25, 1.5))), 1);
  // A clockwise outline and a convex one.
  const cw = w.add({ type: 'polygon', points: [...ell].reverse() });
  assert.equal(w.getShape(cw).type, 'compound');
  const sq = w.add({ type: 'polygon', points: [P(0, 0), P(2, 0), P(2, 2), P(0, 2)] });
  assert.equal(w.getShape(sq).type, 'polygon');
  assert.equal(w.partCount(sq), 1);
  // A self-crossing outline is refused with the crossing edges, and nothing changes.
  const n = w.bodyCount;
  assert.throws(() => w.add({ type: 'polygon', points: [P(0, 0), P(2, 2), P(2, 0), P(0, 2)] }), (e) => {
    assert.equal(e.constructor, RangeError);
    assert.equal(e.message, 'collide2d.World.add: argument shape.points crosses or touches itself: edges[0] and ' +
      'edges[2] share a point (edge i runs from points[i] to points[i + 1])');
    assert.equal(e.code, 'NotConvex');
    assert.deepEqual(e.edges, [0, 2]);
    return true;
  });
  assert.equal(w.bodyCount, n);
  assert.throws(() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] }), { name: 'RangeError', message: /argument shape\.points must not all lie on one line/ });
  w.free();
});

test('compound bodies under churn (static ones too): pairs, pairParts, queries, queryParts, rays, rayHitParts and castShape parts equal brute force over the parts', () => {
  const r = rng(91);
  const w = new World();
  const side = 60;
  const place = () => ({ x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) });
  for (let i = 0; i < 160; i++) {
    const u = r();
    const shape = u < 0.3 ? randomCompound(r) : u < 0.5 ? randomOutline(r, r.range(2, 6)) : randomShape(r);
    w.add(shape, place(), { userId: i, static: r() < 0.4, ...randomFilter(r) });
  }
  const events = new EventTracker();
  const all = () => Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
  let parts = 0;
  let staticCompoundPairs = 0;
  let queryCompoundHits = 0;
  let rayCompoundHits = 0;
  let castCompoundHits = 0;
  let removed = 0;
  for (let frame = 0; frame < 30; frame++) {
    for (let op = 0; op < 8; op++) {
      const live = w.bodies();
      const h = live[r.int(live.length)];
      const k = r.int(8);
      if (k < 2) w.setTransform(h, r.range(0, side), r.range(0, side), r.range(-3, 3));
      else if (k < 4) {
        if (w.getShape(h).type === 'compound') removed++;
        w.remove(h);
      } else if (k < 6) w.add(r() < 0.5 ? randomCompound(r) : randomOutline(r, r.range(2, 6)), place(), { static: r() < 0.5, ...randomFilter(r) });
      else w.setStatic(h, !w.isStatic(h));
    }
    w.step();
    const before = partsSeen;
    checkPairs(w, frame % 3 === 0, `frame ${frame}`);
    parts += partsSeen - before;
    events.update(w, `frame ${frame}`);
    const pb = w.pairBodies;
    for (let p = 0; p < w.pairCount; p++) {
      const [a, b] = [pb[2 * p], pb[2 * p + 1]];
      if ((w.isStatic(a) && w.partCount(a) > 1) || (w.isStatic(b) && w.partCount(b) > 1)) staticCompoundPairs++;
    }
    const handles = all();
    const pieces = new Map(handles.map((h) => [h, piecesOf(w.getShape(h))]));
    for (let q = 0; q < 10; q++) {
      const mask = r() < 0.6 ? undefined : r.pick([1, 2, 3, 0xfffffffe]);
      const check = (n, test, label) => {
        const want = [];
        for (const h of handles) {
          if (!inMask(w, h, mask)) continue;
          const k = pieces.get(h).findIndex(test);
          if (k >= 0) want.push([h, k]);
        }
        const got = Array.from({ length: n }, (_, i) => [w.queryResults[i], w.queryParts[i]]);
        assert.deepEqual(got, want, `${label} frame ${frame} query ${q}`);
        queryCompoundHits += want.filter(([h]) => pieces.get(h).length > 1).length;
      };
      const x = r.range(-5, side);
      const y = r.range(-5, side);
      const box = c2.aabb(x, y, x + r.range(0, 12), y + r.range(0, 12));
      check(w.queryAabb(box, mask), (s) => c2.overlaps(box, s), 'queryAabb');
      const pt = P(r.range(0, side), r.range(0, side));
      check(w.queryPoint(pt, mask), (s) => c2.contains(s, pt), 'queryPoint');
      const qs = c2.capsule(x, y, x + r.range(-6, 6), y + r.range(-6, 6), r.range(0, 2));
      check(w.queryShape(qs, mask), (s) => c2.overlaps(qs, s), 'queryShape');
      // rays: every body's first part hit (smallest fraction, then part index), by fraction then slot
      const ray = c2.ray(r.range(-5, side + 5), r.range(-5, side + 5), r.range(-1, 1), r.range(-1, 1), r() < 0.5 ? Infinity : r.range(5, 60));
      const expected = [];
      for (const h of handles) {
        if (!inMask(w, h, mask)) continue;
        let best = null;
        pieces.get(h).forEach((s, k) => {
          const hit = c2.raycast(ray, s);
          if (hit !== null && (best === null || hit.fraction < best.fraction)) best = { h, part: k, ...hit };
        });
        if (best !== null) expected.push(best);
      }
      expected.sort((a, b) => a.fraction - b.fraction || slot(a.h) - slot(b.h));
      const nAll = w.raycastAll(ray, mask);
      assert.equal(nAll, expected.length, `raycastAll frame ${frame} ray ${q}`);
      for (let i = 0; i < nAll; i++) {
        const got = w.rayHit(i);
        const e = expected[i];
        assert.deepEqual([got.body, got.part, w.rayHitParts[i]], [e.h, e.part, e.part], `raycastAll frame ${frame} ray ${q} hit ${i}`);
        assert.ok(close(got.fraction, e.fraction) && close(got.point.x, e.point.x) && close(got.point.y, e.point.y));
        if (pieces.get(e.h).length > 1) rayCompoundHits++;
      }
      assert.equal(w.raycast(ray, mask), expected.length > 0 ? 1 : 0);
      if (expected.length > 0) assert.deepEqual([w.rayHit(0).body, w.rayHit(0).part], [expected[0].h, expected[0].part]);
      // castShape: every part alone in a one-body World, cast the same way (smallest fraction, then part, then slot)
      if (q % 2 === 0) {
        const shape = randomShape(r, 1);
        const transform = { x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) };
        const translation = P(r.range(-side, side), r.range(-side, side));
        let want = null;
        for (const h of handles) {
          if (!inMask(w, h, mask)) continue;
          pieces.get(h).forEach((s, k) => {
            const one = new World();
            one.add(s);
            const hit = one.castShape(shape, transform, translation) === 1 ? one.rayHit(0) : null;
            one.free();
            if (hit === null || (want !== null && hit.fraction >= want.fraction)) return;
            want = { ...hit, body: h, part: k };
          });
        }
        const n = w.castShape(shape, transform, translation, mask);
        assert.deepEqual(n === 1 ? w.rayHit(0) : null, want, `castShape frame ${frame} cast ${q}`);
        if (want !== null) {
          assert.equal(w.rayHitParts[0], want.part);
          if (pieces.get(want.body).length > 1) castCompoundHits++;
        }
      }
    }
  }
  assert.ok(parts > 200, `${parts} pairParts records checked`);
  assert.ok(staticCompoundPairs > 20, `${staticCompoundPairs} pairs with a static compound body`);
  assert.ok(removed > 10, `${removed} compound bodies removed`);
  assert.ok(queryCompoundHits > 100, `${queryCompoundHits} query results on compound bodies`);
  assert.ok(rayCompoundHits > 50, `${rayCompoundHits} ray hits on compound bodies`);
  assert.ok(castCompoundHits > 10, `${castCompoundHits} casts hitting a compound body`);
  w.free();
});

function inMask(w, h, mask) {
  return (w.getFilter(h).category & (mask ?? 0xffffffff)) !== 0;
}

test('queryAabb / queryPoint / queryShape / raycast / raycastAll equal brute force over all bodies', () => {
  const { w, r, side } = randomWorld(11, 300);
  // some churn first, so that slots are reused and body order differs from slot order
  const initial = w.bodies();
  for (let i = 0; i < 60; i++) w.remove(initial[5 * i + 2]);
  for (let i = 0; i < 40; i++) w.add(randomShape(r), { x: r.range(0, side), y: r.range(0, side), angle: r.range(-3, 3) }, randomFilter(r));
  w.step();
  const handles = Array.from(w.bodies()).sort((a, b) => slot(a) - slot(b));
  const shapes = new Map(handles.map((h) => [h, w.getShape(h)]));
  const results = () => Array.from(w.queryResults.subarray(0, w.queryResults.length)).slice(0, undefined);
  let nonEmpty = 0;
  let hits = 0;
  for (let q = 0; q < 600; q++) {
    const mask = r() < 0.5 ? undefined : r.pick([1, 2, 3, 4, 0xfffffffe, 0x80000000]);
    // queryAabb (tagged and untagged)
    const x = r.range(-5, side);
    const y = r.range(-5, side);
    const box = c2.aabb(x, y, x + r.range(0, 12), y + r.range(0, 12));
    const n1 = w.queryAabb(q % 2 ? box : { min: box.min, max: box.max }, mask);
    const want1 = handles.filter((h) => inMask(w, h, mask) && c2.overlaps(box, shapes.get(h)));
    assert.deepEqual(results().slice(0, n1), want1, `queryAabb ${q}`);
    // queryPoint: sometimes exactly on a body's centre
    const target = shapes.get(handles[r.int(handles.length)]);
    const pt = r() < 0.5 ? P(r.range(0, side), r.range(0, side)) : (target.center ?? target.a ?? target.min ?? target.points[0]);
    const n2 = w.queryPoint(pt, mask);
    const want2 = handles.filter((h) => inMask(w, h, mask) && c2.contains(shapes.get(h), pt));
    assert.deepEqual(results().slice(0, n2), want2, `queryPoint ${q}`);
    // queryShape with any kind of shape, in world coordinates
    const local = randomShape(r, 6);
    const moved = c2.transform(r.range(0, side), r.range(0, side), r.range(-3, 3));
    const qs = local.type === 'polygon' ? c2.transformed(local, moved)
      : local.type === 'circle' ? c2.circle(local.center.x + moved.position.x, local.center.y + moved.position.y, local.radius)
        : local.type === 'segment' ? c2.segment(local.a.x + moved.position.x, local.a.y + moved.position.y, local.b.x + moved.position.x, local.b.y + moved.position.y)
        : local.type === 'capsule' ? c2.capsule(local.a.x + moved.position.x, local.a.y + moved.position.y, local.b.x + moved.position.x, local.b.y + moved.position.y, local.radius)
          : local.type === 'box' ? c2.box(local.center.x + moved.position.x, local.center.y + moved.position.y, local.halfExtents.x, local.halfExtents.y, local.angle)
            : c2.aabb(local.min.x + moved.position.x, local.min.y + moved.position.y, local.max.x + moved.position.x, local.max.y + moved.position.y);
    const n3 = w.queryShape(qs, mask);
    const want3 = handles.filter((h) => inMask(w, h, mask) && c2.overlaps(qs, shapes.get(h)));
    assert.deepEqual(results().slice(0, n3), want3, `queryShape ${q} (${qs.type})`);
    nonEmpty += (n1 > 0) + (n2 > 0) + (n3 > 0);
    // raycasts: from anywhere (sometimes inside a body) towards a body, with a finite or infinite reach
    const origin = r() < 0.2 ? pt : P(r.range(-10, side + 10), r.range(-10, side + 10));
    // (aimed at a body's bounds centre, not at a vertex: a ray through a corner has two equally good normals)
    const tb = c2.bounds(target);
    const aim = r() < 0.7 ? P((tb.min.x + tb.max.x) / 2 + r.range(-0.1, 0.1), (tb.min.y + tb.max.y) / 2)
      : P(r.range(0, side), r.range(0, side));
    const dir = P(aim.x - origin.x || 1, aim.y - origin.y);
    const ray = c2.ray(origin.x, origin.y, dir.x, dir.y, r() < 0.5 ? Infinity : r.range(0, 2));
    const expected = [];
    for (const h of handles) {
      if (!inMask(w, h, mask)) continue;
      const hit = c2.raycast(ray, shapes.get(h));
      if (hit !== null) expected.push({ h, ...hit });
    }
    expected.sort((a, b) => a.fraction - b.fraction || slot(a.h) - slot(b.h));
    const nAll = w.raycastAll(q % 3 ? ray : { origin: ray.origin, direction: ray.direction, maxFraction: ray.maxFraction }, mask);
    assert.equal(nAll, expected.length, `raycastAll ${q}`);
    const rh = w.rayHits;
    assert.ok(rh.length >= 6 * nAll);
    for (let i = 0; i < nAll; i++) {
      const e = expected[i];
      assert.equal(rh[6 * i], e.h, `raycastAll ${q} hit ${i} body`);
      const got = Array.from(rh.subarray(6 * i + 1, 6 * i + 6));
      const want = [e.fraction, e.point.x, e.point.y, e.normal.x, e.normal.y];
      assert.ok(got.every((v, k) => close(v, want[k])), `raycastAll ${q} hit ${i}: ${got} != ${want}`);
    }
    hits += nAll;
    const n1hit = w.raycast(ray, mask);
    assert.equal(n1hit, expected.length > 0 ? 1 : 0, `raycast ${q}`);
    if (expected.length === 0) {
      assert.throws(() => w.rayHit(), { name: 'RangeError', code: 'OutOfRange' });
    } else {
      const first = w.rayHit();
      const e = expected[0];
      assert.equal(first.body, e.h);
      assert.ok(close(first.fraction, e.fraction) && close(first.point.x, e.point.x) && close(first.point.y, e.point.y) &&
        close(first.normal.x, e.normal.x) && close(first.normal.y, e.normal.y), `raycast ${q}`);
      assert.throws(() => w.rayHit(1), { name: 'RangeError', code: 'OutOfRange', message: /must be < 1, the hit count \(got 1\)$/ });
    }
  }
  assert.ok(nonEmpty > 600, `only ${nonEmpty} non-empty region queries`);
  assert.ok(hits > 600, `only ${hits} ray hits`);
  w.free();
});

test('the world shape, bounds, transform, filter and user id read back as given', () => {
  const w = new World();
  const poly = c2.polygon([P(0, 0), P(2, 0), P(1, 2)]);
  const hp = w.add(poly, { x: 3, y: 4, angle: 0.5 }, { userId: 0xffffffff, category: 0x80000000, mask: 6, group: -2147483648 });
  assert.deepEqual(w.getTransform(hp), { x: 3, y: 4, angle: 0.5 });
  assert.deepEqual(w.getFilter(hp), { category: 0x80000000, mask: 6, group: -2147483648 });
  assert.equal(w.getUserId(hp), 0xffffffff);
  const moved = c2.transformed(poly, c2.transform(3, 4, 0.5));
  const ws = w.getShape(hp);
  assert.equal(ws.type, 'polygon');
  ws.points.forEach((p, i) => assert.ok(close(p.x, moved.points[i].x) && close(p.y, moved.points[i].y)));
  const ha = w.add(c2.aabb(0, 0, 2, 1), { x: 1, y: 1 });
  assert.deepEqual(w.getShape(ha), c2.aabb(1, 1, 3, 2));
  const hr = w.add(c2.aabb(0, 0, 2, 1), { x: 1, y: 1, angle: 1 });
  assert.equal(w.getShape(hr).type, 'box', 'a rotated aabb is a box in the world');
  const hc = w.add(c2.circle(1, 0, 2), { x: 0, y: 0, angle: Math.PI / 2 });
  const wc = w.getShape(hc);
  assert.ok(close(wc.center.x, 0) && close(wc.center.y, 1) && wc.radius === 2);
  const b = w.getBounds(hc);
  assert.ok(b.min.x <= -2 && b.min.y <= -1 && b.max.x >= 2 && b.max.y >= 3 && b.max.x < 2.001);
  assert.deepEqual(w.getFilter(hc), { category: 1, mask: 0xffffffff, group: 0 }, 'default filter');
  assert.equal(w.getUserId(hc), 0);
  assert.deepEqual(Array.from(w.bodies()), [hp, ha, hr, hc]);
  const copy = w.bodies();
  copy[0] = 12345;
  assert.deepEqual(Array.from(w.bodies()), [hp, ha, hr, hc], 'bodies() is a copy');
  w.remove(hp);
  assert.deepEqual(Array.from(w.bodies()), [hc, ha, hr], 'swap-remove: the last body takes the removed place');
  const again = w.add(c2.circle(0, 0, 1));
  assert.equal(slot(again), slot(hp), 'the slot is reused');
  assert.notEqual(again, hp, '... with a new generation');
  assert.equal(w.has(hp), false);
  assert.equal(w.has(again), true);
  assert.equal(w.bodyCount, 4);
  assert.ok(w.heapBytes > 0);
  assert.equal(World.PAIR_STRIDE, 2);
  assert.equal(World.CONTACT_STRIDE, 5);
  assert.equal(World.EVENT_STRIDE, 2);
  assert.equal(World.RAY_HIT_STRIDE, 6);
  w.free();
});

// ---- bad input --------------------------------------------------------------------------------------------------

test('bad input: the right error class, a message naming the argument, and the world unchanged', () => {
  const { w } = randomWorld(21, 40);
  const hc = w.add(c2.compound([{ shape: c2.circle(0, 0, 1), offset: { x: -2, y: 0 } }, { shape: c2.box(0, 0, 1, 1), offset: { x: 2, y: 0 } }]), { x: 5, y: 5 });
  const stale = w.bodies()[3];
  w.remove(stale);
  w.step();
  w.queryAabb(c2.aabb(0, 0, 10, 10));
  const queryBefore = Array.from(w.queryResults.subarray(0, w.queryResults.length));
  const h = w.bodies()[0];
  const n = w.bodyCount;
  const nanAt7 = new Float64Array(3 * n).fill(1);
  nanAt7[7] = NaN;
  const before = snapshot(w);
  const T = TypeError;
  const R = RangeError;
  const cases = [
    // handles
    [() => w.remove(stale), R, /^collide2d\.World\.remove: argument handle is not a live body of this world.*\(got \d+\)$/],
    [() => w.remove(0xfffff), R, /World\.remove: argument handle is not a live body/],
    [() => w.remove(-1), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(1.5), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(2 ** 32), R, /World\.remove: argument handle must be a body handle/],
    [() => w.remove('0'), T, /World\.remove: argument handle must be a body handle/],
    [() => w.remove(), T, /World\.remove: argument handle/],
    [() => w.has('x'), T, /World\.has: argument handle/],
    [() => w.setTransform(stale, 0, 0), R, /World\.setTransform: argument handle is not a live body/],
    [() => w.getTransform(stale), R, /World\.getTransform: argument handle is not a live body/],
    [() => w.getTransform(NaN), R, /World\.getTransform: argument handle must be a body handle/],
    [() => w.setFilter(stale, {}), R, /World\.setFilter: argument handle is not a live body/],
    [() => w.getFilter(stale), R, /World\.getFilter: argument handle/],
    [() => w.setUserId(stale, 1), R, /World\.setUserId: argument handle/],
    [() => w.getUserId(stale), R, /World\.getUserId: argument handle/],
    [() => w.getShape(stale), R, /World\.getShape: argument handle/],
    [() => w.getShape({}), T, /World\.getShape: argument handle/],
    [() => w.getBounds(stale), R, /World\.getBounds: argument handle/],
    // transforms
    [() => w.setTransform(h, NaN, 0), R, /World\.setTransform: argument x must be finite \(got NaN\)/],
    [() => w.setTransform(h, 0, Infinity), R, /World\.setTransform: argument y must be finite \(got Infinity\)/],
    [() => w.setTransform(h, 0, 0, -Infinity), R, /World\.setTransform: argument angle must be finite/],
    [() => w.setTransform(h, '1', 0), T, /World\.setTransform: argument x must be a number/],
    [() => w.setTransforms([0, 0, 0]), T, /World\.setTransforms: argument xya must be a Float64Array/],
    [() => w.setTransforms(new Float32Array(3 * n)), T, /World\.setTransforms: argument xya must be a Float64Array/],
    [() => w.setTransforms(new Float64Array(3 * n - 1)), R, /World\.setTransforms: argument xya\.length must be 3 \* bodyCount/],
    [() => w.setTransforms(new Float64Array(3 * n + 3)), R, /argument xya\.length/],
    [() => w.setTransforms(nanAt7), R, /World\.setTransforms: argument xya\[7\] must be finite \(got NaN\)/],
    [() => w.setTransforms(new Float64Array(3), new Int32Array([h])), T, /World\.setTransforms: argument handles must be a Uint32Array/],
    [() => w.setTransforms(new Float64Array(3), [h]), T, /argument handles must be a Uint32Array/],
    [() => w.setTransforms(new Float64Array(6), new Uint32Array([h])), R, /argument xya\.length must be 3 \* handles\.length = 3/],
    [() => w.setTransforms(new Float64Array(9), new Uint32Array([h, h, stale])), R, /World\.setTransforms: argument handles\[2\] is not a live body/],
    [() => w.setTransforms(new Float64Array([1, 2, 3, 4, Infinity, 6]), new Uint32Array([h, h])), R, /argument xya\[4\] must be finite/],
    // shapes and options of add()
    [() => w.add(c2.circle(0, 0, 1), { x: NaN, y: 0 }), R, /World\.add: argument transform\.x must be finite/],
    [() => w.add(c2.circle(0, 0, 1), { x: 0, y: 0, angle: Infinity }), R, /World\.add: argument transform\.angle must be finite/],
    [() => w.add(c2.circle(0, 0, 1), { x: 0 }), T, /World\.add: argument transform\.y must be a number/],
    [() => w.add(c2.circle(0, 0, 1), 5), T, /World\.add: argument transform must be an object/],
    [() => w.add({ type: 'circle', center: P(0, 0), radius: -1 }), R, /World\.add: argument shape\.radius must be >= 0 \(got -1\)/],
    [() => w.add({ type: 'circle', center: P(NaN, 0), radius: 1 }), R, /World\.add: argument shape\.center/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] }), R, /World\.add: argument shape\.points/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(1, 0), P(1, NaN)] }), R, /World\.add: argument shape\.points\[2\]/],
    [() => w.add({ type: 'box', center: P(0, 0), halfExtents: P(-1, 1) }), R, /World\.add: argument shape\.halfExtents/],
    [() => w.add({ type: 'aabb', min: P(1, 1), max: P(0, 0) }), R, /World\.add: argument shape\.max/],
    [() => w.add(c2.line(0, 0, 1, 1)), T, /World\.add: argument shape must be one of: circle, aabb, box, polygon, segment/],
    [() => w.add({ type: 'blob' }), T, /World\.add: argument shape\.type/],
    [() => w.add(null), T, /World\.add: argument shape must be a shape object/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { category: -1 }), R, /World\.add: argument options\.category must be an integer in \[0, 2\^32\)/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { mask: 1.5 }), R, /argument options\.mask/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { group: 2 ** 31 }), R, /argument options\.group must be an integer in \[-2\^31, 2\^31\)/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { userId: NaN }), R, /argument options\.userId must be finite/],
    [() => w.add(c2.circle(0, 0, 1), undefined, { userId: '7' }), T, /argument options\.userId must be a number/],
    [() => w.add(c2.circle(0, 0, 1), undefined, 'x'), T, /World\.add: argument options must be an object/],
    // compounds and outlines
    [() => w.add({ type: 'compound', parts: [] }), R, /^collide2d\.World\.add: argument shape\.parts must be a non-empty array of at most 4096 parts \{shape, offset\?\} \(got an array of 0\)$/],
    [() => w.add({ type: 'compound', parts: Array.from({ length: 4097 }, () => ({ shape: c2.circle(0, 0, 1) })) }), R, /argument shape\.parts must be a non-empty array of at most 4096 parts/],
    [() => w.add({ type: 'compound' }), T, /^collide2d\.World\.add: argument shape\.parts must be a non-empty array of parts \{shape, offset\?\} \(got undefined\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, null] }), T, /^collide2d\.World\.add: argument shape\.parts\[1\] must be a part \{shape, offset\?\} \(got null\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: c2.circle(0, 0, 1) }, { shape: { type: 'circle', center: P(0, 0), radius: -1 } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[2\]\.shape\.radius must be >= 0 \(got -1\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.line(0, 0, 1, 1) }] }), T, /^collide2d\.World\.add: argument shape\.parts\[0\]\.shape must be one of: circle, aabb, box, polygon, segment, capsule/],
    [() => w.add({ type: 'compound', parts: [{ shape: { type: 'compound', parts: [] } }] }), T, /argument shape\.parts\[0\]\.shape\.type must be a shape with type circle/],
    [() => w.add({ type: 'compound', parts: [{}] }), T, /argument shape\.parts\[0\]\.shape must be a shape object \(got undefined\)/],
    [() => w.add({ type: 'compound', parts: [{ shape: { type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 0.5), P(2, 2)] } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[0\]\.shape\.points must form a convex polygon/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: { type: 'polygon', points: [P(0, 0), P(1, NaN), P(1, 1)] } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[1\]\.shape\.points\[1\] must be finite \(not NaN or infinite\) \(got \{x: 1, y: NaN\}\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: { x: NaN, y: 0 } }] }), R,
      /^collide2d\.World\.add: argument shape\.parts\[0\]\.offset\.x must be finite \(not NaN or infinite\) \(got NaN\)$/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: { x: 0, y: '1' } }] }), T, /argument shape\.parts\[0\]\.offset\.y must be a number/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1), offset: 3 }] }), T, /argument shape\.parts\[0\]\.offset must be an object/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }, { shape: c2.circle(0, 0, 1), offset: { x: 1e300, y: 0 } }] }, { x: 1e299, y: 0 }), R,
      /^collide2d\.World\.add: argument transform puts shape\.parts\[1\] beyond the coordinate range/],
    [() => w.add({ type: 'compound', parts: [{ shape: c2.circle(0, 0, 1) }] }, { x: NaN, y: 0 }), R, /World\.add: argument transform\.x must be finite/],
    [() => w.add({ type: 'polygon', points: [P(0, 0), P(2, 2), P(2, 0), P(0, 2)] }), R, /^collide2d\.World\.add: argument shape\.points crosses or touches itself: edges\[0\] and edges\[2\]/],
    [() => w.add(c2.circle(0, 0, 1e299), { x: 1e300, y: 0 }), R, /^collide2d\.World\.add: argument transform puts the shape beyond the coordinate range/],
    [() => w.add({ type: 'blob' }), T, /World\.add: argument shape\.type must be a shape with type circle, aabb, box, polygon, segment, capsule, compound/],
    [() => w.getShape(hc, 2), R, /^collide2d\.World\.getShape: argument part must be an integer in \[0, 2\): the body has 2 parts \(got 2\)$/],
    [() => w.getShape(h, 1), R, /World\.getShape: argument part must be an integer in \[0, 1\): the body has 1 part \(got 1\)/],
    [() => w.getShape(hc, 0.5), R, /World\.getShape: argument part must be an integer/],
    [() => w.getShape(hc, '0'), T, /World\.getShape: argument part must be a part index/],
    [() => w.getShape(stale, 0), R, /World\.getShape: argument handle is not a live body/],
    [() => w.getBounds(hc, -1), R, /World\.getBounds: argument part must be an integer in \[0, 2\)/],
    [() => w.getBounds(hc, null), T, /World\.getBounds: argument part/],
    [() => w.partCount(stale), R, /World\.partCount: argument handle is not a live body/],
    [() => w.partCount('1'), T, /World\.partCount: argument handle/],
    // filters and ids
    [() => w.setFilter(h, null), T, /World\.setFilter: argument filter must be an object/],
    [() => w.setFilter(h, { group: 0.5 }), R, /World\.setFilter: argument filter\.group/],
    [() => w.setFilter(h, { category: 'a' }), T, /World\.setFilter: argument filter\.category must be a number/],
    [() => w.setUserId(h, NaN), R, /World\.setUserId: argument id must be finite/],
    // queries
    [() => w.queryAabb({ min: P(1, 1), max: P(0, 0) }), R, /World\.queryAabb: argument aabb\.max/],
    [() => w.queryAabb(c2.circle(0, 0, 1)), T, /World\.queryAabb: argument aabb\.type/],
    [() => w.queryAabb(c2.aabb(0, 0, 1, 1), -1), R, /World\.queryAabb: argument mask must be an integer/],
    [() => w.queryAabb(c2.aabb(0, 0, 1, 1), '1'), T, /World\.queryAabb: argument mask must be a number/],
    [() => w.queryPoint(P(NaN, 0)), R, /World\.queryPoint: argument point must be finite \(not NaN or infinite\) \(got \{x: NaN, y: 0\}\)$/],
    [() => w.queryPoint(5), T, /World\.queryPoint: argument point must be a point/],
    [() => w.queryShape({ type: 'circle', center: P(0, 0), radius: -2 }), R, /World\.queryShape: argument shape\.radius must be >= 0/],
    [() => w.queryShape(c2.ray(0, 0, 1, 0)), T, /World\.queryShape: argument shape/],
    [() => w.raycast({ origin: P(0, 0), direction: P(0, 0) }), R, /World\.raycast: argument ray\.direction/],
    [() => w.raycastAll({ origin: P(0, 0), direction: P(1, 0), maxFraction: NaN }), R, /World\.raycastAll: argument ray\.maxFraction/],
    [() => w.raycastAll(c2.ray(0, 0, 1, 0), 2 ** 32), R, /World\.raycastAll: argument mask/],
    [() => w.rayHit(-1), R, /World\.rayHit: argument i/],
    [() => w.rayHit('0'), T, /World\.rayHit: argument i/],
    [() => w.reserve(-1), R, /World\.reserve: argument n/],
    [() => w.reserve(2 ** 20), R, /World\.reserve: argument n/],
    [() => w.reserve('1'), T, /World\.reserve: argument n/],
    // the constructor
    [() => new World(5), T, /World\.constructor: argument options must be an object/],
    [() => new World({ cellSize: -1 }), R, /World\.constructor: argument options\.cellSize must be > 0 \(got -1\)/],
    [() => new World({ cellSize: 0 }), R, /argument options\.cellSize must be > 0/],
    [() => new World({ cellSize: NaN }), R, /argument options\.cellSize must be finite/],
    [() => new World({ cellSize: '1' }), T, /argument options\.cellSize must be a number/],
  ];
  for (const [call, Class, pattern] of cases) {
    assert.throws(call, (e) => {
      assert.equal(e.constructor, Class, `${call}: ${e.constructor.name} ${e.message}`);
      assert.match(e.message, pattern);
      return true;
    }, String(call));
    assert.deepEqual(snapshot(w), before, `world changed by ${call}`);
    assert.deepEqual(Array.from(w.queryResults.subarray(0, queryBefore.length)), queryBefore, `query results changed by ${call}`);
    w.step();
    checkPairs(w, true, String(call));
  }
  assert.equal(w.has(stale), false);
  assert.equal(w.has(2 ** 32 + 5), false);
  assert.equal(w.has(-3), false);
  w.free();
});

test('a freed world: every member throws "the world was freed"; free() is idempotent; Symbol.dispose frees', () => {
  const w = new World();
  const h = w.add(c2.circle(0, 0, 1));
  w.step();
  w.free();
  w.free();
  const members = Object.getOwnPropertyNames(World.prototype).filter((k) => k !== 'constructor' && k !== 'free');
  assert.ok(members.length >= 30, members.join());
  for (const k of members) {
    const d = Object.getOwnPropertyDescriptor(World.prototype, k);
    const call = d.get !== undefined ? () => w[k] : () => w[k](h, 0, 0, 0);
    assert.throws(call, (e) => e.constructor === Error && e.message === `collide2d.World.${k}: the world was freed`, k);
  }
  if (typeof Symbol.dispose === 'symbol') {
    const v = new World();
    assert.equal(v[Symbol.dispose], v.free);
    v[Symbol.dispose]();
    assert.throws(() => v.step(), /collide2d\.World\.step: the world was freed/);
    v[Symbol.dispose]();
  }
});

test('new World() before init() throws', () => {
  const lib = fileURLToPath(new URL('../lib/index.js', import.meta.url));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e',
    `import { World } from ${JSON.stringify(lib)}; try { new World(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }`],
  { encoding: 'utf8' });
  assert.equal(out.trim(), 'Error: collide2d.World.constructor: call await init() first (the WebAssembly module is not loaded yet)');
});

// ---- memory -----------------------------------------------------------------------------------------------------

// Temporal coherence: two worlds of the same bodies, one with certificates and one without, moved alike (mostly small
// translations; now and then turns and jumps, which void certificates) give the same pairs in the same order, the
// same contacts bit for bit and the same events at every step, in both contact modes; in PairsOnly mode most
// candidates of the coherent world are answered by certificates.
test('temporal coherence: the same pairs, contacts and events as without it; certificates answer candidates', () => {
  for (const mode of ['contacts', 'pairs']) {
    const { w: cached, side } = randomWorld(77, 1500);
    const { w: fresh } = randomWorld(77, 1500);
    fresh.setCoherence(false);
    assert.equal(cached.coherence, true);
    assert.equal(fresh.coherence, false);
    for (const w of [cached, fresh]) w.setContactMode(mode);
    const r = rng(5);
    const n = cached.bodyCount;
    const xya = new Float64Array(3 * n);
    const handles = cached.bodies();
    for (let i = 0; i < n; i++) {
      const t = cached.getTransform(handles[i]);
      xya.set([t.x, t.y, t.angle], 3 * i);
    }
    let certified = 0;
    let candidates = 0;
    for (let f = 0; f < 40; f++) {
      for (let i = 0; i < n; i++) {
        xya[3 * i] += r.range(-0.15, 0.15);
        xya[3 * i + 1] += r.range(-0.15, 0.15);
        if (f % 10 === 9 && i % 13 === 0) xya[3 * i + 2] += 0.3; // turn
        if (f % 10 === 5 && i % 17 === 0) xya[3 * i] = r.range(0, side); // jump
      }
      for (const w of [cached, fresh]) {
        w.setTransforms(xya);
        w.step();
      }
      for (const view of ['pairBodies', 'pairContacts', 'beginEvents', 'endEvents', 'pairParts']) {
        const count = { pairBodies: 2 * cached.pairCount, pairContacts: mode === 'contacts' ? 5 * cached.pairCount : 0,
          beginEvents: 2 * cached.beginCount, endEvents: 2 * cached.endCount, pairParts: 3 * cached.pairPartCount }[view];
        assert.deepEqual(Array.from(cached[view].subarray(0, count)), Array.from(fresh[view].subarray(0, count)),
          `${mode}, frame ${f}: ${view}`);
      }
      assert.equal(fresh.certifiedCount, 0);
      assert.equal(cached.candidateCount, fresh.candidateCount);
      if (f > 0) {
        certified += cached.certifiedCount;
        candidates += cached.candidateCount;
      }
    }
    // (certificates are a PairsOnly mode affair: in Contacts mode every pair's contact is computed afresh anyway)
    if (mode === 'pairs') assert.ok(certified > 0.25 * candidates, `${mode}: ${certified} of ${candidates} candidates certified`);
    else assert.equal(certified, 0);
    assert.throws(() => cached.setCoherence('yes'), { name: 'TypeError', message: /World\.setCoherence: argument on/ });
    cached.free();
    fresh.free();
  }
});

test('steady state: many frames leave the heap size unchanged and return the same view objects', () => {
  assert.ok(memory instanceof WebAssembly.Memory, 'wasm memory not found');
  const { w, r, side } = randomWorld(31, 2000);
  for (let i = 0; i < 150; i++) w.add(i % 2 ? randomCompound(r) : randomOutline(r), { x: r.range(0, side), y: r.range(0, side) });
  const handles = w.bodies();
  const n = handles.length;
  const base = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const t = w.getTransform(handles[i]);
    base[3 * i] = t.x;
    base[3 * i + 1] = t.y;
    base[3 * i + 2] = t.angle;
  }
  const amp = Array.from({ length: n }, () => r.range(0, 6));
  const xya = new Float64Array(3 * n);
  const period = 24;
  const box = c2.aabb(0, 0, side / 3, side / 3);
  const ray = c2.ray(-1, side / 2, 1, 0.01);
  const frame = (f) => {
    const ph = (2 * Math.PI * (f % period)) / period;
    for (let i = 0; i < n; i++) {
      xya[3 * i] = base[3 * i] + amp[i] * Math.sin(ph + i);
      xya[3 * i + 1] = base[3 * i + 1] + amp[i] * Math.cos(ph + i);
      xya[3 * i + 2] = base[3 * i + 2] + ph;
    }
    w.setTransforms(xya);
    const pairs = w.step();
    w.queryAabb(box);
    const queryParts = w.queryParts;
    w.raycastAll(ray);
    return [pairs, w.pairBodies, w.pairContacts, w.beginEvents, w.endEvents, w.queryResults, w.rayHits, w.pairParts,
      queryParts, w.rayHitParts];
  };
  for (let f = 0; f < 2 * period; f++) frame(f); // warm-up: every configuration of the period seen once
  const bytes = memory.buffer.byteLength;
  const heapBytes = w.heapBytes;
  const first = frame(0);
  let pairs = 0;
  let partRecords = 0;
  // (the end events alternate between two wasm buffers, the World's previous keys: two view objects, no more)
  const ends = new Set([first[4]]);
  for (let f = 1; f < 10 * period; f++) {
    const views = frame(f);
    pairs += views[0];
    partRecords += w.pairPartCount;
    ends.add(views[4]);
    for (let k = 1; k < views.length; k++) {
      if (k !== 4) assert.equal(views[k], first[k], `frame ${f}: view ${k} is a new object`);
    }
    assert.ok(ends.size <= 2, `frame ${f}: a third view of the end events`);
  }
  assert.ok(pairs > 1000, `${pairs} pairs`);
  assert.ok(partRecords > 1000, `${partRecords} pairParts records`);
  assert.equal(memory.buffer.byteLength, bytes);
  assert.equal(w.heapBytes, heapBytes);
  checkPairs(w, false, 'steady state');
  w.free();
});

test('free() releases the memory: creating and freeing worlds leaves the heap bounded', () => {
  const round = (seed) => {
    const { w, side } = randomWorld(seed, 400);
    w.step();
    w.queryAabb(c2.aabb(0, 0, side, side));
    w.raycastAll(c2.ray(0, 0, 1, 1));
    const h = w.bodies()[0];
    w.getShape(h);
    w.free();
  };
  // The same 150 worlds twice: the first pass reaches the allocator's high-water mark, the second must not grow the
  // memory (150 leaked worlds of 400 bodies would take megabytes; freed ones reuse the same memory).
  for (let i = 0; i < 150; i++) round(2000 + i);
  const bytes = memory.buffer.byteLength;
  for (let i = 0; i < 150; i++) round(2000 + i);
  assert.equal(memory.buffer.byteLength, bytes);
});

test('views stay valid after the wasm memory grew: re-read from the getters, same contents', () => {
  const { w, r, side } = randomWorld(41, 300);
  for (let i = 0; i < 60; i++) w.add(i % 2 ? randomCompound(r) : randomOutline(r), { x: r.range(0, side), y: r.range(0, side) });
  w.step();
  w.queryAabb(c2.aabb(0, 0, side, side));
  w.raycastAll(c2.ray(-1, side / 2, 1, 0.05));
  const getters = ['pairBodies', 'pairContacts', 'beginEvents', 'endEvents', 'queryResults', 'rayHits', 'pairParts', 'queryParts', 'rayHitParts'];
  const counts = [2 * w.pairCount, 5 * w.pairCount, 2 * w.beginCount, 2 * w.endCount, w.queryResults.length, w.rayHits.length,
    3 * w.pairPartCount, w.queryResults.length, w.rayHits.length / 6];
  const views = getters.map((g) => w[g]);
  const copies = views.map((v, k) => Array.from(v.subarray(0, counts[k])));
  assert.ok(counts.every((c, k) => k === 3 || c > 0), String(counts));
  const bytes = memory.buffer.byteLength;
  const big = new World();
  big.reserve(400000); // forces the wasm memory to grow
  assert.ok(memory.buffer.byteLength > bytes, 'memory did not grow');
  assert.equal(views[0].length, 0, 'old views are detached by the growth');
  getters.forEach((g, k) => {
    const v = w[g];
    assert.notEqual(v, views[k], `${g}: a new view after growth`);
    assert.deepEqual(Array.from(v.subarray(0, counts[k])), copies[k], g);
    assert.equal(w[g], v, `${g}: cached again`);
  });
  // and the world goes on working
  const n = w.bodyCount;
  const xya = new Float64Array(3 * n).map(() => r.range(0, side));
  w.setTransforms(xya);
  w.step();
  checkPairs(w, true, 'after growth');
  // growth in the middle of a frame: a big add batch between setTransforms and step
  for (let i = 0; i < 3000; i++) big.add(randomShape(r), { x: r.range(0, 500), y: r.range(0, 500) });
  big.step();
  w.step();
  checkPairs(w, true, 'after growth 2');
  big.free();
  w.free();
});
