// The precision promises of collide2d.h, tested at the edges of the ranges they state. Expected answers come from
// exact rational arithmetic (tests/cases/tools/gen_precision.py writes precision_vectors.inc) or by hand.
#include <collide2d/collide2d.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using namespace collide2d;

struct OrientVector {
  double ax, ay, bx, by, cx, cy;
  int sign;
};
struct TangencyVector {
  double cx, cy, r, ax, ay, bx, by;
  int count;
};
#include "precision_vectors.inc"

TEST(Precision, OrientIsExactAtAnyMagnitudeWithinASpanOf2To485) {
  // Near-collinear triples whose big coordinates lie anywhere from 2^-1000 to 2^1000 and whose small ones are up to
  // 2^485 smaller; the answer depends on the last bits of the small ones.
  int checked = 0;
  for (const OrientVector& v : kOrientVectors) {
    const Vec2 a{v.ax, v.ay}, b{v.bx, v.by}, c{v.cx, v.cy};
    ASSERT_EQ(orient(a, b, c), v.sign) << std::hexfloat << v.ax << " " << v.ay << " " << v.bx << " " << v.by << " "
                                       << v.cx << " " << v.cy;
    EXPECT_EQ(orient(b, c, a), v.sign);
    EXPECT_EQ(orient(b, a, c), -v.sign);
    EXPECT_EQ(contains(Line{a, b}, c), v.sign == 0);
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

TEST(Precision, TriangleWithSides1eMinus170HasAnOrientation) {
  EXPECT_EQ(orient({0, 0}, {1e-170, 0}, {0, 1e-170}), 1);
  EXPECT_EQ(orient({0, 0}, {0, 1e-170}, {1e-170, 0}), -1);
  // The smallest subnormal steps still decide (all coordinates within the span).
  EXPECT_EQ(orient({0, 0}, {0x1p-1074, 0}, {0, 0x1p-1074}), 1);
  EXPECT_EQ(orient({0x1p1000, 0x1p1000}, {0x1p1001, 0x1p1001}, {0x1p1000 * 3, std::nextafter(0x1p1000 * 3, 0.0)}),
            -1);
}

TEST(Precision, CircleLineTangencyIsExactAtAnyMagnitude) {
  // Tangent, crossing and missing lines at magnitudes 2^-1000 .. 2^1000, the centre up to 2^216 from the line's
  // coordinates; and issue 10's r = 2^260 against y = r / 2 (it gave count 0).
  for (const TangencyVector& v : kTangencyVectors) {
    const CircleLineIntersection x = intersect(Circle{{v.cx, v.cy}, v.r}, Line{{v.ax, v.ay}, {v.bx, v.by}});
    ASSERT_EQ(x.count, v.count) << std::hexfloat << v.cx << " " << v.cy << " r " << v.r << " " << v.ax << " " << v.ay
                                << " " << v.bx << " " << v.by;
  }
  const CircleLineIntersection half = intersect(Circle{{0, 0}, 0x1p260}, Line{{-1, 0x1p259}, {1, 0x1p259}});
  ASSERT_EQ(half.count, 2);
  // Roots at x = -+ sqrt(3)/2 r: parameters t = (x + 1) / 2.
  EXPECT_NEAR(half.p1.x / 0x1p260, -std::sqrt(3.0) / 2, 1e-15);
  EXPECT_NEAR(half.p2.x / 0x1p260, std::sqrt(3.0) / 2, 1e-15);
}

TEST(Precision, CircleLineTangencyAtTheEdgeOfItsSpanWithMixedMagnitudes) {
  // The header's tangency promise holds while the nonzero coordinates and the radius of one call lie within a
  // factor 2^216 of each other. At the edge: a line through (3, 4) 2^K and -(3, 4) 2^K (the origin's line along
  // (3, 4)), a centre (4, -3) t at distance exactly 25 t / 5 = 5 t from it, and r = 5 t or one ulp either side;
  // the largest coordinate over the smallest is (4 2^K) / 3 < 2^216 for K = 214 (2^215.4). Then the whole picture
  // scaled by 2^s (exact) to both ends of the double range. By construction: r = 5 t tangent (1), r + ulp two
  // points, r - ulp none — independent of the library.
  for (int s : {-1000, -600, 0, 600, 690}) {
    for (int k : {40, 100, 160, 200, 214}) {
      const double big = std::ldexp(1.0, k + s);
      const double t = std::ldexp(1.0, s);
      const Line line{{3 * big, 4 * big}, {-3 * big, -4 * big}};
      const Vec2 c{4 * t, -3 * t};
      const double r = 5 * t;
      SCOPED_TRACE(testing::Message() << "scale 2^" << s << ", span 2^" << k);
      EXPECT_EQ(intersect(Circle{c, r}, line).count, 1);
      EXPECT_EQ(intersect(Circle{c, std::nextafter(r, INFINITY)}, line).count, 2);
      EXPECT_EQ(intersect(Circle{c, std::nextafter(r, 0.0)}, line).count, 0);
      // The same through the segment (its ends far beyond the tangent point) and with the line's ends swapped.
      EXPECT_EQ(intersect(Circle{c, r}, Segment{line.a, line.b}).count, 1);
      EXPECT_EQ(intersect(Circle{c, std::nextafter(r, 0.0)}, Line{line.b, line.a}).count, 0);
    }
  }
}

TEST(Precision, CirclePairsAtAnyMagnitude) {
  // Issue 10: radius 1e200 circles 1e300 apart "overlapped" with normal (0, 0) (the squares overflowed), and radius
  // 1e-200 circles 3e-200 apart overlapped (the squares underflowed).
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 1e200}, Circle{{1e300, 0}, 1e200}));
  EXPECT_FALSE(collide(Circle{{0, 0}, 1e200}, Circle{{1e300, 0}, 1e200}).hit);
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 1e-200}, Circle{{3e-200, 0}, 1e-200}));
  // Touching: 2e-200 is exactly 1e-200 + 1e-200 (doubling is exact), as is 2^1001 = 2^1000 + 2^1000.
  const Contact tiny = collide(Circle{{0, 0}, 1e-200}, Circle{{2e-200, 0}, 1e-200});
  ASSERT_TRUE(tiny.hit);
  EXPECT_EQ(tiny.normal, (Vec2{1, 0}));
  EXPECT_EQ(tiny.depth, 0.0);
  const Contact huge = collide(Circle{{-0x1p1000, 0}, 0x1p1000}, Circle{{0x1p1000, 0}, 0x1p1000});
  ASSERT_TRUE(huge.hit);
  EXPECT_EQ(huge.normal, (Vec2{1, 0}));
  EXPECT_EQ(huge.depth, 0.0);
  // Overlapping by a quarter at 2^-1000: depth exact.
  const Contact deep = collide(Circle{{0, 0}, 0x1p-1000}, Circle{{0, 0x1p-999 - 0x1p-1002}, 0x1p-1000});
  ASSERT_TRUE(deep.hit);
  EXPECT_EQ(deep.normal, (Vec2{0, 1}));
  EXPECT_EQ(deep.depth, 0x1p-1002);
}

