// libFuzzer target for translation casts between sharp shapes (polygon, aabb, box at angle 0, segment, point),
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

const Built* gA = nullptr;
const Built* gB = nullptr;
Vec2 gDA, gDB;

void printShape(const char* name, const Built& s) {
  std::fprintf(stderr, "%s (type %zu):", name, s.shape.index());
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
