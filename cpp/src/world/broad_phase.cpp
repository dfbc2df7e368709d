// World internals: the grid broad phase (broad_phase.h).
#include "world/broad_phase.h"

#include "world/grid_lanes.h"
#include "world/grid_pairs.h"
#include "world/memory.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace collide2d::world {

namespace {

using lanes::any;
using lanes::firstLanes;
using lanes::I8;
using lanes::kQuantum;
using lanes::load8;
using lanes::quantise;
using lanes::Quantised;

// Calls f(ctx, p) for every entry p of grid g in the cells that `box` covers (a bucket of a hashed grid mixes
// cells: only the entries of those cells). Out of line: one copy for visitCells and relabelStatic.
void forEntriesIn(const Grid& g, const Aabb& box, void (*f)(void*, std::uint32_t), void* ctx) {
  if (g.entries.size == 0) return;
  const std::int32_t x0 = g.cellOf(box.min.x, 0), x1 = g.cellOf(box.max.x, 0);
  const std::int32_t y0 = g.cellOf(box.min.y, 1), y1 = g.cellOf(box.max.y, 1);
  for (std::int32_t y = y0; y <= y1; ++y) {
    for (std::int32_t x = x0; x <= x1; ++x) {
      std::uint32_t bk;
      if (!g.bucketOf(x, y, bk)) continue;
      for (std::uint32_t p = g.bucketStart[bk], e = g.bucketStart[bk + 1]; p < e; ++p) {
        if (g.dense || (g.entryCells[p].x == x && g.entryCells[p].y == y)) f(ctx, p);
      }
    }
  }
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && inner.max.x <= outer.max.x &&
         inner.max.y <= outer.max.y;
}

// A box's extent (max of width and height) as a power-of-two histogram bin, ilogb + 1074 in [0, 2098]; -1 for an
// empty or non-finite extent.
int extentBin(const Aabb& a) {
  const double e = std::max(a.max.x - a.min.x, a.max.y - a.min.y);
  if (!(e > 0.0) || !std::isfinite(e)) return -1;
  std::uint64_t bits;  // (the exponent field: std::ilogb was a libm call per body and rebuild)
  std::memcpy(&bits, &e, sizeof bits);
  const int biased = static_cast<int>(bits >> 52);  // (e > 0: no sign bit)
  return biased != 0 ? biased - 1023 + 1074 : 63 - __builtin_clzll(bits);  // (a subnormal: its leading bit)
}
// The bin holding the median of `count` (> 0) values counted in hist.
int medianBin(const std::uint32_t (&hist)[2100], std::size_t count) {
  std::size_t acc = 0;
  int bin = 0;
  while (acc + hist[bin] < (count + 1) / 2) acc += hist[bin++];
  return bin;
}

}  // namespace

inline std::int32_t Grid::cellOf(double v, int axis) const {
  // Relative to the grid origin (so that far coordinates keep their resolution); clamped before the conversion: no
  // UB for huge values. Monotonic in v, which is all the pair deduplication needs. floor() of the clamped value by
  // truncation, one down below a negative non-integer (std::floor was ~20 instructions without SSE4.1's roundsd).
  // (WebAssembly has f64.floor: std::floor there.)
  double c = (v - (axis == 0 ? origin.x : origin.y)) * invCellSize;
#if defined(__wasm__)
  return static_cast<std::int32_t>(std::min(std::max(std::floor(c), -1073741824.0), 1073741824.0));
#else
  c = c < -1073741824.0 ? -1073741824.0 : (c > 1073741824.0 ? 1073741824.0 : c);
  const std::int32_t t = static_cast<std::int32_t>(c);
  return t - (c < static_cast<double>(t) ? 1 : 0);
#endif
}

