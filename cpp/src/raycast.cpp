// collide2d — ray casts against a circle, an axis-aligned box, a rotated box, a convex polygon and a segment.
//
// Common rules (see collide2d.h): a ray is origin + t direction with 0 <= t <= maxFraction (inclusive). A ray that
// starts inside (or on the boundary of) an area shape hits at fraction 0 with point = origin and normal (0, 0).
// A miss, a zero direction and non-finite input all return RayHit{} (every field zero).
#include <collide2d/collide2d.h>

#include <algorithm>
#include <climits>
#include <cmath>

#include "predicates.h"
#include "trig/trig.h"

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
    // Divided, not multiplied by 1 / d: a fraction that is an exact quotient (3 / 5) comes out correctly rounded.
    double tEnter = (lo[i] - oc[i]) / dc[i];
    double tExit = (hi[i] - oc[i]) / dc[i];
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

// For polygon edge i (vertices v[i] -> v[i + 1], counter-clockwise) and the ray o + t d: A = e x (o - v[i]) and
// B = e x d (the ray is on the inner side of the edge where A + t B >= 0; it crosses the edge's line at -A / B).
// compareCrossings(i, j) is the exact sign of t_i - t_j, i.e. of (A_j B_i - A_i B_j) sign(B_i) sign(B_j).
// The sign of A_j B_i - A_i B_j is a degree-4 product (three position factors, one direction factor): products of
// doubles spanning 2^417 overflow (core_fuzz finding: a needle polygon reaching 1e125 reported a hit 1e130 away).
// Positions (the edges' ends and the origin) and the direction are each rescaled by a power of two (exact, and
// every t_i scales by the same factor, so their order is kept) so that their exponents are centred on 0: the
// products then stay within range for positions spanning up to about 2^500 (the orientation promise is 2^485).
int centredShift(std::initializer_list<double> xs) {
  int lo = INT_MAX, hi = INT_MIN;
  for (const double x : xs) {
    if (x == 0.0 || !std::isfinite(x)) continue;  // (a box's corner that overflowed: ilogb would be INT_MAX)
    const int e = std::ilogb(x);
    lo = std::min(lo, e);
    hi = std::max(hi, e);
  }
  if (lo > hi) return 0;
  // Centred, but never above 2^250 (three position factors and a direction stay below 2^1000 even when the span
  // is beyond the promise, e.g. subnormal corners of a box beside ordinary coordinates).
  return std::min(-((lo + hi) / 2), 250 - hi);
}

int compareCrossings(std::span<const Vec2> v, std::size_t count, std::size_t i, std::size_t j, Vec2 o, Vec2 d) {
  using detail::exact;
  using detail::exactDiff;
  const Vec2 vi0 = v[i], vi1 = v[i + 1 == count ? 0 : i + 1], vj0 = v[j], vj1 = v[j + 1 == count ? 0 : j + 1];
  const int sp = centredShift({vi0.x, vi0.y, vi1.x, vi1.y, vj0.x, vj0.y, vj1.x, vj1.y, o.x, o.y});
  const int sd = centredShift({d.x, d.y});
  const auto scaled = [](Vec2 p, int e) { return Vec2{std::scalbn(p.x, e), std::scalbn(p.y, e)}; };
  o = scaled(o, sp);
  d = scaled(d, sd);
  const auto edge = [&](std::size_t k, auto& A, auto& B) {
    const Vec2 a = scaled(k == i ? vi0 : vj0, sp), b = scaled(k == i ? vi1 : vj1, sp);
    const auto ex = exactDiff(b.x, a.x), ey = exactDiff(b.y, a.y);
    A = ex * exactDiff(o.y, a.y) - ey * exactDiff(o.x, a.x);
    B = ex * exact(d.y) - ey * exact(d.x);
  };
  using AType = decltype(exactDiff(0, 0) * exactDiff(0, 0) - exactDiff(0, 0) * exactDiff(0, 0));
  using BType = decltype(exactDiff(0, 0) * exact(0) - exactDiff(0, 0) * exact(0));
  AType ai, aj;
  BType bi, bj;
  edge(i, ai, bi);
  edge(j, aj, bj);
  return (aj * bi - ai * bj).sign() * bi.sign() * bj.sign();
}

// Parameters this close (relative) are ordered exactly.
inline bool close(double s, double t) { return !(std::fabs(s - t) > 1e-9 * std::fmax(std::fabs(s), std::fabs(t))); }

}  // namespace

