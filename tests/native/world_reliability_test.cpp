// World reliability (issue 10): polygons that their transform degenerates, contacts identical to collide() on the
// documented world shapes on the benchmark's scene, and the broad-phase cliffs (outliers, far coordinates, tiny and
// huge cell settings, memory kept or given back) checked against brute force on the same kind of scene.
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "../../bench/scene.h"
#include "world_check.h"
#include "world_model.h"

namespace {

using namespace collide2d;
using world_model::boundsOverlap;
using world_model::expectPairsMatchBruteForce;
using world_model::sameBits;
using world_model::worldShapeOf;

std::uint32_t slotOf(BodyHandle h) { return h & 0xFFFFFu; }

// -- item 4: a polygon that its transform rounds onto a line ---------------------------------------------------------

TEST(WorldDegenerate, FarTriangleRoundedOntoALineMakesNoFalseContact) {
  // The reproducer: at x = 1e15 (ulp 0.125) the triangle's x coordinates all round to 1e15. It used to be a
  // "polygon" with two equal vertices whose SAT put the whole line x = 1e15 inside it: a pair with depth 30.45.
  World w;
  BodyHandle tri = kNullBody, ball = kNullBody, near = kNullBody;
  const Vec2 pts[3] = {{0, 0}, {0.05, 0}, {0, 0.05}};
  ASSERT_TRUE(w.addPolygon(std::span<const Vec2>(pts), {{1e15, 0}, 0}, 1, {}, tri).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 0.5}, {{1e15, 30}, 0}, 2, {}, ball).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  // It is the segment its rounded vertices span.
  Shape s;
  ASSERT_TRUE(w.getWorldShape(tri, s).ok());
  ASSERT_TRUE(std::holds_alternative<Segment>(s));
  EXPECT_EQ(std::get<Segment>(s).a, (Vec2{1e15, 0}));
  EXPECT_EQ(std::get<Segment>(s).b, (Vec2{1e15, 0.05}));
  ShapeType type;
  ASSERT_TRUE(w.getShapeType(tri, type).ok());
  EXPECT_EQ(type, ShapeType::Polygon);  // the body's own type does not change
  // A circle that does touch that segment pairs with it, with collide(circle, segment)'s contact.
  ASSERT_TRUE(w.addCircle({{0, 0}, 0.5}, {{1e15 - 0.25, 0.025}, 0}, 3, {}, near).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  EXPECT_EQ(w.pairBodies()[0], tri);
  EXPECT_EQ(w.pairBodies()[1], near);
  const Contact c = collide(s, Shape{Circle{{1e15 - 0.25, 0.025}, 0.5}});
  ASSERT_TRUE(c.hit);
  EXPECT_EQ(w.pairContacts()[2], c.depth);
  EXPECT_LE(c.depth, 0.5);
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
  // Moved back near the origin it is a triangle again (same storage), and the pair ends.
  ASSERT_TRUE(w.setTransform(tri, {{0, 0}, 0}).ok());
  ASSERT_TRUE(w.getWorldShape(tri, s).ok());
  ASSERT_TRUE(std::holds_alternative<Polygon>(s));
  EXPECT_EQ(std::get<Polygon>(s).size(), 3u);
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2u);
}

