// collide2d — WebAssembly bindings, declared with embind (the queries of queries.h: bindings_queries.cpp, which
// shares this file's io()/slots/errors through raw.h). It binds the C++ core and does
// nothing else: every function reads its inputs from scalar arguments or wasm memory, calls the core, and writes the
// result to wasm memory. The public JavaScript API (web/lib/src/*.ts) wraps this raw layer, which is not public.
//
// Calling convention (shared with web/lib/src/core.ts, which owns the matching constants):
// * Hot calls take numbers only (kinds, indices, byte offsets) and return an int: an embind call of numbers costs
//   a few ns with embind's default invokers (measured: bench/results/2026-11-23-embind.md). Nothing is passed as a
//   value_object or std::string, which would allocate on every call (emscripten issue 27553).
// * Scalar inputs and outputs go through g_io, a static array of doubles in wasm memory (its address: io()).
//   Shape slot s (0 or 1) holds a shape's numbers at g_io[8 * s], a query point or displacement is at
//   g_io[kPoint], results are written from g_io[kOut]. Shape kinds: 0 circle (cx, cy, r), 1 aabb (minX, minY,
//   maxX, maxY), 2 box (cx, cy, hx, hy, angle), 3 polygon (points in the scratch buffer), 4 segment (ax, ay, bx,
//   by), 5 line (ax, ay, bx, by), 6 ray (ox, oy, dx, dy, maxFraction), 7 transform (x, y, angle), 8 a polygon
//   that the wrapper made with polygon() and froze (its points are Polygon::create's output: not proved again),
//   9 capsule (ax, ay, bx, by, radius).
// * Variable-length inputs (polygon points, walls, batches) go in one growable scratch buffer (reserve()).
//   Points are addressed by Vec2 index (start, count); batches by byte offset. Every index is bounds-checked.
// * A negative result means a rejected argument, described by errorCode/errorArg/errorIndex/errorField/
//   errorMessage (the core's Status, which argument, which element of a batch; the strings are addresses of
//   NUL-terminated ASCII in static storage).
// * World (collide2d::World itself) and PreparedPolygons are embind class_es, owned by JS until delete(). Bulk
//   results (pairs, events, query results, ray hits, SAT axes) are published as counts and heap addresses in
//   g_io[kOut...]; JS reads them through typed views that it re-creates after the memory grew.
// * Compound bodies (World::addCompound / addOutline): World.add of a polygon (kind 3) goes through addOutline, so a
//   concave outline becomes a compound body (a self-crossing one: field "edges", the edges in g_io[kOut], g_io[kOut + 1]);
//   addCompound reads part records (kPartRecord = 9 doubles: kind, five shape numbers, offset x, y, angle) from the
//   scratch buffer and names a rejected part through errorIndex. getShape / getBounds take a part (-1: the body; a
//   compound body's getShape returns kCompound = 10 and its part count); pairParts, queryParts and rayHitParts are
//   published beside the results they describe (publishPairs, publishQuery, publishRays, moveAndSlide).
// * Out of memory: the module links with -sABORTING_MALLOC=0, so malloc returns null; Error::OutOfMemory comes back
//   as a rejected argument (World::step, World::add*, preparePolygons, reserve() returning 0). An allocation through
//   operator new that fails still aborts the module (Emscripten's libc++ without exceptions); the JS wrapper then
//   disables itself (every later call throws the same out-of-memory error).
// * No exceptions, no RTTI (-fno-rtti -DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0). Nothing allocates per call except
//   Polygon::create growing a reused scratch polygon, the reused SAT trace, the scratch buffer itself, and the
//   objects that JS owns and deletes: the wasm heap stops growing after warm-up.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <cstdlib>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace collide2d;

enum Kind : int {
  kCircle = 0,
  kAabb = 1,
  kBox = 2,
  kPolygon = 3,
  kSegment = 4,
  kLine = 5,
  kRay = 6,
  kTransform = 7,
  kTrustedPolygon = 8,  // a polygon the JS layer made with polygon() and froze: its vertices are create()'s output
  kCapsule = 9          // ax, ay, bx, by, radius
};

constexpr int kSlot = 8;     // doubles per shape slot
constexpr int kPoint = 16;   // query point / displacement
constexpr int kOut = 24;     // results
constexpr int kIoSize = 64;  // kOut + 40 result doubles (moveAndSlide needs 27)

alignas(16) double g_io[kIoSize];

// ---- the growable scratch buffer ---------------------------------------------------------------------------
unsigned char* g_buf = nullptr;
std::size_t g_cap = 0;

/// Typed view of count elements at byteOffset in the scratch buffer, or nullptr when out of bounds/misaligned.
/// The buffer comes from malloc, so objects of these implicit-lifetime types may live in it.
template <class T>
T* at(std::uint32_t byteOffset, std::uint32_t count) {
  const std::uint64_t end = std::uint64_t{byteOffset} + std::uint64_t{count} * sizeof(T);
  if (g_buf == nullptr || end > g_cap || byteOffset % alignof(T) != 0) return nullptr;
  return reinterpret_cast<T*>(g_buf + byteOffset);
}

/// Points [start, start + count) of the scratch buffer, seen as Vec2 (16 bytes each).
bool points(int start, int count, std::span<const Vec2>& out) {
  if (start < 0 || count < 0) return false;
  const Vec2* p = at<const Vec2>(static_cast<std::uint32_t>(start) * sizeof(Vec2), static_cast<std::uint32_t>(count));
  if (p == nullptr) return false;
  out = std::span<const Vec2>(p, static_cast<std::size_t>(count));
  return true;
}

// ---- the last rejected argument --------------------------------------------------------------------------
struct LastError {
  Status status;
  int arg = 0;     // which argument of the JS function (0-based, as the wrapper numbers them)
  int index = -1;  // element of a batch or of an array argument, -1 when not applicable
};
LastError g_error;

int fail(Status s, int arg, int index = -1) {
  g_error = {s, arg, index};
  return -1;
}

// ---- shapes in slots -------------------------------------------------------------------------------------
// The two Shape slots are reused across calls. A polygon slot keeps its vectors' capacity: when a slot switches
// to another kind, its Polygon is moved aside (no free) and moved back (no allocation) later.
Shape g_shape[2];
Polygon g_sparePolygon[2];
Line g_line[2];
Ray g_ray;

template <class T>
void store(int slot, const T& value) {
  Shape& s = g_shape[slot];
  if (Polygon* p = std::get_if<Polygon>(&s)) g_sparePolygon[slot] = std::move(*p);
  s = value;
}

Polygon& polygonSlot(int slot) {
  Shape& s = g_shape[slot];
  if (Polygon* p = std::get_if<Polygon>(&s)) return *p;
  return s.emplace<Polygon>(std::move(g_sparePolygon[slot]));
}

Vec2 vec(const double* p) { return {p[0], p[1]}; }
Circle circleAt(const double* p) { return {{p[0], p[1]}, p[2]}; }
Aabb aabbAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
Box boxAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
Segment segmentAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
Capsule capsuleAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
Line lineAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
Ray rayAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
Transform transformAt(const double* p) { return {{p[0], p[1]}, p[2]}; }

