#!/usr/bin/env python3
"""Generates the decompose corpus (tests/decompose_cases/*.json; schema in tests/decompose_cases/README.md).

Every expected value is derived here from the exact double inputs with fractions.Fraction, from definitions and
not from the library's algorithm:
* the outline: consecutive duplicates dropped (cyclically), then the vertices where the outline goes straight on
  (exactly collinear with both neighbours) dropped; `vertices` counts what remains, `reflex` the vertices where
  it turns against its winding (the winding is the sign of the exact area);
* a crossing: brute force over every pair of input edges i < j (edge i = points[i] -> points[i + 1], zero-length
  edges skipped), the smallest pair that shares a point although the edges are not neighbours along the outline
  (after skipping zero-length edges), or neighbours that fold back over each other;
* the area: the exact shoelace sum, written as a fraction and as "twiceAreaTerms", doubles whose exact sum is twice
  the area (greedy: the nearest double to what is left, until nothing is left);
* binades b (only when not 0): the points were scaled by 2^b, and twiceAreaTerms sum to twice the area of the
  points scaled back by 2^-b (so that a runner's exact products neither overflow nor underflow);
* maxParts = 2 * reflex + 1 (the Hertel-Mehlhorn bound stated in decompose.h); `parts` only for shapes whose part
  count the header states or that are convex (1).
Run: python3 tests/cases/tools/gen_decompose.py   (rewrites tests/decompose_cases/)
"""
import json
import math
import os
import random
import shutil
from fractions import Fraction as F

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'decompose_cases')
SOURCE = 'issue 12 item 4 (decompose); expected values from tests/cases/tools/gen_decompose.py'


def orient(a, b, c):
    d = (F(b[0]) - F(a[0])) * (F(c[1]) - F(a[1])) - (F(b[1]) - F(a[1])) * (F(c[0]) - F(a[0]))
    return (d > 0) - (d < 0)


def on_segment(a, b, p):
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def touch(a, b, c, d):
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and on_segment(a, b, c)) or (o2 == 0 and on_segment(a, b, d)) or
            (o3 == 0 and on_segment(c, d, a)) or (o4 == 0 and on_segment(c, d, b)))


def crossing(pts):
    """Smallest (i, j) of input edges that must not touch but do, or None."""
    n = len(pts)
    real = [i for i in range(n) if pts[i] != pts[(i + 1) % n]]  # edges of nonzero length, in outline order
    pos = {e: k for k, e in enumerate(real)}
    m = len(real)
    for i in sorted(real):
        for j in sorted(real):
            if j <= i:
                continue
            a, b, c, d = pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]
            ki, kj = pos[i], pos[j]
            if (ki + 1) % m == kj or (kj + 1) % m == ki:
                # neighbours: the shared point s, the other ends u (of the first along the outline) and w
                first, second = (i, j) if (ki + 1) % m == kj else (j, i)
                s = pts[(first + 1) % n]
                u = pts[first]
                w = pts[(second + 1) % n]
                if m > 2 and orient(u, s, w) == 0 and (F(u[0]) - F(s[0])) * (F(w[0]) - F(s[0])) + \
                        (F(u[1]) - F(s[1])) * (F(w[1]) - F(s[1])) > 0:
                    return (i, j)
                continue
            if touch(a, b, c, d):
                return (i, j)
    return None


def twice_area(ring):
    s = F(0)
    for i in range(len(ring)):
        a, b = ring[i], ring[(i + 1) % len(ring)]
        s += F(a[0]) * F(b[1]) - F(b[0]) * F(a[1])
    return s


def clean(pts):
    r = []
    for p in pts:
        if not r or r[-1] != p:
            r.append(p)
    while len(r) > 1 and r[-1] == r[0]:
        r.pop()
    changed = True
    while changed and len(r) > 3:
        changed = False
        for i in range(len(r)):
            if orient(r[i - 1], r[i], r[(i + 1) % len(r)]) == 0:
                del r[i]
                changed = True
                break
    return r


