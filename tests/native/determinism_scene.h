// The determinism scene: one World run hashed, the same bits natively, in Node and in browsers (world.h promises it).
// web/test/determinism_scene.js is the same scene line by line through the public JS API; both hash to the value in
// tests/determinism.json (tests/native/determinism_test.cpp, web/test/determinism.test.js, web/e2e/determinism.test.js).
//
// Scene (seed, n, frames): n bodies of every kind in turn (circle, aabb, box with its own angle, convex polygon
// outline, segment, capsule, compound of a circle and a turned box), every 13th static, every 11th a sensor, every
// 17th in category 2 that ignores category 2; transform angles mostly in [-4, 4), every 50th near 1e6 rad, every 50th
// (+1) tiny (below 1e-9), every 97th near 1e15 rad; each moving body drifts and turns a little every frame (so its
// rotation is recomputed at a new angle every frame). Frame f: contact mode f % 3 (contacts, pairs only, manifolds);
// move every moving body (bouncing at the walls); remove 3 bodies and add 3 new ones; flip one body's sensor flag;
// step(); then a box, point and shape query, a raycast and raycastAll, a castShape and a moveAndSlide.
// Hashed: every pair (handles; the contact or manifold record, whatever the mode gives; pairParts), the begin and end
// events, every query result and part, every ray / cast / slide record.
//
// Hash: FNV-1a 64 over 32-bit words (h ^= word; h *= 0x100000001b3, modulo 2^64): a uint32 is one word, a double two
// (low word first) with every NaN as 0x7ff8000000000000 (the sign and payload of a NaN an operation makes are not
// specified alike by x86-64 and WebAssembly; none of the World's documented NaNs depend on it).
//
// PORTABILITY: the scene itself uses only +, -, *, /, comparisons and the mulberry32 generator (bench/scene.h), so
// JavaScript computes the same doubles; no sin / cos outside the library.
#pragma once

#include <collide2d/collide2d.h>
#include <collide2d/world.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../../bench/scene.h"

namespace determinism {

using namespace collide2d;

struct Fnv64Words {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void word(std::uint32_t w) {
    h ^= w;
    h *= 0x100000001b3ull;
  }
  void number(double d) {
    std::uint64_t u = 0x7ff8000000000000ull;
    if (!std::isnan(d)) std::memcpy(&u, &d, sizeof u);
    word(static_cast<std::uint32_t>(u));
    word(static_cast<std::uint32_t>(u >> 32));
  }
};

struct Entry {
  BodyHandle h = kNullBody;
  bool isStatic = false;
  bool sensor = false;
  double x = 0, y = 0, angle = 0, vx = 0, vy = 0, spin = 0;
};

struct Run {
  explicit Run(std::uint32_t seed) : rng{seed} {}
  scene::Mulberry32 rng;
  World world;
  double side = 0;
  int made = 0;  // bodies made so far (their index picks their kind)
  std::vector<Entry> live;

  /// Body number `made`: its shape, transform, flags (the draw order of the random numbers is the contract).
  void addBody() {
    const int i = made++;
    Entry e;
    const int kind = i % 7;
    const double a = rng.range(1.0, 4.0);
    const double b = rng.range(1.0, 4.0);
    const double own = rng.range(-3.0, 3.0);
    e.x = rng.range(0.0, side);
    e.y = rng.range(0.0, side);
    e.angle = rng.range(-4.0, 4.0);
    if (i % 50 == 0) e.angle = 1e6 + rng.range(0.0, 1e6);
    if (i % 50 == 1) e.angle = rng.range(-1e-9, 1e-9);
    if (i % 97 == 0) e.angle = 1e15 * rng.range(0.5, 1.0);
    e.vx = rng.range(-0.6, 0.6);
    e.vy = rng.range(-0.6, 0.6);
    e.spin = rng.range(-0.05, 0.05);
    e.isStatic = i % 13 == 0;
    e.sensor = i % 11 == 0;
    Filter filter;
    if (i % 17 == 0) filter = Filter{2u, 0xFFFFFFFDu, 0};
    const Transform xf{{e.x, e.y}, e.angle};
    Status s;
    switch (kind) {
      case 0: s = world.addShape(Circle{{0.0, 0.0}, a}, xf, i, filter, e.h); break;
      case 1: s = world.addShape(Aabb{{-a, -b}, {a, b}}, xf, i, filter, e.h); break;
      case 2: s = world.addShape(Box{{0.0, 0.0}, {a, b}, own}, xf, i, filter, e.h); break;
      case 3: {
        // A convex outline on the circle of radius a: the rational parametrisation t -> ((1 - t^2), 2t) / (1 + t^2).
        const double ts[] = {0.0, 0.4, 1.0, 2.5, -2.5, -1.0, -0.4};
        const int k = 3 + (i / 7) % 5;
        std::vector<Vec2> pts;
        for (int j = 0; j < 7; j += (j < 7 - k ? 2 : 1)) {
          const double t = ts[j];
          pts.push_back({a * (1.0 - t * t) / (1.0 + t * t), a * 2.0 * t / (1.0 + t * t)});
        }
        s = world.addOutline(pts, xf, i, filter, e.h);
        break;
      }
      case 4: s = world.addShape(Segment{{-a, 0.0}, {a, b - 2.0}}, xf, i, filter, e.h); break;
      case 5: s = world.addShape(Capsule{{-a, 0.0}, {a, 0.0}, b / 4.0}, xf, i, filter, e.h); break;
      default: {
        const BodyPart parts[] = {{Circle{{0.0, 0.0}, b}, Transform{}},
                                  {Box{{0.0, 0.0}, {a, b / 2.0}, 0.0}, Transform{{a + b, 0.0}, own}}};
        s = world.addCompound(parts, xf, i, filter, e.h);
      }
    }
    if (!s) return;  // (never: the scene's shapes are valid)
    if (e.isStatic) world.setStatic(e.h, true);
    if (e.sensor) world.setSensor(e.h, true);
    live.push_back(e);
  }

