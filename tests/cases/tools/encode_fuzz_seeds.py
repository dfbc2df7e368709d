#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz/core_fuzz.cpp: every reproducer of issue 10 (and a few classic cases),
encoded for the decoder in tests/fuzz/fuzz_input.h. Numbers go in as raw bits (family 3: one byte 3, then the 64
bits big-endian), so every seed decodes to exactly the double written here.

Usage: python3 tests/cases/tools/encode_fuzz_seeds.py   (rewrites tests/fuzz/corpus/core/*.bin)
"""
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'fuzz', 'corpus', 'core')

# Operation bytes of LLVMFuzzerTestOneInput, shape bytes of makeShape.
PAIR, ORIENT, SEGMENTS, CONTAINS, CIRCLE_LINE, RAY, SWEEP = range(7)
CIRCLE, AABB, BOX, POLYGON, SEGMENT = range(5)


def byte(v):
    return bytes([v & 0xFF])


def u32(v):
    return struct.pack('>I', v & 0xFFFFFFFF)


def num(x):
    return byte(3) + struct.pack('>Q', struct.unpack('<Q', struct.pack('<d', float(x)))[0])


def pt(p):
    return num(p[0]) + num(p[1])


def near(p):
    """nearPoint() mode 3: a free finite point."""
    return byte(3) + pt(p)


def rng(lo, v):
    """Input::range(lo, hi) returning v (the u32 is taken modulo the span: v - lo fits)."""
    return u32(v - lo)


def circle(c, r):
    return byte(CIRCLE) + pt(c) + num(r)


def aabb(lo, hi):
    return byte(AABB) + pt(lo) + near(hi)


def box(c, h, angle=0.0):
    s = byte(BOX) + pt(c) + num(h[0]) + num(h[1])
    return s + (byte(1) if angle == 0.0 else byte(0) + num(angle))


def polygon(points):
    s = byte(POLYGON) + byte(0) + rng(0, len(points))
    for p in points:
        s += pt(p)
    return s


def segment(a, b):
    return byte(SEGMENT) + pt(a) + near(b)


def pair(a, b):
    return byte(PAIR) + a + b


def ray(shape, origin, direction, max_fraction=None):
    s = byte(RAY) + shape + pt(origin) + pt(direction)
    return s + (byte(1) if max_fraction is None else byte(0) + num(max_fraction))


def sweep(c, r, d, walls, iterations=4):
    s = byte(SWEEP) + pt(c) + num(r) + pt(d) + rng(0, len(walls))
    for a, b in walls:
        s += near(a) + near(b)
    return s + rng(1, iterations)


def orient(a, b, c, k=0):
    return byte(ORIENT) + pt(a) + near(b) + near(c) + rng(-1000, k)


def circle_line(c, r, a, b):
    return byte(CIRCLE_LINE) + pt(c) + num(r) + near(a) + near(b)


PA = [(12.42578125, -15.2421875), (13.70703125, -18.3828125), (15.37109375, -19.81640625),
      (17.16796875, -20.50390625), (20.06640625, -20.3828125)]
PB = [(16.149169921875, -22.1796875), (19.296875, -23.681396484375), (20.36865234375, -23.273681640625),
      (18.07373046875, -20.466064453125)]
NEEDLE = [(2.75, 999988), (-0.625, 499995.75), (-4, 3.5000000001)]

SEEDS = {
    'issue10_item1_circle_centre_on_segment': pair(circle((1, 1 / 3), 1), segment((0, 0), (3, 1))),
    'issue10_item2_far_ray_beside_circle': ray(circle((0, 0), 3.5), (1e9, 1e9 + 12), (-1, -1)),
    'issue10_item2_far_ray_at_circle': ray(circle((0, 0), 3.5), (1e9, 0), (-1, 0)),
    'issue10_item3_box_box_touch': pair(box((-47.3, 0), (47.3, 1)), box((1e6, 0), (1e6, 1))),
    'issue10_item3_box_box_touch_swapped': pair(box((1e6, 0), (1e6, 1)), box((-47.3, 0), (47.3, 1))),
    'issue10_item5_needle_ray': ray(polygon(NEEDLE), (999988, -1e15), (-5, 999988)),
    'issue10_item6_centre_on_wall': sweep((0, 0), 1, (0, 1), [((-5, 0), (5, 0))]),
    'issue10_item6_centre_on_wall_down': sweep((0, 0), 1, (0, -1), [((-5, 0), (5, 0))]),
    'issue10_item8_aabb_ray_three_fifths': ray(aabb((3, -1), (4, 1)), (0, 0), (5, 0)),
    'issue10_polygon_vertex_on_edge': pair(polygon(PA), polygon(PB)),
    'issue10_polygon_vertex_on_edge_swapped': pair(polygon(PB), polygon(PA)),
    'issue10_sweep_parallel_at_r': sweep((-14.12890625, 3.87109375), 2.421875, (4.40625, -3.3046875),
                                         [((-10.31640625, -2.015625), (-15.44140625, 1.828125))]),
    'issue10_sweep_entry_at_one': sweep((8.60845947265625, 13.635986328125), 3.662109375,
                                        (-4.87255859375, -6.98388671875),
                                        [((4.0751953125, 2.8671875), (6.24609375, 3.68359375))]),
    'issue10_precision_tangency_2p260': circle_line((0, 0), 2.0 ** 260, (-1.0, 2.0 ** 259), (1.0, 2.0 ** 259)),
    'issue10_precision_huge_circles': pair(circle((0, 0), 1e200), circle((1e300, 0), 1e200)),
    'issue10_precision_tiny_circles': pair(circle((0, 0), 1e-200), circle((3e-200, 0), 1e-200)),
    'issue10_precision_orient_1e170': orient((0, 0), (1e-170, 0), (0, 1e-170), 0),
    'issue10_precision_from_box_below_ulp': pair(box((1e16, 0), (0.5, 0.5)), circle((1e16, 0), 1)),
    'classic_orient_collinear': orient((0, 0), (1, 1), (2, 2), 3),
    'classic_segments_touch_at_end': byte(SEGMENTS) + pt((0, 0)) + near((1, 1)) + near((1, 1)) + near((2, 0)),
    'classic_polygon_contains_vertex': byte(CONTAINS) + byte(1) + pt((0, 0)) + rng(3, 4) +
    near((4, 0)) + near((4, 3)) + near((0, 3)) + byte(0) + rng(0, 0) + byte(0) + rng(0, 1),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name + '.bin'), 'wb') as f:
            f.write(data)
    print(f'{len(SEEDS)} seeds in {os.path.normpath(OUT)}')


if __name__ == '__main__':
    main()
