// World internals: the narrow phase over several threads (narrow_phase.h, World::setThreadCount).
//
// Bit-identical to one thread by construction: the candidates (after certify, which stays on the calling thread) are
// cut into chunks of consecutive candidates; chunk k's tests write only chunk k's buffers (chunk 0: the World's result
// arrays themselves), and the certificates a test makes are not put in place by the test but listed in the chunk's
// `certs`. After every chunk is done, the calling thread appends the chunks' results in chunk order (a compound
// pair's part records get the pair index they would have had) and gives the listed certificates their places
// (newCache) in that same order. The tests read only the body store and the mode, which no chunk writes, so every
// result is computed as on one thread, and the concatenation in candidate order is exactly what test() writes; the
// certificates land where test() would have put them, because test() also makes them in candidate order and nothing
// in the step reads them before the merge. Where the chunk boundaries fall (how many threads) changes nothing.
#include "world/memory.h"
#include "world/narrow_phase.h"
#include "world/thread_pool.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace collide2d::world {

namespace {
constexpr std::size_t kChunksPerThread = 4;  // (a thread that finishes early takes another chunk)
// (ThreadTuning::minChunkPairs, 1024: below, a chunk costs more to hand over than its tests)
std::size_t minChunkPairs() { return std::max<std::size_t>(1, ThreadTuning::minChunkPairs.load(std::memory_order_relaxed)); }
}  // namespace

bool NarrowPhase::setThreads(int threads) {
  if (threads <= 1) {
    chunks_.reset();
    chunkCount_ = chunksUsed_ = 0;
    threads_ = 1;
    return true;
  }
  const std::size_t n = kChunksPerThread * static_cast<std::size_t>(threads);
  std::unique_ptr<Chunk[]> c(new (std::nothrow) Chunk[n]);
  if (!c) return false;
  chunks_ = std::move(c);
  chunkCount_ = n;
  chunksUsed_ = 0;
  threads_ = threads;
  return true;
}

// certify() by chunks of consecutive candidates. What a chunk writes: its own candidates (compacted at the start of
// its range), the bits of the certificates of its own candidates (each pair is one candidate), and its own lists and
// counts. What certify() does besides, freeing an expired certificate (partner = kNullBody), is listed and done at the
// merge, in chunk order: in certify() no later candidate can see that entry anyway (a lookup matches a live handle,
// never kNullBody), and no other chunk may write a list entry it reads. The merge moves each chunk's kept
// candidates after the previous chunk's: the order certify() keeps.
bool NarrowPhase::certifyThreaded(std::vector<std::uint32_t>& candidates, const BodyStore& store, ThreadPool& pool,
                                  int helpers) {
  const std::size_t c = candidates.size() / 2;
  if (!certsLive_ || !threaded(c)) return false;
  const std::size_t m = std::min(chunkCount_, c / minChunkPairs());
  for (std::size_t k = 0; k < m; ++k) {
    Chunk& ch = chunks_[k];
    ch.begin = 2 * (c * k / m);
    ch.end = 2 * (c * (k + 1) / m);
    if (!grow(ch.expired, (ch.end - ch.begin) / 2, 5)) return false;
  }
  ThreadTuning::threadedCertifies.fetch_add(1, std::memory_order_relaxed);
  chunkCandidatesMut_ = candidates.data();
  chunkStore_ = &store;
  pool.run(m, &NarrowPhase::certifyChunk, this, helpers);
  chunkCandidatesMut_ = nullptr;
  chunkStore_ = nullptr;
  std::uint32_t* cand = candidates.data();
  std::size_t out = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const Chunk& ch = chunks_[k];
    if (out != ch.begin) std::memmove(cand + out, cand + ch.begin, ch.kept * sizeof(std::uint32_t));
    out += ch.kept;
    stats.certified += ch.certified;
    for (const std::uint32_t e : ch.expired) cache_[e].partner = kNullBody;
  }
  candidates.resize(out);
  return true;
}

