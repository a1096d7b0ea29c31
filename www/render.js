// Formatting: result objects → text and `Html` (page/dom.js). The DOM is
// touched only by setText and fillRows (the in-place rewrite of the instance
// rows), when the page's modules call them: they decide when (and whether)
// anything is written.

import { html, join, EMPTY, writeHtml } from './page/dom.js';
import { t, th, words, lang } from './page/i18n.js';

/** The short weekday names (also the builder's checkboxes), Sunday first. */
const WEEKDAY_KEYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'].map((d) => `day.${d}`);

// Sakamoto's month offsets: the weekday by arithmetic, without a Date per call.
const MONTH_OFFSET = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Day of week of `YYYY-MM-DD…` (proleptic Gregorian, no zone involved), short, in the page's language. */
export function weekday(date) {
  const m = +date.slice(5, 7);
  const y = +date.slice(0, 4) - (m < 3 ? 1 : 0);
  const k = y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSET[m - 1] + +date.slice(8, 10);
  return t(WEEKDAY_KEYS[((k % 7) + 7) % 7]);
}

/** `2026-03-08…` → `2026-03-08`, or `2026年3月8日` in Chinese (year first, no leading zeros). */
export function fmtDate(date) {
  const d = date.slice(0, 10);
  return lang() === 'en' ? d : t('fmt.date', { y: +d.slice(0, 4), m: +d.slice(5, 7), d: +d.slice(8, 10) });
}

/** `2026-03-08T…` → `Sun 2026-03-08`, `2026年3月8日周日`, `2026年3月8日 週日`. */
export const fmtDay = (date) => t('fmt.weekdayDate', { wd: weekday(date), date: fmtDate(date) });

/** `[2026, 3]` → `Mar 2026` or `2026年3月` (`long`: `March 2026`). */
export const fmtMonth = (y, m, long) => t('fmt.month', { month: words(long ? 'fmt.monthsLong' : 'fmt.months')[m - 1], y });

/**
 * A UTC offset as the page writes it beside a local time: `−04:00` in
 * English (as the offset of an RFC 3339 time), `UTC−4` (`UTC+5:30`) in
 * Chinese, where the offset stands in for the zone's abbreviation.
 */
export function fmtOffset(o) {
  const sign = o[0] === '-' ? '−' : '+';
  if (lang() === 'en') return sign + o.slice(1);
  // `−04:00` → `UTC−4`, `+05:30` → `UTC+5:30`, `−00:25:21` → `UTC−0:25:21`, as the package writes it.
  const [h, m = '00', sec = '00'] = o.slice(1).split(':');
  return `UTC${sign}${+h}${m !== '00' || sec !== '00' ? `:${m}` : ''}${sec !== '00' ? `:${sec}` : ''}`;
}

/** `2026-03-08` + k days → `2026-03-10`. */
export function addDays(date, k) {
  const d = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + k));
  return d.toISOString().slice(0, 10);
}

/** `HH:MM:SS` → `HH:MM`, keeping the seconds when they are not zero. */
const hm = (t) => (t.endsWith(':00') ? t.slice(0, 5) : t);

/** `HH:MM…` of a date-time text. */
export const fmtTime = (dt) => hm(dt.slice(11, 19));

/** `2026-03-08T02:30:00` → `Sun 2026-03-08 02:30`, `2026年3月8日周日 02:30`. */
export function fmtNominal(n) {
  return t('fmt.nominal', { wd: weekday(n), date: fmtDate(n), time: hm(n.slice(11, 19)) });
}

/** `2026-03-08T03:30:00-04:00[America/New_York]` → `2026-03-08 03:30 −04:00`, `2026年3月8日 03:30（UTC−4）`. */
export function fmtLocal(l) {
  if (!l) return '—';
  const b = l.indexOf('[');
  const s = b < 0 ? l : l.slice(0, b);
  return t('fmt.local', { date: fmtDate(s), time: hm(s.slice(11, 19)), offset: fmtOffset(s.slice(19)) });
}

/** `2026-03-08T07:30:00Z` → `2026-03-08 07:30Z`, `2026年3月8日 07:30` (under a UTC heading). */
export function fmtUtc(i) {
  if (!i) return '—';
  return t('fmt.utc', { date: fmtDate(i), time: hm(i.slice(11, 19)) });
}

/**
 * An ISO 8601 duration (`P1DT2H3M`, as the misfire decisions write
 * lateness) as the page shows it: as it is in English, `1天2小时3分钟` in
 * Chinese. Text that is no such duration is shown as it is.
 */
export function fmtDuration(iso) {
  const m = lang() === 'en' ? null : /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso);
  if (!m) return iso;
  const parts = ['d', 'h', 'min', 's'].map((u, i) => (+m[i + 2] ? t(`span.${u}`, { n: +m[i + 2] }) : '')).filter(Boolean);
  return (m[1] ? '−' : '') + (parts.join(t('fmt.unitSep')) || t('span.s', { n: 0 }));
}

/** An instant inside a sentence: `2026-03-08 07:30Z`, `协调世界时2026年3月8日 07:30`. */
export function fmtUtcInText(i) {
  if (!i) return '—';
  return t('fmt.utcInText', { date: fmtDate(i), time: hm(i.slice(11, 19)) });
}

