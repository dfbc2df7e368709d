// World out of memory (native, where operator new reports failure with std::bad_alloc): this test binary replaces
// the global operator new with one that can be told to fail every allocation from the k-th on. For each allocating
// World call and every k until the call succeeds: the call returns Error::OutOfMemory, throws nothing, and leaves
// the world exactly as it was (bodies, transforms, filters, world shapes, bounds, the last step's pairs, contacts
// and events, the cell size); afterwards the world still works (pairs against brute force). The calls that never
// allocate (setTransform(s), setFilter, remove, setCellSize) succeed with every allocation failing.
// (WebAssembly builds have no exceptions: there the World's growth asks std::malloc first, which returns null under
// -sABORTING_MALLOC=0; this hook cannot reach that path, so these tests are native only.)
#include <collide2d/world.h>

#include <gtest/gtest.h>

#if defined(__cpp_exceptions) && !defined(__EMSCRIPTEN__)

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"  // the replacement pairs malloc with free on purpose
#endif

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

#include "world_check.h"
#include "world_model.h"

namespace {
std::atomic<long> gFailFrom{-1};  // -1: never fail; k >= 0: allocations k, k+1, ... (counted from arming) fail
std::atomic<long> gCount{0};
}  // namespace

void* operator new(std::size_t n) {
  if (gFailFrom.load(std::memory_order_relaxed) >= 0 && gCount.fetch_add(1) >= gFailFrom.load()) throw std::bad_alloc();
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// (the nothrow form too: the World's thread pool is made with it, and its delete must pair with this one's malloc)
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace collide2d;
using world_model::expectPairsMatchBruteForce;
using world_model::sameBits;

void arm(long k) {
  gCount.store(0);
  gFailFrom.store(k);
}
void disarm() { gFailFrom.store(-1); }

struct Snapshot {
  std::vector<BodyHandle> bodies;
  std::vector<Transform> xf;
  std::vector<Filter> filters;
  std::vector<Shape> shapes;
  std::vector<Aabb> bounds;
  std::vector<std::uint32_t> pairs, begins, ends, pairParts;
  std::vector<double> contacts;

  explicit Snapshot(const World& w) {
    bodies.assign(w.bodies().begin(), w.bodies().end());
    for (const BodyHandle h : bodies) {
      Transform t;
      Filter f;
      Shape s;
      Aabb b;
      std::size_t parts = 0;
      EXPECT_TRUE(w.getTransform(h, t).ok() && w.getFilter(h, f).ok() && w.getPartCount(h, parts).ok() &&
                  w.getBounds(h, b).ok());
      xf.push_back(t);
      filters.push_back(f);
      bounds.push_back(b);
      for (std::size_t k = 0; k < parts; ++k) {  // every part (a body of one shape: its world shape)
        EXPECT_TRUE(w.getPartShape(h, k, s).ok());
        shapes.push_back(s);
      }
    }
    pairParts.assign(w.pairParts().begin(), w.pairParts().end());
    pairs.assign(w.pairBodies().begin(), w.pairBodies().end());
    contacts.assign(w.pairContacts().begin(), w.pairContacts().end());
    begins.assign(w.beginEvents().begin(), w.beginEvents().end());
    ends.assign(w.endEvents().begin(), w.endEvents().end());
  }
  void expectSame(const Snapshot& o) const {
    ASSERT_EQ(bodies, o.bodies);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      EXPECT_EQ(xf[i].position, o.xf[i].position);
      EXPECT_EQ(xf[i].angle, o.xf[i].angle);
      EXPECT_EQ(filters[i].category, o.filters[i].category);
      EXPECT_EQ(filters[i].mask, o.filters[i].mask);
      EXPECT_EQ(bounds[i].min, o.bounds[i].min);
      EXPECT_EQ(bounds[i].max, o.bounds[i].max);
    }
    ASSERT_EQ(shapes.size(), o.shapes.size());
    for (std::size_t i = 0; i < shapes.size(); ++i) EXPECT_TRUE(sameBits(shapes[i], o.shapes[i]));
    EXPECT_EQ(pairs, o.pairs);
    EXPECT_EQ(pairParts, o.pairParts);
    EXPECT_EQ(contacts, o.contacts);
    EXPECT_EQ(begins, o.begins);
    EXPECT_EQ(ends, o.ends);
    // (cellSize() is not part of it: a step that fails after rebuilding the grid reports the new grid's cell.)
  }
};

