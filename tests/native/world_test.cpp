// World: handles, bad input, filters, pairs and contacts, events, queries and ray casts, each checked against a
// brute-force evaluation with the core functions on independently built world shapes.
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

std::uint32_t indexOf(BodyHandle h) { return h & 0xFFFFFu; }

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

Shape randomPolygon(Rng& rng, double radius) {
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

Shape randomLocalShape(Rng& rng) {
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

Transform randomTransform(Rng& rng, double side) {
  return {{rng.range(0, side), rng.range(0, side)}, rng.chance(0.3) ? 0.0 : rng.range(-4, 4)};
}

Filter randomFilter(Rng& rng) {
  Filter f;
  if (rng.chance(0.6)) return f;
  f.category = 1u << rng.below(3);
  f.mask = rng.chance(0.5) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(rng.below(8));
  f.group = rng.chance(0.6) ? 0 : rng.below(5) - 2;
  return f;
}

Shape randomQueryShape(Rng& rng, double side) {
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
std::vector<Shape> bakedParts(const std::vector<BodyPart>& parts) {
  std::vector<Shape> out;
  for (const BodyPart& p : parts) out.push_back(worldShapeOf(p.shape, p.offset));
  return out;
}

// 2..4 random convex parts with random offsets (sometimes the identity), in a body's local frame.
std::vector<BodyPart> randomParts(Rng& rng) {
  std::vector<BodyPart> parts(static_cast<std::size_t>(2 + rng.below(3)));
  for (BodyPart& p : parts) {
    p.shape = randomLocalShape(rng);
    if (rng.chance(0.7)) p.offset = {{rng.range(-5, 5), rng.range(-5, 5)}, rng.chance(0.5) ? 0.0 : rng.range(-3, 3)};
  }
  return parts;
}

// A random simple concave outline: a star (2k points alternating two radii) or an L / U, turned and scaled.
std::vector<Vec2> randomOutline(Rng& rng) {
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

// ---------------------------------------------------------------------------------------------------------------

TEST(WorldHandles, StaleHandlesAreRejectedEverywhere) {
  World w;
  BodyHandle a = kNullBody, b = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0, 0}, 0}, 7, {}, a).ok());
  ASSERT_TRUE(w.remove(a).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0, 0}, 0}, 8, {}, b).ok());
  EXPECT_EQ(indexOf(a), indexOf(b));  // the slot is reused ...
  EXPECT_NE(a, b);                    // ... with a new generation
  EXPECT_FALSE(w.isValid(a));
  EXPECT_TRUE(w.isValid(b));
  Transform t;
  Filter f;
  double id = 0;
  Shape s;
  Aabb bb;
  ShapeType type;
  for (const BodyHandle h : {a, kNullBody, BodyHandle{12345}}) {
    EXPECT_EQ(w.remove(h).error, Error::InvalidArgument);
    EXPECT_STREQ(w.remove(h).field, "handle");
    EXPECT_EQ(w.setTransform(h, {{1, 1}, 0}).error, Error::InvalidArgument);
    EXPECT_EQ(w.setFilter(h, {}).error, Error::InvalidArgument);
    EXPECT_EQ(w.setUserId(h, 1).error, Error::InvalidArgument);
    EXPECT_EQ(w.getTransform(h, t).error, Error::InvalidArgument);
    EXPECT_EQ(w.getFilter(h, f).error, Error::InvalidArgument);
    EXPECT_EQ(w.getUserId(h, id).error, Error::InvalidArgument);
    EXPECT_EQ(w.getLocalShape(h, s).error, Error::InvalidArgument);
    EXPECT_EQ(w.getWorldShape(h, s).error, Error::InvalidArgument);
    EXPECT_EQ(w.getBounds(h, bb).error, Error::InvalidArgument);
    EXPECT_EQ(w.getShapeType(h, type).error, Error::InvalidArgument);
    const BodyHandle hs[1] = {h};
    const double xya[3] = {1, 2, 3};
    EXPECT_EQ(w.setTransforms(hs, xya).error, Error::InvalidArgument);
  }
  ASSERT_TRUE(w.getUserId(b, id).ok());
  EXPECT_EQ(id, 8);
  EXPECT_EQ(w.bodyCount(), 1u);
}

TEST(WorldHandles, EveryHandleEverIssuedForASlotIsUnique) {
  // Reuse one slot past the generation range: old handles must never become valid again.
  World w;
  std::set<BodyHandle> issued;
  for (int i = 0; i < 5000; ++i) {
    BodyHandle h = kNullBody;
    ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {}, i, {}, h).ok());
    ASSERT_NE(h, kNullBody);
    EXPECT_TRUE(issued.insert(h).second);
    ASSERT_TRUE(w.remove(h).ok());
    EXPECT_FALSE(w.isValid(h));
  }
  for (const BodyHandle h : issued) EXPECT_FALSE(w.isValid(h));
}

