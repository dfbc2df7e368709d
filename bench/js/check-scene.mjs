// Checks that bench/js/scene.mjs is bit-identical with bench/scene.h: compiles bench/js/scene_print.cpp (c++ -O2,
// into build/scene-check/) when needed, runs it and the JS port for a few (N, frames, seed) and compares the
// printouts (a hash of every double's bit pattern plus the first bodies' bits) after 0 and after `frames` frames.
// Usage: node bench/js/check-scene.mjs   (exit code 1 on a mismatch)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { advance, bits, makeScene, sceneHash } from './scene.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = join(root, 'bench', 'js', 'scene_print.cpp');
const outDir = join(root, 'build', 'scene-check');
const exe = join(outDir, 'scene_print');
const header = join(root, 'bench', 'scene.h');
const stale = !existsSync(exe) || statSync(exe).mtimeMs < Math.max(statSync(src).mtimeMs, statSync(header).mtimeMs);
if (stale) {
  mkdirSync(outDir, { recursive: true });
  execFileSync(process.env.CXX ?? 'c++', ['-O2', '-std=c++20', '-o', exe, src], { stdio: 'inherit' });
}

function jsPrint(n, frames, seed) {
  const s = makeScene(n, seed);
  const lines = [`n ${n} side ${bits(s.side)}`];
  const print = (frame) => {
    lines.push(`frame ${frame} hash ${sceneHash(s).toString(16).padStart(8, '0')}`);
    for (let i = 0; i < s.bodies.length && i < 8; ++i) {
      const b = s.bodies[i];
      let line = `body ${i} kind ${b.kind} x ${bits(b.x)} y ${bits(b.y)} angle ${bits(b.angle)} a ${bits(b.a)} ` +
        `b ${bits(b.b)} points ${b.points.length}`;
      if (b.points.length) line += ` p0 ${bits(b.points[0])} ${bits(b.points[1])}`;
      lines.push(line);
    }
  };
  print(0);
  for (let f = 0; f < frames; ++f) advance(s);
  print(frames);
  return lines.join('\n') + '\n';
}

let failed = 0;
for (const [n, frames, seed] of [[1000, 500, 12345], [10000, 300, 12345], [50000, 100, 12345], [4001, 2000, 7]]) {
  const native = execFileSync(exe, [String(n), String(frames), String(seed)], { encoding: 'utf8' });
  const js = jsPrint(n, frames, seed);
  const ok = native === js;
  if (!ok) failed++;
  const hash = (t) => t.split('\n').filter((l) => l.startsWith('frame')).map((l) => l.split(' ').pop()).join(' -> ');
  console.log(`${ok ? 'ok  ' : 'FAIL'} n=${n} frames=${frames} seed=${seed} hash ${hash(js)}${ok ? '' : ` (native ${hash(native)})`}`);
  if (!ok) {
    const a = native.split('\n'), b = js.split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    console.log(`  first difference:\n  native ${a[i]}\n  js     ${b[i]}`);
  }
}
process.exit(failed ? 1 : 0);
