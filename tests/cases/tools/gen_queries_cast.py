"""The cast family of the query corpus (tests/query_cases/cast/), imported by gen_queries.py (run that, not this):
the first time the distance of two moving shapes reaches 0. Without rotation the distance is convex in t:
golden-section search for its minimum, then bisection on the way down. With rotation: 4000 samples, then bisection.
"""
import math

from mpmath import mp, mpf

from gen_queries_common import (M, aabb, box, capsule, circle, core, core_closest, crs, dot, emit, num, pivot,
    polygon, segment, separation, sub, vec)

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
    # Round shapes in translation: exact grazes (a line of motion at distance exactly R) and starts in contact (the
    # graze / entry flags are the authors'; the numeric first contact cannot tell a graze from an entry).
    cast_case('round_circle_passes_vertex_at_radius', 'Circle of radius 1 whose path passes a triangle\'s apex at '
              'distance exactly 1: a graze, no hit.', circle((-4, 2), 1), T(8, 0),
              polygon([(-1, -1), (1, -1), (0, 1)]), still, expect_hit=False)
    cast_case('round_circle_on_floor_walks', 'Circle resting exactly on a floor walks along it: no hit.',
              circle((0, 2), 1), T(2, 0), aabb((-8, 0), (8, 1)), still, expect_hit=False)
    cast_case('round_circle_on_floor_presses_in', 'Circle resting exactly on a floor moves down-sideways: hit at 0.',
              circle((0, 2), 1), T(2, -0.5), aabb((-8, 0), (8, 1)), still, expect_hit=True)
    cast_case('round_circle_touching_corner_moving_in', 'Circle of radius 5 touching an aabb\'s corner (3, 4), '
              'moving (4, -2) (towards the corner): hit at 0.', circle((0, 0), 5), T(4, -2), aabb((3, 4), (5, 6)),
              still, expect_hit=True)
    cast_case('round_circle_touching_corner_tangent', 'Circle of radius 5 touching an aabb\'s corner (3, 4), moving '
              '(4, -3) (tangent): no hit.', circle((0, 0), 5), T(4, -3), aabb((3, 4), (5, 6)), still,
              expect_hit=False)
    cast_case('round_circles_pass_at_radius', 'Circles of radius 1 whose centres pass 2 apart: no hit.',
              circle((0, 0), 1), T(8, 0), circle((4, 2), 1), still, expect_hit=False)
    cast_case('round_capsule_slides_along_capsule', 'Capsule sliding along a parallel capsule at distance exactly '
              'the sum of the radii: no hit.', capsule((-4, 2), (-2, 2), 1), T(4, 0), capsule((-8, 0), (8, 0), 1),
              still, expect_hit=False)
    cast_case('round_tiny_circle_through_triangle', 'Circle of radius 1e-13 at (1e-12, 5) falling 10 through a '
              'triangle whose apex is (0, 0): a hit (its right side; the normal and point are not pinned: at the fraction, '
              'up to 2^-40 S = 9e-12 before the touch, the apex is the nearest feature).', circle((1e-12, 5), 1e-13),
              T(0, -10), polygon([(-0.1, -1), (0.1, -1), (0, 0)]), still, normal=False, point=False)
    cast_case('huge_1e6_circle_into_floor_past_corner', 'Circle of radius 1 at (-1, 1) moving (1e6, -0.001) along '
              'the floor [0, 1e6] x [-10, 0]: it moves into the floor, first touching its corner.',
              circle((-1, 1), 1), T(1e6, -0.001), aabb((0, -10), (1e6, 0)), still, tol=1e-7, normal=False,
              point=False)
