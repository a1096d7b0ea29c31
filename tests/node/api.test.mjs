// The packed npm package, imported as a user would: scripts/test-wasm.sh
// installs target/npm/wallclock-*.tgz into a scratch project
// (WALLCLOCK_CONSUMER) whose index.js re-exports 'wallclock'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const consumer =
  process.env.WALLCLOCK_CONSUMER ??
  fileURLToPath(new URL('../../target/npm-consumer', import.meta.url));
const wc = await import(pathToFileURL(join(consumer, 'index.js')).href);

const corpus = readFileSync(new URL('../fixtures/corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

const ERROR_CODES = new Set([
  'unknown_time_zone', 'invalid_rrule', 'invalid_start', 'invalid_date_time',
  'until_before_start', 'count_and_until', 'unsupported', 'invalid_policy',
  'invalid_duration', 'invalid_spec', 'invalid_option', 'limit_exceeded',
  'invalid_ical', 'internal',
]);

const NY_SHIFT = { timeZone: 'America/New_York', start: '2026-03-08T02:30', gap: 'shift' };

/** The instance still answers correctly (no trap poisoned it). */
function assertStillWorks() {
  const x = wc.expand(NY_SHIFT, {});
  assert.equal(x.entries[0].instant, '2026-03-08T07:30:00Z');
  assert.equal(x.entries[0].status, 'shifted');
  assert.equal(x.entries[0].notes[0].code, 'gap_shifted');
}

// The last call made through `recorded`, to name an input that trapped.
let lastCall = null;
const recorded = new Proxy(wc, {
  get(target, name) {
    const f = target[name];
    return typeof f !== 'function'
      ? f
      : (...args) => {
          lastCall = [name, args];
          return f(...args);
        };
  },
});

/** Runs `f`; a thrown value must be a wallclock Error, never a wasm trap. */
function callSafely(f, label) {
  lastCall = null;
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      const call = inspect(lastCall, { depth: 4, maxArrayLength: 10, maxStringLength: 200 });
      assert.fail(`${label}: wasm trap ${e.message} in ${call}`);
    }
    assert.ok(e instanceof Error, `${label}: threw a non-Error ${String(e)}`);
    assert.ok(ERROR_CODES.has(e.code), `${label}: unexpected code ${e.code} (${e.message})`);
    assert.equal(typeof e.message, 'string');
    assert.ok(e.field === undefined || typeof e.field === 'string', label);
    assert.ok(e.position === undefined || Number.isInteger(e.position), label);
    return e;
  }
}

/** expand's answer as the corpus records it: the result's JSON, or
 * `{"error":{code, message, field?, position?}}` (absent keys left out). */
function answer(spec, options) {
  try {
    return JSON.stringify(wc.expand(spec, options));
  } catch (e) {
    const { code, message, field, position } = e;
    return JSON.stringify({ error: { code, message, field, position } });
  }
}

test('corpus: JSON.stringify(expand) is the native JSON byte for byte', () => {
  assert.ok(corpus.length >= 10);
  for (const { name, spec, options, expected } of corpus) {
    assert.equal(answer(spec, options), expected, name);
  }
});

