// World internals: the kinematic character controller (World::moveAndSlide), part of the queries (queries.h).
// Conventions and the promises: the top of world.h. How hits are decided and used:
//
// Seams. On a floor (a wall, a ceiling) of convex pieces laid edge to edge, a shape sliding along it touches the
// corner of the next piece at each seam. Such a corner is a vertex of that piece whose adjacent face continues,
// beyond the vertex, as a face of a neighbouring piece with the same outward normal (a "ghost" vertex, Box2D's word
// for the internal vertices of a chain): the surface there is flat, so the contact's normal is that face's normal,
// whatever normal the cast computed from the corner. The cast's hit is then judged against that face:
//   * the motion does not go into the face (motion . normal >= 0) and the shape lies on its outer side (its support
//     along the normal within a few ulps of the face's line): a graze. The body part is skipped for the rest of the
//     leg (it lies behind a line the shape never crosses while moving along or away from it) and the leg is cast
//     again without it;
//   * else a hit whose normal is the face's: the slide follows the face (no lift, no stop at a corner that is not
//     there).
// The same judgement applies to a hit inside one face (the normal: the face's, exactly) and, for a real corner of a
// piece (no face continues), to each of its two faces (a graze when the shape is on the outer side of one of them
// and does not move into it): a graze that rounding made a hit is passed, never followed. Round pieces (circles,
// capsules) keep the cast's answer. These decisions look at the shapes and the motion, not at a rounded residual,
// so they hold whatever the cast's rounding: a shape resting exactly on tiles, a few ulps above them, or landing on
// them. A leg that passed grazes ends checked against the parts it skipped (a few ulps of rounding along a tilted
// face are taken back along its normal), so the shape never ends overlapping a body it started clear of.
#include "world/chain.h"
#include "world/memory.h"
#include "world/placement.h"
#include "world/queries.h"
#include "trig/trig.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace collide2d::world {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kPi = 3.14159265358979323846;

// The faces of a polygonal world shape (counter-clockwise vertices, outward unit normals); count 0 for a round one
// (circle, capsule) or a zero-length segment. A segment is a two-sided face: the 2-gon a -> b -> a.
struct Outline {
  const Vec2* v = nullptr;
  const Vec2* n = nullptr;
  int count = 0;
  Vec2 vb[4], nb[4];  // storage for the Aabb, Box and Segment
  Vec2 vertex(int i) const { return v[i]; }
  Vec2 next(int i) const { return v[i + 1 == count ? 0 : i + 1]; }
};

void outlineOf(const Shape& s, Outline& o) {
  o.count = 0;
  if (const Aabb* a = std::get_if<Aabb>(&s)) {
    o.vb[0] = a->min;
    o.vb[1] = {a->max.x, a->min.y};
    o.vb[2] = a->max;
    o.vb[3] = {a->min.x, a->max.y};
    o.nb[0] = {0.0, -1.0};
    o.nb[1] = {1.0, 0.0};
    o.nb[2] = {0.0, 1.0};
    o.nb[3] = {-1.0, 0.0};
    o.v = o.vb;
    o.n = o.nb;
    o.count = 4;
  } else if (const Box* b = std::get_if<Box>(&s)) {
    b->corners(o.vb);
    for (int i = 0; i < 4; ++i) {
      const Vec2 e = o.vb[(i + 1) & 3] - o.vb[i];
      const double len = length(e);
      if (!(len > 0.0)) return;
      o.nb[i] = Vec2{e.y / len, -e.x / len};
    }
    o.v = o.vb;
    o.n = o.nb;
    o.count = 4;
  } else if (const Polygon* p = std::get_if<Polygon>(&s)) {
    o.v = p->vertices().data();
    o.n = p->normals().data();
    o.count = static_cast<int>(p->vertices().size());
  } else if (const Segment* g = std::get_if<Segment>(&s)) {
    const Vec2 e = g->b - g->a;
    const double len = length(e);
    if (!(len > 0.0)) return;
    o.vb[0] = g->a;
    o.vb[1] = g->b;
    o.nb[0] = Vec2{e.y / len, -e.x / len};
    o.nb[1] = -o.nb[0];
    o.v = o.vb;
    o.n = o.nb;
    o.count = 2;
  }
}