/// Loads a circle, aabb, box, polygon or segment from g_io slot `slot` (polygon points from the scratch buffer)
/// into g_shape[slot] and returns its validation status (a polygon is validated by Polygon::create).
Status loadShape(int slot, int kind, int start, int count) {
  const double* p = g_io + kSlot * slot;
  switch (kind) {
    case kCircle: {
      const Circle c = circleAt(p);
      store(slot, c);
      return validate(c);
    }
    case kAabb: {
      const Aabb b = aabbAt(p);
      store(slot, b);
      return validate(b);
    }
    case kBox: {
      const Box b = boxAt(p);
      store(slot, b);
      return validate(b);
    }
    case kPolygon: {
      std::span<const Vec2> pts;
      if (!points(start, count, pts)) return {Error::InvalidArgument, "points"};
      return Polygon::create(pts, polygonSlot(slot));
    }
    case kTrustedPolygon: {
      std::span<const Vec2> pts;
      if (!points(start, count, pts) || count < 3) return {Error::InvalidArgument, "points"};
      Polygon::assignNormalized(pts, polygonSlot(slot));
      return {};
    }
    case kSegment: {
      const Segment s = segmentAt(p);
      store(slot, s);
      return validate(s);
    }
    case kCapsule: {
      const Capsule c = capsuleAt(p);
      store(slot, c);
      return validate(c);
    }
    default:
      return {Error::InvalidArgument, "type"};
  }
}

Status loadLine(int slot) {
  g_line[slot] = lineAt(g_io + kSlot * slot);
  return validate(g_line[slot]);
}

Status loadRay(int slot) {
  g_ray = rayAt(g_io + kSlot * slot);
  return validate(g_ray);
}

void writeVec(double* out, Vec2 v) {
  out[0] = v.x;
  out[1] = v.y;
}

void writeContact(double* out, const Contact& c) {
  out[0] = c.hit ? 1.0 : 0.0;
  writeVec(out + 1, c.normal);
  out[3] = c.depth;
  writeVec(out + 4, c.point);
}

/// Writes a polygon's vertices at the start of the scratch buffer (which the caller sized for them).
int writeVertices(const Polygon& poly) {
  const auto v = poly.vertices();
  Vec2* out = at<Vec2>(0, static_cast<std::uint32_t>(v.size()));
  if (out == nullptr) return fail({Error::InvalidArgument, "points"}, 0);
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[i];
  return static_cast<int>(v.size());
}

// ---- batches ------------------------------------------------------------------------------------------------
std::vector<Polygon> g_polygons;  // the polygons of the last batch; capacity reused across calls
std::size_t g_polygonCount = 0;

constexpr int kContactStride = 6;  // hit, normal.x, normal.y, depth, point.x, point.y

SatTrace g_trace;
std::vector<double> g_axes;  // 9 doubles per SAT axis: axis.x, axis.y, owner, edge, minA, maxA, minB, maxB, overlap

// ---- cold single calls (bound below as plain embind functions) ------------------------------------------------

int intersectLines() {
  Status s = loadLine(0);
  if (!s) return fail(s, 0);
  if (!(s = loadLine(1))) return fail(s, 1);
  const LineIntersection r = intersect(g_line[0], g_line[1]);
  double* out = g_io + kOut;
  out[0] = static_cast<double>(r.kind);
  writeVec(out + 1, r.point);
  out[3] = r.ta;
  out[4] = r.tb;
  return 0;
}

int intersectSegments() {
  const Segment a = segmentAt(g_io), b = segmentAt(g_io + kSlot);
  Status s = validate(a);
  if (!s) return fail(s, 0);
  if (!(s = validate(b))) return fail(s, 1);
  const SegmentIntersection r = intersect(a, b);
  double* out = g_io + kOut;
  out[0] = static_cast<double>(r.kind);
  writeVec(out + 1, r.points[0]);
  writeVec(out + 3, r.points[1]);
  out[5] = r.ua[0];
  out[6] = r.ua[1];
  out[7] = r.ub[0];
  out[8] = r.ub[1];
  return 0;
}

int intersectCircleLine() {
  const Circle c = circleAt(g_io);
  Status s = validate(c);
  if (!s) return fail(s, 0);
  if (!(s = loadLine(1))) return fail(s, 1);
  const CircleLineIntersection r = intersect(c, g_line[1]);
  double* out = g_io + kOut;
  out[0] = r.count;
  out[1] = r.t1;
  out[2] = r.t2;
  writeVec(out + 3, r.p1);
  writeVec(out + 5, r.p2);
  return 0;
}

int intersectCircleSegment() {
  const Circle c = circleAt(g_io);
  const Segment seg = segmentAt(g_io + kSlot);
  Status s = validate(c);
  if (!s) return fail(s, 0);
  if (!(s = validate(seg))) return fail(s, 1);
  const CircleSegmentIntersection r = intersect(c, seg);
  double* out = g_io + kOut;
  out[0] = r.count;
  out[1] = r.t[0];
  out[2] = r.t[1];
  writeVec(out + 3, r.points[0]);
  writeVec(out + 5, r.points[1]);
  out[7] = r.overlaps ? 1.0 : 0.0;
  writeVec(out + 8, r.closest);
  out[10] = r.closestT;
  out[11] = r.distance;
  return 0;
}

/// Areas write point, distanceSquared, inside; segments and lines write point, distanceSquared, t.
int closestPointOf(int kind, int start, int count) {
  const Vec2 p = vec(g_io + kPoint);
  Status s;
  if (kind == kLine) {
    s = loadLine(0);
  } else {
    s = loadShape(0, kind, start, count);
  }
  if (!s) return fail(s, 0);
  if (!(s = validate(p))) return fail(s, 1);
  double* out = g_io + kOut;
  const auto writeBoundary = [out](const BoundaryPoint& r) {
    writeVec(out, r.point);
    out[2] = r.distanceSquared;
    out[3] = r.inside ? 1.0 : 0.0;
    return 0;
  };
  const auto writeSegment = [out](const SegmentPoint& r) {
    writeVec(out, r.point);
    out[2] = r.distanceSquared;
    out[3] = r.t;
    return 1;
  };
  if (kind == kLine) return writeSegment(closestPoint(g_line[0], p));
  return std::visit(
      [&](const auto& shape) -> int {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Segment>) {
          return writeSegment(closestPoint(shape, p));
        } else {
          return writeBoundary(closestPoint(shape, p));
        }
      },
      g_shape[0]);
}

int raycastShape(int kind, int start, int count) {
  Status s = loadRay(0);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kind, start, count))) return fail(s, 1);
  const RayHit r = raycast(g_ray, g_shape[1]);
  double* out = g_io + kOut;
  out[0] = r.hit ? 1.0 : 0.0;
  out[1] = r.fraction;
  writeVec(out + 2, r.point);
  writeVec(out + 4, r.normal);
  return r.hit ? 1 : 0;
}

/// SAT with a full trace for two boxes (kind 2) or two polygons (kind 3). Summary in g_io, axes in g_axes.
int sat(int kind, int startA, int countA, int startB, int countB) {
  if (kind != kBox && kind != kPolygon) return fail({Error::InvalidArgument, "type"}, 0);
  Status s = loadShape(0, kind, startA, countA);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kind, startB, countB))) return fail(s, 1);
  g_trace.axes.clear();
  g_trace.separatingAxis = -1;
  g_trace.minimumAxis = -1;
  g_trace.boundingCircleTested = false;
  g_trace.boundingCircleRejected = false;
  const Contact c = kind == kBox ? collide(std::get<Box>(g_shape[0]), std::get<Box>(g_shape[1]), &g_trace)
                                 : collide(std::get<Polygon>(g_shape[0]), std::get<Polygon>(g_shape[1]), &g_trace);
  double* out = g_io + kOut;
  writeContact(out, c);
  out[6] = g_trace.separatingAxis;
  out[7] = g_trace.minimumAxis;
  out[8] = g_trace.boundingCircleTested ? 1.0 : 0.0;
  out[9] = g_trace.boundingCircleRejected ? 1.0 : 0.0;
  out[10] = static_cast<double>(g_trace.axes.size());
  g_axes.clear();
  for (const SatAxis& a : g_trace.axes) {
    const std::size_t at = g_axes.size();  // (resize and stores: a range insert costs a large instantiation)
    g_axes.resize(at + 9);
    double* o = g_axes.data() + at;
    o[0] = a.axis.x;
    o[1] = a.axis.y;
    o[2] = static_cast<double>(a.owner);
    o[3] = static_cast<double>(a.edge);
    o[4] = a.minA;
    o[5] = a.maxA;
    o[6] = a.minB;
    o[7] = a.maxB;
    o[8] = a.overlap;
  }
  return c.hit ? 1 : 0;
}

