// Ray casts: circle, aabb, rotated box, polygon, segment; inside starts, maxFraction, degenerate and invalid rays.
#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kTol = 1e-12;
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

double up(double x) { return std::nextafter(x, kInf); }

void expectMiss(const RayHit& h) {
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_EQ(h.point, (Vec2{0, 0}));
  EXPECT_EQ(h.normal, (Vec2{0, 0}));
}

void expectInside(const RayHit& h, Vec2 origin) {
  EXPECT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_EQ(h.point, origin);
  EXPECT_EQ(h.normal, (Vec2{0, 0}));
}

void expectHit(const RayHit& h, double fraction, Vec2 point, Vec2 normal, double tol = kTol) {
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.fraction, fraction, tol);
  EXPECT_NEAR(h.point.x, point.x, tol);
  EXPECT_NEAR(h.point.y, point.y, tol);
  EXPECT_NEAR(h.normal.x, normal.x, tol);
  EXPECT_NEAR(h.normal.y, normal.y, tol);
}

TEST(RaycastCircle, Basics) {
  const Circle c{{0, 0}, 1};
  expectHit(raycast(Ray{{-5, 0}, {1, 0}}, c), 4, {-1, 0}, {-1, 0});
  expectHit(raycast(Ray{{-5, 0}, {2, 0}}, c), 2, {-1, 0}, {-1, 0});  // direction need not be unit
  expectHit(raycast(Ray{{-5, 1}, {1, 0}}, c), 5, {0, 1}, {0, 1});    // grazing tangent
  expectHit(raycast(Ray{{0, 3}, {0, -1}, 2}, c), 2, {0, 1}, {0, 1}); // maxFraction is inclusive
  expectMiss(raycast(Ray{{0, 3}, {0, -1}, 1.999}, c));
  expectMiss(raycast(Ray{{-5, 0}, {-1, 0}}, c));  // pointing away
  expectMiss(raycast(Ray{{-5, 1 + 1e-9}, {1, 0}}, c));
  expectInside(raycast(Ray{{0.5, 0}, {1, 0}}, c), {0.5, 0});
  expectInside(raycast(Ray{{1, 0}, {1, 0}}, c), {1, 0});  // on the boundary counts as inside
  expectMiss(raycast(Ray{{-5, 0}, {0, 0}}, c));  // zero direction
  expectMiss(raycast(Ray{{0, 0}, {0, 0}}, c));
}

TEST(RaycastCircle, StableRoots) {
  // Far away: the fraction is exactly representable and must come out (almost) exactly.
  const RayHit far = raycast(Ray{{-1e6, 0}, {1, 0}}, Circle{{0, 0}, 1});
  ASSERT_TRUE(far.hit);
  EXPECT_NEAR(far.fraction, 1e6 - 1, 1e-9);
  // Very close to the circle: the small root must keep its relative accuracy (no cancellation).
  const double gap = 1e-9;
  const RayHit near = raycast(Ray{{-1 - gap, 0}, {1, 0}}, Circle{{0, 0}, 1});
  ASSERT_TRUE(near.hit);
  EXPECT_NEAR(near.fraction, gap, gap * 1e-6);
  // Huge direction, tiny fraction.
  const RayHit big = raycast(Ray{{-3, 0}, {1e8, 0}}, Circle{{0, 0}, 1});
  ASSERT_TRUE(big.hit);
  EXPECT_NEAR(big.fraction, 2e-8, 1e-20);
}

