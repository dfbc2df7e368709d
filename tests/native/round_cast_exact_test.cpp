// Exact entry decisions of translation casts with round shapes (circle, capsule) against sharp ones (polygon, box,
// aabb, segment, point) and against each other: a path at distance exactly R from a vertex, or sliding along a face at
// distance exactly R, is a graze (no hit); one ulp closer it is a hit, one ulp farther a miss; a start at distance
// exactly R is a hit at 0 exactly when the motion points into the other shape. Scenarios are built from power-of-two
// multiples of a scale s in 1e-6 .. 1e9 (and powers of two where 3s or 5s must be exact), so the touches are exact.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <gtest/gtest.h>

#include "cast_kinds.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

namespace {

using namespace collide2d;
using namespace cast_kinds;

// The rectangle [x0, x1] x [y0, y1] as a shape of the kind; a segment is its top edge.
Shape rect(Kind k, double x0, double y0, double x1, double y1) { return rect(k, x0, y0, x1, y1, {x0, y1}, {x1, y1}); }

// A shape with the single highest point `apex`: a triangle below it, or a point, or a vertical segment down from it.
Shape peak(int k, Vec2 apex, double s) {
  switch (k) {
    case 0: {
      Polygon tri;
      const Vec2 pts[] = {{apex.x - s, apex.y - 2 * s}, {apex.x + s, apex.y - 2 * s}, apex};
      EXPECT_TRUE(Polygon::create(pts, tri).ok());
      return tri;
    }
    case 1: return Segment{apex, apex};
    default: return Segment{{apex.x, apex.y - 2 * s}, apex};
  }
}

std::string label(const char* what, double s, int k = -1) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s at %g (%d)", what, s, k);
  return buf;
}

// The round movers at scale s whose lowest point is (x, y0): a circle of radius s centred (x, y0 + s), a horizontal
// capsule and a vertical capsule of radius s whose lowest point is there.
Shape mover(int m, double x, double y0, double s) {
  switch (m) {
    case 0: return Circle{{x, y0 + s}, s};
    case 1: return Capsule{{x - 2 * s, y0 + s}, {x, y0 + s}, s};
    default: return Capsule{{x, y0 + s}, {x, y0 + 4 * s}, s};
  }
}

// -- the reproductions --------------------------------------------------------------------------------------

TEST(RoundCastExact, CircleMovingIntoTheFloorPastItsCornerHits) {
  // Radius 1 at (-1, 1) moving (1e6, -0.001) along the floor [0, 1e6] x [-10, 0]: it moves into the floor.
  const CastHit h = cast(Circle{{-1, 1}, 1}, Motion{{1e6, -0.001}, 0}, Aabb{{0, -10}, {1e6, 0}}, Motion{});
  ASSERT_TRUE(h.hit);
  EXPECT_LE(h.fraction, 1e-6);  // the corner is reached just before the centre passes x = 0
  EXPECT_GE(h.fraction, 0.0);
  // The same exactly parallel (y stays 1): it slides over the corner and along the top, a graze.
  EXPECT_FALSE(cast(Circle{{-1, 1}, 1}, Motion{{1e6, 0}, 0}, Aabb{{0, -10}, {1e6, 0}}, Motion{}).hit);
}

TEST(RoundCastExact, TinyCircleThroughATriangleHits) {
  Polygon tri;
  const Vec2 pts[] = {{-0.1, -1}, {0.1, -1}, {0, 0}};
  ASSERT_TRUE(Polygon::create(pts, tri).ok());
  const CastHit h = cast(Circle{{1e-12, 5}, 1e-13}, Motion{{0, -10}, 0}, tri, Motion{});
  ASSERT_TRUE(h.hit);
  EXPECT_LE(h.fraction, 0.5);
  EXPECT_GE(h.fraction, 0.4999);
  EXPECT_EQ(cast(Shape{Circle{{1e-12, 5}, 1e-13}}, Motion{{0, -10}, 0}, Shape{tri}, Motion{}).hit, true);
}

// -- faces: sliding at exactly R is a graze, starts in contact are decided by the motion ------------------------------

