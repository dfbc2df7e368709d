// World chain bodies (World::addChain, world.h "Chains"): construction and its errors, the accessors, every query,
// pairs and events, the ghost-vertex rule on contacts and manifolds (against the raw segment contacts a compound of
// the same segments reports), two-sidedness, closed loops, moving and removing a chain, and a chain of 10,000 points.
#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kPi = 3.14159265358979323846;

// A flat floor y = 0 from x = 0 to x = n, a vertex at every integer x.
std::vector<Vec2> flatFloor(int n) {
  std::vector<Vec2> p;
  for (int x = 0; x <= n; ++x) p.push_back({static_cast<double>(x), 0.0});
  return p;
}

// A square turned 45 degrees (a diamond) of half-diagonal h, its lowest vertex at `bottom`.
Polygon diamond(Vec2 bottom, double h) {
  const Vec2 pts[4] = {bottom, bottom + Vec2{h, h}, bottom + Vec2{0, 2 * h}, bottom + Vec2{-h, h}};
  Polygon p;
  EXPECT_TRUE(Polygon::create(pts, p).ok());
  return p;
}

BodyHandle addChain(World& w, const std::vector<Vec2>& pts, bool loop = false) {
  BodyHandle h = kNullBody;
  EXPECT_TRUE(w.addChain(pts, loop, {}, 7, {}, h).ok());
  return h;
}

}  // namespace

TEST(Chain, ConstructionErrorsNameTheArgumentAndThePoint) {
  World w;
  BodyHandle h = 123;
  std::size_t at = 0;
  const std::vector<Vec2> one{{0, 0}};
  Status s = w.addChain(one, false, {}, 0, {}, h, &at);
  EXPECT_EQ(s.error, Error::TooFewPoints);
  EXPECT_STREQ(s.field, "points");
  EXPECT_EQ(h, kNullBody);
  const std::vector<Vec2> two{{0, 0}, {1, 0}};
  EXPECT_TRUE(w.addChain(two, false, {}, 0, {}, h).ok());  // 2 points: one segment
  s = w.addChain(two, true, {}, 0, {}, h);                 // a loop needs 3
  EXPECT_EQ(s.error, Error::TooFewPoints);
  const std::vector<Vec2> nan{{0, 0}, {1, 0}, {2, std::nan("")}};
  s = w.addChain(nan, false, {}, 0, {}, h, &at);
  EXPECT_EQ(s.error, Error::NotFinite);
  EXPECT_STREQ(s.field, "points");
  EXPECT_EQ(at, 2u);
  const std::vector<Vec2> inf{{0, 0}, {INFINITY, 0}};
  EXPECT_EQ(w.addChain(inf, false, {}, 0, {}, h, &at).error, Error::NotFinite);
  EXPECT_EQ(at, 1u);
  const std::vector<Vec2> repeat{{0, 0}, {1, 0}, {1, 0}, {2, 0}};
  s = w.addChain(repeat, false, {}, 0, {}, h, &at);
  EXPECT_EQ(s.error, Error::ZeroDirection);
  EXPECT_STREQ(s.field, "points");
  EXPECT_EQ(at, 2u);
  const std::vector<Vec2> closedTwice{{0, 0}, {1, 0}, {1, 1}, {0, 0}};
  EXPECT_TRUE(w.addChain(closedTwice, false, {}, 0, {}, h).ok());  // open: the last point may equal the first
  s = w.addChain(closedTwice, true, {}, 0, {}, h, &at);             // a loop: that is a zero-length segment
  EXPECT_EQ(s.error, Error::ZeroDirection);
  EXPECT_EQ(at, 3u);
  const std::vector<Vec2> far{{0, 0}, {1e301, 0}};
  s = w.addChain(far, false, {}, 0, {}, h, &at);
  EXPECT_EQ(s.error, Error::InvalidArgument);
  EXPECT_STREQ(s.field, "transform");
  s = w.addChain(two, false, {{std::nan(""), 0}, 0}, 0, {}, h);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(w.bodyCount(), 2u);  // only the two good chains
}

