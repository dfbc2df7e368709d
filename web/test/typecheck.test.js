// The typed example (typed-example.ts) and the type-level tests (type-tests.ts) compile against web/lib/index.d.ts
// with `tsc --noEmit`: the declarations describe every export as the example uses it, and reject the misuses pinned
// with @ts-expect-error; using-example.ts compiles with the esnext.disposable lib (tsconfig.esnext.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

for (const config of ['tsconfig.json', 'tsconfig.esnext.json']) test(`tsc --noEmit -p ${config}`, () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const project = fileURLToPath(new URL(`./${config}`, import.meta.url));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', project], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    output = `${e.stdout ?? ''}${e.stderr ?? ''}` || String(e);
  }
  assert.equal(output, '', output);
});
