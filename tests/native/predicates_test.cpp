// Exactness tests for orient() and the internal expansion arithmetic. Reference answers come from integer
// arithmetic (__int128) on dyadic coordinates, where every input double is k * 2^-s with an integer k.
#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "predicates.h"

namespace {

using collide2d::orient;
using collide2d::Vec2;
namespace d = collide2d::detail;

int sign128(__int128 v) { return (v > 0) - (v < 0); }

// Exact orientation of integer points.
int orient128(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
              std::int64_t cy) {
  const __int128 l = static_cast<__int128>(bx - ax) * (cy - ay);
  const __int128 r = static_cast<__int128>(by - ay) * (cx - ax);
  return sign128(l - r);
}

// Naive double evaluation, to show the cases really are hard (it must get some of them wrong).
int orientNaive(Vec2 a, Vec2 b, Vec2 c) {
  const double v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return (v > 0) - (v < 0);
}

TEST(Predicates, OrientBasicSigns) {
  EXPECT_EQ(orient({0, 0}, {1, 0}, {0, 1}), 1);
  EXPECT_EQ(orient({0, 0}, {1, 0}, {0, -1}), -1);
  EXPECT_EQ(orient({0, 0}, {1, 0}, {5, 0}), 0);
  EXPECT_EQ(orient({0, 0}, {0, 0}, {3, 4}), 0);  // degenerate line
  EXPECT_EQ(orient({1, 1}, {1, 1}, {1, 1}), 0);
}

// The classic grid: points 0.5 + i ulp, 0.5 + j ulp against the line through (12,12) and (24,24). The exact
// orientation is sign(12 (py - px)) = sign(j - i). Naive double evaluation gets many of them wrong.
TEST(Predicates, OrientNearlyCollinearGrid) {
  const double u = std::ldexp(1.0, -53);
  const Vec2 q{12, 12}, r{24, 24};
  int naiveWrong = 0;
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 64; ++j) {
      const Vec2 p{0.5 + i * u, 0.5 + j * u};
      const int expected = (j > i) - (j < i);
      ASSERT_EQ(orient(p, q, r), expected) << i << "," << j;
      ASSERT_EQ(orient(q, r, p), expected) << i << "," << j;
      ASSERT_EQ(orient(r, p, q), expected) << i << "," << j;
      ASSERT_EQ(orient(q, p, r), -expected) << i << "," << j;
      ASSERT_EQ(d::orientExact(p, q, r), expected);
      naiveWrong += orientNaive(p, q, r) != expected;
    }
  }
  EXPECT_GT(naiveWrong, 0) << "the grid should defeat plain double arithmetic";
}

// Random nearly collinear triples on a dyadic grid (coordinates k * 2^-shift), compared with __int128.
void randomNearlyCollinear(int shift, std::int64_t range, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int64_t> coord(-range, range);
  std::uniform_int_distribution<std::int64_t> wobble(-3, 3);
  std::uniform_int_distribution<int> steps(-40, 40);
  int zeros = 0, naiveWrong = 0;
  for (int n = 0; n < 4000; ++n) {
    const std::int64_t ax = coord(rng), ay = coord(rng);
    // b = a + k * (small direction), c = a + m * (same direction) + tiny wobble: nearly collinear.
    const std::int64_t dx = coord(rng) >> 8, dy = coord(rng) >> 8;
    const int k = steps(rng), m = steps(rng);
    const std::int64_t bx = ax + k * dx, by = ay + k * dy;
    const std::int64_t cx = ax + m * dx + wobble(rng), cy = ay + m * dy + wobble(rng);
    const auto toD = [shift](std::int64_t v) { return std::ldexp(static_cast<double>(v), -shift); };
    // Inputs must be exactly representable for the reference to apply.
    ASSERT_EQ(static_cast<std::int64_t>(static_cast<double>(cx)), cx);
    const Vec2 a{toD(ax), toD(ay)}, b{toD(bx), toD(by)}, c{toD(cx), toD(cy)};
    const int expected = orient128(ax, ay, bx, by, cx, cy);
    ASSERT_EQ(orient(a, b, c), expected) << n;
    ASSERT_EQ(orient(b, c, a), expected) << n;
    ASSERT_EQ(orient(c, b, a), -expected) << n;
    zeros += expected == 0;
    naiveWrong += orientNaive(a, b, c) != expected;
  }
  EXPECT_GT(zeros, 100);  // exact collinearity must be hit often
  (void)naiveWrong;
}

