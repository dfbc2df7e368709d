// Exact entry decisions of translation casts between sharp shapes (polygon, box, aabb, segment, point): grazes
// (vertex-vertex, vertex-edge, edge-edge) are no hit, a start in contact is a hit at 0 exactly when the motion carries
// the shapes into each other, and the fraction meets the precision stated in queries.h. Every scenario is built from
// dyadic multiples of a scale s in 1e-6 .. 1e9 (and powers of two), so that the touches are exact in the doubles.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <gtest/gtest.h>

#include "cast_kinds.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace collide2d;
using namespace cast_kinds;

std::string label(Kind a, Kind b, double s, int mover = -1) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s vs %s at %g mover %d", name(a), name(b), s, mover);
  return buf;
}

// -- the reproductions --------------------------------------------------------------------------------------

TEST(CastExact, AabbCornerPassingCornerIsAGraze) {
  // They only ever share the point (1, 2), at t = 0.5.
  EXPECT_FALSE(cast(Aabb{{0, 0}, {1, 1}}, Motion{{2, 2}, 0}, Aabb{{0, 2}, {1, 4}}, Motion{}).hit);
  EXPECT_FALSE(cast(Shape{Aabb{{0, 0}, {1, 1}}}, Motion{{2, 2}, 0}, Shape{Aabb{{0, 2}, {1, 4}}}, Motion{}).hit);
}

TEST(CastExact, BoxCornerPassingBoxCornerIsAGraze) {
  EXPECT_FALSE(cast(Box{{0.5, 0.5}, {0.5, 0.5}, 0}, Motion{{3, 3}, 0}, Box{{2.5, 0.5}, {0.5, 0.5}, 0}, Motion{}).hit);
}

TEST(CastExact, RestingOnFloorTilesWalkingIsAGrazeAndPressingDownIsAHitAtZero) {
  const Aabb player{{0.25, 1}, {0.75, 2}};
  for (int k = -2; k < 3; ++k) {
    const Aabb tile{{double(k), 0}, {double(k + 1), 1}};
    SCOPED_TRACE(k);
    EXPECT_FALSE(cast(player, Motion{{3, 0}, 0}, tile, Motion{}).hit);
    EXPECT_FALSE(cast(player, Motion{{-3, 0}, 0}, tile, Motion{}).hit);
    EXPECT_FALSE(cast(player, Motion{{3, 0.5}, 0}, tile, Motion{}).hit);  // lifting off
    const CastHit h = cast(player, Motion{{0.5, -0.5}, 0}, tile, Motion{});
    const bool under = k == 0;  // only the tile under the player is touched at t = 0
    EXPECT_EQ(h.hit, k == 0 || k == 1);  // the next tile is reached at t = 1/2
    if (k == 1) {
      EXPECT_LE(h.fraction, 0.5);
      EXPECT_GE(h.fraction, 0.5 - 1e-9);
      EXPECT_EQ(h.normal.x, 1.0);
    }
    if (under) {
      EXPECT_EQ(h.fraction, 0.0);
      EXPECT_EQ(h.normal.x, 0.0);
      EXPECT_FALSE(std::signbit(h.normal.x));  // no negative zero
      EXPECT_EQ(h.normal.y, -1.0);             // from the player (A) to the floor (B)
      // The point at fraction 0 is in the contact: on both the player's bottom and the tile's top.
      EXPECT_EQ(h.point.y, 1.0);
      EXPECT_GE(h.point.x, 0.25);
      EXPECT_LE(h.point.x, 0.75);
    }
  }
}

