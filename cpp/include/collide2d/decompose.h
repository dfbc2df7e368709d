// collide2d — splitting a simple (possibly concave) polygon into convex parts. Included at the end of collide2d.h;
// every convention stated there holds here.
//
// decompose(points, parts, info)
//
// * Input: the outline of a simple polygon, in either winding, as `points` (edge i runs from points[i] to
//   points[(i + 1) % n]). Consecutive duplicate points (also the closing point repeating the first) and points
//   exactly on the straight line between their neighbours are allowed and dropped.
// * Output: convex Polygons (each one as Polygon::create makes it: counter-clockwise, no repeated or collinear
//   vertices) whose vertices are input points, bit for bit (no new coordinates, no rounding), whose interiors are
//   pairwise disjoint and whose union is exactly the polygon (the parts' areas sum exactly to its area). The parts'
//   vertices are exactly the outline's vertices that are not dropped (duplicates and straight-angle points): each
//   of those is a vertex of some part, and no dropped point is.
// * Exact: every decision (duplicates, collinearity, crossings, convexity, ear tests, merges) is made with exact
//   coordinate comparisons and the exact orient() / dot-sign predicates, so the answer is right for any finite
//   coordinates whose nonzero magnitudes lie within a factor 2^485 of each other (the exact range stated in
//   collide2d.h), at any absolute magnitude. Outside that range the result is still defined: valid parts or an
//   error (InvalidArgument "points" when the predicates contradict each other), never UB.
// * Algorithm and guarantee: ear-clipping triangulation (ear status kept per vertex and updated only for the
//   neighbours of a clipped ear) followed by Hertel–Mehlhorn: a diagonal is removed whenever the two parts it
//   separates merge into a convex part. With r reflex vertices the result has at most 2 r + 1 parts, which is at most
//   4 times the optimal number of convex parts (any convex partition needs at least ceil(r / 2) + 1); a convex
//   outline gives 1 part. Not optimal in general (an L gives 2, a U 3, as the optimum).
// * Cost: O(n^2) time for n points (the crossing check compares the bounding boxes of every pair of edges and runs
//   the exact test on those that meet; ear clipping is O(n r); the merges O(n)); O(n) memory. Fine up to a few
//   thousand points (2,000-point outlines are tested); allocates (a preparation step, not a per-frame query).
// * Errors (parts is left unchanged):
//   - a non-finite coordinate: NotFinite, field "points", info->point = its index;
//   - fewer than 3 distinct points: TooFewPoints, field "points"; all points on one line: Collinear, "points";
//   - an outline that crosses or touches itself — two non-adjacent edges sharing any point (a crossing, a vertex on
//     another edge, a vertex repeated later in the outline) or two adjacent edges folding back over each other (a
//     zero-width spike): NotConvex ("its boundary crosses itself", the meaning that code already has), field
//     "edges"; info->edgeA < info->edgeB are the input edge indices of the crossing pair, the smallest such pair
//     (by edgeA, then edgeB) when there are several. A zero-length edge (a duplicate point) is never reported: the
//     pair names the edges that start at the last copy of a repeated point. Status::field keeps its static storage
//     contract; the indices travel in DecomposeInfo.
#pragma once

#include <collide2d/collide2d.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace collide2d {

/// Details of a decompose() call: where an error is, and the figures of the outline.
struct DecomposeInfo {
  static constexpr std::size_t npos = SIZE_MAX;
  /// NotFinite: index of the first non-finite point; npos otherwise.
  std::size_t point = npos;
  /// A crossing outline (NotConvex, field "edges"): the two input edges, edgeA < edgeB; npos otherwise.
  std::size_t edgeA = npos;
  std::size_t edgeB = npos;
  /// On success: vertices of the outline after dropping duplicate and straight-angle points, and how many of them
  /// are reflex (interior angle > 180 degrees). The part count is at most 2 * reflex + 1.
  std::size_t vertices = 0;
  std::size_t reflex = 0;
};

/// Splits the simple polygon `points` (either winding) into convex parts; see the header comment for the contract.
/// On success `parts` holds the parts (replacing its content); on failure it is left unchanged.
Status decompose(std::span<const Vec2> points, std::vector<Polygon>& parts, DecomposeInfo* info = nullptr);

}  // namespace collide2d