bool Grid::bucketOf(std::int32_t cx, std::int32_t cy, std::uint32_t& bucket) const {
  if (dense) {
    const std::int64_t x = std::int64_t{cx} - x0, y = std::int64_t{cy} - y0;
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    bucket = static_cast<std::uint32_t>(y * w + x);
    return true;
  }
  std::uint32_t hh = static_cast<std::uint32_t>(cx) * 0x9E3779B1u ^ static_cast<std::uint32_t>(cy) * 0x85EBCA77u;
  hh ^= hh >> 15;
  bucket = hh & bucketMask;
  return true;
}

std::size_t Grid::heapBytes() const {
  return capacityBytes(entries.minX) + capacityBytes(entries.minY) + capacityBytes(entries.maxX) +
         capacityBytes(entries.maxY) + capacityBytes(entries.body) + capacityBytes(entryCells) +
         capacityBytes(bucketStart) + capacityBytes(large);
}

// -- following the bodies --------------------------------------------------------------------------------------

void BroadPhase::removing(std::uint32_t d, std::uint32_t last, std::vector<Proxy>& proxies) {
  if (proxies[d].kind != kDynamic) {
    --staticCount;
    if (proxies[d].kind == kStaticBinned) {
      relabelStatic(d, kStaleEntry, proxies);
    } else {
      --staticPending;
    }
  }
  if (d != last && proxies[last].kind == kStaticBinned) relabelStatic(last, d, proxies);
  membersDirty = true;
  dropKept();
  if (d < cacheOf.size()) {  // (the static partners kept follow the body that takes d)
    cacheOf[d] = last < cacheOf.size() ? cacheOf[last] : kNoCache;
    if (cacheOf[d] < caches.size() && caches[cacheOf[d]].body == last) caches[cacheOf[d]].body = d;
    if (last < cacheOf.size()) cacheOf.resize(last);  // (never allocates: shrinking)
  }
  dirty = true;
}

void BroadPhase::movingStatic(std::uint32_t k, std::vector<Proxy>& proxies) {
  Proxy& p = proxies[k];
  if (p.kind == kStaticBinned) {
    membersDirty = true;
    relabelStatic(k, kStaleEntry, proxies);
    p.kind = kStaticLoose;
    ++staticPending;
  }
}

void BroadPhase::setStatic(std::uint32_t k, bool isStatic, std::vector<Proxy>& proxies) {
  Proxy& p = proxies[k];
  if (isStatic == (p.kind != kDynamic)) return;
  membersDirty = true;
  dropKept();
  if (isStatic) {
    p.kind = kStaticLoose;
    ++staticCount;
    ++staticPending;
  } else {
    if (p.kind == kStaticBinned) {
      relabelStatic(k, kStaleEntry, proxies);
    } else {
      --staticPending;
    }
    p.kind = kDynamic;
    --staticCount;
  }
  dirty = true;
}

void BroadPhase::setCellSize(double size) {
  if (!(size >= 0.0) || !std::isfinite(size)) return;
  cellSizeSetting = size;
  dropKept();
  needFull = true;
  dirty = true;
  staticRebuild = staticCount > 0;
}

// statics' entries of body k now name `to`: kStaleEntry (k has left statics: moved, removed, made moving; also
// taken off statics.large) or its new dense index (swap-remove). Never allocates.
void BroadPhase::relabelStatic(std::uint32_t k, std::uint32_t to, std::vector<Proxy>& proxies) {
  ++staticEpoch_;  // (the static partners kept refer to statics' dense indices: made again)
  if (to == kStaleEntry) ++staticPending;
  relabelIn(statics, k, to, proxies);
}

void BroadPhase::relabelIn(Grid& g, std::uint32_t k, std::uint32_t to, const std::vector<Proxy>& proxies) {
  if (proxies[k].large) {
    for (std::uint32_t& l : g.large) {
      if (l == k) l = to;
    }
    if (to == kStaleEntry) {
      std::size_t keep = 0;
      for (const std::uint32_t l : g.large) {
        if (l != kStaleEntry) g.large[keep++] = l;
      }
      g.large.resize(keep);
    }
    return;
  }
  struct Relabel {
    std::uint32_t* body;
    std::uint32_t k, to;
  } r{g.entries.body.data(), k, to};
  forEntriesIn(g, proxies[k].box, [](void* c, std::uint32_t p) {
    const Relabel& x = *static_cast<const Relabel*>(c);
    if (x.body[p] == x.k) x.body[p] = x.to;
  }, &r);
}