TEST(CastExact, TouchingAabbsMovingInIsAHitAtZeroAndMovingOutIsNone) {
  // Aabb [0,1]x[-1,1] touching [1,2]x[-3,1] on x = 1.
  const Aabb a{{0, -1}, {1, 1}}, b{{1, -3}, {2, 1}};
  const CastHit in = cast(a, Motion{{0.5, 0}, 0}, b, Motion{});
  ASSERT_TRUE(in.hit);
  EXPECT_EQ(in.fraction, 0.0);
  EXPECT_EQ(in.normal.x, 1.0);
  EXPECT_EQ(in.normal.y, 0.0);
  EXPECT_FALSE(cast(a, Motion{{-0.5, 0}, 0}, b, Motion{}).hit);
  // The same relative motion given to B.
  EXPECT_TRUE(cast(a, Motion{}, b, Motion{{-0.5, 0}, 0}).hit);
  EXPECT_FALSE(cast(a, Motion{}, b, Motion{{0.5, 0}, 0}).hit);
}

TEST(CastExact, StartTouchingThenThroughIsNeverMissed) {
  // A touches B at a vertex and moves through it (the tunnelling kind): a hit at 0.
  Polygon tri;
  const Vec2 pts[] = {{0, 0}, {2, 0}, {1, 1}};
  ASSERT_TRUE(Polygon::create(pts, tri).ok());
  const CastHit h = cast(tri, Motion{{0, 5}, 0}, Aabb{{0.5, 1}, {1.5, 2}}, Motion{});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 0.0);
  EXPECT_GT(h.normal.y, 0.0);
}

// -- every pair of sharp kinds, every feature pair, at every scale --------------------------------------------------

TEST(CastExact, VertexVertexGrazeIsNoHitAndAnOffsetIsAHit) {
  for (double s : kScales)
    for (Kind ka : kKinds)
      for (Kind kb : kKinds) {
        SCOPED_TRACE(label(ka, kb, s));
        // A = [0,s]^2 (segment: its top edge) moves by (2s, 2s); B = [0,s]x[2s,4s] (segment: its bottom edge).
        const Shape a = rect(ka, 0, 0, s, s, {0, s}, {s, s});
        const Shape b = rect(kb, 0, 2 * s, s, 4 * s, {0, 2 * s}, {s, 2 * s});
        EXPECT_FALSE(castA(a, {2 * s, 2 * s}, b).hit);
        EXPECT_FALSE(castA(b, {-2 * s, -2 * s}, a).hit);  // the same graze seen from B
        // B shifted right by s/2: the path now crosses it.
        const Shape b2 = rect(kb, 0.5 * s, 2 * s, 1.5 * s, 4 * s, {0.5 * s, 2 * s}, {1.5 * s, 2 * s});
        const CastHit h = castA(a, {2 * s, 2 * s}, b2);
        ASSERT_TRUE(h.hit);
        EXPECT_LE(h.fraction, 0.5);
        EXPECT_GE(h.fraction, 0.5 - 1e-9);
      }
}

TEST(CastExact, EdgeEdgeSlideIsNoHitAndStartsInContactAreDecidedByTheMotion) {
  for (double s : kScales)
    for (Kind ka : kKinds)
      for (Kind kb : kKinds) {
        SCOPED_TRACE(label(ka, kb, s));
        // A = [0,s]x[s,2s] (segment: its bottom edge) rests on B = [-4s,4s]x[0,s] (segment: its top edge).
        const Shape a = rect(ka, 0, s, s, 2 * s, {0, s}, {s, s});
        const Shape b = rect(kb, -4 * s, 0, 4 * s, s, {-4 * s, s}, {4 * s, s});
        EXPECT_FALSE(castA(a, {2 * s, 0}, b).hit);        // sliding along
        EXPECT_FALSE(castA(a, {-8 * s, 0}, b).hit);       // sliding off the end
        EXPECT_FALSE(castA(a, {2 * s, 0.5 * s}, b).hit);  // lifting off
        EXPECT_FALSE(castA(a, {0, s}, b).hit);
        const CastHit in = castA(a, {2 * s, -0.5 * s}, b);  // pressing in while walking
        const bool flat = ka == Kind::Segment && kb == Kind::Segment;  // flat on flat: apart for every t > 0
        ASSERT_EQ(in.hit, !flat);
        if (!flat) {
          EXPECT_EQ(in.fraction, 0.0);
          EXPECT_EQ(in.normal.x, 0.0);
          EXPECT_EQ(in.normal.y, -1.0);
        }
        // B moving instead of A: the same decisions.
        EXPECT_FALSE(cast(a, Motion{}, b, Motion{{-2 * s, 0}, 0}).hit);
        EXPECT_EQ(cast(a, Motion{}, b, Motion{{-2 * s, 0.5 * s}, 0}).hit, !flat);
      }
}

