// libFuzzer target for translation casts between sharp shapes (polygon, aabb, box at angle 0, segment, point), and
// of circles and capsules (a point or segment given a radius by a trailing byte) against any of them (roundCheck()),
// checked against an exact rational reference (GMP mpq_class). The shapes are small integer / dyadic polygons,
// scaled by a power of two and moved by a large dyadic offset (so magnitudes span about 2^-30 .. 2^40 and the
// touches stay exact in doubles). For a pair whose Minkowski difference M has area:
//   * the reference: the 1D projection overlap of A + t dA and B + t dB on every candidate axis (edge normals,
//     segment directions, r = dB - dA and its perpendicular) gives the closed chord [lo, hi] of times where they
//     intersect, and the open interval where every axis overlaps strictly (interiors overlap);
//   * no strict overlap at any time (a graze: vertex passing vertex, edge sliding along edge, or a miss): no hit;
//   * the interiors overlap from lo in [0, 1]: a hit, never after lo, at 0 exactly when lo == 0 (a start in contact
//     moving in); and the rational SAT at the middle of the overlap interval within the step shows strict overlap
//     (never passes through: the hit is at or before it);
//   * a chord ending at or before 0 (moving out, or apart and moving apart): no hit;
//   * a hit's fraction meets queries.h's precision: fraction >= lo - 2^-39 S / v, v the approach speed along the
//     normal of an axis that closes last (unless the advancement spent its 64 steps).
// Round pairs (roundCheck()): the exact graze, the start, never passing through, never after the first contact, and
// the fraction's precision through the gap at fraction (d(t) - R <= 2^-39 S, exact; see roundCheck()).
// A violated check prints the inputs and calls __builtin_trap().
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "convex.h"
#include "fuzz_input.h"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace collide2d;
using collide2d::fuzz::Input;

namespace {

struct Built {
  Shape shape;
  std::vector<Vec2> points;  // the core's vertices (counter-clockwise for areas)
  bool flat = false;         // no area (segment or point)
  double radius = 0.0;       // a circle (point core) or capsule (segment core) when > 0
};

double coord(Input& in) {
  // Small integers and quarters: exact touches are common.
  const int k = in.range(-8, 8);
  return (in.byte() & 1) ? k : k * 0.25;
}

bool build(Input& in, double scale, Vec2 offset, Built& out) {
  auto P = [&](double x, double y) { return Vec2{x * scale + offset.x, y * scale + offset.y}; };
  switch (in.byte() % 5) {
    case 0: {  // aabb
      const double x0 = coord(in), y0 = coord(in), w = in.range(1, 6), h = in.range(1, 6);
      out.shape = Aabb{P(x0, y0), P(x0 + w, y0 + h)};
      break;
    }
    case 1: {  // box at angle 0 (its corners are exact)
      const double cx = coord(in), cy = coord(in), hx = in.range(1, 4) * 0.5, hy = in.range(1, 4) * 0.5;
      out.shape = Box{P(cx, cy), {hx * scale, hy * scale}, 0.0};
      break;
    }
    case 2: {  // polygon: hull of up to 6 points
      std::vector<Vec2> pts;
      const int n = in.range(3, 6);
      for (int i = 0; i < n; ++i) pts.push_back(P(coord(in), coord(in)));
      Polygon poly;
      if (!Polygon::create(pts, poly).ok()) return false;
      out.shape = poly;
      break;
    }
    case 3: {  // segment
      const Vec2 a = P(coord(in), coord(in)), b = P(coord(in), coord(in));
      if (a == b) return false;
      out.shape = Segment{a, b};
      out.flat = true;
      break;
    }
    default: {  // point
      const Vec2 a = P(coord(in), coord(in));
      out.shape = Segment{a, a};
      out.flat = true;
      break;
    }
  }
  detail::Core k;
  detail::makeCore(out.shape, k);
  out.points.assign(k.points, k.points + k.count);
  return true;
}

// A radius for a point (a circle) or a segment (a capsule), from a byte read after everything else (so that inputs
// without it, the older seeds among them, stay sharp): 0 (sharp), k / 4 of the scale (exact touches with the dyadic
// coordinates, 5/4 for 3-4-5 tangents), that a few ulps off, or 2^-k of the scale (tiny radii beside the coordinates).
void makeRound(std::uint8_t code, double scale, Built& s) {
  if (!s.flat || code % 32 == 0) return;
  const int k = code % 32;
  double r = code >= 224 ? std::ldexp(scale, -(k + 8)) : k * 0.25 * scale;
  if (code >= 192 && code < 224) {
    // A few ulps off the dyadic radius: touches missed or overshot by an ulp (the filters' edges).
    for (int u = 0; u < 1 + k % 3; ++u) r = std::nextafter(r, (k & 4) ? 0.0 : INFINITY);
  }
  const Segment seg = std::get<Segment>(s.shape);
  if (seg.a == seg.b) {
    s.shape = Circle{seg.a, r};
  } else {
    s.shape = Capsule{seg.a, seg.b, r};
  }
  s.radius = r;
}

struct Q {
  mpq_class x, y;
};
Q q(Vec2 v) { return {mpq_class(v.x), mpq_class(v.y)}; }
mpq_class dotq(const Q& a, const Q& b) { return a.x * b.x + a.y * b.y; }

// Candidate axes: edge normals of both, segment directions, r and perp(r).
std::vector<Q> axes(const Built& a, const Built& b, const Q& r) {
  std::vector<Q> out;
  for (const Built* s : {&a, &b}) {
    const auto& p = s->points;
    const int n = static_cast<int>(p.size());
    for (int i = 0; i < n && n >= 2; ++i) {
      const Q e{mpq_class(p[(i + 1) % n].x) - p[i].x, mpq_class(p[(i + 1) % n].y) - p[i].y};
      if (e.x == 0 && e.y == 0) continue;
      out.push_back({-e.y, e.x});
      out.push_back(e);
    }
  }
  if (r.x != 0 || r.y != 0) {
    out.push_back(r);
    out.push_back({-r.y, r.x});
  }
  return out;
}

void project(const Built& s, const Q& n, mpq_class& lo, mpq_class& hi) {
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const mpq_class v = dotq(q(s.points[i]), n);
    if (i == 0 || v < lo) lo = v;
    if (i == 0 || v > hi) hi = v;
  }
}

