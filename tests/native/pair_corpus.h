// A seeded corpus of shape pairs of every ordered pair of the Shape alternatives (Circle, Aabb, Box, Polygon,
// Segment, Capsule), for the bit-identity test of the narrow phase (narrow_identity_test.cpp) and the coherence
// certificates (coherence_test.cpp). Pairs are drawn in several families:
//   Random     B placed at a random offset from A (about half touch), at magnitudes 1e-6, 1, 1e6, 1e12 (and random
//              powers of two), sometimes far from the origin relative to their size;
//   NearTouch  B moved out of A along collide()'s normal by its depth, plus or minus a few ulps of the pair's
//              magnitude (a configuration within rounding of an exact touch);
//   Exact      exact constructions: a vertex of B on a vertex of A, shared aabb sides, identical shapes;
//   Degenerate zero radii / extents / lengths, needles, sizes that vanish beside the position (coinciding corners),
//              extreme magnitudes (1e-300, 1e150, 1e300), and a few NaN / infinite coordinates.
// Everything is a function of the seed only (splitmix64, hand-written uniform mapping; the library's own cos / sin,
// detail::cosSin, for directions and the polygons' shapes: never the C library's, whose last bits differ between glibc
// and Emscripten's musl, so the corpus is the same natively and in wasm), except NearTouch, which asks collide() for
// the push: with the same collide() the corpus is the same. Every random draw is its own statement or an element of
// a braced list (sequenced), never an operand beside another draw (g++ and clang order those differently).
#pragma once

#include <collide2d/collide2d.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <variant>
#include <vector>

#include "../../bench/scene.h"
#include "splitmix.h"
#include "trig/trig.h"

namespace pair_corpus {

using namespace collide2d;

constexpr int kKinds = 6;
inline const char* const kKindName[kKinds] = {"Circle", "Aabb", "Box", "Polygon", "Segment", "Capsule"};

struct Rng {
  std::uint64_t s;
  std::uint64_t next() { return test_rng::splitmix64(s); }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(double p) { return unit() < p; }
  Vec2 inSquare(double r) { return {uniform(-r, r), uniform(-r, r)}; }
  Vec2 direction() {
    const collide2d::detail::CosSin r = collide2d::detail::cosSin(uniform(0.0, 6.283185307179586));
    return {r.c, r.s};
  }
};

// -- shapes -----------------------------------------------------------------------------------------------------------

inline double extent(Rng& rng, double s, bool degenerate) {
  if (degenerate && rng.chance(0.15)) return 0.0;
  return s * rng.uniform(0.05, 1.0);
}

inline Polygon polygonAround(Rng& rng, Vec2 c, double s, bool degenerate) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int n = rng.chance(0.1) ? 3 + rng.below(14) : 3 + rng.below(6);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles) a = rng.uniform(0.0, 6.283185307179586);
    std::sort(angles.begin(), angles.end());
    double rx = s * rng.uniform(0.2, 1.0), ry = s * rng.uniform(0.2, 1.0);
    if (degenerate && rng.chance(0.3)) ry = rx * (rng.chance(0.5) ? 1e-6 : 1e-12);  // a needle
    const double turn = rng.uniform(-3.2, 3.2);
    const collide2d::detail::CosSin t = collide2d::detail::cosSin(turn);
    std::vector<Vec2> pts;
    for (const double a : angles) {
      const collide2d::detail::CosSin r = collide2d::detail::cosSin(a);
      pts.push_back(c + rotate(Vec2{rx * r.c, ry * r.s}, t.c, t.s));
    }
    if (rng.chance(0.5)) std::reverse(pts.begin(), pts.end());
    Polygon p;
    if (Polygon::create(pts, p).ok()) return p;
  }
  Polygon p;
  const Vec2 tri[3] = {c + Vec2{-s, -s}, c + Vec2{s, -s}, c + Vec2{0.0, s}};
  (void)Polygon::create(tri, p);
  return p;
}

inline double boxAngle(Rng& rng) {
  switch (rng.below(8)) {
    case 0: return 0.0;
    case 1: return 1.5707963267948966 * (rng.below(9) - 4);
    case 2: return rng.uniform(-1e-9, 1e-9);
    case 3: return rng.uniform(-40.0, 40.0);
    default: return rng.uniform(0.0, 6.283185307179586);
  }
}

