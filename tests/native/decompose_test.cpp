// decompose(): known shapes, crossing outlines with their edge indices, degenerate outlines, and properties over
// random simple polygons (star-shaped, orthogonal histograms, combs, spirals) with exactly collinear runs and
// duplicate points, at magnitudes 2^-332 (~1e-100), 1, 2^332 (~1e100), 1e100 (rounded grids) and integer grids.
// The checks are independent of the implementation: exact areas (an expansion sum of exact products), exact
// orientation for convexity and pairwise separation, brute-force crossing search for the expected edges.
#include <collide2d/collide2d.h>

#include "corpus.h"
#include "predicates.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifndef COLLIDE2D_CASES_DIR
#error "COLLIDE2D_CASES_DIR must be defined (absolute path of tests/cases)"
#endif

namespace {

using namespace collide2d;

// ---- exact area ------------------------------------------------------------------------------------------------

/// An exact sum of products of doubles (a Shewchuk expansion that grows as needed).
class ExactSum {
 public:
  void addProduct(double a, double b, double sign) {
    double hi, lo;
    detail::twoProduct(a, b, hi, lo);
    double t[2];
    int n = 0;
    if (lo != 0.0) t[n++] = sign * lo;
    if (hi != 0.0) t[n++] = sign * hi;
    add(t, n);
  }
  void addValue(double v) { add(&v, v != 0.0 ? 1 : 0); }
  void addSum(const ExactSum& o, double sign) {
    std::vector<double> t(o.e_);
    for (double& v : t) v *= sign;
    add(t.data(), static_cast<int>(t.size()));
  }
  bool isZero() const { return e_.empty(); }
  int sign() const { return e_.empty() ? 0 : (e_.back() > 0 ? 1 : -1); }

 private:
  void add(const double* t, int n) {
    std::vector<double> h(e_.size() + static_cast<std::size_t>(n));
    const int len = detail::expansionSum(e_.data(), static_cast<int>(e_.size()), t, n, h.data());
    h.resize(static_cast<std::size_t>(len));
    e_.swap(h);
  }
  std::vector<double> e_;
};

/// Twice the signed area of a ring, exactly.
ExactSum area2(const std::vector<Vec2>& p) {
  ExactSum s;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Vec2 a = p[i], b = p[(i + 1) % p.size()];
    s.addProduct(a.x, b.y, 1.0);
    s.addProduct(b.x, a.y, -1.0);
  }
  return s;
}

std::vector<Vec2> verts(const Polygon& p) { return {p.vertices().begin(), p.vertices().end()}; }

// ---- the outline as the test sees it ---------------------------------------------------------------------------

/// Consecutive duplicates and straight-angle vertices removed, counter-clockwise (a simple, non-degenerate input).
std::vector<Vec2> cleanCcw(const std::vector<Vec2>& in) {
  std::vector<Vec2> r;
  for (const Vec2 p : in) {
    if (r.empty() || r.back() != p) r.push_back(p);
  }
  while (r.size() > 1 && r.back() == r.front()) r.pop_back();
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < r.size() && r.size() > 3; ++i) {
      const std::size_t n = r.size();
      if (orient(r[(i + n - 1) % n], r[i], r[(i + 1) % n]) == 0) {
        r.erase(r.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
  if (area2(r).sign() < 0) std::reverse(r.begin(), r.end());
  return r;
}

/// Closed segments share a point (brute force, exact).
bool touch(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  const auto on = [](Vec2 s, Vec2 t, Vec2 p) {
    return std::min(s.x, t.x) <= p.x && p.x <= std::max(s.x, t.x) && std::min(s.y, t.y) <= p.y &&
           p.y <= std::max(s.y, t.y);
  };
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && on(a, b, c)) || (o2 == 0 && on(a, b, d)) || (o3 == 0 && on(c, d, a)) || (o4 == 0 && on(c, d, b));
}

/// The expected crossing pair of an outline without duplicate points: the smallest (i, j), i < j, of edges that
/// share a point although they are not neighbours, or neighbours folding back over each other. {-1, -1} if simple.
std::pair<long, long> bruteCrossing(const std::vector<Vec2>& p) {
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const Vec2 a = p[i], b = p[(i + 1) % n], c = p[j], d = p[(j + 1) % n];
      const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
      if (!adjacent) {
        if (touch(a, b, c, d)) return {static_cast<long>(i), static_cast<long>(j)};
        continue;
      }
      // neighbours share one vertex s; they overlap when the other two lie on one ray from s
      const Vec2 s = j == i + 1 ? b : a, u = j == i + 1 ? a : b, w = j == i + 1 ? d : c;
      if (orient(u, s, w) == 0 && detail::dotSignExact(u, s, w, s) > 0) return {static_cast<long>(i), static_cast<long>(j)};
    }
  }
  return {-1, -1};
}

