// Single calls with a pose (queries.h): cast(a, xfA, b, xfB, translation) and distance(a, xfA, b, xfB) equal the calls
// on the placed shapes bit for bit, for every pair of convex kinds, typed and through the Shape variant.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <gtest/gtest.h>

#include "splitmix.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <variant>
#include <vector>

namespace {

using namespace collide2d;

std::uint64_t bits(double v) {  // (std::memcpy: Emscripten 3.1.6's libc++ has no std::bit_cast)
  std::uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}

void expectSame(const CastHit& x, const CastHit& y) {
  EXPECT_EQ(x.hit, y.hit);
  EXPECT_EQ(bits(x.fraction), bits(y.fraction));
  EXPECT_EQ(bits(x.normal.x), bits(y.normal.x));
  EXPECT_EQ(bits(x.normal.y), bits(y.normal.y));
  EXPECT_EQ(bits(x.point.x), bits(y.point.x));
  EXPECT_EQ(bits(x.point.y), bits(y.point.y));
  EXPECT_EQ(x.iterations, y.iterations);
}

void expectSame(const DistanceResult& x, const DistanceResult& y) {
  EXPECT_EQ(bits(x.distance), bits(y.distance));
  EXPECT_EQ(bits(x.pointA.x), bits(y.pointA.x));
  EXPECT_EQ(bits(x.pointA.y), bits(y.pointA.y));
  EXPECT_EQ(bits(x.pointB.x), bits(y.pointB.x));
  EXPECT_EQ(bits(x.pointB.y), bits(y.pointB.y));
  EXPECT_EQ(bits(x.normal.x), bits(y.normal.x));
  EXPECT_EQ(bits(x.normal.y), bits(y.normal.y));
  EXPECT_EQ(x.overlap, y.overlap);
  EXPECT_EQ(x.iterations, y.iterations);
}

struct Rng {
  std::uint64_t s;
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(test_rng::splitmix64(s) >> 11) * 0x1p-53;
  }
};

// A local shape of kind k near the origin.
Shape local(int k, Rng& r) {
  switch (k) {
    case 0: return Circle{{r.uniform(-1, 1), r.uniform(-1, 1)}, r.uniform(0.1, 1)};
    case 1: return Aabb{{r.uniform(-2, -0.5), r.uniform(-2, -0.5)}, {r.uniform(0.5, 2), r.uniform(0.5, 2)}};
    case 2: return Box{{r.uniform(-1, 1), r.uniform(-1, 1)}, {r.uniform(0.2, 1.5), r.uniform(0.2, 1.5)}, r.uniform(-3, 3)};
    case 3: {
      std::vector<Vec2> pts;
      const int n = 3 + static_cast<int>(r.uniform(0, 5));
      const double rad = r.uniform(0.5, 1.5);  // points on a circle: convex
      for (int i = 0; i < n; ++i) {
        const double a = 6.283185307179586 * i / n + r.uniform(0, 0.3);
        pts.push_back({rad * std::cos(a), rad * std::sin(a)});
      }
      Polygon p;
      EXPECT_TRUE(Polygon::create(pts, p).ok());
      return p;
    }
    case 4: return Segment{{r.uniform(-1, 1), r.uniform(-1, 1)}, {r.uniform(-1, 1), r.uniform(-1, 1)}};
    default: return Capsule{{r.uniform(-1, 1), r.uniform(-1, 1)}, {r.uniform(-1, 1), r.uniform(-1, 1)}, r.uniform(0.1, 0.6)};
  }
}

// What queries.h says the pose overloads compute on.
Shape placed(const Shape& s, const Transform& xf) {
  return std::visit(
      [&](const auto& x) -> Shape {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Circle>) return Circle{apply(xf, x.center), x.radius};
        if constexpr (std::is_same_v<T, Aabb>) {
          if (xf.angle == 0.0) return Aabb{apply(xf, x.min), apply(xf, x.max)};
          return Box{apply(xf, x.center()), x.halfExtents(), xf.angle};
        }
        if constexpr (std::is_same_v<T, Box>) return Box{apply(xf, x.center), x.halfExtents, x.angle + xf.angle};
        if constexpr (std::is_same_v<T, Polygon>) return x.transformed(xf);
        if constexpr (std::is_same_v<T, Segment>) return Segment{apply(xf, x.a), apply(xf, x.b)};
        if constexpr (std::is_same_v<T, Capsule>) return Capsule{apply(xf, x.a), apply(xf, x.b), x.radius};
        return x;
      },
      s);
}

TEST(CastPose, EqualsTheCallsOnPlacedShapesBitForBit) {
  Rng r{12345};
  int hits = 0;
  for (int ka = 0; ka < 6; ++ka)
    for (int kb = 0; kb < 6; ++kb)
      for (int trial = 0; trial < 40; ++trial) {
        SCOPED_TRACE(ka * 100 + kb * 10000 + trial);
        const Shape a = local(ka, r), b = local(kb, r);
        const Transform xfA{{r.uniform(-5, 5), r.uniform(-5, 5)}, trial % 4 == 0 ? 0.0 : r.uniform(-3, 3)};
        const Transform xfB{{r.uniform(-5, 5), r.uniform(-5, 5)}, trial % 3 == 0 ? 0.0 : r.uniform(-3, 3)};
        const Vec2 tr{r.uniform(-12, 12), r.uniform(-12, 12)};
        const Shape pa = placed(a, xfA), pb = placed(b, xfB);
        const CastHit expected = cast(pa, Motion{tr, 0.0}, pb, Motion{});
        hits += expected.hit;
        expectSame(cast(a, xfA, b, xfB, tr), expected);
        std::visit([&](const auto& x, const auto& y) { expectSame(cast(x, xfA, y, xfB, tr), expected); }, a, b);
        const DistanceResult d = distance(pa, pb);
        expectSame(distance(a, xfA, b, xfB), d);
        std::visit([&](const auto& x, const auto& y) { expectSame(distance(x, xfA, y, xfB), d); }, a, b);
        SimplexCache c1, c2;
        expectSame(distance(a, xfA, b, xfB, &c1), distance(pa, pb, &c2));
      }
  EXPECT_GT(hits, 200);  // the comparisons cover hits as well as misses
}

TEST(CastPose, MovingPolygonReusesTheScratch) {
  // A polygon moved every frame: the same answers as the placed polygon each frame, with a larger polygon between.
  Polygon p, big;
  const Vec2 pts[] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  ASSERT_TRUE(Polygon::create(pts, p).ok());
  std::vector<Vec2> many;
  for (int i = 0; i < 32; ++i) many.push_back({std::cos(i * 0.19634954084936207), std::sin(i * 0.19634954084936207)});
  ASSERT_TRUE(Polygon::create(many, big).ok());
  const Aabb floor{{-100, -2}, {100, 0}};
  for (int frame = 0; frame < 20; ++frame) {
    const Transform xf{{frame * 0.5, 3.0 - frame * 0.1}, frame * 0.05};
    const Polygon& shape = frame % 2 ? big : p;
    expectSame(cast(shape, xf, floor, Transform{}, Vec2{1, -4}), cast(shape.transformed(xf), Motion{{1, -4}, 0}, floor, Motion{}));
  }
}

}  // namespace
