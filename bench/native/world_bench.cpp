// World benchmarks on the scene of bench/scene.h.
//
//   BM_WorldFrame/N       one frame = move every body, setTransforms (flat array) + step() (all pairs + contacts)
//   BM_WorldRaycast/N     closest hit of 10,000 rays of length 100 (us per ray in the counter us_per_ray)
//   BM_WorldRaycastAll/N  every hit of the same rays
//   BM_BroadGrid/N, BM_BroadSweep/N
//                         the broad phase alone on the same bounds (candidate pairs with overlapping AABBs): the
//                         spatial-hash grid used by World vs sort-and-sweep on x (insertion sort, coherent frames)
//   BM_BruteForcePairs/N  O(n^2) reference: the number of touching pairs, which must equal the world's
//
// Run: build/<dir>/bench/collide2d_bench --benchmark_filter=World
#include <collide2d/decompose.h>
#include <collide2d/world.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "../scene.h"

namespace {

using namespace collide2d;

// Adds the scene's bodies (with this filter) and returns their handles, in scene order.
std::vector<BodyHandle> addScene(World& w, const scene::Scene& s, const Filter& f = {}, std::size_t reserve = 0) {
  w.reserve(reserve > 0 ? reserve : s.bodies.size());
  std::vector<BodyHandle> handles;
  for (const scene::Body& b : s.bodies) {
    const Transform xf{{b.x, b.y}, b.angle};
    BodyHandle h = kNullBody;
    Status st;
    switch (b.kind) {
      case scene::Kind::Circle: st = w.addCircle({{0, 0}, b.a}, xf, 0, f, h); break;
      case scene::Kind::Aabb: st = w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, f, h); break;
      case scene::Kind::Box: st = w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, f, h); break;
      case scene::Kind::Polygon: st = w.addPolygon(std::span<const double>(b.points), xf, 0, f, h); break;
    }
    if (!st) std::fprintf(stderr, "scene body rejected: %s %s\n", st.field, st.message());
    handles.push_back(h);
  }
  return handles;
}

void fillTransforms(const scene::Scene& s, std::vector<double>& xya) {
  xya.resize(3 * s.bodies.size());
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    xya[3 * i] = s.bodies[i].x;
    xya[3 * i + 1] = s.bodies[i].y;
    xya[3 * i + 2] = s.bodies[i].angle;
  }
}

// Frame after frame of the scene: move every body (one setTransforms) + step(). Counters: pairs, the share of the
// candidate pairs that certificates answered (temporal coherence), heap bytes per body.
void runFrames(benchmark::State& state, World& w, scene::Scene& s) {
  std::vector<double> xya;
  w.step();
  double pairs = 0, frames = 0, certified = 0, candidates = 0;
  for (auto _ : state) {
    scene::advance(s);
    fillTransforms(s, xya);
    (void)w.setTransforms(xya);
    w.step();
    pairs += static_cast<double>(w.pairCount());
    certified += static_cast<double>(w.stepStats().certified);
    candidates += static_cast<double>(w.stepStats().candidates);
    frames += 1;
  }
  state.counters["pairs"] = pairs / frames;
  state.counters["certified"] = candidates > 0 ? certified / candidates : 0.0;
  state.counters["bytes_per_body"] = static_cast<double>(w.heapBytes()) / static_cast<double>(s.bodies.size());
}

void BM_WorldFrame(benchmark::State& state) {
  scene::Scene s = scene::makeScene(static_cast<int>(state.range(0)));
  World w;
  addScene(w, s);
  runFrames(state, w, s);
  state.counters["cell"] = w.cellSize();
}
BENCHMARK(BM_WorldFrame)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMillisecond)->Repetitions(5)
    ->ReportAggregatesOnly(true)->MinTime(0.5);

