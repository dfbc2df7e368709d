// World: body storage, handles, the grid broad phase, pair persistence and events, queries and ray casts.
// The narrow phase calls the core functions of collide2d.h on the world shapes, in the same order and with the same
// swapped-pair rule as collide(const Shape&, const Shape&), so results are bit-identical to the core.
//
// Memory: every growth goes through grow(), which first asks std::malloc for the block (so that a WebAssembly build
// with -fno-exceptions and -sABORTING_MALLOC=0 sees a failure as a null pointer instead of an abort in operator new)
// and, where exceptions exist, also catches std::bad_alloc. Each public function allocates everything it needs
// before it changes anything, so a failure returns Error::OutOfMemory with the world as it was.
#include <collide2d/world.h>

#include "coherence.h"

#include <algorithm>
#include <new>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <variant>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace collide2d {

namespace {

constexpr std::uint32_t kIndexBits = 20;
constexpr std::uint32_t kIndexMask = (1u << kIndexBits) - 1;
constexpr std::uint32_t kMaxGeneration = (1u << (32 - kIndexBits)) - 2;  // 4094: handles never equal kNullBody
constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr std::uint32_t indexOf(BodyHandle h) { return h & kIndexMask; }
constexpr BodyHandle makeHandle(std::uint32_t index, std::uint32_t generation) {
  return index | (generation << kIndexBits);
}

constexpr Status invalidHandle() { return Status{Error::InvalidArgument, "handle"}; }

bool boundsOverlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

// Widens a box by 2^-50 of its largest |coordinate| (4 ulps) so that ordinary rounding in the narrow phase does not
// find a touch outside it. (Before, 1e-12 of the magnitude: 1,000 units at 1e15, and every body of a far scene
// overlapped every other.)
Aabb inflate(Aabb b) {
  const double scale = std::max(std::max(std::fabs(b.min.x), std::fabs(b.min.y)),
                                std::max(std::fabs(b.max.x), std::fabs(b.max.y)));
  const double m = scale * 0x1p-50 + 0x1p-1022;
  return {{b.min.x - m, b.min.y - m}, {b.max.x + m, b.max.y + m}};
}

// 8-lane vectors of int16 (GCC / Clang vector extensions: SSE2 natively, SIMD128 in WebAssembly, plain code
// elsewhere). Comparisons give 0 / -1 per lane.
using I8 = std::int16_t __attribute__((vector_size(16)));
inline I8 load8(const std::int16_t* p) {
  I8 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline bool any(I8 v) {
  std::uint64_t h[2];
  std::memcpy(h, &v, sizeof h);
  return (h[0] | h[1]) != 0;
}
/// Lanes [0, n) set, n in [0, 8].
inline I8 firstLanes(std::uint32_t n) {
  const I8 lane{0, 1, 2, 3, 4, 5, 6, 7};
  return lane < static_cast<std::int16_t>(n < 8 ? n : 8);
}

// Growth that can fail: room for n elements (plus 1/8 slack) or false with `v` unchanged. The block is first
// requested from std::malloc and given back, so that where operator new cannot report failure (WebAssembly without
// exceptions) an unavailable block is seen here; natively std::bad_alloc is caught as well.
// Out of line (one copy per element type): inlined at each of the World's growth points it cost kilobytes of wasm.
// Large blocks (the pair buffers of a heavy frame: 2M pairs are ~150 MB) ask Linux for transparent huge pages before
// they are first touched. Measured on this machine kind (a VM): touching fresh memory costs ~12 us per 4 KB page, so
// the first step after a burst of pairs spent ~85% of its time in page faults (599 ms against 83 ms for the same step
// once the buffers exist); with huge pages the faults are ~25x cheaper. Advice only: nothing changes if it is refused.
// (WebAssembly: no such control; its memory is never given back, so only the very first heavy step pays.)
inline void adviseHugePages([[maybe_unused]] void* data, [[maybe_unused]] std::size_t bytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t kHuge = std::size_t{1} << 21;
  if (bytes < 2 * kHuge) return;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
// WebAssembly without exceptions: the probed block itself is handed to the vector (see operator new at the end of
// this file). Freeing the probe and asking operator new for the same size again was not enough: emmalloc did not
// always find the freed block again, grew the memory, failed and aborted (World.reserve with the memory nearly full).
void* gProbe = nullptr;
std::size_t gProbeBytes = 0;
#endif

template <class V> __attribute__((noinline)) bool reallocate(V& v, std::size_t cap) {
  using T = typename V::value_type;
  if (cap > v.max_size() || cap > std::numeric_limits<std::size_t>::max() / sizeof(T)) return false;
  void* probe = std::malloc(cap * sizeof(T));
  if (probe == nullptr) return false;
#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
  gProbe = probe;
  gProbeBytes = cap * sizeof(T);
  v.reserve(cap);  // operator new(cap * sizeof(T)) takes gProbe
  if (gProbe != nullptr) {  // (not taken: reserve did not allocate)
    std::free(gProbe);
    gProbe = nullptr;
  }
  return true;
#endif
  std::free(probe);
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(__cpp_exceptions)
  // A large buffer with contents (the candidates growing through a heavy frame): the new block gets its advice
  // before the old contents are copied in, so that the copy itself faults huge pages (reserve() would copy first).
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (!v.empty() && cap * sizeof(T) >= (std::size_t{4} << 20)) {
      try {
        V t;
        t.reserve(cap);
        adviseHugePages(t.data(), t.capacity() * sizeof(T));
        t.resize(v.size());
        std::memcpy(t.data(), v.data(), v.size() * sizeof(T));
        v.swap(t);
      } catch (...) {
        return false;
      }
      return true;
    }
  }
#endif
#if defined(__cpp_exceptions)
  try {
    v.reserve(cap);
  } catch (...) {
    return false;
  }
#else
  v.reserve(cap);
#endif
  adviseHugePages(v.data(), v.capacity() * sizeof(T));
  return true;
}
// The slack is n >> shift (plus 64): an eighth by default; a sixteenth for the arrays that grow one body at a time and
// a thirty-second for the step's result buffers (which are reserved at their upper bound: memory per body, issue 12).
template <class V> __attribute__((noinline)) bool growSlow(V& v, std::size_t n, unsigned shift) {
  const std::size_t slack = (n >> shift) + 64;
  return reallocate(v, n > std::numeric_limits<std::size_t>::max() - slack ? n : n + slack);
}
template <class V> inline bool grow(V& v, std::size_t n, unsigned shift = 3) {
  return n <= v.capacity() || growSlow(v, n, shift);
}
// Exactly n (World::reserve: the caller said how many).
template <class V> inline bool growExactly(V& v, std::size_t n) { return n <= v.capacity() || reallocate(v, n); }
// v = n zeros (capacity must be there: grow first).
template <class V> void fillZero(V& v, std::size_t n) {
  v.resize(n);
  std::fill(v.begin(), v.end(), typename V::value_type{});
}
// Gives back most of the slack of a buffer far larger than its contents; keeps it when memory can't be had.
// (resize + memcpy rather than assign: no range-assign instantiation per element type in the wasm module.)
template <class V> void shrink(V& v) {
  static_assert(std::is_trivially_copyable_v<typename V::value_type>);
  const std::size_t n = v.size();
  if (v.capacity() <= 2 * n + 1024) return;
  V t;
  if (!reallocate(t, n + n / 8 + 64)) return;
  t.resize(n);
  if (n > 0) std::memcpy(t.data(), v.data(), n * sizeof(typename V::value_type));
  v.swap(t);
}
template <class V> bool oversized(const V& v) { return v.capacity() > 4 * v.size() + 4096; }

// The largest float <= v (floatDown) and the smallest float >= v (floatUp): both monotonic. The grid's entries hold
// bounds relative to the grid origin as floats: half the bytes, and 4 lanes per SIMD compare.
__attribute__((noinline)) float floatDown(double v) {
  if (v >= static_cast<double>(FLT_MAX)) return FLT_MAX;
  if (!(v > -static_cast<double>(FLT_MAX))) return -std::numeric_limits<float>::infinity();
  float f = static_cast<float>(v);
  if (f == 0.0f) f = -0.0f;  // so that one step down from zero is -denorm_min
  std::uint32_t bits;  // (std::memcpy: Emscripten 3.1.6's libc++ has no std::bit_cast)
  std::memcpy(&bits, &f, sizeof bits);
  const std::uint32_t up = static_cast<double>(f) > v ? 1u : 0u;
  const std::uint32_t dir = 2u * (bits >> 31) - 1u;  // +1 for negative floats, -1 (mod 2^32) for positive
  bits += up * dir;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
float floatUp(double v) { return -floatDown(-v); }

// Temporal coherence: a certificate's budget (a positive float, rounded down) with two flags in its low bits. The
// flags are written after lowering the float by at least one ulp, so that the stored value, flags or not, never
// exceeds the budget (positive floats order as their bits).
constexpr std::uint32_t kCacheHit = 1, kCacheUsed = 2;
inline std::uint32_t cacheBits(double budget, bool hit) {
  if (!(budget > 0.0)) return 0;
  const float f = floatDown(budget);
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  if (b < 8 || b >= 0x7F800000u) return 0;  // (too small to keep, or infinite)
  return ((b - 4) & ~3u) | (hit ? kCacheHit : 0u) | kCacheUsed;
}
inline double cacheBudget(std::uint32_t bits) {
  bits &= ~3u;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return static_cast<double>(f);
}

// An entry's bounds: quantised within its cell, int16 each (8 bytes an entry; 4 floats before: the 10k scene's grid
// went from 47 to 28 bytes per body, and the pair loop tests 8 entries per SIMD step instead of 4). A coordinate v of
// a cell whose corner is c maps to u = clamp((v - c) * 16383 / cell, 0, 16383); a minimum is stored as 2 floor(u)
// (even), a maximum as 2 ceil(u) + 1 (odd). Monotone, so bounds that overlap keep overlapping: both contain the
// quantised lower-left corner of their intersection, which the clamp keeps in the cell (only entries of one cell are
// compared, and a pair is tested only in the cell holding that corner, see below). Rounding only adds candidates,
// which the exact test on the bounds themselves (collectCandidates' emit) drops.
// The low bit of a minimum holds a flag, "the body starts in an earlier column (minX) / row (minY) than this cell":
// a pair is tested only in the cell holding the lower-left corner of the intersection of the two bounds, i.e. where
// not both start in an earlier column and not both in an earlier row. The flag can raise a minimum by 1, which an
// overlap test of an even minimum against an odd maximum never notices (min <= max implies min + 1 <= max).
constexpr double kQuantum = 16383.0;
struct Quantised {
  std::int16_t lo, hi;
};
inline Quantised quantise(double min, double max, double corner, double scale, bool before) {
  double a = (min - corner) * scale, b = (max - corner) * scale;
  a = a > 0.0 ? (a < kQuantum ? a : kQuantum) : 0.0;
  b = b > 0.0 ? (b < kQuantum ? b : kQuantum) : 0.0;
  const int fa = static_cast<int>(a), fb = static_cast<int>(b);  // (non-negative: truncation is floor)
  const int cb = fb + (static_cast<double>(fb) < b ? 1 : 0);
  return {static_cast<std::int16_t>(2 * fa + (before ? 1 : 0)), static_cast<std::int16_t>(2 * cb + 1)};
}
/// An entry's body field: the body's dense index, or kStaleEntry.
constexpr std::uint32_t kEntryBody = (1u << 30) - 1;
/// An entry of static_ whose body has left it (moved, removed or made moving): skipped until the next rebuild.
constexpr std::uint32_t kStaleEntry = kEntryBody;
/// A candidate's first index may carry this flag: a certificate says the pair touches (certifyCandidates); its second
/// this one: a body of the pair is a compound (no certificate).
constexpr std::uint32_t kCertifiedHit = 1u << 31, kCompoundPair = 1u << 31, kCandidateIndex = kCertifiedHit - 1;
/// Broad::kind: a moving body; a static body binned in static_; a static body binned with the moving ones in grid_.
constexpr std::uint8_t kDynamic = 0, kStaticBinned = 1, kStaticLoose = 2;

// World coordinates beyond this are refused (a transform that would put a world shape there): the narrow phase
// squares differences of coordinates, and the grid needs finite bounds.
constexpr double kMaxCoordinate = 1e300;

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// Body storage
// ---------------------------------------------------------------------------------------------------------------

struct World::Body {
  // What the narrow phase reads, first and together.
  Shape shape;            ///< the world shape; a polygon is updated in place (no allocation)
  BodyHandle handle = kNullBody;
  // The rest.
  std::uint32_t polygon = 0;  ///< index in polygons_ (Polygon bodies: the local polygon) or compounds_ (Compound)
  ShapeType type = ShapeType::Circle;
  /// Max over the local shape's points of |x| + |y| (bounds every rotation of it), rounded up to a float (in the
  /// padding after `type`); +infinity when beyond floats: then World::reachOf recomputes it.
  float reach = 0.0f;
  Transform xf;
  double cosAngle = 1.0, sinAngle = 0.0;  ///< of xf.angle
  double userId = 0.0;
  double local[5] = {};   ///< circle: cx cy r; aabb: minx miny maxx maxy; box: cx cy hx hy angle; segment: ax ay bx by;
                          ///< capsule: ax ay bx by r
};

namespace {
Status outOfMemory() { return Status{Error::OutOfMemory, "memory"}; }

// Any world shape of a local shape with this reach under this position has |coordinates| <= |position| + reach
// (|cos|, |sin| <= 1; rounding adds a few ulps, far below the margin to kMaxCoordinate's double range).
bool inRange(const Transform& xf, double reach) {
  return std::max(std::fabs(xf.position.x), std::fabs(xf.position.y)) + reach <= kMaxCoordinate;
}
double reachOf(Vec2 p) { return std::fabs(p.x) + std::fabs(p.y); }
constexpr Status outOfRange() { return Status{Error::InvalidArgument, "transform"}; }

// The convex hull of `pts` (counter-clockwise, no collinear vertices) by Andrew's monotone chain with the exact
// orient(): `hull` needs capacity 2 * pts.size() + 1 (no allocation here). `pts` is sorted in place.
void convexHull(std::vector<Vec2>& pts, std::vector<Vec2>& hull) {
  std::qsort(pts.data(), pts.size(), sizeof(Vec2), [](const void* x, const void* y) {
    const Vec2 a = *static_cast<const Vec2*>(x), b = *static_cast<const Vec2*>(y);
    if (a.x != b.x) return a.x < b.x ? -1 : 1;
    return a.y < b.y ? -1 : a.y > b.y ? 1 : 0;
  });
  hull.clear();
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const Vec2 p = pass == 0 ? pts[k] : pts[pts.size() - 1 - k];
      while (hull.size() >= base + 2 && orient(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();  // the last point of each chain starts the other
  }
}
// True when Polygon::create(v) would return v as it is: at least 3 points, every consecutive triple (cyclically)
// turning strictly left by the exact orient(), and the edge directions winding around exactly once (the same test
// as create's: each sweep enters the upper half-plane of directions once).
bool convexCcw(std::span<const Vec2> v) {
  const std::size_t n = v.size();
  if (n < 3) return false;
  if (orient(v[n - 1], v[0], v[1]) <= 0 || orient(v[n - 2], v[n - 1], v[0]) <= 0) return false;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (orient(v[i - 1], v[i], v[i + 1]) <= 0) return false;
  }
  const auto upward = [](Vec2 from, Vec2 to) { return to.y > from.y || (to.y == from.y && to.x > from.x); };
  std::size_t windings = 0;
  bool wasUpward = upward(v[n - 1], v[0]);
  for (std::size_t i = 0; i < n; ++i) {
    const bool up = upward(v[i], v[i + 1 < n ? i + 1 : 0]);
    if (up && !wasUpward) ++windings;
    wasUpward = up;
  }
  return windings == 1;
}
}  // namespace

World::World() = default;
World::~World() = default;

World::Body* World::find(BodyHandle h) {
  const std::uint32_t i = indexOf(h);
  if (i >= slots_.size()) return nullptr;
  const Slot& s = slots_[i];
  if (!s.live || makeHandle(i, s.generation) != h) return nullptr;
  return &bodies_[s.dense];
}

const World::Body* World::find(BodyHandle h) const { return const_cast<World*>(this)->find(h); }

bool World::isValid(BodyHandle body) const { return find(body) != nullptr; }

// Every array that grows with the bodies, for n bodies; remove() then never allocates (the free slots are linked
// through the slots themselves; freePolygons_
// have room for every slot / polygon).
bool World::reserveBodies(std::size_t n, std::size_t polygonVertices, std::size_t newPolygons) {
  const std::size_t polys = polygons_.size() + newPolygons;
  const std::size_t slots = std::max(slots_.size() + (freeSlot_ == kNoSlot ? 1 : 0), n);
  return grow(bodies_, n, 4) && grow(bounds_, n, 4) && grow(handles_, n, 4) && grow(slots_, slots, 4) &&
         grow(queryMarks_, n, 4) && (!certsLive_ || (grow(drift_, n, 4) && grow(pairCache_, kCacheWays * n, 4))) &&
         grow(polygons_, polys, 4) && grow(freePolygons_, polys, 4) && grow(slotCounts_, slots + 1, 4) &&
         grow(vertexScratch_, polygonVertices) && grow(hullScratch_, 2 * polygonVertices + 1);
}

namespace {
// Max over the points of a local shape of |x| + |y| (bounds every rotation of it about the origin).
double reachOfLocal(ShapeType type, const double* l, std::span<const Vec2> polygon) {
  double r = 0.0;
  switch (type) {
    case ShapeType::Polygon:
      for (const Vec2 v : polygon) r = std::max(r, reachOf(v));
      return r;
    case ShapeType::Circle: return reachOf({l[0], l[1]}) + l[2];
    case ShapeType::Aabb: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]})) + reachOf({l[2] - l[0], l[3] - l[1]});
    case ShapeType::Box: return reachOf({l[0], l[1]}) + 2 * reachOf({l[2], l[3]});
    case ShapeType::Capsule: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]})) + l[4];
    default: return std::max(reachOf({l[0], l[1]}), reachOf({l[2], l[3]}));
  }
}

