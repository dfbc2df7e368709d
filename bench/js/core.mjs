// Core benchmark of issue 3, in Node: collide2d single calls and batch calls against SAT.js (sat), intersects and
// detect-collisions on the same seeded random pairs (mulberry32), about half of them overlapping:
//   c-c bool  circle-circle, boolean        collide2d overlaps / batch.overlapsCircleCircle, SAT testCircleCircle
//                                           (no Response), intersects circleCircle
//   c-c MTV   circle-circle with MTV        collide2d collide / batch.collideCircleCircle, SAT testCircleCircle with a
//                                           Response (cleared before each test), detect-collisions checkCollision
//   p-p bool  polygon-polygon, boolean      collide2d overlaps / batch.overlapsPolygonPolygon, SAT testPolygonPolygon
//                                           (no Response), intersects polygonPolygon
//   p-p MTV   polygon-polygon with MTV      collide2d collide / batch.collidePolygonPolygon, SAT testPolygonPolygon
//                                           with a Response, detect-collisions checkCollision
//   c-p bool  circle-polygon, boolean       collide2d overlaps / batch.overlapsCirclePolygon, SAT testPolygonCircle
//                                           (no Response), intersects circlePolygon
//   c-p MTV   circle-polygon with MTV       collide2d collide / batch.collideCirclePolygon, SAT testPolygonCircle with a
//                                           Response, detect-collisions checkCollision
// Three groups (c-c, p-p, c-p) run one after the other; each builds every library's objects for its pairs before
// timing (and drops them afterwards), checks agreement in an untimed pass (hits pair by pair against collide2d,
// and the depths of the MTV variants), then times its cases interleaved: warm-up rounds, then repetitions; each run
// walks all pairs once and counts the hits; the median ns per pair is reported.
// Batch calls: one call over all pairs, into preallocated typed arrays (the call copies inputs into wasm memory and
// the results out; the polygon batches also validate and build all their polygons in wasm on each call). The row
// 'collide2d batch*' subtracts the time of the same call with no pairs, i.e. the polygon building.
// detect-collisions: System.checkCollision(a, b, response) on bodies inserted in one System per group.
//
// Usage: node bench/js/core.mjs [--pairs=100000] [--reps=7] [--warmup=2] [--vertices=3-8] [--seed=2024]
//                               [--tests=c-c,p-p MTV,...] (only the tests starting with one of these)
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as c2 from '../../web/lib/index.js';
import { Mulberry32 } from './scene.mjs';

const require = createRequire(import.meta.url);
const SAT = require('sat');
const intersects = require('intersects');
const dc = require('detect-collisions');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---- arguments -------------------------------------------------------------------------------------------------

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? fallback : a.slice(name.length + 3);
};
const N = Number(opt('pairs', 100000));
const REPS = Number(opt('reps', 7));
const WARMUP = Number(opt('warmup', 2));
const SEED = Number(opt('seed', 2024));
const [VMIN, VMAX] = opt('vertices', '3-8').split('-').map(Number);

// ---- data ------------------------------------------------------------------------------------------------------

const generator = new Mulberry32(SEED); // the scene's generator (./scene.mjs)
const rnd = () => generator.next();
const range = (lo, hi) => lo + (hi - lo) * rnd();

