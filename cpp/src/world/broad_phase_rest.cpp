// World internals: quiet steps of the broad phase (broad_phase.h, "QUIET STEPS"). When few bodies moved since the
// last step, grid is kept: a moved body's entries are marked stale (it is "displaced", binned in movers until grid's
// next full rebuild), and the candidates are the last step's, less the pairs with a body moved since, plus the moved
// bodies' pairs (against movers, grid's live entries and statics). A body that does not move costs nothing here.
#include "world/broad_phase.h"

#include "world/grid_pairs.h"
#include "world/memory.h"

#include <algorithm>
#include <cstring>

// (Out of line, as the file's -Os in the wasm build: once per step or per moved body, not per pair; inlined into
// World::step's binding they cost 1.5 KB gzip.)

namespace collide2d::world {

namespace {

template <class V> void release(V& v) { V().swap(v); }
inline void setBit(std::vector<std::uint64_t>& bits, std::uint32_t k) { bits[k >> 6] |= std::uint64_t{1} << (k & 63); }
inline void clearBit(std::vector<std::uint64_t>& bits, std::uint32_t k) {
  bits[k >> 6] &= ~(std::uint64_t{1} << (k & 63));
}

}  // namespace

__attribute__((noinline)) void BroadPhase::follow(std::uint32_t k, std::vector<Proxy>& proxies) {
  if (proxies[k].kind != kDynamic || k >= 64 * movedBits.size()) {
    ++movesSinceStep;
    dropKept();  // (a static body binned with the moving ones: rare, a full step)
    needFull = true;
    return;
  }
  if (isMoved(k)) return;  // (counted once per step: while quiet, movesSinceStep <= displaced.size())
  ++movesSinceStep;
  if (isDisplaced(k)) {
    setBit(movedBits, k);
    return;
  }
  if (displaced.size() >= displacedLimit) {  // too many displaced: grid is rebuilt
    dropKept();
    needFull = true;
    return;
  }
  relabelIn(grid, k, kStaleEntry, proxies);  // (its bounds are still those grid was built with)
  setBit(displacedBits, k);
  setBit(movedBits, k);
  displaced.push_back(k);  // (capacity: displacedLimit)
}

__attribute__((noinline)) void BroadPhase::clearDisplaced() {
  for (const std::uint32_t k : displaced) {
    clearBit(displacedBits, k);
    clearBit(movedBits, k);
  }
  displaced.clear();
  movers.entries.size = 0;
  movers.large.clear();
  movers.bounds = {};
}

__attribute__((noinline)) void BroadPhase::clearMoved() {
  for (const std::uint32_t k : displaced) clearBit(movedBits, k);
}

__attribute__((noinline)) void BroadPhase::endStep(std::size_t bodies) {
  const std::uint32_t limit = static_cast<std::uint32_t>(members.size() / 8 + 16);
  const bool quiet = movesSinceStep <= limit;
  movesSinceStep = 0;
  keptValid = false;
  if (!quiet) {
    if (armed) disarm();
    return;
  }
  // Armed for the next step: room for the displaced bodies, a bit per body, and a copy of this step's candidates.
  const std::size_t words = (bodies + 63) / 64;
  if (!(growExactly(displaced, limit) && growExactly(displacedBits, words) && growExactly(movedBits, words) &&
        grow(kept, candidates.size()))) {
    dropKept();  // (no memory: the next step is a full one)
    return;
  }
  if (displacedBits.size() < words) {
    displacedBits.resize(words, 0);
    movedBits.resize(words, 0);
  }
  displacedLimit = limit;
  kept.resize(candidates.size());
  if (!candidates.empty()) std::memcpy(kept.data(), candidates.data(), candidates.size() * sizeof(std::uint32_t));
  armed = true;
  keptValid = true;
}

__attribute__((noinline)) void BroadPhase::disarm() {
  if (!displaced.empty()) {  // (grid holds stale entries: rebuilt at the next update)
    needFull = true;
    dirty = true;
  }
  clearDisplaced();
  armed = false;
  keptValid = false;
  displacedLimit = 0;
  release(displaced);
  release(displacedBits);
  release(movedBits);
  release(kept);
  release(found);
  movers = Grid{};
}

// The pairs of this step: the kept ones without a moved body (their bodies' bounds, filters and kinds are as they
// were: any other change drops the kept candidates), then, for the moved bodies, their pairs among the displaced
// (movers), with grid's live entries and large bodies, and with statics. Each pair once: a kept pair has no moved
// body, a new one has one; movers and grid's live entries hold disjoint bodies. False: out of memory.
__attribute__((noinline)) bool BroadPhase::collectQuiet(const std::vector<Proxy>& proxies) {
  candidates.clear();
  partPairBound = 0;
  chainPairs = 0;
  bool ok = true;
  const Proxy* bb = proxies.data();
  auto emit = [&](std::uint32_t i, std::uint32_t j) {
    if (!emitCandidate(bb, i, j)) ok = false;
  };
  if (!grow(candidates, kept.size() + kept.size() / 8 + 64)) return false;
  for (std::size_t p = 0; p < kept.size(); p += 2) {
    const std::uint32_t i = kept[p], j = kept[p + 1];
    if (isMoved(i) || isMoved(j & kCandidateIndex)) continue;
    if ((j & kCompoundPair) != 0) countParts(bb, i, j & kCandidateIndex);
    candidates.push_back(i);
    candidates.push_back(j);
  }
  keptWords = candidates.size();
  auto emitMoved = [&](std::uint32_t i, std::uint32_t j) {
    if (isMoved(i) || isMoved(j)) emit(i, j);
  };
  forGridPairs(movers, emitMoved, ok);
  for (std::size_t li = 0; li < movers.large.size() && ok; ++li) {
    const std::uint32_t l = movers.large[li];
    for (const std::uint32_t k : displaced) {
      if ((bb[k].large && k <= l) || k == l) continue;
      emitMoved(l, k);
    }
  }
  for (std::size_t m = 0; m < displaced.size() && ok; ++m) {
    const std::uint32_t k = displaced[m];
    if (!isMoved(k)) continue;
    const Aabb& a = bb[k].box;
    for (const std::uint32_t l : grid.large) emit(l, k);
    found.clear();
    if (!searchGrid(a, proxies, found)) return false;
    for (const std::uint32_t j : found) emit(k, j);
    if (statics.empty()) continue;
    // (its static partners are searched afresh, in its own bounds; the cache of the last full step is forgotten)
    if (k < cacheOf.size()) cacheOf[k] = kNoCache;
    if (bb[k].large) {  // (every binned static body, statics' large ones included, as in collect)
      for (std::uint32_t s = 0; s < proxies.size(); ++s) {
        if (bb[s].kind == kStaticBinned) emit(k, s);
      }
      continue;
    }
    for (const std::uint32_t l : statics.large) emit(k, l);
    nextPartners.clear();
    if (!searchStatics(a, proxies)) return false;
    for (const std::uint32_t s : nextPartners) emit(k, s);
  }
  return ok;
}

}  // namespace collide2d::world
