// Sensors (world.h, "Sensors"): a pair with a sensor body is found and reported as any pair (the pairs and events of
// brute force, collide().hit), in every contact mode, with a placeholder record (NaN contact, manifold of count 0) so
// that the records stay aligned with pairBodies(); the other pairs keep the World's contact mode, bit for bit.
#include <collide2d/queries.h>
#include <collide2d/world.h>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "../../bench/scene.h"
#include "world_check.h"

namespace {

using namespace collide2d;

std::uint32_t slotOf(BodyHandle h) { return h & 0xFFFFFu; }

TEST(WorldSensors, SetAndGet) {
  World w;
  BodyHandle h;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {}, 0, {}, h).ok());
  bool on = true;
  ASSERT_TRUE(w.getSensor(h, on).ok());
  EXPECT_FALSE(on);
  ASSERT_TRUE(w.setSensor(h, true).ok());
  ASSERT_TRUE(w.getSensor(h, on).ok());
  EXPECT_TRUE(on);
  ASSERT_TRUE(w.remove(h).ok());
  EXPECT_EQ(std::string(w.setSensor(h, true).field), "handle");
  EXPECT_EQ(std::string(w.getSensor(h, on).field), "handle");
  EXPECT_FALSE(on);
}

// The benchmark scene with every third body a sensor, every mode, several frames: the pairs are brute force's; a
// pair with a sensor has the placeholder record, every other pair the record of collide() / collideManifold().
TEST(WorldSensors, MixedSceneEveryModeMatchesBruteForce) {
  scene::Scene s = scene::makeScene(1500);
  World w;
  std::vector<BodyHandle> handles;
  for (const scene::Body& b : s.bodies) {
    BodyHandle h;
    const Transform xf{{b.x, b.y}, b.angle};
    switch (b.kind) {
      case scene::Kind::Circle: ASSERT_TRUE(w.addCircle({{0, 0}, b.a}, xf, 0, {}, h).ok()); break;
      case scene::Kind::Aabb: ASSERT_TRUE(w.addAabb({{-b.a / 2, -b.b / 2}, {b.a / 2, b.b / 2}}, xf, 0, {}, h).ok()); break;
      case scene::Kind::Box: ASSERT_TRUE(w.addBox({{0, 0}, {b.a, b.b}, 0}, xf, 0, {}, h).ok()); break;
      case scene::Kind::Polygon: ASSERT_TRUE(w.addPolygon(std::span<const double>(b.points), xf, 0, {}, h).ok()); break;
    }
    handles.push_back(h);
  }
  // A compound sensor and a compound solid body in the middle of the scene.
  const std::vector<BodyPart> parts{{Box{{0, 0}, {6, 1}, 0}, {}}, {Circle{{5, 0}, 3}, {}}, {Circle{{-5, 0}, 3}, {}}};
  BodyHandle cs, cb;
  ASSERT_TRUE(w.addCompound(parts, {{s.side / 2, s.side / 2}, 0.3}, 0, {}, cs).ok());
  ASSERT_TRUE(w.addCompound(parts, {{s.side / 2 + 4, s.side / 2 + 1}, 1.1}, 0, {}, cb).ok());
  ASSERT_TRUE(w.setSensor(cs, true).ok());
  std::set<BodyHandle> sensors{cs};
  for (std::size_t i = 0; i < handles.size(); i += 3) {
    ASSERT_TRUE(w.setSensor(handles[i], true).ok());
    sensors.insert(handles[i]);
  }
  std::size_t sensorPairs = 0, solidPairs = 0;
  for (int frame = 0; frame < 9; ++frame) {
    const ContactMode mode = static_cast<ContactMode>(frame % 3);
    w.setContactMode(mode);
    scene::advance(s);
    std::vector<double> xya;
    for (std::size_t i = 0; i < s.bodies.size(); ++i) {
      xya.insert(xya.end(), {s.bodies[i].x, s.bodies[i].y, s.bodies[i].angle});
    }
    for (const BodyHandle h : {cs, cb}) {
      Transform t;
      ASSERT_TRUE(w.getTransform(h, t).ok());
      xya.insert(xya.end(), {t.position.x, t.position.y, t.angle + 0.1});
    }
    ASSERT_TRUE(w.setTransforms(std::span<const double>(xya)).ok());
    ASSERT_TRUE(w.step().ok());
    // Brute force over the documented world shapes (a compound body: its parts), as world_check.h does.
    std::vector<std::vector<Shape>> pieces;
    std::vector<Aabb> boxes;
    for (const BodyHandle h : w.bodies()) {
      std::size_t count = 0;
      ASSERT_TRUE(w.getPartCount(h, count).ok());
      pieces.emplace_back();
      for (std::size_t k = 0; k < count; ++k) {
        Shape sh;
        ASSERT_TRUE(w.getPartShape(h, k, sh).ok());
        pieces.back().push_back(sh);
      }
      boxes.emplace_back();
      ASSERT_TRUE(w.getBounds(h, boxes.back()).ok());
    }
    std::map<std::pair<BodyHandle, BodyHandle>, Contact> want;
    const auto all = w.bodies();
    for (std::size_t i = 0; i < all.size(); ++i) {
      for (std::size_t j = i + 1; j < all.size(); ++j) {
        if (!world_model::boundsOverlap(boxes[i], boxes[j])) continue;
        std::size_t x = i, y = j;
        if (slotOf(all[x]) > slotOf(all[y])) std::swap(x, y);
        Contact best;
        for (const Shape& sa : pieces[x]) {
          for (const Shape& sb : pieces[y]) {
            const Contact c = collide(sa, sb);
            if (c.hit && (!best.hit || c.depth > best.depth)) best = c;
          }
        }
        if (best.hit) want.emplace(std::make_pair(all[x], all[y]), best);
      }
    }
    ASSERT_EQ(w.pairCount(), want.size()) << "frame " << frame;
    const auto pairs = w.pairBodies();
    for (std::size_t p = 0; p < w.pairCount(); ++p) {
      const BodyHandle a = pairs[2 * p], b = pairs[2 * p + 1];
      EXPECT_LT(slotOf(a), slotOf(b));
      const bool sensor = sensors.count(a) != 0 || sensors.count(b) != 0;
      (sensor ? sensorPairs : solidPairs) += 1;
      const auto it = want.find({a, b});
      ASSERT_NE(it, want.end()) << "a pair brute force does not have";
      if (mode == ContactMode::Contacts) {
        ASSERT_EQ(w.pairContacts().size(), 5 * w.pairCount());
        const double* r = w.pairContacts().data() + 5 * p;
        const Contact& c = it->second;
        const double exact[5] = {c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y};
        for (int k = 0; k < 5; ++k) {
          if (sensor) {
            EXPECT_TRUE(std::isnan(r[k])) << "pair " << p << " value " << k;
          } else {
            EXPECT_EQ(r[k], exact[k]) << "pair " << p << " value " << k;
          }
        }
      } else if (mode == ContactMode::Manifolds) {
        ASSERT_EQ(w.pairManifolds().size(), World::kPairManifoldStride * w.pairCount());
        const double* r = w.pairManifolds().data() + World::kPairManifoldStride * p;
        if (sensor) {
          EXPECT_TRUE(std::isnan(r[0]) && std::isnan(r[1]));
          EXPECT_EQ(r[2], 0.0);
          for (std::size_t k = 3; k < World::kPairManifoldStride; ++k) EXPECT_EQ(r[k], 0.0);
        } else if (a != cb && b != cb) {
          Shape sa, sb;
          ASSERT_TRUE(w.getWorldShape(a, sa).ok() && w.getWorldShape(b, sb).ok());
          const Manifold m = collideManifold(sa, sb);
          EXPECT_EQ(r[0], m.normal.x);
          EXPECT_EQ(r[2], static_cast<double>(m.count));
        }
      } else {
        EXPECT_TRUE(w.pairContacts().empty() && w.pairManifolds().empty());
      }
    }
    // A compound sensor's part records: every touching part pair (by overlaps()), in part order.
    const auto rec = w.pairParts();
    for (std::size_t r = 0; r + 2 < rec.size(); r += World::kPairPartStride) {
      const BodyHandle a = pairs[2 * rec[r]], b = pairs[2 * rec[r] + 1];
      if (a != cs && b != cs) continue;
      if (r + World::kPairPartStride < rec.size() && rec[r + World::kPairPartStride] == rec[r]) {
        const std::pair<std::uint32_t, std::uint32_t> here{rec[r + 1], rec[r + 2]};
        const std::pair<std::uint32_t, std::uint32_t> next{rec[r + 4], rec[r + 5]};
        EXPECT_LT(here, next) << "a sensor's part records in part order";
      }
    }
  }
  EXPECT_GT(sensorPairs, 300u);
  EXPECT_GT(solidPairs, 300u);
}

