// The wallclock preview page: state in the URL, results from the wasm build,
// recomputed (debounced) on every edit. "Now" is always Date.now() from here.
// This module loads the wasm and wires the form's events to the modules in
// page/: state.js (state and URL), i18n.js (the page's languages), form.js,
// update.js (the update cycle, which drives table.js, year.js, compare.js
// and outage.js) and share.js.

import init from './pkg/wallclock.js';
import * as wc from './page/wc.js';
import { ruleToModel, modelToRule } from './rrule.js';
import { $, writeHtml, EMPTY } from './page/dom.js';
import { page, stateToHash, hashToState, defaultStart, whenComplete, mainSpec, firstRule } from './page/state.js';
import { t, pickLang, loadLang, applyStatic, writeSwitch, LANG_NAMES, STRINGS } from './page/i18n.js';
import { writeForm, readForm, writeBuilder, writeKept, readBuilder, writeHints, setErr, errText, browserZone, loadZones, setCompareOpen } from './page/form.js';
import { schedule, safeUpdate } from './page/update.js';

/** Copy and download, imported on first use (index.html preloads the module after the others). */
const share = () => import('./page/share.js');

function onInput(ev) {
  const t = ev.target;
  const id = t.id || t.name;
  if (id === 'ical') return onIcal();
  if (id.startsWith('b-')) {
    const r = modelToRule(readBuilder());
    if (r.error) { setErr('b-times', r.error); return; }
    setErr('b-times', null);
    // The builder edits the first rule; the lines after it are kept.
    const text = [r.rule, ...$('rrule').value.split('\n').slice(1)].join('\n');
    $('rrule').value = text;
    page.st.rrule = text;
    if (!r.rule) writeKept([], []); // "Once": nothing is kept from the old text
    writeHints();
  } else if (id === 'rrule') {
    page.st.rrule = t.value;
    const m = ruleToModel(firstRule(t.value));
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
  const st = page.st;
  st.tz = spec.timeZone ?? st.tz;
  st.start = spec.start ?? st.start;
  st.rrule = Array.isArray(spec.rrule) ? spec.rrule.join('\n') : spec.rrule ?? '';
  st.rdate = (spec.rdate || []).join(', ');
  st.exdate = (spec.exdate || []).join(', ');
  // wallclock's own X-WALLCLOCK-* properties (`toICal` writes the fields
  // that are not at their default); a plain event keeps the form's choices.
  const policies = { gap: 'gap', fold: 'fold', inv: 'invalidDate', misfire: 'misfire', lat: 'maxLateness', catchUp: 'maxCatchUp', grace: 'grace' };
  for (const [k, field] of Object.entries(policies)) if (spec[field] !== undefined) st[k] = String(spec[field]);
  writeForm();
  $('ical-hint').textContent = t('ical.applied');
  schedule();
}

/**
 * The state of a link: its fields, the browser's zone and today's 09:00
 * where it has none, and the language of its `lang` (or of the query's),
 * else the browser's.
 */
function stateOf(hash) {
  const st = hashToState(hash);
  if (!st.tz) st.tz = browserZone();
  if (!st.start) st.start = defaultStart(st.tz);
  ({ lang: st.lang, unknown: page.langUnknown } = langOfLink(hash));
  return st;
}

/** The language a link asks for in `lang` (the hash's, else the query's), else the browser's. */
function langOfLink(hash) {
  const asked = new URLSearchParams(hash.replace(/^#/, '')).get('lang') ?? new URLSearchParams(location.search).get('lang');
  return pickLang(asked, navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** `st` once the table of its language is loaded; a table that cannot be fetched keeps the page's language. */
async function loaded(st) {
  await loadLang(st.lang).catch(() => {});
  if (!STRINGS[st.lang]) st.lang = page.st.lang;
  return st;
}

/** Writes everything the page says itself in its language now (results follow with the next update). */
function applyLang() {
  applyStatic();
  writeMeta();
  writeSwitch();
  const note = $('lang-note');
  note.hidden = !page.langUnknown;
  note.textContent = page.langUnknown ? t('lang.unknown', { tag: page.langUnknown, name: LANG_NAMES[page.st.lang] }) : '';
  if (!page.st.tz) return; // before the first state: the form is written by main()
  writeForm();
  $('share-status').textContent = '';
  // The rows are rewritten only where their fields change: a new language changes none of them.
  writeHtml($('rows'), EMPTY);
}

/** The language switch: the page in another language, with the rule as it is now. */
async function switchLang(lang) {
  if (lang === page.st.lang) return;
  await loadLang(lang);
  page.st.lang = lang;
  page.langUnknown = null;
  applyLang();
  safeUpdate();
  $('langs').querySelector('[aria-current]')?.focus();
}

/** The line under the title: loading, or the tz database's version once the wasm runs. */
function writeMeta() {
  $('meta').textContent = page.tzdb ? t('page.ready', { version: page.tzdb }) : t('page.loading');
}

function wire() {
  const form = $('form');
  form.addEventListener('input', (ev) => { try { onInput(ev); } catch (e) { setErr('general', errText(e)); } });
  form.addEventListener('submit', (ev) => ev.preventDefault());
  $('results').addEventListener('input', (ev) => { readForm(); schedule(ev.target); ev.stopPropagation(); });
  $('cmp-toggle').addEventListener('click', () => {
    page.st.cmp = !page.st.cmp;
    setCompareOpen(page.st.cmp);
    safeUpdate();
    if (page.st.cmp) whenComplete().then(() => $('compare').scrollIntoView({ block: 'nearest' }));
  });
  $('changes-rebase').addEventListener('click', () => {
    page.st.base = JSON.stringify(mainSpec());
    safeUpdate();
  });
  for (const b of document.querySelectorAll('[data-copy]')) b.addEventListener('click', () => { share().then(({ copy }) => copy(b.dataset.copy)).catch(() => {}); });
  for (const b of document.querySelectorAll('[data-download]')) b.addEventListener('click', () => { share().then(({ download }) => download(b.dataset.download)).catch((e) => { $('share-status').textContent = errText(e); }); });
  $('langs').addEventListener('click', (ev) => {
    const a = ev.target.closest('a[data-lang]');
    // A modified click opens the link (the page in that language) elsewhere.
    if (!a || ev.button || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    switchLang(a.dataset.lang).catch((e) => setErr('general', errText(e)));
  });
  window.addEventListener('hashchange', async () => {
    if (location.hash === stateToHash(page.st)) return;
    page.st = await loaded(stateOf(location.hash));
    applyLang();
    writeForm();
    safeUpdate();
  });
}

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
    fail(t('page.failed', { error: errText(e) }));
    return;
  }
  performance.mark('wasm-ready');
  page.tzdb = wc.tzdbVersion();
  page.st = await loaded(stateOf(location.hash));
  applyLang();
  writeForm();
  wire();
  safeUpdate();
  $('tz').addEventListener('focus', loadZones, { once: true });
  whenComplete().then(() => {
    if (window.requestIdleCallback) requestIdleCallback(loadZones, { timeout: 1000 });
    else setTimeout(loadZones, 0);
  });
}

// The language first: the header (all the page shows until the first
// result) is not painted until it is written in it (style.css).
const first = langOfLink(location.hash);
page.st.lang = (await loaded({ lang: first.lang })).lang;
page.langUnknown = first.unknown;
applyLang();
main().catch((e) => fail(t('page.unexpected', { error: errText(e) })));
