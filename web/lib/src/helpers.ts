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
  need('validate');
  const k = putShape('validate', 'shape', shape, 0, ALL_SHAPES);
  const code = raw.validate(k, io[0], io[1]);
  fresh();
  if (code === 0) return { ok: true, error: 'None', field: '', message: '' };
  const { code: error, field, message } = lastError();
  return { ok: false, error: error as StatusRejected['error'], field, message };
}

/** Exact orientation of c relative to the directed line a -> b: 1 left (counter-clockwise), -1 right, 0 collinear. */
export function orient(a: Vec2, b: Vec2, c: Vec2): -1 | 0 | 1 {
  need('orient');
  putPoint('orient', 'a', a, 0);
  putPoint('orient', 'b', b, 2);
  putPoint('orient', 'c', c, 4);
  const r = raw.orient();
  if (r < 0) {
    rejected('orient', ['a', 'b', 'c'], [a, b, c], (arg, _index, _field, message) =>
      `argument ${['a', 'b', 'c'][arg]} ${message} (got ${show([a, b, c][arg])})`);
  }
  return (r - 1) as -1 | 0 | 1;
}

/** Vector projection of `point` onto `axis` (need not be unit; a zero axis gives (0, 0)). */
export function project(point: Vec2, axis: Vec2): Vec2 {
  need('project');
  putPoint('project', 'point', point, 0);
  putPoint('project', 'axis', axis, POINT);
  if (raw.project() < 0) {
    rejected('project', ['point', 'axis'], [point, axis], (arg, _index, field, message) =>
      `argument ${field} ${message} (got ${show(arg === 0 ? point : axis)})`);
  }
  return vecAt(OUT);
}

/** Dot product `a.x * b.x + a.y * b.y`. */
export function dot(a: Vec2, b: Vec2): number {
  need('dot');
  checkVec('dot', 'a', a);
  checkVec('dot', 'b', b);
  if (!Number.isFinite(a.x) || !Number.isFinite(a.y)) throw notFinite('dot', 'a', a);
  if (!Number.isFinite(b.x) || !Number.isFinite(b.y)) throw notFinite('dot', 'b', b);
  return a.x * b.x + a.y * b.y;
}

/** Smallest axis-aligned box containing the shape. */
export function bounds(shape: Shape): Aabb {
  need('bounds');
  const k = putShape('bounds', 'shape', shape, 0, PAIR_SHAPES);
  const r = raw.bounds(k, io[0], io[1]);
  fresh();
  if (r < 0) rejected('bounds', ['shape'], [shape]);
  return { type: 'aabb', min: vecAt(OUT), max: vecAt(OUT + 2) };
}

/** Area-weighted centroid of a polygon. */
export function centroid(polygon: Untagged<Polygon>): Vec2 {
  need('centroid');
  putFixed('centroid', 'polygon', polygon, 0, POLYGON);
  const r = raw.centroid(io[0], io[1]);
  fresh();
  if (r < 0) rejected('centroid', ['polygon'], [polygon]);
  return vecAt(OUT);
}

/** The polygon moved by a transform (C++ `Polygon::transformed`): a new polygon, not frozen. */
export function transformed(polygon: Untagged<Polygon>, transform: Transform): Polygon {
  need('transformed');
  putFixed('transformed', 'polygon', polygon, 0, POLYGON);
  putTransform('transformed', 'transform', transform, SLOT1);
  const r = raw.transformed(io[0], io[1]);
  if (r < 0) {
    fresh();
    rejected('transformed', ['polygon', 'transform'], [polygon, transform]);
  }
  return { type: 'polygon', points: verticesAtBuffer(r) };
}

/** The polygon of a rotated box (C++ `Polygon::fromBox`); the box needs positive extents. Frozen. */
export function polygonFromBox(box: Untagged<Box>): FrozenPolygon {
  need('polygonFromBox');
  putFixed('polygonFromBox', 'box', box, 0, BOX);
  const r = raw.polygonFromBox();
  if (r < 0) rejected('polygonFromBox', ['box'], [box]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The polygon of an axis-aligned box (C++ `Polygon::fromAabb`). Frozen. */
export function polygonFromAabb(aabb: Untagged<Aabb>): FrozenPolygon {
  need('polygonFromAabb');
  putFixed('polygonFromAabb', 'aabb', aabb, 0, AABB);
  const r = raw.polygonFromAabb();
  if (r < 0) rejected('polygonFromAabb', ['aabb'], [aabb]);
  return normalisedPolygon(verticesAtBuffer(r));
}

/** The four corners of a box, counter-clockwise, starting at local (-hx, -hy) (C++ `Box::corners`). */
export function corners(box: Untagged<Box>): [Vec2, Vec2, Vec2, Vec2] {
  need('corners');
  putFixed('corners', 'box', box, 0, BOX);
  if (raw.corners() < 0) rejected('corners', ['box'], [box]);
  return [vecAt(OUT), vecAt(OUT + 2), vecAt(OUT + 4), vecAt(OUT + 6)];
}

/** A point from the local frame of `transform` to the world. */
export function apply(transform: Transform, point: Vec2): Vec2 {
  need('apply');
  putTransform('apply', 'transform', transform, 0);
  putPoint('apply', 'point', point, POINT);
  if (raw.apply(0) < 0) rejected('apply', ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}

/** A point from the world to the local frame of `transform`. */
export function applyInverse(transform: Transform, point: Vec2): Vec2 {
  need('applyInverse');
  putTransform('applyInverse', 'transform', transform, 0);
  putPoint('applyInverse', 'point', point, POINT);
  if (raw.apply(1) < 0) rejected('applyInverse', ['transform', 'point'], [transform, point]);
  return vecAt(OUT);
}
