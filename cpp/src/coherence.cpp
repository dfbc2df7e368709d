// Temporal-coherence certificates (coherence.h): the pair's boolean or contact from the library's own tests, and its
// signed clearance from the same computation where the test measures it (the SAT, circle against a shape).
#include "coherence.h"

#include <collide2d/queries.h>

#include "canonical.h"
#include "convex.h"
#include "sat.h"

#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

namespace collide2d::detail {

namespace {

constexpr double kMargin = 0x1p-40;  // of the reach: see coherence.h
static_assert(kMargin >= 4096.0 * 0x1p-52, "the margin must cover the error budget of coherence.h");

struct Clearance {
  bool hit = false;
  double margin = 0.0;  ///< depth (> 0) for a hit, minus a lower bound of the distance for a miss
};

// The capsule pairs: the boolean of overlaps(); for a hit collide()'s depth (cores' push plus the radii, or the radii's
// reach minus the cores' distance), for a miss the cores' distance minus the radii's reach.
template <class A, class B> Clearance capsuleClearance(const A& a, const B& b) {
  Clearance out;
  out.hit = overlaps(a, b);
  if (out.hit) {
    out.margin = collide(a, b).depth;
    return out;
  }
  Core ka, kb;
  makeCore(a, ka);
  makeCore(b, kb);
  if (ka.count == 0 || kb.count == 0) return out;
  Vec2 pa, pb;
  out.margin = (ka.radius + kb.radius) - bruteCoreDistance(ka, kb, pa, pb);
  return out;
}

// The boolean of the generic overlaps(a, b) and the signed clearance, for every ordered pair.
template <class A, class B> Clearance clearanceOf(const A& a, const B& b) {
  Clearance out;
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return capsuleClearance(a, b);
  } else if constexpr (Rank<A>::value > Rank<B>::value) {
    return clearanceOf(b, a);  // (the same boolean as the dispatch's canonical order; a symmetric clearance)
  } else if constexpr (std::is_same_v<A, Circle> && std::is_same_v<B, Circle>) {
    out.hit = overlaps(a, b);
    const Vec2 d = b.center - a.center;
    out.margin = (a.radius + b.radius) - std::sqrt(d.x * d.x + d.y * d.y);  // (certified only within [2^-400, 2^400])
  } else if constexpr (std::is_same_v<A, Circle> && std::is_same_v<B, Segment>) {
    out.hit = overlaps(a, b);
    out.margin = a.radius - std::sqrt(closestPoint(b, a.center).distanceSquared);
  } else if constexpr (std::is_same_v<A, Circle>) {
    out.hit = overlapsWithMargin(a, b, out.margin);
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) {
    out.hit = overlaps(a, b);
    const double fx = a.max.x - b.min.x, bx = b.max.x - a.min.x;  // pushes (> 0) or minus gaps per axis
    const double fy = a.max.y - b.min.y, by = b.max.y - a.min.y;
    const double px = fx < bx ? fx : bx, py = fy < by ? fy : by;
    const double m = px < py ? px : py;
    out.margin = out.hit || m < 0.0 ? m : 0.0;
  } else if constexpr (std::is_same_v<A, Segment> && std::is_same_v<B, Segment>) {
    out.hit = overlaps(a, b);
    out.margin = satMargin(a, b);
  } else {
    out.hit = sat(a, b, SatWant::Hit, &out.margin).hit;
  }
  return out;
}

// The largest |coordinate| of a shape (an upper bound of its bounds' coordinates, up to rounding), or NaN for a shape
// that validate() rejects (not finite, negative radius or extent, empty polygon). One pass, no libm call.
constexpr double kInvalid = std::numeric_limits<double>::quiet_NaN();
inline double larger(double a, double b) { return a < b ? b : a; }
inline double maxAbs2(Vec2 p) { return larger(std::fabs(p.x), std::fabs(p.y)); }
inline bool finite(double v) { return v - v == 0.0; }  // false for NaN and infinities (and sums of them)
double magnitudeOf(const Circle& c) {
  return finite(c.center.x + c.center.y + c.radius) && c.radius >= 0.0 ? maxAbs2(c.center) + c.radius : kInvalid;
}
double magnitudeOf(const Aabb& b) {
  return finite(b.min.x + b.min.y + b.max.x + b.max.y) && b.min.x <= b.max.x && b.min.y <= b.max.y
             ? larger(maxAbs2(b.min), maxAbs2(b.max))
             : kInvalid;
}
double magnitudeOf(const Box& b) {
  const Vec2 h = b.halfExtents;
  return finite(b.center.x + b.center.y + h.x + h.y + b.angle) && h.x >= 0.0 && h.y >= 0.0
             ? maxAbs2(b.center) + (h.x + h.y)
             : kInvalid;
}
double magnitudeOf(const Polygon& p) {
  if (p.size() < 3) return kInvalid;
  double m = 0.0, sum = 0.0;
  for (const Vec2 v : p.vertices()) {
    m = larger(m, maxAbs2(v));
    sum += v.x + v.y;
  }
  return finite(sum) ? m : kInvalid;
}
double magnitudeOf(const Segment& g) {
  return finite(g.a.x + g.a.y + g.b.x + g.b.y) ? larger(maxAbs2(g.a), maxAbs2(g.b)) : kInvalid;
}
double magnitudeOf(const Capsule& k) {
  return finite(k.a.x + k.a.y + k.b.x + k.b.y + k.radius) && k.radius >= 0.0
             ? larger(maxAbs2(k.a), maxAbs2(k.b)) + k.radius
             : kInvalid;
}

// The certificate of a pair whose boolean is `hit` and signed clearance `margin`: reach = twice the larger magnitude,
// slack = the clearance minus 2^-40 reach (0 when the pair cannot be certified).
template <class A, class B> PairSlack certificate(const A& a, const B& b, bool hit, double margin) {
  PairSlack out;
  out.hit = hit;
  const double ma = magnitudeOf(a), mb = magnitudeOf(b);
  const double reach = 2.0 * larger(ma, mb);
  if (!(finite(ma + mb) && reach >= 0x1p-400 && reach <= 0x1p400)) return out;
  out.reach = reach;
  const double s = (hit ? margin : -margin) - kMargin * reach;
  out.slack = s > 0.0 ? s : 0.0;  // (NaN: 0)
  return out;
}

// collide(a, b) with the clearance in one pass for the SAT pairs (the same runSat as collide(), testing every axis):
// false for the other pairs.
template <class A, class B> bool collideSat(const A& a, const B& b, Contact& c, double& margin) {
  if constexpr (std::is_same_v<A, Capsule> || std::is_same_v<B, Capsule>) {
    return false;
  } else if constexpr (Rank<A>::value <= Rank<B>::value && requires { sat(a, b, SatWant::Contact); }) {
    c = sat(a, b, SatWant::Contact, &margin);
    return true;
  } else if constexpr (requires { sat(b, a, SatWant::Flipped); }) {
    c = sat(b, a, SatWant::Flipped, &margin);  // the swapped pair, as the dispatch reports it
    return true;
  } else {
    return false;
  }
}

}  // namespace

PairSlack overlapsWithSlack(const Shape& a, const Shape& b) {
  return std::visit(
      [](const auto& x, const auto& y) {
        const Clearance c = clearanceOf(x, y);
        return certificate(x, y, c.hit, c.margin);
      },
      a, b);
}

Contact collideWithSlack(const Shape& a, const Shape& b, PairSlack& out) {
  return std::visit(
      [&](const auto& x, const auto& y) {
        Contact c;
        double margin = 0.0;
        if (!collideSat(x, y, c, margin)) {
          // Every other pair: collide()'s depth for a hit (the penetration depth), the clearance test for a miss.
          c = collide(a, b);
          margin = c.hit ? c.depth : clearanceOf(x, y).margin;
        }
        out = certificate(x, y, c.hit, margin);
        return c;
      },
      a, b);
}

}  // namespace collide2d::detail
