// collide2d — circle against infinite line and segment (seeds 000 and 002).
//
// With d = b - a and w = c - a (c the centre), the line a + t d meets the circle where
//   |d|^2 t^2 - 2 (w . d) t + |w|^2 - r^2 = 0.
// Its discriminant, divided by 4, is D = r^2 |d|^2 - cross(d, w)^2 (r^2 minus the squared distance from the centre
// to the line, times |d|^2). The sign of D decides miss / tangent / two crossings and is computed EXACTLY (a
// filtered double evaluation, falling back to expansions). The roots are written as the foot of the perpendicular
// plus or minus the half chord, tc -+ sqrt(D) / |d|^2 with tc = (w . d) / |d|^2, which has no cancellation between
// the two terms of a quadratic formula.
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>

#include "predicates.h"
#include "trig/trig.h"

namespace collide2d {

namespace {

struct Discriminant {
  int sign = 0;
  double value = 0.0;  ///< D, accurate to a few ulps of the inputs' scale (never negative when sign > 0)
};

// D = r^2 |d|^2 - cross(d, w)^2 with d = b - a, w = c - a. The caller has rescaled the inputs (see lineRoots), so
// the filter's products neither overflow nor underflow unless the inputs span many binades (then: exact path).
Discriminant discriminant(Vec2 a, Vec2 b, Vec2 c, double r) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double wx = c.x - a.x, wy = c.y - a.y;
  const double dd = dx * dx + dy * dy;
  const double r2 = r * r;
  const double l = dx * wy, rr = dy * wx;
  const double cr = l - rr;
  const double s = std::fabs(l) + std::fabs(rr);
  const double r2dd = r2 * dd;
  const double value = r2dd - cr * cr;
  // Forward error bound: each factor carries one rounding (the differences), r2 dd at most 6 roundings relative,
  // cr^2 at most about 8 eps s^2, and the final subtraction one more; 16 eps (r2 dd + s^2) covers all of it.
  constexpr double kBound = 16.0 * 1.1102230246251565e-16;
  const double bound = kBound * (r2dd + s * s);
  if (bound >= 0x1p-900 && bound <= 0x1p900) {
    if (value > bound) return {1, value};
    if (value < -bound) return {-1, value};
  }
  if (!(isFinite(a) && isFinite(b) && isFinite(c) && std::isfinite(r))) return {-1, 0.0};  // NaN / Inf: a miss
  using detail::exactDiff;
  const auto ex = exactDiff(b.x, a.x), ey = exactDiff(b.y, a.y);
  const auto fx = exactDiff(c.x, a.x), fy = exactDiff(c.y, a.y);
  const auto er2 = detail::exactProduct(r, r);
  const auto ecr = ex * fy - ey * fx;
  const auto e = er2 * (ex * ex + ey * ey) - ecr * ecr;
  const int sign = e.sign();
  return {sign, sign > 0 ? std::max(e.estimate(), 0.0) : 0.0};
}

// Roots of a line through a, b (a != b) with a circle; count from the exact sign. The parameters are
// dimensionless, so they are computed on the inputs rescaled by a power of two (exact) that brings the largest
// magnitude into [1, 2) whenever it lies outside [2^-200, 2^200]: then squares neither overflow nor underflow.
CircleLineIntersection lineRoots(Vec2 a, Vec2 b, const Circle& c) {
  CircleLineIntersection out;
  Vec2 sa = a, sb = b, sc = c.center;
  double sr = c.radius;
  // (the common case, every magnitude within [2^-200, 2^200], is decided inline: no call, no rescaling)
  const double big = std::max(std::max(std::max(std::fabs(a.x), std::fabs(a.y)), std::max(std::fabs(b.x), std::fabs(b.y))),
                              std::max(std::max(std::fabs(c.center.x), std::fabs(c.center.y)), std::fabs(c.radius)));
  const int k = big >= 0x1p-200 && big < 0x1p200
                    ? 0
                    : detail::scaleExponent({a.x, a.y, b.x, b.y, c.center.x, c.center.y, c.radius}, false);
  if (k > 200 || k < -200) {
    sa = {std::scalbn(a.x, k), std::scalbn(a.y, k)};
    sb = {std::scalbn(b.x, k), std::scalbn(b.y, k)};
    sc = {std::scalbn(sc.x, k), std::scalbn(sc.y, k)};
    sr = std::scalbn(sr, k);
  }
  const Vec2 d = sb - sa;
  const double dd = dot(d, d);
  if (!(dd > 0.0)) return out;  // degenerate line (or NaN): no crossing
  const Discriminant disc = discriminant(sa, sb, sc, sr);
  if (disc.sign < 0) return out;
  const double tc = dot(sc - sa, d) / dd;
  if (!std::isfinite(tc)) return out;  // overflow (inputs spanning more than the exponent range): no crossing
  if (disc.sign == 0) {
    out.count = 1;
    out.t1 = out.t2 = tc;
  } else {
    const double h = std::sqrt(disc.value) / dd;
    if (!std::isfinite(h)) return out;
    out.count = 2;
    out.t1 = tc - h;
    out.t2 = tc + h;
  }
  out.p1 = lerp(a, b, out.t1);
  out.p2 = lerp(a, b, out.t2);
  return out;
}

// Exact sign of r^2 - |p - c|^2 (p within the closed disc: >= 0), on inputs already rescaled (scaleExponent).
int discContainsSign(Vec2 p, Vec2 c, double r) {
  using detail::exactDiff;
  const auto dx = exactDiff(p.x, c.x), dy = exactDiff(p.y, c.y);
  return (detail::exactProduct(r, r) - (dx * dx + dy * dy)).sign();
}

// Whether the closed disc meets the closed segment, decided exactly for the given doubles: an end lies in the disc,
// or the foot of the perpendicular lies on the segment (exact dot signs) and the line is within r (exact sign of the
// discriminant). The inputs are rescaled by one power of two (exact), so any magnitude works; the degree-4
// discriminant is exact within a factor 2^216 among the nonzero inputs (predicates.h, DOMAIN).
bool exactCircleSegment(Vec2 a, Vec2 b, Vec2 c, double r) {
  const int k = detail::scaleExponent({a.x, a.y, b.x, b.y, c.x, c.y, r});
  if (k != 0) {
    a = {std::scalbn(a.x, k), std::scalbn(a.y, k)};
    b = {std::scalbn(b.x, k), std::scalbn(b.y, k)};
    c = {std::scalbn(c.x, k), std::scalbn(c.y, k)};
    r = std::scalbn(r, k);
  }
  if (discContainsSign(a, c, r) >= 0 || discContainsSign(b, c, r) >= 0) return true;
  if (a == b) return false;
  if (detail::dotSignExact(c, a, b, a) < 0 || detail::dotSignExact(c, b, a, b) < 0) return false;  // foot off it
  return discriminant(a, b, c, r).sign >= 0;
}

}  // namespace

