// The library's own sin / cos / hypot (cpp/src/trig/trig.h: musl's, vendored): the same bits in every build.
//   * In the wasm build (musl is Emscripten's libc) they equal std::sin / std::cos / std::hypot bit for bit.
//   * In every build, a hash of their bits over a fixed set of angles (small, near multiples of pi/2, huge: up to
//     1e300, tiny, subnormal) equals one recorded value: this test runs natively and in wasm (ctest --test-dir
//     build/wasm), so both builds agree with each other.
//   * Natively they stay within one ulp of glibc's, and differ from them on some angles (so the vendoring matters).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "trig/trig.h"

namespace {

using collide2d::detail::hypot;
using collide2d::detail::sincos;

std::uint64_t bitsOf(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

/// The angles: a seeded spread over many magnitudes (xorshift on the bits, no libm), plus the edge cases.
std::vector<double> angles() {
  std::vector<double> out = {0.0, -0.0, 5e-324, -5e-324, 1e-300, 1e-9, 1.4901161193847656e-08, 7.450580596923828e-09,
                             0.7853981633974483, 1.5707963267948966, 3.141592653589793, 4.71238898038469,
                             6.283185307179586, 1e6, -1e6, 1e6 + 0.5, 1e9, 1e15, 1e22, 1e100, 1e300, -1e300,
                             1.7976931348623157e308};
  std::uint64_t s = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 200000; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    const double unit = static_cast<double>(s >> 11) * 0x1p-53;  // [0, 1)
    const int band = i % 8;
    const double scale = band == 0 ? 1e-6 : band < 4 ? 4.0 : band < 6 ? 100.0 : band == 6 ? 1e6 : 1e15;
    out.push_back((unit * 2.0 - 1.0) * scale);
  }
  return out;
}

struct Fnv {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(std::uint64_t v) {
    for (int k = 0; k < 8; ++k) {
      h ^= (v >> (8 * k)) & 0xFF;
      h *= 0x100000001b3ull;
    }
  }
};

TEST(Trig, SameBitsInEveryBuild) {
  Fnv h;
  for (const double a : angles()) {
    double s, c;
    sincos(a, &s, &c);
    h.add(bitsOf(s));
    h.add(bitsOf(c));
    h.add(bitsOf(hypot(a, 0.75 * a + 1.0)));
  }
  // Recorded natively (g++ 12, x86-64) and checked in the wasm build.
  EXPECT_EQ(h.h, 0x22c79b0c9df101c1ull) << std::hex << "got 0x" << h.h;
}

TEST(Trig, EdgeCases) {
  double s, c;
  sincos(std::numeric_limits<double>::infinity(), &s, &c);
  EXPECT_TRUE(std::isnan(s) && std::isnan(c));
  sincos(std::numeric_limits<double>::quiet_NaN(), &s, &c);
  EXPECT_TRUE(std::isnan(s) && std::isnan(c));
  sincos(-0.0, &s, &c);
  EXPECT_EQ(bitsOf(s), bitsOf(-0.0));
  EXPECT_EQ(c, 1.0);
  sincos(5e-324, &s, &c);
  EXPECT_EQ(s, 5e-324);
  EXPECT_EQ(c, 1.0);
  EXPECT_EQ(hypot(3.0, 4.0), 5.0);
  EXPECT_EQ(hypot(-0.0, 0.0), 0.0);
  EXPECT_EQ(hypot(std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(hypot(1e300, 1e300), 1.4142135623730952e300);
}

#if defined(__EMSCRIPTEN__)
TEST(Trig, EqualsTheWasmLibc) {
  int differ = 0;
  for (const double a : angles()) {
    double s, c;
    sincos(a, &s, &c);
    const double b = 0.75 * a + 1.0;
    if (bitsOf(s) != bitsOf(std::sin(a)) || bitsOf(c) != bitsOf(std::cos(a)) ||
        bitsOf(hypot(a, b)) != bitsOf(std::hypot(a, b))) {
      ++differ;
    }
  }
  EXPECT_EQ(differ, 0);
}
#else
TEST(Trig, WithinAnUlpOfTheNativeLibcAndNotAlwaysEqual) {
  int differ = 0;
  for (const double a : angles()) {
    double s, c;
    sincos(a, &s, &c);
    const double b = 0.75 * a + 1.0;
    const double hs = std::sin(a), hc = std::cos(a), hh = std::hypot(a, b);
    EXPECT_LE(std::fabs(s - hs), std::fabs(std::nextafter(hs, 2.0) - hs)) << a;
    EXPECT_LE(std::fabs(c - hc), std::fabs(std::nextafter(hc, 2.0) - hc)) << a;
    if (std::isfinite(hh)) EXPECT_LE(std::fabs(hypot(a, b) - hh), std::fabs(std::nextafter(hh, INFINITY) - hh)) << a;
    else EXPECT_EQ(hypot(a, b), hh);
    if (s != hs || c != hc) ++differ;
  }
  // glibc and musl round a few percent of angles differently (measured here: about 6%).
  EXPECT_GT(differ, 1000);
}
#endif

}  // namespace
