// libFuzzer target: World operation sequences decoded from bytes, checked against brute force over the bodies.
//
// Operations: add (every shape type, valid or not), remove (live or stale handles), setTransform, setTransforms
// (all bodies), setFilter, setStatic (one body or many), setCellSize, step, queryAabb / queryPoint / queryShape, raycast / raycastAll, and the
// documented world shape. Coordinates come from fuzz_input.h's families, scaled now and then to 1e9..1e17 so that
// transforms round small polygons onto lines. Checked after each operation:
//   * a rejected call changes nothing (body count, handles); an accepted one is mirrored in the model;
//   * getWorldShape is the documented shape (world_model.h), bit for bit;
//   * step(): the pairs are exactly the pairs whose filters accept, whose getBounds overlap and whose collide() hits,
//     A = the smaller slot, contacts bit-identical to collide(A, B); events: every end matches an earlier begin, no
//     pair begins twice, and the begun-not-ended set equals the current pairs;
//   * queries: the bodies in the mask whose world shape overlaps / contains the input, sorted by slot;
//   * rays: every body in the mask that raycast() hits, by (fraction, slot); the closest is the first of them.
#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "../native/world_model.h"
#include "fuzz_input.h"

namespace {

using namespace collide2d;
using world_model::boundsOverlap;
using world_model::sameBits;
using world_model::worldShapeOf;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "world_fuzz: %s\n", what);
  std::abort();
}
void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

std::uint32_t slotOf(BodyHandle h) { return h & 0xFFFFFu; }

// WORLD_FUZZ_TRACE=1 prints what a run does (to read a reproducer or check a hand-made seed).
const bool kTrace = std::getenv("WORLD_FUZZ_TRACE") != nullptr;

void print(const char* name, const Shape& s) {
  std::fprintf(stderr, "  %s: ", name);
  std::visit([](const auto& x) {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, Circle>) std::fprintf(stderr, "circle %.17g %.17g r %.17g", x.center.x, x.center.y, x.radius);
    if constexpr (std::is_same_v<T, Aabb>) std::fprintf(stderr, "aabb %.17g %.17g %.17g %.17g", x.min.x, x.min.y, x.max.x, x.max.y);
    if constexpr (std::is_same_v<T, Box>) std::fprintf(stderr, "box %.17g %.17g he %.17g %.17g a %.17g", x.center.x, x.center.y, x.halfExtents.x, x.halfExtents.y, x.angle);
    if constexpr (std::is_same_v<T, Segment>) std::fprintf(stderr, "segment %.17g %.17g %.17g %.17g", x.a.x, x.a.y, x.b.x, x.b.y);
    if constexpr (std::is_same_v<T, Polygon>) {
      std::fprintf(stderr, "polygon");
      for (const Vec2 v : x.vertices()) std::fprintf(stderr, " (%.17g, %.17g)", v.x, v.y);
    }
  }, s);
  std::fprintf(stderr, "\n");
}

struct Model {
  Shape local;
  Transform xf;
  Filter filter;
  bool isStatic = false;
};

class Run {
 public:
  explicit Run(fuzz::Input& in) : in_(in) {}

  void go() {
    int ops = 0;
    while (!in_.empty() && ops++ < 200) {
      switch (in_.byte() % 15) {
        case 0: case 1: case 2: add(); break;
        case 3: remove(); break;
        case 4: case 5: setTransform(); break;
        case 6: setTransforms(); break;
        case 7: setFilter(); break;
        case 8: world_.setCellSize(in_.number()); break;
        case 9: case 10: step(); break;
        case 11: query(); break;
        case 12: ray(); break;
        case 13: setStatic(); break;
        default: shapes(); break;
      }
      check(world_.bodyCount() == model_.size(), "body count differs from the model");
    }
    step();
    query();
    ray();
  }

 private:
  // Coordinates: the input's families; now and then moved far away (where transforms round small shapes).
  double coord() {
    const double v = in_.finite();
    const std::uint8_t k = in_.byte();
    if (k < 200) return std::fmod(v, 64.0);
    if (k < 240) return v;
    return std::ldexp(1.0, 30 + (k - 240) * 2) + std::fmod(v, 64.0);  // 1e9 .. 1e17
  }
  double size() { return std::fabs(std::fmod(in_.finite(), 16.0)); }
  Vec2 point() { return {coord(), coord()}; }

