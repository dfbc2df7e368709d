// collide2d — plain values into wasm memory and back: shapes into the two g_io slots (polygon points, walls and
// compound parts into the scratch buffer), each field checked as it is copied (TypeError naming it); results read
// back from g_io[OUT...] into fresh objects. The calling convention is bindings.cpp's (its header).
import {
  checkKind, checkNumber, checkObject, checkVec, finite, isArray, isObject, isVec, rangeError, show, typeError,
  type Fields,
} from './errors.js';
import { SLOT1, bufPtr, f64, fresh, io, reserve } from './runtime.js';
import type { Contact, FrozenPolygon, Vec2 } from './types.js';

// Shape kinds of the raw layer (bindings.cpp: Kind).
export const CIRCLE = 0;
export const AABB = 1;
export const BOX = 2;
export const POLYGON = 3;
export const SEGMENT = 4;
export const LINE = 5;
export const RAY = 6;
export const TRANSFORM = 7;
export const TRUSTED_POLYGON = 8; // a polygon from polygon() / polygonFromBox() / polygonFromAabb(): see Trusted
export const CAPSULE = 9; // ax, ay, bx, by, radius (collide2d/queries.h)
export const COMPOUND = 10; // World getShape of a compound body (bindings.cpp: kCompound)
export const KIND_NAMES = ['circle', 'aabb', 'box', 'polygon', 'segment', 'line', 'ray', 'transform', '', 'capsule'];
export const PAIR_SHAPES = 0b11111 | (1 << CAPSULE); // circle, aabb, box, polygon, segment, capsule
export const ALL_SHAPES = 0xff | (1 << CAPSULE); // ... and line, ray, transform
export const PART_RECORD = 9; // doubles per part record of the raw World.addCompound: kind, 5 numbers, offset x, y, angle
export const MAX_PARTS = 4096; // World::kMaxParts

export const align8 = (n: number): number => (n + 7) & ~7;

let polygonEnd = 0; // first free point index in the scratch buffer during one call

// ---- shapes in -------------------------------------------------------------------------------------------------------

/** Writes an array of {x, y} points at point index `start` of the scratch buffer; returns the count. */
export function putPoints(fn: string, path: string, pts: unknown, start: number): number {
  if (!isArray(pts)) throw typeError(fn, path, 'an array of points {x, y}', pts);
  const n = pts.length;
  reserve(fn, (start + n) * 16);
  let k = (bufPtr >> 3) + 2 * start;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    if (!isVec(p)) checkVec(fn, `${path}[${i}]`, p);
    f64[k++] = p.x;
    f64[k++] = p.y;
  }
  return n;
}

/**
 * Writes shape `s` (argument `path` of `fn`) into g_io slot `slot` (0 or 1). Polygons go to the scratch buffer
 * from point index `polygonEnd` (reset to 0 for slot 0). Returns the kind; `mask` lists the kinds allowed (bit per
 * kind); `implied` is the kind of a shape without `type`; `also` is added to the list of kinds in the TypeError.
 */