// Resting bodies: the scene of BM_WorldFrame where only the first range(1) percent of the bodies move each frame
// (setTransform per body, then step()); range(2) = 1: quiet steps (the World's default: the grid and the last
// candidates kept while few bodies move), 0: every step a full one (setCellSize(0) before it, as before quiet steps).
void BM_WorldResting(benchmark::State& state) {
  scene::Scene s = scene::makeScene(static_cast<int>(state.range(0)));
  World w;
  const std::vector<BodyHandle> handles = addScene(w, s);
  const std::size_t moving = s.bodies.size() * static_cast<std::size_t>(state.range(1)) / 100;
  const bool quiet = state.range(2) != 0;
  w.step();
  double quietSteps = 0, frames = 0;
  for (auto _ : state) {
    scene::advance(s);
    for (std::size_t i = 0; i < moving; ++i) (void)w.setTransform(handles[i], s.bodies[i].x, s.bodies[i].y, s.bodies[i].angle);
    if (!quiet) w.setCellSize(0.0);
    w.step();
    quietSteps += w.stepStats().quiet ? 1 : 0;
    frames += 1;
  }
  state.counters["quiet"] = quietSteps / frames;
  state.counters["pairs"] = static_cast<double>(w.pairCount());
  state.counters["bytes_per_body"] = static_cast<double>(w.heapBytes()) / static_cast<double>(s.bodies.size());
}
BENCHMARK(BM_WorldResting)->ArgsProduct({{10000, 50000}, {1, 5, 10}, {0, 1}})->Unit(benchmark::kMillisecond)
    ->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.3);

// The frame of BM_WorldFrame by contact mode (0 Contacts, 1 PairsOnly, 2 Manifolds) with temporal coherence on (1) or
// off (0): what the certificates save (they are used in PairsOnly mode: world.h).
void BM_WorldFrameMode(benchmark::State& state) {
  scene::Scene s = scene::makeScene(static_cast<int>(state.range(0)));
  World w;
  w.setContactMode(static_cast<ContactMode>(state.range(1)));
  w.setCoherence(state.range(2) != 0);
  addScene(w, s);
  runFrames(state, w, s);
}
BENCHMARK(BM_WorldFrameMode)->ArgsProduct({{10000, 50000}, {0, 1, 2}, {0, 1}})->Unit(benchmark::kMillisecond)
    ->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.3);

// Issue 12's level scene: scene::makeLevel's 50,000 static pieces (each concave one a compound body of its decompose() parts) over 3x the
// side of the 5k moving scene (which roams its middle ninth), moved by setTransforms(handles, xya) of the moving bodies only. Modes: 0 the 5k moving bodies
// alone, 1 with the level, 2 with the level but every static body filtered out by category (same pairs as 0: the
// cost of the level's mere presence). Second argument: 0 pairs only, 1 contacts.
std::size_t addLevel(World& w, const std::vector<scene::Piece>& level, const Filter& f) {
  std::size_t bodies = 0;
  BodyHandle h = kNullBody;
  auto add = [&](Status st) {  // (h is read after the call that set it)
    if (!st || !w.setStatic(h, true)) std::fprintf(stderr, "level piece rejected: %s %s\n", st.field, st.message());
    ++bodies;
  };
  for (const scene::Piece& p : level) {
    const Transform xf{{p.x, p.y}, 0};
    switch (p.kind) {
      case scene::LevelKind::Tile: add(w.addAabb({{0, 0}, {1.5, 0.75}}, xf, 0, f, h)); break;
      case scene::LevelKind::Convex: add(w.addPolygon(std::span<const double>(p.points), xf, 0, f, h)); break;
      case scene::LevelKind::Concave: {  // one compound body of decompose()'s parts
        std::vector<Vec2> pts;
        for (std::size_t k = 0; k < p.points.size(); k += 2) pts.push_back({p.points[k], p.points[k + 1]});
        add(w.addOutline(pts, xf, 0, f, h));
        break;
      }
    }
  }
  return bodies;
}

