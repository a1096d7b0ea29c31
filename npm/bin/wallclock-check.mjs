#!/usr/bin/env node
// wallclock-check FILE [--now INSTANT] [--lang LANG]
//
// Validates a file of specs (one spec object, an array of specs, or JSON
// Lines), prints each error with its field and position
// (`rules.json: spec 2: rrule@14: invalid ...`), and the DST notices of the
// next 12 months for every valid spec. Exit status: 0 when every spec is
// valid, 1 when any is invalid, 2 on a usage or read error.
//
// The language (`--lang`, else WALLCLOCK_LANG, else LC_ALL, LC_MESSAGES or
// LANG, else English) is the package's `lang` option: the errors and notes
// come from the package in it, and the few lines of this tool's own are in
// the table below. The usage line stays English, as `wallclock --help` does.
import { readFileSync } from 'node:fs';
import { langOf, noticeEnd, notices, validate } from '../node.js';

const USAGE = 'usage: wallclock-check FILE [--now INSTANT] [--lang LANG]';

/** This tool's own lines, in each language the package writes. */
const LINES = {
  en: {
    spec: (file, n) => `${file}: spec ${n}`,
    line: (n) => `line ${n}`,
    invalidJson: (why) => `invalid JSON: ${why}`,
    noSpec: 'no spec: expected a spec object, an array of them, or one per line',
    cannotRead: (file, why) => `cannot read ${file}: ${why}`,
    unavailable: (id, why) => `valid (${id}); notices unavailable: ${why}`,
    none: (id, from, to) => `valid (${id}); no DST notices from ${from} to ${to}`,
    some: (id, from, to) => `valid (${id}); DST notices from ${from} to ${to}:`,
    sep: ': ',
    semicolon: '; ',
  },
  'zh-CN': {
    spec: (file, n) => `${file}：第${n}个计划`,
    line: (n) => `第${n}行`,
    invalidJson: (why) => `JSON无效：\`${why}\``,
    noSpec: '没有计划：应为一个计划对象、计划对象的数组，或每行一个',
    cannotRead: (file, why) => `无法读取${file}：\`${why}\``,
    unavailable: (id, why) => `有效（\`${id}\`）；无法列出夏令时提示：${why}`,
    none: (id, from, to) => `有效（\`${id}\`）；从\`${from}\`到\`${to}\`没有夏令时提示`,
    some: (id, from, to) => `有效（\`${id}\`）；从\`${from}\`到\`${to}\`的夏令时提示：`,
    sep: '：',
    semicolon: '；',
  },
  'zh-TW': {
    spec: (file, n) => `${file}：第${n}個排程`,
    line: (n) => `第${n}行`,
    invalidJson: (why) => `JSON無效：\`${why}\``,
    noSpec: '沒有排程：應為一個排程物件、排程物件的陣列，或每行一個',
    cannotRead: (file, why) => `無法讀取${file}：\`${why}\``,
    unavailable: (id, why) => `有效（\`${id}\`）；無法列出日光節約時間提示：${why}`,
    none: (id, from, to) => `有效（\`${id}\`）；從\`${from}\`到\`${to}\`沒有日光節約時間提示`,
    some: (id, from, to) => `有效（\`${id}\`）；從\`${from}\`到\`${to}\`的日光節約時間提示：`,
    sep: '：',
    semicolon: '；',
  },
};

/** The specs in `text`: a JSON value (object or array), else JSON Lines. */
function readSpecs(text, say) {
  try {
    const value = JSON.parse(text);
    return { specs: Array.isArray(value) ? value : [value], errors: [] };
  } catch {
    const specs = [];
    const errors = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        specs.push(JSON.parse(line));
      } catch (e) {
        errors.push(`${say.line(i + 1)}${say.sep}${say.invalidJson(e.message)}`);
      }
    });
    return { specs, errors };
  }
}

/** `rrule@14: message`, `timeZone: message`, or the bare message. */
function describeError(e, say) {
  if (e === null || typeof e !== 'object') return String(e);
  const where = e.field === undefined ? '' : e.position === undefined ? `${e.field}${say.sep}` : `${e.field}@${e.position}${say.sep}`;
  return `${where}${e.message}`;
}