// The type and numbers (Body::local's layout) of a shape that is not a polygon.
ShapeType paramsOf(const Shape& shape, double out[5]) {
  std::fill(out, out + 5, 0.0);
  if (const Circle* c = std::get_if<Circle>(&shape)) {
    out[0] = c->center.x, out[1] = c->center.y, out[2] = c->radius;
    return ShapeType::Circle;
  }
  if (const Aabb* a = std::get_if<Aabb>(&shape)) {
    out[0] = a->min.x, out[1] = a->min.y, out[2] = a->max.x, out[3] = a->max.y;
    return ShapeType::Aabb;
  }
  if (const Box* b = std::get_if<Box>(&shape)) {
    out[0] = b->center.x, out[1] = b->center.y, out[2] = b->halfExtents.x, out[3] = b->halfExtents.y, out[4] = b->angle;
    return ShapeType::Box;
  }
  if (const Capsule* c = std::get_if<Capsule>(&shape)) {
    out[0] = c->a.x, out[1] = c->a.y, out[2] = c->b.x, out[3] = c->b.y, out[4] = c->radius;
    return ShapeType::Capsule;
  }
  if (const Segment* g = std::get_if<Segment>(&shape)) {
    out[0] = g->a.x, out[1] = g->a.y, out[2] = g->b.x, out[3] = g->b.y;
    return ShapeType::Segment;
  }
  return ShapeType::Polygon;
}

// Asks std::malloc for what copying a polygon of n vertices (vertices and normals, possibly twice) may take, and
// gives it back: false when memory cannot be had (see grow()).
bool polygonRoom(std::size_t n) {
  void* probe = std::malloc(4 * n * sizeof(Vec2) + 64);
  if (probe == nullptr) return false;
  std::free(probe);
  return true;
}
}  // namespace

Status World::addBody(ShapeType type, const double* params, Polygon* polygon, const Transform& xf, double userId,
                      const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(xf); !s) return s;
  if (freeSlot_ == kNoSlot && slots_.size() >= kMaxBodies) return Status{Error::InvalidArgument, "capacity"};
  Body b;
  b.type = type;
  b.xf = xf;
  b.userId = userId;
  const std::size_t nv = type == ShapeType::Polygon ? polygon->size() : 0;
  if (type != ShapeType::Polygon) std::copy(params, params + 5, b.local);
  const double reach = reachOfLocal(type, b.local, polygon != nullptr ? polygon->vertices() : std::span<const Vec2>());
  b.reach = floatUp(reach);
  if (!inRange(xf, reach)) return outOfRange();
  // Allocate everything first: the arrays, then (polygons) the world polygon's storage and the thread's scratch
  // ring of Polygon::create, probed through malloc; then commit without allocating.
  if (!reserveBodies(bodies_.size() + 1, nv, nv > 0 ? 1 : 0)) return outOfMemory();
  std::vector<Vec2> local;  // a polygon's local vertices
  if (type == ShapeType::Polygon) {
    if (!polygonRoom(nv)) return outOfMemory();
#if defined(__cpp_exceptions)
    try {
#endif
      local.assign(polygon->vertices().begin(), polygon->vertices().end());
      b.shape = std::move(*polygon);  // the world polygon's storage, sized once
      Polygon ring;  // grows this thread's scratch ring of Polygon::create now, not in a later setTransform
      (void)Polygon::create(local, ring);
#if defined(__cpp_exceptions)
    } catch (const std::bad_alloc&) {
      return outOfMemory();
    }
#endif
    // Commit (nothing below allocates: every capacity is there).
    b.polygon = takePolygon(std::move(local));
  }
  out = commitBody(std::move(b), filter, 0);
  return {};
}

// A free entry of polygons_ holding `local` (capacity reserved: reserveBodies).
std::uint32_t World::takePolygon(std::vector<Vec2>&& local) {
  std::uint32_t pi;
  if (!freePolygons_.empty()) {
    pi = freePolygons_.back();
    freePolygons_.pop_back();
  } else {
    pi = static_cast<std::uint32_t>(polygons_.size());
    polygons_.emplace_back();
  }
  polygons_[pi].local = std::move(local);
  return pi;
}

BodyHandle World::commitBody(Body&& b, const Filter& filter, std::uint16_t parts) {
  std::uint32_t index;
  if (freeSlot_ != kNoSlot) {
    index = freeSlot_;
    freeSlot_ = slots_[index].dense;  // (a free slot's dense field links the next free one)
  } else {
    index = static_cast<std::uint32_t>(slots_.size());
    slots_.emplace_back();
  }
  Slot& slot = slots_[index];
  slot.live = true;
  slot.dense = static_cast<std::uint32_t>(bodies_.size());
  b.handle = makeHandle(index, slot.generation);
  bodies_.push_back(std::move(b));
  bounds_.emplace_back();
  bounds_.back().filter = filter;
  bounds_.back().parts = parts;
  if (certsLive_) {
    drift_.emplace_back();
    pairCache_.resize(pairCache_.size() + kCacheWays);  // (free entries)
  }
  updateWorld(bodies_.back(), true);
  handles_.push_back(bodies_.back().handle);
  gridDirty_ = true;
  return bodies_.back().handle;
}

Status World::addCircle(const Circle& c, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(c); !s) return s;
  const double p[5] = {c.center.x, c.center.y, c.radius, 0.0, 0.0};
  return addBody(ShapeType::Circle, p, nullptr, xf, userId, filter, out);
}

Status World::addAabb(const Aabb& a, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(a); !s) return s;
  const double p[5] = {a.min.x, a.min.y, a.max.x, a.max.y, 0.0};
  return addBody(ShapeType::Aabb, p, nullptr, xf, userId, filter, out);
}

Status World::addBox(const Box& b, const Transform& xf, double userId, const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(b); !s) return s;
  const double p[5] = {b.center.x, b.center.y, b.halfExtents.x, b.halfExtents.y, b.angle};
  return addBody(ShapeType::Box, p, nullptr, xf, userId, filter, out);
}

Status World::addSegment(const Segment& sg, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(sg); !s) return s;
  const double p[5] = {sg.a.x, sg.a.y, sg.b.x, sg.b.y, 0.0};
  return addBody(ShapeType::Segment, p, nullptr, xf, userId, filter, out);
}

Status World::addCapsule(const Capsule& cp, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(cp); !s) return s;
  const double p[5] = {cp.a.x, cp.a.y, cp.b.x, cp.b.y, cp.radius};
  return addBody(ShapeType::Capsule, p, nullptr, xf, userId, filter, out);
}

Status World::addPolygon(std::span<const Vec2> points, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  // Polygon::create allocates its result and (once per thread) a scratch ring: probe that much first.
  void* probe = std::malloc(4 * points.size() * sizeof(Vec2) + 64);
  if (probe == nullptr) return outOfMemory();
  std::free(probe);
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p;
    if (Status s = Polygon::create(points, p); !s) return s;
    return addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

Status World::addPolygon(std::span<const double> xy, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (xy.size() % 2 != 0) return Status{Error::InvalidArgument, "points"};
  std::vector<Vec2> pts;
  if (!reallocate(pts, xy.size() / 2)) return outOfMemory();
  pts.resize(xy.size() / 2);
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = {xy[2 * i], xy[2 * i + 1]};
  return addPolygon(std::span<const Vec2>(pts), xf, userId, filter, out);
}

Status World::addPolygon(const Polygon& local, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(local); !s) return s;
  void* probe = std::malloc(2 * local.size() * sizeof(Vec2) + 64);
  if (probe == nullptr) return outOfMemory();
  std::free(probe);
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p = local;
    return addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

Status World::addShape(const Shape& local, const Transform& xf, double userId, const Filter& filter,
                       BodyHandle& out) {
  return std::visit(
      [&](const auto& s) -> Status {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Circle>) return addCircle(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Aabb>) return addAabb(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Box>) return addBox(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Polygon>) return addPolygon(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Segment>) return addSegment(s, xf, userId, filter, out);
        if constexpr (std::is_same_v<T, Capsule>) return addCapsule(s, xf, userId, filter, out);
      },
      local);
}

