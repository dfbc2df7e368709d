#!/usr/bin/env bash
# `npm pack` / `npm publish` run this (the "prepack" script): it builds everything the tarball ships that is not in
# git, so that packing a clean clone gives a complete package: the WebAssembly module (web/pkg/collide2d.{mjs,wasm}
# and the base64 module of the inline entry) and the TypeScript output (web/lib/*.js, *.d.ts), all made by
# scripts/build-wasm.sh --module-only. A fresh clone has no node_modules (tsc) and maybe no Emscripten:
# scripts/setup.sh installs them first (npm ci from package-lock.json; Emscripten and CMake with apt).
# web/pack-test/ packs a fresh clone and checks the result.
set -euo pipefail
cd "$(dirname "$0")/.."
# The build log goes to stderr: stdout is npm's (`npm pack --json` prints its JSON there).
exec 1>&2
if [ ! -x node_modules/.bin/tsc ] || ! command -v emcmake >/dev/null 2>&1; then
  echo "prepack: installing what a fresh clone lacks (scripts/setup.sh wasm: npm ci, Emscripten)"
  bash scripts/setup.sh wasm
  if [ ! -x node_modules/.bin/tsc ]; then
    echo "prepack: node_modules/.bin/tsc is still missing: run 'npm ci' in $(pwd), then npm pack again" >&2
    exit 1
  fi
fi
bash scripts/build-wasm.sh --module-only
