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
  | 'InvalidArgument';

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