// Runs `call` with allocations failing from the k-th on, k = 0, 1, ...: OutOfMemory and no change until it
// succeeds. Returns how many k failed (at least 1 when the call had to allocate).
template <class Call> int expectAllOrNothing(World& w, Call&& call) {
  for (int k = 0; k < 10000; ++k) {
    const Snapshot before(w);
    Status s;
    bool threw = false;
    arm(k);
    try {
      s = call();
    } catch (...) {
      threw = true;
    }
    disarm();
    EXPECT_FALSE(threw) << "threw at k = " << k;
    if (threw) return k;
    if (s.ok()) return k;
    EXPECT_EQ(s.error, Error::OutOfMemory) << "k = " << k;
    if (s.error != Error::OutOfMemory) return k;
    const Snapshot after(w);
    before.expectSame(after);
    if (::testing::Test::HasFailure()) return k;
  }
  ADD_FAILURE() << "never succeeded";
  return -1;
}

// A world of 400 circles apart, then moved onto a few points: the next step must grow every result buffer.
void build(World& w, std::vector<double>& together) {
  for (int i = 0; i < 400; ++i) {
    BodyHandle h;
    ASSERT_TRUE(w.addCircle({{0, 0}, 1}, {{10.0 * (i % 20), 10.0 * (i / 20)}, 0}, i, {}, h).ok());
    together.insert(together.end(), {0.5 * (i % 3), 0.5 * (i % 4), 0.1 * i});
  }
  ASSERT_TRUE(w.step().ok());
}

TEST(WorldOutOfMemory, StepLeavesTheWorldAndTheLastResultsAsTheyWere) {
  World w;
  std::vector<double> together;
  ASSERT_NO_FATAL_FAILURE(build(w, together));
  // Moving never allocates (every allocation failing), nor asking whether a move would be accepted.
  arm(0);
  const Status checked = w.checkTransform(w.bodies()[0], {{1, 2}, 3});
  const Status refused = w.checkTransform(w.bodies()[0], {{NAN, 0}, 0});
  const Status moved = w.setTransforms(together);
  disarm();
  ASSERT_TRUE(checked.ok());
  ASSERT_EQ(refused.error, Error::NotFinite);
  ASSERT_TRUE(moved.ok());
  const int failures = expectAllOrNothing(w, [&] { return w.step(); });
  EXPECT_GE(failures, 1);  // the step had to allocate
  ASSERT_EQ(w.pairCount(), 400u * 399u / 2u);
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
  // Steady state allocates nothing: the same frame again succeeds with every allocation failing.
  // (after one more frame: the first heavy frame's successor reserves room for as many end events as pairs)
  Status steady = w.step();
  ASSERT_TRUE(steady.ok());
  arm(0);
  steady = w.step();
  disarm();
  EXPECT_TRUE(steady.ok());
  EXPECT_EQ(w.pairCount(), 400u * 399u / 2u);
  // Adding a body whose pairs need more room: the same on the next step, and the events still add up.
  BodyHandle extra;
  expectAllOrNothing(w, [&] { return w.addCircle({{0, 0}, 3}, {{0.5, 0.5}, 0}, -1, {}, extra); });
  expectAllOrNothing(w, [&] { return w.step(); });
  EXPECT_EQ(w.beginEvents().size(), 2u * 400u);
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
}

// Static bodies: setStatic and moving a static body never allocate; a step that must build the static bodies' grid
// and fails anywhere leaves everything as it was, and the step that then succeeds is right (brute force).
TEST(WorldOutOfMemory, StaticBodiesGridIsAllOrNothing) {
  World w;
  std::vector<double> together;
  ASSERT_NO_FATAL_FAILURE(build(w, together));
  std::vector<BodyHandle> statics(w.bodies().begin(), w.bodies().end());
  arm(0);
  for (std::size_t i = 0; i < statics.size(); i += 2) ASSERT_TRUE(w.setStatic(statics[i], true).ok());
  disarm();
  // (a static grid that cannot be built is not an error: its bodies are binned with the moving ones meanwhile)
  expectAllOrNothing(w, [&] { return w.step(); });
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
  ASSERT_TRUE(w.step().ok());
  // Binned now: moving every body (the static ones leave their grid one by one) never allocates, and the next step
  // is all or nothing again (the static grid is rebuilt: more than an eighth of it moved).
  arm(0);
  const Status moved = w.setTransforms(together);
  disarm();
  ASSERT_TRUE(moved.ok());
  expectAllOrNothing(w, [&] { return w.step(); });
  std::size_t pairs = 0;
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w, &pairs));
  EXPECT_GT(pairs, 10000u);
  arm(0);
  for (std::size_t i = 0; i < statics.size(); i += 4) ASSERT_TRUE(w.setStatic(statics[i], false).ok());
  for (std::size_t i = 0; i < 20; ++i) ASSERT_TRUE(w.remove(statics[i]).ok());
  disarm();
  expectAllOrNothing(w, [&] { return w.step(); });
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
}