TEST(RoundCastExact, SlidingOnAFaceIsNoHitAndStartsInContactAreDecidedByTheMotion) {
  for (double s : kScales)
    for (Kind kb : kKinds)
      for (int m = 0; m < 3; ++m) {
        SCOPED_TRACE(label(name(kb), s, m));
        // The mover's lowest point rests on the top y = s of B = [-8s, 8s] x [0, s].
        const Shape a = mover(m, 0, s, s);
        const Shape b = rect(kb, -8 * s, 0, 8 * s, s);
        EXPECT_FALSE(castA(a, {2 * s, 0}, b).hit);         // sliding along
        EXPECT_FALSE(castA(a, {-16 * s, 0}, b).hit);       // sliding off the end, over the corner
        EXPECT_FALSE(castA(a, {2 * s, 0.5 * s}, b).hit);   // lifting off
        EXPECT_FALSE(castA(a, {0, s}, b).hit);
        const CastHit in = castA(a, {2 * s, -0.5 * s}, b);  // pressing in while walking
        ASSERT_TRUE(in.hit);
        EXPECT_EQ(in.fraction, 0.0);
        EXPECT_NEAR(in.normal.x, 0.0, 1e-12);
        EXPECT_NEAR(in.normal.y, -1.0, 1e-12);
        // Pressing in ever so slightly (2^-40 of the step) is still moving in.
        EXPECT_TRUE(castA(a, {2 * s, -2 * s * 0x1p-40}, b).hit);
        // B moving instead of A: the same decisions.
        EXPECT_FALSE(cast(a, Motion{}, b, Motion{{-2 * s, 0}, 0}).hit);
        EXPECT_TRUE(cast(a, Motion{}, b, Motion{{-2 * s, 0.5 * s}, 0}).hit);
        // The face one ulp lower: sliding one ulp above it is a miss, pressing in a hit at (or within 2^-40 S of) 0.
        const Shape lower = rect(kb, -8 * s, 0, 8 * s, std::nextafter(s, 0.0));
        EXPECT_FALSE(castA(a, {2 * s, 0}, lower).hit);
        EXPECT_FALSE(castA(a, {-16 * s, 0}, lower).hit);
        const CastHit gap = castA(a, {2 * s, -0.5 * s}, lower);
        ASSERT_TRUE(gap.hit);
        EXPECT_LE(gap.fraction, 1e-9);
      }
}

TEST(RoundCastExact, ApproachingAFaceHitsAtTheTouch) {
  for (double s : kScales)
    for (Kind kb : kKinds)
      for (int m = 0; m < 3; ++m) {
        SCOPED_TRACE(label(name(kb), s, m));
        // The lowest point starts s above the face and drops 2s while moving 2s sideways: touches at t = 1/2.
        const Shape a = mover(m, 0, 2 * s, s);
        const CastHit h = castA(a, {2 * s, -2 * s}, rect(kb, -8 * s, 0, 8 * s, s));
        ASSERT_TRUE(h.hit);
        EXPECT_LE(h.fraction, 0.5);
        EXPECT_GE(h.fraction, 0.5 - 1e-9);
        EXPECT_NEAR(h.normal.y, -1.0, 1e-9);
      }
}

// -- vertices: a path at exactly R from a vertex is a graze ------------------------------------------------------------

TEST(RoundCastExact, PassingAVertexAtExactlyTheRadiusIsAGraze) {
  for (double s : kScales)
    for (int k = 0; k < 3; ++k)
      for (int m = 0; m < 3; ++m) {
        SCOPED_TRACE(label("peak", s, k * 3 + m));
        // The mover's lowest point moves along y = s from x = -4s to 4s; the peak's apex is (0, s).
        const Shape a = mover(m, -4 * s, s, s);
        EXPECT_FALSE(castA(a, {8 * s, 0}, peak(k, {0, s}, s)).hit);
        // The apex one ulp higher: the path crosses it (a hit before the middle); one ulp lower: a clean miss.
        const CastHit h = castA(a, {8 * s, 0}, peak(k, {0, std::nextafter(s, 2 * s)}, s));
        ASSERT_TRUE(h.hit);
        EXPECT_LE(h.fraction, 0.5);
        EXPECT_FALSE(castA(a, {8 * s, 0}, peak(k, {0, std::nextafter(s, 0.0)}, s)).hit);
        // The same from the peak's side (B moving).
        EXPECT_FALSE(cast(peak(k, {0, s}, s), Motion{{-8 * s, 0}, 0}, a, Motion{}).hit);
      }
}

