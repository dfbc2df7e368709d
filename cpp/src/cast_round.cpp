// Exact entry decisions of translation casts with a round shape (circle, capsule: a core grown by a radius) against
// anything (see cast_predicates.h).
//
// In M = B_core - A_core, grown by R = rA + rB (M_R), the origin moves along -r, r = dB - dA. Every decision is the
// sign of a small polynomial of the input doubles, taken exactly (filtered in double first):
//   cross(r, b - a)^2 - R^2 |r|^2                 the line of motion within R of a vertex pair (lineDiscSign)
//   cross(e, q - p0)^2 - R^2 |e|^2                a vertex within R of an edge's line (lineDiscSign)
//   |b - a|^2 - R^2                               a vertex within R of a vertex (pointDiscSign)
//   dot(q - p0, p1 - p0), dot(r, b - a), cross(e, r), orient(p0, p1, q)   (predicates.h)
// The degree-4 ones are expansions of at most 768 doubles on the stack (no allocation), or, with the direction along
// an axis (floors, walls, tiles), the sign of |w_j| - R from four doubles; the rounded values only pick which pairs
// to evaluate.
#include "cast_predicates.h"

#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace collide2d::detail {

namespace {

constexpr double kEps = 0x1p-53;

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

double coreMagnitude(const Core& k) {
  double s = 0.0;
  for (int i = 0; i < k.count; ++i) s = std::max(s, maxAbs(k.points[i]));
  return s;
}

// Exact sign of cross(u1 - u0, w1 - w0)^2 - (ra + rb)^2 |u1 - u0|^2: with u1 - u0 the direction of a line and
// w1 - w0 a point relative to a point of it, negative when the point lies within ra + rb of the line, zero at exactly
// that distance. With `together` all inputs are rescaled by one power of two (u and w share a point), otherwise
// {u0, u1} and {w0, w1, ra, rb} each by its own.
int lineDiscSign(Vec2 u0, Vec2 u1, Vec2 w0, Vec2 w1, double ra, double rb, bool together) {
  {
    const double ux = u1.x - u0.x, uy = u1.y - u0.y, wx = w1.x - w0.x, wy = w1.y - w0.y;
    const double l = ux * wy, rr = uy * wx, cr = l - rr, s = std::fabs(l) + std::fabs(rr);
    const double radius = ra + rb;
    const double r2uu = radius * radius * (ux * ux + uy * uy);
    const double value = cr * cr - r2uu;
    // Differences, products and the sum each round by at most kEps relative: 64 kEps covers their compounding.
    const double bound = 64.0 * kEps * (r2uu + s * s);
    if (bound >= 0x1p-900 && bound <= 0x1p900) {
      if (value > bound) return 1;
      if (value < -bound) return -1;
    }
  }
  if (!(finite(u0) && finite(u1) && finite(w0) && finite(w1) && std::isfinite(ra) && std::isfinite(rb))) return 1;
  if ((u0.x == u1.x) != (u0.y == u1.y)) {
    // u along an axis (walking on a floor, sliding down a wall, a tile's edge): cross(u, w)^2 - R^2 |u|^2 =
    // u_k^2 (w_j^2 - R^2), so the sign is that of |w_j| - R, w_j the component across u: a sum of four doubles.
    const bool alongX = u0.y == u1.y;
    const auto wj = alongX ? exactDiff(w1.y, w0.y) : exactDiff(w1.x, w0.x);
    const auto radius = exactSum(ra, rb);
    return (wj.sign() < 0 ? -wj - radius : wj - radius).sign();
  }
  int ku, kw;
  if (together) {
    ku = kw = scaleExponent({u0.x, u0.y, u1.x, u1.y, w0.x, w0.y, w1.x, w1.y, ra, rb});
  } else {
    ku = scaleExponent({u0.x, u0.y, u1.x, u1.y});
    kw = scaleExponent({w0.x, w0.y, w1.x, w1.y, ra, rb});
  }
  auto sc = [](Vec2 v, int k) { return Vec2{std::scalbn(v.x, k), std::scalbn(v.y, k)}; };
  u0 = sc(u0, ku);
  u1 = sc(u1, ku);
  w0 = sc(w0, kw);
  w1 = sc(w1, kw);
  ra = std::scalbn(ra, kw);
  rb = std::scalbn(rb, kw);
  const auto ux = exactDiff(u1.x, u0.x), uy = exactDiff(u1.y, u0.y);
  const auto wx = exactDiff(w1.x, w0.x), wy = exactDiff(w1.y, w0.y);
  const auto radius = exactSum(ra, rb);
  const auto cr = ux * wy - uy * wx;
  const auto e = cr * cr - (radius * radius) * (ux * ux + uy * uy);
  return e.sign();
}

// Exact sign of |b - a|^2 - (ra + rb)^2.
int pointDiscSign(Vec2 a, Vec2 b, double ra, double rb) {
  {
    const double dx = b.x - a.x, dy = b.y - a.y, radius = ra + rb;
    const double d2 = dx * dx + dy * dy, r2 = radius * radius;
    const double value = d2 - r2, bound = 16.0 * kEps * (d2 + r2);
    if (bound >= 0x1p-900 && bound <= 0x1p900) {
      if (value > bound) return 1;
      if (value < -bound) return -1;
    }
  }
  if (!(finite(a) && finite(b) && std::isfinite(ra) && std::isfinite(rb))) return 1;
  const int k = scaleExponent({a.x, a.y, b.x, b.y, ra, rb});
  const auto dx = exactDiff(std::scalbn(b.x, k), std::scalbn(a.x, k));
  const auto dy = exactDiff(std::scalbn(b.y, k), std::scalbn(a.y, k));
  const auto radius = exactSum(std::scalbn(ra, k), std::scalbn(rb, k));
  return (dx * dx + dy * dy - radius * radius).sign();
}

// Every edge of a core: count 2 has one (a segment), count >= 3 has count (cyclic); zero-length edges skipped.
template <class F>
void forEachEdge(const Core& k, F f) {
  const int n = k.count < 2 ? 0 : k.count == 2 ? 1 : k.count;
  for (int i = 0; i < n; ++i) {
    const Vec2 p0 = k.points[i], p1 = k.points[(i + 1) % k.count];
    if (!(p0 == p1)) f(p0, p1);
  }
}

// Whether an edge line of x has every point of y strictly outside (x counter-clockwise; a segment: either side).
bool separatedBy(const Core& x, const Core& y) {
  if (x.count == 2) {
    if (x.points[0] == x.points[1]) return false;
    int lo = 2, hi = -2;
    for (int j = 0; j < y.count; ++j) {
      const int s = orientFiltered(x.points[0], x.points[1], y.points[j]);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    return lo > 0 || hi < 0;
  }
  if (x.count < 3) return false;
  for (int k = 0; k < x.count; ++k) {
    const Vec2 p0 = x.points[k], p1 = x.points[(k + 1) % x.count];
    if (p0 == p1) continue;
    bool out = true;
    for (int j = 0; j < y.count && out; ++j) out = orientFiltered(p0, p1, y.points[j]) < 0;
    if (out) return true;
  }
  return false;
}

}  // namespace

bool coresIntersect(const Core& a, const Core& b) {
  if (a.count == 0 || b.count == 0) return false;
  if (separatedBy(a, b) || separatedBy(b, a)) return false;
  // The edge axes are complete unless every point lies on one line: then compare the projections on it.
  Vec2 d0 = a.points[0], d1 = d0;
  for (const Core* k : {&a, &b})
    for (int i = 0; i < k->count && d1 == d0; ++i) d1 = k->points[i];
  if (d1 == d0) return a.points[0] == b.points[0];  // every point is one point
  for (const Core* k : {&a, &b})
    for (int i = 0; i < k->count; ++i)
      if (orientFiltered(d0, d1, k->points[i]) != 0) return true;
  int lo = 2, hi = -2;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      const int s = dotSignExact(d1, d0, b.points[j], a.points[i]);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
  return !(lo > 0 || hi < 0);
}

bool roundEnters(const Core& a, const Core& b, Vec2 dA, Vec2 dB) {
  if (a.count == 0 || b.count == 0 || dA == dB) return false;
  const double ra = a.radius, rb = b.radius;
  const Vec2 r = dB - dA;
  const double s = std::max(coreMagnitude(a), coreMagnitude(b));
  // cross(r, p) for a core point is within e of the exact value (r rounded, then two products and a difference).
  const double e = 0x1p-45 * (std::fabs(r.x) + std::fabs(r.y)) * s + 0x1p-1000;
  double vmin = std::numeric_limits<double>::infinity(), vmax = -vmin;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      const double v = cross(r, b.points[j]) - cross(r, a.points[i]);
      vmin = std::min(vmin, v);
      vmax = std::max(vmax, v);
    }
  const bool all = !(std::isfinite(vmin) && std::isfinite(vmax) && std::isfinite(e));
  const double w = 8.0 * e;  // a pair's value is within 2 e (plus its own rounding) of the exact one
  auto exactCross = [&](int i, int j) { return crossOfDiffs(dA, dB, a.points[i], b.points[j]).sign; };
  // Exact signs of the extremes of cross(r, m) over M's points m = b_j - a_i (attained at such pairs): certain from
  // the rounded extreme when it is clear of 0, else the extreme of the exact signs over every candidate pair.
  int sMax = -1, sMin = 1;
  bool maxDone = false, minDone = false;
  if (!all) {
    if (vmax > w) sMax = 1, maxDone = true;
    if (vmax < -w) sMax = -1, maxDone = true;
    if (vmin < -w) sMin = -1, minDone = true;
    if (vmin > w) sMin = 1, minDone = true;
  }
  for (int i = 0; i < a.count && !(maxDone && minDone); ++i)
    for (int j = 0; j < b.count; ++j) {
      const double v = cross(r, b.points[j]) - cross(r, a.points[i]);
      if (!maxDone && (all || v >= vmax - 2.0 * w)) {
        sMax = std::max(sMax, exactCross(i, j));
        maxDone = sMax > 0;
      }
      if (!minDone && (all || v <= vmin + 2.0 * w)) {
        sMin = std::min(sMin, exactCross(i, j));
        minDone = sMin < 0;
      }
    }
  if (sMin <= 0 && sMax >= 0) return true;  // the line meets M itself: within 0 < R
  // The line passes M on one side: it enters M_R when its nearest vertex pair is within R of it.
  const double near = sMin > 0 ? vmin : -vmax;  // rounded smallest |cross(r, m)|
  if (!all) {
    const double reach = (ra + rb) * length(r);
    if (near < reach * (1.0 - 0x1p-40) - 2.0 * w) return true;
    if (near > reach * (1.0 + 0x1p-40) + 2.0 * w) return false;
  }
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      const double v = std::fabs(cross(r, b.points[j]) - cross(r, a.points[i]));
      if (!all && v > near + 2.0 * w) continue;
      if (lineDiscSign(dA, dB, a.points[i], b.points[j], ra, rb, false) < 0) return true;
    }
  return false;
}