TEST(Precision, MetricRangeEdgesForCircleAgainstShapes) {
  // Circle against aabb, box, polygon and segment compare squared distances: promised for magnitudes within
  // [2^-460, 2^460]. At both edges: touching is a hit, one ulp apart is not.
  for (const double s : {0x1p-460, 0x1p460}) {
    const Circle c{{0, 0}, s};
    const Aabb touching{{s, -s}, {2 * s, s}};
    const Aabb apart{{std::nextafter(s, 4 * s), -s}, {2 * s, s}};
    EXPECT_TRUE(overlaps(c, touching)) << s;
    EXPECT_FALSE(overlaps(c, apart)) << s;
    const Contact k = collide(c, touching);
    ASSERT_TRUE(k.hit);
    EXPECT_EQ(k.normal, (Vec2{1, 0}));
    EXPECT_EQ(k.depth, 0.0);
    EXPECT_TRUE(overlaps(c, Polygon::fromAabb(touching)));
    EXPECT_FALSE(overlaps(c, Polygon::fromAabb(apart)));
    EXPECT_TRUE(overlaps(c, Segment{{s, -s}, {s, s}}));
    EXPECT_FALSE(overlaps(c, Segment{apart.min, {apart.min.x, s}}));
    EXPECT_TRUE(overlaps(c, Box{{1.5 * s, 0}, {0.5 * s, s}, 0}));
  }
}

TEST(Precision, PolygonTouchIsExactAtExtremeScales) {
  // Issue 10's vertex-on-edge pair scaled by 2^-900 and 2^900 (exact): still a touch in both orders; b moved off by
  // 2^-40 of the scale: apart.
  const std::vector<Vec2> pa = {{12.42578125, -15.2421875}, {13.70703125, -18.3828125}, {15.37109375, -19.81640625},
                                {17.16796875, -20.50390625}, {20.06640625, -20.3828125}};
  const std::vector<Vec2> pb = {{16.149169921875, -22.1796875}, {19.296875, -23.681396484375},
                                {20.36865234375, -23.273681640625}, {18.07373046875, -20.466064453125}};
  for (const int e : {-900, 900}) {
    std::vector<Vec2> sa, sb, sc;
    for (const Vec2 p : pa) sa.push_back({std::ldexp(p.x, e), std::ldexp(p.y, e)});
    for (const Vec2 p : pb) sb.push_back({std::ldexp(p.x, e), std::ldexp(p.y, e)});
    for (const Vec2 p : pb) sc.push_back({std::ldexp(p.x, e), std::ldexp(p.y - 0x1p-40, e)});
    Polygon a, b, c;
    ASSERT_TRUE(Polygon::create(sa, a).ok());
    ASSERT_TRUE(Polygon::create(sb, b).ok());
    ASSERT_TRUE(Polygon::create(sc, c).ok());
    EXPECT_TRUE(overlaps(a, b)) << e;
    EXPECT_TRUE(overlaps(b, a)) << e;
    EXPECT_FALSE(overlaps(a, c)) << e;
    EXPECT_FALSE(overlaps(c, a)) << e;
  }
}

TEST(Precision, FromBoxBelowTheCentresPrecisionIsReportedInvalid) {
  // Extents of 0.5 beside a centre of 1e16 (ulp 2) vanish: the corners coincide in pairs. fromBox then returns an
  // empty polygon, which validate() reports (TooFewPoints), as the header states.
  const Polygon p = Polygon::fromBox(Box{{1e16, 0}, {0.5, 0.5}, 0});
  EXPECT_EQ(p.size(), 0u);
  EXPECT_EQ(validate(p).error, Error::TooFewPoints);
  // Just representable (extent = ulp(centre) = 2): valid.
  const Polygon q = Polygon::fromBox(Box{{1e16, 0}, {2, 2}, 0});
  EXPECT_EQ(q.size(), 4u);
  EXPECT_TRUE(validate(q).ok());
}

}  // namespace
