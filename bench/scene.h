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

// LEVEL SCENE (issue 12): static level geometry for the moving scene above. `pieces` tiles of 1.5 x 0.75 laid in
// platforms of 50 consecutive tiles along +x (each platform 75 long, left end x0 in origin + [0, side - 75), height
// y in origin + [0, side)), drawn x0 then y per platform. The benchmarks spread the level over 3x the moving scene's
// side (origin -side): the moving bodies roam the middle ninth of it, as in a level larger than the screen. Tile j of a platform, by j % 10:
//   0..6  axis-aligned box [0, 1.5] x [0, 0.75]                                      (LevelKind::Tile)
//   7     slope up:   triangle (0, 0), (1.5, 0), (1.5, 0.75)                         (LevelKind::Convex)
//   8     slope down: triangle (0, 0), (1.5, 0), (0, 0.75)                           (LevelKind::Convex)
//   9     a U-shaped concave piece of 8 vertices, 1.5 x 1.5, cut 0.375 deep walls    (LevelKind::Concave: one
//         static compound body of the convex parts of decompose(points): World::addOutline)
// at (x0 + 1.5 j, y), angle 0. Local coordinates are exact binary fractions.
enum class LevelKind : int { Tile = 0, Convex = 1, Concave = 2 };

struct Piece {
  LevelKind kind = LevelKind::Tile;
  std::vector<double> points;  ///< Convex / Concave: x0, y0, x1, y1, ... counter-clockwise
  double x = 0, y = 0;
};

inline std::vector<Piece> makeLevel(int pieces, double side, double origin = 0, std::uint32_t seed = 777) {
  Mulberry32 rng{seed};
  std::vector<Piece> out;
  out.reserve(static_cast<std::size_t>(pieces));
  constexpr double w = 1.5, h = 0.75;
  while (static_cast<int>(out.size()) < pieces) {
    const double x0 = origin + rng.range(0, side - 50 * w);
    const double y = origin + rng.range(0, side);
    for (int j = 0; j < 50 && static_cast<int>(out.size()) < pieces; ++j) {
      Piece p;
      p.x = x0 + w * j;
      p.y = y;
      switch (j % 10) {
        case 7: p.kind = LevelKind::Convex; p.points = {0, 0, w, 0, w, h}; break;
        case 8: p.kind = LevelKind::Convex; p.points = {0, 0, w, 0, 0, h}; break;
        case 9:
          p.kind = LevelKind::Concave;
          p.points = {0, 0, w, 0, w, 2 * h, 0.75 * w, 2 * h, 0.75 * w, 0.5 * h, 0.25 * w, 0.5 * h, 0.25 * w, 2 * h, 0, 2 * h};
          break;
        default: p.kind = LevelKind::Tile; break;
      }
      out.push_back(std::move(p));
    }
  }
  return out;
}

}  // namespace collide2d::scene
