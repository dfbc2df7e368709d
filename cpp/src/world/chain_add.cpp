// World::addChain (world.h): validation, the segments as parts, the tree. Everything is allocated before anything
// changes.
#include "world/chain.h"
#include "world/facade.h"
#include "world/memory.h"

#include <cmath>

namespace collide2d {

using world::Body;
using world::Part;

Status World::addChain(std::span<const Vec2> points, bool loop, const Transform& xf, double userId,
                       const Filter& filter, BodyHandle& out, std::size_t* failedPoint) {
  Impl& w = impl();
  out = kNullBody;
  if (failedPoint != nullptr) *failedPoint = SIZE_MAX;
  const auto fail = [failedPoint](std::size_t k, Status st) {
    if (failedPoint != nullptr) *failedPoint = k;
    return st;
  };
  const std::size_t n = points.size();
  if (n < (loop ? 3u : 2u)) return Status{Error::TooFewPoints, "points"};
  if (n >= 0xFFFFFFFEu) return Status{Error::InvalidArgument, "points"};
  for (std::size_t k = 0; k < n; ++k) {
    if (!std::isfinite(points[k].x) || !std::isfinite(points[k].y)) return fail(k, Status{Error::NotFinite, "points"});
    if (k > 0 && points[k] == points[k - 1]) return fail(k, Status{Error::ZeroDirection, "points"});
  }
  if (loop && points[n - 1] == points[0]) return fail(n - 1, Status{Error::ZeroDirection, "points"});
  if (Status s = validate(xf); !s) return s;
  if (!world::angleInRange(xf.angle)) return Status{Error::InvalidArgument, "transform"};
  if (w.store.full()) return Status{Error::InvalidArgument, "capacity"};
  const std::size_t segments = loop ? n : n - 1;
  double reach = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const double r = std::fabs(points[k].x) + std::fabs(points[k].y);
    if (!(r <= world::kMaxCoordinate) || !world::inRange(xf, r)) return fail(k, Status{Error::InvalidArgument, "transform"});
    reach = std::max(reach, r);
  }
  std::vector<Part> baked;
  world::ChainTree tree;
  if (!world::reallocate(baked, segments) || !tree.build(static_cast<std::uint32_t>(segments), loop)) {
    return world::outOfMemory();
  }
  for (std::size_t k = 0; k < segments; ++k) {
    const Vec2 a = points[k], b = points[k + 1 == n ? 0 : k + 1];
    Part part;
    part.type = ShapeType::Segment;
    part.local[0] = a.x;
    part.local[1] = a.y;
    part.local[2] = b.x;
    part.local[3] = b.y;
    baked.push_back(part);
  }
  const std::size_t ci = w.store.freeCompounds.empty() ? w.store.compounds.size() : w.store.freeCompounds.back();
  if (!w.reserveBodies(w.store.size() + 1, 0, 0) || !world::grow(w.store.compounds, ci + 1) ||
      !world::grow(w.store.chains, ci + 1) || !world::grow(w.store.freeCompounds, w.store.compounds.size() + 1)) {
    return world::outOfMemory();
  }
  // Commit (nothing below allocates).
  if (ci == w.store.compounds.size()) {
    w.store.compounds.emplace_back();
  } else {
    w.store.freeCompounds.pop_back();
  }
  if (w.store.chains.size() < ci + 1) w.store.chains.resize(ci + 1);  // (room grown above)
  w.store.compounds[ci] = std::move(baked);
  w.store.chains[ci] = std::move(tree);
  Body b;
  b.type = ShapeType::Compound;
  b.chain = true;
  b.polygon = static_cast<std::uint32_t>(ci);
  b.xf = xf;
  b.userId = userId;
  b.reach = world::floatUp(reach);
  out = w.commit(std::move(b), filter, world::kChainParts);
  const std::uint32_t k = w.store.slots[world::indexOf(out)].dense;
  w.broad.setStatic(k, true, w.store.proxies);
  return {};
}

}  // namespace collide2d
