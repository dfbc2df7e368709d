// collide2d — WebAssembly bindings of the World (calling convention: bindings.cpp's header), the calls of a frame:
// moving bodies, step, region queries, raycasts, shape casts and move-and-slide; compiled for speed. Its bodies (made,
// removed, read back) are bound by bindings_world_bodies.cpp, compiled for size. The World is the C++
// collide2d::World itself, owned by JS until worldDelete and passed as its address (raw.h: viaAddress), the first
// argument of each function; one taking a body handle returns -1 (field "handle") when the handle is invalid or stale.
// Bulk results are published as counts and heap addresses in g_io[kOut...].
#include <collide2d/collide2d.h>
#include <collide2d/world.h>

#include <emscripten/bind.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <variant>

#include "raw.h"
namespace {

using namespace collide2d;
using namespace collide2d_raw;

/// Pair and event counts and addresses after step(): g_io[kOut + 0..9] (8, 9: pairParts' record count and address);
/// 10, 11: candidates and certified; 12: 1 for a quiet step.
void publishPairs(const World& w) {
  double* out = g_io + kOut;
  out[0] = static_cast<double>(w.pairCount());
  out[1] = addressOf(w.pairBodies().data());
  out[2] = addressOf(w.pairContacts().data());
  out[3] = static_cast<double>(w.beginEvents().size() / World::kEventStride);
  out[4] = addressOf(w.beginEvents().data());
  out[5] = static_cast<double>(w.endEvents().size() / World::kEventStride);
  out[6] = addressOf(w.endEvents().data());
  out[7] = addressOf(w.pairManifolds().data());
  out[8] = static_cast<double>(w.pairParts().size() / World::kPairPartStride);
  out[9] = addressOf(w.pairParts().data());
  out[10] = static_cast<double>(w.stepStats().candidates);
  out[11] = static_cast<double>(w.stepStats().certified);
  out[12] = w.stepStats().quiet ? 1.0 : 0.0;
}

/// Query results: address in g_io[kOut] (queryParts' in g_io[kOut + 1]), count returned (-1 with g_error set when the query was rejected).
int publishQuery(const World& w, Status s) {
  if (!s) return fail(s, 0);
  g_io[kOut] = addressOf(w.queryResults().data());
  g_io[kOut + 1] = addressOf(w.queryParts().data());
  return static_cast<int>(w.queryResults().size());
}

int publishRays(const World& w, Status s) {
  if (!s) return fail(s, 0);
  g_io[kOut] = addressOf(w.rayHits().data());
  g_io[kOut + 1] = addressOf(w.rayHitParts().data());
  return static_cast<int>(w.rayHitCount());
}

int c2_world_set_transform(World& world, std::uint32_t body, double x, double y,
                                                double angle) {
  World* w = &world;
  const Status s = w->setTransform(body, x, y, angle);
  return s ? 0 : fail(s, 0);  // JS tells the handle from the numbers by the field
}

/// `n` doubles (x, y, angle per body, in body order) at byte offset xyaOff of the scratch buffer.
int c2_world_set_transforms(World& world, std::uint32_t xyaOff, std::uint32_t n) {
  World* w = &world;
  const double* xya = at<const double>(xyaOff, n);
  if (xya == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  const Status s = w->setTransforms(std::span<const double>(xya, n));
  return s ? 0 : fail(s, 0);
}

/// `n` handles at handlesOff and 3 * n doubles at xyaOff.
int c2_world_set_transforms_of(World& world, std::uint32_t xyaOff,
                                                    std::uint32_t handlesOff, std::uint32_t n) {
  World* w = &world;
  const double* xya = at<const double>(xyaOff, 3 * n);
  const BodyHandle* handles = at<const BodyHandle>(handlesOff, n);
  if (xya == nullptr || handles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  const Status s = w->setTransforms(std::span<const BodyHandle>(handles, n), std::span<const double>(xya, 3 * n));
  return s ? 0 : fail(s, 0);  // field "handle" or "transforms"
}

/// x, y, angle in g_io[kOut + 0..2].
/// Returns the pair count; counts and addresses of pairs and events in g_io[kOut + 0..6] (see publishPairs).
int c2_world_step(World& world) {
  World* w = &world;
  const Status s = w->step();
  if (!s) return fail(s, -1);  // Error::OutOfMemory: the world is as it was before the call
  publishPairs(*w);
  return static_cast<int>(w->pairCount());
}

/// Queries: the aabb in slot 0 / the point at kPoint / the shape in slot 0. Count returned, address in g_io[kOut].
int c2_world_query_aabb(World& world, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadShape(0, kAabb, 0, 0);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryAabb(std::get<Aabb>(g_shape[0]), mask));
}

int c2_world_query_point(World& world, std::uint32_t mask) {
  World* w = &world;
  const Vec2 p = vec(g_io + kPoint);
  const Status s = validate(p);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryPoint(p, mask));
}

int c2_world_query_shape(World& world, int kind, int start, int count, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadShape(0, kind, start, count);
  if (!s) return fail(s, 0);
  return publishQuery(*w, w->queryShape(g_shape[0], mask));
}

/// The ray in slot 0. all == 0: closest hit only. Hit count returned, address of the records in g_io[kOut].
int c2_world_raycast(World& world, int all, std::uint32_t mask) {
  World* w = &world;
  const Status s = loadRay(0);
  if (!s) return fail(s, 0);
  return publishRays(*w, all != 0 ? w->raycastAll(g_ray, mask) : w->raycast(g_ray, mask));
}

// ---- World: shape casts and move-and-slide (world.h; cpp/src/world/casts.cpp) ------------------------------------
/// Reads the shape in slot 0 (kinds as c2_world_add), the transform in slot 1 (x, y, angle) and the motion at kPoint.
/// Arguments as the JS methods number them: 0 shape, 1 transform, 2 translation / displacement.
Status loadCast(int kind, int start, int count, const char* motion, Transform& xf, Vec2& d, int& arg) {
  Status s = loadShape(0, kind, start, count);
  arg = 0;
  if (!s) return s;
  xf = transformAt(g_io + kSlot);
  arg = 1;
  if (!(s = validate(xf))) return s;
  d = vec(g_io + kPoint);
  arg = 2;
  return validate(d, motion);
}

/// A rejected cast: the core names the transform's range error "transform" (the argument itself).
int failCast(Status s, int arg) {
  if (s.error != Error::OutOfMemory && arg == 1) s.field = "";
  return fail(s, arg);
}

/// castShape: 0 or 1 hit (its record at the address in g_io[kOut], World::kRayHitStride doubles; its part at the
/// address in g_io[kOut + 1]), or -1.
int c2_world_cast_shape(World& w, int kind, int start, int count, std::uint32_t mask) {
  Transform xf;
  Vec2 d;
  int arg = 0;
  Status s = loadCast(kind, start, count, "", xf, d, arg);
  if (!s) return failCast(s, arg);
  s = w.castShape(g_shape[0], xf, d, mask);
  if (!s) return failCast(s, 1);
  return publishRays(w, s);
}

/// moveAndSlide: the hit count (records at g_io[kOut]); final x, y and the legs in g_io[kOut + 1 .. 3], the hits' parts
/// at the address in g_io[kOut + 4], the flags in g_io[kOut + 5] (1 grounded, 2 onWall, 4 onCeiling) and the ground
/// normal in g_io[kOut + 6, 7]; or -1. The options (SlideOptions) besides maxIterations: g_io[kPoint + 2 .. 6] = skin,
/// up.x, up.y, maxSlopeAngle (< 0: off), snapToGround; autostep's maxHeight and minWidth in g_io[kOut + 8, 9]; an
/// option rejected is argument 3 (the options).
int c2_world_move_and_slide(World& w, int kind, int start, int count, int maxIterations, std::uint32_t mask) {
  Transform xf;
  Vec2 d;
  int arg = 0;
  Status s = loadCast(kind, start, count, "", xf, d, arg);
  if (!s) return failCast(s, arg);
  SlideOptions o;
  o.maxIterations = maxIterations;
  o.skin = g_io[kPoint + 2];
  o.up = Vec2{g_io[kPoint + 3], g_io[kPoint + 4]};
  o.maxSlopeAngle = g_io[kPoint + 5];
  o.snapToGround = g_io[kPoint + 6];
  o.autostep.maxHeight = g_io[kOut + 8];  // (inputs read before the results are written)
  o.autostep.minWidth = g_io[kOut + 9];
  WorldSlideResult r;
  s = w.moveAndSlide(g_shape[0], xf, d, o, r, mask);
  if (!s) {
    const std::string_view f = s.field != nullptr ? s.field : "";
    if (f == "maxIterations" || f == "skin" || f == "up" || f == "maxSlopeAngle" || f == "snapToGround" ||
        f == "autostep.maxHeight" || f == "autostep.minWidth") {
      return fail(s, 3);
    }
    return failCast(s, 1);
  }
  double* out = g_io + kOut;
  out[0] = addressOf(w.rayHits().data());
  out[1] = r.position.x;
  out[2] = r.position.y;
  out[3] = static_cast<double>(r.iterations);
  out[4] = addressOf(w.rayHitParts().data());
  out[5] = (r.grounded ? 1.0 : 0.0) + (r.onWall ? 2.0 : 0.0) + (r.onCeiling ? 4.0 : 0.0);
  out[6] = r.groundNormal.x;
  out[7] = r.groundNormal.y;
  return r.hitCount;
}

}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_world) {
  using namespace emscripten;
  // The World is passed as its address (raw.h: viaAddress), first argument of each function.
  function("worldSetTransform", viaAddress<c2_world_set_transform>);
  function("worldSetTransforms", viaAddress<c2_world_set_transforms>);
  function("worldSetTransformsOf", viaAddress<c2_world_set_transforms_of>);
  function("worldStep", viaAddress<c2_world_step>);
  function("worldQueryAabb", viaAddress<c2_world_query_aabb>);
  function("worldQueryPoint", viaAddress<c2_world_query_point>);
  function("worldQueryShape", viaAddress<c2_world_query_shape>);
  function("worldRaycast", viaAddress<c2_world_raycast>);
  function("worldCastShape", viaAddress<c2_world_cast_shape>);
  function("worldMoveAndSlide", viaAddress<c2_world_move_and_slide>);
}
