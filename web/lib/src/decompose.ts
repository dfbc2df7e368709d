// decompose(): a simple polygon into convex parts, over the C++ core's decompose() (collide2d/decompose.h) bound in
// web/wasm/bindings_decompose.cpp.
import { internal, raw, registerCold } from './core.js';
import type { Polygon, Vec2 } from './types.js';

// Raw functions (web/wasm/bindings_decompose.cpp), in the cold set: replaced by throwers if the module aborts.
registerCold(['decomposeInput', 'decompose', 'decomposeOutput', 'decomposeInfo']);

const ERRORS: Record<number, [string, string]> = {
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
 * @param points - the outline; edge i runs from points[i] to points[(i + 1) % n].
 * @throws TypeError when points is not an array of {x, y} numbers; RangeError (with `code`) for a non-finite
 * coordinate (`NotFinite`), fewer than 3 distinct points (`TooFewPoints`), all points on one line (`Collinear`), or
 * an outline that crosses or touches itself (`NotConvex`; the message names the two edges, also in `edges`: the
 * smallest pair [i, j], i < j).
 */
export function decompose(points: Vec2[]): Polygon[];
export function decompose(points): any {
  const I = internal;
  const fn = 'decompose';
  I.need();
  if (!Array.isArray(points)) throw I.typeError(fn, 'points', 'an array of points {x, y}', points);
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const p = points[i];
    if (p === null || typeof p !== 'object' || typeof p.x !== 'number' || typeof p.y !== 'number') {
      I.checkVec(fn, `points[${i}]`, p);
    }
  }
  return I.guarded(fn, () => {
    const M = I.module();
    const at = raw.decomposeInput(n);
    if (at === 0) throw new RangeError(`collide2d.${fn}: argument points is too long (${n} points)`);
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
      let err: any;
      if (code === 7) {
        const a = f64[info + 2], b = f64[info + 3];
        err = new RangeError(`collide2d.${fn}: argument points crosses or touches itself: edges[${a}] and ` +
          `edges[${b}] share a point (edge i runs from points[i] to points[i + 1])`);
        err.code = 'NotConvex';
        err.edges = [a, b];
      } else if (code === 1) {
        const i = f64[info + 1];
        err = new RangeError(`collide2d.${fn}: argument points[${i}] ${ERRORS[1][1]} (got ${I.show(points[i])})`);
        err.code = 'NotFinite';
      } else {
        if (code === 9) throw I.outOfMemory(fn);
        const [name, text] = ERRORS[code] ?? ['InvalidArgument', 'is not a valid argument'];
        err = new RangeError(`collide2d.${fn}: argument points ${text}`);
        err.code = name;
      }
      throw err;
    }
    const out = raw.decomposeOutput() / 8;
    const parts = new Array(count);
    let k = out + count;
    for (let p = 0; p < count; p++) {
      const size = f64[out + p];
      const pts = new Array(size);
      for (let v = 0; v < size; v++, k += 2) pts[v] = { x: f64[k], y: f64[k + 1] };
      parts[p] = I.normalisedPolygon(pts);
    }
    return parts;
  });
}