def terms(x):
    out = []
    while x != 0:
        t = float(x)
        out.append(t)
        x -= F(t)
    return out


def fraction_text(x):
    return f'{x.numerator}/{x.denominator}'


def number(v):
    if isinstance(v, float) and math.isnan(v):
        return 'NaN'
    if isinstance(v, float) and math.isinf(v):
        return 'Infinity' if v > 0 else '-Infinity'
    return v


CASES = {}


def add(name, description, pts, parts=None, binades=0):
    pts = [(float(x), float(y)) for x, y in pts]
    case = {'description': description, 'source': SOURCE, 'query': 'decompose',
            'points': [[number(x), number(y)] for x, y in pts]}
    bad = next((i for i, p in enumerate(pts) if not (math.isfinite(p[0]) and math.isfinite(p[1]))), None)
    distinct = len(set(pts))
    if bad is not None:
        case['expect'] = {'error': 'NotFinite', 'field': 'points', 'point': bad}
    elif distinct < 3:
        case['expect'] = {'error': 'TooFewPoints', 'field': 'points'}
    elif all(orient(pts[0], next(p for p in pts if p != pts[0]), p) == 0 for p in pts):
        case['expect'] = {'error': 'Collinear', 'field': 'points'}
    elif (c := crossing(pts)) is not None:
        case['expect'] = {'error': 'NotConvex', 'field': 'edges', 'edges': list(c)}
    else:
        ring = clean(pts)
        a2 = twice_area(ring)
        sign = 1 if a2 > 0 else -1
        m = len(ring)
        reflex = sum(1 for i in range(m) if orient(ring[i - 1], ring[i], ring[(i + 1) % m]) * sign < 0)
        expect = {'error': 'None', 'area': fraction_text(abs(a2) / 2),
                  'twiceAreaTerms': terms(abs(a2) / F(2) ** (2 * binades)),
                  'vertices': m, 'reflex': reflex, 'maxParts': 2 * reflex + 1}
        if reflex == 0:
            parts = 1
        if parts is not None:
            expect['parts'] = parts
        if binades != 0:
            expect['binades'] = binades
        case['expect'] = expect
    assert name not in CASES, name
    CASES[name] = case


# ---- shapes -------------------------------------------------------------------------------------------------------

def scale(pts, k):
    return [(x * k, y * k) for x, y in pts]


SQUARE = [(0, 0), (1, 0), (1, 1), (0, 1)]
ELL = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
U = [(0, 0), (3, 0), (3, 2), (2, 2), (2, 1), (1, 1), (1, 2), (0, 2)]


def comb(teeth, h):
    out = [(0, 0), (2 * teeth - 1, 0)]
    for t in range(teeth - 1, -1, -1):
        out += [(2 * t + 1, h), (2 * t, h)]
        if t > 0:
            out += [(2 * t, 1), (2 * t - 1, 1)]
    return out


def histogram(rng, columns):
    top, x = [], 0
    for _ in range(columns):
        h, w = rng.randint(1, 6), rng.randint(1, 3)
        top += [(x, h), (x + w, h)]
        x += w
    return [(0, 0), (x, 0)] + top[::-1]


def star(rng, n):
    while True:
        dirs = []
        while len(dirs) < n:
            d = (rng.randint(-20, 20), rng.randint(-20, 20))
            if d == (0, 0) or any(orient((0, 0), e, d) == 0 and d[0] * e[0] + d[1] * e[1] > 0 for e in dirs):
                continue
            dirs.append(d)
        dirs.sort(key=lambda v: math.atan2(v[1], v[0]))
        if all(orient((0, 0), dirs[i], dirs[(i + 1) % n]) > 0 for i in range(n)):
            return [(x * k, y * k) for (x, y), k in zip(dirs, [rng.randint(1, 4) for _ in dirs])]


