// World internals: the body store. Handles and slots, each body's local shape, transform and world shape
// (placement), compound bodies' parts, and the per-body record the broad phase reads (Proxy). Bodies live in dense
// arrays (index k: "dense index"); removing a body moves the last one into its place (swap-remove). The other parts
// keep per-body arrays of their own by the same dense index and follow every add / remove (facade_bodies.cpp runs them).
//
// World shapes (the contract is at the top of world.h): a polygon's world shape is Polygon::create of its
// transformed vertices (bit for bit what collide() sees on getWorldShape()), rebuilt in place without allocating;
// rounding that makes those points non-convex gives their convex hull, rounding that puts them on one line the
// Segment between the extreme points.
#pragma once

#include "world/common.h"

#include <collide2d/world.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace collide2d::world {

/// A polygon body's (or part's) local vertices, and the world polygon's storage while its world shape is a
/// degenerate Segment.
struct PolygonPair {
  std::vector<Vec2> local;  ///< the local polygon's vertices (as Polygon::create made them; the world polygon lives
                            ///< in Body::shape or Part::shape)
  Polygon spare;
  /// How far the local polygon is from losing a turn: a lower bound of min over vertices of orient(previous, vertex,
  /// next) (twice the area of that triangle), and the polygon's reach, max |x| + |y| (see BodyStore::updatePolygon).
  double minTurn = 0.0, reach = 0.0;
  /// Sets minTurn and reach from local.
  void measure();
};

/// A compound body's part: its local form (kept as a body of one shape keeps it: type, numbers, polygon) and its
/// world form with its widened bounds, recomputed whenever the body moves.
struct Part {
  Shape shape;                ///< world shape
  Aabb box;                   ///< bounds(shape) widened as getBounds widens a body's
  std::uint32_t polygon = 0;  ///< index in polygons (Polygon parts)
  ShapeType type = ShapeType::Circle;
  double local[5] = {};  ///< as Body::local
};

/// A chain body's index over its segments (its parts, in chain order): an implicit binary tree over blocks of
/// kLeaf consecutive segments, each node the union of its blocks' widened bounds (a polyline's consecutive segments
/// lie together, so a query descends to the few blocks it meets). Built when the chain is added (its size never
/// changes), refitted in place (no allocation) when the chain moves. Also the chain's shape: open or a loop.
struct ChainTree {
  static constexpr std::uint32_t kLeaf = 8;
  std::vector<Aabb> nodes;     ///< heap order: node 1 the root, 2i and 2i + 1 its children, leaves at [leaves, 2 leaves)
  std::uint32_t leaves = 0;    ///< a power of two >= the blocks
  std::uint32_t count = 0;     ///< segments
  bool loop = false;           ///< the last segment joins the last point to the first
  bool live() const { return count > 0; }
  /// Room for n segments (nodes sized); false when memory can't be had.
  bool build(std::uint32_t n, bool isLoop);
  /// Recomputes the nodes from the parts' widened bounds. Never allocates.
  void refit(const Part* parts);
  /// Calls f(i) for every segment i, in increasing order, whose bounds pass `test` (a predicate on an Aabb that is
  /// conservative: true for a node whenever it is for a box inside it). Never allocates.
  template <class T, class F> void visit(const Part* parts, T&& test, F&& f) const {
    using TT = std::remove_reference_t<T>;
    using FF = std::remove_reference_t<F>;
    struct Ctx {
      TT* test;
      FF* f;
    } ctx{&test, &f};
    walk(parts, [](void* c, const Aabb& box) { return (*static_cast<Ctx*>(c)->test)(box); },
         [](void* c, std::uint32_t i) { (*static_cast<Ctx*>(c)->f)(i); }, &ctx);
  }
  /// The walk itself, out of line (one copy of it in the module whatever the callers; body_store.cpp).
  void walk(const Part* parts, bool (*test)(void*, const Aabb&), void (*f)(void*, std::uint32_t), void* ctx) const;
};

/// The convex pieces of a body as the narrow phase and the queries see them: a compound body's parts, or the body's
/// own world shape with its bounds (count 1, parts null); a chain's segments with its tree.
struct Pieces {
  const Part* parts = nullptr;
  std::uint32_t count = 1;
  const Shape* shape = nullptr;
  const Aabb* box = nullptr;
  const ChainTree* chain = nullptr;  ///< a chain body's index (its parts are its segments)
  const Shape& shapeOf(std::uint32_t i) const { return parts != nullptr ? parts[i].shape : *shape; }
  const Aabb& boxOf(std::uint32_t i) const { return parts != nullptr ? parts[i].box : *box; }
  /// Calls f(i) for every piece i, in increasing order, whose bounds pass `test` (see ChainTree::visit): a chain's
  /// through its tree, any other body's one by one.
  template <class T, class F> void visit(T&& test, F&& f) const {
    if (chain != nullptr) {
      chain->visit(parts, test, f);
      return;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
      if (test(boxOf(i))) f(i);
    }
  }
};

