#!/usr/bin/env bash
# The WebAssembly test suites (native tests run elsewhere):
#  (a) tests/*.rs for wasm32 in Node (wasm-bindgen-test-runner),
#  (b) the same again in headless Chromium through chromedriver,
#  (c) the release build packed as the npm package, installed into a scratch
#      project and exercised with `node --test tests/node/` as a user would.
# Never pass -q to the wasm cargo test: cargo forwards --quiet to the runner,
# which rejects it.
set -euo pipefail
cd "$(dirname "$0")/.."

t0=$EPOCHREALTIME
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }

export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}
export WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-120}
# The runner reads webdriver.json from its working directory (the package
# root under cargo test); point at it explicitly anyway.
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$PWD/webdriver.json"

echo "== (a) wasm tests in Node"
t=$EPOCHREALTIME
cargo test --locked --target wasm32-unknown-unknown --features wasm --tests
echo "== (a) done in $(elapsed "$t")"

echo "== (b) wasm tests in headless Chromium"
t=$EPOCHREALTIME
WASM_BINDGEN_USE_BROWSER=1 cargo test --locked --target wasm32-unknown-unknown --features wasm --tests
echo "== (b) done in $(elapsed "$t")"

echo "== (c0) TypeScript types (tsc --strict over tests/types/usage.ts)"
www/node_modules/.bin/tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler tests/types/usage.ts
echo "types: 1 passed, 0 failed"

echo "== (c) npm package in Node"
t=$EPOCHREALTIME
bash scripts/build-wasm.sh
SKIP_WASM_BUILD=1 bash scripts/build-npm.sh
scratch=target/npm-consumer
rm -rf "$scratch"
mkdir -p "$scratch"
printf '{ "name": "wallclock-consumer", "private": true, "type": "module" }\n' >"$scratch/package.json"
# The tests import this re-export, so `wallclock` resolves from the scratch
# project's node_modules through the package's `exports`, as for a user.
printf "export * from 'wallclock';\n" >"$scratch/index.js"
tgz=$(ls "$PWD"/target/npm/wallclock-*.tgz)
(cd "$scratch" && npm install --no-audit --no-fund --silent "$tgz")
WALLCLOCK_CONSUMER="$PWD/$scratch" node --test tests/node/
echo "== (c) done in $(elapsed "$t")"
echo "test-wasm: all suites passed in $(elapsed "$t0")"
