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
The shared shapes, cores and output are in gen_queries_common.py; the cast family in gen_queries_cast.py; the
containment family in gen_queries_containment.py (imported here, not run by themselves).
"""
import math
import os
import shutil

from mpmath import mp, mpf

from gen_queries_common import (ROOT, aabb, box, capsule, circle, core, core_closest, crs, distance_of, dot, edges,
    emit, num, polygon, segment, separation, sub, vec, written)
from gen_queries_cast import gen_cast
from gen_queries_containment import gen_containment


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
