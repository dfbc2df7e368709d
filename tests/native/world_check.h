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
  std::vector<std::vector<Shape>> pieces(n);  // a compound body's parts, else its one shape, in world coordinates
  std::vector<Aabb> boxes(n);
  std::vector<Filter> filters(n);
  std::vector<char> statics(n);
  for (std::size_t i = 0; i < n; ++i) {
    Transform xf;
    std::size_t parts = 0;
    ASSERT_TRUE(w.getTransform(handles[i], xf).ok());
    ASSERT_TRUE(w.getPartCount(handles[i], parts).ok());
    for (std::size_t k = 0; k < parts; ++k) {
      Shape local, world;
      ASSERT_TRUE(w.getLocalPartShape(handles[i], k, local).ok());
      ASSERT_TRUE(w.getPartShape(handles[i], k, world).ok());
      pieces[i].push_back(worldShapeOf(local, xf));
      ASSERT_TRUE(sameBits(pieces[i].back(), world)) << "world shape of body " << i << " part " << k;
    }
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
      // The deepest touching part pair (the first on ties).
      Contact best;
      for (const Shape& sa : pieces[a]) {
        for (const Shape& sb : pieces[b]) {
          const Contact c = collide(sa, sb);
          if (c.hit && (!best.hit || c.depth > best.depth)) best = c;
        }
      }
      if (best.hit) expected.emplace(std::make_pair(handles[a], handles[b]), best);
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