TEST(WorldBadInput, InvalidShapesAndTransformsChangeNothing) {
  World w;
  BodyHandle h = kNullBody;
  Status s = w.addCircle({{0, 0}, -1}, {}, 0, {}, h);
  EXPECT_EQ(s.error, Error::NegativeRadius);
  EXPECT_STREQ(s.field, "radius");
  EXPECT_EQ(h, kNullBody);
  EXPECT_EQ(w.addAabb({{0, 0}, {-1, 1}}, {}, 0, {}, h).error, Error::NegativeExtent);
  EXPECT_EQ(w.addBox({{kNaN, 0}, {1, 1}, 0}, {}, 0, {}, h).error, Error::NotFinite);
  EXPECT_EQ(w.addSegment({{0, 0}, {kInf, 0}}, {}, 0, {}, h).error, Error::NotFinite);
  const Vec2 line[3] = {{0, 0}, {1, 1}, {2, 2}};
  EXPECT_EQ(w.addPolygon(std::span<const Vec2>(line), {}, 0, {}, h).error, Error::Collinear);
  const double odd[5] = {0, 0, 1, 0, 1};
  EXPECT_EQ(w.addPolygon(std::span<const double>(odd), {}, 0, {}, h).error, Error::InvalidArgument);
  EXPECT_EQ(w.addPolygon(Polygon{}, {}, 0, {}, h).error, Error::TooFewPoints);
  EXPECT_EQ(w.addCircle({{0, 0}, 1}, {{kNaN, 0}, 0}, 0, {}, h).error, Error::NotFinite);
  EXPECT_EQ(w.addCircle({{0, 0}, 1}, {{0, 0}, kInf}, 0, {}, h).error, Error::NotFinite);
  EXPECT_EQ(w.bodyCount(), 0u);

  BodyHandle a = kNullBody, b = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0, 0}, 0}, 0, {}, a).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{5, 0}, 0}, 0, {}, b).ok());
  EXPECT_EQ(w.setTransform(a, {{kNaN, 0}, 0}).error, Error::NotFinite);
  EXPECT_EQ(w.setTransform(a, {{0, 0}, kNaN}).error, Error::NotFinite);
  // Bulk updates are all or nothing.
  const double good[6] = {1, 1, 0, 2, 2, 0};
  const double bad[6] = {1, 1, 0, 2, kNaN, 0};
  EXPECT_EQ(w.setTransforms(std::span<const double>(bad)).error, Error::NotFinite);
  EXPECT_EQ(w.setTransforms(std::span<const double>(good, 3)).error, Error::InvalidArgument);
  const BodyHandle both[2] = {a, b};
  EXPECT_EQ(w.setTransforms(both, std::span<const double>(bad)).error, Error::NotFinite);
  Transform t;
  ASSERT_TRUE(w.getTransform(a, t).ok());
  EXPECT_EQ(t.position, (Vec2{0, 0}));
  ASSERT_TRUE(w.getTransform(b, t).ok());
  EXPECT_EQ(t.position, (Vec2{5, 0}));
  // Queries with bad input.
  EXPECT_EQ(w.queryAabb({{0, 0}, {kNaN, 1}}).error, Error::NotFinite);
  EXPECT_EQ(w.queryPoint({kNaN, 0}).error, Error::NotFinite);
  EXPECT_EQ(w.queryShape(Circle{{0, 0}, -2}).error, Error::NegativeRadius);
  EXPECT_EQ(w.raycast(Ray{{0, 0}, {0, 0}}).error, Error::ZeroDirection);
  EXPECT_EQ(w.raycastAll(Ray{{0, 0}, {1, 0}, kNaN}).error, Error::NotFinite);
  EXPECT_EQ(w.rayHitCount(), 0u);
  w.step();
  EXPECT_EQ(w.pairCount(), 0u);
}

TEST(WorldFilter, Box2DRules) {
  EXPECT_TRUE(shouldCollide({}, {}));
  EXPECT_FALSE(shouldCollide({1, 2, 0}, {1, 2, 0}));  // neither accepts the other's category
  EXPECT_FALSE(shouldCollide({1, 0xFFFFFFFFu, 0}, {2, 2, 0}));  // one-sided is not enough
  EXPECT_TRUE(shouldCollide({1, 2, 0}, {2, 1, 0}));
  EXPECT_TRUE(shouldCollide({1, 0, 3}, {1, 0, 3}));    // same positive group: always
  EXPECT_FALSE(shouldCollide({}, Filter{1, 0xFFFFFFFFu, -1}) && false);
  EXPECT_FALSE(shouldCollide({1, 0xFFFFFFFFu, -3}, {1, 0xFFFFFFFFu, -3}));  // same negative group: never
  EXPECT_TRUE(shouldCollide({1, 0xFFFFFFFFu, -3}, {1, 0xFFFFFFFFu, -4}));   // different groups: masks decide
  EXPECT_FALSE(shouldCollide({1, 2, 3}, {1, 2, 4}));
}