TEST(RaycastAabb, Faces) {
  const Aabb b{{0, 0}, {2, 1}};
  expectHit(raycast(Ray{{-2, 0.5}, {1, 0}}, b), 2, {0, 0.5}, {-1, 0});
  expectHit(raycast(Ray{{5, 0.5}, {-1, 0}}, b), 3, {2, 0.5}, {1, 0});
  expectHit(raycast(Ray{{1, -3}, {0, 2}}, b), 1.5, {1, 0}, {0, -1});
  expectHit(raycast(Ray{{1, 4}, {0, -1}}, b), 3, {1, 1}, {0, 1});
  expectHit(raycast(Ray{{-1, -1}, {1, 1}}, b), 1, {0, 0}, {-1, 0});  // corner: x face first
  expectHit(raycast(Ray{{-1, 2}, {1, -1}}, b), 1, {0, 1}, {-1, 0});
  expectMiss(raycast(Ray{{-1, 2}, {1, -0.1}}, b));  // passes above the top-right corner
  // Ray lying exactly on a face: enters through the perpendicular face.
  expectHit(raycast(Ray{{-1, 0}, {1, 0}}, b), 1, {0, 0}, {-1, 0});
  expectHit(raycast(Ray{{-1, 1}, {3, 0}}, b), 1.0 / 3.0, {0, 1}, {-1, 0});
  expectMiss(raycast(Ray{{-1, up(1)}, {1, 0}}, b));  // one ulp above the top face
  expectMiss(raycast(Ray{{-1, 0.5}, {0, 1}}, b));    // parallel, outside
  expectMiss(raycast(Ray{{-2, 0.5}, {1, 0}, 1.5}, b));
  expectHit(raycast(Ray{{-2, 0.5}, {1, 0}, 2}, b), 2, {0, 0.5}, {-1, 0});
  expectInside(raycast(Ray{{1, 0.5}, {1, 0}}, b), {1, 0.5});
  expectInside(raycast(Ray{{2, 1}, {1, 0}}, b), {2, 1});  // corner counts as inside
  expectMiss(raycast(Ray{{1, 0.5}, {0, 0}}, b));
  // The hit point lies exactly on the face.
  const RayHit h = raycast(Ray{{-0.3, 0.1}, {0.7, 0.13}}, b);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.point.x, 0.0);
}