struct Chord {
  bool closedEmpty = false, openEmpty = false;
  mpq_class lo, hi;          // closed chord (when not empty)
  mpq_class olo, ohi;        // open (strict) interval
  bool loSet = false, hiSet = false, oloSet = false, ohiSet = false;
  double speed = 0.0;        // approach speed along the unit normal of an axis closing last at lo
};

// Times t where minA - maxB <= t (r.n) <= maxA - minB on every axis (closed), and strictly (open).
Chord chord(const Built& a, const Built& b, const Q& r, const std::vector<Q>& ax) {
  Chord c;
  for (const Q& n : ax) {
    mpq_class aLo, aHi, bLo, bHi;
    project(a, n, aLo, aHi);
    project(b, n, bLo, bHi);
    const mpq_class lower = aLo - bHi, upper = aHi - bLo, rn = dotq(r, n);
    if (rn == 0) {
      if (lower > 0 || upper < 0) c.closedEmpty = true;
      if (lower >= 0 || upper <= 0) c.openEmpty = true;
      continue;
    }
    mpq_class t1 = lower / rn, t2 = upper / rn;
    if (rn < 0) std::swap(t1, t2);
    const double speed = std::fabs(rn.get_d()) / std::sqrt(dotq(n, n).get_d());
    if (!c.loSet || t1 > c.lo) {
      c.lo = t1;
      c.loSet = true;
      c.speed = speed;
    } else if (t1 == c.lo) {
      c.speed = std::max(c.speed, speed);
    }
    if (!c.hiSet || t2 < c.hi) {
      c.hi = t2;
      c.hiSet = true;
    }
    if (!c.oloSet || t1 > c.olo) c.olo = t1, c.oloSet = true;
    if (!c.ohiSet || t2 < c.ohi) c.ohi = t2, c.ohiSet = true;
  }
  if (c.loSet && c.hiSet && c.lo > c.hi) c.closedEmpty = true;
  if (!c.oloSet || !c.ohiSet || !(c.olo < c.ohi)) c.openEmpty = true;
  return c;
}

// Strict overlap of A + t dA and B + t dB on every axis (rational SAT at time t).
bool strictOverlapAt(const Built& a, const Built& b, const Q& dA, const Q& dB, const mpq_class& t,
                     const std::vector<Q>& ax) {
  for (const Q& n : ax) {
    mpq_class aLo, aHi, bLo, bHi;
    project(a, n, aLo, aHi);
    project(b, n, bLo, bHi);
    const mpq_class sa = t * dotq(dA, n), sb = t * dotq(dB, n);
    if (!(aLo + sa < bHi + sb && bLo + sb < aHi + sa)) return false;
  }
  return true;
}

