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

// With `margin`, every axis is tested (no early exit; the result is the same) and *margin receives the pair's signed
// clearance as the SAT measured it: when no axis separates, the smallest push (the penetration depth, collide()'s
// depth before its clamp at 0); otherwise minus the largest gap along a separating axis (a lower bound of the
// distance). 0 when a shape is empty. Rounded: within a few ulps of the coordinates' magnitude.
Contact sat(const Aabb& a, const Box& b, SatWant want, double* margin = nullptr);
Contact sat(const Aabb& a, const Polygon& b, SatWant want, double* margin = nullptr);
Contact sat(const Aabb& a, const Segment& b, SatWant want, double* margin = nullptr);
Contact sat(const Box& a, const Polygon& b, SatWant want, double* margin = nullptr);
Contact sat(const Box& a, const Segment& b, SatWant want, double* margin = nullptr);
Contact sat(const Polygon& a, const Polygon& b, SatWant want, double* margin = nullptr);
Contact sat(const Polygon& a, const Segment& b, SatWant want, double* margin = nullptr);
/// overlaps(a, b) (Hit) or collide(a, b) (Contact) of two boxes; the bounding-circle pre-check's gap as margin when it
/// rejects. (Not for Flipped: box-box is never swapped.)
Contact sat(const Box& a, const Box& b, SatWant want, double* margin = nullptr);
/// The SAT clearance of two segments (their normals and directions as axes; overlaps(a, b) decides the boolean).
double satMargin(const Segment& a, const Segment& b);

}  // namespace collide2d::detail
