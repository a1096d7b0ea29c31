// Share and export: copy the link, the RRULE, iCalendar or the JSON spec;
// download the instances as CSV or JSON.

import * as wc from './wc.js';
import { toCsv } from '../render.js';
import { $ } from './dom.js';
import { page, DEFAULTS, stateToHash, outageSpec } from './state.js';
import { errText } from './form.js';
import { flush } from './update.js';
import { t } from './i18n.js';

function shareText(kind) {
  flush();
  // The whole spec: the outage section's misfire fields are the spec's too.
  const spec = outageSpec();
  if (spec.misfire === DEFAULTS.misfire) delete spec.misfire;
  if (kind === 'link') return location.href.replace(/#.*$/, '') + stateToHash(page.st);
  if (kind === 'json') {
    wc.validate(spec); // an invalid spec is refused, as for the other formats
    return JSON.stringify(spec, null, 2);
  }
  if (kind === 'rrule') {
    const v = wc.validate(spec);
    return [v.rrule ?? []].flat().map((r) => `RRULE:${r}`).join('\n');
  }
  return wc.toICal(spec);
}

export async function copy(kind) {
  const status = $('share-status');
  let text;
  try {
    text = shareText(kind);
  } catch (e) {
    status.textContent = t('share.cannotCopy', { error: errText(e) });
    return;
  }
  const out = $('share-out');
  out.hidden = false;
  out.value = text;
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = kind === 'link' ? t('share.copiedLink') : t('share.copied', { kind: t(`share.kind.${kind}`) });
  } catch {
    out.select();
    status.textContent = t('share.noClipboard');
  }
}

export function download(kind) {
  const status = $('share-status');
  flush();
  if (page.lastError) { status.textContent = t('share.cannotDownload', { error: errText(page.lastError) }); return; }
  const last = page.last;
  if (!last) { status.textContent = t('share.nothing'); return; }
  const body = kind === 'csv' ? toCsv(last.result.entries) : JSON.stringify(last.result, null, 2);
  const blob = new Blob([body], { type: kind === 'csv' ? 'text/csv' : 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `wallclock-instances.${kind}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  status.textContent = t('share.downloaded', { n: last.result.entries.length, kind: kind.toUpperCase() });
}
