// collide2d — validation, exact predicates and geometry helpers on plain values (the C++ validate(), orient(),
// project(), bounds(), Polygon::centroid / transformed / fromBox / fromAabb, Box::corners, apply / applyInverse).
import { checkVec, notFinite, show } from './errors.js';
import {
  AABB, ALL_SHAPES, BOX, PAIR_SHAPES, POLYGON, normalisedPolygon, putFixed, putPoint, putShape, putTransform, vecAt,
  verticesAtBuffer,
} from './marshal.js';
import { OUT, POINT, SLOT1, fresh, io, lastError, need, raw, rejected } from './runtime.js';
import type {
  Aabb, AnyShape, Box, FrozenPolygon, Polygon, Shape, Status, StatusRejected, Transform, Untagged, Vec2,
} from './types.js';

/**
 * The core's validation of a shape, line, ray or transform. Reports invalid values instead of throwing (it throws
 * only a TypeError for a malformed object).
 */
export function validate(shape: AnyShape): Status {
  const fn = 'validate';
  need(fn);
  const k = putShape(fn, 'shape', shape, 0, ALL_SHAPES);
  const code = raw.validate(k, io[0], io[1]);
  fresh();
  if (code === 0) return { ok: true, error: 'None', field: '', message: '' };
  const { code: error, field, message } = lastError();
  return { ok: false, error: error as StatusRejected['error'], field, message };
}

/** Exact orientation of c relative to the directed line a -> b: 1 left (counter-clockwise), -1 right, 0 collinear. */
export function orient(a: Vec2, b: Vec2, c: Vec2): -1 | 0 | 1 {
  const fn = 'orient';
  need(fn);
  putPoint(fn, 'a', a, 0);
  putPoint(fn, 'b', b, 2);
  putPoint(fn, 'c', c, 4);
  const r = raw.orient();
  if (r < 0) {
    rejected(fn, ['a', 'b', 'c'], [a, b, c], (arg, _index, _field, message) =>
      `argument ${['a', 'b', 'c'][arg]} ${message} (got ${show([a, b, c][arg])})`);
  }
  return (r - 1) as -1 | 0 | 1;
}

/** Vector projection of `point` onto `axis` (need not be unit; a zero axis gives (0, 0)). */
export function project(point: Vec2, axis: Vec2): Vec2 {
  const fn = 'project';
  need(fn);
  putPoint(fn, 'point', point, 0);
  putPoint(fn, 'axis', axis, POINT);
  if (raw.project() < 0) {
    rejected(fn, ['point', 'axis'], [point, axis], (arg, _index, field, message) =>
      `argument ${field} ${message} (got ${show(arg === 0 ? point : axis)})`);
  }
  return vecAt(OUT);
}

/** Dot product `a.x * b.x + a.y * b.y`. */
export function dot(a: Vec2, b: Vec2): number {
  const fn = 'dot';
  need(fn);
  checkVec(fn, 'a', a);
  checkVec(fn, 'b', b);
  if (!Number.isFinite(a.x) || !Number.isFinite(a.y)) throw notFinite(fn, 'a', a);
  if (!Number.isFinite(b.x) || !Number.isFinite(b.y)) throw notFinite(fn, 'b', b);
  return a.x * b.x + a.y * b.y;
}

/** Smallest axis-aligned box containing the shape. */
export function bounds(shape: Shape): Aabb {
  const fn = 'bounds';
  need(fn);
  const k = putShape(fn, 'shape', shape, 0, PAIR_SHAPES);
  const r = raw.bounds(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected(fn, ['shape'], [shape]);
  return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
}

/** Area-weighted centroid of a polygon. */
export function centroid(polygon: Untagged<Polygon>): Vec2 {
  const fn = 'centroid';
  need(fn);
  putFixed(fn, 'polygon', polygon, 0, POLYGON);
  const r = raw.centroid(io[0], io[1]);
  fresh();
  if (r < 0) rejected(fn, ['polygon'], [polygon]);
  return vecAt(OUT);
}

/** The polygon moved by a transform (C++ `Polygon::transformed`): a new polygon, not frozen. */
export function transformed(polygon: Untagged<Polygon>, transform: Transform): Polygon {
  const fn = 'transformed';
  need(fn);
  putFixed(fn, 'polygon', polygon, 0, POLYGON);
  putTransform(fn, 'transform', transform, SLOT1);
  const r = raw.transformed(io[0], io[1]);
  if (r < 0) {
    fresh();
    rejected(fn, ['polygon', 'transform'], [polygon, transform]);
  }
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/** The polygon of a rotated box (C++ `Polygon::fromBox`); the box needs positive extents. Frozen. */
export function polygonFromBox(box: Untagged<Box>): FrozenPolygon {
  const fn = 'polygonFromBox';
  need(fn);
  putFixed(fn, 'box', box, 0, BOX);
  const r = raw.polygonFromBox();
  if (r < 0) rejected(fn, ['box'], [box]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The polygon of an axis-aligned box (C++ `Polygon::fromAabb`). Frozen. */
export function polygonFromAabb(aabb: Untagged<Aabb>): FrozenPolygon {
  const fn = 'polygonFromAabb';
  need(fn);
  putFixed(fn, 'aabb', aabb, 0, AABB);
  const r = raw.polygonFromAabb();
  if (r < 0) rejected(fn, ['aabb'], [aabb]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The four corners of a box, counter-clockwise, starting at local (-hx, -hy) (C++ `Box::corners`). */
export function corners(box: Untagged<Box>): [Vec2, Vec2, Vec2, Vec2] {
  const fn = 'corners';
  need(fn);
  putFixed(fn, 'box', box, 0, BOX);
  if (raw.corners() < 0) rejected(fn, ['box'], [box]);
  return [vecAt(OUT), vecAt(OUT + 2), vecAt(OUT + 4), vecAt(OUT + 6)];
}

/** A point from the local frame of `transform` to the world. */
export function apply(transform: Transform, point: Vec2): Vec2 {
  const fn = 'apply';
  need(fn);
  putTransform(fn, 'transform', transform, 0);
  putPoint(fn, 'point', point, POINT);
  if (raw.apply(0) < 0) rejected(fn, ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}

/** A point from the world to the local frame of `transform`. */
export function applyInverse(transform: Transform, point: Vec2): Vec2 {
  const fn = 'applyInverse';
  need(fn);
  putTransform(fn, 'transform', transform, 0);
  putPoint(fn, 'point', point, POINT);
  if (raw.apply(1) < 0) rejected(fn, ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}
