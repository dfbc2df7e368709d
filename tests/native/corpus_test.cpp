// Runs the JSON case corpus (tests/cases/**/*.json, schema in tests/cases/README.md): one GoogleTest test per case
// file, named Corpus/Case.Run/<family>_<file>. The directory is scanned when the binary starts, so a new case
// file only needs a re-run (ctest re-discovers tests after a rebuild).
#include "corpus.h"

#include <collide2d/collide2d.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
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
using corpus::ParsedShape;
using corpus::ShapeKind;

// ---------------------------------------------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------------------------------------------

struct CaseFile {
  std::string path;      // absolute path of the .json file
  std::string relative;  // path below the cases directory, e.g. "segment/t_junction.json"
  std::string family;    // first directory below the cases directory
  std::string name;      // test name: [A-Za-z0-9_]
};

void PrintTo(const CaseFile& c, std::ostream* os) { *os << c.relative; }

std::string sanitize(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    out += ok ? ch : '_';
  }
  return out.empty() ? std::string("unnamed") : out;
}

std::vector<CaseFile> listCases() {
  namespace fs = std::filesystem;
  std::vector<CaseFile> cases;
  const fs::path root(COLLIDE2D_CASES_DIR);
  std::error_code ec;
  fs::recursive_directory_iterator it(root, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    std::error_code fec;
    if (!it->is_regular_file(fec) || it->path().extension() != ".json") continue;
    CaseFile c;
    c.path = it->path().string();
    c.relative = it->path().lexically_relative(root).generic_string();
    const auto slash = c.relative.find('/');
    c.family = slash == std::string::npos ? std::string() : c.relative.substr(0, slash);
    c.name = sanitize(c.relative.substr(0, c.relative.size() - 5));  // without ".json"
    cases.push_back(c);
  }
  std::sort(cases.begin(), cases.end(), [](const CaseFile& x, const CaseFile& y) { return x.relative < y.relative; });
  std::set<std::string> used;  // sanitising may map two files to one name: keep names unique
  for (auto& c : cases) {
    std::string n = c.name;
    for (int k = 2; used.count(n) != 0; ++k) n = c.name + "_" + std::to_string(k);
    c.name = n;
    used.insert(n);
  }
  return cases;
}

