// What changes: the rule as loaded (from the address, or the first valid one
// entered) is the baseline; after an edit, the instances of the window that
// the edit adds, removes, moves or resolves differently, each with the reason
// the package's `diff` gives. The baseline travels in the address (`base`)
// while it differs from the rule, so a shared link shows the same changes.

import * as wc from '../pkg/wallclock.js';
import { badge, fmtNominal, fmtUtc, setText } from '../render.js';
import { $, html, setHtml, EMPTY } from './dom.js';
import { page, isoSec } from './state.js';
import { errText } from './form.js';

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
    setText($('changes-summary'), 'Nothing to compare until the rule above is valid.');
    setHtml(body, EMPTY);
    return;
  }
  if (button.disabled) {
    setText($('changes-summary'), 'The rule is the baseline: edit it to see what the edit changes.');
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
    const what = e instanceof SyntaxError ? 'is not a JSON spec' : `cannot be compared: ${errText(e)}`;
    setText($('changes-summary'), `The baseline ${what}. Make this rule the baseline to start again.`);
    setHtml(body, EMPTY);
    return;
  }
  const s = d.summary;
  const counts = `${s.added} added, ${s.removed} removed, ${s.moved} moved, ${s.changed} changed, ${s.unchanged} unchanged`;
  setText($('changes-summary'), d.identical
    ? `No instance changes in the next 12 months (${since}) against the baseline.`
    : `Against the baseline, in the next 12 months (${since}): ${counts}.`);
  setHtml(body, html`${fieldsHtml(d.fields)}${d.identical ? EMPTY : tableHtml(d.changes)}`);
}

/** The spec fields that differ, as both sides write them. */
function fieldsHtml(fields) {
  if (!fields.length) return EMPTY;
  const items = fields.map((f) => html`<li><code>${f.field}</code>: <code>${f.old}</code> → <code>${f.new}</code></li>`);
  return html`<ul class="changes-fields" aria-label="Fields that differ from the baseline">${items}</ul>`;
}

function tableHtml(changes) {
  const rows = changes.slice(0, SHOWN).map((c) => html`<tr data-change="${c.change}"><td>${badge(c.change)}</td><th scope="row">${fmtNominal(c.nominal)}${c.fold ? ' (2nd)' : ''}</th><td>${sideHtml(c.old)}</td><td>${sideHtml(c.new)}</td><td>${c.reason}</td></tr>`);
  const more = changes.length > SHOWN
    ? html`<p class="hint">${changes.length - SHOWN} more changes are not listed.</p>` : EMPTY;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Changed instances (scrolls sideways)"><table id="changes-table"><caption class="sr-only">Instances that differ from the baseline, with the reason</caption><thead><tr><th scope="col">Change</th><th scope="col">Nominal</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Reason</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}

/** One side of a change: its status and UTC instant, or a dash when it lacks the instance. */
function sideHtml(side) {
  if (!side) return html`<span class="hint">—</span>`;
  return html`${badge(side.status)} <span class="when">${fmtUtc(side.instant)}</span>`;
}
