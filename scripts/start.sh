#!/usr/bin/env bash
# `npm start`: installs what a fresh clone lacks, builds the WebAssembly module when needed, then serves the
# tutorial with Vite's dev server on http://127.0.0.1:${PORT:-5173}/ .
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh wasm
bash scripts/build-wasm.sh --module-only
port="${PORT:-5173}"
echo
echo "collide2d tutorial: http://127.0.0.1:${port}/"
echo
exec node_modules/.bin/vite --config web/app/vite.config.ts --host 127.0.0.1 --port "$port" --strictPort
