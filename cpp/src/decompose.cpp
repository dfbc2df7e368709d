// decompose(): a simple polygon into convex parts (contract in collide2d/decompose.h).
// Steps: clean the ring (duplicates), reject degenerate outlines, prove the outline simple (exact segment tests on
// the edges whose x ranges overlap), drop straight-angle vertices, orient counter-clockwise, ear-clip, then
// Hertel–Mehlhorn merges. Every geometric decision goes through orient() / dotSignExact() or coordinate comparisons.
#include <collide2d/collide2d.h>

#include "predicates.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace collide2d {

namespace {

constexpr std::size_t kNone = DecomposeInfo::npos;

/// p on the closed segment a-b, given that the three points are collinear (exact comparisons).
bool onSegment(Vec2 a, Vec2 b, Vec2 p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}

/// The closed segments a-b and c-d share a point (exact).
bool segmentsTouch(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && onSegment(a, b, c)) || (o2 == 0 && onSegment(a, b, d)) || (o3 == 0 && onSegment(c, d, a)) ||
         (o4 == 0 && onSegment(c, d, b));
}

/// p in the closed counter-clockwise triangle a, b, c.
bool inTriangle(Vec2 a, Vec2 b, Vec2 c, Vec2 p) {
  return orient(a, b, p) >= 0 && orient(b, c, p) >= 0 && orient(c, a, p) >= 0;
}

/// The smallest pair (by first, then second) of input edges of the ring that touch although they must not, or
/// {kNone, kNone}. ring[k] -> ring[k + 1] is input edge orig[k].
std::pair<std::size_t, std::size_t> firstCrossing(const std::vector<Vec2>& ring, const std::vector<std::size_t>& orig) {
  const std::size_t m = ring.size();
  std::pair<std::size_t, std::size_t> best{kNone, kNone};
  const auto report = [&](std::size_t k, std::size_t l) {
    std::pair<std::size_t, std::size_t> p{std::min(orig[k], orig[l]), std::max(orig[k], orig[l])};
    if (p < best) best = p;
  };
  // Adjacent edges k, k + 1 share ring[k + 1]; they overlap when they fold back (collinear, opposite directions).
  for (std::size_t k = 0; k < m; ++k) {
    const Vec2 a = ring[k], b = ring[(k + 1) % m], c = ring[(k + 2) % m];
    if (orient(a, b, c) == 0 && detail::dotSignExact(b, a, c, b) < 0) report(k, (k + 1) % m);
  }
  // Non-adjacent edges: every pair whose bounding boxes meet (exact comparisons), then the exact segment test.
  struct Box {
    double minX, maxX, minY, maxY;
  };
  std::vector<Box> boxes(m);
  for (std::size_t k = 0; k < m; ++k) {
    const Vec2 a = ring[k], b = ring[(k + 1) % m];
    boxes[k] = {std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.y, b.y), std::max(a.y, b.y)};
  }
  for (std::size_t k = 0; k < m; ++k) {
    const Box u = boxes[k];
    for (std::size_t l = k + 2; l < m; ++l) {
      const Box& v = boxes[l];
      if (v.maxX < u.minX || u.maxX < v.minX || v.maxY < u.minY || u.maxY < v.minY) continue;
      if (k == 0 && l == m - 1) continue;  // adjacent through the wrap: handled above
      if (segmentsTouch(ring[k], ring[(k + 1) % m], ring[l], ring[(l + 1) % m])) report(k, l);
    }
  }
  return best;
}

Status fail(Error e, const char* field) { return Status{e, field}; }

}  // namespace

