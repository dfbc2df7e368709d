// World internals: the broad phase. Which bodies' bounds (Proxy::box) may overlap: candidate pairs for the narrow
// phase, and the cells a query visits. Reads the proxies (bounds, filter, static kind) by dense index and nothing
// else of the bodies.
//
// STRUCTURE: a uniform grid, rebuilt from scratch at every step() by a counting sort (the static bodies have a
// second grid of the same layout, rebuilt only when enough of them changed, see "Static bodies" in world.h).
//   Why: measured against a dynamic AABB tree with fat bounds and a move buffer (Box2D's), a grid kept across steps
//   (each body re-listed only when its fat bounds change cells) and sort-and-sweep kept across steps, each with a
//   persistent pair set (bench/count/broadphase.cpp, bench/results/2026-11-26-broadphase.md): the kept grid needs
//   about half the instructions of the rebuilt one (10k moving bodies: 5.9 M against 10.2 M; tree 9.6, sweep 12.8)
//   but reads memory out of order (its pairs, its cells' lists, a hash table) and loses in time wherever everything
//   moves (100k bodies: 46.5 ms against 14.7; in the World, 10k Contacts frame +45 %, LL cache read misses x1.55 at
//   10k, x2.3 at 100k). The rebuild streams through the bodies and writes each cell's entries together.
//   Keeping THIS layout across steps was measured too (bench/count/broadphase_csr.h, bench/results/
//   2026-11-29-incremental-grid.md): ~96 % of the bodies keep their cells per step and are re-quantised in place, the
//   others go to an overflow until a full rebuild. But the candidates' order is an answer (pairBodies() lists the
//   pairs in candidate order, and tests/determinism.json pins it), and it is the order of THIS step's rebuilt grid
//   (origin = the bounds' minimum, cell from the extents: both move every step). Sorting the kept grid's
//   candidates back into it costs more than the in-place update saves (10k bodies: 10.7-11.2 M instructions against
//   9.9 M), and even without the sort (9.0 M) it was slower in time (+3 % at 10k, +27 % at 100k): it reads the
//   bodies in the entries' order. So the grid is rebuilt when many bodies move.
// QUIET STEPS (broad_phase_rest.cpp): when few bodies moved since the last step (at most members / 8 + 16), grid is
//   kept. A moved body's entries are marked stale (as the static grid's, through its old bounds) and the displaced
//   bodies (moved since grid's rebuild) are binned in `movers`, rebuilt at each update (O(displaced)). collect then
//   starts from `kept`, the last step's candidates (copied before the certificates), less the pairs with a body moved
//   since, and adds each moved body's pairs: within movers (a pair with a moved body), against grid's live entries
//   (the same corner rule as the static search) and large bodies, and against statics (searched in its own bounds,
//   its cache forgotten). A change the kept candidates do not follow (add, remove, filter, kind, cell size, a static
//   body's move, too many displaced, a threaded setTransforms) drops them: the next step is a full one. step() then
//   keeps the last results of the kept pairs (NarrowPhase::keepResults) and tests only the others. The arrays
//   are held only while steps are quiet (given back at the first busy step): a World where everything moves pays
//   for none of it.
// STATIC PARTNERS: each moving body keeps its static partners (the binned static bodies whose bounds overlap its fat
//   bounds: its bounds widened by kStaticFatFactor cells) and searches the static grid again only when its bounds
//   leave its fat bounds or the static bodies change (staticEpoch_). So a moving body that stays within its fat
//   bounds costs no search of the static grid (level scene: 26.2 M -> 24.5 M instructions per step).
// Layout: a dense grid (row-major cells over the bodies' bounds) when it has at most 4 cells per body, else a spatial
//   hash with at least 2 buckets per body. Each entry (one per cell of a body) holds the body's bounds quantised to
//   int16 within the cell (rounded outwards, so no pair is lost; two flags, the body starts in an earlier column /
//   row, in the minimums' low bits) and its index, as a structure of arrays: the pair loop tests 8 entries per SIMD
//   step and touches a body only for a real candidate, whose exact bounds it then compares.
// Cell size: 2x the "typical" body extent (max of width and height of the bounds), recomputed at each rebuild: the
//   mean extent of the bodies in the power-of-two histogram bin that holds the median, so that a few huge or far-away
//   bodies do not move it (one box of side 1e7 among 10k small circles used to make the cell 2,000 and the step 200x
//   slower). A setting is honoured within [typical, max(64 typical, world span / sqrt(n))]. A body spanning more than
//   World::kMaxCellsPerBody cells is kept in a separate "large" list that is tested against every body (fine for a
//   few huge bodies such as level bounds). Entries hold each body's bounds relative to the corner of their cell
//   (1/16383 of a cell): only entries of one cell are compared, so a scene far from the origin (1e12..1e15) keeps its
//   resolution (absolute float bounds made every body of such a scene coincide: 470 ms and 516 MB per step).
// Pairs are deduplicated without a lookup: a pair is tested only in the cell that holds the lower-left corner of the
//   intersection of the two bounds.
#pragma once

#include "world/body_store.h"
#include "world/grid.h"
#include "world/memory.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace collide2d::world {