// -- rebuilding ------------------------------------------------------------------------------------------------

// Static bodies: binned into statics at its rebuild, which happens when enough static bodies have been added,
// moved, removed or made moving since the last one (staticPending > 16 + staticCount / 8): each such change
// costs O(its cells) at once (its entries are marked stale) and the body is binned with the moving bodies until
// then. A failed rebuild (out of memory) empties statics and bins every static body with the moving ones: the
// answers stay the same.
bool BroadPhase::update(std::vector<Proxy>& proxies) {
  if (staticRebuild || staticPending > 16 + staticCount / 8) {
    if (!rebuildGrid(statics, true, proxies)) {
      statics.entries.size = 0;
      statics.large.clear();
      for (Proxy& p : proxies) {
        if (p.kind == kStaticBinned) p.kind = kStaticLoose;
      }
      membersDirty = true;
      staticPending = staticCount;
    }
    staticRebuild = false;
    keptValid = false;
    needFull = true;
    dirty = true;
  }
  if (dirty) {
    // A quiet step (see broad_phase_rest.cpp): grid stays, only the displaced bodies are binned (in movers).
    if (keptValid && !needFull && !membersDirty) {
      if (!rebuildGrid(movers, false, proxies, &displaced)) return false;
      dirty = false;
    } else {
      keptValid = false;  // (a change the kept candidates do not follow; also when the rebuild fails)
      if (!rebuildGrid(grid, false, proxies)) return false;
      clearDisplaced();
      needFull = false;
    }
  }
  worldBounds = {};
  bool first = true;
  for (const Grid* g : {&grid, &movers, &statics}) {
    if (g->empty()) continue;
    if (first) {
      worldBounds = g->bounds;
      first = false;
      continue;
    }
    worldBounds.min = {std::min(worldBounds.min.x, g->bounds.min.x), std::min(worldBounds.min.y, g->bounds.min.y)};
    worldBounds.max = {std::max(worldBounds.max.x, g->bounds.max.x), std::max(worldBounds.max.y, g->bounds.max.y)};
  }
  return true;
}