TEST(Chain, AccessorsAndAlwaysStatic) {
  World w;
  const BodyHandle open = addChain(w, flatFloor(5));
  const BodyHandle loop = addChain(w, {{0, 0}, {4, 0}, {4, 4}, {0, 4}}, true);
  ShapeType t;
  ASSERT_TRUE(w.getShapeType(open, t).ok());
  EXPECT_EQ(t, ShapeType::Chain);
  std::size_t n = 0;
  ASSERT_TRUE(w.getPartCount(open, n).ok());
  EXPECT_EQ(n, 5u);  // open: points - 1 segments
  ASSERT_TRUE(w.getPartCount(loop, n).ok());
  EXPECT_EQ(n, 4u);  // loop: points segments
  Shape s;
  ASSERT_TRUE(w.getPartShape(loop, 3, s).ok());
  ASSERT_TRUE(std::holds_alternative<Segment>(s));
  EXPECT_EQ(std::get<Segment>(s).a, (Vec2{0, 4}));
  EXPECT_EQ(std::get<Segment>(s).b, (Vec2{0, 0}));  // the closing segment
  EXPECT_EQ(w.getPartShape(loop, 4, s).field, std::string("part"));
  EXPECT_EQ(w.getWorldShape(open, s).field, std::string("handle"));
  EXPECT_EQ(w.getLocalShape(open, s).field, std::string("handle"));
  bool st = false;
  ASSERT_TRUE(w.getStatic(open, st).ok());
  EXPECT_TRUE(st);
  EXPECT_EQ(w.setStatic(open, false).field, std::string("handle"));
  EXPECT_TRUE(w.setStatic(open, true).ok());
  ASSERT_TRUE(w.getStatic(open, st).ok());
  EXPECT_TRUE(st);
  double id = 0;
  ASSERT_TRUE(w.getUserId(open, id).ok());
  EXPECT_EQ(id, 7.0);
}

