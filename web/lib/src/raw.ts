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
  locateFile?: (name?: string) => string;
  onAbort?: (what: unknown) => void;
}

/** The module factory that Emscripten's glue (web/pkg/collide2d.mjs) exports by default. */
export type ModuleFactory = (args: ModuleArgs) => Promise<RawModule>;

/**
 * A C++ collide2d::World that JS owns until worldDelete(): its address in wasm memory (a number, 0 for none). The
 * module has no embind class_ (bindings_world.cpp; web/wasm/raw.h: viaAddress): the World's functions take it first.
 */
export type RawWorld = number & { readonly __raw: 'World' };

/** A prepared polygon set (bindings_batch.cpp: PreparedSet) that JS owns until preparedDelete(): its address. */
export type RawPreparedPolygons = number & { readonly __raw: 'PreparedPolygons' };

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
  // prepared polygon sets (bindings_batch.cpp; preparedNew() is 0 when out of memory)
  preparedNew(): RawPreparedPolygons | 0;
  preparedDelete(set: RawPreparedPolygons): void;
  preparedCreate(set: RawPreparedPolygons, vertexOff: number, vertexCount: number, offsetsOff: number, polygonCount: number, arg: number): number;
  preparedPolygonPolygon(set: RawPreparedPolygons, pairsOff: number, n: number, outOff: number, collideMode: number): number;
  preparedCirclePolygon(set: RawPreparedPolygons, circlesOff: number, circleCount: number, pairsOff: number, n: number, outOff: number, collideMode: number): number;
  preparedDistance(set: RawPreparedPolygons, pairsOff: number, n: number, outOff: number): number;
  // World (bindings_world.cpp; newWorld() is 0 when out of memory); a function taking a body handle returns -1 when
  // it is stale
  newWorld(): RawWorld | 0;
  worldDelete(world: RawWorld): void;
  worldSetCellSize(world: RawWorld, size: number): void;
  worldReserve(world: RawWorld, bodies: number): void;
  worldClear(world: RawWorld): void;
  worldAdd(world: RawWorld, kind: number, start: number, count: number, userId: number, category: number, mask: number, group: number): number;
  worldAddCompound(world: RawWorld, recordsOff: number, n: number, userId: number, category: number, mask: number, group: number): number;
  worldAddChain(world: RawWorld, n: number, loop: number, userId: number, category: number, mask: number, group: number): number;
  worldPartCount(world: RawWorld, body: number): number;
  worldRemove(world: RawWorld, body: number): number;
  worldHas(world: RawWorld, body: number): number;
  worldBodyCount(world: RawWorld): number;
  worldBodies(world: RawWorld): number;
  worldSetTransform(world: RawWorld, body: number, x: number, y: number, angle: number): number;
  worldCheckTransform(world: RawWorld, body: number, x: number, y: number, angle: number): number;
  worldSetTransforms(world: RawWorld, xyaOff: number, n: number): number;
  worldSetTransformsOf(world: RawWorld, xyaOff: number, handlesOff: number, n: number): number;
  worldGetTransform(world: RawWorld, body: number): number;
  worldSetFilter(world: RawWorld, body: number, category: number, mask: number, group: number): number;
  worldGetFilter(world: RawWorld, body: number): number;
  worldSetStatic(world: RawWorld, body: number, isStatic: number): number;
  worldGetStatic(world: RawWorld, body: number): number;
  worldSetSensor(world: RawWorld, body: number, isSensor: number): number;
  worldGetSensor(world: RawWorld, body: number): number;
  worldSetUserId(world: RawWorld, body: number, userId: number): number;
  worldGetUserId(world: RawWorld, body: number): number;
  worldGetShape(world: RawWorld, body: number, part: number): number;
  worldGetBounds(world: RawWorld, body: number, part: number): number;
  worldStep(world: RawWorld): number;
  worldQueryAabb(world: RawWorld, mask: number): number;
  worldQueryPoint(world: RawWorld, mask: number): number;
  worldQueryShape(world: RawWorld, kind: number, start: number, count: number, mask: number): number;
  worldRaycast(world: RawWorld, all: number, mask: number): number;
  worldHeapBytes(world: RawWorld): number;
  worldCastShape(world: RawWorld, kind: number, start: number, count: number, mask: number): number;
  worldMoveAndSlide(world: RawWorld, kind: number, start: number, count: number, maxIterations: number, mask: number): number;
  worldSetContactMode(world: RawWorld, mode: number): void;
  worldSetCoherence(world: RawWorld, on: number): void;
  worldSetThreadCount(world: RawWorld, n: number): number;
  worldThreadCount(world: RawWorld): number;
  maxThreadCount(): number;
  // queries (bindings_queries.cpp)
  distance(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number, useCache: number): number;
  distanceSteps(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  cast(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  distancePose(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number, useCache: number): number;
  castPose(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  collideManifold(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  containsShape(kindA: number, startA: number, countA: number, kindB: number, startB: number, countB: number): number;
  // decompose (bindings_decompose.cpp)
  decomposeInput(count: number): number;
  decompose(count: number): number;
  decomposeOutput(): number;
  decomposeInfo(): number;
}

/** The instantiated module: its functions and Emscripten's views of the wasm memory. */
export interface RawModule extends RawFunctions {
  readonly HEAPU8: Uint8Array;
  readonly HEAPU32: Uint32Array;
  readonly HEAPF64: Float64Array;
}
