// A platformer gauntlet for World::moveAndSlide: floors, walls and ceilings of unit tiles of every static kind (aabb,
// box, polygon, segment, the parts of one compound body) laid edge to edge; box, capsule and circle characters;
// resting exactly on the tiles, a few ulps above them, landing on them, with and without gravity, at speeds from 1e-3
// to 2 tiles per step. Asserted at every step: never stopped at a seam (the whole free motion taken), never lifted
// (the exact y kept walking on a floor), never ending overlapping a body (overlaps() at the end), never through a thin
// wall. Then the controller's options: skin, up and the flags, maxSlopeAngle on slopes of 20, 40 and 60 degrees,
// snapToGround down stairs, and each option's range at its edge.
#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kPi = 3.14159265358979323846;

enum class Tile { Aabb, Box, Polygon, Segment, Compound, Chain };
const Tile kTiles[] = {Tile::Aabb, Tile::Box, Tile::Polygon, Tile::Segment, Tile::Compound, Tile::Chain};
const char* tileName(Tile t) {
  switch (t) {
    case Tile::Aabb: return "aabb";
    case Tile::Box: return "box";
    case Tile::Polygon: return "polygon";
    case Tile::Segment: return "segment";
    case Tile::Compound: return "compound";
    case Tile::Chain: return "chain";
  }
  return "?";
}

Shape square(Tile kind, double x, double y) {
  switch (kind) {
    case Tile::Box: return Box{{x + 0.5, y + 0.5}, {0.5, 0.5}, 0.0};
    case Tile::Polygon: {
      const Vec2 pts[4] = {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}};
      Polygon p;
      EXPECT_TRUE(Polygon::create(pts, p).ok());
      return p;
    }
    default: return Aabb{{x, y}, {x + 1, y + 1}};
  }
}

// Unit tiles with lower-left corners `cells`; a segment tile is its face toward `face` (the side the character is on);
// chain tiles are one chain body through the faces' ends (an internal vertex at every seam; cells consecutive).
void addTiles(World& w, Tile kind, const std::vector<Vec2>& cells, Vec2 face) {
  std::vector<BodyPart> parts;
  std::vector<Vec2> chain;
  for (const Vec2 c : cells) {
    Shape s;
    if (kind == Tile::Segment || kind == Tile::Chain) {
      // the tile's face toward `face`, as a segment
      if (face.y > 0) s = Segment{{c.x, c.y + 1}, {c.x + 1, c.y + 1}};
      else if (face.y < 0) s = Segment{{c.x, c.y}, {c.x + 1, c.y}};
      else if (face.x > 0) s = Segment{{c.x + 1, c.y}, {c.x + 1, c.y + 1}};
      else s = Segment{{c.x, c.y}, {c.x, c.y + 1}};
    } else {
      s = square(kind, c.x, c.y);
    }
    if (kind == Tile::Compound) {
      parts.push_back(BodyPart{s, {}});
      continue;
    }
    if (kind == Tile::Chain) {
      const Segment& g = std::get<Segment>(s);
      if (chain.empty()) chain.push_back(g.a);
      chain.push_back(g.b);
      continue;
    }
    BodyHandle h;
    ASSERT_TRUE(w.addShape(s, {}, 0, {}, h).ok());
    ASSERT_TRUE(w.setStatic(h, true).ok());
  }
  if (!parts.empty()) {
    BodyHandle h;
    ASSERT_TRUE(w.addCompound(parts, {}, 0, {}, h).ok());
    ASSERT_TRUE(w.setStatic(h, true).ok());
  }
  if (!chain.empty()) {
    BodyHandle h;
    ASSERT_TRUE(w.addChain(chain, false, {}, 0, {}, h).ok());
  }
}

std::vector<Vec2> row(int x0, int n, int y) {
  std::vector<Vec2> v;
  for (int i = 0; i < n; ++i) v.push_back({static_cast<double>(x0 + i), static_cast<double>(y)});
  return v;
}
std::vector<Vec2> column(int x, int y0, int n) {
  std::vector<Vec2> v;
  for (int i = 0; i < n; ++i) v.push_back({static_cast<double>(x), static_cast<double>(y0 + i)});
  return v;
}

struct Character {
  const char* name;
  Shape shape;
  double halfWidth, halfHeight;  // extents about the transform's position
};
std::vector<Character> characters() {
  return {{"aabb", Aabb{{-0.4, -0.45}, {0.4, 0.45}}, 0.4, 0.45},
          {"box", Box{{0, 0}, {0.3, 0.35}, 0.0}, 0.3, 0.35},
          {"capsule", Capsule{{0, -0.3}, {0, 0.3}, 0.35}, 0.35, 0.65},
          {"circle", Circle{{0, 0}, 0.4}, 0.4, 0.4}};
}