// Compound bodies: adding one (parts with offsets, polygon parts included) or a concave outline is all or nothing; so
// are reading a part's shapes and a step whose compound pairs need part records; removing one never allocates.
TEST(WorldOutOfMemory, CompoundBodiesAreAllOrNothing) {
  World w;
  std::vector<double> together;
  ASSERT_NO_FATAL_FAILURE(build(w, together));
  const Vec2 tri[3] = {{0, 0}, {4, 0}, {0, 3}};
  Polygon p;
  ASSERT_TRUE(Polygon::create(tri, p).ok());
  const std::vector<BodyPart> parts{{Circle{{0, 0}, 1}, {{1, 0}, 0}}, {p, {{-2, 1}, 0.5}}, {Aabb{{0, 0}, {1, 2}}, {}}};
  const std::vector<Vec2> ell{{0, 0}, {2, 0}, {2, 0.5}, {0.5, 0.5}, {0.5, 2}, {0, 2}};
  BodyHandle a = kNullBody, b = kNullBody;
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addCompound(parts, {{3, 3}, 0.25}, 1, {}, a); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addOutline(ell, {{5, 5}, 0}, 2, {}, b); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { Shape s; return w.getPartShape(a, 1, s); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { Shape s; return w.getLocalPartShape(b, 0, s); }), 1);
  // Everything onto a few points: the compounds touch hundreds of circles.
  std::vector<double> xya = together;
  xya.insert(xya.end(), {0.5, 0.5, 0.0, 0.25, 0.25, 1.0});
  ASSERT_TRUE(w.setTransforms(xya).ok());
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.step(); }), 1);
  EXPECT_GT(w.pairParts().size(), 3u * 400u);
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
  arm(0);
  const Status removed = w.remove(a);
  disarm();
  EXPECT_TRUE(removed.ok());
  expectAllOrNothing(w, [&] { return w.step(); });
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
}

// Chain bodies: adding one is all or nothing; so is a step whose chain pairs need part records (bounded through the
// chain's tree); removing one never allocates.
TEST(WorldOutOfMemory, ChainBodiesAreAllOrNothing) {
  World w;
  std::vector<double> together;
  ASSERT_NO_FATAL_FAILURE(build(w, together));
  std::vector<Vec2> pts;
  for (int i = 0; i <= 200; ++i) pts.push_back({i * 0.1, (i % 2) * 0.05});
  BodyHandle c = kNullBody;
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addChain(pts, false, {{-10, 0.2}, 0}, 3, {}, c); }), 1);
  ASSERT_TRUE(w.isValid(c));
  // The circles onto a few points over the chain: 300 chain pairs, each with several segment records.
  std::vector<BodyHandle> circles;
  for (const BodyHandle h : w.bodies()) {
    if (h != c) circles.push_back(h);
  }
  ASSERT_TRUE(w.setTransforms(circles, together).ok());
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.step(); }), 1);
  std::size_t chainPairs = 0;
  for (std::size_t i = 0; i < w.pairCount(); ++i) chainPairs += w.pairBodies()[2 * i] == c || w.pairBodies()[2 * i + 1] == c;
  EXPECT_EQ(chainPairs, 300u);  // (the circles at y = 1.5 are above it)
  EXPECT_GT(w.pairParts().size(), 3u * 300u);
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.queryAabb(Aabb{{-20, -20}, {20, 20}}); }), 0);
  arm(0);
  const Status removed = w.remove(c);
  disarm();
  EXPECT_TRUE(removed.ok());
}

