// World under randomized churn (every shape type, a moving crowd) and static bodies, checked after every frame
// against a brute-force evaluation with the core functions on independently built world shapes (world_harness.h).

#include "world_harness.h"

namespace {

// Randomized churn: 100,000 operations over every shape type, checked after every frame against brute force.
TEST(WorldChurn, MatchesBruteForce) {
  Rng rng{20240611};
  Harness hz;
  const double side = 70;
  int ops = 0, frames = 0, rejected = 0;
  std::vector<BodyHandle> removed;
  while (ops < 100000) {
    const int live = static_cast<int>(hz.model.size());
    const int op = rng.below(100);
    ++ops;
    auto it = hz.model.begin();
    if (live > 0) std::advance(it, rng.below(live));
    const BodyHandle h = live > 0 ? it->first : kNullBody;
    if (live == 0 || (op < 30 && live < 110) || live < 40) {
      ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), ops));
    } else if (ModelBody& m = it->second; op < 55) {  // move a little (coherent) or jump
      Transform t = m.xf;
      if (rng.chance(0.8)) {
        t.position = t.position + Vec2{rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)};
      } else {
        t.position = {rng.range(0, side), rng.range(0, side)};
      }
      ASSERT_TRUE(hz.world.setTransform(h, t).ok());
      m.xf = t;
    } else if (op < 70) {  // rotate (sometimes back to exactly 0)
      Transform t = m.xf;
      t.angle = rng.chance(0.2) ? 0.0 : t.angle + rng.range(-0.7, 0.7);
      ASSERT_TRUE(hz.world.setTransform(h, t).ok());
      m.xf = t;
    } else if (op < 88) {  // remove
      ASSERT_TRUE(hz.world.remove(h).ok());
      hz.model.erase(it);
      removed.push_back(h);
    } else if (op < 96) {  // change filter
      const Filter f = randomFilter(rng);
      ASSERT_TRUE(hz.world.setFilter(h, f).ok());
      m.filter = f;
    } else {  // bad input: stale handle or NaN transform, both rejected without effect
      ++rejected;
      if (!removed.empty()) {
        const BodyHandle stale = removed[static_cast<std::size_t>(rng.below(static_cast<int>(removed.size())))];
        EXPECT_FALSE(hz.world.setTransform(stale, {{1, 1}, 0}).ok());
        EXPECT_FALSE(hz.world.remove(stale).ok());
      }
      EXPECT_EQ(hz.world.setTransform(h, {{kNaN, 1}, 0}).error, Error::NotFinite);
    }
    if (ops % 100 == 0) {
      // Now and then move everything at once through the flat array, in body order.
      if (frames % 7 == 3) {
        std::vector<double> xya;
        for (const BodyHandle b : hz.world.bodies()) {
          ModelBody& mb = hz.model.at(b);
          mb.xf.position = mb.xf.position + Vec2{rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)};
          xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
        }
        ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      }
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
      ++frames;
    }
  }
  // Remove everything: every pair must end.
  for (const auto& [h, m] : hz.model) ASSERT_TRUE(hz.world.remove(h).ok());
  hz.model.clear();
  ASSERT_NO_FATAL_FAILURE(hz.checkStep());
  EXPECT_TRUE(hz.active.empty());
  EXPECT_EQ(frames, 1000);
  EXPECT_GT(hz.pairsChecked, 25000u);  // the scene is dense enough to matter
  EXPECT_GT(rejected, 1000);
}

// Bigger scene, all bodies moving every frame (the benchmark's pattern), with the automatic cell size and fixed ones.
TEST(WorldChurn, MovingCrowdMatchesBruteForce) {
  for (const double cell : {0.0, 3.0, 0.4}) {  // automatic (dense grid), hashed grid, many large bodies
    Rng rng{99 + static_cast<std::uint64_t>(cell * 10)};
    Harness hz;
    hz.world.setCellSize(cell);
    const double side = 120;
    for (int i = 0; i < 250; ++i) hz.add(randomLocalShape(rng), randomTransform(rng, side), {}, i);
    for (int frame = 0; frame < 25; ++frame) {
      std::vector<double> xya;
      for (const BodyHandle b : hz.world.bodies()) {
        ModelBody& mb = hz.model.at(b);
        mb.xf.position = mb.xf.position + Vec2{rng.range(-1, 1), rng.range(-1, 1)};
        mb.xf.angle += 0.05;
        xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
      }
      ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      for (int q = 0; q < 10; ++q) ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
    }
    EXPECT_GT(hz.pairsChecked, 5000u);
  }
}

