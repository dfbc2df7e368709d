// collide2d — the World's bodies (world.ts is the class): adding one (a shape, a concave outline or a compound),
// moving them one by one or in bulk, reading their shapes back, and the checks of handles and part indices.
import {
  argumentError, bits, checkObject, checkOptions, finite, isObject, lookup, notFinite, rangeError, show, stateError,
  typeError,
} from './errors.js';
import {
  AABB, BOX, CAPSULE, CIRCLE, COMPOUND, MAX_PARTS, PAIR_SHAPES, SEGMENT, putCompound, putShape, vecAt,
} from './marshal.js';
import type { RawWorld } from './raw.js';
import { OUT, SLOT1, f64, fresh, guarded, heap, io, lastError, raw, rejected, reserve, u32 } from './runtime.js';
import type { BodyHandle, BodyShape, Collide2dError, Shape, Vec2 } from './types.js';

/** World::kMaxBodies + 1: handles' slot bits. */
export const MAX_BODIES = 0xfffff;
const BODY_OPTIONS = ['userId', 'category', 'mask', 'group', 'static', 'sensor'];

export function freedError(fn: string): Error {
  return stateError(`World.${fn}`, 'Freed', 'the world was freed');
}

/** A uint32 body handle (TypeError for a non-number, RangeError InvalidHandle for a number that cannot be one). */
export function checkHandle(fn: string, name: string, h: unknown): asserts h is number {
  if (typeof h !== 'number') throw typeError(fn, name, 'a body handle (a number)', h);
  if ((h >>> 0) !== h) {
    throw argumentError(fn, 'InvalidHandle', name, 'must be a body handle, an integer in [0, 2^32)', h);
  }
}

export function staleHandle(fn: string, name: string, h: unknown): Collide2dError {
  return rangeError(fn, 'InvalidHandle', `argument ${name} is not a live body of this world: invalid or stale handle (got ${show(h)})`);
}

/** After a raw call that took a handle and returned -1: the handle (stale) or the transform (beyond the range). */
export function handleOrRange(fn: string, handle: unknown, transformText: string): Collide2dError {
  if (lastError().field === 'handle') return staleHandle(fn, 'handle', handle);
  return rangeError(fn, 'InvalidArgument', `${transformText} ${BEYOND}`);
}

/** What the World says of a transform it refuses (world.h: the range). */
const BEYOND = 'beyond the coordinate range (±1e300: |x| or |y| plus the reach of its shape)';

/** The `mask` argument of queries: all bits when undefined. */
export function maskArg(fn: string, mask: unknown): number {
  return mask === undefined ? 0xffffffff : bits(fn, 'mask', mask, false);
}

/** A typed array class as viewOf uses it. */
interface ViewClass<T> {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
}

/** A cached view over wasm memory when still good for `length` elements at `address`, else a new exact one. */
export function viewOf<T extends Uint32Array | Float64Array>(v: T | null, Type: ViewClass<T>, address: number, length: number): T {
  fresh();
  if (v !== null && v.buffer === heap && v.byteOffset === address && v.length >= length) return v;
  return new Type(heap, address, length);
}

/** A shape of the World's raw getShape (kind, numbers from io[OUT]) as a JS object. */
function worldShapeAt(kind: number): Shape {
  const o = OUT;
  switch (kind) {
    case CIRCLE: return { type: 'circle', center: vecAt(o), radius: io[o + 2] };
    case AABB: return { type: 'aabb', min: vecAt(o), max: vecAt(o + 2) };
    case BOX: return { type: 'box', center: vecAt(o), halfExtents: vecAt(o + 2), angle: io[o + 4] };
    case SEGMENT: return { type: 'segment', a: vecAt(o), b: vecAt(o + 2) };
    case CAPSULE: return { type: 'capsule', a: vecAt(o), b: vecAt(o + 2), radius: io[o + 4] };
    default: {
      const n = io[o];
      const points = new Array<Vec2>(n);
      for (let i = 0, k = io[o + 1] >> 3; i < n; i++, k += 2) points[i] = { x: f64[k], y: f64[k + 1] };
      return { type: 'polygon', points };
    }
  }
}

/**
 * The message for a compound rejected by the raw World.addCompound: part `index` (-1: the parts array), `which` of it
 * (0 its shape, 1 its offset, 2 its placement beyond the coordinate range).
 */
function compoundError(shape: { readonly parts: readonly unknown[] }, index: number, field: string, message: string,
  which: number): string {
  if (index < 0) {
    return `argument shape.parts must be a non-empty array of at most ${MAX_PARTS} parts {shape, offset?} ` +
      `(got ${show(shape.parts)})`;
  }
  const part = shape.parts[index];
  const path = `shape.parts[${index}]`;
  if (which === 2) return `argument transform puts ${path} beyond the coordinate range (±1e300)`;
  const target = isObject(part) ? (which === 0 ? part.shape : part.offset) : undefined;
  const got = field !== '' ? lookup(target, field) : target;
  return `argument ${path}.${which === 0 ? 'shape' : 'offset'}${field !== '' ? '.' + field : ''} ${message}` +
    (got !== undefined ? ` (got ${show(got)})` : '');
}

