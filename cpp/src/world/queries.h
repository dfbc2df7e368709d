// World internals: the queries. Bodies overlapping a box, a point or a shape; rays (closest hit, every hit); shape
// casts and move-and-slide (casts.cpp). Each query brings the broad phase up to date, then visits the cells its
// bounds cover (marching cell by cell along a ray or a cast) and tests the bodies found there on their world shapes.
// Results stay until the next query. Conventions: the top of world.h.
#pragma once

#include "world/body_store.h"
#include "world/broad_phase.h"

#include <collide2d/world.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collide2d::world {

struct Queries {
  std::vector<BodyHandle> results;    ///< queryResults()
  std::vector<std::uint32_t> parts;   ///< queryParts()
  std::vector<double> rayHits;        ///< rayHits()
  std::vector<std::uint32_t> rayHitParts;

  /// Room for n bodies' marks (grown with the bodies).
  bool reserve(std::size_t n) { return growMarks(n, false); }
  bool reserveExactly(std::size_t n) { return growMarks(n, true); }

  Status queryPoint(BodyStore& store, BroadPhase& broad, Vec2 point, std::uint32_t mask);
  Status queryShape(BodyStore& store, BroadPhase& broad, const Shape& shape, std::uint32_t mask);
  Status raycast(BodyStore& store, BroadPhase& broad, const Ray& ray, RayHit& hit, BodyHandle& body,
                 std::uint32_t mask);
  Status raycastAll(BodyStore& store, BroadPhase& broad, const Ray& ray, std::uint32_t mask);
  // casts.cpp
  Status castShape(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf, Vec2 translation,
                   WorldCastHit& out, std::uint32_t mask);
  // mover.cpp
  Status moveAndSlide(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf,
                      Vec2 displacement, const SlideOptions& options, WorldSlideResult& out, std::uint32_t mask);

  std::size_t heapBytes() const;

 private:
  struct RayRecord {
    double fraction;
    std::uint32_t index;  ///< slot index (sort key)
    std::uint32_t handle;
    Vec2 point, normal;
    std::uint32_t part;
  };
  std::vector<std::uint32_t> marks_;  ///< by dense index: the query that last visited the body
  std::uint32_t mark_ = 0;
  std::vector<BodyHandle> sort_;
  std::vector<std::uint64_t> compoundHits_;  ///< a query's compound bodies: slot << 32 | part, to sort
  std::vector<std::uint32_t> counts_;
  std::vector<RayRecord> rayRecords_;
  Polygon castPolygon_;  ///< the placed query polygon (storage reused)
  /// castShape's candidates of one stretch of the motion, evaluated in the order of their entry bound (casts.cpp).
  struct CastCandidate {
    double t;             ///< lower bound of the fraction at which the cast could hit it
    std::uint32_t index;  ///< slot index
    std::uint32_t k;      ///< dense index
    std::uint32_t part;
  };
  std::vector<CastCandidate> castCandidates_;
  [[gnu::noinline]] static void sortCandidates(std::vector<CastCandidate>& list);
  Shape moverShape_;     ///< moveAndSlide's shape where it is (mover.cpp), a polygon in moverPolygon_ (reused)
  Shape moverPolygon_;
  std::size_t moverPolygonBytes() const {
    const Polygon* p = std::get_if<Polygon>(&moverPolygon_);
    return p == nullptr ? 0 : (p->vertices().size() + p->normals().size()) * sizeof(Vec2);
  }
  const Shape& placeMover(const Shape& local, Vec2 at, double angle, double c, double s);
  /// Body parts a cast skips (slot index << 32 | part): the grazes moveAndSlide has passed on its current leg.
  static constexpr int kMaxSkips = 16;
  std::uint64_t skips_[kMaxSkips] = {};
  int skipCount_ = 0;

  bool growMarks(std::size_t n, bool exactly);
  /// A fresh mark for a query over n bodies (their marks sized; capacity reserved with the bodies).
  std::uint32_t nextMark(std::size_t n);
  /// The bodies overlapping `shape`, or (shape == nullptr) containing `point`, among those whose bounds meet `box`.
  bool collect(BodyStore& store, BroadPhase& broad, const Shape* shape, Vec2 point, const Aabb& box,
               std::uint32_t mask);
  bool collectRay(BodyStore& store, BroadPhase& broad, const Ray& ray, std::uint32_t mask, bool closest);
  template <class Placed>
  void castPlaced(const BodyStore& store, const BroadPhase& broad, const Placed& q, Vec2 translation,
                  std::uint32_t mask, WorldCastHit& out);
  /// mover.cpp: a polygonal part other than (index, part), of a body in the mask, has a face of outward normal e
  /// through q (within tol).
  bool faceContinues(const BodyStore& store, const BroadPhase& broad, std::uint32_t mask, std::uint32_t index,
                     std::uint32_t part, Vec2 q, Vec2 e, double tol);
  /// mover.cpp: calls f(slot index, part, world shape) for each part of a body in the mask whose bounds meet `box`.
  template <class F>
  void visitParts(const BodyStore& store, const BroadPhase& broad, std::uint32_t mask, const Aabb& box, F&& f);
  Status castImpl(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf, Vec2 translation,
                  std::uint32_t mask, WorldCastHit& out);
};

}  // namespace collide2d::world
