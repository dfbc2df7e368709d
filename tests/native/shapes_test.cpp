// Validation, polygon construction, transforms, box corners and bounds.
#include <collide2d/collide2d.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace {

using namespace collide2d;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void expectStatus(const Status& s, Error e, const char* field) {
  EXPECT_EQ(s.error, e);
  EXPECT_STREQ(s.field, field);
  EXPECT_EQ(s.ok(), e == Error::None);
}

void expectNear(Vec2 a, Vec2 b, double tol = 1e-12) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
}

Polygon make(std::vector<Vec2> pts) {
  Polygon p;
  const Status s = Polygon::create(pts, p);
  EXPECT_TRUE(s.ok()) << s.field << " " << s.message();
  return p;
}

double signedArea(const Polygon& p) {
  const auto v = p.vertices();
  double a = 0;
  for (std::size_t i = 0; i < v.size(); ++i) a += cross(v[i], v[(i + 1) % v.size()]);
  return a * 0.5;
}

// -- Status -----------------------------------------------------------------------------------------------------

TEST(ShapesStatus, OkByDefaultAndMessagesDiffer) {
  const Status ok;
  EXPECT_TRUE(ok.ok());
  EXPECT_TRUE(static_cast<bool>(ok));
  EXPECT_STREQ(ok.field, "");
  const Error all[] = {Error::None,         Error::NotFinite, Error::NegativeRadius, Error::NegativeExtent,
                       Error::ZeroDirection, Error::TooFewPoints, Error::Collinear, Error::NotConvex,
                       Error::InvalidArgument};
  std::vector<std::string> seen;
  for (Error e : all) {
    const char* m = Status{e, "x"}.message();
    ASSERT_NE(m, nullptr);
    EXPECT_GT(std::strlen(m), 0u);
    for (const auto& s : seen) EXPECT_NE(s, m);
    seen.emplace_back(m);
  }
  EXPECT_FALSE(static_cast<bool>(Status{Error::NotFinite, "radius"}));
}

// -- validate ---------------------------------------------------------------------------------------------------

TEST(ShapesValidate, Point) {
  expectStatus(validate(Vec2{1, 2}), Error::None, "");
  expectStatus(validate(Vec2{kNaN, 2}), Error::NotFinite, "point");
  expectStatus(validate(Vec2{1, kInf}, "origin"), Error::NotFinite, "origin");
}

TEST(ShapesValidate, Circle) {
  expectStatus(validate(Circle{{0, 0}, 1}), Error::None, "");
  expectStatus(validate(Circle{{0, 0}, 0}), Error::None, "");  // a point is a valid circle
  expectStatus(validate(Circle{{kNaN, 0}, 1}), Error::NotFinite, "center");
  expectStatus(validate(Circle{{0, 0}, kInf}), Error::NotFinite, "radius");
  expectStatus(validate(Circle{{0, 0}, kNaN}), Error::NotFinite, "radius");
  expectStatus(validate(Circle{{0, 0}, -1}), Error::NegativeRadius, "radius");
  // NotFinite is reported before the shape rule.
  expectStatus(validate(Circle{{0, kInf}, -1}), Error::NotFinite, "center");
}

TEST(ShapesValidate, Aabb) {
  expectStatus(validate(Aabb{{0, 0}, {1, 1}}), Error::None, "");
  expectStatus(validate(Aabb{{0, 0}, {0, 0}}), Error::None, "");
  expectStatus(validate(Aabb{{0, kNaN}, {1, 1}}), Error::NotFinite, "min");
  expectStatus(validate(Aabb{{0, 0}, {-kInf, 1}}), Error::NotFinite, "max");
  expectStatus(validate(Aabb{{0, 0}, {-1, 1}}), Error::NegativeExtent, "max");
  expectStatus(validate(Aabb{{0, 0}, {1, -1}}), Error::NegativeExtent, "max");
  // The message compares max with min, not with zero; a half-extent's with zero.
  EXPECT_STREQ(validate(Aabb{{0, 0}, {-1, 1}}).message(), "must be >= min on both axes");
  EXPECT_STREQ(validate(Box{{0, 0}, {-1, 1}, 0}).message(), "must be >= 0 on both axes");
  expectStatus(validate(Aabb{{5, 0}, {kNaN, -1}}), Error::NotFinite, "max");
}

