// The outage simulator's overlap table: what `allow`, `skip` and `queue`
// do to the runs an outage leaves for recovery, for the job duration the
// user enters (www/page/overlap.js).
import { fill, eq, ok } from './harness.mjs';

/** The overlap table: [nominal day, due, allow, skip, queue] per row. */
const overlapRows = (page) => page.$$eval('#overlap tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim())));

/** Berlin daily 09:00 (07:00Z in October), down after the 21st's run, back on the 24th at 12:00Z: 22, 23, 24 missed. */
async function outage(page, misfire = 'all') {
  await fill(page, '#tz', 'Europe/Berlin');
  await fill(page, '#start', '2026-10-20T09:00');
  await fill(page, '#rrule', 'FREQ=DAILY');
  await fill(page, '#down', '2026-10-21T09:01');
  await fill(page, '#back', '2026-10-24T12:00:00Z');
  await page.selectOption('#misfire', misfire);
}

export const tests = [
  {
    name: 'overlap at recovery: three missed runs, a 10-minute job, under allow, skip and queue',
    async run(page) {
      await outage(page);
      ok((await page.textContent('#overlap-summary')).includes('Enter a job duration'), 'asks for a duration');
      eq(await overlapRows(page), [], 'no rows without a duration');
      await fill(page, '#jobDuration', 'PT10M');
      const got = await overlapRows(page);
      eq(got.map((r) => r[0].slice(4, 14)), ['2026-10-22', '2026-10-23', '2026-10-24'], 'the three runs, oldest first');
      eq(got.map((r) => r[1]), ['2026-10-22 07:00Z', '2026-10-23 07:00Z', '2026-10-24 07:00Z'], 'due');
      eq(got.map((r) => r[2]), [
        'run 2026-10-24 12:00Z, late by P2DT5H',
        'run 2026-10-24 12:00Z, late by P1DT5H',
        'run 2026-10-24 12:00Z, late by PT5H',
      ], 'allow: all three at once');
      eq(got.map((r) => r[3]), [
        'run 2026-10-24 12:00Z, late by P2DT5H',
        'skipped overlap',
        'skipped overlap',
      ], 'skip: the oldest runs, the others are skipped with the reason overlap');
      eq(got.map((r) => r[4]), [
        'run 2026-10-24 12:00Z, late by P2DT5H',
        'run 2026-10-24 12:10Z, late by P1DT5H10M',
        'run 2026-10-24 12:20Z, late by PT5H20M',
      ], 'queue: one after another, each one\'s lateness');
      eq(await page.textContent('#overlap-summary'),
        '3 runs at 2026-10-24 12:00Z, PT10M each: allow runs them all at once; skip runs the oldest and skips 2 (overlap); queue finishes the last at 2026-10-24 12:30Z.', 'summary');
      // The short form is the same duration; the link carries it.
      await fill(page, '#jobDuration', '10m');
      eq((await overlapRows(page)).map((r) => r[4]), got.map((r) => r[4]), '10m is PT10M');
      await page.waitForFunction(() => location.hash.includes('dur=10m'));
    },
  },
  {
    name: 'overlap at recovery: only what the misfire policy runs takes part; a bad duration is named',
    async run(page) {
      await outage(page, 'latest_only');
      await fill(page, '#jobDuration', 'PT1H');
      const got = await overlapRows(page);
      eq(got.map((r) => r[0].slice(4, 14)), ['2026-10-24'], 'latest_only leaves one run');
      eq(got[0].slice(2), Array(3).fill('run 2026-10-24 12:00Z, late by PT5H'), 'one run: every policy runs it at once');
      await fill(page, '#jobDuration', 'ten minutes');
      ok(await page.isVisible('#jobDuration-err'), 'error next to the field');
      ok((await page.textContent('#jobDuration-err')).includes('ten minutes'), 'quotes the input');
      eq(await overlapRows(page), [], 'no rows for a bad duration');
      await fill(page, '#jobDuration', 'PT0S');
      ok(await page.isVisible('#jobDuration-err'), 'zero is refused');
    },
  },
];
