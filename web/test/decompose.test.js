// decompose(points): the corpus (tests/decompose_cases, expected values from exact rationals in
// tests/cases/tools/gen_decompose.py), checked here with exact BigInt arithmetic; bad input; the module still usable
// after every error; a 2,000-point comb.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { initWithMemory } from './shared.js';

const { c2 } = await initWithMemory();

const dir = fileURLToPath(new URL('../../tests/decompose_cases/', import.meta.url));
const cases = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ name: f, ...JSON.parse(readFileSync(dir + f, 'utf8')) }));
const num = (v) => (v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v);

// ---- exact arithmetic on doubles: a double is m * 2^e with BigInt m ---------------------------------------------
const view = new DataView(new ArrayBuffer(8));
function exact(x) {
  if (x === 0) return { m: 0n, e: 0 };
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp !== 0) m |= 1n << 52n;
  const e = (exp === 0 ? 1 : exp) - 1075;
  return { m: hi >>> 31 ? -m : m, e };
}
const mul = (a, b) => ({ m: a.m * b.m, e: a.e + b.e });
function sum(terms) {
  const e = Math.min(...terms.map((t) => t.e));
  let m = 0n;
  for (const t of terms) m += t.m << BigInt(t.e - e);
  return { m, e };
}
const neg = (a) => ({ m: -a.m, e: a.e });
const sign = (a) => (a.m > 0n ? 1 : a.m < 0n ? -1 : 0);
/** Exact sign of (b - a) x (c - a). */
function orient(a, b, c) {
  const [ax, ay, bx, by, cx, cy] = [a.x, a.y, b.x, b.y, c.x, c.y].map(exact);
  return sign(sum([mul(bx, cy), neg(mul(bx, ay)), neg(mul(ax, cy)), neg(mul(by, cx)), mul(by, ax), mul(ay, cx)]));
}
/** Twice the signed area of a ring, exactly. */
function twiceArea(pts) {
  const terms = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    terms.push(mul(exact(a.x), exact(b.y)), neg(mul(exact(b.x), exact(a.y))));
  }
  return sum(terms);
}
/** value == p / q, for the fraction text "p/q". */
function equalsFraction(v, text) {
  const [p, q] = text.split('/').map(BigInt);
  return v.e >= 0 ? (v.m << BigInt(v.e)) * q === p : v.m * q === p << BigInt(-v.e);
}

function checkParts(name, points, parts, expect) {
  assert.ok(parts.length <= expect.maxParts, `${name}: ${parts.length} parts > ${expect.maxParts}`);
  if (expect.parts !== undefined) assert.equal(parts.length, expect.parts, name);
  const inputs = new Set(points.map((p) => `${p.x},${p.y}`));
  const used = new Set();
  let total = { m: 0n, e: 0 };
  for (const part of parts) {
    assert.equal(part.type, 'polygon');
    assert.ok(Object.isFrozen(part), `${name}: parts are frozen`);
    const v = part.points;
    assert.ok(v.length >= 3);
    for (let i = 0; i < v.length; i++) {
      assert.ok(inputs.has(`${v[i].x},${v[i].y}`), `${name}: a part vertex is not an input point`);
      used.add(`${v[i].x},${v[i].y}`);
      assert.equal(orient(v[i], v[(i + 1) % v.length], v[(i + 2) % v.length]), 1, `${name}: a part is not convex`);
    }
    total = sum([total, twiceArea(v)]);
  }
  assert.ok(equalsFraction({ m: total.m, e: total.e - 1 }, expect.area), `${name}: the parts' area is not ${expect.area}`);
  assert.equal(used.size, expect.vertices, `${name}: the parts use the outline's ${expect.vertices} vertices`);
  // Interiors pairwise disjoint (an edge line of one part has the other on its closed outer side).
  if (parts.length <= 24) {
    const separates = (a, b) => a.some((p, i) => b.every((q) => orient(p, a[(i + 1) % a.length], q) <= 0));
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i].points, b = parts[j].points;
        assert.ok(separates(a, b) || separates(b, a), `${name}: parts ${i} and ${j} overlap`);
      }
    }
  }
}

