// Point in shape. Shapes are closed: a point on the boundary is inside.
#include <collide2d/collide2d.h>

#include <cmath>
#include <cstddef>
#include <type_traits>
#include <variant>

#include "trig/trig.h"

namespace collide2d {

bool contains(const Circle& c, Vec2 p) {
  return lengthSquared(p - c.center) <= c.radius * c.radius;
}

bool contains(const Aabb& b, Vec2 p) {
  return p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y;
}

bool contains(const Box& b, Vec2 p) {
  // In the box's local frame the box is [-h, h] on both axes.
  const detail::CosSin turn = detail::cosSin(b.angle);
  const Vec2 local = inverseRotate(p - b.center, turn.c, turn.s);
  return local.x >= -b.halfExtents.x && local.x <= b.halfExtents.x && local.y >= -b.halfExtents.y &&
         local.y <= b.halfExtents.y;
}

bool contains(const Polygon& poly, Vec2 p) {
  // Exact: p is left of (or on) every counter-clockwise edge. An empty polygon contains nothing.
  const auto v = poly.vertices();
  const std::size_t n = v.size();
  if (n < 3) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (orient(v[i], v[i + 1 < n ? i + 1 : 0], p) < 0) return false;
  }
  return true;
}

bool contains(const Shape& s, Vec2 p) {
  return std::visit([p](const auto& shape) { return contains(shape, p); }, s);
}

}  // namespace collide2d
