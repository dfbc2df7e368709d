// World internals: the grid's entry arithmetic, shared by the broad phase (broad_phase.cpp) and its benchmark
// variants (bench/count/broadphase_csr.h): 8-lane int16 vectors and the quantisation of a body's bounds within a cell.
#pragma once

#include <cstdint>
#include <cstring>

namespace collide2d::world::lanes {

// 8-lane vectors of int16 (GCC / Clang vector extensions: SSE2 natively, SIMD128 in WebAssembly, plain code
// elsewhere). Comparisons give 0 / -1 per lane.
using I8 = std::int16_t __attribute__((vector_size(16)));
inline I8 load8(const std::int16_t* p) {
  I8 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline bool any(I8 v) {
  std::uint64_t h[2];
  std::memcpy(h, &v, sizeof h);
  return (h[0] | h[1]) != 0;
}
/// Lanes [0, n) set, n in [0, 8].
inline I8 firstLanes(std::uint32_t n) {
  const I8 lane{0, 1, 2, 3, 4, 5, 6, 7};
  return lane < static_cast<std::int16_t>(n < 8 ? n : 8);
}

// An entry's bounds: quantised within its cell, int16 each (8 bytes an entry; 4 floats before: the 10k scene's grid
// went from 47 to 28 bytes per body, and the pair loop tests 8 entries per SIMD step instead of 4). A coordinate v of
// a cell whose corner is c maps to u = clamp((v - c) * 16383 / cell, 0, 16383); a minimum is stored as 2 floor(u)
// (even), a maximum as 2 ceil(u) + 1 (odd). Monotone, so bounds that overlap keep overlapping: both contain the
// quantised lower-left corner of their intersection, which the clamp keeps in the cell (only entries of one cell are
// compared, and a pair is tested only in the cell holding that corner, see below). Rounding only adds candidates,
// which the exact test on the bounds themselves (collect's emit) drops.
// The low bit of a minimum holds a flag, "the body starts in an earlier column (minX) / row (minY) than this cell":
// a pair is tested only in the cell holding the lower-left corner of the intersection of the two bounds, i.e. where
// not both start in an earlier column and not both in an earlier row. The flag can raise a minimum by 1, which an
// overlap test of an even minimum against an odd maximum never notices (min <= max implies min + 1 <= max).
constexpr double kQuantum = 16383.0;
struct Quantised {
  std::int16_t lo, hi;
};
inline Quantised quantise(double min, double max, double corner, double scale, bool before) {
  double a = (min - corner) * scale, b = (max - corner) * scale;
  a = a > 0.0 ? (a < kQuantum ? a : kQuantum) : 0.0;
  b = b > 0.0 ? (b < kQuantum ? b : kQuantum) : 0.0;
  const int fa = static_cast<int>(a), fb = static_cast<int>(b);  // (non-negative: truncation is floor)
  const int cb = fb + (static_cast<double>(fb) < b ? 1 : 0);
  return {static_cast<std::int16_t>(2 * fa + (before ? 1 : 0)), static_cast<std::int16_t>(2 * cb + 1)};
}

}  // namespace collide2d::world::lanes