/** A convex polygon, counter-clockwise (y up), around (cx, cy): n vertices on a circle of radius r, jittered. */
function makePolygon(cx, cy, r, n) {
  const start = range(0, 2 * Math.PI);
  const pts = [];
  for (let k = 0; k < n; k++) {
    const a = start + ((k + range(0.1, 0.9)) * 2 * Math.PI) / n;
    pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return { cx, cy, r, pts };
}

/** B's centre at a random direction from A's, at distance u * k * (rA + rB), u uniform in [0, 1). */
function offset(ax, ay, reach, k) {
  const d = range(0, 1) * k * reach;
  const a = range(0, 2 * Math.PI);
  return [ax + d * Math.cos(a), ay + d * Math.sin(a)];
}

const W = 1000;
const nVertices = () => VMIN + Math.floor(rnd() * (VMAX - VMIN + 1));

// The pairs of all three tests are drawn first (same data whatever --tests says).
// circle-circle: overlap iff d <= ra + rb, so k = 2 gives half of the pairs overlapping.
const cc = { a: new Float64Array(3 * N), b: new Float64Array(3 * N) };
for (let i = 0; i < N; i++) {
  const ax = range(0, W);
  const ay = range(0, W);
  const ar = range(2, 8);
  const br = range(2, 8);
  const [bx, by] = offset(ax, ay, ar + br, 2);
  cc.a.set([ax, ay, ar], 3 * i);
  cc.b.set([bx, by, br], 3 * i);
}
// polygon-polygon: polygons inscribed in circles of radius 3..10; k tuned for about half overlapping.
const pp = [];
for (let i = 0; i < N; i++) {
  const ra = range(3, 10);
  const rb = range(3, 10);
  const ax = range(0, W);
  const ay = range(0, W);
  const [bx, by] = offset(ax, ay, ra + rb, 1.75);
  pp.push([makePolygon(ax, ay, ra, nVertices()), makePolygon(bx, by, rb, nVertices())]);
}
// circle-polygon
const cp = [];
for (let i = 0; i < N; i++) {
  const r = range(2, 8);
  const rp = range(3, 10);
  const ax = range(0, W);
  const ay = range(0, W);
  const [bx, by] = offset(ax, ay, r + rp, 1.85);
  cp.push([[ax, ay, r], makePolygon(bx, by, rp, nVertices())]);
}

await c2.init();
const { overlaps, collide, overlapsCircleCircle } = c2;
const { testCircleCircle, testPolygonPolygon, testPolygonCircle } = SAT;
const { circleCircle, polygonPolygon, circlePolygon } = intersects;
const response = new SAT.Response();
const dcResponse = new dc.Response();
const satPolygon = (p) => new SAT.Polygon(new SAT.Vector(p.cx, p.cy), p.pts.map((q) => new SAT.Vector(q.x - p.cx, q.y - p.cy)));
const satCircle = (x, y, r) => new SAT.Circle(new SAT.Vector(x, y), r);
const dcPolygon = (p) => new dc.Polygon({ x: p.cx, y: p.cy }, p.pts.map((q) => ({ x: q.x - p.cx, y: q.y - p.cy })));
/**
 * A detect-collisions System holding the bodies (checkCollision needs the bounding boxes that insert computes).
 * The bodies are all constructed first and inserted afterwards, pair by pair: the order that measured fastest
 * (system.createCircle for each body in turn measured ~5x slower in checkCollision for circle-circle).
 */
function dcSystem([as, bs]) {
  const system = new dc.System();
  for (let i = 0; i < as.length; i++) system.insert(as[i]).insert(bs[i]);
  return system;
}
const flat = (p) => p.pts.flatMap((q) => [q.x, q.y]);
// intersects' circlePolygon counts a centre within `tolerance` (default 1, in its sum-of-distances measure: up to
// ~2 units off a long edge) as on the edge; a tiny tolerance keeps it exact (lineCircle tests the edges anyway).
const TOLERANCE = 1e-12;
const depthOf = (contact) => (contact === null ? -1 : contact.depth);
const noPairs = new Uint32Array(0);
const outFlags = new Uint8Array(N);
const outContacts = new Float64Array(c2.batch.CONTACT_STRIDE * N);

// ---- the three groups ---------------------------------------------------------------------------------------------
// Each group builds every library's objects for its pairs (before timing), and returns
//   cases:  [library, test, run] — one function each, so that no call site is shared between libraries; run()
//           walks all pairs once and returns the hits;
//   verify: per library, (i) => depth (>= 0) on a hit, -1 on a miss (booleans: 0 on a hit), for the untimed check.
// Only one group's objects are alive at a time (detect-collisions bodies take ~3 KB each).

function circleCircleGroup() {
  // collide2d single calls: plain shapes
  const A = [], B = [];
  for (let i = 0; i < N; i++) {
    A.push(c2.circle(cc.a[3 * i], cc.a[3 * i + 1], cc.a[3 * i + 2]));
    B.push(c2.circle(cc.b[3 * i], cc.b[3 * i + 1], cc.b[3 * i + 2]));
  }
  const SA = [], SB = [], DA = [], DB = [];
  for (let i = 0; i < N; i++) {
    SA.push(satCircle(cc.a[3 * i], cc.a[3 * i + 1], cc.a[3 * i + 2]));
    SB.push(satCircle(cc.b[3 * i], cc.b[3 * i + 1], cc.b[3 * i + 2]));
  }
  for (let i = 0; i < N; i++) {
    DA.push(new dc.Circle({ x: cc.a[3 * i], y: cc.a[3 * i + 1] }, cc.a[3 * i + 2]));
    DB.push(new dc.Circle({ x: cc.b[3 * i], y: cc.b[3 * i + 1] }, cc.b[3 * i + 2]));
  }
  const system = dcSystem([DA, DB]);
  const ca = cc.a, cb = cc.b;
  return {
    cases: [
      ['collide2d', 'c-c bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (overlaps(A[i], B[i])) h++;
        return h;
      }],
      ['collide2d batch', 'c-c bool', () => {
        const out = c2.batch.overlapsCircleCircle(ca, cb, outFlags);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[i];
        return h;
      }],
      ['sat', 'c-c bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (testCircleCircle(SA[i], SB[i])) h++;
        return h;
      }],
      ['intersects', 'c-c bool', () => {
        let h = 0;
        for (let k = 0; k < 3 * N; k += 3) if (circleCircle(ca[k], ca[k + 1], ca[k + 2], cb[k], cb[k + 1], cb[k + 2])) h++;
        return h;
      }],
      // collide2d's single call on plain numbers (no shape objects), fed exactly like intersects above.
      ['collide2d (numbers)', 'c-c bool', () => {
        let h = 0;
        for (let k = 0; k < 3 * N; k += 3) if (overlapsCircleCircle(ca[k], ca[k + 1], ca[k + 2], cb[k], cb[k + 1], cb[k + 2])) h++;
        return h;
      }],
      // The same call fed from the same circle objects as collide2d's single calls: what intersects costs in an
      // application that keeps its circles as objects (the line above reads them from one Float64Array).
      ['intersects (objects)', 'c-c bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const a = A[i], b = B[i];
          if (circleCircle(a.center.x, a.center.y, a.radius, b.center.x, b.center.y, b.radius)) h++;
        }
        return h;
      }],
      ['collide2d', 'c-c MTV', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (collide(A[i], B[i]) !== null) h++;
        return h;
      }],
      ['collide2d batch', 'c-c MTV', () => {
        const out = c2.batch.collideCircleCircle(ca, cb, outContacts);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[6 * i];
        return h;
      }],
      ['sat', 'c-c MTV', () => {
        const r = response;
        let h = 0;
        for (let i = 0; i < N; i++) {
          r.clear();
          if (testCircleCircle(SA[i], SB[i], r)) h++;
        }
        return h;
      }],
      ['detect-collisions', 'c-c MTV', () => {
        const r = dcResponse;
        let h = 0;
        for (let i = 0; i < N; i++) if (system.checkCollision(DA[i], DB[i], r)) h++;
        return h;
      }],
    ],
    verify: {
      collide2d: (i) => depthOf(collide(A[i], B[i])),
      sat: (i) => (response.clear(), testCircleCircle(SA[i], SB[i], response) ? response.overlap : -1),
      intersects: (i) => {
        const k = 3 * i;
        return circleCircle(ca[k], ca[k + 1], ca[k + 2], cb[k], cb[k + 1], cb[k + 2]) ? 0 : -1;
      },
      'detect-collisions': (i) => (system.checkCollision(DA[i], DB[i], dcResponse) ? dcResponse.overlap : -1),
    },
  };
}

