#!/usr/bin/env bash
# Idempotent machine setup for the wasm build and tests (TOOLING.md steps 1-4)
# and for the Python package's tests.
# Run from the repository root, as root on a fresh machine; every step is skipped when
# its result is already present, so a warm run takes about a second.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs a step and prints how long it took; returns the step's own status so that
# `step a || step b` falls back correctly under `set -e` (TOOLING pitfall 13).
step() {
  local name=$1 start status=0
  shift
  start=$EPOCHREALTIME
  "$@" || status=$?
  printf 'setup: %-28s %6.1f s%s\n' "$name" "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')" \
    "$([ "$status" -eq 0 ] || echo " (exit $status)")"
  return "$status"
}

apt_browser() {
  if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "chromium and chromedriver present"
    return 0
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
}

wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
}

# The CLI must match the wasm-bindgen library version exactly; read it from Cargo.lock.
WB=$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
bindgen_matches() { [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WB" ]; }
# `--locked` fails today because the CLI's lockfile pins a webpki-roots release the
# registry lacks (TOOLING pitfall 1); the unlocked fallback resolves a working set.
bindgen_locked() { cargo install wasm-bindgen-cli --version "$WB" --locked; }
bindgen_unlocked() { cargo install wasm-bindgen-cli --version "$WB"; }

# npm ci always wipes node_modules; skip it while the install is newer than the lockfile.
npm_tools() {
  if [ -x www/node_modules/.bin/wasm-opt ] && [ www/node_modules/.package-lock.json -nt www/package-lock.json ]; then
    echo "npm tools up to date"
    return 0
  fi
  npm ci --prefix www --no-audit --no-fund
}

# The Python package's tests (scripts/test-python.sh) make virtualenvs:
# Debian's python3 needs python3-venv (ensurepip) and pip for that.
python_venv() {
  if python3 -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    echo "python3 with venv present"
    return 0
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-pip
}

total_start=$(date +%s)
step "chromium + chromedriver" apt_browser
step "python3 + venv" python_venv
step "rust wasm32 target" wasm_target
if bindgen_matches; then
  echo "setup: wasm-bindgen-cli $WB present"
else
  step "wasm-bindgen-cli $WB --locked" bindgen_locked ||
    step "wasm-bindgen-cli $WB" bindgen_unlocked
fi
step "npm ci (www)" npm_tools
echo "setup: done in $(($(date +%s) - total_start)) s"