  Shape localShape(bool& valid) {
    valid = true;
    switch (in_.byte() % 6) {
      case 0: return Circle{point(), size()};
      case 1: {
        const Vec2 mn = point();
        return Aabb{mn, mn + Vec2{size(), size()}};
      }
      case 2: return Box{point(), {size(), size()}, std::fmod(in_.finite(), 7.0)};
      case 3: {
        const int n = 3 + in_.byte() % 8;
        std::vector<Vec2> pts;
        const Vec2 c = point();
        const double r = in_.byte() < 128 ? size() : std::ldexp(1.0, -(in_.byte() % 40));
        for (int k = 0; k < n; ++k) {
          const double a = 6.283185307179586 * (k + (in_.byte() + 1) / 258.0) / n;
          pts.push_back(in_.byte() < 16 ? point() : c + Vec2{r * std::cos(a), r * std::sin(a)});
        }
        Polygon p;
        if (!Polygon::create(pts, p)) valid = false;
        return p;
      }
      case 4: return Segment{point(), in_.byte() < 32 ? Vec2{} : point()};
      default: {  // raw numbers: NaN, infinities, negative radii
        valid = false;
        return Circle{{in_.number(), in_.number()}, in_.number()};
      }
    }
  }

  Transform transform() {
    return {point(), in_.byte() < 80 ? 0.0 : (in_.byte() < 8 ? in_.number() : std::fmod(in_.finite(), 7.0))};
  }

  Filter filter() {
    Filter f;
    if (in_.byte() < 160) return f;
    f.category = 1u << (in_.byte() % 3);
    f.mask = in_.byte() < 128 ? 0xFFFFFFFFu : in_.byte() % 8;
    f.group = static_cast<std::int32_t>(in_.byte() % 5) - 2;
    return f;
  }

  BodyHandle pick() {
    if (model_.empty() || in_.byte() < 12) return stale_.empty() ? BodyHandle{12345} : stale_[in_.byte() % stale_.size()];
    auto it = model_.begin();
    std::advance(it, in_.byte() % model_.size());
    return it->first;
  }

  void add() {
    if (model_.size() >= 48) return;
    bool valid = true;
    const Shape local = localShape(valid);
    const Transform xf = transform();
    const Filter f = filter();
    BodyHandle h = 12345;
    const std::size_t before = world_.bodyCount();
    const Status s = world_.addShape(local, xf, 0, f, h);
    if (!s) {
      check(h == kNullBody && world_.bodyCount() == before, "a rejected add changed the world");
      check(s.error != Error::OutOfMemory, "out of memory");
      if (valid && validate(xf) && s.error != Error::InvalidArgument) fail("a valid body was rejected");
      return;
    }
    check(validate(local).ok() && validate(xf).ok(), "an invalid body was accepted");
    if (kTrace) {
      std::fprintf(stderr, "add %u at (%.17g, %.17g) angle %.17g\n", h, xf.position.x, xf.position.y, xf.angle);
      print("local", local);
      print("world", worldShapeOf(local, xf));
    }
    check(model_.emplace(h, Model{local, xf, f}).second, "handle issued twice");
  }

  void remove() {
    const BodyHandle h = pick();
    const Status s = world_.remove(h);
    check(s.ok() == (model_.count(h) == 1), "remove: status disagrees with the model");
    if (s) {
      model_.erase(h);
      stale_.push_back(h);
    }
  }

  void setTransform() {
    const BodyHandle h = pick();
    const Transform xf = transform();
    const Status s = world_.setTransform(h, xf);
    if (model_.count(h) == 0 || !validate(xf)) {
      check(!s.ok(), "setTransform accepted a stale handle or a bad transform");
      return;
    }
    if (s) model_.at(h).xf = xf;
    else check(s.error == Error::InvalidArgument, "setTransform: unexpected error");
    Transform t;
    check(world_.getTransform(h, t).ok() && sameBits(Shape{Circle{t.position, t.angle}},
                                                     Shape{Circle{model_.at(h).xf.position, model_.at(h).xf.angle}}),
          "setTransform: transform differs from the model");
  }