const std::vector<CaseFile>& allCases() {
  static const std::vector<CaseFile> cases = listCases();
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison of results with `expect`
// ---------------------------------------------------------------------------------------------------------------

/// Compares actual results with the case's `expect` object and records readable failures.
class Checker {
 public:
  Checker(std::string file, const Json& expect, double tolerance, double scale)
      : file_(std::move(file)), expect_(expect), tol_(tolerance * std::max(1.0, scale)) {}

  /// Prefix for the messages of the following checks, e.g. "generic collide(Shape, Shape): ".
  void setLabel(std::string label) { label_ = std::move(label); }
  double tolerance() const { return tol_; }
  bool has(const char* key) const { return member(expect_, key) != nullptr; }
  const Json* get(const char* key) const { return member(expect_, key); }

  void fail(const std::string& what) { ADD_FAILURE() << file_ << ": " << label_ << what; }

  bool closeEnough(double expected, double actual) const {
    if (std::isnan(expected)) return std::isnan(actual);
    if (std::isinf(expected)) return expected == actual;
    return std::isfinite(actual) && std::fabs(actual - expected) <= tol_;
  }

  void boolean(const char* key, bool actual) {
    bool e = false;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.boolean(j, path(key), e); })) return;
    if (e != actual) fail(std::string("field `") + key + "`: expected " + (e ? "true" : "false") + ", actual " +
                          (actual ? "true" : "false"));
  }

  void integer(const char* key, long long actual) {
    int e = 0;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.integer(j, path(key), e); })) return;
    if (e != actual) fail(std::string("field `") + key + "`: expected " + std::to_string(e) + ", actual " +
                          std::to_string(actual));
  }

  void text(const char* key, const std::string& actual) {
    std::string e;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.string(j, path(key), e); })) return;
    if (e != actual) fail(std::string("field `") + key + "`: expected \"" + e + "\", actual \"" + actual + "\"");
  }

  void number(const char* key, double actual) {
    double e = 0;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.number(j, path(key), e); })) return;
    if (!closeEnough(e, actual))
      fail(std::string("field `") + key + "`: expected " + formatNumber(e) + ", actual " + formatNumber(actual) +
           " (|diff| = " + formatNumber(std::fabs(actual - e)) + ", allowed " + formatNumber(tol_) + ")");
  }

  void vec(const char* key, Vec2 actual) {
    Vec2 e;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.vec(j, path(key), e); })) return;
    compareVec(std::string("field `") + key + "`", e, actual);
  }

  /// `key` is an array of n points; compares it with actual[0..n).
  void vecList(const char* key, const Vec2* actual, int n) {
    std::vector<Vec2> e;
    if (!readExpect(key, [&](corpus::Reader& r, const Json* j) { return r.vecs(j, path(key), e); })) return;
    if (static_cast<int>(e.size()) != n) {
      fail(std::string("field `") + key + "`: expected " + std::to_string(e.size()) + " points, actual " +
           std::to_string(n));
      return;
    }
    for (int i = 0; i < n; ++i)
      compareVec(std::string("field `") + key + "[" + std::to_string(i) + "]`", e[static_cast<std::size_t>(i)],
                 actual[i]);
  }

  /// `key` is an array of n numbers; compares it with actual[0..n).
  void numberList(const char* key, const double* actual, int n) {
    const Json* j = get(key);
    if (j == nullptr) return;
    if (!j->is_array()) {
      fail(std::string("malformed case: expect.") + key + " must be an array of numbers");
      return;
    }
    if (static_cast<int>(j->size()) != n) {
      fail(std::string("field `") + key + "`: expected " + std::to_string(j->size()) + " values, actual " +
           std::to_string(n));
      return;
    }
    corpus::Reader r;
    for (int i = 0; i < n; ++i) {
      double e = 0;
      const std::string p = path(key) + "[" + std::to_string(i) + "]";
      if (!r.number(&(*j)[static_cast<std::size_t>(i)], p, e)) {
        fail("malformed case: " + r.errors.back());
        return;
      }
      if (!closeEnough(e, actual[i]))
        fail(std::string("field `") + key + "[" + std::to_string(i) + "]`: expected " + formatNumber(e) +
             ", actual " + formatNumber(actual[i]) + " (allowed " + formatNumber(tol_) + ")");
    }
  }

  void compareVec(const std::string& what, Vec2 e, Vec2 actual) {
    if (!closeEnough(e.x, actual.x) || !closeEnough(e.y, actual.y))
      fail(what + ": expected " + formatVec(e) + ", actual " + formatVec(actual) + " (allowed " +
           formatNumber(tol_) + " per coordinate)");
  }

 private:
  std::string path(const char* key) const { return std::string("expect.") + key; }

  template <class F>
  bool readExpect(const char* key, F&& read) {
    const Json* j = get(key);
    if (j == nullptr) return false;
    corpus::Reader r;
    if (read(r, j)) return true;
    fail("malformed case: " + r.errors.back());
    return false;
  }

  std::string file_;
  const Json& expect_;
  double tol_;
  std::string label_;
};

// ---------------------------------------------------------------------------------------------------------------
// Running one case
// ---------------------------------------------------------------------------------------------------------------

const std::map<std::string, std::set<std::string>>& expectKeys() {
  static const std::map<std::string, std::set<std::string>> keys = {
      {"overlaps", {"hit"}},
      {"collide", {"hit", "normal", "depth", "point"}},
      {"intersectLines", {"kind", "point", "ta", "tb"}},
      {"intersectSegments", {"kind", "points", "ua", "ub"}},
      {"intersectCircleLine", {"count", "t1", "t2", "p1", "p2"}},
      {"intersectCircleSegment", {"count", "t", "points", "overlaps", "closest", "closestT", "distance"}},
      {"closestPoint", {"point", "distanceSquared", "inside", "t"}},
      {"contains", {"inside"}},
      {"raycast", {"hit", "fraction", "point", "normal"}},
      {"sat",
       {"hit", "separatingAxis", "minimumAxis", "axisCount", "boundingCircleTested", "boundingCircleRejected", "axes",
        "normal", "depth", "point"}},
      {"sweep", {"hit", "time", "position", "normal", "point", "wall"}},
      {"moveAndSlide", {"position", "contacts", "iterations", "pathCount", "lastNormal"}},
      {"project", {"point", "scalar"}},
      {"validate", {"error", "field"}},
  };
  return keys;
}