TEST(WorldDegenerate, SmallPolygonsFarAwayAreTheShapesTheirVerticesSpan) {
  // Small polygons at 1e13..1e17 and every angle: their rounded vertices are a polygon, a non-convex ring (hull), a
  // segment or a point. The world shape must be exactly the documented one, and every pair must match brute force
  // with circles placed around them.
  scene::Mulberry32 rng{2026};
  World w;
  std::size_t segments = 0, polygons = 0;
  for (int i = 0; i < 400; ++i) {
    const double far = std::ldexp(1.0, 43 + static_cast<int>(rng.next() * 14));  // 8.8e12 .. 1.4e17
    const int count = 3 + static_cast<int>(rng.next() * 5);
    std::vector<Vec2> pts;
    const double r = rng.range(0.01, 4.0);
    for (int k = 0; k < count; ++k) {
      const double a = 6.283185307179586 * (k + rng.range(0.1, 0.9)) / count;
      pts.push_back({r * std::cos(a), r * std::sin(a)});
    }
    BodyHandle h;
    const Vec2 at{far + rng.range(0, 64) * far * 0x1p-52, rng.range(-far, far)};
    ASSERT_TRUE(w.addPolygon(std::span<const Vec2>(pts), {at, rng.range(-4, 4)}, i, {}, h).ok());
    Shape s;
    ASSERT_TRUE(w.getWorldShape(h, s).ok());
    if (std::holds_alternative<Segment>(s)) {
      ++segments;
    } else {
      ++polygons;
      EXPECT_TRUE(validate(s).ok());  // a real polygon: convex, no repeated or collinear vertices
    }
    BodyHandle c;
    ASSERT_TRUE(w.addCircle({{0, 0}, rng.range(0.1, 3)}, {{at.x + rng.range(-6, 6), at.y + rng.range(-6, 6)}, 0}, -i, {}, c).ok());
  }
  EXPECT_GT(segments, 20u);
  EXPECT_GT(polygons, 20u);
  ASSERT_TRUE(w.step().ok());
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
}

TEST(WorldDegenerate, TransformsBeyondTheCoordinateRangeAreRejected) {
  World w;
  BodyHandle h;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{1e300 - 1e290, 0}, 0}, 0, {}, h).ok());
  EXPECT_EQ(w.setTransform(h, {{1.5e300, 0}, 0}).error, Error::InvalidArgument);
  EXPECT_STREQ(w.setTransform(h, {{0, -1.5e300}, 0}).field, "transform");
  const double xya[3] = {1e301, 0, 0};
  EXPECT_EQ(w.setTransforms(std::span<const double>(xya)).error, Error::InvalidArgument);
  BodyHandle g;
  EXPECT_EQ(w.addCircle({{0, 0}, 1e301}, {}, 0, {}, g).error, Error::InvalidArgument);
  EXPECT_EQ(g, kNullBody);
  Transform t;
  ASSERT_TRUE(w.getTransform(h, t).ok());
  EXPECT_EQ(t.position.x, 1e300 - 1e290);
  EXPECT_EQ(w.bodyCount(), 1u);
  // Shapes whose reach is beyond floats (the World keeps a body's reach as a float, recomputed exactly past 3.4e38):
  // the same limit, exactly. A circle of radius 4e299 fits at 6e299 (1e300 in all) and not at 6.5e299; so do a
  // polygon and a compound part of that size.
  BodyHandle big, poly, comp;
  ASSERT_TRUE(w.addCircle({{0, 0}, 4e299}, {{6e299, 0}, 0}, 0, {}, big).ok());
  EXPECT_EQ(w.setTransform(big, {{6.5e299, 0}, 0}).error, Error::InvalidArgument);
  EXPECT_TRUE(w.setTransform(big, {{0, -6e299}, 1}).ok());
  ASSERT_TRUE(w.addPolygon(std::vector<Vec2>{{-4e299, 0}, {0, -1e299}, {1e299, 0}}, {{6e299, 0}, 0}, 0, {}, poly).ok());
  EXPECT_EQ(w.setTransform(poly, {{0, 6.5e299}, 0}).error, Error::InvalidArgument);
  const std::vector<BodyPart> parts{{Circle{{0, 0}, 1}, {}}, {Circle{{0, 0}, 4e299}, {}}};
  ASSERT_TRUE(w.addCompound(parts, {{6e299, 0}, 0}, 0, {}, comp).ok());
  const double far[12] = {1e300 - 1e290, 0, 0, 0, 6e299, 0, 6e299, 0, 0, 6.5e299, 0, 0};
  EXPECT_EQ(w.setTransforms(std::span<const double>(far)).error, Error::InvalidArgument);
  const double fits[12] = {1e300 - 1e290, 0, 0, 0, 6e299, 0, 6e299, 0, 0, 6e299, 0, 0};
  EXPECT_TRUE(w.setTransforms(std::span<const double>(fits)).ok());
}

