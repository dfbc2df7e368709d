// How many of the World's moving bodies keep their grid cells from one frame to the next (bench/results/
// 2026-11-29-incremental-grid.md): the bench/scene.h scene of N bodies moved as bench/count/world_frames.cpp moves it
// (setTransforms, every body moves and turns every frame), each body's cells in a grid of the World's cell size
// (World::cellSize() after the first step) and a fixed origin (the bodies' bounds' minimum at the start).
//   collide2d_grid_keep N [frames=20]
// Prints, per frame, the fraction of bodies whose cells are those of the frame before, and the fraction whose cells
// changed at least once since the start (what an overflow of changed bodies kept until a full rebuild would hold).
#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "../scene_world.h"

using namespace collide2d;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s N [frames]\n", argv[0]);
    return 2;
  }
  const int frames = argc > 2 ? std::atoi(argv[2]) : 20;
  scene::Scene s = scene::makeScene(std::atoi(argv[1]));
  World w;
  std::vector<BodyHandle> hs;
  for (const scene::Body& b : s.bodies) {
    const BodyHandle h = scene::addToWorld(w, b);
    hs.push_back(h);
  }
  (void)w.step();
  const double cell = w.cellSize();
  double ox = 1e300, oy = 1e300;
  for (const BodyHandle h : hs) {
    Aabb a;
    (void)w.getBounds(h, a);
    ox = std::min(ox, a.min.x);
    oy = std::min(oy, a.min.y);
  }
  struct Cells {
    long x0, x1, y0, y1;
    bool operator==(const Cells&) const = default;
  };
  auto cellsOf = [&](std::vector<Cells>& out) {
    out.clear();
    for (const BodyHandle h : hs) {
      Aabb a;
      (void)w.getBounds(h, a);
      out.push_back({static_cast<long>(std::floor((a.min.x - ox) / cell)), static_cast<long>(std::floor((a.max.x - ox) / cell)),
                     static_cast<long>(std::floor((a.min.y - oy) / cell)), static_cast<long>(std::floor((a.max.y - oy) / cell))});
    }
  };
  std::vector<Cells> prev, cur;
  cellsOf(prev);
  std::vector<char> everChanged(hs.size(), 0);
  double cells = 0;
  for (const Cells& r : prev) cells += static_cast<double>((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1));
  std::printf("bodies %zu, cell %.4g, cells/body %.2f\n", hs.size(), cell, cells / static_cast<double>(hs.size()));
  std::vector<double> xya;
  for (int f = 1; f <= frames; ++f) {
    scene::advance(s);
    xya.resize(3 * s.bodies.size());
    for (std::size_t i = 0; i < s.bodies.size(); ++i) {
      xya[3 * i] = s.bodies[i].x;
      xya[3 * i + 1] = s.bodies[i].y;
      xya[3 * i + 2] = s.bodies[i].angle;
    }
    (void)w.setTransforms(std::span<const double>(xya));
    cellsOf(cur);
    std::size_t kept = 0, ever = 0;
    for (std::size_t i = 0; i < cur.size(); ++i) {
      const bool same = cur[i] == prev[i];
      kept += same ? 1 : 0;
      if (!same) everChanged[i] = 1;
      ever += static_cast<std::size_t>(everChanged[i]);
    }
    const double n = static_cast<double>(cur.size());
    std::printf("frame %d: kept %.3f, changed since frame 0 %.3f\n", f, static_cast<double>(kept) / n,
                static_cast<double>(ever) / n);
    prev = cur;
  }
}