TEST(WorldOutOfMemory, AddReserveQueriesRaysAndShapes) {
  World w;
  std::vector<double> together;
  ASSERT_NO_FATAL_FAILURE(build(w, together));
  const Vec2 tri[3] = {{0, 0}, {4, 0}, {0, 3}};
  const double xy[8] = {0, 0, 2, 0, 2, 2, 0, 2};
  Polygon p;
  ASSERT_TRUE(Polygon::create(tri, p).ok());
  BodyHandle h = kNullBody;
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addPolygon(std::span<const Vec2>(tri), {{3, 3}, 0.5}, 1, {}, h); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addPolygon(std::span<const double>(xy), {{5, 3}, 0}, 2, {}, h); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addPolygon(p, {{7, 3}, 1}, 3, {}, h); }), 1);
  const Shape ps{p};
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.addShape(ps, {{9, 3}, 2}, 4, {}, h); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { return w.reserve(100000); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { Shape s; return w.getWorldShape(h, s); }), 1);
  EXPECT_GE(expectAllOrNothing(w, [&] { Shape s; return w.getLocalShape(h, s); }), 1);
  // Queries and rays with many results: OutOfMemory with no results, then the right ones.
  for (int round = 0; round < 2; ++round) {
    World q;
    for (int i = 0; i < 300; ++i) {
      BodyHandle b;
      ASSERT_TRUE(q.addCircle({{0, 0}, 1}, {{0.01 * i, 0}, 0}, i, {}, b).ok());
    }
    ASSERT_TRUE(q.step().ok());
    auto query = [&]() -> Status {
      if (round == 0) return q.queryAabb({{-5, -5}, {5, 5}});
      return q.raycastAll(Ray{{-10, 0}, {1, 0}});
    };
    EXPECT_GE(expectAllOrNothing(q, query), 1);
    EXPECT_EQ(round == 0 ? q.queryResults().size() : q.rayHitCount(), 300u);
    arm(0);  // the same query again allocates nothing: it succeeds with every allocation failing
    const Status again = query();
    disarm();
    EXPECT_TRUE(again.ok());
    EXPECT_EQ(round == 0 ? q.queryResults().size() : q.rayHitCount(), 300u);
  }
  // The non-allocating calls, with every allocation failing.
  arm(0);
  const Status a = w.setTransform(w.bodies()[0], {{1, 1}, 0.3});
  const Status b = w.setFilter(w.bodies()[1], {2, 2, 0});
  const Status c = w.remove(w.bodies()[2]);
  const Status d = w.setUserId(w.bodies()[3], 42);
  const double xya[6] = {1, 2, 0.5, 3, 4, 0.25};
  const BodyHandle two[2] = {w.bodies()[4], w.bodies()[5]};
  const Status e = w.setTransforms(two, xya);
  w.setCellSize(4);
  disarm();
  EXPECT_TRUE(a.ok() && b.ok() && c.ok() && d.ok() && e.ok());
  ASSERT_TRUE(w.step().ok());
  ASSERT_NO_FATAL_FAILURE(expectPairsMatchBruteForce(w));
  arm(0);
  w.clear();
  disarm();
  EXPECT_EQ(w.bodyCount(), 0u);
  ASSERT_TRUE(w.step().ok());
  EXPECT_EQ(w.pairCount(), 0u);
}

// moveAndSlide with every controller option, on tiles and a polygon character: once a first call has grown the
// World's buffers (and the mover's polygon), the same calls allocate nothing (every allocation failing).
TEST(WorldOutOfMemory, MoveAndSlideWithOptionsAllocatesNothingOnceWarm) {
  World w;
  for (int x = 0; x < 30; ++x) {
    BodyHandle h;
    ASSERT_TRUE(w.addAabb(Aabb{{static_cast<double>(x), -1}, {x + 1.0, 0}}, {}, 0, {}, h).ok());
    ASSERT_TRUE(w.setStatic(h, true).ok());
  }
  BodyHandle step;
  ASSERT_TRUE(w.addAabb(Aabb{{10, 0}, {30, 0.2}}, {}, 0, {}, step).ok());
  Polygon hexagon;
  const Vec2 pts[6] = {{0.4, 0}, {0.2, 0.35}, {-0.2, 0.35}, {-0.4, 0}, {-0.2, -0.35}, {0.2, -0.35}};
  ASSERT_TRUE(Polygon::create(pts, hexagon).ok());
  SlideOptions o;
  o.skin = 0.01;
  o.up = {0, 1};
  o.maxSlopeAngle = 0.8;
  o.snapToGround = 0.3;
  o.autostep = {0.25, 0.1};
  for (const Shape& shape : {Shape{Aabb{{-0.4, -0.45}, {0.4, 0.45}}}, Shape{hexagon}, Shape{Circle{{0, 0}, 0.4}}}) {
    WorldSlideResult warm, r;
    const Transform at{{9.2, 0.5}, 0};
    ASSERT_TRUE(w.moveAndSlide(shape, at, {0.5, -0.1}, o, warm).ok());
    arm(0);
    const Status s = w.moveAndSlide(shape, at, {0.5, -0.1}, o, r);
    disarm();
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(r.position.x, warm.position.x);
    EXPECT_EQ(r.position.y, warm.position.y);
    EXPECT_EQ(r.hitCount, warm.hitCount);
  }
}

}  // namespace

#endif
