// collide2d — World: many bodies, a broad phase, overlapping pairs with contacts, begin/end events and queries.
//
// WHAT IT DOES
//
// * A body is one shape (Circle, Aabb, Box, Polygon, Segment or Capsule; or several: "Compound bodies" below) given
//   in LOCAL coordinates, a Transform (position, angle), a user id (a double: every uint32 fits exactly) and a
//   Filter. Its world shape is:
//     Circle  -> Circle{apply(xf, center), radius}
//     Aabb    -> Aabb{min + position, max + position} when xf.angle == 0, else
//                Box{apply(xf, center()), halfExtents(), xf.angle}
//     Box     -> Box{apply(xf, center), halfExtents, angle + xf.angle}
//     Polygon -> Polygon::create of the transformed vertices apply(xf, v) (local order), so that collide() on a
//                polygon built from getWorldShape()'s vertices (what a JS user gets) gives the same bits. When the
//                rounding of the transform makes those points non-convex: Polygon::create of their convex hull;
//                when it puts them on one line (a small polygon far from the origin: a triangle of side 0.05 at
//                x = 1e15, where the ulp is 0.125) or on one point: the Segment between the two extreme points in
//                (x, y) order — the shape the points actually span, never a polygon with a flat side that the SAT
//                would extend to a whole line. getShapeType() stays Polygon; getWorldShape() returns the Segment.
//     Segment -> Segment{apply(xf, a), apply(xf, b)}
//     Capsule -> Capsule{apply(xf, a), apply(xf, b), radius}
//   The world keeps each body's world shape as a Shape (polygons rebuilt in place every move, without allocation)
//   and answers with the core's generic collide / overlaps / contains / raycast on it. tests/native/world_model.h
//   builds the same shapes independently; the tests and the fuzz target compare them bit for bit.
// * Range: a transform that could put a world coordinate beyond +-1e300 (|position| + the local shape's reach) is
//   rejected with Status{Error::InvalidArgument, "transform"} ("transforms" for the bulk calls), as is a shape
//   whose own reach exceeds it. So world shapes are always finite.
// * Handles: a BodyHandle is a uint32 = slot index (low 20 bits) | generation (high 12 bits). A removed body's
//   handle is stale forever (a slot whose generation is exhausted is retired, never reused). Every function taking
//   a handle rejects invalid and stale ones with Status{Error::InvalidArgument, "handle"}. At most 2^20 - 1 bodies.
// * Body order: bodies() lists the live handles; setTransforms(xya) reads x, y, angle for the bodies in that order.
//   Removing a body moves the last body into its place (swap-remove); adding appends.
// * step() finds every pair of bodies whose filters accept each other, whose bounds (getBounds(): the world shape's
//   bounds widened by 2^-50 of their largest |coordinate| + 2^-1022, about 4 ulps) overlap, and whose world shapes
//   touch (collide(shapeA, shapeB).hit, boundary included). The bounds condition only matters where the core's
//   rounding reports a touch across a real gap of a few ulps (e.g. two circles 2e-289 apart whose squared distance
//   underflows to 0): the World does not report those. A is the body with the smaller slot index
//   (handle & 0xFFFFF), so the normal points from that body to the other. Results, valid until the next step():
//     pairBodies()   uint32, stride 2:  handleA, handleB
//     pairContacts() double, stride 5:  normalX, normalY, depth, pointX, pointY   (the Contact of collide(A, B),
//                                       bit for bit, on the world shapes above; tested on the 10k benchmark scene
//                                       over several frames, natively and in wasm)
//     beginEvents()  uint32, stride 2:  pairs touching now that did not touch at the previous step()
//     endEvents()    uint32, stride 2:  pairs of the previous step() that no longer touch, or whose body was
//                                       removed (then the stale handle is reported). Every begin is followed by
//                                       exactly one end (while both bodies live and keep touching: none).
//   The pairs of the previous step are not edited by remove(): read them before removing, or after the next step.
// * Queries (results valid until the next query): queryAabb / queryPoint / queryShape write the handles of the
//   bodies whose getBounds overlap the query's bounds (widened the same way; a point is its own bounds) and whose
//   world shape overlaps / contains the input into queryResults(), sorted by slot index.
//   raycast writes the closest hit, raycastAll every hit (sorted by fraction, then slot index) into rayHits():
//     rayHits()      double, stride 6:  handle, fraction, pointX, pointY, normalX, normalY
//   A ray reports the bodies whose getBounds it may touch (a slab test over t in [0, maxFraction], each slab's
//   interval widened by 1e-12 of its ends; exact when the direction is parallel to an axis) and that raycast()
//   hits. A query only sees bodies with (category & mask) != 0.
// * Bad input (stale handle, NaN transform, invalid shape, wrong array length) returns a non-ok Status and changes
//   nothing. Nothing throws.
// * Out of memory: every call that may allocate (add*, reserve, step, the queries and rays, getLocalShape /
//   getWorldShape of a polygon) returns Status{Error::OutOfMemory, "memory"} when memory can't be had and then
//   leaves the world exactly as it was: bodies, handles, transforms, filters, world shapes, bounds, and the last
//   step's pairs, contacts and events (a failed query or ray leaves no results; cellSize() may already report the
//   cell of a grid rebuilt before the step ran out). Each call allocates all it needs before it changes anything.
//   Natively std::bad_alloc is caught inside; in WebAssembly (built without exceptions, where a failing operator
//   new aborts) every growth first asks std::malloc for the block and gives it back, so that with
//   -sABORTING_MALLOC=0 a failed growth is a Status, not an abort. Never allocate: setTransform(s), setFilter,
//   setUserId, remove, clear, setCellSize, the other getters. Steady state (same bodies moving, no more pairs than
//   a frame before) allocates nothing per frame or per query: step() reserves its results at their upper bounds
//   (pairs <= candidate pairs left after the certificates, see "Temporal coherence"; the end events are written in
//   place in the previous step's keys) before it replaces the previous ones.
//   (One native corner: a thread other than the one that added a polygon may have to grow Polygon::create's
//   per-thread scratch ring on its first move; if that fails, the body gets its moved vertices with their normals
//   that frame, Polygon::assignNormalized: the same polygon unless rounding made them non-convex.)
//   tests/native/world_oom_test.cpp checks all this with an operator new that fails from the k-th allocation on.
// * Memory kept: result buffers keep their capacity across light frames (a heavy frame after a light one used to
//   re-grow everything: 13x a steady heavy frame); they give most of it back after 120 consecutive steps using
//   under a quarter of it. Candidate pairs are buffered only once filters accept and bounds overlap. Natively on
//   Linux, buffers of 4 MB and more are advised to use transparent huge pages before they are first touched (the
//   first step after a burst of pairs was ~85% page faults: 7x a steady heavy step on this machine kind); in
//   WebAssembly the probed block is the one the vector gets (a module-wide operator new, world.cpp).
// * Static bodies: setStatic(body, true) marks a body static (level geometry). Two static bodies never pair (not
//   even when they overlap and their filters accept each other); a static body pairs with moving bodies exactly as a
//   moving body would (same pairs, contacts, events, queries and rays). Static bodies are binned into a grid of their
//   own (with its own cell size, from their own typical extent), built once: step() re-bins only the moving bodies,
//   and the pairs come from the moving bodies' grid and from each moving body's cells in the static grid. Moving a
//   static body is allowed: setTransform / setTransforms (a static body given its current transform again, bit for
//   bit, does not move: setTransforms over every body leaves the static ones binned), and so are remove and
//   setStatic(body, false). Each such change marks that body's entries in the static grid stale (O(its cells), no
//   allocation), and the body is binned with the moving bodies until the static grid is rebuilt; that happens at the
//   next step() or query once more than 16 + (static bodies) / 8 static bodies have changed, so a static body moved
//   once in a while costs about what a moving body costs, and the static grid is rebuilt at most once per eighth of
//   it changed. A static grid that cannot be allocated is not an error: its bodies are binned with the moving ones
//   until it can be.
// * Temporal coherence (PairsOnly mode; on by default, setCoherence(false) turns it off, stepStats() counts what it
//   did): step() keeps, for a candidate pair it tested, a certificate (in a list of 3 per body) of its answer
//   (touching or apart) and of how far the two bodies may translate relative to each other without changing that
//   answer (the SAT's penetration depth or largest separating gap, the circles' clearance..., minus a margin for
//   rounding: cpp/src/coherence.h), capped so that no coordinate can move beyond twice the pair's largest one. At the
//   next step, a pair whose certificate's budget still covers the distance both bodies moved since (the sum of their
//   translations' lengths, rounded up) and neither of which turned (any change of the angle voids a body's
//   certificates) is not tested again: apart, it is dropped; touching, it is a pair. So the pairs and events are
//   exactly those of a fresh computation (tested on the 10k benchmark scene over 120 frames with turns, jumps and
//   removals, coherence on against off, natively and in JS, and by every brute-force test); on that scene 60% of the
//   candidates are answered by certificates. In Contacts and Manifolds modes every touching pair's contact must be
//   computed afresh (bit for bit) and certificates could spare only the separated pairs: making them costs more than
//   they spare there (measured: 44.0 million instructions per 10k frame with them, 40.8 without), so those modes do
//   without, as do compound bodies' pairs. Cost: 24 + 4 bytes per body, allocated at the first step that uses them
//   and given back at the first step in another mode or with coherence off (heapBytes() shows both).
// * Compound bodies: addCompound(parts) makes one body of 1..kMaxParts convex parts (BodyPart: a Shape of any type
//   above, placed by a local offset Transform); addOutline(points) takes any simple outline, concave allowed (a
//   Polygon body when convex, else a compound of decompose()'s parts). Part k's local shape is its shape placed by its
//   offset with the world-shape rules above (an Aabb turned by the offset becomes a Box, a polygon's placed vertices go
//   through Polygon::create...), and its world shape is what a body of that local shape would have at the compound's
//   transform: the parts move as one rigid body. getShapeType() is Compound; getPartCount / getPartShape /
//   getLocalPartShape / getPartBounds read the parts (getWorldShape / getLocalShape refuse a compound: "handle").
//   The body's bounds are the union of its parts' (each widened as getBounds widens a body's).
//   Pairs and events stay per body. A pair with a compound body touches when some part pair touches: a part pair is
//   tested when their bounds overlap (collide(partA, partB).hit; overlaps() in PairsOnly mode; collideManifold in
//   Manifolds mode). Every touching part pair is listed in pairParts() (stride 3: pair index, part of A, part of B;
//   only for pairs with a compound body), and the pair reports the contact (manifold) of the deepest one — the largest
//   contact depth (the largest manifold point depth), the first in (part of A, part of B) order on ties — whose record
//   comes first; PairsOnly mode lists them in part order. A body of one shape is part 0.
//   Queries find a compound body when one of its parts (whose bounds meet the query's) overlaps / contains the query,
//   and queryParts() names the first such part; rays and shape casts report the part hit first (the smaller part
//   index on ties) in rayHitParts() (one record per body: raycastAll lists a compound body once) and
//   WorldCastHit::part. A compound body may be static, moved, removed like any other.
// * Filter (Box2D rules): two bodies with the same non-zero group always collide when the group is positive and
//   never when it is negative; otherwise they collide when (catA & maskB) != 0 && (catB & maskA) != 0.
// * Shape casts (cpp/src/world_queries.cpp). castShape(shape, xf, translation, mask) places `shape` (local
//   coordinates) by xf as a body's shape would be placed (Circle, Aabb, Box, Segment, Capsule: the rules above;
//   Polygon: polygon.transformedInto(xf), i.e. Polygon::transformed(xf), not re-created) and finds its first hit
//   along `translation` over every body with (category & mask) != 0: the smallest fraction of
//   cast(placed, Motion{translation}, bodyWorldShape, Motion{}) (queries.h), ties broken by the smaller slot index
//   (handle & 0xFFFFF). So it has cast()'s entry convention: never passes through, never ends inside; a body the
//   shape starts touching or overlapping is a hit at fraction 0 only when the motion goes into it. The candidates
//   come from the grid (the swept bounds, marched cell by cell along the translation, widened by 2^-38 S where S is
//   the largest |coordinate| of the query, its translation and the world's bounds; a body farther than that from
//   the swept bounds is never reported); equal to brute force over the bodies (tested on random worlds).
//     WorldCastHit: body (kNullBody on a miss), fraction in [0, 1] of the translation, point (midway between the
//     closest points at that fraction), normal (unit, from the cast shape to the body). The record is also written
//     to rayHits() (stride 6: handle, fraction, pointX, pointY, normalX, normalY).
//   moveAndSlide(shape, xf, displacement, maxIterations, out, mask): a kinematic character controller. Up to
//   maxIterations (clamped to 1..WorldSlideResult::kMaxIterations = 8) legs: castShape of the remaining motion from
//   the current position (the angle stays xf.angle); no hit: move all of it, done; a hit: move to its fraction
//   (backed off along the leg, a few ulps at a time, while the placed shape overlaps the hit body — never behind the
//   leg's start), then the rest of the leg minus its component along the hit normal is the next leg; when that
//   rest moves into the previous leg's hit normal (a corner), it stops. Starting in contact or overlap follows
//   castShape (and the circle moveAndSlide of collide2d.h): motion into an overlapped body is stopped at once and
//   slides, motion out of it is free; the shape is never pushed out. Result: final position, legs, and the hits
//   (fixed capacity, no allocation), also written to rayHits() in order. The shape never ends overlapping a body
//   it started clear of (tested with overlaps() at the final position on random worlds).
// * Contact modes: setContactMode(ContactMode) chooses what step() computes for each touching pair (the pairs and
//   the events are the same in every mode, and switching between steps is allowed):
//     Contacts  (default) pairContacts(), stride 5 (above); pairManifolds() empty.
//     PairsOnly pairs and events only, from the overlaps() boolean (equal to collide().hit); pairContacts() and
//               pairManifolds() empty. For sensors and triggers: the narrow phase stops at the first separating
//               axis instead of computing a contact.
//     Manifolds pairManifolds(), stride kPairManifoldStride = 11: normalX, normalY, count, then two points
//               (pointX, pointY, depth, id; the unused second point is zeros) — collideManifold(A, B) of queries.h
//               on the world shapes, bit for bit (A: the smaller slot index). pairContacts() empty.
//
// BROAD PHASE: a uniform grid, rebuilt from scratch at every step() by a counting sort (the static bodies have a
// second grid of the same layout, rebuilt only when enough of them changed, see "Static bodies" above).
//   Why (measured natively on the benchmark scene of bench/scene.h, g++ -O2, this machine, one core):
//   every body moves every frame, so a dynamic AABB tree would refit or reinsert most leaves each frame and then
//   run one tree query per body (O(n log n) with pointer chasing), and sort-and-sweep on x tests every body whose
//   x-interval overlaps (grows as n^1.5 in a square world: 50k has ~2.2x the candidates per body of 10k).
//   The grid is O(n) to build and query, cache friendly, and needs no per-body persistent broad-phase state.
//   bench/native/world_bench.cpp keeps both as BM_BroadGrid / BM_BroadSweep (broad phase alone, same bounds): grid
//   0.14 / 2.1 / 14.0 ms at 1k / 10k / 50k bodies, sort-and-sweep (insertion sort, coherent frames) 0.15 / 3.3 /
//   30.0 ms for the same 1.9k / 19.2k / 96.4k candidate pairs (loaded machine: ratios hold, absolute numbers ~2x).
//   A dynamic AABB tree was not built: the sweep already loses on the moving scene, and a tree does more per body.
//   Layout: a dense grid (row-major cells over the bodies' bounds) when it has at most 4 cells per body, else a
//   spatial hash with at least 2 buckets per body. Each entry (one per cell of a body) holds the body's bounds
//   quantised to int16 within the cell (rounded outwards, so no pair is lost; two flags, the body starts in an earlier
//   column / row, in the minimums' low bits) and its index, as a structure of arrays: the pair loop tests 8 entries
//   per SIMD step and touches a body only for a real candidate, whose exact bounds it then compares.
//   Cell size: 2x the "typical" body extent (max of width and height of getBounds), recomputed at each rebuild:
//   the mean extent of the bodies in the power-of-two histogram bin that holds the median, so that a few huge or
//   far-away bodies do not move it (one box of side 1e7 among 10k small circles used to make the cell 2,000 and the
//   step 200x slower). setCellSize(s) is honoured within [typical, max(64 typical, world span / sqrt(n))]: a
//   typical body covers at most 3 x 3 cells, no cell swallows the world; cellSize() returns the size in use. A body
//   spanning more than kMaxCellsPerBody cells is kept in a separate "large" list that is tested against every body
//   (fine for a few huge bodies such as level bounds; many bodies 10x larger than the median would be slow).
//   Entries hold each body's bounds relative to the corner of their cell (1/16383 of a cell): only entries of one
//   cell are compared, so a scene far from the origin (1e12..1e15) keeps its resolution (absolute float bounds made
//   every body of such a scene coincide: 470 ms and 516 MB per step).
//   Pairs are deduplicated without a lookup: a pair is tested only in the cell that holds the lower-left corner of
//   the intersection of the two bounds. Begin / end events come from merging this step's pairs with the previous
//   step's, both sorted by (slot A, slot B) with a counting sort: O(pairs + bodies), no hash table; the end events
//   are compacted in place in the previous step's keys.
#pragma once

