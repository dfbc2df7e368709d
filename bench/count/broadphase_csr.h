// The `csr` variant of bench/count/broadphase.cpp: the World's grid layout (entries bucketed by cell, SoA int16
// bounds quantised within the cell, 8 entries per SIMD test) KEPT across frames, and the candidates put back into
// the order the rebuilt grid gives them (the World's pairBodies() order, pinned by tests/determinism.json).
//
// Per frame:
//  1. one pass over the moving bodies: the world bounds and the extent histogram (what the rebuild computes to pick
//     this frame's cell size and origin: the canonical order's grid), and each body's cells in the kept grid; a body
//     whose cells changed joins the overflow list until the next full rebuild;
//  2. a full rebuild (counting sort, as the World's) when the overflow holds more than `threshold` of the bodies or a
//     body left the kept grid's range (the grid is padded by 2 cells on each side); else one pass over the entries in
//     memory order: a body that kept its cells gets its bounds re-quantised in place (its flags stay), the entries of
//     a body that just joined the overflow are marked stale (bounds that overlap nothing). Variants: `fused` does
//     this bucket by bucket inside the pair loop (the bucket then in L1); !byEntries does it body by body instead,
//     each finding its entries by a scan of its cells' buckets (random writes, as the rebuild's scatter);
//  3. candidates: the kept grid's cells (the World's SIMD loop), then each overflow entry against its cell's kept
//     entries and against the overflow entries of the same cell (entries sorted by cell), each pair once by the same
//     "lower-left corner of the intersection" rule;
//  4. the canonical order (unless !canonical, to see what it costs): each candidate keyed by the rebuilt grid's cell
//     of that corner (this frame's origin and cell size), a counting sort by that cell, insertion sort by (i, j)
//     within a cell. The rebuilt grid lists a cell's entries by increasing index, so this is its order exactly
//     (dense grid and no body spanning more than World::kMaxCellsPerBody cells: true of these scenes; check=1
//     compares the order with the World's grid frame by frame).
// Static bodies are not handled (moving scenes only).
#pragma once

#include "world/grid_lanes.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace csr {

using namespace collide2d;

using world::lanes::any;
using world::lanes::firstLanes;
using world::lanes::I8;
using world::lanes::kQuantum;
using world::lanes::load8;
using world::lanes::quantise;
using Q = world::lanes::Quantised;
inline std::int32_t cellOf(double v, double o, double inv) {
  double c = (v - o) * inv;
  c = c < -1073741824.0 ? -1073741824.0 : (c > 1073741824.0 ? 1073741824.0 : c);
  const std::int32_t t = static_cast<std::int32_t>(c);
  return t - (c < static_cast<double>(t) ? 1 : 0);
}
inline int extentBin(const Aabb& a) {
  const double e = std::max(a.max.x - a.min.x, a.max.y - a.min.y);
  if (!(e > 0.0) || !std::isfinite(e)) return -1;
  std::uint64_t bits;
  std::memcpy(&bits, &e, sizeof bits);
  const int biased = static_cast<int>(bits >> 52);
  return biased != 0 ? biased - 1023 + 1074 : 63 - __builtin_clzll(bits);
}

struct Csr {
  struct Range {
    std::uint16_t x0, y0, x1, y1;  // relative to the grid's first cell
    bool operator==(const Range&) const = default;
  };
  std::vector<world::Proxy> proxies;
  std::size_t n = 0;
  double threshold = 0.1;
  bool canonical = true;  ///< false: the candidates in the kept grid's order (what the canonical order costs)
  bool fused = false;     ///< the rewrites inside the pair loop, bucket by bucket
  bool byEntries = true;  ///< in-place rewrites in one pass over the entries (else: per body, its buckets scanned)
  // the kept grid
  double cell = 1.0, inv = 1.0, ox = 0, oy = 0;
  std::uint32_t w = 0, h = 0;
  std::vector<std::uint32_t> start;  // per bucket (w * h + 1)
  std::vector<std::int16_t> minX, minY, maxX, maxY;
  std::vector<std::uint32_t> body;
  std::vector<Range> range;           // per body
  std::vector<std::uint8_t> over;     // per body: in the overflow
  std::vector<std::uint32_t> overList;
  struct OvEntry {
    std::uint32_t bucket, body;
    std::int16_t minX, minY, maxX, maxY;
  };
  std::vector<OvEntry> ov;
  // the canonical order
  std::vector<std::uint64_t> keys, sorted;
  std::vector<std::uint32_t> count;
  std::vector<std::uint32_t> candidates;
  std::size_t rebuilds = 0, overflowed = 0, frames = 0;