const diffCorpus = readFileSync(new URL('../fixtures/diff-corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

test('diff corpus: JSON.stringify(diff) is the native JSON byte for byte', () => {
  assert.ok(diffCorpus.length >= 8);
  for (const { name, old, new: next, window, expected } of diffCorpus) {
    let got;
    try {
      got = JSON.stringify(wc.diff(old, next, window));
    } catch (e) {
      const { code, message, field, position } = e;
      got = JSON.stringify({ error: { code, message, field, position } });
    }
    assert.equal(got, expected, name);
  }
});

test('diff: seed 000 skip to shift, with reasons; options and specs checked', () => {
  const daily = { id: 'daily', timeZone: 'America/New_York', start: '2026-03-06T02:30', rrule: 'FREQ=DAILY;COUNT=4' };
  const window = { from: '2026-03-01T00:00', to: '2026-04-01T00:00' };
  const d = wc.diff(daily, { ...daily, gap: 'shift' }, window);
  assert.equal(d.identical, false);
  assert.deepEqual(d.summary, { added: 0, removed: 1, moved: 0, changed: 1, unchanged: 3 });
  assert.deepEqual(d.changes.map((c) => [c.change, c.key, c.cause]), [
    ['changed', 'daily|2026-03-08T02:30:00', 'gap'],
    ['removed', 'daily|2026-03-10T02:30:00', 'gap'],
  ]);
  assert.equal(d.changes[0].old.instant, null);
  assert.equal(d.changes[0].new.instant, '2026-03-08T07:30:00Z');
  assert.match(d.changes[0].reason, /^`gap` `skip` → `shift`: 02:30 does not exist on 2026-03-08/);
  assert.equal(wc.diff(daily, daily, window).identical, true);
  // A schedule moved to another zone: every key stays, every instant moves.
  const chicago = wc.diff(daily, { ...daily, timeZone: 'America/Chicago' }, window);
  assert.ok(chicago.changes.every((c) => c.cause === 'timeZone'));
  const caught = (f) => {
    const e = callSafely(f, 'diff');
    return e && [e.code, e.field];
  };
  assert.deepEqual(caught(() => wc.diff(daily, daily, { from: window.from })), ['invalid_option', 'to']);
  assert.deepEqual(caught(() => wc.diff(daily, daily)), ['invalid_option', 'from']);
  assert.deepEqual(caught(() => wc.diff(daily, daily, { ...window, limit: 5 })), ['invalid_option', 'limit']);
  assert.deepEqual(caught(() => wc.diff(daily, { ...daily, gap: 'later' }, window)), ['invalid_policy', 'gap']);
  assert.deepEqual(caught(() => wc.diff(null, daily, window)), ['invalid_spec', undefined]);
  // An unbounded rule over a huge window hits the expansion's limit, as expand does.
  const hourly = { timeZone: 'UTC', start: '2026-01-01T00:00', rrule: 'FREQ=SECONDLY' };
  assert.deepEqual(caught(() => wc.diff(hourly, hourly, { from: '2026-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' }))?.[0], 'limit_exceeded');
  assertStillWorks();
});

/** Epoch ms of an instant as wallclock prints it; years before 0000 are
 * `-0001`, which Date.parse reads only in its six-digit form `-000001`. */
const epochMs = (instant) => Date.parse(instant.replace(/^-(\d{4})-/, '-00$1-'));

test('corpus: expandInstants is the executions of expand, in epoch ms', () => {
  for (const { name, spec, options, expected } of corpus) {
    if (JSON.parse(expected).error) {
      assert.throws(() => wc.expandInstants(spec, options), { code: JSON.parse(expected).error.code }, name);
      continue;
    }
    const want = JSON.parse(expected)
      .entries.filter((e) => e.status === 'scheduled' || e.status === 'shifted')
      .map((e) => epochMs(e.instant));
    const got = wc.expandInstants(spec, options);
    assert.ok(got instanceof Float64Array, name);
    assert.deepEqual(Array.from(got), want, name);
  }
});

test('golden: fold both and Apia merge', () => {
  const both = wc.expand({ timeZone: 'America/New_York', start: '2026-11-01T01:30', fold: 'both' });
  assert.deepEqual(both.entries.map((e) => e.instant), ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']);
  assert.ok(both.entries[1].key.endsWith('|fold=1'));
  const apia = wc.expand({
    timeZone: 'Pacific/Apia', start: '2011-12-30T09:00', gap: 'shift', rdate: ['2011-12-31T09:00'],
  });
  assert.deepEqual(apia.entries.map((e) => e.status), ['shifted', 'merged']);
  assert.equal(apia.entries[1].mergedInto, '2011-12-30T09:00:00');
});

test('thrown errors are Error objects with code, field and position', () => {
  const cases = [
    [() => wc.expand({ timeZone: 'America/New_York', start: '2026-02-30T09:00' }), 'invalid_start', 'start'],
    [() => wc.validate({ timeZone: 'Mars/Olympus', start: '2026-01-01T00:00' }), 'unknown_time_zone', 'timeZone'],
    [() => wc.validate({ timeZone: 'UTC', start: '2026-01-01T00:00', fold: 'twice' }), 'invalid_policy', 'fold'],
    [() => wc.validate({ timeZone: 'UTC', start: '2026-01-01T00:00', rdate: ['x'] }), 'invalid_date_time', 'rdate[0]'],
    [() => wc.validate({ timeZone: 'UTC', start: '2026-01-01T00:00', grace: 'soon' }), 'invalid_duration', 'grace'],
    [() => wc.expand(NY_SHIFT, { limit: -3 }), 'invalid_option', 'limit'],
    [() => wc.expand(NY_SHIFT, { limit: 0 }), 'invalid_option', 'limit'],
    [() => wc.expand(NY_SHIFT, { from: 'tomorrow' }), 'invalid_date_time', 'from'],
    [() => wc.notices(NY_SHIFT, { from: '2026-01-01T00:00:00Z' }), 'invalid_option', 'to'],
    [() => wc.noticeEnd(NY_SHIFT, 'tomorrow'), 'invalid_date_time', 'from'],
    [() => wc.noticeEnd(NY_SHIFT, 42), 'invalid_option', 'from'],
    [() => wc.decideMisfires(NY_SHIFT, [{ key: 'k', instant: 'x' }], '2026-01-01T00:00:00Z'), 'invalid_date_time', 'due[0].instant'],
    [() => wc.expand(42), 'invalid_spec', undefined],
    [() => wc.expand(null), 'invalid_spec', undefined],
    [() => wc.expand([NY_SHIFT]), 'invalid_spec', undefined],
    [() => wc.expand('{"timeZone":"UTC"}'), 'invalid_spec', undefined],
  ];
  for (const [f, code, field] of cases) {
    const e = callSafely(f, `${code} ${field}`);
    assert.ok(e, `${code} ${field}: expected a throw`);
    assert.equal(e.code, code, e.message);
    assert.equal(e.field, field, e.message);
    assert.ok('position' in e);
    assert.equal(e.position, undefined);
    assert.match(e.message, /\S/);
  }
  const unknown = callSafely(() => wc.validate({ ...NY_SHIFT, colour: 'red' }), 'unknown key');
  assert.equal(unknown.code, 'invalid_spec');
  assert.match(unknown.message, /colour/);
  assertStillWorks();
});

test('seed 000: New York 02:30 COUNT=4, skip and shift', () => {
  const spec = { id: 'daily', timeZone: 'America/New_York', start: '2026-03-06T02:30', rrule: 'FREQ=DAILY;COUNT=4' };
  const skip = wc.expand(spec);
  assert.deepEqual(
    skip.entries.filter((e) => e.status !== 'skipped').map((e) => e.nominal.slice(8, 10)),
    ['06', '07', '09', '10'],
  );
  const shift = wc.expand({ ...spec, gap: 'shift' });
  assert.equal(shift.entries[2].instant, '2026-03-08T07:30:00Z');
  assert.equal(shift.entries[2].status, 'shifted');
  assert.equal(wc.validate(spec).rrule, 'FREQ=DAILY;COUNT=4');
  assert.match(wc.describe(spec), /\S/);
  const ics = wc.toICal(spec);
  assert.match(ics, /RRULE:FREQ=DAILY;COUNT=4/);
  assert.equal(wc.parseICal(ics).rrule, 'FREQ=DAILY;COUNT=4');
});

test('validate, notices, decideMisfires, zones', () => {
  const v = wc.validate({ timeZone: 'America/New_York', start: '2026-03-08T02:30' });
  assert.deepEqual(
    { valid: v.valid, rrule: v.rrule, codes: v.warnings.map((w) => w.code) },
    { valid: true, rrule: null, codes: ['start_in_gap'] },
  );
  const n = wc.notices(
    { timeZone: 'America/New_York', start: '2026-01-05T02:30', rdate: ['2026-03-08T02:30'] },
    { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' },
  );
  assert.deepEqual(n.entries.map((e) => e.status), ['skipped']);
  assert.deepEqual(n.transitions.map((t) => t.kind), ['gap', 'fold']);
  const d = wc.decideMisfires(
    { timeZone: 'UTC', start: '2026-01-01T00:00', misfire: 'latest_only' },
    [
      { key: 'preview|2026-01-01T00:00:00', instant: '2026-01-01T00:00:00Z' },
      { key: 'preview|2026-01-02T00:00:00', instant: '2026-01-02T00:00:00Z' },
    ],
    '2026-01-02T01:00:00Z',
  );
  assert.deepEqual(d.map((x) => x.decision), ['coalesced', 'run']);
  assert.equal(d[1].lateness, 'PT1H');
  assert.ok(wc.timeZones().includes('Australia/Lord_Howe'));
  assert.match(wc.tzdbVersion(), /^\d{4}[a-z]$/);
});

// A small deterministic PRNG, so a failing input can be reproduced.
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('malformed-input sweep: thousands of bad inputs never trap', () => {
  const rand = prng(0x5eed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (n) => Math.floor(rand() * n);
  const ALPHABET = ['a', 'Z', '0', '9', '-', ':', 'T', 'é', '€', '𝄞', '\u0000', ' ', ';', '=', '+', 'Z', '[', '/', '\\', '"'];
  const randomString = () => {
    const base = pick(['', '2026-03-08T02:30', '2026-03-08T02:30:00', 'FREQ=DAILY;COUNT=4', 'America/New_York', 'PT5M', '20260308T023000']);
    let s = base;
    const edits = int(6);
    for (let i = 0; i < edits; i++) {
      const at = int(s.length + 1);
      s = s.slice(0, at) + pick(ALPHABET) + s.slice(at + int(2));
    }
    return rand() < 0.05 ? s.repeat(1 + int(2000)) : s;
  };
  const deep = (depth, leaf) => {
    let v = leaf;
    for (let i = 0; i < depth; i++) v = rand() < 0.5 ? [v] : { timeZone: v };
    return v;
  };
  const randomValue = (depth = 0) => {
    switch (int(16)) {
      case 0: return undefined;
      case 1: return null;
      case 2: return pick([0, -0, 1, -1, 1.5, 2 ** 31, 2 ** 32, 2 ** 53 + 1, 1e308, -1e308, NaN, Infinity, -Infinity]);
      case 3: return pick([true, false]);
      case 4: return randomString();
      case 5: return randomString();
      case 6: return BigInt(int(1e9)) * (rand() < 0.5 ? 1n : 10n ** 30n);
      case 7: return Symbol('wallclock');
      case 8: return () => 1;
      case 9: return deep(int(rand() < 0.1 ? 20000 : 50), randomString());
      case 10: return new Date(0);
      case 11: return new Map([['timeZone', 'UTC']]);
      case 12: return depth > 2 ? [] : Array.from({ length: int(5) }, () => randomValue(depth + 1));
      case 13: return depth > 2 ? {} : mutateSpec(depth + 1);
      case 14: return new Proxy({}, { ownKeys() { throw new Error('trap'); } });
      default: return Object.defineProperty({}, 'timeZone', { enumerable: true, get() { throw new Error('getter'); } });
    }
  };
  const FIELDS = ['id', 'revision', 'timeZone', 'start', 'rrule', 'rdate', 'exdate', 'gap', 'fold', 'invalidDate', 'misfire', 'maxLateness', 'maxCatchUp', 'grace', 'bogus'];
  const mutateSpec = (depth = 0) => {
    const base = structuredClone(pick(corpus).spec);
    const n = 1 + int(3);
    for (let i = 0; i < n; i++) {
      const f = pick(FIELDS);
      if (rand() < 0.2) delete base[f];
      else base[f] = rand() < 0.3 ? randomString() : randomValue(depth + 1);
    }
    return base;
  };
  const truncated = () => {
    const text = JSON.stringify(pick(corpus).spec);
    const cut = text.slice(0, int(text.length));
    try {
      return JSON.parse(cut);
    } catch {
      return cut;
    }
  };
  const badSpec = () => pick([mutateSpec, truncated, randomValue, mutateSpec])();
  const badOptions = () => pick([
    () => randomValue(),
    () => ({ limit: randomValue() }),
    () => ({ from: randomString(), to: randomString() }),
    () => ({ limit: pick([1, 5, 1e9, 2 ** 53, 1e308]), [pick(['from', 'to', 'lmit'])]: randomValue() }),
  ])();
  const calls = [
    () => recorded.expand(badSpec(), badOptions()),
    () => recorded.expandInstants(badSpec(), badOptions()),
    () => recorded.expand(pick(corpus).spec, badOptions()),
    () => recorded.notices(pick(corpus).spec, badOptions()),
    () => recorded.notices(badSpec(), { from: randomString(), to: randomString() }),
    () => recorded.validate(badSpec()),
    () => recorded.describe(badSpec()),
    () => recorded.describe(pick(corpus).spec, rand() < 0.5 ? randomString() : randomValue()),
    () => recorded.toICal(badSpec()),
    () => recorded.parseICal(rand() < 0.5 ? randomString() : randomValue()),
    () => recorded.decideMisfires(
      rand() < 0.5 ? pick(corpus).spec : badSpec(),
      rand() < 0.5 ? randomValue() : Array.from({ length: int(4) }, () => ({ key: randomValue(), instant: randomString() })),
      rand() < 0.5 ? randomString() : randomValue(),
    ),
  ];
  // Inputs that once trapped, kept as regressions.
  const fixed = [
    () => recorded.expand({ timeZone: 'UTC', start: '2026-03-08T09:0é:00' }),
    () => recorded.expand({ timeZone: 'UTC', start: '2026-01-01T00:00', rdate: ['aaaaaaaaaaaaaaaé'] }),
    () => recorded.expand(NY_SHIFT, { from: '2026-03-08T09:0é:00Z' }),
    () => recorded.decideMisfires(NY_SHIFT, [{ key: 'k', instant: '€€€€€€€€€€' }], '2026-03-08T09:0é:00'),
  ];
  for (const [i, f] of fixed.entries()) callSafely(f, `regression ${i}`);

  const N = 5000;
  let thrown = 0;
  for (let i = 0; i < N; i++) {
    if (callSafely(pick(calls), `sweep input ${i}`)) thrown += 1;
  }
  assert.ok(thrown > N / 2, `most inputs are rejected (${thrown}/${N})`);
  assertStillWorks();
  for (const { name, spec, options, expected } of corpus) {
    assert.equal(answer(spec, options), expected, `${name} after the sweep`);
  }
});

test('noticeEnd: the next 12 months of the shared cases, as `wallclock notices` has them', () => {
  // tests/fixtures/notice-window.json: also checked natively (tests/notices.rs) and against
  // the CLI's default window (tests/cli.rs).
  const cases = JSON.parse(readFileSync(new URL('../fixtures/notice-window.json', import.meta.url), 'utf8'));
  assert.ok(cases.length >= 5);
  for (const c of cases) {
    const spec = { timeZone: c.timeZone, start: '2026-01-01T02:30', rrule: 'FREQ=DAILY' };
    assert.equal(wc.noticeEnd(spec, c.now), Date.parse(c.end), c.why);
    // The notices over that window are the ones without a `to` on the CLI.
    const to = new Date(wc.noticeEnd(spec, c.now)).toISOString().replace(/\.000Z$/, 'Z');
    assert.equal(to, c.end, c.why);
  }
  // A local `from` reads in the spec's zone: 09:00 EST, a year later 09:00 EST.
  const ny = { timeZone: 'America/New_York', start: '2026-03-06T09:00' };
  assert.equal(wc.noticeEnd(ny, '2026-03-06T09:00'), Date.parse('2027-03-06T14:00:00Z'));
});

test('due lists: the CLI\'s reader (tests/cli.rs misfire_due_items_read_as_in_js)', () => {
  const spec = { timeZone: 'America/New_York', start: '2026-03-08T02:30', gap: 'shift' };
  let caughtError;
  try {
    wc.decideMisfires(spec, [{ key: 'k', instant: 'x' }], '2026-01-02T00:00:00Z');
  } catch (e) {
    caughtError = e;
  }
  assert.deepEqual(
    [caughtError?.code, caughtError?.field, caughtError?.message],
    ['invalid_date_time', 'due[0].instant', 'invalid `due[0].instant` `x`: expected an instant such as `2026-03-08T07:00:00Z` or a local date-time such as `2026-03-08T02:00`'],
  );
  const d = wc.decideMisfires(spec, [{ key: 'preview|2026-01-01T09:00:00', instant: '2026-01-01T09:00' }], '2026-01-02T00:00:00Z');
  assert.equal(d[0].instant, '2026-01-01T14:00:00Z');
});

test('window options: the CLI\'s reader (tests/cli.rs window_options_read_as_in_js)', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/window-options.json', import.meta.url), 'utf8'));
  assert.ok(fixture.errors.length >= 6);
  for (const c of fixture.errors) {
    let caughtError;
    try {
      wc.expand(fixture.spec, c.options);
    } catch (e) {
      caughtError = e;
    }
    assert.deepEqual([caughtError?.code, caughtError?.field, caughtError?.message], [c.code, c.field, c.js], JSON.stringify(c.options));
  }
  for (const c of fixture.reads) {
    assert.deepEqual(wc.expand(fixture.spec, c.options).entries.map((e) => e.instant), c.instants, JSON.stringify(c.options));
  }
  // Bare dates are local midnights in the windows of notices and diff too.
  const ny = { timeZone: 'America/New_York', start: '2026-03-01T02:30', rrule: 'FREQ=DAILY' };
  assert.deepEqual(wc.notices(ny, { from: '2026-03-01', to: '2026-04-01' }), wc.notices(ny, { from: '2026-03-01T00:00', to: '2026-04-01T00:00' }));
  assert.equal(wc.notices(ny, { from: '2026-03-01', to: '2026-04-01' }).entries[0].nominal, '2026-03-08T02:30:00');
  assert.equal(wc.diff(ny, { ...ny, gap: 'shift' }, { from: '2026-03-08', to: '2026-03-09' }).changes.length, 1);
  // Each bound of notices and diff is required, and read, in turn.
  const codeField = (f) => {
    try {
      f();
    } catch (e) {
      return [e.code, e.field, e.message];
    }
    return null;
  };
  const required = (field) => ['invalid_option', field, `\`${field}\` is required: expected an instant or a local date-time, e.g. \`2026-03-01T00:00:00Z\``];
  assert.deepEqual(codeField(() => wc.notices(ny, { to: 'x' })), required('from'));
  assert.deepEqual(codeField(() => wc.diff(ny, ny, { from: 'x' })).slice(0, 2), ['invalid_date_time', 'from']);
  assert.deepEqual(codeField(() => wc.notices(ny, { from: '2026-03-01' })), required('to'));
  // `now` and durations are command-line forms: the package reads no clock
  // and has no duration reader; they get the instant's error.
  for (const [options, field] of [[{ from: 'now', limit: 1 }, 'from'], [{ to: 'P7D' }, 'to'], [{ from: '2026-03-01', to: '+7d' }, 'to']]) {
    let caughtError;
    try {
      wc.expand(ny, options);
    } catch (e) {
      caughtError = e;
    }
    assert.deepEqual([caughtError?.code, caughtError?.field], ['invalid_date_time', field], JSON.stringify(options));
    assert.match(caughtError.message, /expected an instant such as/);
  }
});

test('diff has the CLI\'s `warnings` key; `empty_window` is the command line\'s only (DESIGN.md, "What the package leaves out")', () => {
  const old = { id: 'daily', timeZone: 'America/New_York', start: '2026-03-06T02:30', rrule: 'FREQ=DAILY;COUNT=4' };
  const empty = wc.diff(old, { ...old, gap: 'shift' }, { from: '2026-12-02T00:00:00Z', to: '2027-12-02T00:00:00Z' });
  assert.deepEqual([empty.identical, empty.summary.unchanged, empty.warnings], [true, 0, []]);
  assert.deepEqual(Object.keys(empty), ['tzdb', 'identical', 'summary', 'fields', 'changes', 'warnings']);
  const shown = wc.diff(old, { ...old, gap: 'shift' }, { from: '2026-03-06T07:30:00Z', to: '2027-03-06T07:30:00Z' });
  assert.deepEqual([shown.summary.changed, shown.warnings], [1, []]);
});

test('due lists are checked as `wallclock misfire` checks them (tests/cli.rs misfire_checks_due_lists_as_js_does)', () => {
  // tests/fixtures/due-checks.json: the CLI gives these errors and warnings word for word.
  const { spec, now, cases } = JSON.parse(readFileSync(new URL('../fixtures/due-checks.json', import.meta.url), 'utf8'));
  const byWhy = Object.fromEntries(cases.map((c) => [c.why, c]));
  const thrown = (due) => {
    try {
      wc.decideMisfires(spec, due, now);
    } catch (e) {
      assert.ok(e instanceof Error);
      return { code: e.code, field: e.field, message: e.message };
    }
    return null;
  };
  assert.equal(thrown(byWhy['a key of another schedule'].due)?.field, 'due');
  assert.match(thrown(byWhy['a key listed twice'].due)?.message ?? '', /listed twice/);
  const future = wc.decideMisfires(spec, byWhy['entries after now are not decided, and say so'].due, now);
  assert.equal(future.warnings[0].code, 'not_due');
  assert.ok(!future.some((d) => d.key === 'daily|2026-10-23T09:00:00'), 'the future entry is not decided');
  for (const c of cases) {
    if (c.error) {
      assert.deepEqual(thrown(c.due), c.error, c.why);
      continue;
    }
    const d = wc.decideMisfires(spec, c.due, now);
    assert.ok(Array.isArray(d), c.why);
    assert.deepEqual(d.map((x) => x.key), c.decided, c.why);
    assert.deepEqual(d.warnings, c.warnings, c.why);
    // The warnings ride on the array: its JSON is still the CLI's stdout.
    assert.ok(!JSON.stringify(d).includes('not_due'), c.why);
  }
  assertStillWorks();
});

test('describe(spec, now): the coming years, as `wallclock describe --now` (tests/cli.rs describe_now_speaks_of_the_coming_years_as_js_does)', () => {
  const cases = JSON.parse(readFileSync(new URL('../fixtures/describe-now.json', import.meta.url), 'utf8'));
  for (const c of cases) {
    assert.equal(wc.describe(c.spec, c.now), c.text, c.why);
    assert.equal(wc.describe(c.spec), c.fromStart, c.why);
    assert.equal(wc.describe(c.spec, undefined), c.fromStart, c.why);
    assert.equal(wc.describe(c.spec, null), c.fromStart, c.why);
  }
  // A local date-time is read in the spec's zone, as the CLI's `--now`.
  assert.equal(wc.describe(cases[1].spec, '2026-06-01T02:00'), cases[1].text);
  const caught = (now) => {
    try {
      wc.describe(cases[0].spec, now);
    } catch (e) {
      return [e.code, e.field];
    }
    return null;
  };
  assert.deepEqual(caught('soon'), ['invalid_date_time', 'now']);
  assert.deepEqual(caught(Date.parse('2026-06-01T00:00:00Z')), ['invalid_option', 'now']);
  assertStillWorks();
});

test('wallclock-check: exit codes, positions, notices', () => {
  const bin = join(consumer, 'node_modules', '.bin', 'wallclock-check');
  const dir = mkdtempSync(join(tmpdir(), 'wallclock-check-'));
  const run = (file) =>
    spawnSync(bin, [file, '--now', '2026-01-01T00:00:00Z'], { encoding: 'utf8' });

  const good = join(dir, 'good.json');
  writeFileSync(good, JSON.stringify([
    { id: 'a', timeZone: 'America/New_York', start: '2026-01-05T02:30', rdate: ['2026-03-08T02:30'] },
    { id: 'b', timeZone: 'Europe/Berlin', start: '2026-06-01T09:00' },
  ]));
  const ok = run(good);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /spec 1: valid \(a\)/);
  assert.match(ok.stdout, /2026-03-08T02:30:00 skipped: 02:30 does not exist/);
  assert.match(ok.stdout, /spec 2: valid \(b\); no DST notices/);

  const badRrule = { timeZone: 'UTC', start: '2026-01-01T09:00', rrule: 'FREQ=DAILY;BYHOUR=24' };
  const bad = join(dir, 'rules.json');
  writeFileSync(bad, [
    JSON.stringify({ timeZone: 'UTC', start: '2026-01-01T09:00' }),
    JSON.stringify(badRrule),
    JSON.stringify({ timeZone: 'UTC', start: '2026-13-01T09:00' }),
    '',
  ].join('\n'));
  const fail = run(bad);
  assert.equal(fail.status, 1, fail.stdout + fail.stderr);
  // The position is printed as field@position whenever the error has one.
  const e = callSafely(() => wc.validate(badRrule), 'bad rrule');
  const where = e.position === undefined ? `${e.field}: ` : `${e.field}@${e.position}: `;
  assert.ok(fail.stderr.includes(`rules.json: spec 2: ${where}${e.message}`), fail.stderr);
  assert.match(fail.stderr, /rules\.json: spec 3: start: invalid `start` `2026-13-01T09:00`/);
  assert.match(fail.stdout, /spec 1: valid \(preview\)/);

  const usage = spawnSync(bin, [], { encoding: 'utf8' });
  assert.equal(usage.status, 2);

  // --now is an instant with Z or an offset: a local time would depend on
  // the machine's zone; a year past 9998 has no notices year to print.
  for (const now of ['2026-03-08T02:30', '0', 'March 7, 2026', '275760-09-13', '9999-06-01T00:00:00Z']) {
    const r = spawnSync(bin, [good, '--now', now], { encoding: 'utf8' });
    assert.equal(r.status, 2, `--now ${now}: ${r.stderr}`);
    assert.match(r.stderr, /--now needs an instant with Z or an offset/, now);
  }
  // The window is `noticeEnd`'s: 29 February 2028 to 28 February 2029 (in UTC a year
  // from 29 February would end on 1 March).
  const leap = spawnSync(bin, [good, '--now', '2028-02-29T12:00:00Z'], { encoding: 'utf8' });
  assert.equal(leap.status, 0, leap.stderr);
  assert.match(leap.stdout, /spec 2: valid \(b\); no DST notices from 2028-02-29T12:00:00Z to 2029-02-28T12:00:00Z/);
  const offset = spawnSync(bin, [good, '--now', '2025-12-31T19:00:00-05:00'], { encoding: 'utf8' });
  assert.equal(offset.status, 0, offset.stderr);
  assert.equal(offset.stdout, ok.stdout, 'the same instant as 2026-01-01T00:00:00Z');
  const unknown = spawnSync(bin, ['--bogus', good], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown option `--bogus`/);
  const dashed = spawnSync(bin, ['--now', '2026-01-01T00:00:00Z', '--', good], { encoding: 'utf8' });
  assert.equal(dashed.stdout, ok.stdout, '`--` ends the options');
  for (const [name, text] of [['empty.json', ''], ['none.json', '[]']]) {
    writeFileSync(join(dir, name), text);
    const r = run(join(dir, name));
    assert.equal(r.status, 1, name);
    assert.match(r.stderr, /no spec/, name);
  }
});

// A property set to `undefined` is absent (TypeScript's optional
// properties, `{ ...spec, gap: opts.gap }`); `null` is still refused where
// a string belongs.
test('undefined spec and option properties are absent', () => {
  const base = { timeZone: 'America/New_York', start: '2026-03-06T02:30', rrule: 'FREQ=DAILY;COUNT=4' };
  const plain = wc.expand(base);
  for (const key of ['id', 'revision', 'rdate', 'exdate', 'gap', 'fold', 'invalidDate', 'misfire', 'maxLateness', 'maxCatchUp', 'grace', 'overlap', 'timeout']) {
    assert.deepEqual(wc.expand({ ...base, [key]: undefined }), plain, key);
  }
  assert.deepEqual(wc.expand(base, { limit: undefined, from: undefined }), plain, 'options');
  const missing = callSafely(() => wc.validate({ ...base, start: undefined }), 'start: undefined');
  assert.deepEqual([missing.code, missing.field], ['invalid_spec', 'start']);
  const nul = callSafely(() => wc.validate({ ...base, gap: null }), 'gap: null');
  assert.equal(nul.field, 'gap');
});

// The bindings read JS objects by hand with the wording serde (through
// serde-wasm-bindgen) gave: pinned here, with the float formatting they
// build from JavaScript's digits.
test('type errors keep serde wording and paths', () => {
  const base = { timeZone: 'America/New_York', start: '2026-03-06T02:30' };
  const caught = (f) => {
    try {
      f();
    } catch (e) {
      return [e.code, e.message, e.field];
    }
    return null;
  };
  const spec = (extra) => caught(() => wc.validate({ ...base, ...extra }));
  const u32 = 'expected u32';
  assert.deepEqual(spec({ revision: 1.5 }), ['invalid_spec', `invalid spec field \`revision\`: invalid type: floating point \`1.5\`, ${u32}`, 'revision']);
  assert.deepEqual(spec({ revision: 1e21 }), ['invalid_spec', `invalid spec field \`revision\`: invalid type: floating point \`1000000000000000000000.0\`, ${u32}`, 'revision']);
  assert.deepEqual(spec({ revision: -1 }), ['invalid_spec', `invalid spec field \`revision\`: invalid type: floating point \`-1.0\`, ${u32}`, 'revision']);
  assert.deepEqual(spec({ revision: 4294967296 }), ['invalid_spec', `invalid spec field \`revision\`: invalid value: integer \`4294967296\`, ${u32}`, 'revision']);
  assert.deepEqual(spec({ revision: '5' }), ['invalid_spec', `invalid spec field \`revision\`: invalid type: string "5", ${u32}`, 'revision']);
  assert.deepEqual(spec({ id: 1e-7 }), ['invalid_spec', 'invalid spec field `id`: invalid type: floating point `0.0000001`, expected a string', 'id']);
  // A lone surrogate would read as U+FFFD: two ids, one set of keys.
  const lone = 'invalid value: a string with a lone surrogate, expected well-formed Unicode';
  assert.deepEqual(spec({ id: 'job\uD800' }), ['invalid_spec', `invalid spec field \`id\`: ${lone}`, 'id']);
  assert.deepEqual(spec({ rdate: ['2026-03-09T09:00\uDC00'] }), ['invalid_spec', `invalid spec field \`rdate[0]\`: ${lone}`, 'rdate[0]']);
  assert.equal(wc.validate({ ...base, id: 'job\u{1F600}' }).valid, true, 'a surrogate pair is well formed');
  assert.deepEqual(spec({ id: null }), ['invalid_spec', 'invalid spec field `id`: invalid type: unit value, expected a string', 'id']);
  assert.deepEqual(spec({ gap: true }), ['invalid_policy', 'invalid type: boolean `true`, expected a string', 'gap']);
  assert.deepEqual(spec({ rdate: 5 }), ['invalid_spec', 'invalid spec field `rdate`: invalid type: floating point `5.0`, expected a sequence', 'rdate']);
  assert.deepEqual(spec({ exdate: true }), ['invalid_spec', 'invalid spec field `exdate`: invalid type: boolean `true`, expected a sequence', 'exdate']);
  assert.deepEqual(spec({ rdate: ['2026-03-09T09:00', 2] }), ['invalid_spec', 'invalid spec field `rdate[1]`: invalid type: floating point `2.0`, expected a string', 'rdate[1]']);
  assert.deepEqual(spec({ bogus: 1 }), ['invalid_spec', 'invalid spec field `bogus`: unknown field `bogus`, expected one of `id`, `revision`, `timeZone`, `start`, `rrule`, `rdate`, `exdate`, `gap`, `fold`, `invalidDate`, `misfire`, `maxLateness`, `maxCatchUp`, `grace`, `overlap`, `timeout`', 'bogus']);
  assert.deepEqual(caught(() => wc.validate({ timeZone: 'UTC' })), ['invalid_spec', 'invalid spec field `start`: missing field `start`', 'start']);
  // The path is the key read last (a list item's own path for an item that is not a string),
  // and the object's after the last key, as serde_path_to_error gives the CLI.
  assert.deepEqual(spec({ rdate: ['2026-03-09T09:00', null] }), ['invalid_spec', 'invalid spec field `rdate[1]`: invalid type: unit value, expected a string', 'rdate[1]']);
  assert.deepEqual(spec({ rrule: ['FREQ=DAILY', true] }), ['invalid_spec', 'invalid spec field `rrule[1]`: invalid type: boolean `true`, expected a string', 'rrule[1]']);
  assert.deepEqual(spec({ exdate: ['x', 7] }), ['invalid_spec', 'invalid spec field `exdate[1]`: invalid type: floating point `7.0`, expected a string', 'exdate[1]']);
  assert.deepEqual(spec({ bogus: 1, gap: 'later' })[2], 'bogus');
  assert.deepEqual(spec({ gap: 'later', bogus: 1 }), ['invalid_policy', 'invalid `gap` value `later`: expected one of `skip`, `shift`, `snap`, e.g. `"gap": "shift"`', 'gap']);
  assert.deepEqual(caught(() => wc.validate({ start: '2026-01-01', gap: 'skip' })), ['invalid_spec', 'invalid spec field `timeZone`: missing field `timeZone`', 'timeZone']);
  const expand = (o) => caught(() => wc.expand(base, o));
  assert.deepEqual(expand({ limit: 1.5 }), ['invalid_option', 'invalid `limit` `1.5`: expected a whole number of 1 or more, e.g. `limit: 50`', 'limit']);
  assert.deepEqual(expand({ limit: -2.5e25 }), ['invalid_option', 'invalid `limit` `-25000000000000000000000000`: expected a whole number of 1 or more, e.g. `limit: 50`', 'limit']);
  assert.deepEqual(expand({ limit: '3' }), ['invalid_option', 'invalid options: invalid type: string "3", expected f64', 'limit']);
  assert.deepEqual(expand({ from: 1 }), ['invalid_option', 'invalid options: invalid type: floating point `1.0`, expected a string', 'from']);
  assert.deepEqual(expand({ bogus: 1 }), ['invalid_option', 'invalid options: unknown field `bogus`, expected one of `limit`, `from`, `to`, `lang`', 'bogus']);
  assert.deepEqual(caught(() => wc.notices(base, { from: 'x', y: 1 })), ['invalid_option', 'invalid options: unknown field `y`, expected one of `from`, `to`, `lang`', 'y']);
  // In Chinese, serde's description of a wrong kind is worded too, with the same code and path.
  const zh = (extra, lang = 'zh-CN') => caught(() => wc.validate({ ...base, ...extra }, { lang }));
  assert.deepEqual(zh({ start: {} }), ['invalid_spec', '计划字段`start`无效：类型无效：对象，应为字符串', 'start']);
  assert.deepEqual(zh({ rrule: [[]] }), ['invalid_spec', '计划字段`rrule[0]`无效：类型无效：数组，应为字符串', 'rrule[0]']);
  assert.deepEqual(zh({ rrule: 5 }, 'zh-TW'), ['invalid_spec', '排程欄位`rrule`無效：型別無效：浮點數`5.0`，應為RRULE字串或其清單', 'rrule']);
  assert.deepEqual(zh({ id: null }), ['invalid_spec', '计划字段`id`无效：类型无效：空值，应为字符串', 'id']);
  assert.deepEqual(zh({ id: 'job\uD800' }, 'zh-TW'), ['invalid_spec', '排程欄位`id`無效：值無效：含孤立代理項的字串，應為格式正確的Unicode文字', 'id']);
  assert.deepEqual(zh({ revision: '5' }), ['invalid_spec', '计划字段`revision`无效：类型无效：字符串`"5"`，应为0至4294967295的整数', 'revision']);
  assert.deepEqual(zh({ gap: true }), ['invalid_policy', '`gap`的值无效：类型无效：布尔值`true`，应为字符串', 'gap']);
  assert.deepEqual(
    caught(() => wc.expand(base, { limit: '3', lang: 'zh-CN' })),
    ['invalid_option', '选项无效：类型无效：字符串`"3"`，应为数字', 'limit'],
  );
  assert.deepEqual(caught(() => wc.decideMisfires(base, [{ key: 'k' }], '2026-03-09T00:00:00Z')), ['invalid_option', 'invalid `due[0]`: missing field `instant`', 'due[0]']);
});

// The page asks the package for an instant of a local time and for the
// outage simulation instead of computing them itself.
test('instantAt: instants and local date-times in a zone', () => {
  const ny = (text) => wc.instantAt('America/New_York', text);
  assert.equal(ny('2026-03-08T02:30'), Date.parse('2026-03-08T07:30:00Z'), 'a gap time: the offset before the gap');
  assert.equal(ny('2026-11-01T01:30'), Date.parse('2026-11-01T05:30:00Z'), 'a repeated time: the first');
  assert.equal(ny('2026-11-01T01:30:00-05:00'), Date.parse('2026-11-01T06:30:00Z'));
  assert.equal(wc.instantAt('UTC', '2026-03-08T02:30:00Z'), Date.parse('2026-03-08T02:30:00Z'));
  const caught = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof Error);
      return [e.code, e.field];
    }
    return null;
  };
  assert.deepEqual(caught(() => ny('soon')), ['invalid_date_time', 'text']);
  assert.deepEqual(caught(() => wc.instantAt('America/NewYork', '2026-03-08T02:30')), ['unknown_time_zone', 'timeZone']);
  assert.deepEqual(caught(() => wc.instantAt(undefined, '2026-03-08T02:30')), ['invalid_option', 'timeZone']);
  assert.deepEqual(caught(() => wc.instantAt('UTC', { text: 1 })), ['invalid_option', 'text']);
  for (const bad of [undefined, null, 5, 'x'.repeat(100000), '2026-03-08T02:30\uD800', [], {}, () => 1, Symbol('s'), 1n]) {
    callSafely(() => recorded.instantAt('Europe/Dublin', bad), 'instantAt');
    callSafely(() => recorded.instantAt(bad, '2026-03-08T02:30'), 'instantAt zone');
  }
  assertStillWorks();
});