// Rebuilds grid g over its bodies: the static ones (isStatic; they are then all binned in statics) or the others.
// False (OutOfMemory, with the grid's parameters as they were and, for grid, the grid still marked dirty) when its
// arrays cannot grow.
bool BroadPhase::rebuildGrid(Grid& g, bool isStatic, std::vector<Proxy>& proxies,
                             const std::vector<std::uint32_t>* list) {
  const std::size_t all = proxies.size();
  // The members, in increasing dense index, into members (one pass over the bodies, only when bodies were added,
  // removed or changed kind since the list was made: the passes below walk the list, so a level of 50k static bodies
  // is not re-read at every step). grid's list stays for collect.
  if (list == nullptr && (isStatic || membersDirty)) {
    if (!grow(members, all)) return false;
    members.clear();
    for (std::uint32_t k = 0; k < all; ++k) {
      if (isStatic ? proxies[k].kind != kDynamic : proxies[k].kind != kStaticBinned) members.push_back(k);
    }
    membersDirty = isStatic;  // (statics' list is in members now: grid's is made again at its next rebuild)
  }
  const std::vector<std::uint32_t>& mem = list != nullptr ? *list : members;
  std::size_t n = 0;
  Aabb wb;
  // World bounds, and the typical body extent: the mean extent of the histogram bin (powers of two) holding the
  // median, so that a few huge or far bodies (whose float-free bounds are honest now) do not move it.
  std::uint32_t hist[2100] = {};
  double binSum[2100] = {};  // the extents summed per bin, in member order
  std::size_t sized = 0;
  for (const std::uint32_t k : mem) {
    const Aabb& a = proxies[k].box;
    if (n++ == 0) wb = a;
    if (const int bin = extentBin(a); bin >= 0) {
      ++hist[bin];
      binSum[bin] += std::max(a.max.x - a.min.x, a.max.y - a.min.y);
      ++sized;
    }
    wb.min = {std::min(wb.min.x, a.min.x), std::min(wb.min.y, a.min.y)};
    wb.max = {std::max(wb.max.x, a.max.x), std::max(wb.max.y, a.max.y)};
  }
  if (n == 0) {
    if (!grow(g.bucketStart, 2)) return false;
    g.entries.size = 0;
    g.large.clear();
    g.dense = false;
    g.bucketMask = 0;
    fillZero(g.bucketStart, 2);
    g.bounds = {};
    if (isStatic) staticPending = 0;
    if (!isStatic && list == nullptr) dirty = false;
    return true;
  }
  const double span = std::max(wb.max.x - wb.min.x, wb.max.y - wb.min.y);
  const double spread = std::isfinite(span) && span > 0.0 ? span / std::sqrt(static_cast<double>(n)) : 1.0;
  double typical = 0.0;
  if (sized > 0) {
    const int bin = medianBin(hist, sized);
    typical = binSum[bin] / static_cast<double>(hist[bin]);
  }
  // The static grid's cells are at least the moving bodies' (2x their typical extent, computed the same way): a
  // moving body then covers a few static cells, each compared four entries at a time, instead of many cells of
  // small level pieces (measured natively on the level scene, bench/native/world_bench.cpp BM_WorldLevel).
  if (isStatic && cellSizeSetting == 0.0 && typical > 0.0) {
    std::uint32_t mh[2100] = {};
    std::size_t moving = 0;
    for (std::uint32_t k = 0; k < all; ++k) {
      if (proxies[k].kind != kDynamic) continue;
      if (const int bin = extentBin(proxies[k].box); bin >= 0) {
        ++mh[bin];
        ++moving;
      }
    }
    if (moving > 0) {
      // (the bin's lower bound: a power of two, within 2x of the moving bodies' typical extent)
      const double lower = std::ldexp(1.0, medianBin(mh, moving) - 1074);
      typical = std::min(std::max(typical, lower), std::max(32.0 * typical, spread));
    }
  }
  double cell;
  if (!(typical > 0.0) || !std::isfinite(typical)) {
    cell = cellSizeSetting > 0.0 ? cellSizeSetting : spread;
  } else {
    // A setting is honoured within [typical, max(64 typical, spread)]: a typical body then covers at most 3 x 3
    // cells (no cell count explodes) and no cell swallows the world.
    cell = cellSizeSetting > 0.0 ? std::min(std::max(cellSizeSetting, typical), std::max(64.0 * typical, spread))
                                 : 2.0 * typical;
  }
  double inv = 1.0 / cell;
  if (!std::isfinite(inv) || !(inv > 0.0) || !std::isfinite(cell)) {
    cell = 1.0;
    inv = 1.0;
  }
  // The new parameters, then the arrays; on failure the old parameters come back.
  const double oldCell = g.cellSize, oldInv = g.invCellSize;
  const Vec2 oldOrigin = g.origin;
  const bool oldDense = g.dense;
  const std::int32_t oldX0 = g.x0, oldY0 = g.y0;
  const std::uint32_t oldW = g.w, oldH = g.h, oldMask = g.bucketMask;
  auto fail = [&] {
    g.cellSize = oldCell;
    g.invCellSize = oldInv;
    g.origin = oldOrigin;
    g.dense = oldDense;
    g.x0 = oldX0;
    g.y0 = oldY0;
    g.w = oldW;
    g.h = oldH;
    g.bucketMask = oldMask;
    g.entries.size = 0;
    return false;
  };
  g.cellSize = cell;
  g.invCellSize = inv;
  g.origin = wb.min;

  // A dense grid over the world's bounds when it is small enough (cells in row-major order: no hash collisions,
  // neighbouring cells close in memory), else a spatial hash with at least 2 buckets per body.
  const std::int64_t gx0 = g.cellOf(wb.min.x, 0), gy0 = g.cellOf(wb.min.y, 1);
  const std::int64_t gw = std::int64_t{g.cellOf(wb.max.x, 0)} - gx0 + 1, gh = std::int64_t{g.cellOf(wb.max.y, 1)} - gy0 + 1;
  std::size_t tableSize;
  if (gw * gh <= std::max<std::int64_t>(256, 4 * static_cast<std::int64_t>(n))) {
    g.dense = true;
    g.x0 = static_cast<std::int32_t>(gx0);
    g.y0 = static_cast<std::int32_t>(gy0);
    g.w = static_cast<std::uint32_t>(gw);
    g.h = static_cast<std::uint32_t>(gh);
    tableSize = static_cast<std::size_t>(gw * gh);
  } else {
    g.dense = false;
    tableSize = 64;
    while (tableSize < 2 * n) tableSize *= 2;
    g.bucketMask = static_cast<std::uint32_t>(tableSize - 1);
  }
  if (!grow(g.bucketStart, tableSize + 1)) return fail();
  fillZero(g.bucketStart, tableSize + 1);
  g.large.clear();

  // Count entries per bucket (the large bodies are listed after: large is sized to them, not to every body).
  std::uint32_t bk = 0;
  std::size_t largeCount = 0;
  for (const std::uint32_t k : mem) {
    const Aabb& a = proxies[k].box;
    const std::int32_t x0 = g.cellOf(a.min.x, 0), x1 = g.cellOf(a.max.x, 0), y0 = g.cellOf(a.min.y, 1), y1 = g.cellOf(a.max.y, 1);
    const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    proxies[k].large = cells > World::kMaxCellsPerBody ? 1 : 0;
    if (proxies[k].large) {
      ++largeCount;
      continue;
    }
    for (std::int32_t y = y0; y <= y1; ++y) {
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (g.bucketOf(x, y, bk)) ++g.bucketStart[bk];
      }
    }
  }
  if (largeCount > 0) {
    if (!grow(g.large, largeCount)) return fail();
    for (const std::uint32_t k : mem) {
      if (proxies[k].large) g.large.push_back(k);
    }
  }
  std::uint32_t acc = 0;
  for (std::size_t i = 0; i < tableSize; ++i) {
    acc += g.bucketStart[i];
    g.bucketStart[i] = acc;  // end of bucket i for now
  }
  g.bucketStart[tableSize] = acc;
  Entries& en = g.entries;
  if (!(grow(en.minX, acc + 8) && grow(en.minY, acc + 8) && grow(en.maxX, acc + 8) && grow(en.maxY, acc + 8) &&
        grow(en.body, acc) && (g.dense || grow(g.entryCells, acc)))) {
    return fail();
  }
  for (auto* v : {&en.minX, &en.minY, &en.maxX, &en.maxY}) v->resize(acc + 8);  // (8 spare: the last SIMD load)
  en.body.resize(acc);
  en.size = acc;
  if (g.dense) {
    g.entryCells.clear();
  } else {
    g.entryCells.resize(acc);
  }
  // Filled backwards, so that each bucket lists its bodies in increasing dense index. Entries hold the bounds
  // quantised within their cell (see quantise()): resolution 1/16383 of a cell wherever the world is (relative to one
  // origin, float bounds of a body parked at -1e15 used to make every bound coincide).
  const Vec2 o = g.origin;
  const double scale = kQuantum / cell;
  for (std::size_t m = mem.size(); m-- > 0;) {
    const std::uint32_t k = mem[m];
    if (isStatic) proxies[k].kind = kStaticBinned;
    if (proxies[k].large) continue;
    const Aabb& a = proxies[k].box;
    const std::int32_t x0 = g.cellOf(a.min.x, 0), x1 = g.cellOf(a.max.x, 0), y0 = g.cellOf(a.min.y, 1), y1 = g.cellOf(a.max.y, 1);
    for (std::int32_t y = y0; y <= y1; ++y) {
      const Quantised qy = quantise(a.min.y, a.max.y, o.y + static_cast<double>(y) * cell, scale, y > y0);
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (!g.bucketOf(x, y, bk)) continue;
        const Quantised qx = quantise(a.min.x, a.max.x, o.x + static_cast<double>(x) * cell, scale, x > x0);
        const std::uint32_t at = --g.bucketStart[bk];
        en.minX[at] = qx.lo;
        en.minY[at] = qy.lo;
        en.maxX[at] = qx.hi;
        en.maxY[at] = qy.hi;
        en.body[at] = k;
        if (!g.dense) g.entryCells[at] = {x, y};
      }
    }
  }
  g.bounds = wb;
  if (isStatic) {
    staticPending = 0;
    ++staticEpoch_;
  } else if (list == nullptr) {
    dirty = false;
  }
  return true;
}