// -- item 7: contacts on the benchmark scene ---------------------------------------------------------------------------

void addScene(World& w, const scene::Scene& s) {
  ASSERT_TRUE(w.reserve(s.bodies.size()).ok());
  for (const scene::Body& b : s.bodies) {
    const Transform xf{{b.x, b.y}, b.angle};
    BodyHandle h = kNullBody;
    Status st;
    switch (b.kind) {
      case scene::Kind::Circle: st = w.addCircle({{0, 0}, b.a}, xf, 0, {}, h); break;
      case scene::Kind::Aabb: st = w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, {}, h); break;
      case scene::Kind::Box: st = w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, {}, h); break;
      case scene::Kind::Polygon: st = w.addPolygon(std::span<const double>(b.points), xf, 0, {}, h); break;
    }
    ASSERT_TRUE(st.ok());
  }
}

std::vector<double> transformsOf(const scene::Scene& s) {
  std::vector<double> xya;
  for (const scene::Body& b : s.bodies) xya.insert(xya.end(), {b.x, b.y, b.angle});
  return xya;
}

TEST(WorldContract, BenchmarkSceneContactsEqualCollideOnPolygonsBuiltFromTheWorldVertices) {
  // The 10k scene of bench/scene.h over four frames. Polygon contacts used to be those of the local polygon with its
  // normals rotated: 1,102 of 1,104 polygon-polygon contacts of the first frame differed (up to 9e-13) from
  // collide() on a polygon built from the world vertices, which is what a user (or JS) gets from getWorldShape.
  scene::Scene s = scene::makeScene(10000);
  World w;
  ASSERT_NO_FATAL_FAILURE(addScene(w, s));
  std::size_t polyPolyChecked = 0;
  for (int frame = 0; frame < 4; ++frame) {
    if (frame > 0) {
      for (int k = 0; k < 20; ++k) scene::advance(s);
      ASSERT_TRUE(w.setTransforms(transformsOf(s)).ok());
    }
    ASSERT_TRUE(w.step().ok());
    std::size_t pairs = 0;
    ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w, &pairs));
    EXPECT_GT(pairs, 14000u);
    // And against polygons re-created from getWorldShape's vertices, as a JS user does.
    const auto pb = w.pairBodies();
    const auto pc = w.pairContacts();
    for (std::size_t p = 0; p < w.pairCount(); ++p) {
      Shape a, b;
      ASSERT_TRUE(w.getWorldShape(pb[2 * p], a).ok());
      ASSERT_TRUE(w.getWorldShape(pb[2 * p + 1], b).ok());
      if (!std::holds_alternative<Polygon>(a) || !std::holds_alternative<Polygon>(b)) continue;
      Polygon ra, rb;
      const auto va = std::get<Polygon>(a).vertices(), vb = std::get<Polygon>(b).vertices();
      ASSERT_TRUE(Polygon::create(std::vector<Vec2>(va.begin(), va.end()), ra).ok());
      ASSERT_TRUE(Polygon::create(std::vector<Vec2>(vb.begin(), vb.end()), rb).ok());
      const Contact c = collide(ra, rb);
      ASSERT_TRUE(c.hit);
      EXPECT_EQ(pc[5 * p + 0], c.normal.x);
      EXPECT_EQ(pc[5 * p + 1], c.normal.y);
      EXPECT_EQ(pc[5 * p + 2], c.depth);
      EXPECT_EQ(pc[5 * p + 3], c.point.x);
      EXPECT_EQ(pc[5 * p + 4], c.point.y);
      ++polyPolyChecked;
    }
  }
  EXPECT_GT(polyPolyChecked, 4000u);
}

