// Lines and segments: exact classification (parallel, collinear, T-junctions, touching endpoints, zero-length),
// exact endpoints, parameters, closest points, point-on-segment.
#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace {

using namespace collide2d;
using Kind = SegmentIntersection::Kind;
using LKind = LineIntersection::Kind;

constexpr double kTol = 1e-12;

double up(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()); }
double down(double x) { return std::nextafter(x, -std::numeric_limits<double>::infinity()); }

TEST(Lines, LineCrossingUsesSeedParameters) {
  const LineIntersection r = intersect(Line{{0, 0}, {2, 0}}, Line{{1, -1}, {1, 3}});
  ASSERT_EQ(r.kind, LKind::Point);
  EXPECT_NEAR(r.ta, 0.5, kTol);
  EXPECT_NEAR(r.tb, 0.25, kTol);
  EXPECT_NEAR(r.point.x, 1, kTol);
  EXPECT_NEAR(r.point.y, 0, kTol);
  // Parameters outside [0, 1] are fine for lines.
  const LineIntersection s = intersect(Line{{0, 0}, {1, 1}}, Line{{4, 0}, {5, -1}});
  ASSERT_EQ(s.kind, LKind::Point);
  EXPECT_NEAR(s.ta, 2, kTol);
  EXPECT_NEAR(s.tb, -2, kTol);
  EXPECT_NEAR(s.point.x, 2, kTol);
  EXPECT_NEAR(s.point.y, 2, kTol);
}

TEST(Lines, ParallelAndCoincidentAreExact) {
  EXPECT_EQ(intersect(Line{{0, 0}, {1, 1}}, Line{{0, 1}, {1, 2}}).kind, LKind::Parallel);
  EXPECT_EQ(intersect(Line{{0, 0}, {1, 1}}, Line{{5, 5}, {-3, -3}}).kind, LKind::Coincident);
  // Exactly proportional directions at 1e6 with a tiny slope (grid 2^-32 near 2^20).
  const double g = std::ldexp(1.0, -32);
  const double big = 1048576.0;
  const Line a{{big, big}, {big + 3 * g, big + 7 * g}};
  const Line b{{big, big + g}, {big + 6 * g, big + 15 * g}};
  EXPECT_EQ(intersect(a, b).kind, LKind::Parallel);
  // One ulp of tilt: now they cross.
  const Line c{{big, big + g}, {big + 6 * g, big + 16 * g}};
  EXPECT_EQ(intersect(a, c).kind, LKind::Point);
  // Points on y = x at unrelated doubles: exactly the same line although differences round.
  EXPECT_EQ(intersect(Line{{0.1, 0.1}, {0.7, 0.7}}, Line{{1e6 + 0.3, 1e6 + 0.3}, {-3.3, -3.3}}).kind,
            LKind::Coincident);
  EXPECT_EQ(intersect(Line{{0.1, 0.1}, {0.7, 0.7}}, Line{{1e6 + 0.3, up(1e6 + 0.3)}, {-3.3, up(-3.3)}}).kind,
            LKind::Point);
}

// Random lines on a dyadic grid at 1e6, many exactly parallel: compare with __int128.
TEST(Lines, RandomParallelClassificationMatchesInt128) {
  std::mt19937_64 rng(21);
  std::uniform_int_distribution<std::int64_t> coord(-(std::int64_t{1} << 50), std::int64_t{1} << 50);
  std::uniform_int_distribution<std::int64_t> small(-50, 50);
  int parallel = 0, coincident = 0;
  for (int n = 0; n < 3000; ++n) {
    const std::int64_t ax = coord(rng), ay = coord(rng);
    std::int64_t dx = small(rng), dy = small(rng);
    if (dx == 0 && dy == 0) dx = 1;
    const std::int64_t k = small(rng) == 0 ? 1 : small(rng);
    std::int64_t bx = ax + small(rng) * (n % 2 ? dx : 1), by = ay + small(rng) * (n % 2 ? dy : 1);
    if (n % 5 == 0) {
      bx = ax + 7 * dx;
      by = ay + 7 * dy;  // b on line A
    }
    const std::int64_t ex = bx + (k == 0 ? 1 : k) * dx + (n % 3 == 0 ? small(rng) % 2 : 0);
    const std::int64_t ey = by + (k == 0 ? 1 : k) * dy;
    if (ex == bx && ey == by) continue;
    const auto s = [](std::int64_t v) { return std::ldexp(static_cast<double>(v), -30); };
    const Line la{{s(ax), s(ay)}, {s(ax + dx), s(ay + dy)}};
    const Line lb{{s(bx), s(by)}, {s(ex), s(ey)}};
    const __int128 cr = static_cast<__int128>(dx) * (ey - by) - static_cast<__int128>(dy) * (ex - bx);
    const __int128 on = static_cast<__int128>(dx) * (by - ay) - static_cast<__int128>(dy) * (bx - ax);
    const LKind expected = cr != 0 ? LKind::Point : (on == 0 ? LKind::Coincident : LKind::Parallel);
    ASSERT_EQ(intersect(la, lb).kind, expected) << n;
    parallel += expected == LKind::Parallel;
    coincident += expected == LKind::Coincident;
  }
  EXPECT_GT(parallel, 100);
  EXPECT_GT(coincident, 100);
}

