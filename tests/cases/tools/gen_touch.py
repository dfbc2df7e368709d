#!/usr/bin/env python3
"""Generates the exact-touch corpus (issue 10): for every family where touching is possible, cases built in exact
rational arithmetic (fractions.Fraction on the exact double values) whose answer hinges on a touch: vertex on an
edge, edge on edge, tangent circles, circles tangent to edges and corners, segments meeting at endpoints, rays
tangent or reaching a surface exactly at maxFraction, sweeps that slide at exactly r, graze an end, or enter
exactly at t = 1 — each with a partner just apart (by one ulp where the input allows it, else by 2^-40).

Every input is a dyadic double, every geometric claim (orientation exactly 0, distance exactly r, ...) is checked
here in rationals before a case is written, and the expected answers come from the same rational computation,
never from the library. Files go to tests/cases/<family>/touch_*.json (previous touch_* files are replaced).

Usage: python3 tests/cases/tools/gen_touch.py     (deterministic: fixed seed)
"""
import glob
import json
import os
import random
from fractions import Fraction as F

ROOT = os.path.join(os.path.dirname(__file__), '..')
rng = random.Random(10)
SRC = 'issue 10: exact touches (tests/cases/tools/gen_touch.py)'
HAIR = 2.0 ** -40          # a gap far below any tolerance, exactly representable next to these dyadics
TRIPLES = [(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29), (0, 1, 1), (1, 0, 1)]
written = {}


def fx(v):
    """A Fraction that must be an exact double: returned as that double."""
    x = float(v)
    assert F(x) == F(v), v
    return x


def dy(lo, hi, bits=6):
    """A random dyadic in [lo, hi) with `bits` fractional bits."""
    return rng.randint(int(lo * 2 ** bits), int(hi * 2 ** bits) - 1) / 2 ** bits


def pt():
    return (dy(-40, 40), dy(-40, 40))


def cross(o, a, b):
    return (F(a[0]) - F(o[0])) * (F(b[1]) - F(o[1])) - (F(a[1]) - F(o[1])) * (F(b[0]) - F(o[0]))


def sign(v):
    return (v > 0) - (v < 0)


def emit(family, name, case):
    case = dict(case)
    case.setdefault('source', SRC)
    n = written.get(family, 0)
    written[family] = n + 1
    path = os.path.join(ROOT, family, f'touch_{n:03d}_{name}.json')
    ordered = {k: case[k] for k in ['description', 'source', 'query'] if k in case}
    ordered.update({k: v for k, v in case.items() if k not in ordered and k != 'expect'})
    ordered['expect'] = case['expect']
    with open(path, 'w') as f:
        json.dump(ordered, f)
        f.write('\n')


def poly(points):
    return {'type': 'polygon', 'points': [list(p) for p in points]}


def circle(c, r):
    return {'type': 'circle', 'center': list(c), 'radius': r}


def seg(a, b):
    return {'type': 'segment', 'a': list(a), 'b': list(b)}


def aabb(lo, hi):
    return {'type': 'aabb', 'min': list(lo), 'max': list(hi)}


def box(c, h):
    return {'type': 'box', 'center': list(c), 'halfExtents': list(h)}


# -- exact separation of convex polygons / segments (rationals) ------------------------------------------------------

def ccw(points):
    area = sum(cross((0, 0), points[i], points[(i + 1) % len(points)]) for i in range(len(points)))
    return points if area > 0 else points[::-1]


def relation(a, b):
    """'apart' (some edge strictly separates), 'touch' (closed sets meet, interiors do not), 'overlap'."""
    def edges(p):
        p = ccw(p)
        return [(p[i], p[(i + 1) % len(p)]) for i in range(len(p))]
    weak = False
    for s, o in ((a, b), (b, a)):
        for e in edges(s):
            m = max(sign(cross(e[0], e[1], q)) for q in o)  # +1 inside side; all < 0: strictly outside
            if m < 0:
                return 'apart'
            if m == 0:
                weak = True
    return 'touch' if weak else 'overlap'


