// collide2d — 2D collision detection.
//
// CONVENTIONS (stated once, here and in the README)
//
// * Coordinates: doubles, any unit. The maths does not care whether y points up or down. An angle is in radians
//   and a positive angle turns the +x axis towards the +y axis (counter-clockwise when y points up, clockwise on
//   a screen where y points down). "Counter-clockwise" below always means "positive signed area" in that sense.
// * Shapes are closed: their boundary belongs to them. Touching counts as a hit for every boolean and every
//   contact (a contact may then have depth 0). Sweeps are the one exception: they report entry (see sweep()).
// * A Contact's normal is a unit vector pointing from A to B. Moving B by normal * depth leaves the two shapes
//   touching but not overlapping (equally, moving A by -normal * depth). `point` is the deepest point of B
//   inside A (B's support point along -normal).
// * Parameters: a segment or a line through a and b is a + t (b - a); t in [0, 1] on a segment. A ray is
//   origin + t direction, t >= 0, and `fraction` is that t.
// * Tolerance policy: classification that depends only on the sign of an orientation (which side of a line a
//   point lies on: segment and line intersection, point on segment/line, point in polygon, polygon convexity) is
//   EXACT: adaptive exact arithmetic on inputs rescaled by powers of two, so it gives the mathematically right
//   answer for the given doubles at ANY magnitude (2^-1074 to 2^1023), provided the nonzero coordinates of one
//   call lie within a factor 2^485 (about 1e146) of each other. The tangent test of circle vs line/segment and of a
//   ray vs a circle is exact as well, within a factor 2^216 (about 1e65) among the coordinates and the radius.
//   Overlap booleans of polygonal shapes (polygon, aabb, segment, and a box as its corners from Box::corners) are
//   exact too: an axis whose double projections are within rounding of a touch is decided with orientations, so
//   an exact touch is a hit in both orders, and a gap of one ulp is a miss. Sweeps decide graze / slide / entry
//   at t = 1 exactly. Circle vs circle compares squared distances on power-of-two-rescaled inputs, so it works at
//   any magnitude (radius 1e-200 or 1e200). Other metric answers (points, depths, normals, parameters, distances)
//   and circle-vs-shape booleans are rounded doubles, accurate to a few ulps relative to the magnitude of the
//   inputs, for coordinates and radii whose nonzero magnitudes lie within [2^-460, 2^460] (about 1e-138 to 1e138);
//   outside it they stay defined but squares may under- or overflow. Nothing here uses a fixed absolute epsilon.
//   Polygon::fromBox of a box whose extents vanish beside its centre's precision (corners coinciding) returns an
//   empty polygon, which validate() reports (TooFewPoints).
// * Invalid input: every shape has a validate() overload that returns a Status naming the first bad field
//   ("radius", "points[2]", ...). Polygon can only be built through Polygon::create, which validates. Queries
//   on invalid shapes (NaN, infinite coordinates, negative radii) never have undefined behaviour: they return a
//   defined (possibly meaningless) result. No function throws or allocates, except Polygon::create, the SatTrace
//   it fills on request, and the Shape variant copies.
// * Compile with -ffp-contract=off (the CMake target does) so that results are bit-identical across compilers
//   and WebAssembly.
#pragma once

#include <collide2d/math.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <variant>
#include <vector>

