// Circle against axis-aligned boxes, rotated boxes and convex polygons (seed 000: closest point on the
// boundary), plus the closest boundary point of every area shape.
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "predicates.h"
#include "coherence.h"
#include "trig/trig.h"

namespace collide2d {

namespace {

// Unit vector along d, also for tiny or huge d whose squared length under- or overflows.
Vec2 unitOf(Vec2 d) {
  const double s = std::max(std::fabs(d.x), std::fabs(d.y));
  if (!(s > 0.0) || !std::isfinite(s)) return normalize(d);
  return normalize(Vec2{d.x / s, d.y / s});
}

double clampTo(double v, double lo, double hi) { return std::min(std::max(v, lo), hi); }

// Closest point of the boundary of [lo, hi] to p. When p is inside (boundary included), `face` is the outward
// normal of the nearest side; `point` is p projected on that side.
struct BoxClosest {
  Vec2 point;
  double distanceSquared = 0.0;
  bool inside = false;
  Vec2 face;
};

BoxClosest closestOnAabb(Vec2 lo, Vec2 hi, Vec2 p) {
  BoxClosest out;
  out.inside = p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
  if (!out.inside) {
    out.point = {clampTo(p.x, lo.x, hi.x), clampTo(p.y, lo.y, hi.y)};
    out.distanceSquared = distanceSquared(p, out.point);
    return out;
  }
  double best = p.x - lo.x;
  out.point = {lo.x, p.y};
  out.face = {-1.0, 0.0};
  if (const double d = hi.x - p.x; d < best) {
    best = d;
    out.point = {hi.x, p.y};
    out.face = {1.0, 0.0};
  }
  if (const double d = p.y - lo.y; d < best) {
    best = d;
    out.point = {p.x, lo.y};
    out.face = {0.0, -1.0};
  }
  if (const double d = hi.y - p.y; d < best) {
    best = d;
    out.point = {p.x, hi.y};
    out.face = {0.0, 1.0};
  }
  out.distanceSquared = best * best;
  return out;
}

// Same for a convex polygon: the closest point over all edges (seed 000), whether p is inside (exact), and the
// edge that point lies on. An empty (default-constructed) polygon has no boundary: infinite distance.
struct PolygonClosest {
  Vec2 point;
  double distanceSquared = std::numeric_limits<double>::infinity();
  bool inside = false;
  std::size_t edge = 0;
  bool interior = false;  ///< the closest point lies strictly inside that edge (not at a vertex)
};

// The closest point of the edge a -> b to p, its squared distance, and whether it lies strictly inside the edge.
struct EdgeFoot {
  Vec2 point;
  double distanceSquared = 0.0;
  bool interior = false;
};

inline EdgeFoot footOn(Vec2 a, Vec2 b, Vec2 p) {
  const Vec2 ab = b - a;
  const double len2 = dot(ab, ab);
  double t = len2 > 0.0 ? dot(p - a, ab) / len2 : 0.0;
  t = clampTo(t, 0.0, 1.0);
  const Vec2 q = t >= 1.0 ? b : a + ab * t;
  return {q, distanceSquared(p, q), t > 0.0 && t < 1.0};
}

// With insideIsEnough, a p inside is reported without its closest point (overlaps() needs no more).
PolygonClosest closestOnPolygon(const Polygon& poly, Vec2 p, bool insideIsEnough = false) {
  PolygonClosest out;
  const auto v = poly.vertices();
  const std::size_t n = v.size();
  if (n == 0) {
    out.point = p;
    return out;
  }
  // The closest point of a convex polygon to an exterior point lies on an edge that has the point strictly
  // outside its line (decided exactly). Only those edges are candidates when p is outside, so that a near tie
  // between an edge and the far side of a needle never picks the far side (whose normal faces away from p).
  // The candidates (the outside edges, or every edge when there is none) are visited in order and the first of the
  // smallest squared distance is kept. The orientations come first, so that the feet are computed for the
  // candidates only (usually one or two edges of an exterior point).
  const auto next = [n](std::size_t i) { return i + 1 < n ? i + 1 : 0; };
  std::size_t first = 0;  // the first edge with p strictly outside, or n
  while (first < n && detail::orientFiltered(v[first], v[next(first)], p) >= 0) ++first;
  const bool haveOutside = first < n;
  out.inside = n >= 3 && !haveOutside;
  if (out.inside && insideIsEnough) return out;
  bool have = false;
  for (std::size_t i = haveOutside ? first : 0; i < n; ++i) {
    const Vec2 a = v[i], b = v[next(i)];
    if (haveOutside && i != first && detail::orientFiltered(a, b, p) >= 0) continue;
    const EdgeFoot f = footOn(a, b, p);
    if (!have || f.distanceSquared < out.distanceSquared) out = {f.point, f.distanceSquared, out.inside, i, f.interior};
    have = true;
  }
  return out;
}

// Contact of a circle with an area whose closest boundary point to the centre is `q` at squared distance d2.
// `face` is the outward normal of the side used when the centre is inside or on the boundary.
Contact circleContact(const Circle& c, Vec2 q, double d2, bool inside, Vec2 face) {
  Contact out;
  const Vec2 delta = q - c.center;
  if (!inside && delta != Vec2{0.0, 0.0}) {
    if (!(d2 <= c.radius * c.radius)) return {};
    out.normal = unitOf(delta);
    out.depth = std::max(0.0, c.radius - std::sqrt(d2));
  } else {
    // Centre inside (or on the boundary): push out through the nearest side.
    out.normal = -face;
    out.depth = c.radius + std::sqrt(d2);
  }
  out.hit = true;
  out.normal = detail::noNegativeZero(out.normal);
  out.point = q;
  return out;
}

}  // namespace

// -- Aabb ---------------------------------------------------------------------------------------------------------

bool overlaps(const Circle& c, const Aabb& b) {
  const BoxClosest bc = closestOnAabb(b.min, b.max, c.center);
  return bc.inside || bc.distanceSquared <= c.radius * c.radius;
}

Contact collide(const Circle& c, const Aabb& b) {
  const BoxClosest bc = closestOnAabb(b.min, b.max, c.center);
  return circleContact(c, bc.point, bc.distanceSquared, bc.inside, bc.face);
}

BoundaryPoint closestPoint(const Aabb& b, Vec2 p) {
  const BoxClosest bc = closestOnAabb(b.min, b.max, p);
  return {bc.point, bc.distanceSquared, bc.inside};
}

// -- Box (worked in the box's local frame) --------------------------------------------------------------------------

bool overlaps(const Circle& c, const Box& b) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double cs = turn.c, sn = turn.s;
  const Vec2 local = inverseRotate(c.center - b.center, cs, sn);
  const BoxClosest bc = closestOnAabb(-b.halfExtents, b.halfExtents, local);
  return bc.inside || bc.distanceSquared <= c.radius * c.radius;
}