/** An ISO instant without milliseconds. */
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * `--now`: an RFC 3339 instant with `Z` or an offset (a local time would
 * depend on the machine's zone), from year 0001 to 9998 so that the year of
 * notices after it can be printed; epoch ms, or null.
 */
function parseNow(text) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text ?? '')) return null;
  const t = Date.parse(text);
  return Number.isFinite(t) && t >= Date.UTC(1, 0, 1) && t < Date.UTC(9999, 0, 1) ? t : null;
}

/** Runs the check; returns the exit status. `now` (epoch ms) is passed in, never read here. */
function main(args, now, env, out = console.log, err = console.error) {
  let file;
  let lang;
  let options = true;
  for (let i = 0; i < args.length; i++) {
    if (options && args[i] === '--lang' && i + 1 < args.length) {
      lang = args[++i];
    } else if (options && args[i].startsWith('--lang=')) {
      lang = args[i].slice('--lang='.length);
    } else if (options && args[i] === '--now') {
      const t = parseNow(args[++i]);
      if (t === null) {
        err(`wallclock-check: --now needs an instant with Z or an offset, e.g. 2026-03-01T00:00:00Z\n${USAGE}`);
        return 2;
      }
      now = t;
    } else if (options && (args[i] === '-h' || args[i] === '--help')) {
      out(USAGE);
      return 0;
    } else if (options && args[i] === '--') {
      options = false;
    } else if (options && args[i].startsWith('-') && args[i] !== '-') {
      err(`wallclock-check: unknown option \`${args[i]}\`\n${USAGE}`);
      return 2;
    } else if (file === undefined) {
      file = args[i];
    } else {
      err(`wallclock-check: unexpected argument \`${args[i]}\`\n${USAGE}`);
      return 2;
    }
  }
  if (file === undefined) {
    err(USAGE);
    return 2;
  }
  // As `wallclock` chooses: asked for (a tag the package does not write is
  // English, with the package's warning), else the locale, else English.
  lang ??= env.WALLCLOCK_LANG || undefined;
  if (lang === undefined) {
    const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v);
    lang = (locale && langOf(locale)) || 'en';
  }
  if (langOf(lang) === null) {
    // The package's `unknown_language` warning, once, then English.
    validate({ timeZone: 'UTC', start: '2026-01-01T00:00' }, { lang });
    lang = 'en';
  }
  const say = LINES[langOf(lang)];
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err(`wallclock-check${say.sep}${say.cannotRead(file, e.message)}`);
    return 2;
  }
  const { specs, errors } = readSpecs(text, say);
  for (const e of errors) err(`${file}${say.sep}${e}`);
  let invalid = errors.length;
  if (specs.length === 0 && errors.length === 0) {
    err(`${file}${say.sep}${say.noSpec}`);
    return 1;
  }

  const from = iso(now);

  specs.forEach((spec, i) => {
    const label = say.spec(file, i + 1);
    try {
      validate(spec, { lang });
    } catch (e) {
      invalid += 1;
      err(`${label}${say.sep}${describeError(e, say)}`);
      return;
    }
    const id = typeof spec.id === 'string' ? spec.id : 'preview';
    // The next 12 months in the spec's zone, as `wallclock notices` has them.
    let to;
    let result;
    try {
      to = iso(noticeEnd(spec, from, { lang }));
      result = notices(spec, { from, to, lang });
    } catch (e) {
      out(`${label}${say.sep}${say.unavailable(id, describeError(e, say))}`);
      return;
    }
    if (result.entries.length === 0) {
      out(`${label}${say.sep}${say.none(id, from, to)}`);
      return;
    }
    out(`${label}${say.sep}${say.some(id, from, to)}`);
    for (const entry of result.entries) {
      const messages = entry.notes.map((n) => n.message).join(say.semicolon);
      out(`  ${entry.nominal} ${entry.status}${say.sep}${messages}`);
    }
  });
  return invalid > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2), Date.now(), process.env);