// min over the placed shape of dot(x, e).
// The placed shape and the body's shape overlap with a positive depth (touching is not enough).
bool penetrates(const Shape& q, const Shape& body) {
  const Contact k = collide(q, body);
  return k.hit && k.depth > 0.0;
}


Aabb widen(const Aabb& a, double m) { return {{a.min.x - m, a.min.y - m}, {a.max.x + m, a.max.y + m}}; }

Vec2 unit(Vec2 v) {
  const double l = length(v);
  return l > 0.0 ? v * (1.0 / l) : Vec2{0.0, 0.0};
}

template <class F> void thunkCall(void* p, std::uint32_t k) { (*static_cast<F*>(p))(k); }

// What a cast's hit is, once judged against the faces of the body part hit (see the top of this file).
struct Judged {
  bool graze = false;
  bool outside = false;  ///< the shape lies on the outer side of the face of normal e (e is a face's normal)
  Vec2 e;  ///< the surface's normal, unit, from the body to the shape
};

enum class Kind { Floor, Wall, Ceiling };

}  // namespace

template <class F>
void Queries::visitParts(const BodyStore& store, const BroadPhase& broad, std::uint32_t mask, const Aabb& box, F&& f) {
  const std::uint32_t mark = nextMark(store.size());
  auto test = [&](std::uint32_t k) {
    if (marks_[k] == mark) return;
    marks_[k] = mark;
    if (!boundsOverlap(store.proxies[k].box, box) || (store.proxies[k].filter.category & mask) == 0) return;
    const std::uint32_t index = store.handles[k] & kIndexMask;
    const Pieces pieces = store.piecesAt(k);
    pieces.visit([&](const Aabb& b) { return boundsOverlap(b, box); },
                 [&](std::uint32_t i) { f(index, i, pieces.shapeOf(i)); });
  };
  for (const std::uint32_t l : broad.grid.large) test(l);
  for (const std::uint32_t l : broad.movers.large) test(l);
  for (const std::uint32_t l : broad.statics.large) test(l);
  if (!broad.visitCells(box, thunkCall<decltype(test)>, &test)) {
    for (std::uint32_t k = 0; k < store.size(); ++k) test(k);
  }
}

// Is there, among the bodies of the mask other than (index, part), a polygonal part with a face of outward normal
// `e` (within 1e-9) through the point q (within tol)?
bool Queries::faceContinues(const BodyStore& store, const BroadPhase& broad, std::uint32_t mask, std::uint32_t index,
                            std::uint32_t part, Vec2 q, Vec2 e, double tol) {
  // A chain segment's neighbours first (its own chain's adjacency, exact).
  {
    const Pieces own = store.piecesAt(store.slots[index].dense);
    if (own.chain != nullptr && chainContinues(own.parts, *own.chain, part, q, e, tol)) return true;
  }
  const Aabb box{{q.x - tol, q.y - tol}, {q.x + tol, q.y + tol}};
  bool found = false;
  Outline o;
  visitParts(store, broad, mask, box, [&](std::uint32_t kIndex, std::uint32_t i, const Shape& body) {
    if (found || (kIndex == index && i == part)) return;
    outlineOf(body, o);
    for (int j = 0; j < o.count; ++j) {
      const Vec2 nj = o.n[j];
      if (!(dot(nj, e) >= 1.0 - 1e-9)) continue;
      const Vec2 a = o.vertex(j), b = o.next(j);
      if (!(std::fabs(dot(q - a, nj)) <= tol)) continue;
      const Vec2 along = b - a;
      const double t = dot(q - a, along), len2 = dot(along, along);
      const double slack = tol * std::sqrt(len2);
      if (t >= -slack && t <= len2 + slack) {
        found = true;
        return;
      }
    }
  });
  return found;
}