struct BroadPhase {
  // grid holds the bodies that are not static or are static and moved (or were added) since the last rebuild of
  // statics, which holds the other static bodies (see "Static bodies" in world.h)
  double cellSizeSetting = 0.0;
  Grid grid, statics;
  bool dirty = true;                 ///< grid must be rebuilt (a body was added, moved, removed...)
  bool membersDirty = true;          ///< members must be made again (a body added, removed or of another kind)
  Aabb worldBounds;                  ///< the union of both grids' bounds
  std::uint32_t staticPending = 0;   ///< static bodies outside statics plus statics' stale entries' bodies
  std::uint32_t staticCount = 0;     ///< static bodies
  std::vector<std::uint32_t> members;  ///< dense indices of grid's bodies (after its rebuild), increasing
  bool staticRebuild = false;        ///< rebuild statics at the next update (setCellSize)
  /// Candidate pairs (dense indices, two per pair) whose filters accept each other and whose bounds overlap.
  std::vector<std::uint32_t> candidates;
  /// The static partners of a moving body: the binned statics whose bounds overlap its fat bounds (its bounds widened
  /// by kStaticFatFactor cells), kept while its bounds stay within them and the statics do not change.
  struct PartnerCache {
    Aabb fat;
    std::uint32_t body = 0;          ///< dense index (a removal's renumbering updates it)
    std::uint32_t begin = 0, count = 0;  ///< into partners
  };
  static constexpr double kStaticFatFactor = 0.1;
  static constexpr std::uint32_t kNoCache = 0xFFFFFFFFu;
  std::vector<std::uint32_t> cacheOf;  ///< by dense index: the body's entry in caches (kNoCache: none)
  std::vector<PartnerCache> caches, nextCaches;   ///< this step's (members' order) and the next one's
  std::vector<std::uint32_t> partners, nextPartners;
  std::size_t partPairBound = 0;  ///< this step's candidates with a compound body: sum of parts(A) * parts(B)
  std::size_t chainPairs = 0;     ///< this step's candidates with a chain body (not in partPairBound)

  // -- steps where few bodies move (broad_phase_rest.cpp; see "QUIET STEPS" above) --
  Grid movers;  ///< the displaced bodies (moved since grid's last full rebuild), binned at each update
  std::vector<std::uint32_t> displaced;  ///< their dense indices, in the order first moved (capacity: the limit)
  std::vector<std::uint64_t> displacedBits, movedBits;  ///< by dense index: displaced; moved since the last step
  std::vector<std::uint32_t> kept;   ///< the last step's candidates, before the certificates (valid: keptValid)
  std::vector<std::uint32_t> found;  ///< scratch: a moved body's partners in grid or statics
  std::uint32_t movesSinceStep = 0;  ///< bodies moved since the last step (counted even when not armed)
  std::uint32_t displacedLimit = 0;  ///< past it, the next update rebuilds grid in full (members / 8 + 16)
  std::size_t keptWords = 0;  ///< a quiet step's candidates: the kept ones are the first keptWords words
  bool armed = false;      ///< the last step was quiet: moves are followed (displaced has its capacity)
  bool keptValid = false;  ///< kept holds the last step's candidates, and every change since is followed
  bool needFull = true;    ///< the next update rebuilds grid in full (too many displaced, a change not followed)

  // -- following the bodies (never allocate) --
  /// Body k (any kind) is about to move, its bounds still the old ones.
  void moving(std::uint32_t k, std::vector<Proxy>& proxies) {
    dirty = true;
    if (!keptValid || needFull || membersDirty) {  // (grid is rebuilt in full at the next update anyway)
      ++movesSinceStep;
      return;
    }
    follow(k, proxies);
  }
  /// Bodies were moved without being followed (a threaded setTransforms): the next step is a full one.
  void movedUnfollowed(std::uint32_t count) {
    movesSinceStep += count;
    dropKept();
  }
  /// A change the kept candidates do not follow (a filter, the cell size, a body added, removed or made static).
  void dropKept() {
    keptValid = false;
    if (!displaced.empty()) {
      needFull = true;
      dirty = true;
    }
  }
  /// In step(), after collect: keeps a copy of the candidates when this step was quiet (few bodies moved since the
  /// last one), for the next step's incremental collect; else gives the quiet steps' arrays back. Never fails
  /// (without memory the next step is a full one).
  void endStep(std::size_t bodies);
  /// At the end of a step that completed: the bodies moved are no longer "moved since the last step".
  void clearMoved();
  /// Body d is about to be removed and the last body (`last`) to take its dense index.
  void removing(std::uint32_t d, std::uint32_t last, std::vector<Proxy>& proxies);
  /// Body k (static) is about to move: out of the static grid until its next rebuild.
  void movingStatic(std::uint32_t k, std::vector<Proxy>& proxies);
  void setStatic(std::uint32_t k, bool isStatic, std::vector<Proxy>& proxies);
  void setCellSize(double size);

