// Tests of sweep() and moveAndSlide(): worked examples (seed 004 included), edge cases, and seeded property tests
// whose checks are computed independently in long double (never with the library's own distance code).

#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using collide2d::Circle;
using collide2d::moveAndSlide;
using collide2d::Segment;
using collide2d::SlideResult;
using collide2d::sweep;
using collide2d::SweepHit;
using collide2d::Vec2;

using Real = long double;

struct P {
  Real x, y;
};
P toP(Vec2 v) { return {static_cast<Real>(v.x), static_cast<Real>(v.y)}; }
P sub(P a, P b) { return {a.x - b.x, a.y - b.y}; }
Real dotP(P a, P b) { return a.x * b.x + a.y * b.y; }
Real crossP(P a, P b) { return a.x * b.y - a.y * b.x; }
Real lenP(P a) { return std::sqrt(dotP(a, a)); }

// Distance from p to segment [a, b], in long double.
Real pointSegment(P p, P a, P b) {
  const P e = sub(b, a);
  const P w = sub(p, a);
  const Real l2 = dotP(e, e);
  if (l2 == 0) return lenP(w);
  const Real s = dotP(w, e);
  if (s <= 0) return lenP(w);
  if (s >= l2) return lenP(sub(p, b));
  return std::fabs(crossP(e, w)) / std::sqrt(l2);
}
Real wallDistance(Vec2 p, const Segment& s) { return pointSegment(toP(p), toP(s.a), toP(s.b)); }

int sgn(Real v) { return (v > 0) - (v < 0); }

// Minimum distance between segments [p0, p1] and [a, b], in long double: 0 when they cross, otherwise the
// smallest of the four endpoint-to-segment distances. An independent check of "the path stays out of the capsule".
Real segmentSegment(Vec2 p0v, Vec2 p1v, const Segment& s) {
  const P p0 = toP(p0v), p1 = toP(p1v), a = toP(s.a), b = toP(s.b);
  const int o1 = sgn(crossP(sub(p1, p0), sub(a, p0)));
  const int o2 = sgn(crossP(sub(p1, p0), sub(b, p0)));
  const int o3 = sgn(crossP(sub(b, a), sub(p0, a)));
  const int o4 = sgn(crossP(sub(b, a), sub(p1, a)));
  if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
  return std::min(std::min(pointSegment(p0, a, b), pointSegment(p1, a, b)),
                  std::min(pointSegment(a, p0, p1), pointSegment(b, p0, p1)));
}

Vec2 closestOnSegment(Vec2 p, const Segment& s) {
  const Vec2 e = s.b - s.a;
  const double t = std::clamp(collide2d::dot(p - s.a, e) / collide2d::dot(e, e), 0.0, 1.0);
  return s.a + e * t;
}

Real minWallDistance(Vec2 p, const std::vector<Segment>& walls) {
  Real best = std::numeric_limits<Real>::infinity();
  for (const Segment& s : walls) best = std::min(best, wallDistance(p, s));
  return best;
}

// The acceptance threshold of the brief for positions: no tolerance beyond rounding of a distance computation.
Real floorOf(double r) { return static_cast<Real>(r) * (1 - static_cast<Real>(1e-12)); }

// For straight legs between two stored (double) positions: the stored end point is the computed stop rounded to
// double, which moves the leg's line by up to half an ulp of the coordinates (1e-10 at 1e6). A leg may therefore
// dip into a capsule by that much and no more; `scale` is the largest coordinate magnitude involved.
Real pathFloorOf(double r, Real scale) {
  return floorOf(r) - 2 * static_cast<Real>(std::numeric_limits<double>::epsilon()) * scale;
}
Real magnitude(Vec2 v) { return std::max(std::fabs(static_cast<Real>(v.x)), std::fabs(static_cast<Real>(v.y))); }
Real sceneScale(Vec2 from, Vec2 to, const std::vector<Segment>& walls) {
  Real m = std::max(magnitude(from), magnitude(to));
  for (const Segment& w : walls) m = std::max({m, magnitude(w.a), magnitude(w.b)});
  return m;
}

// Seeded generator with our own uniform mapping (53 random bits -> [0, 1)).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  int below(int n) { return static_cast<int>(engine_() % static_cast<std::uint64_t>(n)); }
  Vec2 point(double lo, double hi) { return {uniform(lo, hi), uniform(lo, hi)}; }

 private:
  std::mt19937_64 engine_;
};

SweepHit sweepV(const Circle& c, Vec2 d, const std::vector<Segment>& walls) {
  return sweep(c, d, std::span<const Segment>(walls.data(), walls.size()));
}
SlideResult slideV(const Circle& c, Vec2 d, const std::vector<Segment>& walls, int maxIterations = 4) {
  return moveAndSlide(c, d, std::span<const Segment>(walls.data(), walls.size()), maxIterations);
}

constexpr double kTol = 1e-12;

// ------------------------------------------------------------------------------------------------------------
// Worked examples
// ------------------------------------------------------------------------------------------------------------

