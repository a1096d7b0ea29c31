#!/usr/bin/env bash
# Builds the wasm package and serves the preview page from www/ with
# scripts/serve.mjs (node:http; any static server that sends application/wasm
# for .wasm works too, e.g. python3 -m http.server --directory www).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8080}"
bash scripts/setup.sh
bash scripts/build-wasm.sh
exec node scripts/serve.mjs --port "$PORT" --dir www   # prints the URL once it listens
