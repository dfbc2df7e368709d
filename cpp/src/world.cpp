// World: body storage, handles, the grid broad phase, pair persistence and events, queries and ray casts.
// The narrow phase calls the core functions of collide2d.h on the world shapes, in the same order and with the same
// swapped-pair rule as collide(const Shape&, const Shape&), so results are bit-identical to the core.
#include <collide2d/world.h>

#include <algorithm>
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

// Widens a box by a few ulps of its magnitude so that rounding in the narrow phase never finds a touch outside it.
Aabb inflate(Aabb b) {
  const double scale = std::max(std::max(std::fabs(b.min.x), std::fabs(b.min.y)),
                                std::max(std::fabs(b.max.x), std::fabs(b.max.y)));
  const double m = scale * 1e-12 + 1e-300;
  return {{b.min.x - m, b.min.y - m}, {b.max.x + m, b.max.y + m}};
}

// The largest float <= v (floatDown) and the smallest float >= v (floatUp): both monotonic, so float intervals
// contain the double ones. Values beyond the float range become the largest float or an infinity (no undefined
// conversion). Inline bit steps instead of std::nextafter, a library call on this hot path.
float floatDown(double v) {
  if (v >= static_cast<double>(FLT_MAX)) return FLT_MAX;
  if (!(v > -static_cast<double>(FLT_MAX))) return -std::numeric_limits<float>::infinity();
  float f = static_cast<float>(v);
  if (f == 0.0f) f = -0.0f;  // so that one step down from zero is -denorm_min
  // Branch-free (the comparison is a coin toss): one step towards -infinity when rounding went up.
  std::uint32_t bits;  // (std::memcpy: Emscripten 3.1.6's libc++ has no std::bit_cast)
  std::memcpy(&bits, &f, sizeof bits);
  const std::uint32_t up = static_cast<double>(f) > v ? 1u : 0u;
  const std::uint32_t dir = 2u * (bits >> 31) - 1u;  // +1 for negative floats, -1 (mod 2^32) for positive
  bits += up * dir;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
float floatUp(double v) { return -floatDown(-v); }

// 4-lane vectors (GCC / Clang vector extensions: SSE2 natively, SIMD128 in WebAssembly, plain code elsewhere).
// Comparisons give 0 / -1 per lane.
using F4 = float __attribute__((vector_size(16)));
using I4 = std::int32_t __attribute__((vector_size(16)));
template <class V, class T> V load4(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
I4 max4(I4 a, I4 b) {
  const I4 greater = a > b;
  return (a & greater) | (b & ~greater);
}

// Vectors grow geometrically: a push or resize past the capacity doubles it, up to 100% slack for good. These keep
// the slack near 1/8: reserveFor before a resize, trimSlack after a step's pushes (which re-allocates only when the
// capacity is far above the size, i.e. once after a spike, never frame after frame in steady state).
template <class V> void reserveFor(V& v, std::size_t n) {
  if (n > v.capacity()) v.reserve(n + n / 8 + 64);
}
// v = n zeros, through resize (whose code the grid already has) rather than assign(n, 0), one more large function.
template <class V> void fillZero(V& v, std::size_t n) {
  v.resize(n);
  std::fill(v.begin(), v.end(), typename V::value_type{});
}

// Out of line: the vector growth code is large, and the grid resizes seven arrays.
template <class V> __attribute__((noinline)) void resizeWithSlack(V& v, std::size_t n) {
  reserveFor(v, n);
  v.resize(n);
}
template <class V> void trimSlack(V& v) {
  const std::size_t n = v.size();
  if (v.capacity() <= n + n / 2 + 64) return;
  V t;
  t.reserve(n + n / 8 + 64);
  t.assign(v.begin(), v.end());
  v.swap(t);
}

// Bodies' bounds are kept rounded outwards to floats: half the bytes, and the grid's entries copy them exactly, so
// every cell computation agrees whether it reads the entry or the body.
detail::FloatBox outwardBox(const Aabb& b) {
  return {floatDown(b.min.x), floatDown(b.min.y), floatUp(b.max.x), floatUp(b.max.y)};
}
Aabb aabbOf(const detail::FloatBox& b) { return {{b.minX, b.minY}, {b.maxX, b.maxY}}; }

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// Body storage
// ---------------------------------------------------------------------------------------------------------------

struct World::Body {
  // What the narrow phase reads, first and together.
  Shape shape;            ///< the world shape; a polygon is updated in place (Polygon::transformedInto)
  Filter filter;
  BodyHandle handle = kNullBody;
  // The rest.
  std::uint32_t polygon = 0;  ///< index in polygons_ (Polygon bodies: the local polygon)
  ShapeType type = ShapeType::Circle;
  Transform xf;
  double cosAngle = 1.0, sinAngle = 0.0;  ///< of xf.angle
  double userId = 0.0;
  double local[5] = {};   ///< circle: cx cy r; aabb: minx miny maxx maxy; box: cx cy hx hy angle; segment: ax ay bx by
};

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

Status World::addBody(ShapeType type, const double* params, Polygon* polygon, const Transform& xf, double userId,
                      const Filter& filter, BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(xf); !s) return s;
  std::uint32_t index;
  if (!freeSlots_.empty()) {
    index = freeSlots_.back();
  } else {
    if (slots_.size() >= kMaxBodies) return Status{Error::InvalidArgument, "capacity"};
    index = static_cast<std::uint32_t>(slots_.size());
  }
  // Everything that can fail has been checked: commit.
  if (!freeSlots_.empty()) {
    freeSlots_.pop_back();
  } else {
    slots_.emplace_back();
  }
  Body b;
  b.type = type;
  b.xf = xf;
  b.userId = userId;
  b.filter = filter;
  if (type == ShapeType::Polygon) {
    std::uint32_t pi;
    if (!freePolygons_.empty()) {
      pi = freePolygons_.back();
      freePolygons_.pop_back();
    } else {
      pi = static_cast<std::uint32_t>(polygons_.size());
      polygons_.emplace_back();
    }
    polygons_[pi].local = std::move(*polygon);
    b.polygon = pi;
  } else {
    std::copy(params, params + 5, b.local);
  }
  Slot& slot = slots_[index];
  slot.live = true;
  slot.dense = static_cast<std::uint32_t>(bodies_.size());
  b.handle = makeHandle(index, slot.generation);
  bodies_.push_back(std::move(b));
  bounds_.emplace_back();
  updateWorld(bodies_.back(), true);
  handles_.push_back(bodies_.back().handle);
  gridDirty_ = true;
  out = bodies_.back().handle;
  return {};
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

Status World::addPolygon(std::span<const Vec2> points, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  Polygon p;
  if (Status s = Polygon::create(points, p); !s) return s;
  return addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
}

Status World::addPolygon(std::span<const double> xy, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (xy.size() % 2 != 0) return Status{Error::InvalidArgument, "points"};
  std::vector<Vec2> pts(xy.size() / 2);
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = {xy[2 * i], xy[2 * i + 1]};
  return addPolygon(std::span<const Vec2>(pts), xf, userId, filter, out);
}

Status World::addPolygon(const Polygon& local, const Transform& xf, double userId, const Filter& filter,
                         BodyHandle& out) {
  out = kNullBody;
  if (Status s = validate(local); !s) return s;
  Polygon p = local;
  return addBody(ShapeType::Polygon, nullptr, &p, xf, userId, filter, out);
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
      },
      local);
}