// Each part is baked first: its local shape becomes its shape placed by its offset, by the world-shape rules
// (place(), updatePolygon()), so that a part then moves exactly as a body of that local shape would. Everything is
// allocated before anything changes.
Status World::addCompound(std::span<const BodyPart> parts, const Transform& xf, double userId, const Filter& filter,
                          BodyHandle& out, std::size_t* failedPart) {
  out = kNullBody;
  if (failedPart != nullptr) *failedPart = SIZE_MAX;
  if (parts.empty() || parts.size() > kMaxParts) return Status{Error::InvalidArgument, "parts"};
  if (Status s = validate(xf); !s) return s;
  if (freeSlot_ == kNoSlot && slots_.size() >= kMaxBodies) return Status{Error::InvalidArgument, "capacity"};
  const auto fail = [failedPart](std::size_t k, Status st) {
    if (failedPart != nullptr) *failedPart = k;
    return st;
  };
  std::size_t maxVertices = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (Status s = validate(parts[k].shape); !s) return fail(k, s);
    if (Status s = validate(parts[k].offset); !s) return fail(k, s);
    if (const Polygon* q = std::get_if<Polygon>(&parts[k].shape)) maxVertices = std::max(maxVertices, q->size());
  }
  std::vector<Part> baked;
  std::vector<std::vector<Vec2>> locals;  // the polygon parts' local vertices, in part order
  if (!reallocate(baked, parts.size()) || !reallocate(locals, parts.size()) || !grow(vertexScratch_, maxVertices) ||
      !grow(hullScratch_, 2 * maxVertices + 1)) {
    return outOfMemory();
  }
  double reach = 0.0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Transform& offset = parts[k].offset;
    const double c = std::cos(offset.angle), sn = std::sin(offset.angle);
    Part part;
    if (const Polygon* q = std::get_if<Polygon>(&parts[k].shape)) {
      if (!polygonRoom(q->size())) return outOfMemory();
#if defined(__cpp_exceptions)
      try {
#endif
        PolygonPair pp;
        pp.local.assign(q->vertices().begin(), q->vertices().end());
        part.shape = *q;  // the storage the world polygon keeps
        Polygon ring;     // grows this thread's scratch ring of Polygon::create now
        (void)Polygon::create(q->vertices(), ring);
        updatePolygon(part.shape, pp, offset.position, c, sn);
        if (const Polygon* placed = std::get_if<Polygon>(&part.shape)) {
          part.type = ShapeType::Polygon;
          locals.emplace_back(placed->vertices().begin(), placed->vertices().end());
        } else {
          part.type = paramsOf(part.shape, part.local);  // rounding put the placed vertices on one line: a Segment
        }
#if defined(__cpp_exceptions)
      } catch (const std::bad_alloc&) {
        return outOfMemory();
      }
#endif
    } else {
      double l[5];
      const ShapeType t = paramsOf(parts[k].shape, l);
      (void)place(t, l, 0, part.shape, offset, c, sn);
      part.type = paramsOf(part.shape, part.local);
    }
    const double r = reachOfLocal(part.type, part.local,
                                  part.type == ShapeType::Polygon ? std::span<const Vec2>(locals.back()) : std::span<const Vec2>());
    if (!(r <= kMaxCoordinate) || !inRange(xf, r)) return fail(k, outOfRange());
    reach = std::max(reach, r);
    baked.push_back(std::move(part));
  }
  const std::size_t ci = freeCompounds_.empty() ? compounds_.size() : freeCompounds_.back();
  if (!reserveBodies(bodies_.size() + 1, maxVertices, locals.size()) || !grow(compounds_, ci + 1) ||
      !grow(freeCompounds_, compounds_.size() + 1)) {
    return outOfMemory();
  }
  // Commit (nothing below allocates).
  std::size_t next = 0;
  for (Part& part : baked) {
    if (part.type == ShapeType::Polygon) part.polygon = takePolygon(std::move(locals[next++]));
  }
  if (ci == compounds_.size()) {
    compounds_.emplace_back();
  } else {
    freeCompounds_.pop_back();
  }
  compounds_[ci] = std::move(baked);
  Body b;
  b.type = ShapeType::Compound;
  b.polygon = static_cast<std::uint32_t>(ci);
  b.xf = xf;
  b.userId = userId;
  b.reach = floatUp(reach);
  out = commitBody(std::move(b), filter, static_cast<std::uint16_t>(parts.size()));
  return {};
}

Status World::addOutline(std::span<const Vec2> outline, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out, DecomposeInfo* info) {
  out = kNullBody;
  if (!polygonRoom(outline.size())) return outOfMemory();
#if defined(__cpp_exceptions)
  try {
#endif
    Polygon p;
    const Status st = Polygon::create(outline, p);
    if (st) return addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
    if (st.error != Error::NotConvex) return st;
    std::vector<Polygon> pieces;
    if (Status d = decompose(outline, pieces, info); !d) return d;
    if (pieces.size() == 1) return addBody(ShapeType::Polygon, nullptr, &pieces[0], xf, userId, filter, out);
    std::vector<BodyPart> parts;
    if (!reallocate(parts, pieces.size())) return outOfMemory();
    for (Polygon& q : pieces) parts.push_back(BodyPart{std::move(q), Transform{}});
    return addCompound(parts, xf, userId, filter, out);
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#endif
}

// Never allocates: the free slots are a list through the slots, and freePolygons_ has room for every polygon
// (reserveBodies).
Status World::remove(BodyHandle h) {
  if (find(h) == nullptr) return invalidHandle();
  const std::uint32_t index = indexOf(h);
  Slot& slot = slots_[index];
  const std::uint32_t d = slot.dense;
  if (bodies_[d].type == ShapeType::Polygon) freePolygons_.push_back(bodies_[d].polygon);
  if (bodies_[d].type == ShapeType::Compound) {
    std::vector<Part>& parts = compounds_[bodies_[d].polygon];
    for (const Part& p : parts) {
      if (p.type == ShapeType::Polygon) freePolygons_.push_back(p.polygon);
    }
    std::vector<Part>().swap(parts);  // (gives its memory back; the polygons' storage stays in polygons_)
    freeCompounds_.push_back(bodies_[d].polygon);
  }
  const std::uint32_t last = static_cast<std::uint32_t>(bodies_.size() - 1);
  if (bounds_[d].kind != kDynamic) {
    --staticCount_;
    if (bounds_[d].kind == kStaticBinned) {
      relabelStatic(d, kStaleEntry);
    } else {
      --staticPending_;
    }
  }
  if (d != last && bounds_[last].kind == kStaticBinned) relabelStatic(last, d);
  if (d != last) {
    bodies_[d] = std::move(bodies_[last]);
    bounds_[d] = bounds_[last];
    handles_[d] = handles_[last];
    if (certsLive_) {
      drift_[d] = drift_[last];
      std::copy_n(pairCache_.begin() + kCacheWays * last, kCacheWays, pairCache_.begin() + kCacheWays * d);
    }
    slots_[indexOf(handles_[d])].dense = d;
  }
  bodies_.pop_back();
  bounds_.pop_back();
  handles_.pop_back();
  if (certsLive_) {
    drift_.pop_back();
    pairCache_.resize(pairCache_.size() - kCacheWays);
  }
  slot.live = false;
  if (slot.generation < kMaxGeneration) {
    ++slot.generation;
    slot.dense = freeSlot_;
    freeSlot_ = index;
  }  // else: retired, so that no stale handle can ever match again
  gridDirty_ = true;
  return {};
}

// A failure may leave some of the arrays with more capacity (heapBytes()); the bodies are untouched.
Status World::reserve(std::size_t bodies) {
  const std::size_t n = std::min<std::size_t>(bodies, kMaxBodies);
  const bool ok = growExactly(bodies_, n) && growExactly(bounds_, n) && growExactly(handles_, n) &&
                  growExactly(slots_, n) && growExactly(queryMarks_, n) &&
                  (!certsLive_ || (growExactly(drift_, n) && growExactly(pairCache_, kCacheWays * n))) &&
                  growExactly(slotCounts_, n + 1);
  return ok ? Status{} : outOfMemory();
}

void World::clear() {
  while (!handles_.empty()) (void)remove(handles_.back());
}

// The world polygon: exactly what Polygon::create makes of the transformed vertices (so collide() on a polygon
// built from getWorldShape()'s vertices gives the same bits). When rounding the transform has made those vertices
// non-convex, their convex hull; when it has put them on one line (a small polygon far from the origin), the
// Segment between the two extreme points (a point: a zero-length segment) — the shape they actually span.
void World::updatePolygon(Shape& shape, PolygonPair& pp, Vec2 pos, double c, double s) {
  const std::span<const Vec2> local = pp.local;
  vertexScratch_.resize(local.size());  // capacity reserved when the body was added
  for (std::size_t i = 0; i < local.size(); ++i) vertexScratch_[i] = pos + rotate(local[i], c, s);
  if (!std::holds_alternative<Polygon>(shape)) {  // back from a degenerate frame: the storage returns
    shape = Polygon{};
    std::swap(std::get<Polygon>(shape), pp.spare);
  }
  Polygon& world = std::get<Polygon>(shape);
  // Fast path: when every turn of the moved vertices is strictly counter-clockwise (exact orient) and the boundary
  // winds once, Polygon::create would return them unchanged (nothing duplicate, collinear, reversed or star-shaped),
  // so assignNormalized gives its result bit for bit with one orientation per vertex instead of create's three
  // passes and copies. The usual case: the local polygon is counter-clockwise and a rotation keeps it so. Anything
  // else (rounding made a turn flat or backwards) takes create() and the degenerate handling below.
  if (convexCcw(vertexScratch_)) {
    Polygon::assignNormalized(vertexScratch_, world);  // world's storage holds this many vertices: no allocation
    return;
  }
  Status st;
#if defined(__cpp_exceptions)
  try {
#endif
    st = Polygon::create(vertexScratch_, world);  // reuses world's storage and the thread's ring: no allocation
    if (!st && st.error == Error::NotConvex) {
      convexHull(vertexScratch_, hullScratch_);
      st = hullScratch_.size() >= 3 ? Polygon::create(hullScratch_, world) : Status{Error::Collinear, "points"};
    }
#if defined(__cpp_exceptions)
  } catch (const std::bad_alloc&) {
    // Only when this thread's first Polygon::create ring cannot grow: the rotated local polygon instead.
    Polygon::assignNormalized(vertexScratch_, world);
    return;
  }
#endif
  if (st) return;
  // On one line: the extreme points in (x, y) order are its ends.
  Vec2 lo = vertexScratch_[0], hi = vertexScratch_[0];
  for (const Vec2 v : vertexScratch_) {
    if (v.x < lo.x || (v.x == lo.x && v.y < lo.y)) lo = v;
    if (v.x > hi.x || (v.x == hi.x && v.y > hi.y)) hi = v;
  }
  std::swap(world, pp.spare);
  shape = Segment{lo, hi};
}

Aabb World::place(ShapeType type, const double* l, std::uint32_t polygon, Shape& shape, const Transform& xf,
                  double c, double s) {
  const Vec2 pos = xf.position;
  switch (type) {
    case ShapeType::Circle: {
      const Circle world{pos + rotate(Vec2{l[0], l[1]}, c, s), l[2]};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Aabb: {
      const Aabb local{{l[0], l[1]}, {l[2], l[3]}};
      if (xf.angle == 0.0) {
        const Aabb world{local.min + pos, local.max + pos};
        shape = world;
        return world;
      }
      const Box world{pos + rotate(local.center(), c, s), local.halfExtents(), xf.angle};
      shape = world;
      const double ac = std::fabs(c), as = std::fabs(s);
      const Vec2 e{ac * world.halfExtents.x + as * world.halfExtents.y,
                   as * world.halfExtents.x + ac * world.halfExtents.y};
      return {world.center - e, world.center + e};
    }
    case ShapeType::Box: {
      const Box world{pos + rotate(Vec2{l[0], l[1]}, c, s), {l[2], l[3]}, l[4] + xf.angle};
      shape = world;
      if (l[4] == 0.0) {  // the box's own angle is 0: its world rotation is the transform's (cos, sin known)
        const double ac = std::fabs(c), as = std::fabs(s);
        const Vec2 e{ac * l[2] + as * l[3], as * l[2] + ac * l[3]};
        return {world.center - e, world.center + e};
      }
      return bounds(world);
    }
    case ShapeType::Polygon: {
      updatePolygon(shape, polygons_[polygon], pos, c, s);
      const Polygon* p = std::get_if<Polygon>(&shape);
      return p != nullptr ? bounds(*p) : bounds(std::get<Segment>(shape));
    }
    case ShapeType::Segment: {
      const Segment world{pos + rotate(Vec2{l[0], l[1]}, c, s), pos + rotate(Vec2{l[2], l[3]}, c, s)};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Capsule: {
      const Capsule world{pos + rotate(Vec2{l[0], l[1]}, c, s), pos + rotate(Vec2{l[2], l[3]}, c, s), l[4]};
      shape = world;
      return bounds(world);
    }
    case ShapeType::Compound: break;  // (not a piece)
  }
  return {};
}

// A compound body's bounds: the union of its parts' widened bounds.
void World::updateWorld(Body& b, bool angleChanged) {
  if (angleChanged) {
    b.cosAngle = std::cos(b.xf.angle);
    b.sinAngle = std::sin(b.xf.angle);
  }
  Aabb& box = bounds_[static_cast<std::size_t>(&b - bodies_.data())].box;
  if (b.type != ShapeType::Compound) {
    box = inflate(place(b.type, b.local, b.polygon, b.shape, b.xf, b.cosAngle, b.sinAngle));
    return;
  }
  bool first = true;
  for (Part& p : compounds_[b.polygon]) {
    p.box = inflate(place(p.type, p.local, p.polygon, p.shape, b.xf, b.cosAngle, b.sinAngle));
    box = first ? p.box : Aabb{{std::min(box.min.x, p.box.min.x), std::min(box.min.y, p.box.min.y)},
                               {std::max(box.max.x, p.box.max.x), std::max(box.max.y, p.box.max.y)}};
    first = false;
  }
}

// A body's reach (Body::reach), recomputed exactly when it is beyond floats (a shape larger than 3.4e38).
double World::reachOf(const Body& b) const {
  if (std::isfinite(b.reach)) return static_cast<double>(b.reach);
  if (b.type != ShapeType::Compound) {
    return reachOfLocal(b.type, b.local, b.type == ShapeType::Polygon ? std::span<const Vec2>(polygons_[b.polygon].local)
                                                                      : std::span<const Vec2>());
  }
  double r = 0.0;
  for (const Part& p : compounds_[b.polygon]) {
    r = std::max(r, reachOfLocal(p.type, p.local, p.type == ShapeType::Polygon ? std::span<const Vec2>(polygons_[p.polygon].local)
                                                                               : std::span<const Vec2>()));
  }
  return r;
}

Status World::setTransform(BodyHandle h, const Transform& xf) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  if (Status s = validate(xf); !s) return s;
  if (!inRange(xf, reachOf(*b))) return outOfRange();
  moveBody(*b, xf);
  return {};
}

Status World::setTransforms(std::span<const double> xya) {
  if (xya.size() != 3 * bodies_.size()) return Status{Error::InvalidArgument, "transforms"};
  for (const double v : xya) {
    if (!std::isfinite(v)) return Status{Error::NotFinite, "transforms"};
  }
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (!inRange({{xya[3 * i], xya[3 * i + 1]}, 0}, reachOf(bodies_[i]))) return Status{Error::InvalidArgument, "transforms"};
  }
  for (std::size_t i = 0; i < bodies_.size(); ++i) moveBody(bodies_[i], {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]});
  return {};
}

