// The C++ library as CMake users take it, each way configured, built and run (`npm test`; alone:
// `node --test tests/consumers/`). The source is a fresh clone of the commit under test (HEAD plus uncommitted changes
// to tracked files) in a temporary folder, as a user would get it:
//   1. find_package: the clone built on its own (tests off) and `cmake --install`ed into a temporary prefix; the
//      consumer finds it through CMAKE_PREFIX_PATH, and an incompatible version is refused;
//   2. add_subdirectory: the clone added as a subproject, configured with no build type and with GoogleTest,
//      nlohmann_json and Google Benchmark made unfindable (a subproject must need none of them);
//   3. FetchContent: the clone fetched by git (file://) at the commit under test.
// Each consumer is tests/consumers/main.cpp, whose printed answers are checked here. Release (or -O2) builds with
// every core: the library is compiled three times, a minute or two in all.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');
const JOBS = String(Number(process.env.JOBS) || cpus().length);
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

let tmp = '';
let src = ''; // the clone
let commit = ''; // the commit under test

function run(cmd, args, options = {}) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** Configures, builds and runs the consumer project `name` with the given -D definitions; returns its output. */
function buildConsumer(name, defs) {
  const build = join(tmp, `build-${name}`);
  run('cmake', ['-S', join(HERE, name), '-B', build, ...Object.entries(defs).map(([k, v]) => `-D${k}=${v}`)]);
  run('cmake', ['--build', build, '-j', JOBS]);
  return run(join(build, 'consumer'), []);
}

/** The consumer's output, checked against the answers plain geometry gives (see main.cpp). */
function checkOutput(out) {
  assert.deepEqual(out.trim().split('\n'), [
    'overlaps 1', // unit circles 1.5 apart
    'collide 1 normal 1 0 depth 0.5 point 0.5 0', // normal A -> B, depth 2 - 1.5, B's deepest point in A
    'pairs 1', // circles at 0, 1.5 and 5: only the first two touch
    'pair 10 11 depth 0.5',
  ]);
}

before(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'collide2d-consumers-')));
  // (an identity of its own: `stash create` makes a commit object, and a CI machine may have no git identity)
  const identity = ['-c', 'user.name=collide2d consumer test', '-c', 'user.email=consumer-test@localhost'];
  commit = run('git', [...identity, 'stash', 'create'], { cwd: ROOT }).trim() || run('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).trim();
  src = join(tmp, 'collide2d');
  run('git', ['clone', '--quiet', '--no-checkout', ROOT, src]);
  run('git', ['checkout', '--quiet', '-B', 'under-test', commit], { cwd: src }); // (a branch: reachable for FetchContent's clone)
});

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('find_package after cmake --install into a prefix: the installed package builds and runs a consumer', () => {
  const build = join(tmp, 'build-lib');
  const prefix = join(tmp, 'prefix');
  run('cmake', ['-S', src, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '-DCOLLIDE2D_BUILD_TESTS=OFF']);
  run('cmake', ['--build', build, '-j', JOBS]);
  run('cmake', ['--install', build, '--prefix', prefix]);
  const cmakeDir = join(prefix, 'lib/cmake/collide2d');
  assert.deepEqual(readdirSync(cmakeDir).filter((f) => !/^collide2dTargets-\w+\.cmake$/.test(f)).sort(),
    ['collide2dConfig.cmake', 'collide2dConfigVersion.cmake', 'collide2dTargets.cmake']);
  assert.deepEqual(readdirSync(join(prefix, 'include/collide2d')).sort(),
    readdirSync(join(src, 'cpp/include/collide2d')).filter((f) => f.endsWith('.h')).sort(), 'every public header');
  assert.ok(existsSync(join(prefix, 'lib/libcollide2d.a')));
  assert.ok(existsSync(join(prefix, 'share/doc/collide2d/LICENSE')));
  const [major, minor] = VERSION.split('.');
  checkOutput(buildConsumer('find_package', { CMAKE_BUILD_TYPE: 'Release', CMAKE_PREFIX_PATH: prefix, COLLIDE2D_WANT_VERSION: `${major}.${minor}` }));
  // The version file is the package.json version's: a newer minor (0.x: may break) is refused.
  assert.throws(
    () => run('cmake', ['-S', join(HERE, 'find_package'), '-B', join(tmp, 'build-wrong-version'), `-DCMAKE_PREFIX_PATH=${prefix}`,
      `-DCOLLIDE2D_WANT_VERSION=${major}.${Number(minor) + 1}`]),
    new RegExp(`collide2d[\\s\\S]*version: ${VERSION.replace(/\./g, '\\.')}`));
});

test('add_subdirectory with no build type and no test dependencies: only the library is built, the consumer runs', () => {
  const noTestDeps = Object.fromEntries(['GTest', 'nlohmann_json', 'benchmark'].map((p) => [`CMAKE_DISABLE_FIND_PACKAGE_${p}`, 'ON']));
  checkOutput(buildConsumer('add_subdirectory', { COLLIDE2D_DIR: src, CMAKE_CXX_FLAGS: '-O2', ...noTestDeps }));
});

test('FetchContent from the git repository at the commit under test: the consumer builds and runs', () => {
  const noTestDeps = Object.fromEntries(['GTest', 'nlohmann_json', 'benchmark'].map((p) => [`CMAKE_DISABLE_FIND_PACKAGE_${p}`, 'ON']));
  checkOutput(buildConsumer('fetchcontent', { CMAKE_BUILD_TYPE: 'Release', COLLIDE2D_GIT: `file://${src}`, COLLIDE2D_TAG: commit, ...noTestDeps }));
});
