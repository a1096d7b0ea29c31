// The wallclock preview page: state in the URL, results from the wasm build,
// recomputed (debounced) on every edit. "Now" is always Date.now() from here.

import init, * as wc from './pkg/wallclock.js';
import { ruleToModel, modelToRule, byteToIndex, tokenAt, PART_CONTROLS } from './rrule.js';
import {
  esc, badge, rowsHtml, fillRows, rowsDiffer, changingRows, tally, tallyText, noticesHtml, transitionsHtml, yearHtml, toCsv,
  fmtNominal, fmtLocal, fmtUtc, pageStatus, addDays, setText,
} from './render.js';

const $ = (id) => document.getElementById(id);

/** Sets an element's HTML only when it differs from what this function last wrote there. */
const written = new WeakMap();
function setHtml(el, html) {
  if (written.get(el) === html) return;
  el.innerHTML = html;
  written.set(el, html);
}
const CHUNK = 25; // rows per chunk; off-screen chunks skip style, layout and paint (content-visibility)

const DEFAULTS = {
  tz: '', start: '', rrule: 'FREQ=DAILY', rdate: '', exdate: '',
  gap: 'skip', fold: 'first', inv: 'omit', n: 50, anchor: 'start', cmp: false,
  down: '', back: '', misfire: 'all', lat: '', catchUp: '', grace: '',
};
// State key → form element id (the plain fields; the builder is separate).
const FIELDS = {
  tz: 'tz', start: 'start', rrule: 'rrule', rdate: 'rdate', exdate: 'exdate', gap: 'gap', fold: 'fold',
  inv: 'invalidDate', n: 'n', anchor: 'anchor', down: 'down', back: 'back', misfire: 'misfire',
  lat: 'maxLateness', catchUp: 'maxCatchUp', grace: 'grace',
};
// Error `field` from wasm → the id whose `-err` element shows it.
const ERR_TARGET = {
  timeZone: 'tz', start: 'start', rrule: 'rrule', rdate: 'rdate', exdate: 'exdate', gap: 'gap',
  fold: 'fold', invalidDate: 'invalidDate', limit: 'n', maxLateness: 'maxLateness',
  maxCatchUp: 'maxCatchUp', grace: 'grace', misfire: 'misfire',
};

const HINTS = {
  gap: {
    skip: 'The occurrence does not run and does not count toward COUNT.',
    shift: 'Runs as far after the jump as it was meant after the old time: 02:30 → 03:30 (the offset before the change).',
    snap: 'Runs at the first instant after the jump: 02:30 → 03:00.',
  },
  fold: {
    first: 'Runs once, at the first of the two (before the clocks go back).',
    second: 'Runs once, at the second of the two (after the clocks go back).',
    both: 'Runs twice, once at each (shown as “doubled”).',
  },
  invalidDate: {
    omit: 'No occurrence that month, and it is not counted (RFC 5545).',
    backward: 'Runs on the last day of that month instead: 31 April → 30 April.',
    forward: 'Runs on the first day of the next month instead: 31 April → 1 May.',
  },
  misfire: {
    all: 'Runs every missed occurrence, within maxLateness and maxCatchUp.',
    latest_only: 'Runs only the newest; older missed ones are coalesced into it.',
    skip: 'Runs none that are later than grace; they are skipped.',
  },
};

let st = { ...DEFAULTS };
let zones = [];
let zoneSet = new Set();
let builderExtras = [];
let last = null; // the last good expansion (exports use it)
let lastError = null; // the error of the last update, if it had one (exports refuse then)
let nProblem = null; // why the "Show" value (typed, or from the link) is not used
let yearSig = '';
let timer = 0;
let renders = 0;
let pending = false; // an update is scheduled (tests wait for it to settle)
let restPending = false; // the sections below the table are still to come
let renderToken = 0;
const restWaiters = [];
const rowWaiters = [];
const perf = { last: null };

// ---------------------------------------------------------------- state / URL

function stateToHash(s) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) {
    if (k === 'tz' || k === 'start' || v !== DEFAULTS[k]) p.set(k, k === 'cmp' ? (v ? '1' : '0') : String(v));
  }
  return '#' + p.toString();
}

/** A "Show N" value: a whole number from 1 to 5000, else null. */
function parseN(v) {
  const t = String(v ?? '').trim();
  return /^\d+$/.test(t) && +t >= 1 && +t <= 5000 ? +t : null;
}

function hashToState(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...DEFAULTS };
  nProblem = null;
  for (const k of Object.keys(DEFAULTS)) {
    if (!p.has(k)) continue;
    const v = p.get(k);
    if (k === 'n') {
      const n = parseN(v);
      s.n = n ?? DEFAULTS.n;
      nProblem = n ? null : `The link’s n=${v} is not a whole number from 1 to 5000: showing ${DEFAULTS.n}.`;
    }
    else if (k === 'cmp') s.cmp = v === '1';
    else s[k] = v;
  }
  return s;
}

/** Today in `tz` at 09:00, as the default start. */
function defaultStart(tz) {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now()));
    const get = (t) => parts.find((x) => x.type === t).value;
    return `${get('year')}-${get('month')}-${get('day')}T09:00`;
  } catch {
    return `${new Date(Date.now()).toISOString().slice(0, 10)}T09:00`;
  }
}

