// Internal: the contact point rule shared by the SAT pairs (sat.cpp) and the swapped pairs (dispatch.cpp).
#pragma once

#include <collide2d/math.h>

namespace collide2d::detail {

/// The deepest point of B inside A along `normal` (from A to B): B's support point along -normal. When B's
/// support is a whole edge (two vertices equally deep, within rounding of B's coordinates), the point is the
/// middle of the part of that edge lying within A's extent across the normal, so that it is a point of the contact
/// region rather than a far corner of B.
Vec2 deepestPoint(const Vec2* b, int nb, const Vec2* a, int na, Vec2 normal);

}  // namespace collide2d::detail
