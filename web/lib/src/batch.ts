// collide2d — batches: many queries in one call on typed arrays (circles, packed or prepared polygons, index pairs),
// copied into the scratch buffer and answered into one output array; PreparedPolygons keeps polygons built in wasm
// memory across calls.
import {
  argumentError, checkObject, checkTyped, checkVec, isArray, isObject, outArray, rangeError, stateError, typeError,
  typeErrorText,
} from './errors.js';
import { align8 } from './marshal.js';
import type { RawPreparedPolygons } from './raw.js';
import {
  bufPtr, f64, fresh, guarded, need, outOfMemory, raw, rejected, releaseQuietly, reserve, u32, u8, type Describe,
} from './runtime.js';
import type { PackedPolygons, Polygon, Untagged, Vec2 } from './types.js';

const CONTACT_STRIDE = 6;
const DISTANCE_STRIDE = 7;

/** Polygons as the batch functions take them: packed (built at each call) or prepared once. */
export type BatchPolygons = PackedPolygons | PreparedPolygons;

/**
 * How a batch names a rejected element. `counts` are the sizes of the collections the pairs index (first, second),
 * `what` their names: an index out of range names the element of `pairs` (`pairs[2 * i + 1]` is pair i's second).
 */
function batchError(fn: string, names: readonly string[], pairs?: Uint32Array, counts?: readonly number[],
  what?: readonly string[]): Describe {
  return (arg, index, field, message) => {
    const name = names[arg] ?? `#${arg}`;
    if (field === 'pairs' && pairs !== undefined && counts !== undefined && what !== undefined) {
      const which = index & 1;
      throw argumentError(fn, 'OutOfRange', `${name}[${index}]`, `must be < ${counts[which]}, the number of ` +
        `${what[which]} (pair ${index >> 1})`, pairs[index]);
    }
    if (field === 'offsets') {
      return `argument ${name}.offsets[${index}]..[${index + 1}] must be increasing and within the vertices`;
    }
    if (field === 'buffer') return `internal buffer error in argument ${name}`;
    return `argument ${name}[${index}]${field !== '' ? '.' + field : ''} ${message}`;
  };
}

function circleBatch(fn: string, a: unknown, b: unknown): number {
  const n = checkTyped(fn, 'a', a, Float64Array, 3);
  const nb = checkTyped(fn, 'b', b, Float64Array, 3);
  if (nb !== n) throw rangeError(fn, 'OutOfRange', `arguments a and b must hold as many circles (${n} != ${nb})`);
  return n;
}

/** overlapsCircleCircle (collideMode false) or collideCircleCircle. */
function circleCircleBatch(fn: string, a: Float64Array, b: Float64Array, collideMode: boolean,
  out: Uint8Array | Float64Array | undefined): Uint8Array | Float64Array {
  need(fn);
  const n = circleBatch(fn, a, b);
  const result = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const bOff = n * 24;
  const outOff = 2 * bOff;
  const base = reserve(fn, outOff + (collideMode ? n * 8 * CONTACT_STRIDE : n));
  f64.set(a, base >> 3);
  f64.set(b, (base + bOff) >> 3);
  const r = collideMode ? raw.batchCollideCircleCircle(0, bOff, n, outOff) : raw.batchOverlapsCircleCircle(0, bOff, n, outOff);
  if (r < 0) rejected(fn, ['a', 'b', 'out'], [], batchError(fn, ['a', 'b']));
  return copyOut(result, base + outOff, collideMode ? n * CONTACT_STRIDE : n);
}

/** Copies `count` results (bytes, or doubles) at address `at` into `result`. */
function copyOut(result: Uint8Array | Float64Array, at: number, count: number): Uint8Array | Float64Array {
  if (result instanceof Float64Array) result.set(f64.subarray(at >> 3, (at >> 3) + count));
  else result.set(u8.subarray(at, at + count));
  return result;
}

