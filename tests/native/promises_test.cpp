// The promises of queries.h and docs/precision.md ("Per query") held at their edges, and one regression test per
// finding of the exact-reference fuzzing (named after the finding; its input is also a seed of
// tests/fuzz/corpus/query/).
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>
#include <string>

namespace {

using namespace collide2d;

// Distance from p to a convex shape (0 inside), computed by distance() against a zero-radius circle at p.
template <class S> double distanceTo(const S& s, Vec2 p) {
  const DistanceResult d = distance(Circle{p, 0.0}, s);
  return d.overlap ? 0.0 : d.distance;
}

// ---------------------------------------------------------------------------------------------------------------
// Finding 1: overlaps(Circle, Segment) is exact
// ---------------------------------------------------------------------------------------------------------------

TEST(Finding1, CircleSegmentOverlapIsExactInBothOrdersOfTheSegment) {
  // The finding: the exact distance is 1, the radius 0.5; the rounded foot on the long segment landed on the centre.
  const Circle c{{0, 0}, 0.5};
  const Segment s{{0, 1e16}, {0, 1}}, r{s.b, s.a};
  EXPECT_FALSE(overlaps(c, s));
  EXPECT_FALSE(overlaps(c, r));
  EXPECT_FALSE(intersect(c, s).overlaps);
  EXPECT_FALSE(collide(c, s).hit);
  // distance(): overlap equals overlaps(), and the distance is positive.
  for (const Segment& q : {s, r}) {
    const DistanceResult d = distance(c, q);
    EXPECT_FALSE(d.overlap);
    EXPECT_GT(d.distance, 0.0);
    EXPECT_FALSE(distance(q, c).overlap);
  }
}

TEST(Finding1, CircleSegmentTangentAtAnEndAndAlongTheSideIsAHitAndOneUlpAwayIsNot) {
  const double far = 1e16;
  // Touching at an end (exact distance 0.5 = radius), the segment running away along the axis.
  EXPECT_TRUE(overlaps(Circle{{0, 0}, 0.5}, Segment{{0, far}, {0, 0.5}}));
  EXPECT_TRUE(overlaps(Circle{{0, 0}, 0.5}, Segment{{0, 0.5}, {0, far}}));
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 0.5}, Segment{{0, far}, {0, std::nextafter(0.5, 1.0)}}));
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 0.5}, Segment{{0, std::nextafter(0.5, 1.0)}, {0, far}}));
  // Tangent along the side of a long segment, the foot anywhere on it.
  EXPECT_TRUE(overlaps(Circle{{3, 0}, 1}, Segment{{-far, 1}, {far, 1}}));
  EXPECT_FALSE(overlaps(Circle{{3, 0}, 1}, Segment{{-far, std::nextafter(1.0, 2.0)}, {far, std::nextafter(1.0, 2.0)}}));
  // A slanted tangent: the line x + y = 2 lies at sqrt(2) from the origin, between the doubles next to sqrt(2.0).
  const double r = std::sqrt(2.0);
  const Segment slant{{-1e8, 2 + 1e8}, {1e8, 2 - 1e8}};
  EXPECT_EQ(overlaps(Circle{{0, 0}, std::nextafter(r, 0.0)}, slant), false);
  EXPECT_EQ(overlaps(Circle{{0, 0}, std::nextafter(r, 2.0)}, slant), true);
}