const std::set<std::string>& topLevelKeys() {
  static const std::set<std::string> keys = {"description", "source", "query",        "a",     "b",
                                             "circle",      "line",   "segment",      "shape", "point",
                                             "ray",         "axis",   "displacement", "walls", "maxIterations",
                                             "expect",      "tolerance"};
  return keys;
}

const char* kindName(LineIntersection::Kind k) {
  switch (k) {
    case LineIntersection::Kind::Parallel: return "parallel";
    case LineIntersection::Kind::Point: return "point";
    case LineIntersection::Kind::Coincident: return "coincident";
  }
  return "?";
}

const char* kindName(SegmentIntersection::Kind k) {
  switch (k) {
    case SegmentIntersection::Kind::None: return "none";
    case SegmentIntersection::Kind::Point: return "point";
    case SegmentIntersection::Kind::Overlap: return "overlap";
  }
  return "?";
}

bool sameContact(const Contact& x, const Contact& y) {
  return x.hit == y.hit && x.normal == y.normal && x.depth == y.depth && x.point == y.point;
}

class CaseRunner {
 public:
  CaseRunner(const CaseFile& file, const Json& root, Checker& check) : file_(file), root_(root), check_(check) {}

  void run(const std::string& query) {
    if (query == "overlaps" || query == "collide") return pair(query == "collide");
    if (query == "intersectLines") return lines();
    if (query == "intersectSegments") return segments();
    if (query == "intersectCircleLine") return circleLine();
    if (query == "intersectCircleSegment") return circleSegment();
    if (query == "closestPoint") return closest();
    if (query == "contains") return containsPoint();
    if (query == "raycast") return ray();
    if (query == "sat") return sat();
    if (query == "sweep") return sweepCase();
    if (query == "moveAndSlide") return slide();
    if (query == "project") return projectCase();
    if (query == "validate") return validateCase();
    malformed("unknown query \"" + query + "\"");
  }

 private:
  void malformed(const std::string& what) { ADD_FAILURE() << file_.relative << ": malformed case: " << what; }

  /// Reports the reader's first error as a malformed case; returns ok.
  bool ok(corpus::Reader& r) {
    if (r.errors.empty()) return true;
    malformed(r.errors.front());
    return false;
  }

  bool readShape(const char* key, ParsedShape& s) {
    corpus::Reader r;
    r.shape(member(root_, key), key, s);
    if (!ok(r)) return false;
    if (s.kind == ShapeKind::Polygon && !s.polygonStatus.ok()) {
      ADD_FAILURE() << file_.relative << ": Polygon::create rejected " << key << ".points: "
                    << corpus::errorName(s.polygonStatus.error) << " at \"" << s.polygonStatus.field << "\" ("
                    << s.polygonStatus.message() << ")";
      return false;
    }
    return true;
  }

  bool readVec(const char* key, Vec2& v) {
    corpus::Reader r;
    r.vec(member(root_, key), key, v);
    return ok(r);
  }

  bool requireKind(const ParsedShape& s, const char* key, std::initializer_list<ShapeKind> kinds,
                   const char* allowed) {
    for (const ShapeKind k : kinds)
      if (s.kind == k) return true;
    malformed(std::string(key) + ": type \"" + s.type + "\" is not allowed here (" + allowed + ")");
    return false;
  }