TEST(RaycastBox, RotatedFrame) {
  // Box rotated by 45 degrees, half extents (1, 1): a diamond with corners at distance sqrt(2) on the axes.
  const Box b{{0, 0}, {1, 1}, std::numbers::pi / 4};
  const double s = std::sqrt(0.5);
  // From the left along +x: hits the corner region; aim slightly above the axis to hit the upper-left edge.
  const RayHit h = raycast(Ray{{-5, 0.5}, {1, 0}}, b);
  ASSERT_TRUE(h.hit);
  // Edge x + y... the upper-left edge is the line -x + y = sqrt(2) (outward normal (-s, s)).
  EXPECT_NEAR(h.point.y - h.point.x, std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(h.normal.x, -s, 1e-12);
  EXPECT_NEAR(h.normal.y, s, 1e-12);
  EXPECT_NEAR(h.fraction, 5 + 0.5 - std::sqrt(2.0), 1e-12);
  // Unrotated box agrees with the Aabb cast.
  const Box u{{1, 0.5}, {1, 0.5}, 0};
  const Aabb a{{0, 0}, {2, 1}};
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> r(-4, 4);
  for (int n = 0; n < 500; ++n) {
    const Ray ray{{r(rng), r(rng)}, {r(rng), r(rng)}};
    const RayHit x = raycast(ray, u), y = raycast(ray, a);
    ASSERT_EQ(x.hit, y.hit) << n;
    ASSERT_NEAR(x.fraction, y.fraction, 1e-12);
    ASSERT_NEAR(x.normal.x, y.normal.x, 1e-12);
    ASSERT_NEAR(x.normal.y, y.normal.y, 1e-12);
  }
  expectInside(raycast(Ray{{0.2, 0.2}, {1, 0}}, b), {0.2, 0.2});
  expectMiss(raycast(Ray{{-5, 0}, {-1, 0}}, b));
  expectMiss(raycast(Ray{{-5, 3}, {1, 0}}, b));
}

TEST(RaycastPolygon, ConvexPolygon) {
  Polygon p;
  const std::vector<Vec2> pts{{0, 0}, {4, 0}, {4, 2}, {2, 4}, {0, 2}};
  ASSERT_TRUE(Polygon::create(pts, p).ok());
  expectHit(raycast(Ray{{-3, 1}, {1, 0}}, p), 3, {0, 1}, {-1, 0});
  expectHit(raycast(Ray{{2, -1}, {0, 1}}, p), 1, {2, 0}, {0, -1});
  // The slanted edge (4,2)-(2,4), outward normal (s, s).
  const double s = std::sqrt(0.5);
  expectHit(raycast(Ray{{6, 6}, {-1, -1}}, p), 3, {3, 3}, {s, s});
  expectMiss(raycast(Ray{{6, 6}, {1, 1}}, p));
  expectMiss(raycast(Ray{{-1, 5}, {1, 0}}, p));
  expectMiss(raycast(Ray{{-1, -1}, {0, 1}}, p));  // parallel to the left edge, outside
  expectMiss(raycast(Ray{{-3, 1}, {1, 0}, 2.5}, p));
  expectInside(raycast(Ray{{1, 1}, {1, 0}}, p), {1, 1});
  expectInside(raycast(Ray{{4, 2}, {1, 0}}, p), {4, 2});  // a vertex is inside (closed)
  expectInside(raycast(Ray{{3, 3}, {1, 1}}, p), {3, 3});  // on an edge
  expectMiss(raycast(Ray{{-3, 1}, {0, 0}}, p));
  expectMiss(raycast(Ray{{-3, 1}, {1, 0}}, Polygon{}));   // empty polygon
  // Ray along the bottom edge's line from the left: enters through the corner (0, 0) via the left edge.
  const RayHit h = raycast(Ray{{-2, 0}, {1, 0}}, p);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.fraction, 2, kTol);
  // Agrees with the Aabb cast for a rectangle.
  Polygon rect = Polygon::fromAabb(Aabb{{0, 0}, {2, 1}});
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> r(-4, 4);
  for (int n = 0; n < 500; ++n) {
    const Ray ray{{r(rng), r(rng)}, {r(rng), r(rng)}};
    const RayHit x = raycast(ray, rect), y = raycast(ray, Aabb{{0, 0}, {2, 1}});
    ASSERT_EQ(x.hit, y.hit) << n;
    ASSERT_NEAR(x.fraction, y.fraction, 1e-12);
    ASSERT_NEAR(x.normal.x, y.normal.x, 1e-12);
    ASSERT_NEAR(x.normal.y, y.normal.y, 1e-12);
  }
}

TEST(RaycastSegment, Crossings) {
  const Segment s{{-1, 0}, {1, 0}};
  expectHit(raycast(Ray{{0, -1}, {0, 1}}, s), 1, {0, 0}, {0, -1});
  expectHit(raycast(Ray{{0.5, 2}, {0, -4}}, s), 0.5, {0.5, 0}, {0, 1});  // normal faces the origin's side
  expectMiss(raycast(Ray{{0, -1}, {0, -1}}, s));
  expectMiss(raycast(Ray{{2, -1}, {0, 1}}, s));
  expectMiss(raycast(Ray{{0, -1}, {0, 1}, 0.5}, s));
  expectHit(raycast(Ray{{0, -1}, {0, 1}, 1}, s), 1, {0, 0}, {0, -1});
  // Through an endpoint exactly: the endpoint comes back exactly.
  const RayHit e = raycast(Ray{{-1, -3}, {0, 1}}, s);
  ASSERT_TRUE(e.hit);
  EXPECT_EQ(e.point, (Vec2{-1, 0}));
  EXPECT_NEAR(e.fraction, 3, kTol);
  expectMiss(raycast(Ray{{std::nextafter(-1.0, -2.0), -3}, {0, 1}}, s));
  // Origin on the segment: fraction 0.
  const RayHit o = raycast(Ray{{0.25, 0}, {0, 1}}, s);
  ASSERT_TRUE(o.hit);
  EXPECT_EQ(o.fraction, 0.0);
  EXPECT_EQ(o.point, (Vec2{0.25, 0}));
  EXPECT_NEAR(o.normal.y, -1, kTol);  // facing against the direction
}

