// Validation, transforms, box corners, polygon construction and bounding boxes.
#include <collide2d/collide2d.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "trig/trig.h"

namespace collide2d {

namespace {

// Field names for "points[i]" with static storage; indices past the table are reported as "points".
constexpr const char* kPointNames[] = {
    "points[0]", "points[1]", "points[2]", "points[3]", "points[4]", "points[5]",
    "points[6]", "points[7]", "points[8]", "points[9]", "points[10]", "points[11]",
    "points[12]", "points[13]", "points[14]", "points[15]", "points[16]", "points[17]",
    "points[18]", "points[19]", "points[20]", "points[21]", "points[22]", "points[23]",
    "points[24]", "points[25]", "points[26]", "points[27]", "points[28]", "points[29]",
    "points[30]", "points[31]", "points[32]", "points[33]", "points[34]", "points[35]",
    "points[36]", "points[37]", "points[38]", "points[39]", "points[40]", "points[41]",
    "points[42]", "points[43]", "points[44]", "points[45]", "points[46]", "points[47]",
    "points[48]", "points[49]", "points[50]", "points[51]", "points[52]", "points[53]",
    "points[54]", "points[55]", "points[56]", "points[57]", "points[58]", "points[59]",
    "points[60]", "points[61]", "points[62]", "points[63]"};
constexpr std::size_t kPointNameCount = sizeof(kPointNames) / sizeof(kPointNames[0]);

const char* pointName(std::size_t i) { return i < kPointNameCount ? kPointNames[i] : "points"; }

constexpr Status fail(Error e, const char* field) { return Status{e, field}; }

// Unit outward normal of the counter-clockwise edge a -> b, robust to huge and tiny coordinates.
Vec2 outwardNormal(Vec2 a, Vec2 b) {
  Vec2 d = b - a;
  if (!isFinite(d)) d = b * 0.5 - a * 0.5;  // the difference overflowed: halve first
  const double s = std::max(std::fabs(d.x), std::fabs(d.y));
  if (!(s > 0.0) || !std::isfinite(s)) return {0.0, 0.0};
  d = Vec2{d.x / s, d.y / s};
  return normalize(Vec2{d.y, -d.x});
}

// The outward normals of the ring's n edges into out (the last edge closes the ring: no modulo per edge).
void edgeNormals(std::span<const Vec2> ring, Vec2* out) {
  const std::size_t n = ring.size();
  if (n == 0) return;
  for (std::size_t i = 0; i + 1 < n; ++i) out[i] = outwardNormal(ring[i], ring[i + 1]);
  out[n - 1] = outwardNormal(ring[n - 1], ring[0]);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------------------------

const char* Status::message() const {
  switch (error) {
    case Error::None: return "ok";
    case Error::NotFinite: return "must be finite (not NaN or infinite)";
    case Error::NegativeRadius: return "must be >= 0";
    case Error::NegativeExtent:
      // An aabb's max is compared with its min, a half-extent with zero.
      return field != nullptr && std::strcmp(field, "max") == 0 ? "must be >= min on both axes" : "must be >= 0 on both axes";
    case Error::ZeroDirection: return "must give a non-zero direction (the two points coincide)";
    case Error::TooFewPoints: return "needs at least 3 distinct points";
    case Error::Collinear: return "must not all lie on one line";
    case Error::NotConvex: return "must form a convex polygon whose boundary does not cross itself";
    case Error::InvalidArgument: return "is not a valid argument";
    case Error::OutOfMemory: return "could not be allocated: out of memory";
  }
  return "unknown error";
}

// ---------------------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------------------

Status validate(Vec2 p, const char* field) {
  if (!isFinite(p)) return fail(Error::NotFinite, field);
  return {};
}

Status validate(const Circle& c) {
  if (!isFinite(c.center)) return fail(Error::NotFinite, "center");
  if (!std::isfinite(c.radius)) return fail(Error::NotFinite, "radius");
  if (c.radius < 0.0) return fail(Error::NegativeRadius, "radius");
  return {};
}

Status validate(const Aabb& b) {
  if (!isFinite(b.min)) return fail(Error::NotFinite, "min");
  if (!isFinite(b.max)) return fail(Error::NotFinite, "max");
  if (b.max.x < b.min.x || b.max.y < b.min.y) return fail(Error::NegativeExtent, "max");
  return {};
}

Status validate(const Box& b) {
  if (!isFinite(b.center)) return fail(Error::NotFinite, "center");
  if (!isFinite(b.halfExtents)) return fail(Error::NotFinite, "halfExtents");
  if (!std::isfinite(b.angle)) return fail(Error::NotFinite, "angle");
  if (b.halfExtents.x < 0.0 || b.halfExtents.y < 0.0) return fail(Error::NegativeExtent, "halfExtents");
  return {};
}

Status validate(const Segment& s) {
  if (!isFinite(s.a)) return fail(Error::NotFinite, "a");
  if (!isFinite(s.b)) return fail(Error::NotFinite, "b");
  return {};
}

Status validate(const Line& l) {
  if (!isFinite(l.a)) return fail(Error::NotFinite, "a");
  if (!isFinite(l.b)) return fail(Error::NotFinite, "b");
  if (l.a == l.b) return fail(Error::ZeroDirection, "b");
  return {};
}

Status validate(const Ray& r) {
  if (!isFinite(r.origin)) return fail(Error::NotFinite, "origin");
  if (!isFinite(r.direction)) return fail(Error::NotFinite, "direction");
  if (std::isnan(r.maxFraction)) return fail(Error::NotFinite, "maxFraction");
  if (r.direction.x == 0.0 && r.direction.y == 0.0) return fail(Error::ZeroDirection, "direction");
  if (r.maxFraction < 0.0) return fail(Error::InvalidArgument, "maxFraction");
  return {};
}

Status validate(const Transform& t) {
  if (!isFinite(t.position)) return fail(Error::NotFinite, "position");
  if (!std::isfinite(t.angle)) return fail(Error::NotFinite, "angle");
  return {};
}

Status validate(const Polygon& p) {
  const auto v = p.vertices();
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!isFinite(v[i])) return fail(Error::NotFinite, pointName(i));
  }
  if (v.size() < 3) return fail(Error::TooFewPoints, "points");
  return {};
}

Status validate(const Shape& s) {
  return std::visit([](const auto& shape) { return validate(shape); }, s);
}

// ---------------------------------------------------------------------------------------------------------------
// Transforms and boxes
// ---------------------------------------------------------------------------------------------------------------

Vec2 apply(const Transform& t, Vec2 p) {
  const detail::CosSin turn = detail::cosSin(t.angle);
  return t.position + rotate(p, turn.c, turn.s);
}

Vec2 applyInverse(const Transform& t, Vec2 p) {
  const detail::CosSin turn = detail::cosSin(t.angle);
  return inverseRotate(p - t.position, turn.c, turn.s);
}

void Box::corners(Vec2 out[4]) const {
  const detail::CosSin turn = detail::cosSin(angle);
  const double c = turn.c, s = turn.s;
  const Vec2 ex{c * halfExtents.x, s * halfExtents.x};   // local +x axis scaled by hx
  const Vec2 ey{-s * halfExtents.y, c * halfExtents.y};  // local +y axis scaled by hy
  out[0] = center - ex - ey;
  out[1] = center + ex - ey;
  out[2] = center + ex + ey;
  out[3] = center - ex + ey;
}

// ---------------------------------------------------------------------------------------------------------------
// Polygon
// ---------------------------------------------------------------------------------------------------------------

// Out of line on purpose: inlined into each caller it would be copied three times in the wasm module (2 KB each).
__attribute__((noinline)) Status Polygon::create(std::span<const Vec2> points, Polygon& out) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!isFinite(points[i])) return fail(Error::NotFinite, pointName(i));
  }

  // Drop consecutive duplicates, including the closing point repeating the first.
  // A per-thread scratch ring keeps its capacity, and `out` keeps its own: creating polygons repeatedly into the
  // same object (the wasm layer's scratch polygon, a World body) stops allocating once capacities suffice.
  thread_local std::vector<Vec2> ring;
  ring.clear();
  ring.reserve(points.size());
  for (const Vec2 p : points) {
    if (ring.empty() || ring.back() != p) ring.push_back(p);
  }
  while (ring.size() > 1 && ring.back() == ring.front()) ring.pop_back();

  // At least 3 distinct points anywhere in the list.
  std::size_t distinct = 0;
  for (std::size_t i = 0; i < ring.size() && distinct < 3; ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j) seen = ring[j] == ring[i];
    if (!seen) ++distinct;
  }
  if (distinct < 3) return fail(Error::TooFewPoints, "points");

  // All on one line (exactly)?
  {
    const Vec2 p0 = ring[0];
    std::size_t k = 1;
    while (ring[k] == p0) ++k;  // exists: there are >= 3 distinct points
    bool collinear = true;
    for (std::size_t j = 1; j < ring.size() && collinear; ++j) collinear = orient(p0, ring[k], ring[j]) == 0;
    if (collinear) return fail(Error::Collinear, "points");
  }

  // Remove vertices lying exactly on the straight line between their neighbours. A vertex where the boundary
  // turns back on itself (a zero-width spike) makes the polygon non-convex. One pass with a stack (each point is
  // pushed and popped at most once), then the wrap-around: the last and first vertices against their real
  // neighbours. Linear in the number of points, however many are collinear.
  thread_local std::vector<Vec2> kept;
  kept.clear();
  kept.reserve(ring.size());
  for (const Vec2 p : ring) {
    while (kept.size() >= 2) {
      const Vec2 prev = kept[kept.size() - 2], cur = kept.back();
      if (orient(prev, cur, p) != 0) break;
      if (!(dot(cur - prev, p - cur) > 0.0)) return fail(Error::NotConvex, "points");
      kept.pop_back();
    }
    kept.push_back(p);
  }
  std::size_t first = 0;
  for (bool changed = true; changed && kept.size() - first >= 3;) {
    changed = false;
    const std::size_t last = kept.size() - 1;
    if (orient(kept[last - 1], kept[last], kept[first]) == 0) {
      if (!(dot(kept[last] - kept[last - 1], kept[first] - kept[last]) > 0.0)) return fail(Error::NotConvex, "points");
      kept.pop_back();
      changed = true;
      continue;
    }
    if (orient(kept[last], kept[first], kept[first + 1]) == 0) {
      if (!(dot(kept[first] - kept[last], kept[first + 1] - kept[first]) > 0.0)) {
        return fail(Error::NotConvex, "points");
      }
      ++first;
      changed = true;
    }
  }
  ring.assign(kept.begin() + static_cast<std::ptrdiff_t>(first), kept.end());
  // >= 3 when the points span the plane. Outside the range where orientation is exact (coordinates spanning more
  // than 2^485, see collide2d.h) the calls above may disagree with each other; the result is then still a valid
  // polygon or an error, never fewer than 3 vertices (a world_fuzz finding: (10, 1.5 * 2^-1022), (0, 0),
  // (2^-959 (1 + 2^-12), 0)).
  const std::size_t n = ring.size();
  if (n < 3) return fail(Error::Collinear, "points");

  // Every turn goes the same way ...
  const int turn = orient(ring[n - 1], ring[0], ring[1]);
  if (turn == 0) return fail(Error::Collinear, "points");
  for (std::size_t i = 1; i < n; ++i) {
    if (orient(ring[i - 1], ring[i], ring[(i + 1) % n]) != turn) return fail(Error::NotConvex, "points");
  }
  // ... and the boundary winds around exactly once. Every turn is strictly to the same side and less than pi, so
  // the edge directions sweep 2 pi k in steps below pi, and each sweep enters the upper half-plane of directions
  // (angle in [0, pi)) from the lower one exactly once: k = 1 is a convex polygon, k > 1 a pentagram-like star
  // (which turns the same way at every vertex too). Comparisons of coordinates only: exact, O(n).
  const auto upward = [](Vec2 from, Vec2 to) { return to.y > from.y || (to.y == from.y && to.x > from.x); };
  std::size_t windings = 0;
  bool wasUpward = upward(ring[n - 1], ring[0]);
  for (std::size_t i = 0; i < n; ++i) {
    const bool up = upward(ring[i], ring[(i + 1) % n]);
    if (up && !wasUpward) ++windings;
    wasUpward = up;
  }
  if (windings != 1) return fail(Error::NotConvex, "points");
  if (turn < 0) std::reverse(ring.begin(), ring.end());

  out.resizeFor(n);
  std::copy(ring.begin(), ring.end(), out.data_.begin());
  edgeNormals(ring, out.data_.data() + n);
  return {};
}

