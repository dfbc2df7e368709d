// The package's size budget (issue 3): the .wasm plus its JS glue within 60 KB gzip (level 9), measured on the
// files that ship. The wrapper (web/lib/index.js) is reported alongside.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const gz = (path) => gzipSync(readFileSync(fileURLToPath(new URL(path, import.meta.url))), { level: 9 }).length;

test('.wasm + glue stay within 60 KB gzip', (t) => {
  const wasm = gz('../pkg/collide2d.wasm');
  const glue = gz('../pkg/collide2d.mjs');
  const wrapper = gz('../lib/index.js');
  t.diagnostic(`gzip -9: wasm ${wasm} B + glue ${glue} B = ${wasm + glue} B; wrapper ${wrapper} B`);
  assert.ok(wasm + glue <= 60000, `wasm ${wasm} + glue ${glue} = ${wasm + glue} bytes > 60,000`);
});
