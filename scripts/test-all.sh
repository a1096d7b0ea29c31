#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what it needs
# (wasm target, the pinned wasm-bindgen-cli, Chromium, npm tools), then runs
# formatting and lint checks, the native suites (core, CLI), the wasm suites
# in Node and in headless Chromium, the Node package tests, the package built
# into apps by Vite and webpack and loaded from a plain page, and the page's
# end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step setup
bash scripts/setup.sh

step "format and lints"
cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --all-targets --features native -- -D warnings
cargo clippy --locked --lib --tests --target wasm32-unknown-unknown --features wasm -- -D warnings

step "native tests (core, CLI, doc tests)"
cargo test --locked --features native

step "wasm and Node package tests"
bash scripts/test-wasm.sh

step "npm package under Vite, webpack and a plain module page"
SKIP_NPM_BUILD=1 bash scripts/test-bundlers.sh

step "preview page end-to-end tests"
bash scripts/test-e2e.sh

step "all tests passed"