TEST(SweepTest, HeadOnHitStopsTouchingTheWall) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.wall, 0);
  EXPECT_NEAR(h.time, 0.4, kTol);
  EXPECT_NEAR(h.normal.x, -1, kTol);
  EXPECT_NEAR(h.normal.y, 0, kTol);
  EXPECT_NEAR(h.point.x, 5, kTol);
  EXPECT_NEAR(h.point.y, 0, kTol);
  // Backed off by the skin only: just before x = 4, never past it.
  EXPECT_LE(h.position.x, 4.0);
  EXPECT_GT(h.position.x, 4.0 - 1e-12);
  EXPECT_EQ(h.position.y, 0.0);
  EXPECT_GE(wallDistance(h.position, walls[0]), 1.0L);
}

TEST(SweepTest, GlancingHitOnAWallEndpoint) {
  // The centre passes below the wall's lower end (5, 0.5); the circle clips that corner.
  const std::vector<Segment> walls = {{{5, 0.5}, {5, 5}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  const double x = 5 - std::sqrt(0.75);
  EXPECT_NEAR(h.time, x / 10, kTol);
  EXPECT_NEAR(h.point.x, 5, kTol);
  EXPECT_NEAR(h.point.y, 0.5, kTol);
  EXPECT_NEAR(h.normal.x, x - 5, 1e-12);
  EXPECT_NEAR(h.normal.y, -0.5, 1e-12);
  EXPECT_GE(wallDistance(h.position, walls[0]), 1.0L);
  EXPECT_LE(h.position.x, x);
}

TEST(SweepTest, MissBesideTheWallEnd) {
  const std::vector<Segment> walls = {{{5, 1.5}, {5, 5}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.wall, -1);
  EXPECT_EQ(h.time, 1.0);
  EXPECT_EQ(h.position, (Vec2{10, 0}));
}

TEST(SweepTest, ExactTangentGrazeOfAnEndpointIsNotAHit) {
  // The circle's top runs exactly along y = 1 past the corner (5, 1): touching, but never moving into it.
  const std::vector<Segment> walls = {{{5, 1}, {5, 5}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.position, (Vec2{10, 0}));
}

TEST(SweepTest, Seed004CircleHitsAlthoughTheCentreLineMissesTheWall) {
  // Seed 004's situation: the line of the centre's motion (y = 0) meets the wall's line at x = 5.5, outside the
  // wall (parameter -0.25), so a point would pass; but the swept rectangle's upper border y = 1 crosses the wall,
  // and the circle (r = 1) stops against the wall's end (6, 0.8) with its centre at (5.4, 0).
  const std::vector<Segment> walls = {{{6, 0.8}, {8, 4}}};
  const SweepHit point = sweepV({{0, 0}, 0}, {10, 0}, walls);
  EXPECT_FALSE(point.hit);
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 0.54, kTol);
  EXPECT_NEAR(h.point.x, 6, kTol);
  EXPECT_NEAR(h.point.y, 0.8, kTol);
  EXPECT_NEAR(h.normal.x, -0.6, kTol);
  EXPECT_NEAR(h.normal.y, -0.8, kTol);
  EXPECT_NEAR(h.position.x, 5.4, 1e-12);
  EXPECT_LE(h.position.x, 5.4);
  EXPECT_GE(wallDistance(h.position, walls[0]), 1.0L);
  // The corrected destination, not the uncorrected one (10, 0).
  EXPECT_NE(h.position, (Vec2{10, 0}));
}

TEST(SweepTest, StartingInContactMovingInHitsAtTimeZero) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit touching = sweepV({{4, 0}, 1}, {1, 0.5}, walls);
  ASSERT_TRUE(touching.hit);
  EXPECT_EQ(touching.time, 0.0);
  EXPECT_EQ(touching.position, (Vec2{4, 0}));
  EXPECT_EQ(touching.normal, (Vec2{-1, 0}));
  EXPECT_EQ(touching.point, (Vec2{5, 0}));
  const SweepHit overlapping = sweepV({{4.5, 1}, 1}, {3, 0}, walls);
  ASSERT_TRUE(overlapping.hit);
  EXPECT_EQ(overlapping.time, 0.0);
  EXPECT_EQ(overlapping.position, (Vec2{4.5, 1}));
}

TEST(SweepTest, StartingInContactMovingOutIsNotAHit) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit touching = sweepV({{4, 0}, 1}, {-1, 0.5}, walls);
  EXPECT_FALSE(touching.hit);
  EXPECT_EQ(touching.position, (Vec2{3, 0.5}));
  const SweepHit overlapping = sweepV({{4.5, 0}, 1}, {-3, 0}, walls);
  EXPECT_FALSE(overlapping.hit);
  EXPECT_EQ(overlapping.position, (Vec2{1.5, 0}));
}

TEST(SweepTest, CentreOnTheWallMovingAcrossLeavesIt) {
  // A centre exactly on the wall overlaps it by r; moving across it, or along it, only leaves it (issue 10, item 6,
  // where it was stuck at time 0 in both directions).
  const std::vector<Segment> walls = {{{0, -2}, {0, 2}}};
  for (const double dx : {1.0, -1.0}) {
    const SweepHit h = sweepV({{0, 0}, 0.5}, {dx, 0}, walls);
    EXPECT_FALSE(h.hit);
    EXPECT_EQ(h.position, (Vec2{dx, 0}));
  }
}

TEST(SweepTest, ParallelMotionAlongATouchedWallIsNotAHit) {
  const std::vector<Segment> floor = {{{-10, 0}, {10, 0}}};
  const SweepHit h = sweepV({{0, 1}, 1}, {5, 0}, floor);
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.position, (Vec2{5, 1}));
  // A tilted floor along (0.6, 0.8) of a not-so-round length, touched by a circle of radius 1.
  const Vec2 u{0.6, 0.8};
  const Vec2 n{-0.8, 0.6};
  const std::vector<Segment> slope = {{{0.1, 0.3}, Vec2{0.1, 0.3} + u * 37.3}};
  const Vec2 start = Vec2{0.1, 0.3} + u * 3.7 + n * 1.0;
  const SweepHit s = sweepV({start, 1}, u * 11.9, slope);
  EXPECT_FALSE(s.hit);
  EXPECT_EQ(s.position, start + u * 11.9);
}