function polygonPolygonGroup() {
  // collide2d single calls: polygons normalised once by the factory, as an application would keep them
  const P = pp.map(([a, b]) => [c2.polygon(a.pts), c2.polygon(b.pts)]);
  // collide2d batches: all polygons packed, pair i = (2i, 2i + 1)
  const packed = c2.batch.packPolygons(pp.flat().map((p) => p.pts));
  const pairs = new Uint32Array(2 * N);
  for (let i = 0; i < 2 * N; i++) pairs[i] = i;
  // collide2d prepared: the same polygons validated and prepared once in wasm (like the peers' objects, before timing)
  const prepared = c2.batch.preparePolygons(packed);
  preparedSets.push(prepared);
  const S = pp.map(([a, b]) => [satPolygon(a), satPolygon(b)]);
  const I = pp.map(([a, b]) => [flat(a), flat(b)]);
  const D = pp.map(([a, b]) => [dcPolygon(a), dcPolygon(b)]);
  const system = dcSystem([D.map((d) => d[0]), D.map((d) => d[1])]);
  return {
    cases: [
      ['collide2d', 'p-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (overlaps(P[i][0], P[i][1])) h++;
        return h;
      }],
      ['collide2d batch', 'p-p bool', () => {
        const out = c2.batch.overlapsPolygonPolygon(packed, pairs, outFlags);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[i];
        return h;
      }],
      ['sat', 'p-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (testPolygonPolygon(S[i][0], S[i][1])) h++;
        return h;
      }],
      ['intersects', 'p-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (polygonPolygon(I[i][0], I[i][1])) h++;
        return h;
      }],
      ['collide2d', 'p-p MTV', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (collide(P[i][0], P[i][1]) !== null) h++;
        return h;
      }],
      ['collide2d batch', 'p-p MTV', () => {
        const out = c2.batch.collidePolygonPolygon(packed, pairs, outContacts);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[6 * i];
        return h;
      }],
      ['collide2d prepared', 'p-p bool', () => {
        const out = c2.batch.overlapsPolygonPolygon(prepared, pairs, outFlags);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[i];
        return h;
      }],
      ['collide2d prepared', 'p-p MTV', () => {
        const out = c2.batch.collidePolygonPolygon(prepared, pairs, outContacts);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[6 * i];
        return h;
      }],
      // The polygon batches validate and build every polygon in wasm on each call; the same call with no pairs
      // measures that part alone ('collide2d prep'), so the pairs' own cost is the difference.
      ['collide2d prep', 'p-p', () => c2.batch.collidePolygonPolygon(packed, noPairs, outContacts).length],
      ['sat', 'p-p MTV', () => {
        const r = response;
        let h = 0;
        for (let i = 0; i < N; i++) {
          r.clear();
          if (testPolygonPolygon(S[i][0], S[i][1], r)) h++;
        }
        return h;
      }],
      ['detect-collisions', 'p-p MTV', () => {
        const r = dcResponse;
        let h = 0;
        for (let i = 0; i < N; i++) if (system.checkCollision(D[i][0], D[i][1], r)) h++;
        return h;
      }],
    ],
    verify: {
      collide2d: (i) => depthOf(collide(P[i][0], P[i][1])),
      sat: (i) => (response.clear(), testPolygonPolygon(S[i][0], S[i][1], response) ? response.overlap : -1),
      intersects: (i) => (polygonPolygon(I[i][0], I[i][1]) ? 0 : -1),
      'detect-collisions': (i) => (system.checkCollision(D[i][0], D[i][1], dcResponse) ? dcResponse.overlap : -1),
    },
  };
}

