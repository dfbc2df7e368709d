// A typed tour of the whole public API, compiled with `tsc --noEmit -p web/test/tsconfig.json` by
// typecheck.test.js so that web/lib/index.d.ts cannot drift from the runtime. It imports the package by name
// (through package.json "exports" -> "types"). The @ts-expect-error lines pin misuses the types must reject.
import * as c2 from 'collide2d';
import type {
  Aabb, BoundaryPoint, Box, Circle, CircleLineIntersection, CircleSegmentIntersection, Contact, InitOptions, Line,
  LineIntersection, PackedPolygons, Polygon, Ray, RayHit, SatResult, Segment, SegmentIntersection, SegmentPoint,
  Shape, SlideResult, Status, SweepHit, Transform, ValidationError, Vec2, BodyHandle, BodyFilter, BodyOptions,
  BodyTransform, WorldOptions, WorldRayHit,
} from 'collide2d';
import * as inline from 'collide2d/inline';

// The inline entry: the same API; init() takes no options (the wasm is embedded).
await inline.init();
// @ts-expect-error -- the inline entry has nothing to load
await inline.init({ wasmBinary: new Uint8Array(0) });
const inlineContact: Contact | null = inline.collide(inline.circle(0, 0, 1), c2.circle(1, 0, 1));
void inlineContact;

const options: InitOptions = { wasmUrl: new URL('https://example.com/collide2d.wasm') };
void options;
await c2.init();
await c2.init({ wasmBinary: new Uint8Array(0) });

// Factories and plain shapes.
const p: Vec2 = c2.vec2(1, 2);
const circle: Circle = c2.circle(0, 0, 1);
const aabb: Aabb = c2.aabb(0, 0, 2, 1);
const aabb2: Aabb = c2.aabbFromTopLeft(0, 0, 2, 1);
const box: Box = c2.box(0, 0, 1, 0.5, 0.3);
const polygon: Polygon = c2.polygon([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 2 }]);
const segment: Segment = c2.segment(0, 0, 1, 1);
const line: Line = c2.line(0, 0, 1, 1);
const ray: Ray = c2.ray(-5, 0, 1, 0);
const ray2: Ray = c2.ray(-5, 0, 1, 0, 10);
const transform: Transform = c2.transform(1, 2, 0.5);
const handMade: Circle = { type: 'circle', center: { x: 3, y: 4 }, radius: 2 };
const shapes: Shape[] = [circle, aabb, aabb2, box, polygon, segment, handMade];

// Queries.
const hit: boolean = c2.overlaps(circle, polygon);
const fast: boolean = c2.overlapsCircleCircle(0, 0, 1, 1.5, 0, 1);
void fast;
const contact: Contact | null = c2.collide(box, segment);
if (contact !== null) {
  const mtv: Vec2 = { x: contact.normal.x * contact.depth, y: contact.normal.y * contact.depth };
  void mtv;
}
const inside: boolean = c2.contains(line, p) || c2.contains(polygon, p);
const li: LineIntersection = c2.intersectLines(line, { a: { x: 0, y: 1 }, b: { x: 1, y: 0 } });
if (li.kind === 'point') {
  const t: number = li.ta + li.tb;
  void t;
}
const si: SegmentIntersection = c2.intersectSegments(segment, segment);
const cl: CircleLineIntersection = c2.intersectCircleLine(circle, line);
const cs: CircleSegmentIntersection = c2.intersectCircleSegment(circle, segment);
const gi1: LineIntersection = c2.intersect(line, line);
const gi2: SegmentIntersection = c2.intersect(segment, segment);
const gi3: CircleLineIntersection = c2.intersect(circle, line);
const gi4: CircleSegmentIntersection = c2.intersect(circle, segment);
const bp: BoundaryPoint = c2.closestPoint(box, p);
const sp: SegmentPoint = c2.closestPoint(segment, p);
const rh: RayHit | null = c2.raycast(ray, polygon);
const sat1: SatResult = c2.sat(box, box);
const sat2: SatResult = c2.sat(polygon, polygon);
const axisOwner: 0 | 1 | undefined = sat2.axes[0]?.owner;
const sw: SweepHit = c2.sweep(circle, { x: 10, y: 0 }, [segment, { a: { x: 3, y: -5 }, b: { x: 3, y: 5 } }]);
const sl: SlideResult = c2.moveAndSlide(circle, { x: 10, y: 5 }, [segment], 8);
const st: Status = c2.validate({ type: 'circle', center: { x: 0, y: 0 }, radius: -1 });
const err: ValidationError = st.error;
const o: -1 | 0 | 1 = c2.orient(p, p, p);
const pr: Vec2 = c2.project(p, { x: 0, y: 1 });
const d: number = c2.dot(p, pr);
const b: Aabb = c2.bounds(polygon);
const ce: Vec2 = c2.centroid(polygon);
const moved: Polygon = c2.transformed(polygon, transform);
const pb: Polygon = c2.polygonFromBox(box);
const pa: Polygon = c2.polygonFromAabb(aabb);
const corners: [Vec2, Vec2, Vec2, Vec2] = c2.corners(box);
const w: Vec2 = c2.apply(transform, p);
const l: Vec2 = c2.applyInverse({ position: { x: 0, y: 0 } }, w);

