// Size budget of what a browser downloads: the wasm, the wasm-bindgen glue
// and the snippets it imports, compressed as a server sends them. Both
// encodings are held: gzip -9 <= 245 KB and brotli 11 <= 200 KB, all zones
// and every sentence in three languages embedded (DESIGN.md, "What Chinese
// costs").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const consumer =
  process.env.WALLCLOCK_CONSUMER ??
  fileURLToPath(new URL('../../target/npm-consumer', import.meta.url));
const pkg = join(consumer, 'node_modules', 'wallclock');
const GZIP_BUDGET = 245 * 1000;
const BROTLI_BUDGET = 200 * 1000;

test('wasm + glue stay within 245 KB gzip and 200 KB brotli', (t) => {
  let gzipTotal = 0;
  let brotliTotal = 0;
  const snippets = readdirSync(join(pkg, 'snippets'), { recursive: true })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join('snippets', name));
  for (const name of ['wallclock_bg.wasm', 'wallclock.js', ...snippets]) {
    const bytes = readFileSync(join(pkg, name));
    const gz = gzipSync(bytes, { level: 9 }).length;
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    gzipTotal += gz;
    brotliTotal += br;
    t.diagnostic(`${name}: raw ${bytes.length} B, gzip ${gz} B, brotli ${br} B`);
    console.log(`size: ${name}: raw ${bytes.length} B, gzip -9 ${gz} B, brotli 11 ${br} B`);
  }
  console.log(`size: gzip total ${gzipTotal} B (budget ${GZIP_BUDGET} B), brotli total ${brotliTotal} B (budget ${BROTLI_BUDGET} B)`);
  assert.ok(gzipTotal <= GZIP_BUDGET, `gzip total ${gzipTotal} B exceeds ${GZIP_BUDGET} B`);
  assert.ok(brotliTotal <= BROTLI_BUDGET, `brotli total ${brotliTotal} B exceeds ${BROTLI_BUDGET} B`);
});