Status World::setTransforms(std::span<const BodyHandle> handles, std::span<const double> xya) {
  if (xya.size() != 3 * handles.size()) return Status{Error::InvalidArgument, "transforms"};
  for (const BodyHandle h : handles) {
    if (find(h) == nullptr) return invalidHandle();
  }
  for (const double v : xya) {
    if (!std::isfinite(v)) return Status{Error::NotFinite, "transforms"};
  }
  for (std::size_t i = 0; i < handles.size(); ++i) {
    if (!inRange({{xya[3 * i], xya[3 * i + 1]}, 0}, reachOf(*find(handles[i])))) {
      return Status{Error::InvalidArgument, "transforms"};
    }
  }
  for (std::size_t i = 0; i < handles.size(); ++i) moveBody(*find(handles[i]), {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]});
  return {};
}

// A static body given its own transform again (bit for bit) is not moved: setTransforms over every body leaves the
// static ones binned. Any other move of a body binned in static_ takes it out first (its old bounds find its
// entries), then updates it.
void World::moveBody(Body& b, const Transform& xf) {
  const std::size_t k = static_cast<std::size_t>(&b - bodies_.data());
  Broad& br = bounds_[k];
  if (br.kind != kDynamic) {
    if (std::memcmp(&xf, &b.xf, sizeof xf) == 0) return;
    if (br.kind == kStaticBinned) {
      relabelStatic(static_cast<std::uint32_t>(k), kStaleEntry);
      br.kind = kStaticLoose;
      ++staticPending_;
    }
  }
  const bool angleChanged = !(xf.angle == b.xf.angle);
  // Temporal coherence: how far the body went since the last step, rounded up (the length's own rounding and the
  // float's), and whether it turned.
  const Vec2 d = xf.position - b.xf.position;
  if (certsLive_) {
    drift_[k] = angleChanged ? std::numeric_limits<float>::infinity()
                             : floatUp((static_cast<double>(drift_[k]) + std::sqrt(d.x * d.x + d.y * d.y)) * (1.0 + 0x1p-40));
  }
  b.xf = xf;
  updateWorld(b, angleChanged);
  gridDirty_ = true;
}

Status World::setStatic(BodyHandle h, bool isStatic) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  const std::uint32_t k = static_cast<std::uint32_t>(b - bodies_.data());
  Broad& br = bounds_[k];
  if (isStatic == (br.kind != kDynamic)) return {};
  if (isStatic) {
    br.kind = kStaticLoose;
    ++staticCount_;
    ++staticPending_;
  } else {
    if (br.kind == kStaticBinned) {
      relabelStatic(k, kStaleEntry);
    } else {
      --staticPending_;
    }
    br.kind = kDynamic;
    --staticCount_;
  }
  gridDirty_ = true;
  return {};
}

Status World::getStatic(BodyHandle h, bool& out) const {
  out = false;
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = bounds_[static_cast<std::size_t>(b - bodies_.data())].kind != kDynamic;
  return {};
}

Status World::setFilter(BodyHandle h, const Filter& filter) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  bounds_[static_cast<std::size_t>(b - bodies_.data())].filter = filter;
  return {};
}

Status World::setUserId(BodyHandle h, double userId) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  b->userId = userId;
  return {};
}

Status World::getTransform(BodyHandle h, Transform& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = b->xf;
  return {};
}

Status World::getFilter(BodyHandle h, Filter& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = bounds_[static_cast<std::size_t>(b - bodies_.data())].filter;
  return {};
}

Status World::getUserId(BodyHandle h, double& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = b->userId;
  return {};
}

Status World::getShapeType(BodyHandle h, ShapeType& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = b->type;
  return {};
}

Status World::getBounds(BodyHandle h, Aabb& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = bounds_[static_cast<std::size_t>(b - bodies_.data())].box;
  return {};
}

namespace {
// out = shape (a Shape or a Polygon), OutOfMemory (out unchanged) when a polygon's copy cannot be had.
template <class T> Status copyShape(const T& shape, Shape& out) {
  const Polygon* p = nullptr;
  if constexpr (std::is_same_v<T, Polygon>) {
    p = &shape;
  } else {
    p = std::get_if<Polygon>(&shape);
  }
  if (p != nullptr && !polygonRoom(p->size())) return outOfMemory();
#if defined(__cpp_exceptions)
  try {
    out = shape;
  } catch (const std::bad_alloc&) {
    return outOfMemory();
  }
#else
  out = shape;
#endif
  return {};
}
}  // namespace

// A local shape kept as (type, numbers, polygon) as a Shape.
Status World::localShape(ShapeType type, const double* l, std::uint32_t polygon, Shape& out) const {
  switch (type) {
    case ShapeType::Circle: out = Circle{{l[0], l[1]}, l[2]}; break;
    case ShapeType::Aabb: out = Aabb{{l[0], l[1]}, {l[2], l[3]}}; break;
    case ShapeType::Box: out = Box{{l[0], l[1]}, {l[2], l[3]}, l[4]}; break;
    case ShapeType::Polygon: {  // (the normals again: Polygon::create's own, bit for bit)
      const std::vector<Vec2>& v = polygons_[polygon].local;
      if (!polygonRoom(v.size())) return outOfMemory();
#if defined(__cpp_exceptions)
      try {
#endif
        Polygon p;
        Polygon::assignNormalized(v, p);
        out = std::move(p);
#if defined(__cpp_exceptions)
      } catch (const std::bad_alloc&) {
        return outOfMemory();
      }
#endif
      break;
    }
    case ShapeType::Segment: out = Segment{{l[0], l[1]}, {l[2], l[3]}}; break;
    case ShapeType::Capsule: out = Capsule{{l[0], l[1]}, {l[2], l[3]}, l[4]}; break;
    case ShapeType::Compound: return invalidHandle();  // (no single shape: the parts')
  }
  return {};
}

Status World::getLocalShape(BodyHandle h, Shape& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  return localShape(b->type, b->local, b->polygon, out);
}

Status World::getWorldShape(BodyHandle h, Shape& out) const {
  const Body* b = find(h);
  if (b == nullptr || b->type == ShapeType::Compound) return invalidHandle();
  return copyShape(b->shape, out);
}

Status World::getPartCount(BodyHandle h, std::size_t& out) const {
  out = 0;
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = b->type == ShapeType::Compound ? compounds_[b->polygon].size() : 1;
  return {};
}

// The body of handle h and its part `part`: null (and `st` set) for a bad handle or part.
const World::Part* World::findPart(BodyHandle h, std::size_t part, const Body*& body, Status& st) const {
  body = find(h);
  st = {};
  if (body == nullptr) {
    st = invalidHandle();
    return nullptr;
  }
  const std::size_t count = body->type == ShapeType::Compound ? compounds_[body->polygon].size() : 1;
  if (part >= count) {
    st = Status{Error::InvalidArgument, "part"};
    return nullptr;
  }
  return body->type == ShapeType::Compound ? &compounds_[body->polygon][part] : nullptr;
}

Status World::getPartShape(BodyHandle h, std::size_t part, Shape& out) const {
  const Body* b;
  Status st;
  const Part* p = findPart(h, part, b, st);
  if (!st) return st;
  return copyShape(p != nullptr ? p->shape : b->shape, out);
}

Status World::getLocalPartShape(BodyHandle h, std::size_t part, Shape& out) const {
  const Body* b;
  Status st;
  const Part* p = findPart(h, part, b, st);
  if (!st) return st;
  return p != nullptr ? localShape(p->type, p->local, p->polygon, out) : localShape(b->type, b->local, b->polygon, out);
}

Status World::getPartBounds(BodyHandle h, std::size_t part, Aabb& out) const {
  const Body* b;
  Status st;
  const Part* p = findPart(h, part, b, st);
  if (!st) return st;
  out = p != nullptr ? p->box : bounds_[static_cast<std::size_t>(b - bodies_.data())].box;
  return {};
}

// ---------------------------------------------------------------------------------------------------------------
// Broad phase: spatial hash grid
// ---------------------------------------------------------------------------------------------------------------

void World::setCellSize(double size) {
  if (!(size >= 0.0) || !std::isfinite(size)) return;
  cellSizeSetting_ = size;
  gridDirty_ = true;
  staticRebuild_ = staticCount_ > 0;
}

inline std::int32_t World::Grid::cellOf(double v, int axis) const {
  // Relative to the grid origin (so that far coordinates keep their resolution); clamped before the conversion: no
  // UB for huge values. Monotonic in v, which is all the pair deduplication needs. floor() of the clamped value by
  // truncation, one down below a negative non-integer (std::floor was ~20 instructions without SSE4.1's roundsd).
  // (WebAssembly has f64.floor: std::floor there.)
  double c = (v - (axis == 0 ? origin.x : origin.y)) * invCellSize;
#if defined(__wasm__)
  return static_cast<std::int32_t>(std::min(std::max(std::floor(c), -1073741824.0), 1073741824.0));
#else
  c = c < -1073741824.0 ? -1073741824.0 : (c > 1073741824.0 ? 1073741824.0 : c);
  const std::int32_t t = static_cast<std::int32_t>(c);
  return t - (c < static_cast<double>(t) ? 1 : 0);
#endif
}

bool World::Grid::bucketOf(std::int32_t cx, std::int32_t cy, std::uint32_t& bucket) const {
  if (dense) {
    const std::int64_t x = std::int64_t{cx} - x0, y = std::int64_t{cy} - y0;
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    bucket = static_cast<std::uint32_t>(y * w + x);
    return true;
  }
  std::uint32_t hh = static_cast<std::uint32_t>(cx) * 0x9E3779B1u ^ static_cast<std::uint32_t>(cy) * 0x85EBCA77u;
  hh ^= hh >> 15;
  bucket = hh & bucketMask;
  return true;
}

// Calls f(ctx, p) for every entry p of grid g in the cells that `box` covers (a bucket of a hashed grid mixes
// cells: only the entries of those cells). Out of line: one copy for visitCells and relabelStatic.
void World::forEntriesIn(const Grid& g, const Aabb& box, void (*f)(void*, std::uint32_t), void* ctx) {
  if (g.entries.size == 0) return;
  const std::int32_t x0 = g.cellOf(box.min.x, 0), x1 = g.cellOf(box.max.x, 0);
  const std::int32_t y0 = g.cellOf(box.min.y, 1), y1 = g.cellOf(box.max.y, 1);
  for (std::int32_t y = y0; y <= y1; ++y) {
    for (std::int32_t x = x0; x <= x1; ++x) {
      std::uint32_t bk;
      if (!g.bucketOf(x, y, bk)) continue;
      for (std::uint32_t p = g.bucketStart[bk], e = g.bucketStart[bk + 1]; p < e; ++p) {
        if (g.dense || (g.entryCells[p].x == x && g.entryCells[p].y == y)) f(ctx, p);
      }
    }
  }
}

// Static bodies: binned into static_ at its rebuild, which happens when enough static bodies have been added,
// moved, removed or made moving since the last one (staticPending_ > 16 + staticCount_ / 8): each such change
// costs O(its cells) at once (its entries are marked stale) and the body is binned with the moving bodies until
// then. A failed rebuild (out of memory) empties static_ and bins every static body with the moving ones: the
// answers stay the same.
bool World::ensureGrid() {
  if (staticRebuild_ || staticPending_ > 16 + staticCount_ / 8) {
    if (!rebuildGrid(static_, true)) {
      static_.entries.size = 0;
      static_.large.clear();
      for (Broad& br : bounds_) {
        if (br.kind == kStaticBinned) br.kind = kStaticLoose;
      }
      staticPending_ = staticCount_;
    }
    staticRebuild_ = false;
    gridDirty_ = true;
  }
  if (gridDirty_ && !rebuildGrid(grid_, false)) return false;
  const bool a = !grid_.empty(), b = !static_.empty();
  worldBounds_ = a ? grid_.bounds : static_.bounds;
  if (a && b) {
    worldBounds_.min = {std::min(worldBounds_.min.x, static_.bounds.min.x), std::min(worldBounds_.min.y, static_.bounds.min.y)};
    worldBounds_.max = {std::max(worldBounds_.max.x, static_.bounds.max.x), std::max(worldBounds_.max.y, static_.bounds.max.y)};
  }
  return true;
}

// static_'s entries of body k now name `to`: kStaleEntry (k has left static_: moved, removed, made moving; also
// taken off static_.large) or its new dense index (swap-remove). Never allocates.
void World::relabelStatic(std::uint32_t k, std::uint32_t to) {
  Grid& g = static_;
  if (to == kStaleEntry) ++staticPending_;
  if (bounds_[k].large) {
    for (std::uint32_t& l : g.large) {
      if (l == k) l = to;
    }
    if (to == kStaleEntry) {
      std::size_t keep = 0;
      for (const std::uint32_t l : g.large) {
        if (l != kStaleEntry) g.large[keep++] = l;
      }
      g.large.resize(keep);
    }
    return;
  }
  struct Relabel {
    std::uint32_t* body;
    std::uint32_t k, to;
  } r{g.entries.body.data(), k, to};
  forEntriesIn(g, bounds_[k].box, [](void* c, std::uint32_t p) {
    const Relabel& x = *static_cast<const Relabel*>(c);
    if (x.body[p] == x.k) x.body[p] = x.to;
  }, &r);
}

namespace {
// A box's extent (max of width and height) as a power-of-two histogram bin, ilogb + 1074 in [0, 2098]; -1 for an
// empty or non-finite extent.
int extentBin(const Aabb& a) {
  const double e = std::max(a.max.x - a.min.x, a.max.y - a.min.y);
  if (!(e > 0.0) || !std::isfinite(e)) return -1;
  std::uint64_t bits;  // (the exponent field: std::ilogb was a libm call per body and rebuild)
  std::memcpy(&bits, &e, sizeof bits);
  const int biased = static_cast<int>(bits >> 52);  // (e > 0: no sign bit)
  return biased != 0 ? biased - 1023 + 1074 : 63 - __builtin_clzll(bits);  // (a subnormal: its leading bit)
}
// The bin holding the median of `count` (> 0) values counted in hist.
int medianBin(const std::uint32_t (&hist)[2100], std::size_t count) {
  std::size_t acc = 0;
  int bin = 0;
  while (acc + hist[bin] < (count + 1) / 2) acc += hist[bin++];
  return bin;
}
}  // namespace

