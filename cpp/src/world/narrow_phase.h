// World internals: the narrow phase. Tests the broad phase's candidate pairs on the bodies' world shapes (the
// compound bodies' parts pair by pair) and writes this step's touching pairs with their contacts or manifolds, by
// the World's contact mode. In PairsOnly mode with coherence it keeps certificates (temporal coherence, see world.h
// and coherence.h): per candidate pair tested, how far the two bodies may translate relative to each other without
// changing its answer, so that the next steps need not test it again.
//
// The tests are the core's collide / overlaps / collideManifold on the world shapes, with the smaller slot index as
// A: the results are bit-identical to the core's on getWorldShape().
#pragma once

#include "world/body_store.h"

#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace collide2d::world {

class ThreadPool;

/// The threads' knobs, for the tests (tests/native/world_threads_test.cpp): the fewest candidate pairs a chunk of the
/// narrow phase gets (a step with fewer than twice as many runs on one thread), and how many steps ran threaded; the
/// fewest bodies a chunk of setTransforms(xya) places (placement_threads.cpp: fewer than twice as many bodies are
/// placed on one thread), and how many setTransforms calls ran threaded.
struct ThreadTuning {
  static inline std::atomic<std::size_t> minChunkPairs{1024};
  static inline std::atomic<std::size_t> threadedSteps{0};
  static inline std::atomic<std::size_t> minChunkBodies{2048};
  static inline std::atomic<std::size_t> threadedPlacements{0};
  static inline std::atomic<std::size_t> threadedCertifies{0};  ///< steps whose certify() ran threaded
};

struct NarrowPhase {
  ContactMode mode = ContactMode::Contacts;
  bool coherence = true;  ///< World::setCoherence
  World::StepStats stats;

  // -- this step's results (pairs in candidate order; the pair set sorts them into keys) --
  std::vector<std::uint32_t> pairBodies;  ///< handle A, handle B
  std::vector<double> pairContacts;       ///< Contacts mode: World::kPairContactStride per pair
  std::vector<std::uint32_t> pairParts;   ///< pairs with a compound body: pair index, part of A, part of B
  std::vector<double> pairManifolds;      ///< Manifolds mode: World::kPairManifoldStride per pair

  // -- following the bodies (never allocate; reserve first) --
  bool reserve(std::size_t bodies);
  bool reserveExactly(std::size_t bodies);
  /// A body was added (the last dense index).
  void added();
  /// Body d is about to be removed and the last body to take its dense index.
  void removing(std::uint32_t d, std::uint32_t last);
  /// Body k moved by `d` and turned (its angle changed) or not: how far it went since the last step, rounded up (the
  /// length's own rounding and the float's), +infinity once it turned.
  void moved(std::uint32_t k, Vec2 d, bool turned) {
    if (!certsLive_) return;
    const float was = drift_[k];
    drift_[k] = drifted(was, d, turned);
    if (was == 0.0f && drift_[k] != 0.0f) drifted_.push_back(k);  // (once per body: capacity reserved)
  }
  /// moved() from one of several threads placing disjoint bodies (a threaded setTransforms): writes body k's drift
  /// only, without listing it; call unlistDrifts() (one thread) before the next step.
  void movedUnlisted(std::uint32_t k, Vec2 d, bool turned) {
    if (certsLive_) drift_[k] = drifted(drift_[k], d, turned);
  }
  /// Some drifts are not listed: finish() clears every body's.
  void unlistDrifts() { driftedValid_ = false; }

  // -- the stages of step() --
  /// Makes (every list free) or gives back the certificates' arrays for this step (PairsOnly mode with coherence).
  void prepare(std::size_t bodies, std::size_t bodyCapacity);
  /// Drops the candidates a valid certificate says are apart and flags those it says touch (kCertifiedHit);
  /// compacts `candidates` in place.
  void certify(std::vector<std::uint32_t>& candidates, const BodyStore& store, std::size_t begin = 0);
  /// Room for this step's results at their upper bounds (`candidates` pairs left after certify; part records);
  /// false (results unchanged) when memory can't be had.
  bool reserveResults(std::size_t candidates, std::size_t partPairBound);
  /// Replaces the previous results with the tests of `candidates` (never allocates: reserveResults first).
  /// From word `begin` on (begin > 0: a quiet step, appended to the records keepResults kept).
  void test(const std::vector<std::uint32_t>& candidates, const BodyStore& store, std::size_t begin = 0);