/** Packed polygons' vertex count and polygon count (TypeError / RangeError naming the field). */
function checkPacked(fn: string, name: string, p: unknown): asserts p is PackedPolygons {
  checkObject(fn, name, p);
  checkTyped(fn, name + '.vertices', p.vertices, Float64Array, 2);
  const offsets = p.offsets;
  if (!(offsets instanceof Uint32Array)) throw typeError(fn, name + '.offsets', 'a Uint32Array', offsets);
  if (offsets.length < 1) {
    throw argumentError(fn, 'OutOfRange', name + '.offsets', 'must hold polygon count + 1 entries', 0);
  }
}

/**
 * Copies packed polygons (vertices, offsets) and then `extra` bytes to the scratch buffer, builds the polygons in
 * wasm, and returns the byte offset of the free space after them.
 */
function putPolygons(fn: string, names: readonly string[], polygons: PackedPolygons, extraBytes: number, argIndex: number): number {
  const vertexCount = polygons.vertices.length >> 1;
  const offsets = polygons.offsets;
  const offsetsOff = vertexCount * 16;
  const afterOff = align8(offsetsOff + offsets.length * 4);
  const base = reserve(fn, afterOff + extraBytes);
  f64.set(polygons.vertices, base >> 3);
  u32.set(offsets, (base + offsetsOff) >> 2);
  const r = raw.batchPolygons(0, vertexCount, offsetsOff, offsets.length - 1, argIndex);
  fresh();
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  return afterOff;
}

// ---- prepared polygons: validated and prepared once in wasm memory, for many batch calls --------------------------

const preparedToken = Symbol('PreparedPolygons');
const preparedRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((set: RawPreparedPolygons) => releaseQuietly((p) => raw.preparedDelete(p), set))
  : null;
let preparedOf: (fn: string, p: PreparedPolygons) => RawPreparedPolygons;
let makePrepared: (set: RawPreparedPolygons, count: number) => PreparedPolygons;

/**
 * Polygons validated and prepared once in wasm memory by {@link batch.preparePolygons}, for many batch calls: pass
 * it wherever a batch takes `polygons`. Each call then skips validating and building the polygons, far-apart pairs
 * are rejected by bounding circles, and the SAT reuses each polygon's projections on its own axes; the answers are
 * the same, bit for bit. Owns wasm memory: call {@link PreparedPolygons.free} when done, or declare it with `using`
 * (`using` needs TypeScript >= 5.2 with `"lib": ["esnext"]` or `["es2022", "esnext.disposable"]` in tsconfig.json,
 * and a runtime with `Symbol.dispose`).
 */