  void init(const std::vector<Aabb>& box, double threshold_) {
    threshold = threshold_;
    n = box.size();
    proxies.resize(n);
    for (std::size_t i = 0; i < n; ++i) proxies[i].box = box[i];
    range.resize(n);
    over.assign(n, 0);
    rebuild(2.0 * typicalOf());
  }
  double typicalOf() const {
    std::uint32_t hist[2100] = {};
    double sum[2100] = {};
    for (std::size_t k = 0; k < n; ++k) {
      const Aabb& a = proxies[k].box;
      if (const int b = extentBin(a); b >= 0) {
        ++hist[b];
        sum[b] += std::max(a.max.x - a.min.x, a.max.y - a.min.y);
      }
    }
    std::size_t acc = 0;
    int bin = 0;
    while (acc + hist[bin] < (n + 1) / 2) acc += hist[bin++];
    return sum[bin] / hist[bin];
  }
  bool rangeOf(const Aabb& a, Range& r) const {
    const std::int32_t x0 = cellOf(a.min.x, ox, inv), x1 = cellOf(a.max.x, ox, inv);
    const std::int32_t y0 = cellOf(a.min.y, oy, inv), y1 = cellOf(a.max.y, oy, inv);
    if (x0 < 0 || y0 < 0 || x1 >= static_cast<std::int32_t>(w) || y1 >= static_cast<std::int32_t>(h)) return false;
    r = {static_cast<std::uint16_t>(x0), static_cast<std::uint16_t>(y0), static_cast<std::uint16_t>(x1),
         static_cast<std::uint16_t>(y1)};
    return true;
  }
  void rebuild(double cellSize) {
    ++rebuilds;
    Aabb wb = proxies[0].box;
    for (std::size_t k = 1; k < n; ++k) {
      const Aabb& a = proxies[k].box;
      wb.min = {std::min(wb.min.x, a.min.x), std::min(wb.min.y, a.min.y)};
      wb.max = {std::max(wb.max.x, a.max.x), std::max(wb.max.y, a.max.y)};
    }
    cell = cellSize;
    inv = 1.0 / cell;
    ox = wb.min.x - 2 * cell;
    oy = wb.min.y - 2 * cell;
    w = static_cast<std::uint32_t>(cellOf(wb.max.x, ox, inv) + 3);
    h = static_cast<std::uint32_t>(cellOf(wb.max.y, oy, inv) + 3);
    start.assign(std::size_t{w} * h + 1, 0);
    for (std::size_t k = 0; k < n; ++k) {
      (void)rangeOf(proxies[k].box, range[k]);
      const Range& r = range[k];
      for (std::uint32_t y = r.y0; y <= r.y1; ++y)
        for (std::uint32_t x = r.x0; x <= r.x1; ++x) ++start[y * w + x];
    }
    std::uint32_t acc = 0;
    for (auto& s : start) s = acc += s;
    minX.resize(acc + 8);
    minY.resize(acc + 8);
    maxX.resize(acc + 8);
    maxY.resize(acc + 8);
    body.resize(acc);
    const double scale = kQuantum / cell;
    for (std::size_t k = n; k-- > 0;) {
      const Aabb& a = proxies[k].box;
      const Range& r = range[k];
      for (std::uint32_t y = r.y0; y <= r.y1; ++y) {
        const Q qy = quantise(a.min.y, a.max.y, oy + y * cell, scale, y > r.y0);
        for (std::uint32_t x = r.x0; x <= r.x1; ++x) {
          const Q qx = quantise(a.min.x, a.max.x, ox + x * cell, scale, x > r.x0);
          const std::uint32_t at = --start[y * w + x];
          minX[at] = qx.lo;
          minY[at] = qy.lo;
          maxX[at] = qx.hi;
          maxY[at] = qy.hi;
          body[at] = static_cast<std::uint32_t>(k);
        }
      }
    }
    for (const std::uint32_t k : overList) over[k] = 0;
    overList.clear();
  }

