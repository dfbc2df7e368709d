// Internal: every convex shape as a core (a point, a segment or a convex polygon, counter-clockwise) plus a
// radius, the view that GJK, casts, manifolds and containment share (Box2D's b2ShapeProxy). No allocation: boxes,
// segments and circles live in the Core's own storage; a Polygon is viewed in place.
#pragma once

#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <variant>

#include "trig/trig.h"

namespace collide2d::detail {

struct Core {
  Vec2 storage[4];
  Vec2 normalStorage[4];
  const Vec2* points = nullptr;
  const Vec2* normals = nullptr;  ///< normals[i]: outward unit normal of edge i -> i+1 (count >= 2)
  int count = 0;
  double radius = 0.0;

  Core() = default;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;
};

inline void setSegmentNormals(Core& k) {
  const Vec2 d = unitOrZero(k.storage[1] - k.storage[0]);
  k.normalStorage[0] = {d.y, -d.x};   // edge 0 -> 1: right of the direction
  k.normalStorage[1] = {-d.y, d.x};   // edge 1 -> 0
  k.normals = k.normalStorage;
}

inline void makeCore(const Circle& c, Core& k) {
  k.storage[0] = c.center;
  k.points = k.storage;
  k.count = 1;
  k.radius = c.radius;
}
inline void makeCore(const Aabb& b, Core& k) {
  k.storage[0] = b.min;
  k.storage[1] = {b.max.x, b.min.y};
  k.storage[2] = b.max;
  k.storage[3] = {b.min.x, b.max.y};
  k.normalStorage[0] = {0.0, -1.0};
  k.normalStorage[1] = {1.0, 0.0};
  k.normalStorage[2] = {0.0, 1.0};
  k.normalStorage[3] = {-1.0, 0.0};
  k.points = k.storage;
  k.normals = k.normalStorage;
  k.count = 4;
}
inline void makeCore(const Box& b, Core& k) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double c = turn.c, s = turn.s;
  // Box::corners, with the one cosSin (the same expressions: the same bits).
  const Vec2 ex{c * b.halfExtents.x, s * b.halfExtents.x};
  const Vec2 ey{-s * b.halfExtents.y, c * b.halfExtents.y};
  k.storage[0] = b.center - ex - ey;
  k.storage[1] = b.center + ex - ey;
  k.storage[2] = b.center + ex + ey;
  k.storage[3] = b.center - ex + ey;
  k.normalStorage[0] = {s, -c};
  k.normalStorage[1] = {c, s};
  k.normalStorage[2] = {-s, c};
  k.normalStorage[3] = {-c, -s};
  k.points = k.storage;
  k.normals = k.normalStorage;
  k.count = 4;
}
inline void makeCore(const Polygon& p, Core& k) {
  k.points = p.vertices().data();
  k.normals = p.normals().data();
  k.count = static_cast<int>(std::min<std::size_t>(p.size(), 1u << 16));
}
inline void makeCore(const Segment& s, Core& k) {
  k.storage[0] = s.a;
  k.storage[1] = s.b;
  k.points = k.storage;
  k.count = s.a == s.b ? 1 : 2;
  if (k.count == 2) setSegmentNormals(k);
}
inline void makeCore(const Capsule& c, Core& k) {
  k.storage[0] = c.a;
  k.storage[1] = c.b;
  k.points = k.storage;
  k.count = c.a == c.b ? 1 : 2;
  if (k.count == 2) setSegmentNormals(k);
  k.radius = c.radius;
}

/// The point a shape turns about in a cast (see Motion).
inline Vec2 pivotOf(const Circle& c) { return c.center; }
inline Vec2 pivotOf(const Aabb& b) { return b.center(); }
inline Vec2 pivotOf(const Box& b) { return b.center; }
inline Vec2 pivotOf(const Polygon& p) { return p.centroid(); }
inline Vec2 pivotOf(const Segment& s) { return lerp(s.a, s.b, 0.5); }
inline Vec2 pivotOf(const Capsule& c) { return lerp(c.a, c.b, 0.5); }

/// A core placed in the world: p -> pivot + R(angle) (p - pivot) + offset (identity when !moved), then scaled by
/// 2^exponent (exact; gjk() rescales far from 1 so that its degree-4 products neither under- nor overflow).
struct Posed {
  const Core* core = nullptr;
  Vec2 pivot;
  Vec2 offset;
  double c = 1.0, s = 0.0;
  bool moved = false;
  int exponent = 0;  ///< only with moved