#include <collide2d/collide2d.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace collide2d {

/// Collision filter (Box2D semantics, see the top of this file).
struct Filter {
  std::uint32_t category = 1;           ///< the bits this body is
  std::uint32_t mask = 0xFFFFFFFFu;     ///< the bits this body collides with
  std::int32_t group = 0;               ///< same non-zero group: > 0 always collide, < 0 never
};

/// True when bodies with these filters may collide.
constexpr bool shouldCollide(const Filter& a, const Filter& b) {
  if (a.group == b.group && a.group != 0) return a.group > 0;
  return (a.category & b.mask) != 0 && (b.category & a.mask) != 0;
}

/// A body: slot index (low 20 bits) | generation (high 12 bits).
using BodyHandle = std::uint32_t;
/// Never a valid handle.
inline constexpr BodyHandle kNullBody = 0xFFFFFFFFu;

/// The type of a body's local shape.
/// The type of a body's local shape (Compound: several convex parts, see World::addCompound).
enum class ShapeType : std::uint8_t { Circle = 0, Aabb = 1, Box = 2, Polygon = 3, Segment = 4, Capsule = 5, Compound = 6 };

/// One convex part of a compound body: `shape` in the body's local coordinates, placed by `offset` (identity by
/// default). The part's local shape is `shape` placed by `offset` with the world-shape rules at the top of this file
/// (a circle's centre moved, an Aabb turned into a Box when offset.angle != 0, a polygon's vertices transformed...).
struct BodyPart {
  Shape shape;
  Transform offset;
};

