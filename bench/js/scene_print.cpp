// Native side of bench/js/check-scene.mjs: prints, for the scene of bench/scene.h, the FNV-1a hash of every
// double's bit pattern (as sceneHash in bench/js/scene.mjs) after 0 and after `frames` frames, and the bit
// patterns of the first bodies. Usage: scene_print N FRAMES [SEED]. Not part of the library build:
// check-scene.mjs compiles it with c++ -O2 -std=c++20 into build/scene-check/.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../scene.h"

using namespace collide2d::scene;

namespace {

struct Hash {
  std::uint32_t h = 0x811c9dc5u;
  void word(std::uint32_t w) { h = (h ^ w) * 0x01000193u; }
  void dbl(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    word(static_cast<std::uint32_t>(b));
    word(static_cast<std::uint32_t>(b >> 32));
  }
};

std::uint32_t sceneHash(const Scene& s) {
  Hash h;
  h.dbl(s.side);
  for (const Body& b : s.bodies) {
    h.word(static_cast<std::uint32_t>(b.kind));
    h.dbl(b.a); h.dbl(b.b); h.dbl(b.x); h.dbl(b.y); h.dbl(b.angle); h.dbl(b.vx); h.dbl(b.vy);
    h.word(static_cast<std::uint32_t>(b.points.size()));
    for (double p : b.points) h.dbl(p);
  }
  return h.h;
}

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}

void print(const Scene& s, int frame) {
  std::printf("frame %d hash %08" PRIx32 "\n", frame, sceneHash(s));
  for (std::size_t i = 0; i < s.bodies.size() && i < 8; ++i) {
    const Body& b = s.bodies[i];
    std::printf("body %zu kind %d x %016" PRIx64 " y %016" PRIx64 " angle %016" PRIx64 " a %016" PRIx64 " b %016" PRIx64
                " points %zu",
                i, static_cast<int>(b.kind), bits(b.x), bits(b.y), bits(b.angle), bits(b.a), bits(b.b), b.points.size());
    if (!b.points.empty()) std::printf(" p0 %016" PRIx64 " %016" PRIx64, bits(b.points[0]), bits(b.points[1]));
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: scene_print N FRAMES [SEED]\n");
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const int frames = std::atoi(argv[2]);
  const std::uint32_t seed = argc > 3 ? static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10)) : 12345u;
  Scene s = makeScene(n, seed);
  std::printf("n %d side %016" PRIx64 "\n", n, bits(s.side));
  print(s, 0);
  for (int f = 0; f < frames; ++f) advance(s);
  print(s, frames);
  return 0;
}