void BM_WorldLevel(benchmark::State& state) {
  const int mode = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(5000);
  World w;
  w.setContactMode(state.range(1) == 0 ? ContactMode::PairsOnly : ContactMode::Contacts);
  Filter moving{};
  if (mode == 2) moving.mask = ~2u;
  const std::vector<BodyHandle> handles = addScene(w, s, moving, 5000 + (mode > 0 ? 61000 : 0));
  std::size_t statics = 0;
  if (mode > 0) statics = addLevel(w, scene::makeLevel(50000, 3 * s.side, -s.side), Filter{2u, 0xFFFFFFFFu, 0});
  std::vector<double> xya;
  w.step();
  double pairs = 0, frames = 0;
  for (auto _ : state) {
    scene::advance(s);
    fillTransforms(s, xya);
    (void)w.setTransforms(std::span<const BodyHandle>(handles), std::span<const double>(xya));
    w.step();
    pairs += static_cast<double>(w.pairCount());
    frames += 1;
  }
  state.counters["pairs"] = pairs / frames;
  state.counters["static_bodies"] = static_cast<double>(statics);
  state.counters["bytes_per_body"] = static_cast<double>(w.heapBytes()) / static_cast<double>(w.bodyCount());
}
BENCHMARK(BM_WorldLevel)->ArgsProduct({{0, 1, 2}, {0, 1}})->Unit(benchmark::kMillisecond)->Repetitions(3)
    ->ReportAggregatesOnly(true)->MinTime(0.3);

void rays(const scene::Scene& s, std::vector<Ray>& out) {
  scene::Mulberry32 rng{777};
  out.clear();
  for (int i = 0; i < 10000; ++i) {
    const double ox = rng.range(0, s.side), oy = rng.range(0, s.side);
    const double a = rng.range(0, 2 * scene::kPi);
    out.push_back({{ox, oy}, {std::cos(a), std::sin(a)}, 100.0});
  }
}

void BM_WorldRaycast(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(n);
  World w;
  addScene(w, s);
  w.step();
  std::vector<Ray> rs;
  rays(s, rs);
  double hits = 0, count = 0;
  for (auto _ : state) {
    for (const Ray& r : rs) {
      (void)w.raycast(r);
      hits += static_cast<double>(w.rayHitCount());
    }
    count += static_cast<double>(rs.size());
  }
  state.counters["hit_rate"] = hits / count;
  state.counters["us_per_ray"] = benchmark::Counter(count * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_WorldRaycast)->Arg(10000)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

void BM_WorldRaycastAll(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(n);
  World w;
  addScene(w, s);
  w.step();
  std::vector<Ray> rs;
  rays(s, rs);
  double hits = 0, count = 0;
  for (auto _ : state) {
    for (const Ray& r : rs) {
      (void)w.raycastAll(r);
      hits += static_cast<double>(w.rayHitCount());
    }
    count += static_cast<double>(rs.size());
  }
  state.counters["hits_per_ray"] = hits / count;
  state.counters["us_per_ray"] = benchmark::Counter(count * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_WorldRaycastAll)->Arg(10000)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

// -- broad phase alone ---------------------------------------------------------------------------------------------

std::vector<Aabb> sceneBounds(World& w) {
  std::vector<Aabb> out;
  for (const BodyHandle h : w.bodies()) {
    Aabb b;
    (void)w.getBounds(h, b);
    out.push_back(b);
  }
  return out;
}

void moveBounds(const scene::Scene& s, const scene::Scene& s0, const std::vector<Aabb>& b0, std::vector<Aabb>& b) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    const Vec2 d{s.bodies[i].x - s0.bodies[i].x, s.bodies[i].y - s0.bodies[i].y};
    b[i] = {b0[i].min + d, b0[i].max + d};
  }
}

