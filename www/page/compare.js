// The policy comparison: the same rule under every gap and every fold
// policy, side by side, for the nominal times a clock change touches.

import * as wc from '../pkg/wallclock.js';
import { badge, fmtNominal, fmtLocal, fmtUtc, pageStatus, addDays } from '../render.js';
import { $, html, setHtml, join } from './dom.js';
import { errText } from './form.js';

const GROUPS = [
  { key: 'gap', title: 'Spring forward: local time that does not exist', values: ['skip', 'shift', 'snap'], codes: /^(gap_|merged)/ },
  { key: 'fold', title: 'Fall back: local time that happens twice', values: ['first', 'second', 'both'], codes: /^fold_/ },
];

/** Writes the comparison of `spec` over the window `win` ({ from, to }). */
export function renderCompare(spec, win) {
  const parts = [];
  try {
    for (const g of GROUPS) parts.push(groupHtml(spec, win, g));
  } catch (e) {
    parts.push(html`<p class="err">${errText(e)}</p>`);
  }
  setHtml($('compare-body'), join(parts));
}

function groupHtml(spec, win, g) {
  // Which nominals does any policy of this group touch?
  const affected = new Set();
  for (const v of g.values) {
    const r = wc.notices({ ...spec, [g.key]: v }, { from: win.from, to: win.to });
    for (const e of r.entries) if (e.notes.some((n) => g.codes.test(n.code))) affected.add(e.nominal);
  }
  const nominals = [...affected].sort().slice(0, 24);
  const title = html`<h3>${g.title}</h3>`;
  if (!nominals.length) return html`${title}<p class="hint">No instance in the next 12 months meets this kind of clock change.</p>`;
  const cells = byPolicy(spec, g, nominals, affected);
  const head = g.values.map((v) => html`<th scope="col" data-policy="${v}">${v}${v === spec[g.key] ? ' (current)' : ''}</th>`);
  const body = nominals.map((n) => html`<tr><th scope="row">${fmtNominal(n)}</th>${g.values.map((v) => html`<td data-policy="${v}">${cellHtml(cells[v].get(n) || [])}</td>`)}</tr>`);
  const table = html`<table class="cmp" data-group="${g.key}"><caption class="sr-only">${g.title}: each policy side by side</caption><thead><tr><th scope="col">Nominal</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return html`${title}<div class="table-wrap" tabindex="0" role="region" aria-label="${g.title} (scrolls sideways)">${table}</div>`;
}

/** Each policy, expanded around the affected days (so unaffected neighbours show too): policy → nominal → entries. */
function byPolicy(spec, g, nominals, affected) {
  const days = [...new Set(nominals.map((n) => n.slice(0, 10)))];
  const cells = {};
  for (const v of g.values) {
    const byNominal = new Map();
    for (const d of days) {
      const r = wc.expand({ ...spec, [g.key]: v }, { from: `${addDays(d, -1)}T00:00`, to: `${addDays(d, 2)}T00:00`, limit: 500 });
      for (const e of r.entries) {
        if (!affected.has(e.nominal)) continue;
        const arr = byNominal.get(e.nominal) || [];
        if (!arr.some((a) => a.key === e.key)) arr.push(e);
        byNominal.set(e.nominal, arr);
      }
    }
    cells[v] = byNominal;
  }
  return cells;
}

function cellHtml(es) {
  if (!es.length) return html`<span class="hint">not generated</span>`;
  return es.map((e) => html`<div>${badge(pageStatus(e))} ${e.local ? html`${fmtLocal(e.local)}<br><small>${fmtUtc(e.instant)}</small>` : ''}</div>`);
}