TEST(RaycastSegment, ExactOnInexactCoordinates) {
  // Ray along y = x from (0.1, 0.1); segment from (0.3, 5) down to (0.3, 0.3), exactly on the ray's line.
  const RayHit h = raycast(Ray{{0.1, 0.1}, {1, 1}}, Segment{{0.3, 5}, {0.3, 0.3}});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.point, (Vec2{0.3, 0.3}));
  EXPECT_NEAR(h.fraction, 0.2, 1e-15);
  EXPECT_NEAR(h.normal.x, -1, kTol);
  // One ulp above the line: the segment no longer reaches the ray.
  expectMiss(raycast(Ray{{0.1, 0.1}, {1, 1}}, Segment{{0.3, 5}, {0.3, up(0.3)}}));
}

TEST(RaycastSegment, Collinear) {
  const Vec2 dir{1, 0};
  expectHit(raycast(Ray{{-2, 0}, {2, 0}}, Segment{{1, 0}, {3, 0}}), 1.5, {1, 0}, {-1, 0});
  expectHit(raycast(Ray{{-2, 0}, dir}, Segment{{3, 0}, {1, 0}}), 3, {1, 0}, {-1, 0});
  expectMiss(raycast(Ray{{-2, 0}, {-1, 0}}, Segment{{1, 0}, {3, 0}}));  // behind
  expectMiss(raycast(Ray{{-2, 0}, dir, 2.9}, Segment{{1, 0}, {3, 0}}));
  const RayHit in = raycast(Ray{{2, 0}, dir}, Segment{{1, 0}, {3, 0}});
  ASSERT_TRUE(in.hit);
  EXPECT_EQ(in.fraction, 0.0);
  EXPECT_EQ(in.point, (Vec2{2, 0}));
  EXPECT_EQ(in.normal, (Vec2{-1, 0}));
  // Zero-length segment on the ray / off the ray.
  expectHit(raycast(Ray{{-2, 0}, dir}, Segment{{5, 0}, {5, 0}}), 7, {5, 0}, {-1, 0});
  expectMiss(raycast(Ray{{-2, 0}, dir}, Segment{{5, 1}, {5, 1}}));
  // Parallel, offset.
  expectMiss(raycast(Ray{{-2, 0}, dir}, Segment{{1, up(0)}, {3, up(0)}}));
}

TEST(Raycast, NonFiniteInputIsAMiss) {
  const Ray bad{{kNaN, 0}, {1, 0}};
  expectMiss(raycast(bad, Circle{{0, 0}, 1}));
  expectMiss(raycast(bad, Aabb{{0, 0}, {1, 1}}));
  expectMiss(raycast(bad, Box{{0, 0}, {1, 1}, 0.3}));
  expectMiss(raycast(bad, Segment{{0, -1}, {0, 1}}));
  expectMiss(raycast(Ray{{-2, 0}, {kInf, 0}}, Aabb{{0, 0}, {1, 1}}));
  expectMiss(raycast(Ray{{-2, 0.5}, {1, 0}, kNaN}, Aabb{{0, 0}, {1, 1}}));
  expectMiss(raycast(Ray{{-2, 0}, {1, 0}}, Circle{{0, 0}, kNaN}));
  expectMiss(raycast(Ray{{-2, 0}, {1, 0}}, Segment{{kNaN, -1}, {0, 1}}));
  expectMiss(raycast(Ray{{-2, 0}, {1, 0}}, Box{{0, 0}, {1, 1}, kInf}));
  (void)raycast(Ray{{-2, 0}, {1, 0}}, Aabb{{kNaN, 0}, {1, kInf}});
}

}  // namespace

