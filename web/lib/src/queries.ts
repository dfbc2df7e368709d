// collide2d — the queries after "do they touch" (C++: collide2d/queries.h; raw layer: web/wasm/bindings_queries.cpp):
// the capsule factory, distance (with its simplex cache and its GJK trace), cast, contact manifolds, containment.
// Same conventions as core.ts: arguments checked before they reach wasm, shapes through the io() slots, results
// read back from io(); nothing kept in wasm memory per call.
import { argumentError, checkNumber, checkObject, checkVec, finite, isArray, isObject, typeError } from './errors.js';
import { checkFactory } from './factories.js';
import { PAIR_SHAPES, TRUSTED_POLYGON, putPose, putShape, putTrustedPair } from './marshal.js';
import { OUT, POINT, SLOT1, f64, fresh, io, need, raw, rejected } from './runtime.js';
import type {
  BodyTransform, Capsule, CastHit, DistanceResult, GjkStep, Manifold, Motion, Shape, SimplexCache, Vec2,
} from './types.js';

const CONVEX = PAIR_SHAPES; // (capsules included)
const AB = ['a', 'b'];
const CAST_ARGS = ['a', 'motionA', 'b', 'motionB'];
const POSE_ARGS = ['a', 'xfA', 'b', 'xfB'];
const POSE = 5; // a slot's transform in g_io: after the slot's shape (bindings_queries.cpp: kPose)

/**
 * A capsule: every point within `radius` of the segment (ax, ay)-(bx, by) (a zero-length segment is a circle).
 * @throws TypeError when an argument is not a number; RangeError when one is not finite or the radius is < 0.
 */
export function capsule(ax: number, ay: number, bx: number, by: number, radius: number): Capsule {
  const fn = 'capsule';
  need(fn);
  const s: Capsule = { type: 'capsule', a: { x: ax, y: ay }, b: { x: bx, y: by }, radius };
  checkFactory(fn, ['ax', 'ay', 'bx', 'by', 'radius'], [ax, ay, bx, by, radius], s,
    { a: ['ax', 'ay'], b: ['bx', 'by'], radius: ['radius'] });
  return s;
}

/** Writes a and b into the io() slots (polygons into the scratch buffer); returns [kindA, kindB]. */
function putPair(fn: string, a: unknown, b: unknown): number {
  if (putTrustedPair(fn, a, b)) return TRUSTED_POLYGON * 16 + TRUSTED_POLYGON;
  const ka = putShape(fn, 'a', a, 0, CONVEX);
  const kb = putShape(fn, 'b', b, 1, CONVEX);
  return ka * 16 + kb;
}

/** Writes a placed by xfA and b placed by xfB (the pose forms): shapes and transforms into the io() slots. */
function putPosedPair(fn: string, a: unknown, xfA: unknown, b: unknown, xfB: unknown): number {
  const ka = putShape(fn, 'a', a, 0, CONVEX);
  putPose(fn, 'xfA', xfA, POSE);
  const kb = putShape(fn, 'b', b, 1, CONVEX);
  putPose(fn, 'xfB', xfB, SLOT1 + POSE);
  return ka * 16 + kb;
}

/** Whether the second argument of distance() or cast() is a transform {x, y, angle?} (the pose forms). */
function isPose(v: unknown): boolean {
  return isObject(v) && v.type === undefined && v.translation === undefined && v.x !== undefined;
}

function checkCache(cache: unknown): asserts cache is SimplexCache {
  checkObject('distance', 'cache', cache);
  const n = cache.count;
  checkNumber('distance', 'cache.count', n);
  if (!(n === 0 || n === 1 || n === 2 || n === 3)) {
    throw argumentError('distance', 'OutOfRange', 'cache.count', 'must be 0, 1, 2 or 3', n);
  }
  for (const key of ['indexA', 'indexB']) {
    const v = cache[key];
    if (!isArray(v)) throw typeError('distance', 'cache.' + key, 'an array of indices', v);
    for (let i = 0; i < n; i++) {
      const k = v[i];
      if (typeof k !== 'number') throw typeError('distance', `cache.${key}[${i}]`, 'a number', k);
      if (!(Number.isInteger(k) && k >= 0 && k <= 65535)) {
        throw argumentError('distance', 'OutOfRange', `cache.${key}[${i}]`, 'must be an integer in [0, 65535]', k);
      }
      io[POINT + (key === 'indexA' ? 1 : 4) + i] = k;
    }
  }
  io[POINT] = n;
}

