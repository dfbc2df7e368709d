// The documentation as users read it (`npm test`; alone: `node --test tests/docs/`, after the wasm module and the
// native library are built): every example runs as written, and every link resolves.
//   - Every ```js block of README.md and docs/*.md is a complete ES module: run in Node against this package (it
//     imports 'collide2d', which resolves to the repository itself through package.json "exports"), and
//     type-checked with tsc --strict --checkJs against the package's declarations. Every ```cpp block is a complete
//     program: compiled against cpp/include and the native library (build/release), and run.
//   - What an example prints is written under it: each `// → text` comment is one printed line, in order (console.log
//     prints on one line here). Text must match exactly and numbers to 1e-9 relative, so `0.4` in the docs stands for
//     the 0.39999999999999997 a computation may print.
//   - The README is for the npm page too: at most 300 lines, no issue numbers, and only absolute links and images (npm
//     does not resolve relative ones); links into this repository's GitHub pages must name files that exist here, and
//     #anchors headings that exist. Links between docs/ pages must resolve likewise.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'build/docs-examples'); // inside the repository: 'collide2d' resolves to it by self-reference
const REPO_URL = 'https://github.com/collide2d/collide2d';
const RAW_URL = 'https://raw.githubusercontent.com/collide2d/collide2d/main/';
const JOBS = String(Number(process.env.JOBS) || cpus().length);

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Fenced code blocks of a markdown text: { lang, code, line } (line: 1-based, of the opening fence). */
export function codeBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S*)/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !lines[i].startsWith(open[1]); i++) body.push(lines[i]);
    blocks.push({ lang: open[2], code: body.join('\n') + '\n', line: start + 1 });
  }
  return blocks;
}

/** The `// → text` comments of an example, in order: the lines it must print. */
function expectedOutput(code) {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1].trim());
}

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** One printed line against its `// →` text: the text around the numbers equal, the numbers within 1e-9 relative. */
function sameLine(actual, expected) {
  const words = (s) => s.replace(NUMBER, '#').replace(/\s+/g, ' ').trim();
  if (words(actual) !== words(expected)) return false;
  const a = (actual.match(NUMBER) ?? []).map(Number);
  const e = (expected.match(NUMBER) ?? []).map(Number);
  return a.length === e.length && a.every((x, k) => Math.abs(x - e[k]) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(e[k])));
}

function checkOutput(where, printed, code) {
  const expected = expectedOutput(code);
  const got = printed === '' ? [] : printed.replace(/\n$/, '').split('\n');
  assert.equal(got.length, expected.length, `${where}: printed ${got.length} line(s), the docs show ${expected.length}:\n${printed}`);
  got.forEach((line, k) => assert.ok(sameLine(line, expected[k]), `${where}, printed line ${k + 1}:\n  got:      ${line}\n  the docs: ${expected[k]}`));
}

/** Every example of every page, with a file name of its own. */
const examples = PAGES.flatMap((page) => codeBlocks(readFileSync(join(ROOT, page), 'utf8'))
  .filter((b) => b.lang === 'js' || b.lang === 'cpp')
  .map((b) => ({ ...b, page, name: `${page.replace(/\W+/g, '_')}_line${b.line}` })));
const jsExamples = examples.filter((e) => e.lang === 'js');
const cppExamples = examples.filter((e) => e.lang === 'cpp');

function run(cmd, args, options = {}) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...options });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${e.status}):\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

before(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // console.log prints each value on one line, in full.
  writeFileSync(join(OUT, 'one-line.mjs'), "import { inspect } from 'node:util';\nObject.assign(inspect.defaultOptions, { breakLength: Infinity, depth: null, maxArrayLength: null });\n");
  for (const e of jsExamples) writeFileSync(join(OUT, `${e.name}.mjs`), e.code);
  for (const e of cppExamples) writeFileSync(join(OUT, `${e.name}.cpp`), e.code);
});

test('the pages have examples to run', () => {
  assert.ok(jsExamples.some((e) => e.page === 'README.md'), 'a JavaScript example in the README');
  assert.ok(cppExamples.some((e) => e.page === 'README.md'), 'a C++ example in the README');
  for (const e of examples) assert.ok(expectedOutput(e.code).length > 0 || /\/\/ prints nothing/.test(e.code), `${e.page}:${e.line} shows what it prints`);
});

for (const e of jsExamples) {
  test(`${e.page}:${e.line} (JavaScript) runs as written and prints what the docs show`, () => {
    const printed = run(process.execPath, ['--import', join(OUT, 'one-line.mjs'), join(OUT, `${e.name}.mjs`)]);
    checkOutput(`${e.page}:${e.line}`, printed, e.code);
  });
}

