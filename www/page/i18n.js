// The page's languages: which one a visitor reads, and every string the page
// writes itself, in English, Simplified Chinese (zh-CN) and Traditional
// Chinese (zh-TW). The sentences of results (notes, the description,
// warnings, errors, misfire and diff reasons) are not here: the package
// writes them in the language the page asks for (`lang` on each call).
//
// A string is a template with named slots, `{name}`; each language has its
// own word order and punctuation, so nothing is built from fragments. English
// plurals are two keys, `….one` and `….other` (`tn`). The static page carries
// the English text too (what a server sends); its elements name their key in
// `data-t` (text), `data-t-html` (markup the page wrote) or `data-t-attr`
// (`attribute=key` pairs separated by `;`), and `applyStatic` rewrites them.
// The e2e tests check that every key exists in every language with the same
// slots, and that the HTML's English is the table's.

import { html, raw, writeHtml } from './dom.js';
import { page, stateToHash } from './state.js';

/** The languages, in the order the switch offers them. */
export const LANGS = ['en', 'zh-CN', 'zh-TW'];

/** Each language's name, in itself (the switch, and the note about an unknown tag). */
export const LANG_NAMES = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' };

/**
 * The language a tag names, as the package reads `lang` (`Lang::from_tag`):
 * a BCP 47 tag (`zh-Hant-HK`, `en-GB`) or a POSIX locale (`zh_TW.UTF-8`),
 * case ignored; Chinese in the Traditional script (`Hant`, or Taiwan, Hong
 * Kong, Macau without a script) is zh-TW, any other Chinese zh-CN. Null for
 * a language the page does not offer.
 */
export function langOf(tag) {
  const parts = String(tag ?? '').trim().split(/[.@]/)[0].toLowerCase().split(/[-_]/);
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return null;
  let lang = 'zh-CN';
  for (const p of parts.slice(1)) {
    if (p === 'hant') return 'zh-TW';
    if (p === 'hans') return 'zh-CN';
    if (p === 'tw' || p === 'hk' || p === 'mo') lang = 'zh-TW';
  }
  return lang;
}

/**
 * The page's language: the address's `lang` when the page offers it, else
 * the first of the browser's languages it offers, else English. `unknown`
 * is the address's tag when it named a language the page does not offer.
 */
export function pickLang(asked, preferred = []) {
  const fromAddress = asked ? langOf(asked) : null;
  if (fromAddress) return { lang: fromAddress, unknown: null };
  const fromBrowser = preferred.map(langOf).find(Boolean);
  return { lang: fromBrowser || 'en', unknown: asked || null };
}

// ---------------------------------------------------------------- the tables