CircleLineIntersection intersect(const Circle& c, const Line& l) { return lineRoots(l.a, l.b, c); }

CircleSegmentIntersection intersect(const Circle& c, const Segment& s) {
  CircleSegmentIntersection out;
  const SegmentPoint cp = closestPoint(s, c.center);
  out.closest = cp.point;
  out.closestT = cp.t;
  out.distance = std::sqrt(cp.distanceSquared);
  if (s.a != s.b) {
    const CircleLineIntersection line = lineRoots(s.a, s.b, c);
    const int n = line.count;
    if (n >= 1 && line.t1 >= 0.0 && line.t1 <= 1.0) {
      out.t[out.count] = line.t1;
      out.points[out.count] = line.p1;
      ++out.count;
    }
    if (n == 2 && line.t2 >= 0.0 && line.t2 <= 1.0) {
      out.t[out.count] = line.t2;
      out.points[out.count] = line.p2;
      ++out.count;
    }
  }
  out.overlaps = overlaps(c, s);
  return out;
}

bool overlaps(const Circle& c, const Segment& s) {
  // Exact (the tangent test promised in collide2d.h). The rounded distance decides when it is clearly away from the
  // radius: the computed closest point is within about 8 eps S of the exact one (S the largest magnitude), so a
  // margin of 2^-40 S (with S inside [2^-400, 2^400], where nothing under- or overflows) is certain; else exact.
  const double r = c.radius;
  if (!(r >= 0.0)) return false;  // NaN or negative radius: a miss, as before
  if (!(isFinite(s.a) && isFinite(s.b) && isFinite(c.center) && std::isfinite(r))) return false;
  const double big = std::max({std::fabs(s.a.x), std::fabs(s.a.y), std::fabs(s.b.x), std::fabs(s.b.y),
                               std::fabs(c.center.x), std::fabs(c.center.y), r});
  // Far from 1: the same rounded test on the inputs scaled by a power of two that brings the largest into [1, 2)
  // (values far below it may flush: they are far below the margin too).
  const int k = big >= 0x1p-400 && big <= 0x1p400
                    ? 0
                    : detail::scaleExponent({s.a.x, s.a.y, s.b.x, s.b.y, c.center.x, c.center.y, r}, false);
  const auto sc = [k](Vec2 v) { return Vec2{std::scalbn(v.x, k), std::scalbn(v.y, k)}; };
  const SegmentPoint cp = closestPoint(Segment{sc(s.a), sc(s.b)}, sc(c.center));
  const double d = std::sqrt(cp.distanceSquared), sr = std::scalbn(r, k);
  const double margin = 0x1p-40 * std::scalbn(big, k);
  if (d < sr - margin) return true;
  if (d > sr + margin) return false;
  return exactCircleSegment(s.a, s.b, c.center, r);
}