Status World::remove(BodyHandle h) {
  if (find(h) == nullptr) return invalidHandle();
  const std::uint32_t index = indexOf(h);
  Slot& slot = slots_[index];
  const std::uint32_t d = slot.dense;
  if (bodies_[d].type == ShapeType::Polygon) freePolygons_.push_back(bodies_[d].polygon);
  const std::uint32_t last = static_cast<std::uint32_t>(bodies_.size() - 1);
  if (d != last) {
    bodies_[d] = std::move(bodies_[last]);
    bounds_[d] = bounds_[last];
    handles_[d] = handles_[last];
    slots_[indexOf(handles_[d])].dense = d;
  }
  bodies_.pop_back();
  bounds_.pop_back();
  handles_.pop_back();
  slot.live = false;
  if (slot.generation < kMaxGeneration) {
    ++slot.generation;
    freeSlots_.push_back(index);
  }  // else: retired, so that no stale handle can ever match again
  gridDirty_ = true;
  return {};
}

void World::reserve(std::size_t bodies) {
  const std::size_t n = std::min<std::size_t>(bodies, kMaxBodies);
  bodies_.reserve(n);
  bounds_.reserve(n);
  handles_.reserve(n);
  slots_.reserve(n);
  queryMarks_.reserve(n);
  isLarge_.reserve(n);
}

void World::clear() {
  while (!handles_.empty()) (void)remove(handles_.back());
}

