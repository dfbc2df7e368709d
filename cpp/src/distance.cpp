// Distance between convex shapes: GJK on the cores (Box2D v3's b2ShapeDistance: Voronoi-region simplex solver,
// search direction perpendicular to the simplex edge, stop when a support point repeats), then the radii.
//
// Whether the shapes overlap is not left to GJK: when its separation is within 2^-36 of the simplex's magnitude,
// the answer of overlaps() decides (the library's exact / SAT tests), so distance().overlap == overlaps() always.
// If overlaps() says apart while GJK saw the cores meet (a gap below GJK's rounding), the distance is recomputed
// by brute force over the cores' edge pairs, and a gap that even rounds to 0 is reported as the smallest positive
// double, so that distance == 0 exactly when overlap.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "canonical.h"
#include "contact_point.h"
#include "convex.h"
#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace collide2d {

namespace detail {

namespace {

constexpr int kMaxGjkIterations = 64;

struct SimplexVertex {
  Vec2 wA, wB, w;  // support points of A and B, w = wB - wA
  double a = 0.0;  // barycentric weight
  int indexA = 0, indexB = 0;
};

struct Simplex {
  SimplexVertex v[3];
  int count = 0;
};

// Barycentric weights x / (x + y), y / (x + y) (x, y > 0), as x * inv; by division when the inverse overflows (a sum
// below 2^-1024: the simplex spans more than the exponent range of its products), so they stay finite.
inline void edgeWeights(double x, double y, double& wx, double& wy) {
  const double sum = x + y;
  const double inv = 1.0 / sum;
  if (std::isfinite(inv)) {
    wx = x * inv;
    wy = y * inv;
  } else {
    wx = x / sum;
    wy = y / sum;
  }
}

void solve2(Simplex& s) {
  const Vec2 w1 = s.v[0].w, w2 = s.v[1].w;
  const Vec2 e12 = w2 - w1;
  const double d12_2 = -dot(w1, e12);
  if (d12_2 <= 0.0) {  // w1 region
    s.v[0].a = 1.0;
    s.count = 1;
    return;
  }
  const double d12_1 = dot(w2, e12);
  if (d12_1 <= 0.0) {  // w2 region
    s.v[1].a = 1.0;
    s.v[0] = s.v[1];
    s.count = 1;
    return;
  }
  edgeWeights(d12_1, d12_2, s.v[0].a, s.v[1].a);
  s.count = 2;
}

void solve3(Simplex& s) {
  const Vec2 w1 = s.v[0].w, w2 = s.v[1].w, w3 = s.v[2].w;
  const Vec2 e12 = w2 - w1;
  const double d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12);
  const Vec2 e13 = w3 - w1;
  const double d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13);
  const Vec2 e23 = w3 - w2;
  const double d23_1 = dot(w3, e23), d23_2 = -dot(w2, e23);
  const double n123 = cross(e12, e13);
  const double d123_1 = n123 * cross(w2, w3);
  const double d123_2 = n123 * cross(w3, w1);
  const double d123_3 = n123 * cross(w1, w2);

  if (d12_2 <= 0.0 && d13_2 <= 0.0) {
    s.v[0].a = 1.0;
    s.count = 1;
    return;
  }
  if (d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0) {
    edgeWeights(d12_1, d12_2, s.v[0].a, s.v[1].a);
    s.count = 2;
    return;
  }
  if (d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0) {
    edgeWeights(d13_1, d13_2, s.v[0].a, s.v[2].a);
    s.v[1] = s.v[2];
    s.count = 2;
    return;
  }
  if (d12_1 <= 0.0 && d23_2 <= 0.0) {
    s.v[1].a = 1.0;
    s.v[0] = s.v[1];
    s.count = 1;
    return;
  }
  if (d13_1 <= 0.0 && d23_1 <= 0.0) {
    s.v[2].a = 1.0;
    s.v[0] = s.v[2];
    s.count = 1;
    return;
  }
  if (d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0) {
    edgeWeights(d23_1, d23_2, s.v[1].a, s.v[2].a);
    s.v[0] = s.v[2];
    s.count = 2;
    return;
  }
  const double inv = 1.0 / (d123_1 + d123_2 + d123_3);
  s.v[0].a = d123_1 * inv;
  s.v[1].a = d123_2 * inv;
  s.v[2].a = d123_3 * inv;
  s.count = 3;
}