  void checkContact(const Contact& c) {
    check_.boolean("hit", c.hit);
    if (c.hit) {
      const Json* h = check_.get("hit");
      if (h == nullptr || (h->is_boolean() && h->get<bool>())) {
        check_.vec("normal", c.normal);
        check_.number("depth", c.depth);
        check_.vec("point", c.point);
      }
      const double len = length(c.normal);
      if (!(std::fabs(len - 1.0) <= 1e-9)) check_.fail("contact normal is not unit: " + formatVec(c.normal));
      if (!(c.depth >= 0.0)) check_.fail("contact depth is negative: " + formatNumber(c.depth));
    } else if (!sameContact(c, Contact{})) {
      check_.fail("hit is false but the other Contact fields are not zero");
    }
  }

  // overlaps / collide, through the most specific overload and through the generic Shape overload.
  void pair(bool isCollide) {
    ParsedShape a, b;
    if (!readShape("a", a) || !readShape("b", b)) return;
    if (!a.isShapeVariant() || !b.isShapeVariant()) {
      malformed("a and b must be circle, aabb, box, polygon or segment");
      return;
    }
    const Shape sa = a.toShape(), sb = b.toShape();
    const bool directHit = std::visit([](const auto& x, const auto& y) { return overlaps(x, y); }, sa, sb);
    const Contact direct = std::visit([](const auto& x, const auto& y) { return collide(x, y); }, sa, sb);
    const bool genericHit = overlaps(sa, sb);
    const Contact generic = collide(sa, sb);
    if (!isCollide) {
      check_.setLabel("overlaps(a, b): ");
      check_.boolean("hit", directHit);
      if (genericHit != directHit) {
        check_.setLabel("generic overlaps(Shape, Shape): ");
        check_.boolean("hit", genericHit);
      }
    } else {
      check_.setLabel("collide(a, b): ");
      checkContact(direct);
      if (!sameContact(direct, generic)) {
        check_.setLabel("generic collide(Shape, Shape): ");
        checkContact(generic);
      }
    }
    check_.setLabel("");
    if (direct.hit != directHit)
      check_.fail(std::string("overlaps(a, b) = ") + (directHit ? "true" : "false") + " but collide(a, b).hit = " +
                  (direct.hit ? "true" : "false"));
  }

  void lines() {
    ParsedShape a, b;
    if (!readShape("a", a) || !readShape("b", b)) return;
    if (!requireKind(a, "a", {ShapeKind::Line}, "line") || !requireKind(b, "b", {ShapeKind::Line}, "line")) return;
    const LineIntersection r = intersect(a.line, b.line);
    check_.text("kind", kindName(r.kind));
    if (r.kind == LineIntersection::Kind::Point) {
      check_.vec("point", r.point);
      check_.number("ta", r.ta);
      check_.number("tb", r.tb);
    }
  }

  void segments() {
    ParsedShape a, b;
    if (!readShape("a", a) || !readShape("b", b)) return;
    if (!requireKind(a, "a", {ShapeKind::Segment}, "segment") || !requireKind(b, "b", {ShapeKind::Segment}, "segment"))
      return;
    const SegmentIntersection r = intersect(a.segment, b.segment);
    check_.text("kind", kindName(r.kind));
    const int n = r.kind == SegmentIntersection::Kind::None ? 0 : (r.kind == SegmentIntersection::Kind::Point ? 1 : 2);
    if (n > 0) {
      check_.vecList("points", r.points, n);
      check_.numberList("ua", r.ua, n);
      check_.numberList("ub", r.ub, n);
    }
    const bool o = overlaps(a.segment, b.segment);
    if (o != (n > 0))
      check_.fail(std::string("overlaps(a, b) = ") + (o ? "true" : "false") + " disagrees with intersect(a, b).kind = " +
                  kindName(r.kind));
    const Contact c = collide(a.segment, b.segment);
    if (c.hit != o)
      check_.fail(std::string("collide(a, b).hit = ") + (c.hit ? "true" : "false") + " disagrees with overlaps(a, b)");
  }

