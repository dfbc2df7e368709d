// World internals: setTransforms(xya) over several threads (facade.h, World::setThreadCount).
//
// The same answers, the same errors and the same state as the one-thread loop (facade_bodies.cpp), on any number of
// threads, by construction. The bodies are cut into chunks of consecutive dense indices (4 per thread, at least
// ThreadTuning::minChunkBodies bodies each: fewer than twice that many are placed on one thread) and the call runs in
// three stages:
//  1. check (threaded): each chunk notes whether its numbers hold a non-finite value, a transform out of range, or a
//     static body. Then, on the calling thread: any non-finite value gives NotFinite, else any transform out of range
//     InvalidArgument ("transforms") — what the one-thread checks return, which do not depend on where the first bad
//     value is either — and nothing has changed yet.
//  2. static bodies (calling thread, in index order): each static body given another transform leaves the static
//     grid first (BroadPhase::movingStatic, which reads and writes only that body's proxy and the broad phase's own
//     state: it commutes with placing any other body).
//  3. place (threaded): each chunk moves its bodies as moveBody does (a static body given its own transform again
//     stays put): its drift (NarrowPhase::movedUnlisted: body k's own entry; the list of drifted bodies is given up
//     for this step, finish() then clears every drift), its transform, its world shape and bounds
//     (BodyStore::updateWorld with the chunk's own polygon scratch: every other write is body k's own record, its
//     polygon pair, its compound's parts or chain tree). Nothing reads another body's records, so every body gets the
//     bits the one-thread loop gives it.
// A Polygon::create on a worker (only for a polygon whose moved vertices are not plainly convex) uses that thread's
// own scratch ring (shapes.cpp, thread_local).
#include "world/facade.h"

#include "world/memory.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>

namespace collide2d {

namespace {

std::size_t minChunkBodies() {
  return std::max<std::size_t>(1, world::ThreadTuning::minChunkBodies.load(std::memory_order_relaxed));
}

Transform transformAt(const double* xya, std::size_t i) { return {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]}; }

}  // namespace

void World::Impl::checkChunk(void* self, std::size_t c) {
  World::Impl& w = *static_cast<World::Impl*>(self);
  world::PlaceChunk& ch = w.placeChunks[c];
  const double* xya = w.placeXya;
  bool notFinite = false, outOfRange = false, anyStatic = false;
  for (std::uint32_t i = ch.begin; i < ch.end; ++i) {
    const double x = xya[3 * i], y = xya[3 * i + 1], a = xya[3 * i + 2];
    notFinite |= !(std::isfinite(x) && std::isfinite(y) && std::isfinite(a));
    outOfRange |= !world::angleInRange(a) || !world::inRange({{x, y}, 0}, w.store.reachOf(w.store.bodies[i]));
    anyStatic |= w.store.proxies[i].kind != world::kDynamic;
  }
  ch.notFinite = notFinite;
  ch.outOfRange = outOfRange;
  ch.anyStatic = anyStatic;
}

void World::Impl::placeChunk(void* self, std::size_t c) {
  World::Impl& w = *static_cast<World::Impl*>(self);
  world::PlaceChunk& ch = w.placeChunks[c];
  const world::PlaceScratch scratch{ch.vertices, ch.hull};
  bool moved = false;
  for (std::uint32_t k = ch.begin; k < ch.end; ++k) {
    const Transform xf = transformAt(w.placeXya, k);
    world::Body& b = w.store.bodies[k];
    if (world::sameBits(xf, b.xf)) continue;  // (as moveBody: the same transform moves nothing)
    const bool angleChanged = !(xf.angle == b.xf.angle);
    w.narrow.movedUnlisted(k, xf.position - b.xf.position, angleChanged);
    b.xf = xf;
    w.store.updateWorld(k, angleChanged, scratch);
    moved = true;
  }
  ch.moved = moved;
}

bool World::Impl::setTransformsThreaded(std::span<const double> xya, Status& st) {
#if !COLLIDE2D_THREADS
  (void)xya;
  (void)st;
  return false;  // (no threads in this build: the one-thread loop)
#else
  const std::size_t n = store.size();
  if (pool == nullptr || helpers < 1 || placeChunkCount == 0 || n < 2 * minChunkBodies()) return false;
  const std::size_t m = std::min(placeChunkCount, n / minChunkBodies());
  // Each chunk's scratch as large as the store's (which holds the largest polygon): no chunk allocates while placing.
  for (std::size_t c = 0; c < m; ++c) {
    world::PlaceChunk& ch = placeChunks[c];
    if (!(world::grow(ch.vertices, store.vertexScratch.capacity()) &&
          world::grow(ch.hull, store.hullScratch.capacity()))) {
      return false;  // (the one-thread loop then runs: the same answers)
    }
    ch.begin = static_cast<std::uint32_t>(n * c / m);
    ch.end = static_cast<std::uint32_t>(n * (c + 1) / m);
  }
  world::ThreadTuning::threadedPlacements.fetch_add(1, std::memory_order_relaxed);
  placeXya = xya.data();
  pool->run(m, &checkChunk, this, helpers);
  bool notFinite = false, outOfRange = false, anyStatic = false;
  for (std::size_t c = 0; c < m; ++c) {
    notFinite |= placeChunks[c].notFinite;
    outOfRange |= placeChunks[c].outOfRange;
    anyStatic |= placeChunks[c].anyStatic;
  }
  if (notFinite || outOfRange) {
    placeXya = nullptr;
    st = notFinite ? Status{Error::NotFinite, "transforms"} : Status{Error::InvalidArgument, "transforms"};
    return true;
  }
  if (anyStatic) {
    for (std::size_t c = 0; c < m; ++c) {
      if (!placeChunks[c].anyStatic) continue;
      for (std::uint32_t k = placeChunks[c].begin; k < placeChunks[c].end; ++k) {
        if (store.proxies[k].kind == world::kDynamic) continue;
        const Transform xf = transformAt(xya.data(), k);
        if (!world::sameBits(xf, store.bodies[k].xf)) broad.movingStatic(k, store.proxies);
      }
    }
  }
  pool->run(m, &placeChunk, this, helpers);
  placeXya = nullptr;
  narrow.unlistDrifts();
  for (std::size_t c = 0; c < m; ++c) {
    if (placeChunks[c].moved) {
      broad.dirty = true;
      broad.movedUnfollowed(static_cast<std::uint32_t>(n));  // (not followed body by body: the next step is full)
    }
  }
  st = {};
  return true;
#endif
}

std::size_t World::Impl::placeHeapBytes() const {
  std::size_t bytes = placeChunkCount * sizeof(world::PlaceChunk);
  for (std::size_t c = 0; c < placeChunkCount; ++c) {
    bytes += world::capacityBytes(placeChunks[c].vertices) + world::capacityBytes(placeChunks[c].hull);
  }
  return bytes;
}

}  // namespace collide2d
