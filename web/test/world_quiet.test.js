// Quiet steps through the JS API: when few bodies moved since the last step, world.quietStep is true and the answers
// are those of a full step. A twin World gets the same calls plus setFilter(first body, its own filter) before each
// step, which makes every one of its steps a full one; pairs (as sets), contacts bit for bit and events must agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { c2, World, rng } from './world_helpers.js';

function records(w) {
  const pairs = w.pairBodies;
  const contacts = w.pairContacts;
  const out = [];
  for (let p = 0; p < w.pairCount; p++) {
    out.push([pairs[2 * p], pairs[2 * p + 1], ...contacts.subarray(5 * p, 5 * p + 5)].join(' '));
  }
  return out.sort();
}

function events(view) {
  const out = [];
  for (let k = 0; k < view.length; k += 2) out.push(`${view[k]} ${view[k + 1]}`);
  return out.sort();
}

test('quiet steps: few moves keep the grid and the pairs; the answers are those of full steps', () => {
  const r = rng(29);
  const quiet = new World();
  const full = new World();
  const handles = [];
  try {
    for (let i = 0; i < 600; i++) {
      const shape = i % 3 === 0 ? c2.circle(0, 0, r.range(0.3, 1)) : i % 3 === 1 ? c2.box(0, 0, r.range(0.3, 1), 0.4)
        : c2.polygon([{ x: -0.6, y: -0.4 }, { x: 0.7, y: -0.5 }, { x: 0.2, y: 0.8 }]);
      const at = { x: r.range(0, 50), y: r.range(0, 50), angle: r.range(-3, 3) };
      const h = quiet.add(shape, at);
      assert.equal(full.add(shape, at), h);
      handles.push(h);
    }
    const floor = c2.aabb(-30, -0.5, 30, 0.5);
    const s = quiet.add(floor, { x: 25, y: 20 }, { static: true });
    assert.equal(full.add(floor, { x: 25, y: 20 }, { static: true }), s);
    let quietSteps = 0;
    for (let step = 0; step < 40; step++) {
      const moves = step % 10 === 5 ? handles.length : step % 10 === 7 ? 0 : 1 + r.int(40);
      for (let m = 0; m < moves; m++) {
        const h = m < 8 ? handles[m] : handles[r.int(handles.length)];
        const t = quiet.getTransform(h);
        const x = t.x + r.range(-0.6, 0.6), y = t.y + r.range(-0.6, 0.6), angle = t.angle + (r() < 0.3 ? 0.2 : 0);
        quiet.setTransform(h, x, y, angle);
        full.setTransform(h, x, y, angle);
      }
      full.setFilter(handles[599], full.getFilter(handles[599]));
      quiet.step();
      full.step();
      assert.equal(full.quietStep, false);
      quietSteps += quiet.quietStep ? 1 : 0;
      // A step after every body moved is a full one, and so is the next. The others follow a step with few moves: quiet
      // unless the bodies moved since the grid was built (some moved at each step) have passed 16 + 600 / 8.
      if (step === 0 || step % 10 === 5 || step % 10 === 6) assert.equal(quiet.quietStep, false, `step ${step}`);
      assert.deepEqual(records(quiet), records(full), `step ${step}`);
      assert.deepEqual(events(quiet.beginEvents), events(full.beginEvents), `step ${step}`);
      assert.deepEqual(events(quiet.endEvents), events(full.endEvents), `step ${step}`);
      // A query after the moves sees the moved bodies where they are now.
      const box = quiet.getBounds(handles[0]);
      quiet.queryAabb(box);
      full.queryAabb(box);
      assert.deepEqual([...quiet.queryResults], [...full.queryResults]);
      assert.ok([...quiet.queryResults].includes(handles[0]));
    }
    assert.ok(quietSteps >= 24, `${quietSteps} quiet steps of 31 that could be`);
  } finally {
    quiet.free();
    full.free();
  }
});