// ---- the property check ----------------------------------------------------------------------------------------

struct Checked {
  std::size_t parts = 0, reflex = 0;
  ExactSum partsArea2;  // twice the parts' total area, of the coordinates scaled back by 2^-binades
};

/// Decomposes `in` and checks every promise of the header. `pairwise`: also the O(k^2) separation checks.
/// `binades`: the input was scaled by 2^binades; areas are computed on the coordinates scaled back (exactly), so
/// that the test's own products neither overflow nor underflow at 2^+-1000.
Checked checkDecomposition(const std::vector<Vec2>& in, const std::string& what, bool pairwise = true,
                           int binades = 0) {
  const auto unscaled = [binades](std::vector<Vec2> v) {
    for (Vec2& p : v) p = {std::ldexp(p.x, -binades), std::ldexp(p.y, -binades)};
    return v;
  };
  Checked out;
  std::vector<Polygon> parts;
  DecomposeInfo info;
  const Status s = decompose(in, parts, &info);
  EXPECT_TRUE(s.ok()) << what << ": " << s.message() << " field " << s.field << " " << info.edgeA << "," << info.edgeB
                      << " of " << in.size();
  if (!s.ok()) return out;
  std::vector<Vec2> outline = cleanCcw(unscaled(in));
  for (Vec2& p : outline) p = {std::ldexp(p.x, binades), std::ldexp(p.y, binades)};
  const std::size_t m = outline.size();
  std::size_t reflex = 0;
  for (std::size_t i = 0; i < m; ++i) reflex += orient(outline[(i + m - 1) % m], outline[i], outline[(i + 1) % m]) < 0;
  EXPECT_EQ(info.vertices, m) << what;
  EXPECT_EQ(info.reflex, reflex) << what;
  out.parts = parts.size();
  out.reflex = reflex;
  // Count bounds: at most 2r + 1 (Hertel–Mehlhorn), at least ceil(r / 2) + 1 (any convex partition).
  EXPECT_LE(parts.size(), 2 * reflex + 1) << what;
  EXPECT_GE(parts.size(), (reflex + 1) / 2 + 1) << what;
  // Each part: a valid Polygon (create accepts its vertices and keeps them), strictly convex counter-clockwise,
  // vertices taken from the input bit for bit.
  std::vector<Vec2> sortedIn(in);
  const auto less = [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); };
  std::sort(sortedIn.begin(), sortedIn.end(), less);
  ExactSum total;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const std::vector<Vec2> v = verts(parts[k]);
    Polygon again;
    EXPECT_TRUE(Polygon::create(v, again).ok()) << what << " part " << k;
    EXPECT_EQ(verts(again).size(), v.size()) << what;
    EXPECT_GE(v.size(), 3u);
    for (std::size_t i = 0; i < v.size(); ++i) {
      EXPECT_GT(orient(v[i], v[(i + 1) % v.size()], v[(i + 2) % v.size()]), 0) << what << " part " << k;
      EXPECT_TRUE(std::binary_search(sortedIn.begin(), sortedIn.end(), v[i], less)) << what << " part " << k;
    }
    total.addSum(area2(unscaled(v)), 1.0);
  }
  out.partsArea2 = total;
  // Areas sum exactly to the outline's area.
  ExactSum diff = area2(unscaled(outline));
  diff.addSum(total, -1.0);
  EXPECT_TRUE(diff.isZero()) << what << ": the parts' areas do not add up to the outline's";
  // Every outline vertex is a vertex of some part.
  std::vector<Vec2> partVerts;
  for (const Polygon& p : parts) partVerts.insert(partVerts.end(), p.vertices().begin(), p.vertices().end());
  std::sort(partVerts.begin(), partVerts.end(), less);
  for (const Vec2 v : outline) {
    EXPECT_TRUE(std::binary_search(partVerts.begin(), partVerts.end(), v, less)) << what << ": lost a vertex";
  }
  if (!pairwise) return out;
  // Interiors pairwise disjoint: two convex polygons have disjoint interiors exactly when an edge line of one of
  // them has the whole other polygon on its closed outer side.
  const auto separates = [](const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      bool all = true;
      for (const Vec2 q : b) all = all && orient(a[i], a[(i + 1) % a.size()], q) <= 0;
      if (all) return true;
    }
    return false;
  };
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::vector<Vec2> a = verts(parts[i]);
    for (std::size_t j = i + 1; j < parts.size(); ++j) {
      const std::vector<Vec2> b = verts(parts[j]);
      EXPECT_TRUE(separates(a, b) || separates(b, a)) << what << ": parts " << i << " and " << j << " overlap";
    }
    // Inside the outline: no outline vertex strictly inside the part, no outline edge crossing a part edge.
    for (const Vec2 q : outline) {
      bool inside = true;
      for (std::size_t e = 0; e < a.size() && inside; ++e) inside = orient(a[e], a[(e + 1) % a.size()], q) > 0;
      EXPECT_FALSE(inside) << what << ": an outline vertex inside part " << i;
    }
    for (std::size_t e = 0; e < a.size(); ++e) {
      const Vec2 p0 = a[e], p1 = a[(e + 1) % a.size()];
      for (std::size_t f = 0; f < m; ++f) {
        const Vec2 q0 = outline[f], q1 = outline[(f + 1) % m];
        const bool proper = orient(p0, p1, q0) * orient(p0, p1, q1) < 0 && orient(q0, q1, p0) * orient(q0, q1, p1) < 0;
        EXPECT_FALSE(proper) << what << ": part " << i << " crosses the outline";
      }
    }
  }
  return out;
}