RayHit raycast(const Ray& r, const Circle& c) {
  if (!finiteRay(r) || !(c.radius >= 0.0) || !isFinite(c.center) || !std::isfinite(c.radius)) return {};
  // Products of the inputs (up to r^2 |d|^2, degree 4) must neither overflow nor underflow: when the origin, centre
  // and radius lie outside [2^-200, 2^200] they are rescaled together by a power of two (exact), and the direction on
  // its own; the fraction is rescaled back (t = t' 2^(j - k)). (With 2^400, r = 4e88 and |d| = 3e91 made r^2 |d|^2
  // overflow: the discriminant was infinite and the fraction 0, a hit at the origin 1e97 away: core_fuzz finding.)
  Vec2 o = r.origin, center = c.center, d = r.direction;
  double radius = c.radius;
  int k = detail::scaleExponent({o.x, o.y, center.x, center.y, radius}, false);
  int j = detail::scaleExponent({d.x, d.y}, false);
  if (k >= -200 && k <= 200) k = 0;
  if (j >= -200 && j <= 200) j = 0;
  if (k != 0) {
    o = {std::scalbn(o.x, k), std::scalbn(o.y, k)};
    center = {std::scalbn(center.x, k), std::scalbn(center.y, k)};
    radius = std::scalbn(radius, k);
  }
  if (j != 0) d = {std::scalbn(d.x, j), std::scalbn(d.y, j)};
  const Vec2 m = o - center;
  const double r2 = radius * radius;
  const double cc = dot(m, m) - r2;
  if (cc <= 0.0) return startsInside(r);
  const double b = dot(m, d);  // half the linear coefficient of |d|^2 t^2 + 2 b t + cc = 0
  if (b >= 0.0) return {};     // outside and not moving towards the centre
  // The discriminant b^2 - |d|^2 cc, written as r^2 |d|^2 - (d x (c - o))^2 (Lagrange's identity): the first form
  // cancels catastrophically for a far origin; the second has an exact sign (a tangent ray touches: a hit).
  const detail::SignedValue disc = detail::tangencyDiscriminant(d, o, center, radius);
  if (disc.sign < 0) return {};
  // Smaller root without cancellation: q = -b + sqrt(disc) (both terms >= 0), t = cc / q.
  const double q = -b + std::sqrt(std::max(disc.value, 0.0));
  const double t = std::scalbn(cc / q, j - k);
  if (!(t >= 0.0 && t <= r.maxFraction)) return {};
  RayHit h;
  h.hit = true;
  h.fraction = t;
  h.point = r.origin + r.direction * t;
  const Vec2 n = detail::unitOrZero(h.point - c.center);
  h.normal = detail::noNegativeZero((n.x == 0.0 && n.y == 0.0) ? detail::unitOrZero(-r.direction) : n);
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

// A convex polygon's vertices (counter-clockwise) and the outward unit normals of its edges.
RayHit clipConvex(const Ray& r, std::span<const Vec2> v, std::span<const Vec2> n);

RayHit raycast(const Ray& r, const Box& b) {
  if (!finiteRay(r) || !isFinite(b.center) || !isFinite(b.halfExtents) || !std::isfinite(b.angle)) return {};
  // The box is its corners (Box::corners, as everywhere else), clipped like a polygon on exact edge determinants:
  // rotating a far origin into the box's frame would cost an ulp of the origin's coordinates, far more than the box.
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double c = turn.c, s = turn.s;
  Vec2 corners[4];
  b.corners(corners);
  // A box far outside the metric range whose corners overflow to infinity has no finite edge to hit: a miss (the
  // defined result of collide2d.h's "outside it they stay defined"; core_fuzz finding).
  for (const Vec2 q : corners) {
    if (!isFinite(q)) return {};
  }
  if (orient(corners[0], corners[1], corners[2]) == 0 && orient(corners[0], corners[2], corners[3]) == 0) {
    // Zero area (a zero extent, or extents below the precision of the centre): the corners lie on one line and the
    // box is the segment between the extreme ones (or a point), with no inside.
    const auto less = [](Vec2 p, Vec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); };
    Vec2 lo = corners[0], hi = corners[0];
    for (const Vec2 q : corners) {
      if (less(q, lo)) lo = q;
      if (less(hi, q)) hi = q;
    }
    return raycast(r, Segment{lo, hi});
  }
  const Vec2 normals[4] = {rotate({0.0, -1.0}, c, s), rotate({1.0, 0.0}, c, s), rotate({0.0, 1.0}, c, s),
                           rotate({-1.0, 0.0}, c, s)};
  return clipConvex(r, corners, normals);
}

