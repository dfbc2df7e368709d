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
//   and answers with the core's generic collide / overlaps / contains / raycast on it. Moving a polygon costs its
//   transformed vertices and their edge normals: that Polygon::create would keep them as they are follows from the
//   local polygon's smallest turn and a bound on the placement's rounding (no orientation is computed), except for a
//   polygon tiny beside its distance from the origin, which is checked with the exact orient() (and goes through
//   Polygon::create when that fails). tests/native/world_model.h
//   builds the same shapes independently; the tests and the fuzz target compare them bit for bit.
// * Range: a transform that could put a world coordinate beyond +-1e300 (|position| + the local shape's reach) is
//   rejected with Status{Error::InvalidArgument, "transform"} ("transforms" for the bulk calls), as is a shape
//   whose own reach exceeds it. Angles likewise: a transform's angle, a box's own angle and a compound part's offset
//   angle beyond +-1e300 are rejected with the same Status, so that every composed world angle (a part box's angle +
//   its offset's + the body's) stays finite. So world shapes are always finite. Shape casts and moveAndSlide place
//   their shape under the same angle rule.
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
//                                       over several frames, natively and in wasm; five NaNs for a pair with a
//                                       sensor body, see "Sensors")
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
//   (One native corner: a thread other than the one that added a polygon, a worker of setTransforms among them, may
//   have to grow Polygon::create's per-thread scratch ring on its first move; if that fails, the body gets its moved
//   vertices with their normals that frame, Polygon::assignNormalized: the same polygon unless rounding made them
//   non-convex. In collide2d/threads, built without exceptions, a worker that cannot grow that ring aborts.)
//   tests/native/world_oom_test.cpp checks all this with an operator new that fails from the k-th allocation on.
// * Memory kept: result buffers keep their capacity across light frames (a heavy frame after a light one used to
//   re-grow everything: 13x a steady heavy frame); they give most of it back after 120 consecutive steps using
//   under a quarter of it. Candidate pairs are buffered only once filters accept and bounds overlap. Natively on
//   Linux, buffers of 4 MB and more are advised to use transparent huge pages before they are first touched (the
//   first step after a burst of pairs was ~85% page faults: 7x a steady heavy step on this machine kind); in
//   WebAssembly the probed block is the one the vector gets (a module-wide operator new, cpp/src/world/memory.cpp).
// * Static bodies: setStatic(body, true) marks a body static (level geometry). Two static bodies never pair (not
//   even when they overlap and their filters accept each other); a static body pairs with moving bodies exactly as a
//   moving body would (same pairs, contacts, events, queries and rays). Static bodies are binned into a grid of their
//   own (with its own cell size, from their own typical extent), built once: step() re-bins only the moving bodies,
//   and the pairs come from the moving bodies' grid and from each moving body's static partners: the static bodies
//   found in the static grid around its bounds widened by a tenth of a cell, searched again only when its bounds
//   leave that widened box or a static body changes (so a level costs little while its moving bodies move). Moving a
//   static body is allowed: setTransform / setTransforms (a static body given its current transform again, bit for
//   bit, does not move: setTransforms over every body leaves the static ones binned), and so are remove and
//   setStatic(body, false). Each such change marks that body's entries in the static grid stale (O(its cells), no
//   allocation), and the body is binned with the moving bodies until the static grid is rebuilt; that happens at the
//   next step() or query once more than 16 + (static bodies) / 8 static bodies have changed, so a static body moved
//   once in a while costs about what a moving body costs, and the static grid is rebuilt at most once per eighth of
//   it changed. A static grid that cannot be allocated is not an error: its bodies are binned with the moving ones
//   until it can be.
// * Quiet steps: a step after which at most 16 + (moving bodies) / 8 bodies were moved (setTransform / setTransforms
//   with a transform other than the body's own, bit for bit) keeps the moving bodies' grid and a copy of its candidate
//   pairs. Until the next step that follows more moves, each moved body's grid entries are marked stale (O(its cells),
//   no allocation) and the bodies moved since the grid was built are binned in a small grid of their own; the step
//   lists the kept pairs without a moved body, then the moved bodies' pairs, searched afresh. The kept pairs' results
//   (contacts, manifolds, part records) are the last step's, copied, when the contact mode and the sensor flags are as
//   they were; only the moved bodies' pairs are tested. A body that does not move then costs no re-binning, no pair
//   search and no test (bench/results/2026-11-29-quiet-steps.md). The grid is rebuilt in full once more than that many
//   bodies have been moved since it was built, and after an add, remove, setFilter, setStatic, setCellSize or a static
//   body's move. The answers are those of a full step; only the order of pairBodies() differs (the kept pairs come
//   first). stepStats().quiet says which kind a step was. A World whose bodies all move holds none of this (the arrays
//   are given back at the first step after many moves), and its steps are the full ones they were. A threaded
//   setTransforms (collide2d/threads) does not follow the moves body by body: the step after it is a full one.
// * Threads: setThreadCount(n) lets setTransforms(xya) and step() spread their work over n threads: the calling
//   thread and n - 1 workers. Natively the World starts them then and keeps them (joined by setThreadCount(1) or the
//   destructor); in the threaded WebAssembly module (collide2d/threads) every World uses the workers the module
//   started at load. Threaded: setTransforms(xya)'s checks and the placing of the bodies (a World of fewer than 4,096
//   bodies is placed on the calling thread alone; setTransforms(handles, xya) always is), and step()'s certificates
//   and pair tests (a step with fewer than 2,048 candidate pairs runs on the calling thread alone). The answers
//   (every body's transform, bounds and world shapes; pairs, contacts, manifolds, part records, events,
//   certificates, and so every later step; a refused setTransforms' Status, which changes nothing) are the same bit
//   for bit as on one thread: the bodies and the candidates are cut into chunks that write their own records or
//   buffers, merged in order. The World is still used from one thread at a time; the workers run only inside
//   setTransforms(xya) and step(). Natively this needs the platform's threads (CMake links Threads::Threads); the
//   default WebAssembly module has none (maxThreadCount() 1).
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
//   without. A compound body's pair has one when it has at most 6 part pairs and no chain (the certificate holds the
//   smallest budget of its part pairs and which of them touch: its pairParts() records are those of a fresh
//   computation too; tested against brute force in tests/native/world_compound_test.cpp). Cost: 24 + 4 bytes per
//   body (and a bit per 64 bodies), allocated at the first step that uses them and given back at the first step in another mode or with coherence off (heapBytes() shows both).
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
// * Chains: addChain(points, loop) makes one body of level geometry from a polyline (open: segment i joins points[i]
//   to points[i + 1]; a loop: also the last point to the first), as Tiled exports it. A chain is always static
//   (setStatic(chain, false) is refused: "handle"); it may be moved (setTransform: its segments are placed again,
//   O(segments)) and removed. getShapeType() is Chain; its parts are its segments in chain order (getPartCount,
//   getPartShape: a Segment, getLocalPartShape, getPartBounds); getWorldShape / getLocalShape refuse it ("handle").
//   Pairs, queries, rays, shape casts and moveAndSlide see it as a compound body of those segments (pairParts,
//   queryParts, rayHitParts, WorldCastHit::part name the segment), except that its segments are found through the
//   chain's own index (a tree over blocks of 8 consecutive segments, refitted when it moves), so a chain of 10,000
//   segments costs a body the few segments near it. No limit on the point count but memory (about 140 bytes per
//   segment with its index natively, tests/native/chain_test.cpp; less in WebAssembly).
//   Two-sided: a body collides with either side of a segment (so a polyline's direction does not matter, as a
//   raycast's does not). Ghost vertices (Box2D's word): where two segments meet, the chain is a surface, not two
//   segment ends. A contact (or manifold) of segment s whose normal is neither s's face normal on the side of the
//   other body nor within the vertex region at the end it points past (the angle between the two segments' normals
//   at a vertex convex on that side) is replaced by s's face normal, with the other body's depth below s's line along
//   it (a manifold then has one point): a body straddling an internal vertex of a flat floor gets the floor's normal,
//   never one along the seam. At a concave or straight vertex the region is empty; at an open chain's two ends it is
//   the whole half plane (a real corner). Which pairs touch is unchanged (collide().hit on some segment), and so are
//   queries and rays. moveAndSlide: a hit on a segment's end that a neighbour's face continues is that face (the
//   seam rule of the mover, with the chain's neighbours found directly), and a segment lying behind a neighbour's
//   face line that the shape is outside of is passed (a character on a convex corner is not stopped by the other
//   segment's end there). Design and rationale: docs/chains.md.
// * Sensors: setSensor(body, true) makes a body a sensor (a trigger: it reports what overlaps it and takes no part in
//   contacts). A pair with a sensor body (either or both) is a pair when overlaps() says its shapes touch (equal to
//   collide().hit, so the pairs and the events are those of any body), tested with that boolean whatever the contact
//   mode (the narrow phase stops at the first separating axis); its record stays in place, so that pairContacts() and
//   pairManifolds() keep one record per pair in pairBodies() order: in Contacts mode five NaNs, in Manifolds mode a
//   manifold of count 0 whose normal is NaN (its points zeros). A compound sensor's pairParts() list its touching part
//   pairs in part order (as in PairsOnly mode). The World's contact mode stays the mode of every other pair. Queries,
//   rays, shape casts and moveAndSlide see a sensor as any body (leave sensors out with a category their mask excludes).
// * Determinism: the same calls give the same bits (pairs, contacts, manifolds, events, query and ray results, casts
//   and slides) natively (x86-64) and in WebAssembly (Node, browsers), whatever the angles (any finite angle within
//   the range above: tested at 1e6 and 1e15 rad and below 1e-9). Every rotation and length goes through the library's
//   own sin / cos / hypot (musl's, vendored: cpp/src/trig/trig.h), not the C library's (glibc and musl round about 6%
//   of angles differently), and the library is compiled with -ffp-contract=off. Tested by one World run of 2,000
//   bodies over 300 frames hashed to one recorded value (tests/determinism.json) natively, in the wasm build, through
//   the JS API in Node and in Chromium (tests/native/determinism_test.cpp, web/test/determinism.test.js,
//   web/e2e/determinism.test.js). Not covered: other CPU architectures, x87 (32-bit x86) floating point, builds with
//   -ffast-math or FMA contraction (the library's CMake sets -ffp-contract=off; a consumer compiling its sources
//   otherwise loses the promise).
// * Filter (Box2D rules): two bodies with the same non-zero group always collide when the group is positive and
//   never when it is negative; otherwise they collide when (catA & maskB) != 0 && (catB & maskA) != 0.
// * Shape casts (cpp/src/world/casts.cpp). castShape(shape, xf, translation, mask) places `shape` (local
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
//   moveAndSlide(shape, xf, displacement, maxIterations | SlideOptions, out, mask): a kinematic character controller
//   (cpp/src/world/mover.cpp). Up to maxIterations legs (an integer in 1..WorldSlideResult::kMaxIterations = 8, else
//   InvalidArgument "maxIterations"; default 4 in SlideOptions). Each leg: the surfaces the shape touches exactly at
//   its start (overlaps() true, depth 0) are gathered and the motion into them removed (on the first leg and after a
//   leg that did not move); castShape of the remaining motion from the current position (the angle stays xf.angle),
//   skipping the surfaces touched that it moves along or away from; no hit: move all of it, done; a hit: move to its
//   fraction (backed off along the leg, a few ulps at a time, while the placed shape overlaps the hit body — never
//   behind the leg's start), then the rest of the leg minus its component into the surface is the next leg; when
//   that rest moves into a surface met before in this call (a corner), it stops.
//   How a hit is judged (the seams of tiles laid edge to edge do not catch, whatever the cast's rounding): the hit
//   point is located on the faces of the body part hit (polygons, boxes, aabbs, segments; round parts keep the
//   cast's answer). At a vertex whose adjacent face continues, beyond the vertex, as a face of another body part of
//   the mask with the same outward normal (tiles of a floor, wall or ceiling; parts of a compound outline), the
//   surface is flat: the contact's normal is that face's. Inside a face, its normal. At a real corner, the normal of
//   the one face the shape is outside of (else the cast's). Then, when the shape lies on the outer side of that face
//   and the motion does not go into it (motion . normal >= 0), it is a graze: passed (the part skipped for the rest
//   of the leg, the leg cast again); else a hit with that normal (reported in hits[] and rayHits()). Walking on,
//   landing on, sliding along rows of tiles resting exactly on them or a few ulps above: never stopped short, never
//   lifted (a flat axis-aligned floor keeps the exact y), never sunk in (tests/native/gauntlet_test.cpp).
//   Starting sunk into a body (depth > 0) follows castShape: motion into it is stopped at once and slides, motion
//   out of it is free; the shape is never pushed out. The shape never ends overlapping with a positive depth a body it
//   started clear of (touching the faces it slides along is the graze; tested on random worlds with overlaps()).
//   SlideOptions (every option off by default; a bad value: InvalidArgument naming it):
//     skin >= 0           after each hit the shape moves back out along the normal by skin (as far as nothing is in
//                         the way): it rests skin away from what it hits, to within 2^-32 S (S: the largest
//                         coordinate of the move), so with a skin y may change by ulps from call to call (with
//                         skin 0 the shape ends exactly at its hits).
//     up (unit or 0,0)    classifies each surface met: a floor when normal . up >= cos(maxSlopeAngle) (45 degrees
//                         when maxSlopeAngle is off), a ceiling when normal . up <= -that, else a wall; sets the
//                         result's grounded / onWall / onCeiling / groundNormal. Required by the options below ("up").
//     maxSlopeAngle       radians in [0, pi/2], < 0 off: on a floor the motion down along up is absorbed (no sliding
//                         down walkable slopes; walking into one climbs it); a steeper slope facing up is a wall for
//                         the motion across it (never climbed) and the motion down along it slides.
//     snapToGround >= 0   a move whose displacement does not go up (. up <= 0) and met no floor is cast down along
//                         -up by up to snapToGround; a floor there: the shape moves onto it (grounded).
//     autostep            {maxHeight > 0, minWidth >= 0}: a wall met once grounded in this call (a floor hit or
//                         touched before it), the motion across it (the rest without its part along up) is tried:
//                         up by maxHeight (as far as free), across with minWidth more free beyond, then down onto a
//                         floor higher than where it stood: it ends there (grounded); else the usual slide.
//   Result: final position, legs, the hits (fixed capacity, no allocation), also written to rayHits() in order, and
//   the flags. The call allocates nothing once the World's buffers have grown.
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
// HOW IT IS BUILT (cpp/src/world/, one part per concern, each with its reasons and measurements in its header):
// body_store (handles, shapes, transforms, placement), broad_phase (the grids), narrow_phase (pair tests, compound
// parts, certificates), pair_set (sorted keys, begin / end events), queries (box, point, shape, ray, cast, slide);
// facade.cpp runs them in order. Cost figures that a user can rely on: a grid cell is 2x the typical body extent
// (the mean extent of the power-of-two bin holding the median), so a few huge or far bodies do not move it;
// setCellSize(s) is honoured within [typical, max(64 typical, world span / sqrt(n))] and cellSize() returns the size
// in use; a body spanning more than kMaxCellsPerBody cells is tested against every body (fine for a few huge bodies
// such as level bounds; many bodies 10x larger than the median would be slow). Begin / end events cost
// O(pairs + bodies) (a counting sort of the pairs, no hash table).
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
enum class ShapeType : std::uint8_t {
  Circle = 0, Aabb = 1, Box = 2, Polygon = 3, Segment = 4, Capsule = 5, Compound = 6,
  Chain = 7  ///< World::addChain's body (getShapeType only: a chain is a body, not a Shape)
};

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

