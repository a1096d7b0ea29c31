// Runs every `*.test.mjs` in this folder against the served page; each test
// gets a fresh page and fails on any console error or page error. Ends with
// `N passed, M failed` and exits non-zero on any failure.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, openPage } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
const browser = await launch();
let passed = 0;
let failed = 0;
try {
  for (const file of files) {
    const { tests } = await import(pathToFileURL(join(here, file)).href);
    for (const t of tests) {
      if (only && !t.name.includes(only)) continue;
      const started = Date.now();
      let session;
      try {
        session = await openPage(browser, t.hash || '', t.options || {});
        await t.run(session.page, { browser, session });
        if (session.problems.length) throw new Error(`console/page errors:\n    ${session.problems.join('\n    ')}`);
        passed++;
        console.log(`ok   ${t.name} (${Date.now() - started} ms)`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${t.name}\n  ${e.stack || e}`);
        if (session?.problems.length) console.log(`  problems: ${session.problems.join(' | ')}`);
      } finally {
        await session?.context.close();
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;