std::vector<Vec2> pts(std::initializer_list<std::pair<double, double>> l) {
  std::vector<Vec2> v;
  for (const auto& [x, y] : l) v.push_back({x, y});
  return v;
}

std::size_t partCount(const std::vector<Vec2>& in) {
  std::vector<Polygon> parts;
  const Status s = decompose(in, parts);
  EXPECT_TRUE(s.ok()) << s.message();
  return parts.size();
}

// ---- known shapes ------------------------------------------------------------------------------------------------

TEST(Decompose, KnownShapes) {
  const auto square = pts({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  const auto ell = pts({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const auto u = pts({{0, 0}, {3, 0}, {3, 2}, {2, 2}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  EXPECT_EQ(partCount(square), 1u);
  EXPECT_EQ(partCount(ell), 2u);
  EXPECT_EQ(partCount(u), 3u);
  EXPECT_EQ(partCount(pts({{0, 0}, {4, 0}, {2, 3}})), 1u);
  // A convex outline with collinear points, duplicates and the closing point repeated: one part, the triangle.
  const auto noisy = pts({{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}, {3, 1.5}, {2, 3}, {2, 3}, {1, 1.5}, {0, 0}});
  std::vector<Polygon> parts;
  ASSERT_TRUE(decompose(noisy, parts).ok());
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].size(), 3u);
  for (const auto& shape : {square, ell, u, noisy}) checkDecomposition(shape, "known");
  // Clockwise input gives the same parts (as sets of vertices).
  auto cw = u;
  std::reverse(cw.begin(), cw.end());
  EXPECT_EQ(partCount(cw), 3u);
  checkDecomposition(cw, "U clockwise");
  // A convex polygon with many vertices: one part, all vertices kept.
  std::vector<Vec2> convex;
  for (int i = 0; i < 64; ++i) convex.push_back({std::cos(i * 0.09817477042468103), std::sin(i * 0.09817477042468103)});
  ASSERT_TRUE(decompose(convex, parts).ok());
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].size(), 64u);
}

TEST(Decompose, DegenerateOutlines) {
  std::vector<Polygon> parts(1, Polygon::fromAabb({{0, 0}, {1, 1}}));
  DecomposeInfo info;
  EXPECT_EQ(decompose({}, parts).error, Error::TooFewPoints);
  EXPECT_EQ(decompose(pts({{1, 1}, {1, 1}, {1, 1}}), parts).error, Error::TooFewPoints);
  EXPECT_EQ(decompose(pts({{0, 0}, {1, 1}, {0, 0}, {1, 1}}), parts).error, Error::TooFewPoints);
  EXPECT_EQ(decompose(pts({{0, 0}, {1, 1}, {2, 2}, {5, 5}}), parts).error, Error::Collinear);
  Status s = decompose(pts({{0, 0}, {1, 0}, {NAN, 1}}), parts, &info);
  EXPECT_EQ(s.error, Error::NotFinite);
  EXPECT_STREQ(s.field, "points");
  EXPECT_EQ(info.point, 2u);
  s = decompose(pts({{0, 0}, {INFINITY, 0}, {1, 1}}), parts, &info);
  EXPECT_EQ(s.error, Error::NotFinite);
  EXPECT_EQ(info.point, 1u);
  // Failures leave `parts` unchanged.
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].size(), 4u);
}

