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

}  // namespace collide2d::detail
