// World benchmark of issue 5, in Node: the scene of bench/scene.h (ported bit for bit in ./scene.mjs), N bodies,
// one frame = move every body (each library's transform update) + find every overlapping pair, for
//   collide2d      World in wasm: ONE w.setTransforms(Float64Array) + w.step() (pairs with contacts)
//   collide2d nat. the native build (bench/native/world_bench.cpp, BM_WorldFrame), run as a child process
//   rapier         @dimforge/rapier2d-compat as a collision-only pipeline: parentless sensor colliders with
//                  ActiveCollisionTypes FIXED_FIXED, setTranslation/setRotation + world.step(eventQueue); the pair
//                  set is kept from the collision (start/stop) events (sensors: no contact data)
//   rapier-simd    @dimforge/rapier2d-simd-compat 0.19.3, the same sensor pipeline (issue 12's peer)
//   rapier-cont.   @dimforge/rapier2d-compat with contacts: non-sensor parentless colliders (FIXED_FIXED), the
//                  touching pairs kept from the collision events, and every such pair's contact manifold read with
//                  world.contactPair (normal, contact count, each contact's distance) inside the timed frame
//   detect-c.      detect-collisions System: setPosition/setAngle (updateNow = false) + update() + checkAll()
//   flatbush+sat   a Flatbush index of the AABBs rebuilt every frame, one search per body, candidates i < j tested
//                  with SAT.js (testPolygonPolygon / testPolygonCircle / testCircleCircle) and a Response
// All libraries run the same scene and the same frames; the pair sets are compared on one extra (untimed) frame.
// Then a raycast benchmark: 10,000 seeded rays of length 100 against the 10k scene (closest hit).
// Contact modes (same run, as extra libraries): c2pairs = collide2d World with setContactMode('pairs') (pairs and
// events only: the like-for-like peer of rapier's sensors), c2manifolds = setContactMode('manifolds').
// Then a shape-cast benchmark: --casts=2000 seeded casts (the scene's shapes at half size, random start, angle and
// translation of length 1..30) against the 10k scene: World.castShape vs rapier's world.castShape (maxToi 1,
// stopAtPenetration false: collide2d's entry convention), hits compared within f32 precision.
// The tables and notes are printed by ./world_report.mjs from the figures measured here.
//
// Usage: node bench/js/world.mjs [N ...] [--frames=T] [--warmup=W]
//                                [--libs=collide2d,native,rapier,rapier-simd,rapier-contacts,dc,flatbush]
//                                [--no-raycast] [--rays=10000] [--native=path/to/collide2d_bench]
//                                [--no-cast] [--casts=2000] [--cast-passes=5]
//   default N = 1000 10000 50000; frames: 10 warm-up + 60 timed up to 1k, 5 + 30 up to 10k, 3 + 12 above.
//   The native figures come from the newest build/*/bench/collide2d_bench (npm run bench rebuilds build/bench just
//   before; a binary older than cpp/ is flagged in the notes), else the column says n/a (build it:
//   cmake -S . -B build/bench -DCOLLIDE2D_BUILD_TESTS=OFF -DCOLLIDE2D_BUILD_BENCH=ON && cmake --build build/bench).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { advance, c2ShapeOf, fillTransforms, Kind, kPi, makeScene, moveRapier, Mulberry32, rapierDescOf } from './scene.mjs';
import { printReport } from './world_report.mjs';
import { initWithMemory } from '../../web/test/shared.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---- arguments -------------------------------------------------------------------------------------------------

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split('=')[1];
const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
const NS = sizes.length ? sizes : [1000, 10000, 50000];
const LIBS = (flagValue('libs') ?? 'collide2d,c2pairs,c2manifolds,native,rapier,rapier-simd,rapier-contacts,dc,flatbush').split(',');
const CASTS = Number(flagValue('casts') ?? 2000);
const CAST_PASSES = Number(flagValue('cast-passes') ?? 5);
const RAYS = Number(flagValue('rays') ?? 10000);
const framesFor = (n) => ({
  warmup: Number(flagValue('warmup') ?? (n <= 1000 ? 10 : n <= 10000 ? 5 : 3)),
  timed: Number(flagValue('frames') ?? (n <= 1000 ? 60 : n <= 10000 ? 30 : 12)),
});
const log = (...a) => console.error(...a); // progress on stderr, results on stdout

// ---- libraries -------------------------------------------------------------------------------------------------

// collide2d: its wasm memory observed while it initialises (the package exposes no raw layer), with the JS tests'
// probe (web/test/shared.js).
let c2 = null;
let c2Memory = null;
let c2Missing = '';
if (LIBS.includes('collide2d')) {
  try {
    ({ c2, memory: c2Memory } = await initWithMemory());
    if (typeof c2.World !== 'function') {
      c2Missing = 'web/lib/index.js exports no World';
      c2 = null;
    }
  } catch (e) {
    c2Missing = `cannot load web/lib/index.js (${e.message.split('\n')[0]}); build it: npm run build:wasm`;
    c2 = null;
  }
  if (!c2) log(`collide2d (wasm): skipped: ${c2Missing}`);
}