function circlePolygonGroup() {
  const P = cp.map(([[x, y, r], p]) => [c2.circle(x, y, r), c2.polygon(p.pts)]);
  const circles = new Float64Array(3 * N);
  cp.forEach(([c], i) => circles.set(c, 3 * i));
  const packed = c2.batch.packPolygons(cp.map(([, p]) => p.pts));
  const pairs = new Uint32Array(2 * N);
  for (let i = 0; i < N; i++) {
    pairs[2 * i] = i;
    pairs[2 * i + 1] = i;
  }
  const prepared = c2.batch.preparePolygons(packed);
  preparedSets.push(prepared);
  const S = cp.map(([[x, y, r], p]) => [satCircle(x, y, r), satPolygon(p)]);
  const I = cp.map(([c, p]) => [c, flat(p)]);
  const D = cp.map(([[x, y, r], p]) => [new dc.Circle({ x, y }, r), dcPolygon(p)]);
  const system = dcSystem([D.map((d) => d[0]), D.map((d) => d[1])]);
  return {
    cases: [
      ['collide2d', 'c-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (overlaps(P[i][0], P[i][1])) h++;
        return h;
      }],
      ['collide2d batch', 'c-p bool', () => {
        const out = c2.batch.overlapsCirclePolygon(circles, packed, pairs, outFlags);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[i];
        return h;
      }],
      ['sat', 'c-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (testPolygonCircle(S[i][1], S[i][0])) h++;
        return h;
      }],
      ['intersects', 'c-p bool', () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const c = I[i][0];
          if (circlePolygon(c[0], c[1], c[2], I[i][1], TOLERANCE)) h++;
        }
        return h;
      }],
      ['collide2d', 'c-p MTV', () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (collide(P[i][0], P[i][1]) !== null) h++;
        return h;
      }],
      ['collide2d batch', 'c-p MTV', () => {
        const out = c2.batch.collideCirclePolygon(circles, packed, pairs, outContacts);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[6 * i];
        return h;
      }],
      ['collide2d prep', 'c-p', () => c2.batch.collideCirclePolygon(circles, packed, noPairs, outContacts).length],
      ['collide2d prepared', 'c-p bool', () => {
        const out = c2.batch.overlapsCirclePolygon(circles, prepared, pairs, outFlags);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[i];
        return h;
      }],
      ['collide2d prepared', 'c-p MTV', () => {
        const out = c2.batch.collideCirclePolygon(circles, prepared, pairs, outContacts);
        let h = 0;
        for (let i = 0; i < N; i++) h += out[6 * i];
        return h;
      }],
      ['sat', 'c-p MTV', () => {
        const r = response;
        let h = 0;
        for (let i = 0; i < N; i++) {
          r.clear();
          if (testPolygonCircle(S[i][1], S[i][0], r)) h++;
        }
        return h;
      }],
      ['detect-collisions', 'c-p MTV', () => {
        const r = dcResponse;
        let h = 0;
        for (let i = 0; i < N; i++) if (system.checkCollision(D[i][0], D[i][1], r)) h++;
        return h;
      }],
    ],
    verify: {
      collide2d: (i) => depthOf(collide(P[i][0], P[i][1])),
      sat: (i) => (response.clear(), testPolygonCircle(S[i][1], S[i][0], response) ? response.overlap : -1),
      intersects: (i) => {
        const c = I[i][0];
        return circlePolygon(c[0], c[1], c[2], I[i][1], TOLERANCE) ? 0 : -1;
      },
      'detect-collisions': (i) => (system.checkCollision(D[i][0], D[i][1], dcResponse) ? dcResponse.overlap : -1),
    },
  };
}

