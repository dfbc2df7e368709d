// libFuzzer target: World operation sequences decoded from bytes, checked against brute force over the bodies.
//
// Operations: add (every shape type, valid or not; angles sometimes beyond the World's range of +-1e300),
// addCompound (1..4 parts with offsets, valid or not), addOutline (concave outlines, self-crossing ones too), addChain
// (open or loop, 0..12 points, repeated points and NaN now and then: world_fuzz_chain.h; the case-2 sub-bytes
// 200..247, which no seed of the corpus held: the seeds decode as before; a chain is modelled as a compound of its
// segments, always static, and its pairs' contacts and manifolds are held to the ghost rule's guarantees), remove
// (live or stale handles), setTransform, setTransforms (all bodies), setFilter, setStatic (one body or many),
// setCellSize, step, queryAabb / queryPoint / queryShape, raycast / raycastAll, castShape, moveAndSlide, setSensor
// (operation bytes 240..255: older seeds decode as before but for those bytes), and the documented world shapes (a compound
// body's: each part's). Coordinates come from fuzz_input.h's families, scaled now and then to 1e9..1e17 so that
// transforms round small polygons onto lines. Checked after each operation:
//   * a rejected call changes nothing (body count, handles); an accepted one is mirrored in the model;
//   * getWorldShape is the documented shape (world_model.h), bit for bit; getBounds finite;
//   * step(), in a contact mode that the step count chooses (no input byte: the seeds decode as before): steps 0-2
//     Contacts, 3-5 PairsOnly, 6-8 Manifolds, 9-11 Contacts..., coherence off at every 11th step (so certificates
//     are made over a run of PairsOnly steps with moves between them, given back, made again): the pairs are exactly
//     the pairs whose filters accept, whose getBounds overlap and whose collide() hits (a compound body: some part
//     pair whose getPartBounds overlap), A = the smaller slot; in Contacts mode contacts bit-identical to
//     collide(A, B), in Manifolds mode manifolds bit-identical to collideManifold(A, B) (a compound pair: the deepest
//     part pair's; a pair with a sensor body: the placeholder record, its parts tested as in PairsOnly mode); pairParts() lists, for each pair with a compound body, every touching part pair, the reported
//     one first and the others in part order; events: every end matches an earlier begin, no pair begins twice, and
//     the begun-not-ended set equals the current pairs;
//   * queries: the bodies in the mask whose world shape (a part) overlaps / contains the input, sorted by slot, with
//     the first such part;
//   * rays: every body in the mask that raycast() hits (a compound body: its part hit first), by (fraction, slot); the
//     closest is the first of them;
//   * castShape: invalid input refused (nothing hit); else the hit is cast() of the placed shape on the body's part
//     hit, bit for bit, and no body in the mask whose bounds meet the swept bounds has an earlier hit (fraction, then
//     slot; a body's parts: fraction, then part);
//   * moveAndSlide: every input checked, a zero displacement included; a zero displacement moves nothing; the first
//     leg is castShape's answer (its hit, or the whole displacement); the hits are also in rayHits() in order.
#include <collide2d/world.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "../native/world_model.h"
#include "fuzz_input.h"
#include "world_fuzz_chain.h"
#include "world_fuzz_util.h"

namespace {

class Run {
 public:
  explicit Run(fuzz::Input& in) : in_(in) {}