TEST(RoundCastExact, DiagonalTangentToAVertexIsAGraze) {
  // A circle of radius 5s at the origin moving (8s, 6s) passes the aabb corner (s, 7s) at distance exactly 5s (the
  // corner is (-3s, 4s) + d / 2, and (-3, 4) / 5 is the unit normal of d); the aabb extends away from the path.
  for (double s : {0x1p-20, 0x1p-10, 1.0, 0x1p10, 0x1p20, 0x1p30}) {
    SCOPED_TRACE(s);
    const Circle c{{0, 0}, 5 * s};
    EXPECT_FALSE(cast(c, Motion{{8 * s, 6 * s}, 0}, Aabb{{-s, 7 * s}, {s, 9 * s}}, Motion{}).hit);
    EXPECT_FALSE(cast(c, Motion{{8 * s, 6 * s}, 0}, Segment{{s, 7 * s}, {-s, 9 * s}}, Motion{}).hit);
    EXPECT_FALSE(cast(Shape{c}, Motion{{8 * s, 6 * s}, 0}, Shape{Segment{{s, 7 * s}, {s, 7 * s}}}, Motion{}).hit);
    // The corner one ulp nearer the path (lower): a hit at the touch, before t = 1/2.
    const CastHit h = cast(c, Motion{{8 * s, 6 * s}, 0}, Aabb{{-s, std::nextafter(7 * s, 0.0)}, {s, 9 * s}}, Motion{});
    ASSERT_TRUE(h.hit);
    EXPECT_LE(h.fraction, 0.5);
    EXPECT_GE(h.fraction, 0.4);
    // One ulp farther (higher): a miss.
    EXPECT_FALSE(cast(c, Motion{{8 * s, 6 * s}, 0}, Aabb{{-s, std::nextafter(7 * s, 8 * s)}, {s, 9 * s}}, Motion{}).hit);
  }
}

TEST(RoundCastExact, StartTouchingAVertexIsAHitAtZeroExactlyWhenMovingIn) {
  for (double s : {0x1p-20, 0x1p-10, 1.0, 0x1p10, 0x1p20, 0x1p30}) {
    SCOPED_TRACE(s);
    // A circle of radius 5s at the origin touches the corner (3s, 4s) of the aabb [3s, 5s] x [4s, 6s].
    const Circle c{{0, 0}, 5 * s};
    const Aabb b{{3 * s, 4 * s}, {5 * s, 6 * s}};
    const CastHit in = cast(c, Motion{{4 * s, -2 * s}, 0}, b, Motion{});  // dot(d, corner) = 4 s^2 > 0
    ASSERT_TRUE(in.hit);
    EXPECT_EQ(in.fraction, 0.0);
    EXPECT_NEAR(in.normal.x, 0.6, 1e-12);
    EXPECT_NEAR(in.normal.y, 0.8, 1e-12);
    EXPECT_FALSE(cast(c, Motion{{4 * s, -3 * s}, 0}, b, Motion{}).hit);   // tangent to the corner: a graze
    EXPECT_FALSE(cast(c, Motion{{4 * s, -4 * s}, 0}, b, Motion{}).hit);   // moving away
    EXPECT_FALSE(cast(c, Motion{{-3 * s, -4 * s}, 0}, b, Motion{}).hit);  // straight out
    // A capsule whose end cap is that circle, and B moving instead.
    const Capsule cap{{-4 * s, -3 * s}, {0, 0}, 5 * s};
    EXPECT_TRUE(cast(cap, Motion{{4 * s, -2 * s}, 0}, b, Motion{}).hit);
    EXPECT_FALSE(cast(cap, Motion{{4 * s, -3 * s}, 0}, b, Motion{}).hit);
    EXPECT_TRUE(cast(c, Motion{}, b, Motion{{-4 * s, 2 * s}, 0}).hit);
    EXPECT_FALSE(cast(c, Motion{}, b, Motion{{-4 * s, 3 * s}, 0}).hit);
  }
}

// -- round against round -------------------------------------------------------------------------------------------

TEST(RoundCastExact, RoundAgainstRoundGrazes) {
  for (double s : kScales) {
    SCOPED_TRACE(s);
    // Two circles of radius s whose centre lines are 2s apart: a graze; one ulp nearer: a hit.
    const Circle a{{0, 0}, s};
    EXPECT_FALSE(cast(a, Motion{{8 * s, 0}, 0}, Circle{{4 * s, 2 * s}, s}, Motion{}).hit);
    EXPECT_TRUE(cast(a, Motion{{8 * s, 0}, 0}, Circle{{4 * s, std::nextafter(2 * s, 0.0)}, s}, Motion{}).hit);
    // A capsule sliding along a parallel capsule at distance exactly 2s, and touching at the start moving along.
    const Capsule lying{{-8 * s, 0}, {8 * s, 0}, s};
    EXPECT_FALSE(cast(Capsule{{-4 * s, 2 * s}, {-2 * s, 2 * s}, s}, Motion{{4 * s, 0}, 0}, lying, Motion{}).hit);
    EXPECT_FALSE(cast(Circle{{0, 2 * s}, s}, Motion{{4 * s, 0}, 0}, lying, Motion{}).hit);
    const CastHit in = cast(Circle{{0, 2 * s}, s}, Motion{{4 * s, -s}, 0}, lying, Motion{});
    ASSERT_TRUE(in.hit);
    EXPECT_EQ(in.fraction, 0.0);
    EXPECT_NEAR(in.normal.y, -1.0, 1e-12);
    EXPECT_FALSE(cast(Circle{{0, 2 * s}, s}, Motion{{4 * s, s}, 0}, lying, Motion{}).hit);
  }
}