test('simulateOutage: missed executions and the newest decisions', () => {
  const spec = { id: 'job', timeZone: 'America/New_York', start: '2026-03-01T09:00', rrule: 'FREQ=HOURLY', misfire: 'latest_only' };
  const out = wc.simulateOutage(spec, { down: '2026-03-01T09:00', back: '2026-03-02T09:00', decide: 10, show: 3 });
  assert.deepEqual(
    [out.missed, out.decided, out.leftOut, out.hidden, out.counts],
    [24, 10, 14, 7, { run: 1, coalesced: 9, skipped: 0, expired: 0 }],
  );
  assert.deepEqual(out.decisions.map((d) => [d.key, d.nominal, d.fold, d.instant, d.lateness, d.decision]), [
    ['job|2026-03-02T07:00:00', '2026-03-02T07:00:00', 0, '2026-03-02T12:00:00Z', 'PT2H', 'coalesced'],
    ['job|2026-03-02T08:00:00', '2026-03-02T08:00:00', 0, '2026-03-02T13:00:00Z', 'PT1H', 'coalesced'],
    ['job|2026-03-02T09:00:00', '2026-03-02T09:00:00', 0, '2026-03-02T14:00:00Z', 'PT0S', 'run'],
  ]);
  // The defaults: every one decided (fewer than 5000), every one shown (fewer than 1000).
  const all = wc.simulateOutage({ ...spec, misfire: undefined }, { down: '2026-03-01T14:00:00Z', back: '2026-03-01T20:00:00Z' });
  assert.deepEqual([all.missed, all.decided, all.decisions.length, all.counts.run], [6, 6, 6, 6]);
  // The same decisions as decideMisfires on the same due list.
  const due = all.decisions.map(({ key, instant }) => ({ key, instant }));
  assert.deepEqual(
    wc.decideMisfires(spec, due, '2026-03-01T20:00:00Z').map((d) => d.decision),
    wc.simulateOutage(spec, { down: '2026-03-01T14:00:00Z', back: '2026-03-01T20:00:00Z' }).decisions.map((d) => d.decision),
  );
  const caught = (o) => {
    try {
      wc.simulateOutage(spec, o);
    } catch (e) {
      return [e.code, e.field];
    }
    return null;
  };
  assert.deepEqual(caught({ down: '2026-03-02T09:00', back: '2026-03-01T09:00' }), ['invalid_option', 'back']);
  assert.deepEqual(caught({ back: '2026-03-01T09:00' }), ['invalid_option', 'down']);
  assert.deepEqual(caught({ down: '2026-03-01T09:00', back: '2026-03-02T09:00', show: 1001 }), ['invalid_option', 'show']);
  assert.deepEqual(caught({ down: '2026-03-01T09:00', back: '2026-03-02T09:00', decide: 1.5 }), ['invalid_option', 'decide']);
  assert.deepEqual(caught({ down: '2026-03-01T09:00', back: '2026-03-02T09:00', bogus: 1 }), ['invalid_option', 'bogus']);
  assert.deepEqual(
    caught({ down: '2026-03-01T09:00', back: '2040-01-01T00:00' }),
    ['limit_exceeded', 'back'],
    'more than 100 000 missed executions',
  );
  assertStillWorks();
});

