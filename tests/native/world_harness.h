// Shared by the World tests (world_test.cpp, world_churn_test.cpp, world_compound_test.cpp): a deterministic
// generator, random shapes, transforms, filters, compound parts and outlines, and the Harness that mirrors a World
// with a model and checks it against a brute-force evaluation with the core functions on independently built world
// shapes. In an unnamed namespace: each test file gets its own copy (the free functions are inline, so that a file
// that does not use one is not warned about it).
#pragma once

#include <collide2d/world.h>

#include <gtest/gtest.h>

#include "splitmix.h"
#include "world_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTwoPi = 6.283185307179586;

inline std::uint32_t indexOf(BodyHandle h) { return h & 0xFFFFFu; }

// Small deterministic generator (splitmix64), identical on every platform.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() { return test_rng::splitmix64(s); }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }
  double range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(double p) { return uniform() < p; }
};

using world_model::worldShapeOf;

inline Shape randomPolygon(Rng& rng, double radius) {
  while (true) {
    const int n = 3 + rng.below(6);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles) a = rng.range(0, kTwoPi);
    std::sort(angles.begin(), angles.end());
    std::vector<Vec2> pts;
    const Vec2 off{rng.range(-2, 2), rng.range(-2, 2)};
    for (const double a : angles) pts.push_back(off + Vec2{radius * std::cos(a), radius * std::sin(a)});
    Polygon p;
    if (Polygon::create(pts, p)) return p;
  }
}

inline Shape randomLocalShape(Rng& rng) {
  const double scale = rng.chance(0.02) ? 40.0 : 1.0;  // a few huge bodies (the grid's "large" list)
  switch (rng.below(6)) {
    case 0: return Circle{{rng.range(-2, 2), rng.range(-2, 2)}, rng.range(0.3, 6) * scale};
    case 1: {
      const Vec2 mn{rng.range(-6, 1), rng.range(-6, 1)};
      return Aabb{mn, mn + Vec2{rng.range(0.5, 10) * scale, rng.range(0.5, 10) * scale}};
    }
    case 2:
      return Box{{rng.range(-2, 2), rng.range(-2, 2)}, {rng.range(0.3, 6) * scale, rng.range(0.3, 6) * scale},
                 rng.chance(0.3) ? 0.0 : rng.range(-3, 3)};
    case 3: return randomPolygon(rng, rng.range(0.5, 7) * scale);
    case 4: {  // (a zero-length core now and then: a circle)
      const Vec2 a{rng.range(-6, 6) * scale, rng.range(-6, 6) * scale};
      const Vec2 b = rng.chance(0.05) ? a : Vec2{rng.range(-6, 6) * scale, rng.range(-6, 6) * scale};
      return Capsule{a, b, rng.range(0.0, 3) * scale};
    }
    default: {
      const Vec2 a{rng.range(-6, 6) * scale, rng.range(-6, 6) * scale};
      return Segment{a, rng.chance(0.05) ? a : Vec2{rng.range(-6, 6) * scale, rng.range(-6, 6) * scale}};
    }
  }
}

inline Transform randomTransform(Rng& rng, double side) {
  return {{rng.range(0, side), rng.range(0, side)}, rng.chance(0.3) ? 0.0 : rng.range(-4, 4)};
}

inline Filter randomFilter(Rng& rng) {
  Filter f;
  if (rng.chance(0.6)) return f;
  f.category = 1u << rng.below(3);
  f.mask = rng.chance(0.5) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(rng.below(8));
  f.group = rng.chance(0.6) ? 0 : rng.below(5) - 2;
  return f;
}

inline Shape randomQueryShape(Rng& rng, double side) {
  const Transform xf = randomTransform(rng, side);
  return worldShapeOf(randomLocalShape(rng), xf);
}

struct ModelBody {
  Shape local;
  Transform xf;
  Filter filter;
  double userId = 0;
  bool isStatic = false;
  std::vector<Shape> parts;  ///< a compound body's local parts (each its shape placed by its offset); else empty
};

// A compound body's parts as the world keeps them: each part's shape placed by its offset (world.h).
inline std::vector<Shape> bakedParts(const std::vector<BodyPart>& parts) {
  std::vector<Shape> out;
  for (const BodyPart& p : parts) out.push_back(worldShapeOf(p.shape, p.offset));
  return out;
}