const EN = {
  'page.title': 'wallclock — what daylight saving time does to your schedule',
  'page.skip': 'Skip to results',
  'page.tagline': 'recurring local times → UTC, and what the clock changes do to them',
  'page.loading': 'Loading the time zone database…',
  'page.ready': 'IANA tz database {version}, computed in your browser.',
  'page.footer': 'Runs entirely in your browser (WebAssembly, bundled IANA tz database). Nothing is sent anywhere.',
  'page.failed': 'Could not load the WebAssembly module: {error}',
  'page.unexpected': 'Unexpected problem: {error}',
  'lang.switch': 'Language',
  'lang.unknown': 'The address asks for the language “{tag}”, which this page does not offer: showing {name}.',

  'when.title': 'When',
  'tz.label': 'Time zone',
  'tz.placeholder': 'Type to search, e.g. Berlin',
  'tz.count': '{n} zones; type part of a name and pick one.',
  'start.label': 'Start (local date-time, DTSTART)',
  'start.hint': 'YYYY-MM-DDTHH:MM, wall-clock time in the zone, no offset.',

  'rule.title': 'Repeat',
  'freq.label': 'Frequency',
  'freq.once': 'Once (no rule)',
  'freq.YEARLY': 'Yearly',
  'freq.MONTHLY': 'Monthly',
  'freq.WEEKLY': 'Weekly',
  'freq.DAILY': 'Daily',
  'freq.HOURLY': 'Hourly',
  'freq.MINUTELY': 'Every minute',
  'freq.SECONDLY': 'Every second',
  'interval.label': 'Every',
  'days.legend': 'On weekdays',
  'day.MO': 'Mon',
  'day.TU': 'Tue',
  'day.WE': 'Wed',
  'day.TH': 'Thu',
  'day.FR': 'Fri',
  'day.SA': 'Sat',
  'day.SU': 'Sun',
  'nth.label': 'Which one in the month/year',
  'nth.all': 'every such weekday',
  'nth.1': 'the 1st',
  'nth.2': 'the 2nd',
  'nth.3': 'the 3rd',
  'nth.4': 'the 4th',
  'nth.-2': 'the second to last',
  'nth.-1': 'the last',
  'md.label': 'Day of the month',
  'md.any': 'any (follow the frequency)',
  'md.days': 'specific days, e.g. the 31st',
  'md.last': 'the last day of the month',
  'md.placeholder': 'e.g. 1, 15, 31',
  'md.aria': 'Days of the month (comma separated)',
  'md.hint.last': 'BYMONTHDAY=-1: 31 Jan, 28 Feb, 31 Mar, 30 Apr… every month has one.',
  'md.hint.beyond': 'Not every month has day {day}: the invalid-date policy decides (now “{policy}”: {fate}). For the end of every month choose “the last day of the month”.',
  'md.hint.start': 'Monthly on the start’s day, the {nth}: months without it follow the invalid-date policy ({policy}: {fate}).',
  'fate.omit': 'no run that month',
  'fate.backward': 'the last day of that month',
  'fate.forward': 'the 1st of the next month',
  'times.label': 'Times of day',
  'times.placeholder': 'e.g. 09:00, 17:00 (empty: the start’s time)',
  'times.bad': '“{item}” is not a time of day: write HH:MM, e.g. 09:00',
  'times.product': 'An RRULE runs at every hour × minute combination (BYHOUR × BYMINUTE): these times would also add {extra}. Use times that share their minutes, or two schedules.',
  'ends.legend': 'Ends',
  'ends.never': 'never',
  'ends.after': 'after',
  'ends.times': 'times',
  'ends.until': 'until',
  'count.aria': 'Number of occurrences',
  'until.aria': 'Until (local date-time, inclusive; end with Z for UTC)',
  'rrule.label': 'RRULE, one rule per line: their union (the builder edits the first)',
  'rule.kept': 'Kept from the text (the builder does not edit these): {parts}.',
  'rule.locked': ' The builder controls for them are off; edit them in the RRULE field.',
  'rule.errorAt': 'Error at character {n}: ',
  'rdate.label': 'Extra dates (RDATE)',
  'exdate.label': 'Excluded dates (EXDATE)',
  'dates.placeholder': 'comma separated local date-times',

  'policy.title': 'When the clock changes',
  'gap.label': 'A local time that does not exist (spring forward)',
  'fold.label': 'A local time that happens twice (fall back)',
  'invalidDate.label': 'A day the month lacks (31 April, 29 February)',
  'gap.skip': 'skip',
  'gap.shift': 'shift',
  'gap.snap': 'snap',
  'fold.first': 'first',
  'fold.second': 'second',
  'fold.both': 'both',
  'invalidDate.omit': 'omit',
  'invalidDate.backward': 'backward',
  'invalidDate.forward': 'forward',
  'misfire.all': 'all',
  'misfire.latest_only': 'latest_only',
  'misfire.skip': 'skip',
  'hint.gap.skip': 'The occurrence does not run and does not count toward COUNT.',
  'hint.gap.shift': 'Runs as far after the jump as it was meant after the old time: 02:30 → 03:30 (the offset before the change).',
  'hint.gap.snap': 'Runs at the first instant after the jump: 02:30 → 03:00.',
  'hint.fold.first': 'Runs once, at the first of the two (before the clocks go back).',
  'hint.fold.second': 'Runs once, at the second of the two (after the clocks go back).',
  'hint.fold.both': 'Runs twice, once at each (shown as “doubled”).',
  'hint.invalidDate.omit': 'No occurrence that month, and it is not counted (RFC 5545).',
  'hint.invalidDate.backward': 'Runs on the last day of that month instead: 31 April → 30 April.',
  'hint.invalidDate.forward': 'Runs on the first day of the next month instead: 31 April → 1 May.',
  'hint.misfire.all': 'Runs every missed occurrence, within maxLateness and maxCatchUp.',
  'hint.misfire.latest_only': 'Runs only the newest; older missed ones are coalesced into it.',
  'hint.misfire.skip': 'Runs none that are later than grace; they are skipped.',

  'ical.title': 'Or paste iCalendar',
  'ical.label': 'iCalendar text (DTSTART;TZID=…, RRULE, RDATE, EXDATE)',
  'ical.hint': 'Applied as soon as it parses.',
  'ical.applied': 'Applied: the fields above now hold this event’s recurrence.',

  'notices.title': 'Clock changes ahead',
  'notices.item': '{badge} <strong>{when}</strong>: {notes}',
  'desc.title': 'Description',
  'instances.title': 'Next instances',
  'n.label': 'Show',
  'n.bad': 'Show takes a whole number from 1 to 5000: still showing {n}.',
  'n.badValue': 'Show takes a whole number from 1 to 5000, not {value}: still showing {n}.',
  'n.link': 'The link’s n={value} is not a whole number from 1 to 5000: showing {n}.',
  'anchor.label': 'from',
  'anchor.start': 'the start',
  'anchor.now': 'now',
  'anchor.bad': 'invalid “from” value “{value}”: choose the start or now (the start is used until then).',
  'compare.open': 'Compare policies',
  'compare.close': 'Hide policy comparison',
  'instances.region': 'Instances (scrolls sideways)',
  'instances.table': 'Instances: nominal local time, actual local time with offset, UTC, status and note',
  'col.n': '#',
  'col.nominal': 'Nominal',
  'col.local': 'Actual local',
  'col.utc': 'UTC',
  'col.status': 'Status',
  'col.note': 'Note',
  'col.change': 'Change',
  'col.before': 'Before',
  'col.after': 'After',
  'col.reason': 'Reason',
  'col.due': 'Due (UTC)',
  'col.late': 'Late by',
  'col.decision': 'Decision',
  'rows.count.one': '{n} row.',
  'rows.count.other': '{n} rows.',
  'rows.empty': 'No occurrence in this window.',
  'rows.stale': 'Showing the last valid result until the error is fixed.',
  'rows.blocked': 'Nothing can be shown until the error above is fixed.',
  'rows.blockedIn': 'Nothing can be shown until the error in “{label}” is fixed.',
  'fold.secondMark': ' (2nd)',

  'status.scheduled': 'scheduled',
  'status.shifted': 'shifted',
  'status.skipped': 'skipped',
  'status.merged': 'merged',
  'status.doubled': 'doubled',
  'status.fold': 'fold resolved',
  'change.added': 'added',
  'change.removed': 'removed',
  'change.moved': 'moved',
  'change.changed': 'changed',
  'change.unchanged': 'unchanged',
  'decision.run': 'run',
  'decision.coalesced': 'coalesced',
  'decision.skipped': 'skipped',
  'decision.expired': 'expired',

  'window.since.now': 'from now',
  'window.since.date': 'from {date}',
  'window.summary': 'In the next 12 months ({since}): {tally}.',
  'window.failed': 'Next 12 months ({since}): not scanned: {error}',
  'tally.skipped': '{n} skipped',
  'tally.shifted': '{n} shifted',
  'tally.merged': '{n} merged',
  'tally.doubled': '{n} doubled',
  'tally.fold': '{n} in a repeated hour (run once)',
  'tally.none': 'no instance is affected by a clock change',

  'transitions.title': 'Clock changes in the listed window',
  'transitions.none': 'None: the zone keeps the same offset throughout.',
  'transitions.item': '{badge} <strong>{day}</strong> at {utc}: {what} ({before} → {after})',
  'transitions.gap': 'clocks jump forward {span}: {from} → {to}, local times in between do not exist',
  'transitions.fold': 'clocks go back {span}: {from} → {to}, local times in between happen twice',
  'kind.gap': 'gap',
  'kind.fold': 'fold',
  'span.d': '{n} d',
  'span.h': '{n} h',
  'span.min': '{n} min',
  'span.s': '{n} s',

  'year.title': 'Year view',
  'year.range': ' (12 months {since})',
  'year.mark': '{when}: {status}',
  'year.change': 'clock change ({kind})',
  'year.day': '{date}: {label}',
  'year.clockChange': 'clock change',

  'changes.title': 'What changes',
  'changes.rebase': 'Make this rule the baseline',
  'changes.hint': 'Compared with the baseline: the rule as loaded (from the address, or the first valid one entered). Instances are matched by key, so a moved one keeps its key; a copied link carries the baseline.',
  'changes.invalid': 'Nothing to compare until the rule above is valid.',
  'changes.same': 'The rule is the baseline: edit it to see what the edit changes.',
  'changes.notJson': 'The baseline is not a JSON spec. Make this rule the baseline to start again.',
  'changes.failed': 'The baseline cannot be compared: {error}. Make this rule the baseline to start again.',
  'changes.counts': '{added} added, {removed} removed, {moved} moved, {changed} changed, {unchanged} unchanged',
  'changes.identical': 'No instance changes in the next 12 months ({since}) against the baseline.',
  'changes.summary': 'Against the baseline, in the next 12 months ({since}): {counts}.',
  'changes.fields': 'Fields that differ from the baseline',
  'changes.more': '{n} more changes are not listed.',
  'changes.region': 'Changed instances (scrolls sideways)',
  'changes.caption': 'Instances that differ from the baseline, with the reason',

  'compare.title': 'Same rule, every policy',
  'compare.gap': 'Spring forward: local time that does not exist',
  'compare.fold': 'Fall back: local time that happens twice',
  'compare.none': 'No instance in the next 12 months meets this kind of clock change.',
  'compare.current': '(current)',
  'compare.caption': '{title}: each policy side by side',
  'compare.region': '{title} (scrolls sideways)',
  'compare.notGenerated': 'not generated',

  'outage.title': 'Outage simulator',
  'outage.hint': 'The scheduler was down: which missed occurrences run when it comes back? Missed = executions after “down from”, up to and including “back at”.',
  'down.label': 'Down from (last run)',
  'back.label': 'Back at (now)',
  'misfire.label': 'Misfire policy',
  'maxLateness.label': 'maxLateness',
  'maxLateness.placeholder': 'e.g. P2D (empty: no limit)',
  'maxCatchUp.label': 'maxCatchUp',
  'maxCatchUp.placeholder': 'no limit',
  'grace.label': 'grace (skip)',
  'jobDuration.label': 'Job duration',
  'jobDuration.placeholder': 'e.g. PT10M or 10m',
  'outage.region': 'Missed occurrences (scrolls sideways)',
  'outage.caption': 'Missed occurrences and the decision for each',
  'outage.enter': 'Enter when the scheduler went down and when it came back.',
  'outage.none': 'Nothing was due while the scheduler was down.',
  'outage.summary': '{missed}{decided}{counts}.{shown} “Now” is the back-at time; the misfire decision is {policy}.',
  'outage.missed': '{n} missed',
  'outage.decided': ' (decided for the newest {decided}; the {left} older ones are left out)',
  'outage.counts': ': {list}',
  'outage.shown': ' The table shows the newest {n}.',
  'outage.count.run': '{n} run',
  'outage.count.coalesced': '{n} coalesced',
  'outage.count.skipped': '{n} skipped',
  'outage.count.expired': '{n} expired',
  'outage.notInstant': '“{text}” is not an instant: write e.g. 2026-10-24T12:00:00Z or a local 2026-10-24T08:00',
  'outage.order': '“Back at” must be after “down from”.',
  'outage.catchUp': '“{value}” is not a whole number of 0 or more (empty: no limit).',
  'overlap.title': 'Overlap at recovery',
  'overlap.hint': 'The runs above all start when the scheduler is back. With a job duration, and enough workers to start them all, this shows what the spec’s <code>overlap</code> policy does to them: <code>allow</code> runs them alongside each other, <code>skip</code> runs the oldest and skips the others while it runs, <code>queue</code> runs them one after another.',
  'overlap.region': 'Overlap at recovery (scrolls sideways)',
  'overlap.caption': 'What each overlap policy does to the runs at recovery',
  'overlap.enter': 'Enter a job duration to see what each overlap policy does to these runs.',
  'overlap.badDuration': '“{text}” is not a duration longer than zero: write e.g. PT10M, PT1H30M or 10m.',
  'overlap.reason': 'overlap',
  'overlap.started': '{badge} {start}, late by {late}',
  'overlap.summary.one': '{n} run at {back}, {span} each: allow runs it; skip runs the oldest{skips}; queue finishes the last at {end}.',
  'overlap.summary.other': '{n} runs at {back}, {span} each: allow runs them all at once; skip runs the oldest{skips}; queue finishes the last at {end}.',
  'overlap.skips': ' and skips {n} (overlap)',

  'share.title': 'Share and export',
  'share.link': 'Copy link',
  'share.rrule': 'Copy RRULE',
  'share.ical': 'Copy iCalendar',
  'share.json': 'Copy JSON spec',
  'share.csv': 'Download CSV',
  'share.jsonFile': 'Download JSON',
  'share.out': 'Last copied text',
  'share.cannotCopy': 'Cannot copy: {error}',
  'share.copiedLink': 'Copied the link to the clipboard.',
  'share.copied': 'Copied the {kind} to the clipboard.',
  'share.kind.rrule': 'RRULE',
  'share.kind.ical': 'ICAL',
  'share.kind.json': 'JSON',
  'share.noClipboard': 'The clipboard is not available here: the text is selected below, press Ctrl+C.',
  'share.cannotDownload': 'Cannot download: {error}',
  'share.nothing': 'Nothing to download yet.',
  'share.downloaded': 'Downloaded {n} instances as {kind}.',

  // Formats: dates and times in tables and sentences, lists, units.
  'fmt.months': 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec',
  'fmt.monthsLong': 'January February March April May June July August September October November December',
  'fmt.date': '{y}-{m}-{d}',
  'fmt.month': '{month} {y}',
  'fmt.nominal': '{wd} {date} {time}',
  'fmt.local': '{date} {time} {offset}',
  'fmt.utc': '{date} {time}Z',
  'fmt.utcInText': '{date} {time}Z',
  'fmt.dateTime': '{date} {time}',
  'fmt.weekdayDate': '{wd} {date}',
  'fmt.list': ', ',
  'fmt.unitSep': ' ',
  'fmt.noteSep': ' ',
  'fmt.marks': '; ',
  'fmt.stop': '.',
};