TEST(Predicates, OrientRandomAround1e6) {
  // |x| < 2^20 ~ 1e6 with resolution 2^-30: 50-bit integers.
  randomNearlyCollinear(30, (std::int64_t{1} << 50) - 1, 1);
}

TEST(Predicates, OrientRandomAround1eMinus6) {
  // |x| < 2^-20 ~ 1e-6 with resolution 2^-70.
  randomNearlyCollinear(70, (std::int64_t{1} << 50) - 1, 2);
}

TEST(Predicates, OrientRandomUnitScale) { randomNearlyCollinear(50, (std::int64_t{1} << 50) - 1, 3); }

TEST(Predicates, OrientMixedMagnitudes) {
  // A huge offset plus a tiny step: (1e6 + ulp) is exactly representable, and the answers are known.
  const double big = 1048576.0;                  // 2^20
  const double ulp = std::ldexp(1.0, 20 - 52);   // ulp of 2^20
  EXPECT_EQ(orient({big, big}, {big + 4 * ulp, big + 4 * ulp}, {big + ulp, big + ulp}), 0);
  EXPECT_EQ(orient({big, big}, {big + 4 * ulp, big + 4 * ulp}, {big + ulp, big + 2 * ulp}), 1);
  EXPECT_EQ(orient({big, big}, {big + 4 * ulp, big + 4 * ulp}, {big + 2 * ulp, big + ulp}), -1);
  // Far-away collinear points on y = 3x (exact in doubles for these integers).
  EXPECT_EQ(orient({-1e6, -3e6}, {1e6, 3e6}, {333333, 999999}), 0);
  EXPECT_EQ(orient({-1e6, -3e6}, {1e6, 3e6}, {333333, 1000000}), 1);
}

TEST(Predicates, OrientNonFiniteIsDefined) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(orient({nan, 0}, {1, 0}, {0, 1}), 0);
  EXPECT_EQ(orient({0, 0}, {inf, inf}, {0, 1}), 0);  // inf - inf: NaN, reported as 0
  const int s = orient({0, 0}, {inf, 0}, {0, 1});      // any of -1, 0, 1 is fine; must not crash
  EXPECT_TRUE(s >= -1 && s <= 1);
}

TEST(Predicates, TwoProductAndTwoSumAreExact) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::int64_t> mant(-(std::int64_t{1} << 26), std::int64_t{1} << 26);
  for (int n = 0; n < 2000; ++n) {
    // 27-bit integers: products fit in 54 bits, sums exactly in __int128.
    const std::int64_t a = mant(rng) * 2 + 1, b = mant(rng) * 2 + 1;
    double hi, lo;
    d::twoProduct(static_cast<double>(a), static_cast<double>(b), hi, lo);
    const __int128 exactP = static_cast<__int128>(a) * b;
    ASSERT_EQ(static_cast<__int128>(hi) + static_cast<__int128>(lo), exactP);
    // Sum of numbers 2^60 apart.
    const double big = std::ldexp(static_cast<double>(a), 60);
    d::twoSum(big, static_cast<double>(b), hi, lo);
    ASSERT_EQ(static_cast<__int128>(hi) + static_cast<__int128>(lo),
              (static_cast<__int128>(a) << 60) + b);
  }
}

