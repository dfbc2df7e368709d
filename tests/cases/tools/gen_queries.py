#!/usr/bin/env python3
"""Generates the query corpus (tests/query_cases/{capsule,distance,cast,manifold,containment}/*.json).

Every expected value is derived here, independently of the C++ code, from the exact double inputs:
* with 60-digit mpmath arithmetic (mp.dps = 60) wherever a square root, a cosine or a root of a motion is needed;
* with exact rationals (fractions.Fraction) for containment, whose tests need no square root.
The geometry is written from definitions, not from the library's algorithms:
* distance: the cores (a point, a segment, a polygon) intersect when no edge normal or segment direction separates
  them (SAT in 60 digits); otherwise the distance is the smallest of the point-segment distances over all edge
  pairs, minus the radii. Closest points are given only when they are unique.
* cast: the first time the distance reaches 0. Without rotation the distance is convex in t: golden-section search
  for its minimum, then bisection on the way down. With rotation: 4000 samples, then bisection.
* manifold: the supporting features of A along n and of B along -n (n the unique minimum-penetration edge normal);
  the points are the ends of B's feature within A's feature's extent, depth = how far each lies beyond A's.
* containment: every core point of B, grown by B's radius, inside A (Fraction arithmetic).
Run: python3 tests/cases/tools/gen_queries.py   (rewrites the five folders)
"""
import json
import math
import os
import shutil
from fractions import Fraction

import mpmath
from mpmath import mp, mpf

mp.dps = 60
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'query_cases')
SOURCE = 'issue 11 (queries after "do they touch"); expected values from tests/cases/tools/gen_queries.py'

# ---------------------------------------------------------------------------------------------------------------
# Shapes (JSON) and their cores in 60-digit arithmetic
# ---------------------------------------------------------------------------------------------------------------


def circle(c, r):
    return {'type': 'circle', 'center': list(c), 'radius': r}


def aabb(mn, mx):
    return {'type': 'aabb', 'min': list(mn), 'max': list(mx)}


def box(c, h, angle=0.0):
    return {'type': 'box', 'center': list(c), 'halfExtents': list(h), 'angle': angle}


def polygon(pts):
    return {'type': 'polygon', 'points': [list(p) for p in pts]}


def segment(a, b):
    return {'type': 'segment', 'a': list(a), 'b': list(b)}


def capsule(a, b, r):
    return {'type': 'capsule', 'a': list(a), 'b': list(b), 'radius': r}


def M(v):
    return mpf(v)  # exact: a double converts to mpf without rounding


def ccw(pts):
    area = sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
               for i in range(len(pts)))
    return pts if area > 0 else list(reversed(pts))


def core(s):
    """(points, radius) in mpf; polygons counter-clockwise."""
    t = s['type']
    if t == 'circle':
        return [(M(s['center'][0]), M(s['center'][1]))], M(s['radius'])
    if t == 'aabb':
        (x0, y0), (x1, y1) = s['min'], s['max']
        return [(M(x0), M(y0)), (M(x1), M(y0)), (M(x1), M(y1)), (M(x0), M(y1))], mpf(0)
    if t == 'box':
        cx, cy = map(M, s['center'])
        hx, hy = map(M, s['halfExtents'])
        c, sn = mp.cos(M(s['angle'])), mp.sin(M(s['angle']))
        pts = []
        for lx, ly in ((-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)):
            pts.append((cx + c * lx - sn * ly, cy + sn * lx + c * ly))
        return pts, mpf(0)
    if t == 'polygon':
        return ccw([(M(x), M(y)) for x, y in s['points']]), mpf(0)
    if t in ('segment', 'capsule'):
        a = (M(s['a'][0]), M(s['a'][1]))
        b = (M(s['b'][0]), M(s['b'][1]))
        pts = [a] if a == b else [a, b]
        return pts, (M(s['radius']) if t == 'capsule' else mpf(0))
    raise ValueError(t)


def pivot(s):
    t = s['type']
    if t == 'circle':
        return tuple(map(M, s['center']))
    if t == 'aabb':
        return ((M(s['min'][0]) + M(s['max'][0])) / 2, (M(s['min'][1]) + M(s['max'][1])) / 2)
    if t == 'box':
        return tuple(map(M, s['center']))
    if t == 'polygon':
        p = ccw([(M(x), M(y)) for x, y in s['points']])
        a = cx = cy = mpf(0)
        for i in range(len(p)):
            x0, y0 = p[i]
            x1, y1 = p[(i + 1) % len(p)]
            w = x0 * y1 - x1 * y0
            a += w
            cx += (x0 + x1) * w
            cy += (y0 + y1) * w
        return (cx / (3 * a), cy / (3 * a))
    a, b = s['a'], s['b']
    return ((M(a[0]) + M(b[0])) / 2, (M(a[1]) + M(b[1])) / 2)


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def crs(a, b):
    return a[0] * b[1] - a[1] * b[0]


def edges(pts):
    if len(pts) == 1:
        return [(pts[0], pts[0])]
    if len(pts) == 2:
        return [(pts[0], pts[1])]
    return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def closest_on_segment(p, a, b):
    d = sub(b, a)
    l2 = dot(d, d)
    if l2 == 0:
        return a
    t = dot(sub(p, a), d) / l2
    t = min(max(t, mpf(0)), mpf(1))
    return (a[0] + d[0] * t, a[1] + d[1] * t)


def separation(pa, pb):
    """Largest gap between the cores over the SAT axes (edge normals, segment directions, point directions)."""
    axes = []
    for pts in (pa, pb):
        if len(pts) >= 2:
            for a, b in edges(pts):
                d = sub(b, a)
                axes.append((-d[1], d[0]))
                axes.append(d)
    if len(pa) == 1 or len(pb) == 1:
        p, other = (pa, pb) if len(pa) == 1 else (pb, pa)
        for a, b in edges(other):
            q = closest_on_segment(p[0], a, b)
            axes.append(sub(p[0], q))
    best = mpf('-inf')
    for ax in axes:
        n = mp.sqrt(dot(ax, ax))
        if n == 0:
            continue
        ax = (ax[0] / n, ax[1] / n)
        amin = min(dot(p, ax) for p in pa)
        amax = max(dot(p, ax) for p in pa)
        bmin = min(dot(p, ax) for p in pb)
        bmax = max(dot(p, ax) for p in pb)
        best = max(best, bmin - amax, amin - bmax)
    return best


def core_closest(pa, pb):
    """(distance, [(pointA, pointB), ...] all pairs achieving it) for non-intersecting cores."""
    cands = []
    for a0, a1 in edges(pa):
        for b0, b1 in edges(pb):
            for p in (a0, a1):
                q = closest_on_segment(p, b0, b1)
                cands.append((mp.sqrt(dot(sub(p, q), sub(p, q))), p, q))
            for p in (b0, b1):
                q = closest_on_segment(p, a0, a1)
                cands.append((mp.sqrt(dot(sub(p, q), sub(p, q))), q, p))
    d = min(c[0] for c in cands)
    eps = mpf(10) ** -40 * (1 + d)
    return d, [(c[1], c[2]) for c in cands if c[0] - d <= eps]


def distance_of(pa, ra, pb, rb):
    """Signed-free distance of the grown cores (0 when they touch or overlap) and the closest pairs."""
    if separation(pa, pb) <= 0:
        return mpf(0), None
    d, pairs = core_closest(pa, pb)
    return max(mpf(0), d - ra - rb), (d, pairs)


def num(x, digits=17):
    """A JSON number for an mpf: the nearest double (repr round-trips)."""
    return float(x)


def vec(p):
    return [num(p[0]), num(p[1])]


# ---------------------------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------------------------

written = {}


def emit(family, name, case):
    folder = os.path.join(ROOT, family)
    os.makedirs(folder, exist_ok=True)
    assert (family, name) not in written, name
    written[(family, name)] = True
    case = dict(case)
    case.setdefault('source', SOURCE)
    order = ['description', 'source', 'query']
    out = {k: case[k] for k in order if k in case}
    for k, v in case.items():
        if k not in out:
            out[k] = v
    with open(os.path.join(folder, name + '.json'), 'w') as f:
        json.dump(out, f, indent=2)
        f.write('\n')


# ---------------------------------------------------------------------------------------------------------------
# distance
# ---------------------------------------------------------------------------------------------------------------