namespace {

// Judges a cast's hit h of the placed shape q (at the hit) moving by d against the body part's world shape `body`;
// `continues(q, e, tol)` asks whether a neighbour continues a face (Queries::faceContinues).
template <class C>
Judged judge(const Shape& q, Vec2 d, const WorldCastHit& h, const Shape& body, C&& continues) {
  Judged r;
  r.e = -h.normal;
  Outline o;
  outlineOf(body, o);
  if (o.count == 0) return r;  // round: the cast's answer
  const Aabb qb = bounds(q);
  const Vec2 center = (qb.min + qb.max) * 0.5;
  const Aabb bb = bounds(body);
  const double scale = std::max({maxAbs(qb.min), maxAbs(qb.max), maxAbs(bb.min), maxAbs(bb.max), maxAbs(d)});
  const double tol = 64.0 * kEps * scale;  // the rounding of the positions (support on a face line)
  const double extent = std::max(maxAbs(bb.max - bb.min), maxAbs(qb.max - qb.min));
  const double near = std::max(1e-9 * extent, 256.0 * kEps * scale);  // the hit point on a face, at a vertex
  const Vec2 p = h.point;
  // The faces through p (at most two for a convex outline, both sides of a segment), and the vertex it is at.
  int faces[4];
  int faceCount = 0, vertex = -1;
  for (int j = 0; j < o.count && faceCount < 4; ++j) {
    const Vec2 a = o.vertex(j), b = o.next(j);
    if (!(std::fabs(dot(p - a, o.n[j])) <= near)) continue;
    const Vec2 along = b - a;
    const double len = length(along);
    const double t = dot(p - a, along) / len;
    if (!(t >= -near && t <= len + near)) continue;
    faces[faceCount++] = j;
    if (t <= near) vertex = j;
    else if (t >= len - near) vertex = j + 1 == o.count ? 0 : j + 1;
  }
  auto outside = [&](Vec2 e, Vec2 on) { return lowestAlong(q, e) >= dot(on, e) - tol; };
  // Whatever the point and normal the cast computed: a face the shape is outside of and does not move into separates
  // them for the whole leg (a separating axis that the motion keeps): a graze.
  for (int j = 0; j < o.count; ++j) {
    if (dot(d, o.n[j]) >= 0.0 && outside(o.n[j], o.vertex(j))) {
      r.graze = r.outside = true;
      r.e = o.n[j];
      return r;
    }
  }
  if (faceCount == 0) return r;
  if (vertex >= 0) {
    // The faces at the vertex V: the one ending there (prev) and the one starting there (next).
    const int next = vertex, prev = vertex == 0 ? o.count - 1 : vertex - 1;
    const Vec2 V = o.vertex(vertex);
    int best = -1;
    double bestSide = 0.0;
    for (const int j : {prev, next}) {
      const Vec2 a = o.vertex(j), b = o.next(j);
      // beyond V along face j's line, away from face j
      const Vec2 beyond = j == prev ? unit(b - a) : unit(a - b);
      const double len = length(b - a);
      const double side = dot(o.n[j], center - V);
      if (!(side > 0.0)) continue;
      if (!continues(V + beyond * (1e-6 * len), o.n[j], near)) continue;
      if (best < 0 || side > bestSide) {
        best = j;
        bestSide = side;
      }
    }
    if (best >= 0) {  // a ghost vertex: the surface's normal is face best's
      r.e = o.n[best];
      r.outside = outside(r.e, V);
      r.graze = r.outside && dot(d, r.e) >= 0.0;
      return r;
    }
    // A real corner: a graze when the shape is outside one of its faces and does not move into it; a hit on the
    // face it is outside of when there is one such face (the shape meets the corner from that face's side).
    int outsideFace = -1, outsideCount = 0;
    for (const int j : {prev, next}) {
      if (!outside(o.n[j], V)) continue;
      if (dot(d, o.n[j]) >= 0.0) {
        r.graze = r.outside = true;
        r.e = o.n[j];
        return r;
      }
      outsideFace = j;
      ++outsideCount;
    }
    if (outsideCount == 1) {
      r.outside = true;
      r.e = o.n[outsideFace];
    }
    return r;
  }
  // Inside one face (for a segment: the side the shape is on).
  int j = faces[0];
  if (faceCount > 1 && dot(o.n[faces[1]], center - p) > dot(o.n[j], center - p)) j = faces[1];
  if (!(dot(o.n[j], r.e) > 0.5)) return r;  // the cast's normal is not this face's: keep it
  r.e = o.n[j];
  r.outside = outside(r.e, o.vertex(j));
  r.graze = r.outside && dot(d, r.e) >= 0.0;
  return r;
}

Status validateOptions(const SlideOptions& o) {
  if (o.maxIterations < 1 || o.maxIterations > WorldSlideResult::kMaxIterations) {
    return Status{Error::InvalidArgument, "maxIterations"};
  }
  if (!(o.skin >= 0.0) || !std::isfinite(o.skin)) return Status{Error::InvalidArgument, "skin"};
  if (!isFinite(o.up)) return Status{Error::InvalidArgument, "up"};
  const bool upSet = !(o.up == Vec2{0.0, 0.0});
  if (upSet && !(std::fabs(length(o.up) - 1.0) <= 1e-9)) return Status{Error::InvalidArgument, "up"};
  if (std::isnan(o.maxSlopeAngle) || o.maxSlopeAngle > kPi / 2.0) return Status{Error::InvalidArgument, "maxSlopeAngle"};
  if (!(o.snapToGround >= 0.0) || !std::isfinite(o.snapToGround)) return Status{Error::InvalidArgument, "snapToGround"};
  if (!(o.autostep.maxHeight >= 0.0) || !std::isfinite(o.autostep.maxHeight)) {
    return Status{Error::InvalidArgument, "autostep.maxHeight"};
  }
  if (!(o.autostep.minWidth >= 0.0) || !std::isfinite(o.autostep.minWidth)) {
    return Status{Error::InvalidArgument, "autostep.minWidth"};
  }
  if (!upSet && (o.maxSlopeAngle >= 0.0 || o.snapToGround > 0.0 || o.autostep.maxHeight > 0.0)) {
    return Status{Error::InvalidArgument, "up"};
  }
  return {};
}

}  // namespace

