// collide2d — exact arithmetic: expansion kernels (after Shewchuk, "Adaptive Precision Floating-Point Arithmetic
// and Fast Robust Geometric Predicates", 1997) and the adaptive orientation predicate.
#include "predicates.h"

#include <collide2d/collide2d.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <algorithm>

namespace collide2d {
namespace detail {

namespace {

// True when |a| < |b| (ties either way): the merge then takes a first.
inline bool smallerOrEqualMagnitude(double a, double b) { return (b > a) == (b > -a); }

}  // namespace

int expansionSum(const double* e, int elen, const double* f, int flen, double* h) {
  if (elen <= 0) {
    for (int i = 0; i < flen; ++i) h[i] = f[i];
    return flen > 0 ? flen : 0;
  }
  if (flen <= 0) {
    for (int i = 0; i < elen; ++i) h[i] = e[i];
    return elen;
  }
  // Merge e and f by increasing magnitude while accumulating with two-sum (Shewchuk's fast expansion sum with zero
  // elimination; Two-Sum is used at every step, so no magnitude precondition is needed for correctness).
  int ei = 0, fi = 0, hi = 0;
  double q;
  if (smallerOrEqualMagnitude(e[0], f[0])) {
    q = e[ei++];
  } else {
    q = f[fi++];
  }
  while (ei < elen && fi < flen) {
    double next;
    if (smallerOrEqualMagnitude(e[ei], f[fi])) {
      next = e[ei++];
    } else {
      next = f[fi++];
    }
    double s, err;
    twoSum(q, next, s, err);
    q = s;
    if (err != 0.0) h[hi++] = err;
  }
  while (ei < elen) {
    double s, err;
    twoSum(q, e[ei++], s, err);
    q = s;
    if (err != 0.0) h[hi++] = err;
  }
  while (fi < flen) {
    double s, err;
    twoSum(q, f[fi++], s, err);
    q = s;
    if (err != 0.0) h[hi++] = err;
  }
  if (q != 0.0) h[hi++] = q;
  return hi;
}

int expansionScale(const double* e, int elen, double b, double* h) {
  if (elen <= 0 || b == 0.0) return 0;
  int hi = 0;
  double q, err;
  twoProduct(e[0], b, q, err);
  if (err != 0.0) h[hi++] = err;
  for (int i = 1; i < elen; ++i) {
    double p1, p0;
    twoProduct(e[i], b, p1, p0);
    double s;
    twoSum(q, p0, s, err);
    if (err != 0.0) h[hi++] = err;
    twoSum(p1, s, q, err);
    if (err != 0.0) h[hi++] = err;
  }
  if (q != 0.0) h[hi++] = q;
  return hi;
}

int expansionProduct(const double* e, int elen, const double* f, int flen, double* h, double* scratch) {
  if (elen <= 0 || flen <= 0) return 0;
  // scratch: [0, 2 elen) holds e * f[i]; [2 elen, 2 elen + 2 elen flen) is a second accumulator. The running sum
  // ping-pongs between h and that accumulator so that outputs never alias inputs.
  double* scaled = scratch;
  double* other = scratch + 2 * elen;
  double* acc = h;
  double* spare = other;
  int acclen = expansionScale(e, elen, f[0], acc);
  for (int i = 1; i < flen; ++i) {
    const int slen = expansionScale(e, elen, f[i], scaled);
    const int nlen = expansionSum(acc, acclen, scaled, slen, spare);
    double* t = acc;
    acc = spare;
    spare = t;
    acclen = nlen;
  }
  if (acc != h) {
    for (int i = 0; i < acclen; ++i) h[i] = acc[i];
  }
  return acclen;
}

namespace {

constexpr double kEps = 1.1102230246251565e-16;  // 2^-53
// Shewchuk's bound for a difference (or sum) of two products whose factors carry at most one rounding each.
constexpr double kErrBoundA = (3.0 + 16.0 * kEps) * kEps;
// The double filters are only trusted while no product can under- or overflow: their magnitudes (detsum) must
// lie in [kFilterMin, kFilterMax]; otherwise the exact path runs on power-of-two-rescaled inputs.
constexpr double kFilterMin = 0x1p-900;
constexpr double kFilterMax = 0x1p900;

inline int signOf(double v) { return (v > 0.0) - (v < 0.0); }

template <int N>
inline SignedValue fromExpansion(const Expansion<N>& e) {
  return {e.estimate(), e.sign()};
}

inline bool filterable(double detsum) { return detsum >= kFilterMin && detsum <= kFilterMax; }

}  // namespace

int scaleExponent(std::initializer_list<double> values, bool keepSmall) {
  double big = 0.0, small = std::numeric_limits<double>::infinity();
  for (const double v : values) {
    if (!std::isfinite(v)) return 0;
    const double m = std::fabs(v);  // (plain comparisons: std::fmax / fmin were library calls on this hot path)
    if (m > big) big = m;
    if (m > 0.0 && m < small) small = m;
  }
  if (big == 0.0) return 0;
  int k = -std::ilogb(big);
  // Scaling down never pushes a nonzero input below the normal range (where it would lose bits): inputs that span
  // more than the whole exponent range keep their smallest values exact and may overflow instead (outside DOMAIN).
  if (k < 0 && keepSmall) k = std::max(k, std::min(0, -(std::ilogb(small) + 1022)));
  return k;
}

__attribute__((noinline)) int orientExact(Vec2 a, Vec2 b, Vec2 c) {
  // Rescale so that the largest coordinate lies in [1, 2): exact (a power of two), and every product then lies far
  // from overflow, and underflows only when the coordinates span more than 2^485 (see DOMAIN in predicates.h).
  const int k = scaleExponent({a.x, a.y, b.x, b.y, c.x, c.y});
  if (k != 0) {
    a = {std::scalbn(a.x, k), std::scalbn(a.y, k)};
    b = {std::scalbn(b.x, k), std::scalbn(b.y, k)};
    c = {std::scalbn(c.x, k), std::scalbn(c.y, k)};
  }
  // (b - a) x (c - a) = ax by - ay bx + bx cy - by cx + cx ay - cy ax: six exact products, no inexact subtraction.
  const auto t1 = exactProduct(a.x, b.y) - exactProduct(a.y, b.x);
  const auto t2 = exactProduct(b.x, c.y) - exactProduct(b.y, c.x);
  const auto t3 = exactProduct(c.x, a.y) - exactProduct(c.y, a.x);
  return (t1 + t2 + t3).sign();
}

int dotSignExact(Vec2 u, Vec2 v, Vec2 w, Vec2 z) {
  // Two independent factors: each pair is rescaled on its own (the sign of the sum is not affected by a common
  // positive factor, and each factor's scale is a power of two).
  const int k1 = scaleExponent({u.x, u.y, v.x, v.y});
  const int k2 = scaleExponent({w.x, w.y, z.x, z.y});
  const auto s = [](Vec2 p, int k) { return Vec2{std::scalbn(p.x, k), std::scalbn(p.y, k)}; };
  u = s(u, k1);
  v = s(v, k1);
  w = s(w, k2);
  z = s(z, k2);
  const auto px = exactDiff(u.x, v.x) * exactDiff(w.x, z.x);
  const auto py = exactDiff(u.y, v.y) * exactDiff(w.y, z.y);
  return (px + py).sign();
}

namespace {
// The exact path of crossOfDiffs, out of line: the filtered path (nearly every call) then needs no stack frame for the
// expansion arithmetic (measured: raycast against a polygon 300 ns -> see bench/native/core_bench.cpp).
__attribute__((noinline)) SignedValue crossOfDiffsExact(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
  const int k1 = scaleExponent({p0.x, p0.y, p1.x, p1.y});
  const int k2 = scaleExponent({q0.x, q0.y, q1.x, q1.y});
  const auto s = [](Vec2 p, int k) { return Vec2{std::scalbn(p.x, k), std::scalbn(p.y, k)}; };
  p0 = s(p0, k1);
  p1 = s(p1, k1);
  q0 = s(q0, k2);
  q1 = s(q1, k2);
  const SignedValue e = fromExpansion(exactDiff(p1.x, p0.x) * exactDiff(q1.y, q0.y) -
                                      exactDiff(p1.y, p0.y) * exactDiff(q1.x, q0.x));
  return {std::scalbn(e.value, -k1 - k2), e.sign};
}
}  // namespace

SignedValue crossOfDiffs(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1, bool accurate) {
  const double l = (p1.x - p0.x) * (q1.y - q0.y);
  const double r = (p1.y - p0.y) * (q1.x - q0.x);
  const double det = l - r;
  const double detsum = std::fabs(l) + std::fabs(r);
  // Sign only: the rounded det once its sign is certain. Accurate: only when it cancels little (its relative error
  // is then below 3 eps 2^10, about 7e-13), else from the exact expansion.
  const double bound = accurate ? 0x1p-10 * detsum : kErrBoundA * detsum;
  if (filterable(detsum) && (det >= bound || -det >= bound)) return {det, signOf(det)};
  if (detsum == 0.0 && std::isfinite(det)) {
    // Both products are zero: exact when no factor underflowed, i.e. when a difference is exactly zero.
    if ((p1.x == p0.x || q1.y == q0.y) && (p1.y == p0.y || q1.x == q0.x)) return {0.0, 0};
  }
  return crossOfDiffsExact(p0, p1, q0, q1);
}

namespace {
// Exact path, out of line (see crossOfDiffsExact).
__attribute__((noinline)) SignedValue crossWithDiffExact(Vec2 d, Vec2 o, Vec2 p) {
  const int k1 = scaleExponent({d.x, d.y});
  const int k2 = scaleExponent({o.x, o.y, p.x, p.y});
  d = {std::scalbn(d.x, k1), std::scalbn(d.y, k1)};
  o = {std::scalbn(o.x, k2), std::scalbn(o.y, k2)};
  p = {std::scalbn(p.x, k2), std::scalbn(p.y, k2)};
  const SignedValue e =
      fromExpansion(exact(d.x) * exactDiff(p.y, o.y) - exact(d.y) * exactDiff(p.x, o.x));
  return {std::scalbn(e.value, -k1 - k2), e.sign};
}
}  // namespace

SignedValue crossWithDiff(Vec2 d, Vec2 o, Vec2 p) {
  const double l = d.x * (p.y - o.y);
  const double r = d.y * (p.x - o.x);
  const double det = l - r;
  const double detsum = std::fabs(l) + std::fabs(r);
  const double bound = kErrBoundA * detsum;
  if (filterable(detsum) && (det >= bound || -det >= bound)) return {det, signOf(det)};
  return crossWithDiffExact(d, o, p);
}

namespace {
// Exact path, out of line (see crossOfDiffsExact).
__attribute__((noinline)) SignedValue dotWithDiffExact(Vec2 d, Vec2 o, Vec2 p) {
  const int k1 = scaleExponent({d.x, d.y});
  const int k2 = scaleExponent({o.x, o.y, p.x, p.y});
  d = {std::scalbn(d.x, k1), std::scalbn(d.y, k1)};
  o = {std::scalbn(o.x, k2), std::scalbn(o.y, k2)};
  p = {std::scalbn(p.x, k2), std::scalbn(p.y, k2)};
  const SignedValue e =
      fromExpansion(exact(d.x) * exactDiff(p.x, o.x) + exact(d.y) * exactDiff(p.y, o.y));
  return {std::scalbn(e.value, -k1 - k2), e.sign};
}
}  // namespace

SignedValue dotWithDiff(Vec2 d, Vec2 o, Vec2 p) {
  const double l = d.x * (p.x - o.x);
  const double r = d.y * (p.y - o.y);
  const double det = l + r;
  const double detsum = std::fabs(l) + std::fabs(r);
  const double bound = kErrBoundA * detsum;
  if (filterable(detsum) && (det >= bound || -det >= bound)) return {det, signOf(det)};
  return dotWithDiffExact(d, o, p);
}

SignedValue tangencyDiscriminantExact(Vec2 d, Vec2 o, Vec2 c, double r);

SignedValue tangencyDiscriminant(Vec2 d, Vec2 o, Vec2 c, double r) {
  // D = r^2 |d|^2 - (d x (c - o))^2, filtered in double (the bound of circle_line.cpp), else exact on inputs
  // rescaled by powers of two (d on its own; o, c, r together), which multiplies D by a positive power of two.
  const double wx = c.x - o.x, wy = c.y - o.y;
  const double dd = d.x * d.x + d.y * d.y;
  const double l = d.x * wy, rr = d.y * wx;
  const double cr = l - rr;
  const double s = std::fabs(l) + std::fabs(rr);
  const double r2dd = r * r * dd;
  const double value = r2dd - cr * cr;
  const double bound = 16.0 * kEps * (r2dd + s * s);
  if (bound >= kFilterMin && bound <= kFilterMax) {
    if (value > bound) return {value, 1};
    if (value < -bound) return {value, -1};
  }
  return tangencyDiscriminantExact(d, o, c, r);
}

// The exact path of tangencyDiscriminant, out of line (see crossOfDiffsExact).
__attribute__((noinline)) SignedValue tangencyDiscriminantExact(Vec2 d, Vec2 o, Vec2 c, double r) {
  if (!(std::isfinite(d.x) && std::isfinite(d.y) && std::isfinite(o.x) && std::isfinite(o.y) &&
        std::isfinite(c.x) && std::isfinite(c.y) && std::isfinite(r))) {
    return {0.0, -1};  // NaN / infinite input: a miss
  }
  const int k1 = scaleExponent({d.x, d.y});
  const int k2 = scaleExponent({o.x, o.y, c.x, c.y, r});
  d = {std::scalbn(d.x, k1), std::scalbn(d.y, k1)};
  o = {std::scalbn(o.x, k2), std::scalbn(o.y, k2)};
  c = {std::scalbn(c.x, k2), std::scalbn(c.y, k2)};
  r = std::scalbn(r, k2);
  const auto ex = exact(d.x), ey = exact(d.y);
  const auto fx = exactDiff(c.x, o.x), fy = exactDiff(c.y, o.y);
  const auto er2 = exactProduct(r, r);
  const auto ecr = ex * fy - ey * fx;
  const auto e = er2 * (ex * ex + ey * ey) - ecr * ecr;
  const int sign = e.sign();
  return {sign > 0 ? std::scalbn(e.estimate(), -2 * k1 - 2 * k2) : 0.0, sign};
}

Vec2 unitOrZero(Vec2 v) {
  const double l2 = v.x * v.x + v.y * v.y;
  if (l2 > 0x1p-900 && l2 < 0x1p900) {
    const double len = std::sqrt(l2);
    return {v.x / len, v.y / len};
  }
  if (!(std::isfinite(v.x) && std::isfinite(v.y)) || (v.x == 0.0 && v.y == 0.0)) return {0.0, 0.0};
  // Rescale by a power of two (exact) so that the squared length neither underflows nor overflows.
  const double m = std::fmax(std::fabs(v.x), std::fabs(v.y));
  const int e = std::ilogb(m);
  const Vec2 s{std::scalbn(v.x, -e), std::scalbn(v.y, -e)};
  const double len = std::sqrt(s.x * s.x + s.y * s.y);
  return {s.x / len, s.y / len};
}

}  // namespace detail

int orient(Vec2 a, Vec2 b, Vec2 c) {
  // Shewchuk's orient2d filter: det = (a - c) x (b - c) (the same value as (b - a) x (c - a)) evaluated in double
  // with a proven forward error bound (3 + 16 eps) eps (|detleft| + |detright|), eps = 2^-53, valid while no
  // product under- or overflows (detsum within [2^-900, 2^900]); otherwise the exact path (rescaled).
  const double ax = a.x - c.x, by = b.y - c.y, ay = a.y - c.y, bx = b.x - c.x;
  // A rounded difference is zero exactly when the coordinates are equal, and otherwise has the exact sign: when a
  // product has a zero factor, the sign of the other product is the exact answer.
  const bool leftZero = ax == 0.0 || by == 0.0, rightZero = ay == 0.0 || bx == 0.0;
  if (!(std::isfinite(ax) && std::isfinite(by) && std::isfinite(ay) && std::isfinite(bx))) {
    // Finite inputs whose differences overflowed (coordinates near DBL_MAX of both signs): the exact path rescales
    // first (core_fuzz finding: a triangle spanning -2.2e307 .. 1.74e308 was called collinear).
    if (std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(c.x) &&
        std::isfinite(c.y)) {
      return detail::orientExact(a, b, c);
    }
    const double det = ax * by - ay * bx;  // NaN or infinite input: defined, not meaningful
    return (det > 0.0) - (det < 0.0);
  }
  const auto sgn = [](double v) { return (v > 0.0) - (v < 0.0); };
  if (leftZero) return rightZero ? 0 : -sgn(ay) * sgn(bx);
  if (rightZero) return sgn(ax) * sgn(by);
  const double detleft = ax * by;
  const double detright = ay * bx;
  const double det = detleft - detright;
  if ((detleft > 0.0 && detright < 0.0) || (detleft < 0.0 && detright > 0.0)) {
    return sgn(ax) * sgn(by);  // opposite signs: no cancellation, the sign is detleft's (exact factor signs)
  }
  const double detsum = std::fabs(detleft) + std::fabs(detright);
  const double errbound = detail::kErrBoundA * detsum;
  if (detail::filterable(detsum) && (det >= errbound || -det >= errbound)) return (det > 0.0) - (det < 0.0);
  return detail::orientExact(a, b, c);
}

}  // namespace collide2d