  void circleLine() {
    ParsedShape c, l;
    if (!readShape("circle", c) || !readShape("line", l)) return;
    if (!requireKind(c, "circle", {ShapeKind::Circle}, "circle") || !requireKind(l, "line", {ShapeKind::Line}, "line"))
      return;
    const CircleLineIntersection r = intersect(c.circle, l.line);
    check_.integer("count", r.count);
    if (r.count > 0) {
      check_.number("t1", r.t1);
      check_.number("t2", r.t2);
      check_.vec("p1", r.p1);
      check_.vec("p2", r.p2);
      if (!(r.t1 <= r.t2)) check_.fail("t1 > t2: " + formatNumber(r.t1) + " > " + formatNumber(r.t2));
    }
    if (r.count == 1 && r.t1 != r.t2) check_.fail("count is 1 (tangent) but t1 != t2");
  }

  void circleSegment() {
    ParsedShape c, s;
    if (!readShape("circle", c) || !readShape("segment", s)) return;
    if (!requireKind(c, "circle", {ShapeKind::Circle}, "circle") ||
        !requireKind(s, "segment", {ShapeKind::Segment}, "segment"))
      return;
    const CircleSegmentIntersection r = intersect(c.circle, s.segment);
    check_.integer("count", r.count);
    const int n = std::clamp(r.count, 0, 2);
    check_.numberList("t", r.t, n);
    check_.vecList("points", r.points, n);
    check_.boolean("overlaps", r.overlaps);
    check_.vec("closest", r.closest);
    check_.number("closestT", r.closestT);
    check_.number("distance", r.distance);
    const bool o = overlaps(c.circle, s.segment);
    if (o != r.overlaps)
      check_.fail(std::string("overlaps(circle, segment) = ") + (o ? "true" : "false") +
                  " disagrees with intersect(circle, segment).overlaps");
    if (r.count > 0 && !r.overlaps) check_.fail("count > 0 but overlaps is false");
  }

  void closest() {
    ParsedShape s;
    Vec2 p;
    if (!readShape("shape", s) || !readVec("point", p)) return;
    if (s.kind == ShapeKind::Segment || s.kind == ShapeKind::Line) {
      if (check_.has("inside")) return malformed("expect.inside is for areas; segments and lines have t");
      const SegmentPoint r = s.kind == ShapeKind::Segment ? closestPoint(s.segment, p) : closestPoint(s.line, p);
      check_.vec("point", r.point);
      check_.number("t", r.t);
      check_.number("distanceSquared", r.distanceSquared);
      return;
    }
    if (check_.has("t")) return malformed("expect.t is for segments and lines; areas have inside");
    BoundaryPoint r;
    switch (s.kind) {
      case ShapeKind::Circle: r = closestPoint(s.circle, p); break;
      case ShapeKind::Aabb: r = closestPoint(s.aabb, p); break;
      case ShapeKind::Box: r = closestPoint(s.box, p); break;
      case ShapeKind::Polygon: r = closestPoint(s.polygon, p); break;
      default: return malformed("shape: closestPoint takes circle, aabb, box, polygon, segment or line");
    }
    check_.vec("point", r.point);
    check_.number("distanceSquared", r.distanceSquared);
    check_.boolean("inside", r.inside);
  }

  void containsPoint() {
    ParsedShape s;
    Vec2 p;
    if (!readShape("shape", s) || !readVec("point", p)) return;
    bool inside = false;
    switch (s.kind) {
      case ShapeKind::Circle: inside = contains(s.circle, p); break;
      case ShapeKind::Aabb: inside = contains(s.aabb, p); break;
      case ShapeKind::Box: inside = contains(s.box, p); break;
      case ShapeKind::Polygon: inside = contains(s.polygon, p); break;
      case ShapeKind::Segment: inside = contains(s.segment, p); break;
      case ShapeKind::Line: inside = contains(s.line, p); break;
      default: return malformed("shape: contains takes circle, aabb, box, polygon, segment or line");
    }
    check_.setLabel("contains(shape, point): ");
    check_.boolean("inside", inside);
    if (s.isShapeVariant()) {
      const bool generic = contains(s.toShape(), p);
      if (generic != inside) {
        check_.setLabel("generic contains(Shape, point): ");
        check_.boolean("inside", generic);
      }
    }
  }