TEST(SweepTest, MovingAwayFromAWallIsNotAHit) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit h = sweepV({{3, 0}, 1}, {-10, 3}, walls);
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.position, (Vec2{-7, 3}));
}

TEST(SweepTest, ZeroDisplacementIsNoHit) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit h = sweepV({{4.5, 0}, 1}, {0, 0}, walls);  // even while overlapping
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.position, (Vec2{4.5, 0}));
  EXPECT_EQ(h.time, 1.0);
}

TEST(SweepTest, ZeroLengthWallIsAPoint) {
  const std::vector<Segment> walls = {{{5, 0.6}, {5, 0.6}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 0.42, kTol);  // (5 - x)^2 + 0.36 = 1  ->  x = 4.2
  EXPECT_EQ(h.point, (Vec2{5, 0.6}));
  EXPECT_NEAR(h.normal.x, -0.8, kTol);
  EXPECT_NEAR(h.normal.y, -0.6, kTol);
  EXPECT_GE(wallDistance(h.position, walls[0]), 1.0L);
  EXPECT_FALSE(sweepV({{0, 0}, 1}, {10, 0}, {{{5, 1.2}, {5, 1.2}}}).hit);
}

TEST(SweepTest, PointCircleHitsAWallEndHeadOnAlongItsLine) {
  // Radius 0: the centre runs along the wall's own line into its end.
  const std::vector<Segment> walls = {{{5, 0}, {6, 0}}};
  const SweepHit h = sweepV({{0, 0}, 0}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 0.5, kTol);
  EXPECT_LE(h.position.x, 5.0);
}

TEST(SweepTest, EarliestWallWinsAndTiesGoToTheLowestIndex) {
  const std::vector<Segment> walls = {{{8, -2}, {8, 2}}, {{5, -2}, {5, 2}}, {{5, -3}, {5, 3}}};
  const SweepHit h = sweepV({{0, 0}, 1}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.wall, 1);
  EXPECT_NEAR(h.time, 0.4, kTol);
}

TEST(SweepTest, LongDisplacementThroughAThinWallNeverTunnels) {
  const std::vector<Segment> walls = {{{0.5, -1e-3}, {0.5, 1e-3}}};
  const SweepHit h = sweepV({{0, 0}, 0.25}, {1e6, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 0.25e-6, 1e-18);
  EXPECT_LE(h.position.x, 0.25);
  EXPECT_GE(wallDistance(h.position, walls[0]), 0.25L);
  // Diagonal, across a diagonal sliver, from far away.
  const std::vector<Segment> sliver = {{{-1, 1}, {1, -1}}};
  const SweepHit d = sweepV({{-7e5, -7e5}, 1e-3}, {1.4e6, 1.4e6}, sliver);
  ASSERT_TRUE(d.hit);
  EXPECT_LT(d.position.x + d.position.y, 0.0);
  EXPECT_GE(wallDistance(d.position, sliver[0]), static_cast<Real>(1e-3));
}

TEST(SweepTest, HugeCoordinatesAndTinyRadius) {
  const double big = 1e6;
  const std::vector<Segment> walls = {{{big + 5, big - 2}, {big + 5, big + 2}}};
  const double r = 1e-6;
  const SweepHit h = sweepV({{big, big}, r}, {10, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, (5 - r) / 10, 1e-15);
  EXPECT_NEAR(h.normal.x, -1, kTol);
  EXPECT_LE(h.position.x, big + 5 - r);
  EXPECT_GT(h.position.x, big + 5 - r - 1e-8);
  EXPECT_GE(wallDistance(h.position, walls[0]), static_cast<Real>(r));
  // The glancing corner case at that scale: the centre passes 0.5 r below the wall's end.
  const std::vector<Segment> corner = {{{big + 5, big + 0.5 * r}, {big + 5, big + 1}}};
  const SweepHit g = sweepV({{big, big}, r}, {10, 0}, corner);
  ASSERT_TRUE(g.hit);
  EXPECT_NEAR(g.normal.y, -0.5, 1e-3);  // contact coordinates carry ~1e-10 absolute rounding at 1e6
  EXPECT_GE(wallDistance(g.position, corner[0]), static_cast<Real>(r));
  // A miss by 1.5 r at that scale.
  const std::vector<Segment> beside = {{{big + 5, big + 1.5 * r}, {big + 5, big + 1}}};
  EXPECT_FALSE(sweepV({{big, big}, r}, {10, 0}, beside).hit);
}

TEST(SweepTest, TinyCoordinates) {
  const double s = 1e-9;
  const std::vector<Segment> walls = {{{5 * s, -2 * s}, {5 * s, 2 * s}}};
  const SweepHit h = sweepV({{0, 0}, s}, {10 * s, 0}, walls);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 0.4, kTol);
  EXPECT_LE(h.position.x, 4 * s);
  EXPECT_GT(h.position.x, 4 * s * (1 - 1e-12));
}

TEST(SweepTest, InvalidInputGivesADefinedResult) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SweepHit a = sweepV({{0, 0}, 1}, {nan, 0}, walls);
  EXPECT_FALSE(a.hit);
  EXPECT_EQ(a.position, (Vec2{0, 0}));
  const SweepHit b = sweepV({{0, 0}, nan}, {10, 0}, walls);
  EXPECT_FALSE(b.hit);
  EXPECT_EQ(b.position, (Vec2{0, 0}));
  EXPECT_FALSE(sweepV({{0, 0}, -1}, {10, 0}, walls).hit);
  EXPECT_FALSE(sweepV({{0, 0}, 1}, {inf, 0}, walls).hit);
  EXPECT_FALSE(sweepV({{1e308, 0}, 1}, {1e308, 0}, walls).hit);  // the destination overflows
  // Non-finite walls are never hit; finite walls next to them still are.
  const std::vector<Segment> mixed = {{{nan, 0}, {5, 2}}, {{-inf, 3}, {inf, 3}}, {{5, -2}, {5, 2}}};
  const SweepHit m = sweepV({{0, 0}, 1}, {10, 0}, mixed);
  ASSERT_TRUE(m.hit);
  EXPECT_EQ(m.wall, 2);
  const SlideResult s = slideV({{nan, 0}, 1}, {10, 0}, walls);
  EXPECT_EQ(s.iterations, 0);
  EXPECT_EQ(s.pathCount, 1);
}

TEST(SweepTest, NoWallsMovesTheWholeWay) {
  const SweepHit h = sweep({{1, 2}, 1}, {3, 4}, {});
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.position, (Vec2{4, 6}));
}

