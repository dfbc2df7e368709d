// collide2d — WebAssembly bindings, declared with embind. This file: the shared state (g_io, the scratch buffer, the
// shape slots, the last error: raw.h), the memory plumbing and the hot single calls; the other single calls are in
// bindings_single.cpp, the batches in bindings_batch.cpp, the World in bindings_world.cpp, the queries of queries.h in
// bindings_queries.cpp, decompose() in bindings_decompose.cpp. They bind the C++ core and do nothing else: every function reads its inputs from scalar arguments or wasm memory, calls the core, and writes the
// result to wasm memory. The public JavaScript API (web/lib/src/*.ts) wraps this raw layer, which is not public.
//
// Calling convention (shared with web/lib/src/core.ts, which owns the matching constants):
// * Hot calls take numbers only (kinds, indices, byte offsets) and return an int: an embind call of numbers costs
//   a few ns with embind's default invokers (measured: bench/results/2026-11-23-embind.md). Nothing is passed as a
//   value_object or std::string, which would allocate on every call (emscripten issue 27553).
// * Scalar inputs and outputs go through g_io, a static array of doubles in wasm memory (its address: io()).
//   Shape slot s (0 or 1) holds a shape's numbers at g_io[8 * s], a query point or displacement is at
//   g_io[kPoint], results are written from g_io[kOut]. Shape kinds: 0 circle (cx, cy, r), 1 aabb (minX, minY,
//   maxX, maxY), 2 box (cx, cy, hx, hy, angle), 3 polygon (points in the scratch buffer), 4 segment (ax, ay, bx,
//   by), 5 line (ax, ay, bx, by), 6 ray (ox, oy, dx, dy, maxFraction), 7 transform (x, y, angle), 8 a polygon
//   that the wrapper made with polygon() and froze (its points are Polygon::create's output: not proved again),
//   9 capsule (ax, ay, bx, by, radius).
// * Variable-length inputs (polygon points, walls, batches) go in one growable scratch buffer (reserve()).
//   Points are addressed by Vec2 index (start, count); batches by byte offset. Every index is bounds-checked.
// * A negative result means a rejected argument, described by errorCode/errorArg/errorIndex/errorField/
//   errorMessage (the core's Status, which argument, which element of a batch; the strings are addresses of
//   NUL-terminated ASCII in static storage).
// * World (collide2d::World itself) and PreparedPolygons are C++ objects owned by JS until their delete function,
//   passed as their address (raw.h: viaAddress; not embind class_es, whose glue is large). Bulk
//   results (pairs, events, query results, ray hits, SAT axes) are published as counts and heap addresses in
//   g_io[kOut...]; JS reads them through typed views that it re-creates after the memory grew.
// * Compound bodies (World::addCompound / addOutline): World.add of a polygon (kind 3) goes through addOutline, so a
//   concave outline becomes a compound body (a self-crossing one: field "edges", the edges in g_io[kOut], g_io[kOut + 1]);
//   addCompound reads part records (kPartRecord = 9 doubles: kind, five shape numbers, offset x, y, angle) from the
//   scratch buffer and names a rejected part through errorIndex. getShape / getBounds take a part (-1: the body; a
//   compound body's getShape returns kCompound = 10 and its part count); pairParts, queryParts and rayHitParts are
//   published beside the results they describe (publishPairs, publishQuery, publishRays, moveAndSlide).
// * Out of memory: the module links with -sABORTING_MALLOC=0, so malloc returns null; Error::OutOfMemory comes back
//   as a rejected argument (World::step, World::add*, preparePolygons, reserve() returning 0). An allocation through
//   operator new that fails still aborts the module (Emscripten's libc++ without exceptions); the JS wrapper then
//   disables itself (every later call throws the same out-of-memory error).
// * No exceptions, no RTTI (-fno-rtti -DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0). Nothing allocates per call except
//   Polygon::create growing a reused scratch polygon, the reused SAT trace, the scratch buffer itself, and the
//   objects that JS owns and deletes: the wasm heap stops growing after warm-up.
#include <collide2d/collide2d.h>

#include <emscripten/bind.h>

#include <cstdarg>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>

#include "raw.h"

