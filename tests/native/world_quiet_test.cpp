// Quiet steps: when few bodies moved since the last step the World keeps its grid and the last step's candidates
// (cpp/src/world/broad_phase_rest.cpp). Every step of these scenes is checked against brute force (pairs and contacts
// bit for bit), and a twin World whose every step is a full one (setCellSize before each step) must give the same
// pairs, contacts, events and query answers, through quiet steps, busy steps, adds, removals, filters and statics.
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "world_check.h"

namespace {

using namespace collide2d;

// (Emscripten 3.1.6's libc++ has no std::ranges::equal)
bool same(std::span<const BodyHandle> a, std::span<const BodyHandle> b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}
using collide2d::world_model::expectPairsMatchBruteForce;

class Twins {
 public:
  World quiet, full;  // the same calls; full's steps are all full ones
  std::vector<BodyHandle> bodies;
  std::mt19937_64 rng{20261129};

  double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng() % n); }

  void both(const std::function<Status(World&, BodyHandle&)>& f, bool isStatic = false) {
    BodyHandle a = 0, b = 0;
    ASSERT_TRUE(f(quiet, a).ok());
    ASSERT_TRUE(f(full, b).ok());
    ASSERT_EQ(a, b);
    if (isStatic) {
      ASSERT_TRUE(quiet.setStatic(a, true).ok());
      ASSERT_TRUE(full.setStatic(b, true).ok());
    } else {
      bodies.push_back(a);
    }
  }

  void addMoving() {
    const Transform xf{{uni(0, 60), uni(0, 60)}, uni(-3, 3)};
    const double r = uni(0.3, 1.2);
    switch (pick(6)) {
      case 0: both([&](World& w, BodyHandle& h) { return w.addCircle({{0, 0}, r}, xf, 1, {}, h); }); break;
      case 1: both([&](World& w, BodyHandle& h) { return w.addBox({{0, 0}, {r, r / 2}, 0.3}, xf, 2, {}, h); }); break;
      case 2: {
        const Vec2 pts[] = {{-r, -r}, {r, -r / 2}, {r, r}, {-r / 2, r}};
        both([&](World& w, BodyHandle& h) { return w.addPolygon(std::span<const Vec2>(pts), xf, 3, {}, h); });
        break;
      }
      case 3: both([&](World& w, BodyHandle& h) { return w.addCapsule({{-r, 0}, {r, 0}, r / 3}, xf, 4, {}, h); }); break;
      case 4: {
        const BodyPart parts[] = {{Circle{{0, 0}, r}, Transform{}}, {Box{{0, 0}, {r, r / 3}, 0}, Transform{{r, 0}, 0.5}}};
        both([&](World& w, BodyHandle& h) { return w.addCompound(parts, xf, 5, {}, h); });
        break;
      }
      default: {  // now and then a body spanning many cells
        const double big = pick(8) == 0 ? 30.0 : r;
        both([&](World& w, BodyHandle& h) { return w.addAabb({{-big, -r}, {big, r}}, xf, 6, {}, h); });
      }
    }
  }

  bool chain = false;
  int quietSteps = 0;  // (a chain's contacts follow the ghost rule, which brute force does not model: twins only)

  void build(int n, bool withChain) {
    chain = withChain;
    for (int i = 0; i < 30; ++i) {  // a floor of static boxes, one static bar across the scene, a chain
      const Transform xf{{2.0 * i, -1.0}, 0};
      both([&](World& w, BodyHandle& h) { return w.addAabb({{-1, -0.5}, {1, 0.5}}, xf, -1, {}, h); }, true);
    }
    both([&](World& w, BodyHandle& h) { return w.addAabb({{-100, -0.2}, {100, 0.2}}, {{30, 30}, 0}, -2, {}, h); },
         true);
    const Vec2 points[] = {{0, 62}, {20, 58}, {40, 63}, {60, 59}};
    if (withChain) both([&](World& w, BodyHandle& h) { return w.addChain(points, false, {}, -3, {}, h); }, true);
    for (int i = 0; i < n; ++i) ASSERT_NO_FATAL_FAILURE(addMoving());
  }

  void move(BodyHandle h) {
    Transform xf;
    ASSERT_TRUE(quiet.getTransform(h, xf).ok());
    xf.position = xf.position + Vec2{uni(-0.7, 0.7), uni(-0.7, 0.7)};
    if (pick(3) == 0) xf.angle += uni(-0.4, 0.4);
    ASSERT_TRUE(quiet.setTransform(h, xf).ok());
    ASSERT_TRUE(full.setTransform(h, xf).ok());
  }

  // One step of both; the answers must agree bit for bit, and quiet's must match brute force.
  void step(ContactMode mode) {
    quiet.setContactMode(mode);
    full.setContactMode(mode);
    full.setCellSize(0.0);  // (a change the kept candidates do not follow: every step of full is a full one)
    ASSERT_TRUE(quiet.step().ok());
    ASSERT_TRUE(full.step().ok());
    quietSteps += quiet.stepStats().quiet ? 1 : 0;
    ASSERT_FALSE(full.stepStats().quiet);
    if (mode == ContactMode::Contacts && !chain) ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(quiet));
    expectSame(quiet.pairBodies(), full.pairBodies(), mode);
    ASSERT_TRUE(quiet.queryAabb({{10, 10}, {30, 25}}).ok());
    ASSERT_TRUE(full.queryAabb({{10, 10}, {30, 25}}).ok());
    ASSERT_TRUE(same(quiet.queryResults(), full.queryResults()));
    ASSERT_TRUE(quiet.queryPoint({20, 20}).ok());
    ASSERT_TRUE(full.queryPoint({20, 20}).ok());
    ASSERT_TRUE(same(quiet.queryResults(), full.queryResults()));
  }

  // The same pairs (as sets: a quiet step lists the kept pairs first), each with the same contact bits, and the
  // same events (as sets).
  void expectSame(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b, ContactMode mode) {
    ASSERT_EQ(a.size(), b.size());
    const auto records = [&](World& w) {
      std::vector<std::vector<std::uint64_t>> out;
      const auto pairs = w.pairBodies();
      const bool manifolds = mode == ContactMode::Manifolds;
      const auto numbers = manifolds ? w.pairManifolds() : w.pairContacts();
      const std::size_t stride = manifolds ? World::kPairManifoldStride : World::kPairContactStride;
      // (each pair's part records, in their order: a quiet step renumbers the kept ones, NarrowPhase::keepResults)
      const auto parts = w.pairParts();
      std::vector<std::vector<std::uint64_t>> partsOf(pairs.size() / 2);
      for (std::size_t r = 0; r < parts.size(); r += World::kPairPartStride) {
        partsOf[parts[r]].insert(partsOf[parts[r]].end(), {parts[r + 1], parts[r + 2]});
      }
      for (std::size_t k = 0; k < pairs.size() / 2; ++k) {
        std::vector<std::uint64_t> r{pairs[2 * k], pairs[2 * k + 1]};
        r.insert(r.end(), partsOf[k].begin(), partsOf[k].end());
        if (mode != ContactMode::PairsOnly) {
          for (std::size_t c = 0; c < stride; ++c) {
            std::uint64_t bits;
            std::memcpy(&bits, &numbers[stride * k + c], sizeof bits);
            r.push_back(bits);
          }
        }
        out.push_back(r);
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    ASSERT_EQ(records(quiet), records(full));
    for (int e = 0; e < 2; ++e) {
      const auto ea = e == 0 ? quiet.beginEvents() : quiet.endEvents();
      const auto eb = e == 0 ? full.beginEvents() : full.endEvents();
      std::vector<std::pair<std::uint32_t, std::uint32_t>> sa, sb;
      for (std::size_t k = 0; k + 1 < ea.size(); k += 2) sa.emplace_back(ea[k], ea[k + 1]);
      for (std::size_t k = 0; k + 1 < eb.size(); k += 2) sb.emplace_back(eb[k], eb[k + 1]);
      std::sort(sa.begin(), sa.end());
      std::sort(sb.begin(), sb.end());
      ASSERT_EQ(sa, sb) << (e == 0 ? "begin events" : "end events");
    }
  }
};

void fewMoves(bool withChain) {
  Twins t;
  ASSERT_NO_FATAL_FAILURE(t.build(400, withChain));
  const ContactMode modes[] = {ContactMode::Contacts, ContactMode::PairsOnly, ContactMode::Manifolds};
  for (int s = 0; s < 60; ++s) {
    // Mostly a few bodies (the same ones and others); now and then many (a full step), a filter, an add, a removal,
    // a static body moved, or no move at all.
    const int kind = s % 10;
    std::size_t moves = kind == 3 ? t.bodies.size() : kind == 7 ? 0 : 1 + t.pick(25);
    for (std::size_t m = 0; m < moves; ++m) {
      const BodyHandle h = m < 5 ? t.bodies[m] : t.bodies[t.pick(t.bodies.size())];
      ASSERT_NO_FATAL_FAILURE(t.move(h));
    }
    if (kind == 4) {
      const BodyHandle h = t.bodies[t.pick(t.bodies.size())];
      const Filter f{2, 0xFFFFFFFDu, 0};
      ASSERT_TRUE(t.quiet.setFilter(h, f).ok());
      ASSERT_TRUE(t.full.setFilter(h, f).ok());
    }
    if (kind == 5) ASSERT_NO_FATAL_FAILURE(t.addMoving());
    if (kind == 6) {
      const std::size_t at = 10 + t.pick(t.bodies.size() - 10);
      ASSERT_TRUE(t.quiet.remove(t.bodies[at]).ok());
      ASSERT_TRUE(t.full.remove(t.bodies[at]).ok());
      t.bodies.erase(t.bodies.begin() + static_cast<std::ptrdiff_t>(at));
    }
    if (kind == 8) {  // a moving body made static and back (binned with the moving ones meanwhile)
      ASSERT_TRUE(t.quiet.setStatic(t.bodies[7], s % 20 == 8).ok());
      ASSERT_TRUE(t.full.setStatic(t.bodies[7], s % 20 == 8).ok());
    }
    ASSERT_NO_FATAL_FAILURE(t.step(modes[s % 3])) << "step " << s;
    // A query between moves and the step sees the moved bodies (quiet's grid is kept, the moved ones are binned
    // apart).
    if (kind == 1) {
      ASSERT_NO_FATAL_FAILURE(t.move(t.bodies[0]));
      Aabb box;
      ASSERT_TRUE(t.quiet.getBounds(t.bodies[0], box).ok());
      ASSERT_TRUE(t.quiet.queryAabb(box).ok());
      const auto r = t.quiet.queryResults();
      EXPECT_TRUE(std::find(r.begin(), r.end(), t.bodies[0]) != r.end()) << "step " << s;
      ASSERT_TRUE(t.full.queryAabb(box).ok());
      EXPECT_TRUE(same(r, t.full.queryResults())) << "step " << s;
    }
  }
  // Of every 10 steps, those of kinds 7, 9, 0, 1 and 2 are quiet (few moves since a step that had few, nothing
  // added, removed, filtered or made static): 29 of the 60 (the first step is a full one).
  EXPECT_EQ(t.quietSteps, 29);
}

TEST(WorldQuietSteps, FewMovesAnswerAsFullStepsAndAsBruteForce) { fewMoves(false); }
TEST(WorldQuietSteps, FewMovesWithAChainAnswerAsFullSteps) { fewMoves(true); }

// A body moved far away (out of the kept grid's bounds) and back, a body grown to span many cells by a turn, and
// a moved body that passes through a crowd: each on a quiet step.
TEST(WorldQuietSteps, FarMovesLargeBodiesAndCrowds) {
  Twins t;
  ASSERT_NO_FATAL_FAILURE(t.build(300, false));
  // A moving bar spanning many cells (a large body) across the static bar (statics' large one): met once.
  t.both([&](World& w, BodyHandle& h) { return w.addAabb({{-80, -0.5}, {80, 0.5}}, {{30, 29.5}, 0}, 7, {}, h); });
  const BodyHandle bar = t.bodies.back();
  const Transform far{{1e6, -1e6}, 0}, back{{30, 30}, 0.2}, through{{20, 20}, 1.0};
  double y = 29.5;
  for (const Transform& xf : {far, back, through, far}) {
    y += 0.125;
    ASSERT_TRUE(t.quiet.setTransform(bar, {{30, y}, 0}).ok());
    ASSERT_TRUE(t.full.setTransform(bar, {{30, y}, 0}).ok());
    ASSERT_TRUE(t.quiet.setTransform(t.bodies[3], xf).ok());
    ASSERT_TRUE(t.full.setTransform(t.bodies[3], xf).ok());
    // (body 5 is made of one long bar when the scene made one: an aabb spanning 60 units, turned each step)
    Transform x5;
    ASSERT_TRUE(t.quiet.getTransform(t.bodies[5], x5).ok());
    x5.angle += 0.7;
    ASSERT_TRUE(t.quiet.setTransform(t.bodies[5], x5).ok());
    ASSERT_TRUE(t.full.setTransform(t.bodies[5], x5).ok());
    ASSERT_NO_FATAL_FAILURE(t.step(ContactMode::Contacts));
  }
  EXPECT_GE(t.quietSteps, 3);  // (the first step after the adds is a full one)
}

}  // namespace

