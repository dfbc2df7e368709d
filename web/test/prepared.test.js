// batch.preparePolygons: the same answers as the packed batches (bit for bit), ownership of wasm memory (free twice,
// freed sets rejected, no leak over many create / free cycles), errors naming the polygon; and the JavaScript fast
// path of overlaps(circle, circle) against the wasm batch.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { initWithMemory, mulberry32 } from './shared.js';

const { c2, memory } = await initWithMemory();


function randomPolygons(rng, count, spread) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const n = 3 + Math.floor(rng() * 6);
    const cx = (rng() - 0.5) * spread;
    const cy = (rng() - 0.5) * spread;
    const r = 0.5 + rng() * 2;
    const angles = Array.from({ length: n }, () => rng() * 2 * Math.PI).sort((p, q) => p - q);
    // integer-ish coordinates on some polygons, so that exactly touching pairs occur
    const snap = i % 3 === 0 ? (v) => Math.round(v) : (v) => v;
    list.push(angles.map((a) => ({ x: snap(cx + r * Math.cos(a)), y: snap(cy + r * Math.sin(a)) })));
  }
  // keep the valid ones (snapping can make a polygon degenerate)
  return list.filter(isValid);
}

function isValid(points) {
  try {
    c2.polygon(points);
    return true;
  } catch {
    return false;
  }
}

test('prepared polygons give the packed batches\' answers, bit for bit', () => {
  const rng = mulberry32(7);
  const polygons = randomPolygons(rng, 600, 12);
  const packed = c2.batch.packPolygons(polygons);
  const prepared = c2.batch.preparePolygons(polygons);
  assert.equal(prepared.count, polygons.length);
  const n = 30000;
  const pairs = new Uint32Array(2 * n);
  for (let i = 0; i < 2 * n; i++) pairs[i] = Math.floor(rng() * polygons.length);
  const circles = new Float64Array(3 * polygons.length);
  for (let i = 0; i < polygons.length; i++) circles.set([(rng() - 0.5) * 12, (rng() - 0.5) * 12, rng() * 2], 3 * i);

  const expected = c2.batch.collidePolygonPolygon(packed, pairs);
  const actual = c2.batch.collidePolygonPolygon(prepared, pairs);
  assert.deepEqual(actual, expected);
  assert.deepEqual(c2.batch.overlapsPolygonPolygon(prepared, pairs), c2.batch.overlapsPolygonPolygon(packed, pairs));
  assert.deepEqual(c2.batch.collideCirclePolygon(circles, prepared, pairs),
    c2.batch.collideCirclePolygon(circles, packed, pairs));
  assert.deepEqual(c2.batch.overlapsCirclePolygon(circles, prepared, pairs),
    c2.batch.overlapsCirclePolygon(circles, packed, pairs));
  let hits = 0;
  let touching = 0;
  for (let i = 0; i < n; i++) {
    hits += expected[6 * i];
    if (expected[6 * i] === 1 && expected[6 * i + 3] === 0) touching++;
  }
  assert.ok(hits > 2000 && hits < n - 2000, `both outcomes represented (${hits} hits)`);
  assert.ok(touching > 0, 'exactly touching pairs are among them');
  // a single pair agrees with the plain-value API too
  const [i, j] = [pairs[0], pairs[1]];
  const one = c2.collide({ type: 'polygon', points: polygons[i] }, { type: 'polygon', points: polygons[j] });
  assert.equal(actual[0], one === null ? 0 : 1);
  prepared.free();
});

test('a prepared set owns its memory: free() twice is fine, a freed set is rejected, no leak', () => {
  const square = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];
  const set = c2.batch.preparePolygons([square, square]);
  assert.equal(set.freed, false);
  set.free();
  set.free();
  assert.equal(set.freed, true);
  assert.equal(set.count, 0);
  assert.throws(() => c2.batch.collidePolygonPolygon(set, new Uint32Array([0, 1])),
    { name: 'Error', message: /batch\.collidePolygonPolygon: argument polygons was freed/ });
  if (typeof Symbol.dispose === 'symbol') {
    const s2 = c2.batch.preparePolygons([square]);
    s2[Symbol.dispose]();
    assert.equal(s2.freed, true);
  }
  assert.throws(() => new c2.PreparedPolygons(), TypeError);

  const polygons = randomPolygons(mulberry32(3), 200, 10);
  for (let i = 0; i < 300; i++) c2.batch.preparePolygons(polygons).free(); // warm-up
  const before = memory.buffer.byteLength;
  for (let i = 0; i < 5000; i++) {
    const s = c2.batch.preparePolygons(polygons);
    c2.batch.collidePolygonPolygon(s, new Uint32Array([0, 1, 2, 3]));
    s.free();
  }
  assert.equal(memory.buffer.byteLength, before, '5,000 sets of 200 polygons created and freed: heap unchanged');
});

test('preparePolygons rejects bad input with the polygon named, and stays usable', () => {
  const ok = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }];
  assert.throws(() => c2.batch.preparePolygons([ok, [{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }]]),
    { name: 'RangeError', message: /batch\.preparePolygons: argument polygons\[1\]/ });
  assert.throws(() => c2.batch.preparePolygons([ok, [{ x: 0, y: NaN }, { x: 1, y: 1 }, { x: 2, y: 0 }]]),
    { name: 'RangeError', message: /polygons\[1\]\.points\[0\] must be finite/ });
  assert.throws(() => c2.batch.preparePolygons('squares'), { name: 'TypeError', message: /argument polygons/ });
  const set = c2.batch.preparePolygons([ok, ok]);
  assert.throws(() => c2.batch.collidePolygonPolygon(set, new Uint32Array([0, 2])),
    { name: 'RangeError', message: /argument pairs\[1\] must be < 2, the number of polygons \(pair 0\) \(got 2\)$/ });
  assert.equal(c2.batch.collidePolygonPolygon(set, new Uint32Array([0, 1]))[0], 1);
  set.free();
});