TEST(Finding1, CircleSegmentAnswersDoNotChangeUnderPowerOfTwoScaling) {
  const Circle c{{0, 0}, 0.5};
  const Segment s{{0, 1e16}, {0, 1}};
  for (const int k : {-900, -600, -300, 300, 600, 900}) {
    const auto sc = [k](Vec2 v) { return Vec2{std::ldexp(v.x, k), std::ldexp(v.y, k)}; };
    EXPECT_FALSE(overlaps(Circle{sc(c.center), std::ldexp(c.radius, k)}, Segment{sc(s.a), sc(s.b)})) << k;
    EXPECT_TRUE(overlaps(Circle{sc(c.center), std::ldexp(1.0, k)}, Segment{sc(s.a), sc(s.b)})) << k;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Finding 2: distance() and cast() hold at the edges of the metric range [2^-460, 2^460]
// ---------------------------------------------------------------------------------------------------------------

Vec2 at(double s, double x, double y) { return {x * s, y * s}; }
Aabb box(double s, double x0, double y0, double x1, double y1) { return {at(s, x0, y0), at(s, x1, y1)}; }

class Finding2 : public ::testing::TestWithParam<double> {};

TEST_P(Finding2, GjkFarFromOneGivesTheOverlapOfOverlapsTheDistanceAndFinitePoints) {
  const double s = GetParam();
  const double tol = std::ldexp(4.0 * s, -40);  // 2^-40 S, S = 4 s
  // A point inside a box: overlap, as overlaps() says.
  const Aabb b = box(s, 0, 0, 2, 2);
  for (const Vec2 q : {Vec2{1, 1}, Vec2{0.3, 0.7}, Vec2{1.9, 0.2}, Vec2{0.01, 1.5}}) {
    const Circle p{at(s, q.x, q.y), 0.0};
    EXPECT_TRUE(overlaps(p, b));
    EXPECT_TRUE(distance(p, b).overlap) << q.x << " " << q.y;
    EXPECT_TRUE(distance(b, p).overlap) << q.x << " " << q.y;
    const Box turned{at(s, 1, 1), at(s, 1, 1), 0.4};
    EXPECT_EQ(distance(turned, p).overlap, overlaps(p, turned)) << q.x << " " << q.y;
    EXPECT_EQ(distance(p, turned).overlap, overlaps(p, turned)) << q.x << " " << q.y;
  }
  // Two boxes 0.5 apart; a polygon and a circle 1 apart (all multiplied by s).
  const DistanceResult d = distance(box(s, 0, 0, 1, 1), box(s, 1.5, 0, 2.5, 1));
  EXPECT_FALSE(d.overlap);
  EXPECT_NEAR(d.distance, 0.5 * s, tol);
  EXPECT_NEAR(d.pointA.x, 1.0 * s, tol);
  EXPECT_NEAR(d.pointB.x, 1.5 * s, tol);
  EXPECT_NEAR(d.normal.x, 1.0, 1e-12);
  Polygon tri;
  const Vec2 pts[3] = {at(s, 0, 0), at(s, 1, 0), at(s, 0, 1)};
  ASSERT_TRUE(Polygon::create(pts, tri));
  const DistanceResult e = distance(tri, Circle{at(s, 2, 2), std::sqrt(0.5) * s});
  EXPECT_FALSE(e.overlap);
  EXPECT_NEAR(e.distance, std::sqrt(4.5) * s - std::sqrt(0.5) * s, tol);
  for (const Vec2 q : {d.pointA, d.pointB, e.pointA, e.pointB, e.normal}) {
    EXPECT_TRUE(std::isfinite(q.x) && std::isfinite(q.y));
  }
  EXPECT_NEAR(e.pointA.x, 0.5 * s, tol);
  EXPECT_NEAR(e.pointB.y, (2 - 0.5) * s, tol);
  // A cast whose first touch is at 1/8: never after it, apart by at most 2^-40 S there (S = 8 s, speed 8 s).
  const CastHit h = cast(box(s, 0, 0, 1, 1), Motion{at(s, 8, 0), 0.0}, box(s, 2, 0, 3, 1), Motion{});
  EXPECT_TRUE(h.hit);
  EXPECT_LE(h.fraction, 0.125);
  EXPECT_GE(h.fraction, 0.125 - 0x1p-40);
  EXPECT_NEAR(h.normal.x, 1.0, 1e-12);
  EXPECT_TRUE(std::isfinite(h.point.x) && std::isfinite(h.point.y));
}

INSTANTIATE_TEST_SUITE_P(EdgesOfTheMetricRange, Finding2,
                         ::testing::Values(0x1p-460, 0x1p-300, 1e-83, 1e-77, 1.0, 1e77, 1e83, 0x1p300, 0x1p460));

// ---------------------------------------------------------------------------------------------------------------
// Finding 3: every manifold point lies on B, and moved by normal * depth on A (within 2^-38 S)
// ---------------------------------------------------------------------------------------------------------------

template <class A, class B> void expectManifoldOnShapes(const A& a, const B& b, double S, const std::string& what) {
  const Manifold m = collideManifold(a, b);
  ASSERT_EQ(m.count > 0, overlapsAny(a, b)) << what;
  const double tol = std::ldexp(S, -38);
  for (int k = 0; k < m.count; ++k) {
    const ManifoldPoint& p = m.points[k];
    EXPECT_LE(distanceTo(b, p.point), tol) << what << " point " << k;
    EXPECT_LE(distanceTo(a, p.point + m.normal * p.depth), tol) << what << " point " << k << " moved";
  }
}

TEST(Finding3, ZeroSizeAabbInsideABoxInBothOrders) {
  const Aabb dot{{1, 1}, {1, 1}}, big{{0, 0}, {2, 2}};
  expectManifoldOnShapes(dot, big, 2, "dot-box");
  expectManifoldOnShapes(big, dot, 2, "box-dot");
  expectManifoldOnShapes(Aabb{{1, 0.5}, {1, 1.5}}, big, 2, "needle-box");  // zero width: a segment
  expectManifoldOnShapes(big, Aabb{{1, 0.5}, {1, 1.5}}, 2, "box-needle");
  expectManifoldOnShapes(Box{{1, 1}, {0, 0}, 0.3}, Box{{1, 1}, {1, 1}, 0.0}, 2, "zero box-box");
  // The point, moved by the depth, is the point of A itself.
  const Manifold m = collideManifold(dot, big);
  ASSERT_EQ(m.count, 1);
  EXPECT_EQ(m.points[0].depth, 1.0);
  EXPECT_EQ(m.points[0].point + m.normal * m.points[0].depth, (Vec2{1, 1}));
}

TEST(Finding3, PointAgainstALongTiltedCapsuleGetsThePointNearTheContact) {
  const Capsule cap{{-1e8, -1}, {1e8, -1.001}, 2};
  const double S = 1e8;
  expectManifoldOnShapes(Segment{{0, 0}, {0, 0}}, cap, S, "point-capsule");
  expectManifoldOnShapes(cap, Segment{{0, 0}, {0, 0}}, S, "capsule-point");
  expectManifoldOnShapes(Circle{{0, 0}, 0}, cap, S, "circle0-capsule");
  expectManifoldOnShapes(Circle{{0, 0}, 0.5}, cap, S, "circle-capsule");
  const Manifold m = collideManifold(Segment{{0, 0}, {0, 0}}, cap);
  ASSERT_EQ(m.count, 1);
  EXPECT_LT(std::fabs(m.points[0].point.x), 1.0);  // not the far end, 1e8 away
}

TEST(Finding3, SliverTrianglesAndThinBoxesAtScale14) {
  // Random slivers (one vertex within 1e-3 of the opposite edge's line) against each other and against boxes and
  // capsules, at a scale of 14: the single-point fallback of crossing cores is the case that was 0.115 off.
  std::uint64_t state = 12345;
  const auto next = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1p-53;
  };
  const auto sliver = [&](Polygon& p) {
    const Vec2 a{(next() - 0.5) * 14, (next() - 0.5) * 14}, b{(next() - 0.5) * 14, (next() - 0.5) * 14};
    const double t = next();
    const Vec2 m = a + (b - a) * t;
    const Vec2 n = perp(b - a) * ((next() - 0.5) * 2e-3);
    const Vec2 pts[3] = {a, b, m + n};
    return Polygon::create(pts, p).ok();
  };
  int checked = 0;
  for (int i = 0; i < 4000; ++i) {
    Polygon p, q;
    if (!sliver(p) || !sliver(q)) continue;
    const Capsule c{{(next() - 0.5) * 14, (next() - 0.5) * 14}, {(next() - 0.5) * 14, (next() - 0.5) * 14}, next()};
    expectManifoldOnShapes(p, q, 14, "sliver-sliver " + std::to_string(i));
    expectManifoldOnShapes(p, c, 14, "sliver-capsule " + std::to_string(i));
    expectManifoldOnShapes(c, p, 14, "capsule-sliver " + std::to_string(i));
    if (HasFailure()) break;
    ++checked;
  }
  EXPECT_GT(checked, 3000);
}

// ---------------------------------------------------------------------------------------------------------------
// Finding 6: degenerate placements (Polygon::transformed, Polygon::fromBox / fromAabb)
// ---------------------------------------------------------------------------------------------------------------

TEST(Finding6, TinyPolygonMovedFarIsEmptyNotANonConvexPolygon) {
  Polygon tiny;
  const Vec2 pts[3] = {{0, 0}, {5e-28, 0}, {0, 5e-28}};
  ASSERT_TRUE(Polygon::create(pts, tiny));
  const Polygon moved = tiny.transformed(Transform{{1e6, 1e6}, 0.3});
  EXPECT_EQ(moved.size(), 0u);
  EXPECT_EQ(validate(moved).error, Error::TooFewPoints);
  EXPECT_FALSE(contains(moved, Vec2{1e6 + 1, 1e6}));
  EXPECT_FALSE(contains(moved, Vec2{0, 0}));
  Polygon into = tiny;
  tiny.transformedInto(Transform{{1e6, 1e6}, 0.3}, into);  // the allocation-free twin: the same result
  EXPECT_EQ(into.size(), 0u);
  EXPECT_EQ(tiny.transformed(Transform{{NAN, 0}, 0}).size(), 0u);  // a non-finite transform: empty
}

TEST(Finding6, MovedVerticesThatBecomeCollinearAreDroppedAsCreateDoes) {
  Polygon bump;
  const Vec2 pts[5] = {{0, 0}, {1, 0}, {1, 1}, {0.5, 1 + 1e-11}, {0, 1}};
  ASSERT_TRUE(Polygon::create(pts, bump));
  ASSERT_EQ(bump.size(), 5u);
  const Polygon moved = bump.transformed(Transform{{1e6, 1e6}, 0});  // the bump rounds onto the line y = 1e6 + 1
  ASSERT_EQ(moved.size(), 4u);
  Polygon again;
  ASSERT_TRUE(Polygon::create(moved.vertices(), again));
  EXPECT_TRUE(std::equal(again.vertices().begin(), again.vertices().end(), moved.vertices().begin()));
  // Nothing degenerate: the rotated normals and vertices, bit for bit as before.
  const Polygon near = bump.transformed(Transform{{3, 4}, 0.5});
  ASSERT_EQ(near.size(), 5u);
  const double c = std::cos(0.5), sn = std::sin(0.5);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(near.vertices()[i], (Vec2{3, 4} + rotate(bump.vertices()[i], c, sn)));
    EXPECT_EQ(near.normals()[i], rotate(bump.normals()[i], c, sn));
  }
}

