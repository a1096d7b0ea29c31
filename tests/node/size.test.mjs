// Size budget of the packed package: gzip(wasm) + gzip(glue js, the
// wasm-bindgen glue and the snippets it imports) <= 200 KB, the project's
// target (the hard limit is 300 KB).
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
const BUDGET = 200 * 1000;

test('gzip(wasm) + gzip(glue) stays within 200 KB', (t) => {
  let gzipTotal = 0;
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
    t.diagnostic(`${name}: raw ${bytes.length} B, gzip ${gz} B, brotli ${br} B`);
    console.log(`size: ${name}: raw ${bytes.length} B, gzip -9 ${gz} B, brotli 11 ${br} B`);
  }
  console.log(`size: gzip total ${gzipTotal} B (budget ${BUDGET} B)`);
  assert.ok(gzipTotal <= BUDGET, `gzip total ${gzipTotal} B exceeds ${BUDGET} B`);
});
