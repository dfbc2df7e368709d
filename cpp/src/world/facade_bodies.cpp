// World facade, bodies: adding (validation, then every part's per-body arrays reserved before anything changes),
// removing, moving, and reading bodies. The state lives in the body store (body_store.h); the broad and narrow
// phases follow each change. Conventions: the top of world.h.
#include "world/facade.h"

#include "world/memory.h"

#include <collide2d/decompose.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>
#include <variant>

#include "trig/trig.h"

namespace collide2d {

using world::Body;
using world::outOfMemory;
using world::Part;
using world::PolygonPair;
using world::polygonRoom;

namespace {
constexpr Status outOfRange() { return Status{Error::InvalidArgument, "transform"}; }
}  // namespace

// -- adding ------------------------------------------------------------------------------------------------------

// A body of one shape (type, numbers; polygon: its local polygon, whose storage becomes the world polygon's).
Status World::Impl::addBody(ShapeType type, const double* params, Polygon* polygon, const Transform& xf,
                            double userId, const Filter& filter, BodyHandle& out) {
  Impl& w = *this;
  out = kNullBody;
  if (Status s = validate(xf); !s) return s;
  if (!world::angleInRange(xf.angle) || (type == ShapeType::Box && !world::angleInRange(params[4]))) {
    return outOfRange();
  }
  if (w.store.full()) return Status{Error::InvalidArgument, "capacity"};
  Body b;
  b.type = type;
  b.xf = xf;
  b.userId = userId;
  const std::size_t nv = type == ShapeType::Polygon ? polygon->size() : 0;
  if (type != ShapeType::Polygon) std::copy(params, params + 5, b.local);
  const double reach =
      world::reachOfLocal(type, b.local, polygon != nullptr ? polygon->vertices() : std::span<const Vec2>());
  b.reach = world::floatUp(reach);
  if (!world::inRange(xf, reach)) return outOfRange();
  // Allocate everything first: the arrays, then (polygons) the world polygon's storage and the thread's scratch
  // ring of Polygon::create, probed through malloc; then commit without allocating.
  if (!w.reserveBodies(w.store.size() + 1, nv, nv > 0 ? 1 : 0)) return outOfMemory();
  std::vector<Vec2> local;  // a polygon's local vertices
  if (type == ShapeType::Polygon) {
    if (!polygonRoom(nv)) return outOfMemory();
#if defined(__cpp_exceptions)
    try {
#endif
      local.assign(polygon->vertices().begin(), polygon->vertices().end());
      b.shape = std::move(*polygon);  // the world polygon's storage, sized once
      Polygon ring;  // grows this thread's scratch ring of Polygon::create now, not in a later setTransform
      (void)Polygon::create(local, ring);
#if defined(__cpp_exceptions)
    } catch (const std::bad_alloc&) {
      return outOfMemory();
    }
#endif
    // Commit (nothing below allocates: every capacity is there).
    b.polygon = w.store.takePolygon(std::move(local));
  }
  out = w.commit(std::move(b), filter, 0);
  return {};
}

Status World::addCircle(const Circle& c, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(c); !s) return s;
  const double p[5] = {c.center.x, c.center.y, c.radius, 0.0, 0.0};
  return impl().addBody(ShapeType::Circle, p, nullptr, xf, userId, filter, out);
}

Status World::addAabb(const Aabb& a, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(a); !s) return s;
  const double p[5] = {a.min.x, a.min.y, a.max.x, a.max.y, 0.0};
  return impl().addBody(ShapeType::Aabb, p, nullptr, xf, userId, filter, out);
}

Status World::addBox(const Box& b, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(b); !s) return s;
  const double p[5] = {b.center.x, b.center.y, b.halfExtents.x, b.halfExtents.y, b.angle};
  return impl().addBody(ShapeType::Box, p, nullptr, xf, userId, filter, out);
}

Status World::addSegment(const Segment& sg, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(sg); !s) return s;
  const double p[5] = {sg.a.x, sg.a.y, sg.b.x, sg.b.y, 0.0};
  return impl().addBody(ShapeType::Segment, p, nullptr, xf, userId, filter, out);
}

