// Instructions per operation of the package's hot paths in Node (wasm and its JavaScript wrapper together), counted
// by valgrind's callgrind: unlike timings they do not depend on the machine's load, so they decide whether a change
// (build flags, bindings, marshalling) costs speed. Each case runs its setup, then its operation: a warm-up (100,000
// calls; 3 World frames or batch calls) and then `n` operations (n / 2000 frames or batch calls); it is run twice
// under callgrind, with n and 2n operations, and the difference of the two totals divided by n is the cost of one
// operation (start-up, setup, V8's compilation and tiering cancel out; V8 runs single-threaded with fixed seeds: see
// NODE_FLAGS). The single calls cycle over 256 pairs, all in cache: a change of memory layout must be timed too
// (docs/size.md).
//
//   node bench/js/instructions.mjs [case ...] [--n=20000]     (cases: all when none named; see CASES below)
//   node bench/js/instructions.mjs --run=<case> --n=<n> [--warmup=<w>]  (one plain run, what callgrind measures)
//
// Needs valgrind (Debian's package) and the built package (npm run build:wasm); each run loads web/lib and web/pkg
// afresh, so do not rebuild them meanwhile (or run a copy). A case takes 20 s to 4 min (the World frames).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as c2 from '../../web/lib/index.js';
import { advance, fillTransforms, Kind, makeScene, Mulberry32 } from './scene.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? fallback : a.slice(name.length + 3);
};

const rng = new Mulberry32(2024);
const range = (lo, hi) => lo + (hi - lo) * rng.next();
/** Points of a convex n-gon around (cx, cy) (jittered angles on a circle of radius r). */
function ngon(n, cx, cy, r = range(0.5, 2)) {
  const a0 = range(0, 2 * Math.PI);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = a0 + ((i + range(-0.3, 0.3)) / n) * 2 * Math.PI;
    pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return pts;
}
// V8 without background threads (compilation, GC), with fixed seeds, and the wasm module compiled by TurboFan at
// once (no Liftoff tier and no tier-up during the counted operations): counts that repeat within a few instructions.
const NODE_FLAGS = ['--single-threaded', '--predictable', '--hash-seed=1', '--random-seed=1', '--no-liftoff',
  '--no-wasm-dynamic-tiering'];
const PAIRS = 256; // single-call cases cycle over this many pairs
const sides = () => 3 + Math.floor(rng.next() * 6);
const polygonPairs = (n, spread) =>
  Array.from({ length: PAIRS }, () => [c2.polygon(ngon(n ?? sides(), 0, 0)), c2.polygon(ngon(n ?? sides(), range(-spread, spread), range(-spread, spread)))]);

// The peers of the single calls, on the same pairs (references for the ratios of bench/js/core.mjs and queries.mjs;
// an instruction is not a nanosecond, so those ratios are decided by the timed benchmarks).
const require = createRequire(import.meta.url);
const SAT = require('sat');
const planck = require('planck');
const RAPIER = (await import('@dimforge/rapier2d-compat')).default;
const satPolygon = (s) => new SAT.Polygon(new SAT.Vector(0, 0), s.points.map((p) => new SAT.Vector(p.x, p.y)));
const planckPolygon = (s) => new planck.PolygonShape(s.points.map((p) => planck.Vec2(p.x, p.y)));

/** A World on bench/scene.h's scene of n bodies (as bench/js/world.mjs builds it), stepped once. */
function sceneWorld(n, mode) {
  const s = makeScene(n);
  const w = new c2.World();
  if (mode) w.setContactMode(mode);
  w.reserve(n);
  for (const b of s.bodies) {
    let shape;
    if (b.kind === Kind.Circle) shape = c2.circle(0, 0, b.a);
    else if (b.kind === Kind.Aabb) shape = c2.aabb(-b.a / 2, -b.b / 2, b.a / 2, b.b / 2);
    else if (b.kind === Kind.Box) shape = c2.box(0, 0, b.a, b.b);
    else {
      const points = [];
      for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
      shape = { type: 'polygon', points };
    }
    w.add(shape, { x: b.x, y: b.y, angle: b.angle });
  }
  w.step();
  return { s, w, xya: new Float64Array(3 * n) };
}

