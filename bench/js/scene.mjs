// collide2d benchmark scene: a line-by-line port of bench/scene.h (read its header comment).
//
// Bit-identical with the native scene: the same mulberry32 generator (32-bit unsigned arithmetic through
// Math.imul and >>> 0), the same draw order, and the same +, -, *, / on doubles in the same order (no sin/cos,
// Math.sqrt is correctly rounded like std::sqrt). Checked by bench/js/check-scene.mjs against a native printer.
//
// N bodies in a square world of side sqrt(N * 115) (each body then overlaps about 3 others), types in turn:
//   i % 4 == 0  circle, radius 2..8
//   i % 4 == 1  axis-aligned box (Aabb centred on the origin, transform angle 0), sides 3..14
//   i % 4 == 2  rotated box (Box centred on the origin, random transform angle), sides 3..14
//   i % 4 == 3  convex polygon of 3..8 vertices on a circle of radius 3..10, random transform angle
// Every frame each body moves by its constant velocity (|vx|, |vy| <= 0.5) and bounces at the walls.

/** mulberry32, the same generator as scene::Mulberry32. */
export class Mulberry32 {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo, hi) {
    return lo + (hi - lo) * this.next();
  }
}

export const kPi = 3.141592653589793; // Math.PI

export const Kind = Object.freeze({ Circle: 0, Aabb: 1, Box: 2, Polygon: 3 });

/**
 * A scene body, as scene::Body. Circle: a = radius. Aabb: a, b = width, height. Box: a, b = half-width,
 * half-height. Polygon: a = radius, points = [x0, y0, x1, y1, ...] counter-clockwise (local coordinates).
 */
function makeBody() {
  return { kind: Kind.Circle, a: 0, b: 0, points: [], x: 0, y: 0, angle: 0, vx: 0, vy: 0 };
}

/** scene::makeScene: {side, bodies}. */
export function makeScene(n, seed = 12345) {
  const rng = new Mulberry32(seed);
  const s = { side: 0, bodies: [] };
  s.side = Math.sqrt(n * 115.0);
  s.bodies = new Array(n);
  for (let i = 0; i < n; ++i) {
    const b = (s.bodies[i] = makeBody());
    b.kind = i % 4;
    b.x = rng.range(0, s.side);
    b.y = rng.range(0, s.side);
    b.vx = rng.range(-0.5, 0.5);
    b.vy = rng.range(-0.5, 0.5);
    b.angle = rng.range(0, 2 * kPi);
    switch (b.kind) {
      case Kind.Circle: b.a = rng.range(2, 8); break;
      case Kind.Aabb:
        b.a = rng.range(3, 14);
        b.b = rng.range(3, 14);
        b.angle = 0;
        break;
      case Kind.Box:
        b.a = rng.range(3, 14) * 0.5;
        b.b = rng.range(3, 14) * 0.5;
        break;
      case Kind.Polygon: {
        const count = 3 + Math.floor(rng.next() * 6); // 3..8
        b.a = rng.range(3, 10);
        for (let k = 0; k < count; ++k) {
          // phi in (-pi/2, pi/2), increasing with k; t ~ tan(phi) (a monotonic rational stand-in).
          const jitter = rng.range(-0.35, 0.35);
          const phi = -kPi / 2 + (kPi * (k + 0.5 + jitter)) / count;
          const u = (2 * phi) / kPi;
          const t = phi / (1 - u * u);
          const d = 1 + t * t;
          b.points.push((b.a * (1 - t * t)) / d);
          b.points.push((b.a * (2 * t)) / d);
        }
        break;
      }
    }
  }
  return s;
}

/** scene::advance: one frame of motion, move by the velocity, reflect at the walls [0, side]. */
export function advance(s) {
  const side = s.side;
  const bodies = s.bodies;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    b.x += b.vx;
    b.y += b.vy;
    if (b.x < 0) { b.x = -b.x; b.vx = -b.vx; }
    if (b.x > side) { b.x = 2 * side - b.x; b.vx = -b.vx; }
    if (b.y < 0) { b.y = -b.y; b.vy = -b.vy; }
    if (b.y > side) { b.y = 2 * side - b.y; b.vy = -b.vy; }
  }
}