// The placed shape overlaps a body with a positive depth (collide(); touching, which overlaps() counts, is not: a
// character resting exactly on a floor touches the next tiles it walks onto).
bool sinks(const Shape& q, const Shape& s) {
  const Contact k = collide(q, s);
  return k.hit && k.depth > 0.0;
}
bool overlapsSomething(const World& w, const Shape& local, Vec2 at) {
  Shape q = local;
  std::visit(
      [&](auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Circle>) s.center = s.center + at;
        else if constexpr (std::is_same_v<T, Aabb>) s = Aabb{s.min + at, s.max + at};
        else if constexpr (std::is_same_v<T, Box>) s.center = s.center + at;
        else if constexpr (std::is_same_v<T, Capsule>) s = Capsule{s.a + at, s.b + at, s.radius};
      },
      q);
  for (const BodyHandle h : w.bodies()) {
    ShapeType t;
    EXPECT_TRUE(w.getShapeType(h, t).ok());
    if (t == ShapeType::Compound || t == ShapeType::Chain) {
      std::size_t n = 0;
      EXPECT_TRUE(w.getPartCount(h, n).ok());
      for (std::size_t i = 0; i < n; ++i) {
        Shape s;
        EXPECT_TRUE(w.getPartShape(h, i, s).ok());
        if (sinks(q, s)) return true;
      }
      continue;
    }
    Shape s;
    EXPECT_TRUE(w.getWorldShape(h, s).ok());
    if (sinks(q, s)) return true;
  }
  return false;
}

const double kSpeeds[] = {1e-3, 0.013, 0.1, 0.37, 1.0, 2.0};

// Steps so that the character crosses a few seams (at most 400).
int stepsFor(double v) { return std::min(400, static_cast<int>(std::ceil(6.0 / v))); }

}  // namespace

// Walking on a floor resting exactly on it and a few ulps above it: every step moves the whole way, y never changes.
TEST(Gauntlet, WalksOnTileFloorsWithoutCatchingOrLifting) {
  for (const Tile kind : kTiles) {
    World w;
    addTiles(w, kind, row(-2, 40, -1), {0, 1});
    for (const Character& ch : characters()) {
      for (const double above : {0.0, 4.0}) {
        for (const double v : kSpeeds) {
          for (const double dir : {1.0, -1.0}) {
            const double y0 = std::nextafter(ch.halfHeight, 1.0) * 0 + ch.halfHeight;
            double y = y0;
            for (int k = 0; k < above; ++k) y = std::nextafter(y, 1.0);
            // start with the leading side a hair before a seam
            Vec2 pos{dir > 0 ? 10.0 - ch.halfWidth - 1e-4 : 30.0 + ch.halfWidth + 1e-4, y};
            const int steps = stepsFor(v);
            for (int s = 0; s < steps; ++s) {
              WorldSlideResult r;
              ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {dir * v, 0}, 4, r).ok());
              ASSERT_EQ(r.position.x, pos.x + dir * v)
                  << tileName(kind) << " " << ch.name << " v " << v << " step " << s << " above " << above;
              ASSERT_EQ(r.position.y, y) << tileName(kind) << " " << ch.name << " v " << v << " step " << s;
              pos = r.position;
            }
            ASSERT_FALSE(overlapsSomething(w, ch.shape, pos)) << tileName(kind) << " " << ch.name;
          }
        }
      }
    }
  }
}

// Walking with gravity: after landing, each step takes the whole horizontal motion and y stays where it landed.
TEST(Gauntlet, WalksWithGravityNeverStallsNorBobs) {
  for (const Tile kind : kTiles) {
    World w;
    addTiles(w, kind, row(-2, 40, -1), {0, 1});
    for (const Character& ch : characters()) {
      for (const double v : kSpeeds) {
        for (const double g : {1e-3, 0.05, 0.5}) {
          Vec2 pos{10.0 - ch.halfWidth - 3e-4, ch.halfHeight + 1e-11};
          double landedY = -1;
          const int steps = stepsFor(v);
          for (int s = 0; s < steps; ++s) {
            WorldSlideResult r;
            ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {v, -g}, 4, r).ok());
            const std::string where = std::string(tileName(kind)) + " " + ch.name + " v " + std::to_string(v) +
                                      " g " + std::to_string(g) + " step " + std::to_string(s);
            ASSERT_GE(r.position.x - pos.x, v * (1 - 1e-9)) << where;
            ASSERT_LE(r.position.x - pos.x, v * (1 + 1e-9)) << where;
            ASSERT_GE(r.position.y, ch.halfHeight) << where;
            ASSERT_LE(r.position.y, ch.halfHeight + 1e-9) << where;
            if (landedY >= 0) ASSERT_EQ(r.position.y, landedY) << where;
            if (r.hitCount > 0) landedY = r.position.y;
            ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position)) << where;
            pos = r.position;
          }
        }
      }
    }
  }
}