TEST(ShapesValidate, Box) {
  expectStatus(validate(Box{{0, 0}, {1, 2}, 0.5}), Error::None, "");
  expectStatus(validate(Box{{0, 0}, {0, 0}, 0}), Error::None, "");
  expectStatus(validate(Box{{kNaN, 0}, {1, 2}, 0}), Error::NotFinite, "center");
  expectStatus(validate(Box{{0, 0}, {1, kInf}, 0}), Error::NotFinite, "halfExtents");
  expectStatus(validate(Box{{0, 0}, {1, 2}, kNaN}), Error::NotFinite, "angle");
  expectStatus(validate(Box{{0, 0}, {-1, 2}, 0}), Error::NegativeExtent, "halfExtents");
  expectStatus(validate(Box{{0, 0}, {1, -2}, kInf}), Error::NotFinite, "angle");
}

TEST(ShapesValidate, SegmentAndLine) {
  expectStatus(validate(Segment{{1, 1}, {1, 1}}), Error::None, "");  // zero length is a valid segment
  expectStatus(validate(Segment{{kNaN, 1}, {1, 1}}), Error::NotFinite, "a");
  expectStatus(validate(Segment{{0, 1}, {1, -kInf}}), Error::NotFinite, "b");
  expectStatus(validate(Line{{0, 0}, {1, 0}}), Error::None, "");
  expectStatus(validate(Line{{2, 3}, {2, 3}}), Error::ZeroDirection, "b");
  expectStatus(validate(Line{{2, 3}, {kNaN, 3}}), Error::NotFinite, "b");
}

TEST(ShapesValidate, Ray) {
  expectStatus(validate(Ray{{0, 0}, {1, 0}}), Error::None, "");
  expectStatus(validate(Ray{{0, 0}, {1, 0}, kInf}), Error::None, "");
  expectStatus(validate(Ray{{0, 0}, {1, 0}, 0}), Error::None, "");
  expectStatus(validate(Ray{{kInf, 0}, {1, 0}}), Error::NotFinite, "origin");
  expectStatus(validate(Ray{{0, 0}, {kNaN, 0}}), Error::NotFinite, "direction");
  expectStatus(validate(Ray{{0, 0}, {0, 0}}), Error::ZeroDirection, "direction");
  expectStatus(validate(Ray{{0, 0}, {1, 0}, kNaN}), Error::NotFinite, "maxFraction");
  expectStatus(validate(Ray{{0, 0}, {0, 0}, kNaN}), Error::NotFinite, "maxFraction");
  expectStatus(validate(Ray{{0, 0}, {1, 0}, -0.5}), Error::InvalidArgument, "maxFraction");
  expectStatus(validate(Ray{{0, 0}, {1, 0}, -kInf}), Error::InvalidArgument, "maxFraction");
}

TEST(ShapesValidate, TransformPolygonAndShape) {
  expectStatus(validate(Transform{{1, 2}, 3}), Error::None, "");
  expectStatus(validate(Transform{{kNaN, 2}, 3}), Error::NotFinite, "position");
  expectStatus(validate(Transform{{1, 2}, kInf}), Error::NotFinite, "angle");
  expectStatus(validate(Polygon{}), Error::TooFewPoints, "points");
  expectStatus(validate(make({{0, 0}, {1, 0}, {0, 1}})), Error::None, "");
  expectStatus(validate(Shape{Circle{{0, 0}, -2}}), Error::NegativeRadius, "radius");
  expectStatus(validate(Shape{Aabb{{0, 0}, {-1, 0}}}), Error::NegativeExtent, "max");
  expectStatus(validate(Shape{Box{{0, 0}, {1, 1}, kNaN}}), Error::NotFinite, "angle");
  expectStatus(validate(Shape{Polygon{}}), Error::TooFewPoints, "points");
  expectStatus(validate(Shape{Segment{{0, 0}, {0, kNaN}}}), Error::NotFinite, "b");
  expectStatus(validate(Shape{Segment{{0, 0}, {1, 1}}}), Error::None, "");
}

// -- Polygon::create ----------------------------------------------------------------------------------------------

TEST(ShapesPolygon, ClockwiseInputIsStoredCounterClockwiseWithOutwardNormals) {
  const Polygon p = make({{0, 0}, {0, 2}, {3, 2}, {3, 0}});  // clockwise (y up)
  ASSERT_EQ(p.size(), 4u);
  EXPECT_DOUBLE_EQ(signedArea(p), 6.0);
  ASSERT_EQ(p.normals().size(), 4u);
  const Vec2 centre = p.centroid();
  expectNear(centre, {1.5, 1.0});
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2 n = p.normals()[i];
    const Vec2 a = p.vertices()[i], b = p.vertices()[(i + 1) % 4];
    EXPECT_NEAR(length(n), 1.0, 1e-15);
    EXPECT_NEAR(dot(n, b - a), 0.0, 1e-15);
    EXPECT_GT(dot(n, a - centre), 0.0);  // outward
  }
}

