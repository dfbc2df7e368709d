// Exact entry decisions of translation casts between sharp cores (see cast_predicates.h).
//
// Every decision is the sign of a small determinant of the input doubles, taken exactly:
//   cross(r, b_j - a_i) = crossOfDiffs(dA, dB, a_i, b_j)       which side of the line of motion a pair lies on
//   dot(r, a_i - b_j)   = dotSignExact(dB, dA, a_i, b_j)       order along the motion
//   cross(e_k, q - p_k) = orient(p_k, p_{k+1}, q)               a vertex against an edge's line
//   cross(e_k, r)       = crossOfDiffs(p_k, p_{k+1}, dA, dB)    an edge against the motion
// The sign of an extreme over all vertex pairs (max_{i,j} of f(b_j) - f(a_i), f linear) is found with a filter: the
// rounded values pick the few vertices within a generous error bound E of the extreme (the exact extreme is attained
// among them, since every other pair is smaller by more than the rounding error), and only those pairs are evaluated
// exactly. E covers the rounding of r = dB - dA, of the products and of underflow; when anything is not finite every
// pair is a candidate (slow, still exact).
#include "cast_predicates.h"

#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace collide2d::detail {

namespace {

double coreMagnitude(const Core& k) {
  double s = 0.0;
  for (int i = 0; i < k.count; ++i) s = std::max(s, maxAbs(k.points[i]));
  return s;
}

// Exact sign of max over (i in P, j in Q) of g(p_i, q_j), where g(p, q) ~= value(q) - value(p) (value linear, its
// rounded evaluation within E of the true one) and sign(p, q) is g's exact sign.
template <class Value, class Sign>
int extremePairSign(const Core& p, const Core& q, double e, Value value, Sign sign) {
  double qMax = -std::numeric_limits<double>::infinity();
  double pMin = std::numeric_limits<double>::infinity();
  for (int j = 0; j < q.count; ++j) qMax = std::max(qMax, value(q.points[j]));
  for (int i = 0; i < p.count; ++i) pMin = std::min(pMin, value(p.points[i]));
  const bool all = !std::isfinite(qMax) || !std::isfinite(pMin) || !std::isfinite(e);
  int best = -2;
  for (int j = 0; j < q.count; ++j) {
    if (!all && value(q.points[j]) < qMax - e) continue;
    for (int i = 0; i < p.count; ++i) {
      if (!all && value(p.points[i]) > pMin + e) continue;
      best = std::max(best, sign(p.points[i], q.points[j]));
      if (best > 0) return 1;
    }
  }
  return best < -1 ? 0 : best;
}

struct Frame {
  Vec2 dA, dB, r;  // r: rounded dB - dA (only to filter; exact signs use dA, dB)
  double e = 0.0;  // bound on the rounding of value() below, relative to the exact linear function
};

Frame frameOf(const Core& a, const Core& b, Vec2 dA, Vec2 dB) {
  Frame f;
  f.dA = dA;
  f.dB = dB;
  f.r = dB - dA;
  const double s = std::max(coreMagnitude(a), coreMagnitude(b));
  f.e = 0x1p-45 * (std::fabs(f.r.x) + std::fabs(f.r.y)) * s + 0x1p-1000;
  return f;
}

// max over pairs of cross(r, b_j - a_i) (P = A, Q = B) or of cross(r, a_i - b_j) (P = B, Q = A).
int perpMaxSign(const Frame& f, const Core& p, const Core& q) {
  return extremePairSign(
      p, q, f.e, [&](Vec2 v) { return cross(f.r, v); },
      [&](Vec2 pv, Vec2 qv) { return crossOfDiffs(f.dA, f.dB, pv, qv).sign; });
}

// max over pairs of dot(r, q_j - p_i).
int alongMaxSign(const Frame& f, const Core& p, const Core& q) {
  return extremePairSign(
      p, q, f.e, [&](Vec2 v) { return dot(f.r, v); }, [&](Vec2 pv, Vec2 qv) { return dotSignExact(f.dB, f.dA, qv, pv); });
}

bool entersFrame(const Frame& f, const Core& a, const Core& b) {
  if (f.dA == f.dB) return false;
  const int sMax = perpMaxSign(f, a, b);  // sign of max over M of cross(r, m)
  if (sMax < 0) return false;             // the line of motion passes M on one side
  const int sMin = -perpMaxSign(f, b, a);
  // Strictly on both sides: the line crosses M's interior, or crosses a flat M (a segment) transversally through its
  // relative interior. A line along a flat M, or through a point M, only slides or grazes.
  return sMin < 0 && sMax > 0;
}

// Edge constraints of P's edges against Q's vertices: S_k = max_j orient(p_k, p_k+1, q_j), rho_k = rhoSign *
// cross(e_k, r). Updates allPositive (every S_k > 0) and leavingOk (every constraint with rho_k > 0 has S_k > 0).
struct Tally {
  bool allPositive = true;  // every S > 0
  bool leavingOk = true;    // every constraint with rho > 0 has S > 0
  bool anyNegative = false; // some S < 0
  double bestTime = -std::numeric_limits<double>::infinity();  // latest entering time S / rho (rounded), rho < 0
  Vec2 normal;              // A -> B normal of that constraint's edge
};

void edgeConstraints(const Frame& f, const Core& p, const Core& q, int rhoSign, Tally& tally) {
  if (p.count < 2) return;
  for (int k = 0; k < p.count; ++k) {
    const Vec2 p0 = p.points[k], p1 = p.points[(k + 1) % p.count];
    if (p0 == p1) continue;
    int s = -1;
    for (int j = 0; j < q.count && s <= 0; ++j) s = std::max(s, orientFiltered(p0, p1, q.points[j]));
    const int rho = rhoSign * crossOfDiffs(p0, p1, f.dA, f.dB).sign;
    if (s < 0) tally.anyNegative = true;
    if (s <= 0) {
      tally.allPositive = false;
      if (rho > 0) tally.leavingOk = false;
    }
    if (rho < 0) {
      // Entering constraint: its time S / rho, rounded, picks the contact's edge (the last one to close).
      const Vec2 e = p1 - p0;
      double sr = -std::numeric_limits<double>::infinity();
      for (int j = 0; j < q.count; ++j) sr = std::max(sr, cross(e, q.points[j] - p0));
      if (s == 0) sr = 0.0;
      const double time = sr / -std::fabs(cross(e, f.r));
      if (time > tally.bestTime || (tally.normal == Vec2{0.0, 0.0})) {
        tally.bestTime = time;
        const Vec2 outward = unitOrZero(Vec2{e.y, -e.x});
        tally.normal = noNegativeZero(rhoSign > 0 ? -outward : outward);  // B's edge: into B; A's edge: out of A
      }
    }
  }
}

}  // namespace

