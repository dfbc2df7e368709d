// Reading the JSON case corpus (tests/cases/, schema in tests/cases/README.md) into collide2d values.
//
// Everything here is exception-free on purpose: the wasm build of the test binary runs without C++ exception
// support, so a malformed case file must be reported as an error string, never thrown. Every reader appends a
// message naming the JSON path to `Reader::errors` and returns false; the caller turns that into a test failure.
#pragma once

#include <collide2d/collide2d.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace corpus {

using Json = nlohmann::json;

/// A number printed with enough digits to round-trip ("NaN", "Infinity" spelled as in the corpus).
inline std::string formatNumber(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

inline std::string formatVec(collide2d::Vec2 v) {
  std::string s(1, '[');  // appended piecewise: GCC 12 -O3 warns (-Wrestrict, a false positive) on "[" + std::string
  s.append(formatNumber(v.x)).append(", ").append(formatNumber(v.y)).push_back(']');
  return s;
}

/// The member `key` of an object, or nullptr (also when `j` is not an object). Never throws.
inline const Json* member(const Json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

/// Which kind of shape a JSON shape object described.
enum class ShapeKind { Circle, Aabb, Box, Polygon, Segment, Line, Ray };

/// A parsed shape. Only the member matching `kind` is meaningful. A polygon keeps its raw points and the Status of
/// Polygon::create (the validate family needs the status; every other query requires it to be ok).
struct ParsedShape {
  ShapeKind kind = ShapeKind::Circle;
  std::string type;
  collide2d::Circle circle;
  collide2d::Aabb aabb;
  collide2d::Box box;
  collide2d::Segment segment;
  collide2d::Line line;
  collide2d::Ray ray;
  std::vector<collide2d::Vec2> points;
  collide2d::Polygon polygon;
  collide2d::Status polygonStatus;

  /// True for the five types of the collide2d::Shape variant.
  bool isShapeVariant() const {
    return kind == ShapeKind::Circle || kind == ShapeKind::Aabb || kind == ShapeKind::Box ||
           kind == ShapeKind::Polygon || kind == ShapeKind::Segment;
  }
  collide2d::Shape toShape() const {
    switch (kind) {
      case ShapeKind::Circle: return circle;
      case ShapeKind::Aabb: return aabb;
      case ShapeKind::Box: return box;
      case ShapeKind::Polygon: return polygon;
      default: return segment;
    }
  }
};

/// Collects parse errors for one case file.
struct Reader {
  std::vector<std::string> errors;

  bool fail(const std::string& message) {
    errors.push_back(message);
    return false;
  }

  /// A number, or one of the strings "NaN", "Infinity", "-Infinity".
  bool number(const Json* j, const std::string& path, double& out) {
    if (j == nullptr) return fail(path + ": missing (expected a number)");
    if (j->is_number()) {
      out = j->get<double>();
      return true;
    }
    if (j->is_string()) {
      const std::string& s = j->get_ref<const std::string&>();
      if (s == "NaN") {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
      }
      if (s == "Infinity") {
        out = std::numeric_limits<double>::infinity();
        return true;
      }
      if (s == "-Infinity") {
        out = -std::numeric_limits<double>::infinity();
        return true;
      }
      return fail(path + ": the string \"" + s + "\" is not a number (only \"NaN\", \"Infinity\", \"-Infinity\")");
    }
    return fail(path + ": expected a number, got " + j->dump());
  }

  bool integer(const Json* j, const std::string& path, int& out) {
    if (j == nullptr) return fail(path + ": missing (expected an integer)");
    if (!j->is_number_integer()) return fail(path + ": expected an integer, got " + j->dump());
    const auto v = j->get<long long>();
    if (v < -1000000 || v > 1000000) return fail(path + ": integer out of range");
    out = static_cast<int>(v);
    return true;
  }

  bool boolean(const Json* j, const std::string& path, bool& out) {
    if (j == nullptr) return fail(path + ": missing (expected true or false)");
    if (!j->is_boolean()) return fail(path + ": expected true or false, got " + j->dump());
    out = j->get<bool>();
    return true;
  }

  bool string(const Json* j, const std::string& path, std::string& out) {
    if (j == nullptr) return fail(path + ": missing (expected a string)");
    if (!j->is_string()) return fail(path + ": expected a string, got " + j->dump());
    out = j->get<std::string>();
    return true;
  }

  /// A point or vector [x, y].
  bool vec(const Json* j, const std::string& path, collide2d::Vec2& out) {
    if (j == nullptr) return fail(path + ": missing (expected [x, y])");
    if (!j->is_array() || j->size() != 2) return fail(path + ": expected [x, y], got " + j->dump());
    return number(&(*j)[0], path + "[0]", out.x) && number(&(*j)[1], path + "[1]", out.y);
  }

  /// A list of points [[x, y], ...].
  bool vecs(const Json* j, const std::string& path, std::vector<collide2d::Vec2>& out) {
    if (j == nullptr) return fail(path + ": missing (expected [[x, y], ...])");
    if (!j->is_array()) return fail(path + ": expected an array of [x, y], got " + j->dump());
    out.clear();
    for (std::size_t i = 0; i < j->size(); ++i) {
      collide2d::Vec2 p;
      if (!vec(&(*j)[i], path + "[" + std::to_string(i) + "]", p)) return false;
      out.push_back(p);
    }
    return true;
  }

  /// A shape object { "type": ..., ... } per the README's shape table. Polygons are built with Polygon::create;
  /// its Status is kept in `out.polygonStatus` (not an error here: the caller decides).
  bool shape(const Json* j, const std::string& path, ParsedShape& out) {
    using namespace collide2d;
    if (j == nullptr) return fail(path + ": missing (expected a shape object)");
    if (!j->is_object()) return fail(path + ": expected a shape object, got " + j->dump());
    if (!string(member(*j, "type"), path + ".type", out.type)) return false;
    const std::string& t = out.type;
    if (t == "circle") {
      out.kind = ShapeKind::Circle;
      return vec(member(*j, "center"), path + ".center", out.circle.center) &&
             number(member(*j, "radius"), path + ".radius", out.circle.radius);
    }
    if (t == "aabb") {
      out.kind = ShapeKind::Aabb;
      if (member(*j, "topLeft") != nullptr) {
        Vec2 topLeft;
        double width = 0, height = 0;
        if (!vec(member(*j, "topLeft"), path + ".topLeft", topLeft) ||
            !number(member(*j, "width"), path + ".width", width) ||
            !number(member(*j, "height"), path + ".height", height))
          return false;
        out.aabb = Aabb::fromTopLeft(topLeft, width, height);
        return true;
      }
      return vec(member(*j, "min"), path + ".min", out.aabb.min) &&
             vec(member(*j, "max"), path + ".max", out.aabb.max);
    }
    if (t == "box") {
      out.kind = ShapeKind::Box;
      if (!vec(member(*j, "center"), path + ".center", out.box.center) ||
          !vec(member(*j, "halfExtents"), path + ".halfExtents", out.box.halfExtents))
        return false;
      const Json* rad = member(*j, "angle");
      const Json* deg = member(*j, "angleDegrees");
      if (rad != nullptr && deg != nullptr) return fail(path + ": give either angle or angleDegrees, not both");
      out.box.angle = 0.0;
      if (rad != nullptr) return number(rad, path + ".angle", out.box.angle);
      if (deg != nullptr) {
        double d = 0;
        if (!number(deg, path + ".angleDegrees", d)) return false;
        out.box.angle = d * (3.14159265358979323846 / 180.0);
      }
      return true;
    }
    if (t == "polygon") {
      out.kind = ShapeKind::Polygon;
      if (!vecs(member(*j, "points"), path + ".points", out.points)) return false;
      out.polygonStatus = Polygon::create(out.points, out.polygon);
      return true;
    }
    if (t == "segment" || t == "line") {
      Vec2 a, b;
      if (!vec(member(*j, "a"), path + ".a", a) || !vec(member(*j, "b"), path + ".b", b)) return false;
      if (t == "segment") {
        out.kind = ShapeKind::Segment;
        out.segment = {a, b};
      } else {
        out.kind = ShapeKind::Line;
        out.line = {a, b};
      }
      return true;
    }
    if (t == "ray") {
      out.kind = ShapeKind::Ray;
      if (!vec(member(*j, "origin"), path + ".origin", out.ray.origin) ||
          !vec(member(*j, "direction"), path + ".direction", out.ray.direction))
        return false;
      if (member(*j, "maxFraction") != nullptr)
        return number(member(*j, "maxFraction"), path + ".maxFraction", out.ray.maxFraction);
      return true;
    }
    return fail(path + ".type: unknown shape type \"" + t +
                "\" (circle, aabb, box, polygon, segment, line, ray)");
  }

  /// Walls for sweep / moveAndSlide: [[[x, y], [x, y]], ...].
  bool walls(const Json* j, const std::string& path, std::vector<collide2d::Segment>& out) {
    if (j == nullptr) return fail(path + ": missing (expected [[[x, y], [x, y]], ...])");
    if (!j->is_array()) return fail(path + ": expected an array of walls, got " + j->dump());
    out.clear();
    for (std::size_t i = 0; i < j->size(); ++i) {
      std::vector<collide2d::Vec2> ends;
      const std::string p = path + "[" + std::to_string(i) + "]";
      if (!vecs(&(*j)[i], p, ends)) return false;
      if (ends.size() != 2) return fail(p + ": a wall is [[x, y], [x, y]]");
      out.push_back({ends[0], ends[1]});
    }
    return true;
  }
};

/// The README's tolerance scale: the largest finite absolute number among the case's inputs (every member of the
/// case except description, source, query, expect, tolerance; angles, maxFraction and maxIterations excluded).
inline double inputScale(const Json& j, bool top = true) {
  double scale = 0.0;
  if (j.is_number()) {
    const double v = std::fabs(j.get<double>());
    return std::isfinite(v) ? v : 0.0;
  }
  if (j.is_array()) {
    for (const auto& e : j) scale = std::fmax(scale, inputScale(e, false));
    return scale;
  }
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (top && (k == "description" || k == "source" || k == "query" || k == "expect" || k == "tolerance"))
        continue;
      if (k == "angle" || k == "angleDegrees" || k == "maxFraction" || k == "maxIterations") continue;
      scale = std::fmax(scale, inputScale(it.value(), false));
    }
  }
  return scale;
}

/// Distance from p to the closed segment s, computed here (not by the library) for the harness's invariants.
inline double distanceToSegment(collide2d::Vec2 p, const collide2d::Segment& s) {
  using namespace collide2d;
  const Vec2 d = s.b - s.a;
  const double l2 = dot(d, d);
  double t = l2 > 0 ? dot(p - s.a, d) / l2 : 0.0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return distance(p, s.a + d * t);
}

inline const char* errorName(collide2d::Error e) {
  using collide2d::Error;
  switch (e) {
    case Error::None: return "None";
    case Error::NotFinite: return "NotFinite";
    case Error::NegativeRadius: return "NegativeRadius";
    case Error::NegativeExtent: return "NegativeExtent";
    case Error::ZeroDirection: return "ZeroDirection";
    case Error::TooFewPoints: return "TooFewPoints";
    case Error::Collinear: return "Collinear";
    case Error::NotConvex: return "NotConvex";
    case Error::InvalidArgument: return "InvalidArgument";
    case Error::OutOfMemory: return "OutOfMemory";
  }
  return "?";
}

}  // namespace corpus
