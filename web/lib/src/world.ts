// collide2d — the World class (C++ collide2d::World): bodies (their implementation: world_bodies.ts), the step and its
// views into wasm memory, region queries, raycasts and shape casts.
import { argumentError, checkOptions, checkVec, finite, rangeError, show, typeError } from './errors.js';
import { AABB, PAIR_SHAPES, RAY, putBodyTransform, putFixed, putPoint, putShape, vecAt } from './marshal.js';
import type { RawWorld } from './raw.js';
import {
  OUT, POINT, fresh, guarded, io, need, outOfMemory, raw, rejected, releaseQuietly, u32, type Describe,
} from './runtime.js';
import type {
  Aabb, BodyFilter, BodyHandle, BodyOptions, BodyShape, BodyTransform, ChainOptions, ContactMode, HandleArray, Ray,
  Shape, Untagged,
  SlideOptions, Vec2, WorldOptions, WorldRayHit, WorldSlide,
} from './types.js';

/** The keys of {@link SlideOptions} (World.moveAndSlide). */
const SLIDE_KEYS = ['maxIterations', 'skin', 'up', 'maxSlopeAngle', 'snapToGround', 'autostep'] as const;
const AUTOSTEP_KEYS = ['maxHeight', 'minWidth'] as const;
import {
  MAX_BODIES, addBody, addChainBody, checkHandle, freedError, maskArg, partIndex, readHandle, setFilterOf, setTransformOf,
  setTransformsOf, shapeOf, staleHandle, viewOf,
} from './world_bodies.js';

const worldRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((w: RawWorld) => releaseQuietly((p) => raw.worldDelete(p), w))
  : null;
const CONTACT_MODES: readonly ContactMode[] = ['contacts', 'pairs', 'manifolds'];
const NO_NUMBERS = new Float64Array(0); // pairContacts / pairManifolds after a step in another mode

/**
 * Many bodies with a broad phase (a uniform grid rebuilt at every step): every overlapping pair with its contact,
 * begin / end events, region queries and raycasts (the C++ `collide2d::World`).
 *
 * - Bodies: {@link World.add} a shape in LOCAL coordinates with a transform; its world shape is what
 *   {@link World.getShape} returns (an aabb with a non-zero angle becomes a box). Handles are branded numbers
 *   ({@link BodyHandle}). Body order ({@link World.bodies}, {@link World.setTransforms}): adding appends, removing
 *   moves the last body into the removed one's place.
 * - Compound bodies: {@link World.add} of a {@link CompoundShape} ({@link compound}: convex parts placed by offsets)
 *   or of a concave polygon outline (a compound of {@link decompose}'s parts) is ONE body whose parts move together.
 *   It pairs, queries and casts through its parts: a pair touches when some part pair touches and reports the deepest
 *   one's contact; {@link World.pairParts}, {@link World.queryParts} and {@link World.rayHitParts} name the parts.
 * - {@link World.step} finds every pair whose filters accept each other and whose world shapes touch (boundary
 *   included), exactly as {@link collide} answers for them. A is the body with the smaller slot index
 *   (`handle & 0xFFFFF`); the contact's normal points from A to B.
 * - Results are views into wasm memory: {@link World.pairBodies}, {@link World.pairContacts},
 *   {@link World.beginEvents}, {@link World.endEvents} (valid until the next step()), {@link World.queryResults}
 *   and {@link World.rayHits} (valid until the next query or raycast). A view's length is AT LEAST stride * count:
 *   read the first stride * count entries, the rest is stale. A getter returns the same view object while it is
 *   still good, so reading them every frame allocates nothing; read them again from the getter after each step or
 *   query (wasm memory may have grown, which detaches older views).
 * - Events: a begin when a pair starts touching, an end when it stops or one of its bodies was removed (then the
 *   end carries the stale handle). Every begin is followed by exactly one end.
 * - Errors: an invalid or stale handle, a wrong type or length, a non-finite number throw a `TypeError` or
 *   `RangeError` naming the method and the argument (`collide2d.World.remove: argument handle ...`), and leave the
 *   world unchanged. Any method of a freed world throws an `Error` (`collide2d.World.step: the world was freed`).
 * - Memory: the world owns wasm memory until {@link World.free} (or `using`, which needs TypeScript >= 5.2 with
 *   `"lib": ["esnext"]` or `["es2022", "esnext.disposable"]` and a runtime with `Symbol.dispose`; a
 *   FinalizationRegistry frees a world that was garbage-collected without either, as a last resort).
 */
export class World {
  /** Numbers per pair in {@link World.pairBodies}: handleA, handleB. */
  static readonly PAIR_STRIDE = 2;
  /** Numbers per pair in {@link World.pairContacts}: normalX, normalY, depth, pointX, pointY. */
  static readonly CONTACT_STRIDE = 5;
  /** Numbers per event in {@link World.beginEvents} and {@link World.endEvents}: handleA, handleB. */
  static readonly EVENT_STRIDE = 2;
  /** Numbers per hit in {@link World.rayHits}: handle, fraction, pointX, pointY, normalX, normalY. */
  static readonly RAY_HIT_STRIDE = 6;
  /**
   * Numbers per pair in {@link World.pairManifolds}: normalX, normalY, count, then two points (pointX, pointY, depth,
   * id; the unused second point is zeros).
   */
  static readonly MANIFOLD_STRIDE = 11;
  /**
   * Numbers per record in {@link World.pairParts}: pair index (into {@link World.pairBodies}), part of A, part of B.
   */
  static readonly PART_STRIDE = 3;

