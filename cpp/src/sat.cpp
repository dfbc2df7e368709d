// Separating axis theorem: rotated boxes (seed 001, worked in A's local frame with a bounding-circle pre-check)
// and one routine for every convex pair (polygons, and boxes / segments viewed as small stack polygons).
//
// Per axis, the projections of A and B give two intervals. They overlap by
// min(maxA, maxB) - max(minA, minB); a negative overlap proves the shapes apart. The distance B must move along the
// axis to separate is min(maxA - minB, maxB - minA) (push towards +axis or -axis): it equals the overlap unless one
// interval contains the other, and it is what the minimum translation vector needs. The MTV is the axis with the
// smallest such push, first in test order on ties.
#include <collide2d/collide2d.h>

#include "contact_point.h"
#include "predicates.h"
#include "sat.h"
#include "trig/trig.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace collide2d {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Vec2 unitOf(Vec2 d) {
  const double s = std::max(std::fabs(d.x), std::fabs(d.y));
  if (!(s > 0.0) || !std::isfinite(s)) return normalize(d);
  return normalize(Vec2{d.x / s, d.y / s});
}

using Interval = detail::AxisInterval;

// Two independent lanes (even and odd vertices) halve the min / max dependency chains; min and max are exact, so
// only the sign of a zero extreme can depend on the lane order. In WebAssembly with SIMD the lanes are one f64x2:
// V8 turns a scalar f64 select into a branch, which mispredicts on every other vertex, while f64x2.pmin / pmax
// (exactly `b < a ? b : a` / `a < b ? b : a` per lane, the same as below) are single branch-free instructions.
// The products and sums are the same IEEE operations in the same order, so the projections are bit-identical.
// Always inlined: returned through the stack, the interval's two doubles were reloaded as one 16-byte vector, which
// stalls store-to-load forwarding (natively about a third of runSat's time).
#if defined(__wasm_simd128__)
[[gnu::always_inline]] inline Interval projectPoints(const Vec2* v, int count, Vec2 axis) {
  const v128_t ax = wasm_f64x2_splat(axis.x), ay = wasm_f64x2_splat(axis.y);
  v128_t mn = wasm_f64x2_splat(kInf), mx = wasm_f64x2_splat(-kInf);
  int i = 0;
  for (; i + 1 < count; i += 2) {
    const v128_t p0 = wasm_v128_load(&v[i]), p1 = wasm_v128_load(&v[i + 1]);
    const v128_t xs = wasm_i64x2_shuffle(p0, p1, 0, 2), ys = wasm_i64x2_shuffle(p0, p1, 1, 3);
    const v128_t d = wasm_f64x2_add(wasm_f64x2_mul(xs, ax), wasm_f64x2_mul(ys, ay));
    mn = wasm_f64x2_pmin(mn, d);
    mx = wasm_f64x2_pmax(mx, d);
  }
  double min0 = wasm_f64x2_extract_lane(mn, 0), min1 = wasm_f64x2_extract_lane(mn, 1);
  double max0 = wasm_f64x2_extract_lane(mx, 0), max1 = wasm_f64x2_extract_lane(mx, 1);
  if (i < count) {
    const double d0 = v[i].x * axis.x + v[i].y * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
  }
  return {std::min(min0, min1), std::max(max0, max1)};
}
#elif defined(__SSE2__)
// The same two lanes natively as one SSE2 register: minpd(d, mn) is `d < mn ? d : mn` and maxpd(d, mx) is
// `d > mx ? d : mx` per lane (NaN: the second operand), exactly the scalar selects below.
[[gnu::always_inline]] inline Interval projectPoints(const Vec2* v, int count, Vec2 axis) {
  const __m128d ax = _mm_set1_pd(axis.x), ay = _mm_set1_pd(axis.y);
  __m128d mn = _mm_set1_pd(kInf), mx = _mm_set1_pd(-kInf);
  int i = 0;
  for (; i + 1 < count; i += 2) {
    const __m128d p0 = _mm_loadu_pd(&v[i].x), p1 = _mm_loadu_pd(&v[i + 1].x);
    const __m128d xs = _mm_unpacklo_pd(p0, p1), ys = _mm_unpackhi_pd(p0, p1);
    const __m128d d = _mm_add_pd(_mm_mul_pd(xs, ax), _mm_mul_pd(ys, ay));
    mn = _mm_min_pd(d, mn);
    mx = _mm_max_pd(d, mx);
  }
  double min0 = _mm_cvtsd_f64(mn), min1 = _mm_cvtsd_f64(_mm_unpackhi_pd(mn, mn));
  double max0 = _mm_cvtsd_f64(mx), max1 = _mm_cvtsd_f64(_mm_unpackhi_pd(mx, mx));
  if (i < count) {
    const double d0 = v[i].x * axis.x + v[i].y * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
  }
  return {std::min(min0, min1), std::max(max0, max1)};
}
#else
[[gnu::always_inline]] inline Interval projectPoints(const Vec2* v, int count, Vec2 axis) {
  double min0 = kInf, max0 = -kInf, min1 = kInf, max1 = -kInf;
  int i = 0;
  for (; i + 1 < count; i += 2) {
    const double d0 = v[i].x * axis.x + v[i].y * axis.y;
    const double d1 = v[i + 1].x * axis.x + v[i + 1].y * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
    min1 = d1 < min1 ? d1 : min1;
    max1 = max1 < d1 ? d1 : max1;
  }
  if (i < count) {
    const double d0 = v[i].x * axis.x + v[i].y * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
  }
  return {std::min(min0, min1), std::max(max0, max1)};
}
#endif

