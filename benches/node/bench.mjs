// Run it: npm ci --prefix benches/node && node benches/node/bench.mjs
//
// Node benchmark of wallclock's npm package against rrule (2.8.1, with tzid),
// rrule-temporal (2.2.8) and rrule-rust (3.1.1: native binary and its WASI
// wasm build), on the workloads W1–W6 of benches/expand.rs.
//
// Which wallclock: the packed tarball target/npm/wallclock-<version>.tgz
// (build it with `bash scripts/build-npm.sh`, or SKIP_WASM_BUILD=1 to reuse
// www/pkg), extracted at run time into a temporary folder and imported
// through its package.json "node" export. It is deliberately NOT a `file:`
// dependency in package.json: the lockfile would pin the tarball's integrity
// and `npm ci` then silently installs the cached copy of an *older* build
// (checked: npm 11 does, without an error), so every wallclock change would
// also need a lockfile change. This way `npm ci` installs only registry
// packages, byte for byte from package-lock.json, and the run always measures
// the tarball that is there now (its sha256 is printed). wallclock has no
// dependencies, so extracting it is all an install would do.
//
// rrule-rust: the same package is loaded twice in this process. First as is
// (its native binding, @rrule-rust/lib-<platform>); then its CommonJS modules
// are dropped from require.cache and it is loaded again with
// NAPI_RS_FORCE_WASI=error, which makes it load @rrule-rust/lib-wasm32-wasi
// (through @napi-rs/wasm-runtime and node:wasi) or throw. Both builds thus run
// interleaved in the same rounds. The registry here serves only some of
// rrule-rust's per-platform packages, so package-lock.json lists the others
// by hand (version, os, cpu, no integrity), as npm does elsewhere; without
// them `npm ci` refuses the lockfile as out of sync.
//
// Method: per workload, R rounds (default 15, `--rounds N`); in each round
// every contender, in an order rotated each round so machine noise hits all
// alike, is called repeatedly for at least ~50 ms (`--min-ms N`), giving ms
// per call; the table shows the median round. The ratios, measured in the
// same run, are what to compare on a noisy machine.
//
// What one call is: parse + expand from the same input every time, returning
// the library's own result (no caches are hit: each call builds a new rule
// object; rrule-rust's all() cache is per RRuleSet object):
//   wallclock expand          expand(spec, {})           -> { entries: [...] }
//   wallclock expandInstants  expandInstants(spec, {})   -> Float64Array (ms)
//   rrule                     RRule.fromString(ics).all()      -> Date[]
//   rrule-temporal            new RRuleTemporal({ rruleString: ics }).all()
//                                                        -> Temporal.ZonedDateTime[]
//   rrule-rust                RRuleSet.fromString(ics).all()   -> DateTime[] (with offset)
// Converting the others' results to epoch ms (for the agreement check) is
// done outside the timed loop.
//
// rrule returns instants in UTC only when the process time zone is UTC
// (with tzid it "rezones" by the system zone), so this script sets TZ=UTC.

process.env.TZ = 'UTC';

import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, 'package.json'));

function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const ROUNDS = arg('--rounds', 15);
const MIN_MS = arg('--min-ms', 50);

// ---------------------------------------------------------------- workloads
// Default policies for wallclock (gap skip, fold first), as in benches/expand.rs.
const WORKLOADS = [
  { name: 'W1 daily 09:00 New York', zone: 'America/New_York', start: '2026-01-01T09:00', rrule: 'FREQ=DAILY;COUNT=3650' },
  { name: 'W2 weekly MO,WE,FR 07:00 Berlin', zone: 'Europe/Berlin', start: '2026-01-05T07:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=1500' },
  { name: 'W3 monthly last day 08:00 Berlin', zone: 'Europe/Berlin', start: '2026-01-31T08:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=1200' },
  { name: 'W4 daily 02:30 New York', zone: 'America/New_York', start: '2026-01-01T02:30', rrule: 'FREQ=DAILY;COUNT=3650' },
  { name: 'W5 hourly Lord Howe', zone: 'Australia/Lord_Howe', start: '2026-01-01T00:30', rrule: 'FREQ=HOURLY;COUNT=8760' },
  { name: 'W6 last weekday 17:00 Los Angeles', zone: 'America/Los_Angeles', start: '2026-01-01T17:00', rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=600' },
];
for (const w of WORKLOADS) {
  w.spec = { timeZone: w.zone, start: w.start, rrule: w.rrule };
  w.ics = `DTSTART;TZID=${w.zone}:${w.start.replace(/[-:]/g, '')}00\nRRULE:${w.rrule}`;
}

// ---------------------------------------------------------------- contenders
// Each: { key, label, load() -> { run(w) -> result, instants(result) -> number[] } }
// or unavailable with a reason.
const contenders = [];
function add(key, label, load) {
  try {
    contenders.push({ key, label, ...load() });
  } catch (err) {
    contenders.push({ key, label, unavailable: String(err?.message ?? err).split('\n')[0] });
  }
}

// wallclock, from the tarball.
const root = resolve(here, '../..');
const version = readFileSync(join(root, 'Cargo.toml'), 'utf8').match(/^version = "([^"]+)"/m)[1];
const tarball = join(root, 'target/npm', `wallclock-${version}.tgz`);
let wallclock = null;
let wallclockWhy = null;
let tmp = null;
if (!existsSync(tarball)) {
  wallclockWhy = `${tarball} not found: run SKIP_WASM_BUILD=1 bash scripts/build-npm.sh (or without SKIP_WASM_BUILD)`;
} else {
  tmp = mkdtempSync(join(tmpdir(), 'wallclock-bench-'));
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  execFileSync('tar', ['-xzf', tarball, '-C', tmp]);
  const pkgDir = join(tmp, 'package');
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  wallclock = await import(pathToFileURL(join(pkgDir, pkg.exports['.'].node)).href);
}
const wcWhy = () => { throw new Error(wallclockWhy); };
add('expand', 'wallclock expand', () => {
  if (!wallclock) wcWhy();
  const { expand } = wallclock;
  return {
    run: (w) => expand(w.spec, {}),
    instants: (r) => r.entries.filter((e) => e.instant !== null).map((e) => Date.parse(e.instant)),
  };
});
add('instants', 'wallclock expandInstants', () => {
  if (!wallclock) wcWhy();
  const { expandInstants } = wallclock;
  return { run: (w) => expandInstants(w.spec, {}), instants: (r) => Array.from(r) };
});