/** Each case: setup -> the operation (called with the iteration number; returns a number, summed into a sink). */
const CASES = {
  'collide p-p': () => {
    const P = polygonPairs(undefined, 2);
    return (i) => (c2.collide(P[i & 255][0], P[i & 255][1]) === null ? 0 : 1);
  },
  'overlaps p-p': () => {
    const P = polygonPairs(undefined, 2);
    return (i) => (c2.overlaps(P[i & 255][0], P[i & 255][1]) ? 1 : 0);
  },
  'collide c-p': () => {
    const P = polygonPairs(undefined, 2).map(([a]) => [c2.circle(range(-2, 2), range(-2, 2), range(0.2, 1)), a]);
    return (i) => (c2.collide(P[i & 255][0], P[i & 255][1]) === null ? 0 : 1);
  },
  'collide box-box': () => {
    const P = Array.from({ length: PAIRS }, () => [c2.box(0, 0, 1, 0.5, range(0, 3)), c2.box(range(-2, 2), range(-2, 2), 1, 1, range(0, 3))]);
    return (i) => (c2.collide(P[i & 255][0], P[i & 255][1]) === null ? 0 : 1);
  },
  'distance 8-gons': () => {
    const P = polygonPairs(8, 6);
    return (i) => c2.distance(P[i & 255][0], P[i & 255][1]).distance;
  },
  'cast 8-gons': () => {
    const P = polygonPairs(8, 6);
    const M = P.map(([, b]) => ({ translation: { x: -2 * b.points[0].x, y: -2 * b.points[0].y } }));
    return (i) => c2.cast(P[i & 255][0], M[i & 255], P[i & 255][1]).fraction;
  },
  'distance 8-gons, pose': () => {
    // the same pairs, each polygon made once around its own origin and placed by a transform per call
    const P = polygonPairs(8, 6).map(([a, b]) => [a, b, { x: range(-1, 1), y: range(-1, 1), angle: range(0, 6) }]);
    const o = { x: 0, y: 0, angle: 0 };
    return (i) => c2.distance(P[i & 255][0], P[i & 255][2], P[i & 255][1], o).distance;
  },
  'cast 8-gons, pose': () => {
    const P = polygonPairs(8, 6).map(([a, b]) => [a, b, { x: range(-1, 1), y: range(-1, 1), angle: range(0, 6) }]);
    const M = P.map(([, b]) => ({ x: -2 * b.points[0].x, y: -2 * b.points[0].y }));
    const o = { x: 0, y: 0, angle: 0 };
    return (i) => c2.cast(P[i & 255][0], P[i & 255][2], P[i & 255][1], o, M[i & 255]).fraction;
  },
  'distance 8-gons, rebuilt': () => {
    // what the pose form replaces: the moved polygon rebuilt per call (its points turned in JS, then c2.polygon())
    const P = polygonPairs(8, 6).map(([a, b]) => [a, b, { x: range(-1, 1), y: range(-1, 1), angle: range(0, 6) }]);
    return (i) => {
      const [a, b, xf] = P[i & 255];
      const c = Math.cos(xf.angle);
      const s = Math.sin(xf.angle);
      const moved = c2.polygon(a.points.map((p) => ({ x: xf.x + c * p.x - s * p.y, y: xf.y + s * p.x + c * p.y })));
      return c2.distance(moved, b).distance;
    };
  },
  'SAT.js p-p (Response)': () => {
    const P = polygonPairs(undefined, 2).map(([a, b]) => [satPolygon(a), satPolygon(b)]);
    const r = new SAT.Response();
    return (i) => {
      r.clear();
      return SAT.testPolygonPolygon(P[i & 255][0], P[i & 255][1], r) ? 1 : 0;
    };
  },
  'planck Distance 8-gons': () => {
    const P = polygonPairs(8, 6).map(([a, b]) => [planckPolygon(a), planckPolygon(b)]);
    const input = new planck.DistanceInput();
    input.transformA.setIdentity();
    input.transformB.setIdentity();
    const output = new planck.DistanceOutput();
    const cache = new planck.SimplexCache();
    return (i) => {
      input.proxyA.set(P[i & 255][0], 0);
      input.proxyB.set(P[i & 255][1], 0);
      cache.count = 0;
      planck.Distance(output, cache, input);
      return output.distance;
    };
  },
  'planck ShapeCast 8-gons': () => {
    const C = polygonPairs(8, 6);
    const P = C.map(([a, b]) => [planckPolygon(a), planckPolygon(b)]);
    const M = C.map(([, b]) => ({ x: -2 * b.points[0].x, y: -2 * b.points[0].y }));
    const input = new planck.ShapeCastInput();
    input.transformA.setIdentity();
    input.transformB.setIdentity();
    const output = new planck.ShapeCastOutput();
    return (i) => {
      // (cast 8-gons moves a towards b; planck moves its B: the roles swapped)
      input.proxyA.set(P[i & 255][1], 0);
      input.proxyB.set(P[i & 255][0], 0);
      input.translationB.x = M[i & 255].x;
      input.translationB.y = M[i & 255].y;
      return planck.ShapeCast(output, input) ? output.lambda : 1;
    };
  },
  'batch collide p-p (packed, 1000 pairs)': () => {
    const polys = [];
    for (let i = 0; i < 1000; i++) polys.push(ngon(sides(), 0, 0), ngon(sides(), range(-2, 2), range(-2, 2)));
    const packed = c2.batch.packPolygons(polys);
    const pairs = Uint32Array.from({ length: 2000 }, (_, i) => i);
    const out = new Float64Array(6 * 1000);
    return () => c2.batch.collidePolygonPolygon(packed, pairs, out)[0];
  },
  'batch collide p-p (prepared, 1000 pairs)': () => {
    const polys = [];
    for (let i = 0; i < 1000; i++) polys.push(ngon(sides(), 0, 0), ngon(sides(), range(-2, 2), range(-2, 2)));
    const prepared = c2.batch.preparePolygons(c2.batch.packPolygons(polys));
    const pairs = Uint32Array.from({ length: 2000 }, (_, i) => i);
    const out = new Float64Array(6 * 1000);
    return () => c2.batch.collidePolygonPolygon(prepared, pairs, out)[0];
  },
  'world frame 10k (contacts)': () => {
    const { s, w, xya } = sceneWorld(10000);
    return () => {
      advance(s);
      w.setTransforms(fillTransforms(s, xya));
      return w.step();
    };
  },
  'world frame 10k (pairs)': () => {
    const { s, w, xya } = sceneWorld(10000, 'pairs');
    return () => {
      advance(s);
      w.setTransforms(fillTransforms(s, xya));
      return w.step();
    };
  },
  'world raycast 10k': () => {
    const { s, w } = sceneWorld(10000);
    const rays = Array.from({ length: PAIRS }, () => {
      const a = range(0, 2 * Math.PI);
      return c2.ray(range(0, s.side), range(0, s.side), Math.cos(a), Math.sin(a), 100);
    });
    return (i) => w.raycast(rays[i & 255]);
  },
  // The 2,000 shape casts of bench/js/world.mjs (same seed and shapes: the scene's at half size, a random start,
  // angle and translation of length 1..30), cycled.
  'world castShape 10k': () => {
    const { s, w } = sceneWorld(10000);
    const r = new Mulberry32(4321);
    const casts = [];
    for (let i = 0; i < 2000; i++) {
      const b = s.bodies[(i * 7919) % 10000];
      const x = r.range(0, s.side), y = r.range(0, s.side);
      const angle = b.kind === Kind.Aabb ? 0 : r.range(0, 2 * Math.PI);
      const dir = r.range(0, 2 * Math.PI), len = r.range(1, 30);
      const h = 0.5;
      let shape;
      if (b.kind === Kind.Circle) shape = c2.circle(0, 0, b.a * h);
      else if (b.kind === Kind.Aabb) shape = c2.aabb(-b.a * h / 2, -b.b * h / 2, b.a * h / 2, b.b * h / 2);
      else if (b.kind === Kind.Box) shape = c2.box(0, 0, b.a * h, b.b * h, 0);
      else {
        const points = [];
        for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k] * h, y: b.points[k + 1] * h });
        shape = c2.polygon(points);
      }
      casts.push({ shape, transform: { x, y, angle }, translation: { x: len * Math.cos(dir), y: len * Math.sin(dir) } });
    }
    return (i) => {
      const c = casts[i % 2000];
      return w.castShape(c.shape, c.transform, c.translation);
    };
  },
  // bench/js/mover.mjs's level (24 platforms of unit tiles, walls, blocks, 20 and 40 degree ramps) and its 96
  // characters (boxes, capsules, circles) walking with gravity, moveAndSlide with its "+options" (up, maxSlopeAngle
  // pi/4, snapToGround 0.1); one operation = one character's call, the characters in turn.
  'world moveAndSlide options': () => {
    const w = new c2.World();
    const chars = [];
    for (let p = 0; p < 24; p++) {
      const y0 = p * 12;
      for (let x = 0; x < 200; x++) w.add(c2.aabb(x, y0 - 1, x + 1, y0), undefined, { static: true });
      for (let k = 0; k < 5; k++) {
        const wx = 30 + 40 * k;
        for (let h = 0; h < 4; h++) w.add(c2.aabb(wx, y0 + h, wx + 1, y0 + h + 1), undefined, { static: true });
        w.add(c2.aabb(wx - 12, y0, wx - 11, y0 + 1), undefined, { static: true });
      }
      w.add(c2.polygon([{ x: 60, y: y0 }, { x: 64, y: y0 }, { x: 64, y: y0 + 4 * Math.tan(20 * Math.PI / 180) }]), undefined, { static: true });
      w.add(c2.polygon([{ x: 140, y: y0 }, { x: 142, y: y0 }, { x: 142, y: y0 + 2 * Math.tan(40 * Math.PI / 180) }]), undefined, { static: true });
    }
    w.step();
    for (let i = 0; i < 96; i++) {
      const kind = i % 3;
      const shape = kind === 0 ? c2.aabb(-0.4, -0.45, 0.4, 0.45) : kind === 1 ? c2.capsule(0, -0.3, 0, 0.3, 0.35) : c2.circle(0, 0, 0.4);
      const bottom = kind === 0 ? 0.45 : kind === 1 ? 0.65 : 0.4;
      chars.push({ shape, x: 2 + ((i * 37) % 190), y: (i % 24) * 12 + bottom + 0.5, speed: 0.04 + 0.02 * (i % 5), phase: i * 17 });
    }
    const options = { up: { x: 0, y: 1 }, maxSlopeAngle: Math.PI / 4, snapToGround: 0.1 };
    const d = { x: 0, y: 0 }, xf = { x: 0, y: 0, angle: 0 };
    let out;
    return (i) => {
      const c = chars[i % 96];
      const f = Math.floor(i / 96);
      d.x = (Math.floor((f + c.phase) / 150) % 2 === 0 ? 1 : -1) * c.speed;
      d.y = -0.05;
      xf.x = c.x;
      xf.y = c.y;
      out = w.moveAndSlide(c.shape, xf, d, options, undefined, out);
      c.x = out.position.x;
      c.y = out.position.y;
      return out.iterations;
    };
  },
  // The same casts with rapier2d-compat's world.castShape, as bench/js/world.mjs runs it (sensor colliders of the
  // scene, stepped once; maxToi 1, stopAtPenetration false). Needs the init of main below (RAPIER.init()).
  'rapier castShape 10k': () => {
    const R = RAPIER;
    const s = makeScene(10000);
    const world = new R.World({ x: 0, y: 0 });
    for (const b of s.bodies) {
      let desc;
      if (b.kind === Kind.Circle) desc = R.ColliderDesc.ball(b.a);
      else if (b.kind === Kind.Aabb) desc = R.ColliderDesc.cuboid(b.a / 2, b.b / 2);
      else if (b.kind === Kind.Box) desc = R.ColliderDesc.cuboid(b.a, b.b);
      else desc = R.ColliderDesc.convexPolyline(new Float32Array(b.points));
      desc.setTranslation(b.x, b.y).setRotation(b.angle).setSensor(true)
        .setActiveCollisionTypes(R.ActiveCollisionTypes.DEFAULT | R.ActiveCollisionTypes.FIXED_FIXED);
      world.createCollider(desc);
    }
    world.step();
    const r = new Mulberry32(4321);
    const casts = [];
    for (let i = 0; i < 2000; i++) {
      const b = s.bodies[(i * 7919) % 10000];
      const x = r.range(0, s.side), y = r.range(0, s.side);
      const angle = b.kind === Kind.Aabb ? 0 : r.range(0, 2 * Math.PI);
      const dir = r.range(0, 2 * Math.PI), len = r.range(1, 30);
      const h = 0.5;
      let shape;
      if (b.kind === Kind.Circle) shape = new R.Ball(b.a * h);
      else if (b.kind === Kind.Aabb) shape = new R.Cuboid(b.a * h / 2, b.b * h / 2);
      else if (b.kind === Kind.Box) shape = new R.Cuboid(b.a * h, b.b * h);
      else shape = new R.ConvexPolygon(new Float32Array(b.points.map((v) => v * h)), false);
      casts.push({ shape, x, y, angle, tx: len * Math.cos(dir), ty: len * Math.sin(dir) });
    }
    const pos = { x: 0, y: 0 }, vel = { x: 0, y: 0 };
    return (i) => {
      const c = casts[i % 2000];
      pos.x = c.x;
      pos.y = c.y;
      vel.x = c.tx;
      vel.y = c.ty;
      const hit = world.castShape(pos, c.angle, vel, c.shape, 0, 1, false);
      return hit ? hit.time_of_impact : 2;
    };
  },
};

