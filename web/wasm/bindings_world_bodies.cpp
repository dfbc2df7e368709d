// collide2d — WebAssembly bindings of the World's bodies (calling convention: bindings.cpp's header): a new World and
// its deletion, adding bodies (shapes, outlines, compounds), removing them, their transforms, filters, static and
// sensor flags, user ids, shapes and bounds read back, and the World's settings. Not the calls of a frame
// (bindings_world.cpp), so compiled for size (web/wasm/CMakeLists.txt). Each function takes the World first (its address: raw.h, viaAddress);
// one taking a body handle returns -1 (field "handle") when the handle is invalid or stale.
#include <collide2d/collide2d.h>
#include <collide2d/world.h>

#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>
#include <type_traits>
#include <variant>
#include <vector>

#include "raw.h"
namespace {

using namespace collide2d;
using namespace collide2d_raw;

Shape g_bodyShape;

// ---- World ------------------------------------------------------------------------------------------------------
// Functions of the World (the C++ collide2d::World itself, by address): each takes the World first; one taking a
// body handle returns -1 (g_error: field "handle") when the handle is invalid or stale. Arguments are numbered as the
// JS methods number them.

/// A new World owned by JS (worldDelete destroys it), as its address; 0 when its memory cannot be had (raw.h: make).
std::uintptr_t c2_new_world() { return make<World>(); }

void c2_world_delete(World& world) { destroy(world); }

void c2_world_set_cell_size(World& world, double size) {
  world.setCellSize(size);
}

void c2_world_reserve(World& world, std::uint32_t bodies) {
  world.reserve(bodies);
}

void c2_world_clear(World& world) {
  world.clear();
}

/// Adds the shape in slot 0 (kinds 0..4 and 8; polygon points by Vec2 index) with the transform in slot 1 (x, y, angle).
/// A polygon (kind 3) is an outline, concave allowed (World::addOutline: a compound body of decompose()'s parts when
/// concave); a self-crossing one is refused with field "edges" and the two crossing edges in g_io[kOut], g_io[kOut + 1].
/// Returns the handle (as int), or -1: arg 0 the shape (or field "capacity"), arg 1 the transform.
int c2_world_add(World& world, int kind, int start, int count, double userId,
                                      std::uint32_t category, std::uint32_t mask, std::int32_t group) {
  World* w = &world;
  const Transform xf = transformAt(g_io + kSlot);
  Status s = validate(xf);
  if (!s) return fail(s, 1);
  const Filter filter{category, mask, group};
  BodyHandle h = kNullBody;
  if (kind == kPolygon) {
    std::span<const Vec2> pts;
    if (!points(start, count, pts)) return fail({Error::InvalidArgument, "points"}, 0);
    DecomposeInfo info;
    s = w->addOutline(pts, xf, userId, filter, h, &info);
    g_io[kOut] = info.edgeA == DecomposeInfo::npos ? -1.0 : static_cast<double>(info.edgeA);
    g_io[kOut + 1] = info.edgeB == DecomposeInfo::npos ? -1.0 : static_cast<double>(info.edgeB);
  } else if ((s = loadShape(0, kind, start, count))) {
    s = w->addShape(g_shape[0], xf, userId, filter, h);
  }
  if (!s) return fail(s, 0);
  return static_cast<int>(h);
}

/// A compound body (World::addCompound): `n` part records of kPartRecord doubles at byte offset recordsOff of the
/// scratch buffer, each: kind (0 circle, 1 aabb, 2 box, 3 polygon, 4 segment, 8 trusted polygon, 9 capsule), the five
/// shape numbers as a shape slot holds them (a polygon: start and count of its points, by Vec2 index in the scratch
/// buffer; the rest unused), then the part's offset x, y, angle. Every index is bounds-checked. The transform is in
/// slot 1. Returns the handle, or -1: arg 1 the transform; arg 0 the parts (field "parts": none or more than
/// World::kMaxParts; "buffer": records out of bounds) or part errorIndex(): g_io[kOut] says what of it was rejected
/// (0 its shape, 1 its offset, 2 its placement: beyond the coordinate range; field "transform").
constexpr std::uint32_t kPartRecord = 9;
std::vector<BodyPart> g_parts;  // the parts of the last compound (their capacity reused)

/// v as an index in [0, 2^31), else -1.
int indexOf(double v) { return v >= 0.0 && v < 2147483648.0 && v == static_cast<double>(static_cast<int>(v)) ? static_cast<int>(v) : -1; }

int c2_world_add_compound(World& w, std::uint32_t recordsOff, std::uint32_t n, double userId, std::uint32_t category,
                          std::uint32_t mask, std::int32_t group) {
  g_io[kOut] = 0.0;
  const Transform xf = transformAt(g_io + kSlot);
  Status s = validate(xf);
  if (!s) return fail(s, 1);
  if (n == 0 || n > World::kMaxParts) return fail({Error::InvalidArgument, "parts"}, 0);
  const double* rec = at<const double>(recordsOff, kPartRecord * n);
  if (rec == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  // operator new aborts the module when memory cannot grow: probe what the parts take through malloc first.
  std::uint64_t bytes = std::uint64_t{n} * (sizeof(BodyPart) + 64);
  for (std::uint32_t k = 0; k < n; ++k) {
    const double* r = rec + kPartRecord * k;
    const int kind = indexOf(r[0]);
    if (kind == kPolygon || kind == kTrustedPolygon) bytes += 2 * sizeof(Vec2) * static_cast<std::uint64_t>(std::max(0, indexOf(r[2])));
  }
  void* probe = bytes < 0x40000000u ? std::malloc(static_cast<std::size_t>(2 * bytes)) : nullptr;
  if (probe == nullptr) return fail({Error::OutOfMemory, "memory"}, 0);
  std::free(probe);
  g_parts.clear();
  g_parts.reserve(n);
  for (std::uint32_t k = 0; k < n; ++k) {
    // Each part through shape slot 0 (loadShape validates it; a polygon is Polygon::create's), then copied.
    const double* r = rec + kPartRecord * k;
    const int kind = indexOf(r[0]);
    for (int i = 0; i < 5; ++i) g_io[i] = r[1 + i];
    const bool polygon = kind == kPolygon || kind == kTrustedPolygon;
    if (!(s = loadShape(0, kind, polygon ? indexOf(r[1]) : 0, polygon ? indexOf(r[2]) : 0))) {
      return fail(s, 0, static_cast<int>(k));
    }
    BodyPart& part = g_parts.emplace_back(BodyPart{g_shape[0], transformAt(r + 6)});
    if (!(s = validate(part.offset))) {
      g_io[kOut] = 1.0;
      return fail(s, 0, static_cast<int>(k));
    }
  }
  BodyHandle h = kNullBody;
  std::size_t failed = SIZE_MAX;
  s = w.addCompound(g_parts, xf, userId, Filter{category, mask, group}, h, &failed);
  if (!s) {
    g_io[kOut] = 2.0;
    return fail(s, 0, failed == SIZE_MAX ? -1 : static_cast<int>(failed));
  }
  return static_cast<int>(h);
}

/// A chain body (World::addChain): `n` points (x, y doubles) at the start of the scratch buffer, `loop` 0 / 1, the
/// transform in slot 1. Returns the handle, or -1: arg 0 the points (g_error's index: the point at fault; field
/// "buffer": out of bounds; "transform": a point placed beyond the coordinate range), arg 1 the transform.
int c2_world_add_chain(World& w, std::uint32_t n, int loop, double userId, std::uint32_t category, std::uint32_t mask,
                       std::int32_t group) {
  const Transform xf = transformAt(g_io + kSlot);
  Status s = validate(xf);
  if (!s) return fail(s, 1);
  std::span<const Vec2> pts;
  if (!points(0, static_cast<int>(n), pts)) return fail({Error::InvalidArgument, "buffer"}, 0);
  // operator new aborts the module when memory cannot grow: probe what the segments and their tree take first.
  const std::uint64_t bytes = std::uint64_t{n} * 256 + 4096;
  void* probe = bytes < 0x40000000u ? std::malloc(static_cast<std::size_t>(2 * bytes)) : nullptr;
  if (probe == nullptr) return fail({Error::OutOfMemory, "memory"}, 0);
  std::free(probe);
  BodyHandle h = kNullBody;
  std::size_t failed = SIZE_MAX;
  s = w.addChain(pts, loop != 0, xf, userId, Filter{category, mask, group}, h, &failed);
  if (!s) return fail(s, 0, failed == SIZE_MAX ? -1 : static_cast<int>(failed));
  return static_cast<int>(h);
}

/// A body's part count (1 for a body of one shape), or -1.
int c2_world_part_count(World& w, std::uint32_t body) {
  std::size_t n = 0;
  const Status s = w.getPartCount(body, n);
  return s ? static_cast<int>(n) : fail(s, 0);
}

int c2_world_remove(World& world, std::uint32_t body) {
  World* w = &world;
  const Status s = w->remove(body);
  return s ? 0 : fail(s, 0);
}

int c2_world_has(World& world, std::uint32_t body) {
  const World* w = &world;
  return w != nullptr && w->isValid(body) ? 1 : 0;
}

std::uint32_t c2_world_body_count(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<std::uint32_t>(w->bodyCount()) : 0;
}

/// Address of the live handles (c2_world_body_count of them), in body order.
std::uint32_t c2_world_bodies(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(w->bodies().data())) : 0;
}

int c2_world_get_transform(World& world, std::uint32_t body) {
  const World* w = &world;
  Transform xf;
  const Status s = w->getTransform(body, xf);
  if (!s) return fail(s, 0);
  double* out = g_io + kOut;
  writeVec(out, xf.position);
  out[2] = xf.angle;
  return 0;
}

int c2_world_set_filter(World& world, std::uint32_t body, std::uint32_t category,
                                             std::uint32_t mask, std::int32_t group) {
  World* w = &world;
  const Status s = w->setFilter(body, Filter{category, mask, group});
  return s ? 0 : fail(s, 0);
}

/// category, mask, group in g_io[kOut + 0..2].
int c2_world_get_filter(World& world, std::uint32_t body) {
  const World* w = &world;
  Filter f;
  const Status s = w->getFilter(body, f);
  if (!s) return fail(s, 0);
  double* out = g_io + kOut;
  out[0] = f.category;
  out[1] = f.mask;
  out[2] = f.group;
  return 0;
}

/// 0 when setTransform(body, x, y, angle) would be accepted; else its error (the body is not moved).
int c2_world_check_transform(World& world, std::uint32_t body, double x, double y, double angle) {
  const Status s = world.checkTransform(body, {{x, y}, angle});
  return s ? 0 : fail(s, 0);
}

int c2_world_set_static(World& world, std::uint32_t body, int isStatic) {
  const Status s = world.setStatic(body, isStatic != 0);
  return s ? 0 : fail(s, 0);
}

/// 1 when the body is static, 0 when it moves.
int c2_world_get_static(World& world, std::uint32_t body) {
  bool out = false;
  const Status s = world.getStatic(body, out);
  return s ? (out ? 1 : 0) : fail(s, 0);
}

int c2_world_set_sensor(World& world, std::uint32_t body, int isSensor) {
  const Status s = world.setSensor(body, isSensor != 0);
  return s ? 0 : fail(s, 0);
}

/// 1 when the body is a sensor, 0 when not.
int c2_world_get_sensor(World& world, std::uint32_t body) {
  bool out = false;
  const Status s = world.getSensor(body, out);
  return s ? (out ? 1 : 0) : fail(s, 0);
}

int c2_world_set_user_id(World& world, std::uint32_t body, double userId) {
  World* w = &world;
  const Status s = w->setUserId(body, userId);
  return s ? 0 : fail(s, 0);
}

/// The user id in g_io[kOut].
int c2_world_get_user_id(World& world, std::uint32_t body) {
  const World* w = &world;
  const Status s = w->getUserId(body, g_io[kOut]);
  return s ? 0 : fail(s, 0);
}

/// Writes a world shape from g_io[kOut] as the shape slots hold them and returns its kind; a polygon writes its vertex
/// count and the address of its vertices (valid until the next call).
int writeShape(const Shape& shape) {
  double* out = g_io + kOut;
  return std::visit(
      [out](const auto& shape) -> int {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Circle>) {
          writeVec(out, shape.center);
          out[2] = shape.radius;
          return kCircle;
        } else if constexpr (std::is_same_v<T, Aabb>) {
          writeVec(out, shape.min);
          writeVec(out + 2, shape.max);
          return kAabb;
        } else if constexpr (std::is_same_v<T, Box>) {
          writeVec(out, shape.center);
          writeVec(out + 2, shape.halfExtents);
          out[4] = shape.angle;
          return kBox;
        } else if constexpr (std::is_same_v<T, Polygon>) {
          out[0] = static_cast<double>(shape.vertices().size());
          out[1] = addressOf(shape.vertices().data());
          return kPolygon;
        } else if constexpr (std::is_same_v<T, Capsule>) {
          writeVec(out, shape.a);
          writeVec(out + 2, shape.b);
          out[4] = shape.radius;
          return kCapsule;
        } else {
          writeVec(out, shape.a);
          writeVec(out + 2, shape.b);
          return kSegment;
        }
      },
      shape);
}

