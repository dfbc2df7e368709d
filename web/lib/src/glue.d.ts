// The types of the generated modules the entries import (web/pkg, built by scripts/build-wasm.sh): Emscripten's glue,
// whose default export is the module factory (raw.ts), and the inline entry's base64 copy of the wasm.
declare module '*/pkg/collide2d.mjs' {
  const factory: import('./raw.js').ModuleFactory;
  export default factory;
}

declare module '*/pkg/collide2d-threads.mjs' {
  const factory: import('./raw.js').ModuleFactory;
  export default factory;
}

declare module '*/pkg/collide2d.wasm.base64.mjs' {
  const base64: string;
  export default base64;
}

/** import.meta.url (ES modules in Node and browsers), declared here so that the package needs no DOM or Node types. */
interface ImportMeta {
  readonly url: string;
}
