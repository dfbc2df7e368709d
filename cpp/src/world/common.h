// World internals shared by every part: handle bits, bounds arithmetic, float rounding, the coordinate range.
#pragma once

#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <variant>

namespace collide2d::world {

// A BodyHandle is a slot index (low 20 bits) | generation (high 12 bits); see world.h.
constexpr std::uint32_t kIndexBits = 20;
constexpr std::uint32_t kIndexMask = (1u << kIndexBits) - 1;
constexpr std::uint32_t kMaxGeneration = (1u << (32 - kIndexBits)) - 2;  // 4094: handles never equal kNullBody

constexpr std::uint32_t indexOf(BodyHandle h) { return h & kIndexMask; }
constexpr BodyHandle makeHandle(std::uint32_t index, std::uint32_t generation) {
  return index | (generation << kIndexBits);
}

constexpr Status invalidHandle() { return Status{Error::InvalidArgument, "handle"}; }

/// World coordinates beyond this are refused (a transform that would put a world shape there): the narrow phase
/// squares differences of coordinates, and the grid needs finite bounds.
constexpr double kMaxCoordinate = 1e300;

/// Angles beyond this are refused, in the same way: a transform's angle, a box's own angle and a compound part's
/// offset angle each within [-1e300, 1e300] keep every composed world angle (a box part's angle + its offset's + the
/// body's) finite, whatever its sine and cosine are worth there.
constexpr double kMaxAngle = 1e300;
inline bool angleInRange(double angle) { return std::fabs(angle) <= kMaxAngle; }

/// The same transform bit for bit (a body given it again does not move). Three 64-bit compares: memcmp is a libc call
/// in WebAssembly (a byte loop: +2.7 % instructions per 10k frame when every body's move called it).
inline bool sameBits(const Transform& a, const Transform& b) {
  std::uint64_t x[3], y[3];
  std::memcpy(x, &a.position.x, 8);
  std::memcpy(x + 1, &a.position.y, 8);
  std::memcpy(x + 2, &a.angle, 8);
  std::memcpy(y, &b.position.x, 8);
  std::memcpy(y + 1, &b.position.y, 8);
  std::memcpy(y + 2, &b.angle, 8);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2])) == 0;
}
/// The angles a shape brings to its world angle (a box's own; every other shape has none) are in range.
inline bool shapeAngleInRange(const Shape& s) {
  const Box* b = std::get_if<Box>(&s);
  return b == nullptr || angleInRange(b->angle);
}

inline bool boundsOverlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

/// Widens a box by 2^-50 of its largest |coordinate| (4 ulps) so that ordinary rounding in the narrow phase does not
/// find a touch outside it. (Before, 1e-12 of the magnitude: 1,000 units at 1e15, and every body of a far scene
/// overlapped every other.)
inline Aabb inflate(Aabb b) {
  const double scale = std::max(std::max(std::fabs(b.min.x), std::fabs(b.min.y)),
                                std::max(std::fabs(b.max.x), std::fabs(b.max.y)));
  const double m = scale * 0x1p-50 + 0x1p-1022;
  return {{b.min.x - m, b.min.y - m}, {b.max.x + m, b.max.y + m}};
}

/// The largest float <= v (floatDown) and the smallest float >= v (floatUp): both monotonic (body_store.cpp).
float floatDown(double v);
inline float floatUp(double v) { return -floatDown(-v); }

}  // namespace collide2d::world