test('expand: keys are made by Rust, whatever the id', () => {
  const spec = { id: 'jöb😀', timeZone: 'America/New_York', start: '2026-11-01T01:30', fold: 'both', rrule: 'FREQ=DAILY;COUNT=2' };
  assert.deepEqual(wc.expand(spec).entries.slice(0, 2).map((e) => e.key), [
    'jöb😀|2026-11-01T01:30:00',
    'jöb😀|2026-11-01T01:30:00|fold=1',
  ]);
});

test('zone names: did you mean, aliases and signs warned about, canonical names out', () => {
  const message = (zone) => {
    try {
      wc.validate({ timeZone: zone, start: '2026-03-01T09:00' });
    } catch (e) {
      assert.equal(e.code, 'unknown_time_zone');
      return e.message;
    }
    assert.fail(`${zone} was accepted`);
  };
  assert.match(message('Europe/Londn'), /did you mean `Europe\/London`\?$/);
  assert.match(message('Londn'), /did you mean `Europe\/London`\?$/);
  // The Windows table is native-only: the package does not know these names.
  assert.match(message('W. Europe Standard Time'), /unknown time zone/);

  const alias = wc.expand({ timeZone: 'US/Eastern', start: '2026-03-01T09:00' });
  assert.equal(alias.warnings[0].code, 'zone_alias');
  assert.match(alias.warnings[0].message, /`US\/Eastern` is an alias of `America\/New_York`/);
  assert.ok(alias.entries[0].local.endsWith('[America/New_York]'), alias.entries[0].local);
  const codes = (zone) =>
    wc.validate({ timeZone: zone, start: '2026-03-01T09:00' }).warnings.map((w) => w.code);
  assert.deepEqual(codes('EST'), ['zone_alias', 'fixed_offset_zone']);
  assert.deepEqual(codes('Etc/GMT+5'), ['reversed_sign_zone']);
  assert.deepEqual(codes('Europe/London'), []);
});

