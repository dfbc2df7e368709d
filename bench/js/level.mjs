// Level benchmark of issue 12, in Node: the 5k moving scene of bench/scene.h (./scene.mjs) alone, and with the level
// of scene::makeLevel (50,000 static pieces: tiles, slopes and U-shaped concave pieces, spread over 3x the scene's
// side so that the moving bodies roam its middle ninth; each concave piece is one body). One frame = move the 5,000
// moving bodies + find every overlapping pair.
//   collide2d        World in wasm, the static pieces added with {static: true}, a concave piece as its outline (a
//                    compound body of its c2.decompose() parts); the moving bodies moved by ONE
//                    w.setTransforms(xya, handles) + w.step(); setContactMode('pairs') (pairs and events only)
//   collide2d (c.)   the same with contacts (the default mode)
//   rapier           @dimforge/rapier2d-compat: parentless sensor colliders; the moving ones with ActiveCollisionTypes
//                    DEFAULT | FIXED_FIXED (they pair with each other and with the level), the static ones DEFAULT
//                    (level pieces never pair with each other), a concave piece as one collider per part (its
//                    c2.decompose() parts); pairs counted from the collision events
//   rapier-simd      @dimforge/rapier2d-simd-compat 0.19.3, the same
// The pair sets of collide2d and each rapier are compared on one more frame (rapier is f32: a few touching pairs may
// differ; the count is printed). Usage: node bench/js/level.mjs [--frames=T] [--warmup=W] [--pieces=50000]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { advance, fillTransforms, Kind, LevelKind, makeLevel, makeScene, moveRapier, rapierDescOf } from './scene.mjs';
import { initWithMemory } from '../../web/test/shared.js';
import { loadRapiers } from './peers.mjs';

const args = process.argv.slice(2);
const flagValue = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const WARMUP = Number(flagValue('warmup') ?? 5);
const TIMED = Number(flagValue('frames') ?? 30);
const PIECES = Number(flagValue('pieces') ?? 50000);
const N = 5000;
const log = (...a) => console.error(...a);

const { c2 } = await initWithMemory();
const { RAPIER, RAPIER_SIMD } = await loadRapiers(log);

// The level's static bodies: {kind: 'aabb' | 'polygon' | 'concave', points (local outline), parts (concave: the
// decompose() parts' points), x, y}.
function levelBodies(side) {
  const out = [];
  let concave = 0, parts = 0;
  for (const p of makeLevel(PIECES, 3 * side, -side)) {
    const pts = [];
    for (let k = 0; k < p.points.length; k += 2) pts.push({ x: p.points[k], y: p.points[k + 1] });
    if (p.kind === LevelKind.Tile) out.push({ kind: 'aabb', x: p.x, y: p.y });
    else if (p.kind === LevelKind.Convex) out.push({ kind: 'polygon', points: pts, x: p.x, y: p.y });
    else {
      concave++;
      const pieces = c2.decompose(pts).map((part) => part.points);
      parts += pieces.length;
      out.push({ kind: 'concave', points: pts, parts: pieces, x: p.x, y: p.y });
    }
  }
  return { bodies: out, concave, parts };
}

function movingShape(b) {
  switch (b.kind) {
    case Kind.Circle: return c2.circle(0, 0, b.a);
    case Kind.Aabb: return c2.aabb(-b.a / 2, -b.b / 2, b.a / 2, b.b / 2);
    case Kind.Box: return c2.box(0, 0, b.a, b.b, 0);
    default: {
      const points = [];
      for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
      return c2.polygon(points);
    }
  }
}

// ---- adapters: setup(scene, level|null), frame(scene) -> pairs, keys() -> Set of i * M + j (i < j) ----------------
// Body indices: moving 0..N-1, static N + index in the level list. M = 2^20.
const M = 2 ** 20;