void Polygon::assignNormalized(std::span<const Vec2> vertices, Polygon& out) {
  // The last lines of create(), on a ring that create() would leave as it is.
  const std::size_t n = vertices.size();
  out.resizeFor(n);
  std::copy(vertices.begin(), vertices.end(), out.data_.begin());
  edgeNormals(vertices, out.data_.data() + n);
}

Polygon Polygon::fromBox(const Box& box) {
  if (!validate(box).ok()) return {};  // an invalid box (negative extent, NaN, infinite): empty
  Vec2 c[4];
  box.corners(c);
  Polygon p;
  (void)create(std::span<const Vec2>(c, 4), p);  // a degenerate box leaves p empty (invalid)
  return p;
}

Polygon Polygon::fromAabb(const Aabb& box) {
  if (!validate(box).ok()) return {};  // an invalid aabb (max < min, NaN, infinite): empty
  const Vec2 c[4] = {box.min, {box.max.x, box.min.y}, box.max, {box.min.x, box.max.y}};
  Polygon p;
  (void)create(std::span<const Vec2>(c, 4), p);
  return p;
}

Vec2 Polygon::centroid() const {
  const std::span<const Vec2> vertices_ = vertices();
  const std::size_t n = vertices_.size();
  if (n == 0) return {};
  // Triangle fan around the first vertex, relative to it for precision.
  const Vec2 o = vertices_[0];
  double area2 = 0.0;
  Vec2 sum;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const Vec2 e1 = vertices_[i] - o;
    const Vec2 e2 = vertices_[i + 1] - o;
    const double w = cross(e1, e2);
    area2 += w;
    sum = sum + (e1 + e2) * w;
  }
  if (area2 != 0.0) return o + sum * (1.0 / (3.0 * area2));
  Vec2 mean;
  for (const Vec2 v : vertices_) mean = mean + (v - o);
  return o + mean * (1.0 / static_cast<double>(n));
}

