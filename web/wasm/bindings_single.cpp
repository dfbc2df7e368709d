// collide2d — WebAssembly bindings of the single calls that are not hot (calling convention: bindings.cpp's header):
// the intersections, SAT with its trace, the moving circle (sweep, moveAndSlide), orientation, projection, bounds and
// the polygon and transform helpers. Numbers in, an int out; shapes in the g_io slots, results from g_io[kOut].
#include <collide2d/collide2d.h>

#include <emscripten/bind.h>

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "raw.h"

namespace {

using namespace collide2d;
using namespace collide2d_raw;

SatTrace g_trace;
std::vector<double> g_axes;  // 9 doubles per SAT axis: axis.x, axis.y, owner, edge, minA, maxA, minB, maxB, overlap

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

EMSCRIPTEN_BINDINGS(collide2d_single) {
  using namespace emscripten;
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
}