std::uintptr_t c2_sat_axes() { return reinterpret_cast<std::uintptr_t>(g_axes.data()); }

/// Walls are `count` segments (ax, ay, bx, by) starting at Vec2 index `start` of the scratch buffer.
bool loadWalls(int start, int count, std::span<const Segment>& walls) {
  if (start < 0 || count < 0) return false;
  const Segment* w =
      at<const Segment>(static_cast<std::uint32_t>(start) * sizeof(Vec2), static_cast<std::uint32_t>(count));
  if (w == nullptr) return false;
  walls = std::span<const Segment>(w, static_cast<std::size_t>(count));
  return true;
}

/// Validates a circle (arg 0), a displacement (arg 1) and walls (arg 2).
int checkSweepInputs(const Circle& c, Vec2 d, std::span<const Segment>& walls, int start, int count) {
  Status s = validate(c);
  if (!s) return fail(s, 0);
  if (!(s = validate(d, "displacement"))) return fail(s, 1);
  if (!loadWalls(start, count, walls)) return fail({Error::InvalidArgument, "walls"}, 2);
  for (std::size_t i = 0; i < walls.size(); ++i) {
    if (!(s = validate(walls[i]))) return fail(s, 2, static_cast<int>(i));
  }
  return 0;
}

int sweepCircle(int start, int count) {
  const Circle c = circleAt(g_io);
  const Vec2 d = vec(g_io + kPoint);
  std::span<const Segment> walls;
  if (checkSweepInputs(c, d, walls, start, count) < 0) return -1;
  const SweepHit r = sweep(c, d, walls);
  double* out = g_io + kOut;
  out[0] = r.hit ? 1.0 : 0.0;
  out[1] = r.time;
  writeVec(out + 2, r.position);
  writeVec(out + 4, r.normal);
  writeVec(out + 6, r.point);
  out[8] = r.wall;
  return r.hit ? 1 : 0;
}

int moveAndSlideCircle(int start, int count, int maxIterations) {
  const Circle c = circleAt(g_io);
  const Vec2 d = vec(g_io + kPoint);
  std::span<const Segment> walls;
  if (checkSweepInputs(c, d, walls, start, count) < 0) return -1;
  if (maxIterations < 1) return fail({Error::InvalidArgument, "maxIterations"}, 3);
  const SlideResult r = moveAndSlide(c, d, walls, maxIterations);
  double* out = g_io + kOut;
  writeVec(out, r.position);
  out[2] = r.iterations;
  out[3] = r.contacts;
  writeVec(out + 4, r.lastNormal);
  const int n = r.pathCount < 0 ? 0 : (r.pathCount > SlideResult::kMaxIterations + 2 ? SlideResult::kMaxIterations + 2
                                                                                          : r.pathCount);
  out[6] = n;
  for (int i = 0; i < n; ++i) writeVec(out + 7 + 2 * i, r.path[i]);
  return 0;
}

/// The Status of any shape kind (0..8) in slot 0, kept in g_error; returns the Error code.
int validateShape(int kind, int start, int count) {
  Status s;
  switch (kind) {
    case kLine:
      s = loadLine(0);
      break;
    case kRay:
      s = loadRay(0);
      break;
    case kTransform:
      s = validate(transformAt(g_io));
      break;
    default:
      s = loadShape(0, kind, start, count);
      break;
  }
  g_error = {s, 0, -1};
  return static_cast<int>(s.error);
}

int orientPoints() {
  const Vec2 a = vec(g_io), b = vec(g_io + 2), c = vec(g_io + 4);
  Status s = validate(a, "a");
  if (!s) return fail(s, 0);
  if (!(s = validate(b, "b"))) return fail(s, 1);
  if (!(s = validate(c, "c"))) return fail(s, 2);
  return orient(a, b, c) + 1;  // 0, 1, 2 for -1, 0, +1
}

int projectPoint() {
  const Vec2 p = vec(g_io), axis = vec(g_io + kPoint);
  Status s = validate(p, "point");
  if (!s) return fail(s, 0);
  if (!(s = validate(axis, "axis"))) return fail(s, 1);
  writeVec(g_io + kOut, project(p, axis));
  return 0;
}

int boundsOf(int kind, int start, int count) {
  const Status s = loadShape(0, kind, start, count);
  if (!s) return fail(s, 0);
  const Aabb b = bounds(g_shape[0]);
  writeVec(g_io + kOut, b.min);
  writeVec(g_io + kOut + 2, b.max);
  return 0;
}

/// Polygon::create on points [start, start + count); the normalised vertices are written at buffer start.
int createPolygon(int start, int count) {
  const Status s = loadShape(0, kPolygon, start, count);
  if (!s) return fail(s, 0);
  return writeVertices(std::get<Polygon>(g_shape[0]));
}

int polygonCentroid(int start, int count) {
  const Status s = loadShape(0, kPolygon, start, count);
  if (!s) return fail(s, 0);
  writeVec(g_io + kOut, std::get<Polygon>(g_shape[0]).centroid());
  return 0;
}

/// Polygon (slot 0) moved by the transform in slot 1; vertices written at buffer start.
int transformPolygon(int start, int count) {
  Status s = loadShape(0, kPolygon, start, count);
  if (!s) return fail(s, 0);
  const Transform t = transformAt(g_io + kSlot);
  if (!(s = validate(t))) return fail(s, 1);
  return writeVertices(std::get<Polygon>(g_shape[0]).transformed(t));
}

int polygonFromBox() {
  const Box b = boxAt(g_io);
  const Status s = validate(b);
  if (!s) return fail(s, 0);
  return writeVertices(Polygon::fromBox(b));
}

int polygonFromAabb() {
  const Aabb b = aabbAt(g_io);
  const Status s = validate(b);
  if (!s) return fail(s, 0);
  return writeVertices(Polygon::fromAabb(b));
}

int boxCorners() {
  const Box b = boxAt(g_io);
  const Status s = validate(b);
  if (!s) return fail(s, 0);
  Vec2 c[4];
  b.corners(c);
  for (int i = 0; i < 4; ++i) writeVec(g_io + kOut + 2 * i, c[i]);
  return 0;
}

/// apply (inverse == 0) or applyInverse of the transform in slot 0 to the point at kPoint.
int applyTransform(int inverse) {
  const Transform t = transformAt(g_io);
  const Vec2 p = vec(g_io + kPoint);
  Status s = validate(t);
  if (!s) return fail(s, 0);
  if (!(s = validate(p))) return fail(s, 1);
  writeVec(g_io + kOut, inverse != 0 ? applyInverse(t, p) : apply(t, p));
  return 0;
}


}  // namespace

namespace {

/// Checks pair indices (2 uint32 per pair) against the counts of the first and second collection.
const std::uint32_t* checkedPairs(std::uint32_t pairsOff, std::uint32_t n, std::size_t countA, std::size_t countB,
                                  int arg) {
  const std::uint32_t* pairs = at<const std::uint32_t>(pairsOff, 2 * n);
  if (pairs == nullptr) {
    fail({Error::InvalidArgument, "buffer"}, arg);
    return nullptr;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    if (pairs[2 * i] >= countA || pairs[2 * i + 1] >= countB) {
      fail({Error::InvalidArgument, "pairs"}, arg, static_cast<int>(i));
      return nullptr;
    }
  }
  return pairs;
}

// ---- World ---------------------------------------------------------------------------------------------------------
double addressOf(const void* p) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(p)); }