/** The browser's zone when the bundled database knows it (asked without loading the zone list), else UTC. */
function browserZone() {
  try {
    const z = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (z && (zoneSet.has(z) || wc.validate({ timeZone: z, start: '2000-01-01T00:00' }).valid)) return z;
  } catch { /* fall through */ }
  return 'UTC';
}

/**
 * The ~600 zone names for the picker. Not needed for the first screen, so
 * they are read and written into the datalist after it is painted, or as
 * soon as the picker gets focus, whichever comes first.
 */
function loadZones() {
  if (zones.length) return;
  zones = wc.timeZones();
  zoneSet = new Set(zones);
  $('tz-list').innerHTML = zones.map((z) => `<option value="${esc(z)}"></option>`).join('');
  writeHints();
}

const list = (text) => text.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);

/** The spec the page previews (misfire fields only in the outage simulator). */
function mainSpec(s = st) {
  const spec = { timeZone: s.tz.trim(), start: s.start.trim(), gap: s.gap, fold: s.fold, invalidDate: s.inv };
  if (s.rrule.trim()) spec.rrule = s.rrule.trim();
  const rd = list(s.rdate);
  const ex = list(s.exdate);
  if (rd.length) spec.rdate = rd;
  if (ex.length) spec.exdate = ex;
  return spec;
}

function outageSpec() {
  const spec = { ...mainSpec(), misfire: st.misfire };
  if (st.lat.trim()) spec.maxLateness = st.lat.trim();
  if (String(st.catchUp).trim() !== '') spec.maxCatchUp = Number(st.catchUp);
  if (st.grace.trim()) spec.grace = st.grace.trim();
  return spec;
}

/** An instant string without milliseconds: `2026-03-01T00:00:00Z`. */
const isoSec = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `YYYY-MM-DDTHH:MM…` one year later (29 Feb → 28 Feb). */
function plusYear(local) {
  const y = String(+local.slice(0, 4) + 1).padStart(4, '0');
  let rest = local.slice(4);
  if (rest.startsWith('-02-29')) rest = '-02-28' + rest.slice(6);
  return y + rest;
}

/** The window of the notices and the year view: [start or now, +12 months). */
function windowOf(now) {
  if (st.anchor === 'now') return { from: isoSec(now), to: isoSec(new Date(now).setUTCFullYear(new Date(now).getUTCFullYear() + 1)), label: 'now' };
  const s = st.start.trim();
  return { from: s, to: plusYear(s), label: s.slice(0, 10) };
}

/** [year, month] of the window's start, in the zone. */
function windowMonth(win) {
  if (st.anchor !== 'now') return [+win.from.slice(0, 4), +win.from.slice(5, 7)];
  try {
    const p = new Intl.DateTimeFormat('en-CA', { timeZone: st.tz, year: 'numeric', month: '2-digit' }).formatToParts(new Date(win.from));
    return [+p.find((x) => x.type === 'year').value, +p.find((x) => x.type === 'month').value];
  } catch {
    return [+win.from.slice(0, 4), +win.from.slice(5, 7)];
  }
}

/** The URL follows the state, off the rendering path (replaceState costs an IPC). */
let urlTimer = 0;
let urlPending = false;
function saveUrl() {
  clearTimeout(urlTimer);
  urlPending = true;
  urlTimer = setTimeout(() => {
    urlPending = false;
    const h = stateToHash(st);
    if (location.hash !== h) history.replaceState(null, '', h);
  }, 150);
}

function setStale(on) {
  if (document.body.classList.contains('stale') !== on) document.body.classList.toggle('stale', on);
}

// ---------------------------------------------------------------- form <-> state

function writeForm() {
  for (const [k, id] of Object.entries(FIELDS)) {
    const el = $(id);
    if (el.value !== String(st[k])) el.value = String(st[k]);
  }
  writeBuilder(ruleToModel(st.rrule));
  writeHints();
  setCompareOpen(st.cmp);
}

function readForm() {
  for (const [k, id] of Object.entries(FIELDS)) {
    const v = $(id).value;
    if (k === 'n') {
      const n = parseN(v);
      if (n) st.n = n;
      nProblem = n ? null : `Show takes a whole number from 1 to 5000${v.trim() ? `, not ${v.trim()}` : ''}: still showing ${st.n}.`;
    } else st[k] = v;
  }
}

function writeBuilder(m) {
  $('b-freq').value = m.freq;
  $('b-interval').value = m.interval;
  for (const cb of $('b-days').querySelectorAll('input')) cb.checked = m.days.includes(cb.value);
  $('b-nth').value = m.nth;
  $('b-mdmode').value = m.mdMode;
  $('b-monthdays').value = m.monthDays;
  $('b-times').value = m.times;
  for (const r of document.querySelectorAll('input[name="b-end"]')) r.checked = r.value === m.end;
  $('b-count').value = m.count;
  $('b-until').value = m.until;
  writeKept(m.extras, m.custom);
  setErr('b-times', null);
  writeHints();
}

/**
 * The parts kept from the text (`extras`, named in `custom`): the builder
 * writes them back as they are, lists them, and disables the controls that
 * would write them.
 */
function writeKept(extras, custom) {
  builderExtras = extras;
  const locked = new Set(custom.map((k) => PART_CONTROLS[k]).filter(Boolean));
  for (const cb of $('b-days').querySelectorAll('input')) cb.disabled = locked.has('days');
  $('b-nth').disabled = locked.has('days');
  $('b-times').disabled = locked.has('times');
  const note = $('rule-note');
  note.hidden = !custom.length;
  note.textContent = custom.length
    ? `Kept from the text (the builder does not edit these): ${[...new Set(custom)].join(', ')}.`
      + (locked.size ? ' The builder controls for them are off; edit them in the RRULE field.' : '') : '';
}

