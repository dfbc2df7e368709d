/**
 * collide2d/threads — the same API as `collide2d`, from a WebAssembly module built with threads (wasm threads:
 * workers sharing the module's memory through a `SharedArrayBuffer`), so that {@link World.setThreadCount} can spread
 * a World's step() over up to {@link maxThreadCount}() threads (the page's and 3 workers, started by init()).
 * The answers are the same bit for bit as with the default entry and on any number of threads.
 *
 * A page needs cross-origin isolation for `SharedArrayBuffer`: serve it with the headers
 * `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy: require-corp` (or `credentialless`).
 * Without it init() rejects (code `LoadFailed`) saying so; the default entry `collide2d` then works as ever, on one
 * thread (see the README, "Threads"). Node (>= 20.16) needs nothing.
 *
 * The files `collide2d-threads.mjs`, `.wasm` and `.worker.js` (web/pkg) are loaded beside the package.
 *
 * @packageDocumentation
 */
// Emscripten's glue of the threaded module (web/pkg, built by scripts/build-wasm.sh): its type is in glue.d.ts.
import factory from '../pkg/collide2d-threads.mjs';
import { stateError } from './errors.js';
import type { ModuleArgs } from './raw.js';
import { instantiate, loadFailure } from './runtime.js';

export * from './api.js';

let initPromise: Promise<void> | null = null;

// The WHATWG URL class (Node and browsers), declared here so that the package needs neither the DOM lib nor Node types.
declare const URL: new (url: string, base?: string) => { readonly href: string; readonly protocol: string };

type NodeProcess = { versions?: { node?: unknown }; getBuiltinModule?: (id: string) => unknown };
const nodeProcess = (globalThis as { process?: NodeProcess }).process;
const isNode = typeof nodeProcess === 'object' && nodeProcess !== null && typeof nodeProcess.versions === 'object' &&
  nodeProcess.versions !== null && typeof nodeProcess.versions.node === 'string';

/** A Node worker (worker_threads), as far as this entry uses it. */
type NodeWorker = { unref(): void };
/** The glue's worker bookkeeping (Module.PThread in Emscripten 3.1.6). */
type PThreads = { unusedWorkers: NodeWorker[]; runningWorkers: NodeWorker[] };

/** What a page without cross-origin isolation is told. */
const ISOLATION_HINT = 'collide2d/threads needs SharedArrayBuffer, which a browser gives only to a cross-origin ' +
  'isolated page: serve it with the headers "Cross-Origin-Opener-Policy: same-origin" and ' +
  '"Cross-Origin-Embedder-Policy: require-corp", or import \'collide2d\' (one thread)';

/**
 * Loads the threaded WebAssembly module and starts its workers. Call once and await it before anything else; later
 * calls return the same promise.
 * @throws Error (code `LoadFailed`) when the page is not cross-origin isolated (the message says which headers it
 *   needs) or the module cannot be loaded; the returned promise rejects, and a later init() tries again.
 */
export function init(): Promise<void> {
  if (initPromise === null) {
    initPromise = load().catch((e: unknown) => {
      initPromise = null;
      throw e;
    });
  }
  return initPromise;
}

async function load(): Promise<void> {
  const g = globalThis as { SharedArrayBuffer?: unknown; crossOriginIsolated?: unknown };
  if (typeof g.SharedArrayBuffer !== 'function' || g.crossOriginIsolated === false) {
    throw stateError('init', 'LoadFailed', ISOLATION_HINT);
  }
  // Keep these exact `new URL('<literal>', import.meta.url)` forms: bundlers recognise them and ship the files.
  const wasmUrl = new URL('../pkg/collide2d-threads.wasm', import.meta.url);
  const workerUrl = new URL('../pkg/collide2d-threads.worker.js', import.meta.url);
  const glueUrl = new URL('../pkg/collide2d-threads.mjs', import.meta.url);
  const args: ModuleArgs & { mainScriptUrlOrBlob?: string } = { mainScriptUrlOrBlob: glueUrl.href };
  if (isNode) {
    // Node: the bytes read from the file (process.getBuiltinModule: see index.ts); the workers run the CommonJS copy
    // of the worker script (this package is "type": "module", which would make a .js file an ES module).
    const getBuiltin = nodeProcess?.getBuiltinModule;
    if (typeof getBuiltin !== 'function') {
      throw stateError('init', 'LoadFailed', 'this Node has no process.getBuiltinModule (Node >= 20.16 or 22.3)');
    }
    const fs = getBuiltin.call(nodeProcess, 'fs') as { readFileSync(path: unknown): Uint8Array };
    const url = getBuiltin.call(nodeProcess, 'url') as { fileURLToPath(u: unknown): string };
    try {
      args.wasmBinary = fs.readFileSync(wasmUrl);
    } catch (e) {
      throw stateError('init', 'LoadFailed', `could not read the WebAssembly module at ${wasmUrl.href} ` +
        `(${e instanceof Error ? e.message : String(e)})`);
    }
    const worker = url.fileURLToPath(new URL('../pkg/collide2d-threads.worker.cjs', import.meta.url).href);
    args.locateFile = (name?: string) => (name !== undefined && name.endsWith('.worker.js') ? worker : wasmUrl.href);
  } else {
    args.locateFile = (name?: string) =>
      name !== undefined && name.endsWith('.worker.js') ? workerUrl.href : wasmUrl.href;
  }
  try {
    await instantiate(factory, args, (m) => {
      if (!isNode) return;
      // Idle workers must not keep Node running once the program is done.
      const pt = (m as unknown as { PThread?: PThreads }).PThread;
      for (const w of [...(pt?.unusedWorkers ?? []), ...(pt?.runningWorkers ?? [])]) w.unref();
    });
  } catch (e) {
    const aborted = loadFailure();
    const reason = aborted !== '' ? aborted : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    throw stateError('init', 'LoadFailed', `could not load the threaded WebAssembly module from ${wasmUrl.href} ` +
      `(${reason}). Serve collide2d-threads.wasm, .mjs and .worker.js there.`);
  }
}
