// World: handles, bad input, filters, pairs and contacts, events, bodies and queries on small scenes, each checked
// against a brute-force evaluation with the core functions on independently built world shapes (world_harness.h).
// Randomized churn and static bodies: world_churn_test.cpp; compound bodies: world_compound_test.cpp.

#include "world_harness.h"

namespace {

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

}  // namespace