// Rebuilds grid g over its bodies: the static ones (statics; they are then all binned in static_) or the others.
// False (OutOfMemory, with the grid's parameters as they were and, for grid_, the grid still marked dirty) when its
// arrays cannot grow.
bool World::rebuildGrid(Grid& g, bool statics) {
  const std::size_t all = bodies_.size();
  // The members, in increasing dense index, into members_ (one pass over the bodies; the passes below walk the list:
  // a level of 50k static bodies is not re-read at every step). grid_'s list stays for collectCandidates.
  if (!grow(members_, all)) return false;
  members_.clear();
  for (std::uint32_t k = 0; k < all; ++k) {
    if (statics ? bounds_[k].kind != kDynamic : bounds_[k].kind != kStaticBinned) members_.push_back(k);
  }
  std::size_t n = 0;
  Aabb wb;
  // World bounds, and the typical body extent: the mean extent of the histogram bin (powers of two) holding the
  // median, so that a few huge or far bodies (whose float-free bounds are honest now) do not move it.
  std::uint32_t hist[2100] = {};
  double binSum[2100] = {};  // the extents summed per bin, in member order
  std::size_t sized = 0;
  for (const std::uint32_t k : members_) {
    const Aabb& a = bounds_[k].box;
    if (n++ == 0) wb = a;
    if (const int bin = extentBin(a); bin >= 0) {
      ++hist[bin];
      binSum[bin] += std::max(a.max.x - a.min.x, a.max.y - a.min.y);
      ++sized;
    }
    wb.min = {std::min(wb.min.x, a.min.x), std::min(wb.min.y, a.min.y)};
    wb.max = {std::max(wb.max.x, a.max.x), std::max(wb.max.y, a.max.y)};
  }
  if (n == 0) {
    if (!grow(g.bucketStart, 2)) return false;
    g.entries.size = 0;
    g.large.clear();
    g.dense = false;
    g.bucketMask = 0;
    fillZero(g.bucketStart, 2);
    g.bounds = {};
    if (statics) staticPending_ = 0;
    if (!statics) gridDirty_ = false;
    return true;
  }
  const double span = std::max(wb.max.x - wb.min.x, wb.max.y - wb.min.y);
  const double spread = std::isfinite(span) && span > 0.0 ? span / std::sqrt(static_cast<double>(n)) : 1.0;
  double typical = 0.0;
  if (sized > 0) {
    const int bin = medianBin(hist, sized);
    typical = binSum[bin] / static_cast<double>(hist[bin]);
  }
  // The static grid's cells are at least the moving bodies' (2x their typical extent, computed the same way): a
  // moving body then covers a few static cells, each compared four entries at a time, instead of many cells of
  // small level pieces (measured natively on the level scene, bench/native/world_bench.cpp BM_WorldLevel).
  if (statics && cellSizeSetting_ == 0.0 && typical > 0.0) {
    std::uint32_t mh[2100] = {};
    std::size_t movers = 0;
    for (std::uint32_t k = 0; k < all; ++k) {
      if (bounds_[k].kind != kDynamic) continue;
      if (const int bin = extentBin(bounds_[k].box); bin >= 0) {
        ++mh[bin];
        ++movers;
      }
    }
    if (movers > 0) {
      // (the bin's lower bound: a power of two, within 2x of the moving bodies' typical extent)
      const double lower = std::ldexp(1.0, medianBin(mh, movers) - 1074);
      typical = std::min(std::max(typical, lower), std::max(32.0 * typical, spread));
    }
  }
  double cell;
  if (!(typical > 0.0) || !std::isfinite(typical)) {
    cell = cellSizeSetting_ > 0.0 ? cellSizeSetting_ : spread;
  } else {
    // A setting is honoured within [typical, max(64 typical, spread)]: a typical body then covers at most 3 x 3
    // cells (no cell count explodes) and no cell swallows the world.
    cell = cellSizeSetting_ > 0.0 ? std::min(std::max(cellSizeSetting_, typical), std::max(64.0 * typical, spread))
                                  : 2.0 * typical;
  }
  double inv = 1.0 / cell;
  if (!std::isfinite(inv) || !(inv > 0.0) || !std::isfinite(cell)) {
    cell = 1.0;
    inv = 1.0;
  }
  // The new parameters, then the arrays; on failure the old parameters come back.
  const double oldCell = g.cellSize, oldInv = g.invCellSize;
  const Vec2 oldOrigin = g.origin;
  const bool oldDense = g.dense;
  const std::int32_t oldX0 = g.x0, oldY0 = g.y0;
  const std::uint32_t oldW = g.w, oldH = g.h, oldMask = g.bucketMask;
  auto fail = [&] {
    g.cellSize = oldCell;
    g.invCellSize = oldInv;
    g.origin = oldOrigin;
    g.dense = oldDense;
    g.x0 = oldX0;
    g.y0 = oldY0;
    g.w = oldW;
    g.h = oldH;
    g.bucketMask = oldMask;
    g.entries.size = 0;
    return false;
  };
  g.cellSize = cell;
  g.invCellSize = inv;
  g.origin = wb.min;

  // A dense grid over the world's bounds when it is small enough (cells in row-major order: no hash collisions,
  // neighbouring cells close in memory), else a spatial hash with at least 2 buckets per body.
  const std::int64_t gx0 = g.cellOf(wb.min.x, 0), gy0 = g.cellOf(wb.min.y, 1);
  const std::int64_t gw = std::int64_t{g.cellOf(wb.max.x, 0)} - gx0 + 1, gh = std::int64_t{g.cellOf(wb.max.y, 1)} - gy0 + 1;
  std::size_t tableSize;
  if (gw * gh <= std::max<std::int64_t>(256, 4 * static_cast<std::int64_t>(n))) {
    g.dense = true;
    g.x0 = static_cast<std::int32_t>(gx0);
    g.y0 = static_cast<std::int32_t>(gy0);
    g.w = static_cast<std::uint32_t>(gw);
    g.h = static_cast<std::uint32_t>(gh);
    tableSize = static_cast<std::size_t>(gw * gh);
  } else {
    g.dense = false;
    tableSize = 64;
    while (tableSize < 2 * n) tableSize *= 2;
    g.bucketMask = static_cast<std::uint32_t>(tableSize - 1);
  }
  if (!grow(g.bucketStart, tableSize + 1) || !grow(queryMarks_, all)) return fail();
  fillZero(g.bucketStart, tableSize + 1);
  g.large.clear();
  if (queryMarks_.size() < all) queryMarks_.resize(all, 0);

  // Count entries per bucket (the large bodies are listed after: large is sized to them, not to every body).
  std::uint32_t bk = 0;
  std::size_t largeCount = 0;
  for (const std::uint32_t k : members_) {
    const Aabb& a = bounds_[k].box;
    const std::int32_t x0 = g.cellOf(a.min.x, 0), x1 = g.cellOf(a.max.x, 0), y0 = g.cellOf(a.min.y, 1), y1 = g.cellOf(a.max.y, 1);
    const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    bounds_[k].large = cells > kMaxCellsPerBody ? 1 : 0;
    if (bounds_[k].large) {
      ++largeCount;
      continue;
    }
    for (std::int32_t y = y0; y <= y1; ++y) {
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (g.bucketOf(x, y, bk)) ++g.bucketStart[bk];
      }
    }
  }
  if (largeCount > 0) {
    if (!grow(g.large, largeCount)) return fail();
    for (const std::uint32_t k : members_) {
      if (bounds_[k].large) g.large.push_back(k);
    }
  }
  std::uint32_t acc = 0;
  for (std::size_t i = 0; i < tableSize; ++i) {
    acc += g.bucketStart[i];
    g.bucketStart[i] = acc;  // end of bucket i for now
  }
  g.bucketStart[tableSize] = acc;
  Entries& en = g.entries;
  if (!(grow(en.minX, acc + 8) && grow(en.minY, acc + 8) && grow(en.maxX, acc + 8) && grow(en.maxY, acc + 8) &&
        grow(en.body, acc) && (g.dense || grow(g.entryCells, acc)))) {
    return fail();
  }
  for (auto* v : {&en.minX, &en.minY, &en.maxX, &en.maxY}) v->resize(acc + 8);  // (8 spare: the last SIMD load)
  en.body.resize(acc);
  en.size = acc;
  if (g.dense) {
    g.entryCells.clear();
  } else {
    g.entryCells.resize(acc);
  }
  // Filled backwards, so that each bucket lists its bodies in increasing dense index. Entries hold the bounds
  // quantised within their cell (see quantise()): resolution 1/16383 of a cell wherever the world is (relative to one
  // origin, float bounds of a body parked at -1e15 used to make every bound coincide).
  const Vec2 o = g.origin;
  const double scale = kQuantum / cell;
  for (std::size_t m = members_.size(); m-- > 0;) {
    const std::uint32_t k = members_[m];
    if (statics) bounds_[k].kind = kStaticBinned;
    if (bounds_[k].large) continue;
    const Aabb& a = bounds_[k].box;
    const std::int32_t x0 = g.cellOf(a.min.x, 0), x1 = g.cellOf(a.max.x, 0), y0 = g.cellOf(a.min.y, 1), y1 = g.cellOf(a.max.y, 1);
    for (std::int32_t y = y0; y <= y1; ++y) {
      const Quantised qy = quantise(a.min.y, a.max.y, o.y + static_cast<double>(y) * cell, scale, y > y0);
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (!g.bucketOf(x, y, bk)) continue;
        const Quantised qx = quantise(a.min.x, a.max.x, o.x + static_cast<double>(x) * cell, scale, x > x0);
        const std::uint32_t at = --g.bucketStart[bk];
        en.minX[at] = qx.lo;
        en.minY[at] = qy.lo;
        en.maxX[at] = qx.hi;
        en.maxY[at] = qy.hi;
        en.body[at] = k;
        if (!g.dense) g.entryCells[at] = {x, y};
      }
    }
  }
  g.bounds = wb;
  if (statics) {
    staticPending_ = 0;
  } else {
    gridDirty_ = false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Pairs
// ---------------------------------------------------------------------------------------------------------------

// The narrow phase of one candidate (capacity for its result is there: step() reserved it). knownHit: a certificate
// says the pair touches (certifyCandidates).
void World::testPair(std::uint32_t i, std::uint32_t j, bool knownHit) {
  const Body* a = &bodies_[i];
  const Body* b = &bodies_[j];
  if (indexOf(a->handle) > indexOf(b->handle)) {
    std::swap(a, b);
    std::swap(i, j);
  }
  if (a->type == ShapeType::Compound || b->type == ShapeType::Compound) [[unlikely]] {
    testParts(i, j);
    return;
  }
  if (contactMode_ == ContactMode::Manifolds) {  // (no certificates: every manifold is computed afresh)
    if (!appendManifold(a->shape, b->shape)) return;
    pairBodies_.push_back(a->handle);
    pairBodies_.push_back(b->handle);
    return;
  }
  // A pair a certificate says touches (PairsOnly mode) has its answer. Any other is tested afresh; in PairsOnly mode
  // with coherence, with the slack that certifies its answer for the next steps.
  Contact c;
  if (!knownHit) {
    double slack = 0.0;
    if (contactMode_ == ContactMode::Contacts) {
      c = collide(a->shape, b->shape);
    } else if (!certsLive_) {
      c.hit = overlaps(a->shape, b->shape);
    } else {
      const detail::PairSlack ps = detail::overlapsWithSlack(a->shape, b->shape);
      c.hit = ps.hit;
      // The certificate also asks every coordinate of the moved shapes' bounds to stay within [-reach, reach], reach
      // being twice the pair's largest |coordinate| now: a budget of at most reach / 2 keeps them there (each body
      // moves at most the sum of both drifts, which the budget bounds).
      slack = std::min(ps.slack, 0.5 * ps.reach);
    }
    if (slack > 0.0) {
      const std::uint32_t bits = cacheBits(slack, c.hit);
      if (bits != 0) {
        if (PairCache* e = newCache(i, j)) e->bits = bits;
      }
    }
    if (!c.hit) return;
  }
  pairBodies_.push_back(a->handle);
  pairBodies_.push_back(b->handle);
  if (contactMode_ == ContactMode::Contacts) writeContact(c);
}

World::Pieces World::piecesAt(std::uint32_t k) const {
  const Body& b = bodies_[k];
  if (b.type != ShapeType::Compound) return Pieces{nullptr, 1, &b.shape, &bounds_[k].box};
  const std::vector<Part>& parts = compounds_[b.polygon];
  return Pieces{parts.data(), static_cast<std::uint32_t>(parts.size()), nullptr, nullptr};
}

namespace {
// A manifold's largest point depth (how the Manifolds mode ranks a compound pair's part pairs).
double deepest(const Manifold& m) {
  double d = m.points[0].depth;
  for (int k = 1; k < m.count; ++k) d = std::max(d, m.points[k].depth);
  return d;
}
}  // namespace

// A candidate with a compound body (A = body ka, the smaller slot index): every part pair whose bounds overlap is
// tested; the touching ones are listed in pairParts_ (the deepest first: largest contact depth, or manifold point
// depth; the first in part order on ties), and the pair reports the deepest one's contact or manifold. Room for
// the records was reserved by step() (partPairBound_).
void World::testParts(std::uint32_t ka, std::uint32_t kb) {
  const Pieces pa = piecesAt(ka), pb = piecesAt(kb);
  const std::uint32_t pair = static_cast<std::uint32_t>(pairBodies_.size() / kPairBodyStride);
  const std::size_t first = pairParts_.size();
  std::size_t best = first;
  double bestDepth = 0.0;
  Contact bestContact;
  Manifold bestManifold;
  for (std::uint32_t i = 0; i < pa.count; ++i) {
    const Aabb& boxA = pa.boxOf(i);
    for (std::uint32_t j = 0; j < pb.count; ++j) {
      if (!boundsOverlap(boxA, pb.boxOf(j))) continue;
      const Shape& sa = pa.shapeOf(i);
      const Shape& sb = pb.shapeOf(j);
      double depth = 0.0;
      bool better = false;
      const bool firstHit = pairParts_.size() == first;
      if (contactMode_ == ContactMode::PairsOnly) {
        if (!overlaps(sa, sb)) continue;
      } else if (contactMode_ == ContactMode::Manifolds) {
        const Manifold m = collideManifold(sa, sb);
        if (m.count == 0) continue;
        depth = deepest(m);
        better = firstHit || depth > bestDepth;
        if (better) bestManifold = m;
      } else {
        const Contact c = collide(sa, sb);
        if (!c.hit) continue;
        depth = c.depth;
        better = firstHit || depth > bestDepth;
        if (better) bestContact = c;
      }
      if (better) {
        best = pairParts_.size();
        bestDepth = depth;
      }
      pairParts_.push_back(pair);
      pairParts_.push_back(i);
      pairParts_.push_back(j);
    }
  }
  if (pairParts_.size() == first) return;
  // The reported part pair first, the others after it in part order.
  std::uint32_t* r = pairParts_.data();
  const std::uint32_t bi = r[best + 1], bj = r[best + 2];
  for (std::size_t at = best; at > first; at -= kPairPartStride) {
    r[at + 1] = r[at + 1 - kPairPartStride];
    r[at + 2] = r[at + 2 - kPairPartStride];
  }
  r[first + 1] = bi;
  r[first + 2] = bj;
  pairBodies_.push_back(bodies_[ka].handle);
  pairBodies_.push_back(bodies_[kb].handle);
  if (contactMode_ == ContactMode::Manifolds) {
    writeManifold(bestManifold);
  } else if (contactMode_ == ContactMode::Contacts) {
    writeContact(bestContact);
  }
}

// Appends c as a pairContacts() record (room reserved by step()).
void World::writeContact(const Contact& c) {
  const std::size_t at = pairContacts_.size();
  pairContacts_.resize(at + kPairContactStride);  // (not insert(initializer_list): a memmove call in libc++)
  double* out = pairContacts_.data() + at;
  out[0] = c.normal.x;
  out[1] = c.normal.y;
  out[2] = c.depth;
  out[3] = c.point.x;
  out[4] = c.point.y;
}

// The narrow phase over the candidates, in grid order. Bodies are scattered in memory relative to that order, so
// each body (and a polygon's vertices) is prefetched a few candidates ahead (measured natively: -6% frame time at
// 10k bodies; WebAssembly has no prefetch instruction and the builtin compiles to nothing).
void World::testCandidates() {
  const std::uint32_t* cand = candidates_.data();
  const std::size_t n = candidates_.size();
  constexpr std::size_t kAhead = 2 * 8, kNear = 2 * 3;
  auto prefetchShape = [](const Body& b) {
    if (const Polygon* p = std::get_if<Polygon>(&b.shape); p != nullptr && p->size() > 0) {
      __builtin_prefetch(p->vertices().data());
      __builtin_prefetch(p->normals().data());
    }
  };
  for (std::size_t k = 0; k < n; k += 2) {  // (a first index may carry kCertifiedHit)
    if (k + kAhead < n) {
      __builtin_prefetch(&bodies_[cand[k + kAhead] & kCandidateIndex]);
      __builtin_prefetch(&bodies_[cand[k + kAhead + 1] & kCandidateIndex]);
    }
    if (k + kNear < n) {
      prefetchShape(bodies_[cand[k + kNear] & kCandidateIndex]);
      prefetchShape(bodies_[cand[k + kNear + 1] & kCandidateIndex]);
    }
    testPair(cand[k] & kCandidateIndex, cand[k + 1] & kCandidateIndex, (cand[k] & kCertifiedHit) != 0);
  }
}

// Certificates (see cacheBits): a candidate whose certificate's budget covers how far both bodies went since the
// last step (neither turned: a turned body has drifted +infinity) has its answer: apart, it is dropped; touching, it
// is flagged (kCertifiedHit). An expired certificate is freed (the narrow phase makes a new one). PairsOnly mode only,
// without the compound bodies' pairs: where a touching pair's contact or manifold must be computed afresh anyway,
// certificates could spare only the separated pairs, and making them (every SAT axis tested, where a miss stops at the
// first separating one) cost more than they spared (measured on the 10k benchmark scene, Contacts mode: 44.0 million
// instructions per frame with certificates, 40.8 without; PairsOnly: 30.9 with, 36.8 without).
void World::certifyCandidates() {
  std::uint32_t* cand = candidates_.data();
  const std::size_t n = candidates_.size();
  std::size_t out = 0;
  const bool use = certsLive_;
  constexpr std::size_t kAhead = 2 * 8;  // (the lists of candidates a few ahead prefetched: scattered in memory)
  for (std::size_t k = 0; k < n; k += 2) {
    if (use && k + kAhead < n) {
      __builtin_prefetch(pairCache_.data() + kCacheWays * cand[k + kAhead]);
      __builtin_prefetch(pairCache_.data() + kCacheWays * (cand[k + kAhead + 1] & kCandidateIndex));
      __builtin_prefetch(drift_.data() + cand[k + kAhead]);
      __builtin_prefetch(drift_.data() + (cand[k + kAhead + 1] & kCandidateIndex));
    }
    std::uint32_t i = cand[k], j = cand[k + 1];
    if (use && (j & kCompoundPair) == 0) {
      if (PairCache* e = findCache(i, j)) {
        const double left = cacheBudget(e->bits) - static_cast<double>(drift_[i]) - static_cast<double>(drift_[j]);
        const bool hit = (e->bits & kCacheHit) != 0;
        const std::uint32_t bits = cacheBits(left, hit);
        if (bits != 0) {
          e->bits = bits;
          ++stepStats_.certified;
          if (!hit) continue;
          i |= kCertifiedHit;
        } else {
          e->partner = kNullBody;
        }
      }
    }
    cand[out++] = i;
    cand[out++] = j;
  }
  candidates_.resize(out);
}

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
// in place in the previous step's keys (see diffPairs).
std::uint64_t keyAt(const std::uint32_t* v, std::size_t i) { return keyOf(v[2 * i], v[2 * i + 1]); }
void putKey(std::uint32_t* v, std::size_t i, std::uint64_t k) {
  v[2 * i] = keyA(k);
  v[2 * i + 1] = keyB(k);
}
}  // namespace