/// What step() computes for each touching pair (see the top of this file).
enum class ContactMode : std::uint8_t { Contacts = 0, PairsOnly = 1, Manifolds = 2 };

/// One hit of World::castShape / World::moveAndSlide (see the top of this file).
struct WorldCastHit {
  bool hit = false;
  BodyHandle body = kNullBody;  ///< the body hit (kNullBody on a miss)
  double fraction = 1.0;        ///< of the translation, in [0, 1]; 1 on a miss
  Vec2 point;                   ///< midway between the closest points at fraction
  Vec2 normal;                  ///< unit, from the cast shape to the body
  std::uint32_t part = 0;       ///< the part of the body hit (0 for a body of one shape)
};

/// Result of World::moveAndSlide.
struct WorldSlideResult {
  static constexpr int kMaxIterations = 8;
  Vec2 position;                      ///< where the shape's transform ends (the angle is unchanged)
  int iterations = 0;                 ///< castShape calls made
  int hitCount = 0;                   ///< hits[0 .. hitCount)
  WorldCastHit hits[kMaxIterations];  ///< in the order met
};

class World {
 public:
  static constexpr std::size_t kPairBodyStride = 2;     ///< pairBodies(): handleA, handleB
  static constexpr std::size_t kPairContactStride = 5;  ///< pairContacts(): nx, ny, depth, px, py
  static constexpr std::size_t kEventStride = 2;        ///< beginEvents() / endEvents(): handleA, handleB
  static constexpr std::size_t kRayHitStride = 6;       ///< rayHits(): handle, fraction, px, py, nx, ny
  static constexpr std::size_t kPairPartStride = 3;     ///< pairParts(): pair index, part of A, part of B
  static constexpr std::uint32_t kMaxBodies = (1u << 20) - 1;
  static constexpr std::size_t kMaxParts = 4096;         ///< parts of one compound body
  static constexpr int kMaxCellsPerBody = 64;