TEST(Finding6, SmallPolygonsMovedAnywhereAreValidOrEmpty) {
  std::uint64_t state = 99;
  const auto next = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1p-53;
  };
  int empty = 0, kept = 0;
  for (int i = 0; i < 3000; ++i) {
    const double size = std::ldexp(1.0, -static_cast<int>(next() * 60));
    Vec2 pts[6];
    for (int k = 0; k < 6; ++k) {
      const double a = 6.283185307179586 * (k + next() * 0.9) / 6;
      pts[k] = {size * std::cos(a), size * std::sin(a)};
    }
    Polygon p;
    if (!Polygon::create(pts, p)) continue;
    const Polygon q = p.transformed(Transform{{(next() - 0.5) * 2e6, (next() - 0.5) * 2e6}, next() * 7});
    if (q.size() == 0) {
      ++empty;
      continue;
    }
    ++kept;
    Polygon again;
    ASSERT_TRUE(Polygon::create(q.vertices(), again)) << i;
    ASSERT_EQ(again.size(), q.size()) << i;
  }
  EXPECT_GT(empty, 100);
  EXPECT_GT(kept, 100);
}

TEST(Finding6, FromBoxAndFromAabbOfAnInvalidShapeAreEmpty) {
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {-1, 1}, 0}).size(), 0u);
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {1, 1}, NAN}).size(), 0u);
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {INFINITY, 1}, 0}).size(), 0u);
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {1, 1}, 0}).size(), 4u);
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {0, 1}, 0}).size(), 0u);  // zero width: collinear corners
  EXPECT_EQ(Polygon::fromAabb(Aabb{{1, 0}, {0, 1}}).size(), 0u);   // max < min
  EXPECT_EQ(Polygon::fromAabb(Aabb{{0, 0}, {1, 1}}).size(), 4u);
  EXPECT_EQ(Polygon::fromAabb(Aabb{{0, 0}, {0, 1}}).size(), 0u);  // zero width
  EXPECT_EQ(Polygon::fromAabb(Aabb{{0, 0}, {NAN, 1}}).size(), 0u);
  EXPECT_EQ(validate(Polygon::fromBox(Box{{0, 0}, {-1, 1}, 0})).error, Error::TooFewPoints);
}

