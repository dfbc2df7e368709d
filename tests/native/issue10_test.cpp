// Regression tests for the wrong answers of issue 10 (each reproducer as reported, then the rule it pins; issue 12's
// fuzz finding at the end), and for the exact touches the header promises. Expected values are derived by hand or in
// exact rational arithmetic (noted per test), never copied from the implementation.
#include <collide2d/collide2d.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using namespace collide2d;

Polygon make(std::vector<Vec2> pts) {
  Polygon p;
  EXPECT_TRUE(Polygon::create(pts, p).ok());
  return p;
}

// Long double distance from p to segment [a, b].
long double segmentDistance(Vec2 p, Vec2 a, Vec2 b) {
  const long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y;
  const long double wx = (long double)p.x - a.x, wy = (long double)p.y - a.y;
  const long double l2 = ex * ex + ey * ey;
  long double t = l2 > 0 ? (wx * ex + wy * ey) / l2 : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  const long double dx = wx - t * ex, dy = wy - t * ey;
  return std::sqrt(dx * dx + dy * dy);
}

// -- item 1: circle centre within rounding of a segment ------------------------------------------------------------

TEST(Issue10, Item1CircleCentreWithinRoundingOfASegmentUsesItsPerpendicular) {
  // The centre (1, fl(1/3)) is exactly a hair below the line y = x / 3 (fl(1/3) < 1/3, so orient((0,0),(3,1), c)
  // = 3 fl(1/3) - 1 < 0): the segment lies on the centre's left, and the normal from the circle to the segment is
  // the left perpendicular of (3, 1), (-1, 3) / sqrt(10). Depth: r minus a distance of about 2e-17.
  const Circle c{{1, 1.0 / 3.0}, 1};
  const Segment s{{0, 0}, {3, 1}};
  const Contact k = collide(c, s);
  ASSERT_TRUE(k.hit);
  EXPECT_NEAR(k.normal.x, -1 / std::sqrt(10.0), 1e-15);
  EXPECT_NEAR(k.normal.y, 3 / std::sqrt(10.0), 1e-15);
  EXPECT_NEAR(k.depth, 1.0, 1e-15);
  // Moving the segment by normal * depth leaves it touching the circle (distance r within rounding).
  const Vec2 push = k.normal * k.depth;
  EXPECT_NEAR((double)segmentDistance(c.center, s.a + push, s.b + push), 1.0, 1e-15);
  // The generic dispatch in both orders agrees.
  const Contact ba = collide(Shape{s}, Shape{c});
  EXPECT_EQ(ba.normal.x, -k.normal.x);
  EXPECT_EQ(ba.normal.y, -k.normal.y);
}

TEST(Issue10, Item1CentreJustOnEitherSideOfASegmentPushesAwayFromThatSide) {
  // Centres an ulp above and below the segment (0,0)-(1,0): the normal points from the centre to the segment.
  const Segment s{{0, 0}, {1, 0}};
  const Contact above = collide(Circle{{0.5, 0x1p-1074}, 1}, s);
  ASSERT_TRUE(above.hit);
  EXPECT_EQ(above.normal, (Vec2{0, -1}));
  const Contact below = collide(Circle{{0.5, -0x1p-1074}, 1}, s);
  ASSERT_TRUE(below.hit);
  EXPECT_EQ(below.normal, (Vec2{0, 1}));
  // Exactly on it: the segment's left normal, by convention.
  const Contact on = collide(Circle{{0.5, 0}, 1}, s);
  ASSERT_TRUE(on.hit);
  EXPECT_EQ(on.normal, (Vec2{0, 1}));
  EXPECT_EQ(on.depth, 1.0);
}

// -- item 2: raycast against a circle from far away -----------------------------------------------------------------

TEST(Issue10, Item2FarRayPassingBesideACircleMisses) {
  // The line through (1e9, 1e9 + 12) along (-1, -1) is x - y = -12: distance 12 / sqrt(2) = 8.49 > 3.5.
  const RayHit h = raycast(Ray{{1e9, 1e9 + 12}, {-1, -1}}, Circle{{0, 0}, 3.5});
  EXPECT_FALSE(h.hit);
}

TEST(Issue10, Item2FarRayStraightAtACircleHasAnAccurateFraction) {
  // From (1e9, 0) along (-1, 0): the circle's boundary at x = 3.5 is reached at t = 1e9 - 3.5 (exact in double).
  const RayHit h = raycast(Ray{{1e9, 0}, {-1, 0}}, Circle{{0, 0}, 3.5});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 999999996.5);
  EXPECT_EQ(h.point, (Vec2{3.5, 0}));
  EXPECT_EQ(h.normal, (Vec2{1, 0}));
}

TEST(Issue10, Item2RayExactlyTangentToACircleIsAHit) {
  // y = 1 touches the unit circle at (0, 1): touching counts, from near and from far.
  for (const double x : {-3.0, -1e9}) {
    const RayHit h = raycast(Ray{{x, 1}, {1, 0}}, Circle{{0, 0}, 1});
    ASSERT_TRUE(h.hit) << x;
    EXPECT_EQ(h.fraction, -x);
    EXPECT_EQ(h.point, (Vec2{0, 1}));
  }
  // One ulp further out: a miss.
  EXPECT_FALSE(raycast(Ray{{-3, std::nextafter(1.0, 2.0)}, {1, 0}}, Circle{{0, 0}, 1}).hit);
}

// -- item 3: box-box exact touch symmetric ---------------------------------------------------------------------------

