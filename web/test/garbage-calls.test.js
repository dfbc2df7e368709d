// 100,000 calls with random garbage (seeded): every call returns or throws a TypeError/RangeError naming the
// function, with a documented code, nothing else (no wasm trap, no internal error), and afterwards the module still
// answers correctly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as c2 from 'collide2d';
import { ERROR_CODES, mulberry32 } from './shared.js';

await c2.init();

const rng = mulberry32;

const r = rng(20240611);
const pick = (arr) => arr[Math.floor(r() * arr.length)];
const SPECIAL_NUMBERS = [0, -0, 1, -1, 0.5, 1e-300, -1e-300, 1e300, -1e300, 1e6, NaN, Infinity, -Infinity,
  Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 31, -(2 ** 31), 2 ** 32 + 3, 4294967295];
const TYPES = ['circle', 'aabb', 'box', 'polygon', 'segment', 'capsule', 'line', 'ray', 'transform', 'blob', '', undefined];

function number() {
  return r() < 0.4 ? pick(SPECIAL_NUMBERS) : (r() - 0.5) * 10 ** Math.floor(r() * 8);
}

function point(depth) {
  return r() < 0.85 ? { x: number(), y: number() } : garbage(depth + 1);
}

function shape(depth) {
  const type = pick(TYPES);
  const s = { type };
  const fields = {
    center: () => point(depth), radius: number, min: () => point(depth), max: () => point(depth),
    halfExtents: () => point(depth), angle: number, a: () => point(depth), b: () => point(depth),
    origin: () => point(depth), direction: () => point(depth), maxFraction: number, position: () => point(depth),
    points: () => Array.from({ length: Math.floor(r() * 8) }, () => point(depth)),
  };
  for (const [k, make] of Object.entries(fields)) {
    if (r() < 0.6) s[k] = r() < 0.9 ? make() : garbage(depth + 1);
  }
  return s;
}

function typed() {
  const n = Math.floor(r() * 13);
  const T = pick([Float64Array, Float64Array, Float64Array, Uint32Array, Uint32Array, Uint8Array, Float32Array,
    Int32Array]);
  const a = new T(n);
  for (let i = 0; i < n; i++) a[i] = T === Uint32Array ? Math.floor(r() * (r() < 0.9 ? 4 : 2 ** 32)) : number();
  return a;
}

function garbage(depth = 0) {
  if (depth > 3) return pick([0, null, undefined, 'x']);
  switch (Math.floor(r() * 14)) {
    case 0: return number();
    case 1: return pick(['', 'circle', '1', '{}', 'NaN']);
    case 2: return pick([null, undefined, true, false]);
    case 3: return Array.from({ length: Math.floor(r() * 5) }, () => garbage(depth + 1));
    case 4: return {};
    case 5: return point(depth);
    case 6: case 7: case 8: return shape(depth);
    case 9: return typed();
    case 10: return { vertices: typed(), offsets: r() < 0.7 ? new Uint32Array([0, 3, Math.floor(r() * 7)]) : typed() };
    case 11: return pick([() => 1, Symbol('g'), 10n, new Date(0), /x/]);
    case 12: return Array.from({ length: Math.floor(r() * 6) }, () => shape(depth));
    default: return Array.from({ length: Math.floor(r() * 6) }, () => point(depth));
  }
}

