// World internals: the pairs of one grid's entries (broad_phase.cpp's collect, and the grid of displaced bodies in
// broad_phase_rest.cpp): a template so that each caller's emit is inlined into the SIMD loop.
#pragma once

#include "world/grid.h"
#include "world/grid_lanes.h"

#include <cstddef>
#include <cstdint>

namespace collide2d::world {

/// Calls emit(a, b) (dense indices) once for every pair of entries of g (not its large bodies) whose quantised bounds
/// overlap, in the cell holding the lower-left corner of their intersection; stops when ok turns false.
template <class Emit>
__attribute__((always_inline)) inline void forGridPairs(const Grid& g, Emit& emit, const bool& ok) {
  using lanes::any;
  using lanes::firstLanes;
  using lanes::I8;
  using lanes::load8;
  if (g.bucketStart.size() < 2) return;  // (a grid never built: movers before its first quiet step)
  const std::size_t buckets = g.bucketStart.size() - 1;
  const Entries& en = g.entries;
  const bool dense = g.dense;
  const std::int16_t *minX = en.minX.data(), *minY = en.minY.data(), *maxX = en.maxX.data(), *maxY = en.maxY.data();
  const std::uint32_t* body = en.body.data();
  const Cell* cells = g.entryCells.data();
  const I8 one = I8{} + 1;
  for (std::size_t bk = 0; bk < buckets && ok; ++bk) {
    const std::uint32_t s = g.bucketStart[bk], e = g.bucketStart[bk + 1];
    if (e - s < 2) continue;
    if (!dense) {
      // Hashed grid: a bucket mixes cells. Scalar loop, same tests as below.
      for (std::uint32_t p = s; p + 1 < e; ++p) {
        const Cell cell = cells[p];
        for (std::uint32_t q = p + 1; q < e; ++q) {
          if (!(cells[q] == cell)) continue;
          const bool overlap = minX[p] <= maxX[q] && minX[q] <= maxX[p] && minY[p] <= maxY[q] && minY[q] <= maxY[p];
          if (overlap && (minX[p] & minX[q] & 1) == 0 && (minY[p] & minY[q] & 1) == 0) emit(body[p], body[q]);
        }
      }
      continue;
    }
    // Dense grid: the bucket is one cell. Entry p against entries q = p+1 .. e-1, eight at a time. A pair is kept
    // when the bounds overlap and this cell holds the lower-left corner of their intersection (so that it is tested
    // once): cellOf is monotonic, so that corner's cell is the larger of the two first cells, i.e. not both bodies
    // start in an earlier column nor both in an earlier row (the flags in the minimums' low bits, see quantise()).
    for (std::uint32_t p = s; p + 1 < e; ++p) {
      const I8 pMinX = I8{} + minX[p], pMinY = I8{} + minY[p], pMaxX = I8{} + maxX[p], pMaxY = I8{} + maxY[p];
      for (std::uint32_t q = p + 1; q < e; q += 8) {
        const I8 qMinX = load8(minX + q), qMinY = load8(minY + q);
        const I8 overlap = (pMinX <= load8(maxX + q)) & (qMinX <= pMaxX) & (pMinY <= load8(maxY + q)) & (qMinY <= pMaxY);
        const I8 home = ((pMinX & qMinX & one) | (pMinY & qMinY & one)) == I8{};
        const I8 keep = overlap & home & firstLanes(e - q);
        if (!any(keep)) continue;
        for (int l = 0; l < 8; ++l) {
          if (keep[l] != 0) emit(body[p], body[q + static_cast<std::uint32_t>(l)]);
        }
      }
    }
  }
}

}  // namespace collide2d::world