Polygon Polygon::transformed(const Transform& t) const {
  const detail::CosSin turn = detail::cosSin(t.angle);
  const double c = turn.c, s = turn.s;
  Polygon out;
  transformedInto(t.position, c, s, out);  // (the same operations)
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------------------------------------------

Aabb bounds(const Circle& c) {
  return {{c.center.x - c.radius, c.center.y - c.radius}, {c.center.x + c.radius, c.center.y + c.radius}};
}

Aabb bounds(const Box& b) {
  const detail::CosSin turn = detail::cosSin(b.angle);
  const double c = std::fabs(turn.c);
  const double s = std::fabs(turn.s);
  const Vec2 e{c * b.halfExtents.x + s * b.halfExtents.y, s * b.halfExtents.x + c * b.halfExtents.y};
  return {b.center - e, b.center + e};
}

Aabb bounds(const Polygon& p) {
  const auto v = p.vertices();
  if (v.empty()) return {};
  Aabb out{v[0], v[0]};
  for (const Vec2 q : v) {
    out.min = {std::min(out.min.x, q.x), std::min(out.min.y, q.y)};
    out.max = {std::max(out.max.x, q.x), std::max(out.max.y, q.y)};
  }
  return out;
}

Aabb bounds(const Segment& s) {
  return {{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)}, {std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)}};
}

Aabb bounds(const Shape& s) {
  return std::visit(
      [](const auto& shape) -> Aabb {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          return shape;
        } else {
          return bounds(shape);
        }
      },
      s);
}

}  // namespace collide2d
