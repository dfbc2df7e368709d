"""The containment family of the query corpus (tests/query_cases/containment/), imported by gen_queries.py (run that,
not this): every core point of B, grown by B's radius, inside A, in exact rationals (fractions.Fraction).
"""
from fractions import Fraction

from gen_queries_common import (aabb, capsule, ccw, circle, crs, dot, edges, emit, polygon, segment, sub)

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