def distance_case(name, desc, a, b, tol=1e-12, points=True):
    pa, ra = core(a)
    pb, rb = core(b)
    dist, info = distance_of(pa, ra, pb, rb)
    expect = {}
    overlap = info is None or info[0] <= ra + rb
    expect['overlap'] = bool(overlap)
    expect['distance'] = 0.0 if overlap else num(dist)
    if not overlap:
        d, pairs = info
        dirs = []
        for p, q in pairs:
            v = sub(q, p)
            n = mp.sqrt(dot(v, v))
            dirs.append((v[0] / n, v[1] / n))
        n0 = dirs[0]
        if all(abs(x[0] - n0[0]) < mpf(10) ** -30 and abs(x[1] - n0[1]) < mpf(10) ** -30 for x in dirs):
            expect['normal'] = vec(n0)
            unique = all(abs(p[0] - pairs[0][0][0]) + abs(p[1] - pairs[0][0][1]) < mpf(10) ** -30 and
                         abs(q[0] - pairs[0][1][0]) + abs(q[1] - pairs[0][1][1]) < mpf(10) ** -30
                         for p, q in pairs)
            if unique and points:
                p, q = pairs[0]
                expect['pointA'] = vec((p[0] + n0[0] * ra, p[1] + n0[1] * ra))
                expect['pointB'] = vec((q[0] - n0[0] * rb, q[1] - n0[1] * rb))
    emit('distance', name, {'description': desc, 'query': 'distance', 'a': a, 'b': b, 'expect': expect,
                            'tolerance': tol})


def gen_distance():
    tri = [(0, 0), (2, 0), (1, 2)]
    hexa = [(3, 0), (4, 1), (4, 2), (3, 3), (2, 2), (2, 1)]
    distance_case('circle_circle_apart', 'Two circles 5 apart centre to centre: distance 5 - 1 - 2.',
                  circle((0, 0), 1), circle((3, 4), 2))
    distance_case('circle_circle_touching', 'Circles touching externally: overlap, distance 0.',
                  circle((0, 0), 1), circle((3, 0), 2))
    distance_case('circle_circle_inside', 'A circle inside another: overlap.', circle((0, 0), 5), circle((1, 1), 1))
    distance_case('circle_aabb_face', 'Circle facing an aabb side: closest points on the axis.',
                  circle((5, 0.5), 1), aabb((-1, -1), (1, 1)))
    distance_case('circle_aabb_corner', 'Circle beyond an aabb corner (3-4-5 from the corner).',
                  aabb((-1, -1), (1, 1)), circle((4, 5), 2))
    distance_case('aabb_aabb_parallel_faces', 'Aabbs with parallel facing sides: distance 2, points not unique.',
                  aabb((0, 0), (1, 1)), aabb((3, 0.5), (4, 2)))
    distance_case('aabb_aabb_corner_corner', 'Aabbs corner to corner: 3-4-5.', aabb((0, 0), (1, 1)),
                  aabb((4, 5), (6, 6)))
    distance_case('aabb_aabb_touching_faces', 'Aabbs sharing part of a side: overlap (touching counts).',
                  aabb((0, 0), (1, 1)), aabb((1, 0.5), (2, 3)))
    distance_case('aabb_aabb_touching_corners', 'Aabbs touching at one corner: overlap.', aabb((0, 0), (1, 1)),
                  aabb((1, 1), (2, 2)))
    distance_case('aabb_aabb_apart_by_ulp', 'Aabbs apart by one ulp of 1 at x = 1: not overlapping.',
                  aabb((0, 0), (1, 1)), aabb((1.0000000000000002, 0), (2, 1)), tol=1e-16)
    distance_case('box45_aabb_corner_to_face', 'A box at 45 degrees whose corner faces an aabb side.',
                  box((0, 0), (1, 1), math.pi / 4), aabb((3, -1), (4, 1)))
    distance_case('box_box_rotated', 'Two rotated boxes apart.', box((0, 0), (1, 0.5), 0.3),
                  box((4, 1), (0.7, 1.2), -0.9))
    distance_case('box_box_rotated_overlap', 'Two rotated boxes overlapping.', box((0, 0), (1, 0.5), 0.3),
                  box((1.5, 0.2), (0.7, 1.2), -0.9))
    distance_case('triangle_hexagon', 'Triangle and hexagon: vertex to edge.', polygon(tri), polygon(hexa))
    distance_case('triangle_hexagon_far', 'Triangle and hexagon far apart.', polygon(tri),
                  polygon([(x + 10, y + 7) for x, y in hexa]))
    distance_case('polygon_polygon_edge_edge_parallel', 'Parallel edges of two polygons: normal only.',
                  polygon([(0, 0), (2, 0), (2, 2), (0, 2)]), polygon([(3, 1), (5, -1), (5, 4)]))
    distance_case('polygon_polygon_overlap', 'Overlapping polygons.', polygon(tri), polygon([(1, 1), (3, 1), (2, 3)]))
    distance_case('segment_segment_skew', 'Two skew segments: endpoint to interior.', segment((0, 0), (4, 0)),
                  segment((2, 1), (3, 5)))
    distance_case('segment_segment_crossing', 'Crossing segments: overlap.', segment((0, 0), (4, 4)),
                  segment((0, 4), (4, 0)))
    distance_case('segment_segment_collinear_gap', 'Collinear segments with a gap of 1.', segment((0, 0), (1, 0)),
                  segment((2, 0), (5, 0)))
    distance_case('segment_segment_collinear_touch', 'Collinear segments sharing an endpoint.',
                  segment((0, 0), (1, 0)), segment((1, 0), (5, 0)))
    distance_case('segment_point_degenerate', 'A zero-length segment (a point) above a segment.',
                  segment((0, 0), (4, 0)), segment((1, 3), (1, 3)))
    distance_case('capsule_capsule_parallel', 'Parallel capsules side by side: normal only.',
                  capsule((0, 0), (4, 0), 0.5), capsule((1, 3), (6, 3), 1))
    distance_case('capsule_capsule_end_to_end', 'Capsules end to end on one line.',
                  capsule((0, 0), (4, 0), 0.5), capsule((6, 0), (9, 0), 0.25))
    distance_case('capsule_capsule_crossing_cores', 'Capsules whose segments cross: overlap.',
                  capsule((0, 0), (4, 0), 0.5), capsule((2, -2), (2, 2), 0.25))
    distance_case('capsule_circle', 'Capsule and circle off its side.', capsule((0, 0), (4, 0), 1),
                  circle((2, 5), 1.5))
    distance_case('capsule_circle_touching_cap', 'Circle touching a capsule end cap.', capsule((0, 0), (4, 0), 1),
                  circle((7, 0), 2))
    distance_case('capsule_aabb_tilted', 'Tilted capsule near an aabb corner.', capsule((3, 3), (5, 6), 0.5),
                  aabb((0, 0), (2, 2)))
    distance_case('capsule_polygon', 'Capsule and triangle.', capsule((-3, 0), (-1, 3), 0.25), polygon(tri))
    distance_case('capsule_box', 'Capsule and rotated box.', capsule((4, -2), (4, 2), 0.5), box((0, 0), (1, 2), 0.2))
    distance_case('capsule_segment', 'Capsule and segment.', capsule((0, 0), (0, 4), 0.5), segment((2, 5), (5, 1)))
    distance_case('capsule_zero_length_is_circle', 'A zero-length capsule is a circle.',
                  capsule((1, 1), (1, 1), 1), circle((5, 4), 1))
    distance_case('circle_segment', 'Circle above a segment.', circle((1, 4), 1), segment((-3, 0), (3, 0)))
    distance_case('circle_polygon_vertex', 'Circle closest to a polygon vertex.', polygon(tri), circle((1, 5), 1))
    distance_case('circle_box_rotated', 'Circle and a box at 30 degrees.', box((0, 0), (2, 1), math.pi / 6),
                  circle((0, 4), 0.5))
    distance_case('aabb_segment_diagonal', 'Aabb and a diagonal segment beyond its corner.',
                  aabb((0, 0), (1, 1)), segment((2, 3), (4, 1)))
    distance_case('box_polygon_overlap', 'Box and polygon overlapping.', box((1, 1), (1, 1), 0.1), polygon(tri))
    distance_case('polygon_segment_inside', 'A segment inside a polygon: overlap.', polygon(hexa),
                  segment((2.5, 1.5), (3.5, 1.5)))
    distance_case('huge_1e6_boxes', 'Two aabbs near 1e6, 0.25 apart: the distance keeps its precision.',
                  aabb((1e6, 1e6), (1e6 + 1, 1e6 + 1)), aabb((1e6 + 1.25, 1e6 + 0.5), (1e6 + 2, 1e6 + 3)))
    distance_case('huge_1e6_circle_polygon', 'Circle and triangle near 1e6.', polygon(
        [(1e6, 1e6), (1e6 + 2, 1e6), (1e6 + 1, 1e6 + 2)]), circle((1e6 + 1, 1e6 + 5), 1))
    distance_case('tiny_1e6_capsules', 'Capsules at 1e-6 scale.', capsule((0, 0), (4e-6, 0), 5e-7),
                  capsule((1e-6, 3e-6), (3e-6, 5e-6), 2.5e-7), tol=1e-19)
    distance_case('tiny_polygons', 'Triangle and hexagon at 1e-6 scale.', polygon([(x * 1e-6, y * 1e-6) for x, y in tri]),
                  polygon([(x * 1e-6, y * 1e-6) for x, y in hexa]), tol=1e-19)
    distance_case('octagon_octagon', 'Two regular-ish octagons (rational vertices) apart diagonally.',
                  polygon([(2, 0), (1.5, 1.5), (0, 2), (-1.5, 1.5), (-2, 0), (-1.5, -1.5), (0, -2), (1.5, -1.5)]),
                  polygon([(x + 6, y + 5) for x, y in [(2, 0), (1.5, 1.5), (0, 2), (-1.5, 1.5), (-2, 0),
                                                        (-1.5, -1.5), (0, -2), (1.5, -1.5)]]))