// Batches.
const stride: 6 = c2.batch.CONTACT_STRIDE;
const cstride: 3 = c2.batch.CIRCLE_STRIDE;
const a = new Float64Array([0, 0, 1]);
const ov: Uint8Array = c2.batch.overlapsCircleCircle(a, a);
const co: Float64Array = c2.batch.collideCircleCircle(a, a, new Float64Array(stride));
const packed: PackedPolygons = c2.batch.packPolygons([polygon, [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]]);
const pairs = new Uint32Array([0, 1]);
const pp: Float64Array = c2.batch.collidePolygonPolygon(packed, pairs);
const pov: Uint8Array = c2.batch.overlapsPolygonPolygon(packed, pairs, new Uint8Array(1));
const cp: Float64Array = c2.batch.collideCirclePolygon(a, packed, pairs);
const cov: Uint8Array = c2.batch.overlapsCirclePolygon(a, packed, pairs);

// World.
const world = new c2.World({ cellSize: 16 });
const h1: BodyHandle = world.add(circle, { x: 1, y: 2, angle: 0.5 }, { userId: 7, category: 2, mask: 0xffff, group: -1 });
const h2: BodyHandle = world.add(polygon);
world.setTransform(h1, 3, 4);
world.setTransforms(new Float64Array(3 * world.bodyCount));
world.setTransforms(new Float64Array([0, 0, 0]), new Uint32Array([h2]));
world.setFilter(h2, { group: 1 });
const filter: BodyFilter = world.getFilter(h2);
world.setUserId(h2, 9);
const uid: number = world.getUserId(h2);
const xf: { x: number; y: number; angle: number } = world.getTransform(h1);
const worldShape: c2.BodyShape = world.getShape(h1);
const partShape: Shape = world.getShape(h1, 0);
const wb: Aabb = world.getBounds(h1);
const partBounds: Aabb = world.getBounds(h1, 0);
const parts: number = world.partCount(h1);
// Compound bodies: c2.compound (or a literal), and concave outlines through World.add.
const dumbbell: c2.CompoundShape = c2.compound([{ shape: circle, offset: { x: -2, y: 0 } }, { shape: box, offset: { x: 2, y: 0, angle: 1 } }]);
const part: c2.CompoundPart = { shape: polygon };
const hc: BodyHandle[] = [world.add(dumbbell), world.add({ type: 'compound', parts: [part] }),
  world.add({ type: 'polygon', points: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }] })];
const pairParts: Uint32Array = world.pairParts;
const partRecords: number = world.pairPartCount * c2.World.PART_STRIDE;
const queryParts: Uint32Array = world.queryParts;
const rayHitParts: Uint32Array = world.rayHitParts;
const hitPart: number | undefined = world.raycast(ray) > 0 ? world.rayHit().part : undefined;
if (worldShape.type === 'compound') void worldShape.parts[0].shape;
// @ts-expect-error the pair functions stay convex-only
c2.overlaps(dumbbell, circle);
// @ts-expect-error a compound part is a convex shape, not a compound
c2.compound([{ shape: dumbbell }]);
const pairCount: number = world.step();
const pairBodies: Uint32Array = world.pairBodies;
const pairContacts: Float64Array = world.pairContacts;
const events: Uint32Array[] = [world.beginEvents, world.endEvents];
const eventCounts: number = world.beginCount + world.endCount + world.pairCount;
const found: number = world.queryAabb({ min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }) + world.queryPoint(p, 1) +
  world.queryShape(box) + world.raycast(ray) + world.raycastAll(ray, 3);