TEST(ShapesPolygon, CounterClockwiseInputKeepsItsOrder) {
  const std::vector<Vec2> in = {{0, 0}, {4, 0}, {4, 1}, {0, 3}};
  const Polygon p = make(in);
  ASSERT_EQ(p.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(p.vertices()[i], in[i]);
  expectNear(p.normals()[0], {0, -1});
  expectNear(p.normals()[1], {1, 0});
}

TEST(ShapesPolygon, DropsDuplicatesClosingPointAndCollinearVertices) {
  const Polygon p = make({{0, 0}, {0, 0}, {1, 0}, {2, 0}, {2, 2}, {2, 2}, {1, 2}, {0, 2}, {0, 1}, {0, 0}});
  ASSERT_EQ(p.size(), 4u);
  EXPECT_DOUBLE_EQ(signedArea(p), 4.0);
  for (const Vec2 v : p.vertices()) {
    EXPECT_TRUE((v.x == 0 || v.x == 2) && (v.y == 0 || v.y == 2)) << v.x << "," << v.y;
  }
}

TEST(ShapesPolygon, CollinearDropIsExactAtLargeMagnitude) {
  // (1e6 + 0.5, 1e6 + 0.5) lies exactly on the diagonal: dropped. Moving it by one ulp makes it a real vertex.
  const double big = 1e6;
  const Polygon p = make({{big, big}, {big + 0.5, big + 0.5}, {big + 1, big + 1}, {big, big + 1}});
  EXPECT_EQ(p.size(), 3u);
  const double off = std::nextafter(big + 0.5, 0.0);  // slightly right of the diagonal -> a convex corner
  const Polygon q = make({{big, big}, {big + 0.5, off}, {big + 1, big + 1}, {big, big + 1}});
  EXPECT_EQ(q.size(), 4u);
  // Slightly left of the diagonal instead: a reflex corner.
  Polygon r;
  const double in = std::nextafter(big + 0.5, 1e7);
  expectStatus(Polygon::create(std::vector<Vec2>{{big, big}, {big + 0.5, in}, {big + 1, big + 1}, {big, big + 1}}, r),
               Error::NotConvex, "points");
}

TEST(ShapesPolygon, Rejections) {
  Polygon p;
  expectStatus(Polygon::create({}, p), Error::TooFewPoints, "points");
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 1}}, p), Error::TooFewPoints, "points");
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 1}, {1, 1}, {0, 0}}, p), Error::TooFewPoints, "points");
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 1}, {0, 0}, {1, 1}}, p), Error::TooFewPoints, "points");
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 1}, {2, 2}, {-3, -3}}, p), Error::Collinear, "points");
  // Concave (an arrow head).
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {2, 1}, {0, 2}, {1, 1}}, p), Error::NotConvex, "points");
  // Bow tie (self-intersecting).
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 1}, {1, 0}, {0, 1}}, p), Error::NotConvex, "points");
  // A zero-width spike: the boundary turns back on itself.
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {2, 0}, {1, 0}, {1, 1}}, p), Error::NotConvex, "points");
  // A square walked twice: every turn is left, but it winds around two times.
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}, {1, 0}, {1, 1}, {0, 1}}, p),
               Error::NotConvex, "points");
  // A pentagram: all left turns, winds twice.
  std::vector<Vec2> star;
  for (int i = 0; i < 5; ++i) {
    const double a = 2.0 * std::numbers::pi * (2 * i) / 5.0;
    star.push_back({std::cos(a), std::sin(a)});
  }
  expectStatus(Polygon::create(star, p), Error::NotConvex, "points");
  std::reverse(star.begin(), star.end());  // clockwise, winds twice the other way
  expectStatus(Polygon::create(star, p), Error::NotConvex, "points");
  // A {7/3} heptagram (winds three times), and the convex heptagon it is drawn on.
  std::vector<Vec2> heptagram, heptagon;
  for (int i = 0; i < 7; ++i) {
    const double a = 2.0 * std::numbers::pi * ((3 * i) % 7) / 7.0, b = 2.0 * std::numbers::pi * i / 7.0;
    heptagram.push_back({std::cos(a), std::sin(a)});
    heptagon.push_back({std::cos(b), std::sin(b)});
  }
  expectStatus(Polygon::create(heptagram, p), Error::NotConvex, "points");
  EXPECT_EQ(p.size(), 0u);  // left unchanged by every failure
  Polygon h;
  EXPECT_TRUE(Polygon::create(heptagon, h).ok());
  EXPECT_EQ(h.size(), 7u);
}