# ---------------------------------------------------------------------------------------------------------------
# cast
# ---------------------------------------------------------------------------------------------------------------


def moved_core(s, motion, t):
    pts, r = core(s)
    tx, ty = map(M, motion.get('translation', [0, 0]))
    ang = M(motion.get('rotation', 0)) * t
    if ang == 0:
        return [(x + tx * t, y + ty * t) for x, y in pts], r
    c, sn = mp.cos(ang), mp.sin(ang)
    px, py = pivot(s)
    out = []
    for x, y in pts:
        dx, dy = x - px, y - py
        out.append((px + c * dx - sn * dy + tx * t, py + sn * dx + c * dy + ty * t))
    return out, r


def gap(a, ma, b, mb, t):
    """Distance of the grown cores minus 0; negative values are not computed (0 = touching or overlapping)."""
    pa, ra = moved_core(a, ma, t)
    pb, rb = moved_core(b, mb, t)
    if separation(pa, pb) <= 0:
        return mpf(-1)
    d, _ = core_closest(pa, pb)
    return d - ra - rb


def contact_time(a, ma, b, mb, rotates):
    if gap(a, ma, b, mb, mpf(0)) <= 0:
        return mpf(0)
    if not rotates:
        lo, hi = mpf(0), mpf(1)
        g = (mp.sqrt(5) - 1) / 2
        for _ in range(300):  # golden-section search for the minimum of the convex distance
            x1 = hi - g * (hi - lo)
            x2 = lo + g * (hi - lo)
            if gap(a, ma, b, mb, x1) <= gap(a, ma, b, mb, x2):
                hi = x2
            else:
                lo = x1
        tmin = (lo + hi) / 2
        if gap(a, ma, b, mb, hi) <= 0:
            tmin = hi
        scale = max([abs(x) for p in core(a)[0] + core(b)[0] for x in p] + [mpf(1)])
        if gap(a, ma, b, mb, tmin) > mpf(10) ** -25 * scale:
            return None  # the minimum distance is positive: a miss
        lo, hi = mpf(0), tmin
    else:
        n = 4000
        prev = mpf(0)
        hi = None
        for k in range(1, n + 1):
            t = mpf(k) / n
            if gap(a, ma, b, mb, t) <= 0:
                hi = t
                break
            prev = t
        if hi is None:
            return None
        lo = prev
    for _ in range(200):
        mid = (lo + hi) / 2
        if gap(a, ma, b, mb, mid) > 0:
            lo = mid
        else:
            hi = mid
    return lo


def cast_case(name, desc, a, ma, b, mb, expect_hit=None, tol=1e-9, normal=True, point=True):
    rotates = ma.get('rotation', 0) != 0 or mb.get('rotation', 0) != 0
    t = contact_time(a, ma, b, mb, rotates)
    expect = {}
    if expect_hit is False or t is None:
        assert expect_hit in (None, False), name
        expect['hit'] = False
    elif t == 0:
        expect['hit'] = bool(expect_hit) if expect_hit is not None else True
        if expect['hit']:
            expect['fraction'] = 0.0
    else:
        expect['hit'] = True
        expect['fraction'] = num(t)
        # Normal and point a little before contact, where the gap (1e-25 S) is still resolved by 60 digits.
        scale = max([abs(x) for p in core(a)[0] + core(b)[0] for x in p] + [mpf(1)])
        lo2, hi2 = mpf(0), t
        for _ in range(200):
            mid = (lo2 + hi2) / 2
            if gap(a, ma, b, mb, mid) > mpf(10) ** -25 * scale:
                lo2 = mid
            else:
                hi2 = mid
        pa, ra = moved_core(a, ma, lo2)
        pb, rb = moved_core(b, mb, lo2)
        d, pairs = core_closest(pa, pb)
        p, q = pairs[0]
        v = sub(q, p)
        ln = mp.sqrt(dot(v, v))
        n = (v[0] / ln, v[1] / ln)
        ok = all(abs(crs(sub(qq, pp), n)) < mpf(10) ** -25 for pp, qq in pairs)
        if normal and ok:
            expect['normal'] = vec(n)
        uniq = all(abs(pp[0] - p[0]) + abs(pp[1] - p[1]) + abs(qq[0] - q[0]) + abs(qq[1] - q[1]) < mpf(10) ** -25
                   for pp, qq in pairs)
        if point and ok and uniq:
            expect['point'] = vec(((p[0] + n[0] * ra + q[0] - n[0] * rb) / 2, (p[1] + n[1] * ra + q[1] - n[1] * rb) / 2))
    emit('cast', name, {'description': desc, 'query': 'cast', 'a': a, 'motionA': ma, 'b': b, 'motionB': mb,
                        'expect': expect, 'tolerance': tol})


def T(x, y, rot=0.0):
    m = {'translation': [x, y]}
    if rot:
        m['rotation'] = rot
    return m