/**
 * The tables loaded so far: English, and each Chinese one once the page
 * speaks it (`loadLang`; page/lang/*.js). The e2e tests check that every
 * table has the same keys and slots.
 */
export const STRINGS = { en: EN };

/** Loads the table of `l` (a language of LANGS) unless it is there already. */
export async function loadLang(l) {
  if (!STRINGS[l]) STRINGS[l] = (await import(`./lang/${l}.js`)).default;
}

// ---------------------------------------------------------------- lookup

const SLOT = /\{(\w+)\}/g;

/** The page's language now: the state's (the address carries it). */
export const lang = () => page.st.lang;

/** The template `key` of the page's language (English while its table is not loaded, or lacks the key). */
const template = (key) => STRINGS[page.st.lang]?.[key] ?? EN[key] ?? key;

/**
 * Templates split once per language into literal text and slot names,
 * alternately (`'a{x}b'` → `['a', 'x', 'b']`): the instance table formats
 * every row through them. Only a loaded table's are kept.
 */
const split = new Map();

function cached(id, make) {
  let v = split.get(id);
  if (!v) {
    v = make();
    if (STRINGS[page.st.lang]) split.set(id, v);
  }
  return v;
}

const parts = (key) => cached(`${page.st.lang} ${key}`, () => template(key).split(/\{(\w+)\}/));

