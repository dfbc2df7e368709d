// World internals shared by the shape casts (casts.cpp) and the mover (mover.cpp): placing a query shape as a body's
// shape is placed (world.h), input checks, overlap with a body's shape, the rayHits() record.
#pragma once

#include "world/common.h"

#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <variant>
#include <vector>

namespace collide2d::world {

inline double maxAbs(Vec2 v) { return std::max(std::fabs(v.x), std::fabs(v.y)); }

// Calls f with the world form of `local` placed by xf (see world.h: as a body's shape, a polygon transformed).
template <class F> inline void withPlaced(const Shape& local, const Transform& xf, double c, double s, Polygon& scratch, F&& f) {
  const Vec2 pos = xf.position;
  std::visit(
      [&](const auto& l) {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Circle>) {
          f(Circle{pos + rotate(l.center, c, s), l.radius});
        } else if constexpr (std::is_same_v<T, Aabb>) {
          if (xf.angle == 0.0) {
            f(Aabb{l.min + pos, l.max + pos});
          } else {
            f(Box{pos + rotate(l.center(), c, s), l.halfExtents(), xf.angle});
          }
        } else if constexpr (std::is_same_v<T, Box>) {
          f(Box{pos + rotate(l.center, c, s), l.halfExtents, l.angle + xf.angle});
        } else if constexpr (std::is_same_v<T, Polygon>) {
          l.transformedInto(pos, c, s, scratch);
          f(static_cast<const Polygon&>(scratch));
        } else if constexpr (std::is_same_v<T, Segment>) {
          f(Segment{pos + rotate(l.a, c, s), pos + rotate(l.b, c, s)});
        } else {
          static_assert(std::is_same_v<T, Capsule>, "a Shape alternative without a placement rule");
          f(Capsule{pos + rotate(l.a, c, s), pos + rotate(l.b, c, s), l.radius});
        }
      },
      local);
}

template <class Q> inline bool overlapsShape(const Q& q, const Shape& body) {
  return std::visit([&](const auto& b) { return overlapsAny(q, b); }, body);
}

inline void appendRecord(std::vector<double>& out, std::vector<std::uint32_t>& parts, const WorldCastHit& h) {
  const double r[World::kRayHitStride] = {static_cast<double>(h.body), h.fraction, h.point.x, h.point.y,
                                           h.normal.x, h.normal.y};
  out.insert(out.end(), r, r + World::kRayHitStride);
  parts.push_back(h.part);
}

// The shape and its transform as a body's would be checked: valid, angles in range (common.h).
inline Status validatePlacement(const Shape& shape, const Transform& xf) {
  if (Status s = validate(shape); !s) return s;
  if (Status s = validate(xf); !s) return s;
  if (!angleInRange(xf.angle) || !shapeAngleInRange(shape)) return Status{Error::InvalidArgument, "transform"};
  return {};
}

// The placed shape's bounds, and those bounds moved by `translation`, are finite.
template <class Placed> inline bool sweptFinite(const Placed& q, Vec2 translation) {
  const Aabb b = bounds(q);
  return isFinite(b.min) && isFinite(b.max) && isFinite(b.max + translation) && isFinite(b.min + translation);
}


/// True when (slot index, part) is among the first n skips (index << 32 | part).
inline bool skipped(const std::uint64_t* skips, int n, std::uint32_t index, std::uint32_t part) {
  const std::uint64_t key = static_cast<std::uint64_t>(index) << 32 | part;
  for (int k = 0; k < n; ++k) {
    if (skips[k] == key) return true;
  }
  return false;
}

}  // namespace collide2d::world
