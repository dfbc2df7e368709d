// containsShape(A, B): is B entirely inside A (closed shapes: touching boundaries count as inside).
// Every shape is convex, so B is inside A exactly when every point of B's core, grown by B's radius, is:
// * A polygonal (aabb, box, polygon): a core point by contains() (exact for polygons), and with a radius its
//   signed distance to every edge line of A is <= -radius;
// * A circle or capsule: the core point's distance to A's core plus B's radius is <= A's radius;
// * A segment (no area): only a zero-radius B whose every core point lies on it (exact).
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "convex.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace collide2d {

namespace {

double coreDistanceSquared(const Circle& a, Vec2 p) { return distanceSquared(a.center, p); }
double coreDistanceSquared(const Capsule& a, Vec2 p) { return closestPoint(Segment{a.a, a.b}, p).distanceSquared; }
double radiusOf(const Circle& a) { return a.radius; }
double radiusOf(const Capsule& a) { return a.radius; }

// p inside a box given as its corners (Box::corners, counter-clockwise), exactly: on no edge line's outer side, and
// for a box of zero area (collinear corners) within their bounds, i.e. on the segment it is. (contains(Box, p)
// works in the box's rotated frame, which rounds.)
bool insideCorners(const detail::Core& k, Vec2 p) {
  for (int e = 0; e < 4; ++e) {
    if (orient(k.points[e], k.points[(e + 1) % 4], p) < 0) return false;
  }
  if (orient(k.points[0], k.points[1], k.points[2]) != 0 || orient(k.points[0], k.points[2], k.points[3]) != 0) return true;
  double lx = k.points[0].x, hx = lx, ly = k.points[0].y, hy = ly;
  for (int e = 1; e < 4; ++e) {
    lx = std::min(lx, k.points[e].x), hx = std::max(hx, k.points[e].x);
    ly = std::min(ly, k.points[e].y), hy = std::max(hy, k.points[e].y);
  }
  return p.x >= lx && p.x <= hx && p.y >= ly && p.y <= hy;
}

// One body per type of A (B enters only through its core).
template <ConvexShape A> [[gnu::noinline]] bool containsCore(const A& a, const detail::Core& kb) {
  const double rb = kb.radius;
  if (kb.count == 0 || !(rb >= 0.0)) return false;
  if constexpr (std::is_same_v<A, Segment>) {
    if (rb != 0.0) return false;
    for (int i = 0; i < kb.count; ++i) {
      if (!contains(a, kb.points[i])) return false;
    }
    return true;
  } else if constexpr (std::is_same_v<A, Circle> || std::is_same_v<A, Capsule>) {
    const double ra = radiusOf(a);
    if (!(ra >= 0.0)) return false;
    for (int i = 0; i < kb.count; ++i) {
      const double d2 = coreDistanceSquared(a, kb.points[i]);
      if (rb == 0.0) {
        if (!(d2 <= ra * ra)) return false;
      } else if (!(std::sqrt(d2) + rb <= ra)) {
        return false;
      }
    }
    return true;
  } else {
    detail::Core ka;
    detail::makeCore(a, ka);
    if (ka.count < 3) return false;
    for (int i = 0; i < kb.count; ++i) {
      const Vec2 p = kb.points[i];
      if constexpr (std::is_same_v<A, Box>) {
        if (!insideCorners(ka, p)) return false;
      } else if (!contains(a, p)) {
        return false;
      }
      if (rb > 0.0) {
        for (int e = 0; e < ka.count; ++e) {
          if (!(dot(p - ka.points[e], ka.normals[e]) <= -rb)) return false;
        }
      }
    }
    return true;
  }
}

}  // namespace

template <ConvexShape A, ConvexShape B> bool containsShape(const A& a, const B& b) {
  detail::Core kb;
  detail::makeCore(b, kb);
  return containsCore(a, kb);
}

bool containsShape(const Shape& a, const Shape& b) {
  detail::Core kb;
  detail::makeCore(b, kb);
  return std::visit([&kb](const auto& x) { return containsCore(x, kb); }, a);
}

#define COLLIDE2D_INSTANTIATE(A, B) template bool containsShape<A, B>(const A&, const B&);
COLLIDE2D_FOR_EACH_CONVEX_PAIR(COLLIDE2D_INSTANTIATE)
#undef COLLIDE2D_INSTANTIATE

}  // namespace collide2d
