#!/usr/bin/env python3
"""Writes the hand-made seeds of query_fuzz (tests/fuzz/corpus/query/): each finding's input, exact doubles.

Format (query_fuzz.cpp): one byte of scale (0: none), then shapes A and B, each a kind byte (0 circle, 1 aabb,
2 box, 3 polygon, 4 segment, 5 capsule) and its numbers; a number here is family byte 2 (raw bits) and the 8 bytes
of the double, big-endian. Run: python3 tests/fuzz/query_seeds.py
"""
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "query")


def num(x):
    return bytes([2]) + struct.pack(">d", float(x))


def circle(cx, cy, r):
    return bytes([0]) + num(cx) + num(cy) + num(r)


def aabb(x0, y0, x1, y1):
    return bytes([1]) + num(x0) + num(y0) + num(x1) + num(y1)


def box(cx, cy, hx, hy, angle_byte):
    return bytes([2]) + num(cx) + num(cy) + num(hx) + num(hy) + bytes([angle_byte])


def polygon(*pts):
    out = bytes([3, len(pts) - 3])
    for x, y in pts:
        out += num(x) + num(y)
    return out


def segment(ax, ay, bx, by):
    return bytes([4]) + num(ax) + num(ay) + num(bx) + num(by)


def capsule(ax, ay, bx, by, r):
    return bytes([5]) + num(ax) + num(ay) + num(bx) + num(by) + num(r)


h = float.fromhex
SEEDS = {
    # issue 21, finding 1: the rounded foot on a long segment; exact distance 1, radius 0.5 (both orders)
    "finding1-circle-long-segment": circle(0, 0, 0.5) + segment(0, 1e16, 0, 1),
    "finding1-circle-long-segment-reversed": circle(0, 0, 0.5) + segment(0, 1, 0, 1e16),
    # finding 2: GJK far from 1 (a point inside a box at 1e-80; boxes 0.5 apart at 1e83)
    "finding2-point-in-box-1e-80": circle(0.3e-80, 0.7e-80, 0) + aabb(0, 0, 2e-80, 2e-80),
    "finding2-boxes-apart-1e83": aabb(0, 0, 1e83, 1e83) + aabb(1.5e83, 0, 2.5e83, 1e83),
    # finding 3: manifold points off the shapes
    "finding3-zero-size-aabb-in-box": aabb(1, 1, 1, 1) + aabb(0, 0, 2, 2),
    "finding3-box-around-zero-size-aabb": aabb(0, 0, 2, 2) + aabb(1, 1, 1, 1),
    "finding3-point-long-capsule": segment(0, 0, 0, 0) + capsule(-1e8, -1, 1e8, -1.001, 2),
    # query_fuzz's own findings (regression tests in tests/native/promises_test.cpp, FuzzQuery.*)
    "fuzz-gjk-triangle-weights-nan": aabb(0, -h("0x1.8p-288"), h("0x1p-293"), h("0x1.cp-292"))
    + capsule(h("0x1.4p+240"), 0, 0, 0, 0),
    "fuzz-gjk-edge-weights-nan": polygon((h("0x1.6262626262626p-413"), h("0x1.6262626262626p-413")),
                                         (0, h("0x1.6262622262626p-413")), (0, 0), (h("0x1.b8p+134"), 0))
    + aabb(h("0x1.600c6ffp-413"), 0, h("0x1.600c6ffp-413"), 0),
    "fuzz-distance-band-of-the-shapes": segment(-h("0x1.d093850e56042p+48"), h("0x1.05459003b00a7p+401"),
                                                h("0x1.08p+35"), h("0x1p+30"))
    + segment(0, h("0x1.8008718p+34"), h("0x1.48p+35"), h("0x1.80098p-2")),
    "fuzz-circle-segment-span": segment(h("0x1.6p-379"), -h("0x1p-384"), h("0x1.6p-379"), h("0x1.3p-378"))
    + circle(h("0x1p+433"), 0, 0),
    "fuzz-gjk-rescale-from-every-vertex": polygon((h("0x1p+378"), -h("0x1.7187ffffffffcp+387")), (h("0x1.cp+381"), 0),
                                                  (0, h("0x1.9000100012e01p-255")))
    + polygon((0, h("0x1.9000100012e01p-255")), (-h("0x1.dfffffffffffep+385"), 0), (0, -h("0x1p+378"))),
    "fuzz-contains-zero-height-box": box(0, 0, 3.7e89, 0, 200) + aabb(0, 0, 0, 0),
}

if __name__ == "__main__":
    os.makedirs(HERE, exist_ok=True)
    for name, body in SEEDS.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(bytes([0]) + body)
    print(f"{len(SEEDS)} seeds in {HERE}")
