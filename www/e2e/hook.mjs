// The tests' and the benchmark's view of the page's internals. The page never
// loads this module: the harness adds it (harness.mjs `openPage`) once the
// page is ready. It imports the page's own module instances (same URLs), so
// it sees the state the page is running with.
import { page, busy, whenComplete, whenRows } from '../page/state.js';

window.wallclockPage = {
  /** An edit is not yet entirely on the page (an update, the URL, stale rows). */
  get pending() { return busy(); },
  /** Resolves when every part of the last update is on the page. */
  whenComplete,
  /** Resolves when every row of the last update is in the DOM (no chunk is stale). */
  whenRows,
  /** Timings of the last update ({ expandMs, tableMs, totalMs, rows, written }). */
  get perf() { return page.perf.last; },
  get perfRest() { return page.perf.rest; },
};