TEST(Issue10, Item3BoxBoxExactTouchIsAHitInBothOrders) {
  // A = [-94.6, 0] x [-1, 1], B = [0, 2e6] x [-1, 1]: A's right side is -47.3 + 47.3 = 0, B's left 1e6 - 1e6 = 0.
  const Box a{{-47.3, 0}, {47.3, 1}, 0};
  const Box b{{1e6, 0}, {1e6, 1}, 0};
  EXPECT_TRUE(overlaps(a, b));
  EXPECT_TRUE(overlaps(b, a));
  const Contact ab = collide(a, b), ba = collide(b, a);
  ASSERT_TRUE(ab.hit);
  ASSERT_TRUE(ba.hit);
  EXPECT_EQ(ab.depth, 0.0);
  EXPECT_EQ(ba.depth, 0.0);
  EXPECT_EQ(ab.normal, (Vec2{1, 0}));
  EXPECT_EQ(ba.normal, (Vec2{-1, 0}));
  EXPECT_TRUE(overlaps(Shape{a}, Shape{b}));
  EXPECT_TRUE(overlaps(Shape{b}, Shape{a}));
  // One ulp apart (B's centre and extent both moved so that its left side is 2^-1074... not representable; move
  // its centre by an ulp instead): apart in both orders.
  const Box c{{std::nextafter(1e6, 2e6), 0}, {1e6, 1}, 0};  // left side 1e6 + ulp - 1e6 = ulp(1e6) > 0
  EXPECT_FALSE(overlaps(a, c));
  EXPECT_FALSE(overlaps(c, a));
}

// -- item 5: ray against a needle polygon ----------------------------------------------------------------------------

TEST(Issue10, Item5RayPassingANeedlePolygonMisses) {
  // The needle (2.75, 999988), (-0.625, 499995.75), (-4, 3.5000000001) has area 1519965 / 2^53 (exact). In exact
  // rationals the ray's entry parameter exceeds its exit parameter (they agree to 16 digits): a miss. The old
  // clipping on rounded unit normals reported a hit near (-2.9e9, -4.3e14), far outside.
  const Polygon p = make({{2.75, 999988}, {-0.625, 499995.75}, {-4, 3.5000000001}});
  const RayHit h = raycast(Ray{{999988, -1e15}, {-5, 999988}}, p);
  EXPECT_FALSE(h.hit) << h.point.x << " " << h.point.y;
}

TEST(Issue10, Item5RayHitPointIsOnTheNeedle) {
  // The same needle hit squarely from the left along +x at y = 499995.75: it enters through the edge from
  // (-4, 3.5000000001) to (2.75, 999988) or at the middle vertex (-0.625, 499995.75), i.e. at x = -0.625.
  const Polygon p = make({{2.75, 999988}, {-0.625, 499995.75}, {-4, 3.5000000001}});
  const RayHit h = raycast(Ray{{-1e6, 499995.75}, {1, 0}}, p);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.point.x, -0.625, 1e-9);
  EXPECT_EQ(h.point.y, 499995.75);
}

// -- item 6: a circle whose centre lies exactly on a wall ----------------------------------------------------------

TEST(Issue10, Item6CentreOnAWallLeavesFreelyInEitherDirection) {
  const std::vector<Segment> walls = {{{-5, 0}, {5, 0}}};
  for (const Vec2 d : {Vec2{0, 1}, Vec2{0, -1}, Vec2{1, 0}, Vec2{-3, 2}}) {
    const SweepHit h = sweep(Circle{{0, 0}, 1}, d, walls);
    EXPECT_FALSE(h.hit) << d.x << " " << d.y;
    EXPECT_EQ(h.position, d);
    const SlideResult s = moveAndSlide(Circle{{0, 0}, 1}, d, walls);
    EXPECT_EQ(s.position, d);
    EXPECT_EQ(s.contacts, 0);
    EXPECT_EQ(s.pathCount, 2);
  }
  // On a wall's endpoint, and on a point wall: the same.
  const std::vector<Segment> end = {{{0, 0}, {5, 0}}};
  EXPECT_FALSE(sweep(Circle{{0, 0}, 1}, {3, 0}, end).hit);
  const std::vector<Segment> point = {{{0, 0}, {0, 0}}};
  EXPECT_FALSE(sweep(Circle{{0, 0}, 1}, {0, 2}, point).hit);
  // An ulp off the wall is not "on" it: moving towards the wall is moving in.
  const SweepHit in = sweep(Circle{{0, 0x1p-1074}, 1}, {0, -1}, walls);
  EXPECT_TRUE(in.hit);
  EXPECT_EQ(in.time, 0.0);
}

// -- item 8: no negative zeros; exact fractions ---------------------------------------------------------------------

bool hasNegativeZero(Vec2 v) {
  return (v.x == 0.0 && std::signbit(v.x)) || (v.y == 0.0 && std::signbit(v.y));
}

