// decompose(): a simple polygon into convex parts, over the C++ core's decompose() (collide2d/decompose.h) bound in
// web/wasm/bindings_decompose.cpp.
import { checkVec, isArray, isVec, rangeError, show, typeError } from './errors.js';
import { normalisedPolygon } from './marshal.js';
import { guarded, loaded, need, outOfMemory, raw } from './runtime.js';
import type { ErrorCode, FrozenPolygon, Vec2 } from './types.js';

const ERRORS: Record<number, [ErrorCode, string]> = {
  1: ['NotFinite', 'must be finite (not NaN or infinite)'],
  5: ['TooFewPoints', 'needs at least 3 distinct points'],
  6: ['Collinear', 'must not all lie on one line'],
  8: ['InvalidArgument', 'could not be decomposed (coordinates outside the exact range: see decompose.h)'],
};

/**
 * Splits a simple polygon (either winding; duplicate and collinear points allowed) into convex polygons whose
 * vertices are input points, exactly (every decision uses exact predicates), whose interiors are disjoint and whose
 * union is the polygon. Ear clipping then Hertel–Mehlhorn merging: with r reflex vertices, at most 2r + 1 parts
 * (at most 4 times the optimum); a convex outline gives one part. O(n^2) in the worst case: fine up to a few
 * thousand points. The parts are frozen polygons like those of {@link polygon}.
 * @param points - the outline (a readonly array is fine); edge i runs from points[i] to points[(i + 1) % n].
 * @throws TypeError when points is not an array of {x, y} numbers; RangeError (with `code`) for a non-finite
 * coordinate (`NotFinite`), fewer than 3 distinct points (`TooFewPoints`), all points on one line (`Collinear`), or
 * an outline that crosses or touches itself (`NotConvex`; the message names the two edges, also in `edges`: the
 * smallest pair [i, j], i < j).
 */
export function decompose(points: readonly Vec2[]): FrozenPolygon[] {
  const fn = 'decompose';
  need(fn);
  const pts: unknown = points;
  if (!isArray(pts)) throw typeError(fn, 'points', 'an array of points {x, y}', pts);
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    if (!isVec(p)) checkVec(fn, `points[${i}]`, p);
  }
  return guarded(fn, () => {
    const M = loaded();
    const at = raw.decomposeInput(n);
    if (at === 0) throw rangeError(fn, 'OutOfRange', `argument points is too long (${n} points)`);
    let f64 = M.HEAPF64;
    for (let i = 0, k = at / 8; i < n; i++, k += 2) {
      f64[k] = points[i].x;
      f64[k + 1] = points[i].y;
    }
    const count = raw.decompose(n);
    f64 = M.HEAPF64; // (the memory may have grown)
    if (count < 0) {
      const info = raw.decomposeInfo() / 8;
      const code = f64[info];
      if (code === 7) {
        const a = f64[info + 2];
        const b = f64[info + 3];
        const err = rangeError(fn, 'NotConvex', `argument points crosses or touches itself: edges[${a}] and ` +
          `edges[${b}] share a point (edge i runs from points[i] to points[i + 1])`);
        throw Object.assign(err, { edges: [a, b] });
      }
      if (code === 1) {
        const i = f64[info + 1];
        throw rangeError(fn, 'NotFinite', `argument points[${i}] ${ERRORS[1][1]} (got ${show(points[i])})`);
      }
      if (code === 9) throw outOfMemory(fn);
      const [name, text] = ERRORS[code] ?? ['InvalidArgument', 'is not a valid argument'];
      throw rangeError(fn, name, `argument points ${text}`);
    }
    const out = raw.decomposeOutput() / 8;
    const parts = new Array<FrozenPolygon>(count);
    let k = out + count;
    for (let p = 0; p < count; p++) {
      const size = f64[out + p];
      const vertices = new Array<Vec2>(size);
      for (let v = 0; v < size; v++, k += 2) vertices[v] = { x: f64[k], y: f64[k + 1] };
      parts[p] = normalisedPolygon(vertices);
    }
    return parts;
  });
}