// 2..4 random convex parts with random offsets (sometimes the identity), in a body's local frame.
inline std::vector<BodyPart> randomParts(Rng& rng) {
  std::vector<BodyPart> parts(static_cast<std::size_t>(2 + rng.below(3)));
  for (BodyPart& p : parts) {
    p.shape = randomLocalShape(rng);
    if (rng.chance(0.7)) p.offset = {{rng.range(-5, 5), rng.range(-5, 5)}, rng.chance(0.5) ? 0.0 : rng.range(-3, 3)};
  }
  return parts;
}

// A random simple concave outline: a star (2k points alternating two radii) or an L / U, turned and scaled.
inline std::vector<Vec2> randomOutline(Rng& rng) {
  std::vector<Vec2> pts;
  const int kind = rng.below(3);
  const double size = rng.range(1.5, 6);
  if (kind == 0) {
    const int k = 3 + rng.below(4);
    for (int i = 0; i < 2 * k; ++i) {
      const double a = kTwoPi * i / (2 * k), r = (i % 2 == 0 ? 1.0 : rng.range(0.3, 0.6)) * size;
      pts.push_back({r * std::cos(a), r * std::sin(a)});
    }
  } else if (kind == 1) {
    pts = {{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 2}, {0, 2}};
  } else {
    pts = {{0, 0}, {3, 0}, {3, 2}, {2.25, 2}, {2.25, 0.75}, {0.75, 0.75}, {0.75, 2}, {0, 2}};
  }
  if (kind != 0) {
    for (Vec2& v : pts) v = v * size * 0.5;
  }
  if (rng.chance(0.5)) std::reverse(pts.begin(), pts.end());  // either winding
  return pts;
}

using PairKey = std::pair<BodyHandle, BodyHandle>;

// What a pair of bodies reports (brute force over their pieces, world.h "Compound bodies"): the touching part pairs
// in (part of A, part of B) order, the index among them of the reported one (the deepest: largest contact depth, or
// manifold point depth; the first on ties; in PairsOnly mode the first) and its contact / manifold.
struct ExpectedPair {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> parts;
  std::size_t reported = 0;
  Contact contact;
  Manifold manifold;
};

class Harness {
 public:
  World world;
  ContactMode mode = ContactMode::Contacts;
  std::map<BodyHandle, ModelBody> model;
  std::set<PairKey> active;  // pairs begun and not yet ended, from the events
  std::size_t pairsChecked = 0, queriesChecked = 0, compoundPairsChecked = 0, compoundQueriesChecked = 0;

  void add(const Shape& local, const Transform& xf, const Filter& f, double id) {
    BodyHandle h = kNullBody;
    ASSERT_TRUE(world.addShape(local, xf, id, f, h).ok());
    ASSERT_TRUE(model.emplace(h, ModelBody{local, xf, f, id, false, {}}).second);
  }

  void addCompound(const std::vector<BodyPart>& parts, const Transform& xf, const Filter& f, double id) {
    BodyHandle h = kNullBody;
    ASSERT_TRUE(world.addCompound(parts, xf, id, f, h).ok());
    ModelBody m{parts[0].shape, xf, f, id, false, {}};
    m.parts = bakedParts(parts);
    ShapeType type;
    ASSERT_TRUE(world.getShapeType(h, type).ok());
    EXPECT_EQ(type, ShapeType::Compound);
    ASSERT_TRUE(model.emplace(h, std::move(m)).second);
  }

  // A concave outline (a compound of decompose()'s parts) or a convex one (a polygon body).
  void addOutline(const std::vector<Vec2>& outline, const Transform& xf, const Filter& f, double id) {
    BodyHandle h = kNullBody;
    ASSERT_TRUE(world.addOutline(outline, xf, id, f, h).ok());
    std::vector<Polygon> pieces;
    ASSERT_TRUE(decompose(outline, pieces).ok());
    Polygon convex;
    ModelBody m{Polygon::create(outline, convex) ? convex : pieces[0], xf, f, id, false, {}};  // convex: Polygon::create's
    if (pieces.size() > 1) {
      for (const Polygon& p : pieces) m.parts.push_back(worldShapeOf(p, Transform{}));
    }
    std::size_t count = 0;
    ASSERT_TRUE(world.getPartCount(h, count).ok());
    EXPECT_EQ(count, pieces.size());
    ASSERT_TRUE(model.emplace(h, std::move(m)).second);
  }