  World();
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // -- bodies ------------------------------------------------------------------------------------------------------
  /// Adds a body; `out` receives its handle (kNullBody on failure). Shapes are validated with validate().
  Status addCircle(const Circle& local, const Transform& xf, double userId, const Filter& filter, BodyHandle& out);
  Status addAabb(const Aabb& local, const Transform& xf, double userId, const Filter& filter, BodyHandle& out);
  Status addBox(const Box& local, const Transform& xf, double userId, const Filter& filter, BodyHandle& out);
  /// Builds the polygon with Polygon::create (validated, stored counter-clockwise).
  Status addPolygon(std::span<const Vec2> localPoints, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out);
  /// Same from flat x, y pairs (size must be even).
  Status addPolygon(std::span<const double> localXY, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out);
  Status addPolygon(const Polygon& local, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out);
  Status addSegment(const Segment& local, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out);
  /// A capsule body: its world shape turns both ends about the body position, like a segment's.
  Status addCapsule(const Capsule& local, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out);
  Status addShape(const Shape& local, const Transform& xf, double userId, const Filter& filter, BodyHandle& out);
  /// A compound body of 1..kMaxParts convex parts moving as one (see "Compound bodies" at the top of this file).
  /// Errors: no parts or more than kMaxParts: InvalidArgument "parts"; a part's shape or offset that validate()
  /// rejects, or a part placed beyond the coordinate range: that Status, with *failedPart = the part's index.
  Status addCompound(std::span<const BodyPart> parts, const Transform& xf, double userId, const Filter& filter,
                     BodyHandle& out, std::size_t* failedPart = nullptr);
  /// Any simple polygon outline, either winding, concave allowed: a Polygon body when Polygon::create accepts the
  /// points (a convex outline), else a compound body of decompose(outline)'s parts (identity offsets). Errors are
  /// Polygon::create's (NotFinite, TooFewPoints, Collinear) or decompose()'s (a self-crossing outline: NotConvex,
  /// field "edges", info->edgeA < info->edgeB the crossing edges).
  Status addOutline(std::span<const Vec2> outline, const Transform& xf, double userId, const Filter& filter,
                    BodyHandle& out, DecomposeInfo* info = nullptr);
  /// Removes a body. Its pairs end at the next step() (end events carry the now stale handle).
  Status remove(BodyHandle body);
  /// Removes every body (their pairs end at the next step()).
  void clear();
  /// Reserves storage for this many bodies (avoids the growth slack of adding them one by one). OutOfMemory when
  /// it cannot be had (then the bodies are unchanged; some arrays may keep more capacity, seen in heapBytes()).
  Status reserve(std::size_t bodies);