TEST(WorldPairs, ConventionEventsAndRemoval) {
  World w;
  BodyHandle a = kNullBody, b = kNullBody, c = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0, 0}, 0}, 1, {}, a).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{1.5, 0}, 0}, 2, {}, b).ok());
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 0}, {{50, 50}, 0.5}, 3, {}, c).ok());
  w.step();
  ASSERT_EQ(w.pairCount(), 1u);
  EXPECT_EQ(w.pairBodies()[0], a);
  EXPECT_EQ(w.pairBodies()[1], b);
  EXPECT_EQ(w.pairContacts()[0], 1.0);  // normal from a to b
  EXPECT_EQ(w.pairContacts()[1], 0.0);
  EXPECT_EQ(w.pairContacts()[2], 0.5);  // depth
  ASSERT_EQ(w.beginEvents().size(), 2u);
  EXPECT_TRUE(w.endEvents().empty());
  w.step();  // still touching: no event
  EXPECT_EQ(w.pairCount(), 1u);
  EXPECT_TRUE(w.beginEvents().empty());
  EXPECT_TRUE(w.endEvents().empty());
  ASSERT_TRUE(w.setTransform(b, 2.0, 0.0, 0.0).ok());  // exactly touching still counts
  w.step();
  EXPECT_EQ(w.pairCount(), 1u);
  EXPECT_EQ(w.pairContacts()[2], 0.0);
  ASSERT_TRUE(w.setTransform(b, 2.5, 0.0, 0.0).ok());
  w.step();
  EXPECT_EQ(w.pairCount(), 0u);
  ASSERT_EQ(w.endEvents().size(), 2u);
  EXPECT_EQ(w.endEvents()[0], a);
  ASSERT_TRUE(w.setTransform(b, 0.5, 0.0, 0.0).ok());
  w.step();
  ASSERT_EQ(w.beginEvents().size(), 2u);
  ASSERT_TRUE(w.remove(a).ok());
  w.step();  // the removal ends the pair, reported with the stale handle
  EXPECT_EQ(w.pairCount(), 0u);
  ASSERT_EQ(w.endEvents().size(), 2u);
  EXPECT_EQ(w.endEvents()[0], a);
  EXPECT_EQ(w.endEvents()[1], b);
  // Filters are applied at every step.
  BodyHandle d = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0.5, 0.5}, 0}, 4, {}, d).ok());
  w.step();
  EXPECT_EQ(w.pairCount(), 1u);
  ASSERT_TRUE(w.setFilter(d, {1, 0, 0}).ok());
  w.step();
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2u);
}

TEST(WorldBodies, BodyOrderAndBulkTransforms) {
  World w;
  BodyHandle h[4];
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{10.0 * i, 0}, 0}, i, {}, h[i]).ok());
  ASSERT_TRUE(w.remove(h[1]).ok());  // the last body moves into its place
  ASSERT_EQ(w.bodyCount(), 3u);
  EXPECT_EQ(w.bodies()[0], h[0]);
  EXPECT_EQ(w.bodies()[1], h[3]);
  EXPECT_EQ(w.bodies()[2], h[2]);
  const double xya[9] = {1, 2, 0.5, 3, 4, 0.25, 5, 6, 0};
  ASSERT_TRUE(w.setTransforms(std::span<const double>(xya)).ok());
  Transform t;
  ASSERT_TRUE(w.getTransform(h[3], t).ok());
  EXPECT_EQ(t.position, (Vec2{3, 4}));
  EXPECT_EQ(t.angle, 0.25);
  const BodyHandle some[1] = {h[2]};
  const double one[3] = {7, 8, 1};
  ASSERT_TRUE(w.setTransforms(some, one).ok());
  ASSERT_TRUE(w.getTransform(h[2], t).ok());
  EXPECT_EQ(t.position, (Vec2{7, 8}));
  Shape s;
  ASSERT_TRUE(w.getWorldShape(h[2], s).ok());
  ASSERT_TRUE(std::holds_alternative<Circle>(s));
  EXPECT_EQ(std::get<Circle>(s).center, apply({{7, 8}, 1}, {0, 0}));
  // An Aabb body stays an Aabb at angle 0 and becomes a Box otherwise.
  BodyHandle a = kNullBody;
  ASSERT_TRUE(w.addAabb({{0, 0}, {2, 1}}, {{1, 1}, 0}, 9, {}, a).ok());
  ASSERT_TRUE(w.getWorldShape(a, s).ok());
  ASSERT_TRUE(std::holds_alternative<Aabb>(s));
  EXPECT_EQ(std::get<Aabb>(s).max, (Vec2{3, 2}));
  ASSERT_TRUE(w.setTransform(a, 1, 1, 0.5).ok());
  ASSERT_TRUE(w.getWorldShape(a, s).ok());
  ASSERT_TRUE(std::holds_alternative<Box>(s));
  ASSERT_TRUE(w.getLocalShape(a, s).ok());
  ASSERT_TRUE(std::holds_alternative<Aabb>(s));
}

TEST(WorldQueries, SimpleScene) {
  World w;
  BodyHandle c = kNullBody, s = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{5, 0}, 0}, 0, {}, c).ok());
  ASSERT_TRUE(w.addSegment({{0, -1}, {0, 1}}, {{10, 0}, 0}, 0, {2, 0xFFFFFFFFu, 0}, s).ok());
  RayHit hit;
  BodyHandle body = kNullBody;
  ASSERT_TRUE(w.raycast(Ray{{0, 0}, {1, 0}}, hit, body).ok());
  EXPECT_EQ(body, c);
  EXPECT_EQ(hit.fraction, 4.0);
  ASSERT_TRUE(w.raycast(Ray{{0, 0}, {1, 0}}, hit, body, 2u).ok());  // the mask skips the circle
  EXPECT_EQ(body, s);
  EXPECT_EQ(hit.fraction, 10.0);
  ASSERT_TRUE(w.raycastAll(Ray{{0, 0}, {2, 0}}).ok());
  ASSERT_EQ(w.rayHitCount(), 2u);
  EXPECT_EQ(w.rayHits()[0], static_cast<double>(c));
  EXPECT_EQ(w.rayHits()[1], 2.0);
  EXPECT_EQ(w.rayHits()[6], static_cast<double>(s));
  ASSERT_TRUE(w.raycastAll(Ray{{0, 0}, {1, 0}, 4.5}).ok());
  EXPECT_EQ(w.rayHitCount(), 1u);
  ASSERT_TRUE(w.queryPoint({5.5, 0.5}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryResults()[0], c);
  ASSERT_TRUE(w.queryAabb({{3, -2}, {20, 2}}).ok());
  EXPECT_EQ(w.queryResults().size(), 2u);
  ASSERT_TRUE(w.queryShape(Segment{{0, 0}, {3.9, 0}}).ok());
  EXPECT_TRUE(w.queryResults().empty());
  ASSERT_TRUE(w.queryShape(Segment{{0, 0}, {4, 0}}).ok());  // touching counts
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryResults()[0], c);
}