  void go() {
    int ops = 0;
    while (!in_.empty() && ops++ < 200) {
      const std::uint8_t op = in_.byte();
      if (op >= 240) {
        if (op < 246) {
          castShape();
        } else if (op < 252) {
          slide();
        } else {
          setSensor();
        }
        check(world_.bodyCount() == model_.size(), "body count differs from the model");
        continue;
      }
      switch (op % 15) {
        case 0: case 1: add(); break;
        case 2: {  // (sub-bytes 200..247 were outlines before chains: no seed of the corpus has them there)
          const std::uint8_t b = in_.byte();
          b < 170 ? addCompound() : (b >= 200 && b < 248) ? addChain() : addOutline();
          break;
        }
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
      case 2: {  // (a huge angle as it comes: beyond the World's range of +-1e300 now and then)
        const Vec2 c = point();
        const Vec2 he{size(), size()};
        const double a = in_.finite();
        return Box{c, he, std::fabs(a) > 1e200 ? a : std::fmod(a, 7.0)};
      }
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
    check(anglesInRange(local, xf), "a body with an angle beyond +-1e300 was accepted");
    if (kTrace) {
      std::fprintf(stderr, "add %u at (%.17g, %.17g) angle %.17g\n", h, xf.position.x, xf.position.y, xf.angle);
      print("local", local);
      print("world", worldShapeOf(local, xf));
    }
    check(model_.emplace(h, Model{{local}, xf, f}).second, "handle issued twice");
  }

  void addCompound() {
    if (model_.size() >= 48) return;
    std::vector<BodyPart> parts(1 + in_.byte() % 4);
    bool valid = true;
    for (BodyPart& p : parts) {
      bool v = true;
      p.shape = localShape(v);
      valid = valid && v;
      if (in_.byte() < 160) p.offset = transform();
    }
    const Transform xf = transform();
    const Filter f = filter();
    BodyHandle h = 12345;
    std::size_t failed = 0;
    const std::size_t before = world_.bodyCount();
    const Status s = world_.addCompound(parts, xf, 0, f, h, &failed);
    if (!s) {
      check(h == kNullBody && world_.bodyCount() == before, "a rejected addCompound changed the world");
      check(s.error != Error::OutOfMemory, "out of memory");
      if (s.error != Error::InvalidArgument && failed == SIZE_MAX) {  // (not a part's: the body's own transform)
        check(!validate(xf).ok(), "addCompound rejected a valid transform without naming a part");
      } else if (s.error != Error::InvalidArgument) {
        check(failed < parts.size() && (!validate(parts[failed].shape) || !validate(parts[failed].offset)),
              "addCompound rejected a valid part");
      }
      return;
    }
    Model m{{}, xf, f};
    m.compound = true;
    check(std::fabs(xf.angle) <= 1e300, "addCompound accepted an angle beyond +-1e300");
    for (const BodyPart& p : parts) {
      check(validate(p.shape).ok() && validate(p.offset).ok(), "addCompound accepted an invalid part");
      check(anglesInRange(p.shape, p.offset), "addCompound accepted a part angle beyond +-1e300");
      m.parts.push_back(worldShapeOf(p.shape, p.offset));
    }
    check(model_.emplace(h, std::move(m)).second, "handle issued twice");
  }

  // A star (alternating radii: concave, sometimes convex), or points in any order (often self-crossing).
  void addOutline() {
    if (model_.size() >= 48) return;
    std::vector<Vec2> pts;
    const int n = 3 + in_.byte() % 10;
    const Vec2 c = point();
    const double r = size() + 0.5;
    const bool scrambled = in_.byte() < 64;
    for (int k = 0; k < n; ++k) {
      const double a = 6.283185307179586 * k / n;
      const double rk = r * (k % 2 == 0 ? 1.0 : (in_.byte() + 10) / 280.0);
      pts.push_back(scrambled ? point() : c + Vec2{rk * std::cos(a), rk * std::sin(a)});
    }
    const Transform xf = transform();
    BodyHandle h = 12345;
    DecomposeInfo info;
    const std::size_t before = world_.bodyCount();
    const Status s = world_.addOutline(pts, xf, 0, {}, h, &info);
    std::vector<Polygon> pieces;
    const Status d = decompose(pts, pieces);
    if (!s) {
      if (kTrace) {
        std::fprintf(stderr, "addOutline rejected: error %d field %s, decompose %s (%zu pieces); at (%.17g, %.17g) angle %.17g\n",
                     static_cast<int>(s.error), s.field, d ? "ok" : "refused", pieces.size(), xf.position.x,
                     xf.position.y, xf.angle);
        for (const Vec2 p : pts) std::fprintf(stderr, "  point %a %a\n", p.x, p.y);
      }
      check(h == kNullBody && world_.bodyCount() == before, "a rejected addOutline changed the world");
      // (an outline decompose() splits is refused only for its place: an invalid transform, or one that puts it out
      // of range, InvalidArgument)
      check(!d || s.error == Error::InvalidArgument || !validate(xf).ok(),
            "addOutline rejected an outline decompose() splits");
      return;
    }
    check(d.ok(), "addOutline accepted an outline decompose() rejects");
    Model m{{}, xf, {}};
    Polygon convex;
    if (Polygon::create(pts, convex)) {
      m.parts.push_back(convex);
    } else {
      m.compound = pieces.size() > 1;
      for (const Polygon& p : pieces) m.parts.push_back(worldShapeOf(p, Transform{}));
    }
    check(model_.emplace(h, std::move(m)).second, "handle issued twice");
  }

  // A chain (world_fuzz_chain.h): open or a loop of 0..12 points (too few now and then), a walk along x (a floor
  // with steps), points around a centre (a loop's outline, convex or a star), or points anywhere (crossing itself);
  // now and then a point repeated (a zero-length segment) or a raw number (NaN, infinities).
  void addChain() {
    if (model_.size() >= 48) return;
    const bool loop = in_.byte() % 2 == 0;
    const int n = in_.byte() % 13;
    const std::uint8_t kind = in_.byte();
    const Vec2 c = point();
    const double r = size() + 0.5;
    std::vector<Vec2> pts;
    for (int k = 0; k < n; ++k) {
      const std::uint8_t e = in_.byte();
      if (e < 8 && !pts.empty()) {
        pts.push_back(pts.back());
      } else if (e < 12) {
        pts.push_back({in_.number(), in_.number()});
      } else if (kind < 96) {
        const Vec2 from = pts.empty() ? c : pts.back();
        pts.push_back(from + Vec2{std::fabs(std::fmod(in_.finite(), 8.0)), std::fmod(in_.finite(), 4.0)});
      } else if (kind < 192) {
        const double a = 6.283185307179586 * k / n;
        const double rk = r * (k % 2 == 0 || kind < 144 ? 1.0 : (e + 10) / 280.0);
        pts.push_back(c + Vec2{rk * std::cos(a), rk * std::sin(a)});
      } else {
        pts.push_back(point());
      }
    }
    const Transform xf = transform();
    const Filter f = filter();
    BodyHandle h = 12345;
    std::size_t failed = 0;
    const std::size_t before = world_.bodyCount();
    const Status s = world_.addChain(pts, loop, xf, 0, f, h, &failed);
    std::size_t failedWant = 0;
    const Status want = expectedChainStatus(pts, loop, xf, failedWant);
    if (kTrace) {
      std::fprintf(stderr, "addChain %u (%s, %zu points, %s %s at %zu) at (%.17g, %.17g) angle %.17g\n", h,
                   loop ? "loop" : "open", pts.size(), s.ok() ? "ok" : "refused", s.field, failed, xf.position.x,
                   xf.position.y, xf.angle);
      for (const Vec2 v : pts) std::fprintf(stderr, "  (%.17g, %.17g)\n", v.x, v.y);
    }
    if (!s) {
      check(h == kNullBody && world_.bodyCount() == before, "a rejected addChain changed the world");
      check(s.error != Error::OutOfMemory, "addChain: out of memory");
      const bool beyond = want.ok() && s.error == Error::InvalidArgument && failed < pts.size();  // (not modelled)
      check(beyond || (s.error == want.error && failed == failedWant), "addChain: the error differs from world.h's");
      return;
    }
    check(want.ok(), "addChain accepted points or a transform world.h refuses");
    Model m{chainSegments(pts, loop), xf, f};
    m.compound = m.chain = m.isStatic = true;
    check(model_.emplace(h, std::move(m)).second, "handle issued twice");
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
    if (model_.count(h) == 0 || !validate(xf) || std::fabs(xf.angle) > 1e300) {
      check(!s.ok(), "setTransform accepted a stale handle, a bad transform or an angle beyond +-1e300");
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
    const bool live = model_.count(h) == 1;
    const bool chain = live && model_.at(h).chain;  // (a chain is always static: setStatic(chain, false) refused)
    check(s.ok() == (live && (on || !chain)), "setStatic: status disagrees with the model");
    check(s.ok() || !chain || (s.error == Error::InvalidArgument && std::string_view(s.field) == "handle"),
          "setStatic(chain, false): not InvalidArgument \"handle\"");
    if (s) model_.at(h).isStatic = on;
    bool got = !on;
    check(world_.getStatic(h, got).ok() == live && (!live || got == model_.at(h).isStatic),
          "getStatic disagrees with setStatic");
  }

  void setSensor() {
    const BodyHandle h = pick();
    const bool on = in_.byte() % 2 == 0;
    const Status s = world_.setSensor(h, on);
    check(s.ok() == (model_.count(h) == 1), "setSensor: status disagrees with the model");
    if (s) model_.at(h).sensor = on;
    bool got = !on;
    check(world_.getSensor(h, got).ok() == s.ok() && (!s || got == on), "getSensor disagrees with setSensor");
  }

  void shapes() {
    for (const auto& [h, m] : model_) {
      std::size_t count = 0;
      check(world_.getPartCount(h, count).ok() && count == m.parts.size(), "part count differs from the model");
      Shape s;
      check(world_.getWorldShape(h, s).ok() == !m.compound, "getWorldShape of a compound body");
      ShapeType type = ShapeType::Circle;
      check(world_.getShapeType(h, type).ok() && (type == ShapeType::Chain) == m.chain, "getShapeType of a chain");
      const std::vector<Shape> world = m.world();
      Aabb b;
      check(world_.getBounds(h, b).ok(), "getBounds failed");
      check(finiteBox(b), "getBounds not finite");
      for (std::size_t k = 0; k < count; ++k) {
        check(world_.getPartShape(h, k, s).ok(), "getPartShape failed");
        check(sameBits(s, world[k]), "world shape differs from the documented one");
        const Aabb e = std::visit([](const auto& x) { return bounds(x); }, s);
        check(b.min.x <= e.min.x && b.min.y <= e.min.y && e.max.x <= b.max.x && e.max.y <= b.max.y,
              "getBounds does not contain the shape's bounds");
      }
    }
  }

  Aabb partBounds(BodyHandle h, std::size_t k) {
    Aabb b;
    (void)world_.getPartBounds(h, k, b);
    return b;
  }

  // What a mode's test says of one part pair: touching, and its depth (the deepest manifold point in Manifolds mode).
  struct PartTest {
    bool touch = false;
    double depth = 0.0;
    Contact contact;
    Manifold manifold;
  };
  static PartTest testParts(ContactMode mode, const Shape& a, const Shape& b) {
    PartTest t;
    if (mode == ContactMode::PairsOnly) {
      t.touch = overlaps(a, b);
    } else if (mode == ContactMode::Manifolds) {
      t.manifold = collideManifold(a, b);
      t.touch = t.manifold.count > 0;
      if (t.touch) t.depth = deepest(t.manifold);
    } else {
      t.contact = collide(a, b);
      t.touch = t.contact.hit;
      t.depth = t.contact.depth;
    }
    return t;
  }

  void step() {
    shapes();
    static constexpr ContactMode kModes[3] = {ContactMode::Contacts, ContactMode::PairsOnly, ContactMode::Manifolds};
    const ContactMode mode = kModes[(steps_ / 3) % 3];
    world_.setContactMode(mode);
    world_.setCoherence(steps_ % 11 != 10);
    ++steps_;
    const Status s = world_.step();
    check(s.ok(), "step failed");
    // Brute force: for each pair, its touching part pairs by the mode's test (the reported one first: the deepest,
    // the first in part order on ties; PairsOnly: the first), and whether collide() says it touches.
    struct Want {
      PartTest best;
      std::vector<std::pair<std::uint32_t, std::uint32_t>> parts;  // reported first, then the others in part order
      bool compound = false;
      bool sensor = false;
      int chain = -1;  // a pair with a chain: 0 when A is the chain, 1 when B is (its parts then in part order)
    };
    std::map<std::pair<BodyHandle, BodyHandle>, Want> want;
    std::vector<std::pair<BodyHandle, std::vector<Shape>>> all;
    for (const auto& [h, m] : model_) all.emplace_back(h, m.world());
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
        const std::vector<Shape>& pa = all[a].second;
        const std::vector<Shape>& pb = all[b].second;
        const bool compound = model_.at(ha).compound || model_.at(hb).compound;
        Want w;
        w.compound = compound;
        w.sensor = model_.at(ha).sensor || model_.at(hb).sensor;
        w.chain = model_.at(ha).chain ? 0 : model_.at(hb).chain ? 1 : -1;
        const ContactMode pairMode = w.sensor ? ContactMode::PairsOnly : mode;
        bool collides = false;
        std::size_t bestAt = 0;
        for (std::uint32_t x = 0; x < pa.size(); ++x) {
          for (std::uint32_t y = 0; y < pb.size(); ++y) {
            if ((pa.size() > 1 || pb.size() > 1 || w.chain >= 0) && !boundsOverlap(partBounds(ha, x), partBounds(hb, y))) continue;
            collides = collides || collide(pa[x], pb[y]).hit;
            const PartTest t = testParts(pairMode, pa[x], pb[y]);
            if (!t.touch) continue;
            if (w.parts.empty() || t.depth > w.best.depth) {
              w.best = t;
              bestAt = w.parts.size();
            }
            w.parts.push_back({x, y});
          }
        }
        check(collides == !w.parts.empty(), "a pair touches in one contact mode and not by collide()");
        if (w.parts.empty()) continue;
        if (w.chain < 0) std::rotate(w.parts.begin(), w.parts.begin() + static_cast<std::ptrdiff_t>(bestAt),
                    w.parts.begin() + static_cast<std::ptrdiff_t>(bestAt) + 1);
        want.emplace(std::make_pair(ha, hb), std::move(w));
      }
    }
    if (kTrace) std::fprintf(stderr, "step: %zu pairs, cell %.17g, quiet %d, candidates %zu\n", world_.pairCount(), world_.cellSize(), world_.stepStats().quiet ? 1 : 0, world_.stepStats().candidates);
    if (world_.pairCount() != want.size()) {
      std::set<std::pair<BodyHandle, BodyHandle>> got;
      for (std::size_t p = 0; p < world_.pairCount(); ++p) got.insert({world_.pairBodies()[2 * p], world_.pairBodies()[2 * p + 1]});
      for (const auto& [key, w] : want) {
        if (got.count(key) == 0) std::fprintf(stderr, "  missing pair %u %u\n", key.first, key.second);
      }
      for (const auto& key : got) {
        if (want.count(key) == 0) std::fprintf(stderr, "  extra pair %u %u\n", key.first, key.second);
      }
      for (const auto& [h, m] : model_) {
        Aabb b;
        (void)world_.getBounds(h, b);
        std::fprintf(stderr, "  body %u static %d filter %u/%u/%d bounds %.17g %.17g %.17g %.17g\n", h, m.isStatic ? 1 : 0,
                     m.filter.category, m.filter.mask, m.filter.group, b.min.x, b.min.y, b.max.x, b.max.y);
      }
    }
    check(world_.pairCount() == want.size(), "pair count differs from brute force");
    check(mode == ContactMode::Contacts || world_.pairContacts().empty(), "contacts outside Contacts mode");
    check(mode == ContactMode::Manifolds || world_.pairManifolds().empty(), "manifolds outside Manifolds mode");
    const auto rec = world_.pairParts();
    std::size_t r = 0, records = 0;
    std::set<std::pair<BodyHandle, BodyHandle>> now;
    for (std::size_t p = 0; p < world_.pairCount(); ++p) {
      const std::pair<BodyHandle, BodyHandle> key{world_.pairBodies()[2 * p], world_.pairBodies()[2 * p + 1]};
      const auto it = want.find(key);
      check(it != want.end(), "a pair brute force does not have");
      check(now.insert(key).second, "a pair twice");
      const Want& w = it->second;
      if (w.chain >= 0 && !w.sensor && mode != ContactMode::PairsOnly) {
        // The ghost rule (world_fuzz_chain.h): the reported part pair's record, checked for what the rule keeps.
        check(r + 2 < rec.size() && rec[r] == p, "pairParts: a chain pair without its part records");
        const std::vector<Shape> pa = model_.at(key.first).world(), pb = model_.at(key.second).world();
        const std::uint32_t x = rec[r + 1], y = rec[r + 2];
        check(x < pa.size() && y < pb.size(), "pairParts: no such part");
        const Segment& seg = std::get<Segment>(w.chain == 0 ? pa[x] : pb[y]);
        if (mode == ContactMode::Contacts) {
          check(checkChainContact(world_.pairContacts().data() + 5 * p, collide(pa[x], pb[y]), seg),
                "a chain pair's contact: not collide()'s nor a unit face normal of the segment");
        } else {
          check(checkChainManifold(world_.pairManifolds().data() + World::kPairManifoldStride * p,
                                   collideManifold(pa[x], pb[y]), seg),
                "a chain pair's manifold: not collideManifold()'s nor one point on a unit face normal");
        }
      } else if (mode == ContactMode::Contacts) {
        const double nan = NAN;
        const Contact& c = w.best.contact;
        const double* got = world_.pairContacts().data() + 5 * p;
        const double exp[5] = {c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y};
        for (int k = 0; k < 5; ++k) {
          check(sameDouble(got[k], w.sensor ? nan : exp[k]), "contact differs from collide() (a sensor's: NaN)");
        }
      } else if (mode == ContactMode::Manifolds) {
        Manifold m = w.best.manifold;
        if (w.sensor) {
          m = Manifold{};
          m.normal = {NAN, NAN};
        }
        const double* got = world_.pairManifolds().data() + World::kPairManifoldStride * p;
        double exp[World::kPairManifoldStride] = {m.normal.x, m.normal.y, static_cast<double>(m.count)};
        for (int k = 0; k < m.count; ++k) {
          exp[3 + 4 * k] = m.points[k].point.x;
          exp[4 + 4 * k] = m.points[k].point.y;
          exp[5 + 4 * k] = m.points[k].depth;
          exp[6 + 4 * k] = static_cast<double>(m.points[k].id);
        }
        for (std::size_t k = 0; k < World::kPairManifoldStride; ++k) {
          check(sameDouble(got[k], exp[k]), "manifold differs from collideManifold()");
        }
      }
      if (!w.compound) continue;
      // Its part records: every touching part pair, the reported one first, then the others in part order. (A chain
      // pair's reported one is the deepest after the ghost rule: any of them, in Contacts and Manifolds mode.)
      std::vector<std::pair<std::uint32_t, std::uint32_t>> order = w.parts;
      if (w.chain >= 0 && r + 2 < rec.size()) {
        const auto at = std::find(order.begin(), order.end(), std::make_pair(rec[r + 1], rec[r + 2]));
        check(at != order.end(), "pairParts: a chain pair's reported part pair does not touch");
        std::rotate(order.begin(), at, at + 1);
      }
      for (const auto& [x, y] : order) {
        check(r + 2 < rec.size() && rec[r] == p && rec[r + 1] == x && rec[r + 2] == y,
              "pairParts differs from brute force");
        r += World::kPairPartStride;
        ++records;
      }
    }
    check(r == rec.size() && records * World::kPairPartStride == rec.size(), "pairParts: records brute force lacks");
    const auto ends = world_.endEvents();
    for (std::size_t e = 0; e < ends.size(); e += 2) check(active_.erase({ends[e], ends[e + 1]}) == 1, "end without begin");
    const auto begins = world_.beginEvents();
    for (std::size_t e = 0; e < begins.size(); e += 2) check(active_.insert({begins[e], begins[e + 1]}).second, "begin twice");
    check(active_ == now, "events disagree with the pairs");
  }

  // -- shape casts and move-and-slide -----------------------------------------------------------------------------

  // The placed query shape (world.h: as a body's shape, a polygon by Polygon::transformed) and whether the World
  // accepts the query: valid shape and transform, angles in range, the bounds and the swept bounds finite.
  static Shape placed(const Shape& local, const Transform& xf) {
    if (const Polygon* p = std::get_if<Polygon>(&local)) return p->transformed(xf);
    return worldShapeOf(local, xf);
  }
  static bool acceptable(const Shape& local, const Transform& xf, Vec2 d) {
    if (!validate(local) || !validate(xf) || !anglesInRange(local, xf) || !validate(d)) return false;
    const Aabb b = std::visit([](const auto& x) { return bounds(x); }, placed(local, xf));
    const Aabb e{b.min + d, b.max + d};
    return finiteBox(b) && finiteBox(e);
  }

  Vec2 motion() {
    const std::uint8_t k = in_.byte();
    if (k < 48) return {};
    if (k < 56) return {in_.number(), in_.number()};  // NaN, infinities
    return {std::fmod(in_.finite(), 64.0), std::fmod(in_.finite(), 64.0)};
  }

  // castShape against brute force: see the top of this file. The World considers every body whose bounds meet the
  // swept bounds widened by 2^-38 S (S: the largest |coordinate| of the query, its translation and the world's
  // bounds); brute force uses the union of the bodies' bounds for the world's (never larger than the World's own), so
  // every body it considers, the World considers too.
  void castShape() {
    const std::uint32_t m = mask();
    bool valid = true;
    const Shape local = localShape(valid);
    const Transform xf = transform();
    const Vec2 d = motion();
    WorldCastHit h;
    const Status s = world_.castShape(local, xf, d, h, m);
    if (kTrace) {
      std::fprintf(stderr, "castShape at (%.17g, %.17g) angle %.17g by (%.17g, %.17g): %s %s, hit %d body %u f %.17g\n",
                   xf.position.x, xf.position.y, xf.angle, d.x, d.y, s.ok() ? "ok" : "refused", s.field, h.hit ? 1 : 0,
                   h.body, h.fraction);
      print("shape", local);
    }
    if (!acceptable(local, xf, d)) {
      check(!s.ok() && !h.hit && world_.rayHitCount() == 0, "castShape accepted invalid input");
      return;
    }
    check(s.ok(), "castShape refused valid input");
    check(world_.rayHitCount() == (h.hit ? 1u : 0u), "castShape: rayHits count");
    if (h.hit) {
      const double* rec = world_.rayHits().data();
      check(rec[0] == static_cast<double>(h.body) && sameDouble(rec[1], h.fraction) && sameDouble(rec[2], h.point.x) &&
                sameDouble(rec[3], h.point.y) && sameDouble(rec[4], h.normal.x) && sameDouble(rec[5], h.normal.y) &&
                world_.rayHitParts().size() == 1 && world_.rayHitParts()[0] == h.part,
            "castShape: the rayHits record differs from the hit");
    }
    const Shape q = placed(local, xf);
    const Aabb qb = std::visit([](const auto& x) { return bounds(x); }, q);
    double scale = std::max({maxAbs(qb.min), maxAbs(qb.max), maxAbs(d)});
    for (const auto& [hh, md] : model_) {
      Aabb b;
      (void)world_.getBounds(hh, b);
      scale = std::max({scale, maxAbs(b.min), maxAbs(b.max)});
    }
    const double margin = std::ldexp(scale, -38);
    const Aabb swept{{std::min(qb.min.x, qb.min.x + d.x) - margin, std::min(qb.min.y, qb.min.y + d.y) - margin},
                     {std::max(qb.max.x, qb.max.x + d.x) + margin, std::max(qb.max.y, qb.max.y + d.y) + margin}};
    const Motion moving{d, 0.0}, still{};
    // Each body's best part hit among its parts whose bounds meet the swept bounds.
    auto bestOf = [&](BodyHandle body, const Model& md, WorldCastHit& out) {
      out = WorldCastHit{};
      const std::vector<Shape> parts = md.world();
      for (std::uint32_t k = 0; k < parts.size(); ++k) {
        if (!boundsOverlap(partBounds(body, k), swept)) continue;
        const CastHit c = cast(q, moving, parts[k], still);
        if (c.hit && (!out.hit || c.fraction < out.fraction)) out = WorldCastHit{true, body, c.fraction, c.point, c.normal, k};
      }
    };
    if (h.hit) {
      const auto it = model_.find(h.body);
      check(it != model_.end() && (it->second.filter.category & m) != 0, "castShape hit a body outside the mask");
      const std::vector<Shape> parts = it->second.world();
      check(h.part < parts.size(), "castShape: no such part");
      const CastHit c = cast(q, moving, parts[h.part], still);
      check(c.hit && sameHit(h, WorldCastHit{true, h.body, c.fraction, c.point, c.normal, h.part}),
            "castShape: the hit differs from cast() on that part");
      WorldCastHit own;
      bestOf(h.body, it->second, own);
      check(!own.hit || own.fraction > h.fraction || (own.fraction == h.fraction && own.part >= h.part),
            "castShape: an earlier part of the body hit");
    }
    for (const auto& [hh, md] : model_) {
      if ((md.filter.category & m) == 0 || hh == h.body) continue;
      WorldCastHit other;
      bestOf(hh, md, other);
      if (!other.hit) continue;
      check(h.hit, "castShape missed a body that brute force hits");
      check(other.fraction > h.fraction || (other.fraction == h.fraction && slotOf(hh) > slotOf(h.body)),
            "castShape: brute force has an earlier hit");
    }
  }

  void slide() {
    const std::uint32_t m = mask();
    bool valid = true;
    const Shape local = localShape(valid);
    const Transform xf = transform();
    const Vec2 d = motion();
    const int iterations = static_cast<int>(in_.byte() % 11) - 1;  // -1 .. 9: outside 1 .. 8 refused
    WorldSlideResult out;
    const Status s = world_.moveAndSlide(local, xf, d, iterations, out, m);
    if (kTrace) {
      std::fprintf(stderr, "moveAndSlide at (%.17g, %.17g) angle %.17g by (%.17g, %.17g): %s %s, %d hits, at (%.17g, %.17g)\n",
                   xf.position.x, xf.position.y, xf.angle, d.x, d.y, s.ok() ? "ok" : "refused", s.field, out.hitCount,
                   out.position.x, out.position.y);
      print("shape", local);
    }
    if (!acceptable(local, xf, d) || iterations < 1 || iterations > WorldSlideResult::kMaxIterations) {
      check(!s.ok() && out.hitCount == 0 && out.iterations == 0 && world_.rayHitCount() == 0,
            "moveAndSlide accepted invalid input");
      check(sameDouble(out.position.x, xf.position.x) && sameDouble(out.position.y, xf.position.y),
            "moveAndSlide moved on bad input");
      return;
    }
    check(s.ok(), "moveAndSlide refused valid input");
    check(out.iterations <= iterations && out.hitCount <= out.iterations,
          "moveAndSlide: more legs than allowed");
    check(world_.rayHitCount() == static_cast<std::size_t>(out.hitCount) &&
              world_.rayHitParts().size() == static_cast<std::size_t>(out.hitCount),
          "moveAndSlide: rayHits count");
    for (int k = 0; k < out.hitCount; ++k) {
      const WorldCastHit& hk = out.hits[k];
      const double* rec = world_.rayHits().data() + World::kRayHitStride * static_cast<std::size_t>(k);
      check(hk.hit && model_.count(hk.body) == 1 && hk.fraction >= 0.0 && hk.fraction <= 1.0, "moveAndSlide: a bad hit");
      check(rec[0] == static_cast<double>(hk.body) && sameDouble(rec[1], hk.fraction) && world_.rayHitParts()[k] == hk.part,
            "moveAndSlide: rayHits differ from the hits");
    }
    if (d == Vec2{0.0, 0.0}) {
      check(out.iterations == 0 && out.hitCount == 0 && out.position == xf.position, "moveAndSlide moved by nothing");
      return;
    }
    WorldCastHit first;
    check(world_.castShape(local, xf, d, first, m).ok(), "castShape refused the first leg");
    // The mover removes the motion into surfaces touched at the start and passes grazes (mover.cpp): its first hit
    // is castShape's or a later one.
    if (first.hit && out.hitCount >= 1) {
      check(out.hits[0].fraction >= first.fraction, "moveAndSlide: a first hit before castShape's");
    }
  }

  std::uint32_t mask() { return in_.byte() < 180 ? 0xFFFFFFFFu : in_.byte() % 8; }

  // `want`: the bodies found with their parts, by slot.
  void expectResults(const std::vector<std::pair<BodyHandle, std::uint32_t>>& want, const char* what) {
    const auto got = world_.queryResults();
    const auto parts = world_.queryParts();
    check(got.size() == want.size() && parts.size() == want.size(), what);
    for (std::size_t k = 0; k < want.size(); ++k) check(got[k] == want[k].first && parts[k] == want[k].second, what);
  }

  // The first part of body h (in part order) whose bounds meet `box` and that `hit` accepts, or -1. (The World tests
  // a part only when its bounds meet the query's, as it tests a body only when the body's bounds do.)
  template <class Hit> int firstPart(BodyHandle h, const std::vector<Shape>& parts, const Aabb& box, Hit&& hit) {
    for (std::uint32_t k = 0; k < parts.size(); ++k) {
      if (boundsOverlap(box, partBounds(h, k)) && hit(parts[k])) return static_cast<int>(k);
    }
    return -1;
  }

  void query() {
    const std::uint32_t m = mask();
    // (the World, like step(), only tests bodies whose getBounds overlap the query's bounds, widened as getBounds)
    std::vector<std::pair<BodyHandle, std::vector<Shape>>> all;
    std::map<BodyHandle, Aabb> boxes;
    for (const auto& [h, md] : model_) {
      if ((md.filter.category & m) != 0) all.emplace_back(h, md.world());
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
      std::vector<std::pair<BodyHandle, std::uint32_t>> want;
      for (const auto& [h, sh] : all) {
        if (!boundsOverlap(qb, boxes[h])) continue;
        const int k = firstPart(h, sh, qb, [&](const Shape& x) { return overlaps(q, x); });
        if (k >= 0) want.push_back({h, static_cast<std::uint32_t>(k)});
      }
      const auto got = world_.queryResults();
      if (got.size() != want.size()) {
        print("query", q);
        for (const auto& [h, sh] : all) {
          const bool in = std::find(got.begin(), got.end(), h) != got.end();
          const bool expected = std::find_if(want.begin(), want.end(), [h = h](const auto& e) { return e.first == h; }) != want.end();
          if (in != expected) {
            for (const Shape& x : sh) print(in ? "world only" : "brute force only", x);
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
    std::vector<std::pair<BodyHandle, std::uint32_t>> want;
    for (const auto& [h, sh] : all) {
      if (!boundsOverlap(Aabb{p, p}, boxes[h])) continue;
      const int k = firstPart(h, sh, Aabb{p, p}, [&](const Shape& x) { return contains(x, p); });
      if (k >= 0) want.push_back({h, static_cast<std::uint32_t>(k)});
    }
    expectResults(want, "queryPoint differs from brute force");
    const Aabb box{p, p + Vec2{size() * 4, size() * 4}};
    check(world_.queryAabb(box, m).ok(), "queryAabb failed");
    want.clear();
    const Aabb wide = world_model::inflate(box);
    for (const auto& [h, sh] : all) {
      if (!boundsOverlap(wide, boxes[h])) continue;
      // (a box containing the body's bounds meets part 0: the World answers without a narrow phase)
      const Aabb& bb = boxes[h];
      const bool inside = box.min.x <= bb.min.x && box.min.y <= bb.min.y && bb.max.x <= box.max.x && bb.max.y <= box.max.y;
      const int k = inside ? 0 : firstPart(h, sh, wide, [&](const Shape& x) { return overlaps(Shape{box}, x); });
      if (k >= 0) want.push_back({h, static_cast<std::uint32_t>(k)});
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
      std::uint32_t part;
    };
    std::vector<Hit> hits;
    for (const auto& [h, md] : model_) {
      if ((md.filter.category & m) == 0) continue;
      Aabb b;
      (void)world_.getBounds(h, b);
      if (!world_model::rayMayHit(r, b)) continue;
      const std::vector<Shape> parts = md.world();
      RayHit rh;
      std::uint32_t part = 0;
      for (std::uint32_t k = 0; k < parts.size(); ++k) {  // a compound body: its part hit first
        Ray limited = r;
        if (rh.hit) limited.maxFraction = std::min(r.maxFraction, rh.fraction);
        if (md.compound && !world_model::rayMayHit(limited, partBounds(h, k))) continue;
        const RayHit x = raycast(r, parts[k]);
        if (x.hit && (!rh.hit || x.fraction < rh.fraction)) {
          rh = x;
          part = k;
        }
      }
      if (!rh.hit) continue;
      const Aabb wide = world_model::inflate(world_model::inflate(md.compound ? partBounds(h, part) : b));
      hits.push_back({rh.fraction, slotOf(h), h, rh, !boundsOverlap(Aabb{rh.point, rh.point}, wide), part});
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
        check(world_.rayHitParts().size() == world_.rayHitCount() && world_.rayHitParts()[k] == e.part,
              "raycastAll: the part hit differs from brute force");
        ++k;
      } else if (!e.dubious) {
        std::fprintf(stderr, "  ray %.17g %.17g d %.17g %.17g max %.17g\n", r.origin.x, r.origin.y, r.direction.x,
                     r.direction.y, r.maxFraction);
        for (const Shape& x : model_.at(e.h).world()) print("missing hit on", x);
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
        for (const Shape& x : model_.at(e.h).world()) print("    shape", x);
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
  int steps_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  Run(in).go();
  return 0;
}
