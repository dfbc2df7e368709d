// The public API shared by both entries (index.ts, inline.ts): everything but the loader.
export { PreparedPolygons, batch, type BatchPolygons } from './batch.js';
export { decompose } from './decompose.js';
export {
  aabb, aabbFromTopLeft, box, circle, compound, line, polygon, ray, segment, transform, vec2,
} from './factories.js';
export {
  apply, applyInverse, bounds, centroid, corners, dot, orient, polygonFromAabb, polygonFromBox, project, transformed,
  validate,
} from './helpers.js';
export {
  closestPoint, collide, contains, intersect, intersectCircleLine, intersectCircleSegment, intersectLines,
  intersectSegments, moveAndSlide, overlaps, overlapsCircleCircle, raycast, sat, sweep,
} from './pairs.js';
export { capsule, cast, collideManifold, containsShape, distance, distanceSteps } from './queries.js';
export type * from './types.js';
export { World, maxThreadCount } from './world.js';