  // -- the stages --
  /// Rebuilds what changed (the static grid when enough static bodies changed, the moving grid when dirty). False:
  /// out of memory (the grids then are as they were, the moving grid still dirty).
  bool update(std::vector<Proxy>& proxies);
  /// candidates from the grids. False: out of memory.
  bool collect(const std::vector<Proxy>& proxies);

  // -- for the queries --
  /// Calls visit(ctx, k) for the dense index k of every (non-large) body with an entry in a cell `box` overlaps, in
  /// either grid (possibly several times); false, visiting nothing, when the box covers too many cells.
  bool visitCells(const Aabb& box, void (*visit)(void*, std::uint32_t), void* ctx) const;
  /// The cell size the ray and cast marches step by: the finer of the two grids holding bodies.
  double marchCell() const;
  std::size_t entryCount() const { return grid.entries.size + movers.entries.size + statics.entries.size; }
  double cellSize() const { return grid.cellSize; }

  // -- memory --
  bool oversized() const;
  void releaseSlack();
  std::size_t heapBytes() const;

 private:
  /// Rebuilds grid (isStatic == false: the bodies not binned in statics) or statics (every static body), or g over
  /// the bodies of `list` (movers: neither members nor the dirty flag change).
  bool rebuildGrid(Grid& g, bool isStatic, std::vector<Proxy>& proxies,
                   const std::vector<std::uint32_t>* list = nullptr);
  /// statics' entries of body k now name `to` (stale, or a new dense index after a swap-remove). Never allocates.
  void relabelStatic(std::uint32_t k, std::uint32_t to, std::vector<Proxy>& proxies);
  /// g's entries (or large list) of body k, found through its current bounds, now name `to`. Never allocates.
  static void relabelIn(Grid& g, std::uint32_t k, std::uint32_t to, const std::vector<Proxy>& proxies);
  /// Appends the binned statics whose bounds overlap `box` to nextPartners. False: out of memory.
  bool searchStatics(const Aabb& box, const std::vector<Proxy>& proxies);
  /// Appends to `out` the bodies with a live entry in grid (not displaced) whose bounds overlap `box`, each once
  /// (grid's large bodies are not among them). False: out of memory.
  bool searchGrid(const Aabb& box, const std::vector<Proxy>& proxies, std::vector<std::uint32_t>& out) const;
  bool searchIn(const Grid& g, const Aabb& box, const std::vector<Proxy>& proxies,
                std::vector<std::uint32_t>& out) const;
  /// collect() on a quiet step: the kept candidates without a moved body, and the moved bodies' pairs.
  bool collectQuiet(const std::vector<Proxy>& proxies);
  /// moving() while quiet steps follow the moves: body k becomes displaced (its entries in grid stale).
  void follow(std::uint32_t k, std::vector<Proxy>& proxies);
  /// Adds (i, j) to candidates when their filters accept each other, one is not static and their bounds overlap,
  /// with the compound flag; false only when candidates cannot grow. Inlined into collect's and collectQuiet's loops.
  __attribute__((always_inline)) bool emitCandidate(const Proxy* bb, std::uint32_t i, std::uint32_t j) {
    if ((bb[i].kind != kDynamic && bb[j].kind != kDynamic) || !shouldCollide(bb[i].filter, bb[j].filter) ||
        !boundsOverlap(bb[i].box, bb[j].box)) {
      return true;
    }
    const bool compound = (bb[i].parts | bb[j].parts) != 0;
    if (compound) [[unlikely]] countParts(bb, i, j);
    // Growth by a quarter (plus grow's eighth): capacity within ~1.4x of the largest frame's candidates (was 2x + 1/8,
    // then 1.5x + 1/8).
    if (candidates.size() + 2 > candidates.capacity() &&
        !grow(candidates, candidates.size() + candidates.size() / 4 + 2)) {
      return false;
    }
    candidates.push_back(i);
    candidates.push_back(j | (compound ? kCompoundPair : 0u));
    return true;
  }
  /// A candidate with a compound or chain body: its part pairs into partPairBound, or one more chainPairs (bounded
  /// through the chain's tree: the facade's chainPartBound).
  void countParts(const Proxy* bb, std::uint32_t i, std::uint32_t j) {
    if (((bb[i].parts | bb[j].parts) & kChainParts) != 0) {
      ++chainPairs;
    } else {
      partPairBound += std::size_t{std::max<std::uint16_t>(bb[i].parts, 1)} * std::max<std::uint16_t>(bb[j].parts, 1);
    }
  }
  /// Forgets the displaced bodies (after a full rebuild of grid, or when disarmed).
  void clearDisplaced();
  /// Gives the quiet steps' arrays back (a step where many bodies moved).
  void disarm();
  bool isMoved(std::uint32_t k) const { return ((movedBits[k >> 6] >> (k & 63)) & 1u) != 0; }
  bool isDisplaced(std::uint32_t k) const {
    return k < 64 * displacedBits.size() && ((displacedBits[k >> 6] >> (k & 63)) & 1u) != 0;
  }
  std::uint32_t staticEpoch_ = 1;  ///< changes with every change of statics' bodies or entries
  std::uint32_t cacheEpoch_ = 0;   ///< the statics' epoch the caches were made in
};

}  // namespace collide2d::world
