// World chain bodies (World.addChain) through the public JS API: argument errors (TypeError / RangeError naming the
// argument and the point, with codes), the accessors (partCount, getShape, getBounds of a part, isStatic), every
// query naming the segment, pairs and events with the ghost-vertex rule, two-sidedness, a closed loop and a chain of
// 10,000 points (the native suite, tests/native/chain_test.cpp, covers the same with more cases).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as c2 from '../lib/index.js';

await c2.init();

const { World } = c2;
const P = (x, y) => ({ x, y });
const floor = (n) => Array.from({ length: n + 1 }, (_, x) => P(x, 0));

function throwsWith(f, Type, code, text) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Type, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.code, code, e.message);
    assert.ok(e.message.includes(text), e.message);
    return true;
  });
}

test('addChain: errors name the argument and the point', () => {
  const w = new World();
  throwsWith(() => w.addChain(42), TypeError, 'WrongType', 'argument points');
  throwsWith(() => w.addChain([P(0, 0), 3]), TypeError, 'WrongType', 'argument points[1]');
  throwsWith(() => w.addChain([P(0, 0), P(1, 'a')]), TypeError, 'WrongType', 'argument points[1].y');
  throwsWith(() => w.addChain([P(0, 0), P(1, NaN)]), RangeError, 'NotFinite', 'argument points[1].y');
  throwsWith(() => w.addChain(new Float64Array([0, 0, 1])), RangeError, 'InvalidArgument', 'argument points.length');
  throwsWith(() => w.addChain(new Float64Array([0, 0, Infinity, 1])), RangeError, 'NotFinite', 'argument points[2]');
  throwsWith(() => w.addChain([P(0, 0)]), RangeError, 'TooFewPoints', 'at least 2 points');
  throwsWith(() => w.addChain([P(0, 0), P(1, 0)], { loop: true }), RangeError, 'TooFewPoints', 'at least 3 points');
  throwsWith(() => w.addChain([P(0, 0), P(1, 0), P(1, 0)]), RangeError, 'ZeroDirection', 'points[2] equals points[1]');
  throwsWith(() => w.addChain([P(0, 0), P(1, 0), P(1, 1), P(0, 0)], { loop: true }), RangeError, 'ZeroDirection',
    'points[3] equals points[0]');
  throwsWith(() => w.addChain([P(0, 0), P(1e301, 0)]), RangeError, 'InvalidArgument', 'points[1] beyond the coordinate range');
  throwsWith(() => w.addChain(floor(2), { loop: 1 }), TypeError, 'WrongType', 'options.loop');
  throwsWith(() => w.addChain(floor(2), { transform: { x: 0, y: NaN } }), RangeError, 'NotFinite', 'options.transform.y');
  throwsWith(() => w.addChain(floor(2), { loops: true }), TypeError, 'UnknownOption', 'loops');
  assert.equal(w.bodyCount, 0);
  w.free();
});

test('addChain: accessors; always static; getShape is a compound of its segments', () => {
  const w = new World();
  const c = w.addChain(new Float64Array([0, 0, 4, 0, 4, 4, 0, 4]), { loop: true, userId: 9, transform: { x: 10, y: 0 } });
  assert.equal(w.partCount(c), 4);
  assert.equal(w.isStatic(c), true);
  assert.equal(w.getUserId(c), 9);
  assert.deepEqual(w.getShape(c, 3), c2.segment(10, 4, 10, 0));
  const all = w.getShape(c);
  assert.equal(all.type, 'compound');
  assert.equal(all.parts.length, 4);
  assert.deepEqual(all.parts[0].shape, c2.segment(10, 0, 14, 0));
  const b = w.getBounds(c, 1);
  assert.ok(b.min.x <= 14 && b.max.x >= 14 && b.min.y <= 0 && b.max.y >= 4);
  throwsWith(() => w.setStatic(c, false), RangeError, 'InvalidArgument', 'always static');
  w.setStatic(c, true);
  throwsWith(() => w.getShape(c, 4), RangeError, 'OutOfRange', 'part');
  w.free();
});