function readBuilder() {
  return {
    freq: $('b-freq').value,
    interval: $('b-interval').value,
    days: [...$('b-days').querySelectorAll('input:checked')].map((c) => c.value),
    nth: $('b-nth').value,
    mdMode: $('b-mdmode').value,
    monthDays: $('b-monthdays').value,
    times: $('b-times').value,
    end: document.querySelector('input[name="b-end"]:checked')?.value || 'never',
    count: $('b-count').value,
    until: $('b-until').value,
    extras: builderExtras,
  };
}

/** 1 → 1st, 22 → 22nd, 31 → 31st, 11 → 11th. */
function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

function writeHints() {
  setText($('gap-hint'), HINTS.gap[$('gap').value] || '');
  setText($('fold-hint'), HINTS.fold[$('fold').value] || '');
  setText($('invalidDate-hint'), HINTS.invalidDate[$('invalidDate').value] || '');
  setText($('misfire-hint'), HINTS.misfire[$('misfire').value] || '');
  const mode = $('b-mdmode').value;
  $('b-monthdays').hidden = mode !== 'days';
  const days = list($('b-monthdays').value).map(Number);
  const inv = $('invalidDate').value;
  const fate = { omit: 'no run that month', backward: 'the last day of that month', forward: 'the 1st of the next month' }[inv];
  let hint = '';
  if (mode === 'last') hint = 'BYMONTHDAY=-1: 31 Jan, 28 Feb, 31 Mar, 30 Apr… every month has one.';
  else if (mode === 'days' && days.some((d) => d > 28)) {
    hint = `Not every month has day ${Math.max(...days)}: the invalid-date policy decides (now “${inv}”: ${fate}). For the end of every month choose “the last day of the month”.`;
  } else if (!mode && $('b-freq').value === 'MONTHLY' && +st.start.slice(8, 10) > 28) {
    hint = `Monthly on the start’s day, the ${ordinal(+st.start.slice(8, 10))}: months without it follow the invalid-date policy (${inv}: ${fate}).`;
  }
  setText($('b-md-hint'), hint);
  const z = $('tz').value.trim();
  setText($('tz-hint'), !zones.length || zoneSet.has(z) ? '' : `${zones.length} zones; type part of a name and pick one.`);
}

// ---------------------------------------------------------------- errors

const ERR_IDS = ['tz', 'start', 'rrule', 'rdate', 'exdate', 'gap', 'fold', 'invalidDate', 'n', 'anchor', 'general'];
const OUTAGE_ERR_IDS = ['down', 'back', 'misfire', 'maxLateness', 'maxCatchUp', 'grace', 'outage'];