namespace collide2d_raw {

using namespace collide2d;

alignas(16) double g_io[kIoSize];
unsigned char* g_buf = nullptr;
std::size_t g_cap = 0;

// ---- the last rejected argument --------------------------------------------------------------------------
struct LastError {
  Status status;
  int arg = 0;     // which argument of the JS function (0-based, as the wrapper numbers them)
  int index = -1;  // element of a batch or of an array argument, -1 when not applicable
};
LastError g_error;

int fail(Status s, int arg, int index) {
  g_error = {s, arg, index};
  return -1;
}

// ---- shapes in slots -------------------------------------------------------------------------------------
// The two Shape slots are reused across calls. A polygon slot keeps its vectors' capacity: when a slot switches
// to another kind, its Polygon is moved aside (no free) and moved back (no allocation) later.
Shape g_shape[2];
Polygon g_sparePolygon[2];
Line g_line[2];
Ray g_ray;

template <class T>
void store(int slot, const T& value) {
  Shape& s = g_shape[slot];
  if (Polygon* p = std::get_if<Polygon>(&s)) g_sparePolygon[slot] = std::move(*p);
  s = value;
}

Polygon& polygonSlot(int slot) {
  Shape& s = g_shape[slot];
  if (Polygon* p = std::get_if<Polygon>(&s)) return *p;
  return s.emplace<Polygon>(std::move(g_sparePolygon[slot]));
}


/// Loads a circle, aabb, box, polygon or segment from g_io slot `slot` (polygon points from the scratch buffer)
/// into g_shape[slot] and returns its validation status (a polygon is validated by Polygon::create).
Status loadShape(int slot, int kind, int start, int count) {
  const double* p = g_io + kSlot * slot;
  switch (kind) {
    case kCircle: {
      const Circle c = circleAt(p);
      store(slot, c);
      return validate(c);
    }
    case kAabb: {
      const Aabb b = aabbAt(p);
      store(slot, b);
      return validate(b);
    }
    case kBox: {
      const Box b = boxAt(p);
      store(slot, b);
      return validate(b);
    }
    case kPolygon: {
      std::span<const Vec2> pts;
      if (!points(start, count, pts)) return {Error::InvalidArgument, "points"};
      return Polygon::create(pts, polygonSlot(slot));
    }
    case kTrustedPolygon: {
      std::span<const Vec2> pts;
      if (!points(start, count, pts) || count < 3) return {Error::InvalidArgument, "points"};
      Polygon::assignNormalized(pts, polygonSlot(slot));
      return {};
    }
    case kSegment: {
      const Segment s = segmentAt(p);
      store(slot, s);
      return validate(s);
    }
    case kCapsule: {
      const Capsule c = capsuleAt(p);
      store(slot, c);
      return validate(c);
    }
    default:
      return {Error::InvalidArgument, "type"};
  }
}

Status loadLine(int slot) {
  g_line[slot] = lineAt(g_io + kSlot * slot);
  return validate(g_line[slot]);
}

Status loadRay(int slot) {
  g_ray = rayAt(g_io + kSlot * slot);
  return validate(g_ray);
}

/// Writes a polygon's vertices at the start of the scratch buffer (which the caller sized for them).
int writeVertices(const Polygon& poly) {
  const auto v = poly.vertices();
  Vec2* out = at<Vec2>(0, static_cast<std::uint32_t>(v.size()));
  if (out == nullptr) return fail({Error::InvalidArgument, "points"}, 0);
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[i];
  return static_cast<int>(v.size());
}

// Two polygons that the wrapper made with polygon() (kind 8 twice: its packed fast path), assigned to two Polygons
// of their own rather than to the Shape slots: the same collide(Polygon, Polygon), distance and cast that the generic
// dispatch reaches, without the variant's bookkeeping and visit (measured 370 instructions per collide() in Node).
// The slots keep what they held (every call loads its own shapes).
Polygon g_trusted[2];

bool loadTrustedPair(int startA, int countA, int argA, int startB, int countB, int argB) {
  std::span<const Vec2> pa, pb;
  if (!points(startA, countA, pa) || countA < 3) return fail({Error::InvalidArgument, "points"}, argA) != -1;
  if (!points(startB, countB, pb) || countB < 3) return fail({Error::InvalidArgument, "points"}, argB) != -1;
  Polygon::assignNormalized(pa, g_trusted[0]);
  Polygon::assignNormalized(pb, g_trusted[1]);
  return true;
}

}  // namespace collide2d_raw

namespace {

using namespace collide2d;
using namespace collide2d_raw;

int closestPointOf(int kind, int start, int count) {
  const Vec2 p = vec(g_io + kPoint);
  Status s;
  if (kind == kLine) {
    s = loadLine(0);
  } else {
    s = loadShape(0, kind, start, count);
  }
  if (!s) return fail(s, 0);
  if (!(s = validate(p))) return fail(s, 1);
  double* out = g_io + kOut;
  const auto writeBoundary = [out](const BoundaryPoint& r) {
    writeVec(out, r.point);
    out[2] = r.distanceSquared;
    out[3] = r.inside ? 1.0 : 0.0;
    return 0;
  };
  const auto writeSegment = [out](const SegmentPoint& r) {
    writeVec(out, r.point);
    out[2] = r.distanceSquared;
    out[3] = r.t;
    return 1;
  };
  if (kind == kLine) return writeSegment(closestPoint(g_line[0], p));
  return std::visit(
      [&](const auto& shape) -> int {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Segment>) {
          return writeSegment(closestPoint(shape, p));
        } else {
          return writeBoundary(closestPoint(shape, p));
        }
      },
      g_shape[0]);
}