/// Pair and event counts and addresses after step(): g_io[kOut + 0..9] (8, 9: pairParts' record count and address).
void publishPairs(const World& w) {
  double* out = g_io + kOut;
  out[0] = static_cast<double>(w.pairCount());
  out[1] = addressOf(w.pairBodies().data());
  out[2] = addressOf(w.pairContacts().data());
  out[3] = static_cast<double>(w.beginEvents().size() / World::kEventStride);
  out[4] = addressOf(w.beginEvents().data());
  out[5] = static_cast<double>(w.endEvents().size() / World::kEventStride);
  out[6] = addressOf(w.endEvents().data());
  out[7] = addressOf(w.pairManifolds().data());
  out[8] = static_cast<double>(w.pairParts().size() / World::kPairPartStride);
  out[9] = addressOf(w.pairParts().data());
  out[10] = static_cast<double>(w.stepStats().candidates);
  out[11] = static_cast<double>(w.stepStats().certified);
}

/// Query results: address in g_io[kOut] (queryParts' in g_io[kOut + 1]), count returned (-1 with g_error set when the query was rejected).
int publishQuery(const World& w, Status s) {
  if (!s) return fail(s, 0);
  g_io[kOut] = addressOf(w.queryResults().data());
  g_io[kOut + 1] = addressOf(w.queryParts().data());
  return static_cast<int>(w.queryResults().size());
}

int publishRays(const World& w, Status s) {
  if (!s) return fail(s, 0);
  g_io[kOut] = addressOf(w.rayHits().data());
  g_io[kOut + 1] = addressOf(w.rayHitParts().data());
  return static_cast<int>(w.rayHitCount());
}

/// The world shape of the last c2_world_get_shape (kept so that a polygon's vertices can be read in place).
Shape g_bodyShape;
}  // namespace

// ---- the hot paths and the memory plumbing --------------------------------------------------------------------
namespace {

std::uintptr_t c2_io() { return reinterpret_cast<std::uintptr_t>(g_io); }

/// Makes the scratch buffer at least `bytes` long; returns its address (0 when out of memory). Never shrinks.
std::uintptr_t c2_reserve(std::uint32_t bytes) {
  if (bytes > g_cap) {
    std::size_t cap = g_cap < 4096 ? 4096 : g_cap;
    while (cap < bytes) cap *= 2;
    void* p = std::realloc(g_buf, cap);
    if (p == nullptr) return 0;
    g_buf = static_cast<unsigned char*>(p);
    g_cap = cap;
  }
  return reinterpret_cast<std::uintptr_t>(g_buf);
}

/// validate() of any shape kind (0..8) in slot 0; the Status is kept for errorCode / errorField. Used by every
/// factory.
int c2_validate(int kind, int start, int count) { return validateShape(kind, start, count); }

/// Ray in slot 0 against the shape in slot 1 (often called many times per frame).
int c2_raycast(int kind, int start, int count) { return raycastShape(kind, start, count); }

/// Closest point of the shape in slot 0 to the point at kPoint.
int c2_closest_point(int kind, int start, int count) { return closestPointOf(kind, start, count); }

int c2_error_code() { return static_cast<int>(g_error.status.error); }
int c2_error_arg() { return g_error.arg; }
int c2_error_index() { return g_error.index; }

// Circle vs circle contact without validation, for the JavaScript fast path: the wrapper calls it only after its
// own check (every number finite, radii >= 0: exactly what validate(Circle) accepts). Anything else goes through the
// generic c2_collide, so rejected input is always described by the core's validate(). (The circle overlap test
// itself is three lines of arithmetic that the wrapper does in JavaScript, cheaper than any wasm call.)
int c2_collide_circle_circle_checked_by_caller(double ax, double ay, double ar, double bx,
                                                                    double by, double br) {
  const Contact c = collide(Circle{{ax, ay}, ar}, Circle{{bx, by}, br});
  writeContact(g_io + kOut, c);
  return c.hit ? 1 : 0;
}

/// Generic pair query over slots 0 and 1 (kinds 0..4 and 8; polygons' points by Vec2 index in the scratch buffer).
int c2_overlaps(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  Status s = loadShape(0, kindA, startA, countA);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kindB, startB, countB))) return fail(s, 1);
  return overlaps(g_shape[0], g_shape[1]) ? 1 : 0;
}

int c2_collide(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  Status s = loadShape(0, kindA, startA, countA);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kindB, startB, countB))) return fail(s, 1);
  const Contact c = collide(g_shape[0], g_shape[1]);
  writeContact(g_io + kOut, c);
  return c.hit ? 1 : 0;
}

/// Point (at kPoint) in the shape of slot 0 (kinds 0..5).
int c2_contains(int kind, int start, int count) {
  Status s = kind == kLine ? loadLine(0) : loadShape(0, kind, start, count);
  if (!s) return fail(s, 0);
  const Vec2 p = vec(g_io + kPoint);
  if (!(s = validate(p))) return fail(s, 1);
  return (kind == kLine ? contains(g_line[0], p) : contains(g_shape[0], p)) ? 1 : 0;
}

// Batches. Offsets are byte offsets into the scratch buffer; `n` counts pairs. A rejected element sets
// g_error (arg: 0 first input, 1 second, 2 pairs) and returns -1 before anything is written.

/// Circles a[i] vs b[i] (3 doubles each); out: one byte per pair.
int c2_batch_overlaps_circle_circle(std::uint32_t aOff, std::uint32_t bOff, std::uint32_t n,
                                                         std::uint32_t outOff) {
  const double* a = at<const double>(aOff, 3 * n);
  const double* b = at<const double>(bOff, 3 * n);
  std::uint8_t* out = at<std::uint8_t>(outOff, n);
  if (a == nullptr || b == nullptr || out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Circle ca = circleAt(a + 3 * i), cb = circleAt(b + 3 * i);
    Status s = validate(ca);
    if (!s) return fail(s, 0, static_cast<int>(i));
    if (!(s = validate(cb))) return fail(s, 1, static_cast<int>(i));
    out[i] = overlaps(ca, cb) ? 1 : 0;
  }
  return 0;
}

/// Circles a[i] vs b[i]; out: kContactStride doubles per pair.
int c2_batch_collide_circle_circle(std::uint32_t aOff, std::uint32_t bOff, std::uint32_t n,
                                                        std::uint32_t outOff) {
  const double* a = at<const double>(aOff, 3 * n);
  const double* b = at<const double>(bOff, 3 * n);
  double* out = at<double>(outOff, kContactStride * n);
  if (a == nullptr || b == nullptr || out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Circle ca = circleAt(a + 3 * i), cb = circleAt(b + 3 * i);
    Status s = validate(ca);
    if (!s) return fail(s, 0, static_cast<int>(i));
    if (!(s = validate(cb))) return fail(s, 1, static_cast<int>(i));
    writeContact(out + kContactStride * i, collide(ca, cb));
  }
  return 0;
}

/// Builds `polygonCount` polygons from vertices (Vec2 at vertexOff, vertexCount of them) and offsets
/// (polygonCount + 1 uint32 at offsetsOff: polygon i is vertices [offsets[i], offsets[i + 1])).
/// `arg` is the JS argument number to blame.
int c2_batch_polygons(std::uint32_t vertexOff, std::uint32_t vertexCount,
                                           std::uint32_t offsetsOff, std::uint32_t polygonCount, int arg) {
  const Vec2* v = at<const Vec2>(vertexOff, vertexCount);
  const std::uint32_t* offsets = at<const std::uint32_t>(offsetsOff, polygonCount + 1);
  if (v == nullptr || offsets == nullptr) return fail({Error::InvalidArgument, "buffer"}, arg);
  if (g_polygons.size() < polygonCount) g_polygons.resize(polygonCount);
  g_polygonCount = 0;
  for (std::uint32_t i = 0; i < polygonCount; ++i) {
    const std::uint32_t begin = offsets[i], end = offsets[i + 1];
    if (begin > end || end > vertexCount) return fail({Error::InvalidArgument, "offsets"}, arg, static_cast<int>(i));
    const Status s = Polygon::create(std::span<const Vec2>(v + begin, end - begin), g_polygons[i]);
    if (!s) return fail(s, arg, static_cast<int>(i));
  }
  g_polygonCount = polygonCount;
  return 0;
}


