// Broad-phase structures compared on the World's own bounds, frame by frame: which pairs of bodies have overlapping
// bounds (the candidates the narrow phase tests), with every body moving (or 5,000 moving over a static level).
//
//   collide2d_broadphase SCENE VARIANT [margin=0.25] [warm=10] [frames=20] [check=0]
//     SCENE    moving:N | level (bench/scene.h, as bench/count/world_frames.cpp)
//     VARIANT  rebuild  the World's grid as of a3223df: rebuilt from scratch at every frame, all candidate pairs
//                       collected from it (the static bodies in a grid of their own, built once)
//              tree     a dynamic AABB tree over fat bounds (Box2D's b2DynamicTree: insertion by surface-area cost,
//                       AVL rotations) with a move buffer, a second tree for the static bodies, and a persistent pair
//                       set: only a body whose bounds leave its fat bounds is re-inserted and queried
//              grid     a uniform grid kept across frames (hashed cells, each body listed in the cells of its fat
//                       bounds; a body re-binned only when its fat bounds change cells), the same move buffer and
//                       pair set; static bodies in a grid of their own
//              sap      sort-and-sweep on x kept across frames (fat bounds sorted by min x, insertion sort per
//                       frame), the same move buffer and pair set; static bodies in a sorted array of their own
//              csr      the World's grid layout (CSR, int16 SoA entries) kept across frames: bodies that keep their
//                       cells are re-quantised in place, the others go to an overflow until a full rebuild; the
//                       candidates then sorted into the rebuilt grid's order (broadphase_csr.h; also csr-fused,
//                       csr-bybody, csr-unordered, and combinations such as csr-unordered-fused; moving scenes
//                       only)
//     margin   fat bounds = bounds widened by margin x the typical body extent (tree, grid, sap); csr: the fraction of
//              bodies in the overflow that triggers a full rebuild
//   Prints the candidates per frame and a hash of the candidate sets (in canonical order: every variant must print the
//   same hash), the moved bodies per frame, the pairs kept, the structures' bytes per body and the time per frame
//   (wall clock: noisy on a shared machine). check=1 compares every frame's set with `rebuild` (csr: and the order).
//
// Instructions per frame (callgrind collects only the broad phase of the measured frames):
//   valgrind --tool=callgrind --collect-atstart=no build/release/bench/collide2d_broadphase moving:10000 tree
#include <collide2d/decompose.h>
#include <collide2d/world.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../scene_world.h"
#include "world/broad_phase.h"
#include "broadphase_csr.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

using namespace collide2d;

bool overlap(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}
bool inside(const Aabb& in, const Aabb& out) {
  return out.min.x <= in.min.x && out.min.y <= in.min.y && in.max.x <= out.max.x && in.max.y <= out.max.y;
}
Aabb widen(const Aabb& a, double m) { return {{a.min.x - m, a.min.y - m}, {a.max.x + m, a.max.y + m}}; }
double area(const Aabb& a) { return (a.max.x - a.min.x) * (a.max.y - a.min.y); }
double perimeter(const Aabb& a) { return 2.0 * ((a.max.x - a.min.x) + (a.max.y - a.min.y)); }
Aabb join(const Aabb& a, const Aabb& b) {
  return {{std::min(a.min.x, b.min.x), std::min(a.min.y, b.min.y)}, {std::max(a.max.x, b.max.x), std::max(a.max.y, b.max.y)}};
}

// -- the scenes: bodies 0 .. moving-1 move, the rest are static ------------------------------------------------------

struct Scene {
  std::vector<Aabb> box;    // this frame's bounds (World::getBounds)
  std::vector<Aabb> box0;   // at the start
  std::size_t moving = 0;
  scene::Scene s, s0;
  double typical = 1.0;     // the World's typical extent of the moving bodies (2x it = the World's cell)
  void advance() {
    scene::advance(s);
    for (std::size_t i = 0; i < moving; ++i) {
      const Vec2 d{s.bodies[i].x - s0.bodies[i].x, s.bodies[i].y - s0.bodies[i].y};
      box[i] = {box0[i].min + d, box0[i].max + d};
    }
  }
};