// This frame's pairs as keys sorted by keyLess: a counting sort on slot A (O(pairs + slots)), then each run of
// equal slot A (a body's few partners) sorted by insertion. Capacities were reserved by step().
void World::sortPairKeys() {
  const std::size_t pairs = pairBodies_.size() / 2;
  pairKeys_.resize(2 * pairs);
  std::uint32_t* keys = pairKeys_.data();
  fillZero(slotCounts_, slots_.size() + 1);
  for (std::size_t p = 0; p < pairs; ++p) ++slotCounts_[indexOf(pairBodies_[2 * p]) + 1];
  for (std::size_t i = 1; i < slotCounts_.size(); ++i) slotCounts_[i] += slotCounts_[i - 1];
  for (std::size_t p = 0; p < pairs; ++p) {
    const BodyHandle a = pairBodies_[2 * p];
    putKey(keys, slotCounts_[indexOf(a)]++, keyOf(a, pairBodies_[2 * p + 1]));
  }
  std::size_t runStart = 0;
  for (std::size_t p = 1; p <= pairs; ++p) {
    if (p < pairs && indexOf(keys[2 * p]) == indexOf(keys[2 * runStart])) continue;
    if (p - runStart > 16) {
      std::qsort(keys + 2 * runStart, p - runStart, 2 * sizeof(std::uint32_t), [](const void* x, const void* y) {
        const std::uint64_t a = keyAt(static_cast<const std::uint32_t*>(x), 0);
        const std::uint64_t b = keyAt(static_cast<const std::uint32_t*>(y), 0);
        return keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0;
      });
    } else {
      for (std::size_t i = runStart + 1; i < p; ++i) {
        const std::uint64_t k = keyAt(keys, i);
        std::size_t j = i;
        for (; j > runStart && keyLess(k, keyAt(keys, j - 1)); --j) putKey(keys, j, keyAt(keys, j - 1));
        putKey(keys, j, k);
      }
    }
    runStart = p;
  }
}

// Begin / end events: a merge of this frame's and the previous frame's sorted keys. The begins go to begin_
// (capacity reserved by step()); the ends are compacted in place at the front of the previous keys (an end is
// written at or before the key it was read from), which then are endEvents(): no buffer of their own.
void World::diffPairs() {
  std::size_t i = 0, j = 0, ends = 0;
  const std::size_t n = pairKeys_.size() / 2, m = prevPairKeys_.size() / 2;
  const std::uint32_t* cur = pairKeys_.data();
  std::uint32_t* prev = prevPairKeys_.data();
  auto begin = [this](std::uint64_t k) {
    begin_.push_back(keyA(k));
    begin_.push_back(keyB(k));
  };
  while (i < n && j < m) {
    const std::uint64_t c = keyAt(cur, i), p = keyAt(prev, j);
    if (c == p) {
      ++i;
      ++j;
    } else if (keyLess(c, p)) {
      begin(c);
      ++i;
    } else {
      putKey(prev, ends++, p);
      ++j;
    }
  }
  for (; i < n; ++i) begin(keyAt(cur, i));
  for (; j < m; ++j) putKey(prev, ends++, keyAt(prev, j));
  prevPairKeys_.resize(2 * ends);
}

// Candidate pairs from the grid into candidates_ (dense indices): only pairs whose filters accept each other and
// whose bounds (getBounds) overlap, so nothing is buffered for pairs that cannot collide. False: out of memory.
bool World::collectCandidates() {
  candidates_.clear();
  bool ok = true;
  const Broad* bb = bounds_.data();
  std::size_t& partPairs = partPairBound_;
  partPairs = 0;
  auto emit = [&](std::uint32_t i, std::uint32_t j) {
    if ((bb[i].kind != kDynamic && bb[j].kind != kDynamic) || !shouldCollide(bb[i].filter, bb[j].filter) ||
        !boundsOverlap(bb[i].box, bb[j].box)) {
      return;
    }
    if ((bb[i].parts | bb[j].parts) != 0) [[unlikely]] {
      partPairs += std::size_t{std::max<std::uint16_t>(bb[i].parts, 1)} * std::max<std::uint16_t>(bb[j].parts, 1);
    }
    // Growth by a quarter (plus grow's eighth): capacity within ~1.4x of the largest frame's candidates (was 2x + 1/8,
    // then 1.5x + 1/8).
    if (candidates_.size() + 2 > candidates_.capacity() &&
        !grow(candidates_, candidates_.size() + candidates_.size() / 4 + 2)) {
      ok = false;
      return;
    }
    candidates_.push_back(i);
    candidates_.push_back(j | ((bb[i].parts | bb[j].parts) != 0 ? kCompoundPair : 0u));
  };
  const std::size_t buckets = grid_.bucketStart.size() - 1;
  const Entries& en = grid_.entries;
  const bool dense = grid_.dense;
  const std::int16_t *minX = en.minX.data(), *minY = en.minY.data(), *maxX = en.maxX.data(), *maxY = en.maxY.data();
  const std::uint32_t* body = en.body.data();
  const Cell* cells = grid_.entryCells.data();
  const I8 one = I8{} + 1;
  for (std::size_t bk = 0; bk < buckets && ok; ++bk) {
    const std::uint32_t s = grid_.bucketStart[bk], e = grid_.bucketStart[bk + 1];
    if (e - s < 2) continue;
    if (!dense) {
      // Hashed grid: a bucket mixes cells. Scalar loop, same tests as below.
      for (std::uint32_t p = s; p + 1 < e; ++p) {
        const Cell cell = cells[p];
        for (std::uint32_t q = p + 1; q < e; ++q) {
          if (!(cells[q] == cell)) continue;
          const bool overlap = minX[p] <= maxX[q] && minX[q] <= maxX[p] && minY[p] <= maxY[q] && minY[q] <= maxY[p];
          if (overlap && (minX[p] & minX[q] & 1) == 0 && (minY[p] & minY[q] & 1) == 0) emit(body[p], body[q]);
        }
      }
      continue;
    }
    // Dense grid: the bucket is one cell. Entry p against entries q = p+1 .. e-1, eight at a time. A pair is kept
    // when the bounds overlap and this cell holds the lower-left corner of their intersection (so that it is tested
    // once): cellOf is monotonic, so that corner's cell is the larger of the two first cells, i.e. not both bodies
    // start in an earlier column nor both in an earlier row (the flags in the minimums' low bits, see quantise()).
    for (std::uint32_t p = s; p + 1 < e; ++p) {
      const I8 pMinX = I8{} + minX[p], pMinY = I8{} + minY[p], pMaxX = I8{} + maxX[p], pMaxY = I8{} + maxY[p];
      for (std::uint32_t q = p + 1; q < e; q += 8) {
        const I8 qMinX = load8(minX + q), qMinY = load8(minY + q);
        const I8 overlap = (pMinX <= load8(maxX + q)) & (qMinX <= pMaxX) & (pMinY <= load8(maxY + q)) & (qMinY <= pMaxY);
        const I8 home = ((pMinX & qMinX & one) | (pMinY & qMinY & one)) == I8{};
        const I8 keep = overlap & home & firstLanes(e - q);
        if (!any(keep)) continue;
        for (int l = 0; l < 8; ++l) {
          if (keep[l] != 0) emit(body[p], body[q + static_cast<std::uint32_t>(l)]);
        }
      }
    }
  }
  // The large bodies of grid_ against every body of grid_ (large against large once).
  const std::uint32_t n = static_cast<std::uint32_t>(bodies_.size());
  for (std::size_t li = 0; li < grid_.large.size() && ok; ++li) {
    const std::uint32_t l = grid_.large[li];
    for (const std::uint32_t k : members_) {
      if ((bb[k].large && k <= l) || k == l) continue;
      emit(l, k);
    }
  }
  // Moving bodies against static_ (static bodies never pair with each other, so the bodies of grid_ that are static
  // are left out): a large moving body against every binned one; any other against static_'s large ones and the
  // entries of the cells it covers there, with the same "lower-left corner of the intersection" rule as above.
  const Grid& sg = static_;
  if (sg.empty()) return ok;
  const Entries& se = sg.entries;
  for (std::size_t m = 0; m < members_.size() && ok; ++m) {
    const std::uint32_t k = members_[m];
    if (bb[k].kind != kDynamic) continue;
    const Aabb& a = bb[k].box;
    const std::int32_t x0 = sg.cellOf(a.min.x, 0), x1 = sg.cellOf(a.max.x, 0);
    const std::int32_t y0 = sg.cellOf(a.min.y, 1), y1 = sg.cellOf(a.max.y, 1);
    const std::int64_t covered = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    if (bb[k].large || covered > static_cast<std::int64_t>(se.size) + 64) {
      for (std::uint32_t s = 0; s < n; ++s) {
        if (bb[s].kind == kStaticBinned) emit(k, s);
      }
      continue;
    }
    for (const std::uint32_t l : sg.large) emit(k, l);
    const double scale = kQuantum / sg.cellSize;
    for (std::int32_t y = y0; y <= y1; ++y) {
      const Quantised qy = quantise(a.min.y, a.max.y, sg.origin.y + static_cast<double>(y) * sg.cellSize, scale, y > y0);
      for (std::int32_t x = x0; x <= x1; ++x) {
        std::uint32_t bk;
        if (!sg.bucketOf(x, y, bk)) continue;
        const std::uint32_t s = sg.bucketStart[bk], e = sg.bucketStart[bk + 1];
        if (s == e) continue;
        const Quantised qx = quantise(a.min.x, a.max.x, sg.origin.x + static_cast<double>(x) * sg.cellSize, scale, x > x0);
        if (!sg.dense) {  // hashed: a bucket mixes cells
          for (std::uint32_t p = s; p < e; ++p) {
            const std::uint32_t eb = se.body[p];
            if (eb == kStaleEntry || (se.minX[p] & qx.lo & 1) != 0 || (se.minY[p] & qy.lo & 1) != 0) continue;
            if (!(sg.entryCells[p].x == x && sg.entryCells[p].y == y)) continue;
            if (qx.lo <= se.maxX[p] && se.minX[p] <= qx.hi && qy.lo <= se.maxY[p] && se.minY[p] <= qy.hi) emit(k, eb);
          }
          continue;
        }
        // Dense: the cell's entries eight at a time, as in grid_'s loop above.
        const I8 kMinX = I8{} + qx.lo, kMinY = I8{} + qy.lo, kMaxX = I8{} + qx.hi, kMaxY = I8{} + qy.hi;
        for (std::uint32_t p = s; p < e; p += 8) {
          const I8 pMinX = load8(se.minX.data() + p), pMinY = load8(se.minY.data() + p);
          const I8 overlap = (kMinX <= load8(se.maxX.data() + p)) & (pMinX <= kMaxX) &
                             (kMinY <= load8(se.maxY.data() + p)) & (pMinY <= kMaxY);
          const I8 home = ((kMinX & pMinX & one) | (kMinY & pMinY & one)) == I8{};
          const I8 keep = overlap & home & firstLanes(e - p);
          if (!any(keep)) continue;
          for (int l = 0; l < 8; ++l) {
            const std::uint32_t idx = se.body[p + static_cast<std::uint32_t>(l)];
            if (keep[l] != 0 && idx != kStaleEntry) emit(k, idx);
          }
        }
      }
    }
  }
  return ok;
}