// The same projection over the vertices stored as two arrays, xs and ys (transposed once per SAT call, see runSat):
// the same lanes (even and odd vertices), products, sums and selects in the same order as projectPoints, so the same
// bits, without the two shuffles per pair of vertices that the interleaved {x, y} layout needs. Native builds only:
// in WebAssembly it measured 64 instructions fewer per collide() of two factory polygons (of ~6,000) for 310 B more
// gzip (bench/results/2026-11-29-single-calls-2.md), so the module keeps projectPoints (kTranspose).
#if defined(__wasm__)
constexpr bool kTranspose = false;
#else
constexpr bool kTranspose = true;
#endif
#if defined(__SSE2__)
[[gnu::always_inline]] inline Interval projectSoa(const double* xs, const double* ys, int count, Vec2 axis) {
  const __m128d ax = _mm_set1_pd(axis.x), ay = _mm_set1_pd(axis.y);
  __m128d mn = _mm_set1_pd(kInf), mx = _mm_set1_pd(-kInf);
  int i = 0;
  for (; i + 1 < count; i += 2) {
    const __m128d d = _mm_add_pd(_mm_mul_pd(_mm_load_pd(xs + i), ax), _mm_mul_pd(_mm_load_pd(ys + i), ay));
    mn = _mm_min_pd(d, mn);
    mx = _mm_max_pd(d, mx);
  }
  double min0 = _mm_cvtsd_f64(mn), min1 = _mm_cvtsd_f64(_mm_unpackhi_pd(mn, mn));
  double max0 = _mm_cvtsd_f64(mx), max1 = _mm_cvtsd_f64(_mm_unpackhi_pd(mx, mx));
  if (i < count) {
    const double d0 = xs[i] * axis.x + ys[i] * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
  }
  return {std::min(min0, min1), std::max(max0, max1)};
}
#else
[[gnu::always_inline]] inline Interval projectSoa(const double* xs, const double* ys, int count, Vec2 axis) {
  double min0 = kInf, max0 = -kInf, min1 = kInf, max1 = -kInf;
  int i = 0;
  for (; i + 1 < count; i += 2) {
    const double d0 = xs[i] * axis.x + ys[i] * axis.y;
    const double d1 = xs[i + 1] * axis.x + ys[i + 1] * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
    min1 = d1 < min1 ? d1 : min1;
    max1 = max1 < d1 ? d1 : max1;
  }
  if (i < count) {
    const double d0 = xs[i] * axis.x + ys[i] * axis.y;
    min0 = d0 < min0 ? d0 : min0;
    max0 = max0 < d0 ? d0 : max0;
  }
  return {std::min(min0, min1), std::max(max0, max1)};
}
#endif

// The transposed vertices of both shapes of one SAT call (on the stack; shapes of more than kMax vertices keep the
// interleaved layout).
struct SoaPair {
  static constexpr int kMax = 16;
  alignas(16) double ax[kMax], ay[kMax], bx[kMax], by[kMax];
};

inline void transpose(const Vec2* v, int n, double* xs, double* ys) {
  for (int i = 0; i < n; ++i) {
    xs[i] = v[i].x;
    ys[i] = v[i].y;
  }
}

// std::min / std::max of doubles without a branch. Natively the compiler already emits minsd / maxsd; V8 compiles
// a scalar f64 select into a branch, so in WebAssembly these go through one SIMD lane, where pmin / pmax are the
// same comparisons (pmin(a, b) = b < a ? b : a = std::min(a, b); pmax(a, b) = a < b ? b : a = std::max(a, b)).
inline double minOf(double a, double b) {
#if defined(__wasm_simd128__)
  return wasm_f64x2_extract_lane(wasm_f64x2_pmin(wasm_f64x2_splat(a), wasm_f64x2_splat(b)), 0);
#else
  return std::min(a, b);
#endif
}
inline double maxOf(double a, double b) {
#if defined(__wasm_simd128__)
  return wasm_f64x2_extract_lane(wasm_f64x2_pmax(wasm_f64x2_splat(a), wasm_f64x2_splat(b)), 0);
#else
  return std::max(a, b);
#endif
}

// The push that separates B from A along `axis`, and in which direction (+1: move B towards +axis). Branch-free:
// the direction is an integer select, the distance the smaller push (forward on ties).
struct Push {
  double distance = 0.0;
  int backward = 0;  ///< 1: move B towards -axis
  double sign() const { return backward != 0 ? -1.0 : 1.0; }
};

Push pushAlong(const Interval& a, const Interval& b) {
  const double forward = a.max - b.min;   // move B by +axis * forward
  const double backward = b.max - a.min;  // move B by -axis * backward
  return {minOf(forward, backward), backward < forward ? 1 : 0};
}

double overlapOf(const Interval& a, const Interval& b) { return minOf(a.max, b.max) - maxOf(a.min, b.min); }

