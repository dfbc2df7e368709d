// Drawing-side geometry shared by the distance, cast and manifold chapters: a shape's core points, a convex hull
// for drawing the Minkowski difference and swept areas, and shapes moved by an exact offset. None of this decides
// an answer: every answer comes from collide2d.
import { type Vec, add, dot, len, norm, perp, scale, sub } from '../geom';
import { capsuleOutline, type EShape, outline, polyWorld, toLib } from '../shapes';
import type * as c2 from 'collide2d';

/**
 * The core of a shape, as collide2d's GJK sees it: the vertices of a polygonal shape, the centre of a circle, the
 * two ends of a segment or a capsule (the radius is added afterwards).
 */
export function corePoints(s: EShape): Vec[] {
  switch (s.kind) {
    case 'circle': return [s.c];
    case 'segment': case 'capsule': case 'line': return [s.a, s.b];
    case 'point': return [s.p];
    case 'polygon': return polyWorld(s);
    default: return outline(s) ?? [];
  }
}

/** The radius around the core (circle and capsule), else 0. */
export const radiusOf = (s: EShape): number => (s.kind === 'circle' || s.kind === 'capsule' ? s.r : 0);

/** A polygon close to the shape's outline (circles and capsules with round parts), for swept hulls. */
export function roughOutline(s: EShape): Vec[] {
  switch (s.kind) {
    case 'circle': return Array.from({ length: 32 }, (_, i) => add(s.c, { x: s.r * Math.cos((i * Math.PI) / 16), y: s.r * Math.sin((i * Math.PI) / 16) }));
    case 'capsule': return capsuleOutline(s.a, s.b, s.r, 12);
    case 'segment': case 'line': return [s.a, s.b];
    case 'point': return [s.p];
    case 'polygon': return polyWorld(s);
    default: return outline(s) ?? [];
  }
}

/** Convex hull (Andrew's monotone chain), for drawing. */
export function hull(points: Vec[]): Vec[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o: Vec, a: Vec, b: Vec) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Vec[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Vec[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The shape moved by d, without the URL's rounding (for posing a shape at a time t). */
export function moved(s: EShape, d: Vec): EShape {
  const m = (p: Vec): Vec => add(p, d);
  switch (s.kind) {
    case 'segment': case 'capsule': case 'line': return { ...s, a: m(s.a), b: m(s.b) };
    case 'point': return { ...s, p: m(s.p) };
    case 'aabb': return { ...s, min: m(s.min), max: m(s.max) };
    case 'polygon': return { ...s, c: m(s.c), pts: s.pts.map((p) => ({ ...p })) };
    default: return { ...s, c: m(s.c) };
  }
}

/** The library shape of s moved by d. */
export const movedLib = (s: EShape, d: Vec): c2.Shape => toLib(moved(s, d)) as c2.Shape;

/** Edges of a core as [start, end, outward unit normal]; a 2-point core (segment, capsule) has both sides. */
export function coreEdges(pts: Vec[]): [Vec, Vec, Vec][] {
  if (pts.length === 2) {
    const n = norm(perp(sub(pts[1], pts[0])));
    return [[pts[0], pts[1], n], [pts[1], pts[0], scale(n, -1)]];
  }
  if (pts.length < 3) return [];
  const c = scale(pts.reduce((s, p) => add(s, p), { x: 0, y: 0 }), 1 / pts.length);
  return pts.map((p, i) => {
    const q = pts[(i + 1) % pts.length];
    let n = norm(perp(sub(q, p)));
    if (dot(n, sub(scale(add(p, q), 0.5), c)) < 0) n = scale(n, -1);
    return [p, q, n] as [Vec, Vec, Vec];
  });
}

/** The edge whose outward normal is most aligned with (sign = 1) or most opposed to (sign = -1) the direction u. */
export function edgeAlong(pts: Vec[], u: Vec, sign: 1 | -1): [Vec, Vec, Vec] | null {
  let best: [Vec, Vec, Vec] | null = null;
  let bestDot = -Infinity;
  for (const e of coreEdges(pts)) {
    const d = sign * dot(e[2], u);
    if (d > bestDot + 1e-12 || (Math.abs(d - bestDot) <= 1e-12 && best && len(sub(e[1], e[0])) > len(sub(best[1], best[0])))) {
      bestDot = d;
      best = e;
    }
  }
  return best;
}