Scene makeScene(const std::string& name) {
  Scene sc;
  World w;
  const bool level = name == "level";
  sc.s = scene::makeScene(level ? 5000 : std::atoi(name.c_str() + 7));
  sc.s0 = sc.s;
  for (const scene::Body& b : sc.s.bodies) {
    (void)scene::addToWorld(w, b);
  }
  sc.moving = w.bodyCount();
  (void)w.step();
  sc.typical = w.cellSize() / 2.0;
  if (level) {
    for (const scene::Piece& p : scene::makeLevel(50000, 3 * sc.s.side, -sc.s.side)) {
      const Transform xf{{p.x, p.y}, 0};
      BodyHandle h = kNullBody;
      switch (p.kind) {
        case scene::LevelKind::Tile: (void)w.addAabb({{0, 0}, {1.5, 0.75}}, xf, 0, {}, h); break;
        case scene::LevelKind::Convex: (void)w.addPolygon(std::span<const double>(p.points), xf, 0, {}, h); break;
        case scene::LevelKind::Concave: {
          std::vector<Vec2> pts;
          for (std::size_t k = 0; k < p.points.size(); k += 2) pts.push_back({p.points[k], p.points[k + 1]});
          (void)w.addOutline(pts, xf, 0, {}, h);
          break;
        }
      }
    }
  }
  for (const BodyHandle h : w.bodies()) {
    Aabb b;
    (void)w.getBounds(h, b);
    sc.box.push_back(b);
  }
  sc.box0 = sc.box;
  return sc;
}

// -- the output: candidate pairs (i < j), not both static -------------------------------------------------------------

struct Out {
  std::vector<std::uint32_t> pairs;  // i, j
  void clear() { pairs.clear(); }
  void add(std::uint32_t i, std::uint32_t j) {
    pairs.push_back(std::min(i, j));
    pairs.push_back(std::max(i, j));
  }
};

// -- variant: the World's rebuilt grid ------------------------------------------------------------------------------

struct Rebuild {
  world::BroadPhase bp;
  std::vector<world::Proxy> proxies;
  Scene* sc = nullptr;
  void init(Scene& s) {
    sc = &s;
    proxies.resize(s.box.size());
    for (std::size_t i = 0; i < s.box.size(); ++i) {
      proxies[i].box = s.box[i];
      if (i >= s.moving) bp.setStatic(static_cast<std::uint32_t>(i), true, proxies);
    }
    (void)bp.update(proxies);
  }
  void frame(Out& out) {
    for (std::size_t i = 0; i < sc->moving; ++i) proxies[i].box = sc->box[i];
    bp.dirty = true;
    (void)bp.update(proxies);
    (void)bp.collect(proxies);
    out.clear();
    const auto& c = bp.candidates;
    for (std::size_t k = 0; k < c.size(); k += 2) out.add(c[k], c[k + 1] & world::kCandidateIndex);
  }
  std::size_t bytes() const { return bp.heapBytes(); }
};

// -- the persistent pair set shared by the incremental variants -------------------------------------------------------

