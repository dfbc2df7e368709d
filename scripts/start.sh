#!/usr/bin/env bash
# `npm start`: installs what a fresh clone lacks, builds the WebAssembly module when needed and the API reference,
# then serves the tutorial with Vite's dev server on http://127.0.0.1:${PORT:-5173}/ (the API reference at /api/index.html).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh wasm docs
bash scripts/build-wasm.sh --module-only
bash scripts/docs.sh
port="${PORT:-5173}"
echo
echo "collide2d tutorial: http://127.0.0.1:${port}/   API reference: http://127.0.0.1:${port}/api/index.html"
echo
exec node_modules/.bin/vite --config web/app/vite.config.ts --host 127.0.0.1 --port "$port" --strictPort