add('rrule', 'rrule 2.8.1 (tzid)', () => {
  const { RRule } = require('rrule');
  return { run: (w) => RRule.fromString(w.ics).all(), instants: (r) => r.map((d) => d.getTime()) };
});

add('temporal', 'rrule-temporal 2.2.8', () => {
  const { RRuleTemporal } = require('rrule-temporal');
  return {
    run: (w) => new RRuleTemporal({ rruleString: w.ics }).all(),
    instants: (r) => r.map((z) => z.epochMilliseconds),
  };
});

// rrule-rust, native then WASI. Its lib/index.js picks the binding at load time.
const rrDir = dirname(require.resolve('rrule-rust'));
function loadRrRust(wasi) {
  for (const k of Object.keys(require.cache)) if (k.startsWith(rrDir)) delete require.cache[k];
  const before = process.env.NAPI_RS_FORCE_WASI;
  if (wasi) process.env.NAPI_RS_FORCE_WASI = 'error';
  try {
    const api = require('rrule-rust');
    const binding = require(join(rrDir, 'lib/index.js'));
    const wasiBinding = wasi ? require('@rrule-rust/lib-wasm32-wasi') : null;
    if (wasi && binding.RRuleSet !== wasiBinding.RRuleSet) throw new Error('NAPI_RS_FORCE_WASI did not select the wasm build');
    if (!wasi) {
      let isWasi = false;
      try { isWasi = binding.RRuleSet === require('@rrule-rust/lib-wasm32-wasi').RRuleSet; } catch {}
      if (isWasi) throw new Error('no native binding for this platform (it fell back to wasm)');
    }
    const { RRuleSet } = api;
    return { run: (w) => RRuleSet.fromString(w.ics).all(), instants: (r) => r.map((d) => d.toTimestamp()) };
  } finally {
    if (before === undefined) delete process.env.NAPI_RS_FORCE_WASI;
    else process.env.NAPI_RS_FORCE_WASI = before;
  }
}
add('rrNative', 'rrule-rust 3.1.1 native', () => loadRrRust(false));
add('rrWasm', 'rrule-rust 3.1.1 wasm (WASI)', () => loadRrRust(true));

const live = contenders.filter((c) => !c.unavailable);

// ---------------------------------------------------------------- header
const cpu = (await import('node:os')).cpus();
console.log(`node ${process.version}, ${process.platform}-${process.arch}, ${cpu.length} x ${cpu[0]?.model ?? '?'}`);
if (wallclock) {
  const sha = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16);
  console.log(`wallclock ${version} from ${tarball.slice(root.length + 1)} (sha256 ${sha}…), tzdb ${wallclock.tzdbVersion()}`);
}
console.log(`${ROUNDS} rounds per workload, each contender >= ${MIN_MS} ms per round, round-robin (rotated order); median ms per call`);
for (const c of contenders) if (c.unavailable) console.log(`UNAVAILABLE ${c.label}: ${c.unavailable}`);
console.log();

