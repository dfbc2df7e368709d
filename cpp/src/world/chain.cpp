// World internals: the chain bodies' ghost-vertex rule (chain.h; the contract: world.h, "Chains").
#include "world/chain.h"

#include "trig/trig.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

namespace collide2d::world {

// (declared in chain.h)
double lowestAlong(const Shape& shape, Vec2 e) {
  return std::visit(
      [&](const auto& q) -> double {
        using T = std::decay_t<decltype(q)>;
        if constexpr (std::is_same_v<T, Circle>) {
          return dot(q.center, e) - q.radius;
        } else if constexpr (std::is_same_v<T, Aabb>) {
          return (e.x >= 0.0 ? q.min.x : q.max.x) * e.x + (e.y >= 0.0 ? q.min.y : q.max.y) * e.y;
        } else if constexpr (std::is_same_v<T, Box>) {
          Vec2 c[4];
          q.corners(c);
          return std::min({dot(c[0], e), dot(c[1], e), dot(c[2], e), dot(c[3], e)});
        } else if constexpr (std::is_same_v<T, Polygon>) {
          double m = std::numeric_limits<double>::infinity();
          for (const Vec2 v : q.vertices()) m = std::min(m, dot(v, e));
          return m;
        } else if constexpr (std::is_same_v<T, Segment>) {
          return std::min(dot(q.a, e), dot(q.b, e));
        } else {
          return std::min(dot(q.a, e), dot(q.b, e)) - q.radius;
        }
      },
      shape);
}

namespace {

// The segment after (k = 0) or before (k = 1) `part` along the chain, if any (a loop wraps around).
bool neighbour(const ChainTree& t, std::uint32_t part, int k, std::uint32_t& j) {
  if (k == 0) {
    j = part + 1 < t.count ? part + 1 : 0;
    return part + 1 < t.count || t.loop;
  }
  j = part > 0 ? part - 1 : t.count - 1;
  return part > 0 || t.loop;
}

Vec2 centreOf(const Shape& shape) {
  const Aabb b = bounds(shape);
  return (b.min + b.max) * 0.5;
}

// The left unit normal of a -> b; (0, 0) for a segment of length 0 (two points that placing the chain rounded
// together). A length whose square leaves the doubles' normal range (a segment longer than about 2^500, or shorter
// than 2^-500) is hypot's: sqrt(dot) would give infinity or 0 there, the normal then (0, 0) (world_fuzz's finding).
Vec2 leftNormal(Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  double len = length(e);
  if (!(len >= 0x1p-500 && len <= 0x1p500)) len = detail::hypot(e.x, e.y);
  return len > 0.0 ? Vec2{-e.y / len, e.x / len} : Vec2{0.0, 0.0};
}


const Segment& segmentOf(const Part* parts, std::uint32_t i) { return std::get<Segment>(parts[i].shape); }

}  // namespace

bool chainGhost(const Part* parts, const ChainTree& t, std::uint32_t part, const Shape& other, Vec2& n, double& depth) {
  const Segment& s = segmentOf(parts, part);
  const Vec2 left = leftNormal(s.a, s.b);
  if (left == Vec2{0.0, 0.0}) return false;  // (a segment placed to length 0: a point, no face; collide()'s normal)
  // The side `other` is on: the normal's, or (a normal along the segment) its centre's.
  double side = dot(n, left);
  if (side == 0.0) side = dot(centreOf(other) - s.a, left);
  const Vec2 face = side >= 0.0 ? left : -left;
  if (dot(n, face) >= 1.0 - 1e-9) return false;  // the face's own normal
  // The end the normal points past, and the neighbour there (none at an open chain's ends).
  const Vec2 e = s.b - s.a;
  const bool atB = dot(n, e) > 0.0;
  std::uint32_t neighbour;
  if (atB) {
    if (part + 1 < t.count) neighbour = part + 1;
    else if (t.loop) neighbour = 0;
    else return false;  // an open end: a real corner
  } else {
    if (part > 0) neighbour = part - 1;
    else if (t.loop) neighbour = t.count - 1;
    else return false;
  }
  const Segment& o = segmentOf(parts, neighbour);
  const Vec2 onward = atB ? o.b - o.a : o.a - o.b;  // from the vertex along the neighbour
  const Vec2 nl = leftNormal(o.a, o.b);
  const Vec2 other2 = side >= 0.0 ? nl : -nl;  // the neighbour's face normal on the same side
  // Convex on this side: the neighbour falls away from it; then the vertex region is between the two normals.
  if (dot(onward, face) < 0.0) {
    const double turn = cross(face, other2);
    if (cross(face, n) * turn >= 0.0 && cross(n, other2) * turn >= 0.0) return false;  // a real corner
  }
  n = {face.x + 0.0, face.y + 0.0};  // (+ 0.0: no negative zero, (-0, 1) for a floor drawn left to right)
  depth = std::max(0.0, dot(s.a, face) - lowestAlong(other, face));
  return true;
}

bool chainContinues(const Part* parts, const ChainTree& t, std::uint32_t part, Vec2 q, Vec2 e, double tol) {
  for (int k = 0; k < 2; ++k) {
    std::uint32_t j;
    if (!neighbour(t, part, k, j)) continue;
    const Segment& s = segmentOf(parts, j);
    const Vec2 left = leftNormal(s.a, s.b);
    for (const Vec2 nj : {left, -left}) {
      if (!(dot(nj, e) >= 1.0 - 1e-9) || !(std::fabs(dot(q - s.a, nj)) <= tol)) continue;
      const Vec2 along = s.b - s.a;
      const double u = dot(q - s.a, along), len2 = dot(along, along);
      const double slack = tol * std::sqrt(len2);
      if (u >= -slack && u <= len2 + slack) return true;
    }
  }
  return false;
}

bool chainSeparates(const Part* parts, const ChainTree& t, std::uint32_t part, const Shape& q, Vec2 d, Vec2& e) {
  const Segment& s = segmentOf(parts, part);
  const Aabb qb = bounds(q);
  const double scale = std::max({std::fabs(qb.min.x), std::fabs(qb.min.y), std::fabs(qb.max.x), std::fabs(qb.max.y),
                                 std::fabs(s.a.x), std::fabs(s.a.y), std::fabs(s.b.x), std::fabs(s.b.y),
                                 std::fabs(d.x), std::fabs(d.y)});
  const double tol = 64.0 * std::numeric_limits<double>::epsilon() * scale;
  bool found = false;
  for (int k = 0; k < 2; ++k) {
    std::uint32_t j;
    if (!neighbour(t, part, k, j)) continue;
    const Segment& o = segmentOf(parts, j);
    const Vec2 left = leftNormal(o.a, o.b);
    if (left == Vec2{0.0, 0.0}) continue;  // (a neighbour placed to length 0 has no face line)
    for (const Vec2 m : {left, -left}) {
      const double line = dot(o.a, m);
      if (lowestAlong(q, m) >= line - tol && dot(s.a, m) <= line + tol && dot(s.b, m) <= line + tol) {
        if (!found || (dot(d, e) < 0.0 && dot(d, m) >= 0.0)) e = {m.x + 0.0, m.y + 0.0};  // (one the motion keeps, when there is one)
        found = true;
      }
    }
  }
  return found;
}

}  // namespace collide2d::world
