// World::castShape, World::moveAndSlide and the contact modes, each against brute force over the bodies with the core
// functions (cast, overlaps, collideManifold) on the world shapes.
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include "splitmix.h"
#include "world_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTwoPi = 6.283185307179586;
constexpr double kEps = std::numeric_limits<double>::epsilon();

std::uint32_t slotOf(BodyHandle h) { return h & 0xFFFFFu; }

struct Rng {  // splitmix64
  std::uint64_t s;
  std::uint64_t next() { return test_rng::splitmix64(s); }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }
  double range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(double p) { return uniform() < p; }
};

Shape randomPolygon(Rng& rng, double radius) {
  while (true) {
    const int n = 3 + rng.below(6);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles) a = rng.range(0, kTwoPi);
    std::sort(angles.begin(), angles.end());
    std::vector<Vec2> pts;
    const Vec2 off{rng.range(-1, 1), rng.range(-1, 1)};
    for (const double a : angles) pts.push_back(off + Vec2{radius * std::cos(a), radius * std::sin(a)});
    Polygon p;
    if (Polygon::create(pts, p)) return p;
  }
}

Shape randomLocalShape(Rng& rng, double size) {
  const double scale = rng.chance(0.02) ? 30.0 : 1.0;  // a few huge bodies (the grid's "large" list)
  switch (rng.below(5)) {
    case 0: return Circle{{rng.range(-1, 1), rng.range(-1, 1)}, rng.range(0.2, 1) * size * scale};
    case 1: {
      const Vec2 mn{rng.range(-2, 0), rng.range(-2, 0)};
      return Aabb{mn, mn + Vec2{rng.range(0.3, 2) * size * scale, rng.range(0.3, 2) * size * scale}};
    }
    case 2:
      return Box{{rng.range(-1, 1), rng.range(-1, 1)}, {rng.range(0.2, 1) * size * scale, rng.range(0.2, 1) * size * scale},
                 rng.chance(0.3) ? 0.0 : rng.range(-3, 3)};
    case 3: return randomPolygon(rng, rng.range(0.3, 1.2) * size * scale);
    default: {
      const Vec2 a{rng.range(-2, 2) * size * scale, rng.range(-2, 2) * size * scale};
      return Segment{a, rng.chance(0.05) ? a : Vec2{rng.range(-2, 2) * size * scale, rng.range(-2, 2) * size * scale}};
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
  return f;
}

// The documented placement of castShape's shape: a body's world shape, except a polygon: Polygon::transformed.
Shape placed(const Shape& local, const Transform& xf) {
  if (const auto* p = std::get_if<Polygon>(&local)) return p->transformed(xf);
  return world_model::worldShapeOf(local, xf);
}

CastHit castShapes(const Shape& q, Vec2 d, const Shape& body) {
  return std::visit([&](const auto& a, const auto& b) { return cast(a, Motion{d, 0.0}, b, Motion{}); }, q, body);
}

bool overlapShapes(const Shape& a, const Shape& b) {
  return std::visit([](const auto& x, const auto& y) { return overlapsAny(x, y); }, a, b);
}

// Brute force: core cast() against every body's world shape; smallest fraction, then smallest slot index.
WorldCastHit bruteCast(const World& w, const Shape& local, const Transform& xf, Vec2 d, std::uint32_t mask) {
  const Shape q = placed(local, xf);
  WorldCastHit best;
  for (const BodyHandle h : w.bodies()) {
    Filter f;
    Shape s;
    EXPECT_TRUE(w.getFilter(h, f).ok());
    EXPECT_TRUE(w.getWorldShape(h, s).ok());
    if ((f.category & mask) == 0) continue;
    const CastHit c = castShapes(q, d, s);
    if (!c.hit) continue;
    if (best.hit && (c.fraction > best.fraction || (c.fraction == best.fraction && slotOf(h) > slotOf(best.body)))) {
      continue;
    }
    best = {true, h, c.fraction, c.point, c.normal};
  }
  return best;
}

void expectSameHit(const WorldCastHit& got, const WorldCastHit& want, const char* what) {
  ASSERT_EQ(got.hit, want.hit) << what;
  EXPECT_EQ(got.body, want.body) << what;
  EXPECT_EQ(got.fraction, want.fraction) << what;
  EXPECT_EQ(got.point.x, want.point.x) << what;
  EXPECT_EQ(got.point.y, want.point.y) << what;
  EXPECT_EQ(got.normal.x, want.normal.x) << what;
  EXPECT_EQ(got.normal.y, want.normal.y) << what;
}

Vec2 randomTranslation(Rng& rng, double side) {
  switch (rng.below(6)) {
    case 0: return {0, 0};
    case 1: return {rng.range(-side, side), 0};  // along an axis
    case 2: return {0, rng.range(-side, side)};
    case 3: return {rng.range(-3, 3), rng.range(-3, 3)};  // short
    default: return {rng.range(-side, side), rng.range(-side, side)};
  }
}

void fillWorld(World& w, Rng& rng, int n, double side, double size, bool filters) {
  for (int i = 0; i < n; ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addShape(randomLocalShape(rng, size), randomTransform(rng, side), i,
                           filters ? randomFilter(rng) : Filter{}, h).ok());
  }
}

TEST(WorldCastShape, MatchesBruteForceOnRandomWorlds) {
  int hits = 0, misses = 0, starts = 0, casts = 0;
  for (const double cell : {0.0, 3.0, 0.4}) {
    Rng rng{777 + static_cast<std::uint64_t>(cell * 10)};
    World w;
    w.setCellSize(cell);
    const double side = 100;
    ASSERT_NO_FATAL_FAILURE(fillWorld(w, rng, 300, side, 2.0, true));
    // Some churn so that slots, generations and body order are not trivial.
    for (int i = 0; i < 60; ++i) ASSERT_TRUE(w.remove(w.bodies()[static_cast<std::size_t>(rng.below(250))]).ok());
    ASSERT_NO_FATAL_FAILURE(fillWorld(w, rng, 40, side, 2.0, true));
    // Larger static pieces in their own grid (a coarser cell), and half the others static too.
    ASSERT_NO_FATAL_FAILURE(fillWorld(w, rng, 60, side, 6.0, true));
    for (std::size_t i = 0; i < w.bodyCount(); i += 2) ASSERT_TRUE(w.setStatic(w.bodies()[i], true).ok());
    for (int q = 0; q < 400; ++q) {
      const Shape local = randomLocalShape(rng, 1.0);
      const Transform xf = randomTransform(rng, side);
      const Vec2 d = randomTranslation(rng, side);
      const std::uint32_t mask = rng.chance(0.7) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(1 + rng.below(7));
      WorldCastHit got;
      ASSERT_TRUE(w.castShape(local, xf, d, got, mask).ok());
      const WorldCastHit want = bruteCast(w, local, xf, d, mask);
      ASSERT_NO_FATAL_FAILURE(expectSameHit(got, want, "castShape vs brute force"));
      // The record in rayHits().
      ASSERT_EQ(w.rayHitCount(), got.hit ? 1u : 0u);
      if (got.hit) {
        const auto r = w.rayHits();
        EXPECT_EQ(r[0], static_cast<double>(got.body));
        EXPECT_EQ(r[1], got.fraction);
        EXPECT_EQ(r[4], got.normal.x);
        ++hits;
        starts += got.fraction == 0.0;
      } else {
        ++misses;
      }
      ++casts;
      if (q % 50 == 0) {  // the world moves on: bodies move, the grid is rebuilt
        std::vector<double> xya;
        for (const BodyHandle h : w.bodies()) {
          Transform t;
          ASSERT_TRUE(w.getTransform(h, t).ok());
          xya.insert(xya.end(), {t.position.x + rng.range(-1, 1), t.position.y + rng.range(-1, 1), t.angle + 0.1});
        }
        ASSERT_TRUE(w.setTransforms(std::span<const double>(xya)).ok());
        ASSERT_TRUE(w.step().ok());
      }
    }
  }
  EXPECT_EQ(casts, 1200);
  EXPECT_GT(hits, 300);    // the scenes are dense enough to matter
  EXPECT_GT(misses, 100);
  EXPECT_GT(starts, 10);   // casts starting in contact and moving in
}

TEST(WorldCastShape, WallAheadNoTunnellingAndMask) {
  World w;
  BodyHandle wall, thin;
  ASSERT_TRUE(w.addAabb(Aabb{{0, -5}, {2, 5}}, {{10, 0}, 0}, 1, Filter{2, 0xFFFFFFFFu, 0}, wall).ok());
  ASSERT_TRUE(w.addSegment(Segment{{0, -5}, {0, 5}}, {{30, 0}, 0}, 2, Filter{4, 0xFFFFFFFFu, 0}, thin).ok());
  WorldCastHit h;
  // A unit circle moving 20 to the right touches the wall's face x = 10 after 9: fraction 0.45.
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 1}, {{0, 0}, 0}, {20, 0}, h).ok());
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.body, wall);
  EXPECT_NEAR(h.fraction, 0.45, 1e-9);
  EXPECT_LE(h.fraction, 0.45);  // never after the exact contact
  EXPECT_NEAR(h.normal.x, 1.0, 1e-12);
  EXPECT_NEAR(h.point.x, 10.0, 1e-9);
  // The mask skips the wall: the thin segment at x = 30 is hit even at a tunnelling speed (1e6 per step).
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 1}, {{0, 0}, 0}, {1e6, 0}, h, 4).ok());
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.body, thin);
  EXPECT_NEAR(h.fraction, 29e-6, 1e-12);
  // Mask matching nothing: no hit, fraction 1, nothing in rayHits().
  ASSERT_TRUE(w.castShape(Circle{{0, 0}, 1}, {{0, 0}, 0}, {1e6, 0}, h, 8).ok());
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.fraction, 1.0);
  EXPECT_EQ(h.body, kNullBody);
  EXPECT_EQ(w.rayHitCount(), 0u);
  // A polygon placed by a rotated transform: a square of half side 1 turned by 90 degrees is the same square.
  const std::vector<Vec2> sq{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  Polygon p;
  ASSERT_TRUE(Polygon::create(sq, p).ok());
  ASSERT_TRUE(w.castShape(p, {{0, 0}, 1.5707963267948966}, {20, 0}, h).ok());
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.fraction, 0.45, 1e-9);
  // Starting in contact: moving into the wall is a hit at 0, moving away is not (entry convention of cast()).
  ASSERT_TRUE(w.castShape(Circle{{9, 0}, 1}, {{0, 0}, 0}, {1, 0}, h).ok());
  EXPECT_TRUE(h.hit);
  EXPECT_EQ(h.fraction, 0.0);
  ASSERT_TRUE(w.castShape(Circle{{9, 0}, 1}, {{0, 0}, 0}, {-1, 0}, h).ok());
  EXPECT_FALSE(h.hit);
  ASSERT_TRUE(w.castShape(Circle{{9, 0}, 1}, {{0, 0}, 0}, {0, 1}, h).ok());  // sliding along the face
  EXPECT_FALSE(h.hit);
}