// -- candidates ------------------------------------------------------------------------------------------------

// Candidate pairs from the grid into candidates (dense indices): only pairs whose filters accept each other and
// whose bounds overlap, so nothing is buffered for pairs that cannot collide. False: out of memory.
bool BroadPhase::collect(const std::vector<Proxy>& proxies) {
  if (keptValid) return collectQuiet(proxies);
  candidates.clear();
  bool ok = true;
  const Proxy* bb = proxies.data();
  partPairBound = 0;
  chainPairs = 0;
  auto emit = [&](std::uint32_t i, std::uint32_t j) __attribute__((always_inline)) {
    if (!emitCandidate(bb, i, j)) ok = false;
  };
  forGridPairs(grid, emit, ok);
  // The large bodies of grid against every body of grid (large against large once).
  const std::uint32_t n = static_cast<std::uint32_t>(proxies.size());
  for (std::size_t li = 0; li < grid.large.size() && ok; ++li) {
    const std::uint32_t l = grid.large[li];
    for (const std::uint32_t k : members) {
      if ((bb[k].large && k <= l) || k == l) continue;
      emit(l, k);
    }
  }
  // Moving bodies against statics (static bodies never pair with each other, so the bodies of grid that are static
  // are left out): a large moving body against every binned one; any other against statics' large ones and against
  // its static partners: the binned bodies whose bounds overlap its fat bounds, searched in the cells its fat bounds
  // cover (with the same "lower-left corner of the intersection" rule as above) and kept while its bounds stay within
  // them (see the top of broad_phase.h).
  const Grid& sg = statics;
  if (sg.empty()) return ok;
  if (!grow(cacheOf, n) || !grow(nextCaches, members.size()) ||
      !grow(nextPartners, partners.size() + partners.size() / 4 + 64)) {
    return false;
  }
  if (cacheOf.size() < n) cacheOf.resize(n, kNoCache);
  nextCaches.clear();
  nextPartners.clear();
  const double margin = kStaticFatFactor * grid.cellSize;
  for (std::size_t m = 0; m < members.size() && ok; ++m) {
    const std::uint32_t k = members[m];
    if (bb[k].kind != kDynamic) continue;
    const Aabb& a = bb[k].box;
    if (bb[k].large) {
      for (std::uint32_t s = 0; s < n; ++s) {
        if (bb[s].kind == kStaticBinned) emit(k, s);
      }
      continue;
    }
    for (const std::uint32_t l : sg.large) emit(k, l);
    const std::uint32_t prior = cacheOf[k];
    const bool keep = prior < caches.size() && caches[prior].body == k && cacheEpoch_ == staticEpoch_ &&
                      contains(caches[prior].fat, a);
    if (nextPartners.size() + (keep ? caches[prior].count : 0) + 64 > nextPartners.capacity() &&
        !grow(nextPartners, nextPartners.size() + nextPartners.size() / 4 + 64 + (keep ? caches[prior].count : 0))) {
      ok = false;
      break;
    }
    PartnerCache c;
    c.body = k;
    c.begin = static_cast<std::uint32_t>(nextPartners.size());
    if (keep) {
      c.fat = caches[prior].fat;
      const std::uint32_t* from = partners.data() + caches[prior].begin;
      nextPartners.insert(nextPartners.end(), from, from + caches[prior].count);
    } else {
      c.fat = {{a.min.x - margin, a.min.y - margin}, {a.max.x + margin, a.max.y + margin}};
      if (!searchStatics(c.fat, proxies)) {
        ok = false;
        break;
      }
    }
    c.count = static_cast<std::uint32_t>(nextPartners.size()) - c.begin;
    cacheOf[k] = static_cast<std::uint32_t>(nextCaches.size());
    nextCaches.push_back(c);
    for (std::uint32_t i = c.begin; i < c.begin + c.count; ++i) emit(k, nextPartners[i]);
  }
  if (!ok) {
    cacheEpoch_ = staticEpoch_ - 1;  // (the caches are half made: every body searches again at the next step)
    return false;
  }
  caches.swap(nextCaches);
  partners.swap(nextPartners);
  cacheEpoch_ = staticEpoch_;
  return ok;
}