  // Each body's pieces in world coordinates: a compound body's parts, else its one shape.
  std::map<BodyHandle, std::vector<Shape>> worldShapes() const {
    std::map<BodyHandle, std::vector<Shape>> out;
    for (const auto& [h, b] : model) {
      std::vector<Shape>& v = out[h];
      if (b.parts.empty()) {
        v.push_back(worldShapeOf(b.local, b.xf));
      } else {
        for (const Shape& p : b.parts) v.push_back(worldShapeOf(p, b.xf));
      }
    }
    return out;
  }

  bool isCompound(BodyHandle h) const { return !model.at(h).parts.empty(); }

  ExpectedPair expectedPair(const std::vector<Shape>& pa, const std::vector<Shape>& pb) const {
    ExpectedPair e;
    double best = 0.0;
    for (std::uint32_t i = 0; i < pa.size(); ++i) {
      for (std::uint32_t j = 0; j < pb.size(); ++j) {
        const Contact c = collide(pa[i], pb[j]);
        EXPECT_EQ(c.hit, overlaps(pa[i], pb[j]));
        if (!c.hit) continue;
        double depth = c.depth;
        Manifold m;
        if (mode == ContactMode::Manifolds) {
          m = collideManifold(pa[i], pb[j]);
          EXPECT_GT(m.count, 0);
          depth = m.points[0].depth;
          for (int k = 1; k < m.count; ++k) depth = std::max(depth, m.points[k].depth);
        }
        if (e.parts.empty() || (depth > best && mode != ContactMode::PairsOnly)) {  // (PairsOnly: part order)
          best = depth;
          e.reported = e.parts.size();
          e.contact = c;
          e.manifold = m;
        }
        e.parts.push_back({i, j});
      }
    }
    return e;
  }