def convex_polygon(center, r, n):
    """A convex polygon: dyadic points on rays of Pythagorean directions, kept if strictly convex."""
    dirs = [(3, 4), (-4, 3), (-3, -4), (4, -3), (5, 12), (-12, 5), (-5, -12), (12, -5), (1, 0), (0, 1), (-1, 0),
            (0, -1), (8, 15), (-15, 8), (-8, -15), (15, -8)]
    import math
    dirs = sorted(dirs, key=lambda d: math.atan2(d[1], d[0]))
    chosen = sorted(rng.sample(range(len(dirs)), n))
    pts = []
    for i in chosen:
        d = dirs[i]
        L = F(d[0] * d[0] + d[1] * d[1])
        k = F(rng.randint(int(r * 4), int(r * 8)), 4 * 2 ** int(math.isqrt(int(L))).bit_length())
        pts.append((fx(F(center[0]) + d[0] * k), fx(F(center[1]) + d[1] * k)))
    for i in range(len(pts)):
        if cross(pts[i - 1], pts[i], pts[(i + 1) % len(pts)]) <= 0:
            return None
    return pts


def on_edge(a, b, lam):
    """a + lam (b - a), exactly."""
    return (fx(F(a[0]) + F(lam) * (F(b[0]) - F(a[0]))), fx(F(a[1]) + F(lam) * (F(b[1]) - F(a[1]))))


def outward_triangle(p, a, b, size):
    """A triangle with vertex p (on the edge a -> b of a ccw polygon) lying on the outer side of that edge."""
    ex, ey = F(b[0]) - F(a[0]), F(b[1]) - F(a[1])
    # Outer side of a ccw edge is its right: (ey, -ex). Two vertices beyond it, spread along the edge.
    s = F(size)
    q1 = (fx(F(p[0]) + (ey - ex / 2) * s), fx(F(p[1]) + (-ex - ey / 2) * s))
    q2 = (fx(F(p[0]) + (ey + ex / 2) * s), fx(F(p[1]) + (-ex + ey / 2) * s))
    return [p, q1, q2]


def shifted(points, d):
    return [(fx(F(p[0]) + F(d[0])), fx(F(p[1]) + F(d[1]))) for p in points]


# -- families -----------------------------------------------------------------------------------------------------------