/// Options of World::moveAndSlide (see the top of this file); every option is off by default.
struct SlideOptions {
  int maxIterations = 4;        ///< legs, in [1, WorldSlideResult::kMaxIterations]
  double skin = 0.0;            ///< distance kept from the surfaces hit (>= 0, finite)
  Vec2 up{0.0, 0.0};            ///< unit "up" direction, or (0, 0): no floors, walls, ceilings
  double maxSlopeAngle = -1.0;  ///< radians in [0, pi/2]: floors are climbed, steeper slopes slid down; < 0: off
  double snapToGround = 0.0;    ///< distance (>= 0): stay on the ground walking down slopes and steps; 0: off
  /// Climb steps: a wall met while grounded is tried up by maxHeight (> 0: on), across, and down onto a floor, with
  /// minWidth free beyond the motion (both >= 0, finite).
  struct Autostep {
    double maxHeight = 0.0;
    double minWidth = 0.0;
  } autostep;
};

/// Result of World::moveAndSlide.
struct WorldSlideResult {
  static constexpr int kMaxIterations = 8;
  Vec2 position;                      ///< where the shape's transform ends (the angle is unchanged)
  int iterations = 0;                 ///< legs made (a leg is one castShape, cast again past each graze)
  int hitCount = 0;                   ///< hits[0 .. hitCount)
  WorldCastHit hits[kMaxIterations];  ///< in the order met
  bool grounded = false;              ///< a floor was hit (or snapped to); needs options.up
  bool onWall = false;                ///< a wall was hit; needs options.up
  bool onCeiling = false;             ///< a ceiling was hit; needs options.up
  Vec2 groundNormal;                  ///< the last floor's normal (unit, out of it) when grounded, else (0, 0)
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
  /// A chain body: static level geometry given as a polyline, open (points.size() - 1 segments) or a closed loop
  /// (points.size() segments, the last joining the last point to the first), with the ghost-vertex rule at its
  /// internal vertices (see "Chains" at the top of this file). Always static (setStatic(chain, false): InvalidArgument
  /// "handle"). Errors, with *failedPoint = the index of the point at fault: fewer than 2 points (3 for a loop):
  /// TooFewPoints "points"; a NaN or infinite coordinate: NotFinite "points"; a point equal to the one before it (a
  /// zero-length segment; for a loop also the last equal to the first): ZeroDirection "points"; a point beyond the
  /// coordinate range once placed: InvalidArgument "transform". No limit on the count but memory (and 2^32 - 2).
  Status addChain(std::span<const Vec2> points, bool loop, const Transform& xf, double userId, const Filter& filter,
                  BodyHandle& out, std::size_t* failedPoint = nullptr);
  /// Removes a body. Its pairs end at the next step() (end events carry the now stale handle).
  Status remove(BodyHandle body);
  /// Removes every body (their pairs end at the next step()).
  void clear();
  /// Reserves storage for this many bodies (avoids the growth slack of adding them one by one). OutOfMemory when
  /// it cannot be had (then the bodies are unchanged; some arrays may keep more capacity, seen in heapBytes()).
  Status reserve(std::size_t bodies);