Contact collide(const Circle& c, const Segment& s) {
  Contact out;
  if (!overlaps(c, s)) return out;
  const SegmentPoint cp = closestPoint(s, c.center);
  out.hit = true;
  out.point = cp.point;
  const Vec2 e = s.b - s.a;
  // The rounded foot parameter can clamp to an end while the centre's exact projection lies inside the segment (a
  // centre within rounding of an end, the segment running on past it): whether the centre lies past either end is
  // then decided exactly, and only a centre past one takes the direction to that end (which rounding noise would
  // set). Both ends are checked: a segment far shorter than the centre's distance can underflow in the rescaled
  // parameter, which then clamps to a although the centre lies past b.
  const bool proper = s.a != s.b;
  const bool clamped = proper && (cp.t == 0.0 || cp.t == 1.0);
  const bool pastB = clamped && detail::dotSignExact(c.center, s.b, s.b, s.a) > 0;
  const bool pastA = clamped && !pastB && detail::dotSignExact(c.center, s.a, s.a, s.b) > 0;
  const bool inside = proper && ((cp.t > 0.0 && cp.t < 1.0) || (clamped && !pastA && !pastB));
  if (inside) {
    // The foot lies inside the segment: the normal is the segment's own perpendicular, on the side decided exactly
    // (the rounded foot may sit on either side of the centre when the centre is within rounding of the line), and
    // the distance is |e x (c - a)| / |e| (accurate relative to the distance itself).
    const detail::SignedValue side = detail::crossOfDiffs(s.a, s.b, s.a, c.center);  // > 0: centre on the left
    const Vec2 left = detail::unitOrZero(perp(e));
    if (side.sign == 0 || (left.x == 0.0 && left.y == 0.0)) {
      // The centre lies on the segment: push along the segment's left normal.
      out.normal = (left.x == 0.0 && left.y == 0.0) ? Vec2{1.0, 0.0} : left;
      out.depth = c.radius;
    } else {
      out.normal = side.sign > 0 ? -left : left;
      const double len = detail::hypot(e.x, e.y);
      const double dist = std::fabs(side.value) / len;
      out.depth = std::max(0.0, c.radius - (std::isfinite(dist) ? dist : std::sqrt(cp.distanceSquared)));
    }
    out.normal = detail::noNegativeZero(out.normal);
    return out;
  }
  // Past an end: that end, decided exactly (the clamped parameter may name the other one, see above).
  const Vec2 end = pastB ? s.b : pastA ? s.a : cp.point;
  out.point = end;
  const Vec2 toClosest = end - c.center;
  if (toClosest.x == 0.0 && toClosest.y == 0.0) {
    // The centre is an endpoint (or the segment is a point at the centre): the left normal (zero-length: +x).
    const Vec2 n = detail::unitOrZero(perp(e));
    out.normal = (n.x == 0.0 && n.y == 0.0) ? Vec2{1.0, 0.0} : n;
    out.depth = c.radius;
  } else {
    out.normal = detail::unitOrZero(toClosest);
    const double dist = end == cp.point ? std::sqrt(cp.distanceSquared) : detail::hypot(toClosest.x, toClosest.y);
    out.depth = std::max(0.0, c.radius - dist);
  }
  out.normal = detail::noNegativeZero(out.normal);
  return out;
}

}  // namespace collide2d
