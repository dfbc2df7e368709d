// splitmix64: the tests' small deterministic generator, identical on every platform (and in wasm).
#pragma once

#include <cstdint>

namespace test_rng {

/// The next value of the splitmix64 sequence whose state is `s` (advanced).
inline std::uint64_t splitmix64(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace test_rng
