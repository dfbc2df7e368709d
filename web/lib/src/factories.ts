// collide2d — the factories: plain shape objects built from numbers and checked by the core's validate() (the
// polygon ones normalised by Polygon::create and frozen), and compound() for World bodies of several parts.
import { CONCAVE_HINT, argumentError, finite, lookup, rangeError, show, typeError } from './errors.js';
import {
  ALL_SHAPES, PAIR_SHAPES, checkPart, checkParts, normalisedPolygon, offsetOf, putPoints, putShape, verticesAtBuffer,
} from './marshal.js';
import { io, lastError, need, raw, rejected } from './runtime.js';
import type {
  Aabb, Box, Circle, CompoundPart, CompoundShape, FrozenPolygon, Line, Ray, Segment, Shape, Transform, Vec2,
} from './types.js';

/**
 * A point.
 * @throws RangeError when x or y is not finite.
 */
export function vec2(x: number, y: number): Vec2 {
  need('vec2');
  return { x: finite('vec2', 'x', x), y: finite('vec2', 'y', y) };
}

/**
 * A circle.
 * @throws RangeError when a number is not finite or the radius is negative.
 */
export function circle(x: number, y: number, radius: number): Circle {
  need('circle');
  const s: Circle = { type: 'circle', center: { x, y }, radius };
  checkFactory('circle', ['x', 'y', 'radius'], [x, y, radius], s, { center: ['x', 'y'], radius: ['radius'] });
  return s;
}

/**
 * An axis-aligned box from its min and max corners.
 * @throws RangeError when a number is not finite or max < min (`maxX must be >= minX`).
 */
export function aabb(minX: number, minY: number, maxX: number, maxY: number): Aabb {
  need('aabb');
  const s: Aabb = { type: 'aabb', min: { x: minX, y: minY }, max: { x: maxX, y: maxY } };
  checkFactory('aabb', ['minX', 'minY', 'maxX', 'maxY'], [minX, minY, maxX, maxY], s,
    { min: ['minX', 'minY'], max: ['maxX', 'maxY'] });
  return s;
}

/**
 * An axis-aligned box from its top-left corner (smallest x and y), width and height, as the seed tutorials write
 * rectangles (C++ `Aabb::fromTopLeft`).
 * @throws RangeError when a number is not finite or the width or height is negative.
 */
export function aabbFromTopLeft(x: number, y: number, width: number, height: number): Aabb {
  need('aabbFromTopLeft');
  const names = ['x', 'y', 'width', 'height'];
  const values: unknown[] = [x, y, width, height];
  values.forEach((v, i) => {
    if (typeof v !== 'number') throw typeError('aabbFromTopLeft', names[i], 'a number', v);
  });
  const s: Aabb = { type: 'aabb', min: { x, y }, max: { x: x + width, y: y + height } };
  checkFactory('aabbFromTopLeft', names, values, s, { min: ['x', 'y'], max: ['width', 'height'] });
  return s;
}

/**
 * A rotated rectangle.
 * @param cx - centre x
 * @param cy - centre y
 * @param hx - half width (>= 0)
 * @param hy - half height (>= 0)
 * @param angle - rotation in radians (default 0)
 * @throws RangeError when a number is not finite or a half-extent is negative.
 */
export function box(cx: number, cy: number, hx: number, hy: number, angle = 0): Box {
  need('box');
  const s: Box = { type: 'box', center: { x: cx, y: cy }, halfExtents: { x: hx, y: hy }, angle };
  checkFactory('box', ['cx', 'cy', 'hx', 'hy', 'angle'], [cx, cy, hx, hy, angle], s,
    { center: ['cx', 'cy'], halfExtents: ['hx', 'hy'], angle: ['angle'] });
  return s;
}

/**
 * A segment from (ax, ay) to (bx, by).
 * @throws RangeError when a number is not finite.
 */