function setErr(id, msg) {
  const el = $(`${id}-err`);
  if (!el) return;
  el.hidden = !msg;
  setText(el, msg || '');
  const input = $(id);
  if (input && input.matches('input, select, textarea')) {
    if (msg) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

function errTarget(e, fallback) {
  const f = String(e?.field || '').replace(/\[.*$/, '').replace(/\..*$/, '');
  return ERR_TARGET[f] || fallback;
}

const errText = (e) => (e && e.message) || String(e);

/** Shows a wasm error next to its field; RRULE errors also mark the offending part. */
function showMainError(e) {
  const id = errTarget(e, 'general');
  setErr(id, errText(e));
  if (id === 'rrule' && Number.isFinite(e.position)) markRule(e.position);
}

function markRule(bytePos) {
  const raw = $('rrule').value;
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  const i = byteToIndex(text, bytePos);
  const [a, b] = tokenAt(text, i);
  const el = $('rrule-mark');
  el.innerHTML = `<span class="sr-only">Error at character ${i + 1}: </span>${esc(text.slice(0, a))}<mark>${esc(text.slice(a, b)) || '&nbsp;'}</mark>${esc(text.slice(b))}`;
  el.hidden = false;
  el.dataset.position = String(bytePos);
  const ta = $('rrule');
  if (document.activeElement !== ta) ta.setSelectionRange(lead + a, lead + b);
}

function clearMarks() {
  $('rrule-mark').hidden = true;
  setText($('rrule-mark'), '');
}

// ---------------------------------------------------------------- rendering

/**
 * Writes the entries into the table, CHUNK rows per chunk. A chunk that
 * already has the right number of rows is rewritten in place (only the text
 * that changed): its rows on screen at once, the others later (see
 * `markStale`) unless they stay the same;
 * from the first chunk that does not fit, the chunks are replaced; chunks
 * past the end are removed.
 */
function renderChunks(entries) {
  const box = $('rows');
  const [top, bottom] = viewBand();
  // Where each chunk is, and which rows of a chunk on screen are, read before
  // anything is written (a read after a write would force a layout).
  const tops = [];
  const bands = [];
  for (const chunk of box.children) {
    const r = chunk.getBoundingClientRect();
    tops.push([r.top, r.bottom]);
    bands.push(r.bottom > top && r.top < bottom ? rowsInBand(chunk, r, top, bottom) : null);
  }
  const stale = [];
  let html = '';
  let idx = 0;
  let now = 0; // rows written in this task
  for (let i = 0; i < entries.length; i += CHUNK, idx++) {
    const part = entries.slice(i, i + CHUNK);
    const chunk = box.children[idx];
    if (chunk && !html && chunk.children.length === part.length && chunk.firstElementChild?.children.length === 6) {
      const band = bands[idx];
      if (band) {
        // On screen: the rows in the viewport now; the chunk's other rows that change wait, hidden.
        const [from, to] = band;
        fillRows(chunk, part, from, to);
        now += to - from;
        const rest = changingRows(chunk, part, from, to);
        if (rest.length) stale.push([chunk, part, tops[idx][0], rest]);
        else fillChunk(chunk, part);
      } else if (rowsDiffer(chunk, part)) stale.push([chunk, part, tops[idx][0], null]);
      else fillChunk(chunk, part); // already shows these rows (at most its stale mark goes)
    } else {
      while (box.children.length > idx) box.lastElementChild.remove();
      now += part.length;
      html += `<div role="rowgroup" class="chunk">${rowsHtml(part, i + 1)}</div>`;
    }
  }
  if (html) box.insertAdjacentHTML('beforeend', html);
  else while (box.children.length > idx) box.lastElementChild.remove();
  markStale(stale);
  return now;
}

/**
 * The rows of an on-screen chunk (at `rect`) to write at once, as [from, to)
 * positions: those inside the band [top, bottom) when they are at most half
 * of the chunk (at the edge of the screen: mid-table, up to two of the three
 * chunks on screen), else all of them, which costs less than hiding the few
 * others (the first chunk at the top of the page). A stale chunk is not laid
 * out: all of its rows.
 */
function rowsInBand(chunk, rect, top, bottom) {
  const rows = chunk.children;
  const shown = Math.min(rect.bottom, bottom) - Math.max(rect.top, top);
  if (chunk.hasAttribute('data-stale') || shown * 2 > rect.height) return [0, rows.length];
  let from = rows.length;
  let to = 0;
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j].getBoundingClientRect();
    if (r.bottom > top && r.top < bottom) { from = Math.min(from, j); to = j + 1; }
  }
  return from < to ? [from, to] : [0, rows.length];
}

// ---------------------------------------------------------------- stale chunks

/**
 * A rule change writes only the rows on screen in its own task; every other
 * row keeps the previous rule for a few frames. A chunk with no row on
 * screen is *stale*: `data-stale` makes it `content-visibility: hidden` (the
 * previous rule is never painted, nor offered to find-in-page or screen
 * readers, and it needs no style or layout). In a chunk at the edge of the
 * screen, each row that waits is stale itself: `data-stale` on the row makes
 * it `visibility: hidden`, which hides it the same way without a layout.
 * The new entries wait beside the chunk (`chunk._next`). After the frame,
 * slices of at most SLICE_MS refill the stale rows nearest the viewport
 * first, yielding between slices; stale rows that come into view first are
 * filled by `watchStale` in the requestAnimationFrame callback of the frame
 * that would show them. A newer rule change supersedes the older one's
 * pending entries.
 */
const SLICE_MS = 4;
const VIEW_MARGIN = 0; // px beyond the viewport written at once
let staleQueue = []; // chunks waiting for their new rows, in refill order
let refillGen = 0; // the rule change whose refill runs; an older one's slices stop
let watching = false;

/** The viewport band (client coordinates) whose chunks are written at once. */
function viewBand() {
  return [-VIEW_MARGIN, window.innerHeight + VIEW_MARGIN];
}

function fillChunk(chunk, part) {
  fillRows(chunk, part);
  chunk._next = null;
  markRows(chunk, null);
  if (chunk.hasAttribute('data-stale')) chunk.removeAttribute('data-stale');
}

/** Makes `rows` (elements of `chunk`, or none) its stale rows. */
function markRows(chunk, rows) {
  const old = chunk._staleRows;
  if (old) for (const r of old) if (!rows?.includes(r)) r.removeAttribute('data-stale');
  if (rows) for (const r of rows) if (!r.hasAttribute('data-stale')) r.setAttribute('data-stale', '');
  chunk._staleRows = rows?.length ? rows : null;
}

/**
 * `list`: [chunk, entries, its top, rows] in document order: `rows` null for
 * a chunk off screen, else the rows of a chunk on screen that wait.
 */
function markStale(list) {
  for (const c of staleQueue) c._next = null; // superseded (or removed with its chunk)
  staleQueue = [];
  if (!list.length) { refilled(); return; }
  // Refill order: the chunks on screen, then those below the viewport top to
  // bottom, then those above, nearest first.
  const edge = [];
  const below = [];
  const above = [];
  for (const [chunk, part, top, rows] of list) {
    chunk._next = part;
    if (rows) {
      if (chunk.hasAttribute('data-stale')) chunk.removeAttribute('data-stale');
      markRows(chunk, rows);
      edge.push(chunk);
    } else {
      if (!chunk.hasAttribute('data-stale')) chunk.setAttribute('data-stale', '');
      (top >= 0 ? below : above).push(chunk);
    }
  }
  staleQueue = edge.concat(below, above.reverse());
  $('instances').setAttribute('aria-busy', 'true'); // screen readers: the table is being updated
  const gen = ++refillGen;
  afterFrame(() => refillSlice(gen));
  if (!watching) {
    watching = true;
    requestAnimationFrame(watchStale);
  }
}

/** Refills stale chunks for at most SLICE_MS, then yields until the queue is empty. */
function refillSlice(gen) {
  if (gen !== refillGen) return; // a newer rule change has its own refill, after its own frame
  const t0 = performance.now();
  while (staleQueue.length && performance.now() - t0 < SLICE_MS) {
    const chunk = staleQueue.shift();
    if (chunk._next) fillChunk(chunk, chunk._next);
  }
  if (staleQueue.length) yieldThen(() => refillSlice(gen));
  else refilled();
}

/** Runs `fn` in a task of its own soon (no 4 ms clamping of nested timers). */
function yieldThen(fn) {
  if (window.scheduler?.postTask) window.scheduler.postTask(fn, { priority: 'user-visible' });
  else setTimeout(fn, 0);
}

/** Every frame while chunks are stale: fill those the frame would show. */
function watchStale() {
  if (!staleQueue.length) { watching = false; return; }
  const [top, bottom] = viewBand();
  const inBand = (el) => { const r = el.getBoundingClientRect(); return r.bottom > top && r.top < bottom; };
  const shown = staleQueue.filter((chunk) => chunk._next && (chunk._staleRows && !chunk.hasAttribute('data-stale')
    ? chunk._staleRows.some(inBand) : inBand(chunk)));
  for (const chunk of shown) fillChunk(chunk, chunk._next);
  if (shown.length) staleQueue = staleQueue.filter((c) => c._next);
  if (!staleQueue.length) { watching = false; refilled(); return; }
  requestAnimationFrame(watchStale);
}

/** The last rule's rows are all in the DOM. */
function refilled() {
  if (staleQueue.length) return;
  if ($('instances').getAttribute('aria-busy') === 'true') $('instances').setAttribute('aria-busy', 'false');
  for (const f of rowWaiters.splice(0)) f();
  complete();
}

function renderEmpty() {
  markStale([]);
  $('rows').innerHTML = '<div role="rowgroup" class="chunk"><div role="row" class="tr"><span role="cell" class="hint all">No occurrence in this window.</span></div></div>';
}

/** No result at all: `text` in the summary and in the table. */
function renderMessage(text) {
  markStale([]);
  $('rows').innerHTML = `<div role="rowgroup" class="chunk"><div role="row" class="tr"><span role="cell" class="hint all">${esc(text)}</span></div></div>`;
  setText($('rows-status'), '');
  setText($('describe'), '');
  setText($('summary'), text);
}

function computeNotices(spec, win) {
  try {
    return wc.notices(spec, { from: win.from, to: win.to });
  } catch (e) {
    return { error: e };
  }
}

/**
 * The whole preview. The rows on screen, the describe sentence, the summary
 * and the notices above the table are written synchronously, so the next
 * frame shows all of them; the other rows follow within a few frames
 * (`markStale`); the sections below the table (transitions, year view,
 * comparison, outage simulator) follow in `renderRest`, after that frame is
 * painted. Returns the synchronous part's duration in ms.
 */
function update() {
  const t0 = performance.now();
  const now = Date.now();
  for (const id of ERR_IDS) setErr(id, null);
  clearMarks();
  writeHints();
  saveUrl();

  if (nProblem) setErr('n', nProblem);
  if (st.anchor !== 'start' && st.anchor !== 'now') {
    setErr('anchor', `invalid “from” value “${st.anchor}”: choose the start or now (the start is used until then).`);
  }

  const spec = mainSpec();
  const opts = {};
  if (st.anchor === 'now') opts.from = isoSec(now);
  const token = ++renderToken;
  restPending = true;
  const te = performance.now();
  let x;
  try {
    x = wc.expand(spec, { ...opts, limit: st.n });
  } catch (e) {
    lastError = e;
    showMainError(e);
    if (last) {
      setStale(true);
      setText($('summary'), 'Showing the last valid result until the error is fixed.');
    } else {
      // Opened with an invalid field: there is no earlier result to keep.
      const label = $(errTarget(e, 'general'))?.labels?.[0]?.textContent;
      renderMessage(`Nothing can be shown until the error ${label ? `in “${label}”` : 'above'} is fixed.`);
    }
    ready();
    afterFrame(() => renderRest(token, { now }));
    return performance.now() - t0;
  }
  lastError = null;
  setStale(false);
  const t1 = performance.now();
  const written = x.entries.length ? renderChunks(x.entries) : (renderEmpty(), 1);
  last = { spec, result: x };
  setText($('rows-status'), `${x.entries.length} rows.`);
  const t2 = performance.now();

  let desc = '';
  try { desc = wc.describe(spec); } catch (e) { desc = ''; }
  setText($('describe'), desc);
  setHtml($('warnings'), x.warnings.map((w) => `<li>${esc(w.message)}</li>`).join(''));

  const win = windowOf(now);
  const nt = computeNotices(spec, win);
  const since = st.anchor === 'now' ? 'from now' : `from ${win.label}`;
  if (nt.error) {
    setText($('summary'), `Next 12 months (${since}): not scanned: ${errText(nt.error)}`);
    $('notices').hidden = true;
  } else {
    setText($('summary'), `In the next 12 months (${since}): ${tallyText(tally(nt.entries))}.`);
    $('notices').hidden = !nt.entries.length;
    setHtml($('notice-list'), noticesHtml(nt.entries));
  }
  perf.last = { expandMs: t1 - te, tableMs: t2 - t1, totalMs: performance.now() - t0, rows: x.entries.length, written };
  ready();
  afterFrame(() => renderRest(token, { now, spec, x, win, since, nt }));
  return performance.now() - t0;
}

/**
 * Everything below the table: the transitions, the year view, the comparison
 * and the outage simulator. Without `spec` (the rule has an error) only the
 * outage simulator runs.
 */
function renderRest(token, ctx) {
  if (token !== renderToken) return; // superseded by a newer edit, which has its own pass
  const t0 = performance.now();
  try {
    writeRest(ctx);
  } catch (e) {
    // As in safeUpdate: say what happened rather than throw to the console.
    setErr('general', `Unexpected problem: ${errText(e)}`);
  }
  perf.rest = { totalMs: performance.now() - t0 };
  restPending = false;
  finish();
}

function writeRest({ now, spec, x, win, since, nt }) {
  if (spec) {
    setHtml($('transitions'), transitionsHtml(x.transitions));
    if (!nt.error) {
      const ym = windowMonth(win);
      const sig = JSON.stringify([ym, nt.entries.map((e) => [e.nominal, e.status, e.notes.length]), nt.transitions.map((t) => t.localBefore)]);
      if (sig !== yearSig) {
        yearSig = sig;
        $('year').innerHTML = yearHtml(ym, nt.entries, nt.transitions);
        setText($('year-range'), `(12 months ${since})`);
      }
    }
    if (st.cmp) renderCompare(spec, win);
  }
  updateOutage(now);
}

/**
 * Runs `fn` after the next frame has been rendered: a task queued from a
 * requestAnimationFrame callback runs once that frame's style, layout and
 * paint are done. A hidden page gets no frames, hence the timer.
 */
function afterFrame(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
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
  renders++;
  $('app').dataset.rev = String(renders);
  complete();
}

/** Resolves the `whenComplete` promises once the rest pass and the refill are both done. */
function complete() {
  if (!restPending && !staleQueue.length) for (const f of restWaiters.splice(0)) f();
}

// ---------------------------------------------------------------- compare policies

function setCompareOpen(open) {
  $('cmp-toggle').setAttribute('aria-expanded', String(open));
  $('cmp-toggle').textContent = open ? 'Hide policy comparison' : 'Compare policies';
  $('compare').hidden = !open;
}

function renderCompare(spec, win) {
  const body = $('compare-body');
  const groups = [
    { key: 'gap', title: 'Spring forward: local time that does not exist', values: ['skip', 'shift', 'snap'], codes: /^(gap_|merged)/ },
    { key: 'fold', title: 'Fall back: local time that happens twice', values: ['first', 'second', 'both'], codes: /^fold_/ },
  ];
  let html = '';
  try {
    for (const g of groups) {
      // Which nominals does any policy of this group touch?
      const affected = new Set();
      for (const v of g.values) {
        const r = wc.notices({ ...spec, [g.key]: v }, { from: win.from, to: win.to });
        for (const e of r.entries) if (e.notes.some((n) => g.codes.test(n.code))) affected.add(e.nominal);
      }
      const nominals = [...affected].sort().slice(0, 24);
      html += `<h3>${esc(g.title)}</h3>`;
      if (!nominals.length) { html += '<p class="hint">No instance in the next 12 months meets this kind of clock change.</p>'; continue; }
      // Each policy, expanded around the affected days (so unaffected neighbours show too).
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
      html += `<div class="table-wrap" tabindex="0" role="region" aria-label="${esc(g.title)} (scrolls sideways)"><table class="cmp" data-group="${g.key}"><caption class="sr-only">${esc(g.title)}: each policy side by side</caption>`
        + `<thead><tr><th scope="col">Nominal</th>${g.values.map((v) => `<th scope="col" data-policy="${v}">${v}${v === spec[g.key] ? ' (current)' : ''}</th>`).join('')}</tr></thead><tbody>`;
      for (const n of nominals) {
        html += `<tr><th scope="row">${fmtNominal(n)}</th>`;
        for (const v of g.values) {
          const es = cells[v].get(n) || [];
          const inner = es.length
            ? es.map((e) => `<div>${badge(pageStatus(e))} ${e.local ? `${fmtLocal(e.local)}<br><small>${fmtUtc(e.instant)}</small>` : ''}</div>`).join('')
            : '<span class="hint">not generated</span>';
          html += `<td data-policy="${v}">${inner}</td>`;
        }
        html += '</tr>';
      }
      html += '</tbody></table></div>';
    }
  } catch (e) {
    html += `<p class="err">${esc(errText(e))}</p>`;
  }
  setHtml(body, html);
}

// ---------------------------------------------------------------- outage simulator

/** An instant for `text` (an instant, or a local date-time in the zone). */
function instantOf(text, field) {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw Object.assign(new Error(`“${text}” is not an instant: write e.g. 2026-10-24T12:00:00Z or a local 2026-10-24T08:00`), { field });
    return ms;
  }
  try {
    const r = wc.expand({ timeZone: st.tz.trim(), start: text, gap: 'shift', fold: 'first' }, { limit: 1 });
    return Date.parse(r.entries[0].instant);
  } catch (e) {
    throw Object.assign(new Error(errText(e).replace('`start`', 'date-time')), { field });
  }
}

