// How the page is built: no test hook in what a static server serves, HTML
// only through page/dom.js's escaping template, state in page/state.js.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, freshContext, fill, eq, ok } from './harness.mjs';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const modules = (dir) => readdirSync(join(www, dir)).filter((f) => f.endsWith('.js')).map((f) => `${dir}/${f}`);
const scripts = () => ['main.js', 'render.js', 'rrule.js', ...modules('page')]
  .map((f) => [f, readFileSync(join(www, f), 'utf8')]);
/** The Chinese string tables: loaded when the page speaks that language, so not preloaded. */
const tables = () => modules('page/lang').map((f) => [f, readFileSync(join(www, f), 'utf8')]);

export const tests = [
  {
    name: 'the page as a static server serves it exposes no test hook',
    async run(page, { browser }) {
      const context = await freshContext(browser);
      try {
        const p = await context.newPage();
        const paths = [];
        p.on('request', (r) => paths.push(new URL(r.url()).pathname));
        await p.goto(`${baseUrl()}#tz=America%2FNew_York&start=2026-03-06T02%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D4`);
        await p.waitForSelector('#app[data-rev]', { timeout: 15000 });
        // The zone list is the last thing the page loads (when idle).
        await p.waitForFunction(() => document.querySelectorAll('#tz-list option').length > 500, null, { timeout: 10000 });
        eq(await p.evaluate(() => typeof window.wallclockPage), 'undefined', 'window.wallclockPage on the served page');
        eq(paths.filter((x) => x.includes('/e2e/')), [], 'requests for the tests\' modules');
        eq(await p.$$eval('#rows [role="row"]', (r) => r.length), 5, 'the page works without it');
      } finally {
        await context.close();
      }
      ok(await page.evaluate(() => typeof window.wallclockPage.whenRows === 'function'), 'the harness adds the hook');
    },
  },
  {
    name: 'html`…` escapes what it interpolates; the writers take nothing else',
    async run(page) {
      const got = await page.evaluate(async () => {
        const { html, raw, join, writeHtml, appendHtml, setHtml } = await import(new URL('page/dom.js', location.href).href);
        const text = '<b title="x">&\'</b>';
        const out = {
          text: html`<p>${text}</p>`.text,
          attribute: html`<p title="${text}"></p>`.text,
          nested: html`<ul>${[1, 2].map((n) => html`<li>${n}</li>`)}</ul>`.text,
          joined: join([html`<i>1</i>`, '<i>2</i>']).text,
          raw: html`<p>${raw('<br>')}</p>`.text,
          nothing: html`[${null}${undefined}]`.text,
          refused: [],
        };
        const el = document.createElement('div');
        for (const write of [writeHtml, appendHtml, setHtml]) {
          try { write(el, '<b>x</b>'); } catch (e) { if (e instanceof TypeError) out.refused.push(write.name); }
        }
        out.written = el.innerHTML;
        return out;
      });
      eq(got.text, '<p>&lt;b title=&quot;x&quot;&gt;&amp;&#39;&lt;/b&gt;</p>', 'text');
      eq(got.attribute, '<p title="&lt;b title=&quot;x&quot;&gt;&amp;&#39;&lt;/b&gt;"></p>', 'attribute');
      eq(got.nested, '<ul><li>1</li><li>2</li></ul>', 'nested templates');
      eq(got.joined, '<i>1</i>&lt;i&gt;2&lt;/i&gt;', 'join');
      eq(got.raw, '<p><br></p>', 'raw');
      eq(got.nothing, '[]', 'null and undefined');
      eq(got.refused, ['writeHtml', 'appendHtml', 'setHtml'], 'writers refusing a plain string');
      eq(got.written, '', 'nothing written');
      // Text from the user goes through it: the RRULE error mark shows markup as text.
      await fill(page, '#tz', 'America/New_York');
      await fill(page, '#rrule', 'FREQ=DAILY;BYDAY=<img src=x>');
      eq(await page.textContent('#rrule-mark mark'), '<img src=x>', 'the offending part, as text');
      eq(await page.$$eval('#rrule-mark *', (els) => els.map((e) => e.tagName)), ['SPAN', 'MARK'], 'no element from the text');
    },
  },
  {
    name: 'the page\'s modules keep no state of their own and write HTML only through page/dom.js',
    async run() {
      const lets = [];
      const writes = [];
      for (const [file, src] of [...scripts(), ...tables()]) {
        for (const [i, line] of src.split('\n').entries()) {
          if (/^(let|var) /.test(line)) lets.push(`${file}:${i + 1}: ${line}`);
          if (file !== 'page/dom.js' && /\b(innerHTML|outerHTML|insertAdjacentHTML)\s*=|insertAdjacentHTML\(|document\.write/.test(line)) writes.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      }
      eq(lets, [], 'module-level let or var (state lives in page/state.js)');
      eq(writes, [], 'HTML written outside page/dom.js');
      const index = readFileSync(join(www, 'index.html'), 'utf8');
      ok(!/snippets\/wallclock-/.test(index), 'index.html names no hashed snippet folder (wasm-bindgen\'s name changes with the build)');
      const preloaded = [...index.matchAll(/<link rel="modulepreload" href="\.\/([^"]+)">/g)].map((m) => m[1]);
      ok(preloaded.includes('pkg/wallclock.js'), 'the wasm glue is preloaded');
      eq(preloaded.filter((f) => !f.startsWith('pkg/')).sort(), scripts().map(([f]) => f).filter((f) => f !== 'main.js').sort(), 'every module main.js imports is preloaded');
    },
  },
];