  bool isValid(BodyHandle body) const;
  std::size_t bodyCount() const;
  /// Live handles in body order (the order setTransforms(xya) uses).
  std::span<const BodyHandle> bodies() const;

  // -- state -------------------------------------------------------------------------------------------------------
  Status setTransform(BodyHandle body, const Transform& xf);
  Status setTransform(BodyHandle body, double x, double y, double angle) { return setTransform(body, {{x, y}, angle}); }
  /// The Status setTransform(body, xf) would return, without moving the body (e.g. to find which body of a rejected
  /// setTransforms is out of range). Never allocates.
  Status checkTransform(BodyHandle body, const Transform& xf) const;
  /// x, y, angle for every body in body order: xya.size() must be 3 * bodyCount(). All or nothing.
  Status setTransforms(std::span<const double> xya);
  /// x, y, angle for the listed bodies: xya.size() must be 3 * handles.size(). All or nothing.
  Status setTransforms(std::span<const BodyHandle> handles, std::span<const double> xya);
  Status setFilter(BodyHandle body, const Filter& filter);
  /// Marks a body static (true) or moving (false). Static bodies never pair with each other; each static body is
  /// binned once into a grid of its own instead of at every step (see the top of this file). Never allocates.
  Status setStatic(BodyHandle body, bool isStatic);
  Status getStatic(BodyHandle body, bool& out) const;
  /// Marks a body a sensor (true) or not (false): its pairs are found and reported with their events as any pair's,
  /// with the boolean overlaps() test whatever the contact mode, and carry no contact or manifold (see "Sensors" at the
  /// top of this file). Never allocates.
  Status setSensor(BodyHandle body, bool isSensor);
  Status getSensor(BodyHandle body, bool& out) const;
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
  std::size_t pairCount() const { return pairBodies().size() / kPairBodyStride; }
  std::span<const std::uint32_t> pairBodies() const;
  /// After a step() in Contacts mode: kPairContactStride doubles per pair, in pairBodies() order (a pair with a sensor
  /// body: five NaNs); else empty.
  std::span<const double> pairContacts() const;
  /// Which parts touch, for the pairs with a compound body (see "Compound bodies" at the top of this file):
  /// kPairPartStride = 3 per record: pair index (into pairBodies()), part of A, part of B. By pair; each pair's first
  /// record is the part pair whose contact / manifold is reported, the others follow in (part of A, part of B) order.
  std::span<const std::uint32_t> pairParts() const;
  std::span<const std::uint32_t> beginEvents() const;
  std::span<const std::uint32_t> endEvents() const;