int raycastShape(int kind, int start, int count) {
  Status s = loadRay(0);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kind, start, count))) return fail(s, 1);
  const RayHit r = raycast(g_ray, g_shape[1]);
  double* out = g_io + kOut;
  out[0] = r.hit ? 1.0 : 0.0;
  out[1] = r.fraction;
  writeVec(out + 2, r.point);
  writeVec(out + 4, r.normal);
  return r.hit ? 1 : 0;
}


int validateShape(int kind, int start, int count) {
  Status s;
  switch (kind) {
    case kLine:
      s = loadLine(0);
      break;
    case kRay:
      s = loadRay(0);
      break;
    case kTransform:
      s = validate(transformAt(g_io));
      break;
    default:
      s = loadShape(0, kind, start, count);
      break;
  }
  g_error = {s, 0, -1};
  return static_cast<int>(s.error);
}

// ---- the hot paths and the memory plumbing --------------------------------------------------------------------
std::uintptr_t c2_io() { return reinterpret_cast<std::uintptr_t>(g_io); }

/// Makes the scratch buffer at least `bytes` long; returns its address (0 when out of memory). Never shrinks.
std::uintptr_t c2_reserve(std::uint32_t bytes) {
  if (bytes > g_cap) {
    std::size_t cap = g_cap < 4096 ? 4096 : g_cap;
    while (cap < bytes) cap *= 2;
    void* p = std::realloc(g_buf, cap);
    if (p == nullptr) return 0;
    g_buf = static_cast<unsigned char*>(p);
    g_cap = cap;
  }
  return reinterpret_cast<std::uintptr_t>(g_buf);
}

/// validate() of any shape kind (0..8) in slot 0; the Status is kept for errorCode / errorField. Used by every
/// factory.
int c2_validate(int kind, int start, int count) { return validateShape(kind, start, count); }

/// Ray in slot 0 against the shape in slot 1 (often called many times per frame).
int c2_raycast(int kind, int start, int count) { return raycastShape(kind, start, count); }

/// Closest point of the shape in slot 0 to the point at kPoint.
int c2_closest_point(int kind, int start, int count) { return closestPointOf(kind, start, count); }

int c2_error_code() { return static_cast<int>(g_error.status.error); }
int c2_error_arg() { return g_error.arg; }
int c2_error_index() { return g_error.index; }

// Circle vs circle contact without validation, for the JavaScript fast path: the wrapper calls it only after its
// own check (every number finite, radii >= 0: exactly what validate(Circle) accepts). Anything else goes through the
// generic c2_collide, so rejected input is always described by the core's validate(). (The circle overlap test
// itself is three lines of arithmetic that the wrapper does in JavaScript, cheaper than any wasm call.)
int c2_collide_circle_circle_checked_by_caller(double ax, double ay, double ar, double bx,
                                                                    double by, double br) {
  const Contact c = collide(Circle{{ax, ay}, ar}, Circle{{bx, by}, br});
  writeContact(g_io + kOut, c);
  return c.hit ? 1 : 0;
}

/// Generic pair query over slots 0 and 1 (kinds 0..4 and 8; polygons' points by Vec2 index in the scratch buffer).
int c2_overlaps(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (kindA == kTrustedPolygon && kindB == kTrustedPolygon) {
    if (!loadTrustedPair(startA, countA, 0, startB, countB, 1)) return -1;
    return overlaps(g_trusted[0], g_trusted[1]) ? 1 : 0;
  }
  Status s = loadShape(0, kindA, startA, countA);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kindB, startB, countB))) return fail(s, 1);
  return overlaps(g_shape[0], g_shape[1]) ? 1 : 0;
}

int c2_collide(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (kindA == kTrustedPolygon && kindB == kTrustedPolygon) {
    if (!loadTrustedPair(startA, countA, 0, startB, countB, 1)) return -1;
    const Contact c = collide(g_trusted[0], g_trusted[1]);
    writeContact(g_io + kOut, c);
    return c.hit ? 1 : 0;
  }
  Status s = loadShape(0, kindA, startA, countA);
  if (!s) return fail(s, 0);
  if (!(s = loadShape(1, kindB, startB, countB))) return fail(s, 1);
  const Contact c = collide(g_shape[0], g_shape[1]);
  writeContact(g_io + kOut, c);
  return c.hit ? 1 : 0;
}