const results: Uint32Array = world.queryResults;
const rayHits: Float64Array = world.rayHits;
const firstHit: WorldRayHit = world.rayHit();
const strides: [2, 5, 2, 6] = [c2.World.PAIR_STRIDE, c2.World.CONTACT_STRIDE, c2.World.EVENT_STRIDE,
  c2.World.RAY_HIT_STRIDE];
const live: boolean = world.has(h1) && world.bodies().length === world.bodyCount && world.heapBytes > 0;
world.remove(h1);
world.reserve(10);
world.clear();
world.free();
world[Symbol.dispose]();
const worldOptions: WorldOptions = {};
const bodyOptions: BodyOptions = { userId: 1 };
const bodyTransform: BodyTransform = { x: 0, y: 0 };
void new c2.World(worldOptions).add(circle, bodyTransform, bodyOptions);

// Misuses the declarations must reject.
// @ts-expect-error setTransforms takes a Float64Array
world.setTransforms([0, 0, 0]);
// @ts-expect-error a world body is a pair shape, not a line
world.add(line);
// @ts-expect-error views are read-only properties
world.pairBodies = new Uint32Array(2);
// @ts-expect-error a line is not a pair shape
c2.overlaps(circle, line);
// @ts-expect-error sat takes two boxes or two polygons
c2.sat(box, polygon);
// @ts-expect-error points are {x, y}, not tuples
c2.polygon([[0, 0], [1, 0], [0, 1]]);
// @ts-expect-error circle batches are Float64Array
c2.batch.overlapsCircleCircle([0, 0, 1], a);
// @ts-expect-error collide results are Float64Array
c2.batch.collideCircleCircle(a, a, new Uint8Array(6));
// @ts-expect-error closestPoint of a segment has no `inside`
void c2.closestPoint(segment, p).inside;
// @ts-expect-error the raw layer is not exported
void c2.createPolygon;
// decompose: an outline in, convex polygons out
const convexParts: c2.Polygon[] = c2.decompose([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }]);
// @ts-expect-error decompose takes {x, y} points
c2.decompose([[0, 0], [1, 0], [0, 1]]);
// @ts-expect-error the package's internal plumbing is not exported
void c2.internal;

export const everything = [
  hit, inside, li, si, cl, cs, gi1, gi2, gi3, gi4, bp, sp, rh, sat1, sat2, axisOwner, sw, sl, err, o, d, b, ce, moved,
  pb, pa, corners, l, cstride, ov, co, pp, pov, cp, cov, ray2, shapes, filter, uid, xf, worldShape, wb, pairCount,
  partShape, partBounds, parts, hc, pairParts, partRecords, queryParts, rayHitParts, hitPart,
  pairBodies, pairContacts, events, eventCounts, found, results, rayHits, firstHit, strides, live, convexParts,
];

// Queries (issue 11): capsule, distance with its cache and trace, cast, manifold, containment.
const cap: c2.Capsule = c2.capsule(0, 0, 2, 0, 0.5);
const capShape: Shape = cap;
const simplexCache: c2.SimplexCache = { count: 0, indexA: [], indexB: [] };
const dist: c2.DistanceResult = c2.distance(capShape, c2.circle(5, 0, 1), simplexCache);
const steps: c2.GjkStep[] = c2.distanceSteps(cap, c2.box(4, 0, 1, 1));
const firstVertex: Vec2 = steps[0].simplex[0].b;
const motion: c2.Motion = { translation: { x: 4, y: 0 } };
const castHit: c2.CastHit = c2.cast(cap, motion, c2.aabb(5, -1, 6, 1));
const castBoth: number = c2.cast(cap, motion, cap, { translation: { x: -1, y: 0 }, rotation: 1 }).fraction;
const manifold: c2.Manifold | null = c2.collideManifold(cap, c2.box(1, 0.6, 2, 0.2));
const manifoldId: number | undefined = manifold?.points[0].id;
const capInBox: boolean = c2.containsShape(c2.aabb(-1, -1, 3, 1), cap);
// @ts-expect-error a motion needs a translation
c2.cast(cap, { rotation: 1 }, cap);
// @ts-expect-error a line is not a convex shape
c2.distance(cap, c2.line(0, 0, 1, 1));
export const queries = [dist, firstVertex, castHit, castBoth, manifoldId, capInBox];
const capsuleBoundary: BoundaryPoint = c2.closestPoint(cap, { x: 1, y: 3 });
export const capsuleQueries = [capsuleBoundary, c2.bounds(cap), c2.raycast(c2.ray(-5, 0, 1, 0), cap), c2.validate(cap)];