// ---------------------------------------------------------------------------------------------------------------
// query_fuzz's findings (tests/fuzz/corpus/query/fuzz-*)
// ---------------------------------------------------------------------------------------------------------------

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

TEST(FuzzQuery, GjkTriangleAndEdgeWeightsStayFiniteAcrossAHugeSpan) {
  const Aabb tiny{{0, -0x1.8p-288}, {0x1p-293, 0x1.cp-292}};
  const Capsule needle{{0x1.4p+240, 0}, {0, 0}, 0};
  for (const DistanceResult& d : {distance(tiny, needle), distance(needle, tiny)}) {
    EXPECT_TRUE(finite(d.pointA) && finite(d.pointB) && finite(d.normal));
    EXPECT_EQ(d.overlap, overlapsAny(tiny, needle));
  }
  Polygon p;
  const Vec2 pts[4] = {{0x1.6262626262626p-413, 0x1.6262626262626p-413}, {0, 0x1.6262622262626p-413}, {0, 0},
                       {0x1.b8p+134, 0}};
  ASSERT_TRUE(Polygon::create(pts, p));
  const Aabb dot{{0x1.600c6ffp-413, 0}, {0x1.600c6ffp-413, 0}};
  for (const DistanceResult& d : {distance(p, dot), distance(dot, p)}) {
    EXPECT_TRUE(finite(d.pointA) && finite(d.pointB) && finite(d.normal));
    EXPECT_TRUE(d.overlap);
  }
}

