// Type-level tests of the declarations (compiled by `npm run typecheck`, never run): what strict TypeScript must
// accept, and, on each `@ts-expect-error` line, what it must reject. typed-example.ts tours the whole API; this file
// pins readonly inputs and frozen outputs, branded body handles, the two forms of setTransform, the discriminated
// results and the error types.
import * as c2 from 'collide2d';
import type {
  BodyHandle, CastHit, Collide2dError, DistanceResult, ErrorCode, FrozenPolygon, Polygon, SatResult, Shape, Status,
  SweepHit, Vec2,
} from 'collide2d';

await c2.init();

// ---- readonly inputs: `as const` data is accepted wherever the package only reads ----------------------------------
const triangle = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 2 }] as const;
const ell = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }, { x: 0, y: 2 }] as const;
const fromConst: FrozenPolygon = c2.polygon(triangle);
const partsOfConst: FrozenPolygon[] = c2.decompose(ell);
const packedConst = c2.batch.packPolygons([triangle, { points: triangle }] as const);
const wallsConst = [c2.segment(3, -5, 3, 5)] as const;
c2.sweep(c2.circle(0, 0, 1), { x: 5, y: 0 }, wallsConst);
c2.moveAndSlide(c2.circle(0, 0, 1), { x: 5, y: 0 }, wallsConst);
const compoundConst = c2.compound([{ shape: c2.circle(0, 0, 1), offset: { x: 1, y: 0 } }] as const);
const handMadeConst = { type: 'polygon', points: triangle } as const;
c2.overlaps(handMadeConst, c2.circle(0, 0, 1));

// ---- frozen outputs are readonly -----------------------------------------------------------------------------------
// @ts-expect-error a polygon from polygon() is frozen: its points cannot be pushed
fromConst.points.push({ x: 0, y: 0 });
// @ts-expect-error ... nor changed
fromConst.points[0].x = 1;
// @ts-expect-error ... nor its type
fromConst.type = 'polygon';
// @ts-expect-error decompose()'s parts are frozen too
partsOfConst[0].points.pop();
// @ts-expect-error and so are polygonFromBox()'s
c2.polygonFromBox(c2.box(0, 0, 1, 1)).points.length = 0;
// ... and remain polygons and shapes.
const asPolygon: Polygon = fromConst;
const asShape: Shape = c2.polygonFromAabb(c2.aabb(0, 0, 1, 1));
// transformed() returns a new polygon, not frozen (the type still does not promise an array to push into).
const moved: Polygon = c2.transformed(fromConst, { position: { x: 1, y: 0 } });

// ---- body handles are branded ------------------------------------------------------------------------------------
const world = new c2.World();
const h: BodyHandle = world.add(c2.circle(0, 0, 1));
const asNumber: number = h; // a handle is a number
world.getUserId(h);
// @ts-expect-error a number is not a handle
world.getUserId(42);
// @ts-expect-error nor is a user id
world.remove(world.getUserId(h));
// Handles from the world's views are handles: pairs, events, queries, bodies(), subarrays of them, ray hits.
world.step();
world.getUserId(world.pairBodies[0]);
world.getFilter(world.beginEvents[1]);
world.getFilter(world.endEvents[0]);
world.getShape(world.pairBodies.subarray(2, 4)[1]);
world.queryPoint({ x: 0, y: 0 });
world.getTransform(world.queryResults[0]);
world.remove(world.bodies()[0]);
if (world.raycast(c2.ray(-5, 0, 1, 0)) > 0) world.getUserId(world.rayHit(0).body);
// @ts-expect-error rayHits holds fractions and coordinates too: a Float64Array of numbers
world.getUserId(world.rayHits[0]);
// A number checked by has() is a handle.
const stored = 5;
if (world.has(stored)) world.getUserId(stored);

// ---- setTransform: {x, y, angle} as everywhere, or the numbers ----------------------------------------------------
world.setTransform(h, { x: 1, y: 2, angle: 0.5 });
world.setTransform(h, { x: 1, y: 2 });
world.setTransform(h, 1, 2);
world.setTransform(h, 1, 2, 0.5);
// @ts-expect-error y is required
world.setTransform(h, { x: 1 });
// @ts-expect-error ... in both forms
world.setTransform(h, 1);

// ---- rayHit: as the docs use it ---------------------------------------------------------------------------------
world.raycast(c2.ray(0, 5, 1, 0));
const part: number = world.rayHit(0).part;

// ---- discriminated results: the flag narrows --------------------------------------------------------------------
const cast: CastHit = c2.cast(c2.circle(0, 0, 1), { translation: { x: 5, y: 0 } }, c2.circle(3, 0, 1));
if (cast.hit) {
  const contact: Vec2 = cast.point;
  const t: number = cast.fraction;
  void [contact, t];
} else {
  const one: 1 = cast.fraction;
  const zero: 0 = cast.normal.x;
  void [one, zero];
}
// @ts-expect-error without the check, the fraction may be any number, not only 1
const one: 1 = cast.fraction;

