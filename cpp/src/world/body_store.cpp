// World internals: the body store (body_store.h): slots and handles, placement of world shapes, compound parts.
#include "world/body_store.h"

#include "world/memory.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <utility>
#include <variant>

#include "trig/trig.h"

namespace collide2d::world {

// (std::memcpy: Emscripten 3.1.6's libc++ has no std::bit_cast.) Out of line: one copy for every caller.
__attribute__((noinline)) float floatDown(double v) {
  if (v >= static_cast<double>(FLT_MAX)) return FLT_MAX;
  if (!(v > -static_cast<double>(FLT_MAX))) return -std::numeric_limits<float>::infinity();
  float f = static_cast<float>(v);
  if (f == 0.0f) f = -0.0f;  // so that one step down from zero is -denorm_min
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  const std::uint32_t up = static_cast<double>(f) > v ? 1u : 0u;
  const std::uint32_t dir = 2u * (bits >> 31) - 1u;  // +1 for negative floats, -1 (mod 2^32) for positive
  bits += up * dir;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

namespace {

double reachOf(Vec2 p) { return std::fabs(p.x) + std::fabs(p.y); }

// The convex hull of `pts` (counter-clockwise, no collinear vertices) by Andrew's monotone chain with the exact
// orient(): `hull` needs capacity 2 * pts.size() + 1 (no allocation here). `pts` is sorted in place.
void convexHull(std::vector<Vec2>& pts, std::vector<Vec2>& hull) {
  std::qsort(pts.data(), pts.size(), sizeof(Vec2), [](const void* x, const void* y) {
    const Vec2 a = *static_cast<const Vec2*>(x), b = *static_cast<const Vec2*>(y);
    if (a.x != b.x) return a.x < b.x ? -1 : 1;
    return a.y < b.y ? -1 : a.y > b.y ? 1 : 0;
  });
  hull.clear();
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const Vec2 p = pass == 0 ? pts[k] : pts[pts.size() - 1 - k];
      while (hull.size() >= base + 2 && orient(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();  // the last point of each chain starts the other
  }
}

// True when Polygon::create(v) would return v as it is: at least 3 points, every consecutive triple (cyclically)
// turning strictly left by the exact orient(), and the edge directions winding around exactly once (the same test
// as create's: each sweep enters the upper half-plane of directions once).
bool convexCcw(std::span<const Vec2> v) {
  const std::size_t n = v.size();
  if (n < 3) return false;
  if (orient(v[n - 1], v[0], v[1]) <= 0 || orient(v[n - 2], v[n - 1], v[0]) <= 0) return false;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (orient(v[i - 1], v[i], v[i + 1]) <= 0) return false;
  }
  const auto upward = [](Vec2 from, Vec2 to) { return to.y > from.y || (to.y == from.y && to.x > from.x); };
  std::size_t windings = 0;
  bool wasUpward = upward(v[n - 1], v[0]);
  for (std::size_t i = 0; i < n; ++i) {
    const bool up = upward(v[i], v[i + 1 < n ? i + 1 : 0]);
    if (up && !wasUpward) ++windings;
    wasUpward = up;
  }
  return windings == 1;
}

}  // namespace

double reachOfLocal(ShapeType type, const double* l, std::span<const Vec2> polygon) {
  double r = 0.0;
  switch (type) {
    case ShapeType::Polygon:
      for (const Vec2 v : polygon) r = std::max(r, reachOf(v));
      return r;
    case ShapeType::Circle: return reachOf({l[0], l[1]}) + l[2];
    case ShapeType::Aabb: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]})) + reachOf({l[2] - l[0], l[3] - l[1]});
    case ShapeType::Box: return reachOf({l[0], l[1]}) + 2 * reachOf({l[2], l[3]});
    case ShapeType::Capsule: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]})) + l[4];
    default: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]}));
  }
}

ShapeType paramsOf(const Shape& shape, double out[5]) {
  std::fill(out, out + 5, 0.0);
  if (const Circle* c = std::get_if<Circle>(&shape)) {
    out[0] = c->center.x, out[1] = c->center.y, out[2] = c->radius;
    return ShapeType::Circle;
  }
  if (const Aabb* a = std::get_if<Aabb>(&shape)) {
    out[0] = a->min.x, out[1] = a->min.y, out[2] = a->max.x, out[3] = a->max.y;
    return ShapeType::Aabb;
  }
  if (const Box* b = std::get_if<Box>(&shape)) {
    out[0] = b->center.x, out[1] = b->center.y, out[2] = b->halfExtents.x, out[3] = b->halfExtents.y, out[4] = b->angle;
    return ShapeType::Box;
  }
  if (const Capsule* c = std::get_if<Capsule>(&shape)) {
    out[0] = c->a.x, out[1] = c->a.y, out[2] = c->b.x, out[3] = c->b.y, out[4] = c->radius;
    return ShapeType::Capsule;
  }
  if (const Segment* g = std::get_if<Segment>(&shape)) {
    out[0] = g->a.x, out[1] = g->a.y, out[2] = g->b.x, out[3] = g->b.y;
    return ShapeType::Segment;
  }
  return ShapeType::Polygon;
}

