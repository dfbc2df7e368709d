// Single calls with a pose: cast() and distance() of shapes placed by a Transform (queries.h), computed on the
// placed shapes, so their results are those calls' bit for bit. A polygon is placed with Polygon::transformedInto
// into a per-thread scratch polygon (no validation; no allocation once the scratch has held as many vertices): one per
// side for the typed forms, one per side for the Shape forms (kept aside while the side holds another kind).
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include "convex.h"

#include <type_traits>
#include <utility>
#include <variant>

namespace collide2d {

namespace {

// Calls f with the shape placed by xf (see queries.h for what "placed" means for each kind).
template <class F>
decltype(auto) withPlaced(const Circle& c, const Transform& xf, Polygon&, F&& f) {
  return f(Circle{apply(xf, c.center), c.radius});
}
template <class F>
decltype(auto) withPlaced(const Aabb& b, const Transform& xf, Polygon&, F&& f) {
  if (xf.angle == 0.0) return f(Aabb{apply(xf, b.min), apply(xf, b.max)});
  return f(Box{apply(xf, b.center()), b.halfExtents(), xf.angle});
}
template <class F>
decltype(auto) withPlaced(const Box& b, const Transform& xf, Polygon&, F&& f) {
  return f(Box{apply(xf, b.center), b.halfExtents, b.angle + xf.angle});
}
template <class F>
decltype(auto) withPlaced(const Polygon& p, const Transform& xf, Polygon& scratch, F&& f) {
  p.transformedInto(xf, scratch);
  return f(static_cast<const Polygon&>(scratch));
}
template <class F>
decltype(auto) withPlaced(const Segment& s, const Transform& xf, Polygon&, F&& f) {
  return f(Segment{apply(xf, s.a), apply(xf, s.b)});
}
template <class F>
decltype(auto) withPlaced(const Capsule& c, const Transform& xf, Polygon&, F&& f) {
  return f(Capsule{apply(xf, c.a), apply(xf, c.b), c.radius});
}

Polygon& scratchA() {
  thread_local Polygon p;
  return p;
}
Polygon& scratchB() {
  thread_local Polygon p;
  return p;
}

}  // namespace

template <ConvexShape A, ConvexShape B>
CastHit cast(const A& a, const Transform& xfA, const B& b, const Transform& xfB, Vec2 translation) {
  return withPlaced(a, xfA, scratchA(), [&](const auto& pa) {
    return withPlaced(b, xfB, scratchB(), [&](const auto& pb) { return cast(pa, Motion{translation, 0.0}, pb, Motion{}); });
  });
}

template <ConvexShape A, ConvexShape B>
DistanceResult distance(const A& a, const Transform& xfA, const B& b, const Transform& xfB, SimplexCache* cache) {
  return withPlaced(a, xfA, scratchA(), [&](const auto& pa) {
    return withPlaced(b, xfB, scratchB(), [&](const auto& pb) { return distance(pa, pb, cache); });
  });
}

// The Shape overloads place each shape into a per-thread Shape and make one call of the Shape overloads on the
// placed pair (one compiled body: the typed forms above would instantiate every pair of placed kinds, 7.7 KB gzip of
// wasm). The same operations, so the same bits as the typed forms.
namespace {

struct PlacedShape {
  Shape shape;
  Polygon spare;  // a polygon's storage while the slot holds another kind (no allocation when it switches back)
};

template <class T>
void setPlaced(PlacedShape& p, const T& value) {
  if (Polygon* q = std::get_if<Polygon>(&p.shape)) p.spare = std::move(*q);
  p.shape = value;
}

const Shape& place(const Shape& s, const Transform& xf, PlacedShape& p) {
  if (const Polygon* poly = std::get_if<Polygon>(&s)) {
    Polygon* q = std::get_if<Polygon>(&p.shape);
    if (q == nullptr) q = &p.shape.emplace<Polygon>(std::move(p.spare));
    poly->transformedInto(xf, *q);
    return p.shape;
  }
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (!std::is_same_v<T, Polygon>) {
          Polygon unused;
          withPlaced(x, xf, unused, [&](const auto& placed) {
            setPlaced(p, placed);
            return 0;
          });
        }
      },
      s);
  return p.shape;
}

PlacedShape& placedA() {
  thread_local PlacedShape p;
  return p;
}
PlacedShape& placedB() {
  thread_local PlacedShape p;
  return p;
}

}  // namespace

CastHit cast(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, Vec2 translation) {
  return cast(place(a, xfA, placedA()), Motion{translation, 0.0}, place(b, xfB, placedB()), Motion{});
}

DistanceResult distance(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                        SimplexCache* cache) {
  return distance(place(a, xfA, placedA()), place(b, xfB, placedB()), cache);
}

#define COLLIDE2D_INSTANTIATE(A, B)                                                                        \
  template CastHit cast<A, B>(const A&, const Transform&, const B&, const Transform&, Vec2);              \
  template DistanceResult distance<A, B>(const A&, const Transform&, const B&, const Transform&, SimplexCache*);
COLLIDE2D_FOR_EACH_CONVEX_PAIR(COLLIDE2D_INSTANTIATE)
#undef COLLIDE2D_INSTANTIATE

}  // namespace collide2d