/// A shape of `kind` about c, of size about s (half-extent / radius).
inline Shape makeShape(Rng& rng, int kind, Vec2 c, double s, bool degenerate) {
  switch (kind) {
    case 0: return Circle{c, extent(rng, s, degenerate)};
    case 1: {
      const Vec2 h{extent(rng, s, degenerate), extent(rng, s, degenerate)};
      return Aabb{c - h, c + h};
    }
    case 2: return Box{c, {extent(rng, s, degenerate), extent(rng, s, degenerate)}, boxAngle(rng)};
    case 3: return polygonAround(rng, c, s, degenerate);
    case 4: {
      const Vec2 a = c + rng.inSquare(s * 0.5);
      const Vec2 b = degenerate && rng.chance(0.15) ? a : c + rng.inSquare(s);
      return Segment{a, b};
    }
    default: {
      const Vec2 a = c + rng.inSquare(s * 0.5);
      const Vec2 b = degenerate && rng.chance(0.15) ? a : c + rng.inSquare(s);
      return Capsule{a, b, extent(rng, s * 0.5, degenerate)};
    }
  }
}

/// The shape's vertices (circle: its centre; capsule: its segment's ends).
inline std::vector<Vec2> pointsOf(const Shape& s) {
  std::vector<Vec2> out;
  if (const auto* c = std::get_if<Circle>(&s)) out = {c->center};
  if (const auto* b = std::get_if<Aabb>(&s)) out = {b->min, {b->max.x, b->min.y}, b->max, {b->min.x, b->max.y}};
  if (const auto* b = std::get_if<Box>(&s)) {
    Vec2 k[4];
    b->corners(k);
    out.assign(k, k + 4);
  }
  if (const auto* p = std::get_if<Polygon>(&s)) out.assign(p->vertices().begin(), p->vertices().end());
  if (const auto* g = std::get_if<Segment>(&s)) out = {g->a, g->b};
  if (const auto* k = std::get_if<Capsule>(&s)) out = {k->a, k->b};
  return out;
}

/// The largest |coordinate| (and radius / extent) of a shape.
inline double magnitudeOf(const Shape& s) {
  double m = 0.0;
  for (const Vec2 p : pointsOf(s)) m = std::max({m, std::fabs(p.x), std::fabs(p.y)});
  if (const auto* c = std::get_if<Circle>(&s)) m = std::max(m, std::fabs(c->radius));
  if (const auto* b = std::get_if<Box>(&s)) {
    m = std::max({m, std::fabs(b->center.x), std::fabs(b->center.y), std::fabs(b->halfExtents.x),
                  std::fabs(b->halfExtents.y)});
  }
  if (const auto* k = std::get_if<Capsule>(&s)) m = std::max(m, std::fabs(k->radius));
  return m;
}

/// The shape translated by t the way World rebuilds it (position + t on every stored point; a polygon through
/// Polygon::create of its moved vertices). False when the moved polygon is not a valid polygon any more.
inline bool translated(const Shape& s, Vec2 t, Shape& out) {
  if (const auto* c = std::get_if<Circle>(&s)) out = Circle{c->center + t, c->radius};
  if (const auto* b = std::get_if<Aabb>(&s)) out = Aabb{b->min + t, b->max + t};
  if (const auto* b = std::get_if<Box>(&s)) out = Box{b->center + t, b->halfExtents, b->angle};
  if (const auto* g = std::get_if<Segment>(&s)) out = Segment{g->a + t, g->b + t};
  if (const auto* k = std::get_if<Capsule>(&s)) out = Capsule{k->a + t, k->b + t, k->radius};
  if (const auto* p = std::get_if<Polygon>(&s)) {
    std::vector<Vec2> v(p->vertices().begin(), p->vertices().end());
    for (Vec2& q : v) q = q + t;
    Polygon moved;
    if (!Polygon::create(v, moved).ok() || moved.size() != p->size()) return false;
    out = std::move(moved);
  }
  return true;
}

// -- pairs ------------------------------------------------------------------------------------------------------------

enum class Family { Random, NearTouch, Exact, Degenerate };
constexpr int kFamilies = 4;

struct Pair {
  Shape a, b;
};

inline double pickScale(Rng& rng) {
  static const double scales[] = {1e-6, 1.0, 1.0, 1e6, 1e12};
  double s = scales[rng.below(5)];
  if (rng.chance(0.3)) s = std::ldexp(s, rng.below(21) - 10);
  return s;
}