/** World.add (see its TSDoc in world.ts). */
export function addBody(p: RawWorld, shape: unknown, transform: unknown, options: unknown): BodyHandle {
  const fn = 'World.add';
  const isCompound = isObject(shape) && shape.type === 'compound';
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
  const o = checkOptions(fn, 'options', options, BODY_OPTIONS);
  if (o !== undefined) {
    if (o.userId !== undefined) userId = finite(fn, 'options.userId', o.userId);
    if (o.category !== undefined) category = bits(fn, 'options.category', o.category, false);
    if (o.mask !== undefined) mask = bits(fn, 'options.mask', o.mask, false);
    if (o.group !== undefined) group = bits(fn, 'options.group', o.group, true);
    if (o.static !== undefined && typeof o.static !== 'boolean') throw typeError(fn, 'options.static', 'a boolean', o.static);
    if (o.sensor !== undefined && typeof o.sensor !== 'boolean') throw typeError(fn, 'options.sensor', 'a boolean', o.sensor);
  }
  io[SLOT1] = x;
  io[SLOT1 + 1] = y;
  io[SLOT1 + 2] = angle;
  const parts = isCompound ? (shape.parts as readonly unknown[]) : [];
  const h = guarded(fn, () => (isCompound
    ? raw.worldAddCompound(p, kind, parts.length, userId, category, mask, group)
    : raw.worldAdd(p, kind, io[0], io[1], userId, category, mask, group)));
  fresh();
  if (h === -1) {
    const edges: [number, number] = [io[OUT], io[OUT + 1]];
    try {
      rejected(fn, ['shape', 'transform', 'options'], [shape, transform, options], (arg, index, field, message) => {
        if (field === 'capacity') return `the world is full (${MAX_BODIES - 1} bodies, or slots retired by churn)`;
        if (isCompound && arg === 0) return compoundError({ parts }, index, field, message, io[OUT]);
        if (field === 'edges') {
          return `argument shape.points crosses or touches itself: edges[${edges[0]}] and edges[${edges[1]}] share ` +
            'a point (edge i runs from points[i] to points[i + 1])';
        }
        if (field === 'transform') return 'argument transform puts the shape beyond the coordinate range (±1e300)';
        return undefined;
      });
    } catch (e) {
      if (!isCompound && isObject(e) && e.code === 'NotConvex' && edges[0] >= 0) Object.assign(e, { edges });
      throw e;
    }
  }
  if (o !== undefined && o.static === true) raw.worldSetStatic(p, h, 1);
  if (o !== undefined && o.sensor === true) raw.worldSetSensor(p, h, 1);
  return (h >>> 0) as BodyHandle;
}

/** World.setTransform, either form (see its TSDoc). */
export function setTransformOf(p: RawWorld, handle: unknown, a: unknown, b: unknown, c: unknown): void {
  const fn = 'World.setTransform';
  checkHandle(fn, 'handle', handle);
  let x;
  let y;
  let angle;
  let what;
  if (typeof a === 'number') {
    x = a - a === 0 ? a : finite(fn, 'x', a);
    y = typeof b === 'number' && b - b === 0 ? b : finite(fn, 'y', b);
    angle = c === undefined ? 0 : typeof c === 'number' && c - c === 0 ? c : finite(fn, 'angle', c);
    what = 'arguments x, y put the body';
  } else {
    // (with more arguments, the numbers form was meant)
    if (b !== undefined) throw typeError(fn, 'x', 'a number', a);
    if (!isObject(a)) throw typeError(fn, 'transform', 'an object {x, y, angle?} (or the numbers x, y, angle?)', a);
    x = finite(fn, 'transform.x', a.x);
    y = finite(fn, 'transform.y', a.y);
    angle = a.angle === undefined ? 0 : finite(fn, 'transform.angle', a.angle);
    what = 'argument transform puts the body';
  }
  if (raw.worldSetTransform(p, handle, x, y, angle) < 0) {
    if (lastError().field !== 'handle' && Math.abs(angle) > 1e300) {
      throw argumentError(fn, 'InvalidArgument', typeof a === 'number' ? 'angle' : 'transform.angle',
        'must be within ±1e300 (the angle range)', angle);
    }
    throw handleOrRange(fn, handle, what);
  }
}

