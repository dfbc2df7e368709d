// Randomised properties over every ordered pair of the generic dispatch (Circle, Aabb, Box, Polygon, Segment).
// Fixed seeds and a hand-written uniform mapping keep the shapes identical on every standard library and in wasm.
#include <collide2d/collide2d.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kScale = 4.0;              // shapes live in about [-4, 4]^2
constexpr double kTouch = 1e-9 * kScale;    // depth still counted as "touching"
constexpr double kStep = 1e-6 * kScale;     // a move that must make a difference
constexpr int kPairsPerCombination = 400;   // x 25 ordered type pairs
const char* const kNames[] = {"Circle", "Aabb", "Box", "Polygon", "Segment"};

class Random {
 public:
  explicit Random(std::uint64_t seed) : gen_(seed) {}
  /// Uniform in [0, 1): the top 53 bits of the 64-bit output.
  double unit() { return static_cast<double>(gen_() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  int below(int n) { return static_cast<int>(gen_() % static_cast<std::uint64_t>(n)); }
  Vec2 point(double r) { return {uniform(-r, r), uniform(-r, r)}; }

 private:
  std::mt19937_64 gen_;
};

Polygon randomPolygon(Random& rng, Vec2 c) {
  for (;;) {
    const int n = 3 + rng.below(6);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles) a = rng.uniform(0.0, 2.0 * std::numbers::pi);
    std::sort(angles.begin(), angles.end());
    const double rx = rng.uniform(0.2, 2.0), ry = rng.uniform(0.2, 2.0), turn = rng.uniform(-3.2, 3.2);
    const double ct = std::cos(turn), st = std::sin(turn);
    std::vector<Vec2> pts;
    for (double a : angles) pts.push_back(c + rotate(Vec2{rx * std::cos(a), ry * std::sin(a)}, ct, st));
    if (rng.below(2) == 1) std::reverse(pts.begin(), pts.end());  // either winding
    Polygon p;
    if (Polygon::create(pts, p).ok()) return p;
  }
}

Shape randomShape(Random& rng, int kind) {
  const Vec2 c = rng.point(2.0);
  switch (kind) {
    case 0: return Circle{c, rng.uniform(0.1, 2.0)};
    case 1: {
      const Vec2 h{rng.uniform(0.1, 2.0), rng.uniform(0.1, 2.0)};
      return Aabb{c - h, c + h};
    }
    case 2: return Box{c, {rng.uniform(0.1, 2.0), rng.uniform(0.1, 2.0)}, rng.uniform(-3.2, 3.2)};
    case 3: return randomPolygon(rng, c);
    default: {
      const double a = rng.uniform(-3.2, 3.2), l = rng.uniform(0.05, 2.0);
      const Vec2 h{l * std::cos(a), l * std::sin(a)};
      return Segment{c - h, c + h};
    }
  }
}

Shape translated(const Shape& s, Vec2 d) {
  return std::visit(
      [d](const auto& x) -> Shape {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Circle>) return Circle{x.center + d, x.radius};
        if constexpr (std::is_same_v<T, Aabb>) return Aabb{x.min + d, x.max + d};
        if constexpr (std::is_same_v<T, Box>) return Box{x.center + d, x.halfExtents, x.angle};
        if constexpr (std::is_same_v<T, Polygon>) return x.transformed(Transform{d, 0.0});
        if constexpr (std::is_same_v<T, Segment>) return Segment{x.a + d, x.b + d};
        if constexpr (std::is_same_v<T, Capsule>) return Capsule{x.a + d, x.b + d, x.radius};
      },
      s);
}

/// The contact's push is exact along its normal: a little less still overlaps, exactly that touches, a little
/// more separates. Returns an empty string or what went wrong.
std::string checkPush(const Shape& a, const Shape& b, const Contact& c) {
  if (!(std::fabs(length(c.normal) - 1.0) < 1e-12)) return "normal not unit";
  if (!(c.depth >= 0.0)) return "negative depth";
  if (c.depth > kStep && !collide(a, translated(b, c.normal * (c.depth - kStep))).hit) {
    return "apart before the full push (depth too large)";
  }
  const Contact touching = collide(a, translated(b, c.normal * c.depth));
  if (touching.hit && touching.depth > kTouch) return "still overlapping after the push";
  const Shape apart = translated(b, c.normal * (c.depth + kStep));
  if (overlaps(a, apart) || collide(a, apart).hit) return "overlapping after push + step (depth too small)";
  return {};
}

