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
 * error name in `code` ({@link ValidationError}).
 *
 * Memory: functions on plain values keep no wasm memory; there is nothing to free.
 *
 * @packageDocumentation
 */

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
export type Shape = Circle | Aabb | Box | Polygon | Segment;

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
 * Loads the WebAssembly module. Call once and await it before anything else; later calls return the same promise.
 * In Node the .wasm file is read from the package; in browsers it is fetched (bundlers such as Vite ship it).
 * @param options - optional: the wasm bytes or URL.
 */
export function init(options?: InitOptions): Promise<void>;

// ---- factories --------------------------------------------------------------------------------------------------

/**
 * A point.
 * @throws RangeError when x or y is not finite.
 */
export function vec2(x: number, y: number): Vec2;

/**
 * A circle.
 * @throws RangeError when a number is not finite or the radius is negative.
 */
export function circle(x: number, y: number, radius: number): Circle;

/**
 * An axis-aligned box from its min and max corners.
 * @throws RangeError when a number is not finite or max < min.
 */
export function aabb(minX: number, minY: number, maxX: number, maxY: number): Aabb;

/**
 * An axis-aligned box from its top-left corner (smallest x and y), width and height, as the seed tutorials write
 * rectangles (C++ `Aabb::fromTopLeft`).
 * @throws RangeError when a number is not finite or the width or height is negative.
 */
export function aabbFromTopLeft(x: number, y: number, width: number, height: number): Aabb;

/**
 * A rotated rectangle.
 * @param cx - centre x
 * @param cy - centre y
 * @param hx - half width (>= 0)
 * @param hy - half height (>= 0)
 * @param angle - rotation in radians (default 0)
 * @throws RangeError when a number is not finite or a half-extent is negative.
 */
export function box(cx: number, cy: number, hx: number, hy: number, angle?: number): Box;

/**
 * A convex polygon, validated and normalised by the core (`Polygon::create`): counter-clockwise, repeated and
 * collinear points removed.
 * @param points - at least 3 distinct points, convex, either winding.
 * @throws RangeError naming the point (e.g. `points[2]`) when a coordinate is not finite, or `points` when there
 *   are fewer than 3 distinct points, all are collinear, or the polygon is not convex.
 */
export function polygon(points: Vec2[]): Polygon;

/**
 * A segment from (ax, ay) to (bx, by).
 * @throws RangeError when a number is not finite.
 */
export function segment(ax: number, ay: number, bx: number, by: number): Segment;

/**
 * An infinite line through (ax, ay) and (bx, by).
 * @throws RangeError when a number is not finite or the points coincide.
 */
export function line(ax: number, ay: number, bx: number, by: number): Line;

/**
 * A ray from (ox, oy) in direction (dx, dy).
 * @param maxFraction - largest t considered (default Infinity).
 * @throws RangeError when a number is not finite (maxFraction may be Infinity) or the direction is zero.
 */
export function ray(ox: number, oy: number, dx: number, dy: number, maxFraction?: number): Ray;

/**
 * A transform: rotate by `angle` (radians, default 0), then translate by (x, y).
 * @throws RangeError when a number is not finite.
 */
export function transform(x: number, y: number, angle?: number): Transform & { type: 'transform' };

// ---- queries ----------------------------------------------------------------------------------------------------

/**
 * `overlaps(circle(ax, ay, ar), circle(bx, by, br))` on plain numbers, without shape objects: for hot loops over
 * arrays of circles. The same answer as {@link overlaps} on the two circles (touching counts).
 * @throws TypeError when an argument is not a number; RangeError for NaN, Infinity or a negative radius.
 */
export function overlapsCircleCircle(ax: number, ay: number, ar: number, bx: number, by: number, br: number): boolean;

/**
 * True when two closed shapes touch or overlap. Any pair of circle, aabb, box, polygon and segment, in any order.
 * @throws TypeError for a malformed shape; RangeError for an invalid one.
 */
export function overlaps(a: Shape, b: Shape): boolean;

/**
 * The contact between two shapes, or null when they neither touch nor overlap. Any pair of circle, aabb, box,
 * polygon and segment, in any order (swapped pairs flip the normal so it always points from a to b).
 * Two circles with the same centre get normal (1, 0) and depth ra + rb.
 */