// Static bodies: a level of static pieces (some overlapping each other, which must never pair) with moving bodies,
// under churn that moves static bodies (re-binned one by one, by setTransform and by setTransforms over every body),
// adds and removes them (swap-remove renames static entries), and turns bodies static and back. Every frame is
// checked against brute force (pairs, bit-identical contacts, events) and so are the queries and rays, which visit
// both grids.
TEST(WorldStatic, ChurnMatchesBruteForce) {
  for (const double cell : {0.0, 2.5, 0.5}) {  // automatic, and fixed sizes: hashed grid, large bodies in both grids
    Rng rng{4242 + static_cast<std::uint64_t>(cell * 10)};
    Harness hz;
    hz.world.setCellSize(cell);
    const double side = 90;
    auto setStatic = [&](BodyHandle h, bool on) {
      ASSERT_TRUE(hz.world.setStatic(h, on).ok());
      hz.model.at(h).isStatic = on;
      bool got = !on;
      ASSERT_TRUE(hz.world.getStatic(h, got).ok());
      EXPECT_EQ(got, on);
    };
    for (int i = 0; i < 400; ++i) {
      ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), i));
      if (i % 4 != 0) {
        ASSERT_NO_FATAL_FAILURE(setStatic(std::prev(hz.model.end())->first, true));
      }
    }
    std::size_t staticPairsSeen = 0;
    for (int frame = 0; frame < 60; ++frame) {
      // Move the moving bodies (and, now and then, every body through the flat array with the static ones unchanged).
      std::vector<double> xya;
      for (const BodyHandle b : hz.world.bodies()) {
        ModelBody& mb = hz.model.at(b);
        if (!mb.isStatic) {
          mb.xf.position = mb.xf.position + Vec2{rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)};
          mb.xf.angle += 0.03;
        }
        xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
      }
      ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      // Churn: a few static bodies moved, added, removed, toggled.
      for (int op = 0; op < 12; ++op) {
        auto it = hz.model.begin();
        std::advance(it, rng.below(static_cast<int>(hz.model.size())));
        const BodyHandle h = it->first;
        ModelBody& m = it->second;
        const int k = rng.below(10);
        if (k < 3) {  // move one body (static ones leave their grid)
          Transform t = m.xf;
          t.position = rng.chance(0.5) ? t.position + Vec2{rng.range(-2, 2), rng.range(-2, 2)}
                                       : Vec2{rng.range(0, side), rng.range(0, side)};
          if (rng.chance(0.3)) t.angle += 0.5;
          ASSERT_TRUE(hz.world.setTransform(h, t).ok());
          m.xf = t;
        } else if (k < 5) {
          ASSERT_TRUE(hz.world.remove(h).ok());
          hz.model.erase(it);
        } else if (k < 7) {
          ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), frame));
          if (rng.chance(0.7)) {
            ASSERT_NO_FATAL_FAILURE(setStatic(std::prev(hz.model.end())->first, true));
          }
        } else if (k < 9) {
          ASSERT_NO_FATAL_FAILURE(setStatic(h, !m.isStatic));
        } else {  // the same transform again: a static body stays binned, nothing changes
          ASSERT_TRUE(hz.world.setTransform(h, m.xf).ok());
        }
      }
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      for (std::size_t p = 0; p < hz.world.pairCount(); ++p) {
        staticPairsSeen += hz.model.at(hz.world.pairBodies()[2 * p]).isStatic ||
                           hz.model.at(hz.world.pairBodies()[2 * p + 1]).isStatic;
      }
      for (int q = 0; q < 6; ++q) ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
    }
    EXPECT_GT(staticPairsSeen, 2000u);
    EXPECT_GT(hz.pairsChecked, 4000u);
    // Remove everything (static bodies included): every pair ends.
    for (const auto& [h, m] : hz.model) ASSERT_TRUE(hz.world.remove(h).ok());
    hz.model.clear();
    ASSERT_NO_FATAL_FAILURE(hz.checkStep());
    EXPECT_TRUE(hz.active.empty());
  }
}

// world_fuzz finding: a ray whose step box (widened by ~2^-50 of its coordinates: +-1024 at 1.15e18) covers too many
// cells of the moving bodies' fine grid made visitCells give up, and the huge static circles binned in their own coarse
// grid were never visited: raycastAll missed the one containing the ray's origin. Now the march falls back to every
// body when a step's box is too large for either grid.
TEST(WorldStatic, RayFarFromTheFineGridStillSeesTheCoarseStaticGrid) {
  World w;
  BodyHandle h = kNullBody;
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(w.addCircle({{0, 0}, 0.5}, {{static_cast<double>(i), 0}, 0}, i, {}, h).ok());
  BodyHandle target = kNullBody;
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(w.addCircle({{0, 0}, 1.7315827592208358e+168}, {{1344436877.1502955 + 4e168 * i, 1.1529215049980864e+18}, 0},
                            100 + i, {}, h).ok());
    ASSERT_TRUE(w.setStatic(h, true).ok());
    if (i == 0) target = h;
  }
  const Ray ray{{4.1729756895159565e-13, 1.152921504606847e+18}, {-1, -1}, 0.0};
  ASSERT_TRUE(w.raycastAll(ray).ok());
  ASSERT_EQ(w.rayHitCount(), 1u);
  EXPECT_EQ(w.rayHits()[0], static_cast<double>(target));
  EXPECT_EQ(w.rayHits()[1], 0.0);
  RayHit hit;
  BodyHandle body = kNullBody;
  ASSERT_TRUE(w.raycast(ray, hit, body).ok());
  EXPECT_EQ(body, target);
}

// Overlapping static bodies never pair; a static body turned moving pairs with them again at the next step.
TEST(WorldStatic, StaticBodiesNeverPairWithEachOther) {
  World w;
  std::vector<BodyHandle> pieces;
  for (int i = 0; i < 100; ++i) {  // a row of overlapping boxes: 99 overlapping neighbours
    BodyHandle h;
    ASSERT_TRUE(w.addAabb({{0, 0}, {1.5, 1}}, {{static_cast<double>(i), 0}, 0}, i, {}, h).ok());
    pieces.push_back(h);
  }
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 99u);
  EXPECT_EQ(w.beginEvents().size(), 2 * 99u);
  for (const BodyHandle h : pieces) ASSERT_TRUE(w.setStatic(h, true).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2 * 99u);
  ASSERT_TRUE(w.setStatic(pieces[50], false).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 2u);  // piece 50 with 49 and 51
  EXPECT_EQ(w.beginEvents().size(), 4u);
  bool s = true;
  EXPECT_TRUE(w.getStatic(pieces[50], s).ok());
  EXPECT_FALSE(s);
  EXPECT_EQ(w.setStatic(kNullBody, true).error, Error::InvalidArgument);
  EXPECT_EQ(w.getStatic(kNullBody, s).error, Error::InvalidArgument);
}

}  // namespace
