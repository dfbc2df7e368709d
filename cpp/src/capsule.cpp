// Capsules: a segment core grown by a radius. Every pair with a capsule is answered on the cores: a circle's core
// is its centre (a zero-length segment), a capsule's its segment, a segment itself, boxes and polygons themselves.
// * The cores intersect (decided by the library's exact segment test, or its SAT for a segment against a box or
//   polygon): the shapes overlap, and the contact is the cores' minimum translation grown by the radii (for convex
//   cores the penetration depth of the grown shapes is the cores' depth plus the radii, along the same normal).
// * Otherwise the cores' closest points (brute force over edge pairs: four point-segment distances each) decide:
//   overlap when distance^2 <= (rA + rB)^2, as for two circles.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "contact_point.h"
#include "convex.h"
#include "predicates.h"
#include "sat.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace collide2d {

namespace detail {

namespace {
void pointToSegment(Vec2 p, Vec2 a, Vec2 b, bool pOnA, double& best2, Vec2& pa, Vec2& pb) {
  const Vec2 q = closestOnSegment(a, b, p);
  const double d2 = distanceSquared(p, q);
  if (d2 < best2) {
    best2 = d2;
    pa = pOnA ? p : q;
    pb = pOnA ? q : p;
  }
}
}  // namespace

double bruteCoreDistance(const Core& a, const Core& b, Vec2& pa, Vec2& pb) {
  double best2 = std::numeric_limits<double>::infinity();
  pa = a.count > 0 ? a.points[0] : Vec2{};
  pb = b.count > 0 ? b.points[0] : Vec2{};
  const int ea = a.count <= 2 ? std::min(a.count, 1) : a.count;
  const int eb = b.count <= 2 ? std::min(b.count, 1) : b.count;
  for (int i = 0; i < ea; ++i) {
    const Vec2 a0 = a.points[i], a1 = a.points[a.count == 1 ? 0 : (i + 1) % a.count];
    for (int j = 0; j < eb; ++j) {
      const Vec2 b0 = b.points[j], b1 = b.points[b.count == 1 ? 0 : (j + 1) % b.count];
      pointToSegment(a0, b0, b1, true, best2, pa, pb);
      pointToSegment(a1, b0, b1, true, best2, pa, pb);
      pointToSegment(b0, a0, a1, false, best2, pa, pb);
      pointToSegment(b1, a0, a1, false, best2, pa, pb);
    }
  }
  return std::sqrt(best2);
}

}  // namespace detail

