// World::setThreadCount (world.h, "Threads"): the range and its errors, and answers bit-identical to one thread: the
// determinism scene's hash on 1..4 threads, and every step's results compared array by array against a one-thread
// World over seeded runs in every contact mode (chunks made tiny so that every step is cut into many, and at the
// default chunk size on the 10k benchmark scene). The threaded setTransforms(xya) (placement_threads.cpp): every
// body's transform, bounds and world shape (each part's) after each call equal to one thread's, on a scene of every
// kind of body with static ones (kept and moved), and its errors: the same Status as one thread, nothing changed.
#include <gtest/gtest.h>

#include <collide2d/world.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <cstring>
#include <fstream>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <variant>
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

/// Sets ThreadTuning::minChunkBodies (a threaded setTransforms' chunks) for one test.
struct ChunkBodies {
  explicit ChunkBodies(std::size_t n) : was(ThreadTuning::minChunkBodies.load()) { ThreadTuning::minChunkBodies = n; }
  ~ChunkBodies() { ThreadTuning::minChunkBodies = was; }
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

// The 10k benchmark scene at the default chunk sizes (its steps have enough candidates to be cut, its setTransforms
// enough bodies), every mode, with and without coherence (its certificates are made by the chunks and put in place at
// the merge; certify runs by chunks, the expired certificates freed at the merge).
TEST(WorldThreads, EveryStepMatchesOneThreadOnTheBenchmarkScene) {
  const std::size_t before = ThreadTuning::threadedSteps.load();
  const std::size_t certifiesBefore = ThreadTuning::threadedCertifies.load();
  const std::size_t placementsBefore = ThreadTuning::threadedPlacements.load();
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
  // (certify cut in PairsOnly mode with coherence, the first step's certificates aside; every setTransforms cut)
  EXPECT_GE(ThreadTuning::threadedCertifies.load() - certifiesBefore, 11u);
  EXPECT_EQ(ThreadTuning::threadedPlacements.load() - placementsBefore, 4u * 12u);
}

// ---- setTransforms(xya) on several threads -----------------------------------------------------------------------

/// A small deterministic generator (xorshift64*), uniform in [lo, hi).
struct Rng {
  std::uint64_t s;
  double next(double lo, double hi) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return lo + (hi - lo) * static_cast<double>((s * 2685821657736338717ull) >> 11) * 0x1p-53;
  }
};

/// Every body's transform, and each part's world shape and bounds, as bytes (a polygon: its vertices and normals).
std::vector<unsigned char> snapshot(const World& w) {
  std::vector<unsigned char> out;
  auto put = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    out.insert(out.end(), b, b + n);
  };
  for (const BodyHandle h : w.bodies()) {
    Transform xf;
    Aabb box;
    std::size_t parts = 0;
    EXPECT_TRUE(w.getTransform(h, xf) && w.getBounds(h, box) && w.getPartCount(h, parts));
    put(&h, sizeof h);
    put(&xf, sizeof xf);
    put(&box, sizeof box);
    for (std::size_t k = 0; k < parts; ++k) {
      Shape shape;
      Aabb partBox;
      EXPECT_TRUE(w.getPartShape(h, k, shape) && w.getPartBounds(h, k, partBox));
      const std::size_t kind = shape.index();
      put(&kind, sizeof kind);
      put(&partBox, sizeof partBox);
      std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Polygon>) {
              put(x.vertices().data(), x.vertices().size_bytes());
              put(x.normals().data(), x.normals().size_bytes());
            } else {
              put(&x, sizeof x);
            }
          },
          shape);
    }
  }
  return out;
}