TEST(Issue10, Item8NoNormalHasANegativeZeroComponent) {
  // Every shape pair in both orders, B placed in 8 directions around A (overlapping and touching), and rays and
  // sweeps from those directions: no normal component is -0.
  const Vec2 dirs[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
  int checked = 0;
  for (const Vec2 dir : dirs) {
    for (const double reach : {0.5, 1.0, 2.0}) {
      const Vec2 o = dir * reach;
      const Shape shapes[] = {Circle{o, 1}, Aabb{o - Vec2{1, 1}, o + Vec2{1, 1}}, Box{o, {1, 1}, 0},
                              Polygon::fromAabb(Aabb{o - Vec2{1, 1}, o + Vec2{1, 1}}), Segment{o - Vec2{1, 0}, o + Vec2{1, 0}},
                              Segment{o - Vec2{0, 1}, o + Vec2{0, 1}}};
      const Shape origin[] = {Circle{{0, 0}, 1}, Aabb{{-1, -1}, {1, 1}}, Box{{0, 0}, {1, 1}, 0},
                              Polygon::fromAabb(Aabb{{-1, -1}, {1, 1}}), Segment{{-1, 0}, {1, 0}}};
      for (const Shape& a : origin) {
        for (const Shape& b : shapes) {
          for (const Contact c : {collide(a, b), collide(b, a)}) {
            if (!c.hit) continue;
            ++checked;
            EXPECT_FALSE(hasNegativeZero(c.normal)) << c.normal.x << " " << c.normal.y;
          }
        }
        const RayHit h = raycast(Ray{o * 3, -dir}, a);
        if (h.hit) {
          ++checked;
          EXPECT_FALSE(hasNegativeZero(h.normal)) << h.normal.x << " " << h.normal.y;
        }
      }
      const Segment walls[] = {{{-1, -1}, {1, -1}}, {{1, -1}, {1, 1}}, {{1, 1}, {-1, 1}}, {{-1, 1}, {-1, -1}}};
      const SweepHit s = sweep(Circle{o * 4, 0.5}, -dir * 8, walls);
      if (s.hit) {
        ++checked;
        EXPECT_FALSE(hasNegativeZero(s.normal)) << s.normal.x << " " << s.normal.y;
      }
      const SlideResult m = moveAndSlide(Circle{o * 4, 0.5}, -dir * 8, walls);
      EXPECT_FALSE(hasNegativeZero(m.lastNormal));
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(Issue10, Item8AabbRaycastFractionIsTheCorrectlyRoundedQuotient) {
  // From 0 along 5 to the face at 3: 3 / 5 rounds to the double 0.6 (3 * (1/5) gave 0.6000000000000001).
  const RayHit h = raycast(Ray{{0, 0}, {5, 0}}, Aabb{{3, -1}, {4, 1}});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 0.6);
  const RayHit v = raycast(Ray{{0, 0}, {0, -5}}, Aabb{{-1, -4}, {1, -3}});
  ASSERT_TRUE(v.hit);
  EXPECT_EQ(v.fraction, 0.6);
  const RayHit b = raycast(Ray{{0, 0}, {5, 0}}, Box{{3.5, 0}, {0.5, 1}, 0});
  ASSERT_TRUE(b.hit);
  EXPECT_EQ(b.fraction, 0.6);
}

// -- exact touches (issue 10's reproducers) --------------------------------------------------------------------------

TEST(Issue10, PolygonVertexExactlyOnAnEdgeIsAHitInBothOrders) {
  // b's last vertex lies exactly on a's edge from its 4th to its 5th vertex: orient(a[3], a[4], b[3]) == 0 (exact,
  // checked here with the exact predicate and, independently, in rationals by tests/cases/tools/gen_touch.py).
  const std::vector<Vec2> pa = {{12.42578125, -15.2421875}, {13.70703125, -18.3828125}, {15.37109375, -19.81640625},
                                {17.16796875, -20.50390625}, {20.06640625, -20.3828125}};
  const std::vector<Vec2> pb = {{16.149169921875, -22.1796875}, {19.296875, -23.681396484375},
                                {20.36865234375, -23.273681640625}, {18.07373046875, -20.466064453125}};
  ASSERT_EQ(orient(pa[3], pa[4], pb[3]), 0);
  const Polygon a = make(pa), b = make(pb);
  EXPECT_TRUE(overlaps(a, b));
  EXPECT_TRUE(overlaps(b, a));
  const Contact ab = collide(a, b), ba = collide(b, a);
  ASSERT_TRUE(ab.hit);
  ASSERT_TRUE(ba.hit);
  EXPECT_EQ(ab.depth, 0.0);
  EXPECT_EQ(ba.depth, 0.0);
  PreparedPolygon qa, qb;
  qa.assign(a);
  qb.assign(b);
  EXPECT_TRUE(overlaps(qa, qb));
  EXPECT_TRUE(overlaps(qb, qa));
  EXPECT_TRUE(collide(qa, qb).hit);
  EXPECT_TRUE(collide(qb, qa).hit);
  SatTrace trace;
  EXPECT_TRUE(collide(a, b, &trace).hit);
  EXPECT_EQ(trace.separatingAxis, -1);
  // b moved down by 2^-40 (exactly representable at these magnitudes): apart in every path.
  const Polygon c = b.transformed(Transform{{0, -0x1p-40}, 0});
  EXPECT_FALSE(overlaps(a, c));
  EXPECT_FALSE(overlaps(c, a));
}

TEST(Issue10, SweepExactlyParallelToAWallAtDistanceRIsNotAHit) {
  // The wall's direction (-5.125, 3.84375) is parallel to d = (4.40625, -3.3046875) (cross product exactly 0), and
  // the centre's distance to the wall's line is exactly r = 2.421875 (checked in rationals by gen_touch.py): the
  // circle slides along touching the wall, never moving into it.
  const Circle c{{-14.12890625, 3.87109375}, 2.421875};
  const Vec2 d{4.40625, -3.3046875};
  const std::vector<Segment> walls = {{{-10.31640625, -2.015625}, {-15.44140625, 1.828125}}};
  const SweepHit h = sweep(c, d, walls);
  EXPECT_FALSE(h.hit) << h.time;
  EXPECT_EQ(h.position, c.center + d);
  const SweepHit half = sweep(c, d * 0.5, walls);
  EXPECT_FALSE(half.hit) << half.time;
}

TEST(Issue10, SweepReachingAWallFaceExactlyAtTimeOneIsAHit) {
  // At t = 1 the centre is (3.73590087890625, 6.652099609375), at distance exactly r = 3.662109375 from the wall's
  // line (foot inside the wall), and it was moving in: an entry at time 1 (exact; gen_touch.py).
  const Circle c{{8.60845947265625, 13.635986328125}, 3.662109375};
  const Vec2 d{-4.87255859375, -6.98388671875};
  const std::vector<Segment> walls = {{{4.0751953125, 2.8671875}, {6.24609375, 3.68359375}}};
  const SweepHit h = sweep(c, d, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.time, 1.0);
  EXPECT_EQ(h.wall, 0);
}

// -- findings of tests/fuzz/core_fuzz.cpp (each failed before its fix) ------------------------------------------------

TEST(Issue10Fuzz, CircleAgainstANeedleNeverTakesTheFarSideEdge) {
  // A needle whose two long edges are within rounding of each other as seen from the circle: the closest edge must
  // be one the centre is outside of, so the normal from the needle to the circle faces the circle.
  const Polygon needle = make({{0x1.49494948p-325, 0x1.49494948p-325}, {0x1.b48p+9, -0x1.4148p+9},
                               {0x1.49494948p-325, 0x1.49594948p-324}});
  const Circle c{{0x1.0908p+7, 0x1.08p+5}, 0x1.0908p+7};
  const Contact k = collide(Shape{needle}, Shape{c});
  ASSERT_TRUE(k.hit);
  // The needle's direction is (873, -642.5) / |.|; the circle lies on its left: normal (642.5, 873) / |.|.
  const double len = std::hypot(0x1.b48p+9, 0x1.4148p+9);
  EXPECT_NEAR(k.normal.x, 0x1.4148p+9 / len, 1e-9);
  EXPECT_NEAR(k.normal.y, 0x1.b48p+9 / len, 1e-9);
}

TEST(Issue10Fuzz, CircleCentreWithinRoundingOfANeedlesTipUsesTheEdgeNormal) {
  // The centre is 4e-14 above the needle's tip (81.75, -48.0625), outside the needle by its edge from
  // (449.75, 449.75 + ulp) to the tip. The foot's rounded parameter on that edge clamps to the tip, and the direction from the centre to the
  // tip, (0, -1), is rounding noise: pushing the needle along it by the depth (450) left it overlapping. The exact
  // side of (c - tip) . edge says the foot lies inside the edge: the normal is the edge's own, and pushing the
  // needle by normal * depth separates it.
  const Polygon needle = make({{0x1.c1cp+8, 0x1.c1cp+8}, {0x1.c1cp+8, 0x1.c1c0000000001p+8},
                               {0x1.4700000000001p+6, -0x1.8080000000003p+5}});
  const Circle c{{0x1.4700000000001p+6, -0x1.807fffffffffep+5}, 0x1.c1cp+8};
  const Contact k = collide(c, needle);
  ASSERT_TRUE(k.hit);
  // The edge from (449.75, 449.75 + ulp) to the tip runs along (-368, -497.8125) / |.|; its outward normal is
  // (-497.8125, 368) / |.| (up to the ulp), and the contact normal from the circle to the needle is minus that.
  const double len = std::hypot(368.0, 497.8125);
  EXPECT_NEAR(k.normal.x, 497.8125 / len, 1e-12);
  EXPECT_NEAR(k.normal.y, -368.0 / len, 1e-12);
  EXPECT_NEAR(k.depth, 449.75, 1e-12);
  std::vector<Vec2> moved;
  for (const Vec2 v : needle.vertices()) moved.push_back(v + k.normal * (k.depth * (1 + 1e-9)));
  EXPECT_FALSE(overlaps(c, make(moved)));
}

TEST(Issue10Fuzz, CircleAgainstAPolygonBeyondTheRangeAgreesWithOverlaps) {
  // A polygon spanning 1.8e307 (beyond the promised range): the foot parameter of the point circle at the origin is
  // inf / inf = NaN. collide() then took the edge-normal branch with a NaN distance and reported a hit that
  // overlaps() does not: the branch now asks distanceSquared <= r^2, as overlaps() does.
  const double xs[] = {-0x1.f5400ebebebebp+1019, -0x1.ed6b0e83c3c3bp+1019, -0x1.9f190c35f5f5ep+1019,
                       -0x1.701b0ad41414p+1019,  -0x1.48f209ad2d2d2p+1019, -0x1.299e08c141414p+1019,
                       -0x1.21c9088646464p+1019, -0x1.121f081050504p+1019, -0x1.0a4a07d555555p+1019,
                       -0x1.0275079a5a5a5p+1019, -0x1.d5ec0dd2d2d2cp+1018, -0x1.c6420d5cdcdccp+1018,
                       -0x1.a6ee0c70f0f0ep+1018, -0x1.97440bfafafaep+1018, -0x1.0a4a07d555554p+1018,
                       -0x1.f5400ebebebe8p+1016, 0.0, -0x1.589c0a2323232p+1019, -0x1.ce170d97d7d7dp+1019,
                       -0x1.e5960e48c8c8cp+1019};
  const double ys[] = {0.0, 0x1.0000002000036p-6, 0x1.6000002c0004ap-3, 0x1.1000002200039p-2, 0x1.6000002c0004ap-2,
                       0x1.a000003400058p-2, 0x1.b00000360005bp-2, 0x1.d000003a00062p-2, 0x1.e000003c00065p-2,
                       0x1.f000003e00069p-2, 0x1.1000002200039p-1, 0x1.180000230003bp-1, 0x1.280000250003ep-1,
                       0x1.300000260004p-1, 0x1.7800002f0004fp-1, 0x1.c00000380005ep-1, 0x1.0000002000036p+0,
                       0x1.4000002800044p-2, 0x1.4000002800044p-4, 0x1.0000002000036p-5};
  std::vector<Vec2> pts;
  for (int i = 0; i < 20; ++i) pts.push_back({xs[i], ys[i]});
  Polygon poly;
  ASSERT_TRUE(Polygon::create(pts, poly).ok());
  const Circle c{{0, 0}, 0};
  EXPECT_EQ(collide(c, poly).hit, overlaps(c, poly));
  EXPECT_EQ(collide(Shape{poly}, Shape{c}).hit, overlaps(Shape{poly}, Shape{c}));
}

TEST(Issue10Fuzz, OrientOfCoordinatesWhoseDifferencesOverflowIsExact) {
  // Finite coordinates near DBL_MAX of both signs: a.x - c.x overflows to -inf. orient() took the "non-finite input"
  // branch and called this triangle collinear, so Polygon::create rejected it (the header promises exact
  // orientation from 2^-1074 to 2^1023 within a factor 2^485).
  const Vec2 a{-0x1.07f03p+1021, 0.0}, b{0x1.f003124834p+1023, -0x1.e00038c3f83p+1023}, c{0x1.f003124834p+1023, 0.0};
  EXPECT_EQ(orient(a, b, c), 1);  // a -> b goes down-right, c lies above b: counter-clockwise
  EXPECT_EQ(orient(b, c, a), 1);
  EXPECT_EQ(orient(a, c, b), -1);
  Polygon p;
  ASSERT_TRUE(Polygon::create(std::vector<Vec2>{a, b, c}, p).ok());
  EXPECT_EQ(p.size(), 3u);
  // Scaled down by 2^-4 (no overflow), the same orientation.
  const auto sc = [](Vec2 v) { return Vec2{std::ldexp(v.x, -4), std::ldexp(v.y, -4)}; };
  EXPECT_EQ(orient(sc(a), sc(b), sc(c)), 1);
}

TEST(Issue10Fuzz, RayAgainstAFarCircleWhoseDiscriminantWouldOverflow) {
  // r = 3.8e88 and |d| = 2.8e91: r^2 |d|^2 overflowed (inputs were rescaled only beyond 2^400), the discriminant was
  // infinite, and the fraction cc / (-b + sqrt(inf)) = 0: a "hit" at the origin, 1.1e97 from the centre.
  const Circle c{{0x1.afaea4p+23, 0x1.49489948p+322}, 0x1.2fffb000041afp+294};
  const Ray ray{{-0x1.c2740004p+30, -0x1p+2}, {0x1.6ebp+8, 0x1.bcf8febp+303}, std::numeric_limits<double>::infinity()};
  const RayHit h = raycast(ray, c);
  // The line passes within the radius of the centre? (d x (c - o))^2 <= r^2 |d|^2, in long double on scaled values.
  const long double s = 0x1p-300L;
  const long double dx = 0x1.6ebp+8L, dy = 0x1.bcf8febp+303L * s;
  const long double wx = (0x1.afaea4p+23L + 0x1.c2740004p+30L) * s, wy = (0x1.49489948p+322L + 4.0L) * s;
  const long double cr = (0x1.6ebp+8L * s) * wy - dy * wx;
  const long double rr = 0x1.2fffb000041afp+294L * s;
  const bool lineHits = cr * cr <= rr * rr * (dx * dx * s * s + dy * dy);
  ASSERT_EQ(h.hit, lineHits);
  ASSERT_TRUE(h.hit);  // the line passes 1.8e9 from the centre of a circle of radius 3.8e88
  {
    EXPECT_GT(h.fraction, 0.0);  // the origin is far outside: t = (1.1e97 - 3.8e88) / 2.8e91, about 3.9e5
    const Aabb b = bounds(c);
    EXPECT_GE(h.point.y, b.min.y * (1 - 1e-9));
    EXPECT_LE(h.point.y, b.max.y * (1 + 1e-9));
    // On the circle to a few ulps of the coordinates' magnitude (1.1e97, ulp 1.4e81: 4e-8 of the radius).
    EXPECT_NEAR(std::hypot(h.point.x - c.center.x, h.point.y - c.center.y), c.radius, 1e-15 * c.center.y);
  }
}

TEST(Issue10Fuzz, RayAlongANeedlesLinesOrdersNearlyEqualCrossingsExactly) {
  // The ray crosses the lines of all three edges of the needle at parameters equal to 16 digits, far below it; in
  // exact rationals it leaves (edge 1) before it enters (edge 2): a miss.
  const Polygon needle = make({{0x1.600000000c5p+1, 0x1.e8468p+19}, {-0x1.4p-1, 0x1.e846fp+18},
                               {-0x1p+2, 0x1.c000000036f9cp+1}});
  const RayHit h = raycast(Ray{{0x1.e8468p+19, -0x1.eaeaeaeaeaeaep-277}, {-0x1.4d13bbae147aep+20, -0x1.4d13bbae147aep+20}},
                           needle);
  EXPECT_FALSE(h.hit) << h.point.x << " " << h.point.y;
}

TEST(Issue10Fuzz, TouchingAZeroHeightBoxIsAHitInBothOrders) {
  // B = [0, 2e6] x [0, 0] (zero height) touches A = [-94.6, 0] x [-1.0000009, 1.0000009] at x = 0.
  const Box a{{-0x1.7a66666666666p+5, 0}, {0x1.7a66666666666p+5, 0x1.00000fefffd19p+0}, 0};
  const Box b{{0x1.e848p+19, 0}, {0x1.e848p+19, 0}, 0};
  EXPECT_TRUE(overlaps(a, b));
  EXPECT_TRUE(overlaps(b, a));
  EXPECT_TRUE(collide(a, b).hit);
  EXPECT_TRUE(collide(b, a).hit);
}

TEST(Issue10Fuzz, APointBoxOnAnotherBoxsCornerTouchesInBothOrders) {
  // A box of zero extents (a point) at the origin, turned by 36 rad, against [-2, 0] x [-2, 0]: the point is the
  // other box's corner.
  const Box point{{0, 0}, {0, 0}, 36};
  const Box b{{-1, -1}, {1, 1}, 0};
  EXPECT_TRUE(collide(point, b).hit);
  EXPECT_TRUE(collide(b, point).hit);
  EXPECT_TRUE(overlaps(point, b));
  EXPECT_TRUE(overlaps(b, point));
  // Moved off the corner by one ulp of 2: apart both ways.
  const Box off{{0x1p-51, 0x1p-51}, {0, 0}, 36};
  EXPECT_FALSE(overlaps(off, b));
  EXPECT_FALSE(overlaps(b, off));
}

TEST(Issue10Fuzz, FarRayMissesARotatedBox) {
  // From x = 1e89 along -x at y = -1: the box near (286, 1.7e6) (half extents 32000 x 1) is far above the ray.
  const Box b{{0x1.1e98p+8, 0x1.a36e2f8d4fdf4p+20}, {0x1.f3fcp+14, 1}, 0x1.1cp+6};
  const RayHit h = raycast(Ray{{0x1.99999998p+295, -1}, {-1, -0x1.cp-313}}, b);
  EXPECT_FALSE(h.hit) << h.point.x << " " << h.point.y;
}

TEST(Issue10Fuzz, RayAtAPointCircleWithTinyCoordinatesIsNotInside) {
  // (1e-200)^2 underflows: the "origin inside" test must not see the origin on a radius-0 circle it is 1e-200 from.
  const RayHit h = raycast(Ray{{0, 1e-200}, {1, 0}}, Circle{{0, 0}, 0});
  EXPECT_FALSE(h.hit);
  const RayHit at = raycast(Ray{{-3e-200, 0}, {1, 0}}, Circle{{0, 0}, 1e-200});
  ASSERT_TRUE(at.hit);
  EXPECT_NEAR(at.fraction, 2e-200, 1e-214);
}

TEST(Issue10Fuzz, RayMissesAZeroExtentBoxBesideIt) {
  // A box of zero extents is the point (263.2, 4e-26): a ray along y = 0 passes beside it (it was "inside").
  const Box point{{0x1.0734p+8, 0x1.94p-83}, {0, 0}, 3};
  EXPECT_FALSE(raycast(Ray{{-0x1p+28, 0}, {63, 0}}, point).hit);
  // ... and a zero-height box is a segment: hit where the ray meets it.
  const RayHit h = raycast(Ray{{-10, 1}, {1, 0}}, Box{{0, 0}, {0, 2}, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 10.0);
  EXPECT_EQ(h.point, (Vec2{0, 1}));
  // A box whose x extent (2^-838) vanishes beside its centre (-1333.25) is the segment x = -1333.25,
  // y in [-1357.25, -1309.25]: a ray crossing that line at y = -2722 misses it.
  const Box thin{{-0x1.4d5p+10, -0x1.4d5p+10}, {0x1.1fffffffffff7p-838, 24}, 0};
  EXPECT_FALSE(raycast(Ray{{-84, -2644}, {-0x1.4ff0000000001p+10, -84}}, thin).hit);
  // A rotated box of extents 35 x 1317 at x = 5.5e37 (ulp 2^73): its corners all share x, a vertical segment
  // y in about [-1392, 1242]; a ray crossing x = 5.5e37 at y = -1.4e43 misses it.
  const Box far{{0x1.49494ad4p+125, -0x1.2cp+6}, {0x1.18p+5, 0x1.4948000000003p+10}, -0x1.78p+6};
  EXPECT_FALSE(raycast(Ray{{0x1.494bfc04p+30, 96}, {256, -0x1.017p+26}}, far).hit);
}

// -- cliff 2: Polygon::create with many collinear points (linear now; the time is in bench/native/core_bench.cpp) ----

TEST(Issue10Cliff, CreateDropsTensOfThousandsOfCollinearPoints) {
  // The bottom edge (0,0)..(N,0) through every integer x (N + 1 collinear points), then the strictly concave arc
  // y = x (N - x) back from x = N - 1 to 1: the polygon keeps the two bottom corners and the N - 1 arc points.
  const int n = 32768;
  std::vector<Vec2> pts;
  for (int i = 0; i <= n; ++i) pts.push_back({double(i), 0.0});
  for (int x = n - 1; x >= 1; --x) pts.push_back({double(x), double(x) * double(n - x)});
  Polygon p;
  ASSERT_TRUE(Polygon::create(pts, p).ok());
  ASSERT_EQ(p.size(), std::size_t(n + 1));
  // Counter-clockwise from the first kept point: (0, 0), (N, 0), then the arc.
  EXPECT_EQ(p.vertices()[0], (Vec2{0, 0}));
  EXPECT_EQ(p.vertices()[1], (Vec2{double(n), 0}));
  for (int k = 2; k <= n; ++k) {
    const double x = n + 1 - k;
    ASSERT_EQ(p.vertices()[k], (Vec2{x, x * (n - x)})) << k;
  }
}

TEST(Issue10Cliff, CreateDropsCollinearRunsAcrossTheStartAndRejectsSpikes) {
  // The list starts in the middle of the bottom edge's collinear run, which wraps around the end of the list.
  Polygon p;
  ASSERT_TRUE(Polygon::create(std::vector<Vec2>{{2, 0}, {3, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}, {1, 0}}, p).ok());
  ASSERT_EQ(p.size(), 4u);
  for (const Vec2 v : p.vertices()) {
    EXPECT_TRUE((v == Vec2{0, 0}) || (v == Vec2{4, 0}) || (v == Vec2{4, 4}) || (v == Vec2{0, 4})) << v.x << " " << v.y;
  }
  // A spike that doubles back along an edge, in the middle and across the start: not convex.
  EXPECT_EQ(Polygon::create(std::vector<Vec2>{{0, 0}, {4, 0}, {2, 0}, {4, 4}}, p).error, Error::NotConvex);
  EXPECT_EQ(Polygon::create(std::vector<Vec2>{{2, 0}, {4, 4}, {0, 4}, {0, 0}, {4, 0}}, p).error, Error::NotConvex);
}

// world_fuzz (after the merge): points whose coordinates span 2^1025, beyond the 2^485 within which orientation is
// exact, made create() return ok with 2 vertices (one orientation said "not collinear", a later one "collinear").
// Outside the range the result is still a valid polygon or an error: never fewer than 3 vertices.
TEST(Issue10Fuzz, PolygonBeyondTheExactRangeIsNeverLeftWithTwoVertices) {
  const std::vector<Vec2> pts{{10, 0x1.8p-1022}, {0, 0}, {0x1.001p-959, 0}};
  Polygon p;
  const Status s = Polygon::create(pts, p);
  if (s) {
    EXPECT_GE(p.vertices().size(), 3u);
    EXPECT_TRUE(validate(p).ok());
  } else {
    EXPECT_EQ(s.error, Error::Collinear);
  }
}


// core_fuzz finding (after issue 11's merge, in code issue 10 had fixed for smaller spans): a needle polygon reaching
// 1.08e125 whose two long edges are within 7e-4 in slope; a ray from far above crosses both lines beyond the tip, so
// it leaves the lower edge's half-plane before it enters the upper one's: a miss. The exact order of the two crossing
// parameters is a degree-4 product, which overflowed at this span and reported a hit at (9.9e129, 0).
TEST(Issue10Fuzz, RayPastTheTipOfANeedlePolygonSpanning2To417IsAMiss) {
  Polygon p;
  ASSERT_TRUE(Polygon::create(std::vector<Vec2>{{-0x1.00003034006ffp+1, 0x0p+0}, {0x1.bcp+417, 0x1.08p+16},
                                                {0x1.6ff01ff5ap+1, 0x1.88p+5}},
                              p));
  const Ray ray{{0x1.88p+5, 0x1.bcp+417}, {0x1.08p+16, -0x1.0000031ffffffp+2}};
  const RayHit h = raycast(ray, p);
  EXPECT_FALSE(h.hit) << h.point.x << " " << h.point.y;
  // The same ray aimed at the polygon's middle still hits it (on its upper edge), so the miss above is the tip's.
  const Ray aimed{{0x1p100, 0x1p120}, {0.0, -1.0}};
  const RayHit g = raycast(aimed, p);
  ASSERT_TRUE(g.hit);
  EXPECT_GE(g.point.y, 0.0);
  EXPECT_LE(g.point.y, 0x1.08p+16);
}

// core_fuzz findings in the same session, after the fix above:
// 1. A box whose angle is a negative subnormal has corners with subnormal x beside ordinary ones; a ray at x = 3, to
//    the right of the box ([-1381.5, ~0] on x), was reported hitting its bottom at (3, -1381.5): centring the
//    exponents for the exact comparison sent the ordinary coordinates past 2^500 (now capped at 2^250).
// 2. Edge determinants were rounded values whose sign only was certain: where the two products nearly cancel, a
//    parameter came out 1.3e-8 off, so two crossings outside the tip of a needle polygon spanning 2^294 (4e-17
//    apart) were ordered by those values, not exactly. They are now accurate to about 1e-12 relative.
TEST(Issue10Fuzz, RayBesideABoxWithASubnormalAngleIsAMiss) {
  const Box b{{-0x1.5960000000002p+9, -0x1.5960000000002p+9}, {0x1.5960000000002p+9, 0x1.5960000000002p+9},
              -0x0.0000000000002p-1022};
  EXPECT_FALSE(raycast(Ray{{3, -62720}, {0, 3}}, b).hit);
  EXPECT_FALSE(raycast(Ray{{3, -62720}, {0, 3}}, Shape{b}).hit);
  // Inside the box's x range the same ray does hit its bottom face.
  const RayHit h = raycast(Ray{{-3, -62720}, {0, 3}}, b);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.point.y, -0x1.5960000000002p+10, 1e-10);  // a few ulps of the origin's 62720
}

TEST(Issue10Fuzz, RayPastTheTipOfAnOctagonSpanning2To294IsAMiss) {
  const std::vector<Vec2> v = {
      {-0x1.c39c60a4p+30, 0x1.b1afffffffffcp+10},     {0x1.2528f6030008p+289, -0x1.c1bfb78bp+25},
      {0x1.05187b1aac07fp+294, -0x1.9091a8de4cp+30}, {0x1.176b0a7adc088p+294, -0x1.acadda8cfcp+30},
      {0x1.2528f6030008fp+294, -0x1.c1c2ffdp+30},    {0x1.1bffae52e808bp+294, -0x1.b3b4e6f8a8p+30},
      {0x1.0083d742a008p+291, -0x1.8989deb5ap+27},   {0x1.b7bd7104800ep+289, -0x1.5150a2804p+26}};
  Polygon p;
  ASSERT_TRUE(Polygon::create(v, p));
  // The origin is above the polygon's highest point (its first vertex, y = 1734.75) and the ray runs left, rising
  // by 4e-105 per unit: it never comes down to the polygon. Exact parameters (rationals): it leaves edge 0's
  // half-plane at 1.7751622001843165e80 and enters edge 7's at 1.775162200184324e80, after.
  const Ray ray{{0x1.b1afffffffffcp+10, 0x1.b3fbfffffffffp+10}, {-1, 0x1.29292928p-347}};
  const RayHit h = raycast(ray, p);
  EXPECT_FALSE(h.hit) << h.point.x << " " << h.point.y;
  // A ray from the left aimed at the polygon's first vertex region still hits it.
  EXPECT_TRUE(raycast(Ray{{-0x1p40, 0.0}, {1, 0}}, p).hit);
}

// core_fuzz finding (issue 12's last fresh-clone run; seed tests/fuzz/corpus/core/finding-circle-segment-end-rounding):
// the circle's centre (-1, -1) lies 2.2e-16 inside the end (-1 - 2^-50, -1) of a segment that runs on to (3, 3). The
// foot's rounded parameter clamped to that end, so the normal was the direction from the centre to the end, (1, 0):
// rounding noise, and pushing the circle along it by the depth left it on the segment. The exact sign of
// (c - end) . (end - other end) now says the centre projects inside: the normal is the segment's perpendicular.
TEST(Issue12Fuzz, CircleCentreWithinRoundingOfASegmentsEndUsesThePerpendicular) {
  const Segment s{{0x1.800005dffp+1, 0x1.8p+1}, {-0x1.0000000000004p+0, -0x1p+0}};
  const Segment reversed{s.b, s.a};
  const Circle c{{-1, -1}, 1};
  for (const Segment& g : {s, reversed}) {
    for (const Contact k : {collide(c, g), collide(Shape{g}, Shape{c})}) {
      ASSERT_TRUE(k.hit);
      const Vec2 e = g.b - g.a;
      EXPECT_NEAR(dot(k.normal, e) / std::hypot(e.x, e.y), 0.0, 1e-12) << "the normal is perpendicular to the segment";
      EXPECT_NEAR(k.depth, 1.0, 1e-12);
    }
    const Contact k = collide(c, g);
    const Segment pushed{g.a + k.normal * (k.depth + 1e-9), g.b + k.normal * (k.depth + 1e-9)};
    EXPECT_FALSE(overlaps(c, pushed));
  }
  // A centre past the end still takes the direction to it.
  const Contact past = collide(Circle{{-1.5, -1}, 1}, s);
  ASSERT_TRUE(past.hit);
  EXPECT_EQ(past.normal, (Vec2{1, 0}));
}

// The same configuration with the segment as a capsule's core and the circle's radius shared between them: the
// closest point of the core was that end and the normal its noise, (-1, -1) / sqrt 2 or (1, 0). The normal is now the
// core's perpendicular (as collide(Circle, Segment) decides it), and a capsule's normal has no -0 component in either
// order.
TEST(Issue12Fuzz, CircleCentreWithinRoundingOfACapsulesCoreEndUsesThePerpendicular) {
  const Capsule cap{{0x1.800005dffp+1, 0x1.8p+1}, {-0x1.0000000000004p+0, -0x1p+0}, 0.5};
  const Circle c{{-1, -1}, 0.5};
  const Vec2 e = cap.b - cap.a;
  const Contact ab = collide(cap, c), ba = collide(c, cap);
  ASSERT_TRUE(ab.hit && ba.hit);
  EXPECT_NEAR(dot(ab.normal, e) / std::hypot(e.x, e.y), 0.0, 1e-12);
  EXPECT_EQ(ba.normal, -ab.normal);
  EXPECT_NEAR(ab.depth, 1.0, 1e-12);
  const Circle pushed{c.center + ab.normal * (ab.depth + 1e-9), c.radius};
  EXPECT_FALSE(overlaps(cap, pushed));
  // No -0: a circle straight above a horizontal capsule (normal (0, 1) from the capsule: (-0, -1) before, flipped).
  const Contact up = collide(Circle{{0, 1}, 1}, Capsule{{-1, 0}, {1, 0}, 0.5});
  ASSERT_TRUE(up.hit);
  EXPECT_FALSE(std::signbit(up.normal.x)) << "normal (" << up.normal.x << ", " << up.normal.y << ")";
  EXPECT_EQ(up.normal.y, -1.0);
}

// query_fuzz (2026-11-29): a quadrilateral against a sliver triangle (width 1e-124, height 1/16) touching one of its
// faces with a vertex. collideManifold's single point came from GJK's witness of two cores that, moved by
// normal * depth, overlap within rounding; the sliver made that witness 3.5e-4 off the moved triangle (scale 610), so
// the point was off B. The point must lie on B (here B's deepest vertex, (0, -1/16) to within 1e-124) and, moved by
// normal * depth, on A's face y = x.
TEST(Issue12Fuzz, ManifoldPointOfASliverTriangleTouchingAFaceLiesOnBoth) {
  const Vec2 a[] = {{0x1.6262626ffffffp-413, -0x1.0100000000001p+4}, {0x1.3130000000004p+9, 0x1.312ffffffffffp+9},
                    {0x1.ep+5, 0x1.ep+5}, {-0x1.0000000000003p-4, -0x1.0000000000001p-4}};
  const Vec2 b[] = {{0x1.200000000ffffp-415, -0x1.ffffffffffffdp-5}, {0.0, 0x1.62626p-413}, {0.0, 0.0}};
  Polygon pa, pb;
  ASSERT_TRUE(Polygon::create(a, pa).ok());
  ASSERT_TRUE(Polygon::create(b, pb).ok());
  const Manifold m = collideManifold(pa, pb);
  ASSERT_EQ(m.count, 1);
  const Contact c = collide(pa, pb);
  EXPECT_EQ(m.normal, c.normal);
  const Vec2 p = m.points[0].point;
  EXPECT_NEAR(p.x, 0.0, 1e-120);
  EXPECT_NEAR(p.y, -0.0625, 1e-15);
  const Vec2 moved = p + m.normal * m.points[0].depth;
  EXPECT_NEAR(moved.x - moved.y, 0.0, 1e-12);  // on the face through (-1/16, -1/16) and (60, 60)
}

// query_fuzz (2026-11-29): a thin box (2^263 long, 2^207 thick) inside a long one, both far from the origin (2^262):
// the thin box's short face, its corners rounded together, was taken as the reference face and clipped nothing, so
// the manifold kept the long box's far corners, 1e82 off A. Both points, moved by normal * depth, must lie on A
// (within 2^-38 of the scale, as queries.h states).
TEST(Issue12Fuzz, ManifoldOfAThinBoxInsideALongOneStaysOnTheThinBox) {
  const Box a{{0x1.050505050505p+262, 0x1.050505050505p+262}, {0x1.0f4f4f4f4f4f4p+262, 0x1.6161618p+206},
              0x1.7f4638c50fafbp+2};
  const Box b{{0x1.050505050505p+262, 0x1.050505050505p+262}, {0x1.050505050505p+262, 0x1.4f4f4f4f4f4f4p+272},
              0x1.7f4638c50fafbp+2};
  const Manifold m = collideManifold(a, b);
  ASSERT_GE(m.count, 1);
  // (A is 2^-56 as thick as its distance from the origin: within rounding, the segment along its long axis)
  const Vec2 axis{std::cos(a.angle), std::sin(a.angle)};
  const Segment spine{a.center - axis * a.halfExtents.x, a.center + axis * a.halfExtents.x};
  const double scale = 0x1.4f4f4f4f4f4f4p+272 + 0x1p+263;
  for (int i = 0; i < m.count; ++i) {
    const Vec2 moved = m.points[i].point + m.normal * m.points[i].depth;
    EXPECT_LE(std::sqrt(closestPoint(spine, moved).distanceSquared), std::ldexp(scale, -38)) << "point " << i;
  }
}

}  // namespace