void resetTrace(SatTrace* trace) {
  if (trace == nullptr) return;
  trace->axes.clear();
  trace->separatingAxis = -1;
  trace->minimumAxis = -1;
  trace->boundingCircleTested = false;
  trace->boundingCircleRejected = false;
}

// A non-owning view of a convex shape for SAT: its vertices and the axes it contributes (unit).
// How an axis maps to the shape's edges, for the exact decision near a touch (see separatesExactly).
enum class ViewKind : unsigned char {
  Polygon,  ///< axis i is the outward normal of the edge vertices[i] -> vertices[i + 1]
  Aabb,     ///< vertices[0] = min, vertices[2] = max; axes x and y (exact coordinate comparisons)
  Quad,     ///< 4 corners counter-clockwise; axis i is the normal of edges i + 1 and i + 3 (opposite sides)
  Segment   ///< 2 vertices; axis 0 the normal (both sides), axis 1 the direction (beyond either end)
};

struct ConvexView {
  const Vec2* vertices = nullptr;
  int vertexCount = 0;
  const Vec2* axes = nullptr;
  int axisCount = 0;
  ViewKind kind = ViewKind::Polygon;
};

ConvexView viewOf(const Polygon& p) {
  // Polygons hold far fewer than INT_MAX vertices; the clamp keeps the conversion defined regardless.
  const auto count = static_cast<int>(std::min<std::size_t>(p.size(), 1u << 30));
  return {p.vertices().data(), count, p.normals().data(), static_cast<int>(std::min<std::size_t>(
                                                                                p.normals().size(), 1u << 30))};
}

// Four corners and two axes of an Aabb or a Box, on the stack. Opposite sides share an axis.
struct Quad {
  Vec2 vertices[4];
  Vec2 axes[2];
  bool aligned = false;  // an Aabb: exact comparisons of coordinates
  ConvexView view() const { return {vertices, 4, axes, 2, aligned ? ViewKind::Aabb : ViewKind::Quad}; }
};

Quad quadOf(const Aabb& b) {
  Quad q;
  q.vertices[0] = b.min;
  q.vertices[1] = {b.max.x, b.min.y};
  q.vertices[2] = b.max;
  q.vertices[3] = {b.min.x, b.max.y};
  q.axes[0] = {1.0, 0.0};
  q.axes[1] = {0.0, 1.0};
  q.aligned = true;
  return q;
}

// The corners of a box exactly as Box::corners computes them (same operations, same order: same bits), given
// c = cos(angle) and s = sin(angle) that the caller already has.
void boxCorners(const Box& b, double c, double s, Vec2 out[4]) {
  const Vec2 ex{c * b.halfExtents.x, s * b.halfExtents.x};
  const Vec2 ey{-s * b.halfExtents.y, c * b.halfExtents.y};
  out[0] = b.center - ex - ey;
  out[1] = b.center + ex - ey;
  out[2] = b.center + ex + ey;
  out[3] = b.center - ex + ey;
}

Quad quadOf(const Box& b) {
  Quad q;
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double c = turn.c, s = turn.s;
  boxCorners(b, c, s, q.vertices);
  q.axes[0] = {c, s};
  q.axes[1] = {-s, c};
  return q;
}

// A segment is a two-vertex polygon whose axes are its normal and its direction (so that collinear, disjoint
// segments separate). A zero-length segment is a point and contributes no axis.
struct SegmentShape {
  Vec2 vertices[2];
  Vec2 axes[2];
  int axisCount = 0;
  ConvexView view() const { return {vertices, 2, axes, axisCount, ViewKind::Segment}; }
};

SegmentShape segmentOf(const Segment& s) {
  SegmentShape out;
  out.vertices[0] = s.a;
  out.vertices[1] = s.b;
  if (s.a != s.b) {
    const Vec2 dir = unitOf(s.b - s.a);
    out.axes[0] = {dir.y, -dir.x};
    out.axes[1] = dir;
    out.axisCount = 2;
  }
  return out;
}

// -- exact decisions near a touch -------------------------------------------------------------------------------------
//
// Projections on rounded unit axes round an exact zero gap either way, so an axis whose overlap lies within the
// rounding band (|overlap| <= band, band = 64 eps * the largest |x| + |y| among the vertices) is re-decided exactly:
// the axis separates when the other shape lies strictly beyond one of the edges it stands for (exact orientation
// of every vertex). Outside the band the double decision is certain: a clear negative overlap on a rounded axis is
// a real separation, and a clear positive one means no vertex can be strictly beyond the edge. Two closed convex
// polygons are disjoint exactly when some edge has the other strictly outside, so the answer is exact.

constexpr double kBandUlps = 64.0 * DBL_EPSILON;