def polygon_family():
    made = 0
    while made < 60:
        a = convex_polygon(pt(), dy(2, 6), rng.randint(3, 7))
        if a is None:
            continue
        a = ccw(a)
        i = rng.randrange(len(a))
        e0, e1 = a[i], a[(i + 1) % len(a)]
        lam = F(rng.randint(1, 15), 16)
        try:
            p = on_edge(e0, e1, lam)
            b = outward_triangle(p, e0, e1, F(rng.randint(1, 8), 32))
        except AssertionError:
            continue
        if cross(e0, e1, p) != 0 or relation(a, b) != 'touch':
            continue
        # Just apart: b moved by a hair along the edge's outer normal direction (sign-exact: both components).
        ex, ey = F(e1[0]) - F(e0[0]), F(e1[1]) - F(e0[1])
        d = (HAIR * sign(ey), -HAIR * sign(ex))
        c = shifted(b, d)
        if relation(a, c) != 'apart':
            continue
        order = rng.random() < 0.5
        pa, pb = (a, b) if order else (b, a)
        q = rng.choice(['overlaps', 'collide'])
        exp = {'hit': True} if q == 'overlaps' else {'hit': True, 'depth': 0}
        emit('polygon', 'vertex_on_edge', {
            'description': f'A vertex lies exactly on an edge (orientation exactly 0, lambda {lam}): a touch is a hit.',
            'query': q, 'a': poly(pa), 'b': poly(pb), 'expect': exp})
        pa, pb = (a, c) if order else (c, a)
        emit('polygon', 'vertex_off_edge_by_a_hair', {
            'description': 'The same pair moved apart by 2^-40 across the edge: no hit.',
            'query': q, 'a': poly(pa), 'b': poly(pb), 'expect': {'hit': False}})
        # Edge on edge: a quadrilateral sharing part of the edge.
        lam2 = min(F(15, 16), lam + F(rng.randint(1, 8), 16))
        try:
            p2 = on_edge(e0, e1, lam2)
            tri = outward_triangle(p, e0, e1, F(1, 16))
            quad = [p, tri[1], shifted([tri[2]], (F(p2[0]) - F(p[0]), F(p2[1]) - F(p[1])))[0], p2]
        except AssertionError:
            made += 2
            continue
        if lam2 != lam and relation(a, ccw(quad)) == 'touch' and all(
                cross(quad[k - 1], quad[k], quad[(k + 1) % 4]) != 0 for k in range(4)):
            signs = {sign(cross(quad[k - 1], quad[k], quad[(k + 1) % 4])) for k in range(4)}
            if len(signs) == 1:
                emit('polygon', 'edge_on_edge', {
                    'description': 'Two polygons share a stretch of one edge line exactly: a touch is a hit.',
                    'query': 'overlaps', 'a': poly(a), 'b': poly(quad), 'expect': {'hit': True}})
                made += 1
        made += 2
    # Polygon against aabb and segment touching at a vertex.
    for _ in range(20):
        lo = pt()
        hi = (fx(F(lo[0]) + F(dy(1, 8))), fx(F(lo[1]) + F(dy(1, 8))))
        x = F(hi[0])
        yv = F(lo[1]) + (F(hi[1]) - F(lo[1])) * F(rng.randint(1, 7), 8)
        tri = [(fx(x), fx(yv)), (fx(x + 3), fx(yv - 1)), (fx(x + 2), fx(yv + 2))]
        emit('polygon', 'vertex_on_aabb_side', {
            'description': 'A triangle\'s vertex lies exactly on the right side of an aabb: a touch is a hit.',
            'query': 'collide', 'a': aabb(lo, hi), 'b': poly(tri), 'expect': {'hit': True, 'depth': 0}})
        tri2 = [(fx(F(p[0]) + F(HAIR) * 2 ** 30 * 0 + F(float.fromhex('0x1p-40'))), p[1]) for p in tri]
        if F(tri2[0][0]) > x:
            emit('polygon', 'vertex_off_aabb_side', {
                'description': 'The triangle moved right by 2^-40: apart.',
                'query': 'overlaps', 'a': aabb(lo, hi), 'b': poly(tri2), 'expect': {'hit': False}})
        s = [(fx(x), fx(yv)), (fx(x + 4), fx(yv + 3))]
        emit('polygon', 'segment_end_on_aabb_side', {
            'description': 'A segment starts exactly on the aabb\'s right side: a touch is a hit.',
            'query': 'overlaps', 'a': seg(*s), 'b': aabb(lo, hi), 'expect': {'hit': True}})


def aabb_family():
    for _ in range(25):
        lo = pt()
        hi = (fx(F(lo[0]) + F(dy(1, 8))), fx(F(lo[1]) + F(dy(1, 8))))
        w, h = F(dy(1, 8)), F(dy(1, 8))
        kind = rng.choice(['side', 'corner'])
        if kind == 'side':
            y0 = F(lo[1]) + (F(hi[1]) - F(lo[1])) * F(rng.randint(0, 8), 8) - h * F(rng.randint(0, 8), 8)
            b_lo = (hi[0], fx(y0))
        else:
            b_lo = hi
        b_hi = (fx(F(b_lo[0]) + w), fx(F(b_lo[1]) + h))
        # Closed intervals: x meets at one value, y overlaps (checked in rationals).
        assert F(b_lo[0]) == F(hi[0]) and F(b_lo[1]) <= F(hi[1]) and F(lo[1]) <= F(b_hi[1])
        emit('aabb', f'touch_{kind}', {
            'description': f'B starts exactly at A\'s max x ({kind}): closed boxes touch, depth 0.',
            'query': 'collide', 'a': aabb(lo, hi), 'b': aabb(b_lo, b_hi), 'expect': {'hit': True, 'depth': 0}})
        nx = float.fromhex(float.hex(b_lo[0]))
        import math
        nxt = math.nextafter(nx, math.inf)
        emit('aabb', f'apart_one_ulp_{kind}', {
            'description': 'B\'s min x one ulp beyond A\'s max x: apart.',
            'query': 'overlaps', 'a': aabb(lo, hi), 'b': aabb((nxt, b_lo[1]), (max(nxt, b_hi[0]), b_hi[1])),
            'expect': {'hit': False}})


