// World.moveAndSlide on rows of unit tiles through the public JS API (a few cases of tests/native/gauntlet_test.cpp):
// walking on a floor of aabb / box / polygon tiles resting exactly on it never stops nor lifts at a seam (the exact
// y kept), with gravity it never stalls, a wall of stacked tiles is slid down without catching; the options (skin,
// up and the flags, maxSlopeAngle, snapToGround, autostep) and their range errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as c2 from '../lib/index.js';

await c2.init();

const { World } = c2;
const P = (x, y) => ({ x, y });
const tile = {
  aabb: (x, y) => c2.aabb(x, y, x + 1, y + 1),
  box: (x, y) => c2.box(x + 0.5, y + 0.5, 0.5, 0.5, 0),
  polygon: (x, y) => c2.polygon([P(x, y), P(x + 1, y), P(x + 1, y + 1), P(x, y + 1)]),
};
const characters = {
  aabb: { shape: c2.aabb(-0.4, -0.45, 0.4, 0.45), hw: 0.4, hh: 0.45 },
  capsule: { shape: c2.capsule(0, -0.3, 0, 0.3, 0.35), hw: 0.35, hh: 0.65 },
  circle: { shape: c2.circle(0, 0, 0.4), hw: 0.4, hh: 0.4 },
};

// Tile kinds, and 'chain': one chain body through the tiles' top faces (an internal vertex at every seam).
const kinds = [...Object.keys(tile), 'chain'];

function floorWorld(kind) {
  const w = new World();
  if (kind === 'chain') {
    const pts = [];
    for (let x = -2; x <= 40; x++) pts.push(P(x, 0));
    w.addChain(pts);
    return w;
  }
  for (let x = -2; x < 40; x++) w.add(tile[kind](x, -1), undefined, { static: true });
  return w;
}

test('walking on a tile floor resting exactly on it: every step the whole way, y exactly kept', () => {
  for (const kind of kinds) {
    const w = floorWorld(kind);
    for (const [name, ch] of Object.entries(characters)) {
      for (const v of [1e-3, 0.1, 0.37, 2]) {
        let pos = P(10 - ch.hw - 1e-4, ch.hh);
        const steps = Math.min(300, Math.ceil(6 / v));
        for (let s = 0; s < steps; s++) {
          const m = w.moveAndSlide(ch.shape, pos, P(v, 0));
          assert.equal(m.position.x, pos.x + v, `${kind} ${name} v ${v} step ${s}`);
          assert.equal(m.position.y, ch.hh, `${kind} ${name} v ${v} step ${s}`);
          pos = m.position;
        }
      }
    }
    w.free();
  }
});

test('walking with gravity on a tile floor never stalls nor bobs; grounded with up', () => {
  for (const kind of kinds) {
    const w = floorWorld(kind);
    for (const [name, ch] of Object.entries(characters)) {
      let pos = P(10 - ch.hw - 3e-4, ch.hh + 1e-11);
      let landed;
      for (let s = 0; s < 120; s++) {
        const m = w.moveAndSlide(ch.shape, pos, P(0.1, -0.05), { up: P(0, 1) });
        const where = `${kind} ${name} step ${s}`;
        assert.ok(Math.abs(m.position.x - pos.x - 0.1) < 1e-9, where);
        assert.ok(m.position.y >= ch.hh && m.position.y < ch.hh + 1e-9, where);
        if (landed !== undefined) assert.equal(m.position.y, landed, where);
        if (m.hitCount > 0 || m.grounded) landed = m.position.y;
        assert.equal(m.grounded, true, where);
        assert.deepEqual(m.groundNormal, P(0, 1));
        pos = m.position;
      }
    }
    w.free();
  }
});

test('sliding down a wall of stacked tiles (or a chain wall) never catches; onWall when pushing into it', () => {
  for (const kind of ['tiles', 'chain']) {
    const w = new World();
    if (kind === 'chain') {
      const pts = [];
      for (let y = 0; y <= 40; y++) pts.push(P(1, y));
      w.addChain(pts);
    } else {
      for (let y = 0; y < 40; y++) w.add(c2.aabb(0, y, 1, y + 1), undefined, { static: true });
    }
    for (const [name, ch] of Object.entries(characters)) {
      let pos = P(1 + ch.hw, 30.3);
      for (let s = 0; s < 100; s++) {
        const m = w.moveAndSlide(ch.shape, pos, P(-0.02, -0.1), { up: P(0, 1) });
        // (x exactly kept by the capsule; a box pushed into the wall may be backed off a few 1e-14 by the mover's
        // overlap check, on tiles as on a chain: never into the wall, never stopped)
        if (name === 'capsule') assert.equal(m.position.x, pos.x, `${kind} ${name} step ${s}`);
        else assert.ok(m.position.x >= pos.x && m.position.x - pos.x < 1e-12, `${kind} ${name} step ${s}`);
        assert.equal(m.position.y, pos.y - 0.1, `${kind} ${name} step ${s}`);
        assert.equal(m.onWall, true);
        assert.equal(m.grounded, false);
        pos = m.position;
      }
    }
    w.free();
  }
});

