// Where the package's bytes go: the .wasm per function, per source file and per feature family, and the JavaScript a
// page loads per module. docs/size.md explains the figures and the families.
//
//   node scripts/size-report.mjs [--top=40] [--files] [--family=World] [--names=regex] [--build=build/wasm]
//
// Needs the wasm build (JOBS=2 bash scripts/build-wasm.sh --module-only). It links a measuring copy of the module
// with --profiling-funcs (the same objects and flags: the code is the shipped code, plus a name section) into
// build/wasm/size/, reads the functions' names and body sizes from that copy, and finds which object defined each function
// (emnm on the LTO bitcode objects). A function the optimiser inlined is counted in its caller.
//
// A family's wasm cost is marginal: the gzip -9 size of the shipped .wasm minus that of a copy whose functions of the
// family are replaced by `unreachable` (what the family adds to the compressed module, given everything else). The
// families' costs therefore do not sum exactly to the total. The JavaScript is the default entry bundled and minified
// by esbuild (as web/test/size.test.js measures it); a module's gzip share is its minified bytes times the bundle's
// gzip ratio.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const a = args.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  if (a === undefined) return fallback;
  return a.includes('=') ? a.slice(name.length + 3) : true;
};
const TOP = Number(opt('top', 40));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

// ---- 1. the measuring link ------------------------------------------------------------------------------------------
const buildDir = path.join(root, opt('build', 'build/wasm'));
const linkDir = path.join(buildDir, 'web/wasm');
const linkTxt = path.join(linkDir, 'CMakeFiles/collide2d_wasm.dir/link.txt');
if (!existsSync(linkTxt)) {
  console.error('size-report: no wasm build; run JOBS=2 bash scripts/build-wasm.sh --module-only first');
  process.exit(1);
}
const outDir = path.join(buildDir, 'size');
mkdirSync(outDir, { recursive: true });
const measured = path.join(outDir, 'collide2d.wasm');
const link = readFileSync(linkTxt, 'utf8').trim().replace(/ -o collide2d\.mjs /, ` --profiling-funcs -o ${outDir}/collide2d.mjs `);
const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
execFileSync('bash', ['-c', link], { cwd: linkDir, env, stdio: 'inherit' });

// ---- 2. the module's sections, functions and names ------------------------------------------------------------------
function readU32(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = buf[pos.at++];
    result += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return result;
    shift += 7;
  }
}
function u32(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
/** Sections of a module: id, name (custom sections), payload start and end. */
function sections(buf) {
  const list = [];
  const pos = { at: 8 };
  while (pos.at < buf.length) {
    const id = buf[pos.at++];
    const size = readU32(buf, pos);
    const start = pos.at;
    let name = '';
    if (id === 0) {
      const len = readU32(buf, pos);
      name = buf.subarray(pos.at, pos.at + len).toString('utf8');
    }
    list.push({ id, name, start, end: start + size, headerStart: start - 1 - u32(size).length });
    pos.at = start + size;
  }
  return list;
}
/** Skips an import's description; returns true when it imports a function. */
function skipImport(buf, pos) {
  for (let k = 0; k < 2; k++) {
    const len = readU32(buf, pos);
    pos.at += len;
  }
  const kind = buf[pos.at++];
  if (kind === 0) { readU32(buf, pos); return true; }
  if (kind === 1) { pos.at++; const f = buf[pos.at++]; readU32(buf, pos); if (f & 1) readU32(buf, pos); return false; }
  if (kind === 2) { const f = buf[pos.at++]; readU32(buf, pos); if (f & 1) readU32(buf, pos); return false; }
  if (kind === 3) { pos.at += 2; return false; }
  throw new Error(`unknown import kind ${kind}`);
}
function parse(buf) {
  const secs = sections(buf);
  let imported = 0;
  const imp = secs.find((s) => s.id === 2);
  if (imp) {
    const pos = { at: imp.start };
    const n = readU32(buf, pos);
    for (let i = 0; i < n; i++) if (skipImport(buf, pos)) imported++;
  }
  const code = secs.find((s) => s.id === 10);
  const pos = { at: code.start };
  const count = readU32(buf, pos);
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const size = readU32(buf, pos);
    bodies.push({ index: imported + i, start: pos.at, size });
    pos.at += size;
  }
  const names = new Map();
  const nameSec = secs.find((s) => s.id === 0 && s.name === 'name');
  if (nameSec) {
    const p = { at: nameSec.start };
    const nameLength = readU32(buf, p); // the section's own name, 'name'
    p.at += nameLength;
    while (p.at < nameSec.end) {
      const sub = buf[p.at++];
      const size = readU32(buf, p);
      const end = p.at + size;
      if (sub === 1) {
        const n = readU32(buf, p);
        for (let i = 0; i < n; i++) {
          const index = readU32(buf, p);
          const len = readU32(buf, p);
          names.set(index, buf.subarray(p.at, p.at + len).toString('utf8'));
          p.at += len;
        }
      }
      p.at = end;
    }
  }
  for (const b of bodies) b.name = names.get(b.index) ?? `func${b.index}`;
  return { secs, code, bodies };
}
/** The module with the given functions' bodies replaced by `unreachable` and without custom sections. */
function stubbed(buf, mod, stub) {
  const parts = [buf.subarray(0, 8)];
  for (const s of mod.secs) {
    if (s.id === 0) continue;
    if (s.id !== 10) { parts.push(buf.subarray(s.headerStart, s.end)); continue; }
    const payload = [Buffer.from(u32(mod.bodies.length))];
    for (const b of mod.bodies) {
      if (stub.has(b.index)) payload.push(Buffer.from([3, 0, 0x00, 0x0b])); // no locals; unreachable; end
      else payload.push(Buffer.from(u32(b.size)), buf.subarray(b.start, b.start + b.size));
    }
    const body = Buffer.concat(payload);
    parts.push(Buffer.from([10, ...u32(body.length)]), body);
  }
  return Buffer.concat(parts);
}