// Well-formed arguments per function, with random (sometimes special) numbers: exercises the answering and the
// RangeError paths, where pure garbage mostly exercises the TypeError paths.
function num2() {
  return r() < 0.08 ? pick(SPECIAL_NUMBERS) : (r() - 0.5) * 8;
}
const pt = () => (r() < 0.03 ? garbage(2) : { x: num2(), y: num2() });
function polyPoints() {
  const n = r() < 0.1 ? Math.floor(r() * 4) : 3 + Math.floor(r() * 6);
  const cx = num2();
  const cy = num2();
  const s = r() < 0.1 ? num2() : 1 + r();
  const pts = [];
  for (let i = 0; i < n; i++) {
    const t = ((i + r() * (r() < 0.1 ? 3 : 0.5)) / n) * 2 * Math.PI;
    pts.push(r() < 0.03 ? pt() : { x: cx + s * Math.cos(t), y: cy + s * Math.sin(t) });
  }
  return pts;
}
const make = {
  circle: () => ({ type: 'circle', center: pt(), radius: r() < 0.1 ? num2() : r() * 3 }),
  aabb: () => {
    const a = pt();
    return { type: 'aabb', min: a, max: r() < 0.1 ? pt() : { x: a?.x + r() * 3, y: a?.y + r() * 3 } };
  },
  box: () => ({ type: 'box', center: pt(), halfExtents: r() < 0.1 ? pt() : { x: r() * 2, y: r() * 2 }, angle: num2() }),
  polygon: () => ({ type: 'polygon', points: polyPoints() }),
  segment: () => ({ type: 'segment', a: pt(), b: pt() }),
  capsule: () => ({ type: 'capsule', a: pt(), b: pt(), radius: r() < 0.1 ? num2() : r() * 2 }),
  line: () => ({ type: 'line', a: pt(), b: pt() }),
  ray: () => ({ type: 'ray', origin: pt(), direction: pt(), maxFraction: r() < 0.5 ? Infinity : num2() }),
  transform: () => ({ type: 'transform', position: pt(), angle: num2() }),
};
const pairShape = () => make[pick(['circle', 'aabb', 'box', 'polygon', 'segment', 'capsule'])]();
const motion = () => (r() < 0.05 ? garbage(2) : { translation: pt(), rotation: r() < 0.5 ? undefined : num2() });
const cache = () => (r() < 0.5 ? undefined : {
  count: Math.floor(r() * 5), indexA: [num2(), 0, 1].map(Math.floor), indexB: r() < 0.1 ? garbage(2) : [0, 1, 2] });