function collide2dAdapter(mode) {
  const w = new c2.World();
  w.setContactMode(mode);
  const index = new Map();
  let handles = null;
  const xya = new Float64Array(3 * N);
  return {
    name: mode === 'pairs' ? 'collide2d (pairs)' : 'collide2d (contacts)',
    setup(s, level) {
      const hs = [];
      for (let i = 0; i < N; i++) {
        const b = s.bodies[i];
        const h = w.add(movingShape(b), { x: b.x, y: b.y, angle: b.angle });
        hs.push(h);
        index.set(h, i);
      }
      handles = new Uint32Array(hs);
      if (level) {
        level.forEach((p, k) => {
          const shape = p.kind === 'aabb' ? c2.aabb(0, 0, 1.5, 0.75)
            : p.kind === 'polygon' ? c2.polygon(p.points) : { type: 'polygon', points: p.points }; // (concave: a compound)
          index.set(w.add(shape, { x: p.x, y: p.y }, { static: true }), N + k);
        });
      }
      w.step();
    },
    frame(s) {
      advance(s);
      w.setTransforms(fillTransforms(s, xya), handles);
      return w.step();
    },
    keys() {
      const out = new Set();
      const pb = w.pairBodies;
      for (let p = 0; p < w.pairCount; p++) {
        const i = index.get(pb[2 * p]);
        const j = index.get(pb[2 * p + 1]);
        out.add(Math.min(i, j) * M + Math.max(i, j));
      }
      return out;
    },
    heap: () => w.heapBytes,
    free: () => w.free(),
  };
}

function rapierAdapter(R, name) {
  const world = new R.World({ x: 0, y: 0 });
  const events = new R.EventQueue(true);
  const moving = [];
  const index = new Map();
  const all = [];
  let pairs = 0;
  const v = { x: 0, y: 0 };
  const onEvent = (h1, h2, started) => {
    pairs += started ? 1 : -1;
  };
  const collider = (desc, x, y, angle, types, i) => {
    desc.setTranslation(x, y).setRotation(angle).setSensor(true).setActiveCollisionTypes(types)
      .setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
    const c = world.createCollider(desc);
    index.set(c.handle, i);
    all.push(c);
    return c;
  };
  return {
    name,
    setup(s, level) {
      const movingTypes = R.ActiveCollisionTypes.DEFAULT | R.ActiveCollisionTypes.FIXED_FIXED;
      for (let i = 0; i < N; i++) {
        const b = s.bodies[i];
        moving.push(collider(rapierDescOf(R, b), b.x, b.y, b.angle, movingTypes, i));
      }
      if (level) {
        level.forEach((p, k) => {
          let desc;
          if (p.kind === 'aabb') {
            desc = R.ColliderDesc.cuboid(0.75, 0.375);
            collider(desc, p.x + 0.75, p.y + 0.375, 0, R.ActiveCollisionTypes.DEFAULT, N + k);
          } else {
            for (const pts of p.kind === 'concave' ? p.parts : [p.points]) {
              desc = R.ColliderDesc.convexPolyline(new Float32Array(pts.flatMap((q) => [q.x, q.y])));
              collider(desc, p.x, p.y, 0, R.ActiveCollisionTypes.DEFAULT, N + k);
            }
          }
        });
      }
      world.step(events);
      events.drainCollisionEvents(onEvent);
    },
    frame(s) {
      advance(s);
      moveRapier(moving, s.bodies, N, v);
      world.step(events);
      events.drainCollisionEvents(onEvent);
      return pairs;
    },
    keys() {
      // (untimed) every intersecting pair from the narrow phase (rapier's handles are not small integers)
      const out = new Set();
      const np = world.narrowPhase;
      for (const c of all) {
        const i = index.get(c.handle);
        np.intersectionPairsWith(c.handle, (h2) => {
          const j = index.get(h2);
          out.add(Math.min(i, j) * M + Math.max(i, j));
        });
      }
      return out;
    },
    heap: () => NaN,
    free() {
      events.free();
      world.free();
    },
  };
}

