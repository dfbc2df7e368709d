// collide2d benchmark scene, shared by the native benchmark and (ported line by line) the JS benchmark.
//
// N bodies in a square world of side sqrt(N * 115) (each body then overlaps about 3 others), types in turn:
//   i % 4 == 0  circle, radius 2..8
//   i % 4 == 1  axis-aligned box (Aabb centred on the origin, transform angle 0), sides 3..14
//   i % 4 == 2  rotated box (Box centred on the origin, random transform angle), sides 3..14
//   i % 4 == 3  convex polygon of 3..8 vertices on a circle of radius 3..10, random transform angle
// Every frame each body moves by its constant velocity (|vx|, |vy| <= 0.5) and bounces at the walls.
//
// PORTABILITY: only +, -, *, / on doubles and the mulberry32 generator (32-bit unsigned arithmetic), so JS
// (Math.imul, >>> 0) produces bit-identical doubles. No sin/cos here: polygon vertices come from the rational
// parametrisation of the circle ((1 - t^2) / (1 + t^2), 2t / (1 + t^2)). Draw order of the random numbers is part
// of the contract: do not reorder the calls.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace collide2d::scene {

/// mulberry32: JS `t = (a += 0x6D2B79F5) | 0; t = Math.imul(t ^ t >>> 15, t | 1); t ^= t + Math.imul(t ^ t >>> 7,
/// t | 61); return ((t ^ t >>> 14) >>> 0) / 4294967296;`
struct Mulberry32 {
  std::uint32_t state;
  double next() {
    state += 0x6D2B79F5u;
    std::uint32_t t = state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
  }
  /// Uniform in [lo, hi).
  double range(double lo, double hi) { return lo + (hi - lo) * next(); }
};

constexpr double kPi = 3.141592653589793;  // Math.PI

enum class Kind : int { Circle = 0, Aabb = 1, Box = 2, Polygon = 3 };

struct Body {
  Kind kind = Kind::Circle;
  /// Circle: radius. Aabb: width, height. Box: half-width, half-height. Polygon: radius.
  double a = 0, b = 0;
  std::vector<double> points;  ///< polygon: x0, y0, x1, y1, ... counter-clockwise
  double x = 0, y = 0, angle = 0, vx = 0, vy = 0;
};

struct Scene {
  double side = 0;
  std::vector<Body> bodies;
};

inline Scene makeScene(int n, std::uint32_t seed = 12345) {
  Mulberry32 rng{seed};
  Scene s;
  s.side = std::sqrt(static_cast<double>(n) * 115.0);
  s.bodies.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    Body& b = s.bodies[static_cast<std::size_t>(i)];
    b.kind = static_cast<Kind>(i % 4);
    b.x = rng.range(0, s.side);
    b.y = rng.range(0, s.side);
    b.vx = rng.range(-0.5, 0.5);
    b.vy = rng.range(-0.5, 0.5);
    b.angle = rng.range(0, 2 * kPi);
    switch (b.kind) {
      case Kind::Circle: b.a = rng.range(2, 8); break;
      case Kind::Aabb:
        b.a = rng.range(3, 14);
        b.b = rng.range(3, 14);
        b.angle = 0;
        break;
      case Kind::Box:
        b.a = rng.range(3, 14) * 0.5;
        b.b = rng.range(3, 14) * 0.5;
        break;
      case Kind::Polygon: {
        const int count = 3 + static_cast<int>(std::floor(rng.next() * 6));  // 3..8
        b.a = rng.range(3, 10);
        for (int k = 0; k < count; ++k) {
          // phi in (-pi/2, pi/2), increasing with k; t ~ tan(phi) (a monotonic rational stand-in).
          const double jitter = rng.range(-0.35, 0.35);
          const double phi = -kPi / 2 + kPi * (k + 0.5 + jitter) / count;
          const double u = 2 * phi / kPi;
          const double t = phi / (1 - u * u);
          const double d = 1 + t * t;
          b.points.push_back(b.a * (1 - t * t) / d);
          b.points.push_back(b.a * (2 * t) / d);
        }
        break;
      }
    }
  }
  return s;
}

/// One frame of motion: move by the velocity, reflect at the walls [0, side].
inline void advance(Scene& s) {
  for (Body& b : s.bodies) {
    b.x += b.vx;
    b.y += b.vy;
    if (b.x < 0) { b.x = -b.x; b.vx = -b.vx; }
    if (b.x > s.side) { b.x = 2 * s.side - b.x; b.vx = -b.vx; }
    if (b.y < 0) { b.y = -b.y; b.vy = -b.vy; }
    if (b.y > s.side) { b.y = 2 * s.side - b.y; b.vy = -b.vy; }
  }
}

}  // namespace collide2d::scene