/// Point (at kPoint) in the shape of slot 0 (kinds 0..5).
int c2_contains(int kind, int start, int count) {
  Status s = kind == kLine ? loadLine(0) : loadShape(0, kind, start, count);
  if (!s) return fail(s, 0);
  const Vec2 p = vec(g_io + kPoint);
  if (!(s = validate(p))) return fail(s, 1);
  return (kind == kLine ? contains(g_line[0], p) : contains(g_shape[0], p)) ? 1 : 0;
}

// Batches. Offsets are byte offsets into the scratch buffer; `n` counts pairs. A rejected element sets
// g_error (arg: 0 first input, 1 second, 2 pairs) and returns -1 before anything is written.

/// NUL-terminated ASCII in static storage (the core's field names and messages): their addresses.
std::uintptr_t c2_error_field() {
  return reinterpret_cast<std::uintptr_t>(g_error.status.field != nullptr ? g_error.status.field : "");
}
std::uintptr_t c2_error_message() {
  return reinterpret_cast<std::uintptr_t>(g_error.status.message() != nullptr ? g_error.status.message() : "");
}
}  // namespace

// embind's runtime (its __getTypeName, which words the errors about unbound types; built without RTTI) formats a type
// id with sprintf(buffer, "%p", id), compiled to siprintf (musl's sprintf without floating point): the module's only
// printf-like call, and it links musl's whole printf (printf_core, pop_arg, wctomb, ...: 2.5 KB of the gzipped .wasm).
// The link wraps siprintf (-Wl,--wrap=siprintf, web/wasm/CMakeLists.txt) to this writer of that one form: "0x" and
// the pointer in lowercase hex, or "0" for null, as musl writes them. Another format is copied without conversions
// (nothing else in the module calls a printf; web/test/raw.test.js checks the "%p" form through the exported
// ___getTypeName).
extern "C" int __wrap_siprintf(char* out, const char* format, ...) {
  if (format[0] == '%' && format[1] == 'p' && format[2] == '\0') {
    va_list args;
    va_start(args, format);
    std::uintptr_t v = reinterpret_cast<std::uintptr_t>(va_arg(args, void*));
    va_end(args);
    char digits[2 * sizeof(v)];
    int n = 0;
    do {
      digits[n++] = "0123456789abcdef"[v & 15];
      v >>= 4;
    } while (v != 0);
    int k = 0;
    if (n > 1 || digits[0] != '0') {  // (musl writes a null pointer as "0")
      out[k++] = '0';
      out[k++] = 'x';
    }
    while (n > 0) out[k++] = digits[--n];
    out[k] = '\0';
    return k;
  }
  int k = 0;
  for (; format[k] != '\0'; ++k) out[k] = format[k];
  out[k] = '\0';
  return k;
}

// embind's runtime registers, at start-up, every type it could convert (bind.cpp: its builtin types). The module's
// functions take and return only numbers (int, unsigned, unsigned long, double) and void, so the registrations of
// bool, the strings (std::string, std::wstring, std::u16string, std::u32string), emscripten::val, the memory views
// and the 64-bit integers are wrapped to these no-ops (-Wl,--wrap=..., web/wasm/CMakeLists.txt): the glue then does
// not link their converters (UTF-16/32 codecs, the emval handle table: 1.8 KB of the gzipped bundle, 0.3 KB of the
// .wasm). A function bound with one of those types would throw embind's UnboundTypeError when called.
extern "C" {
void __wrap__embind_register_bool(const void*, const char*, std::size_t, bool, bool) {}
void __wrap__embind_register_std_string(const void*, const char*) {}
void __wrap__embind_register_std_wstring(const void*, std::size_t, const char*) {}
void __wrap__embind_register_emval(const void*, const char*) {}
void __wrap__embind_register_memory_view(const void*, unsigned, const char*) {}
void __wrap__embind_register_bigint(const void*, const char*, std::size_t, long long, unsigned long long) {}
}

EMSCRIPTEN_BINDINGS(collide2d) {
  using namespace emscripten;
  // memory plumbing and errors
  function("io", &c2_io);
  function("reserve", &c2_reserve);
  function("errorCode", &c2_error_code);
  function("errorArg", &c2_error_arg);
  function("errorIndex", &c2_error_index);
  function("errorField", &c2_error_field);
  function("errorMessage", &c2_error_message);
  // hot single calls: numbers in, an int out, results in g_io
  function("validate", &c2_validate);
  function("collideCircleCircleCheckedByCaller", &c2_collide_circle_circle_checked_by_caller);
  function("overlaps", &c2_overlaps);
  function("collide", &c2_collide);
  function("contains", &c2_contains);
  function("raycast", &c2_raycast);
  function("closestPoint", &c2_closest_point);
}

