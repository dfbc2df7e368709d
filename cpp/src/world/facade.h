// World internals: the facade's state. The parts a World holds (world.h keeps them in place) and what the facade
// does with several of them at once. Each part has its own header: body_store.h, broad_phase.h, narrow_phase.h,
// pair_set.h, queries.h.
#pragma once

#include "world/body_store.h"
#include "world/broad_phase.h"
#include "world/narrow_phase.h"
#include "world/pair_set.h"
#include "world/queries.h"
#include "world/thread_pool.h"

#include <collide2d/world.h>

namespace collide2d {

namespace world {
/// A range of bodies [begin, end) of a threaded setTransforms(xya) (placement_threads.cpp): what its check found,
/// whether it placed a body, and its own polygon scratch.
struct PlaceChunk {
  std::uint32_t begin = 0, end = 0;
  bool notFinite = false, outOfRange = false, anyStatic = false, moved = false;
  std::vector<Vec2> vertices, hull;
};
}  // namespace world

struct World::Impl {
  world::BodyStore store;
  world::BroadPhase broad;
  world::NarrowPhase narrow;
  world::PairSet pairs;
  world::Queries queries;
  std::uint32_t slackSteps = 0;  ///< consecutive steps whose result buffers were far larger than needed
  std::unique_ptr<world::ThreadPool> ownPool;  ///< natively, setThreadCount(n > 1): n - 1 workers
  world::ThreadPool* pool = nullptr;           ///< the pool step() uses (ownPool, or the shared one in WebAssembly)
  int helpers = 0;                             ///< threadCount() - 1: the pool's workers a step uses
  static constexpr std::size_t kPlaceChunksPerThread = 4;  // (a thread that finishes early takes another chunk)
  std::unique_ptr<world::PlaceChunk[]> placeChunks;  ///< threaded setTransforms: per thread 4 (null for one thread)
  std::size_t placeChunkCount = 0;
  const double* placeXya = nullptr;                  ///< (during a threaded setTransforms: its argument)

  /// Room for n bodies in every part's per-body arrays (and the polygon scratch); false when memory can't be had.
  bool reserveBodies(std::size_t n, std::size_t polygonVertices, std::size_t newPolygons) {
    const std::size_t slots = store.slotsFor(n);
    return store.reserve(n, polygonVertices, newPolygons) && queries.reserve(n) && narrow.reserve(n) &&
           pairs.reserveSlots(slots);
  }
  /// Adds a body of one shape (type, numbers; polygon: its local polygon, whose storage becomes the world polygon's).
  Status addBody(ShapeType type, const double* params, Polygon* polygon, const Transform& xf, double userId,
                 const Filter& filter, BodyHandle& out);
  /// Commits a new body (every capacity reserved: never allocates) and returns its handle.
  BodyHandle commit(world::Body&& b, const Filter& filter, std::uint16_t parts) {
    const std::uint32_t k = store.commit(std::move(b), filter, parts);
    narrow.added();
    broad.dirty = true;
    broad.membersDirty = true;
    broad.dropKept();
    return store.handles[k];
  }
  /// Moves body k (setTransform / setTransforms): a static body given its current transform bit for bit stays put.
  void moveBody(std::uint32_t k, const Transform& xf);
  /// setTransforms(xya) (its size checked) over the pool's threads, into `st`: false when this call is not threaded
  /// (one thread, too few bodies, or no room for the chunks' scratch), and nothing was done (placement_threads.cpp).
  bool setTransformsThreaded(std::span<const double> xya, Status& st);
  static void checkChunk(void* self, std::size_t chunk);  // (the threaded setTransforms' two stages)
  static void placeChunk(void* self, std::size_t chunk);
  /// The threaded setTransforms' chunks and scratch (heapBytes).
  std::size_t placeHeapBytes() const;
  /// The part pairs this step's candidates with a chain body can touch (facade.cpp).
  std::size_t chainPartBound() const;
  /// Result buffers far larger than their contents for many steps in a row give their slack back.
  void releaseSlack();
};

}  // namespace collide2d
