// The pose identity run: seeded single calls with a pose (queries.h: distance(a, xfA, b, xfB) and
// cast(a, xfA, b, xfB, translation)) hashed, the same bits natively, in the wasm build of the suite and through the
// public JS API (web/test/pose.test.js computes the same run line by line); the value is recorded in
// tests/pose_identity.json (tests/native/pose_identity_test.cpp and web/test/pose.test.js check it).
//
// Run (seed, pairs): call i takes shape kinds i % 6 and (i / 6) % 6 (circle, aabb, box, polygon, segment, capsule,
// each near the origin in its own frame), transforms whose angle is, by i % 5 (xfA) and (i + 2) % 5 (xfB): 0, pi/2
// (the double 1.5707963267948966), in [-4, 4), in [1e6, 2e6), in [5e14, 1e15); positions in [-5, 5)^2, and a
// translation in [-12, 12)^2. Hashed: the DistanceResult (distance, pointA, pointB, normal, overlap, iterations) and
// the CastHit (hit, fraction, point, normal, iterations) of every call.
//
// Hash: determinism_scene.h's FNV-1a 64 over 32-bit words. PORTABILITY: only +, -, *, / and the mulberry32 generator
// (bench/scene.h), so JavaScript computes the same inputs; polygon vertices from the rational parametrisation of the
// circle; draw order is part of the contract.
#pragma once

#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <cstdint>
#include <vector>

#include "determinism_scene.h"

namespace pose_identity {

using namespace collide2d;

inline Shape makeShape(int kind, scene::Mulberry32& rng) {
  switch (kind) {
    case 0: {
      const double x = rng.range(-1.0, 1.0);
      const double y = rng.range(-1.0, 1.0);
      const double r = rng.range(0.1, 1.0);
      return Circle{{x, y}, r};
    }
    case 1: {
      const double x0 = rng.range(-2.0, -0.5);
      const double y0 = rng.range(-2.0, -0.5);
      const double x1 = rng.range(0.5, 2.0);
      const double y1 = rng.range(0.5, 2.0);
      return Aabb{{x0, y0}, {x1, y1}};
    }
    case 2: {
      const double x = rng.range(-1.0, 1.0);
      const double y = rng.range(-1.0, 1.0);
      const double hx = rng.range(0.2, 1.5);
      const double hy = rng.range(0.2, 1.5);
      const double angle = rng.range(-3.0, 3.0);
      return Box{{x, y}, {hx, hy}, angle};
    }
    case 3: {
      // Points on a circle of radius r, in order (t = tan(theta / 2) increasing): a convex polygon.
      const double r = rng.range(0.5, 1.5);
      const int n = 3 + static_cast<int>(rng.next() * 6.0);
      std::vector<Vec2> pts;
      for (int j = 0; j < n; ++j) {
        const double t = -3.0 + 6.0 * (j + rng.range(0.1, 0.9)) / n;
        pts.push_back({r * (1.0 - t * t) / (1.0 + t * t), r * 2.0 * t / (1.0 + t * t)});
      }
      Polygon p;
      (void)Polygon::create(pts, p);
      return p;
    }
    case 4: {
      const double ax = rng.range(-1.0, 1.0);
      const double ay = rng.range(-1.0, 1.0);
      const double bx = rng.range(-1.0, 1.0);
      const double by = rng.range(-1.0, 1.0);
      return Segment{{ax, ay}, {bx, by}};
    }
    default: {
      const double ax = rng.range(-1.0, 1.0);
      const double ay = rng.range(-1.0, 1.0);
      const double bx = rng.range(-1.0, 1.0);
      const double by = rng.range(-1.0, 1.0);
      const double r = rng.range(0.1, 0.6);
      return Capsule{{ax, ay}, {bx, by}, r};
    }
  }
}

inline Transform makeTransform(int which, scene::Mulberry32& rng) {
  const double x = rng.range(-5.0, 5.0);
  const double y = rng.range(-5.0, 5.0);
  double angle = 0.0;
  switch (which) {
    case 0: break;
    case 1: angle = 1.5707963267948966; break;
    case 2: angle = rng.range(-4.0, 4.0); break;
    case 3: angle = rng.range(1e6, 2e6); break;
    default: angle = rng.range(5e14, 1e15); break;
  }
  return Transform{{x, y}, angle};
}

/// The run's hash; `hits` (when given) counts the casts that hit, `overlaps` the distances that overlap.
inline std::uint64_t hash(std::uint32_t seed, int pairs, int* hits = nullptr, int* overlaps = nullptr) {
  scene::Mulberry32 rng{seed};
  determinism::Fnv64Words h;
  for (int i = 0; i < pairs; ++i) {
    const Shape a = makeShape(i % 6, rng);
    const Shape b = makeShape((i / 6) % 6, rng);
    const Transform xfA = makeTransform(i % 5, rng);
    const Transform xfB = makeTransform((i + 2) % 5, rng);
    const double tx = rng.range(-12.0, 12.0);
    const double ty = rng.range(-12.0, 12.0);
    const DistanceResult d = distance(a, xfA, b, xfB);
    h.number(d.distance);
    h.number(d.pointA.x);
    h.number(d.pointA.y);
    h.number(d.pointB.x);
    h.number(d.pointB.y);
    h.number(d.normal.x);
    h.number(d.normal.y);
    h.word(d.overlap ? 1u : 0u);
    h.word(static_cast<std::uint32_t>(d.iterations));
    const CastHit c = cast(a, xfA, b, xfB, Vec2{tx, ty});
    h.word(c.hit ? 1u : 0u);
    h.number(c.fraction);
    h.number(c.point.x);
    h.number(c.point.y);
    h.number(c.normal.x);
    h.number(c.normal.y);
    h.word(static_cast<std::uint32_t>(c.iterations));
    if (hits != nullptr) *hits += c.hit ? 1 : 0;
    if (overlaps != nullptr) *overlaps += d.overlap ? 1 : 0;
  }
  return h.h;
}

}  // namespace pose_identity