TEST(WorldCastShape, BadInputIsNamed) {
  World w;
  BodyHandle b;
  ASSERT_TRUE(w.addCircle(Circle{{0, 0}, 1}, {{5, 0}, 0}, 0, {}, b).ok());
  WorldCastHit h;
  Status s = w.castShape(Circle{{0, 0}, 1}, {{0, 0}, 0}, {kNaN, 0}, h);
  EXPECT_FALSE(s.ok());
  EXPECT_STREQ(s.field, "translation");
  EXPECT_FALSE(h.hit);
  s = w.castShape(Circle{{0, 0}, -1}, {{0, 0}, 0}, {1, 0}, h);
  EXPECT_FALSE(s.ok());
  EXPECT_STREQ(s.field, "radius");
  s = w.castShape(Circle{{0, 0}, 1}, {{kNaN, 0}, 0}, {1, 0}, h);
  EXPECT_FALSE(s.ok());
  s = w.castShape(Circle{{0, 0}, 1}, {{1e308, 0}, 0}, {1e308, 0}, h);  // the swept shape leaves the doubles
  EXPECT_FALSE(s.ok());
  EXPECT_STREQ(s.field, "transform");
  EXPECT_EQ(w.rayHitCount(), 0u);
  WorldSlideResult r;
  s = w.moveAndSlide(Circle{{0, 0}, 1}, {{0, 0}, 0}, {0, kNaN}, 4, r);
  EXPECT_STREQ(s.field, "displacement");
  EXPECT_EQ(r.hitCount, 0);
  EXPECT_EQ(r.position.x, 0.0);
  // An empty world: no hit, the whole motion.
  World empty;
  ASSERT_TRUE(empty.castShape(Circle{{0, 0}, 1}, {{0, 0}, 0}, {1, 0}, h).ok());
  EXPECT_FALSE(h.hit);
  ASSERT_TRUE(empty.moveAndSlide(Circle{{0, 0}, 1}, {{0, 0}, 0}, {3, 4}, 4, r).ok());
  EXPECT_EQ(r.position.x, 3.0);
  EXPECT_EQ(r.position.y, 4.0);
}