function distanceAt(): DistanceResult {
  // (an overlap's distance is 0 and its normal zeros: the union's literal types, checked by results.test.js)
  return {
    distance: io[OUT],
    pointA: { x: io[OUT + 1], y: io[OUT + 2] },
    pointB: { x: io[OUT + 3], y: io[OUT + 4] },
    normal: { x: io[OUT + 5], y: io[OUT + 6] },
    overlap: io[OUT + 7] !== 0,
    iterations: io[OUT + 8],
  } as DistanceResult;
}

/**
 * Distance between two convex shapes (GJK), their closest points and the unit normal from a to b; distance 0 and
 * `overlap` true when they overlap or touch (then exactly when {@link overlaps} is true).
 * @param cache - optional {@link SimplexCache}: read as the starting simplex and updated in place (coherent queries).
 * @throws TypeError for a malformed shape or cache; RangeError for an invalid one.
 */
export function distance(a: Shape, b: Shape, cache?: SimplexCache): DistanceResult;
/**
 * The pose form: `a` placed by `xfA` and `b` placed by `xfB`, each shape given in its own frame (rotate by `angle`,
 * then translate by (x, y), as {@link World.add} places a body), so that a moving shape is made once and only its
 * transform changes. The result is that of `distance(placed a, placed b, cache)` bit for bit, where a circle's centre,
 * a segment's and a capsule's ends and a polygon's vertices are moved by the transform (a polygon as
 * {@link transformed}, its edge normals turned with it), a box turns by `angle` about its moved centre, and an aabb
 * stays an aabb when `angle` is 0, else becomes the box of its centre and half extents turned by `angle`.
 * @param xfA - where a is: `{x, y, angle?}` (angle in radians, default 0), finite.
 * @param xfB - where b is, likewise.
 * @param cache - optional {@link SimplexCache}, as above.
 * @throws TypeError for a malformed shape, transform or cache (naming it, e.g. `xfB.angle`); RangeError for an
 *   invalid shape or a transform number that is not finite.
 */
export function distance(a: Shape, xfA: BodyTransform, b: Shape, xfB: BodyTransform, cache?: SimplexCache): DistanceResult;
export function distance(a: Shape, b: Shape | BodyTransform, c?: Shape | SimplexCache, xfB?: BodyTransform,
  cache?: SimplexCache): DistanceResult {
  const fn = 'distance';
  need(fn);
  const posed = xfB !== undefined || isPose(b);
  let k;
  let useCache;
  if (posed) {
    k = putPosedPair(fn, a, b, c, xfB);
    useCache = cache !== undefined;
  } else {
    k = putPair(fn, a, b);
    cache = c as SimplexCache | undefined;
    useCache = cache !== undefined;
  }
  if (useCache) checkCache(cache);
  const r = posed
    ? raw.distancePose(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1], useCache ? 1 : 0)
    : raw.distance(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1], useCache ? 1 : 0);
  fresh();
  if (r < 0) {
    if (posed) rejected(fn, POSE_ARGS, [a, b, c, xfB]);
    rejected(fn, AB, [a, b]);
  }
  if (useCache) {
    const n = io[POINT];
    const cc = cache as SimplexCache;
    cc.count = n;
    const ia = cc.indexA;
    const ib = cc.indexB;
    ia.length = n;
    ib.length = n;
    for (let i = 0; i < n; i++) {
      ia[i] = io[POINT + 1 + i];
      ib[i] = io[POINT + 4 + i];
    }
  }
  return distanceAt();
}

/**
 * The iterations of {@link distance}'s GJK for a and b, for teaching (see {@link GjkStep}). The last step's
 * `closest` is the cores' separation: pointB - pointA of distance() plus normal * (radius of a + radius of b), when
 * apart.
 */