// Pairs (a < b) whose fat bounds overlap, in an array, with an open-addressing table (pair index + 1, linear probing,
// deletion by backward shift) to find a pair by its bodies.
struct PairSet {
  struct Pair {
    std::uint32_t a, b;
  };
  std::vector<Pair> pairs;
  std::vector<std::uint32_t> table;
  std::uint32_t mask = 0;
  static std::uint32_t hash(std::uint32_t a, std::uint32_t b) {
    std::uint64_t k = (std::uint64_t{a} << 32 | b) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::uint32_t>(k >> 32);
  }
  void rehash(std::size_t cap) {
    std::size_t n = 16;
    while (n < 2 * cap) n *= 2;
    table.assign(n, 0);
    mask = static_cast<std::uint32_t>(n - 1);
    for (std::uint32_t i = 0; i < pairs.size(); ++i) place(i);
  }
  void place(std::uint32_t i) {
    std::uint32_t h = hash(pairs[i].a, pairs[i].b) & mask;
    while (table[h] != 0) h = (h + 1) & mask;
    table[h] = i + 1;
  }
  bool contains(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t h = hash(a, b) & mask; table[h] != 0; h = (h + 1) & mask) {
      const Pair& p = pairs[table[h] - 1];
      if (p.a == a && p.b == b) return true;
    }
    return false;
  }
  void add(std::uint32_t a, std::uint32_t b) {
    if (2 * (pairs.size() + 1) > table.size()) rehash(2 * (pairs.size() + 1));
    pairs.push_back({a, b});
    place(static_cast<std::uint32_t>(pairs.size() - 1));
  }
  std::uint32_t slotOf(std::uint32_t i) const {
    std::uint32_t h = hash(pairs[i].a, pairs[i].b) & mask;
    while (table[h] != i + 1) h = (h + 1) & mask;
    return h;
  }
  void erase(std::uint32_t h) {  // backward-shift deletion of table slot h
    std::uint32_t i = h;
    for (std::uint32_t j = (i + 1) & mask; table[j] != 0; j = (j + 1) & mask) {
      const std::uint32_t home = hash(pairs[table[j] - 1].a, pairs[table[j] - 1].b) & mask;
      // move j to i when its home is not cyclically in (i, j]
      if (((j - home) & mask) >= ((j - i) & mask)) {
        table[i] = table[j];
        i = j;
      }
    }
    table[i] = 0;
  }
  void removeAt(std::uint32_t i) {  // swap-remove pair i
    erase(slotOf(i));
    const std::uint32_t last = static_cast<std::uint32_t>(pairs.size() - 1);
    if (i != last) {
      table[slotOf(last)] = i + 1;
      pairs[i] = pairs[last];
    }
    pairs.pop_back();
  }
  std::size_t bytes() const { return pairs.capacity() * sizeof(Pair) + table.capacity() * 4; }
};

// The incremental frame, for any structure S with insert(k, fat) / move(k, oldFat, newFat) / query(box, f) over the
// moving bodies and a static structure of the same kind built once: bodies whose bounds left their fat bounds get new
// fat bounds and are queried; new overlaps join the pair set; every pair is then checked (fat bounds still overlap,
// else it leaves; bounds overlap: a candidate).
template <class S> struct Incremental {
  S dyn, stat;
  PairSet set;
  std::vector<Aabb> fat;
  std::vector<std::uint32_t> moved;
  std::vector<char> movedFlag;
  Scene* sc = nullptr;
  double margin = 0.0;
  std::size_t movedTotal = 0;

  void init(Scene& s, double marginFactor) {
    sc = &s;
    margin = marginFactor * s.typical;
    const std::size_t n = s.box.size();
    fat.resize(n);
    movedFlag.assign(n, 0);
    dyn.setup(s, false);
    stat.setup(s, true);
    for (std::size_t i = 0; i < n; ++i) {
      const bool isStatic = i >= s.moving;
      fat[i] = isStatic ? s.box[i] : widen(s.box[i], margin);
      (isStatic ? stat : dyn).insert(static_cast<std::uint32_t>(i), fat[i]);
    }
    set.rehash(4 * n);
    for (std::uint32_t i = 0; i < s.moving; ++i) findPairs(i, true);
  }
  // New pairs of body m with fat overlaps; `all`: report pairs with every other body once (i < j among movers).
  void findPairs(std::uint32_t m, bool all) {
    auto visit = [&](std::uint32_t o) {
      if (o == m) return;
      if (o < sc->moving && (all ? o < m : (movedFlag[o] && o < m))) return;  // found by o's own query
      const std::uint32_t a = std::min(m, o), b = std::max(m, o);
      if (!set.contains(a, b)) set.add(a, b);
    };
    dyn.query(fat[m], fat, visit);
    stat.query(fat[m], fat, visit);
  }
  void frame(Out& out) {
    moved.clear();
    for (std::uint32_t i = 0; i < sc->moving; ++i) {
      if (inside(sc->box[i], fat[i])) continue;
      const Aabb old = fat[i];
      fat[i] = widen(sc->box[i], margin);
      dyn.move(i, old, fat[i]);
      moved.push_back(i);
      movedFlag[i] = 1;
    }
    for (const std::uint32_t m : moved) findPairs(m, false);
    for (const std::uint32_t m : moved) movedFlag[m] = 0;
    movedTotal += moved.size();
    out.clear();
    for (std::uint32_t p = 0; p < set.pairs.size();) {
      const PairSet::Pair pr = set.pairs[p];
      if (!overlap(fat[pr.a], fat[pr.b])) {
        set.removeAt(p);
        continue;
      }
      if (overlap(sc->box[pr.a], sc->box[pr.b])) out.add(pr.a, pr.b);
      ++p;
    }
  }
  std::size_t bytes() const {
    return dyn.bytes() + stat.bytes() + set.bytes() + fat.capacity() * sizeof(Aabb) + moved.capacity() * 4 + movedFlag.capacity();
  }
};

