// What the exact-cast tests share (cast_exact_test.cpp, round_cast_exact_test.cpp): the sharp kinds a rectangle can be
// made of, the scales the scenarios are built at, and a cast of a moving shape against a still one.
#pragma once

#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <gtest/gtest.h>

namespace cast_kinds {

using namespace collide2d;

enum class Kind { Aabb, Box, Polygon, Segment };
inline constexpr Kind kKinds[] = {Kind::Aabb, Kind::Box, Kind::Polygon, Kind::Segment};

inline const char* name(Kind k) {
  switch (k) {
    case Kind::Aabb: return "aabb";
    case Kind::Box: return "box";
    case Kind::Polygon: return "polygon";
    case Kind::Segment: return "segment";
  }
  return "?";
}

// The rectangle [x0, x1] x [y0, y1] as a shape of the kind; a segment is the edge from p to q.
inline Shape rect(Kind k, double x0, double y0, double x1, double y1, Vec2 p, Vec2 q) {
  switch (k) {
    case Kind::Aabb: return Aabb{{x0, y0}, {x1, y1}};
    case Kind::Box: return Box{{(x0 + x1) * 0.5, (y0 + y1) * 0.5}, {(x1 - x0) * 0.5, (y1 - y0) * 0.5}, 0.0};
    case Kind::Polygon: {
      Polygon poly;
      const Vec2 pts[] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
      EXPECT_TRUE(Polygon::create(pts, poly).ok());
      return poly;
    }
    case Kind::Segment: return Segment{p, q};
  }
  return Aabb{};
}

// `a` moving by d against `b` standing still, without rotation.
inline CastHit castA(const Shape& a, Vec2 d, const Shape& b) { return cast(a, Motion{d, 0.0}, b, Motion{}); }

// The scales every scenario is built at (powers of two where 3s or 5s must be exact).
inline constexpr double kScales[] = {1e-6, 1e-3, 1.0, 1e3, 1e6, 1e9, 0x1p-20, 0x1p30};

}  // namespace cast_kinds