Contact collide(const Circle& c, const Box& b) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double cs = turn.c, sn = turn.s;
  const Vec2 local = inverseRotate(c.center - b.center, cs, sn);
  const BoxClosest bc = closestOnAabb(-b.halfExtents, b.halfExtents, local);
  const Circle localCircle{local, c.radius};
  Contact out = circleContact(localCircle, bc.point, bc.distanceSquared, bc.inside, bc.face);
  if (!out.hit) return out;
  out.normal = detail::noNegativeZero(rotate(out.normal, cs, sn));
  out.point = b.center + rotate(out.point, cs, sn);
  return out;
}

BoundaryPoint closestPoint(const Box& b, Vec2 p) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double cs = turn.c, sn = turn.s;
  const Vec2 local = inverseRotate(p - b.center, cs, sn);
  const BoxClosest bc = closestOnAabb(-b.halfExtents, b.halfExtents, local);
  return {b.center + rotate(bc.point, cs, sn), bc.distanceSquared, bc.inside};
}

// -- Polygon --------------------------------------------------------------------------------------------------------

bool overlaps(const Circle& c, const Polygon& p) {
  const PolygonClosest pc = closestOnPolygon(p, c.center, true);
  return pc.inside || pc.distanceSquared <= c.radius * c.radius;
}

