// World internals: the pair set (pair_set.h).
#include "world/pair_set.h"

#include "world/common.h"
#include "world/memory.h"

#include <algorithm>
#include <cstdlib>

namespace collide2d::world {

namespace {
constexpr std::uint64_t keyOf(BodyHandle a, BodyHandle b) { return (std::uint64_t{a} << 32) | b; }
constexpr BodyHandle keyA(std::uint64_t k) { return static_cast<BodyHandle>(k >> 32); }
constexpr BodyHandle keyB(std::uint64_t k) { return static_cast<BodyHandle>(k); }
/// Order of the pair keys: slot A, then slot B, then the whole key (generations), a total order.
constexpr bool keyLess(std::uint64_t x, std::uint64_t y) {
  const std::uint32_t ax = indexOf(keyA(x)), ay = indexOf(keyA(y));
  if (ax != ay) return ax < ay;
  const std::uint32_t bx = indexOf(keyB(x)), by = indexOf(keyB(y));
  if (bx != by) return bx < by;
  return x < y;
}

// The key lists hold each key as two uint32 (handle A, handle B): the end events are a list of the same layout, kept
// in place in the previous step's keys (see diff).
std::uint64_t keyAt(const std::uint32_t* v, std::size_t i) { return keyOf(v[2 * i], v[2 * i + 1]); }
void putKey(std::uint32_t* v, std::size_t i, std::uint64_t k) {
  v[2 * i] = keyA(k);
  v[2 * i + 1] = keyB(k);
}
}  // namespace

bool PairSet::reserveSlots(std::size_t slots, unsigned shift) { return grow(slotCounts, slots + 1, shift); }
bool PairSet::reserveSlotsExactly(std::size_t slots) { return growExactly(slotCounts, slots + 1); }

bool PairSet::reserve(std::size_t pairs, std::size_t slots) {
  return grow(prevKeys, 2 * pairs, 5) && grow(begin, 2 * pairs, 5) && grow(slotCounts, slots + 1);
}

void PairSet::update(std::span<const std::uint32_t> pairBodies, std::size_t slots) {
  prevKeys.clear();  // two steps old (the last step's end events): free to reuse
  keys.swap(prevKeys);
  begin.clear();
  sortKeys(pairBodies, slots);
  diff();
}

// This step's pairs as keys sorted by keyLess: a counting sort on slot A (O(pairs + slots)), then each run of equal
// slot A (a body's few partners) sorted by insertion. Capacities were reserved.
void PairSet::sortKeys(std::span<const std::uint32_t> pairBodies, std::size_t slots) {
  const std::size_t pairs = pairBodies.size() / 2;
  keys.resize(2 * pairs);
  std::uint32_t* k = keys.data();
  // The counts span the slots up to the largest slot A only (A is the pair's smaller slot: with the static bodies
  // added after the moving ones, as in a level, the statics' slots are never an A): clearing and summing every slot
  // cost the level scene (55k bodies, 13k pairs) 0.5 million instructions per step.
  // (Only where the slots outnumber the pairs: else the pass over the pairs costs more than it spares.)
  std::uint32_t top = static_cast<std::uint32_t>(slots);  // the largest slot A + 1 (<= slots)
  if (slots > 2 * pairs) {
    top = 0;
    for (std::size_t p = 0; p < pairs; ++p) top = std::max(top, indexOf(pairBodies[2 * p]) + 1);
  }
  fillZero(slotCounts, std::size_t{top} + 1);
  for (std::size_t p = 0; p < pairs; ++p) ++slotCounts[indexOf(pairBodies[2 * p]) + 1];
  for (std::size_t i = 1; i < slotCounts.size(); ++i) slotCounts[i] += slotCounts[i - 1];
  for (std::size_t p = 0; p < pairs; ++p) {
    const BodyHandle a = pairBodies[2 * p];
    putKey(k, slotCounts[indexOf(a)]++, keyOf(a, pairBodies[2 * p + 1]));
  }
  std::size_t runStart = 0;
  for (std::size_t p = 1; p <= pairs; ++p) {
    if (p < pairs && indexOf(k[2 * p]) == indexOf(k[2 * runStart])) continue;
    if (p - runStart > 16) {
      std::qsort(k + 2 * runStart, p - runStart, 2 * sizeof(std::uint32_t), [](const void* x, const void* y) {
        const std::uint64_t a = keyAt(static_cast<const std::uint32_t*>(x), 0);
        const std::uint64_t b = keyAt(static_cast<const std::uint32_t*>(y), 0);
        return keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0;
      });
    } else {
      for (std::size_t i = runStart + 1; i < p; ++i) {
        const std::uint64_t key = keyAt(k, i);
        std::size_t j = i;
        for (; j > runStart && keyLess(key, keyAt(k, j - 1)); --j) putKey(k, j, keyAt(k, j - 1));
        putKey(k, j, key);
      }
    }
    runStart = p;
  }
}

// Begin / end events: a merge of this step's and the previous step's sorted keys. The begins go to begin (capacity
// reserved); the ends are compacted in place at the front of the previous keys (an end is written at or before the
// key it was read from), which then are the end events: no buffer of their own.
void PairSet::diff() {
  std::size_t i = 0, j = 0, endCount = 0;
  const std::size_t n = keys.size() / 2, m = prevKeys.size() / 2;
  const std::uint32_t* cur = keys.data();
  std::uint32_t* prev = prevKeys.data();
  auto began = [this](std::uint64_t k) {
    begin.push_back(keyA(k));
    begin.push_back(keyB(k));
  };
  while (i < n && j < m) {
    const std::uint64_t c = keyAt(cur, i), p = keyAt(prev, j);
    if (c == p) {
      ++i;
      ++j;
    } else if (keyLess(c, p)) {
      began(c);
      ++i;
    } else {
      putKey(prev, endCount++, p);
      ++j;
    }
  }
  for (; i < n; ++i) began(keyAt(cur, i));
  for (; j < m; ++j) putKey(prev, endCount++, keyAt(prev, j));
  prevKeys.resize(2 * endCount);
}

bool PairSet::oversized() const {
  return world::oversized(begin) || world::oversized(keys) || world::oversized(prevKeys);
}

void PairSet::releaseSlack() {
  shrink(begin);
  shrink(keys);
  shrink(prevKeys);
}

std::size_t PairSet::heapBytes() const {
  return capacityBytes(keys) + capacityBytes(prevKeys) + capacityBytes(begin) + capacityBytes(slotCounts);
}

}  // namespace collide2d::world