const anyShape = () => make[pick(Object.keys(make))]();
const walls = () => Array.from({ length: Math.floor(r() * 5) }, make.segment);
function f64(n) {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) a[i] = i % 3 === 2 ? (r() < 0.05 ? num2() : r() * 2) : num2();
  return a;
}
function pairs(n, countA, countB) {
  const a = new Uint32Array(2 * n);
  for (let i = 0; i < n; i++) {
    a[2 * i] = Math.floor(r() * (countA + (r() < 0.02 ? 2 : 0)));
    a[2 * i + 1] = Math.floor(r() * (countB + (r() < 0.02 ? 2 : 0)));
  }
  return a;
}
function packed() {
  // Packed by hand (not packPolygons, which would reject a garbage point before the call under test).
  const lists = Array.from({ length: 1 + Math.floor(r() * 4) }, polyPoints);
  const offsets = new Uint32Array(lists.length + 1);
  const coords = [];
  lists.forEach((pts, i) => {
    offsets[i] = coords.length / 2;
    for (const q of pts) coords.push(Number(q?.x), Number(q?.y));
  });
  offsets[lists.length] = coords.length / 2;
  return { vertices: new Float64Array(coords), offsets };
}
const wellFormed = {
  vec2: () => [num2(), num2()],
  circle: () => [num2(), num2(), r() < 0.1 ? num2() : r()],
  aabb: () => [num2(), num2(), num2(), num2()],
  aabbFromTopLeft: () => [num2(), num2(), num2(), num2()],
  box: () => [num2(), num2(), num2(), num2(), num2()],
  segment: () => [num2(), num2(), num2(), num2()],
  line: () => [num2(), num2(), num2(), num2()],
  ray: () => [num2(), num2(), num2(), num2()],
  transform: () => [num2(), num2(), num2()],
  polygon: () => [polyPoints()],
  overlaps: () => [pairShape(), pairShape()],
  collide: () => [pairShape(), pairShape()],
  contains: () => [r() < 0.2 ? make.line() : pairShape(), pt()],
  closestPoint: () => [r() < 0.2 ? make.line() : pairShape(), pt()],
  intersectLines: () => [make.line(), make.line()],
  intersectSegments: () => [make.segment(), make.segment()],
  intersectCircleLine: () => [make.circle(), make.line()],
  intersectCircleSegment: () => [make.circle(), make.segment()],
  intersect: () => pick([[make.line(), make.line()], [make.segment(), make.segment()], [make.circle(), make.line()]]),
  raycast: () => [make.ray(), pairShape()],
  sat: () => (r() < 0.5 ? [make.box(), make.box()] : [make.polygon(), make.polygon()]),
  sweep: () => [make.circle(), pt(), walls()],
  moveAndSlide: () => [make.circle(), pt(), walls(), r() < 0.1 ? num2() : 1 + Math.floor(r() * 10)],
  validate: () => [anyShape()],
  orient: () => [pt(), pt(), pt()],
  project: () => [pt(), pt()],
  dot: () => [pt(), pt()],
  bounds: () => [pairShape()],
  centroid: () => [make.polygon()],
  transformed: () => [make.polygon(), make.transform()],
  polygonFromBox: () => [make.box()],
  polygonFromAabb: () => [make.aabb()],
  corners: () => [make.box()],
  apply: () => [make.transform(), pt()],
  applyInverse: () => [make.transform(), pt()],
  capsule: () => [num2(), num2(), num2(), num2(), r() < 0.1 ? num2() : r()],
  distance: () => [pairShape(), pairShape(), cache()],
  distanceSteps: () => [pairShape(), pairShape()],
  cast: () => [pairShape(), motion(), pairShape(), r() < 0.3 ? undefined : motion()],
  collideManifold: () => [pairShape(), pairShape()],
  containsShape: () => [pairShape(), pairShape()],
  overlapsCircleCircle: () => [r() * 10, r() * 10, r() * 3, r() * 10, r() * 10, r() < 0.1 ? -1 : r() * 3],
  'batch.overlapsCircleCircle': () => {
    const n = Math.floor(r() * 6);
    return [f64(3 * n), f64(3 * n)];
  },
  'batch.collideCircleCircle': () => {
    const n = Math.floor(r() * 6);
    return [f64(3 * n), f64(3 * n), r() < 0.3 ? new Float64Array(6 * n + 2) : undefined];
  },
  'batch.overlapsPolygonPolygon': () => {
    const p = packed();
    return [p, pairs(Math.floor(r() * 5), p.offsets.length - 1, p.offsets.length - 1)];
  },
  'batch.collidePolygonPolygon': () => {
    const p = packed();
    return [p, pairs(Math.floor(r() * 5), p.offsets.length - 1, p.offsets.length - 1)];
  },
  'batch.overlapsCirclePolygon': () => {
    const p = packed();
    const n = 1 + Math.floor(r() * 4);
    return [f64(3 * n), p, pairs(Math.floor(r() * 5), n, p.offsets.length - 1)];
  },
  'batch.collideCirclePolygon': () => {
    const p = packed();
    const n = 1 + Math.floor(r() * 4);
    return [f64(3 * n), p, pairs(Math.floor(r() * 5), n, p.offsets.length - 1)];
  },
  'batch.distance': () => {
    const p = packed();
    return [p, pairs(Math.floor(r() * 5), p.offsets.length - 1, p.offsets.length - 1)];
  },
  'batch.packPolygons': () => [Array.from({ length: Math.floor(r() * 4) }, polyPoints)],
  // (the sets made here are left to the FinalizationRegistry: a few thousand tiny sets)
  'batch.preparePolygons': () => [r() < 0.5 ? Array.from({ length: Math.floor(r() * 4) }, polyPoints) : packed()],
  decompose: () => [polyPoints()],
  compound: () => [compoundParts()],
  maxThreadCount: () => [],
};

