// The determinism scene through the public JS API: tests/native/determinism_scene.h line by line (read its header for
// the scene and the hash). Imported by web/test/determinism.test.js (Node) and loaded into Chromium by
// web/e2e/determinism.test.js, so it takes the package as an argument and imports nothing.

/** mulberry32, as bench/scene.h (draw order is part of the contract). */
function mulberry32(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  return next;
}

/** FNV-1a 64 over 32-bit words, the 64-bit state as two uint32 halves (prime 0x100000001b3 = 2^40 + 0x1b3). */
export class Fnv64Words {
  hi = 0xcbf29ce4;
  lo = 0x84222325;
  #f = new Float64Array(1);
  #u = new Uint32Array(this.#f.buffer);

  word(w) {
    const lo = (this.lo ^ w) >>> 0;
    const t = lo * 0x1b3; // < 2^41: exact
    const newLo = t >>> 0;
    const carry = (t - newLo) / 4294967296;
    this.hi = (this.hi * 0x1b3 + carry + lo * 256) >>> 0; // (h << 40 puts lo's low 24 bits into hi's top)
    this.lo = newLo;
  }

  number(d) {
    if (Number.isNaN(d)) {
      this.word(0);
      this.word(0x7ff80000);
      return;
    }
    this.#f[0] = d; // little-endian: [0] is the low word (x86-64 and WebAssembly alike)
    this.word(this.#u[0]);
    this.word(this.#u[1]);
  }

  hex() {
    return '0x' + this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}

const MODES = ['contacts', 'pairs', 'manifolds'];
const TS = [0.0, 0.4, 1.0, 2.5, -2.5, -1.0, -0.4];

/**
 * The scene's hash (a '0x' + 16 hex digits string) after `frames` frames; `c2` is the initialised package;
 * `threads`: World.setThreadCount (the hash must not depend on it).
 */
export function worldHash(c2, seed, n, frames, threads = 1) {
  const rng = mulberry32(seed);
  const world = new c2.World();
  if (threads !== 1) world.setThreadCount(threads);
  const side = Math.sqrt(n * 40.0);
  let made = 0;
  let live = [];

  function addBody() {
    const i = made++;
    const e = { h: 0, isStatic: false, sensor: false, x: 0, y: 0, angle: 0, vx: 0, vy: 0, spin: 0 };
    const kind = i % 7;
    const a = rng.range(1.0, 4.0);
    const b = rng.range(1.0, 4.0);
    const own = rng.range(-3.0, 3.0);
    e.x = rng.range(0.0, side);
    e.y = rng.range(0.0, side);
    e.angle = rng.range(-4.0, 4.0);
    if (i % 50 === 0) e.angle = 1e6 + rng.range(0.0, 1e6);
    if (i % 50 === 1) e.angle = rng.range(-1e-9, 1e-9);
    if (i % 97 === 0) e.angle = 1e15 * rng.range(0.5, 1.0);
    e.vx = rng.range(-0.6, 0.6);
    e.vy = rng.range(-0.6, 0.6);
    e.spin = rng.range(-0.05, 0.05);
    e.isStatic = i % 13 === 0;
    e.sensor = i % 11 === 0;
    const options = { userId: i, static: e.isStatic, sensor: e.sensor };
    if (i % 17 === 0) Object.assign(options, { category: 2, mask: 0xfffffffd, group: 0 });
    const xf = { x: e.x, y: e.y, angle: e.angle };
    let shape;
    switch (kind) {
      case 0: shape = c2.circle(0.0, 0.0, a); break;
      case 1: shape = c2.aabb(-a, -b, a, b); break;
      case 2: shape = c2.box(0.0, 0.0, a, b, own); break;
      case 3: {
        const k = 3 + (Math.floor(i / 7) % 5);
        const points = [];
        for (let j = 0; j < 7; j += j < 7 - k ? 2 : 1) {
          const t = TS[j];
          points.push({ x: (a * (1.0 - t * t)) / (1.0 + t * t), y: (a * 2.0 * t) / (1.0 + t * t) });
        }
        shape = { type: 'polygon', points };
        break;
      }
      case 4: shape = c2.segment(-a, 0.0, a, b - 2.0); break;
      case 5: shape = c2.capsule(-a, 0.0, a, 0.0, b / 4.0); break;
      default:
        shape = c2.compound([
          { shape: c2.circle(0.0, 0.0, b) },
          { shape: c2.box(0.0, 0.0, a, b / 2.0, 0.0), offset: { x: a + b, y: 0.0, angle: own } },
        ]);
    }
    e.h = world.add(shape, xf, options);
    live.push(e);
  }

  function hashRays(hash, count) {
    hash.word(count);
    const hits = world.rayHits;
    for (let k = 0; k < count * 6; k++) hash.number(hits[k]);
    const parts = world.rayHitParts;
    for (let k = 0; k < count; k++) hash.word(parts[k]);
  }

  function hashQuery(hash, count) {
    const r = world.queryResults;
    const parts = world.queryParts;
    hash.word(count);
    for (let k = 0; k < count; k++) {
      hash.word(r[k]);
      hash.word(parts[k]);
    }
  }

  const hash = new Fnv64Words();
  for (let i = 0; i < n; i++) addBody();
  for (let f = 0; f < frames; f++) {
    const mode = MODES[f % 3];
    world.setContactMode(mode);
    for (const e of live) {
      if (e.isStatic) continue;
      e.x += e.vx;
      e.y += e.vy;
      if (e.x < 0.0 || e.x > side) e.vx = -e.vx;
      if (e.y < 0.0 || e.y > side) e.vy = -e.vy;
      e.angle += e.spin;
      world.setTransform(e.h, e.x, e.y, e.angle);
    }
    for (let k = 0; k < 3; k++) {
      const at = Math.floor(rng() * live.length);
      world.remove(live[at].h);
      live[at] = live[live.length - 1];
      live.pop();
    }
    for (let k = 0; k < 3; k++) addBody();
    const flip = live[Math.floor(rng() * live.length)];
    flip.sensor = !flip.sensor;
    world.setSensor(flip.h, flip.sensor);
    world.step();

    const np = world.pairCount;
    hash.word(np);
    const pairs = world.pairBodies;
    for (let k = 0; k < 2 * np; k++) hash.word(pairs[k]);
    if (mode === 'contacts') {
      const c = world.pairContacts;
      for (let k = 0; k < 5 * np; k++) hash.number(c[k]);
    } else if (mode === 'manifolds') {
      const m = world.pairManifolds;
      for (let k = 0; k < 11 * np; k++) hash.number(m[k]);
    }
    const npp = world.pairPartCount;
    hash.word(3 * npp);
    const parts = world.pairParts;
    for (let k = 0; k < 3 * npp; k++) hash.word(parts[k]);
    for (const [view, count] of [[world.beginEvents, world.beginCount], [world.endEvents, world.endCount]]) {
      hash.word(2 * count);
      for (let k = 0; k < 2 * count; k++) hash.word(view[k]);
    }

    const qx = rng.range(0.0, side);
    const qy = rng.range(0.0, side);
    hashQuery(hash, world.queryAabb({ min: { x: qx - 10.0, y: qy - 10.0 }, max: { x: qx + 10.0, y: qy + 10.0 } }));
    hashQuery(hash, world.queryPoint({ x: qy, y: qx }));
    hashQuery(hash, world.queryShape(c2.box(qx, qy, 6.0, 2.0, rng.range(-1e3, 1e3))));
    const ray = c2.ray(qx, qy, rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 60.0);
    hashRays(hash, world.raycast(ray));
    hashRays(hash, world.raycastAll(ray));
    const ca = rng.range(-1e6, 1e6);
    hashRays(hash, world.castShape(c2.box(0.0, 0.0, 1.5, 0.5, 0.0), { x: qy, y: qx, angle: ca },
      { x: rng.range(-30.0, 30.0), y: rng.range(-30.0, 30.0) }));
    const slide = world.moveAndSlide(c2.capsule(-1.0, 0.0, 1.0, 0.0, 0.5), { x: qx, y: qx, angle: ca },
      { x: rng.range(-30.0, 30.0), y: rng.range(-30.0, 30.0) });
    hash.number(slide.position.x);
    hash.number(slide.position.y);
    hash.word(slide.iterations);
    hashRays(hash, slide.hitCount);
  }
  world.free();
  return hash.hex();
}
