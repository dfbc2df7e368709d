// libFuzzer target for decompose() (collide2d/decompose.h). The bytes choose a mode and decode an outline
// (fuzz_input.h):
//   0: raw points, any doubles (NaN, huge spans): the call must return a defined answer (parts that pass the
//      structural checks, or an error whose indices are in range);
//   1: a star-shaped outline on a small grid (directions sorted exactly by angle, so simple by construction), scaled
//      by 2^k, k in [-1000, 1000], with duplicates and exact collinear midpoints: must succeed, every promise checked;
//   2: an orthogonal histogram outline with arbitrary positive doubles as widths and heights (exponents within
//      2^+-150 of each other, so inside the exact range): must succeed, every promise checked;
//   3: mode 1 with one vertex moved to another grid point: the answer (parts or the crossing pair) must match a
//      brute-force search over every pair of edges.
// Promises checked on success: each part passes Polygon::create unchanged and turns strictly left at every vertex;
// part vertices are input points; the parts' areas sum exactly to the outline's (expansion arithmetic); the parts'
// distinct vertices are exactly the outline's after dropping duplicates and straight-angle points; parts pairwise
// separated by an edge line of one of them (interiors disjoint); ceil(r/2) + 1 <= parts <= 2r + 1.
#include <collide2d/collide2d.h>

#include "fuzz_input.h"
#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace collide2d;
using collide2d::fuzz::Input;

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "decompose_fuzz: %s\n", what);
  __builtin_trap();
}
#define CHECK(cond, what) \
  do {                    \
    if (!(cond)) fail(what); \
  } while (0)

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
    h.resize(static_cast<std::size_t>(detail::expansionSum(e_.data(), static_cast<int>(e_.size()), t, n, h.data())));
    e_.swap(h);
  }
  std::vector<double> e_;
};

/// Twice the signed area of the ring scaled by 2^-binades (exact: the scaling is a power of two in normal range).
ExactSum area2(const std::vector<Vec2>& p, int binades) {
  ExactSum s;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Vec2 a = p[i], b = p[(i + 1) % p.size()];
    s.addProduct(std::ldexp(a.x, -binades), std::ldexp(b.y, -binades), 1.0);
    s.addProduct(std::ldexp(b.x, -binades), std::ldexp(a.y, -binades), -1.0);
  }
  return s;
}

bool less(Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

bool touch(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  const auto on = [](Vec2 s, Vec2 t, Vec2 p) {
    return std::min(s.x, t.x) <= p.x && p.x <= std::max(s.x, t.x) && std::min(s.y, t.y) <= p.y &&
           p.y <= std::max(s.y, t.y);
  };
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && on(a, b, c)) || (o2 == 0 && on(a, b, d)) || (o3 == 0 && on(c, d, a)) || (o4 == 0 && on(c, d, b));
}

/// Brute-force crossing pair of an outline without repeated points; {npos, npos} when simple.
std::pair<std::size_t, std::size_t> bruteCrossing(const std::vector<Vec2>& p) {
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
      if (!adjacent) {
        if (touch(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])) return {i, j};
        continue;
      }
      const Vec2 s = j == i + 1 ? p[j] : p[i], u = j == i + 1 ? p[i] : p[(i + 1) % n], w = j == i + 1 ? p[(j + 1) % n] : p[j];
      if (orient(u, s, w) == 0 && detail::dotSignExact(u, s, w, s) > 0) return {i, j};
    }
  }
  return {DecomposeInfo::npos, DecomposeInfo::npos};
}

/// Every promise on a successful decomposition (`exact`: the input is inside the exact range; binades: its scale).
void checkParts(const std::vector<Vec2>& in, const std::vector<Polygon>& parts, const DecomposeInfo& info, bool exact,
                int binades) {
  CHECK(!parts.empty(), "no parts");
  std::vector<Vec2> sorted(in);
  std::sort(sorted.begin(), sorted.end(), less);
  std::vector<Vec2> used;
  ExactSum total;
  for (const Polygon& p : parts) {
    const std::vector<Vec2> v(p.vertices().begin(), p.vertices().end());
    CHECK(v.size() >= 3, "a part with fewer than 3 vertices");
    Polygon again;
    CHECK(Polygon::create(v, again).ok() && again.size() == v.size(), "a part that Polygon::create changes");
    for (std::size_t i = 0; i < v.size(); ++i) {
      CHECK(std::binary_search(sorted.begin(), sorted.end(), v[i], less), "a part vertex that is not an input point");
      if (exact) CHECK(orient(v[i], v[(i + 1) % v.size()], v[(i + 2) % v.size()]) > 0, "a part that is not convex");
      used.push_back(v[i]);
    }
    if (exact) total.addSum(area2(v, binades), 1.0);
  }
  if (!exact) return;
  CHECK(parts.size() <= 2 * info.reflex + 1, "more than 2r + 1 parts");
  CHECK(parts.size() >= (info.reflex + 1) / 2 + 1, "fewer than ceil(r/2) + 1 parts");
  std::sort(used.begin(), used.end(), less);
  used.erase(std::unique(used.begin(), used.end()), used.end());
  CHECK(used.size() == info.vertices, "the parts do not use exactly the outline's vertices");
  ExactSum outline = area2(in, binades);
  if (outline.sign() < 0) {
    ExactSum neg;
    neg.addSum(outline, -1.0);
    outline = neg;
  }
  outline.addSum(total, -1.0);
  CHECK(outline.isZero(), "the parts' areas do not sum to the outline's");
  if (parts.size() > 48) return;
  const auto separates = [](std::span<const Vec2> a, std::span<const Vec2> b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      bool all = true;
      for (const Vec2 q : b) all = all && orient(a[i], a[(i + 1) % a.size()], q) <= 0;
      if (all) return true;
    }
    return false;
  };
  for (std::size_t i = 0; i < parts.size(); ++i) {
    for (std::size_t j = i + 1; j < parts.size(); ++j) {
      CHECK(separates(parts[i].vertices(), parts[j].vertices()) || separates(parts[j].vertices(), parts[i].vertices()),
            "two parts overlap");
    }
  }
}

