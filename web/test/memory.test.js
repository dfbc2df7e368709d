// Plain-value calls never leak: a million calls (every kind of query, rejected calls included) leave the wasm heap
// size unchanged. The wasm memory is observed by wrapping WebAssembly.instantiate before init(): the package itself
// exposes no raw layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { initWithMemory } from './shared.js';

const { c2, memory } = await initWithMemory();

const P = (x, y) => ({ x, y });

function workload(i) {
  const k = i % 16;
  const d = (i % 97) / 50;
  switch (k) {
    case 0: return c2.overlaps(c2.circle(0, 0, 1), c2.circle(d, 0, 1));
    case 1: return c2.collide(c2.circle(0, 0, 1), c2.circle(d, 0.5, 1));
    case 2: return c2.collide({ type: 'polygon', points: [P(0, 0), P(2, 0), P(2, 2), P(0, 2)] },
      { type: 'polygon', points: [P(d, d), P(d + 2, d), P(d + 1, d + 3)] });
    case 3: return c2.overlaps(c2.box(0, 0, 1, 1, d), { type: 'polygon', points: [P(1, 0), P(3, 0), P(2, 2)] });
    case 4: return c2.contains({ type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 2)] }, P(d, 0.5));
    case 5: return c2.raycast(c2.ray(-5, d, 1, 0), { type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 2)] });
    case 6: return c2.sat({ type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 2)] },
      { type: 'polygon', points: [P(d, 0), P(d + 2, 0), P(d + 1, 2), P(d, 1)] });
    case 7: return c2.sweep(c2.circle(0, 0, 0.5), P(10, d), [c2.segment(3, -5, 3, 5), c2.segment(-5, 3, 5, 3)]);
    case 8: return c2.moveAndSlide(c2.circle(0, 0, 0.5), P(10, 5 * d), [c2.segment(3, -5, 3, 5)]);
    case 9: return c2.validate({ type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] });
    case 10: return c2.polygon([P(0, 0), P(2, 0), P(2, d + 1), P(0, 2)]);
    case 11: return c2.closestPoint(c2.box(0, 0, 1, 1, d), P(3, 3));
    case 12: return c2.intersectCircleSegment(c2.circle(0, 0, 1), c2.segment(-2, d - 1, 2, d - 1));
    case 13: return c2.transformed({ type: 'polygon', points: [P(0, 0), P(2, 0), P(1, 2)] }, c2.transform(d, 0, d));
    case 14: // rejected calls go through the error path (strings read from wasm memory) too
      try {
        c2.collide(c2.circle(0, 0, 1), { type: 'polygon', points: [P(0, 0), P(1, 1), P(2, 2)] });
      } catch (e) {
        return e.message;
      }
      return null;
    default: {
      const packed = { vertices: new Float64Array([0, 0, 2, 0, 1, 2, d, 0, d + 2, 0, d + 1, 2]),
        offsets: new Uint32Array([0, 3, 6]) };
      return c2.batch.collidePolygonPolygon(packed, new Uint32Array([0, 1, 1, 0]));
    }
  }
}

test('a million plain-value calls leave the wasm heap size unchanged', () => {
  assert.ok(memory instanceof WebAssembly.Memory, 'wasm memory not found');
  for (let i = 0; i < 20000; i++) workload(i); // warm-up: scratch buffers reach their working size
  const before = memory.buffer.byteLength;
  for (let i = 0; i < 1000000; i++) workload(i);
  assert.equal(memory.buffer.byteLength, before);
});

test('the answers after a million calls are still right', () => {
  assert.deepEqual(c2.collide(c2.circle(0, 0, 1), c2.circle(1.5, 0, 1)),
    { normal: { x: 1, y: 0 }, depth: 0.5, point: { x: 0.5, y: 0 } });
});