// -- never passes through ------------------------------------------------------------------------------------------

TEST(RoundCastExact, NeverPassesThroughThinShapes) {
  for (double s : kScales)
    for (int m = 0; m < 3; ++m) {
      SCOPED_TRACE(label("thin", s, m));
      // A long fast step across a segment: hit before the crossing, whatever the angle.
      const Shape a = mover(m, 0, 64 * s, s);
      for (double dx : {0.0, 1.0, 64.0, 1024.0}) {
        const CastHit h = castA(a, {dx * s, -128 * s}, Segment{{-4096 * s, 0}, {4096 * s, 0}});
        ASSERT_TRUE(h.hit);
        EXPECT_LE(h.fraction, 0.5);
        EXPECT_GE(h.fraction, 0.49);
      }
      // Starting one ulp into the segment (overlapping) and moving through: a hit at 0.
      const Shape in = mover(m, 0, -s * 0x1p-52, s);
      const CastHit h0 = castA(in, {s, -4 * s}, Segment{{-4096 * s, 0}, {4096 * s, 0}});
      ASSERT_TRUE(h0.hit);
      EXPECT_EQ(h0.fraction, 0.0);
      // Overlapping at 0 and moving out (collide()'s normal rule): no hit, so a shape can leave.
      EXPECT_FALSE(castA(in, {s, 4 * s}, Segment{{-4096 * s, 0}, {4096 * s, 0}}).hit);
    }
}

TEST(RoundCastExact, RestingOnFloorTilesWalkingIsAGrazeAndPressingDownIsAHitAtZero) {
  // A circle and a capsule resting exactly on a row of unit tiles (every static kind): walking never catches on a seam.
  const Shape movers[] = {Circle{{0.5, 1.5}, 0.5}, Capsule{{0.25, 1.5}, {0.75, 1.5}, 0.5}};
  for (const Shape& a : movers)
    for (Kind kb : kKinds)
      for (int k = -2; k < 3; ++k) {
        SCOPED_TRACE(label(name(kb), 1.0, k));
        const Shape tile = rect(kb, k, 0, k + 1, 1);
        EXPECT_FALSE(castA(a, {3, 0}, tile).hit);
        EXPECT_FALSE(castA(a, {-3, 0}, tile).hit);
        EXPECT_FALSE(castA(a, {3, 0.5}, tile).hit);  // lifting off
        const CastHit h = castA(a, {0.5, -0.5}, tile);
        EXPECT_EQ(h.hit, k == 0 || k == 1);  // the tile under it at once, the next one later
        if (k == 0) {
          EXPECT_EQ(h.fraction, 0.0);
          EXPECT_NEAR(h.normal.y, -1.0, 1e-12);
        }
        if (k == 1) {
          EXPECT_GT(h.fraction, 0.0);
        }
      }
}

// cast_fuzz finding: the whole step (0.003) is below the contact tolerance 2^-40 S (S ~ 1e12), so the start decides;
// an aabb 8.5e-4 above a capsule moving down onto it must hit at 0 (the extremes of cross(r, b - a) were cut short).
TEST(RoundCastExact, StartWithinToleranceMovingOntoACapsuleFarFromTheOrigin) {
  const Aabb a{{0x1.fffffffffep+29, 0x1.e000000000008p+39}, {0x1.00000000018p+30, 0x1.e000000000018p+39}};
  const Capsule b{{0x1.00000000004p+30, 0x1.dfffffffffffep+39}, {0x1.00000000008p+30, 0x1.dfffffffffffbp+39}, 0x1.8p-12};
  const CastHit h = cast(a, Motion{{0, -0x1.8p-9}, 0}, b, Motion{});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_FALSE(cast(a, Motion{{0, 0x1.8p-9}, 0}, b, Motion{}).hit);  // moving away
}

// -- the fraction's precision (queries.h): t - 2^-39 S / v <= fraction <= t, t the exact first contact --------------
// Each case is chosen so that 4 * bound < t: a fraction violating the bound by a factor of 4 would still be >= 0 and
// fail the lower assertion (the bound is not vacuous there).

