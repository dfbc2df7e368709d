// Decodes a libFuzzer byte string into the numbers of collide2d's inputs. Shared by every tests/fuzz target.
// Each number is drawn from a family chosen by one byte, so that the fuzzer reaches the inputs that break
// geometry code: small integers and dyadic fractions (exact touches and collinear points), magnitudes from
// subnormal to near DBL_MAX, raw bit patterns (NaN, infinities, negative zero), and offsets of a few ulps.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace collide2d::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  bool empty() const { return i_ >= n_; }
  std::size_t remaining() const { return n_ - i_; }

  std::uint8_t byte() { return i_ < n_ ? p_[i_++] : 0; }

  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v = (v << 8) | byte();
    return v;
  }

  std::uint64_t u64() { return (std::uint64_t{u32()} << 32) | u32(); }

  /// An integer in [lo, hi].
  int range(int lo, int hi) {
    const std::uint32_t span = static_cast<std::uint32_t>(hi - lo) + 1u;
    return lo + static_cast<int>(u32() % span);
  }

  /// Any double, finite or not: the families above.
  double number() {
    switch (byte() % 8) {
      case 0: return static_cast<double>(static_cast<std::int8_t>(byte()));             // small integers
      case 1: return static_cast<std::int16_t>(u32()) / 64.0;                            // dyadic fractions
      case 2: return std::ldexp(static_cast<std::int32_t>(u32()) / 2147483648.0, range(-1074, 1023));
      case 3: return std::bit_cast<double>(u64());                                       // raw bits: NaN, Inf, -0
      case 4: {                                                                           // a few ulps off a value
        double v = static_cast<std::int16_t>(u32()) / 16.0;
        for (int k = range(-4, 4); k != 0; k += (k > 0 ? -1 : 1)) v = std::nextafter(v, k > 0 ? INFINITY : -INFINITY);
        return v;
      }
      case 5: return std::ldexp(static_cast<std::int32_t>(u32()) / 2147483648.0, range(-200, 200));
      case 6: return static_cast<std::int32_t>(u32()) * 1e-3;
      default: return static_cast<double>(static_cast<std::int32_t>(u32()));
    }
  }

  /// A finite double (the families above, with non-finite values mapped to small integers).
  double finite() {
    const double v = number();
    return std::isfinite(v) ? v : static_cast<double>(byte() % 16);
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t i_ = 0;
};

}  // namespace collide2d::fuzz