// Landing on a seam from above: it stops on the floor (not in it, not above it by more than rounding), x unchanged.
TEST(Gauntlet, LandsOnSeams) {
  for (const Tile kind : kTiles) {
    World w;
    addTiles(w, kind, row(-2, 40, -1), {0, 1});
    for (const Character& ch : characters()) {
      for (const double x : {10.0, 10.0 - ch.halfWidth, 10.0 + ch.halfWidth, 10.25}) {
        WorldSlideResult r;
        ASSERT_TRUE(w.moveAndSlide(ch.shape, {{x, ch.halfHeight + 0.7}, 0}, {0, -1.3}, 4, r).ok());
        EXPECT_EQ(r.position.x, x) << tileName(kind) << " " << ch.name;
        EXPECT_GE(r.position.y, ch.halfHeight) << tileName(kind) << " " << ch.name;
        EXPECT_LE(r.position.y, ch.halfHeight + 1e-9) << tileName(kind) << " " << ch.name;
        EXPECT_FALSE(overlapsSomething(w, ch.shape, r.position));
      }
    }
  }
}

// A wall of stacked tiles: falling along it while touching it, and pushing into it, never stops at a seam; x is kept.
TEST(Gauntlet, SlidesDownWallsAndAlongCeilings) {
  for (const Tile kind : kTiles) {
    World w;
    addTiles(w, kind, column(0, 0, 40), {1, 0});   // a wall, faces x = 1
    addTiles(w, kind, row(3, 30, 50), {0, -1});    // a ceiling, faces y = 50
    for (const Character& ch : characters()) {
      for (const double v : kSpeeds) {
        for (const double push : {0.0, 0.02}) {
          Vec2 pos{1.0 + ch.halfWidth, 30.0 + ch.halfHeight - 1e-4};
          while (overlapsSomething(w, ch.shape, pos)) pos.x = std::nextafter(pos.x, 10.0);  // exactly touching
          for (int s = 0, n = std::min(stepsFor(v), static_cast<int>(20 / v)); s < n; ++s) {
            WorldSlideResult r;
            ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {-push, -v}, 4, r).ok());
            const std::string where = std::string(tileName(kind)) + " " + ch.name + " wall v " + std::to_string(v);
            ASSERT_EQ(r.position.x, pos.x) << where << " step " << s;
            ASSERT_EQ(r.position.y, pos.y - v) << where << " step " << s;
            pos = r.position;
          }
          ASSERT_FALSE(overlapsSomething(w, ch.shape, pos)) << tileName(kind) << " " << ch.name << " " << v << " " << pos.x << " " << pos.y;
          // along the ceiling, pushed into it
          pos = {10.0 - ch.halfWidth - 1e-4, 50.0 - ch.halfHeight};
          while (overlapsSomething(w, ch.shape, pos)) pos.y = std::nextafter(pos.y, 0.0);
          for (int s = 0, n = stepsFor(v); s < n; ++s) {
            WorldSlideResult r;
            ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {v, push}, 4, r).ok());
            ASSERT_EQ(r.position.y, pos.y) << tileName(kind) << " " << ch.name << " ceiling v " << v;
            ASSERT_GE(r.position.x - pos.x, v * (1 - 1e-9)) << tileName(kind) << " " << ch.name << " ceiling v " << v;
            pos = r.position;
          }
          ASSERT_FALSE(overlapsSomething(w, ch.shape, pos));
        }
      }
    }
  }
}

