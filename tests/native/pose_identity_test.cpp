// The pose identity run (pose_identity.h) hashes to the value recorded in tests/pose_identity.json, natively and in
// the wasm build of this suite; web/test/pose.test.js checks the same value through the public JS API, so the pose
// forms of distance() and cast() answer alike, bit for bit, in C++ and in JavaScript (cast_pose_test.cpp: they equal
// the calls on the placed shapes).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "pose_identity.h"

namespace {

TEST(PoseIdentity, RunHashesToTheRecordedValue) {
  std::ifstream in(std::string(COLLIDE2D_TESTS_DIR) + "/pose_identity.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  const auto seed = j.at("seed").get<std::uint32_t>();
  const int pairs = j.at("pairs").get<int>();
  const std::uint64_t recorded = std::stoull(j.at("hash").get<std::string>(), nullptr, 16);
  int hits = 0, overlaps = 0;
  const std::uint64_t h = pose_identity::hash(seed, pairs, &hits, &overlaps);
  char got[32];
  std::snprintf(got, sizeof got, "0x%016llx", static_cast<unsigned long long>(h));
  EXPECT_EQ(h, recorded) << "got " << got;
  // The run covers hits and misses, overlaps and separations.
  EXPECT_GT(hits, pairs / 10);
  EXPECT_LT(hits, pairs - pairs / 10);
  EXPECT_GT(overlaps, pairs / 20);
  EXPECT_LT(overlaps, pairs - pairs / 10);
}

TEST(PoseIdentity, TheHashSeesAChange) {
  EXPECT_NE(pose_identity::hash(1, 60), pose_identity::hash(2, 60));
  EXPECT_NE(pose_identity::hash(1, 60), pose_identity::hash(1, 59));
}

}  // namespace