// Randomized churn: 100,000 operations over every shape type, checked after every frame against brute force.
TEST(WorldChurn, MatchesBruteForce) {
  Rng rng{20240611};
  Harness hz;
  const double side = 70;
  int ops = 0, frames = 0, rejected = 0;
  std::vector<BodyHandle> removed;
  while (ops < 100000) {
    const int live = static_cast<int>(hz.model.size());
    const int op = rng.below(100);
    ++ops;
    auto it = hz.model.begin();
    if (live > 0) std::advance(it, rng.below(live));
    const BodyHandle h = live > 0 ? it->first : kNullBody;
    if (live == 0 || (op < 30 && live < 110) || live < 40) {
      ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), ops));
    } else if (ModelBody& m = it->second; op < 55) {  // move a little (coherent) or jump
      Transform t = m.xf;
      if (rng.chance(0.8)) {
        t.position = t.position + Vec2{rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)};
      } else {
        t.position = {rng.range(0, side), rng.range(0, side)};
      }
      ASSERT_TRUE(hz.world.setTransform(h, t).ok());
      m.xf = t;
    } else if (op < 70) {  // rotate (sometimes back to exactly 0)
      Transform t = m.xf;
      t.angle = rng.chance(0.2) ? 0.0 : t.angle + rng.range(-0.7, 0.7);
      ASSERT_TRUE(hz.world.setTransform(h, t).ok());
      m.xf = t;
    } else if (op < 88) {  // remove
      ASSERT_TRUE(hz.world.remove(h).ok());
      hz.model.erase(it);
      removed.push_back(h);
    } else if (op < 96) {  // change filter
      const Filter f = randomFilter(rng);
      ASSERT_TRUE(hz.world.setFilter(h, f).ok());
      m.filter = f;
    } else {  // bad input: stale handle or NaN transform, both rejected without effect
      ++rejected;
      if (!removed.empty()) {
        const BodyHandle stale = removed[static_cast<std::size_t>(rng.below(static_cast<int>(removed.size())))];
        EXPECT_FALSE(hz.world.setTransform(stale, {{1, 1}, 0}).ok());
        EXPECT_FALSE(hz.world.remove(stale).ok());
      }
      EXPECT_EQ(hz.world.setTransform(h, {{kNaN, 1}, 0}).error, Error::NotFinite);
    }
    if (ops % 100 == 0) {
      // Now and then move everything at once through the flat array, in body order.
      if (frames % 7 == 3) {
        std::vector<double> xya;
        for (const BodyHandle b : hz.world.bodies()) {
          ModelBody& mb = hz.model.at(b);
          mb.xf.position = mb.xf.position + Vec2{rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)};
          xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
        }
        ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      }
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
      ++frames;
    }
  }
  // Remove everything: every pair must end.
  for (const auto& [h, m] : hz.model) ASSERT_TRUE(hz.world.remove(h).ok());
  hz.model.clear();
  ASSERT_NO_FATAL_FAILURE(hz.checkStep());
  EXPECT_TRUE(hz.active.empty());
  EXPECT_EQ(frames, 1000);
  EXPECT_GT(hz.pairsChecked, 25000u);  // the scene is dense enough to matter
  EXPECT_GT(rejected, 1000);
}

// Bigger scene, all bodies moving every frame (the benchmark's pattern), with the automatic cell size and fixed ones.
TEST(WorldChurn, MovingCrowdMatchesBruteForce) {
  for (const double cell : {0.0, 3.0, 0.4}) {  // automatic (dense grid), hashed grid, many large bodies
    Rng rng{99 + static_cast<std::uint64_t>(cell * 10)};
    Harness hz;
    hz.world.setCellSize(cell);
    const double side = 120;
    for (int i = 0; i < 250; ++i) hz.add(randomLocalShape(rng), randomTransform(rng, side), {}, i);
    for (int frame = 0; frame < 25; ++frame) {
      std::vector<double> xya;
      for (const BodyHandle b : hz.world.bodies()) {
        ModelBody& mb = hz.model.at(b);
        mb.xf.position = mb.xf.position + Vec2{rng.range(-1, 1), rng.range(-1, 1)};
        mb.xf.angle += 0.05;
        xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
      }
      ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      for (int q = 0; q < 10; ++q) ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
    }
    EXPECT_GT(hz.pairsChecked, 5000u);
  }
}