inline Vec2 pickOrigin(Rng& rng, double s) {
  switch (rng.below(6)) {
    case 0: return {0.0, 0.0};
    case 1: return rng.inSquare(s * 1e3);
    case 2: return rng.inSquare(s * 1e6);
    default: return rng.inSquare(s * 4.0);
  }
}

inline Pair randomPair(Rng& rng, int ka, int kb, bool degenerate) {
  const double s = pickScale(rng);
  const Vec2 o = pickOrigin(rng, s);
  const double sa = s * rng.uniform(0.2, 1.0), sb = s * rng.uniform(0.2, 1.0);
  // (one draw per statement: the operands of an operator are evaluated in an unspecified order, which g++ and clang
  // choose differently)
  const Vec2 dir = rng.direction();
  const Vec2 cb = o + dir * ((sa + sb) * rng.uniform(0.0, 1.4));
  return {makeShape(rng, ka, o, sa, degenerate), makeShape(rng, kb, cb, sb, degenerate)};
}

inline Pair nearTouchPair(Rng& rng, int ka, int kb) {
  const double s = pickScale(rng);
  const Vec2 o = pickOrigin(rng, s);
  const double sa = s * rng.uniform(0.2, 1.0), sb = s * rng.uniform(0.2, 1.0);
  Pair p{makeShape(rng, ka, o, sa, false), Shape{}};
  Contact c;
  for (int attempt = 0; attempt < 6 && !c.hit; ++attempt) {
    p.b = makeShape(rng, kb, o + rng.inSquare(0.3 * sa), sb, false);
    c = collide(p.a, p.b);
  }
  if (!c.hit || !std::isfinite(c.depth)) return p;
  const double mag = std::max(magnitudeOf(p.a), magnitudeOf(p.b));
  const int k = rng.below(9) - 4;
  const double push = c.depth + static_cast<double>(k) * mag * DBL_EPSILON;
  Shape moved;
  if (translated(p.b, c.normal * push, moved)) p.b = std::move(moved);
  return p;
}

inline Pair exactPair(Rng& rng, int ka, int kb) {
  Pair p = randomPair(rng, ka, kb, false);
  switch (rng.below(4)) {
    case 0: {  // a vertex of B onto a vertex of A
      const std::vector<Vec2> va = pointsOf(p.a), vb = pointsOf(p.b);
      const Vec2 from = va[static_cast<std::size_t>(rng.below(static_cast<int>(va.size())))];
      const Vec2 t = from - vb[static_cast<std::size_t>(rng.below(static_cast<int>(vb.size())))];
      Shape moved;
      if (translated(p.b, t, moved)) p.b = std::move(moved);
      break;
    }
    case 1:  // B is A itself when the kinds agree
      if (ka == kb) p.b = p.a;
      break;
    case 2:  // aabbs sharing a side or a corner exactly
      if (const auto* a = std::get_if<Aabb>(&p.a); a != nullptr && kb == 1) {
        const Aabb& b = std::get<Aabb>(p.b);
        const Vec2 w = b.max - b.min;
        Vec2 lo = b.min;
        if (rng.chance(0.5)) lo.x = rng.chance(0.5) ? a->max.x : a->min.x - w.x;
        if (rng.chance(0.5)) lo.y = rng.chance(0.5) ? a->max.y : a->min.y - w.y;
        p.b = Aabb{lo, lo + w};
      }
      break;
    default: {  // B moved by an edge vector of A (shared edges and vertices for congruent shapes)
      const std::vector<Vec2> va = pointsOf(p.a);
      if (va.size() >= 2) {
        const std::size_t i = static_cast<std::size_t>(rng.below(static_cast<int>(va.size())));
        Shape moved;
        if (translated(p.a, va[(i + 1) % va.size()] - va[i], moved) && ka == kb) p.b = std::move(moved);
      }
      break;
    }
  }
  return p;
}