bool hit(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

// The same grid algorithm as World (counting sort into a spatial hash, lower-left-corner deduplication).
void BM_BroadGrid(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(n), s0 = s;
  World w;
  addScene(w, s);
  w.step();
  const double cell = w.cellSize() * static_cast<double>(state.range(1)) / 4.0;
  const double inv = 1.0 / cell;
  const std::vector<Aabb> b0 = sceneBounds(w);
  std::vector<Aabb> b = b0;
  struct E { std::int32_t x, y; std::uint32_t k; };
  std::vector<E> entries;
  std::size_t table = 64;
  while (table < 2 * static_cast<std::size_t>(n)) table *= 2;
  std::vector<std::uint32_t> start(table + 1);
  auto cellOf = [inv](double v) { return static_cast<std::int32_t>(std::floor(v * inv)); };
  auto bucket = [table](std::int32_t x, std::int32_t y) {
    std::uint32_t h = static_cast<std::uint32_t>(x) * 0x9E3779B1u ^ static_cast<std::uint32_t>(y) * 0x85EBCA77u;
    h ^= h >> 15;
    return h & static_cast<std::uint32_t>(table - 1);
  };
  double pairs = 0, frames = 0;
  for (auto _ : state) {
    scene::advance(s);
    moveBounds(s, s0, b0, b);
    std::fill(start.begin(), start.end(), 0u);
    std::size_t total = 0;
    for (const Aabb& a : b) {
      for (std::int32_t y = cellOf(a.min.y); y <= cellOf(a.max.y); ++y)
        for (std::int32_t x = cellOf(a.min.x); x <= cellOf(a.max.x); ++x) ++start[bucket(x, y)], ++total;
    }
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i < table; ++i) start[i] = acc += start[i];
    start[table] = acc;
    entries.resize(total);
    for (std::uint32_t k = 0; k < b.size(); ++k) {
      const Aabb& a = b[k];
      for (std::int32_t y = cellOf(a.min.y); y <= cellOf(a.max.y); ++y)
        for (std::int32_t x = cellOf(a.min.x); x <= cellOf(a.max.x); ++x) entries[--start[bucket(x, y)]] = {x, y, k};
    }
    std::size_t found = 0;
    for (std::size_t bk = 0; bk < table; ++bk) {
      for (std::uint32_t p = start[bk]; p < start[bk + 1]; ++p) {
        for (std::uint32_t q = p + 1; q < start[bk + 1]; ++q) {
          const E ep = entries[p], eq = entries[q];
          if (ep.x != eq.x || ep.y != eq.y) continue;
          const Aabb &ba = b[ep.k], &bb = b[eq.k];
          if (!hit(ba, bb)) continue;
          if (cellOf(std::max(ba.min.x, bb.min.x)) != ep.x || cellOf(std::max(ba.min.y, bb.min.y)) != ep.y) continue;
          ++found;
        }
      }
    }
    benchmark::DoNotOptimize(found);
    pairs += static_cast<double>(found);
    frames += 1;
  }
  state.counters["candidates"] = pairs / frames;
  state.counters["entries_per_body"] = static_cast<double>(entries.size()) / n;
  state.counters["cell"] = cell;
}
BENCHMARK(BM_BroadGrid)->ArgsProduct({{1000, 10000, 50000}, {2, 3, 4, 6}})->Unit(benchmark::kMillisecond);

void BM_BroadSweep(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(n), s0 = s;
  World w;
  addScene(w, s);
  const std::vector<Aabb> b0 = sceneBounds(w);
  std::vector<Aabb> b = b0;
  std::vector<std::uint32_t> order(b.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) { return b[x].min.x < b[y].min.x; });
  double pairs = 0, frames = 0;
  for (auto _ : state) {
    scene::advance(s);
    moveBounds(s, s0, b0, b);
    // Insertion sort: frames are coherent, so the order is nearly right already.
    for (std::size_t i = 1; i < order.size(); ++i) {
      const std::uint32_t v = order[i];
      const double key = b[v].min.x;
      std::size_t j = i;
      while (j > 0 && b[order[j - 1]].min.x > key) {
        order[j] = order[j - 1];
        --j;
      }
      order[j] = v;
    }
    std::size_t found = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Aabb& a = b[order[i]];
      for (std::size_t j = i + 1; j < order.size() && b[order[j]].min.x <= a.max.x; ++j) {
        const Aabb& c = b[order[j]];
        if (a.min.y <= c.max.y && c.min.y <= a.max.y) ++found;
      }
    }
    benchmark::DoNotOptimize(found);
    pairs += static_cast<double>(found);
    frames += 1;
  }
  state.counters["candidates"] = pairs / frames;
}
BENCHMARK(BM_BroadSweep)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMillisecond);

// -- reference pair count ------------------------------------------------------------------------------------------

void BM_BruteForcePairs(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  scene::Scene s = scene::makeScene(n);
  World w;
  addScene(w, s);
  w.step();
  std::vector<Shape> shapes;
  std::vector<Aabb> bb;
  for (const BodyHandle h : w.bodies()) {
    Shape sh;
    (void)w.getWorldShape(h, sh);
    shapes.push_back(sh);
    bb.push_back(bounds(sh));
  }
  std::size_t pairs = 0;
  for (auto _ : state) {
    pairs = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i)
      for (std::size_t j = i + 1; j < shapes.size(); ++j)
        if (hit(bb[i], bb[j]) && collide(shapes[i], shapes[j]).hit) ++pairs;
  }
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["world_pairs"] = static_cast<double>(w.pairCount());
  if (pairs != w.pairCount()) state.SkipWithError("brute-force pair count differs from the world's");
}
BENCHMARK(BM_BruteForcePairs)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->Iterations(1);