TEST(Segments, ProperCrossing) {
  const Segment a{{0, 0}, {2, 2}}, b{{0, 2}, {2, 0}};
  const SegmentIntersection r = intersect(a, b);
  ASSERT_EQ(r.kind, Kind::Point);
  EXPECT_NEAR(r.points[0].x, 1, kTol);
  EXPECT_NEAR(r.points[0].y, 1, kTol);
  EXPECT_NEAR(r.ua[0], 0.5, kTol);
  EXPECT_NEAR(r.ub[0], 0.5, kTol);
  EXPECT_TRUE(overlaps(a, b));
  EXPECT_FALSE(overlaps(a, Segment{{3, 0}, {5, -2}}));
  EXPECT_EQ(intersect(a, Segment{{3, 0}, {5, -2}}).kind, Kind::None);
  // Lines cross but outside segment B.
  EXPECT_EQ(intersect(Segment{{0, 0}, {4, 0}}, Segment{{2, 1}, {2, 3}}).kind, Kind::None);
}

TEST(Segments, TJunctionReturnsTheEndpointExactly) {
  {
    const SegmentIntersection r = intersect(Segment{{0, 0}, {2, 0}}, Segment{{1, 0}, {1, 5}});
    ASSERT_EQ(r.kind, Kind::Point);
    EXPECT_EQ(r.points[0], (Vec2{1, 0}));
    EXPECT_EQ(r.ub[0], 0.0);
    EXPECT_NEAR(r.ua[0], 0.5, kTol);
  }
  {
    // Inexact coordinates on y = x: (0.3, 0.3) is exactly on the line through (0.1, 0.1) and (0.7, 0.7).
    const Segment a{{0.1, 0.1}, {0.7, 0.7}};
    const SegmentIntersection r = intersect(a, Segment{{0.3, 5}, {0.3, 0.3}});
    ASSERT_EQ(r.kind, Kind::Point);
    EXPECT_EQ(r.points[0], (Vec2{0.3, 0.3}));
    EXPECT_EQ(r.ub[0], 1.0);
    EXPECT_NEAR(r.ua[0], (0.3 - 0.1) / 0.6, kTol);
    // A's own endpoint on B (roles swapped): ua is exactly 0.
    const SegmentIntersection s = intersect(Segment{{0.3, 0.3}, {0.3, 5}}, a);
    ASSERT_EQ(s.kind, Kind::Point);
    EXPECT_EQ(s.points[0], (Vec2{0.3, 0.3}));
    EXPECT_EQ(s.ua[0], 0.0);
    // One ulp above the line and pointing away: no contact at all.
    EXPECT_EQ(intersect(a, Segment{{0.3, up(0.3)}, {0.3, 5}}).kind, Kind::None);
    EXPECT_FALSE(overlaps(a, Segment{{0.3, up(0.3)}, {0.3, 5}}));
    // One ulp below the line going up: a proper crossing right next to (0.3, 0.3).
    const SegmentIntersection t = intersect(a, Segment{{0.3, down(0.3)}, {0.3, 5}});
    ASSERT_EQ(t.kind, Kind::Point);
    EXPECT_NEAR(t.points[0].x, 0.3, 1e-15);
    EXPECT_NEAR(t.points[0].y, 0.3, 1e-15);
  }
}

