// collide2d — a moving circle against wall segments (seed 004): sweep() and moveAndSlide().
//
// The seed builds the rectangle swept by the moving circle and intersects its border segments with the wall.
// Here the same question is asked the other way round, which is exact in one pass: the centre moves along the
// ray c + t d, and the circle touches the wall exactly when the centre reaches the wall's *capsule* (every point
// within r of the segment). A capsule is the union of a rectangle (the segment pushed out by r on both sides) and
// two discs (the endpoints, "corners"). The first contact is the earliest of
//   * the ray against the flat side facing the start (accepted only where its foot lies on the segment), and
//   * the ray against each endpoint disc.
// Both are solved in a frame centred on the circle so that big coordinates (1e6) with small radii (1e-6) keep
// their precision, and both are closed-form: a move of any length cannot tunnel through a thin wall.
//
// Results. SweepHit::time is the contact time itself; SweepHit::position is c + time d backed off along -d by
// the skin (below), so it is touching but never inside. A contact only counts when the circle moves into the wall
// there: a tangent graze, or sliding along a wall the circle touches, is not a hit (the same rule as at time 0).
// Walls with a non-finite coordinate are never hit.
//
// Everything here is self-contained (static helpers) so that the hot path does not depend on other files.

#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "predicates.h"

namespace collide2d {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// A motion counts as "along the wall" (neither into it nor away from it) when the cosine between the
// displacement and the contact normal is within this many ulps of 0: the normal itself is rounded, so a slide
// exactly along a tilted wall must not be mistaken for a push into it.
constexpr double kParallelCosine = 8.0 * kEps;

// SKIN. The returned position must stay out of every wall under *any* reasonable rounding of the distance,
// not just ours. Computing a point-to-segment distance from coordinates of magnitude S is accurate to a few
// ulps of S, so the stop position is backed off along -d until our computed clearance to the hit wall,
// distance - r, is at least kSkinUlps * eps * S, where S is the largest magnitude among the centre, the
// destination, the radius and the hit wall's endpoints. That is a few ulps of the coordinates (about 1e-9 at
// 1e6, 1e-15 at 1): invisible in practice, and it also means that a following slide along that wall starts
// clear of it. The back-off never goes behind the start: when it would, the circle stays at its start.
constexpr double kSkinUlps = 4.0;

// The back-off doubles until the position is clear; this bounds the loop (2^64 times the first step is far more
// than any displacement), after which the start position is used.
constexpr int kMaxBackoffSteps = 64;

double maxAbs(Vec2 v) { return std::max(std::fabs(v.x), std::fabs(v.y)); }

bool finite(double v) { return std::isfinite(v); }

// Closest point of the segment [a, b] to p and the distance to it. Interior feet use the cross-product form
// |cross(e, p - a)| / |e| (accurate relative to |p - a|, not to the absolute coordinates).
struct WallPoint {
  Vec2 point;
  double distance = 0.0;
  bool interior = false;  // the closest point lies strictly between the endpoints
};

WallPoint closestOnWall(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const Vec2 w = p - a;
  const double l2 = dot(e, e);
  if (!(l2 > 0.0)) return {a, length(w), false};
  const double s = dot(w, e);
  if (s <= 0.0) return {a, length(w), false};
  if (s >= l2) return {b, length(p - b), false};
  const double len = std::sqrt(l2);
  return {a + e * (s / l2), std::fabs(cross(e, w)) / len, true};
}

// Unit normal at a start contact (distance <= r + skin), towards the centre. On the side of the wall it is the
// wall's own perpendicular (not normalize(c - foot): the foot carries rounding of the order of an ulp of the
// coordinates, which would tilt the normal badly for a tiny radius); at an end it points from the endpoint.
// When the centre lies on the wall itself: the perpendicular facing against the motion (for a point wall: -d).
Vec2 startNormal(Vec2 c, const WallPoint& q, Vec2 a, Vec2 b, Vec2 d) {
  const Vec2 e = b - a;
  const Vec2 m = normalize(perp(e));
  if (q.interior) {
    const double side = cross(e, c - a);
    if (side > 0.0) return m;
    if (side < 0.0) return -m;
  } else if (q.distance > 0.0) {
    const Vec2 n = normalize(c - q.point);
    if (n != Vec2{0.0, 0.0}) return n;
  }
  if (m != Vec2{0.0, 0.0}) return dot(m, d) > 0.0 ? -m : m;
  return -normalize(d);
}

// Whether moving by d from contact normal n goes into the wall (strictly, beyond rounding of the normal).
bool movesInto(Vec2 d, Vec2 n, double dLength) { return dot(d, n) < -kParallelCosine * dLength; }

// The skin (see SKIN above) for one wall, given the magnitude of the motion's own coordinates.
double wallSkin(double motionScale, const Segment& s) {
  return kSkinUlps * kEps * std::max({motionScale, maxAbs(s.a), maxAbs(s.b)});
}

// How the circle (c, r) stands towards a wall before it moves by d. "Touching" is decided within the skin: a
// circle closer than r + skin cannot be backed off any further anyway, and deciding it here keeps a slide along a
// tilted wall (normal speed of a few ulps, clearance of a few ulps) from being read as a hit.
enum class Start { Clear, MovingIn, Leaving };

Start startContact(Vec2 c, double r, Vec2 d, double dLength, const Segment& s, double skin, WallPoint& q,
                   Vec2& normal) {
  q = closestOnWall(c, s.a, s.b);
  if (!(q.distance - r <= skin)) return Start::Clear;
  if (contains(s, c)) {
    // The centre lies exactly on the wall (decided exactly): every motion leaves it or slides along it, none
    // moves "into" it, so the wall never stops a circle centred on it (issue 10, item 6).
    q.distance = 0.0;
    normal = startNormal(c, q, s.a, s.b, d);
    return Start::Leaving;
  }
  normal = startNormal(c, q, s.a, s.b, d);
  return movesInto(d, normal, dLength) ? Start::MovingIn : Start::Leaving;
}

// Exact: is the centre at the end of the motion, c + d, within r of the line through a, b or past it, seen from the
// side `side` (+1: the left of a -> b) where it starts? I.e. side * H <= r |e| with H = e x (c + d - a), e = b - a.
// All inputs are rescaled together by a power of two (the answer is invariant).
bool endReachesLine(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double r, int side) {
  using namespace detail;
  const int k = scaleExponent({a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y, r});
  const auto sc = [k](double v) { return std::scalbn(v, k); };
  a = {sc(a.x), sc(a.y)};
  b = {sc(b.x), sc(b.y)};
  c = {sc(c.x), sc(c.y)};
  d = {sc(d.x), sc(d.y)};
  r = sc(r);
  const auto ex = exactDiff(b.x, a.x), ey = exactDiff(b.y, a.y);
  const auto wx = exactDiff(c.x, a.x) + exact(d.x), wy = exactDiff(c.y, a.y) + exact(d.y);
  const auto h = ex * wy - ey * wx;
  if (h.sign() * side <= 0) return true;  // on the line or past it
  const auto f = exactProduct(r, r) * (ex * ex + ey * ey) - h * h;
  return f.sign() >= 0;
}

// Exact: is c + d within r of the point p (closed disc)?
bool endWithinDisc(Vec2 c, Vec2 d, Vec2 p, double r) {
  using namespace detail;
  const int k = scaleExponent({c.x, c.y, d.x, d.y, p.x, p.y, r});
  const auto sc = [k](double v) { return std::scalbn(v, k); };
  c = {sc(c.x), sc(c.y)};
  d = {sc(d.x), sc(d.y)};
  p = {sc(p.x), sc(p.y)};
  r = sc(r);
  const auto fx = exactDiff(c.x, p.x) + exact(d.x), fy = exactDiff(c.y, p.y) + exact(d.y);
  return (exactProduct(r, r) - (fx * fx + fy * fy)).sign() >= 0;
}

// A parameter this close to 1 is re-decided exactly (contact at or before the end of the motion, or not).
constexpr double kNearOne = 1e-6;

// One wall's first contact.
struct WallHit {
  bool hit = false;
  double time = 1.0;
  Vec2 point;
  Vec2 normal;
};

// First t in [0, 1] at which the circle's centre c + t d enters the disc of radius r around the wall end P (p = P - c,
// rounded), moving in (a tangent graze is not an entry). Returns false when there is none. Graze vs entry, and entry
// before or after t = 1, are decided exactly.
bool rayDisc(Vec2 c, Vec2 d, Vec2 P, Vec2 p, double r, double& t) {
  const double b = dot(d, p);  // > 0: moving towards the centre
  if (!(b > 0.0)) return false;
  const double cc = dot(p, p) - r * r;  // > 0: starting outside
  if (cc <= 0.0) {
    t = 0.0;
    return true;
  }
  // The discriminant b^2 - |d|^2 cc equals (r |d|)^2 - cross(d, P - c)^2 (Lagrange's identity), which does not
  // cancel when the disc is small and far away; its sign is exact. Zero is a tangent graze (the motion is along the
  // contact tangent), except for a point (r == 0), whose only way to touch a corner is to pass straight through it.
  const detail::SignedValue disc = detail::tangencyDiscriminant(d, c, P, r);
  if (!(disc.sign > 0) && !(disc.sign == 0 && r == 0.0)) return false;
  // Stable root: cc / (b + sqrt(disc)) instead of (b - sqrt(disc)) / |d|^2.
  double root = cc / (b + std::sqrt(std::max(disc.value, 0.0)));
  if (std::fabs(root - 1.0) <= kNearOne) root = endWithinDisc(c, d, P, r) ? std::min(root, 1.0) : 2.0;
  if (!(root <= 1.0)) return false;
  t = root;
  return true;
}

// The wall s against the circle (c, r) moving by d (dLength = |d|).
WallHit sweepWall(Vec2 c, double r, Vec2 d, double dLength, const Segment& s, double skin) {
  WallHit out;
  const Vec2 a = s.a;
  const Vec2 b = s.b;
  // Starting in contact: time 0 when moving in, otherwise this wall never stops the motion.
  WallPoint q0;
  Vec2 n0;
  switch (startContact(c, r, d, dLength, s, skin, q0, n0)) {
    case Start::MovingIn:
      out.hit = true;
      out.time = 0.0;
      out.point = q0.point;
      out.normal = n0;
      return out;
    case Start::Leaving:  // this wall never stops the motion
      return out;
    case Start::Clear:
      break;
  }

  // Frame centred on the start: the centre moves along t * d from the origin.
  const Vec2 pa = a - c;
  const Vec2 pb = b - c;
  const Vec2 e = b - a;
  const double l2 = dot(e, e);
  if (l2 > 0.0) {
    const double len = std::sqrt(l2);
    const Vec2 u = e * (1.0 / len);
    const Vec2 m = perp(u);
    const double h = -dot(m, pa);  // signed offset of the centre from the wall's line along m
    // Which side the centre starts on, and whether it moves towards the line, are decided exactly: a motion exactly
    // parallel to the wall never reaches its face (issue 10: a slide at exactly r was reported as a hit).
    const int sideSign = orient(a, b, c);
    const int moveSign = detail::crossOfDiffs(a, b, Vec2{0.0, 0.0}, d).sign;
    if (sideSign != 0 && moveSign == -sideSign) {
      const double side = sideSign > 0 ? 1.0 : -1.0;
      const double approach = -side * dot(m, d);  // speed towards the line (> 0, up to rounding)
      const double gap = std::fabs(h) - r;
      double t = gap > 0.0 ? gap / approach : 0.0;
      if (!(approach > 0.0)) t = 2.0;
      if (!(std::fabs(t - 1.0) > kNearOne)) {
        // Within rounding of the end of the motion: does the circle reach the line by t = 1? (exact)
        t = endReachesLine(a, b, c, d, r, sideSign) ? std::min(t, 1.0) : 2.0;
      }
      if (t <= 1.0) {
        const double foot = -dot(u, pa) + t * dot(u, d);  // tangential coordinate of the centre at t
        if (foot >= 0.0 && foot <= len) {
          out.hit = true;
          out.time = t;
          out.point = a + e * (foot / len);
          out.normal = m * side;
          return out;
        }
      }
    }
  }
  // The endpoint discs (the only features of a zero-length wall).
  double ta = 2.0;
  double tb = 2.0;
  const bool hitA = rayDisc(c, d, a, pa, r, ta);
  const bool hitB = l2 > 0.0 && rayDisc(c, d, b, pb, r, tb);
  if (!hitA && !hitB) return out;
  const bool useA = hitA && (!hitB || ta <= tb);
  const double t = useA ? ta : tb;
  const Vec2 corner = useA ? pa : pb;
  out.hit = true;
  out.time = t;
  out.point = useA ? a : b;
  Vec2 n = normalize(d * t - corner);
  if (n == Vec2{0.0, 0.0}) n = -normalize(d);  // r == 0 and the centre reaches the corner
  out.normal = n;
  return out;
}

// The circle's swept bounds, inflated a little beyond r so that rounding never rejects a wall that is touched
// (nor one near a destination nudged out by a few skins, see sweep()).
struct MotionBox {
  double minX, minY, maxX, maxY;
  bool rejects(Vec2 a, Vec2 b) const {
    // Branch-free (`&` on bools): most walls are rejected here and a branch per comparison mispredicts badly.
    // A NaN coordinate may pass; wallUsable() then rejects it.
    const int overlap = int(std::max(a.x, b.x) >= minX) & int(std::min(a.x, b.x) <= maxX) &
                        int(std::max(a.y, b.y) >= minY) & int(std::min(a.y, b.y) <= maxY);
    return overlap == 0;
  }
};

MotionBox motionBox(Vec2 c, Vec2 end, double r) {
  const double scale = std::max({maxAbs(c), maxAbs(end), r});
  const double pad = r + 64.0 * kEps * (scale + r);
  return {std::min(c.x, end.x) - pad, std::min(c.y, end.y) - pad, std::max(c.x, end.x) + pad,
          std::max(c.y, end.y) + pad};
}

bool wallUsable(const Segment& s) { return isFinite(s.a) && isFinite(s.b); }

// Whether the circle at p is clear of every wall that the sweep must respect: the hit wall by at least `skin`,
// every other wall by >= 0 (walls that the circle started touching and moves away from are exempt).
// Whether the circle at p is too close to wall s: nearer than r + need, unless the circle started touching or
// overlapping it (distance <= r) and is leaving it or moving along it. A wall that started clear, even by less
// than the skin, must stay clear: rounding of the stop position alone (half an ulp of the coordinates) could
// otherwise push the circle into it. The closest point of s to p is left in `q`.
bool blocks(Vec2 p, Vec2 c, double r, Vec2 d, double dLength, const Segment& s, double motionScale, double need,
            WallPoint& q) {
  q = closestOnWall(p, s.a, s.b);
  if (q.distance - r >= need) return false;
  WallPoint q0;
  Vec2 n0;
  return !(startContact(c, r, d, dLength, s, wallSkin(motionScale, s), q0, n0) == Start::Leaving &&
           q0.distance <= r);
}

// Returns -1 when the circle at p is clear of every wall (the hit wall by `hitSkin`, the others by 0), else the
// index of the first offending wall, whose closest point is left in `q`.
int firstBlockingWall(Vec2 p, Vec2 c, double r, Vec2 d, double dLength, std::span<const Segment> walls,
                      const MotionBox& box, double motionScale, int hitWall, double hitSkin, WallPoint& q) {
  for (std::size_t i = 0; i < walls.size(); ++i) {
    const Segment& s = walls[i];
    if (box.rejects(s.a, s.b) || !wallUsable(s)) continue;
    const double need = static_cast<int>(i) == hitWall ? hitSkin : 0.0;
    if (blocks(p, c, r, d, dLength, s, motionScale, need, q)) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

SweepHit sweep(const Circle& circle, Vec2 displacement, std::span<const Segment> walls) {
  SweepHit out;
  const Vec2 c = circle.center;
  const double r = circle.radius;
  const Vec2 d = displacement;
  out.position = c;
  // Invalid input (non-finite, negative radius) or no motion: no hit, the circle stays where it is.
  if (!isFinite(c) || !finite(r) || !(r >= 0.0) || !isFinite(d)) return out;
  const double dd = dot(d, d);
  if (!(dd > 0.0)) return out;
  const double dLength = std::sqrt(dd);
  const Vec2 end = c + d;
  if (!isFinite(end) || !finite(dd)) return out;  // overflow of the coordinates: treated as invalid
  const MotionBox box = motionBox(c, end, r);
  const double motionScale = std::max({maxAbs(c), maxAbs(end), r});

  WallHit best;
  int bestWall = -1;
  // While nothing is hit, also check the destination against each candidate wall, in the same arithmetic as the
  // back-off below (this saves a second pass over the walls in the common no-hit case).
  int blocking = -1;
  WallPoint q;
  for (std::size_t i = 0; i < walls.size(); ++i) {
    const Segment& s = walls[i];
    if (box.rejects(s.a, s.b) || !wallUsable(s)) continue;
    const WallHit h = sweepWall(c, r, d, dLength, s, wallSkin(motionScale, s));
    if (h.hit && (bestWall < 0 || h.time < best.time)) {
      best = h;
      bestWall = static_cast<int>(i);
      if (h.time == 0.0) break;  // nothing is earlier; lower indices were already checked
    } else if (bestWall < 0 && blocking < 0 && blocks(end, c, r, d, dLength, s, motionScale, 0.0, q)) {
      blocking = static_cast<int>(i);
    }
  }

  // No analytic contact: the destination is normally clear. A wall touched within rounding at t = 1 becomes the
  // hit wall at time 1 (or the destination is nudged, see below).
  if (bestWall < 0) {
    if (blocking < 0) {
      out.position = end;
      return out;
    }
    const Segment& s = walls[static_cast<std::size_t>(blocking)];
    const Vec2 contactPoint = q.point;
    const Vec2 n = startNormal(end, q, s.a, s.b, d);
    // Moving along a wall that the circle starts within an ulp or so of: the rounded destination can land on
    // either side of it. Push it out by that deficit plus the skin (a few ulps off the line of motion) rather than
    // stopping the motion for nothing.
    const double skin = wallSkin(motionScale, s);
    const double deficit = r - q.distance;
    if (!movesInto(d, n, dLength) && deficit <= 4.0 * skin) {
      const Vec2 nudged = end + n * (deficit + skin);
      if (firstBlockingWall(nudged, c, r, d, dLength, walls, box, motionScale, -1, 0.0, q) < 0) {
        out.position = nudged;
        return out;
      }
    }
    best.hit = true;
    best.time = 1.0;
    best.point = contactPoint;
    best.normal = n;
    bestWall = blocking;
  }

  out.hit = true;
  out.time = std::clamp(best.time, 0.0, 1.0);
  out.point = best.point;
  out.normal = detail::noNegativeZero(best.normal);
  out.wall = bestWall;
  if (out.time == 0.0) return out;  // position = start

  // Back off along -d until clear (see SKIN above). The first step is what a flat wall needs: clearance grows by
  // (normal speed) * dt. Grazing contacts need more, which the doubling finds; the normal speed is floored so that
  // a contact found only by rounding (no normal motion at all) starts with a small step rather than the start.
  const double skin = wallSkin(motionScale, walls[static_cast<std::size_t>(bestWall)]);
  const double normalSpeed = std::max(-dot(d, out.normal), 1e-3 * dLength);
  double step = 2.0 * skin / normalSpeed;
  for (int k = 0; k < kMaxBackoffSteps; ++k) {
    const double t = out.time - step;
    if (!(t > 0.0)) break;
    const Vec2 p = c + d * t;
    if (firstBlockingWall(p, c, r, d, dLength, walls, box, motionScale, bestWall, skin, q) < 0) {
      out.position = p;
      return out;
    }
    step *= 2.0;
  }
  out.position = c;  // could not stop clear of the wall before the start: stay at the start
  return out;
}

SlideResult moveAndSlide(const Circle& circle, Vec2 displacement, std::span<const Segment> walls,
                         int maxIterations) {
  SlideResult out;
  const int iterations = std::clamp(maxIterations, 1, SlideResult::kMaxIterations);
  Vec2 position = circle.center;
  out.position = position;
  out.path[0] = position;
  out.pathCount = 1;
  if (!isFinite(position) || !finite(circle.radius) || !(circle.radius >= 0.0) || !isFinite(displacement)) {
    return out;
  }
  // path: the start, then where each sweep ended (every stop, the last one being the final position). A sweep
  // that did not move (a hit at time 0) adds no duplicate point.
  const auto record = [&out](Vec2 p) {
    if (out.pathCount < SlideResult::kMaxIterations + 2 && out.path[out.pathCount - 1] != p) {
      out.path[out.pathCount++] = p;
    }
  };

  Vec2 remaining = displacement;
  Vec2 previousNormal{0.0, 0.0};
  for (int i = 0; i < iterations; ++i) {
    if (remaining == Vec2{0.0, 0.0}) break;
    const SweepHit h = sweep(Circle{position, circle.radius}, remaining, walls);
    ++out.iterations;
    position = h.position;
    record(position);
    if (!h.hit) break;
    ++out.contacts;
    out.lastNormal = h.normal;
    // Spend what is left of this leg along the wall: drop the component along the normal.
    const Vec2 n = h.normal;
    Vec2 rest = remaining * (1.0 - h.time);
    rest = rest - n * dot(rest, n);
    // Corner: sliding along this wall would push into the previous one. In 2D the only motion tangent to both
    // is none, so stop here.
    const double restLength = length(rest);
    if (previousNormal != Vec2{0.0, 0.0} && movesInto(rest, previousNormal, restLength)) rest = {0.0, 0.0};
    previousNormal = n;
    remaining = rest;
  }
  out.position = position;
  return out;
}

}  // namespace collide2d
