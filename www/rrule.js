// Two-way mapping between the rule builder's fields and RRULE text.
//
// The wasm `validate` is the authority on whether a rule is valid; this module
// only splits the text into parts so that the builder can show what it
// understands and keep, untouched, the parts it does not model (BYMONTH,
// BYSETPOS, WKST, mixed BYDAY ordinals, ...).

import { t } from './page/i18n.js';

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The BYDAY ordinals the builder's "which one" choice offers ('' = every such weekday). */
export const NTH_CHOICES = ['', '1', '2', '3', '4', '-2', '-1'];

/**
 * The builder controls that write each part: while a part is kept from the
 * text, these controls are disabled and write nothing (a part never twice).
 */
export const PART_CONTROLS = { BYDAY: 'days', BYHOUR: 'times', BYMINUTE: 'times' };

/** Splits `FREQ=DAILY;COUNT=4` (an optional `RRULE:` prefix) into [[KEY, value], ...]. */
export function splitRule(text) {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) return [];
  return body.split(';').filter(Boolean).map((p) => {
    const i = p.indexOf('=');
    return i < 0 ? [p.toUpperCase(), ''] : [p.slice(0, i).toUpperCase(), p.slice(i + 1)];
  });
}

/** `YYYYMMDD[THHMMSS][Z]` → `YYYY-MM-DD[THH:MM[:SS]][Z]` (what the until field shows). */
function untilToField(v) {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?(Z?)$/i.exec(v);
  if (!m) return v;
  let s = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4]) s += `T${m[4]}:${m[5]}${m[6] !== '00' ? ':' + m[6] : ''}`;
  return s + (m[7] ? 'Z' : '');
}

/** The inverse of untilToField; text the field cannot read is passed through (wasm reports it). */
function fieldToUntil(v) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(Z?)$/i.exec(v.trim());
  if (!m) return v.trim().replace(/[-:]/g, '');
  let s = `${m[1]}${m[2]}${m[3]}`;
  if (m[4]) s += `T${m[4]}${m[5]}${m[6] || '00'}`;
  return s + (m[7] ? 'Z' : '');
}

/**
 * RRULE text → builder model. Always succeeds; what the builder cannot show
 * stays in `extras` (and `custom` lists those part names for the UI).
 */
export function ruleToModel(text) {
  const model = {
    freq: '', interval: 1, days: [], nth: '', mdMode: '', monthDays: '',
    times: '', end: 'never', count: '', until: '', extras: [], custom: [],
  };
  const parts = splitRule(text);
  let hours = null;
  let minutes = null;
  for (const [k, v] of parts) {
    switch (k) {
      case 'FREQ': model.freq = v.toUpperCase(); break;
      case 'INTERVAL': model.interval = v; break;
      case 'COUNT': model.end = 'count'; model.count = v; break;
      case 'UNTIL': model.end = 'until'; model.until = untilToField(v); break;
      case 'BYDAY': {
        const items = v.split(',').map((d) => /^([+-]?\d{0,2})([A-Za-z]{2})$/.exec(d.trim()));
        const ords = new Set(items.map((m) => (m ? String(Number(m[1] || 0) || '') : '?')));
        // One ordinal for every day, and one the builder offers (5FR, -3FR or
        // a yearly 20MO are kept as written: the builder would change their meaning).
        if (items.every(Boolean) && ords.size === 1 && NTH_CHOICES.includes([...ords][0])) {
          model.days = items.map((m) => m[2].toUpperCase());
          model.nth = [...ords][0];
        } else {
          model.extras.push([k, v]);
          model.custom.push(k);
        }
        break;
      }
      case 'BYMONTHDAY':
        if (v.trim() === '-1') model.mdMode = 'last';
        else { model.mdMode = 'days'; model.monthDays = v.split(',').join(', '); }
        break;
      case 'BYHOUR': hours = v.split(',').map((x) => x.trim()); break;
      case 'BYMINUTE': minutes = v.split(',').map((x) => x.trim()); break;
      default: model.extras.push([k, v]); model.custom.push(k);
    }
  }
  if (hours || minutes) {
    if (hours && minutes && hours.length * minutes.length <= 48) {
      const out = [];
      for (const h of hours) for (const m of minutes) out.push(`${h.padStart(2, '0')}:${m.padStart(2, '0')}`);
      model.times = out.join(', ');
    } else {
      // One of them alone (e.g. hourly at :15): keep it as written.
      if (hours) model.extras.push(['BYHOUR', hours.join(',')]);
      if (minutes) model.extras.push(['BYMINUTE', minutes.join(',')]);
      model.custom.push(...(hours ? ['BYHOUR'] : []), ...(minutes ? ['BYMINUTE'] : []));
    }
  }
  return model;
}