/// Polygons of the last c2_batch_polygons, pairs (i, j); out: one byte per pair.
int c2_batch_overlaps_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n,
                                                           std::uint32_t outOff) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, g_polygonCount, g_polygonCount, 1);
  if (pairs == nullptr) return -1;
  std::uint8_t* out = at<std::uint8_t>(outOff, n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) out[i] = overlaps(g_polygons[pairs[2 * i]], g_polygons[pairs[2 * i + 1]]);
  return 0;
}

/// Polygons of the last c2_batch_polygons, pairs (i, j); out: kContactStride doubles per pair.
int c2_batch_collide_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n,
                                                          std::uint32_t outOff) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, g_polygonCount, g_polygonCount, 1);
  if (pairs == nullptr) return -1;
  double* out = at<double>(outOff, kContactStride * n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) {
    writeContact(out + kContactStride * i, collide(g_polygons[pairs[2 * i]], g_polygons[pairs[2 * i + 1]]));
  }
  return 0;
}

/// Circles (3 doubles each, circleCount of them) vs polygons of the last c2_batch_polygons, pairs
/// (circle, polygon). collide != 0: out gets kContactStride doubles per pair, else one byte per pair.
int c2_batch_circle_polygon(std::uint32_t circlesOff, std::uint32_t circleCount,
                                                 std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff,
                                                 int collideMode) {
  const double* circles = at<const double>(circlesOff, 3 * circleCount);
  if (circles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < circleCount; ++i) {
    const Status s = validate(circleAt(circles + 3 * i));
    if (!s) return fail(s, 0, static_cast<int>(i));
  }
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, circleCount, g_polygonCount, 2);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      const Circle c = circleAt(circles + 3 * pairs[2 * i]);
      writeContact(out + kContactStride * i, collide(c, g_polygons[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      out[i] = overlaps(circleAt(circles + 3 * pairs[2 * i]), g_polygons[pairs[2 * i + 1]]);
    }
  }
  return 0;
}

// ---- prepared polygon sets (batch.preparePolygons): PreparedPolygon objects that live across calls --------------
/// An embind class_: JS creates it with `new Module.PreparedPolygons()`, fills it once with prepare(), and owns it
/// until delete(). Its array comes from malloc, which returns null when the memory cannot grow (operator new would
/// abort the module instead): a set too large to prepare is an Error::OutOfMemory, not a dead module.
struct PreparedSet {
  PreparedPolygon* items = nullptr;
  std::size_t count = 0;
  PreparedSet() = default;
  PreparedSet(const PreparedSet&) = delete;
  PreparedSet& operator=(const PreparedSet&) = delete;
  ~PreparedSet() { clear(); }
  void clear() {
    for (std::size_t i = 0; i < count; ++i) items[i].~PreparedPolygon();
    std::free(items);
    items = nullptr;
    count = 0;
  }
  std::size_t size() const { return count; }
  const PreparedPolygon& operator[](std::size_t i) const { return items[i]; }
};

/// Validates and prepares polygons laid out as for c2_batch_polygons into `set` (empty before); 0, or -1 (error in
/// g_error; the set is left empty).
int c2_prepared_create(PreparedSet& set, std::uint32_t vertexOff, std::uint32_t vertexCount,
                       std::uint32_t offsetsOff, std::uint32_t polygonCount, int arg) {
  const Vec2* v = at<const Vec2>(vertexOff, vertexCount);
  const std::uint32_t* offsets = at<const std::uint32_t>(offsetsOff, polygonCount + 1);
  if (v == nullptr || offsets == nullptr) return fail({Error::InvalidArgument, "buffer"}, arg);
  set.clear();
  // Computed in 64 bits (size_t is 32 bits here); more than 2 GB (the wasm memory's limit) is refused before
  // malloc, whose sbrk takes a signed size.
  const std::uint64_t bytes = std::uint64_t{polygonCount} * sizeof(PreparedPolygon);
  void* storage = bytes < 0x80000000u ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (storage == nullptr && polygonCount > 0) return fail({Error::OutOfMemory, "polygons"}, arg);
  set.items = static_cast<PreparedPolygon*>(storage);
  for (; set.count < polygonCount; ++set.count) new (&set.items[set.count]) PreparedPolygon();
  for (std::uint32_t i = 0; i < polygonCount; ++i) {
    const std::uint32_t begin = offsets[i], end = offsets[i + 1];
    Status s{Error::InvalidArgument, "offsets"};
    if (begin <= end && end <= vertexCount) {
      s = PreparedPolygon::create(std::span<const Vec2>(v + begin, end - begin), set.items[i]);
    }
    if (!s) {
      set.clear();
      return fail(s, arg, static_cast<int>(i));
    }
  }
  return 0;
}

/// Pairs (i, j) of a prepared set. collideMode != 0: kContactStride doubles per pair, else one byte per pair.
int c2_batch_prepared_polygon_polygon(const PreparedSet& set, std::uint32_t pairsOff, std::uint32_t n,
                                      std::uint32_t outOff, int collideMode) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, set.size(), set.size(), 1);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
    for (std::uint32_t i = 0; i < n; ++i) {
      writeContact(out + kContactStride * i, collide(set[pairs[2 * i]], set[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
    for (std::uint32_t i = 0; i < n; ++i) out[i] = overlaps(set[pairs[2 * i]], set[pairs[2 * i + 1]]);
  }
  return 0;
}

/// distance(polygons[i], polygons[j]) for each pair, of a prepared set (set != nullptr) or of the last
/// c2_batch_polygons: out gets kDistanceStride doubles per pair (distance, pointA, pointB, normal).
constexpr std::uint32_t kDistanceStride = 7;
template <class Get>
int batchDistance(std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff, std::size_t count, Get get) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, count, count, 1);
  if (pairs == nullptr) return -1;
  double* out = at<double>(outOff, kDistanceStride * n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) {
    const DistanceResult d = distance(get(pairs[2 * i]), get(pairs[2 * i + 1]));
    double* o = out + kDistanceStride * i;
    o[0] = d.distance;
    writeVec(o + 1, d.pointA);
    writeVec(o + 3, d.pointB);
    writeVec(o + 5, d.normal);
  }
  return 0;
}
int c2_batch_distance_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff) {
  return batchDistance(pairsOff, n, outOff, g_polygonCount, [](std::uint32_t i) -> const Polygon& { return g_polygons[i]; });
}
int c2_batch_prepared_distance(const PreparedSet& set, std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff) {
  return batchDistance(pairsOff, n, outOff, set.size(), [&set](std::uint32_t i) -> const Polygon& { return set[i].polygon(); });
}

/// Circles (3 doubles each) vs the polygons of a prepared set, pairs (circle, polygon); out as above.
int c2_batch_prepared_circle_polygon(const PreparedSet& set, std::uint32_t circlesOff, std::uint32_t circleCount,
                                     std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff, int collideMode) {
  const double* circles = at<const double>(circlesOff, 3 * circleCount);
  if (circles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < circleCount; ++i) {
    const Status s = validate(circleAt(circles + 3 * i));
    if (!s) return fail(s, 0, static_cast<int>(i));
  }
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, circleCount, set.size(), 2);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      writeContact(out + kContactStride * i, collide(circleAt(circles + 3 * pairs[2 * i]), set[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      out[i] = overlaps(circleAt(circles + 3 * pairs[2 * i]), set[pairs[2 * i + 1]]);
    }
  }
  return 0;
}