// The largest |x| + |y| of the vertices (0 for none). Every term is >= +0 (never -0) and max is exact, so two lanes
// (even and odd vertices, as projectPoints) give the same bits as one; a NaN term is skipped either way (pmax / maxpd
// keep the running maximum, as maxOf does).
#if defined(__wasm_simd128__)
[[gnu::always_inline]] inline double magnitude(const Vec2* v, int n) {
  v128_t m = wasm_f64x2_splat(0.0);
  int i = 0;
  for (; i + 1 < n; i += 2) {
    const v128_t p0 = wasm_v128_load(&v[i]), p1 = wasm_v128_load(&v[i + 1]);
    const v128_t s = wasm_f64x2_add(wasm_f64x2_abs(wasm_i64x2_shuffle(p0, p1, 0, 2)),
                                    wasm_f64x2_abs(wasm_i64x2_shuffle(p0, p1, 1, 3)));
    m = wasm_f64x2_pmax(m, s);
  }
  double m0 = wasm_f64x2_extract_lane(m, 0);
  const double m1 = wasm_f64x2_extract_lane(m, 1);
  if (i < n) m0 = maxOf(m0, std::fabs(v[i].x) + std::fabs(v[i].y));
  return maxOf(m0, m1);
}
#elif defined(__SSE2__)
[[gnu::always_inline]] inline double magnitude(const Vec2* v, int n) {
  const __m128d sign = _mm_set1_pd(-0.0);
  __m128d m = _mm_setzero_pd();
  int i = 0;
  for (; i + 1 < n; i += 2) {
    const __m128d p0 = _mm_loadu_pd(&v[i].x), p1 = _mm_loadu_pd(&v[i + 1].x);
    const __m128d s = _mm_add_pd(_mm_andnot_pd(sign, _mm_unpacklo_pd(p0, p1)), _mm_andnot_pd(sign, _mm_unpackhi_pd(p0, p1)));
    m = _mm_max_pd(s, m);
  }
  double m0 = _mm_cvtsd_f64(m);
  const double m1 = _mm_cvtsd_f64(_mm_unpackhi_pd(m, m));
  if (i < n) m0 = maxOf(m0, std::fabs(v[i].x) + std::fabs(v[i].y));
  return maxOf(m0, m1);
}
#else
double magnitude(const Vec2* v, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) m = maxOf(m, std::fabs(v[i].x) + std::fabs(v[i].y));
  return m;
}
#endif

bool allRightOf(Vec2 p, Vec2 q, const Vec2* o, int n) {
  for (int j = 0; j < n; ++j) {
    if (orient(p, q, o[j]) >= 0) return false;
  }
  return true;
}

bool allLeftOf(Vec2 p, Vec2 q, const Vec2* o, int n) {
  for (int j = 0; j < n; ++j) {
    if (orient(p, q, o[j]) <= 0) return false;
  }
  return true;
}

// Exactly: does axis i of `s` separate the points o[0..n) from it (strictly)? `rounded` is the double decision,
// kept where the shape gives no edge to decide on (a degenerate edge of a transformed or zero-extent shape).
bool separatesExactly(const ConvexView& s, int i, const Vec2* o, int n, bool rounded) {
  const Vec2* v = s.vertices;
  switch (s.kind) {
    case ViewKind::Polygon: {
      const Vec2 p = v[i], q = v[i + 1 < s.vertexCount ? i + 1 : 0];
      return p == q ? rounded : allRightOf(p, q, o, n);
    }
    case ViewKind::Aabb: {
      bool above = true, below = true;
      for (int j = 0; j < n; ++j) {
        const double c = i == 0 ? o[j].x : o[j].y;
        above = above && c > (i == 0 ? v[2].x : v[2].y);
        below = below && c < (i == 0 ? v[0].x : v[0].y);
      }
      return above || below;
    }
    case ViewKind::Quad: {
      const int e1 = i + 1, e2 = i + 3;  // edges e -> e + 1 (mod 4)
      const Vec2 p1 = v[e1], q1 = v[(e1 + 1) & 3], p2 = v[e2 & 3], q2 = v[(e2 + 1) & 3];
      if (p1 == q1 && p2 == q2) {
        // Both sides collapsed: the quad is the segment q2 -> p1 (a box of zero extent across this axis), and the
        // axis runs along it: the others are apart when all lie strictly beyond one of its ends.
        if (q2 == p1) {
          // A point: apart along the (rounded) axis itself when every other vertex lies strictly beyond it on one
          // side (exact signs of dot(o - p, axis); any direction that separates proves the shapes apart).
          if (s.axes == nullptr) return rounded;
          bool ahead = true, behind = true;
          for (int j = 0; j < n; ++j) {
            const int d = detail::dotWithDiff(s.axes[i], p1, o[j]).sign;
            ahead = ahead && d > 0;
            behind = behind && d < 0;
          }
          return ahead || behind;
        }
        bool beyond = true, before = true;
        for (int j = 0; j < n; ++j) {
          beyond = beyond && detail::dotSignExact(o[j], p1, p1, q2) > 0;
          before = before && detail::dotSignExact(o[j], q2, q2, p1) > 0;
        }
        return beyond || before;
      }
      return (p1 != q1 && allRightOf(p1, q1, o, n)) || (p2 != q2 && allRightOf(p2, q2, o, n));
    }
    case ViewKind::Segment: {
      const Vec2 a = v[0], b = v[1];
      if (i == 0) return allRightOf(a, b, o, n) || allLeftOf(a, b, o, n);
      bool beyondB = true, beforeA = true;
      for (int j = 0; j < n; ++j) {
        beyondB = beyondB && detail::dotSignExact(o[j], b, b, a) > 0;
        beforeA = beforeA && detail::dotSignExact(o[j], a, a, b) > 0;
      }
      return beyondB || beforeA;
    }
  }
  return rounded;
}