TEST(CastExact, VertexEdgeGrazeIsNoHitAndStartsInContactAreDecidedByTheMotion) {
  for (double s : kScales)
    for (Kind kb : kKinds) {
      // A diamond (polygon) or a vertical segment whose lowest vertex (s, s) touches B's top edge y = s.
      Polygon diamond;
      const Vec2 pts[] = {{s, s}, {2 * s, 2 * s}, {s, 3 * s}, {0, 2 * s}};
      ASSERT_TRUE(Polygon::create(pts, diamond).ok());
      const Shape movers[] = {diamond, Segment{{s, s}, {s, 3 * s}}, Segment{{s, s}, {s, s}}};
      const Shape b = rect(kb, -4 * s, 0, 4 * s, s, {-4 * s, s}, {4 * s, s});
      for (int m = 0; m < 3; ++m) {
        const Shape& a = movers[m];
        SCOPED_TRACE(label(Kind::Polygon, kb, s, m));
        EXPECT_FALSE(castA(a, {2 * s, 0}, b).hit);   // the vertex slides along the edge
        EXPECT_FALSE(castA(a, {-2 * s, s}, b).hit);  // moving away
        const CastHit in = castA(a, {2 * s, -s}, b);
        const bool flat = m == 2 && kb == Kind::Segment;  // a point on a segment
        ASSERT_EQ(in.hit, !flat);
        if (!flat) {
          EXPECT_EQ(in.fraction, 0.0);
        }
        // Approaching from above the edge: hit at fraction 1/2 from a height of s / 2.
        const Shape b2 = rect(kb, -4 * s, -0.5 * s, 4 * s, 0.5 * s, {-4 * s, 0.5 * s}, {4 * s, 0.5 * s});
        const CastHit h = castA(a, {s, -s}, b2);
        ASSERT_TRUE(h.hit);
        EXPECT_LE(h.fraction, 0.5);
        EXPECT_GE(h.fraction, 0.5 - 1e-9);
        // The same edge approached exactly parallel at the vertex's height: a graze.
        const Shape b3 = rect(kb, 3 * s, 0, 8 * s, s, {3 * s, s}, {8 * s, s});
        EXPECT_FALSE(castA(a, {4 * s, 0}, b3).hit);
      }
    }
}

TEST(CastExact, VertexPassingVertexOfARotatedShapeIsAGraze) {
  // The diamond's top vertex (s, 3s) moves by (4s, 2s) and passes the square's bottom-right corner (3s, 4s) at t = 1/2:
  // the line of motion separates the two corners' edges (vertex-vertex), so they touch at one instant only. (Scales
  // are powers of two here: 3s and 5s must be exact for the touch to be exact.)
  for (double s : {0x1p-20, 0x1p-10, 1.0, 0x1p10, 0x1p20, 0x1p30}) {
    Polygon diamond;
    const Vec2 pts[] = {{s, s}, {2 * s, 2 * s}, {s, 3 * s}, {0, 2 * s}};
    ASSERT_TRUE(Polygon::create(pts, diamond).ok());
    SCOPED_TRACE(s);
    EXPECT_FALSE(cast(diamond, Motion{{4 * s, 2 * s}, 0}, Aabb{{2 * s, 4 * s}, {3 * s, 5 * s}}, Motion{}).hit);
    EXPECT_FALSE(cast(Aabb{{2 * s, 4 * s}, {3 * s, 5 * s}}, Motion{{-4 * s, -2 * s}, 0}, diamond, Motion{}).hit);
    // One ulp wider and the square's bottom edge is crossed.
    const double x = std::nextafter(3 * s, 4 * s);
    const CastHit h = cast(diamond, Motion{{4 * s, 2 * s}, 0}, Aabb{{2 * s, 4 * s}, {x, 5 * s}}, Motion{});
    ASSERT_TRUE(h.hit);
    EXPECT_LE(h.fraction, 0.5);
    EXPECT_GE(h.fraction, 0.5 - 1e-9);
    // One ulp narrower: a clean miss.
    const double x2 = std::nextafter(3 * s, 0.0);
    EXPECT_FALSE(cast(diamond, Motion{{4 * s, 2 * s}, 0}, Aabb{{2 * s, 4 * s}, {x2, 5 * s}}, Motion{}).hit);
  }
}