Vec2 searchDirection(const Simplex& s) {
  if (s.count == 1) return -s.v[0].w;
  const Vec2 e12 = s.v[1].w - s.v[0].w;
  const double sgn = cross(e12, -s.v[0].w);
  return sgn > 0.0 ? perp(e12) : -perp(e12);
}

void setVertex(SimplexVertex& v, const Posed& a, const Posed& b, int ia, int ib) {
  v.indexA = ia;
  v.indexB = ib;
  v.wA = a.point(ia);
  v.wB = b.point(ib);
  v.w = v.wB - v.wA;
  v.a = 1.0;
}

void record(GjkTrace& t, const Simplex& s) {
  if (t.count >= static_cast<int>(sizeof(t.steps) / sizeof(t.steps[0]))) return;
  GjkStep& step = t.steps[t.count++];
  step.count = s.count;
  Vec2 closest;
  for (int i = 0; i < s.count; ++i) {
    step.a[i] = s.v[i].wA;
    step.b[i] = s.v[i].wB;
    closest = closest + s.v[i].w * s.v[i].a;
  }
  step.closest = s.count == 3 ? Vec2{} : closest;
}

}  // namespace

namespace {
GjkResult gjkRun(const Posed& a, const Posed& b, SimplexCache* cache, GjkTrace* trace) {
  GjkResult out;
  Simplex s;
  if (cache != nullptr && cache->count >= 1 && cache->count <= 3) {
    s.count = cache->count;
    for (int i = 0; i < s.count; ++i) {
      const int ia = std::min<int>(cache->indexA[i], a.core->count - 1);
      const int ib = std::min<int>(cache->indexB[i], b.core->count - 1);
      setVertex(s.v[i], a, b, ia, ib);
    }
    // A degenerate cached simplex (repeated or collinear points) restarts from its first vertex.
    if (s.count == 2 && s.v[0].w == s.v[1].w) s.count = 1;
    if (s.count == 3 && cross(s.v[1].w - s.v[0].w, s.v[2].w - s.v[0].w) == 0.0) s.count = 1;
  } else {
    s.count = 1;
    setVertex(s.v[0], a, b, 0, 0);
  }

  int saveA[3], saveB[3];
  int iter = 0;
  while (iter < kMaxGjkIterations) {
    const int saveCount = s.count;
    for (int i = 0; i < saveCount; ++i) {
      saveA[i] = s.v[i].indexA;
      saveB[i] = s.v[i].indexB;
    }
    if (s.count == 2) {
      solve2(s);
    } else if (s.count == 3) {
      solve3(s);
    }
    if (trace != nullptr) record(*trace, s);
    if (s.count == 3) break;  // the origin is inside the triangle: the cores overlap
    const Vec2 d = searchDirection(s);
    if (d.x == 0.0 && d.y == 0.0) break;  // the origin is a vertex or lies on the edge: touching cores
    SimplexVertex& v = s.v[s.count];
    setVertex(v, a, b, a.support(-d), b.support(d));
    ++iter;
    bool duplicate = false;
    for (int i = 0; i < saveCount; ++i) {
      if (v.indexA == saveA[i] && v.indexB == saveB[i]) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) break;  // no progress: the current simplex holds the closest features
    ++s.count;
  }
  out.iterations = iter;

  double scale = 0.0;
  for (int i = 0; i < s.count; ++i) {
    scale = std::max({scale, maxAbs(s.v[i].wA), maxAbs(s.v[i].wB)});
  }
  out.scale = scale;
  out.count = s.count;
  out.w[0] = s.v[0].w;
  out.w[1] = s.v[s.count >= 2 ? 1 : 0].w;
  if (cache != nullptr) {
    cache->count = s.count;
    for (int i = 0; i < s.count; ++i) {
      cache->indexA[i] = static_cast<std::uint16_t>(s.v[i].indexA);
      cache->indexB[i] = static_cast<std::uint16_t>(s.v[i].indexB);
    }
  }
  if (s.count == 3) {
    out.coresOverlap = true;
    Vec2 p;
    for (int i = 0; i < 3; ++i) p = p + s.v[i].wA * s.v[i].a;
    // Weights of a triangle whose computed area vanished (vertices spanning more than the products' exponent
    // range) are not finite: any point of the triangle serves, its centroid.
    if (!isFinite(p)) p = (s.v[0].wA + s.v[1].wA + s.v[2].wA) * (1.0 / 3.0);
    out.pointA = out.pointB = p;
    return out;
  }
  Vec2 pa, pb;
  if (s.count == 1) {
    pa = s.v[0].wA;
    pb = s.v[0].wB;
  } else {
    pa = s.v[0].wA * s.v[0].a + s.v[1].wA * s.v[1].a;
    pb = s.v[0].wB * s.v[0].a + s.v[1].wB * s.v[1].a;
    if (!isFinite(pa) || !isFinite(pb)) {  // weights lost to under- / overflow: the nearer vertex
      const int i = dot(s.v[1].w, s.v[1].w) < dot(s.v[0].w, s.v[0].w) ? 1 : 0;
      pa = s.v[i].wA;
      pb = s.v[i].wB;
    }
  }
  out.pointA = pa;
  out.pointB = pb;
  out.distance = length(pb - pa);
  if (out.distance > 0.0) {
    // On an edge of B - A the normal is the edge's perpendicular (accurate however small the distance); at a
    // vertex it is the direction between the witness points.
    out.normal = unitOrZero(pb - pa);
    if (s.count == 2) {
      const Vec2 e = unitOrZero(perp(s.v[1].w - s.v[0].w));
      if (e != Vec2{0.0, 0.0}) out.normal = dot(e, pb - pa) >= 0.0 ? e : -e;
    }
  } else {
    out.coresOverlap = true;  // touching cores
  }
  return out;
}

// p as gjkRun sees it after rescaling by 2^k (exact: only the final scaling is added to the pose).
Posed scaledPose(const Posed& p, int k) {
  Posed q = p;
  if (!q.moved) {
    q.pivot = q.offset = Vec2{};
    q.c = 1.0;
    q.s = 0.0;
    q.moved = true;
  }
  q.exponent = k;
  return q;
}

Vec2 scaled(Vec2 v, int k) { return {std::ldexp(v.x, k), std::ldexp(v.y, k)}; }
}  // namespace