// Appends to nextPartners the binned static bodies whose bounds overlap `box` (a moving body's fat bounds), each once:
// statics' large ones are not among them (met at every step); a box covering too many cells tests every binned body.
// False: out of memory.
bool BroadPhase::searchStatics(const Aabb& a, const std::vector<Proxy>& proxies) {
  return searchIn(statics, a, proxies, nextPartners);
}

bool BroadPhase::searchGrid(const Aabb& a, const std::vector<Proxy>& proxies, std::vector<std::uint32_t>& out) const {
  return searchIn(grid, a, proxies, out);
}

// The bodies with a live entry of sg (statics, or grid on a quiet step: its displaced bodies' entries are stale) whose
// bounds overlap `a`, each once (the cell holding the lower-left corner of the intersection), appended to out; when
// `a` covers more cells than sg has entries, the binned static bodies (statics) or grid's bodies neither displaced nor
// large, tested one by one.
bool BroadPhase::searchIn(const Grid& sg, const Aabb& a, const std::vector<Proxy>& proxies,
                          std::vector<std::uint32_t>& out) const {
  const Entries& se = sg.entries;
  bool ok = true;
  auto add = [&](std::uint32_t s) {
    if (!ok || !boundsOverlap(proxies[s].box, a)) return;  // (the quantised bounds only come near)
    if (out.size() == out.capacity() && !grow(out, 2 * out.size() + 64)) {
      ok = false;
      return;
    }
    out.push_back(s);
  };
  const std::int32_t x0 = sg.cellOf(a.min.x, 0), x1 = sg.cellOf(a.max.x, 0);
  const std::int32_t y0 = sg.cellOf(a.min.y, 1), y1 = sg.cellOf(a.max.y, 1);
  const std::int64_t covered = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
  if (covered > static_cast<std::int64_t>(se.size) + 64) {
    if (&sg == &statics) {
      for (std::uint32_t s = 0; s < proxies.size(); ++s) {
        if (proxies[s].kind == kStaticBinned && !proxies[s].large) add(s);
      }
    } else {
      for (const std::uint32_t k : members) {
        if (!isDisplaced(k) && !proxies[k].large) add(k);
      }
    }
    return ok;
  }
  const I8 one = I8{} + 1;
  const double scale = kQuantum / sg.cellSize;
  for (std::int32_t y = y0; y <= y1 && ok; ++y) {
    const Quantised qy = quantise(a.min.y, a.max.y, sg.origin.y + static_cast<double>(y) * sg.cellSize, scale, y > y0);
    for (std::int32_t x = x0; x <= x1 && ok; ++x) {
      std::uint32_t bk;
      if (!sg.bucketOf(x, y, bk)) continue;
      const std::uint32_t s = sg.bucketStart[bk], e = sg.bucketStart[bk + 1];
      if (s == e) continue;
      const Quantised qx = quantise(a.min.x, a.max.x, sg.origin.x + static_cast<double>(x) * sg.cellSize, scale, x > x0);
      if (!sg.dense) {  // hashed: a bucket mixes cells
        for (std::uint32_t p = s; p < e; ++p) {
          const std::uint32_t eb = se.body[p];
          if (eb == kStaleEntry || (se.minX[p] & qx.lo & 1) != 0 || (se.minY[p] & qy.lo & 1) != 0) continue;
          if (!(sg.entryCells[p].x == x && sg.entryCells[p].y == y)) continue;
          if (qx.lo <= se.maxX[p] && se.minX[p] <= qx.hi && qy.lo <= se.maxY[p] && se.minY[p] <= qy.hi) add(eb);
        }
        continue;
      }
      // Dense: the cell's entries eight at a time, as in grid's loop.
      const I8 kMinX = I8{} + qx.lo, kMinY = I8{} + qy.lo, kMaxX = I8{} + qx.hi, kMaxY = I8{} + qy.hi;
      for (std::uint32_t p = s; p < e; p += 8) {
        const I8 pMinX = load8(se.minX.data() + p), pMinY = load8(se.minY.data() + p);
        const I8 overlap = (kMinX <= load8(se.maxX.data() + p)) & (pMinX <= kMaxX) &
                           (kMinY <= load8(se.maxY.data() + p)) & (pMinY <= kMaxY);
        const I8 home = ((kMinX & pMinX & one) | (kMinY & pMinY & one)) == I8{};
        const I8 keep = overlap & home & firstLanes(e - p);
        if (!any(keep)) continue;
        for (int l = 0; l < 8; ++l) {
          const std::uint32_t idx = se.body[p + static_cast<std::uint32_t>(l)];
          if (keep[l] != 0 && idx != kStaleEntry) add(idx);
        }
      }
    }
  }
  return ok;
}