  void hashRays(Fnv64Words& hash, std::size_t n) {
    hash.word(static_cast<std::uint32_t>(n));
    const auto hits = world.rayHits();
    for (std::size_t k = 0; k < n * World::kRayHitStride; ++k) hash.number(hits[k]);
    const auto parts = world.rayHitParts();
    for (std::size_t k = 0; k < n; ++k) hash.word(parts[k]);
  }

  void hashQuery(Fnv64Words& hash) {
    const auto r = world.queryResults();
    const auto parts = world.queryParts();
    hash.word(static_cast<std::uint32_t>(r.size()));
    for (std::size_t k = 0; k < r.size(); ++k) {
      hash.word(r[k]);
      hash.word(parts[k]);
    }
  }

  void frame(int f, Fnv64Words& hash) {
    const ContactMode modes[] = {ContactMode::Contacts, ContactMode::PairsOnly, ContactMode::Manifolds};
    world.setContactMode(modes[f % 3]);
    for (Entry& e : live) {
      if (e.isStatic) continue;
      e.x += e.vx;
      e.y += e.vy;
      if (e.x < 0.0 || e.x > side) e.vx = -e.vx;
      if (e.y < 0.0 || e.y > side) e.vy = -e.vy;
      e.angle += e.spin;
      world.setTransform(e.h, e.x, e.y, e.angle);
    }
    for (int k = 0; k < 3; ++k) {
      const std::size_t at = static_cast<std::size_t>(rng.next() * static_cast<double>(live.size()));
      world.remove(live[at].h);
      live[at] = live.back();
      live.pop_back();
    }
    for (int k = 0; k < 3; ++k) addBody();
    Entry& flip = live[static_cast<std::size_t>(rng.next() * static_cast<double>(live.size()))];
    flip.sensor = !flip.sensor;
    world.setSensor(flip.h, flip.sensor);
    world.step();

    const auto pairs = world.pairBodies();
    const auto contacts = world.pairContacts();
    const auto manifolds = world.pairManifolds();
    const auto parts = world.pairParts();
    hash.word(static_cast<std::uint32_t>(world.pairCount()));
    for (const std::uint32_t v : pairs) hash.word(v);
    for (const double v : contacts) hash.number(v);
    for (const double v : manifolds) hash.number(v);
    hash.word(static_cast<std::uint32_t>(parts.size()));
    for (const std::uint32_t v : parts) hash.word(v);
    for (const auto events : {world.beginEvents(), world.endEvents()}) {
      hash.word(static_cast<std::uint32_t>(events.size()));
      for (const std::uint32_t v : events) hash.word(v);
    }

    const double qx = rng.range(0.0, side), qy = rng.range(0.0, side);
    world.queryAabb(Aabb{{qx - 10.0, qy - 10.0}, {qx + 10.0, qy + 10.0}});
    hashQuery(hash);
    world.queryPoint(Vec2{qy, qx});
    hashQuery(hash);
    world.queryShape(Box{{qx, qy}, {6.0, 2.0}, rng.range(-1e3, 1e3)});
    hashQuery(hash);
    const Ray ray{{qx, qy}, {rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)}, 60.0};
    world.raycast(ray);
    hashRays(hash, world.rayHitCount());
    world.raycastAll(ray);
    hashRays(hash, world.rayHitCount());
    const double ca = rng.range(-1e6, 1e6);
    world.castShape(Box{{0.0, 0.0}, {1.5, 0.5}, 0.0}, Transform{{qy, qx}, ca}, Vec2{rng.range(-30.0, 30.0), rng.range(-30.0, 30.0)});
    hashRays(hash, world.rayHitCount());
    WorldSlideResult slide;
    world.moveAndSlide(Capsule{{-1.0, 0.0}, {1.0, 0.0}, 0.5}, Transform{{qx, qx}, ca},
                       Vec2{rng.range(-30.0, 30.0), rng.range(-30.0, 30.0)}, 4, slide);
    hash.number(slide.position.x);
    hash.number(slide.position.y);
    hash.word(static_cast<std::uint32_t>(slide.iterations));
    hashRays(hash, static_cast<std::size_t>(slide.hitCount));
  }
};

/// The scene's hash after `frames` frames (see the top of this file); `angles`, when given, receives every transform
/// angle the World was given (to count where glibc's sin / cos would have differed);
/// `threads`: World::setThreadCount (the hash must not depend on it).
inline std::uint64_t worldHash(std::uint32_t seed, int n, int frames, std::vector<double>* angles = nullptr,
                               int threads = 1) {
  Run run(seed);
  if (!run.world.setThreadCount(threads)) return 0;
  run.side = std::sqrt(static_cast<double>(n) * 40.0);
  for (int i = 0; i < n; ++i) run.addBody();
  Fnv64Words hash;
  for (int f = 0; f < frames; ++f) {
    run.frame(f, hash);
    if (angles != nullptr) {
      for (const Entry& e : run.live) angles->push_back(e.angle);
    }
  }
  return hash.h;
}

}  // namespace determinism
