// The World's input checks where nothing else would catch a bad value: angles that would overflow once composed into
// a world angle, and move-and-slide inputs when the displacement is zero (nothing moves, but an invalid shape or
// transform is still an error). Each case is a finding of the fuzzing of issue 21, named after it; its input is also
// a seed of tests/fuzz/corpus/world/.
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "world_check.h"

namespace {

using namespace collide2d;

bool finite(const Aabb& b) { return isFinite(b.min) && isFinite(b.max); }

void expectRefusedAsTransform(const Status& s) {
  EXPECT_EQ(s.error, Error::InvalidArgument);
  EXPECT_EQ(std::string(s.field), "transform");
}

// Finding: addBox with angle DBL_MAX on both the shape and the transform was accepted; the world angle became
// +infinity, the bounds NaN, and step() converted NaN to an integer in the grid (undefined behaviour).
TEST(WorldAngles, AddBoxWithAngleDblMaxOnShapeAndTransformIsRefused) {
  World w;
  BodyHandle h = 7;
  expectRefusedAsTransform(w.addBox({{0, 0}, {1, 1}, DBL_MAX}, {{0, 0}, DBL_MAX}, 0, {}, h));
  EXPECT_EQ(h, kNullBody);
  EXPECT_EQ(w.bodyCount(), 0u);
  // Each angle alone beyond the range (|angle| <= 1e300, as coordinates) is refused too, and the range is closed.
  const double over = std::nextafter(1e300, DBL_MAX);
  expectRefusedAsTransform(w.addBox({{0, 0}, {1, 1}, -over}, {}, 0, {}, h));
  expectRefusedAsTransform(w.addCircle({{0, 0}, 1}, {{0, 0}, over}, 0, {}, h));
  expectRefusedAsTransform(w.addShape(Box{{0, 0}, {1, 1}, DBL_MAX}, {}, 0, {}, h));
  EXPECT_EQ(w.bodyCount(), 0u);
  // At the edge: a box turned by 1e300 on a transform turned by -1e300 and one by 1e300 + 1e300: finite world angles,
  // finite bounds, pairs as brute force.
  BodyHandle a, b, c;
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 1e300}, {{0, 0}, -1e300}, 0, {}, a).ok());
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 1e300}, {{0.5, 0}, 1e300}, 0, {}, b).ok());
  ASSERT_TRUE(w.addAabb({{-1, -1}, {1, 1}}, {{0, 0.5}, -1e300}, 0, {}, c).ok());
  for (const BodyHandle x : {a, b, c}) {
    Shape s;
    Aabb box;
    ASSERT_TRUE(w.getWorldShape(x, s).ok());
    ASSERT_TRUE(w.getBounds(x, box).ok());
    EXPECT_TRUE(finite(box));
    EXPECT_TRUE(std::isfinite(std::get<Box>(s).angle));
  }
  ASSERT_TRUE(w.step().ok());
  ASSERT_NO_FATAL_FAILURE(world_model::expectPairsMatchBruteForce(w));
}

TEST(WorldAngles, MovesAndCompoundsBeyondTheAngleRangeAreRefused) {
  World w;
  BodyHandle h, g;
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 1e300}, {}, 0, {}, h).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{3, 0}, 0}, 0, {}, g).ok());
  expectRefusedAsTransform(w.setTransform(h, {{0, 0}, DBL_MAX}));
  const double xya[6] = {0, 0, DBL_MAX, 3, 0, 0};
  EXPECT_EQ(w.setTransforms(std::span<const double>(xya)).error, Error::InvalidArgument);
  EXPECT_EQ(std::string(w.setTransforms(std::span<const double>(xya)).field), "transforms");
  const BodyHandle one[1] = {h};
  EXPECT_EQ(w.setTransforms(std::span<const BodyHandle>(one), std::span<const double>(xya, 3)).error,
            Error::InvalidArgument);
  Transform t;
  ASSERT_TRUE(w.getTransform(h, t).ok());
  EXPECT_EQ(t.angle, 0.0);  // all or nothing
  EXPECT_TRUE(w.setTransform(h, {{0, 0}, -1e300}).ok());
  // A compound body: its transform, a part's offset angle, a part box's own angle (the part is named).
  const std::vector<BodyPart> fine{{Box{{0, 0}, {1, 1}, 1e300}, {{0, 0}, 1e300}}, {Circle{{2, 0}, 1}, {}}};
  BodyHandle k;
  std::size_t failed = 0;
  expectRefusedAsTransform(w.addCompound(fine, {{0, 0}, DBL_MAX}, 0, {}, k, &failed));
  EXPECT_EQ(failed, SIZE_MAX);
  const std::vector<BodyPart> badOffset{{Circle{{2, 0}, 1}, {}}, {Circle{{0, 0}, 1}, {{0, 0}, DBL_MAX}}};
  expectRefusedAsTransform(w.addCompound(badOffset, {}, 0, {}, k, &failed));
  EXPECT_EQ(failed, 1u);
  const std::vector<BodyPart> badBox{{Box{{0, 0}, {1, 1}, DBL_MAX}, {}}};
  expectRefusedAsTransform(w.addCompound(badBox, {}, 0, {}, k, &failed));
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(w.bodyCount(), 2u);
  // The edge: every angle at 1e300 (part box + offset + body: 3e300, finite).
  ASSERT_TRUE(w.addCompound(fine, {{0, 0}, 1e300}, 0, {}, k).ok());
  Shape part;
  Aabb box;
  ASSERT_TRUE(w.getPartShape(k, 0, part).ok());
  EXPECT_EQ(std::get<Box>(part).angle, 3e300);
  ASSERT_TRUE(w.getBounds(k, box).ok());
  EXPECT_TRUE(finite(box));
  ASSERT_TRUE(w.step().ok());
  ASSERT_NO_FATAL_FAILURE(world_model::expectPairsMatchBruteForce(w));
  // Shape casts place their shape as a body's: the same range.
  WorldCastHit hit;
  expectRefusedAsTransform(w.castShape(Box{{0, 0}, {1, 1}, DBL_MAX}, {{0, 5}, 0}, {0, -1}, hit));
  expectRefusedAsTransform(w.castShape(Circle{{0, 0}, 1}, {{0, 5}, DBL_MAX}, {0, -1}, hit));
  EXPECT_FALSE(hit.hit);
  EXPECT_TRUE(w.castShape(Box{{0, 0}, {1, 1}, 1e300}, {{0, 5}, 1e300}, {0, -10}, hit).ok());
  EXPECT_TRUE(hit.hit);
}

