// World internals: shape casts (castShape) and the kinematic character controller (moveAndSlide), part of the
// queries (queries.h). Conventions: the top of world.h.
#include "world/memory.h"
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

constexpr double kEps = std::numeric_limits<double>::epsilon();

double maxAbs(Vec2 v) { return std::max(std::fabs(v.x), std::fabs(v.y)); }

Aabb hull(const Aabb& a, const Aabb& b) {
  return {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)}, {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
}
Aabb widen(const Aabb& a, double m) { return {{a.min.x - m, a.min.y - m}, {a.max.x + m, a.max.y + m}}; }
Aabb shifted(const Aabb& a, Vec2 d) { return {a.min + d, a.max + d}; }

// Calls f with the world form of `local` placed by xf (see world.h: as a body's shape, a polygon transformed).
template <class F> void withPlaced(const Shape& local, const Transform& xf, double c, double s, Polygon& scratch, F&& f) {
  const Vec2 pos = xf.position;
  std::visit(
      [&](const auto& l) {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, Circle>) {
          f(Circle{pos + rotate(l.center, c, s), l.radius});
        } else if constexpr (std::is_same_v<T, Aabb>) {
          if (xf.angle == 0.0) {
            f(Aabb{l.min + pos, l.max + pos});
          } else {
            f(Box{pos + rotate(l.center(), c, s), l.halfExtents(), xf.angle});
          }
        } else if constexpr (std::is_same_v<T, Box>) {
          f(Box{pos + rotate(l.center, c, s), l.halfExtents, l.angle + xf.angle});
        } else if constexpr (std::is_same_v<T, Polygon>) {
          l.transformedInto(pos, c, s, scratch);
          f(static_cast<const Polygon&>(scratch));
        } else if constexpr (std::is_same_v<T, Segment>) {
          f(Segment{pos + rotate(l.a, c, s), pos + rotate(l.b, c, s)});
        } else {
          static_assert(std::is_same_v<T, Capsule>, "a Shape alternative without a placement rule");
          f(Capsule{pos + rotate(l.a, c, s), pos + rotate(l.b, c, s), l.radius});
        }
      },
      local);
}

template <class Q> bool overlapsShape(const Q& q, const Shape& body) {
  return std::visit([&](const auto& b) { return overlapsAny(q, b); }, body);
}

void appendRecord(std::vector<double>& out, std::vector<std::uint32_t>& parts, const WorldCastHit& h) {
  const double r[World::kRayHitStride] = {static_cast<double>(h.body), h.fraction, h.point.x, h.point.y,
                                           h.normal.x, h.normal.y};
  out.insert(out.end(), r, r + World::kRayHitStride);
  parts.push_back(h.part);
}

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
  } ctx{&store, marks_.data(), &q, d, mask, mark, &bestIndex, &swept, &out, qb, margin};
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
    for (std::uint32_t i = 0; i < pieces.count; ++i) {  // (a compound body: each part, in part order)
      if (!boundsOverlap(pieces.boxOf(i), *c.swept)) continue;
      const CastHit h = std::visit([&](const auto& b) { return cast(*c.q, moving, b, still); }, pieces.shapeOf(i));
      if (!h.hit) continue;
      if (c.out->hit && (h.fraction > c.out->fraction || (h.fraction == c.out->fraction && index >= *c.bestIndex))) {
        continue;
      }
      *c.bestIndex = index;
      *c.out = WorldCastHit{true, handle, h.fraction, h.point, h.normal, i};
      *c.swept = widen(hull(c.qb, shifted(c.qb, c.d * h.fraction)), c.margin);
    }
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