// Temporal coherence (world.h): the benchmark scene over 120 frames in PairsOnly and Contacts modes, with coherence
// on and off, gives the same pairs in the same order, bit-identical contacts and the same events at every frame,
// while certificates answer most candidates. Every 10th frame some bodies turn and some jump (their certificates must
// not be used), and a few are removed and added back.
TEST(WorldCoherence, BenchmarkSceneAnswersEqualAFreshComputation) {
  for (const ContactMode mode : {ContactMode::PairsOnly, ContactMode::Contacts}) {
    scene::Scene s = scene::makeScene(10000);
    World cached, fresh;
    fresh.setCoherence(false);
    ASSERT_TRUE(cached.coherence());
    EXPECT_FALSE(fresh.coherence());
    std::vector<BodyHandle> hc, hf;
    for (World* w : {&cached, &fresh}) {
      w->setContactMode(mode);
      ASSERT_NO_FATAL_FAILURE(addScene(*w, s));
    }
    std::size_t certified = 0, candidates = 0;
    for (int frame = 0; frame < 120; ++frame) {
      scene::advance(s);
      std::vector<double> xya = transformsOf(s);
      if (frame % 10 == 9) {
        for (std::size_t i = 0; i < s.bodies.size(); i += 37) xya[3 * i + 2] += 0.25;  // turn
        for (std::size_t i = 5; i < s.bodies.size(); i += 53) xya[3 * i] += 9.0;      // jump
      }
      for (World* w : {&cached, &fresh}) ASSERT_TRUE(w->setTransforms(xya).ok());
      if (frame % 30 == 15) {  // remove a few bodies and add circles in their place (slots reused)
        for (World* w : {&cached, &fresh}) {
          for (int k = 0; k < 20; ++k) ASSERT_TRUE(w->remove(w->bodies()[static_cast<std::size_t>(k * 97)]).ok());
          for (int k = 0; k < 20; ++k) {
            BodyHandle h;
            ASSERT_TRUE(w->addCircle({{0, 0}, 3}, {{s.side * k / 20.0, s.side / 2}, 0}, 0, {}, h).ok());
          }
          // (the body order changed: later frames move other bodies than the scene's, the same in both worlds)
        }
      }
      for (World* w : {&cached, &fresh}) ASSERT_TRUE(w->step().ok());
      ASSERT_EQ(std::vector<std::uint32_t>(cached.pairBodies().begin(), cached.pairBodies().end()),
                std::vector<std::uint32_t>(fresh.pairBodies().begin(), fresh.pairBodies().end()))
          << "frame " << frame;
      ASSERT_EQ(std::vector<double>(cached.pairContacts().begin(), cached.pairContacts().end()),
                std::vector<double>(fresh.pairContacts().begin(), fresh.pairContacts().end()));
      ASSERT_EQ(std::vector<std::uint32_t>(cached.beginEvents().begin(), cached.beginEvents().end()),
                std::vector<std::uint32_t>(fresh.beginEvents().begin(), fresh.beginEvents().end()));
      ASSERT_EQ(std::vector<std::uint32_t>(cached.endEvents().begin(), cached.endEvents().end()),
                std::vector<std::uint32_t>(fresh.endEvents().begin(), fresh.endEvents().end()));
      EXPECT_EQ(fresh.stepStats().certified, 0u);
      EXPECT_EQ(cached.stepStats().candidates, fresh.stepStats().candidates);
      if (frame > 0) {
        certified += cached.stepStats().certified;
        candidates += cached.stepStats().candidates;
      }
    }
    if (mode == ContactMode::Contacts) {
      ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(cached));
    }
    // Most candidates are answered by a certificate in PairsOnly mode; Contacts mode uses none (world.h).
    const double share = static_cast<double>(certified) / static_cast<double>(candidates);
    std::printf("coherence, mode %d: %.1f%% of %zu candidates certified\n", static_cast<int>(mode), 100 * share, candidates);
    if (mode == ContactMode::PairsOnly) {
      EXPECT_GT(share, 0.4);
    } else {
      EXPECT_EQ(certified, 0u);
    }
  }
}