TEST(CastExact, CrossingSegmentsHitAndEndToEndGrazeDoesNot) {
  for (double s : kScales) {
    SCOPED_TRACE(s);
    // A vertical segment moving right across a vertical segment it overlaps in y: a hit at 1/4.
    const CastHit h = cast(Segment{{0, 0}, {0, 2 * s}}, Motion{{4 * s, 0}, 0}, Segment{{s, s}, {s, 4 * s}}, Motion{});
    ASSERT_TRUE(h.hit);
    EXPECT_LE(h.fraction, 0.25);
    EXPECT_GE(h.fraction, 0.25 - 1e-9);
    // Ends meeting only at one point ((s, 2s)) while passing: a graze.
    EXPECT_FALSE(cast(Segment{{0, 0}, {0, 2 * s}}, Motion{{4 * s, 0}, 0}, Segment{{s, 2 * s}, {s, 4 * s}}, Motion{}).hit);
    // Collinear segments moving along their common line: they slide (no area to enter), not a hit.
    EXPECT_FALSE(cast(Segment{{0, 0}, {s, 0}}, Motion{{4 * s, 0}, 0}, Segment{{2 * s, 0}, {4 * s, 0}}, Motion{}).hit);
    // Two flat shapes touching at t = 0 are apart for every t > 0 whichever way they move: no hit at 0.
    EXPECT_FALSE(cast(Segment{{s, s}, {s, s}}, Motion{{s, -s}, 0}, Segment{{0, s}, {2 * s, s}}, Motion{}).hit);
    EXPECT_FALSE(cast(Segment{{0, s}, {s, s}}, Motion{{s, -s}, 0}, Segment{{0, s}, {2 * s, s}}, Motion{}).hit);
    // A point crossing a segment's middle from a distance: a hit.
    const CastHit x = cast(Segment{{s, 2 * s}, {s, 2 * s}}, Motion{{s, -2 * s}, 0}, Segment{{0, s}, {2 * s, s}}, Motion{});
    ASSERT_TRUE(x.hit);
    EXPECT_LE(x.fraction, 0.5);
    EXPECT_GE(x.fraction, 0.5 - 1e-9);
    // A point passing a segment's end: a graze; through its middle: a hit.
    EXPECT_FALSE(cast(Segment{{0, 2 * s}, {0, 2 * s}}, Motion{{4 * s, 0}, 0}, Segment{{s, s}, {s, 2 * s}}, Motion{}).hit);
    EXPECT_TRUE(cast(Segment{{0, s}, {0, s}}, Motion{{4 * s, 0}, 0}, Segment{{s, 0}, {s, 2 * s}}, Motion{}).hit);
  }
}

TEST(CastExact, StartOverlappingKeepsTheCollideNormalRule) {
  // Interiors overlapping at t = 0 (not a touch): a hit at 0 when moving in along collide()'s normal, else none.
  const Aabb a{{0, 0.5}, {1, 1.5}}, floor{{-5, 0}, {5, 1}};
  const CastHit in = cast(a, Motion{{0, -1}, 0}, floor, Motion{});
  ASSERT_TRUE(in.hit);
  EXPECT_EQ(in.fraction, 0.0);
  EXPECT_FALSE(cast(a, Motion{{0, 1}, 0}, floor, Motion{}).hit);
}