// The overlap reported for an axis decided exactly: never negative when it does not separate, negative (the
// smallest magnitude) when it does although the rounded overlap was not.
double decidedOverlap(double overlap, bool separates) {
  if (separates) return overlap < 0.0 ? overlap : -std::numeric_limits<double>::denorm_min();
  return overlap < 0.0 ? 0.0 : overlap;
}

enum class Stop : bool { AtSeparatingAxis, Never };

using detail::SatWant;

// detail::deepestPoint, given scale = magnitude(b, nb) when known (negative: computed here, in the same loop as
// before). The projections on the normal are kept from the first pass (up to kKept vertices) rather than computed
// twice: the same products, so the same bits.
Vec2 deepestPointScaled(const Vec2* b, int nb, const Vec2* a, int na, Vec2 normal, double scale) {
  if (nb <= 0) return {};
  constexpr int kKept = 16;
  double kept[kKept];
  int best = 0;
  double deepest = kInf;
  if (scale < 0.0) {
    scale = 0.0;
    for (int i = 0; i < nb; ++i) {  // branch-free: the first deepest vertex
      const double d = dot(b[i], normal);
      if (i < kKept) kept[i] = d;
      best = d < deepest ? i : best;
      deepest = minOf(deepest, d);
      scale = maxOf(scale, std::fabs(b[i].x) + std::fabs(b[i].y));
    }
  } else {
    for (int i = 0; i < nb; ++i) {
      const double d = dot(b[i], normal);
      if (i < kKept) kept[i] = d;
      best = d < deepest ? i : best;
      deepest = minOf(deepest, d);
    }
  }
  const double tolerance = 32.0 * DBL_EPSILON * scale;
  const Vec2 tangent = perp(normal);
  Interval edge;
  int count = 0;
  for (int i = 0; i < nb; ++i) {
    if ((i < kKept ? kept[i] : dot(b[i], normal)) <= deepest + tolerance) {
      const double s = dot(b[i], tangent);
      edge.min = std::min(edge.min, s);
      edge.max = std::max(edge.max, s);
      ++count;
    }
  }
  if (count < 2 || na <= 0) return b[best];
  const Interval across = projectPoints(a, na, tangent);
  const double lo = maxOf(edge.min, across.min), hi = minOf(edge.max, across.max);
  if (!(lo <= hi)) return b[best];
  return normal * deepest + tangent * (lo + (hi - lo) * 0.5);
}

// The contact of a hit with its normal (from A to B) and depth: B's deepest point, or for SatWant::Flipped the
// contact of the swapped pair (B, A), as the generic dispatch reports it (normal negated, A's deepest point).
// magA and magB: magnitude() of each shape's vertices, when the caller has them (else negative).
Contact finishContact(const ConvexView& a, const ConvexView& b, Contact out, SatWant want, double magA = -1.0,
                      double magB = -1.0) {
  if (want == SatWant::Flipped) {
    out.normal = detail::noNegativeZero(-out.normal);
    out.point = deepestPointScaled(a.vertices, a.vertexCount, b.vertices, b.vertexCount, out.normal, magA);
  } else {
    out.point = deepestPointScaled(b.vertices, b.vertexCount, a.vertices, a.vertexCount, out.normal, magB);
  }
  return out;
}