def gen_cast():
    still = T(0, 0)
    wall = aabb((10, -5), (11, 5))
    tri = [(0, 0), (2, 0), (1, 2)]
    cast_case('circle_into_wall', 'Circle moving right into an aabb wall: contact when its edge reaches x = 10.',
              circle((0, 0), 1), T(20, 0), wall, still)
    cast_case('aabb_into_wall_face_parallel', 'Aabb moving into a wall with parallel faces.', aabb((0, 0), (2, 1)),
              T(16, 0), wall, still, point=False)
    cast_case('box45_corner_first', 'A 45-degree box reaches the wall with its corner first.',
              box((0, 0), (1, 1), math.pi / 4), T(20, 0), wall, still)
    cast_case('tunnelling_circle_thin_segment', 'A small circle at 1e6 units per step never tunnels a segment.',
              circle((0, 0), 0.01), T(1e6, 0), segment((500, -1), (500, 1)), still, tol=1e-12)
    cast_case('tunnelling_point_thin_segment', 'A zero-length segment (a point) moving fast across a segment.',
              segment((0, 0.5), (0, 0.5)), T(1e5, 0), segment((37, -1), (37, 1)), still, tol=1e-12)
    cast_case('tunnelling_polygon_thin_box', 'A triangle crossing a thin box in one step.', polygon(tri),
              T(0, 400), box((1, 100), (5, 0.001), 0), still, point=False, tol=1e-12)
    cast_case('miss_passing_by', 'Circle passing above a box: no hit.', circle((0, 3), 1), T(20, 0),
              aabb((5, -1), (6, 1)), still)
    cast_case('graze_circle_over_corner', 'Circle grazing an aabb corner tangentially (entry rule): no hit.',
              circle((-5, 1), 1), T(10, 0), aabb((-1, -2), (1, 0)), still, expect_hit=False)
    cast_case('slide_along_face', 'Aabb sliding along a face it touches: no hit.', aabb((0, 1), (1, 2)), T(5, 0),
              aabb((-10, 0), (10, 1)), still, expect_hit=False)
    cast_case('start_touching_moving_away', 'Start touching, moving apart: no hit.', circle((0, 2), 1), T(0, 3),
              aabb((-5, 0), (5, 1)), still, expect_hit=False)
    cast_case('start_touching_moving_in', 'Start touching, moving in: hit at 0.', circle((0, 2), 1), T(0, -3),
              aabb((-5, 0), (5, 1)), still, expect_hit=True)
    cast_case('start_overlapping_moving_in', 'Start overlapping and pushing deeper: hit at 0.', circle((0, 1.5), 1),
              T(0, -1), aabb((-5, 0), (5, 1)), still, expect_hit=True)
    cast_case('start_overlapping_moving_out', 'Start overlapping and moving out: no hit.', circle((0, 1.5), 1),
              T(0, 1), aabb((-5, 0), (5, 1)), still, expect_hit=False)
    cast_case('both_moving_head_on', 'Two aabbs moving towards each other meet in the middle.', aabb((0, 0), (1, 1)),
              T(4, 0), aabb((9, 0), (10, 1)), T(-4, 0), point=False)
    cast_case('both_moving_same_way', 'B runs away faster than A: no hit.', circle((0, 0), 1), T(5, 0),
              circle((4, 0), 1), T(6, 0))
    cast_case('both_moving_catch_up', 'A catches up with B.', circle((0, 0), 1), T(8, 0), circle((4, 0), 1), T(2, 0))
    cast_case('capsule_into_capsule', 'Capsule moving down onto a crossing capsule.', capsule((-2, 5), (2, 5), 0.5),
              T(0, -8), capsule((0, -1), (0, 1), 0.5), still)
    cast_case('capsule_onto_floor_parallel', 'Horizontal capsule falling flat onto a floor.',
              capsule((-2, 5), (2, 5), 0.5), T(0, -8), aabb((-10, -1), (10, 0)), still, point=False)
    cast_case('capsule_tilted_onto_floor', 'Tilted capsule falling onto a floor: lower end first.',
              capsule((-2, 4), (2, 5), 0.5), T(0, -8), aabb((-10, -1), (10, 0)), still)
    cast_case('segment_into_polygon', 'A segment moving into a triangle.', segment((5, 0.5), (5, 1.5)), T(-6, 0),
              polygon(tri), still)
    cast_case('polygon_into_polygon_diagonal', 'Triangle moving diagonally into a hexagon.', polygon(tri), T(6, 5),
              polygon([(x + 5, y + 4) for x, y in [(3, 0), (4, 1), (4, 2), (3, 3), (2, 2), (2, 1)]]), still)
    cast_case('box_into_box_rotated', 'Rotated box translating into another rotated box.', box((0, 0), (1, 0.5), 0.4),
              T(8, 1), box((6, 1), (0.5, 1.5), -0.3), still)
    cast_case('circle_into_polygon_vertex', 'Circle hitting a polygon vertex head-on.', circle((1, 8), 0.5),
              T(0, -10), polygon(tri), still)
    cast_case('aabb_corner_into_corner', 'Aabb moving diagonally corner to corner.', aabb((0, 0), (1, 1)), T(4, 4),
              aabb((3, 3), (4, 4)), still)
    cast_case('huge_1e6_circle_wall', 'Circle near 1e6 moving into a wall: the fraction is within 2^-40 S / 20 of '
              'the contact (S = 1e6).', circle((1e6, 1e6), 1), T(20, 0),
              aabb((1e6 + 10, 1e6 - 5), (1e6 + 11, 1e6 + 5)), still, tol=5e-8)
    cast_case('tiny_circles', 'Circles at 1e-6 scale.', circle((0, 0), 1e-6), T(1e-5, 0), circle((5e-6, 1e-6), 1e-6),
              still, tol=1e-9, point=False)
    cast_case('no_motion_apart', 'Nothing moves, apart: no hit.', circle((0, 0), 1), still, circle((5, 0), 1), still)
    cast_case('miss_short_motion', 'Motion ends before contact: no hit.', circle((0, 0), 1), T(2, 0),
              circle((5, 0), 1), still)
    cast_case('ends_exactly_touching', 'Motion ends exactly touching: hit at 1.', circle((0, 0), 1), T(3, 0),
              circle((5, 0), 1), still)
    # Rotation.
    cast_case('rotation_bar_sweeps_corner', 'A spinning bar sweeps its end into a box beside it (no translation).',
              box((0, 0), (3, 0.1), 0), T(0, 0, 3.0), box((0, 2), (0.2, 0.2), 0), still, tol=1e-8)
    cast_case('rotation_bar_misses', 'The bar turns too little to reach the box: no hit.', box((0, 0), (3, 0.1), 0),
              T(0, 0, 0.3), box((0, 2), (0.2, 0.2), 0), still, tol=1e-8)
    cast_case('rotation_and_translation', 'Rotating box moving down onto a floor.', box((0, 5), (1, 0.5), 0),
              T(0, -5, 1.0), aabb((-10, -1), (10, 0)), still, tol=1e-8)
    cast_case('rotation_capsule_paddle', 'A capsule paddle spinning into a circle.', capsule((-2, 0), (2, 0), 0.25),
              T(0, 0, 2.0), circle((0, 1.5), 0.5), still, tol=1e-8)
    cast_case('rotation_polygon_spin_into_wall', 'A triangle spinning and moving into a wall.', polygon(tri),
              T(6, 0, 4.0), wall, still, tol=1e-8)
    cast_case('rotation_both', 'Both shapes rotate and move.', box((0, 0), (1, 0.2), 0), T(3, 0, 2.0),
              box((6, 0), (1, 0.2), 1.0), T(-2, 0, -1.5), tol=1e-8)
    cast_case('rotation_segment_swing', 'A segment swinging about its midpoint into a point-like circle.',
              segment((-1, 0), (1, 0)), T(0, 0, 1.5), circle((0.5, 0.6), 0.05), still, tol=1e-8)
    cast_case('rotation_fast_spin_thin', 'Fast spin (10 rad) of a thin bar near a small box.',
              box((0, 0), (2, 0.01), 0), T(0, 0, 10.0), box((-1, -1.5), (0.1, 0.1), 0), still, tol=1e-8)
    cast_case('rotation_start_touching_moving_away', 'Start touching and turning away from the floor: no hit.',
              box((0, 1), (1, 1), 0), T(0, 2, 0.1), aabb((-10, -1), (10, 0)), still, expect_hit=False, tol=1e-8)
    cast_case('tangent_capsules_parallel_slide', 'Parallel capsules sliding along each other touching: no hit.',
              capsule((0, 0), (4, 0), 1), T(10, 0), capsule((0, 2), (4, 2), 1), still, expect_hit=False)
    cast_case('polygon_slide_past_vertex_gap', 'Triangle passes a square with a gap of 0.5: no hit.',
              polygon(tri), T(0, 10), aabb((2.5, 3), (4, 4)), still)
    cast_case('huge_speed_capsule_wall', 'Capsule at 1e7 units per step into a wall.', capsule((0, 0), (0, 1), 0.1),
              T(1e7, 0), aabb((1000, -5), (1001, 5)), still, tol=1e-12)
    # Sharp features in translation: exact grazes and starts in contact (the graze / entry flags are the authors';
    # the numeric first contact above cannot tell a graze from an entry).
    diamond = [(1, 1), (2, 2), (1, 3), (0, 2)]
    cast_case('sharp_aabb_corner_passes_corner', 'Aabb corner passing another aabb\'s corner: they share only (1, 2) at '
              't = 1/2 (vertex-vertex graze): no hit.', aabb((0, 0), (1, 1)), T(2, 2), aabb((0, 2), (1, 4)), still,
              expect_hit=False)
    cast_case('sharp_box_corner_passes_box_corner', 'Box corner passing a box corner diagonally: no hit.',
              box((0.5, 0.5), (0.5, 0.5), 0), T(3, 3), box((2.5, 0.5), (0.5, 0.5), 0), still, expect_hit=False)
    cast_case('sharp_resting_on_tile_walks', 'Aabb resting exactly on a floor tile walks along it (edge-edge '
              'slide): no hit.', aabb((0.25, 1), (0.75, 2)), T(3, 0), aabb((0, 0), (1, 1)), still, expect_hit=False)
    cast_case('sharp_resting_on_tile_presses_in', 'Aabb resting exactly on a tile moves down-sideways: hit at 0.',
              aabb((0.25, 1), (0.75, 2)), T(0.5, -0.5), aabb((0, 0), (1, 1)), still, expect_hit=True)
    cast_case('sharp_touching_aabbs_moving_in', 'Aabbs touching on x = 1, A moving into B: hit at 0.',
              aabb((0, -1), (1, 1)), T(0.5, 0), aabb((1, -3), (2, 1)), still, expect_hit=True)
    cast_case('sharp_touching_aabbs_moving_out', 'Aabbs touching on x = 1, A moving away: no hit.',
              aabb((0, -1), (1, 1)), T(-0.5, 0), aabb((1, -3), (2, 1)), still, expect_hit=False)
    cast_case('sharp_vertex_slides_along_edge', 'A diamond\'s lowest vertex slides along a floor it touches '
              '(vertex-edge): no hit.', polygon(diamond), T(2, 0), aabb((-4, 0), (4, 1)), still, expect_hit=False)
    cast_case('sharp_vertex_presses_into_edge', 'A diamond\'s lowest vertex on a floor, moving down-sideways: hit '
              'at 0.', polygon(diamond), T(2, -1), aabb((-4, 0), (4, 1)), still, expect_hit=True)
    cast_case('sharp_vertex_passes_vertex_rotated', 'A diamond\'s top vertex passes a square\'s corner, the line of '
              'motion between their edges (vertex-vertex graze): no hit.', polygon(diamond), T(4, 2),
              aabb((2, 4), (3, 5)), still, expect_hit=False)
    cast_case('sharp_segment_end_passes_segment_end', 'Parallel segments meeting end to end at one instant: no hit.',
              segment((0, 0), (0, 2)), T(4, 0), segment((1, 2), (1, 4)), still, expect_hit=False)
    cast_case('sharp_corner_to_corner_start_moving_in', 'Aabbs touching corner to corner, moving diagonally into '
              'each other: hit at 0.', aabb((0, 0), (1, 1)), T(1, 1), aabb((1, 1), (2, 2)), still, expect_hit=True)
    cast_case('huge_1e6_nearly_parallel_landing', 'Aabb near 1e6 moving 1e6 sideways and 1 down onto a floor 1/16 '
              'below: the fraction is within 2^-39 S / v of 1/16 (S = 4e6, v = 1: 7.3e-6).',
              aabb((1e6, 0.0625), (1e6 + 1, 1.0625)), T(1e6, -1), aabb((0, -1), (4e6, 0)), still, tol=1e-5,
              point=False)


