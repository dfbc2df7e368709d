// world_fuzz's model of chain bodies (World::addChain, world.h "Chains"): what addChain must answer for a point list,
// and what the ghost-vertex rule guarantees of a chain pair's contact or manifold.
//
// A chain is modelled as a compound body of its segments (local Segment{p[k], p[k + 1]}, a loop's last one back to
// p[0]), placed by the chain's transform as any part: pairs, part pairs, events, queries, rays and casts are checked
// against brute force exactly as for compounds (which pairs touch: collide().hit on some segment, unchanged by the
// ghost rule). The ghost rule may replace a contact's normal by the segment's face normal (with the depth below the
// segment's line); the brute force does not reimplement it, so a chain pair's reported record is checked only for
// what the rule guarantees (checkChainContact, checkChainManifold below), and its reported part pair may be any of
// the touching ones (the deepest after the rule), the others following in part order.
#pragma once

#include <collide2d/world.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

#include "world_fuzz_util.h"

namespace {

/// addChain's documented answer for these points (world.h): TooFewPoints when fewer than 2 (3 for a loop); the first
/// point that is not finite (NotFinite) or equals the one before it (ZeroDirection), a loop's last equal to its first
/// (ZeroDirection); a bad transform (validate's error) or an angle beyond +-1e300 (InvalidArgument). `failed` is the
/// point named (SIZE_MAX: none). Ok otherwise: the caller accepts InvalidArgument "transform" naming a point (a point
/// beyond the coordinate range once placed), which this does not model.
inline Status expectedChainStatus(std::span<const Vec2> p, bool loop, const Transform& xf, std::size_t& failed) {
  failed = SIZE_MAX;
  const std::size_t n = p.size();
  if (n < (loop ? 3u : 2u)) return Status{Error::TooFewPoints, "points"};
  for (std::size_t k = 0; k < n; ++k) {
    failed = k;
    if (!std::isfinite(p[k].x) || !std::isfinite(p[k].y)) return Status{Error::NotFinite, "points"};
    if (k > 0 && p[k] == p[k - 1]) return Status{Error::ZeroDirection, "points"};
  }
  failed = n - 1;
  if (loop && p[n - 1] == p[0]) return Status{Error::ZeroDirection, "points"};
  failed = SIZE_MAX;
  if (Status s = validate(xf); !s) return s;
  if (!(std::fabs(xf.angle) <= 1e300)) return Status{Error::InvalidArgument, "transform"};
  return {};
}

/// The chain's local segments.
inline std::vector<Shape> chainSegments(std::span<const Vec2> p, bool loop) {
  std::vector<Shape> out;
  const std::size_t n = p.size();
  for (std::size_t k = 0; k + 1 < n + (loop ? 1 : 0); ++k) out.push_back(Segment{p[k], p[k + 1 == n ? 0 : k + 1]});
  return out;
}

inline bool unitNormal(Vec2 n) { return std::fabs(dot(n, n) - 1.0) <= 1e-9; }

/// The normal lies along the segment's face normal (either side): perpendicular to it.
inline bool alongFace(Vec2 n, const Segment& s) {
  const Vec2 e = s.b - s.a;
  return std::fabs(dot(n, e)) <= 1e-9 * length(e);
}

/// A chain pair's Contacts-mode record `got` (normal x, y, depth, point x, y) for its reported part pair, whose
/// collide() is `c` and whose chain segment (world) is `seg`: collide()'s contact bit for bit (the rule kept it), or
/// its normal replaced by a unit normal perpendicular to the segment, the depth >= 0 and the point collide()'s.
inline bool checkChainContact(const double* got, const Contact& c, const Segment& seg) {
  const Vec2 n{got[0], got[1]};
  const bool same = sameDouble(got[0], c.normal.x) && sameDouble(got[1], c.normal.y) && sameDouble(got[2], c.depth);
  const bool samePoint = sameDouble(got[3], c.point.x) && sameDouble(got[4], c.point.y);
  const bool ok = c.hit && unitNormal(n) && samePoint && (same || (alongFace(n, seg) && got[2] >= 0.0));
  if (!ok) {
    std::fprintf(stderr, "  chain contact: n %.17g %.17g depth %.17g at %.17g %.17g\n", got[0], got[1], got[2], got[3],
                 got[4]);
    std::fprintf(stderr, "  collide():     n %.17g %.17g depth %.17g at %.17g %.17g\n", c.normal.x, c.normal.y,
                 c.depth, c.point.x, c.point.y);
    print("segment", seg);
  }
  return ok;
}

/// A chain pair's Manifolds-mode record (World::kPairManifoldStride numbers) against collideManifold() `m` of its
/// reported part pair: equal bit for bit, or replaced: one point (one of m's points, its depth >= 0, its id kept), a
/// unit normal perpendicular to the chain segment.
inline bool checkChainManifold(const double* got, const Manifold& m, const Segment& seg) {
  if (m.count == 0 || !unitNormal({got[0], got[1]})) return false;
  bool same = got[2] == static_cast<double>(m.count) && sameDouble(got[0], m.normal.x) && sameDouble(got[1], m.normal.y);
  for (int k = 0; same && k < m.count; ++k) {
    same = sameDouble(got[3 + 4 * k], m.points[k].point.x) && sameDouble(got[4 + 4 * k], m.points[k].point.y) &&
           sameDouble(got[5 + 4 * k], m.points[k].depth) && got[6 + 4 * k] == static_cast<double>(m.points[k].id);
  }
  if (same) return true;
  if (got[2] != 1.0 || !alongFace({got[0], got[1]}, seg) || !(got[5] >= 0.0)) return false;
  for (int k = 0; k < m.count; ++k) {
    if (sameDouble(got[3], m.points[k].point.x) && sameDouble(got[4], m.points[k].point.y) &&
        got[6] == static_cast<double>(m.points[k].id)) {
      return true;
    }
  }
  return false;
}

}  // namespace