// ---- crossing outlines ---------------------------------------------------------------------------------------------

void expectCrossing(const std::vector<Vec2>& in, std::size_t a, std::size_t b, const char* what) {
  std::vector<Polygon> parts;
  DecomposeInfo info;
  const Status s = decompose(in, parts, &info);
  EXPECT_EQ(s.error, Error::NotConvex) << what;
  EXPECT_STREQ(s.field, "edges") << what;
  EXPECT_EQ(info.edgeA, a) << what;
  EXPECT_EQ(info.edgeB, b) << what;
  EXPECT_TRUE(parts.empty()) << what;
}

TEST(Decompose, CrossingOutlinesNameTheEdges) {
  expectCrossing(pts({{0, 0}, {2, 2}, {2, 0}, {0, 2}}), 0, 2, "bow tie");
  // A vertex on a non-adjacent edge: (1, 0) of edges 2 and 3 lies on edge 0.
  expectCrossing(pts({{0, 0}, {2, 0}, {2, 2}, {1, 0}, {0, 2}}), 0, 2, "vertex on an edge");
  // A vertex repeated later (figure-8 pinch at (1, 1)).
  expectCrossing(pts({{0, 0}, {1, 1}, {2, 0}, {2, 2}, {1, 1}, {0, 2}}), 0, 3, "pinch");
  // A zero-width spike: (3, 0) -> (4, 0) -> (3.5, 0) folds back over itself.
  expectCrossing(pts({{0, 0}, {3, 0}, {4, 0}, {3.5, 0}, {2, 2}}), 1, 2, "spike");
  // Touching after duplicates: edges are named by input index (the duplicate (2, 0) makes edge 1 zero-length).
  expectCrossing(pts({{0, 0}, {2, 0}, {2, 0}, {2, 2}, {1, 0}, {0, 2}}), 0, 3, "duplicate then touch");
  // Tiny and huge magnitudes: the same bow tie scaled.
  for (const double k : {0x1p-1000, 0x1p+1000, 1e-300, 1e300}) {
    expectCrossing(pts({{0, 0}, {2 * k, 2 * k}, {2 * k, 0}, {0, 2 * k}}), 0, 2, "scaled bow tie");
  }
  // A vertex exactly on the edge is a touch; 2^-400 inside the polygon (within the exact range) is not.
  const auto tip = [&](double y) { return pts({{0, 0}, {3, 0}, {3, 3}, {1, y}, {0, 3}}); };
  expectCrossing(tip(0.0), 0, 2, "on the edge");
  const Checked c = checkDecomposition(tip(0x1p-400), "2^-400 above the edge");
  EXPECT_EQ(c.parts, 3u);  // neither diagonal from the reflex (1, 2^-400) alone leaves convex parts: 2 r + 1
}

