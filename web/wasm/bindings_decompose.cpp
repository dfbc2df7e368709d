// collide2d — WebAssembly bindings of decompose() (collide2d/decompose.h), in their own EMSCRIPTEN_BINDINGS block.
// It only binds: the wrapper (web/lib/src/decompose.ts) writes the points where decomposeInput() says, calls
// decompose(count), and reads the parts from decomposeOutput() or the error from decomposeInfo().
// * decomposeInput(count): address of room for `count` points (x, y doubles), kept across calls; 0 when count is
//   negative or too large.
// * decompose(count): the number of parts, or -1 for a rejected outline.
// * decomposeOutput(): address of doubles: the vertex count of each part, then every part's vertices (x, y),
//   part after part (the parts are Polygon::create's output).
// * decomposeInfo(): address of 6 doubles: error code (collide2d::Error), point index, edgeA, edgeB (-1 when not
//   applicable), vertices, reflex (DecomposeInfo).
// Memory: the input, output and parts are reused static vectors (decompose() itself allocates; it is a preparation
// step, not a per-frame query).
#include <collide2d/collide2d.h>

#include <emscripten/bind.h>

#include <cstdint>
#include <vector>

namespace {

using namespace collide2d;

std::vector<Vec2> g_decomposeIn;
std::vector<double> g_decomposeOut;
std::vector<Polygon> g_decomposeParts;
double g_decomposeInfo[6];

double address(const void* p) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(p)); }

double decomposeInput(int count) {
  if (count < 0 || count > (1 << 24)) return 0;
  g_decomposeIn.resize(static_cast<std::size_t>(count) + 1);  // + 1: a valid address for 0 points
  return address(g_decomposeIn.data());
}

double indexOrMinusOne(std::size_t i) { return i == DecomposeInfo::npos ? -1.0 : static_cast<double>(i); }

int decomposePoints(int count) {
  if (count < 0 || static_cast<std::size_t>(count) >= g_decomposeIn.size()) count = 0;
  DecomposeInfo info;
  const Status s =
      decompose(std::span<const Vec2>(g_decomposeIn.data(), static_cast<std::size_t>(count)), g_decomposeParts, &info);
  g_decomposeInfo[0] = static_cast<double>(s.error);
  g_decomposeInfo[1] = indexOrMinusOne(info.point);
  g_decomposeInfo[2] = indexOrMinusOne(info.edgeA);
  g_decomposeInfo[3] = indexOrMinusOne(info.edgeB);
  g_decomposeInfo[4] = static_cast<double>(info.vertices);
  g_decomposeInfo[5] = static_cast<double>(info.reflex);
  if (!s) return -1;
  g_decomposeOut.clear();
  for (const Polygon& p : g_decomposeParts) g_decomposeOut.push_back(static_cast<double>(p.size()));
  for (const Polygon& p : g_decomposeParts) {
    for (const Vec2 v : p.vertices()) {
      g_decomposeOut.push_back(v.x);
      g_decomposeOut.push_back(v.y);
    }
  }
  return static_cast<int>(g_decomposeParts.size());
}

double decomposeOutput() { return address(g_decomposeOut.data()); }
double decomposeInfoAddress() { return address(g_decomposeInfo); }

}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_decompose) {
  using namespace emscripten;
  function("decomposeInput", &decomposeInput);
  function("decompose", &decomposePoints);
  function("decomposeOutput", &decomposeOutput);
  function("decomposeInfo", &decomposeInfoAddress);
}
