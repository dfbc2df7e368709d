// collide2d — public JavaScript API over the WebAssembly build of the C++ core.
// Types and documentation: index.d.ts (hand-written). Conventions: see the README / collide2d.h.
//
// Inputs and results are plain values ({x, y} points, {type: 'circle', ...} shapes). Every function checks its
// arguments before they reach wasm (TypeError for a wrong type or a missing field, RangeError for a value the core
// rejects, both naming the function and the argument), copies numbers into a static scratch area of wasm memory,
// calls the core, and reads the result back. Nothing here keeps wasm memory per call.
import createCollide2dModule from '../pkg/collide2d.mjs';

// ---- state ---------------------------------------------------------------------------------------------------
let M = null; // the Emscripten module (raw layer, private)
const C = {}; // its cold C exports, by JS name (filled by setup)
let ready = false;
let initPromise = null;
let mem = null; // Module.HEAPF64 at the last refresh
let io = null; // Float64Array over g_io (64 doubles)
let ioBase = 0; // index of g_io in mem (in doubles)
let u8 = null; // Uint8Array over all wasm memory
let u32 = null;
let f64 = null;
let bufPtr = 0; // address of the scratch buffer
let bufCap = 0; // bytes known to be reserved
let heap = null; // the wasm memory's ArrayBuffer at the last refresh

// direct wasm exports (hot paths)
let rawValidate, rawRaycast, rawClosestPoint, fastCollideCC, rawOverlaps, rawCollide, rawContains, rawReserve;
let rawErrorCode, rawErrorArg, rawErrorIndex;
let rawBatchOverlapsCC, rawBatchCollideCC, rawBatchPolygons, rawBatchOverlapsPP, rawBatchCollidePP, rawBatchCP;
let rawPreparedCreate, rawPreparedFree, rawPreparedPP, rawPreparedCP;
let wCreate, wFree, wCellSize, wReserve, wClear, wAdd, wRemove, wHas, wCount, wBodies, wSetXf, wSetXfs, wSetXfsOf;
let wGetXf, wSetFilter, wGetFilter, wSetUser, wGetUser, wGetShape, wGetBounds, wStep, wQAabb, wQPoint, wQShape;
let wRay, wHeap;

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
const KIND_NAMES = ['circle', 'aabb', 'box', 'polygon', 'segment', 'line', 'ray', 'transform'];
const PAIR_SHAPES = 0b11111; // circle, aabb, box, polygon, segment

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

/**
 * Loads and instantiates the WebAssembly module. Idempotent: every call returns the same promise.
 * In Node the .wasm file is read from the package; in browsers (and Vite) it is fetched from the URL below,
 * which bundlers rewrite to the emitted asset.
 */
export function init(options) {
  if (initPromise === null) {
    initPromise = load(options).catch((e) => {
      initPromise = null;
      throw e;
    });
  }
  return initPromise;
}

async function load(options) {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`collide2d.init: argument options must be an object (got ${show(options)})`);
  }
  const opts = options ?? {};
  const moduleArgs = {};
  let binary = opts.wasmBinary;
  if (binary !== undefined) {
    if (!(binary instanceof ArrayBuffer) && !ArrayBuffer.isView(binary)) {
      throw new TypeError(`collide2d.init: argument options.wasmBinary must be an ArrayBuffer or a typed array`);
    }
  } else {
    // Keep this exact `new URL('<literal>', import.meta.url)` form: bundlers (Vite, webpack, Rollup plugins)
    // recognise it and ship the .wasm file with the application.
    const here = import.meta.url; // (a variable, so that bundlers only see the literal form below)
    const url = opts.wasmUrl !== undefined ? new URL(String(opts.wasmUrl), here)
      : new URL('../pkg/collide2d.wasm', import.meta.url);
    const isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
      process.versions !== null && typeof process.versions.node === 'string';
    if (isNode && url.protocol === 'file:') {
      // The module specifier is computed so that bundlers do not try to resolve node:fs for browsers.
      const fsName = ['node', 'fs/promises'].join(':');
      const fs = await import(/* @vite-ignore */ /* webpackIgnore: true */ fsName);
      binary = await fs.readFile(url);
    } else {
      moduleArgs.locateFile = () => url.href;
    }
  }
  if (binary !== undefined) moduleArgs.wasmBinary = binary;
  const m = await createCollide2dModule(moduleArgs);
  setup(m);
}

// Emscripten 3.1.6 exposes each C export as a wrapper that replaces itself with the direct wasm function on its
// first call. Every raw export tolerates being called with no arguments (it rejects them), so one call each
// leaves direct references behind.
function direct(m, name) {
  m[name]();
  return m[name];
}