// ---- agreement (untimed: hits pair by pair, depths of the MTV variants) and timing, group by group -----------------

// --tests=c-c,p-p MTV: only the cases whose test starts with one of these (the report shows '-' elsewhere)
const only = opt('tests', '').split(',').filter((t) => t !== '');
const wanted = (test) => only.length === 0 || only.some((o) => test.startsWith(o) || o.startsWith(test));

function checkAgreement(test, libs) {
  const names = Object.keys(libs).slice(1); // against collide2d
  const disagree = Object.fromEntries(names.map((n) => [n, []]));
  const maxDepthDiff = Object.fromEntries(names.map((n) => [n, 0]));
  for (let i = 0; i < N; i++) {
    const ref = libs.collide2d(i);
    for (const n of names) {
      const d = libs[n](i);
      if ((ref >= 0) !== (d >= 0)) disagree[n].push(i);
      else if (ref >= 0 && n !== 'intersects') maxDepthDiff[n] = Math.max(maxDepthDiff[n], Math.abs(ref - d));
    }
  }
  return { test, disagree, maxDepthDiff };
}

/** Runs the cases interleaved: WARMUP rounds, then REPS timed rounds; ns per pair of each timed run, hits seen. */
function timeCases(cases) {
  const times = cases.map(() => []);
  const hits = cases.map(() => new Set());
  for (let rep = 0; rep < WARMUP + REPS; rep++) {
    cases.forEach(([, , run], k) => {
      const t0 = performance.now();
      const h = run();
      const t1 = performance.now();
      hits[k].add(h);
      if (rep >= WARMUP) times[k].push(((t1 - t0) * 1e6) / N);
    });
  }
  return cases.map(([lib, test], k) => ({ lib, test, times: times[k], hits: [...hits[k]] }));
}