// A thin wall (0.05) at speed 2 per step is never passed; a one-tile gap is fallen into, never tunnelled through.
TEST(Gauntlet, ThinWallsAndGaps) {
  for (const Tile kind : {Tile::Aabb, Tile::Polygon, Tile::Segment, Tile::Chain}) {
    World w;
    addTiles(w, kind, row(-2, 12, -1), {0, 1});
    addTiles(w, kind, row(11, 20, -1), {0, 1});  // a gap: x in [10, 11]
    BodyHandle thin;
    ASSERT_TRUE(w.addAabb(Aabb{{20, 0}, {20.05, 3}}, {}, 0, {}, thin).ok());
    for (const Character& ch : characters()) {
      Vec2 pos{7, ch.halfHeight};
      bool fell = false;
      for (int s = 0; s < 40; ++s) {
        WorldSlideResult r;
        ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0.15, -0.05}, 4, r).ok());
        ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position)) << tileName(kind) << " " << ch.name << " " << s << " " << r.position.x << " " << r.position.y;
        ASSERT_GE(r.position.y, -1.0 + ch.halfHeight - 1e-9);  // never below the gap's floor level... nor through
        fell = fell || r.position.y < ch.halfHeight - 0.01;
        pos = r.position;
      }
      EXPECT_TRUE(fell || ch.halfWidth * 2 >= 1.0) << tileName(kind) << " " << ch.name << " did not fall into the gap";
      // the thin wall
      pos = {14, ch.halfHeight};
      for (int s = 0; s < 10; ++s) {
        WorldSlideResult r;
        ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {2.0, -0.05}, 4, r).ok());
        ASSERT_LE(r.position.x, 20.0 - ch.halfWidth) << tileName(kind) << " " << ch.name;
        ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position));
        pos = r.position;
      }
      EXPECT_NEAR(pos.x, 20.0 - ch.halfWidth, 1e-9);
    }
  }
}

// up: grounded on a floor (groundNormal out of it), onWall against a wall, onCeiling under a ceiling; without up, no
// flags. skin: the distance kept from what is hit.
TEST(Gauntlet, FlagsAndSkin) {
  World w;
  addTiles(w, Tile::Aabb, row(-2, 40, -1), {0, 1});
  addTiles(w, Tile::Aabb, column(20, 0, 3), {-1, 0});
  addTiles(w, Tile::Aabb, row(-2, 10, 3), {0, -1});
  const Shape box = Aabb{{-0.4, -0.45}, {0.4, 0.45}};
  SlideOptions o;
  WorldSlideResult r;
  ASSERT_TRUE(w.moveAndSlide(box, {{12, 0.45}, 0}, {0.1, -0.05}, o, r).ok());
  EXPECT_FALSE(r.grounded);  // no up: no flags
  o.up = {0, 1};
  ASSERT_TRUE(w.moveAndSlide(box, {{12, 0.45}, 0}, {0.1, -0.05}, o, r).ok());
  EXPECT_TRUE(r.grounded);
  EXPECT_FALSE(r.onWall);
  EXPECT_FALSE(r.onCeiling);
  EXPECT_EQ(r.groundNormal.x, 0.0);
  EXPECT_EQ(r.groundNormal.y, 1.0);
  ASSERT_TRUE(w.moveAndSlide(box, {{12, 1.45}, 0}, {0.1, -0.05}, o, r).ok());
  EXPECT_FALSE(r.grounded);  // in the air
  EXPECT_EQ(r.groundNormal.y, 0.0);
  ASSERT_TRUE(w.moveAndSlide(box, {{19.5, 0.45}, 0}, {0.3, -0.05}, o, r).ok());
  EXPECT_TRUE(r.grounded);
  EXPECT_TRUE(r.onWall);
  EXPECT_NEAR(r.position.x, 19.6, 1e-9);
  EXPECT_LE(r.position.x, 19.6);
  ASSERT_TRUE(w.moveAndSlide(box, {{2, 2.5}, 0}, {0.1, 0.2}, o, r).ok());
  EXPECT_TRUE(r.onCeiling);
  EXPECT_FALSE(r.grounded);
  EXPECT_NEAR(r.position.y, 2.55, 1e-9);
  // skin: falling onto the floor it stops skin above it; walking on with gravity it stays there
  o.skin = 0.01;
  ASSERT_TRUE(w.moveAndSlide(box, {{12, 1.45}, 0}, {0, -2}, o, r).ok());
  EXPECT_NEAR(r.position.y, 0.46, 1e-9);
  Vec2 pos = r.position;
  for (int s = 0; s < 30; ++s) {
    ASSERT_TRUE(w.moveAndSlide(box, {pos, 0}, {0.1, -0.05}, o, r).ok());
    EXPECT_NEAR(r.position.y, 0.46, 1e-9);
    EXPECT_NEAR(r.position.x - pos.x, 0.1, 1e-12);
    pos = r.position;
  }
  // against the wall: skin away from it
  ASSERT_TRUE(w.moveAndSlide(box, {{18, 0.46}, 0}, {5, 0}, o, r).ok());
  EXPECT_NEAR(r.position.x, 19.59, 1e-9);
}

