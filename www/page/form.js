// The form: fields ⇄ state, the rule builder, the one-line hints, the zone
// picker and the error messages next to the fields.

import * as wc from './wc.js';
import { ruleToModel, byteToIndex, tokenAt, PART_CONTROLS } from '../rrule.js';
import { setText } from '../render.js';
import { $, html, writeHtml, join } from './dom.js';
import { page, parseN, list, firstRule } from './state.js';
import { t, ordinal } from './i18n.js';

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
  writeBuilder(ruleToModel(firstRule(st.rrule)));
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
      page.nProblem = n ? null : { value: v.trim(), link: false };
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
    ? t('rule.kept', { parts: [...new Set(custom)].join(t('fmt.list')) }) + (locked.size ? t('rule.locked') : '') : '';
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

/** The one-line hint under each policy, for its value now. */
const hint = (field) => t(`hint.${field}.${$(field).value}`);

export function writeHints() {
  const st = page.st;
  for (const field of ['gap', 'fold', 'invalidDate', 'misfire']) setText($(`${field}-hint`), hint(field));
  const mode = $('b-mdmode').value;
  $('b-monthdays').hidden = mode !== 'days';
  const days = list($('b-monthdays').value).map(Number);
  const inv = $('invalidDate').value;
  const fate = t(`fate.${inv}`);
  let text = '';
  if (mode === 'last') text = t('md.hint.last');
  else if (mode === 'days' && days.some((d) => d > 28)) {
    text = t('md.hint.beyond', { day: Math.max(...days), policy: t(`invalidDate.${inv}`), fate });
  } else if (!mode && $('b-freq').value === 'MONTHLY' && +st.start.slice(8, 10) > 28) {
    text = t('md.hint.start', { nth: ordinal(+st.start.slice(8, 10)), policy: t(`invalidDate.${inv}`), fate });
  }
  setText($('b-md-hint'), text);
  const z = $('tz').value.trim();
  setText($('tz-hint'), !page.zones.length || page.zoneSet.has(z) ? '' : t('tz.count', { n: page.zones.length }));
}

export function setCompareOpen(open) {
  $('cmp-toggle').setAttribute('aria-expanded', String(open));
  $('cmp-toggle').textContent = t(open ? 'compare.close' : 'compare.open');
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
  if (id === 'rrule' && Number.isFinite(e.position)) markRule(e.position, Number(/^rrule\[(\d+)\]/.exec(e.field)?.[1] ?? 0));
}

/** Marks the part at `bytePos` of rule `n` (its non-empty line, as `mainSpec` lists them). */
function markRule(bytePos, n) {
  const lines = $('rrule').value.split('\n');
  let at = 0;
  let line = 0;
  for (let seen = -1; line < lines.length; line++) {
    if (lines[line].trim() && ++seen === n) break;
    at += lines[line].length + 1;
  }
  const raw = lines[line] ?? '';
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const i = byteToIndex(text, bytePos);
  const [a, b] = tokenAt(text, i);
  const el = $('rrule-mark');
  const part = text.slice(a, b);
  writeHtml(el, html`<span class="sr-only">${t('rule.errorAt', { n: i + 1 })}</span>${text.slice(0, a)}<mark>${part || '\u00a0'}</mark>${text.slice(b)}`);
  el.hidden = false;
  el.dataset.position = String(bytePos);
  const ta = $('rrule');
  if (document.activeElement !== ta) ta.setSelectionRange(at + lead + a, at + lead + b);
}

export function clearMarks() {
  $('rrule-mark').hidden = true;
  setText($('rrule-mark'), '');
}