  bool isValid(BodyHandle body) const;
  std::size_t bodyCount() const { return handles_.size(); }
  /// Live handles in body order (the order setTransforms(xya) uses).
  std::span<const BodyHandle> bodies() const { return handles_; }

  // -- state -------------------------------------------------------------------------------------------------------
  Status setTransform(BodyHandle body, const Transform& xf);
  Status setTransform(BodyHandle body, double x, double y, double angle) { return setTransform(body, {{x, y}, angle}); }
  /// x, y, angle for every body in body order: xya.size() must be 3 * bodyCount(). All or nothing.
  Status setTransforms(std::span<const double> xya);
  /// x, y, angle for the listed bodies: xya.size() must be 3 * handles.size(). All or nothing.
  Status setTransforms(std::span<const BodyHandle> handles, std::span<const double> xya);
  Status setFilter(BodyHandle body, const Filter& filter);
  /// Marks a body static (true) or moving (false). Static bodies never pair with each other; each static body is
  /// binned once into a grid of its own instead of at every step (see the top of this file). Never allocates.
  Status setStatic(BodyHandle body, bool isStatic);
  Status getStatic(BodyHandle body, bool& out) const;
  Status setUserId(BodyHandle body, double userId);

  Status getTransform(BodyHandle body, Transform& out) const;
  Status getFilter(BodyHandle body, Filter& out) const;
  Status getUserId(BodyHandle body, double& out) const;
  Status getShapeType(BodyHandle body, ShapeType& out) const;
  /// The local shape as given (a polygon as normalised by Polygon::create). Allocates for polygons (OutOfMemory).
  /// A compound body has no single shape: InvalidArgument "handle" (use getLocalPartShape).
  Status getLocalShape(BodyHandle body, Shape& out) const;
  /// The world shape (see the top of this file; a degenerate polygon is a Segment). Allocates for polygons.
  /// A compound body: InvalidArgument "handle" (use getPartShape).
  Status getWorldShape(BodyHandle body, Shape& out) const;
  /// The number of parts: a compound body's, 1 for any other body.
  Status getPartCount(BodyHandle body, std::size_t& out) const;
  /// Part `part`'s world shape (for a body of one shape, part 0 is getWorldShape). Allocates for polygons.
  /// part >= getPartCount: InvalidArgument "part".
  Status getPartShape(BodyHandle body, std::size_t part, Shape& out) const;
  /// Part `part`'s local shape: its shape placed by its offset (part 0 of a body of one shape: getLocalShape).
  Status getLocalPartShape(BodyHandle body, std::size_t part, Shape& out) const;
  /// Part `part`'s bounds, widened as getBounds widens a body's (a body of one shape: part 0 is getBounds).
  Status getPartBounds(BodyHandle body, std::size_t part, Aabb& out) const;
  /// The world bounds used by the broad phase: bounds(worldShape) widened by 2^-50 of its largest |coordinate|
  /// (a few ulps). Two bodies can only pair when these overlap (see step()).
  Status getBounds(BodyHandle body, Aabb& out) const;

  // -- pairs ---------------------------------------------------------------------------------------------------------
  /// Finds all touching pairs with contacts and the begin / end events since the previous step().
  /// Returns Error::OutOfMemory (and leaves the previous step's results and the bodies as they were) when the
  /// grid, the candidates or the results cannot be allocated.
  Status step();
  /// Alias of step().
  Status updatePairs() { return step(); }
  std::size_t pairCount() const { return pairBodies_.size() / kPairBodyStride; }
  std::span<const std::uint32_t> pairBodies() const { return pairBodies_; }
  std::span<const double> pairContacts() const { return pairContacts_; }
  /// Which parts touch, for the pairs with a compound body (see "Compound bodies" at the top of this file):
  /// kPairPartStride = 3 per record: pair index (into pairBodies()), part of A, part of B. By pair; each pair's first
  /// record is the part pair whose contact / manifold is reported, the others follow in (part of A, part of B) order.
  std::span<const std::uint32_t> pairParts() const { return pairParts_; }
  std::span<const std::uint32_t> beginEvents() const { return begin_; }
  std::span<const std::uint32_t> endEvents() const { return prevPairKeys_; }

  // -- queries -------------------------------------------------------------------------------------------------------
  Status queryAabb(const Aabb& box, std::uint32_t mask = 0xFFFFFFFFu);
  Status queryPoint(Vec2 point, std::uint32_t mask = 0xFFFFFFFFu);
  /// Bodies whose world shape overlaps `shape` (given in world coordinates), as overlaps(shape, bodyShape).
  Status queryShape(const Shape& shape, std::uint32_t mask = 0xFFFFFFFFu);
  std::span<const BodyHandle> queryResults() const { return queryResults_; }
  /// For each query result, the part found (a compound body's first part, in part order, that the query meets; 0
  /// for a body of one shape).
  std::span<const std::uint32_t> queryParts() const { return queryParts_; }
  /// Closest hit (smallest fraction, then smallest slot index): rayHits() holds 0 or 1 record.
  Status raycast(const Ray& ray, std::uint32_t mask = 0xFFFFFFFFu);
  /// Same, also returned directly (hit.hit false and body kNullBody on a miss or bad input).
  Status raycast(const Ray& ray, RayHit& hit, BodyHandle& body, std::uint32_t mask = 0xFFFFFFFFu);
  /// Every hit, sorted by fraction then slot index.
  Status raycastAll(const Ray& ray, std::uint32_t mask = 0xFFFFFFFFu);
  std::size_t rayHitCount() const { return rayHits_.size() / kRayHitStride; }
  std::span<const double> rayHits() const { return rayHits_; }
  /// For each rayHits() record (rays, shape casts, slides), the part hit (0 for a body of one shape).
  std::span<const std::uint32_t> rayHitParts() const { return rayHitParts_; }

