// World::setThreadCount (world.h, "Threads"): the range and its errors, and answers bit-identical to one thread: the
// determinism scene's hash on 1..4 threads, and every step's results compared array by array against a one-thread
// World over seeded runs in every contact mode (chunks made tiny so that every step is cut into many, and at the
// default chunk size on the 10k benchmark scene).
#include <gtest/gtest.h>

#include <collide2d/world.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <cstring>
#include <fstream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../bench/scene.h"
#include "determinism_scene.h"
#include "world/narrow_phase.h"
#include "world/thread_pool.h"

namespace {

using namespace collide2d;
using collide2d::world::ThreadTuning;

std::uint64_t recordedHash() {
  std::ifstream in(std::string(COLLIDE2D_TESTS_DIR) + "/determinism.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  return std::stoull(j.at("hash").get<std::string>(), nullptr, 16);
}

/// Sets ThreadTuning::minChunkPairs for one test.
struct ChunkPairs {
  explicit ChunkPairs(std::size_t n) : was(ThreadTuning::minChunkPairs.load()) { ThreadTuning::minChunkPairs = n; }
  ~ChunkPairs() { ThreadTuning::minChunkPairs = was; }
  std::size_t was;
};

template <class T> bool sameBits(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}

/// Every result of the last step, bit for bit (NaN records included).
void expectSameResults(const World& one, const World& many, const std::string& where) {
  EXPECT_TRUE(sameBits(one.pairBodies(), many.pairBodies())) << where;
  EXPECT_TRUE(sameBits(one.pairContacts(), many.pairContacts())) << where;
  EXPECT_TRUE(sameBits(one.pairManifolds(), many.pairManifolds())) << where;
  EXPECT_TRUE(sameBits(one.pairParts(), many.pairParts())) << where;
  EXPECT_TRUE(sameBits(one.beginEvents(), many.beginEvents())) << where;
  EXPECT_TRUE(sameBits(one.endEvents(), many.endEvents())) << where;
  EXPECT_EQ(one.stepStats().candidates, many.stepStats().candidates) << where;
  EXPECT_EQ(one.stepStats().certified, many.stepStats().certified) << where;
}

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
// (The wasm GoogleTest build has no threads: one thread only, the rest refused.)
TEST(WorldThreads, ThreadCountIsOneWithoutThreads) {
  World w;
  EXPECT_EQ(World::maxThreadCount(), 1);
  ASSERT_TRUE(w.setThreadCount(1));
  const Status s = w.setThreadCount(2);
  EXPECT_EQ(s.error, Error::InvalidArgument);
  EXPECT_STREQ(s.field, "threadCount");
  EXPECT_EQ(w.threadCount(), 1);
}
#else
TEST(WorldThreads, ThreadCountIsRangeChecked) {
  World w;
  EXPECT_EQ(World::maxThreadCount(), 64);
  EXPECT_EQ(w.threadCount(), 1);
  for (const int bad : {0, -1, World::maxThreadCount() + 1, 1 << 30}) {
    const Status s = w.setThreadCount(bad);
    EXPECT_EQ(s.error, Error::InvalidArgument) << bad;
    EXPECT_STREQ(s.field, "threadCount") << bad;
    EXPECT_EQ(w.threadCount(), 1) << bad;
  }
  ASSERT_TRUE(w.setThreadCount(3));
  EXPECT_EQ(w.threadCount(), 3);
  EXPECT_EQ(w.setThreadCount(0).error, Error::InvalidArgument);
  EXPECT_EQ(w.threadCount(), 3);  // (unchanged by the refusal)
  ASSERT_TRUE(w.setThreadCount(2));
  EXPECT_EQ(w.threadCount(), 2);
  ASSERT_TRUE(w.setThreadCount(1));
  EXPECT_EQ(w.threadCount(), 1);
  ASSERT_TRUE(w.setThreadCount(World::maxThreadCount()));
  EXPECT_EQ(w.threadCount(), World::maxThreadCount());
}

// The pool alone: every task of every run runs exactly once, whatever the number of helpers a run asks for (0..all,
// changing from run to run: workers left out of one run, or waking late, take no task of the next).
TEST(WorldThreads, PoolRunsEveryTaskOnce) {
  std::unique_ptr<world::ThreadPool> pool = world::ThreadPool::create(3);
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(pool->workers(), 3);
  struct Ctx {
    std::vector<std::atomic<int>> hits;
  };
  for (int run = 0; run < 400; ++run) {
    const std::size_t tasks = static_cast<std::size_t>(run % 37);
    Ctx ctx{std::vector<std::atomic<int>>(tasks)};
    pool->run(tasks, [](void* c, std::size_t t) { static_cast<Ctx*>(c)->hits[t].fetch_add(1); }, &ctx, run % 5);
    for (std::size_t t = 0; t < tasks; ++t) ASSERT_EQ(ctx.hits[t].load(), 1) << "run " << run << " task " << t;
  }
}

TEST(WorldThreads, DeterminismHashIsTheSameOnOneToFourThreads) {
  // (One thread: determinism_test.cpp.) Chunks of at least 4 pairs (many per step) on 2..4 threads, and the default
  // (1,024) on 2: the scene's steps have more than 2,048 candidate pairs, so every step is cut either way.
  const std::uint64_t want = recordedHash();
  for (const auto& [chunk, threads] : {std::pair<std::size_t, int>{4, 2}, {4, 3}, {4, 4}, {1024, 2}}) {
    ChunkPairs sized(chunk);
    const std::size_t before = ThreadTuning::threadedSteps.load();
    EXPECT_EQ(determinism::worldHash(2026, 2000, 300, nullptr, threads), want)
        << threads << " threads, chunks of at least " << chunk << " pairs";
    EXPECT_EQ(ThreadTuning::threadedSteps.load() - before, 300u) << threads << " threads, " << chunk;
  }
}

// The determinism scene (every kind of body, compounds, sensors, statics, filters; adds and removals every frame;
// every contact mode in turn) on one thread and on 2, 3 and 4, compared step by step.
TEST(WorldThreads, EveryStepMatchesOneThreadOnTheDeterminismScene) {
  ChunkPairs tiny(3);
  for (int threads = 2; threads <= 4; ++threads) {
    determinism::Run one(7), many(7);
    ASSERT_TRUE(many.world.setThreadCount(threads));
    one.side = many.side = std::sqrt(1500.0 * 40.0);
    for (int i = 0; i < 1500; ++i) {
      one.addBody();
      many.addBody();
    }
    determinism::Fnv64Words h1, h2;
    for (int f = 0; f < 60; ++f) {
      one.frame(f, h1);
      many.frame(f, h2);
      expectSameResults(one.world, many.world, std::to_string(threads) + " threads, frame " + std::to_string(f));
      ASSERT_FALSE(::testing::Test::HasFailure());
    }
    EXPECT_EQ(h1.h, h2.h);
    EXPECT_GT(one.world.pairBodies().size(), 100u);  // (the scene has pairs to compare)
  }
}

// The 10k benchmark scene at the default chunk size (its steps have enough candidates to be cut), every mode, with
// and without coherence (its certificates are made by the chunks and put in place at the merge).
TEST(WorldThreads, EveryStepMatchesOneThreadOnTheBenchmarkScene) {
  const std::size_t before = ThreadTuning::threadedSteps.load();
  for (const ContactMode mode : {ContactMode::PairsOnly, ContactMode::Contacts, ContactMode::Manifolds}) {
    for (const bool coherence : {true, false}) {
      if (mode != ContactMode::PairsOnly && !coherence) continue;  // (coherence acts in PairsOnly mode only)
      scene::Scene s = scene::makeScene(10000);
      World one, two;
      ASSERT_TRUE(two.setThreadCount(2));
      std::vector<double> xya;
      for (World* w : {&one, &two}) {
        w->setContactMode(mode);
        w->setCoherence(coherence);
        for (const scene::Body& b : s.bodies) {
          BodyHandle h;
          const Transform xf{{b.x, b.y}, b.angle};
          Status st;
          switch (b.kind) {
            case scene::Kind::Circle: st = w->addCircle(Circle{{0, 0}, b.a}, xf, 0, Filter{}, h); break;
            case scene::Kind::Aabb: st = w->addAabb(Aabb{{0, 0}, {b.a, b.b}}, xf, 0, Filter{}, h); break;
            case scene::Kind::Box: st = w->addBox(Box{{0, 0}, {b.a, b.b}, 0}, xf, 0, Filter{}, h); break;
            case scene::Kind::Polygon: st = w->addPolygon(std::span<const double>(b.points), xf, 0, Filter{}, h); break;
          }
          ASSERT_TRUE(st);
        }
      }
      for (int f = 0; f < 12; ++f) {
        scene::advance(s);
        xya.clear();
        for (const scene::Body& b : s.bodies) {
          xya.push_back(b.x);
          xya.push_back(b.y);
          xya.push_back(f % 4 == 3 ? b.angle + 0.01 * f : b.angle);  // (a turn now and then voids certificates)
        }
        ASSERT_TRUE(one.setTransforms(xya));
        ASSERT_TRUE(two.setTransforms(xya));
        ASSERT_TRUE(one.step());
        ASSERT_TRUE(two.step());
        expectSameResults(one, two, "mode " + std::to_string(static_cast<int>(mode)) + " frame " + std::to_string(f));
        ASSERT_FALSE(::testing::Test::HasFailure());
      }
      EXPECT_GT(one.pairBodies().size(), 2000u);
    }
  }
  EXPECT_GE(ThreadTuning::threadedSteps.load() - before, 4u * 12u);  // (the two-thread Worlds' steps were cut)
}

#endif

}  // namespace
