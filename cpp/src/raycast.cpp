// collide2d — ray casts against a circle, an axis-aligned box, a rotated box, a convex polygon and a segment.
//
// Common rules (see collide2d.h): a ray is origin + t direction with 0 <= t <= maxFraction (inclusive). A ray that
// starts inside (or on the boundary of) an area shape hits at fraction 0 with point = origin and normal (0, 0).
// A miss, a zero direction and non-finite input all return RayHit{} (every field zero).
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>

#include "predicates.h"

namespace collide2d {

namespace {

inline bool finiteRay(const Ray& r) {
  return isFinite(r.origin) && isFinite(r.direction) && !(r.direction.x == 0.0 && r.direction.y == 0.0) &&
         !std::isnan(r.maxFraction);
}

inline RayHit startsInside(const Ray& r) {
  RayHit h;
  h.hit = r.maxFraction >= 0.0;
  if (h.hit) h.point = r.origin;
  return h;
}

// Slab test of o + t d against [mn, mx] for an origin known to be outside the box. Returns the entry fraction and
// the outward normal of the entry face; hit == false when the ray misses within [0, maxFraction].
struct SlabHit {
  bool hit = false;
  double t = 0.0;
  int axis = -1;      // 0: x face, 1: y face
  double side = 0.0;  // -1: the min face, +1: the max face
};

SlabHit slab(Vec2 o, Vec2 d, Vec2 mn, Vec2 mx, double maxFraction) {
  SlabHit s;
  double lower = 0.0;
  double upper = maxFraction;
  const double oc[2] = {o.x, o.y};
  const double dc[2] = {d.x, d.y};
  const double lo[2] = {mn.x, mn.y};
  const double hi[2] = {mx.x, mx.y};
  for (int i = 0; i < 2; ++i) {
    if (dc[i] == 0.0) {
      // Parallel to this slab: inside it (faces included) or a miss. A ray lying exactly on a face stays in.
      if (oc[i] < lo[i] || oc[i] > hi[i]) return {};
      continue;
    }
    const double inv = 1.0 / dc[i];
    double tEnter = (lo[i] - oc[i]) * inv;
    double tExit = (hi[i] - oc[i]) * inv;
    double side = -1.0;
    if (dc[i] < 0.0) {
      std::swap(tEnter, tExit);
      side = 1.0;
    }
    if (tEnter > lower) {
      lower = tEnter;
      s.axis = i;
      s.side = side;
    }
    if (tExit < upper) upper = tExit;
  }
  // The origin is outside, so a real hit always enters through some face (axis >= 0).
  if (s.axis < 0 || !(lower <= upper)) return {};
  s.hit = true;
  s.t = lower;
  return s;
}

}  // namespace

RayHit raycast(const Ray& r, const Circle& c) {
  if (!finiteRay(r) || !(c.radius >= 0.0) || !isFinite(c.center) || !std::isfinite(c.radius)) return {};
  const Vec2 m = r.origin - c.center;
  const double r2 = c.radius * c.radius;
  const double cc = dot(m, m) - r2;
  if (cc <= 0.0) return startsInside(r);
  const Vec2 d = r.direction;
  const double b = dot(m, d);  // half the linear coefficient of |d|^2 t^2 + 2 b t + cc = 0
  if (b >= 0.0) return {};     // outside and not moving towards the centre
  const double dd = dot(d, d);
  const double disc = b * b - dd * cc;
  if (disc < 0.0) return {};
  // Smaller root without cancellation: q = -b + sqrt(disc) (both terms >= 0), t = cc / q.
  const double q = -b + std::sqrt(disc);
  const double t = cc / q;
  if (!(t >= 0.0 && t <= r.maxFraction)) return {};
  RayHit h;
  h.hit = true;
  h.fraction = t;
  h.point = r.origin + d * t;
  const Vec2 n = detail::unitOrZero(h.point - c.center);
  h.normal = (n.x == 0.0 && n.y == 0.0) ? detail::unitOrZero(-d) : n;
  return h;
}

RayHit raycast(const Ray& r, const Aabb& b) {
  if (!finiteRay(r)) return {};
  const Vec2 o = r.origin;
  if (b.min.x <= o.x && o.x <= b.max.x && b.min.y <= o.y && o.y <= b.max.y) return startsInside(r);
  const SlabHit s = slab(o, r.direction, b.min, b.max, r.maxFraction);
  if (!s.hit) return {};
  RayHit h;
  h.hit = true;
  h.fraction = s.t;
  h.point = o + r.direction * s.t;
  // Snap the coordinate across the entry face onto the face itself.
  if (s.axis == 0) {
    h.normal = {s.side, 0.0};
    h.point.x = s.side < 0.0 ? b.min.x : b.max.x;
  } else {
    h.normal = {0.0, s.side};
    h.point.y = s.side < 0.0 ? b.min.y : b.max.y;
  }
  return h;
}

RayHit raycast(const Ray& r, const Box& b) {
  if (!finiteRay(r) || !isFinite(b.center) || !isFinite(b.halfExtents) || !std::isfinite(b.angle)) return {};
  const double c = std::cos(b.angle), s = std::sin(b.angle);
  // Into the box's frame: the box is [-h, h], the ray is rotated by -angle.
  const Vec2 o = inverseRotate(r.origin - b.center, c, s);
  const Vec2 d = inverseRotate(r.direction, c, s);
  const Vec2 h = b.halfExtents;
  if (-h.x <= o.x && o.x <= h.x && -h.y <= o.y && o.y <= h.y) return startsInside(r);
  const SlabHit sh = slab(o, d, {-h.x, -h.y}, h, r.maxFraction);
  if (!sh.hit) return {};
  RayHit out;
  out.hit = true;
  out.fraction = sh.t;
  out.point = r.origin + r.direction * sh.t;
  const Vec2 local = sh.axis == 0 ? Vec2{sh.side, 0.0} : Vec2{0.0, sh.side};
  out.normal = rotate(local, c, s);
  return out;
}

RayHit raycast(const Ray& r, const Polygon& p) {
  const std::span<const Vec2> v = p.vertices();
  const std::span<const Vec2> n = p.normals();
  const std::size_t count = v.size();
  if (count < 3 || n.size() != count || !finiteRay(r)) return {};
  const Vec2 o = r.origin;
  // Inside (boundary included) decided exactly, so that it agrees with contains(Polygon, point).
  std::size_t outsideEdge = count;  // an edge whose line has the origin strictly outside
  for (std::size_t i = 0; i < count; ++i) {
    if (orient(v[i], v[i + 1 == count ? 0 : i + 1], o) < 0) {
      outsideEdge = i;
      break;
    }
  }
  if (outsideEdge == count) return startsInside(r);
  // Clip [0, maxFraction] by each edge's half-plane dot(n, x - v) <= 0 (Cyrus-Beck).
  const Vec2 d = r.direction;
  double lower = 0.0, upper = r.maxFraction;
  std::size_t entry = count;  // edge through which the ray enters
  for (std::size_t i = 0; i < count; ++i) {
    const double num = dot(n[i], v[i] - o);  // >= 0 when the origin is on the inner side
    const double den = dot(n[i], d);         // < 0 when the ray runs against the outward normal (entering)
    if (den == 0.0) {
      if (num < 0.0) return {};  // parallel to the edge and outside it
    } else if (den < 0.0) {
      if (num < lower * den) {  // t = num / den > lower
        lower = num / den;
        entry = i;
      }
    } else if (num < upper * den) {  // t < upper
      upper = num / den;
    }
    if (upper < lower) return {};
  }
  // Exactly outside but within rounding of an edge: the double clipping saw no entry; enter at fraction 0 through
  // the edge that the exact test found the origin outside of.
  if (entry == count) entry = outsideEdge;
  RayHit h;
  h.hit = true;
  h.fraction = lower;
  h.point = lower == 0.0 ? o : o + d * lower;
  h.normal = n[entry];
  return h;
}

RayHit raycast(const Ray& r, const Segment& s) {
  if (!finiteRay(r) || !isFinite(s.a) || !isFinite(s.b)) return {};
  const Vec2 o = r.origin, d = r.direction;
  // Sides of the segment's endpoints relative to the ray's line (exact).
  const int sa = detail::crossWithDiff(d, o, s.a).sign;
  const int sb = detail::crossWithDiff(d, o, s.b).sign;
  if (sa * sb > 0) return {};
  RayHit h;
  if (sa == 0 && sb == 0) {
    // Collinear (also a zero-length segment on the line): the first point of the segment the ray reaches.
    const detail::SignedValue pa = detail::dotWithDiff(d, o, s.a);
    const detail::SignedValue pb = detail::dotWithDiff(d, o, s.b);
    if (pa.sign < 0 && pb.sign < 0) return {};
    const double dd = dot(d, d);
    if (pa.sign <= 0 || pb.sign <= 0) {
      h.fraction = 0.0;  // the origin lies on the segment
      h.point = o;
    } else if (pa.value <= pb.value) {
      h.fraction = pa.value / dd;
      h.point = s.a;
    } else {
      h.fraction = pb.value / dd;
      h.point = s.b;
    }
    if (!(h.fraction <= r.maxFraction)) return {};
    h.hit = true;
    h.normal = detail::unitOrZero(-d);
    return h;
  }
  // The ray's line crosses the closed segment. t = ((a - o) x e) / (d x e) with e = b - a; t >= 0 exactly?
  const detail::SignedValue den = detail::crossOfDiffs({0.0, 0.0}, d, s.a, s.b);  // d x e
  const detail::SignedValue num = detail::crossOfDiffs(o, s.a, s.a, s.b);         // (a - o) x e
  if (num.sign * den.sign < 0 || den.sign == 0) return {};
  double t;
  if (sa == 0) {
    h.point = s.a;  // the crossing is exactly the endpoint a
    t = detail::dotWithDiff(d, o, s.a).value / dot(d, d);
  } else if (sb == 0) {
    h.point = s.b;
    t = detail::dotWithDiff(d, o, s.b).value / dot(d, d);
  } else {
    t = num.value / den.value;
    h.point = o + d * t;
  }
  if (num.sign == 0) {
    t = 0.0;  // the origin lies on the segment
    h.point = o;
  }
  t = std::max(t, 0.0);
  if (!(t <= r.maxFraction)) return {};
  h.hit = true;
  h.fraction = t;
  // Unit normal of the segment on the origin's side, i.e. facing against the direction: dot(n, d) < 0.
  const Vec2 left = detail::unitOrZero(perp(s.b - s.a));  // dot(left, d) = -(d x e)
  h.normal = den.sign > 0 ? left : -left;
  return h;
}

}  // namespace collide2d