// ---------------------------------------------------------------------------------------------------------------
// moveAndSlide
// ---------------------------------------------------------------------------------------------------------------

// The algorithm of world.h written again over the brute-force cast.
WorldSlideResult referenceSlide(const World& w, const Shape& local, const Transform& xf, Vec2 disp, int maxIt,
                                std::uint32_t mask) {
  WorldSlideResult out;
  const int iterations = maxIt;
  Vec2 pos = xf.position, remaining = disp, prev{0, 0};
  for (int i = 0; i < iterations && !(remaining == Vec2{0, 0}); ++i) {
    const WorldCastHit h = bruteCast(w, local, {pos, xf.angle}, remaining, mask);
    ++out.iterations;
    if (!h.hit) {
      pos = pos + remaining;
      break;
    }
    Vec2 stop = pos + remaining * h.fraction;
    if (h.fraction > 0) {
      Shape body;
      EXPECT_TRUE(w.getWorldShape(h.body, body).ok());
      const double len = length(remaining), travelled = len * h.fraction;
      double skin = 4 * kEps * std::max({std::fabs(pos.x), std::fabs(pos.y), std::fabs(stop.x), std::fabs(stop.y), len});
      for (int k = 0; k < 64; ++k) {
        if (!overlapShapes(placed(local, {stop, xf.angle}), body)) break;
        if (!(skin < travelled) || k == 63) {
          stop = pos;
          break;
        }
        stop = pos + remaining * ((travelled - skin) / len);
        skin *= 2;
      }
    }
    pos = stop;
    out.hits[out.hitCount++] = h;
    const Vec2 n = -h.normal;
    Vec2 rest = remaining * (1.0 - h.fraction);
    rest = rest - n * dot(rest, n);
    if (prev != Vec2{0, 0} && dot(rest, prev) < -8 * kEps * length(rest)) rest = {0, 0};
    prev = n;
    remaining = rest;
  }
  out.position = pos;
  return out;
}