TEST(CastExact, PointsAreSharpToo) {
  // A radius-0 circle and a radius-0 capsule are points: exact grazes as well.
  EXPECT_FALSE(cast(Circle{{0, 2}, 0}, Motion{{4, 0}, 0}, Aabb{{1, 0}, {2, 2}}, Motion{}).hit);  // slides on the top
  EXPECT_FALSE(cast(Circle{{0, 3}, 0}, Motion{{4, -2}, 0}, Aabb{{1, 0}, {2, 2}}, Motion{}).hit);  // passes (2, 2)
  EXPECT_TRUE(cast(Circle{{0, 3}, 0}, Motion{{4, -2.5}, 0}, Aabb{{1, 0}, {2, 2}}, Motion{}).hit);
  EXPECT_FALSE(cast(Capsule{{0, 3}, {0, 3}, 0}, Motion{{4, -2}, 0}, Aabb{{1, 0}, {2, 2}}, Motion{}).hit);
}

TEST(CastExact, NoMotionIsNoHit) {
  EXPECT_FALSE(cast(Aabb{{0, 0}, {1, 1}}, Motion{}, Aabb{{1, 0}, {2, 1}}, Motion{}).hit);
  EXPECT_FALSE(cast(Aabb{{0, 0}, {1, 1}}, Motion{{1, 1}, 0}, Aabb{{1, 0}, {2, 1}}, Motion{{1, 1}, 0}).hit);
}

// -- the fraction's precision (queries.h): t_in - 2^-39 S / v <= fraction <= t_in ------------------------------------

// A box approaching a floor with normal speed v along a long, nearly parallel path at magnitude S.
TEST(CastExact, FractionPrecisionAtLargeMagnitudesAndSlowNormalApproach) {
  for (double big : {1e6, 1e7, 1e8, 1e9}) {
    for (double v : {1.0, 1e-2, 1e-4}) {
      SCOPED_TRACE(label(Kind::Aabb, Kind::Aabb, big * v));
      // A = [big, big + 1] x [h, h + 1], h = v / 16: first touch at t = 1/16 exactly; it moves (big, -v).
      const double h = v / 16;
      const Aabb a{{big, h}, {big + 1, h + 1}};
      const Aabb floor{{0, -1}, {4 * big, 0}};
      const CastHit c = cast(a, Motion{{big, -v}, 0}, floor, Motion{});
      const double S = 4 * big;  // largest magnitude among the inputs
      const double bound = std::ldexp(S, -39) / v;
      ASSERT_TRUE(c.hit);
      EXPECT_LE(c.fraction, 1.0 / 16);
      EXPECT_GE(c.fraction, 1.0 / 16 - bound);
      EXPECT_EQ(c.normal.y, -1.0);
    }
  }
}

TEST(CastExact, FractionPrecisionNearlyParallelEdges) {
  // A's bottom edge approaches a floor tilted by 2^-30 (its top edge from (X, 0) to (X + L, L 2^-30)); A's bottom-left
  // corner (X + L / 2, y0) falls with speed v: it meets the floor at y = L 2^-31.
  for (double X : {1e6, 1e9}) {
    const double L = 0x1p20, tilt = 0x1p-30;
    Polygon floor;
    const Vec2 pts[] = {{X, -1}, {X + L, -1}, {X + L, L * tilt}, {X, 0}};
    ASSERT_TRUE(Polygon::create(pts, floor).ok());
    const double yTouch = L * 0.5 * tilt;
    const double v = 1.0;
    const Aabb a{{X + L * 0.5, yTouch + 0.25}, {X + L * 0.5 + 1, yTouch + 1.25}};
    const CastHit c = cast(a, Motion{{0, -v}, 0}, floor, Motion{});
    ASSERT_TRUE(c.hit);
    const double tIn = 0.25;  // exact: the corner drops 0.25 onto the floor's edge
    const double S = X + L;
    // v along the floor's normal: v cos(tilt) ~ v.
    EXPECT_LE(c.fraction, tIn);
    EXPECT_GE(c.fraction, tIn - std::ldexp(S, -39) / v);
  }
}

}  // namespace
