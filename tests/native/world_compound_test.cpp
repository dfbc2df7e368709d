// World compound bodies: churn, the deepest part pair, parts, offsets, accessors and errors, and outlines (convex,
// concave, self-crossing), checked against a brute-force evaluation over the pieces (world_harness.h).

#include "world_harness.h"

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

// Compound pairs' certificates (PairsOnly mode with coherence): small bodies jittering inside and around static U
// outlines (compounds of 3 parts, as the level benchmark's) and moving U outlines among them (a compound against a
// compound: more part pairs than a certificate holds, tested every step). Every step equals brute force (pairs,
// pairParts() records in part order, events), and the certificates are used: the moving bodies are spaced so that
// no two simple bodies pair, so every certified candidate is a compound pair's.
TEST(WorldCompound, CompoundPairCertificatesKeepEveryAnswer) {
  Rng rng{4242};
  Harness hz;
  hz.mode = ContactMode::PairsOnly;
  const std::vector<Vec2> u{{0, 0}, {1.5, 0}, {1.5, 1.5}, {1.125, 1.5}, {1.125, 0.375}, {0.375, 0.375}, {0.375, 1.5}, {0, 1.5}};
  std::vector<BodyHandle> movers;
  for (int k = 0; k < 40; ++k) {
    const Vec2 at{4.0 * k, 0};
    ASSERT_NO_FATAL_FAILURE(hz.addOutline(u, Transform{at, 0}, Filter{}, k));
    const BodyHandle piece = hz.world.bodies().back();
    ASSERT_TRUE(hz.world.setStatic(piece, true).ok());
    hz.model.at(piece).isStatic = true;
    const Transform xf{at + Vec2{rng.range(0.1, 1.4), rng.range(0.1, 1.7)}, 0};
    if (k % 2 == 0) {
      ASSERT_NO_FATAL_FAILURE(hz.add(Circle{{0, 0}, rng.range(0.1, 0.3)}, xf, Filter{}, 100 + k));
    } else {
      ASSERT_NO_FATAL_FAILURE(hz.add(Aabb{{-0.2, -0.15}, {0.2, 0.15}}, xf, Filter{}, 100 + k));
    }
    movers.push_back(hz.world.bodies().back());
  }
  for (int k = 0; k < 4; ++k) {  // (a moving U astride two static ones)
    ASSERT_NO_FATAL_FAILURE(hz.addOutline(u, Transform{{8.0 * k + 1.2, 0.9}, 0}, Filter{}, 200 + k));
    movers.push_back(hz.world.bodies().back());
  }
  std::size_t certified = 0;
  const int frames = 60;
  for (int frame = 0; frame < frames; ++frame) {
    for (const BodyHandle h : movers) {
      ModelBody& mb = hz.model.at(h);
      mb.xf.position = mb.xf.position + Vec2{rng.range(-0.004, 0.004), rng.range(-0.004, 0.004)};
      ASSERT_TRUE(hz.world.setTransform(h, mb.xf).ok());
    }
    ASSERT_NO_FATAL_FAILURE(hz.checkStep());
    certified += hz.world.stepStats().certified;
  }
  EXPECT_GT(hz.compoundPairsChecked, 40u * frames / 2);
  EXPECT_GT(certified, 40u * frames / 2);  // (none before compound pairs had certificates)
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