bool overlapsAnyBody(const World& w, const Shape& q, std::vector<BodyHandle>* which = nullptr) {
  bool any = false;
  for (const BodyHandle h : w.bodies()) {
    Shape s;
    EXPECT_TRUE(w.getWorldShape(h, s).ok());
    if (overlapShapes(q, s)) {
      any = true;
      if (which != nullptr) which->push_back(h);
    }
  }
  return any;
}

TEST(WorldMoveAndSlide, SlidesAlongAWallAndStopsInACorner) {
  World w;
  BodyHandle floor, wall;
  ASSERT_TRUE(w.addAabb(Aabb{{-100, -1}, {100, 0}}, {}, 0, {}, floor).ok());
  ASSERT_TRUE(w.addAabb(Aabb{{5, 0}, {6, 10}}, {}, 0, {}, wall).ok());
  WorldSlideResult r;
  // A box of half size 0.5 just above the floor pushed down-right: it meets the floor and slides on it, then the
  // wall at x = 5 stops it: its centre ends at x <= 4.5, y >= 0.5, in contact with both.
  const Shape box = Box{{0, 0}, {0.5, 0.5}, 0};
  ASSERT_TRUE(w.moveAndSlide(box, {{0, 0.6}, 0}, {10, -1}, 4, r).ok());
  EXPECT_EQ(r.hitCount, 2);
  EXPECT_EQ(r.hits[0].body, floor);
  EXPECT_EQ(r.hits[1].body, wall);
  EXPECT_LE(r.position.x, 4.5);
  EXPECT_NEAR(r.position.x, 4.5, 1e-9);
  EXPECT_GE(r.position.y, 0.5);
  EXPECT_NEAR(r.position.y, 0.5, 1e-9);
  EXPECT_FALSE(overlapsAnyBody(w, placed(box, {r.position, 0})));
  EXPECT_EQ(w.rayHitCount(), 2u);
  EXPECT_EQ(w.rayHits()[0], static_cast<double>(floor));
  EXPECT_EQ(w.rayHits()[6], static_cast<double>(wall));
  // Pushed further into the corner: it stays there (the slide along the wall would go into the floor).
  const Vec2 corner = r.position;
  ASSERT_TRUE(w.moveAndSlide(box, {corner, 0}, {3, -3}, 8, r).ok());
  EXPECT_NEAR(r.position.x, corner.x, 1e-9);
  EXPECT_NEAR(r.position.y, corner.y, 1e-9);
  EXPECT_FALSE(overlapsAnyBody(w, placed(box, {r.position, 0})));
  // A circle sliding along the floor without pressing on it is not stopped: the whole displacement.
  ASSERT_TRUE(w.moveAndSlide(Circle{{0, 0}, 0.5}, {{-50, 0.5}, 0}, {20, 0}, 4, r).ok());
  EXPECT_EQ(r.hitCount, 0);
  EXPECT_EQ(r.position.x, -30.0);
  // One iteration: stops at the first contact.
  ASSERT_TRUE(w.moveAndSlide(box, {{0, 0.6}, 0}, {10, -1}, 1, r).ok());
  EXPECT_EQ(r.hitCount, 1);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_NEAR(r.position.x, 1.0, 1e-9);  // down 0.1 of the -1: fraction 0.1
}