// SAT over A's axes then B's. Returns a contact when no axis separates (or always with Stop::Never, keeping the
// smallest push, clamped at 0). Fills `trace` when given (then every axis is tested). With SatWant::Hit only `hit`.
// With `margin` every axis is tested too, and *margin receives the signed clearance (sat.h): the smallest push when
// no axis separates, else minus the largest gap of a separating axis (0 for an empty shape).
Contact runSat(const ConvexView& a, const ConvexView& b, Stop stop, SatTrace* trace, SatWant want,
               const Interval* aOwn = nullptr, const Interval* bOwn = nullptr, double* margin = nullptr) {
  resetTrace(trace);
  if (margin != nullptr) *margin = 0.0;
  if (a.vertexCount == 0 || b.vertexCount == 0) return {};
  if (a.axisCount + b.axisCount == 0) {
    // Two points.
    if (a.vertices[0] != b.vertices[0]) {
      if (margin != nullptr) {
        const Vec2 d = b.vertices[0] - a.vertices[0];
        *margin = -detail::hypot(d.x, d.y);
      }
      return {};
    }
    Contact out;
    out.hit = true;
    out.normal = {1.0, 0.0};
    if (want != SatWant::Flipped) {
      out.point = b.vertices[0];
      return out;
    }
    return finishContact(a, b, out, want);
  }
  bool separated = false;
  int index = 0;
  int bestIndex = -1;
  Push best{kInf, 0};
  double gap = 0.0;  // the largest gap of a separating axis (with margin)
  const double magA = magnitude(a.vertices, a.vertexCount), magB = magnitude(b.vertices, b.vertexCount);
  const double band = kBandUlps * maxOf(magA, magB);
  SoaPair soa;
  const bool transposed = kTranspose && a.vertexCount <= SoaPair::kMax && b.vertexCount <= SoaPair::kMax;
  if (transposed) {
    transpose(a.vertices, a.vertexCount, soa.ax, soa.ay);
    transpose(b.vertices, b.vertexCount, soa.bx, soa.by);
  }
  for (int owner = 0; owner < 2; ++owner) {
    const ConvexView& s = owner == 0 ? a : b;
    const ConvexView& other = owner == 0 ? b : a;
    for (int i = 0; i < s.axisCount; ++i, ++index) {
      const Vec2 axis = s.axes[i];
      // A shape's projection on its own axis may come precomputed (PreparedPolygon: the same function on the same
      // numbers, so the same bits).
      const Interval ia = owner == 0 && aOwn != nullptr ? aOwn[i]
                          : transposed                  ? projectSoa(soa.ax, soa.ay, a.vertexCount, axis)
                                                        : projectPoints(a.vertices, a.vertexCount, axis);
      const Interval ib = owner == 1 && bOwn != nullptr ? bOwn[i]
                          : transposed                  ? projectSoa(soa.bx, soa.by, b.vertexCount, axis)
                                                        : projectPoints(b.vertices, b.vertexCount, axis);
      double overlap = overlapOf(ia, ib);
      bool separates = overlap < 0.0;
      if (!(std::fabs(overlap) > band)) {  // within rounding of a touch (or NaN): decide exactly
        separates = separatesExactly(s, i, other.vertices, other.vertexCount, separates);
        overlap = decidedOverlap(overlap, separates);
      }
      if (trace != nullptr) trace->axes.push_back({axis, owner, i, ia.min, ia.max, ib.min, ib.max, overlap});
      if (separates) {
        if (!separated && trace != nullptr) trace->separatingAxis = index;
        separated = true;
        if (margin != nullptr) {
          gap = maxOf(gap, -overlap);
        } else if (stop == Stop::AtSeparatingAxis && trace == nullptr) {
          return {};
        }
      }
      // Keep the first smallest push, without a data-dependent branch (integer selects and minOf).
      const Push push = pushAlong(ia, ib);
      const bool better = push.distance < best.distance;
      bestIndex = better ? index : bestIndex;
      best.backward = better ? push.backward : best.backward;
      best.distance = minOf(best.distance, push.distance);
    }
  }
  if (margin != nullptr) *margin = separated ? -gap : best.distance;
  if ((separated && stop == Stop::AtSeparatingAxis) || bestIndex < 0) return {};
  if (trace != nullptr) trace->minimumAxis = bestIndex;
  Contact out;
  out.hit = true;
  if (want == SatWant::Hit) return out;
  const Vec2 bestAxis = bestIndex < a.axisCount ? a.axes[bestIndex] : b.axes[bestIndex - a.axisCount];
  out.normal = detail::noNegativeZero(bestAxis * best.sign());
  out.depth = std::max(0.0, best.distance);
  return finishContact(a, b, out, want, magA, magB);
}