Status copyShape(const Shape& shape, Shape& out) {
  const Polygon* p = std::get_if<Polygon>(&shape);
  if (p != nullptr && !polygonRoom(p->size())) return outOfMemory();
#if defined(__cpp_exceptions)
  try {
    out = shape;
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#else
  out = shape;
#endif
  return {};
}

// Every array of the store that grows with the bodies, for n bodies; remove() then never allocates (the free slots
// are linked through the slots themselves; freePolygons has room for every polygon).
bool BodyStore::reserve(std::size_t n, std::size_t polygonVertices, std::size_t newPolygons) {
  const std::size_t polys = polygons.size() + newPolygons;
  return grow(bodies, n, 4) && grow(proxies, n, 4) && grow(handles, n, 4) && grow(slots, slotsFor(n), 4) &&
         grow(polygons, polys, 4) && grow(freePolygons, polys, 4) && grow(vertexScratch, polygonVertices) &&
         grow(hullScratch, 2 * polygonVertices + 1);
}

bool BodyStore::reserveExactly(std::size_t n) {
  return growExactly(bodies, n) && growExactly(proxies, n) && growExactly(handles, n) && growExactly(slots, n);
}

void PolygonPair::measure() {
  const std::size_t n = local.size();
  reach = 0.0;
  minTurn = n >= 3 ? std::numeric_limits<double>::infinity() : 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = local[(i + n - 1) % n], b = local[i], c = local[(i + 1) % n];
    reach = std::max(reach, reachOf(b));
    const double turn = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);  // orient(a, b, c), in doubles
    minTurn = std::min(minTurn, turn > 0.0 ? turn : 0.0);
  }
  // (computed in doubles, each turn is off by at most 24 ulps of reach^2: that much and more is taken off)
  minTurn -= 64.0 * 0x1p-53 * reach * reach;
  if (!(minTurn > 0.0)) minTurn = 0.0;
}

std::uint32_t BodyStore::takePolygon(std::vector<Vec2>&& local) {
  std::uint32_t pi;
  if (!freePolygons.empty()) {
    pi = freePolygons.back();
    freePolygons.pop_back();
  } else {
    pi = static_cast<std::uint32_t>(polygons.size());
    polygons.emplace_back();
  }
  polygons[pi].local = std::move(local);
  polygons[pi].measure();
  return pi;
}

std::uint32_t BodyStore::commit(Body&& b, const Filter& filter, std::uint16_t parts) {
  std::uint32_t index;
  if (freeSlot != kNoSlot) {
    index = freeSlot;
    freeSlot = slots[index].dense;  // (a free slot's dense field links the next free one)
  } else {
    index = static_cast<std::uint32_t>(slots.size());
    slots.emplace_back();
  }
  Slot& slot = slots[index];
  slot.live = true;
  slot.dense = static_cast<std::uint32_t>(bodies.size());
  b.handle = makeHandle(index, slot.generation);
  bodies.push_back(std::move(b));
  proxies.emplace_back();
  proxies.back().filter = filter;
  proxies.back().parts = parts;
  const std::uint32_t k = slot.dense;
  updateWorld(k, true);
  handles.push_back(bodies.back().handle);
  return k;
}

void BodyStore::remove(std::uint32_t d) {
  const std::uint32_t index = indexOf(bodies[d].handle);
  Slot& slot = slots[index];
  if (bodies[d].type == ShapeType::Polygon) freePolygons.push_back(bodies[d].polygon);
  if (bodies[d].type == ShapeType::Compound) {
    std::vector<Part>& parts = compounds[bodies[d].polygon];
    for (const Part& p : parts) {
      if (p.type == ShapeType::Polygon) freePolygons.push_back(p.polygon);
    }
    std::vector<Part>().swap(parts);  // (gives its memory back; the polygons' storage stays in polygons)
    if (bodies[d].chain) chains[bodies[d].polygon] = ChainTree{};
    freeCompounds.push_back(bodies[d].polygon);
  }
  const std::uint32_t last = static_cast<std::uint32_t>(bodies.size() - 1);
  if (d != last) {
    bodies[d] = std::move(bodies[last]);
    proxies[d] = proxies[last];
    handles[d] = handles[last];
    slots[indexOf(handles[d])].dense = d;
  }
  bodies.pop_back();
  proxies.pop_back();
  handles.pop_back();
  slot.live = false;
  if (slot.generation < kMaxGeneration) {
    ++slot.generation;
    slot.dense = freeSlot;
    freeSlot = index;
  }  // else: retired, so that no stale handle can ever match again
}