struct Body {
  // What the narrow phase reads, first and together.
  Shape shape;  ///< the world shape; a polygon is updated in place (no allocation)
  BodyHandle handle = kNullBody;
  // The rest.
  std::uint32_t polygon = 0;  ///< index in polygons (Polygon bodies: the local polygon) or compounds (Compound)
  ShapeType type = ShapeType::Circle;
  bool sensor = false;        ///< World::setSensor (in the padding after type)
  bool chain = false;         ///< a chain body (type Compound, its parts its segments; chains[polygon] its tree)
  /// Max over the local shape's points of |x| + |y| (bounds every rotation of it), rounded up to a float (in the
  /// padding after `type`); +infinity when beyond floats: then BodyStore::reachOf recomputes it.
  float reach = 0.0f;
  Transform xf;
  double cosAngle = 1.0, sinAngle = 0.0;  ///< of xf.angle
  double userId = 0.0;
  double local[5] = {};  ///< circle: cx cy r; aabb: minx miny maxx maxy; box: cx cy hx hy angle; segment: ax ay bx by;
                         ///< capsule: ax ay bx by r
};

/// Proxy::kind: a moving body; a static body binned in the broad phase's static grid; a static body binned with the
/// moving ones.
constexpr std::uint8_t kDynamic = 0, kStaticBinned = 1, kStaticLoose = 2;

/// What the broad phase reads of each body, by dense index: bounds (see World::getBounds) and filter. The store
/// writes box, filter and parts; the broad phase writes kind (binned or loose, for a static body) and large.
struct Proxy {
  Aabb box;
  Filter filter;
  std::uint8_t kind = kDynamic;  ///< kDynamic, kStaticBinned or kStaticLoose
  std::uint8_t large = 0;        ///< spans more than World::kMaxCellsPerBody cells of its grid (listed in its large)
  /// A compound body's part count; 0 for a body of one shape; a chain body: kChainParts (its part pairs are bounded
  /// through its tree, not by a count). (16 bits: the proxy stays 48 bytes.)
  std::uint16_t parts = 0;
};
/// Proxy::parts of a chain body (compounds have at most World::kMaxParts = 4096 parts).
constexpr std::uint16_t kChainParts = 0x8000;
static_assert(sizeof(Proxy) == 48, "the broad phase reads proxies in its hot loops: keep them 48 bytes");

/// Where a polygon's placement works: its transformed vertices and their convex hull (capacities reserved). The
/// store's own (BodyStore::vertexScratch, hullScratch), or a thread's in a threaded setTransforms.
struct PlaceScratch {
  std::vector<Vec2>& vertices;
  std::vector<Vec2>& hull;
};

struct BodyStore {
  struct Slot {
    std::uint32_t dense = 0;       ///< index in bodies when live; when free, the next free slot (or kNoSlot)
    std::uint16_t generation = 0;  ///< 12 bits used
    bool live = false;
  };
  static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;

  std::vector<Body> bodies;
  std::vector<Proxy> proxies;
  std::vector<BodyHandle> handles;  ///< bodies[k].handle, compact (World::bodies())
  std::vector<Slot> slots;
  std::uint32_t freeSlot = kNoSlot;  ///< the last slot freed; each free slot's dense field holds the next one
  std::vector<PolygonPair> polygons;
  std::vector<std::uint32_t> freePolygons;
  std::vector<std::vector<Part>> compounds;  ///< compound bodies' parts (Body::polygon indexes it)
  std::vector<std::uint32_t> freeCompounds;
  std::vector<ChainTree> chains;  ///< by compounds' index: a chain body's tree (empty for the other compounds)
  std::vector<Vec2> vertexScratch, hullScratch;  ///< a polygon's transformed vertices / their convex hull

  std::size_t size() const { return bodies.size(); }
  Body* find(BodyHandle h) {
    const std::uint32_t i = indexOf(h);
    if (i >= slots.size()) return nullptr;
    const Slot& s = slots[i];
    if (!s.live || makeHandle(i, s.generation) != h) return nullptr;
    return &bodies[s.dense];
  }
  const Body* find(BodyHandle h) const { return const_cast<BodyStore*>(this)->find(h); }
  std::uint32_t denseOf(const Body& b) const { return static_cast<std::uint32_t>(&b - bodies.data()); }
  /// No free slot and no room for another: the body limit (World::kMaxBodies).
  bool full() const { return freeSlot == kNoSlot && slots.size() >= World::kMaxBodies; }
  /// The slots needed to hold n bodies once one more is added.
  std::size_t slotsFor(std::size_t n) const { return std::max(slots.size() + (freeSlot == kNoSlot ? 1 : 0), n); }