export function putShape(fn: string, path: string, s: unknown, slot: number, mask: number, implied?: string, also?: string): number {
  if (slot === 0) polygonEnd = 0;
  if (!isObject(s)) throw typeError(fn, path, 'a shape object', s);
  const o = slot * SLOT1;
  let kind;
  const t = s.type === undefined ? implied : s.type;
  switch (t) {
    case 'circle': {
      kind = CIRCLE;
      if ((mask & 1) === 0) break;
      const c = s.center;
      const r = s.radius;
      if (!isVec(c)) checkVec(fn, path + '.center', c);
      if (typeof r !== 'number') checkNumber(fn, path + '.radius', r);
      io[o] = c.x;
      io[o + 1] = c.y;
      io[o + 2] = r;
      return CIRCLE;
    }
    case 'aabb': {
      kind = AABB;
      if ((mask & (1 << AABB)) === 0) break;
      const a = s.min;
      const b = s.max;
      checkVec(fn, path + '.min', a);
      checkVec(fn, path + '.max', b);
      io[o] = a.x;
      io[o + 1] = a.y;
      io[o + 2] = b.x;
      io[o + 3] = b.y;
      return AABB;
    }
    case 'box': {
      kind = BOX;
      if ((mask & (1 << BOX)) === 0) break;
      const c = s.center;
      const h = s.halfExtents;
      const angle = s.angle === undefined ? 0 : s.angle;
      checkVec(fn, path + '.center', c);
      checkVec(fn, path + '.halfExtents', h);
      checkNumber(fn, path + '.angle', angle);
      io[o] = c.x;
      io[o + 1] = c.y;
      io[o + 2] = h.x;
      io[o + 3] = h.y;
      io[o + 4] = angle;
      return BOX;
    }
    case 'polygon': {
      kind = POLYGON;
      if ((mask & (1 << POLYGON)) === 0) break;
      const start = slot === 0 ? 0 : polygonEnd;
      // A polygon that polygon() made (frozen, its points the core's normalised vertices) is not proved again.
      const xy = Trusted.xy(s);
      if (xy !== undefined) {
        const n = xy.length >> 1;
        reserve(fn, (start + n) * 16);
        const k = (bufPtr >> 3) + 2 * start;
        for (let i = 0; i < 2 * n; i++) f64[k + i] = xy[i];
        io[o] = start;
        io[o + 1] = n;
        polygonEnd = start + n;
        return TRUSTED_POLYGON;
      }
      const n = putPoints(fn, path + '.points', s.points, start);
      io[o] = start;
      io[o + 1] = n;
      polygonEnd = start + n;
      return POLYGON;
    }
    case 'segment':
    case 'line': {
      kind = t === 'line' ? LINE : SEGMENT;
      if ((mask & (1 << kind)) === 0) break;
      const a = s.a;
      const b = s.b;
      checkVec(fn, path + '.a', a);
      checkVec(fn, path + '.b', b);
      io[o] = a.x;
      io[o + 1] = a.y;
      io[o + 2] = b.x;
      io[o + 3] = b.y;
      return kind;
    }
    case 'capsule': {
      kind = CAPSULE;
      if ((mask & (1 << CAPSULE)) === 0) break;
      const a = s.a;
      const b = s.b;
      const r = s.radius;
      checkVec(fn, path + '.a', a);
      checkVec(fn, path + '.b', b);
      checkNumber(fn, path + '.radius', r);
      io[o] = a.x;
      io[o + 1] = a.y;
      io[o + 2] = b.x;
      io[o + 3] = b.y;
      io[o + 4] = r;
      return CAPSULE;
    }
    case 'ray': {
      kind = RAY;
      if ((mask & (1 << RAY)) === 0) break;
      putRay(fn, path, s, o);
      return RAY;
    }
    case 'transform': {
      kind = TRANSFORM;
      if ((mask & (1 << TRANSFORM)) === 0) break;
      putTransform(fn, path, s, o);
      return TRANSFORM;
    }
    default:
      kind = -1;
  }
  const allowed = KIND_NAMES.filter((name, i) => name !== '' && (mask & (1 << i)) !== 0).join(', ') + (also ?? '');
  const what = kind < 0 ? `a shape with type ${allowed}` : `one of: ${allowed}`;
  throw typeError(fn, kind < 0 ? path + '.type' : path, what, kind < 0 ? s.type : s);
}

function putRay(fn: string, path: string, s: Fields, o: number): void {
  const p = s.origin;
  const d = s.direction;
  const maxFraction = s.maxFraction === undefined ? Infinity : s.maxFraction;
  checkVec(fn, path + '.origin', p);
  checkVec(fn, path + '.direction', d);
  checkNumber(fn, path + '.maxFraction', maxFraction);
  io[o] = p.x;
  io[o + 1] = p.y;
  io[o + 2] = d.x;
  io[o + 3] = d.y;
  io[o + 4] = maxFraction;
}

/** A Transform {position, angle?} into g_io at `o`. */
export function putTransform(fn: string, path: string, t: unknown, o: number): void {
  checkObject(fn, path, t);
  const p = t.position;
  const angle = t.angle === undefined ? 0 : t.angle;
  checkVec(fn, path + '.position', p);
  checkNumber(fn, path + '.angle', angle);
  io[o] = p.x;
  io[o + 1] = p.y;
  io[o + 2] = angle;
}

/** A shape of a fixed kind (`type` may be omitted): used where only one kind makes sense. */
export function putFixed(fn: string, path: string, s: unknown, slot: number, kind: number): number {
  checkKind(fn, path, s, KIND_NAMES[kind]);
  return putShape(fn, path, s, slot, 1 << kind, KIND_NAMES[kind]);
}

/** A point into g_io at `at`. */
export function putPoint(fn: string, path: string, p: unknown, at: number): void {
  if (!isVec(p)) checkVec(fn, path, p);
  io[at] = p.x;
  io[at + 1] = p.y;
}

/** The polygon kind for calls that do not take the trusted form (sat, centroid, ...). */
export function untrusted(kind: number): number {
  return kind === TRUSTED_POLYGON ? POLYGON : kind;
}

