// Internal: the SAT pairs of sat.cpp with only what the caller needs, for the generic dispatch (dispatch.cpp,
// canonical.h) and the capsule cores (capsule.cpp).
#pragma once

#include <collide2d/collide2d.h>

namespace collide2d::detail {

enum class SatWant : unsigned char {
  Hit,      ///< only Contact::hit is filled (the boolean of overlaps(): the same hit as collide())
  Contact,  ///< collide(a, b)
  Flipped   ///< the swapped pair (b, a) as the generic dispatch reports it: collide(a, b) with the normal negated (no
            ///< -0) and, as point, a's deepest point inside b (its support point along that normal)
};

Contact sat(const Aabb& a, const Box& b, SatWant want);
Contact sat(const Aabb& a, const Polygon& b, SatWant want);
Contact sat(const Aabb& a, const Segment& b, SatWant want);
Contact sat(const Box& a, const Polygon& b, SatWant want);
Contact sat(const Box& a, const Segment& b, SatWant want);
Contact sat(const Polygon& a, const Polygon& b, SatWant want);
Contact sat(const Polygon& a, const Segment& b, SatWant want);

}  // namespace collide2d::detail