// The certificates exist only while PairsOnly mode with coherence uses them (world.h, "Temporal coherence"): a step
// in another mode gives their 28 bytes per body back, and the answers stay a fresh computation's across the switches.
TEST(WorldCoherence, CertificatesExistOnlyWhileTheirModeUsesThem) {
  scene::Scene s = scene::makeScene(2000);
  World cached, fresh;
  fresh.setCoherence(false);
  for (World* w : {&cached, &fresh}) ASSERT_NO_FATAL_FAILURE(addScene(*w, s));
  const std::size_t n = cached.bodyCount();
  // Without motion every step sees the same candidates: only the certificates change what is held (after two steps,
  // when the two buffers of pair keys, this step's and the last one's, exist).
  for (int k = 0; k < 2; ++k) ASSERT_TRUE(cached.step().ok());
  const std::size_t contacts = cached.heapBytes();
  cached.setContactMode(ContactMode::PairsOnly);
  ASSERT_TRUE(cached.step().ok());
  const std::size_t pairsOnly = cached.heapBytes();
  EXPECT_GE(pairsOnly, contacts + 28 * n) << "the certificates are made at the first PairsOnly step";
  cached.setCoherence(false);
  ASSERT_TRUE(cached.step().ok());
  EXPECT_EQ(cached.heapBytes(), contacts) << "coherence off: the certificates are given back";
  cached.setCoherence(true);
  ASSERT_TRUE(cached.step().ok());
  EXPECT_EQ(cached.heapBytes(), pairsOnly);
  cached.setContactMode(ContactMode::Contacts);
  ASSERT_TRUE(cached.step().ok());
  EXPECT_EQ(cached.heapBytes(), contacts) << "Contacts mode: the certificates are given back";
  // Moving, switching mode and coherence every few frames (certificates made afresh, given back, made again).
  ASSERT_TRUE(fresh.step().ok());  // (the same pairs as cached's last step: nothing moved)
  std::size_t certified = 0;
  for (int frame = 0; frame < 60; ++frame) {
    scene::advance(s);
    const ContactMode mode = frame % 20 < 8 ? ContactMode::PairsOnly : frame % 20 < 12 ? ContactMode::Contacts
                                                                                        : ContactMode::PairsOnly;
    cached.setContactMode(mode);
    fresh.setContactMode(mode);
    cached.setCoherence(frame % 20 != 16);
    for (World* w : {&cached, &fresh}) ASSERT_TRUE(w->setTransforms(transformsOf(s)).ok());
    for (World* w : {&cached, &fresh}) ASSERT_TRUE(w->step().ok());
    ASSERT_EQ(std::vector<std::uint32_t>(cached.pairBodies().begin(), cached.pairBodies().end()),
              std::vector<std::uint32_t>(fresh.pairBodies().begin(), fresh.pairBodies().end()))
        << "frame " << frame;
    ASSERT_EQ(std::vector<std::uint32_t>(cached.beginEvents().begin(), cached.beginEvents().end()),
              std::vector<std::uint32_t>(fresh.beginEvents().begin(), fresh.beginEvents().end()));
    ASSERT_EQ(std::vector<std::uint32_t>(cached.endEvents().begin(), cached.endEvents().end()),
              std::vector<std::uint32_t>(fresh.endEvents().begin(), fresh.endEvents().end()));
    if (mode == ContactMode::Contacts || frame % 20 == 16) {
      EXPECT_EQ(cached.stepStats().certified, 0u) << frame;
    }
    certified += cached.stepStats().certified;
  }
  EXPECT_GT(certified, 0u);
}

// -- cliffs: the same scenes as bench/native/world_bench.cpp's BM_WorldOutlier, checked for correctness -----------

struct Circles {
  std::vector<double> x, y, r;
  double side = 0;
};
Circles circles(int n, std::uint32_t seed) {
  scene::Mulberry32 rng{seed};
  Circles c;
  c.side = std::sqrt(n * 115.0);
  for (int i = 0; i < n; ++i) {
    c.x.push_back(rng.range(0, c.side));
    c.y.push_back(rng.range(0, c.side));
    c.r.push_back(rng.range(1, 3));
  }
  return c;
}

