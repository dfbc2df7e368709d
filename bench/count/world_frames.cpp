// World frames for instruction counts and for checking that a change keeps every answer bit for bit.
//
//   collide2d_frames SCENE MODE [coherence=1] [warm=10] [frames=20] [threads=1]
//     SCENE  moving:N  the scene of bench/scene.h with N bodies (every body moves every frame, setTransforms(xya))
//            level     the level scene of BM_WorldLevel: 5,000 moving bodies of that scene over 50,000 static level
//                      pieces (tiles, slopes, compound U pieces); setTransforms(handles, xya) of the moving bodies
//            level0    the same 5,000 moving bodies alone
//     MODE   contacts | pairs | manifolds
//   threads: World::setThreadCount (the hash must not change with it).
//   Runs `warm` frames, then `frames` frames inside measureFrames() and prints the pairs per frame and a hash of
//   everything step() reported in those frames (pairs, contacts, manifolds, part records, begin and end events).
//
// Instructions per frame, independent of the machine's load (only the World's calls of the measured frames are
// collected: setTransforms and step, not the scene's motion or the hash):
//   valgrind --tool=callgrind --collect-atstart=no build/release/bench/collide2d_frames moving:10000 contacts
//   (the total Ir divided by `frames`).
#include <collide2d/decompose.h>
#include <collide2d/world.h>

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../scene.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

using namespace collide2d;

struct Hash {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  }
  template <class T> void span(std::span<const T> s) { bytes(s.data(), s.size_bytes()); }
};

struct Run {
  World w;
  scene::Scene s;
  std::vector<BodyHandle> moving;  // setTransforms(handles, xya) when the world also holds static bodies
  bool level = false;
  std::vector<double> xya;
  Hash hash;
  double pairs = 0;
  double seconds = 0;  // the World's calls of the measured frames (wall clock: noisy on a shared machine)
};

void addScene(Run& r) {
  for (const scene::Body& b : r.s.bodies) {
    const Transform xf{{b.x, b.y}, b.angle};
    BodyHandle h = kNullBody;
    Status st;
    switch (b.kind) {
      case scene::Kind::Circle: st = r.w.addCircle({{0, 0}, b.a}, xf, 0, {}, h); break;
      case scene::Kind::Aabb: st = r.w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, {}, h); break;
      case scene::Kind::Box: st = r.w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, {}, h); break;
      case scene::Kind::Polygon: st = r.w.addPolygon(std::span<const double>(b.points), xf, 0, {}, h); break;
    }
    if (!st) std::fprintf(stderr, "scene body rejected: %s\n", st.field);
    r.moving.push_back(h);
  }
}

void addLevel(Run& r) {
  const Filter f{2u, 0xFFFFFFFFu, 0};
  for (const scene::Piece& p : scene::makeLevel(50000, 3 * r.s.side, -r.s.side)) {
    const Transform xf{{p.x, p.y}, 0};
    BodyHandle h = kNullBody;
    Status st;
    switch (p.kind) {
      case scene::LevelKind::Tile: st = r.w.addAabb({{0, 0}, {1.5, 0.75}}, xf, 0, f, h); break;
      case scene::LevelKind::Convex: st = r.w.addPolygon(std::span<const double>(p.points), xf, 0, f, h); break;
      case scene::LevelKind::Concave: {
        std::vector<Vec2> pts;
        for (std::size_t k = 0; k < p.points.size(); k += 2) pts.push_back({p.points[k], p.points[k + 1]});
        st = r.w.addOutline(pts, xf, 0, f, h);
        break;
      }
    }
    if (!st || !r.w.setStatic(h, true)) std::fprintf(stderr, "level piece rejected: %s\n", st.field);
  }
}

void frame(Run& r, bool record) {
  // (record: a measured frame, whose World calls callgrind collects)
  scene::advance(r.s);
  r.xya.resize(3 * r.s.bodies.size());
  for (std::size_t i = 0; i < r.s.bodies.size(); ++i) {
    r.xya[3 * i] = r.s.bodies[i].x;
    r.xya[3 * i + 1] = r.s.bodies[i].y;
    r.xya[3 * i + 2] = r.s.bodies[i].angle;
  }
  const auto t0 = std::chrono::steady_clock::now();
  if (record) CALLGRIND_TOGGLE_COLLECT;
  if (r.level) {
    (void)r.w.setTransforms(std::span<const BodyHandle>(r.moving), std::span<const double>(r.xya));
  } else {
    (void)r.w.setTransforms(std::span<const double>(r.xya));
  }
  (void)r.w.step();
  if (record) CALLGRIND_TOGGLE_COLLECT;
  if (record) r.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!record) return;
  r.pairs += static_cast<double>(r.w.pairCount());
  r.hash.span(r.w.pairBodies());
  r.hash.span(r.w.pairContacts());
  r.hash.span(r.w.pairManifolds());
  r.hash.span(r.w.pairParts());
  r.hash.span(r.w.beginEvents());
  r.hash.span(r.w.endEvents());
}

}  // namespace

extern "C" __attribute__((noinline)) void measureFrames(Run* r, int frames) {
  for (int i = 0; i < frames; ++i) frame(*r, true);
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s moving:N|level|level0 contacts|pairs|manifolds [coherence] [warm] [frames] [threads]\n", argv[0]);
    return 2;
  }
  const std::string sceneArg = argv[1], modeArg = argv[2];
  const bool coherence = argc > 3 ? std::atoi(argv[3]) != 0 : true;
  const int warm = argc > 4 ? std::atoi(argv[4]) : 10;
  const int frames = argc > 5 ? std::atoi(argv[5]) : 20;
  const int threads = argc > 6 ? std::atoi(argv[6]) : 1;
  Run* r = new Run;
  if (const Status st = r->w.setThreadCount(threads); !st) {
    std::fprintf(stderr, "setThreadCount(%d) rejected: %s\n", threads, st.field);
    return 2;
  }
  r->w.setContactMode(modeArg == "pairs" ? ContactMode::PairsOnly
                      : modeArg == "manifolds" ? ContactMode::Manifolds : ContactMode::Contacts);
  r->w.setCoherence(coherence);
  if (sceneArg.rfind("moving:", 0) == 0) {
    r->s = scene::makeScene(std::atoi(sceneArg.c_str() + 7));
    r->w.reserve(r->s.bodies.size());
    addScene(*r);
  } else if (sceneArg == "level" || sceneArg == "level0") {
    r->s = scene::makeScene(5000);
    r->level = sceneArg == "level";
    r->w.reserve(r->level ? 66000 : 5000);
    addScene(*r);
    if (r->level) addLevel(*r);
  } else {
    std::fprintf(stderr, "unknown scene %s\n", sceneArg.c_str());
    return 2;
  }
  (void)r->w.step();
  for (int i = 0; i < warm; ++i) frame(*r, false);
  measureFrames(r, frames);
  std::printf("%s %s coherence=%d threads=%d bodies=%zu pairs/frame=%.1f hash=%016" PRIx64 " bytes/body=%.1f ms/frame=%.3f\n",
              sceneArg.c_str(), modeArg.c_str(), coherence ? 1 : 0, threads, r->w.bodyCount(), r->pairs / frames, r->hash.h,
              static_cast<double>(r->w.heapBytes()) / static_cast<double>(r->w.bodyCount()), 1e3 * r->seconds / frames);
  delete r;
  return 0;
}