// Box vs box in A's local frame (seed 001): A is [-ha, ha] there, its axes are the unit x and y axes, and B's
// corners are transformed into that frame. With a trace, axes and intervals are reported in world coordinates.
// Returns the contact (normal in world coordinates); with wantContact false only `hit` is meaningful.
Contact boxBox(const Box& a, const Box& b, SatTrace* trace, bool wantContact, double* margin = nullptr) {
  resetTrace(trace);
  if (margin != nullptr) *margin = 0.0;
  // Bounding-circle pre-check. The reach is widened by a few ulps so that rounding never rejects touching boxes.
  // The corners are rounded to the coordinates' precision, so the reach also gets a few ulps of the centres.
  const double centres = maxOf(std::fabs(a.center.x) + std::fabs(a.center.y), std::fabs(b.center.x) + std::fabs(b.center.y));
  const double reach =
      (length(a.halfExtents) + length(b.halfExtents)) * (1.0 + 8.0 * DBL_EPSILON) + 16.0 * DBL_EPSILON * centres;
  if (trace != nullptr) trace->boundingCircleTested = true;
  if (distanceSquared(a.center, b.center) > reach * reach) {
    if (trace != nullptr) trace->boundingCircleRejected = true;
    if (margin != nullptr) {  // the bounding circles' gap
      const Vec2 d = b.center - a.center;
      *margin = std::min(0.0, (length(a.halfExtents) + length(b.halfExtents)) - detail::hypot(d.x, d.y));
    }
    return {};
  }

  const detail::CosSin turnA = detail::cosSin(a.angle);
  const double ca = turnA.c, sa = turnA.s;
  const detail::CosSin turnB = detail::cosSin(b.angle);
  const double cb = turnB.c, sb = turnB.s;
  const Vec2 d = inverseRotate(b.center - a.center, ca, sa);  // B's centre in A's frame
  const Vec2 ub = inverseRotate(Vec2{cb, sb}, ca, sa);         // B's local x axis in A's frame
  const Vec2 vb = perp(ub);                                    // B's local y axis in A's frame
  const Vec2 ex = ub * b.halfExtents.x;
  const Vec2 ey = vb * b.halfExtents.y;
  const Vec2 cornersB[4] = {d - ex - ey, d + ex - ey, d + ex + ey, d - ex + ey};
  const Vec2 ha = a.halfExtents;
  const Vec2 cornersA[4] = {{-ha.x, -ha.y}, {ha.x, -ha.y}, {ha.x, ha.y}, {-ha.x, ha.y}};

  // Axes: A's x and y (normals of its edges 1 and 2), then B's x and y (normals of B's edges 1 and 2).
  const Vec2 axes[4] = {{1.0, 0.0}, {0.0, 1.0}, ub, vb};
  bool separated = false;
  int bestIndex = -1;
  Push best{kInf, 0};
  double gap = 0.0;  // the largest gap of a separating axis (with margin)
  // Near a touch the axis is decided exactly on the world corners (Box::corners, the shape every other path uses),
  // so that the answer does not depend on which box is A (issue 10, item 3).
  const double band = 4.0 * kBandUlps *
                      (centres + maxOf(a.halfExtents.x + a.halfExtents.y, b.halfExtents.x + b.halfExtents.y));
  Vec2 worldA[4], worldB[4];
  bool haveWorld = false;
  for (int i = 0; i < 4; ++i) {
    Interval ia, ib;
    if (i == 0) {
      ia = {-ha.x, ha.x};
    } else if (i == 1) {
      ia = {-ha.y, ha.y};
    } else {
      ia = projectPoints(cornersA, 4, axes[i]);
    }
    ib = projectPoints(cornersB, 4, axes[i]);
    double overlap = overlapOf(ia, ib);
    bool separates = overlap < 0.0;
    if (!(std::fabs(overlap) > band)) {
      if (!haveWorld) {
        boxCorners(a, ca, sa, worldA);
        boxCorners(b, cb, sb, worldB);
        haveWorld = true;
      }
      const Vec2 worldAxes[2] = {i < 2 ? Vec2{ca, sa} : Vec2{cb, sb}, i < 2 ? Vec2{-sa, ca} : Vec2{-sb, cb}};
      const ConvexView owner{i < 2 ? worldA : worldB, 4, worldAxes, 2, ViewKind::Quad};
      separates = separatesExactly(owner, i & 1, i < 2 ? worldB : worldA, 4, separates);
      overlap = decidedOverlap(overlap, separates);
    }
    if (trace != nullptr) {
      const Vec2 world = rotate(axes[i], ca, sa);
      const double offset = dot(a.center, world);
      trace->axes.push_back({world, i / 2, 1 + i % 2, ia.min + offset, ia.max + offset, ib.min + offset,
                             ib.max + offset, overlap});
    }
    if (separates) {
      if (margin != nullptr) gap = maxOf(gap, -overlap);
      if (trace == nullptr && margin == nullptr) return {};
      if (!separated && trace != nullptr) trace->separatingAxis = i;
      separated = true;
    }
    const Push push = pushAlong(ia, ib);
    const bool better = push.distance < best.distance;
    bestIndex = better ? i : bestIndex;
    best.backward = better ? push.backward : best.backward;
    best.distance = minOf(best.distance, push.distance);
  }
  if (margin != nullptr) *margin = separated ? -gap : best.distance;
  if (separated || bestIndex < 0) return {};
  if (trace != nullptr) trace->minimumAxis = bestIndex;
  Contact out;
  out.hit = true;
  if (!wantContact) return out;
  out.normal = detail::noNegativeZero(rotate(axes[bestIndex] * best.sign(), ca, sa));
  out.depth = std::max(0.0, best.distance);
  if (!haveWorld) {
    boxCorners(a, ca, sa, worldA);  // = a.corners(worldA), reusing cos / sin
    boxCorners(b, cb, sb, worldB);
  }
  out.point = detail::deepestPoint(worldB, 4, worldA, 4, out.normal);
  return out;
}

}  // namespace

Vec2 detail::deepestPoint(const Vec2* b, int nb, const Vec2* a, int na, Vec2 normal) {
  return deepestPointScaled(b, nb, a, na, normal, -1.0);
}

// -- rotated boxes ----------------------------------------------------------------------------------------------------

bool overlaps(const Box& a, const Box& b) { return boxBox(a, b, nullptr, false).hit; }

Contact collide(const Box& a, const Box& b, SatTrace* trace) { return boxBox(a, b, trace, true); }

// -- convex polygons and mixed pairs ----------------------------------------------------------------------------------

