// Query benchmark of issue 11, in Node: ns per call of the JS API's distance (polygon-polygon, 3-8-gons, single
// calls without and with a SimplexCache), cast (polygon-polygon, translation only) and collideManifold (overlapping
// polygon pairs) and, as a same-run reference, collide (SAT with MTV) on the distance pairs, on seeded random pairs (mulberry32), against the targets: distance <= 300 ns single,
// cast <= 1 us. Polygons are made once with c2.polygon() (frozen and trusted: not proved convex again per call).
// Each case: warm-up rounds, then repetitions over all pairs; the median and the minimum ns per call are printed
// (the minimum is the steadier figure on a loaded machine). An untimed pass
// first checks the answers (distance symmetric, cached == uncached, a cast hit's fraction in [0, 1]).
//
// Usage: node bench/js/queries.mjs [--pairs=20000] [--reps=7] [--warmup=2] [--seed=2024]
import { performance } from 'node:perf_hooks';
import * as c2 from '../../web/lib/index.js';
import { Mulberry32 } from './scene.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? fallback : a.slice(name.length + 3);
};
const N = Number(opt('pairs', 20000));
const REPS = Number(opt('reps', 7));
const WARMUP = Number(opt('warmup', 2));
const SEED = Number(opt('seed', 2024));

await c2.init();
const generator = new Mulberry32(SEED);
const rnd = () => generator.next();
const range = (lo, hi) => lo + (hi - lo) * rnd();

function randomPolygon(cx, cy) {
  const n = 3 + Math.floor(rnd() * 6);
  const r = range(0.5, 2);
  const a0 = range(0, 2 * Math.PI);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = a0 + ((i + range(-0.3, 0.3)) / n) * 2 * Math.PI;
    pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return c2.polygon(pts);
}

// Distance and cast: pairs a few units apart (some overlapping); manifold: overlapping pairs.
const A = [];
const B = [];
const M = [];
const OA = [];
const OB = [];
for (let i = 0; i < N; i++) {
  A.push(randomPolygon(0, 0));
  B.push(randomPolygon(range(-6, 6), range(-6, 6)));
  M.push({ translation: { x: -B[i].points[0].x * 2, y: -B[i].points[0].y * 2 } });
  OA.push(randomPolygon(0, 0));
  OB.push(randomPolygon(range(-1, 1), range(-1, 1)));
}
const caches = Array.from({ length: N }, () => ({ count: 0, indexA: [], indexB: [] }));

// ---- untimed check ------------------------------------------------------------------------------------------------
let apart = 0;
let hits = 0;
for (let i = 0; i < N; i++) {
  const d = c2.distance(A[i], B[i]);
  const e = c2.distance(B[i], A[i]);
  const f = c2.distance(A[i], B[i], caches[i]);
  if (Math.abs(d.distance - e.distance) > 1e-9 || Math.abs(d.distance - f.distance) > 1e-9) {
    throw new Error(`pair ${i}: distances disagree`);
  }
  apart += d.overlap ? 0 : 1;
  const h = c2.cast(A[i], M[i], B[i]);
  if (h.hit && !(h.fraction >= 0 && h.fraction <= 1)) throw new Error(`pair ${i}: fraction ${h.fraction}`);
  hits += h.hit ? 1 : 0;
}
let manifolds = 0;
for (let i = 0; i < N; i++) manifolds += c2.collideManifold(OA[i], OB[i]) === null ? 0 : 1;

// ---- timing ---------------------------------------------------------------------------------------------------------
let sink = 0;
const cases = {
  'distance p-p single': () => {
    for (let i = 0; i < N; i++) sink += c2.distance(A[i], B[i]).distance;
  },
  'distance p-p single, cached': () => {
    for (let i = 0; i < N; i++) sink += c2.distance(A[i], B[i], caches[i]).distance;
  },
  'cast p-p translation': () => {
    for (let i = 0; i < N; i++) sink += c2.cast(A[i], M[i], B[i]).fraction;
  },
  'collide p-p (reference)': () => {
    for (let i = 0; i < N; i++) sink += c2.collide(A[i], B[i]) === null ? 0 : 1;
  },
  'collideManifold p-p': () => {
    for (let i = 0; i < N; i++) sink += c2.collideManifold(OA[i], OB[i]) === null ? 0 : 1;
  },
};
if (typeof c2.batch.distance === 'function') {
  const packed = c2.batch.preparePolygons([...A, ...B]);
  const pairs = new Uint32Array(2 * N);
  for (let i = 0; i < N; i++) {
    pairs[2 * i] = i;
    pairs[2 * i + 1] = N + i;
  }
  const out = new Float64Array(N * c2.batch.DISTANCE_STRIDE);
  const check = c2.batch.distance(packed, pairs, out);
  for (let i = 0; i < N; i += 97) {
    if (Math.abs(check[i * c2.batch.DISTANCE_STRIDE] - c2.distance(A[i], B[i]).distance) > 1e-9) {
      throw new Error(`pair ${i}: batch.distance disagrees`);
    }
  }
  cases['distance p-p batched'] = () => {
    c2.batch.distance(packed, pairs, out);
    sink += out[0];
  };
}

const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let rep = 0; rep < WARMUP + REPS; rep++) {
  for (const [name, run] of Object.entries(cases)) {
    const t0 = performance.now();
    run();
    const t1 = performance.now();
    if (rep >= WARMUP) times[name].push(((t1 - t0) * 1e6) / N);
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const targets = {
  'distance p-p single': 300, 'distance p-p single, cached': 300, 'distance p-p batched': 100, 'cast p-p translation': 1000,
};
console.log(`collide2d queries through the JS API, Node ${process.versions.node}: ${N} pairs (3-8-gons, seed ${SEED}), ` +
  `median of ${REPS} runs (${WARMUP} warm-up)`);
console.log(`pairs apart: ${apart}, cast hits: ${hits}, manifolds: ${manifolds}`);
console.log('case                           ns/call (median, min)   target');
for (const name of Object.keys(cases)) {
  const t = median(times[name]);
  const target = targets[name];
  const verdict = target === undefined ? '' : `<= ${target} ns: ${t <= target ? 'met' : 'MISSED'}`;
  const best = Math.min(...times[name]);
  console.log(`${name.padEnd(30)} ${t.toFixed(1).padStart(8)} ${best.toFixed(1).padStart(8)}   ${verdict}`);
}
if (sink === 0.123456) console.log('');