// ---- World ------------------------------------------------------------------------------------------------------
// Methods of the embind class_ World (the C++ collide2d::World itself): each takes the World first; one taking a
// body handle returns -1 (g_error: field "handle") when the handle is invalid or stale. Arguments are numbered as the
// JS methods number them.

/// A new World owned by JS (its delete() destroys it), or null when its memory cannot be had: the block comes from
/// malloc, which returns null (-sABORTING_MALLOC=0), where embind's constructor<>() goes through operator new, which
/// aborts the module. (Freed by delete, i.e. operator delete: free() in this module, as malloc pairs with.)
World* c2_new_world() {
  void* p = std::malloc(sizeof(World));
  return p != nullptr ? new (p) World() : nullptr;
}

void c2_world_set_cell_size(World& world, double size) {
  world.setCellSize(size);
}

void c2_world_reserve(World& world, std::uint32_t bodies) {
  world.reserve(bodies);
}

void c2_world_clear(World& world) {
  world.clear();
}

/// Adds the shape in slot 0 (kinds 0..4 and 8; polygon points by Vec2 index) with the transform in slot 1 (x, y, angle).
/// A polygon (kind 3) is an outline, concave allowed (World::addOutline: a compound body of decompose()'s parts when
/// concave); a self-crossing one is refused with field "edges" and the two crossing edges in g_io[kOut], g_io[kOut + 1].
/// Returns the handle (as int), or -1: arg 0 the shape (or field "capacity"), arg 1 the transform.
int c2_world_add(World& world, int kind, int start, int count, double userId,
                                      std::uint32_t category, std::uint32_t mask, std::int32_t group) {
  World* w = &world;
  const Transform xf = transformAt(g_io + kSlot);
  Status s = validate(xf);
  if (!s) return fail(s, 1);
  const Filter filter{category, mask, group};
  BodyHandle h = kNullBody;
  if (kind == kPolygon) {
    std::span<const Vec2> pts;
    if (!points(start, count, pts)) return fail({Error::InvalidArgument, "points"}, 0);
    DecomposeInfo info;
    s = w->addOutline(pts, xf, userId, filter, h, &info);
    g_io[kOut] = info.edgeA == DecomposeInfo::npos ? -1.0 : static_cast<double>(info.edgeA);
    g_io[kOut + 1] = info.edgeB == DecomposeInfo::npos ? -1.0 : static_cast<double>(info.edgeB);
  } else if ((s = loadShape(0, kind, start, count))) {
    s = w->addShape(g_shape[0], xf, userId, filter, h);
  }
  if (!s) return fail(s, 0);
  return static_cast<int>(h);
}

/// A compound body (World::addCompound): `n` part records of kPartRecord doubles at byte offset recordsOff of the
/// scratch buffer, each: kind (0 circle, 1 aabb, 2 box, 3 polygon, 4 segment, 8 trusted polygon, 9 capsule), the five
/// shape numbers as a shape slot holds them (a polygon: start and count of its points, by Vec2 index in the scratch
/// buffer; the rest unused), then the part's offset x, y, angle. Every index is bounds-checked. The transform is in
/// slot 1. Returns the handle, or -1: arg 1 the transform; arg 0 the parts (field "parts": none or more than
/// World::kMaxParts; "buffer": records out of bounds) or part errorIndex(): g_io[kOut] says what of it was rejected
/// (0 its shape, 1 its offset, 2 its placement: beyond the coordinate range; field "transform").
constexpr std::uint32_t kPartRecord = 9;
std::vector<BodyPart> g_parts;  // the parts of the last compound (their capacity reused)

/// v as an index in [0, 2^31), else -1.
int indexOf(double v) { return v >= 0.0 && v < 2147483648.0 && v == static_cast<double>(static_cast<int>(v)) ? static_cast<int>(v) : -1; }

int c2_world_add_compound(World& w, std::uint32_t recordsOff, std::uint32_t n, double userId, std::uint32_t category,
                          std::uint32_t mask, std::int32_t group) {
  g_io[kOut] = 0.0;
  const Transform xf = transformAt(g_io + kSlot);
  Status s = validate(xf);
  if (!s) return fail(s, 1);
  if (n == 0 || n > World::kMaxParts) return fail({Error::InvalidArgument, "parts"}, 0);
  const double* rec = at<const double>(recordsOff, kPartRecord * n);
  if (rec == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  // operator new aborts the module when memory cannot grow: probe what the parts take through malloc first.
  std::uint64_t bytes = std::uint64_t{n} * (sizeof(BodyPart) + 64);
  for (std::uint32_t k = 0; k < n; ++k) {
    const double* r = rec + kPartRecord * k;
    const int kind = indexOf(r[0]);
    if (kind == kPolygon || kind == kTrustedPolygon) bytes += 2 * sizeof(Vec2) * static_cast<std::uint64_t>(std::max(0, indexOf(r[2])));
  }
  void* probe = bytes < 0x40000000u ? std::malloc(static_cast<std::size_t>(2 * bytes)) : nullptr;
  if (probe == nullptr) return fail({Error::OutOfMemory, "memory"}, 0);
  std::free(probe);
  g_parts.clear();
  g_parts.reserve(n);
  for (std::uint32_t k = 0; k < n; ++k) {
    // Each part through shape slot 0 (loadShape validates it; a polygon is Polygon::create's), then copied.
    const double* r = rec + kPartRecord * k;
    const int kind = indexOf(r[0]);
    for (int i = 0; i < 5; ++i) g_io[i] = r[1 + i];
    const bool polygon = kind == kPolygon || kind == kTrustedPolygon;
    if (!(s = loadShape(0, kind, polygon ? indexOf(r[1]) : 0, polygon ? indexOf(r[2]) : 0))) {
      return fail(s, 0, static_cast<int>(k));
    }
    BodyPart& part = g_parts.emplace_back(BodyPart{g_shape[0], transformAt(r + 6)});
    if (!(s = validate(part.offset))) {
      g_io[kOut] = 1.0;
      return fail(s, 0, static_cast<int>(k));
    }
  }
  BodyHandle h = kNullBody;
  std::size_t failed = SIZE_MAX;
  s = w.addCompound(g_parts, xf, userId, Filter{category, mask, group}, h, &failed);
  if (!s) {
    g_io[kOut] = 2.0;
    return fail(s, 0, failed == SIZE_MAX ? -1 : static_cast<int>(failed));
  }
  return static_cast<int>(h);
}

/// A body's part count (1 for a body of one shape), or -1.
int c2_world_part_count(World& w, std::uint32_t body) {
  std::size_t n = 0;
  const Status s = w.getPartCount(body, n);
  return s ? static_cast<int>(n) : fail(s, 0);
}

int c2_world_remove(World& world, std::uint32_t body) {
  World* w = &world;
  const Status s = w->remove(body);
  return s ? 0 : fail(s, 0);
}

int c2_world_has(World& world, std::uint32_t body) {
  const World* w = &world;
  return w != nullptr && w->isValid(body) ? 1 : 0;
}

std::uint32_t c2_world_body_count(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<std::uint32_t>(w->bodyCount()) : 0;
}

/// Address of the live handles (c2_world_body_count of them), in body order.
std::uint32_t c2_world_bodies(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(w->bodies().data())) : 0;
}

int c2_world_set_transform(World& world, std::uint32_t body, double x, double y,
                                                double angle) {
  World* w = &world;
  const Status s = w->setTransform(body, x, y, angle);
  return s ? 0 : fail(s, 0);  // JS tells the handle from the numbers by the field
}