test('overlaps(circle, circle) and overlapsCircleCircle(numbers) in JavaScript answer as the wasm core on 200,000 pairs, touching ones included', () => {
  const rng = mulberry32(11);
  const n = 200000;
  const a = new Float64Array(3 * n);
  const b = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const r1 = rng() * 3;
    const r2 = rng() * 3;
    const x = (rng() - 0.5) * 10;
    const y = (rng() - 0.5) * 10;
    a.set([x, y, r1], 3 * i);
    if (i % 4 === 0) {
      // exactly touching in exact arithmetic (integer and binary-fraction radii along an axis, or a 3-4-5 triangle)
      const k = i % 8 === 0;
      const ra = Math.round(r1 * 4) / 4;
      const rb = Math.round(r2 * 4) / 4;
      a.set([0, 0, ra], 3 * i);
      b.set(k ? [ra + rb, 0, rb] : [3 * (ra + rb) / 5, 4 * (ra + rb) / 5, rb], 3 * i);
    } else {
      b.set([x + (rng() - 0.5) * 8, y + (rng() - 0.5) * 8, r2], 3 * i);
    }
  }
  const wasm = c2.batch.overlapsCircleCircle(a, b);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const js = c2.overlaps(c2.circle(a[3 * i], a[3 * i + 1], a[3 * i + 2]), c2.circle(b[3 * i], b[3 * i + 1], b[3 * i + 2]));
    if (js !== (wasm[i] === 1)) assert.fail(`pair ${i} differs: ${a.subarray(3 * i, 3 * i + 3)} / ${b.subarray(3 * i, 3 * i + 3)}`);
    const numbers = c2.overlapsCircleCircle(a[3 * i], a[3 * i + 1], a[3 * i + 2], b[3 * i], b[3 * i + 1], b[3 * i + 2]);
    if (numbers !== js) assert.fail(`pair ${i}: overlapsCircleCircle differs from overlaps`);
    hits += js ? 1 : 0;
  }
  assert.ok(hits > n / 4 && hits < (3 * n) / 4, `both outcomes represented (${hits})`);
  assert.equal(c2.overlaps(c2.circle(0, 0, 1), c2.circle(2, 0, 1)), true, 'touching counts as a hit');
  assert.equal(c2.overlapsCircleCircle(0, 0, 1, 2, 0, 1), true);
  // Bad numbers name the argument, and the function keeps answering.
  assert.throws(() => c2.overlapsCircleCircle(0, 0, 1, 2, 0, -1),
    { name: 'RangeError', message: 'collide2d.overlapsCircleCircle: argument br must be >= 0 (got -1)' });
  assert.throws(() => c2.overlapsCircleCircle(0, NaN, 1, 2, 0, 1),
    { name: 'RangeError', message: /argument ay must be finite/ });
  assert.throws(() => c2.overlapsCircleCircle(0, 0, '1', 2, 0, 1), { name: 'TypeError', message: /argument ar must be a number/ });
  assert.throws(() => c2.overlapsCircleCircle(0, 0, 1), { name: 'TypeError', message: /argument bx must be a number/ });
  assert.equal(c2.overlapsCircleCircle(0, 0, 1, 2.5, 0, 1), false);
});

test('collide(circle, circle) in JavaScript answers as the wasm core, bit for bit, on 200,000 pairs (touching, coincident and tiny distances included)', () => {
  const rng = mulberry32(12);
  const n = 200000;
  const a = new Float64Array(3 * n);
  const b = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const r1 = rng() * 3;
    const r2 = rng() * 3;
    const x = (rng() - 0.5) * 10;
    const y = (rng() - 0.5) * 10;
    a.set([x, y, r1], 3 * i);
    switch (i % 8) {
      case 0: b.set([x, y, r2], 3 * i); break; // coincident centres: normal (1, 0)
      case 1: b.set([x + (rng() - 0.5) * 1e-140, y - 1e-300 * rng(), r2], 3 * i); break; // distances below 2^-450
      case 2: { // exactly touching along an axis
        const ra = Math.round(r1 * 4) / 4;
        const rb = Math.round(r2 * 4) / 4;
        a.set([0, 0, ra], 3 * i);
        b.set([-(ra + rb), 0, rb], 3 * i);
        break;
      }
      case 3: b.set([x + (rng() - 0.5) * 1e-12, y, 0], 3 * i); break; // a zero radius, nearly coincident
      default: b.set([x + (rng() - 0.5) * 8, y + (rng() - 0.5) * 8, r2], 3 * i);
    }
  }
  const wasm = c2.batch.collideCircleCircle(a, b);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const js = c2.collide(c2.circle(a[3 * i], a[3 * i + 1], a[3 * i + 2]), c2.circle(b[3 * i], b[3 * i + 1], b[3 * i + 2]));
    const w = wasm.subarray(6 * i, 6 * i + 6);
    const expected = w[0] === 1 ? { normal: { x: w[1], y: w[2] }, depth: w[3], point: { x: w[4], y: w[5] } } : null;
    if (js === null ? expected !== null : expected === null) assert.fail(`pair ${i}: hit differs`);
    if (js !== null) {
      assert.deepStrictEqual(js, expected, `pair ${i}: ${a.subarray(3 * i, 3 * i + 3)} / ${b.subarray(3 * i, 3 * i + 3)}`);
      hits++;
    }
  }
  assert.ok(hits > n / 4 && hits < (7 * n) / 8, `both outcomes represented (${hits})`);
});