TEST(SweepTest, SmallFarCornerContactTimeIsAccurate) {
  // Regression: a tiny corner disc seen from 15 units away. The textbook discriminant b^2 - |d|^2 (|P|^2 - r^2)
  // cancels here by a factor of ~1e8 and put the contact 4e-11 inside the wall.
  const Circle circle{{8.8902654845190661, -2.525314031610904}, 0.00076795035299379033};
  const Vec2 d{-16.708147873424089, -6.0684593872649346};
  const std::vector<Segment> walls = {{{-5.5654341497206516, -7.7825355031084431}, {-5.5630772609068497, -7.7747556736761192}}};
  const SweepHit h = sweepV(circle, d, walls);
  ASSERT_TRUE(h.hit);
  const Vec2 contact = circle.center + d * h.time;
  EXPECT_NEAR(static_cast<double>(wallDistance(contact, walls[0])), circle.radius, 1e-14);
  EXPECT_GE(wallDistance(h.position, walls[0]), static_cast<Real>(circle.radius));
}

TEST(SweepTest, TinyRadiusHuggingAWallUsesTheWallsOwnNormal) {
  // Regression: the circle starts 2.6e-10 from a wall at 1e6 (inside the skin, so "touching") and moves almost
  // along it, slightly inwards. normalize(centre - foot) is off by ~1e-5 rad at this radius and called it
  // "leaving"; the wall's own perpendicular gets it right: a hit at time 0.
  const Circle circle{{1000004.5133532212, -1000004.0955058512}, 7.6833011552353259e-06};
  const Segment wall{{1000008.334702205, -999998.98794319655}, {1000004.3312668776, -1000004.3388933985}};
  const Vec2 along = collide2d::normalize(wall.b - wall.a);
  const Vec2 inwards = collide2d::normalize(closestOnSegment(circle.center, wall) - circle.center);
  const std::vector<Segment> walls = {wall};
  for (const double direction : {1.0, -1.0}) {  // a tilted normal misreads one of the two directions
    const Vec2 d = along * (10.0 * direction) + inwards * 1e-8;
    const SweepHit h = sweepV(circle, d, walls);
    ASSERT_TRUE(h.hit) << direction;
    EXPECT_EQ(h.time, 0.0);
    EXPECT_EQ(h.position, circle.center);
    EXPECT_LT(collide2d::dot(h.normal, inwards), -0.999999999);
  }
}

