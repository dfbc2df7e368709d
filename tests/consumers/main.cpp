// The program each CMake consumer of tests/consumers/ builds (add_subdirectory, FetchContent, find_package after
// cmake --install): a pair query, a contact and a World step, with their answers printed. consumers.test.js checks
// the output against the answers plain geometry gives.
#include <collide2d/collide2d.h>
#include <collide2d/world.h>

#include <cstdio>

int main() {
  using namespace collide2d;
  const Circle a{{0, 0}, 1};
  const Circle b{{1.5, 0}, 1};
  std::printf("overlaps %d\n", overlaps(a, b) ? 1 : 0);
  const Contact c = collide(a, b);
  std::printf("collide %d normal %g %g depth %g point %g %g\n", c.hit ? 1 : 0, c.normal.x, c.normal.y, c.depth,
              c.point.x, c.point.y);

  // Three unit circles on the x axis at 0, 1.5 and 5: only the first two touch.
  World world;
  BodyHandle body[3];
  const double xs[3] = {0, 1.5, 5};
  for (int i = 0; i < 3; ++i) {
    if (Status s = world.addCircle({{0, 0}, 1}, {{xs[i], 0}, 0}, 10 + i, Filter{}, body[i]); !s) {
      std::printf("addCircle failed: %s %s\n", s.field, s.message());
      return 1;
    }
  }
  if (Status s = world.step(); !s) {
    std::printf("step failed: %s\n", s.message());
    return 1;
  }
  std::printf("pairs %zu\n", world.pairCount());
  for (std::size_t i = 0; i < world.pairCount(); ++i) {
    double ua = 0, ub = 0;
    world.getUserId(world.pairBodies()[2 * i], ua);
    world.getUserId(world.pairBodies()[2 * i + 1], ub);
    std::printf("pair %g %g depth %g\n", ua, ub, world.pairContacts()[5 * i + 2]);
  }
  return 0;
}
