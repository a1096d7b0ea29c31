#!/usr/bin/env bash
# Assembles the npm package `wallclock` in target/npm/wallclock/ from the
# release wasm build (www/pkg, made by build-wasm.sh) and the npm/ template,
# then packs it into target/npm/wallclock-<version>.tgz.
# Set SKIP_WASM_BUILD=1 to reuse an existing www/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${SKIP_WASM_BUILD:-0}" != 1 ] || [ ! -f www/pkg/wallclock_bg.wasm ]; then
  bash scripts/build-wasm.sh
fi

out=target/npm/wallclock
rm -rf "$out"
mkdir -p "$out/bin"
cp www/pkg/wallclock.js www/pkg/wallclock_bg.wasm "$out/"
# The JS the bindings import (`#[wasm_bindgen(module = ...)]`), which
# wallclock.js loads from ./snippets/.
cp -r www/pkg/snippets "$out/"
cp npm/node.js npm/browser.js npm/index.d.ts npm/README.md "$out/"
cp npm/bin/wallclock-check.mjs "$out/bin/"
chmod +x "$out/bin/wallclock-check.mjs"

# The package version follows the crate's.
version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
node --input-type=module - npm/package.json "$out/package.json" "$version" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const [src, dst, version] = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(src, 'utf8'));
pkg.version = version;
writeFileSync(dst, JSON.stringify(pkg, null, 2) + '\n');
JS

rm -f target/npm/wallclock-*.tgz
(cd target/npm && npm pack ./wallclock --silent >/dev/null)
ls -l target/npm/wallclock-"$version".tgz