std::string describe(const Shape& s) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        char buf[200];
        if constexpr (std::is_same_v<T, Circle>) {
          std::snprintf(buf, sizeof buf, "Circle{{%.17g,%.17g},%.17g}", x.center.x, x.center.y, x.radius);
        } else if constexpr (std::is_same_v<T, Aabb>) {
          std::snprintf(buf, sizeof buf, "Aabb{{%.17g,%.17g},{%.17g,%.17g}}", x.min.x, x.min.y, x.max.x, x.max.y);
        } else if constexpr (std::is_same_v<T, Box>) {
          std::snprintf(buf, sizeof buf, "Box{{%.17g,%.17g},{%.17g,%.17g},%.17g}", x.center.x, x.center.y,
                        x.halfExtents.x, x.halfExtents.y, x.angle);
        } else if constexpr (std::is_same_v<T, Segment>) {
          std::snprintf(buf, sizeof buf, "Segment{{%.17g,%.17g},{%.17g,%.17g}}", x.a.x, x.a.y, x.b.x, x.b.y);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          std::snprintf(buf, sizeof buf, "Capsule{{%.17g,%.17g},{%.17g,%.17g},%.17g}", x.a.x, x.a.y, x.b.x, x.b.y,
                        x.radius);
        } else {
          std::string out = "Polygon{";
          for (const Vec2 v : x.vertices()) {
            std::snprintf(buf, sizeof buf, "{%.17g,%.17g},", v.x, v.y);
            out += buf;
          }
          return out + "}";
        }
        return buf;
      },
      s);
}

class PropertyPair : public testing::TestWithParam<int> {};

// (a) mirror, (b) the push, (d) overlaps agrees with collide().hit — for one ordered pair of shape types.
TEST_P(PropertyPair, MirrorPushAndBoolean) {
  const int ka = GetParam() / 5, kb = GetParam() % 5;
  Random rng(0x5eed0000u + static_cast<std::uint64_t>(GetParam()));
  int hits = 0, ties = 0, failures = 0;
  auto fail = [&](const std::string& what, const Shape& a, const Shape& b) {
    if (++failures <= 5) ADD_FAILURE() << what << "\n  a = " << describe(a) << "\n  b = " << describe(b);
  };
  for (int n = 0; n < kPairsPerCombination; ++n) {
    const Shape a = randomShape(rng, ka);
    const Shape b = randomShape(rng, kb);
    const Contact ab = collide(a, b);
    const Contact ba = collide(b, a);
    if (overlaps(a, b) != ab.hit) fail("overlaps(a, b) != collide(a, b).hit", a, b);
    if (overlaps(b, a) != ba.hit) fail("overlaps(b, a) != collide(b, a).hit", a, b);
    if (ab.hit != ba.hit) {
      fail("collide(a, b).hit != collide(b, a).hit", a, b);
      continue;
    }
    if (!ab.hit) {
      if (ab.depth != 0.0 || ab.normal != Vec2{} || ab.point != Vec2{}) fail("a miss must be all zero", a, b);
      continue;
    }
    ++hits;
    if (!(std::fabs(ab.depth - ba.depth) <= kTouch)) fail("mirror depths differ", a, b);
    std::string why = checkPush(a, b, ab);
    if (!why.empty()) fail("collide(a, b): " + why, a, b);
    if (length(ab.normal + ba.normal) > 1e-9) {
      // Only an exact tie between axes may pick another normal; then that one must be a valid push too.
      ++ties;
      why = checkPush(b, a, ba);
      if (!why.empty()) fail("collide(b, a): " + why, a, b);
    }
  }
  // The generator makes roughly half the pairs overlap, and ties between axes are rare.
  EXPECT_GT(hits, kPairsPerCombination / 10) << kNames[ka] << " vs " << kNames[kb];
  EXPECT_LT(hits, kPairsPerCombination);
  EXPECT_LE(ties, kPairsPerCombination / 100) << kNames[ka] << " vs " << kNames[kb];
}

INSTANTIATE_TEST_SUITE_P(AllOrderedPairs, PropertyPair, testing::Range(0, 25),
                         [](const testing::TestParamInfo<int>& info) {
                           return std::string(kNames[info.param / 5]) + "_" + kNames[info.param % 5];
                         });

// (c) A Box, and an Aabb, behave like their polygons.
TEST(Property, BoxAndAabbAgreeWithTheirPolygons) {
  Random rng(0xb0c5u);
  int hits = 0;
  for (int kind = 0; kind < 5; ++kind) {
    for (int n = 0; n < kPairsPerCombination; ++n) {
      const Shape other = randomShape(rng, kind);
      const Box box = std::get<Box>(randomShape(rng, 2));
      const Aabb aabb = std::get<Aabb>(randomShape(rng, 1));
      const std::pair<Shape, Shape> pairs[] = {{Shape{box}, Shape{Polygon::fromBox(box)}},
                                               {Shape{aabb}, Shape{Polygon::fromAabb(aabb)}}};
      for (const auto& [shape, poly] : pairs) {
        for (int order = 0; order < 2; ++order) {
          const Contact direct = order == 0 ? collide(shape, other) : collide(other, shape);
          const Contact viaPolygon = order == 0 ? collide(poly, other) : collide(other, poly);
          ASSERT_EQ(direct.hit, viaPolygon.hit) << describe(shape) << " " << describe(other) << " order " << order;
          if (!direct.hit) continue;
          ++hits;
          EXPECT_NEAR(direct.depth, viaPolygon.depth, kTouch) << describe(shape) << " " << describe(other);
        }
      }
    }
  }
  EXPECT_GT(hits, 1000);
}

