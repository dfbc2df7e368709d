// The default entry has no threads: World.maxThreadCount is 1, setThreadCount(1) is accepted and anything more is a
// RangeError that names collide2d/threads (the threaded entry: threads.test.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const c2 = await import('collide2d');

test('default entry: one thread; setThreadCount(2) is refused, naming collide2d/threads', async () => {
  assert.throws(() => c2.maxThreadCount(), { code: 'NotInitialized' });
  await c2.init();
  assert.equal(c2.maxThreadCount(), 1);
  const w = new c2.World();
  assert.equal(w.threadCount, 1);
  w.setThreadCount(1);
  assert.throws(() => w.setThreadCount(2), (e) => e instanceof RangeError && e.code === 'OutOfRange' &&
    /argument n must be in \[1, 1\] \(got 2\): this entry has no threads \(import 'collide2d\/threads'\)/.test(e.message));
  assert.equal(w.threadCount, 1);
  w.free();
});
