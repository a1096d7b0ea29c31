// The form: fields ⇄ state, the rule builder, the one-line hints, the zone
// picker and the error messages next to the fields.

import * as wc from '../pkg/wallclock.js';
import { ruleToModel, byteToIndex, tokenAt, PART_CONTROLS } from '../rrule.js';
import { setText } from '../render.js';
import { $, html, writeHtml, join } from './dom.js';
import { page, parseN, list } from './state.js';

// State key → form element id (the plain fields; the builder is separate).
const FIELDS = {
  tz: 'tz', start: 'start', rrule: 'rrule', rdate: 'rdate', exdate: 'exdate', gap: 'gap', fold: 'fold',
  inv: 'invalidDate', n: 'n', anchor: 'anchor', down: 'down', back: 'back', misfire: 'misfire',
  lat: 'maxLateness', catchUp: 'maxCatchUp', grace: 'grace', dur: 'jobDuration',
};
// Error `field` from wasm → the id whose `-err` element shows it.
const ERR_TARGET = {
  timeZone: 'tz', start: 'start', rrule: 'rrule', rdate: 'rdate', exdate: 'exdate', gap: 'gap',
  fold: 'fold', invalidDate: 'invalidDate', limit: 'n', maxLateness: 'maxLateness',
  maxCatchUp: 'maxCatchUp', grace: 'grace', misfire: 'misfire',
};

const HINTS = {
  gap: {
    skip: 'The occurrence does not run and does not count toward COUNT.',
    shift: 'Runs as far after the jump as it was meant after the old time: 02:30 → 03:30 (the offset before the change).',
    snap: 'Runs at the first instant after the jump: 02:30 → 03:00.',
  },
  fold: {
    first: 'Runs once, at the first of the two (before the clocks go back).',
    second: 'Runs once, at the second of the two (after the clocks go back).',
    both: 'Runs twice, once at each (shown as “doubled”).',
  },
  invalidDate: {
    omit: 'No occurrence that month, and it is not counted (RFC 5545).',
    backward: 'Runs on the last day of that month instead: 31 April → 30 April.',
    forward: 'Runs on the first day of the next month instead: 31 April → 1 May.',
  },
  misfire: {
    all: 'Runs every missed occurrence, within maxLateness and maxCatchUp.',
    latest_only: 'Runs only the newest; older missed ones are coalesced into it.',
    skip: 'Runs none that are later than grace; they are skipped.',
  },
};

// ---------------------------------------------------------------- zones

/** The browser's zone when the bundled database knows it (asked without loading the zone list), else UTC. */
export function browserZone() {
  try {
    const z = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (z && (page.zoneSet.has(z) || wc.validate({ timeZone: z, start: '2000-01-01T00:00' }).valid)) return z;
  } catch { /* fall through */ }
  return 'UTC';
}

/**
 * The ~600 zone names for the picker. Not needed for the first screen, so
 * they are read and written into the datalist after it is painted, or as
 * soon as the picker gets focus, whichever comes first.
 */
export function loadZones() {
  if (page.zones.length) return;
  page.zones = wc.timeZones();
  page.zoneSet = new Set(page.zones);
  writeHtml($('tz-list'), join(page.zones.map((z) => html`<option value="${z}"></option>`)));
  writeHints();
}

// ---------------------------------------------------------------- form <-> state

export function writeForm() {
  const st = page.st;
  for (const [k, id] of Object.entries(FIELDS)) {
    const el = $(id);
    if (el.value !== String(st[k])) el.value = String(st[k]);
  }
  writeBuilder(ruleToModel(st.rrule));
  writeHints();
  setCompareOpen(st.cmp);
}

export function readForm() {
  const st = page.st;
  for (const [k, id] of Object.entries(FIELDS)) {
    const v = $(id).value;
    if (k === 'n') {
      const n = parseN(v);
      if (n) st.n = n;
      page.nProblem = n ? null : `Show takes a whole number from 1 to 5000${v.trim() ? `, not ${v.trim()}` : ''}: still showing ${st.n}.`;
    } else st[k] = v;
  }
}

export function writeBuilder(m) {
  $('b-freq').value = m.freq;
  $('b-interval').value = m.interval;
  for (const cb of $('b-days').querySelectorAll('input')) cb.checked = m.days.includes(cb.value);
  $('b-nth').value = m.nth;
  $('b-mdmode').value = m.mdMode;
  $('b-monthdays').value = m.monthDays;
  $('b-times').value = m.times;
  for (const r of document.querySelectorAll('input[name="b-end"]')) r.checked = r.value === m.end;
  $('b-count').value = m.count;
  $('b-until').value = m.until;
  writeKept(m.extras, m.custom);
  setErr('b-times', null);
  writeHints();
}

/**
 * The parts kept from the text (`extras`, named in `custom`): the builder
 * writes them back as they are, lists them, and disables the controls that
 * would write them.
 */