// ---- random simple polygons --------------------------------------------------------------------------------------

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : g_(seed) {}
  int below(int n) { return static_cast<int>(g_() % static_cast<std::uint64_t>(n)); }

 private:
  std::mt19937_64 g_;
};

/// A star-shaped polygon around the origin on an integer grid: distinct directions (as grid vectors sorted by angle
/// exactly), random integer lengths along them. Simple by construction.
std::vector<Vec2> starTry(Rng& r, int n) {
  std::vector<Vec2> dirs;
  while (static_cast<int>(dirs.size()) < n) {
    const Vec2 d{static_cast<double>(r.below(41) - 20), static_cast<double>(r.below(41) - 20)};
    if (d.x == 0 && d.y == 0) continue;
    bool same = false;  // one direction per ray
    for (const Vec2 e : dirs) same = same || (orient({0, 0}, e, d) == 0 && d.x * e.x + d.y * e.y > 0);
    if (!same) dirs.push_back(d);
  }
  const auto half = [](Vec2 v) { return v.y > 0 || (v.y == 0 && v.x > 0) ? 0 : 1; };
  std::sort(dirs.begin(), dirs.end(), [&](Vec2 a, Vec2 b) {
    if (half(a) != half(b)) return half(a) < half(b);
    return orient({0, 0}, a, b) > 0;
  });
  std::vector<Vec2> out;
  for (const Vec2 d : dirs) {
    const double k = 1 + r.below(4);
    out.push_back({d.x * k, d.y * k});
  }
  return out;
}

std::vector<Vec2> star(Rng& r, int n) {
  for (;;) {  // until every angular gap is below 180 degrees (then the origin is inside and the outline simple)
    std::vector<Vec2> s = starTry(r, n);
    bool ok = true;
    for (std::size_t i = 0; i < s.size(); ++i) ok = ok && orient({0, 0}, s[i], s[(i + 1) % s.size()]) > 0;
    if (ok) return s;
  }
}

/// A histogram polygon: columns of width 1..3 with random heights over a flat bottom. Orthogonal; equal neighbour
/// heights give collinear runs.
std::vector<Vec2> histogram(Rng& r, int columns) {
  std::vector<Vec2> top;
  double x = 0;
  for (int c = 0; c < columns; ++c) {
    const double h = 1 + r.below(6), w = 1 + r.below(3);
    top.push_back({x, h});
    top.push_back({x + w, h});
    x += w;
  }
  std::vector<Vec2> out{{0, 0}, {x, 0}};  // counter-clockwise: the bottom, then the top from right to left
  for (auto it = top.rbegin(); it != top.rend(); ++it) out.push_back(*it);
  return out;
}

/// A comb: `teeth` teeth of width 1 with gaps of width 1, height h, on a spine of height 1.
std::vector<Vec2> comb(int teeth, double h) {
  std::vector<Vec2> out{{0, 0}, {2.0 * teeth - 1, 0}};
  for (int t = teeth - 1; t >= 0; --t) {
    out.push_back({2.0 * t + 1, h});
    out.push_back({2.0 * t, h});
    if (t > 0) {
      out.push_back({2.0 * t, 1});
      out.push_back({2.0 * t - 1, 1});
    }
  }
  return out;
}