const ADAPTERS = [
  ['collide2d', () => collide2dAdapter('pairs')],
  ['collide2d-contacts', () => collide2dAdapter('contacts')],
  ['rapier', () => rapierAdapter(RAPIER, 'rapier2d-compat (sensors)')],
  ...(RAPIER_SIMD ? [['rapier-simd', () => rapierAdapter(RAPIER_SIMD, 'rapier2d-simd-compat (sensors)')]] : []),
];

const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

// Every library and scenario interleaved frame by frame (the order rotating), so that load changes hit all alike.
function run() {
  const side = makeScene(N).side;
  const { bodies: level, concave, parts } = levelBodies(side);
  log(`level: ${PIECES} static pieces (${concave} concave, compound bodies of ${parts} parts)`);
  const runs = [];
  for (const [key, make] of ADAPTERS) {
    for (const withLevel of [false, true]) {
      const s = makeScene(N);
      const lib = make();
      const t0 = performance.now();
      lib.setup(s, withLevel ? level : null);
      runs.push({ key, withLevel, lib, s, setupMs: performance.now() - t0, times: [] });
    }
  }
  for (let f = 0; f < WARMUP + TIMED; f++) {
    for (let k = 0; k < runs.length; k++) {
      const r = runs[(f + k) % runs.length];
      const t = performance.now();
      r.lib.frame(r.s);
      const dt = performance.now() - t;
      if (f >= WARMUP) r.times.push(dt);
    }
  }
  for (const r of runs) {
    r.pairs = r.lib.frame(r.s);
    r.keys = r.lib.keys();
    r.ms = median(r.times);
    r.heap = r.lib.heap();
    log(`  ${r.lib.name}${r.withLevel ? ' + level' : ''}: ${r.ms.toFixed(2)} ms/frame, pairs ${r.keys.size}, setup ${r.setupMs.toFixed(0)} ms`);
  }
  return { runs, staticBodies: level.length, concave, parts };
}

const { runs, staticBodies, concave, parts } = run();
const get = (key, lvl) => runs.find((r) => r.key === key && r.withLevel === lvl);
const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const rapiers = ['rapier', 'rapier-simd'].filter((k) => get(k, true));
const bestRapier = (lvl) => Math.min(...rapiers.map((k) => get(k, lvl).ms));
const lines = [];
lines.push(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} logical CPUs), Node ${process.version}, ` +
  `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
lines.push(`Level: ${staticBodies} static pieces (${concave} concave: compound bodies of ${parts} decompose() parts in ` +
  'collide2d, one collider per part in rapier); ' +
  `${N} moving bodies; median of ${TIMED} frames after ${WARMUP}.`);
lines.push('');
lines.push('| library | 5k moving alone, ms | with the level, ms | level / alone | pairs alone | pairs with level | vs best rapier (level) |');
lines.push('|---|---:|---:|---:|---:|---:|---:|');
for (const [key] of ADAPTERS) {
  const a = get(key, false);
  const b = get(key, true);
  if (!a || !b) continue;
  lines.push(`| ${a.lib.name} | ${fmt(a.ms)} | ${fmt(b.ms)} | ${fmt(b.ms / a.ms)} | ${a.keys.size} | ${b.keys.size} | ` +
    `${rapiers.length ? fmt(b.ms / bestRapier(true)) : 'n/a'} |`);
}
lines.push('');
const c = get('collide2d', true);
for (const k of rapiers) {
  const r = get(k, true);
  let onlyC = 0;
  let onlyR = 0;
  for (const x of c.keys) if (!r.keys.has(x)) onlyC++;
  for (const x of r.keys) if (!c.keys.has(x)) onlyR++;
  lines.push(`Pair sets with the level, collide2d vs ${r.lib.name}: ${c.keys.size} vs ${r.keys.size}; only collide2d ${onlyC}, ` +
    `only rapier ${onlyR} (f32 touching pairs).`);
}
const cl = get('collide2d-contacts', true);
if (cl) lines.push(`collide2d heap with the level: ${(cl.heap / (N + staticBodies)).toFixed(0)} bytes per body (contacts mode).`);
console.log(lines.join('\n'));
for (const r of runs) r.lib.free();