  // -- tuning and accounting -----------------------------------------------------------------------------------------
  /// Grid cell size; 0 (the default) picks 2x the typical body extent at every rebuild (see the top of this file);
  /// other values are honoured within [typical, max(64 typical, span / sqrt(n))]. Negative / NaN / infinite: ignored.
  void setCellSize(double size);
  double cellSize() const { return grid_.cellSize; }
  /// Heap bytes held by the world (vector capacities, polygon storage; not the allocator's own overhead).
  std::size_t heapBytes() const;

  // -- shape casts, character controller, contact modes (cpp/src/world_queries.cpp) -----------------------------
  static constexpr std::size_t kPairManifoldStride = 11;  ///< pairManifolds(): nx, ny, count, 2 x (px, py, depth, id)
  /// First hit of `shape` (local coordinates, placed by xf) moving by `translation` (see the top of this file).
  /// rayHits() then holds 0 or 1 record. Invalid shape / transform / translation: a non-ok Status naming it ("shape"
  /// fields, "transform", "translation"), out.hit false.
  Status castShape(const Shape& shape, const Transform& xf, Vec2 translation, WorldCastHit& out,
                   std::uint32_t mask = 0xFFFFFFFFu);
  Status castShape(const Shape& shape, const Transform& xf, Vec2 translation, std::uint32_t mask = 0xFFFFFFFFu);
  /// Kinematic move-and-slide against the bodies (see the top of this file); rayHits() holds the hits in order.
  /// Invalid input: a non-ok Status ("displacement" for the motion), out.position = xf.position, no hits.
  Status moveAndSlide(const Shape& shape, const Transform& xf, Vec2 displacement, int maxIterations,
                      WorldSlideResult& out, std::uint32_t mask = 0xFFFFFFFFu);
  /// What the next step() computes per pair (default Contacts). Unknown values are ignored.
  void setContactMode(ContactMode mode);
  ContactMode contactMode() const { return contactMode_; }
  /// After a step() in Manifolds mode: kPairManifoldStride doubles per pair, in pairBodies() order; else empty.
  std::span<const double> pairManifolds() const { return pairManifolds_; }
  /// Temporal coherence (see "Temporal coherence" at the top of this file): on by default. Off, every candidate pair
  /// is tested from scratch at every step; the answers are the same either way (it exists to measure and test that).
  void setCoherence(bool on);
  bool coherence() const { return coherence_; }
  /// What the last step() did: candidate pairs (filters accept, bounds overlap) and how many of them a certificate
  /// answered (no narrow-phase test: pairs apart in every mode, touching ones in PairsOnly mode).
  struct StepStats {
    std::size_t candidates = 0;
    std::size_t certified = 0;
  };
  StepStats stepStats() const { return stepStats_; }

 private:
  struct Body;
  struct Slot {
    std::uint32_t dense = 0;       ///< index in bodies_ when live; when free, the next free slot (or kNoSlot)
    std::uint16_t generation = 0;  ///< 12 bits used
    bool live = false;
  };
  struct PolygonPair {
    std::vector<Vec2> local;  ///< the local polygon's vertices (as Polygon::create made them; the world polygon
                              ///< lives in Body::shape or Part::shape)
    Polygon spare;            ///< the world polygon's storage while the world shape is a (degenerate) Segment
  };
  /// A compound body's part: its local form (kept as a body of one shape keeps it: type, numbers, polygon) and its
  /// world form with its widened bounds, recomputed whenever the body moves.
  struct Part {
    Shape shape;                 ///< world shape
    Aabb box;                    ///< bounds(shape) widened as getBounds widens a body's
    std::uint32_t polygon = 0;   ///< index in polygons_ (Polygon parts)
    ShapeType type = ShapeType::Circle;
    double local[5] = {};        ///< as Body::local
  };
  /// The convex pieces of body k as the narrow phase and the queries see them: a compound body's parts, or the body's
  /// own world shape with its bounds (count 1, parts null).
  struct Pieces {
    const Part* parts = nullptr;
    std::uint32_t count = 1;
    const Shape* shape = nullptr;
    const Aabb* box = nullptr;
    const Shape& shapeOf(std::uint32_t i) const { return parts != nullptr ? parts[i].shape : *shape; }
    const Aabb& boxOf(std::uint32_t i) const { return parts != nullptr ? parts[i].box : *box; }
  };
  /// The grid's entries (one per cell of each body), structure of arrays so that the pair loop tests 8 entries per
  /// SIMD step. Each holds the body's bounds (see getBounds) quantised within the entry's cell, int16, with two flags
  /// in the minimums' low bits (whether the body starts in an earlier column / row than this cell: world.cpp,
  /// quantise()), and the body's dense index. The bounds are padded with 8 spare elements for the last SIMD load.
  struct Entries {
    std::vector<std::int16_t> minX, minY, maxX, maxY;
    std::vector<std::uint32_t> body;  ///< dense index (kStaleEntry: a static body that left static_)
    std::size_t size = 0;
  };
  struct Cell {
    std::int32_t x = 0, y = 0;
    bool operator==(const Cell&) const = default;
  };
  /// A uniform grid over a set of bodies (world.cpp): entries bucketed by cell, a dense table or a spatial hash.
  struct Grid {
    double cellSize = 1.0, invCellSize = 1.0;
    Vec2 origin;   ///< entries hold bounds relative to their cell's corner; cells count from it
    Aabb bounds;   ///< of the bodies binned
    Entries entries;
    std::vector<Cell> entryCells;  ///< hashed grid only: the cell of each entry (a bucket mixes cells)
    std::vector<std::uint32_t> bucketStart;
    std::uint32_t bucketMask = 0;  ///< hashed grid: buckets - 1
    bool dense = false;            ///< dense grid: bucket = (cy - y0) * w + (cx - x0)
    std::int32_t x0 = 0, y0 = 0;
    std::uint32_t w = 0, h = 0;
    std::vector<std::uint32_t> large;  ///< dense indices of the bodies spanning more than kMaxCellsPerBody cells
    std::int32_t cellOf(double v, int axis) const;
    /// The bucket holding cell (cx, cy); false when the cell lies outside a dense grid (then it holds nothing).
    bool bucketOf(std::int32_t cx, std::int32_t cy, std::uint32_t& bucket) const;
    bool empty() const { return entries.size == 0 && large.empty(); }
  };
  struct RayRecord {
    double fraction;
    std::uint32_t index;  ///< slot index (sort key)
    std::uint32_t handle;
    Vec2 point, normal;
    std::uint32_t part;
  };

