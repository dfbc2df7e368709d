// Runs the query corpus (tests/query_cases/<family>/*.json, schema in tests/query_cases/README.md): capsules,
// distance, casts, manifolds and containment. One GoogleTest test per case file, QueryCorpus/QueryCase.Run/<name>.
// The files sit beside tests/cases, not in it: the runners of tests/cases (native, JS, the tutorial) reject
// families and queries they do not know. The JS API runs the same cases in web/test/queries.test.js.
#include "corpus.h"

#include <collide2d/collide2d.h>
#include <collide2d/queries.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#ifndef COLLIDE2D_CASES_DIR
#error "COLLIDE2D_CASES_DIR must be defined (absolute path of tests/cases)"
#endif

namespace {

using namespace collide2d;
using corpus::formatNumber;
using corpus::formatVec;
using corpus::Json;
using corpus::member;

const char* const kRoot = COLLIDE2D_CASES_DIR "/../query_cases";
const std::vector<std::string> kFamilies = {"capsule", "distance", "cast", "manifold", "containment"};

struct CaseFile {
  std::string path, relative, family, name;
};
void PrintTo(const CaseFile& c, std::ostream* os) { *os << c.relative; }

std::vector<CaseFile> listCases() {
  namespace fs = std::filesystem;
  std::vector<CaseFile> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(kRoot, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code fec;
    if (!it->is_regular_file(fec) || it->path().extension() != ".json") continue;
    CaseFile c;
    c.path = it->path().string();
    c.relative = it->path().lexically_relative(kRoot).generic_string();
    c.family = c.relative.substr(0, c.relative.find('/'));
    for (const char ch : c.relative.substr(0, c.relative.size() - 5)) {
      c.name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    }
    out.push_back(c);
  }
  std::sort(out.begin(), out.end(), [](const CaseFile& a, const CaseFile& b) { return a.relative < b.relative; });
  return out;
}

const std::vector<CaseFile>& allCases() {
  static const std::vector<CaseFile> cases = listCases();
  return cases;
}

using Any = std::variant<Circle, Aabb, Box, Polygon, Segment, Capsule>;

// A shape of any convex type: capsule here, the others through corpus::Reader::shape.
bool readShape(corpus::Reader& r, const Json* j, const std::string& path, Any& out) {
  if (j != nullptr && j->is_object() && member(*j, "type") != nullptr && (*member(*j, "type")) == "capsule") {
    Capsule c;
    if (!r.vec(member(*j, "a"), path + ".a", c.a) || !r.vec(member(*j, "b"), path + ".b", c.b) ||
        !r.number(member(*j, "radius"), path + ".radius", c.radius))
      return false;
    out = c;
    return true;
  }
  corpus::ParsedShape s;
  if (!r.shape(j, path, s)) return false;
  switch (s.kind) {
    case corpus::ShapeKind::Circle: out = s.circle; return true;
    case corpus::ShapeKind::Aabb: out = s.aabb; return true;
    case corpus::ShapeKind::Box: out = s.box; return true;
    case corpus::ShapeKind::Polygon:
      if (!s.polygonStatus) return r.fail(path + ": Polygon::create failed at " + s.polygonStatus.field);
      out = s.polygon;
      return true;
    case corpus::ShapeKind::Segment: out = s.segment; return true;
    default: return r.fail(path + ": expected a convex shape");
  }
}

bool readMotion(corpus::Reader& r, const Json* j, const std::string& path, Motion& m) {
  if (j == nullptr || !j->is_object()) return r.fail(path + ": expected {translation, rotation}");
  if (!r.vec(member(*j, "translation"), path + ".translation", m.translation)) return false;
  m.rotation = 0;
  if (member(*j, "rotation") != nullptr) return r.number(member(*j, "rotation"), path + ".rotation", m.rotation);
  return true;
}

class Check {
 public:
  Check(std::string file, const Json& expect, double tol) : file_(std::move(file)), expect_(expect), tol_(tol) {}
  double tol() const { return tol_; }
  const Json* get(const char* k) const { return member(expect_, k); }
  void fail(const std::string& s) { ADD_FAILURE() << file_ << ": " << s; }
  bool close(double e, double a) const {
    if (std::isnan(e)) return std::isnan(a);
    return std::isfinite(a) && std::fabs(a - e) <= tol_;
  }
  void boolean(const char* k, bool a) {
    if (const Json* j = get(k); j != nullptr && j->get<bool>() != a) fail(std::string(k) + ": expected " +
                                                                          (a ? "false" : "true"));
  }
  void integer(const char* k, long long a) {
    if (const Json* j = get(k); j != nullptr && j->get<long long>() != a)
      fail(std::string(k) + ": expected " + j->dump() + ", actual " + std::to_string(a));
  }
  void text(const char* k, const std::string& a) {
    if (const Json* j = get(k); j != nullptr && j->get<std::string>() != a)
      fail(std::string(k) + ": expected " + j->dump() + ", actual \"" + a + "\"");
  }
  void number(const char* k, double a) {
    const Json* j = get(k);
    if (j == nullptr) return;
    corpus::Reader r;
    double e = 0;
    if (!r.number(j, k, e)) return fail(r.errors.front());
    if (!close(e, a))
      fail(std::string(k) + ": expected " + formatNumber(e) + ", actual " + formatNumber(a) + " (allowed " +
           formatNumber(tol_) + ")");
  }
  // Unit vectors are dimensionless: compared within max(the scaled tolerance, 1e-12).
  void unit(const char* k, Vec2 a) {
    const double saved = tol_;
    tol_ = std::max(tol_, 1e-12);
    vec(k, a);
    tol_ = saved;
  }
  // A cast's fraction (a time) is compared within the case's tolerance, not scaled by the magnitude.
  void fraction(const char* k, double a, double unscaled) {
    const double saved = tol_;
    tol_ = unscaled;
    number(k, a);
    tol_ = saved;
  }
  void vec(const char* k, Vec2 a) {
    const Json* j = get(k);
    if (j == nullptr) return;
    corpus::Reader r;
    Vec2 e;
    if (!r.vec(j, k, e)) return fail(r.errors.front());
    if (!close(e.x, a.x) || !close(e.y, a.y))
      fail(std::string(k) + ": expected " + formatVec(e) + ", actual " + formatVec(a) + " (allowed " +
           formatNumber(tol_) + ")");
  }