// -- structure: dynamic AABB tree (after Box2D's b2DynamicTree) -----------------------------------------------------

struct Tree {
  static constexpr std::int32_t kNull = -1;
  struct Node {
    Aabb box;
    std::int32_t parent = kNull, child1 = kNull, child2 = kNull, height = 0;
    std::uint32_t body = 0;
    bool leaf() const { return child1 == kNull; }
  };
  std::vector<Node> nodes;
  std::vector<std::int32_t> freeNodes, leafOf, stack;
  std::int32_t root = kNull;

  void setup(const Scene& s, bool) { leafOf.assign(s.box.size(), kNull); }
  std::int32_t alloc() {
    if (!freeNodes.empty()) {
      const std::int32_t n = freeNodes.back();
      freeNodes.pop_back();
      nodes[n] = Node{};
      return n;
    }
    nodes.emplace_back();
    return static_cast<std::int32_t>(nodes.size() - 1);
  }
  void insert(std::uint32_t body, const Aabb& box) {
    const std::int32_t leaf = alloc();
    nodes[leaf].box = box;
    nodes[leaf].body = body;
    leafOf[body] = leaf;
    insertLeaf(leaf);
  }
  void move(std::uint32_t body, const Aabb&, const Aabb& box) {
    const std::int32_t leaf = leafOf[body];
    removeLeaf(leaf);
    nodes[leaf].box = box;
    insertLeaf(leaf);
  }
  void insertLeaf(std::int32_t leaf) {
    if (root == kNull) {
      root = leaf;
      nodes[leaf].parent = kNull;
      return;
    }
    // The sibling by the surface-area heuristic (Box2D v2.4's descent).
    const Aabb leafBox = nodes[leaf].box;
    std::int32_t index = root;
    while (!nodes[index].leaf()) {
      const std::int32_t c1 = nodes[index].child1, c2 = nodes[index].child2;
      const double a = perimeter(nodes[index].box);
      const double combined = perimeter(join(nodes[index].box, leafBox));
      const double cost = 2.0 * combined, inherit = 2.0 * (combined - a);
      auto childCost = [&](std::int32_t c) {
        const double p = perimeter(join(leafBox, nodes[c].box));
        return nodes[c].leaf() ? p + inherit : (p - perimeter(nodes[c].box)) + inherit;
      };
      const double cost1 = childCost(c1), cost2 = childCost(c2);
      if (cost < cost1 && cost < cost2) break;
      index = cost1 < cost2 ? c1 : c2;
    }
    const std::int32_t sibling = index;
    const std::int32_t oldParent = nodes[sibling].parent;
    const std::int32_t newParent = alloc();
    nodes[newParent].parent = oldParent;
    nodes[newParent].box = join(leafBox, nodes[sibling].box);
    nodes[newParent].height = nodes[sibling].height + 1;
    nodes[newParent].child1 = sibling;
    nodes[newParent].child2 = leaf;
    nodes[sibling].parent = newParent;
    nodes[leaf].parent = newParent;
    if (oldParent != kNull) {
      (nodes[oldParent].child1 == sibling ? nodes[oldParent].child1 : nodes[oldParent].child2) = newParent;
    } else {
      root = newParent;
    }
    fixUpwards(nodes[leaf].parent);
  }
  void removeLeaf(std::int32_t leaf) {
    if (leaf == root) {
      root = kNull;
      return;
    }
    const std::int32_t parent = nodes[leaf].parent;
    const std::int32_t grand = nodes[parent].parent;
    const std::int32_t sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1;
    if (grand != kNull) {
      (nodes[grand].child1 == parent ? nodes[grand].child1 : nodes[grand].child2) = sibling;
      nodes[sibling].parent = grand;
      freeNodes.push_back(parent);
      fixUpwards(grand);
    } else {
      root = sibling;
      nodes[sibling].parent = kNull;
      freeNodes.push_back(parent);
    }
  }
  void fixUpwards(std::int32_t index) {
    while (index != kNull) {
      index = balance(index);
      Node& n = nodes[index];
      n.height = 1 + std::max(nodes[n.child1].height, nodes[n.child2].height);
      n.box = join(nodes[n.child1].box, nodes[n.child2].box);
      index = n.parent;
    }
  }
  // AVL rotation (Box2D v2's b2DynamicTree::Balance): returns the subtree's new root.
  std::int32_t balance(std::int32_t iA) {
    Node& A = nodes[iA];
    if (A.leaf() || A.height < 2) return iA;
    const std::int32_t iB = A.child1, iC = A.child2;
    const std::int32_t bal = nodes[iC].height - nodes[iB].height;
    auto rotate = [&](std::int32_t iUp, std::int32_t iOther, bool upIsC) -> std::int32_t {
      Node& U = nodes[iUp];
      const std::int32_t iF = U.child1, iG = U.child2;
      U.child1 = iA;
      U.parent = nodes[iA].parent;
      nodes[iA].parent = iUp;
      if (U.parent != kNull) {
        (nodes[U.parent].child1 == iA ? nodes[U.parent].child1 : nodes[U.parent].child2) = iUp;
      } else {
        root = iUp;
      }
      const bool fTaller = nodes[iF].height > nodes[iG].height;
      const std::int32_t keep = fTaller ? iF : iG, give = fTaller ? iG : iF;
      U.child2 = keep;
      (upIsC ? nodes[iA].child2 : nodes[iA].child1) = give;
      nodes[give].parent = iA;
      nodes[iA].box = join(nodes[iOther].box, nodes[give].box);
      U.box = join(nodes[iA].box, nodes[keep].box);
      nodes[iA].height = 1 + std::max(nodes[iOther].height, nodes[give].height);
      U.height = 1 + std::max(nodes[iA].height, nodes[keep].height);
      return iUp;
    };
    if (bal > 1) return rotate(iC, iB, true);
    if (bal < -1) return rotate(iB, iC, false);
    return iA;
  }
  template <class F> void query(const Aabb& box, const std::vector<Aabb>&, F&& f) {
    if (root == kNull) return;
    stack.clear();
    stack.push_back(root);
    while (!stack.empty()) {
      const std::int32_t i = stack.back();
      stack.pop_back();
      const Node& n = nodes[i];
      if (!overlap(n.box, box)) continue;
      if (n.leaf()) {
        f(n.body);
      } else {
        stack.push_back(n.child1);
        stack.push_back(n.child2);
      }
    }
  }
  std::size_t bytes() const {
    return nodes.capacity() * sizeof(Node) + (freeNodes.capacity() + leafOf.capacity() + stack.capacity()) * 4;
  }
};

