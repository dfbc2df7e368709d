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
 * Errors: calling anything before {@link init} resolves throws an `Error`. Every function checks its arguments:
 * a wrong type or a missing field throws a `TypeError`; a value the core rejects (NaN, Infinity, a negative
 * radius, a degenerate polygon, ...) throws a `RangeError`. Messages name the function and the argument, e.g.
 * `collide2d.collide: argument b.radius must be >= 0 (got -1)`; a `RangeError` from the core also carries the
 * error name in `code` ({@link ValidationError}). Running out of wasm memory throws a `RangeError` with code
 * `OutOfMemory` whose message says "out of memory".
 *
 * Memory: functions on plain values keep no wasm memory; there is nothing to free.
 *
 * This is the default entry: the `.wasm` file is loaded beside the package (read from disk in Node, fetched in
 * browsers; bundlers ship it). `collide2d/inline` is the same API with the wasm embedded.
 *
 * @packageDocumentation
 */
// @ts-ignore -- Emscripten's glue (web/pkg, built by scripts/build-wasm.sh) has no declarations; typed below.
import createCollide2dModule from '../pkg/collide2d.mjs';
import { instantiate, show, type ModuleArgs } from './core.js';
import type { InitOptions } from './types.js';

export * from './api.js';

const factory = createCollide2dModule as (args: ModuleArgs) => Promise<unknown>;
let initPromise: Promise<void> | null = null;

/**
 * Loads the WebAssembly module. Call once and await it before anything else; later calls return the same promise.
 * In Node the .wasm file is read from the package; in browsers it is fetched (bundlers such as Vite ship it).
 * @param options - optional: the wasm bytes or URL.
 */
export function init(options?: InitOptions): Promise<void> {
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

async function load(options: InitOptions | undefined): Promise<void> {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`collide2d.init: argument options must be an object (got ${show(options)})`);
  }
  const opts: InitOptions = options ?? {};
  const moduleArgs: ModuleArgs = {};
  let binary = opts.wasmBinary;
  if (binary !== undefined) {
    if (!(binary instanceof ArrayBuffer) && !ArrayBuffer.isView(binary)) {
      throw new TypeError(`collide2d.init: argument options.wasmBinary must be an ArrayBuffer or a typed array`);
    }
  } else {
    // Keep this exact `new URL('<literal>', import.meta.url)` form: bundlers (Vite, webpack, Rollup plugins)
    // recognise it and ship the .wasm file with the application.
    const here = (import.meta as unknown as { url: string }).url; // (a variable, so that bundlers only see the literal form below)
    const url = opts.wasmUrl !== undefined ? new URL(String(opts.wasmUrl), here)
      : new URL('../pkg/collide2d.wasm', (import.meta as any).url);
    const isNode = typeof nodeProcess === 'object' && nodeProcess !== null && typeof nodeProcess.versions === 'object' &&
      nodeProcess.versions !== null && typeof nodeProcess.versions.node === 'string';
    if (isNode && url.protocol === 'file:') {
      // process.getBuiltinModule (Node >= 20.16, 22.3), not import('node:fs'): a dynamic import() that bundlers must
      // skip needs magic comments (webpackIgnore, @vite-ignore), which tsc's removeComments strips, and webpack then
      // warns "Critical dependency" in every browser build (web/pack-test checks webpack builds with no warning).
      const getBuiltin = nodeProcess!.getBuiltinModule;
      if (typeof getBuiltin !== 'function') {
        throw new Error('collide2d.init: this Node has no process.getBuiltinModule (Node >= 20.16 or 22.3 needed to ' +
          'read the .wasm file); pass the bytes instead: init({ wasmBinary })');
      }
      const fs = getBuiltin.call(nodeProcess, 'fs/promises') as { readFile(path: unknown): Promise<Uint8Array> };
      binary = await fs.readFile(url);
    } else {
      moduleArgs.locateFile = () => url.href;
    }
  }
  if (binary !== undefined) moduleArgs.wasmBinary = binary;
  await instantiate(factory, moduleArgs);
}