  #p: RawWorld | null = null; // the C++ collide2d::World (its address); null once freed
  // After the last step(): counts and addresses of pairs and events; after the last query: of its results.
  #pairs = 0;
  #pairsAt = 0;
  #contactsAt = 0;
  #begins = 0;
  #beginsAt = 0;
  #ends = 0;
  #endsAt = 0;
  #queries = 0;
  #queriesAt = 0;
  #rays = 0;
  #raysAt = 0;
  #vPairs: Uint32Array | null = null;
  #vContacts: Float64Array | null = null;
  #vBegins: Uint32Array | null = null;
  #vEnds: Uint32Array | null = null;
  #vEndsOther: Uint32Array | null = null; // the view of the other buffer the end events alternate with (see endEvents)
  #vQueries: Uint32Array | null = null;
  #vRays: Float64Array | null = null;
  #mode = 0; // contact mode for the next step: 0 contacts, 1 pairs, 2 manifolds
  #stepMode = 0; // the mode of the last step
  #coherence = true;
  #candidates = 0; // the last step's candidate pairs and how many a certificate answered
  #certified = 0;
  #quiet = false;
  #manifoldsAt = 0;
  #vManifolds: Float64Array | null = null;
  #partPairs = 0; // pairParts records of the last step
  #partPairsAt = 0;
  #queryPartsAt = 0;
  #rayPartsAt = 0;
  #vPartPairs: Uint32Array | null = null;
  #vQueryParts: Uint32Array | null = null;
  #vRayParts: Uint32Array | null = null;

  /**
   * An empty world.
   * @throws Error when {@link init} has not resolved; TypeError / RangeError for bad options (an unknown key
   *   included).
   */
  constructor(options?: WorldOptions) {
    const fn = 'World.constructor';
    need(fn);
    let cellSize = 0;
    checkOptions(fn, 'options', options, ['cellSize']);
    if (options !== undefined && options.cellSize !== undefined) {
      cellSize = finite(fn, 'options.cellSize', options.cellSize);
      if (!(cellSize > 0)) throw argumentError(fn, 'OutOfRange', 'options.cellSize', 'must be > 0', cellSize);
    }
    const p = guarded(fn, () => raw.newWorld());
    fresh();
    if (p === 0) throw outOfMemory(fn);
    if (cellSize > 0) raw.worldSetCellSize(p, cellSize);
    this.#p = p;
    worldRegistry?.register(this, p, this);
  }