  void checkStep() {
    world.setContactMode(mode);
    world.step();
    const auto shapes = worldShapes();
    // Expected pairs by brute force.
    std::map<PairKey, ExpectedPair> expected;
    for (auto i = model.begin(); i != model.end(); ++i) {
      for (auto j = std::next(i); j != model.end(); ++j) {
        BodyHandle a = i->first, b = j->first;
        if (!shouldCollide(i->second.filter, j->second.filter)) continue;
        if (i->second.isStatic && j->second.isStatic) continue;  // static bodies never pair with each other
        if (indexOf(a) > indexOf(b)) std::swap(a, b);
        ExpectedPair e = expectedPair(shapes.at(a), shapes.at(b));
        if (!e.parts.empty()) expected.emplace(PairKey{a, b}, std::move(e));
      }
    }
    // The world's pairs.
    const auto bodies = world.pairBodies();
    const auto contacts = world.pairContacts();
    const auto manifolds = world.pairManifolds();
    const auto parts = world.pairParts();
    ASSERT_EQ(bodies.size(), 2 * world.pairCount());
    ASSERT_EQ(contacts.size(), mode == ContactMode::Contacts ? 5 * world.pairCount() : 0u);
    ASSERT_EQ(manifolds.size(), mode == ContactMode::Manifolds ? World::kPairManifoldStride * world.pairCount() : 0u);
    ASSERT_EQ(parts.size() % World::kPairPartStride, 0u);
    ASSERT_EQ(world.pairCount(), expected.size());
    std::set<PairKey> seen;
    std::size_t record = 0;  // the next pairParts() record
    for (std::size_t p = 0; p < world.pairCount(); ++p) {
      const PairKey key{bodies[2 * p], bodies[2 * p + 1]};
      ASSERT_TRUE(seen.insert(key).second) << "duplicate pair";
      const auto it = expected.find(key);
      ASSERT_NE(it, expected.end()) << "unexpected pair " << key.first << " " << key.second;
      const ExpectedPair& e = it->second;
      if (mode == ContactMode::Contacts) {
        const Contact& c = e.contact;
        EXPECT_EQ(contacts[5 * p + 0], c.normal.x);
        EXPECT_EQ(contacts[5 * p + 1], c.normal.y);
        EXPECT_EQ(contacts[5 * p + 2], c.depth);
        EXPECT_EQ(contacts[5 * p + 3], c.point.x);
        EXPECT_EQ(contacts[5 * p + 4], c.point.y);
      } else if (mode == ContactMode::Manifolds) {
        const Manifold& m = e.manifold;
        const double* o = manifolds.data() + World::kPairManifoldStride * p;
        EXPECT_EQ(o[0], m.normal.x);
        EXPECT_EQ(o[1], m.normal.y);
        EXPECT_EQ(o[2], m.count);
        for (int k = 0; k < m.count; ++k) {
          EXPECT_EQ(o[3 + 4 * k], m.points[k].point.x);
          EXPECT_EQ(o[4 + 4 * k], m.points[k].point.y);
          EXPECT_EQ(o[5 + 4 * k], m.points[k].depth);
          EXPECT_EQ(o[6 + 4 * k], static_cast<double>(m.points[k].id));
        }
      }
      // Part records: only for pairs with a compound body; the reported part pair first, then the others in order.
      if (isCompound(key.first) || isCompound(key.second)) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> want{e.parts[e.reported]};
        for (std::size_t k = 0; k < e.parts.size(); ++k) {
          if (k != e.reported) want.push_back(e.parts[k]);
        }
        for (const auto& [pi, pj] : want) {
          ASSERT_LT(record * 3 + 2, parts.size());
          EXPECT_EQ(parts[3 * record], p);
          EXPECT_EQ(parts[3 * record + 1], pi);
          EXPECT_EQ(parts[3 * record + 2], pj);
          ++record;
        }
        ++compoundPairsChecked;
      }
      ++pairsChecked;
    }
    EXPECT_EQ(3 * record, parts.size()) << "part records for pairs without a compound body";
    // Events: no end without begin, no double begin, and the begun set equals the current pairs.
    const auto ends = world.endEvents();
    ASSERT_EQ(ends.size() % 2, 0u);
    for (std::size_t e = 0; e < ends.size(); e += 2) {
      EXPECT_EQ(active.erase(PairKey{ends[e], ends[e + 1]}), 1u) << "end without begin";
    }
    const auto begins = world.beginEvents();
    ASSERT_EQ(begins.size() % 2, 0u);
    for (std::size_t e = 0; e < begins.size(); e += 2) {
      EXPECT_TRUE(active.insert(PairKey{begins[e], begins[e + 1]}).second) << "begin twice";
    }
    EXPECT_EQ(active, seen);
  }

  // A query's expected results: the bodies (by slot index) with the first of their pieces that `hit` accepts.
  template <class Hit>
  void expectQuery(const std::map<BodyHandle, std::vector<Shape>>& shapes, std::uint32_t mask, Hit&& hit) {
    std::vector<std::pair<BodyHandle, std::uint32_t>> expected;
    for (const auto& [h, pieces] : shapes) {
      if ((model.at(h).filter.category & mask) == 0) continue;
      for (std::uint32_t i = 0; i < pieces.size(); ++i) {
        if (hit(pieces[i])) {
          expected.push_back({h, i});
          break;
        }
      }
    }
    std::sort(expected.begin(), expected.end(),
              [](const auto& x, const auto& y) { return indexOf(x.first) < indexOf(y.first); });
    const auto results = world.queryResults();
    const auto parts = world.queryParts();
    ASSERT_EQ(results.size(), expected.size());
    ASSERT_EQ(parts.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      EXPECT_EQ(results[k], expected[k].first);
      EXPECT_EQ(parts[k], expected[k].second);
      compoundQueriesChecked += isCompound(expected[k].first);
    }
  }

  void checkQueries(Rng& rng, double side) {
    const auto shapes = worldShapes();
    const std::uint32_t mask = rng.chance(0.7) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(rng.below(8));
    auto inMask = [&](BodyHandle h) { return (model.at(h).filter.category & mask) != 0; };
    {  // AABB
      const Vec2 mn{rng.range(-10, side), rng.range(-10, side)};
      const Aabb box{mn, mn + Vec2{rng.range(0, 30), rng.range(0, 30)}};
      ASSERT_TRUE(world.queryAabb(box, mask).ok());
      expectQuery(shapes, mask, [&](const Shape& s) { return overlaps(Shape{box}, s); });
    }
    {  // point
      const Vec2 p{rng.range(-5, side + 5), rng.range(-5, side + 5)};
      ASSERT_TRUE(world.queryPoint(p, mask).ok());
      expectQuery(shapes, mask, [&](const Shape& s) { return contains(s, p); });
    }
    {  // shape
      const Shape q = randomQueryShape(rng, side);
      ASSERT_TRUE(world.queryShape(q, mask).ok());
      expectQuery(shapes, mask, [&](const Shape& s) { return overlaps(q, s); });
    }
    {  // rays: closest and all (a compound body: its part hit first, the smaller part index on ties)
      const double a = rng.range(0, kTwoPi), len = rng.range(0.2, 3);
      const Ray ray{{rng.range(-10, side + 10), rng.range(-10, side + 10)},
                    {len * std::cos(a), len * std::sin(a)},
                    rng.chance(0.3) ? kInf : rng.range(0, 60)};
      struct Hit {
        double fraction;
        std::uint32_t index;
        BodyHandle h;
        RayHit hit;
        std::uint32_t part;
      };
      std::vector<Hit> hits;
      for (const auto& [h, pieces] : shapes) {
        if (!inMask(h)) continue;
        Hit best{0, indexOf(h), h, RayHit{}, 0};
        for (std::uint32_t i = 0; i < pieces.size(); ++i) {
          const RayHit r = raycast(ray, pieces[i]);
          if (r.hit && (!best.hit.hit || r.fraction < best.hit.fraction)) best = {r.fraction, indexOf(h), h, r, i};
        }
        if (best.hit.hit) hits.push_back(best);
      }
      std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) {
        return x.fraction < y.fraction || (x.fraction == y.fraction && x.index < y.index);
      });
      auto expectRecord = [&](std::size_t k, const Hit& e) {
        const double* rec = world.rayHits().data() + 6 * k;
        EXPECT_EQ(rec[0], static_cast<double>(e.h));
        EXPECT_EQ(rec[1], e.hit.fraction);
        EXPECT_EQ(rec[2], e.hit.point.x);
        EXPECT_EQ(rec[3], e.hit.point.y);
        EXPECT_EQ(rec[4], e.hit.normal.x);
        EXPECT_EQ(rec[5], e.hit.normal.y);
        ASSERT_LT(k, world.rayHitParts().size());
        EXPECT_EQ(world.rayHitParts()[k], e.part);
      };
      RayHit closest;
      BodyHandle body = 0;
      ASSERT_TRUE(world.raycast(ray, closest, body, mask).ok());
      ASSERT_EQ(world.rayHitCount(), hits.empty() ? 0u : 1u);
      ASSERT_EQ(world.rayHitParts().size(), world.rayHitCount());
      EXPECT_EQ(closest.hit, !hits.empty());
      if (!hits.empty()) {
        EXPECT_EQ(body, hits[0].h);
        expectRecord(0, hits[0]);
      } else {
        EXPECT_EQ(body, kNullBody);
      }
      ASSERT_TRUE(world.raycastAll(ray, mask).ok());
      ASSERT_EQ(world.rayHitCount(), hits.size());
      ASSERT_EQ(world.rayHitParts().size(), hits.size());
      for (std::size_t i = 0; i < hits.size(); ++i) expectRecord(i, hits[i]);
    }
    {  // shape cast of a circle or a capsule: the first hit over the bodies' pieces (ties: slot index, then part)
      const Shape q = rng.chance(0.5) ? Shape{Circle{{0, 0}, rng.range(0.2, 2)}}
                                      : Shape{Capsule{{-1, 0}, {1, 0.5}, rng.range(0.1, 1)}};
      const Transform xf = randomTransform(rng, side);
      const Vec2 t{rng.range(-20, 20), rng.range(-20, 20)};
      const Shape placed = worldShapeOf(q, xf);
      WorldCastHit want;
      std::uint32_t wantIndex = 0;
      for (const auto& [h, pieces] : shapes) {
        if (!inMask(h)) continue;
        for (std::uint32_t i = 0; i < pieces.size(); ++i) {
          const CastHit c = cast(placed, Motion{t, 0.0}, pieces[i], Motion{});
          if (!c.hit) continue;
          if (want.hit && (c.fraction > want.fraction || (c.fraction == want.fraction && indexOf(h) >= wantIndex))) continue;
          want = WorldCastHit{true, h, c.fraction, c.point, c.normal, i};
          wantIndex = indexOf(h);
        }
      }
      WorldCastHit got;
      ASSERT_TRUE(world.castShape(q, xf, t, got, mask).ok());
      EXPECT_EQ(got.hit, want.hit);
      if (want.hit) {
        EXPECT_EQ(got.body, want.body);
        EXPECT_EQ(got.part, want.part);
        EXPECT_EQ(got.fraction, want.fraction);
        EXPECT_EQ(got.point, want.point);
        EXPECT_EQ(got.normal, want.normal);
        ASSERT_EQ(world.rayHitParts().size(), 1u);
        EXPECT_EQ(world.rayHitParts()[0], want.part);
      }
    }
    ++queriesChecked;
  }
};

}  // namespace
