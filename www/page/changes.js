// What changes: the rule as loaded (from the address, or the first valid one
// entered) is the baseline; after an edit, the instances of the window that
// the edit adds, removes, moves or resolves differently, each with the reason
// the package's `diff` gives. The baseline travels in the address (`base`)
// while it differs from the rule, so a shared link shows the same changes.

import * as wc from './wc.js';
import { badge, nominalText, fmtUtcInText, setText } from '../render.js';
import { $, html, setHtml, EMPTY } from './dom.js';
import { page, isoSec } from './state.js';
import { errText } from './form.js';
import { t } from './i18n.js';

/** The most changes listed; the summary counts them all. */
const SHOWN = 200;

/**
 * Writes the section for `spec` (null while the rule has an error) over the
 * window `win` ({ from, to }: local date-times in `spec`'s zone or instants).
 */
export function renderChanges(spec, win, since) {
  const body = $('changes-body');
  const button = $('changes-rebase');
  const base = page.st.base;
  button.disabled = !spec || base === JSON.stringify(spec);
  if (!spec) {
    setText($('changes-summary'), t('changes.invalid'));
    setHtml(body, EMPTY);
    return;
  }
  if (button.disabled) {
    setText($('changes-summary'), t('changes.same'));
    setHtml(body, EMPTY);
    return;
  }
  let d;
  try {
    const old = JSON.parse(base);
    // The window is the current rule's, read in its zone (`diff` would read
    // local bounds in the baseline's, so it gets instants), widened back to
    // the baseline's start: a later or moved start then shows the instances
    // it drops instead of hiding them before the window.
    let from = wc.instantAt(spec.timeZone, win.from);
    if (page.st.anchor === 'start') from = Math.min(from, wc.instantAt(old.timeZone, old.start));
    d = wc.diff(old, spec, { from: isoSec(from), to: win.to });
  } catch (e) {
    setText($('changes-summary'), e instanceof SyntaxError ? t('changes.notJson') : t('changes.failed', { error: errText(e) }));
    setHtml(body, EMPTY);
    return;
  }
  const s = d.summary;
  setText($('changes-summary'), d.identical
    ? t('changes.identical', { since })
    : t('changes.summary', { since, counts: t('changes.counts', s) }));
  setHtml(body, html`${fieldsHtml(d.fields)}${d.identical ? EMPTY : tableHtml(d.changes)}`);
}

/** The spec fields that differ, as both sides write them. */
function fieldsHtml(fields) {
  if (!fields.length) return EMPTY;
  const items = fields.map((f) => html`<li><code>${f.field}</code>: <code>${f.old}</code> → <code>${f.new}</code></li>`);
  return html`<ul class="changes-fields" aria-label="${t('changes.fields')}">${items}</ul>`;
}

function tableHtml(changes) {
  const rows = changes.slice(0, SHOWN).map((c) => html`<tr data-change="${c.change}"><td>${badge(c.change, 'change')}</td><th scope="row">${nominalText(c)}</th><td>${sideHtml(c.old)}</td><td>${sideHtml(c.new)}</td><td class="reason">${c.reason}</td></tr>`);
  const more = changes.length > SHOWN
    ? html`<p class="hint">${t('changes.more', { n: changes.length - SHOWN })}</p>` : EMPTY;
  const head = ['change', 'nominal', 'before', 'after', 'reason'].map((k) => html`<th scope="col">${t(`col.${k}`)}</th>`);
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('changes.region')}"><table id="changes-table"><caption class="sr-only">${t('changes.caption')}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}

/** One side of a change: its status and UTC instant, or a dash when it lacks the instance. */
function sideHtml(side) {
  if (!side) return html`<span class="hint">—</span>`;
  return html`${badge(side.status)} <span class="when">${fmtUtcInText(side.instant)}</span>`;
}
