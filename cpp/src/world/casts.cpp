// World internals: shape casts (castShape), part of the queries (queries.h); moveAndSlide is in mover.cpp. Conventions: the top of world.h.
#include "world/memory.h"
#include "world/placement.h"
#include "world/queries.h"

#include <collide2d/queries.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "trig/trig.h"

namespace collide2d::world {

namespace {

Aabb hull(const Aabb& a, const Aabb& b) {
  return {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)}, {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
}
Aabb widen(const Aabb& a, double m) { return {{a.min.x - m, a.min.y - m}, {a.max.x + m, a.max.y + m}}; }
Aabb shifted(const Aabb& a, Vec2 d) { return {a.min + d, a.max + d}; }

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// castShape
// ---------------------------------------------------------------------------------------------------------------

template <class Placed>
void Queries::castPlaced(const BodyStore& store, const BroadPhase& broad, const Placed& q, Vec2 d, std::uint32_t mask,
                         WorldCastHit& out) {
  out = WorldCastHit{};
  if (store.handles.empty()) return;
  const Aabb qb = bounds(q);
  const double scale = std::max({maxAbs(qb.min), maxAbs(qb.max), maxAbs(d), maxAbs(broad.worldBounds.min),
                                 maxAbs(broad.worldBounds.max)});
  const double margin = std::ldexp(scale, -38);
  Aabb swept = widen(hull(qb, shifted(qb, d)), margin);
  std::uint32_t bestIndex = 0xFFFFFFFFu;
  const std::uint32_t mark = nextMark(store.size());
  struct Ctx {
    const BodyStore* store;
    std::uint32_t* marks;
    const Placed* q;
    Vec2 d;
    std::uint32_t mask, mark, *bestIndex;
    Aabb* swept;  ///< the swept bounds up to the best fraction so far (a body beyond them cannot beat it)
    WorldCastHit* out;
    Aabb qb;
    double margin;
    const std::uint64_t* skips;
    int skipCount;
  } ctx{&store, marks_.data(), &q, d, mask, mark, &bestIndex, &swept, &out, qb, margin, skips_, skipCount_};
  auto test = [](void* p, std::uint32_t k) {
    Ctx& c = *static_cast<Ctx*>(p);
    const BodyStore& w = *c.store;
    if (c.marks[k] == c.mark) return;
    c.marks[k] = c.mark;
    if (!boundsOverlap(w.proxies[k].box, *c.swept) || (w.proxies[k].filter.category & c.mask) == 0) return;
    const Motion still{};
    const Motion moving{c.d, 0.0};
    const BodyHandle handle = w.handles[k];
    const std::uint32_t index = handle & kIndexMask;
    const Pieces pieces = w.piecesAt(k);
    // (a compound body: each part, in part order; a chain's segments through its tree)
    pieces.visit([&](const Aabb& box) { return boundsOverlap(box, *c.swept); }, [&](std::uint32_t i) {
      if (c.skipCount > 0 && skipped(c.skips, c.skipCount, index, i)) return;
      const CastHit h = std::visit([&](const auto& b) { return cast(*c.q, moving, b, still); }, pieces.shapeOf(i));
      if (!h.hit) return;
      if (c.out->hit && (h.fraction > c.out->fraction || (h.fraction == c.out->fraction && index >= *c.bestIndex))) {
        return;
      }
      *c.bestIndex = index;
      *c.out = WorldCastHit{true, handle, h.fraction, h.point, h.normal, i};
      *c.swept = widen(hull(c.qb, shifted(c.qb, c.d * h.fraction)), c.margin);
    });
  };
  for (const std::uint32_t l : broad.grid.large) test(&ctx, l);
  for (const std::uint32_t l : broad.statics.large) test(&ctx, l);
  // March along the translation about one cell at a time; stop once the best hit lies before the part visited
  // (a body not met yet is farther than the margin from the swept bounds up to there).
  const double speed = maxAbs(d);
  const double dt = speed > 0.0 ? broad.marchCell() / speed : 1.0;
  bool all = !(dt > 0.0) || !(1.0 / dt <= static_cast<double>(broad.entryCount()) + 64.0);
  for (double t = 0.0; !all;) {
    const double tn = std::min(t + dt, 1.0);
    const Aabb box = widen(hull(shifted(qb, d * t), shifted(qb, d * tn)), margin);
    if (!broad.visitCells(box, test, &ctx)) {
      all = true;
      break;
    }
    if ((out.hit && out.fraction < tn) || !(tn < 1.0)) break;
    t = tn;
  }
  if (all) {
    for (std::uint32_t k = 0; k < store.handles.size(); ++k) test(&ctx, k);
  }
}

Status Queries::castImpl(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf,
                         Vec2 translation, std::uint32_t mask, WorldCastHit& out) {
  out = WorldCastHit{};
  if (Status s = validatePlacement(shape, xf); !s) return s;
  if (Status s = validate(translation, "translation"); !s) return s;
  if (!broad.update(store.proxies)) return outOfMemory();
  const detail::CosSin turn = detail::cosSin(xf.angle);
  const double c = turn.c, s = turn.s;
  Status st;
  withPlaced(shape, xf, c, s, castPolygon_, [&](const auto& q) {
    if (!sweptFinite(q, translation)) {
      st = Status{Error::InvalidArgument, "transform"};
      return;
    }
    castPlaced(store, broad, q, translation, mask, out);
  });
  return st;
}

Status Queries::castShape(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf,
                          Vec2 translation, WorldCastHit& out, std::uint32_t mask) {
  rayHits.clear();
  rayHitParts.clear();
  if (!growExactly(rayHits, World::kRayHitStride) || !growExactly(rayHitParts, 1)) return outOfMemory();
  const Status s = castImpl(store, broad, shape, xf, translation, mask, out);
  if (s && out.hit) appendRecord(rayHits, rayHitParts, out);
  return s;
}

}  // namespace collide2d::world