 private:
  std::string file_;
  const Json& expect_;
  double tol_;
};

const char* errorName(Error e) { return corpus::errorName(e); }

// The shape moved by a motion at time t (queries.h: rotation about the shape's centre, then translation).
Vec2 turn(Vec2 p, Vec2 c, double ang, Vec2 off) { return c + rotate(p - c, std::cos(ang), std::sin(ang)) + off; }
Any moved(const Any& s, const Motion& m, double t) {
  const double ang = m.rotation * t;
  const Vec2 off = m.translation * t;
  return std::visit(
      [&](const auto& x) -> Any {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Circle>) {
          return Circle{x.center + off, x.radius};
        } else if constexpr (std::is_same_v<T, Aabb>) {
          if (ang == 0) return Aabb{x.min + off, x.max + off};
          return Box{x.center() + off, x.halfExtents(), ang};
        } else if constexpr (std::is_same_v<T, Box>) {
          return Box{x.center + off, x.halfExtents, x.angle + ang};
        } else if constexpr (std::is_same_v<T, Polygon>) {
          const Vec2 c = x.centroid();
          std::vector<Vec2> pts;
          for (const Vec2 v : x.vertices()) pts.push_back(turn(v, c, ang, off));
          Polygon p;
          (void)Polygon::create(pts, p);
          return p;
        } else if constexpr (std::is_same_v<T, Segment>) {
          const Vec2 c = lerp(x.a, x.b, 0.5);
          return Segment{turn(x.a, c, ang, off), turn(x.b, c, ang, off)};
        } else {
          const Vec2 c = lerp(x.a, x.b, 0.5);
          return Capsule{turn(x.a, c, ang, off), turn(x.b, c, ang, off), x.radius};
        }
      },
      s);
}

