// Contact manifolds (Box2D v3's b2CollidePolygons / b2ClipPolygons, written for this library's conventions).
//
// Polygonal cores (aabb, box, polygon; a segment or capsule is a two-sided 2-gon) with radii: the reference face
// is the edge of greatest separation (A's unless B's is greater by more than 2^-40 S, so that a tie keeps the same
// face from frame to frame), the incident edge is the other shape's edge most opposed to it, clipped to the
// reference face's extent. Each clipped incident vertex at core separation s is a point with depth rA + rB - s,
// kept when >= 0. A capsule's point is its core point moved by its radius along the normal: on its boundary when
// its segment is parallel to the reference face, and within r (1 - cos angle) of it when tilted. Round pairs (a circle, a zero-length segment or capsule) and round corners that no face covers
// give one point: collide()'s.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "convex.h"
#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace collide2d {

namespace {

struct Separation {
  int edge = 0;
  double value = 0.0;
};

// The edge of `ref` whose normal separates the most from `other`'s points.
Separation maxSeparation(const detail::Core& ref, const detail::Core& other) {
  Separation best{0, -std::numeric_limits<double>::infinity()};
  for (int i = 0; i < ref.count; ++i) {
    const Vec2 n = ref.normals[i];
    const Vec2 v = ref.points[i];
    double s = std::numeric_limits<double>::infinity();
    for (int j = 0; j < other.count; ++j) s = std::min(s, dot(n, other.points[j] - v));
    if (s > best.value) best = {i, s};
  }
  return best;
}

double magnitude(const detail::Core& k) {
  double s = std::fabs(k.radius);
  for (int i = 0; i < k.count; ++i) s = std::max(s, detail::maxAbs(k.points[i]));
  return s;
}

// Whether p lies inside both cores grown by 2^-39 S (B moved by `offset`), by their faces' distances (the radii
// count): the witness of two cores that overlap within rounding should. True for non-finite input.
bool insideBoth(const detail::Core& ka, const detail::Core& kb, Vec2 offset, Vec2 p) {
  const double tol =
      std::max(std::ldexp(std::max(magnitude(ka), magnitude(kb)), -39), std::numeric_limits<double>::min());
  const auto gap = [&](const detail::Core& k, Vec2 o) {
    double g = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < k.count; ++i) g = std::max(g, dot(k.normals[i], p - (k.points[i] + o)));
    return g - k.radius;
  };
  const double ga = gap(ka, {0.0, 0.0}), gb = gap(kb, offset);
  // (non-finite input: no judgement, the witness stays)
  if (!(std::isfinite(tol) && std::isfinite(ga) && std::isfinite(gb))) return true;
  return ga <= tol && gb <= tol;
}

// One point, with collide()'s normal and depth. The point is not collide()'s `point` (B's support along -normal,
// which for a long, slightly tilted B is its far end): it is the place where the shapes touch once B is moved by
// normal * depth, moved back, so that it lies on B and, moved by normal * depth, on A.
//  * B's core is a point: B's centre less rb along the normal (its deepest point, on B);
//  * A's core is a point: A's boundary point along the normal, moved back by the depth;
//  * otherwise GJK between A and B moved by normal * depth: the middle of their closest boundary points, moved back.
Manifold singlePoint(const detail::PairTests& pair, const detail::Core& ka, const detail::Core& kb) {
  Manifold m;
  const Contact c = pair.collide();
  if (!c.hit) return m;
  const Vec2 n = c.normal;
  const double ra = ka.radius, rb = kb.radius;
  Vec2 point = c.point;
  if (kb.count == 1) {
    point = kb.points[0] - n * rb;
  } else if (ka.count == 1) {
    point = ka.points[0] + n * (ra - c.depth);
  } else if (ka.count >= 1 && kb.count >= 1) {
    detail::Posed pa, pb;
    pa.core = &ka;
    pb.core = &kb;
    pb.moved = true;
    pb.offset = n * c.depth;
    const detail::GjkResult g = detail::gjk(pa, pb, nullptr);
    const Vec2 touch = g.coresOverlap ? lerp(g.pointA, g.pointB, 0.5)
                                      : lerp(g.pointA + g.normal * ra, g.pointB - g.normal * rb, 0.5);
    if (!g.coresOverlap || insideBoth(ka, kb, pb.offset, touch)) {
      if (isFinite(touch)) point = touch - n * c.depth;
    } else {
      // Touching within rounding, GJK found the origin enclosed, and its witness lies outside one of the cores (a
      // sliver B put it 3.5e-4 off B at scale 610): B's deepest point along -n instead (on B; moved by n * depth, on
      // A's supporting line).
      int deepest = 0;
      for (int i = 1; i < kb.count; ++i) {
        if (dot(kb.points[i], n) < dot(kb.points[deepest], n)) deepest = i;
      }
      point = kb.points[deepest] - n * rb;
    }
  }
  m.normal = n;
  m.points[0] = {detail::noNegativeZero(point), c.depth, 1u << 30};
  m.count = 1;
  return m;
}

// A polygonal core of zero area (an aabb or box with a zero extent) as the point or segment it is, so that no face
// of zero length becomes a reference face. Points and segments, and polygons of positive area, are kept.
const detail::Core& reduced(const detail::Core& k, detail::Core& out) {
  if (k.count < 3) return k;
  const Vec2 p0 = k.points[0];
  int j = 1;
  while (j < k.count && k.points[j] == p0) ++j;
  for (int i = j + 1; i < k.count; ++i) {
    if (orient(p0, k.points[j], k.points[i]) != 0) return k;  // positive area (a valid polygon: at i = 2)
  }
  // All on one line: its two farthest-apart points (the extremes along x, or along y for a vertical line).
  int lo = 0, hi = 0;
  for (int i = 1; i < k.count; ++i) {
    const Vec2 p = k.points[i];
    const Vec2 l = k.points[lo], h = k.points[hi];
    if (p.x < l.x || (p.x == l.x && p.y < l.y)) lo = i;
    if (p.x > h.x || (p.x == h.x && p.y > h.y)) hi = i;
  }
  out.storage[0] = k.points[lo];
  out.storage[1] = k.points[hi];
  out.points = out.storage;
  out.radius = k.radius;
  out.count = out.storage[0] == out.storage[1] ? 1 : 2;
  if (out.count == 2) detail::setSegmentNormals(out);
  return out;
}

