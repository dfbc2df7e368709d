// Bit-identity of the narrow phase: overlaps(), collide() and collideManifold() of the generic Shape overloads on a
// seeded corpus of about two million pairs (pair_corpus.h: every ordered pair of Circle, Aabb, Box, Polygon, Segment,
// Capsule; random, near-touching, exact and degenerate configurations at magnitudes 1e-6 .. 1e12 and beyond) plus the
// benchmark scene's candidate pairs, must hash to the values recorded with the implementation of main at 90d4936
// (before the narrow-phase speed-ups of issue 12). Every bit of every result goes into the hash (signs of zeros
// included), so any change of any answer fails the test, naming the ordered type pair. Only NaN results hash alike:
// their sign differs between -O0 and -O3 builds of the same code (main included), so it is no property of the code.
//
// An optimised build checks the whole corpus; a debug / sanitizer build (20-50x slower) its first 1,000 pairs per
// family and the scene's first frame, against hashes of their own. The same hashes hold natively and in the wasm build
// (Emscripten): the corpus turns angles into shapes with the library's own cos / sin (cpp/src/trig/trig.h, musl's, the
// same bits in every build), never the C library's (glibc's and musl's round some angles differently). To
// re-record after an INTENDED change of results:
//   COLLIDE2D_IDENTITY_PRINT=1 build/release/tests/collide2d_tests --gtest_filter='NarrowIdentity.*'
// prints the table below. COLLIDE2D_IDENTITY_DUMP=<file> writes one line per pair (its own hash), so that two builds'
// dumps can be diffed to find the first differing pair.
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "../../bench/scene.h"
#include "pair_corpus.h"

namespace {

using namespace collide2d;
using pair_corpus::Hash;

constexpr int kPairsPerFamily = 20000;  // x 4 families x 36 ordered type pairs: 2.9 million pairs

void hashPair(Hash& h, const Shape& a, const Shape& b) {
  h.add(overlaps(a, b));
  h.add(collide(a, b));
  const Manifold m = collideManifold(a, b);
  h.add(m.normal);
  h.add(static_cast<std::uint64_t>(m.count));
  for (int i = 0; i < 2; ++i) {
    h.add(m.points[i].point);
    h.add(m.points[i].depth);
    h.add(static_cast<std::uint64_t>(m.points[i].id));
  }
}

struct Dump {
  std::FILE* f = nullptr;
  long pairs[pair_corpus::kFamilies] = {}, hits[pair_corpus::kFamilies] = {};
  Dump() {
    if (const char* path = std::getenv("COLLIDE2D_IDENTITY_DUMP")) f = std::fopen(path, "w");
  }
  ~Dump() {
    if (f == nullptr) return;
    std::fclose(f);
    for (int i = 0; i < pair_corpus::kFamilies; ++i) std::printf("family %d: %ld of %ld pairs touch\n", i, hits[i], pairs[i]);
  }
};

// Optimised builds check the whole corpus; a debug or sanitizer build (no NDEBUG: 20-50x slower) checks the first
// kPrefixPairs of every family against their own recorded hashes.
#if defined(NDEBUG)
constexpr bool kWholeCorpus = true;
#else
constexpr bool kWholeCorpus = false;
#endif
constexpr int kPrefixPairs = 1000;

struct CorpusHash {
  std::uint64_t whole = 0, prefix = 0;
};

// The hash of every result over the corpus of one ordered type pair (and over the first kPrefixPairs per family).
CorpusHash corpusHash(int ka, int kb, Dump& dump) {
  Hash total, prefix;
  for (int f = 0; f < pair_corpus::kFamilies; ++f) {
    pair_corpus::Rng rng{0xC0111DE2D0000000ull + static_cast<std::uint64_t>((ka * 6 + kb) * 4 + f)};
    for (int i = 0; i < (kWholeCorpus ? kPairsPerFamily : kPrefixPairs); ++i) {
      const pair_corpus::Pair p = pair_corpus::makePair(rng, ka, kb, static_cast<pair_corpus::Family>(f));
      Hash one;
      hashPair(one, p.a, p.b);
      total.add(one.h);
      if (i < kPrefixPairs) prefix.add(one.h);
      if (dump.f != nullptr) {
        ++dump.pairs[f];
        dump.hits[f] += overlaps(p.a, p.b) ? 1 : 0;
        std::fprintf(dump.f, "%s_%s %d %d %016" PRIx64 "\n", pair_corpus::kKindName[ka], pair_corpus::kKindName[kb], f,
                     i, one.h);
      }
    }
  }
  return {total.h, prefix.h};
}

// The benchmark scene's world shapes (built as World builds them: position + rotated local points; a polygon through
// Polygon::create) at a few frames, and every pair whose bounds overlap, lower index first.
CorpusHash sceneHash(Dump& dump) {
  scene::Scene s = scene::makeScene(10000);
  Hash total, first;
  for (int frame = 0; frame < (kWholeCorpus ? 3 : 1); ++frame) {
    const pair_corpus::SceneShapes scene = pair_corpus::sceneShapes(s);
    const std::vector<Shape>& shapes = scene.shapes;
    const std::vector<Aabb>& box = scene.box;
    // Candidates by a sweep on x, then visited in (i, j) order.
    std::vector<std::size_t> order(shapes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return box[x].min.x < box[y].min.x; });
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t u = 0; u < order.size(); ++u) {
      for (std::size_t v = u + 1; v < order.size() && box[order[v]].min.x <= box[order[u]].max.x; ++v) {
        const Aabb &p = box[order[u]], &q = box[order[v]];
        if (p.min.y <= q.max.y && q.min.y <= p.max.y) pairs.push_back({std::min(order[u], order[v]), std::max(order[u], order[v])});
      }
    }
    std::sort(pairs.begin(), pairs.end());
    for (const auto& [i, j] : pairs) {
      Hash one;
      hashPair(one, shapes[i], shapes[j]);
      total.add(one.h);
      if (frame == 0) first.add(one.h);
      if (dump.f != nullptr) std::fprintf(dump.f, "scene %d %zu %zu %016" PRIx64 "\n", frame, i, j, one.h);
    }
    for (int k = 0; k < 10; ++k) scene::advance(s);
  }
  return {total.h, first.h};
}

