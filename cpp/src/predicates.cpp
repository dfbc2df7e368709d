// collide2d — exact arithmetic: expansion kernels (after Shewchuk, "Adaptive Precision Floating-Point Arithmetic
// and Fast Robust Geometric Predicates", 1997) and the adaptive orientation predicate.
#include "predicates.h"

#include <collide2d/collide2d.h>

#include <cmath>

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

int orientExact(Vec2 a, Vec2 b, Vec2 c) {
  // (b - a) x (c - a) = ax by - ay bx + bx cy - by cx + cx ay - cy ax: six exact products, no inexact subtraction.
  const auto t1 = exactProduct(a.x, b.y) - exactProduct(a.y, b.x);
  const auto t2 = exactProduct(b.x, c.y) - exactProduct(b.y, c.x);
  const auto t3 = exactProduct(c.x, a.y) - exactProduct(c.y, a.x);
  return (t1 + t2 + t3).sign();
}

int dotSignExact(Vec2 u, Vec2 v, Vec2 w, Vec2 z) {
  const auto px = exactDiff(u.x, v.x) * exactDiff(w.x, z.x);
  const auto py = exactDiff(u.y, v.y) * exactDiff(w.y, z.y);
  return (px + py).sign();
}

namespace {

constexpr double kEps = 1.1102230246251565e-16;  // 2^-53
// Shewchuk's bound for a difference (or sum) of two products whose factors carry at most one rounding each.
constexpr double kErrBoundA = (3.0 + 16.0 * kEps) * kEps;

inline int signOf(double v) { return (v > 0.0) - (v < 0.0); }

template <int N>
inline SignedValue fromExpansion(const Expansion<N>& e) {
  return {e.estimate(), e.sign()};
}

}  // namespace

SignedValue crossOfDiffs(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
  const double l = (p1.x - p0.x) * (q1.y - q0.y);
  const double r = (p1.y - p0.y) * (q1.x - q0.x);
  const double det = l - r;
  const double bound = kErrBoundA * (std::fabs(l) + std::fabs(r));
  if (det >= bound || -det >= bound) return {det, signOf(det)};
  return fromExpansion(exactDiff(p1.x, p0.x) * exactDiff(q1.y, q0.y) -
                       exactDiff(p1.y, p0.y) * exactDiff(q1.x, q0.x));
}

SignedValue crossWithDiff(Vec2 d, Vec2 o, Vec2 p) {
  const double l = d.x * (p.y - o.y);
  const double r = d.y * (p.x - o.x);
  const double det = l - r;
  const double bound = kErrBoundA * (std::fabs(l) + std::fabs(r));
  if (det >= bound || -det >= bound) return {det, signOf(det)};
  return fromExpansion(exact(d.x) * exactDiff(p.y, o.y) - exact(d.y) * exactDiff(p.x, o.x));
}

SignedValue dotWithDiff(Vec2 d, Vec2 o, Vec2 p) {
  const double l = d.x * (p.x - o.x);
  const double r = d.y * (p.y - o.y);
  const double det = l + r;
  const double bound = kErrBoundA * (std::fabs(l) + std::fabs(r));
  if (det >= bound || -det >= bound) return {det, signOf(det)};
  return fromExpansion(exact(d.x) * exactDiff(p.x, o.x) + exact(d.y) * exactDiff(p.y, o.y));
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
  // with a proven forward error bound (3 + 16 eps) eps (|detleft| + |detright|), eps = 2^-53.
  const double detleft = (a.x - c.x) * (b.y - c.y);
  const double detright = (a.y - c.y) * (b.x - c.x);
  const double det = detleft - detright;
  double detsum;
  if (detleft > 0.0) {
    if (detright <= 0.0) return (det > 0.0) - (det < 0.0);
    detsum = detleft + detright;
  } else if (detleft < 0.0) {
    if (detright >= 0.0) return (det > 0.0) - (det < 0.0);
    detsum = -detleft - detright;
  } else {
    // detleft == 0 exactly (a rounded difference is zero only when exact), or NaN: sign of -detright.
    return (det > 0.0) - (det < 0.0);
  }
  const double errbound = detail::kErrBoundA * detsum;
  if (det >= errbound || -det >= errbound) return (det > 0.0) - (det < 0.0);
  return detail::orientExact(a, b, c);
}

}  // namespace collide2d
