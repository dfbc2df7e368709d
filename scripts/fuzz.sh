#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan + UBSan) in build/fuzz and runs each for SECONDS
# (default 600) from its seed corpus tests/fuzz/corpus/<name>/. The seeds in the repository are only read; what
# the fuzzer finds new goes to build/fuzz/work/<name>/, a crash to build/fuzz/crashes/<name>/ (the run then fails).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     npm run fuzz    (npm test runs every target for 20 s)
# Targets: core_fuzz (every public query), decompose_fuzz, world_fuzz, cast_fuzz (translation casts of sharp shapes,
# circles and capsules against an exact GMP rational reference: grazes, entry at 0, never passing through, the
# fraction's precision for sharp and round pairs).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
command -v clang++ >/dev/null 2>&1 || bash scripts/setup.sh fuzz
build=build/fuzz
if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=clang++ CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLLIDE2D_FUZZ=ON >/dev/null
fi
cmake --build "$build" -j"${JOBS:-$(nproc)}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in tests/fuzz/*_fuzz.cpp; do [ -e "$f" ] && targets+=("$(basename "$f" .cpp)"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no targets in tests/fuzz"; exit 0; }
status=0
for t in "${targets[@]}"; do
  name=${t%_fuzz}
  seeds=tests/fuzz/corpus/$name
  work=$build/work/$name
  crashes=$build/crashes/$name
  mkdir -p "$work" "$crashes" "$seeds"
  if [ ! -x "$build/tests/fuzz/$t" ]; then
    echo "fuzz: $t skipped (not built: see the configure messages, e.g. GMP missing for query_fuzz)"
    continue
  fi
  echo "fuzz: $t for ${seconds}s (seeds: $seeds)"
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/tests/fuzz/$t" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" \
      -rss_limit_mb=4096 -timeout=10 "$work" "$seeds" 2> "$build/$t.log"; then
    echo "fuzz: $t FAILED, the reproducer is in $crashes/; last lines of its log:"
    tail -n 40 "$build/$t.log"
    status=1
  else
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$build/$t.log" | sed "s/^/fuzz: $t /"
  fi
done
exit $status
