#!/usr/bin/env bash
# Builds the WebAssembly module (web/pkg/collide2d.{mjs,wasm}) and, unless --module-only, the GoogleTest suite
# compiled to wasm, in build/wasm (emcmake, Release). Installs Emscripten through scripts/setup.sh when missing.
# Idempotent: configures once, then only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

target=()
for arg in "$@"; do
  case "$arg" in
    --module-only) target=(--target collide2d_wasm) ;;
    *) echo "build-wasm.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

command -v emcmake >/dev/null 2>&1 || bash scripts/setup.sh wasm
# Debian's Emscripten finds its node modules (acorn, ...) only through NODE_PATH, at configure AND build time.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
build=build/wasm
if [ ! -f "$build/CMakeCache.txt" ]; then
  # Node 20 rejects emcmake's default emulator flag; --no-experimental-fetch makes the 3.1.6 loader read files.
  emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=$(command -v node);--no-experimental-fetch" >/dev/null
fi
cmake --build "$build" -j"${JOBS:-2}" "${target[@]}"
