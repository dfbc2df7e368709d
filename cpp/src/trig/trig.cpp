// collide2d — detail::sincos and detail::hypot (trig.h): musl's sincos with the kernels and argument reductions it
// calls, and musl's hypot: the vendored
// files of cpp/src/trig/musl/ included as they are (each with its FreeBSD / Sun notice; musl's MIT licence in
// musl/COPYRIGHT) inside namespace collide2d::detail::musl, so that they neither clash with nor stand in for the C
// library's sin, cos and sincos. musl/libm.h stands in for musl's internal header (the word-access macros).
// Compiled as C++ with the library's flags (-ffp-contract=off, never -ffast-math: cpp/CMakeLists.txt).
#include "trig.h"

#if defined(__FAST_MATH__)
#error "collide2d's trig (and its promise of the same bits in every build) needs IEEE semantics: no -ffast-math"
#endif

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <float.h>   // (what the vendored C files include or expect, before they are included in a namespace)
#include <math.h>    // ::scalbn, ::floor (exact operations), ::sqrt, ::double_t as the vendored C code names them
#include <stdint.h>  // ::uint32_t, ::int32_t, ::uint64_t likewise

namespace collide2d::detail::musl {

/// The bits of a double (what musl's EXTRACT_WORDS / GET_HIGH_WORD read through a union).
inline std::uint64_t bitsOf(double d) noexcept {
  std::uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // fq[0] in __rem_pio2_large: always set when read (jz >= 0)
#endif
#endif
// sincos.c defines _GNU_SOURCE (for glibc's prototype); the headers are already included, so it changes nothing.
#undef _GNU_SOURCE
#include "musl/__rem_pio2_large.c"
#include "musl/__rem_pio2.c"
#include "musl/__sin.c"
#include "musl/__cos.c"
#include "musl/sincos.c"
#include "musl/hypot.c"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

}  // namespace collide2d::detail::musl

namespace collide2d::detail {

void sincos(double x, double* s, double* c) noexcept { musl::sincos(x, s, c); }

double hypot(double x, double y) noexcept { return musl::hypot(x, y); }

}  // namespace collide2d::detail