bool NarrowPhase::threaded(std::size_t c) const { return threads_ > 1 && c >= 2 * minChunkPairs(); }

bool NarrowPhase::reserveChunks(std::size_t c, std::size_t partPairBound) {
  const std::size_t m = std::min(chunkCount_, c / minChunkPairs());
  const bool contacts = mode == ContactMode::Contacts, manifolds = mode == ContactMode::Manifolds;
  for (std::size_t k = 0; k < m; ++k) {
    Chunk& ch = chunks_[k];
    ch.begin = 2 * (c * k / m);
    ch.end = 2 * (c * (k + 1) / m);
    const std::size_t pairs = (ch.end - ch.begin) / 2;
    if (!grow(ch.certs, certsLive_ ? pairs : 0, 5)) return false;
    if (k == 0) continue;  // (chunk 0 writes the World's arrays: reserveResults)
    if (!(grow(ch.bodies, 2 * pairs, 5) && grow(ch.contacts, contacts ? World::kPairContactStride * pairs : 0, 5) &&
          grow(ch.parts, World::kPairPartStride * partPairBound, 5) &&
          grow(ch.manifolds, manifolds ? World::kPairManifoldStride * pairs : 0, 5))) {
      return false;
    }
  }
  chunksUsed_ = m;
  return true;
}

void NarrowPhase::runChunk(void* self, std::size_t k) {
  NarrowPhase& np = *static_cast<NarrowPhase*>(self);
  Chunk& ch = np.chunks_[k];
  ch.certs.clear();
  const std::uint32_t* cand = np.chunkCandidates_ + ch.begin;
  if (k == 0) {
    Out out{np.pairBodies, np.pairContacts, np.pairParts, np.pairManifolds, &ch.certs};
    np.testRange(cand, ch.end - ch.begin, *np.chunkStore_, out);
    return;
  }
  ch.bodies.clear();
  ch.contacts.clear();
  ch.parts.clear();
  ch.manifolds.clear();
  Out out{ch.bodies, ch.contacts, ch.parts, ch.manifolds, &ch.certs};
  np.testRange(cand, ch.end - ch.begin, *np.chunkStore_, out);
}

// (Appends within the capacity reserveResults made: never allocates.)
void NarrowPhase::testThreaded(const std::vector<std::uint32_t>& candidates, const BodyStore& store, ThreadPool& pool,
                               int helpers) {
  pairBodies.clear();
  pairContacts.clear();
  pairParts.clear();
  pairManifolds.clear();
  chunkCandidates_ = candidates.data();
  chunkStore_ = &store;
  ThreadTuning::threadedSteps.fetch_add(1, std::memory_order_relaxed);
  pool.run(chunksUsed_, &NarrowPhase::runChunk, this, helpers);
  chunkCandidates_ = nullptr;
  chunkStore_ = nullptr;
  const BodyHandle* handles = store.handles.data();
  for (std::size_t k = 0; k < chunksUsed_; ++k) {
    Chunk& ch = chunks_[k];
    if (k > 0) {
      const auto offset = static_cast<std::uint32_t>(pairBodies.size() / World::kPairBodyStride);
      pairBodies.insert(pairBodies.end(), ch.bodies.begin(), ch.bodies.end());
      pairContacts.insert(pairContacts.end(), ch.contacts.begin(), ch.contacts.end());
      pairManifolds.insert(pairManifolds.end(), ch.manifolds.begin(), ch.manifolds.end());
      for (std::size_t r = 0; r < ch.parts.size(); r += World::kPairPartStride) {
        pairParts.push_back(ch.parts[r] + offset);
        pairParts.push_back(ch.parts[r + 1]);
        pairParts.push_back(ch.parts[r + 2]);
      }
    }
    for (const NewCert& nc : ch.certs) {
      if (PairCache* e = newCache(handles, nc.i, nc.j)) e->bits = nc.bits;
    }
  }
}

}  // namespace collide2d::world