const RAPIER = (await import('@dimforge/rapier2d-compat')).default;
await RAPIER.init();
// Issue 12's peers: rapier's SIMD build (0.19.3, pinned in package.json) with the same sensor pipeline, and rapier
// with contacts (non-sensor colliders; every touching pair's contact manifold is read each frame).
let RAPIER_SIMD = null;
if (LIBS.includes('rapier-simd')) {
  try {
    RAPIER_SIMD = (await import('@dimforge/rapier2d-simd-compat')).default;
    await RAPIER_SIMD.init();
  } catch (e) {
    log(`rapier2d-simd-compat: skipped (${e.message.split('\n')[0]}); npm install`);
    RAPIER_SIMD = null;
  }
}
const { System } = await import('detect-collisions');
const Flatbush = (await import('flatbush')).default;
const SAT = (await import('sat')).default;

// ---- adapters: setup(scene), frame(scene) -> pair count, collect(keys) after a frame, free() ------------------------
// Pair keys are i * n + j with i < j (scene body indices).

function collide2dAdapter(n, mode = 'contacts') {
  const { World } = c2;
  const memBefore = c2Memory ? c2Memory.buffer.byteLength : 0;
  const w = new World();
  if (mode !== 'contacts') w.setContactMode(mode);
  const handleIndex = new Map();
  const xya = new Float64Array(3 * n);
  return {
    name: mode === 'contacts' ? 'collide2d' : `collide2d (${mode})`,
    setup(s) {
      w.reserve(n); // as the native benchmark (addScene)
      for (let i = 0; i < n; i++) {
        const b = s.bodies[i];
        handleIndex.set(w.add(c2ShapeOf(b), { x: b.x, y: b.y, angle: b.angle }), i);
      }
      w.step();
    },
    frame(s) {
      advance(s);
      w.setTransforms(fillTransforms(s, xya));
      return w.step();
    },
    collect(keys) {
      const count = w.pairCount;
      const pb = w.pairBodies;
      const pc = w.pairContacts;
      this.depths = new Map();
      for (let p = 0; p < count; p++) {
        let i = handleIndex.get(pb[2 * p]);
        let j = handleIndex.get(pb[2 * p + 1]);
        if (i > j) [i, j] = [j, i];
        keys.add(i * n + j);
        if (mode === 'contacts') this.depths.set(i * n + j, pc[5 * p + 2]);
      }
    },
    memory() {
      return {
        heapBytes: w.heapBytes,
        growth: c2Memory ? c2Memory.buffer.byteLength - memBefore : NaN,
        memBefore,
        memAfter: c2Memory ? c2Memory.buffer.byteLength : NaN,
      };
    },
    world: w,
    handleIndex,
    free() {
      w.free();
    },
  };
}

const FIXED_FIXED_TYPES = RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.FIXED_FIXED;

function rapierAdapter(n, R = RAPIER, name = 'rapier', contacts = false) {
  const world = new R.World({ x: 0, y: 0 });
  const events = new R.EventQueue(true);
  const colliders = new Array(n);
  const handleIndex = new Map();
  const v = { x: 0, y: 0 };
  let pairs = 0;
  // With contacts: the touching pairs (from the events) whose manifolds are read every frame.
  const active = contacts ? new Map() : null;
  const onEvent = (h1, h2, started) => {
    pairs += started ? 1 : -1;
    if (active) {
      const key = h1 < h2 ? h1 * 2 ** 26 + h2 : h2 * 2 ** 26 + h1;
      if (started) active.set(key, [h1, h2]);
      else active.delete(key);
    }
  };
  let contactSum = 0;
  const readManifold = (manifold) => {
    const k = manifold.numContacts();
    const nrm = manifold.normal();
    contactSum += nrm.x + k;
    for (let c = 0; c < k; c++) contactSum += manifold.contactDist(c);
  };
  return {
    name,
    setup(s) {
      for (let i = 0; i < n; i++) {
        const b = s.bodies[i];
        const desc = rapierDescOf(R, b);
        if (!desc) throw new Error(`rapier rejected body ${i}`);
        const types = R.ActiveCollisionTypes.DEFAULT | R.ActiveCollisionTypes.FIXED_FIXED;
        desc.setTranslation(b.x, b.y).setRotation(b.angle).setSensor(!contacts)
          .setActiveCollisionTypes(types).setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
        colliders[i] = world.createCollider(desc);
        handleIndex.set(colliders[i].handle, i);
      }
      world.step(events);
      events.drainCollisionEvents(onEvent);
    },
    frame(s) {
      advance(s);
      moveRapier(colliders, s.bodies, n, v);
      world.step(events);
      events.drainCollisionEvents(onEvent);
      if (active) {
        for (const [h1, h2] of active.values()) {
          world.contactPair(world.getCollider(h1), world.getCollider(h2), readManifold);
        }
      }
      return pairs;
    },
    collect(keys) {
      // The full enumeration (untimed): the narrow phase's intersecting pairs of every collider.
      let self = 0;
      const np = world.narrowPhase;
      if (active) {
        for (const [h1, h2] of active.values()) {
          const i = handleIndex.get(h1), j = handleIndex.get(h2);
          keys.add(Math.min(i, j) * n + Math.max(i, j));
        }
        return;
      }
      for (let i = 0; i < n; i++) {
        self = i;
        np.intersectionPairsWith(colliders[i].handle, (h2) => {
          const j = handleIndex.get(h2);
          if (self < j) keys.add(self * n + j);
        });
      }
    },
    /** Signed distance between two bodies (negative: penetration), by rapier (f32). */
    distance(i, j) {
      const c = colliders[i].contactCollider(colliders[j], 1.0);
      return c ? c.distance : Infinity;
    },
    world,
    colliders,
    handleIndex,
    free() {
      events.free();
      world.free();
    },
  };
}