export function segment(ax: number, ay: number, bx: number, by: number): Segment {
  need('segment');
  const s: Segment = { type: 'segment', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('segment', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/**
 * An infinite line through (ax, ay) and (bx, by).
 * @throws RangeError when a number is not finite or the points coincide.
 */
export function line(ax: number, ay: number, bx: number, by: number): Line {
  need('line');
  const s: Line = { type: 'line', a: { x: ax, y: ay }, b: { x: bx, y: by } };
  checkFactory('line', ['ax', 'ay', 'bx', 'by'], [ax, ay, bx, by], s, { a: ['ax', 'ay'], b: ['bx', 'by'] });
  return s;
}

/**
 * A ray from (ox, oy) in direction (dx, dy).
 * @param maxFraction - largest t considered (default Infinity).
 * @throws RangeError when a number is not finite (maxFraction may be Infinity) or the direction is zero.
 */
export function ray(ox: number, oy: number, dx: number, dy: number, maxFraction = Infinity): Ray {
  need('ray');
  const s: Ray = { type: 'ray', origin: { x: ox, y: oy }, direction: { x: dx, y: dy }, maxFraction };
  checkFactory('ray', ['ox', 'oy', 'dx', 'dy', 'maxFraction'], [ox, oy, dx, dy, maxFraction], s,
    { origin: ['ox', 'oy'], direction: ['dx', 'dy'], maxFraction: ['maxFraction'] });
  return s;
}

/**
 * A transform: rotate by `angle` (radians, default 0), then translate by (x, y).
 * @throws RangeError when a number is not finite.
 */
export function transform(x: number, y: number, angle = 0): Transform & { type: 'transform' } {
  need('transform');
  const s: Transform & { type: 'transform' } = { type: 'transform', position: { x, y }, angle };
  checkFactory('transform', ['x', 'y', 'angle'], [x, y, angle], s, { position: ['x', 'y'], angle: ['angle'] });
  return s;
}

/**
 * A convex polygon, validated and normalised by the core (`Polygon::create`): counter-clockwise, repeated and
 * collinear points removed. The result is frozen ({@link FrozenPolygon}).
 * @param points - at least 3 distinct points, convex, either winding (a readonly array is fine).
 * @throws RangeError naming the point (e.g. `points[2]`) when a coordinate is not finite, or `points` when there
 *   are fewer than 3 distinct points, all are collinear, or the polygon is not convex (code `NotConvex`: a concave
 *   outline is split by {@link decompose}, and {@link World.add} takes it whole).
 */
export function polygon(points: readonly Vec2[]): FrozenPolygon {
  need('polygon');
  const n = putPoints('polygon', 'points', points, 0);
  const r = raw.createPolygon(0, n);
  if (r < 0) {
    rejected('polygon', ['points'], [{ points }], (_arg, _index, field, message) => {
      const got = lookup({ points }, field);
      return `argument ${field} ${message}${got !== undefined ? ` (got ${show(got)})` : ''}`;
    });
  }
  return normalisedPolygon(verticesAtBuffer(r));
}

/**
 * A compound shape for {@link World.add}: several convex parts moving as one body, each placed in the body's local
 * coordinates by its offset (rotate by `offset.angle`, then translate by `(offset.x, offset.y)`; the identity when
 * omitted). Each part's shape is checked as everywhere else (a polygon part must be convex: split a concave outline
 * with {@link decompose}, or hand the outline itself to {@link World.add}). The result is a new plain object holding
 * the given shapes (not copies) and a copy of each offset.
 * @param parts - 1 to 4096 parts `{shape, offset?}`.
 * @throws TypeError / RangeError naming the part, e.g. `argument parts[2].shape.radius must be >= 0 (got -1)` or
 *   `argument parts[0].offset.x must be finite (got NaN)`.
 */
export function compound(parts: readonly CompoundPart[]): CompoundShape {
  const fn = 'compound';
  need(fn);
  checkParts(fn, 'parts', parts);
  const out = new Array<CompoundPart>(parts.length);
  for (let k = 0; k < parts.length; k++) {
    const path = `parts[${k}]`;
    const part: unknown = parts[k];
    checkPart(fn, path, part);
    const kind = putShape(fn, path + '.shape', part.shape, 0, PAIR_SHAPES);
    if (raw.validate(kind, io[0], io[1]) !== 0) throw partError(fn, path + '.shape', part.shape);
    const o = offsetOf(fn, path, part.offset);
    out[k] = { shape: part.shape as Shape, offset: { x: o[0], y: o[1], angle: o[2] } };
  }
  return { type: 'compound', parts: out };
}

/** The RangeError for the core's rejection of the shape at `path` (validate() just rejected it). */
export function partError(fn: string, path: string, shape: unknown): RangeError {
  const { code, field, message } = lastError();
  const got = field !== '' ? lookup(shape, field) : shape;
  const hint = code === 'NotConvex' && field === 'points' ? CONCAVE_HINT : '';
  return rangeError(fn, code, `argument ${path}${field !== '' ? '.' + field : ''} ${message}` +
    `${got !== undefined ? ` (got ${show(got)})` : ''}${hint}`);
}

/**
 * Factory arguments: numbers (TypeError), then the core's validate() (RangeError). `fields` maps each field of the
 * shape to the factory parameters that fill it (x component first), so the error names the parameter.
 */
export function checkFactory(fn: string, names: readonly string[], values: readonly unknown[], shape: object,
  fields: { readonly [field: string]: readonly string[] }): void {
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number') throw typeError(fn, names[i], 'a number', values[i]);
  }
  const kind = putShape(fn, 'shape', shape, 0, ALL_SHAPES);
  if (raw.validate(kind, 0, 0) === 0) return;
  const { code, field, message } = lastError();
  const params = fields[field] ?? [field];
  const valueOf = (p: string): unknown => values[names.indexOf(p)];
  // The culprit among the parameters of that field: a non-finite one, else a negative one, else all of them.
  let culprits: readonly string[] = params.filter((p) => !Number.isFinite(valueOf(p)));
  if (culprits.length === 0 && fn === 'aabb' && field === 'max') {
    // (max < min on some axis: the core's field is the max corner)
    const axis = (values[2] as number) < (values[0] as number) ? 0 : 1;
    const [max, min] = axis === 0 ? ['maxX', 'minX'] : ['maxY', 'minY'];
    throw argumentError(fn, code, max, `must be >= ${min} (got ${max} = ${show(valueOf(max))}, ${min} = ${show(valueOf(min))})`);
  }
  let text = message;
  if (culprits.length === 0 && (code === 'NegativeRadius' || code === 'NegativeExtent')) {
    culprits = params.filter((p) => (valueOf(p) as number) < 0);
    if (culprits.length > 0) text = 'must be >= 0';
  }
  if (culprits.length === 0) culprits = params;
  throw rangeError(fn, code, `argument ${culprits.join('/')} ${text} (got ${culprits.map((p) => show(valueOf(p))).join(', ')})`);
}