const EXPAND_MAX = 100000; // the most entries one expansion gives
const DECIDE = 5000; // missed executions the policy decides on (the newest)
const SHOW = 1000; // rows of the outage table (the newest)

function updateOutage(now) {
  for (const id of OUTAGE_ERR_IDS) setErr(id, null);
  const tbody = $('outage').querySelector('tbody');
  const down = st.down.trim();
  const back = st.back.trim();
  if (!down || !back) {
    setHtml(tbody, '');
    setText($('outage-summary'), 'Enter when the scheduler went down and when it came back.');
    return;
  }
  try {
    let from;
    let to;
    try { from = instantOf(down, 'down'); } catch (e) { setErr('down', errText(e)); throw null; }
    try { to = instantOf(back, 'back'); } catch (e) { setErr('back', errText(e)); throw null; }
    if (to <= from) { setErr('back', '“Back at” must be after “down from”.'); throw null; }
    const catchUp = String(st.catchUp).trim();
    if (catchUp && !/^\d+$/.test(catchUp)) { setErr('maxCatchUp', `“${catchUp}” is not a whole number of 0 or more (empty: no limit).`); throw null; }
    // Every missed execution (the policies depend on the newest ones), then
    // the decisions for the newest DECIDE of them; the table shows the newest SHOW.
    const spec = mainSpec();
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
    const out = wc.decideMisfires(outageSpec(), due, isoSec(to));
    const counts = {};
    for (const d of out) counts[d.decision] = (counts[d.decision] || 0) + 1;
    let h = '';
    for (const d of out.slice(-SHOW)) {
      const e = nominal.get(d.key);
      h += `<tr class="d-${d.decision}"><td>${e ? fmtNominal(e.nominal) : esc(d.key)}${e?.fold ? ' (2nd)' : ''}</td><td>${fmtUtc(d.instant)}</td><td>${esc(d.lateness)}</td>`
        + `<td><span class="badge dc-${d.decision}">${d.decision}</span></td><td>${esc(d.reason)}</td></tr>`;
    }
    setHtml(tbody, h || '<tr><td colspan="5" class="hint">Nothing was due while the scheduler was down.</td></tr>');
    const parts = ['run', 'coalesced', 'skipped', 'expired'].filter((k) => counts[k]).map((k) => `${counts[k]} ${k}`);
    const decided = total > out.length ? ` (decided for the newest ${out.length}; the ${total - out.length} older ones are left out)` : '';
    const shown = out.length > SHOW ? ` The table shows the newest ${SHOW}.` : '';
    setText($('outage-summary'), `${total} missed${decided}${parts.length ? ': ' + parts.join(', ') : ''}.${shown} “Now” is the back-at time; the misfire decision is ${st.misfire}.`);
  } catch (e) {
    setHtml(tbody, '');
    setText($('outage-summary'), '');
    if (e) setErr(errTarget(e, 'outage'), errText(e));
  }
}