// -- structure: uniform grid kept across frames ---------------------------------------------------------------------

struct KeptGrid {
  struct Entry {
    std::int32_t cx, cy;
    std::uint32_t body, next;  // next: entry index + 1 in the bucket's list (0: end)
  };
  struct Range {
    std::int32_t x0, y0, x1, y1;
  };
  double cell = 1.0, inv = 1.0;
  std::vector<std::uint32_t> head;  // per bucket: first entry + 1
  std::uint32_t mask = 0;
  std::vector<Entry> entries;
  std::vector<std::uint32_t> freeEntries;
  std::vector<Range> range;  // per body: its cells

  void setup(const Scene& s, bool) {
    cell = 2.0 * s.typical;
    inv = 1.0 / cell;
    std::size_t n = 64;
    while (n < 2 * s.box.size()) n *= 2;
    head.assign(n, 0);
    mask = static_cast<std::uint32_t>(n - 1);
    range.resize(s.box.size());
  }
  std::int32_t cellOf(double v) const {  // (floor by truncation, as the World's grid: no libm call)
    double c = v * inv;
    c = c < -1073741824.0 ? -1073741824.0 : (c > 1073741824.0 ? 1073741824.0 : c);
    const std::int32_t t = static_cast<std::int32_t>(c);
    return t - (c < static_cast<double>(t) ? 1 : 0);
  }
  Range rangeOf(const Aabb& b) const { return {cellOf(b.min.x), cellOf(b.min.y), cellOf(b.max.x), cellOf(b.max.y)}; }
  std::uint32_t bucket(std::int32_t x, std::int32_t y) const {
    std::uint32_t h = static_cast<std::uint32_t>(x) * 0x9E3779B1u ^ static_cast<std::uint32_t>(y) * 0x85EBCA77u;
    h ^= h >> 15;
    return h & mask;
  }
  void link(std::uint32_t body, const Range& r) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
      for (std::int32_t x = r.x0; x <= r.x1; ++x) {
        std::uint32_t e;
        if (!freeEntries.empty()) {
          e = freeEntries.back();
          freeEntries.pop_back();
        } else {
          e = static_cast<std::uint32_t>(entries.size());
          entries.emplace_back();
        }
        const std::uint32_t b = bucket(x, y);
        entries[e] = {x, y, body, head[b]};
        head[b] = e + 1;
      }
    }
  }
  void unlink(std::uint32_t body, const Range& r) {
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
      for (std::int32_t x = r.x0; x <= r.x1; ++x) {
        std::uint32_t* at = &head[bucket(x, y)];
        while (*at != 0) {
          Entry& e = entries[*at - 1];
          if (e.body == body && e.cx == x && e.cy == y) {
            freeEntries.push_back(*at - 1);
            *at = e.next;
            break;
          }
          at = &e.next;
        }
      }
    }
  }
  void insert(std::uint32_t body, const Aabb& box) {
    range[body] = rangeOf(box);
    link(body, range[body]);
  }
  void move(std::uint32_t body, const Aabb&, const Aabb& box) {
    const Range r = rangeOf(box);
    const Range& o = range[body];
    if (r.x0 == o.x0 && r.y0 == o.y0 && r.x1 == o.x1 && r.y1 == o.y1) return;  // same cells: nothing to re-bin
    unlink(body, o);
    range[body] = r;
    link(body, r);
  }
  // Each body found once: in the cell holding the lower-left corner of the intersection of the two fat bounds.
  template <class F> void query(const Aabb& box, const std::vector<Aabb>& fat, F&& f) const {
    const Range r = rangeOf(box);
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
      for (std::int32_t x = r.x0; x <= r.x1; ++x) {
        for (std::uint32_t at = head[bucket(x, y)]; at != 0;) {
          const Entry& e = entries[at - 1];
          at = e.next;
          if (e.cx != x || e.cy != y) continue;
          const Aabb& o = fat[e.body];
          if (!overlap(o, box)) continue;
          if (cellOf(std::max(o.min.x, box.min.x)) != x || cellOf(std::max(o.min.y, box.min.y)) != y) continue;
          f(e.body);
        }
      }
    }
  }
  std::size_t bytes() const {
    return head.capacity() * 4 + entries.capacity() * sizeof(Entry) + freeEntries.capacity() * 4 +
           range.capacity() * sizeof(Range);
  }
};