void addCircles(World& w, const Circles& c, double offset) {
  for (std::size_t i = 0; i < c.x.size(); ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addCircle({{0, 0}, c.r[i]}, {{c.x[i] + offset, c.y[i] + offset}, 0}, 0, {}, h).ok());
  }
}

TEST(WorldCliffs, OutliersFarScenesAndCellSettingsMatchBruteForce) {
  // 0: plain; 1: one box of side 1e7; 2: one circle parked at (1e15, 1e15); 3: one at (-1e15, -1e15); 4, 5: the
  // scene translated by 1e12 / 1e15; 6: setCellSize(0.01); 7: setCellSize(1e9).
  for (int kind = 0; kind < 8; ++kind) {
    SCOPED_TRACE(kind);
    const Circles c = circles(3000, 77 + static_cast<std::uint32_t>(kind));
    const double offset = kind == 4 ? 1e12 : kind == 5 ? 1e15 : 0.0;
    World w;
    ASSERT_NO_FATAL_FAILURE(addCircles(w, c, offset));
    BodyHandle extra;
    if (kind == 1) { ASSERT_TRUE(w.addBox({{0, 0}, {0.5e7, 0.5e7}, 0}, {{-2e7, -2e7}, 0}, 0, {}, extra).ok()); }
    if (kind == 2) { ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{1e15, 1e15}, 0}, 0, {}, extra).ok()); }
    if (kind == 3) { ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{-1e15, -1e15}, 0}, 0, {}, extra).ok()); }
    if (kind == 6) w.setCellSize(0.01);
    if (kind == 7) w.setCellSize(1e9);
    ASSERT_TRUE(w.step().ok());
    std::size_t pairs = 0;
    ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w, &pairs));
    EXPECT_GT(pairs, 300u);
    // The cell in use stays near the bodies' size (extents 2..6, so typically 4..12): one outlier or a setting does
    // not make every body share a cell (the 200x cliff) or span thousands of cells.
    EXPECT_GE(w.cellSize(), 2.0);
    EXPECT_LE(w.cellSize(), kind == 7 ? 64.0 * 8 + 1 : 16.0);
    // Queries and rays on the same world against brute force.
    const double o = offset;
    ASSERT_TRUE(w.queryAabb({{o + 100, o + 100}, {o + 400, o + 300}}).ok());
    std::vector<BodyHandle> want;
    for (const BodyHandle h : w.bodies()) {
      Shape s;
      ASSERT_TRUE(w.getWorldShape(h, s).ok());
      if (overlaps(Shape{Aabb{{o + 100, o + 100}, {o + 400, o + 300}}}, s)) want.push_back(h);
    }
    std::sort(want.begin(), want.end(), [](BodyHandle a, BodyHandle b) { return slotOf(a) < slotOf(b); });
    EXPECT_EQ(std::vector<BodyHandle>(w.queryResults().begin(), w.queryResults().end()), want);
  }
}

TEST(WorldCliffs, NoBufferForPairsTheFiltersReject) {
  // 2,000 coincident circles whose filters reject each other: nothing may be buffered per candidate (the native
  // build used to keep every candidate before the filter: 516 MB at 10k bodies).
  World w;
  for (int i = 0; i < 2000; ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{0.001 * (i % 7), 0.001 * (i % 5)}, 0}, i, Filter{1, 0, 0}, h).ok());
  }
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_LT(w.heapBytes(), 2000u * 1024u);  // ~2M candidate pairs: 16 MB if they were buffered
  // With filters that accept, the same world has every pair.
  for (const BodyHandle h : std::vector<BodyHandle>(w.bodies().begin(), w.bodies().end())) {
    ASSERT_TRUE(w.setFilter(h, {}).ok());
  }
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 2000u * 1999u / 2u);
  EXPECT_EQ(w.beginEvents().size(), 2000u * 1999u);
}

