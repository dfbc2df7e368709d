// collide2d — the loaded module and its memory: instantiation, the views over wasm memory (re-created after it grew),
// the scratch buffer, the last rejected argument, and what happens when the module aborts (out of memory) or was
// never loaded. The raw layer's types: raw.ts.
import { coreCode, coreMessage, lookup, outOfMemoryError, rangeError, show, stateError, CONCAVE_HINT } from './errors.js';
import type { ModuleArgs, ModuleFactory, RawFunctions, RawModule } from './raw.js';
import type { Collide2dError } from './types.js';

// ---- state ------------------------------------------------------------------------------------------------------------
/** The Emscripten module (raw layer, private); null until init() resolved. */
export let M: RawModule | null = null;
/**
 * Its functions, by name: set at setup, replaced by throwing functions if the module aborts. (Built by
 * Object.fromEntries: an object filled key by key goes to V8's slow dictionary mode beyond a dozen keys, which
 * measured +180 instructions per hot call.)
 */
export let raw = {} as RawFunctions;
/** True once init() resolved (and until the module aborted). */
export let ready = false;
/** Float64Array over g_io (64 doubles): shape slots, inputs and results of every call. */
export let io: Float64Array = new Float64Array(0);
/** Views over all wasm memory at the last refresh. */
export let f64: Float64Array = new Float64Array(0);
export let u8: Uint8Array = new Uint8Array(0);
export let u32: Uint32Array = new Uint32Array(0);
/** The wasm memory's buffer at the last refresh. */
export let heap: ArrayBufferLike = new ArrayBuffer(0);
/** Address of the scratch buffer. */
export let bufPtr = 0;
let bufCap = 0; // bytes known to be reserved
let ioBase = 0; // index of g_io in f64
let deadMessage = ''; // set when the module aborted (out of memory): every later call throws it
let loading: object | null = null; // the module being instantiated (its aborts are load failures)
let loadAbort = ''; // what it aborted with

// Layout of g_io, shared with web/wasm/bindings.cpp.
export const SLOT1 = 8;
export const POINT = 16;
export const OUT = 24;

// ---- initialisation -----------------------------------------------------------------------------------------------

/**
 * Instantiates the module with `factory` (an entry's Emscripten glue) and binds it. A failure rejects with the
 * reason Emscripten gave (`loadFailure()` tells an abort during loading apart). @internal
 */
export async function instantiate(factory: ModuleFactory, args: ModuleArgs, loadedHook?: (m: RawModule) => void): Promise<void> {
  const token = {};
  loading = token;
  loadAbort = '';
  args.onAbort = (what: unknown) => {
    if (loading === token) loadAbort = String(what);
    else if (M !== null && loading === null) onAbort();
  };
  try {
    const m = await factory(args);
    if (loadedHook !== undefined) loadedHook(m);
    setup(m);
  } finally {
    loading = null;
  }
}

/** What the last instantiate() aborted with ('' when it did not abort). @internal */
export function loadFailure(): string {
  return loadAbort;
}

function setup(m: RawModule): void {
  // Every function of the module (raw.ts declares the ones the wrapper calls; raw.test.js checks them).
  raw = Object.fromEntries(Object.entries(m).filter((e) => typeof e[1] === 'function')) as unknown as RawFunctions;
  ioBase = m.io() >> 3;
  M = m;
  deadMessage = '';
  bufPtr = raw.reserve(4096);
  bufCap = 4096;
  refresh();
  ready = true;
}

/** The module, after need(): for the few callers that use its heap directly. */
export function loaded(): RawModule {
  if (M === null) throw notReady('');
  return M;
}

// ---- not loaded, out of memory ------------------------------------------------------------------------------------------
// The module links with -sABORTING_MALLOC=0: a failed malloc is an Error::OutOfMemory status, reported as a
// RangeError like any rejected argument. An allocation that still aborts the module (operator new, which
// Emscripten's libc++ aborts on without exceptions) leaves wasm memory in an unknown state: then every raw function
// is swapped for one that throws the same RangeError, so no later call can
// answer from that state, and the normal path pays for no check.

/** Throws unless init() resolved. `fn` names the function called. */
export function need(fn: string): void {
  if (!ready) throw notReady(fn);
}

/** The error of a call before init() resolved (or after the module aborted). */
export function notReady(fn: string): Collide2dError {
  if (deadMessage !== '') return deadError();
  return stateError(fn, 'NotInitialized', 'call await init() first (the WebAssembly module is not loaded yet)');
}

export function outOfMemory(fn: string): RangeError & Collide2dError {
  return rangeError(fn, 'OutOfMemory', 'out of memory (the wasm memory could not grow)');
}

function deadError(): RangeError & Collide2dError {
  return outOfMemoryError(deadMessage);
}