  /// Room for n bodies (every per-body array of the store, the polygon scratch); false when memory can't be had.
  bool reserve(std::size_t n, std::size_t polygonVertices, std::size_t newPolygons);
  /// Exactly n bodies (World::reserve).
  bool reserveExactly(std::size_t n);
  /// A free entry of polygons now holding `local` (room reserved by reserve()). Never allocates.
  std::uint32_t takePolygon(std::vector<Vec2>&& local);
  /// Commits a new body (every capacity reserved; never allocates): its slot, handle, proxy and world shape.
  /// Returns its dense index (the last).
  std::uint32_t commit(Body&& b, const Filter& filter, std::uint16_t parts);
  /// Removes body d (swap-remove: the last body takes its place) and retires or frees its slot. Never allocates.
  void remove(std::uint32_t d);

  /// Recomputes body k's world shape and bounds; cos / sin of the angle only when `angleChanged`. Never allocates.
  /// With `scratch` (a thread's own, each as large as the store's: a threaded setTransforms, placement_threads.cpp)
  /// it touches nothing but body k's own records, so bodies can be placed on several threads at once.
  void updateWorld(std::uint32_t k, bool angleChanged) { updateWorld(k, angleChanged, ownScratch()); }
  void updateWorld(std::uint32_t k, bool angleChanged, PlaceScratch scratch);
  /// The world form of a local shape (type, numbers, polygons[polygon]) under xf (c, s: its cos, sin) into `shape`;
  /// returns bounds(shape), not widened. Never allocates.
  Aabb place(ShapeType type, const double* local, std::uint32_t polygon, Shape& shape, const Transform& xf, double c,
             double s) {
    return place(type, local, polygon, shape, xf, c, s, ownScratch());
  }
  Aabb place(ShapeType type, const double* local, std::uint32_t polygon, Shape& shape, const Transform& xf, double c,
             double s, PlaceScratch scratch);
  /// A polygon's world shape from its local vertices (see the top of this file).
  void updatePolygon(Shape& shape, PolygonPair& pp, Vec2 position, double c, double s) {
    updatePolygon(shape, pp, position, c, s, ownScratch());
  }
  void updatePolygon(Shape& shape, PolygonPair& pp, Vec2 position, double c, double s, PlaceScratch scratch);
  PlaceScratch ownScratch() { return {vertexScratch, hullScratch}; }

  /// A body's reach (Body::reach), recomputed exactly when it is beyond floats.
  double reachOf(const Body& b) const {
    return std::isfinite(b.reach) ? static_cast<double>(b.reach) : exactReach(b);
  }
  double exactReach(const Body& b) const;
  /// A local shape kept as (type, numbers, polygon) as a Shape (OutOfMemory for a polygon's copy).
  Status localShape(ShapeType type, const double* local, std::uint32_t polygon, Shape& out) const;
  /// The body of handle h and its part `part`: null part for a body of one shape; `st` non-ok (and body or part
  /// null) for a bad handle or part.
  const Part* findPart(BodyHandle h, std::size_t part, const Body*& body, Status& st) const;
  Pieces piecesAt(std::uint32_t k) const {
    const Body& b = bodies[k];
    if (b.type != ShapeType::Compound) return Pieces{nullptr, 1, &b.shape, &proxies[k].box};
    const std::vector<Part>& parts = compounds[b.polygon];
    return Pieces{parts.data(), static_cast<std::uint32_t>(parts.size()), nullptr, nullptr,
                  b.chain ? &chains[b.polygon] : nullptr};
  }

  std::size_t heapBytes() const;
};

/// Max over the points of a local shape of |x| + |y| (bounds every rotation of it about the origin).
double reachOfLocal(ShapeType type, const double* local, std::span<const Vec2> polygon);
/// Any world shape of a local shape with this reach under this position has |coordinates| <= |position| + reach
/// (|cos|, |sin| <= 1; rounding adds a few ulps, far below the margin to kMaxCoordinate's double range).
inline bool inRange(const Transform& xf, double reach) {
  return std::max(std::fabs(xf.position.x), std::fabs(xf.position.y)) + reach <= kMaxCoordinate;
}
/// The type and numbers (Body::local's layout) of a shape that is not a polygon (Polygon: type only).
ShapeType paramsOf(const Shape& shape, double out[5]);
/// out = shape (a Shape or a Polygon), OutOfMemory (out unchanged) when a polygon's copy cannot be had.
Status copyShape(const Shape& shape, Shape& out);

}  // namespace collide2d::world