/// A rectilinear spiral corridor of width 1 turning `turns` times.
std::vector<Vec2> spiral(int turns) {
  // Walk the centre line of a square spiral with growing legs; the outline is the corridor's two sides.
  std::vector<Vec2> inner, outer;
  const Vec2 dirs[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  Vec2 p{0, 0};
  double len = 2;
  std::vector<Vec2> centre{p};
  for (int t = 0; t < turns; ++t) {
    p = p + dirs[t % 4] * (len * 2);
    centre.push_back(p);
    if (t % 2 == 1) len += 1;
  }
  // Offsets: left side at +0.5 normal, right side at -0.5 (all coordinates multiples of 0.5, exact).
  const auto side = [&](double o) {
    std::vector<Vec2> s;
    for (std::size_t i = 0; i < centre.size(); ++i) {
      Vec2 nIn{0, 0}, nOut{0, 0};
      if (i > 0) {
        const Vec2 d = centre[i] - centre[i - 1];
        const Vec2 u{d.x == 0 ? 0 : d.x / std::fabs(d.x), d.y == 0 ? 0 : d.y / std::fabs(d.y)};
        nIn = {-u.y, u.x};
      }
      if (i + 1 < centre.size()) {
        const Vec2 d = centre[i + 1] - centre[i];
        const Vec2 u{d.x == 0 ? 0 : d.x / std::fabs(d.x), d.y == 0 ? 0 : d.y / std::fabs(d.y)};
        nOut = {-u.y, u.x};
      }
      if (i == 0) nIn = nOut;
      if (i + 1 == centre.size()) nOut = nIn;
      // The corner offset: the point shifted by o along both normals (they are perpendicular or equal).
      Vec2 q = centre[i] + nIn * o;
      if (nIn != nOut) q = q + nOut * o;
      s.push_back(q);
    }
    return s;
  };
  inner = side(0.5);
  outer = side(-0.5);
  std::vector<Vec2> out(outer.begin(), outer.end());
  for (auto it = inner.rbegin(); it != inner.rend(); ++it) out.push_back(*it);
  return out;
}

/// Inserts exactly collinear points (edge midpoints, exact for these dyadic coordinates) and duplicates.
std::vector<Vec2> noisy(Rng& r, const std::vector<Vec2>& in) {
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    out.push_back(in[i]);
    if (r.below(4) == 0) out.push_back(in[i]);
    if (r.below(3) == 0) {
      const Vec2 a = in[i], b = in[(i + 1) % in.size()];
      out.push_back({(a.x + b.x) * 0.5, (a.y + b.y) * 0.5});
    }
  }
  if (r.below(2) == 0) out.push_back(out.front());
  return out;
}

std::vector<Vec2> scaled(const std::vector<Vec2>& in, int binades) {
  std::vector<Vec2> out;
  for (const Vec2 p : in) out.push_back({std::ldexp(p.x, binades), std::ldexp(p.y, binades)});
  return out;
}

TEST(Decompose, RandomSimplePolygonsKeepEveryPromise) {
  Rng r(12);
  int total = 0;
  for (int iter = 0; iter < 60; ++iter) {
    // (one draw per statement where two would be arguments of one call: their order is unspecified in C++, and
    // g++ and clang differ, so the shapes would differ between the native and the wasm build)
    std::vector<std::vector<Vec2>> shapes = {star(r, 3 + r.below(30)), histogram(r, 1 + r.below(15))};
    const int teeth = 1 + r.below(8);
    const int depth = 2 + r.below(5);
    shapes.push_back(comb(teeth, depth));
    shapes.push_back(spiral(2 + r.below(8)));
    for (auto& s : shapes) {
      if (r.below(2) == 0) std::reverse(s.begin(), s.end());
      const std::vector<Vec2> n = noisy(r, s);
      for (const int binades : {0, -332, 332, -1000, 1000}) {
        checkDecomposition(scaled(n, binades), "iter " + std::to_string(iter) + " shape " + std::to_string(&s - &shapes[0]) + " scale 2^" + std::to_string(binades),
                           true, binades);
        ++total;
      }
      // Decimal magnitudes: orthogonal shapes stay orthogonal (and simple) when every coordinate is rounded.
      if (&s != &shapes[0]) {
        for (const double k : {1e100, 1e-100}) {
          std::vector<Vec2> d;
          for (const Vec2 p : s) d.push_back({p.x * k, p.y * k});
          checkDecomposition(d, "iter " + std::to_string(iter) + " decimal");
          ++total;
        }
      }
    }
  }
  EXPECT_EQ(total, 60 * (4 * 5 + 3 * 2));
}