  // -- queries -------------------------------------------------------------------------------------------------------
  Status queryAabb(const Aabb& box, std::uint32_t mask = 0xFFFFFFFFu);
  Status queryPoint(Vec2 point, std::uint32_t mask = 0xFFFFFFFFu);
  /// Bodies whose world shape overlaps `shape` (given in world coordinates), as overlaps(shape, bodyShape).
  Status queryShape(const Shape& shape, std::uint32_t mask = 0xFFFFFFFFu);
  std::span<const BodyHandle> queryResults() const;
  /// For each query result, the part found (a compound body's first part, in part order, that the query meets; 0
  /// for a body of one shape).
  std::span<const std::uint32_t> queryParts() const;
  /// Closest hit (smallest fraction, then smallest slot index): rayHits() holds 0 or 1 record.
  Status raycast(const Ray& ray, std::uint32_t mask = 0xFFFFFFFFu);
  /// Same, also returned directly (hit.hit false and body kNullBody on a miss or bad input).
  Status raycast(const Ray& ray, RayHit& hit, BodyHandle& body, std::uint32_t mask = 0xFFFFFFFFu);
  /// Every hit, sorted by fraction then slot index.
  Status raycastAll(const Ray& ray, std::uint32_t mask = 0xFFFFFFFFu);
  std::size_t rayHitCount() const { return rayHits().size() / kRayHitStride; }
  std::span<const double> rayHits() const;
  /// For each rayHits() record (rays, shape casts, slides), the part hit (0 for a body of one shape).
  std::span<const std::uint32_t> rayHitParts() const;

