// Polygon::transformedInto: the allocation-free twin of Polygon::transformed (same arithmetic, same bits), used by
// World to move polygon bodies every frame.
#include <collide2d/collide2d.h>

#include <cmath>
#include <cstddef>
#include <span>

#include "predicates.h"

#include "trig/trig.h"

namespace collide2d {

void Polygon::transformedInto(const Transform& t, Polygon& out) const {
  const detail::CosSin turn = detail::cosSin(t.angle);
  transformedInto(t.position, turn.c, turn.s, out);
}

namespace {
// Whether the ring is what create() makes: every turn strictly counter-clockwise (exact orientation; repeated
// vertices turn by 0) and the boundary winding around once (the direction test of create()). O(n), no allocation.
bool strictlyConvexCounterClockwise(std::span<const Vec2> v) {
  const std::size_t n = v.size();
  if (n < 3) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (detail::orientFiltered(v[(i + n - 1) % n], v[i], v[(i + 1) % n]) <= 0) return false;
  }
  const auto upward = [](Vec2 from, Vec2 to) { return to.y > from.y || (to.y == from.y && to.x > from.x); };
  std::size_t windings = 0;
  bool wasUpward = upward(v[n - 1], v[0]);
  for (std::size_t i = 0; i < n; ++i) {
    const bool up = upward(v[i], v[(i + 1) % n]);
    if (up && !wasUpward) ++windings;
    wasUpward = up;
  }
  return windings == 1;
}
}  // namespace

void Polygon::transformedInto(Vec2 position, double c, double s, Polygon& out) const {
  const std::size_t n = size();
  out.resizeFor(n);  // (out may be *this: element i is read before it is written)
  for (std::size_t i = 0; i < n; ++i) out.data_[i] = position + rotate(data_[i], c, s);
  for (std::size_t i = n; i < 2 * n; ++i) out.data_[i] = rotate(data_[i], c, s);
  if (n == 0 || strictlyConvexCounterClockwise(out.vertices())) return;
  // Rounding of the moved vertices merged some, made some collinear or turned some inwards (a polygon tiny beside
  // its new position): the polygon create() makes of them (duplicates and collinear vertices dropped), or an empty
  // polygon when they no longer form a convex one (validate(): TooFewPoints).
  if (!create(out.vertices(), out).ok()) out.resizeFor(0);
}

}  // namespace collide2d