/** The page's status for an entry: the library's, or `doubled` for fold `both`. */
export function pageStatus(e) {
  if (e.status === 'scheduled') {
    for (const n of e.notes) if (n.code === 'fold_both') return 'doubled';
  }
  return e.status;
}

/** A status badge: `kind` is the table of its words (`status`, `change`, `decision`), `s` the token. */
export const badge = (s, kind = 'status') => html`<span class="badge st-${s}">${t(`${kind}.${s}`)}</span>`;

function notesMarkup(e) {
  if (!e.notes.length) return EMPTY;
  return join(e.notes.map((n) => html`<span class="note" data-code="${n.code}">${n.message}</span>`));
}

/** An entry's notes as the HTML text a row's note cell holds (compared with what it shows). */
const notesHtml = (e) => notesMarkup(e).text;

/** A nominal, marked when it is the second of a repeated hour. */
export const nominalText = (e) => fmtNominal(e.nominal) + (e.fold ? t('fold.secondMark') : '');

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
    rows.push({ row, nodes, text: nodes.map((n) => n.data), nominal: null, fold: -1, local: undefined, instant: undefined, st: c[4].firstElementChild.className.slice('badge st-'.length), notes: c[5].innerHTML });
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
      b.textContent = t(`status.${st}`);
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
  const parts = ['skipped', 'shifted', 'merged', 'doubled', 'fold'].filter((k) => c[k]).map((k) => t(`tally.${k}`, { n: c[k] }));
  return parts.length ? parts.join(t('fmt.list')) : t('tally.none');
}

/** The notices list: one item per affected nominal (a fold `both` pair once). */
export function noticesHtml(entries) {
  const items = [];
  for (const e of entries) {
    const st = pageStatus(e);
    if (st === 'doubled' && e.fold === 1) continue;
    const notes = join(e.notes.map((n, i) => html`${i ? t('fmt.noteSep') : ''}<span data-code="${n.code}">${n.message}</span>`));
    items.push(html`<li>${th('notices.item', { badge: badge(st), when: fmtNominal(e.nominal), notes })}</li>`);
  }
  return join(items);
}

function offsetMinutes(o) {
  const m = /^([+-])(\d{2}):(\d{2})/.exec(o);
  return m ? (m[1] === '-' ? -1 : 1) * (+m[2] * 60 + +m[3]) : 0;
}

/** 90 → `1 h 30 min`, `1小时30分钟`. */
function span(min) {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return [h ? t('span.h', { n: h }) : '', m ? t('span.min', { n: m }) : ''].filter(Boolean).join(t('fmt.unitSep'));
}

/** The wall clock just after a transition: its time, and its date too when that is another day. */
function afterText(tr) {
  const day = tr.localAfter.slice(0, 10);
  return day !== tr.localBefore.slice(0, 10) ? t('fmt.dateTime', { date: fmtDate(day), time: fmtTime(tr.localAfter) }) : fmtTime(tr.localAfter);
}

export function transitionsHtml(list) {
  if (!list.length) return html`<li class="hint">${t('transitions.none')}</li>`;
  return join(list.map((tr) => {
    const d = offsetMinutes(tr.offsetAfter) - offsetMinutes(tr.offsetBefore);
    const what = t(`transitions.${tr.kind}`, { span: span(Math.abs(d)), from: fmtTime(tr.localBefore), to: tr.kind === 'gap' ? afterText(tr) : fmtTime(tr.localAfter) });
    const kind = html`<span class="badge ${tr.kind === 'gap' ? 'st-skipped' : 'st-doubled'}">${t(`kind.${tr.kind}`)}</span>`;
    return html`<li>${th('transitions.item', { badge: kind, day: fmtDay(tr.localBefore), utc: fmtUtcInText(tr.instant), what, before: utcOffset(tr.offsetBefore), after: utcOffset(tr.offsetAfter) })}</li>`;
  }));
}

/** An offset on its own: `UTC−05:00`, `UTC−5`. */
const utcOffset = (o) => (lang() === 'en' ? `UTC${fmtOffset(o)}` : fmtOffset(o));

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
    if (!prev || RANK[st] > RANK[prev.st]) marks.set(day, { st, label: t('year.mark', { when: fmtNominal(e.nominal), status: t(`status.${st}`) }) });
  }
  const tr = new Map(transitions.map((x) => [x.localBefore.slice(0, 10), x.kind]));
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
      const kind = tr.get(date);
      const cls = [mk ? `d st-${mk.st}` : '', kind ? 'tr' : ''].filter(Boolean).join(' ');
      const label = [mk?.label, kind ? t('year.change', { kind: t(`kind.${kind}`) }) : ''].filter(Boolean).join(t('fmt.marks'));
      cells.push(cls
        ? html`<span role="listitem" class="${cls}" title="${label}" aria-label="${t('year.day', { date: fmtDate(date), label })}">${d}</span>`
        : html`<span role="listitem">${d}</span>`);
    }
    h.push(html`<div class="month"><h3>${fmtMonth(y, m)}</h3><div class="mgrid" role="list" aria-label="${fmtMonth(y, m, true)}">${cells}</div></div>`);
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