  // -- quiet steps (broad_phase.h): the results of pairs whose bodies did not move are the last step's --
  /// The last results may serve a quiet step: made by a step that completed (cleared by a sensor change), in
  /// resultsMode.
  bool resultsValid = false;
  ContactMode resultsMode = ContactMode::Contacts;
  /// Keeps in place, in order, the last step's records of the pairs neither of whose bodies moved (movedBits, by dense
  /// index), their part records renumbered; test(candidates, store, begin) then adds this step's other pairs.
  void keepResults(const BodyStore& store, const std::vector<std::uint64_t>& movedBits);

  // -- threads (narrow_phase_threads.cpp; World::setThreadCount) --
  /// Chunks for `threads` threads (1: none; the chunks' buffers grow in reserveChunks); false when memory can't be had.
  bool setThreads(int threads);
  /// certify() over fixed chunks of the candidates run by `pool` (`helpers` of its workers), when it uses
  /// certificates and there are more than one thread and enough candidates; false (nothing done) otherwise or when the
  /// chunks' lists cannot be had. The same candidates kept, flags, certificates and counts as certify(), bit for bit.
  bool certifyThreaded(std::vector<std::uint32_t>& candidates, const BodyStore& store, ThreadPool& pool, int helpers);
  /// Whether this step's `candidates` pairs (after certify) go to testThreaded: more than one thread and enough pairs.
  bool threaded(std::size_t candidates) const;
  /// Room in every chunk's buffers for its share of `candidates` pairs (call when threaded()); false: no memory.
  bool reserveChunks(std::size_t candidates, std::size_t partPairBound);
  /// test() over fixed chunks of the candidates run by `pool` (`helpers` of its workers), each chunk into its own buffers, merged in chunk
  /// order: the results (and the certificates made) are those of test(), bit for bit.
  void testThreaded(const std::vector<std::uint32_t>& candidates, const BodyStore& store, ThreadPool& pool,
                    int helpers);
  /// After a step: certificates neither made nor used by it are freed, and the drifts start again from zero.
  void finish();

  // -- memory --
  bool oversized() const;
  void releaseSlack();
  std::size_t heapBytes() const;

 private:
  /// A certificate of a candidate pair, kept in the list of one of its two bodies (kCacheWays per body, by dense
  /// index): the other body (kNullBody: a free entry), and a float in `bits`, the relative translation the two bodies
  /// may still make with the same answer, whose two low bits are flags (narrow_phase.cpp: kCacheHit, they touch;
  /// kCacheUsed, made or used by this step: unused entries are freed at the end of each step).
  struct PairCache {
    BodyHandle partner = kNullBody;
    std::uint32_t bits = 0;
  };
  static constexpr std::size_t kCacheWays = 3;
  /// Whether cache and drift exist (kCacheWays and 1 per body): only while step() uses them (prepare).
  bool certsLive_ = false;
  std::vector<PairCache> cache_;
  /// How far each body went since the last step (a sum of translation lengths, rounded up), +infinity once it turned
  /// (its angle changed: its certificates no longer hold). By dense index.
  std::vector<float> drift_;
  /// The bodies whose drift is not zero (reset at finish), by dense index; void after a removal (every drift reset).
  std::vector<std::uint32_t> drifted_;
  bool driftedValid_ = true;
  /// Which blocks of kBlockBodies bodies' lists may hold a certificate (bit b of word w: block 64 w + b): set when
  /// newCache fills an entry, cleared by finish when none is left, so that finish visits only those blocks (the level
  /// scene's 50k static bodies mostly hold none). One bit per 64 bodies.
  static constexpr std::size_t kBlockBodies = 64;
  static constexpr std::size_t blockWords(std::size_t bodies) { return (bodies + 64 * kBlockBodies - 1) / (64 * kBlockBodies); }
  std::vector<std::uint64_t> liveBlocks_;
  void markLive(std::uint32_t k) { liveBlocks_[k / (64 * kBlockBodies)] |= std::uint64_t{1} << (k / kBlockBodies % 64); }