function onAbort(): void {
  if (deadMessage !== '') return;
  deadMessage = 'collide2d: out of memory: the WebAssembly module aborted and can no longer be used (reload it)';
  const thrower = (): never => {
    throw deadError();
  };
  raw = Object.fromEntries(Object.keys(raw).map((name) => [name, thrower])) as unknown as RawFunctions;
  ready = false;
}

/**
 * Runs a call that may allocate: when the module aborts inside it (out of memory), throws the clear RangeError
 * naming `fn` instead of Emscripten's bare `RuntimeError: Aborted()`, and makes every later call throw it too.
 */
export function guarded<T>(fn: string, call: () => T): T {
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

/** Deletes a World or a prepared set (`release(address)`) from a FinalizationRegistry callback, where a throw (a
 * module that aborted) would be an uncaught exception. */
export function releaseQuietly<T extends number>(release: (address: T) => void, address: T): void {
  try {
    release(address);
  } catch {
    // the module aborted: its memory is gone anyway
  }
}

// ---- memory -------------------------------------------------------------------------------------------------------

/** Re-creates the views over wasm memory (needed after the memory grew: old views are detached). */
export function refresh(): void {
  const m = loaded();
  f64 = m.HEAPF64;
  u8 = m.HEAPU8;
  u32 = m.HEAPU32;
  io = f64.subarray(ioBase, ioBase + 64);
  heap = u8.buffer;
}

/**
 * Views are detached (length 0) after the memory grew; over a SharedArrayBuffer (collide2d/threads) they are not,
 * but the glue's HEAPU8 is then a new view. Cheap check, done after any call that may allocate.
 */
export function fresh(): void {
  if (io.length === 0 || u8 !== (M as RawModule).HEAPU8) refresh();
}

/** Makes the scratch buffer hold at least `bytes` bytes; returns its address. */
export function reserve(fn: string, bytes: number): number {
  if (bytes > bufCap) {
    if (bytes > 0x7fff0000) throw rangeError(fn, 'OutOfMemory', `input too large (${bytes} bytes)`);
    const p = raw.reserve(bytes);
    if (p === 0) throw rangeError(fn, 'OutOfMemory', `out of memory (${bytes} bytes)`);
    bufPtr = p;
    bufCap = bytes;
    refresh();
  }
  return bufPtr;
}

/** A NUL-terminated ASCII string in wasm memory. */
function cString(address: number): string {
  fresh();
  let end = address;
  while (u8[end] !== 0) end++;
  return String.fromCharCode(...u8.subarray(address, end));
}

// ---- the last rejected argument -----------------------------------------------------------------------------------

/** What the core rejected last: its code, the field (e.g. 'points[2]') and the message for a JavaScript caller. */
export interface Rejection {
  code: ReturnType<typeof coreCode>;
  field: string;
  message: string;
}

/** The core's last rejection (c2_error_*). */
export function lastError(): Rejection {
  const code = coreCode(raw.errorCode());
  const field = cString(raw.errorField());
  return { code, field, message: coreMessage(code, field, cString(raw.errorMessage())) };
}

/** Describes a rejection in words (`argument ...`), or undefined for the default description. */
export type Describe = (arg: number, index: number, field: string, message: string) => string | undefined;

/**
 * Throws the RangeError for the argument the core just rejected. `names` and `values` describe the JS arguments;
 * `describe` may word it itself.
 */
export function rejected(fn: string, names: readonly string[], values: readonly unknown[], describe?: Describe): never {
  const { code, field, message } = lastError();
  if (code === 'OutOfMemory') throw outOfMemory(fn);
  const argIndex = raw.errorArg();
  const index = raw.errorIndex();
  const hint = code === 'NotConvex' && /(^|\.)points$/.test(field) ? CONCAVE_HINT : '';
  if (describe !== undefined) {
    const text = describe(argIndex, index, field, message);
    if (text !== undefined) throw rangeError(fn, code, text + hint);
  }
  const name = names[argIndex] ?? `#${argIndex}`;
  let target = values[argIndex];
  let path = name;
  if (index >= 0) {
    path += `[${index}]`;
    target = Array.isArray(target) ? target[index] : undefined;
  }
  if (field !== '') path += '.' + field;
  const got = field !== '' ? lookup(target, field) : target;
  // An aabb's max is shown with its min, which it is compared with.
  const min = code === 'NegativeExtent' && /(^|\.)max$/.test(field) ? lookup(target, field.slice(0, -3) + 'min') : undefined;
  const gotText = got === undefined ? '' : min !== undefined ? ` (got ${show(got)}, min ${show(min)})` : ` (got ${show(got)})`;
  throw rangeError(fn, code, `argument ${path} ${message}${gotText}${hint}`);
}

