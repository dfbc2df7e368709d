// World internals: a uniform grid of bodies' bounds (its entries, cells and buckets), the structure of the broad
// phase's grids (broad_phase.h: the moving bodies', the displaced ones' on a quiet step, the static bodies'), and the
// flags its entries and the candidate pairs carry.
#pragma once

#include "world/common.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collide2d::world {

/// An entry's body field: the body's dense index, or kStaleEntry.
constexpr std::uint32_t kEntryBody = (1u << 30) - 1;
/// An entry of the static grid whose body has left it (moved, removed or made moving): skipped until its rebuild.
constexpr std::uint32_t kStaleEntry = kEntryBody;
/// A candidate's first index may carry this flag: a certificate says the pair touches (the narrow phase's certify);
/// its second this one: a body of the pair is a compound (no certificate).
constexpr std::uint32_t kCertifiedHit = 1u << 31, kCompoundPair = 1u << 31, kCandidateIndex = kCertifiedHit - 1;

/// The grid's entries (one per cell of each body), structure of arrays so that the pair loop tests 8 entries per
/// SIMD step. Each holds the body's bounds quantised within the entry's cell, int16, with two flags in the minimums'
/// low bits (whether the body starts in an earlier column / row than this cell: broad_phase.cpp, quantise()), and
/// the body's dense index. The bounds are padded with 8 spare elements for the last SIMD load.
struct Entries {
  std::vector<std::int16_t> minX, minY, maxX, maxY;
  std::vector<std::uint32_t> body;  ///< dense index (kStaleEntry: a static body that left the static grid)
  std::size_t size = 0;
};

struct Cell {
  std::int32_t x = 0, y = 0;
  bool operator==(const Cell&) const = default;
};

/// A uniform grid over a set of bodies: entries bucketed by cell, a dense table or a spatial hash.
struct Grid {
  double cellSize = 1.0, invCellSize = 1.0;
  Vec2 origin;   ///< entries hold bounds relative to their cell's corner; cells count from it
  Aabb bounds;   ///< of the bodies binned
  Entries entries;
  std::vector<Cell> entryCells;  ///< hashed grid only: the cell of each entry (a bucket mixes cells)
  std::vector<std::uint32_t> bucketStart;
  std::uint32_t bucketMask = 0;  ///< hashed grid: buckets - 1
  bool dense = false;            ///< dense grid: bucket = (cy - y0) * w + (cx - x0)
  std::int32_t x0 = 0, y0 = 0;
  std::uint32_t w = 0, h = 0;
  std::vector<std::uint32_t> large;  ///< dense indices of the bodies spanning more than kMaxCellsPerBody cells
  std::int32_t cellOf(double v, int axis) const;
  /// The bucket holding cell (cx, cy); false when the cell lies outside a dense grid (then it holds nothing).
  bool bucketOf(std::int32_t cx, std::int32_t cy, std::uint32_t& bucket) const;
  bool empty() const { return entries.size == 0 && large.empty(); }
  std::size_t heapBytes() const;
};

}  // namespace collide2d::world
