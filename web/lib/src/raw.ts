// collide2d — the raw layer: the one typed description of the embind module that web/wasm/bindings*.cpp register
// (EMSCRIPTEN_BINDINGS). Nothing here is public: the wrapper's other files reach the module only through these types,
// and web/test/raw.test.js checks them against the registrations in the C++ files and against the instantiated
// module (every declared function exists with the declared number of parameters, and every registered one is
// declared).
//
// Calling convention (see bindings.cpp's header): numbers in, an int (or an address) out; shapes, points and results go
// through g_io (io(): its address, 64 doubles) and a growable scratch buffer (reserve()). A negative result is a
// rejected argument, described by errorCode() .. errorMessage(). Parameter names follow the C++ functions.

/** What an entry passes to Emscripten's module factory (-sINCOMING_MODULE_JS_API). */
export interface ModuleArgs {
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  locateFile?: () => string;
  onAbort?: (what: unknown) => void;
}

/** The module factory that Emscripten's glue (web/pkg/collide2d.mjs) exports by default. */
export type ModuleFactory = (args: ModuleArgs) => Promise<RawModule>;

/** An object of an embind class_, owned by JS until delete(). */
export interface RawObject {
  delete(): void;
}

/** The embind class_ PreparedPolygons (bindings.cpp: PreparedSet). */
export interface RawPreparedPolygons extends RawObject {
  prepare(vertexOff: number, vertexCount: number, offsetsOff: number, polygonCount: number, arg: number): number;
  polygonPolygon(pairsOff: number, n: number, outOff: number, collideMode: number): number;
  circlePolygon(circlesOff: number, circleCount: number, pairsOff: number, n: number, outOff: number, collideMode: number): number;
  distance(pairsOff: number, n: number, outOff: number): number;
}

/** The embind class_ World (the C++ collide2d::World itself); methods that take a handle return -1 when it is stale. */
export interface RawWorld extends RawObject {
  setCellSize(size: number): void;
  reserve(bodies: number): void;
  clear(): void;
  add(kind: number, start: number, count: number, userId: number, category: number, mask: number, group: number): number;
  addCompound(recordsOff: number, n: number, userId: number, category: number, mask: number, group: number): number;
  partCount(body: number): number;
  remove(body: number): number;
  has(body: number): number;
  bodyCount(): number;
  bodies(): number;
  setTransform(body: number, x: number, y: number, angle: number): number;
  setTransforms(xyaOff: number, n: number): number;
  setTransformsOf(xyaOff: number, handlesOff: number, n: number): number;
  getTransform(body: number): number;
  setFilter(body: number, category: number, mask: number, group: number): number;
  getFilter(body: number): number;
  setStatic(body: number, isStatic: number): number;
  getStatic(body: number): number;
  setUserId(body: number, userId: number): number;
  getUserId(body: number): number;
  getShape(body: number, part: number): number;
  getBounds(body: number, part: number): number;
  step(): number;
  queryAabb(mask: number): number;
  queryPoint(mask: number): number;
  queryShape(kind: number, start: number, count: number, mask: number): number;
  raycast(all: number, mask: number): number;
  heapBytes(): number;
}

/** An embind class_ as the module exposes it (only its prototype is used: to disable it after an abort). */
export interface RawClass<T> {
  readonly prototype: T;
}

/** The plain functions of the module, by name (the names registered with embind's function()). */
export interface RawFunctions {
  // memory plumbing and errors
  io(): number;
  reserve(bytes: number): number;
  errorCode(): number;
  errorArg(): number;
  errorIndex(): number;
  errorField(): number;
  errorMessage(): number;
  // hot single calls
  validate(kind: number, start: number, count: number): number;
  collideCircleCircleCheckedByCaller(ax: number, ay: number, ar: number, bx: number, by: number, br: number): number;
  overlaps(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  collide(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  contains(kind: number, start: number, count: number): number;
  raycast(kind: number, start: number, count: number): number;
  closestPoint(kind: number, start: number, count: number): number;
  // cold single calls
  intersectLines(): number;
  intersectSegments(): number;
  intersectCircleLine(): number;
  intersectCircleSegment(): number;
  sat(kind: number, startA: number, countA: number, startB: number, countB: number): number;
  satAxes(): number;
  sweep(start: number, count: number): number;
  moveAndSlide(start: number, count: number, maxIterations: number): number;
  orient(): number;
  project(): number;
  bounds(kind: number, start: number, count: number): number;
  createPolygon(start: number, count: number): number;
  centroid(start: number, count: number): number;
  transformed(start: number, count: number): number;
  polygonFromBox(): number;
  polygonFromAabb(): number;
  corners(): number;
  apply(inverse: number): number;
  // batches over the scratch buffer
  batchOverlapsCircleCircle(aOff: number, bOff: number, n: number, outOff: number): number;
  batchCollideCircleCircle(aOff: number, bOff: number, n: number, outOff: number): number;
  batchPolygons(vertexOff: number, vertexCount: number, offsetsOff: number, polygonCount: number, arg: number): number;
  batchOverlapsPolygonPolygon(pairsOff: number, n: number, outOff: number): number;
  batchCollidePolygonPolygon(pairsOff: number, n: number, outOff: number): number;
  batchCirclePolygon(circlesOff: number, circleCount: number, pairsOff: number, n: number, outOff: number, collideMode: number): number;
  batchDistancePolygonPolygon(pairsOff: number, n: number, outOff: number): number;
  // World (a null result: out of memory)
  newWorld(): RawWorld | null;
  worldCastShape(world: RawWorld, kind: number, start: number, count: number, mask: number): number;
  worldMoveAndSlide(world: RawWorld, kind: number, start: number, count: number, maxIterations: number, mask: number): number;
  worldSetContactMode(world: RawWorld, mode: number): void;
  worldSetCoherence(world: RawWorld, on: number): void;
  // queries (bindings_queries.cpp)
  distance(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number, useCache: number): number;
  distanceSteps(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  cast(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  collideManifold(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  containsShape(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  // decompose (bindings_decompose.cpp)
  decomposeInput(count: number): number;
  decompose(count: number): number;
  decomposeOutput(): number;
  decomposeInfo(): number;
}

/** The instantiated module: its functions, its classes and Emscripten's views of the wasm memory. */
export interface RawModule extends RawFunctions {
  readonly PreparedPolygons: RawClass<RawPreparedPolygons> & (new () => RawPreparedPolygons);
  readonly World: RawClass<RawWorld>;
  readonly HEAPU8: Uint8Array;
  readonly HEAPU32: Uint32Array;
  readonly HEAPF64: Float64Array;
}