// Static bodies: a level of static pieces (some overlapping each other, which must never pair) with moving bodies,
// under churn that moves static bodies (re-binned one by one, by setTransform and by setTransforms over every body),
// adds and removes them (swap-remove renames static entries), and turns bodies static and back. Every frame is
// checked against brute force (pairs, bit-identical contacts, events) and so are the queries and rays, which visit
// both grids.
TEST(WorldStatic, ChurnMatchesBruteForce) {
  for (const double cell : {0.0, 2.5, 0.5}) {  // automatic, and fixed sizes: hashed grid, large bodies in both grids
    Rng rng{4242 + static_cast<std::uint64_t>(cell * 10)};
    Harness hz;
    hz.world.setCellSize(cell);
    const double side = 90;
    auto setStatic = [&](BodyHandle h, bool on) {
      ASSERT_TRUE(hz.world.setStatic(h, on).ok());
      hz.model.at(h).isStatic = on;
      bool got = !on;
      ASSERT_TRUE(hz.world.getStatic(h, got).ok());
      EXPECT_EQ(got, on);
    };
    for (int i = 0; i < 400; ++i) {
      ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), i));
      if (i % 4 != 0) {
        ASSERT_NO_FATAL_FAILURE(setStatic(std::prev(hz.model.end())->first, true));
      }
    }
    std::size_t staticPairsSeen = 0;
    for (int frame = 0; frame < 60; ++frame) {
      // Move the moving bodies (and, now and then, every body through the flat array with the static ones unchanged).
      std::vector<double> xya;
      for (const BodyHandle b : hz.world.bodies()) {
        ModelBody& mb = hz.model.at(b);
        if (!mb.isStatic) {
          mb.xf.position = mb.xf.position + Vec2{rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)};
          mb.xf.angle += 0.03;
        }
        xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
      }
      ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      // Churn: a few static bodies moved, added, removed, toggled.
      for (int op = 0; op < 12; ++op) {
        auto it = hz.model.begin();
        std::advance(it, rng.below(static_cast<int>(hz.model.size())));
        const BodyHandle h = it->first;
        ModelBody& m = it->second;
        const int k = rng.below(10);
        if (k < 3) {  // move one body (static ones leave their grid)
          Transform t = m.xf;
          t.position = rng.chance(0.5) ? t.position + Vec2{rng.range(-2, 2), rng.range(-2, 2)}
                                       : Vec2{rng.range(0, side), rng.range(0, side)};
          if (rng.chance(0.3)) t.angle += 0.5;
          ASSERT_TRUE(hz.world.setTransform(h, t).ok());
          m.xf = t;
        } else if (k < 5) {
          ASSERT_TRUE(hz.world.remove(h).ok());
          hz.model.erase(it);
        } else if (k < 7) {
          ASSERT_NO_FATAL_FAILURE(hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), frame));
          if (rng.chance(0.7)) {
            ASSERT_NO_FATAL_FAILURE(setStatic(std::prev(hz.model.end())->first, true));
          }
        } else if (k < 9) {
          ASSERT_NO_FATAL_FAILURE(setStatic(h, !m.isStatic));
        } else {  // the same transform again: a static body stays binned, nothing changes
          ASSERT_TRUE(hz.world.setTransform(h, m.xf).ok());
        }
      }
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      for (std::size_t p = 0; p < hz.world.pairCount(); ++p) {
        staticPairsSeen += hz.model.at(hz.world.pairBodies()[2 * p]).isStatic ||
                           hz.model.at(hz.world.pairBodies()[2 * p + 1]).isStatic;
      }
      for (int q = 0; q < 6; ++q) ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
    }
    EXPECT_GT(staticPairsSeen, 2000u);
    EXPECT_GT(hz.pairsChecked, 4000u);
    // Remove everything (static bodies included): every pair ends.
    for (const auto& [h, m] : hz.model) ASSERT_TRUE(hz.world.remove(h).ok());
    hz.model.clear();
    ASSERT_NO_FATAL_FAILURE(hz.checkStep());
    EXPECT_TRUE(hz.active.empty());
  }
}

// world_fuzz finding: a ray whose step box (widened by ~2^-50 of its coordinates: +-1024 at 1.15e18) covers too many
// cells of the moving bodies' fine grid made visitCells give up, and the huge static circles binned in their own coarse
// grid were never visited: raycastAll missed the one containing the ray's origin. Now the march falls back to every
// body when a step's box is too large for either grid.
TEST(WorldStatic, RayFarFromTheFineGridStillSeesTheCoarseStaticGrid) {
  World w;
  BodyHandle h = kNullBody;
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(w.addCircle({{0, 0}, 0.5}, {{static_cast<double>(i), 0}, 0}, i, {}, h).ok());
  BodyHandle target = kNullBody;
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(w.addCircle({{0, 0}, 1.7315827592208358e+168}, {{1344436877.1502955 + 4e168 * i, 1.1529215049980864e+18}, 0},
                            100 + i, {}, h).ok());
    ASSERT_TRUE(w.setStatic(h, true).ok());
    if (i == 0) target = h;
  }
  const Ray ray{{4.1729756895159565e-13, 1.152921504606847e+18}, {-1, -1}, 0.0};
  ASSERT_TRUE(w.raycastAll(ray).ok());
  ASSERT_EQ(w.rayHitCount(), 1u);
  EXPECT_EQ(w.rayHits()[0], static_cast<double>(target));
  EXPECT_EQ(w.rayHits()[1], 0.0);
  RayHit hit;
  BodyHandle body = kNullBody;
  ASSERT_TRUE(w.raycast(ray, hit, body).ok());
  EXPECT_EQ(body, target);
}