TEST(Decompose, HistogramsAndCombsNeedFewParts) {
  // A comb with t teeth has 2 (t - 1) reflex vertices; Hertel–Mehlhorn keeps within 2 r + 1 (checked) and here
  // needs no more than one part per tooth plus the spine pieces.
  for (int t = 1; t <= 12; ++t) {
    const Checked c = checkDecomposition(comb(t, 3), "comb " + std::to_string(t));
    EXPECT_EQ(c.reflex, static_cast<std::size_t>(2 * (t - 1)));
    EXPECT_LE(c.parts, static_cast<std::size_t>(2 * t - 1)) << "comb " << t;
  }
}

TEST(Decompose, LargeCombAndStarFinish) {
  // 2,000-vertex outlines: a comb (500 teeth) and a star with alternating radii on exact grid directions.
  const std::vector<Vec2> c = comb(500, 7);
  ASSERT_EQ(c.size(), 2000u);
  const Checked cc = checkDecomposition(c, "comb 2000", false);
  EXPECT_EQ(cc.reflex, 998u);
  std::vector<Vec2> s;
  for (int i = 0; i < 1000; ++i) {  // directions (1000, k) etc. around a square: distinct, sorted by angle
    const int k = i % 250;
    const Vec2 d = i < 250 ? Vec2{250.0, k - 125.0} : i < 500 ? Vec2{125.0 - k, 250.0} : i < 750 ? Vec2{-250.0, 125.0 - k} : Vec2{k - 125.0, -250.0};
    s.push_back(d * (i % 2 == 0 ? 4.0 : 1.0));
  }
  ASSERT_EQ(s.size(), 1000u);
  std::vector<Vec2> s2;  // and 1000 more on the straight edges between them (exact midpoints): 2000 points
  for (std::size_t i = 0; i < s.size(); ++i) {
    s2.push_back(s[i]);
    const Vec2 a = s[i], b = s[(i + 1) % s.size()];
    s2.push_back({(a.x + b.x) * 0.5, (a.y + b.y) * 0.5});
  }
  const Checked sc = checkDecomposition(s2, "star 2000", false);
  EXPECT_GT(sc.reflex, 400u);
}

TEST(Decompose, RandomCrossingsAreNamed) {
  // A simple polygon with one vertex moved to a random grid point: whatever the brute force finds (crossing or not)
  // decompose must agree with it, edge indices included.
  Rng r(99);
  int crossings = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<Vec2> s = r.below(2) == 0 ? star(r, 4 + r.below(12)) : histogram(r, 1 + r.below(6));
    const int moves = 1 + r.below(2);
    for (int k = 0; k < moves; ++k) {
      s[static_cast<std::size_t>(r.below(static_cast<int>(s.size())))] = {
          static_cast<double>(r.below(25) - 12), static_cast<double>(r.below(25) - 12)};
    }
    // duplicates and degenerate outlines are out of scope here: skip them (the brute force assumes neither)
    bool dup = false;
    for (std::size_t i = 0; i < s.size(); ++i)
      for (std::size_t j = i + 1; j < s.size(); ++j) dup = dup || s[i] == s[j];
    if (dup) continue;
    const auto expected = bruteCrossing(s);
    std::vector<Polygon> parts;
    DecomposeInfo info;
    const Status st = decompose(s, parts, &info);
    if (st.error == Error::Collinear) continue;
    if (expected.first < 0) {
      EXPECT_TRUE(st.ok()) << "iter " << iter;
      if (st.ok()) checkDecomposition(s, "moved vertex " + std::to_string(iter));
    } else {
      ++crossings;
      EXPECT_EQ(st.error, Error::NotConvex) << "iter " << iter;
      EXPECT_EQ(static_cast<long>(info.edgeA), expected.first) << "iter " << iter;
      EXPECT_EQ(static_cast<long>(info.edgeB), expected.second) << "iter " << iter;
    }
  }
  EXPECT_GT(crossings, 100);
}

// ---- the corpus (tests/decompose_cases, made by tests/cases/tools/gen_decompose.py) -------------------------------

