// Internal: temporal-coherence certificates for pairs that persist from frame to frame (for the World).
//
// overlapsWithSlack / collideWithSlack return exactly what overlaps() / collide() return for the pair (the same bits),
// plus a certificate: how far the two shapes may translate relative to each other before that boolean can change.
//
// CONTRACT. Let M = `reach` and s = `slack` of a certificate computed on shapes a, b. Let a', b' be a and b moved by
// translations ta, tb (every stored point: circle centre, aabb min and max, box centre, polygon vertices, segment and
// capsule ends; radii, extents and angles unchanged), where additionally every coordinate of a' and b' may differ from
// its exactly translated value by up to kPerturbUlps ulps of M (the rounding of a World that rebuilds its world shapes
// as position + rotated local points; a polygon may also come out of Polygon::create re-ordered, without a collinear
// vertex, or as the convex hull of its moved points: the same region within that perturbation). If
//   |tb - ta| < s  (Euclidean)   and   every coordinate of bounds(a') and bounds(b') lies within [-M, M],
// then overlaps(a', b') (and collide(a', b').hit) equals `hit`. Rotation is not covered: a certificate is void once
// either shape turns (or changes its radius, extents or vertex list other than by translation).
//
// HOW. The signed clearance g of the pair is computed as a by-product of the test itself: for a hit, the penetration
// depth (the SAT's smallest push for polygonal shapes, r + distance to the boundary for a circle whose centre is
// inside, r - distance otherwise, radii plus the cores' push for capsules); for a miss, a lower bound of the distance
// (the largest gap along the SAT's separating axes, or the circle-to-shape distance minus r). For convex shapes the
// set of relative translations that keep them intersecting is convex and contains the ball of radius depth, and
// shapes a distance d apart cannot touch before they have moved by d: so every |t| < g keeps the answer, in exact
// arithmetic. s = g - 2^-40 M (0 when that is not positive), where the margin 2^-40 M = 4096 ulps of M covers
//   (a) the rounding of g itself (a few tens of ulps of M: projections, rotations, square roots),
//   (b) the fresh computation's own rounding where its boolean is rounded (circle against a shape, capsules: a
//       configuration within a few ulps of touching may be decided either way; the polygonal booleans are exact),
//       and the rounding bands of the polygonal tests (at most 512 ulps of M, box against box),
//   (c) the perturbation: 2 shapes x sqrt(2) x kPerturbUlps ulps of M (46 ulps).
// M is twice the largest |coordinate| of the two shapes' bounds, so that moved shapes may drift that far from the
// origin before the rounding of (a)-(c) grows beyond what the margin covers. The certificate is 0 (never claims
// anything) for invalid shapes (validate() fails: NaN, infinite, negative radius or extent, empty polygon) and when M
// lies outside [2^-400, 2^400] (squares could under- or overflow).
#pragma once

#include <collide2d/collide2d.h>

namespace collide2d::detail {

/// The rounding of a moved shape's coordinates that a certificate tolerates, in ulps of its reach.
constexpr double kPerturbUlps = 16.0;

struct PairSlack {
  bool hit = false;    ///< overlaps(a, b)
  double slack = 0.0;  ///< >= 0: the relative translation (Euclidean) certified to keep `hit` (see above)
  double reach = 0.0;  ///< the certificate holds while every coordinate of both moved shapes' bounds is in [-reach, reach]
};

/// overlaps(a, b) with its certificate.
PairSlack overlapsWithSlack(const Shape& a, const Shape& b);
/// collide(a, b), bit for bit, with the certificate of its `hit` in `certificate`.
Contact collideWithSlack(const Shape& a, const Shape& b, PairSlack& certificate);

/// overlaps(c, shape) (the same boolean) and the signed clearance: r + the distance from the centre to the boundary
/// when the centre is inside, r - the distance from the centre to the shape otherwise (shape_circle.cpp).
bool overlapsWithMargin(const Circle& c, const Aabb& b, double& margin);
bool overlapsWithMargin(const Circle& c, const Box& b, double& margin);
bool overlapsWithMargin(const Circle& c, const Polygon& p, double& margin);

}  // namespace collide2d::detail