  void checkRay(const RayHit& h, const Ray& r) {
    check_.boolean("hit", h.hit);
    if (h.hit) {
      check_.number("fraction", h.fraction);
      check_.vec("point", h.point);
      check_.vec("normal", h.normal);
      if (!(h.fraction >= 0.0 && h.fraction <= r.maxFraction))
        check_.fail("fraction " + formatNumber(h.fraction) + " outside [0, maxFraction]");
    } else if (h.fraction != 0.0 || h.point != Vec2{} || h.normal != Vec2{}) {
      check_.fail("hit is false but the other RayHit fields are not zero");
    }
  }

  void ray() {
    ParsedShape r, s;
    if (!readShape("ray", r) || !readShape("shape", s)) return;
    if (!requireKind(r, "ray", {ShapeKind::Ray}, "ray")) return;
    if (!s.isShapeVariant()) return malformed("shape: raycast takes circle, aabb, box, polygon or segment");
    const Shape shape = s.toShape();
    const RayHit direct = std::visit([&](const auto& x) { return raycast(r.ray, x); }, shape);
    check_.setLabel("raycast(ray, shape): ");
    checkRay(direct, r.ray);
    const RayHit generic = raycast(r.ray, shape);
    if (generic.hit != direct.hit || generic.fraction != direct.fraction || generic.point != direct.point ||
        generic.normal != direct.normal) {
      check_.setLabel("generic raycast(ray, Shape): ");
      checkRay(generic, r.ray);
    }
  }

  void sat() {
    ParsedShape a, b;
    if (!readShape("a", a) || !readShape("b", b)) return;
    const bool boxes = a.kind == ShapeKind::Box && b.kind == ShapeKind::Box;
    const bool polygons = a.kind == ShapeKind::Polygon && b.kind == ShapeKind::Polygon;
    if (!boxes && !polygons) return malformed("sat takes two boxes or two polygons");
    SatTrace trace;
    const Contact c = boxes ? collide(a.box, b.box, &trace) : collide(a.polygon, b.polygon, &trace);
    const Contact plain = boxes ? collide(a.box, b.box) : collide(a.polygon, b.polygon);
    checkContact(c);
    if (plain.hit != c.hit) check_.fail("collide without a trace disagrees on hit with collide with a trace");
    check_.integer("separatingAxis", trace.separatingAxis);
    check_.integer("minimumAxis", trace.minimumAxis);
    check_.integer("axisCount", static_cast<long long>(trace.axes.size()));
    check_.boolean("boundingCircleTested", trace.boundingCircleTested);
    check_.boolean("boundingCircleRejected", trace.boundingCircleRejected);
    const Json* axes = check_.get("axes");
    if (axes == nullptr) return;
    if (!axes->is_array()) return malformed("expect.axes must be an array");
    if (axes->size() != trace.axes.size()) {
      check_.fail("field `axes`: expected " + std::to_string(axes->size()) + " axes, actual " +
                  std::to_string(trace.axes.size()));
      return;
    }
    for (std::size_t i = 0; i < axes->size(); ++i) {
      const Json& e = (*axes)[i];
      if (!e.is_object()) return malformed("expect.axes[" + std::to_string(i) + "] must be an object");
      // Same absolute tolerance as the parent checker (scale already folded in).
      Checker scaled(file_.relative, e, check_.tolerance(), 0.0);
      scaled.setLabel("axes[" + std::to_string(i) + "] ");
      const SatAxis& x = trace.axes[i];
      scaled.vec("axis", x.axis);
      scaled.integer("owner", x.owner);
      scaled.integer("edge", x.edge);
      scaled.number("minA", x.minA);
      scaled.number("maxA", x.maxA);
      scaled.number("minB", x.minB);
      scaled.number("maxB", x.maxB);
      scaled.number("overlap", x.overlap);
      for (auto it = e.begin(); it != e.end(); ++it) {
        static const std::set<std::string> known = {"axis", "minA", "maxA", "minB", "maxB", "overlap", "owner", "edge"};
        if (known.count(it.key()) == 0) malformed("expect.axes[" + std::to_string(i) + "]: unknown field " + it.key());
      }
    }
  }