Contact collide(const Circle& c, const Polygon& p) {
  if (p.size() == 0) return {};
  const PolygonClosest pc = closestOnPolygon(p, c.center);
  bool onEdge = pc.interior;
  std::size_t edge = pc.edge;  // the edge whose normal the contact takes when onEdge
  if (!pc.inside && !pc.interior && p.size() >= 2) {
    // The foot's rounded parameter was clamped to an end of the edge. Whether the centre really lies past that end is
    // the sign of (c - end) . e, where c - end is exact when the centre is that close (Sterbenz): a centre within
    // rounding of a vertex but inside the edge's own region (core_fuzz: r = 449.75 at 4e-14 from a needle's tip) must
    // use the edge's normal, not the direction to the vertex, which rounding makes arbitrary there.
    const auto v = p.vertices();
    const Vec2 a = v[pc.edge], b = v[pc.edge + 1 < v.size() ? pc.edge + 1 : 0];
    const bool atB = pc.point == b && !(pc.point == a);
    const Vec2 end = atB ? b : a;
    const double s = dot(c.center - end, b - a);
    onEdge = atB ? s < 0.0 : s > 0.0;
    const std::size_t n = v.size();
    if (!onEdge && n >= 3) {
      // Past that end, the centre may still lie in the region of the OTHER edge at that vertex (core_fuzz: a centre
      // one ulp above a sliver's vertex, a tie in rounded distance between the vertex and that edge's foot): then
      // the closest point is inside that edge, exactly nearer than the vertex, and its normal is the contact's.
      const std::size_t adj = atB ? (pc.edge + 1 < n ? pc.edge + 1 : 0) : (pc.edge + n - 1) % n;
      const Vec2 a2 = v[adj], b2 = v[adj + 1 < n ? adj + 1 : 0];
      const double s2 = dot(c.center - end, b2 - a2);
      const Vec2 other = atB ? b2 : a2;  // the adjacent edge's far end: the centre must lie before it too (its slab)
      const double s3 = dot(c.center - other, b2 - a2);
      if ((atB ? s2 > 0.0 && s3 < 0.0 : s2 < 0.0 && s3 > 0.0) && detail::orientFiltered(a2, b2, c.center) < 0) {
        edge = adj;
        onEdge = true;
      }
    }
  }
  if (!pc.inside && onEdge && pc.distanceSquared <= c.radius * c.radius) {  // (as overlaps(): NaN is no hit)
    // The closest point lies inside an edge: the normal is that edge's own (the rounded foot may sit anywhere
    // within an ulp of the coordinates, which would tilt q - c arbitrarily when the centre is that close), and the
    // distance is |e x (c - a)| / |e|, accurate relative to itself.
    const auto v = p.vertices();
    const Vec2 a = v[edge], b = v[edge + 1 < v.size() ? edge + 1 : 0];
    const Vec2 e = b - a;
    const double dist = std::fabs(detail::crossOfDiffs(a, b, a, c.center).value) / detail::hypot(e.x, e.y);
    Contact out;
    out.hit = true;
    out.normal = detail::noNegativeZero(-p.normals()[edge]);
    out.depth = std::max(0.0, c.radius - (std::isfinite(dist) ? dist : std::sqrt(pc.distanceSquared)));
    out.point = pc.point;
    return out;
  }
  return circleContact(c, pc.point, pc.distanceSquared, pc.inside, p.normals()[pc.edge]);
}

BoundaryPoint closestPoint(const Polygon& poly, Vec2 p) {
  const PolygonClosest pc = closestOnPolygon(poly, p);
  return {pc.point, pc.distanceSquared, pc.inside};
}

// -- overlaps with the clearance (coherence.cpp) -----------------------------------------------------------------------

namespace {
// r - (distance from the centre to the shape) outside, r + (distance to the boundary) inside.
double clearance(double r, double distanceSquared, bool inside) {
  const double d = std::sqrt(distanceSquared);
  return inside ? r + d : r - d;
}
}  // namespace

bool detail::overlapsWithMargin(const Circle& c, const Aabb& b, double& margin) {
  const BoxClosest bc = closestOnAabb(b.min, b.max, c.center);
  margin = clearance(c.radius, bc.distanceSquared, bc.inside);
  return bc.inside || bc.distanceSquared <= c.radius * c.radius;
}

bool detail::overlapsWithMargin(const Circle& c, const Box& b, double& margin) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double cs = turn.c, sn = turn.s;
  const Vec2 local = inverseRotate(c.center - b.center, cs, sn);
  const BoxClosest bc = closestOnAabb(-b.halfExtents, b.halfExtents, local);
  margin = clearance(c.radius, bc.distanceSquared, bc.inside);
  return bc.inside || bc.distanceSquared <= c.radius * c.radius;
}

bool detail::overlapsWithMargin(const Circle& c, const Polygon& p, double& margin) {
  const PolygonClosest pc = closestOnPolygon(p, c.center);
  margin = clearance(c.radius, pc.distanceSquared, pc.inside);
  return pc.inside || pc.distanceSquared <= c.radius * c.radius;
}

// -- Circle ---------------------------------------------------------------------------------------------------------

BoundaryPoint closestPoint(const Circle& c, Vec2 p) {
  const Vec2 d = p - c.center;
  BoundaryPoint out;
  out.inside = lengthSquared(d) <= c.radius * c.radius;  // the same test as contains(Circle, p)
  const Vec2 dir = d == Vec2{0.0, 0.0} ? Vec2{1.0, 0.0} : unitOf(d);
  out.point = c.center + dir * c.radius;
  const double gap = length(d) - c.radius;
  out.distanceSquared = gap * gap;
  return out;
}

}  // namespace collide2d
