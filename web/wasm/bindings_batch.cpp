// collide2d — WebAssembly bindings of the batches (calling convention: bindings.cpp's header): circles, packed
// polygons (built into g_polygons at each call) and PreparedPolygons (a set, owned by JS, that keeps polygons prepared
// across calls), index pairs and outputs at byte offsets of the scratch buffer. A rejected element sets the last error
// (arg: the JS argument, index: the element) and returns -1 before anything is written.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <emscripten/bind.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>
#include <vector>

#include "raw.h"

namespace {

using namespace collide2d;
using namespace collide2d_raw;

std::vector<Polygon> g_polygons;  // the polygons of the last batch; capacity reused across calls
std::size_t g_polygonCount = 0;

/// Checks pair indices (2 uint32 per pair) against the counts of the first and second collection.
const std::uint32_t* checkedPairs(std::uint32_t pairsOff, std::uint32_t n, std::size_t countA, std::size_t countB,
                                  int arg) {
  const std::uint32_t* pairs = at<const std::uint32_t>(pairsOff, 2 * n);
  if (pairs == nullptr) {
    fail({Error::InvalidArgument, "buffer"}, arg);
    return nullptr;
  }
  // errorIndex: the element of pairs out of range (2 i: pair i's first index, 2 i + 1: its second).
  for (std::uint32_t i = 0; i < 2 * n; ++i) {
    if (pairs[i] >= ((i & 1) == 0 ? countA : countB)) {
      fail({Error::InvalidArgument, "pairs"}, arg, static_cast<int>(i));
      return nullptr;
    }
  }
  return pairs;
}

/// Circles a[i] vs b[i] (3 doubles each); out: one byte per pair.
int c2_batch_overlaps_circle_circle(std::uint32_t aOff, std::uint32_t bOff, std::uint32_t n,
                                                         std::uint32_t outOff) {
  const double* a = at<const double>(aOff, 3 * n);
  const double* b = at<const double>(bOff, 3 * n);
  std::uint8_t* out = at<std::uint8_t>(outOff, n);
  if (a == nullptr || b == nullptr || out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Circle ca = circleAt(a + 3 * i), cb = circleAt(b + 3 * i);
    Status s = validate(ca);
    if (!s) return fail(s, 0, static_cast<int>(i));
    if (!(s = validate(cb))) return fail(s, 1, static_cast<int>(i));
    out[i] = overlaps(ca, cb) ? 1 : 0;
  }
  return 0;
}

/// Circles a[i] vs b[i]; out: kContactStride doubles per pair.
int c2_batch_collide_circle_circle(std::uint32_t aOff, std::uint32_t bOff, std::uint32_t n,
                                                        std::uint32_t outOff) {
  const double* a = at<const double>(aOff, 3 * n);
  const double* b = at<const double>(bOff, 3 * n);
  double* out = at<double>(outOff, kContactStride * n);
  if (a == nullptr || b == nullptr || out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Circle ca = circleAt(a + 3 * i), cb = circleAt(b + 3 * i);
    Status s = validate(ca);
    if (!s) return fail(s, 0, static_cast<int>(i));
    if (!(s = validate(cb))) return fail(s, 1, static_cast<int>(i));
    writeContact(out + kContactStride * i, collide(ca, cb));
  }
  return 0;
}

/// Builds `polygonCount` polygons from vertices (Vec2 at vertexOff, vertexCount of them) and offsets
/// (polygonCount + 1 uint32 at offsetsOff: polygon i is vertices [offsets[i], offsets[i + 1])).
/// `arg` is the JS argument number to blame.
int c2_batch_polygons(std::uint32_t vertexOff, std::uint32_t vertexCount,
                                           std::uint32_t offsetsOff, std::uint32_t polygonCount, int arg) {
  const Vec2* v = at<const Vec2>(vertexOff, vertexCount);
  const std::uint32_t* offsets = at<const std::uint32_t>(offsetsOff, polygonCount + 1);
  if (v == nullptr || offsets == nullptr) return fail({Error::InvalidArgument, "buffer"}, arg);
  if (g_polygons.size() < polygonCount) g_polygons.resize(polygonCount);
  g_polygonCount = 0;
  for (std::uint32_t i = 0; i < polygonCount; ++i) {
    const std::uint32_t begin = offsets[i], end = offsets[i + 1];
    if (begin > end || end > vertexCount) return fail({Error::InvalidArgument, "offsets"}, arg, static_cast<int>(i));
    const Status s = Polygon::create(std::span<const Vec2>(v + begin, end - begin), g_polygons[i]);
    if (!s) return fail(s, arg, static_cast<int>(i));
  }
  g_polygonCount = polygonCount;
  return 0;
}


/// Polygons of the last c2_batch_polygons, pairs (i, j); out: one byte per pair.
int c2_batch_overlaps_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n,
                                                           std::uint32_t outOff) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, g_polygonCount, g_polygonCount, 1);
  if (pairs == nullptr) return -1;
  std::uint8_t* out = at<std::uint8_t>(outOff, n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) out[i] = overlaps(g_polygons[pairs[2 * i]], g_polygons[pairs[2 * i + 1]]);
  return 0;
}

