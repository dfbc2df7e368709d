// collide2d — errors and argument checks. Every error the package throws is made here (web/test/errors-codes.test.js
// checks that no other file constructs one): a TypeError, RangeError or Error whose message names the function and
// the argument, `collide2d.<fn>: argument <path> must be ... (got <value>)`, and whose `code` is an ErrorCode
// (types.ts lists and documents them).
import type { Collide2dError, ErrorCode, Vec2 } from './types.js';

/** The core's Error enum (collide2d::Error) by number: the codes of the values the core rejects. */
export const ERROR_NAMES = [
  'None', 'NotFinite', 'NegativeRadius', 'NegativeExtent', 'ZeroDirection', 'TooFewPoints', 'Collinear', 'NotConvex',
  'InvalidArgument', 'OutOfMemory',
] as const;

/** The code of the core's error number `n` (a number the core does not have: InvalidArgument). */
export function coreCode(n: number): ErrorCode {
  const name = ERROR_NAMES[n];
  return name === undefined || name === 'None' ? 'InvalidArgument' : name;
}

// ---- making errors ------------------------------------------------------------------------------------------------

/** `e` with its code. */
function coded<E extends Error>(e: E, code: ErrorCode): E & Collide2dError {
  return Object.assign(e, { code });
}

/** A RangeError `collide2d.<fn>: <text>`. */
export function rangeError(fn: string, code: ErrorCode, text: string): RangeError & Collide2dError {
  return outOfMemoryError(`collide2d.${fn}: ${text}`, code);
}

/** A RangeError with this whole message (the module's out-of-memory state, whose message is kept). */
export function outOfMemoryError(message: string, code: ErrorCode = 'OutOfMemory'): RangeError & Collide2dError {
  return coded(new RangeError(message), code);
}

/** A TypeError `collide2d.<fn>: <text>`. */
export function typeErrorText(fn: string, code: ErrorCode, text: string): TypeError & Collide2dError {
  return coded(new TypeError(`collide2d.${fn}: ${text}`), code);
}

/** An Error `collide2d.<fn>: <text>` (the module's state, not an argument: not loaded, freed, failed to load). */
export function stateError(fn: string, code: ErrorCode, text: string): Error & Collide2dError {
  return coded(new Error(fn === '' ? `collide2d: ${text}` : `collide2d.${fn}: ${text}`), code);
}

/** The TypeError `collide2d.<fn>: argument <path> must be <what> (got <value>)`, code WrongType. */
export function typeError(fn: string, path: string, what: string, value: unknown): TypeError & Collide2dError {
  return typeErrorText(fn, 'WrongType', `argument ${path} must be ${what} (got ${show(value)})`);
}

/** The RangeError `collide2d.<fn>: argument <path> <message> (got <value>)`; the value is left out when undefined. */
export function argumentError(fn: string, code: ErrorCode, path: string, message: string, value?: unknown): RangeError & Collide2dError {
  return rangeError(fn, code, `argument ${path} ${message}${value !== undefined ? ` (got ${show(value)})` : ''}`);
}

/** The RangeError of a number that is NaN or infinite. */
export function notFinite(fn: string, path: string, value: unknown): RangeError & Collide2dError {
  return argumentError(fn, 'NotFinite', path, 'must be finite', value);
}

/** What the core's message for `code` on `field` should say to a JavaScript caller. */
export function coreMessage(code: ErrorCode, field: string, message: string): string {
  // An aabb's max is compared with its min, a box's half-extents with 0 (the core words it so for its own field
  // "max"; a wrapper path such as "parts[2].shape.max" ends the same way).
  if (code === 'NegativeExtent') return /(^|\.)max$/.test(field) ? 'must be >= min on both axes' : 'must be >= 0';
  // ... and "must give a non-zero direction (the two points coincide)" also of a ray's direction, which is one vector.
  if (code === 'ZeroDirection' && /(^|\.)direction$/.test(field)) return 'must not be the zero vector';
  return message;
}

/** The hint a rejected non-convex polygon gets: where a concave outline is accepted. */
export const CONCAVE_HINT = '; a concave outline can be split into convex polygons with decompose(), or given whole to World.add()';

// ---- showing values -------------------------------------------------------------------------------------------------

/** A value as error messages show it. */
export function show(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v);
  if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (ArrayBuffer.isView(v)) {
    const length = (v as { length?: unknown }).length;
    return `a ${v.constructor.name}${typeof length === 'number' ? ` of ${length}` : ''}`;
  }
  const o = v as Fields;
  if (typeof o.x === 'number' && typeof o.y === 'number') return `{x: ${show(o.x)}, y: ${show(o.y)}}`;
  if (typeof o.type === 'string') return `a ${show(o.type)} object`;
  return 'an object';
}