export function distanceSteps(a: Shape, b: Shape): GjkStep[] {
  const fn = 'distanceSteps';
  need(fn);
  const k = putPair(fn, a, b);
  const n = raw.distanceSteps(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (n < 0) rejected(fn, AB, [a, b]);
  const base = io[OUT + 9] / 8;
  const steps: GjkStep[] = [];
  for (let i = 0; i < n; i++) {
    const o = base + 15 * i;
    const simplex: GjkStep['simplex'] = [];
    for (let v = 0; v < f64[o]; v++) {
      simplex.push({ a: { x: f64[o + 1 + 2 * v], y: f64[o + 2 + 2 * v] }, b: { x: f64[o + 7 + 2 * v], y: f64[o + 8 + 2 * v] } });
    }
    steps.push({ simplex, closest: { x: f64[o + 13], y: f64[o + 14] } });
  }
  return steps;
}

function putMotion(path: string, m: unknown, at: number): void {
  checkObject('cast', path, m);
  const t = m.translation;
  const rot = m.rotation === undefined ? 0 : m.rotation;
  checkVec('cast', path + '.translation', t);
  checkNumber('cast', path + '.rotation', rot);
  io[at] = t.x;
  io[at + 1] = t.y;
  io[at + 2] = rot;
}

/**
 * When a and b, moving by motionA and motionB over one step, first touch (conservative advancement; a
 * translation-only motion is the fast path). Starting in contact counts only when moving into each other; a tangent
 * graze is not a hit; it never passes through.
 * @param motionB - default: b does not move.
 * @throws TypeError for a malformed shape or motion; RangeError for an invalid one (NaN, Infinity, ...).
 */
export function cast(a: Shape, motionA: Motion, b: Shape, motionB?: Motion): CastHit;
/**
 * The pose form: `a` placed by `xfA` moving by `translation`, against `b` placed by `xfB` (which stays), each shape
 * given in its own frame (see the pose form of {@link distance} for what "placed" means), so that a moving shape is
 * made once and only its transform changes. The result is that of `cast(placed a, {translation}, placed b)` bit for
 * bit.
 * @param xfA - where a starts: `{x, y, angle?}` (angle in radians, default 0), finite.
 * @param xfB - where b is, likewise.
 * @param translation - a's displacement over the step, finite.
 * @throws TypeError for a malformed shape, transform or translation (naming it, e.g. `translation.x`); RangeError
 *   for an invalid shape or a number that is not finite.
 */
export function cast(a: Shape, xfA: BodyTransform, b: Shape, xfB: BodyTransform, translation: Vec2): CastHit;
export function cast(a: Shape, m: Motion | BodyTransform, b: Shape, mb?: Motion | BodyTransform, translation?: Vec2): CastHit {
  const fn = 'cast';
  need(fn);
  let r;
  if (translation !== undefined || isPose(m)) {
    const k = putPosedPair(fn, a, m, b, mb);
    checkObject(fn, 'translation', translation);
    io[POINT] = finite(fn, 'translation.x', translation.x);
    io[POINT + 1] = finite(fn, 'translation.y', translation.y);
    r = raw.castPose(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1]);
    fresh();
    if (r < 0) rejected(fn, POSE_ARGS, [a, m, b, mb]);
  } else {
    const k = putPair(fn, a, b);
    putMotion('motionA', m, POINT);
    if (mb === undefined) {
      io[POINT + 3] = 0;
      io[POINT + 4] = 0;
      io[POINT + 5] = 0;
    } else {
      putMotion('motionB', mb, POINT + 3);
    }
    r = raw.cast(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1]);
    fresh();
    if (r < 0) rejected(fn, CAST_ARGS, [a, m, b, mb]);
  }
  // (a miss: fraction 1, point and normal zeros, as the union's literal types say)
  return {
    hit: r > 0,
    fraction: io[OUT + 1],
    point: { x: io[OUT + 2], y: io[OUT + 3] },
    normal: { x: io[OUT + 4], y: io[OUT + 5] },
    iterations: io[OUT + 6],
  } as CastHit;
}

/**
 * Contact manifold of two convex shapes: one normal (unit, from a to b) and one or two points with their depths
 * and feature ids (the same while the same features touch); null exactly when {@link overlaps}(a, b) is false.
 * @throws TypeError for a malformed shape; RangeError for an invalid one.
 */
export function collideManifold(a: Shape, b: Shape): Manifold | null {
  const fn = 'collideManifold';
  need(fn);
  const k = putPair(fn, a, b);
  const n = raw.collideManifold(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (n < 0) rejected(fn, AB, [a, b]);
  if (n === 0) return null;
  const point = (o: number) => ({ point: { x: io[o], y: io[o + 1] }, depth: io[o + 2], id: io[o + 3] });
  const points: Manifold['points'] = n === 1 ? [point(OUT + 3)] : [point(OUT + 3), point(OUT + 7)];
  return { normal: { x: io[OUT], y: io[OUT + 1] }, points };
}

/**
 * True when b lies entirely inside a (boundaries may touch). Exact for polygonal b in polygonal a; round parts
 * compare computed distances. A segment contains only zero-radius shapes lying on it.
 * @throws TypeError for a malformed shape; RangeError for an invalid one.
 */
export function containsShape(a: Shape, b: Shape): boolean {
  const fn = 'containsShape';
  need(fn);
  const k = putPair(fn, a, b);
  const r = raw.containsShape(k >> 4, io[0], io[1], k & 15, io[SLOT1], io[SLOT1 + 1]);
  fresh();
  if (r < 0) rejected(fn, AB, [a, b]);
  return r !== 0;
}