// ---------------------------------------------------------------- share / export

/** Recomputes now if an edit is still waiting, so that an export sees what the fields hold. */
function flush() {
  if (pending) safeUpdate();
}

function shareText(kind) {
  flush();
  // The whole spec: the outage section's misfire fields are the spec's too.
  const spec = outageSpec();
  if (spec.misfire === DEFAULTS.misfire) delete spec.misfire;
  if (kind === 'link') return location.href.replace(/#.*$/, '') + stateToHash(st);
  if (kind === 'json') {
    wc.validate(spec); // an invalid spec is refused, as for the other formats
    return JSON.stringify(spec, null, 2);
  }
  if (kind === 'rrule') {
    const v = wc.validate(spec);
    return v.rrule ? `RRULE:${v.rrule}` : '';
  }
  return wc.toICal(spec);
}

async function copy(kind) {
  const status = $('share-status');
  let text;
  try {
    text = shareText(kind);
  } catch (e) {
    status.textContent = `Cannot copy: ${errText(e)}`;
    return;
  }
  const out = $('share-out');
  out.hidden = false;
  out.value = text;
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `Copied the ${kind === 'link' ? 'link' : kind.toUpperCase()} to the clipboard.`;
  } catch {
    out.select();
    status.textContent = 'The clipboard is not available here: the text is selected below, press Ctrl+C.';
  }
}

