// PreparedPolygon: the same answers, bit for bit, as the plain polygon functions, including touching pairs (which the
// bounding-circle rejection must never drop) and far-apart pairs (which it rejects).
#include <collide2d/collide2d.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

namespace {

using namespace collide2d;

void expectSame(const Contact& expected, const Contact& actual) {
  EXPECT_EQ(expected.hit, actual.hit);
  EXPECT_EQ(expected.normal.x, actual.normal.x);
  EXPECT_EQ(expected.normal.y, actual.normal.y);
  EXPECT_EQ(expected.depth, actual.depth);
  EXPECT_EQ(expected.point.x, actual.point.x);
  EXPECT_EQ(expected.point.y, actual.point.y);
}

PreparedPolygon prepare(const Polygon& p) {
  PreparedPolygon out;
  out.assign(p);
  return out;
}

Polygon polygonOf(std::vector<Vec2> pts) {
  Polygon p;
  EXPECT_TRUE(Polygon::create(pts, p).ok());
  return p;
}

TEST(PreparedPolygon, RandomPairsMatchThePlainFunctions) {
  std::mt19937_64 gen(20261123);
  auto unit = [&gen] { return static_cast<double>(gen() >> 11) * 0x1.0p-53; };
  auto randomPolygon = [&](double spread) {
    for (;;) {
      const int n = 3 + static_cast<int>(unit() * 6);
      std::vector<double> angles(static_cast<std::size_t>(n));
      for (double& a : angles) a = unit() * 2 * std::numbers::pi;
      std::sort(angles.begin(), angles.end());
      const Vec2 c{(unit() - 0.5) * spread, (unit() - 0.5) * spread};
      const double r = 0.3 + unit() * 2;
      std::vector<Vec2> pts;
      for (const double a : angles) pts.push_back(c + Vec2{r * std::cos(a), r * std::sin(a)});
      Polygon p;
      if (Polygon::create(pts, p).ok()) return p;
    }
  };
  int hits = 0, rejected = 0;
  for (int i = 0; i < 4000; ++i) {
    const double spread = i % 2 == 0 ? 3.0 : 40.0;  // crowded, then mostly far apart
    const Polygon a = randomPolygon(spread), b = randomPolygon(spread);
    const PreparedPolygon pa = prepare(a), pb = prepare(b);
    ASSERT_EQ(pa.ownIntervals().size(), a.size());
    const Contact plain = collide(a, b);
    expectSame(plain, collide(pa, pb));
    EXPECT_EQ(overlaps(a, b), overlaps(pa, pb));
    const Circle c{{(unit() - 0.5) * spread, (unit() - 0.5) * spread}, unit() * 2};
    expectSame(collide(c, b), collide(c, pb));
    EXPECT_EQ(overlaps(c, b), overlaps(c, pb));
    hits += plain.hit ? 1 : 0;
    const double reach = pa.boundRadius() + pb.boundRadius();
    rejected += distanceSquared(pa.boundCenter(), pb.boundCenter()) > reach * reach ? 1 : 0;
  }
  EXPECT_GT(hits, 800);       // both outcomes are well represented
  EXPECT_GT(rejected, 1500);  // and the fast rejection is exercised
}

TEST(PreparedPolygon, TouchingPairsAreNeverRejected) {
  // Unit squares sharing an edge, a corner, and a square touched by a circle at exactly one point: all hits with depth 0
  // (the bounding circles are exactly tangent or overlapping, and rounding must not reject them).
  const Polygon a = polygonOf({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  const Polygon right = polygonOf({{1, 0}, {2, 0}, {2, 1}, {1, 1}});
  const Polygon corner = polygonOf({{1, 1}, {2, 1}, {2, 2}, {1, 2}});
  const Polygon diamond = polygonOf({{1, 0.5}, {1.5, 0}, {2, 0.5}, {1.5, 1}});  // vertex on a's edge
  for (const Polygon* b : {&right, &corner, &diamond}) {
    const Contact plain = collide(a, *b);
    ASSERT_TRUE(plain.hit);
    EXPECT_EQ(plain.depth, 0.0);
    expectSame(plain, collide(prepare(a), prepare(*b)));
    EXPECT_TRUE(overlaps(prepare(a), prepare(*b)));
  }
  const Circle below{{0.5, -1.0}, 1.0};  // tangent to the bottom edge
  ASSERT_TRUE(collide(below, a).hit);
  expectSame(collide(below, a), collide(below, prepare(a)));
  // Tiny and huge coordinates: the relative widening still holds.
  for (const double scale : {1e-150, 1e150}) {
    const Polygon s = polygonOf({{0, 0}, {scale, 0}, {scale, scale}, {0, scale}});
    const Polygon t = polygonOf({{scale, 0}, {2 * scale, 0}, {2 * scale, scale}, {scale, scale}});
    ASSERT_TRUE(collide(s, t).hit);
    expectSame(collide(s, t), collide(prepare(s), prepare(t)));
  }
}

TEST(PreparedPolygon, CreateValidatesLikePolygonCreate) {
  PreparedPolygon p;
  ASSERT_TRUE(PreparedPolygon::create(std::vector<Vec2>{{0, 0}, {2, 0}, {0, 2}}, p).ok());
  EXPECT_EQ(p.polygon().size(), 3u);
  const std::vector<Vec2> collinear{{0, 0}, {1, 0}, {2, 0}};
  Polygon plain;
  const Status expected = Polygon::create(collinear, plain);
  const Status s = PreparedPolygon::create(collinear, p);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.error, expected.error);
  EXPECT_EQ(p.polygon().size(), 3u);  // unchanged on failure
  const PreparedPolygon empty;
  EXPECT_FALSE(collide(empty, p).hit);
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 1}, empty));
}

}  // namespace
