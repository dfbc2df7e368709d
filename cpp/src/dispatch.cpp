// Generic overlaps / collide / raycast over the Shape variant. Pair functions exist in the canonical order
// Circle, Aabb, Box, Polygon, Segment; a swapped pair calls the canonical order, flips the normal and takes as
// `point` the deepest point of the actual B (its support point along the canonical normal).
#include <collide2d/collide2d.h>

#include "canonical.h"
#include "predicates.h"
#include "sat.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <variant>

namespace collide2d {

namespace {

using detail::Rank;
using detail::overlapsPair;

// B's deepest point inside A for a swapped pair whose B is a circle (every other swapped pair is a SAT pair: sat.h).
template <class A> Vec2 deepestPointOf(const Circle& b, const A&, Vec2 normal) {
  return b.center - normal * b.radius;
}

template <class A, class B> Contact collidePair(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return collide(a, b);  // (queries.h: every pair with a capsule, both orders, normal from a to b)
  } else if constexpr (Rank<A>::value <= Rank<B>::value) {
    return collide(a, b);
  } else if constexpr (requires { detail::sat(b, a, detail::SatWant::Flipped); }) {
    return detail::sat(b, a, detail::SatWant::Flipped);  // the same flip and point, on the SAT's own vertices
  } else {
    Contact c = collide(b, a);  // normal from b to a
    if (!c.hit) return c;
    c.normal = detail::noNegativeZero(-c.normal);
    c.point = deepestPointOf<A>(b, a, c.normal);
    return c;
  }
}

}  // namespace

bool overlaps(const Shape& a, const Shape& b) {
  return std::visit([](const auto& x, const auto& y) { return overlapsPair(x, y); }, a, b);
}

Contact collide(const Shape& a, const Shape& b) {
  return std::visit([](const auto& x, const auto& y) { return collidePair(x, y); }, a, b);
}

RayHit raycast(const Ray& r, const Shape& s) {
  return std::visit([&r](const auto& shape) { return raycast(r, shape); }, s);
}

}  // namespace collide2d