export function collide(a: Shape, b: Shape): Contact | null;

/** True when the closed shape contains the point (its boundary counts). Exact for polygons, segments and lines. */
export function contains(shape: Shape | Line, point: Vec2): boolean;

/** Where two infinite lines meet (`type` may be omitted). */
export function intersectLines(a: Untagged<Line>, b: Untagged<Line>): LineIntersection;

/** How two segments meet, classified exactly (`type` may be omitted). */
export function intersectSegments(a: Untagged<Segment>, b: Untagged<Segment>): SegmentIntersection;

/** Where a circle's boundary meets an infinite line. */
export function intersectCircleLine(circle: Untagged<Circle>, line: Untagged<Line>): CircleLineIntersection;

/** Where a circle's boundary crosses a segment, whether they overlap, and the closest point. */
export function intersectCircleSegment(
  circle: Untagged<Circle>,
  segment: Untagged<Segment>,
): CircleSegmentIntersection;

/**
 * The C++ `intersect` overloads in one function, chosen by the `type` tags.
 * @throws TypeError for any other pair.
 */
export function intersect(a: Line, b: Line): LineIntersection;
export function intersect(a: Segment, b: Segment): SegmentIntersection;
export function intersect(a: Circle, b: Line): CircleLineIntersection;
export function intersect(a: Circle, b: Segment): CircleSegmentIntersection;

/** Closest point of an area's boundary to `point`, and whether `point` is inside. */
export function closestPoint(shape: Circle | Aabb | Box | Polygon, point: Vec2): BoundaryPoint;
/** Closest point of a segment or line to `point`, with its parameter. */
export function closestPoint(shape: Segment | Line, point: Vec2): SegmentPoint;

/** First hit of a ray on a shape, or null. A segment's normal faces the ray's origin side. */
export function raycast(ray: Untagged<Ray>, shape: Shape): RayHit | null;

/**
 * The separating axis theorem on two boxes or two polygons, with every axis tested and reported (for teaching and
 * debugging; {@link collide} is the fast path).
 * @throws TypeError unless both are boxes or both are polygons.
 */
export function sat(a: Box, b: Box): SatResult;
export function sat(a: Polygon, b: Polygon): SatResult;

/**
 * First contact of `circle` moving by `displacement` against `walls`. Starting in contact and moving into a wall
 * hits at time 0; the returned position never tunnels, however long the move.
 */
export function sweep(circle: Untagged<Circle>, displacement: Vec2, walls: Untagged<Segment>[]): SweepHit;

/**
 * Moves `circle` as far as possible, then spends the rest of the displacement sliding along the wall hit.
 * @param maxIterations - integer >= 1, sweeps allowed (default 4; values above 8 act as 8).
 */
export function moveAndSlide(
  circle: Untagged<Circle>,
  displacement: Vec2,
  walls: Untagged<Segment>[],
  maxIterations?: number,
): SlideResult;

/**
 * The core's validation of a shape, line, ray or transform. Reports invalid values instead of throwing (it throws
 * only a TypeError for a malformed object).
 */
export function validate(shape: AnyShape): Status;

/** Exact orientation of c relative to the directed line a -> b: 1 left (counter-clockwise), -1 right, 0 collinear. */
export function orient(a: Vec2, b: Vec2, c: Vec2): -1 | 0 | 1;

/** Vector projection of `point` onto `axis` (need not be unit; a zero axis gives (0, 0)). */
export function project(point: Vec2, axis: Vec2): Vec2;

/** Dot product `a.x * b.x + a.y * b.y`. */
export function dot(a: Vec2, b: Vec2): number;

/** Smallest axis-aligned box containing the shape. */
export function bounds(shape: Shape): Aabb;

/** Area-weighted centroid of a polygon. */
export function centroid(polygon: Untagged<Polygon>): Vec2;

/** The polygon moved by a transform (C++ `Polygon::transformed`). */
export function transformed(polygon: Untagged<Polygon>, transform: Transform): Polygon;

/** The polygon of a rotated box (C++ `Polygon::fromBox`); the box needs positive extents. */
export function polygonFromBox(box: Untagged<Box>): Polygon;