export function writeKept(extras, custom) {
  page.builderExtras = extras;
  const locked = new Set(custom.map((k) => PART_CONTROLS[k]).filter(Boolean));
  for (const cb of $('b-days').querySelectorAll('input')) cb.disabled = locked.has('days');
  $('b-nth').disabled = locked.has('days');
  $('b-times').disabled = locked.has('times');
  const note = $('rule-note');
  note.hidden = !custom.length;
  note.textContent = custom.length
    ? `Kept from the text (the builder does not edit these): ${[...new Set(custom)].join(', ')}.`
      + (locked.size ? ' The builder controls for them are off; edit them in the RRULE field.' : '') : '';
}

export function readBuilder() {
  return {
    freq: $('b-freq').value,
    interval: $('b-interval').value,
    days: [...$('b-days').querySelectorAll('input:checked')].map((c) => c.value),
    nth: $('b-nth').value,
    mdMode: $('b-mdmode').value,
    monthDays: $('b-monthdays').value,
    times: $('b-times').value,
    end: document.querySelector('input[name="b-end"]:checked')?.value || 'never',
    count: $('b-count').value,
    until: $('b-until').value,
    extras: page.builderExtras,
  };
}

/** 1 → 1st, 22 → 22nd, 31 → 31st, 11 → 11th. */
function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

export function writeHints() {
  const st = page.st;
  setText($('gap-hint'), HINTS.gap[$('gap').value] || '');
  setText($('fold-hint'), HINTS.fold[$('fold').value] || '');
  setText($('invalidDate-hint'), HINTS.invalidDate[$('invalidDate').value] || '');
  setText($('misfire-hint'), HINTS.misfire[$('misfire').value] || '');
  const mode = $('b-mdmode').value;
  $('b-monthdays').hidden = mode !== 'days';
  const days = list($('b-monthdays').value).map(Number);
  const inv = $('invalidDate').value;
  const fate = { omit: 'no run that month', backward: 'the last day of that month', forward: 'the 1st of the next month' }[inv];
  let hint = '';
  if (mode === 'last') hint = 'BYMONTHDAY=-1: 31 Jan, 28 Feb, 31 Mar, 30 Apr… every month has one.';
  else if (mode === 'days' && days.some((d) => d > 28)) {
    hint = `Not every month has day ${Math.max(...days)}: the invalid-date policy decides (now “${inv}”: ${fate}). For the end of every month choose “the last day of the month”.`;
  } else if (!mode && $('b-freq').value === 'MONTHLY' && +st.start.slice(8, 10) > 28) {
    hint = `Monthly on the start’s day, the ${ordinal(+st.start.slice(8, 10))}: months without it follow the invalid-date policy (${inv}: ${fate}).`;
  }
  setText($('b-md-hint'), hint);
  const z = $('tz').value.trim();
  setText($('tz-hint'), !page.zones.length || page.zoneSet.has(z) ? '' : `${page.zones.length} zones; type part of a name and pick one.`);
}

export function setCompareOpen(open) {
  $('cmp-toggle').setAttribute('aria-expanded', String(open));
  $('cmp-toggle').textContent = open ? 'Hide policy comparison' : 'Compare policies';
  $('compare').hidden = !open;
}

export function setStale(on) {
  if (document.body.classList.contains('stale') !== on) document.body.classList.toggle('stale', on);
}

// ---------------------------------------------------------------- errors

/** The fields whose errors an update of the preview clears (the outage simulator has its own). */
export const ERR_IDS = ['tz', 'start', 'rrule', 'rdate', 'exdate', 'gap', 'fold', 'invalidDate', 'n', 'anchor', 'general'];

export function setErr(id, msg) {
  const el = $(`${id}-err`);
  if (!el) return;
  el.hidden = !msg;
  setText(el, msg || '');
  const input = $(id);
  if (input && input.matches('input, select, textarea')) {
    if (msg) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

export function errTarget(e, fallback) {
  const f = String(e?.field || '').replace(/\[.*$/, '').replace(/\..*$/, '');
  return ERR_TARGET[f] || fallback;
}

export const errText = (e) => (e && e.message) || String(e);

/** Shows a wasm error next to its field; RRULE errors also mark the offending part. */
export function showMainError(e) {
  const id = errTarget(e, 'general');
  setErr(id, errText(e));
  if (id === 'rrule' && Number.isFinite(e.position)) markRule(e.position);
}

function markRule(bytePos) {
  const raw = $('rrule').value;
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const i = byteToIndex(text, bytePos);
  const [a, b] = tokenAt(text, i);
  const el = $('rrule-mark');
  const part = text.slice(a, b);
  writeHtml(el, html`<span class="sr-only">Error at character ${i + 1}: </span>${text.slice(0, a)}<mark>${part || '\u00a0'}</mark>${text.slice(b)}`);
  el.hidden = false;
  el.dataset.position = String(bytePos);
  const ta = $('rrule');
  if (document.activeElement !== ta) ta.setSelectionRange(lead + a, lead + b);
}

export function clearMarks() {
  $('rrule-mark').hidden = true;
  setText($('rrule-mark'), '');
}
