// The World's documented world shape of a body (world.h), built independently of the World for brute-force checks.
#pragma once

#include <collide2d/world.h>

#include <algorithm>
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
  const Segment& s = std::get<Segment>(x);
  return eq(s.a, std::get<Segment>(y).a) && eq(s.b, std::get<Segment>(y).b);
}

inline bool boundsOverlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

}  // namespace collide2d::world_model