namespace {

// The shape and its transform as a body's would be checked: valid, angles in range (common.h).
Status validatePlacement(const Shape& shape, const Transform& xf) {
  if (Status s = validate(shape); !s) return s;
  if (Status s = validate(xf); !s) return s;
  if (!angleInRange(xf.angle) || !shapeAngleInRange(shape)) return Status{Error::InvalidArgument, "transform"};
  return {};
}

// The placed shape's bounds, and those bounds moved by `translation`, are finite.
template <class Placed> bool sweptFinite(const Placed& q, Vec2 translation) {
  const Aabb b = bounds(q);
  return isFinite(b.min) && isFinite(b.max) && isFinite(b.max + translation) && isFinite(b.min + translation);
}

}  // namespace

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

// ---------------------------------------------------------------------------------------------------------------
// moveAndSlide
// ---------------------------------------------------------------------------------------------------------------

Status Queries::moveAndSlide(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf,
                             Vec2 displacement, int maxIterations, WorldSlideResult& out, std::uint32_t mask) {
  out = WorldSlideResult{};
  out.position = xf.position;
  rayHits.clear();
  rayHitParts.clear();
  if (Status s = validate(displacement, "displacement"); !s) return s;
  // Every input is checked before anything is skipped: a zero displacement moves nothing, but an invalid shape or
  // transform is still an error (as castShape's legs would report it).
  if (Status s = validatePlacement(shape, xf); !s) return s;
  const detail::CosSin turn = detail::cosSin(xf.angle);
  const double c = turn.c, s = turn.s;
  bool inRange = true;
  withPlaced(shape, xf, c, s, castPolygon_, [&](const auto& q) { inRange = sweptFinite(q, displacement); });
  if (!inRange) return Status{Error::InvalidArgument, "transform"};
  if (!growExactly(rayHits, World::kRayHitStride * WorldSlideResult::kMaxIterations) ||
      !growExactly(rayHitParts, WorldSlideResult::kMaxIterations)) {
    return outOfMemory();
  }
  const int iterations = std::clamp(maxIterations, 1, WorldSlideResult::kMaxIterations);
  Vec2 pos = xf.position;
  Vec2 remaining = displacement;
  Vec2 previousNormal{0.0, 0.0};
  for (int i = 0; i < iterations; ++i) {
    if (remaining == Vec2{0.0, 0.0}) break;
    WorldCastHit h;
    const Status st = castImpl(store, broad, shape, Transform{pos, xf.angle}, remaining, mask, h);
    if (!st) {
      if (i == 0) return st;  // bad shape / transform: nothing moved
      break;                  // (a later leg out of range: stop where we are)
    }
    ++out.iterations;
    if (!h.hit) {
      pos = pos + remaining;
      break;
    }
    // Stop at the hit; back off along the leg while rounding leaves the placed shape overlapping the body hit.
    Vec2 stop = pos + remaining * h.fraction;
    if (h.fraction > 0.0) {
      const Shape& body = store.piecesAt(store.slots[indexOf(h.body)].dense).shapeOf(h.part);
      const double len = length(remaining);
      const double travelled = len * h.fraction;
      double skin = 4.0 * kEps * std::max({maxAbs(pos), maxAbs(stop), len});
      for (int k = 0; k < 64; ++k) {
        bool inside = false;
        withPlaced(shape, Transform{stop, xf.angle}, c, s, castPolygon_,
                   [&](const auto& q) { inside = overlapsShape(q, body); });
        if (!inside) break;
        if (!(skin < travelled) || k == 63) {
          stop = pos;
          break;
        }
        stop = pos + remaining * ((travelled - skin) / len);
        skin *= 2.0;
      }
    }
    pos = stop;
    out.hits[out.hitCount++] = h;
    appendRecord(rayHits, rayHitParts, h);
    // The rest of this leg, without its component along the normal (normal: from the body to the shape).
    const Vec2 n = -h.normal;
    Vec2 rest = remaining * (1.0 - h.fraction);
    rest = rest - n * dot(rest, n);
    if (previousNormal != Vec2{0.0, 0.0} && dot(rest, previousNormal) < -8.0 * kEps * length(rest)) rest = {0.0, 0.0};
    previousNormal = n;
    remaining = rest;
  }
  out.position = pos;
  return {};
}

}  // namespace collide2d::world
