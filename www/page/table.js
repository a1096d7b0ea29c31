// The instance table: rows in chunks of CHUNK, rewritten in place on a rule
// change, the rows on screen at once and the others within a few frames.

import { rowsHtml, fillRows, rowsDiffer, changingRows, setText } from '../render.js';
import { $, afterFrame, yieldThen, html, writeHtml, appendHtml, join } from './dom.js';
import { page, complete } from './state.js';
import { t } from './i18n.js';

const CHUNK = 25; // rows per chunk; off-screen chunks skip style, layout and paint (content-visibility)

/**
 * Writes the entries into the table, CHUNK rows per chunk. A chunk that
 * already has the right number of rows is rewritten in place (only the text
 * that changed): its rows on screen at once, the others later (see
 * `markStale`) unless they stay the same;
 * from the first chunk that does not fit, the chunks are replaced; chunks
 * past the end are removed. Returns the number of rows written in this task.
 */
export function renderChunks(entries) {
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
  const fresh = [];
  let idx = 0;
  let now = 0; // rows written in this task
  for (let i = 0; i < entries.length; i += CHUNK, idx++) {
    const part = entries.slice(i, i + CHUNK);
    const chunk = box.children[idx];
    if (chunk && !fresh.length && chunk.children.length === part.length && chunk.firstElementChild?.children.length === 6) {
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
      fresh.push(html`<div role="rowgroup" class="chunk">${rowsHtml(part, i + 1)}</div>`);
    }
  }
  if (fresh.length) appendHtml(box, join(fresh));
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

/** No occurrence at all. */
export function renderEmpty() {
  markStale([]);
  writeHtml($('rows'), html`<div role="rowgroup" class="chunk"><div role="row" class="tr"><span role="cell" class="hint all">${t('rows.empty')}</span></div></div>`);
}

/** No result at all: `text` in the summary and in the table. */
export function renderMessage(text) {
  markStale([]);
  writeHtml($('rows'), html`<div role="rowgroup" class="chunk"><div role="row" class="tr"><span role="cell" class="hint all">${text}</span></div></div>`);
  setText($('rows-status'), '');
  setText($('describe'), '');
  setText($('summary'), text);
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
  const t = page.table;
  for (const c of t.staleQueue) c._next = null; // superseded (or removed with its chunk)
  t.staleQueue = [];
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
  t.staleQueue = edge.concat(below, above.reverse());
  $('instances').setAttribute('aria-busy', 'true'); // screen readers: the table is being updated
  const gen = ++t.refillGen;
  afterFrame(() => refillSlice(gen));
  if (!t.watching) {
    t.watching = true;
    requestAnimationFrame(watchStale);
  }
}

/** Refills stale chunks for at most SLICE_MS, then yields until the queue is empty. */
function refillSlice(gen) {
  const t = page.table;
  if (gen !== t.refillGen) return; // a newer rule change has its own refill, after its own frame
  const t0 = performance.now();
  while (t.staleQueue.length && performance.now() - t0 < SLICE_MS) {
    const chunk = t.staleQueue.shift();
    if (chunk._next) fillChunk(chunk, chunk._next);
  }
  if (t.staleQueue.length) yieldThen(() => refillSlice(gen));
  else refilled();
}

/** Every frame while chunks are stale: fill those the frame would show. */
function watchStale() {
  const t = page.table;
  if (!t.staleQueue.length) { t.watching = false; return; }
  const [top, bottom] = viewBand();
  const inBand = (el) => { const r = el.getBoundingClientRect(); return r.bottom > top && r.top < bottom; };
  const shown = t.staleQueue.filter((chunk) => chunk._next && (chunk._staleRows && !chunk.hasAttribute('data-stale')
    ? chunk._staleRows.some(inBand) : inBand(chunk)));
  for (const chunk of shown) fillChunk(chunk, chunk._next);
  if (shown.length) t.staleQueue = t.staleQueue.filter((c) => c._next);
  if (!t.staleQueue.length) { t.watching = false; refilled(); return; }
  requestAnimationFrame(watchStale);
}

/** The last rule's rows are all in the DOM. */
function refilled() {
  const t = page.table;
  if (t.staleQueue.length) return;
  if ($('instances').getAttribute('aria-busy') === 'true') $('instances').setAttribute('aria-busy', 'false');
  for (const f of t.rowWaiters.splice(0)) f();
  complete();
}