TEST(Segments, TouchingEndpoints) {
  const SegmentIntersection r = intersect(Segment{{0, 0}, {1, 1}}, Segment{{1, 1}, {2, 0}});
  ASSERT_EQ(r.kind, Kind::Point);
  EXPECT_EQ(r.points[0], (Vec2{1, 1}));
  EXPECT_EQ(r.ua[0], 1.0);
  EXPECT_EQ(r.ub[0], 0.0);
  const SegmentIntersection s = intersect(Segment{{0, 0}, {1, 1}}, Segment{{2, 0}, {0, 0}});
  ASSERT_EQ(s.kind, Kind::Point);
  EXPECT_EQ(s.points[0], (Vec2{0, 0}));
  EXPECT_EQ(s.ua[0], 0.0);
  EXPECT_EQ(s.ub[0], 1.0);
}

TEST(Segments, CollinearOverlapOrderedByUa) {
  {
    const SegmentIntersection r = intersect(Segment{{0, 0}, {4, 0}}, Segment{{6, 0}, {2, 0}});
    ASSERT_EQ(r.kind, Kind::Overlap);
    EXPECT_EQ(r.points[0], (Vec2{2, 0}));
    EXPECT_EQ(r.points[1], (Vec2{4, 0}));
    EXPECT_NEAR(r.ua[0], 0.5, kTol);
    EXPECT_EQ(r.ub[0], 1.0);
    EXPECT_EQ(r.ua[1], 1.0);
    EXPECT_NEAR(r.ub[1], 0.5, kTol);
  }
  {
    // A runs backwards: the shared part starts where A enters it.
    const SegmentIntersection r = intersect(Segment{{4, 0}, {0, 0}}, Segment{{1, 0}, {3, 0}});
    ASSERT_EQ(r.kind, Kind::Overlap);
    EXPECT_EQ(r.points[0], (Vec2{3, 0}));
    EXPECT_EQ(r.points[1], (Vec2{1, 0}));
    EXPECT_NEAR(r.ua[0], 0.25, kTol);
    EXPECT_NEAR(r.ua[1], 0.75, kTol);
    EXPECT_EQ(r.ub[0], 1.0);
    EXPECT_EQ(r.ub[1], 0.0);
  }
  {
    // Vertical, B inside A.
    const SegmentIntersection r = intersect(Segment{{0, 0}, {0, 4}}, Segment{{0, 1}, {0, 2}});
    ASSERT_EQ(r.kind, Kind::Overlap);
    EXPECT_EQ(r.points[0], (Vec2{0, 1}));
    EXPECT_EQ(r.points[1], (Vec2{0, 2}));
    EXPECT_NEAR(r.ua[0], 0.25, kTol);
    EXPECT_NEAR(r.ua[1], 0.5, kTol);
    EXPECT_EQ(r.ub[0], 0.0);
    EXPECT_EQ(r.ub[1], 1.0);
  }
  {
    // Identical segments.
    const SegmentIntersection r = intersect(Segment{{0.1, 0.1}, {0.7, 0.7}}, Segment{{0.7, 0.7}, {0.1, 0.1}});
    ASSERT_EQ(r.kind, Kind::Overlap);
    EXPECT_EQ(r.points[0], (Vec2{0.1, 0.1}));
    EXPECT_EQ(r.points[1], (Vec2{0.7, 0.7}));
    EXPECT_EQ(r.ua[0], 0.0);
    EXPECT_EQ(r.ub[0], 1.0);
    EXPECT_EQ(r.ua[1], 1.0);
    EXPECT_EQ(r.ub[1], 0.0);
  }
}

TEST(Segments, CollinearTouchingAndDisjoint) {
  const SegmentIntersection r = intersect(Segment{{0, 0}, {1, 1}}, Segment{{3, 3}, {1, 1}});
  ASSERT_EQ(r.kind, Kind::Point);
  EXPECT_EQ(r.points[0], (Vec2{1, 1}));
  EXPECT_EQ(r.ua[0], 1.0);
  EXPECT_EQ(r.ub[0], 1.0);
  EXPECT_EQ(intersect(Segment{{0, 0}, {1, 1}}, Segment{{2, 2}, {3, 3}}).kind, Kind::None);
  EXPECT_FALSE(overlaps(Segment{{0, 0}, {1, 1}}, Segment{{2, 2}, {3, 3}}));
  // Collinear, one ulp apart.
  EXPECT_EQ(intersect(Segment{{0.1, 0.1}, {0.5, 0.5}}, Segment{{up(0.5), up(0.5)}, {3, 3}}).kind, Kind::None);
}