namespace {

// Every H1 query on random mixes of NaN, infinities, huge, tiny and ordinary values: no crash, no UB (this suite is
// also run under -fsanitize=address,undefined), and the documented invariants of the results still hold.
TEST(Robustness, SpecialValuesEverywhere) {
  const double pool[] = {kNaN, kInf, -kInf, 0.0, -0.0, 1e300, -1e300, 1e-300, 5e-324, 1.0, -2.5, 0.1, 1e6};
  std::mt19937_64 rng(77);
  std::uniform_int_distribution<int> pick(0, static_cast<int>(std::size(pool)) - 1);
  const auto v = [&] { return Vec2{pool[pick(rng)], pool[pick(rng)]}; };
  const auto d = [&] { return pool[pick(rng)]; };
  Polygon poly;
  const std::vector<Vec2> pts{{0, 0}, {2, 0}, {1, 2}};
  ASSERT_TRUE(Polygon::create(pts, poly).ok());
  for (int n = 0; n < 4000; ++n) {
    const Segment s1{v(), v()}, s2{v(), v()};
    const Circle c{v(), d()};
    const SegmentIntersection si = intersect(s1, s2);
    ASSERT_TRUE(si.kind == SegmentIntersection::Kind::None || si.kind == SegmentIntersection::Kind::Point ||
                si.kind == SegmentIntersection::Kind::Overlap);
    (void)overlaps(s1, s2);
    (void)intersect(Line{s1.a, s1.b}, Line{s2.a, s2.b});
    (void)closestPoint(s1, v());
    (void)closestPoint(Line{s1.a, s1.b}, v());
    (void)contains(s1, v());
    (void)contains(Line{s1.a, s1.b}, v());
    const CircleLineIntersection cl = intersect(c, Line{s1.a, s1.b});
    ASSERT_TRUE(cl.count >= 0 && cl.count <= 2);
    const CircleSegmentIntersection cs = intersect(c, s1);
    ASSERT_TRUE(cs.count >= 0 && cs.count <= 2);
    (void)overlaps(c, s1);
    (void)collide(c, s1);
    (void)overlaps(Aabb{v(), v()}, Aabb{v(), v()});
    (void)collide(Aabb{v(), v()}, Aabb{v(), v()});
    (void)collide(c, Circle{v(), d()});
    const Ray ray{v(), v(), d()};
    const RayHit hits[] = {raycast(ray, c), raycast(ray, Aabb{v(), v()}), raycast(ray, Box{v(), v(), d()}),
                           raycast(ray, poly), raycast(ray, s1)};
    for (const RayHit& h : hits) {
      if (!h.hit) {
        ASSERT_EQ(h.fraction, 0.0);
        ASSERT_EQ(h.point, (Vec2{0, 0}));
        ASSERT_EQ(h.normal, (Vec2{0, 0}));
      }
    }
    ASSERT_GE(orient(v(), v(), v()), -1);
  }
}

}  // namespace

// core_fuzz finding: a box far outside the metric range whose corners overflow to infinity (here 1.5e308 + 1e308)
// is a miss with every field zero — no undefined behaviour on the way (an exponent of infinity overflowed an int).
TEST(RaycastBox, CornersOverflowingToInfinityAreAMiss) {
  const Box far{{1.5e308, 1.5e308}, {1e308, 1e308}, 0.5};
  for (const Vec2 d : {Vec2{1, 1}, Vec2{1, 0}, Vec2{0, 1}}) {
    const RayHit h = raycast(Ray{{0, 0}, d, INFINITY}, far);
    EXPECT_FALSE(h.hit);
    EXPECT_EQ(h.fraction, 0.0);
  }
  // The library stays usable: an ordinary box is hit as before.
  EXPECT_TRUE(raycast(Ray{{0, 0}, {1, 0}, 10}, Box{{5, 0}, {1, 1}, 0.5}).hit);
}
