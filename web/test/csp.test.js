// What the default entry needs from a page's Content-Security-Policy (README, "Content-Security-Policy"): embind's
// invokers are built with `new Function`, so code generation from strings must be allowed ('unsafe-eval'). Node's
// --disallow-code-generation-from-strings is the same restriction as a CSP without 'unsafe-eval': under it, init()
// must fail with a clear EvalError (not later, with a wrong answer); without it, the same script works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = `import * as c2 from 'collide2d';
try {
  await c2.init();
  console.log('ok', c2.collide(c2.polygon([{x: 0, y: 0}, {x: 2, y: 0}, {x: 1, y: 2}]), c2.circle(1, 1, 0.5)) !== null);
} catch (e) {
  console.log('failed', e.name, e.code, e.message.startsWith('collide2d.init: could not load the WebAssembly module'));
}`;
const run = (flags) => spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
  cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8',
});

test('without code generation from strings (a CSP without unsafe-eval), init() fails with an EvalError', () => {
  const r = run(['--disallow-code-generation-from-strings']);
  assert.equal(r.stdout.trim(), 'failed EvalError LoadFailed true', r.stderr);
});

test('with it, the same script initialises and answers', () => {
  const r = run([]);
  assert.equal(r.stdout.trim(), 'ok true', r.stderr);
});