  bool readMotion(Circle& circle, Vec2& displacement, std::vector<Segment>& walls) {
    ParsedShape c;
    if (!readShape("circle", c) || !requireKind(c, "circle", {ShapeKind::Circle}, "circle")) return false;
    circle = c.circle;
    corpus::Reader r;
    r.vec(member(root_, "displacement"), "displacement", displacement);
    if (r.errors.empty()) r.walls(member(root_, "walls"), "walls", walls);
    return ok(r);
  }

  /// The final circle may touch but must not overlap any wall by more than the tolerance; when the start already
  /// overlapped a wall, the move must not push it deeper into that wall.
  void checkNoOverlap(const Circle& start, Vec2 final, const std::vector<Segment>& walls) {
    for (std::size_t i = 0; i < walls.size(); ++i) {
      const double startDist = corpus::distanceToSegment(start.center, walls[i]);
      const double allowed = std::min(start.radius, startDist) - check_.tolerance();
      const double d = corpus::distanceToSegment(final, walls[i]);
      if (!(d >= allowed))
        check_.fail("invariant: the final circle at " + formatVec(final) + " overlaps wall " + std::to_string(i) +
                    " (centre distance " + formatNumber(d) + " < " + formatNumber(allowed) + ")");
    }
  }

  void sweepCase() {
    Circle circle;
    Vec2 displacement;
    std::vector<Segment> walls;
    if (!readMotion(circle, displacement, walls)) return;
    const SweepHit h = sweep(circle, displacement, walls);
    check_.boolean("hit", h.hit);
    check_.number("time", h.time);
    check_.vec("position", h.position);
    if (h.hit) {
      check_.vec("normal", h.normal);
      check_.vec("point", h.point);
      check_.integer("wall", h.wall);
    }
    if (!(h.time >= 0.0 && h.time <= 1.0)) check_.fail("time outside [0, 1]: " + formatNumber(h.time));
    checkNoOverlap(circle, h.position, walls);
  }

  void slide() {
    Circle circle;
    Vec2 displacement;
    std::vector<Segment> walls;
    if (!readMotion(circle, displacement, walls)) return;
    int maxIterations = 4;
    if (member(root_, "maxIterations") != nullptr) {
      corpus::Reader r;
      r.integer(member(root_, "maxIterations"), "maxIterations", maxIterations);
      if (!ok(r)) return;
    }
    const SlideResult s = moveAndSlide(circle, displacement, walls, maxIterations);
    check_.vec("position", s.position);
    check_.integer("contacts", s.contacts);
    check_.integer("iterations", s.iterations);
    check_.integer("pathCount", s.pathCount);
    check_.vec("lastNormal", s.lastNormal);
    if (s.pathCount < 1 || s.pathCount > SlideResult::kMaxIterations + 2) {
      check_.fail("pathCount out of range: " + std::to_string(s.pathCount));
    } else {
      if (s.path[0] != circle.center) check_.fail("path[0] is not the start " + formatVec(circle.center));
      if (s.path[s.pathCount - 1] != s.position) check_.fail("the last path point is not the final position");
    }
    checkNoOverlap(circle, s.position, walls);
  }

  void projectCase() {
    Vec2 p, axis;
    if (!readVec("point", p) || !readVec("axis", axis)) return;
    check_.vec("point", project(p, axis));
    check_.number("scalar", dot(p, axis));
  }

