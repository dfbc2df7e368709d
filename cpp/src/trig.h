// Internal: cos and sin of a box's angle, memoised per thread.
//
// Every pair test with a Box needs cos and sin of its angle, and libm's sincos is the costliest step of the cheap pairs
// (about 130 instructions and 15-20 ns natively; in the World benchmark 5 % of a frame). A World tests each box
// against several neighbours in a row, with the same angle every time, so the last few angles are remembered: a small
// direct-mapped table per thread, keyed by the angle's bits. A hit returns the very doubles std::cos / std::sin
// returned for those bits (they are pure functions: glibc and musl give the same bits under any rounding mode), so
// every result is unchanged; a miss costs one table store more than before.
#pragma once

namespace collide2d::detail {

struct CosSin {
  double c = 1.0;  ///< std::cos(angle)
  double s = 0.0;  ///< std::sin(angle)
};

/// {std::cos(angle), std::sin(angle)}, bit for bit.
CosSin cosSin(double angle);

}  // namespace collide2d::detail