  void frame(const std::vector<Aabb>& box) {
    ++frames;
    // 1. bounds + histogram (the canonical grid), the kept grid's cells, in-place rewrites
    std::uint32_t hist[2100] = {};
    double sum[2100] = {};
    Aabb wb = box[0];
    bool out = false;
    const double scale = kQuantum / cell;
    for (std::size_t k = 0; k < n; ++k) {
      const Aabb& a = proxies[k].box = box[k];
      if (const int b = extentBin(a); b >= 0) {
        ++hist[b];
        sum[b] += std::max(a.max.x - a.min.x, a.max.y - a.min.y);
      }
      wb.min = {std::min(wb.min.x, a.min.x), std::min(wb.min.y, a.min.y)};
      wb.max = {std::max(wb.max.x, a.max.x), std::max(wb.max.y, a.max.y)};
      Range r;
      if (!rangeOf(a, r)) {
        out = true;
        continue;
      }
      if (over[k]) {
        range[k] = r;
        continue;
      }
      const Range old = range[k];
      if (byEntries) {  // (the entries are rewritten or marked stale in the pass over the entries below)
        if (r == old) continue;
      } else if (r == old) {
        for (std::uint32_t y = r.y0; y <= r.y1; ++y) {
          const Q qy = quantise(a.min.y, a.max.y, oy + y * cell, scale, y > r.y0);
          for (std::uint32_t x = r.x0; x <= r.x1; ++x) {
            const Q qx = quantise(a.min.x, a.max.x, ox + x * cell, scale, x > r.x0);
            const std::uint32_t bk = y * w + x;
            std::uint32_t p = start[bk];
            while (body[p] != k) ++p;
            minX[p] = qx.lo;
            minY[p] = qy.lo;
            maxX[p] = qx.hi;
            maxY[p] = qy.hi;
          }
        }
        continue;
      }
      for (std::uint32_t y = old.y0; y <= old.y1 && !byEntries; ++y) {
        for (std::uint32_t x = old.x0; x <= old.x1; ++x) {
          std::uint32_t p = start[y * w + x];
          while (body[p] != k) ++p;
          minX[p] = minY[p] = 0x7FFF;  // (overlaps nothing: max -1 < every min, min 32767 > every max)
          maxX[p] = maxY[p] = -1;
          body[p] = 0x3FFFFFFF;
        }
      }
      range[k] = r;
      over[k] = 1;
      overList.push_back(static_cast<std::uint32_t>(k));
    }
    std::size_t acc = 0;
    int bin = 0;
    while (acc + hist[bin] < (n + 1) / 2) acc += hist[bin++];
    const double cCell = 2.0 * sum[bin] / hist[bin], cInv = 1.0 / cCell;
    // 2. full rebuild? Else one pass over the entries, in memory order: each body that kept its cells gets its
    // bounds re-quantised in its entry (the flags, "starts in an earlier column / row", stay: its cells did not
    // change); the entries of a body that joined the overflow this frame are marked stale. (fused: bucket by bucket
    // inside the pair loop below, while the bucket is in L1.)
    auto rewrite = [&](std::uint32_t bk, double cx, double cy) __attribute__((always_inline)) {
      for (std::uint32_t p = start[bk], e = start[bk + 1]; p < e; ++p) {
        const std::uint32_t k = body[p];
        if (k == 0x3FFFFFFF) continue;
        if (over[k]) {
          minX[p] = minY[p] = 0x7FFF;  // (overlaps nothing: max -1 < every min, min 32767 > every max)
          maxX[p] = maxY[p] = -1;
          body[p] = 0x3FFFFFFF;
          continue;
        }
        const Aabb& a = proxies[k].box;
        const Q qx = quantise(a.min.x, a.max.x, cx, scale, minX[p] & 1);
        const Q qy = quantise(a.min.y, a.max.y, cy, scale, minY[p] & 1);
        minX[p] = qx.lo;
        minY[p] = qy.lo;
        maxX[p] = qx.hi;
        maxY[p] = qy.hi;
      }
    };
    bool pending = false;
    if (out || static_cast<double>(overList.size()) > threshold * static_cast<double>(n)) {
      rebuild(cCell);
    } else if (byEntries && !fused) {
      for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) rewrite(y * w + x, ox + x * cell, oy + y * cell);
      }
    } else if (byEntries) {
      pending = true;
    }
    overflowed += overList.size();
    // the overflow's entries, by cell
    ov.clear();
    for (const std::uint32_t k : overList) {
      const Aabb& a = proxies[k].box;
      const Range& r = range[k];
      for (std::uint32_t y = r.y0; y <= r.y1; ++y) {
        const Q qy = quantise(a.min.y, a.max.y, oy + y * cell, scale, y > r.y0);
        for (std::uint32_t x = r.x0; x <= r.x1; ++x) {
          const Q qx = quantise(a.min.x, a.max.x, ox + x * cell, scale, x > r.x0);
          ov.push_back({y * w + x, k, qx.lo, qy.lo, qx.hi, qy.hi});
        }
      }
    }
    std::sort(ov.begin(), ov.end(), [](const OvEntry& a, const OvEntry& b) { return a.bucket < b.bucket; });
    // 3. candidates, keyed by the canonical cell
    keys.clear();
    const std::uint32_t cw = static_cast<std::uint32_t>(cellOf(wb.max.x, wb.min.x, cInv) + 1);
    const std::uint32_t ch = static_cast<std::uint32_t>(cellOf(wb.max.y, wb.min.y, cInv) + 1);
    const world::Proxy* bb = proxies.data();
    auto emit = [&](std::uint32_t i, std::uint32_t j) {
      if (!shouldCollide(bb[i].filter, bb[j].filter) || !world::boundsOverlap(bb[i].box, bb[j].box)) return;
      if (i > j) std::swap(i, j);
      if (!canonical) {
        keys.push_back(std::uint64_t{i} << 20 | j);
        return;
      }
      const double cornerX = std::max(bb[i].box.min.x, bb[j].box.min.x), cornerY = std::max(bb[i].box.min.y, bb[j].box.min.y);
      const auto cx = static_cast<std::uint32_t>(cellOf(cornerX, wb.min.x, cInv));
      const auto cy = static_cast<std::uint32_t>(cellOf(cornerY, wb.min.y, cInv));
      keys.push_back(std::uint64_t{cy * cw + cx} << 40 | std::uint64_t{i} << 20 | j);
    };
    const I8 one = I8{} + 1;
    const std::size_t buckets = std::size_t{w} * h;
    for (std::size_t bk = 0; bk < buckets; ++bk) {
      if (pending) {
        const std::uint32_t y = static_cast<std::uint32_t>(bk / w), x = static_cast<std::uint32_t>(bk - std::size_t{y} * w);
        rewrite(static_cast<std::uint32_t>(bk), ox + x * cell, oy + y * cell);
      }
      const std::uint32_t s = start[bk], e = start[bk + 1];
      for (std::uint32_t p = s; p + 1 < e; ++p) {
        const I8 pMinX = I8{} + minX[p], pMinY = I8{} + minY[p], pMaxX = I8{} + maxX[p], pMaxY = I8{} + maxY[p];
        for (std::uint32_t q = p + 1; q < e; q += 8) {
          const I8 qMinX = load8(&minX[q]), qMinY = load8(&minY[q]);
          const I8 overlap = (pMinX <= load8(&maxX[q])) & (qMinX <= pMaxX) & (pMinY <= load8(&maxY[q])) & (qMinY <= pMaxY);
          const I8 home = ((pMinX & qMinX & one) | (pMinY & qMinY & one)) == I8{};
          const I8 keep = overlap & home & firstLanes(e - q);
          if (!any(keep)) continue;
          for (int l = 0; l < 8; ++l) {
            if (keep[l] != 0) emit(body[p], body[q + static_cast<std::uint32_t>(l)]);
          }
        }
      }
    }
    for (std::size_t o = 0; o < ov.size(); ++o) {
      const OvEntry& a = ov[o];
      const std::uint32_t s = start[a.bucket], e = start[a.bucket + 1];
      const I8 kMinX = I8{} + a.minX, kMinY = I8{} + a.minY, kMaxX = I8{} + a.maxX, kMaxY = I8{} + a.maxY;
      for (std::uint32_t p = s; p < e; p += 8) {
        const I8 pMinX = load8(&minX[p]), pMinY = load8(&minY[p]);
        const I8 overlap = (kMinX <= load8(&maxX[p])) & (pMinX <= kMaxX) & (kMinY <= load8(&maxY[p])) & (pMinY <= kMaxY);
        const I8 home = ((kMinX & pMinX & one) | (kMinY & pMinY & one)) == I8{};
        const I8 keep = overlap & home & firstLanes(e - p);
        if (!any(keep)) continue;
        for (int l = 0; l < 8; ++l) {
          if (keep[l] != 0) emit(a.body, body[p + static_cast<std::uint32_t>(l)]);
        }
      }
      for (std::size_t o2 = o + 1; o2 < ov.size() && ov[o2].bucket == a.bucket; ++o2) {
        const OvEntry& b = ov[o2];
        if (a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY &&
            (a.minX & b.minX & 1) == 0 && (a.minY & b.minY & 1) == 0) {
          emit(a.body, b.body);
        }
      }
    }
    candidates.clear();
    if (!canonical) {
      for (const std::uint64_t k : keys) {
        candidates.push_back(static_cast<std::uint32_t>(k >> 20 & 0xFFFFF));
        candidates.push_back(static_cast<std::uint32_t>(k & 0xFFFFF));
      }
      return;
    }
    // 4. the canonical order: counting sort by the rebuilt grid's cell, then (i, j) within a cell
    const std::size_t cells = std::size_t{cw} * ch;
    count.assign(cells + 1, 0);
    for (const std::uint64_t k : keys) ++count[(k >> 40) + 1];
    for (std::size_t c = 1; c <= cells; ++c) count[c] += count[c - 1];
    sorted.resize(keys.size());
    for (const std::uint64_t k : keys) sorted[count[k >> 40]++] = k;
    for (std::size_t r = 0; r < sorted.size();) {
      std::size_t e = r + 1;
      while (e < sorted.size() && (sorted[e] >> 40) == (sorted[r] >> 40)) ++e;
      for (std::size_t i = r + 1; i < e; ++i) {
        const std::uint64_t v = sorted[i];
        std::size_t j = i;
        for (; j > r && sorted[j - 1] > v; --j) sorted[j] = sorted[j - 1];
        sorted[j] = v;
      }
      r = e;
    }
    for (const std::uint64_t k : sorted) {
      candidates.push_back(static_cast<std::uint32_t>(k >> 20 & 0xFFFFF));
      candidates.push_back(static_cast<std::uint32_t>(k & 0xFFFFF));
    }
  }
  std::size_t bytes() const {
    return start.capacity() * 4 + (minX.capacity() + minY.capacity() + maxX.capacity() + maxY.capacity()) * 2 +
           body.capacity() * 4 + range.capacity() * sizeof(Range) + over.capacity() + overList.capacity() * 4 +
           ov.capacity() * sizeof(OvEntry) + keys.capacity() * 8 + sorted.capacity() * 8 + count.capacity() * 4 +
           candidates.capacity() * 4 + proxies.capacity() * sizeof(world::Proxy);
  }
};

}  // namespace csr
