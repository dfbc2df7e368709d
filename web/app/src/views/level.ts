// The stress view's level: static geometry for c2.World, as a game would have it. Platforms of small tiles (boxes)
// with slope triangles at their ends and on bumps, a tiled ground with hills, and some concave pieces (U cups,
// L brackets, stars, arches), each handed to World.add as its outline: one static compound body of convex parts.
// Deterministic for a given tile size (its own PRNG), in the view's world units (y down).
import * as c2 from 'collide2d';

type Pt = { x: number; y: number };

/** One static body: its shape in local coordinates, where it sits, and its outline in world coordinates. */
export interface Piece {
  shape: c2.Shape;
  x: number;
  y: number;
  /** The outline in world coordinates (flat x, y pairs), for drawing. */
  pts: number[];
  /** Index into Level.concave when the piece is a concave piece (its shape: the outline), else -1. */
  concave: number;
}

export interface Level {
  tile: number;
  pieces: Piece[];
  /**
   * The concave outlines (world coordinates) and, once a World holds them, the convex parts it made of each (flat
   * x, y outlines from World.getShape, in part order).
   */
  concave: { outline: Pt[]; parts: number[][] }[];
  tiles: number;
  slopes: number;
}

/** Small deterministic PRNG (mulberry32), shared with the stress view. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tile size (world units) for a view drawn at `k` CSS pixels per unit: tiles of at least ~5 px on screen. */
export function tileFor(k: number): number {
  return k >= 0.9 ? 5 : k >= 0.55 ? 8 : 12;
}