def spiral(turns):
    dirs = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    p, length, centre = (0, 0), 2, [(0, 0)]
    for t in range(turns):
        d = dirs[t % 4]
        p = (p[0] + d[0] * length * 2, p[1] + d[1] * length * 2)
        centre.append(p)
        if t % 2 == 1:
            length += 1

    def unit(d):
        return ((d[0] > 0) - (d[0] < 0), (d[1] > 0) - (d[1] < 0))

    def side(o):
        s = []
        for i, c in enumerate(centre):
            n_in = n_out = None
            if i > 0:
                u = unit((c[0] - centre[i - 1][0], c[1] - centre[i - 1][1]))
                n_in = (-u[1], u[0])
            if i + 1 < len(centre):
                u = unit((centre[i + 1][0] - c[0], centre[i + 1][1] - c[1]))
                n_out = (-u[1], u[0])
            n_in = n_in or n_out
            n_out = n_out or n_in
            q = (c[0] + n_in[0] * o, c[1] + n_in[1] * o)
            if n_in != n_out:
                q = (q[0] + n_out[0] * o, q[1] + n_out[1] * o)
            s.append(q)
        return s

    return side(-0.5) + side(0.5)[::-1]


def noisy(rng, pts):
    out = []
    for i, p in enumerate(pts):
        out.append(p)
        if rng.random() < 0.25:
            out.append(p)
        if rng.random() < 0.33:
            q = pts[(i + 1) % len(pts)]
            out.append(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    if rng.random() < 0.5:
        out.append(out[0])
    return out


def main():
    rng = random.Random(12)
    add('square', 'A square: one part.', SQUARE, parts=1)
    add('square_clockwise', 'A square given clockwise: one part.', SQUARE[::-1], parts=1)
    add('ell', 'An L (one reflex vertex): two parts.', ELL, parts=2)
    add('u_shape', 'A U (two reflex vertices): three parts.', U, parts=3)
    add('u_shape_clockwise', 'A U given clockwise: three parts.', U[::-1], parts=3)
    add('triangle', 'A triangle: itself.', [(0, 0), (4, 0), (2, 3)], parts=1)
    add('convex_noisy', 'A triangle with duplicates, collinear points and the closing point repeated: one part.',
        [(0, 0), (0, 0), (1, 0), (2, 0), (4, 0), (3, 1.5), (2, 3), (2, 3), (1, 1.5), (0, 0)], parts=1)
    add('tip_above_edge', 'A reflex vertex 2^-400 above the line of the bottom edge (not touching it): three '
        'parts, since neither diagonal from it alone leaves convex parts.',
        [(0, 0), (3, 0), (3, 3), (1, 2.0 ** -400), (0, 3)], parts=3)
    for k, tag in ((1e-100, '1e-100'), (1.0, '1'), (1e100, '1e100')):
        add(f'ell_{tag}', f'An L at magnitude {tag}.', scale(ELL, k), parts=2)
        add(f'u_shape_{tag}', f'A U at magnitude {tag}.', scale(U, k), parts=3)
        for i in range(4):
            add(f'histogram_{tag}_{i}', f'A random orthogonal histogram polygon at magnitude {tag}, with duplicate '
                'and collinear points.', scale(noisy(rng, histogram(rng, rng.randint(2, 9))), k))
            add(f'comb_{tag}_{i}', f'A comb at magnitude {tag}, with duplicate and collinear points.',
                scale(noisy(rng, comb(rng.randint(2, 7), rng.randint(2, 5))), k))
            add(f'spiral_{tag}_{i}', f'A rectilinear spiral corridor at magnitude {tag}.',
                scale(noisy(rng, spiral(rng.randint(2, 9))), k))
        for i in range(3):
            s = star(rng, rng.randint(4, 24))
            add(f'star_{tag}_{i}', f'A random star-shaped polygon on an integer grid at magnitude {tag} (rounded '
                'products: whatever the rounded outline is, the expectation follows it).', scale(s, k))
    for i in range(4):
        s = star(rng, rng.randint(4, 24))
        add(f'star_pow2_{i}', 'A random star-shaped polygon scaled by 2^-1000 (exactly), with duplicate and '
            'collinear points.', scale(noisy(rng, s), 2.0 ** -1000), binades=-1000)
        add(f'star_pow2_big_{i}', 'A random star-shaped polygon scaled by 2^900 (exactly).',
            scale(noisy(rng, star(rng, rng.randint(4, 24))), 2.0 ** 900), binades=900)
    add('integer_grid_comb', 'A comb with 2^52-sized integer coordinates.',
        [(x * 2 ** 40 + 2 ** 52, y * 2 ** 40 + 2 ** 52) for x, y in comb(5, 4)])
    # crossings and touches
    add('bow_tie', 'A bow tie: edges 0 and 2 cross.', [(0, 0), (2, 2), (2, 0), (0, 2)])
    add('vertex_on_edge', 'Vertex (1, 0) of edges 2 and 3 lies on edge 0.', [(0, 0), (2, 0), (2, 2), (1, 0), (0, 2)])
    add('pinch', 'A figure-8: the point (1, 1) appears twice, non-consecutively.',
        [(0, 0), (1, 1), (2, 0), (2, 2), (1, 1), (0, 2)])
    add('spike', 'A zero-width spike: (3, 0) -> (4, 0) -> (3.5, 0) folds back.', [(0, 0), (3, 0), (4, 0), (3.5, 0),
                                                                                 (2, 2)])
    add('duplicate_then_touch', 'A duplicate point (edge 1 has zero length) before a touching vertex: the edges '
        'are input indices.', [(0, 0), (2, 0), (2, 0), (2, 2), (1, 0), (0, 2)])
    add('bow_tie_1e-300', 'A bow tie at 1e-300.', scale([(0, 0), (2, 2), (2, 0), (0, 2)], 1e-300))
    add('bow_tie_1e300', 'A bow tie at 1e300.', scale([(0, 0), (2, 2), (2, 0), (0, 2)], 1e300))
    add('overlapping_edges', 'Edge 4, (3, 0) -> (1, 0), runs back along edge 0 (and touches edge 3 at (3, 0)).',
        [(0, 0), (4, 0), (4, 2), (3, 2), (3, 0), (1, 0), (1, 2), (0, 2)])
    n_cross = 0
    while n_cross < 16:
        s = star(rng, rng.randint(4, 14)) if rng.random() < 0.5 else histogram(rng, rng.randint(1, 6))
        for _ in range(rng.randint(1, 2)):
            s[rng.randrange(len(s))] = (rng.randint(-12, 12), rng.randint(-12, 12))
        if len(set(s)) != len(s) or crossing(s) is None:
            continue
        add(f'moved_vertex_{n_cross}', 'A simple polygon with a vertex moved to a random grid point: it now '
            'crosses or touches itself.', s)
        n_cross += 1
    # degenerate outlines
    add('empty', 'No points.', [])
    add('two_points', 'Two distinct points, repeated.', [(0, 0), (1, 1), (0, 0), (1, 1)])
    add('all_equal', 'Three copies of one point.', [(1, 1)] * 3)
    add('collinear', 'Every point on one line.', [(0, 0), (1, 1), (2, 2), (5, 5)])
    add('nan', 'A NaN coordinate in point 2.', [(0, 0), (1, 0), (float('nan'), 1)])
    add('infinity', 'An infinite coordinate in point 1.', [(0, 0), (float('inf'), 0), (1, 1)])

    if os.path.isdir(ROOT):
        for f in os.listdir(ROOT):
            if f.endswith('.json'):
                os.remove(os.path.join(ROOT, f))
    os.makedirs(ROOT, exist_ok=True)
    for name, case in CASES.items():
        points = case.pop('points')
        text = json.dumps(case, indent=1)
        # one point per line: "points": [[x, y], ...]
        body = ',\n  '.join(json.dumps(p) for p in points)
        text = text[:-2] + ',\n "points": [\n  ' + body + '\n ]\n}' if points else text[:-2] + ',\n "points": []\n}'
        with open(os.path.join(ROOT, name + '.json'), 'w') as fh:
            fh.write(text + '\n')
    print(f'{len(CASES)} cases in {os.path.relpath(ROOT)}')


if __name__ == '__main__':
    main()