namespace {
// Heavy (all bodies on one point) / light (apart) alternation keeps the heavy frame's buffers (hysteresis); a long
// run of light frames gives them back. On `threads` threads (the heavy frames are threaded, the light ones not: the
// chunks' buffers, unused by the light frames, are given back too).
void heavyThenLight(unsigned threads) {
  World w;
  ASSERT_TRUE(w.setThreadCount(threads).ok());
  const int n = 600;
  std::vector<double> together, apart;
  for (int i = 0; i < n; ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{10.0 * (i % 30), 10.0 * (i / 30)}, 0}, i, {}, h).ok());
    together.insert(together.end(), {0.001 * (i % 7), 0.001 * (i % 5), 0.0});
    apart.insert(apart.end(), {10.0 * (i % 30), 10.0 * (i / 30), 0.0});
  }
  ASSERT_TRUE(w.setTransforms(together).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), static_cast<std::size_t>(n * (n - 1) / 2));
  const std::size_t heavy = w.heapBytes();
  for (int k = 0; k < 30; ++k) {
    ASSERT_TRUE(w.setTransforms(apart).ok());
    ASSERT_TRUE(w.step().ok());
    ASSERT_EQ(w.pairCount(), 0u);
    EXPECT_GE(w.heapBytes(), heavy) << "light frame " << k << " gave the heavy frame's buffers back";
    ASSERT_TRUE(w.setTransforms(together).ok());
    ASSERT_TRUE(w.step().ok());
    ASSERT_EQ(w.pairCount(), static_cast<std::size_t>(n * (n - 1) / 2));
    EXPECT_EQ(w.beginEvents().size(), 2u * w.pairCount());
  }
  ASSERT_TRUE(w.setTransforms(apart).ok());
  for (int k = 0; k < 200; ++k) ASSERT_TRUE(w.step().ok());
  EXPECT_LT(w.heapBytes(), heavy / 4) << "slack kept after 200 light frames on " << threads << " thread(s)";
}
}  // namespace

TEST(WorldCliffs, HeavyFrameBuffersSurviveLightFramesThenShrink) { heavyThenLight(1); }

TEST(WorldCliffs, HeavyFrameBuffersSurviveLightFramesThenShrinkOnTwoThreads) {
  if (World::maxThreadCount() < 2) {  // a build without threads (the default wasm module) refuses a second one
    World w;
    EXPECT_EQ(w.setThreadCount(2).error, Error::InvalidArgument);
    return;
  }
  heavyThenLight(2);
}

TEST(WorldCliffs, LargeQueriesMatchBruteForce) {
  scene::Scene s = scene::makeScene(20000);
  World w;
  ASSERT_NO_FATAL_FAILURE(addScene(w, s));
  ASSERT_TRUE(w.step().ok());
  std::vector<Shape> shapes;
  for (const BodyHandle h : w.bodies()) {
    Shape sh;
    ASSERT_TRUE(w.getWorldShape(h, sh).ok());
    shapes.push_back(sh);
  }
  const double q = s.side;
  const Aabb boxes[] = {{{0, 0}, {q / 2, q / 2}}, {{-10, -10}, {q + 10, q + 10}}, {{q / 3, 0}, {q / 3 + 0.5, q}},
                        {{100, 100}, {130, 110}}};
  for (const Aabb& box : boxes) {
    ASSERT_TRUE(w.queryAabb(box).ok());
    std::vector<BodyHandle> want;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      if (overlaps(Shape{box}, shapes[i])) want.push_back(w.bodies()[i]);
    }
    std::sort(want.begin(), want.end(), [](BodyHandle a, BodyHandle b) { return slotOf(a) < slotOf(b); });
    EXPECT_EQ(std::vector<BodyHandle>(w.queryResults().begin(), w.queryResults().end()), want);
    EXPECT_FALSE(want.empty());
  }
}

}  // namespace
