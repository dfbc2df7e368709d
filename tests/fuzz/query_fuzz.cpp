// libFuzzer target for the queries of queries.h, held to exact references computed with GMP rationals (mpq_class) on
// the shapes' cores as the library sees them (detail::makeCore: a box as its Box::corners):
//   * overlaps: exact where promised (circle vs segment; polygonal pairs; capsule pairs whose cores intersect), else
//     right whenever the exact gap is beyond 2^-40 S;
//   * distance: overlap == overlaps(); the distance within 2^-40 S of the exact one; pointA / pointB on A's / B's
//     boundary and pointA + normal * distance == pointB, within 2^-40 S; a unit normal; no NaN;
//   * collideManifold: count > 0 exactly when overlaps(); each point within 2^-38 S of B, and moved by normal * depth
//     within 2^-38 S of A (on the boundaries, for pairs without a capsule); depth >= 0; deepest depth within
//     2^-38 S of collide()'s;
//   * containsShape: exact for polygonal pairs, else right whenever the exact margin is beyond 2^-40 S.
// S is the largest magnitude among the inputs. Inputs: a scale 2^E (E in [-384, 384], so the whole metric range
// [2^-460, 2^460] is reached) times numbers of the families below; raw doubles (family 2, for hand-written seeds)
// outside that range skip the input. tests/fuzz/corpus/query/ holds the findings' inputs (query_seeds.py writes them).
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "convex.h"
#include "fuzz_input.h"

#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <variant>
#include <vector>

using namespace collide2d;
using collide2d::fuzz::Input;

namespace {

[[noreturn]] void fail(const char* what, double got, double bound) {
  std::fprintf(stderr, "query_fuzz: %s (value %.17g, bound %.17g)\n", what, got, bound);
  __builtin_trap();
}
#define CHECK(cond, what, got, bound) \
  do {                                \
    if (!(cond)) fail(what, got, bound); \
  } while (0)

const bool kVerbose = std::getenv("COLLIDE2D_FUZZ_VERBOSE") != nullptr;

// -- decoding --------------------------------------------------------------------------------------------------------

struct Decoder {
  Input in;
  int exponent = 0;
  bool ok = true;

  double number() {
    double v = 0.0;
    switch (in.byte() % 6) {
      case 0: v = static_cast<double>(static_cast<std::int8_t>(in.byte())); break;
      case 1: v = static_cast<std::int16_t>(in.u32()) / 64.0; break;
      case 2: {  // raw bits, not scaled (hand-written seeds)
        const double r = std::bit_cast<double>(in.u64());
        if (!std::isfinite(r) || (r != 0.0 && !(std::fabs(r) >= 0x1p-460 && std::fabs(r) <= 0x1p460))) ok = false;
        return std::isfinite(r) ? r : 0.0;
      }
      case 3: {
        v = static_cast<std::int16_t>(in.u32()) / 16.0;
        for (int k = in.range(-4, 4); k != 0; k += (k > 0 ? -1 : 1)) v = std::nextafter(v, k > 0 ? INFINITY : -INFINITY);
        break;
      }
      case 4: v = std::ldexp(static_cast<std::int32_t>(in.u32()) / 2147483648.0, in.range(-30, 30)); break;
      default: v = static_cast<std::int32_t>(in.u32()) * 1e-3; break;
    }
    v = std::ldexp(v, exponent);
    if (v != 0.0 && !(std::fabs(v) >= 0x1p-460 && std::fabs(v) <= 0x1p460)) ok = false;  // outside the metric range
    return v;
  }
  Vec2 point() {
    const double x = number();
    return {x, number()};
  }
  double radius() { return std::fabs(number()); }

