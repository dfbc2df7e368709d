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
  // Non-adjacent edges: sort by min x, test the pairs whose x and y ranges overlap (exact comparisons).
  struct Box {
    double minX, maxX, minY, maxY;
    std::size_t k;
  };
  std::vector<Box> boxes(m);
  for (std::size_t k = 0; k < m; ++k) {
    const Vec2 a = ring[k], b = ring[(k + 1) % m];
    boxes[k] = {std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.y, b.y), std::max(a.y, b.y), k};
  }
  std::sort(boxes.begin(), boxes.end(), [](const Box& u, const Box& v) { return u.minX < v.minX || (u.minX == v.minX && u.k < v.k); });
  for (std::size_t i = 0; i < m; ++i) {
    const Box& u = boxes[i];
    for (std::size_t j = i + 1; j < m && boxes[j].minX <= u.maxX; ++j) {
      const Box& v = boxes[j];
      if (v.maxY < u.minY || u.maxY < v.minY) continue;
      const std::size_t k = u.k, l = v.k;
      if ((k + 1) % m == l || (l + 1) % m == k) continue;  // adjacent: handled above
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

  // ---- ear clipping ----
  std::vector<std::uint32_t> prev(m), next(m);
  std::vector<int> turn(m);
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

  struct Tri {
    std::uint32_t v[3];
  };
  std::vector<Tri> tris;
  tris.reserve(m - 2);
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
    tris.push_back({{a, cur, c}});
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
    tris.push_back({{a, cur, c}});
  }

  // ---- Hertel–Mehlhorn ----
  // Diagonals: triangle edges that are not outline edges, each shared by exactly two triangles.
  struct EdgeRef {
    std::uint64_t key;
    std::uint32_t tri;
  };
  std::vector<EdgeRef> edges;
  edges.reserve(3 * tris.size());
  for (std::uint32_t t = 0; t < tris.size(); ++t) {
    for (int e = 0; e < 3; ++e) {
      const std::uint32_t u = tris[t].v[e], w = tris[t].v[(e + 1) % 3];
      if ((u + 1) % m == w || (w + 1) % m == u) continue;  // an outline edge
      const std::uint64_t key = (std::uint64_t{std::min(u, w)} << 32) | std::max(u, w);
      edges.push_back({key, t});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const EdgeRef& x, const EdgeRef& y) {
    return x.key < y.key || (x.key == y.key && x.tri < y.tri);
  });
  std::vector<std::uint32_t> root(tris.size());
  std::vector<std::vector<std::uint32_t>> part(tris.size());
  for (std::uint32_t t = 0; t < tris.size(); ++t) {
    root[t] = t;
    part[t].assign(tris[t].v, tris[t].v + 3);
  }
  const auto find = [&](std::uint32_t t) {
    while (root[t] != t) t = root[t] = root[root[t]];
    return t;
  };
  for (std::size_t e = 0; e + 1 < edges.size(); ++e) {
    if (edges[e].key != edges[e + 1].key) continue;
    const std::uint32_t p = find(edges[e].tri), q = find(edges[e + 1].tri);
    ++e;
    if (p == q) return inconsistent;
    const std::uint32_t u = static_cast<std::uint32_t>(edges[e].key >> 32);
    const std::uint32_t w = static_cast<std::uint32_t>(edges[e].key & 0xffffffffu);
    std::vector<std::uint32_t>& P = part[p];
    std::vector<std::uint32_t>& Q = part[q];
    const std::size_t np = P.size(), nq = Q.size();
    // In P the diagonal runs x -> y (counter-clockwise); in Q it runs y -> x.
    std::size_t ix = np;
    for (std::size_t i = 0; i < np; ++i) {
      const std::uint32_t s = P[i], t = P[(i + 1) % np];
      if ((s == u && t == w) || (s == w && t == u)) {
        ix = i;
        break;
      }
    }
    if (ix == np) return inconsistent;
    const std::size_t iy = (ix + 1) % np;
    const std::uint32_t x = P[ix], y = P[iy];
    std::size_t jy = nq;
    for (std::size_t j = 0; j < nq; ++j) {
      if (Q[j] == y && Q[(j + 1) % nq] == x) {
        jy = j;
        break;
      }
    }
    if (jy == nq) return inconsistent;
    const std::size_t jx = (jy + 1) % nq;
    const Vec2 pp = poly[P[(ix + np - 1) % np]], pn = poly[P[(iy + 1) % np]];
    const Vec2 qp = poly[Q[(jy + nq - 1) % nq]], qn = poly[Q[(jx + 1) % nq]];
    if (orient(pp, poly[x], qn) < 0 || orient(qp, poly[y], pn) < 0) continue;  // the merge would be reflex
    // Merged: y, (P after y) ..., x, (Q after x) ... up to before y.
    std::vector<std::uint32_t> merged;
    merged.reserve(np + nq - 2);
    for (std::size_t k = 0; k < np; ++k) merged.push_back(P[(iy + k) % np]);
    for (std::size_t k = 1; k + 1 < nq; ++k) merged.push_back(Q[(jx + k) % nq]);
    P.swap(merged);
    std::vector<std::uint32_t>().swap(Q);
    root[q] = p;
  }

  std::vector<Polygon> out;
  std::vector<Vec2> pts;
  for (std::uint32_t t = 0; t < tris.size(); ++t) {
    if (find(t) != t) continue;
    // Drop the straight-angle vertices that merges left (a convex part has no spike), so that create() only sees
    // strict turns: its own collinear test compares a dot product in doubles, which underflows below 2^-511.
    pts.clear();
    const std::vector<std::uint32_t>& P = part[t];
    for (std::size_t k = 0; k < P.size(); ++k) {
      const Vec2 a = poly[P[(k + P.size() - 1) % P.size()]], b = poly[P[k]], c = poly[P[(k + 1) % P.size()]];
      if (orient(a, b, c) != 0) pts.push_back(b);
    }
    Polygon piece;
    if (!Polygon::create(pts, piece)) return inconsistent;
    out.push_back(std::move(piece));
  }
  parts = std::move(out);
  return {};
}

}  // namespace collide2d