test('the JavaScript examples type-check (tsc --strict --checkJs against the package declarations)', () => {
  writeFileSync(join(OUT, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [],
      allowJs: true, checkJs: true, strict: true, noEmit: true, skipLibCheck: false,
    },
    include: jsExamples.map((e) => `${e.name}.mjs`),
  }, null, 2));
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(OUT, 'tsconfig.json')]);
});

/** The native library the C++ examples link: build/release's (configured and built here when missing). */
function nativeLibrary() {
  const build = join(ROOT, 'build/release');
  if (!existsSync(join(build, 'CMakeCache.txt'))) run('cmake', ['-S', ROOT, '-B', build, '-DCMAKE_BUILD_TYPE=Release']);
  run('cmake', ['--build', build, '--target', 'collide2d', '-j', JOBS]);
  return join(build, 'cpp/libcollide2d.a');
}

for (const e of cppExamples) {
  test(`${e.page}:${e.line} (C++) compiles, runs as written and prints what the docs show`, () => {
    const exe = join(OUT, e.name);
    run('c++', ['-std=c++20', '-O1', '-ffp-contract=off', '-Wall', '-Wextra', '-Werror', '-I', join(ROOT, 'cpp/include'),
      join(OUT, `${e.name}.cpp`), nativeLibrary(), '-o', exe]);
    checkOutput(`${e.page}:${e.line}`, run(exe, []), e.code);
  });
}

// ---- links ---------------------------------------------------------------------------------------------------------

/** GitHub's anchor of a heading. */
function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(text) {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6}\s+(.*)$/gm)].map((m) => slug(m[1].replace(/`/g, ''))));
}

/** Links and images of a markdown text (inline `[..](target)`, `<img src>`), outside code. */
function links(text) {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [
    ...[...outsideCode.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ image: m[1] === '!', target: m[2] })),
    ...[...outsideCode.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => ({ image: true, target: m[1] })),
  ];
}

/** A link into this repository's GitHub pages -> { path, anchor } in the working tree, or null for other URLs. */
function repositoryPath(target) {
  const [url, anchor = ''] = target.split('#');
  for (const prefix of [`${REPO_URL}/blob/main/`, `${REPO_URL}/tree/main/`, RAW_URL]) {
    if (url.startsWith(prefix)) return { path: decodeURIComponent(url.slice(prefix.length)), anchor };
  }
  if (url === REPO_URL || url === `${REPO_URL}/`) return { path: 'README.md', anchor };
  return null;
}

function checkTarget(page, path, anchor) {
  assert.ok(existsSync(join(ROOT, path)), `${page}: the link to ${path} names no file of the repository`);
  if (anchor && path.endsWith('.md')) {
    assert.ok(anchors(readFileSync(join(ROOT, path), 'utf8')).has(anchor), `${page}: no heading #${anchor} in ${path}`);
  }
}

test('README: for users, at most 300 lines, no issue numbers, only absolute links that resolve', () => {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const lines = text.split('\n').length;
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
  assert.doesNotMatch(text, /\bissues? #?\d+/i, 'no issue numbers in the README');
  const found = links(text);
  assert.ok(found.length > 5);
  for (const { image, target } of found) {
    if (target.startsWith('#')) {
      assert.ok(anchors(text).has(target.slice(1)), `README.md: no heading for ${target}`);
      continue;
    }
    assert.match(target, /^(https:\/\/|mailto:)/, `README.md: ${image ? 'image' : 'link'} ${target} is not absolute (npm's page cannot resolve it)`);
    if (image) assert.ok(target.startsWith(RAW_URL), `README.md: image ${target} is not served raw from the repository`);
    const inRepo = repositoryPath(target);
    if (inRepo) checkTarget('README.md', inRepo.path, inRepo.anchor);
  }
});

test('docs/*.md: every link into the repository resolves (files and #anchors)', () => {
  for (const page of PAGES.filter((p) => p !== 'README.md')) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const { target } of links(text)) {
      if (/^(https?:|mailto:)/.test(target)) {
        const inRepo = repositoryPath(target);
        if (inRepo) checkTarget(page, inRepo.path, inRepo.anchor);
        continue;
      }
      const [path, anchor = ''] = target.split('#');
      if (path === '') {
        assert.ok(anchors(text).has(anchor), `${page}: no heading for #${anchor}`);
        continue;
      }
      checkTarget(page, relative(ROOT, resolve(ROOT, dirname(page), path)), anchor);
    }
  }
});