// -- cliffs (issue 10): outliers, far coordinates, tiny cells, memory churn, big queries ----------------------------
//
//   BM_WorldOutlier/K     10,000 circles of radius 1..3 in the benchmark's square (side sqrt(115 N)), all moving;
//                         one frame = move + setTransforms + step(). K: 0 the plain scene; 1 plus one box of side
//                         1e7 far from everything; 2 plus one circle parked at (1e15, 1e15); 3 the whole scene
//                         translated by 1e12; 4 translated by 1e15; 5 setCellSize(0.01). Counter bytes_per_body.
//   BM_WorldPairsAppear   2,000 bodies apart, then all moved onto one point: the first step() with the ~2M pairs
//                         (time per iteration = that one step; the world is rebuilt apart, untimed, each time).
//   BM_WorldHeavyAfterLight/K  K = 0: heavy frames only (all 2,000 bodies on one point); K = 1: light frames (bodies
//                         apart) between the heavy ones. Time per iteration = one heavy step().
//   BM_WorldNoPairAllowed 10,000 coincident circles whose filters reject each other: step() time and heap bytes.
//   BM_WorldQueryAabb/K   100,000 scene bodies; queryAabb over a quarter of the world. K = 0 the world, K = 1 a
//                         brute-force scan of every body's bounds + overlaps() (the reference).

struct CircleScene {
  std::vector<double> x, y, vx, vy, r;
  double side = 0;
};

CircleScene circleScene(int n, std::uint32_t seed = 4242) {
  scene::Mulberry32 rng{seed};
  CircleScene s;
  s.side = std::sqrt(static_cast<double>(n) * 115.0);
  for (int i = 0; i < n; ++i) {
    s.x.push_back(rng.range(0, s.side));
    s.y.push_back(rng.range(0, s.side));
    s.vx.push_back(rng.range(-0.5, 0.5));
    s.vy.push_back(rng.range(-0.5, 0.5));
    s.r.push_back(rng.range(1, 3));
  }
  return s;
}

void advanceCircles(CircleScene& s) {
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    s.x[i] += s.vx[i];
    s.y[i] += s.vy[i];
    if (s.x[i] < 0 || s.x[i] > s.side) s.vx[i] = -s.vx[i];
    if (s.y[i] < 0 || s.y[i] > s.side) s.vy[i] = -s.vy[i];
  }
}

void BM_WorldOutlier(benchmark::State& state) {
  const int n = 10000;
  const int kind = static_cast<int>(state.range(0));
  CircleScene s = circleScene(n);
  const double offset = kind == 3 ? 1e12 : kind == 4 ? 1e15 : 0.0;
  World w;
  w.reserve(n + 1);
  for (int i = 0; i < n; ++i) {
    BodyHandle h;
    (void)w.addCircle({{0, 0}, s.r[i]}, {{s.x[i] + offset, s.y[i] + offset}, 0}, i, {}, h);
  }
  BodyHandle extra = kNullBody;
  if (kind == 1) (void)w.addBox({{0, 0}, {0.5e7, 0.5e7}, 0}, {{-2e7, -2e7}, 0}, -1, {}, extra);
  if (kind == 2) (void)w.addCircle({{0, 0}, 1}, {{1e15, 1e15}, 0}, -1, {}, extra);
  if (kind == 5) w.setCellSize(0.01);
  std::vector<double> xya(3 * w.bodyCount());
  auto fill = [&] {
    for (int i = 0; i < n; ++i) {
      xya[3 * i] = s.x[i] + offset;
      xya[3 * i + 1] = s.y[i] + offset;
      xya[3 * i + 2] = 0;
    }
    if (extra != kNullBody) {
      Transform t;
      (void)w.getTransform(extra, t);
      xya[3 * n] = t.position.x;
      xya[3 * n + 1] = t.position.y;
      xya[3 * n + 2] = 0;
    }
  };
  fill();
  (void)w.setTransforms(xya);
  (void)w.step();
  double pairs = 0, frames = 0;
  for (auto _ : state) {
    advanceCircles(s);
    fill();
    (void)w.setTransforms(xya);
    (void)w.step();
    pairs += static_cast<double>(w.pairCount());
    frames += 1;
  }
  state.counters["pairs"] = pairs / frames;
  state.counters["bytes_per_body"] = static_cast<double>(w.heapBytes()) / n;
  state.counters["cell"] = w.cellSize();
}
BENCHMARK(BM_WorldOutlier)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->MinTime(0.3);