# ---------------------------------------------------------------------------------------------------------------
# manifold
# ---------------------------------------------------------------------------------------------------------------


def manifold_case(name, desc, a, b, tol=1e-12):
    """Expected manifold from supporting features (see the module docstring)."""
    pa, ra = core(a)
    pb, rb = core(b)
    expect = {}
    sep = separation(pa, pb)
    gapv = None
    if sep > 0:
        d, _ = core_closest(pa, pb)
        gapv = d - ra - rb
    if gapv is not None and gapv > 0:
        expect['count'] = 0
        emit('manifold', name, {'description': desc, 'query': 'manifold', 'a': a, 'b': b, 'expect': expect,
                                'tolerance': tol})
        return
    # Minimum-penetration edge normal (A's normals from A to B, B's normals reversed).
    best = None
    cands = []
    for owner, pts in ((0, pa), (1, pb)):
        if len(pts) < 2:
            continue
        es = edges(pts) if len(pts) > 2 else [(pts[0], pts[1]), (pts[1], pts[0])]
        for e0, e1 in es:
            dd = sub(e1, e0)
            ln = mp.sqrt(dot(dd, dd))
            n = (dd[1] / ln, -dd[0] / ln)  # outward (right of a counter-clockwise edge)
            if owner == 1:
                n = (-n[0], -n[1])
            pen = max(dot(p, n) for p in pa) + ra - (min(dot(p, n) for p in pb) - rb)
            cands.append((pen, n))
            if best is None or pen < best[0] - mpf(10) ** -30:
                best = (pen, n)
    pen, n = best
    tie = any(abs(c[0] - pen) <= mpf(10) ** -30 and abs(c[1][0] - n[0]) + abs(c[1][1] - n[1]) > mpf(10) ** -30
              for c in cands)
    t = (-n[1], n[0])
    hA = max(dot(p, n) for p in pa)
    lB = min(dot(p, n) for p in pb)
    # Supporting features; a rounded 2-point core keeps each end that still reaches the other shape (depth >= 0).
    if len(pa) == 2 and ra > 0:
        featA = [p for p in pa if dot(p, n) + ra - (lB - rb) >= 0]
    else:
        featA = [p for p in pa if hA - dot(p, n) < mpf(10) ** -30]
    if len(pb) == 2 and rb > 0:
        featB = [p for p in pb if hA + ra - (dot(p, n) - rb) >= 0]
    else:
        featB = [p for p in pb if dot(p, n) - lB < mpf(10) ** -30]
    if len(featA) == 1 and len(featB) == 1:
        expect['count'] = 1
    else:
        lo = max(min(dot(p, t) for p in featA), min(dot(p, t) for p in featB))
        hi = min(max(dot(p, t) for p in featA), max(dot(p, t) for p in featB))
        pts = []
        for s in ([lo, hi] if hi > lo else [lo]):
            # B's feature point at tangential coordinate s, moved by B's radius along -n.
            if len(featB) == 1:
                q = featB[0]
            else:
                b0, b1 = sorted(featB, key=lambda p: dot(p, t))[0], sorted(featB, key=lambda p: dot(p, t))[-1]
                u = (s - dot(b0, t)) / (dot(b1, t) - dot(b0, t))
                q = (b0[0] + (b1[0] - b0[0]) * u, b0[1] + (b1[1] - b0[1]) * u)
            q = (q[0] - n[0] * rb, q[1] - n[1] * rb)
            depth = hA + ra - dot(q, n)
            pts.append({'point': vec(q), 'depth': num(depth)})
        expect['count'] = len(pts)
        expect['points'] = pts
    if not tie:
        expect['normal'] = vec(n)
    emit('manifold', name, {'description': desc, 'query': 'manifold', 'a': a, 'b': b, 'expect': expect,
                            'tolerance': tol})