namespace {
// A ramp rising to the right at `degrees` from x = 5 (a right triangle 4 wide), on a floor of tiles.
// A floor with a ramp of `degrees` rising over x in [5, 9]: tiles and a triangle, or (chain) one chain of the same
// profile (internal vertices at the ramp's foot, top and back).
void addRamp(World& w, double degrees, bool chain = false) {
  const double h = 4 * std::tan(degrees * kPi / 180);
  if (chain) {
    const std::vector<Vec2> pts{{-10, 0}, {5, 0}, {9, h}, {9, 0}, {30, 0}};
    BodyHandle c;
    ASSERT_TRUE(w.addChain(pts, false, {}, 0, {}, c).ok());
    return;
  }
  addTiles(w, Tile::Aabb, row(-10, 40, -1), {0, 1});
  const Vec2 pts[3] = {{5, 0}, {9, 0}, {9, h}};
  BodyHandle b;
  ASSERT_TRUE(w.addPolygon(std::span<const Vec2>(pts, 3), {}, 0, {}, b).ok());
  ASSERT_TRUE(w.setStatic(b, true).ok());
}
}  // namespace

// maxSlopeAngle 45 degrees: 20 and 40 degree ramps are climbed, 60 is not (and slid down); standing on a walkable
// ramp with gravity stays put.
TEST(Gauntlet, SlopesClimbedOrSlidDown) {
  for (const bool chain : {false, true})
  for (const double deg : {20.0, 40.0, 60.0}) {
    SCOPED_TRACE(chain ? "chain" : "tiles");
    World w;
    addRamp(w, deg, chain);
    for (const Character& ch : characters()) {
      SlideOptions o;
      o.up = {0, 1};
      o.maxSlopeAngle = kPi / 4;
      Vec2 pos{2, ch.halfHeight};
      for (int s = 0; s < 80; ++s) {
        WorldSlideResult r;
        ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0.1, -0.05}, o, r).ok());
        ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position)) << deg << " " << ch.name;
        pos = r.position;
      }
      if (deg < 45) {
        EXPECT_GT(pos.y, ch.halfHeight + 1.0) << deg << " " << ch.name << " did not climb";
      } else {
        EXPECT_LT(pos.y, ch.halfHeight + 0.6) << deg << " " << ch.name << " climbed a steep slope";
        EXPECT_LT(pos.x, 6.0) << deg << " " << ch.name;
      }
      // dropped onto the ramp's middle with gravity only: a walkable one holds it, a steep one slides it down
      const double slope = deg * kPi / 180;
      const Vec2 n{-std::sin(slope), std::cos(slope)};
      const Vec2 on{7, 2 * std::tan(slope)};
      pos = on + n * (ch.halfHeight + ch.halfWidth + 0.05);
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0, -2}, o, r).ok());
      ASSERT_GT(r.hitCount, 0) << deg << " " << ch.name;
      pos = r.position;
      const Vec2 landed = pos;
      for (int s = 0; s < 20; ++s) {
        ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0, -0.05}, o, r).ok());
        pos = r.position;
      }
      if (deg < 45) {
        EXPECT_NEAR(pos.x, landed.x, 1e-9) << deg << " " << ch.name;
        EXPECT_NEAR(pos.y, landed.y, 1e-9) << deg << " " << ch.name;
        EXPECT_TRUE(r.grounded) << deg << " " << ch.name;
      } else {
        EXPECT_LT(pos.y, landed.y - 0.2) << deg << " " << ch.name << " stuck on a steep slope";
        EXPECT_FALSE(r.grounded) << deg << " " << ch.name;
      }
    }
  }
}

