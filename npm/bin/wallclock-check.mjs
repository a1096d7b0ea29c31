#!/usr/bin/env node
// wallclock-check FILE [--now INSTANT]
//
// Validates a file of specs (one spec object, an array of specs, or JSON
// Lines), prints each error with its field and position
// (`rules.json: spec 2: rrule@14: invalid ...`), and the DST notices of the
// next 12 months for every valid spec. Exit status: 0 when every spec is
// valid, 1 when any is invalid, 2 on a usage or read error.
import { readFileSync } from 'node:fs';
import { noticeEnd, notices, validate } from '../node.js';

const USAGE = 'usage: wallclock-check FILE [--now INSTANT]';

/** The specs in `text`: a JSON value (object or array), else JSON Lines. */
function readSpecs(text) {
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
        errors.push(`line ${i + 1}: invalid JSON: ${e.message}`);
      }
    });
    return { specs, errors };
  }
}

/** `rrule@14: message`, `timeZone: message`, or the bare message. */
function describeError(e) {
  if (e === null || typeof e !== 'object') return String(e);
  const where = e.field === undefined ? '' : e.position === undefined ? `${e.field}: ` : `${e.field}@${e.position}: `;
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
function main(args, now, out = console.log, err = console.error) {
  let file;
  let options = true;
  for (let i = 0; i < args.length; i++) {
    if (options && args[i] === '--now') {
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
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    err(`wallclock-check: cannot read ${file}: ${e.message}`);
    return 2;
  }
  const { specs, errors } = readSpecs(text);
  for (const e of errors) err(`${file}: ${e}`);
  let invalid = errors.length;
  if (specs.length === 0 && errors.length === 0) {
    err(`${file}: no spec: expected a spec object, an array of them, or one per line`);
    return 1;
  }

  const from = iso(now);

  specs.forEach((spec, i) => {
    const label = `${file}: spec ${i + 1}`;
    try {
      validate(spec);
    } catch (e) {
      invalid += 1;
      err(`${label}: ${describeError(e)}`);
      return;
    }
    const id = typeof spec.id === 'string' ? spec.id : 'preview';
    // The next 12 months in the spec's zone, as `wallclock notices` has them.
    let to;
    let result;
    try {
      to = iso(noticeEnd(spec, from));
      result = notices(spec, { from, to });
    } catch (e) {
      out(`${label}: valid (${id}); notices unavailable: ${describeError(e)}`);
      return;
    }
    if (result.entries.length === 0) {
      out(`${label}: valid (${id}); no DST notices from ${from} to ${to}`);
      return;
    }
    out(`${label}: valid (${id}); DST notices from ${from} to ${to}:`);
    for (const entry of result.entries) {
      const messages = entry.notes.map((n) => n.message).join('; ');
      out(`  ${entry.nominal} ${entry.status}: ${messages}`);
    }
  });
  return invalid > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2), Date.now());