def gen_manifold():
    ground = aabb((-5, -1), (5, 0))
    manifold_case('aabb_on_ground', 'An aabb resting 0.1 deep on the ground: two points at its bottom corners.',
                  ground, aabb((0, -0.1), (2, 1.9)))
    manifold_case('box_on_ground_overhang', 'A box overhanging the ground end: points clipped at x = 5.', ground,
                  box((5, 0.9), (1, 1), 0))
    manifold_case('resting_exactly', 'Touching with depth 0: still two points.', ground, aabb((-1, 0), (1, 1)))
    manifold_case('apart_by_ulp', 'Apart by one ulp: no points.', ground, aabb((-1, 5e-324), (1, 1)))
    manifold_case('box45_corner_on_ground', 'A 45-degree box touching with its corner: one point.', ground,
                  box((0, 1.3), (1, 1), math.pi / 4))
    manifold_case('capsule_lying_on_ground', 'A horizontal capsule lying on the ground: its two cap bottoms.',
                  ground, capsule((-2, 0.4), (2, 0.4), 0.5))
    manifold_case('capsule_upright_on_ground', 'An upright capsule on the ground: one point.', ground,
                  capsule((0, 0.4), (0, 3), 0.5))
    manifold_case('capsule_on_capsule_parallel', 'Two parallel capsules stacked: the shared span.',
                  capsule((0, 0), (4, 0), 0.5), capsule((2, 0.9), (7, 0.9), 0.5))
    manifold_case('capsule_on_capsule_crossed', 'Crossed capsules: one point.', capsule((0, 0), (4, 0), 0.5),
                  capsule((2, -1), (2, 2), 0.5))
    manifold_case('segment_on_ground', 'A segment lying on the ground surface.', ground, segment((-1, 0), (3, 0)))
    manifold_case('segment_segment_overlapping_collinear', 'Collinear overlapping segments.',
                  segment((0, 0), (4, 0)), segment((2, 0), (6, 0)))
    manifold_case('polygon_apex_into_face', 'A pentagon roof apex 0.05 into a square\'s bottom face: one point.',
                  polygon([(-3, -2), (3, -2), (3, 0), (0, 1), (-3, 0)]), polygon([(-1, 0.95), (1, 0.95), (1, 2.5), (-1, 2.5)]))
    manifold_case('wide_box_on_narrow_box', 'A wide box on a narrow one: clipped to the narrow top.',
                  aabb((-1, -1), (1, 0)), aabb((-3, -0.05), (3, 1)))
    manifold_case('narrow_on_wide', 'A narrow box on a wide one.', aabb((-3, -1), (3, 0)), aabb((-1, -0.05), (1, 1)))
    manifold_case('side_contact', 'Boxes meeting side to side.', aabb((0, 0), (2, 2)), aabb((1.9, 0.5), (4, 3)))
    manifold_case('box_vs_box_rotated_face', 'Two boxes rotated together by 30 degrees, face to face.',
                  box((0, 0), (2, 1), math.pi / 6), box((-0.95 * math.sin(math.pi / 6) * 2, 0.95 * math.cos(math.pi / 6) * 2), (1, 1), math.pi / 6), tol=1e-11)
    manifold_case('capsule_on_box_rotated', 'Capsule lying on a tilted box face.', box((0, 0), (3, 1), 0.2),
                  capsule((-math.sin(0.2) * 1.4 - math.cos(0.2), math.cos(0.2) * 1.4 - math.sin(0.2)),
                          (-math.sin(0.2) * 1.4 + math.cos(0.2), math.cos(0.2) * 1.4 + math.sin(0.2)), 0.5), tol=1e-11)
    manifold_case('triangle_vertex_into_box', 'A triangle pointing down into a box: one point.', aabb((-2, -2), (2, 0)),
                  polygon([(0, -0.2), (1, 2), (-1, 2)]))
    manifold_case('huge_1e6_stack', 'Aabbs stacked near 1e6.', aabb((1e6, 1e6), (1e6 + 4, 1e6 + 1)),
                  aabb((1e6 + 1, 1e6 + 0.75), (1e6 + 2, 1e6 + 2)), tol=1e-12)
    manifold_case('tiny_stack', 'Aabbs stacked at 1e-6.', aabb((0, 0), (4e-6, 1e-6)), aabb((1e-6, 0.75e-6), (2e-6, 2e-6)),
                  tol=1e-19)
    manifold_case('segment_crossing_box_edge', 'A segment dipping into a box top at a slant: one point.',
                  aabb((-2, -2), (2, 0)), segment((0, -0.25), (3, 2)))
    for k, dx in enumerate([-4.5, -1.0, 0.5, 4.25]):
        manifold_case(f'pentagon_shift_{k}', f'A pentagon resting 0.02 deep on the ground, shifted by {dx}.', ground,
                      polygon([(dx - 1, -0.02), (dx + 1, -0.02), (dx + 1.5, 1), (dx, 2), (dx - 1.5, 1)]))
    for k, dy in enumerate([0.0, 0.05, 0.3]):
        for j, dx in enumerate([-3.0, 0.0, 4.5]):
            manifold_case(f'aabb_grid_{k}_{j}', f'An aabb on the ground shifted by {dx} and sunk {dy}.', ground,
                          aabb((dx - 1, -dy), (dx + 1, 2 - dy)))
    for k, ang in enumerate([0.0, 1e-3, 0.2, 0.6]):
        manifold_case(f'capsule_tilt_{k}', f'A capsule on the ground tilted by {ang} rad, lower end 0.05 deep.',
                      ground, capsule((-1.5, 0.45), (-1.5 + 3 * math.cos(ang), 0.45 + 3 * math.sin(ang)), 0.5))
    for k, (w, h) in enumerate([(1, 1), (3, 0.5), (0.25, 4)]):
        manifold_case(f'box_sizes_{k}', f'A {2*w} x {2*h} box resting 0.01 deep.', ground,
                      box((0.5, h - 0.01), (w, h), 0))


# ---------------------------------------------------------------------------------------------------------------
# containment (exact rationals)
# ---------------------------------------------------------------------------------------------------------------


def F(x):
    return Fraction(x)


def fcore(s):
    t = s['type']
    if t == 'circle':
        return [(F(s['center'][0]), F(s['center'][1]))], F(s['radius'])
    if t == 'aabb':
        (x0, y0), (x1, y1) = s['min'], s['max']
        return [(F(x0), F(y0)), (F(x1), F(y0)), (F(x1), F(y1)), (F(x0), F(y1))], F(0)
    if t == 'polygon':
        return ccw([(F(x), F(y)) for x, y in s['points']]), F(0)
    if t in ('segment', 'capsule'):
        a = (F(s['a'][0]), F(s['a'][1]))
        b = (F(s['b'][0]), F(s['b'][1]))
        return ([a] if a == b else [a, b]), (F(s['radius']) if t == 'capsule' else F(0))
    raise ValueError('containment cases use rational shapes: ' + t)


def seg_dist2(p, a, b):
    d = sub(b, a)
    l2 = dot(d, d)
    if l2 == 0:
        return dot(sub(p, a), sub(p, a))
    t = dot(sub(p, a), d) / l2
    t = min(max(t, Fraction(0)), Fraction(1))
    q = (a[0] + d[0] * t, a[1] + d[1] * t)
    return dot(sub(p, q), sub(p, q))


def ge_sum_sqrt(r, d2, rb):
    """r >= sqrt(d2) + rb, exactly."""
    x = r - rb
    return x >= 0 and d2 <= x * x


def contains_exact(a, b):
    pb, rb = fcore(b)
    pa, ra = fcore(a)
    ta = a['type']
    if ta == 'segment':
        if rb != 0:
            return False
        a0, a1 = pa[0], pa[-1]
        for p in pb:
            if crs(sub(a1, a0), sub(p, a0)) != 0:
                return False
            if dot(sub(p, a0), sub(p, a1)) > 0:
                return False
        return True
    if ta in ('circle', 'capsule'):
        for p in pb:
            d2 = dot(sub(p, pa[0]), sub(p, pa[0])) if len(pa) == 1 else seg_dist2(p, pa[0], pa[1])
            if not ge_sum_sqrt(ra, d2, rb):
                return False
        return True
    # polygonal A (counter-clockwise): every point left of or on every edge, by at least rb
    for p in pb:
        for e0, e1 in edges(pa):
            e = sub(e1, e0)
            c = crs(e, sub(p, e0))  # = |e| * signed distance to the left
            if c < 0:
                return False
            if rb > 0 and c * c < rb * rb * dot(e, e):
                return False
    return True


def containment_case(name, desc, a, b):
    emit('containment', name, {'description': desc, 'query': 'containsShape', 'a': a, 'b': b,
                               'expect': {'inside': contains_exact(a, b)}})


