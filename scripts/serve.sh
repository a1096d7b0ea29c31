#!/usr/bin/env bash
# Builds the wasm package and serves the preview page from www/.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8080}"
bash scripts/setup.sh
bash scripts/build-wasm.sh
echo "wallclock preview: http://127.0.0.1:${PORT}/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory www
