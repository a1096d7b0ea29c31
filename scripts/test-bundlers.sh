#!/usr/bin/env bash
# The npm package under the tools UIs are built with: tests/bundlers/{vite,
# webpack,plain}, each installed from its lockfile plus the packed tarball,
# built (and the vite app also served by Vite's dev server), loaded in
# headless Chromium; each page's expansion must be byte for byte what
# `wallclock expand` prints. One line per app, then "N passed, M failed"
# (exit 1 on any failure).
#   bash scripts/test-bundlers.sh [vite|vite-dev|webpack|plain …]
# Packs the tarball first (scripts/build-npm.sh) unless SKIP_NPM_BUILD=1 and
# target/npm/wallclock-<version>.tgz exists (scripts/test-all.sh: test-wasm.sh
# has just packed it). The CLI is target/debug/wallclock, brought up to date.
set -euo pipefail
cd "$(dirname "$0")/.."

t0=$EPOCHREALTIME
[ -d www/node_modules/playwright-core ] || npm ci --prefix www --no-audit --no-fund

version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
tgz=$PWD/target/npm/wallclock-$version.tgz
if [ "${SKIP_NPM_BUILD:-0}" != 1 ] || [ ! -f "$tgz" ]; then
  bash scripts/build-npm.sh
fi

cargo build --locked --features native --bin wallclock --quiet

node tests/bundlers/run.mjs "$tgz" "$PWD/target/debug/wallclock" "$@"
awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "test-bundlers: done in %.1f s\n", b - a }'
