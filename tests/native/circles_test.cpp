// Aabb vs Aabb, circle vs circle, circle vs line (exact tangent test) and circle vs segment.
#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace {

using namespace collide2d;

constexpr double kTol = 1e-12;

double up(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()); }
double down(double x) { return std::nextafter(x, -std::numeric_limits<double>::infinity()); }

TEST(AabbPair, OverlapIsClosed) {
  const Aabb a{{0, 0}, {2, 2}};
  EXPECT_TRUE(overlaps(a, Aabb{{1, 1}, {3, 3}}));
  EXPECT_TRUE(overlaps(a, Aabb{{2, 0}, {3, 1}}));  // touching edge
  EXPECT_TRUE(overlaps(a, Aabb{{2, 2}, {3, 3}}));  // touching corner
  EXPECT_FALSE(overlaps(a, Aabb{{up(2), 0}, {3, 1}}));
  EXPECT_FALSE(overlaps(a, Aabb{{0, -3}, {2, down(0)}}));
  EXPECT_TRUE(overlaps(a, Aabb::fromTopLeft({-1, -1}, 1, 1)));
}

TEST(AabbPair, CollideUsesAxisOfLeastOverlap) {
  const Aabb a{{0, 0}, {4, 4}};
  // Overlap 1 in x, 3 in y: x axis, B to the right.
  Contact c = collide(a, Aabb{{3, 1}, {6, 4}});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{1, 0}));
  EXPECT_EQ(c.depth, 1.0);
  EXPECT_EQ(c.point, (Vec2{3, 2.5}));  // B's left face, middle of the shared y range [1, 4]
  // B below-left, least overlap in y: normal -y.
  c = collide(a, Aabb{{-1, -3}, {3, 0.5}});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{0, -1}));
  EXPECT_EQ(c.depth, 0.5);
  EXPECT_EQ(c.point, (Vec2{1.5, 0.5}));  // B's top face, middle of the shared x range [0, 3]
  // Tie in overlap: x first.
  c = collide(a, Aabb{{3, 3}, {5, 5}});
  EXPECT_EQ(c.normal, (Vec2{1, 0}));
  EXPECT_EQ(c.depth, 1.0);
  // Same centre: + direction by convention; the depth is the push that separates them (3), not the shared length.
  c = collide(a, Aabb{{1, 0}, {3, 4}});
  EXPECT_EQ(c.normal, (Vec2{1, 0}));
  EXPECT_EQ(c.depth, 3.0);
  // B inside A, near A's left side: pushed out to the left by 2.
  c = collide(Aabb{{0, 0}, {10, 10}}, Aabb{{1, 4}, {2, 6}});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{-1, 0}));
  EXPECT_EQ(c.depth, 2.0);
  EXPECT_EQ(c.point, (Vec2{2, 5}));
  EXPECT_EQ(collide(Aabb{{0, 0}, {10, 10}}, Aabb{{1 - 2.0, 4}, {2 - 2.0, 6}}).depth, 0.0);
  // Moving B by normal * depth leaves them touching.
  c = collide(a, Aabb{{-2, 1}, {0.5, 2}});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{-1, 0}));
  const Aabb moved{{-2 + c.normal.x * c.depth, 1}, {0.5 + c.normal.x * c.depth, 2}};
  EXPECT_TRUE(overlaps(a, moved));
  EXPECT_EQ(collide(a, moved).depth, 0.0);
  // Touching: hit with depth 0. Apart: all zero.
  c = collide(a, Aabb{{4, 0}, {5, 1}});
  EXPECT_TRUE(c.hit);
  EXPECT_EQ(c.depth, 0.0);
  c = collide(a, Aabb{{5, 0}, {6, 1}});
  EXPECT_FALSE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{0, 0}));
  EXPECT_EQ(c.depth, 0.0);
}

