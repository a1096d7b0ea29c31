#!/usr/bin/env bash
# End-to-end tests of the preview page in headless Chromium: builds the wasm
# package if www/pkg is missing, serves www/ on a free local port, runs every
# www/e2e/*.test.mjs and ends with "N passed, M failed" (exit 1 on failure).
# Screenshots go to tests/artifacts/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -f www/pkg/wallclock.js ] && [ -f www/pkg/wallclock_bg.wasm ] || bash scripts/build-wasm.sh
[ -d www/node_modules/playwright-core ] || npm ci --prefix www --no-audit --no-fund

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory www >/dev/null 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT

for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/" && break
  kill -0 "$SERVER" 2>/dev/null || { echo "test-e2e: the http server exited" >&2; exit 1; }
  sleep 0.1
done

mkdir -p tests/artifacts
PAGE_URL="http://127.0.0.1:$PORT/" node www/e2e/run.mjs "$@"