TEST(Predicates, ExpansionIdentitiesAreExactlyZero) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_int_distribution<int> ex(-60, 60);
  for (int n = 0; n < 2000; ++n) {
    const double a = std::ldexp(unit(rng), ex(rng));
    const double b = std::ldexp(unit(rng), ex(rng));
    const double c = std::ldexp(unit(rng), ex(rng));
    const auto ea = d::exact(a), eb = d::exact(b), ec = d::exact(c);
    // (a + b)(a - b) - (a^2 - b^2) == 0
    const auto lhs = (ea + eb) * (ea - eb);
    const auto rhs = ea * ea - eb * eb;
    ASSERT_EQ((lhs - rhs).sign(), 0);
    // (a + b + c)^2 = a^2 + b^2 + c^2 + 2(ab + bc + ca)
    const auto s = ea + eb + ec;
    const auto sq = s * s;
    const auto two = d::exact(2.0);
    const auto expand = ea * ea + eb * eb + ec * ec + two * (ea * eb + eb * ec + ec * ea);
    ASSERT_EQ((sq - expand).sign(), 0);
    // Sign of a sum dominated by the smallest term: (a + big) - big == a.
    const auto big = d::exact(std::ldexp(1.0, 200));
    const auto t = (ea + big) - big;
    ASSERT_EQ(t.sign(), (a > 0) - (a < 0));
    ASSERT_EQ(t.estimate(), a);
  }
}

// The circle/line tangent discriminant r^2 |d|^2 - cross(d, w)^2 against __int128 on integer inputs.
TEST(Predicates, ExpansionTangentDiscriminantMatchesInt128) {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<std::int64_t> coord(-(1 << 20), 1 << 20);
  int zeros = 0;
  for (int n = 0; n < 3000; ++n) {
    std::int64_t ax = coord(rng), ay = coord(rng), bx = coord(rng), by = coord(rng);
    const std::int64_t cx = coord(rng), cy = coord(rng);
    std::int64_t r;
    if (n % 3 == 0) {
      // Make a tangent line: horizontal line at y = cy + r.
      r = std::abs(coord(rng)) + 1;
      ay = by = cy + r;
      if (ax == bx) bx = ax + 1;
    } else {
      r = std::abs(coord(rng));
    }
    const __int128 dx = bx - ax, dy = by - ay, wx = cx - ax, wy = cy - ay;
    const __int128 cr = dx * wy - dy * wx;
    const __int128 ref = static_cast<__int128>(r) * r * (dx * dx + dy * dy) - cr * cr;
    // Scale all inputs by 2^-30 (exactly) so the doubles are not integers; the sign is scale-invariant.
    const auto s = [](std::int64_t v) { return std::ldexp(static_cast<double>(v), -30); };
    const auto edx = d::exactDiff(s(bx), s(ax)), edy = d::exactDiff(s(by), s(ay));
    const auto ewx = d::exactDiff(s(cx), s(ax)), ewy = d::exactDiff(s(cy), s(ay));
    const auto er = d::exact(s(r));
    const auto ecr = edx * ewy - edy * ewx;
    const auto disc = er * er * (edx * edx + edy * edy) - ecr * ecr;
    ASSERT_EQ(disc.sign(), sign128(ref)) << n;
    zeros += ref == 0;
  }
  EXPECT_GE(zeros, 1000);
}

TEST(Predicates, DotSignExact) {
  const double u = std::ldexp(1.0, -52);
  // (1 + u, 0) - (1, 0) = (u, 0); dot with (1, 0): positive even though tiny.
  EXPECT_EQ(d::dotSignExact({1 + u, 5}, {1, 5}, {1, 0}, {0, 0}), 1);
  EXPECT_EQ(d::dotSignExact({1, 5}, {1 + u, 5}, {1, 0}, {0, 0}), -1);
  EXPECT_EQ(d::dotSignExact({1, 1}, {0, 0}, {1, -1}, {0, 0}), 0);
}

}  // namespace