std::uint32_t featureId(bool flip, int referenceVertex, int incidentVertex) {
  return (flip ? 1u << 31 : 0u) | (static_cast<std::uint32_t>(referenceVertex & 0x3FFF) << 16) |
         static_cast<std::uint32_t>(incidentVertex & 0xFFFF);
}

// One body for every pair of shape types (the pair's own tests behind PairTests).
[[gnu::noinline]] Manifold manifoldCores(const detail::Core& coreA, const detail::Core& coreB, bool circle,
                                         const detail::PairTests& pair) {
  Manifold m;
  if (!pair.overlaps()) return m;
  detail::Core reducedA, reducedB;
  const detail::Core& ka = reduced(coreA, reducedA);
  const detail::Core& kb = reduced(coreB, reducedB);
  if (circle) {
    return singlePoint(pair, ka, kb);
  } else {
    if (ka.count < 2 || kb.count < 2) return singlePoint(pair, ka, kb);
    const Separation sa = maxSeparation(ka, kb);
    const Separation sb = maxSeparation(kb, ka);
    const double tolerance = std::ldexp(std::max(magnitude(ka), magnitude(kb)), -40);
    const bool flip = sb.value > sa.value + tolerance;
    const detail::Core& ref = flip ? kb : ka;
    const detail::Core& inc = flip ? ka : kb;
    const int i11 = flip ? sb.edge : sa.edge;
    const int i12 = (i11 + 1) % ref.count;
    // The reference face's normal from its own vertices: a box's stored normals come from its angle, and its rounded
    // corners of a thin box turn its short faces away from them (points pushed along them land off A).
    const Vec2 e11 = ref.points[i12] - ref.points[i11];
    Vec2 n = detail::unitOrZero(Vec2{e11.y, -e11.x});
    if (n == Vec2{0.0, 0.0}) n = ref.normals[i11];
    int i21 = 0;
    double most = std::numeric_limits<double>::infinity();
    for (int j = 0; j < inc.count; ++j) {
      const double d = dot(inc.normals[j], n);
      if (d < most) {
        most = d;
        i21 = j;
      }
    }
    const int i22 = (i21 + 1) % inc.count;
    const Vec2 v11 = ref.points[i11], v12 = ref.points[i12];
    const Vec2 v21 = inc.points[i21], v22 = inc.points[i22];
    const Vec2 tangent = detail::unitOrZero(v12 - v11);
    // A reference face of length 0 (a thin box's short face, its corners rounded together far from the origin)
    // clips nothing: the incident face's far ends would be kept (2^272 off a box of 2^263: a fuzz finding).
    if (tangent == Vec2{0.0, 0.0}) return singlePoint(pair, ka, kb);
    const double lower1 = 0.0, upper1 = dot(v12 - v11, tangent);
    const double upper2 = dot(v21 - v11, tangent), lower2 = dot(v22 - v11, tangent);
    if (upper2 < lower1 || upper1 < lower2) return singlePoint(pair, ka, kb);
    const double span = upper2 - lower2;
    const Vec2 vLower = lower2 < lower1 && span > 0.0 ? lerp(v22, v21, (lower1 - lower2) / span) : v22;
    const Vec2 vUpper = upper2 > upper1 && span > 0.0 ? lerp(v22, v21, (upper1 - lower2) / span) : v21;
    const double ra = ka.radius, rb = kb.radius;
    m.normal = flip ? -n : n;
    const Vec2 clipped[2] = {vLower, vUpper};
    const int refVertex[2] = {i11, i12};
    const int incVertex[2] = {i22, i21};
    for (int k = 0; k < 2; ++k) {
      const Vec2 v = clipped[k];
      const double sep = dot(v - v11, n);  // core separation along the reference normal
      const double depth = ra + rb - sep;
      if (!(depth >= 0.0)) continue;
      ManifoldPoint& p = m.points[m.count++];
      // Not flipped: v is on B's core, B's surface is rb further along -n. Flipped: v is on A's core and B's point
      // is v's foot on B's reference face, grown by rb.
      p.point = flip ? v - n * (sep - rb) : v - n * rb;
      p.depth = depth;
      p.id = featureId(flip, refVertex[k], incVertex[k]);
    }
    if (m.count == 0) return singlePoint(pair, ka, kb);
    return m;
  }
}

}  // namespace

template <ConvexShape A, ConvexShape B> Manifold collideManifold(const A& a, const B& b) {
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return manifoldCores(ka, kb, std::is_same_v<A, Circle> || std::is_same_v<B, Circle>, detail::pairTests(a, b));
}

Manifold collideManifold(const Shape& a, const Shape& b) {
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return manifoldCores(ka, kb, std::holds_alternative<Circle>(a) || std::holds_alternative<Circle>(b),
                       detail::pairTests(a, b));
}

#define COLLIDE2D_INSTANTIATE(A, B) template Manifold collideManifold<A, B>(const A&, const B&);
COLLIDE2D_FOR_EACH_CONVEX_PAIR(COLLIDE2D_INSTANTIATE)
#undef COLLIDE2D_INSTANTIATE

}  // namespace collide2d