/** x, y, angle of every body in order into `out` (Float64Array of 3 * n), as the native fillTransforms. */
export function fillTransforms(s, out) {
  const bodies = s.bodies;
  for (let i = 0; i < bodies.length; ++i) {
    const b = bodies[i];
    out[3 * i] = b.x;
    out[3 * i + 1] = b.y;
    out[3 * i + 2] = b.angle;
  }
  return out;
}

// ---- the scene's bodies as each library's shapes (bench/js/world.mjs, level.mjs, resting.mjs, memory.mjs) ------

/** A scene body's shape as collide2d's plain object (local: centred on the body's position). */
export function c2ShapeOf(b) {
  switch (b.kind) {
    case Kind.Circle: return { type: 'circle', center: { x: 0, y: 0 }, radius: b.a };
    case Kind.Aabb: return { type: 'aabb', min: { x: -b.a / 2, y: -b.b / 2 }, max: { x: b.a / 2, y: b.b / 2 } };
    case Kind.Box: return { type: 'box', center: { x: 0, y: 0 }, halfExtents: { x: b.a, y: b.b }, angle: 0 };
    default: {
      const points = [];
      for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
      return { type: 'polygon', points };
    }
  }
}

/** A scene body's shape as a rapier ColliderDesc of the module R (null when rapier rejects it). */
export function rapierDescOf(R, b) {
  switch (b.kind) {
    case Kind.Circle: return R.ColliderDesc.ball(b.a);
    case Kind.Aabb: return R.ColliderDesc.cuboid(b.a / 2, b.b / 2);
    case Kind.Box: return R.ColliderDesc.cuboid(b.a, b.b);
    default: return R.ColliderDesc.convexPolyline(new Float32Array(b.points));
  }
}

/** Moves rapier colliders[0..count) to the scene bodies' positions and angles (v: a reusable {x, y}). */
export function moveRapier(colliders, bodies, count, v) {
  for (let i = 0; i < count; i++) {
    const b = bodies[i];
    v.x = b.x;
    v.y = b.y;
    colliders[i].setTranslation(v);
    colliders[i].setRotation(b.angle);
  }
}

// ---- bit-identity check (bench/js/check-scene.mjs and bench/js/scene_print.cpp compute the same) ---------------

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** FNV-1a over 32-bit words, each double fed as (low word, high word) of its IEEE-754 bit pattern. */
export function sceneHash(s) {
  let h = 0x811c9dc5;
  const word = (w) => {
    h = Math.imul(h ^ w, 0x01000193) >>> 0;
  };
  const dbl = (v) => {
    f64[0] = v;
    word(u32[0]);
    word(u32[1]);
  };
  dbl(s.side);
  for (const b of s.bodies) {
    word(b.kind);
    dbl(b.a); dbl(b.b); dbl(b.x); dbl(b.y); dbl(b.angle); dbl(b.vx); dbl(b.vy);
    word(b.points.length);
    for (const p of b.points) dbl(p);
  }
  return h >>> 0;
}

/** The IEEE-754 bit pattern of a double as 16 hex digits. */
export function bits(v) {
  f64[0] = v;
  return u32[1].toString(16).padStart(8, '0') + u32[0].toString(16).padStart(8, '0');
}

/** scene::LevelKind. */
export const LevelKind = Object.freeze({ Tile: 0, Convex: 1, Concave: 2 });

/** scene::makeLevel (read its comment in bench/scene.h): [{kind, points, x, y}]. */
export function makeLevel(pieces, side, origin = 0, seed = 777) {
  const rng = new Mulberry32(seed);
  const out = [];
  const w = 1.5;
  const h = 0.75;
  while (out.length < pieces) {
    const x0 = origin + rng.range(0, side - 50 * w);
    const y = origin + rng.range(0, side);
    for (let j = 0; j < 50 && out.length < pieces; ++j) {
      const p = { kind: LevelKind.Tile, points: [], x: x0 + w * j, y };
      switch (j % 10) {
        case 7: p.kind = LevelKind.Convex; p.points = [0, 0, w, 0, w, h]; break;
        case 8: p.kind = LevelKind.Convex; p.points = [0, 0, w, 0, 0, h]; break;
        case 9:
          p.kind = LevelKind.Concave;
          p.points = [0, 0, w, 0, w, 2 * h, 0.75 * w, 2 * h, 0.75 * w, 0.5 * h, 0.25 * w, 0.5 * h, 0.25 * w, 2 * h, 0, 2 * h];
          break;
        default: break;
      }
      out.push(p);
    }
  }
  return out;
}