namespace {

// A piece of M_R's boundary that may hold the origin: a vertex pair (|b - a| = R) or a vertex q of one core against
// an edge p0 p1 of the other (q's foot on the edge, at distance R). qOnA: q is A's vertex (the edge is B's).
struct Piece {
  bool edge = false;
  Vec2 p0, p1, q;
  bool qOnA = false;
  double gap = 0.0, err = 0.0;  // rounded distance - R, and its error bound
};

}  // namespace

StartDecision roundStart(const Core& a, const Core& b, Vec2 dA, Vec2 dB) {
  StartDecision d;
  if (a.count == 0 || b.count == 0) return d;
  if (!roundEnters(a, b, dA, dB)) {
    d.contact = StartContact::Touching;  // (or Apart: neither is a hit; never Overlapping, see the header)
    return d;
  }
  const double ra = a.radius, rb = b.radius, radius = ra + rb;
  const double s = std::max({coreMagnitude(a), coreMagnitude(b), radius});
  const double base = 0x1p-44 * s + 0x1p-1000;
  // Rounded gaps of every piece with error bounds; the exact minimum is among those within the bounds of the least.
  double least = std::numeric_limits<double>::infinity();
  bool all = !std::isfinite(base);
  auto vertexGap = [&](Vec2 p, Vec2 q, double& err) {
    err = base;
    return length(q - p) - radius;
  };
  auto edgeGap = [&](Vec2 p0, Vec2 p1, Vec2 q, double& err, bool& inside) {
    const Vec2 e = p1 - p0, w = q - p0;
    const double l = length(e), t = dot(w, e);
    const double tErr = 0x1p-44 * s * (std::fabs(e.x) + std::fabs(e.y)) + 0x1p-1000;
    inside = t >= -tErr && t <= l * l * (1.0 + 0x1p-40) + tErr;
    err = base * (1.0 + maxAbs(w) / std::max(maxAbs(e), 0x1p-1000)) + 0x1p-1000;
    return std::fabs(cross(e, w)) / l - radius;
  };
  for (int pass = 0; pass < 2; ++pass) {
    // pass 0: the least upper bound; pass 1: the exact signs of the candidates.
    int minSign = 2;
    bool touchIn = false;
    Vec2 touchNormal;
    auto consider = [&](const Piece& p) {
      if (!std::isfinite(p.gap) || !std::isfinite(p.err)) all = true;
      if (pass == 0) {
        least = std::min(least, p.gap + p.err);
        return;
      }
      if (!all && p.gap - p.err > least) return;
      int sign;
      bool in = false;
      Vec2 normal;
      if (!p.edge) {
        // q = a_i (qOnA) or the other way round; m = b - a.
        const Vec2 av = p.qOnA ? p.q : p.p0, bv = p.qOnA ? p.p0 : p.q;
        sign = pointDiscSign(av, bv, ra, rb);
        if (sign == 0) {
          in = dotSignExact(dB, dA, bv, av) < 0;  // dot(r, b - a) < 0: the gap closes
          normal = unitOrZero(bv - av);
        }
      } else {
        if (dotSignExact(p.q, p.p0, p.p1, p.p0) < 0 || dotSignExact(p.q, p.p1, p.p0, p.p1) < 0) return;
        sign = lineDiscSign(p.p0, p.p1, p.p0, p.q, ra, rb, true);
        if (sign == 0) {
          // Normal A -> B: perp(e) towards the edge (q on A) or towards q (q on B); moving in when dot(r, n) < 0.
          const int side = p.qOnA ? crossOfDiffs(p.p0, p.p1, p.q, p.p0).sign : crossOfDiffs(p.p0, p.p1, p.p0, p.q).sign;
          in = side * crossOfDiffs(p.p0, p.p1, dA, dB).sign < 0;
          const Vec2 e = unitOrZero(p.p1 - p.p0);
          normal = Vec2{-e.y, e.x} * static_cast<double>(side);
        }
      }
      minSign = std::min(minSign, sign);
      if (sign == 0 && !touchIn && (in || touchNormal == Vec2{0.0, 0.0})) {
        touchIn = in;
        touchNormal = normal;
      }
    };
    for (int i = 0; i < a.count; ++i)
      for (int j = 0; j < b.count; ++j) {
        Piece p;
        p.q = a.points[i];
        p.p0 = b.points[j];
        p.qOnA = true;
        p.gap = vertexGap(p.q, p.p0, p.err);
        consider(p);
      }
    for (int side = 0; side < 2; ++side) {
      const Core& edges = side == 0 ? b : a;
      const Core& verts = side == 0 ? a : b;
      forEachEdge(edges, [&](Vec2 p0, Vec2 p1) {
        for (int j = 0; j < verts.count; ++j) {
          Piece p;
          p.edge = true;
          p.p0 = p0;
          p.p1 = p1;
          p.q = verts.points[j];
          p.qOnA = side == 0;
          bool inside = true;
          p.gap = edgeGap(p0, p1, p.q, p.err, inside);
          if (!inside && std::isfinite(p.gap)) continue;  // its foot is off the edge (the vertex pieces cover it)
          consider(p);
        }
      });
    }
    if (pass == 0) continue;
    if (minSign < 0 || coresIntersect(a, b)) {
      d.contact = StartContact::Overlapping;
      return d;
    }
    if (minSign == 0) {
      d.contact = StartContact::Touching;
      d.movingIn = touchIn;
      d.normal = noNegativeZero(touchNormal);
      return d;
    }
  }
  // Apart (by a small gap): the line enters M_R, whose chord lies wholly ahead or wholly behind. A vertex disc the
  // line meets tells which (its chord's middle is at t = -dot(r, m) / |r|^2); when the line meets none, it crosses
  // M's relative interior transversally, and the sharp chord tells.
  d.contact = StartContact::Apart;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      if (lineDiscSign(dA, dB, a.points[i], b.points[j], ra, rb, false) > 0) continue;
      d.movingIn = dotSignExact(dB, dA, b.points[j], a.points[i]) < 0;
      return d;
    }
  d.movingIn = translationStart(a, b, dA, dB).movingIn;
  return d;
}

}  // namespace collide2d::detail