// snapToGround: walking down stairs (steps 0.25 high, 1 wide) it stays on each step (grounded every step) with a
// snap of 0.3; without it, it leaves the ground at each edge.
TEST(Gauntlet, SnapToGroundDownStairs) {
  World w, cw;  // stairs of aabbs, and (cw) one chain of the same profile
  std::vector<Vec2> cells, profile;
  for (int i = 0; i < 8; ++i) {
    BodyHandle b;
    ASSERT_TRUE(w.addAabb(Aabb{{static_cast<double>(i), -10}, {i + 1.0, -0.25 * i}}, {}, 0, {}, b).ok());
    if (i > 0) profile.push_back({static_cast<double>(i), -0.25 * i});
    profile.push_back({i + 1.0, -0.25 * i});
  }
  profile.insert(profile.begin(), Vec2{0, 0});
  BodyHandle stairs;
  ASSERT_TRUE(cw.addChain(profile, false, {}, 0, {}, stairs).ok());
  const Shape box = Aabb{{-0.2, -0.3}, {0.2, 0.3}};
  for (const double snap : {0.0, 0.3, 0.2}) {
    SlideOptions o;
    o.up = {0, 1};
    o.snapToGround = snap;
    Vec2 pos{0.5, 0.3};
    int air = 0;
    for (int s = 0; s < 60; ++s) {
      WorldSlideResult r;
      ASSERT_TRUE(cw.moveAndSlide(box, {pos, 0}, {0.1, -0.01}, o, r).ok());
      ASSERT_FALSE(overlapsSomething(cw, box, r.position));
      air += !r.grounded;
      pos = r.position;
    }
    if (snap == 0.3) EXPECT_EQ(air, 0) << "chain";
    else EXPECT_GT(air, 5) << "chain " << snap;
  }
  for (const double snap : {0.0, 0.3, 0.2}) {
    SlideOptions o;
    o.up = {0, 1};
    o.snapToGround = snap;
    Vec2 pos{0.5, 0.3};
    int air = 0;
    for (int s = 0; s < 60; ++s) {
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(box, {pos, 0}, {0.1, -0.01}, o, r).ok());
      ASSERT_FALSE(overlapsSomething(w, box, r.position));
      air += !r.grounded;
      pos = r.position;
    }
    if (snap == 0.3) EXPECT_EQ(air, 0);
    else EXPECT_GT(air, 5) << snap;  // 0.2 < a step's 0.25: snapping does not reach
  }
  // A move that goes up (a jump) is never snapped down, however close the ground; one that does not go up is.
  SlideOptions o;
  o.up = {0, 1};
  o.snapToGround = 0.3;
  WorldSlideResult r;
  ASSERT_TRUE(w.moveAndSlide(box, {{0.5, 0.4}, 0}, {0.1, 0.05}, o, r).ok());
  EXPECT_FALSE(r.grounded);
  EXPECT_EQ(r.position.y, 0.45);
  ASSERT_TRUE(w.moveAndSlide(box, {{0.5, 0.4}, 0}, {0.1, 0.0}, o, r).ok());
  EXPECT_TRUE(r.grounded);
  EXPECT_NEAR(r.position.y, 0.3, 1e-9);
}

// Every option at its edge: out of range is an error naming it (no clamp), in range is accepted.
TEST(Gauntlet, OptionRanges) {
  World w;
  addTiles(w, Tile::Aabb, row(0, 4, -1), {0, 1});
  const Shape c = Circle{{0, 0}, 0.5};
  WorldSlideResult r;
  auto field = [&](const SlideOptions& o) {
    const Status s = w.moveAndSlide(c, {{1, 2}, 0}, {1, 0}, o, r);
    return s.ok() ? std::string("ok") : std::string(s.field);
  };
  SlideOptions o;
  for (const int it : {0, 9, -1}) {
    o.maxIterations = it;
    EXPECT_EQ(field(o), "maxIterations") << it;
    EXPECT_EQ(r.position.x, 1.0);
    EXPECT_EQ(std::string(w.moveAndSlide(c, {{1, 2}, 0}, {1, 0}, it, r).field), "maxIterations");
  }
  for (const int it : {1, 8}) {
    o.maxIterations = it;
    EXPECT_EQ(field(o), "ok");
  }
  o = {};
  o.skin = -1e-300;
  EXPECT_EQ(field(o), "skin");
  o.skin = NAN;
  EXPECT_EQ(field(o), "skin");
  o.skin = INFINITY;
  EXPECT_EQ(field(o), "skin");
  o.skin = 0;
  o.up = {0, 1.001};
  EXPECT_EQ(field(o), "up");
  o.up = {0, NAN};
  EXPECT_EQ(field(o), "up");
  o.up = {0.6, 0.8};
  EXPECT_EQ(field(o), "ok");
  o.maxSlopeAngle = kPi / 2 + 1e-12;
  EXPECT_EQ(field(o), "maxSlopeAngle");
  o.maxSlopeAngle = NAN;
  EXPECT_EQ(field(o), "maxSlopeAngle");
  o.maxSlopeAngle = kPi / 2;
  EXPECT_EQ(field(o), "ok");
  o.maxSlopeAngle = 0;
  EXPECT_EQ(field(o), "ok");
  o.snapToGround = -1;
  EXPECT_EQ(field(o), "snapToGround");
  o.snapToGround = INFINITY;
  EXPECT_EQ(field(o), "snapToGround");
  o.snapToGround = 0.5;
  EXPECT_EQ(field(o), "ok");
  o.up = {0, 0};  // options that need up
  EXPECT_EQ(field(o), "up");
  o.snapToGround = 0;
  EXPECT_EQ(field(o), "up");
  o.maxSlopeAngle = -1;
  EXPECT_EQ(field(o), "ok");
}

