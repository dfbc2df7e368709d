// The public API shared by both entries (index.ts, inline.ts): every export of core.ts except the loader plumbing.
export {
  PreparedPolygons, World, aabb, aabbFromTopLeft, apply, applyInverse, batch, bounds, box, centroid, circle, closestPoint, compound, collide, contains, corners, dot, intersect, intersectCircleLine, intersectCircleSegment, intersectLines, intersectSegments, line, moveAndSlide, orient, overlaps, overlapsCircleCircle, polygon, polygonFromAabb, polygonFromBox, project, ray, raycast, sat, segment, sweep, transform, transformed, validate, vec2,
} from './core.js';
export type * from './types.js';
export { capsule, cast, collideManifold, containsShape, distance, distanceSteps } from './queries.js';
export { decompose } from './decompose.js';