export function makeLevel(W: number, H: number, t: number, seed = 2024): Level {
  const rand = rng(seed);
  const between = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1)); // integer in [a, b]
  const cols = Math.floor(W / t), rows = Math.floor(H / t);
  const occ = new Uint8Array(cols * rows);
  const pieces: Piece[] = [];
  const concave: { outline: Pt[]; parts: number[][] }[] = [];
  const thick = Math.max(1, Math.round(10 / t)); // platform and ground thickness in tiles
  let tiles = 0, slopes = 0;
  const free = (c: number, r: number) => c >= 0 && r >= 0 && c < cols && r < rows && !occ[r * cols + c];

  const tile = (c: number, r: number) => {
    if (!free(c, r)) return;
    occ[r * cols + c] = 1;
    const x = c * t, y = r * t;
    pieces.push({ shape: c2.aabb(0, 0, t, t), x, y, pts: [x, y, x + t, y, x + t, y + t, x, y + t], concave: -1 });
    tiles++;
  };
  // A right triangle filling the lower half of cell (c, r): rising to the right (dir 1) or to the left (dir -1).
  const slope = (c: number, r: number, dir: 1 | -1) => {
    if (!free(c, r)) return;
    occ[r * cols + c] = 1;
    const local = dir === 1 ? [0, t, t, t, t, 0] : [0, 0, t, t, 0, t];
    const x = c * t, y = r * t;
    const points = [0, 2, 4].map((i) => ({ x: local[i], y: local[i + 1] }));
    pieces.push({ shape: c2.polygon(points), x, y, pts: local.map((v, i) => v + (i % 2 ? y : x)), concave: -1 });
    slopes++;
  };

  // Concave pieces first (so that they find room; the platforms then stop short of them): outlines in world
  // coordinates, turned by a multiple of 90 degrees, bigger and fewer with bigger tiles.
  const shapes: ((s: number) => Pt[])[] = [
    (s) => { // U cup
      const w = 0.28 * s;
      return [[0, 0], [w, 0], [w, s - w], [s - w, s - w], [s - w, 0], [s, 0], [s, s], [0, s]].map(([x, y]) => ({ x, y }));
    },
    (s) => { // L bracket
      const w = 0.3 * s;
      return [[0, 0], [w, 0], [w, s - w], [s, s - w], [s, s], [0, s]].map(([x, y]) => ({ x, y }));
    },
    (s) => { // star
      const k = between(5, 7), out: Pt[] = [];
      for (let i = 0; i < 2 * k; i++) {
        const a = (Math.PI * i) / k, rr = (i % 2 ? 0.22 : 0.5) * s;
        out.push({ x: s / 2 + rr * Math.sin(a), y: s / 2 - rr * Math.cos(a) });
      }
      return out;
    },
    (s) => { // arch: a thick half ring
      const m = 8, out: Pt[] = [];
      for (let i = 0; i <= m; i++) {
        const a = (Math.PI * i) / m;
        out.push({ x: s / 2 - 0.5 * s * Math.cos(a), y: s - 0.5 * s * Math.sin(a) * 1.6 });
      }
      for (let i = m; i >= 0; i--) {
        const a = (Math.PI * i) / m;
        out.push({ x: s / 2 - 0.3 * s * Math.cos(a), y: s - 0.3 * s * Math.sin(a) * 1.6 });
      }
      return out;
    },
  ];
  const want = t <= 5 ? 30 : t <= 8 ? 18 : 10;
  for (let attempt = 0; attempt < 600 && concave.length < want; attempt++) {
    const s = (28 + rand() * 40) * Math.max(1, t / 7); // size in world units (bigger with bigger tiles)
    const n = Math.ceil(s / t);
    const c0 = between(1, cols - n - 2), r0 = between(1, rows - thick - n - 3);
    let ok = true;
    for (let r = r0 - 2; ok && r < r0 + n + 2; r++) for (let c = c0 - 2; c < c0 + n + 2; c++) if (!free(c, r)) { ok = false; break; }
    if (!ok) continue;
    const kind = concave.length % shapes.length;
    const turn = between(0, 3);
    const x0 = c0 * t, y0 = r0 * t;
    const outline = shapes[kind](s).map((p) => {
      let { x, y } = p;
      for (let q = 0; q < turn; q++) [x, y] = [s - y, x];
      return { x: x0 + x, y: y0 + y };
    });
    for (let r = r0 - 1; r < r0 + n + 1; r++) for (let c = c0 - 1; c < c0 + n + 1; c++) occ[r * cols + c] = 1;
    const index = concave.length;
    concave.push({ outline, parts: [] });
    pieces.push({ shape: { type: 'polygon', points: outline }, x: 0, y: 0, pts: outline.flatMap((p) => [p.x, p.y]), concave: index });
  }
  // The ground: `thick` rows along the bottom, with hills (a slope up, a flat top, a slope down).
  for (let r = rows - thick; r < rows; r++) for (let c = 0; c < cols; c++) tile(c, r);
  for (let c = between(4, 12); c < cols - 12; c += between(14, 40)) {
    const w = between(2, 10), h = between(1, Math.max(1, Math.round(20 / t)));
    for (let k = 0; k < h; k++) {
      const r = rows - thick - 1 - k;
      slope(c + k, r, 1);
      for (let j = c + k + 1; j < c + 2 * h + w - k - 1; j++) tile(j, r);
      slope(c + 2 * h + w - k - 1, r, -1);
    }
    c += 2 * h + w;
  }

  // Platforms: a row every ~60 units, random lengths and gaps, slopes at both ends, now and then a bump.
  const rowStep = Math.round(60 / t);
  for (let r0 = rowStep; r0 + thick < rows - thick - Math.round(30 / t); r0 += rowStep) {
    let c = between(0, Math.round(60 / t));
    while (c < cols) {
      const len = between(Math.round(60 / t), Math.round(260 / t));
      const r = r0 + between(-1, 1);
      for (let k = 0; k < thick; k++) for (let j = c; j < c + len && j < cols; j++) tile(j, r + k);
      slope(c - 1, r, 1);
      slope(c + len, r, -1);
      if (len > 12 && rand() < 0.4) {
        const b = c + between(2, len - 8), w = between(1, 4);
        slope(b, r - 1, 1);
        for (let j = b + 1; j <= b + w; j++) tile(j, r - 1);
        slope(b + w + 1, r - 1, -1);
      }
      c += len + between(Math.round(40 / t), Math.round(140 / t));
    }
  }

  return { tile: t, pieces, concave, tiles, slopes };
}
