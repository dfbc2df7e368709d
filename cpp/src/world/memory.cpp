// World internals: growth that can fail (memory.h), and the WebAssembly module's operator new that hands a probed
// block to the vector that asked for it.
#include "world/memory.h"

#include <cstdint>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace collide2d::world {

void adviseHugePages([[maybe_unused]] void* data, [[maybe_unused]] std::size_t bytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t kHuge = std::size_t{1} << 21;
  if (bytes < 2 * kHuge) return;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

bool polygonRoom(std::size_t n) {
  void* probe = std::malloc(4 * n * sizeof(Vec2) + 64);
  if (probe == nullptr) return false;
  std::free(probe);
  return true;
}

#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
void* gProbe = nullptr;
std::size_t gProbeBytes = 0;
#endif

}  // namespace collide2d::world

#if defined(__EMSCRIPTEN__) && !defined(__cpp_exceptions)
// The module's operator new (single-threaded WebAssembly, built without exceptions): the block a World growth has
// just probed when the size matches (see reallocate in memory.h), else malloc; a failure aborts as libc++'s does.
void* operator new(std::size_t n) {
  if (collide2d::world::gProbe != nullptr && n == collide2d::world::gProbeBytes) {
    void* p = collide2d::world::gProbe;
    collide2d::world::gProbe = nullptr;
    return p;
  }
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  return p;
}
#endif