TEST(SweepTest, SlidingAlongAWallWithinAnUlpDoesNotStick) {
  // Regression: 7e-12 from a wall at 1e6 (an ulp there is 1.2e-10), moving exactly along it. The rounded
  // destination lands inside by rounding alone; it is pushed out by a few ulps instead of cancelling the motion.
  const Circle circle{{999996.80110772478, -1000001.6406049127}, 9.6378426202879877e-07};
  const Vec2 d{2.9206946367636135, 4.9865242476484193};
  const std::vector<Segment> walls = {{{999996.40050207218, -1000002.3245600943}, {1000000.2109002677, -999995.81903816946}}};
  const SweepHit h = sweepV(circle, d, walls);
  EXPECT_FALSE(h.hit);
  const Vec2 end = circle.center + d;
  EXPECT_LT(std::fabs(h.position.x - end.x) + std::fabs(h.position.y - end.y), 1e-8);
  EXPECT_GE(wallDistance(h.position, walls[0]), floorOf(circle.radius));
}

// ------------------------------------------------------------------------------------------------------------
// moveAndSlide
// ------------------------------------------------------------------------------------------------------------

TEST(MoveAndSlideTest, SlidesAlongAFloor) {
  const std::vector<Segment> floor = {{{-100, 0}, {100, 0}}};
  const SlideResult s = slideV({{0, 2}, 1}, {4, -2}, floor);
  // Down 1 (half the motion) to touch, then the other half's x-part along the floor: 2 + 2 = 4.
  EXPECT_NEAR(s.position.x, 4, 1e-12);
  EXPECT_NEAR(s.position.y, 1, 1e-12);
  EXPECT_GE(s.position.y, 1.0);
  EXPECT_EQ(s.contacts, 1);
  EXPECT_EQ(s.iterations, 2);
  ASSERT_EQ(s.pathCount, 3);
  EXPECT_EQ(s.path[0], (Vec2{0, 2}));
  EXPECT_NEAR(s.path[1].x, 2, 1e-12);
  EXPECT_EQ(s.path[2], s.position);
  EXPECT_NEAR(s.lastNormal.y, 1, kTol);
}

TEST(MoveAndSlideTest, NoContactIsOneSweep) {
  const std::vector<Segment> floor = {{{-100, 0}, {100, 0}}};
  const SlideResult s = slideV({{0, 2}, 1}, {4, 0.5}, floor);
  EXPECT_EQ(s.position, (Vec2{4, 2.5}));
  EXPECT_EQ(s.contacts, 0);
  EXPECT_EQ(s.iterations, 1);
  EXPECT_EQ(s.pathCount, 2);
  EXPECT_EQ(s.lastNormal, (Vec2{0, 0}));
}

TEST(MoveAndSlideTest, StopsInACorner) {
  // A V-shaped corner opening upwards; pushing straight down into it ends wedged, never through either side.
  const std::vector<Segment> walls = {{{-10, 10}, {0, 0}}, {{0, 0}, {10, 10}}};
  const SlideResult s = slideV({{0.3, 5}, 1}, {0, -20}, walls, 8);
  EXPECT_GE(wallDistance(s.position, walls[0]), floorOf(1));
  EXPECT_GE(wallDistance(s.position, walls[1]), floorOf(1));
  EXPECT_NEAR(s.position.x, 0, 1e-9);
  EXPECT_NEAR(s.position.y, std::sqrt(2.0), 1e-9);
  EXPECT_GE(s.contacts, 2);
  EXPECT_LE(s.iterations, 8);
}

TEST(MoveAndSlideTest, HeadOnLeavesNothingToSlide) {
  const std::vector<Segment> walls = {{{5, -2}, {5, 2}}};
  const SlideResult s = slideV({{0, 0}, 1}, {10, 0}, walls);
  EXPECT_EQ(s.iterations, 1);
  EXPECT_EQ(s.contacts, 1);
  EXPECT_LE(s.position.x, 4.0);
  EXPECT_NEAR(s.position.x, 4.0, 1e-12);
}

TEST(MoveAndSlideTest, IterationsAreClamped) {
  // A staircase of walls forces many contacts; the count never exceeds the clamp.
  std::vector<Segment> walls;
  for (int i = 0; i < 12; ++i) walls.push_back({{i + 1.0, -100}, {i + 1.0, 100}});
  const SlideResult zero = slideV({{0, 0}, 0.25}, {20, 3}, walls, 0);
  EXPECT_EQ(zero.iterations, 1);
  const SlideResult many = slideV({{0, 0}, 0.25}, {20, 3}, walls, 100);
  EXPECT_LE(many.iterations, SlideResult::kMaxIterations);
  EXPECT_LE(many.pathCount, SlideResult::kMaxIterations + 2);
  EXPECT_GE(wallDistance(many.position, walls[0]), floorOf(0.25));
  EXPECT_LT(many.position.x, 1.0);
}

TEST(MoveAndSlideTest, SlidingAlongATiltedWallKeepsMoving) {
  // After the first contact the circle must slide the whole way, not stick because of rounding.
  const Vec2 u{0.6, 0.8};
  const std::vector<Segment> slope = {{{0.1, 0.3}, Vec2{0.1, 0.3} + u * 100.0}};
  const Vec2 start{0.1 - 0.8 * 3, 0.3 + 0.6 * 3};  // 3 units from the line, above its start
  const SlideResult s = slideV({start, 1}, Vec2{20, 10}, slope, 8);
  EXPECT_EQ(s.contacts, 1);
  EXPECT_EQ(s.iterations, 2);
  EXPECT_GE(wallDistance(s.position, slope[0]), floorOf(1));
  EXPECT_NEAR(static_cast<double>(wallDistance(s.position, slope[0])), 1.0, 1e-9);
}