test('the corpus: the generator\'s answers, and the promises of decompose.h', () => {
  assert.ok(cases.length >= 90, `only ${cases.length} cases`);
  let valid = 0, crossings = 0;
  for (const c of cases) {
    const points = c.points.map(([x, y]) => ({ x: num(x), y: num(y) }));
    const e = c.expect;
    if (e.error === 'None') {
      checkParts(c.name, points, c2.decompose(points), e);
      valid++;
      continue;
    }
    assert.throws(() => c2.decompose(points), (err) => {
      assert.ok(err instanceof RangeError, `${c.name}: ${err}`);
      assert.equal(err.code, e.error, c.name);
      assert.match(err.message, /^collide2d\.decompose: argument points/, c.name);
      if (e.edges !== undefined) {
        crossings++;
        assert.deepEqual(err.edges, e.edges, c.name);
        assert.ok(err.message.includes(`edges[${e.edges[0]}] and edges[${e.edges[1]}]`), err.message);
      }
      if (e.point !== undefined) assert.ok(err.message.includes(`points[${e.point}]`), err.message);
      return true;
    }, c.name);
  }
  assert.ok(valid >= 60 && crossings >= 20, `${valid} valid, ${crossings} crossings`);
});

test('bad input: TypeError or RangeError naming the argument; the module stays usable', () => {
  const square = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];
  const bad = [
    [undefined, TypeError, /argument points must be an array/],
    [null, TypeError, /argument points must be an array/],
    [{ length: 3 }, TypeError, /argument points must be an array/],
    [[{ x: 0, y: 0 }, 5, { x: 1, y: 1 }], TypeError, /argument points\[1\] must be a point/],
    [[{ x: 0, y: 0 }, { x: 1 }, { x: 1, y: 1 }], TypeError, /argument points\[1\]\.y must be a number/],
    [[{ x: 0, y: 0 }, { x: '1', y: 0 }, { x: 1, y: 1 }], TypeError, /argument points\[1\]\.x must be a number/],
    [[{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: Infinity, y: 1 }], RangeError, /argument points\[2\] must be finite/],
    [[{ x: 0, y: -0 }, { x: NaN, y: 0 }, { x: 1, y: 1 }], RangeError, /argument points\[1\] must be finite/],
    [[], RangeError, /argument points needs at least 3 distinct points/],
    [[{ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 4, y: 4 }], RangeError, /argument points must not all lie on one line/],
    [[{ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 2, y: 0 }, { x: 0, y: 2 }], RangeError, /edges\[0\] and edges\[2\]/],
  ];
  for (const [input, Type, message] of bad) {
    assert.throws(() => c2.decompose(input), (err) => err instanceof Type && message.test(err.message) &&
      err.message.startsWith('collide2d.decompose:'), String(message));
    // still usable
    assert.equal(c2.decompose(square).length, 1);
    assert.equal(c2.overlaps(c2.circle(0, 0, 1), c2.circle(1, 0, 1)), true);
  }
});

test('parts are ordinary polygons for every other function (trusted, frozen)', () => {
  const ell = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }, { x: 0, y: 2 }];
  const parts = c2.decompose(ell);
  assert.equal(parts.length, 2);
  // The same vertices as polygon() makes of them.
  for (const p of parts) assert.deepEqual(c2.polygon(p.points).points, p.points);
  // A point in the L's corner square is in exactly one part (interiors disjoint), a point outside in none.
  const inside = parts.filter((p) => c2.contains(p, { x: 0.5, y: 0.25 })).length;
  assert.equal(inside, 1);
  assert.equal(parts.filter((p) => c2.contains(p, { x: 1.5, y: 1.5 })).length, 0);
});

test('a 2,000-point comb and a clockwise star decompose', () => {
  const teeth = 500;
  const comb = [{ x: 0, y: 0 }, { x: 2 * teeth - 1, y: 0 }];
  for (let t = teeth - 1; t >= 0; t--) {
    comb.push({ x: 2 * t + 1, y: 7 }, { x: 2 * t, y: 7 });
    if (t > 0) comb.push({ x: 2 * t, y: 1 }, { x: 2 * t - 1, y: 1 });
  }
  assert.equal(comb.length, 2000);
  const parts = c2.decompose(comb);
  assert.ok(parts.length >= 500 && parts.length <= 2 * 998 + 1, `${parts.length} parts`);
  let total = { m: 0n, e: 0 };
  for (const p of parts) total = sum([total, twiceArea(p.points)]);
  assert.ok(equalsFraction({ m: total.m, e: total.e - 1 }, String(teeth * 6 + 999) + '/1'));
  const star = [];
  for (let i = 0; i < 64; i++) {
    const r = i % 2 === 0 ? 4 : 1;
    star.push({ x: Math.round(r * 1000 * Math.cos(-i * Math.PI / 32)), y: Math.round(r * 1000 * Math.sin(-i * Math.PI / 32)) });
  }
  const s = c2.decompose(star);
  assert.ok(s.length >= 17 && s.length <= 65, `${s.length} parts`);
});