// Whether all of s's points lie on one line (exactly); dir is then a nonzero direction of it ((0, 0) for a point).
bool flatDirection(const Built& s, Q& dir) {
  const Q p0 = q(s.points[0]);
  dir = {0, 0};
  for (Vec2 v : s.points) {
    const Q e{mpq_class(v.x) - p0.x, mpq_class(v.y) - p0.y};
    if (dir.x == 0 && dir.y == 0) {
      dir = e;
    } else if (dir.x * e.y - dir.y * e.x != 0) {
      return false;
    }
  }
  return true;
}

Q at(Vec2 p, const Q& d, const mpq_class& t) { return {mpq_class(p.x) + t * d.x, mpq_class(p.y) + t * d.y}; }
mpq_class crossq(const Q& a, const Q& b) { return a.x * b.y - a.y * b.x; }

// Squared distance of the cores of A + t dA and B + t dB when they do not intersect (vertex-vertex and vertex-edge).
mpq_class coreDistance2(const Built& a, const Built& b, const Q& dA, const Q& dB, const mpq_class& t) {
  mpq_class best = -1;
  auto consider = [&](const mpq_class& d2) {
    if (best < 0 || d2 < best) best = d2;
  };
  for (int side = 0; side < 2; ++side) {
    const Built& e = side == 0 ? a : b;  // edges
    const Built& v = side == 0 ? b : a;  // vertices
    const Q& de = side == 0 ? dA : dB;
    const Q& dv = side == 0 ? dB : dA;
    const int n = static_cast<int>(e.points.size());
    for (Vec2 pv : v.points) {
      const Q p = at(pv, dv, t);
      for (int i = 0; i < n; ++i) {
        const Q q0 = at(e.points[i], de, t);
        const Q d{p.x - q0.x, p.y - q0.y};
        consider(dotq(d, d));
        if (n < 2 || (n == 2 && i == 1)) continue;
        const Q q1 = at(e.points[(i + 1) % n], de, t);
        const Q ed{q1.x - q0.x, q1.y - q0.y};
        const mpq_class l2 = dotq(ed, ed);
        if (l2 == 0) continue;
        const mpq_class u = dotq(d, ed) / l2;
        if (u <= 0 || u >= 1) continue;
        const Q f{d.x - u * ed.x, d.y - u * ed.y};
        consider(dotq(f, f));
      }
    }
  }
  return best;
}

// Closed intersection of the cores at t: no candidate axis separates them strictly.
bool coresMeetAt(const Built& a, const Built& b, const Q& dA, const Q& dB, const mpq_class& t, const std::vector<Q>& ax) {
  for (const Q& n : ax) {
    mpq_class aLo, aHi, bLo, bHi;
    project(a, n, aLo, aHi);
    project(b, n, bLo, bHi);
    const mpq_class sa = t * dotq(dA, n), sb = t * dotq(dB, n);
    if (aHi + sa < bLo + sb || bHi + sb < aLo + sa) return false;
  }
  return true;
}

// Sign of (distance of the round shapes' cores) - R at time t: -1 overlapping (interiors), 0 touching, 1 apart.
int roundStateAt(const Built& a, const Built& b, const Q& dA, const Q& dB, const mpq_class& t, const std::vector<Q>& ax,
                 const mpq_class& r2) {
  if (coresMeetAt(a, b, dA, dB, t, ax)) return -1;
  return cmp(coreDistance2(a, b, dA, dB, t), r2);
}

const Built* gA = nullptr;
const Built* gB = nullptr;
Vec2 gDA, gDB;

void printShape(const char* name, const Built& s) {
  std::fprintf(stderr, "%s (type %zu, radius %a):", name, s.shape.index(), s.radius);
  for (Vec2 p : s.points) std::fprintf(stderr, " (%a, %a)", p.x, p.y);
  std::fprintf(stderr, "\n");
}

[[noreturn]] void fail(const char* what, const CastHit& h) {
  std::fprintf(stderr, "cast_fuzz: %s\n", what);
  printShape("A", *gA);
  printShape("B", *gB);
  std::fprintf(stderr, "dA (%a, %a) dB (%a, %a)\nhit %d fraction %a normal (%g, %g) iterations %d\n", gDA.x, gDA.y,
               gDB.x, gDB.y, h.hit, h.fraction, h.normal.x, h.normal.y, h.iterations);
  __builtin_trap();
}

