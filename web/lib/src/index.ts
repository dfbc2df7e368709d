/**
 * collide2d — 2D collision detection: a C++ core compiled to WebAssembly.
 *
 * Conventions (the same as the C++ header `collide2d.h`):
 * - Coordinates are numbers in any unit; angles are radians, a positive angle turns +x towards +y.
 * - Shapes are closed: touching counts as a hit (a contact may then have depth 0).
 * - A {@link Contact}'s normal is a unit vector from A to B: moving B by `normal * depth` separates the shapes.
 * - A segment or line through a and b is `a + t (b - a)`; a ray is `origin + t direction`, t >= 0.
 * - Orientation-based answers (segment crossings, point in polygon, convexity) are exact; metric answers are
 *   rounded doubles. No fixed epsilon anywhere.
 *
 * Usage: `await init()` once, then call the functions with plain values. Shapes are plain objects with a `type`
 * tag; the factories ({@link circle}, {@link polygon}, ...) build and check them. Where an argument can only be one
 * kind of shape (the `line` of {@link intersectCircleLine}, the walls of {@link sweep}, ...), `type` may be left
 * out.
 *
 * Errors: calling anything before {@link init} resolves throws an `Error` naming the function called. Every function
 * checks its arguments: a wrong type, a missing field or an unknown option key throws a `TypeError`; a value the
 * core rejects (NaN, Infinity, a negative radius, a degenerate polygon, ...) or an index out of range throws a
 * `RangeError`. Messages name the function and the argument, e.g.
 * `collide2d.collide: argument b.radius must be >= 0 (got -1)`, and every error the package throws has a `code`
 * ({@link ErrorCode}, {@link Collide2dError}). Running out of wasm memory throws a `RangeError` with code
 * `OutOfMemory` whose message says "out of memory".
 *
 * Memory: functions on plain values keep no wasm memory; there is nothing to free.
 *
 * This is the default entry: the `.wasm` file is loaded beside the package (read from disk in Node, fetched in
 * browsers; bundlers ship it). `collide2d/inline` is the same API with the wasm embedded.
 *
 * @packageDocumentation
 */
// Emscripten's glue (web/pkg, built by scripts/build-wasm.sh): its type is in glue.d.ts.
import factory from '../pkg/collide2d.mjs';
import { checkOptions, stateError, typeError } from './errors.js';
import type { ModuleArgs } from './raw.js';
import { instantiate, loadFailure } from './runtime.js';
import type { InitOptions } from './types.js';

export * from './api.js';

let initPromise: Promise<void> | null = null;

/**
 * Loads the WebAssembly module. Call once and await it before anything else; later calls return the same promise.
 * In Node the .wasm file is read from the package; in browsers it is fetched (bundlers such as Vite ship it).
 * @param options - optional: the wasm bytes or URL (an unknown key is a TypeError).
 * @throws Error (code `LoadFailed`) when the module cannot be loaded: the message names the URL it tried and what
 *   to do (serve the file there, pass `wasmUrl` or `wasmBinary`, or use the `collide2d/inline` entry); the returned
 *   promise rejects, and a later init() tries again.
 */
export function init(options?: InitOptions): Promise<void> {
  // (checked at every call, also once loaded: a misspelt key is never ignored)
  try {
    checkOptions('init', 'options', options, ['wasmBinary', 'wasmUrl']);
  } catch (e) {
    return Promise.reject(e);
  }
  if (initPromise === null) {
    initPromise = load(options).catch((e) => {
      initPromise = null;
      throw e;
    });
  }
  return initPromise;
}

/** `process` when running in Node (typed here so that the declarations need no Node types). */
// The WHATWG URL class (Node and browsers), declared here so that the package needs neither the DOM lib nor Node types.
declare const URL: new (url: string, base?: string) => { readonly href: string; readonly protocol: string };

const nodeProcess = (globalThis as {
  process?: { versions?: { node?: unknown }; getBuiltinModule?: (id: string) => unknown };
}).process;

/** What init() tells a user whose module could not be loaded. */
const LOAD_HINT = 'Serve collide2d.wasm there, or pass init({ wasmUrl }) or init({ wasmBinary }), or import ' +
  '\'collide2d/inline\' (the wasm embedded).';

async function load(options: InitOptions | undefined): Promise<void> {
  const opts: InitOptions = options ?? {};
  const moduleArgs: ModuleArgs = {};
  let binary = opts.wasmBinary;
  let where = 'the bytes given as options.wasmBinary';
  if (binary !== undefined) {
    if (!(binary instanceof ArrayBuffer) && !ArrayBuffer.isView(binary)) {
      throw typeError('init', 'options.wasmBinary', 'an ArrayBuffer or a typed array', binary);
    }
  } else {
    // Keep this exact `new URL('<literal>', import.meta.url)` form: bundlers (Vite, webpack, Rollup plugins)
    // recognise it and ship the .wasm file with the application.
    const here = (import.meta as unknown as { url: string }).url; // (a variable, so that bundlers only see the literal form below)
    const url = opts.wasmUrl !== undefined ? new URL(String(opts.wasmUrl), here)
      : new URL('../pkg/collide2d.wasm', import.meta.url);
    where = url.href;
    const isNode = typeof nodeProcess === 'object' && nodeProcess !== null && typeof nodeProcess.versions === 'object' &&
      nodeProcess.versions !== null && typeof nodeProcess.versions.node === 'string';
    if (isNode && url.protocol === 'file:') {
      // process.getBuiltinModule (Node >= 20.16, 22.3), not import('node:fs'): a dynamic import() that bundlers must
      // skip needs magic comments (webpackIgnore, @vite-ignore), which tsc's removeComments strips, and webpack then
      // warns "Critical dependency" in every browser build (web/pack-test checks webpack builds with no warning).
      const getBuiltin = nodeProcess?.getBuiltinModule;
      if (typeof getBuiltin !== 'function') {
        throw stateError('init', 'LoadFailed', 'this Node has no process.getBuiltinModule (Node >= 20.16 or 22.3 ' +
          'needed to read the .wasm file); pass the bytes instead: init({ wasmBinary })');
      }
      const fs = getBuiltin.call(nodeProcess, 'fs/promises') as { readFile(path: unknown): Promise<Uint8Array> };
      try {
        binary = await fs.readFile(url);
      } catch (e) {
        throw stateError('init', 'LoadFailed', `could not read the WebAssembly module at ${where} ` +
          `(${e instanceof Error ? e.message : String(e)}). ${LOAD_HINT}`);
      }
    } else {
      moduleArgs.locateFile = () => url.href;
    }
  }
  if (binary !== undefined) moduleArgs.wasmBinary = binary;
  try {
    await instantiate(factory, moduleArgs);
  } catch (e) {
    // Emscripten aborts with a bare "Aborted(both async and sync fetching of the wasm failed)" or rejects with fetch's
    // TypeError when the file cannot be fetched or compiled. An EvalError (a Content-Security-Policy without
    // 'unsafe-eval': embind builds its invokers with new Function) keeps its class.
    const aborted = loadFailure();
    const reason = aborted !== '' ? aborted : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    const text = `could not load the WebAssembly module from ${where} (${reason}). ${LOAD_HINT}`;
    if (e instanceof EvalError) throw Object.assign(e, { message: `collide2d.init: ${text}`, code: 'LoadFailed' });
    throw stateError('init', 'LoadFailed', text);
  }
}