namespace collide2d {

// ---------------------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------------------

/// Why an input was rejected.
enum class Error : std::uint8_t {
  None = 0,        ///< valid
  NotFinite,       ///< a coordinate, radius, extent or angle is NaN or infinite
  NegativeRadius,  ///< a circle's radius is < 0
  NegativeExtent,  ///< a box's half-extent, or an aabb's max < min
  ZeroDirection,   ///< a line or ray has a zero direction (its two points coincide)
  TooFewPoints,    ///< a polygon has fewer than 3 distinct points
  Collinear,       ///< all polygon points lie on one line (zero area)
  NotConvex,       ///< the polygon is not convex, or its boundary crosses itself
  InvalidArgument,  ///< any other bad argument (an iteration count < 1, ...)
  OutOfMemory       ///< memory could not be allocated; the object the call was made on is left as it was
};

/// Result of a validation: ok() or an Error with the name of the first offending field.
struct Status {
  Error error = Error::None;
  /// Name of the offending field, e.g. "radius", "center", "points[3]". Static storage; "" when ok.
  const char* field = "";
  constexpr bool ok() const { return error == Error::None; }
  constexpr explicit operator bool() const { return ok(); }
  /// English description of the error ("must be finite", "must be >= 0", ...). Static storage.
  const char* message() const;
};

// ---------------------------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------------------------

/// A position and a rotation. Applying it rotates by angle, then translates by position.
struct Transform {
  Vec2 position;
  double angle = 0.0;
};
/// Point from the local frame of t to the world.
Vec2 apply(const Transform& t, Vec2 p);
/// Point from the world to the local frame of t.
Vec2 applyInverse(const Transform& t, Vec2 p);

/// A disc: every point within radius of center (boundary included).
struct Circle {
  Vec2 center;
  double radius = 0.0;
};

/// Axis-aligned box, min <= max on both axes.
struct Aabb {
  Vec2 min;
  Vec2 max;
  /// The box written as the seeds write rectangles: top-left corner (smallest x and y) plus width and height.
  static constexpr Aabb fromTopLeft(Vec2 topLeft, double width, double height) {
    return {topLeft, {topLeft.x + width, topLeft.y + height}};
  }
  constexpr Vec2 center() const { return {(min.x + max.x) * 0.5, (min.y + max.y) * 0.5}; }
  constexpr Vec2 halfExtents() const { return {(max.x - min.x) * 0.5, (max.y - min.y) * 0.5}; }
};

/// A rotated rectangle: centre, half-extents along its local axes, rotation angle.
struct Box {
  Vec2 center;
  Vec2 halfExtents;
  double angle = 0.0;
  /// The four corners, counter-clockwise, starting at local (-hx, -hy).
  void corners(Vec2 out[4]) const;
};

/// A line segment from a to b (a may equal b: a zero-length segment is a point).
struct Segment {
  Vec2 a;
  Vec2 b;
};

/// An infinite line through a and b (a != b). Parameter t: a + t (b - a).
struct Line {
  Vec2 a;
  Vec2 b;
};

/// A half-line origin + t direction, t >= 0 (direction != 0; need not be unit).
struct Ray {
  Vec2 origin;
  Vec2 direction;
  /// Largest fraction considered (inclusive); +infinity for an unbounded ray.
  double maxFraction = std::numeric_limits<double>::infinity();
};

/// A convex polygon with at least 3 vertices, stored counter-clockwise with no repeated or collinear vertices.
/// Build it with create(), which validates and normalises the input.
class Polygon {
 public:
  /// Validates `points` (finite, >= 3 distinct, not all collinear, convex in either winding), removes
  /// duplicate and collinear vertices, stores them counter-clockwise and precomputes unit edge normals.
  /// On failure `out` is left unchanged and the Status names "points" or "points[i]".
  static Status create(std::span<const Vec2> points, Polygon& out);
  /// Trusted: `vertices` must be the vertices() of a polygon made by create() (counter-clockwise, convex, no
  /// repeated or collinear vertices); nothing is checked. `out` then equals create(vertices) bit for bit, without
  /// the convexity proof. Reuses out's storage. (The JS layer uses it for polygons it made and froze.)
  static void assignNormalized(std::span<const Vec2> vertices, Polygon& out);
  /// The polygon of a rotated box (its Box::corners). Valid for a valid box whose corners are distinct; a box whose
  /// extents vanish beside its centre's precision (e.g. 0.5 at 1e16) gives an empty polygon (validate(): TooFewPoints),
  /// and so does a box that validate() rejects (negative extent, NaN or infinite field).
  static Polygon fromBox(const Box& box);
  /// The polygon of an axis-aligned box; empty for an aabb that validate() rejects or of zero width or height.
  static Polygon fromAabb(const Aabb& box);

