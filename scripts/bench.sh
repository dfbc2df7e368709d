#!/usr/bin/env bash
# Benchmarks. `npm run bench`: native micro benchmarks (core pair functions) and the World scene benchmark, then
# the JavaScript benchmarks in Node: bench/js/core.mjs (collide2d single and batch calls against sat, intersects
# and detect-collisions), bench/js/world.mjs (when present), bench/js/level.mjs (the level scene), bench/js/resting.mjs (bodies at
# rest: quiet steps against full ones and rapier), bench/js/mover.mjs (moveAndSlide against rapier's character controller) and
# bench/js/memory.mjs (the World's heap bytes per body in each contact mode).
# `npm run bench -- --js-only` skips the native part; other arguments go to the native benchmark binary.
set -euo pipefail
cd "$(dirname "$0")/.."

js_only=0
native_args=()
for arg in "$@"; do
  case "$arg" in
    --js-only) js_only=1 ;;
    *) native_args+=("$arg") ;;
  esac
done

bash scripts/setup.sh wasm  # compilers, Emscripten and the npm packages (the peers), when missing
if [ $js_only = 0 ]; then
  cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DCOLLIDE2D_BUILD_TESTS=OFF -DCOLLIDE2D_BUILD_BENCH=ON >/dev/null
  cmake --build build/bench -j"$(nproc)"
  build/bench/bench/collide2d_bench --benchmark_min_time=0.2 ${native_args[@]+"${native_args[@]}"}
fi

# The JS benchmarks run the wasm module of web/pkg: (re)build it first (a no-op when it is up to date).
bash scripts/build-wasm.sh --module-only
printf '\n==== bench/js/core.mjs ====\n'
node --expose-gc bench/js/core.mjs
printf '\n==== bench/js/queries.mjs ====\n'
node bench/js/queries.mjs
if [ -f bench/js/world.mjs ]; then
  printf '\n==== bench/js/world.mjs ====\n'
  node bench/js/world.mjs
fi
printf '\n==== bench/js/level.mjs ====\n'
node bench/js/level.mjs
printf '\n==== bench/js/resting.mjs ====\n'
node bench/js/resting.mjs
printf '\n==== bench/js/mover.mjs ====\n'
node bench/js/mover.mjs
printf '\n==== bench/js/memory.mjs ====\n'
node bench/js/memory.mjs