/** World.setTransforms (see its TSDoc). */
export function setTransformsOf(p: RawWorld, xya: unknown, handles: unknown): void {
  const fn = 'World.setTransforms';
  if (!(xya instanceof Float64Array)) throw typeError(fn, 'xya', 'a Float64Array', xya);
  let r;
  if (handles === undefined) {
    const n = 3 * raw.worldBodyCount(p);
    if (xya.length !== n) {
      throw argumentError(fn, 'OutOfRange', 'xya.length', `must be 3 * bodyCount = ${n}`, xya.length);
    }
    fresh();
    const base = reserve(fn, n * 8);
    f64.set(xya, base >> 3);
    r = raw.worldSetTransforms(p, 0, n);
  } else {
    if (!(handles instanceof Uint32Array)) throw typeError(fn, 'handles', 'a Uint32Array (or undefined)', handles);
    const n = handles.length;
    if (xya.length !== 3 * n) {
      throw argumentError(fn, 'OutOfRange', 'xya.length', `must be 3 * handles.length = ${3 * n}`, xya.length);
    }
    fresh();
    const base = reserve(fn, n * 28);
    f64.set(xya, base >> 3);
    u32.set(handles, (base + n * 24) >> 2);
    r = raw.worldSetTransformsOf(p, 0, n * 24, n);
  }
  if (r >= 0) return;
  const { code, field } = lastError();
  if (field === 'handle' && handles instanceof Uint32Array) {
    const i = handles.findIndex((h) => raw.worldHas(p, h) === 0);
    throw staleHandle(fn, `handles[${i}]`, handles[i]);
  }
  // A NaN or an infinity; else a coordinate or an angle beyond ±1e300; else (a shape whose own reach is nearly the
  // range) the whole argument.
  const k = xya.findIndex((v) => !Number.isFinite(v));
  if (k >= 0) throw notFinite(fn, `xya[${k}]`, xya[k]);
  const j = xya.findIndex((v) => Math.abs(v) > 1e300);
  if (j >= 0) {
    throw argumentError(fn, code, `xya[${j}]`, `must be within ±1e300 (the ${j % 3 === 2 ? 'angle' : 'coordinate'} range)`,
      xya[j]);
  }
  // The body whose shape's reach takes it out of range (the World says which; nothing was moved).
  const n = xya.length / 3;
  const at = handles instanceof Uint32Array ? 0 : raw.worldBodies(p) >>> 2;
  const order = handles instanceof Uint32Array ? handles : u32.subarray(at, at + n);
  for (let i = 0; i < n; i++) {
    if (raw.worldCheckTransform(p, order[i], xya[3 * i], xya[3 * i + 1], xya[3 * i + 2]) < 0) {
      const which = handles instanceof Uint32Array ? `handles[${i}]` : `bodies()[${i}]`;
      throw rangeError(fn, code, `argument xya[${3 * i}..${3 * i + 2}] puts ${which} ${BEYOND}`);
    }
  }
  throw rangeError(fn, code, `argument xya puts a body ${BEYOND}`);
}

/** Checks `part` of a body (an integer in [0, partCount)) for `fn`; returns it, or -1 when undefined. */
export function partIndex(fn: string, p: RawWorld, handle: unknown, part: unknown): number {
  checkHandle(fn, 'handle', handle);
  if (part === undefined) return -1;
  if (typeof part !== 'number') throw typeError(fn, 'part', 'a part index (a number)', part);
  const n = raw.worldPartCount(p, handle);
  if (n < 0) throw staleHandle(fn, 'handle', handle);
  if (!Number.isInteger(part) || part < 0 || part >= n) {
    throw argumentError(fn, 'OutOfRange', 'part', `must be an integer in [0, ${n}): the body has ${n} ` +
      `part${n === 1 ? '' : 's'}`, part);
  }
  return part;
}

/** Checks a handle after a wasm call that read it (-1: invalid or stale). */
export function readHandle(fn: string, r: number, handle: unknown): void {
  checkHandle(fn, 'handle', handle);
  if (r < 0) throw staleHandle(fn, 'handle', handle);
}

/** World.getShape (see its TSDoc). */
export function shapeOf(p: RawWorld, handle: unknown, part: unknown): BodyShape {
  const fn = 'World.getShape';
  const k = partIndex(fn, p, handle, part);
  const kind = raw.worldGetShape(p, handle as number, k);
  fresh();
  readHandle(fn, kind, handle);
  if (kind !== COMPOUND) return worldShapeAt(kind);
  const n = io[OUT];
  const parts = new Array<{ shape: Shape }>(n);
  for (let i = 0; i < n; i++) {
    const r = raw.worldGetShape(p, handle as number, i);
    fresh();
    parts[i] = { shape: worldShapeAt(r) };
  }
  return { type: 'compound', parts };
}

