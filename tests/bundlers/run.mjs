// The npm package in the tools UIs are built with (scripts/test-bundlers.sh
// prepares the tarball and the CLI, then runs this):
//   node tests/bundlers/run.mjs <wallclock-x.y.z.tgz> <wallclock CLI> [app…]
// For each app folder (vite, webpack, plain): `npm ci` from its committed
// lockfile, the packed tarball installed over it without touching the
// lockfile, the app's `npm run build` when it has one, its files served on a
// free loopback port (and the vite app once more from Vite's dev server,
// `vite-dev`), and every case of cases.json loaded in headless Chromium. The
// page's `<pre id="out">` must be byte for byte what `wallclock expand`
// prints for the same spec and options. One line per app, then
// `N passed, M failed`; exit status 1 on any failure. Nothing is skipped: an
// app that cannot install, build or start fails with the reason.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../../www/e2e/harness.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const [tgz, cli, ...only] = process.argv.slice(2);
if (!tgz || !cli) {
  console.error('usage: node tests/bundlers/run.mjs <wallclock-x.y.z.tgz> <wallclock CLI> [app…]');
  process.exit(2);
}

/**
 * Each app: its folder, how its files are served (`dir`, relative to the
 * folder, by a static server; or `dev`: the bundler's own dev server) and the
 * page's path, and whether `npm run build` makes them. The plain page imports
 * ../app.js like the others, so it is served from tests/bundlers/ itself.
 */
const APPS = [
  { name: 'vite', dir: 'vite', build: true, serve: 'dist', page: '' },
  { name: 'vite-dev', dir: 'vite', build: false, serve: 'dev', page: '' },
  { name: 'webpack', dir: 'webpack', build: true, serve: '.', page: '' },
  { name: 'plain', dir: 'plain', build: false, serve: '..', page: 'plain/' },
];

const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));

/** `wallclock expand` for a case: its stdout, the text the page must show. */
function cliExpand({ spec, options }) {
  const dir = mkdtempSync(join(tmpdir(), 'wallclock-bundlers-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const args = ['expand', '--spec', file];
    for (const key of ['limit', 'from', 'to']) {
      if (options[key] !== undefined) args.push(`--${key}`, String(options[key]));
    }
    return execFileSync(cli, args, { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a command in `cwd`; throws with its last output lines when it fails. */
function sh(cwd, command, args) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n      ');
    throw new Error(`\`${command} ${args.join(' ')}\` failed (${r.error?.message ?? `exit ${r.status}`}):\n      ${tail}`);
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static file server on a free loopback port, for the folder `root`. */
function serve(root) {
  const server = createServer((req, res) => {
    let file = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (file.endsWith(sep)) file = join(file, 'index.html');
    let body;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' }).end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** A free loopback port (closed again, for a server that wants a number). */
function freePort() {
  return new Promise((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/**
 * Vite's dev server for the app in `dir`, once it answers; `close()` ends it.
 * Bounded: 30 s to come up, else it is stopped and the app fails.
 */
async function viteDev(dir) {
  const port = await freePort();
  const child = spawn(join(dir, 'node_modules/.bin/vite'),
    ['--port', String(port), '--strictPort', '--host', '127.0.0.1', '--clearScreen', 'false'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const server = { address: () => ({ port }), close: () => child.kill() };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  server.close();
  throw new Error(`vite's dev server did not come up on port ${port}:\n      ${output.trim().split('\n').slice(-10).join('\n      ')}`);
}

/** Loads every case into the served app; returns the mismatches found. */
async function check(browser, url) {
  const context = await browser.newContext();
  const problems = [];
  try {
    for (const c of cases) {
      const page = await context.newPage();
      const errors = [];
      const wasm = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
        if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(`${r.status()} ${r.headers()['content-type']}`);
      });
      await page.goto(`${url}#${encodeURIComponent(JSON.stringify({ spec: c.spec, options: c.options }))}`);
      let shown;
      try {
        await page.waitForSelector('#out[data-ready="1"]', { timeout: 15_000 });
        shown = await page.textContent('#out');
      } catch (e) {
        shown = `(no output: ${e.message.split('\n')[0]})`;
      }
      const expected = cliExpand(c);
      const got = `${shown}\n`;
      if (got !== expected) {
        let at = 0;
        while (got[at] === expected[at]) at++;
        const near = (text) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
        problems.push(`${c.name}: the page differs from \`wallclock expand\` at character ${at} of ${expected.length}\n      page: ${near(got)}\n      CLI:  ${near(expected)}`);
      }
      // The module comes from the bundler's asset (or the package's file),
      // fetched once as a .wasm, not inlined or renamed into something else.
      if (wasm.join() !== '200 application/wasm') errors.push(`expected one .wasm response, 200 application/wasm, got [${wasm.join(', ')}]`);
      if (errors.length) problems.push(`${c.name}: ${errors.join('; ')}`);
      await page.close();
    }
  } finally {
    await context.close();
  }
  return problems;
}

const browser = await launch();
let passed = 0;
let failed = 0;
const installed = new Set();
try {
  for (const app of APPS.filter((a) => !only.length || only.includes(a.name))) {
    const dir = join(here, app.dir);
    const started = Date.now();
    let server;
    try {
      if (!installed.has(dir)) {
        // npm ci installs exactly the lockfile (and fails if package.json and
        // the lockfile disagree); --no-save then adds the tarball without
        // writing either file.
        sh(dir, 'npm', ['ci', '--no-audit', '--no-fund']);
        sh(dir, 'npm', ['install', '--no-save', '--no-audit', '--no-fund', tgz]);
        installed.add(dir);
      }
      if (app.build) sh(dir, 'npm', ['run', 'build', '--silent']);
      server = app.serve === 'dev' ? await viteDev(dir) : await serve(resolve(dir, app.serve));
      const problems = await check(browser, `http://127.0.0.1:${server.address().port}/${app.page}`);
      if (problems.length) throw new Error(problems.join('\n    '));
      passed++;
      console.log(`ok   ${app.name} (${cases.length} cases, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${app.name}: ${e.message}`);
    } finally {
      server?.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;