// GJK's simplex solver multiplies four coordinates (n123 * cross(w2, w3)), which under- or overflows when the
// simplex's magnitude is far from 1 (below about 1e-77 or above 1e77). Such a run is repeated on the cores scaled by
// the power of two that brings that magnitude into [1, 2) (exact), and its results scaled back: the answers are then
// the same relative to S at every magnitude of the metric range [2^-460, 2^460] (the common case pays one compare).
GjkResult gjk(const Posed& a, const Posed& b, SimplexCache* cache, GjkTrace* trace) {
  const SimplexCache before = cache != nullptr ? *cache : SimplexCache{};
  const int traced = trace != nullptr ? trace->count : 0;
  GjkResult g = gjkRun(a, b, cache, trace);
  if ((g.scale >= 0x1p-200 && g.scale <= 0x1p200) || !(g.scale > 0.0) || !std::isfinite(g.scale)) return g;
  // The exponent from every point of both cores (the simplex may end on tiny vertices of a huge shape, whose other
  // vertices must not overflow once scaled).
  double all = 0.0;
  for (int i = 0; i < a.core->count; ++i) all = std::max(all, maxAbs(a.point(i)));
  for (int i = 0; i < b.core->count; ++i) all = std::max(all, maxAbs(b.point(i)));
  if ((all >= 0x1p-200 && all <= 0x1p200) || !std::isfinite(all)) return g;
  const int k = -std::ilogb(all);
  if (cache != nullptr) *cache = before;
  if (trace != nullptr) trace->count = traced;
  g = gjkRun(scaledPose(a, k), scaledPose(b, k), cache, trace);
  if (trace != nullptr) {
    for (int i = traced; i < trace->count; ++i) {
      GjkStep& st = trace->steps[i];
      for (int j = 0; j < 3; ++j) {
        st.a[j] = scaled(st.a[j], -k);
        st.b[j] = scaled(st.b[j], -k);
      }
      st.closest = scaled(st.closest, -k);
    }
  }
  g.distance = std::ldexp(g.distance, -k);
  g.pointA = scaled(g.pointA, -k);
  g.pointB = scaled(g.pointB, -k);
  g.w[0] = scaled(g.w[0], -k);
  g.w[1] = scaled(g.w[1], -k);
  g.scale = std::ldexp(g.scale, -k);
  return g;
}