TEST(ShapesPolygon, NonFinitePointIsNamed) {
  Polygon p = make({{0, 0}, {1, 0}, {0, 1}});
  expectStatus(Polygon::create(std::vector<Vec2>{{0, 0}, {1, 0}, {kNaN, 1}}, p), Error::NotFinite, "points[2]");
  expectStatus(Polygon::create(std::vector<Vec2>{{kInf, 0}, {1, 0}, {0, 1}}, p), Error::NotFinite, "points[0]");
  std::vector<Vec2> many(70, Vec2{0, 0});
  many[63] = {kNaN, 0};
  expectStatus(Polygon::create(many, p), Error::NotFinite, "points[63]");
  many[63] = {0, 0};
  many[64] = {0, kInf};
  expectStatus(Polygon::create(many, p), Error::NotFinite, "points");
  EXPECT_EQ(p.size(), 3u);  // unchanged
}

TEST(ShapesPolygon, ManyVerticesOnACircle) {
  std::vector<Vec2> pts;
  for (int i = 0; i < 64; ++i) {
    const double a = -2.0 * std::numbers::pi * i / 64.0;  // clockwise
    pts.push_back({10 + 3 * std::cos(a), -4 + 3 * std::sin(a)});
  }
  const Polygon p = make(pts);
  EXPECT_EQ(p.size(), 64u);
  EXPECT_GT(signedArea(p), 0.0);
  expectNear(p.centroid(), {10, -4}, 1e-12);
}

TEST(ShapesPolygon, FromBoxAndFromAabb) {
  const Box b{{1, 2}, {3, 1}, 0.3};
  const Polygon p = Polygon::fromBox(b);
  ASSERT_EQ(p.size(), 4u);
  Vec2 c[4];
  b.corners(c);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p.vertices()[i], c[i]);
  EXPECT_NEAR(signedArea(p), 12.0, 1e-12);
  expectNear(p.normals()[1], {std::cos(0.3), std::sin(0.3)});
  expectNear(p.centroid(), {1, 2});

  const Polygon q = Polygon::fromAabb(Aabb{{-1, 0}, {2, 5}});
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(q.vertices()[0], (Vec2{-1, 0}));
  EXPECT_EQ(q.vertices()[2], (Vec2{2, 5}));
  EXPECT_DOUBLE_EQ(signedArea(q), 15.0);
  // A degenerate box gives an (invalid) empty polygon.
  EXPECT_EQ(Polygon::fromAabb(Aabb{{0, 0}, {0, 3}}).size(), 0u);
  EXPECT_EQ(Polygon::fromBox(Box{{0, 0}, {0, 0}, 1}).size(), 0u);
}

TEST(ShapesPolygon, CentroidOfTriangleAndEmpty) {
  expectNear(make({{0, 0}, {3, 0}, {0, 3}}).centroid(), {1, 1});
  expectNear(make({{1e6, 1e6}, {1e6 + 3, 1e6}, {1e6, 1e6 + 3}}).centroid(), {1e6 + 1, 1e6 + 1}, 1e-9);
  expectNear(Polygon{}.centroid(), {0, 0});
}

TEST(ShapesPolygon, Transformed) {
  const Polygon p = make({{0, 0}, {2, 0}, {2, 1}, {0, 1}});
  const Transform t{{5, -1}, std::numbers::pi / 2};
  const Polygon q = p.transformed(t);
  ASSERT_EQ(q.size(), 4u);
  expectNear(q.vertices()[1], {5, 1});
  expectNear(q.vertices()[2], {4, 1});
  expectNear(q.normals()[0], {1, 0});   // was (0, -1)
  expectNear(q.normals()[1], {0, 1});   // was (1, 0)
  EXPECT_NEAR(signedArea(q), 2.0, 1e-12);
  expectNear(q.centroid(), apply(t, p.centroid()));
  EXPECT_EQ(Polygon{}.transformed(t).size(), 0u);
}

// -- transforms, corners --------------------------------------------------------------------------------------------

TEST(ShapesTransform, ApplyAndInverse) {
  const Transform t{{3, 4}, std::numbers::pi / 2};
  expectNear(apply(t, {1, 0}), {3, 5});
  expectNear(apply(t, {0, 2}), {1, 4});
  expectNear(applyInverse(t, {3, 5}), {1, 0});
  const Transform u{{-2.5, 7}, 1.234};
  const Vec2 p{0.3, -9};
  expectNear(applyInverse(u, apply(u, p)), p, 1e-13);
  expectNear(apply(Transform{}, p), p, 0);
}