// -- queries ---------------------------------------------------------------------------------------------------

bool BroadPhase::visitCells(const Aabb& box, void (*visit)(void*, std::uint32_t), void* ctx) const {
  for (const Grid* g : {&grid, &movers, &statics}) {
    if (g->entries.size == 0) continue;
    const std::int32_t x0 = g->cellOf(box.min.x, 0), x1 = g->cellOf(box.max.x, 0);
    const std::int32_t y0 = g->cellOf(box.min.y, 1), y1 = g->cellOf(box.max.y, 1);
    const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    if (cells > static_cast<std::int64_t>(g->entries.size) + 64) return false;
  }
  struct Visit {
    const std::uint32_t* body;
    void (*visit)(void*, std::uint32_t);
    void* ctx;
  };
  for (const Grid* g : {&grid, &movers, &statics}) {
    Visit v{g->entries.body.data(), visit, ctx};
    forEntriesIn(*g, box, [](void* c, std::uint32_t p) {
      const Visit& x = *static_cast<const Visit*>(c);
      const std::uint32_t k = x.body[p];
      if (k != kStaleEntry) x.visit(x.ctx, k);
    }, &v);
  }
  return true;
}

double BroadPhase::marchCell() const {
  double cell = 0.0;
  for (const Grid* g : {&grid, &movers, &statics}) {
    if (!g->empty() && (cell == 0.0 || g->cellSize < cell)) cell = g->cellSize;
  }
  return cell == 0.0 ? grid.cellSize : cell;
}

// -- memory ----------------------------------------------------------------------------------------------------

bool BroadPhase::oversized() const { return world::oversized(candidates) || world::oversized(nextPartners); }

void BroadPhase::releaseSlack() {
  candidates.clear();
  shrink(candidates);
}

std::size_t BroadPhase::heapBytes() const {
  return grid.heapBytes() + movers.heapBytes() + statics.heapBytes() + capacityBytes(members) +
         capacityBytes(candidates) + capacityBytes(displaced) + capacityBytes(displacedBits) +
         capacityBytes(movedBits) + capacityBytes(kept) + capacityBytes(found) +
         capacityBytes(cacheOf) + capacityBytes(caches) + capacityBytes(nextCaches) + capacityBytes(partners) +
         capacityBytes(nextPartners);
}

}  // namespace collide2d::world