// Overlapping static bodies never pair; a static body turned moving pairs with them again at the next step.
TEST(WorldStatic, StaticBodiesNeverPairWithEachOther) {
  World w;
  std::vector<BodyHandle> pieces;
  for (int i = 0; i < 100; ++i) {  // a row of overlapping boxes: 99 overlapping neighbours
    BodyHandle h;
    ASSERT_TRUE(w.addAabb({{0, 0}, {1.5, 1}}, {{static_cast<double>(i), 0}, 0}, i, {}, h).ok());
    pieces.push_back(h);
  }
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 99u);
  EXPECT_EQ(w.beginEvents().size(), 2 * 99u);
  for (const BodyHandle h : pieces) ASSERT_TRUE(w.setStatic(h, true).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2 * 99u);
  ASSERT_TRUE(w.setStatic(pieces[50], false).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 2u);  // piece 50 with 49 and 51
  EXPECT_EQ(w.beginEvents().size(), 4u);
  bool s = true;
  EXPECT_TRUE(w.getStatic(pieces[50], s).ok());
  EXPECT_FALSE(s);
  EXPECT_EQ(w.setStatic(kNullBody, true).error, Error::InvalidArgument);
  EXPECT_EQ(w.getStatic(kNullBody, s).error, Error::InvalidArgument);
}

}  // namespace

namespace {

// Compound bodies (world.h, "Compound bodies"): random compounds (2..4 convex parts with offsets), concave outlines
// (decompose()'s parts) and bodies of one shape, under churn that adds, moves, turns, removes (compounds included),
// makes static and back; in each contact mode every frame equals brute force over the pieces (pairs, the deepest part
// pair's contact or manifold bit for bit, pairParts() records, events), and so do queries (queryParts), rays
// (rayHitParts) and shape casts (the part hit).
TEST(WorldCompound, ChurnMatchesBruteForce) {
  for (const ContactMode mode : {ContactMode::Contacts, ContactMode::PairsOnly, ContactMode::Manifolds}) {
    Rng rng{777 + static_cast<std::uint64_t>(mode)};
    Harness hz;
    hz.mode = mode;
    const double side = 80;
    auto addRandom = [&](int id) {
      const int kind = rng.below(10);
      if (kind < 4) {
        hz.addCompound(randomParts(rng), randomTransform(rng, side), randomFilter(rng), id);
      } else if (kind < 6) {
        hz.addOutline(randomOutline(rng), randomTransform(rng, side), randomFilter(rng), id);
      } else {
        hz.add(randomLocalShape(rng), randomTransform(rng, side), randomFilter(rng), id);
      }
    };
    for (int i = 0; i < 220; ++i) ASSERT_NO_FATAL_FAILURE(addRandom(i));
    for (int frame = 0; frame < 40; ++frame) {
      std::vector<double> xya;
      for (const BodyHandle b : hz.world.bodies()) {
        ModelBody& mb = hz.model.at(b);
        if (!mb.isStatic) {
          mb.xf.position = mb.xf.position + Vec2{rng.range(-1.2, 1.2), rng.range(-1.2, 1.2)};
          mb.xf.angle += frame % 3 == 0 ? 0.0 : 0.04;
        }
        xya.insert(xya.end(), {mb.xf.position.x, mb.xf.position.y, mb.xf.angle});
      }
      ASSERT_TRUE(hz.world.setTransforms(std::span<const double>(xya)).ok());
      for (int op = 0; op < 10; ++op) {
        auto it = hz.model.begin();
        std::advance(it, rng.below(static_cast<int>(hz.model.size())));
        const BodyHandle h = it->first;
        const int k = rng.below(10);
        if (k < 3) {
          ASSERT_TRUE(hz.world.remove(h).ok());
          hz.model.erase(it);
        } else if (k < 6) {
          ASSERT_NO_FATAL_FAILURE(addRandom(1000 + frame));
        } else if (k < 8) {
          const bool on = !it->second.isStatic;
          ASSERT_TRUE(hz.world.setStatic(h, on).ok());
          it->second.isStatic = on;
        } else {
          Transform t = it->second.xf;
          t.position = {rng.range(0, side), rng.range(0, side)};
          t.angle = rng.chance(0.3) ? 0.0 : rng.range(-3, 3);
          ASSERT_TRUE(hz.world.setTransform(h, t).ok());
          it->second.xf = t;
        }
      }
      ASSERT_NO_FATAL_FAILURE(hz.checkStep());
      for (int q = 0; q < 5; ++q) ASSERT_NO_FATAL_FAILURE(hz.checkQueries(rng, side));
    }
    EXPECT_GT(hz.compoundPairsChecked, 1500u) << "mode " << static_cast<int>(mode);
    EXPECT_GT(hz.compoundQueriesChecked, 300u);
    for (const auto& [h, m] : hz.model) ASSERT_TRUE(hz.world.remove(h).ok());
    hz.model.clear();
    ASSERT_NO_FATAL_FAILURE(hz.checkStep());
    EXPECT_TRUE(hz.active.empty());
  }
}

// Two parts of one body touching another body: the pair is reported once, with the deeper part's contact first and
// both part pairs listed; queries and rays name the part.
TEST(WorldCompound, DeepestPartIsReportedAndEveryTouchingPartListed) {
  World w;
  const std::vector<BodyPart> dumbbell{{Circle{{0, 0}, 1}, {{-2, 0}, 0}}, {Circle{{0, 0}, 1}, {{2, 0}, 0}}};
  BodyHandle a = kNullBody, b = kNullBody;
  ASSERT_TRUE(w.addCompound(dumbbell, {{0, 0}, 0}, 1, {}, a).ok());
  // A bar under both balls, deeper under the right one.
  ASSERT_TRUE(w.addPolygon(std::vector<Vec2>{{-4, -1.5}, {4, -0.5}, {4, 0}, {-4, -1}}, {{0, 0}, 0}, 2, {}, b).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  ASSERT_EQ(w.pairParts().size(), 6u);
  EXPECT_EQ(w.pairParts()[0], 0u);
  EXPECT_EQ(w.pairParts()[1], 1u);  // the right ball, deeper, first
  EXPECT_EQ(w.pairParts()[2], 0u);
  EXPECT_EQ(w.pairParts()[3], 0u);
  EXPECT_EQ(w.pairParts()[4], 0u);  // then the left one
  EXPECT_EQ(w.pairParts()[5], 0u);
  Shape right;
  ASSERT_TRUE(w.getPartShape(a, 1, right).ok());
  Shape bar;
  ASSERT_TRUE(w.getWorldShape(b, bar).ok());
  const Contact c = collide(right, bar);
  EXPECT_EQ(w.pairContacts()[2], c.depth);
  EXPECT_EQ(w.pairContacts()[0], c.normal.x);
  EXPECT_EQ(w.beginEvents().size(), 2u);
  // Queries, rays and casts name the part.
  ASSERT_TRUE(w.queryPoint({2.5, 0.2}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryResults()[0], a);
  EXPECT_EQ(w.queryParts()[0], 1u);
  ASSERT_TRUE(w.raycast(Ray{{10, 0.5}, {-1, 0}}).ok());
  ASSERT_EQ(w.rayHitCount(), 1u);
  EXPECT_EQ(w.rayHits()[0], static_cast<double>(a));
  EXPECT_EQ(w.rayHitParts()[0], 1u);
  WorldCastHit hit;
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 0.5}, {{-10, 3}, 0}, {0, -10}, hit, 1u).ok());
  EXPECT_FALSE(hit.hit);  // (the mask excludes nothing: category 1; but the circle passes left of both balls)
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 0.5}, {{-2, 5}, 0}, {0, -10}, hit).ok());
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.body, a);
  EXPECT_EQ(hit.part, 0u);
  EXPECT_NEAR(hit.fraction, 0.35, 1e-9);
  // Moving the compound moves every part.
  ASSERT_TRUE(w.setTransform(a, {{0, 10}, 0}).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2u);
  EXPECT_TRUE(w.pairParts().empty());
  Aabb box;
  ASSERT_TRUE(w.getBounds(a, box).ok());
  EXPECT_NEAR(box.min.x, -3, 1e-12);
  EXPECT_NEAR(box.max.y, 11, 1e-12);
  ASSERT_TRUE(w.getPartBounds(a, 0, box).ok());
  EXPECT_NEAR(box.max.x, -1, 1e-12);
}

