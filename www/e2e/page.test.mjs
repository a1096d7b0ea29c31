// The preview page driven through its UI: seed 000 §5 golden cases, errors,
// sharing, the outage simulator and the policy comparison.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fill, select, settle, rows, eq, ok, openPage } from './harness.mjs';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'artifacts');

/** Enters a daily rule through the form fields, as a user would. */
async function enterDaily(page, { tz, start, count, gap = 'skip', freq = 'DAILY' }) {
  await fill(page, '#tz', tz);
  await fill(page, '#start', start);
  await select(page, '#b-freq', freq);
  await page.check('input[name="b-end"][value="count"]');
  await fill(page, '#b-count', String(count));
  await select(page, '#gap', gap);
}

const day = (r) => r.nominal.slice(4, 14);

const describeNowCases = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'fixtures', 'describe-now.json'), 'utf8'));

const col = (rs, k) => rs.map((r) => r[k]);

export const tests = [
  {
    name: 'seed 000 §5.2: New York 02:30 COUNT=4 under skip skips the 8th without counting it',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-03-06T02:30', count: 4 });
      eq(await page.inputValue('#rrule'), 'FREQ=DAILY;COUNT=4', 'builder writes the RRULE');
      const rs = await rows(page);
      eq(rs.map(day), ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'], 'nominal days');
      eq(col(rs, 'status'), ['scheduled', 'scheduled', 'skipped', 'scheduled', 'scheduled'], 'badges');
      eq(col(rs, 'utc'), ['2026-03-06 07:30Z', '2026-03-07 07:30Z', '—', '2026-03-09 06:30Z', '2026-03-10 06:30Z'], 'UTC');
      ok(/02:30 does not exist on 2026-03-08 in America\/New_York.*skipped, and not counted/.test(rs[2].note), `gap note: ${rs[2].note}`);
      ok(await page.isVisible('#notices'), 'DST notices shown at the top');
      ok((await page.textContent('#notice-list')).includes('2026-03-08'), 'notice names the day');
      ok((await page.textContent('#summary')).includes('1 skipped'), 'summary counts the skip');
      ok((await page.textContent('#describe')).includes('skipped and not counted'), 'describe sentence');
      ok((await page.textContent('#transitions')).includes('2026-03-08'), 'transition listed');
      ok(await page.isVisible('#year .st-skipped'), 'year view marks the skipped day');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'preview.png'), fullPage: true });
    },
  },
  {
    name: 'seed 000 §5.2: New York 02:30 under shift runs the 8th at 03:30 EDT = 07:30Z',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-03-06T02:30', count: 4, gap: 'shift' });
      const rs = await rows(page);
      eq(rs.map(day), ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'], 'nominal days');
      eq(col(rs, 'status'), ['scheduled', 'scheduled', 'shifted', 'scheduled'], 'badges');
      eq(rs[2].utc, '2026-03-08 07:30Z', 'shifted UTC');
      eq(rs[2].local, '2026-03-08 03:30 −04:00', 'shifted local');
      ok(rs[2].note.includes('runs at 03:30 EDT'), `shift note: ${rs[2].note}`);
      ok((await page.textContent('#gap-hint')).includes('03:30'), 'policy explained in one line');
    },
  },
  {
    name: 'seed 000 §5.3: Apia 2011 daily 09:00 under shift: the 30th shifted, the 31st merged',
    async run(page) {
      await enterDaily(page, { tz: 'Pacific/Apia', start: '2011-12-28T09:00', count: 5, gap: 'shift' });
      const rs = await rows(page);
      eq(rs.map(day), ['2011-12-28', '2011-12-29', '2011-12-30', '2011-12-31', '2012-01-01'], 'nominal days');
      eq(col(rs, 'status'), ['scheduled', 'scheduled', 'shifted', 'merged', 'scheduled'], 'badges');
      eq(rs[2].local, '2011-12-31 09:00 +14:00', 'the 30th runs on the 31st');
      eq(rs[3].utc, rs[2].utc, 'merged into the same instant');
      ok(rs[3].note.includes('2011-12-30T09:00:00'), `merged note names the nominal: ${rs[3].note}`);
      // Under skip the 30th is skipped and COUNT extends by one day.
      await select(page, '#gap', 'skip');
      const sk = await rows(page);
      eq(col(sk, 'status'), ['scheduled', 'scheduled', 'skipped', 'scheduled', 'scheduled', 'scheduled'], 'skip badges');
    },
  },
  {
    name: 'seed 000 §5.4: Berlin monthly "the 31st" and "the last day of the month" are different choices',
    async run(page) {
      await enterDaily(page, { tz: 'Europe/Berlin', start: '2026-01-31T08:00', count: 6, freq: 'MONTHLY' });
      await select(page, '#b-mdmode', 'days');
      await fill(page, '#b-monthdays', '31');
      eq(await page.inputValue('#rrule'), 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6', 'RRULE for the 31st');
      ok((await page.textContent('#b-md-hint')).includes('last day of the month'), 'hint offers the other meaning');
      eq((await rows(page)).map(day), ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31', '2026-10-31'], 'the 31st, omit');
      await select(page, '#invalidDate', 'backward');
      const bw = await rows(page);
      eq(bw.map(day), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'], 'the 31st, backward');
      ok(bw[1].note.includes('2026-02-31 does not exist'), `backward note: ${bw[1].note}`);
      await select(page, '#invalidDate', 'omit');
      await select(page, '#b-mdmode', 'last');
      eq(await page.inputValue('#rrule'), 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=6', 'RRULE for the last day');
      const last = await rows(page);
      eq(last.map(day), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'], 'last day of the month');
      eq(col(last, 'note'), ['', '', '', '', '', ''], 'the last day needs no adjustment');
    },
  },
  {
    name: 'seed 000 §5.2: Lord Howe 02:15 across the 30-minute jump of 2026-10-04',
    async run(page) {
      await enterDaily(page, { tz: 'Australia/Lord_Howe', start: '2026-10-03T02:15', count: 3 });
      const sk = await rows(page);
      eq(sk.map(day), ['2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06'], 'skip days');
      eq(col(sk, 'status'), ['scheduled', 'skipped', 'scheduled', 'scheduled'], 'skip badges');
      ok(sk[1].note.includes('clocks jump from 02:00 to 02:30'), `half-hour gap note: ${sk[1].note}`);
      await select(page, '#gap', 'shift');
      const sh = await rows(page);
      eq(col(sh, 'status'), ['scheduled', 'shifted', 'scheduled'], 'shift badges');
      eq(sh[1].local, '2026-10-04 02:45 +11:00', 'shifted to 02:45');
    },
  },
  {
    name: 'the notices window ends where `wallclock notices` ends it: Berlin daily 02:30 from 2027-03-26 reaches the gap of 2028-03-26',
    async run(page) {
      // tests/cli.rs (notices_default_to_the_next_12_months) lists the same three days for the
      // same rule; the window's end is the wasm's `noticeEnd`, as in the CLI and wallclock-check.
      await enterDaily(page, { tz: 'Europe/Berlin', start: '2027-03-26T02:30', count: 800 });
      await select(page, '#anchor', 'start');
      const list = await page.textContent('#notice-list');
      for (const d of ['2027-03-28', '2027-10-31', '2028-03-26']) ok(list.includes(d), `${d} in the notices: ${list}`);
      ok(!list.includes('2028-10-29'), `the next autumn is past the window: ${list}`);
      ok((await page.textContent('#summary')).startsWith('In the next 12 months (from 2027-03-26)'), await page.textContent('#summary'));
    },
  },
  ...describeNowCases.map((c) => ({
    // tests/cli.rs (describe_now_speaks_of_the_coming_years_as_js_does) pins the same text
    // for `wallclock describe --now`; the page's clock is set to the case's now.
    name: `the description speaks of the coming years, as \`wallclock describe --now\`: ${c.why}`,
    hash: `#tz=${encodeURIComponent(c.spec.timeZone)}&start=${encodeURIComponent(c.spec.start)}&rrule=${encodeURIComponent(c.spec.rrule)}`,
    options: { now: c.now },
    async run(page) {
      eq(await page.textContent('#describe'), c.text, 'describe sentence');
    },
  })),
  {
    name: 'fold both shows two "doubled" rows and the summary counts one doubled',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-10-30T01:30', count: 5 });
      await select(page, '#fold', 'both');
      const rs = await rows(page);
      eq(col(rs, 'status'), ['scheduled', 'scheduled', 'doubled', 'doubled', 'scheduled'], 'badges');
      eq([rs[2].utc, rs[3].utc], ['2026-11-01 05:30Z', '2026-11-01 06:30Z'], 'both instants');
      ok(rs[3].nominal.includes('(2nd)'), 'second of the fold marked');
      ok((await page.textContent('#summary')).includes('1 doubled'), await page.textContent('#summary'));
    },
  },
  {
    name: 'weekly builder (Mon/Wed/Fri 07:00 until 1 April) across Berlin spring-forward, seed 000 §5.4',
    async run(page) {
      await fill(page, '#tz', 'Europe/Berlin');
      await fill(page, '#start', '2026-03-23T07:00');
      await select(page, '#b-freq', 'WEEKLY');
      for (const d of ['MO', 'WE', 'FR']) await page.check(`#b-days input[value="${d}"]`);
      ok((await page.inputValue('#rrule')).includes('BYDAY=MO,WE,FR'), 'a weekday checkbox updates the RRULE at once');
      await fill(page, '#b-times', '07:00');
      await page.check('input[name="b-end"][value="until"]');
      await fill(page, '#b-until', '2026-04-01T07:00');
      await settle(page);
      eq(await page.inputValue('#rrule'), 'FREQ=WEEKLY;BYDAY=MO,WE,FR;BYHOUR=7;BYMINUTE=0;UNTIL=20260401T070000', 'RRULE');
      const rs = await rows(page);
      eq(col(rs, 'utc'), ['2026-03-23 06:00Z', '2026-03-25 06:00Z', '2026-03-27 06:00Z', '2026-03-30 05:00Z', '2026-04-01 05:00Z'], 'UTC, UNTIL inclusive');
      // A times list that is no BYHOUR × BYMINUTE product is refused next to the field.
      await fill(page, '#b-times', '09:00, 17:30');
      ok(await page.isVisible('#b-times-err'), 'times error shown');
      ok((await page.textContent('#b-times-err')).includes('09:30'), 'names the extra combination');
      // Text → builder: the nth weekday.
      await fill(page, '#rrule', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=2');
      eq(await page.inputValue('#b-nth'), '-1', 'nth weekday read back');
      ok(await page.isChecked('#b-days input[value="FR"]'), 'Friday checked');
      ok(!(await page.isChecked('#b-days input[value="MO"]')), 'Monday unchecked');
      eq((await rows(page)).map(day), ['2026-03-27', '2026-04-24'], 'last Fridays');
    },
  },
  {
    name: 'an invalid RRULE shows a positioned error next to the field and recovers when fixed',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-03-06T02:30', count: 4 });
      const before = await rows(page);
      await fill(page, '#rrule', 'FREQ=DAILY;BYDAY=XX;COUNT=4');
      ok(await page.isVisible('#rrule-err'), 'error next to the RRULE field');
      ok((await page.textContent('#rrule-err')).includes('BYDAY'), 'message names the part');
      eq(await page.textContent('#rrule-mark mark'), 'XX', 'the offending part is highlighted');
      eq(await page.getAttribute('#rrule', 'aria-invalid'), 'true', 'field marked invalid');
      eq((await rows(page)).length, before.length, 'the last result stays on the page');
      await fill(page, '#rrule', 'FREQ=DAILY;BYDAY=MO;COUNT=4');
      ok(!(await page.isVisible('#rrule-err')), 'error cleared');
      ok(!(await page.isVisible('#rrule-mark')), 'highlight cleared');
      ok(await page.isChecked('#b-days input[value="MO"]'), 'builder follows the text');
      eq((await rows(page)).map(day), ['2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'], 'recovered rows');
      // Other fields' errors land next to them.
      await fill(page, '#tz', 'Mars/Base');
      ok((await page.textContent('#tz-err')).includes('unknown time zone'), 'zone error next to the zone');
      await fill(page, '#tz', 'America/New_York');
      await fill(page, '#start', '2026-13-01T00:00');
      ok((await page.textContent('#start-err')).includes('2026-13-01'), 'start error next to the start');
      ok(!(await page.isVisible('#tz-err')), 'zone error gone');
    },
  },
  {
    name: 'a shared URL reloads the same view',
    async run(page, { browser }) {
      await enterDaily(page, { tz: 'Pacific/Apia', start: '2011-12-28T09:00', count: 5, gap: 'shift' });
      await fill(page, '#n', '3');
      await page.click('#cmp-toggle');
      await settle(page);
      const url = page.url();
      ok(url.includes('#'), 'state in the URL');
      const want = await rows(page);
      eq(want.length, 3, 'N respected');
      const other = await openPage(browser, url.slice(url.indexOf('#')));
      try {
        eq(await rows(other.page), want, 'same rows');
        eq(await other.page.inputValue('#tz'), 'Pacific/Apia', 'zone');
        eq(await other.page.inputValue('#gap'), 'shift', 'gap policy');
        eq(await other.page.inputValue('#b-count'), '5', 'builder count');
        ok(await other.page.isVisible('#compare'), 'comparison open');
        eq(other.problems, [], 'no console errors on the shared page');
      } finally {
        await other.context.close();
      }
    },
  },
  ...['all', 'latest_only', 'skip'].map((policy) => ({
    name: `outage simulator reproduces seed 000 §5.5 under ${policy}`,
    async run(page) {
      await fill(page, '#tz', 'Europe/Berlin');
      await fill(page, '#start', '2026-10-20T09:00');
      await fill(page, '#rrule', 'FREQ=DAILY');
      await fill(page, '#down', '2026-10-20T09:01');
      await fill(page, '#back', '2026-10-24T12:00:00Z');
      await fill(page, '#maxLateness', 'P2D');
      await select(page, '#misfire', policy);
      const got = await page.$$eval('#outage tbody tr', (trs) => trs.map((tr) => [tr.cells[0].textContent.slice(12, 14), tr.cells[3].textContent.trim(), tr.cells[4].textContent.trim()]));
      const want = {
        all: ['expired', 'expired', 'run', 'run'],
        latest_only: ['expired', 'expired', 'coalesced', 'run'],
        skip: ['expired', 'expired', 'skipped', 'skipped'],
      }[policy];
      eq(got.map((r) => r[0]), ['21', '22', '23', '24'], 'missed days (20th ran at 09:01)');
      eq(got.map((r) => r[1]), want, 'decisions');
      ok(got[0][2].includes('maxLateness P2D'), `reason: ${got[0][2]}`);
      ok((await page.textContent('#outage-summary')).startsWith('4 missed'), 'summary');
      await fill(page, '#maxLateness', 'two days');
      ok(await page.isVisible('#maxLateness-err'), 'duration error next to maxLateness');
    },
  })),
  {
    name: 'the policy comparison shows skip / shift / snap and first / second / both side by side',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-03-06T02:30', count: 4 });
      await page.click('#cmp-toggle');
      await settle(page);
      eq(await page.getAttribute('#cmp-toggle', 'aria-expanded'), 'true', 'toggle state');
      const cell = (g, p) => page.textContent(`table.cmp[data-group="${g}"] tbody tr:first-child td[data-policy="${p}"]`);
      ok((await cell('gap', 'skip')).includes('skipped'), 'skip');
      const shift = await cell('gap', 'shift');
      ok(shift.includes('shifted') && shift.includes('03:30 −04:00') && shift.includes('07:30Z'), `shift: ${shift}`);
      const snap = await cell('gap', 'snap');
      ok(snap.includes('shifted') && snap.includes('03:00 −04:00') && snap.includes('07:00Z'), `snap: ${snap}`);
      // The fall-back side: 01:30 on 1 November.
      await fill(page, '#start', '2026-10-30T01:30');
      const first = await cell('fold', 'first');
      const second = await cell('fold', 'second');
      const both = await cell('fold', 'both');
      ok(first.includes('05:30Z') && !first.includes('06:30Z'), `first: ${first}`);
      ok(second.includes('06:30Z') && !second.includes('05:30Z'), `second: ${second}`);
      ok(both.includes('doubled') && both.includes('05:30Z') && both.includes('06:30Z'), `both: ${both}`);
    },
  },
  {
    name: 'several rules, one per line: their union with one row per time, the builder on the first, an error in the second marked there, RRULE lines in and out',
    async run(page) {
      await enterDaily(page, { tz: 'America/New_York', start: '2026-03-01T09:00', count: 3 });
      // cron's `0 9 1-3 * 1`, the Mondays counted: Monday 2 March is both.
      const two = 'FREQ=MONTHLY;BYMONTHDAY=1,2,3;COUNT=6\nFREQ=WEEKLY;BYDAY=MO;COUNT=3';
      await fill(page, '#rrule', two);
      const rs = await rows(page);
      eq(rs.map(day), ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-09', '2026-03-16', '2026-04-01', '2026-04-02', '2026-04-03'], 'the union, one row per time');
      eq(col(rs, 'status'), Array(8).fill('scheduled'), 'badges');
      eq(await page.inputValue('#b-freq'), 'MONTHLY', 'the builder shows the first rule');
      ok((await page.textContent('#describe')).includes('Also every Monday'), 'describe says each rule');
      // The builder edits the first line and keeps the second.
      await fill(page, '#b-count', '3');
      eq(await page.inputValue('#rrule'), 'FREQ=MONTHLY;BYMONTHDAY=1,2,3;COUNT=3\nFREQ=WEEKLY;BYDAY=MO;COUNT=3', 'second line kept');
      await fill(page, '#rrule', two);
      await page.click('[data-copy="rrule"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('RRULE:'));
      eq(await page.inputValue('#share-out'), 'RRULE:FREQ=MONTHLY;COUNT=6;BYMONTHDAY=1,2,3\nRRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO', 'one RRULE line per rule');
      await page.click('[data-copy="json"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('"timeZone"'));
      eq(JSON.parse(await page.inputValue('#share-out')).rrule, two.split('\n'), 'the spec lists the rules');
      // An error in the second rule is marked in its line.
      await fill(page, '#rrule', 'FREQ=MONTHLY;BYMONTHDAY=1,2,3;COUNT=6\nFREQ=WEEKLY;BYDAY=XX');
      ok((await page.textContent('#rrule-err')).includes('BYDAY'), 'message names the part');
      eq(await page.textContent('#rrule-mark mark'), 'XX', 'the offending part of the second rule');
      // An event with two RRULE lines fills one line each.
      await fill(page, '#ical', 'BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20260301T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1,2,3;COUNT=6\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\nEND:VEVENT');
      eq(await page.inputValue('#rrule'), two, 'two lines from two RRULEs');
      eq((await rows(page)).length, 8, 'the union again');
    },
  },
  {
    name: 'an iCalendar paste fills the fields; exports are available',
    async run(page) {
      await fill(page, '#ical', 'BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20260306T023000\nRRULE:FREQ=DAILY;COUNT=4\nEXDATE;TZID=America/New_York:20260307T023000\nEND:VEVENT');
      eq(await page.inputValue('#tz'), 'America/New_York', 'zone from TZID');
      eq(await page.inputValue('#start'), '2026-03-06T02:30', 'start from DTSTART');
      eq(await page.inputValue('#rrule'), 'FREQ=DAILY;COUNT=4', 'rule');
      eq(await page.inputValue('#exdate'), '2026-03-07T02:30', 'exdate');
      eq((await rows(page)).map(day), ['2026-03-06', '2026-03-08', '2026-03-09', '2026-03-10'], 'rows with the exdate removed');
      await page.click('[data-copy="ical"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('RRULE:'));
      ok((await page.inputValue('#share-out')).includes('DTSTART;TZID=America/New_York:20260306T023000'), 'iCal text');
      await page.click('[data-copy="json"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('"timeZone"'));
      eq(JSON.parse(await page.inputValue('#share-out')).rrule, 'FREQ=DAILY;COUNT=4', 'JSON spec');
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-download="csv"]')]);
      const csv = await (await dl.createReadStream()).toArray();
      const text = Buffer.concat(csv).toString();
      ok(text.startsWith('nominal,fold,status,local,instant,key,notes\n'), 'CSV header');
      eq(text.trim().split('\n').length, 5, 'CSV rows (header + 4)');
      await fill(page, '#ical', 'DTSTART:nonsense');
      ok(await page.isVisible('#ical-err'), 'iCal error next to the paste box');
      // wallclock's X- properties carry the policies both ways.
      await fill(page, '#ical', 'BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20260306T023000\nRRULE:FREQ=DAILY;COUNT=4\nX-WALLCLOCK-GAP:shift\nX-WALLCLOCK-MISFIRE:latest_only\nEND:VEVENT');
      eq(await page.inputValue('#gap'), 'shift', 'gap policy from X-WALLCLOCK-GAP');
      eq(await page.inputValue('#misfire'), 'latest_only', 'misfire policy from X-WALLCLOCK-MISFIRE');
      eq((await rows(page)).map(day), ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'], 'the 8th shifted, not skipped');
      await page.click('[data-copy="ical"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('X-WALLCLOCK-GAP'));
      const copied = await page.inputValue('#share-out');
      ok(copied.includes('X-WALLCLOCK-GAP:shift') && copied.includes('X-WALLCLOCK-MISFIRE:latest_only'), `the copy keeps the policies: ${copied}`);
    },
  },
  {
    name: 'more rows than the first screenful: all N rows, numbered, refreshed in place on a rule change',
    hash: '#tz=Europe%2FBerlin&start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY&n=250',
    async run(page) {
      const check = async (hour) => {
        const rs = await rows(page);
        eq(rs.length, 250, 'row count');
        eq(rs.map((r) => r.n), rs.map((_, i) => String(i + 1)), 'numbering');
        ok(rs.every((r) => r.nominal.endsWith(hour)), `every row at ${hour}`);
        eq(rs[249].nominal.slice(4, 14), '2026-09-07', 'the 250th day');
        eq(await page.$$eval('#rows .chunk[data-stale]', (els) => els.length), 0, 'no chunk left stale (hidden, waiting for its rows)');
        eq(await page.getAttribute('#instances', 'aria-busy'), 'false', 'table not busy once every row is written');
        eq(await page.textContent('#rows-status'), '250 rows.', 'row count announced');
      };
      await check('09:00');
      await fill(page, '#rrule', 'FREQ=DAILY;BYHOUR=9;BYMINUTE=30');
      await check('09:30');
      eq(await page.inputValue('#b-times'), '09:30', 'builder shows the time');
    },
  },
  {
    name: 'a rule change with 1 000 rows: every frame shows only rows of the new rule, also when scrolled to the last row at once; a second change before the first has settled wins everywhere',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY&n=1000',
    async run(page) {
      // Daily → Mondays only (the first Monday is 2026-01-05). In each of the
      // frames after the click, checked in a requestAnimationFrame callback
      // that runs after the page's own (nothing changes between it and the
      // paint): the rows on screen are the new rule's, and no stale chunk
      // (still holding the old rule, not painted) is on screen.
      // `jump`: scroll to the last row in the click's task; `from`: that row
      // at the top before the click; `nudge`: scroll by that many pixels in the click's task.
      const frames = ({ jump = false, from = 0, nudge = 0 } = {}) => page.evaluate(async ([jump, from, nudge]) => {
        const rowsEl = document.getElementById('rows');
        const monday = (n) => new Date(Date.UTC(2026, 0, 5 + 7 * (n - 1))).toISOString().slice(0, 10);
        const seen = [];
        const check = () => {
          const h = window.innerHeight;
          const f = { shown: 0, wrong: [], stale: 0, last: 0, staleRows: 0 };
          // Anywhere on the page: a row in neither a stale chunk nor marked
          // stale itself holds the new rule; a stale chunk is not rendered, a stale row not visible.
          for (const chunk of rowsEl.children) {
            if (chunk.hasAttribute('data-stale')) {
              if (getComputedStyle(chunk).contentVisibility !== 'hidden') f.wrong.push('a stale chunk is rendered');
              continue;
            }
            for (const row of chunk.children) {
              const n = Number(row.children[0].textContent);
              if (row.hasAttribute('data-stale')) {
                f.staleRows++;
                if (getComputedStyle(row).visibility !== 'hidden') f.wrong.push(`stale row ${n} is visible`);
              } else if (row.children[1].textContent.slice(0, 14) !== `Mon ${monday(n)}`) f.wrong.push(`unmarked ${n}: ${row.children[1].textContent}`);
            }
          }
          for (const chunk of rowsEl.children) {
            const c = chunk.getBoundingClientRect();
            if (c.bottom <= 0 || c.top >= h) continue;
            if (chunk.hasAttribute('data-stale')) { f.stale++; continue; }
            for (const row of chunk.children) {
              const r = row.getBoundingClientRect();
              if (r.bottom <= 0 || r.top >= h) continue;
              if (row.hasAttribute('data-stale')) { f.stale++; continue; }
              f.shown++;
              const n = Number(row.children[0].textContent);
              f.last = Math.max(f.last, n);
              if (row.children[1].textContent.slice(0, 14) !== `Mon ${monday(n)}`) f.wrong.push(`${n}: ${row.children[1].textContent}`);
            }
          }
          seen.push(f);
        };
        if (from) rowsEl.querySelectorAll('[role="row"]')[from - 1].scrollIntoView({ block: 'start' });
        document.querySelector('#b-days input[value="MO"]').click();
        if (jump) rowsEl.lastElementChild.scrollIntoView({ block: 'end' });
        if (nudge) window.scrollBy(0, nudge);
        for (let i = 0; i < 12; i++) await new Promise((r) => requestAnimationFrame(() => { check(); r(); }));
        await window.wallclockPage.whenRows();
        return { seen, stale: rowsEl.querySelectorAll('[data-stale]').length, busy: document.getElementById('instances').getAttribute('aria-busy') };
      }, [jump, from, nudge]);
      const expectMondays = async (what) => {
        const rs = await rows(page);
        eq(rs.length, 1000, `${what}: row count`);
        const bad = rs.filter((r, i) => r.n !== String(i + 1) || r.nominal.slice(0, 14) !== `Mon ${new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10)}`);
        eq(bad.slice(0, 3), [], `${what}: every row of the new rule`);
        eq(rs[999].nominal.slice(4, 14), '2045-02-27', `${what}: the 1 000th Monday`);
      };
      const top = await frames();
      ok(top.seen.every((f) => f.shown >= 15 && !f.wrong.length && !f.stale), `frames after the change at the top: ${JSON.stringify(top.seen)}`);
      eq([top.stale, top.busy], [0, 'false'], 'settled: no stale chunk, table not busy');
      await expectMondays('at the top');
      // Back to daily, then Mondays again while jumping to the last row in the same task.
      await page.click('#b-days input[value="MO"]');
      await settle(page);
      eq((await rows(page))[999].nominal.slice(4, 14), '2028-09-26', 'daily again: the 1 000th day');
      await page.evaluate(() => window.scrollTo(0, 0));
      const bottom = await frames({ jump: true });
      ok(bottom.seen.every((f) => f.shown >= 5 && !f.wrong.length && !f.stale), `frames after the change, scrolled to the last row: ${JSON.stringify(bottom.seen)}`);
      ok(bottom.seen.every((f) => f.last === 1000), `the last row is on screen in every frame: ${JSON.stringify(bottom.seen.map((f) => f.last))}`);
      eq([bottom.stale, bottom.busy], [0, 'false'], 'settled after the jump');
      await expectMondays('after the jump');
      // Mid-table, row 500 at the top: the chunks at the screen's edges are
      // written only where on screen; their other rows wait hidden, and those
      // scrolled into view (300 px down in the click's task) are filled for that frame.
      await page.click('#b-days input[value="MO"]');
      await settle(page);
      const mid = await frames({ from: 500, nudge: 300 });
      ok(mid.seen.every((f) => f.shown >= 20 && !f.wrong.length && !f.stale), `frames after the change with row 500 at the top: ${JSON.stringify(mid.seen)}`);
      ok(mid.seen[0].staleRows > 0, `rows of the edge chunks wait hidden in the first frame: ${JSON.stringify(mid.seen[0])}`);
      eq([mid.stale, mid.busy], [0, 'false'], 'settled mid-table');
      await expectMondays('mid-table');
      // Two changes in a row, the second before the first one's rows are all written: the second wins everywhere.
      await page.evaluate(async () => {
        document.querySelector('#b-days input[value="TU"]').click();
        await new Promise((r) => setTimeout(r, 0));
        document.querySelector('#b-days input[value="MO"]').click();
        await window.wallclockPage.whenRows();
      });
      await settle(page);
      const rs = await rows(page);
      eq(rs.length, 1000, 'row count after two quick changes');
      ok(rs.every((r) => r.nominal.startsWith('Tue ')), `every row on a Tuesday: ${JSON.stringify(rs.filter((r) => !r.nominal.startsWith('Tue ')).slice(0, 3))}`);
      eq(rs[999].nominal.slice(4, 14), '2045-02-28', 'the 1 000th Tuesday');
      eq(await page.$$eval('#rows [data-stale]', (els) => els.length), 0, 'no stale chunk left');
      // A change that leaves the rows as they are (the gap policy, for 09:00 in New York) marks no chunk stale.
      const marked = await page.evaluate(async () => {
        const gap = document.getElementById('gap');
        gap.value = 'shift';
        gap.dispatchEvent(new Event('input', { bubbles: true }));
        return [document.querySelectorAll('#rows [data-stale]').length, document.getElementById('instances').getAttribute('aria-busy')];
      });
      eq(marked, [0, 'false'], 'stale chunks and aria-busy after a change that keeps every row');
    },
  },
  {
    name: 'every control is labelled, and the page fits a phone-sized viewport',
    options: { viewport: { width: 390, height: 844 } },
    hash: '#tz=America%2FNew_York&start=2026-03-06T02%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D4&cmp=1',
    async run(page) {
      const unlabelled = await page.$$eval('input, select, textarea, button', (els) => els
        .filter((el) => !el.hidden && el.type !== 'hidden')
        .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent.trim())))
        .map((el) => el.id || el.name || el.outerHTML.slice(0, 60)));
      eq(unlabelled, [], 'controls without a label');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
      eq(col(await rows(page), 'status'), ['scheduled', 'scheduled', 'skipped', 'scheduled', 'scheduled'], 'rows from the URL');
      // Keyboard: Tab reaches the zone field first after the skip link and the other two languages.
      const stops = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        stops.push(await page.evaluate(() => document.activeElement.id || document.activeElement.dataset.lang || document.activeElement.className));
      }
      eq(stops, ['skip-link', 'zh-CN', 'zh-TW', 'tz'], 'tab order: skip link, the languages, then the zone');
      await page.waitForFunction(() => document.querySelectorAll('#tz-list option').length > 500, null, { timeout: 5000 });
      ok(await page.$('#tz-list option[value="America/New_York"]'), 'the zone picker lists the zones');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'preview-phone.png'), fullPage: false });
    },
  },

  {
    name: 'BYDAY ordinals the builder cannot show (5FR, -3FR, yearly 20MO) stay as written through builder edits',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DMONTHLY%3BBYDAY%3D5FR%3BCOUNT%3D3',
    async run(page) {
      // January 2026 starts on a Thursday: its Fridays are the 2nd … 30th.
      const fifth = ['2026-01-30', '2026-05-29', '2026-07-31'];
      eq((await rows(page)).map(day), fifth, 'fifth Fridays');
      ok((await page.textContent('#rule-note')).includes('BYDAY'), 'BYDAY listed as kept from the text');
      ok(await page.isDisabled('#b-days input[value="FR"]'), 'weekday boxes disabled while BYDAY is kept');
      ok(await page.isDisabled('#b-nth'), '"which one" disabled while BYDAY is kept');
      await fill(page, '#b-interval', '3');
      await fill(page, '#b-interval', '1');
      eq(await page.inputValue('#rrule'), 'FREQ=MONTHLY;BYDAY=5FR;COUNT=3', 'the rule after builder edits');
      eq((await rows(page)).map(day), fifth, 'still the fifth Fridays');
      await fill(page, '#rrule', 'FREQ=MONTHLY;BYDAY=-3FR;COUNT=2');
      await fill(page, '#b-count', '1');
      eq(await page.inputValue('#rrule'), 'FREQ=MONTHLY;BYDAY=-3FR;COUNT=1', 'third-to-last Friday kept');
      eq((await rows(page)).map(day), ['2026-01-16'], 'the third-to-last Friday of January');
      await fill(page, '#rrule', 'FREQ=YEARLY;BYDAY=20MO;COUNT=1');
      await select(page, '#b-freq', 'YEARLY');
      await fill(page, '#b-interval', '2');
      eq(await page.inputValue('#rrule'), 'FREQ=YEARLY;INTERVAL=2;BYDAY=20MO;COUNT=1', 'the 20th Monday kept');
      eq((await rows(page)).map(day), ['2026-05-18'], 'the 20th Monday of 2026');
      // An ordinal the builder shows is still edited there.
      await fill(page, '#rrule', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=2');
      ok(!(await page.isDisabled('#b-days input[value="FR"]')), 'weekday boxes enabled again');
      ok(await page.isHidden('#rule-note'), 'no kept part');
    },
  },
  {
    name: 'a builder edit never writes a second copy of a part kept from the text',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DMONTHLY%3BBYDAY%3D1MO%2C-1FR%3BCOUNT%3D4',
    async run(page) {
      const once = async (what) => {
        const r = await page.inputValue('#rrule');
        const keys = r.split(';').map((p) => p.split('=')[0]);
        eq(keys.filter((k, i) => keys.indexOf(k) !== i), [], `${what}: no part twice in ${r}`);
        ok(await page.isHidden('#rrule-err'), `${what}: no error`);
        return r;
      };
      ok(await page.isDisabled('#b-days input[value="TU"]'), 'weekday boxes disabled while BYDAY=1MO,-1FR is kept');
      await fill(page, '#b-count', '2');
      eq(await once('mixed BYDAY'), 'FREQ=MONTHLY;BYDAY=1MO,-1FR;COUNT=2', 'rule');
      eq((await rows(page)).map(day), ['2026-01-05', '2026-01-30'], 'first Monday and last Friday');
      await fill(page, '#rrule', 'FREQ=DAILY;BYHOUR=9,17;COUNT=4');
      ok(await page.isDisabled('#b-times'), 'times disabled while BYHOUR is kept');
      await fill(page, '#b-count', '3');
      eq(await once('BYHOUR alone'), 'FREQ=DAILY;BYHOUR=9,17;COUNT=3', 'rule');
      await fill(page, '#rrule', 'FREQ=HOURLY;BYMINUTE=15;COUNT=2');
      ok(await page.isDisabled('#b-times'), 'times disabled while BYMINUTE is kept');
      await fill(page, '#b-interval', '2');
      eq(await once('BYMINUTE alone'), 'FREQ=HOURLY;INTERVAL=2;BYMINUTE=15;COUNT=2', 'rule');
      eq(col(await rows(page), 'nominal'), ['Thu 2026-01-01 09:15', 'Thu 2026-01-01 11:15'], 'every other hour at :15');
      await fill(page, '#rrule', 'FREQ=DAILY;COUNT=2');
      ok(!(await page.isDisabled('#b-times')), 'times enabled again');
    },
  },
  {
    name: 'outage simulator: more than 1 000 missed, the policy decides on all of them (the newest runs under latest_only)',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY&misfire=latest_only&down=2026-01-01T00%3A00&back=2030-01-01T00%3A00',
    async run(page) {
      const table = () => page.$$eval('#outage tbody tr', (trs) => trs.map((tr) => [tr.cells[0].textContent.slice(4, 14), tr.cells[3].textContent.trim()]));
      // 2026-01-01 … 2029-12-31: 365 + 365 + 365 + 366 days.
      const summary = await page.textContent('#outage-summary');
      ok(summary.startsWith('1461 missed: 1 run, 1460 coalesced.'), `summary: ${summary}`);
      ok(/newest 1000/.test(summary), `says the table is shortened: ${summary}`);
      let t = await table();
      eq(t.length, 1000, 'rows shown');
      eq(t.filter((r) => r[1] === 'run'), [['2029-12-31', 'run']], 'the newest missed occurrence runs');
      eq(t[0][0], '2027-04-07', 'the table starts 1000 rows before the end');
      await select(page, '#misfire', 'all');
      await fill(page, '#maxCatchUp', '2');
      t = await table();
      eq(t.filter((r) => r[1] === 'run').map((r) => r[0]), ['2029-12-30', '2029-12-31'], 'maxCatchUp runs the newest two');
    },
  },
  {
    name: 'downloads and "Copy JSON spec" refuse while a field has an error',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY%3BCOUNT%3D3',
    async run(page) {
      let downloads = 0;
      page.on('download', () => { downloads++; });
      await fill(page, '#rrule', 'FREQ=WEEKLY;COUNT=2;BYDAY=XX');
      await fill(page, '#start', '2027-05-05T10:00');
      for (const kind of ['csv', 'json']) {
        // The share module loads after the first screen: the status comes
        // once it has, so wait for this click's own status.
        await page.evaluate(() => { document.getElementById('share-status').textContent = ''; });
        await page.click(`[data-download="${kind}"]`);
        await page.waitForFunction(() => document.getElementById('share-status').textContent !== '');
        const s = await page.textContent('#share-status');
        ok(s.startsWith('Cannot download') && s.includes('BYDAY'), `${kind}: ${s}`);
      }
      await page.click('[data-copy="json"]');
      await page.waitForFunction(() => document.getElementById('share-status').textContent.startsWith('Cannot copy'));
      ok((await page.textContent('#share-status')).includes('BYDAY'), 'names the problem');
      await page.waitForTimeout(300);
      eq(downloads, 0, 'nothing downloaded');
      // Typed but not yet recomputed: the download waits for nothing and uses the rule as typed.
      await page.fill('#rrule', 'FREQ=DAILY;COUNT=2');
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-download="csv"]')]);
      const text = Buffer.concat(await (await dl.createReadStream()).toArray()).toString();
      eq(text.trim().split('\n').slice(1).map((l) => l.slice(0, 10)), ['2027-05-05', '2027-05-06'], 'the current rule');
      await settle(page);
    },
  },
  {
    name: 'a link whose state has an invalid field says nothing can be shown until it is fixed',
    async run(page, { browser }) {
      const cases = [
        ['start=2026-02-30T09%3A00', 'start'],
        ['tz=Not%2FAZone&start=2026-01-01T09%3A00', 'tz'],
        ['start=2026-01-01T09%3A00&gap=bogus', 'gap'],
        ['start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY%3BCOUNT%3D3%3BUNTIL%3D20260301', 'rrule'],
      ];
      for (const [hash, field] of cases) {
        const other = await openPage(browser, `#${hash.startsWith('tz=') ? '' : 'tz=America%2FNew_York&'}${hash}`);
        try {
          ok(await other.page.isVisible(`#${field}-err`), `${hash}: error next to ${field}`);
          const summary = await other.page.textContent('#summary');
          ok(!summary.includes('last valid result'), `${hash}: no claim of an earlier result: ${summary}`);
          ok(summary.includes('Nothing can be shown until'), `${hash}: ${summary}`);
          ok((await other.page.textContent('#rows')).includes('Nothing can be shown until'), `${hash}: the table says so`);
          eq(other.problems, [], `${hash}: no console errors`);
        } finally {
          await other.context.close();
        }
      }
      // After a valid result, an error keeps it (dimmed) and says so.
      await fill(page, '#tz', 'America/New_York');
      await fill(page, '#start', '2026-01-01T09:00');
      await fill(page, '#start', '2026-02-30T09:00');
      ok((await page.textContent('#summary')).includes('last valid result'), 'the last valid result is kept');
    },
  },
  {
    name: 'an invalid misfire policy or "from" in the link is reported next to its field',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&misfire=bogus&anchor=bogus&down=2026-01-01T00%3A00&back=2026-01-05T00%3A00',
    async run(page) {
      ok(await page.isVisible('#misfire-err'), 'misfire error shown');
      ok((await page.textContent('#misfire-err')).includes('bogus'), 'names the value');
      eq(await page.getAttribute('#misfire', 'aria-invalid'), 'true', 'misfire marked invalid');
      ok(await page.isVisible('#anchor-err'), 'anchor error shown');
      ok((await page.textContent('#anchor-err')).includes('bogus'), 'names the value');
      await select(page, '#misfire', 'all');
      await select(page, '#anchor', 'start');
      ok(await page.isHidden('#misfire-err'), 'misfire error gone');
      ok(await page.isHidden('#anchor-err'), 'anchor error gone');
      ok((await page.textContent('#outage-summary')).startsWith('4 missed'), 'the outage is simulated');
    },
  },
  {
    name: 'a COUNT or INTERVAL that is no number is shown as written, with no console warning',
    hash: '#tz=America%2FNew_York&start=2026-01-01T09%3A00&rrule=FREQ%3DDAILY%3BCOUNT%3Dx',
    async run(page) {
      eq(await page.inputValue('#b-count'), 'x', 'the builder shows the text');
      ok(await page.isVisible('#rrule-err'), 'the RRULE error is shown');
      await fill(page, '#rrule', 'FREQ=DAILY;INTERVAL=abc');
      eq(await page.inputValue('#b-interval'), 'abc', 'interval as written');
      await fill(page, '#ical', 'BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20260306T023000\nRRULE:FREQ=DAILY;COUNT=y\nEND:VEVENT');
      eq(await page.inputValue('#b-count'), 'y', 'count from the paste');
    },
  },
  {
    name: 'small things: "Show" errors, the 31st, the note after "Once", several VEVENTs refused',
    hash: '#tz=America%2FNew_York&start=2026-01-31T09%3A00&rrule=FREQ%3DMONTHLY&n=-1',
    async run(page) {
      eq(await page.inputValue('#n'), '50', 'an invalid n in the link falls back to 50');
      ok((await page.textContent('#n-err')).includes('-1'), 'and says so');
      eq((await rows(page)).length, 50, '50 rows');
      ok((await page.textContent('#b-md-hint')).includes('the 31st'), `ordinal: ${await page.textContent('#b-md-hint')}`);
      for (const v of ['0', '-1', '5001', '']) {
        await fill(page, '#n', v);
        ok(await page.isVisible('#n-err'), `error for Show = "${v}"`);
        eq(await page.getAttribute('#n', 'aria-invalid'), 'true', `field marked for "${v}"`);
      }
      await fill(page, '#n', '3');
      ok(await page.isHidden('#n-err'), 'error gone');
      eq((await rows(page)).length, 3, 'three rows');
      await fill(page, '#rrule', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3;BYMONTH=3');
      ok(await page.isVisible('#rule-note'), 'BYMONTH kept');
      await select(page, '#b-freq', '');
      eq(await page.inputValue('#rrule'), '', 'no rule');
      ok(await page.isHidden('#rule-note'), 'no note left');
      await fill(page, '#ical', 'BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20260306T023000\nRRULE:FREQ=DAILY;COUNT=4\nEND:VEVENT\n'
        + 'BEGIN:VEVENT\nDTSTART;TZID=Europe/Berlin:20260306T023000\nRRULE:FREQ=WEEKLY;COUNT=2\nEND:VEVENT');
      eq(await page.inputValue('#tz'), 'America/New_York', 'the fields are left as they were');
      ok((await page.textContent('#ical-err')).includes('the calendar has 2 events'), `error: ${await page.textContent('#ical-err')}`);
    },
  },
  {
    name: 'on a phone every column of the instances is on screen, and a table wider than the screen scrolls by keyboard',
    options: { viewport: { width: 390, height: 844 } },
    hash: '#tz=America%2FNew_York&start=2026-03-06T02%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D4&down=2026-03-06T00%3A00&back=2026-03-12T00%3A00',
    async run(page) {
      const boxes = await page.$$eval('#rows [role="row"]', (trs) => trs.map((tr) => ({
        h: tr.getBoundingClientRect().height,
        right: Math.max(...[...tr.children].map((c) => c.getBoundingClientRect().right)),
        utc: tr.children[3].getBoundingClientRect().width,
      })));
      eq(boxes.length, 5, 'rows');
      ok(boxes.every((b) => b.right <= 390 && b.utc > 0), `every cell within the screen: ${JSON.stringify(boxes)}`);
      ok(boxes[2].h < 150, `the skipped row is not a tall band: ${boxes[2].h}px`);
      const scrollers = await page.$$eval('.table-wrap', (els) => els.filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => [el.getAttribute('tabindex'), el.getAttribute('role'), !!el.getAttribute('aria-label')]));
      ok(scrollers.every(([t, r, l]) => t === '0' && r === 'region' && l), `scrollers focusable and named: ${JSON.stringify(scrollers)}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    },
  },

];