// ---------------------------------------------------------------- agreement
const iso = (ms) => (Number.isFinite(ms) ? new Date(ms).toISOString().replace('.000Z', 'Z') : String(ms));
const disagreements = [];
console.log('Agreement (instances, first and last instant):');
for (const w of WORKLOADS) {
  console.log(`  ${w.name}`);
  w.counts = {};
  let ref = null;
  for (const c of live) {
    let line;
    try {
      const r = c.run(w);
      const xs = c.instants(r);
      w.counts[c.key] = xs.length;
      const extra = c.key === 'expand' && r.entries.length !== xs.length
        ? ` (${r.entries.length} entries, ${r.entries.length - xs.length} skipped by gap=skip)` : '';
      const sig = `${xs.length} ${iso(xs[0])} .. ${iso(xs[xs.length - 1])}`;
      ref ??= { label: c.label, xs, sig };
      let diff = '';
      if (sig !== ref.sig || xs.some((x, i) => x !== ref.xs[i])) {
        const n = Math.max(xs.length, ref.xs.length);
        let first = -1, count = 0;
        for (let i = 0; i < n; i++) if (xs[i] !== ref.xs[i]) { count++; if (first < 0) first = i; }
        diff = `  <-- differs from ${ref.label} at ${count} of ${n} positions, first #${first}: ${iso(xs[first])} vs ${iso(ref.xs[first])}`;
        disagreements.push(`${w.name.slice(0, 2)} ${c.label}`);
      }
      line = `${sig}${extra}${diff}`;
    } catch (err) {
      c.failed ??= {};
      c.failed[w.name] = String(err?.message ?? err).split('\n')[0];
      line = `ERROR ${c.failed[w.name]}`;
    }
    console.log(`    ${c.label.padEnd(30)} ${line}`);
  }
}
console.log();

// ---------------------------------------------------------------- timing
let sink = 0;
function round(c, w) {
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    const r = c.run(w);
    sink += r.length ?? r.entries.length;
    calls++;
    t = performance.now();
  } while (t - t0 < MIN_MS);
  return (t - t0) / calls;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = [];
for (const w of WORKLOADS) {
  const cs = live.filter((c) => !c.failed?.[w.name]);
  for (const c of cs) round(c, w); // warm-up (JIT, lazy tz data)
  const samples = Object.fromEntries(cs.map((c) => [c.key, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < cs.length; i++) {
      const c = cs[(i + r) % cs.length];
      samples[c.key].push(round(c, w));
    }
  }
  const med = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  results.push({ w, med });
  process.stderr.write(`  measured ${w.name}\n`);
}

// ---------------------------------------------------------------- table
const fmt = (ms) => (ms === undefined ? 'n/a' : ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const ratio = (a, b) => (a === undefined || b === undefined ? undefined : a / b);
const fr = (x) => (x === undefined ? 'n/a' : x >= 100 ? `${x.toFixed(0)}x` : `${x.toFixed(2)}x`);
const cols = [
  ['expand', 'expand'], ['instants', 'instants'], ['rrNative', 'rr-rust nat'], ['rrWasm', 'rr-rust wasm'],
  ['temporal', 'rr-temporal'], ['rrule', 'rrule'],
];
const targets = [
  { label: 'expand vs rr-rust wasm', a: 'rrWasm', b: 'expand', min: 1 },
  { label: 'instants vs rr-rust wasm', a: 'rrWasm', b: 'instants', min: 3 },
  { label: 'expand vs rrule', a: 'rrule', b: 'expand', min: 200 },
  { label: 'instants vs rrule', a: 'rrule', b: 'instants', min: 200 },
];
console.log('Median ms per call (n: instances per call, wallclock executions)');
console.log(`${'workload'.padEnd(35)}${'n'.padStart(6)}${cols.map(([, h]) => h.padStart(13)).join('')}`);
for (const { w, med } of results) {
  console.log(`${w.name.padEnd(35)}${String(w.counts.instants ?? w.counts.expand ?? '?').padStart(6)}${cols.map(([k]) => fmt(med[k]).padStart(13)).join('')}`);
}
console.log();
console.log('Ratios (times faster: other / wallclock), target in brackets');
console.log(`${'workload'.padEnd(35)}${targets.map((t) => `${t.label} (>=${t.min}x)`.padStart(34)).join('')}`);
const missed = [];
for (const { w, med } of results) {
  const cells = targets.map((t) => {
    const x = ratio(med[t.a], med[t.b]);
    const mark = x === undefined ? 'unmeasured' : x >= t.min ? 'met' : 'MISSED';
    if (mark !== 'met') missed.push(`${w.name.slice(0, 2)} ${t.label}: ${fr(x)} (${mark})`);
    return `${fr(x)} ${mark}`.padStart(34);
  });
  console.log(`${w.name.padEnd(35)}${cells.join('')}`);
}
console.log();
console.log('Other ratios (other / wallclock expand):');
for (const { w, med } of results) {
  const r = (k) => fr(ratio(med[k], med.expand));
  console.log(`  ${w.name.padEnd(35)} rr-rust native ${r('rrNative').padStart(8)}   rrule-temporal ${r('temporal').padStart(8)}   expand/instants ${fr(ratio(med.expand, med.instants)).padStart(7)}`);
}
console.log();
console.log(missed.length ? `Targets missed: ${missed.length}\n  ${missed.join('\n  ')}` : 'All targets met.');
console.log(disagreements.length ? `Instants disagree: ${disagreements.join('; ')}` : 'All contenders agree on every workload.');
if (sink === 42) console.log(''); // keep results alive