  bool shape(Shape& out) {
    switch (in.byte() % 6) {
      case 0: {
        const Vec2 c = point();
        out = Circle{c, radius()};
        return true;
      }
      case 1: {
        const Vec2 a = point(), b = point();
        out = Aabb{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
        return true;
      }
      case 2: {
        const Vec2 c = point();
        const double hx = radius(), hy = radius();
        out = Box{c, {hx, hy}, (in.byte() / 256.0) * 6.283185307179586};
        return true;
      }
      case 3: {
        Vec2 pts[8];
        const int n = 3 + in.byte() % 6;
        for (int i = 0; i < n; ++i) pts[i] = point();
        Polygon p;
        if (!Polygon::create(std::span<const Vec2>(pts, static_cast<std::size_t>(n)), p)) return false;
        out = std::move(p);
        return true;
      }
      case 4: {
        const Vec2 a = point();
        out = Segment{a, point()};
        return true;
      }
      default: {
        const Vec2 a = point(), b = point();
        out = Capsule{a, b, radius()};
        return true;
      }
    }
  }
};

// -- exact reference ------------------------------------------------------------------------------------------------

struct Q {
  mpq_class x, y;
};
Q q(Vec2 v) { return {mpq_class(v.x), mpq_class(v.y)}; }
Q operator-(const Q& a, const Q& b) { return {a.x - b.x, a.y - b.y}; }
mpq_class dotq(const Q& a, const Q& b) { return a.x * b.x + a.y * b.y; }
mpq_class crossq(const Q& a, const Q& b) { return a.x * b.y - a.y * b.x; }
int sgn(const mpq_class& v) { return ::sgn(v); }

// A core: 1 point, a segment (2), or a convex polygon (>= 3, counter-clockwise, positive area), and a radius.
struct RefCore {
  std::vector<Q> p;
  mpq_class r;
  double rd = 0.0;
};

RefCore refCore(const Shape& s) {
  detail::Core k;
  std::visit([&k](const auto& v) { detail::makeCore(v, k); }, s);
  RefCore out;
  out.rd = k.radius;
  out.r = mpq_class(k.radius);
  for (int i = 0; i < k.count; ++i) out.p.push_back(q(k.points[i]));
  if (out.p.size() >= 3) {
    mpq_class area2 = 0;
    for (std::size_t i = 0; i < out.p.size(); ++i) area2 += crossq(out.p[i], out.p[(i + 1) % out.p.size()]);
    if (sgn(area2) == 0) {  // zero area (an aabb or box of zero extent): its extreme points
      std::size_t lo = 0, hi = 0;
      for (std::size_t i = 1; i < out.p.size(); ++i) {
        const Q& v = out.p[i];
        if (v.x < out.p[lo].x || (v.x == out.p[lo].x && v.y < out.p[lo].y)) lo = i;
        if (v.x > out.p[hi].x || (v.x == out.p[hi].x && v.y > out.p[hi].y)) hi = i;
      }
      const Q a = out.p[lo], b = out.p[hi];
      out.p = {a};
      if (!(a.x == b.x && a.y == b.y)) out.p.push_back(b);
    }
  }
  return out;
}

mpq_class dist2PointSegment(const Q& p, const Q& a, const Q& b) {
  const Q d = b - a, w = p - a;
  const mpq_class dd = dotq(d, d);
  if (sgn(dd) == 0) return dotq(w, w);
  mpq_class t = dotq(w, d) / dd;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const Q e{w.x - t * d.x, w.y - t * d.y};
  return dotq(e, e);
}

// Squared distance from p to the core's points (0 inside a polygon).
bool insidePolygon(const RefCore& k, const Q& p) {
  const std::size_t n = k.p.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (sgn(crossq(k.p[(i + 1) % n] - k.p[i], p - k.p[i])) < 0) return false;
  }
  return true;
}
mpq_class edgeDist2(const RefCore& k, const Q& p) {  // to the core's boundary (its edges; its point)
  const std::size_t n = k.p.size();
  if (n == 1) return dotq(p - k.p[0], p - k.p[0]);
  if (n == 2) return dist2PointSegment(p, k.p[0], k.p[1]);
  mpq_class best = dist2PointSegment(p, k.p[0], k.p[1]);
  for (std::size_t i = 1; i < n; ++i) {
    const mpq_class d = dist2PointSegment(p, k.p[i], k.p[(i + 1) % n]);
    if (d < best) best = d;
  }
  return best;
}
mpq_class coreDist2(const RefCore& k, const Q& p) {
  if (k.p.size() >= 3 && insidePolygon(k, p)) return 0;
  return edgeDist2(k, p);
}
// Signed distance from p to the grown shape's boundary (negative inside), rounded once.
double signedDistance(const RefCore& k, const Q& p) {
  const double e = std::sqrt(edgeDist2(k, p).get_d());
  const bool inside = k.p.size() >= 3 && insidePolygon(k, p);
  return (inside ? -e : e) - k.rd;
}

bool properCross(const Q& a, const Q& b, const Q& c, const Q& d) {
  const int s1 = sgn(crossq(b - a, c - a)), s2 = sgn(crossq(b - a, d - a));
  const int s3 = sgn(crossq(d - c, a - c)), s4 = sgn(crossq(d - c, b - c));
  return s1 * s2 < 0 && s3 * s4 < 0;
}

// Exact squared distance between two cores (0 when they intersect or touch).
mpq_class coresDist2(const RefCore& a, const RefCore& b) {
  for (const Q& v : a.p) {
    if (sgn(coreDist2(b, v)) == 0) return 0;
  }
  for (const Q& v : b.p) {
    if (sgn(coreDist2(a, v)) == 0) return 0;
  }
  const std::size_t ea = a.p.size() == 1 ? 1 : (a.p.size() == 2 ? 1 : a.p.size());
  const std::size_t eb = b.p.size() == 1 ? 1 : (b.p.size() == 2 ? 1 : b.p.size());
  if (a.p.size() >= 2 && b.p.size() >= 2) {
    for (std::size_t i = 0; i < ea; ++i) {
      for (std::size_t j = 0; j < eb; ++j) {
        if (properCross(a.p[i], a.p[(i + 1) % a.p.size()], b.p[j], b.p[(j + 1) % b.p.size()])) return 0;
      }
    }
  }
  mpq_class best = edgeDist2(b, a.p[0]);
  for (const Q& v : a.p) {
    const mpq_class d = edgeDist2(b, v);
    if (d < best) best = d;
  }
  for (const Q& v : b.p) {
    const mpq_class d = edgeDist2(a, v);
    if (d < best) best = d;
  }
  return best;
}

// -- checks ---------------------------------------------------------------------------------------------------------

template <class T> constexpr bool kRound = std::is_same_v<T, Circle> || std::is_same_v<T, Capsule>;
template <class T> constexpr bool kCapsule = std::is_same_v<T, Capsule>;

double magnitude(const Shape& s) {
  detail::Core k;
  std::visit([&k](const auto& v) { detail::makeCore(v, k); }, s);
  double m = std::fabs(k.radius);
  for (int i = 0; i < k.count; ++i) m = std::max(m, detail::maxAbs(k.points[i]));
  return m;
}
// The smallest nonzero magnitude among a shape's core coordinates and radius (the exact tests' domain is a ratio).
double smallest(const Shape& s) {
  detail::Core k;
  std::visit([&k](const auto& v) { detail::makeCore(v, k); }, s);
  double m = INFINITY;
  const auto take = [&m](double v) {
    if (v != 0.0) m = std::min(m, std::fabs(v));
  };
  take(k.radius);
  for (int i = 0; i < k.count; ++i) {
    take(k.points[i].x);
    take(k.points[i].y);
  }
  return m;
}
double gSpan = 0.0;  // S over the smallest nonzero magnitude of the pair
// Known gap (docs/precision.md): a box of positive extents whose corners rounding puts on one line (extents below
// its centre's ulp, e.g. centre 2^454, extent 2^130) is not decided exactly by the box SAT, which separates along
// the box's own axes only. Such pairs are held to the rounded promise instead.
bool gCollapsedBox = false;
bool collapsedBox(const Shape& s, const RefCore& k) {
  const Box* b = std::get_if<Box>(&s);
  return b != nullptr && b->halfExtents.x > 0.0 && b->halfExtents.y > 0.0 && k.p.size() < 3;
}

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

template <class A, class B> void checkPair(const A& a, const B& b, const RefCore& ka, const RefCore& kb, double S) {
  const double tol40 = std::ldexp(S, -40), tol38 = std::ldexp(S, -38);
  const mpq_class d2 = coresDist2(ka, kb);
  const mpq_class reach = ka.r + kb.r;
  const bool exactOverlap = d2 <= reach * reach;
  const double gap = std::sqrt(d2.get_d()) - (ka.rd + kb.rd);  // rounded, for the tolerance checks

  // overlaps
  const bool o = overlapsAny(a, b);
  if (gSpan <= 0x1p485 && !gCollapsedBox) CHECK(o == overlapsAny(b, a), "overlaps differs between the orders", o, 0);
  constexpr bool circleSegment = (std::is_same_v<A, Circle> && std::is_same_v<B, Segment>) ||
                                 (std::is_same_v<A, Segment> && std::is_same_v<B, Circle>);
  const bool exactDomain = circleSegment ? gSpan <= 0x1p216 : gSpan <= 0x1p485 && !gCollapsedBox;  // collide2d.h
  if ((circleSegment || (!kRound<A> && !kRound<B>)) && exactDomain) {
    CHECK(o == exactOverlap, "overlaps is not exact (circle-segment or polygonal pair)", o, gap);
  } else {
    if (kCapsule<A> || kCapsule<B>) CHECK(o || sgn(d2) != 0, "capsule pair: cores intersect but no overlap", gap, 0);
    if (gap > tol40) CHECK(!o, "overlaps true beyond 2^-40 S apart", gap, tol40);
    if (gap < -tol40) CHECK(o, "overlaps false beyond 2^-40 S deep", gap, tol40);
  }

  // distance
  const DistanceResult d = distance(a, b);
  // (Outside the exact domain overlaps() may be wrong by less than rounding while GJK's witness is exact.)
  if (exactDomain || !(circleSegment || (!kRound<A> && !kRound<B>))) {
    CHECK(d.overlap == o, "distance().overlap != overlaps()", d.distance, 0);
  }
  CHECK(d.overlap == (d.distance == 0.0), "distance 0 exactly when overlap", d.distance, 0);
  CHECK(finite(d.pointA) && finite(d.pointB) && finite(d.normal), "distance: non-finite point or normal", 0, 0);
  // (The metric bounds hold within a span of 2^485, as the exact answers: queries.h, docs/precision.md's known gap.)
  const bool metricDomain = gSpan <= 0x1p485 && !gCollapsedBox;
  if (!d.overlap && metricDomain) {
    CHECK(std::fabs(d.distance - std::max(gap, 0.0)) <= tol40, "distance off the exact one", d.distance - gap, tol40);
    CHECK(std::fabs(length(d.normal) - 1.0) <= 1e-12, "distance normal not unit", length(d.normal), 1);
    CHECK(std::fabs(signedDistance(ka, q(d.pointA))) <= tol40, "distance pointA off A's boundary",
          signedDistance(ka, q(d.pointA)), tol40);
    CHECK(std::fabs(signedDistance(kb, q(d.pointB))) <= tol40, "distance pointB off B's boundary",
          signedDistance(kb, q(d.pointB)), tol40);
    const Vec2 miss = d.pointA + d.normal * d.distance - d.pointB;
    CHECK(detail::maxAbs(miss) <= tol40, "pointA + normal * distance != pointB", detail::maxAbs(miss), tol40);
  } else if (d.overlap) {
    CHECK(gap <= tol40, "distance overlap while apart beyond 2^-40 S", gap, tol40);
  }

  // collideManifold
  const Manifold m = collideManifold(a, b);
  CHECK((m.count > 0) == o, "manifold count > 0 != overlaps()", m.count, 0);
  if (m.count > 0) {
    CHECK(std::fabs(length(m.normal) - 1.0) <= 1e-12, "manifold normal not unit", length(m.normal), 1);
    double deepest = 0.0;
    for (int i = 0; i < m.count; ++i) {
      const ManifoldPoint& p = m.points[i];
      CHECK(p.depth >= 0.0 && finite(p.point), "manifold depth < 0 or point not finite", p.depth, 0);
      deepest = std::max(deepest, p.depth);
      const double onB = signedDistance(kb, q(p.point));
      const double onA = signedDistance(ka, q(p.point + m.normal * p.depth));
      // A capsule's point may be off by its radius's share r (1 - |cos a|) (queries.h): at most the radii.
      const double slack = tol38 + (kCapsule<A> || kCapsule<B> ? ka.rd + kb.rd : 0.0);
      CHECK(onB <= slack, "manifold point off B", onB, slack);
      CHECK(onA <= slack, "manifold point moved by normal * depth off A", onA, slack);
      if constexpr (!kCapsule<A> && !kCapsule<B>) {
        CHECK(onB >= -tol38, "manifold point inside B, not on its boundary", onB, tol38);
        CHECK(onA >= -tol38, "manifold point moved inside A, not on its boundary", onA, tol38);
      }
    }
    const Contact c = collideAny(a, b);
    if (m.count == 1 && m.points[0].id == (1u << 30)) {  // the single-point rule: collide()'s normal and depth
      CHECK(m.normal == c.normal && m.points[0].depth == c.depth, "single manifold point is not collide()'s depth",
            m.points[0].depth - c.depth, 0);
    }
    // No depth beyond the shapes' overlap along the manifold's normal (A's extent along it less B's).
    const auto extent = [](const RefCore& k, Vec2 n, bool high) {
      double e = high ? -INFINITY : INFINITY;
      for (const Q& v : k.p) {
        const double t = n.x * v.x.get_d() + n.y * v.y.get_d();
        e = high ? std::max(e, t) : std::min(e, t);
      }
      return high ? e + k.rd : e - k.rd;
    };
    const double along = extent(ka, m.normal, true) - extent(kb, m.normal, false);
    CHECK(deepest <= along + tol38, "manifold depth beyond the overlap along its normal", deepest - along, tol38);
  }

  // containsShape: B inside A
  const bool inside = containsShape(a, b);
  if (!kRound<A> && !kRound<B> && gSpan <= 0x1p485) {
    bool exact = true;
    for (const Q& v : kb.p) exact = exact && sgn(coreDist2(ka, v)) == 0;
    CHECK(inside == exact, "containsShape not exact on a polygonal pair", inside, exact);
  } else {
    // Margin: the least, over B's core points v, of rA - rB + (depth of v inside A's core) - (distance of v to it).
    double margin = INFINITY;
    for (const Q& v : kb.p) {
      const double e = std::sqrt(edgeDist2(ka, v).get_d());
      const bool in = ka.p.size() >= 3 && insidePolygon(ka, v);
      margin = std::min(margin, ka.rd - kb.rd + (in ? e : -e));
    }
    if (margin > tol40) CHECK(inside, "containsShape false with a margin beyond 2^-40 S", margin, tol40);
    if (margin < -tol40) CHECK(!inside, "containsShape true while out by more than 2^-40 S", margin, tol40);
  }
}

void describe(const char* name, const Shape& s) {
  if (!kVerbose) return;
  detail::Core k;
  std::visit([&k](const auto& v) { detail::makeCore(v, k); }, s);
  std::fprintf(stderr, "%s kind %zu radius %a:", name, s.index(), k.radius);
  for (int i = 0; i < k.count; ++i) std::fprintf(stderr, " (%a, %a)", k.points[i].x, k.points[i].y);
  if (const Box* b = std::get_if<Box>(&s)) {
    std::fprintf(stderr, " box centre (%a, %a) half (%a, %a) angle %a", b->center.x, b->center.y, b->halfExtents.x,
                 b->halfExtents.y, b->angle);
  }
  std::fprintf(stderr, "\n");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Decoder dec{Input(data, size)};
  dec.exponent = static_cast<std::int8_t>(dec.in.byte()) * 3;
  Shape a, b;
  if (!dec.shape(a) || !dec.shape(b) || !dec.ok) return 0;
  if (!validate(a).ok() || !validate(b).ok()) return 0;
  const double S = std::max(magnitude(a), magnitude(b));
  gSpan = S / std::min(smallest(a), smallest(b));
  if (!(S <= 0x1p460)) return 0;
  describe("A", a);
  describe("B", b);
  const RefCore ka = refCore(a), kb = refCore(b);
  gCollapsedBox = collapsedBox(a, ka) || collapsedBox(b, kb);
  std::visit([&](const auto& x, const auto& y) { checkPair(x, y, ka, kb, S); }, a, b);
  return 0;
}
