// "What changes": the rule as loaded is the baseline, an edit lists the
// instances it adds, removes, moves or resolves differently with the reason
// from the package's `diff`, and the address carries the baseline.
import { fill, select, settle, eq, ok, openPage } from './harness.mjs';

const NY_DAILY = '#tz=America%2FNew_York&start=2026-03-06T02%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D4';

/** The listed changes: [change, nominal, before, after, reason] per row. */
const changes = (page) => page.$$eval('#changes-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
const summary = (page) => page.textContent('#changes-summary');

export const tests = [
  {
    name: 'what changes: seed 000 New York 02:30 skip → shift, from the loaded rule, shared by link',
    hash: NY_DAILY,
    async run(page, { browser }) {
      eq(await summary(page), 'The rule is the baseline: edit it to see what the edit changes.', 'unedited');
      ok(await page.isDisabled('#changes-rebase'), 'nothing to rebase');
      await select(page, '#gap', 'shift');
      eq(await summary(page), 'Against the baseline, in the next 12 months (from 2026-03-06): 0 added, 1 removed, 0 moved, 1 changed, 3 unchanged.', 'summary');
      eq(await page.textContent('.changes-fields'), 'gap: skip → shift', 'the field that differs');
      const rs = await changes(page);
      eq(rs.map((r) => r.slice(0, 4)), [
        ['changed', 'Sun 2026-03-08 02:30', 'skipped —', 'shifted 2026-03-08 07:30Z'],
        ['removed', 'Tue 2026-03-10 02:30', 'scheduled 2026-03-10 06:30Z', '—'],
      ], 'changes');
      ok(rs[0][4].startsWith('`gap` `skip` → `shift`: 02:30 does not exist on 2026-03-08 in America/New_York'), `reason: ${rs[0][4]}`);
      ok(rs[1][4].includes('changes which times count toward `COUNT`'), `reason: ${rs[1][4]}`);
      // The address carries the baseline: a reviewer sees the same diff.
      const url = page.url();
      ok(url.includes('base='), `baseline in the address: ${url}`);
      const other = await openPage(browser, url.slice(url.indexOf('#')));
      try {
        eq(await other.page.inputValue('#gap'), 'shift', 'the edited rule');
        eq(await changes(other.page), rs, 'the same changes');
        eq(await summary(other.page), await summary(page), 'the same summary');
        eq(other.problems, [], 'no console errors on the shared page');
      } finally {
        await other.context.close();
      }
      // The edited rule becomes the baseline: nothing differs, the address drops it.
      await page.click('#changes-rebase');
      await page.waitForFunction(() => document.getElementById('changes-summary').textContent.startsWith('The rule is the baseline'));
      await settle(page);
      eq(await changes(page), [], 'no changes listed');
      ok(!page.url().includes('base='), `no baseline in the address: ${page.url()}`);
      await select(page, '#gap', 'skip');
      eq((await changes(page)).map((r) => r[0]), ['changed', 'added'], 'back to skip, against the new baseline');
    },
  },
  {
    name: 'what changes: the first valid rule entered is the baseline; a zone change moves every instance',
    hash: '#tz=America%2FNew_York&start=2026-03-02T09%3A00&rrule=FREQ%3DDAILY%3BBYHOUR%3D24',
    async run(page) {
      eq(await summary(page), 'Nothing to compare until the rule above is valid.', 'invalid as loaded');
      await fill(page, '#rrule', 'FREQ=DAILY;COUNT=3');
      eq(await summary(page), 'The rule is the baseline: edit it to see what the edit changes.', 'the first valid rule');
      await fill(page, '#tz', 'America/Chicago');
      const rs = await changes(page);
      eq(rs.map((r) => r.slice(0, 4)), [
        ['moved', 'Mon 2026-03-02 09:00', 'scheduled 2026-03-02 14:00Z', 'scheduled 2026-03-02 15:00Z'],
        ['moved', 'Tue 2026-03-03 09:00', 'scheduled 2026-03-03 14:00Z', 'scheduled 2026-03-03 15:00Z'],
        ['moved', 'Wed 2026-03-04 09:00', 'scheduled 2026-03-04 14:00Z', 'scheduled 2026-03-04 15:00Z'],
      ], 'every instance moved, same keys');
      ok(rs.every((r) => r[4] === '`timeZone` `America/New_York` → `America/Chicago`'), `reasons: ${rs.map((r) => r[4])}`);
      // An error in the rule: the section says so and lists nothing.
      await fill(page, '#rrule', 'FREQ=DAILY;COUNT=0');
      eq(await summary(page), 'Nothing to compare until the rule above is valid.', 'while the rule is invalid');
      eq(await changes(page), [], 'nothing listed');
    },
  },
  {
    name: 'what changes: a link whose baseline is not a spec says so, and the rule can become the baseline',
    hash: `${NY_DAILY}&base=${encodeURIComponent('{"timeZone":"Mars/Olympus","start":"2026-03-06T02:30"}')}`,
    async run(page) {
      const s = await summary(page);
      ok(s.startsWith('The baseline cannot be compared: ') && s.includes('Mars/Olympus'), `summary: ${s}`);
      await page.click('#changes-rebase');
      await page.waitForFunction(() => document.getElementById('changes-summary').textContent.startsWith('The rule is the baseline'));
      await settle(page);
      ok(!page.url().includes('base='), 'the address drops the baseline');
    },
  },
];