/// Every kind of body: circles, boxes, aabbs, polygons (some tiny and far out: their moved vertices need the exact
/// convexity test, a hull or a Segment), segments, capsules, compounds (outlines and parts), chains; about one in
/// eleven static. Returns the static ones' positions in body order (-1: moving).
std::vector<int> addMixedScene(World& w, int n, std::uint64_t seed) {
  Rng r{seed};
  const double side = std::sqrt(n * 30.0);
  std::vector<int> statics;
  for (int i = 0; i < n; ++i) {
    const Transform xf{{r.next(0, side), r.next(0, side)}, r.next(-3, 3)};
    BodyHandle h = kNullBody;
    Status st;
    switch (i % 10) {
      case 0: st = w.addCircle(Circle{{r.next(-1, 1), 0}, r.next(0.3, 2)}, xf, i, Filter{}, h); break;
      case 1: st = w.addAabb(Aabb{{-1, -0.5}, {r.next(0.2, 2), 0.7}}, xf, i, Filter{}, h); break;
      case 2: st = w.addBox(Box{{0.5, 0}, {r.next(0.2, 2), 0.6}, r.next(-1, 1)}, xf, i, Filter{}, h); break;
      case 3: {
        std::vector<Vec2> pts;
        const int m = 3 + i % 6;
        for (int k = 0; k < m; ++k) {
          const double a = 2 * 3.14159265358979 * (k + r.next(-0.3, 0.3)) / m;
          pts.push_back({2 * std::cos(a), 2 * std::sin(a)});
        }
        st = w.addPolygon(pts, xf, i, Filter{}, h);
        break;
      }
      case 4: {  // tiny beside its distance from the origin
        const double e = 1e-7 * r.next(0.5, 2);
        const std::vector<Vec2> pts{{0, 0}, {e, 0}, {e * r.next(0, 1), e}};
        st = w.addPolygon(pts, Transform{{1e6 + r.next(0, 10), -1e6}, xf.angle}, i, Filter{}, h);
        break;
      }
      case 5: st = w.addSegment(Segment{{-1, 0}, {r.next(0.5, 3), 0.5}}, xf, i, Filter{}, h); break;
      case 6: st = w.addCapsule(Capsule{{-1, 0}, {1, 0.5}, r.next(0.2, 1)}, xf, i, Filter{}, h); break;
      case 7: {
        const std::vector<Vec2> u{{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
        st = w.addOutline(u, xf, i, Filter{}, h);
        break;
      }
      case 8: {
        const std::vector<BodyPart> parts{{Circle{{0, 0}, 0.7}, Transform{}},
                                          {Box{{0, 0}, {0.5, 0.3}, 0.2}, Transform{{1.2, 0}, 0.4}}};
        st = w.addCompound(parts, xf, i, Filter{}, h);
        break;
      }
      default: {
        if (i % 50 == 9) {
          std::vector<Vec2> pts;
          for (int k = 0; k < 40; ++k) pts.push_back({0.7 * k, std::sin(0.3 * k)});
          st = w.addChain(pts, false, xf, i, Filter{}, h);
        } else {
          st = w.addCircle(Circle{{0, 0}, 0.5}, xf, i, Filter{}, h);
        }
      }
    }
    EXPECT_TRUE(st) << i << " " << (st.field != nullptr ? st.field : "");
    const bool isStatic = i % 50 == 9 || i % 11 == 4;
    if (isStatic) {
      EXPECT_TRUE(w.setStatic(h, true));
    }
    statics.push_back(isStatic ? i % 3 : -1);  // 0: keeps its transform, else moved now and then
  }
  return statics;
}

/// The next transforms: moving bodies translate (and every third frame turn), static ones keep their transform bit
/// for bit or (kind 1, odd frames) move.
void nextTransforms(const World& w, const std::vector<int>& statics, int frame, Rng& r, std::vector<double>& xya) {
  xya.clear();
  const std::span<const BodyHandle> hs = w.bodies();
  for (std::size_t i = 0; i < hs.size(); ++i) {
    Transform xf;
    EXPECT_TRUE(w.getTransform(hs[i], xf));
    const int kind = statics[i];
    if (kind == 0 || (kind > 0 && frame % 2 == 0)) {
      xya.insert(xya.end(), {xf.position.x, xf.position.y, xf.angle});
      continue;
    }
    const bool turn = frame % 3 == 2;
    xya.insert(xya.end(), {xf.position.x + r.next(-0.3, 0.3), xf.position.y + r.next(-0.3, 0.3),
                           turn ? std::remainder(xf.angle + r.next(-0.5, 0.5), 6.0) : xf.angle});
  }
}

// Every body after every threaded setTransforms, and every step's results, equal to one thread's (chunks of 7 bodies:
// many per call, their ends anywhere among the kinds), in PairsOnly mode with coherence (drifts and certificates)
// and in Contacts mode.
TEST(WorldThreads, SetTransformsPlacesEveryBodyAsOneThread) {
  ChunkBodies tiny(7);
  for (const ContactMode mode : {ContactMode::PairsOnly, ContactMode::Contacts}) {
    for (int threads = 2; threads <= 4; ++threads) {
      World one, many;
      ASSERT_TRUE(many.setThreadCount(threads));
      std::vector<int> statics;
      for (World* w : {&one, &many}) {
        w->setContactMode(mode);
        statics = addMixedScene(*w, 1200, 99);
        ASSERT_TRUE(w->step());
      }
      ASSERT_EQ(snapshot(one), snapshot(many));
      Rng r{5};
      std::vector<double> xya;
      for (int f = 0; f < 16; ++f) {
        nextTransforms(one, statics, f, r, xya);
        const std::size_t before = ThreadTuning::threadedPlacements.load();
        ASSERT_TRUE(one.setTransforms(xya));
        ASSERT_TRUE(many.setTransforms(xya));
        EXPECT_EQ(ThreadTuning::threadedPlacements.load() - before, 1u);  // (many's call ran threaded)
        const std::string where = std::to_string(threads) + " threads, mode " +
                                  std::to_string(static_cast<int>(mode)) + ", frame " + std::to_string(f);
        ASSERT_EQ(snapshot(one), snapshot(many)) << where;
        ASSERT_TRUE(one.step());
        ASSERT_TRUE(many.step());
        expectSameResults(one, many, where);
        ASSERT_FALSE(::testing::Test::HasFailure());
      }
      EXPECT_GT(one.pairBodies().size(), 200u);  // (the scene has pairs to compare)
    }
  }
}

// A refused setTransforms on several threads: the Status one thread gives, and nothing changed (every body as
// before, and the next step as one thread's: drifts and certificates untouched too). Bad values at the start, in the
// middle and at the end (different chunks); a non-finite value wins over an earlier out-of-range one, as on one thread.
TEST(WorldThreads, SetTransformsErrorsAreOneThreadsAndChangeNothing) {
  ChunkBodies small(5);
  for (int threads = 2; threads <= 4; ++threads) {
    World one, many;
    ASSERT_TRUE(many.setThreadCount(threads));
    std::vector<int> statics;
    for (World* w : {&one, &many}) {
      w->setContactMode(ContactMode::PairsOnly);
      statics = addMixedScene(*w, 300, 3);
      ASSERT_TRUE(w->step());
    }
    Rng r{11};
    std::vector<double> good;
    nextTransforms(one, statics, 1, r, good);
    ASSERT_TRUE(one.setTransforms(good));  // (drifts to keep: certificates then have something to lose)
    ASSERT_TRUE(many.setTransforms(good));
    const std::size_t n = good.size() / 3;
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    struct Bad {
      std::vector<std::pair<std::size_t, double>> set;  // (value index, value)
      Error error;
    };
    const std::vector<Bad> cases{
        {{{0, nan}}, Error::NotFinite},
        {{{3 * (n / 2) + 1, inf}}, Error::NotFinite},
        {{{3 * n - 1, -inf}}, Error::NotFinite},
        {{{0, 2e300}, {3 * n - 2, nan}}, Error::NotFinite},  // (out of range first, not finite later)
        {{{3 * (n - 1), 5e300}}, Error::InvalidArgument},
        {{{3 * (n / 3) + 2, 2e300}}, Error::InvalidArgument},  // (an angle beyond the allowed range)
        {{{5, -3e300}, {3 * n - 1, -2e300}}, Error::InvalidArgument},
    };
    const std::vector<unsigned char> before = snapshot(many);
    ASSERT_EQ(snapshot(one), before);
    for (std::size_t c = 0; c < cases.size(); ++c) {
      std::vector<double> xya = good;
      for (const auto& [at, v] : cases[c].set) xya[at] = v;
      const std::size_t threaded = ThreadTuning::threadedPlacements.load();
      const Status s1 = one.setTransforms(xya), s2 = many.setTransforms(xya);
      EXPECT_EQ(ThreadTuning::threadedPlacements.load() - threaded, 1u) << c;
      EXPECT_EQ(s1.error, cases[c].error) << c;
      EXPECT_EQ(s2.error, s1.error) << threads << " threads, case " << c;
      EXPECT_STREQ(s2.field, s1.field) << c;
      EXPECT_STREQ(s2.field, "transforms") << c;
      EXPECT_EQ(snapshot(many), before) << threads << " threads, case " << c;
    }
    const std::vector<double> shorter(good.begin(), good.end() - 3);
    EXPECT_EQ(many.setTransforms(shorter).error, Error::InvalidArgument);
    EXPECT_EQ(snapshot(many), before);
    ASSERT_TRUE(one.step());
    ASSERT_TRUE(many.step());
    expectSameResults(one, many, std::to_string(threads) + " threads, the step after the refusals");
    EXPECT_GT(one.stepStats().certified, 0u);  // (certificates were there to be kept)
  }
}

// Fewer than twice ThreadTuning::minChunkBodies bodies are placed on one thread.
TEST(WorldThreads, SetTransformsOfFewBodiesStaysOnOneThread) {
  ChunkBodies sized(100);
  World w;
  ASSERT_TRUE(w.setThreadCount(2));
  const std::vector<int> statics = addMixedScene(w, 199, 8);
  std::vector<double> xya;
  Rng r{1};
  nextTransforms(w, statics, 1, r, xya);
  std::size_t before = ThreadTuning::threadedPlacements.load();
  ASSERT_TRUE(w.setTransforms(xya));
  EXPECT_EQ(ThreadTuning::threadedPlacements.load(), before);
  BodyHandle h;
  ASSERT_TRUE(w.addCircle(Circle{{0, 0}, 1}, Transform{}, 0, Filter{}, h));
  xya.insert(xya.end(), {0.5, 0.5, 0.0});
  before = ThreadTuning::threadedPlacements.load();
  ASSERT_TRUE(w.setTransforms(xya));  // (200 bodies: two chunks)
  EXPECT_EQ(ThreadTuning::threadedPlacements.load() - before, 1u);
}

// The default (world.h, "Threads"): a World of fewer than 4,096 bodies is placed on the calling thread alone.
TEST(WorldThreads, SetTransformsThreadsFrom4096Bodies) {
  ASSERT_EQ(ThreadTuning::minChunkBodies.load(), 2048u);
  World w;
  ASSERT_TRUE(w.setThreadCount(2));
  std::vector<double> xya;
  for (int i = 0; i < 4096; ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addCircle(Circle{{0, 0}, 0.5}, Transform{{1.5 * (i % 64), 1.5 * (i / 64)}, 0}, i, Filter{}, h));
    xya.insert(xya.end(), {1.5 * (i % 64) + 0.1, 1.5 * (i / 64), 0.0});
  }
  ASSERT_TRUE(w.remove(w.bodies().back()));
  const std::vector<double> fewer(xya.begin(), xya.end() - 3);
  std::size_t before = ThreadTuning::threadedPlacements.load();
  ASSERT_TRUE(w.setTransforms(fewer));
  EXPECT_EQ(ThreadTuning::threadedPlacements.load(), before);  // (4,095 bodies)
  BodyHandle h;
  ASSERT_TRUE(w.addCircle(Circle{{0, 0}, 0.5}, Transform{}, 0, Filter{}, h));
  before = ThreadTuning::threadedPlacements.load();
  ASSERT_TRUE(w.setTransforms(xya));
  EXPECT_EQ(ThreadTuning::threadedPlacements.load() - before, 1u);  // (4,096 bodies)
}

#endif

}  // namespace
