// world_fuzz's helpers: failing, printing shapes, bitwise comparisons, and the model of one body. Included once, by
// world_fuzz.cpp (and world_fuzz_chain.h).
#pragma once

#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <variant>
#include <vector>

#include "../native/world_model.h"

namespace {


using namespace collide2d;
using world_model::boundsOverlap;
using world_model::sameBits;
using world_model::worldShapeOf;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "world_fuzz: %s\n", what);
  std::abort();
}
void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

std::uint32_t slotOf(BodyHandle h) { return h & 0xFFFFFu; }

// WORLD_FUZZ_TRACE=1 prints what a run does (to read a reproducer or check a hand-made seed).
const bool kTrace = std::getenv("WORLD_FUZZ_TRACE") != nullptr;

void print(const char* name, const Shape& s) {
  std::fprintf(stderr, "  %s: ", name);
  std::visit([](const auto& x) {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, Circle>) std::fprintf(stderr, "circle %.17g %.17g r %.17g", x.center.x, x.center.y, x.radius);
    if constexpr (std::is_same_v<T, Aabb>) std::fprintf(stderr, "aabb %.17g %.17g %.17g %.17g", x.min.x, x.min.y, x.max.x, x.max.y);
    if constexpr (std::is_same_v<T, Box>) std::fprintf(stderr, "box %.17g %.17g he %.17g %.17g a %.17g", x.center.x, x.center.y, x.halfExtents.x, x.halfExtents.y, x.angle);
    if constexpr (std::is_same_v<T, Segment>) std::fprintf(stderr, "segment %.17g %.17g %.17g %.17g", x.a.x, x.a.y, x.b.x, x.b.y);
    if constexpr (std::is_same_v<T, Polygon>) {
      std::fprintf(stderr, "polygon");
      for (const Vec2 v : x.vertices()) std::fprintf(stderr, " (%.17g, %.17g)", v.x, v.y);
    }
  }, s);
  std::fprintf(stderr, "\n");
}

// The World's angle range (world.h: a transform's angle and a box's own angle within +-1e300).
bool anglesInRange(const Shape& local, const Transform& xf) {
  const Box* b = std::get_if<Box>(&local);
  return std::fabs(xf.angle) <= 1e300 && (b == nullptr || std::fabs(b->angle) <= 1e300);
}

double deepest(const Manifold& m) {
  double d = m.points[0].depth;
  for (int k = 1; k < m.count; ++k) d = std::max(d, m.points[k].depth);
  return d;
}

bool sameDouble(double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); }

bool sameHit(const WorldCastHit& a, const WorldCastHit& b) {
  return a.hit == b.hit && a.body == b.body && a.part == b.part && sameDouble(a.fraction, b.fraction) &&
         sameDouble(a.point.x, b.point.x) && sameDouble(a.point.y, b.point.y) && sameDouble(a.normal.x, b.normal.x) &&
         sameDouble(a.normal.y, b.normal.y);
}

bool finiteBox(const Aabb& b) { return isFinite(b.min) && isFinite(b.max); }

double maxAbs(Vec2 v) { return std::max(std::fabs(v.x), std::fabs(v.y)); }

struct Model {
  std::vector<Shape> parts;  ///< local: a compound body's parts (placed by their offsets), a chain's segments, else its one shape
  Transform xf;
  Filter filter;
  bool isStatic = false;
  bool compound = false;
  bool sensor = false;
  bool chain = false;  ///< a chain body (world_fuzz_chain.h): parts its segments, always static
  std::vector<Shape> world() const {
    std::vector<Shape> out;
    for (const Shape& p : parts) out.push_back(worldShapeOf(p, xf));
    return out;
  }
};

}  // namespace
