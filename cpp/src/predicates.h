// collide2d — internal exact arithmetic (not part of the public API).
//
// WHAT THIS OFFERS
//
// * Error-free transformations of doubles: twoSum, twoDiff, twoProduct (Dekker splitting, no FMA; the library is
//   compiled with -ffp-contract=off so nothing gets fused behind our back). Each returns the rounded result and
//   the exact rounding error, so hi + lo == the exact mathematical value.
// * Expansion<N>: a fixed-capacity (stack, no heap) exact number, the sum of up to N doubles stored
//   non-overlapping, by increasing magnitude, zeros removed (Shewchuk's "expansions"). Build one from a double
//   (exact(x)), from an exact difference / sum / product of two doubles (exactDiff, exactSum, exactProduct), then
//   combine with +, - (binary and unary) and * between expansions. The capacity of a result is computed at compile
//   time (N + M for a sum, 2 N M for a product) so no operation can overflow its storage. sign() is the exact sign
//   of the represented value; estimate() is a rounded approximation of it.
//   Example, exact sign of r^2 |d|^2 - cross(d, w)^2 with d = b - a and w = c - a:
//       const auto dx = exactDiff(b.x, a.x), dy = exactDiff(b.y, a.y);
//       const auto wx = exactDiff(c.x, a.x), wy = exactDiff(c.y, a.y);
//       const auto r2 = exactProduct(r, r);
//       const auto cr = dx * wy - dy * wx;
//       const int s = (r2 * (dx * dx + dy * dy) - cr * cr).sign();
//   Keep polynomials small: capacities multiply (that example needs about 600 doubles of stack at the end).
//   Running time depends on the actual (zero-eliminated) lengths, usually far below the capacity.
// * orientExact(a, b, c): the exact sign of (b - a) x (c - a) without the fast filter (orient() in the public
//   header runs the filter first and falls back to this). dotSignExact: exact sign of dot(u - v, w - z).
// * Adaptive two-product determinants with an exact sign and an accurate value: crossOfDiffs (p1 - p0) x (q1 - q0),
//   crossWithDiff d x (p - o), dotWithDiff d . (p - o). Use them for "which side", "parallel or not", "ahead or
//   behind" decisions on quantities that are not a plain orient() of three points.
// * unitOrZero(v): a unit vector that survives under- and overflow of |v|^2.
//
// DOMAIN. The exact paths rescale their inputs by a power of two (exact) so that the largest magnitude lies in
// [1, 2); then nothing overflows, and a product of two expansion components underflows only when the inputs of
// one call span too many binades. Every input double is a multiple of q = ulp(m), m its smallest nonzero
// magnitude, so a degree-k polynomial of them is a sum of multiples of q^k: exact when q^k >= 2^-1074. Hence:
//   orient, crossOfDiffs, crossWithDiff, dotWithDiff, dotSignExact (degree 2): exact for any finite inputs whose
//     nonzero magnitudes (per rescaled group) are within a factor 2^485 (about 1e146) of the largest;
//   tangencyDiscriminant and the circle/line discriminant (degree 4): within a factor 2^216 (about 1e65).
// Absolute magnitude does not matter (1e-300 and 1e300 alike). Outside those ratios, and for NaN or infinite
// inputs, every function still returns a defined value (sign() of a NaN expansion is 0), never UB.
#pragma once

#include <collide2d/collide2d.h>
#include <collide2d/math.h>

#include <cmath>
#include <initializer_list>