constexpr int kCompound = 10;  // getShape of a compound body: g_io[kOut] = its part count (read each with part >= 0)

/// part < 0: the body's world shape (writeShape), or for a compound body kCompound with its part count in g_io[kOut];
/// part >= 0: that part's world shape (World::getPartShape; field "part" past the last part). -1 when rejected.
int c2_world_get_shape(World& world, std::uint32_t body, int part) {
  Status s;
  if (part < 0) {
    ShapeType type = ShapeType::Circle;
    if (!(s = world.getShapeType(body, type))) return fail(s, 0);
    if (type == ShapeType::Compound || type == ShapeType::Chain) {  // (a chain: its segments, in chain order)
      std::size_t n = 0;
      (void)world.getPartCount(body, n);
      g_io[kOut] = static_cast<double>(n);
      return kCompound;
    }
    s = world.getWorldShape(body, g_bodyShape);
  } else {
    s = world.getPartShape(body, static_cast<std::size_t>(part), g_bodyShape);
  }
  if (!s) return fail(s, 0);
  return writeShape(g_bodyShape);
}

/// minX, minY, maxX, maxY in g_io[kOut + 0..3].
/// part < 0: the body's bounds; else that part's (World::getPartBounds).
int c2_world_get_bounds(World& world, std::uint32_t body, int part) {
  const World* w = &world;
  Aabb b;
  const Status s = part < 0 ? w->getBounds(body, b) : w->getPartBounds(body, static_cast<std::size_t>(part), b);
  if (!s) return fail(s, 0);
  writeVec(g_io + kOut, b.min);
  writeVec(g_io + kOut + 2, b.max);
  return 0;
}