TEST(CirclePair, OverlapAndCollide) {
  EXPECT_TRUE(overlaps(Circle{{0, 0}, 1}, Circle{{2, 0}, 1}));  // touching
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 1}, Circle{{up(2), 0}, 1}));
  Contact c = collide(Circle{{0, 0}, 1}, Circle{{1.5, 0}, 1});
  ASSERT_TRUE(c.hit);
  EXPECT_NEAR(c.normal.x, 1, kTol);
  EXPECT_NEAR(c.normal.y, 0, kTol);
  EXPECT_NEAR(c.depth, 0.5, kTol);
  EXPECT_NEAR(c.point.x, 0.5, kTol);
  c = collide(Circle{{1, 1}, 2}, Circle{{4, 5}, 3});
  ASSERT_TRUE(c.hit);
  EXPECT_NEAR(c.normal.x, 0.6, kTol);
  EXPECT_NEAR(c.normal.y, 0.8, kTol);
  EXPECT_NEAR(c.depth, 0.0, kTol);
  EXPECT_NEAR(c.point.x, 4 - 1.8, kTol);
  EXPECT_NEAR(c.point.y, 5 - 2.4, kTol);
  c = collide(Circle{{3, 3}, 1}, Circle{{3, 3}, 2});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(c.normal, (Vec2{1, 0}));
  EXPECT_EQ(c.depth, 3.0);
  EXPECT_EQ(c.point, (Vec2{1, 3}));
  EXPECT_FALSE(collide(Circle{{0, 0}, 1}, Circle{{3, 0}, 1}).hit);
  // Tiny separation, still a proper unit normal.
  c = collide(Circle{{0, 0}, 1}, Circle{{0, 1e-200}, 1});
  ASSERT_TRUE(c.hit);
  EXPECT_NEAR(c.normal.y, 1.0, kTol);
  EXPECT_NEAR(c.depth, 2.0, kTol);
}

TEST(CircleLine, SecantAndMiss) {
  const CircleLineIntersection r = intersect(Circle{{0, 0}, 5}, Line{{-10, 3}, {10, 3}});
  ASSERT_EQ(r.count, 2);
  EXPECT_NEAR(r.t1, 0.3, kTol);
  EXPECT_NEAR(r.t2, 0.7, kTol);
  EXPECT_NEAR(r.p1.x, -4, kTol);
  EXPECT_NEAR(r.p2.x, 4, kTol);
  EXPECT_NEAR(r.p1.y, 3, kTol);
  // Reversed line: parameters follow the line's own direction, t1 <= t2 still.
  const CircleLineIntersection s = intersect(Circle{{0, 0}, 5}, Line{{10, 3}, {-10, 3}});
  ASSERT_EQ(s.count, 2);
  EXPECT_NEAR(s.t1, 0.3, kTol);
  EXPECT_NEAR(s.p1.x, 4, kTol);
  EXPECT_EQ(intersect(Circle{{0, 0}, 5}, Line{{-10, 6}, {10, 6}}).count, 0);
  // Roots outside [0, 1] are fine for a line.
  const CircleLineIntersection t = intersect(Circle{{0, 0}, 1}, Line{{2, 0}, {3, 0}});
  ASSERT_EQ(t.count, 2);
  EXPECT_NEAR(t.t1, -3, kTol);
  EXPECT_NEAR(t.t2, -1, kTol);
  EXPECT_EQ(intersect(Circle{{0, 0}, 1}, Line{{2, 2}, {2, 2}}).count, 0);  // degenerate line
}