function dcAdapter(n) {
  const system = new System();
  const bodies = new Array(n);
  let count = 0;
  let keys = null;
  const index = new Map();
  const onCollision = (r) => {
    count++;
    if (keys !== null) {
      const i = index.get(r.a);
      const j = index.get(r.b);
      if (i < j) keys.add(i * n + j);
    }
    return false; // keep going
  };
  return {
    name: 'detect-collisions',
    setup(s) {
      for (let i = 0; i < n; i++) {
        const b = s.bodies[i];
        const pos = { x: b.x, y: b.y };
        switch (b.kind) {
          case Kind.Circle: bodies[i] = system.createCircle(pos, b.a); break;
          case Kind.Aabb: bodies[i] = system.createBox(pos, b.a, b.b, { isCentered: true }); break;
          case Kind.Box: bodies[i] = system.createBox(pos, 2 * b.a, 2 * b.b, { isCentered: true, angle: b.angle }); break;
          case Kind.Polygon: {
            const points = [];
            for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
            bodies[i] = system.createPolygon(pos, points, { angle: b.angle });
            break;
          }
        }
        index.set(bodies[i], i);
      }
      system.update();
    },
    frame(s) {
      advance(s);
      const sb = s.bodies;
      for (let i = 0; i < n; i++) {
        const b = sb[i];
        const body = bodies[i];
        body.setPosition(b.x, b.y, false);
        body.setAngle(b.angle, false);
      }
      system.update();
      count = 0;
      system.checkAll(onCollision);
      return count / 2; // checkAll reports every pair from both sides
    },
    collect(k) {
      keys = k;
      system.checkAll(onCollision);
      keys = null;
    },
    system,
    bodies,
    index,
    free() {},
  };
}