function setup(m) {
  fastCollideCC = direct(m, '_c2_collide_circle_circle_checked_by_caller');
  rawOverlaps = direct(m, '_c2_overlaps');
  rawCollide = direct(m, '_c2_collide');
  rawContains = direct(m, '_c2_contains');
  rawValidate = direct(m, '_c2_validate');
  rawRaycast = direct(m, '_c2_raycast');
  rawClosestPoint = direct(m, '_c2_closest_point');
  rawErrorCode = direct(m, '_c2_error_code');
  rawErrorArg = direct(m, '_c2_error_arg');
  rawErrorIndex = direct(m, '_c2_error_index');
  rawBatchOverlapsCC = direct(m, '_c2_batch_overlaps_circle_circle');
  rawBatchCollideCC = direct(m, '_c2_batch_collide_circle_circle');
  rawBatchPolygons = direct(m, '_c2_batch_polygons');
  rawBatchOverlapsPP = direct(m, '_c2_batch_overlaps_polygon_polygon');
  rawBatchCollidePP = direct(m, '_c2_batch_collide_polygon_polygon');
  rawBatchCP = direct(m, '_c2_batch_circle_polygon');
  rawPreparedCreate = direct(m, '_c2_prepared_create');
  rawPreparedFree = direct(m, '_c2_prepared_free');
  rawPreparedPP = direct(m, '_c2_batch_prepared_polygon_polygon');
  rawPreparedCP = direct(m, '_c2_batch_prepared_circle_polygon');
  // World exports tolerate a null world; create/free are called as a pair so that the warm-up leaks nothing.
  m._c2_world_free(m._c2_world_create());
  wCreate = m._c2_world_create;
  wFree = m._c2_world_free;
  wCellSize = direct(m, '_c2_world_set_cell_size');
  wReserve = direct(m, '_c2_world_reserve');
  wClear = direct(m, '_c2_world_clear');
  wAdd = direct(m, '_c2_world_add');
  wRemove = direct(m, '_c2_world_remove');
  wHas = direct(m, '_c2_world_has');
  wCount = direct(m, '_c2_world_body_count');
  wBodies = direct(m, '_c2_world_bodies');
  wSetXf = direct(m, '_c2_world_set_transform');
  wSetXfs = direct(m, '_c2_world_set_transforms');
  wSetXfsOf = direct(m, '_c2_world_set_transforms_of');
  wGetXf = direct(m, '_c2_world_get_transform');
  wSetFilter = direct(m, '_c2_world_set_filter');
  wGetFilter = direct(m, '_c2_world_get_filter');
  wSetUser = direct(m, '_c2_world_set_user_id');
  wGetUser = direct(m, '_c2_world_get_user_id');
  wGetShape = direct(m, '_c2_world_get_shape');
  wGetBounds = direct(m, '_c2_world_get_bounds');
  wStep = direct(m, '_c2_world_step');
  wQAabb = direct(m, '_c2_world_query_aabb');
  wQPoint = direct(m, '_c2_world_query_point');
  wQShape = direct(m, '_c2_world_query_shape');
  wRay = direct(m, '_c2_world_raycast');
  wHeap = direct(m, '_c2_world_heap_bytes');
  for (const [name, symbol] of Object.entries({
    intersectLines: '_c2_intersect_lines',
    intersectSegments: '_c2_intersect_segments',
    intersectCircleLine: '_c2_intersect_circle_line',
    intersectCircleSegment: '_c2_intersect_circle_segment',
    sat: '_c2_sat',
    satAxes: '_c2_sat_axes',
    sweep: '_c2_sweep',
    moveAndSlide: '_c2_move_and_slide',
    orient: '_c2_orient',
    project: '_c2_project',
    bounds: '_c2_bounds',
    createPolygon: '_c2_create_polygon',
    centroid: '_c2_centroid',
    transformed: '_c2_transformed',
    polygonFromBox: '_c2_polygon_from_box',
    polygonFromAabb: '_c2_polygon_from_aabb',
    corners: '_c2_corners',
    apply: '_c2_apply',
    errorField: '_c2_error_field',
    errorMessage: '_c2_error_message',
  })) C[name] = direct(m, symbol);
  rawReserve = m._c2_reserve;
  ioBase = m._c2_io() >> 3;
  M = m;
  bufPtr = rawReserve(4096);
  bufCap = 4096;
  refresh();
  ready = true;
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

function notReady() {
  throw new Error('collide2d: call await init() first');
}

// ---- argument checks ------------------------------------------------------------------------------------------

function show(v) {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v);
  if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (ArrayBuffer.isView(v)) return `a ${v.constructor.name} of ${v.length}`;
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
function rejected(fn, names, values, describe) {
  const code = rawErrorCode();
  const argIndex = rawErrorArg();
  const index = rawErrorIndex();
  const { field, message } = errorText();
  const name = names[argIndex] ?? `#${argIndex}`;
  if (describe !== undefined) {
    const text = describe(argIndex, index, field, message);
    if (text !== undefined) {
      const err = new RangeError(`collide2d.${fn}: ${text}`);
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
  const err = new RangeError(`collide2d.${fn}: argument ${path} ${message}${gotText}`);
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
function putShape(fn, path, s, slot, mask) {
  if (slot === 0) polygonEnd = 0;
  if (s === null || typeof s !== 'object') throw typeError(fn, path, 'a shape object', s);
  const o = slot * SLOT1;
  let kind;
  switch (s.type) {
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
      const n = putPoints(fn, path + '.points', s.points, start);
      io[o] = start;
      io[o + 1] = n;
      polygonEnd = start + n;
      return POLYGON;
    }
    case 'segment':
    case 'line': {
      kind = s.type === 'line' ? LINE : SEGMENT;
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
  const allowed = KIND_NAMES.filter((_, i) => (mask & (1 << i)) !== 0).join(', ');
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
  if (s.type === undefined) s = { ...s, type: KIND_NAMES[kind] };
  return putShape(fn, path, s, slot, 1 << kind);
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

// ---- factories -------------------------------------------------------------------------------------------------

function num(fn, name, v) {
  if (typeof v !== 'number') throw typeError(fn, name, 'a number', v);
  if (!Number.isFinite(v)) {
    throw new RangeError(`collide2d.${fn}: argument ${name} must be finite (got ${show(v)})`);
  }
  return v;
}

/** A point {x, y}. */
export function vec2(x, y) {
  need();
  return { x: num('vec2', 'x', x), y: num('vec2', 'y', y) };
}

/** A circle shape. */
export function circle(x, y, radius) {
  need();
  const s = { type: 'circle', center: { x, y }, radius };
  checkFactory('circle', ['x', 'y', 'radius'], [x, y, radius], s, { center: ['x', 'y'], radius: ['radius'] });
  return s;
}

/** An axis-aligned box from its corners. */
export function aabb(minX, minY, maxX, maxY) {
  need();
  const s = { type: 'aabb', min: { x: minX, y: minY }, max: { x: maxX, y: maxY } };
  checkFactory('aabb', ['minX', 'minY', 'maxX', 'maxY'], [minX, minY, maxX, maxY], s,
    { min: ['minX', 'minY'], max: ['maxX', 'maxY'] });
  return s;
}

/** An axis-aligned box from its top-left corner (smallest x and y), width and height (Aabb::fromTopLeft). */
export function aabbFromTopLeft(x, y, width, height) {
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

/** A rotated rectangle. */
export function box(cx, cy, hx, hy, angle = 0) {
  need();
  const s = { type: 'box', center: { x: cx, y: cy }, halfExtents: { x: hx, y: hy }, angle };
  checkFactory('box', ['cx', 'cy', 'hx', 'hy', 'angle'], [cx, cy, hx, hy, angle], s,
    { center: ['cx', 'cy'], halfExtents: ['hx', 'hy'], angle: ['angle'] });
  return s;
}

/** A segment from (ax, ay) to (bx, by). */
export function segment(ax, ay, bx, by) {
  need();
  const s = { type: 'segment', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('segment', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/** An infinite line through (ax, ay) and (bx, by). */
export function line(ax, ay, bx, by) {
  need();
  const s = { type: 'line', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('line', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/** A ray from (ox, oy) along (dx, dy), up to maxFraction. */
export function ray(ox, oy, dx, dy, maxFraction = Infinity) {
  need();
  const s = { type: 'ray', origin: { x: ox, y: oy }, direction: { x: dx, y: dy }, maxFraction };
  checkFactory('ray', ['ox', 'oy', 'dx', 'dy', 'maxFraction'], [ox, oy, dx, dy, maxFraction], s,
    { origin: ['ox', 'oy'], direction: ['dx', 'dy'], maxFraction: ['maxFraction'] });
  return s;
}

/** A transform: rotate by angle, then translate by (x, y). */
export function transform(x, y, angle = 0) {
  need();
  const s = { type: 'transform', position: { x, y }, angle };
  checkFactory('transform', ['x', 'y', 'angle'], [x, y, angle], s, { position: ['x', 'y'], angle: ['angle'] });
  return s;
}

/** A convex polygon, validated and normalised by Polygon::create (counter-clockwise, no repeated points). */
export function polygon(points) {
  need();
  const n = putPoints('polygon', 'points', points, 0);
  const r = C.createPolygon(0, n);
  if (r < 0) rejected('polygon', ['points'], [{ points }], (arg, index, field, message) => {
    const got = lookup({ points }, field);
    return `argument ${field} ${message}${got !== undefined ? ` (got ${show(got)})` : ''}`;
  });
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/**
 * Factory arguments: numbers (TypeError), then the core's validate() (RangeError). `fields` maps each field of the
 * shape to the factory parameters that fill it (x component first), so the error names the parameter.
 */
function checkFactory(fn, names, values, shape, fields) {
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number') throw typeError(fn, names[i], 'a number', values[i]);
  }
  const kind = putShape(fn, 'shape', shape, 0, 0xff);
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
  const err = new RangeError(`collide2d.${fn}: argument ${culprits.join('/')} ${message} (got ${got})`);
  err.code = ERROR_NAMES[code] ?? 'InvalidArgument';
  throw err;
}

// ---- pair queries -------------------------------------------------------------------------------------------

const AB = ['a', 'b'];

/** True when the two closed shapes touch or overlap. */
export function overlaps(a, b) {
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
 * overlaps(circle(ax, ay, ar), circle(bx, by, br)) on plain numbers: no shape objects, for hot loops over arrays.
 * The same answer as overlaps() on the two circles (and as the C++ core: the same IEEE operations).
 */
export function overlapsCircleCircle(ax, ay, ar, bx, by, br) {
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

/** Contact (normal from a to b, depth, deepest point) when the shapes touch or overlap, else null. */
export function collide(a, b) {
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

/** True when the closed shape contains the point (boundary included). */
export function contains(shape, point) {
  if (!ready) notReady();
  const k = putShape('contains', 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint('contains', 'point', point, POINT);
  const r = rawContains(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('contains', ['shape', 'point'], [shape, point]);
  return r !== 0;
}

/** Where two infinite lines meet. */
export function intersectLines(a, b) {
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

/** How two segments meet (exact classification). */
export function intersectSegments(a, b) {
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
export function intersectCircleLine(circle, line) {
  if (!ready) notReady();
  return circleLineImpl('intersectCircleLine', circle, line);
}

function circleLineImpl(fn, circle, line) {
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putFixed(fn, 'line', line, 1, LINE);
  if (C.intersectCircleLine() < 0) rejected(fn, ['circle', 'line'], [circle, line]);
  return { count: io[OUT], t1: io[OUT + 1], t2: io[OUT + 2], p1: vecAt(OUT + 3), p2: vecAt(OUT + 5) };
}

/** Circle boundary vs segment crossings, plus overlap and closest point. */
export function intersectCircleSegment(circle, segment) {
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
  const t = [];
  const points = [];
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

/** Generic intersect over the C++ overloads: line-line, segment-segment, circle-line, circle-segment. */
export function intersect(a, b) {
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

/** Closest point of the shape's boundary (or of the segment/line) to a point. */
export function closestPoint(shape, point) {
  if (!ready) notReady();
  const k = putShape('closestPoint', 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint('closestPoint', 'point', point, POINT);
  const r = rawClosestPoint(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('closestPoint', ['shape', 'point'], [shape, point]);
  if (r === 1) return { point: vecAt(OUT), t: io[OUT + 3], distanceSquared: io[OUT + 2] };
  return { point: vecAt(OUT), distanceSquared: io[OUT + 2], inside: io[OUT + 3] !== 0 };
}

/** First hit of a ray on a shape, or null. */
export function raycast(ray, shape) {
  if (!ready) notReady();
  putFixed('raycast', 'ray', ray, 0, RAY);
  const k = putShape('raycast', 'shape', shape, 1, PAIR_SHAPES);
  const r = rawRaycast(k, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('raycast', ['ray', 'shape'], [ray, shape]);
  if (r === 0) return null;
  return { fraction: io[OUT + 1], point: vecAt(OUT + 2), normal: vecAt(OUT + 4) };
}

/** The separating axis theorem with its full trace (two boxes or two polygons). */
export function sat(a, b) {
  if (!ready) notReady();
  const ka = putShape('sat', 'a', a, 0, (1 << BOX) | (1 << POLYGON));
  const kb = putShape('sat', 'b', b, 1, (1 << BOX) | (1 << POLYGON));
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

/** First contact of a circle moving by `displacement` against walls. */
export function sweep(circle, displacement, walls) {
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

/** Moves as far as possible, then slides along the walls hit (up to maxIterations sweeps, 1..8). */
export function moveAndSlide(circle, displacement, walls, maxIterations = 4) {
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

/** The core's validation of any shape (or transform): never throws for bad values, only for bad types. */
export function validate(shape) {
  if (!ready) notReady();
  const k = putShape('validate', 'shape', shape, 0, 0xff);
  const code = rawValidate(k, io[0], io[1]);
  fresh();
  if (code === 0) return { ok: true, error: 'None', field: '', message: '' };
  const { field, message } = errorText();
  return { ok: false, error: ERROR_NAMES[code] ?? 'InvalidArgument', field, message };
}

/** Exact orientation of c relative to the directed line a -> b: 1 left, -1 right, 0 collinear. */
export function orient(a, b, c) {
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

/** Vector projection of point on axis ((0, 0) for a zero axis). */
export function project(point, axis) {
  if (!ready) notReady();
  putPoint('project', 'point', point, 0);
  putPoint('project', 'axis', axis, POINT);
  if (C.project() < 0) rejected('project', ['point', 'axis'], [point, axis], (arg, index, field, message) =>
    `argument ${field} ${message} (got ${show(arg === 0 ? point : axis)})`);
  return vecAt(OUT);
}

/** Dot product (plain JavaScript: identical to the C++ result). */
export function dot(a, b) {
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
export function bounds(shape) {
  if (!ready) notReady();
  const k = putShape('bounds', 'shape', shape, 0, PAIR_SHAPES);
  const r = C.bounds(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('bounds', ['shape'], [shape]);
  return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
}

/** Area-weighted centroid of a polygon. */
export function centroid(polygon) {
  if (!ready) notReady();
  putFixed('centroid', 'polygon', polygon, 0, POLYGON);
  const r = C.centroid(io[0], io[1]);
  fresh();
  if (r < 0) rejected('centroid', ['polygon'], [polygon]);
  return vecAt(OUT);
}

/** The polygon moved by a transform (Polygon::transformed). */
export function transformed(polygon, transform) {
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

/** The polygon of a rotated box (Polygon::fromBox). */
export function polygonFromBox(box) {
  if (!ready) notReady();
  putFixed('polygonFromBox', 'box', box, 0, BOX);
  const r = C.polygonFromBox();
  if (r < 0) rejected('polygonFromBox', ['box'], [box]);
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/** The polygon of an axis-aligned box (Polygon::fromAabb). */
export function polygonFromAabb(aabb) {
  if (!ready) notReady();
  putFixed('polygonFromAabb', 'aabb', aabb, 0, AABB);
  const r = C.polygonFromAabb();
  if (r < 0) rejected('polygonFromAabb', ['aabb'], [aabb]);
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/** The four corners of a box, counter-clockwise from local (-hx, -hy) (Box::corners). */
export function corners(box) {
  if (!ready) notReady();
  putFixed('corners', 'box', box, 0, BOX);
  if (C.corners() < 0) rejected('corners', ['box'], [box]);
  return [vecAt(OUT), vecAt(OUT + 2), vecAt(OUT + 4), vecAt(OUT + 6)];
}

/** Point from the local frame of a transform to the world. */
export function apply(transform, point) {
  if (!ready) notReady();
  putTransform('apply', 'transform', transform, 0);
  putPoint('apply', 'point', point, POINT);
  if (C.apply(0) < 0) rejected('apply', ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}

/** Point from the world to the local frame of a transform. */
export function applyInverse(transform, point) {
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

const preparedToken = Symbol('PreparedPolygons');
const preparedRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((address) => rawPreparedFree(address))
  : null;
let preparedAddressOf;

/**
 * Polygons validated and prepared once in wasm memory (see batch.preparePolygons). Owns that memory until free()
 * (safe to call twice; also Symbol.dispose, and a FinalizationRegistry as a last resort).
 */
export class PreparedPolygons {
  #address = 0;
  #count = 0;
  static {
    preparedAddressOf = (fn, p) => {
      if (p.#address === 0) throw new Error(`collide2d.${fn}: argument polygons was freed (PreparedPolygons.free())`);
      return p.#address;
    };
  }
  /** Not for users: call batch.preparePolygons(). */
  constructor(token, address, count) {
    if (token !== preparedToken) throw new TypeError('collide2d.PreparedPolygons: create them with batch.preparePolygons()');
    this.#address = address;
    this.#count = count;
    preparedRegistry?.register(this, address, this);
  }
  /** Number of polygons (pair indices go from 0 to count - 1); 0 once freed. */
  get count() { return this.#count; }
  /** True once free() was called. */
  get freed() { return this.#address === 0; }
  /** Releases the wasm memory. Safe to call more than once. */
  free() {
    if (this.#address === 0) return;
    preparedRegistry?.unregister(this);
    rawPreparedFree(this.#address);
    this.#address = 0;
    this.#count = 0;
  }
}
if (typeof Symbol.dispose === 'symbol') PreparedPolygons.prototype[Symbol.dispose] = PreparedPolygons.prototype.free;

/** The wasm address of a PreparedPolygons argument, or 0 for packed polygons. */
function preparedAddress(fn, polygons) {
  return polygons instanceof PreparedPolygons ? preparedAddressOf(fn, polygons) : 0;
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
  const address = rawPreparedCreate(0, vertexCount, offsetsOff, offsets.length - 1, 0);
  fresh();
  if (address < 0) rejected(fn, ['polygons'], [], batchError(fn, ['polygons']));
  return new PreparedPolygons(preparedToken, address, offsets.length - 1);
}

function pairBatch(fn, polygons, pairs, collideMode, out) {
  const names = ['polygons', 'pairs', 'out'];
  if (!ready) notReady();
  const prepared = preparedAddress(fn, polygons);
  if (prepared === 0) checkPacked(fn, 'polygons', polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  out = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const outBytes = collideMode ? n * 8 * CONTACT_STRIDE : n;
  // Prepared polygons already live in wasm: the pairs go at the start of the scratch buffer.
  const pairsOff = prepared !== 0 ? (reserve(fn, n * 8 + outBytes), 0) : putPolygons(fn, names, polygons, n * 8 + outBytes, 0);
  const outOff = pairsOff + n * 8;
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const r = prepared !== 0 ? rawPreparedPP(prepared, pairsOff, n, outOff, collideMode ? 1 : 0)
    : collideMode ? rawBatchCollidePP(pairsOff, n, outOff) : rawBatchOverlapsPP(pairsOff, n, outOff);
  if (r < 0) rejected(fn, names, [], batchError(fn, names));
  const at = bufPtr + outOff;
  if (collideMode) out.set(f64.subarray(at >> 3, (at >> 3) + n * CONTACT_STRIDE));
  else out.set(u8.subarray(at, at + n));
  return out;
}

function circlePolygonBatch(fn, circles, polygons, pairs, collideMode, out) {
  const names = ['circles', 'polygons', 'pairs', 'out'];
  if (!ready) notReady();
  const circleCount = checkTyped(fn, 'circles', circles, Float64Array, 3);
  const prepared = preparedAddress(fn, polygons);
  if (prepared === 0) checkPacked(fn, 'polygons', polygons);
  const n = checkTyped(fn, 'pairs', pairs, Uint32Array, 2);
  out = collideMode ? outArray(fn, out, Float64Array, n * CONTACT_STRIDE) : outArray(fn, out, Uint8Array, n);
  const outBytes = collideMode ? n * 8 * CONTACT_STRIDE : n;
  const extra = circleCount * 24 + n * 8 + outBytes;
  const circlesOff = prepared !== 0 ? (reserve(fn, extra), 0) : putPolygons(fn, names, polygons, extra, 1);
  const pairsOff = circlesOff + circleCount * 24;
  const outOff = pairsOff + n * 8;
  f64.set(circles, (bufPtr + circlesOff) >> 3);
  u32.set(pairs, (bufPtr + pairsOff) >> 2);
  const mode = collideMode ? 1 : 0;
  const r = prepared !== 0 ? rawPreparedCP(prepared, circlesOff, circleCount, pairsOff, n, outOff, mode)
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

/** Batched queries over typed arrays: no JS object per pair. Layouts are documented in index.d.ts. */
export const batch = Object.freeze({
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
});

// ---- World: many bodies, a broad phase, pairs, events and queries (C++ collide2d::World) ---------------------------

const MAX_BODIES = 0xfffff; // World::kMaxBodies + 1: handles' slot bits
const worldRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((address) => wFree(address))
  : null;

function freedError(fn) {
  return new Error(`collide2d.World.${fn}: the world was freed`);
}

/** A uint32 body handle (TypeError for a non-number, RangeError for a number that cannot be a handle). */
function checkHandle(fn, name, h) {
  if ((h >>> 0) !== h) {
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
 * Many bodies with a broad phase: overlapping pairs with contacts, begin / end events, region queries and raycasts.
 * Wraps the C++ collide2d::World, which lives in wasm memory until free(). Bodies are numeric handles (uint32:
 * slot | generation << 20). Results are views into wasm memory (see index.d.ts for layouts and lifetimes).
 */
export class World {
  static PAIR_STRIDE = 2;
  static CONTACT_STRIDE = 5;
  static EVENT_STRIDE = 2;
  static RAY_HIT_STRIDE = 6;

  #p = 0; // address of the C++ World; 0 once freed
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
  #vPairs = null;
  #vContacts = null;
  #vBegins = null;
  #vEnds = null;
  #vQueries = null;
  #vRays = null;

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
    const p = wCreate();
    fresh();
    if (cellSize > 0) wCellSize(p, cellSize);
    this.#p = p;
    worldRegistry?.register(this, p, this);
  }

  #live(fn) {
    const p = this.#p;
    if (p === 0) throw freedError(fn);
    return p;
  }

  /** Adds a body (shape in local coordinates); returns its handle. */
  add(shape, transform, options) {
    const fn = 'World.add';
    const p = this.#live('add');
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
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
    }
    io[SLOT1] = x;
    io[SLOT1 + 1] = y;
    io[SLOT1 + 2] = angle;
    const h = wAdd(p, kind, io[0], io[1], userId, category, mask, group);
    fresh();
    if (h === -1) {
      rejected(fn, ['shape', 'transform', 'options'], [shape, transform, options], (arg, index, field) =>
        field === 'capacity' ? `the world is full (${MAX_BODIES - 1} bodies, or slots retired by churn)` : undefined);
    }
    return h >>> 0;
  }

  /** Removes a body; its pairs end at the next step(). */
  remove(handle) {
    const p = this.#live('remove');
    checkHandle('World.remove', 'handle', handle);
    if (wRemove(p, handle) < 0) throw staleHandle('World.remove', 'handle', handle);
  }

  /** True when `handle` is a live body of this world. */
  has(handle) {
    const p = this.#live('has');
    if (typeof handle !== 'number') throw typeError('World.has', 'handle', 'a body handle (a number)', handle);
    return (handle >>> 0) === handle && wHas(p, handle) !== 0;
  }

  /** Removes every body. */
  clear() {
    wClear(this.#live('clear'));
  }

  /** Number of live bodies. */
  get bodyCount() {
    return wCount(this.#live('bodyCount'));
  }

  /** Reserves storage for this many bodies. */
  reserve(n) {
    const p = this.#live('reserve');
    if (typeof n !== 'number') throw typeError('World.reserve', 'n', 'a number', n);
    if (!Number.isInteger(n) || n < 0 || n >= MAX_BODIES) {
      throw new RangeError(`collide2d.World.reserve: argument n must be an integer in [0, ${MAX_BODIES - 1}] (got ${show(n)})`);
    }
    wReserve(p, n);
    fresh();
  }

  /** A copy of the live handles in body order (the order of setTransforms(xya)). */
  bodies() {
    const p = this.#live('bodies');
    const n = wCount(p);
    const at = wBodies(p) >>> 2;
    fresh();
    return u32.slice(at, at + n);
  }

  /** Moves one body. */
  setTransform(handle, x, y, angle = 0) {
    const fn = 'World.setTransform';
    const p = this.#live('setTransform');
    checkHandle(fn, 'handle', handle);
    if (typeof x !== 'number' || x - x !== 0) finite(fn, 'x', x);
    if (typeof y !== 'number' || y - y !== 0) finite(fn, 'y', y);
    if (typeof angle !== 'number' || angle - angle !== 0) finite(fn, 'angle', angle);
    if (wSetXf(p, handle, x, y, angle) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** Moves every body (xya in body order) or the listed ones: x, y, angle per body. All or nothing. */
  setTransforms(xya, handles) {
    const fn = 'World.setTransforms';
    const p = this.#live('setTransforms');
    if (!(xya instanceof Float64Array)) throw typeError(fn, 'xya', 'a Float64Array', xya);
    let r;
    if (handles === undefined) {
      const n = 3 * wCount(p);
      if (xya.length !== n) {
        throw new RangeError(`collide2d.${fn}: argument xya.length must be 3 * bodyCount = ${n} (got ${xya.length})`);
      }
      fresh();
      const base = reserve(fn, n * 8);
      f64.set(xya, base >> 3);
      r = wSetXfs(p, 0, n);
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
      r = wSetXfsOf(p, 0, n * 24, n);
    }
    if (r < 0) {
      const { field } = errorText();
      if (field === 'handle') {
        const i = handles.findIndex((h) => wHas(p, h) === 0);
        throw staleHandle(fn, `handles[${i}]`, handles[i]);
      }
      const k = xya.findIndex((v) => !Number.isFinite(v));
      throw new RangeError(`collide2d.${fn}: argument xya[${k}] must be finite (got ${show(xya[k])})`);
    }
  }

  /** The body's transform. */
  getTransform(handle) {
    const p = this.#live('getTransform');
    this.#read('World.getTransform', wGetXf(p, handle), handle);
    return { x: io[OUT], y: io[OUT + 1], angle: io[OUT + 2] };
  }

  /** Checks a handle after a wasm call that read it (-1: invalid or stale). */
  #read(fn, r, handle) {
    checkHandle(fn, 'handle', handle);
    if (r < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** Changes a body's filter; fields left out keep their value. */
  setFilter(handle, filter) {
    const fn = 'World.setFilter';
    const p = this.#live('setFilter');
    checkHandle(fn, 'handle', handle);
    checkObject(fn, 'filter', filter);
    const { category, mask, group } = filter;
    if (category !== undefined) bits(fn, 'filter.category', category, false);
    if (mask !== undefined) bits(fn, 'filter.mask', mask, false);
    if (group !== undefined) bits(fn, 'filter.group', group, true);
    if (wGetFilter(p, handle) < 0) throw staleHandle(fn, 'handle', handle);
    wSetFilter(p, handle, category ?? io[OUT], mask ?? io[OUT + 1], group ?? io[OUT + 2]);
  }

  /** The body's filter. */
  getFilter(handle) {
    const p = this.#live('getFilter');
    this.#read('World.getFilter', wGetFilter(p, handle), handle);
    return { category: io[OUT], mask: io[OUT + 1], group: io[OUT + 2] };
  }

  /** Sets the body's user id (any finite number). */
  setUserId(handle, id) {
    const fn = 'World.setUserId';
    const p = this.#live('setUserId');
    checkHandle(fn, 'handle', handle);
    finite(fn, 'id', id);
    if (wSetUser(p, handle, id) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** The body's user id. */
  getUserId(handle) {
    const p = this.#live('getUserId');
    this.#read('World.getUserId', wGetUser(p, handle), handle);
    return io[OUT];
  }

  /** The body's shape in world coordinates (a plain shape object). */
  getShape(handle) {
    const p = this.#live('getShape');
    const kind = wGetShape(p, handle);
    fresh();
    this.#read('World.getShape', kind, handle);
    const o = OUT;
    switch (kind) {
      case CIRCLE: return { type: 'circle', center: vecAt(o), radius: io[o + 2] };
      case AABB: return { type: 'aabb', min: vecAt(o), max: vecAt(o + 2) };
      case BOX: return { type: 'box', center: vecAt(o), halfExtents: vecAt(o + 2), angle: io[o + 4] };
      case SEGMENT: return { type: 'segment', a: vecAt(o), b: vecAt(o + 2) };
      default: {
        const n = io[o];
        const points = new Array(n);
        for (let i = 0, k = io[o + 1] >> 3; i < n; i++, k += 2) points[i] = { x: f64[k], y: f64[k + 1] };
        return { type: 'polygon', points };
      }
    }
  }

  /** The conservative world bounds the broad phase uses. */
  getBounds(handle) {
    const p = this.#live('getBounds');
    this.#read('World.getBounds', wGetBounds(p, handle), handle);
    return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
  }

  /** Finds every touching pair (with contacts) and the begin / end events; returns the pair count. */
  step() {
    const p = this.#p;
    if (p === 0) throw freedError('step');
    const n = wStep(p);
    if (io.length === 0) refresh();
    this.#pairs = n;
    this.#pairsAt = io[OUT + 1];
    this.#contactsAt = io[OUT + 2];
    this.#begins = io[OUT + 3];
    this.#beginsAt = io[OUT + 4];
    this.#ends = io[OUT + 5];
    this.#endsAt = io[OUT + 6];
    return n;
  }

  /** Pairs found by the last step(). */
  get pairCount() {
    this.#live('pairCount');
    return this.#pairs;
  }

  /** Begin events of the last step(). */
  get beginCount() {
    this.#live('beginCount');
    return this.#begins;
  }

  /** End events of the last step(). */
  get endCount() {
    this.#live('endCount');
    return this.#ends;
  }

  /** handleA, handleB per pair (view into wasm memory). */
  get pairBodies() {
    this.#live('pairBodies');
    return (this.#vPairs = viewOf(this.#vPairs, Uint32Array, this.#pairsAt, 2 * this.#pairs));
  }

  /** normalX, normalY, depth, pointX, pointY per pair (view into wasm memory). */
  get pairContacts() {
    this.#live('pairContacts');
    return (this.#vContacts = viewOf(this.#vContacts, Float64Array, this.#contactsAt, 5 * this.#pairs));
  }

  /** handleA, handleB per begin event (view into wasm memory). */
  get beginEvents() {
    this.#live('beginEvents');
    return (this.#vBegins = viewOf(this.#vBegins, Uint32Array, this.#beginsAt, 2 * this.#begins));
  }

  /** handleA, handleB per end event (view into wasm memory). */
  get endEvents() {
    this.#live('endEvents');
    return (this.#vEnds = viewOf(this.#vEnds, Uint32Array, this.#endsAt, 2 * this.#ends));
  }

  #query(fn, names, args, n) {
    fresh();
    if (n < 0) rejected(fn, names, args);
    this.#queries = n;
    this.#queriesAt = io[OUT];
    return n;
  }

  /** Bodies overlapping an aabb; returns the count, handles in queryResults. */
  queryAabb(aabb, mask) {
    const fn = 'World.queryAabb';
    const p = this.#live('queryAabb');
    putFixed(fn, 'aabb', aabb, 0, AABB);
    return this.#query(fn, ['aabb', 'mask'], [aabb, mask], wQAabb(p, maskArg(fn, mask)));
  }

  /** Bodies containing a point; returns the count, handles in queryResults. */
  queryPoint(point, mask) {
    const fn = 'World.queryPoint';
    const p = this.#live('queryPoint');
    putPoint(fn, 'point', point, POINT);
    return this.#query(fn, ['point', 'mask'], [point, mask], wQPoint(p, maskArg(fn, mask)));
  }

  /** Bodies overlapping a shape (world coordinates); returns the count, handles in queryResults. */
  queryShape(shape, mask) {
    const fn = 'World.queryShape';
    const p = this.#live('queryShape');
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
    return this.#query(fn, ['shape', 'mask'], [shape, mask], wQShape(p, kind, io[0], io[1], maskArg(fn, mask)));
  }

  /** Handles found by the last query, sorted by slot index (view into wasm memory). */
  get queryResults() {
    this.#live('queryResults');
    return (this.#vQueries = viewOf(this.#vQueries, Uint32Array, this.#queriesAt, this.#queries));
  }

  #cast(fn, ray, mask, all) {
    const p = this.#live(fn);
    fn = 'World.' + fn;
    putFixed(fn, 'ray', ray, 0, RAY);
    const n = wRay(p, all, maskArg(fn, mask));
    fresh();
    if (n < 0) rejected(fn, ['ray', 'mask'], [ray, mask]);
    this.#rays = n;
    this.#raysAt = io[OUT];
    return n;
  }

  /** Closest hit of a ray: returns 0 or 1, the record in rayHits. */
  raycast(ray, mask) {
    return this.#cast('raycast', ray, mask, 0);
  }

  /** Every hit of a ray, by fraction then slot index: returns the count, records in rayHits. */
  raycastAll(ray, mask) {
    return this.#cast('raycastAll', ray, mask, 1);
  }

  /** handle, fraction, pointX, pointY, normalX, normalY per hit of the last raycast (view into wasm memory). */
  get rayHits() {
    this.#live('rayHits');
    return (this.#vRays = viewOf(this.#vRays, Float64Array, this.#raysAt, 6 * this.#rays));
  }

  /** Hit i of the last raycast as an object, or null. */
  rayHit(i = 0) {
    this.#live('rayHit');
    if (typeof i !== 'number') throw typeError('World.rayHit', 'i', 'a number', i);
    if (!Number.isInteger(i) || i < 0) {
      throw new RangeError(`collide2d.World.rayHit: argument i must be an integer >= 0 (got ${show(i)})`);
    }
    if (i >= this.#rays) return null;
    const v = this.rayHits;
    const k = 6 * i;
    return { body: v[k], fraction: v[k + 1], point: { x: v[k + 2], y: v[k + 3] }, normal: { x: v[k + 4], y: v[k + 5] } };
  }

  /** Bytes of wasm heap the world holds. */
  get heapBytes() {
    return wHeap(this.#live('heapBytes'));
  }

  /** Releases the world's wasm memory. Safe to call more than once. */
  free() {
    const p = this.#p;
    if (p === 0) return;
    worldRegistry?.unregister(this);
    this.#p = 0;
    this.#vPairs = this.#vContacts = this.#vBegins = this.#vEnds = this.#vQueries = this.#vRays = null;
    wFree(p);
  }
}
if (typeof Symbol.dispose === 'symbol') World.prototype[Symbol.dispose] = World.prototype.free;
