// collide2d — infinite lines and segments (seeds 000, 003, 004). Every classification (parallel or not, which side,
// on the segment or not, collinear overlap) uses exact predicates; parameters and points are rounded doubles, except
// that an input endpoint found exactly on the other segment is returned exactly, with its exact parameter 0 or 1.
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>

#include "predicates.h"

namespace collide2d {

namespace {

// Parameter of p on the segment s (p known to lie on it): exact 0 / 1 at the endpoints, 0 on a zero-length segment,
// otherwise the rounded projection clamped to [0, 1].
double parameterOn(const Segment& s, Vec2 p) {
  if (p == s.a) return 0.0;
  if (p == s.b) return 1.0;
  const Vec2 d = s.b - s.a;
  const double l2 = dot(d, d);
  if (!(l2 > 0.0)) return 0.0;
  const double t = dot(p - s.a, d) / l2;
  return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

// p lies in the closed bounding box of the segment (used once p is known to be on its line).
inline bool inSpan(const Segment& s, Vec2 p) {
  return std::min(s.a.x, s.b.x) <= p.x && p.x <= std::max(s.a.x, s.b.x) && std::min(s.a.y, s.b.y) <= p.y &&
         p.y <= std::max(s.a.y, s.b.y);
}

inline bool onSegment(const Segment& s, Vec2 p) { return inSpan(s, p) && orient(s.a, s.b, p) == 0; }

SegmentIntersection pointResult(Vec2 p, double ua, double ub) {
  SegmentIntersection r;
  r.kind = SegmentIntersection::Kind::Point;
  r.points[0] = p;
  r.ua[0] = ua;
  r.ub[0] = ub;
  return r;
}

// Collinear, non-degenerate segments (every orientation is 0). Orders the four endpoints along A with one
// coordinate (the one on which A has a nonzero extent, sign-flipped so that A increases), all comparisons exact.
SegmentIntersection collinear(const Segment& a, const Segment& b, bool wantDetails) {
  SegmentIntersection r;
  const bool useX = std::fabs(a.b.x - a.a.x) >= std::fabs(a.b.y - a.a.y);
  const auto key = [&](Vec2 p) {
    const double k = useX ? p.x : p.y;
    const bool flip = useX ? a.b.x < a.a.x : a.b.y < a.a.y;
    return flip ? -k : k;
  };
  const double ka0 = key(a.a), ka1 = key(a.b);
  const double kba = key(b.a), kbb = key(b.b);
  const bool bForward = kba <= kbb;
  const double kb0 = bForward ? kba : kbb, kb1 = bForward ? kbb : kba;
  const Vec2 pb0 = bForward ? b.a : b.b, pb1 = bForward ? b.b : b.a;
  if (!(kb1 >= ka0 && ka1 >= kb0)) return r;  // disjoint (or NaN keys)
  // Start of the shared part: the later of A's start and B's first point; end: the earlier of the two ends.
  const Vec2 start = ka0 >= kb0 ? a.a : pb0;
  const Vec2 end = ka1 <= kb1 ? a.b : pb1;
  const double kStart = std::max(ka0, kb0), kEnd = std::min(ka1, kb1);
  if (kStart == kEnd) {
    r.kind = SegmentIntersection::Kind::Point;
  } else {
    r.kind = SegmentIntersection::Kind::Overlap;
  }
  if (!wantDetails) return r;
  r.points[0] = start;
  r.ua[0] = parameterOn(a, start);
  r.ub[0] = parameterOn(b, start);
  if (r.kind == SegmentIntersection::Kind::Overlap) {
    r.points[1] = end;
    r.ua[1] = parameterOn(a, end);
    r.ub[1] = parameterOn(b, end);
  }
  return r;
}

// The whole classification; metric fields are only filled when wantDetails (overlaps() skips them).
SegmentIntersection classify(const Segment& a, const Segment& b, bool wantDetails) {
  SegmentIntersection none;
  const bool aPoint = a.a == a.b;
  const bool bPoint = b.a == b.b;
  if (aPoint || bPoint) {
    if (aPoint && bPoint) return a.a == b.a ? pointResult(a.a, 0.0, 0.0) : none;
    if (aPoint) return onSegment(b, a.a) ? pointResult(a.a, 0.0, wantDetails ? parameterOn(b, a.a) : 0.0) : none;
    return onSegment(a, b.a) ? pointResult(b.a, wantDetails ? parameterOn(a, b.a) : 0.0, 0.0) : none;
  }
  const int o1 = orient(a.a, a.b, b.a);
  const int o2 = orient(a.a, a.b, b.b);
  if (o1 == 0 && o2 == 0) {
    // NaN coordinates also give 0; the collinear ordering then finds no overlap (NaN comparisons are false)
    // unless keys compare as intervals, which is a defined result either way.
    return collinear(a, b, wantDetails);
  }
  if (o1 * o2 > 0) return none;
  const int o3 = orient(b.a, b.b, a.a);
  const int o4 = orient(b.a, b.b, a.b);
  if (o3 * o4 > 0) return none;
  // Exactly one intersection point. An endpoint lying exactly on the other segment is the answer, exactly.
  if (o3 == 0) return pointResult(a.a, 0.0, wantDetails ? parameterOn(b, a.a) : 0.0);
  if (o4 == 0) return pointResult(a.b, 1.0, wantDetails ? parameterOn(b, a.b) : 0.0);
  if (o1 == 0) return pointResult(b.a, wantDetails ? parameterOn(a, b.a) : 0.0, 0.0);
  if (o2 == 0) return pointResult(b.b, wantDetails ? parameterOn(a, b.b) : 0.0, 1.0);
  if (!wantDetails) return pointResult({}, 0.0, 0.0);
  // Proper crossing strictly inside both: the seed-000 parameters with accurately evaluated determinants.
  const double denom = detail::crossOfDiffs(a.a, a.b, b.a, b.b).value;       // (a.b - a.a) x (b.b - b.a)
  const double numA = detail::crossOfDiffs(b.a, b.b, b.a, a.a).value;        // (b.b - b.a) x (a.a - b.a)
  const double numB = detail::crossOfDiffs(a.a, a.b, b.a, a.a).value;        // (a.b - a.a) x (a.a - b.a)
  double ua = numA / denom;
  double ub = numB / denom;
  // Known to be inside (0, 1); keep rounding from stepping outside.
  ua = std::min(1.0, std::max(0.0, ua));
  ub = std::min(1.0, std::max(0.0, ub));
  return pointResult(lerp(a.a, a.b, ua), ua, ub);
}

}  // namespace

LineIntersection intersect(const Line& a, const Line& b) {
  LineIntersection r;
  const detail::SignedValue denom = detail::crossOfDiffs(a.a, a.b, b.a, b.b);
  if (denom.sign == 0) {
    r.kind = orient(a.a, a.b, b.a) == 0 ? LineIntersection::Kind::Coincident : LineIntersection::Kind::Parallel;
    return r;
  }
  // Seed 000: ua = ((b2 - b1) x (a1 - b1)) / denom, ub = ((a2 - a1) x (a1 - b1)) / denom.
  const double numA = detail::crossOfDiffs(b.a, b.b, b.a, a.a).value;
  const double numB = detail::crossOfDiffs(a.a, a.b, b.a, a.a).value;
  r.kind = LineIntersection::Kind::Point;
  r.ta = numA / denom.value;
  r.tb = numB / denom.value;
  r.point = lerp(a.a, a.b, r.ta);
  return r;
}

bool overlaps(const Segment& a, const Segment& b) {
  // Cheap rejection by bounding boxes (exact comparisons, consistent with the exact classification).
  if (std::max(a.a.x, a.b.x) < std::min(b.a.x, b.b.x) || std::max(b.a.x, b.b.x) < std::min(a.a.x, a.b.x) ||
      std::max(a.a.y, a.b.y) < std::min(b.a.y, b.b.y) || std::max(b.a.y, b.b.y) < std::min(a.a.y, a.b.y)) {
    return false;
  }
  return classify(a, b, false).kind != SegmentIntersection::Kind::None;
}

SegmentIntersection intersect(const Segment& a, const Segment& b) { return classify(a, b, true); }

SegmentPoint closestPoint(const Segment& s, Vec2 p) {
  SegmentPoint r;
  Vec2 d = s.b - s.a;
  double l2 = dot(d, d);
  double t = 0.0;
  if (l2 > 0.0) t = dot(p - s.a, d) / l2;
  if (!(l2 >= 0x1p-900 && l2 <= 0x1p900) && isFinite(s.a) && isFinite(s.b) && isFinite(p)) {
    // The parameter is dimensionless: compute it on the inputs rescaled by a power of two (exact) when the squared
    // length would under- or overflow.
    const int k = detail::scaleExponent({s.a.x, s.a.y, s.b.x, s.b.y, p.x, p.y}, false);
    const auto sc = [k](Vec2 v) { return Vec2{std::scalbn(v.x, k), std::scalbn(v.y, k)}; };
    const Vec2 a = sc(s.a);
    d = sc(s.b) - a;
    l2 = dot(d, d);
    t = l2 > 0.0 ? dot(sc(p) - a, d) / l2 : 0.0;
  }
  if (t <= 0.0) {
    r.t = 0.0;
    r.point = s.a;
  } else if (t >= 1.0) {
    r.t = 1.0;
    r.point = s.b;
  } else {
    r.t = t;  // NaN stays NaN: a defined, meaningless answer for invalid input
    r.point = lerp(s.a, s.b, t);
  }
  r.distanceSquared = distanceSquared(p, r.point);
  return r;
}

SegmentPoint closestPoint(const Line& l, Vec2 p) {
  SegmentPoint r;
  const Vec2 d = l.b - l.a;
  const double l2 = dot(d, d);
  r.t = l2 > 0.0 ? dot(p - l.a, d) / l2 : 0.0;
  r.point = lerp(l.a, l.b, r.t);
  r.distanceSquared = distanceSquared(p, r.point);
  return r;
}

bool contains(const Segment& s, Vec2 p) { return onSegment(s, p); }

bool contains(const Line& l, Vec2 p) {
  if (l.a == l.b) return p == l.a;  // degenerate line: a point
  return orient(l.a, l.b, p) == 0;
}

}  // namespace collide2d
