// World internals: the pair set. This step's touching pairs as keys sorted by (slot A, slot B), merged with the
// previous step's to give the begin and end events: O(pairs + slots) with a counting sort, no hash table; the end
// events are compacted in place at the front of the previous step's keys.
#pragma once

#include <collide2d/world.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace collide2d::world {

struct PairSet {
  /// The pairs as keys handleA << 32 | handleB, sorted by (slot A, slot B, key): this step's and the previous one's
  /// (two uint32 per key: handle A, handle B; after a step the front of prevKeys holds the end events).
  std::vector<std::uint32_t> keys, prevKeys;
  std::vector<std::uint32_t> begin;  ///< beginEvents()
  std::vector<std::uint32_t> slotCounts;

  std::span<const std::uint32_t> ends() const { return prevKeys; }
  /// Room for the counting sort over this many slots (grown with the bodies).
  bool reserveSlots(std::size_t slots, unsigned shift = 4);
  bool reserveSlotsExactly(std::size_t slots);
  /// Room for a step of at most `pairs` pairs over `slots` slots; false (nothing changed) when memory can't be had.
  bool reserve(std::size_t pairs, std::size_t slots);
  /// This step's pairs (handle A, handle B; never allocates: reserve first) become the keys; the previous keys give
  /// way to the end events and begin lists the new pairs.
  void update(std::span<const std::uint32_t> pairBodies, std::size_t slots);

  bool oversized() const;
  void releaseSlack();
  std::size_t heapBytes() const;

 private:
  void sortKeys(std::span<const std::uint32_t> pairBodies, std::size_t slots);
  void diff();
};

}  // namespace collide2d::world