/**
 * Times of day `09:00, 17:30` → { hours, minutes } or { error }. RRULE makes
 * every BYHOUR × BYMINUTE combination, so the list must be such a product.
 */
export function parseTimes(text) {
  const items = text.split(/[,\s]+/).filter(Boolean);
  if (!items.length) return { hours: [], minutes: [] };
  const hs = new Set();
  const ms = new Set();
  const seen = new Set();
  for (const it of items) {
    const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(it);
    if (!m || Number(m[1]) > 23 || Number(m[2] || 0) > 59) {
      return { error: t('times.bad', { item: it }) };
    }
    const h = Number(m[1]);
    const mi = Number(m[2] || 0);
    hs.add(h); ms.add(mi); seen.add(`${h}:${mi}`);
  }
  if (hs.size * ms.size !== seen.size) {
    const extra = [...hs].flatMap((h) => [...ms].map((mi) => `${h}:${mi}`)).filter((x) => !seen.has(x))
      .map((x) => x.replace(/^(\d+):(\d+)$/, (_, h, mi) => `${h.padStart(2, '0')}:${mi.padStart(2, '0')}`));
    return { error: t('times.product', { extra: extra.join(t('fmt.list')) }) };
  }
  const num = (a, b) => a - b;
  return { hours: [...hs].sort(num), minutes: [...ms].sort(num) };
}

/** Builder model → RRULE text ('' for "no rule"), or { error } from the times field. */
export function modelToRule(model) {
  if (!model.freq) return { rule: '' };
  const parts = [`FREQ=${model.freq}`];
  const interval = String(model.interval ?? '').trim();
  if (interval && interval !== '1') parts.push(`INTERVAL=${interval}`);
  const kept = new Set(model.extras.map(([k]) => k));
  if (model.days.length && !kept.has('BYDAY')) {
    const ord = model.nth ? String(model.nth) : '';
    const sorted = DAYS.filter((d) => model.days.includes(d));
    parts.push(`BYDAY=${sorted.map((d) => ord + d).join(',')}`);
  }
  if (model.mdMode === 'last') parts.push('BYMONTHDAY=-1');
  else if (model.mdMode === 'days' && model.monthDays.trim()) {
    parts.push(`BYMONTHDAY=${model.monthDays.split(/[,\s]+/).filter(Boolean).join(',')}`);
  }
  const times = kept.has('BYHOUR') || kept.has('BYMINUTE') ? parseTimes('') : parseTimes(model.times);
  if (times.error) return { error: times.error };
  if (times.hours.length) {
    parts.push(`BYHOUR=${times.hours.join(',')}`, `BYMINUTE=${times.minutes.join(',')}`);
  }
  for (const [k, v] of model.extras) parts.push(`${k}=${v}`);
  if (model.end === 'count' && String(model.count).trim()) parts.push(`COUNT=${String(model.count).trim()}`);
  if (model.end === 'until' && model.until.trim()) parts.push(`UNTIL=${fieldToUntil(model.until)}`);
  return { rule: parts.join(';') };
}

/** Byte position (from wasm) → UTF-16 index into `text`. */
export function byteToIndex(text, bytePos) {
  const enc = new TextEncoder();
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    if (bytes >= bytePos) return i;
    const cp = text.codePointAt(i);
    bytes += enc.encode(String.fromCodePoint(cp)).length;
    if (cp > 0xffff) i++;
  }
  return text.length;
}

/** The span to highlight for an error at `index`: up to the next `;` or `,` ([start, end)). */
export function tokenAt(text, index) {
  const start = Math.min(index, text.length);
  let end = start;
  while (end < text.length && text[end] !== ';' && text[end] !== ',') end++;
  return [start, end];
}
