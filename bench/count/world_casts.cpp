// World.castShape for instruction counts and for checking that a change keeps every answer bit for bit: the casts of
// bench/js/world.mjs's shape-cast benchmark (the same seeded 2,000 casts: body k's shape at half size, a random start,
// angle and translation of length 1..30) against bench/scene.h's scene of 10,000 bodies, stepped once.
//
//   collide2d_casts [passes=5] [casts=2000]
//   Prints the hits, those at fraction 0, a hash of every answer (body, fraction, point, normal, part bits) and the
//   wall-clock microseconds per cast (median pass; noisy on a shared machine).
//
// Instructions per cast, independent of the machine's load (only the casts of the measured passes are collected):
//   valgrind --tool=callgrind --collect-atstart=no build/release/bench/collide2d_casts 1
//   (the total Ir divided by the number of casts).
#include <collide2d/world.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../scene.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

using namespace collide2d;

struct Cast {
  Shape shape;
  Transform xf;
  Vec2 translation;
};

struct Run {
  World w;
  std::vector<Cast> casts;
  std::uint64_t hash = 1469598103934665603ull;
  int hits = 0, zero = 0;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) hash = (hash ^ b[i]) * 1099511628211ull;
  }
};

void build(Run& r, int n, int count) {
  const scene::Scene s = scene::makeScene(n);
  r.w.reserve(n);
  for (const scene::Body& b : s.bodies) {
    const Transform xf{{b.x, b.y}, b.angle};
    BodyHandle h = kNullBody;
    Status st;
    switch (b.kind) {
      case scene::Kind::Circle: st = r.w.addCircle({{0, 0}, b.a}, xf, 0, {}, h); break;
      case scene::Kind::Aabb: st = r.w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, {}, h); break;
      case scene::Kind::Box: st = r.w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, {}, h); break;
      case scene::Kind::Polygon: st = r.w.addPolygon(std::span<const double>(b.points), xf, 0, {}, h); break;
    }
    if (!st) std::fprintf(stderr, "scene body rejected: %s\n", st.field);
  }
  (void)r.w.step();
  // bench/js/world.mjs benchCasts(), value for value.
  scene::Mulberry32 rng{4321};
  for (int i = 0; i < count; ++i) {
    const scene::Body& b = s.bodies[static_cast<std::size_t>((static_cast<long long>(i) * 7919) % n)];
    const double x = rng.range(0, s.side), y = rng.range(0, s.side);
    const double angle = b.kind == scene::Kind::Aabb ? 0 : rng.range(0, 2 * scene::kPi);
    const double dir = rng.range(0, 2 * scene::kPi), len = rng.range(1, 30);
    const double h = 0.5;
    Cast c{Circle{}, {{x, y}, angle}, {len * std::cos(dir), len * std::sin(dir)}};
    switch (b.kind) {
      case scene::Kind::Circle: c.shape = Circle{{0, 0}, b.a * h}; break;
      case scene::Kind::Aabb: c.shape = Aabb{{-b.a * h / 2, -b.b * h / 2}, {b.a * h / 2, b.b * h / 2}}; break;
      case scene::Kind::Box: c.shape = Box{{0, 0}, {b.a * h, b.b * h}, 0}; break;
      case scene::Kind::Polygon: {
        std::vector<Vec2> pts;
        for (std::size_t k = 0; k < b.points.size(); k += 2) pts.push_back({b.points[k] * h, b.points[k + 1] * h});
        Polygon p;
        if (!Polygon::create(pts, p)) std::fprintf(stderr, "cast polygon rejected\n");
        c.shape = p;
        break;
      }
    }
    r.casts.push_back(c);
  }
}

}  // namespace

extern "C" __attribute__((noinline)) void measureCasts(Run* r, bool record) {
  if (record) r->hits = r->zero = 0;
  for (const Cast& c : r->casts) {
    WorldCastHit out;
    (void)r->w.castShape(c.shape, c.xf, c.translation, out);
    if (!record) continue;
    r->hits += out.hit ? 1 : 0;
    r->zero += out.hit && out.fraction == 0.0 ? 1 : 0;
    r->bytes(&out.hit, sizeof out.hit);
    r->bytes(&out.body, sizeof out.body);
    r->bytes(&out.fraction, sizeof out.fraction);
    r->bytes(&out.point, sizeof out.point);
    r->bytes(&out.normal, sizeof out.normal);
    r->bytes(&out.part, sizeof out.part);
  }
}

int main(int argc, char** argv) {
  const int passes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const int count = argc > 2 ? std::max(1, std::atoi(argv[2])) : 2000;
  Run* r = new Run;
  build(*r, 10000, count);
  measureCasts(r, false);  // warm-up
  std::vector<double> us;
  for (int p = 0; p < passes; ++p) {
    const auto t0 = std::chrono::steady_clock::now();
    CALLGRIND_TOGGLE_COLLECT;
    measureCasts(r, p == 0);
    CALLGRIND_TOGGLE_COLLECT;
    us.push_back(1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / count);
  }
  std::sort(us.begin(), us.end());
  std::printf("casts=%d hits=%d zero=%d hash=%016" PRIx64 " us/cast=%.3f (median of %d, min %.3f)\n", count, r->hits,
              r->zero, r->hash, us[us.size() / 2], passes, us[0]);
  delete r;
  return 0;
}
