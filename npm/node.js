// Node entry: the same `--target web` build the browser uses, instantiated
// synchronously from the .wasm file next to this module (Node's fetch cannot
// read file: URLs, so the web glue's default init does not work here).
import { readFileSync } from 'node:fs';
import { initSync } from './wallclock.js';

initSync({ module: readFileSync(new URL('./wallclock_bg.wasm', import.meta.url)) });

export {
  expand,
  expandInstants,
  notices,
  noticeEnd,
  diff,
  validate,
  describe,
  decideMisfires,
  simulateOutage,
  instantAt,
  parseICal,
  toICal,
  tzdbVersion,
  timeZones,
  langOf,
} from './wallclock.js';