/** Writes walls (segments) to the scratch buffer from point index 0; returns their count. */
export function putWalls(fn: string, walls: unknown): number {
  if (!isArray(walls)) throw typeError(fn, 'walls', 'an array of segments', walls);
  const n = walls.length;
  reserve(fn, n * 32);
  let k = bufPtr >> 3;
  for (let i = 0; i < n; i++) {
    const w = walls[i];
    const path = `walls[${i}]`;
    checkKind(fn, path, w, 'segment');
    const a = w.a;
    const b = w.b;
    checkVec(fn, path + '.a', a);
    checkVec(fn, path + '.b', b);
    f64[k++] = a.x;
    f64[k++] = a.y;
    f64[k++] = b.x;
    f64[k++] = b.y;
  }
  return n;
}

// ---- compounds -------------------------------------------------------------------------------------------------------

/** `parts` of a compound: a non-empty array of at most MAX_PARTS. */
export function checkParts(fn: string, path: string, parts: unknown): asserts parts is readonly unknown[] {
  if (!isArray(parts)) throw typeError(fn, path, 'a non-empty array of parts {shape, offset?}', parts);
  if (parts.length === 0 || parts.length > MAX_PARTS) {
    throw rangeError(fn, 'OutOfRange', `argument ${path} must be a non-empty array of at most ${MAX_PARTS} parts ` +
      `{shape, offset?} (got ${show(parts)})`);
  }
}

export function checkPart(fn: string, path: string, part: unknown): asserts part is Fields {
  if (!isObject(part)) throw typeError(fn, path, 'a part {shape, offset?}', part);
}

/** A part's offset as [x, y, angle] (the identity when undefined); TypeError / RangeError naming the field. */
export function offsetOf(fn: string, path: string, o: unknown): [number, number, number] {
  if (o === undefined) return [0, 0, 0];
  if (!isObject(o)) throw typeError(fn, path + '.offset', 'an object {x, y, angle?} (or absent)', o);
  return [offsetNumber(fn, path + '.offset.x', o.x), offsetNumber(fn, path + '.offset.y', o.y),
    o.angle === undefined ? 0 : offsetNumber(fn, path + '.offset.angle', o.angle)];
}

function offsetNumber(fn: string, path: string, v: unknown): number {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
  if (v - v !== 0) throw rangeError(fn, 'NotFinite', `argument ${path} must be finite (not NaN or infinite) (got ${show(v)})`);
  return v;
}

/**
 * Writes a compound's parts for the raw World.addCompound: polygon parts' points at the start of the scratch buffer
 * (by Vec2 index), then PART_RECORD doubles per part from the returned byte offset. Checks every part's structure
 * (TypeError / RangeError naming it); the core validates the values.
 */
export function putCompound(fn: string, path: string, s: Fields): number {
  const parts = s.parts;
  checkParts(fn, path + '.parts', parts);
  const n = parts.length;
  const rec = new Float64Array(PART_RECORD * n);
  polygonEnd = 0;
  for (let k = 0, r = 0; k < n; k++, r += PART_RECORD) {
    const pp = `${path}.parts[${k}]`;
    const part = parts[k];
    checkPart(fn, pp, part);
    rec[r] = putShape(fn, pp + '.shape', part.shape, 1, PAIR_SHAPES);
    for (let i = 0; i < 5; i++) rec[r + 1 + i] = io[SLOT1 + i];
    const o = offsetOf(fn, pp, part.offset);
    rec[r + 6] = o[0];
    rec[r + 7] = o[1];
    rec[r + 8] = o[2];
  }
  const at = align8(polygonEnd * 16);
  reserve(fn, at + rec.byteLength);
  f64.set(rec, (bufPtr + at) >> 3);
  return at;
}

/** A World transform {x, y, angle?} into g_io slot 1. */
export function putBodyTransform(fn: string, path: string, t: unknown): void {
  putPose(fn, path, t, SLOT1);
}

/** A transform {x, y, angle?} (as the World's) into g_io at `o`: each number checked finite (naming it). */
export function putPose(fn: string, path: string, t: unknown, o: number): void {
  checkObject(fn, path, t);
  io[o] = finite(fn, path + '.x', t.x);
  io[o + 1] = finite(fn, path + '.y', t.y);
  io[o + 2] = t.angle !== undefined ? finite(fn, path + '.angle', t.angle) : 0;
}

// ---- results out ---------------------------------------------------------------------------------------------------

export function vecAt(i: number): Vec2 {
  return { x: io[i], y: io[i + 1] };
}

export function contactAt(i: number): Contact {
  return { normal: { x: io[i + 1], y: io[i + 2] }, depth: io[i + 3], point: { x: io[i + 4], y: io[i + 5] } };
}