struct Recorded {
  const char* name;
  std::uint64_t whole;   ///< every pair of the corpus
  std::uint64_t prefix;  ///< the first kPrefixPairs of each family (the scene: its first frame)
};

// Recorded with main at 90d4936 (glibc 2.36, g++ 12.2, -O3 -ffp-contract=off), then re-recorded once for an intended
// change (narrow_identity_hashes.inc says which).
const Recorded kRecorded[] = {
#include "narrow_identity_hashes.inc"
};

TEST(NarrowIdentity, CorpusResultsMatchRecordedBits) {
  const bool print = std::getenv("COLLIDE2D_IDENTITY_PRINT") != nullptr;
  Dump dump;
  std::vector<std::pair<std::string, CorpusHash>> got;
  for (int ka = 0; ka < pair_corpus::kKinds; ++ka) {
    for (int kb = 0; kb < pair_corpus::kKinds; ++kb) {
      got.push_back({std::string(pair_corpus::kKindName[ka]) + "_" + pair_corpus::kKindName[kb], corpusHash(ka, kb, dump)});
    }
  }
  got.push_back({"scene", sceneHash(dump)});
  if (print) {
    for (const auto& [name, h] : got) {
      std::printf("    {\"%s\", 0x%016" PRIx64 "ull, 0x%016" PRIx64 "ull},\n", name.c_str(), h.whole, h.prefix);
    }
  }
  ASSERT_EQ(std::size(kRecorded), got.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(std::string(kRecorded[i].name), got[i].first);
    EXPECT_EQ(kRecorded[i].prefix, got[i].second.prefix)
        << got[i].first << ": results differ from the recorded bits (first pairs; got 0x" << std::hex
        << got[i].second.prefix << ")";
    if (kWholeCorpus) {
      EXPECT_EQ(kRecorded[i].whole, got[i].second.whole)
          << got[i].first << ": results differ from the recorded bits (got 0x" << std::hex << got[i].second.whole << ")";
    }
  }
}

}  // namespace