std::vector<Vec2> star(Input& in, int k) {
  const int n = in.range(3, 40);
  std::vector<Vec2> dirs;
  for (int tries = 0; static_cast<int>(dirs.size()) < n && tries < 200; ++tries) {
    const Vec2 d{static_cast<double>(in.range(-16, 16)), static_cast<double>(in.range(-16, 16))};
    if (d.x == 0 && d.y == 0) continue;
    bool same = false;
    for (const Vec2 e : dirs) same = same || (orient({0, 0}, e, d) == 0 && d.x * e.x + d.y * e.y > 0);
    if (!same) dirs.push_back(d);
  }
  const auto half = [](Vec2 v) { return v.y > 0 || (v.y == 0 && v.x > 0) ? 0 : 1; };
  std::sort(dirs.begin(), dirs.end(), [&](Vec2 a, Vec2 b) {
    return half(a) != half(b) ? half(a) < half(b) : orient({0, 0}, a, b) > 0;
  });
  std::vector<Vec2> out;
  for (const Vec2 d : dirs) {
    const double len = 1 + in.range(0, 7);
    out.push_back({std::ldexp(d.x * len, k), std::ldexp(d.y * len, k)});
  }
  return out;
}

bool angularGapsBelowPi(const std::vector<Vec2>& s) {
  if (s.size() < 3) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (orient({0, 0}, s[i], s[(i + 1) % s.size()]) <= 0) return false;
  }
  return true;
}

std::vector<Vec2> noisy(Input& in, const std::vector<Vec2>& s) {
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    out.push_back(s[i]);
    const int b = in.byte();
    if (b & 1) out.push_back(s[i]);
    if (b & 2) out.push_back({(s[i].x + s[(i + 1) % s.size()].x) * 0.5, (s[i].y + s[(i + 1) % s.size()].y) * 0.5});
  }
  if (in.byte() & 1) out.push_back(out.front());
  if (in.byte() & 1) std::reverse(out.begin(), out.end());
  return out;
}

double positive(Input& in, int k) {
  const double v = std::fabs(in.finite());
  int e;
  const double m = std::frexp(v, &e);
  return m == 0 ? std::ldexp(1.0, k) : std::ldexp(m, k + std::clamp(e, -150, 150));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const int mode = in.byte() % 4;
  std::vector<Polygon> parts;
  DecomposeInfo info;
  if (mode == 0) {
    std::vector<Vec2> pts(static_cast<std::size_t>(in.range(0, 48)));
    for (Vec2& p : pts) p = {in.number(), in.number()};
    const Status s = decompose(pts, parts, &info);
    if (s.ok()) {
      checkParts(pts, parts, info, false, 0);
    } else if (s.error == Error::NotConvex) {
      CHECK(info.edgeA < info.edgeB && info.edgeB < pts.size(), "crossing edges out of range");
      CHECK(parts.empty(), "parts changed on failure");
    } else if (s.error == Error::NotFinite) {
      CHECK(info.point < pts.size() && !isFinite(pts[info.point]), "wrong non-finite point");
    }
    return 0;
  }
  const int k = in.range(-1000, 1000);
  if (mode == 1 || mode == 3) {
    std::vector<Vec2> s = star(in, k);
    if (!angularGapsBelowPi(s)) return 0;
    if (mode == 3) {
      s[static_cast<std::size_t>(in.range(0, static_cast<int>(s.size()) - 1))] = {
          std::ldexp(in.range(-40, 40), k), std::ldexp(in.range(-40, 40), k)};
      std::vector<Vec2> sorted(s);
      std::sort(sorted.begin(), sorted.end(), less);
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return 0;  // repeated points: skip
      const auto expected = bruteCrossing(s);
      const Status st = decompose(s, parts, &info);
      if (st.error == Error::Collinear) return 0;
      if (expected.first == DecomposeInfo::npos) {
        CHECK(st.ok(), "a simple outline rejected");
        checkParts(s, parts, info, true, k);
      } else {
        CHECK(st.error == Error::NotConvex, "a crossing outline accepted");
        CHECK(info.edgeA == expected.first && info.edgeB == expected.second, "wrong crossing edges");
      }
      return 0;
    }
    const std::vector<Vec2> pts = noisy(in, s);
    const Status st = decompose(pts, parts, &info);
    CHECK(st.ok(), "a star-shaped outline rejected");
    checkParts(pts, parts, info, true, k);
    return 0;
  }
  // mode 2: histogram with positive doubles (exponents within 2^+-150 of 2^k; k limited so squares stay normal)
  const int kk = std::clamp(k, -300, 300);
  const int columns = in.range(1, 24);
  std::vector<Vec2> top;
  double x = 0;
  for (int c = 0; c < columns; ++c) {
    const double w = positive(in, kk), h = positive(in, kk);
    const double x1 = x + w;
    if (!(x1 > x) || !std::isfinite(x1)) break;
    top.push_back({x, h});
    top.push_back({x1, h});
    x = x1;
  }
  if (top.empty()) return 0;
  std::vector<Vec2> pts{{0, 0}, {x, 0}};
  for (auto it = top.rbegin(); it != top.rend(); ++it) pts.push_back(*it);
  const std::vector<Vec2> n = noisy(in, pts);
  const Status st = decompose(n, parts, &info);
  CHECK(st.ok(), "a histogram outline rejected");
  checkParts(n, parts, info, true, kk);
  return 0;
}