  Status addBody(ShapeType type, const double* params, Polygon* polygon, const Transform& xf, double userId,
                 const Filter& filter, BodyHandle& out);
  /// Commits a new body (every capacity reserved by the caller; never allocates) and returns its handle.
  BodyHandle commitBody(Body&& b, const Filter& filter, std::uint16_t parts);
  /// The world form of a local shape (type, numbers, polygons_[polygon]) under xf (c, s: its cos, sin) into `shape`;
  /// returns bounds(shape), not widened. Never allocates.
  Aabb place(ShapeType type, const double* local, std::uint32_t polygon, Shape& shape, const Transform& xf, double c,
             double s);
  Status localShape(ShapeType type, const double* local, std::uint32_t polygon, Shape& out) const;
  double reachOf(const Body& b) const;
  const Part* findPart(BodyHandle h, std::size_t part, const Body*& body, Status& st) const;
  /// The narrow phase of a candidate with a compound body (A: the smaller slot index).
  void testParts(std::uint32_t ka, std::uint32_t kb);
  /// The part of body k that `shape` overlaps (shape != nullptr) or that contains `point`, among those whose bounds
  /// meet `box`: its index, or -1.
  int queryPart(std::uint32_t k, const Shape* shape, Vec2 point, const Aabb& box) const;
  Body* find(BodyHandle h);
  const Body* find(BodyHandle h) const;
  /// Recomputes the world shape and bounds; cos / sin of the angle only when `angleChanged`. Never allocates.
  void updateWorld(Body& b, bool angleChanged);
  void updatePolygon(Shape& shape, PolygonPair& pp, Vec2 position, double c, double s);
  /// Room for one more body (every per-body array, the polygon scratch); false when memory can't be had.
  bool reserveBodies(std::size_t n, std::size_t polygonVertices, std::size_t newPolygons);
  /// A free entry of polygons_ now holding `local` (room reserved by reserveBodies). Never allocates.
  std::uint32_t takePolygon(std::vector<Vec2>&& local);
  bool ensureGrid();
  /// Rebuilds grid_ (statics == false: the bodies not in static_) or static_ (every static body).
  bool rebuildGrid(Grid& g, bool statics);
  /// static_'s entries of body k now name `to` (stale, or a new dense index after a swap-remove). Never allocates.
  void relabelStatic(std::uint32_t k, std::uint32_t to);
  static void forEntriesIn(const Grid& g, const Aabb& box, void (*f)(void*, std::uint32_t), void* ctx);
  /// Moves a body (setTransform / setTransforms): a static body given its current transform bit for bit stays put.
  void moveBody(Body& b, const Transform& xf);
  /// The cell size the ray and cast marches step by.
  double marchCell() const;
  Status stepImpl();
  bool collectCandidates();
  void testPair(std::uint32_t i, std::uint32_t j, bool knownHit);
  void testCandidates();
  void sortPairKeys();
  void diffPairs();
  void releaseSlack();
  /// Calls visit(ctx, k) for the dense index k of every (non-large) body with an entry in a cell `box` overlaps, in
  /// either grid (possibly several times); false, visiting nothing, when the box covers too many cells.
  bool visitCells(const Aabb& box, void (*visit)(void*, std::uint32_t), void* ctx);
  bool bodyInMask(std::uint32_t k, std::uint32_t mask) const;
  bool collectRay(const Ray& ray, std::uint32_t mask, bool closest);
  std::uint32_t nextQueryMark();
  bool collectQuery(const Shape* shape, Vec2 point, const Aabb& box, std::uint32_t mask);

  std::vector<Body> bodies_;
  /// What the broad phase reads of each body, by dense index like bodies_: bounds (see getBounds) and filter.
  struct Broad {
    Aabb box;
    Filter filter;
    std::uint8_t kind = 0;   ///< kDynamic, kStaticBinned (in static_) or kStaticLoose (static, in grid_)
    std::uint8_t large = 0;  ///< spans more than kMaxCellsPerBody cells of its grid (then listed in its large)
    std::uint16_t parts = 0; ///< a compound body's part count; 0 for a body of one shape
  };
  std::vector<Broad> bounds_;
  std::vector<BodyHandle> handles_;
  std::vector<Slot> slots_;
  static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;
  std::uint32_t freeSlot_ = kNoSlot;  ///< the last slot freed; each free slot's dense field holds the next one
  std::vector<PolygonPair> polygons_;
  std::vector<std::uint32_t> freePolygons_;
  std::vector<std::vector<Part>> compounds_;  ///< compound bodies' parts (Body::polygon indexes it)
  std::vector<std::uint32_t> freeCompounds_;

