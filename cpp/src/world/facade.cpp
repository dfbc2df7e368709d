// World facade: runs the parts (body store, broad phase, narrow phase, pair set, queries; facade.h) in order.
// The bodies' side of the API is facade_bodies.cpp. Conventions: the top of world.h.
#include "world/facade.h"

#include "world/memory.h"

#include <new>

namespace collide2d {

World::World() {
  static_assert(sizeof(Impl) <= kImplBytes, "World::kImplBytes must hold World::Impl");
  static_assert(alignof(Impl) <= 16, "World's storage is aligned to 16");
  new (storage_) Impl();
}
World::~World() { impl().~Impl(); }
World::Impl& World::impl() noexcept { return *std::launder(reinterpret_cast<Impl*>(storage_)); }
const World::Impl& World::impl() const noexcept { return *std::launder(reinterpret_cast<const Impl*>(storage_)); }

// -- step --------------------------------------------------------------------------------------------------------

// Everything is allocated before anything visible changes: the grid (internal), the candidates (internal), then room
// for this step's results at their upper bounds (pairs <= candidates, begins <= pairs, ends <= the previous pairs);
// only then are the previous results replaced, by code that cannot allocate.
Status World::step() {
  Impl& w = impl();
  const bool quiet = w.broad.keptValid;  // (collect uses the kept candidates: broad_phase.h, "QUIET STEPS")
  if (!w.broad.update(w.store.proxies)) return world::outOfMemory();
  if (!w.broad.collect(w.store.proxies)) {
    w.broad.candidates.clear();
    return world::outOfMemory();
  }
  // A quiet step whose last results were made in this mode: the kept pairs' results are the last step's (their
  // bodies did not move), only the pairs after the kept ones are certified and tested.
  const std::size_t from = quiet ? w.broad.keptWords : 0;
  w.broad.endStep(w.store.size());  // (a quiet step keeps a copy of its candidates for the next one)
  const bool reuse = quiet && w.broad.armed && w.narrow.resultsValid && w.narrow.resultsMode == w.narrow.mode;
  w.narrow.stats = {w.broad.candidates.size() / 2, 0, quiet};
  w.narrow.prepare(w.store.size(), w.store.handles.capacity());
  // (the results are reserved for the candidates left)
#if COLLIDE2D_THREADS
  if (reuse || w.pool == nullptr || !w.narrow.certifyThreaded(w.broad.candidates, w.store, *w.pool, w.helpers)) {
    w.narrow.certify(w.broad.candidates, w.store, reuse ? from : 0);
  }
#else
  w.narrow.certify(w.broad.candidates, w.store, reuse ? from : 0);
#endif
  const std::size_t c = w.broad.candidates.size() / 2;
  const std::size_t partBound = w.broad.partPairBound + (w.broad.chainPairs > 0 ? w.chainPartBound() : 0);
  if (!(w.narrow.reserveResults(c, partBound) && w.pairs.reserve(c, w.store.slots.size()))) {
    w.broad.dropKept();  // (the kept copy is this step's, the results the last one's: the next step is a full one)
    return world::outOfMemory();  // (the pair set still holds the last step's end events)
  }
#if COLLIDE2D_THREADS
  // (Chunk buffers that cannot be had: this step runs on one thread, with the same answers.)
  if (!reuse && w.pool && w.narrow.threaded(c) && w.narrow.reserveChunks(c, w.broad.partPairBound)) {
    w.narrow.testThreaded(w.broad.candidates, w.store, *w.pool, w.helpers);
  } else
#endif
  {
    if (reuse) w.narrow.keepResults(w.store, w.broad.movedBits);
    w.narrow.test(w.broad.candidates, w.store, reuse ? from : 0);
  }
  w.narrow.resultsValid = true;
  w.narrow.resultsMode = w.narrow.mode;
  w.broad.clearMoved();
  w.pairs.update(w.narrow.pairBodies, w.store.slots.size());
  w.releaseSlack();
  w.narrow.finish();
  return {};
}

// The part pairs the candidates with a chain body can touch: per such candidate, the chain's segments whose bounds
// meet the other body's times the other's parts (a few tree descents; a chain of 10,000 segments would otherwise
// reserve 10,000 records per candidate).
std::size_t World::Impl::chainPartBound() const {
  std::size_t bound = 0;
  const std::vector<std::uint32_t>& cand = broad.candidates;
  for (std::size_t k = 0; k < cand.size(); k += 2) {
    if ((cand[k + 1] & world::kCompoundPair) == 0) continue;
    std::uint32_t i = cand[k] & world::kCandidateIndex, j = cand[k + 1] & world::kCandidateIndex;
    if (store.proxies[i].parts != world::kChainParts) std::swap(i, j);
    if (store.proxies[i].parts != world::kChainParts) continue;
    const Aabb& box = store.proxies[j].box;
    std::size_t segments = 0;
    store.piecesAt(i).visit([&](const Aabb& b) { return world::boundsOverlap(b, box); }, [&](std::uint32_t) { ++segments; });
    bound += segments * std::max<std::uint16_t>(store.proxies[j].parts, 1);
  }
  return bound;
}

// Hysteresis: a light frame between heavy ones keeps the heavy frames' buffers (releasing them made the next heavy
// frame 6-11x slower).
void World::Impl::releaseSlack() {
  constexpr std::uint32_t kSteps = 120;
  const bool over = broad.oversized() || narrow.oversized() || pairs.oversized();
  slackSteps = over ? slackSteps + 1 : 0;
  if (slackSteps < kSteps) return;
  slackSteps = 0;
  broad.releaseSlack();
  narrow.releaseSlack();
  pairs.releaseSlack();
}

std::span<const std::uint32_t> World::pairBodies() const { return impl().narrow.pairBodies; }
std::span<const double> World::pairContacts() const { return impl().narrow.pairContacts; }
std::span<const double> World::pairManifolds() const { return impl().narrow.pairManifolds; }
std::span<const std::uint32_t> World::pairParts() const { return impl().narrow.pairParts; }
std::span<const std::uint32_t> World::beginEvents() const { return impl().pairs.begin; }
std::span<const std::uint32_t> World::endEvents() const { return impl().pairs.ends(); }

void World::setContactMode(ContactMode mode) {
  if (mode == ContactMode::Contacts || mode == ContactMode::PairsOnly || mode == ContactMode::Manifolds) {
    impl().narrow.mode = mode;
  }
}
ContactMode World::contactMode() const { return impl().narrow.mode; }
void World::setCoherence(bool on) { impl().narrow.coherence = on; }
bool World::coherence() const { return impl().narrow.coherence; }
World::StepStats World::stepStats() const { return impl().narrow.stats; }

// The pool is made here, never in step(): a step allocates nothing once warm (its chunks' buffers grow as the
// results do). In a build without threads (WebAssembly without -pthread) there is no pool and n must be 1.
Status World::setThreadCount(int n) {
#if !COLLIDE2D_THREADS
  return n == 1 ? Status{} : Status{Error::InvalidArgument, "threadCount"};
#else
  Impl& w = impl();
  if (n < 1 || n > maxThreadCount()) return Status{Error::InvalidArgument, "threadCount"};
  if (n == threadCount()) return {};
  std::unique_ptr<world::ThreadPool> own;
  world::ThreadPool* pool = nullptr;
  if (n > 1) {
#if defined(__EMSCRIPTEN__)
    pool = world::ThreadPool::shared(maxThreadCount() - 1);  // (thread_pool.h: one pool for every World)
#else
    own = world::ThreadPool::create(n - 1);
    pool = own.get();
#endif
    if (pool == nullptr) return Status{Error::OutOfMemory, "threadCount"};
  }
  const std::size_t placeChunks = n > 1 ? Impl::kPlaceChunksPerThread * static_cast<std::size_t>(n) : 0;
  std::unique_ptr<world::PlaceChunk[]> chunks;
  if (placeChunks > 0) {
    chunks.reset(new (std::nothrow) world::PlaceChunk[placeChunks]);
    if (!chunks) return world::outOfMemory();
  }
  if (!w.narrow.setThreads(n)) return world::outOfMemory();
  w.placeChunks = std::move(chunks);
  w.placeChunkCount = placeChunks;
  w.ownPool = std::move(own);
  w.pool = pool;
  w.helpers = n - 1;
  return {};
#endif
}
int World::threadCount() const { return impl().helpers + 1; }

// (COLLIDE2D_MAX_THREADS: the threaded WebAssembly module's pool of workers + 1, web/wasm/CMakeLists.txt. A
// pthread_create beyond that pool would start its worker only after the step waiting for it returned.)
int World::maxThreadCount() {
#if !COLLIDE2D_THREADS
  return 1;
#elif defined(COLLIDE2D_MAX_THREADS)
  return COLLIDE2D_MAX_THREADS;
#else
  return 64;
#endif
}

void World::setCellSize(double size) { impl().broad.setCellSize(size); }
double World::cellSize() const { return impl().broad.cellSize(); }

// -- queries -----------------------------------------------------------------------------------------------------

// The same as queryShape on the box (one code path: the module is smaller, the answers identical).
Status World::queryAabb(const Aabb& box, std::uint32_t mask) { return queryShape(Shape{box}, mask); }
Status World::queryPoint(Vec2 point, std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.queryPoint(w.store, w.broad, point, mask);
}
Status World::queryShape(const Shape& shape, std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.queryShape(w.store, w.broad, shape, mask);
}
std::span<const BodyHandle> World::queryResults() const { return impl().queries.results; }
std::span<const std::uint32_t> World::queryParts() const { return impl().queries.parts; }

Status World::raycast(const Ray& ray, std::uint32_t mask) {
  RayHit hit;
  BodyHandle body;
  return raycast(ray, hit, body, mask);
}
Status World::raycast(const Ray& ray, RayHit& hit, BodyHandle& body, std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.raycast(w.store, w.broad, ray, hit, body, mask);
}
Status World::raycastAll(const Ray& ray, std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.raycastAll(w.store, w.broad, ray, mask);
}
std::span<const double> World::rayHits() const { return impl().queries.rayHits; }
std::span<const std::uint32_t> World::rayHitParts() const { return impl().queries.rayHitParts; }

Status World::castShape(const Shape& shape, const Transform& xf, Vec2 translation, WorldCastHit& out,
                        std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.castShape(w.store, w.broad, shape, xf, translation, out, mask);
}
Status World::castShape(const Shape& shape, const Transform& xf, Vec2 translation, std::uint32_t mask) {
  WorldCastHit h;
  return castShape(shape, xf, translation, h, mask);
}
Status World::moveAndSlide(const Shape& shape, const Transform& xf, Vec2 displacement, int maxIterations,
                           WorldSlideResult& out, std::uint32_t mask) {
  Impl& w = impl();
  SlideOptions options;
  options.maxIterations = maxIterations;
  return w.queries.moveAndSlide(w.store, w.broad, shape, xf, displacement, options, out, mask);
}

Status World::moveAndSlide(const Shape& shape, const Transform& xf, Vec2 displacement, const SlideOptions& options,
                           WorldSlideResult& out, std::uint32_t mask) {
  Impl& w = impl();
  return w.queries.moveAndSlide(w.store, w.broad, shape, xf, displacement, options, out, mask);
}

// -- accounting --------------------------------------------------------------------------------------------------

std::size_t World::heapBytes() const {
  const Impl& w = impl();
  return w.store.heapBytes() + w.broad.heapBytes() + w.narrow.heapBytes() + w.pairs.heapBytes() +
         w.queries.heapBytes() + w.placeHeapBytes();
}

}  // namespace collide2d
