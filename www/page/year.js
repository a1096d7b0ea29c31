// The next 12 months: the clock-change notices above the table, and below
// it the zone's transitions in the listed window and the year view.

import * as wc from './wc.js';
import { noticesHtml, transitionsHtml, yearHtml, tally, tallyText, setText, fmtDate } from '../render.js';
import { $, setHtml, writeHtml } from './dom.js';
import { page, windowOf, windowMonth, isoSec } from './state.js';
import { errText } from './form.js';
import { t, lang } from './i18n.js';

/**
 * The window's notices for `spec` (`nt`, or `{ error }`), written as the
 * summary and the notices list; returns what the year view needs.
 */
export function writeNotices(spec, now) {
  const win = windowOf(now);
  let nt;
  try {
    win.to = isoSec(wc.noticeEnd(spec, win.from));
    nt = wc.notices(spec, { from: win.from, to: win.to });
  } catch (e) {
    nt = { error: e };
  }
  const since = page.st.anchor === 'now' ? t('window.since.now') : t('window.since.date', { date: fmtDate(win.label) });
  if (nt.error) {
    setText($('summary'), t('window.failed', { since, error: errText(nt.error) }));
    $('notices').hidden = true;
  } else {
    setText($('summary'), t('window.summary', { since, tally: tallyText(tally(nt.entries)) }));
    $('notices').hidden = !nt.entries.length;
    setHtml($('notice-list'), noticesHtml(nt.entries));
  }
  return { win, since, nt };
}

/** The transitions of the expansion `x` and the year view of the notices `nt`. */
export function writeYear(x, { win, since, nt }) {
  setHtml($('transitions'), transitionsHtml(x.transitions));
  if (nt.error) return;
  const ym = windowMonth(win);
  const sig = JSON.stringify([lang(), ym, nt.entries.map((e) => [e.nominal, e.status, e.notes.length]), nt.transitions.map((t) => t.localBefore)]);
  if (sig === page.yearSig) return;
  page.yearSig = sig;
  writeHtml($('year'), yearHtml(ym, nt.entries, nt.transitions));
  setText($('year-range'), t('year.range', { since }));
}