/** The polygon of an axis-aligned box (C++ `Polygon::fromAabb`). */
export function polygonFromAabb(aabb: Untagged<Aabb>): Polygon;

/** The four corners of a box, counter-clockwise, starting at local (-hx, -hy) (C++ `Box::corners`). */
export function corners(box: Untagged<Box>): [Vec2, Vec2, Vec2, Vec2];

/** A point from the local frame of `transform` to the world. */
export function apply(transform: Transform, point: Vec2): Vec2;

/** A point from the world to the local frame of `transform`. */
export function applyInverse(transform: Transform, point: Vec2): Vec2;

// ---- batches ----------------------------------------------------------------------------------------------------

declare global {
  /** Symbol.dispose (ES2026 explicit resource management), declared here so that these types need no esnext lib. */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
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
 * Polygons validated and prepared once in wasm memory by {@link batch.preparePolygons}, for many batch calls: pass
 * it wherever a batch takes `polygons`. Each call then skips validating and building the polygons, far-apart pairs
 * are rejected by bounding circles, and the SAT reuses each polygon's projections on its own axes; the answers are
 * the same, bit for bit. Owns wasm memory: call {@link PreparedPolygons.free} (or `using`) when done.
 */
export class PreparedPolygons {
  private constructor();
  /** Number of polygons: pair indices go from 0 to count - 1 (0 once freed). */
  readonly count: number;
  /** True once {@link PreparedPolygons.free} was called; a freed set passed to a batch throws. */
  readonly freed: boolean;
  /** Releases the wasm memory. Safe to call more than once. */
  free(): void;
  /** Same as free(), for `using` declarations (where Symbol.dispose exists). */
  [Symbol.dispose](): void;
}

/** Polygons as the batch functions take them: packed (built at each call) or prepared once. */
export type BatchPolygons = PackedPolygons | PreparedPolygons;

/**
 * Many queries in one call, on typed arrays: no JavaScript object per pair. The inputs are copied into wasm memory
 * (one reused buffer) and the results into `out` (allocated when omitted; a longer `out` keeps its extra entries).
 *
 * Layouts:
 * - circles: `Float64Array`, {@link batch.CIRCLE_STRIDE} = 3 numbers per circle: x, y, radius.
 * - pairs: `Uint32Array`, 2 indices per pair: (first, second).
 * - overlap results: `Uint8Array`, 1 per pair: 1 hit, 0 miss.
 * - contact results: `Float64Array`, {@link batch.CONTACT_STRIDE} = 6 numbers per pair:
 *   hit (1 or 0), normal.x, normal.y, depth, point.x, point.y (all 0 when no hit).
 *
 * Errors name the element: `collide2d.batch.collideCircleCircle: argument b[7].radius must be >= 0` is circle 7
 * of b; `polygons[3].points[1]` is point 1 of polygon 3; `pairs[5]` is pair 5.
 */
export const batch: {
  /** Numbers per circle in circle arrays: x, y, radius. */
  readonly CIRCLE_STRIDE: 3;
  /** Numbers per pair in contact results: hit, normal.x, normal.y, depth, point.x, point.y. */
  readonly CONTACT_STRIDE: 6;
  /**
   * overlaps(a[i], b[i]) for circles a[i], b[i].
   * @param a - circles, 3 numbers each
   * @param b - as many circles
   * @param out - at least a.length / 3 entries
   */
  overlapsCircleCircle(a: Float64Array, b: Float64Array, out?: Uint8Array): Uint8Array;
  /**
   * collide(a[i], b[i]) for circles a[i], b[i].
   * @param out - at least 6 * (a.length / 3) entries
   */
  collideCircleCircle(a: Float64Array, b: Float64Array, out?: Float64Array): Float64Array;
  /**
   * overlaps(polygons[i], polygons[j]) for each pair (i, j).
   * @param out - at least pairs.length / 2 entries
   */
  overlapsPolygonPolygon(polygons: BatchPolygons, pairs: Uint32Array, out?: Uint8Array): Uint8Array;
  /**
   * collide(polygons[i], polygons[j]) for each pair (i, j): the minimum translation vector is
   * `normal * depth`.
   * @param out - at least 6 * (pairs.length / 2) entries
   */
  collidePolygonPolygon(polygons: BatchPolygons, pairs: Uint32Array, out?: Float64Array): Float64Array;
  /**
   * overlaps(circles[i], polygons[j]) for each pair (i, j).
   * @param out - at least pairs.length / 2 entries
   */
  overlapsCirclePolygon(
    circles: Float64Array,
    polygons: BatchPolygons,
    pairs: Uint32Array,
    out?: Uint8Array,
  ): Uint8Array;
  /**
   * collide(circles[i], polygons[j]) for each pair (i, j) (normal from the circle to the polygon).
   * @param out - at least 6 * (pairs.length / 2) entries
   */
  collideCirclePolygon(
    circles: Float64Array,
    polygons: BatchPolygons,
    pairs: Uint32Array,
    out?: Float64Array,
  ): Float64Array;
  /** Packs polygons (polygon objects or arrays of points) into the {@link PackedPolygons} layout. */
  packPolygons(polygons: ReadonlyArray<Untagged<Polygon> | Vec2[]>): PackedPolygons;
  /**
   * Validates and prepares polygons once, in wasm memory, for many batch calls (see {@link PreparedPolygons}).
   * Errors name the polygon, as the batches do. The result owns wasm memory: free() it.
   */
  preparePolygons(polygons: PackedPolygons | ReadonlyArray<Untagged<Polygon> | Vec2[]>): PreparedPolygons;
};

// ---- World ------------------------------------------------------------------------------------------------------

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
}