export class PreparedPolygons {
  #set: RawPreparedPolygons | null = null;
  #count = 0;
  static {
    preparedOf = (fn, p) => {
      if (p.#set === null) throw stateError(fn, 'Freed', 'argument polygons was freed (PreparedPolygons.free())');
      return p.#set;
    };
    makePrepared = (set, count) => new PreparedPolygons(preparedToken, set, count);
  }
  /** Not for users: call batch.preparePolygons(). */
  private constructor(token: symbol, set: RawPreparedPolygons, count: number) {
    if (token !== preparedToken) {
      throw typeErrorText('PreparedPolygons', 'WrongType', 'create them with batch.preparePolygons()');
    }
    this.#set = set;
    this.#count = count;
    preparedRegistry?.register(this, set, this);
  }
  /** Number of polygons: pair indices go from 0 to count - 1 (0 once freed). */
  get count(): number { return this.#count; }
  /** True once {@link PreparedPolygons.free} was called; a freed set passed to a batch throws. */
  get freed(): boolean { return this.#set === null; }
  /** Releases the wasm memory. Safe to call more than once. */
  free(): void {
    const set = this.#set;
    if (set === null) return;
    preparedRegistry?.unregister(this);
    raw.preparedDelete(set);
    this.#set = null;
    this.#count = 0;
  }
  /** Same as free(), for `using` declarations (where Symbol.dispose exists; TypeScript: the `esnext.disposable` lib). */
  declare [Symbol.dispose]: () => void;
}
if (typeof Symbol.dispose === 'symbol') PreparedPolygons.prototype[Symbol.dispose] = PreparedPolygons.prototype.free;

/** The prepared set of a PreparedPolygons argument, or null for packed polygons (checked). */
function preparedOrPacked(fn: string, polygons: unknown): RawPreparedPolygons | null {
  if (polygons instanceof PreparedPolygons) return preparedOf(fn, polygons);
  checkPacked(fn, 'polygons', polygons);
  return null;
}

/** The number of polygons of a batch's `polygons` argument. */
function polygonCount(polygons: BatchPolygons): number {
  return polygons instanceof PreparedPolygons ? polygons.count : polygons.offsets.length - 1;
}

/** Validates and prepares polygons (packed, or an array of polygons / point arrays) once, for many batch calls. */
function preparePolygons(polygons: PackedPolygons | ReadonlyArray<Untagged<Polygon> | readonly Vec2[]>): PreparedPolygons {
  const fn = 'batch.preparePolygons';
  need(fn);
  const packed = isArray(polygons) ? packPolygonsAs(fn, polygons) : polygons;
  checkPacked(fn, 'polygons', packed);
  const vertexCount = packed.vertices.length >> 1;
  const offsets = packed.offsets;
  const offsetsOff = vertexCount * 16;
  const base = reserve(fn, offsetsOff + offsets.length * 4);
  f64.set(packed.vertices, base >> 3);
  u32.set(offsets, (base + offsetsOff) >> 2);
  const set = guarded(fn, () => raw.preparedNew());
  if (set === 0) throw outOfMemory(fn);
  const r = guarded(fn, () => raw.preparedCreate(set, 0, vertexCount, offsetsOff, offsets.length - 1, 0));
  fresh();
  if (r < 0) {
    raw.preparedDelete(set);
    rejected(fn, ['polygons'], [], batchError(fn, ['polygons']));
  }
  return makePrepared(set, offsets.length - 1);
}

/** Pairs of polygons: mode 0 overlaps (a byte per pair), 1 contacts, 2 distances (STRIDE doubles per pair). */
function pairBatch(fn: string, polygons: BatchPolygons, pairs: Uint32Array, mode: number,
  out: Uint8Array | Float64Array | undefined): Uint8Array | Float64Array {
  const names = ['polygons', 'pairs', 'out'];
  need(fn);
  const prepared = preparedOrPacked(fn, polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  const stride = mode === 2 ? DISTANCE_STRIDE : CONTACT_STRIDE;
  const result = mode > 0 ? outArray(fn, out, Float64Array, n * stride) : outArray(fn, out, Uint8Array, n);
  const outBytes = mode > 0 ? n * 8 * stride : n;
  // Prepared polygons already live in wasm: the pairs go at the start of the scratch buffer.
  const pairsOff = prepared !== null ? (reserve(fn, n * 8 + outBytes), 0)
    : putPolygons(fn, names, polygons as PackedPolygons, n * 8 + outBytes, 0);
  const outOff = pairsOff + n * 8;
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const r = mode === 2 ? (prepared !== null ? raw.preparedDistance(prepared, pairsOff, n, outOff) : raw.batchDistancePolygonPolygon(pairsOff, n, outOff))
    : prepared !== null ? raw.preparedPolygonPolygon(prepared, pairsOff, n, outOff, mode)
    : mode > 0 ? raw.batchCollidePolygonPolygon(pairsOff, n, outOff) : raw.batchOverlapsPolygonPolygon(pairsOff, n, outOff);
  if (r < 0) {
    const count = polygonCount(polygons);
    rejected(fn, names, [], batchError(fn, names, pairs, [count, count], ['polygons', 'polygons']));
  }
  return copyOut(result, bufPtr + outOff, mode > 0 ? n * stride : n);
}

function circlePolygonBatch(fn: string, circles: Float64Array, polygons: BatchPolygons, pairs: Uint32Array,
  collideMode: boolean, out: Uint8Array | Float64Array | undefined): Uint8Array | Float64Array {
  const names = ['circles', 'polygons', 'pairs', 'out'];
  need(fn);
  const circleCount = checkTyped(fn, 'circles', circles, Float64Array, 3);
  const prepared = preparedOrPacked(fn, polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  const result = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const outBytes = collideMode ? n * 8 * CONTACT_STRIDE : n;
  const extra = circleCount * 24 + n * 8 + outBytes;
  const circlesOff = prepared !== null ? (reserve(fn, extra), 0)
    : putPolygons(fn, names, polygons as PackedPolygons, extra, 1);
  const pairsOff = circlesOff + circleCount * 24;
  const outOff = pairsOff + n * 8;
  f64.set(circles, (bufPtr + circlesOff) >> 3);
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const mode = collideMode ? 1 : 0;
  const r = prepared !== null ? raw.preparedCirclePolygon(prepared, circlesOff, circleCount, pairsOff, n, outOff, mode)
    : raw.batchCirclePolygon(circlesOff, circleCount, pairsOff, n, outOff, mode);
  if (r < 0) {
    rejected(fn, names, [], batchError(fn, names, pairs, [circleCount, polygonCount(polygons)], ['circles', 'polygons']));
  }
  return copyOut(result, bufPtr + outOff, collideMode ? n * CONTACT_STRIDE : n);
}

/** Packs polygons (polygon shapes or arrays of points) into the flat layout of the polygon batches. */
function packPolygons(polygons: ReadonlyArray<Untagged<Polygon> | readonly Vec2[]>): PackedPolygons {
  const fn = 'batch.packPolygons';
  need(fn);
  return packPolygonsAs(fn, polygons);
}

function packPolygonsAs(fn: string, polygons: unknown): PackedPolygons {
  if (!isArray(polygons)) throw typeError(fn, 'polygons', 'an array of polygons', polygons);
  let total = 0;
  const lists = new Array<readonly unknown[]>(polygons.length);
  for (let i = 0; i < polygons.length; i++) {
    const p = polygons[i];
    const pts = isArray(p) ? p : isObject(p) ? p.points : undefined;
    if (!isArray(pts)) throw typeError(fn, `polygons[${i}]`, 'a polygon or an array of points', p);
    lists[i] = pts;
    total += pts.length;
  }
  const vertices = new Float64Array(total * 2);
  const offsets = new Uint32Array(polygons.length + 1);
  let k = 0;
  for (let i = 0; i < lists.length; i++) {
    const pts = lists[i];
    offsets[i] = k / 2;
    for (let j = 0; j < pts.length; j++) {
      const q = pts[j];
      checkVec(fn, `polygons[${i}][${j}]`, q);
      vertices[k++] = q.x;
      vertices[k++] = q.y;
    }
  }
  offsets[lists.length] = k / 2;
  return { vertices, offsets };
}

/**
 * Many queries in one call, on typed arrays: no JavaScript object per pair. The inputs are copied into wasm memory
 * (one reused buffer) and the results into `out` (allocated when omitted; a longer `out` keeps its extra entries).
 *
 * Layouts:
 * - circles: `Float64Array`, {@link batch.CIRCLE_STRIDE} = 3 numbers per circle: x, y, radius.
 * - pairs: `Uint32Array`, 2 indices per pair: (first, second).
 * - overlap results: `Uint8Array`, 1 per pair: 1 hit, 0 miss.
 * - contact results: `Float64Array`, {@link batch.CONTACT_STRIDE} = 6 numbers per pair:
 *   hit (1 or 0), normal.x, normal.y, depth, point.x, point.y (all 0 when no hit).
 *
 * Errors name the element: `collide2d.batch.collideCircleCircle: argument b[7].radius must be >= 0` is circle 7
 * of b; `polygons[3].points[1]` is point 1 of polygon 3; `pairs[5] must be < 4, the number of polygons (pair 2)` is
 * the second index of pair 2.
 */
export const batch: {
  /** Numbers per circle in circle arrays: x, y, radius. */
  readonly CIRCLE_STRIDE: 3;
  /** Numbers per pair in contact results: hit, normal.x, normal.y, depth, point.x, point.y. */
  readonly CONTACT_STRIDE: 6;
  /**
   * overlaps(a[i], b[i]) for circles a[i], b[i].
   * @param a - circles, 3 numbers each
   * @param b - as many circles
   * @param out - at least a.length / 3 entries
   */
  overlapsCircleCircle(a: Float64Array, b: Float64Array, out?: Uint8Array): Uint8Array;
  /**
   * collide(a[i], b[i]) for circles a[i], b[i].
   * @param out - at least 6 * (a.length / 3) entries
   */
  collideCircleCircle(a: Float64Array, b: Float64Array, out?: Float64Array): Float64Array;
  /**
   * overlaps(polygons[i], polygons[j]) for each pair (i, j).
   * @param out - at least pairs.length / 2 entries
   */
  overlapsPolygonPolygon(polygons: BatchPolygons, pairs: Uint32Array, out?: Uint8Array): Uint8Array;
  /**
   * collide(polygons[i], polygons[j]) for each pair (i, j): the minimum translation vector is
   * `normal * depth`.
   * @param out - at least 6 * (pairs.length / 2) entries
   */
  collidePolygonPolygon(polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array): Float64Array;
  /**
   * overlaps(circles[i], polygons[j]) for each pair (i, j).
   * @param out - at least pairs.length / 2 entries
   */
  overlapsCirclePolygon(
    circles: Float64Array,
    polygons: BatchPolygons,
    pairs: Uint32Array,
    out?: Uint8Array,
  ): Uint8Array;
  /**
   * collide(circles[i], polygons[j]) for each pair (i, j) (normal from the circle to the polygon).
   * @param out - at least 6 * (pairs.length / 2) entries
   */
  collideCirclePolygon(
    circles: Float64Array,
    polygons: BatchPolygons,
    pairs: Uint32Array,
    out?: Float64Array,
  ): Float64Array;
  /** Packs polygons (polygon objects or arrays of points) into the {@link PackedPolygons} layout. */
  packPolygons(polygons: ReadonlyArray<Untagged<Polygon> | readonly Vec2[]>): PackedPolygons;
  /**
   * Validates and prepares polygons once, in wasm memory, for many batch calls (see {@link PreparedPolygons}).
   * Errors name the polygon, as the batches do. The result owns wasm memory: free() it.
   */
  preparePolygons(polygons: PackedPolygons | ReadonlyArray<Untagged<Polygon> | readonly Vec2[]>): PreparedPolygons;
  /** Numbers per pair in distance results: distance, pointA.x, pointA.y, pointB.x, pointB.y, normal.x, normal.y. */
  readonly DISTANCE_STRIDE: 7;
  /**
   * distance(polygons[i], polygons[j]) for each pair (i, j) (see {@link distance}): distance (0 exactly when they
   * overlap or touch; then normal (0, 0) and pointA == pointB), the closest points and the unit normal from i to j.
   * @param out - at least 7 * (pairs.length / 2) entries
   */
  distance(polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array): Float64Array;
} = Object.freeze({
  CIRCLE_STRIDE: 3,
  CONTACT_STRIDE,
  overlapsCircleCircle: (a: Float64Array, b: Float64Array, out?: Uint8Array) =>
    circleCircleBatch('batch.overlapsCircleCircle', a, b, false, out) as Uint8Array,
  collideCircleCircle: (a: Float64Array, b: Float64Array, out?: Float64Array) =>
    circleCircleBatch('batch.collideCircleCircle', a, b, true, out) as Float64Array,
  overlapsPolygonPolygon: (polygons: BatchPolygons, pairs: Uint32Array, out?: Uint8Array) =>
    pairBatch('batch.overlapsPolygonPolygon', polygons, pairs, 0, out) as Uint8Array,
  collidePolygonPolygon: (polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array) =>
    pairBatch('batch.collidePolygonPolygon', polygons, pairs, 1, out) as Float64Array,
  overlapsCirclePolygon: (circles: Float64Array, polygons: BatchPolygons, pairs: Uint32Array, out?: Uint8Array) =>
    circlePolygonBatch('batch.overlapsCirclePolygon', circles, polygons, pairs, false, out) as Uint8Array,
  collideCirclePolygon: (circles: Float64Array, polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array) =>
    circlePolygonBatch('batch.collideCirclePolygon', circles, polygons, pairs, true, out) as Float64Array,
  packPolygons,
  preparePolygons,
  DISTANCE_STRIDE,
  distance: (polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array) =>
    pairBatch('batch.distance', polygons, pairs, 2, out) as Float64Array,
} as const);
