// libFuzzer target for every public query of collide2d.h. The bytes choose a query and decode its inputs (fuzz_input.h:
// small integers and dyadics for exact touches, subnormal to near-DBL_MAX magnitudes, NaN/Inf/-0, ulp offsets;
// polygons are convex hulls of up to ~300 decoded points, so many near-collinear vertices). Each query is checked
// against invariants that the header promises, and where it promises exactness against an exact reference:
//   * orient: __int128 on dyadic inputs; cyclic / swap symmetry and power-of-two scaling invariance everywhere;
//   * polygonal pairs (polygon, aabb, segment): the exact separating-edge test written with orient();
//   * every shape pair: overlaps == collide.hit, both orders agree, a hit has a unit normal and depth >= 0, no -0;
//     at moderate magnitudes moving B by normal * (depth + margin) separates;
//   * contains(polygon / segment): the exact orientation reference;
//   * circle vs line: tangency count against __int128 on dyadics;
//   * raycast: a hit lies on the shape (within rounding of its bounds), fraction in [0, maxFraction];
//   * sweep / moveAndSlide: time in [0, 1], the circle never ends inside a wall it started clear of.
// A violated check calls __builtin_trap() after printing what failed.
#include <collide2d/collide2d.h>

#include "fuzz_input.h"
#include "predicates.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace collide2d;
using collide2d::fuzz::Input;

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "core_fuzz: %s\n", what);
  __builtin_trap();
}
#define CHECK(cond, what) \
  do {                    \
    if (!(cond)) fail(what); \
  } while (0)

// COLLIDE2D_FUZZ_VERBOSE=1 prints the decoded inputs (to replay a finding by hand).
const bool kVerbose = std::getenv("COLLIDE2D_FUZZ_VERBOSE") != nullptr;

void describe(const char* name, const Shape& s) {
  if (!kVerbose) return;
  std::visit(
      [name](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Circle>) {
          std::fprintf(stderr, "%s circle (%a, %a) r %a\n", name, v.center.x, v.center.y, v.radius);
        } else if constexpr (std::is_same_v<T, Aabb>) {
          std::fprintf(stderr, "%s aabb (%a, %a) (%a, %a)\n", name, v.min.x, v.min.y, v.max.x, v.max.y);
        } else if constexpr (std::is_same_v<T, Box>) {
          std::fprintf(stderr, "%s box (%a, %a) h (%a, %a) angle %a\n", name, v.center.x, v.center.y,
                       v.halfExtents.x, v.halfExtents.y, v.angle);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          std::fprintf(stderr, "%s polygon", name);
          for (const Vec2 p : v.vertices()) std::fprintf(stderr, " (%a, %a)", p.x, p.y);
          std::fprintf(stderr, "\n");
        } else {
          std::fprintf(stderr, "%s segment (%a, %a) (%a, %a)\n", name, v.a.x, v.a.y, v.b.x, v.b.y);
        }
      },
      s);
}

void describe(const char* name, Vec2 p) {
  if (kVerbose) std::fprintf(stderr, "%s (%a, %a) = (%.17g, %.17g)\n", name, p.x, p.y, p.x, p.y);
}

bool negativeZero(double v) { return v == 0.0 && std::signbit(v); }

// x * 64 as an integer when x is a dyadic with at most 6 fractional bits and |x| < 2^40.
bool dyadic(double x, __int128& out) {
  if (!(std::fabs(x) < 0x1p40)) return false;
  const double s = x * 64.0;
  if (s != std::trunc(s)) return false;
  out = static_cast<__int128>(s);
  return true;
}

Vec2 point(Input& in) { return {in.number(), in.number()}; }
Vec2 finitePoint(Input& in) { return {in.finite(), in.finite()}; }

// A point in one of a few "regimes": mostly finite and related to an anchor (exact touches come from shared values).
Vec2 nearPoint(Input& in, Vec2 anchor) {
  switch (in.byte() % 4) {
    case 0: return anchor;
    case 1: return {anchor.x + in.finite(), anchor.y};
    case 2: return {anchor.x, anchor.y + in.finite()};
    default: return finitePoint(in);
  }
}

// Within the exactness domain of the predicates (predicates.h): nonzero coordinates within a factor 2^485.
bool inDomain(const std::vector<Vec2>& pts) {
  double big = 0, small = INFINITY;
  for (const Vec2 p : pts) {
    for (const double v : {p.x, p.y}) {
      if (v != 0.0) {
        big = std::max(big, std::fabs(v));
        small = std::min(small, std::fabs(v));
      }
    }
  }
  return big == 0 || big / small <= 0x1p485;
}

