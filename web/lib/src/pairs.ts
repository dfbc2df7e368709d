// collide2d — queries on one or two plain shapes: overlaps, collide, contains, the intersections, closest point,
// raycast, SAT with its trace, and the moving circle (sweep, moveAndSlide). Each checks its arguments while copying
// them into wasm memory (marshal.ts), makes one call into the core, and reads the result back.
import { argumentError, finite, isObject, show, typeError, typeErrorText } from './errors.js';
import {
  CIRCLE, KIND_NAMES, LINE, PAIR_SHAPES, POLYGON, BOX, RAY, SEGMENT, TRUSTED_POLYGON, contactAt, putFixed, putPoint,
  putPackedPair, putShape, putTrustedPair, putWalls, trustedXy, untrusted, vecAt,
} from './marshal.js';
import { OUT, POINT, SLOT1, f64, fresh, io, need, notReady, raw, ready, rejected } from './runtime.js';
import type {
  Aabb, BoundaryPoint, Box, Capsule, Circle, CircleLineIntersection, CircleSegmentIntersection, Contact, Line,
  LineIntersection, Polygon, Ray, RayHit, SatAxis, SatResult, Segment, SegmentIntersection, SegmentPoint, Shape,
  SlideResult, SweepHit, Untagged, Vec2,
} from './types.js';

const AB = ['a', 'b'];
const LINE_KINDS = ['parallel', 'point', 'coincident'] as const;

/**
 * True when two closed shapes touch or overlap. Any pair of circle, aabb, box, polygon, segment and capsule, in any
 * order.
 * @throws TypeError for a malformed shape; RangeError for an invalid one.
 */
export function overlaps(a: Shape, b: Shape): boolean {
  if (!ready) throw notReady('overlaps');
  // Fast path for two circles: Number.isFinite is false for non-numbers too, so this one test accepts exactly
  // what validate(Circle) accepts; anything else takes the general path, which reports the exact error.
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && a.type === 'circle' &&
      b.type === 'circle') {
    const ac = a.center;
    const bc = b.center;
    if (ac !== null && bc !== null && typeof ac === 'object' && typeof bc === 'object') {
      const ax = ac.x;
      const ay = ac.y;
      const ar = a.radius;
      const bx = bc.x;
      const by = bc.y;
      const br = b.radius;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
          Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
        // overlaps(Circle, Circle) of cpp/src/aabb_circle.cpp, operation for operation: the same IEEE doubles (the
        // core is built without FMA contraction) and so the same answer, without the wasm call that would cost
        // more than the test itself. web/test/prepared.test.js checks it against the wasm batch on 200,000 pairs.
        const dx = bx - ax;
        const dy = by - ay;
        const r = ar + br;
        return dx * dx + dy * dy <= r * r;
      }
    }
  }
  return overlapsChecked(a, b);
}

/**
 * `overlaps(circle(ax, ay, ar), circle(bx, by, br))` on plain numbers, without shape objects: for hot loops over
 * arrays of circles. The same answer as {@link overlaps} on the two circles (touching counts).
 * @throws TypeError when an argument is not a number; RangeError for NaN, Infinity (code `NotFinite`) or a negative
 *   radius (code `NegativeRadius`).
 */
export function overlapsCircleCircle(ax: number, ay: number, ar: number, bx: number, by: number, br: number): boolean {
  if (!ready) throw notReady('overlapsCircleCircle');
  if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
      Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
    const dx = bx - ax;
    const dy = by - ay;
    const r = ar + br;
    return dx * dx + dy * dy <= r * r;
  }
  return rejectCircleNumbers([ax, ay, ar, bx, by, br]);
}

/** The error of overlapsCircleCircle's first bad argument (kept out of the hot function). */
function rejectCircleNumbers(values: readonly unknown[]): never {
  const fn = 'overlapsCircleCircle';
  const names = ['ax', 'ay', 'ar', 'bx', 'by', 'br'];
  values.forEach((v, i) => finite(fn, names[i], v));
  const [name, value] = (values[2] as number) < 0 ? ['ar', values[2]] : ['br', values[5]];
  throw argumentError(fn, 'NegativeRadius', name as string, 'must be >= 0', value);
}