/** Reads `count` points starting at the scratch buffer's first byte. */
export function verticesAtBuffer(count: number): Vec2[] {
  fresh();
  const pts = new Array<Vec2>(count);
  let k = bufPtr >> 3;
  for (let i = 0; i < count; i++, k += 2) pts[i] = { x: f64[k], y: f64[k + 1] };
  return pts;
}

// ---- validated once ---------------------------------------------------------------------------------------------
// The polygons that polygon(), polygonFromBox(), polygonFromAabb() and decompose() return hold the core's own
// normalised vertices (Polygon::create's output) and are deeply frozen; since they cannot change, they are marked
// (Trusted below): a later call with the same object hands its points to the core as trusted
// (Polygon::assignNormalized: the same polygon bit for bit, without proving it convex again). The other factories'
// shapes need no proof and are not frozen: freezing measured +80-100 ns per factory call (c2.ray(), c2.circle()),
// twice their cost.
// The mark is a private field stamped on the object itself (the "constructor return override" lets a class add its
// private field to any object): it cannot be forged or copied from another object, checking it (`#xy in s`) is an
// inline-cached property test rather than a hash lookup, and the object stays a plain object (Object.prototype).
// The field holds the packed form of the vertices: x0, y0, x1, y1, ... in one array of numbers made once from the
// frozen points (so it cannot drift from them) and reachable only through the private field (nothing can write to
// it). A call copies it into the wasm scratch buffer (a loop over 2n doubles) instead of reading n {x, y} objects. It
// is plain JavaScript memory, collected with the polygon: nothing in wasm memory belongs to a polygon, so nothing can
// leak there. (A Float64Array measured 20 % slower per distance() of two 8-gons over 10,000 pairs: V8 keeps a typed
// array of more than 64 bytes outside the JS heap, one more place to fetch per call; an array of numbers keeps its
// doubles in one block beside its header.)
class Receiver {
  constructor(o: object) {
    return o;
  }
}
class Trusted extends Receiver {
  #xy: number[];
  private constructor(o: object, xy: number[]) {
    super(o);
    this.#xy = xy;
  }
  /** Marks a polygon shape (before it is frozen) with its packed vertices. */
  static add(o: { points: readonly Vec2[] }): void {
    const pts = o.points;
    const xy: number[] = [];
    for (let i = 0; i < pts.length; i++) xy.push(pts[i].x, pts[i].y);
    new Trusted(o, xy);
  }
  /** The packed vertices of a marked polygon, else undefined. */
  static xy(o: object): number[] | undefined {
    return #xy in o ? o.#xy : undefined;
  }
}

/**
 * When a and b are both polygons that polygon() made (trusted, see Trusted): writes them as putShape would, their
 * packed vertices into the scratch buffer (a's from point 0, b's after them) and kind TRUSTED_POLYGON's start and
 * count into both g_io slots, and returns true; else writes nothing and returns false. (The pair queries' fast path:
 * putShape's dispatch on a shape of unknown form measured ~250 instructions per shape.)
 */
export function putTrustedPair(fn: string, a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const xa = Trusted.xy(a);
  if (xa === undefined) return false;
  const xb = Trusted.xy(b);
  if (xb === undefined) return false;
  putPackedPair(fn, xa, xb);
  io[0] = 0;
  io[1] = xa.length >> 1;
  io[SLOT1] = xa.length >> 1;
  io[SLOT1 + 1] = xb.length >> 1;
  return true;
}

/** The packed vertices of a polygon that polygon() made (trusted, see Trusted), else undefined. */
export function trustedXy(o: object): number[] | undefined {
  return Trusted.xy(o);
}

/** Two trusted polygons' packed vertices into the scratch buffer, a's from point 0 and b's after them. */
export function putPackedPair(fn: string, xa: number[], xb: number[]): void {
  const la = xa.length;
  const lb = xb.length;
  reserve(fn, (la + lb) * 8);
  let k = bufPtr >> 3;
  for (let i = 0; i < la; i++) f64[k + i] = xa[i];
  k += la;
  for (let i = 0; i < lb; i++) f64[k + i] = xb[i];
}

/** A polygon shape over the core's normalised vertices: frozen, and trusted when it is a polygon at all. */
export function normalisedPolygon(points: Vec2[]): FrozenPolygon {
  for (const p of points) Object.freeze(p);
  const s = { type: 'polygon' as const, points: Object.freeze(points) };
  if (points.length >= 3) Trusted.add(s); // (before freezing: a frozen object takes no new field)
  return Object.freeze(s);
}

