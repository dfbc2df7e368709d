// Shape cast / time of impact by conservative advancement (the idea of Box2D's b2TimeOfImpact, with the plane
// bound of Mirtich's conservative advancement instead of its separating-axis root finder).
//
// At time t GJK gives the separation d and the unit normal n (A to B). Along the FIXED direction n, B's support
// minus A's stays a lower bound of the distance for every later time, and it changes at most at the rate
//     closing = -dot(vB - vA, n) + |wA| RA + |wB| RB
// (v: translations per unit time, w: rotations, R: the farthest core point from the pivot; radii are rotation
// invariant). So the shapes cannot touch before t + d / closing: stepping to t + (d - tau / 2) / closing keeps them
// apart by at least tau / 2 in exact arithmetic, which is how the cast never passes through, however fast. Without
// rotation the bound is the tangent of the (convex) distance function, a Newton step from below: exact in one step
// for flat contacts, quadratic near round ones. It stops when d <= tau (2^-40 S, 2^-32 S with rotation: a hit), when closing <= 0 (the
// plane separates them for good: no hit), or when the next step passes t = 1. A step that rounding pushes into
// contact is bisected back towards the last safe time, so the reported fraction is always one where they are apart.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "cast_predicates.h"
#include "convex.h"
#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "trig/trig.h"

namespace collide2d {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kParallelCosine = 8.0 * kEps;
constexpr int kMaxTranslationSteps = 64;
constexpr int kMaxRotationSteps = 1024;
constexpr int kMaxBackoff = 60;

bool finiteMotion(const Motion& m) { return isFinite(m.translation) && std::isfinite(m.rotation); }

void pose(detail::Posed& p, const Motion& m, double t) {
  p.offset = m.translation * t;
  const double angle = m.rotation * t;
  if (angle == 0.0) {  // (a translation: sincos(+-0) is (+-0, 1), without the call)
    p.s = angle;
    p.c = 1.0;
  } else {
    detail::sincos(angle, &p.s, &p.c);
  }
  p.moved = t != 0.0;
}

double farthest(const detail::Core& k, Vec2 pivot) {
  double r2 = 0.0;
  for (int i = 0; i < k.count; ++i) r2 = std::max(r2, distanceSquared(k.points[i], pivot));
  return std::sqrt(r2);
}

double magnitude(const detail::Core& k) {
  double s = std::fabs(k.radius);
  for (int i = 0; i < k.count; ++i) s = std::max(s, detail::maxAbs(k.points[i]));
  return s;
}

// Velocity of the world point p of a shape with pivot c (at time t) moving by m.
Vec2 velocityAt(const Motion& m, Vec2 c, Vec2 p) { return m.translation + perp(p - c) * m.rotation; }

struct Probe {
  double separation = 0.0;  // distance minus radii; -infinity when the cores overlap
  Vec2 normal, point;
  int count = 0;            // GJK's final simplex (see GjkResult)
  Vec2 w[2];
};

Probe probe(const detail::Posed& a, const detail::Posed& b, double ra, double rb, SimplexCache& cache) {
  const detail::GjkResult g = detail::gjk(a, b, &cache);
  Probe p;
  if (g.coresOverlap) {
    p.separation = -std::numeric_limits<double>::infinity();
    p.point = g.pointA;
    return p;
  }
  p.separation = g.distance - ra - rb;
  p.normal = g.normal;
  p.count = g.count;
  p.w[0] = g.w[0];
  p.w[1] = g.w[1];
  p.point = lerp(g.pointA + g.normal * ra, g.pointB - g.normal * rb, 0.5);
  return p;
}

}  // namespace

