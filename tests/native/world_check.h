// GoogleTest check shared by the World tests: the world's pairs and contacts against brute force.
#pragma once

#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <vector>

#include "world_model.h"

namespace collide2d::world_model {

inline std::uint32_t slotOfHandle(BodyHandle h) { return h & 0xFFFFFu; }

// Brute force over every pair of the world's bodies, from the documented world shapes (rebuilt from the local shapes
// and transforms, not read from the world): filters accept, bounds (getBounds) overlap, collide() hits. Checks that
// the world's pairs and contacts are exactly these (no pair of two static bodies), bit for bit, and that getWorldShape is the documented shape.
inline void expectPairsMatchBruteForce(World& w, std::size_t* pairsOut = nullptr) {
  const auto handles = w.bodies();
  const std::size_t n = handles.size();
  std::vector<Shape> shapes(n);
  std::vector<Aabb> boxes(n);
  std::vector<Filter> filters(n);
  std::vector<char> statics(n);
  for (std::size_t i = 0; i < n; ++i) {
    Shape local, world;
    Transform xf;
    ASSERT_TRUE(w.getLocalShape(handles[i], local).ok());
    ASSERT_TRUE(w.getTransform(handles[i], xf).ok());
    ASSERT_TRUE(w.getWorldShape(handles[i], world).ok());
    shapes[i] = worldShapeOf(local, xf);
    ASSERT_TRUE(sameBits(shapes[i], world)) << "world shape of body " << i;
    ASSERT_TRUE(w.getBounds(handles[i], boxes[i]).ok());
    ASSERT_TRUE(w.getFilter(handles[i], filters[i]).ok());
    bool st = false;
    ASSERT_TRUE(w.getStatic(handles[i], st).ok());
    statics[i] = st;
  }
  std::map<std::pair<BodyHandle, BodyHandle>, Contact> expected;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!boundsOverlap(boxes[i], boxes[j]) || !shouldCollide(filters[i], filters[j])) continue;
      if (statics[i] && statics[j]) continue;  // static bodies never pair with each other
      std::size_t a = i, b = j;
      if (slotOfHandle(handles[a]) > slotOfHandle(handles[b])) std::swap(a, b);
      const Contact c = collide(shapes[a], shapes[b]);
      if (c.hit) expected.emplace(std::make_pair(handles[a], handles[b]), c);
    }
  }
  ASSERT_EQ(w.pairCount(), expected.size());
  const auto pb = w.pairBodies();
  const auto pc = w.pairContacts();
  std::size_t differ = 0;
  for (std::size_t p = 0; p < w.pairCount(); ++p) {
    const auto it = expected.find({pb[2 * p], pb[2 * p + 1]});
    ASSERT_NE(it, expected.end()) << "unexpected pair";
    const Contact& c = it->second;
    const double want[5] = {c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y};
    for (int k = 0; k < 5; ++k) differ += pc[5 * p + k] == want[k] ? 0 : 1;
  }
  EXPECT_EQ(differ, 0u) << "contact components differing from collide() on the documented world shapes";
  if (pairsOut != nullptr) *pairsOut = expected.size();
}

}  // namespace collide2d::world_model