TEST(CircleLine, TangentIsExact) {
  // Integer tangent.
  CircleLineIntersection r = intersect(Circle{{0, 0}, 5}, Line{{-10, 5}, {10, 5}});
  ASSERT_EQ(r.count, 1);
  EXPECT_EQ(r.t1, r.t2);
  EXPECT_NEAR(r.t1, 0.5, kTol);
  EXPECT_NEAR(r.p1.y, 5, kTol);
  // Decimal inputs. 0.5 - 0.2 is computed exactly (Sterbenz) and equals the double 0.3, so the line y = 0.5 is
  // exactly tangent to the circle at (0.1, 0.2) with radius 0.3; one ulp less misses, one ulp more crosses twice.
  r = intersect(Circle{{0.1, 0.2}, 0.3}, Line{{-1, 0.5}, {1, 0.5}});
  ASSERT_EQ(r.count, 1);
  EXPECT_NEAR(r.p1.x, 0.1, 1e-15);
  EXPECT_EQ(intersect(Circle{{0.1, 0.2}, down(0.3)}, Line{{-1, 0.5}, {1, 0.5}}).count, 0);
  EXPECT_EQ(intersect(Circle{{0.1, 0.2}, up(0.3)}, Line{{-1, 0.5}, {1, 0.5}}).count, 2);
  // But the doubles 0.4 - 0.1 exceed the double 0.3 (by 1.7e-17): the line y = 0.4 misses the circle at
  // (0.1, 0.1) with radius 0.3, although in decimal it would be tangent.
  EXPECT_EQ(intersect(Circle{{0.1, 0.1}, 0.3}, Line{{-1, 0.4}, {1, 0.4}}).count, 0);
  EXPECT_EQ(intersect(Circle{{0.1, 0.1}, up(0.3)}, Line{{-1, 0.4}, {1, 0.4}}).count, 2);
  // Diagonal tangent: circle at the origin, radius 5, line through (5, 0) and (5 + 3, -4)... use the 3-4-5
  // tangent line through (3, 4) perpendicular to (3, 4): points (3 - 4k, 4 + 3k).
  r = intersect(Circle{{0, 0}, 5}, Line{{3 + 4, 4 - 3}, {3 - 8, 4 + 6}});
  ASSERT_EQ(r.count, 1);
  EXPECT_NEAR(r.p1.x, 3, 1e-12);
  EXPECT_NEAR(r.p1.y, 4, 1e-12);
  EXPECT_EQ(intersect(Circle{{0, 0}, down(5)}, Line{{7, 1}, {-5, 10}}).count, 0);
  EXPECT_EQ(intersect(Circle{{0, 0}, up(5)}, Line{{7, 1}, {-5, 10}}).count, 2);
}

// Random horizontal and vertical tangents with arbitrary doubles (Sterbenz: y - cy is exact when cy is within a
// factor of two of y), and one ulp either way: exactly 1, 0 and 2 crossings.
TEST(CircleLine, RandomTangentsAreExact) {
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> u(0.5, 1.0);
  std::uniform_real_distribution<double> x(-1e3, 1e3);
  std::uniform_int_distribution<int> ex(-20, 20);
  for (int n = 0; n < 3000; ++n) {
    const double scale = std::ldexp(1.0, ex(rng));
    const double y = u(rng) * scale * 2;   // in [scale, 2 scale)
    const double cy = u(rng) * scale * 2;  // also in [scale, 2 scale)
    if (cy >= y) continue;
    const double r = y - cy;  // exact
    const double cx = x(rng) * scale;
    const bool vertical = n % 2 == 1;
    const Circle c = vertical ? Circle{{cy, cx}, r} : Circle{{cx, cy}, r};
    const Line l = vertical ? Line{{y, cx - 3 * scale}, {y, cx + 0.7 * scale}}
                            : Line{{cx - 3 * scale, y}, {cx + 0.7 * scale, y}};
    const CircleLineIntersection t = intersect(c, l);
    ASSERT_EQ(t.count, 1) << n;
    ASSERT_EQ(t.t1, t.t2);
    ASSERT_EQ(intersect(Circle{c.center, down(r)}, l).count, 0) << n;
    ASSERT_EQ(intersect(Circle{c.center, up(r)}, l).count, 2) << n;
  }
}

