// Type-checks npm/index.d.ts the way a TypeScript user would call the package
// (tsc --strict; run by scripts/test-wasm.sh). The @ts-expect-error lines prove
// that wrong policy tokens are rejected at compile time.
import { expand, expandInstants, notices, noticeEnd, diff, validate, describe, decideMisfires, simulateOutage, instantAt, parseICal, toICal, tzdbVersion, timeZones, langOf } from '../../npm/index';
import type { Lang } from '../../npm/index';
const spec = { timeZone: 'America/New_York', start: '2026-03-06T02:30', rrule: 'FREQ=DAILY;COUNT=4', gap: 'shift' as const };
const r = expand(spec, { limit: 10 });
const s: 'scheduled' | 'shifted' | 'skipped' | 'merged' = r.entries[0].status;
const code: string = r.entries[0].notes[0].code;
const inst: Float64Array = expandInstants(spec, {});
const n = notices(spec, { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
const df = diff(spec, { ...spec, gap: 'skip' }, { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
const kind: 'added' | 'removed' | 'moved' | 'changed' = df.changes[0].change;
const moved: number = df.summary.moved + (df.changes[0].new?.notes.length ?? 0);
// @ts-expect-error: a diff needs its window
diff(spec, spec, { from: '2026-03-01T00:00:00Z' });
const v = validate(spec);
// Several rules: their union.
const cron = { ...spec, rrule: ['FREQ=MONTHLY;BYMONTHDAY=1,2,3', 'FREQ=WEEKLY;BYDAY=MO'] };
const rules: string | string[] | null = validate(cron).rrule;
const union: number = expand(cron, { limit: 5 }).entries.length;
// @ts-expect-error: rules are strings
expand({ ...spec, rrule: [1] }, {});
const d: string = describe(spec) + describe(spec, '2026-06-01T00:00:00Z');
const m = decideMisfires(spec, [{ key: 'preview|2026-03-06T02:30:00', instant: '2026-03-06T07:30:00Z' }], '2026-03-07T00:00:00Z');
const dec: 'run' | 'coalesced' | 'skipped' | 'expired' = m[0].decision;
const notDue: string[] = m.warnings.map((w) => w.code);
const o = simulateOutage(spec, { down: '2026-03-06T00:00', back: '2026-03-09T00:00', decide: 10 });
const oc: number = o.counts.run + o.decisions[0].fold + o.leftOut;
const ms: number = instantAt('America/New_York', '2026-03-08T02:30');
const end: number = noticeEnd(spec, '2026-03-01T17:00:00Z');
// @ts-expect-error: down and back are required
simulateOutage(spec, { down: '2026-03-06T00:00' });
const sp = parseICal('DTSTART;TZID=Europe/Berlin:20260101T090000');
const t: string = toICal(sp);
const z: string[] = timeZones();
const ver: string = tzdbVersion();
// @ts-expect-error: not a policy
expand({ ...spec, gap: 'later' }, {});
// @ts-expect-error: not a fold policy
expand({ ...spec, fold: 'twice' }, {});
// @ts-expect-error: options take numbers and strings, not dates
expand(spec, { limit: '10' });
export { s, code, inst, n, df, kind, moved, v, rules, union, d, dec, notDue, oc, ms, t, z, ver };
// Every call that writes sentences takes `lang`.
const zh: string =
  expand(spec, { limit: 10, lang: 'zh-CN' }).entries[0].key +
  notices(spec, { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z', lang: 'zh-TW' }).tzdb +
  describe(spec, null, { lang: 'zh-Hant' }) +
  validate(spec, { lang: 'zh' }).warnings.length +
  decideMisfires(spec, [], '2026-03-07T00:00:00Z', { lang: 'en' }).length +
  diff(spec, spec, { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z', lang: 'zh-CN' }).identical +
  simulateOutage(spec, { down: '2026-03-06T00:00', back: '2026-03-09T00:00', lang: 'zh-TW' }).missed +
  instantAt('UTC', '2026-01-01T00:00', { lang: 'zh-CN' }) +
  noticeEnd(spec, '2026-03-01T17:00:00Z', { lang: 'zh-CN' }) +
  toICal(parseICal('DTSTART;TZID=Europe/Berlin:20260101T090000', { lang: 'zh-TW' }), { lang: 'zh-TW' });
const lang: Lang | null = langOf(navigatorLanguage());
function navigatorLanguage(): string {
  return 'zh-Hant-HK';
}
