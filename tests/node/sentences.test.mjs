// tests/fixtures/sentences.json through the packed package: every example
// call made with `lang` in English, Simplified and Traditional Chinese gives
// the fixture's text, byte for byte what the native tests (tests/sentences.rs)
// check the Rust calls give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const consumer =
  process.env.WALLCLOCK_CONSUMER ??
  fileURLToPath(new URL('../../target/npm-consumer', import.meta.url));
const wc = await import(pathToFileURL(join(consumer, 'index.js')).href);

const fixture = JSON.parse(readFileSync(new URL('../fixtures/sentences.json', import.meta.url), 'utf8'));
const LANGS = ['en', 'zh-CN', 'zh-TW'];

/** What `console.warn` is given while `f` runs. */
function warnings(f) {
  const seen = [];
  const warn = console.warn;
  console.warn = (...args) => seen.push(args.join(' '));
  try {
    f();
  } finally {
    console.warn = warn;
  }
  return seen;
}

/** The call as tests/sentences.rs makes it, in `lang`; a thrown error as `{ error }`. */
function call(name, args, lang) {
  const o = (x) => ({ ...(x ?? {}), lang });
  try {
    switch (name) {
      case 'expand':
        return wc.expand(args[0], o(args[1]));
      case 'notices':
        return wc.notices(args[0], o(args[1]));
      case 'validate':
        return wc.validate(args[0], o());
      case 'describe':
        return wc.describe(args[0], args[1] ?? null, o());
      case 'decideMisfires': {
        const decisions = wc.decideMisfires(args[0], args[1], args[2], o());
        return { decisions: [...decisions], warnings: decisions.warnings };
      }
      case 'diff':
        return wc.diff(args[0], args[1], o(args[2]));
      case 'simulateOutage':
        return wc.simulateOutage(args[0], o(args[1]));
      case 'parseICal':
        return wc.parseICal(args[0], o());
      case 'readLang': {
        // The package writes the warning in English, the language it falls back to.
        const seen = warnings(() => wc.validate({ timeZone: 'UTC', start: '2026-01-01T00:00' }, { lang: args[0] }));
        return { warning: seen[0]?.replace(/^wallclock: /, '') };
      }
      default:
        throw new Error(`unknown call ${name}`);
    }
  } catch (e) {
    if (e?.code === undefined) throw e;
    return { error: { code: e.code, message: e.message, field: e.field, position: e.position } };
  }
}

/** RFC 6901 JSON pointer. */
function pick(value, pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((v, key) => (v === undefined || v === null ? undefined : v[key]), value);
}

test('every example of tests/fixtures/sentences.json, in every language, as the native calls give it', () => {
  let checked = 0;
  for (const example of fixture) {
    if (example.node === false) continue;
    const langs = example.call === 'readLang' ? ['en'] : LANGS;
    for (const lang of langs) {
      const got = pick(call(example.call, example.args, lang), example.pick);
      assert.equal(got, example[lang], `${example.code} (${lang})`);
      checked += 1;
    }
  }
  assert.ok(checked > fixture.length, `only ${checked} texts checked`);
});