function overlapsChecked(a: unknown, b: unknown): boolean {
  if (putTrustedPair('overlaps', a, b)) {
    const r = raw.overlaps(TRUSTED_POLYGON, 0, io[1], TRUSTED_POLYGON, io[SLOT1], io[SLOT1 + 1]);
    fresh();
    if (r < 0) rejected('overlaps', AB, [a, b]);
    return r !== 0;
  }
  const ka = putShape('overlaps', 'a', a, 0, PAIR_SHAPES);
  const kb = putShape('overlaps', 'b', b, 1, PAIR_SHAPES);
  const r = raw.overlaps(ka, io[0], io[1], kb, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('overlaps', AB, [a, b]);
  return r !== 0;
}

/**
 * The contact between two shapes, or null when they neither touch nor overlap. Any pair of circle, aabb, box,
 * polygon, segment and capsule, in any order (swapped pairs flip the normal so it always points from a to b).
 * Two circles with the same centre get normal (1, 0) and depth ra + rb.
 */
export function collide(a: Shape, b: Shape): Contact | null {
  if (!ready) throw notReady('collide');
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && a.type === 'circle' &&
      b.type === 'circle') {
    const ac = a.center;
    const bc = b.center;
    if (ac !== null && bc !== null && typeof ac === 'object' && typeof bc === 'object') {
      const ax = ac.x;
      const ay = ac.y;
      const ar = a.radius;
      const bx = bc.x;
      const by = bc.y;
      const br = b.radius;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(ar) && Number.isFinite(bx) &&
          Number.isFinite(by) && Number.isFinite(br) && ar >= 0 && br >= 0) {
        // collide(Circle, Circle) of cpp/src/aabb_circle.cpp, operation for operation (the core is built without
        // FMA contraction: the same IEEE doubles), without a call into wasm; only centres closer than 2^-450 go to
        // the core (its unitOrZero scaling). prepared.test.js checks it against the wasm batch on 200,000 pairs.
        const dx = bx - ax;
        const dy = by - ay;
        const r = ar + br;
        const dist2 = dx * dx + dy * dy;
        if (!(dist2 <= r * r)) return null;
        if (dx === 0 && dy === 0) return { normal: { x: 1, y: 0 }, depth: r, point: { x: bx - br, y: by - 0 * br } };
        if (dist2 > 2 ** -900) {
          const dist = Math.sqrt(dist2);
          const nx = dx / dist;
          const ny = dy / dist;
          const depth = r - dist;
          return { normal: { x: nx, y: ny }, depth: 0 < depth ? depth : 0, point: { x: bx - nx * br, y: by - ny * br } };
        }
        return raw.collideCircleCircleCheckedByCaller(ax, ay, ar, bx, by, br) !== 0 ? contactAt(OUT) : null;
      }
    }
  }
  // Two polygons that polygon() made: their packed vertices go straight to the scratch buffer (putTrustedPair
  // without its g_io stores and loads: measured 100 instructions fewer per call).
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const xa = trustedXy(a);
    const xb = xa === undefined ? undefined : trustedXy(b);
    if (xb !== undefined) {
      const na = (xa as number[]).length >> 1;
      putPackedPair('collide', xa as number[], xb);
      const r = raw.collide(TRUSTED_POLYGON, 0, na, TRUSTED_POLYGON, na, xb.length >> 1);
      fresh();
      if (r < 0) rejected('collide', AB, [a, b]);
      return r > 0 ? contactAt(OUT) : null;
    }
  }
  const ka = putShape('collide', 'a', a, 0, PAIR_SHAPES);
  const kb = putShape('collide', 'b', b, 1, PAIR_SHAPES);
  const r = raw.collide(ka, io[0], io[1], kb, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected('collide', AB, [a, b]);
  return r > 0 ? contactAt(OUT) : null;
}