const agreement = [];
const measured = [];
const preparedSets = []; // freed after their group
for (const [test, group] of [['c-c', circleCircleGroup], ['p-p', polygonPolygonGroup], ['c-p', circlePolygonGroup]]) {
  if (!wanted(test)) continue;
  const { cases, verify } = group();
  agreement.push(checkAgreement(test, verify));
  measured.push(...timeCases(cases.filter(([, t]) => wanted(t))));
  while (preparedSets.length) preparedSets.pop().free();
  if (typeof globalThis.gc === 'function') globalThis.gc(); // node --expose-gc: drop the group's objects now
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---- report ----------------------------------------------------------------------------------------------------------

const TESTS = ['c-c bool', 'c-c MTV', 'p-p bool', 'p-p MTV', 'c-p bool', 'c-p MTV'];
const LIBS = ['collide2d', 'collide2d (numbers)', 'collide2d batch', 'collide2d batch*', 'collide2d prepared', 'sat', 'intersects',
  'intersects (objects)', 'detect-collisions'];
const result = new Map(measured.map(({ lib, test, times, hits }) => [`${lib}|${test}`, { ns: median(times), min: Math.min(...times), hits }]));
const get = (lib, test) => result.get(`${lib}|${test}`);

// pairs only: batch time minus the time of building the polygons (the same call without pairs)
for (const t of ['p-p bool', 'p-p MTV', 'c-p bool', 'c-p MTV']) {
  const batch = get('collide2d batch', t);
  const prep = get('collide2d prep', t.slice(0, 3));
  if (batch === undefined || prep === undefined) continue;
  result.set(`collide2d batch*|${t}`, { ns: batch.ns - prep.ns, hits: batch.hits });
}
const fmtNs = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const pad = (s, w) => String(s).padStart(w);
const W0 = 21;
const WC = 16;
console.log(`collide2d core benchmark (Node ${process.versions.node}, ${N.toLocaleString('en')} pairs, seed ${SEED}, ` +
  `polygons ${VMIN}..${VMAX} vertices; median of ${REPS} runs after ${WARMUP} warm-up runs)`);
console.log('cells: ns per pair / hits');
console.log(''.padEnd(W0) + TESTS.map((t) => pad(t, WC)).join(''));
for (const lib of LIBS) {
  let line = lib.padEnd(W0);
  for (const t of TESTS) {
    const r = get(lib, t);
    line += pad(r === undefined ? '-' : `${fmtNs(r.ns)} / ${r.hits.join('|')}`, WC);
  }
  console.log(line);
}
const prepPP = get('collide2d prep', 'p-p');
const prepCP = get('collide2d prep', 'c-p');
console.log('collide2d batch*: the batch time minus the same call with no pairs, i.e. without validating and building the ' +
  `polygons in wasm (${prepPP ? fmtNs(prepPP.ns) : '-'} ns per pair for p-p = 2 polygons, ${prepCP ? fmtNs(prepCP.ns) : '-'} ` +
  'ns for c-p = 1 polygon + 1 circle): what a pair costs once its polygons are built.');
console.log('collide2d prepared: the batch over polygons prepared once (batch.preparePolygons, before timing, as the ' +
  'peers build their objects).');
console.log('intersects (objects): circleCircle fed from the circle objects that collide2d\'s single calls take; ' +
  'intersects: fed from a Float64Array.');
console.log('detect-collisions: checkCollision always computes the response (no boolean variant); bodies inserted in one System.');

console.log('\nagreement with collide2d, pair by pair (hits; max |depth difference| over common hits):');
for (const { test, disagree, maxDepthDiff } of agreement) {
  const parts = Object.entries(disagree).map(([n, list]) => {
    const depth = n === 'intersects' ? '' : `, depth ${maxDepthDiff[n].toExponential(1)}`;
    const which = list.length ? ` (pairs ${list.slice(0, 5).join(', ')}${list.length > 5 ? ', ...' : ''})` : '';
    return `${n}: ${list.length} differ${which}${depth}`;
  });
  console.log(`  ${test}: ${parts.join('; ')}`);
}

/** Ratio of two cells, or undefined when one of them was not run. */
const ratio = (a, b) => (a === undefined || b === undefined ? undefined : a.ns / b.ns);
const times2 = (r) => (r === undefined ? 'n/a' : `${r.toFixed(2)}x`);
const frac = (r) => (r === undefined ? 'n/a' : `1/${(1 / r).toFixed(1)}`);
const verdict = (r, limit) => (r === undefined ? '' : r <= limit ? ': met' : ': NOT met');
console.log('\ntargets of issue 3:');
const r1 = ratio(get('collide2d', 'c-c bool'), get('intersects', 'c-c bool'));
console.log(`  single circle-circle, collide2d overlaps / intersects circleCircle = ${times2(r1)} (target <= 2x)${verdict(r1, 2)}`);
const r1o = ratio(get('collide2d', 'c-c bool'), get('intersects (objects)', 'c-c bool'));
console.log(`    (intersects fed from the same circle objects: ${times2(r1o)})`);
const r1n = ratio(get('collide2d (numbers)', 'c-c bool'), get('intersects', 'c-c bool'));
console.log(`  single circle-circle on numbers, collide2d overlapsCircleCircle / intersects circleCircle (same inputs) = ${times2(r1n)} (target <= 2x)${verdict(r1n, 2)}`);
const r2 = ratio(get('collide2d prepared', 'p-p MTV'), get('sat', 'p-p MTV'));
console.log(`  batched polygon-polygon with MTV (prepared polygons), collide2d / SAT.js = ${frac(r2)} (target <= 1/10)${verdict(r2, 0.1)}`);
const r3 = ratio(get('collide2d batch', 'p-p MTV'), get('sat', 'p-p MTV'));
console.log(`    (packed polygons, validated and built at each call: ${frac(r3)})`);
console.log('other ratios (collide2d / peer):');
for (const [label, a, b] of [
  ['single circle-circle with MTV, collide / SAT.js', ['collide2d', 'c-c MTV'], ['sat', 'c-c MTV']],
  ['single polygon-polygon with MTV, collide / SAT.js', ['collide2d', 'p-p MTV'], ['sat', 'p-p MTV']],
  ['single circle-polygon with MTV, collide / SAT.js', ['collide2d', 'c-p MTV'], ['sat', 'c-p MTV']],
  ['batched circle-circle bool / intersects', ['collide2d batch', 'c-c bool'], ['intersects', 'c-c bool']],
  ['batched circle-circle with MTV / SAT.js', ['collide2d batch', 'c-c MTV'], ['sat', 'c-c MTV']],
  ['batched circle-polygon with MTV / SAT.js', ['collide2d batch', 'c-p MTV'], ['sat', 'c-p MTV']],
]) {
  console.log(`  ${label} = ${times2(ratio(get(...a), get(...b)))}`);
}

// What a page loads from the default entry: the entry bundled and minified by esbuild (wrapper and glue) plus the
// .wasm, gzip -9 (as web/test/size.test.js measures it).
const esbuild = await import('esbuild');
const built = await esbuild.build({ entryPoints: [join(root, 'web/lib/index.js')], bundle: true, minify: true, format: 'esm',
  platform: 'browser', write: false, outdir: join(root, 'build/bench-size'), loader: { '.wasm': 'file' }, logLevel: 'error' });
const bundled = built.outputFiles.find((f) => f.path.endsWith('.js')).contents;
const wasmBytes = readFileSync(join(root, 'web/pkg/collide2d.wasm'));
const gz = [{ f: 'bundle (wrapper + glue)', raw: bundled.length, gz: gzipSync(bundled, { level: 9 }).length },
  { f: 'web/pkg/collide2d.wasm', raw: wasmBytes.length, gz: gzipSync(wasmBytes, { level: 9 }).length }];
const kb = (b) => (b / 1000).toFixed(1);
console.log('\npackage size (gzip -9, KB = 1000 bytes):');
for (const { f, raw, gz: g } of gz) console.log(`  ${f.padEnd(24)} ${pad(kb(raw), 7)} KB raw ${pad(kb(g), 6)} KB gzip`);
const total = gz.reduce((sum, { gz: g }) => sum + g, 0);
console.log(`  default entry (bundle + wasm): ${kb(total)} KB gzip (target <= 90 KB)`);