// The mover's shape placed at `at` (angle: cos c, sin s) as castShape places it (world.h), in moverShape_ (a
// polygon's storage reused).
const Shape& Queries::placeMover(const Shape& local, Vec2 at, double angle, double c, double s) {
  if (const Polygon* p = std::get_if<Polygon>(&local)) {
    if (!std::holds_alternative<Polygon>(moverPolygon_)) moverPolygon_ = Polygon{};
    p->transformedInto(at, c, s, std::get<Polygon>(moverPolygon_));
    return moverPolygon_;
  } else {
    withPlaced(local, Transform{at, angle}, c, s, castPolygon_, [&](const auto& q) { moverShape_ = q; });
  }
  return moverShape_;
}

Status Queries::moveAndSlide(BodyStore& store, BroadPhase& broad, const Shape& shape, const Transform& xf,
                             Vec2 displacement, const SlideOptions& opt, WorldSlideResult& out, std::uint32_t mask) {
  out = WorldSlideResult{};
  out.position = xf.position;
  rayHits.clear();
  rayHitParts.clear();
  if (Status s = validate(displacement, "displacement"); !s) return s;
  // Every input is checked before anything is skipped: a zero displacement moves nothing, but an invalid shape or
  // transform is still an error (as castShape's legs would report it).
  if (Status s = validatePlacement(shape, xf); !s) return s;
  if (Status s = validateOptions(opt); !s) return s;
  const detail::CosSin turn = detail::cosSin(xf.angle);
  const double c = turn.c, s = turn.s;
  {
    const Aabb b = bounds(placeMover(shape, xf.position, xf.angle, c, s));
    if (!isFinite(b.min) || !isFinite(b.max) || !isFinite(b.min + displacement) || !isFinite(b.max + displacement)) {
      return Status{Error::InvalidArgument, "transform"};
    }
  }
  if (!growExactly(rayHits, World::kRayHitStride * WorldSlideResult::kMaxIterations) ||
      !growExactly(rayHitParts, WorldSlideResult::kMaxIterations)) {
    return outOfMemory();
  }
  // The broad phase first: the surfaces already touched are gathered from its cells before the first cast (which
  // would update it too late), so a World that has not stepped since its bodies were added answers the same.
  if (!broad.update(store.proxies)) return outOfMemory();
  struct SkipReset {  // the skips never outlive this call (castShape reads them)
    int& n;
    ~SkipReset() { n = 0; }
  } reset{skipCount_};

  const Vec2 up = opt.up;
  const bool upSet = !(up == Vec2{0.0, 0.0});
  const bool slopes = opt.maxSlopeAngle >= 0.0;
  const double floorCos = detail::cosSin(slopes ? opt.maxSlopeAngle : kPi / 4.0).c - 1e-12;
  auto kindOf = [&](Vec2 e) {
    const double k = dot(e, up);
    return k >= floorCos ? Kind::Floor : k <= -floorCos ? Kind::Ceiling : Kind::Wall;
  };
  auto note = [&](Vec2 e) {
    if (!upSet) return;
    switch (kindOf(e)) {
      case Kind::Floor:
        out.grounded = true;
        out.groundNormal = e;
        break;
      case Kind::Wall: out.onWall = true; break;
      case Kind::Ceiling: out.onCeiling = true; break;
    }
  };
  auto bodyShape = [&](BodyHandle h, std::uint32_t part) -> const Shape& {
    return store.piecesAt(store.slots[indexOf(h)].dense).shapeOf(part);
  };
  auto overlapsAt = [&](Vec2 at, const Shape& body) { return overlaps(placeMover(shape, at, xf.angle, c, s), body); };
  auto penetratesAt = [&](Vec2 at, const Shape& body) { return penetrates(placeMover(shape, at, xf.angle, c, s), body); };
  // One cast from `from` by `d`, grazes passed (their parts skipped, their normals in skipNormals); the hit judged.
  Vec2 skipNormals[kMaxSkips];
  int preSkips = 0;  // skips set before the leg's cast (surfaces touched at its start)
  auto castLeg = [&](Vec2 from, Vec2 d, WorldCastHit& h, Vec2& e) -> Status {
    skipCount_ = preSkips;
    preSkips = 0;
    for (;;) {
      if (Status st = castImpl(store, broad, shape, Transform{from, xf.angle}, d, mask, h); !st) return st;
      if (!h.hit) return {};
      const Shape& body = bodyShape(h.body, h.part);
      const Judged j = judge(placeMover(shape, from + d * h.fraction, xf.angle, c, s), d, h, body, [&](Vec2 at, Vec2 n, double tol) {
        return faceContinues(store, broad, mask, indexOf(h.body), h.part, at, n, tol);
      });
      e = j.e;
      bool graze = j.graze;
      if (!graze) {  // a chain segment: a neighbour's face may separate them (chain.h, chainSeparates)
        const Pieces own = store.piecesAt(store.slots[indexOf(h.body)].dense);
        Vec2 m;
        if (own.chain != nullptr &&
            chainSeparates(own.parts, *own.chain, h.part, placeMover(shape, from + d * h.fraction, xf.angle, c, s), d, m)) {
          graze = dot(d, m) >= 0.0;  // (else a hit on that face)
          e = m;
        }
      }
      if (!graze || skipCount_ == kMaxSkips) return {};
      skipNormals[skipCount_] = e;
      skips_[skipCount_++] = static_cast<std::uint64_t>(indexOf(h.body)) << 32 | h.part;
    }
  };
  // After a leg that passed grazes: the end must not sink into a part skipped (touching it is the graze); rounding
  // along a tilted face is taken back along its normal, a few ulps at a time (else the leg is not taken).
  auto settle = [&](Vec2 from, Vec2 end) {
    for (int k = 0; k < skipCount_; ++k) {
      const std::uint64_t key = skips_[k];
      const std::uint32_t index = static_cast<std::uint32_t>(key >> 32);
      const Shape& body = store.piecesAt(store.slots[index].dense).shapeOf(static_cast<std::uint32_t>(key));
      double nudge = 4.0 * kEps * std::max(maxAbs(end), maxAbs(end - from));
      int tries = 0;
      while (penetratesAt(end, body)) {
        if (++tries > 12) return from;
        end = end + skipNormals[k] * nudge;
        nudge *= 2.0;
      }
    }
    return end;
  };
  // Moves back along e (out of the surface hit) by the skin, as far as nothing is in the way.
  auto keepSkin = [&](Vec2 at, Vec2 e) {
    if (!(opt.skin > 0.0)) return at;
    WorldCastHit h;
    skipCount_ = 0;
    if (!castImpl(store, broad, shape, Transform{at, xf.angle}, e * opt.skin, mask, h)) return at;
    const Vec2 to = at + e * (opt.skin * h.fraction);
    if (h.hit && overlapsAt(to, bodyShape(h.body, h.part))) return at;
    return to;
  };

  Vec2 pos = xf.position;
  Vec2 previousStart = pos;
  // Moves from `from` by d up to the first hit (judged, grazes passed), backed off while overlapping it.
  auto advance = [&](Vec2 from, Vec2 d, WorldCastHit& h, Vec2& e) -> Vec2 {
    if (!castLeg(from, d, h, e)) {
      h.hit = true;  // (out of range: treated as blocked at once)
      h.fraction = 0.0;
      return from;
    }
    if (!h.hit) return skipCount_ > 0 ? settle(from, from + d) : from + d;
    Vec2 stop = from + d * h.fraction;
    const Shape& body = bodyShape(h.body, h.part);
    const double len = length(d), travelled = len * h.fraction;
    double back = 4.0 * kEps * std::max({maxAbs(from), maxAbs(stop), len});
    for (int k = 0; k < 64 && h.fraction > 0.0 && overlapsAt(stop, body); ++k) {
      stop = back < travelled && k < 63 ? from + d * ((travelled - back) / len) : from;
      back *= 2.0;
    }
    return skipCount_ > 0 ? settle(from, stop) : stop;
  };
  // autostep: a wall met while grounded, the motion across it (rest without its part along up) is tried up by
  // maxHeight, across (with minWidth more free beyond), and down onto a floor at most maxHeight above.
  auto stepUp = [&](Vec2 rest, Vec2 e) {
    const double height = opt.autostep.maxHeight;
    if (!(height > 0.0) || !out.grounded || kindOf(e) != Kind::Wall) return false;
    const Vec2 across = rest - up * dot(rest, up);
    const double len = length(across);
    if (!(len > 0.0) || !(dot(across, e) < 0.0)) return false;
    const Vec2 dir = across * (1.0 / len);
    WorldCastHit h;
    Vec2 n;
    const Vec2 p1 = advance(pos, up * height, h, n);
    const double lift = dot(p1 - pos, up);
    if (!(lift > 0.0)) return false;
    const double need = len + opt.autostep.minWidth;
    advance(p1, dir * need, h, n);
    if (h.hit && h.fraction * need < need * (1.0 - 1e-12)) return false;  // no room to stand
    const Vec2 p2 = p1 + across;
    const Vec2 p3 = advance(p2, up * -lift, h, n);
    if (!h.hit || kindOf(n) != Kind::Floor || !(dot(p3 - pos, up) > 0.0)) return false;
    pos = keepSkin(p3, n);
    out.grounded = true;
    out.groundNormal = n;
    return true;
  };
  Vec2 remaining = displacement;
  Vec2 planes[WorldSlideResult::kMaxIterations];
  int planeCount = 0;
  for (int i = 0; i < opt.maxIterations; ++i) {
    if (remaining == Vec2{0.0, 0.0}) break;
    // The surfaces the shape touches at the start of the leg (Box2D's mover gathers them the same way): the motion
    // into them is removed before the cast, and those it then moves along or away from are skipped by the cast
    // (so the cast never has to decide a start in contact).
    // (Needed on the first leg and after a leg that did not move: a leg that stopped at a hit was backed off until
    // clear of it, and a free leg ends the call.)
    int touchCount = 0;
    std::uint64_t touchKeys[kMaxSkips];
    Vec2 touchNormals[kMaxSkips];
    const bool stuck = pos == previousStart;
    previousStart = pos;
    if (i == 0 || stuck) {
      const Shape& q = placeMover(shape, pos, xf.angle, c, s);
      const Aabb qb = bounds(q);
      const double m = 4.0 * kEps * std::max(maxAbs(qb.min), maxAbs(qb.max));
      visitParts(store, broad, mask, widen(qb, m), [&](std::uint32_t index, std::uint32_t part, const Shape& body) {
        if (touchCount == kMaxSkips || !overlaps(q, body)) return;  // (the boolean first: most are apart)
        const Contact k = collide(q, body);
        if (!k.hit || k.depth > 0.0) return;  // apart, or sunk in (the cast's rule: not a plane)
        WorldCastHit t;
        t.hit = true;
        t.fraction = 0.0;
        t.point = k.point;
        t.normal = k.normal;
        const Judged j = judge(q, remaining, t, body, [&](Vec2 at, Vec2 n, double tol) {
          return faceContinues(store, broad, mask, index, part, at, n, tol);
        });
        Vec2 e = j.e;
        bool outside = j.outside;
        {  // a chain segment: a neighbour's face may separate them (chain.h, chainSeparates)
          const Pieces own = store.piecesAt(store.slots[index].dense);
          Vec2 face;
          if (own.chain != nullptr && chainSeparates(own.parts, *own.chain, part, q, remaining, face)) {
            e = face;
            outside = true;
          }
        }
        if (!outside) return;  // not against a face: the cast's rule
        touchKeys[touchCount] = static_cast<std::uint64_t>(index) << 32 | part;
        touchNormals[touchCount++] = e;
      });
    }
    for (int k = 0; k < touchCount; ++k) {
      if (dot(remaining, touchNormals[k]) < 0.0) note(touchNormals[k]);  // (grounded before a step is tried)
    }
    bool stepped = false;
    for (int k = 0; k < touchCount && !stepped; ++k) {
      const Vec2 e = touchNormals[k];
      const double into = dot(remaining, e);
      if (into < 0.0 && stepUp(remaining, e)) {
        stepped = true;
      } else if (into < 0.0) {
        remaining = remaining - e * into;
        if (dot(remaining, e) < 0.0) remaining = remaining + e * (4.0 * kEps * length(remaining));
        for (int j = 0; j < k; ++j) {
          if (dot(remaining, touchNormals[j]) < -8.0 * kEps * length(remaining)) remaining = {0.0, 0.0};
        }
        if (planeCount < WorldSlideResult::kMaxIterations) planes[planeCount++] = e;
      }
    }
    if (stepped || remaining == Vec2{0.0, 0.0}) break;
    // The cast skips the surfaces touched that the motion now goes along or away from (it stays outside them).
    preSkips = 0;
    for (int k = 0; k < touchCount; ++k) {
      if (dot(remaining, touchNormals[k]) >= 0.0) {
        skipNormals[preSkips] = touchNormals[k];
        skips_[preSkips++] = touchKeys[k];
      }
    }
    WorldCastHit h;
    Vec2 e;
    if (Status st = castLeg(pos, remaining, h, e); !st) {
      if (i == 0) return st;  // bad shape / transform: nothing moved
      break;                  // (a later leg out of range: stop where we are)
    }
    ++out.iterations;
    if (!h.hit) {
      pos = skipCount_ > 0 ? settle(pos, pos + remaining) : pos + remaining;
      break;
    }
    // Stop at the hit; back off along the leg while rounding leaves the placed shape overlapping the body hit.
    Vec2 stop = pos + remaining * h.fraction;
    if (h.fraction > 0.0) {
      const Shape& body = bodyShape(h.body, h.part);
      const double len = length(remaining);
      const double travelled = len * h.fraction;
      double back = 4.0 * kEps * std::max({maxAbs(pos), maxAbs(stop), len});
      for (int k = 0; k < 64; ++k) {
        if (!overlapsAt(stop, body)) break;
        if (!(back < travelled) || k == 63) {
          stop = pos;
          break;
        }
        stop = pos + remaining * ((travelled - back) / len);
        back *= 2.0;
      }
    }
    if (skipCount_ > 0) stop = settle(pos, stop);
    pos = keepSkin(stop, e);
    h.normal = -e;
    out.hits[out.hitCount++] = h;
    appendRecord(rayHits, rayHitParts, h);
    note(e);
    // The rest of this leg, without its component into the surface (e: from the body to the shape).
    Vec2 rest = remaining * (1.0 - h.fraction);
    if (stepUp(rest, e)) break;
    Vec2 plane = e;
    if (slopes) {
      const Kind kind = kindOf(e);
      if (kind == Kind::Floor && dot(rest, up) < 0.0) {
        rest = rest - up * dot(rest, up);  // standing on a floor: the motion down along up is taken by it
      } else if (kind == Kind::Wall && dot(e, up) > 0.0) {
        // A slope too steep: it is a wall for the motion across it (never climbed); down along it, gravity slides.
        const Vec2 across = unit(e - up * dot(e, up));
        const Vec2 along = rest - e * dot(rest, e);
        if (dot(along, up) > 0.0 && !(across == Vec2{0.0, 0.0})) plane = across;
      }
    }
    const double into = dot(rest, plane);
    if (into < 0.0) {
      rest = rest - plane * into;
      if (dot(rest, plane) < 0.0) rest = rest + plane * (4.0 * kEps * length(rest));  // (a rounded tilted plane)
    }
    for (int k = 0; k < planeCount; ++k) {
      if (dot(rest, planes[k]) < -8.0 * kEps * length(rest)) rest = {0.0, 0.0};  // a corner: stop
    }
    planes[planeCount++] = plane;
    remaining = rest;
  }
  skipCount_ = 0;
  // Snap to the ground: a move that does not go up and met no floor goes down by up to snapToGround onto one.
  if (opt.snapToGround > 0.0 && !out.grounded && dot(displacement, up) <= 0.0) {
    WorldCastHit h;
    Vec2 e;
    const Vec2 down = up * -opt.snapToGround;
    if (castLeg(pos, down, h, e) && h.hit && kindOf(e) == Kind::Floor) {
      Vec2 stop = pos + down * h.fraction;
      const Shape& body = bodyShape(h.body, h.part);
      double back = 4.0 * kEps * std::max(maxAbs(pos), opt.snapToGround);
      for (int k = 0; k < 64 && overlapsAt(stop, body); ++k) {
        const double f = h.fraction - back / opt.snapToGround;
        stop = f > 0.0 && k < 63 ? pos + down * f : pos;
        back *= 2.0;
      }
      if (skipCount_ > 0) stop = settle(pos, stop);
      pos = keepSkin(stop, e);
      out.grounded = true;
      out.groundNormal = e;
    }
  }
  out.position = pos;
  return {};
}

}  // namespace collide2d::world
