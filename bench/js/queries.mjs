// Query benchmark of issue 11, in Node: ns per call of the JS API's distance (polygon-polygon, 3-8-gons, single
// calls without and with a SimplexCache), cast (polygon-polygon, translation only) and collideManifold (overlapping
// polygon pairs) and, as a same-run reference, collide (SAT with MTV) on the distance pairs, on seeded random pairs (mulberry32), against the targets: distance <= 300 ns single,
// cast <= 1 us. Polygons are made once with c2.polygon() (frozen and trusted: not proved convex again per call).
// Peers: planck.js (1.5.0, the Box2D port; a pinned devDependency) on pairs of two 8-gons, the same polygons for both
// libraries: planck's Distance (uncached: cache.count = 0 per call, useRadii false) against distance(), and its
// ShapeCast (B moving by a translation, A fixed) against cast() (our A moving; the roles swapped to match). planck's
// proxies are set per call from shapes built once (proxy.set: what planck's own b2TestOverlap does per call), as our
// frozen polygons are copied into wasm per call. The untimed pass checks that the distances agree (1e-9) and counts
// the cast hits both find (planck's polygons carry a 0.01 skin radius and its ShapeCast stops short of contact by a
// target distance, so its fractions differ slightly from ours).
// Each case: warm-up rounds, then repetitions over all pairs, the cases interleaved; the median and the minimum ns
// per call are printed (the minimum is the steadier figure on a loaded machine). An untimed pass first checks the
// answers (distance symmetric, cached == uncached, a cast hit's fraction in [0, 1]).
//
// Usage: node bench/js/queries.mjs [--pairs=20000] [--reps=7] [--warmup=2] [--seed=2024]
import { createRequire } from 'node:module';
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

const planck = createRequire(import.meta.url)('planck');

function randomPoints(cx, cy, n = 3 + Math.floor(rnd() * 6)) {
  const r = range(0.5, 2);
  const a0 = range(0, 2 * Math.PI);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = a0 + ((i + range(-0.3, 0.3)) / n) * 2 * Math.PI;
    pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return pts;
}
const randomPolygon = (cx, cy) => c2.polygon(randomPoints(cx, cy));

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
// Two 8-gons per pair for the peer comparison: collide2d polygons and planck PolygonShapes of the same points (planck
// keeps them in local coordinates: here the world coordinates with identity transforms).
const E = [];
const F = [];
const PE = [];
const PF = [];
const T = [];
for (let i = 0; i < N; i++) {
  const a = randomPoints(0, 0, 8);
  const b = randomPoints(range(-6, 6), range(-6, 6), 8);
  E.push(c2.polygon(a));
  F.push(c2.polygon(b));
  PE.push(new planck.PolygonShape(E[i].points.map((p) => planck.Vec2(p.x, p.y))));
  PF.push(new planck.PolygonShape(F[i].points.map((p) => planck.Vec2(p.x, p.y))));
  // E moves towards F, 1.5 times the distance between their vertex means (most casts hit; overlapping starts do not
  // count for planck, which reports no hit for an initial overlap).
  const mean = (pts) => pts.reduce((m, p) => ({ x: m.x + p.x / pts.length, y: m.y + p.y / pts.length }), { x: 0, y: 0 });
  const ma = mean(a);
  const mb = mean(b);
  T.push({ translation: { x: 1.5 * (mb.x - ma.x), y: 1.5 * (mb.y - ma.y) } });
}
const dInput = new planck.DistanceInput();
dInput.transformA.setIdentity();
dInput.transformB.setIdentity();
dInput.useRadii = false;
const dOutput = new planck.DistanceOutput();
const dCache = new planck.SimplexCache();
/** planck Distance of pair i (uncached). */
function planckDistance(i) {
  dInput.proxyA.set(PE[i], 0);
  dInput.proxyB.set(PF[i], 0);
  dCache.count = 0;
  planck.Distance(dOutput, dCache, dInput);
  return dOutput.distance;
}
const cInput = new planck.ShapeCastInput();
cInput.transformA.setIdentity();
cInput.transformB.setIdentity();
const cOutput = new planck.ShapeCastOutput();
/** planck ShapeCast of pair i: our E[i] moving by T[i] against F[i] fixed (planck moves B: the roles swapped). */
function planckCast(i) {
  cInput.proxyA.set(PF[i], 0);
  cInput.proxyB.set(PE[i], 0);
  cInput.translationB.x = T[i].translation.x;
  cInput.translationB.y = T[i].translation.y;
  return planck.ShapeCast(cOutput, cInput) ? cOutput.lambda : 1;
}

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
let peerApart = 0;
let bothHit = 0;
let c2Hits = 0;
let planckHits = 0;
for (let i = 0; i < N; i++) {
  const d = c2.distance(E[i], F[i]);
  if (!d.overlap) {
    peerApart++;
    if (Math.abs(d.distance - planckDistance(i)) > 1e-9) throw new Error(`8-gon pair ${i}: planck's distance differs`);
  }
  const h = c2.cast(E[i], T[i], F[i]).hit;
  const p = planckCast(i) < 1;
  c2Hits += h ? 1 : 0;
  planckHits += p ? 1 : 0;
  bothHit += h && p ? 1 : 0;
}

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
  'distance 8-gons': () => {
    for (let i = 0; i < N; i++) sink += c2.distance(E[i], F[i]).distance;
  },
  'planck Distance 8-gons': () => {
    for (let i = 0; i < N; i++) sink += planckDistance(i);
  },
  'cast 8-gons': () => {
    for (let i = 0; i < N; i++) sink += c2.cast(E[i], T[i], F[i]).fraction;
  },
  'planck ShapeCast 8-gons': () => {
    for (let i = 0; i < N; i++) sink += planckCast(i);
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
console.log(`pairs apart: ${apart}, cast hits: ${hits}, manifolds: ${manifolds}; 8-gon pairs apart: ${peerApart} ` +
  `(distances agree with planck's), cast hits: collide2d ${c2Hits}, planck ${planckHits}, both ${bothHit}`);
console.log('case                           ns/call (median, min)   target');
for (const name of Object.keys(cases)) {
  const t = median(times[name]);
  const target = targets[name];
  const verdict = target === undefined ? '' : `<= ${target} ns: ${t <= target ? 'met' : 'MISSED'}`;
  const best = Math.min(...times[name]);
  console.log(`${name.padEnd(30)} ${t.toFixed(1).padStart(8)} ${best.toFixed(1).padStart(8)}   ${verdict}`);
}
const ratio = (a, b) => median(times[a]) / median(times[b]);
console.log(`8-gons, collide2d / planck.js (medians): distance ${ratio('distance 8-gons', 'planck Distance 8-gons').toFixed(2)}` +
  ` (target <= 0.5), cast ${ratio('cast 8-gons', 'planck ShapeCast 8-gons').toFixed(2)} (target <= 0.5)`);
if (sink === 0.123456) console.log('');