// -- structure: sort-and-sweep on x kept across frames --------------------------------------------------------------

struct Sweep {
  std::vector<std::uint32_t> order;  // by fat min x
  const std::vector<Aabb>* fat = nullptr;
  double maxWidth = 0.0;
  bool sorted = false, fresh = true;
  void setup(const Scene&, bool) {}
  void insert(std::uint32_t body, const Aabb& box) {
    order.push_back(body);
    maxWidth = std::max(maxWidth, box.max.x - box.min.x);
    sorted = false;
  }
  void move(std::uint32_t, const Aabb&, const Aabb& box) {
    maxWidth = std::max(maxWidth, box.max.x - box.min.x);
    sorted = false;
  }
  void sort() {  // insertion sort: the order is nearly right already (a full sort the first time)
    const std::vector<Aabb>& f = *fat;
    if (fresh) {
      std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return f[a].min.x < f[b].min.x; });
      fresh = false;
      sorted = true;
      return;
    }
    for (std::size_t i = 1; i < order.size(); ++i) {
      const std::uint32_t v = order[i];
      const double key = f[v].min.x;
      std::size_t j = i;
      for (; j > 0 && f[order[j - 1]].min.x > key; --j) order[j] = order[j - 1];
      order[j] = v;
    }
    sorted = true;
  }
  template <class F> void query(const Aabb& box, const std::vector<Aabb>& f, F&& visit) {
    fat = &f;
    if (!sorted) sort();
    // The first body with min x > box.max.x, then back while min x >= box.min.x - maxWidth.
    std::size_t lo = 0, hi = order.size();
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (f[order[mid]].min.x <= box.max.x) lo = mid + 1; else hi = mid;
    }
    const double stop = box.min.x - maxWidth;
    for (std::size_t i = lo; i-- > 0;) {
      const Aabb& o = f[order[i]];
      if (o.min.x < stop) break;
      if (overlap(o, box)) visit(order[i]);
    }
  }
  std::size_t bytes() const { return order.capacity() * 4; }
};