/// `n` doubles (x, y, angle per body, in body order) at byte offset xyaOff of the scratch buffer.
int c2_world_set_transforms(World& world, std::uint32_t xyaOff, std::uint32_t n) {
  World* w = &world;
  const double* xya = at<const double>(xyaOff, n);
  if (xya == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  const Status s = w->setTransforms(std::span<const double>(xya, n));
  return s ? 0 : fail(s, 0);
}

/// `n` handles at handlesOff and 3 * n doubles at xyaOff.
int c2_world_set_transforms_of(World& world, std::uint32_t xyaOff,
                                                    std::uint32_t handlesOff, std::uint32_t n) {
  World* w = &world;
  const double* xya = at<const double>(xyaOff, 3 * n);
  const BodyHandle* handles = at<const BodyHandle>(handlesOff, n);
  if (xya == nullptr || handles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  const Status s = w->setTransforms(std::span<const BodyHandle>(handles, n), std::span<const double>(xya, 3 * n));
  return s ? 0 : fail(s, 0);  // field "handle" or "transforms"
}

/// x, y, angle in g_io[kOut + 0..2].
int c2_world_get_transform(World& world, std::uint32_t body) {
  const World* w = &world;
  Transform xf;
  const Status s = w->getTransform(body, xf);
  if (!s) return fail(s, 0);
  double* out = g_io + kOut;
  writeVec(out, xf.position);
  out[2] = xf.angle;
  return 0;
}

int c2_world_set_filter(World& world, std::uint32_t body, std::uint32_t category,
                                             std::uint32_t mask, std::int32_t group) {
  World* w = &world;
  const Status s = w->setFilter(body, Filter{category, mask, group});
  return s ? 0 : fail(s, 0);
}

/// category, mask, group in g_io[kOut + 0..2].
int c2_world_get_filter(World& world, std::uint32_t body) {
  const World* w = &world;
  Filter f;
  const Status s = w->getFilter(body, f);
  if (!s) return fail(s, 0);
  double* out = g_io + kOut;
  out[0] = f.category;
  out[1] = f.mask;
  out[2] = f.group;
  return 0;
}

int c2_world_set_static(World& world, std::uint32_t body, int isStatic) {
  const Status s = world.setStatic(body, isStatic != 0);
  return s ? 0 : fail(s, 0);
}

/// 1 when the body is static, 0 when it moves.
int c2_world_get_static(World& world, std::uint32_t body) {
  bool out = false;
  const Status s = world.getStatic(body, out);
  return s ? (out ? 1 : 0) : fail(s, 0);
}

int c2_world_set_user_id(World& world, std::uint32_t body, double userId) {
  World* w = &world;
  const Status s = w->setUserId(body, userId);
  return s ? 0 : fail(s, 0);
}

/// The user id in g_io[kOut].
int c2_world_get_user_id(World& world, std::uint32_t body) {
  const World* w = &world;
  const Status s = w->getUserId(body, g_io[kOut]);
  return s ? 0 : fail(s, 0);
}

/// Writes a world shape from g_io[kOut] as the shape slots hold them and returns its kind; a polygon writes its vertex
/// count and the address of its vertices (valid until the next call).
int writeShape(const Shape& shape) {
  double* out = g_io + kOut;
  return std::visit(
      [out](const auto& shape) -> int {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle>) {
          writeVec(out, shape.center);
          out[2] = shape.radius;
          return kCircle;
        } else if constexpr (std::is_same_v<T, Aabb>) {
          writeVec(out, shape.min);
          writeVec(out + 2, shape.max);
          return kAabb;
        } else if constexpr (std::is_same_v<T, Box>) {
          writeVec(out, shape.center);
          writeVec(out + 2, shape.halfExtents);
          out[4] = shape.angle;
          return kBox;
        } else if constexpr (std::is_same_v<T, Polygon>) {
          out[0] = static_cast<double>(shape.vertices().size());
          out[1] = addressOf(shape.vertices().data());
          return kPolygon;
        } else if constexpr (std::is_same_v<T, Capsule>) {
          writeVec(out, shape.a);
          writeVec(out + 2, shape.b);
          out[4] = shape.radius;
          return kCapsule;
        } else {
          writeVec(out, shape.a);
          writeVec(out + 2, shape.b);
          return kSegment;
        }
      },
      shape);
}

constexpr int kCompound = 10;  // getShape of a compound body: g_io[kOut] = its part count (read each with part >= 0)

/// part < 0: the body's world shape (writeShape), or for a compound body kCompound with its part count in g_io[kOut];
/// part >= 0: that part's world shape (World::getPartShape; field "part" past the last part). -1 when rejected.
int c2_world_get_shape(World& world, std::uint32_t body, int part) {
  Status s;
  if (part < 0) {
    ShapeType type = ShapeType::Circle;
    if (!(s = world.getShapeType(body, type))) return fail(s, 0);
    if (type == ShapeType::Compound) {
      std::size_t n = 0;
      (void)world.getPartCount(body, n);
      g_io[kOut] = static_cast<double>(n);
      return kCompound;
    }
    s = world.getWorldShape(body, g_bodyShape);
  } else {
    s = world.getPartShape(body, static_cast<std::size_t>(part), g_bodyShape);
  }
  if (!s) return fail(s, 0);
  return writeShape(g_bodyShape);
}

/// minX, minY, maxX, maxY in g_io[kOut + 0..3].
/// part < 0: the body's bounds; else that part's (World::getPartBounds).
int c2_world_get_bounds(World& world, std::uint32_t body, int part) {
  const World* w = &world;
  Aabb b;
  const Status s = part < 0 ? w->getBounds(body, b) : w->getPartBounds(body, static_cast<std::size_t>(part), b);
  if (!s) return fail(s, 0);
  writeVec(g_io + kOut, b.min);
  writeVec(g_io + kOut + 2, b.max);
  return 0;
}

/// Returns the pair count; counts and addresses of pairs and events in g_io[kOut + 0..6] (see publishPairs).
int c2_world_step(World& world) {
  World* w = &world;
  const Status s = w->step();
  if (!s) return fail(s, -1);  // Error::OutOfMemory: the world is as it was before the call
  publishPairs(*w);
  return static_cast<int>(w->pairCount());
}

/// Queries: the aabb in slot 0 / the point at kPoint / the shape in slot 0. Count returned, address in g_io[kOut].
int c2_world_query_aabb(World& world, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadShape(0, kAabb, 0, 0);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryAabb(std::get<Aabb>(g_shape[0]), mask));
}

int c2_world_query_point(World& world, std::uint32_t mask) {
  World* w = &world;
  const Vec2 p = vec(g_io + kPoint);
  const Status s = validate(p);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryPoint(p, mask));
}

int c2_world_query_shape(World& world, int kind, int start, int count, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadShape(0, kind, start, count);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryShape(g_shape[0], mask));
}

/// The ray in slot 0. all == 0: closest hit only. Hit count returned, address of the records in g_io[kOut].
int c2_world_raycast(World& world, int all, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadRay(0);
  if (!s) return fail(s, 0);
  return publishRays(*w, all != 0 ? w->raycastAll(g_ray, mask) : w->raycast(g_ray, mask));
}

double c2_world_heap_bytes(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<double>(w->heapBytes()) : 0.0;
}

}  // namespace


namespace {
/// NUL-terminated ASCII in static storage (the core's field names and messages): their addresses.
std::uintptr_t c2_error_field() {
  return reinterpret_cast<std::uintptr_t>(g_error.status.field != nullptr ? g_error.status.field : "");
}
std::uintptr_t c2_error_message() {
  return reinterpret_cast<std::uintptr_t>(g_error.status.message() != nullptr ? g_error.status.message() : "");
}
}  // namespace

