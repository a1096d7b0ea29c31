// Formatting: result objects → text and `Html` (page/dom.js). The DOM is
// touched only by setText and fillRows (the in-place rewrite of the instance
// rows), when the page's modules call them: they decide when (and whether)
// anything is written.

import { html, join, EMPTY, writeHtml } from './page/dom.js';

const WD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Sakamoto's month offsets: the weekday by arithmetic, without a Date per call.
const MONTH_OFFSET = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Day of week of `YYYY-MM-DD…` (proleptic Gregorian, no zone involved). */
export function weekday(date) {
  const m = +date.slice(5, 7);
  const y = +date.slice(0, 4) - (m < 3 ? 1 : 0);
  const k = y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSET[m - 1] + +date.slice(8, 10);
  return WD[((k % 7) + 7) % 7];
}

/** `2026-03-08` + k days → `2026-03-10`. */
export function addDays(date, k) {
  const d = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + k));
  return d.toISOString().slice(0, 10);
}

/** `HH:MM:SS` → `HH:MM`, keeping the seconds when they are not zero. */
const hm = (t) => (t.endsWith(':00') ? t.slice(0, 5) : t);

/** `2026-03-08T02:30:00` → `Sun 2026-03-08 02:30`. */
export function fmtNominal(n) {
  return `${weekday(n)} ${n.slice(0, 10)} ${hm(n.slice(11, 19))}`;
}

/** `2026-03-08T03:30:00-04:00[America/New_York]` → `2026-03-08 03:30 −04:00`. */
export function fmtLocal(l) {
  if (!l) return '—';
  const b = l.indexOf('[');
  const s = b < 0 ? l : l.slice(0, b);
  return `${s.slice(0, 10)} ${hm(s.slice(11, 19))} ${s.slice(19).replace('-', '−')}`;
}

/** `2026-03-08T07:30:00Z` → `2026-03-08 07:30Z`. */
export function fmtUtc(i) {
  if (!i) return '—';
  return `${i.slice(0, 10)} ${hm(i.slice(11, 19))}Z`;
}

/** The page's status for an entry: the library's, or `doubled` for fold `both`. */
export function pageStatus(e) {
  if (e.status === 'scheduled') {
    for (const n of e.notes) if (n.code === 'fold_both') return 'doubled';
  }
  return e.status;
}

export const badge = (s) => html`<span class="badge st-${s}">${s}</span>`;

function notesMarkup(e) {
  if (!e.notes.length) return EMPTY;
  return join(e.notes.map((n) => html`<span class="note" data-code="${n.code}">${n.message}</span>`));
}

/** An entry's notes as the HTML text a row's note cell holds (compared with what it shows). */
const notesHtml = (e) => notesMarkup(e).text;

const nominalText = (e) => fmtNominal(e.nominal) + (e.fold ? ' (2nd)' : '');

/** One row (ARIA table row of block boxes) per entry; `first` is the 1-based number of the first. */
export function rowsHtml(entries, first) {
  const rows = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const st = pageStatus(e);
    rows.push(html`<div role="row" class="tr r-${st}"><span role="cell">${first + i}</span><span role="cell">${nominalText(e)}</span><span role="cell">${fmtLocal(e.local)}</span><span role="cell">${fmtUtc(e.instant)}</span><span role="cell">${badge(st)}</span><span role="cell">${notesMarkup(e)}</span></div>`);
  }
  return join(rows);
}

/**
 * Sets an element's text, touching the DOM only when it differs. A lone text
 * node is rewritten in place (nodeValue), which is cheaper than textContent:
 * that replaces the node.
 */
export function setText(el, t) {
  const n = el.firstChild;
  if (n && n.nodeType === 3 && !n.nextSibling) {
    if (n.nodeValue !== t) n.nodeValue = t;
  } else if (n || t) el.textContent = t;
}

/**
 * What each row of a chunk shows, kept beside the chunk (`chunk._rows`): the
 * text nodes of its time cells, the entry fields they were formatted from,
 * its status and its notes' HTML. A rewrite compares the new entry's fields
 * with these JS strings, formats only what changed and reads nothing back
 * from the DOM. Rows parsed from HTML get theirs on their first rewrite.
 */
