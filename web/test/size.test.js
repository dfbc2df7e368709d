// The package's size: what a page loads from the default entry — the entry bundled and minified by esbuild (the
// wrapper and Emscripten's glue, as a bundler ships them) plus the .wasm, each gzip -9 — within a budget that guards
// against growth. Measured this way (rather than as the sum of the files as tsc emits them, gzipped one by one) the
// figure does not depend on how the wrapper's source is split into modules. docs/size.md: each feature's cost, how to
// measure it (scripts/size-report.mjs), and the mechanisms that keep it down. 131,968 bytes now (bundle 19,881 + wasm
// 112,087: the World in parts, its sensors, angle checks, static partners and cheap moves added 5.0 KB to the 126,980
// of the size work; 135,415 when the wrapper was split by concern). The character controller (moveAndSlide's seam
// mechanism, options (autostep included), flags and its in-place result) added 7.5 KB: 139,616 (bundle
// 20,341 + wasm 119,275). The exact entry decisions of sharp casts (+1.8 KB), the queries' promises (exact
// circle-segment overlaps, GJK rescaling, manifold and transformed fixes: +1.9 KB), JS sensors (+0.1 KB) and the
// library's own trig (-0.2 KB, it replaces libc's): 143,235 (bundle 20,459 + wasm 122,776). Then: exact entry
// decisions for round shapes (+3.5 KB), the threads API in the default entry (+0.2 KB), World.castShape's speed
// (distance.cpp, cast.cpp and world/casts.cpp at -O3, the ordered candidate walk: +9.7 KB), chain bodies (+7.7 KB)
// and the pose forms of distance() and cast() (+1.0 KB): 165,808 (bundle 21,635 + wasm 144,173; see docs/size.md).
// Then the single calls' speed (the trusted pair paths of the wrapper and of the collide, overlaps, distance and cast
// bindings: +0.9 KB, 165,831 -> 166,732; bench/results/2026-11-29-single-calls-2.md), the level scene's World frame
// (the pair sort's span, finish's live blocks, compound pairs' certificates: +1.3 KB; bench/results/2026-11-29-level.md).
// Then quiet steps (the World's grid, pairs and results kept while few bodies move: +3.9 KB; 172,213 = bundle 21,979 +
// wasm 150,234; bench/results/2026-11-29-quiet-steps.md), and collideManifold's two fuzz fixes (+0.3 KB), the candidate emission shared by both collects (-0.1 KB): 172,445.
// The inline entry (the wasm embedded gzipped, in base64) is reported on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const BUDGET = 173000;
const file = (path) => fileURLToPath(new URL(path, import.meta.url));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** An entry bundled as a user's build would (ESM, browser, minified; a .wasm file referenced, not inlined). */
async function bundle(entry) {
  const result = await esbuild.build({
    entryPoints: [file(entry)], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false,
    outdir: file('../../build/size-test'), loader: { '.wasm': 'file' }, logLevel: 'error', metafile: true,
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const inputs = Object.keys(result.metafile.inputs);
  return { bytes: js.contents, inputs, text: js.text };
}

test(`the default entry as a page loads it (bundle + wasm, gzip -9) stays within ${BUDGET} bytes`, async (t) => {
  const { bytes, inputs, text } = await bundle('../lib/index.js');
  // The bundle holds the wrapper's modules and the glue; the wasm is a file beside it, found by its URL.
  for (const m of ['runtime.js', 'world.js', 'batch.js', 'collide2d.mjs']) {
    assert.ok(inputs.some((f) => f.endsWith(m)), `${m} not in the bundle: ${inputs}`);
  }
  assert.ok(text.includes('collide2d.wasm'));
  const js = gz(bytes);
  const wasm = gz(readFileSync(file('../pkg/collide2d.wasm')));
  t.diagnostic(`gzip -9: bundle ${js} B (${bytes.length} B minified) + wasm ${wasm} B = ${js + wasm} B`);
  assert.ok(js + wasm <= BUDGET, `bundle ${js} + wasm ${wasm} = ${js + wasm} bytes > ${BUDGET}`);
});

test('the inline entry: its size, reported (bundle with the gzipped wasm in base64, gzip -9)', async (t) => {
  const { bytes } = await bundle('../lib/inline.js');
  const js = gz(bytes);
  t.diagnostic(`inline entry, gzip -9: bundle ${js} B (${bytes.length} B minified)`);
  assert.ok(js > gz(readFileSync(file('../pkg/collide2d.wasm'))), 'the bundle does not hold the wasm');
});

test('collide2d/threads: its size, reported (bundle + wasm + worker script, gzip -9)', async (t) => {
  const { bytes, text } = await bundle('../lib/threads.js');
  assert.ok(text.includes('collide2d-threads.wasm') && text.includes('collide2d-threads.worker.js'));
  const js = gz(bytes);
  const wasm = gz(readFileSync(file('../pkg/collide2d-threads.wasm')));
  const worker = gz(readFileSync(file('../pkg/collide2d-threads.worker.js')));
  t.diagnostic(`collide2d/threads, gzip -9: bundle ${js} B + wasm ${wasm} B + worker ${worker} B = ${js + wasm + worker} B`);
  assert.ok(wasm > 0 && worker > 0);
});