namespace detail {

// One body for every pair of shape types (the pair's own contact test behind PairTests).
[[gnu::noinline]] CastHit castCores(const detail::Core& ka, Vec2 pivotA, const Motion& motionA, const detail::Core& kb,
                                    Vec2 pivotB, const Motion& motionB, const detail::PairTests& pair) {
  CastHit out;
  const double ra = ka.radius, rb = kb.radius;
  if (ka.count == 0 || kb.count == 0 || !finiteMotion(motionA) || !finiteMotion(motionB) || !(ra >= 0.0) ||
      !(rb >= 0.0)) {
    return out;
  }
  detail::Posed pa, pb;
  pa.core = &ka;
  pb.core = &kb;
  pa.pivot = pivotA;
  pb.pivot = pivotB;
  const bool rotates = motionA.rotation != 0.0 || motionB.rotation != 0.0;
  const double reachA = motionA.rotation != 0.0 ? farthest(ka, pa.pivot) : 0.0;
  const double reachB = motionB.rotation != 0.0 ? farthest(kb, pb.pivot) : 0.0;
  const double spin = std::fabs(motionA.rotation) * reachA + std::fabs(motionB.rotation) * reachB;
  const Vec2 relative = motionB.translation - motionA.translation;
  const double scale = std::max({magnitude(ka), magnitude(kb), detail::maxAbs(motionA.translation),
                                 detail::maxAbs(motionB.translation)});
  // Contact tolerance: 2^-40 S without rotation (Newton-like steps get there in a few), 2^-32 S with rotation
  // (advancement converges only linearly there). Both are far above GJK's few ulps of S.
  const double tau = scale * (rotates ? 0x1p-32 : 0x1p-40);  // (as std::ldexp: a product by a power of 2)
  const int maxSteps = rotates ? kMaxRotationSteps : kMaxTranslationSteps;

  SimplexCache cache;
  double t = 0.0;
  pose(pa, motionA, 0.0);
  pose(pb, motionB, 0.0);
  Probe p = probe(pa, pb, ra, rb, cache);

  // In translation the entry decisions are exact (cast_predicates.h): two sharp cores (radius 0) by their features,
  // a round one (radius > 0) by the distances to M's vertex pairs and edges against R = rA + rB.
  const bool sharp = !rotates && ra == 0.0 && rb == 0.0;
  const bool round = !rotates && !sharp;

  // Starting in contact (or within tau): a hit at 0 only when moving into each other (entry, as sweep()).
  if (!(p.separation > tau)) {
    Contact c;
    if (!(p.separation > 0.0)) c = pair.collide();
    // Translation: decided exactly, unless collide() already shows a depth far above its rounding (interiors
    // overlapping for sure: the rule below).
    if ((sharp || round) && !(c.hit && c.depth > tau)) {
      const detail::StartDecision d =
          sharp ? detail::translationStart(ka, kb, motionA.translation, motionB.translation)
                : detail::roundStart(ka, kb, motionA.translation, motionB.translation);
      if (d.contact != detail::StartContact::Overlapping) {
        if (!d.movingIn) return out;  // a graze, moving apart, or a gap left behind
        out.hit = true;
        out.fraction = 0.0;
        out.point = p.point;  // GJK's: midway between the closest points, or the common point when touching
        out.normal = d.normal;
        if (out.normal == Vec2{0.0, 0.0} && round) out.normal = detail::noNegativeZero(p.normal);
        if (out.normal == Vec2{0.0, 0.0}) out.normal = detail::noNegativeZero(normalize(relative) * -1.0);
        return out;
      }
      // Interiors overlapping at t = 0: the rule below (moving in along collide()'s normal).
    }
    Vec2 n = p.normal;
    Vec2 point = p.point;
    if (c.hit) {
      n = c.normal;
      point = c.point;
    }
    if (n == Vec2{0.0, 0.0}) n = {1.0, 0.0};
    const Vec2 v = velocityAt(motionB, pb.pivot, point) - velocityAt(motionA, pa.pivot, point);
    if (dot(v, n) < -kParallelCosine * length(v)) {
      out.hit = true;
      out.fraction = 0.0;
      out.normal = n;
      out.point = point;
    }
    return out;
  }

  for (int step = 0; step < maxSteps; ++step) {
    const double closing = -dot(relative, p.normal) + spin;
    if (!(closing > 0.0)) return out;  // the plane through the closest points separates them for good
    const double dt = (p.separation - 0.5 * tau) / closing;
    const double next = t + dt;
    if (!(next < 1.0)) return out;  // no contact before the end of the step
    pose(pa, motionA, next);
    pose(pb, motionB, next);
    Probe q = probe(pa, pb, ra, rb, cache);
    out.iterations = step + 1;
    if (!(q.separation > 0.0)) {
      // Rounding stepped into contact: bisect back towards the last safe time t.
      double lo = t, hi = next;
      Probe best = p;
      double bestT = t;
      for (int k = 0; k < kMaxBackoff; ++k) {
        const double mid = lo + (hi - lo) * 0.5;
        if (!(mid > lo && mid < hi)) break;
        pose(pa, motionA, mid);
        pose(pb, motionB, mid);
        const Probe m = probe(pa, pb, ra, rb, cache);
        if (m.separation > 0.0) {
          lo = mid;
          best = m;
          bestT = mid;
          if (m.separation <= tau) break;
        } else {
          hi = mid;
        }
      }
      t = bestT;
      q = best;
      p = q;
      break;
    }
    t = next;
    p = q;
    if (p.separation <= tau) break;
  }
  // A contact (or the step budget is spent: t is still a time where they are apart, the conservative answer).
  if (sharp) {
    if (!detail::translationEnters(ka, kb, motionA.translation, motionB.translation)) return out;
  } else if (round) {
    if (!detail::roundEnters(ka, kb, motionA.translation, motionB.translation)) return out;
  }
  out.hit = true;
  out.fraction = t;
  out.normal = p.normal;
  out.point = p.point;
  return out;
}

}  // namespace detail

template <ConvexShape A, ConvexShape B>
CastHit cast(const A& a, const Motion& motionA, const B& b, const Motion& motionB) {
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return detail::castCores(ka, detail::pivotOf(a), motionA, kb, detail::pivotOf(b), motionB, detail::pairTests(a, b));
}

CastHit cast(const Shape& a, const Motion& motionA, const Shape& b, const Motion& motionB) {
  detail::Core ka, kb;
  detail::makeCore(a, ka);
  detail::makeCore(b, kb);
  return detail::castCores(ka, detail::pivotOf(a), motionA, kb, detail::pivotOf(b), motionB, detail::pairTests(a, b));
}

#define COLLIDE2D_INSTANTIATE(A, B) template CastHit cast<A, B>(const A&, const Motion&, const B&, const Motion&);
COLLIDE2D_FOR_EACH_CONVEX_PAIR(COLLIDE2D_INSTANTIATE)
#undef COLLIDE2D_INSTANTIATE

}  // namespace collide2d