namespace collide2d::detail {

// ---------------------------------------------------------------------------------------------------------------
// Error-free transformations
// ---------------------------------------------------------------------------------------------------------------

/// hi = fl(a + b), lo = exact error: a + b == hi + lo (Knuth's two-sum, no precondition on magnitudes).
inline void twoSum(double a, double b, double& hi, double& lo) {
  hi = a + b;
  const double bv = hi - a;
  const double av = hi - bv;
  lo = (a - av) + (b - bv);
}

/// hi = fl(a - b), lo = exact error: a - b == hi + lo.
inline void twoDiff(double a, double b, double& hi, double& lo) {
  hi = a - b;
  const double bv = a - hi;
  const double av = hi + bv;
  lo = (a - av) + (bv - b);
}

/// Dekker's split of a into two 26-bit halves: a == hi + lo.
inline void split(double a, double& hi, double& lo) {
  constexpr double kSplitter = 134217729.0;  // 2^27 + 1
  const double c = kSplitter * a;
  const double big = c - a;
  hi = c - big;
  lo = a - hi;
}

/// hi = fl(a * b), lo = exact error: a * b == hi + lo (Dekker, no FMA).
inline void twoProduct(double a, double b, double& hi, double& lo) {
  hi = a * b;
  double ahi, alo, bhi, blo;
  split(a, ahi, alo);
  split(b, bhi, blo);
  const double e1 = hi - ahi * bhi;
  const double e2 = e1 - alo * bhi;
  const double e3 = e2 - ahi * blo;
  lo = alo * blo - e3;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw expansion kernels (lengths in, length out; outputs never alias inputs). Inputs must be non-overlapping,
// increasing magnitude, zero-free (length 0 means the value 0). Outputs have the same form.
// ---------------------------------------------------------------------------------------------------------------

/// h = e + f; h needs room for elen + flen components. Returns the length of h.
int expansionSum(const double* e, int elen, const double* f, int flen, double* h);
/// h = e * b; h needs room for 2 * elen components. Returns the length of h.
int expansionScale(const double* e, int elen, double b, double* h);
/// h = e * f; h needs room for 2 * elen * flen components; scratch needs 2 * elen + 2 * elen * flen.
int expansionProduct(const double* e, int elen, const double* f, int flen, double* h, double* scratch);

// ---------------------------------------------------------------------------------------------------------------
// Expansion<N>
// ---------------------------------------------------------------------------------------------------------------

/// An exact real number: the sum of n <= N doubles (non-overlapping, increasing magnitude, no zeros).
template <int N>
struct Expansion {
  static_assert(N >= 1, "capacity must be positive");
  static constexpr int kCapacity = N;
  double v[N];
  int n = 0;

  /// Exact sign of the value: -1, 0 or +1 (0 also for NaN components).
  int sign() const {
    if (n <= 0) return 0;
    const double top = v[n - 1];
    return (top > 0.0) - (top < 0.0);
  }
  /// Rounded approximation of the value.
  double estimate() const {
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += v[i];
    return s;
  }
};

/// The expansion of one double.
inline Expansion<1> exact(double a) {
  Expansion<1> r;
  r.v[0] = a;
  r.n = a != 0.0 ? 1 : 0;
  return r;
}

namespace impl {
template <int N>
inline Expansion<N> fromPair(double hi, double lo) {
  static_assert(N >= 2);
  Expansion<N> r;
  r.n = 0;
  if (lo != 0.0) r.v[r.n++] = lo;
  if (hi != 0.0) r.v[r.n++] = hi;
  return r;
}
}  // namespace impl

/// Exact a - b.
inline Expansion<2> exactDiff(double a, double b) {
  double hi, lo;
  twoDiff(a, b, hi, lo);
  return impl::fromPair<2>(hi, lo);
}
/// Exact a + b.
inline Expansion<2> exactSum(double a, double b) {
  double hi, lo;
  twoSum(a, b, hi, lo);
  return impl::fromPair<2>(hi, lo);
}
/// Exact a * b.
inline Expansion<2> exactProduct(double a, double b) {
  double hi, lo;
  twoProduct(a, b, hi, lo);
  return impl::fromPair<2>(hi, lo);
}

template <int N, int M>
inline Expansion<N + M> operator+(const Expansion<N>& a, const Expansion<M>& b) {
  Expansion<N + M> r;
  r.n = expansionSum(a.v, a.n, b.v, b.n, r.v);
  return r;
}

template <int N>
inline Expansion<N> operator-(const Expansion<N>& a) {
  Expansion<N> r;
  r.n = a.n;
  for (int i = 0; i < a.n; ++i) r.v[i] = -a.v[i];
  return r;
}

template <int N, int M>
inline Expansion<N + M> operator-(const Expansion<N>& a, const Expansion<M>& b) {
  return a + (-b);
}

template <int N, int M>
inline Expansion<2 * N * M> operator*(const Expansion<N>& a, const Expansion<M>& b) {
  Expansion<2 * N * M> r;
  if (a.n == 0 || b.n == 0) {
    r.n = 0;
    return r;
  }
  if (b.n == 1) {
    r.n = expansionScale(a.v, a.n, b.v[0], r.v);
    return r;
  }
  if (a.n == 1) {
    r.n = expansionScale(b.v, b.n, a.v[0], r.v);
    return r;
  }
  double scratch[2 * N + 2 * N * M];
  r.n = expansionProduct(a.v, a.n, b.v, b.n, r.v, scratch);
  return r;
}

/// Exact sign of (b - a) x (c - a), computed as the expansion of its six products (no filter).
int orientExact(Vec2 a, Vec2 b, Vec2 c);

/// Exact sign of (u.x - v.x) * (w.x - z.x) + (u.y - v.y) * (w.y - z.y), i.e. dot(u - v, w - z).
int dotSignExact(Vec2 u, Vec2 v, Vec2 w, Vec2 z);

// ---------------------------------------------------------------------------------------------------------------
// Adaptive two-term determinants. Each returns {value, sign}: sign is EXACT for the given doubles; value is the
// double evaluation when the error filter certifies its sign, otherwise the rounded value of the exact expansion
// (so value is never of the wrong sign, and is accurate to a few ulps of the true value). The fast path costs a
// handful of flops; the exact path only runs when the filter cannot decide. NaN input gives sign 0, value NaN.
// ---------------------------------------------------------------------------------------------------------------

struct SignedValue {
  double value = 0.0;
  int sign = 0;
};

/// (p1 - p0) x (q1 - q0): its exact sign, and its value rounded (sign-certain only, which may be far off when the
/// two products nearly cancel), or with `accurate` within about 1e-12 relative (the exact expansion when they cancel).
SignedValue crossOfDiffs(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1, bool accurate = false);
/// d x (p - o) for an exact direction d.
SignedValue crossWithDiff(Vec2 d, Vec2 o, Vec2 p);
/// d . (p - o) for an exact direction d.
SignedValue dotWithDiff(Vec2 d, Vec2 o, Vec2 p);

/// r^2 |d|^2 - (d x (c - o))^2 for an exact direction d: positive when the line o + t d crosses the circle (c, r),
/// zero when tangent. Exact sign (see DOMAIN); NaN or infinite input gives sign -1, value 0.
SignedValue tangencyDiscriminant(Vec2 d, Vec2 o, Vec2 c, double r);

/// The power of two 2^k (returned: k) that brings the largest magnitude among `values` into [1, 2); 0 when all are
/// zero or one is not finite. With keepSmall, scaling down stops where the smallest nonzero value would leave the
/// normal range (exact predicates: no input loses bits); without, tiny values may flush (metric code: negligible).
int scaleExponent(std::initializer_list<double> values, bool keepSmall = true);

/// orient(a, b, c) for hot loops: Shewchuk's double filter inline (the one orient() runs after its exact shortcuts,
/// with the same bound), orient() itself when the filter cannot certify the sign. Whenever the filter decides, its
/// sign is the exact one and orient()'s shortcuts and filter give that same sign, so the answers are orient()'s.
inline int orientFiltered(Vec2 a, Vec2 b, Vec2 c) {
  constexpr double kEps = 1.1102230246251565e-16;  // 2^-53
  constexpr double kBound = (3.0 + 16.0 * kEps) * kEps;
  const double detleft = (a.x - c.x) * (b.y - c.y);
  const double detright = (a.y - c.y) * (b.x - c.x);
  const double det = detleft - detright;
  const double detsum = std::fabs(detleft) + std::fabs(detright);
  if (detsum >= 0x1p-900 && detsum <= 0x1p900 && std::fabs(det) >= kBound * detsum) return (det > 0.0) - (det < 0.0);
  return orient(a, b, c);
}

/// v with each -0 component turned into +0 (results never carry a negative zero).
inline Vec2 noNegativeZero(Vec2 v) { return {v.x + 0.0, v.y + 0.0}; }

/// Unit vector along v, also when |v|^2 underflows or overflows (the vector is rescaled by a power of two first);
/// (0, 0) for a zero or non-finite v.
Vec2 unitOrZero(Vec2 v);

}  // namespace collide2d::detail