TEST(Segments, ZeroLengthSegmentsArePoints) {
  {
    const SegmentIntersection r = intersect(Segment{{1, 1}, {1, 1}}, Segment{{0, 0}, {2, 2}});
    ASSERT_EQ(r.kind, Kind::Point);
    EXPECT_EQ(r.points[0], (Vec2{1, 1}));
    EXPECT_EQ(r.ua[0], 0.0);
    EXPECT_NEAR(r.ub[0], 0.5, kTol);
  }
  {
    const SegmentIntersection r = intersect(Segment{{0, 0}, {2, 2}}, Segment{{2, 2}, {2, 2}});
    ASSERT_EQ(r.kind, Kind::Point);
    EXPECT_EQ(r.ua[0], 1.0);
    EXPECT_EQ(r.ub[0], 0.0);
  }
  EXPECT_EQ(intersect(Segment{{1, up(1)}, {1, up(1)}}, Segment{{0, 0}, {2, 2}}).kind, Kind::None);
  EXPECT_EQ(intersect(Segment{{3, 3}, {3, 3}}, Segment{{0, 0}, {2, 2}}).kind, Kind::None);  // on line, outside
  EXPECT_EQ(intersect(Segment{{3, 3}, {3, 3}}, Segment{{3, 3}, {3, 3}}).kind, Kind::Point);
  EXPECT_EQ(intersect(Segment{{3, 3}, {3, 3}}, Segment{{3, 4}, {3, 4}}).kind, Kind::None);
  EXPECT_TRUE(overlaps(Segment{{3, 3}, {3, 3}}, Segment{{3, 3}, {3, 3}}));
}

TEST(Segments, NearlyParallelAt1e6) {
  const double big = 1048576.0;
  const double g = std::ldexp(1.0, -32);  // ulp at 2^20
  const Segment a{{big, big}, {big + 1, big + 1}};
  // Shifted up by one ulp: parallel, no contact.
  EXPECT_EQ(intersect(a, Segment{{big, big + g}, {big + 1, big + 1 + g}}).kind, Kind::None);
  EXPECT_FALSE(overlaps(a, Segment{{big, big + g}, {big + 1, big + 1 + g}}));
  // Above at the start, below at the end, by one ulp: they cross in the middle.
  const SegmentIntersection r = intersect(a, Segment{{big, big + g}, {big + 1, big + 1 - g}});
  ASSERT_EQ(r.kind, Kind::Point);
  EXPECT_NEAR(r.ua[0], 0.5, 1e-6);
  EXPECT_NEAR(r.points[0].x, big + 0.5, 1e-6);
  // Ending exactly on A: a T-junction at the far end.
  const SegmentIntersection t = intersect(a, Segment{{big, big + g}, {big + 1, big + 1}});
  ASSERT_EQ(t.kind, Kind::Point);
  EXPECT_EQ(t.points[0], (Vec2{big + 1, big + 1}));
  EXPECT_EQ(t.ua[0], 1.0);
  EXPECT_EQ(t.ub[0], 1.0);
}

