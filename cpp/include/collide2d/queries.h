// collide2d — the queries after "do they touch": capsules, distance, shape casts, contact manifolds, containment.
// Included at the end of collide2d.h; every convention stated there holds here. In addition:
//
// * Convex shapes. Every function here takes any of Circle, Aabb, Box, Polygon, Segment, Capsule (the concept
//   ConvexShape) in either order. Each is a "core" (a point, a segment or a convex polygon) grown by a radius (the
//   circle's, the capsule's; 0 for the others). A capsule with a == b is a circle. Capsule (defined in collide2d.h)
//   is a member of the Shape variant: validate/bounds/contains/raycast/overlaps/collide(Shape...) take it and answer
//   with the overloads below (for a pair with a capsule, collide(Shape, Shape) is collide() of that order).
// * Magnitude S of a query: the largest absolute coordinate, radius or translation among its inputs. Precision
//   bounds below are stated relative to S: "within 2^-40 S" means an absolute error of at most S / 2^40. They hold
//   for nonzero magnitudes in [2^-460, 2^460] (GJK rescales by powers of two, exactly) whose nonzero coordinates lie
//   within 2^485 of each other, as "exact" answers do (collide2d.h); beyond that span a sliver thinner than its own
//   coordinates' precision can make distance() stop on a wrong feature. docs/precision.md has the table.
// * Overlap booleans of capsules compare a computed distance with the radius, like circles (no epsilon): right
//   whenever the exact gap (or overlap) of the grown shapes exceeds 2^-40 S. The cores' intersection (segment
//   against segment or polygon) is decided by the existing exact / SAT tests, so crossing cores always overlap.
// * Invalid input (NaN, negative radius, an empty Polygon) gives a defined result (never UB); validate() names
//   the field. No function here allocates.
#pragma once

#include <collide2d/collide2d.h>

#include <concepts>
#include <cstdint>

