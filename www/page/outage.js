// The outage simulator: which missed occurrences run when the scheduler
// comes back. The package answers both questions (`instantAt` for a typed
// time, `simulateOutage` for the missed set and its decisions); this module
// reads the form and writes the table.

import * as wc from './wc.js';
import { nominalText, fmtUtc, fmtUtcInText, fmtDuration, setText } from '../render.js';
import { $, html, setHtml, join, EMPTY } from './dom.js';
import { page, outageSpec, isoSec } from './state.js';
import { setErr, errTarget, errText } from './form.js';
import { OVERLAP, overlapAtRecovery, parseJobDuration, fmtLate } from './overlap.js';
import { t, th, tn, lang } from './i18n.js';

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
    // The package's message is a clause (lowercase, no full stop); here it stands alone.
    const m = lang() === 'en' ? e.message.replace(/^more/, 'More') : e.message;
    throw Object.assign(new Error(m + t('fmt.stop')), { field: 'outage' });
  }
}

/** An instant (ms) for `text`: an instant, or a local date-time in the zone. Errors name `field`. */
function instantOf(text, field) {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw Object.assign(new Error(t('outage.notInstant', { text })), { field });
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
  if (to <= from) { setErr('back', t('outage.order')); return null; }
  const catchUp = String(st.catchUp).trim();
  if (catchUp && !/^\d+$/.test(catchUp)) { setErr('maxCatchUp', t('outage.catchUp', { value: catchUp })); return null; }
  return { from, to };
}

export function updateOutage() {
  for (const id of ERR_IDS) setErr(id, null);
  const tbody = $('outage').querySelector('tbody');
  const st = page.st;
  showOverlap(null, 0);
  if (!st.down.trim() || !st.back.trim()) {
    setHtml(tbody, EMPTY);
    setText($('outage-summary'), t('outage.enter'));
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
    const rows = o.decisions.map((d) => html`<tr class="d-${d.decision}"><td>${nominalText(d)}</td><td>${fmtUtc(d.instant)}</td><td>${fmtDuration(d.lateness)}</td><td>${decisionBadge(d.decision)}</td><td class="reason">${d.reason}</td></tr>`);
    setHtml(tbody, rows.length ? join(rows) : html`<tr><td colspan="5" class="hint">${t('outage.none')}</td></tr>`);
    setText($('outage-summary'), summaryText(o));
    showOverlap(o.decisions, span.to);
  } catch (e) {
    setHtml(tbody, EMPTY);
    setText($('outage-summary'), '');
    setErr(errTarget(e, 'outage'), errText(e));
  }
}

/** A misfire decision's badge (its own colours: `dc-…`). */
const decisionBadge = (d) => html`<span class="badge dc-${d}">${t(`decision.${d}`)}</span>`;

/** The outage's one-sentence summary: how many were missed and what was decided. */
function summaryText(o) {
  const counts = ['run', 'coalesced', 'skipped', 'expired'].filter((k) => o.counts[k]).map((k) => t(`outage.count.${k}`, { n: o.counts[k] }));
  return t('outage.summary', {
    missed: t('outage.missed', { n: o.missed }),
    decided: o.leftOut ? t('outage.decided', { decided: o.decided, left: o.leftOut }) : '',
    counts: counts.length ? t('outage.counts', { list: counts.join(t('fmt.list')) }) : '',
    shown: o.hidden ? t('outage.shown', { n: o.decisions.length }) : '',
    policy: t(`misfire.${page.st.misfire}`),
  });
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
    setText(summary, decisions && runs.length && !text ? t('overlap.enter') : '');
    return;
  }
  const duration = parseJobDuration(text);
  if (!duration) {
    setHtml(tbody, EMPTY);
    setText(summary, '');
    setErr('jobDuration', t('overlap.badDuration', { text }));
    return;
  }
  const by = overlapAtRecovery(runs, back, duration);
  const cell = (r) => (r.skipped
    ? html`${decisionBadge('skipped')} ${t('overlap.reason')}`
    : th('overlap.started', { badge: decisionBadge('run'), start: fmtUtcInText(isoSec(r.start)), late: fmtDuration(fmtLate(r.late)) }));
  setHtml(tbody, join(runs.map((d, i) => html`<tr><td>${nominalText(d)}</td><td>${fmtUtc(isoSec(d.instant))}</td>${join(OVERLAP.map((p) => html`<td data-policy="${p}">${cell(by[p][i])}</td>`))}</tr>`)));
  const last = by.queue[by.queue.length - 1];
  const skipped = by.skip.filter((r) => r.skipped).length;
  setText(summary, tn('overlap.summary', runs.length, {
    back: fmtUtcInText(isoSec(back)),
    span: fmtDuration(fmtLate(duration)),
    skips: skipped ? t('overlap.skips', { n: skipped }) : '',
    end: fmtUtcInText(isoSec(last.end)),
  }));
}