// t - bound <= fraction <= t, and the bound leaves room to see a violation by a factor of 4.
void expectFractionWithin(const CastHit& h, long double t, double S, long double v) {
  const long double bound = std::ldexp(static_cast<long double>(S), -39) / v;
  ASSERT_LT(4 * bound, t);
  ASSERT_TRUE(h.hit);
  EXPECT_LE(static_cast<long double>(h.fraction), t);
  EXPECT_GE(static_cast<long double>(h.fraction), t - bound)
      << "t - fraction = " << static_cast<double>(t - h.fraction) << ", bound " << static_cast<double>(bound);
  EXPECT_LT(h.iterations, 64);
}

// A circle and a capsule (radius 1) falling with normal speed v onto a long floor while sliding `big` sideways: the
// lowest point starts v / 16 above the floor, so the exact first contact is t = 1/16; S = 4 big (the floor's end).
TEST(RoundCastExact, FractionPrecisionSlidingOntoALongFloorAtATinyAngle) {
  const struct {
    double big, v;
  } cases[] = {{1e6, 16}, {1e6, 1}, {1e6, 0x1p-7}, {1e9, 16}, {1e9, 1}};
  for (const auto& c : cases) {
    const double h = c.v / 16, big = c.big;
    const Shape movers[] = {Circle{{big, 1 + h}, 1}, Capsule{{big - 2, 1 + h}, {big, 1 + h}, 1}};
    const Shape floors[] = {Aabb{{0, -1}, {4 * big, 0}}, Segment{{0, 0}, {4 * big, 0}}};
    for (const Shape& a : movers)
      for (const Shape& floor : floors) {
        const bool circle = std::holds_alternative<Circle>(a);
        SCOPED_TRACE(label(circle ? "circle onto the floor" : "capsule onto the floor", big, std::ilogb(c.v)));
        const CastHit hit = castA(a, {big, -c.v}, floor);
        expectFractionWithin(hit, 1.0L / 16, 4 * big, c.v);
        EXPECT_NEAR(hit.normal.y, -1.0, 1e-9);
      }
  }
}

// A circle and a capsule (radius 1, its front cap leading) sliding horizontally by D = big past a triangle's apex
// (big, 0) at height 1 - delta: the cap meets the apex when its centre is c = sqrt(delta (2 - delta)) short of it, at
// t = 1/2 - c / D, with normal (c, -(1 - delta)) and approach speed v = D c (small for a small delta: a nearly
// tangent approach). S = big + 1 (the triangle's corner).
TEST(RoundCastExact, FractionPrecisionGrazingAVertex) {
  for (double big : {1e6, 1e9})
    for (double delta : {0x1p-40, 0x1p-20, 0x1p-4}) {
      const double H = 1 - delta, x0 = big / 2;
      Polygon tri;
      const Vec2 pts[] = {{big - 1, -2}, {big + 1, -2}, {big, 0}};
      ASSERT_TRUE(Polygon::create(pts, tri).ok());
      const long double cc = std::sqrt(static_cast<long double>(delta) * (2.0L - delta));
      const long double t = 0.5L - cc / big, v = big * cc;
      const Shape movers[] = {Circle{{x0, H}, 1}, Capsule{{x0 - 4, H}, {x0, H}, 1}};
      for (const Shape& a : movers) {
        const bool circle = std::holds_alternative<Circle>(a);
        SCOPED_TRACE(label(circle ? "circle at the apex" : "capsule at the apex", big, std::ilogb(delta)));
        const CastHit hit = castA(a, {big, 0}, tri);
        expectFractionWithin(hit, t, big + 1, v);
        EXPECT_LT(hit.normal.y, -0.9);  // towards the apex below (tilted forward by up to the gap at fraction)
      }
    }
}

// Round against round: a capsule's cap grazing a circle far from the origin (the same geometry with the apex grown
// into a circle of radius 1/2 and the mover's radius 1/2, so R = 1 again).
TEST(RoundCastExact, FractionPrecisionCapsuleGrazingACircle) {
  for (double big : {1e6, 1e9})
    for (double delta : {0x1p-40, 0x1p-20}) {
      const double H = 1 - delta, x0 = big / 2;
      const long double cc = std::sqrt(static_cast<long double>(delta) * (2.0L - delta));
      const long double t = 0.5L - cc / big, v = big * cc;
      SCOPED_TRACE(label("capsule at a circle", big, std::ilogb(delta)));
      const CastHit hit = castA(Capsule{{x0 - 4, H}, {x0, H}, 0.5}, {big, 0}, Circle{{big, 0}, 0.5});
      expectFractionWithin(hit, t, big, v);
    }
}

}  // namespace
