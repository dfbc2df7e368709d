// Shared by the World tests (world*.test.js; imported, not a test file itself): the package initialised with its wasm
// memory observable (see shared.js), and the helpers of the randomized checks: a seeded PRNG, random shapes, compound
// bodies, outlines and filters, brute-force pairs and contacts with the core functions (collide / overlaps /
// contains / raycast on getShape() world shapes and the filter rule), begin / end event tracking, snapshots and
// random worlds. Each test file runs in its own process, so each initialises the package once, through this module.
import assert from 'node:assert/strict';

import { initWithMemory, mulberry32 } from './shared.js';

const { c2, memory } = await initWithMemory();
const { World } = c2;

// ---- helpers -------------------------------------------------------------------------------------------------

/** mulberry32: a seeded PRNG in [0, 1). */
function rng(seed) {
  const next = mulberry32(seed);
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

function inMask(w, h, mask) {
  return (w.getFilter(h).category & (mask ?? 0xffffffff)) !== 0;
}


export {
  c2, memory, World, rng, slot, P, randomShape, randomCompound, randomOutline, randomBodyShape, piecesOf, boundsOfPieces,
  randomFilter, shouldCollide, close, bruteForcePairs, checkPairs, partsSeen, EventTracker, snapshot, randomWorld, inMask,
};
