// The update cycle: an edit schedules an update; the update writes what the
// next frame shows, and a deferred pass the sections below the table.

import * as wc from './wc.js';
import { setText } from '../render.js';
import { $, afterFrame, html, setHtml, join } from './dom.js';
import { page, DEFAULTS, saveUrl, mainSpec, isoSec, complete } from './state.js';
import { ERR_IDS, setErr, errTarget, errText, showMainError, clearMarks, writeHints, setStale } from './form.js';
import { renderChunks, renderEmpty, renderMessage } from './table.js';
import { writeNotices, writeYear } from './year.js';
import { t, tn, writeSwitch } from './i18n.js';

/**
 * The modules of the sections below the table, imported when the first
 * update's deferred pass needs them: the first screen does not wait for them
 * (index.html preloads them after the others).
 */
const belowTheTable = () => Promise.all([import('./compare.js'), import('./outage.js'), import('./changes.js')]);

/**
 * Recomputes after an edit: at once for a choice (a select, checkbox or
 * radio button: one event is one decision), 120 ms after the last keystroke
 * for typed text, so a half-typed rule does not flash errors.
 */
export function schedule(target) {
  const c = page.cycle;
  clearTimeout(c.timer);
  if (target && (target.tagName === 'SELECT' || target.type === 'checkbox' || target.type === 'radio')) {
    safeUpdate();
    return;
  }
  c.pending = true;
  c.timer = setTimeout(safeUpdate, 120);
}

/** Recomputes now if an edit is still waiting, so that an export sees what the fields hold. */
export function flush() {
  if (page.cycle.pending) safeUpdate();
}

export function safeUpdate() {
  const c = page.cycle;
  clearTimeout(c.timer);
  c.pending = false;
  try {
    update();
  } catch (e) {
    // Never leave the page blank or throw to the console: say what happened.
    setErr('general', t('page.unexpected', { error: errText(e) }));
    c.restPending = false;
    ready();
    finish();
  }
}

/**
 * The whole preview. The rows on screen, the describe sentence, the summary
 * and the notices above the table are written synchronously, so the next
 * frame shows all of them; the other rows follow within a few frames
 * (page/table.js); the sections below the table (transitions, year view,
 * comparison, outage simulator) follow in `renderRest`, after that frame is
 * painted. Returns the synchronous part's duration in ms.
 */
function update() {
  const t0 = performance.now();
  const now = Date.now();
  const st = page.st;
  for (const id of ERR_IDS) setErr(id, null);
  clearMarks();
  writeHints();
  saveUrl();
  writeSwitch();

  if (page.nProblem) setErr('n', nProblemText(page.nProblem));
  if (st.anchor !== 'start' && st.anchor !== 'now') setErr('anchor', t('anchor.bad', { value: st.anchor }));

  const spec = mainSpec();
  const opts = {};
  if (st.anchor === 'now') opts.from = isoSec(now);
  const token = ++page.cycle.token;
  page.cycle.restPending = true;
  const te = performance.now();
  let x;
  try {
    x = wc.expand(spec, { ...opts, limit: st.n });
  } catch (e) {
    page.lastError = e;
    showMainError(e);
    if (page.last) {
      setStale(true);
      setText($('summary'), t('rows.stale'));
    } else {
      // Opened with an invalid field: there is no earlier result to keep.
      const label = $(errTarget(e, 'general'))?.labels?.[0]?.textContent;
      renderMessage(label ? t('rows.blockedIn', { label }) : t('rows.blocked'));
    }
    ready();
    afterFrame(() => renderRest(token, {}));
    return performance.now() - t0;
  }
  page.lastError = null;
  setStale(false);
  // The rule as loaded, or the first valid one entered, is what "What
  // changes" compares with.
  if (!st.base) st.base = JSON.stringify(spec);
  const t1 = performance.now();
  const written = x.entries.length ? renderChunks(x.entries) : (renderEmpty(), 1);
  page.last = { spec, result: x };
  setText($('rows-status'), tn('rows.count', x.entries.length));
  const t2 = performance.now();

  let desc = '';
  // As `wallclock describe`: a rule that started before now and still runs
  // is described over the coming years.
  try { desc = wc.describe(spec, isoSec(now)); } catch (e) { desc = ''; }
  setText($('describe'), desc);
  setHtml($('warnings'), join(x.warnings.map((w) => html`<li>${w.message}</li>`)));

  const window12 = writeNotices(spec, now);
  page.perf.last = { expandMs: t1 - te, tableMs: t2 - t1, totalMs: performance.now() - t0, rows: x.entries.length, written };
  ready();
  afterFrame(() => renderRest(token, { spec, x, window12 }));
  return performance.now() - t0;
}

/** Why a "Show" value is not used (`page.nProblem`), in the page's language. */
function nProblemText({ value, link }) {
  if (link) return t('n.link', { value, n: DEFAULTS.n });
  return value ? t('n.badValue', { value, n: page.st.n }) : t('n.bad', { n: page.st.n });
}

/**
 * Everything below the table: the transitions, the year view, what changes
 * since the baseline, the comparison and the outage simulator. Without
 * `spec` (the rule has an error) only the outage simulator runs, and "What
 * changes" says why it has nothing.
 */
function renderRest(token, ctx) {
  if (token !== page.cycle.token) return; // superseded by a newer edit, which has its own pass
  belowTheTable().then((modules) => writeRest(token, ctx, modules), (e) => writeRest(token, ctx, e));
}

/** `modules`: [compare.js, outage.js, changes.js], or the error that kept them from loading. */
function writeRest(token, { spec, x, window12 }, modules) {
  if (token !== page.cycle.token) return;
  const t0 = performance.now();
  try {
    if (!Array.isArray(modules)) throw modules;
    const [{ renderCompare }, { updateOutage }, { renderChanges }] = modules;
    if (spec) {
      writeYear(x, window12);
      if (page.st.cmp) renderCompare(spec, window12.win);
    }
    renderChanges(spec ?? null, window12?.win, window12?.since);
    updateOutage();
  } catch (e) {
    // As in safeUpdate: say what happened rather than throw to the console.
    setErr('general', t('page.unexpected', { error: errText(e) }));
  }
  page.perf.rest = { totalMs: performance.now() - t0 };
  page.cycle.restPending = false;
  finish();
}

/** The first screen is on the page (stamped once, after the first update). */
function ready() {
  const app = $('app');
  if (app.dataset.ready) return;
  app.dataset.ready = '1';
  app.setAttribute('aria-busy', 'false');
  $('instances').setAttribute('aria-busy', 'false');
  const root = document.documentElement;
  root.dataset.firstRender = performance.now().toFixed(1);
  // The DOM is ready here; the first screen is painted once the frame that
  // lays it out has run.
  requestAnimationFrame(() => setTimeout(() => { root.dataset.firstPaint = performance.now().toFixed(1); }, 0));
}

/** Everything of the last update is on the page. */
function finish() {
  page.cycle.renders++;
  $('app').dataset.rev = String(page.cycle.renders);
  complete();
}