  Vec2 point(int i) const {
    const Vec2 p = core->points[i];
    if (!moved) return p;
    const Vec2 q = pivot + rotate(p - pivot, c, s) + offset;
    if (exponent == 0) return q;
    return {std::ldexp(q.x, exponent), std::ldexp(q.y, exponent)};
  }
  /// Index of the point farthest along d (first on ties).
  int support(Vec2 d) const {
    const Vec2 ld = moved ? inverseRotate(d, c, s) : d;
    int best = 0;
    double bestValue = dot(core->points[0], ld);
    for (int i = 1; i < core->count; ++i) {
      const double v = dot(core->points[i], ld);
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    return best;
  }
};

/// GJK between two posed cores (radii ignored). distance is the cores' distance (0 when they overlap or touch
/// within rounding); pointA / pointB the witness points; normal A -> B (zero when unknown).
struct GjkResult {
  double distance = 0.0;
  Vec2 pointA, pointB;
  Vec2 normal;
  bool coresOverlap = false;  ///< the origin was enclosed (count 3) or reached
  double scale = 0.0;         ///< largest magnitude among the simplex's points
  int iterations = 0;
  int count = 0;              ///< final simplex size: 1 (closest feature of B - A is a vertex), 2 (an edge), 3
  Vec2 w[2];                  ///< the final simplex's points of B - A (count 1: w[0]; count 2: the edge)
};
GjkResult gjk(const Posed& a, const Posed& b, SimplexCache* cache, GjkTrace* trace = nullptr);

/// Exact-as-the-library overlap of two cores grown by their radii (the overlaps() of collide2d.h for the
/// variant's pairs, and the capsule rule otherwise). Declared here, defined in distance.cpp.
template <ConvexShape A, ConvexShape B>
bool overlapsAnyImpl(const A& a, const B& b);

/// A pair's own overlap and contact tests behind plain function pointers, so that the generic bodies of distance,
/// cast and manifold are compiled once, not once per pair of shape types (36 pairs: the module's size).
struct PairTests {
  const void* a = nullptr;
  const void* b = nullptr;
  bool (*overlapFn)(const void*, const void*) = nullptr;
  Contact (*contactFn)(const void*, const void*) = nullptr;
  bool overlaps() const { return overlapFn(a, b); }
  Contact collide() const { return contactFn(a, b); }
};
template <ConvexShape A, ConvexShape B>
bool overlapThunk(const void* a, const void* b) {
  return overlapsAnyImpl(*static_cast<const A*>(a), *static_cast<const B*>(b));
}
template <ConvexShape A, ConvexShape B>
Contact contactThunk(const void* a, const void* b) {
  return collideAny(*static_cast<const A*>(a), *static_cast<const B*>(b));
}
template <ConvexShape A, ConvexShape B>
PairTests pairTests(const A& a, const B& b) {
  return {&a, &b, &overlapThunk<A, B>, &contactThunk<A, B>};
}

/// The same for two members of the Shape variant: the typed overlapsAny / collideAny of their alternatives.
inline bool overlapShapes(const void* a, const void* b) {
  return std::visit([](const auto& x, const auto& y) { return overlapsAny(x, y); }, *static_cast<const Shape*>(a),
                    *static_cast<const Shape*>(b));
}
inline Contact contactShapes(const void* a, const void* b) {
  return std::visit([](const auto& x, const auto& y) { return collideAny(x, y); }, *static_cast<const Shape*>(a),
                    *static_cast<const Shape*>(b));
}
inline PairTests pairTests(const Shape& a, const Shape& b) { return {&a, &b, &overlapShapes, &contactShapes}; }
inline void makeCore(const Shape& s, Core& k) {
  std::visit([&k](const auto& x) { makeCore(x, k); }, s);
}
inline Vec2 pivotOf(const Shape& s) {
  return std::visit([](const auto& x) { return pivotOf(x); }, s);
}

/// Closest points of two cores by brute force over their edges (for cores known not to intersect). Returns the
/// distance; points in pa / pb.
double bruteCoreDistance(const Core& a, const Core& b, Vec2& pa, Vec2& pb);

/// Closest point of segment [a, b] to p.
inline Vec2 closestOnSegment(Vec2 a, Vec2 b, Vec2 p) {
  const Vec2 d = b - a;
  const double l2 = dot(d, d);
  if (!(l2 > 0.0)) return a;
  const double t = dot(p - a, d) / l2;
  if (t <= 0.0) return a;
  if (t >= 1.0) return b;
  return lerp(a, b, t);
}

inline double maxAbs(Vec2 v) { return std::max(std::fabs(v.x), std::fabs(v.y)); }

/// cast() on cores (cast.cpp): what cast(a, motionA, b, motionB) computes, from makeCore(a) and makeCore(b), their
/// pivotOf and pairTests(a, b). For a caller casting one shape against many (World::castShape: its core made once).
CastHit castCores(const Core& ka, Vec2 pivotA, const Motion& motionA, const Core& kb, Vec2 pivotB,
                  const Motion& motionB, const PairTests& pair);

}  // namespace collide2d::detail

// Explicit instantiation of a template over every ordered pair of convex shapes. X(A, B) is a macro taking two
// types.
#define COLLIDE2D_FOR_EACH_CONVEX_PAIR(X)                                                                          \
  X(Circle, Circle) X(Circle, Aabb) X(Circle, Box) X(Circle, Polygon) X(Circle, Segment) X(Circle, Capsule)        \
  X(Aabb, Circle) X(Aabb, Aabb) X(Aabb, Box) X(Aabb, Polygon) X(Aabb, Segment) X(Aabb, Capsule)                    \
  X(Box, Circle) X(Box, Aabb) X(Box, Box) X(Box, Polygon) X(Box, Segment) X(Box, Capsule)                          \
  X(Polygon, Circle) X(Polygon, Aabb) X(Polygon, Box) X(Polygon, Polygon) X(Polygon, Segment) X(Polygon, Capsule)  \
  X(Segment, Circle) X(Segment, Aabb) X(Segment, Box) X(Segment, Polygon) X(Segment, Segment) X(Segment, Capsule)  \
  X(Capsule, Circle) X(Capsule, Aabb) X(Capsule, Box) X(Capsule, Polygon) X(Capsule, Segment) X(Capsule, Capsule)