EMSCRIPTEN_BINDINGS(collide2d) {
  using namespace emscripten;
  // memory plumbing and errors
  function("io", &c2_io);
  function("reserve", &c2_reserve);
  function("errorCode", &c2_error_code);
  function("errorArg", &c2_error_arg);
  function("errorIndex", &c2_error_index);
  function("errorField", &c2_error_field);
  function("errorMessage", &c2_error_message);
  // hot single calls: numbers in, an int out, results in g_io
  function("validate", &c2_validate);
  function("collideCircleCircleCheckedByCaller", &c2_collide_circle_circle_checked_by_caller);
  function("overlaps", &c2_overlaps);
  function("collide", &c2_collide);
  function("contains", &c2_contains);
  function("raycast", &c2_raycast);
  function("closestPoint", &c2_closest_point);
  // cold single calls
  function("intersectLines", &intersectLines);
  function("intersectSegments", &intersectSegments);
  function("intersectCircleLine", &intersectCircleLine);
  function("intersectCircleSegment", &intersectCircleSegment);
  function("sat", &sat);
  function("satAxes", &c2_sat_axes);
  function("sweep", &sweepCircle);
  function("moveAndSlide", &moveAndSlideCircle);
  function("orient", &orientPoints);
  function("project", &projectPoint);
  function("bounds", &boundsOf);
  function("createPolygon", &createPolygon);
  function("centroid", &polygonCentroid);
  function("transformed", &transformPolygon);
  function("polygonFromBox", &polygonFromBox);
  function("polygonFromAabb", &polygonFromAabb);
  function("corners", &boxCorners);
  function("apply", &applyTransform);
  // batches over the scratch buffer
  function("batchOverlapsCircleCircle", &c2_batch_overlaps_circle_circle);
  function("batchCollideCircleCircle", &c2_batch_collide_circle_circle);
  function("batchPolygons", &c2_batch_polygons);
  function("batchOverlapsPolygonPolygon", &c2_batch_overlaps_polygon_polygon);
  function("batchCollidePolygonPolygon", &c2_batch_collide_polygon_polygon);
  function("batchCirclePolygon", &c2_batch_circle_polygon);
  function("batchDistancePolygonPolygon", &c2_batch_distance_polygon_polygon);
  class_<PreparedSet>("PreparedPolygons")
      .constructor<>()
      .function("prepare", &c2_prepared_create)
      .function("polygonPolygon", &c2_batch_prepared_polygon_polygon)
      .function("circlePolygon", &c2_batch_prepared_circle_polygon)
      .function("distance", &c2_batch_prepared_distance);
  class_<World>("World")
      .function("setCellSize", &c2_world_set_cell_size)
      .function("reserve", &c2_world_reserve)
      .function("clear", &c2_world_clear)
      .function("add", &c2_world_add)
      .function("addCompound", &c2_world_add_compound)
      .function("partCount", &c2_world_part_count)
      .function("remove", &c2_world_remove)
      .function("has", &c2_world_has)
      .function("bodyCount", &c2_world_body_count)
      .function("bodies", &c2_world_bodies)
      .function("setTransform", &c2_world_set_transform)
      .function("setTransforms", &c2_world_set_transforms)
      .function("setTransformsOf", &c2_world_set_transforms_of)
      .function("getTransform", &c2_world_get_transform)
      .function("setFilter", &c2_world_set_filter)
      .function("getFilter", &c2_world_get_filter)
      .function("setStatic", &c2_world_set_static)
      .function("getStatic", &c2_world_get_static)
      .function("setUserId", &c2_world_set_user_id)
      .function("getUserId", &c2_world_get_user_id)
      .function("getShape", &c2_world_get_shape)
      .function("getBounds", &c2_world_get_bounds)
      .function("step", &c2_world_step)
      .function("queryAabb", &c2_world_query_aabb)
      .function("queryPoint", &c2_world_query_point)
      .function("queryShape", &c2_world_query_shape)
      .function("raycast", &c2_world_raycast)
      .function("heapBytes", &c2_world_heap_bytes);
  function("newWorld", &c2_new_world, allow_raw_pointers());
}

// ---- shared with the other binding files (bindings_*.cpp, declared in raw.h) ---------------------------------
namespace collide2d_raw {
double* io() { return g_io; }
collide2d::Status loadShape(int slot, int kind, int start, int count) { return ::loadShape(slot, kind, start, count); }
const collide2d::Shape& shape(int slot) { return g_shape[slot]; }
int fail(collide2d::Status s, int arg, int index) { return ::fail(s, arg, index); }
unsigned char* scratch(std::uint32_t byteOffset, std::uint32_t bytes) { return at<unsigned char>(byteOffset, bytes); }
}  // namespace collide2d_raw

// ---- World: shape casts, move-and-slide, contact modes (world.h; cpp/src/world_queries.cpp) ------------------------
namespace {
/// Reads the shape in slot 0 (kinds as c2_world_add), the transform in slot 1 (x, y, angle) and the motion at kPoint.
/// Arguments as the JS methods number them: 0 shape, 1 transform, 2 translation / displacement.
Status loadCast(int kind, int start, int count, const char* motion, Transform& xf, Vec2& d, int& arg) {
  Status s = loadShape(0, kind, start, count);
  arg = 0;
  if (!s) return s;
  xf = transformAt(g_io + kSlot);
  arg = 1;
  if (!(s = validate(xf))) return s;
  d = vec(g_io + kPoint);
  arg = 2;
  return validate(d, motion);
}

/// A rejected cast: the core names the transform's range error "transform" (the argument itself).
int failCast(Status s, int arg) {
  if (s.error != Error::OutOfMemory && arg == 1) s.field = "";
  return fail(s, arg);
}

/// castShape: 0 or 1 hit (its record at the address in g_io[kOut], World::kRayHitStride doubles; its part at the
/// address in g_io[kOut + 1]), or -1.
int c2_world_cast_shape(World& w, int kind, int start, int count, std::uint32_t mask) {
  Transform xf;
  Vec2 d;
  int arg = 0;
  Status s = loadCast(kind, start, count, "", xf, d, arg);
  if (!s) return failCast(s, arg);
  s = w.castShape(g_shape[0], xf, d, mask);
  if (!s) return failCast(s, 1);
  return publishRays(w, s);
}

/// moveAndSlide: the hit count (records at g_io[kOut]); final x, y and the legs in g_io[kOut + 1 .. 3], the hits' parts
/// at the address in g_io[kOut + 4]; or -1.
int c2_world_move_and_slide(World& w, int kind, int start, int count, int maxIterations, std::uint32_t mask) {
  Transform xf;
  Vec2 d;
  int arg = 0;
  Status s = loadCast(kind, start, count, "", xf, d, arg);
  if (!s) return failCast(s, arg);
  WorldSlideResult r;
  s = w.moveAndSlide(g_shape[0], xf, d, maxIterations, r, mask);
  if (!s) return failCast(s, 1);
  double* out = g_io + kOut;
  out[0] = addressOf(w.rayHits().data());
  out[1] = r.position.x;
  out[2] = r.position.y;
  out[3] = static_cast<double>(r.iterations);
  out[4] = addressOf(w.rayHitParts().data());
  return r.hitCount;
}

/// 0 Contacts, 1 PairsOnly, 2 Manifolds (ContactMode); other values are ignored.
void c2_world_set_contact_mode(World& w, int mode) { w.setContactMode(static_cast<ContactMode>(mode)); }
/// Temporal coherence on (1) or off (0).
void c2_world_set_coherence(World& w, int on) { w.setCoherence(on != 0); }
}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_world_queries) {
  using namespace emscripten;
  function("worldCastShape", &c2_world_cast_shape);
  function("worldMoveAndSlide", &c2_world_move_and_slide);
  function("worldSetContactMode", &c2_world_set_contact_mode);
  function("worldSetCoherence", &c2_world_set_coherence);
}
