// The policy comparison: the same rule under every gap and every fold
// policy, side by side, for the nominal times a clock change touches.

import * as wc from './wc.js';
import { badge, fmtNominal, fmtLocal, fmtUtcInText, pageStatus, addDays } from '../render.js';
import { $, html, setHtml, join } from './dom.js';
import { errText } from './form.js';
import { t } from './i18n.js';

const GROUPS = [
  { key: 'gap', values: ['skip', 'shift', 'snap'], codes: /^(gap_|merged)/ },
  { key: 'fold', values: ['first', 'second', 'both'], codes: /^fold_/ },
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
  const name = t(`compare.${g.key}`);
  const title = html`<h3>${name}</h3>`;
  if (!nominals.length) return html`${title}<p class="hint">${t('compare.none')}</p>`;
  const cells = byPolicy(spec, g, nominals, affected);
  const head = g.values.map((v) => html`<th scope="col" data-policy="${v}">${t(`${g.key}.${v}`)}${v === spec[g.key] ? html`<br><small>${t('compare.current')}</small>` : ''}</th>`);
  const body = nominals.map((n) => html`<tr><th scope="row">${fmtNominal(n)}</th>${g.values.map((v) => html`<td data-policy="${v}">${cellHtml(cells[v].get(n) || [])}</td>`)}</tr>`);
  const table = html`<table class="cmp" data-group="${g.key}"><caption class="sr-only">${t('compare.caption', { title: name })}</caption><thead><tr><th scope="col">${t('col.nominal')}</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return html`${title}<div class="table-wrap" tabindex="0" role="region" aria-label="${t('compare.region', { title: name })}">${table}</div>`;
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
  if (!es.length) return html`<span class="hint">${t('compare.notGenerated')}</span>`;
  return es.map((e) => html`<div>${badge(pageStatus(e))} ${e.local ? html`${fmtLocal(e.local)}<br><small>${fmtUtcInText(e.instant)}</small>` : ''}</div>`);
}