bool translationEnters(const Core& a, const Core& b, Vec2 dA, Vec2 dB) {
  if (a.count == 0 || b.count == 0 || dA == dB) return false;
  // Filter: one pass of rounded projections on perp(r). When both extremes of cross(r, b - a) are clear of 0 by more
  // than the rounding bound, the answer is certain without any exact evaluation (nearly every hit).
  const Vec2 r = dB - dA;
  double s = 0.0, aMin = std::numeric_limits<double>::infinity(), aMax = -aMin, bMin = aMin, bMax = -aMin;
  for (int i = 0; i < a.count; ++i) {
    const double v = cross(r, a.points[i]);
    aMin = std::min(aMin, v);
    aMax = std::max(aMax, v);
    s = std::max(s, maxAbs(a.points[i]));
  }
  for (int j = 0; j < b.count; ++j) {
    const double v = cross(r, b.points[j]);
    bMin = std::min(bMin, v);
    bMax = std::max(bMax, v);
    s = std::max(s, maxAbs(b.points[j]));
  }
  // Each rounded value is within e of the exact one; a difference of two within 2 e (plus its own rounding).
  const double e = 0x1p-45 * (std::fabs(r.x) + std::fabs(r.y)) * s + 0x1p-1000;
  const double hi = bMax - aMin, lo = bMin - aMax;
  if (std::isfinite(hi) && std::isfinite(lo) && std::isfinite(e)) {
    if (hi < -4.0 * e || lo > 4.0 * e) return false;  // the line passes M on one side
    if (hi > 4.0 * e && lo < -4.0 * e) return true;   // the line crosses M's interior
  }
  return entersFrame(frameOf(a, b, dA, dB), a, b);
}

StartDecision translationStart(const Core& a, const Core& b, Vec2 dA, Vec2 dB) {
  StartDecision d;
  if (a.count == 0 || b.count == 0) return d;
  // A motion that does not enter M (a graze, a slide, a miss) cannot be a hit, and the origin is then not interior to
  // M (every line through an interior point enters): decided first, by the filtered test (walking on a floor).
  if (!translationEnters(a, b, dA, dB)) {
    d.contact = StartContact::Touching;  // (or Apart: not told apart here, neither is a hit)
    return d;
  }
  const Frame f = frameOf(a, b, dA, dB);
  Tally t;
  edgeConstraints(f, b, a, +1, t);  // B's edges, A's vertices: rho = cross(e, r)
  edgeConstraints(f, a, b, -1, t);  // A's edges, B's vertices: rho = -cross(e, r)
  if (!(f.dA == f.dB)) {
    // Along r: max dot(r, a_i - b_j) - t |r|^2 >= 0 (rho > 0) and max dot(r, b_j - a_i) + t |r|^2 >= 0 (rho < 0).
    const int sLeave = alongMaxSign(f, b, a);
    const int sEnter = alongMaxSign(f, a, b);
    if (sLeave < 0 || sEnter < 0) t.anyNegative = true;
    if (sLeave <= 0) t.leavingOk = false;
    if (sLeave <= 0 || sEnter <= 0) t.allPositive = false;
  } else {
    t.allPositive = t.allPositive && (a.count >= 2 || b.count >= 2);
  }
  // With the line of motion through M's relative interior the constraints cut out exactly its chord, so the
  // classification below is exact; otherwise a degenerate M may read "Touching" while apart (no hit either way).
  d.contact = t.allPositive ? StartContact::Overlapping : t.anyNegative ? StartContact::Apart : StartContact::Touching;
  // Moving in: the chord does not end at or before 0 (no leaving constraint tight or violated). Two flat shapes
  // (M without area: parallel segments, a point and a segment) touching at 0 are apart for every t > 0 whichever
  // way they move: their chord is the single instant 0, so this is never a hit.
  d.movingIn = t.leavingOk;  // (the motion enters M: checked above)
  d.normal = t.normal;
  return d;
}

}  // namespace collide2d::detail