TEST(CircleSegment, Seed002Cases) {
  const Circle c{{0, 0}, 1};
  // Starts inside, leaves once.
  CircleSegmentIntersection r = intersect(c, Segment{{0, 0}, {2, 0}});
  ASSERT_EQ(r.count, 1);
  EXPECT_NEAR(r.t[0], 0.5, kTol);
  EXPECT_NEAR(r.points[0].x, 1, kTol);
  EXPECT_TRUE(r.overlaps);
  EXPECT_EQ(r.closest, (Vec2{0, 0}));
  EXPECT_EQ(r.distance, 0.0);
  // Through: two crossings ordered from the segment's start.
  r = intersect(c, Segment{{2, 0}, {-2, 0}});
  ASSERT_EQ(r.count, 2);
  EXPECT_NEAR(r.t[0], 0.25, kTol);
  EXPECT_NEAR(r.t[1], 0.75, kTol);
  EXPECT_NEAR(r.points[0].x, 1, kTol);
  EXPECT_NEAR(r.points[1].x, -1, kTol);
  EXPECT_NEAR(r.closestT, 0.5, kTol);
  // Entirely inside: no crossing, but it overlaps.
  r = intersect(c, Segment{{-0.5, 0}, {0.5, 0.2}});
  EXPECT_EQ(r.count, 0);
  EXPECT_TRUE(r.overlaps);
  // Crossings on the extension only.
  r = intersect(c, Segment{{2, 0}, {3, 0}});
  EXPECT_EQ(r.count, 0);
  EXPECT_FALSE(r.overlaps);
  EXPECT_EQ(r.closest, (Vec2{2, 0}));
  EXPECT_EQ(r.closestT, 0.0);
  EXPECT_NEAR(r.distance, 2, kTol);
  // Tangent counts once.
  r = intersect(c, Segment{{-1, 1}, {1, 1}});
  ASSERT_EQ(r.count, 1);
  EXPECT_NEAR(r.t[0], 0.5, kTol);
  EXPECT_TRUE(r.overlaps);
  // Zero-length segment: no crossing even on the circle; overlaps by distance.
  r = intersect(c, Segment{{1, 0}, {1, 0}});
  EXPECT_EQ(r.count, 0);
  EXPECT_TRUE(r.overlaps);
  r = intersect(c, Segment{{0.2, 0}, {0.2, 0}});
  EXPECT_EQ(r.count, 0);
  EXPECT_TRUE(r.overlaps);
  EXPECT_FALSE(intersect(c, Segment{{2, 0}, {2, 0}}).overlaps);
  // Endpoint exactly on the circle.
  r = intersect(c, Segment{{3, 0}, {1, 0}});
  ASSERT_EQ(r.count, 1);
  EXPECT_EQ(r.t[0], 1.0);
  EXPECT_TRUE(overlaps(c, Segment{{3, 0}, {1, 0}}));
}

TEST(CircleSegment, OverlapsAgreesWithIntersectAndCollide) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> u(-3, 3);
  int hits = 0;
  for (int n = 0; n < 5000; ++n) {
    const Circle c{{u(rng), u(rng)}, std::fabs(u(rng))};
    Segment s{{u(rng), u(rng)}, {u(rng), u(rng)}};
    if (n % 7 == 0) s.b = s.a;
    if (n % 5 == 0) {  // near tangent horizontal segments
      s.a.y = s.b.y = c.center.y + c.radius;
    }
    const CircleSegmentIntersection r = intersect(c, s);
    ASSERT_EQ(overlaps(c, s), r.overlaps) << n;
    ASSERT_EQ(collide(c, s).hit, r.overlaps) << n;
    if (r.count > 0) {
      ASSERT_TRUE(r.overlaps);
    }
    for (int i = 0; i < r.count; ++i) {
      ASSERT_GE(r.t[i], 0.0);
      ASSERT_LE(r.t[i], 1.0);
      ASSERT_NEAR(distance(r.points[i], c.center), c.radius, 1e-9);
    }
    if (r.count == 2) {
      ASSERT_LE(r.t[0], r.t[1]);
    }
    hits += r.overlaps;
  }
  EXPECT_GT(hits, 1000);
}