function chunkState(chunk) {
  if (chunk._rows) return chunk._rows;
  const rows = [];
  for (const row of chunk.children) {
    const c = row.children;
    const nodes = [];
    for (let k = 1; k < 4; k++) {
      if (!c[k].firstChild) c[k].append('');
      nodes.push(c[k].firstChild);
    }
    // Unknown sources: the first rewrite formats every cell and compares the text.
    rows.push({ row, nodes, text: nodes.map((n) => n.data), nominal: null, fold: -1, local: undefined, instant: undefined, st: c[4].firstElementChild.textContent, notes: c[5].innerHTML });
  }
  chunk._rows = rows;
  return rows;
}

/** Writes `t` into text node `k` of row state `w` unless it is already there. */
function put(w, k, t) {
  if (w.text[k] !== t) { w.text[k] = t; w.nodes[k].data = t; }
}

/**
 * Rewrites a chunk's existing rows in place (as many as `entries`, or those
 * from `from` up to `to`): only the cells whose entry fields changed are
 * formatted and written, so no node is removed on a rule change. A row's
 * number is its position: it never changes.
 */
export function fillRows(chunk, entries, from = 0, to = entries.length) {
  const rows = chunkState(chunk);
  for (let i = from; i < to; i++) {
    const e = entries[i];
    const w = rows[i];
    const st = pageStatus(e);
    if (w.st !== st) {
      w.st = st;
      w.row.className = `tr r-${st}`;
      const b = w.row.children[4].firstElementChild;
      b.className = `badge st-${st}`;
      b.textContent = st;
    }
    if (w.nominal !== e.nominal || w.fold !== e.fold) {
      w.nominal = e.nominal;
      w.fold = e.fold;
      put(w, 0, nominalText(e));
    }
    if (w.local !== e.local) { w.local = e.local; put(w, 1, fmtLocal(e.local)); }
    if (w.instant !== e.instant) { w.instant = e.instant; put(w, 2, fmtUtc(e.instant)); }
    const notes = notesMarkup(e);
    if (w.notes !== notes.text) { w.notes = notes.text; writeHtml(w.row.children[5], notes); }
  }
}

/**
 * Would `fillRows(chunk, entries)` change anything? Compares the entries'
 * fields with what the chunk's rows were last written from, as fillRows
 * does, without formatting or writing; stops at the first difference.
 */
export function rowsDiffer(chunk, entries) {
  const rows = chunkState(chunk);
  for (let i = 0; i < entries.length; i++) if (differs(rows[i], entries[i])) return true;
  return false;
}

/** The row elements of `chunk` outside [from, to) that `fillRows(chunk, entries)` would change. */
export function changingRows(chunk, entries, from, to) {
  const rows = chunkState(chunk);
  const out = [];
  for (let i = 0; i < entries.length; i++) if ((i < from || i >= to) && differs(rows[i], entries[i])) out.push(rows[i].row);
  return out;
}

function differs(w, e) {
  return w.nominal !== e.nominal || w.fold !== e.fold || w.local !== e.local || w.instant !== e.instant
    || w.st !== pageStatus(e) || w.notes !== notesHtml(e);
}

/** Counts of what the clock changes did, from a `notices` result. */
export function tally(entries) {
  const c = { skipped: 0, shifted: 0, merged: 0, doubled: 0, fold: 0 };
  for (const e of entries) {
    const st = pageStatus(e);
    if (st === 'doubled') { if (e.fold === 0) c.doubled++; }
    else if (st === 'scheduled') { if (e.notes.some((n) => n.code.startsWith('fold_'))) c.fold++; }
    else if (st in c) c[st]++;
  }
  return c;
}

export function tallyText(c) {
  const parts = [];
  if (c.skipped) parts.push(`${c.skipped} skipped`);
  if (c.shifted) parts.push(`${c.shifted} shifted`);
  if (c.merged) parts.push(`${c.merged} merged`);
  if (c.doubled) parts.push(`${c.doubled} doubled`);
  if (c.fold) parts.push(`${c.fold} in a repeated hour (run once)`);
  return parts.length ? parts.join(', ') : 'no instance is affected by a clock change';
}

/** The notices list: one item per affected nominal (a fold `both` pair once). */
export function noticesHtml(entries) {
  const items = [];
  for (const e of entries) {
    const st = pageStatus(e);
    if (st === 'doubled' && e.fold === 1) continue;
    const msg = e.notes.map((n) => n.message).join(' ');
    items.push(html`<li>${badge(st)} <strong>${fmtNominal(e.nominal)}</strong>: ${msg}</li>`);
  }
  return join(items);
}

