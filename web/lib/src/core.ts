// collide2d — public API over the WebAssembly build of the C++ core (the raw layer: web/wasm/bindings.cpp, embind).
// tsc compiles this source into web/lib/*.js and the .d.ts with this TSDoc. Conventions: see the README /
// collide2d.h. The entries (index.ts: the .wasm file beside the glue; inline.ts: the wasm embedded) load the module
// and hand it to setup().
//
// Inputs and results are plain values ({x, y} points, {type: 'circle', ...} shapes). Every function checks its
// arguments before they reach wasm (TypeError for a wrong type or a missing field, RangeError for a value the core
// rejects, both naming the function and the argument), copies numbers into a static scratch area of wasm memory,
// calls the core through embind (numbers in, an int out), and reads the result back. Nothing here keeps wasm
// memory per call.
import type {
  Aabb, AnyShape, Box, BoundaryPoint, BodyFilter, BodyHandle, BodyOptions, BodyTransform, Circle,
  Capsule, CircleLineIntersection, CircleSegmentIntersection, Contact, Line, LineIntersection, PackedPolygons, Polygon, Ray,
  RayHit, SatResult, Segment, SegmentIntersection, SegmentPoint, Shape, SlideResult, Status, SweepHit, Transform,
  Untagged, Vec2, WorldOptions, WorldRayHit, ContactMode, WorldSlide, BodyShape, CompoundPart, CompoundShape,
} from './types.js';

// ---- state ---------------------------------------------------------------------------------------------------
let M: any = null; // the Emscripten module (raw layer, private)
const C: any = {}; // its cold functions, by JS name (filled by bindRaw)
let ready = false;
let mem: any = null; // Module.HEAPF64 at the last refresh
let io: any = null; // Float64Array over g_io (64 doubles)
let ioBase = 0; // index of g_io in mem (in doubles)
let u8: any = null; // Uint8Array over all wasm memory
let u32: any = null;
let f64: any = null;
let bufPtr = 0; // address of the scratch buffer
let bufCap = 0; // bytes known to be reserved
let heap: any = null; // the wasm memory's ArrayBuffer at the last refresh
let deadMessage = ''; // set when the module aborted (out of memory): every later call throws it

// The embind functions (hot paths first), held in variables; swapped for throwing functions if the module aborts.
let rawValidate, rawRaycast, rawClosestPoint, fastCollideCC, rawOverlaps, rawCollide, rawContains, rawReserve;
let rawErrorCode, rawErrorArg, rawErrorIndex;
let rawBatchOverlapsCC, rawBatchCollideCC, rawBatchPolygons, rawBatchOverlapsPP, rawBatchCollidePP, rawBatchCP;
const COLD = ['intersectLines', 'intersectSegments', 'intersectCircleLine', 'intersectCircleSegment', 'sat',
  'satAxes', 'sweep', 'moveAndSlide', 'orient', 'project', 'bounds', 'createPolygon', 'centroid', 'transformed',
  'polygonFromBox', 'polygonFromAabb', 'corners', 'apply', 'errorField', 'errorMessage', 'newWorld'];
const HOT = ['validate', 'raycast', 'closestPoint', 'collideCircleCircleCheckedByCaller', 'overlaps', 'collide',
  'contains', 'reserve', 'errorCode', 'errorArg', 'errorIndex', 'batchOverlapsCircleCircle',
  'batchCollideCircleCircle', 'batchPolygons', 'batchOverlapsPolygonPolygon', 'batchCollidePolygonPolygon',
  'batchCirclePolygon'];

// Layout of g_io, shared with web/wasm/bindings.cpp.
const SLOT1 = 8;
const POINT = 16;
const OUT = 24;

const CIRCLE = 0;
const AABB = 1;
const BOX = 2;
const POLYGON = 3;
const SEGMENT = 4;
const LINE = 5;
const RAY = 6;
const TRANSFORM = 7;
const TRUSTED_POLYGON = 8; // a polygon from polygon() / polygonFromBox() / polygonFromAabb(): see `trusted`
const KIND_NAMES = ['circle', 'aabb', 'box', 'polygon', 'segment', 'line', 'ray', 'transform'];
const CAPSULE = 9; // ax, ay, bx, by, radius (collide2d/queries.h)
KIND_NAMES[CAPSULE] = 'capsule';
const PAIR_SHAPES = 0b11111 | (1 << CAPSULE); // circle, aabb, box, polygon, segment, capsule
const COMPOUND = 10; // World getShape of a compound body (web/wasm/bindings.cpp: kCompound)
const PART_RECORD = 9; // doubles per part record of the raw World.addCompound: kind, 5 shape numbers, offset x, y, angle
const MAX_PARTS = 4096; // World::kMaxParts

const ERROR_NAMES = [
  'None',
  'NotFinite',
  'NegativeRadius',
  'NegativeExtent',
  'ZeroDirection',
  'TooFewPoints',
  'Collinear',
  'NotConvex',
  'InvalidArgument',
  'OutOfMemory',
];
const LINE_KINDS = ['parallel', 'point', 'coincident'];
const SEGMENT_KINDS = ['none', 'point', 'overlap'];
const CONTACT_STRIDE = 6;

// ---- initialisation ----------------------------------------------------------------------------------------

/** What an entry passes to Emscripten's module factory. @internal */
export interface ModuleArgs {
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  locateFile?: () => string;
  onAbort?: (what: unknown) => void;
}

/** Instantiates the module with `factory` (an entry's Emscripten glue) and binds it. @internal */
export async function instantiate(factory: (args: ModuleArgs) => Promise<unknown>, args: ModuleArgs): Promise<void> {
  args.onAbort = onAbort;
  const m = await factory(args);
  setup(m);
}

function bindRaw(r) {
  rawValidate = r.validate;
  rawRaycast = r.raycast;
  rawClosestPoint = r.closestPoint;
  fastCollideCC = r.collideCircleCircleCheckedByCaller;
  rawOverlaps = r.overlaps;
  rawCollide = r.collide;
  rawContains = r.contains;
  rawReserve = r.reserve;
  rawErrorCode = r.errorCode;
  rawErrorArg = r.errorArg;
  rawErrorIndex = r.errorIndex;
  rawBatchOverlapsCC = r.batchOverlapsCircleCircle;
  rawBatchCollideCC = r.batchCollideCircleCircle;
  rawBatchPolygons = r.batchPolygons;
  rawBatchOverlapsPP = r.batchOverlapsPolygonPolygon;
  rawBatchCollidePP = r.batchCollidePolygonPolygon;
  rawBatchCP = r.batchCirclePolygon;
  for (const name of COLD) C[name] = r[name];
}

function setup(m) {
  bindRaw(m);
  ioBase = m.io() >> 3;
  M = m;
  bufPtr = rawReserve(4096);
  bufCap = 4096;
  refresh();
  ready = true;
}

// ---- out of memory ---------------------------------------------------------------------------------------------
// The module links with -sABORTING_MALLOC=0: a failed malloc is an Error::OutOfMemory status, reported as a
// RangeError like any rejected argument. An allocation that still aborts the module (operator new, which
// Emscripten's libc++ aborts on without exceptions) leaves wasm memory in an unknown state: then every raw function
// and every method of the raw classes is swapped for one that throws the same RangeError, so no later call can
// answer from that state, and the normal path pays for no check.

function outOfMemory(fn: string) {
  const err: any = new RangeError(`collide2d.${fn}: out of memory (the wasm memory could not grow)`);
  err.code = 'OutOfMemory';
  return err;
}

/** Deletes an embind object from a FinalizationRegistry callback, where a throw (a module that aborted) would be an
 * uncaught exception. */
function releaseQuietly(handle) {
  try {
    handle.delete();
  } catch {
    // the module aborted: its memory is gone anyway
  }
}

function deadError() {
  const err: any = new RangeError(deadMessage);
  err.code = 'OutOfMemory';
  return err;
}

function onAbort() {
  if (deadMessage !== '') return;
  deadMessage = 'collide2d: out of memory: the WebAssembly module aborted and can no longer be used (reload it)';
  const thrower = () => {
    throw deadError();
  };
  const dead: any = {};
  for (const name of [...HOT, ...COLD]) dead[name] = thrower;
  bindRaw(dead);
  for (const cls of [M?.World, M?.PreparedPolygons]) {
    if (cls === undefined || cls === null) continue;
    for (const key of Object.getOwnPropertyNames(cls.prototype)) {
      if (key !== 'constructor' && typeof cls.prototype[key] === 'function') cls.prototype[key] = thrower;
    }
  }
  ready = false;
}

/**
 * Runs a call that may allocate: when the module aborts inside it (out of memory), throws the clear RangeError
 * naming `fn` instead of Emscripten's bare `RuntimeError: Aborted()`, and makes every later call throw it too.
 */
function guarded<T>(fn: string, call: () => T): T {
  try {
    return call();
  } catch (e) {
    if (deadMessage === '') throw e;
    if (!deadMessage.startsWith('collide2d.')) {
      deadMessage = `collide2d.${fn}: out of memory: the WebAssembly module aborted and can no longer be used (reload it)`;
    }
    throw deadError();
  }
}

/** Re-creates the views over wasm memory (needed after the memory grew: old views are detached). */
function refresh() {
  mem = M.HEAPF64;
  f64 = mem;
  u8 = M.HEAPU8;
  u32 = M.HEAPU32;
  io = mem.subarray(ioBase, ioBase + 64);
  heap = u8.buffer;
}

/** Views are detached (length 0) after the memory grew. Cheap check, done after any call that may allocate. */
function fresh() {
  if (io.length === 0) refresh();
}

/** Makes the scratch buffer hold at least `bytes` bytes; returns its address. */
function reserve(fn, bytes) {
  if (bytes > bufCap) {
    if (bytes > 0x7fff0000) throw new RangeError(`collide2d.${fn}: input too large (${bytes} bytes)`);
    const p = rawReserve(bytes);
    if (p === 0) throw new RangeError(`collide2d.${fn}: out of memory (${bytes} bytes)`);
    bufPtr = p;
    bufCap = bytes;
    refresh();
  }
  return bufPtr;
}

/** Field and message of the last rejected argument: NUL-terminated ASCII strings in wasm memory. */
function errorText() {
  return { field: cString(C.errorField()), message: cString(C.errorMessage()) };
}

function cString(address) {
  fresh();
  let end = address;
  while (u8[end] !== 0) end++;
  return String.fromCharCode(...u8.subarray(address, end));
}

function notReady(): never {
  if (deadMessage !== '') throw deadError();
  throw new Error('collide2d: call await init() first');
}

// ---- argument checks ------------------------------------------------------------------------------------------

/** A value as error messages show it. @internal */
export function show(v): any {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v);
  if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (ArrayBuffer.isView(v)) return `a ${v.constructor.name} of ${(v as any).length}`;
  if (typeof v === 'object' && typeof v.x === 'number' && typeof v.y === 'number') {
    return `{x: ${show(v.x)}, y: ${show(v.y)}}`;
  }
  if (typeof v === 'object' && typeof v.type === 'string') return `a ${show(v.type)} object`;
  return 'an object';
}

function typeError(fn, path, what, value) {
  return new TypeError(`collide2d.${fn}: argument ${path} must be ${what} (got ${show(value)})`);
}

function checkObject(fn, path, v) {
  if (v === null || typeof v !== 'object') throw typeError(fn, path, 'an object', v);
}

function checkNumber(fn, path, v) {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
}

function checkVec(fn, path, v) {
  if (v === null || typeof v !== 'object') throw typeError(fn, path, 'a point {x, y}', v);
  if (typeof v.x !== 'number') throw typeError(fn, path + '.x', 'a number', v.x);
  if (typeof v.y !== 'number') throw typeError(fn, path + '.y', 'a number', v.y);
}

function checkKind(fn, path, s, expected) {
  checkObject(fn, path, s);
  if (s.type !== undefined && s.type !== expected) {
    throw typeError(fn, path + '.type', `'${expected}' (or absent)`, s.type);
  }
}

/** Walks a field path such as "points[2]" or "center" from v; undefined when it does not lead anywhere. */
function lookup(v, field) {
  if (field === '') return v;
  let cur = v;
  for (const part of field.split(/[.[\]]/)) {
    if (part === '') continue;
    if (cur === null || (typeof cur !== 'object' && typeof cur !== 'function')) return undefined;
    cur = cur[part];
  }
  return cur;
}

/**
 * Throws the RangeError for the argument the core just rejected (c2_error_*). `names` and `values` describe the
 * JS arguments; `elementName(index)` names a batch element.
 */
function rejected(fn, names, values?, describe?) {
  const code = rawErrorCode();
  if (ERROR_NAMES[code] === 'OutOfMemory') throw outOfMemory(fn);
  const argIndex = rawErrorArg();
  const index = rawErrorIndex();
  const { field, message } = errorText();
  const name = names[argIndex] ?? `#${argIndex}`;
  if (describe !== undefined) {
    const text = describe(argIndex, index, field, message);
    if (text !== undefined) {
      const err: any = new RangeError(`collide2d.${fn}: ${text}`);
      err.code = ERROR_NAMES[code] ?? 'InvalidArgument';
      throw err;
    }
  }
  let target = values[argIndex];
  let path = name;
  if (index >= 0) {
    path += `[${index}]`;
    target = Array.isArray(target) ? target[index] : undefined;
  }
  if (field !== '') path += '.' + field;
  const got = field !== '' ? lookup(target, field) : target;
  const gotText = got !== undefined ? ` (got ${show(got)})` : '';
  const err: any = new RangeError(`collide2d.${fn}: argument ${path} ${message}${gotText}`);
  err.code = ERROR_NAMES[code] ?? 'InvalidArgument';
  throw err;
}