namespace {

// The edges of world.h's "Quiet steps": at most 16 + (moving bodies) / 8 moved bodies make a quiet step, one more a
// full one (and the step after it too); a body given its own transform again is not moved; a World whose bodies all
// move gives the quiet steps' arrays back.
TEST(WorldQuietSteps, TheLimitIsSixteenPlusAnEighthOfTheMovingBodies) {
  World w;
  std::vector<BodyHandle> h(800);
  for (int i = 0; i < 800; ++i) {
    ASSERT_TRUE(w.addCircle({{0, 0}, 0.6}, {{1.0 * (i % 40), 1.0 * (i / 40)}, 0}, i, {}, h[i]).ok());
  }
  const std::size_t limit = 16 + 800 / 8;
  double dx = 0;
  const auto moveFirst = [&](std::size_t count) {
    dx += 0.01;
    for (std::size_t i = 0; i < count; ++i) {
      ASSERT_TRUE(w.setTransform(h[i], {{1.0 * (i % 40) + dx, 1.0 * (i / 40)}, 0}).ok());
    }
  };
  ASSERT_TRUE(w.step().ok());
  EXPECT_FALSE(w.stepStats().quiet);  // (bodies were added)
  ASSERT_TRUE(w.step().ok());
  EXPECT_TRUE(w.stepStats().quiet);  // (nothing moved)
  moveFirst(limit);
  ASSERT_TRUE(w.step().ok());
  EXPECT_TRUE(w.stepStats().quiet) << limit << " moved";
  moveFirst(limit);  // (the same bodies again: still as many displaced)
  ASSERT_TRUE(w.step().ok());
  EXPECT_TRUE(w.stepStats().quiet);
  const std::size_t quietBytes = w.heapBytes();
  moveFirst(limit + 1);
  ASSERT_TRUE(w.step().ok());
  EXPECT_FALSE(w.stepStats().quiet) << limit + 1 << " moved";
  moveFirst(1);
  ASSERT_TRUE(w.step().ok());
  EXPECT_FALSE(w.stepStats().quiet);  // (the step before followed too many moves)
  ASSERT_TRUE(w.step().ok());
  EXPECT_TRUE(w.stepStats().quiet);
  // Every body given its own transform again (setTransforms over all, as a game that syncs every frame): no move.
  std::vector<double> xya;
  for (const BodyHandle b : w.bodies()) {
    Transform xf;
    ASSERT_TRUE(w.getTransform(b, xf).ok());
    xya.insert(xya.end(), {xf.position.x, xf.position.y, xf.angle});
  }
  ASSERT_TRUE(w.setTransforms(xya).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_TRUE(w.stepStats().quiet);
  // Every body moved: a full step, and the quiet steps' arrays (the kept candidates, the displaced list, a bit per
  // body, the grid of displaced bodies) are given back.
  for (std::size_t k = 0; k < xya.size(); k += 3) xya[k] += 0.01;
  ASSERT_TRUE(w.setTransforms(xya).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_FALSE(w.stepStats().quiet);
  EXPECT_LT(w.heapBytes() + 4 * 2 * w.stepStats().candidates, quietBytes);
}

}  // namespace
