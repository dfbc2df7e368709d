#!/usr/bin/env bash
# Every test of the project: `npm test` runs this. Sets up what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh all
jobs=$(nproc)

section() { printf '\n==== %s ====\n' "$*"; }

section "native release build + ctest"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j"$jobs"
ctest --test-dir build/release -j"$jobs" --output-on-failure

section "C++ consumers of a fresh clone: find_package after cmake --install, add_subdirectory, FetchContent"
JOBS="$jobs" node --test tests/consumers/

section "native ASan+UBSan build + ctest"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DCOLLIDE2D_SANITIZE=ON >/dev/null
cmake --build build/asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/asan -j"$jobs" --output-on-failure

section "fuzz targets (libFuzzer, ASan+UBSan), 20 s each from their seed corpus; npm run fuzz for long runs"
JOBS="$jobs" bash scripts/fuzz.sh 20

section "tutorial and API reference (TypeDoc, Doxygen: warnings fail): type check, static build, browser tests (Chromium)"
npm run --silent build
node --test --test-concurrency=1 web/e2e/

section "wasm build (module + GoogleTest suite in wasm) + ctest under node"
JOBS="$jobs" bash scripts/build-wasm.sh
ctest --test-dir build/wasm -j"$jobs" --output-on-failure

section "JavaScript package tests (node:test, public API over the wasm module)"
node --test web/test/*.test.js  # (shared.js is a helper, not a test file)

section "the docs: every example of README.md and docs/ runs and prints what it shows, links resolve; the API reference"
JOBS="$jobs" node --test tests/docs/

section "the packed package as a new user gets it: npm pack, install, Node, TypeScript, Vite build + dev (Chromium)"
node --test web/pack-test/
