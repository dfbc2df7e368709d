#!/usr/bin/env bash
# Installs whatever a fresh machine lacks: Debian packages (compilers' extras, Emscripten, Chromium) and npm packages.
# Idempotent and quick when everything is present. Usage: scripts/setup.sh [native|wasm|browser|fuzz|docs|all] ...
set -euo pipefail
cd "$(dirname "$0")/.."

want_native=0; want_wasm=0; want_browser=0; want_fuzz=0; want_docs=0
[ $# -eq 0 ] && set -- all
for w in "$@"; do
  case "$w" in
    native) want_native=1 ;;
    wasm) want_native=1; want_wasm=1 ;;
    browser) want_browser=1 ;;
    fuzz) want_native=1; want_fuzz=1 ;;
    docs) want_docs=1 ;;
    all) want_native=1; want_wasm=1; want_browser=1; want_fuzz=1; want_docs=1 ;;
    *) echo "setup.sh: unknown part '$w'" >&2; exit 2 ;;
  esac
done

pkgs=()
need() { dpkg -s "$1" >/dev/null 2>&1 || pkgs+=("$1"); }
if [ $want_native = 1 ]; then
  need cmake; need g++; need libgtest-dev; need libgmock-dev; need googletest; need libbenchmark-dev; need nlohmann-json3-dev; need libgmp-dev
fi
[ $want_wasm = 1 ] && need emscripten
[ $want_browser = 1 ] && need chromium
if [ $want_fuzz = 1 ]; then need clang; need libclang-rt-14-dev; fi
[ $want_docs = 1 ] && need doxygen  # the C++ API reference (scripts/docs.sh)
if [ ${#pkgs[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${pkgs[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi

# npm packages (exact versions from package-lock.json)
if [ -f package-lock.json ]; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