const sweep: SweepHit = c2.sweep(c2.circle(0, 0, 1), { x: 5, y: 0 }, [c2.segment(3, -5, 3, 5)]);
if (sweep.hit) {
  const wall: number = sweep.wall;
  void wall;
} else {
  const none: -1 = sweep.wall;
  void none;
}

const crossing = c2.intersectSegments(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0));
if (crossing.kind === 'point') {
  const p: Vec2 = crossing.points[0];
  const ua: number = crossing.ua[0];
  void [p, ua];
}
if (crossing.kind === 'overlap') void crossing.points[1].x;
if (crossing.kind === 'none') {
  // @ts-expect-error no point when they do not meet
  void crossing.points[0];
}
const cs = c2.intersectCircleSegment(c2.circle(0, 0, 1), c2.segment(-2, 0, 2, 0));
if (cs.count === 2) void [cs.t[1], cs.points[1].x];
if (cs.count === 1) {
  // @ts-expect-error one crossing has one parameter
  void cs.t[1];
}
const cl = c2.intersectCircleLine(c2.circle(0, 0, 1), c2.line(-2, 0, 2, 0));
if (cl.count > 0) void cl.p1;
const line = c2.intersectLines(c2.line(0, 0, 1, 1), c2.line(0, 1, 1, 0));
if (line.kind === 'point') void line.ta;

const sat: SatResult = c2.sat(c2.box(0, 0, 1, 1), c2.box(1, 0, 1, 1));
if (sat.hit) {
  const none: -1 = sat.separatingAxis;
  void none;
} else {
  const none: -1 = sat.minimumAxis;
  const depth: 0 = sat.depth;
  void [none, depth];
}

const d: DistanceResult = c2.distance(c2.circle(0, 0, 1), c2.circle(5, 0, 1));

// ---- the pose forms of distance and cast: each shape with its transform {x, y, angle?} -------------------------------
const hull = c2.polygon(triangle);
const posed: DistanceResult = c2.distance(hull, { x: 1, y: 2, angle: 0.5 }, c2.circle(0, 0, 1), { x: 5, y: 0 });
const posedCache = { count: 0, indexA: [] as number[], indexB: [] as number[] };
c2.distance(hull, { x: 1, y: 2 }, hull, { x: 4, y: 0 }, posedCache);
const posedHit: CastHit = c2.cast(hull, { x: 0, y: 0 }, c2.aabb(3, -1, 4, 1), { x: 0, y: 0 }, { x: 5, y: 0 });
void [posed, posedHit];
// @ts-expect-error the pose form takes both transforms
c2.distance(hull, { x: 1, y: 2 }, hull);
// @ts-expect-error its transform is {x, y, angle?}, not a Transform {position, angle?}
c2.distance(hull, { position: { x: 1, y: 2 } }, hull, { x: 0, y: 0 });
// @ts-expect-error the pose form of cast takes a translation, not a motion
c2.cast(hull, { x: 0, y: 0 }, hull, { x: 0, y: 0 }, { translation: { x: 1, y: 0 } });
// @ts-expect-error ... and needs it
c2.cast(hull, { x: 0, y: 0 }, hull, { x: 0, y: 0 });
if (d.overlap) {
  const zero: 0 = d.distance;
  void zero;
} else {
  const normal: Vec2 = d.normal;
  void normal;
}

const m = c2.collideManifold(c2.box(0, 0, 1, 1), c2.box(1.5, 0, 1, 1));
if (m !== null) {
  void m.points[0].depth;
  if (m.points.length === 2) void m.points[1].id;
  // @ts-expect-error a manifold may have one point only
  void m.points[1].id;
}

const status: Status = c2.validate(c2.circle(0, 0, 1));
if (status.ok) {
  const none: 'None' = status.error;
  void none;
} else {
  // @ts-expect-error a rejection is never 'None'
  const none: 'None' = status.error;
  void none;
}

// ---- errors -------------------------------------------------------------------------------------------------------
try {
  world.add(c2.circle(0, 0, 1), undefined, { userId: 1 });
  // @ts-expect-error a misspelt option does not compile (and throws UnknownOption at run time)
  world.add(c2.circle(0, 0, 1), undefined, { statc: true });
} catch (e) {
  const error = e as Collide2dError;
  const code: ErrorCode = error.code;
  if (code === 'UnknownOption' || code === 'NotConvex') void error.edges;
}
// @ts-expect-error not a code
const bogus: ErrorCode = 'Bogus';

world.free();

export const used = [
  packedConst, compoundConst, asPolygon, asShape, moved, asNumber, part, one, bogus,
];