// The SAT pairs with what the caller wants (sat.h); the public overloads below are SatWant::Contact.
Contact detail::sat(const Aabb& a, const Box& b, SatWant want, double* margin) {
  return runSat(quadOf(a).view(), quadOf(b).view(), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Aabb& a, const Polygon& b, SatWant want, double* margin) {
  return runSat(quadOf(a).view(), viewOf(b), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Aabb& a, const Segment& b, SatWant want, double* margin) {
  return runSat(quadOf(a).view(), segmentOf(b).view(), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Box& a, const Polygon& b, SatWant want, double* margin) {
  return runSat(quadOf(a).view(), viewOf(b), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Box& a, const Segment& b, SatWant want, double* margin) {
  return runSat(quadOf(a).view(), segmentOf(b).view(), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Polygon& a, const Polygon& b, SatWant want, double* margin) {
  return runSat(viewOf(a), viewOf(b), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}
Contact detail::sat(const Polygon& a, const Segment& b, SatWant want, double* margin) {
  return runSat(viewOf(a), segmentOf(b).view(), Stop::AtSeparatingAxis, nullptr, want, nullptr, nullptr, margin);
}

Contact detail::sat(const Box& a, const Box& b, SatWant want, double* margin) {
  return boxBox(a, b, nullptr, want != SatWant::Hit, margin);
}
double detail::satMargin(const Segment& a, const Segment& b) {
  double margin = 0.0;
  (void)runSat(segmentOf(a).view(), segmentOf(b).view(), Stop::Never, nullptr, SatWant::Hit, nullptr, nullptr, &margin);
  return margin;
}

bool overlaps(const Polygon& a, const Polygon& b) { return detail::sat(a, b, SatWant::Hit).hit; }

Contact collide(const Polygon& a, const Polygon& b, SatTrace* trace) {
  return runSat(viewOf(a), viewOf(b), Stop::AtSeparatingAxis, trace, SatWant::Contact);
}

Contact collide(const Aabb& a, const Box& b) { return detail::sat(a, b, SatWant::Contact); }
Contact collide(const Aabb& a, const Polygon& b) { return detail::sat(a, b, SatWant::Contact); }
Contact collide(const Aabb& a, const Segment& b) { return detail::sat(a, b, SatWant::Contact); }
Contact collide(const Box& a, const Polygon& b) { return detail::sat(a, b, SatWant::Contact); }
Contact collide(const Box& a, const Segment& b) { return detail::sat(a, b, SatWant::Contact); }
Contact collide(const Polygon& a, const Segment& b) { return detail::sat(a, b, SatWant::Contact); }

Contact collide(const Segment& a, const Segment& b) {
  // Whether they touch is decided exactly; SAT then gives the (possibly zero) push.
  if (!overlaps(a, b)) return {};
  return runSat(segmentOf(a).view(), segmentOf(b).view(), Stop::Never, nullptr, SatWant::Contact);
}

// -- prepared polygons -----------------------------------------------------------------------------------------------

void PreparedPolygon::assign(const Polygon& polygon) {
  polygon_ = polygon;
  const ConvexView v = viewOf(polygon_);
  own_.resize(static_cast<std::size_t>(v.axisCount));
  for (int i = 0; i < v.axisCount; ++i) {
    own_[static_cast<std::size_t>(i)] = projectPoints(v.vertices, v.vertexCount, v.axes[i]);
  }
  // Bounding circle: about the centre of the bounds or the vertices' mean, whichever gives the smaller radius (the
  // farthest vertex). The radius is widened relatively (1e-9), far beyond the few ulps of rounding in it and in the
  // distance test, so no touching pair is ever rejected; any centre gives a valid circle.
  const auto reach2 = [this](Vec2 c) {
    double r2 = 0.0;
    for (const Vec2 p : polygon_.vertices()) r2 = std::max(r2, distanceSquared(p, c));
    return r2;
  };
  Vec2 mean{0.0, 0.0};
  const double share = 1.0 / static_cast<double>(std::max<std::size_t>(polygon_.size(), 1));
  for (const Vec2 p : polygon_.vertices()) mean = mean + p * share;  // (scaled first: no overflow)
  center_ = bounds(polygon_).center();
  double r2 = reach2(center_);
  if (const double m2 = reach2(mean); m2 < r2) {
    center_ = mean;
    r2 = m2;
  }
  // Plus a few ulps of the coordinates: the centre and the distances to it carry rounding of that size.
  radius_ = std::sqrt(r2) * (1.0 + 1e-9) + 8.0 * DBL_EPSILON * magnitude(polygon_.vertices().data(),
                                                                          static_cast<int>(polygon_.size()));
}

Status PreparedPolygon::create(std::span<const Vec2> points, PreparedPolygon& out) {
  Polygon p;
  if (Status s = Polygon::create(points, p); !s) return s;
  out.assign(p);
  return {};
}

namespace {
// True when the circles (ca, ra) and (cb, rb) are apart by more than rounding could explain.
bool clearlyApart(Vec2 ca, double ra, Vec2 cb, double rb) {
  const double reach = (ra + rb) * (1.0 + 1e-9) +
                       8.0 * DBL_EPSILON * (std::fabs(ca.x) + std::fabs(ca.y) + std::fabs(cb.x) + std::fabs(cb.y));
  return distanceSquared(ca, cb) > reach * reach;
}
}  // namespace

bool overlaps(const PreparedPolygon& a, const PreparedPolygon& b) {
  if (clearlyApart(a.boundCenter(), a.boundRadius(), b.boundCenter(), b.boundRadius())) return false;
  return runSat(viewOf(a.polygon()), viewOf(b.polygon()), Stop::AtSeparatingAxis, nullptr, SatWant::Hit,
                a.ownIntervals().data(), b.ownIntervals().data())
      .hit;
}

Contact collide(const PreparedPolygon& a, const PreparedPolygon& b) {
  if (clearlyApart(a.boundCenter(), a.boundRadius(), b.boundCenter(), b.boundRadius())) return {};
  return runSat(viewOf(a.polygon()), viewOf(b.polygon()), Stop::AtSeparatingAxis, nullptr, SatWant::Contact,
                a.ownIntervals().data(), b.ownIntervals().data());
}

bool overlaps(const Circle& c, const PreparedPolygon& p) {
  if (clearlyApart(c.center, c.radius, p.boundCenter(), p.boundRadius())) return false;
  return overlaps(c, p.polygon());
}

Contact collide(const Circle& c, const PreparedPolygon& p) {
  if (clearlyApart(c.center, c.radius, p.boundCenter(), p.boundRadius())) return {};
  return collide(c, p.polygon());
}

}  // namespace collide2d
