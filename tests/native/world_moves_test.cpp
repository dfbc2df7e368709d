// Moving polygon bodies: the World places a polygon without any orientation test when its smallest turn is far above
// what the placement's rounding can change (body_store.cpp, BodyStore::updatePolygon), else with the exact orient()
// at every vertex, else through Polygon::create. Whichever way, the world polygon is the documented one
// (world_model.h: Polygon::create of the transformed vertices, their hull, or the segment of their extremes), bit for
// bit, on both sides of the threshold: thin triangles and small pentagons from 1 down to 1e-13, placed from the
// origin out to 1e13, turned and translated.
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "splitmix.h"
#include "world_check.h"
#include "world_model.h"

namespace {

using namespace collide2d;

// Uniform in [lo, hi) from splitmix64.
struct Rng {
  std::uint64_t s;
  double range(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(test_rng::splitmix64(s) >> 11) * 0x1p-53;
  }
};

TEST(WorldCheapMoves, PolygonsAreTheDocumentedShapeOnBothSidesOfTheFastPath) {
  Rng rng{2026};
  World w;
  struct Entry {
    BodyHandle h;
    Polygon local;
  };
  std::vector<Entry> bodies;
  for (const double size : {1.0, 1e-3, 1e-6, 1e-9, 1e-11, 1e-13}) {
    // A thin triangle (its smallest turn about size^2 / 1000) and a pentagon (turns about size^2).
    std::vector<std::vector<Vec2>> shapes = {{{0, 0}, {size, 0}, {0.5 * size, 1e-3 * size}}, {}};
    for (int k = 0; k < 5; ++k) {
      const double a = 6.283185307179586 * k / 5;
      shapes[1].push_back({size * std::cos(a), size * std::sin(a)});
    }
    for (const auto& pts : shapes) {
      Polygon p;
      ASSERT_TRUE(Polygon::create(pts, p).ok());
      BodyHandle h;
      ASSERT_TRUE(w.addPolygon(p, {}, 0, {}, h).ok());
      bodies.push_back({h, p});
      const std::vector<BodyPart> parts{{p, {{size, 0}, 0.3}}, {Circle{{0, 0}, size}, {}}};
      ASSERT_TRUE(w.addCompound(parts, {}, 0, {}, h).ok());
    }
  }
  std::size_t checked = 0;
  for (int round = 0; round < 40; ++round) {
    const double far = std::pow(10.0, round % 14);  // 1 .. 1e13
    for (const BodyHandle h : w.bodies()) {
      const Transform xf{{far * rng.range(-1, 1), far * rng.range(-1, 1)}, round % 3 == 0 ? 0.0 : rng.range(-7, 7)};
      ASSERT_TRUE(w.setTransform(h, xf).ok());
    }
    for (const Entry& e : bodies) {
      Transform xf;
      Shape got;
      ASSERT_TRUE(w.getTransform(e.h, xf).ok());
      ASSERT_TRUE(w.getWorldShape(e.h, got).ok());
      ASSERT_TRUE(world_model::sameBits(got, world_model::worldPolygonOf(e.local, xf)))
          << "round " << round << " at " << xf.position.x << ", " << xf.position.y << " angle " << xf.angle;
      ++checked;
    }
    ASSERT_TRUE(w.step().ok());
    ASSERT_NO_FATAL_FAILURE(world_model::expectPairsMatchBruteForce(w));
  }
  EXPECT_EQ(checked, 40u * 12u);
}

}  // namespace