TEST(FuzzQuery, DistanceOverlapConsultsOverlapsWithinTheShapesMagnitudeNotTheSimplexs) {
  // A far end at 1e120 sets the rounding of GJK; the simplex ends on near vertices (2^35): overlap must still be
  // decided by overlaps() (these segments cross).
  const Segment a{{-0x1.d093850e56042p+48, 0x1.05459003b00a7p+401}, {0x1.08p+35, 0x1p+30}};
  const Segment b{{0, 0x1.8008718p+34}, {0x1.48p+35, 0x1.80098p-2}};
  EXPECT_EQ(distance(a, b).overlap, overlaps(a, b));
  EXPECT_EQ(distance(b, a).overlap, overlaps(a, b));
}

TEST(FuzzQuery, CircleSegmentAcrossASpanOf2To812IsStillDecidedByItsDistance) {
  const Segment s{{0x1.6p-379, -0x1p-384}, {0x1.6p-379, 0x1.3p-378}};
  EXPECT_FALSE(overlaps(Circle{{0x1p+433, 0}, 0}, s));  // 2^433 away (the exact test's products underflowed)
  EXPECT_TRUE(overlaps(Circle{{0x1p+433, 0}, 0x1p+434}, s));
}

TEST(FuzzQuery, ContainsShapeOfABoxIsExactOnItsCorners) {
  // A box of zero height is the segment between its corners: its centre lies on it, a point 1e-300 beside it not.
  const Box flat{{0, 0}, {3.7e89, 0}, 200 / 256.0 * 6.283185307179586};
  EXPECT_TRUE(containsShape(flat, Aabb{{0, 0}, {0, 0}}));
  EXPECT_FALSE(containsShape(flat, Aabb{{0, 1e-300}, {0, 1e-300}}));
  // A box's corner is inside it, and a point one ulp beyond its edge (along the edge's own line) is not.
  const Box b{{0.5, 0.25}, {2, 1}, 0.3};
  Vec2 c[4];
  b.corners(c);
  EXPECT_TRUE(containsShape(b, Circle{c[2], 0}));
  EXPECT_TRUE(containsShape(b, Segment{c[0], c[2]}));
}

