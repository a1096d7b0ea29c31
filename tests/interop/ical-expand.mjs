// Reads an iCalendar file with ical.js (an independent parser, from
// www/node_modules) and prints the UTC instants of its first VEVENT's
// occurrences as a JSON array: `node ical-expand.mjs FILE MAX`.
// tests/ical_interop.rs compares them with wallclock's expansion.
import { readFileSync } from 'node:fs';
import ICAL from '../../www/node_modules/ical.js/dist/ical.js';

const [file, max] = process.argv.slice(2);
const root = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8')));
for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
  ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
}
const event = new ICAL.Event(root.getFirstSubcomponent('vevent'));
const it = event.iterator();
const out = [];
for (let next = it.next(); next && out.length < Number(max); next = it.next()) {
  out.push(next.toJSDate().toISOString().replace('.000Z', 'Z'));
}
process.stdout.write(JSON.stringify(out));
