// What the overlap policies (the spec field `overlap`) do to the executions
// an outage leaves to run at recovery, for a job that takes a given time.
// The ledger decides this at claim time (src/ledger/overlap.rs); DESIGN.md
// ("The page's overlap model") says where this model simplifies it.

export const OVERLAP = ['allow', 'skip', 'queue'];

/**
 * `runs`: the executions the misfire policy decided to run, oldest first,
 * each `{ instant }` (ms) no later than `back` (ms), when the scheduler is
 * up again and claims them all; `duration` (ms, > 0): how long each job
 * runs. Answers, per policy, one `{ start, end, late }` per run (ms; `late`
 * is start − instant), or `{ skipped: 'overlap' }`:
 *   allow — every one starts at `back`, alongside the others;
 *   skip  — the oldest starts at `back`; the others are due while it runs,
 *           so each is skipped with the reason `overlap`;
 *   queue — they run one after another from `back`, each later by the
 *           jobs before it.
 */
export function overlapAtRecovery(runs, back, duration) {
  const at = (instant, start) => ({ start, end: start + duration, late: start - instant });
  return {
    allow: runs.map((r) => at(r.instant, back)),
    skip: runs.map((r, i) => (i === 0 ? at(r.instant, back) : { skipped: 'overlap' })),
    queue: runs.map((r, i) => at(r.instant, back + i * duration)),
  };
}

/** A job duration in ms: ISO 8601 (`PT10M`, `PT1H30M`, `P1D`) or a short form (`90s`, `10m`, `2h`, `1d`); null if it is neither. */
export function parseJobDuration(text) {
  const t = text.trim();
  const short = /^(\d+)\s*(s|m|h|d)$/i.exec(t);
  if (short) return +short[1] * { s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[short[2].toLowerCase()];
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(t);
  if (!iso || t.length < 3 || /T$/i.test(t)) return null;
  const [d, h, m, s] = iso.slice(1).map((x) => +(x || 0));
  return (((d * 24 + h) * 60 + m) * 60 + s) * 1e3;
}

/** A duration (ms, whole seconds) as the misfire table writes lateness: `P1DT2H3M`, `PT0S`. */
export function fmtLate(ms) {
  let secs = Math.round(Math.abs(ms) / 1e3);
  const days = Math.floor(secs / 86400);
  secs %= 86400;
  const [h, m, s] = [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60];
  let out = (ms < 0 ? '-P' : 'P') + (days ? `${days}D` : '');
  if (h || m || s || !days) out += 'T' + (h ? `${h}H` : '') + (m ? `${m}M` : '') + (s || (!h && !m) ? `${s}S` : '');
  return out;
}