  void setTransforms() {
    std::vector<double> xya;
    std::vector<Transform> next;
    for (const BodyHandle h : world_.bodies()) {
      Transform t = model_.at(h).xf;
      if (in_.byte() < 128) t = transform();
      next.push_back(t);
      xya.insert(xya.end(), {t.position.x, t.position.y, t.angle});
    }
    const Status s = world_.setTransforms(std::span<const double>(xya));
    if (!s) return;  // all or nothing: the model stays (checked by the world shapes below)
    for (std::size_t i = 0; i < next.size(); ++i) model_.at(world_.bodies()[i]).xf = next[i];
  }

  void setFilter() {
    const BodyHandle h = pick();
    const Filter f = filter();
    const Status s = world_.setFilter(h, f);
    check(s.ok() == (model_.count(h) == 1), "setFilter: status disagrees with the model");
    if (s) model_.at(h).filter = f;
  }

  void setStatic() {
    if (in_.byte() < 64) {  // many at once (so that the static bodies' own grid gets built): every k-th body
      const int k = 1 + in_.byte() % 4;
      int i = 0;
      for (auto& [h, m] : model_) {
        if (i++ % k != 0) continue;
        check(world_.setStatic(h, true).ok(), "setStatic failed");
        m.isStatic = true;
      }
      return;
    }
    const BodyHandle h = pick();
    const bool on = in_.byte() % 2 == 0;
    const Status s = world_.setStatic(h, on);
    check(s.ok() == (model_.count(h) == 1), "setStatic: status disagrees with the model");
    if (s) model_.at(h).isStatic = on;
    bool got = !on;
    check(world_.getStatic(h, got).ok() == s.ok() && (!s || got == on), "getStatic disagrees with setStatic");
  }

  void shapes() {
    for (const auto& [h, m] : model_) {
      Shape s;
      check(world_.getWorldShape(h, s).ok(), "getWorldShape failed");
      check(sameBits(s, worldShapeOf(m.local, m.xf)), "world shape differs from the documented one");
      Aabb b;
      check(world_.getBounds(h, b).ok(), "getBounds failed");
      const Aabb e = std::visit([](const auto& x) { return bounds(x); }, s);
      check(b.min.x <= e.min.x && b.min.y <= e.min.y && e.max.x <= b.max.x && e.max.y <= b.max.y,
            "getBounds does not contain the shape's bounds");
    }
  }

  void step() {
    shapes();
    const Status s = world_.step();
    check(s.ok(), "step failed");
    std::map<std::pair<BodyHandle, BodyHandle>, Contact> want;
    std::vector<std::pair<BodyHandle, Shape>> all;
    for (const auto& [h, m] : model_) all.emplace_back(h, worldShapeOf(m.local, m.xf));
    for (std::size_t i = 0; i < all.size(); ++i) {
      for (std::size_t j = i + 1; j < all.size(); ++j) {
        std::size_t a = i, b = j;
        if (slotOf(all[a].first) > slotOf(all[b].first)) std::swap(a, b);
        const BodyHandle ha = all[a].first, hb = all[b].first;
        if (!shouldCollide(model_.at(ha).filter, model_.at(hb).filter)) continue;
        if (model_.at(ha).isStatic && model_.at(hb).isStatic) continue;
        Aabb ba, bb;
        (void)world_.getBounds(ha, ba);
        (void)world_.getBounds(hb, bb);
        if (!boundsOverlap(ba, bb)) continue;
        const Contact c = collide(all[a].second, all[b].second);
        if (c.hit) want.emplace(std::make_pair(ha, hb), c);
      }
    }
    if (kTrace) std::fprintf(stderr, "step: %zu pairs, cell %.17g\n", world_.pairCount(), world_.cellSize());
    check(world_.pairCount() == want.size(), "pair count differs from brute force");
    std::set<std::pair<BodyHandle, BodyHandle>> now;
    for (std::size_t p = 0; p < world_.pairCount(); ++p) {
      const std::pair<BodyHandle, BodyHandle> key{world_.pairBodies()[2 * p], world_.pairBodies()[2 * p + 1]};
      const auto it = want.find(key);
      check(it != want.end(), "a pair brute force does not have");
      check(now.insert(key).second, "a pair twice");
      const Contact& c = it->second;
      const double* got = world_.pairContacts().data() + 5 * p;
      const double exp[5] = {c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y};
      for (int k = 0; k < 5; ++k) {
        check(got[k] == exp[k] || (std::isnan(got[k]) && std::isnan(exp[k])), "contact differs from collide()");
      }
    }
    const auto ends = world_.endEvents();
    for (std::size_t e = 0; e < ends.size(); e += 2) check(active_.erase({ends[e], ends[e + 1]}) == 1, "end without begin");
    const auto begins = world_.beginEvents();
    for (std::size_t e = 0; e < begins.size(); e += 2) check(active_.insert({begins[e], begins[e + 1]}).second, "begin twice");
    check(active_ == now, "events disagree with the pairs");
  }

