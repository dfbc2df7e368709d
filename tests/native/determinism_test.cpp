// One World run (tests/native/determinism_scene.h) hashes to the value recorded in tests/determinism.json, natively
// and in the wasm build of this suite; web/test/determinism.test.js and web/e2e/determinism.test.js check the same
// value through the public JS API in Node and in Chromium (world.h: "the same answers bit for bit").
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "determinism_scene.h"
#include "trig/trig.h"

namespace {

struct Recorded {
  std::uint32_t seed = 0;
  int bodies = 0;
  int frames = 0;
  std::uint64_t hash = 0;
};

Recorded recorded() {
  std::ifstream in(std::string(COLLIDE2D_TESTS_DIR) + "/determinism.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  Recorded r;
  r.seed = j.at("seed").get<std::uint32_t>();
  r.bodies = j.at("bodies").get<int>();
  r.frames = j.at("frames").get<int>();
  r.hash = std::stoull(j.at("hash").get<std::string>(), nullptr, 16);
  return r;
}

TEST(Determinism, WorldRunHashesToTheRecordedValue) {
  const Recorded r = recorded();
  std::vector<double> angles;
  const std::uint64_t h = determinism::worldHash(r.seed, r.bodies, r.frames, &angles);
  char got[32];
  std::snprintf(got, sizeof got, "0x%016llx", static_cast<unsigned long long>(h));
  EXPECT_EQ(h, r.hash) << "got " << got;
  // The scene has its edge cases: angles near 1e6 and 1e15 rad and below 1e-9.
  int huge = 0, million = 0, tiny = 0;
  for (const double a : angles) {
    huge += std::fabs(a) > 1e14;
    million += std::fabs(a) > 1e5 && std::fabs(a) < 1e7;
    tiny += a != 0.0 && std::fabs(a) < 1e-8;
  }
  EXPECT_GT(huge, 1000);
  EXPECT_GT(million, 1000);
  EXPECT_GT(tiny, 500);
#if !defined(__EMSCRIPTEN__)
  // Natively, glibc's sin / cos would have turned many of these bodies differently from the library's own (musl's):
  // the hash depends on the library computing its own.
  int differ = 0;
  for (const double a : angles) {
    double s, c;
    collide2d::detail::sincos(a, &s, &c);
    differ += s != std::sin(a) || c != std::cos(a);
  }
  EXPECT_GT(differ, 1000) << "of " << angles.size() << " angles";
#endif
}

}  // namespace
