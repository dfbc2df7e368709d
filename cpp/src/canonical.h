// The canonical order of the Shape alternatives and the cheapest boolean overlap test of each canonical pair: shared
// by the generic dispatch (dispatch.cpp) and the queries that must agree with it exactly (distance.cpp).
#pragma once

#include <collide2d/collide2d.h>

#include "sat.h"

#include <type_traits>

namespace collide2d::detail {

template <class T> struct Rank;
template <> struct Rank<Circle> { static constexpr int value = 0; };
template <> struct Rank<Aabb> { static constexpr int value = 1; };
template <> struct Rank<Box> { static constexpr int value = 2; };
template <> struct Rank<Polygon> { static constexpr int value = 3; };
template <> struct Rank<Segment> { static constexpr int value = 4; };

// The cheapest boolean for each canonical pair; pairs without a dedicated boolean use the contact.
template <class A, class B> bool overlapsCanonical(const A& a, const B& b) { return collide(a, b).hit; }
inline bool overlapsCanonical(const Circle& a, const Circle& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Circle& a, const Aabb& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Circle& a, const Box& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Circle& a, const Polygon& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Circle& a, const Segment& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Aabb& a, const Aabb& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Box& a, const Box& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Polygon& a, const Polygon& b) { return overlaps(a, b); }
inline bool overlapsCanonical(const Segment& a, const Segment& b) { return overlaps(a, b); }
// The SAT pairs: collide()'s hit without its contact point.
inline bool overlapsCanonical(const Aabb& a, const Box& b) { return sat(a, b, SatWant::Hit).hit; }
inline bool overlapsCanonical(const Aabb& a, const Polygon& b) { return sat(a, b, SatWant::Hit).hit; }
inline bool overlapsCanonical(const Aabb& a, const Segment& b) { return sat(a, b, SatWant::Hit).hit; }
inline bool overlapsCanonical(const Box& a, const Polygon& b) { return sat(a, b, SatWant::Hit).hit; }
inline bool overlapsCanonical(const Box& a, const Segment& b) { return sat(a, b, SatWant::Hit).hit; }
inline bool overlapsCanonical(const Polygon& a, const Segment& b) { return sat(a, b, SatWant::Hit).hit; }

/// overlaps() of any ordered pair of the Shape alternatives, as the generic dispatch answers it.
template <class A, class B> bool overlapsPair(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return overlaps(a, b);  // (queries.h: every pair with a capsule, both orders)
  } else if constexpr (Rank<A>::value <= Rank<B>::value) {
    return overlapsCanonical(a, b);
  } else {
    return overlapsCanonical(b, a);
  }
}

}  // namespace collide2d::detail