/// Polygons of the last c2_batch_polygons, pairs (i, j); out: kContactStride doubles per pair.
int c2_batch_collide_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n,
                                                          std::uint32_t outOff) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, g_polygonCount, g_polygonCount, 1);
  if (pairs == nullptr) return -1;
  double* out = at<double>(outOff, kContactStride * n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) {
    writeContact(out + kContactStride * i, collide(g_polygons[pairs[2 * i]], g_polygons[pairs[2 * i + 1]]));
  }
  return 0;
}

/// Circles (3 doubles each, circleCount of them) vs polygons of the last c2_batch_polygons, pairs
/// (circle, polygon). collide != 0: out gets kContactStride doubles per pair, else one byte per pair.
int c2_batch_circle_polygon(std::uint32_t circlesOff, std::uint32_t circleCount,
                                                 std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff,
                                                 int collideMode) {
  const double* circles = at<const double>(circlesOff, 3 * circleCount);
  if (circles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < circleCount; ++i) {
    const Status s = validate(circleAt(circles + 3 * i));
    if (!s) return fail(s, 0, static_cast<int>(i));
  }
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, circleCount, g_polygonCount, 2);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      const Circle c = circleAt(circles + 3 * pairs[2 * i]);
      writeContact(out + kContactStride * i, collide(c, g_polygons[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      out[i] = overlaps(circleAt(circles + 3 * pairs[2 * i]), g_polygons[pairs[2 * i + 1]]);
    }
  }
  return 0;
}

// ---- prepared polygon sets (batch.preparePolygons): PreparedPolygon objects that live across calls --------------
/// JS creates it with preparedNew() (raw.h: make; 0 when out of memory), fills it once with preparedCreate(), and owns
/// it until preparedDelete(); it is passed as its address (raw.h: viaAddress). Its array comes from malloc, which
/// returns null when the memory cannot grow (operator new would abort the module instead): a set too large to prepare
/// is an Error::OutOfMemory, not a dead module.
struct PreparedSet {
  PreparedPolygon* items = nullptr;
  std::size_t count = 0;
  PreparedSet() = default;
  PreparedSet(const PreparedSet&) = delete;
  PreparedSet& operator=(const PreparedSet&) = delete;
  ~PreparedSet() { clear(); }
  void clear() {
    for (std::size_t i = 0; i < count; ++i) items[i].~PreparedPolygon();
    std::free(items);
    items = nullptr;
    count = 0;
  }
  std::size_t size() const { return count; }
  const PreparedPolygon& operator[](std::size_t i) const { return items[i]; }
};

/// Validates and prepares polygons laid out as for c2_batch_polygons into `set` (empty before); 0, or -1 (error in
/// g_error; the set is left empty).
int c2_prepared_create(PreparedSet& set, std::uint32_t vertexOff, std::uint32_t vertexCount,
                       std::uint32_t offsetsOff, std::uint32_t polygonCount, int arg) {
  const Vec2* v = at<const Vec2>(vertexOff, vertexCount);
  const std::uint32_t* offsets = at<const std::uint32_t>(offsetsOff, polygonCount + 1);
  if (v == nullptr || offsets == nullptr) return fail({Error::InvalidArgument, "buffer"}, arg);
  set.clear();
  // Computed in 64 bits (size_t is 32 bits here); more than 2 GB (the wasm memory's limit) is refused before
  // malloc, whose sbrk takes a signed size.
  const std::uint64_t bytes = std::uint64_t{polygonCount} * sizeof(PreparedPolygon);
  void* storage = bytes < 0x80000000u ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (storage == nullptr && polygonCount > 0) return fail({Error::OutOfMemory, "polygons"}, arg);
  set.items = static_cast<PreparedPolygon*>(storage);
  for (; set.count < polygonCount; ++set.count) new (&set.items[set.count]) PreparedPolygon();
  for (std::uint32_t i = 0; i < polygonCount; ++i) {
    const std::uint32_t begin = offsets[i], end = offsets[i + 1];
    Status s{Error::InvalidArgument, "offsets"};
    if (begin <= end && end <= vertexCount) {
      s = PreparedPolygon::create(std::span<const Vec2>(v + begin, end - begin), set.items[i]);
    }
    if (!s) {
      set.clear();
      return fail(s, arg, static_cast<int>(i));
    }
  }
  return 0;
}