/** World.setFilter (see its TSDoc). */
export function setFilterOf(p: RawWorld, handle: unknown, filter: unknown): void {
  const fn = 'World.setFilter';
  checkHandle(fn, 'handle', handle);
  checkObject(fn, 'filter', filter);
  checkOptions(fn, 'filter', filter, ['category', 'mask', 'group']);
  const { category, mask, group } = filter;
  if (category !== undefined) bits(fn, 'filter.category', category, false);
  if (mask !== undefined) bits(fn, 'filter.mask', mask, false);
  if (group !== undefined) bits(fn, 'filter.group', group, true);
  if (raw.worldGetFilter(p, handle) < 0) throw staleHandle(fn, 'handle', handle);
  raw.worldSetFilter(p, handle, (category as number | undefined) ?? io[OUT], (mask as number | undefined) ?? io[OUT + 1],
    (group as number | undefined) ?? io[OUT + 2]);
}

const CHAIN_OPTIONS = ['loop', 'userId', 'category', 'mask', 'group', 'transform'];

/** World.addChain (see its TSDoc in world.ts). */
export function addChainBody(p: RawWorld, points: unknown, options: unknown): BodyHandle {
  const fn = 'World.addChain';
  let n: number;
  if (points instanceof Float64Array) {
    if (points.length % 2 !== 0) {
      throw argumentError(fn, 'InvalidArgument', 'points.length', 'must be even (x, y pairs)', points.length);
    }
    n = points.length / 2;
    const bad = points.findIndex((v) => v - v !== 0);
    if (bad >= 0) throw notFinite(fn, `points[${bad}]`, points[bad]);
  } else if (Array.isArray(points)) {
    n = points.length;
    for (let i = 0; i < n; i++) {
      const q: unknown = points[i];
      if (!isObject(q)) throw typeError(fn, `points[${i}]`, 'a point {x, y}', q);
      finite(fn, `points[${i}].x`, q.x);
      finite(fn, `points[${i}].y`, q.y);
    }
  } else {
    throw typeError(fn, 'points', 'an array of points {x, y} or a Float64Array of x, y pairs', points);
  }
  let loop = false;
  let x = 0;
  let y = 0;
  let angle = 0;
  let userId = 0;
  let category = 1;
  let mask = 0xffffffff;
  let group = 0;
  const o = checkOptions(fn, 'options', options, CHAIN_OPTIONS);
  if (o !== undefined) {
    if (o.loop !== undefined && typeof o.loop !== 'boolean') throw typeError(fn, 'options.loop', 'a boolean', o.loop);
    loop = o.loop === true;
    if (o.userId !== undefined) userId = finite(fn, 'options.userId', o.userId);
    if (o.category !== undefined) category = bits(fn, 'options.category', o.category, false);
    if (o.mask !== undefined) mask = bits(fn, 'options.mask', o.mask, false);
    if (o.group !== undefined) group = bits(fn, 'options.group', o.group, true);
    const t: unknown = o.transform;
    if (t !== undefined) {
      if (!isObject(t)) throw typeError(fn, 'options.transform', 'an object {x, y, angle?}', t);
      x = finite(fn, 'options.transform.x', t.x);
      y = finite(fn, 'options.transform.y', t.y);
      if (t.angle !== undefined) angle = finite(fn, 'options.transform.angle', t.angle);
    }
  }
  fresh();
  const base = reserve(fn, Math.max(16, n * 16)) >> 3;
  if (points instanceof Float64Array) {
    f64.set(points, base);
  } else {
    const pts = points as readonly { x: number; y: number }[];
    for (let i = 0, k = base; i < n; i++, k += 2) {
      f64[k] = pts[i].x;
      f64[k + 1] = pts[i].y;
    }
  }
  io[SLOT1] = x;
  io[SLOT1 + 1] = y;
  io[SLOT1 + 2] = angle;
  const h = guarded(fn, () => raw.worldAddChain(p, n, loop ? 1 : 0, userId, category, mask, group));
  fresh();
  if (h === -1) {
    rejected(fn, ['points', 'options.transform'], [points, o?.transform], (arg, index, field, message) => {
      if (field === 'capacity') return `the world is full (${MAX_BODIES - 1} bodies, or slots retired by churn)`;
      if (arg !== 0) return undefined;
      const { code } = lastError();
      if (code === 'TooFewPoints') {
        return `argument points must hold at least ${loop ? '3 points (a loop)' : '2 points'} (got ${n})`;
      }
      if (code === 'ZeroDirection') {
        return index === n - 1 && loop && index > 0
          ? `argument points[${index}] equals points[0]: the loop's closing segment has zero length (a loop does ` +
            'not repeat its first point)'
          : `argument points[${index}] equals points[${index - 1}]: a zero-length segment`;
      }
      if (code === 'NotFinite') return `argument points[${index}] must be finite`;
      if (field === 'transform') return `argument options.transform puts points[${index}] beyond the coordinate range (±1e300)`;
      return `argument points ${message}`;
    });
  }
  return (h >>> 0) as BodyHandle;
}