void World::updateWorld(Body& b, bool angleChanged) {
  if (angleChanged) {
    b.cosAngle = std::cos(b.xf.angle);
    b.sinAngle = std::sin(b.xf.angle);
  }
  const double c = b.cosAngle;
  const double s = b.sinAngle;
  const Vec2 pos = b.xf.position;
  const double* l = b.local;
  Aabb box;
  switch (b.type) {
    case ShapeType::Circle: {
      const Circle world{pos + rotate(Vec2{l[0], l[1]}, c, s), l[2]};
      b.shape = world;
      box = bounds(world);
      break;
    }
    case ShapeType::Aabb: {
      const Aabb local{{l[0], l[1]}, {l[2], l[3]}};
      if (b.xf.angle == 0.0) {
        const Aabb world{local.min + pos, local.max + pos};
        b.shape = world;
        box = world;
      } else {
        const Box world{pos + rotate(local.center(), c, s), local.halfExtents(), b.xf.angle};
        b.shape = world;
        const double ac = std::fabs(c), as = std::fabs(s);
        const Vec2 e{ac * world.halfExtents.x + as * world.halfExtents.y,
                     as * world.halfExtents.x + ac * world.halfExtents.y};
        box = {world.center - e, world.center + e};
      }
      break;
    }
    case ShapeType::Box: {
      const Box world{pos + rotate(Vec2{l[0], l[1]}, c, s), {l[2], l[3]}, l[4] + b.xf.angle};
      b.shape = world;
      if (l[4] == 0.0) {  // the box's own angle is 0: its world rotation is the transform's (cos, sin known)
        const double ac = std::fabs(c), as = std::fabs(s);
        const Vec2 e{ac * l[2] + as * l[3], as * l[2] + ac * l[3]};
        box = {world.center - e, world.center + e};
      } else {
        box = bounds(world);
      }
      break;
    }
    case ShapeType::Polygon: {
      if (!std::holds_alternative<Polygon>(b.shape)) b.shape = Polygon{};
      Polygon& world = std::get<Polygon>(b.shape);
      polygons_[b.polygon].local.transformedInto(pos, c, s, world);  // no allocation after the first time
      box = bounds(world);
      break;
    }
    case ShapeType::Segment: {
      const Segment world{pos + rotate(Vec2{l[0], l[1]}, c, s), pos + rotate(Vec2{l[2], l[3]}, c, s)};
      b.shape = world;
      box = bounds(world);
      break;
    }
  }
  bounds_[static_cast<std::size_t>(&b - bodies_.data())] = outwardBox(inflate(box));
}

Status World::setTransform(BodyHandle h, const Transform& xf) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  if (Status s = validate(xf); !s) return s;
  const bool angleChanged = !(xf.angle == b->xf.angle);
  b->xf = xf;
  updateWorld(*b, angleChanged);
  gridDirty_ = true;
  return {};
}

Status World::setTransforms(std::span<const double> xya) {
  if (xya.size() != 3 * bodies_.size()) return Status{Error::InvalidArgument, "transforms"};
  for (const double v : xya) {
    if (!std::isfinite(v)) return Status{Error::NotFinite, "transforms"};
  }
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& b = bodies_[i];
    const bool angleChanged = !(xya[3 * i + 2] == b.xf.angle);
    b.xf = {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]};
    updateWorld(b, angleChanged);
  }
  gridDirty_ = true;
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
    Body& b = *find(handles[i]);
    const bool angleChanged = !(xya[3 * i + 2] == b.xf.angle);
    b.xf = {{xya[3 * i], xya[3 * i + 1]}, xya[3 * i + 2]};
    updateWorld(b, angleChanged);
  }
  gridDirty_ = true;
  return {};
}

Status World::setFilter(BodyHandle h, const Filter& filter) {
  Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  b->filter = filter;
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
  out = b->filter;
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
  out = aabbOf(bounds_[static_cast<std::size_t>(b - bodies_.data())]);
  return {};
}

Status World::getLocalShape(BodyHandle h, Shape& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  const double* l = b->local;
  switch (b->type) {
    case ShapeType::Circle: out = Circle{{l[0], l[1]}, l[2]}; break;
    case ShapeType::Aabb: out = Aabb{{l[0], l[1]}, {l[2], l[3]}}; break;
    case ShapeType::Box: out = Box{{l[0], l[1]}, {l[2], l[3]}, l[4]}; break;
    case ShapeType::Polygon: out = polygons_[b->polygon].local; break;
    case ShapeType::Segment: out = Segment{{l[0], l[1]}, {l[2], l[3]}}; break;
  }
  return {};
}

Status World::getWorldShape(BodyHandle h, Shape& out) const {
  const Body* b = find(h);
  if (b == nullptr) return invalidHandle();
  out = b->shape;
  return {};
}

// ---------------------------------------------------------------------------------------------------------------
// Broad phase: spatial hash grid
// ---------------------------------------------------------------------------------------------------------------

void World::setCellSize(double size) {
  if (!(size >= 0.0) || !std::isfinite(size)) return;
  cellSizeSetting_ = size;
  gridDirty_ = true;
}