TEST(ShapesBox, CornersCounterClockwiseFromLocalMinusMinus) {
  Vec2 c[4];
  Box{{1, 1}, {2, 1}, 0}.corners(c);
  EXPECT_EQ(c[0], (Vec2{-1, 0}));
  EXPECT_EQ(c[1], (Vec2{3, 0}));
  EXPECT_EQ(c[2], (Vec2{3, 2}));
  EXPECT_EQ(c[3], (Vec2{-1, 2}));
  Box{{0, 0}, {2, 1}, std::numbers::pi / 2}.corners(c);
  expectNear(c[0], {1, -2});
  expectNear(c[1], {1, 2});
  expectNear(c[2], {-1, 2});
  expectNear(c[3], {-1, -2});
}

// -- bounds ---------------------------------------------------------------------------------------------------------

void expectAabb(const Aabb& b, Vec2 lo, Vec2 hi, double tol = 1e-12) {
  expectNear(b.min, lo, tol);
  expectNear(b.max, hi, tol);
}

TEST(ShapesBounds, EveryShape) {
  expectAabb(bounds(Circle{{1, 2}, 3}), {-2, -1}, {4, 5});
  expectAabb(bounds(Box{{0, 0}, {2, 1}, 0}), {-2, -1}, {2, 1});
  expectAabb(bounds(Box{{0, 0}, {2, 1}, std::numbers::pi / 2}), {-1, -2}, {1, 2});
  const double r = std::sqrt(0.5);
  expectAabb(bounds(Box{{1, 1}, {1, 1}, std::numbers::pi / 4}), {1 - 2 * r, 1 - 2 * r}, {1 + 2 * r, 1 + 2 * r});
  expectAabb(bounds(make({{0, 0}, {4, 1}, {-1, 3}})), {-1, 0}, {4, 3});
  expectAabb(bounds(Polygon{}), {0, 0}, {0, 0});
  expectAabb(bounds(Segment{{3, -1}, {-2, 4}}), {-2, -1}, {3, 4});
  expectAabb(bounds(Shape{Aabb{{1, 2}, {3, 4}}}), {1, 2}, {3, 4});
  expectAabb(bounds(Shape{Circle{{0, 0}, 1}}), {-1, -1}, {1, 1});
  expectAabb(bounds(Shape{Segment{{0, 5}, {1, 4}}}), {0, 4}, {1, 5});
  // Every corner of a rotated box is inside its bounds, and the bounds touch the box.
  const Box b{{2, -3}, {1.5, 0.25}, 0.7};
  const Aabb bb = bounds(Shape{b});
  Vec2 c[4];
  b.corners(c);
  double minX = 1e9;
  for (const Vec2 v : c) {
    EXPECT_TRUE(contains(Aabb{bb.min - Vec2{1e-12, 1e-12}, bb.max + Vec2{1e-12, 1e-12}}, v));
    minX = std::min(minX, v.x);
  }
  EXPECT_NEAR(minX, bb.min.x, 1e-12);
}

// -- a default-constructed polygon is empty everywhere ------------------------------------------------------------

TEST(ShapesPolygon, DefaultConstructedIsHarmlessEverywhere) {
  const Polygon empty;
  const Polygon tri = make({{0, 0}, {1, 0}, {0, 1}});
  EXPECT_FALSE(contains(empty, {0, 0}));
  EXPECT_FALSE(contains(Shape{empty}, {0, 0}));
  EXPECT_FALSE(closestPoint(empty, {0, 0}).inside);
  EXPECT_FALSE(overlaps(empty, tri));
  EXPECT_FALSE(overlaps(tri, empty));
  EXPECT_FALSE(overlaps(empty, empty));
  EXPECT_FALSE(collide(tri, empty).hit);
  EXPECT_FALSE(collide(Circle{{0, 0}, 5}, empty).hit);
  EXPECT_FALSE(overlaps(Circle{{0, 0}, 5}, empty));
  EXPECT_FALSE(collide(Aabb{{-1, -1}, {1, 1}}, empty).hit);
  EXPECT_FALSE(collide(Box{{0, 0}, {1, 1}, 0}, empty).hit);
  EXPECT_FALSE(collide(empty, Segment{{0, 0}, {1, 1}}).hit);
  EXPECT_FALSE(overlaps(Shape{empty}, Shape{Circle{{0, 0}, 1}}));
  EXPECT_FALSE(collide(Shape{Segment{{0, 0}, {1, 1}}}, Shape{empty}).hit);
  SatTrace trace;
  EXPECT_FALSE(collide(empty, tri, &trace).hit);
  EXPECT_EQ(trace.minimumAxis, -1);
}

}  // namespace
