// collide2d — what the binding files share (calling convention: bindings.cpp's header): the scalar area g_io with its
// two shape slots, the growable scratch buffer, the last rejected argument, and the readers and writers of g_io.
// bindings.cpp defines them and binds the memory plumbing and the hot calls; bindings_single.cpp the other single
// calls, bindings_batch.cpp the batches, bindings_world.cpp the World, bindings_queries.cpp and bindings_decompose.cpp
// the queries of queries.h and decompose.h. web/lib/src/raw.ts describes what they register, for the TypeScript.
#pragma once

#include <collide2d/collide2d.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>

namespace collide2d_raw {

/// Shape kinds, as the JS wrapper numbers them (web/lib/src/marshal.ts).
enum Kind : int {
  kCircle = 0,
  kAabb = 1,
  kBox = 2,
  kPolygon = 3,
  kSegment = 4,
  kLine = 5,
  kRay = 6,
  kTransform = 7,
  kTrustedPolygon = 8,  // a polygon the JS layer made with polygon() and froze: its vertices are create()'s output
  kCapsule = 9          // ax, ay, bx, by, radius
};

constexpr int kSlot = 8;     // doubles per shape slot in g_io
constexpr int kPoint = 16;   // query point / displacement / extra inputs
constexpr int kOut = 24;     // results
constexpr int kIoSize = 64;  // kOut + 40 result doubles (moveAndSlide needs 27)
constexpr int kContactStride = 6;  // batch contacts: hit, normal.x, normal.y, depth, point.x, point.y

extern double g_io[kIoSize];
inline double* io() { return g_io; }

// ---- the growable scratch buffer (reserve()) ---------------------------------------------------------------------
extern unsigned char* g_buf;
extern std::size_t g_cap;

/// Typed view of count elements at byteOffset in the scratch buffer, or nullptr when out of bounds/misaligned.
/// The buffer comes from malloc, so objects of these implicit-lifetime types may live in it.
template <class T>
T* at(std::uint32_t byteOffset, std::uint32_t count) {
  const std::uint64_t end = std::uint64_t{byteOffset} + std::uint64_t{count} * sizeof(T);
  if (g_buf == nullptr || end > g_cap || byteOffset % alignof(T) != 0) return nullptr;
  return reinterpret_cast<T*>(g_buf + byteOffset);
}

/// `bytes` bytes at byteOffset of the scratch buffer, or nullptr when out of bounds.
inline unsigned char* scratch(std::uint32_t byteOffset, std::uint32_t bytes) { return at<unsigned char>(byteOffset, bytes); }

/// Points [start, start + count) of the scratch buffer, seen as Vec2 (16 bytes each).
inline bool points(int start, int count, std::span<const collide2d::Vec2>& out) {
  if (start < 0 || count < 0) return false;
  const collide2d::Vec2* p =
      at<const collide2d::Vec2>(static_cast<std::uint32_t>(start) * sizeof(collide2d::Vec2), static_cast<std::uint32_t>(count));
  if (p == nullptr) return false;
  out = std::span<const collide2d::Vec2>(p, static_cast<std::size_t>(count));
  return true;
}

// ---- the last rejected argument ----------------------------------------------------------------------------------
/// Records a rejected argument (arg: the JS argument's position; index: element of a batch or -1); returns -1.
int fail(collide2d::Status s, int arg, int index = -1);

// ---- shapes in slots ---------------------------------------------------------------------------------------------
extern collide2d::Shape g_shape[2];
extern collide2d::Line g_line[2];
extern collide2d::Ray g_ray;

/// Loads the shape of kind `kind` from g_io slot `slot` (polygon points from the scratch buffer) into g_shape[slot]
/// and returns its validation status (a polygon is validated by Polygon::create).
collide2d::Status loadShape(int slot, int kind, int start, int count);
inline const collide2d::Shape& shape(int slot) { return g_shape[slot]; }
collide2d::Status loadLine(int slot);
/// Two trusted polygons (kind 8) into g_trusted[0] and [1] (not the Shape slots); false after fail() (argA / argB).
extern collide2d::Polygon g_trusted[2];
bool loadTrustedPair(int startA, int countA, int argA, int startB, int countB, int argB);
collide2d::Status loadRay(int slot);

// ---- reading g_io ---------------------------------------------------------------------------------------------------
inline collide2d::Vec2 vec(const double* p) { return {p[0], p[1]}; }
inline collide2d::Circle circleAt(const double* p) { return {{p[0], p[1]}, p[2]}; }
inline collide2d::Aabb aabbAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
inline collide2d::Box boxAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
inline collide2d::Segment segmentAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
inline collide2d::Capsule capsuleAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
inline collide2d::Line lineAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}}; }
inline collide2d::Ray rayAt(const double* p) { return {{p[0], p[1]}, {p[2], p[3]}, p[4]}; }
inline collide2d::Transform transformAt(const double* p) { return {{p[0], p[1]}, p[2]}; }

// ---- writing results --------------------------------------------------------------------------------------------------
inline void writeVec(double* out, collide2d::Vec2 v) {
  out[0] = v.x;
  out[1] = v.y;
}

inline void writeContact(double* out, const collide2d::Contact& c) {
  out[0] = c.hit ? 1.0 : 0.0;
  writeVec(out + 1, c.normal);
  out[3] = c.depth;
  writeVec(out + 4, c.point);
}

/// Writes a polygon's vertices at the start of the scratch buffer (which the caller sized for them); their count.
int writeVertices(const collide2d::Polygon& poly);

/// An address as the double JS reads from g_io.
inline double addressOf(const void* p) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(p)); }

// ---- objects that JavaScript owns ------------------------------------------------------------------------------------
// The World and the prepared polygon sets are C++ objects made with malloc and placement new (malloc returns null when
// the memory cannot grow; operator new would abort the module), owned by JS until their delete function, and passed
// across as their address: a plain number. They are not embind class_es: the glue's class machinery (ClassHandle,
// RegisteredPointer, overload tables: 2.7 KB of the gzipped glue, measured on a one-class module) then is not linked,
// and a call is a plain embind function call (~5 ns; a class_ method ~9 ns, TOOLCHAIN.md).
// `viaAddress<f>` registers `R f(T&, A...)` as the embind function `R (std::uintptr_t self, A...)`.
template <auto F>
struct ViaAddress;
template <class R, class T, class... A, R (*F)(T&, A...)>
struct ViaAddress<F> {
  static R call(std::uintptr_t self, A... a) { return F(*reinterpret_cast<T*>(self), a...); }
};
template <auto F>
inline constexpr auto viaAddress = &ViaAddress<F>::call;

/// A T made in malloc'd memory, as an address (0 when the memory cannot grow).
template <class T>
std::uintptr_t make() {
  void* p = std::malloc(sizeof(T));
  return reinterpret_cast<std::uintptr_t>(p != nullptr ? new (p) T() : nullptr);
}
/// Destroys and frees what make<T>() made.
template <class T>
void destroy(T& object) {
  object.~T();
  std::free(&object);
}

}  // namespace collide2d_raw