const run = opt('run', undefined);
if (run !== undefined) {
  await c2.init();
  if (/rapier/.test(run)) await RAPIER.init();
  const make = CASES[run];
  if (!make) throw new Error(`no case ${run}`);
  const op = make();
  const n = Number(opt('n', 2000));
  // Warm-up (not counted: it is in both runs): V8 optimises the loop and the wrapper before the counted operations.
  const warmup = Number(opt('warmup', 0));
  const loop = (from, to) => {
    let sum = 0;
    for (let i = from; i < to; i++) sum += op(i);
    return sum;
  };
  let sink = loop(0, warmup);
  sink += loop(warmup, warmup + n);
  if (sink === 0.5) console.log(sink);
} else {
  const names = args.filter((a) => !a.startsWith('--'));
  const n = Number(opt('n', 20000));
  const self = fileURLToPath(import.meta.url);
  /** Instructions of one plain run of `name` with k operations (callgrind's "Collected" total). */
  const collected = (name, k, warmup) => {
    const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...NODE_FLAGS, self,
      `--run=${name}`, `--n=${k}`, `--warmup=${warmup}`], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
    const text = r.stderr ?? '';
    if (r.status !== 0) throw new Error(`callgrind failed on ${name}: ${text}`);
    const m = /Collected : (\d+)/.exec(text);
    if (!m) throw new Error(`callgrind printed no total for ${name}`);
    return Number(m[1]);
  };
  console.log(`instructions per operation (callgrind, (I(2n) - I(n)) / n), Node ${process.versions.node}`);
  for (const name of names.length ? names : Object.keys(CASES)) {
    if (!CASES[name]) throw new Error(`no case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
    // A World frame is ~4 * 10^7 instructions and a batch call of 1000 pairs a few 10^6: fewer of those suffice.
    const heavy = /world frame|batch/.test(name);
    const casts = /castShape|moveAndSlide/.test(name);  // (~10^4 instructions each: 4,000 suffice, after two rounds of the 2,000)
    const k = heavy ? Math.max(2, Math.round(n / 2000)) : casts ? Math.max(2000, Math.round(n / 5)) : n;
    const warmup = heavy ? 3 : casts ? 4000 : 100000;
    const a = collected(name, k, warmup);
    const b = collected(name, 2 * k, warmup);
    console.log(`  ${name.padEnd(42)} ${Math.round((b - a) / k).toLocaleString('en-US').padStart(12)}  (n = ${k})`);
  }
}
