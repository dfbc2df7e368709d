// World internals: box, point and shape queries and rays (queries.h).
#include "world/queries.h"

#include "world/memory.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>
#include <variant>

namespace collide2d::world {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

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

// The part of a body (its pieces) that `shape` overlaps (shape != nullptr) or that contains `point`, among those whose
// bounds meet `box`: its index, or -1.
std::int64_t queryPart(const Pieces& p, const Shape* shape, Vec2 point, const Aabb& box) {
  std::int64_t found = -1;
  p.visit([&](const Aabb& b) { return found < 0 && boundsOverlap(b, box); }, [&](std::uint32_t i) {
    if (found >= 0) return;
    if (shape != nullptr ? overlaps(*shape, p.shapeOf(i)) : contains(p.shapeOf(i), point)) found = i;
  });
  return found;
}

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

bool Queries::growMarks(std::size_t n, bool exactly) { return exactly ? growExactly(marks_, n) : grow(marks_, n, 4); }

std::uint32_t Queries::nextMark(std::size_t n) {
  if (marks_.size() < n) marks_.resize(n, 0);  // (capacity reserved with the bodies)
  if (++mark_ == 0) {
    std::fill(marks_.begin(), marks_.end(), 0u);
    mark_ = 1;
  }
  return mark_;
}

Status Queries::queryPoint(BodyStore& store, BroadPhase& broad, Vec2 point, std::uint32_t mask) {
  results.clear();
  parts.clear();
  if (Status s = validate(point); !s) return s;
  if (!collect(store, broad, nullptr, point, Aabb{point, point}, mask)) {
    results.clear();
    parts.clear();
    return outOfMemory();
  }
  return {};
}

Status Queries::queryShape(BodyStore& store, BroadPhase& broad, const Shape& shape, std::uint32_t mask) {
  results.clear();
  parts.clear();
  if (Status s = validate(shape); !s) return s;
  if (!collect(store, broad, &shape, Vec2{}, inflate(bounds(shape)), mask)) {
    results.clear();
    parts.clear();
    return outOfMemory();
  }
  return {};
}

// One function for both queries (a smaller module; the per-body test is a branch on the query kind). A query box
// covering a large part of the world scans the bounds array instead of the cells (contiguous, each body once).
bool Queries::collect(BodyStore& store, BroadPhase& broad, const Shape* shape, Vec2 point, const Aabb& box,
                      std::uint32_t mask) {
  if (!broad.update(store.proxies)) return false;
  bool ok = true;
  const Aabb* queryBox = shape != nullptr ? std::get_if<Aabb>(shape) : nullptr;
  auto test = [&](std::uint32_t k) {
    const Aabb& bk = store.proxies[k].box;
    if (!boundsOverlap(bk, box)) return;
    const Body& b = store.bodies[k];
    if ((store.proxies[k].filter.category & mask) == 0) return;
    // An Aabb query containing the body's bounds overlaps its shape (which lies within them): no narrow phase.
    const bool inside = queryBox != nullptr && queryBox->min.x <= bk.min.x && queryBox->min.y <= bk.min.y &&
                        bk.max.x <= queryBox->max.x && bk.max.y <= queryBox->max.y;
    if (b.type == ShapeType::Compound) {
      // Its first part (in part order) that the query meets; inside the query box, every part is (part 0).
      const std::int64_t part = inside ? 0 : queryPart(store.piecesAt(k), shape, point, box);
      if (part < 0) return;
      if (compoundHits_.size() == compoundHits_.capacity() && !grow(compoundHits_, 2 * compoundHits_.size() + 16)) {
        ok = false;
        return;
      }
      compoundHits_.push_back(std::uint64_t{indexOf(b.handle)} << 32 | static_cast<std::uint32_t>(part));
    } else if (!inside && !(shape != nullptr ? overlaps(*shape, b.shape) : contains(b.shape, point))) {
      return;
    }
    if (results.size() == results.capacity() && !grow(results, 2 * results.size() + 16)) {
      ok = false;
      return;
    }
    results.push_back(b.handle);
  };
  compoundHits_.clear();
  const std::uint32_t mark = nextMark(store.size());
  auto once = [&](std::uint32_t k) {
    if (marks_[k] == mark) return;
    marks_[k] = mark;
    test(k);
  };
  const Aabb& wb = broad.worldBounds;
  const double boxArea = (box.max.x - box.min.x) * (box.max.y - box.min.y);
  const double worldArea = (wb.max.x - wb.min.x) * (wb.max.y - wb.min.y);
  if (!(boxArea * 16.0 < worldArea) || !broad.visitCells(box, thunk<decltype(once)>, &once)) {
    for (std::uint32_t k = 0; k < store.size() && ok; ++k) test(k);
  } else {
    for (const std::uint32_t l : broad.grid.large) once(l);
    for (const std::uint32_t l : broad.movers.large) once(l);
    for (const std::uint32_t l : broad.statics.large) once(l);
  }
  if (!ok) return false;
  if (results.size() > 32 && !(grow(sort_, results.size()) && grow(counts_, 1025))) return false;
  if (!grow(parts, results.size())) return false;
  sortByIndex(results, sort_, counts_);
  // The parts, in result order: zeros, then the compound bodies' found parts merged in by slot index.
  fillZero(parts, results.size());
  if (!compoundHits_.empty()) {
    std::qsort(compoundHits_.data(), compoundHits_.size(), sizeof(std::uint64_t), [](const void* x, const void* y) {
      const std::uint64_t a = *static_cast<const std::uint64_t*>(x), b = *static_cast<const std::uint64_t*>(y);
      return a < b ? -1 : a > b ? 1 : 0;
    });
    std::size_t c = 0;
    for (std::size_t r = 0; r < results.size() && c < compoundHits_.size(); ++r) {
      if (indexOf(results[r]) == (compoundHits_[c] >> 32)) parts[r] = static_cast<std::uint32_t>(compoundHits_[c++]);
    }
  }
  return true;
}

bool Queries::collectRay(BodyStore& store, BroadPhase& broad, const Ray& ray, std::uint32_t mask, bool closest) {
  rayRecords_.clear();
  if (!broad.update(store.proxies) || !grow(rayRecords_, 1)) return false;
  if (store.size() == 0) return true;
  bool ok = true;
  const std::uint32_t mark = nextMark(store.size());
  const Vec2 o = ray.origin, d = ray.direction;
  double bestF = kInf;
  std::uint32_t bestIndex = 0xFFFFFFFFu;
  const RaySlabs slabs(ray);
  auto test = [&](std::uint32_t k) {
    if (marks_[k] == mark) return;
    marks_[k] = mark;
    // The bounds (a small array) before the body (a cache miss).
    const double limit = closest ? std::min(ray.maxFraction, bestF) : ray.maxFraction;
    if (!slabs.mayHit(limit, store.proxies[k].box)) return;
    const Body& b = store.bodies[k];
    if ((store.proxies[k].filter.category & mask) == 0) return;
    RayHit h;
    std::uint32_t part = 0;
    if (b.type != ShapeType::Compound) {
      h = collide2d::raycast(ray, b.shape);
    } else {  // the part hit first (the smaller part index on ties)
      const Pieces p = store.piecesAt(k);
      p.visit([&](const Aabb& box) { return slabs.mayHit(h.hit ? std::min(limit, h.fraction) : limit, box); },
              [&](std::uint32_t i) {
                const RayHit hi = collide2d::raycast(ray, p.shapeOf(i));
                if (hi.hit && (!h.hit || hi.fraction < h.fraction)) {
                  h = hi;
                  part = i;
                }
              });
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
  for (const std::uint32_t l : broad.grid.large) test(l);
  for (const std::uint32_t l : broad.movers.large) test(l);
  for (const std::uint32_t l : broad.statics.large) test(l);

  // Clip the ray to the bounds of all bodies.
  const Aabb wb = inflate(broad.worldBounds);
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
  const double dt = broad.marchCell() / speed;
  const double steps = (t1 - t0) / dt;
  if (!(steps <= static_cast<double>(broad.entryCount()) + 64.0) || !(dt > 0.0)) {
    for (std::uint32_t k = 0; k < store.size(); ++k) test(k);
    return ok;
  }
  double t = t0;
  while (true) {
    if (closest && bestF < t) break;
    const double tn = std::min(t + dt, t1);
    const Vec2 p = o + d * t, q = o + d * tn;
    const Aabb box = inflate({{std::min(p.x, q.x), std::min(p.y, q.y)}, {std::max(p.x, q.x), std::max(p.y, q.y)}});
    if (!broad.visitCells(box, thunk<decltype(test)>, &test)) {  // the step's box covers too many cells of a grid
      for (std::uint32_t k = 0; k < store.size(); ++k) test(k);  // (its margin far from the origin, a much finer grid)
      break;
    }
    if (closest && bestF <= tn) break;
    if (!(tn < t1)) break;
    t = tn;
  }
  return ok;
}

Status Queries::raycast(BodyStore& store, BroadPhase& broad, const Ray& ray, RayHit& hit, BodyHandle& body,
                        std::uint32_t mask) {
  hit = RayHit{};
  body = kNullBody;
  rayHits.clear();
  rayHitParts.clear();
  if (Status s = validate(ray); !s) return s;
  if (!collectRay(store, broad, ray, mask, true) || !grow(rayHits, World::kRayHitStride) || !grow(rayHitParts, 1)) {
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
    appendRayHit(rayHits, r);
    rayHitParts.push_back(r.part);
  }
  return {};
}

Status Queries::raycastAll(BodyStore& store, BroadPhase& broad, const Ray& ray, std::uint32_t mask) {
  rayHits.clear();
  rayHitParts.clear();
  if (Status s = validate(ray); !s) return s;
  if (!collectRay(store, broad, ray, mask, false) || !grow(rayHits, World::kRayHitStride * rayRecords_.size()) ||
      !grow(rayHitParts, rayRecords_.size())) {
    rayRecords_.clear();
    return outOfMemory();
  }
  const auto byFractionThenIndex = [](const void* x, const void* y) {
    const RayRecord& a = *static_cast<const RayRecord*>(x);
    const RayRecord& b = *static_cast<const RayRecord*>(y);
    if (a.fraction != b.fraction) return a.fraction < b.fraction ? -1 : 1;
    return a.index < b.index ? -1 : a.index > b.index ? 1 : 0;
  };
  if (rayRecords_.size() > 1) std::qsort(rayRecords_.data(), rayRecords_.size(), sizeof(RayRecord), byFractionThenIndex);
  for (const RayRecord& r : rayRecords_) {
    appendRayHit(rayHits, r);
    rayHitParts.push_back(r.part);
  }
  return {};
}

std::size_t Queries::heapBytes() const {
  return capacityBytes(results) + capacityBytes(parts) + capacityBytes(rayHits) + capacityBytes(rayHitParts) +
         capacityBytes(marks_) + capacityBytes(sort_) + capacityBytes(compoundHits_) + capacityBytes(counts_) +
         capacityBytes(rayRecords_) + capacityBytes(castCandidates_) +
         (castPolygon_.vertices().size() + castPolygon_.normals().size()) * sizeof(Vec2) +
         moverPolygonBytes();
}

}  // namespace collide2d::world
