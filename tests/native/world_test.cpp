// World: handles, bad input, filters, pairs and contacts, events, queries and ray casts, each checked against a
// brute-force evaluation with the core functions on independently built world shapes.
#include <collide2d/world.h>

#include <gtest/gtest.h>

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
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
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
};

using PairKey = std::pair<BodyHandle, BodyHandle>;

// Handles of the model sorted by slot index, as the world sorts query results.
std::vector<BodyHandle> byIndex(std::vector<BodyHandle> v) {
  std::sort(v.begin(), v.end(), [](BodyHandle a, BodyHandle b) { return indexOf(a) < indexOf(b); });
  return v;
}

class Harness {
 public:
  World world;
  std::map<BodyHandle, ModelBody> model;
  std::set<PairKey> active;  // pairs begun and not yet ended, from the events
  std::size_t pairsChecked = 0, queriesChecked = 0;

  void add(const Shape& local, const Transform& xf, const Filter& f, double id) {
    BodyHandle h = kNullBody;
    ASSERT_TRUE(world.addShape(local, xf, id, f, h).ok());
    ASSERT_TRUE(model.emplace(h, ModelBody{local, xf, f, id}).second);
  }

  std::map<BodyHandle, Shape> worldShapes() const {
    std::map<BodyHandle, Shape> out;
    for (const auto& [h, b] : model) out.emplace(h, worldShapeOf(b.local, b.xf));
    return out;
  }

  void checkStep() {
    world.step();
    const auto shapes = worldShapes();
    // Expected pairs by brute force.
    std::map<PairKey, Contact> expected;
    for (auto i = model.begin(); i != model.end(); ++i) {
      for (auto j = std::next(i); j != model.end(); ++j) {
        BodyHandle a = i->first, b = j->first;
        if (!shouldCollide(i->second.filter, j->second.filter)) continue;
        if (i->second.isStatic && j->second.isStatic) continue;  // static bodies never pair with each other
        if (indexOf(a) > indexOf(b)) std::swap(a, b);
        const Contact c = collide(shapes.at(a), shapes.at(b));
        EXPECT_EQ(c.hit, overlaps(shapes.at(a), shapes.at(b)));
        if (c.hit) expected.emplace(PairKey{a, b}, c);
      }
    }
    // The world's pairs.
    const auto bodies = world.pairBodies();
    const auto contacts = world.pairContacts();
    ASSERT_EQ(bodies.size(), 2 * world.pairCount());
    ASSERT_EQ(contacts.size(), 5 * world.pairCount());
    ASSERT_EQ(world.pairCount(), expected.size());
    std::set<PairKey> seen;
    for (std::size_t p = 0; p < world.pairCount(); ++p) {
      const PairKey key{bodies[2 * p], bodies[2 * p + 1]};
      ASSERT_TRUE(seen.insert(key).second) << "duplicate pair";
      const auto it = expected.find(key);
      ASSERT_NE(it, expected.end()) << "unexpected pair " << key.first << " " << key.second;
      const Contact& c = it->second;
      EXPECT_EQ(contacts[5 * p + 0], c.normal.x);
      EXPECT_EQ(contacts[5 * p + 1], c.normal.y);
      EXPECT_EQ(contacts[5 * p + 2], c.depth);
      EXPECT_EQ(contacts[5 * p + 3], c.point.x);
      EXPECT_EQ(contacts[5 * p + 4], c.point.y);
      ++pairsChecked;
    }
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

  void checkQueries(Rng& rng, double side) {
    const auto shapes = worldShapes();
    const std::uint32_t mask = rng.chance(0.7) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(rng.below(8));
    auto inMask = [&](BodyHandle h) { return (model.at(h).filter.category & mask) != 0; };
    auto results = [&] { return std::vector<BodyHandle>(world.queryResults().begin(), world.queryResults().end()); };
    {  // AABB
      const Vec2 mn{rng.range(-10, side), rng.range(-10, side)};
      const Aabb box{mn, mn + Vec2{rng.range(0, 30), rng.range(0, 30)}};
      std::vector<BodyHandle> expected;
      for (const auto& [h, s] : shapes) {
        if (inMask(h) && overlaps(Shape{box}, s)) expected.push_back(h);
      }
      ASSERT_TRUE(world.queryAabb(box, mask).ok());
      EXPECT_EQ(results(), byIndex(expected));
    }
    {  // point
      const Vec2 p{rng.range(-5, side + 5), rng.range(-5, side + 5)};
      std::vector<BodyHandle> expected;
      for (const auto& [h, s] : shapes) {
        if (inMask(h) && contains(s, p)) expected.push_back(h);
      }
      ASSERT_TRUE(world.queryPoint(p, mask).ok());
      EXPECT_EQ(results(), byIndex(expected));
    }
    {  // shape
      const Shape q = randomQueryShape(rng, side);
      std::vector<BodyHandle> expected;
      for (const auto& [h, s] : shapes) {
        if (inMask(h) && overlaps(q, s)) expected.push_back(h);
      }
      ASSERT_TRUE(world.queryShape(q, mask).ok());
      EXPECT_EQ(results(), byIndex(expected));
    }
    {  // rays: closest and all
      const double a = rng.range(0, kTwoPi), len = rng.range(0.2, 3);
      const Ray ray{{rng.range(-10, side + 10), rng.range(-10, side + 10)},
                    {len * std::cos(a), len * std::sin(a)},
                    rng.chance(0.3) ? kInf : rng.range(0, 60)};
      struct Hit {
        double fraction;
        std::uint32_t index;
        BodyHandle h;
        RayHit hit;
      };
      std::vector<Hit> hits;
      for (const auto& [h, s] : shapes) {
        if (!inMask(h)) continue;
        const RayHit r = raycast(ray, s);
        if (r.hit) hits.push_back({r.fraction, indexOf(h), h, r});
      }
      std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) {
        return x.fraction < y.fraction || (x.fraction == y.fraction && x.index < y.index);
      });
      auto expectRecord = [&](const double* rec, const Hit& e) {
        EXPECT_EQ(rec[0], static_cast<double>(e.h));
        EXPECT_EQ(rec[1], e.hit.fraction);
        EXPECT_EQ(rec[2], e.hit.point.x);
        EXPECT_EQ(rec[3], e.hit.point.y);
        EXPECT_EQ(rec[4], e.hit.normal.x);
        EXPECT_EQ(rec[5], e.hit.normal.y);
      };
      RayHit closest;
      BodyHandle body = 0;
      ASSERT_TRUE(world.raycast(ray, closest, body, mask).ok());
      ASSERT_EQ(world.rayHitCount(), hits.empty() ? 0u : 1u);
      EXPECT_EQ(closest.hit, !hits.empty());
      if (!hits.empty()) {
        EXPECT_EQ(body, hits[0].h);
        expectRecord(world.rayHits().data(), hits[0]);
      } else {
        EXPECT_EQ(body, kNullBody);
      }
      ASSERT_TRUE(world.raycastAll(ray, mask).ok());
      ASSERT_EQ(world.rayHitCount(), hits.size());
      for (std::size_t i = 0; i < hits.size(); ++i) expectRecord(world.rayHits().data() + 6 * i, hits[i]);
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