// autostep {maxHeight 0.25}: steps of 0.2 are climbed (grounded on each), a step of 0.3 is not; minWidth: a ledge
// narrower than it (a wall right behind) is not climbed. Off (the default), a step of 0.2 stops the walk. Box
// characters (aabb, box).
TEST(Gauntlet, AutostepClimbsStepsUpToMaxHeight) {
  for (const Character& ch : characters()) {
    // (round characters roll up a step's corner by themselves: the flat-bottomed ones tell what autostep does)
    if (std::holds_alternative<Circle>(ch.shape) || std::holds_alternative<Capsule>(ch.shape)) continue;
    for (const double rise : {0.2, 0.3}) {
      for (const double width : {1.0, 0.1}) {
        for (const double maxHeight : {0.0, 0.25}) {
          World w;
          addTiles(w, Tile::Aabb, row(-5, 10, -1), {0, 1});
          for (int i = 0; i < 3; ++i) {  // steps from x = 5 + i * width, each `rise` higher
            BodyHandle b;
            const double x0 = 5 + i * width;
            const double top = rise * (i + 1);
            ASSERT_TRUE(w.addAabb(Aabb{{x0, -1}, {i == 2 ? 20.0 : x0 + width, top}}, {}, 0, {}, b).ok());
          }
          if (width < 0.5) {  // a wall right behind the narrow ledges
            BodyHandle b;
            ASSERT_TRUE(w.addAabb(Aabb{{5.3, -1}, {30, 5}}, {}, 0, {}, b).ok());
          }
          SlideOptions o;
          o.up = {0, 1};
          o.autostep.maxHeight = maxHeight;
          o.autostep.minWidth = 0.3;
          Vec2 pos{3, ch.halfHeight};
          double top = pos.y;
          for (int s = 0; s < 80; ++s) {
            WorldSlideResult r;
            ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0.1, -0.05}, o, r).ok());
            ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position)) << ch.name;
            pos = r.position;
            top = std::max(top, pos.y);
          }
          const std::string where = std::string(ch.name) + " rise " + std::to_string(rise) + " width " +
                                    std::to_string(width) + " maxHeight " + std::to_string(maxHeight);
          if (maxHeight > 0 && rise <= maxHeight && width > 0.5) {
            EXPECT_NEAR(top, ch.halfHeight + 3 * rise, 1e-9) << where;  // all three steps
            EXPECT_GT(pos.x, 8.0) << where;
          } else {
            EXPECT_LT(top, ch.halfHeight + 1e-9) << where << " climbed";
            EXPECT_LT(pos.x, 5.0) << where;
          }
        }
      }
    }
  }
  World w;
  WorldSlideResult r;
  SlideOptions o;
  o.autostep.maxHeight = 0.1;  // needs up
  EXPECT_EQ(std::string(w.moveAndSlide(Circle{{0, 0}, 1}, {}, {1, 0}, o, r).field), "up");
  o.up = {0, 1};
  o.autostep.maxHeight = -0.1;
  EXPECT_EQ(std::string(w.moveAndSlide(Circle{{0, 0}, 1}, {}, {1, 0}, o, r).field), "autostep.maxHeight");
  o.autostep.maxHeight = 0.1;
  o.autostep.minWidth = NAN;
  EXPECT_EQ(std::string(w.moveAndSlide(Circle{{0, 0}, 1}, {}, {1, 0}, o, r).field), "autostep.minWidth");
  o.autostep.minWidth = 0;
  EXPECT_TRUE(w.moveAndSlide(Circle{{0, 0}, 1}, {}, {1, 0}, o, r).ok());
}

