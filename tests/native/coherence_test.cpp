// Temporal-coherence certificates (cpp/src/coherence.h):
//  1. bit-identity: collideWithSlack's contact is collide()'s bit for bit, and both certificates' hit is overlaps(),
//     on about a million seeded pairs of every ordered pair of Circle, Aabb, Box, Polygon, Segment, Capsule
//     (pair_corpus.h: random, near-touching, exact and degenerate configurations);
//  2. soundness: every pair with a positive slack is moved by relative translations just below the slack (along the
//     direction that changes the answer soonest, and in random directions; split between the shapes, plus a common
//     drift), rebuilt as the World rebuilds it (translated points, Polygon::create) with every coordinate perturbed by
//     up to kPerturbUlps ulps of the reach: overlaps() must give the certified answer for every sample;
//  3. usefulness on the benchmark scene (bench/scene.h): the certificates of the 10k scene's candidate pairs, replayed
//     over 60 frames of the scene's motion (checked against a fresh overlaps() at every frame while they hold), with
//     the median slack and the median number of frames a certificate lasts printed.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../../bench/scene.h"
#include "coherence.h"
#include "pair_corpus.h"

namespace {

using namespace collide2d;
using collide2d::detail::PairSlack;

std::uint64_t bitsOf(double d) {
  std::uint64_t v;
  std::memcpy(&v, &d, sizeof v);
  return v;
}

bool sameBits(const Contact& x, const Contact& y) {
  return x.hit == y.hit && bitsOf(x.normal.x) == bitsOf(y.normal.x) && bitsOf(x.normal.y) == bitsOf(y.normal.y) &&
         bitsOf(x.depth) == bitsOf(y.depth) && bitsOf(x.point.x) == bitsOf(y.point.x) &&
         bitsOf(x.point.y) == bitsOf(y.point.y);
}

std::string describe(const Shape& s) {
  char buf[160];
  std::string out = pair_corpus::kKindName[s.index()];
  out += "{";
  for (const Vec2 p : pair_corpus::pointsOf(s)) {
    std::snprintf(buf, sizeof buf, "(%a, %a) ", p.x, p.y);
    out += buf;
  }
  if (const auto* c = std::get_if<Circle>(&s)) std::snprintf(buf, sizeof buf, "r %a", c->radius), out += buf;
  if (const auto* b = std::get_if<Box>(&s)) {
    std::snprintf(buf, sizeof buf, "c (%a, %a) h (%a, %a) angle %a", b->center.x, b->center.y, b->halfExtents.x,
                  b->halfExtents.y, b->angle);
    out += buf;
  }
  if (const auto* k = std::get_if<Capsule>(&s)) std::snprintf(buf, sizeof buf, "r %a", k->radius), out += buf;
  return out + "}";
}

// A debug / sanitizer build (no NDEBUG: 20-50x slower) runs a tenth of the pairs.
#if defined(NDEBUG)
constexpr int kShare = 1;
#else
constexpr int kShare = 10;
#endif

// -- 1. bit-identity ----------------------------------------------------------------------------------------------------

constexpr int kIdentityPairsPerFamily = 7000 / kShare;  // x 4 families x 36 ordered type pairs: 1,008,000 pairs

TEST(Coherence, ResultsAreTheLibrarysBitForBit) {
  long pairs = 0, certified = 0, mismatches = 0;
  for (int ka = 0; ka < pair_corpus::kKinds; ++ka) {
    for (int kb = 0; kb < pair_corpus::kKinds; ++kb) {
      for (int f = 0; f < pair_corpus::kFamilies; ++f) {
        pair_corpus::Rng rng{0xC0E4E7CEull * 1000 + static_cast<std::uint64_t>((ka * 6 + kb) * 4 + f)};
        for (int i = 0; i < kIdentityPairsPerFamily; ++i) {
          const pair_corpus::Pair p = pair_corpus::makePair(rng, ka, kb, static_cast<pair_corpus::Family>(f));
          const bool hit = overlaps(p.a, p.b);
          const Contact c = collide(p.a, p.b);
          PairSlack fromCollide;
          const Contact cs = detail::collideWithSlack(p.a, p.b, fromCollide);
          const PairSlack fromOverlaps = detail::overlapsWithSlack(p.a, p.b);
          ++pairs;
          certified += fromOverlaps.slack > 0.0 ? 1 : 0;
          const bool ok = sameBits(c, cs) && fromCollide.hit == hit && fromOverlaps.hit == hit &&
                          fromCollide.slack >= 0.0 && fromOverlaps.slack >= 0.0;
          if (!ok && ++mismatches <= 10) {
            ADD_FAILURE() << pair_corpus::kKindName[ka] << "_" << pair_corpus::kKindName[kb] << " family " << f
                          << " pair " << i << ": overlaps " << hit << ", collide.hit " << c.hit
                          << ", collideWithSlack.hit " << cs.hit << " (certificate " << fromCollide.hit
                          << "), overlapsWithSlack.hit " << fromOverlaps.hit << "\n  a = " << describe(p.a)
                          << "\n  b = " << describe(p.b);
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  std::printf("[ coherence ] %ld pairs, bit-identical; %.1f %% with a positive slack\n", pairs,
              100.0 * static_cast<double>(certified) / static_cast<double>(pairs));
}

// -- 2. soundness -------------------------------------------------------------------------------------------------------

// The shape moved by t as World rebuilds it, every stored coordinate then perturbed by up to kPerturbUlps ulps of
// `reach` (uniformly, in either direction). False when the moved polygon is no valid polygon of the same size.
bool movedAndPerturbed(pair_corpus::Rng& rng, const Shape& s, Vec2 t, double reach, Shape& out) {
  if (!pair_corpus::translated(s, t, out)) return false;
  const double unit = detail::kPerturbUlps * DBL_EPSILON * reach;  // DBL_EPSILON * reach >= ulp(reach)
  const auto jitter = [&](Vec2& p) {
    if (rng.chance(0.5)) return;
    p.x += unit * rng.uniform(-1.0, 1.0);
    p.y += unit * rng.uniform(-1.0, 1.0);
  };
  if (auto* c = std::get_if<Circle>(&out)) jitter(c->center);
  if (auto* b = std::get_if<Aabb>(&out)) jitter(b->min), jitter(b->max);
  if (auto* b = std::get_if<Box>(&out)) jitter(b->center);
  if (auto* g = std::get_if<Segment>(&out)) jitter(g->a), jitter(g->b);
  if (auto* k = std::get_if<Capsule>(&out)) jitter(k->a), jitter(k->b);
  if (const auto* p = std::get_if<Polygon>(&out)) {
    std::vector<Vec2> v(p->vertices().begin(), p->vertices().end());
    for (Vec2& q : v) jitter(q);
    Polygon moved;
    if (!Polygon::create(v, moved).ok() || moved.size() != p->size()) return false;
    out = std::move(moved);
  }
  if (const auto* b = std::get_if<Aabb>(&out); b != nullptr && !(b->min.x <= b->max.x && b->min.y <= b->max.y)) {
    return false;  // a zero-extent aabb jittered inside out: not a World shape
  }
  return true;
}

bool withinReach(const Shape& s, double reach) {
  const Aabb b = bounds(s);
  return std::fabs(b.min.x) <= reach && std::fabs(b.min.y) <= reach && std::fabs(b.max.x) <= reach &&
         std::fabs(b.max.y) <= reach;
}

constexpr int kSoundPairsPerFamily = 2500 / kShare;  // x 4 families x 36 ordered type pairs, 12 moves each

TEST(Coherence, CertifiedTranslationsKeepTheAnswer) {
  long samples = 0, skipped = 0, failures = 0, certifiedPairs = 0;
  for (int ka = 0; ka < pair_corpus::kKinds; ++ka) {
    for (int kb = 0; kb < pair_corpus::kKinds; ++kb) {
      for (int f = 0; f < pair_corpus::kFamilies; ++f) {
        pair_corpus::Rng rng{0x50DA11ull * 1000 + static_cast<std::uint64_t>((ka * 6 + kb) * 4 + f)};
        for (int i = 0; i < kSoundPairsPerFamily; ++i) {
          const pair_corpus::Pair p = pair_corpus::makePair(rng, ka, kb, static_cast<pair_corpus::Family>(f));
          PairSlack cert;
          const Contact c = detail::collideWithSlack(p.a, p.b, cert);
          const PairSlack certB = detail::overlapsWithSlack(p.a, p.b);
          for (const PairSlack& k : {cert, certB}) {
            if (!(k.slack > 0.0)) continue;
            ++certifiedPairs;
            // The direction that changes the answer soonest: a hit separates fastest along its contact normal (B
            // moving away), a miss closes along the distance's normal (B moving towards A).
            Vec2 worst = c.normal;
            if (!k.hit) {
              const DistanceResult d = distance(p.a, p.b);
              worst = -d.normal;
            }
            for (int m = 0; m < 12; ++m) {
              Vec2 dir = m < 6 && (worst.x != 0.0 || worst.y != 0.0) ? worst : rng.direction();
              const double len = k.slack * (m % 3 == 0 ? 1.0 - 0x1p-30 : rng.uniform(0.5, 1.0 - 0x1p-30));
              const Vec2 t = dir * len;
              const double share = rng.chance(0.5) ? 0.0 : rng.uniform(0.0, 1.0);  // how much of t is A's (opposite)
              const Vec2 drift = rng.chance(0.5) ? Vec2{} : rng.inSquare(0.25 * k.reach);
              Shape a2, b2;
              if (!movedAndPerturbed(rng, p.a, drift - t * share, k.reach, a2) ||
                  !movedAndPerturbed(rng, p.b, drift + t * (1.0 - share), k.reach, b2) ||
                  !withinReach(a2, k.reach) || !withinReach(b2, k.reach)) {
                ++skipped;
                continue;
              }
              ++samples;
              if (overlaps(a2, b2) != k.hit && ++failures <= 10) {
                ADD_FAILURE() << pair_corpus::kKindName[ka] << "_" << pair_corpus::kKindName[kb] << " family " << f
                              << " pair " << i << " move " << m << ": certified " << k.hit << " with slack " << k.slack
                              << " (reach " << k.reach << "), moved by |t| = " << len << "\n  a  = " << describe(p.a)
                              << "\n  b  = " << describe(p.b) << "\n  a' = " << describe(a2)
                              << "\n  b' = " << describe(b2);
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(samples, 1000000 / kShare);
  std::printf("[ coherence ] %ld certificates, %ld moved samples checked (%ld skipped: polygon rebuilt differently or "
              "out of reach)\n",
              certifiedPairs, samples, skipped);
}

// -- 3. usefulness on the benchmark scene --------------------------------------------------------------------------------

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

TEST(Coherence, BenchmarkSceneCertificatesLastFrames) {
  scene::Scene s = scene::makeScene(10000);
  const pair_corpus::SceneShapes start = pair_corpus::sceneShapes(s);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < start.shapes.size(); ++i) {
    for (std::size_t j = i + 1; j < start.shapes.size(); ++j) {
      const Aabb &p = start.box[i], &q = start.box[j];
      if (p.min.x <= q.max.x && q.min.x <= p.max.x && p.min.y <= q.max.y && q.min.y <= p.max.y) pairs.push_back({i, j});
    }
  }
  struct Tracked {
    PairSlack cert;
    Vec2 relative0;  // b's position minus a's at certification
    int frames = -1; // frames the certificate held (-1: still holding)
  };
  std::vector<Tracked> tracked;
  std::vector<double> slackHit, slackMiss, relHit, relMiss;
  const auto sizeOf = [](const Aabb& b) { return std::max(b.max.x - b.min.x, b.max.y - b.min.y); };
  for (const auto& [i, j] : pairs) {
    PairSlack cert;
    (void)detail::collideWithSlack(start.shapes[i], start.shapes[j], cert);
    const PairSlack certB = detail::overlapsWithSlack(start.shapes[i], start.shapes[j]);
    ASSERT_EQ(cert.hit, certB.hit);
    const double size = std::min(sizeOf(start.box[i]), sizeOf(start.box[j]));
    (cert.hit ? slackHit : slackMiss).push_back(certB.slack);
    (cert.hit ? relHit : relMiss).push_back(certB.slack / size);
    tracked.push_back({certB, Vec2{s.bodies[j].x - s.bodies[i].x, s.bodies[j].y - s.bodies[i].y}, -1});
  }
  // Replay 60 frames: while a certificate holds, the fresh answer must be the certified one.
  constexpr int kFrames = 60 / kShare;
  long checks = 0;
  for (int frame = 1; frame <= kFrames; ++frame) {
    scene::advance(s);
    const pair_corpus::SceneShapes now = pair_corpus::sceneShapes(s);
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      Tracked& t = tracked[k];
      if (t.frames >= 0) continue;
      const auto& [i, j] = pairs[k];
      const Vec2 rel{s.bodies[j].x - s.bodies[i].x, s.bodies[j].y - s.bodies[i].y};
      const Vec2 moved = rel - t.relative0;
      const bool holds = std::hypot(moved.x, moved.y) < t.cert.slack && withinReach(now.shapes[i], t.cert.reach) &&
                         withinReach(now.shapes[j], t.cert.reach);
      if (!holds) {
        t.frames = frame - 1;
        continue;
      }
      ++checks;
      ASSERT_EQ(overlaps(now.shapes[i], now.shapes[j]), t.cert.hit) << "pair " << i << ", " << j << " frame " << frame;
    }
  }
  std::vector<double> framesHit, framesMiss;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const double f = tracked[k].frames < 0 ? kFrames : tracked[k].frames;
    (tracked[k].cert.hit ? framesHit : framesMiss).push_back(f);
  }
  std::printf("[ coherence ] 10k scene, %zu candidate pairs (%zu touching): median slack %.3f touching / %.3f apart "
              "(x the smaller shape's size: %.3f / %.3f); a certificate holds a median of %.0f frames touching, %.0f "
              "apart (capped at %d; %ld fresh checks agreed)\n",
              pairs.size(), slackHit.size(), median(slackHit), median(slackMiss), median(relHit), median(relMiss),
              median(framesHit), median(framesMiss), kFrames, checks);
  RecordProperty("median_slack_touching", std::to_string(median(slackHit)));
  RecordProperty("median_slack_apart", std::to_string(median(slackMiss)));
  RecordProperty("median_frames_touching", std::to_string(median(framesHit)));
  RecordProperty("median_frames_apart", std::to_string(median(framesMiss)));
  EXPECT_GT(median(slackHit), 0.1);
  EXPECT_GT(median(slackMiss), 0.1);
}

}  // namespace