std::uint64_t hashPairs(std::vector<std::uint32_t> p) {
  std::vector<std::uint64_t> k;
  for (std::size_t i = 0; i < p.size(); i += 2) k.push_back(std::uint64_t{p[i]} << 32 | p[i + 1]);
  std::sort(k.begin(), k.end());
  std::uint64_t h = 1469598103934665603ull;
  for (const std::uint64_t v : k) h = (h ^ v) * 1099511628211ull;
  return h;
}

template <class V> int run(V& v, Scene& sc, int warm, int frames, bool check, std::size_t (*moved)(const V&),
                           std::size_t (*kept)(const V&)) {
  Out out;
  Rebuild ref;
  if (check) ref.init(sc);
  Out refOut;
  for (int f = 0; f < warm; ++f) {
    sc.advance();
    v.frame(out);
    if (check) ref.frame(refOut);
  }
  const std::size_t moved0 = moved(v);
  std::uint64_t h = 1469598103934665603ull;
  double cand = 0, keptSum = 0, seconds = 0;
  for (int f = 0; f < frames; ++f) {
    sc.advance();
    const auto t0 = std::chrono::steady_clock::now();
    CALLGRIND_TOGGLE_COLLECT;
    v.frame(out);
    CALLGRIND_TOGGLE_COLLECT;
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    h = (h ^ hashPairs(out.pairs)) * 1099511628211ull;
    cand += static_cast<double>(out.pairs.size() / 2);
    keptSum += static_cast<double>(kept(v));
    if (check) {
      ref.frame(refOut);
      if (hashPairs(out.pairs) != hashPairs(refOut.pairs)) {
        std::printf("frame %d: the candidates differ from rebuild (%zu vs %zu)\n", f, out.pairs.size() / 2, refOut.pairs.size() / 2);
        return 1;
      }
    }
  }
  std::printf("candidates/frame=%.1f hash=%016" PRIx64 " moved/frame=%.1f kept/frame=%.1f bytes/body=%.1f ms/frame=%.3f\n",
              cand / frames, h, static_cast<double>(moved(v) - moved0) / frames, keptSum / frames,
              static_cast<double>(v.bytes()) / static_cast<double>(sc.box.size()), 1e3 * seconds / frames);
  return 0;
}

