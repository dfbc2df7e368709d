// collide2d — WebAssembly bindings of the queries of collide2d/queries.h (distance, GJK trace, cast, manifold,
// containment). Binds only, with the calling convention of bindings.cpp (its header): numbers in, an int out, shapes
// in the io() slots (kinds 0..4, 8 and 9 (capsule) as there), results from io()[kOut].
// Argument positions for errors: a 0, b 1, except cast(a 0, motionA 1, b 2, motionB 3) and the pose forms
// (a 0, xfA 1, b 2, xfB 3). A pose form reads each shape's transform from the unused end of its slot:
// g_io[kPose..kPose+3) of slot 0 and of slot 1 (x, y, angle; the wrapper checked them finite).
#include <collide2d/collide2d.h>
#include <collide2d/queries.h>

#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <variant>

#include "raw.h"

namespace {

using namespace collide2d;
using namespace collide2d_raw;

constexpr int kStepDoubles = 15;
constexpr int kPose = 5;  // a slot's transform: after the five numbers of the largest shape (box, capsule)  // count, a[3] (6), b[3] (6), closest (2)

GjkTrace g_trace;
double g_steps[kStepDoubles * 65];

/// Loads a into slot 0 and b into slot 1; false (the error recorded) when one is rejected.
bool loadPair(int kindA, int startA, int countA, int argA, int kindB, int startB, int countB, int argB) {
  Status s = loadShape(0, kindA, startA, countA);
  if (!s) return fail(s, argA) != -1;
  if (!(s = loadShape(1, kindB, startB, countB))) return fail(s, argB) != -1;
  return true;
}

void writeDistance(double* out, const DistanceResult& d) {
  out[0] = d.distance;
  out[1] = d.pointA.x;
  out[2] = d.pointA.y;
  out[3] = d.pointB.x;
  out[4] = d.pointB.y;
  out[5] = d.normal.x;
  out[6] = d.normal.y;
  out[7] = d.overlap ? 1.0 : 0.0;
  out[8] = d.iterations;
}

// A SimplexCache in io() (count, indexA[3], indexB[3]: the wrapper checks its values), read before and written back
// after a distance() call that uses it.
void readCache(const double* c, SimplexCache& cache) {
  cache.count = static_cast<int>(c[0]);
  for (int i = 0; i < 3; ++i) {
    cache.indexA[i] = static_cast<std::uint16_t>(c[1 + i]);
    cache.indexB[i] = static_cast<std::uint16_t>(c[4 + i]);
  }
}
void writeCache(const SimplexCache& cache, double* c) {
  c[0] = cache.count;
  for (int i = 0; i < 3; ++i) {
    c[1 + i] = cache.indexA[i];
    c[4 + i] = cache.indexB[i];
  }
}

/// distance(a, b); with useCache, the SimplexCache is read from and written back to io()[kPoint..kPoint+7)
/// (count, indexA[3], indexB[3]; the wrapper checks its values).
int c2_distance(int kindA, int startA, int countA, int kindB, int startB, int countB, int useCache) {
  const bool trusted = kindA == kTrustedPolygon && kindB == kTrustedPolygon;
  if (trusted ? !loadTrustedPair(startA, countA, 0, startB, countB, 1)
              : !loadPair(kindA, startA, countA, 0, kindB, startB, countB, 1)) {
    return -1;
  }
  double* c = io() + kPoint;
  SimplexCache cache;
  if (useCache != 0) readCache(c, cache);
  SimplexCache* const used = useCache != 0 ? &cache : nullptr;
  const DistanceResult d = trusted ? distance(g_trusted[0], g_trusted[1], used) : distance(shape(0), shape(1), used);
  writeDistance(io() + kOut, d);
  if (useCache != 0) writeCache(cache, c);
  return 0;
}

Transform poseAt(int slot) {
  const double* p = io() + kSlot * slot + kPose;
  return Transform{{p[0], p[1]}, p[2]};
}

/// distance(a, xfA, b, xfB) (queries.h, single calls with a pose); the cache as in c2_distance.
int c2_distance_pose(int kindA, int startA, int countA, int kindB, int startB, int countB, int useCache) {
  if (!loadPair(kindA, startA, countA, 0, kindB, startB, countB, 2)) return -1;
  double* c = io() + kPoint;
  SimplexCache cache;
  if (useCache != 0) readCache(c, cache);
  const DistanceResult d = distance(shape(0), poseAt(0), shape(1), poseAt(1), useCache != 0 ? &cache : nullptr);
  writeDistance(io() + kOut, d);
  if (useCache != 0) writeCache(cache, c);
  return 0;
}

/// distance(a, b) with its GJK trace: returns the number of steps; io()[kOut + 9] holds the address of the steps
/// (kStepDoubles doubles each), io()[kOut..] the DistanceResult.
int c2_distance_steps(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (!loadPair(kindA, startA, countA, 0, kindB, startB, countB, 1)) return -1;
  const DistanceResult d = distance(shape(0), shape(1), g_trace);
  writeDistance(io() + kOut, d);
  for (int i = 0; i < g_trace.count; ++i) {
    const GjkStep& s = g_trace.steps[i];
    double* o = g_steps + kStepDoubles * i;
    o[0] = s.count;
    for (int k = 0; k < 3; ++k) {
      o[1 + 2 * k] = s.a[k].x;
      o[2 + 2 * k] = s.a[k].y;
      o[7 + 2 * k] = s.b[k].x;
      o[8 + 2 * k] = s.b[k].y;
    }
    o[13] = s.closest.x;
    o[14] = s.closest.y;
  }
  io()[kOut + 9] = static_cast<double>(reinterpret_cast<std::uintptr_t>(g_steps));
  return g_trace.count;
}

void writeCast(double* out, const CastHit& h) {
  out[0] = h.hit ? 1.0 : 0.0;
  out[1] = h.fraction;
  out[2] = h.point.x;
  out[3] = h.point.y;
  out[4] = h.normal.x;
  out[5] = h.normal.y;
  out[6] = h.iterations;
}

Status validateMotion(const double* m) {
  if (!std::isfinite(m[0]) || !std::isfinite(m[1])) return {Error::NotFinite, "translation"};
  if (!std::isfinite(m[2])) return {Error::NotFinite, "rotation"};
  return {};
}

/// cast(a, motionA, b, motionB); motions at io()[kPoint..]: translationA (2), rotationA, translationB (2), rotationB.
/// Out: hit, fraction, point (2), normal (2), iterations.
int c2_cast(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  const bool trusted = kindA == kTrustedPolygon && kindB == kTrustedPolygon;
  if (trusted ? !loadTrustedPair(startA, countA, 0, startB, countB, 2)
              : !loadPair(kindA, startA, countA, 0, kindB, startB, countB, 2)) {
    return -1;
  }
  const double* m = io() + kPoint;
  Status s = validateMotion(m);
  if (!s) return fail(s, 1);
  if (!(s = validateMotion(m + 3))) return fail(s, 3);
  const Motion ma{{m[0], m[1]}, m[2]}, mb{{m[3], m[4]}, m[5]};
  const CastHit h = trusted ? cast(g_trusted[0], ma, g_trusted[1], mb) : cast(shape(0), ma, shape(1), mb);
  writeCast(io() + kOut, h);
  return h.hit ? 1 : 0;
}

/// cast(a, xfA, b, xfB, translation) (queries.h, single calls with a pose); the translation at io()[kPoint..+2)
/// (checked finite by the wrapper). Out as c2_cast.
int c2_cast_pose(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (!loadPair(kindA, startA, countA, 0, kindB, startB, countB, 2)) return -1;
  const CastHit h = cast(shape(0), poseAt(0), shape(1), poseAt(1), vec(io() + kPoint));
  writeCast(io() + kOut, h);
  return h.hit ? 1 : 0;
}

/// collideManifold(a, b): returns the point count. Out: normal (2), count, then per point x, y, depth, id.
int c2_manifold(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (!loadPair(kindA, startA, countA, 0, kindB, startB, countB, 1)) return -1;
  const Manifold m = collideManifold(shape(0), shape(1));
  double* out = io() + kOut;
  out[0] = m.normal.x;
  out[1] = m.normal.y;
  out[2] = m.count;
  for (int i = 0; i < m.count && i < 2; ++i) {
    out[3 + 4 * i] = m.points[i].point.x;
    out[4 + 4 * i] = m.points[i].point.y;
    out[5 + 4 * i] = m.points[i].depth;
    out[6 + 4 * i] = m.points[i].id;
  }
  return m.count;
}

/// containsShape(a, b): 1 when b lies entirely inside a.
int c2_contains_shape(int kindA, int startA, int countA, int kindB, int startB, int countB) {
  if (!loadPair(kindA, startA, countA, 0, kindB, startB, countB, 1)) return -1;
  return containsShape(shape(0), shape(1)) ? 1 : 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(collide2d_queries) {
  using namespace emscripten;
  function("distance", &c2_distance);
  function("distanceSteps", &c2_distance_steps);
  function("cast", &c2_cast);
  function("distancePose", &c2_distance_pose);
  function("castPose", &c2_cast_pose);
  function("collideManifold", &c2_manifold);
  function("containsShape", &c2_contains_shape);
}