Status World::addCapsule(const Capsule& cp, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(cp); !s) return s;
  const double p[5] = {cp.a.x, cp.a.y, cp.b.x, cp.b.y, cp.radius};
  return impl().addBody(ShapeType::Capsule, p, nullptr, xf, userId, filter, out);
}

Status World::addPolygon(std::span<const Vec2> points, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  // Polygon::create allocates its result and (once per thread) a scratch ring: probe that much first.
  if (!polygonRoom(points.size())) return outOfMemory();
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p;
    if (Status s = Polygon::create(points, p); !s) return s;
    return impl().addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

Status World::addPolygon(std::span<const double> xy, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (xy.size() % 2 != 0) return Status{Error::InvalidArgument, "points"};
  std::vector<Vec2> pts;
  if (!world::reallocate(pts, xy.size() / 2)) return outOfMemory();
  pts.resize(xy.size() / 2);
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = {xy[2 * i], xy[2 * i + 1]};
  return addPolygon(std::span<const Vec2>(pts), xf, userId, filter, out);
}

Status World::addPolygon(const Polygon& local, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(local); !s) return s;
  void* probe = std::malloc(2 * local.size() * sizeof(Vec2) + 64);
  if (probe == nullptr) return outOfMemory();
  std::free(probe);
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p = local;
    return impl().addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

Status World::addShape(const Shape& local, const Transform& xf, double userId, const Filter& filter,
                       BodyHandle& out) {
  return std::visit(
      [&](const auto& s) -> Status {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Circle>) return addCircle(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Aabb>) return addAabb(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Box>) return addBox(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Polygon>) return addPolygon(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Segment>) return addSegment(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Capsule>) return addCapsule(s, xf, userId, filter, out);
      },
      local);
}