  std::uint32_t mask() { return in_.byte() < 180 ? 0xFFFFFFFFu : in_.byte() % 8; }

  void expectResults(const std::vector<BodyHandle>& want, const char* what) {
    const auto got = world_.queryResults();
    check(std::vector<BodyHandle>(got.begin(), got.end()) == want, what);
  }

  void query() {
    const std::uint32_t m = mask();
    // (the World, like step(), only tests bodies whose getBounds overlap the query's bounds, widened as getBounds)
    std::vector<std::pair<BodyHandle, Shape>> all;
    std::map<BodyHandle, Aabb> boxes;
    for (const auto& [h, md] : model_) {
      if ((md.filter.category & m) != 0) all.emplace_back(h, worldShapeOf(md.local, md.xf));
      (void)world_.getBounds(h, boxes[h]);
    }
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return slotOf(a.first) < slotOf(b.first); });
    bool valid = true;
    const Shape local = localShape(valid);
    const Transform qxf = transform();
    const Shape q = valid && validate(qxf) ? worldShapeOf(local, qxf) : local;
    const Status s = world_.queryShape(q, m);
    if (!validate(q)) {
      check(!s.ok() && world_.queryResults().empty(), "queryShape accepted an invalid shape");
    } else {
      check(s.ok(), "queryShape failed");
      const Aabb qb = world_model::inflate(std::visit([](const auto& x) { return bounds(x); }, q));
      std::vector<BodyHandle> want;
      for (const auto& [h, sh] : all) {
        if (boundsOverlap(qb, boxes[h]) && overlaps(q, sh)) want.push_back(h);
      }
      const auto got = world_.queryResults();
      if (std::vector<BodyHandle>(got.begin(), got.end()) != want) {
        print("query", q);
        for (const auto& [h, sh] : all) {
          const bool in = std::find(got.begin(), got.end(), h) != got.end();
          if (in != (boundsOverlap(qb, boxes[h]) && overlaps(q, sh))) {
            print(in ? "world only" : "brute force only", sh);
            Aabb b;
            (void)world_.getBounds(h, b);
            print("  its bounds", b);
          }
        }
      }
      expectResults(want, "queryShape differs from brute force");
    }
    const Vec2 p = point();
    check(world_.queryPoint(p, m).ok(), "queryPoint failed");
    std::vector<BodyHandle> want;
    for (const auto& [h, sh] : all) {
      if (boundsOverlap(Aabb{p, p}, boxes[h]) && contains(sh, p)) want.push_back(h);
    }
    expectResults(want, "queryPoint differs from brute force");
    const Aabb box{p, p + Vec2{size() * 4, size() * 4}};
    check(world_.queryAabb(box, m).ok(), "queryAabb failed");
    want.clear();
    for (const auto& [h, sh] : all) {
      if (boundsOverlap(world_model::inflate(box), boxes[h]) && overlaps(Shape{box}, sh)) want.push_back(h);
    }
    expectResults(want, "queryAabb differs from brute force");
  }

  void ray() {
    const std::uint32_t m = mask();
    Ray r{point(), {std::fmod(in_.finite(), 8.0), std::fmod(in_.finite(), 8.0)},
          in_.byte() < 100 ? INFINITY : size() * 8};
    const Status s = world_.raycastAll(r, m);
    if (!validate(r)) {
      check(!s.ok() && world_.rayHitCount() == 0, "raycastAll accepted a bad ray");
      return;
    }
    check(s.ok(), "raycastAll failed");
    // Brute force: every body in the mask whose getBounds pass the documented ray pre-test and that raycast() hits
    // (the pre-test drops hits that the core's rounding finds beside a zero-size shape), in (fraction, slot) order,
    // bit for bit. A hit whose point lies outside the body's bounds is a wrong answer of the core (issue 10 item 2:
    // far origins cancel): the World, which walks the grid cells along the ray, may report it or not.
    struct Hit {
      double f;
      std::uint32_t slot;
      BodyHandle h;
      RayHit hit;
      bool dubious;
    };
    std::vector<Hit> hits;
    for (const auto& [h, md] : model_) {
      if ((md.filter.category & m) == 0) continue;
      const RayHit rh = raycast(r, worldShapeOf(md.local, md.xf));
      if (!rh.hit) continue;
      Aabb b;
      (void)world_.getBounds(h, b);
      const Aabb wide = world_model::inflate(world_model::inflate(b));
      if (world_model::rayMayHit(r, b)) {
        hits.push_back({rh.fraction, slotOf(h), h, rh, !boundsOverlap(Aabb{rh.point, rh.point}, wide)});
      }
    }
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
      return a.f < b.f || (a.f == b.f && a.slot < b.slot);
    });
    auto eq = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    auto same = [&eq](const double* rec, const Hit& e) {
      return rec[0] == static_cast<double>(e.h) && eq(rec[1], e.hit.fraction) && eq(rec[2], e.hit.point.x) &&
             eq(rec[3], e.hit.point.y) && eq(rec[4], e.hit.normal.x) && eq(rec[5], e.hit.normal.y);
    };
    std::size_t k = 0;
    for (const Hit& e : hits) {
      if (k < world_.rayHitCount() && same(world_.rayHits().data() + 6 * k, e)) {
        ++k;
      } else if (!e.dubious) {
        std::fprintf(stderr, "  ray %.17g %.17g d %.17g %.17g max %.17g\n", r.origin.x, r.origin.y, r.direction.x,
                     r.direction.y, r.maxFraction);
        print("missing hit on", worldShapeOf(model_.at(e.h).local, model_.at(e.h).xf));
        fail("raycastAll: a hit of brute force is missing");
      }
    }
    if (k != world_.rayHitCount()) {
      std::fprintf(stderr, "  ray %.17g %.17g d %.17g %.17g max %.17g\n", r.origin.x, r.origin.y, r.direction.x,
                   r.direction.y, r.maxFraction);
      for (std::size_t i = 0; i < world_.rayHitCount(); ++i) {
        const double* rec = world_.rayHits().data() + 6 * i;
        std::fprintf(stderr, "  world: %u f %.17g p %.17g %.17g n %.17g %.17g\n", static_cast<unsigned>(rec[0]), rec[1],
                     rec[2], rec[3], rec[4], rec[5]);
      }
      for (const Hit& e : hits) {
        std::fprintf(stderr, "  brute: %u f %.17g p %.17g %.17g n %.17g %.17g%s\n", e.h, e.f, e.hit.point.x,
                     e.hit.point.y, e.hit.normal.x, e.hit.normal.y, e.dubious ? " (dubious)" : "");
        print("    shape", worldShapeOf(model_.at(e.h).local, model_.at(e.h).xf));
      }
    }
    check(k == world_.rayHitCount(), "raycastAll: a hit brute force does not have, or out of order");
    RayHit closest;
    BodyHandle body;
    check(world_.raycast(r, closest, body, m).ok(), "raycast failed");
    const Hit* first = nullptr;
    bool dubiousFirst = false;
    for (const Hit& e : hits) {
      if (e.dubious) {
        dubiousFirst = true;
        continue;
      }
      first = &e;
      break;
    }
    if (!dubiousFirst) {
      check(world_.rayHitCount() == (first == nullptr ? 0u : 1u), "raycast: hit count");
      if (first != nullptr) check(body == first->h && same(world_.rayHits().data(), *first), "raycast: closest differs");
    }
  }

  fuzz::Input& in_;
  World world_;
  std::map<BodyHandle, Model> model_;
  std::vector<BodyHandle> stale_;
  std::set<std::pair<BodyHandle, BodyHandle>> active_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  Run(in).go();
  return 0;
}