// ------------------------------------------------------------------------------------------------------------
// Property tests (fixed seeds)
// ------------------------------------------------------------------------------------------------------------

struct Scene {
  Circle circle;
  Vec2 displacement;
  std::vector<Segment> walls;
};

// A random scene whose start is clear of every wall. `offset` shifts everything (to test large coordinates).
// Besides uniform scenes it makes the hard ones: starts hugging a wall (clearance down to 1e-8 r), motion parallel
// to a wall, motion aimed at a wall's end, very long motion, and radii down to 1e-7.
Scene randomScene(Rng& rng, Vec2 offset) {
  for (;;) {
    Scene s;
    const int n = 1 + rng.below(8);
    for (int i = 0; i < n; ++i) {
      const Vec2 a = rng.point(-10, 10);
      Vec2 b;
      switch (rng.below(6)) {
        case 0: b = a; break;                                  // zero-length
        case 1: b = {a.x + rng.uniform(-8, 8), a.y}; break;   // horizontal
        case 2: b = {a.x, a.y + rng.uniform(-8, 8)}; break;   // vertical
        case 3: b = a + rng.point(-0.01, 0.01); break;         // tiny
        default: b = a + rng.point(-8, 8); break;
      }
      s.walls.push_back({a + offset, b + offset});
    }
    const int radiusKind = rng.below(10);
    const double r = radiusKind == 0   ? rng.uniform(1e-7, 1e-5)
                     : radiusKind <= 2 ? rng.uniform(1e-4, 1e-2)
                                       : rng.uniform(0.05, 2.0);
    const Segment& near = s.walls[static_cast<std::size_t>(rng.below(n))];
    const Vec2 along = collide2d::normalize(near.b - near.a);
    if (rng.below(5) == 0) {  // hugging a wall: on its side or off its end, clearance 1e-8 r .. 0.1 r
      const double clearance = r * std::pow(10.0, rng.uniform(-8, -1));
      const Vec2 foot = collide2d::lerp(near.a, near.b, rng.uniform(-0.2, 1.2));
      Vec2 dir = along == Vec2{0, 0} ? collide2d::normalize(rng.point(-1, 1)) : collide2d::perp(along);
      if (rng.below(2)) dir = -dir;
      s.circle = {foot + dir * (r + clearance), r};
    } else {
      s.circle = {rng.point(-12, 12) + offset, r};
    }
    switch (rng.below(5)) {
      case 0: {  // aimed at a wall endpoint, plus a little: glancing corner contacts
        const Vec2 target = (rng.below(2) ? near.a : near.b) + rng.point(-r, r) * 1.2;
        s.displacement = (target - s.circle.center) * rng.uniform(0.5, 3.0);
        break;
      }
      case 1: s.displacement = rng.point(-1e3, 1e3); break;  // long
      case 2:  // along a wall, with or without a whisker of normal motion
        s.displacement = along * rng.uniform(-30, 30) + collide2d::perp(along) * (rng.below(2) ? 0.0 : rng.uniform(-1e-9, 1e-9));
        break;
      default: s.displacement = rng.point(-25, 25); break;
    }
    if (s.displacement == Vec2{0, 0}) continue;
    if (minWallDistance(s.circle.center, s.walls) > static_cast<Real>(r) * (1 + static_cast<Real>(1e-9))) return s;
  }
}