// Random segments on a tiny grid (lots of collinear, touching, T and zero-length cases) against an __int128
// reference classification; also checks overlaps() == (kind != None) and that Point/Overlap answers lie on both.
TEST(Segments, RandomDegenerateGridMatchesReference) {
  std::mt19937_64 rng(99);
  std::uniform_int_distribution<int> c(0, 4);
  const auto o = [](std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
                    std::int64_t cy) {
    const __int128 v = static_cast<__int128>(bx - ax) * (cy - ay) - static_cast<__int128>(by - ay) * (cx - ax);
    return (v > 0) - (v < 0);
  };
  int counts[3] = {0, 0, 0};
  for (int n = 0; n < 20000; ++n) {
    std::int64_t p[8];
    for (auto& v : p) v = c(rng);
    // Reference: dot-product parameters on the integer grid.
    Kind expected;
    const bool aPt = p[0] == p[2] && p[1] == p[3], bPt = p[4] == p[6] && p[5] == p[7];
    const auto onSeg = [&](int s, std::int64_t x, std::int64_t y) {
      return o(p[s], p[s + 1], p[s + 2], p[s + 3], x, y) == 0 && std::min(p[s], p[s + 2]) <= x &&
             x <= std::max(p[s], p[s + 2]) && std::min(p[s + 1], p[s + 3]) <= y && y <= std::max(p[s + 1], p[s + 3]);
    };
    if (aPt && bPt) {
      expected = (p[0] == p[4] && p[1] == p[5]) ? Kind::Point : Kind::None;
    } else if (aPt) {
      expected = onSeg(4, p[0], p[1]) ? Kind::Point : Kind::None;
    } else if (bPt) {
      expected = onSeg(0, p[4], p[5]) ? Kind::Point : Kind::None;
    } else {
      const int o1 = o(p[0], p[1], p[2], p[3], p[4], p[5]), o2 = o(p[0], p[1], p[2], p[3], p[6], p[7]);
      const int o3 = o(p[4], p[5], p[6], p[7], p[0], p[1]), o4 = o(p[4], p[5], p[6], p[7], p[2], p[3]);
      if (o1 == 0 && o2 == 0) {
        // Project on A's direction (integers).
        const std::int64_t dx = p[2] - p[0], dy = p[3] - p[1];
        const auto proj = [&](std::int64_t x, std::int64_t y) { return (x - p[0]) * dx + (y - p[1]) * dy; };
        const std::int64_t la = dx * dx + dy * dy;
        const std::int64_t b0 = std::min(proj(p[4], p[5]), proj(p[6], p[7]));
        const std::int64_t b1 = std::max(proj(p[4], p[5]), proj(p[6], p[7]));
        const std::int64_t lo = std::max<std::int64_t>(0, b0), hi = std::min(la, b1);
        expected = lo > hi ? Kind::None : (lo == hi ? Kind::Point : Kind::Overlap);
      } else {
        expected = (o1 * o2 <= 0 && o3 * o4 <= 0) ? Kind::Point : Kind::None;
      }
    }
    // Doubles: grid scaled by 0.1 (inexact!) would break the reference, so use an exact dyadic scale and offset.
    const auto s = [](std::int64_t v) { return 1048576.0 + std::ldexp(static_cast<double>(v), -30); };
    const Segment a{{s(p[0]), s(p[1])}, {s(p[2]), s(p[3])}}, b{{s(p[4]), s(p[5])}, {s(p[6]), s(p[7])}};
    const SegmentIntersection r = intersect(a, b);
    ASSERT_EQ(r.kind, expected) << n;
    ASSERT_EQ(overlaps(a, b), expected != Kind::None) << n;
    ASSERT_EQ(overlaps(b, a), expected != Kind::None) << n;
    counts[static_cast<int>(expected)]++;
    if (expected == Kind::Overlap) {
      ASSERT_LT(r.ua[0], r.ua[1]);
      ASSERT_TRUE(contains(a, r.points[0]) && contains(b, r.points[0]));
      ASSERT_TRUE(contains(a, r.points[1]) && contains(b, r.points[1]));
    }
    if (expected == Kind::Point) {
      ASSERT_GE(r.ua[0], 0.0);
      ASSERT_LE(r.ua[0], 1.0);
      ASSERT_GE(r.ub[0], 0.0);
      ASSERT_LE(r.ub[0], 1.0);
    }
  }
  EXPECT_GT(counts[0], 1000);
  EXPECT_GT(counts[1], 1000);
  EXPECT_GT(counts[2], 100);
}

// Random T-junctions on y = x with arbitrary doubles: the endpoint on A must come back bit-exact.
TEST(Segments, RandomTJunctionsOnDiagonalAreExact) {
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(-1e6, 1e6);
  for (int n = 0; n < 2000; ++n) {
    double t0 = u(rng), t1 = u(rng);
    if (t0 == t1) continue;
    const double s = t0 + (t1 - t0) * 0.37;  // some double between them
    const Segment a{{t0, t0}, {t1, t1}};
    const Segment b{{s, s}, {s + u(rng) * 1e-3, s - 1.0}};
    const SegmentIntersection r = intersect(a, b);
    ASSERT_EQ(r.kind, Kind::Point) << n;
    ASSERT_EQ(r.points[0], (Vec2{s, s}));
    ASSERT_EQ(r.ub[0], 0.0);
    ASSERT_TRUE(contains(a, Vec2{s, s}));
    // Moved off the diagonal by one ulp, to the side the other end is on: no contact.
    const double sy = down(s);
    const Segment c{{s, sy}, {s + 1.0, s - 1.0}};  // both ends strictly below y = x
    ASSERT_FALSE(overlaps(a, c)) << n;
    ASSERT_FALSE(contains(a, Vec2{s, sy}));
  }
}