// Each part is baked first: its local shape becomes its shape placed by its offset, by the world-shape rules
// (place(), updatePolygon()), so that a part then moves exactly as a body of that local shape would. Everything is
// allocated before anything changes.
Status World::addCompound(std::span<const BodyPart> parts, const Transform& xf, double userId, const Filter& filter,
                          BodyHandle& out, std::size_t* failedPart) {
  Impl& w = impl();
  out = kNullBody;
  if (failedPart != nullptr) *failedPart = SIZE_MAX;
  if (parts.empty() || parts.size() > kMaxParts) return Status{Error::InvalidArgument, "parts"};
  if (Status s = validate(xf); !s) return s;
  if (!world::angleInRange(xf.angle)) return outOfRange();
  if (w.store.full()) return Status{Error::InvalidArgument, "capacity"};
  const auto fail = [failedPart](std::size_t k, Status st) {
    if (failedPart != nullptr) *failedPart = k;
    return st;
  };
  std::size_t maxVertices = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (Status s = validate(parts[k].shape); !s) return fail(k, s);
    if (Status s = validate(parts[k].offset); !s) return fail(k, s);
    if (!world::angleInRange(parts[k].offset.angle) || !world::shapeAngleInRange(parts[k].shape)) {
      return fail(k, outOfRange());
    }
    if (const Polygon* q = std::get_if<Polygon>(&parts[k].shape)) maxVertices = std::max(maxVertices, q->size());
  }
  std::vector<Part> baked;
  std::vector<std::vector<Vec2>> locals;  // the polygon parts' local vertices, in part order
  if (!world::reallocate(baked, parts.size()) || !world::reallocate(locals, parts.size()) ||
      !world::grow(w.store.vertexScratch, maxVertices) || !world::grow(w.store.hullScratch, 2 * maxVertices + 1)) {
    return outOfMemory();
  }
  double reach = 0.0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Transform& offset = parts[k].offset;
    const detail::CosSin turn = detail::cosSin(offset.angle);
    const double c = turn.c, sn = turn.s;
    Part part;
    if (const Polygon* q = std::get_if<Polygon>(&parts[k].shape)) {
      if (!polygonRoom(q->size())) return outOfMemory();
#if defined(__cpp_exceptions)
      try {
#endif
        PolygonPair pp;
        pp.local.assign(q->vertices().begin(), q->vertices().end());
        pp.measure();
        part.shape = *q;  // the storage the world polygon keeps
        Polygon ring;     // grows this thread's scratch ring of Polygon::create now
        (void)Polygon::create(q->vertices(), ring);
        w.store.updatePolygon(part.shape, pp, offset.position, c, sn);
        if (const Polygon* placed = std::get_if<Polygon>(&part.shape)) {
          part.type = ShapeType::Polygon;
          locals.emplace_back(placed->vertices().begin(), placed->vertices().end());
        } else {
          part.type = world::paramsOf(part.shape, part.local);  // rounding put the placed vertices on one line
        }
#if defined(__cpp_exceptions)
      } catch (const std::bad_alloc&) {
        return outOfMemory();
      }
#endif
    } else {
      double l[5];
      const ShapeType t = world::paramsOf(parts[k].shape, l);
      (void)w.store.place(t, l, 0, part.shape, offset, c, sn);
      part.type = world::paramsOf(part.shape, part.local);
    }
    const double r = world::reachOfLocal(part.type, part.local,
                                         part.type == ShapeType::Polygon ? std::span<const Vec2>(locals.back())
                                                                         : std::span<const Vec2>());
    if (!(r <= world::kMaxCoordinate) || !world::inRange(xf, r)) return fail(k, outOfRange());
    reach = std::max(reach, r);
    baked.push_back(std::move(part));
  }
  const std::size_t ci = w.store.freeCompounds.empty() ? w.store.compounds.size() : w.store.freeCompounds.back();
  if (!w.reserveBodies(w.store.size() + 1, maxVertices, locals.size()) || !world::grow(w.store.compounds, ci + 1) ||
      !world::grow(w.store.freeCompounds, w.store.compounds.size() + 1)) {
    return outOfMemory();
  }
  // Commit (nothing below allocates).
  std::size_t next = 0;
  for (Part& part : baked) {
    if (part.type == ShapeType::Polygon) part.polygon = w.store.takePolygon(std::move(locals[next++]));
  }
  if (ci == w.store.compounds.size()) {
    w.store.compounds.emplace_back();
  } else {
    w.store.freeCompounds.pop_back();
  }
  w.store.compounds[ci] = std::move(baked);
  Body b;
  b.type = ShapeType::Compound;
  b.polygon = static_cast<std::uint32_t>(ci);
  b.xf = xf;
  b.userId = userId;
  b.reach = world::floatUp(reach);
  out = w.commit(std::move(b), filter, static_cast<std::uint16_t>(parts.size()));
  return {};
}