def gen_containment():
    sq = aabb((0, 0), (4, 4))
    tri = polygon([(0, 0), (1, 0), (0, 1)])
    hexa = polygon([(3, 0), (4, 1), (4, 2), (3, 3), (2, 2), (2, 1)])
    ulp = 4.440892098500626e-16  # ulp of 2 and 3
    containment_case('aabb_itself', 'An aabb contains itself (boundaries touch).', sq, sq)
    containment_case('aabb_inscribed_circle', 'The inscribed circle touches all four sides: inside.', sq,
                     circle((2, 2), 2))
    containment_case('aabb_circle_one_ulp_too_big', 'Inscribed circle one ulp too big: not inside.', sq,
                     circle((2, 2), 2.0000000000000004))
    containment_case('aabb_circle_shifted_ulp', 'Inscribed circle moved by one ulp: not inside.', sq,
                     circle((2 + ulp, 2), 2))
    containment_case('aabb_capsule_inside', 'Capsule touching the sides from inside.', sq, capsule((1, 2), (3, 2), 1))
    containment_case('aabb_capsule_poking_out', 'Capsule poking out of the right side.', sq,
                     capsule((1, 2), (3.5, 2), 1))
    containment_case('aabb_segment_on_boundary', 'A segment along the boundary: inside.', sq, segment((0, 0), (4, 0)))
    containment_case('aabb_segment_crossing_out', 'A segment leaving the box.', sq, segment((1, 1), (5, 1)))
    containment_case('aabb_smaller_aabb', 'A smaller aabb inside.', sq, aabb((1, 1), (3, 2)))
    containment_case('aabb_polygon_touching_corner', 'Hexagon touching from inside.', aabb((2, 0), (4, 3)), hexa)
    containment_case('aabb_bigger_aabb', 'A bigger aabb is not inside.', sq, aabb((-1, -1), (5, 5)))
    containment_case('triangle_segment_on_hypotenuse', 'Segment from the right angle to the hypotenuse midpoint.',
                     tri, segment((0, 0), (0.5, 0.5)))
    containment_case('triangle_segment_ulp_outside', 'Endpoint one ulp beyond the hypotenuse: outside (exact).', tri,
                     segment((0, 0), (0.5, 0.5000000000000001)))
    containment_case('triangle_circle_incircle', 'Circle well inside the triangle.', tri, circle((0.25, 0.25), 0.1))
    containment_case('triangle_circle_touching_hypotenuse', 'Circle of radius 0.25 at (0.25, 0.25): touches the legs, '
                     'crosses the hypotenuse.', tri, circle((0.25, 0.25), 0.25))
    containment_case('hexagon_point_circle', 'A zero-radius circle (a point) inside the hexagon.', hexa,
                     circle((3, 1.5), 0))
    containment_case('hexagon_triangle', 'A triangle inside the hexagon.', hexa, polygon([(2.5, 1), (3.5, 1), (3, 2)]))
    containment_case('hexagon_triangle_vertex_out', 'A triangle with a vertex outside.', hexa,
                     polygon([(2.5, 1), (3.5, 1), (3, 3.5)]))
    containment_case('circle_circle_internally_tangent', 'Internally tangent circles: inside.', circle((0, 0), 5),
                     circle((1, 0), 4))
    containment_case('circle_circle_ulp_too_big', 'One ulp too big: outside.', circle((0, 0), 5),
                     circle((1, 0), 4.000000000000001))
    containment_case('circle_aabb_corners_on_circle', 'Aabb corners exactly on the circle (3-4-5).', circle((0, 0), 5),
                     aabb((-3, -4), (3, 4)))
    containment_case('circle_aabb_corner_out', 'Aabb corner just outside.', circle((0, 0), 5),
                     aabb((-3, -4), (3, 4.000000000000001)))
    containment_case('circle_capsule', 'Capsule inside a circle touching it at both caps.', circle((0, 0), 3),
                     capsule((-2, 0), (2, 0), 1))
    containment_case('circle_capsule_out', 'Capsule caps past the circle.', circle((0, 0), 3),
                     capsule((-2, 0), (2.5, 0), 1))
    containment_case('circle_segment', 'A chord-like segment inside.', circle((0, 0), 5), segment((-3, -4), (3, 4)))
    containment_case('circle_polygon', 'Triangle inside a circle.', circle((0, 0), 2), polygon([(1, 0), (0, 1), (-1, -1)]))
    containment_case('capsule_capsule', 'Thinner shorter capsule inside.', capsule((0, 0), (10, 0), 2),
                     capsule((1, 0), (9, 0), 1))
    containment_case('capsule_capsule_touching_cap', 'Inner capsule touching the outer cap from inside.',
                     capsule((0, 0), (10, 0), 2), capsule((1, 0), (11, 0), 1))
    containment_case('capsule_capsule_out', 'Inner capsule one unit too long.', capsule((0, 0), (10, 0), 2),
                     capsule((1, 0), (12, 0), 1))
    containment_case('capsule_circle', 'Circle in the capsule middle touching both sides.', capsule((0, 0), (10, 0), 2),
                     circle((5, 0), 2))
    containment_case('capsule_aabb', 'Aabb with corners on the capsule boundary (3-4-5 at the caps).',
                     capsule((0, 0), (10, 0), 5), aabb((-3, -4), (13, 4)))
    containment_case('capsule_aabb_out', 'Aabb slightly too wide.', capsule((0, 0), (10, 0), 5),
                     aabb((-3, -4), (13.000000000000002, 4)))
    containment_case('capsule_polygon', 'Hexagon inside a big capsule.', capsule((0, 1.5), (6, 1.5), 2.5), hexa)
    containment_case('capsule_segment', 'Segment along the capsule axis beyond the core but within the caps.',
                     capsule((0, 0), (10, 0), 2), segment((-2, 0), (12, 0)))
    containment_case('segment_segment', 'A sub-segment lies on the segment.', segment((0, 0), (4, 4)),
                     segment((1, 1), (3, 3)))
    containment_case('segment_segment_off_line', 'A segment off the line by one ulp.', segment((0, 0), (4, 4)),
                     segment((1, 1), (3, 3.0000000000000004)))
    containment_case('segment_circle_radius', 'A segment cannot contain a circle of positive radius.',
                     segment((0, 0), (4, 4)), circle((1, 1), 0.5))
    containment_case('segment_point_capsule', 'A zero-radius, zero-length capsule (a point) on the segment.',
                     segment((0, 0), (4, 4)), capsule((2, 2), (2, 2), 0))
    containment_case('segment_aabb', 'A segment cannot contain an area.', segment((0, 0), (4, 4)), sq)
    containment_case('polygon_capsule_touching_edge', 'Capsule inside the hexagon touching an edge.',
                     polygon([(0, 0), (6, 0), (6, 2), (0, 2)]), capsule((1, 1), (5, 1), 1))
    containment_case('huge_1e6_aabb_circle', 'Inscribed circle near 1e6.', aabb((1e6, 1e6), (1e6 + 4, 1e6 + 4)),
                     circle((1e6 + 2, 1e6 + 2), 2))
    containment_case('huge_1e6_aabb_circle_ulp', 'Near 1e6, the circle one ulp off-centre pokes out.',
                     aabb((1e6, 1e6), (1e6 + 4, 1e6 + 4)), circle((1e6 + 2 + 1.1641532182693481e-10, 1e6 + 2), 2))
    containment_case('tiny_circle_in_circle', 'Internally tangent circles at 1e-6.', circle((0, 0), 5e-6),
                     circle((1e-6, 0), 4e-6))


# ---------------------------------------------------------------------------------------------------------------
# capsule family: overlaps / collide / contains / raycast / validate
# ---------------------------------------------------------------------------------------------------------------


def collide_expect(a, b, with_point=True):
    """Contact per collide2d.h for pairs with a capsule: cores apart -> along closest points; crossing cores are
    given by hand in the callers."""
    pa, ra = core(a)
    pb, rb = core(b)
    sep = separation(pa, pb)
    assert sep > 0, 'collide_expect handles cores apart only'
    d, pairs = core_closest(pa, pb)
    if d > ra + rb:
        return {'hit': False}
    p, q = pairs[0]
    v = sub(q, p)
    n = (v[0] / d, v[1] / d)
    e = {'hit': True, 'depth': num(ra + rb - d)}
    if all(abs(crs(sub(qq, pp), n)) < mpf(10) ** -30 for pp, qq in pairs):
        e['normal'] = vec(n)
        if with_point and all(abs(qq[0] - q[0]) + abs(qq[1] - q[1]) < mpf(10) ** -30 for _, qq in pairs):
            e['point'] = vec((q[0] - n[0] * rb, q[1] - n[1] * rb))
    return e


def capsule_pair(name, desc, a, b, expect=None, query='collide', tol=None):
    if expect is None:
        expect = collide_expect(a, b)
        if query == 'overlaps':
            expect = {'hit': expect['hit']}
    case = {'description': desc, 'query': query, 'a': a, 'b': b, 'expect': expect}
    if tol is not None:
        case['tolerance'] = tol
    emit('capsule', name, case)