TEST(Segments, ClosestPoint) {
  const Segment s{{0, 0}, {4, 0}};
  SegmentPoint p = closestPoint(s, {1, 3});
  EXPECT_NEAR(p.t, 0.25, kTol);
  EXPECT_NEAR(p.point.x, 1, kTol);
  EXPECT_NEAR(p.distanceSquared, 9, kTol);
  p = closestPoint(s, {-2, 1});
  EXPECT_EQ(p.t, 0.0);
  EXPECT_EQ(p.point, (Vec2{0, 0}));
  EXPECT_NEAR(p.distanceSquared, 5, kTol);
  p = closestPoint(s, {7, -4});
  EXPECT_EQ(p.t, 1.0);
  EXPECT_EQ(p.point, (Vec2{4, 0}));
  EXPECT_NEAR(p.distanceSquared, 25, kTol);
  p = closestPoint(Segment{{2, 2}, {2, 2}}, {5, 6});
  EXPECT_EQ(p.t, 0.0);
  EXPECT_EQ(p.point, (Vec2{2, 2}));
  EXPECT_NEAR(p.distanceSquared, 25, kTol);
  // Line: unclamped.
  const SegmentPoint l = closestPoint(Line{{0, 0}, {4, 0}}, {8, 1});
  EXPECT_NEAR(l.t, 2, kTol);
  EXPECT_NEAR(l.point.x, 8, kTol);
  EXPECT_NEAR(l.distanceSquared, 1, kTol);
}

TEST(Segments, ContainsIsExact) {
  const Segment s{{0.1, 0.1}, {0.7, 0.7}};
  EXPECT_TRUE(contains(s, {0.1, 0.1}));
  EXPECT_TRUE(contains(s, {0.7, 0.7}));
  EXPECT_TRUE(contains(s, {0.3, 0.3}));
  EXPECT_FALSE(contains(s, {0.3, up(0.3)}));
  EXPECT_FALSE(contains(s, {up(0.7), up(0.7)}));  // on the line, past the end
  EXPECT_TRUE(contains(Line{{0.1, 0.1}, {0.7, 0.7}}, {up(0.7), up(0.7)}));
  EXPECT_TRUE(contains(Line{{0.1, 0.1}, {0.7, 0.7}}, {-1e6, -1e6}));
  EXPECT_FALSE(contains(Line{{0.1, 0.1}, {0.7, 0.7}}, {-1e6, down(-1e6)}));
  // Slope 3: (0.25, 0.75) is exactly on it; (0.1, 0.3) is not, because 0.3 != 3 * 0.1 for the binary doubles.
  const Segment t{{0.0, 0.0}, {1.0, 3.0}};
  EXPECT_TRUE(contains(t, {0.25, 0.75}));
  EXPECT_FALSE(contains(t, {0.1, 0.3}));
  EXPECT_TRUE(contains(Segment{{1, 1}, {1, 1}}, {1, 1}));
  EXPECT_FALSE(contains(Segment{{1, 1}, {1, 1}}, {1, up(1)}));
}

TEST(Segments, NonFiniteInputIsDefined) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Segment s{{0, 0}, {1, 1}};
  (void)intersect(s, Segment{{nan, 0}, {1, 0}});
  (void)intersect(Segment{{inf, 0}, {-inf, 0}}, s);
  (void)intersect(Line{{nan, nan}, {1, 0}}, Line{{0, 0}, {1, 1}});
  EXPECT_FALSE(contains(s, {nan, nan}));
  EXPECT_FALSE(overlaps(s, Segment{{nan, nan}, {nan, nan}}));
  const SegmentPoint p = closestPoint(Segment{{0, 0}, {inf, 0}}, {1, 1});
  (void)p;
}

}  // namespace