namespace {

using detail::Core;
using detail::makeCore;

// The core of each shape, typed: round shapes and segments become a Segment (a == b for a circle).
Segment coreOf(const Circle& c) { return {c.center, c.center}; }
Segment coreOf(const Capsule& c) { return {c.a, c.b}; }
Segment coreOf(const Segment& s) { return s; }
const Aabb& coreOf(const Aabb& b) { return b; }
const Box& coreOf(const Box& b) { return b; }
const Polygon& coreOf(const Polygon& p) { return p; }

double radiusOf(const Circle& c) { return c.radius; }
double radiusOf(const Capsule& c) { return c.radius; }
template <class T> double radiusOf(const T&) { return 0.0; }

// Contact of the cores (which intersect), normal from A to B. At least one of them is a Segment.
Contact coreContact(const Segment& a, const Segment& b) { return collide(a, b); }
template <class P> Contact coreContact(const P& a, const Segment& b) { return collide(a, b); }
template <class P> Contact coreContact(const Segment& a, const P& b) {
  Contact c = collide(b, a);
  c.normal = -c.normal;
  return c;
}

bool coresIntersect(const Segment& a, const Segment& b) { return overlaps(a, b); }
template <class P> bool coresIntersect(const P& a, const Segment& b) { return detail::sat(a, b, detail::SatWant::Hit).hit; }
template <class P> bool coresIntersect(const Segment& a, const P& b) { return detail::sat(b, a, detail::SatWant::Hit).hit; }

// The cores' relation: intersecting, or apart with their closest points.
struct CoreRelation {
  bool intersect = false;
  double distanceSquared = 0.0;
  Vec2 pointA, pointB;
};

template <class A, class B> CoreRelation relate(const A& a, const B& b) {
  CoreRelation r;
  if (coresIntersect(coreOf(a), coreOf(b))) {
    r.intersect = true;
    return r;
  }
  Core ka, kb;
  makeCore(a, ka);
  makeCore(b, kb);
  if (ka.count == 0 || kb.count == 0) {
    r.distanceSquared = std::numeric_limits<double>::infinity();
    return r;
  }
  const double d = detail::bruteCoreDistance(ka, kb, r.pointA, r.pointB);
  r.distanceSquared = distanceSquared(r.pointA, r.pointB);
  (void)d;
  return r;
}

bool validRadii(double ra, double rb) { return ra >= 0.0 && rb >= 0.0; }

template <class A, class B> bool roundedOverlaps(const A& a, const B& b) {
  const double ra = radiusOf(a), rb = radiusOf(b);
  if (!validRadii(ra, rb)) return false;
  const CoreRelation r = relate(a, b);
  if (r.intersect) return true;
  const double reach = ra + rb;
  return r.distanceSquared <= reach * reach;
}

template <class A, class B> Contact roundedCollide(const A& a, const B& b) {
  const double ra = radiusOf(a), rb = radiusOf(b);
  if (!validRadii(ra, rb)) return {};
  const CoreRelation r = relate(a, b);
  Contact out;
  if (!r.intersect) {
    const double reach = ra + rb;
    if (!(r.distanceSquared <= reach * reach)) return {};
    out.hit = true;
    const Vec2 n = detail::unitOrZero(r.pointB - r.pointA);
    if (n == Vec2{0.0, 0.0}) {
      // Closest points coincide only when the cores touch, which coresIntersect reports; defined anyway.
      out.normal = {1.0, 0.0};
      out.depth = reach;
    } else {
      out.normal = n;
      out.depth = std::max(0.0, reach - std::sqrt(r.distanceSquared));
    }
    if constexpr (std::is_same_v<A, Capsule> && std::is_same_v<B, Circle>) {
      // A centre within rounding of an end of the core, whose exact projection lies inside the core: the closest
      // point found is that end, and the direction to it is rounding noise. The contact is then the core segment's
      // against the disc of radius ra + rb (collide(Circle, Segment) decides the side exactly), normal reversed.
      const Segment core{a.a, a.b};
      if (core.a != core.b && (r.pointA == core.a || r.pointA == core.b)) {
        const bool inside = r.pointA == core.b ? detail::dotSignExact(b.center, core.b, core.b, core.a) <= 0
                                               : detail::dotSignExact(b.center, core.a, core.a, core.b) <= 0;
        if (inside) {
          const Contact k = collide(Circle{b.center, reach}, core);
          if (k.hit) {
            out.normal = detail::noNegativeZero(-k.normal);
            out.depth = k.depth;
          }
        }
      }
    }
    out.point = r.pointB - out.normal * rb;
    return out;
  }
  const Contact c = coreContact(coreOf(a), coreOf(b));
  out.hit = true;
  out.normal = c.hit ? c.normal : Vec2{1.0, 0.0};
  out.depth = (c.hit ? c.depth : 0.0) + ra + rb;
  Core ka, kb;
  makeCore(a, ka);
  makeCore(b, kb);
  out.point = detail::deepestPoint(kb.points, kb.count, ka.points, ka.count, out.normal) - out.normal * rb;
  return out;
}

}  // namespace

Status validate(const Capsule& c) {
  if (!isFinite(c.a)) return {Error::NotFinite, "a"};
  if (!isFinite(c.b)) return {Error::NotFinite, "b"};
  if (!std::isfinite(c.radius)) return {Error::NotFinite, "radius"};
  if (c.radius < 0.0) return {Error::NegativeRadius, "radius"};
  return {};
}

Aabb bounds(const Capsule& c) {
  return {{std::min(c.a.x, c.b.x) - c.radius, std::min(c.a.y, c.b.y) - c.radius},
          {std::max(c.a.x, c.b.x) + c.radius, std::max(c.a.y, c.b.y) + c.radius}};
}