// Result buffers far larger than their contents for many steps in a row give their slack back. Hysteresis: a light
// frame between heavy ones keeps the heavy frames' buffers (releasing them made the next heavy frame 6-11x slower).
void World::releaseSlack() {
  constexpr std::uint32_t kSteps = 120;
  const bool over = oversized(candidates_) || oversized(pairBodies_) || oversized(pairContacts_) ||
                    oversized(begin_) || oversized(pairKeys_) || oversized(prevPairKeys_) ||
                    oversized(pairManifolds_) || oversized(pairParts_);
  slackSteps_ = over ? slackSteps_ + 1 : 0;
  if (slackSteps_ < kSteps) return;
  slackSteps_ = 0;
  candidates_.clear();
  shrink(candidates_);
  shrink(pairBodies_);
  shrink(pairContacts_);
  shrink(begin_);
  shrink(pairKeys_);
  shrink(prevPairKeys_);
  shrink(pairManifolds_);
  shrink(pairParts_);
}

// Everything is allocated before anything visible changes: the grid (internal), the candidates (internal), then room
// for this step's results at their upper bounds (pairs <= candidates, begins <= pairs, ends <= the previous pairs);
// only then are the previous results replaced, by code that cannot allocate.
Status World::step() {
  if (!ensureGrid()) return outOfMemory();
  if (!collectCandidates()) {
    candidates_.clear();
    return outOfMemory();
  }
  stepStats_ = {candidates_.size() / 2, 0};
  setCertificates(coherence_ && contactMode_ == ContactMode::PairsOnly);
  certifyCandidates();  // (the results are reserved for the candidates left)
  const std::size_t c = candidates_.size() / 2;
  const bool contacts = contactMode_ == ContactMode::Contacts, manifolds = contactMode_ == ContactMode::Manifolds;
  if (!(grow(pairBodies_, 2 * c, 5) && grow(pairContacts_, contacts ? kPairContactStride * c : 0, 5) &&
        grow(pairParts_, kPairPartStride * partPairBound_, 5) &&
        grow(pairManifolds_, manifolds ? kPairManifoldStride * c : 0, 5) && grow(prevPairKeys_, 2 * c, 5) &&
        grow(begin_, 2 * c, 5) && grow(slotCounts_, slots_.size() + 1))) {
    return outOfMemory();  // (prevPairKeys_ still holds the last step's end events)
  }
  prevPairKeys_.clear();  // two steps old (the last step's end events): free to reuse
  pairKeys_.swap(prevPairKeys_);
  pairBodies_.clear();
  pairContacts_.clear();
  pairParts_.clear();
  pairManifolds_.clear();
  begin_.clear();
  testCandidates();
  sortPairKeys();
  diffPairs();
  releaseSlack();
  // The certificates neither made nor used now are freed, and the drifts start again from zero.
  sweepCaches();
  std::fill(drift_.begin(), drift_.end(), 0.0f);
  return {};
}

void World::setCoherence(bool on) { coherence_ = on; }

World::PairCache* World::findCache(std::uint32_t ka, std::uint32_t kb) {
  PairCache* a = pairCache_.data() + kCacheWays * ka;
  PairCache* b = pairCache_.data() + kCacheWays * kb;
  const BodyHandle ha = handles_[ka], hb = handles_[kb];  // (the compact array, not the bodies)
  for (std::size_t w = 0; w < kCacheWays; ++w) {
    if (a[w].partner == hb) return &a[w];
    if (b[w].partner == ha) return &b[w];
  }
  return nullptr;
}

World::PairCache* World::newCache(std::uint32_t ka, std::uint32_t kb) {
  for (const std::uint32_t k : {ka, kb}) {
    PairCache* e = pairCache_.data() + kCacheWays * k;
    for (std::size_t w = 0; w < kCacheWays; ++w) {
      if (e[w].partner == kNullBody) {
        e[w].partner = handles_[k == ka ? kb : ka];
        return &e[w];
      }
    }
  }
  return nullptr;
}

