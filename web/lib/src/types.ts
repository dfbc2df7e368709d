// The public types of collide2d (shapes, results, options). Compiled by tsc into types.d.ts.

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
 * without repeated or collinear points); a hand-made object is validated and normalised on every call.
 */
export interface Polygon {
  type: 'polygon';
  points: Vec2[];
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
  parts: CompoundPart[];
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

/** Result of {@link validate}. */
export interface Status {
  /** True when the value is valid. */
  ok: boolean;
  /** 'None' when ok. */
  error: ValidationError;
  /** The first offending field, e.g. 'radius', 'center', 'points[3]'; '' when ok. */
  field: string;
  /** English description of the error, e.g. 'must be >= 0'; '' when ok. */
  message: string;
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

/** How two segments meet. */
export interface SegmentIntersection {
  /** 'overlap': collinear segments sharing a sub-segment of positive length. */
  kind: 'none' | 'point' | 'overlap';
  /** 0 points for 'none', 1 for 'point', 2 (the shared sub-segment, by increasing `ua`) for 'overlap'. */
  points: Vec2[];
  /** Parameters of `points` on segment a (0 on a zero-length segment). */
  ua: number[];
  /** Parameters of `points` on segment b. */
  ub: number[];
}

/** Where a circle's boundary meets an infinite line. */
export interface CircleLineIntersection {
  /** 0 (miss), 1 (tangent: t1 == t2) or 2 (t1 < t2). */
  count: 0 | 1 | 2;
  t1: number;
  t2: number;
  /** Point at t1. */
  p1: Vec2;
  /** Point at t2. */
  p2: Vec2;
}

/** Circle vs segment. */
export interface CircleSegmentIntersection {
  /** Crossings of the circle's boundary with the segment (a tangent counts once). */
  count: 0 | 1 | 2;
  /** Parameters of the crossings, nearest to the segment start first (`count` entries). */
  t: number[];
  /** The crossing points (`count` entries). */
  points: Vec2[];
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

/** What SAT did ({@link sat}). */
export interface SatResult {
  hit: boolean;
  /** Contact normal (zero when no hit). */
  normal: Vec2;
  depth: number;
  point: Vec2;
  /** Every axis, in test order (all axes are tested). */
  axes: SatAxis[];
  /** First axis with overlap < 0 (where the fast path stops), or -1. */
  separatingAxis: number;
  /** Axis of smallest overlap (the MTV axis) when they overlap, else -1. */
  minimumAxis: number;
  /** Box vs box: the bounding-circle pre-check ran. */
  boundingCircleTested: boolean;
  /** ... and proved the boxes apart before any axis. */
  boundingCircleRejected: boolean;
}

/** First contact of a moving circle with walls. */
export interface SweepHit {
  hit: boolean;
  /** Fraction of the displacement in [0, 1] at first contact (1 when no hit). */
  time: number;
  /** Centre where the circle stops: touching the wall, never inside it. */
  position: Vec2;
  /** Unit, from the wall towards the circle at contact ((0, 0) when no hit). */
  normal: Vec2;
  /** Contact point on the wall. */
  point: Vec2;
  /** Index of the wall hit first, -1 when none. */
  wall: number;
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

/**
 * A body handle: a uint32, slot index (low 20 bits) | generation (high 12 bits). A removed body's handle is stale
 * forever: every method taking it throws a `RangeError`.
 */
export type BodyHandle = number;

/** Options of the {@link World} constructor. */
export interface WorldOptions {
  /** Grid cell size of the broad phase, finite and > 0; omitted: 2x the mean body extent, recomputed every step. */
  cellSize?: number;
}

/** Where a body is: rotate its local shape by `angle` (radians), then translate by (x, y). */
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

/** Options of {@link World.add}: a user id (any finite number, default 0) and the filter fields. */
export interface BodyOptions extends Partial<BodyFilter> {
  /** Any finite number (every uint32 is kept exactly); default 0. */
  userId?: number;
  /**
   * A static body (level geometry; default false): static bodies never pair with each other and are binned once
   * instead of at every step. See {@link World.setStatic}.
   */
  static?: boolean;
}

/** A ray hit of {@link World.rayHit}. */
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

/** Result of {@link distance}. When `overlap` is true: distance 0, normal (0, 0), pointA == pointB. */
export interface DistanceResult {
  /** >= 0; 0 exactly when `overlap`. */
  distance: number;
  /** Closest point of a's boundary. */
  pointA: Vec2;
  /** Closest point of b's boundary. */
  pointB: Vec2;
  /** Unit, from a to b. */
  normal: Vec2;
  /** They overlap or touch; always equal to overlaps(a, b). */
  overlap: boolean;
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

/** Result of {@link cast}. When `hit` is false, fraction is 1 and point and normal are (0, 0). */
export interface CastHit {
  hit: boolean;
  /** First contact time in [0, 1], never after the exact one: at it the shapes are apart (or it is 0). */
  fraction: number;
  /** Midway between the closest points at `fraction`. */
  point: Vec2;
  /** Unit, from a to b at contact. */
  normal: Vec2;
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
  points: ManifoldPoint[];
}

/** What {@link World.step} computes per touching pair ({@link World.setContactMode}). */
export type ContactMode = 'contacts' | 'pairs' | 'manifolds';

/** Result of {@link World.moveAndSlide}; its hits are in {@link World.rayHits}. */
export interface WorldSlide {
  /** Where the shape's transform ends (its angle is unchanged). */
  position: Vec2;
  /** Casts made. */
  iterations: number;
  /** Hits on the way (records in {@link World.rayHits}, in order). */
  hitCount: number;
}