function offsetMinutes(o) {
  const m = /^([+-])(\d{2}):(\d{2})/.exec(o);
  return m ? (m[1] === '-' ? -1 : 1) * (+m[2] * 60 + +m[3]) : 0;
}

function dur(min) {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

export function transitionsHtml(list) {
  if (!list.length) return html`<li class="hint">None: the zone keeps the same offset throughout.</li>`;
  return join(list.map((t) => {
    const d = offsetMinutes(t.offsetAfter) - offsetMinutes(t.offsetBefore);
    const what = t.kind === 'gap'
      ? `clocks jump forward ${dur(Math.abs(d))}: ${hm(t.localBefore.slice(11))} → ${t.localAfter.slice(0, 10) !== t.localBefore.slice(0, 10) ? t.localAfter.slice(0, 10) + ' ' : ''}${hm(t.localAfter.slice(11))}, local times in between do not exist`
      : `clocks go back ${dur(Math.abs(d))}: ${hm(t.localBefore.slice(11))} → ${hm(t.localAfter.slice(11))}, local times in between happen twice`;
    return html`<li><span class="badge ${t.kind === 'gap' ? 'st-skipped' : 'st-doubled'}">${t.kind}</span> <strong>${weekday(t.localBefore)} ${t.localBefore.slice(0, 10)}</strong> at ${fmtUtc(t.instant)}: ${what} (UTC${t.offsetBefore.replace('-', '−')} → UTC${t.offsetAfter.replace('-', '−')})</li>`;
  }));
}

const RANK = { skipped: 5, merged: 4, shifted: 3, doubled: 2, fold: 1 };

/**
 * A 12-month grid starting at `ym` ([year, month 1-12]); days with an
 * affected entry get that status's class, clock-change days a ring.
 */
export function yearHtml(ym, entries, transitions) {
  const marks = new Map();
  for (const e of entries) {
    let st = pageStatus(e);
    if (st === 'scheduled') st = 'fold';
    const day = e.nominal.slice(0, 10);
    const prev = marks.get(day);
    if (!prev || RANK[st] > RANK[prev.st]) marks.set(day, { st, label: `${fmtNominal(e.nominal)}: ${st}` });
  }
  const tr = new Map(transitions.map((t) => [t.localBefore.slice(0, 10), t.kind]));
  let [y, m] = ym;
  const h = [];
  for (let k = 0; k < 12; k++) {
    const first = new Date(Date.UTC(y, m - 1, 1));
    const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const lead = (first.getUTCDay() + 6) % 7; // Monday first
    const cells = [];
    for (let i = 0; i < lead; i++) cells.push(html`<span aria-hidden="true"></span>`);
    for (let d = 1; d <= length; d++) {
      const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      const mk = marks.get(date);
      const t = tr.get(date);
      const cls = [mk ? `d st-${mk.st}` : '', t ? 'tr' : ''].filter(Boolean).join(' ');
      const label = [mk?.label, t ? `clock change (${t})` : ''].filter(Boolean).join('; ');
      cells.push(cls
        ? html`<span role="listitem" class="${cls}" title="${label}" aria-label="${date}: ${label}">${d}</span>`
        : html`<span role="listitem">${d}</span>`);
    }
    h.push(html`<div class="month"><h3>${MONTHS[m - 1].slice(0, 3)} ${y}</h3><div class="mgrid" role="list" aria-label="${MONTHS[m - 1]} ${y}">${cells}</div></div>`);
    if (++m > 12) { m = 1; y++; }
  }
  return join(h);
}

/** CSV of the entries (RFC 4180 quoting). */
export function toCsv(entries) {
  const q = (v) => (/[",\n]/.test(String(v ?? '')) ? `"${String(v).replace(/"/g, '""')}"` : String(v ?? ''));
  const lines = ['nominal,fold,status,local,instant,key,notes'];
  for (const e of entries) {
    lines.push([e.nominal, e.fold, pageStatus(e), e.local, e.instant, e.key, e.notes.map((n) => `${n.code}: ${n.message}`).join(' | ')].map(q).join(','));
  }
  return lines.join('\n') + '\n';
}