TEST(WorldMoveAndSlide, StartingInOverlap) {
  World w;
  BodyHandle floor;
  ASSERT_TRUE(w.addAabb(Aabb{{-100, -1}, {100, 0}}, {}, 0, {}, floor).ok());
  WorldSlideResult r;
  // Sunk 0.2 into the floor. Moving further down-right: stopped at once, the motion into the floor removed, it slides
  // right (never pushed out, never deeper).
  ASSERT_TRUE(w.moveAndSlide(Circle{{0, 0}, 0.5}, {{0, 0.3}, 0}, {4, -2}, 4, r).ok());
  ASSERT_GE(r.hitCount, 1);
  EXPECT_EQ(r.hits[0].fraction, 0.0);
  EXPECT_NEAR(r.position.x, 4.0, 1e-9);
  EXPECT_NEAR(r.position.y, 0.3, 1e-9);
  // Moving up and out: free, the whole displacement.
  ASSERT_TRUE(w.moveAndSlide(Circle{{0, 0}, 0.5}, {{0, 0.3}, 0}, {1, 2}, 4, r).ok());
  EXPECT_EQ(r.hitCount, 0);
  EXPECT_EQ(r.position.x, 1.0);
  EXPECT_EQ(r.position.y, 2.3);
}

TEST(WorldMoveAndSlide, RandomWorldsEqualReferenceAndNeverEndInside) {
  int hits = 0, slides = 0, multi = 0;
  for (const double cell : {0.0, 2.5}) {
    Rng rng{4242 + static_cast<std::uint64_t>(cell * 10)};
    World w;
    w.setCellSize(cell);
    const double side = 60;
    ASSERT_NO_FATAL_FAILURE(fillWorld(w, rng, 150, side, 2.0, true));
    for (std::size_t i = 0; i < w.bodyCount(); i += 3) ASSERT_TRUE(w.setStatic(w.bodies()[i], true).ok());
    int done = 0;
    while (done < 250) {
      const Shape local = randomLocalShape(rng, 0.6);
      const Transform xf = randomTransform(rng, side);
      const std::uint32_t mask = rng.chance(0.8) ? 0xFFFFFFFFu : static_cast<std::uint32_t>(1 + rng.below(7));
      const Shape start = placed(local, xf);
      // Only starts clear of every body in the mask (the promise covers those).
      bool clear = true;
      for (const BodyHandle h : w.bodies()) {
        Filter f;
        Shape s;
        ASSERT_TRUE(w.getFilter(h, f).ok());
        ASSERT_TRUE(w.getWorldShape(h, s).ok());
        if ((f.category & mask) != 0 && overlapShapes(start, s)) clear = false;
      }
      if (!clear) continue;
      ++done;
      const Vec2 d = randomTranslation(rng, 30);
      const int maxIt = 1 + rng.below(8);
      WorldSlideResult got;
      ASSERT_TRUE(w.moveAndSlide(local, xf, d, maxIt, got, mask).ok());
      const WorldSlideResult want = referenceSlide(w, local, xf, d, maxIt, mask);
      // The first leg is the reference's (the same cast) unless its first hit was a graze the mover passed (then it
      // meets its first hit later, or none); later legs may differ (normals of faces taken exactly, grazes passed).
      ASSERT_LE(got.iterations, maxIt);
      ASSERT_LE(got.hitCount, got.iterations);
      if (want.hitCount == 0) {
        ASSERT_EQ(got.hitCount, 0);
        EXPECT_EQ(got.position.x, want.position.x);
        EXPECT_EQ(got.position.y, want.position.y);
      } else if (got.hitCount > 0 && got.hits[0].fraction == want.hits[0].fraction) {
        EXPECT_EQ(got.hits[0].body, want.hits[0].body);
      } else if (got.hitCount > 0) {
        EXPECT_GT(got.hits[0].fraction, want.hits[0].fraction);
      }
      ASSERT_EQ(w.rayHitCount(), static_cast<std::size_t>(got.hitCount));
      // Never ends overlapping a body of the mask.
      const Shape end = placed(local, {got.position, xf.angle});
      for (const BodyHandle h : w.bodies()) {
        Filter f;
        Shape s;
        ASSERT_TRUE(w.getFilter(h, f).ok());
        ASSERT_TRUE(w.getWorldShape(h, s).ok());
        if ((f.category & mask) != 0) {
          ASSERT_FALSE(overlapShapes(end, s)) << "ends inside body " << h << " after " << got.hitCount << " hits";
        }
      }
      hits += got.hitCount > 0;
      multi += got.hitCount > 1;
      slides += got.hitCount > 0 && !(got.position == xf.position + d * got.hits[0].fraction);
    }
  }
  EXPECT_GT(hits, 100);
  EXPECT_GT(multi, 10);
  EXPECT_GT(slides, 50);
}