TEST(FuzzQuery, GjkRescalesByEveryVertexNotTheSimplexAlone) {
  // Two triangles sharing a vertex at 2^-255, their other vertices near 2^387: the simplex ends on the shared
  // vertex; scaling by it alone overflowed the far vertices (distance inf).
  Polygon a, b;
  const Vec2 pa[3] = {{0x1p+378, -0x1.7187ffffffffcp+387}, {0x1.cp+381, 0}, {0, 0x1.9000100012e01p-255}};
  const Vec2 pb[3] = {{0, 0x1.9000100012e01p-255}, {-0x1.dfffffffffffep+385, 0}, {0, -0x1p+378}};
  ASSERT_TRUE(Polygon::create(pa, a));
  ASSERT_TRUE(Polygon::create(pb, b));
  ASSERT_TRUE(overlaps(a, b));  // the shared vertex
  for (const DistanceResult& d : {distance(a, b), distance(b, a)}) {
    EXPECT_TRUE(d.overlap);
    EXPECT_EQ(d.distance, 0.0);
    EXPECT_TRUE(finite(d.pointA) && finite(d.pointB));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Finding 7: the promises stated in queries.h and docs/precision.md ("Per query"), each at its edge
// ---------------------------------------------------------------------------------------------------------------

TEST(Promises, DistancePointsLieOnTheBoundariesAndJoinAlongTheNormalWithin2To40S) {
  for (const double s : {0x1p-460, 1.0, 0x1p460}) {
    const double tol = std::ldexp(4.0 * s, -40);
    const Box a{at(s, 0, 0), at(s, 1, 0.5), 0.7};
    const Capsule b{at(s, 3, 1), at(s, 2, 3), 0.25 * s};
    const DistanceResult d = distance(a, b);
    ASSERT_FALSE(d.overlap);
    EXPECT_NEAR(length(d.normal), 1.0, 1e-15);
    const Vec2 join = d.pointA + d.normal * d.distance - d.pointB;
    EXPECT_LE(std::max(std::fabs(join.x), std::fabs(join.y)), tol) << s;
    EXPECT_LE(distanceTo(a, d.pointA), tol) << s;        // on A (not outside it)
    EXPECT_LE(distanceTo(b, d.pointB), tol) << s;        // on B
    EXPECT_NEAR(distanceTo(b, d.pointA), d.distance, tol) << s;  // and pointA is distance away from B
  }
}

TEST(Promises, SingleManifoldPointHasCollidesNormalAndDepthBitForBit) {
  const Circle c{{0.3, 0.9}, 0.5};
  const Box b{{0, 0}, {2, 0.75}, 0.1};
  const Manifold m = collideManifold(c, b);
  const Contact k = collide(c, b);
  ASSERT_EQ(m.count, 1);
  EXPECT_EQ(m.points[0].id, 1u << 30);
  EXPECT_EQ(m.normal, k.normal);
  EXPECT_EQ(m.points[0].depth, k.depth);
  // Two points on a face contact: the deepest is collide()'s depth (same normal), the other is shallower.
  const Manifold f = collideManifold(Aabb{{0, 0}, {4, 1}}, Box{{2, 1.4}, {1, 0.5}, 0.05});
  const Contact g = collide(Aabb{{0, 0}, {4, 1}}, Box{{2, 1.4}, {1, 0.5}, 0.05});
  ASSERT_EQ(f.count, 2);
  EXPECT_NEAR(f.normal.y, g.normal.y, 1e-15);
  EXPECT_NEAR(std::max(f.points[0].depth, f.points[1].depth), g.depth, std::ldexp(4.0, -38));
  EXPECT_LT(std::min(f.points[0].depth, f.points[1].depth), g.depth);
}

TEST(Promises, CastNeverReportsAHitForAPathThatStaysFartherThan2To40S) {
  // A box passing another box's corner: a gap of 2^-30 S is a miss, an overlap of 2^-46 S (64 ulps of S, beyond the
  // 16 of a graze) a hit.
  const double S = 16;
  const Aabb a{{0, 0}, {1, 1}};
  const Motion right{{12, 0}, 0};
  EXPECT_FALSE(cast(a, right, Aabb{{4, 1 + std::ldexp(S, -30)}, {5, 2}}, Motion{}).hit);
  const CastHit in = cast(a, right, Aabb{{4, 1 - std::ldexp(S, -46)}, {5, 2}}, Motion{});  // 64 ulps of S deep
  EXPECT_TRUE(in.hit);
  EXPECT_LE(in.fraction, 0.25);
  EXPECT_NEAR(in.normal.x, 1.0, 1e-12);  // a face contact: the face's normal
  // Starting in face contact and moving along the face: not moving in, no hit.
  EXPECT_FALSE(cast(a, right, Aabb{{0.5, 1}, {5, 2}}, Motion{}).hit);
}

TEST(Promises, ZeroAreaShapesEnterAtTheirFirstTouchAndGrazeWhenOnlySliding) {
  // A point (zero-radius circle, zero-size aabb, zero-length segment) has no inside: entry is its first touch.
  const Aabb wall{{2, -1}, {3, 1}};
  for (const Shape& p : {Shape{Circle{{0, 0}, 0}}, Shape{Aabb{{0, 0}, {0, 0}}}, Shape{Segment{{0, 0}, {0, 0}}}}) {
    const CastHit h = cast(p, Motion{{4, 0}, 0}, Shape{wall}, Motion{});
    EXPECT_TRUE(h.hit);
    EXPECT_LE(h.fraction, 0.5);
    EXPECT_GE(h.fraction, 0.5 - 0x1p-36);
    // Sliding along the wall's face (touching all the way) is a graze, not a hit.
    EXPECT_FALSE(cast(p, Motion{{0, 4}, 0}, Shape{Aabb{{0, -1}, {1, 1}}}, Motion{}).hit);
  }
  // Starting in contact: a hit at 0 only when moving in (towards the wall), none when moving out.
  const Circle onFace{{2, 0}, 0};
  const CastHit in = cast(onFace, Motion{{1, 0}, 0}, wall, Motion{});
  EXPECT_TRUE(in.hit);
  EXPECT_EQ(in.fraction, 0.0);
  EXPECT_FALSE(cast(onFace, Motion{{-1, 0}, 0}, wall, Motion{}).hit);
  // A segment moving along its own line over a point: two flat shapes moving along their common line slide, they do
  // not enter (queries.h, sharp features in translation; as a ray parallel to a segment misses it). Moving across
  // the line, the same point is entered at the first touch.
  EXPECT_FALSE(cast(Segment{{-2, 0}, {-1, 0}}, Motion{{2, 0}, 0}, Circle{{0.5, 0}, 0}, Motion{}).hit);
  const CastHit across = cast(Segment{{0, -2}, {1, -2}}, Motion{{0, 4}, 0}, Circle{{0.5, 0}, 0}, Motion{});
  EXPECT_TRUE(across.hit);
  EXPECT_NEAR(across.fraction, 0.5, 0x1p-36);
}

TEST(Promises, CapsuleOverlapIsRightBeyond2To40SAndExactWhenTheCoresCross) {
  const double S = 1e6;
  const Capsule a{{-S, 0}, {S, 0}, 1};
  // Cores parallel 3 apart, radii 1 + 2 = 3: a touch; 2^-30 S more apart is a miss, 2^-30 S nearer a hit.
  EXPECT_FALSE(overlaps(a, Capsule{{0, 3 + std::ldexp(S, -30)}, {5, 3 + std::ldexp(S, -30)}, 2}));
  EXPECT_TRUE(overlaps(a, Capsule{{0, 3 - std::ldexp(S, -30)}, {5, 3 - std::ldexp(S, -30)}, 2}));
  // Cores crossing (radius 0): decided exactly, also at a grazing angle.
  EXPECT_TRUE(overlaps(Capsule{{-S, -1e-9}, {S, 1e-9}, 0}, Capsule{{-S, 1e-9}, {S, -1e-9}, 0}));
  EXPECT_TRUE(overlaps(Capsule{{0, 0}, {1, 0}, 0}, Segment{{1, 0}, {1, 5}}));  // an end touching
  EXPECT_FALSE(overlaps(Capsule{{0, 0}, {1, 0}, 0}, Segment{{std::nextafter(1.0, 2.0), 0}, {1, 5}}));
}

}  // namespace