namespace corpus_run {

using corpus::Json;
using corpus::member;

const char* const kRoot = COLLIDE2D_CASES_DIR "/../decompose_cases";

struct CaseFile {
  std::string path, name;
};
void PrintTo(const CaseFile& c, std::ostream* os) { *os << c.name; }

std::vector<CaseFile> listCases() {
  namespace fs = std::filesystem;
  std::vector<CaseFile> out;
  std::error_code ec;
  for (fs::directory_iterator it(kRoot, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json") continue;
    CaseFile c{it->path().string(), ""};
    for (const char ch : it->path().stem().string()) c.name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    out.push_back(c);
  }
  std::sort(out.begin(), out.end(), [](const CaseFile& a, const CaseFile& b) { return a.name < b.name; });
  return out;
}

const std::vector<CaseFile>& allCases() {
  static const std::vector<CaseFile> cases = listCases();
  return cases;
}

const char* errorName(Error e) {
  static const char* const names[] = {"None", "NotFinite", "NegativeRadius", "NegativeExtent", "ZeroDirection",
                                      "TooFewPoints", "Collinear", "NotConvex", "InvalidArgument", "OutOfMemory"};
  return names[static_cast<int>(e)];
}

class DecomposeCase : public ::testing::TestWithParam<CaseFile> {};

TEST_P(DecomposeCase, Run) {
  const CaseFile& file = GetParam();
  std::ifstream in(file.path, std::ios::binary);
  ASSERT_TRUE(in.good()) << file.path;
  std::stringstream text;
  text << in.rdbuf();
  const Json root = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(root.is_discarded()) << file.path << ": not JSON";
  corpus::Reader r;
  std::vector<Vec2> points;
  const Json* jp = member(root, "points");
  ASSERT_TRUE(jp != nullptr && jp->is_array()) << file.path;
  for (std::size_t i = 0; i < jp->size(); ++i) {
    Vec2 v;
    ASSERT_TRUE(r.vec(&(*jp)[i], "points[" + std::to_string(i) + "]", v)) << r.errors.back();
    points.push_back(v);
  }
  const Json* expect = member(root, "expect");
  ASSERT_TRUE(expect != nullptr);
  const std::string error = member(*expect, "error")->get<std::string>();
  std::vector<Polygon> parts;
  DecomposeInfo info;
  const Status s = decompose(points, parts, &info);
  EXPECT_EQ(errorName(s.error), error) << file.name;
  if (error != "None") {
    EXPECT_EQ(std::string(s.field), member(*expect, "field")->get<std::string>()) << file.name;
    if (const Json* e = member(*expect, "edges")) {
      EXPECT_EQ(info.edgeA, (*e)[0].get<std::size_t>()) << file.name;
      EXPECT_EQ(info.edgeB, (*e)[1].get<std::size_t>()) << file.name;
    }
    if (const Json* p = member(*expect, "point")) {
      EXPECT_EQ(info.point, p->get<std::size_t>()) << file.name;
    }
    return;
  }
  int binades = 0;
  if (const Json* b = member(*expect, "binades")) binades = b->get<int>();
  const Checked c = checkDecomposition(points, file.name, true, binades);
  EXPECT_EQ(info.vertices, member(*expect, "vertices")->get<std::size_t>()) << file.name;
  EXPECT_EQ(info.reflex, member(*expect, "reflex")->get<std::size_t>()) << file.name;
  EXPECT_LE(parts.size(), member(*expect, "maxParts")->get<std::size_t>()) << file.name;
  if (const Json* n = member(*expect, "parts")) {
    EXPECT_EQ(parts.size(), n->get<std::size_t>()) << file.name;
  }
  // The parts' total area equals the generator's exact area (a sum of doubles), exactly.
  ExactSum diff = c.partsArea2;
  for (const Json& t : *member(*expect, "twiceAreaTerms")) {
    ExactSum term;
    term.addValue(t.get<double>());
    diff.addSum(term, -1.0);
  }
  EXPECT_TRUE(diff.isZero()) << file.name << ": the parts' area differs from " << member(*expect, "area")->dump();
}

INSTANTIATE_TEST_SUITE_P(DecomposeCorpus, DecomposeCase, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<CaseFile>& p) { return p.param.name; });

TEST(DecomposeCorpusLayout, HasTheCases) { EXPECT_GE(allCases().size(), 90u); }

}  // namespace corpus_run

}  // namespace