def box_family():
    for _ in range(25):
        c = pt()
        h = (dy(1, 6), dy(1, 6))
        hb = (dy(1, 6), dy(1, 6))
        # B's centre such that its left side is exactly A's right side, and in y anywhere overlapping.
        cbx = F(c[0]) + F(h[0]) + F(hb[0])
        cby = F(c[1]) + F(dy(-3, 3))
        try:
            cb = (fx(cbx), fx(cby))
        except AssertionError:
            continue
        a, b = box(c, h), box(cb, hb)
        if rng.random() < 0.5:
            a, b = b, a
        emit('box', 'faces_touch', {
            'description': 'Two boxes (angle 0) whose facing sides coincide exactly: a hit in this order and the other.',
            'query': 'overlaps', 'a': a, 'b': b, 'expect': {'hit': True}})
        emit('box', 'faces_touch_collide', {
            'description': 'The same touching boxes: collide gives depth 0.',
            'query': 'collide', 'a': a, 'b': b, 'expect': {'hit': True, 'depth': 0}})
        cb2 = (fx(cbx + F(HAIR)), fx(cby))
        emit('box', 'faces_apart_by_a_hair', {
            'description': 'B moved right by 2^-40: apart.',
            'query': 'overlaps', 'a': box(c, h), 'b': box(cb2, hb), 'expect': {'hit': False}})


def circle_family():
    for _ in range(30):
        ca = pt()
        t = rng.choice(TRIPLES)
        S = F(rng.randint(2, 32) * t[2], 16)  # ra + rb, a multiple of t2 / 16: the offsets below are dyadic
        ra = F(rng.randint(1, int(S * 16) - 1), 16)
        rb = S - ra
        k = S / t[2]
        sx, sy = rng.choice([1, -1]), rng.choice([1, -1])
        try:
            cb = (fx(F(ca[0]) + sx * t[0] * k), fx(F(ca[1]) + sy * t[1] * k))
        except AssertionError:
            continue
        d2 = (F(cb[0]) - F(ca[0])) ** 2 + (F(cb[1]) - F(ca[1])) ** 2
        assert d2 == (ra + rb) ** 2
        emit('circle', 'tangent', {
            'description': f'Centres {t[2]}k apart along a ({t[0]}, {t[1]}) direction, radii summing to exactly that: tangent, a hit.',
            'query': 'collide', 'a': circle(ca, fx(ra)), 'b': circle(cb, fx(rb)),
            'expect': {'hit': True, 'depth': 0, 'normal': [float(sx * F(t[0], t[2])), float(sy * F(t[1], t[2]))]},
            'tolerance': 1e-12})
        rb2 = rb - F(HAIR)
        emit('circle', 'apart_by_a_hair', {
            'description': 'The second radius 2^-40 smaller: apart.',
            'query': 'overlaps', 'a': circle(ca, fx(ra)), 'b': circle(cb, fx(rb2)), 'expect': {'hit': False}})


def tangent_line(c, r, t):
    """Points a, b of a line at distance exactly r from c, direction (t0, t1), foot c + r (t1, -t0) / t2."""
    n = (F(t[1], t[2]), F(-t[0], t[2]))
    foot = (F(c[0]) + F(r) * n[0], F(c[1]) + F(r) * n[1])
    p, q = F(rng.randint(1, 8)), F(rng.randint(1, 8))
    a = (foot[0] - p * t[0], foot[1] - p * t[1])
    b = (foot[0] + q * t[0], foot[1] + q * t[1])
    return a, b, p / (p + q), foot


def circle_line_family():
    for _ in range(30):
        c = pt()
        t = rng.choice(TRIPLES)
        r = F(rng.randint(1, 16) * t[2], 4)
        try:
            a, b, tt, foot = tangent_line(c, r, t)
            a, b, foot = (fx(a[0]), fx(a[1])), (fx(b[0]), fx(b[1])), (fx(foot[0]), fx(foot[1]))
        except AssertionError:
            continue
        emit('circle_line', 'tangent', {
            'description': f'A line along ({t[0]}, {t[1]}) at distance exactly r from the centre: tangent, count 1.',
            'query': 'intersectCircleLine', 'circle': circle(c, fx(r)), 'line': {'type': 'line', 'a': list(a), 'b': list(b)},
            'expect': {'count': 1, 't1': float(tt), 't2': float(tt), 'p1': list(foot), 'p2': list(foot)}})
        for delta, count in [(F(HAIR), 2), (-F(HAIR), 0)]:
            emit('circle_line', 'near_tangent', {
                'description': f'The radius changed by {"+" if delta > 0 else "-"}2^-40: count {count}.',
                'query': 'intersectCircleLine', 'circle': circle(c, fx(r + delta)),
                'line': {'type': 'line', 'a': list(a), 'b': list(b)}, 'expect': {'count': count}})