TEST(Chain, EveryQueryFindsTheSegment) {
  World w;
  const BodyHandle c = addChain(w, flatFloor(20));
  ASSERT_TRUE(w.queryPoint({12.5, 0}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryResults()[0], c);
  EXPECT_EQ(w.queryParts()[0], 12u);
  ASSERT_TRUE(w.queryPoint({12.5, 0.001}).ok());
  EXPECT_TRUE(w.queryResults().empty());
  ASSERT_TRUE(w.queryAabb(Aabb{{15.2, -0.1}, {15.4, 0.1}}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryParts()[0], 15u);
  ASSERT_TRUE(w.queryShape(Circle{{3.5, 0.2}, 0.25}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryParts()[0], 3u);
  ASSERT_TRUE(w.queryShape(Circle{{3.5, 0.3}, 0.25}).ok());
  EXPECT_TRUE(w.queryResults().empty());
  RayHit hit;
  BodyHandle body;
  ASSERT_TRUE(w.raycast(Ray{{17.25, 5}, {0, -1}}, hit, body).ok());
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(body, c);
  EXPECT_EQ(hit.fraction, 5.0);
  EXPECT_EQ(w.rayHitParts()[0], 17u);
  ASSERT_TRUE(w.raycast(Ray{{17.25, -5}, {0, 1}}, hit, body).ok());  // from below: two-sided
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(hit.normal, (Vec2{0, -1}));
  ASSERT_TRUE(w.raycastAll(Ray{{-1, 1}, {1, -0.105}}).ok());
  ASSERT_EQ(w.rayHitCount(), 1u);  // a chain is one body: listed once
  EXPECT_EQ(w.rayHitParts()[0], 8u);
  WorldCastHit ch;
  ASSERT_TRUE(w.castShape(Box{{0, 0}, {0.3, 0.3}, 0}, {{8.5, 2}, 0}, {0, -4}, ch).ok());
  ASSERT_TRUE(ch.hit);
  EXPECT_EQ(ch.body, c);
  EXPECT_NEAR(ch.fraction, 1.7 / 4, 1e-9);
  EXPECT_TRUE(ch.part == 8u || ch.part == 7u || ch.part == 9u);
  EXPECT_EQ(ch.normal, (Vec2{0, -1}));
}

// A diamond landing exactly on an internal vertex: each segment alone reports a diagonal normal (its end against the
// diamond's face); the chain reports the floor's normal. At an open end the corner is real: the raw normal is kept.
TEST(Chain, GhostVerticesGiveTheFaceNormal) {
  for (const ContactMode mode : {ContactMode::Contacts, ContactMode::Manifolds}) {
    World raw, w;
    raw.setContactMode(mode);
    w.setContactMode(mode);
    std::vector<BodyPart> parts;
    const std::vector<Vec2> pts = flatFloor(10);
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) parts.push_back(BodyPart{Segment{pts[i], pts[i + 1]}, {}});
    BodyHandle rc, c, b1, b2;
    ASSERT_TRUE(raw.addCompound(parts, {}, 0, {}, rc).ok());
    ASSERT_TRUE(raw.setStatic(rc, true).ok());
    c = addChain(w, pts);
    const Polygon d = diamond({5, -0.001}, 0.5);
    ASSERT_TRUE(raw.addPolygon(d, {}, 0, {}, b1).ok());
    ASSERT_TRUE(w.addPolygon(d, {}, 0, {}, b2).ok());
    ASSERT_TRUE(raw.step().ok());
    ASSERT_TRUE(w.step().ok());
    ASSERT_EQ(raw.pairCount(), 1u);
    ASSERT_EQ(w.pairCount(), 1u);
    EXPECT_EQ(w.pairBodies()[0], c);
    EXPECT_EQ(w.pairParts().size(), 6u);  // both segments at the vertex touch
    const double* rawN = mode == ContactMode::Contacts ? raw.pairContacts().data() : raw.pairManifolds().data();
    const double* n = mode == ContactMode::Contacts ? w.pairContacts().data() : w.pairManifolds().data();
    EXPECT_GT(std::fabs(rawN[0]), 0.5) << "the raw contact is diagonal (the test's premise)";
    EXPECT_EQ(n[0], 0.0);
    EXPECT_FALSE(std::signbit(n[0])) << "no negative zero";
    EXPECT_EQ(n[1], 1.0);
    if (mode == ContactMode::Contacts) {
      EXPECT_NEAR(n[2], 0.001, 1e-12);
    } else {
      EXPECT_EQ(n[2], 1.0);  // one point
      EXPECT_NEAR(n[5], 0.001, 1e-12);
    }
    // the open end at x = 0: a real corner, the raw normal
    ASSERT_TRUE(w.setTransform(b2, {{-5, 0}, 0}).ok());
    ASSERT_TRUE(raw.setTransform(b1, {{-5, 0}, 0}).ok());
    ASSERT_TRUE(raw.step().ok());
    ASSERT_TRUE(w.step().ok());
    ASSERT_EQ(w.pairCount(), 1u);
    const double* rawE = mode == ContactMode::Contacts ? raw.pairContacts().data() : raw.pairManifolds().data();
    const double* e = mode == ContactMode::Contacts ? w.pairContacts().data() : w.pairManifolds().data();
    EXPECT_EQ(e[0], rawE[0]);
    EXPECT_EQ(e[1], rawE[1]);
    EXPECT_GT(std::fabs(e[0]), 0.5);
  }
}

// A convex vertex (the floor turns down 30 degrees at x = 5): a corner the diamond can really touch; a normal inside
// the vertex region is kept. The same vertex seen from below is concave: the normal becomes a face's.
TEST(Chain, ConvexVertexKeepsItsRegionConcaveDoesNot) {
  World w;
  const double drop = std::tan(30 * kPi / 180);
  const BodyHandle c = addChain(w, {{0, 0}, {5, 0}, {10, -5 * drop}});
  // A circle centred above the vertex slightly to the right: its normal (from the vertex) lies between (0, 1) and the
  // slope's normal: kept.
  BodyHandle b;
  ASSERT_TRUE(w.addCircle(Circle{{5.05, 0.2}, 0.25}, {}, 0, {}, b).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  EXPECT_EQ(w.pairBodies()[0], c);
  const Contact raw = collide(Segment{{0, 0}, {5, 0}}, Circle{{5.05, 0.2}, 0.25});
  const double* k = w.pairContacts().data();
  ASSERT_TRUE(raw.hit);
  const Contact rawSlope = collide(Segment{{5, 0}, {10, -5 * drop}}, Circle{{5.05, 0.2}, 0.25});
  const Contact& deeper = rawSlope.hit && rawSlope.depth > raw.depth ? rawSlope : raw;
  EXPECT_EQ(k[0], deeper.normal.x);
  EXPECT_EQ(k[1], deeper.normal.y);
  // From below the vertex is concave: a thin box poking up past the vertex from below, within both segments' ends.
  ASSERT_TRUE(w.setTransform(b, {{0, -0.26}, 0}).ok());  // the circle (centre 5.05, -0.06) under the vertex
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  k = w.pairContacts().data();
  // a face's normal on the lower side: (0, -1) of the flat one or the slope's lower normal
  const Vec2 slopeDown{-std::sin(30 * kPi / 180), -std::cos(30 * kPi / 180)};
  const bool flat = k[0] == 0.0 && k[1] == -1.0;
  const bool slope = std::fabs(k[0] - slopeDown.x) < 1e-12 && std::fabs(k[1] - slopeDown.y) < 1e-12;
  EXPECT_TRUE(flat || slope) << k[0] << " " << k[1];
}

// Two-sided: a body below the floor pairs with it, normal down; events begin and end as for any body.
TEST(Chain, TwoSidedPairsAndEvents) {
  World w;
  const BodyHandle c = addChain(w, flatFloor(10));
  BodyHandle b;
  ASSERT_TRUE(w.addBox(Box{{0, 0}, {0.5, 0.5}, 0}, {{3.5, -0.49}, 0}, 0, {}, b).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  EXPECT_EQ(w.beginEvents().size(), 2u);
  EXPECT_EQ(w.pairContacts()[0], 0.0);
  EXPECT_EQ(w.pairContacts()[1], -1.0);
  EXPECT_NEAR(w.pairContacts()[2], 0.01, 1e-12);
  ASSERT_TRUE(w.setTransform(b, {{3.5, -0.6}, 0}).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  ASSERT_EQ(w.endEvents().size(), 2u);
  EXPECT_EQ(w.endEvents()[0], c);
  // a filter that refuses the chain
  ASSERT_TRUE(w.setTransform(b, {{3.5, -0.49}, 0}).ok());
  ASSERT_TRUE(w.setFilter(b, Filter{2, 2, 0}).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  ASSERT_TRUE(w.remove(c).ok());
  ASSERT_TRUE(w.queryPoint({8.5, 0}).ok());
  EXPECT_TRUE(w.queryResults().empty());
}

// A chain moved (setTransform) is found where it went (its tree refitted), not where it was.
TEST(Chain, MovedChainIsFoundWhereItWent) {
  World w;
  const BodyHandle c = addChain(w, flatFloor(50));
  ASSERT_TRUE(w.setTransform(c, {{100, 10}, kPi / 2}).ok());
  ASSERT_TRUE(w.queryPoint({25.5, 0}).ok());
  EXPECT_TRUE(w.queryResults().empty());
  ASSERT_TRUE(w.queryAabb(Aabb{{99.9, 35.2}, {100.1, 35.4}}).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryParts()[0], 25u);
}

// A closed loop (a room): walking inside along its floor and on its roof outside, through the loop's closing
// vertex, never catches; landing on the corner from outside touches the real corner.
TEST(Chain, ClosedLoopRoom) {
  World w;
  std::vector<Vec2> room;
  for (int x = 0; x < 20; ++x) room.push_back({static_cast<double>(x), 0});
  for (int y = 0; y < 10; ++y) room.push_back({20, static_cast<double>(y)});
  for (int x = 20; x > 0; --x) room.push_back({static_cast<double>(x), 10});
  for (int y = 10; y > 0; --y) room.push_back({0, static_cast<double>(y)});
  std::rotate(room.begin(), room.begin() + 10, room.end());  // the loop closes at (10, 0), mid-floor
  addChain(w, room, true);
  const Box ch{{0, 0}, {0.3, 0.4}, 0};
  for (const double dir : {1.0, -1.0}) {
    Vec2 pos{dir > 0 ? 0.3 : 19.7, 0.4};  // inside, on the floor, against a wall
    for (int s = 0; s < 190; ++s) {
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(ch, {pos, 0}, {dir * 0.1, -0.01}, 4, r).ok());
      ASSERT_EQ(r.position.y, 0.4) << s;
      ASSERT_NEAR(r.position.x, pos.x + dir * 0.1, 1e-12) << s;
      pos = r.position;
    }
  }
  Vec2 pos{0.3, 10.4};  // outside, on the roof
  for (int s = 0; s < 150; ++s) {
    WorldSlideResult r;
    ASSERT_TRUE(w.moveAndSlide(ch, {pos, 0}, {0.1, -0.01}, 4, r).ok());
    ASSERT_EQ(r.position.y, 10.4) << s;
    ASSERT_NEAR(r.position.x, pos.x + 0.1, 1e-12) << s;
    pos = r.position;
  }
  pos = {-0.3, 10.4};  // outside, beside the left wall's top: slides down along it, x kept
  for (int s = 0; s < 50; ++s) {
    WorldSlideResult r;
    ASSERT_TRUE(w.moveAndSlide(ch, {pos, 0}, {0.1, -0.05}, 4, r).ok());
    ASSERT_EQ(r.position.x, -0.3) << s;
    ASSERT_NEAR(r.position.y, pos.y - 0.05, 1e-12) << s;
    pos = r.position;
  }
}

// 10,000 points: added, queried (point, ray, cast, slide) and stepped against moving bodies; each query finds the
// segment under it; memory per segment stays bounded.
TEST(Chain, TenThousandPoints) {
  World w;
  std::vector<Vec2> pts;
  for (int i = 0; i < 10000; ++i) pts.push_back({i * 0.5, std::sin(i * 0.01)});
  const std::size_t before = w.heapBytes();
  const BodyHandle c = addChain(w, pts);
  const std::size_t perSegment = (w.heapBytes() - before) / 9999;
  EXPECT_LT(perSegment, 160u) << perSegment;  // (world.h: about 140 bytes per segment)
  const Vec2 mid = (pts[7777] + pts[7778]) * 0.5;
  ASSERT_TRUE(w.queryPoint(mid).ok());
  ASSERT_EQ(w.queryResults().size(), 1u);
  EXPECT_EQ(w.queryParts()[0], 7777u);
  RayHit hit;
  BodyHandle body;
  ASSERT_TRUE(w.raycast(Ray{{mid.x, 5}, {0, -1}}, hit, body).ok());
  ASSERT_EQ(body, c);
  EXPECT_EQ(w.rayHitParts()[0], 7777u);
  WorldCastHit ch;
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 0.2}, {{pts[1234].x, 5}, 0}, {0, -10}, ch).ok());
  ASSERT_TRUE(ch.hit);
  EXPECT_TRUE(ch.part == 1233u || ch.part == 1234u) << ch.part;
  Vec2 pos{100.0, std::sin(200 * 0.01) + 0.3 + 1e-3};
  for (int s = 0; s < 100; ++s) {
    WorldSlideResult r;
    SlideOptions o;
    o.up = {0, 1};
    o.maxSlopeAngle = kPi / 4;
    ASSERT_TRUE(w.moveAndSlide(Circle{{0, 0}, 0.3}, {pos, 0}, {0.2, -0.05}, o, r).ok());
    ASSERT_GT(r.position.x - pos.x, 0.19) << s;
    pos = r.position;
  }
  std::vector<BodyHandle> movers;
  for (int i = 0; i < 200; ++i) {
    BodyHandle b;
    const double x = 10.0 + i * 24.0;
    const double y = std::sin(x / 0.5 * 0.01);
    ASSERT_TRUE(w.addCircle(Circle{{0, 0}, 0.3}, {{x, y + (i % 2 == 0 ? 0.25 : 0.5)}, 0}, 0, {}, b).ok());
  }
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 100u);  // the even ones touch
  for (std::size_t p = 0; p < w.pairCount(); ++p) EXPECT_EQ(w.pairBodies()[2 * p], c);
}

// world_fuzz's findings: a segment whose squared length leaves the doubles (longer than about 1e154) had a zero face
// normal (sqrt of an infinite square), and so had a segment that placing the chain rounds to length 0; the ghost
// rule then reported a normal (0, 0) with a depth measured along nothing. Now the long segment's face normal is
// hypot's, and a segment of length 0 (a point) keeps collide()'s normal. Both floors below are flat at y = 0, the
// circle (radius 1, centre 0.5 above the floor) straddling the vertex at x = 0 (world): normal (0, 1), depth 0.5.
TEST(Chain, HugeAndCollapsedSegmentsKeepAUnitNormal) {
  const double far = 0x1p53;  // (the ulp there is 2: local x = 0 and 0.25 land on the same world point)
  struct Case {
    std::vector<Vec2> pts;
    Transform xf;
  };
  const Case cases[2] = {{{{-1e160, 0}, {0, 0}, {1e160, 0}}, {}},
                         {{{-4, 0}, {0, 0}, {0.25, 0}, {8, 0}}, {{far, 0}, 0}}};
  for (const Case& c : cases) {
    for (const ContactMode mode : {ContactMode::Contacts, ContactMode::Manifolds}) {
      World w;
      w.setContactMode(mode);
      BodyHandle chain = kNullBody, b = kNullBody;
      ASSERT_TRUE(w.addChain(c.pts, false, c.xf, 0, {}, chain).ok());
      ASSERT_TRUE(w.addCircle(Circle{{c.xf.position.x + 0.3, 0.5}, 1.0}, {}, 0, {}, b).ok());
      ASSERT_TRUE(w.step().ok());
      ASSERT_EQ(w.pairCount(), 1u);
      const double* n = mode == ContactMode::Contacts ? w.pairContacts().data() : w.pairManifolds().data();
      EXPECT_EQ(n[0], 0.0) << "mode " << static_cast<int>(mode) << " first point " << c.pts[0].x;
      EXPECT_EQ(n[1], 1.0) << "mode " << static_cast<int>(mode) << " first point " << c.pts[0].x;
      if (mode == ContactMode::Contacts) {
        EXPECT_EQ(n[2], 0.5);
      }
    }
  }
}

// The mover beside a segment placed to length 0: the floor next to it still stops a box as the same floor without
// the collapsed point does (a collapsed neighbour has no face line to pass the floor's segment by; before, its zero
// normal "separated" the box from the floor and it fell through).
TEST(Chain, CollapsedSegmentIsNoFaceLineForTheMover) {
  const double far = 0x1p40;  // (the ulp there is 2^-12: local x = 0 and 2^-14 land on the same world point)
  Vec2 stops[2];
  for (int collapsed = 0; collapsed < 2; ++collapsed) {
    World w;
    BodyHandle chain = kNullBody;
    const std::vector<Vec2> pts = collapsed == 1 ? std::vector<Vec2>{{-4, 0}, {0, 0}, {0x1p-14, 0}, {8, 0}}
                                                 : std::vector<Vec2>{{-4, 0}, {0, 0}, {8, 0}};
    ASSERT_TRUE(w.addChain(pts, false, {{far, 0}, 0}, 0, {}, chain).ok());
    if (collapsed == 1) {
      Shape part;
      ASSERT_TRUE(w.getPartShape(chain, 1, part).ok());
      ASSERT_EQ(std::get<Segment>(part).a, std::get<Segment>(part).b) << "the test's premise: segment 1 collapsed";
    }
    WorldSlideResult r;
    ASSERT_TRUE(w.moveAndSlide(Box{{0, 0}, {2, 0.5}, 0}, {{far + 4, 2}, 0}, {0, -4}, 4, r).ok());
    ASSERT_GE(r.hitCount, 1) << "collapsed " << collapsed;
    EXPECT_EQ(r.hits[0].body, chain);
    EXPECT_GT(r.position.y, 0.0) << "collapsed " << collapsed;
    stops[collapsed] = r.position;
  }
  EXPECT_EQ(stops[1], stops[0]);
}