/**
 * Many bodies with a broad phase (a uniform grid rebuilt at every step): every overlapping pair with its contact,
 * begin / end events, region queries and raycasts (the C++ `collide2d::World`).
 *
 * - Bodies: {@link World.add} a shape in LOCAL coordinates with a transform; its world shape is what
 *   {@link World.getShape} returns (an aabb with a non-zero angle becomes a box). Handles are numbers
 *   ({@link BodyHandle}). Body order ({@link World.bodies}, {@link World.setTransforms}): adding appends, removing
 *   moves the last body into the removed one's place.
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
 * - Memory: the world owns wasm memory until {@link World.free} (or `using`; a FinalizationRegistry frees a world
 *   that was garbage-collected without it, as a last resort).
 */
export class World {
  /**
   * An empty world.
   * @throws Error when {@link init} has not resolved; TypeError / RangeError for bad options.
   */
  constructor(options?: WorldOptions);

  /** Numbers per pair in {@link World.pairBodies}: handleA, handleB. */
  static readonly PAIR_STRIDE: 2;
  /** Numbers per pair in {@link World.pairContacts}: normalX, normalY, depth, pointX, pointY. */
  static readonly CONTACT_STRIDE: 5;
  /** Numbers per event in {@link World.beginEvents} and {@link World.endEvents}: handleA, handleB. */
  static readonly EVENT_STRIDE: 2;
  /** Numbers per hit in {@link World.rayHits}: handle, fraction, pointX, pointY, normalX, normalY. */
  static readonly RAY_HIT_STRIDE: 6;

  /**
   * Adds a body and returns its handle.
   * @param shape - the shape in local coordinates (validated as everywhere else; a polygon is normalised).
   * @param transform - where the body is (default: the identity).
   * @param options - user id and filter (defaults: userId 0, category 1, mask 0xFFFFFFFF, group 0).
   * @throws TypeError / RangeError naming the bad field, e.g. `argument shape.radius` or `argument transform.x`.
   */
  add(shape: Shape, transform?: BodyTransform, options?: BodyOptions): BodyHandle;
  /**
   * Removes a body. Its pairs end at the next step(); the pairs of the last step() stay readable until then.
   * @throws RangeError for an invalid or stale handle.
   */
  remove(handle: BodyHandle): void;
  /** True when `handle` is a live body of this world (false for any other number). */
  has(handle: BodyHandle): boolean;
  /** Removes every body (their pairs end at the next step()). */
  clear(): void;
  /** Number of live bodies. */
  readonly bodyCount: number;
  /**
   * Reserves storage for `n` bodies (avoids the growth slack of adding them one by one).
   * @param n - integer in [0, 2^20 - 1].
   */
  reserve(n: number): void;
  /** A copy of the live handles in body order (the order {@link World.setTransforms} reads). */
  bodies(): Uint32Array;