RayHit raycast(const Ray& r, const Polygon& p) {
  if (p.size() < 3 || p.normals().size() != p.size()) return {};
  return clipConvex(r, p.vertices(), p.normals());
}

RayHit clipConvex(const Ray& r, std::span<const Vec2> v, std::span<const Vec2> n) {
  const std::size_t count = v.size();
  if (!finiteRay(r)) return {};
  const Vec2 o = r.origin;
  // Inside (boundary included) decided exactly, so that it agrees with contains(Polygon, point).
  std::size_t outsideEdge = count;  // an edge whose line has the origin strictly outside
  for (std::size_t i = 0; i < count; ++i) {
    if (orient(v[i], v[i + 1 == count ? 0 : i + 1], o) < 0) {
      outsideEdge = i;
      break;
    }
  }
  if (outsideEdge == count) {
    // On the inner side of every edge. A degenerate polygon (a transformed one rounded onto a line) has edges of
    // length zero, on whose lines everything lies: inside also needs the origin within the vertices' bounds.
    bool within = true;
    Vec2 lo = v[0], hi = v[0];
    for (const Vec2 q : v) {
      lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
      hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
    }
    within = lo.x <= o.x && o.x <= hi.x && lo.y <= o.y && o.y <= hi.y;
    if (within) return startsInside(r);
    return {};  // degenerate and outside: no edge to enter through (a defined miss)
  }
  // Clip [0, maxFraction] by each edge's half-plane A + t B >= 0 with A = e x (o - v), B = e x d (e the edge
  // vector, counter-clockwise: inside is on the left). A and B have exact signs and values accurate to ~1e-12
  // relative (adaptive: the exact expansion when the products cancel; core_fuzz found rounded-only values 1e-8
  // off, which misordered two crossings 4e-17 apart outside the tip of a needle polygon), so
  // a ray nearly parallel to a long thin polygon is not misled by rounded unit normals (Cyrus-Beck).
  const Vec2 d = r.direction;
  double lower = 0.0, upper = r.maxFraction;
  std::size_t entry = count;  // edge through which the ray enters (the largest entry parameter)
  std::size_t exit = count;   // edge through which it leaves (the smallest exit parameter)
  for (std::size_t i = 0; i < count; ++i) {
    const Vec2 a = v[i], b = v[i + 1 == count ? 0 : i + 1];
    // Accurate values (not only signs): the parameters -A / B are compared below, exactly only when within 1e-9.
    const detail::SignedValue A = detail::crossOfDiffs(a, b, a, o, true);
    const detail::SignedValue B = detail::crossOfDiffs(a, b, Vec2{0.0, 0.0}, d, true);
    if (B.sign == 0) {
      if (A.sign < 0) return {};  // parallel to the edge and outside it
    } else if (B.sign > 0) {      // entering: t >= -A / B
      if (A.sign < 0) {
        const double t = -A.value / B.value;
        const bool later = entry == count || (close(t, lower) ? compareCrossings(v, count, i, entry, o, d) > 0
                                                                : t > lower);
        if (later) {
          lower = entry == count ? std::max(t, 0.0) : std::max(t, lower);
          entry = i;
        }
      }
    } else {  // leaving: t <= -A / B
      if (A.sign < 0) return {};  // leaves before it starts (the origin is outside this edge, moving away)
      const double t = -A.value / B.value;
      const bool earlier = exit == count ? t < upper
                                         : (close(t, upper) ? compareCrossings(v, count, i, exit, o, d) < 0 : t < upper);
      if (earlier) {
        upper = t;
        exit = i;
      }
    }
  }
  // Exactly outside but within rounding of an edge: no entry parameter was computed; enter at fraction 0 through
  // the edge that the exact test found the origin outside of.
  const bool entered = entry != count;
  if (!entered) entry = outsideEdge;
  if (exit != count && entered) {
    // Entry no later than exit, decided exactly when the rounded parameters are too close to tell.
    if (close(lower, upper) ? compareCrossings(v, count, entry, exit, o, d) > 0 : upper < lower) return {};
  } else if (upper < lower) {
    return {};
  }
  if (!(lower <= r.maxFraction)) return {};
  RayHit h;
  h.hit = true;
  h.fraction = lower;
  h.point = lower == 0.0 ? o : o + d * lower;
  h.normal = detail::noNegativeZero(n[entry]);
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
    h.normal = detail::noNegativeZero(detail::unitOrZero(-d));
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
  h.normal = detail::noNegativeZero(den.sign > 0 ? left : -left);
  return h;
}

}  // namespace collide2d