/// Bytes of wasm heap the World holds.
double c2_world_heap_bytes(World& world) {
  const World* w = &world;
  return w != nullptr ? static_cast<double>(w->heapBytes()) : 0.0;
}

/// 0 Contacts, 1 PairsOnly, 2 Manifolds (ContactMode); other values are ignored.
void c2_world_set_contact_mode(World& w, int mode) { w.setContactMode(static_cast<ContactMode>(mode)); }
/// Temporal coherence on (1) or off (0).
void c2_world_set_coherence(World& w, int on) { w.setCoherence(on != 0); }
/// World::setThreadCount: 0 when set, else the Error code (the wrapper checked the range: only a worker that could not
/// be started fails here).
int c2_world_set_thread_count(World& w, int n) { return static_cast<int>(w.setThreadCount(n).error); }
int c2_world_thread_count(World& w) { return w.threadCount(); }
int c2_max_thread_count() { return World::maxThreadCount(); }
}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_world_bodies) {
  using namespace emscripten;
  // The World is passed as its address (raw.h: viaAddress), first argument of each function.
  function("newWorld", &c2_new_world);
  function("worldDelete", viaAddress<c2_world_delete>);
  function("worldSetCellSize", viaAddress<c2_world_set_cell_size>);
  function("worldReserve", viaAddress<c2_world_reserve>);
  function("worldClear", viaAddress<c2_world_clear>);
  function("worldAdd", viaAddress<c2_world_add>);
  function("worldAddCompound", viaAddress<c2_world_add_compound>);
  function("worldAddChain", viaAddress<c2_world_add_chain>);
  function("worldPartCount", viaAddress<c2_world_part_count>);
  function("worldRemove", viaAddress<c2_world_remove>);
  function("worldHas", viaAddress<c2_world_has>);
  function("worldBodyCount", viaAddress<c2_world_body_count>);
  function("worldBodies", viaAddress<c2_world_bodies>);
  function("worldGetTransform", viaAddress<c2_world_get_transform>);
  function("worldCheckTransform", viaAddress<c2_world_check_transform>);
  function("worldSetFilter", viaAddress<c2_world_set_filter>);
  function("worldGetFilter", viaAddress<c2_world_get_filter>);
  function("worldSetStatic", viaAddress<c2_world_set_static>);
  function("worldGetStatic", viaAddress<c2_world_get_static>);
  function("worldSetSensor", viaAddress<c2_world_set_sensor>);
  function("worldGetSensor", viaAddress<c2_world_get_sensor>);
  function("worldSetUserId", viaAddress<c2_world_set_user_id>);
  function("worldGetUserId", viaAddress<c2_world_get_user_id>);
  function("worldGetShape", viaAddress<c2_world_get_shape>);
  function("worldGetBounds", viaAddress<c2_world_get_bounds>);
  function("worldHeapBytes", viaAddress<c2_world_heap_bytes>);
  function("worldSetContactMode", viaAddress<c2_world_set_contact_mode>);
  function("worldSetCoherence", viaAddress<c2_world_set_coherence>);
  function("worldSetThreadCount", viaAddress<c2_world_set_thread_count>);
  function("worldThreadCount", viaAddress<c2_world_thread_count>);
  function("maxThreadCount", &c2_max_thread_count);
}