// A polyline of level geometry as one compound body of segments (as a Tiled export would give it): flat runs split
// into many collinear segments, a 20 degree ramp, a flat top. Walking it with gravity never stalls at the internal
// vertices of a flat run, never lifts there, and climbs the ramp (maxSlopeAngle 45 degrees).
TEST(Gauntlet, PolylineOfSegmentsAsOneCompound) {
  std::vector<Vec2> pts;
  for (int x = 0; x <= 10; ++x) pts.push_back({static_cast<double>(x), 0.0});
  const double rise = 3 * std::tan(20 * kPi / 180);
  pts.push_back({13, rise});
  for (int x = 14; x <= 30; ++x) pts.push_back({static_cast<double>(x), rise});
  std::vector<BodyPart> parts;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) parts.push_back(BodyPart{Segment{pts[i], pts[i + 1]}, {}});
  World w;
  BodyHandle b;
  ASSERT_TRUE(w.addCompound(parts, {}, 0, {}, b).ok());
  ASSERT_TRUE(w.setStatic(b, true).ok());
  for (const Character& ch : characters()) {
    SlideOptions o;
    o.up = {0, 1};
    o.maxSlopeAngle = kPi / 4;
    Vec2 pos{1.5, ch.halfHeight};
    for (int s = 0; s < 60; ++s) {  // the flat run: x from 1.5 to 7.5, y exactly kept
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0.1, -0.05}, o, r).ok());
      ASSERT_NEAR(r.position.x - pos.x, 0.1, 1e-12) << ch.name << " step " << s;
      ASSERT_EQ(r.position.y, ch.halfHeight) << ch.name << " step " << s;
      ASSERT_TRUE(r.grounded);
      pos = r.position;
    }
    for (int s = 0; s < 150; ++s) {
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(ch.shape, {pos, 0}, {0.1, -0.05}, o, r).ok());
      ASSERT_FALSE(overlapsSomething(w, ch.shape, r.position)) << ch.name;
      pos = r.position;
    }
    EXPECT_GT(pos.x, 20.0) << ch.name;  // over the ramp and along the top
    EXPECT_NEAR(pos.y, rise + ch.halfHeight, 1e-6) << ch.name;
  }
}

// maxSlopeAngle at its edge: a 40 degree ramp is a floor (climbed, grounded on it) with maxSlopeAngle 40 degrees and
// a wall (not climbed) with 39.
TEST(Gauntlet, MaxSlopeAngleAtItsEdge) {
  World w;
  addRamp(w, 40.0);
  const Shape box = Aabb{{-0.4, -0.45}, {0.4, 0.45}};
  for (const double limit : {40.0, 39.0}) {
    SlideOptions o;
    o.up = {0, 1};
    o.maxSlopeAngle = limit * kPi / 180;
    Vec2 pos{2, 0.45};
    double top = pos.y;
    bool groundedOnRamp = false;
    for (int s = 0; s < 60; ++s) {
      WorldSlideResult r;
      ASSERT_TRUE(w.moveAndSlide(box, {pos, 0}, {0.1, -0.05}, o, r).ok());
      pos = r.position;
      top = std::max(top, pos.y);
      groundedOnRamp = groundedOnRamp || (r.grounded && r.groundNormal.x < -0.5);
    }
    if (limit == 40.0) {
      EXPECT_GT(top, 1.45) << limit;
      EXPECT_TRUE(groundedOnRamp);
    } else {
      EXPECT_LT(top, 0.45 + 1e-9) << limit;
      EXPECT_FALSE(groundedOnRamp);
    }
  }
}

namespace {
// A World whose bodies were just added (no step(), no query yet) answers moveAndSlide as it does afterwards: the
// surfaces already touched are gathered from an up-to-date broad phase (found by the tutorial's live code: the first
// call reported the floor it rested on as a hit at 0, with two legs, the second call none).
TEST(Gauntlet, FreshWorldAnswersAsAfterAStep) {
  for (const Tile kind : kTiles) {
    WorldSlideResult first[2], stepped;
    for (int k = 0; k < 2; ++k) {
      World w;
      addTiles(w, kind, row(0, 12, 10), {0, -1});
      if (k == 1) w.step();
      const Shape box = Box{{0, 0}, {0.4, 0.5}, 0.0};
      ASSERT_TRUE(w.moveAndSlide(box, {{3.4166666666666687, 9.5}, 0}, {5.0 / 60, 0.5 / 60}, 4, first[k]).ok());
      if (k == 1) ASSERT_TRUE(w.moveAndSlide(box, {{3.4166666666666687, 9.5}, 0}, {5.0 / 60, 0.5 / 60}, 4, stepped).ok());
    }
    for (const WorldSlideResult* r : {&first[1], &stepped}) {
      EXPECT_EQ(first[0].position.x, r->position.x) << tileName(kind);
      EXPECT_EQ(first[0].position.y, r->position.y) << tileName(kind);
      EXPECT_EQ(first[0].iterations, r->iterations) << tileName(kind);
      EXPECT_EQ(first[0].hitCount, r->hitCount) << tileName(kind);
    }
  }
}
}  // namespace