test('an EXDATE that matches nothing and an RDATE the rule gives are warned about, as in the CLI', () => {
  const spec = {
    timeZone: 'Europe/Berlin', start: '2026-03-02T09:00', rrule: 'FREQ=DAILY;COUNT=5',
    exdate: ['2026-03-03T09:30', '2026-03-04T09:00', '2026-03-20T09:00'],
    rdate: ['2026-03-05T09:00'],
  };
  const warnings = wc.validate(spec).warnings;
  assert.deepEqual(warnings.map((w) => w.code), ['exdate_unmatched', 'exdate_unmatched', 'rdate_duplicate']);
  assert.match(warnings[0].message, /`exdate` 2026-03-03T09:30:00 matches no occurrence, so it removes nothing \(on 2026-03-03 it runs at 09:00\)/);
  assert.match(warnings[1].message, /the schedule has no occurrence on 2026-03-20/);
  assert.deepEqual(wc.expand(spec, {}).warnings, warnings);
});

test('several rules: their union, one key per time, errors naming the rule', () => {
  // cron's `30 2 1-8 * 0`: days 1 to 8, or Sundays; 8 March is both, and skipped.
  const cron = {
    id: 'cron', timeZone: 'America/New_York', start: '2026-03-01T02:30',
    rrule: ['FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8', 'FREQ=WEEKLY;BYDAY=SU'],
  };
  const x = wc.expand(cron, { to: '2026-03-30T00:00:00Z' });
  assert.deepEqual(
    x.entries.map((e) => [e.key.slice(5, 15), e.status]),
    [
      ['2026-03-01', 'scheduled'], ['2026-03-02', 'scheduled'], ['2026-03-03', 'scheduled'],
      ['2026-03-04', 'scheduled'], ['2026-03-05', 'scheduled'], ['2026-03-06', 'scheduled'],
      ['2026-03-07', 'scheduled'], ['2026-03-08', 'skipped'], ['2026-03-15', 'scheduled'],
      ['2026-03-22', 'scheduled'], ['2026-03-29', 'scheduled'],
    ],
  );
  assert.deepEqual(
    Array.from(wc.expandInstants(cron, { to: '2026-03-30T00:00:00Z' })),
    x.entries.filter((e) => e.instant).map((e) => Date.parse(e.instant)),
  );
  // Each rule's COUNT counts its own occurrences, as in RFC 5545.
  const counted = { timeZone: 'UTC', start: '2026-03-01T09:00', rrule: ['FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3'] };
  assert.deepEqual(wc.expand(counted).entries.map((e) => e.nominal.slice(5, 10)), ['03-01', '03-02', '03-03', '03-09', '03-16']);
  assert.deepEqual(wc.validate(counted).rrule, ['FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY;COUNT=3;BYDAY=MO']);
  assert.equal(wc.validate({ ...counted, rrule: ['FREQ=DAILY;COUNT=3'] }).rrule, 'FREQ=DAILY;COUNT=3');
  assert.match(wc.describe(counted), /^Every day at 09:00 in UTC, starting 2026-03-01, 3 times\. Also every Monday at 09:00 in UTC, starting 2026-03-01, 3 times\. A time more than one rule generates runs once\./);
  // iCalendar: one RRULE line per rule, and back.
  const ics = wc.toICal(counted);
  assert.match(ics, /\r\nRRULE:FREQ=DAILY;COUNT=3\r\nRRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO\r\n/);
  assert.deepEqual(wc.parseICal(ics).rrule, ['FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY;COUNT=3;BYDAY=MO']);
  const d = wc.diff(counted, { ...counted, rrule: ['FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY;BYDAY=MO;COUNT=4'] }, { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
  assert.deepEqual(d.changes.map((c) => [c.change, c.key, c.reason]), [
    ['added', 'preview|2026-03-23T09:00:00', '`rrule` `FREQ=DAILY;COUNT=3 + FREQ=WEEKLY;COUNT=3;BYDAY=MO` → `FREQ=DAILY;COUNT=3 + FREQ=WEEKLY;COUNT=4;BYDAY=MO`'],
  ]);

  const caught = (rrule) => {
    try {
      wc.validate({ timeZone: 'UTC', start: '2026-03-01T09:00', rrule });
    } catch (e) {
      return [e.code, e.field, e.position, e.message];
    }
    return null;
  };
  assert.deepEqual(caught(['FREQ=DAILY', 'FREQ=DAILY;BYHOUR=24']), [
    'invalid_rrule', 'rrule[1]', 18, 'invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17`',
  ]);
  assert.deepEqual(caught(['FREQ=DAILY', 5]).slice(0, 2), ['invalid_spec', 'rrule[1]']);
  assert.deepEqual(caught([]).slice(0, 2), ['invalid_rrule', 'rrule']);
  assert.deepEqual(caught(Array(65).fill('FREQ=DAILY')), ['limit_exceeded', 'rrule', undefined, '`rrule` has 65 rules: at most 64 are accepted']);
  // A huge list is refused before it is copied.
  assert.equal(caught(Array(1e6).fill('FREQ=DAILY'))[0], 'limit_exceeded');
  assert.deepEqual(caught({ 0: 'FREQ=DAILY' }), [
    'invalid_spec', 'rrule', undefined, 'invalid spec field `rrule`: invalid type: an object, expected an RRULE string or a list of them',
  ]);
  assert.deepEqual(caught(['FREQ=DAILY', ['FREQ=DAILY']]).slice(0, 2), ['invalid_spec', 'rrule[1]']);
  assert.deepEqual(caught(5).slice(0, 2), ['invalid_spec', 'rrule']);
  assertStillWorks();
});