// -- overlaps / collide over every pair ----------------------------------------------------------------------------

// The same answer as the generic dispatch (canonical.h) for the five Shape alternatives.
template <ConvexShape A, ConvexShape B> bool overlapsAnyImpl(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return overlaps(a, b);
  } else {
    return detail::overlapsPair(a, b);
  }
}

namespace {
// For cores apart by less than rounding (their computed closest points coincide): the edge normal (or, for a
// segment, its direction) along which B's core lies farthest beyond A's, oriented from A to B.
Vec2 separatingNormal(const Core& a, const Core& b) {
  Vec2 best{1.0, 0.0};
  double bestValue = -std::numeric_limits<double>::infinity();
  const auto consider = [&](Vec2 axis, const Core& from, const Core& to) {
    double fromMax = -std::numeric_limits<double>::infinity(), toMin = std::numeric_limits<double>::infinity();
    for (int i = 0; i < from.count; ++i) fromMax = std::max(fromMax, dot(axis, from.points[i]));
    for (int i = 0; i < to.count; ++i) toMin = std::min(toMin, dot(axis, to.points[i]));
    const double s = toMin - fromMax;
    if (s > bestValue) {
      bestValue = s;
      best = &from == &a ? axis : -axis;
    }
  };
  for (const Core* k : {&a, &b}) {
    const Core& other = k == &a ? b : a;
    if (k->count >= 2) {
      const int edges = k->count == 2 ? 2 : k->count;
      for (int i = 0; i < edges; ++i) consider(k->normals[i], *k, other);
      if (k->count == 2) {
        const Vec2 d = unitOrZero(k->points[1] - k->points[0]);
        consider(d, *k, other);
        consider(-d, *k, other);
      }
    }
  }
  return best;
}
}  // namespace

}  // namespace detail

template <ConvexShape A, ConvexShape B> bool overlapsAny(const A& a, const B& b) {
  return detail::overlapsAnyImpl(a, b);
}

template <ConvexShape A, ConvexShape B> Contact collideAny(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return collide(a, b);
  } else if constexpr (detail::Rank<A>::value <= detail::Rank<B>::value) {
    return collide(a, b);
  } else {
    Contact c = collide(b, a);
    if (!c.hit) return c;
    c.normal = -c.normal;
    if constexpr (std::is_same_v<B, Circle>) {
      c.point = b.center - c.normal * b.radius;
    } else {
      detail::Core ka, kb;
      detail::makeCore(a, ka);
      detail::makeCore(b, kb);
      // A zero-length segment is one point here and two equal points in dispatch.cpp: the same deepest point.
      c.point = detail::deepestPoint(kb.points, kb.count, ka.points, ka.count, c.normal);
    }
    return c;
  }
}

