#!/usr/bin/env bash
# Release wasm build for the page and the npm package: www/pkg/wallclock.js +
# wallclock_bg.wasm (--target web), shrunk with npm binaryen's wasm-opt unless
# NO_WASM_OPT=1, then raw/gzip/brotli sizes.
set -euo pipefail
cd "$(dirname "$0")/.."

# At opt-level "z" LLVM inlines next to nothing (threshold 5): every
# Vec::push and small accessor in the planner's and expander's loops stays a
# call. Threshold 45 runs expandInstants in 1.05-1.15x the instructions of
# 75 (callgrind) for 2.9 KB less of brotli; at 40, 1.2-1.4x (DESIGN.md,
# "Room for the iCalendar import and zone names"). opt-level "s" for the
# build, or 1, 2 or 3 for the crate, add 25-51 KiB. Passed here because
# profiles cannot carry rustflags on stable, and so the wasm test builds stay
# as they are.
cargo build --locked --profile wasm-release --target wasm32-unknown-unknown --features wasm --lib \
  --config 'target.wasm32-unknown-unknown.rustflags = ["-Cllvm-args=-inline-threshold=45"]'
raw=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/wallclock.wasm
rm -rf www/pkg/snippets
wasm-bindgen "$raw" --target web --out-dir www/pkg

# wasm-bindgen puts the JS snippets the bindings import in a folder named
# after a hash of the build (snippets/wallclock-<hash>/). Under a fixed name
# index.html can preload them without naming a build: the folder is renamed
# and the glue's imports follow.
hashed=(www/pkg/snippets/wallclock-*)
if [ -d "${hashed[0]}" ]; then
  [ "${#hashed[@]}" = 1 ] || { echo "build-wasm: more than one snippet folder: ${hashed[*]}" >&2; exit 1; }
  mv "${hashed[0]}" www/pkg/snippets/wallclock
  sed -i -E 's#\./snippets/wallclock-[0-9a-f]+/#./snippets/wallclock/#g' www/pkg/wallclock.js
  if grep -q 'snippets/wallclock-' www/pkg/wallclock.js; then
    echo "build-wasm: www/pkg/wallclock.js still imports a hashed snippet folder" >&2
    exit 1
  fi
fi

wasm=www/pkg/wallclock_bg.wasm
if [ "${NO_WASM_OPT:-0}" != 1 ]; then
  # Only the npm build: Debian's wasm-opt 108 corrupts wasm-bindgen's externref table.
  opt=www/node_modules/.bin/wasm-opt
  [ -x "$opt" ] || { echo "build-wasm: $opt missing: run scripts/setup.sh (or NO_WASM_OPT=1)" >&2; exit 1; }
  # --flatten --rereloop rebuilds the control flow of rustc's output (its
  # nested blocks and branch tables) into a form -Oz shrinks further, twice:
  # 0.9 KB of brotli, at the same speed (DESIGN.md, "What Chinese costs").
  # The producers and target_features sections are for tools, not browsers.
  "$opt" -Oz --flatten --rereloop -Oz --flatten --rereloop -Oz -Oz --converge \
    --strip-producers --strip-target-features "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
fi

# The glue as browsers download it: wasm-bindgen's JS and the snippets,
# minified by esbuild (www's devDependencies) like any production script,
# with the same exports and the same `new URL('wallclock_bg.wasm',
# import.meta.url)` that bundlers follow to the wasm file.
esbuild=www/node_modules/.bin/esbuild
[ -x "$esbuild" ] || { echo "build-wasm: $esbuild missing: run scripts/setup.sh" >&2; exit 1; }
for js in www/pkg/wallclock.js $(find www/pkg/snippets -name "*.js"); do
  "$esbuild" "$js" --minify --format=esm --log-level=warning --outfile="$js.min"
  mv "$js.min" "$js"
done

# index.html preloads every snippet module (wallclock.js imports them, so
# the browser would otherwise find them only after fetching and parsing it),
# and nothing else under pkg/snippets/: a missing link costs a round trip, a
# stale one is a 404 (and a console error) on the page.
for f in $(cd www && find pkg/snippets -name "*.js" 2>/dev/null); do
  grep -q "href=\"./$f\"" www/index.html || {
    echo "build-wasm: www/index.html has no <link rel=\"modulepreload\" href=\"./$f\">: add it" >&2
    exit 1
  }
done
for f in $(grep -o 'href="\./pkg/snippets/[^"]*"' www/index.html | sed -E 's#href="\./(.*)"#\1#'); do
  [ -f "www/$f" ] || { echo "build-wasm: www/index.html preloads ./$f, which the build does not make: remove that link" >&2; exit 1; }
done

# Sizes through node's zlib (gzip -9, brotli q11), so no extra package is needed.
node --input-type=module - "$raw" "$wasm" www/pkg/wallclock.js $(find www/pkg/snippets -name "*.js") <<'JS'
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
console.log(`${'artifact'.padEnd(52)}${'raw'.padStart(11)}${'gzip -9'.padStart(11)}${'brotli 11'.padStart(11)}`);
for (const file of process.argv.slice(2)) {
  const b = readFileSync(file);
  const gz = gzipSync(b, { level: 9 }).length;
  const br = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${file.padEnd(52)}${kb(b.length)}${kb(gz)}${kb(br)}`);
}
JS
