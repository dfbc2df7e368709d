// Native micro benchmarks: ns per call for each pair function of the core, over a fixed set of seeded random
// inputs (about half of the pairs overlap). Run: build/bench/bench/collide2d_bench --benchmark_filter=Core
#include <collide2d/collide2d.h>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "../scene_world.h"

namespace {
using namespace collide2d;

constexpr int kCount = 1024;  // inputs cycled through (fits in L1/L2)

struct Inputs {
  std::vector<Circle> circles;
  std::vector<Aabb> aabbs;
  std::vector<Box> boxes;
  std::vector<Polygon> polygons;
  std::vector<Segment> segments;
  std::vector<Line> lines;
  std::vector<Ray> rays;
  Inputs() {
    scene::Mulberry32 rng{12345u};
    for (int i = 0; i < kCount; ++i) {
      const Vec2 c{rng.range(0, 40), rng.range(0, 40)};
      circles.push_back({c, rng.range(2, 8)});
      const Vec2 h{rng.range(1.5, 7), rng.range(1.5, 7)};
      aabbs.push_back({c - h, c + h});
      boxes.push_back({c, h, rng.range(0, 6.28)});
      const int n = 3 + int(rng.next() * 6.0);
      const double r = rng.range(3, 10);
      std::vector<Vec2> pts;
      for (int k = 0; k < n; ++k) {
        const double t = std::tan(3.141592653589793 * (double(k) / n - 0.5) * 0.999);
        pts.push_back({c.x + r * (1 - t * t) / (1 + t * t), c.y + r * 2 * t / (1 + t * t)});
      }
      Polygon p;
      if (!Polygon::create(pts, p)) p = Polygon::fromBox(boxes.back());
      polygons.push_back(p);
      const Vec2 d{rng.range(-12, 12), rng.range(-12, 12)};
      segments.push_back({c, c + d});
      lines.push_back({c, c + d});
      rays.push_back({c - d * 3.0, d, 5.0});
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
  state.SetItemsProcessed(state.iterations());
}

#define CORE_BENCH(name, expr)                                                        \
  void Core_##name(benchmark::State& s) {                                              \
    const Inputs& in = inputs();                                                       \
    run(s, [&](int a, int b) { (void)a; (void)b; return expr; });                      \
  }                                                                                    \
  BENCHMARK(Core_##name)

CORE_BENCH(overlaps_Aabb_Aabb, overlaps(in.aabbs[a], in.aabbs[b]));
CORE_BENCH(collide_Aabb_Aabb, collide(in.aabbs[a], in.aabbs[b]).depth);
CORE_BENCH(overlaps_Circle_Circle, overlaps(in.circles[a], in.circles[b]));
CORE_BENCH(collide_Circle_Circle, collide(in.circles[a], in.circles[b]).depth);
CORE_BENCH(intersect_Line_Line, intersect(in.lines[a], in.lines[b]).ta);
CORE_BENCH(overlaps_Segment_Segment, overlaps(in.segments[a], in.segments[b]));
CORE_BENCH(intersect_Segment_Segment, intersect(in.segments[a], in.segments[b]).ua[0]);
CORE_BENCH(intersect_Circle_Line, intersect(in.circles[a], in.lines[b]).t1);
CORE_BENCH(intersect_Circle_Segment, intersect(in.circles[a], in.segments[b]).distance);
CORE_BENCH(collide_Circle_Aabb, collide(in.circles[a], in.aabbs[b]).depth);
CORE_BENCH(collide_Circle_Box, collide(in.circles[a], in.boxes[b]).depth);
CORE_BENCH(collide_Circle_Polygon, collide(in.circles[a], in.polygons[b]).depth);
CORE_BENCH(overlaps_Box_Box, overlaps(in.boxes[a], in.boxes[b]));
CORE_BENCH(collide_Box_Box, collide(in.boxes[a], in.boxes[b]).depth);
CORE_BENCH(overlaps_Polygon_Polygon, overlaps(in.polygons[a], in.polygons[b]));
CORE_BENCH(collide_Polygon_Polygon, collide(in.polygons[a], in.polygons[b]).depth);
CORE_BENCH(contains_Polygon, contains(in.polygons[a], in.circles[b].center));
CORE_BENCH(raycast_Polygon, raycast(in.rays[a], in.polygons[b]).fraction);
CORE_BENCH(sweep_8_walls, sweep(in.circles[a], in.segments[b].b - in.segments[b].a,
                                std::span<const Segment>(in.segments.data() + (b & ~7), 8)).time);

}  // namespace

namespace {
// Issue 10, cliff 2: Polygon::create on 64k points, 32k of them collinear (a bottom edge through every integer x,
// then a strictly concave arc). Quadratic before (about 2 s here, 4.5 s in the issue), linear now.
void Core_PolygonCreateCollinear64k(benchmark::State& state) {
  const int n = 32768;
  std::vector<collide2d::Vec2> pts;
  for (int i = 0; i <= n; ++i) pts.push_back({double(i), 0.0});
  for (int x = n - 1; x >= 1; --x) pts.push_back({double(x), double(x) * double(n - x)});
  collide2d::Polygon p;
  for (auto _ : state) {
    benchmark::DoNotOptimize(collide2d::Polygon::create(pts, p));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(pts.size()));
}
BENCHMARK(Core_PolygonCreateCollinear64k)->Unit(benchmark::kMillisecond);
}  // namespace

// -- the World's narrow phase on the benchmark scene (bench/scene.h) -----------------------------------------------
//
// The candidate pairs (overlapping bounds) of the 10,000-body scene at its first frame, as World::getWorldShape gives
// the shapes and in the World's order (lower body index first), grouped by the ordered pair of shape types. Each
// benchmark cycles through the pairs of one group (or of all groups: Core_Scene_*_all) and calls the generic
// overlaps / collide / collideManifold(const Shape&, const Shape&) as the World does in each contact mode.
#include <collide2d/world.h>

#include "../../cpp/src/coherence.h"

#include <algorithm>
#include <array>
#include <string>

namespace {
using namespace collide2d;

struct ScenePairs {
  std::vector<Shape> shapes;
  std::array<std::vector<std::pair<int, int>>, 16> byType;  // [typeA * 4 + typeB]
  std::vector<std::pair<int, int>> all;
  ScenePairs() {
    const scene::Scene s = scene::makeScene(10000);
    World w;
    w.reserve(s.bodies.size());
    for (const scene::Body& b : s.bodies) {
      (void)scene::addToWorld(w, b);
    }
    std::vector<Aabb> box;
    for (const BodyHandle h : w.bodies()) {
      Shape sh;
      (void)w.getWorldShape(h, sh);
      shapes.push_back(sh);
      box.push_back(bounds(sh));
    }
    // Sweep on x for the candidates.
    std::vector<int> order(shapes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return box[x].min.x < box[y].min.x; });
    for (std::size_t i = 0; i < order.size(); ++i) {
      for (std::size_t j = i + 1; j < order.size() && box[order[j]].min.x <= box[order[i]].max.x; ++j) {
        const Aabb &p = box[order[i]], &q = box[order[j]];
        if (p.min.y <= q.max.y && q.min.y <= p.max.y) {
          all.push_back({std::min(order[i], order[j]), std::max(order[i], order[j])});
        }
      }
    }
    std::sort(all.begin(), all.end());
    for (const auto& [a, b] : all) {
      if (shapes[a].index() < 4 && shapes[b].index() < 4) byType[shapes[a].index() * 4 + shapes[b].index()].push_back({a, b});
    }
  }
};
const ScenePairs& scenePairs() {
  static const ScenePairs p;
  return p;
}

template <class F>
void runPairs(benchmark::State& state, const std::vector<std::pair<int, int>>& pairs, F f) {
  const std::vector<Shape>& shapes = scenePairs().shapes;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i];
    benchmark::DoNotOptimize(f(shapes[a], shapes[b]));
    if (++i == pairs.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["pairs"] = static_cast<double>(pairs.size());
}

const char* const kTypeName[4] = {"Circle", "Aabb", "Box", "Polygon"};

[[maybe_unused]] const bool kRegistered = [] {
  struct Mode {
    const char* name;
    double (*f)(const Shape&, const Shape&);
  };
  static const Mode modes[] = {
      {"overlaps", [](const Shape& a, const Shape& b) { return overlaps(a, b) ? 1.0 : 0.0; }},
      {"collide", [](const Shape& a, const Shape& b) { return collide(a, b).depth; }},
      {"manifold", [](const Shape& a, const Shape& b) { return collideManifold(a, b).normal.x; }},
      // The coherence certificates (cpp/src/coherence.h) next to the plain calls.
      {"overlapsWithSlack", [](const Shape& a, const Shape& b) { return detail::overlapsWithSlack(a, b).slack; }},
      {"collideWithSlack",
       [](const Shape& a, const Shape& b) {
         detail::PairSlack s;
         return detail::collideWithSlack(a, b, s).depth + s.slack;
       }},
  };
  for (const Mode& m : modes) {
    benchmark::RegisterBenchmark((std::string("Core_Scene_") + m.name + "_all").c_str(),
                                 [&m](benchmark::State& s) { runPairs(s, scenePairs().all, m.f); });
    for (int t = 0; t < 16; ++t) {
      const std::string name = std::string("Core_Scene_") + m.name + "_" + kTypeName[t / 4] + "_" + kTypeName[t % 4];
      benchmark::RegisterBenchmark(name.c_str(), [&m, t](benchmark::State& s) { runPairs(s, scenePairs().byType[t], m.f); });
    }
  }
  return true;
}();

}  // namespace