/// Pairs (i, j) of a prepared set. collideMode != 0: kContactStride doubles per pair, else one byte per pair.
int c2_batch_prepared_polygon_polygon(const PreparedSet& set, std::uint32_t pairsOff, std::uint32_t n,
                                      std::uint32_t outOff, int collideMode) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, set.size(), set.size(), 1);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
    for (std::uint32_t i = 0; i < n; ++i) {
      writeContact(out + kContactStride * i, collide(set[pairs[2 * i]], set[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
    for (std::uint32_t i = 0; i < n; ++i) out[i] = overlaps(set[pairs[2 * i]], set[pairs[2 * i + 1]]);
  }
  return 0;
}

/// distance(polygons[i], polygons[j]) for each pair, of a prepared set (set != nullptr) or of the last
/// c2_batch_polygons: out gets kDistanceStride doubles per pair (distance, pointA, pointB, normal).
constexpr std::uint32_t kDistanceStride = 7;
template <class Get>
int batchDistance(std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff, std::size_t count, Get get) {
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, count, count, 1);
  if (pairs == nullptr) return -1;
  double* out = at<double>(outOff, kDistanceStride * n);
  if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 2);
  for (std::uint32_t i = 0; i < n; ++i) {
    const DistanceResult d = distance(get(pairs[2 * i]), get(pairs[2 * i + 1]));
    double* o = out + kDistanceStride * i;
    o[0] = d.distance;
    writeVec(o + 1, d.pointA);
    writeVec(o + 3, d.pointB);
    writeVec(o + 5, d.normal);
  }
  return 0;
}
int c2_batch_distance_polygon_polygon(std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff) {
  return batchDistance(pairsOff, n, outOff, g_polygonCount, [](std::uint32_t i) -> const Polygon& { return g_polygons[i]; });
}
int c2_batch_prepared_distance(const PreparedSet& set, std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff) {
  return batchDistance(pairsOff, n, outOff, set.size(), [&set](std::uint32_t i) -> const Polygon& { return set[i].polygon(); });
}

/// Circles (3 doubles each) vs the polygons of a prepared set, pairs (circle, polygon); out as above.
int c2_batch_prepared_circle_polygon(const PreparedSet& set, std::uint32_t circlesOff, std::uint32_t circleCount,
                                     std::uint32_t pairsOff, std::uint32_t n, std::uint32_t outOff, int collideMode) {
  const double* circles = at<const double>(circlesOff, 3 * circleCount);
  if (circles == nullptr) return fail({Error::InvalidArgument, "buffer"}, 0);
  for (std::uint32_t i = 0; i < circleCount; ++i) {
    const Status s = validate(circleAt(circles + 3 * i));
    if (!s) return fail(s, 0, static_cast<int>(i));
  }
  const std::uint32_t* pairs = checkedPairs(pairsOff, n, circleCount, set.size(), 2);
  if (pairs == nullptr) return -1;
  if (collideMode != 0) {
    double* out = at<double>(outOff, kContactStride * n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      writeContact(out + kContactStride * i, collide(circleAt(circles + 3 * pairs[2 * i]), set[pairs[2 * i + 1]]));
    }
  } else {
    std::uint8_t* out = at<std::uint8_t>(outOff, n);
    if (out == nullptr) return fail({Error::InvalidArgument, "buffer"}, 3);
    for (std::uint32_t i = 0; i < n; ++i) {
      out[i] = overlaps(circleAt(circles + 3 * pairs[2 * i]), set[pairs[2 * i + 1]]);
    }
  }
  return 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_batch) {
  using namespace emscripten;
  function("batchOverlapsCircleCircle", &c2_batch_overlaps_circle_circle);
  function("batchCollideCircleCircle", &c2_batch_collide_circle_circle);
  function("batchPolygons", &c2_batch_polygons);
  function("batchOverlapsPolygonPolygon", &c2_batch_overlaps_polygon_polygon);
  function("batchCollidePolygonPolygon", &c2_batch_collide_polygon_polygon);
  function("batchCirclePolygon", &c2_batch_circle_polygon);
  function("batchDistancePolygonPolygon", &c2_batch_distance_polygon_polygon);
  // A prepared set is passed as its address (raw.h: viaAddress), first argument of each function.
  function("preparedNew", &make<PreparedSet>);
  function("preparedDelete", viaAddress<destroy<PreparedSet>>);
  function("preparedCreate", viaAddress<c2_prepared_create>);
  function("preparedPolygonPolygon", viaAddress<c2_batch_prepared_polygon_polygon>);
  function("preparedCirclePolygon", viaAddress<c2_batch_prepared_circle_polygon>);
  function("preparedDistance", viaAddress<c2_batch_prepared_distance>);
}