// A part's local shape is its shape placed by its offset (the world-shape rules: an Aabb turned by the offset is a
// Box); part accessors, bad parts and compound-only errors.
TEST(WorldCompound, PartsOffsetsAccessorsAndErrors) {
  World w;
  const std::vector<BodyPart> parts{{Aabb{{-1, -1}, {1, 1}}, {{3, 0}, 0.5}}, {Circle{{1, 0}, 2}, {{0, 0}, 1.5}}};
  BodyHandle h = kNullBody;
  ASSERT_TRUE(w.addCompound(parts, {{10, 0}, 0}, 7, {}, h).ok());
  std::size_t n = 0;
  ASSERT_TRUE(w.getPartCount(h, n).ok());
  EXPECT_EQ(n, 2u);
  Shape local;
  ASSERT_TRUE(w.getLocalPartShape(h, 0, local).ok());
  EXPECT_TRUE(world_model::sameBits(local, worldShapeOf(parts[0].shape, parts[0].offset)));
  ASSERT_TRUE(std::holds_alternative<Box>(local));
  ASSERT_TRUE(w.getLocalPartShape(h, 1, local).ok());
  EXPECT_TRUE(world_model::sameBits(local, Circle{apply(parts[1].offset, {1, 0}), 2}));
  Shape world;
  ASSERT_TRUE(w.getPartShape(h, 1, world).ok());
  EXPECT_TRUE(world_model::sameBits(world, worldShapeOf(local, {{10, 0}, 0})));
  // Compound-only and bad-part errors.
  EXPECT_EQ(w.getWorldShape(h, world).error, Error::InvalidArgument);
  EXPECT_EQ(w.getLocalShape(h, world).error, Error::InvalidArgument);
  EXPECT_EQ(std::string(w.getPartShape(h, 2, world).field), "part");
  EXPECT_EQ(std::string(w.getLocalPartShape(h, 9, world).field), "part");
  Aabb box;
  EXPECT_EQ(std::string(w.getPartBounds(h, 2, box).field), "part");
  ShapeType type;
  ASSERT_TRUE(w.getShapeType(h, type).ok());
  EXPECT_EQ(type, ShapeType::Compound);
  // A body of one shape has one part, part 0 being its shape.
  BodyHandle c = kNullBody;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0, 0}, 0}, 1, {}, c).ok());
  ASSERT_TRUE(w.getPartCount(c, n).ok());
  EXPECT_EQ(n, 1u);
  ASSERT_TRUE(w.getPartShape(c, 0, world).ok());
  EXPECT_TRUE(world_model::sameBits(world, Circle{{0, 0}, 1}));
  EXPECT_EQ(std::string(w.getPartShape(c, 1, world).field), "part");
  // Bad compounds change nothing and name the part.
  const std::size_t bodies = w.bodyCount();
  BodyHandle bad = 123;
  std::size_t failed = 0;
  EXPECT_EQ(w.addCompound({}, {{0, 0}, 0}, 0, {}, bad).field, std::string("parts"));
  EXPECT_EQ(bad, kNullBody);
  const std::vector<BodyPart> badRadius{{Circle{{0, 0}, 1}, {}}, {Circle{{0, 0}, -1}, {}}};
  const Status s = w.addCompound(badRadius, {{0, 0}, 0}, 0, {}, bad, &failed);
  EXPECT_EQ(s.error, Error::NegativeRadius);
  EXPECT_EQ(failed, 1u);
  const std::vector<BodyPart> badOffset{{Circle{{0, 0}, 1}, {{kNaN, 0}, 0}}};
  EXPECT_EQ(w.addCompound(badOffset, {{0, 0}, 0}, 0, {}, bad, &failed).error, Error::NotFinite);
  EXPECT_EQ(failed, 0u);
  const std::vector<BodyPart> far{{Circle{{0, 0}, 1}, {}}, {Circle{{0, 0}, 1}, {{1e300, 0}, 0}}};
  EXPECT_EQ(w.addCompound(far, {{1e299, 0}, 0}, 0, {}, bad, &failed).field, std::string("transform"));
  EXPECT_EQ(failed, 1u);
  std::vector<BodyPart> many(World::kMaxParts + 1, BodyPart{Circle{{0, 0}, 1}, {}});
  EXPECT_EQ(w.addCompound(many, {{0, 0}, 0}, 0, {}, bad).field, std::string("parts"));
  EXPECT_EQ(w.bodyCount(), bodies);
  // A compound far out is refused as a body would be; moving it there too.
  EXPECT_EQ(w.setTransform(h, {{2e300, 0}, 0}).field, std::string("transform"));
}

