// The page's state, in one place, and its URL form (hash ⇄ state). Every
// other module reads and writes `page`; none keeps state of its own.

export const DEFAULTS = {
  /** The page's language (page/i18n.js): always in the address, so a shared link keeps it. */
  lang: 'en',
  tz: '', start: '', rrule: 'FREQ=DAILY', rdate: '', exdate: '',
  gap: 'skip', fold: 'first', inv: 'omit', n: 50, anchor: 'start', cmp: false,
  down: '', back: '', misfire: 'all', lat: '', catchUp: '', grace: '', dur: '',
  /** The baseline of "What changes": a spec as JSON text ('' until the first valid rule). */
  base: '',
};

export const page = {
  /** What the form holds (and the URL carries). */
  st: { ...DEFAULTS },
  /** The zone picker's names, read from the wasm once the first screen is up. */
  zones: [],
  zoneSet: new Set(),
  /** The rule parts the builder keeps from the text as written. */
  builderExtras: [],
  /** The last good expansion ({ spec, result }; exports use it). */
  last: null,
  /** The error of the last update, if it had one (exports refuse then). */
  lastError: null,
  /** A "Show" value (typed, or from the link: `link` true) that is not used: { value, link }. */
  nProblem: null,
  /** The address's `lang` when it names a language the page does not offer. */
  langUnknown: null,
  /** The bundled tz database's version, once the wasm runs. */
  tzdb: '',
  /** What the year view was last written from. */
  yearSig: '',
  /** The update cycle (page/update.js). */
  cycle: {
    timer: 0, // the debounce of typed text
    pending: false, // an update is scheduled
    restPending: false, // the sections below the table are still to come
    token: 0, // the latest update; an older one's deferred pass stops
    renders: 0,
    restWaiters: [], // resolved when every part of the last update is on the page
    urlTimer: 0,
    urlPending: false,
  },
  /** The instance table's chunks waiting for their new rows (page/table.js). */
  table: {
    staleQueue: [], // in refill order
    refillGen: 0, // the rule change whose refill runs; an older one's slices stop
    watching: false, // a requestAnimationFrame watcher of stale chunks runs
    rowWaiters: [], // resolved when no chunk is stale
  },
  /** Timings of the last update and of its deferred pass. */
  perf: { last: null, rest: null },
};

export function stateToHash(s) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) {
    // The baseline only while it differs from the rule: a link to an
    // unedited rule stays short.
    if (k === 'base' && v === JSON.stringify(mainSpec(s))) continue;
    if (k === 'lang' || k === 'tz' || k === 'start' || v !== DEFAULTS[k]) p.set(k, k === 'cmp' ? (v ? '1' : '0') : String(v));
  }
  return '#' + p.toString();
}

/** A "Show N" value: a whole number from 1 to 5000, else null. */
export function parseN(v) {
  const t = String(v ?? '').trim();
  return /^\d+$/.test(t) && +t >= 1 && +t <= 5000 ? +t : null;
}

/** The state a link carries; sets `page.nProblem` when its "Show" value is not used. */
export function hashToState(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...DEFAULTS };
  page.nProblem = null;
  for (const k of Object.keys(DEFAULTS)) {
    if (!p.has(k)) continue;
    const v = p.get(k);
    if (k === 'n') {
      const n = parseN(v);
      s.n = n ?? DEFAULTS.n;
      page.nProblem = n ? null : { value: v, link: true };
    }
    else if (k === 'cmp') s.cmp = v === '1';
    else s[k] = v;
  }
  return s;
}

/** The URL follows the state, off the rendering path (replaceState costs an IPC). */
export function saveUrl() {
  const c = page.cycle;
  clearTimeout(c.urlTimer);
  c.urlPending = true;
  c.urlTimer = setTimeout(() => {
    c.urlPending = false;
    const h = stateToHash(page.st);
    if (location.hash !== h) history.replaceState(null, '', h);
  }, 150);
}

/** Today in `tz` at 09:00, as the default start. */
export function defaultStart(tz) {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now()));
    const get = (t) => parts.find((x) => x.type === t).value;
    return `${get('year')}-${get('month')}-${get('day')}T09:00`;
  } catch {
    return `${new Date(Date.now()).toISOString().slice(0, 10)}T09:00`;
  }
}

export const list = (text) => text.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);

/** The RRULE field's rules: one per non-empty line. */
export const ruleLines = (text) => text.split('\n').map((x) => x.trim()).filter(Boolean);

/** The first line of the RRULE field: the rule the builder edits. */
export const firstRule = (text) => text.split('\n')[0];

/** The spec the page previews (misfire fields only in the outage simulator). */
export function mainSpec(s = page.st) {
  const spec = { timeZone: s.tz.trim(), start: s.start.trim(), gap: s.gap, fold: s.fold, invalidDate: s.inv };
  const rules = ruleLines(s.rrule);
  if (rules.length) spec.rrule = rules.length === 1 ? rules[0] : rules;
  const rd = list(s.rdate);
  const ex = list(s.exdate);
  if (rd.length) spec.rdate = rd;
  if (ex.length) spec.exdate = ex;
  return spec;
}

/** The whole spec: the preview's and the outage section's misfire fields. */
export function outageSpec(s = page.st) {
  const spec = { ...mainSpec(s), misfire: s.misfire };
  if (s.lat.trim()) spec.maxLateness = s.lat.trim();
  if (String(s.catchUp).trim() !== '') spec.maxCatchUp = Number(s.catchUp);
  if (s.grace.trim()) spec.grace = s.grace.trim();
  return spec;
}

/** An instant string without milliseconds: `2026-03-01T00:00:00Z`. */
export const isoSec = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Where the window of the notices and the year view starts: the start or
 * now. Its end, twelve months later, is the wasm's (`noticeEnd`), as in
 * `wallclock notices` and `wallclock-check`.
 */
export function windowOf(now, st = page.st) {
  if (st.anchor === 'now') return { from: isoSec(now), label: 'now' };
  const s = st.start.trim();
  return { from: s, label: s.slice(0, 10) };
}

/** [year, month] of the window's start, in the zone. */
export function windowMonth(win, st = page.st) {
  if (st.anchor !== 'now') return [+win.from.slice(0, 4), +win.from.slice(5, 7)];
  try {
    const p = new Intl.DateTimeFormat('en-CA', { timeZone: st.tz, year: 'numeric', month: '2-digit' }).formatToParts(new Date(win.from));
    return [+p.find((x) => x.type === 'year').value, +p.find((x) => x.type === 'month').value];
  } catch {
    return [+win.from.slice(0, 4), +win.from.slice(5, 7)];
  }
}

/** Everything of the last edit is not on the page yet (an update, the URL, stale rows). */
export function busy() {
  const c = page.cycle;
  return c.pending || c.restPending || c.urlPending || page.table.staleQueue.length > 0;
}

/** Resolves the `whenComplete` promises once the deferred pass and the refill of stale rows are both done. */
export function complete() {
  if (!page.cycle.restPending && !page.table.staleQueue.length) for (const f of page.cycle.restWaiters.splice(0)) f();
}

/** Resolves when every part of the last update is on the page. */
export const whenComplete = () => new Promise((r) => (page.cycle.restPending || page.table.staleQueue.length ? page.cycle.restWaiters.push(r) : r()));

/** Resolves when every row of the last update is in the DOM (no chunk is stale). */
export const whenRows = () => new Promise((r) => (page.table.staleQueue.length ? page.table.rowWaiters.push(r) : r()));