def circle_segment_family():
    for _ in range(25):
        c = pt()
        t = rng.choice(TRIPLES)
        r = F(rng.randint(1, 16) * t[2], 4)
        try:
            a, b, tt, foot = tangent_line(c, r, t)
            a, b, foot = (fx(a[0]), fx(a[1])), (fx(b[0]), fx(b[1])), (fx(foot[0]), fx(foot[1]))
        except AssertionError:
            continue
        emit('circle_segment', 'tangent', {
            'description': 'A segment tangent to the circle at an interior point: one crossing, overlapping.',
            'query': 'intersectCircleSegment', 'circle': circle(c, fx(r)), 'segment': seg(a, b),
            'expect': {'count': 1, 't': [float(tt)], 'points': [list(foot)], 'overlaps': True, 'distance': fx(r)}})
        emit('circle_segment', 'apart_by_a_hair', {
            'description': 'The radius 2^-40 smaller than the distance: no crossing, no overlap.',
            'query': 'intersectCircleSegment', 'circle': circle(c, fx(r - F(HAIR))), 'segment': seg(a, b),
            'expect': {'count': 0, 'overlaps': False}})
        # A segment ending exactly on the circle (pointing away from it).
        n = (F(-t[1], t[2]), F(t[0], t[2]))
        e = (fx(F(c[0]) + r * n[0]), fx(F(c[1]) + r * n[1]))
        far = (fx(F(e[0]) + 3 * n[0] * t[2]), fx(F(e[1]) + 3 * n[1] * t[2]))
        emit('circle_segment', 'endpoint_on_circle', {
            'description': 'A segment starting exactly on the circle and leading away: touching, one crossing at t = 0.',
            'query': 'intersectCircleSegment', 'circle': circle(c, fx(r)), 'segment': seg(e, far),
            'expect': {'count': 1, 't': [0], 'points': [list(e)], 'overlaps': True}})


def shape_circle_family():
    for _ in range(25):
        lo = pt()
        hi = (fx(F(lo[0]) + F(dy(1, 8))), fx(F(lo[1]) + F(dy(1, 8))))
        t = rng.choice([tr for tr in TRIPLES if tr[0] and tr[1]])
        r = F(rng.randint(1, 8) * t[2], 8)
        # Tangent to the corner max: centre = max + r (t0, t1) / t2.
        c = (fx(F(hi[0]) + r * F(t[0], t[2])), fx(F(hi[1]) + r * F(t[1], t[2])))
        emit('shape_circle', 'circle_touches_aabb_corner', {
            'description': f'A circle whose centre is exactly r from the aabb\'s corner along ({t[0]}, {t[1]}): a hit.',
            'query': 'collide', 'a': circle(c, fx(r)), 'b': aabb(lo, hi),
            'expect': {'hit': True, 'depth': 0, 'normal': [-float(F(t[0], t[2])), -float(F(t[1], t[2]))], 'point': list(hi)},
            'tolerance': 1e-12})
        emit('shape_circle', 'circle_misses_aabb_corner', {
            'description': 'The same circle 2^-40 smaller: apart.',
            'query': 'overlaps', 'a': circle(c, fx(r - F(HAIR))), 'b': aabb(lo, hi), 'expect': {'hit': False}})
        # Tangent to the right side of a polygon (the aabb as a polygon).
        y = F(lo[1]) + (F(hi[1]) - F(lo[1])) * F(rng.randint(1, 7), 8)
        c2 = (fx(F(hi[0]) + r), fx(y))
        emit('shape_circle', 'circle_touches_polygon_side', {
            'description': 'A circle exactly r to the right of a polygon\'s vertical side: a hit with depth 0.',
            'query': 'collide', 'a': circle(c2, fx(r)),
            'b': poly([lo, (hi[0], lo[1]), hi, (lo[0], hi[1])]),
            'expect': {'hit': True, 'depth': 0, 'normal': [-1, 0], 'point': [hi[0], fx(y)]}})
        emit('shape_circle', 'circle_touches_box_side', {
            'description': 'The same circle against the box (angle 0) of that polygon: a hit with depth 0.',
            'query': 'overlaps', 'a': circle(c2, fx(r)),
            'b': box((fx((F(lo[0]) + F(hi[0])) / 2), fx((F(lo[1]) + F(hi[1])) / 2)),
                     (fx((F(hi[0]) - F(lo[0])) / 2), fx((F(hi[1]) - F(lo[1])) / 2))),
            'expect': {'hit': True}})