// Finding: World::moveAndSlide with a zero displacement returned ok for an empty polygon, a radius of -1 and a NaN
// angle (the first leg, which validates, was skipped).
TEST(WorldSlide, ZeroDisplacementStillChecksItsInputs) {
  World w;
  BodyHandle h;
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 0}, {{0, -2}, 0}, 0, {}, h).ok());
  ASSERT_TRUE(w.raycast(Ray{{0, 5}, {0, -1}, 10}).ok());
  ASSERT_EQ(w.rayHitCount(), 1u);
  const Transform at{{0.5, 3}, 0};
  struct Case {
    Shape shape;
    Transform xf;
    Error error;
    const char* field;
  };
  const Case cases[] = {
      {Polygon{}, at, Error::TooFewPoints, "points"},
      {Circle{{0, 0}, -1}, at, Error::NegativeRadius, "radius"},
      {Circle{{0, 0}, 1}, {{0.5, 3}, NAN}, Error::NotFinite, "angle"},
      {Circle{{0, 0}, 1}, {{0.5, 3}, DBL_MAX}, Error::InvalidArgument, "transform"},
      {Circle{{0, 0}, 1e300}, {{DBL_MAX, 3}, 0}, Error::InvalidArgument, "transform"},  // bounds overflow
  };
  for (const Case& c : cases) {
    for (const Vec2 d : {Vec2{0, 0}, Vec2{0, -1}}) {
      WorldSlideResult out;
      out.hitCount = 5;
      const Status s = w.moveAndSlide(c.shape, c.xf, d, 4, out);
      EXPECT_EQ(s.error, c.error) << c.field;
      EXPECT_EQ(std::string(s.field), c.field);
      EXPECT_EQ(out.hitCount, 0);
      EXPECT_EQ(out.iterations, 0);
      EXPECT_TRUE(out.position == c.xf.position || std::isnan(c.xf.angle));
      EXPECT_EQ(w.rayHitCount(), 0u);
    }
  }
  // Valid inputs and no displacement: nothing moves, nothing is hit, ok.
  WorldSlideResult out;
  ASSERT_TRUE(w.moveAndSlide(Circle{{0, 0}, 1}, at, {0, 0}, 4, out).ok());
  EXPECT_EQ(out.position, at.position);
  EXPECT_EQ(out.iterations, 0);
  EXPECT_EQ(out.hitCount, 0);
  // The displacement itself is named first.
  EXPECT_EQ(std::string(w.moveAndSlide(Polygon{}, at, {NAN, 0}, 4, out).field), "displacement");
}

}  // namespace

// checkTransform answers what setTransform would, and moves nothing: a NaN, an angle or a reach beyond the range, a
// stale handle; accepted transforms at the edge.
TEST(WorldCheckTransform, SaysWhatSetTransformWouldWithoutMoving) {
  World w;
  BodyHandle big, small;
  ASSERT_TRUE(w.addCircle({{0, 0}, 9e299}, {}, 0, {}, big).ok());
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{3, 0}, 0}, 0, {}, small).ok());
  const Transform cases[] = {{{5e299, 0}, 0}, {{-5e299, 0}, 0}, {{0, 0}, 2e300}, {{NAN, 0}, 0}, {{0, INFINITY}, 0},
                             {{9e299, 0}, 0}, {{1e300, 0}, 0}, {{0, 0}, 1e300}, {{1, 2}, 3}};
  for (const BodyHandle h : {big, small}) {
    for (const Transform& xf : cases) {
      Transform before;
      ASSERT_TRUE(w.getTransform(h, before).ok());
      const Status checked = w.checkTransform(h, xf);
      Transform still;
      ASSERT_TRUE(w.getTransform(h, still).ok());
      EXPECT_EQ(still.position.x, before.position.x);
      EXPECT_EQ(still.angle, before.angle);
      const Status set = w.setTransform(h, xf);
      EXPECT_EQ(checked.error, set.error) << xf.position.x << " " << xf.position.y << " " << xf.angle;
      EXPECT_STREQ(checked.field, set.field);
    }
  }
  // The big circle: refused at 5e299 (reach 9e299), accepted at 0 and 1e299.
  EXPECT_FALSE(w.checkTransform(big, {{5e299, 0}, 0}).ok());
  EXPECT_TRUE(w.checkTransform(big, {{1e299, 0}, 1}).ok());
  EXPECT_TRUE(w.checkTransform(small, {{1e300 - 1e285, 0}, 0}).ok());
  ASSERT_TRUE(w.remove(small).ok());
  EXPECT_EQ(w.checkTransform(small, {}).error, Error::InvalidArgument);
  EXPECT_STREQ(w.checkTransform(small, {}).field, "handle");
}