template <class S> std::size_t movedOf(const Incremental<S>& v) { return v.movedTotal; }
template <class S> std::size_t keptOf(const Incremental<S>& v) { return v.set.pairs.size(); }
std::size_t zero(const Rebuild&) { return 0; }

// -- variant: the World's grid layout kept across frames, candidates in the rebuilt grid's order (broadphase_csr.h) --

struct KeptCsr {
  csr::Csr c;
  Scene* sc = nullptr;
  Rebuild ref;     // order check: the same candidates in the same order as the World's rebuilt grid
  bool order = false;
  void init(Scene& s, double threshold, bool check) {
    sc = &s;
    c.init(s.box, threshold);
    order = check;
    if (order) ref.init(s);
  }
  void frame(Out& out) {
    c.frame(sc->box);
    out.clear();
    for (std::size_t k = 0; k < c.candidates.size(); k += 2) out.add(c.candidates[k], c.candidates[k + 1]);
    if (!order) return;
    Out r;
    ref.frame(r);
    if (r.pairs != out.pairs) {
      std::printf("csr: the candidates' order differs from the rebuilt grid's (%zu vs %zu)\n", out.pairs.size() / 2, r.pairs.size() / 2);
      std::exit(1);
    }
  }
  std::size_t bytes() const { return c.bytes(); }
};
std::size_t csrOverflow(const KeptCsr& v) { return v.c.overflowed; }
std::size_t csrNoPairSet(const KeptCsr&) { return 0; }  // (no persistent pair set)

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s moving:N|level rebuild|tree|grid|sap|csr [margin] [warm] [frames] [check]\n", argv[0]);
    return 2;
  }
  const std::string variant = argv[2];
  const double margin = argc > 3 ? std::atof(argv[3]) : 0.25;
  const int warm = argc > 4 ? std::atoi(argv[4]) : 10;
  const int frames = argc > 5 ? std::atoi(argv[5]) : 20;
  const bool check = argc > 6 && std::atoi(argv[6]) != 0;
  Scene sc = makeScene(argv[1]);
  std::printf("%s %s margin=%g bodies=%zu ", argv[1], variant.c_str(), margin, sc.box.size());
  if (variant == "rebuild") {
    Rebuild v;
    v.init(sc);
    return run(v, sc, warm, frames, check, zero, zero);
  }
  if (variant == "tree") {
    Incremental<Tree> v;
    v.init(sc, margin);
    return run(v, sc, warm, frames, check, movedOf<Tree>, keptOf<Tree>);
  }
  if (variant == "grid") {
    Incremental<KeptGrid> v;
    v.init(sc, margin);
    return run(v, sc, warm, frames, check, movedOf<KeptGrid>, keptOf<KeptGrid>);
  }
  if (variant == "sap") {
    Incremental<Sweep> v;
    v.init(sc, margin);
    return run(v, sc, warm, frames, check, movedOf<Sweep>, keptOf<Sweep>);
  }
  if (variant.rfind("csr", 0) == 0 && argv[1][0] == 'm') {
    // (moving scenes only; margin = the overflow's rebuild threshold; csr-unordered: candidates in the kept grid's order;
    // csr-bybody: the in-place rewrites body by body, each finding its entries by scanning its cells' buckets;
    // csr-fused: the rewrites bucket by bucket inside the pair loop)
    KeptCsr v;
    v.c.canonical = variant.find("-unordered") == std::string::npos;
    v.c.byEntries = variant.find("-bybody") == std::string::npos;
    v.c.fused = variant.find("-fused") != std::string::npos;
    v.init(sc, margin, check && v.c.canonical);
    const int rc = run(v, sc, warm, frames, check, csrOverflow, csrNoPairSet);
    std::printf("csr: overflow bodies/frame %.1f, full rebuilds %zu in %zu frames\n",
                static_cast<double>(v.c.overflowed) / static_cast<double>(v.c.frames), v.c.rebuilds - 1, v.c.frames);
    return rc;
  }
  std::fprintf(stderr, "unknown variant %s\n", variant.c_str());
  return 2;
}