// With random controller options (skin, up, maxSlopeAngle, snapToGround, autostep, maxIterations): never ends
// overlapping a body of the mask it started clear of, the flags need up, groundNormal is unit when grounded.
TEST(WorldMoveAndSlide, RandomWorldsWithOptionsNeverEndInside) {
  Rng rng{777};
  World w;
  const double side = 50;
  ASSERT_NO_FATAL_FAILURE(fillWorld(w, rng, 140, side, 2.0, false));
  for (std::size_t i = 0; i < w.bodyCount(); i += 2) ASSERT_TRUE(w.setStatic(w.bodies()[i], true).ok());
  int done = 0, grounded = 0, stepsOn = 0;
  while (done < 1000) {
    const Shape local = randomLocalShape(rng, 0.6);
    const Transform xf = randomTransform(rng, side);
    const Shape start = placed(local, xf);
    bool clear = true;
    for (const BodyHandle h : w.bodies()) {
      Shape s;
      ASSERT_TRUE(w.getWorldShape(h, s).ok());
      if (overlapShapes(start, s)) clear = false;
    }
    if (!clear) continue;
    ++done;
    SlideOptions o;
    o.maxIterations = 1 + rng.below(8);
    if (rng.chance(0.5)) o.skin = rng.chance(0.5) ? 0.01 : 0.2;
    if (rng.chance(0.8)) {
      const double a = rng.chance(0.5) ? 1.5707963267948966 : rng.range(-3.14, 3.14);
      o.up = {std::cos(a), std::sin(a)};
      if (rng.chance(0.5)) o.maxSlopeAngle = rng.range(0, 1.5);
      if (rng.chance(0.5)) o.snapToGround = rng.range(0, 1);
      if (rng.chance(0.5)) o.autostep = {rng.range(0, 1), rng.range(0, 0.5)};
    }
    const Vec2 d = randomTranslation(rng, 10);
    WorldSlideResult r;
    ASSERT_TRUE(w.moveAndSlide(local, xf, d, o, r).ok());
    ASSERT_LE(r.iterations, o.maxIterations);
    const Shape end = placed(local, {r.position, xf.angle});
    for (const BodyHandle h : w.bodies()) {
      Shape s;
      ASSERT_TRUE(w.getWorldShape(h, s).ok());
      ASSERT_FALSE(overlapShapes(end, s)) << "ends inside body " << h << " (case " << done << ")";
    }
    if (o.up == Vec2{0, 0}) {
      ASSERT_FALSE(r.grounded || r.onWall || r.onCeiling);
    } else if (r.grounded) {
      ++grounded;
      ASSERT_NEAR(length(r.groundNormal), 1.0, 1e-12);
      ASSERT_GE(dot(r.groundNormal, o.up), o.maxSlopeAngle >= 0 ? std::cos(o.maxSlopeAngle) - 1e-9 : std::cos(0.7854));
    }
    stepsOn += o.autostep.maxHeight > 0;
  }
  EXPECT_GT(grounded, 20);
  EXPECT_GT(stepsOn, 50);
}