test('lang: aliases read as the language they name, an unknown tag is English with a warning', () => {
  const spec = { timeZone: 'America/New_York', start: '2026-03-08T02:30' };
  const note = (lang) => wc.expand(spec, { lang }).entries[0].notes[0].message;
  const cn = note('zh-CN');
  const tw = note('zh-TW');
  for (const tag of ['zh', 'zh-Hans', 'zh-SG', 'zh_CN', 'zh-Hans-HK']) assert.equal(note(tag), cn, tag);
  for (const tag of ['zh-Hant', 'zh-HK', 'zh-MO', 'zh_TW', 'zh-Hant-SG']) assert.equal(note(tag), tw, tag);
  assert.equal(note('en-GB'), note(undefined));
  assert.equal(wc.langOf('zh-Hant-HK'), 'zh-TW');
  assert.equal(wc.langOf('zh-SG'), 'zh-CN');
  assert.equal(wc.langOf('fr'), null);
  let en;
  const seen = warnings(() => {
    en = note('fr');
  });
  assert.equal(en, note('en'));
  assert.deepEqual(seen, ['wallclock: unknown language `fr`: expected `en`, `zh-CN` or `zh-TW`; writing English']);
  // A thrown error speaks the call's language; its code and field do not change.
  for (const [lang, message] of [
    ['en', /^unknown time zone `Mars\/Base`/],
    ['zh-CN', /Mars\/Base/],
  ]) {
    assert.throws(() => wc.validate({ timeZone: 'Mars/Base', start: '2026-01-01T00:00' }, { lang }), (e) => {
      assert.equal(e.code, 'unknown_time_zone');
      assert.equal(e.field, 'timeZone');
      assert.match(e.message, message);
      return true;
    });
  }
  // `lang` is a string option like any other: another type is refused.
  assert.throws(() => wc.expand(spec, { lang: 5 }), (e) => e.code === 'invalid_option' && e.field === 'lang');
  assert.throws(() => wc.describe(spec, null, { langs: 'zh-CN' }), (e) => e.code === 'invalid_option' && e.field === 'langs');
});

test('wallclock-check --lang: the package speaks the language, and so do the tool\'s own lines', () => {
  const bin = join(consumer, 'node_modules', '.bin', 'wallclock-check');
  const dir = mkdtempSync(join(tmpdir(), 'wallclock-check-lang-'));
  const file = join(dir, 'rules.json');
  const spec = { id: 'a', timeZone: 'America/New_York', start: '2026-01-05T02:30', rrule: 'FREQ=DAILY' };
  writeFileSync(file, JSON.stringify([spec, { timeZone: 'Mars/Base', start: '2026-01-01T00:00' }]));
  const env = { ...process.env };
  for (const name of ['WALLCLOCK_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) delete env[name];
  const run = (args, extra = {}) =>
    spawnSync(bin, [file, '--now', '2026-01-01T00:00:00Z', ...args], { encoding: 'utf8', env: { ...env, ...extra } });
  const note = (lang) => wc.notices(spec, { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z', lang }).entries[0].notes[0].message;
  const error = (lang) => {
    try {
      wc.validate({ timeZone: 'Mars/Base', start: '2026-01-01T00:00' }, { lang });
    } catch (e) {
      return e.message;
    }
    return null;
  };
  const cn = run(['--lang', 'zh-CN']);
  assert.equal(cn.status, 1, cn.stderr);
  assert.equal(
    cn.stdout,
    `${file}：第1个计划：有效（\`a\`）；从\`2026-01-01T00:00:00Z\`到\`2027-01-01T00:00:00Z\`的夏令时提示：\n` +
      `  2026-03-08T02:30:00 skipped：${note('zh-CN')}\n`,
  );
  assert.equal(cn.stderr, `${file}：第2个计划：timeZone：${error('zh-CN')}\n`);
  // The locale chooses when nothing else does; WALLCLOCK_LANG before it.
  const tw = run([], { LANG: 'zh_TW.UTF-8' });
  assert.ok(tw.stdout.includes(`第1個排程：有效（\`a\`）；從`), tw.stdout);
  assert.ok(tw.stdout.includes(note('zh-TW')), tw.stdout);
  assert.equal(run([], { LANG: 'zh_TW.UTF-8', WALLCLOCK_LANG: 'zh-CN' }).stdout, cn.stdout);
  const en = run([], { LANG: 'fr_FR.UTF-8' });
  assert.ok(en.stdout.startsWith(`${file}: spec 1: valid (a); DST notices from`), en.stdout);
  assert.ok(en.stdout.includes(note('en')));
  // A tag asked for in another language: English, with the package's warning once.
  const fr = run(['--lang', 'fr']);
  assert.equal(fr.stdout, en.stdout);
  assert.equal(fr.stderr.split('\n').filter((l) => l.includes('unknown language `fr`')).length, 1, fr.stderr);
});