  #live(fn: string): RawWorld {
    const p = this.#p;
    if (p === null) throw freedError(fn);
    return p;
  }

  /**
   * Adds a body and returns its handle.
   * @param shape - the shape in local coordinates (validated as everywhere else; a polygon is normalised). A
   *   `polygon` whose points form a concave outline (any simple polygon, either winding) becomes a compound body of
   *   {@link decompose}'s parts; a {@link CompoundShape} ({@link compound}) is a body of several convex parts placed
   *   by their offsets. A compound body pairs, queries and casts through its parts: see {@link World.pairParts},
   *   {@link World.queryParts}, {@link World.rayHitParts}.
   * @param transform - where the body is (default: the identity).
   * @param options - user id, filter, static and sensor flags (defaults: userId 0, category 1, mask 0xFFFFFFFF,
   *   group 0, not static, not a sensor: {@link World.setSensor}); an unknown key is a TypeError (code
   *   `UnknownOption`).
   * @throws TypeError / RangeError naming the bad field, e.g. `argument shape.radius`, `argument transform.x`,
   *   `argument shape.parts[2].shape.radius`; an outline that crosses or touches itself is a RangeError with code
   *   `NotConvex` naming the two edges (also in `edges`, as {@link decompose} reports them).
   */
  add(shape: BodyShape, transform?: BodyTransform, options?: BodyOptions): BodyHandle {
    return addBody(this.#live('add'), shape, transform, options);
  }

  /**
   * Adds a chain: static level geometry given as a polyline (as Tiled exports it), open or a closed loop, whose
   * internal vertices never produce a collision a smooth surface would not (ghost vertices). It is one body, always
   * static (setStatic(chain, false) throws), two-sided; its parts are its segments in chain order (segment i joins
   * points[i] to points[i + 1]; a loop's last joins the last point to the first): {@link World.partCount} is their
   * number, {@link World.getShape} returns them as a `compound` of `segment` parts, and pairs, queries, rays, casts
   * and moveAndSlide name the segment met in pairParts / queryParts / rayHitParts. Each segment is found through the
   * chain's own index: a long chain (10,000 points and more) costs a body the segments near it.
   * @param points - at least 2 points (3 for a loop) `{x, y}`, or a Float64Array of x, y pairs; no point may equal the
   *   one before it (nor, in a loop, the last the first).
   * @param options - loop (default false), userId, category / mask / group, transform (default: the identity); an
   *   unknown key is a TypeError (code `UnknownOption`).
   * @throws TypeError for a value of the wrong type; RangeError naming the point: `TooFewPoints`, `NotFinite`,
   *   `ZeroDirection` (a zero-length segment), `InvalidArgument` (a point placed beyond the coordinate range).
   */
  addChain(points: readonly Vec2[] | Float64Array, options?: ChainOptions): BodyHandle {
    return addChainBody(this.#live('addChain'), points, options);
  }

  /**
   * Removes a body. Its pairs end at the next step(); the pairs of the last step() stay readable until then.
   * @throws RangeError for an invalid or stale handle.
   */
  remove(handle: BodyHandle): void {
    const p = this.#live('remove');
    checkHandle('World.remove', 'handle', handle);
    if (raw.worldRemove(p, handle) < 0) throw staleHandle('World.remove', 'handle', handle);
  }

  /**
   * True when `handle` is a live body of this world (false for any other number). A type guard: a number it accepts
   * is a {@link BodyHandle}.
   */
  has(handle: number): handle is BodyHandle {
    const p = this.#live('has');
    if (typeof handle !== 'number') throw typeError('World.has', 'handle', 'a body handle (a number)', handle);
    return (handle >>> 0) === handle && raw.worldHas(p, handle) !== 0;
  }

  /** Removes every body (their pairs end at the next step()). */
  clear(): void {
    raw.worldClear(this.#live('clear'));
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return raw.worldBodyCount(this.#live('bodyCount'));
  }

  /**
   * Reserves storage for `n` bodies (avoids the growth slack of adding them one by one).
   * @param n - integer in [0, 2^20 - 1].
   */
  reserve(n: number): void {
    const p = this.#live('reserve');
    if (typeof n !== 'number') throw typeError('World.reserve', 'n', 'a number', n);
    if (!Number.isInteger(n) || n < 0 || n >= MAX_BODIES) {
      throw argumentError('World.reserve', 'OutOfRange', 'n', `must be an integer in [0, ${MAX_BODIES - 1}]`, n);
    }
    guarded('World.reserve', () => raw.worldReserve(p, n));
    fresh();
  }

  /** A copy of the live handles in body order (the order {@link World.setTransforms} reads). */
  bodies(): HandleArray {
    const p = this.#live('bodies');
    const n = raw.worldBodyCount(p);
    const at = raw.worldBodies(p) >>> 2;
    fresh();
    return u32.slice(at, at + n) as HandleArray;
  }

  /**
   * Moves one body to `{x, y, angle}` (angle in radians, default 0), as {@link World.add} places it.
   * @throws RangeError for a stale handle, a non-finite number, or a position that puts the body's shape beyond the
   *   coordinate range (±1e300).
   */
  setTransform(handle: BodyHandle, transform: BodyTransform): void;
  /** Moves one body: the same with the numbers x, y and angle (radians, default 0). */
  setTransform(handle: BodyHandle, x: number, y: number, angle?: number): void;
  setTransform(handle: BodyHandle, transformOrX: BodyTransform | number, y?: number, angle?: number): void {
    setTransformOf(this.#live('setTransform'), handle, transformOrX, y, angle);
  }

  /**
   * Moves many bodies in one call: x, y, angle per body. Without `handles`, `xya` holds 3 * bodyCount numbers in
   * body order ({@link World.bodies}); with `handles`, 3 * handles.length numbers for those bodies. All or nothing.
   * @throws TypeError for other array types; RangeError for a wrong length, a non-finite number (`xya[k]`), a
   *   coordinate or angle beyond ±1e300 (`xya[k]`), a body whose shape's reach would take it beyond (`xya[3i..3i+2]`
   *   and `handles[i]` or `bodies()[i]`) or a stale handle (`handles[i]`).
   */
  setTransforms(xya: Float64Array, handles?: Uint32Array): void {
    setTransformsOf(this.#live('setTransforms'), xya, handles);
  }

  /** The body's transform. */
  getTransform(handle: BodyHandle): Required<BodyTransform> {
    const p = this.#live('getTransform');
    readHandle('World.getTransform', raw.worldGetTransform(p, handle), handle);
    return { x: io[OUT], y: io[OUT + 1], angle: io[OUT + 2] };
  }

  /** Changes a body's filter; the fields left out keep their current value (an unknown key is a TypeError). */
  setFilter(handle: BodyHandle, filter: Partial<BodyFilter>): void {
    setFilterOf(this.#live('setFilter'), handle, filter);
  }

  /** The body's filter. */
  getFilter(handle: BodyHandle): BodyFilter {
    const p = this.#live('getFilter');
    readHandle('World.getFilter', raw.worldGetFilter(p, handle), handle);
    return { category: io[OUT], mask: io[OUT + 1], group: io[OUT + 2] };
  }

  /**
   * Marks a body static (level geometry) or moving. Two static bodies never pair; a static body pairs with moving
   * bodies as any body does. Static bodies are binned once into a grid of their own, so a level of many static pieces
   * costs little per step. Moving a static body is allowed (it is re-binned on its own); giving it its current
   * transform again (as `setTransforms` over every body does) costs nothing.
   * @throws RangeError for an invalid or stale handle; TypeError when `isStatic` is not a boolean.
   */
  setStatic(handle: BodyHandle, isStatic: boolean): void {
    const fn = 'World.setStatic';
    const p = this.#live('setStatic');
    checkHandle(fn, 'handle', handle);
    if (typeof isStatic !== 'boolean') throw typeError(fn, 'isStatic', 'a boolean', isStatic);
    if (raw.worldSetStatic(p, handle, isStatic ? 1 : 0) < 0) {
      if (raw.worldHas(p, handle) === 1) {
        throw rangeError(fn, 'InvalidArgument', 'argument isStatic: a chain body (World.addChain) is always static');
      }
      throw staleHandle(fn, 'handle', handle);
    }
  }

  /** True when the body is static (see {@link World.setStatic}). */
  isStatic(handle: BodyHandle): boolean {
    const fn = 'World.isStatic';
    const p = this.#live('isStatic');
    checkHandle(fn, 'handle', handle);
    const r = raw.worldGetStatic(p, handle);
    if (r < 0) throw staleHandle(fn, 'handle', handle);
    return r === 1;
  }

  /**
   * Makes a body a sensor (a trigger: it reports what overlaps it and takes no part in contacts) or not. A pair with a
   * sensor body (either or both) is found, and has its begin / end events, exactly as any pair (its shapes touch,
   * boundary included), tested with the cheaper boolean overlap test whatever the contact mode; its record stays in
   * place, so {@link World.pairContacts} and {@link World.pairManifolds} keep one record per pair in
   * {@link World.pairBodies} order: five NaNs in `'contacts'` mode, a manifold of count 0 with a NaN normal (its points
   * zeros) in `'manifolds'` mode. The contact mode stays the mode of every other pair, so triggers and solid bodies
   * share one world. Queries, raycasts, {@link World.castShape} and {@link World.moveAndSlide} see a sensor as any body
   * (leave sensors out with a category the query's `mask` excludes).
   * @throws RangeError for an invalid or stale handle; TypeError when `isSensor` is not a boolean.
   */
  setSensor(handle: BodyHandle, isSensor: boolean): void {
    const fn = 'World.setSensor';
    const p = this.#live('setSensor');
    checkHandle(fn, 'handle', handle);
    if (typeof isSensor !== 'boolean') throw typeError(fn, 'isSensor', 'a boolean', isSensor);
    if (raw.worldSetSensor(p, handle, isSensor ? 1 : 0) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** True when the body is a sensor (see {@link World.setSensor}). */
  isSensor(handle: BodyHandle): boolean {
    const fn = 'World.isSensor';
    const p = this.#live('isSensor');
    checkHandle(fn, 'handle', handle);
    const r = raw.worldGetSensor(p, handle);
    if (r < 0) throw staleHandle(fn, 'handle', handle);
    return r === 1;
  }

  /** Sets the body's user id (any finite number). */
  setUserId(handle: BodyHandle, id: number): void {
    const fn = 'World.setUserId';
    const p = this.#live('setUserId');
    checkHandle(fn, 'handle', handle);
    finite(fn, 'id', id);
    if (raw.worldSetUserId(p, handle, id) < 0) throw staleHandle(fn, 'handle', handle);
  }

  /** The body's user id. */
  getUserId(handle: BodyHandle): number {
    const p = this.#live('getUserId');
    readHandle('World.getUserId', raw.worldGetUserId(p, handle), handle);
    return io[OUT];
  }

  /**
   * The number of parts of a body: a compound body's (see {@link World.add}), 1 for a body of one shape.
   * @throws RangeError for an invalid or stale handle.
   */
  partCount(handle: BodyHandle): number {
    const p = this.#live('partCount');
    checkHandle('World.partCount', 'handle', handle);
    const n = raw.worldPartCount(p, handle);
    readHandle('World.partCount', n, handle);
    return n;
  }

  /**
   * The body's shape in world coordinates: what the pairs and queries are computed on. A compound body's is
   * `{type: 'compound', parts: [{shape}, ...]}`, each part's world shape in part order (no offsets: they are applied).
   */
  getShape(handle: BodyHandle): BodyShape;
  /**
   * One part's shape in world coordinates.
   * @param part - an integer in [0, {@link World.partCount}); part 0 of a body of one shape is its shape.
   */
  getShape(handle: BodyHandle, part: number): Shape;
  getShape(handle: BodyHandle, part?: number): BodyShape {
    return shapeOf(this.#live('getShape'), handle, part);
  }

  /**
   * The conservative bounds the broad phase uses (the shape's bounds widened a little and rounded to floats); a
   * compound body's are the union of its parts'.
   * @param part - only that part's bounds (an integer in [0, {@link World.partCount})).
   */
  getBounds(handle: BodyHandle, part?: number): Aabb {
    const fn = 'World.getBounds';
    const p = this.#live('getBounds');
    const k = partIndex(fn, p, handle, part);
    readHandle(fn, raw.worldGetBounds(p, handle, k), handle);
    return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
  }

  /** Finds every touching pair with its contact and the begin / end events since the last step; returns the pair count. */
  step(): number {
    const p = this.#p;
    if (p === null) throw freedError('step');
    let n;
    try {
      n = raw.worldStep(p);
    } catch (e) {
      throw guarded('World.step', () => { throw e; });
    }
    if (n < 0) throw outOfMemory('World.step');
    fresh();
    this.#pairs = n;
    this.#pairsAt = io[OUT + 1];
    this.#contactsAt = io[OUT + 2];
    this.#begins = io[OUT + 3];
    this.#beginsAt = io[OUT + 4];
    this.#ends = io[OUT + 5];
    this.#endsAt = io[OUT + 6];
    this.#manifoldsAt = io[OUT + 7];
    this.#partPairs = io[OUT + 8];
    this.#partPairsAt = io[OUT + 9];
    this.#candidates = io[OUT + 10];
    this.#certified = io[OUT + 11];
    this.#quiet = io[OUT + 12] === 1;
    this.#stepMode = this.#mode;
    return n;
  }

  /**
   * Temporal coherence (on by default; it works in the `'pairs'` contact mode): a pair tested at one step keeps a
   * certificate of its answer and of how far its two bodies may still translate relative to each other without
   * changing it; while their movements stay within it (and neither turns), the next steps answer the pair without
   * testing it again. The answers are exactly those of a fresh test either way: turning it off only makes steps slower
   * (it exists to measure and to check that). In the other modes every touching pair's contact is computed afresh.
   * @throws TypeError when `on` is not a boolean.
   */
  setCoherence(on: boolean): void {
    const p = this.#live('setCoherence');
    if (typeof on !== 'boolean') throw typeError('World.setCoherence', 'on', 'a boolean', on);
    raw.worldSetCoherence(p, on ? 1 : 0);
    this.#coherence = on;
  }

  /**
   * Threads step() and setTransforms(xya) use: 1 (the default) up to {@link maxThreadCount}(). Only the
   * `collide2d/threads` entry has threads (see the README, "Threads": the page must be cross-origin isolated); with
   * the default entries the most is 1. The answers are the same bit for bit on any number of threads; a step with
   * few candidate pairs, and a setTransforms of a World of fewer than 4,096 bodies, run on one.
   * @throws TypeError when `n` is not an integer; RangeError (code `OutOfRange`) when it is out of range; RangeError
   *   (code `OutOfMemory`) when a worker cannot be started. The count is then unchanged.
   */
  setThreadCount(n: number): void {
    const p = this.#live('setThreadCount');
    if (typeof n !== 'number' || !Number.isInteger(n)) throw typeError('World.setThreadCount', 'n', 'an integer', n);
    const max = raw.maxThreadCount();
    if (n < 1 || n > max) {
      const hint = max === 1 ? ': this entry has no threads (import \'collide2d/threads\')' : '';
      throw rangeError('World.setThreadCount', 'OutOfRange', `argument n must be in [1, ${max}] (got ${show(n)})${hint}`);
    }
    if (raw.worldSetThreadCount(p, n) !== 0) {
      throw rangeError('World.setThreadCount', 'OutOfMemory', `out of memory: could not start ${n - 1} worker(s)`);
    }
  }

  /** Threads step() uses (see {@link World.setThreadCount}). */
  get threadCount(): number {
    return raw.worldThreadCount(this.#live('threadCount'));
  }

  /** Whether temporal coherence is on (see {@link World.setCoherence}). */
  get coherence(): boolean {
    this.#live('coherence');
    return this.#coherence;
  }

  /** Candidate pairs of the last step() (filters accept, bounds overlap): what the narrow phase had to answer. */
  get candidateCount(): number {
    this.#live('candidateCount');
    return this.#candidates;
  }

  /** How many of the last step()'s candidate pairs a certificate answered without a test (see setCoherence). */
  get certifiedCount(): number {
    this.#live('certifiedCount');
    return this.#certified;
  }

  /**
   * Whether the last step() was a quiet one: few bodies had moved since the step before (at most 16 + an eighth of the
   * moving bodies, moved to a transform other than their own), so the World kept its grid and that step's pairs, and
   * only the moved bodies' pairs were searched and tested afresh. The answers are those of a full step; only the
   * order of the pairs differs (the kept ones first). Any add, remove, setFilter, setStatic, setCellSize or a static
   * body's move makes the next step a full one.
   */
  get quietStep(): boolean {
    this.#live('quietStep');
    return this.#quiet;
  }

  /** Pairs found by the last step(). */
  get pairCount(): number {
    this.#live('pairCount');
    return this.#pairs;
  }

  /** Begin events of the last step(). */
  get beginCount(): number {
    this.#live('beginCount');
    return this.#begins;
  }

  /** End events of the last step(). */
  get endCount(): number {
    this.#live('endCount');
    return this.#ends;
  }

  /** View, {@link World.PAIR_STRIDE} = 2 per pair: handleA, handleB (A has the smaller slot index). */
  get pairBodies(): HandleArray {
    this.#live('pairBodies');
    return (this.#vPairs = viewOf(this.#vPairs, Uint32Array, this.#pairsAt, 2 * this.#pairs)) as HandleArray;
  }

  /**
   * View, {@link World.CONTACT_STRIDE} = 5 per pair: normalX, normalY, depth, pointX, pointY (the contact of
   * `collide(shapeA, shapeB)`); five NaNs for a pair with a sensor body ({@link World.setSensor}).
   */
  get pairContacts(): Float64Array {
    this.#live('pairContacts');
    if (this.#stepMode !== 0) return NO_NUMBERS; // no contacts in the other modes
    return (this.#vContacts = viewOf(this.#vContacts, Float64Array, this.#contactsAt, 5 * this.#pairs));
  }

  /** Records in {@link World.pairParts} after the last step(). */
  get pairPartCount(): number {
    this.#live('pairPartCount');
    return this.#partPairs;
  }

  /**
   * View, {@link World.PART_STRIDE} = 3 per record ({@link World.pairPartCount} records): pair index (into
   * {@link World.pairBodies}), part of A, part of B — every touching part pair of the pairs with a compound body (a
   * pair of two bodies of one shape has no record). By pair; a pair's first record is the part pair whose contact
   * (manifold) the pair reports: the deepest one (the first in part order on ties; in `'pairs'` mode simply the
   * first in part order), then the others in (part of A, part of B) order.
   */
  get pairParts(): Uint32Array {
    this.#live('pairParts');
    return (this.#vPartPairs = viewOf(this.#vPartPairs, Uint32Array, this.#partPairsAt, 3 * this.#partPairs));
  }

  /** View, 2 per event: the pairs touching now that did not at the previous step(). */
  get beginEvents(): HandleArray {
    this.#live('beginEvents');
    return (this.#vBegins = viewOf(this.#vBegins, Uint32Array, this.#beginsAt, 2 * this.#begins)) as HandleArray;
  }

  /** View, 2 per event: the pairs of the previous step() that no longer touch or lost a body (stale handle). */
  get endEvents(): HandleArray {
    this.#live('endEvents');
    // The World keeps its end events in place in one of two buffers that alternate from step to step: a view of
    // each is kept, so that steady frames create none.
    const other = this.#vEndsOther;
    if (other !== null && other.byteOffset === this.#endsAt) {
      this.#vEndsOther = this.#vEnds;
      this.#vEnds = other;
    } else if (this.#vEnds !== null && this.#vEnds.byteOffset !== this.#endsAt) {
      this.#vEndsOther = this.#vEnds;
    }
    return (this.#vEnds = viewOf(this.#vEnds, Uint32Array, this.#endsAt, 2 * this.#ends)) as HandleArray;
  }

  #query(fn: string, names: readonly string[], args: readonly unknown[], n: number, describe?: Describe): number {
    fresh();
    if (n < 0) rejected(fn, names, args, describe);
    this.#queries = n;
    this.#queriesAt = io[OUT];
    this.#queryPartsAt = io[OUT + 1];
    return n;
  }

  /**
   * Bodies whose world shape overlaps the box; returns their count, handles in {@link World.queryResults}.
   * @param mask - only bodies with `(category & mask) != 0` (default 0xFFFFFFFF).
   */
  queryAabb(aabb: Untagged<Aabb>, mask?: number): number {
    const fn = 'World.queryAabb';
    const p = this.#live('queryAabb');
    putFixed(fn, 'aabb', aabb, 0, AABB);
    return this.#query(fn, ['aabb', 'mask'], [aabb, mask], raw.worldQueryAabb(p, maskArg(fn, mask)));
  }

  /** Bodies whose world shape contains the point (boundary included); returns their count. */
  queryPoint(point: Vec2, mask?: number): number {
    const fn = 'World.queryPoint';
    const p = this.#live('queryPoint');
    putPoint(fn, 'point', point, POINT);
    const n = raw.worldQueryPoint(p, maskArg(fn, mask));
    // (The core names the point's field "point": the argument itself is the point.)
    return this.#query(fn, ['point', 'mask'], [point, mask], n, (arg, _index, field, message) =>
      (arg === 0 && field === 'point' ? `argument point ${message} (got ${show(point)})` : undefined));
  }

  /** Bodies whose world shape overlaps `shape` (world coordinates); returns their count. */
  queryShape(shape: Shape, mask?: number): number {
    const fn = 'World.queryShape';
    const p = this.#live('queryShape');
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
    return this.#query(fn, ['shape', 'mask'], [shape, mask], raw.worldQueryShape(p, kind, io[0], io[1], maskArg(fn, mask)));
  }

  /** View: the handles of the last query, sorted by slot index. */
  get queryResults(): HandleArray {
    this.#live('queryResults');
    return (this.#vQueries = viewOf(this.#vQueries, Uint32Array, this.#queriesAt, this.#queries)) as HandleArray;
  }

  /**
   * View, one per {@link World.queryResults} entry: the part the query found (a compound body's first part, in part
   * order, that the query meets; 0 for a body of one shape).
   */
  get queryParts(): Uint32Array {
    this.#live('queryParts');
    return (this.#vQueryParts = viewOf(this.#vQueryParts, Uint32Array, this.#queryPartsAt, this.#queries));
  }

  /** Hits of a raycast, castShape or moveAndSlide: count and where the records are. */
  #hits(n: number, partsAt: number): number {
    this.#rays = n;
    this.#raysAt = io[OUT];
    this.#rayPartsAt = io[partsAt];
    return n;
  }

  #cast(name: string, ray: unknown, mask: unknown, all: number): number {
    const p = this.#live(name);
    const fn = 'World.' + name;
    putFixed(fn, 'ray', ray, 0, RAY);
    const n = raw.worldRaycast(p, all, maskArg(fn, mask));
    fresh();
    if (n < 0) rejected(fn, ['ray', 'mask'], [ray, mask]);
    return this.#hits(n, OUT + 1);
  }

  /** The closest hit (smallest fraction, then slot index): returns 0 or 1, the record in {@link World.rayHits}. */
  raycast(ray: Untagged<Ray>, mask?: number): number {
    return this.#cast('raycast', ray, mask, 0);
  }

  /** Every hit, by fraction then slot index: returns the count, records in {@link World.rayHits}. */
  raycastAll(ray: Untagged<Ray>, mask?: number): number {
    return this.#cast('raycastAll', ray, mask, 1);
  }

  /**
   * View, {@link World.RAY_HIT_STRIDE} = 6 per hit of the last raycast: handle, fraction, pointX, pointY, normalX,
   * normalY.
   */
  get rayHits(): Float64Array {
    this.#live('rayHits');
    return (this.#vRays = viewOf(this.#vRays, Float64Array, this.#raysAt, 6 * this.#rays));
  }

  /**
   * View, one per {@link World.rayHits} record (raycast, raycastAll, castShape, moveAndSlide): the part of the body
   * hit first (a compound body's, the smaller part index on ties; 0 for a body of one shape). raycastAll lists a
   * compound body once.
   */
  get rayHitParts(): Uint32Array {
    this.#live('rayHitParts');
    return (this.#vRayParts = viewOf(this.#vRayParts, Uint32Array, this.#rayPartsAt, this.#rays));
  }

  /**
   * Hit `i` (default 0) of the last raycast, raycastAll, castShape or moveAndSlide as an object (allocates). Ask only
   * for hits there are: `if (world.raycast(ray) > 0) world.rayHit(0).body`.
   * @throws RangeError (code `OutOfRange`) when `i` is not an integer below the hit count (the last call's result).
   */
  rayHit(i = 0): WorldRayHit {
    this.#live('rayHit');
    if (typeof i !== 'number') throw typeError('World.rayHit', 'i', 'a number', i);
    if (!Number.isInteger(i) || i < 0) throw argumentError('World.rayHit', 'OutOfRange', 'i', 'must be an integer >= 0', i);
    if (i >= this.#rays) {
      throw rangeError('World.rayHit', 'OutOfRange', `argument i must be < ${this.#rays}, the hit count (got ${i})`);
    }
    const v = this.rayHits;
    const k = 6 * i;
    return {
      body: v[k] as BodyHandle, fraction: v[k + 1], point: { x: v[k + 2], y: v[k + 3] },
      normal: { x: v[k + 4], y: v[k + 5] }, part: this.rayHitParts[i],
    };
  }

  /**
   * What the next {@link World.step} computes per touching pair (the pairs and events are the same in every mode):
   * `'contacts'` (default) {@link World.pairContacts}; `'pairs'` pairs and events only (sensors, triggers: faster,
   * pairContacts and pairManifolds empty); `'manifolds'` {@link World.pairManifolds} (pairContacts empty).
   * May change between steps.
   */
  setContactMode(mode: ContactMode): void {
    const p = this.#live('setContactMode');
    const k = CONTACT_MODES.indexOf(mode);
    if (k < 0) {
      if (typeof mode !== 'string') throw typeError('World.setContactMode', 'mode', "'contacts', 'pairs' or 'manifolds'", mode);
      throw argumentError('World.setContactMode', 'InvalidArgument', 'mode', "must be 'contacts', 'pairs' or 'manifolds'", mode);
    }
    raw.worldSetContactMode(p, k);
    this.#mode = k;
  }

  /** The mode set by {@link World.setContactMode}. */
  get contactMode(): ContactMode {
    this.#live('contactMode');
    return CONTACT_MODES[this.#mode];
  }

  /**
   * View, {@link World.MANIFOLD_STRIDE} = 11 per pair after a step in `'manifolds'` mode (else empty): normalX,
   * normalY, count (1 or 2), then two points of pointX, pointY, depth, id — `collideManifold(shapeA, shapeB)` on the
   * world shapes, in {@link World.pairBodies} order; a pair with a sensor body has count 0 and a NaN normal.
   */
  get pairManifolds(): Float64Array {
    this.#live('pairManifolds');
    if (this.#stepMode !== 2) return NO_NUMBERS;
    return (this.#vManifolds = viewOf(this.#vManifolds, Float64Array, this.#manifoldsAt, 11 * this.#pairs));
  }

  /** Writes a cast's shape (slot 0), transform (slot 1) and motion (POINT); returns the shape's kind. */
  #motion(fn: string, shape: unknown, transform: unknown, motion: unknown, motionName: string): number {
    const kind = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
    putBodyTransform(fn, 'transform', transform);
    putPoint(fn, motionName, motion, POINT);
    return kind;
  }

  /**
   * First hit of `shape` (local coordinates, placed by `transform` as a body would be) moving by `translation`, over
   * the bodies with `(category & mask) != 0`: the smallest fraction of the core shape cast (ties: the smaller slot
   * index). Entry convention of the core cast: never passes through, never ends inside; a body it starts touching
   * or overlapping counts (fraction 0) only when moving into it. Returns 0 or 1; the record is in
   * {@link World.rayHits} (body, fraction, pointX, pointY, normalX, normalY; the normal points from the shape to the
   * body) and {@link World.rayHit}.
   */
  castShape(shape: Shape, transform: BodyTransform, translation: Vec2, mask?: number): number {
    const fn = 'World.castShape';
    const p = this.#live('castShape');
    const kind = this.#motion(fn, shape, transform, translation, 'translation');
    const n = raw.worldCastShape(p, kind, io[0], io[1], maskArg(fn, mask));
    fresh();
    if (n < 0) rejected(fn, ['shape', 'transform', 'translation', 'mask'], [shape, transform, translation, mask]);
    return this.#hits(n, OUT + 1);
  }

  /**
   * Kinematic character controller: moves `shape` (placed by `transform`; its angle is kept) by `displacement`,
   * stopping at each hit and sliding along it (the motion's component along the hit normal removed). The 4th argument
   * is `maxIterations` (an integer in [1, 8], default 4) or {@link SlideOptions} (`skin`, `up`, `maxSlopeAngle`,
   * `snapToGround`, `autostep`, `maxIterations`; all off by default). Tile seams do not catch: a hit at a corner shared with a
   * neighbouring body's face in line with it counts as that face, and a graze (moving along or away from a face the
   * shape is outside of) is passed. The shape never ends sunk in a body it started clear of; motion into a body it
   * starts overlapping is stopped, motion out of it is free. Returns the final position, the cast count, the hit
   * count and the flags (grounded, onWall, onCeiling, groundNormal: they need `up`); the hits are in
   * {@link World.rayHits} in order. Pass a result object as `out` (for example the result of a previous call) to have
   * it filled in place and returned, allocating nothing per call.
   */
  moveAndSlide(shape: Shape, transform: BodyTransform, displacement: Vec2, options: number | SlideOptions = 4,
    mask?: number, out?: WorldSlide): WorldSlide {
    const fn = 'World.moveAndSlide';
    const p = this.#live('moveAndSlide');
    const kind = this.#motion(fn, shape, transform, displacement, 'displacement');
    let maxIterations: unknown = options;
    let skin = 0, upX = 0, upY = 0, maxSlopeAngle = -1, snapToGround = 0, stepHeight = 0, stepWidth = 0;
    if (typeof options !== 'number') {
      const o = checkOptions(fn, 'options', options, SLIDE_KEYS);
      maxIterations = o?.maxIterations ?? 4;
      if (typeof maxIterations !== 'number' || !Number.isInteger(maxIterations)) {
        throw typeError(fn, 'options.maxIterations', 'an integer', maxIterations);
      }
      if (o?.skin !== undefined) skin = finite(fn, 'options.skin', o.skin);
      if (o?.up !== undefined) {
        checkVec(fn, 'options.up', o.up);
        upX = finite(fn, 'options.up.x', o.up.x);
        upY = finite(fn, 'options.up.y', o.up.y);
      }
      if (o?.maxSlopeAngle !== undefined) {
        maxSlopeAngle = finite(fn, 'options.maxSlopeAngle', o.maxSlopeAngle);
        if (maxSlopeAngle < 0) throw argumentError(fn, 'OutOfRange', 'options.maxSlopeAngle', 'must be in [0, pi/2]', maxSlopeAngle);
      }
      if (o?.snapToGround !== undefined) snapToGround = finite(fn, 'options.snapToGround', o.snapToGround);
      const step = checkOptions(fn, 'options.autostep', o?.autostep, AUTOSTEP_KEYS);
      if (step !== undefined) {
        stepHeight = finite(fn, 'options.autostep.maxHeight', step.maxHeight);
        if (step.minWidth !== undefined) stepWidth = finite(fn, 'options.autostep.minWidth', step.minWidth);
      }
    } else if (!Number.isInteger(options)) {
      throw typeError(fn, 'maxIterations', 'an integer', options);
    } else if (options < 1 || options > 8) {
      throw argumentError(fn, 'OutOfRange', 'maxIterations', 'must be an integer in [1, 8]', options);
    }
    io[POINT + 2] = skin;
    io[POINT + 3] = upX;
    io[POINT + 4] = upY;
    io[POINT + 5] = maxSlopeAngle;
    io[POINT + 6] = snapToGround;
    io[OUT + 8] = stepHeight;
    io[OUT + 9] = stepWidth;
    const n = raw.worldMoveAndSlide(p, kind, io[0], io[1], maxIterations as number, maskArg(fn, mask));
    fresh();
    if (n < 0) {
      rejected(fn, ['shape', 'transform', 'displacement', 'options', 'mask'],
        [shape, transform, displacement, typeof options === 'number' ? { maxIterations: options } : options, mask]);
    }
    this.#hits(n, OUT + 4);
    const flags = io[OUT + 5];
    if (out !== undefined) {  // filled in place: no allocation per call
      out.position.x = io[OUT + 1];
      out.position.y = io[OUT + 2];
      out.iterations = io[OUT + 3];
      out.hitCount = n;
      out.grounded = (flags & 1) !== 0;
      out.onWall = (flags & 2) !== 0;
      out.onCeiling = (flags & 4) !== 0;
      out.groundNormal.x = io[OUT + 6];
      out.groundNormal.y = io[OUT + 7];
      return out;
    }
    return {
      position: vecAt(OUT + 1), iterations: io[OUT + 3], hitCount: n,
      grounded: (flags & 1) !== 0, onWall: (flags & 2) !== 0, onCeiling: (flags & 4) !== 0, groundNormal: vecAt(OUT + 6),
    };
  }

  /** Bytes of wasm heap the world holds (vector capacities, polygons; not the allocator's overhead). */
  get heapBytes(): number {
    return raw.worldHeapBytes(this.#live('heapBytes'));
  }

  /** Releases the world's wasm memory. Safe to call more than once; every other member then throws. */
  free(): void {
    const p = this.#p;
    if (p === null) return;
    worldRegistry?.unregister(this);
    this.#p = null;
    this.#vPairs = this.#vBegins = this.#vEnds = this.#vEndsOther = this.#vQueries = null;
    this.#vPartPairs = this.#vQueryParts = this.#vRayParts = null;
    this.#vContacts = this.#vRays = this.#vManifolds = null;
    raw.worldDelete(p);
  }

  /**
   * Same as free(), for `using` declarations (where Symbol.dispose exists; TypeScript needs the `esnext` or
   * `esnext.disposable` lib for `using`).
   */
  declare [Symbol.dispose]: () => void;
}
if (typeof Symbol.dispose === 'symbol') World.prototype[Symbol.dispose] = World.prototype.free;

/**
 * The most threads a {@link World}'s step() can use with the loaded entry ({@link World.setThreadCount}): 1 unless it
 * is `collide2d/threads` (then 4: the page's thread and the module's 3 workers).
 * @throws Error (code `NotInitialized`) before init() resolved.
 */
export function maxThreadCount(): number {
  need('maxThreadCount');
  return raw.maxThreadCount();
}