  void validateCase() {
    corpus::Reader r;
    ParsedShape s;
    r.shape(member(root_, "shape"), "shape", s);
    if (!ok(r)) return;
    Status st;
    switch (s.kind) {
      case ShapeKind::Circle: st = validate(s.circle); break;
      case ShapeKind::Aabb: st = validate(s.aabb); break;
      case ShapeKind::Box: st = validate(s.box); break;
      case ShapeKind::Polygon: st = s.polygonStatus; break;
      case ShapeKind::Segment: st = validate(s.segment); break;
      case ShapeKind::Line: st = validate(s.line); break;
      case ShapeKind::Ray: st = validate(s.ray); break;
    }
    check_.text("error", corpus::errorName(st.error));
    check_.text("field", st.field == nullptr ? "(null)" : st.field);
    if (st.ok() && st.field != nullptr && st.field[0] != '\0') check_.fail("ok Status with a non-empty field");
    if (s.isShapeVariant()) {
      // The generic overload must agree (a polygon that create() accepted validates as ok).
      const Status g = validate(s.kind == ShapeKind::Polygon && !st.ok() ? Shape(Polygon{}) : s.toShape());
      if (s.kind != ShapeKind::Polygon && g.error != st.error)
        check_.fail(std::string("validate(Shape) = ") + corpus::errorName(g.error) + " disagrees with " +
                    corpus::errorName(st.error));
      if (s.kind == ShapeKind::Polygon && st.ok() && !g.ok())
        check_.fail("a polygon from Polygon::create does not validate as a Shape");
    }
  }

  const CaseFile& file_;
  const Json& root_;
  Checker& check_;
};

class Case : public ::testing::TestWithParam<CaseFile> {};

TEST_P(Case, Run) {
  const CaseFile& file = GetParam();
  std::ifstream in(file.path, std::ios::binary);
  ASSERT_TRUE(in.good()) << file.relative << ": cannot open " << file.path;
  std::stringstream text;
  text << in.rdbuf();
  const Json root = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(root.is_discarded()) << file.relative << ": malformed case: not valid JSON";
  ASSERT_TRUE(root.is_object()) << file.relative << ": malformed case: the top level must be an object";

  corpus::Reader r;
  std::string description, query;
  r.string(member(root, "description"), "description", description);
  r.string(member(root, "query"), "query", query);
  ASSERT_TRUE(r.errors.empty()) << file.relative << ": malformed case: " << r.errors.front();
  for (auto it = root.begin(); it != root.end(); ++it)
    EXPECT_TRUE(topLevelKeys().count(it.key()) != 0) << file.relative << ": malformed case: unknown field " << it.key();

  const Json* expect = member(root, "expect");
  ASSERT_TRUE(expect != nullptr && expect->is_object() && !expect->empty())
      << file.relative << ": malformed case: `expect` must be a non-empty object";
  const auto keys = expectKeys().find(query);
  ASSERT_TRUE(keys != expectKeys().end()) << file.relative << ": malformed case: unknown query \"" << query << "\"";
  for (auto it = expect->begin(); it != expect->end(); ++it)
    EXPECT_TRUE(keys->second.count(it.key()) != 0)
        << file.relative << ": malformed case: expect." << it.key() << " is not a field of query " << query;

  double tolerance = 1e-9;
  if (member(root, "tolerance") != nullptr) {
    r.number(member(root, "tolerance"), "tolerance", tolerance);
    ASSERT_TRUE(r.errors.empty() && tolerance >= 0) << file.relative << ": malformed case: bad tolerance";
  }
  Checker check(file.relative, *expect, tolerance, corpus::inputScale(root));
  CaseRunner(file, root, check).run(query);
  RecordProperty("description", description);
}

INSTANTIATE_TEST_SUITE_P(Corpus, Case, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<CaseFile>& param) { return param.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Case);

// The corpus itself: every family of the README is present with enough cases, and nothing lies outside them.
TEST(CorpusLayout, EveryFamilyHasCases) {
  const std::vector<std::string> families = {"aabb",  "circle",  "line",     "segment", "circle_line",
                                             "circle_segment", "shape_circle", "box", "polygon", "sweep",
                                             "contains", "raycast", "dispatch", "validate"};
  std::map<std::string, int> counts;
  for (const auto& c : allCases()) ++counts[c.family];
  for (const auto& f : families) EXPECT_GE(counts[f], 22) << "family " << f << " has too few cases";
  for (const auto& [family, n] : counts)
    EXPECT_TRUE(std::find(families.begin(), families.end(), family) != families.end())
        << n << " case(s) outside the README's families, in \"" << family << "\"";
}

}  // namespace
