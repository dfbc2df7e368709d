// collide2d — small pass-by-value vector math used by every query.
// Conventions are stated once, in collide2d.h.
#pragma once

#include <cmath>

namespace collide2d {

/// A point or a direction in the plane (double precision).
struct Vec2 {
  double x = 0.0;
  double y = 0.0;
};

constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
constexpr Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
constexpr Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
constexpr bool operator!=(Vec2 a, Vec2 b) { return !(a == b); }

/// Dot product.
constexpr double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// 2D cross product (z of the 3D cross product): positive when b is counter-clockwise from a.
constexpr double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
/// The vector turned by +90 degrees: (-y, x).
constexpr Vec2 perp(Vec2 a) { return {-a.y, a.x}; }
/// Squared length.
constexpr double lengthSquared(Vec2 a) { return dot(a, a); }
/// Length.
inline double length(Vec2 a) { return std::sqrt(dot(a, a)); }
/// Squared distance between two points.
constexpr double distanceSquared(Vec2 a, Vec2 b) { return lengthSquared(b - a); }
/// Distance between two points.
inline double distance(Vec2 a, Vec2 b) { return length(b - a); }
/// Unit vector in the direction of a, or (0, 0) when a has zero length.
inline Vec2 normalize(Vec2 a) {
  const double len = length(a);
  return len > 0.0 ? Vec2{a.x / len, a.y / len} : Vec2{0.0, 0.0};
}
/// Linear interpolation a + t (b - a).
constexpr Vec2 lerp(Vec2 a, Vec2 b, double t) { return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)}; }
/// The vector rotated by the angle whose cosine and sine are given.
constexpr Vec2 rotate(Vec2 a, double c, double s) { return {c * a.x - s * a.y, s * a.x + c * a.y}; }
/// The vector rotated by -angle (inverse of rotate with the same c, s).
constexpr Vec2 inverseRotate(Vec2 a, double c, double s) { return {c * a.x + s * a.y, -s * a.x + c * a.y}; }
/// Vector projection of p onto axis (axis need not be unit; (0,0) for a zero axis): axis * dot(p, axis) / |axis|^2.
constexpr Vec2 project(Vec2 p, Vec2 axis) {
  const double l2 = dot(axis, axis);
  return l2 > 0.0 ? axis * (dot(p, axis) / l2) : Vec2{0.0, 0.0};
}
/// True when both coordinates are finite (not NaN, not infinite).
inline bool isFinite(Vec2 a) { return std::isfinite(a.x) && std::isfinite(a.y); }

}  // namespace collide2d
