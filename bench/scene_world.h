// bench/scene.h's bodies added to a World (the native benchmarks and counters share this; scene.h itself stays
// free of the library so that bench/js/check-scene.mjs compiles it alone).
#pragma once

#include <collide2d/world.h>

#include <span>

#include "scene.h"

namespace collide2d::scene {

/// Adds scene body b to w at its transform (moving, default filter); the handle (kNullBody if refused).
inline BodyHandle addToWorld(World& w, const Body& b) {
  const Transform xf{{b.x, b.y}, b.angle};
  BodyHandle h = kNullBody;
  switch (b.kind) {
    case Kind::Circle: (void)w.addCircle({{0, 0}, b.a}, xf, 0, {}, h); break;
    case Kind::Aabb: (void)w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, {}, h); break;
    case Kind::Box: (void)w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, {}, h); break;
    case Kind::Polygon: (void)w.addPolygon(std::span<const double>(b.points), xf, 0, {}, h); break;
  }
  return h;
}

}  // namespace collide2d::scene