test('options: skin, maxSlopeAngle, snapToGround', () => {
  const w = floorWorld('aabb');
  const box = characters.aabb.shape;
  // skin: lands skin above the floor
  let m = w.moveAndSlide(box, P(5, 2), P(0, -3), { skin: 0.01 });
  assert.ok(Math.abs(m.position.y - 0.46) < 1e-9, String(m.position.y));
  // a 60 degree ramp is not climbed with maxSlopeAngle 45 degrees, a 20 degree one is
  for (const [deg, climbs] of [[20, true], [60, false]]) {
    const r = new World();
    for (let x = -2; x < 20; x++) r.add(tile.aabb(x, -1), undefined, { static: true });
    const h = 4 * Math.tan(deg * Math.PI / 180);
    r.add(c2.polygon([P(5, 0), P(9, 0), P(9, h)]), undefined, { static: true });
    let pos = P(2, 0.45);
    let top = pos.y;
    for (let s = 0; s < 60; s++) {
      pos = r.moveAndSlide(box, pos, P(0.1, -0.05), { up: P(0, 1), maxSlopeAngle: Math.PI / 4 }).position;
      top = Math.max(top, pos.y);
    }
    assert.equal(top > 1.45, climbs, `${deg}: ${top}`);
    r.free();
  }
  // snapToGround: off a step 0.25 lower, it snaps down onto it
  const s = new World();
  s.add(c2.aabb(0, -1, 1, 0), undefined, { static: true });
  s.add(c2.aabb(1, -1, 3, -0.25), undefined, { static: true });
  m = s.moveAndSlide(box, P(0.8, 0.45), P(0.7, 0), { up: P(0, 1), snapToGround: 0.3 });
  assert.equal(m.grounded, true);
  assert.ok(Math.abs(m.position.y - 0.2) < 1e-9, String(m.position.y));
  m = s.moveAndSlide(box, P(0.8, 0.45), P(0.7, 0), { up: P(0, 1) });
  assert.equal(m.grounded, false);
  assert.equal(m.position.y, 0.45);
  s.free();
  w.free();
});

test('autostep climbs a step up to maxHeight, not a higher one', () => {
  const box = characters.aabb.shape;
  for (const [rise, climbs] of [[0.2, true], [0.3, false]]) {
    const w = floorWorld('aabb');
    w.add(c2.aabb(5, -1, 20, rise), undefined, { static: true });
    let pos = P(3, 0.45);
    for (let s = 0; s < 40; s++) {
      pos = w.moveAndSlide(box, pos, P(0.1, -0.05), { up: P(0, 1), autostep: { maxHeight: 0.25, minWidth: 0.3 } }).position;
    }
    assert.equal(pos.y > 0.45 + rise - 1e-9, climbs, `${rise}: ${pos.y}`);
    assert.equal(pos.x > 5, climbs, `${rise}: ${pos.x}`);
    w.free();
  }
});

test('out: the result filled in place (the same object, the same figures as a fresh result)', () => {
  const w = floorWorld('aabb');
  const box = characters.aabb.shape;
  const o = { up: P(0, 1) };
  const out = w.moveAndSlide(box, P(3, 0.45), P(0.1, -0.05), o);
  const position = out.position;
  const again = w.moveAndSlide(box, P(5, 2), P(0.1, -0.05), o, undefined, out);
  assert.equal(again, out);
  assert.equal(out.position, position);
  assert.deepEqual(out, w.moveAndSlide(box, P(5, 2), P(0.1, -0.05), o));
  assert.equal(out.grounded, false);
  w.moveAndSlide(box, P(3, 0.45), P(0.1, -0.05), o, undefined, out);
  assert.equal(out.grounded, true);
  assert.deepEqual(out.groundNormal, P(0, 1));
  w.free();
});

test('options out of range name the argument (no clamp)', () => {
  const w = floorWorld('aabb');
  const c = characters.circle.shape;
  for (const bad of [0, 9, -1]) {
    assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), bad), /argument maxIterations must be an integer in \[1, 8\]/);
    assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { maxIterations: bad }), /argument options\.maxIterations/);
  }
  assert.equal(w.moveAndSlide(c, P(1, 2), P(1, 0), 8).position.x, 2);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { skin: -1 }), /argument options\.skin/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { skin: NaN }), /argument options\.skin/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { up: P(0, 2) }), /argument options\.up/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { up: P(0, 1), maxSlopeAngle: 2 }), /argument options\.maxSlopeAngle/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { maxSlopeAngle: 0.5 }), /argument options\.up/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { up: P(0, 1), snapToGround: -1 }), /argument options\.snapToGround/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { jump: 1 }), /unknown key/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { up: P(0, 1), autostep: { maxHeight: -1 } }),
    /argument options\.autostep\.maxHeight/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { up: P(0, 1), autostep: { maxHeight: 1, minWidth: -1 } }),
    /argument options\.autostep\.minWidth/);
  assert.throws(() => w.moveAndSlide(c, P(1, 2), P(1, 0), { autostep: { maxHeight: 1 } }), /argument options\.up/);
  w.free();
});