// Round shapes (R = rA + rB > 0). In M = B - A the origin moves along -r; with m = b_j - a_i over the cores' vertex
// pairs, the line of motion meets M_R's interior exactly when it meets M (cross(r, m) takes both signs or 0) or
// min cross(r, m)^2 < R^2 |r|^2 (a graze at equality). The distance from the origin's path to M is convex in t and
// least at t* = the middle of M's chord (when the line meets M) or -dot(r, m) / |r|^2 for the nearest pair: the
// shapes overlap within the step iff they overlap at min(t*, 1) (when they do not at 0), checked by rational distances.
int roundCheck(const Built& a, const Built& b, Vec2 dA, Vec2 dB) {
  gA = &a;
  gB = &b;
  gDA = dA;
  gDB = dB;
  const CastHit h = cast(a.shape, Motion{dA, 0.0}, b.shape, Motion{dB, 0.0});
  if (!(h.fraction >= 0.0 && h.fraction <= 1.0)) fail("fraction outside [0, 1]", h);
  const Q qa = q(dA), qb = q(dB);
  const Q r{qb.x - qa.x, qb.y - qa.y};
  if (r.x == 0 && r.y == 0) {
    if (h.hit) fail("round: no relative motion reported as a hit", h);
    return 0;
  }
  const mpq_class R = mpq_class(a.radius) + mpq_class(b.radius), R2 = R * R, rr = dotq(r, r);
  bool any = false;
  mpq_class cMin, cMax, nearest;
  Q nearM;
  for (Vec2 pa : a.points)
    for (Vec2 pb : b.points) {
      const Q m{mpq_class(pb.x) - pa.x, mpq_class(pb.y) - pa.y};
      const mpq_class c = crossq(r, m);
      if (!any || c < cMin) cMin = c;
      if (!any || c > cMax) cMax = c;
      const mpq_class ac = abs(c);
      if (!any || ac < nearest) nearest = ac, nearM = m;
      any = true;
    }
  const bool meetsM = cMin <= 0 && cMax >= 0;
  const bool enters = meetsM || nearest * nearest < R2 * rr;
  if (!enters) {
    if (h.hit) fail("round: graze or miss reported as a hit", h);
    return 0;
  }
  const std::vector<Q> ax = axes(a, b, r);
  const int s0 = roundStateAt(a, b, qa, qb, mpq_class(0), ax, R2);
  if (s0 < 0) return 0;  // overlapping at 0: the collide()-normal rule, not decided here
  mpq_class tStar;
  if (meetsM) {
    const Chord c = chord(a, b, r, ax);
    if (c.closedEmpty || !c.loSet || !c.hiSet) fail("round reference: the line meets M but its chord is empty", h);
    tStar = (c.lo + c.hi) / 2;
  } else {
    tStar = -dotq(r, nearM) / rr;
  }
  if (tStar <= 0) {
    if (h.hit) fail("round: moving out (or apart) reported as a hit", h);
    return 0;
  }
  if (s0 == 0) {
    if (!h.hit || h.fraction != 0.0) fail("round: start touching moving in: expected a hit at 0", h);
    return 0;
  }
  const mpq_class tm = tStar < 1 ? tStar : mpq_class(1);
  if (roundStateAt(a, b, qa, qb, tm, ax, R2) < 0 && !h.hit) fail("round: passes through: overlap within the step", h);
  if (!h.hit) return 0;
  const mpq_class t(h.fraction);
  // Never after the first contact t1: apart or touching at t (d(t) >= R), and not beyond the closest approach tStar
  // (where d < R: d >= R after it means t is past the overlap, t >= t2 > t1).
  if (roundStateAt(a, b, qa, qb, t, ax, R2) < 0) {
    fail("round: hit after the first contact (overlapping at fraction)", h);
  }
  if (t > tStar) fail("round: hit after the first contact (beyond the closest approach)", h);
  // The fraction's precision, t1 - 2^-39 S / v <= t, decided exactly without t1 or v (both involve square roots):
  // d is convex and differentiable where positive (the distance to a convex set along a line), so at t <= t1
  //     d(t) >= d(t1) + d'(t1) (t - t1) = R + v (t1 - t),   v = -d'(t1) = |dot(r, n)|, n the contact normal,
  // i.e. v (t1 - t) <= d(t) - R, the gap at t. A gap d(t) - R <= 2^-39 S (queries.h promises 2^-40 S) therefore
  // implies the bound, and every violation of the bound (v (t1 - t) > 2^-39 S) shows as a gap above 2^-39 S: the
  // exact test d(t)^2 <= (R + 2^-39 S)^2 in rationals. It covers a hit at 0 from a start apart by at most 2^-40 S.
  if (h.iterations < 64 && s0 > 0) {
    double s = std::max({detail::maxAbs(dA), detail::maxAbs(dB), a.radius, b.radius});
    for (const Built* sh : {&a, &b})
      for (Vec2 p : sh->points) s = std::max(s, detail::maxAbs(p));
    const mpq_class reach = R + mpq_class(std::ldexp(s, -39));
    if (coreDistance2(a, b, qa, qb, t) > reach * reach)
      fail("round: fraction less precise than stated (apart by more than 2^-39 S at fraction)", h);
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const double scale = std::ldexp(1.0, in.range(-30, 30));
  const Vec2 offset{std::ldexp(static_cast<double>(in.range(-64, 64)), in.range(0, 40)),
                    std::ldexp(static_cast<double>(in.range(-64, 64)), in.range(0, 40))};
  Built a, b;
  if (!build(in, scale, offset, a) || !build(in, scale, offset, b)) return 0;
  const Vec2 dA{coord(in) * scale, coord(in) * scale};
  const Vec2 dB = (in.byte() % 3 == 0) ? Vec2{coord(in) * scale, coord(in) * scale} : Vec2{};
  makeRound(in.byte(), scale, a);
  makeRound(in.byte(), scale, b);
  if (a.radius > 0.0 || b.radius > 0.0) return roundCheck(a, b, dA, dB);
  // M has area unless both are flat (collinear points: a segment, a point, or a box collapsed by rounding beside a
  // large offset) and parallel.
  Q da, db;
  if (flatDirection(a, da) && flatDirection(b, db) && da.x * db.y - da.y * db.x == 0) return 0;
  gA = &a;
  gB = &b;
  gDA = dA;
  gDB = dB;

  const CastHit h = cast(a.shape, Motion{dA, 0.0}, b.shape, Motion{dB, 0.0});
  if (!(h.fraction >= 0.0 && h.fraction <= 1.0)) fail("fraction outside [0, 1]", h);

  const Q qa = q(dA), qb = q(dB);
  const Q r{qb.x - qa.x, qb.y - qa.y};
  const std::vector<Q> ax = axes(a, b, r);
  const Chord c = chord(a, b, r, ax);

  if (c.openEmpty) {
    // Never overlapping beyond touching (graze, slide, miss, or no relative motion).
    if (h.hit) fail("graze or miss reported as a hit", h);
    return 0;
  }
  // The interiors overlap for t in (lo, hi).
  if (c.ohi <= 0) {
    if (h.hit) fail("moving out (or apart) reported as a hit", h);
    return 0;
  }
  if (c.olo < 0) return 0;  // interiors overlapping at t = 0: the collide()-normal rule, not decided here
  if (c.olo == 0) {
    if (!h.hit || h.fraction != 0.0) fail("start in contact moving in: expected a hit at 0", h);
    return 0;
  }
  if (c.olo < 1) {
    if (!h.hit) fail("passes through: the interiors overlap within the step but no hit", h);
    const mpq_class tm = (c.olo + std::min(c.ohi, mpq_class(1))) / 2;
    if (!strictOverlapAt(a, b, qa, qb, tm, ax)) fail("reference: no strict overlap at the middle of its interval", h);
    if (mpq_class(h.fraction) > c.olo) fail("hit after the first contact", h);
  }
  if (h.hit && h.fraction > 0.0 && mpq_class(h.fraction) > c.olo) fail("hit after the first contact", h);
  if (h.hit && h.iterations < 64) {
    double s = std::max({detail::maxAbs(dA), detail::maxAbs(dB)});
    for (const Built* sh : {&a, &b})
      for (Vec2 p : sh->points) s = std::max(s, detail::maxAbs(p));
    const double bound = std::ldexp(s, -39) / c.speed;
    if (c.olo.get_d() - h.fraction > bound * (1 + 1e-9)) fail("fraction less precise than stated", h);
  }
  return 0;
}