/** Parts of a compound: mostly well formed (any pair shape, offsets with special numbers now and then). */
function compoundParts() {
  if (r() < 0.05) return garbage(1);
  const n = r() < 0.05 ? 0 : 1 + Math.floor(r() * 4);
  return Array.from({ length: n }, () => {
    if (r() < 0.03) return garbage(2);
    const part = { shape: r() < 0.05 ? anyShape() : pairShape() };
    if (r() < 0.7) part.offset = r() < 0.05 ? garbage(2) : { x: num2(), y: num2(), angle: r() < 0.5 ? undefined : num2() };
    return part;
  });
}

/** A chain's points: mostly a polyline of 0..6 points (repeats and special numbers now and then), or x, y pairs. */
function polyline() {
  if (r() < 0.05) return garbage(1);
  const pts = Array.from({ length: Math.floor(r() * 7) }, () => (r() < 0.03 ? garbage(2) : r() < 0.1 ? { x: 1, y: 1 } : pt()));
  return r() < 0.3 ? new Float64Array(pts.flatMap((q) => [Number(q?.x), Number(q?.y)])) : pts;
}

// Classes (constructed by the package, not called) have tests of their own.
const isClass = (f) => /^class\b/.test(Function.prototype.toString.call(f));
const functions = Object.entries(c2)
  .filter(([name, f]) => typeof f === 'function' && name !== 'init' && !isClass(f))
  .concat(Object.entries(c2.batch).filter(([, f]) => typeof f === 'function').map(([n, f]) => ['batch.' + n, f]));

function reference() {
  const p = c2.polygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 }]);
  const packed = c2.batch.packPolygons([p, c2.polygonFromBox(c2.box(2.5, 1, 1, 1, 0.4))]);
  return {
    cc: c2.collide(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)),
    pc: c2.collide(p, c2.circle(2.5, 1, 1)),
    ray: c2.raycast(c2.ray(-5, 1, 1, 0), p),
    sat: c2.sat(p, c2.polygon([{ x: 1, y: 1 }, { x: 3, y: 1 }, { x: 3, y: 3 }])),
    slide: c2.moveAndSlide(c2.circle(0, 0, 0.5), { x: 10, y: 5 }, [c2.segment(3, -5, 3, 5)]),
    seg: c2.intersectSegments(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0)),
    valid: c2.validate({ type: 'box', center: { x: 0, y: 0 }, halfExtents: { x: -1, y: 1 } }),
    batch: Array.from(c2.batch.collidePolygonPolygon(packed, new Uint32Array([0, 1, 1, 0]))),
    circles: Array.from(c2.batch.collideCircleCircle(new Float64Array([0, 0, 1]), new Float64Array([1, 1, 1]))),
  };
}

