#!/usr/bin/env bash
# ThreadSanitizer run of the World's threads (World::setThreadCount): the library and tests/native/world_threads_test.cpp
# compiled by clang with -fsanitize=thread into build/tsan (a separate folder; about a minute to build on 2 cores, a
# minute to run), then run. Any data race the sanitizer reports fails the run (halt_on_error).
set -euo pipefail
cd "$(dirname "$0")/.."
CXX=${CXX:-$(command -v clang++ || command -v clang++-14)}
flags=(-std=c++20 -O1 -g -fsanitize=thread -ffp-contract=off -Icpp/include -Icpp/src)
mkdir -p build/tsan
objs=()
for f in cpp/src/*.cpp cpp/src/world/*.cpp cpp/src/trig/*.cpp; do
  o=build/tsan/$(echo "$f" | tr / _).o
  if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ -n "$(find cpp/include cpp/src -name '*.h' -newer "$o" -print -quit)" ]; then
    "$CXX" "${flags[@]}" -c "$f" -o "$o"
  fi
  objs+=("$o")
done
"$CXX" "${flags[@]}" -Itests/native -DCOLLIDE2D_TESTS_DIR="\"$PWD/tests\"" -DCOLLIDE2D_CASES_DIR="\"$PWD/tests/cases\"" \
  tests/native/world_threads_test.cpp "${objs[@]}" -o build/tsan/world_threads_tsan -lgtest -lgtest_main -lpthread
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" build/tsan/world_threads_tsan