function flatbushSatAdapter(n) {
  const V = SAT.Vector;
  const shapes = new Array(n);
  const isCircle = new Uint8Array(n);
  const local = new Float64Array(4 * n); // AABB of the rotated shape around its position (angles are constant)
  const boxes = new Float64Array(4 * n);
  const response = new SAT.Response();
  let count = 0;
  let keys = null;
  let cur = 0;
  const test = (j) => {
    const i = cur;
    if (j <= i) return false;
    const a = shapes[i];
    const b = shapes[j];
    response.clear();
    let hit;
    if (isCircle[i]) hit = isCircle[j] ? SAT.testCircleCircle(a, b, response) : SAT.testCirclePolygon(a, b, response);
    else hit = isCircle[j] ? SAT.testPolygonCircle(a, b, response) : SAT.testPolygonPolygon(a, b, response);
    if (hit) {
      count++;
      if (keys !== null) keys.add(i * n + j);
    }
    return false; // nothing to collect: the test is done in the filter
  };
  const run = (s) => {
    const index = new Flatbush(n);
    for (let i = 0; i < n; i++) {
      const b = s.bodies[i];
      const sh = shapes[i];
      sh.pos.x = b.x;
      sh.pos.y = b.y;
      const k = 4 * i;
      boxes[k] = b.x + local[k];
      boxes[k + 1] = b.y + local[k + 1];
      boxes[k + 2] = b.x + local[k + 2];
      boxes[k + 3] = b.y + local[k + 3];
      index.add(boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3]);
    }
    index.finish();
    count = 0;
    for (let i = 0; i < n; i++) {
      cur = i;
      const k = 4 * i;
      index.search(boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3], test);
    }
    return count;
  };
  let last = null;
  return {
    name: 'flatbush+sat',
    setup(s) {
      for (let i = 0; i < n; i++) {
        const b = s.bodies[i];
        const pos = new V(b.x, b.y);
        let pts = null;
        switch (b.kind) {
          case Kind.Circle:
            shapes[i] = new SAT.Circle(pos, b.a);
            isCircle[i] = 1;
            local.set([-b.a, -b.a, b.a, b.a], 4 * i);
            continue;
          case Kind.Aabb: {
            const hx = b.a / 2, hy = b.b / 2;
            pts = [new V(-hx, -hy), new V(hx, -hy), new V(hx, hy), new V(-hx, hy)];
            break;
          }
          case Kind.Box:
            pts = [new V(-b.a, -b.b), new V(b.a, -b.b), new V(b.a, b.b), new V(-b.a, b.b)];
            break;
          case Kind.Polygon:
            pts = [];
            for (let k = 0; k < b.points.length; k += 2) pts.push(new V(b.points[k], b.points[k + 1]));
            break;
        }
        const p = new SAT.Polygon(pos, pts);
        if (b.angle !== 0) p.setAngle(b.angle);
        shapes[i] = p;
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (const q of p.calcPoints) {
          x0 = Math.min(x0, q.x); y0 = Math.min(y0, q.y); x1 = Math.max(x1, q.x); y1 = Math.max(y1, q.y);
        }
        local.set([x0, y0, x1, y1], 4 * i);
      }
      last = s;
    },
    frame(s) {
      advance(s);
      last = s;
      return run(s);
    },
    collect(k) {
      keys = k;
      run(last);
      keys = null;
    },
    free() {},
  };
}

const ADAPTERS = [
  ['collide2d', collide2dAdapter],
  ['c2pairs', (n) => collide2dAdapter(n, 'pairs')],
  ['c2manifolds', (n) => collide2dAdapter(n, 'manifolds')],
  ['rapier', rapierAdapter],
  ['rapier-simd', (n) => rapierAdapter(n, RAPIER_SIMD, 'rapier2d-simd-compat 0.19.3 (sensors)')],
  ['rapier-contacts', (n) => rapierAdapter(n, RAPIER, 'rapier2d-compat 0.21 with contacts', true)],
  ['dc', dcAdapter],
  ['flatbush', flatbushSatAdapter],
].filter(([key]) => LIBS.includes(key) && (!['collide2d', 'c2pairs', 'c2manifolds'].includes(key) || c2 !== null) &&
  (key !== 'rapier-simd' || RAPIER_SIMD !== null));

// ---- native benchmark ----------------------------------------------------------------------------------------------