Status World::addOutline(std::span<const Vec2> outline, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out, DecomposeInfo* info) {
  out = kNullBody;
  if (!polygonRoom(outline.size())) return outOfMemory();
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p;
    const Status st = Polygon::create(outline, p);
    if (st) return impl().addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
    if (st.error != Error::NotConvex) return st;
    std::vector<Polygon> pieces;
    if (Status d = decompose(outline, pieces, info); !d) return d;
    if (pieces.size() == 1) return impl().addBody(ShapeType::Polygon, nullptr, &pieces[0], xf, userId, filter, out);
    std::vector<BodyPart> parts;
    if (!world::reallocate(parts, pieces.size())) return outOfMemory();
    for (Polygon& q : pieces) parts.push_back(BodyPart{std::move(q), Transform{}});
    return addCompound(parts, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

// -- removing ----------------------------------------------------------------------------------------------------

// Never allocates: the free slots are a list through the slots, and freePolygons has room for every polygon.
Status World::remove(BodyHandle h) {
  Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  const std::uint32_t d = w.store.denseOf(*b);
  const std::uint32_t last = static_cast<std::uint32_t>(w.store.size() - 1);
  w.broad.removing(d, last, w.store.proxies);
  w.narrow.removing(d, last);
  w.store.remove(d);
  return {};
}

void World::clear() {
  while (bodyCount() > 0) (void)remove(bodies().back());
}

// A failure may leave some of the arrays with more capacity (heapBytes()); the bodies are untouched.
Status World::reserve(std::size_t bodies) {
  Impl& w = impl();
  const std::size_t n = std::min<std::size_t>(bodies, kMaxBodies);
  const bool ok = w.store.reserveExactly(n) && w.queries.reserveExactly(n) && w.narrow.reserveExactly(n) &&
                  w.pairs.reserveSlotsExactly(n);
  return ok ? Status{} : outOfMemory();
}

// -- moving ------------------------------------------------------------------------------------------------------

// A static body given its own transform again (bit for bit) is not moved: setTransforms over every body leaves the
// static ones binned. Any other move of a body binned in the static grid takes it out first (its old bounds find its
// entries), then updates it.
inline void World::Impl::moveBody(std::uint32_t k, const Transform& xf) {
  Body& b = store.bodies[k];
  if (world::sameBits(xf, b.xf)) return;  // (the same shape, bit for bit: nothing moves)
  broad.moving(k, store.proxies);  // (before its bounds change: a quiet step's grid finds its entries by them)
  if (store.proxies[k].kind != world::kDynamic) broad.movingStatic(k, store.proxies);
  const bool angleChanged = !(xf.angle == b.xf.angle);
  narrow.moved(k, xf.position - b.xf.position, angleChanged);  // (temporal coherence: how far it went, or turned)
  b.xf = xf;
  store.updateWorld(k, angleChanged);
}

Status World::setTransform(BodyHandle h, const Transform& xf) {
  if (Status s = checkTransform(h, xf); !s) return s;
  Impl& w = impl();
  w.moveBody(w.store.denseOf(*w.store.find(h)), xf);
  return {};
}

Status World::checkTransform(BodyHandle h, const Transform& xf) const {
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  if (Status s = validate(xf); !s) return s;
  if (!world::angleInRange(xf.angle) || !world::inRange(xf, w.store.reachOf(*b))) return outOfRange();
  return {};
}

Status World::setTransforms(std::span<const double> xya) {
  Impl& w = impl();
  const std::size_t n = w.store.size();
  if (xya.size() != 3 * n) return Status{Error::InvalidArgument, "transforms"};
  if (Status st; w.setTransformsThreaded(xya, st)) return st;  // (placement_threads.cpp: the same, on several threads)
  for (const double v : xya) {
    if (!std::isfinite(v)) return Status{Error::NotFinite, "transforms"};
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!world::angleInRange(xya[3 * i + 2]) ||
        !world::inRange({{xya[3 * i], xya[3 * i + 1]}, 0}, w.store.reachOf(w.store.bodies[i]))) {
      return Status{Error::InvalidArgument, "transforms"};
    }
  }
  for (std::uint32_t i = 0; i < n; ++i) w.moveBody(i, {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]});
  return {};
}

Status World::setTransforms(std::span<const BodyHandle> handles, std::span<const double> xya) {
  Impl& w = impl();
  if (xya.size() != 3 * handles.size()) return Status{Error::InvalidArgument, "transforms"};
  for (const BodyHandle h : handles) {
    if (w.store.find(h) == nullptr) return world::invalidHandle();
  }
  for (const double v : xya) {
    if (!std::isfinite(v)) return Status{Error::NotFinite, "transforms"};
  }
  for (std::size_t i = 0; i < handles.size(); ++i) {
    if (!world::angleInRange(xya[3 * i + 2]) ||
        !world::inRange({{xya[3 * i], xya[3 * i + 1]}, 0}, w.store.reachOf(*w.store.find(handles[i])))) {
      return Status{Error::InvalidArgument, "transforms"};
    }
  }
  for (std::size_t i = 0; i < handles.size(); ++i) {
    w.moveBody(w.store.denseOf(*w.store.find(handles[i])), {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]});
  }
  return {};
}

