// The outage simulator: which missed occurrences run when the scheduler
// comes back. The package answers both questions (`instantAt` for a typed
// time, `simulateOutage` for the missed set and its decisions); this module
// reads the form and writes the table.

import * as wc from '../pkg/wallclock.js';
import { fmtNominal, fmtUtc, setText } from '../render.js';
import { $, html, setHtml, join, EMPTY } from './dom.js';
import { page, outageSpec, isoSec } from './state.js';
import { setErr, errTarget, errText } from './form.js';
import { OVERLAP, overlapAtRecovery, parseJobDuration, fmtLate } from './overlap.js';

const ERR_IDS = ['down', 'back', 'misfire', 'maxLateness', 'maxCatchUp', 'grace', 'jobDuration', 'outage'];
const DECIDE = 5000; // missed executions the policy decides on (the newest)
const SHOW = 1000; // rows of the outage table (the newest)

/** The instant (ms) of the local date-time `text` in zone `tz`, as the `shift`/`first` policies resolve it. */
function localInstant(tz, text) {
  return wc.instantAt(tz, text);
}

/**
 * Every execution of `spec` in (from, to] (ms), and the misfire decisions
 * for the newest DECIDE of them with "now" at `to`.
 */
function simulate(spec, from, to) {
  try {
    return wc.simulateOutage(spec, { down: isoSec(from), back: isoSec(to), decide: DECIDE, show: SHOW });
  } catch (e) {
    if (e?.code !== 'limit_exceeded') throw e;
    throw Object.assign(new Error(`${e.message.replace(/^more/, 'More')}.`), { field: 'outage' });
  }
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
    throw Object.assign(new Error(errText(e).replace('`text`', 'date-time')), { field });
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
  showOverlap(null, 0);
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
    const o = simulate(outageSpec(), span.from, span.to);
    const rows = o.decisions.map((d) => html`<tr class="d-${d.decision}"><td>${fmtNominal(d.nominal)}${d.fold ? ' (2nd)' : ''}</td><td>${fmtUtc(d.instant)}</td><td>${d.lateness}</td><td><span class="badge dc-${d.decision}">${d.decision}</span></td><td>${d.reason}</td></tr>`);
    setHtml(tbody, rows.length ? join(rows) : html`<tr><td colspan="5" class="hint">Nothing was due while the scheduler was down.</td></tr>`);
    const parts = ['run', 'coalesced', 'skipped', 'expired'].filter((k) => o.counts[k]).map((k) => `${o.counts[k]} ${k}`);
    const decided = o.leftOut ? ` (decided for the newest ${o.decided}; the ${o.leftOut} older ones are left out)` : '';
    const shown = o.hidden ? ` The table shows the newest ${o.decisions.length}.` : '';
    setText($('outage-summary'), `${o.missed} missed${decided}${parts.length ? ': ' + parts.join(', ') : ''}.${shown} “Now” is the back-at time; the misfire decision is ${st.misfire}.`);
    showOverlap(o.decisions, span.to);
  } catch (e) {
    setHtml(tbody, EMPTY);
    setText($('outage-summary'), '');
    setErr(errTarget(e, 'outage'), errText(e));
  }
}

/**
 * The overlap table: for the executions decided `run` (`decisions`, oldest
 * first, as shown above), what `allow`, `skip` and `queue` do when they all
 * start at `back` (ms) with the job duration the form holds.
 */
function showOverlap(decisions, back) {
  const tbody = $('overlap').querySelector('tbody');
  const summary = $('overlap-summary');
  const text = page.st.dur.trim();
  const runs = (decisions || []).filter((d) => d.decision === 'run').map((d) => ({ ...d, instant: Date.parse(d.instant) }));
  if (!decisions || !runs.length || !text) {
    setHtml(tbody, EMPTY);
    setText(summary, decisions && runs.length && !text ? 'Enter a job duration to see what each overlap policy does to these runs.' : '');
    return;
  }
  const duration = parseJobDuration(text);
  if (!duration) {
    setHtml(tbody, EMPTY);
    setText(summary, '');
    setErr('jobDuration', `“${text}” is not a duration longer than zero: write e.g. PT10M, PT1H30M or 10m.`);
    return;
  }
  const by = overlapAtRecovery(runs, back, duration);
  const cell = (r) => (r.skipped
    ? html`<span class="badge dc-skipped">skipped</span> ${r.skipped}`
    : html`<span class="badge dc-run">run</span> ${fmtUtc(isoSec(r.start))}, late by ${fmtLate(r.late)}`);
  setHtml(tbody, join(runs.map((d, i) => html`<tr><td>${fmtNominal(d.nominal)}${d.fold ? ' (2nd)' : ''}</td><td>${fmtUtc(isoSec(d.instant))}</td>${join(OVERLAP.map((p) => html`<td data-policy="${p}">${cell(by[p][i])}</td>`))}</tr>`)));
  const last = by.queue[by.queue.length - 1];
  const skipped = by.skip.filter((r) => r.skipped).length;
  setText(summary, `${runs.length} run${runs.length > 1 ? 's' : ''} at ${fmtUtc(isoSec(back))}, ${fmtLate(duration)} each: allow runs ${runs.length > 1 ? 'them all at once' : 'it'}; skip runs the oldest${skipped ? ` and skips ${skipped} (overlap)` : ''}; queue finishes the last at ${fmtUtc(isoSec(last.end))}.`);
}