def segment_family():
    for _ in range(25):
        a = pt()
        b = pt()
        if a == b:
            continue
        lam = F(rng.randint(1, 15), 16)
        p = on_edge(a, b, lam)
        q = pt()
        if cross(a, b, q) == 0:
            continue
        emit('segment', 'end_on_interior', {
            'description': f'B starts exactly on A (at ua = {lam}): a T-junction, kind point.',
            'query': 'intersectSegments', 'a': seg(a, b), 'b': seg(p, q),
            'expect': {'kind': 'point', 'points': [list(p)], 'ua': [fx(lam)], 'ub': [0]}})
        emit('segment', 'end_to_end', {
            'description': 'B starts exactly where A ends: kind point at ua = 1, ub = 0.',
            'query': 'intersectSegments', 'a': seg(a, b), 'b': seg(b, q),
            'expect': {'kind': 'point', 'points': [list(b)], 'ua': [1], 'ub': [0]}})
        # A hair away from A's line, on q's side.
        s = sign(cross(a, b, q))
        ex, ey = F(b[0]) - F(a[0]), F(b[1]) - F(a[1])
        d = (-HAIR * sign(ey) * s, HAIR * sign(ex) * s)
        try:
            p2 = (fx(F(p[0]) + F(d[0])), fx(F(p[1]) + F(d[1])))
        except AssertionError:
            continue
        if sign(cross(a, b, p2)) == s and sign(cross(a, b, q)) == s:
            emit('segment', 'end_off_by_a_hair', {
                'description': 'B\'s start moved 2^-40 off A\'s line, to B\'s side: no intersection.',
                'query': 'intersectSegments', 'a': seg(a, b), 'b': seg(p2, q), 'expect': {'kind': 'none'}})


def contains_family():
    for _ in range(20):
        a = convex_polygon(pt(), dy(2, 6), rng.randint(3, 6))
        if a is None:
            continue
        a = ccw(a)
        i = rng.randrange(len(a))
        lam = F(rng.randint(1, 15), 16)
        try:
            p = on_edge(a[i], a[(i + 1) % len(a)], lam)
        except AssertionError:
            continue
        emit('contains', 'point_on_polygon_edge', {
            'description': f'A point exactly on edge {i} (orientation 0): the boundary belongs to the polygon.',
            'query': 'contains', 'shape': poly(a), 'point': list(p), 'expect': {'inside': True}})
        e = (F(a[(i + 1) % len(a)][0]) - F(a[i][0]), F(a[(i + 1) % len(a)][1]) - F(a[i][1]))
        out = (fx(F(p[0]) + HAIR * sign(e[1])), fx(F(p[1]) - HAIR * sign(e[0])))
        if sign(cross(a[i], a[(i + 1) % len(a)], out)) < 0:
            emit('contains', 'point_off_polygon_edge', {
                'description': 'The point moved 2^-40 outwards: outside.',
                'query': 'contains', 'shape': poly(a), 'point': list(out), 'expect': {'inside': False}})
        t = rng.choice(TRIPLES)
        c = pt()
        r = F(rng.randint(1, 8) * t[2], 4)
        q = (fx(F(c[0]) + r * F(t[0], t[2])), fx(F(c[1]) + r * F(t[1], t[2])))
        emit('contains', 'point_on_circle', {
            'description': f'A point exactly r from the centre along ({t[0]}, {t[1]}): on the circle, inside.',
            'query': 'contains', 'shape': circle(c, fx(r)), 'point': list(q), 'expect': {'inside': True}})
        b = pt()
        if b != c:
            m = on_edge(c, b, F(rng.randint(0, 16), 16))
            emit('contains', 'point_on_segment', {
                'description': 'A point exactly on the segment: contained.',
                'query': 'contains', 'shape': seg(c, b), 'point': list(m), 'expect': {'inside': True}})