std::int32_t World::cellOf(double v) const {
  // Clamped before the conversion: no UB for huge coordinates (inputs are finite, so never NaN).
  const double c = std::floor(v * invCellSize_);
  return static_cast<std::int32_t>(std::min(std::max(c, -1073741824.0), 1073741824.0));
}

bool World::bucketOf(std::int32_t cx, std::int32_t cy, std::uint32_t& bucket) const {
  if (dense_) {
    const std::int64_t x = std::int64_t{cx} - gridX0_, y = std::int64_t{cy} - gridY0_;
    if (x < 0 || y < 0 || x >= gridW_ || y >= gridH_) return false;
    bucket = static_cast<std::uint32_t>(y * gridW_ + x);
    return true;
  }
  std::uint32_t h = static_cast<std::uint32_t>(cx) * 0x9E3779B1u ^ static_cast<std::uint32_t>(cy) * 0x85EBCA77u;
  h ^= h >> 15;
  bucket = h & bucketMask_;
  return true;
}

void World::ensureGrid() {
  if (gridDirty_) rebuildGrid();
}

void World::rebuildGrid() {
  gridDirty_ = false;
  const std::size_t n = bodies_.size();
  entries_.size = 0;
  large_.clear();
  fillZero(isLarge_, n);
  if (queryMarks_.size() < n) queryMarks_.resize(n, 0);
  if (n == 0) {
    dense_ = false;
    bucketMask_ = 0;
    fillZero(bucketStart_, 2);
    worldBounds_ = {};
    return;
  }
  // Cell size and world bounds.
  double sum = 0.0;
  Aabb wb = aabbOf(bounds_[0]);
  for (const detail::FloatBox& fb : bounds_) {
    const Aabb a = aabbOf(fb);
    const double e = std::max(a.max.x - a.min.x, a.max.y - a.min.y);
    if (std::isfinite(e)) sum += e;
    wb.min = {std::min(wb.min.x, a.min.x), std::min(wb.min.y, a.min.y)};
    wb.max = {std::max(wb.max.x, a.max.x), std::max(wb.max.y, a.max.y)};
  }
  worldBounds_ = wb;
  double cell = cellSizeSetting_ > 0.0 ? cellSizeSetting_ : 2.0 * sum / static_cast<double>(n);
  if (!(cell > 0.0) || !std::isfinite(cell)) {
    const double span = std::max(wb.max.x - wb.min.x, wb.max.y - wb.min.y);
    cell = std::isfinite(span) && span > 0.0 ? span / std::sqrt(static_cast<double>(n)) : 1.0;
  }
  double inv = 1.0 / cell;
  if (!std::isfinite(inv) || !(inv > 0.0)) {
    cell = 1.0;
    inv = 1.0;
  }
  cellSize_ = cell;
  invCellSize_ = inv;

  // A dense grid over the world's bounds when it is small enough (cells in row-major order: no hash collisions,
  // neighbouring cells close in memory), else a spatial hash with at least 2 buckets per body.
  const std::int64_t gx0 = cellOf(wb.min.x), gy0 = cellOf(wb.min.y);
  const std::int64_t gw = std::int64_t{cellOf(wb.max.x)} - gx0 + 1, gh = std::int64_t{cellOf(wb.max.y)} - gy0 + 1;
  std::size_t tableSize;
  if (gw * gh <= std::max<std::int64_t>(256, 4 * static_cast<std::int64_t>(n))) {
    dense_ = true;
    gridX0_ = static_cast<std::int32_t>(gx0);
    gridY0_ = static_cast<std::int32_t>(gy0);
    gridW_ = static_cast<std::uint32_t>(gw);
    gridH_ = static_cast<std::uint32_t>(gh);
    tableSize = static_cast<std::size_t>(gw * gh);
  } else {
    dense_ = false;
    tableSize = 64;
    while (tableSize < 2 * n) tableSize *= 2;
    bucketMask_ = static_cast<std::uint32_t>(tableSize - 1);
  }
  fillZero(bucketStart_, tableSize + 1);

  // Count entries per bucket.
  std::uint32_t bk = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    const Aabb a = aabbOf(bounds_[k]);
    const std::int32_t x0 = cellOf(a.min.x), x1 = cellOf(a.max.x), y0 = cellOf(a.min.y), y1 = cellOf(a.max.y);
    const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
    if (cells > kMaxCellsPerBody) {
      isLarge_[k] = 1;
      large_.push_back(k);
      continue;
    }
    for (std::int32_t y = y0; y <= y1; ++y) {
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (bucketOf(x, y, bk)) ++bucketStart_[bk];
      }
    }
  }
  std::uint32_t acc = 0;
  for (std::size_t i = 0; i < tableSize; ++i) {
    acc += bucketStart_[i];
    bucketStart_[i] = acc;  // end of bucket i for now
  }
  bucketStart_[tableSize] = acc;
  entries_.size = acc;
  auto sized = [acc](auto& v) { resizeWithSlack(v, acc + 4); };
  sized(entries_.minX);
  sized(entries_.minY);
  sized(entries_.maxX);
  sized(entries_.maxY);
  sized(entries_.x0);
  sized(entries_.y0);
  sized(entries_.body);
  if (dense_) {
    entryCells_.clear();
    trimSlack(entryCells_);
  } else {
    reserveFor(entryCells_, acc);
    entryCells_.resize(acc);
  }
  // Filled backwards, so that each bucket lists its bodies in increasing dense index.
  for (std::uint32_t k = static_cast<std::uint32_t>(n); k-- > 0;) {
    if (isLarge_[k]) continue;
    const Aabb a = aabbOf(bounds_[k]);
    // Exact conversions: the bounds hold float values (floatOutward).
    const float fx0 = static_cast<float>(a.min.x), fy0 = static_cast<float>(a.min.y);
    const float fx1 = static_cast<float>(a.max.x), fy1 = static_cast<float>(a.max.y);
    const std::int32_t x0 = cellOf(a.min.x), x1 = cellOf(a.max.x), y0 = cellOf(a.min.y), y1 = cellOf(a.max.y);
    for (std::int32_t y = y0; y <= y1; ++y) {
      for (std::int32_t x = x0; x <= x1; ++x) {
        if (!bucketOf(x, y, bk)) continue;
        const std::uint32_t at = --bucketStart_[bk];
        entries_.minX[at] = fx0;
        entries_.minY[at] = fy0;
        entries_.maxX[at] = fx1;
        entries_.maxY[at] = fy1;
        entries_.x0[at] = x0;
        entries_.y0[at] = y0;
        entries_.body[at] = k;
        if (!dense_) entryCells_[at] = {x, y};
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pairs
// ---------------------------------------------------------------------------------------------------------------

void World::testPair(std::uint32_t i, std::uint32_t j) {
  const Body* a = &bodies_[i];
  const Body* b = &bodies_[j];
  if (!shouldCollide(a->filter, b->filter)) return;
  if (indexOf(a->handle) > indexOf(b->handle)) std::swap(a, b);
  const Contact c = collide(a->shape, b->shape);
  if (!c.hit) return;
  pairBodies_.push_back(a->handle);
  pairBodies_.push_back(b->handle);
  const std::size_t at = pairContacts_.size();
  pairContacts_.resize(at + kPairContactStride);  // (not insert(initializer_list): a memmove call in libc++)
  double* out = pairContacts_.data() + at;
  out[0] = c.normal.x;
  out[1] = c.normal.y;
  out[2] = c.depth;
  out[3] = c.point.x;
  out[4] = c.point.y;
}

// Native builds collect the candidate pairs first and run the narrow phase over them with software prefetch
// (measured: -6% frame time at 10k bodies). WebAssembly has no prefetch, so there the grid loop tests each pair
// directly and the candidate buffer stays empty. Same pairs in the same order either way.
#if defined(__EMSCRIPTEN__)
#define COLLIDE2D_WORLD_PREFETCH 0
#else
#define COLLIDE2D_WORLD_PREFETCH 1
#endif

// The narrow phase over the candidates, in grid order. Bodies are scattered in memory relative to that order, so
// each body (and a polygon's vertices) is prefetched a few candidates ahead.
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
  for (std::size_t k = 0; k < n; k += 2) {
    if (k + kAhead < n) {
      __builtin_prefetch(&bodies_[cand[k + kAhead]]);
      __builtin_prefetch(&bodies_[cand[k + kAhead + 1]]);
    }
    if (k + kNear < n) {
      prefetchShape(bodies_[cand[k + kNear]]);
      prefetchShape(bodies_[cand[k + kNear + 1]]);
    }
    testPair(cand[k], cand[k + 1]);
  }
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
}  // namespace

// This frame's pairs as keys sorted by keyLess: a counting sort on slot A (O(pairs + slots)), then each run of
// equal slot A (a body's few partners) sorted by insertion.
void World::sortPairKeys() {
  const std::size_t pairs = pairBodies_.size() / 2;
  reserveFor(pairKeys_, pairs);
  pairKeys_.resize(pairs);
  fillZero(slotCounts_, slots_.size() + 1);
  for (std::size_t p = 0; p < pairs; ++p) ++slotCounts_[indexOf(pairBodies_[2 * p]) + 1];
  for (std::size_t i = 1; i < slotCounts_.size(); ++i) slotCounts_[i] += slotCounts_[i - 1];
  for (std::size_t p = 0; p < pairs; ++p) {
    const BodyHandle a = pairBodies_[2 * p];
    pairKeys_[slotCounts_[indexOf(a)]++] = keyOf(a, pairBodies_[2 * p + 1]);
  }
  std::size_t runStart = 0;
  for (std::size_t p = 1; p <= pairs; ++p) {
    if (p < pairs && indexOf(keyA(pairKeys_[p])) == indexOf(keyA(pairKeys_[runStart]))) continue;
    if (p - runStart > 16) {
      std::qsort(pairKeys_.data() + runStart, p - runStart, sizeof(std::uint64_t), [](const void* x, const void* y) {
        const std::uint64_t a = *static_cast<const std::uint64_t*>(x), b = *static_cast<const std::uint64_t*>(y);
        return keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0;
      });
    } else {
      for (std::size_t i = runStart + 1; i < p; ++i) {
        const std::uint64_t k = pairKeys_[i];
        std::size_t j = i;
        for (; j > runStart && keyLess(k, pairKeys_[j - 1]); --j) pairKeys_[j] = pairKeys_[j - 1];
        pairKeys_[j] = k;
      }
    }
    runStart = p;
  }
}

// Begin / end events: a merge of this frame's and the previous frame's sorted keys.
void World::diffPairs() {
  std::size_t i = 0, j = 0;
  const std::size_t n = pairKeys_.size(), m = prevPairKeys_.size();
  auto emit = [](std::vector<std::uint32_t>& out, std::uint64_t k) {
    out.push_back(keyA(k));
    out.push_back(keyB(k));
  };
  while (i < n && j < m) {
    const std::uint64_t cur = pairKeys_[i], prev = prevPairKeys_[j];
    if (cur == prev) {
      ++i;
      ++j;
    } else if (keyLess(cur, prev)) {
      emit(begin_, cur);
      ++i;
    } else {
      emit(end_, prev);
      ++j;
    }
  }
  for (; i < n; ++i) emit(begin_, pairKeys_[i]);
  for (; j < m; ++j) emit(end_, prevPairKeys_[j]);
}

Status World::step() {
  ensureGrid();
  pairKeys_.swap(prevPairKeys_);
  pairBodies_.clear();
  pairContacts_.clear();
  begin_.clear();
  end_.clear();
  candidates_.clear();

  const std::size_t buckets = bucketStart_.size() - 1;
  const Entries& en = entries_;
  const float *minX = en.minX.data(), *minY = en.minY.data(), *maxX = en.maxX.data(), *maxY = en.maxY.data();
  const std::int32_t *x0 = en.x0.data(), *y0 = en.y0.data();
  const std::uint32_t* body = en.body.data();
  const Cell* cells = entryCells_.data();
  auto emit = [this](std::uint32_t i, std::uint32_t j) {
#if COLLIDE2D_WORLD_PREFETCH
    candidates_.push_back(i);
    candidates_.push_back(j);
#else
    testPair(i, j);
#endif
  };
  const I4 lane{0, 1, 2, 3};
  for (std::size_t bk = 0; bk < buckets; ++bk) {
    const std::uint32_t s = bucketStart_[bk], e = bucketStart_[bk + 1];
    if (e - s < 2) continue;
    if (!dense_) {
      // Hashed grid: a bucket mixes cells. Scalar loop, same tests as below.
      for (std::uint32_t p = s; p + 1 < e; ++p) {
        const Cell cell = cells[p];
        for (std::uint32_t q = p + 1; q < e; ++q) {
          if (!(cells[q] == cell)) continue;
          const bool overlap = minX[p] <= maxX[q] && minX[q] <= maxX[p] && minY[p] <= maxY[q] && minY[q] <= maxY[p];
          if (overlap && std::max(x0[p], x0[q]) == cell.x && std::max(y0[p], y0[q]) == cell.y) emit(body[p], body[q]);
        }
      }
      continue;
    }
    // Dense grid: the bucket is one cell. Entry p against entries q = p+1 .. e-1, four at a time. A pair is kept when
    // the bounds overlap and this cell holds the lower-left corner of their intersection (so that it is tested
    // once): cellOf is monotonic, so that corner's cell is the larger of the two first cells.
    const std::int32_t cx = gridX0_ + static_cast<std::int32_t>(bk % gridW_);
    const std::int32_t cy = gridY0_ + static_cast<std::int32_t>(bk / gridW_);
    const I4 cx4 = I4{} + cx, cy4 = I4{} + cy;
    const I4 end4 = I4{} + static_cast<std::int32_t>(e);
    for (std::uint32_t p = s; p + 1 < e; ++p) {
      const F4 pMinX = F4{} + minX[p], pMinY = F4{} + minY[p], pMaxX = F4{} + maxX[p], pMaxY = F4{} + maxY[p];
      const I4 px0 = I4{} + x0[p], py0 = I4{} + y0[p];
      for (std::uint32_t q = p + 1; q < e; q += 4) {
        const I4 overlap = (pMinX <= load4<F4>(maxX + q)) & (load4<F4>(minX + q) <= pMaxX) &
                           (pMinY <= load4<F4>(maxY + q)) & (load4<F4>(minY + q) <= pMaxY);
        const I4 home = (max4(px0, load4<I4>(x0 + q)) == cx4) & (max4(py0, load4<I4>(y0 + q)) == cy4);
        const I4 keep = overlap & home & ((lane + static_cast<std::int32_t>(q)) < end4);
        if ((keep[0] | keep[1] | keep[2] | keep[3]) == 0) continue;
        for (int l = 0; l < 4; ++l) {
          if (keep[l] != 0) emit(body[p], body[q + static_cast<std::uint32_t>(l)]);
        }
      }
    }
  }
  const std::size_t n = bodies_.size();
  for (std::size_t li = 0; li < large_.size(); ++li) {
    const std::uint32_t l = large_[li];
    const Aabb bl = aabbOf(bounds_[l]);
    for (std::uint32_t k = 0; k < n; ++k) {
      if (isLarge_[k] && k <= l) continue;  // large vs large once
      if (k == l || !boundsOverlap(bl, aabbOf(bounds_[k]))) continue;
#if COLLIDE2D_WORLD_PREFETCH
      candidates_.push_back(l);
      candidates_.push_back(k);
#else
      testPair(l, k);
#endif
    }
  }
  testCandidates();
  sortPairKeys();
  diffPairs();
  trimSlack(candidates_);
  trimSlack(pairBodies_);
  trimSlack(pairContacts_);
  trimSlack(begin_);
  trimSlack(end_);
  return {};
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

bool World::bodyInMask(const Body& b, std::uint32_t mask) const { return (b.filter.category & mask) != 0; }

// Visits the dense index of every (non-large) body with an entry in a cell overlapping `box` (possibly several
// times). Returns false, visiting nothing, when the box covers too many cells: the caller then scans all bodies.
template <class Visit> bool World::visitCells(const Aabb& box, Visit&& visit) {
  const std::int32_t x0 = cellOf(box.min.x), x1 = cellOf(box.max.x), y0 = cellOf(box.min.y), y1 = cellOf(box.max.y);
  const std::int64_t cells = (std::int64_t{x1} - x0 + 1) * (std::int64_t{y1} - y0 + 1);
  if (cells > static_cast<std::int64_t>(entries_.size) + 64) return false;
  for (std::int32_t y = y0; y <= y1; ++y) {
    for (std::int32_t x = x0; x <= x1; ++x) {
      std::uint32_t bk;
      if (!bucketOf(x, y, bk)) continue;
      for (std::uint32_t p = bucketStart_[bk], e = bucketStart_[bk + 1]; p < e; ++p) {
        if (dense_ || (entryCells_[p].x == x && entryCells_[p].y == y)) visit(entries_.body[p]);
      }
    }
  }
  return true;
}

namespace {
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

// The cold sorts use std::qsort, one shared library function: each std::sort instantiation costs kilobytes of wasm.
void sortByIndex(std::vector<BodyHandle>& r) {
  if (r.size() < 2) return;  // (qsort must not see the null data of an empty vector)
  std::qsort(r.data(), r.size(), sizeof(BodyHandle), [](const void* x, const void* y) {
    const std::uint32_t a = indexOf(*static_cast<const BodyHandle*>(x));
    const std::uint32_t b = indexOf(*static_cast<const BodyHandle*>(y));
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
}  // namespace

// The same as queryShape on the box (one code path: the module is smaller, the answers identical).
Status World::queryAabb(const Aabb& box, std::uint32_t mask) { return queryShape(Shape{box}, mask); }

Status World::queryPoint(Vec2 point, std::uint32_t mask) {
  queryResults_.clear();
  if (Status s = validate(point); !s) return s;
  collectQuery(nullptr, point, Aabb{point, point}, mask);
  return {};
}

Status World::queryShape(const Shape& shape, std::uint32_t mask) {
  queryResults_.clear();
  if (Status s = validate(shape); !s) return s;
  collectQuery(&shape, Vec2{}, inflate(bounds(shape)), mask);
  return {};
}

// The bodies overlapping `shape`, or (shape == nullptr) containing `point`, among those whose bounds meet `box`:
// one function for both queries (a smaller module; the per-body test is a branch on the query kind).
void World::collectQuery(const Shape* shape, Vec2 point, const Aabb& box, std::uint32_t mask) {
  ensureGrid();
  const std::uint32_t mark = nextQueryMark();
  auto test = [&](std::uint32_t k) {
    if (queryMarks_[k] == mark) return;
    queryMarks_[k] = mark;
    const Body& b = bodies_[k];
    if (!bodyInMask(b, mask) || !boundsOverlap(aabbOf(bounds_[k]), box)) return;
    if (shape != nullptr ? overlaps(*shape, b.shape) : contains(b.shape, point)) queryResults_.push_back(b.handle);
  };
  if (!visitCells(box, test)) {
    for (std::uint32_t k = 0; k < bodies_.size(); ++k) test(k);
  }
  for (const std::uint32_t l : large_) test(l);
  sortByIndex(queryResults_);
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

void World::collectRay(const Ray& ray, std::uint32_t mask, bool closest) {
  rayRecords_.clear();
  ensureGrid();
  if (bodies_.empty()) return;
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
    if (!slabs.mayHit(limit, aabbOf(bounds_[k]))) return;
    const Body& b = bodies_[k];
    if (!bodyInMask(b, mask)) return;
    const RayHit h = collide2d::raycast(ray, b.shape);
    if (!h.hit) return;
    const std::uint32_t index = indexOf(b.handle);
    if (closest) {
      if (h.fraction < bestF || (h.fraction == bestF && index < bestIndex)) {
        bestF = h.fraction;
        bestIndex = index;
        rayRecords_.clear();
        rayRecords_.push_back({h.fraction, index, b.handle, h.point, h.normal});
      }
    } else {
      rayRecords_.push_back({h.fraction, index, b.handle, h.point, h.normal});
    }
  };
  for (const std::uint32_t l : large_) test(l);

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
  if (!(t0 <= t1)) return;
  // March along the ray in steps of about one cell, visiting the cells of each step's bounding box.
  const double speed = std::max(std::fabs(d.x), std::fabs(d.y));
  const double dt = cellSize_ / speed;
  const double steps = (t1 - t0) / dt;
  if (!(steps <= static_cast<double>(entries_.size) + 64.0) || !(dt > 0.0)) {
    for (std::uint32_t k = 0; k < bodies_.size(); ++k) test(k);
    return;
  }
  double t = t0;
  while (true) {
    if (closest && bestF < t) break;
    const double tn = std::min(t + dt, t1);
    const Vec2 p = o + d * t, q = o + d * tn;
    const Aabb box = inflate({{std::min(p.x, q.x), std::min(p.y, q.y)}, {std::max(p.x, q.x), std::max(p.y, q.y)}});
    visitCells(box, test);
    if (closest && bestF <= tn) break;
    if (!(tn < t1)) break;
    t = tn;
  }
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
  if (Status s = validate(ray); !s) return s;
  collectRay(ray, mask, true);
  if (!rayRecords_.empty()) {
    const RayRecord& r = rayRecords_[0];
    hit.hit = true;
    hit.fraction = r.fraction;
    hit.point = r.point;
    hit.normal = r.normal;
    body = r.handle;
    appendRayHit(rayHits_, r);
  }
  return {};
}

Status World::raycastAll(const Ray& ray, std::uint32_t mask) {
  rayHits_.clear();
  if (Status s = validate(ray); !s) return s;
  collectRay(ray, mask, false);
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
  add(freeSlots_);
  add(polygons_);
  add(freePolygons_);
  add(entries_.minX);
  add(entries_.minY);
  add(entries_.maxX);
  add(entries_.maxY);
  add(entries_.x0);
  add(entries_.y0);
  add(entries_.body);
  add(entryCells_);
  add(bucketStart_);
  add(large_);
  add(isLarge_);
  add(candidates_);
  add(pairBodies_);
  add(pairKeys_);
  add(prevPairKeys_);
  add(slotCounts_);
  add(pairContacts_);
  add(begin_);
  add(end_);
  add(queryMarks_);
  add(queryResults_);
  add(rayRecords_);
  add(rayHits_);
  for (const Body& b : bodies_) {
    if (b.type != ShapeType::Polygon) continue;
    const Polygon& local = polygons_[b.polygon].local;
    const Polygon& world = std::get<Polygon>(b.shape);
    bytes += (local.vertices().size() + local.normals().size() + world.vertices().size() + world.normals().size()) *
             sizeof(Vec2);
  }
  return bytes;
}

}  // namespace collide2d