  /**
   * Moves one body.
   * @param angle - radians (default 0).
   * @throws RangeError for a stale handle or a non-finite number.
   */
  setTransform(handle: BodyHandle, x: number, y: number, angle?: number): void;
  /**
   * Moves many bodies in one call: x, y, angle per body. Without `handles`, `xya` holds 3 * bodyCount numbers in
   * body order ({@link World.bodies}); with `handles`, 3 * handles.length numbers for those bodies. All or nothing.
   * @throws TypeError for other array types; RangeError for a wrong length, a non-finite number (`xya[k]`) or a
   *   stale handle (`handles[i]`).
   */
  setTransforms(xya: Float64Array, handles?: Uint32Array): void;
  /** The body's transform. */
  getTransform(handle: BodyHandle): Required<BodyTransform>;
  /** Changes a body's filter; the fields left out keep their current value. */
  setFilter(handle: BodyHandle, filter: Partial<BodyFilter>): void;
  /** The body's filter. */
  getFilter(handle: BodyHandle): BodyFilter;
  /** Sets the body's user id (any finite number). */
  setUserId(handle: BodyHandle, id: number): void;
  /** The body's user id. */
  getUserId(handle: BodyHandle): number;
  /** The body's shape in world coordinates: what the pairs and queries are computed on. */
  getShape(handle: BodyHandle): Shape;
  /** The conservative bounds the broad phase uses (the shape's bounds widened a little and rounded to floats). */
  getBounds(handle: BodyHandle): Aabb;

  /** Finds every touching pair with its contact and the begin / end events since the last step; returns the pair count. */
  step(): number;
  /** Pairs found by the last step(). */
  readonly pairCount: number;
  /** Begin events of the last step(). */
  readonly beginCount: number;
  /** End events of the last step(). */
  readonly endCount: number;
  /** View, {@link World.PAIR_STRIDE} = 2 per pair: handleA, handleB (A has the smaller slot index). */
  readonly pairBodies: Uint32Array;
  /**
   * View, {@link World.CONTACT_STRIDE} = 5 per pair: normalX, normalY, depth, pointX, pointY (the contact of
   * `collide(shapeA, shapeB)`).
   */
  readonly pairContacts: Float64Array;
  /** View, 2 per event: the pairs touching now that did not at the previous step(). */
  readonly beginEvents: Uint32Array;
  /** View, 2 per event: the pairs of the previous step() that no longer touch or lost a body (stale handle). */
  readonly endEvents: Uint32Array;

  /**
   * Bodies whose world shape overlaps the box; returns their count, handles in {@link World.queryResults}.
   * @param mask - only bodies with `(category & mask) != 0` (default 0xFFFFFFFF).
   */
  queryAabb(aabb: Untagged<Aabb>, mask?: number): number;
  /** Bodies whose world shape contains the point (boundary included); returns their count. */
  queryPoint(point: Vec2, mask?: number): number;
  /** Bodies whose world shape overlaps `shape` (world coordinates); returns their count. */
  queryShape(shape: Shape, mask?: number): number;
  /** View: the handles of the last query, sorted by slot index. */
  readonly queryResults: Uint32Array;
  /** The closest hit (smallest fraction, then slot index): returns 0 or 1, the record in {@link World.rayHits}. */
  raycast(ray: Untagged<Ray>, mask?: number): number;
  /** Every hit, by fraction then slot index: returns the count, records in {@link World.rayHits}. */
  raycastAll(ray: Untagged<Ray>, mask?: number): number;
  /**
   * View, {@link World.RAY_HIT_STRIDE} = 6 per hit of the last raycast: handle, fraction, pointX, pointY, normalX,
   * normalY.
   */
  readonly rayHits: Float64Array;
  /** Hit `i` (default 0) of the last raycast as an object (allocates), or null past the last hit. */
  rayHit(i?: number): WorldRayHit | null;

  /** Bytes of wasm heap the world holds (vector capacities, polygons; not the allocator's overhead). */
  readonly heapBytes: number;
  /** Releases the world's wasm memory. Safe to call more than once; every other member then throws. */
  free(): void;
  /** Same as free(), for `using` declarations (where Symbol.dispose exists). */
  [Symbol.dispose](): void;
}