  Polygon() = default;
  std::span<const Vec2> vertices() const { return {data_.data(), data_.size() / 2}; }
  /// normals()[i] is the outward unit normal of the edge vertices[i] -> vertices[i+1].
  std::span<const Vec2> normals() const { return {data_.data() + data_.size() / 2, data_.size() / 2}; }
  std::size_t size() const { return data_.size() / 2; }
  /// Centroid (area-weighted).
  Vec2 centroid() const;
  /// The polygon moved by a transform. The result is always what create() makes (counter-clockwise, strictly convex,
  /// checked exactly): when rounding of the moved vertices merges some, makes some collinear or turns the boundary
  /// inwards (a polygon tiny beside its new position, e.g. extent 5e-28 moved to 1e6), it is create() of the moved
  /// vertices (duplicate and collinear ones dropped), or an empty polygon (validate(): TooFewPoints) when they no
  /// longer form one. A non-finite transform gives an empty polygon as well.
  Polygon transformed(const Transform& t) const;
  /// Same result as transformed(t), written into `out` (which may be *this), reusing its storage: no allocation
  /// once `out` has held at least size() vertices. Used by World to move bodies without allocating.
  void transformedInto(const Transform& t, Polygon& out) const;
  /// Same with the rotation given as cos(t.angle), sin(t.angle), for callers that keep them (bit-identical when
  /// they are exactly the cosine and sine the library computes for the angle: musl's sincos, vendored so that every
  /// build agrees, cpp/src/trig/trig.h; glibc's std::cos / std::sin differ from it by an ulp on about 6% of angles).
  void transformedInto(Vec2 position, double cosAngle, double sinAngle, Polygon& out) const;

 private:
  /// The vertices, then their edge normals: one block (one allocation, and 24 bytes of object instead of 48: a World
  /// keeps two polygons per polygon body).
  std::vector<Vec2> data_;
  /// data_ sized for n vertices and normals (reusing its storage).
  void resizeFor(std::size_t n) { data_.resize(2 * n); }
};

namespace detail {
/// Internal: the interval of a shape's vertices projected on an axis.
struct AxisInterval {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
};
}  // namespace detail

/// A polygon prepared for many pair tests (batches): its projections on its own edge normals and a bounding circle
/// are computed once. overlaps() / collide() on prepared polygons give exactly (bit for bit) the answers of the
/// same calls on the polygons, faster: pairs whose bounding circles are clearly apart are rejected at once, and the
/// SAT does not re-project a polygon on its own axes (half the projections of a polygon pair).
class PreparedPolygon {
 public:
  PreparedPolygon() = default;
  /// Prepares a valid polygon (from Polygon::create); reuses this object's storage.
  void assign(const Polygon& polygon);
  /// Validates and prepares, as Polygon::create (on failure this object is unchanged).
  static Status create(std::span<const Vec2> points, PreparedPolygon& out);

  const Polygon& polygon() const { return polygon_; }
  /// ownIntervals()[i]: the polygon projected on normals()[i], as the SAT computes it.
  std::span<const detail::AxisInterval> ownIntervals() const { return own_; }
  /// A circle containing the polygon, widened by a relative 1e-9 so that rounding never rejects a touching pair.
  Vec2 boundCenter() const { return center_; }
  double boundRadius() const { return radius_; }