void placeApart(World& w, int n) {
  std::vector<double> xya;
  for (int i = 0; i < n; ++i) xya.insert(xya.end(), {10.0 * (i % 100), 10.0 * (i / 100), 0.0});
  (void)w.setTransforms(xya);
}
void placeTogether(World& w, int n) {
  std::vector<double> xya;
  for (int i = 0; i < n; ++i) xya.insert(xya.end(), {0.001 * (i % 7), 0.001 * (i % 5), 0.0});
  (void)w.setTransforms(xya);
}
void addCircles(World& w, int n, const Filter& f = {}) {
  for (int i = 0; i < n; ++i) {
    BodyHandle h;
    (void)w.addCircle({{0, 0}, 1}, {{10.0 * (i % 100), 10.0 * (i / 100)}, 0}, i, f, h);
  }
}

void BM_WorldPairsAppear(benchmark::State& state) {
  const int n = 2000;
  double pairs = 0;
  for (auto _ : state) {
    state.PauseTiming();
    {
      World* w = new World;
      addCircles(*w, n);
      (void)w->step();
      placeTogether(*w, n);
      state.ResumeTiming();
      (void)w->step();
      state.PauseTiming();
      pairs = static_cast<double>(w->pairCount());
      delete w;
    }
    state.ResumeTiming();
  }
  state.counters["pairs"] = pairs;
}
BENCHMARK(BM_WorldPairsAppear)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_WorldHeavyAfterLight(benchmark::State& state) {
  const int n = 2000;
  World w;
  addCircles(w, n);
  placeTogether(w, n);
  (void)w.step();
  (void)w.step();
  for (auto _ : state) {
    state.PauseTiming();
    if (state.range(0) == 1) {
      placeApart(w, n);
      (void)w.step();
    }
    placeTogether(w, n);
    state.ResumeTiming();
    (void)w.step();
  }
  state.counters["pairs"] = static_cast<double>(w.pairCount());
}
BENCHMARK(BM_WorldHeavyAfterLight)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(8);

void BM_WorldNoPairAllowed(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  World w;
  addCircles(w, n, Filter{1, 0, 0});
  placeTogether(w, n);
  for (auto _ : state) {
    placeTogether(w, n);
    (void)w.step();
  }
  state.counters["heap_MB"] = static_cast<double>(w.heapBytes()) / 1e6;
  state.counters["pairs"] = static_cast<double>(w.pairCount());
}
BENCHMARK(BM_WorldNoPairAllowed)->Arg(4000)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_WorldQueryAabb(benchmark::State& state) {
  const int n = 100000;
  scene::Scene s = scene::makeScene(n);
  World w;
  addScene(w, s);
  (void)w.step();
  const Aabb q{{0, 0}, {s.side / 2, s.side / 2}};
  std::vector<Shape> shapes;
  std::vector<Aabb> bb;
  if (state.range(0) == 1) {
    for (const BodyHandle h : w.bodies()) {
      Shape sh;
      (void)w.getWorldShape(h, sh);
      bb.push_back(bounds(sh));
      shapes.push_back(std::move(sh));
    }
  }
  std::size_t found = 0;
  for (auto _ : state) {
    if (state.range(0) == 0) {
      (void)w.queryAabb(q);
      found = w.queryResults().size();
    } else {
      found = 0;
      const Shape qs{q};
      for (std::size_t i = 0; i < shapes.size(); ++i)
        if (hit(bb[i], q) && overlaps(qs, shapes[i])) ++found;
    }
    benchmark::DoNotOptimize(found);
  }
  state.counters["found"] = static_cast<double>(found);
}
BENCHMARK(BM_WorldQueryAabb)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(0.3);

}  // namespace