// ---- shapes into wasm memory ----------------------------------------------------------------------------------

let polygonEnd = 0; // first free point index in the scratch buffer during one call

/** Writes an array of {x, y} points at point index `start` of the scratch buffer; returns the count. */
function putPoints(fn, path, pts, start) {
  if (!Array.isArray(pts)) throw typeError(fn, path, 'an array of points {x, y}', pts);
  const n = pts.length;
  reserve(fn, (start + n) * 16);
  let k = (bufPtr >> 3) + 2 * start;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    if (p === null || typeof p !== 'object' || typeof p.x !== 'number' || typeof p.y !== 'number') {
      checkVec(fn, `${path}[${i}]`, p);
    }
    f64[k++] = p.x;
    f64[k++] = p.y;
  }
  return n;
}

/**
 * Writes shape `s` (argument `path` of `fn`) into g_io slot `slot` (0 or 1). Polygons go to the scratch buffer
 * from point index `polygonEnd` (reset to 0 by the caller for slot 0). Returns the kind; `mask` lists the kinds
 * allowed (bit per kind).
 */
function putShape(fn, path, s, slot, mask, implied?, also?) {
  if (slot === 0) polygonEnd = 0;
  if (s === null || typeof s !== 'object') throw typeError(fn, path, 'a shape object', s);
  const o = slot * SLOT1;
  let kind;
  const t = s.type === undefined ? implied : s.type;
  switch (t) {
    case 'circle': {
      kind = CIRCLE;
      const c = s.center;
      const r = s.radius;
      if ((mask & 1) === 0) break;
      if (c === null || typeof c !== 'object' || typeof c.x !== 'number' || typeof c.y !== 'number') {
        checkVec(fn, path + '.center', c);
      }
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
  const allowed = KIND_NAMES.filter((_, i) => (mask & (1 << i)) !== 0).join(', ') + (also ?? '');
  const what = kind < 0 ? `a shape with type ${allowed}` : `one of: ${allowed}`;
  throw typeError(fn, kind < 0 ? path + '.type' : path, what, kind < 0 ? s.type : s);
}

function putRay(fn, path, s, o) {
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

function putTransform(fn, path, t, o) {
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
function putFixed(fn, path, s, slot, kind) {
  checkKind(fn, path, s, KIND_NAMES[kind]);
  return putShape(fn, path, s, slot, 1 << kind, KIND_NAMES[kind]);
}

function putPoint(fn, path, p, at) {
  if (p === null || typeof p !== 'object' || typeof p.x !== 'number' || typeof p.y !== 'number') {
    checkVec(fn, path, p);
  }
  io[at] = p.x;
  io[at + 1] = p.y;
}

// ---- result readers -----------------------------------------------------------------------------------------

function vecAt(i) {
  return { x: io[i], y: io[i + 1] };
}

function contactAt(i) {
  return { normal: { x: io[i + 1], y: io[i + 2] }, depth: io[i + 3], point: { x: io[i + 4], y: io[i + 5] } };
}

/** Reads `count` points starting at the scratch buffer's first byte. */
function verticesAtBuffer(count) {
  fresh();
  const pts = new Array(count);
  let k = bufPtr >> 3;
  for (let i = 0; i < count; i++, k += 2) pts[i] = { x: f64[k], y: f64[k + 1] };
  return pts;
}

function need() {
  if (!ready) notReady();
}

// ---- validated once ---------------------------------------------------------------------------------------------
// The polygons that polygon(), polygonFromBox() and polygonFromAabb() return hold the core's own normalised vertices
// (Polygon::create's output) and are deeply frozen; since they cannot change, they are marked (Trusted below): a later
// call with the same object hands its points to the core as trusted (Polygon::assignNormalized: the same polygon bit
// for bit, without proving it convex again). The other factories' shapes need no proof and are not frozen: freezing
// measured +80-100 ns per factory call (c2.ray(), c2.circle()), twice their cost.
// The mark is a private field stamped on the object itself (the "constructor return override" lets a class add its
// private field to any object): it cannot be forged or copied from another object, checking it (`#xy in s`) is an
// inline-cached property test rather than a hash lookup, and the object stays a plain object (Object.prototype).
// The field holds the vertices as one array of numbers, copied into wasm memory without visiting n {x, y} objects.
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
  /** Marks a polygon shape (before it is frozen) with its vertices. */
  static add(o: { points: Vec2[] }): void {
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

function untrusted(kind) {
  return kind === TRUSTED_POLYGON ? POLYGON : kind;
}

/** A polygon shape over the core's normalised vertices: frozen, and trusted when it is a polygon at all. */
function normalisedPolygon(points) {
  for (const p of points) Object.freeze(p);
  const s = { type: 'polygon' as const, points: Object.freeze(points) };
  if (points.length >= 3) Trusted.add(s); // (before freezing: a frozen object takes no new field)
  return Object.freeze(s);
}

// ---- factories -------------------------------------------------------------------------------------------------

function num(fn, name, v) {
  if (typeof v !== 'number') throw typeError(fn, name, 'a number', v);
  if (!Number.isFinite(v)) {
    throw new RangeError(`collide2d.${fn}: argument ${name} must be finite (got ${show(v)})`);
  }
  return v;
}

/**
 * A point.
 * @throws RangeError when x or y is not finite.
 */
export function vec2(x: number, y: number): Vec2;
export function vec2(x, y): any {
  need();
  return { x: num('vec2', 'x', x), y: num('vec2', 'y', y) };
}

/**
 * A circle.
 * @throws RangeError when a number is not finite or the radius is negative.
 */
export function circle(x: number, y: number, radius: number): Circle;
export function circle(x, y, radius): any {
  need();
  const s = { type: 'circle', center: { x, y }, radius };
  checkFactory('circle', ['x', 'y', 'radius'], [x, y, radius], s, { center: ['x', 'y'], radius: ['radius'] });
  return s;
}

/**
 * An axis-aligned box from its min and max corners.
 * @throws RangeError when a number is not finite or max < min.
 */
export function aabb(minX: number, minY: number, maxX: number, maxY: number): Aabb;
export function aabb(minX, minY, maxX, maxY): any {
  need();
  const s = { type: 'aabb', min: { x: minX, y: minY }, max: { x: maxX, y: maxY } };
  checkFactory('aabb', ['minX', 'minY', 'maxX', 'maxY'], [minX, minY, maxX, maxY], s,
    { min: ['minX', 'minY'], max: ['maxX', 'maxY'] });
  return s;
}

/**
 * An axis-aligned box from its top-left corner (smallest x and y), width and height, as the seed tutorials write
 * rectangles (C++ `Aabb::fromTopLeft`).
 * @throws RangeError when a number is not finite or the width or height is negative.
 */
export function aabbFromTopLeft(x: number, y: number, width: number, height: number): Aabb;
export function aabbFromTopLeft(x, y, width, height): any {
  need();
  const names = ['x', 'y', 'width', 'height'];
  [x, y, width, height].forEach((v, i) => {
    if (typeof v !== 'number') throw typeError('aabbFromTopLeft', names[i], 'a number', v);
  });
  const s = { type: 'aabb', min: { x, y }, max: { x: x + width, y: y + height } };
  checkFactory('aabbFromTopLeft', ['x', 'y', 'width', 'height'], [x, y, width, height], s,
    { min: ['x', 'y'], max: ['width', 'height'] });
  return s;
}

/**
 * A rotated rectangle.
 * @param cx - centre x
 * @param cy - centre y
 * @param hx - half width (>= 0)
 * @param hy - half height (>= 0)
 * @param angle - rotation in radians (default 0)
 * @throws RangeError when a number is not finite or a half-extent is negative.
 */
export function box(cx: number, cy: number, hx: number, hy: number, angle?: number): Box;
export function box(cx, cy, hx, hy, angle = 0): any {
  need();
  const s = { type: 'box', center: { x: cx, y: cy }, halfExtents: { x: hx, y: hy }, angle };
  checkFactory('box', ['cx', 'cy', 'hx', 'hy', 'angle'], [cx, cy, hx, hy, angle], s,
    { center: ['cx', 'cy'], halfExtents: ['hx', 'hy'], angle: ['angle'] });
  return s;
}

/**
 * A segment from (ax, ay) to (bx, by).
 * @throws RangeError when a number is not finite.
 */
export function segment(ax: number, ay: number, bx: number, by: number): Segment;
export function segment(ax, ay, bx, by): any {
  need();
  const s = { type: 'segment', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('segment', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/**
 * An infinite line through (ax, ay) and (bx, by).
 * @throws RangeError when a number is not finite or the points coincide.
 */
export function line(ax: number, ay: number, bx: number, by: number): Line;
export function line(ax, ay, bx, by): any {
  need();
  const s = { type: 'line', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('line', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/**
 * A ray from (ox, oy) in direction (dx, dy).
 * @param maxFraction - largest t considered (default Infinity).
 * @throws RangeError when a number is not finite (maxFraction may be Infinity) or the direction is zero.
 */
export function ray(ox: number, oy: number, dx: number, dy: number, maxFraction?: number): Ray;
export function ray(ox, oy, dx, dy, maxFraction = Infinity): any {
  need();
  const s = { type: 'ray', origin: { x: ox, y: oy }, direction: { x: dx, y: dy }, maxFraction };
  checkFactory('ray', ['ox', 'oy', 'dx', 'dy', 'maxFraction'], [ox, oy, dx, dy, maxFraction], s,
    { origin: ['ox', 'oy'], direction: ['dx', 'dy'], maxFraction: ['maxFraction'] });
  return s;
}

/**
 * A transform: rotate by `angle` (radians, default 0), then translate by (x, y).
 * @throws RangeError when a number is not finite.
 */
export function transform(x: number, y: number, angle?: number): Transform & { type: 'transform' };
export function transform(x, y, angle = 0): any {
  need();
  const s = { type: 'transform', position: { x, y }, angle };
  checkFactory('transform', ['x', 'y', 'angle'], [x, y, angle], s, { position: ['x', 'y'], angle: ['angle'] });
  return s;
}

/**
 * A convex polygon, validated and normalised by the core (`Polygon::create`): counter-clockwise, repeated and
 * collinear points removed.
 * @param points - at least 3 distinct points, convex, either winding.
 * @throws RangeError naming the point (e.g. `points[2]`) when a coordinate is not finite, or `points` when there
 *   are fewer than 3 distinct points, all are collinear, or the polygon is not convex.
 */
export function polygon(points: Vec2[]): Polygon;
export function polygon(points): any {
  need();
  const n = putPoints('polygon', 'points', points, 0);
  const r = C.createPolygon(0, n);
  if (r < 0) rejected('polygon', ['points'], [{ points }], (arg, index, field, message) => {
    const got = lookup({ points }, field);
    return `argument ${field} ${message}${got !== undefined ? ` (got ${show(got)})` : ''}`;
  });
  return normalisedPolygon(verticesAtBuffer(r));
}

/**
 * A compound shape for {@link World.add}: several convex parts moving as one body, each placed in the body's local
 * coordinates by its offset (rotate by `offset.angle`, then translate by `(offset.x, offset.y)`; the identity when
 * omitted). Each part's shape is checked as everywhere else (a polygon part must be convex: split a concave outline
 * with {@link decompose}, or hand the outline itself to {@link World.add}). The result is a new plain object holding
 * the given shapes (not copies) and a copy of each offset.
 * @param parts - 1 to 4096 parts `{shape, offset?}`.
 * @throws TypeError / RangeError naming the part, e.g. `argument parts[2].shape.radius must be >= 0 (got -1)` or
 *   `argument parts[0].offset.x must be finite (got NaN)`.
 */
export function compound(parts: CompoundPart[]): CompoundShape;
export function compound(parts): any {
  need();
  const fn = 'compound';
  checkParts(fn, 'parts', parts);
  const out = new Array(parts.length);
  for (let k = 0; k < parts.length; k++) {
    const path = `parts[${k}]`;
    const part = parts[k];
    checkPart(fn, path, part);
    const kind = putShape(fn, path + '.shape', part.shape, 0, PAIR_SHAPES);
    const code = rawValidate(kind, io[0], io[1]);
    if (code !== 0) throw partError(fn, path + '.shape', part.shape, code);
    const o = offsetOf(fn, path, part.offset);
    out[k] = { shape: part.shape, offset: { x: o[0], y: o[1], angle: o[2] } };
  }
  return { type: 'compound', parts: out };
}

/** `parts` of a compound: a non-empty array of at most MAX_PARTS. */
function checkParts(fn, path, parts) {
  if (!Array.isArray(parts)) throw typeError(fn, path, 'a non-empty array of parts {shape, offset?}', parts);
  if (parts.length === 0 || parts.length > MAX_PARTS) {
    throw new RangeError(`collide2d.${fn}: argument ${path} must be a non-empty array of at most ${MAX_PARTS} parts ` +
      `{shape, offset?} (got ${show(parts)})`);
  }
}

function checkPart(fn, path, part) {
  if (part === null || typeof part !== 'object') throw typeError(fn, path, 'a part {shape, offset?}', part);
}

/** A part's offset as [x, y, angle] (the identity when undefined); TypeError / RangeError naming the field. */
function offsetOf(fn, path, o) {
  if (o === undefined) return [0, 0, 0];
  if (o === null || typeof o !== 'object') throw typeError(fn, path + '.offset', 'an object {x, y, angle?} (or absent)', o);
  return [offsetNumber(fn, path + '.offset.x', o.x), offsetNumber(fn, path + '.offset.y', o.y),
    o.angle === undefined ? 0 : offsetNumber(fn, path + '.offset.angle', o.angle)];
}

function offsetNumber(fn, path, v) {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
  if (v - v !== 0) {
    const err: any = new RangeError(`collide2d.${fn}: argument ${path} must be finite (not NaN or infinite) (got ${show(v)})`);
    err.code = 'NotFinite';
    throw err;
  }
  return v;
}

/** The RangeError for the core's rejection (`code`, errorField) of the shape at `path`. */
function partError(fn, path, shape, code) {
  const { field, message } = errorText();
  const got = field !== '' ? lookup(shape, field) : shape;
  const err: any = new RangeError(`collide2d.${fn}: argument ${path}${field !== '' ? '.' + field : ''} ${message}` +
    (got !== undefined ? ` (got ${show(got)})` : ''));
  err.code = ERROR_NAMES[code] ?? 'InvalidArgument';
  return err;
}

/**
 * Writes a compound's parts for the raw World.addCompound: polygon parts' points at the start of the scratch buffer
 * (by Vec2 index), then PART_RECORD doubles per part from the returned byte offset. Checks every part's structure
 * (TypeError / RangeError naming it); the core validates the values.
 */
function putCompound(fn, path, s) {
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

/**
 * Factory arguments: numbers (TypeError), then the core's validate() (RangeError). `fields` maps each field of the
 * shape to the factory parameters that fill it (x component first), so the error names the parameter.
 */
function checkFactory(fn, names, values, shape, fields) {
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number') throw typeError(fn, names[i], 'a number', values[i]);
  }
  const kind = putShape(fn, 'shape', shape, 0, 0xff | (1 << CAPSULE));
  const code = rawValidate(kind, 0, 0);
  if (code === 0) return;
  const { field, message } = errorText();
  const params = fields[field] ?? [field];
  // The culprit among the parameters of that field: a non-finite one, else a negative one, else all of them.
  const valueOf = (p) => values[names.indexOf(p)];
  let culprits = params.filter((p) => !Number.isFinite(valueOf(p)));
  if (culprits.length === 0 && fn === 'aabb' && field === 'max') {
    culprits = ['maxX', 'maxY'].filter((p, i) => valueOf(p) < values[i]);
  } else if (culprits.length === 0 && (ERROR_NAMES[code] === 'NegativeRadius' || ERROR_NAMES[code] === 'NegativeExtent')) {
    culprits = params.filter((p) => valueOf(p) < 0);
  }
  if (culprits.length === 0) culprits = params;
  const got = culprits.map((p) => show(valueOf(p))).join(', ');
  const err: any = new RangeError(`collide2d.${fn}: argument ${culprits.join('/')} ${message} (got ${got})`);
  err.code = ERROR_NAMES[code] ?? 'InvalidArgument';
  throw err;
}

// ---- pair queries -------------------------------------------------------------------------------------------

const AB = ['a', 'b'];

/**
 * True when two closed shapes touch or overlap. Any pair of circle, aabb, box, polygon and segment, in any order.
 * @throws TypeError for a malformed shape; RangeError for an invalid one.
 */
export function overlaps(a: Shape, b: Shape): boolean;
export function overlaps(a, b): any {
  if (!ready) notReady();
  // Fast path for two circles: Number.isFinite is false for non-numbers too, so this one test accepts exactly
  // what validate(Circle) accepts; anything else takes the general path, which reports the exact error.
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && a.type === 'circle' &&
      b.type === 'circle') {
    const ac = a.center;
    const bc = b.center;
    if (ac !== null && bc !== null && typeof ac === 'object' && typeof bc === 'object') {
      const ax = ac.x;
      const ay = ac.y;
      const ar = a.radius;
      const bx = bc.x;
      const by = bc.y;
      const br = b.radius;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
          Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
        // overlaps(Circle, Circle) of cpp/src/aabb_circle.cpp, operation for operation: the same IEEE doubles (the
        // core is built without FMA contraction) and so the same answer, without the wasm call that would cost
        // more than the test itself. web/test/prepared.test.js checks it against the wasm batch on 200,000 pairs.
        const dx = bx - ax;
        const dy = by - ay;
        const r = ar + br;
        return dx * dx + dy * dy <= r * r;
      }
    }
  }
  return overlapsChecked(a, b);
}

/**
 * `overlaps(circle(ax, ay, ar), circle(bx, by, br))` on plain numbers, without shape objects: for hot loops over
 * arrays of circles. The same answer as {@link overlaps} on the two circles (touching counts).
 * @throws TypeError when an argument is not a number; RangeError for NaN, Infinity or a negative radius.
 */
export function overlapsCircleCircle(ax: number, ay: number, ar: number, bx: number, by: number, br: number): boolean;
export function overlapsCircleCircle(ax, ay, ar, bx, by, br): any {
  if (!ready) notReady();
  if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
      Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
    const dx = bx - ax;
    const dy = by - ay;
    const r = ar + br;
    return dx * dx + dy * dy <= r * r;
  }
  return rejectCircleNumbers(ax, ay, ar, bx, by, br);
}

/** The error of overlapsCircleCircle's first bad argument (kept out of the hot function). */
function rejectCircleNumbers(ax, ay, ar, bx, by, br) {
  const fn = 'overlapsCircleCircle';
  const names = ['ax', 'ay', 'ar', 'bx', 'by', 'br'];
  [ax, ay, ar, bx, by, br].forEach((v, i) => num(fn, names[i], v));
  const [name, value] = ar < 0 ? ['ar', ar] : ['br', br];
  throw new RangeError(`collide2d.${fn}: argument ${name} must be >= 0 (got ${show(value)})`);
}

function overlapsChecked(a, b) {
  const ka = putShape('overlaps', 'a', a, 0, PAIR_SHAPES);
  const kb = putShape('overlaps', 'b', b, 1, PAIR_SHAPES);
  const r = rawOverlaps(ka, io[0], io[1], kb, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('overlaps', AB, [a, b]);
  return r !== 0;
}

/**
 * The contact between two shapes, or null when they neither touch nor overlap. Any pair of circle, aabb, box,
 * polygon and segment, in any order (swapped pairs flip the normal so it always points from a to b).
 * Two circles with the same centre get normal (1, 0) and depth ra + rb.
 */
export function collide(a: Shape, b: Shape): Contact | null;
export function collide(a, b): any {
  if (!ready) notReady();
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && a.type === 'circle' &&
      b.type === 'circle') {
    const ac = a.center;
    const bc = b.center;
    if (ac !== null && bc !== null && typeof ac === 'object' && typeof bc === 'object') {
      const ax = ac.x;
      const ay = ac.y;
      const ar = a.radius;
      const bx = bc.x;
      const by = bc.y;
      const br = b.radius;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
          Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
        // collide(Circle, Circle) of cpp/src/aabb_circle.cpp, operation for operation (the core is built without
        // FMA contraction: the same IEEE doubles), without a call into wasm; only centres closer than 2^-450 go to
        // the core (its unitOrZero scaling). prepared.test.js checks it against the wasm batch on 200,000 pairs.
        const dx = bx - ax;
        const dy = by - ay;
        const r = ar + br;
        const dist2 = dx * dx + dy * dy;
        if (!(dist2 <= r * r)) return null;
        if (dx === 0 && dy === 0) return { normal: { x: 1, y: 0 }, depth: r, point: { x: bx - br, y: by - 0 * br } };
        if (dist2 > 2 ** -900) {
          const dist = Math.sqrt(dist2);
          const nx = dx / dist;
          const ny = dy / dist;
          const depth = r - dist;
          return { normal: { x: nx, y: ny }, depth: 0 < depth ? depth : 0, point: { x: bx - nx * br, y: by - ny * br } };
        }
        return fastCollideCC(ax, ay, ar, bx, by, br) !== 0 ? contactAt(OUT) : null;
      }
    }
  }
  const ka = putShape('collide', 'a', a, 0, PAIR_SHAPES);
  const kb = putShape('collide', 'b', b, 1, PAIR_SHAPES);
  const r = rawCollide(ka, io[0], io[1], kb, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('collide', AB, [a, b]);
  return r > 0 ? contactAt(OUT) : null;
}

/** True when the closed shape contains the point (its boundary counts). Exact for polygons, segments and lines. */
export function contains(shape: Shape | Line, point: Vec2): boolean;
export function contains(shape, point): any {
  if (!ready) notReady();
  const k = putShape('contains', 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint('contains', 'point', point, POINT);
  const r = rawContains(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('contains', ['shape', 'point'], [shape, point]);
  return r !== 0;
}

/** Where two infinite lines meet (`type` may be omitted). */
export function intersectLines(a: Untagged<Line>, b: Untagged<Line>): LineIntersection;
export function intersectLines(a, b): any {
  if (!ready) notReady();
  return linesImpl('intersectLines', a, b);
}

function linesImpl(fn, a, b) {
  putFixed(fn, 'a', a, 0, LINE);
  putFixed(fn, 'b', b, 1, LINE);
  if (C.intersectLines() < 0) rejected(fn, AB, [a, b]);
  const kind = LINE_KINDS[io[OUT]];
  if (kind !== 'point') return { kind };
  return { kind, point: vecAt(OUT + 1), ta: io[OUT + 3], tb: io[OUT + 4] };
}

/** How two segments meet, classified exactly (`type` may be omitted). */
export function intersectSegments(a: Untagged<Segment>, b: Untagged<Segment>): SegmentIntersection;
export function intersectSegments(a, b): any {
  if (!ready) notReady();
  return segmentsImpl('intersectSegments', a, b);
}

function segmentsImpl(fn, a, b) {
  putFixed(fn, 'a', a, 0, SEGMENT);
  putFixed(fn, 'b', b, 1, SEGMENT);
  if (C.intersectSegments() < 0) rejected(fn, AB, [a, b]);
  const kind = SEGMENT_KINDS[io[OUT]];
  if (kind === 'none') return { kind, points: [], ua: [], ub: [] };
  if (kind === 'point') return { kind, points: [vecAt(OUT + 1)], ua: [io[OUT + 5]], ub: [io[OUT + 7]] };
  return {
    kind,
    points: [vecAt(OUT + 1), vecAt(OUT + 3)],
    ua: [io[OUT + 5], io[OUT + 6]],
    ub: [io[OUT + 7], io[OUT + 8]],
  };
}

/** Where a circle's boundary meets an infinite line. */
export function intersectCircleLine(circle: Untagged<Circle>, line: Untagged<Line>): CircleLineIntersection;
export function intersectCircleLine(circle, line): any {
  if (!ready) notReady();
  return circleLineImpl('intersectCircleLine', circle, line);
}

function circleLineImpl(fn, circle, line) {
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putFixed(fn, 'line', line, 1, LINE);
  if (C.intersectCircleLine() < 0) rejected(fn, ['circle', 'line'], [circle, line]);
  return { count: io[OUT], t1: io[OUT + 1], t2: io[OUT + 2], p1: vecAt(OUT + 3), p2: vecAt(OUT + 5) };
}

/** Where a circle's boundary crosses a segment, whether they overlap, and the closest point. */
export function intersectCircleSegment(
  circle: Untagged<Circle>,
  segment: Untagged<Segment>,
): CircleSegmentIntersection;
export function intersectCircleSegment(circle, segment): any {
  if (!ready) notReady();
  return circleSegmentImpl('intersectCircleSegment', circle, segment);
}

function circleSegmentImpl(fn, circle, segment) {
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putFixed(fn, 'segment', segment, 1, SEGMENT);
  if (C.intersectCircleSegment() < 0) {
    rejected(fn, ['circle', 'segment'], [circle, segment]);
  }
  const count = io[OUT];
  const t: number[] = [];
  const points: any[] = [];
  for (let i = 0; i < count; i++) {
    t.push(io[OUT + 1 + i]);
    points.push(vecAt(OUT + 3 + 2 * i));
  }
  return {
    count,
    t,
    points,
    overlaps: io[OUT + 7] !== 0,
    closest: vecAt(OUT + 8),
    closestT: io[OUT + 10],
    distance: io[OUT + 11],
  };
}

/**
 * The C++ `intersect` overloads in one function, chosen by the `type` tags.
 * @throws TypeError for any other pair.
 */
export function intersect(a: Line, b: Line): LineIntersection;
export function intersect(a: Segment, b: Segment): SegmentIntersection;
export function intersect(a: Circle, b: Line): CircleLineIntersection;
export function intersect(a: Circle, b: Segment): CircleSegmentIntersection;
export function intersect(a, b): any {
  if (!ready) notReady();
  checkObject('intersect', 'a', a);
  checkObject('intersect', 'b', b);
  if (a.type === 'line' && b.type === 'line') return linesImpl('intersect', a, b);
  if (a.type === 'segment' && b.type === 'segment') return segmentsImpl('intersect', a, b);
  if (a.type === 'circle' && b.type === 'line') return circleLineImpl('intersect', a, b);
  if (a.type === 'circle' && b.type === 'segment') return circleSegmentImpl('intersect', a, b);
  throw new TypeError(`collide2d.intersect: arguments a, b must be line+line, segment+segment, circle+line or ` +
    `circle+segment (got ${show(a)}, ${show(b)})`);
}

/** Closest point of an area's boundary to `point`, and whether `point` is inside. */
export function closestPoint(shape: Circle | Aabb | Box | Polygon | Capsule, point: Vec2): BoundaryPoint;
/** Closest point of a segment or line to `point`, with its parameter. */
export function closestPoint(shape: Segment | Line, point: Vec2): SegmentPoint;
export function closestPoint(shape, point): any {
  if (!ready) notReady();
  const k = putShape('closestPoint', 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint('closestPoint', 'point', point, POINT);
  const r = rawClosestPoint(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('closestPoint', ['shape', 'point'], [shape, point]);
  if (r === 1) return { point: vecAt(OUT), t: io[OUT + 3], distanceSquared: io[OUT + 2] };
  return { point: vecAt(OUT), distanceSquared: io[OUT + 2], inside: io[OUT + 3] !== 0 };
}

/** First hit of a ray on a shape, or null. A segment's normal faces the ray's origin side. */
export function raycast(ray: Untagged<Ray>, shape: Shape): RayHit | null;
export function raycast(ray, shape): any {
  if (!ready) notReady();
  putFixed('raycast', 'ray', ray, 0, RAY);
  const k = putShape('raycast', 'shape', shape, 1, PAIR_SHAPES);
  const r = rawRaycast(k, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('raycast', ['ray', 'shape'], [ray, shape]);
  if (r === 0) return null;
  return { fraction: io[OUT + 1], point: vecAt(OUT + 2), normal: vecAt(OUT + 4) };
}

/**
 * The separating axis theorem on two boxes or two polygons, with every axis tested and reported (for teaching and
 * debugging; {@link collide} is the fast path).
 * @throws TypeError unless both are boxes or both are polygons.
 */
export function sat(a: Box, b: Box): SatResult;
export function sat(a: Polygon, b: Polygon): SatResult;
export function sat(a, b): any {
  if (!ready) notReady();
  const ka = untrusted(putShape('sat', 'a', a, 0, (1 << BOX) | (1 << POLYGON)));
  const kb = untrusted(putShape('sat', 'b', b, 1, (1 << BOX) | (1 << POLYGON)));
  if (ka !== kb) throw typeError('sat', 'b', `a ${KIND_NAMES[ka]} like a`, b);
  const r = C.sat(ka, io[0], io[1], io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('sat', AB, [a, b]);
  const axisCount = io[OUT + 10];
  const axes = new Array(axisCount);
  let k = C.satAxes() >> 3;
  for (let i = 0; i < axisCount; i++, k += 9) {
    axes[i] = {
      axis: { x: f64[k], y: f64[k + 1] },
      owner: f64[k + 2],
      edge: f64[k + 3],
      minA: f64[k + 4],
      maxA: f64[k + 5],
      minB: f64[k + 6],
      maxB: f64[k + 7],
      overlap: f64[k + 8],
    };
  }
  return {
    hit: io[OUT] !== 0,
    normal: vecAt(OUT + 1),
    depth: io[OUT + 3],
    point: vecAt(OUT + 4),
    separatingAxis: io[OUT + 6],
    minimumAxis: io[OUT + 7],
    boundingCircleTested: io[OUT + 8] !== 0,
    boundingCircleRejected: io[OUT + 9] !== 0,
    axes,
  };
}

// ---- moving circles -----------------------------------------------------------------------------------------

/** Writes walls (segments) to the scratch buffer from point index 0; returns their count. */
function putWalls(fn, walls) {
  if (!Array.isArray(walls)) throw typeError(fn, 'walls', 'an array of segments', walls);
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

const SWEEP_ARGS = ['circle', 'displacement', 'walls', 'maxIterations'];

/**
 * First contact of `circle` moving by `displacement` against `walls`. Starting in contact and moving into a wall
 * hits at time 0; the returned position never tunnels, however long the move.
 */
export function sweep(circle: Untagged<Circle>, displacement: Vec2, walls: Untagged<Segment>[]): SweepHit;
export function sweep(circle, displacement, walls): any {
  if (!ready) notReady();
  putFixed('sweep', 'circle', circle, 0, CIRCLE);
  putPoint('sweep', 'displacement', displacement, POINT);
  const n = putWalls('sweep', walls);
  if (C.sweep(0, n) < 0) rejected('sweep', SWEEP_ARGS, [circle, displacement, walls]);
  return {
    hit: io[OUT] !== 0,
    time: io[OUT + 1],
    position: vecAt(OUT + 2),
    normal: vecAt(OUT + 4),
    point: vecAt(OUT + 6),
    wall: io[OUT + 8],
  };
}

/**
 * Moves `circle` as far as possible, then spends the rest of the displacement sliding along the wall hit.
 * @param maxIterations - integer >= 1, sweeps allowed (default 4; values above 8 act as 8).
 */
export function moveAndSlide(
  circle: Untagged<Circle>,
  displacement: Vec2,
  walls: Untagged<Segment>[],
  maxIterations?: number,
): SlideResult;
export function moveAndSlide(circle, displacement, walls, maxIterations = 4): any {
  if (!ready) notReady();
  putFixed('moveAndSlide', 'circle', circle, 0, CIRCLE);
  putPoint('moveAndSlide', 'displacement', displacement, POINT);
  if (typeof maxIterations !== 'number') throw typeError('moveAndSlide', 'maxIterations', 'a number', maxIterations);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new RangeError(`collide2d.moveAndSlide: argument maxIterations must be an integer >= 1 (got ${show(maxIterations)})`);
  }
  const n = putWalls('moveAndSlide', walls);
  const r = C.moveAndSlide(0, n, Math.min(maxIterations, 1 << 30));
  if (r < 0) rejected('moveAndSlide', SWEEP_ARGS, [circle, displacement, walls, maxIterations]);
  const pathCount = io[OUT + 6];
  const path = new Array(pathCount);
  for (let i = 0; i < pathCount; i++) path[i] = vecAt(OUT + 7 + 2 * i);
  return {
    position: vecAt(OUT),
    iterations: io[OUT + 2],
    contacts: io[OUT + 3],
    path,
    lastNormal: vecAt(OUT + 4),
  };
}

// ---- validation, predicates, helpers ---------------------------------------------------------------------------

/**
 * The core's validation of a shape, line, ray or transform. Reports invalid values instead of throwing (it throws
 * only a TypeError for a malformed object).
 */
export function validate(shape: AnyShape): Status;
export function validate(shape): any {
  if (!ready) notReady();
  const k = putShape('validate', 'shape', shape, 0, 0xff | (1 << CAPSULE));
  const code = rawValidate(k, io[0], io[1]);
  fresh();
  if (code === 0) return { ok: true, error: 'None', field: '', message: '' };
  const { field, message } = errorText();
  return { ok: false, error: ERROR_NAMES[code] ?? 'InvalidArgument', field, message };
}

/** Exact orientation of c relative to the directed line a -> b: 1 left (counter-clockwise), -1 right, 0 collinear. */
export function orient(a: Vec2, b: Vec2, c: Vec2): -1 | 0 | 1;
export function orient(a, b, c): any {
  if (!ready) notReady();
  putPoint('orient', 'a', a, 0);
  putPoint('orient', 'b', b, 2);
  putPoint('orient', 'c', c, 4);
  const r = C.orient();
  if (r < 0) rejected('orient', ['a', 'b', 'c'], [a, b, c], (arg, index, field, message) => {
    const name = ['a', 'b', 'c'][arg];
    return `argument ${name} ${message} (got ${show([a, b, c][arg])})`;
  });
  return r - 1;
}

/** Vector projection of `point` onto `axis` (need not be unit; a zero axis gives (0, 0)). */
export function project(point: Vec2, axis: Vec2): Vec2;
export function project(point, axis): any {
  if (!ready) notReady();
  putPoint('project', 'point', point, 0);
  putPoint('project', 'axis', axis, POINT);
  if (C.project() < 0) rejected('project', ['point', 'axis'], [point, axis], (arg, index, field, message) =>
    `argument ${field} ${message} (got ${show(arg === 0 ? point : axis)})`);
  return vecAt(OUT);
}

/** Dot product `a.x * b.x + a.y * b.y`. */
export function dot(a: Vec2, b: Vec2): number;
export function dot(a, b): any {
  if (!ready) notReady();
  checkVec('dot', 'a', a);
  checkVec('dot', 'b', b);
  for (const [name, v] of [['a', a], ['b', b]]) {
    if (!Number.isFinite(v.x) || !Number.isFinite(v.y)) {
      throw new RangeError(`collide2d.dot: argument ${name} must be finite (got ${show(v)})`);
    }
  }
  return a.x * b.x + a.y * b.y;
}

/** Smallest axis-aligned box containing the shape. */
export function bounds(shape: Shape): Aabb;
export function bounds(shape): any {
  if (!ready) notReady();
  const k = putShape('bounds', 'shape', shape, 0, PAIR_SHAPES);
  const r = C.bounds(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('bounds', ['shape'], [shape]);
  return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
}

/** Area-weighted centroid of a polygon. */
export function centroid(polygon: Untagged<Polygon>): Vec2;
export function centroid(polygon): any {
  if (!ready) notReady();
  putFixed('centroid', 'polygon', polygon, 0, POLYGON);
  const r = C.centroid(io[0], io[1]);
  fresh();
  if (r < 0) rejected('centroid', ['polygon'], [polygon]);
  return vecAt(OUT);
}

/** The polygon moved by a transform (C++ `Polygon::transformed`). */
export function transformed(polygon: Untagged<Polygon>, transform: Transform): Polygon;
export function transformed(polygon, transform): any {
  if (!ready) notReady();
  putFixed('transformed', 'polygon', polygon, 0, POLYGON);
  putTransform('transformed', 'transform', transform, SLOT1);
  const r = C.transformed(io[0], io[1]);
  if (r < 0) {
    fresh();
    rejected('transformed', ['polygon', 'transform'], [polygon, transform]);
  }
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/** The polygon of a rotated box (C++ `Polygon::fromBox`); the box needs positive extents. */
export function polygonFromBox(box: Untagged<Box>): Polygon;
export function polygonFromBox(box): any {
  if (!ready) notReady();
  putFixed('polygonFromBox', 'box', box, 0, BOX);
  const r = C.polygonFromBox();
  if (r < 0) rejected('polygonFromBox', ['box'], [box]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The polygon of an axis-aligned box (C++ `Polygon::fromAabb`). */
export function polygonFromAabb(aabb: Untagged<Aabb>): Polygon;
export function polygonFromAabb(aabb): any {
  if (!ready) notReady();
  putFixed('polygonFromAabb', 'aabb', aabb, 0, AABB);
  const r = C.polygonFromAabb();
  if (r < 0) rejected('polygonFromAabb', ['aabb'], [aabb]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The four corners of a box, counter-clockwise, starting at local (-hx, -hy) (C++ `Box::corners`). */
export function corners(box: Untagged<Box>): [Vec2, Vec2, Vec2, Vec2];
export function corners(box): any {
  if (!ready) notReady();
  putFixed('corners', 'box', box, 0, BOX);
  if (C.corners() < 0) rejected('corners', ['box'], [box]);
  return [vecAt(OUT), vecAt(OUT + 2), vecAt(OUT + 4), vecAt(OUT + 6)];
}

/** A point from the local frame of `transform` to the world. */
export function apply(transform: Transform, point: Vec2): Vec2;
export function apply(transform, point): any {
  if (!ready) notReady();
  putTransform('apply', 'transform', transform, 0);
  putPoint('apply', 'point', point, POINT);
  if (C.apply(0) < 0) rejected('apply', ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}

/** A point from the world to the local frame of `transform`. */
export function applyInverse(transform: Transform, point: Vec2): Vec2;
export function applyInverse(transform, point): any {
  if (!ready) notReady();
  putTransform('applyInverse', 'transform', transform, 0);
  putPoint('applyInverse', 'point', point, POINT);
  if (C.apply(1) < 0) rejected('applyInverse', ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}

// ---- batches ----------------------------------------------------------------------------------------------------

function checkTyped(fn, name, v, Type, stride) {
  if (!(v instanceof Type)) throw typeError(fn, name, `a ${Type.name}`, v);
  if (v.length % stride !== 0) {
    throw new RangeError(`collide2d.${fn}: argument ${name}.length must be a multiple of ${stride} (got ${v.length})`);
  }
  return v.length / stride;
}

function outArray(fn, out, Type, length) {
  if (out === undefined) return new Type(length);
  if (!(out instanceof Type)) throw typeError(fn, 'out', `a ${Type.name} (or undefined)`, out);
  if (out.length < length) {
    throw new RangeError(`collide2d.${fn}: argument out must hold at least ${length} elements (got ${out.length})`);
  }
  return out;
}

const align8 = (n) => (n + 7) & ~7;

function batchError(fn, names) {
  return (arg, index, field, message) => {
    const name = names[arg] ?? `#${arg}`;
    if (field === 'pairs') return `argument ${name}[${index}] refers to a missing element (pair ${index} out of range)`;
    if (field === 'offsets') {
      return `argument ${name}.offsets[${index}]..[${index + 1}] must be increasing and within the vertices`;
    }
    if (field === 'buffer') return `internal buffer error in argument ${name}`;
    return `argument ${name}[${index}]${field !== '' ? '.' + field : ''} ${message}`;
  };
}

function circleBatch(fn, a, b) {
  const n = checkTyped(fn, 'a', a, Float64Array, 3);
  const nb = checkTyped(fn, 'b', b, Float64Array, 3);
  if (nb !== n) throw new RangeError(`collide2d.${fn}: arguments a and b must hold as many circles (${n} != ${nb})`);
  return n;
}

function batchOverlapsCircleCircle(a, b, out) {
  const fn = 'batch.overlapsCircleCircle';
  if (!ready) notReady();
  const n = circleBatch(fn, a, b);
  out = outArray(fn, out, Uint8Array, n);
  const bOff = n * 24;
  const outOff = 2 * bOff;
  const base = reserve(fn, outOff + n);
  f64.set(a, base >> 3);
  f64.set(b, (base + bOff) >> 3);
  if (rawBatchOverlapsCC(0, bOff, n, outOff) < 0) rejected(fn, ['a', 'b', 'out'], [], batchError(fn, ['a', 'b']));
  out.set(u8.subarray(base + outOff, base + outOff + n));
  return out;
}

function collideCircleCircle(a, b, out) {
  const fn = 'batch.collideCircleCircle';
  if (!ready) notReady();
  const n = circleBatch(fn, a, b);
  out = outArray(fn, out, Float64Array, n * CONTACT_STRIDE);
  const bOff = n * 24;
  const outOff = 2 * bOff;
  const base = reserve(fn, outOff + n * 8 * CONTACT_STRIDE);
  f64.set(a, base >> 3);
  f64.set(b, (base + bOff) >> 3);
  if (rawBatchCollideCC(0, bOff, n, outOff) < 0) rejected(fn, ['a', 'b', 'out'], [], batchError(fn, ['a', 'b']));
  const o = (base + outOff) >> 3;
  out.set(f64.subarray(o, o + n * CONTACT_STRIDE));
  return out;
}

function checkPacked(fn, name, p) {
  checkObject(fn, name, p);
  const vertexCount = checkTyped(fn, name + '.vertices', p.vertices, Float64Array, 2);
  const offsets = p.offsets;
  if (!(offsets instanceof Uint32Array)) throw typeError(fn, name + '.offsets', 'a Uint32Array', offsets);
  if (offsets.length < 1) {
    throw new RangeError(`collide2d.${fn}: argument ${name}.offsets must hold polygon count + 1 entries (got 0)`);
  }
  return vertexCount;
}

/**
 * Copies packed polygons (vertices, offsets) and then `extra` bytes to the scratch buffer, builds the polygons in
 * wasm, and returns the byte offset of the free space after them.
 */
function putPolygons(fn, names, polygons, extraBytes, argIndex) {
  const vertexCount = checkPacked(fn, names[argIndex], polygons);
  const offsets = polygons.offsets;
  const offsetsOff = vertexCount * 16;
  const afterOff = align8(offsetsOff + offsets.length * 4);
  const base = reserve(fn, afterOff + extraBytes);
  f64.set(polygons.vertices, base >> 3);
  u32.set(offsets, (base + offsetsOff) >> 2);
  const r = rawBatchPolygons(0, vertexCount, offsetsOff, offsets.length - 1, argIndex);
  fresh();
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  return afterOff;
}

// ---- prepared polygons: validated and prepared once in wasm memory, for many batch calls --------------------------

/** Polygons as the batch functions take them: packed (built at each call) or prepared once. */
export type BatchPolygons = PackedPolygons | PreparedPolygons;

declare global {
  /** Symbol.dispose (ES2026 explicit resource management), declared here so that these types need no esnext lib. */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

const preparedToken = Symbol('PreparedPolygons');
const preparedRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((set: any) => releaseQuietly(set))
  : null;
let preparedAddressOf: (fn: string, p: PreparedPolygons) => any;
let makePrepared: (set: any, count: number) => PreparedPolygons;

/**
 * Polygons validated and prepared once in wasm memory by {@link batch.preparePolygons}, for many batch calls: pass
 * it wherever a batch takes `polygons`. Each call then skips validating and building the polygons, far-apart pairs
 * are rejected by bounding circles, and the SAT reuses each polygon's projections on its own axes; the answers are
 * the same, bit for bit. Owns wasm memory: call {@link PreparedPolygons.free} (or `using`) when done.
 */
export class PreparedPolygons {
  #set: any = null;
  #count = 0;
  static {
    preparedAddressOf = (fn, p) => {
      if (p.#set === null) throw new Error(`collide2d.${fn}: argument polygons was freed (PreparedPolygons.free())`);
      return p.#set;
    };
    makePrepared = (set, count) => new PreparedPolygons(preparedToken, set, count);
  }
  /** Not for users: call batch.preparePolygons(). */
  private constructor(token: symbol, address: any, count: number) {
    if (token !== preparedToken) throw new TypeError('collide2d.PreparedPolygons: create them with batch.preparePolygons()');
    this.#set = address;
    this.#count = count;
    preparedRegistry?.register(this, address, this);
  }
  /** Number of polygons: pair indices go from 0 to count - 1 (0 once freed). */
  get count(): number { return this.#count; }
  /** True once {@link PreparedPolygons.free} was called; a freed set passed to a batch throws. */
  get freed(): boolean { return this.#set === null; }
  /** Releases the wasm memory. Safe to call more than once. */
  free(): void;
  free() {
    if (this.#set === null) return;
    preparedRegistry?.unregister(this);
    this.#set.delete();
    this.#set = null;
    this.#count = 0;
  }
  /** Same as free(), for `using` declarations (where Symbol.dispose exists). */
  declare [Symbol.dispose]: () => void;
}
if (typeof Symbol.dispose === 'symbol') PreparedPolygons.prototype[Symbol.dispose] = PreparedPolygons.prototype.free;

/** The wasm address of a PreparedPolygons argument, or 0 for packed polygons. */
function preparedAddress(fn, polygons) {
  return polygons instanceof PreparedPolygons ? preparedAddressOf(fn, polygons) : null;
}

/** Validates and prepares polygons (packed, or an array of polygons / point arrays) once, for many batch calls. */
function preparePolygons(polygons) {
  const fn = 'batch.preparePolygons';
  if (!ready) notReady();
  const packed = Array.isArray(polygons) ? packPolygonsAs(fn, polygons) : polygons;
  const vertexCount = checkPacked(fn, 'polygons', packed);
  const offsets = packed.offsets;
  const offsetsOff = vertexCount * 16;
  const base = reserve(fn, offsetsOff + offsets.length * 4);
  f64.set(packed.vertices, base >> 3);
  u32.set(offsets, (base + offsetsOff) >> 2);
  const address = guarded(fn, () => new M.PreparedPolygons());
  const r = guarded(fn, () => address.prepare(0, vertexCount, offsetsOff, offsets.length - 1, 0));
  fresh();
  if (r < 0) {
    address.delete();
    rejected(fn, ['polygons'], [], batchError(fn, ['polygons']));
  }
  return makePrepared(address, offsets.length - 1);
}

function pairBatch(fn, polygons, pairs, collideMode, out) {
  const names = ['polygons', 'pairs', 'out'];
  if (!ready) notReady();
  const prepared = preparedAddress(fn, polygons);
  if (prepared === null) checkPacked(fn, 'polygons', polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  out = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const outBytes = collideMode ? n * 8 * CONTACT_STRIDE : n;
  // Prepared polygons already live in wasm: the pairs go at the start of the scratch buffer.
  const pairsOff = prepared !== null ? (reserve(fn, n * 8 + outBytes), 0) : putPolygons(fn, names, polygons, n * 8 + outBytes, 0);
  const outOff = pairsOff + n * 8;
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const r = prepared !== null ? prepared.polygonPolygon(pairsOff, n, outOff, collideMode ? 1 : 0)
    : collideMode ? rawBatchCollidePP(pairsOff, n, outOff) : rawBatchOverlapsPP(pairsOff, n, outOff);
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  const at = bufPtr + outOff;
  if (collideMode) out.set(f64.subarray(at >> 3, (at >> 3) + n * CONTACT_STRIDE));
  else out.set(u8.subarray(at, at + n));
  return out;
}

function distanceBatch(polygons, pairs, out) {
  const fn = 'batch.distance';
  const names = ['polygons', 'pairs', 'out'];
  if (!ready) notReady();
  const prepared = preparedAddress(fn, polygons);
  if (prepared === null) checkPacked(fn, 'polygons', polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  out = outArray(fn, out, Float64Array, n * 7);
  const outBytes = n * 56;
  const pairsOff = prepared !== null ? (reserve(fn, n * 8 + outBytes), 0) : putPolygons(fn, names, polygons, n * 8 + outBytes, 0);
  const outOff = pairsOff + n * 8;
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const r = prepared !== null ? prepared.distance(pairsOff, n, outOff) : C.batchDistancePolygonPolygon(pairsOff, n, outOff);
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  const at = (bufPtr + outOff) >> 3;
  out.set(f64.subarray(at, at + n * 7));
  return out;
}

function circlePolygonBatch(fn, circles, polygons, pairs, collideMode, out) {
  const names = ['circles', 'polygons', 'pairs', 'out'];
  if (!ready) notReady();
  const circleCount = checkTyped(fn, 'circles', circles, Float64Array, 3);
  const prepared = preparedAddress(fn, polygons);
  if (prepared === null) checkPacked(fn, 'polygons', polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  out = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const outBytes = collideMode ? n * 8 * CONTACT_STRIDE : n;
  const extra = circleCount * 24 + n * 8 + outBytes;
  const circlesOff = prepared !== null ? (reserve(fn, extra), 0) : putPolygons(fn, names, polygons, extra, 1);
  const pairsOff = circlesOff + circleCount * 24;
  const outOff = pairsOff + n * 8;
  f64.set(circles, (bufPtr + circlesOff) >> 3);
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const mode = collideMode ? 1 : 0;
  const r = prepared !== null ? prepared.circlePolygon(circlesOff, circleCount, pairsOff, n, outOff, mode)
    : rawBatchCP(circlesOff, circleCount, pairsOff, n, outOff, mode);
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  const at = bufPtr + outOff;
  if (collideMode) out.set(f64.subarray(at >> 3, (at >> 3) + n * CONTACT_STRIDE));
  else out.set(u8.subarray(at, at + n));
  return out;
}

/** Packs polygons (polygon shapes or arrays of points) into the flat layout of the polygon batches. */
function packPolygons(polygons) {
  return packPolygonsAs('batch.packPolygons', polygons);
}

function packPolygonsAs(fn, polygons) {
  if (!ready) notReady();
  if (!Array.isArray(polygons)) throw typeError(fn, 'polygons', 'an array of polygons', polygons);
  let total = 0;
  const lists = new Array(polygons.length);
  for (let i = 0; i < polygons.length; i++) {
    const p = polygons[i];
    const pts = Array.isArray(p) ? p : p !== null && typeof p === 'object' ? p.points : undefined;
    if (!Array.isArray(pts)) throw typeError(fn, `polygons[${i}]`, 'a polygon or an array of points', p);
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
 * of b; `polygons[3].points[1]` is point 1 of polygon 3; `pairs[5]` is pair 5.
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
  packPolygons(polygons: ReadonlyArray<Untagged<Polygon> | Vec2[]>): PackedPolygons;
  /**
   * Validates and prepares polygons once, in wasm memory, for many batch calls (see {@link PreparedPolygons}).
   * Errors name the polygon, as the batches do. The result owns wasm memory: free() it.
   */
  preparePolygons(polygons: PackedPolygons | ReadonlyArray<Untagged<Polygon> | Vec2[]>): PreparedPolygons;
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
  overlapsCircleCircle: batchOverlapsCircleCircle,
  collideCircleCircle,
  overlapsPolygonPolygon: (polygons, pairs, out) =>
    pairBatch('batch.overlapsPolygonPolygon', polygons, pairs, false, out),
  collidePolygonPolygon: (polygons, pairs, out) =>
    pairBatch('batch.collidePolygonPolygon', polygons, pairs, true, out),
  overlapsCirclePolygon: (circles, polygons, pairs, out) =>
    circlePolygonBatch('batch.overlapsCirclePolygon', circles, polygons, pairs, false, out),
  collideCirclePolygon: (circles, polygons, pairs, out) =>
    circlePolygonBatch('batch.collideCirclePolygon', circles, polygons, pairs, true, out),
  packPolygons,
  preparePolygons,
  DISTANCE_STRIDE: 7,
  distance: distanceBatch,
});

// ---- World: many bodies, a broad phase, pairs, events and queries (C++ collide2d::World) ---------------------------

const MAX_BODIES = 0xfffff; // World::kMaxBodies + 1: handles' slot bits
const worldRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((w: any) => releaseQuietly(w))
  : null;

function freedError(fn) {
  return new Error(`collide2d.World.${fn}: the world was freed`);
}

/** A uint32 body handle (TypeError for a non-number, RangeError for a number that cannot be a handle). */
function checkHandle(fn, name, h) {
  if (typeof h !== 'number' || (h >>> 0) !== h) {
    if (typeof h !== 'number') throw typeError(fn, name, 'a body handle (a number)', h);
    throw new RangeError(`collide2d.${fn}: argument ${name} must be a body handle, an integer in [0, 2^32) (got ${show(h)})`);
  }
}

function staleHandle(fn, name, h) {
  return new RangeError(`collide2d.${fn}: argument ${name} is not a live body of this world: invalid or stale handle (got ${h})`);
}

function finite(fn, name, v) {
  if (typeof v !== 'number') throw typeError(fn, name, 'a number', v);
  if (v - v !== 0) throw new RangeError(`collide2d.${fn}: argument ${name} must be finite (got ${show(v)})`);
  return v;
}

function bits(fn, name, v, signed) {
  if (typeof v !== 'number') throw typeError(fn, name, 'a number', v);
  if ((signed ? v | 0 : v >>> 0) !== v) {
    const range = signed ? 'an integer in [-2^31, 2^31)' : 'an integer in [0, 2^32)';
    throw new RangeError(`collide2d.${fn}: argument ${name} must be ${range} (got ${show(v)})`);
  }
  return v;
}

function maskArg(fn, mask) {
  return mask === undefined ? 0xffffffff : bits(fn, 'mask', mask, false);
}

/** A cached view over wasm memory when still good for `length` elements at `address`, else a new exact one. */
function viewOf(v, Type, address, length) {
  if (io.length === 0) refresh();
  if (v !== null && v.buffer === heap && v.byteOffset === address && v.length >= length) return v;
  return new Type(heap, address, length);
}

/**
 * The message for a compound rejected by the raw World.addCompound: part `index` (-1: the parts array), `which` of it
 * (0 its shape, 1 its offset, 2 its placement beyond the coordinate range).
 */
function compoundError(shape, index, field, message, which) {
  if (index < 0) {
    return `argument shape.parts must be a non-empty array of at most ${MAX_PARTS} parts {shape, offset?} ` +
      `(got ${show(shape.parts)})`;
  }
  const part = shape.parts[index];
  const path = `shape.parts[${index}]`;
  if (which === 2) return `argument transform puts ${path} beyond the coordinate range (±1e300)`;
  const target = which === 0 ? part.shape : part.offset;
  const got = field !== '' ? lookup(target, field) : target;
  return `argument ${path}.${which === 0 ? 'shape' : 'offset'}${field !== '' ? '.' + field : ''} ${message}` +
    (got !== undefined ? ` (got ${show(got)})` : '');
}

/** A shape of the World's raw getShape (kind, numbers from io[OUT]) as a JS object. */
function worldShapeAt(kind) {
  const o = OUT;
  switch (kind) {
    case CIRCLE: return { type: 'circle', center: vecAt(o), radius: io[o + 2] };
    case AABB: return { type: 'aabb', min: vecAt(o), max: vecAt(o + 2) };
    case BOX: return { type: 'box', center: vecAt(o), halfExtents: vecAt(o + 2), angle: io[o + 4] };
    case SEGMENT: return { type: 'segment', a: vecAt(o), b: vecAt(o + 2) };
    case CAPSULE: return { type: 'capsule', a: vecAt(o), b: vecAt(o + 2), radius: io[o + 4] };
    default: {
      const n = io[o];
      const points = new Array(n);
      for (let i = 0, k = io[o + 1] >> 3; i < n; i++, k += 2) points[i] = { x: f64[k], y: f64[k + 1] };
      return { type: 'polygon', points };
    }
  }
}

const CONTACT_MODES = ['contacts', 'pairs', 'manifolds'];
const NO_NUMBERS = new Float64Array(0); // pairContacts / pairManifolds after a step in another mode

/**
 * Many bodies with a broad phase (a uniform grid rebuilt at every step): every overlapping pair with its contact,
 * begin / end events, region queries and raycasts (the C++ `collide2d::World`).
 *
 * - Bodies: {@link World.add} a shape in LOCAL coordinates with a transform; its world shape is what
 *   {@link World.getShape} returns (an aabb with a non-zero angle becomes a box). Handles are numbers
 *   ({@link BodyHandle}). Body order ({@link World.bodies}, {@link World.setTransforms}): adding appends, removing
 *   moves the last body into the removed one's place.
 * - Compound bodies: {@link World.add} of a {@link CompoundShape} ({@link compound}: convex parts placed by offsets)
 *   or of a concave polygon outline (a compound of {@link decompose}'s parts) is ONE body whose parts move together.
 *   It pairs, queries and casts through its parts: a pair touches when some part pair touches and reports the deepest
 *   one's contact; {@link World.pairParts}, {@link World.queryParts} and {@link World.rayHitParts} name the parts.
 * - {@link World.step} finds every pair whose filters accept each other and whose world shapes touch (boundary
 *   included), exactly as {@link collide} answers for them. A is the body with the smaller slot index
 *   (`handle & 0xFFFFF`); the contact's normal points from A to B.
 * - Results are views into wasm memory: {@link World.pairBodies}, {@link World.pairContacts},
 *   {@link World.beginEvents}, {@link World.endEvents} (valid until the next step()), {@link World.queryResults}
 *   and {@link World.rayHits} (valid until the next query or raycast). A view's length is AT LEAST stride * count:
 *   read the first stride * count entries, the rest is stale. A getter returns the same view object while it is
 *   still good, so reading them every frame allocates nothing; read them again from the getter after each step or
 *   query (wasm memory may have grown, which detaches older views).
 * - Events: a begin when a pair starts touching, an end when it stops or one of its bodies was removed (then the
 *   end carries the stale handle). Every begin is followed by exactly one end.
 * - Errors: an invalid or stale handle, a wrong type or length, a non-finite number throw a `TypeError` or
 *   `RangeError` naming the method and the argument (`collide2d.World.remove: argument handle ...`), and leave the
 *   world unchanged. Any method of a freed world throws an `Error` (`collide2d.World.step: the world was freed`).
 * - Memory: the world owns wasm memory until {@link World.free} (or `using`; a FinalizationRegistry frees a world
 *   that was garbage-collected without it, as a last resort).
 */
export class World {
  /** Numbers per pair in {@link World.pairBodies}: handleA, handleB. */
  static readonly PAIR_STRIDE = 2;
  /** Numbers per pair in {@link World.pairContacts}: normalX, normalY, depth, pointX, pointY. */
  static readonly CONTACT_STRIDE = 5;
  /** Numbers per event in {@link World.beginEvents} and {@link World.endEvents}: handleA, handleB. */
  static readonly EVENT_STRIDE = 2;
  /** Numbers per hit in {@link World.rayHits}: handle, fraction, pointX, pointY, normalX, normalY. */
  static readonly RAY_HIT_STRIDE = 6;
  /**
   * Numbers per pair in {@link World.pairManifolds}: normalX, normalY, count, then two points (pointX, pointY, depth,
   * id; the unused second point is zeros).
   */
  static readonly MANIFOLD_STRIDE = 11;
  /**
   * Numbers per record in {@link World.pairParts}: pair index (into {@link World.pairBodies}), part of A, part of B.
   */
  static readonly PART_STRIDE = 3;

  #p: any = null; // the embind World (the C++ collide2d::World); null once freed
  // After the last step(): counts and addresses of pairs and events; after the last query: of its results.
  #pairs = 0;
  #pairsAt = 0;
  #contactsAt = 0;
  #begins = 0;
  #beginsAt = 0;
  #ends = 0;
  #endsAt = 0;
  #queries = 0;
  #queriesAt = 0;
  #rays = 0;
  #raysAt = 0;
  #vPairs: any = null;
  #vContacts: any = null;
  #vBegins: any = null;
  #vEnds: any = null;
  #vEndsOther: any = null; // the view of the other buffer the end events alternate with (see endEvents)
  #vQueries: any = null;
  #vRays: any = null;
  #mode = 0; // contact mode for the next step: 0 contacts, 1 pairs, 2 manifolds
  #stepMode = 0; // the mode of the last step
  #coherence = true;
  #candidates = 0; // the last step's candidate pairs and how many a certificate answered
  #certified = 0;
  #manifoldsAt = 0;
  #vManifolds: any = null;
  #partPairs = 0; // pairParts records of the last step
  #partPairsAt = 0;
  #queryPartsAt = 0;
  #rayPartsAt = 0;
  #vPartPairs: any = null;
  #vQueryParts: any = null;
  #vRayParts: any = null;

  /**
   * An empty world.
   * @throws Error when {@link init} has not resolved; TypeError / RangeError for bad options.
   */
  constructor(options?: WorldOptions);
  constructor(options) {
    if (!ready) notReady();
    const fn = 'World.constructor';
    let cellSize = 0;
    if (options !== undefined) {
      checkObject(fn, 'options', options);
      if (options.cellSize !== undefined) {
        cellSize = finite(fn, 'options.cellSize', options.cellSize);
        if (!(cellSize > 0)) {
          throw new RangeError(`collide2d.${fn}: argument options.cellSize must be > 0 (got ${show(cellSize)})`);
        }
      }
    }
    const p = guarded(fn, () => C.newWorld());
    fresh();
    if (p === null) throw outOfMemory(fn);
    if (cellSize > 0) p.setCellSize(cellSize);
    this.#p = p;
    worldRegistry?.register(this, p, this);
  }

  #live(fn) {
    const p = this.#p;
    if (p === null) throw freedError(fn);
    return p;
  }

  /**
   * Adds a body and returns its handle.
   * @param shape - the shape in local coordinates (validated as everywhere else; a polygon is normalised). A
   *   `polygon` whose points form a concave outline (any simple polygon, either winding) becomes a compound body of
   *   {@link decompose}'s parts; a {@link CompoundShape} ({@link compound}) is a body of several convex parts placed
   *   by their offsets. A compound body pairs, queries and casts through its parts: see {@link World.pairParts},
   *   {@link World.queryParts}, {@link World.rayHitParts}.
   * @param transform - where the body is (default: the identity).
   * @param options - user id and filter (defaults: userId 0, category 1, mask 0xFFFFFFFF, group 0).
   * @throws TypeError / RangeError naming the bad field, e.g. `argument shape.radius`, `argument transform.x`,
   *   `argument shape.parts[2].shape.radius`; an outline that crosses or touches itself is a RangeError with code
   *   `NotConvex` naming the two edges (also in `edges`, as {@link decompose} reports them).
   */
  add(shape: BodyShape, transform?: BodyTransform, options?: BodyOptions): BodyHandle;
  add(shape, transform, options) {
    const fn = 'World.add';
    const p = this.#live('add');
    const isCompound = shape !== null && typeof shape === 'object' && shape.type === 'compound';
    const kind = isCompound ? putCompound(fn, 'shape', shape) : putShape(fn, 'shape', shape, 0, PAIR_SHAPES, undefined, ', compound');
    let x = 0;
    let y = 0;
    let angle = 0;
    if (transform !== undefined) {
      checkObject(fn, 'transform', transform);
      x = finite(fn, 'transform.x', transform.x);
      y = finite(fn, 'transform.y', transform.y);
      if (transform.angle !== undefined) angle = finite(fn, 'transform.angle', transform.angle);
    }
    let userId = 0;
    let category = 1;
    let mask = 0xffffffff;
    let group = 0;
    if (options !== undefined) {
      checkObject(fn, 'options', options);
      if (options.userId !== undefined) userId = finite(fn, 'options.userId', options.userId);
      if (options.category !== undefined) category = bits(fn, 'options.category', options.category, false);
      if (options.mask !== undefined) mask = bits(fn, 'options.mask', options.mask, false);
      if (options.group !== undefined) group = bits(fn, 'options.group', options.group, true);
      if (options.static !== undefined && typeof options.static !== 'boolean') {
        throw typeError(fn, 'options.static', 'a boolean', options.static);
      }
    }
    io[SLOT1] = x;
    io[SLOT1 + 1] = y;
    io[SLOT1 + 2] = angle;
    const h = guarded(fn, () => (isCompound
      ? p.addCompound(kind, shape.parts.length, userId, category, mask, group)
      : p.add(kind, io[0], io[1], userId, category, mask, group)));
    fresh();
    if (h === -1) {
      const edges = [io[OUT], io[OUT + 1]];
      try {
        rejected(fn, ['shape', 'transform', 'options'], [shape, transform, options], (arg, index, field, message) => {
          if (field === 'capacity') return `the world is full (${MAX_BODIES - 1} bodies, or slots retired by churn)`;
          if (isCompound && arg === 0) return compoundError(shape, index, field, message, io[OUT]);
          if (field === 'edges') {
            return `argument shape.points crosses or touches itself: edges[${edges[0]}] and edges[${edges[1]}] share ` +
              'a point (edge i runs from points[i] to points[i + 1])';
          }
          if (field === 'transform') return 'argument transform puts the shape beyond the coordinate range (±1e300)';
          return undefined;
        });
      } catch (e: any) {
        if (!isCompound && e.code === 'NotConvex' && edges[0] >= 0) e.edges = edges;
        throw e;
      }
    }
    if (options?.static === true) p.setStatic(h, 1);
    return h >>> 0;
  }

  /**
   * Removes a body. Its pairs end at the next step(); the pairs of the last step() stay readable until then.
   * @throws RangeError for an invalid or stale handle.
   */
  remove(handle: BodyHandle): void;
  remove(handle) {
    const p = this.#live('remove');
    checkHandle('World.remove', 'handle', handle);
    if (p.remove(handle) < 0) throw staleHandle('World.remove', 'handle', handle);
  }

  /** True when `handle` is a live body of this world (false for any other number). */
  has(handle: BodyHandle): boolean;
  has(handle) {
    const p = this.#live('has');
    if (typeof handle !== 'number') throw typeError('World.has', 'handle', 'a body handle (a number)', handle);
    return (handle >>> 0) === handle && p.has(handle) !== 0;
  }

  /** Removes every body (their pairs end at the next step()). */
  clear(): void;
  clear() {
    this.#live('clear').clear();
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.#live('bodyCount').bodyCount();
  }

  /**
   * Reserves storage for `n` bodies (avoids the growth slack of adding them one by one).
   * @param n - integer in [0, 2^20 - 1].
   */
  reserve(n: number): void;
  reserve(n) {
    const p = this.#live('reserve');
    if (typeof n !== 'number') throw typeError('World.reserve', 'n', 'a number', n);
    if (!Number.isInteger(n) || n < 0 || n >= MAX_BODIES) {
      throw new RangeError(`collide2d.World.reserve: argument n must be an integer in [0, ${MAX_BODIES - 1}] (got ${show(n)})`);
    }
    guarded('World.reserve', () => p.reserve(n));
    fresh();
  }

  /** A copy of the live handles in body order (the order {@link World.setTransforms} reads). */
  bodies(): Uint32Array;
  bodies() {
    const p = this.#live('bodies');
    const n = p.bodyCount();
    const at = p.bodies() >>> 2;
    fresh();
    return u32.slice(at, at + n);
  }

  /**
   * Moves one body.
   * @param angle - radians (default 0).
   * @throws RangeError for a stale handle or a non-finite number.
   */
  setTransform(handle: BodyHandle, x: number, y: number, angle?: number): void;
  setTransform(handle, x, y, angle = 0) {
    const fn = 'World.setTransform';
    const p = this.#live('setTransform');
    checkHandle(fn, 'handle', handle);
    if (typeof x !== 'number' || x - x !== 0) finite(fn, 'x', x);
    if (typeof y !== 'number' || y - y !== 0) finite(fn, 'y', y);
    if (typeof angle !== 'number' || angle - angle !== 0) finite(fn, 'angle', angle);
    if (p.setTransform(handle, x, y, angle) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /**
   * Moves many bodies in one call: x, y, angle per body. Without `handles`, `xya` holds 3 * bodyCount numbers in
   * body order ({@link World.bodies}); with `handles`, 3 * handles.length numbers for those bodies. All or nothing.
   * @throws TypeError for other array types; RangeError for a wrong length, a non-finite number (`xya[k]`) or a
   *   stale handle (`handles[i]`).
   */
  setTransforms(xya: Float64Array, handles?: Uint32Array): void;
  setTransforms(xya, handles) {
    const fn = 'World.setTransforms';
    const p = this.#live('setTransforms');
    if (!(xya instanceof Float64Array)) throw typeError(fn, 'xya', 'a Float64Array', xya);
    let r;
    if (handles === undefined) {
      const n = 3 * p.bodyCount();
      if (xya.length !== n) {
        throw new RangeError(`collide2d.${fn}: argument xya.length must be 3 * bodyCount = ${n} (got ${xya.length})`);
      }
      fresh();
      const base = reserve(fn, n * 8);
      f64.set(xya, base >> 3);
      r = p.setTransforms(0, n);
    } else {
      if (!(handles instanceof Uint32Array)) throw typeError(fn, 'handles', 'a Uint32Array (or undefined)', handles);
      const n = handles.length;
      if (xya.length !== 3 * n) {
        throw new RangeError(`collide2d.${fn}: argument xya.length must be 3 * handles.length = ${3 * n} (got ${xya.length})`);
      }
      fresh();
      const base = reserve(fn, n * 28);
      f64.set(xya, base >> 3);
      u32.set(handles, (base + n * 24) >> 2);
      r = p.setTransformsOf(0, n * 24, n);
    }
    if (r < 0) {
      const { field } = errorText();
      if (field === 'handle') {
        const i = handles.findIndex((h) => p.has(h) === 0);
        throw staleHandle(fn, `handles[${i}]`, handles[i]);
      }
      const k = xya.findIndex((v) => !Number.isFinite(v));
      throw new RangeError(`collide2d.${fn}: argument xya[${k}] must be finite (got ${show(xya[k])})`);
    }
  }

  /** The body's transform. */
  getTransform(handle: BodyHandle): Required<BodyTransform>;
  getTransform(handle) {
    const p = this.#live('getTransform');
    this.#read('World.getTransform', p.getTransform(handle), handle);
    return { x: io[OUT], y: io[OUT + 1], angle: io[OUT + 2] };
  }

  /** Checks a handle after a wasm call that read it (-1: invalid or stale). */
  #read(fn, r, handle) {
    checkHandle(fn, 'handle', handle);
    if (r < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** Changes a body's filter; the fields left out keep their current value. */
  setFilter(handle: BodyHandle, filter: Partial<BodyFilter>): void;
  setFilter(handle, filter) {
    const fn = 'World.setFilter';
    const p = this.#live('setFilter');
    checkHandle(fn, 'handle', handle);
    checkObject(fn, 'filter', filter);
    const { category, mask, group } = filter;
    if (category !== undefined) bits(fn, 'filter.category', category, false);
    if (mask !== undefined) bits(fn, 'filter.mask', mask, false);
    if (group !== undefined) bits(fn, 'filter.group', group, true);
    if (p.getFilter(handle) < 0) throw staleHandle(fn, 'handle', handle);
    p.setFilter(handle, category ?? io[OUT], mask ?? io[OUT + 1], group ?? io[OUT + 2]);
  }

  /** The body's filter. */
  getFilter(handle: BodyHandle): BodyFilter;
  getFilter(handle) {
    const p = this.#live('getFilter');
    this.#read('World.getFilter', p.getFilter(handle), handle);
    return { category: io[OUT], mask: io[OUT + 1], group: io[OUT + 2] };
  }

  /**
   * Marks a body static (level geometry) or moving. Two static bodies never pair; a static body pairs with moving
   * bodies as any body does. Static bodies are binned once into a grid of their own, so a level of many static pieces
   * costs little per step. Moving a static body is allowed (it is re-binned on its own); giving it its current
   * transform again (as `setTransforms` over every body does) costs nothing.
   * @throws RangeError for an invalid or stale handle; TypeError when `isStatic` is not a boolean.
   */
  setStatic(handle: BodyHandle, isStatic: boolean): void;
  setStatic(handle, isStatic) {
    const fn = 'World.setStatic';
    const p = this.#live('setStatic');
    checkHandle(fn, 'handle', handle);
    if (typeof isStatic !== 'boolean') {
      throw typeError(fn, 'isStatic', 'a boolean', isStatic);
    }
    if (p.setStatic(handle, isStatic ? 1 : 0) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** True when the body is static (see {@link World.setStatic}). */
  isStatic(handle: BodyHandle): boolean;
  isStatic(handle) {
    const fn = 'World.isStatic';
    const p = this.#live('isStatic');
    checkHandle(fn, 'handle', handle);
    const r = p.getStatic(handle);
    if (r < 0) throw staleHandle(fn, 'handle', handle);
    return r === 1;
  }

  /** Sets the body's user id (any finite number). */
  setUserId(handle: BodyHandle, id: number): void;
  setUserId(handle, id) {
    const fn = 'World.setUserId';
    const p = this.#live('setUserId');
    checkHandle(fn, 'handle', handle);
    finite(fn, 'id', id);
    if (p.setUserId(handle, id) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** The body's user id. */
  getUserId(handle: BodyHandle): number;
  getUserId(handle) {
    const p = this.#live('getUserId');
    this.#read('World.getUserId', p.getUserId(handle), handle);
    return io[OUT];
  }

  /**
   * The number of parts of a body: a compound body's (see {@link World.add}), 1 for a body of one shape.
   * @throws RangeError for an invalid or stale handle.
   */
  partCount(handle: BodyHandle): number;
  partCount(handle) {
    const p = this.#live('partCount');
    checkHandle('World.partCount', 'handle', handle);
    const n = p.partCount(handle);
    this.#read('World.partCount', n, handle);
    return n;
  }

  /** Checks `part` of a body (an integer in [0, partCount)) for `fn`; returns it, or -1 when undefined. */
  #part(fn, p, handle, part) {
    checkHandle(fn, 'handle', handle);
    if (part === undefined) return -1;
    if (typeof part !== 'number') throw typeError(fn, 'part', 'a part index (a number)', part);
    const n = p.partCount(handle);
    if (n < 0) throw staleHandle(fn, 'handle', handle);
    if (!Number.isInteger(part) || part < 0 || part >= n) {
      throw new RangeError(`collide2d.${fn}: argument part must be an integer in [0, ${n}): the body has ${n} ` +
        `part${n === 1 ? '' : 's'} (got ${show(part)})`);
    }
    return part;
  }

  /**
   * The body's shape in world coordinates: what the pairs and queries are computed on. A compound body's is
   * `{type: 'compound', parts: [{shape}, ...]}`, each part's world shape in part order (no offsets: they are applied).
   */
  getShape(handle: BodyHandle): BodyShape;
  /**
   * One part's shape in world coordinates.
   * @param part - an integer in [0, {@link World.partCount}); part 0 of a body of one shape is its shape.
   */
  getShape(handle: BodyHandle, part: number): Shape;
  getShape(handle, part?) {
    const fn = 'World.getShape';
    const p = this.#live('getShape');
    const k = this.#part(fn, p, handle, part);
    const kind = p.getShape(handle, k);
    fresh();
    this.#read(fn, kind, handle);
    if (kind !== COMPOUND) return worldShapeAt(kind);
    const n = io[OUT];
    const parts = new Array(n);
    for (let i = 0; i < n; i++) {
      const r = p.getShape(handle, i);
      fresh();
      parts[i] = { shape: worldShapeAt(r) };
    }
    return { type: 'compound', parts };
  }

  /**
   * The conservative bounds the broad phase uses (the shape's bounds widened a little and rounded to floats); a
   * compound body's are the union of its parts'.
   * @param part - only that part's bounds (an integer in [0, {@link World.partCount})).
   */
  getBounds(handle: BodyHandle, part?: number): Aabb;
  getBounds(handle, part) {
    const fn = 'World.getBounds';
    const p = this.#live('getBounds');
    const k = this.#part(fn, p, handle, part);
    this.#read(fn, p.getBounds(handle, k), handle);
    return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
  }

  /** Finds every touching pair with its contact and the begin / end events since the last step; returns the pair count. */
  step(): number;
  step() {
    const p = this.#p;
    if (p === null) throw freedError('step');
    let n;
    try {
      n = p.step();
    } catch (e) {
      throw guarded('World.step', () => { throw e; });
    }
    if (n < 0) throw outOfMemory('World.step');
    if (io.length === 0) refresh();
    this.#pairs = n;
    this.#pairsAt = io[OUT + 1];
    this.#contactsAt = io[OUT + 2];
    this.#begins = io[OUT + 3];
    this.#beginsAt = io[OUT + 4];
    this.#ends = io[OUT + 5];
    this.#endsAt = io[OUT + 6];
    this.#manifoldsAt = io[OUT + 7];
    this.#partPairs = io[OUT + 8];
    this.#partPairsAt = io[OUT + 9];
    this.#candidates = io[OUT + 10];
    this.#certified = io[OUT + 11];
    this.#stepMode = this.#mode;
    return n;
  }

  /**
   * Temporal coherence (on by default; it works in the `'pairs'` contact mode): a pair tested at one step keeps a
   * certificate of its answer and of how far its two bodies may still translate relative to each other without
   * changing it; while their movements stay within it (and neither turns), the next steps answer the pair without
   * testing it again. The answers are exactly those of a fresh test either way: turning it off only makes steps slower
   * (it exists to measure and to check that). In the other modes every touching pair's contact is computed afresh.
   * @throws TypeError when `on` is not a boolean.
   */
  setCoherence(on: boolean): void;
  setCoherence(on) {
    const p = this.#live('setCoherence');
    if (typeof on !== 'boolean') throw typeError('World.setCoherence', 'on', 'a boolean', on);
    M.worldSetCoherence(p, on ? 1 : 0);
    this.#coherence = on;
  }

  /** Whether temporal coherence is on (see {@link World.setCoherence}). */
  get coherence(): boolean {
    this.#live('coherence');
    return this.#coherence;
  }

  /** Candidate pairs of the last step() (filters accept, bounds overlap): what the narrow phase had to answer. */
  get candidateCount(): number {
    this.#live('candidateCount');
    return this.#candidates;
  }

  /** How many of the last step()'s candidate pairs a certificate answered without a test (see setCoherence). */
  get certifiedCount(): number {
    this.#live('certifiedCount');
    return this.#certified;
  }

  /** Pairs found by the last step(). */
  get pairCount(): number {
    this.#live('pairCount');
    return this.#pairs;
  }

  /** Begin events of the last step(). */
  get beginCount(): number {
    this.#live('beginCount');
    return this.#begins;
  }

  /** End events of the last step(). */
  get endCount(): number {
    this.#live('endCount');
    return this.#ends;
  }

  /** View, {@link World.PAIR_STRIDE} = 2 per pair: handleA, handleB (A has the smaller slot index). */
  get pairBodies(): Uint32Array {
    this.#live('pairBodies');
    return (this.#vPairs = viewOf(this.#vPairs, Uint32Array, this.#pairsAt, 2 * this.#pairs));
  }

  /**
   * View, {@link World.CONTACT_STRIDE} = 5 per pair: normalX, normalY, depth, pointX, pointY (the contact of
   * `collide(shapeA, shapeB)`).
   */
  get pairContacts(): Float64Array {
    this.#live('pairContacts');
    if (this.#stepMode !== 0) return NO_NUMBERS; // no contacts in the other modes
    return (this.#vContacts = viewOf(this.#vContacts, Float64Array, this.#contactsAt, 5 * this.#pairs));
  }

  /** Records in {@link World.pairParts} after the last step(). */
  get pairPartCount(): number {
    this.#live('pairPartCount');
    return this.#partPairs;
  }

  /**
   * View, {@link World.PART_STRIDE} = 3 per record ({@link World.pairPartCount} records): pair index (into
   * {@link World.pairBodies}), part of A, part of B — every touching part pair of the pairs with a compound body (a
   * pair of two bodies of one shape has no record). By pair; a pair's first record is the part pair whose contact
   * (manifold) the pair reports: the deepest one (the first in part order on ties; in `'pairs'` mode simply the
   * first in part order), then the others in (part of A, part of B) order.
   */
  get pairParts(): Uint32Array {
    this.#live('pairParts');
    return (this.#vPartPairs = viewOf(this.#vPartPairs, Uint32Array, this.#partPairsAt, 3 * this.#partPairs));
  }

  /** View, 2 per event: the pairs touching now that did not at the previous step(). */
  get beginEvents(): Uint32Array {
    this.#live('beginEvents');
    return (this.#vBegins = viewOf(this.#vBegins, Uint32Array, this.#beginsAt, 2 * this.#begins));
  }

  /** View, 2 per event: the pairs of the previous step() that no longer touch or lost a body (stale handle). */
  get endEvents(): Uint32Array {
    this.#live('endEvents');
    // The World keeps its end events in place in one of two buffers that alternate from step to step: a view of
    // each is kept, so that steady frames create none.
    const other = this.#vEndsOther;
    if (other !== null && other.byteOffset === this.#endsAt) {
      this.#vEndsOther = this.#vEnds;
      this.#vEnds = other;
    } else if (this.#vEnds !== null && this.#vEnds.byteOffset !== this.#endsAt) {
      this.#vEndsOther = this.#vEnds;
    }
    return (this.#vEnds = viewOf(this.#vEnds, Uint32Array, this.#endsAt, 2 * this.#ends));
  }

  #query(fn, names, args, n, describe?) {
    fresh();
    if (n < 0) rejected(fn, names, args, describe);
    this.#queries = n;
    this.#queriesAt = io[OUT];
    this.#queryPartsAt = io[OUT + 1];
    return n;
  }

  /**
   * Bodies whose world shape overlaps the box; returns their count, handles in {@link World.queryResults}.
   * @param mask - only bodies with `(category & mask) != 0` (default 0xFFFFFFFF).
   */
  queryAabb(aabb: Untagged<Aabb>, mask?: number): number;
  queryAabb(aabb, mask) {
    const fn = 'World.queryAabb';
    const p = this.#live('queryAabb');
    putFixed(fn, 'aabb', aabb, 0, AABB);
    return this.#query(fn, ['aabb', 'mask'], [aabb, mask], p.queryAabb(maskArg(fn, mask)));
  }

  /** Bodies whose world shape contains the point (boundary included); returns their count. */
  queryPoint(point: Vec2, mask?: number): number;
  queryPoint(point, mask) {
    const fn = 'World.queryPoint';
    const p = this.#live('queryPoint');
    putPoint(fn, 'point', point, POINT);
    const n = p.queryPoint(maskArg(fn, mask));
    // (The core names the point's field "point": the argument itself is the point.)
    return this.#query(fn, ['point', 'mask'], [point, mask], n, (arg, index, field, message) =>
      (arg === 0 && field === 'point' ? `argument point ${message} (got ${show(point)})` : undefined));
  }

  /** Bodies whose world shape overlaps `shape` (world coordinates); returns their count. */
  queryShape(shape: Shape, mask?: number): number;
  queryShape(shape, mask) {
    const fn = 'World.queryShape';
    const p = this.#live('queryShape');
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
    return this.#query(fn, ['shape', 'mask'], [shape, mask], p.queryShape(kind, io[0], io[1], maskArg(fn, mask)));
  }

  /** View: the handles of the last query, sorted by slot index. */
  get queryResults(): Uint32Array {
    this.#live('queryResults');
    return (this.#vQueries = viewOf(this.#vQueries, Uint32Array, this.#queriesAt, this.#queries));
  }

  /**
   * View, one per {@link World.queryResults} entry: the part the query found (a compound body's first part, in part
   * order, that the query meets; 0 for a body of one shape).
   */
  get queryParts(): Uint32Array {
    this.#live('queryParts');
    return (this.#vQueryParts = viewOf(this.#vQueryParts, Uint32Array, this.#queryPartsAt, this.#queries));
  }

  #cast(fn, ray, mask, all) {
    const p = this.#live(fn);
    fn = 'World.' + fn;
    putFixed(fn, 'ray', ray, 0, RAY);
    const n = p.raycast(all, maskArg(fn, mask));
    fresh();
    if (n < 0) rejected(fn, ['ray', 'mask'], [ray, mask]);
    this.#rays = n;
    this.#raysAt = io[OUT];
    this.#rayPartsAt = io[OUT + 1];
    return n;
  }

  /** The closest hit (smallest fraction, then slot index): returns 0 or 1, the record in {@link World.rayHits}. */
  raycast(ray: Untagged<Ray>, mask?: number): number;
  raycast(ray, mask) {
    return this.#cast('raycast', ray, mask, 0);
  }

  /** Every hit, by fraction then slot index: returns the count, records in {@link World.rayHits}. */
  raycastAll(ray: Untagged<Ray>, mask?: number): number;
  raycastAll(ray, mask) {
    return this.#cast('raycastAll', ray, mask, 1);
  }

  /**
   * View, {@link World.RAY_HIT_STRIDE} = 6 per hit of the last raycast: handle, fraction, pointX, pointY, normalX,
   * normalY.
   */
  get rayHits(): Float64Array {
    this.#live('rayHits');
    return (this.#vRays = viewOf(this.#vRays, Float64Array, this.#raysAt, 6 * this.#rays));
  }

  /**
   * View, one per {@link World.rayHits} record (raycast, raycastAll, castShape, moveAndSlide): the part of the body
   * hit first (a compound body's, the smaller part index on ties; 0 for a body of one shape). raycastAll lists a
   * compound body once.
   */
  get rayHitParts(): Uint32Array {
    this.#live('rayHitParts');
    return (this.#vRayParts = viewOf(this.#vRayParts, Uint32Array, this.#rayPartsAt, this.#rays));
  }

  /** Hit `i` (default 0) of the last raycast as an object (allocates), or null past the last hit. */
  rayHit(i?: number): WorldRayHit | null;
  rayHit(i = 0) {
    this.#live('rayHit');
    if (typeof i !== 'number') throw typeError('World.rayHit', 'i', 'a number', i);
    if (!Number.isInteger(i) || i < 0) {
      throw new RangeError(`collide2d.World.rayHit: argument i must be an integer >= 0 (got ${show(i)})`);
    }
    if (i >= this.#rays) return null;
    const v = this.rayHits;
    const k = 6 * i;
    return {
      body: v[k], fraction: v[k + 1], point: { x: v[k + 2], y: v[k + 3] }, normal: { x: v[k + 4], y: v[k + 5] },
      part: this.rayHitParts[i],
    };
  }

  /**
   * What the next {@link World.step} computes per touching pair (the pairs and events are the same in every mode):
   * `'contacts'` (default) {@link World.pairContacts}; `'pairs'` pairs and events only (sensors, triggers: faster,
   * pairContacts and pairManifolds empty); `'manifolds'` {@link World.pairManifolds} (pairContacts empty).
   * May change between steps.
   */
  setContactMode(mode: ContactMode): void;
  setContactMode(mode) {
    const p = this.#live('setContactMode');
    const k = CONTACT_MODES.indexOf(mode);
    if (k < 0) {
      if (typeof mode !== 'string') throw typeError('World.setContactMode', 'mode', "'contacts', 'pairs' or 'manifolds'", mode);
      throw new RangeError(`collide2d.World.setContactMode: argument mode must be 'contacts', 'pairs' or 'manifolds' (got ${show(mode)})`);
    }
    M.worldSetContactMode(p, k);
    this.#mode = k;
  }

  /** The mode set by {@link World.setContactMode}. */
  get contactMode(): ContactMode {
    this.#live('contactMode');
    return CONTACT_MODES[this.#mode] as ContactMode;
  }

  /**
   * View, {@link World.MANIFOLD_STRIDE} = 11 per pair after a step in `'manifolds'` mode (else empty): normalX,
   * normalY, count (1 or 2), then two points of pointX, pointY, depth, id — `collideManifold(shapeA, shapeB)` on the
   * world shapes, in {@link World.pairBodies} order.
   */
  get pairManifolds(): Float64Array {
    this.#live('pairManifolds');
    if (this.#stepMode !== 2) return NO_NUMBERS;
    return (this.#vManifolds = viewOf(this.#vManifolds, Float64Array, this.#manifoldsAt, 11 * this.#pairs));
  }

  #motion(fn, shape, transform, motion, motionName) {
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
    checkObject(fn, 'transform', transform);
    io[SLOT1] = finite(fn, 'transform.x', transform.x);
    io[SLOT1 + 1] = finite(fn, 'transform.y', transform.y);
    io[SLOT1 + 2] = transform.angle !== undefined ? finite(fn, 'transform.angle', transform.angle) : 0;
    putPoint(fn, motionName, motion, POINT);
    return kind;
  }

  /**
   * First hit of `shape` (local coordinates, placed by `transform` as a body would be) moving by `translation`, over
   * the bodies with `(category & mask) != 0`: the smallest fraction of the core shape cast (ties: the smaller slot
   * index). Entry convention of the core cast: never passes through, never ends inside; a body it starts touching
   * or overlapping counts (fraction 0) only when moving into it. Returns 0 or 1; the record is in
   * {@link World.rayHits} (body, fraction, pointX, pointY, normalX, normalY; the normal points from the shape to the
   * body) and {@link World.rayHit}.
   */
  castShape(shape: Shape, transform: BodyTransform, translation: Vec2, mask?: number): number;
  castShape(shape, transform, translation, mask) {
    const fn = 'World.castShape';
    const p = this.#live('castShape');
    const kind = this.#motion(fn, shape, transform, translation, 'translation');
    const n = M.worldCastShape(p, kind, io[0], io[1], maskArg(fn, mask));
    fresh();
    if (n < 0) rejected(fn, ['shape', 'transform', 'translation', 'mask'], [shape, transform, translation, mask]);
    this.#rays = n;
    this.#raysAt = io[OUT];
    this.#rayPartsAt = io[OUT + 1];
    return n;
  }

  /**
   * Kinematic character controller: moves `shape` (placed by `transform`; its angle is kept) by `displacement`,
   * stopping at each hit and sliding along it (the motion's component along the hit normal removed), at most
   * `maxIterations` casts (1..8, default 4). The shape never ends overlapping a body it started clear of; motion
   * into a body it starts overlapping is stopped, motion out of it is free. Returns the final position, the cast
   * count and the hit count; the hits are in {@link World.rayHits} in order.
   */
  moveAndSlide(shape: Shape, transform: BodyTransform, displacement: Vec2, maxIterations?: number, mask?: number): WorldSlide;
  moveAndSlide(shape, transform, displacement, maxIterations = 4, mask) {
    const fn = 'World.moveAndSlide';
    const p = this.#live('moveAndSlide');
    const kind = this.#motion(fn, shape, transform, displacement, 'displacement');
    if (typeof maxIterations !== 'number' || !Number.isInteger(maxIterations)) {
      throw typeError(fn, 'maxIterations', 'an integer', maxIterations);
    }
    const n = M.worldMoveAndSlide(p, kind, io[0], io[1], Math.min(Math.max(maxIterations, 1), 8), maskArg(fn, mask));
    fresh();
    if (n < 0) {
      rejected(fn, ['shape', 'transform', 'displacement', 'maxIterations', 'mask'],
        [shape, transform, displacement, maxIterations, mask]);
    }
    this.#rays = n;
    this.#raysAt = io[OUT];
    this.#rayPartsAt = io[OUT + 4];
    return { position: vecAt(OUT + 1), iterations: io[OUT + 3], hitCount: n };
  }

  /** Bytes of wasm heap the world holds (vector capacities, polygons; not the allocator's overhead). */
  get heapBytes(): number {
    return this.#live('heapBytes').heapBytes();
  }

  /** Releases the world's wasm memory. Safe to call more than once; every other member then throws. */
  free(): void;
  free() {
    const p = this.#p;
    if (p === null) return;
    worldRegistry?.unregister(this);
    this.#p = null;
    this.#vPairs = this.#vContacts = this.#vBegins = this.#vEnds = this.#vEndsOther = this.#vQueries = this.#vRays = null;
    this.#vManifolds = this.#vPartPairs = this.#vQueryParts = this.#vRayParts = null;
    p.delete();
  }
  /** Same as free(), for `using` declarations (where Symbol.dispose exists). */
  declare [Symbol.dispose]: () => void;
}
if (typeof Symbol.dispose === 'symbol') World.prototype[Symbol.dispose] = World.prototype.free;

// ---- shared with the other modules of the wrapper (queries.ts); not part of the public API (api.ts) -------------
/** Adds raw functions to the cold set (C, by name): bound at setup, replaced by throwers when the module aborted. */
export function registerCold(names: string[]): void {
  COLD.push(...names);
}
export {
  C as raw, io, f64, need, fresh, putShape, rejected, typeError, checkObject, checkNumber, checkVec, checkFactory,
  PAIR_SHAPES, SLOT1, POINT, OUT, AB,
};
registerCold(['batchDistancePolygonPolygon']);

// ---- for the package's other modules (decompose.ts); api.ts does not re-export this --------------------------------
/** Plumbing shared with the package's other modules. Not part of the public API. @internal */
export const internal = {
  need,
  show,
  typeError,
  checkVec,
  guarded,
  outOfMemory,
  normalisedPolygon,
  /** The Emscripten module (raw layer). */
  module: () => M,
};
