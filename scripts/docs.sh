#!/usr/bin/env bash
# `npm run docs`: the API reference, written to web/app/public/api/ (generated, not committed), which the tutorial's
# Vite setup serves at /api/ (`npm start`) and copies into web/dist/api/ (`npm run build`):
#   - TypeDoc (typedoc.json; the pinned devDependency) from the package's entry points, web/lib/src/index.ts and
#     inline.ts and threads.ts -> api/;
#   - Doxygen (docs/doxygen/Doxyfile; Debian's doxygen, installed by scripts/setup.sh docs) from cpp/include/collide2d -> api/cpp/.
# Any warning of either (a broken {@link} or \ref, a type the docs reference but the package does not export) fails
# the run. tests/docs/api.test.js checks the output's pages and links.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v doxygen >/dev/null 2>&1 || bash scripts/setup.sh docs
[ -x node_modules/.bin/typedoc ] || bash scripts/setup.sh docs  # (npm ci)
out=web/app/public/api
rm -rf "$out"
node_modules/.bin/typedoc --logLevel Warn
doxygen docs/doxygen/Doxyfile
# TypeDoc writes its navigation links as given on every page, at any depth: make them relative to each page.
node -e '
const fs = require("fs"), path = require("path");
const root = process.argv[1];
for (const rel of fs.readdirSync(root, { recursive: true })) {
  if (!rel.endsWith(".html") || rel.startsWith("cpp" + path.sep)) continue;
  const up = "../".repeat(rel.split(path.sep).length - 1);
  const file = path.join(root, rel);
  fs.writeFileSync(file, fs.readFileSync(file, "utf8")
    .replaceAll("COLLIDE2D_TUTORIAL_URL", up + "../index.html").replaceAll("COLLIDE2D_CPP_URL", up + "cpp/index.html"));
}' "$out"
echo "API reference: $out/index.html (TypeScript), $out/cpp/index.html (C++)"
