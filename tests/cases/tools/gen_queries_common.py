"""Shared by the query-corpus generator (gen_queries.py and its gen_queries_*.py parts; not run by itself): the
shapes as JSON, their cores in 60-digit arithmetic (mp.dps = 60), the geometry written from definitions (SAT
separation, closest points, distance), number formatting, and emit(), which writes one case file under
tests/query_cases/<family>/ and records it in `written`.
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
