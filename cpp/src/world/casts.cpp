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

#include "convex.h"
#include "trig/trig.h"

namespace collide2d::world {

namespace {

Aabb hull(const Aabb& a, const Aabb& b) {
  return {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)}, {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
}
Aabb widen(const Aabb& a, double m) { return {{a.min.x - m, a.min.y - m}, {a.max.x + m, a.max.y + m}}; }
Aabb shifted(const Aabb& a, Vec2 d) { return {a.min + d, a.max + d}; }

// A lower bound on the fraction at which bounds qb moved by t d first come within m of box (the slab test of the
// moving box against box widened by m; +infinity when an axis without motion keeps them apart, 0 when they already
// are). The cast of a shape inside qb against a shape inside box cannot report a fraction below it: it reports one
// where the shapes are within its tolerance (below m / 4) of touching. Rounding: each bound is computed with 2 m, so
// the few ulps of the subtraction and the division (of a fraction at most 1 times |d|) only lower it further.
double entryBound(const Aabb& qb, Vec2 d, const Aabb& box, double m) {
  const double w = 2.0 * m;
  double t = 0.0;
  if (d.x > 0.0) {
    t = std::max(t, (box.min.x - w - qb.max.x) / d.x);
  } else if (d.x < 0.0) {
    t = std::max(t, (box.max.x + w - qb.min.x) / d.x);
  } else if (qb.max.x < box.min.x - w || qb.min.x > box.max.x + w) {
    return std::numeric_limits<double>::infinity();
  }
  if (d.y > 0.0) {
    t = std::max(t, (box.min.y - w - qb.max.y) / d.y);
  } else if (d.y < 0.0) {
    t = std::max(t, (box.max.y + w - qb.min.y) / d.y);
  } else if (qb.max.y < box.min.y - w || qb.min.y > box.max.y + w) {
    return std::numeric_limits<double>::infinity();
  }
  return t;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// castShape
// ---------------------------------------------------------------------------------------------------------------

// By (bound, slot, part). One copy for every query shape type (out of the castPlaced template).
void Queries::sortCandidates(std::vector<CastCandidate>& list) {
  const auto before = [](const CastCandidate& a, const CastCandidate& b) {
    return a.t < b.t || (a.t == b.t && (a.index < b.index || (a.index == b.index && a.part < b.part)));
  };
  if (list.size() <= 24) {  // (insertion sort: the usual handful)
    for (std::size_t i = 1; i < list.size(); ++i) {
      const CastCandidate x = list[i];
      std::size_t j = i;
      for (; j > 0 && before(x, list[j - 1]); --j) list[j] = list[j - 1];
      list[j] = x;
    }
  } else {
    std::sort(list.begin(), list.end(), before);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// castShape (the walk)
// ---------------------------------------------------------------------------------------------------------------

template <class Placed>
void Queries::castPlaced(const BodyStore& store, const BroadPhase& broad, const Placed& q, Vec2 d, std::uint32_t mask,
                         WorldCastHit& out) {
  out = WorldCastHit{};
  if (store.handles.empty()) return;
  const Aabb qb = bounds(q);
  const double scale = std::max({maxAbs(qb.min), maxAbs(qb.max), maxAbs(d), maxAbs(broad.worldBounds.min),
                                 maxAbs(broad.worldBounds.max)});
  const double margin = scale * 0x1p-38;  // (std::ldexp(scale, -38): a product by a power of 2 rounds alike)
  Aabb swept = widen(hull(qb, shifted(qb, d)), margin);
  std::uint32_t bestIndex = 0xFFFFFFFFu;
  const std::uint32_t mark = nextMark(store.size());
  // The answer is the least (fraction, slot index, part) over the hits, so the candidates may be cast in any order:
  // those met along one stretch of the motion are gathered with a lower bound of their fraction (entryBound), cast in
  // the order of that bound, and the rest of the stretch is dropped once the bound passes the best hit (starting in
  // contact: the first hit at 0 in slot order ends it). Without room for the list, each is cast when met.
  castCandidates_.clear();
  struct Ctx {
    Queries* self;
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
    const detail::Core* kq;  ///< makeCore(*q)
    Vec2 pivotQ;             ///< detail::pivotOf(*q)
    // Whether a candidate whose fraction is at least t cannot beat the best hit (the least fraction, slot, part).
    bool beyond(double t, std::uint32_t index, std::uint32_t part) const {
      if (!out->hit) return false;
      return t > out->fraction ||
             (t == out->fraction && (index > *bestIndex || (index == *bestIndex && part >= out->part)));
    }
    void cast(std::uint32_t k, std::uint32_t index, std::uint32_t i) {
      const BodyStore& w = *store;
      const Motion still{};
      const Motion moving{d, 0.0};
      // cast(*q, moving, b, still), with the query's core made once (castPlaced).
      // (Only the pair's thunks depend on both types: the rest is made once for every query shape type.)
      const Shape& body = w.piecesAt(k).shapeOf(i);
      detail::Core kb;
      detail::makeCore(body, kb);
      const detail::PairTests pair = std::visit([&](const auto& b) { return detail::pairTests(*q, b); }, body);
      const CastHit h = detail::castCores(*kq, pivotQ, moving, kb, detail::pivotOf(body), still, pair);
      if (!h.hit) return;
      if (out->hit && !(h.fraction < out->fraction ||
                        (h.fraction == out->fraction &&
                         (index < *bestIndex || (index == *bestIndex && i < out->part))))) {
        return;
      }
      *bestIndex = index;
      *out = WorldCastHit{true, w.handles[k], h.fraction, h.point, h.normal, i};
      *swept = widen(hull(qb, shifted(qb, d * h.fraction)), margin);
    }
  };
  detail::Core kq;
  detail::makeCore(q, kq);
  Ctx ctx{this, &store, marks_.data(), &q, d, mask, mark, &bestIndex, &swept, &out, qb, margin, skips_, skipCount_,
          &kq, detail::pivotOf(q)};
  auto test = [](void* p, std::uint32_t k) {
    Ctx& c = *static_cast<Ctx*>(p);
    const BodyStore& w = *c.store;
    if (c.marks[k] == c.mark) return;
    c.marks[k] = c.mark;
    if (!boundsOverlap(w.proxies[k].box, *c.swept) || (w.proxies[k].filter.category & c.mask) == 0) return;
    const std::uint32_t index = w.handles[k] & kIndexMask;
    const Pieces pieces = w.piecesAt(k);
    // (a compound body: each part, in part order; a chain's segments through its tree)
    pieces.visit([&](const Aabb& box) { return boundsOverlap(box, *c.swept); }, [&](std::uint32_t i) {
      if (c.skipCount > 0 && skipped(c.skips, c.skipCount, index, i)) return;
      const double t = entryBound(c.qb, c.d, pieces.boxOf(i), c.margin);
      if (c.beyond(t, index, i)) return;
      std::vector<CastCandidate>& list = c.self->castCandidates_;
      if (grow(list, list.size() + 1)) {
        list.push_back(CastCandidate{t, index, k, i});
      } else {
        c.cast(k, index, i);
      }
    });
  };
  // Casts the gathered candidates by (bound, slot, part), stopping at the first that cannot beat the best hit.
  const auto flush = [&] {
    std::vector<CastCandidate>& list = castCandidates_;
    sortCandidates(list);
    for (const CastCandidate& c : list) {
      if (ctx.beyond(c.t, c.index, c.part)) break;
      ctx.cast(c.k, c.index, c.part);
    }
    list.clear();
  };
  for (const std::uint32_t l : broad.grid.large) test(&ctx, l);
  for (const std::uint32_t l : broad.movers.large) test(&ctx, l);
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
    flush();
    if ((out.hit && out.fraction < tn) || !(tn < 1.0)) break;
    t = tn;
  }
  if (all) {
    for (std::uint32_t k = 0; k < store.handles.size(); ++k) test(&ctx, k);
  }
  flush();
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