// The world polygon: exactly what Polygon::create makes of the transformed vertices (so collide() on a polygon
// built from getWorldShape()'s vertices gives the same bits). When rounding the transform has made those vertices
// non-convex, their convex hull; when it has put them on one line (a small polygon far from the origin), the
// Segment between the two extreme points (a point: a zero-length segment) — the shape they actually span.
void BodyStore::updatePolygon(Shape& shape, PolygonPair& pp, Vec2 pos, double c, double s, PlaceScratch scratch) {
  const std::span<const Vec2> local = pp.local;
  scratch.vertices.resize(local.size());  // capacity reserved when the body was added
  for (std::size_t i = 0; i < local.size(); ++i) scratch.vertices[i] = pos + rotate(local[i], c, s);
  if (!std::holds_alternative<Polygon>(shape)) {  // back from a degenerate frame: the storage returns
    shape = Polygon{};
    std::swap(std::get<Polygon>(shape), pp.spare);
  }
  Polygon& world = std::get<Polygon>(shape);
  // Fast paths: when every turn of the moved vertices is strictly counter-clockwise and the boundary winds once,
  // Polygon::create would return them unchanged (nothing duplicate, collinear, reversed or star-shaped), so
  // assignNormalized gives its result bit for bit instead of create's three passes and copies.
  // First without looking at the moved vertices: the placement is a similarity (the rounded cos and sin) followed by
  // rounding, which moves each vertex by at most rho = 1.5 u (|position| + 3.2 reach) from the exact image (u = 2^-53;
  // the rotation's two products and sum, the translation's sum). The exact image keeps every turn of the local polygon
  // (scaled by c^2 + s^2 >= 1 - 3u); moving the three points of a turn by rho changes orient(a, b, c) by at most
  // 2 rho (|b - a| + |c - a|) + 4 rho^2 <= 8 rho reach + 4 rho^2. So a polygon whose smallest turn exceeds that keeps
  // every turn left (and winds once: no exterior angle can cross 0 or pi). Then no orientation is computed at all
  // (measured: 1.0 million instructions less per 10k benchmark frame, the 2,500 polygons' convexity checks).
  const double rho = 1.5 * 0x1p-53 * (std::max(std::fabs(pos.x), std::fabs(pos.y)) + 3.2 * pp.reach);
  if (0.99 * pp.minTurn > rho * (8.0 * pp.reach + 4.0 * rho)) {
    Polygon::assignNormalized(scratch.vertices, world);  // world's storage holds this many vertices: no allocation
    return;
  }
  // Else with the exact orient() at every vertex (a polygon small beside its distance from the origin).
  if (convexCcw(scratch.vertices)) {
    Polygon::assignNormalized(scratch.vertices, world);  // world's storage holds this many vertices: no allocation
    return;
  }
  Status st;
#if defined(__cpp_exceptions)
  try {
#endif
    st = Polygon::create(scratch.vertices, world);  // reuses world's storage and the thread's ring: no allocation
    if (!st && st.error == Error::NotConvex) {
      convexHull(scratch.vertices, scratch.hull);
      st = scratch.hull.size() >= 3 ? Polygon::create(scratch.hull, world) : Status{Error::Collinear, "points"};
    }
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    // Only when this thread's first Polygon::create ring cannot grow: the rotated local polygon instead.
    Polygon::assignNormalized(scratch.vertices, world);
    return;
  }
#endif
  if (st) return;
  // On one line: the extreme points in (x, y) order are its ends.
  Vec2 lo = scratch.vertices[0], hi = scratch.vertices[0];
  for (const Vec2 v : scratch.vertices) {
    if (v.x < lo.x || (v.x == lo.x && v.y < lo.y)) lo = v;
    if (v.x > hi.x || (v.x == hi.x && v.y > hi.y)) hi = v;
  }
  std::swap(world, pp.spare);
  shape = Segment{lo, hi};
}