def raycast_family():
    for _ in range(20):
        c = pt()
        t = rng.choice([tr for tr in TRIPLES if tr[0] and tr[1]])
        r = F(rng.randint(1, 8) * t[2], 4)
        # The ray along (t0, t1) passing at distance exactly r: tangent at foot = c + r (t1, -t0) / t2.
        foot = (F(c[0]) + r * F(t[1], t[2]), F(c[1]) - r * F(t[0], t[2]))
        k = F(rng.randint(1, 8))
        o = (fx(foot[0] - k * t[0]), fx(foot[1] - k * t[1]))
        emit('raycast', 'tangent_to_circle', {
            'description': 'A ray tangent to the circle: touching counts, hit at the tangent point.',
            'query': 'raycast', 'ray': {'type': 'ray', 'origin': list(o), 'direction': [t[0], t[1]]},
            'shape': circle(c, fx(r)),
            'expect': {'hit': True, 'fraction': fx(k), 'point': [fx(foot[0]), fx(foot[1])],
                       'normal': [float(F(t[1], t[2])), -float(F(t[0], t[2]))]}})
        emit('raycast', 'misses_circle_by_a_hair', {
            'description': 'The same ray against a circle 2^-40 smaller: a miss.',
            'query': 'raycast', 'ray': {'type': 'ray', 'origin': list(o), 'direction': [t[0], t[1]]},
            'shape': circle(c, fx(r - F(HAIR))), 'expect': {'hit': False}})
        lo = pt()
        hi = (fx(F(lo[0]) + F(dy(1, 8))), fx(F(lo[1]) + F(dy(1, 8))))
        d = F(dy(0.5, 4))
        o2 = (fx(F(lo[0]) - 3 * d), fx((F(lo[1]) + F(hi[1])) / 2))
        emit('raycast', 'reaches_aabb_at_max_fraction', {
            'description': 'maxFraction is exactly the entry fraction 3: a hit (inclusive).',
            'query': 'raycast', 'ray': {'type': 'ray', 'origin': list(o2), 'direction': [fx(d), 0], 'maxFraction': 3},
            'shape': aabb(lo, hi), 'expect': {'hit': True, 'fraction': 3, 'point': [lo[0], o2[1]], 'normal': [-1, 0]}})
        import math
        emit('raycast', 'stops_one_ulp_short_of_aabb', {
            'description': 'maxFraction one ulp below 3: a miss.',
            'query': 'raycast',
            'ray': {'type': 'ray', 'origin': list(o2), 'direction': [fx(d), 0], 'maxFraction': math.nextafter(3.0, 0.0)},
            'shape': aabb(lo, hi), 'expect': {'hit': False}})