def gen_capsule():
    cap = capsule((0, 0), (4, 0), 1)
    capsule_pair('circle_side', 'Circle overlapping the capsule side.', cap, circle((2, 1.5), 1))
    capsule_pair('circle_side_touching', 'Circle touching the side: depth 0.', cap, circle((2, 3), 2))
    capsule_pair('circle_cap', 'Circle overlapping the end cap on the axis.', cap, circle((5.5, 0), 1))
    capsule_pair('circle_apart', 'Circle beyond the cap.', cap, circle((7, 0), 1.5))
    capsule_pair('circle_first_order', 'Circle as A, capsule as B: the normal flips.', circle((2, 1.5), 1), cap)
    capsule_pair('circle_on_core', 'Circle centred on the core: cores meet; normal is the core\'s normal.', cap,
                 circle((2, 0), 0.5), {'hit': True, 'depth': 1.5})
    capsule_pair('aabb_above', 'Aabb above the capsule side.', cap, aabb((1, 1.5), (3, 3)))
    capsule_pair('aabb_touching', 'Aabb resting on the capsule side (depth 0).', cap, aabb((1, 1), (3, 3)),
                 {'hit': True, 'depth': 0.0, 'normal': [0.0, 1.0]})
    capsule_pair('aabb_corner_near_cap', 'Aabb corner near the end cap.', cap, aabb((4.5, 0.5), (6, 2)))
    capsule_pair('aabb_crossing_core', 'The core crosses an aabb: the SAT push plus the radius.',
                 capsule((-3, 0.5), (3, 0.5), 0.25), aabb((-1, -1), (1, 1)),
                 {'hit': True, 'depth': 0.75, 'normal': [0.0, -1.0]})
    capsule_pair('box_rotated_near', 'A rotated box near the capsule.', cap, box((2, 2.5), (1, 0.5), 0.5))
    capsule_pair('box_first_order', 'Box as A.', box((2, 2.5), (1, 0.5), 0.5), cap)
    capsule_pair('polygon_vertex_near_side', 'Triangle vertex dipping into the side.', cap,
                 polygon([(2, 0.5), (3, 3), (1, 3)]))
    capsule_pair('polygon_apart', 'Triangle above the capsule.', cap, polygon([(2, 1.25), (3, 3), (1, 3)]))
    capsule_pair('segment_parallel_touching', 'Segment along the capsule side (tangent): hit, depth 0.', cap,
                 segment((-1, 1), (5, 1)), {'hit': True, 'depth': 0.0, 'normal': [0.0, 1.0]})
    capsule_pair('segment_crossing', 'Segment crossing the core: SAT push plus radius.', cap,
                 segment((2, -3), (2, 3)), {'hit': True, 'depth': 3.0})
    capsule_pair('segment_apart_ulp', 'Segment tangent to the cap, moved one ulp away: miss.', cap,
                 segment((-1.0000000000000002, -3), (-1.0000000000000002, 3)), {'hit': False}, 'overlaps')
    capsule_pair('segment_tangent_cap', 'Segment tangent to the end cap: hit.', cap, segment((-1, -3), (-1, 3)),
                 {'hit': True}, 'overlaps')
    capsule_pair('capsule_parallel', 'Parallel capsules overlapping side by side.', cap,
                 capsule((1, 1.5), (6, 1.5), 1), {'hit': True, 'depth': 0.5, 'normal': [0.0, 1.0]})
    capsule_pair('capsule_end_to_end', 'Capsules end to end overlapping.', cap, capsule((5.5, 0), (9, 0), 1))
    capsule_pair('capsule_skew', 'Skew capsules.', cap, capsule((5, 1), (7, 4), 0.5))
    capsule_pair('capsule_crossing', 'Crossing capsules: segments cross at right angles.',
                 capsule((-2, 0), (2, 0), 0.5), capsule((0, -1), (0, 3), 0.5),
                 {'hit': True, 'depth': 2.0, 'normal': [0.0, 1.0]})
    capsule_pair('capsule_zero_length', 'A zero-length capsule is a circle.', cap, capsule((2, 1.5), (2, 1.5), 1))
    capsule_pair('huge_1e6_circle', 'Capsule and circle near 1e6.', capsule((1e6, 1e6), (1e6 + 4, 1e6), 1),
                 circle((1e6 + 2, 1e6 + 1.5), 1))
    capsule_pair('tiny_circle', 'Capsule and circle at 1e-6.', capsule((0, 0), (4e-6, 0), 1e-6),
                 circle((2e-6, 1.5e-6), 1e-6), tol=1e-15)
    # contains
    for name, p, inside in [('contains_side_boundary', (2, 1), True), ('contains_cap_tip', (5, 0), True),
                            ('contains_above_by_ulp', (2, 1.0000000000000002), False),
                            ('contains_cap_diagonal', (4.6, 0.8), True), ('contains_outside_cap', (4.8, 0.8), False),
                            ('contains_centre', (2, 0), True)]:
        emit('capsule', name, {'description': f'Point {p} in the capsule (0,0)-(4,0) r 1: {inside}.',
                               'query': 'contains', 'shape': cap, 'point': list(p), 'expect': {'inside': inside}})
    # raycast
    rays = [('raycast_side', {'type': 'ray', 'origin': [2, 5], 'direction': [0, -1]},
             {'hit': True, 'fraction': 4.0, 'point': [2.0, 1.0], 'normal': [0.0, 1.0]}),
            ('raycast_cap', {'type': 'ray', 'origin': [-5, 0], 'direction': [1, 0]},
             {'hit': True, 'fraction': 4.0, 'point': [-1.0, 0.0], 'normal': [-1.0, 0.0]}),
            ('raycast_inside', {'type': 'ray', 'origin': [2, 0], 'direction': [1, 0]},
             {'hit': True, 'fraction': 0.0, 'point': [2.0, 0.0], 'normal': [0.0, 0.0]}),
            ('raycast_miss', {'type': 'ray', 'origin': [2, 5], 'direction': [1, 0]}, {'hit': False}),
            ('raycast_short', {'type': 'ray', 'origin': [2, 5], 'direction': [0, -1], 'maxFraction': 3.9},
             {'hit': False})]
    # a diagonal ray onto the cap: |o + t d - (4, 0)| = 1 solved in 60 digits
    o, d = (8, 3), (-1, -0.75)
    a_ = mpf(d[0]) ** 2 + mpf(d[1]) ** 2
    bq = 2 * ((o[0] - 4) * mpf(d[0]) + o[1] * mpf(d[1]))
    cq = mpf(o[0] - 4) ** 2 + mpf(o[1]) ** 2 - 1
    t = (-bq - mp.sqrt(bq * bq - 4 * a_ * cq)) / (2 * a_)
    pt = (o[0] + t * d[0], o[1] + t * d[1])
    rays.append(('raycast_cap_diagonal', {'type': 'ray', 'origin': list(o), 'direction': list(d)},
                 {'hit': True, 'fraction': num(t), 'point': vec(pt), 'normal': vec((pt[0] - 4, pt[1]))}))
    for name, ray, e in rays:
        emit('capsule', name, {'description': f'Ray against the capsule (0,0)-(4,0) r 1 ({name}).',
                               'query': 'raycast', 'ray': ray, 'shape': cap, 'expect': e})
    # validate
    for name, shp, err, field in [('validate_ok', cap, 'None', ''),
                                  ('validate_point_capsule', capsule((1, 1), (1, 1), 0), 'None', ''),
                                  ('validate_nan_a', capsule(('NaN', 0), (1, 0), 1), 'NotFinite', 'a'),
                                  ('validate_inf_b', capsule((0, 0), (1, 'Infinity'), 1), 'NotFinite', 'b'),
                                  ('validate_negative_radius', capsule((0, 0), (1, 0), -1), 'NegativeRadius', 'radius'),
                                  ('validate_nan_radius', capsule((0, 0), (1, 0), 'NaN'), 'NotFinite', 'radius')]:
        emit('capsule', name, {'description': f'validate(Capsule): {err} {field}.', 'query': 'validate',
                               'shape': shp, 'expect': {'error': err, 'field': field}})


def main():
    for fam in ('capsule', 'distance', 'cast', 'manifold', 'containment'):
        shutil.rmtree(os.path.join(ROOT, fam), ignore_errors=True)
    gen_capsule()
    gen_distance()
    gen_cast()
    gen_manifold()
    gen_containment()
    counts = {}
    for fam, _ in written:
        counts[fam] = counts.get(fam, 0) + 1
    print(counts)


if __name__ == '__main__':
    main()