void checkSweepProperties(const Scene& s, const SweepHit& h, int& hits) {
  const Vec2 c = s.circle.center;
  const double r = s.circle.radius;
  const Real rr = static_cast<Real>(r);
  // (a) the stop position is out of every wall.
  for (const Segment& w : s.walls) ASSERT_GE(wallDistance(h.position, w), floorOf(r));
  // (b) the straight path to it does not cross any capsule.
  const Real legFloor = pathFloorOf(r, sceneScale(c, h.position, s.walls));
  for (const Segment& w : s.walls) ASSERT_GE(segmentSegment(c, h.position, w), legFloor);
  ASSERT_GE(h.time, 0.0);
  ASSERT_LE(h.time, 1.0);
  if (!h.hit) {
    // The whole way (a destination that rounding put within an ulp of a wall it runs along is pushed out by a few
    // ulps).
    const Vec2 end = c + s.displacement;
    const Real ulps = 32 * static_cast<Real>(std::numeric_limits<double>::epsilon()) * sceneScale(c, end, s.walls);
    ASSERT_LE(magnitude(h.position - end), ulps);
    return;
  }
  ++hits;
  // Position lies on the motion, before the contact.
  const Vec2 contact = c + s.displacement * h.time;
  const P along = sub(toP(h.position), toP(c));
  ASSERT_LE(std::fabs(crossP(along, toP(s.displacement))),
            1e-9L * lenP(toP(s.displacement)) * (1 + lenP(toP(c))));
  ASSERT_LE(dotP(along, toP(s.displacement)), dotP(toP(s.displacement), toP(s.displacement)) * h.time * (1 + 1e-12L));
  // (c) the time is minimal: nothing touches before it, sampled and analytically (the path up to the contact)...
  // Sample points are computed in long double (rounding them to double could move them by more than their
  // clearance). The time itself is a rounded metric answer: its error, measured as a distance, is a few ulps of
  // the coordinates (the wall's offset from the centre is rounded), which for a near-parallel approach can exceed
  // the last sample's true clearance; hence the same slack as for paths.
  const Real sampleFloor = pathFloorOf(r, sceneScale(c, contact, s.walls));
  for (int k = 0; k < 64; ++k) {
    const Real t = static_cast<Real>(h.time) * k / 64;
    const P p{static_cast<Real>(c.x) + static_cast<Real>(s.displacement.x) * t,
              static_cast<Real>(c.y) + static_cast<Real>(s.displacement.y) * t};
    for (const Segment& w : s.walls) ASSERT_GT(pointSegment(p, toP(w.a), toP(w.b)), sampleFloor);
  }
  const Real scale = 1 + lenP(toP(c)) + lenP(toP(s.displacement));
  for (const Segment& w : s.walls) ASSERT_GE(segmentSegment(c, contact, w), rr - 1e-12L * scale);
  // ... and it is a real contact: the hit wall is at distance r then, the point is on it, the normal is unit.
  const Segment& wall = s.walls[static_cast<std::size_t>(h.wall)];
  ASSERT_NEAR(static_cast<double>(wallDistance(contact, wall)), r, 1e-9 * static_cast<double>(scale));
  ASSERT_NEAR(static_cast<double>(wallDistance(h.point, wall)), 0.0, 1e-9 * static_cast<double>(scale));
  ASSERT_NEAR(static_cast<double>(lenP(toP(h.normal))), 1.0, 1e-12);
  ASSERT_LT(collide2d::dot(h.normal, s.displacement), 0.0);
}

void runSweepProperties(std::uint64_t seed, Vec2 offset, int count) {
  Rng rng(seed);
  int hits = 0;
  for (int i = 0; i < count; ++i) {
    const Scene s = randomScene(rng, offset);
    const SweepHit h = sweepV(s.circle, s.displacement, s.walls);
    SCOPED_TRACE(testing::Message() << "scene " << i);
    checkSweepProperties(s, h, hits);
    if (testing::Test::HasFatalFailure()) return;
  }
  // The generator must exercise both outcomes substantially.
  EXPECT_GT(hits, count / 5);
  EXPECT_LT(hits, count - count / 10);
}

TEST(SweepPropertyTest, RandomScenesNearTheOrigin) { runSweepProperties(0x5eed0001u, {0, 0}, 4000); }
TEST(SweepPropertyTest, RandomScenesAtOneMillion) { runSweepProperties(0x5eed0002u, {1e6, -1e6}, 2000); }

void checkSlideProperties(const Scene& s, const SlideResult& m) {
  const double r = s.circle.radius;
  ASSERT_GE(m.pathCount, 1);
  ASSERT_LE(m.pathCount, SlideResult::kMaxIterations + 2);
  ASSERT_EQ(m.path[0], s.circle.center);
  ASSERT_EQ(m.path[m.pathCount - 1], m.position);
  ASSERT_GE(m.iterations, 1);
  ASSERT_LE(m.contacts, m.iterations);
  // (d) the final position is out of every wall, and no leg of the path passes through one.
  for (const Segment& w : s.walls) ASSERT_GE(wallDistance(m.position, w), floorOf(r));
  Real travelled = 0;
  for (int k = 1; k < m.pathCount; ++k) {
    const Real legFloor = pathFloorOf(r, sceneScale(m.path[k - 1], m.path[k], s.walls));
    for (const Segment& w : s.walls) ASSERT_GE(segmentSegment(m.path[k - 1], m.path[k], w), legFloor);
    travelled += lenP(sub(toP(m.path[k]), toP(m.path[k - 1])));
  }
  // Sliding only ever removes motion (up to the rounding of each stored path point: a few ulps of its coordinates).
  const Real ulps = 4 * static_cast<Real>(std::numeric_limits<double>::epsilon()) *
                    (1 + lenP(toP(s.circle.center)) + lenP(toP(s.displacement)));
  ASSERT_LE(travelled, lenP(toP(s.displacement)) * (1 + 1e-12L) + ulps * m.pathCount);
}

void runSlideProperties(std::uint64_t seed, Vec2 offset, int count) {
  Rng rng(seed);
  int slid = 0;
  for (int i = 0; i < count; ++i) {
    const Scene s = randomScene(rng, offset);
    const int iterations = 1 + rng.below(SlideResult::kMaxIterations);
    const SlideResult m = slideV(s.circle, s.displacement, s.walls, iterations);
    SCOPED_TRACE(testing::Message() << "scene " << i);
    ASSERT_LE(m.iterations, iterations);
    checkSlideProperties(s, m);
    if (testing::Test::HasFatalFailure()) return;
    if (m.contacts > 0 && m.iterations > 1) ++slid;
  }
  EXPECT_GT(slid, count / 10);
}