bool contains(const Capsule& c, Vec2 p) {
  return c.radius >= 0.0 && closestPoint(Segment{c.a, c.b}, p).distanceSquared <= c.radius * c.radius;
}

BoundaryPoint closestPoint(const Capsule& c, Vec2 p) {
  const Vec2 q = closestPoint(Segment{c.a, c.b}, p).point;
  const Vec2 d = p - q;
  BoundaryPoint out;
  out.inside = contains(c, p);
  Vec2 dir = detail::unitOrZero(d);
  if (dir == Vec2{0.0, 0.0}) dir = detail::unitOrZero(perp(c.b - c.a));
  if (dir == Vec2{0.0, 0.0}) dir = {1.0, 0.0};
  out.point = q + dir * c.radius;
  const double gap = length(d) - c.radius;
  out.distanceSquared = gap * gap;
  return out;
}

RayHit raycast(const Ray& r, const Capsule& c) {
  if (!isFinite(r.origin) || !isFinite(r.direction) || (r.direction.x == 0.0 && r.direction.y == 0.0) ||
      std::isnan(r.maxFraction) || !isFinite(c.a) || !isFinite(c.b) || !std::isfinite(c.radius) ||
      !(c.radius >= 0.0)) {
    return {};
  }
  if (contains(c, r.origin)) {
    RayHit h;
    h.hit = r.maxFraction >= 0.0;
    if (h.hit) h.point = r.origin;
    return h;
  }
  // The origin is outside: the first entry into the union of the two end discs and the rectangle between them is
  // the first hit among the discs and the rectangle's two long sides (its short sides lie inside the discs).
  RayHit best = raycast(r, Circle{c.a, c.radius});
  const auto take = [&best](const RayHit& h) {
    if (h.hit && (!best.hit || h.fraction < best.fraction)) best = h;
  };
  if (c.a != c.b) {
    take(raycast(r, Circle{c.b, c.radius}));
    const Vec2 u = detail::unitOrZero(c.b - c.a);
    const Vec2 m = perp(u) * c.radius;
    for (const double side : {1.0, -1.0}) {
      RayHit h = raycast(r, Segment{c.a + m * side, c.b + m * side});
      if (h.hit) h.normal = perp(u) * side;  // outward (the origin is outside, so it faces the origin)
      take(h);
    }
  }
  return best;
}

// The other order is computed in this one and flipped, so that swapped pairs always flip the normal (also when
// the minimum translation is a tie); `point` is then the capsule's own deepest point.
template <class T> Contact flipped(const T& a, const Capsule& b) {
  Contact c = roundedCollide(b, a);
  if (!c.hit) return c;
  c.normal = detail::noNegativeZero(-c.normal);
  Core ka, kb;
  makeCore(a, ka);
  makeCore(b, kb);
  c.point = detail::deepestPoint(kb.points, kb.count, ka.points, ka.count, c.normal) - c.normal * b.radius;
  return c;
}

#define COLLIDE2D_CAPSULE_PAIR(T)                                                            \
  bool overlaps(const Capsule& a, const T& b) { return roundedOverlaps(a, b); }              \
  bool overlaps(const T& a, const Capsule& b) { return roundedOverlaps(b, a); }              \
  Contact collide(const Capsule& a, const T& b) { return roundedCollide(a, b); }             \
  Contact collide(const T& a, const Capsule& b) { return flipped(a, b); }
COLLIDE2D_CAPSULE_PAIR(Circle)
COLLIDE2D_CAPSULE_PAIR(Aabb)
COLLIDE2D_CAPSULE_PAIR(Box)
COLLIDE2D_CAPSULE_PAIR(Polygon)
COLLIDE2D_CAPSULE_PAIR(Segment)
#undef COLLIDE2D_CAPSULE_PAIR

bool overlaps(const Capsule& a, const Capsule& b) { return roundedOverlaps(a, b); }
Contact collide(const Capsule& a, const Capsule& b) { return roundedCollide(a, b); }

}  // namespace collide2d