  // broad phase: grid_ holds the bodies that are not static or are static and moved (or were added) since the last
  // rebuild of static_, which holds the other static bodies (see the top of this file)
  double cellSizeSetting_ = 0.0;
  Grid grid_, static_;
  bool gridDirty_ = true;
  Aabb worldBounds_;  ///< the union of both grids' bounds
  std::uint32_t staticPending_ = 0;  ///< static bodies outside static_ plus static_'s stale entries' bodies
  std::uint32_t staticCount_ = 0;    ///< static bodies
  std::vector<std::uint32_t> members_;  ///< dense indices of grid_'s bodies (after its rebuild), increasing
  bool staticRebuild_ = false;       ///< rebuild static_ at the next ensureGrid (setCellSize)

  // pairs
  std::vector<std::uint32_t> candidates_;  ///< dense index pairs whose bounds overlap, from the grid
  std::vector<std::uint32_t> pairBodies_;
  std::vector<double> pairContacts_;
  std::vector<std::uint32_t> pairParts_;
  std::size_t partPairBound_ = 0;  ///< this step's candidates with a compound body: sum of parts(A) * parts(B)
  std::vector<std::uint32_t> begin_;
  /// The pairs as keys handleA << 32 | handleB, sorted by (slot A, slot B, key): this frame's and the previous one.
  /// (two uint32 per key: handle A, handle B; after a step the front of prevPairKeys_ holds the end events)
  std::vector<std::uint32_t> pairKeys_, prevPairKeys_;
  std::vector<std::uint32_t> slotCounts_;
  std::uint32_t slackSteps_ = 0;  ///< consecutive steps whose result buffers were far larger than needed

  // scratch
  std::vector<Vec2> vertexScratch_, hullScratch_;  ///< a polygon's transformed vertices / their convex hull

  // queries
  std::vector<std::uint32_t> queryMarks_;
  std::uint32_t queryMark_ = 0;
  std::vector<BodyHandle> queryResults_, querySort_;
  std::vector<std::uint32_t> queryParts_;
  std::vector<std::uint64_t> queryCompoundHits_;  ///< a query's compound bodies: slot << 32 | part, to sort
  std::vector<std::uint32_t> queryCounts_;
  std::vector<RayRecord> rayRecords_;
  std::vector<double> rayHits_;
  std::vector<std::uint32_t> rayHitParts_;

  // temporal coherence (world.cpp, "Temporal coherence" at the top of this file)
  /// A certificate of a candidate pair, kept in the list of one of its two bodies (kCacheWays per body, by dense
  /// index like bodies_): the other body (kNullBody: a free entry), and a float in `bits`, the relative translation
  /// the two bodies may still make with the same answer, whose two low bits are flags (world.cpp: kCacheHit, they
  /// touch; kCacheUsed, made or used by this step: unused entries are freed at the end of each step).
  struct PairCache {
    BodyHandle partner = kNullBody;
    std::uint32_t bits = 0;
  };
  static constexpr std::size_t kCacheWays = 3;
  bool coherence_ = true;
  /// Whether pairCache_ and drift_ exist (kCacheWays and 1 per body): only while step() uses them (setCertificates).
  bool certsLive_ = false;
  StepStats stepStats_;
  std::vector<PairCache> pairCache_;
  /// How far each body went since the last step (a sum of translation lengths, rounded up), +infinity once it turned
  /// (its angle changed: its certificates no longer hold). By dense index.
  std::vector<float> drift_;
  /// The certificate of bodies ka, kb (dense indices), or null.
  PairCache* findCache(std::uint32_t ka, std::uint32_t kb);
  /// A free entry (in ka's list, else kb's) for a new certificate of ka, kb; null when both lists are full.
  PairCache* newCache(std::uint32_t ka, std::uint32_t kb);
  /// Before the narrow phase: the candidates a valid certificate answers are dropped (apart) or flagged (touching);
  /// the others stay. Compacts candidates_ in place.
  void certifyCandidates();
  /// After a step: entries neither made nor used by it are freed; the others lose their kCacheUsed flag.
  void sweepCaches();
  /// Makes (every list free) or gives back pairCache_ and drift_ (world.cpp).
  void setCertificates(bool on);

  // shape casts and contact modes (cpp/src/world_queries.cpp)
  ContactMode contactMode_ = ContactMode::Contacts;
  std::vector<double> pairManifolds_;
  Polygon castPolygon_;  ///< the placed query polygon (storage reused)
  Pieces piecesAt(std::uint32_t k) const;      ///< body k's pieces (World::Body is defined in world.cpp)
  BodyHandle handleAt(std::uint32_t k) const;   ///< bodies_[k].handle
  /// Manifolds mode: appends the manifold of (a, b) when it has points; false when they do not touch.
  bool appendManifold(const Shape& a, const Shape& b);
  /// Appends m (count > 0) as a pairManifolds() record (room reserved by step()).
  void writeManifold(const Manifold& m);
  /// Appends c as a pairContacts() record (room reserved by step()).
  void writeContact(const Contact& c);
  template <class Placed> void castPlaced(const Placed& q, Vec2 translation, std::uint32_t mask, WorldCastHit& out);
  Status castImpl(const Shape& shape, const Transform& xf, Vec2 translation, std::uint32_t mask, WorldCastHit& out);
};

}  // namespace collide2d
