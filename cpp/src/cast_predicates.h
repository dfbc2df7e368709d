// Internal: exact entry decisions of a translation cast between two sharp cores (radius 0: polygons, boxes, aabbs,
// segments, points), from the features in contact and the relative motion, with exact predicates (no rounded
// residual). Used by cast.cpp once the rounded advancement is within its tolerance of a touch.
//
// Model. A and B move by dA and dB over t in [0, 1]; r = dB - dA. They intersect at time t exactly when the origin
// lies in M(t) = (B + t dB) - (A + t dA), the Minkowski difference, i.e. when -t r lies in M = B - A. The line
// {-t r} meets M in a chord [tIn, tOut] (possibly empty). A touch is a GRAZE when the line meets M only on its
// relative boundary (a vertex passing a vertex, an edge sliding along an edge, an end of a degenerate M): the shapes
// then never overlap beyond touching, and the cast reports no hit. Otherwise the line meets M's relative interior
// (for a full-dimensional M: its interior, positive-area overlap of the shapes' interiors... or, for segments,
// proper crossing) and the motion carries them into each other.
//
// The chord is cut out by the constraints "B's vertices not all strictly outside A's edge k" (for each edge of A),
// the same with A and B swapped, and the 1D overlap of the projections on r (which closes a degenerate M). Each is
// S - t rho >= 0 with S and rho exact-signed determinants of the input doubles.
#pragma once

#include "convex.h"

namespace collide2d::detail {

/// Exact: whether the line of relative motion meets the relative interior of M (not a graze, not a miss). False when
/// dA == dB. Cores are taken as placed at t = 0 (core points, no pose); both radii must be 0.
bool translationEnters(const Core& a, const Core& b, Vec2 dA, Vec2 dB);

/// Exact state at t = 0 of two sharp cores moving by dA and dB.
enum class StartContact {
  Apart,        ///< they do not intersect at t = 0 (a gap, however small)
  Touching,     ///< they intersect, but not with M's interior containing the origin (boundaries only)
  Overlapping,  ///< the origin is interior to M: the interiors overlap (positive area, or segments crossing)
};
struct StartDecision {
  StartContact contact = StartContact::Apart;
  /// The motion carries them into each other from t = 0: translationEnters() and the chord does not end at or before
  /// t = 0 (tOut > 0). For a small gap this means "the first contact is ahead".
  bool movingIn = false;
  /// Unit normal (A to B) of the edge whose constraint the motion closes last (the contact's face; rounded choice
  /// among near-ties), (0, 0) when no edge constraint is being closed (then the caller picks one).
  Vec2 normal;
};
/// When the motion does not enter M (movingIn false because of a graze, a slide or a miss), contact is only known not
/// to be Overlapping (reported as Touching).
StartDecision translationStart(const Core& a, const Core& b, Vec2 dA, Vec2 dB);

// Round shapes (a core grown by a radius: circles, capsules; R = a.radius + b.radius > 0), in translation. M_R is M
// grown by R: the shapes intersect at t exactly when -t r lies in M_R. A GRAZE is a line of motion that meets M_R only
// on its boundary: it stays at distance exactly R from M's nearest vertex pair (a circle passing a vertex, or a
// circle or capsule sliding along a face or a parallel capsule at distance exactly R). Decided exactly from the
// signs of cross(r, b - a)^2 - R^2 |r|^2 and the like (cast_round.cpp).

/// Exact: whether the line of relative motion meets the interior of M_R (not a graze, not a miss). False when
/// dA == dB. Cores are taken as placed at t = 0.
bool roundEnters(const Core& a, const Core& b, Vec2 dA, Vec2 dB);

/// Exact state at t = 0 of two cores grown by their radii (R > 0) moving by dA and dB, as translationStart():
/// Overlapping when the distance of the cores is below R (or they intersect); Touching at exactly R, with movingIn
/// when the motion points strictly into a piece of M_R holding the origin (a vertex pair: dot(r, b - a) < 0; a vertex
/// against an edge: dot(r, n) < 0, n the edge's normal from A to B) and normal that piece's (A to B); Apart beyond R,
/// with movingIn when the chord of the line lies ahead (normal (0, 0)). When the motion does not enter M_R, contact
/// is reported Touching (it may be Apart) and movingIn is false.
StartDecision roundStart(const Core& a, const Core& b, Vec2 dA, Vec2 dB);

/// Exact: whether two cores (radii ignored: points, segments, counter-clockwise convex polygons) intersect, closed
/// (touching counts).
bool coresIntersect(const Core& a, const Core& b);

}  // namespace collide2d::detail
