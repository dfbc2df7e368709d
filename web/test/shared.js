// Shared by the JS tests (imported, not a test file itself): a seeded PRNG, and the package initialised with its wasm
// memory observable (WebAssembly.instantiate wrapped while init() runs: the package exposes no raw layer).

/** mulberry32: a seeded PRNG, uniform in [0, 1), the same on every run (and the same as bench/scene.h's). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Imports and initialises the package while watching WebAssembly.instantiate, so that the instance's memory can be
 * read. Returns the module namespace and the WebAssembly.Memory. Call it before anything else imports collide2d.
 */
export async function initWithMemory() {
  let memory = null;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    memory = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory) ?? memory;
    return result;
  };
  try {
    const c2 = await import('collide2d');
    await c2.init();
    return { c2, memory };
  } finally {
    WebAssembly.instantiate = instantiate;
  }
}

/** The `code` of every error the package throws (the ErrorCode union of web/lib/src/types.ts; errors-codes.test.js
 * checks that the two lists agree). */
export const ERROR_CODES = [
  'NotFinite', 'NegativeRadius', 'NegativeExtent', 'ZeroDirection', 'TooFewPoints', 'Collinear', 'NotConvex',
  'InvalidArgument', 'OutOfMemory', 'WrongType', 'UnknownOption', 'OutOfRange', 'InvalidHandle', 'NotInitialized',
  'Freed', 'LoadFailed',
];