void World::sweepCaches() {
  for (PairCache& e : pairCache_) {
    if ((e.bits & kCacheUsed) == 0) e.partner = kNullBody;
    e.bits &= ~kCacheUsed;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------------------

std::uint32_t World::nextQueryMark() {
  if (++queryMark_ == 0) {
    std::fill(queryMarks_.begin(), queryMarks_.end(), 0u);
    queryMark_ = 1;
  }
  return queryMark_;
}

bool World::bodyInMask(std::uint32_t k, std::uint32_t mask) const { return (bounds_[k].filter.category & mask) != 0; }

// Visits the dense index of every (non-large) body with an entry in a cell overlapping `box` in either grid
// (possibly several times). Returns false, visiting nothing, when the box covers too many cells: the caller then
// scans all bodies. The large bodies of both grids are the caller's (forEachLarge).
bool World::visitCells(const Aabb& box, void (*visit)(void*, std::uint32_t), void* ctx) {
  for (const Grid* g : {&grid_, &static_}) {
    if (g->entries.size == 0) continue;
    const std::int32_t x0 = g->cellOf(box.min.x, 0), x1 = g->cellOf(box.max.x, 0);
    const std::int32_t y0 = g->cellOf(box.min.y, 1), y1 = g->cellOf(box.max.y, 1);
    const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    if (cells > static_cast<std::int64_t>(g->entries.size) + 64) return false;
  }
  struct Visit {
    const std::uint32_t* body;
    void (*visit)(void*, std::uint32_t);
    void* ctx;
  };
  for (const Grid* g : {&grid_, &static_}) {
    Visit v{g->entries.body.data(), visit, ctx};
    forEntriesIn(*g, box, [](void* c, std::uint32_t p) {
      const Visit& x = *static_cast<const Visit*>(c);
      const std::uint32_t k = x.body[p];
      if (k != kStaleEntry) x.visit(x.ctx, k);
    }, &v);
  }
  return true;
}

namespace {
// A lambda as visitCells' callback (one out-of-line visitCells for every caller: a smaller module).
template <class F> void thunk(void* f, std::uint32_t k) { (*static_cast<F*>(f))(k); }

// Appends one rayHits() record (resize and stores: the range insert would be one more large instantiation).
template <class Record> void appendRayHit(std::vector<double>& out, const Record& r) {
  const std::size_t at = out.size();
  out.resize(at + World::kRayHitStride);
  double* o = out.data() + at;
  o[0] = static_cast<double>(r.handle);
  o[1] = r.fraction;
  o[2] = r.point.x;
  o[3] = r.point.y;
  o[4] = r.normal.x;
  o[5] = r.normal.y;
}

// Query results sorted by slot index: insertion sort for a few, else two counting-sort passes on 10 bits each (slot
// indices have 20) through `scratch` (room for r.size(), reserved by the caller): O(results), no comparison calls.
void sortByIndex(std::vector<BodyHandle>& r, std::vector<BodyHandle>& scratch, std::vector<std::uint32_t>& counts) {
  const std::size_t n = r.size();
  if (n <= 32) {
    for (std::size_t i = 1; i < n; ++i) {
      const BodyHandle h = r[i];
      std::size_t j = i;
      for (; j > 0 && indexOf(r[j - 1]) > indexOf(h); --j) r[j] = r[j - 1];
      r[j] = h;
    }
    return;
  }
  scratch.resize(n);
  for (int pass = 0; pass < 2; ++pass) {
    const int shift = 10 * pass;
    std::vector<BodyHandle>& from = pass == 0 ? r : scratch;
    std::vector<BodyHandle>& to = pass == 0 ? scratch : r;
    fillZero(counts, 1025);
    for (const BodyHandle h : from) ++counts[((indexOf(h) >> shift) & 1023u) + 1];
    for (std::size_t i = 1; i < 1025; ++i) counts[i] += counts[i - 1];
    for (const BodyHandle h : from) to[counts[(indexOf(h) >> shift) & 1023u]++] = h;
  }
}
}  // namespace

// The same as queryShape on the box (one code path: the module is smaller, the answers identical).
Status World::queryAabb(const Aabb& box, std::uint32_t mask) { return queryShape(Shape{box}, mask); }

Status World::queryPoint(Vec2 point, std::uint32_t mask) {
  queryResults_.clear();
  queryParts_.clear();
  if (Status s = validate(point); !s) return s;
  if (!collectQuery(nullptr, point, Aabb{point, point}, mask)) {
    queryResults_.clear();
    queryParts_.clear();
    return outOfMemory();
  }
  return {};
}

Status World::queryShape(const Shape& shape, std::uint32_t mask) {
  queryResults_.clear();
  queryParts_.clear();
  if (Status s = validate(shape); !s) return s;
  if (!collectQuery(&shape, Vec2{}, inflate(bounds(shape)), mask)) {
    queryResults_.clear();
    queryParts_.clear();
    return outOfMemory();
  }
  return {};
}

// The bodies overlapping `shape`, or (shape == nullptr) containing `point`, among those whose bounds meet `box`:
// one function for both queries (a smaller module; the per-body test is a branch on the query kind). A query box
// covering a large part of the world scans the bounds array instead of the cells (contiguous, each body once).
bool World::collectQuery(const Shape* shape, Vec2 point, const Aabb& box, std::uint32_t mask) {
  if (!ensureGrid()) return false;
  bool ok = true;
  const Aabb* queryBox = shape != nullptr ? std::get_if<Aabb>(shape) : nullptr;
  auto test = [&](std::uint32_t k) {
    const Aabb& bk = bounds_[k].box;
    if (!boundsOverlap(bk, box)) return;
    const Body& b = bodies_[k];
    if (!bodyInMask(k, mask)) return;
    // An Aabb query containing the body's bounds overlaps its shape (which lies within them): no narrow phase.
    const bool inside = queryBox != nullptr && queryBox->min.x <= bk.min.x && queryBox->min.y <= bk.min.y &&
                        bk.max.x <= queryBox->max.x && bk.max.y <= queryBox->max.y;
    if (b.type == ShapeType::Compound) {
      // Its first part (in part order) that the query meets; inside the query box, every part is (part 0).
      const int part = inside ? 0 : queryPart(k, shape, point, box);
      if (part < 0) return;
      if (queryCompoundHits_.size() == queryCompoundHits_.capacity() &&
          !grow(queryCompoundHits_, 2 * queryCompoundHits_.size() + 16)) {
        ok = false;
        return;
      }
      queryCompoundHits_.push_back(std::uint64_t{indexOf(b.handle)} << 32 | static_cast<std::uint32_t>(part));
    } else if (!inside && !(shape != nullptr ? overlaps(*shape, b.shape) : contains(b.shape, point))) {
      return;
    }
    if (queryResults_.size() == queryResults_.capacity() && !grow(queryResults_, 2 * queryResults_.size() + 16)) {
      ok = false;
      return;
    }
    queryResults_.push_back(b.handle);
  };
  queryCompoundHits_.clear();
  const std::uint32_t mark = nextQueryMark();
  auto once = [&](std::uint32_t k) {
    if (queryMarks_[k] == mark) return;
    queryMarks_[k] = mark;
    test(k);
  };
  const double boxArea = (box.max.x - box.min.x) * (box.max.y - box.min.y);
  const double worldArea = (worldBounds_.max.x - worldBounds_.min.x) * (worldBounds_.max.y - worldBounds_.min.y);
  if (!(boxArea * 16.0 < worldArea) || !visitCells(box, thunk<decltype(once)>, &once)) {
    for (std::uint32_t k = 0; k < bodies_.size() && ok; ++k) test(k);
  } else {
    for (const std::uint32_t l : grid_.large) once(l);
    for (const std::uint32_t l : static_.large) once(l);
  }
  if (!ok) return false;
  if (queryResults_.size() > 32 && !(grow(querySort_, queryResults_.size()) && grow(queryCounts_, 1025))) return false;
  if (!grow(queryParts_, queryResults_.size())) return false;
  sortByIndex(queryResults_, querySort_, queryCounts_);
  // The parts, in result order: zeros, then the compound bodies' found parts merged in by slot index.
  fillZero(queryParts_, queryResults_.size());
  if (!queryCompoundHits_.empty()) {
    std::qsort(queryCompoundHits_.data(), queryCompoundHits_.size(), sizeof(std::uint64_t), [](const void* x, const void* y) {
      const std::uint64_t a = *static_cast<const std::uint64_t*>(x), b = *static_cast<const std::uint64_t*>(y);
      return a < b ? -1 : a > b ? 1 : 0;
    });
    std::size_t c = 0;
    for (std::size_t r = 0; r < queryResults_.size() && c < queryCompoundHits_.size(); ++r) {
      if (indexOf(queryResults_[r]) == (queryCompoundHits_[c] >> 32)) {
        queryParts_[r] = static_cast<std::uint32_t>(queryCompoundHits_[c++]);
      }
    }
  }
  return true;
}

int World::queryPart(std::uint32_t k, const Shape* shape, Vec2 point, const Aabb& box) const {
  const Pieces p = piecesAt(k);
  for (std::uint32_t i = 0; i < p.count; ++i) {
    if (!boundsOverlap(p.boxOf(i), box)) continue;
    if (shape != nullptr ? overlaps(*shape, p.shapeOf(i)) : contains(p.shapeOf(i), point)) return static_cast<int>(i);
  }
  return -1;
}

namespace {
// Conservative: can the ray's part with t in [0, tmax] touch the box? (bounds are already widened). The ray's
// reciprocal direction is computed once per ray.
struct RaySlabs {
  double o[2], d[2], inv[2];
  explicit RaySlabs(const Ray& r)
      : o{r.origin.x, r.origin.y}, d{r.direction.x, r.direction.y},
        inv{r.direction.x != 0.0 ? 1.0 / r.direction.x : 0.0, r.direction.y != 0.0 ? 1.0 / r.direction.y : 0.0} {}
  bool mayHit(double tmax, const Aabb& b) const {
    double t0 = 0.0, t1 = tmax;
    const double lo[2] = {b.min.x, b.min.y}, hi[2] = {b.max.x, b.max.y};
    for (int k = 0; k < 2; ++k) {
      if (d[k] == 0.0) {
        if (o[k] < lo[k] || o[k] > hi[k]) return false;
        continue;
      }
      double ta = (lo[k] - o[k]) * inv[k], tb = (hi[k] - o[k]) * inv[k];
      if (ta > tb) std::swap(ta, tb);
      // Widen by a relative hair: the division rounds.
      const double slack = (std::fabs(ta) + std::fabs(tb)) * 1e-12;
      t0 = std::max(t0, ta - slack);
      t1 = std::min(t1, tb + slack);
      if (!(t0 <= t1)) return false;
    }
    return true;
  }
};
}  // namespace

bool World::collectRay(const Ray& ray, std::uint32_t mask, bool closest) {
  rayRecords_.clear();
  if (!ensureGrid() || !grow(rayRecords_, 1)) return false;
  if (bodies_.empty()) return true;
  bool ok = true;
  const std::uint32_t mark = nextQueryMark();
  const Vec2 o = ray.origin, d = ray.direction;
  double bestF = kInf;
  std::uint32_t bestIndex = 0xFFFFFFFFu;
  const RaySlabs slabs(ray);
  auto test = [&](std::uint32_t k) {
    if (queryMarks_[k] == mark) return;
    queryMarks_[k] = mark;
    // The bounds (a small array) before the body (a cache miss).
    const double limit = closest ? std::min(ray.maxFraction, bestF) : ray.maxFraction;
    if (!slabs.mayHit(limit, bounds_[k].box)) return;
    const Body& b = bodies_[k];
    if (!bodyInMask(k, mask)) return;
    RayHit h;
    std::uint32_t part = 0;
    if (b.type != ShapeType::Compound) {
      h = collide2d::raycast(ray, b.shape);
    } else {  // the part hit first (the smaller part index on ties)
      const Pieces p = piecesAt(k);
      for (std::uint32_t i = 0; i < p.count; ++i) {
        if (!slabs.mayHit(h.hit ? std::min(limit, h.fraction) : limit, p.boxOf(i))) continue;
        const RayHit hi = collide2d::raycast(ray, p.shapeOf(i));
        if (hi.hit && (!h.hit || hi.fraction < h.fraction)) {
          h = hi;
          part = i;
        }
      }
    }
    if (!h.hit) return;
    const std::uint32_t index = indexOf(b.handle);
    if (closest) {
      if (h.fraction < bestF || (h.fraction == bestF && index < bestIndex)) {
        bestF = h.fraction;
        bestIndex = index;
        rayRecords_.clear();
        rayRecords_.push_back({h.fraction, index, b.handle, h.point, h.normal, part});
      }
    } else if (rayRecords_.size() < rayRecords_.capacity() || grow(rayRecords_, 2 * rayRecords_.size() + 16)) {
      rayRecords_.push_back({h.fraction, index, b.handle, h.point, h.normal, part});
    } else {
      ok = false;
    }
  };
  for (const std::uint32_t l : grid_.large) test(l);
  for (const std::uint32_t l : static_.large) test(l);

  // Clip the ray to the bounds of all bodies.
  const Aabb wb = inflate(worldBounds_);
  double t0 = 0.0, t1 = ray.maxFraction;
  {
    const double os[2] = {o.x, o.y}, ds[2] = {d.x, d.y};
    const double lo[2] = {wb.min.x, wb.min.y}, hi[2] = {wb.max.x, wb.max.y};
    for (int k = 0; k < 2 && t0 <= t1; ++k) {
      if (ds[k] == 0.0) {
        if (os[k] < lo[k] || os[k] > hi[k]) t1 = -1.0;
        continue;
      }
      double ta = (lo[k] - os[k]) / ds[k], tb = (hi[k] - os[k]) / ds[k];
      if (ta > tb) std::swap(ta, tb);
      const double slack = (std::fabs(ta) + std::fabs(tb)) * 1e-12;
      t0 = std::max(t0, ta - slack);
      t1 = std::min(t1, tb + slack);
    }
  }
  if (!(t0 <= t1)) return ok;
  // March along the ray in steps of about one cell, visiting the cells of each step's bounding box.
  const double speed = std::max(std::fabs(d.x), std::fabs(d.y));
  const double dt = marchCell() / speed;
  const double steps = (t1 - t0) / dt;
  if (!(steps <= static_cast<double>(grid_.entries.size + static_.entries.size) + 64.0) || !(dt > 0.0)) {
    for (std::uint32_t k = 0; k < bodies_.size(); ++k) test(k);
    return ok;
  }
  double t = t0;
  while (true) {
    if (closest && bestF < t) break;
    const double tn = std::min(t + dt, t1);
    const Vec2 p = o + d * t, q = o + d * tn;
    const Aabb box = inflate({{std::min(p.x, q.x), std::min(p.y, q.y)}, {std::max(p.x, q.x), std::max(p.y, q.y)}});
    if (!visitCells(box, thunk<decltype(test)>, &test)) {  // the step's box covers too many cells of a grid (its
      for (std::uint32_t k = 0; k < bodies_.size(); ++k) test(k);  // margin far from the origin, a much finer grid)
      break;
    }
    if (closest && bestF <= tn) break;
    if (!(tn < t1)) break;
    t = tn;
  }
  return ok;
}

Status World::raycast(const Ray& ray, std::uint32_t mask) {
  RayHit hit;
  BodyHandle body;
  return raycast(ray, hit, body, mask);
}

Status World::raycast(const Ray& ray, RayHit& hit, BodyHandle& body, std::uint32_t mask) {
  hit = RayHit{};
  body = kNullBody;
  rayHits_.clear();
  rayHitParts_.clear();
  if (Status s = validate(ray); !s) return s;
  if (!collectRay(ray, mask, true) || !grow(rayHits_, kRayHitStride) || !grow(rayHitParts_, 1)) {
    rayRecords_.clear();
    return outOfMemory();
  }
  if (!rayRecords_.empty()) {
    const RayRecord& r = rayRecords_[0];
    hit.hit = true;
    hit.fraction = r.fraction;
    hit.point = r.point;
    hit.normal = r.normal;
    body = r.handle;
    appendRayHit(rayHits_, r);
    rayHitParts_.push_back(r.part);
  }
  return {};
}

Status World::raycastAll(const Ray& ray, std::uint32_t mask) {
  rayHits_.clear();
  rayHitParts_.clear();
  if (Status s = validate(ray); !s) return s;
  if (!collectRay(ray, mask, false) || !grow(rayHits_, kRayHitStride * rayRecords_.size()) ||
      !grow(rayHitParts_, rayRecords_.size())) {
    rayRecords_.clear();
    return outOfMemory();
  }
  const auto byFractionThenIndex = [](const void* x, const void* y) {
    const RayRecord& a = *static_cast<const RayRecord*>(x);
    const RayRecord& b = *static_cast<const RayRecord*>(y);
    if (a.fraction != b.fraction) return a.fraction < b.fraction ? -1 : 1;
    return a.index < b.index ? -1 : a.index > b.index ? 1 : 0;
  };
  if (rayRecords_.size() > 1) {
    std::qsort(rayRecords_.data(), rayRecords_.size(), sizeof(RayRecord), byFractionThenIndex);
  }
  for (const RayRecord& r : rayRecords_) {
    appendRayHit(rayHits_, r);
    rayHitParts_.push_back(r.part);
  }
  return {};
}

// ---------------------------------------------------------------------------------------------------------------
// Accounting
// ---------------------------------------------------------------------------------------------------------------

std::size_t World::heapBytes() const {
  std::size_t bytes = 0;
  auto add = [&bytes](const auto& v) {
    bytes += v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type);
  };
  add(bodies_);
  add(bounds_);
  add(handles_);
  add(slots_);
  add(polygons_);
  add(freePolygons_);
  for (const Grid* g : {&grid_, &static_}) {
    add(g->entries.minX);
    add(g->entries.minY);
    add(g->entries.maxX);
    add(g->entries.maxY);
    add(g->entries.body);
    add(g->entryCells);
    add(g->bucketStart);
    add(g->large);
  }
  add(members_);
  add(candidates_);
  add(pairBodies_);
  add(pairKeys_);
  add(prevPairKeys_);
  add(slotCounts_);
  add(pairContacts_);
  add(begin_);
  add(queryMarks_);
  add(queryResults_);
  add(rayRecords_);
  add(rayHits_);
  add(querySort_);
  add(queryCounts_);
  add(vertexScratch_);
  add(hullScratch_);
  add(pairManifolds_);
  add(pairParts_);
  add(queryParts_);
  add(queryCompoundHits_);
  add(rayHitParts_);
  add(compounds_);
  add(freeCompounds_);
  add(pairCache_);
  add(drift_);
  bytes += (castPolygon_.vertices().size() + castPolygon_.normals().size()) * sizeof(Vec2);
  auto polygonBytes = [&](std::uint32_t polygon, const Shape& shape) {
    const Polygon* world = std::get_if<Polygon>(&shape);
    if (world == nullptr) world = &polygons_[polygon].spare;
    bytes += (polygons_[polygon].local.capacity() + world->vertices().size() + world->normals().size()) * sizeof(Vec2);
  };
  for (const Body& b : bodies_) {
    if (b.type == ShapeType::Polygon) polygonBytes(b.polygon, b.shape);
    if (b.type != ShapeType::Compound) continue;
    add(compounds_[b.polygon]);
    for (const Part& p : compounds_[b.polygon]) {
      if (p.type == ShapeType::Polygon) polygonBytes(p.polygon, p.shape);
    }
  }
  return bytes;
}

// (piecesAt is defined with the narrow phase above; world_queries.cpp reaches bodies through it.)
// The cell size the ray and cast marches step by: the finer of the two grids holding bodies.
double World::marchCell() const {
  if (grid_.empty()) return static_.empty() ? grid_.cellSize : static_.cellSize;
  return static_.empty() ? grid_.cellSize : std::min(grid_.cellSize, static_.cellSize);
}
BodyHandle World::handleAt(std::uint32_t k) const { return bodies_[k].handle; }

}  // namespace collide2d

#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
// The module's operator new (single-threaded WebAssembly, built without exceptions): the block a World growth has
// just probed when the size matches (see reallocate above), else malloc; a failure aborts as libc++'s does.
void* operator new(std::size_t n) {
  if (collide2d::gProbe != nullptr && n == collide2d::gProbeBytes) {
    void* p = collide2d::gProbe;
    collide2d::gProbe = nullptr;
    return p;
  }
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  return p;
}
#endif