void run(const CaseFile& file, const Json& root, const std::string& query, Check& check, double unscaledTolerance) {
  corpus::Reader r;
  const auto malformed = [&](const std::string& why) { check.fail("malformed case: " + why); };
  if (query == "overlaps" || query == "collide" || query == "distance" || query == "manifold" ||
      query == "containsShape") {
    Any a, b;
    if (!readShape(r, member(root, "a"), "a", a) || !readShape(r, member(root, "b"), "b", b))
      return malformed(r.errors.front());
    std::visit(
        [&](const auto& x, const auto& y) {
          const bool ov = overlapsAny(x, y);
          const Contact c = collideAny(x, y);
          if (query == "overlaps" || query == "collide") {
            if (ov != c.hit) check.fail("overlaps and collide disagree");
            check.boolean("hit", c.hit);
            if (query == "collide" && c.hit) {
              check.unit("normal", c.normal);
              check.number("depth", c.depth);
              check.vec("point", c.point);
              if (std::fabs(length(c.normal) - 1) > 1e-12) check.fail("normal not unit");
            }
            const Contact swapped = collideAny(y, x);
            if (swapped.hit != c.hit) check.fail("the swapped pair disagrees on hit");
            if (c.hit && (std::fabs(swapped.depth - c.depth) > check.tol() ||
                          std::fabs(swapped.normal.x + c.normal.x) > 1e-9 ||
                          std::fabs(swapped.normal.y + c.normal.y) > 1e-9))
              check.fail("the swapped pair does not flip the normal with the same depth");
            // The generic overlaps / collide(Shape, Shape) (Any is the Shape variant): the same answers.
            const Contact g = collide(a, b), gs = collide(b, a);
            if (overlaps(a, b) != ov || overlaps(b, a) != ov) check.fail("overlaps(Shape, Shape) differs");
            if (g.hit != c.hit || g.depth != c.depth || g.normal != c.normal || g.point != c.point)
              check.fail("collide(Shape, Shape) differs from collideAny");
            if (gs.hit != swapped.hit || gs.depth != swapped.depth || gs.normal != swapped.normal)
              check.fail("collide(Shape, Shape) of the swapped pair differs from collideAny");
          } else if (query == "distance") {
            const DistanceResult d = distance(x, y);
            check.boolean("overlap", d.overlap);
            check.number("distance", d.distance);
            if (!d.overlap) {
              check.unit("normal", d.normal);
              check.vec("pointA", d.pointA);
              check.vec("pointB", d.pointB);
            }
            if (d.overlap != ov) check.fail("overlap != overlaps()");
            if ((d.distance == 0) != d.overlap) check.fail("distance 0 <=> overlap broken");
            const DistanceResult e = distance(y, x);
            if (std::fabs(e.distance - d.distance) > check.tol()) check.fail("not symmetric");
          } else if (query == "manifold") {
            const Manifold m = collideManifold(x, y);
            check.integer("count", m.count);
            if (m.count > 0) check.unit("normal", m.normal);
            if ((m.count > 0) != ov) check.fail("count 0 <=> !overlaps broken");
            if (const Json* pts = check.get("points"); pts != nullptr && pts->is_array() &&
                                                      static_cast<int>(pts->size()) == m.count) {
              // Points in either order.
              std::vector<bool> used(static_cast<std::size_t>(m.count), false);
              for (const Json& pj : *pts) {
                Vec2 ep;
                double ed = 0;
                if (!r.vec(member(pj, "point"), "points[].point", ep) ||
                    !r.number(member(pj, "depth"), "points[].depth", ed))
                  return malformed(r.errors.front());
                bool found = false;
                for (int k = 0; k < m.count && !found; ++k) {
                  if (used[static_cast<std::size_t>(k)]) continue;
                  const ManifoldPoint& p = m.points[k];
                  if (check.close(ep.x, p.point.x) && check.close(ep.y, p.point.y) && check.close(ed, p.depth)) {
                    used[static_cast<std::size_t>(k)] = true;
                    found = true;
                  }
                }
                if (!found) {
                  std::string got;
                  for (int k = 0; k < m.count; ++k)
                    got += formatVec(m.points[k].point) + " depth " + formatNumber(m.points[k].depth) + "; ";
                  check.fail("no manifold point " + formatVec(ep) + " depth " + formatNumber(ed) + " among " + got);
                }
              }
            }
          } else {
            const bool in = containsShape(x, y);
            check.boolean("inside", in);
            if (in && !ov) check.fail("contained but not overlapping");
          }
        },
        a, b);
    return;
  }
  if (query == "cast") {
    Any a, b;
    Motion ma, mb;
    if (!readShape(r, member(root, "a"), "a", a) || !readShape(r, member(root, "b"), "b", b) ||
        !readMotion(r, member(root, "motionA"), "motionA", ma) || !readMotion(r, member(root, "motionB"), "motionB", mb))
      return malformed(r.errors.front());
    std::visit(
        [&](const auto& x, const auto& y) {
          const CastHit h = cast(x, ma, y, mb);
          check.boolean("hit", h.hit);
          if (!h.hit) return;
          check.fraction("fraction", h.fraction, unscaledTolerance);
          check.unit("normal", h.normal);
          check.vec("point", h.point);
          // Never after the contact, and at the fraction never inside (unless it starts in contact).
          if (const Json* f = check.get("fraction"); f != nullptr && h.fraction > f->get<double>() + 1e-15)
            check.fail("fraction after the expected contact");
          if (h.fraction > 0) {
            const Any ah = moved(a, ma, h.fraction), bh = moved(b, mb, h.fraction);
            std::visit([&](const auto& p, const auto& q) {
              if (overlapsAny(p, q)) check.fail("the shapes overlap at the returned fraction");
            }, ah, bh);
          }
        },
        a, b);
    return;
  }
  if (query == "contains") {
    Any s;
    Vec2 p;
    if (!readShape(r, member(root, "shape"), "shape", s) || !r.vec(member(root, "point"), "point", p))
      return malformed(r.errors.front());
    if (!std::holds_alternative<Capsule>(s)) return malformed("contains cases here are for capsules");
    check.boolean("inside", contains(std::get<Capsule>(s), p));
    if (contains(s, p) != contains(std::get<Capsule>(s), p)) check.fail("contains(Shape) differs");
    return;
  }
  if (query == "raycast") {
    Any s;
    corpus::ParsedShape ray;
    if (!readShape(r, member(root, "shape"), "shape", s) || !r.shape(member(root, "ray"), "ray", ray))
      return malformed(r.errors.empty() ? "ray" : r.errors.front());
    if (!std::holds_alternative<Capsule>(s) || ray.kind != corpus::ShapeKind::Ray)
      return malformed("raycast cases here are a ray against a capsule");
    const RayHit h = raycast(ray.ray, std::get<Capsule>(s));
    const RayHit hg = raycast(ray.ray, s);
    if (hg.hit != h.hit || hg.fraction != h.fraction || hg.point != h.point || hg.normal != h.normal)
      check.fail("raycast(Ray, Shape) differs");
    check.boolean("hit", h.hit);
    if (h.hit) {
      check.number("fraction", h.fraction);
      check.vec("point", h.point);
      check.unit("normal", h.normal);
    } else if (h.fraction != 0 || h.point != Vec2{} || h.normal != Vec2{}) {
      check.fail("a miss must have every field zero");
    }
    return;
  }
  if (query == "validate") {
    const Json* j = member(root, "shape");
    if (j == nullptr || !j->is_object() || member(*j, "type") == nullptr || *member(*j, "type") != "capsule")
      return malformed("validate cases here are for capsules");
    Capsule c;
    if (!r.vec(member(*j, "a"), "shape.a", c.a) || !r.vec(member(*j, "b"), "shape.b", c.b) ||
        !r.number(member(*j, "radius"), "shape.radius", c.radius))
      return malformed(r.errors.front());
    const Status s = validate(c);
    if (validate(Shape{c}).error != s.error) check.fail("validate(Shape) differs");
    check.text("error", errorName(s.error));
    check.text("field", s.field);
    return;
  }
  malformed("unknown query \"" + query + "\"");
  (void)file;
}