function download(kind) {
  const status = $('share-status');
  flush();
  if (lastError) { status.textContent = `Cannot download: ${errText(lastError)}`; return; }
  if (!last) { status.textContent = 'Nothing to download yet.'; return; }
  const body = kind === 'csv' ? toCsv(last.result.entries) : JSON.stringify(last.result, null, 2);
  const blob = new Blob([body], { type: kind === 'csv' ? 'text/csv' : 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `wallclock-instances.${kind}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  status.textContent = `Downloaded ${last.result.entries.length} instances as ${kind.toUpperCase()}.`;
}

// ---------------------------------------------------------------- events

/**
 * Recomputes after an edit: at once for a choice (a select, checkbox or
 * radio button: one event is one decision), 120 ms after the last keystroke
 * for typed text, so a half-typed rule does not flash errors.
 */
function schedule(target) {
  clearTimeout(timer);
  if (target && (target.tagName === 'SELECT' || target.type === 'checkbox' || target.type === 'radio')) {
    safeUpdate();
    return;
  }
  pending = true;
  timer = setTimeout(safeUpdate, 120);
}

function safeUpdate() {
  clearTimeout(timer);
  pending = false;
  try {
    update();
  } catch (e) {
    // Never leave the page blank or throw to the console: say what happened.
    setErr('general', `Unexpected problem: ${errText(e)}`);
    restPending = false;
    ready();
    finish();
  }
}

function onInput(ev) {
  const t = ev.target;
  const id = t.id || t.name;
  if (id === 'ical') return onIcal();
  if (id.startsWith('b-')) {
    const r = modelToRule(readBuilder());
    if (r.error) { setErr('b-times', r.error); return; }
    setErr('b-times', null);
    $('rrule').value = r.rule;
    st.rrule = r.rule;
    if (!r.rule) writeKept([], []); // "Once": nothing is kept from the old text
    writeHints();
  } else if (id === 'rrule') {
    st.rrule = t.value;
    const m = ruleToModel(t.value);
    // Keep the builder in step without rewriting what the user is typing.
    writeBuilder(m);
  } else {
    readForm();
  }
  schedule(t);
}

function onIcal() {
  const text = $('ical').value;
  setErr('ical', null);
  if (!text.trim()) return;
  let spec;
  try {
    spec = wc.parseICal(text);
  } catch (e) {
    setErr('ical', errText(e));
    return;
  }
  st.tz = spec.timeZone ?? st.tz;
  st.start = spec.start ?? st.start;
  st.rrule = spec.rrule ?? '';
  st.rdate = (spec.rdate || []).join(', ');
  st.exdate = (spec.exdate || []).join(', ');
  // wallclock's own X-WALLCLOCK-* properties (`toICal` writes the fields
  // that are not at their default); a plain event keeps the form's choices.
  const policies = { gap: 'gap', fold: 'fold', inv: 'invalidDate', misfire: 'misfire', lat: 'maxLateness', catchUp: 'maxCatchUp', grace: 'grace' };
  for (const [k, field] of Object.entries(policies)) if (spec[field] !== undefined) st[k] = String(spec[field]);
  writeForm();
  const events = (text.match(/^[ \t]*BEGIN:VEVENT[ \t]*$/gim) || []).length;
  $('ical-hint').textContent = events > 1
    ? `Applied only the first of the ${events} events (VEVENT): the fields hold one event’s recurrence; paste the others one at a time.`
    : 'Applied: the fields above now hold this event’s recurrence.';
  schedule();
}

function wire() {
  const form = $('form');
  form.addEventListener('input', (ev) => { try { onInput(ev); } catch (e) { setErr('general', errText(e)); } });
  form.addEventListener('submit', (ev) => ev.preventDefault());
  $('results').addEventListener('input', (ev) => { readForm(); schedule(ev.target); ev.stopPropagation(); });
  $('cmp-toggle').addEventListener('click', () => {
    st.cmp = !st.cmp;
    setCompareOpen(st.cmp);
    safeUpdate();
    if (st.cmp) whenComplete().then(() => $('compare').scrollIntoView({ block: 'nearest' }));
  });
  for (const b of document.querySelectorAll('[data-copy]')) b.addEventListener('click', () => { copy(b.dataset.copy).catch(() => {}); });
  for (const b of document.querySelectorAll('[data-download]')) b.addEventListener('click', () => { try { download(b.dataset.download); } catch (e) { $('share-status').textContent = errText(e); } });
  window.addEventListener('hashchange', () => {
    if (location.hash === stateToHash(st)) return;
    st = hashToState(location.hash);
    if (!st.tz) st.tz = browserZone();
    if (!st.start) st.start = defaultStart(st.tz);
    writeForm();
    safeUpdate();
  });
}

// ---------------------------------------------------------------- start

/** The page cannot start: say why, and show the form rather than keep it hidden. */
function fail(message) {
  $('meta').textContent = message;
  $('app').setAttribute('aria-busy', 'false');
}

async function main() {
  try {
    const module = await window.wallclockWasm; // compiled early by index.html, or null
    await init(module ? { module_or_path: module } : undefined);
  } catch (e) {
    fail(`Could not load the WebAssembly module: ${errText(e)}`);
    return;
  }
  performance.mark('wasm-ready');
  $('meta').textContent = `IANA tz database ${wc.tzdbVersion()}, computed in your browser.`;
  st = hashToState(location.hash);
  if (!st.tz) st.tz = browserZone();
  if (!st.start) st.start = defaultStart(st.tz);
  writeForm();
  wire();
  safeUpdate();
  $('tz').addEventListener('focus', loadZones, { once: true });
  whenComplete().then(() => {
    if (window.requestIdleCallback) requestIdleCallback(loadZones, { timeout: 1000 });
    else setTimeout(loadZones, 0);
  });
}

/** Resolves when every part of the last update is on the page. */
const whenComplete = () => new Promise((r) => (restPending || staleQueue.length ? restWaiters.push(r) : r()));

// A hook for the benchmark and tests: apply a state patch and render now.
window.wallclockPage = {
  renderNow(patch) {
    Object.assign(st, patch);
    writeForm();
    return update();
  },
  get perf() { return perf.last; },
  get pending() { return pending || restPending || urlPending || staleQueue.length > 0; },
  /** Resolves when every part of the last update is on the page. */
  whenComplete,
  /** Resolves when every row of the last update is in the DOM (no chunk is stale). */
  whenRows: () => new Promise((r) => (staleQueue.length ? rowWaiters.push(r) : r())),
  get perfRest() { return perf.rest; },
  wasm: wc,
  state: () => ({ ...st }),
};

main().catch((e) => fail(`Unexpected problem: ${errText(e)}`));
