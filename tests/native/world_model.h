// The World's documented world shape of a body (world.h), built independently of the World for brute-force checks.
#pragma once

#include <collide2d/world.h>

#include <algorithm>
#include <utility>
#include <cmath>
#include <vector>

namespace collide2d::world_model {

/// Polygon::create of the transformed vertices; their convex hull when rounding made them non-convex; the segment
/// between the extreme points (in x, then y order) when rounding put them on one line.
inline Shape worldPolygonOf(const Polygon& local, const Transform& xf) {
  std::vector<Vec2> pts;
  for (const Vec2 v : local.vertices()) pts.push_back(apply(xf, v));
  Polygon out;
  const Status st = Polygon::create(pts, out);
  if (st) return out;
  std::vector<Vec2> sorted = pts;
  std::sort(sorted.begin(), sorted.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (st.error == Error::NotConvex) {
    std::vector<Vec2> hull;
    for (int pass = 0; pass < 2; ++pass) {
      const std::size_t base = hull.size();
      for (std::size_t k = 0; k < sorted.size(); ++k) {
        const Vec2 q = pass == 0 ? sorted[k] : sorted[sorted.size() - 1 - k];
        while (hull.size() >= base + 2 && orient(hull[hull.size() - 2], hull.back(), q) <= 0) hull.pop_back();
        hull.push_back(q);
      }
      hull.pop_back();
    }
    if (hull.size() >= 3 && Polygon::create(hull, out)) return out;
  }
  return Segment{sorted.front(), sorted.back()};
}

inline Shape worldShapeOf(const Shape& local, const Transform& xf) {
  if (const auto* c = std::get_if<Circle>(&local)) return Circle{apply(xf, c->center), c->radius};
  if (const auto* a = std::get_if<Aabb>(&local)) {
    if (xf.angle == 0.0) return Aabb{a->min + xf.position, a->max + xf.position};
    return Box{apply(xf, a->center()), a->halfExtents(), xf.angle};
  }
  if (const auto* b = std::get_if<Box>(&local)) return Box{apply(xf, b->center), b->halfExtents, b->angle + xf.angle};
  if (const auto* p = std::get_if<Polygon>(&local)) return worldPolygonOf(*p, xf);
  if (const auto* c = std::get_if<Capsule>(&local)) return Capsule{apply(xf, c->a), apply(xf, c->b), c->radius};
  const auto& s = std::get<Segment>(local);
  return Segment{apply(xf, s.a), apply(xf, s.b)};
}

/// Bit-for-bit equality of two shapes (same alternative, same doubles; polygons: vertices and normals).
inline bool sameBits(const Shape& x, const Shape& y) {
  if (x.index() != y.index()) return false;
  auto eq = [](Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; };
  if (const auto* p = std::get_if<Polygon>(&x)) {
    const auto& q = std::get<Polygon>(y);
    if (p->size() != q.size()) return false;
    for (std::size_t i = 0; i < p->size(); ++i) {
      if (!eq(p->vertices()[i], q.vertices()[i]) || !eq(p->normals()[i], q.normals()[i])) return false;
    }
    return true;
  }
  if (const auto* c = std::get_if<Circle>(&x)) return eq(c->center, std::get<Circle>(y).center) && c->radius == std::get<Circle>(y).radius;
  if (const auto* a = std::get_if<Aabb>(&x)) return eq(a->min, std::get<Aabb>(y).min) && eq(a->max, std::get<Aabb>(y).max);
  if (const auto* b = std::get_if<Box>(&x)) {
    const Box& o = std::get<Box>(y);
    return eq(b->center, o.center) && eq(b->halfExtents, o.halfExtents) && b->angle == o.angle;
  }
  if (const auto* c = std::get_if<Capsule>(&x)) {
    const Capsule& o = std::get<Capsule>(y);
    return eq(c->a, o.a) && eq(c->b, o.b) && c->radius == o.radius;
  }
  const Segment& s = std::get<Segment>(x);
  return eq(s.a, std::get<Segment>(y).a) && eq(s.b, std::get<Segment>(y).b);
}

/// The World's widening of bounds (world.h, getBounds): 2^-50 of the largest |coordinate|, plus 2^-1022.
inline Aabb inflate(const Aabb& b) {
  const double scale = std::max(std::max(std::fabs(b.min.x), std::fabs(b.min.y)),
                                std::max(std::fabs(b.max.x), std::fabs(b.max.y)));
  const double m = scale * 0x1p-50 + 0x1p-1022;
  return {{b.min.x - m, b.min.y - m}, {b.max.x + m, b.max.y + m}};
}

/// The World's ray pre-test (world.h, raycast): can the ray's part t in [0, maxFraction] touch the box? Slabs with
/// the reciprocal direction, each interval widened by 1e-12 of its |ends|.
inline bool rayMayHit(const Ray& r, const Aabb& b) {
  const double o[2] = {r.origin.x, r.origin.y}, d[2] = {r.direction.x, r.direction.y};
  const double inv[2] = {d[0] != 0.0 ? 1.0 / d[0] : 0.0, d[1] != 0.0 ? 1.0 / d[1] : 0.0};
  double t0 = 0.0, t1 = r.maxFraction;
  const double lo[2] = {b.min.x, b.min.y}, hi[2] = {b.max.x, b.max.y};
  for (int k = 0; k < 2; ++k) {
    if (d[k] == 0.0) {
      if (o[k] < lo[k] || o[k] > hi[k]) return false;
      continue;
    }
    double ta = (lo[k] - o[k]) * inv[k], tb = (hi[k] - o[k]) * inv[k];
    if (ta > tb) std::swap(ta, tb);
    const double slack = (std::fabs(ta) + std::fabs(tb)) * 1e-12;
    t0 = std::max(t0, ta - slack);
    t1 = std::min(t1, tb + slack);
    if (!(t0 <= t1)) return false;
  }
  return true;
}

inline bool boundsOverlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

}  // namespace collide2d::world_model