const buf = readFileSync(measured);
const mod = parse(buf);
const shipped = readFileSync(path.join(linkDir, 'collide2d.wasm'));
const bare = stubbed(buf, mod, new Set());
if (Math.abs(bare.length - shipped.length) > 64) {
  console.warn(`size-report: the measuring copy (${bare.length} B without names) differs from the module (${shipped.length} B)`);
}

// ---- 3. which object defined each function --------------------------------------------------------------------------
const objects = readFileSync(path.join(linkDir, 'CMakeFiles/collide2d_wasm.dir/objects1'), 'utf8').trim().split(/\s+/);
const archive = path.join(buildDir, 'cpp/libcollide2d.a');
const nm = (file) => execFileSync('emnm', ['--defined-only', file], { encoding: 'utf8', env, maxBuffer: 1 << 26 });
const defined = new Map(); // mangled -> { file, strong }
function addSymbols(text, fallbackFile) {
  let file = fallbackFile;
  for (const line of text.split('\n')) {
    const m = /^(\S+):$/.exec(line);
    if (m) { file = m[1]; continue; }
    const s = /^\S+ ([A-Za-z]) (\S+)$/.exec(line);
    if (!s) continue;
    const strong = s[1] === 'T' || s[1] === 't';
    const prev = defined.get(s[2]);
    if (!prev || (strong && !prev.strong)) defined.set(s[2], { file: path.basename(file).replace(/\.o$/, ''), strong });
  }
}
for (const o of objects) addSymbols(nm(path.join(linkDir, o)), o);
addSymbols(nm(archive), archive);
const mangled = [...defined.keys()];
const demangled = execFileSync('c++filt', { input: mangled.join('\n'), encoding: 'utf8', maxBuffer: 1 << 26 }).split('\n');
const fileOf = new Map();
mangled.forEach((m, i) => {
  const d = demangled[i];
  const info = defined.get(m);
  // Several objects may define one name (inline functions of a header): the strong definition wins.
  const prev = fileOf.get(d);
  if (!prev || (info.strong && !prev.strong)) fileOf.set(d, info);
});
const normal = (name) => name.replace(/std::__2::/g, 'std::').replace(/\s+/g, ' ');
const fileOfNormal = new Map([...fileOf].map(([k, v]) => [normal(k), v]));
const libc = /^(__|_|em|emscripten|std::|operator|abort|sbrk|malloc|free|memcpy|memset|memmove|strlen|strdup|sin|cos|hypot|scalbn|qsort|ilogb|sift|trinkle|cycle|shl|shr|pntz|wctomb|out|pad|pop_arg|getint|fmt_|printf|sprintf|vsn|sn_write|claim_more|attempt_allocate|legalstub|legalfunc|dynCall|stack|fabs|floor|ceil|sqrt|fmod|frexp|wcrtomb|dlmalloc|aligned_alloc|posix_memalign|memalign|calloc|realloc|strcmp|memcmp|strnlen|memchr|strchr|__sin|__cos|__rem_pio2|atan2|atan)/;
for (const b of mod.bodies) {
  const n = normal(b.name);
  let f = fileOfNormal.get(n);
  const via = /ViaAddress<&\(*(?:\(anonymous namespace\)::)?([\w:]+?)[(>]/.exec(n);
  if (!f && via) {
    // raw.h's viaAddress thunk of a binding function (instantiated in the binding's file; c++filt names it without
    // the function's parameters).
    const name = via[1].split('::').pop();
    f = fileOfNormal.get([...fileOfNormal.keys()].find((k) => k.includes('ViaAddress<') && k.includes(`${name}>::call`)) ?? '');
  }
  if (!f) {
    // A template's instance: a known instance of the same template (the same name before '<').
    const t = /(collide2d::[\w:]+)</.exec(n);
    const key = t && [...fileOfNormal.keys()].find((k) => k.includes(t[1] + '<'));
    if (key) f = fileOfNormal.get(key);
  }
  if (!f) {
    // Lambdas and visitors: the enclosing function's name, the longest prefix that names a known function.
    const m = /collide2d::[A-Za-z_:()0-9 ]*?[A-Za-z_0-9]+\(/.exec(n);
    if (m) f = fileOfNormal.get([...fileOfNormal.keys()].find((k) => k.startsWith(m[0])) ?? '');
  }
  b.file = f ? f.file : (n.startsWith('emscripten::') ? 'embind (bind.cpp and templates)'
    : libc.test(n) || /^[a-z_0-9]+$/.test(n) ? 'libc / runtime' : 'other (templates of several files)');
}

// ---- 4. the families ------------------------------------------------------------------------------------------------
// A family is a set of source files (a feature's core files and its binding file); embind's registrations and
// invokers and the C library are told by function name.
const embind = /^(__wasm_call_ctors$|emscripten::|__getTypeName$|__embind_|__wrap_|legalstub\$|dynCall)/;
const math = /^(sin|cos|__sin|__cos|__rem_pio2|__rem_pio2_large|hypot|scalbn|ilogb|floor|ceil|fmod|frexp|atan2?|sqrt)$/;
const malloc = /^(malloc|free|realloc|calloc|emmalloc_\w+|claim_more_memory|attempt_allocate|sbrk|aligned_alloc|memalign|posix_memalign|\w*_free_region\w*|\w*region\w*|\w*_bucket\w*|emscripten_builtin_\w+)$/;
const familyOf = (b) => {
  if (embind.test(b.name)) return 'embind: registrations, invokers';
  if (b.file.startsWith('libc')) {
    if (math.test(b.name)) return 'libc: sin, cos, hypot';
    if (malloc.test(b.name)) return 'libc: malloc (emmalloc)';
    return 'libc: memcpy, memset, qsort, the rest';
  }
  const f = b.file;
  if (/^(world.*|coherence|bindings_world.*)\.cpp$/.test(f)) return 'World';
  if (/^(sat|aabb_circle|shape_circle|capsule|circle_line|dispatch|shapes|predicates|contains|lines)\.cpp$/.test(f)) {
    return 'shapes and pair tests (overlaps, collide, contains, closest point, intersections)';
  }
  if (/^(distance|cast|manifold|containment|bindings_queries)\.cpp$/.test(f)) return 'queries: distance, cast, manifold, containsShape';
  if (/^(raycast|sweep)\.cpp$/.test(f)) return 'raycasts, sweep, moveAndSlide (one circle)';
  if (/^(decompose|bindings_decompose)\.cpp$/.test(f)) return 'decompose';
  if (/^bindings(_single|_batch)?\.cpp$/.test(f)) return 'bindings: single calls and batches';
  return 'other (templates of several files)';
};
for (const b of mod.bodies) b.family = familyOf(b);
const byFile = new Map();
for (const b of mod.bodies) {
  const e = byFile.get(b.file) ?? { bytes: 0, count: 0, ids: new Set() };
  e.bytes += b.size;
  e.count++;
  e.ids.add(b.index);
  byFile.set(b.file, e);
}
const total = gz(bare);
const codeBytes = mod.bodies.reduce((s, b) => s + b.size, 0);
const shippedGz = gz(shipped);
console.log(`wasm: ${shipped.length} B, gzip -9 ${shippedGz} B (the measuring copy without its names: ${total} B; its ` +
  `functions may be laid out differently); code ${codeBytes} B in ${mod.bodies.length} functions`);
const marginal = (ids) => total - gz(stubbed(buf, mod, ids));

console.log('\nper family (raw code bytes; gzip = what stubbing the family out saves from the gzip -9 .wasm):');
const familyNames = [...new Set(mod.bodies.map((b) => b.family))];
const familyRows = familyNames.map((name) => {
  const members = mod.bodies.filter((b) => b.family === name);
  return { name, bytes: members.reduce((t, b) => t + b.size, 0), gzip: marginal(new Set(members.map((b) => b.index))) };
}).sort((x, y) => y.gzip - x.gzip);
for (const r of familyRows) console.log(`  ${r.name.padEnd(84)} ${String(r.bytes).padStart(7)} B  gzip ${String(r.gzip).padStart(6)} B`);
console.log(`  (sum of the families ${familyRows.reduce((t, r) => t + r.gzip, 0)} B; the rest: the sections besides code, and what the families share)`);

if (opt('files', false)) {
  console.log('\nper source file (raw code bytes, functions, marginal gzip):');
  for (const [file, e] of [...byFile].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(`  ${file.padEnd(40)} ${String(e.bytes).padStart(7)} B ${String(e.count).padStart(4)} fns  gzip ${String(marginal(e.ids)).padStart(6)} B`);
  }
}
const names = opt('names', '');
if (names) {
  const re = new RegExp(names);
  const ids = new Set(mod.bodies.filter((b) => re.test(b.name)).map((b) => b.index));
  const bytes = mod.bodies.filter((b) => ids.has(b.index)).reduce((s, b) => s + b.size, 0);
  console.log(`\nfunctions matching /${names}/: ${ids.size}, ${bytes} B, gzip ${marginal(ids)} B`);
}
const fam = opt('family', '');
const shown = mod.bodies.filter((b) => !fam || b.family.startsWith(fam));
console.log(`\nlargest ${TOP} functions${fam ? ` of ${fam}` : ''} (raw bytes, source object):`);
for (const b of [...shown].sort((a, c) => c.size - a.size).slice(0, TOP)) {
  console.log(`  ${String(b.size).padStart(6)}  ${b.file.padEnd(24)} ${b.name.slice(0, 110)}`);
}

// ---- 5. the JavaScript ----------------------------------------------------------------------------------------------
const esbuild = await import('esbuild');
const result = await esbuild.build({
  entryPoints: [path.join(root, 'web/lib/index.js')], bundle: true, minify: true, format: 'esm', platform: 'browser',
  write: false, outdir: path.join(outDir, 'bundle'), loader: { '.wasm': 'file' }, logLevel: 'error', metafile: true,
});
const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
const jsGz = gz(js.contents);
const out = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
console.log(`\nJavaScript bundle: ${js.contents.length} B minified, gzip -9 ${jsGz} B; per module (minified, gzip share):`);
for (const [file, v] of Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
  if (v.bytesInOutput === 0) continue;
  const share = Math.round((jsGz * v.bytesInOutput) / js.contents.length);
  console.log(`  ${file.padEnd(40)} ${String(v.bytesInOutput).padStart(7)} B  ~${String(share).padStart(6)} B`);
}
console.log(`\nwhat a page loads: ${jsGz} + ${shippedGz} = ${jsGz + shippedGz} B gzip -9 (web/test/size.test.js)`);
