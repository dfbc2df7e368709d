// World internals: growth that can fail. Every array of the World grows through grow() / growExactly(), which first
// asks std::malloc for the block (so that a WebAssembly build with -fno-exceptions and -sABORTING_MALLOC=0 sees a
// failure as a null pointer instead of an abort in operator new) and, where exceptions exist, also catches
// std::bad_alloc. Each public World function allocates everything it needs before it changes anything, so a failure
// returns Error::OutOfMemory with the world as it was.
#pragma once

#include <collide2d/collide2d.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

namespace collide2d::world {

inline Status outOfMemory() { return Status{Error::OutOfMemory, "memory"}; }

/// Advises Linux to back a large block (4 MB and more) with transparent huge pages before it is first touched.
/// Measured on this machine kind (a VM): touching fresh memory costs ~12 us per 4 KB page, so the first step after a
/// burst of pairs spent ~85% of its time in page faults (599 ms against 83 ms for the same step once the buffers
/// exist); with huge pages the faults are ~25x cheaper. Advice only: nothing changes if it is refused. (WebAssembly:
/// no such control; its memory is never given back, so only the very first heavy step pays.)
void adviseHugePages(void* data, std::size_t bytes);

#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
// WebAssembly without exceptions: the probed block itself is handed to the vector (the module's operator new,
// memory.cpp). Freeing the probe and asking operator new for the same size again was not enough: emmalloc did not
// always find the freed block again, grew the memory, failed and aborted (World.reserve with the memory nearly full).
extern void* gProbe;
extern std::size_t gProbeBytes;
#endif

// Room for exactly cap elements, or false with `v` unchanged (see the top of this file).
// Out of line (one copy per element type): inlined at each of the World's growth points it cost kilobytes of wasm.
template <class V> __attribute__((noinline)) bool reallocate(V& v, std::size_t cap) {
  using T = typename V::value_type;
  if (cap > v.max_size() || cap > std::numeric_limits<std::size_t>::max() / sizeof(T)) return false;
  void* probe = std::malloc(cap * sizeof(T));
  if (probe == nullptr) return false;
#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
  gProbe = probe;
  gProbeBytes = cap * sizeof(T);
  v.reserve(cap);  // operator new(cap * sizeof(T)) takes gProbe
  if (gProbe != nullptr) {  // (not taken: reserve did not allocate)
    std::free(gProbe);
    gProbe = nullptr;
  }
  return true;
#endif
  std::free(probe);
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(__cpp_exceptions)
  // A large buffer with contents (the candidates growing through a heavy frame): the new block gets its advice
  // before the old contents are copied in, so that the copy itself faults huge pages (reserve() would copy first).
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (!v.empty() && cap * sizeof(T) >= (std::size_t{4} << 20)) {
      try {
        V t;
        t.reserve(cap);
        adviseHugePages(t.data(), t.capacity() * sizeof(T));
        t.resize(v.size());
        std::memcpy(t.data(), v.data(), v.size() * sizeof(T));
        v.swap(t);
      } catch (...) {
        return false;
      }
      return true;
    }
  }
#endif
#if defined(__cpp_exceptions)
  try {
    v.reserve(cap);
  } catch (...) {
    return false;
  }
#else
  v.reserve(cap);
#endif
  adviseHugePages(v.data(), v.capacity() * sizeof(T));
  return true;
}

// Room for n elements plus a slack of n >> shift (plus 64): an eighth by default; a sixteenth for the arrays that grow
// one body at a time and a thirty-second for the step's result buffers (which are reserved at their upper bound).
template <class V> __attribute__((noinline)) bool growSlow(V& v, std::size_t n, unsigned shift) {
  const std::size_t slack = (n >> shift) + 64;
  return reallocate(v, n > std::numeric_limits<std::size_t>::max() - slack ? n : n + slack);
}
template <class V> inline bool grow(V& v, std::size_t n, unsigned shift = 3) {
  return n <= v.capacity() || growSlow(v, n, shift);
}
/// Exactly n (World::reserve: the caller said how many).
template <class V> inline bool growExactly(V& v, std::size_t n) { return n <= v.capacity() || reallocate(v, n); }
/// v = n zeros (capacity must be there: grow first).
template <class V> void fillZero(V& v, std::size_t n) {
  v.resize(n);
  std::fill(v.begin(), v.end(), typename V::value_type{});
}
/// Gives back most of the slack of a buffer far larger than its contents; keeps it when memory can't be had.
/// (resize + memcpy rather than assign: no range-assign instantiation per element type in the wasm module.)
template <class V> void shrink(V& v) {
  static_assert(std::is_trivially_copyable_v<typename V::value_type>);
  const std::size_t n = v.size();
  if (v.capacity() <= 2 * n + 1024) return;
  V t;
  if (!reallocate(t, n + n / 8 + 64)) return;
  t.resize(n);
  if (n > 0) std::memcpy(t.data(), v.data(), n * sizeof(typename V::value_type));
  v.swap(t);
}
/// Far larger than its contents (releaseSlack's test).
template <class V> bool oversized(const V& v) { return v.capacity() > 4 * v.size() + 4096; }
/// The heap bytes of a vector's capacity.
template <class V> std::size_t capacityBytes(const V& v) { return v.capacity() * sizeof(typename V::value_type); }

/// Asks std::malloc for what copying a polygon of n vertices (vertices and normals, possibly twice) may take, and
/// gives it back: false when memory cannot be had (see grow()).
bool polygonRoom(std::size_t n);

}  // namespace collide2d::world