inline Pair degeneratePair(Rng& rng, int ka, int kb) {
  Pair p;
  switch (rng.below(5)) {
    case 0: {  // sizes that vanish beside the position
      const double s = std::ldexp(1.0, rng.below(40) - 20);
      const Vec2 o = rng.inSquare(s * std::ldexp(1.0, 40 + rng.below(30)));
      p = {makeShape(rng, ka, o, s, true), makeShape(rng, kb, o + rng.inSquare(2.0 * s), s, true)};
      break;
    }
    case 1: {  // extreme magnitudes
      static const double scales[] = {1e-300, 1e-150, 1e150, 1e300, 4e-320};
      const double s = scales[rng.below(5)];
      p = {makeShape(rng, ka, rng.inSquare(s), s, true), makeShape(rng, kb, rng.inSquare(s), s, true)};
      break;
    }
    case 2: {  // non-finite coordinates
      p = randomPair(rng, ka, kb, true);
      const double bad = rng.chance(0.5) ? std::numeric_limits<double>::quiet_NaN()
                                         : (rng.chance(0.5) ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
      Shape& victim = rng.chance(0.5) ? p.a : p.b;
      if (auto* c = std::get_if<Circle>(&victim)) (rng.chance(0.5) ? c->center.x : c->radius) = bad;
      if (auto* b = std::get_if<Aabb>(&victim)) (rng.chance(0.5) ? b->min.y : b->max.x) = bad;
      if (auto* b = std::get_if<Box>(&victim)) (rng.chance(0.5) ? b->center.x : b->angle) = bad;
      if (auto* g = std::get_if<Segment>(&victim)) g->b.y = bad;
      if (auto* k = std::get_if<Capsule>(&victim)) (rng.chance(0.5) ? k->a.x : k->radius) = bad;
      // (a polygon is valid by construction: it stays finite)
      break;
    }
    default:
      p = randomPair(rng, ka, kb, true);
      break;
  }
  return p;
}

inline Pair makePair(Rng& rng, int ka, int kb, Family f) {
  switch (f) {
    case Family::Random: return randomPair(rng, ka, kb, false);
    case Family::NearTouch: return nearTouchPair(rng, ka, kb);
    case Family::Exact: return exactPair(rng, ka, kb);
    default: return degeneratePair(rng, ka, kb);
  }
}

// -- result hashing ---------------------------------------------------------------------------------------------------

struct Hash {
  std::uint64_t h = 0x84222325CBF29CE4ull;
  void add(std::uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0x100000001B3ull;
  }
  /// Every bit of a double, except that all NaNs hash alike: the sign of a NaN result depends on the compiler's
  /// optimisation level (-O0 and -O3 builds of the same code differ there), not on the library's arithmetic.
  void add(double d) {
    std::uint64_t v;
    std::memcpy(&v, &d, sizeof v);
    add(d != d ? std::uint64_t{0x7FF8000000000000ull} : v);
  }
  void add(bool b) { add(static_cast<std::uint64_t>(b ? 0xB001u : 0xB000u)); }
  void add(Vec2 v) {
    add(v.x);
    add(v.y);
  }
  void add(const Contact& c) {
    add(c.hit);
    add(c.normal);
    add(c.depth);
    add(c.point);
  }
};

// The world shapes of the benchmark scene's bodies (bench/scene.h, built as the World builds them) and their bounds.
struct SceneShapes {
  std::vector<Shape> shapes;
  std::vector<Aabb> box;
};

inline SceneShapes sceneShapes(const scene::Scene& s) {
  SceneShapes out;
  for (const scene::Body& b : s.bodies) {
    const Vec2 pos{b.x, b.y};
    const collide2d::detail::CosSin r = collide2d::detail::cosSin(b.angle);
    const double c = r.c, sn = r.s;
    Shape sh;
    switch (b.kind) {
      case scene::Kind::Circle: sh = Circle{pos + rotate(Vec2{0, 0}, c, sn), b.a}; break;
      case scene::Kind::Aabb: sh = Aabb{Vec2{-b.a / 2, -b.b / 2} + pos, Vec2{b.a / 2, b.b / 2} + pos}; break;
      case scene::Kind::Box: sh = Box{pos + rotate(Vec2{0, 0}, c, sn), {b.a, b.b}, 0.0 + b.angle}; break;
      case scene::Kind::Polygon: {
        std::vector<Vec2> v;
        for (std::size_t k = 0; k < b.points.size(); k += 2) v.push_back(pos + rotate({b.points[k], b.points[k + 1]}, c, sn));
        Polygon p;
        (void)Polygon::create(v, p);
        sh = p;
        break;
      }
    }
    out.box.push_back(bounds(sh));
    out.shapes.push_back(std::move(sh));
  }
  return out;
}

}  // namespace pair_corpus
