// The outage simulator: which missed occurrences run when the scheduler
// comes back. `localInstant` and `simulate` are the only places that ask the
// wasm; the rest reads the form and writes the table.

import * as wc from '../pkg/wallclock.js';
import { fmtNominal, fmtUtc, setText } from '../render.js';
import { $, html, setHtml, join, EMPTY } from './dom.js';
import { page, mainSpec, outageSpec, isoSec } from './state.js';
import { setErr, errTarget, errText } from './form.js';

const ERR_IDS = ['down', 'back', 'misfire', 'maxLateness', 'maxCatchUp', 'grace', 'outage'];
const EXPAND_MAX = 100000; // the most entries one expansion gives
const DECIDE = 5000; // missed executions the policy decides on (the newest)
const SHOW = 1000; // rows of the outage table (the newest)

/** The instant (ms) of the local date-time `text` in zone `tz`, as the `shift`/`first` policies resolve it. */
function localInstant(tz, text) {
  const r = wc.expand({ timeZone: tz, start: text, gap: 'shift', fold: 'first' }, { limit: 1 });
  return Date.parse(r.entries[0].instant);
}

/**
 * Every execution of `spec` in (from, to] (ms), and the misfire decisions
 * of `decideSpec` for the newest DECIDE of them with "now" at `to`:
 * { total, decisions, nominal: key → entry }.
 */
function simulate(spec, decideSpec, from, to) {
  const span = { from: isoSec(from), to: isoSec(to + 1000) };
  let instants;
  try {
    instants = wc.expandInstants(spec, { ...span, limit: EXPAND_MAX + 1 });
  } catch (e) {
    if (e?.code !== 'limit_exceeded') throw e;
    throw Object.assign(new Error(`More than ${EXPAND_MAX} occurrences fall between “down from” and “back at”: too many to simulate here. Choose a shorter outage.`), { field: 'outage' });
  }
  const missed = [...instants].filter((ms) => ms > from && ms <= to).sort((a, b) => a - b);
  const total = missed.length;
  const cut = total > DECIDE ? missed[total - DECIDE] : from + 1;
  const x = total ? wc.expand(spec, { from: isoSec(cut), to: span.to, limit: Math.min(total, DECIDE) * 2 + 10 }) : { entries: [] };
  let due = [];
  const nominal = new Map();
  for (const e of x.entries) {
    if (!e.instant || e.status === 'merged') continue;
    const ms = Date.parse(e.instant);
    if (ms < cut || ms <= from || ms > to) continue;
    due.push({ key: e.key, instant: e.instant, ms });
    nominal.set(e.key, e);
  }
  due.sort((a, b) => a.ms - b.ms);
  due = due.slice(-DECIDE).map(({ key, instant }) => ({ key, instant }));
  return { total, decisions: wc.decideMisfires(decideSpec, due, isoSec(to)), nominal };
}

/** An instant (ms) for `text`: an instant, or a local date-time in the zone. Errors name `field`. */
function instantOf(text, field) {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw Object.assign(new Error(`“${text}” is not an instant: write e.g. 2026-10-24T12:00:00Z or a local 2026-10-24T08:00`), { field });
    return ms;
  }
  try {
    return localInstant(page.st.tz.trim(), text);
  } catch (e) {
    throw Object.assign(new Error(errText(e).replace('`start`', 'date-time')), { field });
  }
}

/** The outage's bounds and policy from the form, or null after showing what is wrong. */
function readOutage() {
  const st = page.st;
  let from;
  let to;
  try { from = instantOf(st.down.trim(), 'down'); } catch (e) { setErr('down', errText(e)); return null; }
  try { to = instantOf(st.back.trim(), 'back'); } catch (e) { setErr('back', errText(e)); return null; }
  if (to <= from) { setErr('back', '“Back at” must be after “down from”.'); return null; }
  const catchUp = String(st.catchUp).trim();
  if (catchUp && !/^\d+$/.test(catchUp)) { setErr('maxCatchUp', `“${catchUp}” is not a whole number of 0 or more (empty: no limit).`); return null; }
  return { from, to };
}

export function updateOutage() {
  for (const id of ERR_IDS) setErr(id, null);
  const tbody = $('outage').querySelector('tbody');
  const st = page.st;
  if (!st.down.trim() || !st.back.trim()) {
    setHtml(tbody, EMPTY);
    setText($('outage-summary'), 'Enter when the scheduler went down and when it came back.');
    return;
  }
  try {
    const span = readOutage();
    if (!span) {
      setHtml(tbody, EMPTY);
      setText($('outage-summary'), '');
      return;
    }
    const { total, decisions: out, nominal } = simulate(mainSpec(), outageSpec(), span.from, span.to);
    const counts = {};
    for (const d of out) counts[d.decision] = (counts[d.decision] || 0) + 1;
    const rows = out.slice(-SHOW).map((d) => {
      const e = nominal.get(d.key);
      return html`<tr class="d-${d.decision}"><td>${e ? fmtNominal(e.nominal) : d.key}${e?.fold ? ' (2nd)' : ''}</td><td>${fmtUtc(d.instant)}</td><td>${d.lateness}</td><td><span class="badge dc-${d.decision}">${d.decision}</span></td><td>${d.reason}</td></tr>`;
    });
    setHtml(tbody, rows.length ? join(rows) : html`<tr><td colspan="5" class="hint">Nothing was due while the scheduler was down.</td></tr>`);
    const parts = ['run', 'coalesced', 'skipped', 'expired'].filter((k) => counts[k]).map((k) => `${counts[k]} ${k}`);
    const decided = total > out.length ? ` (decided for the newest ${out.length}; the ${total - out.length} older ones are left out)` : '';
    const shown = out.length > SHOW ? ` The table shows the newest ${SHOW}.` : '';
    setText($('outage-summary'), `${total} missed${decided}${parts.length ? ': ' + parts.join(', ') : ''}.${shown} “Now” is the back-at time; the misfire decision is ${st.misfire}.`);
  } catch (e) {
    setHtml(tbody, EMPTY);
    setText($('outage-summary'), '');
    setErr(errTarget(e, 'outage'), errText(e));
  }
}
