#!/usr/bin/env bash
# `npm pack` / `npm publish` run this (the "prepack" script): it builds everything the tarball ships that is not in
# git, so that packing a clean clone gives a complete package: the WebAssembly module (web/pkg/collide2d.{mjs,wasm}
# and the base64 module of the inline entry; Emscripten is installed by scripts/setup.sh when missing) and the
# TypeScript output (web/lib/*.js, *.d.ts), all made by scripts/build-wasm.sh --module-only.
# web/pack-test/ packs a fresh clone and checks the result.
set -euo pipefail
cd "$(dirname "$0")/.."
# The build log goes to stderr: stdout is npm's (`npm pack --json` prints its JSON there).
exec 1>&2
bash scripts/build-wasm.sh --module-only
