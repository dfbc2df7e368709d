// collide2d — the library's own sine, cosine and hypot: musl's sincos (FreeBSD msun / Sun fdlibm kernels) and hypot,
// vendored in cpp/src/trig/musl/ with their notices, compiled into the native and the WebAssembly builds alike.
//
// Why: the C libraries disagree. glibc's sin / cos (x86-64) and musl's (Emscripten's libc) round about 6% of angles
// differently (by one ulp; both are faithful), so a box or a body turned by such an angle got different world
// vertices natively and in wasm, and from there different contacts and even different pairs. Every place where the
// core or the World turns an angle into a rotation calls detail::sincos instead of std::sin / std::cos, so the same
// input gives the same bits natively (x86-64, with SSE2 doubles: FLT_EVAL_METHOD 0), in Node and in browsers.
// The library is compiled with -ffp-contract=off (no fused multiply-add contraction) on every build, which these
// functions need as much as the rest: musl's argument reduction relies on exactly rounded products and sums.
//
// Accuracy: musl's: under 1 ulp, |x| of any size (Payne-Hanek reduction beyond 2^20 pi / 2); NaN or +-inf give NaN.
// In the wasm build detail::sincos(x) equals (std::sin(x), std::cos(x)) and detail::hypot std::hypot, bit for bit
// (tests/native/trig_test.cpp checks it there: musl is that libc).
#pragma once

namespace collide2d::detail {

/// *s = sin(x), *c = cos(x), as musl's sincos computes them (the same kernels and reduction as its sin and cos).
void sincos(double x, double* s, double* c) noexcept;

/// sqrt(x^2 + y^2) without undue overflow or underflow, as musl's hypot computes it (glibc's hypot rounds some
/// inputs differently; cpp/src/trig/musl/hypot.c). The core's edge lengths and distances use it for the same reason.
double hypot(double x, double y) noexcept;

/// The rotation by `angle`: {cos, sin}.
struct CosSin {
  double c;
  double s;
};
inline CosSin cosSin(double angle) noexcept {
  if (angle == 0.0) return CosSin{1.0, angle};  // exact (sin(-0) = -0), and no call for the common unrotated shape
  CosSin r;
  sincos(angle, &r.s, &r.c);
  return r;
}

}  // namespace collide2d::detail