class QueryCase : public ::testing::TestWithParam<CaseFile> {};

TEST_P(QueryCase, Run) {
  const CaseFile& file = GetParam();
  std::ifstream in(file.path, std::ios::binary);
  ASSERT_TRUE(in.good()) << file.relative;
  std::stringstream text;
  text << in.rdbuf();
  const Json root = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(root.is_discarded()) << file.relative << ": not valid JSON";
  const Json* q = member(root, "query");
  const Json* expect = member(root, "expect");
  ASSERT_TRUE(q != nullptr && q->is_string() && member(root, "description") != nullptr) << file.relative;
  ASSERT_TRUE(expect != nullptr && expect->is_object() && !expect->empty()) << file.relative;
  static const std::set<std::string> top = {"description", "source", "query", "expect", "tolerance", "a", "b",
                                            "motionA", "motionB", "shape", "point", "ray"};
  for (auto it = root.begin(); it != root.end(); ++it)
    EXPECT_TRUE(top.count(it.key()) != 0) << file.relative << ": unknown field " << it.key();
  static const std::map<std::string, std::set<std::string>> keys = {
      {"overlaps", {"hit"}},
      {"collide", {"hit", "normal", "depth", "point"}},
      {"distance", {"distance", "overlap", "normal", "pointA", "pointB"}},
      {"cast", {"hit", "fraction", "normal", "point"}},
      {"manifold", {"count", "normal", "points"}},
      {"containsShape", {"inside"}},
      {"contains", {"inside"}},
      {"raycast", {"hit", "fraction", "point", "normal"}},
      {"validate", {"error", "field"}}};
  const auto k = keys.find(q->get<std::string>());
  ASSERT_TRUE(k != keys.end()) << file.relative << ": unknown query";
  for (auto it = expect->begin(); it != expect->end(); ++it)
    EXPECT_TRUE(k->second.count(it.key()) != 0) << file.relative << ": expect." << it.key() << " is not a field";
  double tolerance = 1e-9;
  if (const Json* t = member(root, "tolerance"); t != nullptr) tolerance = t->get<double>();
  Check check(file.relative, *expect, tolerance * std::max(1.0, corpus::inputScale(root)));
  run(file, root, q->get<std::string>(), check, tolerance);
}

INSTANTIATE_TEST_SUITE_P(QueryCorpus, QueryCase, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<CaseFile>& p) { return p.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(QueryCase);

TEST(QueryCorpusLayout, EveryFamilyHasAtLeast40Cases) {
  std::map<std::string, int> counts;
  for (const auto& c : allCases()) ++counts[c.family];
  for (const auto& f : kFamilies) EXPECT_GE(counts[f], 40) << "family " << f;
  for (const auto& [f, n] : counts)
    EXPECT_TRUE(std::find(kFamilies.begin(), kFamilies.end(), f) != kFamilies.end()) << n << " cases in " << f;
}

}  // namespace