def sweep_family():
    for _ in range(25):
        c = pt()
        t = rng.choice(TRIPLES)
        r = F(rng.randint(1, 8) * t[2], 4)
        # A wall along (t0, t1) at distance exactly r (on the circle's right), the circle moving parallel to it.
        n = (F(t[1], t[2]), F(-t[0], t[2]))
        foot = (F(c[0]) + r * n[0], F(c[1]) + r * n[1])
        p, q = F(rng.randint(1, 6)), F(rng.randint(1, 6))
        wa = (fx(foot[0] - p * t[0]), fx(foot[1] - p * t[1]))
        wb = (fx(foot[0] + q * t[0]), fx(foot[1] + q * t[1]))
        k = F(rng.randint(1, 4))
        disp = (fx(k * t[0]), fx(k * t[1]))
        end = (fx(F(c[0]) + F(disp[0])), fx(F(c[1]) + F(disp[1])))
        emit('sweep', 'slides_along_wall_at_r', {
            'description': 'The circle moves exactly parallel to a wall at distance exactly r: a slide, not a hit.',
            'query': 'sweep', 'circle': circle(c, fx(r)), 'displacement': list(disp), 'walls': [[list(wa), list(wb)]],
            'expect': {'hit': False, 'time': 1, 'position': list(end)}})
        # Entry exactly at t = 1: a wall perpendicular to the motion, reached at the end of the move.
        dd = F(rng.randint(1, 6))
        disp2 = (fx(-dd * n[0] * t[2]), fx(-dd * n[1] * t[2]))  # towards -n, length dd t2
        # Wall line at distance r beyond the end position, on the -n side: foot2 = end2 - r n.
        end2 = (F(c[0]) + F(disp2[0]), F(c[1]) + F(disp2[1]))
        foot2 = (end2[0] - r * n[0], end2[1] - r * n[1])
        wa2 = (fx(foot2[0] - 2 * t[0]), fx(foot2[1] - 2 * t[1]))
        wb2 = (fx(foot2[0] + 3 * t[0]), fx(foot2[1] + 3 * t[1]))
        emit('sweep', 'enters_wall_exactly_at_time_one', {
            'description': 'The circle reaches a wall (distance exactly r) exactly at the end of its move, moving in: a hit at time 1.',
            'query': 'sweep', 'circle': circle(c, fx(r)), 'displacement': list(disp2), 'walls': [[list(wa2), list(wb2)]],
            'expect': {'hit': True, 'time': 1, 'wall': 0, 'normal': [float(n[0]), float(n[1])], 'point': [fx(foot2[0]), fx(foot2[1])]}})
        # The same wall a hair farther: no hit.
        wa3 = (fx(F(wa2[0]) - HAIR * sign(n[0])), fx(F(wa2[1]) - HAIR * sign(n[1])))
        wb3 = (fx(F(wb2[0]) - HAIR * sign(n[0])), fx(F(wb2[1]) - HAIR * sign(n[1])))
        emit('sweep', 'stops_a_hair_short_of_wall', {
            'description': 'The same wall moved 2^-40 (per axis) away: the move ends a hair short, no hit.',
            'query': 'sweep', 'circle': circle(c, fx(r)), 'displacement': list(disp2), 'walls': [[list(wa3), list(wb3)]],
            'expect': {'hit': False, 'time': 1, 'position': [fx(end2[0]), fx(end2[1])]}})


def dispatch_family():
    # Every ordered pair of shape kinds touching at exactly one point or side, at x = X (a dyadic).
    for _ in range(3):
        X, Y = F(dy(-20, 20)), F(dy(-20, 20))
        left = [circle((fx(X - 2), fx(Y)), 2.0), aabb((fx(X - 3), fx(Y - 1)), (fx(X), fx(Y + 1))),
                box((fx(X - 1), fx(Y)), (1.0, 1.0)), poly([(fx(X - 2), fx(Y - 1)), (fx(X), fx(Y)), (fx(X - 2), fx(Y + 1))]),
                seg((fx(X - 3), fx(Y + 1)), (fx(X), fx(Y)))]
        right = [circle((fx(X + 1), fx(Y)), 1.0), aabb((fx(X), fx(Y - 2)), (fx(X + 2), fx(Y + 2))),
                 box((fx(X + 1), fx(Y)), (1.0, 0.5)), poly([(fx(X), fx(Y)), (fx(X + 2), fx(Y - 1)), (fx(X + 2), fx(Y + 1))]),
                 seg((fx(X), fx(Y)), (fx(X + 3), fx(Y - 2)))]
        for a in left:
            for b in right:
                if rng.random() < 0.5:
                    pa, pb = a, b
                else:
                    pa, pb = b, a
                emit('dispatch', f'{pa["type"]}_{pb["type"]}_touch', {
                    'description': f'{pa["type"]} and {pb["type"]} touching exactly at x = {float(X)}: a hit in the generic dispatch.',
                    'query': 'overlaps', 'a': pa, 'b': pb, 'expect': {'hit': True}})


def main():
    for path in glob.glob(os.path.join(ROOT, '*', 'touch_*.json')):
        os.remove(path)
    for fam in [polygon_family, aabb_family, box_family, circle_family, circle_line_family, circle_segment_family,
                shape_circle_family, segment_family, contains_family, raycast_family, sweep_family, dispatch_family]:
        fam()
    total = sum(written.values())
    print(total, 'cases:', ', '.join(f'{k} {v}' for k, v in sorted(written.items())))


if __name__ == '__main__':
    main()