/** True when the closed shape contains the point (its boundary counts). Exact for polygons, segments and lines. */
export function contains(shape: Shape | Line, point: Vec2): boolean {
  const fn = 'contains';
  need(fn);
  const k = putShape(fn, 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint(fn, 'point', point, POINT);
  const r = raw.contains(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected(fn, ['shape', 'point'], [shape, point]);
  return r !== 0;
}

/** Where two infinite lines meet (`type` may be omitted). */
export function intersectLines(a: Untagged<Line>, b: Untagged<Line>): LineIntersection {
  const fn = 'intersectLines';
  need(fn);
  return linesImpl(fn, a, b);
}

function linesImpl(fn: string, a: unknown, b: unknown): LineIntersection {
  putFixed(fn, 'a', a, 0, LINE);
  putFixed(fn, 'b', b, 1, LINE);
  if (raw.intersectLines() < 0) rejected(fn, AB, [a, b]);
  const kind = LINE_KINDS[io[OUT]];
  if (kind !== 'point') return { kind };
  return { kind, point: vecAt(OUT + 1), ta: io[OUT + 3], tb: io[OUT + 4] };
}

/** How two segments meet, classified exactly (`type` may be omitted). */
export function intersectSegments(a: Untagged<Segment>, b: Untagged<Segment>): SegmentIntersection {
  const fn = 'intersectSegments';
  need(fn);
  return segmentsImpl(fn, a, b);
}

function segmentsImpl(fn: string, a: unknown, b: unknown): SegmentIntersection {
  putFixed(fn, 'a', a, 0, SEGMENT);
  putFixed(fn, 'b', b, 1, SEGMENT);
  if (raw.intersectSegments() < 0) rejected(fn, AB, [a, b]);
  const kind = io[OUT];
  if (kind === 0) return { kind: 'none', points: [], ua: [], ub: [] };
  if (kind === 1) return { kind: 'point', points: [vecAt(OUT + 1)], ua: [io[OUT + 5]], ub: [io[OUT + 7]] };
  return {
    kind: 'overlap',
    points: [vecAt(OUT + 1), vecAt(OUT + 3)],
    ua: [io[OUT + 5], io[OUT + 6]],
    ub: [io[OUT + 7], io[OUT + 8]],
  };
}

/** Where a circle's boundary meets an infinite line. */
export function intersectCircleLine(circle: Untagged<Circle>, line: Untagged<Line>): CircleLineIntersection {
  const fn = 'intersectCircleLine';
  need(fn);
  return circleLineImpl(fn, circle, line);
}

function circleLineImpl(fn: string, circle: unknown, line: unknown): CircleLineIntersection {
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putFixed(fn, 'line', line, 1, LINE);
  if (raw.intersectCircleLine() < 0) rejected(fn, ['circle', 'line'], [circle, line]);
  return { count: io[OUT] as 0 | 1 | 2, t1: io[OUT + 1], t2: io[OUT + 2], p1: vecAt(OUT + 3), p2: vecAt(OUT + 5) };
}

/** Where a circle's boundary crosses a segment, whether they overlap, and the closest point. */
export function intersectCircleSegment(
  circle: Untagged<Circle>,
  segment: Untagged<Segment>,
): CircleSegmentIntersection {
  const fn = 'intersectCircleSegment';
  need(fn);
  return circleSegmentImpl(fn, circle, segment);
}

function circleSegmentImpl(fn: string, circle: unknown, segment: unknown): CircleSegmentIntersection {
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putFixed(fn, 'segment', segment, 1, SEGMENT);
  if (raw.intersectCircleSegment() < 0) rejected(fn, ['circle', 'segment'], [circle, segment]);
  const count = io[OUT];
  const t: number[] = [];
  const points: Vec2[] = [];
  for (let i = 0; i < count; i++) {
    t.push(io[OUT + 1 + i]);
    points.push(vecAt(OUT + 3 + 2 * i));
  }
  // (t and points hold `count` entries: the tuple types of the union)
  return {
    count, t, points,
    overlaps: io[OUT + 7] !== 0,
    closest: vecAt(OUT + 8),
    closestT: io[OUT + 10],
    distance: io[OUT + 11],
  } as CircleSegmentIntersection;
}

/**
 * The C++ `intersect` overloads in one function, chosen by the `type` tags.
 * @throws TypeError for any other pair.
 */
export function intersect(a: Line, b: Line): LineIntersection;
export function intersect(a: Segment, b: Segment): SegmentIntersection;
export function intersect(a: Circle, b: Line): CircleLineIntersection;
export function intersect(a: Circle, b: Segment): CircleSegmentIntersection;
export function intersect(a: unknown, b: unknown):
  LineIntersection | SegmentIntersection | CircleLineIntersection | CircleSegmentIntersection {
  const fn = 'intersect';
  need(fn);
  if (!isObject(a)) throw typeError(fn, 'a', 'an object', a);
  if (!isObject(b)) throw typeError(fn, 'b', 'an object', b);
  if (a.type === 'line' && b.type === 'line') return linesImpl(fn, a, b);
  if (a.type === 'segment' && b.type === 'segment') return segmentsImpl(fn, a, b);
  if (a.type === 'circle' && b.type === 'line') return circleLineImpl(fn, a, b);
  if (a.type === 'circle' && b.type === 'segment') return circleSegmentImpl(fn, a, b);
  throw typeErrorText(fn, 'WrongType', `arguments a, b must be line+line, segment+segment, circle+line or ` +
    `circle+segment (got ${show(a)}, ${show(b)})`);
}

/** Closest point of an area's boundary to `point`, and whether `point` is inside. */
export function closestPoint(shape: Circle | Aabb | Box | Polygon | Capsule, point: Vec2): BoundaryPoint;
/** Closest point of a segment or line to `point`, with its parameter. */
export function closestPoint(shape: Segment | Line, point: Vec2): SegmentPoint;
export function closestPoint(shape: unknown, point: unknown): BoundaryPoint | SegmentPoint {
  const fn = 'closestPoint';
  need(fn);
  const k = putShape(fn, 'shape', shape, 0, PAIR_SHAPES | (1 << LINE));
  putPoint(fn, 'point', point, POINT);
  const r = raw.closestPoint(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected(fn, ['shape', 'point'], [shape, point]);
  if (r === 1) return { point: vecAt(OUT), t: io[OUT + 3], distanceSquared: io[OUT + 2] };
  return { point: vecAt(OUT), distanceSquared: io[OUT + 2], inside: io[OUT + 3] !== 0 };
}

/** First hit of a ray on a shape, or null. A segment's normal faces the ray's origin side. */
export function raycast(ray: Untagged<Ray>, shape: Shape): RayHit | null {
  const fn = 'raycast';
  need(fn);
  putFixed(fn, 'ray', ray, 0, RAY);
  const k = putShape(fn, 'shape', shape, 1, PAIR_SHAPES);
  const r = raw.raycast(k, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected(fn, ['ray', 'shape'], [ray, shape]);
  if (r === 0) return null;
  return { fraction: io[OUT + 1], point: vecAt(OUT + 2), normal: vecAt(OUT + 4) };
}

/**
 * The separating axis theorem on two boxes or two polygons, with every axis tested and reported (for teaching and
 * debugging; {@link collide} is the fast path).
 * @throws TypeError unless both are boxes or both are polygons.
 */
export function sat(a: Box, b: Box): SatResult;
export function sat(a: Polygon, b: Polygon): SatResult;
export function sat(a: unknown, b: unknown): SatResult {
  const fn = 'sat';
  need(fn);
  const ka = untrusted(putShape(fn, 'a', a, 0, (1 << BOX) | (1 << POLYGON)));
  const kb = untrusted(putShape(fn, 'b', b, 1, (1 << BOX) | (1 << POLYGON)));
  if (ka !== kb) throw typeError(fn, 'b', `a ${KIND_NAMES[ka]} like a`, b);
  const r = raw.sat(ka, io[0], io[1], io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected(fn, AB, [a, b]);
  const axisCount = io[OUT + 10];
  const axes = new Array<SatAxis>(axisCount);
  let k = raw.satAxes() >> 3;
  for (let i = 0; i < axisCount; i++, k += 9) {
    axes[i] = {
      axis: { x: f64[k], y: f64[k + 1] },
      owner: f64[k + 2] as 0 | 1,
      edge: f64[k + 3],
      minA: f64[k + 4],
      maxA: f64[k + 5],
      minB: f64[k + 6],
      maxB: f64[k + 7],
      overlap: f64[k + 8],
    };
  }
  // (a miss's normal, depth and point are zeros and its minimumAxis -1; a hit's separatingAxis is -1: the union's
  // literal types, checked by web/test/results.test.js)
  return {
    hit: io[OUT] !== 0,
    normal: vecAt(OUT + 1),
    depth: io[OUT + 3],
    point: vecAt(OUT + 4),
    separatingAxis: io[OUT + 6],
    minimumAxis: io[OUT + 7],
    boundingCircleTested: io[OUT + 8] !== 0,
    boundingCircleRejected: io[OUT + 9] !== 0,
    axes,
  } as SatResult;
}

// ---- moving circles -----------------------------------------------------------------------------------------

const SWEEP_ARGS = ['circle', 'displacement', 'walls', 'maxIterations'];

/**
 * First contact of `circle` moving by `displacement` against `walls`. Starting in contact and moving into a wall
 * hits at time 0; the returned position never tunnels, however long the move.
 */
export function sweep(circle: Untagged<Circle>, displacement: Vec2, walls: readonly Untagged<Segment>[]): SweepHit {
  const fn = 'sweep';
  need(fn);
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putPoint(fn, 'displacement', displacement, POINT);
  const n = putWalls(fn, walls);
  if (raw.sweep(0, n) < 0) rejected(fn, SWEEP_ARGS, [circle, displacement, walls]);
  // (a miss: time 1, normal and point zeros, wall -1, as the union's literal types say)
  return {
    hit: io[OUT] !== 0,
    time: io[OUT + 1],
    position: vecAt(OUT + 2),
    normal: vecAt(OUT + 4),
    point: vecAt(OUT + 6),
    wall: io[OUT + 8],
  } as SweepHit;
}

/**
 * Moves `circle` as far as possible, then spends the rest of the displacement sliding along the wall hit.
 * @param maxIterations - integer >= 1, sweeps allowed (default 4; values above 8 act as 8).
 */
export function moveAndSlide(
  circle: Untagged<Circle>,
  displacement: Vec2,
  walls: readonly Untagged<Segment>[],
  maxIterations = 4,
): SlideResult {
  const fn = 'moveAndSlide';
  need(fn);
  putFixed(fn, 'circle', circle, 0, CIRCLE);
  putPoint(fn, 'displacement', displacement, POINT);
  if (typeof maxIterations !== 'number') throw typeError(fn, 'maxIterations', 'a number', maxIterations);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw argumentError(fn, 'OutOfRange', 'maxIterations', 'must be an integer >= 1', maxIterations);
  }
  const n = putWalls(fn, walls);
  const r = raw.moveAndSlide(0, n, Math.min(maxIterations, 1 << 30));
  if (r < 0) rejected(fn, SWEEP_ARGS, [circle, displacement, walls, maxIterations]);
  const pathCount = io[OUT + 6];
  const path = new Array<Vec2>(pathCount);
  for (let i = 0; i < pathCount; i++) path[i] = vecAt(OUT + 7 + 2 * i);
  return {
    position: vecAt(OUT),
    iterations: io[OUT + 2],
    contacts: io[OUT + 3],
    path,
    lastNormal: vecAt(OUT + 4),
  };
}