// Metric answers (normals, depths) are promised for coordinates and radii within [2^-460, 2^460] (zero allowed).
bool metricRange(const Shape& s) {
  const Aabb b = bounds(s);
  for (const double v : {b.min.x, b.min.y, b.max.x, b.max.y}) {
    const double m = std::fabs(v);
    if (m != 0.0 && !(m >= 0x1p-460 && m <= 0x1p460)) return false;
  }
  if (const Circle* c = std::get_if<Circle>(&s)) {
    if (c->radius != 0.0 && !(c->radius >= 0x1p-460 && c->radius <= 0x1p460)) return false;
  }
  return true;
}

bool inMetricRange(const std::vector<Vec2>& v) {
  for (const Vec2 p : v) {
    for (const double x : {p.x, p.y}) {
      const double m = std::fabs(x);
      if (m != 0.0 && !(m >= 0x1p-460 && m <= 0x1p460)) return false;
    }
  }
  return true;
}

// Convex hull (Andrew's monotone chain with exact orient; collinear points dropped): a valid polygon's points.
std::vector<Vec2> hull(std::vector<Vec2> pts) {
  std::sort(pts.begin(), pts.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  if (pts.size() < 3) return pts;
  std::vector<Vec2> h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && orient(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && orient(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  h.resize(k - 1);
  return h;
}

bool makePolygon(Input& in, Polygon& out) {
  const int mode = in.byte() % 4;
  std::vector<Vec2> pts;
  if (mode == 0) {
    // Raw points (either winding, possibly invalid): create must report or accept, never misbehave.
    const int n = in.range(0, 8);
    for (int i = 0; i < n; ++i) pts.push_back(point(in));
    return Polygon::create(pts, out).ok();
  }
  const Vec2 anchor = finitePoint(in);
  const int n = mode == 3 ? in.range(3, 300) : in.range(3, 12);
  for (int i = 0; i < n && !in.empty(); ++i) pts.push_back(nearPoint(in, anchor));
  if (mode == 3 && pts.size() >= 3) {
    // Many points on one line through two of them (exactly collinear for dyadics), plus the rest.
    const Vec2 p = pts[0], q = pts[1];
    for (int i = 0; i < 64; ++i) pts.push_back(p + (q - p) * (i / 64.0));
  }
  const std::vector<Vec2> h = hull(pts);
  if (h.size() < 3) return false;
  if (kVerbose) {
    std::fprintf(stderr, "hull");
    for (const Vec2 p : h) std::fprintf(stderr, " (%a, %a)", p.x, p.y);
    std::fprintf(stderr, "\n");
  }
  const Status s = Polygon::create(h, out);
  if (inDomain(h)) {
    CHECK(s.ok(), "Polygon::create rejected a strictly convex hull");
    CHECK(out.size() == h.size(), "Polygon::create changed a strictly convex hull's vertex count");
  }
  return s.ok();
}

bool makeShape(Input& in, Shape& out) {
  switch (in.byte() % 5) {
    case 0: {
      const Circle c{point(in), std::fabs(in.number())};
      out = c;
      return validate(c).ok();
    }
    case 1: {
      const Vec2 a = point(in), b = nearPoint(in, a);
      const Aabb box{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
      out = box;
      return validate(box).ok();
    }
    case 2: {
      const Box b{point(in), {std::fabs(in.number()), std::fabs(in.number())}, in.byte() % 2 ? 0.0 : in.finite()};
      out = b;
      return validate(b).ok();
    }
    case 3: {
      Polygon p;
      if (!makePolygon(in, p)) return false;
      out = p;
      return true;
    }
    default: {
      const Vec2 a = point(in);
      const Segment s{a, nearPoint(in, a)};
      out = s;
      return validate(s).ok();
    }
  }
}

double scaleOf(const Shape& s) {
  const Aabb b = bounds(s);
  return std::max({std::fabs(b.min.x), std::fabs(b.min.y), std::fabs(b.max.x), std::fabs(b.max.y)});
}

// The vertices of a polygonal shape whose boundary is exactly its vertices (aabb, polygon, segment); false otherwise.
bool exactVertices(const Shape& s, std::vector<Vec2>& v, bool& isSegment) {
  isSegment = false;
  if (const Aabb* b = std::get_if<Aabb>(&s)) {
    v = {b->min, {b->max.x, b->min.y}, b->max, {b->min.x, b->max.y}};
    return b->min.x < b->max.x && b->min.y < b->max.y;  // a degenerate aabb is a segment or a point: skipped
  }
  if (const Polygon* p = std::get_if<Polygon>(&s)) {
    v.assign(p->vertices().begin(), p->vertices().end());
    return true;
  }
  if (const Segment* g = std::get_if<Segment>(&s)) {
    v = {g->a, g->b};
    isSegment = true;
    return g->a != g->b;
  }
  return false;
}

bool strictlyRightOfAll(Vec2 p, Vec2 q, const std::vector<Vec2>& o, int sign) {
  for (const Vec2 x : o) {
    if (orient(p, q, x) * sign >= 0) return false;
  }
  return true;
}

// Exact reference: closed convex sets are disjoint iff some edge (or a segment's line) strictly separates.
bool exactDisjoint(const std::vector<Vec2>& a, bool segA, const std::vector<Vec2>& b, bool segB) {
  const auto separatedBy = [](const std::vector<Vec2>& s, bool seg, const std::vector<Vec2>& o) {
    if (seg) return strictlyRightOfAll(s[0], s[1], o, 1) || strictlyRightOfAll(s[0], s[1], o, -1);
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (strictlyRightOfAll(s[i], s[(i + 1) % s.size()], o, 1)) return true;
    }
    return false;
  };
  if (separatedBy(a, segA, b) || separatedBy(b, segB, a)) return true;
  if (segA && segB) {
    // Two collinear segments: also apart along their common line.
    const auto before = [](Vec2 p, Vec2 q, const std::vector<Vec2>& o) {
      for (const Vec2 x : o) {
        if (detail::dotSignExact(x, q, q, p) <= 0) return false;  // dot(x - q, q - p) > 0: beyond q
      }
      return true;
    };
    if (before(a[0], a[1], b) || before(a[1], a[0], b)) return true;
  }
  return false;
}

void checkPair(Input& in) {
  Shape a, b;
  if (!makeShape(in, a) || !makeShape(in, b)) {
    // Invalid shapes: defined results only (run for the sanitizers).
    (void)overlaps(a, b);
    (void)collide(a, b);
    return;
  }
  describe("a", a);
  describe("b", b);
  const bool o = overlaps(a, b);
  const Contact c = collide(a, b);
  const Contact r = collide(b, a);
  describe("normal ab", c.normal);
  describe("normal ba", r.normal);
  CHECK(o == c.hit, "overlaps(a, b) != collide(a, b).hit");
  CHECK(overlaps(b, a) == r.hit, "overlaps(b, a) != collide(b, a).hit");
  std::vector<Vec2> va, vb;
  bool sa = false, sb = false;
  const bool ea = exactVertices(a, va, sa), eb = exactVertices(b, vb, sb);
  if (ea && eb && inDomain(va) && inDomain(vb)) {
    std::vector<Vec2> all = va;
    all.insert(all.end(), vb.begin(), vb.end());
    if (inDomain(all)) {
      CHECK(o == !exactDisjoint(va, sa, vb, sb), "polygonal pair disagrees with the exact separating-edge test");
    }
  }
  const auto addBounds = [](const Shape& s, std::vector<Vec2>& v) {
    v.push_back(bounds(s).min);
    v.push_back(bounds(s).max);
    if (const Circle* c = std::get_if<Circle>(&s)) v.push_back({c->radius, 0.0}), v.push_back(c->center);
    if (const Box* x = std::get_if<Box>(&s)) v.push_back(x->halfExtents), v.push_back(x->center);
  };
  addBounds(a, va);
  addBounds(b, vb);
  {
    std::vector<Vec2> all = va;
    all.insert(all.end(), vb.begin(), vb.end());
    // Both orders agree wherever the answer is promised (exact predicates' domain, metric range).
    if (inDomain(all) && inMetricRange(all)) CHECK(c.hit == r.hit, "collide(a, b).hit != collide(b, a).hit");
  }
  for (const Contact& k : {c, r}) {
    if (!k.hit) {
      CHECK(k.depth == 0.0 && k.normal == Vec2{} && k.point == Vec2{}, "a miss has nonzero fields");
      continue;
    }
    CHECK(!negativeZero(k.normal.x) && !negativeZero(k.normal.y), "a normal has a -0 component");
    CHECK(!(k.depth < 0.0), "negative depth");
    if (metricRange(a) && metricRange(b) && inMetricRange(va) && inMetricRange(vb)) {
      const double len = std::hypot(k.normal.x, k.normal.y);
      CHECK(std::fabs(len - 1.0) < 1e-12, "normal not unit");
    }
  }
  // Exact reference for shapes whose boundary is exactly their vertices.
  // Circle vs circle on dyadics: exact squared comparison in __int128.
  if (const Circle* ca = std::get_if<Circle>(&a)) {
    if (const Circle* cb = std::get_if<Circle>(&b)) {
      __int128 x1, y1, r1, x2, y2, r2;
      if (dyadic(ca->center.x, x1) && dyadic(ca->center.y, y1) && dyadic(ca->radius, r1) &&
          dyadic(cb->center.x, x2) && dyadic(cb->center.y, y2) && dyadic(cb->radius, r2) &&
          std::max({ca->radius, cb->radius, std::fabs(ca->center.x), std::fabs(ca->center.y),
                    std::fabs(cb->center.x), std::fabs(cb->center.y)}) < 0x1p20) {
        const __int128 dx = x2 - x1, dy = y2 - y1, rr = r1 + r2;
        CHECK(o == (dx * dx + dy * dy <= rr * rr), "circle pair disagrees with the exact reference");
      }
    }
  }
  // MTV at moderate magnitudes: pushing B by normal * (depth + margin) separates.
  const double scale = std::max(scaleOf(a), scaleOf(b));
  // (Only where every nonzero coordinate is within 2^30 of the scale: moving a shape that is tiny against the push
  // rounds it onto a line, which is a different shape.)
  const auto moderate = [scale](const std::vector<Vec2>& v) {
    for (const Vec2 p : v) {
      for (const double x : {p.x, p.y}) {
        if (x != 0.0 && std::fabs(x) < scale * 0x1p-30) return false;
      }
    }
    return true;
  };
  const Aabb bb = bounds(b);
  const bool solid = std::max(bb.max.x - bb.min.x, bb.max.y - bb.min.y) >= scale * 0x1p-30;
  if (c.hit && scale < 0x1p20 && scale > 0x1p-20 && moderate(va) && moderate(vb) && solid) {
    const Vec2 push = c.normal * (c.depth + 1e-7 * scale);
    Shape moved = b;
    std::visit(
        [push](auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<T, Circle>) s.center = s.center + push;
          if constexpr (std::is_same_v<T, Aabb>) s = Aabb{s.min + push, s.max + push};
          if constexpr (std::is_same_v<T, Box>) s.center = s.center + push;
          if constexpr (std::is_same_v<T, Polygon>) s = s.transformed(Transform{push, 0.0});
          if constexpr (std::is_same_v<T, Segment>) s = Segment{s.a + push, s.b + push};
        },
        moved);
    CHECK(!overlaps(a, moved), "pushing B by normal * (depth + margin) does not separate");
  }
}

void checkOrient(Input& in) {
  const Vec2 a = point(in), b = nearPoint(in, a), c = nearPoint(in, b);
  const int s = orient(a, b, c);
  describe("a", a);
  describe("b", b);
  describe("c", c);
  CHECK(s >= -1 && s <= 1, "orient out of range");
  const bool finite = isFinite(a) && isFinite(b) && isFinite(c);
  if (!finite) return;
  // The promise (predicates.h DOMAIN): exact when the nonzero coordinates are within a factor 2^485 of each other.
  const double cs[6] = {a.x, a.y, b.x, b.y, c.x, c.y};
  double big = 0, small = INFINITY;
  for (const double v : cs) {
    if (v != 0.0) {
      big = std::max(big, std::fabs(v));
      small = std::min(small, std::fabs(v));
    }
  }
  const bool inDomain = big == 0 || big / small <= 0x1p485;
  __int128 ax, ay, bx, by, cx, cy;
  if (dyadic(a.x, ax) && dyadic(a.y, ay) && dyadic(b.x, bx) && dyadic(b.y, by) && dyadic(c.x, cx) &&
      dyadic(c.y, cy)) {
    const __int128 det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    CHECK(s == (det > 0) - (det < 0), "orient disagrees with __int128");
  }
  if (!inDomain) return;
  CHECK(orient(b, c, a) == s && orient(c, a, b) == s, "orient not cyclic");
  CHECK(orient(b, a, c) == -s, "orient not antisymmetric");
  // Power-of-two scaling that keeps every coordinate normal: the same answer.
  const int k = in.range(-1000, 1000);
  if (big > 0 && std::ilogb(big) + k < 1020 && std::ilogb(small) + k > -1020) {
    const auto sc = [k](Vec2 p) { return Vec2{std::scalbn(p.x, k), std::scalbn(p.y, k)}; };
    CHECK(orient(sc(a), sc(b), sc(c)) == s, "orient changes under power-of-two scaling");
  }
}

void checkSegments(Input& in) {
  const Vec2 a = point(in), b = nearPoint(in, a), c = nearPoint(in, b), d = nearPoint(in, c);
  const Segment s{a, b}, t{c, d};
  describe("s", Shape{s});
  describe("t", Shape{t});
  const SegmentIntersection x = intersect(s, t);
  const bool o = overlaps(s, t);
  if (!(isFinite(a) && isFinite(b) && isFinite(c) && isFinite(d)) || !inDomain({a, b, c, d})) return;
  CHECK(o == (x.kind != SegmentIntersection::Kind::None), "overlaps(segment) != intersect kind");
  CHECK(o == overlaps(t, s), "segment overlap not symmetric");
  CHECK(o == collide(s, t).hit, "segment collide.hit != overlaps");
  CHECK(contains(s, a) && contains(s, b), "a segment does not contain its endpoints");
  // Lines.
  if (a != b && c != d) {
    const LineIntersection l = intersect(Line{a, b}, Line{c, d});
    const int parallel = (orient(a, b, c) == 0 && orient(a, b, d) == 0) ? 2 : -1;
    if (parallel == 2) CHECK(l.kind == LineIntersection::Kind::Coincident, "coincident lines not detected");
  }
}

void checkContains(Input& in) {
  Polygon p;
  if (!makePolygon(in, p)) return;
  const auto v = p.vertices();
  for (int k = 0; k < 4; ++k) {
    const Vec2 q = k == 0 ? v[in.range(0, (int)v.size() - 1)] : nearPoint(in, v[in.range(0, (int)v.size() - 1)]);
    if (!isFinite(q) || !inDomain({v[0], q}) || !inDomain({v.begin(), v.end()})) continue;
    bool inside = true;
    for (std::size_t i = 0; i < v.size(); ++i) inside = inside && orient(v[i], v[(i + 1) % v.size()], q) >= 0;
    CHECK(contains(p, q) == inside, "contains(polygon) disagrees with the exact reference");
    CHECK(contains(Shape{p}, q) == inside, "contains(Shape) disagrees");
    CHECK(closestPoint(p, q).inside == inside, "closestPoint.inside disagrees with contains");
  }
}

void checkCircleLine(Input& in) {
  const Circle c{point(in), std::fabs(in.number())};
  const Vec2 a = nearPoint(in, c.center), b = nearPoint(in, a);
  const CircleLineIntersection x = intersect(c, Line{a, b});
  describe("circle", Shape{c});
  describe("line", Shape{Segment{a, b}});
  if (kVerbose) std::fprintf(stderr, "count %d t1 %a t2 %a\n", x.count, x.t1, x.t2);
  CHECK(x.count >= 0 && x.count <= 2, "count out of range");
  if (x.count == 1) CHECK(x.t1 == x.t2, "tangent with t1 != t2");
  if (x.count == 2) CHECK(!(x.t1 > x.t2), "t1 > t2");
  (void)intersect(c, Segment{a, b});
  CHECK(overlaps(c, Segment{a, b}) == intersect(c, Segment{a, b}).overlaps, "circle/segment overlaps disagree");
  __int128 ax, ay, bx, by, cx, cy, r;
  if (a != b && dyadic(a.x, ax) && dyadic(a.y, ay) && dyadic(b.x, bx) && dyadic(b.y, by) &&
      dyadic(c.center.x, cx) && dyadic(c.center.y, cy) && dyadic(c.radius, r) &&
      std::max({std::fabs(a.x), std::fabs(a.y), std::fabs(b.x), std::fabs(b.y), std::fabs(c.center.x),
                std::fabs(c.center.y), c.radius}) < 0x1p20) {
    const __int128 dx = bx - ax, dy = by - ay, wx = cx - ax, wy = cy - ay;
    const __int128 cr = dx * wy - dy * wx;
    const __int128 disc = r * r * (dx * dx + dy * dy) - cr * cr;
    CHECK(x.count == (disc > 0 ? 2 : disc == 0 ? 1 : 0), "circle/line count disagrees with __int128");
  }
}

void checkRay(Input& in) {
  Shape s;
  if (!makeShape(in, s)) return;
  const Vec2 o = point(in);
  const Ray ray{o, point(in), in.byte() % 2 ? INFINITY : std::fabs(in.number())};
  const RayHit h = raycast(ray, s);
  describe("shape", s);
  describe("origin", ray.origin);
  describe("direction", ray.direction);
  describe("point", h.point);
  if (!h.hit) {
    CHECK(h.fraction == 0.0 && h.point == Vec2{} && h.normal == Vec2{}, "a ray miss has nonzero fields");
    return;
  }
  CHECK(validate(ray).ok(), "an invalid ray hit");
  CHECK(h.fraction >= 0.0 && h.fraction <= ray.maxFraction, "fraction out of [0, maxFraction]");
  CHECK(!negativeZero(h.normal.x) && !negativeZero(h.normal.y), "a ray normal has a -0 component");
  // The hit point lies on the shape: within its bounds, widened by rounding of the point's own coordinates.
  const Aabb b = bounds(s);
  const double m = std::max({std::fabs(h.point.x), std::fabs(h.point.y), scaleOf(s), std::fabs(o.x), std::fabs(o.y)});
  const double slack = 1e-9 * m;
  std::vector<Vec2> all = {ray.origin, ray.direction, b.min, b.max};
  bool segmentDummy = false;
  std::vector<Vec2> verts;
  if (exactVertices(s, verts, segmentDummy)) all.insert(all.end(), verts.begin(), verts.end());
  if (std::isfinite(slack) && isFinite(h.point) && inMetricRange(all)) {
    CHECK(h.point.x >= b.min.x - slack && h.point.x <= b.max.x + slack && h.point.y >= b.min.y - slack &&
              h.point.y <= b.max.y + slack,
          "ray hit point outside the shape's bounds");
  }
}

long double wallDistance(Vec2 p, const Segment& w) {
  const long double ex = (long double)w.b.x - w.a.x, ey = (long double)w.b.y - w.a.y;
  const long double px = (long double)p.x - w.a.x, py = (long double)p.y - w.a.y;
  const long double l2 = ex * ex + ey * ey;
  long double t = l2 > 0 ? (px * ex + py * ey) / l2 : 0;
  t = std::clamp(t, (long double)0, (long double)1);
  return std::hypot(px - t * ex, py - t * ey);
}

void checkSweep(Input& in) {
  const Circle c{finitePoint(in), std::fabs(in.finite())};
  const Vec2 d = finitePoint(in);
  std::vector<Segment> walls;
  const int n = in.range(0, 6);
  for (int i = 0; i < n; ++i) {
    const Vec2 a = nearPoint(in, c.center);
    walls.push_back({a, nearPoint(in, a)});
  }
  const SweepHit h = sweep(c, d, walls);
  describe("circle", Shape{c});
  describe("displacement", d);
  for (const Segment& w : walls) describe("wall", Shape{w});
  describe("position", h.position);
  CHECK(h.time >= 0.0 && h.time <= 1.0, "sweep time out of [0, 1]");
  if (h.hit) CHECK(!negativeZero(h.normal.x) && !negativeZero(h.normal.y), "a sweep normal has a -0 component");
  const SlideResult sl = moveAndSlide(c, d, walls, in.range(1, 8));
  CHECK(sl.pathCount >= 1 && sl.pathCount <= SlideResult::kMaxIterations + 2, "path count out of range");
  // Never inside a wall it started clear of (moderate magnitudes, where long double distances are reliable).
  const double scale = std::max({std::fabs(c.center.x), std::fabs(c.center.y), std::fabs(d.x), std::fabs(d.y), c.radius});
  if (!(scale < 0x1p20 && c.radius > 0x1p-20)) return;
  for (const Segment& w : walls) {
    if (std::max({std::fabs(w.a.x), std::fabs(w.a.y), std::fabs(w.b.x), std::fabs(w.b.y)}) > 0x1p20) return;
  }
  for (const Segment& w : walls) {
    const long double start = wallDistance(c.center, w);
    if (start < c.radius) continue;
    CHECK(wallDistance(h.position, w) >= (long double)c.radius - 1e-9L * scale, "sweep ends inside a wall");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  switch (in.byte() % 7) {
    case 0: checkPair(in); break;
    case 1: checkOrient(in); break;
    case 2: checkSegments(in); break;
    case 3: checkContains(in); break;
    case 4: checkCircleLine(in); break;
    case 5: checkRay(in); break;
    default: checkSweep(in); break;
  }
  return 0;
}
