/* collide2d: stands in for musl's src/internal/libm.h when cpp/src/trig/trig.cpp includes the vendored files of this
 * folder (musl 1.2.x math, as shipped with Emscripten 3.1.6; see COPYRIGHT). It only defines the macros those files
 * use; trig.cpp includes the standard headers before, and the vendored files inside namespace
 * collide2d::detail::musl, so nothing here may include a header. */
#ifndef COLLIDE2D_TRIG_MUSL_LIBM_H
#define COLLIDE2D_TRIG_MUSL_LIBM_H

/* Raising the floating-point exceptions is all FORCE_EVAL does in musl: no effect on the results, not needed here. */
#define FORCE_EVAL(x) ((void)(x))
#define predict_false(x) (x)

#define EXTRACT_WORDS(hi, lo, d)                        \
  do {                                                  \
    const std::uint64_t collide2d_bits_ = bitsOf(d);    \
    (hi) = static_cast<std::uint32_t>(collide2d_bits_ >> 32); \
    (lo) = static_cast<std::uint32_t>(collide2d_bits_); \
  } while (0)

#define GET_HIGH_WORD(hi, d)                                  \
  do {                                                        \
    (hi) = static_cast<std::uint32_t>(bitsOf(d) >> 32);       \
  } while (0)

#endif