test('World.add / getShape / getBounds / partCount with garbage (compounds, outlines): only TypeError/RangeError, the world usable', (t) => {
  const w = new c2.World();
  const ell = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 0.5 }, { x: 0.5, y: 0.5 }, { x: 0.5, y: 2 }, { x: 0, y: 2 }];
  const good = w.add({ type: 'polygon', points: ell });
  const counts = { returned: 0, TypeError: 0, RangeError: 0 };
  const codes = {};
  const handles = [good];
  const calls = [
    ['World.add', () => [r() < 0.5 ? { type: 'compound', parts: compoundParts() } : (r() < 0.5 ? make.polygon() : garbage()),
      r() < 0.7 ? { x: num2(), y: num2(), angle: num2() } : garbage(1), r() < 0.8 ? undefined : garbage(1)], (a) => w.add(...a)],
    ['compound', () => [compoundParts()], (a) => c2.compound(...a)],
    ['World.getShape', () => [pick(handles), r() < 0.5 ? undefined : pick([0, 1, 2, 5, -1, 0.5, NaN, '0', null])], (a) => w.getShape(...a)],
    ['World.getBounds', () => [pick(handles), r() < 0.5 ? undefined : pick([0, 1, 2, 5, -1, 0.5, NaN, '0', null])], (a) => w.getBounds(...a)],
    ['World.partCount', () => [r() < 0.8 ? pick(handles) : garbage(1)], (a) => w.partCount(...a)],
    ['World.addChain', () => [polyline(), r() < 0.6 ? undefined : r() < 0.8 ? { loop: r() < 0.5, userId: num2() } : garbage(1)],
      (a) => w.addChain(...a)],
    ['World.setThreadCount', () => [r() < 0.5 ? 1 : r() < 0.5 ? num2() : garbage(1)], (a) => w.setThreadCount(...a)],
  ];
  for (let i = 0; i < 20000; i++) {
    const [name, args, call] = pick(calls);
    const a = args();
    try {
      const h = call(a);
      if (name === 'World.add' || name === 'World.addChain') {
        handles.push(h);
        if (handles.length > 50) w.remove(handles.splice(1 + Math.floor(r() * 49), 1)[0]);
      }
      counts.returned++;
    } catch (e) {
      if (!(e instanceof TypeError || e instanceof RangeError) || !e.message.startsWith(`collide2d.${name}: `) ||
          !ERROR_CODES.includes(e.code)) {
        assert.fail(`call ${i}: ${name} threw ${e && e.constructor.name} (code ${e?.code}): ${e && e.message}\n${e && e.stack}`);
      }
      counts[e.constructor.name]++;
      codes[e.code] = (codes[e.code] ?? 0) + 1;
    }
  }
  assert.ok(counts.returned > 1000 && counts.TypeError > 1000 && counts.RangeError > 1000, JSON.stringify(counts));
  // The world still answers: the L outline is a compound of decompose()'s parts, its notch is empty.
  assert.equal(w.bodyCount, handles.length);
  assert.equal(w.partCount(good), c2.decompose(ell).length);
  w.step();
  const alone = new c2.World();
  alone.add({ type: 'polygon', points: ell });
  assert.equal(alone.queryPoint({ x: 1.5, y: 1.5 }), 0);
  assert.equal(alone.queryPoint({ x: 0.25, y: 1.5 }), 1);
  alone.free();
  w.free();
  t.diagnostic(JSON.stringify(counts) + ' ' + JSON.stringify(codes));
});

test('100,000 garbage calls: only TypeError/RangeError, then correct answers', (t) => {
  const before = reference();
  const counts = { returned: 0, TypeError: 0, RangeError: 0 };
  const codes = {};
  for (let i = 0; i < 100000; i++) {
    const [name, f] = pick(functions);
    let args;
    if (r() < 0.6) {
      assert.ok(wellFormed[name], `no generator for ${name}`);
      args = wellFormed[name]();
    } else {
      args = Array.from({ length: Math.floor(r() * 5) }, () => garbage());
    }
    try {
      f(...args);
      counts.returned++;
    } catch (e) {
      if (!(e instanceof TypeError || e instanceof RangeError) || !e.message.startsWith(`collide2d.${name}: `) ||
          !ERROR_CODES.includes(e.code)) {
        assert.fail(`call ${i}: ${name}(${args.map((a) => typeof a).join(', ')}) threw ${e && e.constructor.name} ` +
          `(code ${e?.code}): ${e && e.message}\n${e && e.stack}`);
      }
      counts[e.constructor.name]++;
      codes[e.code] = (codes[e.code] ?? 0) + 1;
    }
  }
  // The generator must exercise all three outcomes in quantity.
  assert.ok(counts.returned > 1000 && counts.TypeError > 1000 && counts.RangeError > 1000, JSON.stringify(counts));
  assert.deepEqual(reference(), before);
  t.diagnostic(JSON.stringify(counts) + ' ' + JSON.stringify(codes));
});