/** The string `key` in the page's language, its `{slots}` filled from `vars` (an unfilled slot stays visible). */
export function t(key, vars) {
  const p = parts(key);
  let s = p[0];
  for (let i = 1; i < p.length; i += 2) s += (vars && p[i] in vars ? vars[p[i]] : `{${p[i]}}`) + p[i + 1];
  return s;
}

/** `t` for a count: the `.one` or `.other` form of `key`. */
export const tn = (key, n, vars) => t(`${key}.${n === 1 ? 'one' : 'other'}`, { n, ...vars });

/** A list of names in the tables (`fmt.weekdays`, `fmt.months`), split once. */
export const words = (key) => cached(`${page.st.lang} ${key} words`, () => template(key).split(' '));

/** 1 → 1st, 22 → 22nd, 11 → 11th in English; Chinese templates write the number with 日 or 第…个 around it. */
export function ordinal(n) {
  if (lang() !== 'en') return String(n);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

/**
 * The markup template `key` (the page's own markup, from the tables) with
 * its slots filled: `Html` values as they are, anything else escaped.
 */
export function th(key, vars = {}) {
  const p = parts(key);
  let out = p[0];
  for (let i = 1; i < p.length; i += 2) out += (p[i] in vars ? html`${vars[p[i]]}` : raw(`{${p[i]}}`)).text + p[i + 1];
  return raw(out);
}

/** The slot names of a template (for the tests). */
export const slotsOf = (s) => [...s.matchAll(SLOT)].map((m) => m[1]).sort();

// ---------------------------------------------------------------- the static page

/**
 * Writes the page's language into the static HTML: `<html lang>`, the
 * title, and every element that names a key.
 */
export function applyStatic(root = document) {
  document.documentElement.lang = lang();
  document.documentElement.dataset.lang = lang();
  document.title = t('page.title');
  for (const el of root.querySelectorAll('[data-t]')) {
    const s = t(el.dataset.t);
    if (el.textContent !== s) el.textContent = s;
  }
  for (const el of root.querySelectorAll('[data-t-html]')) writeHtml(el, th(el.dataset.tHtml));
  for (const el of root.querySelectorAll('[data-t-attr]')) {
    for (const pair of el.dataset.tAttr.split(';')) {
      const [name, key] = pair.split('=');
      el.setAttribute(name, t(key));
    }
  }
}

/**
 * The language switch: a link per language to the page as it is now in
 * that language (a modified click opens it elsewhere; main.js switches in
 * place on a plain one); the current language is no link.
 */
export function writeSwitch() {
  for (const a of document.querySelectorAll('#langs [data-lang]')) {
    const current = a.dataset.lang === lang();
    if (current) {
      a.removeAttribute('href');
      a.setAttribute('aria-current', 'true');
      a.tabIndex = -1;
    } else {
      a.href = stateToHash({ ...page.st, lang: a.dataset.lang });
      a.removeAttribute('aria-current');
      a.removeAttribute('tabindex');
    }
  }
}