// ---------------------------------------------------------------------------------------------------------------
// Contact modes
// ---------------------------------------------------------------------------------------------------------------

void expectSameU32(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << what << " at " << i;
}

// Four worlds given the same operations: Contacts, PairsOnly, Manifolds, and one switching mode every frame.
TEST(WorldContactModes, SamePairsAndEventsManifoldsEqualCollideManifold) {
  for (const double cell : {0.0, 3.0}) {
    Rng rng{31337 + static_cast<std::uint64_t>(cell)};
    World worlds[4];
    worlds[1].setContactMode(ContactMode::PairsOnly);
    worlds[2].setContactMode(ContactMode::Manifolds);
    for (World& w : worlds) w.setCellSize(cell);
    const double side = 80;
    std::size_t pairs = 0, manifoldPoints2 = 0;
    for (int frame = 0; frame < 60; ++frame) {
      // churn: adds, removes, moves (every body moves: the moving-crowd pattern)
      const int adds = frame == 0 ? 250 : rng.below(8);
      for (int i = 0; i < adds; ++i) {
        const Shape s = randomLocalShape(rng, 3.0);
        const Transform xf = randomTransform(rng, side);
        for (World& w : worlds) {
          BodyHandle h;
          ASSERT_TRUE(w.addShape(s, xf, i, {}, h).ok());
        }
      }
      const int removes = frame == 0 ? 0 : rng.below(8);
      for (int i = 0; i < removes; ++i) {
        const BodyHandle h = worlds[0].bodies()[static_cast<std::size_t>(rng.below(static_cast<int>(worlds[0].bodyCount())))];
        for (World& w : worlds) ASSERT_TRUE(w.remove(h).ok());
      }
      std::vector<double> xya;
      for (const BodyHandle h : worlds[0].bodies()) {
        Transform t;
        ASSERT_TRUE(worlds[0].getTransform(h, t).ok());
        xya.insert(xya.end(), {t.position.x + rng.range(-1, 1), t.position.y + rng.range(-1, 1), t.angle + 0.03});
      }
      for (World& w : worlds) ASSERT_TRUE(w.setTransforms(std::span<const double>(xya)).ok());
      const ContactMode mode = static_cast<ContactMode>(frame % 3);
      worlds[3].setContactMode(mode);
      EXPECT_EQ(worlds[3].contactMode(), mode);
      for (World& w : worlds) ASSERT_TRUE(w.step().ok());
      for (int k = 1; k < 4; ++k) {
        ASSERT_NO_FATAL_FAILURE(expectSameU32(worlds[k].pairBodies(), worlds[0].pairBodies(), "pairs"));
        ASSERT_NO_FATAL_FAILURE(expectSameU32(worlds[k].beginEvents(), worlds[0].beginEvents(), "begins"));
        ASSERT_NO_FATAL_FAILURE(expectSameU32(worlds[k].endEvents(), worlds[0].endEvents(), "ends"));
      }
      EXPECT_EQ(worlds[0].pairContacts().size(), 5 * worlds[0].pairCount());
      EXPECT_TRUE(worlds[0].pairManifolds().empty());
      EXPECT_TRUE(worlds[1].pairContacts().empty());
      EXPECT_TRUE(worlds[1].pairManifolds().empty());
      EXPECT_TRUE(worlds[2].pairContacts().empty());
      // The switching world's results are those of its current mode.
      const World& sw = worlds[3];
      if (mode == ContactMode::Contacts) {
        ASSERT_EQ(sw.pairContacts().size(), worlds[0].pairContacts().size());
        EXPECT_TRUE(std::equal(sw.pairContacts().begin(), sw.pairContacts().end(), worlds[0].pairContacts().begin()));
        EXPECT_TRUE(sw.pairManifolds().empty());
      } else if (mode == ContactMode::PairsOnly) {
        EXPECT_TRUE(sw.pairContacts().empty());
        EXPECT_TRUE(sw.pairManifolds().empty());
      } else {
        EXPECT_TRUE(sw.pairContacts().empty());
        ASSERT_EQ(sw.pairManifolds().size(), worlds[2].pairManifolds().size());
        for (std::size_t i = 0; i < sw.pairManifolds().size(); ++i) {
          ASSERT_EQ(sw.pairManifolds()[i], worlds[2].pairManifolds()[i]) << i;  // (no NaN here: plain equality)
        }
      }
      // Manifolds: collideManifold(A, B) on the world shapes, bit for bit.
      const World& mw = worlds[2];
      ASSERT_EQ(mw.pairManifolds().size(), World::kPairManifoldStride * mw.pairCount());
      for (std::size_t p = 0; p < mw.pairCount(); ++p) {
        Shape a, b;
        ASSERT_TRUE(mw.getWorldShape(mw.pairBodies()[2 * p], a).ok());
        ASSERT_TRUE(mw.getWorldShape(mw.pairBodies()[2 * p + 1], b).ok());
        const Manifold m = std::visit([](const auto& x, const auto& y) { return collideManifold(x, y); }, a, b);
        const double* got = mw.pairManifolds().data() + World::kPairManifoldStride * p;
        ASSERT_GE(m.count, 1);
        ASSERT_EQ(got[0], m.normal.x);
        ASSERT_EQ(got[1], m.normal.y);
        ASSERT_EQ(got[2], static_cast<double>(m.count));
        for (int k = 0; k < 2; ++k) {
          const bool used = k < m.count;
          ASSERT_EQ(got[3 + 4 * k], used ? m.points[k].point.x : 0.0);
          ASSERT_EQ(got[4 + 4 * k], used ? m.points[k].point.y : 0.0);
          ASSERT_EQ(got[5 + 4 * k], used ? m.points[k].depth : 0.0);
          ASSERT_EQ(got[6 + 4 * k], used ? static_cast<double>(m.points[k].id) : 0.0);
        }
        manifoldPoints2 += m.count == 2;
      }
      pairs += worlds[0].pairCount();
    }
    EXPECT_GT(pairs, 3000u);
    EXPECT_GT(manifoldPoints2, 200u);
  }
  // An unknown mode is ignored.
  World w;
  w.setContactMode(static_cast<ContactMode>(7));
  EXPECT_EQ(w.contactMode(), ContactMode::Contacts);
}

}  // namespace
