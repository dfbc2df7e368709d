// The typed example (typed-example.ts) compiles against web/lib/index.d.ts with `tsc --noEmit`: the declarations
// describe every export as the example uses it, and reject the misuses it pins with @ts-expect-error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

test('tsc --noEmit compiles the typed example', () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const project = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', project], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    output = `${e.stdout ?? ''}${e.stderr ?? ''}` || String(e);
  }
  assert.equal(output, '', output);
});