// addOutline: a convex outline is a Polygon body; a concave one a compound of decompose()'s parts; a self-crossing one
// is refused with the crossing edges.
TEST(WorldCompound, OutlinesConvexConcaveAndSelfCrossing) {
  World w;
  BodyHandle h = kNullBody;
  const std::vector<Vec2> square{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  ASSERT_TRUE(w.addOutline(square, {{0, 0}, 0}, 0, {}, h).ok());
  ShapeType type;
  ASSERT_TRUE(w.getShapeType(h, type).ok());
  EXPECT_EQ(type, ShapeType::Polygon);
  const std::vector<Vec2> ell{{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 2}, {0, 2}};
  ASSERT_TRUE(w.addOutline(ell, {{10, 0}, 0.3}, 0, {}, h).ok());
  ASSERT_TRUE(w.getShapeType(h, type).ok());
  EXPECT_EQ(type, ShapeType::Compound);
  std::vector<Polygon> pieces;
  ASSERT_TRUE(decompose(ell, pieces).ok());
  std::size_t n = 0;
  ASSERT_TRUE(w.getPartCount(h, n).ok());
  ASSERT_EQ(n, pieces.size());
  for (std::size_t k = 0; k < n; ++k) {
    Shape local;
    ASSERT_TRUE(w.getLocalPartShape(h, k, local).ok());
    EXPECT_TRUE(world_model::sameBits(local, pieces[k]));
  }
  // The notch of the L is empty: a point there is in no part.
  ASSERT_TRUE(w.queryPoint(apply({{10, 0}, 0.3}, {1.5, 1.5})).ok());
  EXPECT_TRUE(w.queryResults().empty());
  ASSERT_TRUE(w.queryPoint(apply({{10, 0}, 0.3}, {0.25, 1.5})).ok());
  EXPECT_EQ(w.queryResults().size(), 1u);
  const std::vector<Vec2> bowtie{{0, 0}, {2, 2}, {2, 0}, {0, 2}};
  DecomposeInfo info;
  const std::size_t before = w.bodyCount();
  const Status s = w.addOutline(bowtie, {{0, 0}, 0}, 0, {}, h, &info);
  EXPECT_EQ(s.error, Error::NotConvex);
  EXPECT_EQ(std::string(s.field), "edges");
  EXPECT_EQ(info.edgeA, 0u);
  EXPECT_EQ(info.edgeB, 2u);
  EXPECT_EQ(h, kNullBody);
  EXPECT_EQ(w.bodyCount(), before);
  EXPECT_EQ(w.addOutline(std::vector<Vec2>{{0, 0}, {1, 1}, {2, 2}}, {{0, 0}, 0}, 0, {}, h).error, Error::Collinear);
}

}  // namespace
