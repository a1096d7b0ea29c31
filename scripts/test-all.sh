#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what it needs
# (wasm target, the pinned wasm-bindgen-cli, Chromium, npm tools, Debian's
# PostgreSQL server), then runs formatting and lint checks, a check that the
# fuzz targets (fuzz/) compile, the native suites
# (core, CLI), the ledger suites a second time against a throwaway PostgreSQL
# cluster (scripts/pg-cluster.sh, stopped on exit), the wasm suites
# in Node and in headless Chromium, the Node package tests, the package built
# into apps by Vite and webpack and loaded from a plain page, the page's
# end-to-end tests, and the Python package built by `pip install ./python`
# and driven by pytest, APScheduler 3 and 4 and Celery.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# The suites check English output unless a test chooses a language: the
# machine's locale (`LANG=zh_CN.UTF-8`) would otherwise choose it for the
# CLI and wallclock-check (README, "Languages").
export WALLCLOCK_LANG=en

step setup
bash scripts/setup.sh

step "format and lints"
cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
# The workspace: the PyO3 crate (python/) and the library's `python` feature.
cargo clippy --locked --workspace --all-targets -- -D warnings
cargo clippy --locked --all-targets --features native -- -D warnings
cargo clippy --locked --lib --tests --target wasm32-unknown-unknown --features wasm -- -D warnings

# Running the fuzz targets needs a nightly toolchain (scripts/fuzz.sh);
# CI stays on stable and checks that they compile against the library.
step "fuzz targets compile (run them with scripts/fuzz.sh on nightly)"
cargo check --locked --manifest-path fuzz/Cargo.toml --bins

step "PostgreSQL for the ledger suites"
bash scripts/pg-cluster.sh start
trap 'bash scripts/pg-cluster.sh stop' EXIT
eval "$(bash scripts/pg-cluster.sh env)"

step "native tests (core, CLI, doc tests; the ledger on SQLite, tests/ledger_pg.rs, tests/ledger_pg_resilience.rs)"
cargo test --locked --features native

# Every ledger suite again with each test on its own PostgreSQL database;
# tests named `sqlite_*` exercise what only a SQLite file has (WAL, its
# write lock, file permissions, a full disk).
step "ledger suites on PostgreSQL"
WALLCLOCK_TEST_STORE=postgres cargo test --locked --features native \
  --test ledger_change --test ledger_daemon --test ledger_edges --test ledger_faults --test ledger_ops \
  --test ledger_integrity --test ledger_plan --test ledger_process --test ledger_reasons --test ledger_resilience \
  -- --skip sqlite_ --test-threads 4

step "wasm and Node package tests"
bash scripts/test-wasm.sh

step "npm package under Vite, webpack and a plain module page"
SKIP_NPM_BUILD=1 bash scripts/test-bundlers.sh

step "preview page end-to-end tests"
bash scripts/test-e2e.sh

step "Python package (pip install ./python, pytest, mypy --strict, stubtest)"
bash scripts/test-python.sh

step "all tests passed"
