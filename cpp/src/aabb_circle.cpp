// collide2d — axis-aligned boxes and circles against their own kind (seeds 000 and 003).
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>

#include "predicates.h"

namespace collide2d {

bool overlaps(const Aabb& a, const Aabb& b) {
  // Closed intervals overlap on both axes (touching counts). NaN makes a comparison false: no overlap.
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

Contact collide(const Aabb& a, const Aabb& b) {
  Contact c;
  if (!overlaps(a, b)) return c;
  // Per axis, B separates by moving +axis by a.max - b.min or -axis by b.max - a.min. The smaller push is the one
  // towards B's side of A's centre (their difference is twice the centre offset), so this is the "normal from A's
  // centre to B's centre" rule; it also stays right when one box contains the other, where the push is larger than
  // the length of the shared interval. Ties between the two pushes give +; ties between axes give x.
  const double fx = a.max.x - b.min.x, bx = b.max.x - a.min.x;
  const double fy = a.max.y - b.min.y, by = b.max.y - a.min.y;
  const bool px = fx <= bx, py = fy <= by;
  const double dx = px ? fx : bx, dy = py ? fy : by;
  if (!(dx >= 0.0 && dy >= 0.0)) return c;  // only for invalid boxes (max < min) or NaN
  c.hit = true;
  // B's support point along -normal lies on its face turned towards A; of that face, take the middle of the part
  // within A's extent on the other axis (the shared interval, never empty here).
  if (dx <= dy) {
    c.normal = {px ? 1.0 : -1.0, 0.0};
    c.depth = dx;
    const double lo = std::max(a.min.y, b.min.y), hi = std::min(a.max.y, b.max.y);
    c.point = {px ? b.min.x : b.max.x, lo + (hi - lo) * 0.5};
  } else {
    c.normal = {0.0, py ? 1.0 : -1.0};
    c.depth = dy;
    const double lo = std::max(a.min.x, b.min.x), hi = std::min(a.max.x, b.max.x);
    c.point = {lo + (hi - lo) * 0.5, py ? b.min.y : b.max.y};
  }
  return c;
}

namespace {

// d = b.center - a.center and r = a.radius + b.radius, in a frame scaled by 2^k (exact) when their squares would
// under- or overflow: then every input is rescaled so that the largest lies in [1, 2). Lengths computed in the
// scaled frame are multiplied by 2^-k on the way out. NaN and infinite inputs keep k = 0 (and fail the tests).
struct CirclePair {
  Vec2 d;
  double r = 0.0;
  int k = 0;
};

CirclePair circlePair(const Circle& a, const Circle& b) {
  CirclePair p{b.center - a.center, a.radius + b.radius, 0};
  const double m = std::max({std::fabs(p.d.x), std::fabs(p.d.y), std::fabs(p.r)});
  if ((m >= 0x1p-480 && m <= 0x1p480) || m == 0.0) return p;
  const int k =
      detail::scaleExponent({a.center.x, a.center.y, b.center.x, b.center.y, a.radius, b.radius}, false);
  if (k == 0) return p;
  const auto s = [k](double v) { return std::scalbn(v, k); };
  p.d = Vec2{s(b.center.x), s(b.center.y)} - Vec2{s(a.center.x), s(a.center.y)};
  p.r = s(a.radius) + s(b.radius);
  p.k = k;
  return p;
}

}  // namespace

bool overlaps(const Circle& a, const Circle& b) {
  const CirclePair p = circlePair(a, b);
  return p.d.x * p.d.x + p.d.y * p.d.y <= p.r * p.r;
}

Contact collide(const Circle& a, const Circle& b) {
  Contact c;
  const CirclePair p = circlePair(a, b);
  const Vec2 d = p.d;
  const double r = p.r;
  const double dist2 = d.x * d.x + d.y * d.y;
  if (!(dist2 <= r * r)) return c;  // same test as overlaps(); NaN: no hit
  c.hit = true;
  if (d.x == 0.0 && d.y == 0.0) {
    c.normal = {1.0, 0.0};
    c.depth = std::scalbn(r, -p.k);
  } else {
    const double dist = std::sqrt(dist2);
    c.normal = detail::noNegativeZero(dist2 > 0x1p-900 ? Vec2{d.x / dist, d.y / dist} : detail::unitOrZero(d));
    c.depth = std::scalbn(std::max(0.0, r - dist), -p.k);
  }
  c.point = b.center - c.normal * b.radius;
  return c;
}

}  // namespace collide2d