Aabb BodyStore::place(ShapeType type, const double* l, std::uint32_t polygon, Shape& shape, const Transform& xf,
                      double c, double s, PlaceScratch scratch) {
  const Vec2 pos = xf.position;
  switch (type) {
    case ShapeType::Circle: {
      const Circle world{pos + rotate(Vec2{l[0], l[1]}, c, s), l[2]};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Aabb: {
      const Aabb local{{l[0], l[1]}, {l[2], l[3]}};
      if (xf.angle == 0.0) {
        const Aabb world{local.min + pos, local.max + pos};
        shape = world;
        return world;
      }
      const Box world{pos + rotate(local.center(), c, s), local.halfExtents(), xf.angle};
      shape = world;
      const double ac = std::fabs(c), as = std::fabs(s);
      const Vec2 e{ac * world.halfExtents.x + as * world.halfExtents.y,
                   as * world.halfExtents.x + ac * world.halfExtents.y};
      return {world.center - e, world.center + e};
    }
    case ShapeType::Box: {
      const Box world{pos + rotate(Vec2{l[0], l[1]}, c, s), {l[2], l[3]}, l[4] + xf.angle};
      shape = world;
      if (l[4] == 0.0) {  // the box's own angle is 0: its world rotation is the transform's (cos, sin known)
        const double ac = std::fabs(c), as = std::fabs(s);
        const Vec2 e{ac * l[2] + as * l[3], as * l[2] + ac * l[3]};
        return {world.center - e, world.center + e};
      }
      return bounds(world);
    }
    case ShapeType::Polygon: {
      updatePolygon(shape, polygons[polygon], pos, c, s, scratch);
      const Polygon* p = std::get_if<Polygon>(&shape);
      return p != nullptr ? bounds(*p) : bounds(std::get<Segment>(shape));
    }
    case ShapeType::Segment: {
      const Segment world{pos + rotate(Vec2{l[0], l[1]}, c, s), pos + rotate(Vec2{l[2], l[3]}, c, s)};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Capsule: {
      const Capsule world{pos + rotate(Vec2{l[0], l[1]}, c, s), pos + rotate(Vec2{l[2], l[3]}, c, s), l[4]};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Compound:
    case ShapeType::Chain: break;  // (not a piece)
  }
  return {};
}

// A compound body's bounds: the union of its parts' widened bounds.
void BodyStore::updateWorld(std::uint32_t k, bool angleChanged, PlaceScratch scratch) {
  Body& b = bodies[k];
  if (angleChanged) {
    detail::sincos(b.xf.angle, &b.sinAngle, &b.cosAngle);
  }
  Aabb& box = proxies[k].box;
  if (b.type != ShapeType::Compound) {
    box = inflate(place(b.type, b.local, b.polygon, b.shape, b.xf, b.cosAngle, b.sinAngle, scratch));
    return;
  }
  bool first = true;
  for (Part& p : compounds[b.polygon]) {
    p.box = inflate(place(p.type, p.local, p.polygon, p.shape, b.xf, b.cosAngle, b.sinAngle, scratch));
    box = first ? p.box : Aabb{{std::min(box.min.x, p.box.min.x), std::min(box.min.y, p.box.min.y)},
                               {std::max(box.max.x, p.box.max.x), std::max(box.max.y, p.box.max.y)}};
    first = false;
  }
  if (b.chain) chains[b.polygon].refit(compounds[b.polygon].data());
}

bool ChainTree::build(std::uint32_t n, bool isLoop) {
  const std::uint32_t blocks = (n + kLeaf - 1) / kLeaf;
  std::uint32_t p = 1;
  while (p < blocks) p *= 2;
  if (!growExactly(nodes, 2 * std::size_t{p})) return false;
  nodes.assign(2 * std::size_t{p}, Aabb{});
  leaves = p;
  count = n;
  loop = isLoop;
  return true;
}

void ChainTree::walk(const Part* parts, bool (*test)(void*, const Aabb&), void (*f)(void*, std::uint32_t),
                     void* ctx) const {
  if (count == 0) return;
  std::uint32_t stack[64];
  int top = 0;
  stack[top++] = 1;
  while (top > 0) {
    const std::uint32_t node = stack[--top];
    if (!test(ctx, nodes[node])) continue;
    if (node >= leaves) {
      const std::uint32_t first = (node - leaves) * kLeaf, last = std::min(first + kLeaf, count);
      for (std::uint32_t i = first; i < last; ++i) {
        if (test(ctx, parts[i].box)) f(ctx, i);
      }
      continue;
    }
    stack[top++] = 2 * node + 1;  // (right pushed first: the left one, lower segments, comes out first)
    stack[top++] = 2 * node;
  }
}

void ChainTree::refit(const Part* parts) {
  const double inf = std::numeric_limits<double>::infinity();
  const Aabb empty{{inf, inf}, {-inf, -inf}};  // (overlaps nothing)
  auto join = [](const Aabb& a, const Aabb& b) {
    return Aabb{{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)},
                {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
  };
  for (std::uint32_t leaf = 0; leaf < leaves; ++leaf) {
    Aabb box = empty;
    const std::uint32_t first = leaf * kLeaf, last = std::min(first + kLeaf, count);
    for (std::uint32_t i = first; i < last; ++i) box = join(box, parts[i].box);
    nodes[leaves + leaf] = box;
  }
  for (std::uint32_t node = leaves; node-- > 1;) nodes[node] = join(nodes[2 * node], nodes[2 * node + 1]);
}

double BodyStore::exactReach(const Body& b) const {
  if (b.type != ShapeType::Compound) {
    return reachOfLocal(b.type, b.local, b.type == ShapeType::Polygon ? std::span<const Vec2>(polygons[b.polygon].local)
                                                                      : std::span<const Vec2>());
  }
  double r = 0.0;
  for (const Part& p : compounds[b.polygon]) {
    r = std::max(r, reachOfLocal(p.type, p.local, p.type == ShapeType::Polygon ? std::span<const Vec2>(polygons[p.polygon].local)
                                                                               : std::span<const Vec2>()));
  }
  return r;
}

Status BodyStore::localShape(ShapeType type, const double* l, std::uint32_t polygon, Shape& out) const {
  switch (type) {
    case ShapeType::Circle: out = Circle{{l[0], l[1]}, l[2]}; break;
    case ShapeType::Aabb: out = Aabb{{l[0], l[1]}, {l[2], l[3]}}; break;
    case ShapeType::Box: out = Box{{l[0], l[1]}, {l[2], l[3]}, l[4]}; break;
    case ShapeType::Polygon: {  // (the normals again: Polygon::create's own, bit for bit)
      const std::vector<Vec2>& v = polygons[polygon].local;
      if (!polygonRoom(v.size())) return outOfMemory();
#if defined(__cpp_exceptions)
      try {
#endif
        Polygon p;
        Polygon::assignNormalized(v, p);
        out = std::move(p);
#if defined(__cpp_exceptions)
      } catch (const std::bad_alloc&) {
        return outOfMemory();
      }
#endif
      break;
    }
    case ShapeType::Segment: out = Segment{{l[0], l[1]}, {l[2], l[3]}}; break;
    case ShapeType::Capsule: out = Capsule{{l[0], l[1]}, {l[2], l[3]}, l[4]}; break;
    case ShapeType::Compound:
    case ShapeType::Chain: return invalidHandle();  // (no single shape: the parts')
  }
  return {};
}

const Part* BodyStore::findPart(BodyHandle h, std::size_t part, const Body*& body, Status& st) const {
  body = find(h);
  st = {};
  if (body == nullptr) {
    st = invalidHandle();
    return nullptr;
  }
  const std::size_t count = body->type == ShapeType::Compound ? compounds[body->polygon].size() : 1;
  if (part >= count) {
    st = Status{Error::InvalidArgument, "part"};
    return nullptr;
  }
  return body->type == ShapeType::Compound ? &compounds[body->polygon][part] : nullptr;
}

std::size_t BodyStore::heapBytes() const {
  std::size_t bytes = capacityBytes(bodies) + capacityBytes(proxies) + capacityBytes(handles) + capacityBytes(slots) +
                      capacityBytes(polygons) + capacityBytes(freePolygons) + capacityBytes(vertexScratch) +
                      capacityBytes(hullScratch) + capacityBytes(compounds) + capacityBytes(freeCompounds) +
                      capacityBytes(chains);
  for (const ChainTree& t : chains) bytes += capacityBytes(t.nodes);
  auto polygonBytes = [&](std::uint32_t polygon, const Shape& shape) {
    const Polygon* world = std::get_if<Polygon>(&shape);
    if (world == nullptr) world = &polygons[polygon].spare;
    bytes += (polygons[polygon].local.capacity() + world->vertices().size() + world->normals().size()) * sizeof(Vec2);
  };
  for (const Body& b : bodies) {
    if (b.type == ShapeType::Polygon) polygonBytes(b.polygon, b.shape);
    if (b.type != ShapeType::Compound) continue;
    bytes += capacityBytes(compounds[b.polygon]);
    for (const Part& p : compounds[b.polygon]) {
      if (p.type == ShapeType::Polygon) polygonBytes(p.polygon, p.shape);
    }
  }
  return bytes;
}

}  // namespace collide2d::world
