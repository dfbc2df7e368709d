// The public types of collide2d (shapes, results, options, errors). Compiled by tsc into types.d.ts.

declare global {
  /**
   * Symbol.dispose (ES2026 explicit resource management), declared here so that these types need no esnext lib.
   * `using` declarations themselves need TypeScript's `esnext` (or `esnext.disposable`) lib.
   */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** A point or a direction. */
export interface Vec2 {
  x: number;
  y: number;
}

/** A disc: every point within `radius` of `center` (boundary included). */
export interface Circle {
  type: 'circle';
  center: Vec2;
  /** >= 0 */
  radius: number;
}

/** An axis-aligned box, `min <= max` on both axes. */
export interface Aabb {
  type: 'aabb';
  min: Vec2;
  max: Vec2;
}

/** A rotated rectangle. */
export interface Box {
  type: 'box';
  center: Vec2;
  /** Half width and half height along the box's own axes, >= 0. */
  halfExtents: Vec2;
  /** Rotation in radians; 0 when omitted. */
  angle?: number;
}

/**
 * A convex polygon: at least 3 points, either winding. {@link polygon} returns it normalised (counter-clockwise,
 * without repeated or collinear points) and frozen ({@link FrozenPolygon}); a hand-made object is validated and
 * normalised on every call. The functions never change the points they are given (readonly: `as const` arrays are
 * accepted).
 */
export interface Polygon {
  type: 'polygon';
  points: readonly Vec2[];
}

/**
 * A polygon as {@link polygon}, {@link polygonFromBox}, {@link polygonFromAabb} and {@link decompose} return it: the
 * core's normalised vertices (counter-clockwise, no repeated or collinear points), deeply frozen (`Object.freeze`:
 * neither it nor its points can change, so later calls hand it to the core without proving it convex again). Its
 * type is readonly accordingly: `points.push(...)` or `points[0].x = 1` do not compile (and would throw).
 */
export interface FrozenPolygon extends Polygon {
  readonly type: 'polygon';
  readonly points: readonly Readonly<Vec2>[];
}

/** A segment from a to b (a zero-length segment is a point). */
export interface Segment {
  type: 'segment';
  a: Vec2;
  b: Vec2;
}

/** An infinite line through a and b (a != b). */
export interface Line {
  type: 'line';
  a: Vec2;
  b: Vec2;
}

/** A half-line `origin + t direction`, `0 <= t <= maxFraction`. */
export interface Ray {
  type: 'ray';
  origin: Vec2;
  /** Non-zero; need not be unit length. */
  direction: Vec2;
  /** Largest fraction considered (inclusive); Infinity when omitted. */
  maxFraction?: number;
}

/** A rotation by `angle` followed by a translation by `position`. */
export interface Transform {
  type?: 'transform';
  position: Vec2;
  /** Radians; 0 when omitted. */
  angle?: number;
}

/** The shapes that {@link overlaps} and {@link collide} accept, in any pair and order. */
export type Shape = Circle | Aabb | Box | Polygon | Segment | Capsule;

/**
 * One part of a {@link CompoundShape}: a convex shape in the body's local coordinates, placed by `offset` (rotate by
 * `offset.angle`, then translate by `(offset.x, offset.y)`; the identity when omitted).
 */
export interface CompoundPart {
  /** A convex shape (circle, aabb, box, polygon, segment or capsule); an aabb turned by the offset becomes a box. */
  shape: Shape;
  /** Where the part sits in the body (default: the identity). */
  offset?: { x: number; y: number; angle?: number };
}

/**
 * Several convex parts moving as one body of a {@link World} ({@link compound}, or {@link World.add} of a concave
 * polygon outline). Only {@link World.add} takes it (the pair functions stay convex-only); {@link World.getShape}
 * returns a compound body's parts as world shapes (without offsets).
 */
export interface CompoundShape {
  type: 'compound';
  /** 1 to 4096 parts; part k is the `k` of {@link World.pairParts}, {@link World.queryParts} and {@link World.rayHitParts}. */
  parts: readonly CompoundPart[];
}

/** What a {@link World} body can be: one convex shape, a concave polygon outline, or a {@link CompoundShape}. */
export type BodyShape = Shape | CompoundShape;

/** Everything {@link validate} accepts. */
export type AnyShape = Shape | Line | Ray | (Transform & { type: 'transform' });

/** A value of this type whose `type` tag may be omitted (arguments that accept only one kind of shape). */
export type Untagged<T extends { type?: string }> = Omit<T, 'type'> & { type?: T['type'] };

/** Why the core rejected a value (the C++ `collide2d::Error`). */
export type ValidationError =
  | 'None'
  | 'NotFinite'
  | 'NegativeRadius'
  | 'NegativeExtent'
  | 'ZeroDirection'
  | 'TooFewPoints'
  | 'Collinear'
  | 'NotConvex'
  | 'InvalidArgument'
  | 'OutOfMemory';

/** Result of {@link validate}: a discriminated union on `ok`. */
export type Status = StatusOk | StatusRejected;

/** A valid value ({@link validate}). */
export interface StatusOk {
  ok: true;
  error: 'None';
  field: '';
  message: '';
}

/** An invalid value ({@link validate}): why. */
export interface StatusRejected {
  ok: false;
  error: Exclude<ValidationError, 'None'>;
  /** The first offending field, e.g. 'radius', 'center', 'points[3]'. */
  field: string;
  /** English description of the error, e.g. 'must be >= 0'. */
  message: string;
}

/**
 * The `code` of every error the package throws (a `TypeError`, `RangeError` or `Error`, see {@link Collide2dError}):
 * - the core's rejections of a value (RangeError): `NotFinite` (NaN or an infinity), `NegativeRadius`,
 *   `NegativeExtent` (a negative half-extent or size, an aabb's max below its min), `ZeroDirection` (a ray's or
 *   line's direction), `TooFewPoints`, `Collinear`, `NotConvex` (a polygon; for an outline that crosses itself the
 *   error also has `edges`), `InvalidArgument` (anything else the core refuses, e.g. a coordinate beyond the World's
 *   range), `OutOfMemory` (the wasm memory could not grow; after an abort every call throws it);
 * - `WrongType` (TypeError): a wrong type or a missing field;
 * - `UnknownOption` (TypeError): an options object with a key the function does not know (a misspelling);
 * - `OutOfRange` (RangeError): an integer, index, count or length outside what the argument allows;
 * - `InvalidHandle` (RangeError): a body handle that is not a live body of this world (invalid or stale);
 * - `NotInitialized` (Error): a call before {@link init} resolved;
 * - `Freed` (Error): a {@link World} or {@link PreparedPolygons} used after `free()`;
 * - `LoadFailed` (Error): {@link init} could not load or instantiate the WebAssembly module.
 */
export type ErrorCode =
  | Exclude<ValidationError, 'None'>
  | 'WrongType'
  | 'UnknownOption'
  | 'OutOfRange'
  | 'InvalidHandle'
  | 'NotInitialized'
  | 'Freed'
  | 'LoadFailed';

/**
 * What the package throws: a `TypeError`, `RangeError` or `Error` whose message names the function and the argument
 * (`collide2d.collide: argument b.radius must be >= 0 (got -1)`), with a `code`.
 */
export interface Collide2dError extends Error {
  readonly code: ErrorCode;
  /** A self-crossing outline ({@link decompose}, {@link World.add}; code `NotConvex`): the two edges, i < j. */
  readonly edges?: [number, number];
}

/** The zero vector: what a miss reports for a point or normal it does not have. */
export interface Zero {
  x: 0;
  y: 0;
}

/** Contact between shapes A and B. */
export interface Contact {
  /** Unit vector from A to B. */
  normal: Vec2;
  /** >= 0; move B by `normal * depth` to leave the shapes just touching. */
  depth: number;
  /** Deepest point of B inside A. */
  point: Vec2;
}

/** Where two infinite lines meet. */
export type LineIntersection =
  | { kind: 'parallel' | 'coincident' }
  | {
      kind: 'point';
      point: Vec2;
      /** Parameter of `point` on line a. */
      ta: number;
      /** Parameter of `point` on line b. */
      tb: number;
    };

/**
 * How two segments meet: a discriminated union on `kind` whose arrays hold as many entries as the kind has points
 * (`if (r.kind === 'point') r.points[0]` is a `Vec2`).
 */
export type SegmentIntersection =
  | { kind: 'none'; points: []; ua: []; ub: [] }
  | {
      kind: 'point';
      /** The crossing. */
      points: [Vec2];
      /** Its parameter on segment a (0 on a zero-length segment). */
      ua: [number];
      /** Its parameter on segment b. */
      ub: [number];
    }
  | {
      /** Collinear segments sharing a sub-segment of positive length. */
      kind: 'overlap';
      /** The shared sub-segment's ends, by increasing `ua`. */
      points: [Vec2, Vec2];
      /** Their parameters on segment a. */
      ua: [number, number];
      /** Their parameters on segment b. */
      ub: [number, number];
    };

/** Where a circle's boundary meets an infinite line: a discriminated union on `count`. */
export type CircleLineIntersection = CircleLineMiss | CircleLineCrossing;

/** The line misses the circle (count 0): t1, t2, p1 and p2 carry no meaning. */
export interface CircleLineMiss {
  count: 0;
  t1: number;
  t2: number;
  p1: Vec2;
  p2: Vec2;
}

/** The line touches (count 1: tangent, t1 == t2) or crosses (count 2: t1 < t2) the circle's boundary. */
export interface CircleLineCrossing {
  count: 1 | 2;
  /** Line parameter of p1. */
  t1: number;
  /** Line parameter of p2. */
  t2: number;
  /** Point at t1. */
  p1: Vec2;
  /** Point at t2. */
  p2: Vec2;
}

/**
 * Circle vs segment: a discriminated union on `count`, the crossings of the circle's boundary with the segment (a
 * tangent counts once), whose `t` and `points` hold `count` entries, nearest to the segment start first.
 */
export type CircleSegmentIntersection =
  | (CircleSegmentCommon & { count: 0; t: []; points: [] })
  | (CircleSegmentCommon & { count: 1; t: [number]; points: [Vec2] })
  | (CircleSegmentCommon & { count: 2; t: [number, number]; points: [Vec2, Vec2] });

/** What every {@link CircleSegmentIntersection} has. */
export interface CircleSegmentCommon {
  /** The segment touches the closed disc (also when it lies inside it with no crossing). */
  overlaps: boolean;
  /** Point of the segment closest to the centre. */
  closest: Vec2;
  /** Its parameter. */
  closestT: number;
  /** Distance from the centre to `closest`. */
  distance: number;
}

/** Closest point of an area's boundary (circle, aabb, box, polygon) to a query point. */
export interface BoundaryPoint {
  point: Vec2;
  distanceSquared: number;
  /** The query point is inside the closed shape. */
  inside: boolean;
}

/** Closest point of a segment or line to a query point. */
export interface SegmentPoint {
  point: Vec2;
  /** Parameter of `point` (clamped to [0, 1] on a segment). */
  t: number;
  distanceSquared: number;
}

/** A ray hit. */
export interface RayHit {
  /** t of `origin + t direction`. */
  fraction: number;
  point: Vec2;
  /** Unit outward normal of the shape at `point`; (0, 0) when the ray starts inside. */
  normal: Vec2;
}

/** One axis tested by the separating axis theorem. */
export interface SatAxis {
  /** Unit axis: an edge normal of A or of B. */
  axis: Vec2;
  /** 0: normal of an edge of A, 1: of B. */
  owner: 0 | 1;
  /** Index of that edge in its polygon's (counter-clockwise) vertex order. */
  edge: number;
  minA: number;
  maxA: number;
  minB: number;
  maxB: number;
  /** `min(maxA, maxB) - max(minA, minB)`; negative when the axis separates the shapes. */
  overlap: number;
}

/** What SAT did ({@link sat}): a discriminated union on `hit`. */
export type SatResult = SatOverlap | SatSeparated;

/** What every {@link SatResult} has. */
export interface SatCommon {
  /** Every axis, in test order (all axes are tested). */
  axes: SatAxis[];
  /** Box vs box: the bounding-circle pre-check ran. */
  boundingCircleTested: boolean;
  /** ... and proved the boxes apart before any axis. */
  boundingCircleRejected: boolean;
}

/** The shapes overlap or touch ({@link sat}). */
export interface SatOverlap extends SatCommon {
  hit: true;
  /** Contact normal, unit, from a to b. */
  normal: Vec2;
  depth: number;
  point: Vec2;
  /** No axis separates them. */
  separatingAxis: -1;
  /** Axis of smallest overlap (the MTV axis). */
  minimumAxis: number;
}

/** The shapes are apart ({@link sat}). */
export interface SatSeparated extends SatCommon {
  hit: false;
  normal: Zero;
  depth: 0;
  point: Zero;
  /** First axis with overlap < 0 (where the fast path stops); -1 when the bounding circles proved them apart. */
  separatingAxis: number;
  minimumAxis: -1;
}

/** First contact of a moving circle with walls ({@link sweep}): a discriminated union on `hit`. */
export type SweepHit = SweepContact | SweepMiss;

/** The circle hits a wall. */
export interface SweepContact {
  hit: true;
  /** Fraction of the displacement in [0, 1] at first contact. */
  time: number;
  /** Centre where the circle stops: touching the wall, never inside it. */
  position: Vec2;
  /** Unit, from the wall towards the circle at contact. */
  normal: Vec2;
  /** Contact point on the wall. */
  point: Vec2;
  /** Index of the wall hit first. */
  wall: number;
}

/** The whole move is free. */
export interface SweepMiss {
  hit: false;
  time: 1;
  /** The centre after the whole displacement. */
  position: Vec2;
  normal: Zero;
  point: Zero;
  wall: -1;
}

/** Result of {@link moveAndSlide}. */
export interface SlideResult {
  /** Final centre. */
  position: Vec2;
  /** Sweeps performed. */
  iterations: number;
  /** Walls hit on the way. */
  contacts: number;
  /** path[0] is the start, then each stop and the final position (at most 10 points). */
  path: Vec2[];
  /** Normal of the last wall hit, (0, 0) if none. */
  lastNormal: Vec2;
}

/** Options of {@link init}. */
export interface InitOptions {
  /** The bytes of collide2d.wasm, when the application loads them itself. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /**
   * Where to fetch collide2d.wasm from (default: next to this package's glue, which bundlers rewrite): a string or
   * a URL object (any object whose toString() gives the address).
   */
  wasmUrl?: string | UrlLike;
}

/** A URL object, typed structurally so that these declarations need neither the DOM nor Node's types. */
export interface UrlLike {
  readonly href: string;
  toString(): string;
}

/**
 * Polygons packed for the batch functions. Polygon i is the points `offsets[i] .. offsets[i + 1] - 1`, and point k
 * is `(vertices[2k], vertices[2k + 1])`. `offsets` holds polygon count + 1 entries, starting at 0.
 * {@link batch.packPolygons} builds it.
 */
export interface PackedPolygons {
  vertices: Float64Array;
  offsets: Uint32Array;
}

declare const bodyHandle: unique symbol;

/**
 * A body handle: a uint32, slot index (low 20 bits) | generation (high 12 bits). A removed body's handle is stale
 * forever: every method taking it throws a `RangeError`. The type is a branded number: handles come from the world
 * ({@link World.add}, the {@link HandleArray} views, {@link WorldRayHit.body}) or from a number checked by
 * {@link World.has}, so that a user id or an index cannot be passed by mistake (`world.getUserId(42)` does not
 * compile). At run time it is a plain number.
 */
export type BodyHandle = number & { readonly [bodyHandle]: true };

/**
 * A Uint32Array of body handles ({@link World.pairBodies}, {@link World.queryResults}, {@link World.bodies}, the
 * events): reading an element, also of a subarray, gives a {@link BodyHandle} (iterating it, or `Array.from`, gives
 * plain numbers: check them with {@link World.has} or index the array instead).
 */
export interface HandleArray extends Uint32Array {
  [index: number]: BodyHandle;
  /** A view of elements begin..end - 1 (Uint32Array.subarray), still of handles. */
  subarray(begin?: number, end?: number): HandleArray;
}

/** Options of the {@link World} constructor. */
export interface WorldOptions {
  /** Grid cell size of the broad phase, finite and > 0; omitted: 2x the mean body extent, recomputed every step. */
  cellSize?: number;
}

/**
 * Where a body is ({@link World}), or where a shape is placed (the pose forms of {@link distance} and {@link cast}):
 * rotate its local shape by `angle` (radians), then translate by (x, y).
 */
export interface BodyTransform {
  x: number;
  y: number;
  /** Radians; 0 when omitted. */
  angle?: number;
}

/**
 * Collision filter (Box2D rules): two bodies with the same non-zero `group` always collide when it is positive and
 * never when it is negative; otherwise they collide when `(a.category & b.mask) != 0 && (b.category & a.mask) != 0`.
 */
export interface BodyFilter {
  /** The bits this body is (uint32; default 1). */
  category: number;
  /** The bits this body collides with (uint32; default 0xFFFFFFFF). */
  mask: number;
  /** Integer in [-2^31, 2^31) (default 0: no group). */
  group: number;
}

/** Options of {@link World.add}: a user id (any finite number, default 0), the filter fields, static and sensor flags. */
export interface BodyOptions extends Partial<BodyFilter> {
  /** Any finite number (every uint32 is kept exactly); default 0. */
  userId?: number;
  /**
   * A static body (level geometry; default false): static bodies never pair with each other and are binned once
   * instead of at every step. See {@link World.setStatic}.
   */
  static?: boolean;
  /**
   * A sensor (a trigger; default false): its pairs and events are reported as any body's, its pairs carry no contact
   * (five NaNs in {@link World.pairContacts}; a manifold of count 0 with a NaN normal). See {@link World.setSensor}.
   */
  sensor?: boolean;
}

/** Options of {@link World.addChain}. */
export interface ChainOptions extends Partial<BodyFilter> {
  /** A closed loop (default false): the last point joins the first (do not repeat the first point). */
  loop?: boolean;
  /** Any finite number (every uint32 is kept exactly); default 0. */
  userId?: number;
  /** Where the chain is (default: the identity). */
  transform?: BodyTransform;
}

/** A ray hit of {@link World.rayHit} (also of castShape and moveAndSlide). */
export interface WorldRayHit {
  /** The body hit. */
  body: BodyHandle;
  /** t of `origin + t direction`. */
  fraction: number;
  point: Vec2;
  /** Unit outward normal of the body's shape at `point`; (0, 0) when the ray starts inside. */
  normal: Vec2;
  /** The part of the body hit (a compound body's; 0 for a body of one shape). */
  part: number;
}

// ---- queries (queries.ts; C++: collide2d/queries.h) ------------------------------------------------------------

/** Every point within `radius` of the segment a-b (boundary included); a == b is a circle. */
export interface Capsule {
  type: 'capsule';
  a: Vec2;
  b: Vec2;
  /** >= 0 */
  radius: number;
}

/** Result of {@link distance}: a discriminated union on `overlap`. */
export type DistanceResult = DistanceApart | DistanceOverlap;

/** Two shapes apart ({@link distance}). */
export interface DistanceApart {
  /** > 0. */
  distance: number;
  /** Closest point of a's boundary. */
  pointA: Vec2;
  /** Closest point of b's boundary. */
  pointB: Vec2;
  /** Unit, from a to b. */
  normal: Vec2;
  /** They neither overlap nor touch: `overlaps(a, b)` is false. */
  overlap: false;
  /** GJK iterations (at most 64). */
  iterations: number;
}

/** Two shapes that overlap or touch ({@link distance}): distance 0, normal (0, 0), pointA == pointB. */
export interface DistanceOverlap {
  distance: 0;
  /** A common point. */
  pointA: Vec2;
  /** The same point. */
  pointB: Vec2;
  normal: Zero;
  /** `overlaps(a, b)` is true. */
  overlap: true;
  /** GJK iterations (at most 64). */
  iterations: number;
}

/**
 * GJK's last simplex, to start the next {@link distance} of the same pair from it (coherent motion). Start with
 * `{ count: 0, indexA: [], indexB: [] }`; distance() reads it and updates it in place.
 */
export interface SimplexCache {
  /** 0 (no cache) to 3. */
  count: number;
  /** Vertex indices in a's core (integers in [0, 65535]), `count` of them. */
  indexA: number[];
  /** Vertex indices in b's core. */
  indexB: number[];
}

/**
 * One GJK iteration, for teaching: the simplex's support points on A's and B's CORES (radius not included; circle
 * core = its centre, capsule core = its segment); the Minkowski-difference point of a vertex is b - a; `closest` is
 * the point of the simplex (in b - a space) nearest the origin.
 */
export interface GjkStep {
  simplex: { a: Vec2; b: Vec2 }[];
  closest: Vec2;
}

/**
 * Motion over a cast's step, t in [0, 1]: the shape turns by `t * rotation` (radians, default 0) about its centre
 * (circle centre, aabb and box centre, polygon centroid, segment and capsule midpoint), then moves by
 * `t * translation`.
 */
export interface Motion {
  translation: Vec2;
  rotation?: number;
}

/** Result of {@link cast}: a discriminated union on `hit` (`if (h.hit) h.point` is the contact point). */
export type CastHit = CastContact | CastMiss;

/** The shapes touch during the step ({@link cast}). */
export interface CastContact {
  hit: true;
  /** First contact time in [0, 1], never after the exact one: at it the shapes are apart (or it is 0). */
  fraction: number;
  /** Midway between the closest points at `fraction`. */
  point: Vec2;
  /** Unit, from a to b at contact. */
  normal: Vec2;
  /** Advancement steps. */
  iterations: number;
}

/** The shapes do not touch during the step ({@link cast}): fraction 1, point and normal (0, 0). */
export interface CastMiss {
  hit: false;
  fraction: 1;
  point: Zero;
  normal: Zero;
  /** Advancement steps. */
  iterations: number;
}

/** One point of a {@link Manifold}. */
export interface ManifoldPoint {
  /** B's deepest point there. */
  point: Vec2;
  /** >= 0 */
  depth: number;
  /** Feature key (uint32): the same while the same features touch. */
  id: number;
}

/** Contact manifold of {@link collideManifold}: one or two points sharing one normal. */
export interface Manifold {
  /** Unit, from a to b. */
  normal: Vec2;
  points: [ManifoldPoint] | [ManifoldPoint, ManifoldPoint];
}

/** What {@link World.step} computes per touching pair ({@link World.setContactMode}). */
export type ContactMode = 'contacts' | 'pairs' | 'manifolds';

/** Result of {@link World.moveAndSlide}; its hits are in {@link World.rayHits}. */
export interface WorldSlide {
  /** Where the shape's transform ends (its angle is unchanged). */
  position: Vec2;
  /** Legs made (one cast each, not counting the casts again past a graze). */
  iterations: number;
  /** Hits on the way (records in {@link World.rayHits}, in order). */
  hitCount: number;
  /** A floor was hit or snapped to (needs {@link SlideOptions.up}; floors: normals within maxSlopeAngle of up, 45 degrees without it). */
  grounded: boolean;
  /** A wall was hit (neither floor nor ceiling; needs up). */
  onWall: boolean;
  /** A ceiling was hit (normal within maxSlopeAngle of -up; needs up). */
  onCeiling: boolean;
  /** The last floor's normal (unit, out of the floor) when grounded, else {x: 0, y: 0}. */
  groundNormal: Vec2;
}

/** Options of {@link World.moveAndSlide}; every one is off by default. */
export interface SlideOptions {
  /** Legs (casts), an integer in [1, 8]; default 4. */
  maxIterations?: number;
  /**
   * Distance kept from the surfaces hit (>= 0), to within 2^-32 S (S: the largest coordinate of the move), so a
   * position may change by ulps from call to call; default 0: the shape ends exactly at its hits.
   */
  skin?: number;
  /** Unit "up" vector: enables grounded / onWall / onCeiling and the options below. */
  up?: Vec2;
  /** Radians in [0, pi/2]: slopes up to it are floors (climbed; gravity does not slide down them), steeper ones are not climbed and are slid down. */
  maxSlopeAngle?: number;
  /** Distance (>= 0): a move that does not go up and met no floor goes down by up to this onto a floor (walking down slopes and steps). */
  snapToGround?: number;
  /** Climb steps: a wall met once grounded is tried up by `maxHeight` (> 0), across with `minWidth` (>= 0, default 0) free beyond, and down onto a higher floor. Needs up. */
  autostep?: { maxHeight: number; minWidth?: number };
}