  /// A certificate made by a chunk of a threaded step, given its place (newCache) when the chunks are merged.
  struct NewCert {
    std::uint32_t i, j, bits;
  };
  /// Where the tests write: the results (the World's, or a chunk's own buffers) and, in a threaded step, the
  /// certificates made (null: straight into the bodies' lists).
  struct Out {
    std::vector<std::uint32_t>& bodies;
    std::vector<double>& contacts;
    std::vector<std::uint32_t>& parts;
    std::vector<double>& manifolds;
    std::vector<NewCert>* certs;
  };
  /// A chunk of a threaded step: its candidates [begin, end) (uint32 positions) and its own buffers (chunk 0 writes
  /// the World's results and has only `certs`).
  struct Chunk {
    std::size_t begin = 0, end = 0;
    std::vector<std::uint32_t> bodies, parts;
    std::vector<double> contacts, manifolds;
    std::vector<NewCert> certs;
    // (certifyThreaded: the certificates found expired, by index in cache_, freed at the merge; how many candidate
    // words the chunk kept, compacted at its start, and how many it certified)
    std::vector<std::uint32_t> expired;
    std::size_t kept = 0, certified = 0;
  };
  std::unique_ptr<Chunk[]> chunks_;  ///< kChunksPerThread per thread (null for one thread)
  std::size_t chunkCount_ = 0;       ///< the chunks that exist
  std::size_t chunksUsed_ = 0;       ///< the chunks this step uses (reserveChunks)
  int threads_ = 1;
  const std::uint32_t* chunkCandidates_ = nullptr;  ///< during testThreaded: the candidates
  const BodyStore* chunkStore_ = nullptr;           ///< during testThreaded: the bodies

  /// The tests of candidates [cand, cand + n) into `out`.
  void testRange(const std::uint32_t* cand, std::size_t n, const BodyStore& store, Out& out);
  void testPair(const BodyStore& store, std::uint32_t i, std::uint32_t j, bool knownHit, Out& out);
  bool testBoolean(const BodyStore& store, std::uint32_t i, std::uint32_t j, Out& out);
  void testOther(const BodyStore& store, std::uint32_t i, std::uint32_t j, bool knownHit, Out& out);
  /// A candidate with a compound body (A: the smaller slot index); `sensor`: a body of the pair is a sensor.
  /// knownHit: a compound pair's certificate says a part pair touches (certify).
  void testParts(const BodyStore& store, std::uint32_t ka, std::uint32_t kb, bool sensor, bool knownHit, Out& out);
  /// testParts with a compound pair's certificate (narrow_phase.cpp); false: testParts tests as usual.
  bool certifiedParts(const BodyStore& store, std::uint32_t ka, std::uint32_t kb, const Pieces& pa, const Pieces& pb,
                      bool knownHit, Out& out);
  static void runChunk(void* self, std::size_t chunk);
  static void certifyChunk(void* self, std::size_t chunk);
  std::size_t certifyRange(std::uint32_t* cand, std::size_t begin, std::size_t end, const BodyHandle* handles,
                           std::vector<std::uint32_t>* expired, std::size_t& certified);
  std::uint32_t* chunkCandidatesMut_ = nullptr;     ///< during certifyThreaded: the candidates
  /// The records of a pair with a sensor body (world.h, "Sensors"): every number NaN; a manifold of no point.
  static Contact sensorContact() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Contact c;
    c.hit = true;
    c.normal = {nan, nan};
    c.depth = nan;
    c.point = {nan, nan};
    return c;
  }
  static Manifold sensorManifold() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Manifold mf;
    mf.normal = {nan, nan};
    mf.count = 0;
    return mf;
  }
  static float drifted(float was, Vec2 d, bool turned) {
    return turned ? std::numeric_limits<float>::infinity()
                  : floatUp((static_cast<double>(was) + std::sqrt(d.x * d.x + d.y * d.y)) * (1.0 + 0x1p-40));
  }
  /// The certificate of bodies ka, kb (dense indices), or null.
  PairCache* findCache(const BodyHandle* handles, std::uint32_t ka, std::uint32_t kb);
  /// A free entry (in ka's list, else kb's) for a new certificate of ka, kb; null when both lists are full.
  PairCache* newCache(const BodyHandle* handles, std::uint32_t ka, std::uint32_t kb);
  /// Appends c as a pairContacts record (room reserved).
  static void writeContact(const Contact& c, std::vector<double>& to);
  /// Appends m (count > 0) as a pairManifolds record (room reserved).
  static void writeManifold(const Manifold& m, std::vector<double>& to);
  /// Manifolds mode: appends the manifold of (a, b) when it has points; false when they do not touch.
  static bool appendManifold(const Shape& a, const Shape& b, std::vector<double>& to);
};

}  // namespace collide2d::world
