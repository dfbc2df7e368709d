// Polygon::transformedInto: the allocation-free twin of Polygon::transformed (same arithmetic, same bits), used by
// World to move polygon bodies every frame.
#include <collide2d/collide2d.h>

#include <cmath>
#include <cstddef>

#include "trig/trig.h"

namespace collide2d {

void Polygon::transformedInto(const Transform& t, Polygon& out) const {
  const detail::CosSin turn = detail::cosSin(t.angle);
  transformedInto(t.position, turn.c, turn.s, out);
}

void Polygon::transformedInto(Vec2 position, double c, double s, Polygon& out) const {
  const std::size_t n = size();
  out.resizeFor(n);  // (out may be *this: element i is read before it is written)
  for (std::size_t i = 0; i < n; ++i) out.data_[i] = position + rotate(data_[i], c, s);
  for (std::size_t i = n; i < 2 * n; ++i) out.data_[i] = rotate(data_[i], c, s);
}

}  // namespace collide2d