TEST(MoveAndSlidePropertyTest, RandomScenesNearTheOrigin) { runSlideProperties(0x5eed0003u, {0, 0}, 3000); }
TEST(MoveAndSlidePropertyTest, RandomScenesAtOneMillion) { runSlideProperties(0x5eed0004u, {-1e6, 1e6}, 1500); }

TEST(MoveAndSlidePropertyTest, ClosedRoomKeepsTheCircleInside) {
  // A convex room (regular polygon); long random pushes always end inside it, clear of every wall.
  Rng rng(0x5eed0005u);
  for (int trial = 0; trial < 500; ++trial) {
    const int sides = 3 + rng.below(6);
    const double radius = rng.uniform(5, 50);
    const double phase = rng.uniform(0, 6.283185307179586);
    std::vector<Segment> walls;
    for (int i = 0; i < sides; ++i) {
      const double a0 = phase + 6.283185307179586 * i / sides;
      const double a1 = phase + 6.283185307179586 * (i + 1) / sides;
      walls.push_back({{radius * std::cos(a0), radius * std::sin(a0)}, {radius * std::cos(a1), radius * std::sin(a1)}});
    }
    const double r = rng.uniform(0.1, 0.3 * radius * std::cos(3.141592653589793 / sides));
    const Vec2 start = rng.point(-0.2, 0.2) * radius * std::cos(3.141592653589793 / sides);
    if (minWallDistance(start, walls) <= static_cast<Real>(r) * (1 + static_cast<Real>(1e-9))) continue;
    const Scene s{{start, r}, rng.point(-1e4, 1e4), walls};
    const SlideResult m = slideV(s.circle, s.displacement, walls, SlideResult::kMaxIterations);
    SCOPED_TRACE(testing::Message() << "trial " << trial);
    checkSlideProperties(s, m);
    if (testing::Test::HasFatalFailure()) return;
    ASSERT_LT(std::hypot(m.position.x, m.position.y), radius);
  }
}


// A game loop: every frame starts where the last one ended (so mostly within the skin of some wall), in a
// walled room with inner walls, a post (zero-length wall) and a sliver, turned and moved to test any orientation
// and magnitude. The circle must never end inside a wall, never cross one, and never leave the room.
void runGameLoop(std::uint64_t seed, double angle, Vec2 offset, int frames) {
  const double cs = std::cos(angle), sn = std::sin(angle);
  const auto place = [&](Vec2 p) { return collide2d::rotate(p, cs, sn) + offset; };
  const Vec2 room[4] = {{-20, -15}, {20, -15}, {20, 15}, {-20, 15}};
  std::vector<Segment> walls;
  for (int i = 0; i < 4; ++i) walls.push_back({place(room[i]), place(room[(i + 1) % 4])});
  walls.push_back({place({-5, -15}), place({-5, 5})});
  walls.push_back({place({5, 15}), place({5, -5})});
  walls.push_back({place({10, -10}), place({15, -3})});
  walls.push_back({place({0, 0}), place({0, 0})});
  walls.push_back({place({-12, 8}), place({-12.001, 8.002})});
  const double r = 1.3;
  Rng rng(seed);
  Circle circle{place({-12, 0}), r};
  int contacts = 0;
  for (int frame = 0; frame < frames; ++frame) {
    const Vec2 push = rng.below(10) == 0 ? rng.point(-60, 60) : rng.point(-3, 3);
    SCOPED_TRACE(testing::Message() << "frame " << frame);
    // The bare sweep from such a start obeys (a) and (b) too.
    const SweepHit h = sweepV(circle, push, walls);
    const Real legFloor = pathFloorOf(r, sceneScale(circle.center, h.position, walls));
    for (const Segment& w : walls) {
      ASSERT_GE(wallDistance(h.position, w), floorOf(r));
      ASSERT_GE(segmentSegment(circle.center, h.position, w), legFloor);
    }
    const SlideResult m = slideV(circle, push, walls, 1 + rng.below(SlideResult::kMaxIterations));
    checkSlideProperties(Scene{circle, push, walls}, m);
    if (testing::Test::HasFatalFailure()) return;
    const Vec2 local = collide2d::inverseRotate(m.position - offset, cs, sn);
    ASSERT_LT(std::fabs(local.x), 20.0);
    ASSERT_LT(std::fabs(local.y), 15.0);
    contacts += m.contacts;
    circle.center = m.position;
  }
  EXPECT_GT(contacts, frames / 4);  // the walls were really in the way
}

TEST(MoveAndSlidePropertyTest, GameLoopAxisAligned) { runGameLoop(0x5eed0006u, 0.0, {0, 0}, 3000); }
TEST(MoveAndSlidePropertyTest, GameLoopTurned) { runGameLoop(0x5eed0007u, 0.3, {0, 0}, 3000); }
TEST(MoveAndSlidePropertyTest, GameLoopTurnedAtOneMillion) { runGameLoop(0x5eed0008u, 1.1, {1e6, -1e6}, 3000); }

}  // namespace
