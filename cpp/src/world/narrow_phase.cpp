// World internals: the narrow phase and its temporal-coherence certificates (narrow_phase.h).
#include "world/narrow_phase.h"

#include "world/chain.h"

#include "coherence.h"
#include "world/broad_phase.h"
#include "world/memory.h"
#include "world/thread_pool.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <variant>

namespace collide2d::world {

namespace {

// Temporal coherence: a certificate's budget (a positive float, rounded down) with two flags in its low bits. The
// flags are written after lowering the float by at least one ulp, so that the stored value, flags or not, never
// exceeds the budget (positive floats order as their bits).
constexpr std::uint32_t kCacheHit = 1, kCacheUsed = 2;
inline std::uint32_t cacheBits(double budget, bool hit) {
  if (!(budget > 0.0)) return 0;
  const float f = floatDown(budget);
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  if (b < 8 || b >= 0x7F800000u) return 0;  // (too small to keep, or infinite)
  return ((b - 4) & ~3u) | (hit ? kCacheHit : 0u) | kCacheUsed;
}
// A compound pair's certificate (narrow_phase.h, testParts): the budget with its 8 low bits for flags, kCacheHit,
// kCacheUsed and, in bits 2..7, which of its at most kMaskPairs part pairs touch (bit i * parts of B + j).
constexpr std::uint32_t kMaskShift = 2, kMaskPairs = 6, kCompoundLow = 255;
inline std::uint32_t compoundBits(double budget, std::uint32_t mask) {
  if (!(budget > 0.0)) return 0;
  const float f = floatDown(budget);
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  if (b < 512 || b >= 0x7F800000u) return 0;  // (too small to keep, or infinite)
  return ((b - 256) & ~kCompoundLow) | (mask << kMaskShift) | (mask != 0 ? kCacheHit : 0u) | kCacheUsed;
}
inline double cacheBudget(std::uint32_t bits, std::uint32_t low = 3u) {
  bits &= ~low;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return static_cast<double>(f);
}

// A manifold's largest point depth (how the Manifolds mode ranks a compound pair's part pairs).
double deepest(const Manifold& m) {
  double d = m.points[0].depth;
  for (int k = 1; k < m.count; ++k) d = std::max(d, m.points[k].depth);
  return d;
}

}  // namespace

// -- following the bodies ----------------------------------------------------------------------------------------

bool NarrowPhase::reserve(std::size_t n) {
  return !certsLive_ || (grow(drift_, n, 4) && grow(drifted_, n, 4) && grow(cache_, kCacheWays * n, 4) &&
                         grow(liveBlocks_, blockWords(n), 4));
}

bool NarrowPhase::reserveExactly(std::size_t n) {
  return !certsLive_ || (growExactly(drift_, n) && growExactly(drifted_, n) && growExactly(cache_, kCacheWays * n) &&
                         growExactly(liveBlocks_, blockWords(n)));
}

void NarrowPhase::added() {
  if (!certsLive_) return;
  drift_.emplace_back();
  cache_.resize(cache_.size() + kCacheWays);  // (free entries)
  if (liveBlocks_.size() < blockWords(drift_.size())) liveBlocks_.push_back(0);  // (capacity reserved)
}

void NarrowPhase::removing(std::uint32_t d, std::uint32_t last) {
  if (!certsLive_) return;
  driftedValid_ = false;
  if (d != last) {
    drift_[d] = drift_[last];
    std::copy_n(cache_.begin() + kCacheWays * last, kCacheWays, cache_.begin() + kCacheWays * d);
    markLive(d);  // (conservative: d's block is visited by the next finish)
  }
  drift_.pop_back();
  cache_.resize(cache_.size() - kCacheWays);
}

// -- certificates --------------------------------------------------------------------------------------------------

// The certificates' arrays exist only while they are used (PairsOnly mode with coherence): 28 bytes per body that
// the other modes do without. Made at the step that starts using them, every list free (so no drift from before
// matters); given back at the step that stops. If they cannot be allocated, this step goes without them (the answers
// are the same) and the next one tries again.
void NarrowPhase::prepare(std::size_t n, std::size_t cap) {
  const bool on = coherence && mode == ContactMode::PairsOnly;
  if (on == certsLive_) return;
  certsLive_ = false;
  std::vector<PairCache>().swap(cache_);
  std::vector<float>().swap(drift_);
  std::vector<std::uint32_t>().swap(drifted_);
  std::vector<std::uint64_t>().swap(liveBlocks_);
  driftedValid_ = true;
  // (cap: what reserve() or growth made of the body arrays)
  if (!on || !growExactly(cache_, kCacheWays * cap) || !growExactly(drift_, cap) || !growExactly(drifted_, cap) ||
      !growExactly(liveBlocks_, blockWords(cap))) {
    std::vector<PairCache>().swap(cache_);
    std::vector<float>().swap(drift_);
    std::vector<std::uint32_t>().swap(drifted_);
    std::vector<std::uint64_t>().swap(liveBlocks_);
    return;
  }
  cache_.resize(kCacheWays * n);  // (free entries)
  liveBlocks_.resize(blockWords(n));  // (zeros: no certificate)
  drift_.resize(n);                // (zeros)
  certsLive_ = true;
}

NarrowPhase::PairCache* NarrowPhase::findCache(const BodyHandle* handles, std::uint32_t ka, std::uint32_t kb) {
  PairCache* a = cache_.data() + kCacheWays * ka;
  PairCache* b = cache_.data() + kCacheWays * kb;
  const BodyHandle ha = handles[ka], hb = handles[kb];  // (the compact array, not the bodies)
  for (std::size_t w = 0; w < kCacheWays; ++w) {
    if (a[w].partner == hb) return &a[w];
    if (b[w].partner == ha) return &b[w];
  }
  return nullptr;
}

NarrowPhase::PairCache* NarrowPhase::newCache(const BodyHandle* handles, std::uint32_t ka, std::uint32_t kb) {
  for (const std::uint32_t k : {ka, kb}) {
    PairCache* e = cache_.data() + kCacheWays * k;
    for (std::size_t w = 0; w < kCacheWays; ++w) {
      if (e[w].partner == kNullBody) {
        e[w].partner = handles[k == ka ? kb : ka];
        markLive(k);
        return &e[w];
      }
    }
  }
  return nullptr;
}

// Certificates (see cacheBits): a candidate whose certificate's budget covers how far both bodies went since the
// last step (neither turned: a turned body has drifted +infinity) has its answer: apart, it is dropped; touching, it
// is flagged (kCertifiedHit). An expired certificate is freed (the narrow phase makes a new one). A compound pair's
// certificate (compoundBits: with which part pairs touch) is kept the same way (certifiedParts). PairsOnly mode only:
// where a touching pair's contact or manifold must be computed afresh anyway,
// certificates could spare only the separated pairs, and making them (every SAT axis tested, where a miss stops at the
// first separating one) cost more than they spared (measured on the 10k benchmark scene, Contacts mode: 44.0 million
// instructions per frame with certificates, 40.8 without; PairsOnly: 30.9 with, 36.8 without).
void NarrowPhase::certify(std::vector<std::uint32_t>& candidates, const BodyStore& store, std::size_t begin) {
  if (!certsLive_) return;  // (nothing to drop or flag)
  const std::size_t kept =
      certifyRange(candidates.data(), begin, candidates.size(), store.handles.data(), nullptr, stats.certified);
  candidates.resize(kept);
}

// certify()'s loop over the candidate words [begin, end), compacted from `begin` (returns where they end). An expired
// certificate is freed at once, or, given `expired` (a chunk of certifyThreaded), listed by its index in cache_.
__attribute__((always_inline)) inline std::size_t NarrowPhase::certifyRange(std::uint32_t* cand, std::size_t begin,
                                                                            std::size_t end, const BodyHandle* handles,
                                                                            std::vector<std::uint32_t>* expired,
                                                                            std::size_t& certified) {
  std::size_t out = begin;
  constexpr std::size_t kAhead = 2 * 8;  // (the lists of candidates a few ahead prefetched: scattered in memory)
  for (std::size_t k = begin; k < end; k += 2) {
    if (k + kAhead < end) {
      __builtin_prefetch(cache_.data() + kCacheWays * cand[k + kAhead]);
      __builtin_prefetch(cache_.data() + kCacheWays * (cand[k + kAhead + 1] & kCandidateIndex));
      __builtin_prefetch(drift_.data() + cand[k + kAhead]);
      __builtin_prefetch(drift_.data() + (cand[k + kAhead + 1] & kCandidateIndex));
    }
    std::uint32_t i = cand[k], j = cand[k + 1];
    {
      const bool compound = (j & kCompoundPair) != 0;
      const std::uint32_t jj = j & kCandidateIndex;
      if (PairCache* e = findCache(handles, i, jj)) {
        const double left = cacheBudget(e->bits, compound ? kCompoundLow : 3u) - static_cast<double>(drift_[i]) -
                            static_cast<double>(drift_[jj]);
        const bool hit = (e->bits & kCacheHit) != 0;
        const std::uint32_t bits =
            compound ? compoundBits(left, (e->bits >> kMaskShift) & ((1u << kMaskPairs) - 1)) : cacheBits(left, hit);
        if (bits != 0) {
          e->bits = bits;
          ++certified;
          if (!hit) continue;
          i |= kCertifiedHit;
        } else if (expired != nullptr) {
          expired->push_back(static_cast<std::uint32_t>(e - cache_.data()));  // (room reserved: one per candidate)
        } else {
          e->partner = kNullBody;
        }
      }
    }
    cand[out++] = i;
    cand[out++] = j;
  }
  return out;
}

// (certify()'s loop over one chunk, the expired certificates listed)
void NarrowPhase::certifyChunk(void* self, std::size_t k) {
  NarrowPhase& np = *static_cast<NarrowPhase*>(self);
  Chunk& ch = np.chunks_[k];
  ch.expired.clear();
  ch.certified = 0;
  ch.kept = np.certifyRange(np.chunkCandidatesMut_, ch.begin, ch.end, np.chunkStore_->handles.data(), &ch.expired,
                            ch.certified) - ch.begin;
}

void NarrowPhase::finish() {
  // Only the blocks that may hold a certificate (liveBlocks_; level scene: 0.77 million instructions per step when
  // every body's list was visited, 55k bodies of which 50k static).
  const std::size_t bodies = cache_.size() / kCacheWays;
  for (std::size_t w = 0; w < liveBlocks_.size(); ++w) {
    std::uint64_t word = liveBlocks_[w], keep = 0;
    while (word != 0) {
      const int b = __builtin_ctzll(word);
      word &= word - 1;
      const std::size_t first = (64 * w + static_cast<std::size_t>(b)) * kBlockBodies;
      if (first >= bodies) break;
      PairCache* e = cache_.data() + kCacheWays * first;
      PairCache* const end = cache_.data() + kCacheWays * std::min(bodies, first + kBlockBodies);
      std::uint32_t used = 0;
      for (; e != end; ++e) {
        used |= e->bits & kCacheUsed;
        if ((e->bits & kCacheUsed) == 0) e->partner = kNullBody;
        e->bits &= ~kCacheUsed;
      }
      if (used != 0) keep |= std::uint64_t{1} << b;
    }
    liveBlocks_[w] = keep;
  }
  if (driftedValid_) {
    for (const std::uint32_t k : drifted_) drift_[k] = 0.0f;
  } else {
    std::fill(drift_.begin(), drift_.end(), 0.0f);
  }
  drifted_.clear();
  driftedValid_ = true;
}

// -- tests -----------------------------------------------------------------------------------------------------------

bool NarrowPhase::reserveResults(std::size_t c, std::size_t partPairBound) {
  const bool contacts = mode == ContactMode::Contacts, manifolds = mode == ContactMode::Manifolds;
  return grow(pairBodies, 2 * c, 5) && grow(pairContacts, contacts ? World::kPairContactStride * c : 0, 5) &&
         grow(pairParts, World::kPairPartStride * partPairBound, 5) &&
         grow(pairManifolds, manifolds ? World::kPairManifoldStride * c : 0, 5);
}

// The narrow phase of one candidate (capacity for its result is there: reserveResults). knownHit: a certificate
// says the pair touches (certify). Pairs with a compound or a sensor body go to testOther. Inlined into test()'s loop
// (measured: 0.4 million instructions per 10k frame in Contacts mode when it was a call; the sensors' case in line
// cost 0.4 million more).
__attribute__((always_inline)) inline void NarrowPhase::testPair(const BodyStore& store, std::uint32_t i, std::uint32_t j, bool knownHit,
                                                                  Out& out) {
  const Body* a = &store.bodies[i];
  const Body* b = &store.bodies[j];
  if (indexOf(a->handle) > indexOf(b->handle)) {
    std::swap(a, b);
    std::swap(i, j);
  }
  if (a->type == ShapeType::Compound || b->type == ShapeType::Compound || a->sensor || b->sensor) [[unlikely]] {
    testOther(store, i, j, knownHit, out);
    return;
  }
  if (mode == ContactMode::Manifolds) {  // (no certificates: every manifold is computed afresh)
    if (!appendManifold(a->shape, b->shape, out.manifolds)) return;
    out.bodies.push_back(a->handle);
    out.bodies.push_back(b->handle);
    return;
  }
  bool hit = knownHit;
  Contact c;
  if (!knownHit) {
    if (mode == ContactMode::Contacts) {
      c = collide(a->shape, b->shape);
      hit = c.hit;
    } else {
      hit = testBoolean(store, i, j, out);
    }
    if (!hit) return;
  }
  out.bodies.push_back(a->handle);
  out.bodies.push_back(b->handle);
  if (mode == ContactMode::Contacts) writeContact(c, out.contacts);
}

// PairsOnly's test of bodies i, j (A: i): overlaps(); with coherence, with the slack that certifies its answer for
// the next steps (kept in one of the two bodies' lists of certificates).
__attribute__((always_inline)) inline bool NarrowPhase::testBoolean(const BodyStore& store, std::uint32_t i,
                                                                     std::uint32_t j, Out& out) {
  const Shape& a = store.bodies[i].shape;
  const Shape& b = store.bodies[j].shape;
  if (!certsLive_) return overlaps(a, b);
  const detail::PairSlack ps = detail::overlapsWithSlack(a, b);
  // The certificate also asks every coordinate of the moved shapes' bounds to stay within [-reach, reach], reach
  // being twice the pair's largest |coordinate| now: a budget of at most reach / 2 keeps them there (each body moves
  // at most the sum of both drifts, which the budget bounds).
  const double slack = std::min(ps.slack, 0.5 * ps.reach);
  if (slack > 0.0) {
    const std::uint32_t bits = cacheBits(slack, ps.hit);
    if (bits != 0) {
      if (out.certs != nullptr) {
        out.certs->push_back({i, j, bits});  // (room reserved: one per candidate)
      } else if (PairCache* e = newCache(store.handles.data(), i, j)) {
        e->bits = bits;
      }
    }
  }
  return ps.hit;
}

// A candidate with a compound body or a sensor (A: i, the smaller slot index): a pair with a sensor body is tested as
// in PairsOnly mode whatever the mode, and its contact or manifold record is a placeholder (sensorContact /
// sensorManifold).
__attribute__((noinline)) void NarrowPhase::testOther(const BodyStore& store, std::uint32_t i, std::uint32_t j,
                                                       bool knownHit, Out& out) {
  const Body& a = store.bodies[i];
  const Body& b = store.bodies[j];
  const bool sensor = a.sensor || b.sensor;
  if (a.type == ShapeType::Compound || b.type == ShapeType::Compound) {
    testParts(store, i, j, sensor, knownHit, out);
    return;
  }
  if (!knownHit && !testBoolean(store, i, j, out)) return;
  out.bodies.push_back(a.handle);
  out.bodies.push_back(b.handle);
  if (mode == ContactMode::Contacts) {
    writeContact(sensorContact(), out.contacts);
  } else if (mode == ContactMode::Manifolds) {
    writeManifold(sensorManifold(), out.manifolds);
  }
}

// A compound pair's certificate (PairsOnly mode with coherence; no chain; at most kMaskPairs part pairs): every part
// pair is tested with its slack, whether the bounds would have it tested or not, and the certificate keeps the
// smallest slack and which part pairs touch (compoundBits). While it holds, no part pair's answer changes, so the
// pair's records are those of the touching part pairs in part order, as testParts' PairsOnly loop lists them (a
// touching part pair's bounds overlap, so that loop tests it; an untested one lists nothing, nor a separated one).
// knownHit: certify found a valid certificate saying a part pair touches: the records from its mask. True: done
// (records written); false: testParts tests as usual (a part pair that touches while its bounds say it is not
// tested, which only rounding could make: no certificate).
bool NarrowPhase::certifiedParts(const BodyStore& store, std::uint32_t ka, std::uint32_t kb, const Pieces& pa,
                                 const Pieces& pb, bool knownHit, Out& out) {
  const std::uint32_t pair = static_cast<std::uint32_t>(out.bodies.size() / World::kPairBodyStride);
  auto record = [&](std::uint32_t i, std::uint32_t j) {
    out.parts.push_back(pair);
    out.parts.push_back(i);
    out.parts.push_back(j);
  };
  if (knownHit) {
    const PairCache* e = findCache(store.handles.data(), ka, kb);
    if (e == nullptr) return false;  // (certify found it: not reached)
    const std::uint32_t mask = (e->bits >> kMaskShift) & ((1u << kMaskPairs) - 1);
    for (std::uint32_t i = 0, bit = 0; i < pa.count; ++i) {
      for (std::uint32_t j = 0; j < pb.count; ++j, ++bit) {
        if ((mask >> bit & 1u) != 0) record(i, j);
      }
    }
  } else {
    const std::size_t first = out.parts.size();
    const Aabb& wholeB = store.proxies[kb].box;
    std::uint32_t mask = 0;
    double slack = std::numeric_limits<double>::infinity();
    for (std::uint32_t i = 0, bit = 0; i < pa.count; ++i) {
      const Aabb& boxA = pa.boxOf(i);
      const bool nearB = boundsOverlap(boxA, wholeB);
      for (std::uint32_t j = 0; j < pb.count; ++j, ++bit) {
        const bool tested = nearB && boundsOverlap(pb.boxOf(j), boxA);
        const detail::PairSlack ps = detail::overlapsWithSlack(pa.shapeOf(i), pb.shapeOf(j));
        if (ps.hit && !tested) {
          out.parts.resize(first);
          return false;
        }
        if (ps.hit) {
          mask |= 1u << bit;
          record(i, j);
        }
        slack = std::min(slack, std::min(ps.slack, 0.5 * ps.reach));  // (as testBoolean's)
      }
    }
    if (slack > 0.0) {
      if (const std::uint32_t bits = compoundBits(slack, mask); bits != 0) {
        if (out.certs != nullptr) {
          out.certs->push_back({ka, kb, bits});  // (room reserved: one per candidate)
        } else if (PairCache* e = newCache(store.handles.data(), ka, kb)) {
          e->bits = bits;
        }
      }
    }
    if (mask == 0) return true;
  }
  out.bodies.push_back(store.bodies[ka].handle);
  out.bodies.push_back(store.bodies[kb].handle);
  return true;
}

// A candidate with a compound body (A = body ka, the smaller slot index): every part pair whose bounds overlap is
// tested; the touching ones are listed in pairParts (the deepest first: largest contact depth, or manifold point
// depth; the first in part order on ties), and the pair reports the deepest one's contact or manifold. Room for
// the records was reserved (reserveResults' partPairBound).
void NarrowPhase::testParts(const BodyStore& store, std::uint32_t ka, std::uint32_t kb, bool sensor, bool knownHit,
                            Out& out) {
  const ContactMode m = sensor ? ContactMode::PairsOnly : mode;
  const Pieces pa = store.piecesAt(ka), pb = store.piecesAt(kb);
  const std::uint32_t pair = static_cast<std::uint32_t>(out.bodies.size() / World::kPairBodyStride);
  const std::size_t first = out.parts.size();
  if (certsLive_ && pa.chain == nullptr && pb.chain == nullptr && pa.count * pb.count <= kMaskPairs) {
    if (certifiedParts(store, ka, kb, pa, pb, knownHit, out)) return;
  }
  std::size_t best = first;
  double bestDepth = 0.0;
  Contact bestContact;
  Manifold bestManifold;
  // A chain's segments (A's or B's) meet the ghost-vertex rule (chain.h): n out of the chain, towards the other.
  auto ghost = [&](std::uint32_t i, std::uint32_t j, const Shape& sa, const Shape& sb, Vec2& normal, double& depth) {
    if (pa.chain != nullptr) {
      Vec2 n = normal;
      if (chainGhost(pa.parts, *pa.chain, i, sb, n, depth)) normal = n;
    } else if (pb.chain != nullptr) {
      Vec2 n = -normal;
      if (chainGhost(pb.parts, *pb.chain, j, sa, n, depth)) normal = -n;
    }
  };
  auto tryPair = [&](std::uint32_t i, std::uint32_t j) {
    const Shape& sa = pa.shapeOf(i);
    const Shape& sb = pb.shapeOf(j);
    double depth = 0.0;
    bool better = false;
    const bool firstHit = out.parts.size() == first;
    if (m == ContactMode::PairsOnly) {
      if (!overlaps(sa, sb)) return;
    } else if (m == ContactMode::Manifolds) {
      Manifold mf = collideManifold(sa, sb);
      if (mf.count == 0) return;
      depth = deepest(mf);
      if (pa.chain != nullptr || pb.chain != nullptr) {
        const Vec2 was = mf.normal;
        ghost(i, j, sa, sb, mf.normal, depth);
        if (!(mf.normal == was)) {  // (replaced: one point, at the deepest one, with the depth along the face)
          int k = mf.count > 1 && mf.points[1].depth > mf.points[0].depth ? 1 : 0;
          mf.points[0] = mf.points[k];
          mf.points[0].depth = depth;
          mf.count = 1;
        }
      }
      better = firstHit || depth > bestDepth;
      if (better) bestManifold = mf;
    } else {
      Contact c = collide(sa, sb);
      if (!c.hit) return;
      if (pa.chain != nullptr || pb.chain != nullptr) ghost(i, j, sa, sb, c.normal, c.depth);
      depth = c.depth;
      better = firstHit || depth > bestDepth;
      if (better) bestContact = c;
    }
    if (better) {
      best = out.parts.size();
      bestDepth = depth;
    }
    out.parts.push_back(pair);
    out.parts.push_back(i);
    out.parts.push_back(j);
  };
  // Part pairs in (part of A, part of B) order; a chain's segments through its tree.
  const Aabb& wholeB = store.proxies[kb].box;
  pa.visit([&](const Aabb& box) { return boundsOverlap(box, wholeB); }, [&](std::uint32_t i) {
    const Aabb& boxA = pa.boxOf(i);
    pb.visit([&](const Aabb& box) { return boundsOverlap(box, boxA); }, [&](std::uint32_t j) { tryPair(i, j); });
  });
  if (out.parts.size() == first) return;
  // The reported part pair first, the others after it in part order.
  std::uint32_t* r = out.parts.data();
  const std::uint32_t bi = r[best + 1], bj = r[best + 2];
  for (std::size_t at = best; at > first; at -= World::kPairPartStride) {
    r[at + 1] = r[at + 1 - World::kPairPartStride];
    r[at + 2] = r[at + 2 - World::kPairPartStride];
  }
  r[first + 1] = bi;
  r[first + 2] = bj;
  out.bodies.push_back(store.bodies[ka].handle);
  out.bodies.push_back(store.bodies[kb].handle);
  if (mode == ContactMode::Manifolds) {
    writeManifold(sensor ? sensorManifold() : bestManifold, out.manifolds);
  } else if (mode == ContactMode::Contacts) {
    writeContact(sensor ? sensorContact() : bestContact, out.contacts);
  }
}

__attribute__((always_inline)) inline void NarrowPhase::writeContact(const Contact& c, std::vector<double>& to) {
  const std::size_t at = to.size();
  to.resize(at + World::kPairContactStride);  // (not insert(initializer_list): a memmove call in libc++)
  double* out = to.data() + at;
  out[0] = c.normal.x;
  out[1] = c.normal.y;
  out[2] = c.depth;
  out[3] = c.point.x;
  out[4] = c.point.y;
}

bool NarrowPhase::appendManifold(const Shape& a, const Shape& b, std::vector<double>& to) {
  const Manifold m = collideManifold(a, b);  // the Shape overload: one compiled body
  if (m.count == 0) return false;
  writeManifold(m, to);
  return true;
}

void NarrowPhase::writeManifold(const Manifold& m, std::vector<double>& to) {
  const std::size_t at = to.size();
  to.resize(at + World::kPairManifoldStride);
  double* o = to.data() + at;
  o[0] = m.normal.x;
  o[1] = m.normal.y;
  o[2] = m.count;
  for (int k = 0; k < 2; ++k) {
    const bool used = k < m.count;
    o[3 + 4 * k] = used ? m.points[k].point.x : 0.0;
    o[4 + 4 * k] = used ? m.points[k].point.y : 0.0;
    o[5 + 4 * k] = used ? m.points[k].depth : 0.0;
    o[6 + 4 * k] = used ? static_cast<double>(m.points[k].id) : 0.0;
  }
}

// The narrow phase over the candidates, in grid order. Bodies are scattered in memory relative to that order, so
// each body (and a polygon's vertices) is prefetched a few candidates ahead (measured natively: -6% frame time at
// 10k bodies; WebAssembly has no prefetch instruction and the builtin compiles to nothing).
void NarrowPhase::test(const std::vector<std::uint32_t>& candidates, const BodyStore& store, std::size_t begin) {
  if (begin == 0) {  // (else a quiet step: keepResults kept the last step's records of the first candidates)
    pairBodies.clear();
    pairContacts.clear();
    pairParts.clear();
    pairManifolds.clear();
  }
  Out out{pairBodies, pairContacts, pairParts, pairManifolds, nullptr};
  testRange(candidates.data() + begin, candidates.size() - begin, store, out);
#if COLLIDE2D_THREADS
  chunksUsed_ = 0;  // (no chunk holds this step's data: releaseSlack may give all of theirs back)
#endif
}

__attribute__((noinline)) void NarrowPhase::keepResults(const BodyStore& store, const std::vector<std::uint64_t>& movedBits) {
  const std::size_t pairs = pairBodies.size() / World::kPairBodyStride;
  const std::size_t cs = resultsMode == ContactMode::Contacts ? World::kPairContactStride : 0;
  const std::size_t ms = resultsMode == ContactMode::Manifolds ? World::kPairManifoldStride : 0;
  const auto moved = [&](BodyHandle h) {
    const std::uint32_t d = store.slots[indexOf(h)].dense;
    return ((movedBits[d >> 6] >> (d & 63)) & 1u) != 0;
  };
  std::size_t out = 0, partIn = 0, partOut = 0;
  for (std::size_t p = 0; p < pairs; ++p) {
    std::size_t partEnd = partIn;  // (a pair's part records follow each other, by pair index)
    while (partEnd < pairParts.size() && pairParts[partEnd] == p) partEnd += World::kPairPartStride;
    const BodyHandle ha = pairBodies[2 * p], hb = pairBodies[2 * p + 1];
    if (!moved(ha) && !moved(hb)) {
      pairBodies[2 * out] = ha;
      pairBodies[2 * out + 1] = hb;
      for (std::size_t c = 0; c < cs; ++c) pairContacts[cs * out + c] = pairContacts[cs * p + c];
      for (std::size_t c = 0; c < ms; ++c) pairManifolds[ms * out + c] = pairManifolds[ms * p + c];
      for (std::size_t r = partIn; r < partEnd; r += World::kPairPartStride) {
        pairParts[partOut] = static_cast<std::uint32_t>(out);
        pairParts[partOut + 1] = pairParts[r + 1];
        pairParts[partOut + 2] = pairParts[r + 2];
        partOut += World::kPairPartStride;
      }
      ++out;
    }
    partIn = partEnd;
  }
  pairBodies.resize(World::kPairBodyStride * out);
  pairContacts.resize(cs * out);
  pairManifolds.resize(ms * out);
  pairParts.resize(partOut);
}

void NarrowPhase::testRange(const std::uint32_t* cand, std::size_t n, const BodyStore& store, Out& out) {
  const Body* bodies = store.bodies.data();
  constexpr std::size_t kAhead = 2 * 8, kNear = 2 * 3;
  auto prefetchShape = [](const Body& b) {
    if (const Polygon* p = std::get_if<Polygon>(&b.shape); p != nullptr && p->size() > 0) {
      __builtin_prefetch(p->vertices().data());
      __builtin_prefetch(p->normals().data());
    }
  };
  for (std::size_t k = 0; k < n; k += 2) {  // (a first index may carry kCertifiedHit)
    if (k + kAhead < n) {
      __builtin_prefetch(&bodies[cand[k + kAhead] & kCandidateIndex]);
      __builtin_prefetch(&bodies[cand[k + kAhead + 1] & kCandidateIndex]);
    }
    if (k + kNear < n) {
      prefetchShape(bodies[cand[k + kNear] & kCandidateIndex]);
      prefetchShape(bodies[cand[k + kNear + 1] & kCandidateIndex]);
    }
    testPair(store, cand[k] & kCandidateIndex, cand[k + 1] & kCandidateIndex, (cand[k] & kCertifiedHit) != 0, out);
  }
}

// -- memory --------------------------------------------------------------------------------------------------------

bool NarrowPhase::oversized() const {
  bool chunks = false;
#if COLLIDE2D_THREADS
  // A chunk this step did not use holds nothing live (a light step after heavy threaded ones): its buffers are slack
  // whatever their stale contents.
  const auto slack = [](const auto& v, bool used) { return used ? world::oversized(v) : v.capacity() > 4096; };
  for (std::size_t k = 0; k < chunkCount_; ++k) {
    const Chunk& ch = chunks_[k];
    const bool used = k < chunksUsed_;
    chunks = chunks || slack(ch.bodies, used) || slack(ch.contacts, used) || slack(ch.manifolds, used) ||
             slack(ch.parts, used) || slack(ch.certs, used) || slack(ch.expired, used);
  }
#endif
  return world::oversized(pairBodies) || world::oversized(pairContacts) || world::oversized(pairManifolds) ||
         world::oversized(pairParts) || chunks;
}

void NarrowPhase::releaseSlack() {
  shrink(pairBodies);
  shrink(pairContacts);
  shrink(pairManifolds);
  shrink(pairParts);
#if COLLIDE2D_THREADS
  for (std::size_t k = 0; k < chunkCount_; ++k) {
    Chunk& ch = chunks_[k];
    if (k >= chunksUsed_) {
      ch.begin = ch.end = 0;
      ch.bodies.clear();
      ch.contacts.clear();
      ch.manifolds.clear();
      ch.parts.clear();
      ch.certs.clear();
      ch.expired.clear();
    }
    shrink(ch.bodies);
    shrink(ch.contacts);
    shrink(ch.manifolds);
    shrink(ch.parts);
    shrink(ch.certs);
    shrink(ch.expired);
  }
#endif
}

std::size_t NarrowPhase::heapBytes() const {
  std::size_t chunks = 0;
#if COLLIDE2D_THREADS
  chunks = chunkCount_ * sizeof(Chunk);
  for (std::size_t k = 0; k < chunkCount_; ++k) {
    const Chunk& ch = chunks_[k];
    chunks += capacityBytes(ch.bodies) + capacityBytes(ch.contacts) + capacityBytes(ch.manifolds) +
              capacityBytes(ch.parts) + capacityBytes(ch.certs) + capacityBytes(ch.expired);
  }
#endif
  return capacityBytes(pairBodies) + capacityBytes(pairContacts) + capacityBytes(pairManifolds) +
         capacityBytes(pairParts) + capacityBytes(cache_) + capacityBytes(drift_) + capacityBytes(drifted_) + capacityBytes(liveBlocks_) + chunks;
}

}  // namespace collide2d::world