Status decompose(std::span<const Vec2> points, std::vector<Polygon>& parts, DecomposeInfo* info) {
  DecomposeInfo local;
  DecomposeInfo& inf = info != nullptr ? *info : local;
  inf = DecomposeInfo{};
  const std::size_t n = points.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!isFinite(points[i])) {
      inf.point = i;
      return fail(Error::NotFinite, "points");
    }
  }

  // The ring without consecutive duplicates (cyclically). Each vertex keeps the index of the LAST copy of its run,
  // so that ring[k] -> ring[k + 1] is input edge orig[k] (never a zero-length one).
  std::vector<Vec2> ring;
  std::vector<std::size_t> orig;
  {
    std::size_t s = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (points[i] != points[(i + n - 1) % n]) {
        s = i;
        break;
      }
    }
    if (s == n) return fail(Error::TooFewPoints, "points");  // empty, or every point equal
    ring.reserve(n);
    orig.reserve(n);
    for (std::size_t t = 0; t < n; ++t) {
      const std::size_t i = (s + t) % n;
      if (points[i] != points[(i + 1) % n]) {
        ring.push_back(points[i]);
        orig.push_back(i);
      }
    }
  }
  // At least 3 distinct points, not all on one line.
  {
    std::size_t distinct = 0;
    for (std::size_t i = 0; i < ring.size() && distinct < 3; ++i) {
      bool seen = false;
      for (std::size_t j = 0; j < i && !seen; ++j) seen = ring[j] == ring[i];
      if (!seen) ++distinct;
    }
    if (distinct < 3) return fail(Error::TooFewPoints, "points");
    const Vec2 p0 = ring[0];
    std::size_t k = 1;
    while (ring[k] == p0) ++k;
    bool collinear = true;
    for (std::size_t j = 1; j < ring.size() && collinear; ++j) collinear = orient(p0, ring[k], ring[j]) == 0;
    if (collinear) return fail(Error::Collinear, "points");
  }
  // Simple?
  if (const auto c = firstCrossing(ring, orig); c.first != kNone) {
    inf.edgeA = c.first;
    inf.edgeB = c.second;
    return fail(Error::NotConvex, "edges");
  }
  // Drop straight-angle vertices (no spikes remain, so each is a straight continuation).
  std::vector<Vec2> poly;
  poly.reserve(ring.size());
  for (const Vec2 p : ring) {
    while (poly.size() >= 2 && orient(poly[poly.size() - 2], poly.back(), p) == 0) poly.pop_back();
    poly.push_back(p);
  }
  for (bool changed = true; changed && poly.size() >= 3;) {
    changed = false;
    const std::size_t l = poly.size() - 1;
    if (orient(poly[l - 1], poly[l], poly[0]) == 0) {
      poly.pop_back();
      changed = true;
    } else if (orient(poly[l], poly[0], poly[1]) == 0) {
      poly.erase(poly.begin());
      changed = true;
    }
  }
  const Status inconsistent = fail(Error::InvalidArgument, "points");  // only outside the exact range
  const std::size_t m = poly.size();
  if (m < 3) return inconsistent;
  // Counter-clockwise: the turn at the lowest-leftmost vertex (strictly convex) gives the winding.
  {
    std::size_t lo = 0;
    for (std::size_t i = 1; i < m; ++i) {
      if (poly[i].x < poly[lo].x || (poly[i].x == poly[lo].x && poly[i].y < poly[lo].y)) lo = i;
    }
    const int turn = orient(poly[(lo + m - 1) % m], poly[lo], poly[(lo + 1) % m]);
    if (turn == 0) return inconsistent;
    if (turn < 0) std::reverse(poly.begin(), poly.end());
  }

  // ---- ear clipping, recording the triangles as half-edges ----
  // Triangle t = (a, b, c) counter-clockwise owns half-edges 3t (a -> b), 3t + 1 (b -> c), 3t + 2 (c -> a).
  // outer[v]: the half-edge of an earlier triangle that is the twin of the remaining polygon's edge v -> next[v]
  // (-1 for an outline edge). Each clip pairs the ear's two sides with their twins: the diagonals.
  std::vector<std::uint32_t> prev(m), next(m);
  std::vector<int> turn(m), outer(m, -1);
  std::vector<char> ear(m, 0), alive(m, 1);
  for (std::size_t i = 0; i < m; ++i) {
    prev[i] = static_cast<std::uint32_t>((i + m - 1) % m);
    next[i] = static_cast<std::uint32_t>((i + 1) % m);
  }
  std::vector<std::uint32_t> reflex;  // vertices with turn <= 0 (may hold stale entries; checked on use)
  for (std::size_t i = 0; i < m; ++i) {
    turn[i] = orient(poly[prev[i]], poly[i], poly[next[i]]);
    if (turn[i] <= 0) reflex.push_back(static_cast<std::uint32_t>(i));
  }
  inf.vertices = m;
  inf.reflex = reflex.size();
  const auto isEar = [&](std::uint32_t i) {
    if (turn[i] <= 0) return false;
    const std::uint32_t a = prev[i], c = next[i];
    for (std::size_t k = 0; k < reflex.size();) {
      const std::uint32_t j = reflex[k];
      if (!alive[j] || turn[j] > 0) {  // stale: drop it
        reflex[k] = reflex.back();
        reflex.pop_back();
        continue;
      }
      if (j != a && j != c && inTriangle(poly[a], poly[i], poly[c], poly[j])) return false;
      ++k;
    }
    return true;
  };
  for (std::uint32_t i = 0; i < m; ++i) ear[i] = isEar(i) ? 1 : 0;

  const std::size_t halfEdges = 3 * (m - 2);
  std::vector<std::uint32_t> org(halfEdges), hnext(halfEdges), hprev(halfEdges);
  std::vector<std::pair<int, int>> diagonals;  // (half-edge, its twin), in the order they were made
  diagonals.reserve(m - 3);
  int tri = 0;
  const auto emit = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const int h = 3 * tri++;
    const std::uint32_t v[3] = {a, b, c};
    for (int e = 0; e < 3; ++e) {
      org[static_cast<std::size_t>(h + e)] = v[e];
      hnext[static_cast<std::size_t>(h + e)] = static_cast<std::uint32_t>(h + (e + 1) % 3);
      hprev[static_cast<std::size_t>(h + e)] = static_cast<std::uint32_t>(h + (e + 2) % 3);
    }
    if (outer[a] >= 0) diagonals.push_back({h, outer[a]});
    if (outer[b] >= 0) diagonals.push_back({h + 1, outer[b]});
    outer[a] = h + 2;  // the new edge a -> c of the remaining polygon
  };
  std::size_t remaining = m;
  std::uint32_t cur = 0;
  std::size_t stall = 0;
  while (remaining > 3) {
    if (!ear[cur]) {
      cur = next[cur];
      if (++stall > remaining) return inconsistent;  // no ear: impossible for a simple polygon in the exact range
      continue;
    }
    stall = 0;
    const std::uint32_t a = prev[cur], c = next[cur];
    emit(a, cur, c);
    alive[cur] = 0;
    ear[cur] = 0;
    next[a] = c;
    prev[c] = a;
    --remaining;
    turn[a] = orient(poly[prev[a]], poly[a], poly[c]);
    turn[c] = orient(poly[a], poly[c], poly[next[c]]);
    ear[a] = isEar(a) ? 1 : 0;
    ear[c] = isEar(c) ? 1 : 0;
    cur = c;
  }
  {
    const std::uint32_t a = prev[cur], c = next[cur];
    if (orient(poly[a], poly[cur], poly[c]) <= 0) return inconsistent;
    const int h = 3 * tri;
    emit(a, cur, c);
    if (outer[c] >= 0 && outer[c] != h + 2) diagonals.push_back({h + 2, outer[c]});
  }

  // ---- Hertel–Mehlhorn: remove a diagonal when the two parts it separates merge into a convex part ----
  const auto dest = [&](std::uint32_t h) { return org[hnext[h]]; };
  std::vector<char> dead(halfEdges, 0);
  for (const auto& [d1, d2] : diagonals) {
    const auto h1 = static_cast<std::uint32_t>(d1), h2 = static_cast<std::uint32_t>(d2);  // h1: x -> y, h2: y -> x
    const std::uint32_t x = org[h1], y = org[h2];
    if (dest(h1) != y || dest(h2) != x) return inconsistent;
    // At x the merged part turns from its predecessor in h1's part to the successor in h2's part; likewise at y.
    if (orient(poly[org[hprev[h1]]], poly[x], poly[dest(hnext[h2])]) < 0 ||
        orient(poly[org[hprev[h2]]], poly[y], poly[dest(hnext[h1])]) < 0) {
      continue;  // the merge would leave a reflex corner
    }
    hnext[hprev[h1]] = hnext[h2];
    hprev[hnext[h2]] = hprev[h1];
    hnext[hprev[h2]] = hnext[h1];
    hprev[hnext[h1]] = hprev[h2];
    dead[h1] = dead[h2] = 1;
  }

  std::vector<Polygon> out;
  std::vector<Vec2> pts;
  for (std::uint32_t h0 = 0; h0 < halfEdges; ++h0) {
    if (dead[h0]) continue;
    // Walk the part once, marking its half-edges; drop the straight-angle vertices that merges left (a convex part
    // has no spike), so that create() sees strict turns only: its own collinear test compares a dot product in
    // doubles, which underflows below 2^-511.
    pts.clear();
    std::uint32_t h = h0;
    std::size_t guard = 0;
    do {
      dead[h] = 1;
      const Vec2 a = poly[org[hprev[h]]], b = poly[org[h]], c = poly[dest(h)];
      if (orient(a, b, c) != 0) pts.push_back(b);
      h = hnext[h];
      if (++guard > halfEdges) return inconsistent;
    } while (h != h0);
    Polygon piece;
    if (!Polygon::create(pts, piece)) return inconsistent;
    out.push_back(std::move(piece));
  }
  parts = std::move(out);
  return {};
}

}  // namespace collide2d
