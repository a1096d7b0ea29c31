// Browser (and bundler) entry: fetches wallclock_bg.wasm next to this module
// (import.meta.url) once, with top-level await, so every export is ready on import.
import init from './wallclock.js';

await init();

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