namespace detail {
// One body for every pair (the pair's own overlap test behind PairTests).
[[gnu::noinline]] DistanceResult distanceCores(const Core& ka, const Core& kb, SimplexCache* cache, GjkTrace* trace,
                                               const PairTests& pair) {
  DistanceResult out;
  if (ka.count == 0 || kb.count == 0) {  // an empty (default-constructed) polygon: nothing to be near
    out.distance = std::numeric_limits<double>::infinity();
    if (cache != nullptr) cache->count = 0;
    return out;
  }
  detail::Posed pa, pb;
  pa.core = &ka;
  pb.core = &kb;
  const detail::GjkResult g = detail::gjk(pa, pb, cache, trace);
  out.iterations = g.iterations;
  const double ra = ka.radius, rb = kb.radius;
  // S of the promise: the shapes' magnitude, not only the final simplex's (a far vertex of a long segment or polygon
  // sets GJK's rounding while the simplex may end on near ones).
  double scale = std::max({g.scale, std::fabs(ra), std::fabs(rb)});
  for (int i = 0; i < ka.count; ++i) scale = std::max(scale, maxAbs(ka.points[i]));
  for (int i = 0; i < kb.count; ++i) scale = std::max(scale, maxAbs(kb.points[i]));
  const double band = std::ldexp(scale, -36);
  const double separation = g.distance - ra - rb;
  Vec2 coreA = g.pointA, coreB = g.pointB, n = g.normal;
  double gap = separation;
  if (g.coresOverlap || !(separation > band)) {
    if (pair.overlaps()) {
      out.overlap = true;
      out.distance = 0.0;
      const Vec2 mid = lerp(g.pointA + g.normal * ra, g.pointB - g.normal * rb, 0.5);
      out.pointA = out.pointB = mid;
      return out;
    }
    if (g.coresOverlap || !(g.distance > 0.0)) {
      const double d = detail::bruteCoreDistance(ka, kb, coreA, coreB);
      n = detail::unitOrZero(coreB - coreA);
      gap = d - ra - rb;
    }
    if (n == Vec2{0.0, 0.0}) n = detail::separatingNormal(ka, kb);
    if (!(gap > 0.0)) gap = std::numeric_limits<double>::denorm_min();
  }
  out.distance = gap;
  out.normal = n;
  out.pointA = coreA + n * ra;
  out.pointB = coreB - n * rb;
  return out;
}

template <ConvexShape A, ConvexShape B>
DistanceResult distanceImpl(const A& a, const B& b, SimplexCache* cache, GjkTrace* trace) {
  Core ka, kb;
  makeCore(a, ka);
  makeCore(b, kb);
  return distanceCores(ka, kb, cache, trace, pairTests(a, b));
}
}  // namespace detail

template <ConvexShape A, ConvexShape B> DistanceResult distance(const A& a, const B& b, SimplexCache* cache) {
  return detail::distanceImpl(a, b, cache, nullptr);
}

template <ConvexShape A, ConvexShape B> DistanceResult distance(const A& a, const B& b, GjkTrace& trace) {
  trace.count = 0;
  return detail::distanceImpl(a, b, nullptr, &trace);
}

DistanceResult distance(const Shape& a, const Shape& b, SimplexCache* cache) {
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return detail::distanceCores(ka, kb, cache, nullptr, detail::pairTests(a, b));
}

DistanceResult distance(const Shape& a, const Shape& b, GjkTrace& trace) {
  trace.count = 0;
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return detail::distanceCores(ka, kb, nullptr, &trace, detail::pairTests(a, b));
}

#define COLLIDE2D_INSTANTIATE(A, B)                                                                 \
  template DistanceResult distance<A, B>(const A&, const B&, SimplexCache*);                        \
  template DistanceResult distance<A, B>(const A&, const B&, GjkTrace&);                            \
  template bool overlapsAny<A, B>(const A&, const B&);                                              \
  template Contact collideAny<A, B>(const A&, const B&);                                            \
  template bool detail::overlapsAnyImpl<A, B>(const A&, const B&);
COLLIDE2D_FOR_EACH_CONVEX_PAIR(COLLIDE2D_INSTANTIATE)
#undef COLLIDE2D_INSTANTIATE

}  // namespace collide2d