/** Walks a field path such as "points[2]" or "center" from v; undefined when it does not lead anywhere. */
export function lookup(v: unknown, field: string): unknown {
  if (field === '') return v;
  let cur = v;
  for (const part of field.split(/[.[\]]/)) {
    if (part === '') continue;
    if (cur === null || (typeof cur !== 'object' && typeof cur !== 'function')) return undefined;
    cur = (cur as Fields)[part];
  }
  return cur;
}

// ---- reading a caller's values ----------------------------------------------------------------------------------------

/** A caller's object, read field by field before the fields are checked. */
export type Fields = { readonly [key: string]: unknown };

export function isObject(v: unknown): v is Fields {
  return v !== null && typeof v === 'object';
}

/** Array.isArray without its `any[]`. */
export function isArray(v: unknown): v is readonly unknown[] {
  return Array.isArray(v);
}

/** A point {x, y} of numbers (the cheap test of hot paths; checkVec names what is wrong). */
export function isVec(v: unknown): v is Vec2 {
  return v !== null && typeof v === 'object' && typeof (v as Fields).x === 'number' && typeof (v as Fields).y === 'number';
}

export function checkObject(fn: string, path: string, v: unknown): asserts v is Fields {
  if (v === null || typeof v !== 'object') throw typeError(fn, path, 'an object', v);
}

export function checkNumber(fn: string, path: string, v: unknown): asserts v is number {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
}

export function checkVec(fn: string, path: string, v: unknown): asserts v is Vec2 {
  if (v === null || typeof v !== 'object') throw typeError(fn, path, 'a point {x, y}', v);
  const o = v as Fields;
  if (typeof o.x !== 'number') throw typeError(fn, path + '.x', 'a number', o.x);
  if (typeof o.y !== 'number') throw typeError(fn, path + '.y', 'a number', o.y);
}

/** An object whose `type`, when present, is `expected` (arguments that take one kind of shape). */
export function checkKind(fn: string, path: string, s: unknown, expected: string): asserts s is Fields {
  checkObject(fn, path, s);
  if (s.type !== undefined && s.type !== expected) throw typeError(fn, path + '.type', `'${expected}' (or absent)`, s.type);
}

/** A finite number (TypeError for another type, RangeError NotFinite for NaN or an infinity). */
export function finite(fn: string, path: string, v: unknown): number {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
  if (v - v !== 0) throw notFinite(fn, path, v);
  return v;
}

/** A 32-bit integer, unsigned or signed. */
export function bits(fn: string, path: string, v: unknown, signed: boolean): number {
  if (typeof v !== 'number') throw typeError(fn, path, 'a number', v);
  if ((signed ? v | 0 : v >>> 0) !== v) {
    const range = signed ? 'an integer in [-2^31, 2^31)' : 'an integer in [0, 2^32)';
    throw argumentError(fn, 'OutOfRange', path, `must be ${range}`, v);
  }
  return v;
}

/**
 * An options object: an object (or undefined) whose own keys are all in `known`. A misspelt key would otherwise be
 * ignored silently: it is a TypeError (code UnknownOption) naming the key and the keys there are.
 */
export function checkOptions(fn: string, path: string, v: unknown, known: readonly string[]): Fields | undefined {
  if (v === undefined) return undefined;
  checkObject(fn, path, v);
  for (const key in v) {
    if (!known.includes(key) && Object.prototype.hasOwnProperty.call(v, key)) {
      throw typeErrorText(fn, 'UnknownOption', `argument ${path} has an unknown key ${show(key)} (the keys are: ` +
        `${known.join(', ')})`);
    }
  }
  return v;
}

/** A typed array constructor, as the batches name them. */
export interface TypedArrayClass<T> {
  new (length: number): T;
  readonly name: string;
}

/** A typed array of `Type` whose length is a multiple of `stride`; returns length / stride. */
export function checkTyped<T extends { readonly length: number }>(fn: string, path: string, v: unknown,
  Type: TypedArrayClass<T>, stride: number): number {
  if (!(v instanceof Type)) throw typeError(fn, path, `a ${Type.name}`, v);
  if (v.length % stride !== 0) {
    throw argumentError(fn, 'OutOfRange', `${path}.length`, `must be a multiple of ${stride}`, v.length);
  }
  return v.length / stride;
}

/** The `out` argument of a batch: a new array when undefined, else a `Type` of at least `length` elements. */
export function outArray<T extends { readonly length: number }>(fn: string, out: unknown, Type: TypedArrayClass<T>,
  length: number): T {
  if (out === undefined) return new Type(length);
  if (!(out instanceof Type)) throw typeError(fn, 'out', `a ${Type.name} (or undefined)`, out);
  if (out.length < length) throw argumentError(fn, 'OutOfRange', 'out', `must hold at least ${length} elements`, out.length);
  return out;
}