Status World::setStatic(BodyHandle h, bool isStatic) {
  Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr || (b->chain && !isStatic)) return world::invalidHandle();  // (a chain is always static)
  w.broad.setStatic(w.store.denseOf(*b), isStatic, w.store.proxies);
  return {};
}

Status World::setSensor(BodyHandle h, bool isSensor) {
  Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  if (b->sensor != isSensor) impl().narrow.resultsValid = false;  // (its pairs' results change: tested afresh)
  b->sensor = isSensor;
  return {};
}

Status World::getSensor(BodyHandle h, bool& out) const {
  out = false;
  const Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = b->sensor;
  return {};
}

Status World::setFilter(BodyHandle h, const Filter& filter) {
  Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  w.store.proxies[w.store.denseOf(*b)].filter = filter;
  w.broad.dropKept();  // (the kept candidates were filtered with the old filter)
  return {};
}

Status World::setUserId(BodyHandle h, double userId) {
  Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  b->userId = userId;
  return {};
}

// -- reading -----------------------------------------------------------------------------------------------------

bool World::isValid(BodyHandle body) const { return impl().store.find(body) != nullptr; }
std::size_t World::bodyCount() const { return impl().store.size(); }
std::span<const BodyHandle> World::bodies() const { return impl().store.handles; }

Status World::getStatic(BodyHandle h, bool& out) const {
  out = false;
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = w.store.proxies[w.store.denseOf(*b)].kind != world::kDynamic;
  return {};
}

Status World::getTransform(BodyHandle h, Transform& out) const {
  const Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = b->xf;
  return {};
}

Status World::getFilter(BodyHandle h, Filter& out) const {
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = w.store.proxies[w.store.denseOf(*b)].filter;
  return {};
}

Status World::getUserId(BodyHandle h, double& out) const {
  const Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = b->userId;
  return {};
}

Status World::getShapeType(BodyHandle h, ShapeType& out) const {
  const Body* b = impl().store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = b->chain ? ShapeType::Chain : b->type;
  return {};
}

Status World::getBounds(BodyHandle h, Aabb& out) const {
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = w.store.proxies[w.store.denseOf(*b)].box;
  return {};
}

Status World::getLocalShape(BodyHandle h, Shape& out) const {
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  return w.store.localShape(b->type, b->local, b->polygon, out);
}

Status World::getWorldShape(BodyHandle h, Shape& out) const {
  const Body* b = impl().store.find(h);
  if (b == nullptr || b->type == ShapeType::Compound) return world::invalidHandle();
  return world::copyShape(b->shape, out);
}

Status World::getPartCount(BodyHandle h, std::size_t& out) const {
  out = 0;
  const Impl& w = impl();
  const Body* b = w.store.find(h);
  if (b == nullptr) return world::invalidHandle();
  out = b->type == ShapeType::Compound ? w.store.compounds[b->polygon].size() : 1;
  return {};
}

Status World::getPartShape(BodyHandle h, std::size_t part, Shape& out) const {
  const Body* b;
  Status st;
  const Part* p = impl().store.findPart(h, part, b, st);
  if (!st) return st;
  return world::copyShape(p != nullptr ? p->shape : b->shape, out);
}

Status World::getLocalPartShape(BodyHandle h, std::size_t part, Shape& out) const {
  const Impl& w = impl();
  const Body* b;
  Status st;
  const Part* p = w.store.findPart(h, part, b, st);
  if (!st) return st;
  return p != nullptr ? w.store.localShape(p->type, p->local, p->polygon, out)
                      : w.store.localShape(b->type, b->local, b->polygon, out);
}

Status World::getPartBounds(BodyHandle h, std::size_t part, Aabb& out) const {
  const Impl& w = impl();
  const Body* b;
  Status st;
  const Part* p = w.store.findPart(h, part, b, st);
  if (!st) return st;
  out = p != nullptr ? p->box : w.store.proxies[w.store.denseOf(*b)].box;
  return {};
}

}  // namespace collide2d