 private:
  Polygon polygon_;
  std::vector<detail::AxisInterval> own_;
  Vec2 center_;
  double radius_ = 0.0;
};

/// Every point within radius of the segment a-b (boundary included). a == b is a circle of that radius. Its
/// functions (validate, bounds, contains, raycast, closestPoint, overlaps / collide with every shape) are declared
/// in collide2d/queries.h.
struct Capsule {
  Vec2 a;
  Vec2 b;
  double radius = 0.0;
};

/// Every shape that the generic overlaps() / collide() dispatch over.
using Shape = std::variant<Circle, Aabb, Box, Polygon, Segment, Capsule>;

Status validate(Vec2 p, const char* field = "point");
Status validate(const Circle& c);
Status validate(const Aabb& b);
Status validate(const Box& b);
Status validate(const Segment& s);
Status validate(const Line& l);
Status validate(const Ray& r);
Status validate(const Transform& t);
Status validate(const Polygon& p);  ///< a Polygon from create() is valid unless default-constructed (TooFewPoints)
Status validate(const Shape& s);

/// Smallest axis-aligned box containing the shape.
Aabb bounds(const Circle& c);
Aabb bounds(const Box& b);
Aabb bounds(const Polygon& p);
Aabb bounds(const Segment& s);
Aabb bounds(const Shape& s);

// ---------------------------------------------------------------------------------------------------------------
// Exact predicates
// ---------------------------------------------------------------------------------------------------------------

/// Sign of the orientation of c relative to the directed line a -> b, computed exactly:
/// +1 when c is to the left (counter-clockwise turn), -1 to the right, 0 when exactly collinear.
int orient(Vec2 a, Vec2 b, Vec2 c);

// ---------------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------------

/// Contact between two shapes A and B (see conventions). When hit is false every other field is zero.
struct Contact {
  bool hit = false;
  Vec2 normal;        ///< unit, from A to B
  double depth = 0;   ///< >= 0; move B by normal * depth to separate (touching)
  Vec2 point;         ///< deepest point of B inside A
};

/// Where two infinite lines meet.
struct LineIntersection {
  enum class Kind : std::uint8_t { Parallel, Point, Coincident };
  Kind kind = Kind::Parallel;
  Vec2 point;    ///< the intersection (Kind::Point only)
  double ta = 0; ///< parameter of point on line A (Kind::Point only)
  double tb = 0; ///< parameter of point on line B (Kind::Point only)
};

/// How two segments meet.
struct SegmentIntersection {
  enum class Kind : std::uint8_t { None, Point, Overlap };
  Kind kind = Kind::None;
  /// Point: points[0] with parameters ua[0] on A and ub[0] on B. Overlap (collinear, sharing a sub-segment of
  /// positive length): points[0]..points[1] is the shared sub-segment, ordered by increasing ua.
  /// The parameter of a point on a zero-length segment is 0.
  Vec2 points[2];
  double ua[2] = {0, 0};
  double ub[2] = {0, 0};
};

/// Where a circle's boundary meets an infinite line: count 0 (miss), 1 (tangent, t1 == t2) or 2 (t1 < t2).
struct CircleLineIntersection {
  int count = 0;
  double t1 = 0, t2 = 0;  ///< line parameters, t1 <= t2 (meaningful when count > 0)
  Vec2 p1, p2;            ///< the points at t1 and t2
};

/// Circle vs segment (seed 002 plus closest point).
struct CircleSegmentIntersection {
  /// Crossings of the circle's boundary with t in [0, 1], ordered from the segment start: 0, 1 or 2.
  /// A tangent point counts once. The nearest crossing is points[0] / t[0]. A zero-length segment has none.
  int count = 0;
  double t[2] = {0, 0};
  Vec2 points[2];
  /// True when the segment touches the closed disc (also when it lies entirely inside: then count == 0).
  bool overlaps = false;
  Vec2 closest;               ///< point of the segment closest to the centre
  double closestT = 0;        ///< its parameter
  double distance = 0;        ///< distance from the centre to `closest`
};

/// Closest point of a shape's boundary to a query point.
struct BoundaryPoint {
  Vec2 point;                  ///< on the boundary
  double distanceSquared = 0;  ///< squared distance from the query point to `point`
  bool inside = false;         ///< the query point is inside the closed shape (on the boundary counts)
};

/// Closest point of a segment (or line) to a query point.
struct SegmentPoint {
  Vec2 point;
  double t = 0;                ///< parameter of `point` (clamped to [0, 1] on a segment)
  double distanceSquared = 0;
};

/// One axis tested by the separating axis theorem.
struct SatAxis {
  Vec2 axis;           ///< unit axis (an edge normal of A or of B)
  int owner = 0;       ///< 0: normal of A's edge, 1: normal of B's edge
  int edge = 0;        ///< index of that edge in its polygon's vertex order
  double minA = 0, maxA = 0;  ///< A's projection interval on the axis
  double minB = 0, maxB = 0;  ///< B's projection interval
  double overlap = 0;  ///< min(maxA, maxB) - max(minA, minB); negative: the axis separates
};

/// What SAT did, for teaching and debugging. Filled only when a pointer is passed (this allocates).
struct SatTrace {
  std::vector<SatAxis> axes;      ///< every axis, in test order; with a trace, all axes are tested
  int separatingAxis = -1;        ///< first axis with overlap < 0 (where the fast path stops), or -1
  int minimumAxis = -1;           ///< axis of smallest overlap (the MTV axis) when they overlap, else -1
  bool boundingCircleTested = false;  ///< Box vs Box: the bounding-circle pre-check ran
  bool boundingCircleRejected = false;///< ... and proved them apart before any axis
};

/// A ray hit. When hit is false every other field is zero.
struct RayHit {
  bool hit = false;
  double fraction = 0;  ///< t of origin + t direction
  Vec2 point;
  Vec2 normal;          ///< unit outward normal of the shape at point; (0,0) when the origin starts inside
};

/// First contact of a moving circle with walls.
struct SweepHit {
  bool hit = false;
  double time = 1;     ///< fraction of the displacement in [0, 1] at first contact (1 when no hit)
  Vec2 position;       ///< centre where the circle stops: touching the wall, never inside it
  Vec2 normal;         ///< unit, from the wall towards the circle at contact
  Vec2 point;          ///< contact point on the wall
  int wall = -1;       ///< index of the wall hit first
};

/// Result of move-and-slide.
struct SlideResult {
  static constexpr int kMaxIterations = 8;
  Vec2 position;                  ///< final centre
  int iterations = 0;             ///< sweeps performed
  int contacts = 0;               ///< walls hit on the way
  /// The path: path[0] is the start, then each stop (contact) and the final position; pathCount <= 10.
  Vec2 path[kMaxIterations + 2];
  int pathCount = 0;
  Vec2 lastNormal;                ///< normal of the last wall hit, (0,0) if none
};

// ---------------------------------------------------------------------------------------------------------------
// Queries, grouped by family. Pair functions take A then B in the order
// Circle, Aabb, Box, Polygon, Segment; use the generic overloads for the other order.
// ---------------------------------------------------------------------------------------------------------------

// -- axis-aligned boxes (seed 000, 003)
bool overlaps(const Aabb& a, const Aabb& b);
Contact collide(const Aabb& a, const Aabb& b);

// -- circles (seed 000, 003)
bool overlaps(const Circle& a, const Circle& b);
/// Coincident centres: normal (1, 0) by convention, depth = ra + rb.
Contact collide(const Circle& a, const Circle& b);

// -- infinite lines and segments (seed 000, 003, 004)
LineIntersection intersect(const Line& a, const Line& b);
bool overlaps(const Segment& a, const Segment& b);  ///< exact
SegmentIntersection intersect(const Segment& a, const Segment& b);  ///< exact classification
SegmentPoint closestPoint(const Segment& s, Vec2 p);
SegmentPoint closestPoint(const Line& l, Vec2 p);

// -- circle vs line / segment (seed 000, 002)
CircleLineIntersection intersect(const Circle& c, const Line& l);
CircleSegmentIntersection intersect(const Circle& c, const Segment& s);
bool overlaps(const Circle& c, const Segment& s);

// -- rectangle / polygon vs circle (seed 000)
bool overlaps(const Circle& c, const Aabb& b);
bool overlaps(const Circle& c, const Box& b);
bool overlaps(const Circle& c, const Polygon& p);
Contact collide(const Circle& c, const Aabb& b);
Contact collide(const Circle& c, const Box& b);
Contact collide(const Circle& c, const Polygon& p);
Contact collide(const Circle& c, const Segment& s);
BoundaryPoint closestPoint(const Circle& c, Vec2 p);
BoundaryPoint closestPoint(const Aabb& b, Vec2 p);
BoundaryPoint closestPoint(const Box& b, Vec2 p);
BoundaryPoint closestPoint(const Polygon& poly, Vec2 p);

// -- rotated rectangles (seed 001): SAT on 4 axes in A's frame with a bounding-circle pre-check
bool overlaps(const Box& a, const Box& b);
Contact collide(const Box& a, const Box& b, SatTrace* trace = nullptr);

// -- convex polygons (SAT). Aabb/Box/Segment pairs with polygons go through the same SAT.
bool overlaps(const Polygon& a, const Polygon& b);
Contact collide(const Polygon& a, const Polygon& b, SatTrace* trace = nullptr);
/// Same answers as on a.polygon(), b.polygon() (see PreparedPolygon).
bool overlaps(const PreparedPolygon& a, const PreparedPolygon& b);
Contact collide(const PreparedPolygon& a, const PreparedPolygon& b);
bool overlaps(const Circle& c, const PreparedPolygon& p);
Contact collide(const Circle& c, const PreparedPolygon& p);
Contact collide(const Aabb& a, const Box& b);
Contact collide(const Aabb& a, const Polygon& b);
Contact collide(const Aabb& a, const Segment& b);
Contact collide(const Box& a, const Polygon& b);
Contact collide(const Box& a, const Segment& b);
Contact collide(const Polygon& a, const Segment& b);
Contact collide(const Segment& a, const Segment& b);

// -- point in shape (closed: boundary counts)
bool contains(const Circle& c, Vec2 p);
bool contains(const Aabb& b, Vec2 p);
bool contains(const Box& b, Vec2 p);
bool contains(const Polygon& poly, Vec2 p);  ///< exact
bool contains(const Segment& s, Vec2 p);     ///< exact: p lies on the segment
bool contains(const Line& l, Vec2 p);        ///< exact: p lies on the line
bool contains(const Shape& s, Vec2 p);

// -- rays
RayHit raycast(const Ray& r, const Circle& c);
RayHit raycast(const Ray& r, const Aabb& b);
RayHit raycast(const Ray& r, const Box& b);
RayHit raycast(const Ray& r, const Polygon& p);
RayHit raycast(const Ray& r, const Segment& s);  ///< normal faces the ray's origin side
RayHit raycast(const Ray& r, const Shape& s);

// -- swept circle vs walls (seed 004)
/// First contact of `circle` moving by `displacement` against `walls`. A sweep reports ENTRY: the first time the
/// circle would move into a wall. A circle that starts touching or overlapping a wall and moves into it hits at
/// time 0; one that moves away or exactly parallel to it does not hit (so a circle can slide along a floor), and
/// a path that only grazes a wall tangentially (touching without ever moving into it) is not a hit either; graze,
/// exact parallel slide at distance r, and entry exactly at time 1 are decided exactly. A circle whose centre lies
/// exactly on a wall is never stopped by it (every motion leaves it or slides along it). The returned position
/// keeps the circle out of every wall it started clear of; it never tunnels, however long the move.
SweepHit sweep(const Circle& circle, Vec2 displacement, std::span<const Segment> walls);
/// Moves as far as possible, then spends the remaining displacement sliding along the wall hit (projected on its
/// tangent), up to maxIterations sweeps (1..SlideResult::kMaxIterations, clamped).
SlideResult moveAndSlide(const Circle& circle, Vec2 displacement, std::span<const Segment> walls,
                         int maxIterations = 4);

// -- generic dispatch over every pair of Circle, Aabb, Box, Polygon, Segment; swapped pairs flip the normal
bool overlaps(const Shape& a, const Shape& b);
Contact collide(const Shape& a, const Shape& b);

}  // namespace collide2d
#include <collide2d/queries.h>
#include <collide2d/decompose.h>