namespace collide2d {

// ---------------------------------------------------------------------------------------------------------------
// Capsule
// ---------------------------------------------------------------------------------------------------------------


/// The shapes accepted by distance(), cast(), collideManifold() and containsShape().
template <class T>
concept ConvexShape = std::same_as<T, Circle> || std::same_as<T, Aabb> || std::same_as<T, Box> ||
                      std::same_as<T, Polygon> || std::same_as<T, Segment> || std::same_as<T, Capsule>;

Status validate(const Capsule& c);  ///< "a", "b" (finite), "radius" (finite, >= 0)
Aabb bounds(const Capsule& c);
bool contains(const Capsule& c, Vec2 p);  ///< distance from p to the segment <= radius (computed, no epsilon)
/// Ray against a capsule: fraction, point and outward normal; origin inside gives fraction 0 and normal (0, 0).
RayHit raycast(const Ray& r, const Capsule& c);
/// Closest point of the capsule's boundary to p (inside: contains(c, p)). For p on the core the point is taken along
/// the segment's left normal ((0, 1) rotated with a -> b; (1, 0) when a == b).
BoundaryPoint closestPoint(const Capsule& c, Vec2 p);

bool overlaps(const Capsule& a, const Capsule& b);
bool overlaps(const Capsule& a, const Circle& b);
bool overlaps(const Capsule& a, const Aabb& b);
bool overlaps(const Capsule& a, const Box& b);
bool overlaps(const Capsule& a, const Polygon& b);
bool overlaps(const Capsule& a, const Segment& b);
bool overlaps(const Circle& a, const Capsule& b);
bool overlaps(const Aabb& a, const Capsule& b);
bool overlaps(const Box& a, const Capsule& b);
bool overlaps(const Polygon& a, const Capsule& b);
bool overlaps(const Segment& a, const Capsule& b);
/// Contact with a capsule (collide2d.h's Contact conventions); cores apart: along their closest points, else the
/// cores' minimum translation grown by the radii.
Contact collide(const Capsule& a, const Capsule& b);
Contact collide(const Capsule& a, const Circle& b);
Contact collide(const Capsule& a, const Aabb& b);
Contact collide(const Capsule& a, const Box& b);
Contact collide(const Capsule& a, const Polygon& b);
Contact collide(const Capsule& a, const Segment& b);
Contact collide(const Circle& a, const Capsule& b);
Contact collide(const Aabb& a, const Capsule& b);
Contact collide(const Box& a, const Capsule& b);
Contact collide(const Polygon& a, const Capsule& b);
Contact collide(const Segment& a, const Capsule& b);

// ---------------------------------------------------------------------------------------------------------------
// Distance (GJK, Box2D's b2ShapeDistance)
// ---------------------------------------------------------------------------------------------------------------

/// GJK's last simplex, to start the next query of the same pair from it (coherent motion). Zero-initialise.
struct SimplexCache {
  int count = 0;                 ///< 0: no cache
  std::uint16_t indexA[3] = {};  ///< vertex indices in A's core
  std::uint16_t indexB[3] = {};
};

/// Result of distance(). When overlap is true: distance 0, normal (0, 0), pointA == pointB.
struct DistanceResult {
  double distance = 0;  ///< >= 0; within 2^-40 S of the exact distance; 0 exactly when overlap
  Vec2 pointA;          ///< closest point of A's boundary (on it within 2^-40 S)
  Vec2 pointB;          ///< closest point of B's boundary (on it within 2^-40 S)
  Vec2 normal;          ///< unit (to 1e-15), from A to B: pointA + normal * distance is pointB within 2^-40 S
  /// They overlap or touch; equal to overlaps(a, b) (for the exact pairs, polygonal and circle vs segment, while
  /// the coordinates lie within 2^485, resp. 2^216, of each other: beyond, overlaps() itself may err by rounding)
  bool overlap = false;
  int iterations = 0;   ///< GJK iterations (at most 64)
};

/// Distance, closest points and normal between two convex shapes; terminates (at most 64 GJK iterations).
template <ConvexShape A, ConvexShape B>
DistanceResult distance(const A& a, const B& b, SimplexCache* cache = nullptr);

/// One GJK iteration, for teaching: the simplex after it was reduced to the features nearest the origin. a[i], b[i]
/// are support points of A's and B's cores (radius not included: a circle's core is its centre, a capsule's its
/// segment); the Minkowski-difference point of vertex i is b[i] - a[i]; closest is the point of the simplex (in
/// b - a space) nearest the origin ((0, 0) when the triangle encloses it).
struct GjkStep {
  Vec2 a[3];
  Vec2 b[3];
  int count = 0;
  Vec2 closest;
};
/// Every iteration of one distance() call (fixed storage: at most 64 iterations plus the final reduction).
struct GjkTrace {
  GjkStep steps[65];
  int count = 0;
};
/// distance() that also records each GJK iteration in `trace` (its count is reset first). Same result as distance().
template <ConvexShape A, ConvexShape B>
DistanceResult distance(const A& a, const B& b, GjkTrace& trace);
/// distance() of two members of the Shape variant: the same results, with one compiled body for every pair of
/// alternatives (what the wasm bindings use; a smaller module than a visit over the typed overloads).
DistanceResult distance(const Shape& a, const Shape& b, SimplexCache* cache = nullptr);
DistanceResult distance(const Shape& a, const Shape& b, GjkTrace& trace);

/// overlaps() for any pair of convex shapes (the overloads of collide2d.h and above, either order).
template <ConvexShape A, ConvexShape B>
bool overlapsAny(const A& a, const B& b);
/// collide() for any pair of convex shapes; a swapped pair flips the normal.
template <ConvexShape A, ConvexShape B>
Contact collideAny(const A& a, const B& b);

// ---------------------------------------------------------------------------------------------------------------
// Shape cast / time of impact (conservative advancement, as Box2D's b2TimeOfImpact)
// ---------------------------------------------------------------------------------------------------------------

/// Motion over the step, t in [0, 1]: the shape turns by t * rotation about its centre (circle centre, aabb and
/// box centre, polygon centroid, segment and capsule midpoint), then moves by t * translation.
struct Motion {
  Vec2 translation;
  double rotation = 0.0;
};

/// First contact of two moving shapes. When hit is false, fraction is 1 and point and normal are zero.
struct CastHit {
  bool hit = false;
  /// Contact time, never after the exact first contact: at fraction the shapes are apart (overlaps() is false)
  /// by at most 2^-40 S (2^-32 S with rotation), or fraction is 0 (they start in contact and move into each other).
  /// Precision in translation: with t the exact first contact and v the approach speed along the contact normal
  /// (the rate at which the gap closes per unit of fraction, |dot(translationB - translationA, normal)|),
  ///     t - 2^-39 S / v  <=  fraction  <=  t      (unless iterations reached 64).
  /// So a nearly parallel approach (small v) at a large S has a coarse fraction: S = 4e6, v = 1 gives 7.3e-6; S = 4e9,
  /// 7.3e-3. When the shapes come within 2^-40 S of each other before the end of the step but first
  /// touch after it (t > 1), the cast may report that near contact as a hit.
  double fraction = 1.0;
  Vec2 point;          ///< midway between the closest points at fraction (so within that distance of both)
  Vec2 normal;         ///< unit, from A to B at contact
  int iterations = 0;  ///< advancement steps (at most 64 without rotation, 1024 with; at the limit fraction is
                       ///< still a time where they are apart, only not yet within the distance above)
};

/// When A and B, moving by motionA and motionB, first touch. Entry, as sweep(): starting in contact counts only
/// when moving into each other, and a tangent graze is not a hit (translation); never passes through.
///
/// Sharp features in translation (both shapes among polygon, box, aabb, segment, and radius-0 circle or capsule, i.e.
/// points; no rotation): the entry rule is decided EXACTLY for the given doubles, from the features in contact
/// (vertex-vertex, vertex-edge, edge-edge) and the relative motion, with exact predicates, never from a rounded
/// residual (for coordinates and translations within the exact range of collide2d.h's tolerance policy):
///  * a graze is never a hit: a vertex passing a vertex, a vertex or an edge sliding along an edge it touches, or
///    two flat shapes (segments, points) moving along their common line. Formally, in the Minkowski difference
///    M = B - A the line of relative motion meets only M's boundary (for flat M: does not cross it transversally
///    through its relative interior);
///  * touching at 0 (boundaries only): a hit at 0 exactly when the motion carries them into each other at once; a
///    graze, a slide or moving apart is no hit. Two flat shapes touching at 0 are apart at every later time: no hit;
///  * interiors overlapping at 0 (positive area, or segments crossing): a hit at 0 when moving into each other
///    along collide()'s normal, else no hit (so a shape can move out);
///  * never passes through: if, starting apart or touching, the exact motion makes the interiors overlap (or two
///    segments cross) at some t in [0, 1), there is a hit at or before the first contact.
/// A hit at 0 has the normal (A to B) of the edge that the motion closes last, and GJK's point.
///
/// Round shapes in translation (a circle or capsule of radius > 0 against any shape, sharp or round; no rotation):
/// the entry rule is decided EXACTLY too. With R = rA + rB and M = B - A of the cores (a circle's centre, a capsule's
/// segment, a sharp shape itself), the shapes touch at t exactly when the origin moved by -t (dB - dA) is at distance
/// R from M, and overlap (interiors) when closer:
///  * a graze is never a hit: a path at distance exactly R from a vertex (a circle passing a corner at exactly its
///    radius, two circles passing each other), or sliding along a face or a parallel capsule at distance exactly R.
///    Formally, the line of relative motion stays at distance >= R from M, with equality somewhere;
///  * touching at 0 (distance exactly R): a hit at 0 exactly when the relative motion points strictly into the other
///    shape at a contact (at a vertex pair: dot(dB - dA, b - a) < 0; at a face: dot(dB - dA, n) < 0), with that
///    contact's normal (A to B); tangent to the contact, or moving apart, is no hit;
///  * apart at 0 by at most 2^-40 S: a hit at 0 exactly when the motion enters and the first contact lies ahead;
///  * overlapping at 0 (distance below R): a hit at 0 when moving into each other along collide()'s normal;
///  * never passes through: if the exact motion makes them overlap at some t in [0, 1), there is a hit at or before
///    the first contact.
/// These are exact for coordinates, translations and radii within 2^216 of each other (the degree-4 predicates
/// cross(r, b - a)^2 - R^2 |r|^2, cross(e, q - p)^2 - R^2 |e|^2 and |b - a|^2 - R^2 taken exactly).
///
/// With rotation: never passes through (conservative advancement); every contact reached is a hit (no graze
/// decision), and a start in contact is a hit at 0 when the velocity at collide()'s point points into B along
/// collide()'s normal (rounded).
///
/// Precision of cast() (where the exact rules above apply, in translation, they take precedence):
///  * near misses: a path that comes within 2^-40 S (2^-32 S rotating) of touching without touching may be reported
///    as a hit (at a time where the shapes are apart); a path that stays farther apart never is;
///  * normal: unit (to 1e-12), from A to B; on a face contact (a flat side leading), that side's normal (to 1e-12);
///  * zero-area shapes with rotation (a point: zero-radius circle, zero-size aabb, zero-length segment; a segment; a
///    box of zero extent) have no inside: entry is the first touch of the closed shapes, and starting in contact is
///    "moving in" when the motion points into the other shape (against the contact normal).
template <ConvexShape A, ConvexShape B>
CastHit cast(const A& a, const Motion& motionA, const B& b, const Motion& motionB);
/// cast() of two members of the Shape variant (the same results, one compiled body).
CastHit cast(const Shape& a, const Motion& motionA, const Shape& b, const Motion& motionB);

// Single calls with a pose (as Box2D's shape proxy + transform): each shape is given in its own frame and placed by a
// Transform, so a moving shape is neither rebuilt through Polygon::create nor validated each frame. The placed shape
// is placed(shape, xf): a circle's centre, a segment's or capsule's ends and a polygon's vertices by apply(xf, p)
// (a polygon as Polygon::transformed); a box gets centre apply(xf, center) and angle + xf.angle; an aabb stays an
// aabb {apply(xf, min), apply(xf, max)} when xf.angle == 0, else becomes the Box {apply(xf, center()),
// halfExtents(), xf.angle}. Results are those of the calls on the placed shapes, bit for bit. No allocation once a
// thread has placed a polygon of that many vertices (a per-thread scratch polygon per side).

/// A placed by xfA moving by `translation` (B placed by xfB stays): cast(placed(a, xfA), Motion{translation},
/// placed(b, xfB), Motion{}).
template <ConvexShape A, ConvexShape B>
CastHit cast(const A& a, const Transform& xfA, const B& b, const Transform& xfB, Vec2 translation);
CastHit cast(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, Vec2 translation);
/// distance(placed(a, xfA), placed(b, xfB), cache).
template <ConvexShape A, ConvexShape B>
DistanceResult distance(const A& a, const Transform& xfA, const B& b, const Transform& xfB,
                        SimplexCache* cache = nullptr);
DistanceResult distance(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                        SimplexCache* cache = nullptr);

// ---------------------------------------------------------------------------------------------------------------
// Contact manifolds (reference face + clipped incident edge, Box2D's b2ClipPolygons)
// ---------------------------------------------------------------------------------------------------------------

/// One manifold point.
struct ManifoldPoint {
  /// B's deepest point there; it and point + normal * depth lie on B's and A's boundaries within 2^-38 S, plus
  /// r (1 - |cos a|) for a capsule of radius r at angle a to the contact tangent (its core point is moved along
  /// the normal). A single point (round pairs, and no face to clip against) is where the shapes touch once B is
  /// moved by normal * depth, moved back: never a far end of a long shape. A zero-area aabb or box counts as the
  /// point or segment it is.
  Vec2 point;
  /// >= 0: the point's penetration along the manifold's normal. A single point (id 1 << 30) has collide()'s normal
  /// and depth, bit for bit. Two points: the normal is the reference face's (it may differ from collide()'s, e.g.
  /// for crossing segments), and the deepest depth is at most the shapes' overlap along it (within 2^-38 S), so
  /// it is collide()'s depth when the normals agree.
  double depth = 0;
  std::uint32_t id = 0;///< feature key: flipped << 31 | reference vertex << 16 | incident vertex; stable while
                       ///< the same features touch (fallback single points: 1 << 30 | ...)
};

/// Up to two contact points sharing one normal; count 0 exactly when !overlaps(a, b).
struct Manifold {
  Vec2 normal;  ///< unit, from A to B
  ManifoldPoint points[2];
  int count = 0;
};

/// Contact manifold; 1 point for a circle pair, up to 2 for aabb, box, polygon, segment, capsule pairs.
template <ConvexShape A, ConvexShape B>
Manifold collideManifold(const A& a, const B& b);
/// collideManifold() of two members of the Shape variant (the same results, one compiled body).
Manifold collideManifold(const Shape& a, const Shape& b);

// ---------------------------------------------------------------------------------------------------------------
// Containment
// ---------------------------------------------------------------------------------------------------------------

/// B lies entirely inside A (boundaries may touch). Polygonal B in polygonal A: exact (every vertex by contains();
/// a box as its Box::corners, so a box of zero extent is the segment between them). Round parts compare computed
/// distances: right whenever the exact margin exceeds 2^-40 S. A segment contains only zero-radius B lying on it.
template <ConvexShape A, ConvexShape B>
bool containsShape(const A& a, const B& b);
/// containsShape() of two members of the Shape variant (the same results).
bool containsShape(const Shape& a, const Shape& b);

}  // namespace collide2d