// Events as for any pair: a sensor pair begins and ends; turning a body into a sensor keeps its pairs (no end, no
// begin), only their records change.
TEST(WorldSensors, EventsAsForAnyPair) {
  World w;
  w.setContactMode(ContactMode::Manifolds);
  BodyHandle a, b;
  ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {}, 0, {}, a).ok());
  ASSERT_TRUE(w.addBox({{0, 0}, {1, 1}, 0}, {{1.5, 0}, 0}, 0, {}, b).ok());
  ASSERT_TRUE(w.setSensor(a, true).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  ASSERT_EQ(w.beginEvents().size(), 2u);
  EXPECT_EQ(w.pairManifolds()[2], 0.0);
  ASSERT_TRUE(w.setSensor(a, false).ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_EQ(w.pairCount(), 1u);
  EXPECT_TRUE(w.beginEvents().empty() && w.endEvents().empty());
  EXPECT_GT(w.pairManifolds()[2], 0.0);
  ASSERT_TRUE(w.setSensor(b, true).ok());
  ASSERT_TRUE(w.setTransform(b, {{3.5, 0}, 0}).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
  EXPECT_EQ(w.endEvents().size(), 2u);
  // Exactly touching counts, as for collide() (circle of radius 1 at 0, box from 1 to 3).
  ASSERT_TRUE(w.setTransform(b, {{2, 0}, 0}).ok());
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 1u);
}

}  // namespace