// (e) contains(p) agrees with closestPoint(p).inside, also for points exactly on the computed boundary.
TEST(Property, ContainsAgreesWithClosestPoint) {
  Random rng(0xc047u);
  int inside = 0;
  for (int kind = 0; kind < 4; ++kind) {
    for (int n = 0; n < 500; ++n) {
      const Shape s = randomShape(rng, kind);
      const Vec2 p = rng.point(4.0);
      const BoundaryPoint bp = std::visit(
          [p](const auto& x) -> BoundaryPoint {
            if constexpr (std::is_same_v<std::decay_t<decltype(x)>, Segment>) {
              return {};
            } else {
              return closestPoint(x, p);
            }
          },
          s);
      ASSERT_EQ(contains(s, p), bp.inside) << describe(s) << " p " << p.x << "," << p.y;
      inside += bp.inside ? 1 : 0;
      EXPECT_NEAR(distanceSquared(p, bp.point), bp.distanceSquared, 1e-9) << describe(s);
      // The boundary point itself (rounded) and the query again from there.
      const BoundaryPoint again = std::visit(
          [&bp](const auto& x) -> BoundaryPoint {
            if constexpr (std::is_same_v<std::decay_t<decltype(x)>, Segment>) {
              return {};
            } else {
              return closestPoint(x, bp.point);
            }
          },
          s);
      EXPECT_EQ(contains(s, bp.point), again.inside) << describe(s);
      EXPECT_LT(again.distanceSquared, 1e-24) << describe(s);
    }
  }
  EXPECT_GT(inside, 60);
  EXPECT_LT(inside, 1800);
}

// Polygon vertices are inside their polygon (exactly), and so are polygon-vs-polygon touching contacts.
TEST(Property, PolygonVerticesAreContained) {
  Random rng(0x7e47u);
  for (int n = 0; n < 500; ++n) {
    const Polygon p = randomPolygon(rng, rng.point(2.0));
    for (const Vec2 v : p.vertices()) {
      ASSERT_TRUE(contains(p, v));
      ASSERT_TRUE(closestPoint(p, v).inside);
      ASSERT_EQ(closestPoint(p, v).distanceSquared, 0.0);
    }
  }
}

// Far from the origin the answers stay the same up to rounding of the shifted coordinates.
TEST(Property, TranslationToLargeCoordinates) {
  Random rng(0xfa7u);
  const Vec2 shift{1e6, -3e6};
  int compared = 0;
  for (int pair = 0; pair < 25; ++pair) {
    for (int n = 0; n < 100; ++n) {
      const Shape a = randomShape(rng, pair / 5), b = randomShape(rng, pair % 5);
      const Contact near = collide(a, b);
      const Contact far = collide(translated(a, shift), translated(b, shift));
      if (near.hit != far.hit) {
        // Only a near-touch may flip.
        EXPECT_LT(near.depth + far.depth, 1e-8) << describe(a) << " " << describe(b);
        continue;
      }
      if (!near.hit) continue;
      ++compared;
      EXPECT_NEAR(near.depth, far.depth, 1e-8) << describe(a) << " " << describe(b);
      // A normal from a centre very near the boundary is ill-conditioned, and a circle's point follows it.
      EXPECT_NEAR(near.point.x + shift.x, far.point.x, 1e-6) << describe(a) << " " << describe(b);
      EXPECT_NEAR(near.point.y + shift.y, far.point.y, 1e-6) << describe(a) << " " << describe(b);
    }
  }
  EXPECT_GT(compared, 500);
}

// Non-finite input never crashes and still gives a well-formed answer.
TEST(Property, NonFiniteInputIsDefined) {
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  Random rng(0xbad0u);
  int calls = 0;
  for (int ka = 0; ka < 5; ++ka) {
    for (int kb = 0; kb < 5; ++kb) {
      for (const double v : bad) {
        Shape a = randomShape(rng, ka);
        const Shape b = randomShape(rng, kb);
        std::visit(
            [v](auto& x) {
              using T = std::decay_t<decltype(x)>;
              if constexpr (std::is_same_v<T, Circle>) x.center.x = v;
              if constexpr (std::is_same_v<T, Aabb>) x.max.y = v;
              if constexpr (std::is_same_v<T, Box>) x.angle = v;
              if constexpr (std::is_same_v<T, Polygon>) x = x.transformed(Transform{{v, 0.0}, 0.0});
              if constexpr (std::is_same_v<T, Segment>) x.b.x = v;
            },
            a);
        EXPECT_FALSE(validate(a).ok());
        const Contact c1 = collide(a, b), c2 = collide(b, a);
        (void)overlaps(a, b);
        (void)overlaps(b, a);
        (void)contains(a, {0.5, 0.5});
        (void)bounds(a);
        (void)raycast(Ray{{-5, 0}, {1, 0.1}}, a);
        if (!c1.hit) {
          EXPECT_EQ(c1.depth, 0.0);
        }
        if (!c2.hit) {
          EXPECT_EQ(c2.depth, 0.0);
        }
        ++calls;
      }
    }
  }
  EXPECT_EQ(calls, 75);
}

}  // namespace