test('addChain: every query names the segment; a chain is listed once', () => {
  const w = new World();
  const c = w.addChain(floor(20));
  assert.equal(w.queryPoint(P(12.5, 0)), 1);
  assert.equal(w.queryResults[0], c);
  assert.equal(w.queryParts[0], 12);
  assert.equal(w.queryPoint(P(12.5, 0.001)), 0);
  assert.equal(w.queryAabb(c2.aabb(15.2, -0.1, 15.4, 0.1)), 1);
  assert.equal(w.queryParts[0], 15);
  assert.equal(w.queryShape(c2.circle(3.5, 0.2, 0.25)), 1);
  assert.equal(w.queryParts[0], 3);
  assert.equal(w.raycast({ origin: P(17.25, 5), direction: P(0, -1) }), 1);
  assert.equal(w.rayHit(0).fraction, 5);
  assert.equal(w.rayHitParts[0], 17);
  assert.equal(w.raycast({ origin: P(17.25, -5), direction: P(0, 1) }), 1, 'two-sided');
  assert.deepEqual(w.rayHit(0).normal, P(0, -1));
  assert.equal(w.raycastAll({ origin: P(-1, 1), direction: P(1, -0.105) }), 1);
  assert.equal(w.rayHitParts[0], 8);
  assert.equal(w.castShape(c2.box(0, 0, 0.3, 0.3, 0), P(8.5, 2), P(0, -4)), 1);
  assert.ok(Math.abs(w.rayHit(0).fraction - 1.7 / 4) < 1e-9);
  assert.deepEqual(w.rayHit(0).normal, P(0, -1));
  w.free();
});

test('addChain: a diamond landing on an internal vertex gets the floor normal (ghost vertex); events as any body', () => {
  const diamond = (x, y, h) => c2.polygon([P(x, y), P(x + h, y + h), P(x, y + 2 * h), P(x - h, y + h)]);
  const pts = floor(10);
  const raw = new World();
  raw.add(c2.compound(pts.slice(1).map((p, i) => ({ shape: c2.segment(pts[i].x, 0, p.x, 0) }))), undefined, { static: true });
  raw.add(diamond(5, -0.001, 0.5));
  assert.equal(raw.step(), 1);
  assert.ok(Math.abs(raw.pairContacts[0]) > 0.5, 'the raw segments give a diagonal normal (the premise)');
  const w = new World();
  const c = w.addChain(pts);
  const d = w.add(diamond(5, -0.001, 0.5));
  assert.equal(w.step(), 1);
  assert.equal(w.beginCount, 1);
  assert.equal(w.pairBodies[0], c);
  assert.equal(w.pairPartCount, 2, 'both segments at the vertex touch');
  assert.equal(w.pairContacts[0], 0);
  assert.equal(w.pairContacts[1], 1);
  assert.ok(Math.abs(w.pairContacts[2] - 0.001) < 1e-12);
  // two-sided: from below, the normal points down
  w.setTransform(d, 0, -0.998);
  assert.equal(w.step(), 1);
  assert.equal(w.pairContacts[1], -1);
  w.setTransform(d, 0, 5);
  assert.equal(w.step(), 0);
  assert.equal(w.endCount, 1);
  raw.free();
  w.free();
});

test('addChain: a closed loop room is walked inside without catching, also across the closing vertex', () => {
  const w = new World();
  const room = [];
  for (let x = 10; x < 20; x++) room.push(P(x, 0));
  for (let y = 0; y < 10; y++) room.push(P(20, y));
  for (let x = 20; x > 0; x--) room.push(P(x, 10));
  for (let y = 10; y > 0; y--) room.push(P(0, y));
  for (let x = 0; x < 10; x++) room.push(P(x, 0));
  w.addChain(room, { loop: true });
  const box = c2.box(0, 0, 0.3, 0.4, 0);
  let pos = P(0.3, 0.4);
  for (let s = 0; s < 190; s++) {
    const m = w.moveAndSlide(box, pos, P(0.1, -0.01), { up: P(0, 1) });
    assert.equal(m.position.y, 0.4, `step ${s}`);
    assert.ok(Math.abs(m.position.x - pos.x - 0.1) < 1e-12, `step ${s}`);
    assert.equal(m.grounded, true);
    pos = m.position;
  }
  w.free();
});

test('addChain: 10,000 points added, queried and stepped', () => {
  const w = new World();
  const xy = new Float64Array(20000);
  for (let i = 0; i < 10000; i++) {
    xy[2 * i] = i * 0.5;
    xy[2 * i + 1] = Math.sin(i * 0.01);
  }
  const c = w.addChain(xy);
  assert.equal(w.partCount(c), 9999);
  const mid = P((xy[2 * 7777] + xy[2 * 7778]) / 2, (xy[2 * 7777 + 1] + xy[2 * 7778 + 1]) / 2);
  assert.equal(w.raycast({ origin: P(mid.x, 5), direction: P(0, -1) }), 1);
  assert.equal(w.rayHitParts[0], 7777);
  for (let i = 0; i < 200; i++) {
    const x = 10 + i * 24;
    w.add(c2.circle(0, 0, 0.3), P(x, Math.sin(x / 0.5 * 0.01) + (i % 2 === 0 ? 0.25 : 0.5)));
  }
  assert.equal(w.step(), 100);
  w.free();
});