function newestSource(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The given binary, else the newest build/<dir>/bench/collide2d_bench (npm run bench rebuilds build/bench first). */
function findNative() {
  const given = flagValue('native');
  if (given) return existsSync(given) ? given : null;
  const buildDir = join(root, 'build');
  if (!existsSync(buildDir)) return null;
  const found = readdirSync(buildDir)
    .map((d) => join(buildDir, d, 'bench', 'collide2d_bench'))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return found[0] ?? null;
}

function runNative(ns, withRays) {
  const exe = findNative();
  if (!exe) return { exe: null, frames: new Map(), ray: null };
  const nativeNs = ns.filter((n) => [1000, 10000, 50000].includes(n));
  const parts = [];
  if (nativeNs.length) parts.push(`BM_WorldFrame/(${nativeNs.join('|')})/`);
  if (withRays) parts.push('BM_WorldRaycast/10000/');
  const frames = new Map();
  let ray = null;
  if (!parts.length) return { exe, frames, ray };
  log(`native: ${exe} --benchmark_filter=${parts.join('|')}`);
  if (statSync(exe).mtimeMs < newestSource(join(root, 'cpp'))) {
    notes.push(`native: ${exe} is older than the sources in cpp/ (rebuild it for current figures)`);
  }
  const out = execFileSync(exe, [`--benchmark_filter=${parts.join('|')}`, '--benchmark_format=json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 << 20,
  });
  // (Google Benchmark writes a non-finite counter unquoted, e.g. the cv aggregate of a counter that is 0 in every
  // repetition, "certified": NaN: not JSON. Such values are read as null.)
  const json = out.replace(/:\s*-?(?:nan|NaN|inf|Infinity)\b/g, ': null');
  for (const b of JSON.parse(json).benchmarks) {
    if (b.aggregate_name !== 'median') continue;
    const toMs = { ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 }[b.time_unit];
    const m = /^BM_World(Frame|Raycast)\/(\d+)/.exec(b.run_name ?? b.name);
    if (!m) continue;
    if (m[1] === 'Frame') {
      frames.set(Number(m[2]), { ms: b.real_time * toMs, pairs: b.pairs, bytesPerBody: b.bytes_per_body });
    } else {
      ray = { us: b.us_per_ray, hitRate: b.hit_rate };
    }
  }
  return { exe, frames, ray };
}

// ---- frame benchmark -------------------------------------------------------------------------------------------------

const KIND_NAMES = ['circle', 'aabb', 'box', 'polygon']; // scene kinds: body i has kind i % 4

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

function benchFrames(n) {
  // The libraries run interleaved, frame by frame (the order rotating), so that a change of load on the shared
  // machine hits all of them alike; each has its own copy of the scene, advanced by the same frames.
  const { warmup, timed } = framesFor(n);
  if (globalThis.gc) globalThis.gc();
  const libs = ADAPTERS.map(([key, make]) => {
    const s = makeScene(n);
    const lib = make(n);
    const t0 = performance.now();
    lib.setup(s);
    return { key, lib, s, setupMs: performance.now() - t0, times: [] };
  });
  for (let f = 0; f < warmup + timed; f++) {
    for (let k = 0; k < libs.length; k++) {
      const e = libs[(f + k) % libs.length];
      const t = performance.now();
      e.lib.frame(e.s);
      const dt = performance.now() - t;
      if (f >= warmup) e.times.push(dt);
    }
  }
  const results = new Map();
  for (const e of libs) {
    // One more frame, the same for every library: its pair count and pair set.
    const pairs = e.lib.frame(e.s);
    const keys = new Set();
    e.lib.collect(keys);
    const r = { lib: e.lib, ms: median(e.times), min: Math.min(...e.times), setupMs: e.setupMs, pairs, keys, frames: timed };
    if (e.key === 'collide2d') r.memory = e.lib.memory();
    results.set(e.key, r);
    log(`  N=${n} ${e.lib.name}: ${r.ms.toFixed(2)} ms/frame (median of ${timed}, min ${r.min.toFixed(2)}), ` +
      `pairs ${pairs} (set ${keys.size}), setup ${e.setupMs.toFixed(0)} ms`);
  }
  return results;
}

/** Pair keys reported by the reference library only, and by the other library only. */
function compare(results, refKey, otherKey) {
  const ref = results.get(refKey);
  const other = results.get(otherKey);
  if (!ref || !other) return null;
  const onlyRef = [...ref.keys].filter((k) => !other.keys.has(k));
  const onlyOther = [...other.keys].filter((k) => !ref.keys.has(k));
  return { onlyRef, onlyOther };
}

/** Rapier's signed distance for a pair key (rapier must be in the results and not yet freed). */
function distanceOf(results, n, key) {
  const r = results.get('rapier');
  if (!r) return NaN;
  return r.lib.distance(Math.floor(key / n), key % n);
}

// ---- raycast benchmark -------------------------------------------------------------------------------------------------

function makeRays(side) {
  // The same rays as BM_WorldRaycast (bench/native/world_bench.cpp): seed 777, origin, then angle (Math.cos/sin
  // may differ from the C library's by an ulp: irrelevant here).
  const rng = new Mulberry32(777);
  const rays = new Float64Array(4 * RAYS);
  for (let i = 0; i < RAYS; i++) {
    const ox = rng.range(0, side);
    const oy = rng.range(0, side);
    const a = rng.range(0, 2 * kPi);
    rays.set([ox, oy, Math.cos(a), Math.sin(a)], 4 * i);
  }
  return rays;
}

function benchRays() {
  const n = 10000;
  const passes = 7;
  const out = new Map();
  // Each library: a pass casts every ray once. The passes run interleaved (the order rotating), like the frames;
  // detect-collisions (about 1 s per pass) only in the first 2. Median µs per ray over the passes.
  const tasks = [];
  const run = (name, castAll, hitBody, hitT, after, maxPasses = passes) => {
    tasks.push({ name, castAll, hitBody, hitT, after, maxPasses, times: [], hits: 0 });
  };
  const s = makeScene(n);
  const rays = makeRays(s.side);

  if (c2 && LIBS.includes('collide2d')) {
    const lib = collide2dAdapter(n);
    lib.setup(s);
    const w = lib.world;
    const ray = { type: 'ray', origin: { x: 0, y: 0 }, direction: { x: 0, y: 0 }, maxFraction: 100 };
    const bodyOf = new Int32Array(2 ** 20).fill(-1); // slot -> body index, for the comparison (untimed)
    run('collide2d', (hitBody, hitT) => {
      let hits = 0;
      for (let i = 0; i < RAYS; i++) {
        ray.origin.x = rays[4 * i];
        ray.origin.y = rays[4 * i + 1];
        ray.direction.x = rays[4 * i + 2];
        ray.direction.y = rays[4 * i + 3];
        if (w.raycast(ray) !== 0) {
          const h = w.rayHits;
          hitBody[i] = h[0];
          hitT[i] = h[1];
          hits++;
        } else {
          hitBody[i] = -1;
        }
      }
      return hits;
    }, new Float64Array(RAYS), new Float64Array(RAYS), (r) => {
      for (const [h, i] of lib.handleIndex) bodyOf[h & 0xfffff] = i;
      r.hitBody = r.hitBody.map((h) => (h < 0 ? -1 : bodyOf[h & 0xfffff]));
      lib.free();
    });
  }
  if (LIBS.includes('rapier')) {
    const lib = rapierAdapter(n);
    lib.setup(s);
    const world = lib.world;
    const ray = new RAPIER.Ray({ x: 0, y: 0 }, { x: 0, y: 0 });
    run('rapier', (hitBody, hitT) => {
      let hits = 0;
      for (let i = 0; i < RAYS; i++) {
        ray.origin.x = rays[4 * i];
        ray.origin.y = rays[4 * i + 1];
        ray.dir.x = rays[4 * i + 2];
        ray.dir.y = rays[4 * i + 3];
        const hit = world.castRay(ray, 100, true);
        if (hit) {
          hitBody[i] = hit.collider.handle;
          hitT[i] = hit.timeOfImpact;
          hits++;
        } else {
          hitBody[i] = -1;
        }
      }
      return hits;
    }, new Float64Array(RAYS), new Float64Array(RAYS), (r) => {
      r.hitBody = r.hitBody.map((h) => (h < 0 ? -1 : lib.handleIndex.get(h)));
      lib.free();
    });
  }
  if (LIBS.includes('dc')) {
    const lib = dcAdapter(n);
    lib.setup(s);
    const system = lib.system;
    const start = { x: 0, y: 0 };
    const end = { x: 0, y: 0 };
    const hitObj = new Array(RAYS);
    run('detect-collisions', (hitBody, hitT) => {
      let hits = 0;
      for (let i = 0; i < RAYS; i++) {
        start.x = rays[4 * i];
        start.y = rays[4 * i + 1];
        end.x = start.x + 100 * rays[4 * i + 2];
        end.y = start.y + 100 * rays[4 * i + 3];
        const hit = system.raycast(start, end);
        if (hit) {
          hitObj[i] = hit.body;
          hitT[i] = Math.hypot(hit.point.x - start.x, hit.point.y - start.y);
          hits++;
        } else {
          hitObj[i] = null;
        }
      }
      return hits;
    }, new Float64Array(RAYS), new Float64Array(RAYS), (r) => {
      for (let i = 0; i < RAYS; i++) r.hitBody[i] = hitObj[i] ? lib.index.get(hitObj[i]) : -1;
    }, 2);
  }
  for (let p = 0; p < passes; p++) {
    for (let k = 0; k < tasks.length; k++) {
      const task = tasks[(p + k) % tasks.length];
      if (p >= task.maxPasses) continue;
      const t = performance.now();
      task.hits = task.castAll(task.hitBody, task.hitT);
      task.times.push(((performance.now() - t) * 1000) / RAYS);
    }
  }
  for (const task of tasks) {
    const r = { us: median(task.times), hits: task.hits, hitBody: task.hitBody, hitT: task.hitT };
    task.after(r);
    out.set(task.name, r);
    log(`  raycast ${task.name}: ${r.us.toFixed(3)} us/ray (median of ${task.times.length} passes), ${r.hits} hits`);
  }
  return out;
}

/** Agreement of two raycast results: same hit/miss and same body, and the largest fraction difference. */
function rayAgreement(a, b) {
  let sameBody = 0, hitMiss = 0, otherBody = 0, maxDt = 0, startInside = 0, startInsideOff = 0, tie = 0;
  for (let i = 0; i < RAYS; i++) {
    const ha = a.hitBody[i], hb = b.hitBody[i];
    const inside = ha >= 0 && a.hitT[i] === 0; // a solid cast from inside a body: fraction 0
    if (inside) startInside++;
    if ((ha < 0) !== (hb < 0)) hitMiss++;
    else if (ha >= 0 && Math.abs(a.hitT[i] - b.hitT[i]) <= 1e-2) {
      // Same distance: the same body, or a tie (the origin inside several bodies, or a corner shared).
      if (ha === hb) sameBody++;
      else tie++;
      maxDt = Math.max(maxDt, Math.abs(a.hitT[i] - b.hitT[i]));
      continue;
    } else if (ha >= 0) otherBody++;
    if (inside) startInsideOff++;
  }
  return { sameBody, tie, hitMiss, otherBody, maxDt, startInside, startInsideOff };
}

// ---- shape-cast benchmark ----------------------------------------------------------------------------------------------

function benchCasts() {
  const n = 10000;
  const passes = CAST_PASSES;
  const s = makeScene(n);
  const rng = new Mulberry32(4321);
  // The casts: body k's shape at half size (k cycling through the kinds), a random start, angle and translation.
  const casts = [];
  for (let i = 0; i < CASTS; i++) {
    const b = s.bodies[(i * 7919) % n];
    const x = rng.range(0, s.side), y = rng.range(0, s.side);
    const angle = b.kind === Kind.Aabb ? 0 : rng.range(0, 2 * kPi);
    const dir = rng.range(0, 2 * kPi), len = rng.range(1, 30);
    const h = 0.5;
    let shape, rshape;
    switch (b.kind) {
      case Kind.Circle: shape = c2 && c2.circle(0, 0, b.a * h); rshape = new RAPIER.Ball(b.a * h); break;
      case Kind.Aabb: shape = c2 && c2.aabb(-b.a * h / 2, -b.b * h / 2, b.a * h / 2, b.b * h / 2); rshape = new RAPIER.Cuboid(b.a * h / 2, b.b * h / 2); break;
      case Kind.Box: shape = c2 && c2.box(0, 0, b.a * h, b.b * h, 0); rshape = new RAPIER.Cuboid(b.a * h, b.b * h); break;
      default: {
        const pts = b.points.map((v) => v * h);
        const points = [];
        for (let k = 0; k < pts.length; k += 2) points.push({ x: pts[k], y: pts[k + 1] });
        shape = c2 && c2.polygon(points);
        rshape = new RAPIER.ConvexPolygon(new Float32Array(pts), false);
      }
    }
    casts.push({ shape, rshape, transform: { x, y, angle }, translation: { x: len * Math.cos(dir), y: len * Math.sin(dir) }, len });
  }
  const tasks = [];
  const out = new Map();
  if (c2 && LIBS.includes('collide2d')) {
    const lib = collide2dAdapter(n);
    lib.setup(s);
    const w = lib.world;
    const bodyOf = new Int32Array(2 ** 20).fill(-1);
    for (const [h, i] of lib.handleIndex) bodyOf[h & 0xfffff] = i;
    tasks.push({ name: 'collide2d', times: [], hitBody: new Float64Array(CASTS), hitT: new Float64Array(CASTS), run(hitBody, hitT) {
      let hits = 0;
      for (let i = 0; i < CASTS; i++) {
        const c = casts[i];
        if (w.castShape(c.shape, c.transform, c.translation) !== 0) {
          const r = w.rayHits;
          hitBody[i] = r[0];
          hitT[i] = r[1];
          hits++;
        } else hitBody[i] = -1;
      }
      return hits;
    }, after(r) {
      r.hitBody = r.hitBody.map((h) => (h < 0 ? -1 : bodyOf[h & 0xfffff]));
      lib.free();
    } });
  }
  if (LIBS.includes('rapier')) {
    const lib = rapierAdapter(n);
    lib.setup(s);
    const world = lib.world;
    const pos = { x: 0, y: 0 }, vel = { x: 0, y: 0 };
    tasks.push({ name: 'rapier', times: [], hitBody: new Float64Array(CASTS), hitT: new Float64Array(CASTS), run(hitBody, hitT) {
      let hits = 0;
      for (let i = 0; i < CASTS; i++) {
        const c = casts[i];
        pos.x = c.transform.x;
        pos.y = c.transform.y;
        vel.x = c.translation.x;
        vel.y = c.translation.y;
        const hit = world.castShape(pos, c.transform.angle, vel, c.rshape, 0, 1, false);
        if (hit) {
          hitBody[i] = hit.collider.handle;
          hitT[i] = hit.time_of_impact;
          hits++;
        } else hitBody[i] = -1;
      }
      return hits;
    }, after(r) {
      r.hitBody = r.hitBody.map((h) => (h < 0 ? -1 : lib.handleIndex.get(h)));
      lib.free();
    } });
  }
  for (let p = 0; p < passes; p++) {
    for (let k = 0; k < tasks.length; k++) {
      const task = tasks[(p + k) % tasks.length];
      const t = performance.now();
      task.hits = task.run(task.hitBody, task.hitT);
      task.times.push(((performance.now() - t) * 1000) / CASTS);
    }
  }
  for (const task of tasks) {
    const r = { us: median(task.times), hits: task.hits, hitBody: task.hitBody, hitT: task.hitT };
    task.after(r);
    out.set(task.name, r);
    log(`  castShape ${task.name}: ${r.us.toFixed(3)} us/cast (median of ${task.times.length} passes, min ` +
      `${Math.min(...task.times).toFixed(3)}), ${r.hits} hits`);
  }
  // Agreement: same hit/miss; the same travelled distance within 1e-3 (f32 coordinates near 1e3 have ulps of 6e-5).
  const a = out.get('collide2d'), b = out.get('rapier');
  if (a && b) {
    let same = 0, tie = 0, hitMiss = 0, other = 0, maxD = 0, zero = 0;
    const odd = [];
    for (let i = 0; i < CASTS; i++) {
      const ha = a.hitBody[i], hb = b.hitBody[i];
      if (ha >= 0 && a.hitT[i] === 0) zero++;
      if ((ha < 0) !== (hb < 0)) { hitMiss++; if (odd.length < 4) odd.push(`#${i} ${ha < 0 ? 'miss' : 'hit ' + a.hitT[i].toExponential(2)} vs ${hb < 0 ? 'miss' : 'hit ' + b.hitT[i].toExponential(2)}`); continue; }
      if (ha < 0) { same++; continue; }
      const d = Math.abs(a.hitT[i] - b.hitT[i]) * casts[i].len;
      if (d <= 1e-3) {
        if (ha === hb) same++; else tie++;
        maxD = Math.max(maxD, d);
      } else { other++; if (odd.length < 4) odd.push(`#${i} t ${a.hitT[i].toExponential(3)} vs ${b.hitT[i].toExponential(3)}`); }
    }
    out.agreement = { same, tie, hitMiss, other, maxD, zero, odd };
  }
  return out;
}

// ---- main ----------------------------------------------------------------------------------------------------------------

const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} logical CPUs), ${os.type()} ${os.release()}, ` +
  `Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`;
log(`machine: ${machine}`);
log(`libraries: ${ADAPTERS.map(([k]) => k).join(', ')}${LIBS.includes('native') ? ', native' : ''}`);

const notes = [];
const tStart = performance.now();
const native = LIBS.includes('native') ? runNative(NS, !args.includes('--no-raycast')) : { exe: null, frames: new Map() };
const perN = new Map();
for (const n of NS) {
  log(`N = ${n}`);
  const results = benchFrames(n);
  // Pair-set disagreements against collide2d (or, without it, against flatbush+sat), diagnosed with rapier's
  // signed distance (contactCollider, f32): a pair within ~1e-3 of touching is a touching tie at f32 precision.
  const refKey = results.has('collide2d') ? 'collide2d' : 'flatbush';
  const diffs = new Map();
  for (const key of results.keys()) {
    if (key === refKey) continue;
    const d = compare(results, refKey, key);
    const range = (keys) => {
      if (!keys.length || !results.has('rapier')) return '';
      const dist = keys.map((k) => distanceOf(results, n, k));
      const kinds = keys.slice(0, 6).map((k) => `${KIND_NAMES[Math.floor(k / n) % 4]}-${KIND_NAMES[(k % n) % 4]}`);
      return ` (rapier's own signed distance ${Math.min(...dist).toExponential(1)} .. ` +
        `${Math.max(...dist).toExponential(1)}; ${kinds.join(', ')}${keys.length > 6 ? ', ...' : ''})`;
    };
    diffs.set(key, d);
    if (!d.onlyRef.length && !d.onlyOther.length) {
      notes.push(`N=${n}: ${results.get(key).lib.name}: the same pair set as ${results.get(refKey).lib.name}`);
    } else {
      notes.push(`N=${n}: ${results.get(key).lib.name} vs ${results.get(refKey).lib.name}: ` +
        `${d.onlyRef.length} pair(s) only in ${results.get(refKey).lib.name}${range(d.onlyRef)}, ` +
        `${d.onlyOther.length} only in ${results.get(key).lib.name}${range(d.onlyOther)}`);
    }
  }
  if (results.has('collide2d')) {
    // collide2d's depth for the pairs the f32 peer misses (exact-touching ties have depth ~0).
    const c = results.get('collide2d');
    for (const [key, d] of diffs) {
      if (!d.onlyRef.length) continue;
      const depths = d.onlyRef.map((k) => c.lib.depths.get(k));
      notes.push(`N=${n}: collide2d depth of the pairs ${results.get(key).lib.name} misses: max ` +
        `${Math.max(...depths).toExponential(2)}`);
    }
  }
  for (const r of results.values()) r.lib.free();
  perN.set(n, { results, diffs });
}
const rays = args.includes('--no-raycast') ? null : (log('raycast, N = 10000'), benchRays());
const casts = args.includes('--no-cast') || CASTS <= 0 ? null : (log('castShape, N = 10000'), benchCasts());
const totalS = (performance.now() - tStart) / 1000;

// ---- report -----------------------------------------------------------------------------------------------------------

printReport({ NS, LIBS, CASTS, RAYS, framesFor, machine, totalS, native, perN, rays, casts, notes, c2Missing, rayAgreement });
