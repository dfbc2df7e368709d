#!/usr/bin/env bash
# Native micro benchmarks (core pair functions) and the World scene benchmark. `npm run bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh native
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DCOLLIDE2D_BUILD_TESTS=OFF -DCOLLIDE2D_BUILD_BENCH=ON >/dev/null
cmake --build build/bench -j"$(nproc)"
build/bench/bench/collide2d_bench --benchmark_min_time=0.2 "$@"
