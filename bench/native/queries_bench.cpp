// Native micro benchmarks of queries.h: ns per call over fixed seeded inputs (polygons of 3-8 vertices, the same
// generator as core_bench.cpp). Run: build/bench/bench/collide2d_bench --benchmark_filter=Queries
// Targets (issue 11, through the JS API): distance polygon-polygon <= 300 ns single; cast polygon-polygon,
// translation only, <= 1 us. The native figures here bound what the binding can reach.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "../scene.h"

namespace {
using namespace collide2d;

constexpr int kCount = 1024;

struct Inputs {
  std::vector<Polygon> polygons;
  std::vector<Capsule> capsules;
  std::vector<Vec2> motions;
  Inputs() {
    scene::Mulberry32 rng{777u};
    for (int i = 0; i < kCount; ++i) {
      const Vec2 c{rng.range(0, 40), rng.range(0, 40)};
      const int n = 3 + int(rng.next() * 6.0);
      const double r = rng.range(3, 10);
      std::vector<Vec2> pts;
      for (int k = 0; k < n; ++k) {
        const double t = std::tan(3.141592653589793 * (double(k) / n - 0.5) * 0.999);
        pts.push_back({c.x + r * (1 - t * t) / (1 + t * t), c.y + r * 2 * t / (1 + t * t)});
      }
      Polygon p;
      if (!Polygon::create(pts, p)) (void)Polygon::create(std::vector<Vec2>{c, c + Vec2{r, 0}, c + Vec2{0, r}}, p);
      polygons.push_back(p);
      const Vec2 d{rng.range(-8, 8), rng.range(-8, 8)};
      capsules.push_back({c - d, c + d, rng.range(1, 4)});
      motions.push_back({rng.range(-40, 40), rng.range(-40, 40)});
    }
  }
};
const Inputs& inputs() {
  static const Inputs in;
  return in;
}

template <class F>
void run(benchmark::State& state, F f) {
  std::uint32_t i = 0;
  for (auto _ : state) {
    const int a = int(i % kCount), b = int((i * 7 + 3) % kCount);
    benchmark::DoNotOptimize(f(a, b));
    ++i;
  }
}

void BM_QueriesDistancePolygonPolygon(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) { return distance(in.polygons[a], in.polygons[b]).distance; });
}
BENCHMARK(BM_QueriesDistancePolygonPolygon);

void BM_QueriesDistancePolygonPolygonCached(benchmark::State& state) {
  // Coherent use: one cache per pair, the pair queried again (the simplex of the last call is the answer).
  const auto& in = inputs();
  std::vector<SimplexCache> caches(kCount);
  run(state, [&](int a, int b) { return distance(in.polygons[a], in.polygons[b], &caches[a]).distance; });
}
BENCHMARK(BM_QueriesDistancePolygonPolygonCached);

void BM_QueriesDistanceCapsulePolygon(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) { return distance(in.capsules[a], in.polygons[b]).distance; });
}
BENCHMARK(BM_QueriesDistanceCapsulePolygon);

void BM_QueriesCastPolygonPolygonTranslation(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) {
    return cast(in.polygons[a], Motion{in.motions[a], 0}, in.polygons[b], Motion{}).fraction;
  });
}
BENCHMARK(BM_QueriesCastPolygonPolygonTranslation);

void BM_QueriesCastPolygonPolygonRotation(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) {
    return cast(in.polygons[a], Motion{in.motions[a], 1.0}, in.polygons[b], Motion{}).fraction;
  });
}
BENCHMARK(BM_QueriesCastPolygonPolygonRotation);

// The platformer's frame: a box resting exactly on a floor tile walks (a graze) or presses in (a hit at 0): the casts
// that start in contact, where the exact entry decision runs.
void BM_QueriesCastRestingBoxWalks(benchmark::State& state) {
  const Aabb player{{0.25, 1}, {0.75, 2}};
  const Aabb tiles[2] = {{{0, 0}, {1, 1}}, {{1, 0}, {2, 1}}};
  const Vec2 moves[4] = {{0.1, 0}, {-0.1, 0}, {0.1, -0.01}, {0.05, 0.01}};
  std::uint64_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cast(player, Motion{moves[i & 3], 0}, tiles[(i >> 2) & 1], Motion{}).fraction);
    ++i;
  }
}
BENCHMARK(BM_QueriesCastRestingBoxWalks);

void BM_QueriesManifoldPolygonPolygon(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) { return collideManifold(in.polygons[a], in.polygons[b]).count; });
}
BENCHMARK(BM_QueriesManifoldPolygonPolygon);

void BM_QueriesCollideCapsulePolygon(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) { return collide(in.capsules[a], in.polygons[b]).depth; });
}
BENCHMARK(BM_QueriesCollideCapsulePolygon);

void BM_QueriesContainsShapePolygonPolygon(benchmark::State& state) {
  const auto& in = inputs();
  run(state, [&](int a, int b) { return containsShape(in.polygons[a], in.polygons[b]); });
}
BENCHMARK(BM_QueriesContainsShapePolygonPolygon);

}  // namespace