  // -- tuning and accounting -----------------------------------------------------------------------------------------
  /// Grid cell size; 0 (the default) picks 2x the typical body extent at every rebuild (see the top of this file);
  /// other values are honoured within [typical, max(64 typical, span / sqrt(n))]. Negative / NaN / infinite: ignored.
  void setCellSize(double size);
  double cellSize() const;
  /// Heap bytes held by the world (vector capacities, polygon storage; not the allocator's own overhead).
  std::size_t heapBytes() const;

  // -- shape casts, character controller, contact modes (cpp/src/world/casts.cpp) ---------------------------------
  static constexpr std::size_t kPairManifoldStride = 11;  ///< pairManifolds(): nx, ny, count, 2 x (px, py, depth, id)
  /// First hit of `shape` (local coordinates, placed by xf) moving by `translation` (see the top of this file).
  /// rayHits() then holds 0 or 1 record. Invalid shape / transform / translation: a non-ok Status naming it ("shape"
  /// fields, "transform", "translation"), out.hit false.
  Status castShape(const Shape& shape, const Transform& xf, Vec2 translation, WorldCastHit& out,
                   std::uint32_t mask = 0xFFFFFFFFu);
  Status castShape(const Shape& shape, const Transform& xf, Vec2 translation, std::uint32_t mask = 0xFFFFFFFFu);
  /// Kinematic move-and-slide against the bodies (see the top of this file); rayHits() holds the hits in order.
  /// Invalid input (every input is checked first, also when the displacement is zero): a non-ok Status
  /// ("displacement" for the motion), out.position = xf.position, no hits.
  Status moveAndSlide(const Shape& shape, const Transform& xf, Vec2 displacement, int maxIterations,
                      WorldSlideResult& out, std::uint32_t mask = 0xFFFFFFFFu);
  /// Same with controller options (cpp/src/world/mover.cpp); a bad option: a non-ok Status naming it.
  Status moveAndSlide(const Shape& shape, const Transform& xf, Vec2 displacement, const SlideOptions& options,
                      WorldSlideResult& out, std::uint32_t mask = 0xFFFFFFFFu);
  /// What the next step() computes per pair (default Contacts). Unknown values are ignored.
  void setContactMode(ContactMode mode);
  ContactMode contactMode() const;
  /// After a step() in Manifolds mode: kPairManifoldStride doubles per pair, in pairBodies() order; else empty. (A pair
  /// with a sensor body: count 0, normal NaN.)
  std::span<const double> pairManifolds() const;
  /// Temporal coherence (see "Temporal coherence" at the top of this file): on by default. Off, every candidate pair
  /// is tested from scratch at every step; the answers are the same either way (it exists to measure and test that).
  void setCoherence(bool on);
  bool coherence() const;
  /// Threads step() uses (see "Threads" at the top of this file): 1 (the default) .. maxThreadCount(); the answers
  /// are the same bit for bit whatever the count. n out of that range: Status{Error::InvalidArgument, "threadCount"};
  /// workers that cannot be started: Status{Error::OutOfMemory, "threadCount"}. Either way the count is left as it was.
  Status setThreadCount(int n);
  int threadCount() const;
  /// The most threads this build can give step(): natively 64; the default WebAssembly module 1 (no threads); the
  /// threaded one (collide2d/threads) its pool of workers + 1.
  static int maxThreadCount();
  /// What the last step() did: candidate pairs (filters accept, bounds overlap) and how many of them a certificate
  /// answered (no narrow-phase test: pairs apart in every mode, touching ones in PairsOnly mode).
  struct StepStats {
    std::size_t candidates = 0;
    std::size_t certified = 0;
    /// A quiet step (see "Quiet steps" at the top of this file): the grid and the last step's candidates were kept.
    bool quiet = false;
  };
  StepStats stepStats() const;

 private:
  /// The parts (body store, broad phase, narrow phase, pair set, queries: cpp/src/world/), held in place so that
  /// constructing a World allocates nothing (cpp/src/world/facade.cpp checks that they fit).
  struct Impl;
  static constexpr std::size_t kImplBytes = 1536 + 128 * sizeof(void*);
  Impl& impl() noexcept;
  const Impl& impl() const noexcept;
  alignas(16) unsigned char storage_[kImplBytes];
};

}  // namespace collide2d