TEST(CircleSegment, Collide) {
  // Circle above a horizontal segment: normal points from the circle down to the segment.
  Contact k = collide(Circle{{0, 1}, 2}, Segment{{-5, 0}, {5, 0}});
  ASSERT_TRUE(k.hit);
  EXPECT_NEAR(k.normal.x, 0, kTol);
  EXPECT_NEAR(k.normal.y, -1, kTol);
  EXPECT_NEAR(k.depth, 1, kTol);
  EXPECT_NEAR(k.point.x, 0, kTol);
  EXPECT_NEAR(k.point.y, 0, kTol);
  // Closest point at an endpoint.
  k = collide(Circle{{0, 0}, 5}, Segment{{3, 0}, {10, 0}});
  ASSERT_TRUE(k.hit);
  EXPECT_NEAR(k.normal.x, 1, kTol);
  EXPECT_NEAR(k.depth, 2, kTol);
  EXPECT_EQ(k.point, (Vec2{3, 0}));
  // Centre on the segment: left normal of a -> b, depth r.
  k = collide(Circle{{1, 1}, 0.5}, Segment{{0, 1}, {4, 1}});
  ASSERT_TRUE(k.hit);
  EXPECT_EQ(k.normal, (Vec2{0, 1}));
  EXPECT_EQ(k.depth, 0.5);
  EXPECT_EQ(k.point, (Vec2{1, 1}));
  k = collide(Circle{{1, 1}, 0.5}, Segment{{1, 1}, {1, 1}});
  ASSERT_TRUE(k.hit);
  EXPECT_EQ(k.normal, (Vec2{1, 0}));
  EXPECT_EQ(k.depth, 0.5);
  // Touching: hit, depth 0.
  k = collide(Circle{{0, 0}, 1}, Segment{{-1, 1}, {1, 1}});
  ASSERT_TRUE(k.hit);
  EXPECT_NEAR(k.depth, 0, kTol);
  EXPECT_FALSE(collide(Circle{{0, 0}, 1}, Segment{{-1, up(1)}, {1, up(1)}}).hit);
}

// A segment far shorter than the centre's distance (2^-459 against 2^91): the rescaled foot parameter underflows and
// clamps to a, although the centre lies past b. The contact must still point from b to the centre, with the depth
// r - |c - b|, and the manifold's point moved by normal * depth must land back on the segment (query_fuzz finding).
TEST(CircleSegment, TinySegmentFarCentrePastTheOtherEnd) {
  const Segment s{{0, 0}, {0, 0x1.802p-459}};
  const Circle c{{0, 0x1.2p+91}, 0x1.0000000000003p+110};
  const Contact k = collide(c, s);
  ASSERT_TRUE(k.hit);
  EXPECT_EQ(k.normal, (Vec2{0, -1}));
  EXPECT_EQ(k.point, s.b);
  EXPECT_EQ(k.depth, c.radius - (c.center.y - s.b.y));
  const Contact r = collide(s, c);
  EXPECT_EQ(r.normal, (Vec2{0, 1}));
  EXPECT_EQ(r.depth, k.depth);
  const Manifold m = collideManifold(s, c);
  ASSERT_EQ(m.count, 1);
  EXPECT_EQ(m.normal.y, 1.0);
  const Vec2 back = m.points[0].point + m.normal * m.points[0].depth;
  EXPECT_LE(std::fabs(back.x), 0x1p-400);
  EXPECT_LE(std::fabs(back.y), 0x1p+40);  // on the segment within 2^-51 of the scale 2^91
  // The mirror: centre past a with the segment reversed.
  const Contact m2 = collide(c, Segment{s.b, s.a});
  EXPECT_EQ(m2.normal, (Vec2{0, -1}));
  EXPECT_EQ(m2.point, s.b);
}

TEST(CircleShapes, NonFiniteInputIsDefined) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(overlaps(Aabb{{nan, 0}, {1, 1}}, Aabb{{0, 0}, {1, 1}}));
  EXPECT_FALSE(collide(Aabb{{0, 0}, {1, 1}}, Aabb{{nan, 0}, {1, 1}}).hit);
  EXPECT_FALSE(collide(Circle{{nan, 0}, 1}, Circle{{0, 0}, 1}).hit);
  EXPECT_EQ(intersect(Circle{{0, 0}, nan}, Line{{-1, 0}, {1, 0}}).count, 0);
  EXPECT_EQ(intersect(Circle{{0, 0}, 1}, Line{{-inf, 0}, {inf, 0}}).count, 0);
  (void)intersect(Circle{{0, 0}, inf}, Segment{{-1, 0}, {1, 0}});
  (void)collide(Circle{{nan, nan}, 1}, Segment{{-1, 0}, {1, 0}});
  (void)overlaps(Circle{{0, 0}, 1}, Segment{{nan, 0}, {1, 0}});
}

}  // namespace
