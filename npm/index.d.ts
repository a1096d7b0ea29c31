// Types for the `wallclock` package. The same shapes as the CLI's JSON:
// `JSON.stringify(expand(spec, options))` is byte for byte what
// `wallclock expand` prints for the same spec and options.

/** What to do with a local time that does not exist (clocks spring forward). */
export type GapPolicy = 'skip' | 'shift' | 'snap';
/** What to do with a local time that occurs twice (clocks fall back). */
export type FoldPolicy = 'first' | 'second' | 'both';
/** What to do with a day of month the month lacks (31 April). */
export type InvalidDatePolicy = 'omit' | 'backward' | 'forward';
/** What a late scheduler does with the occurrences it missed. */
export type MisfirePolicy = 'all' | 'latest_only' | 'skip';
/** What the ledger's scheduler does with an occurrence due while the previous one still runs. */
export type OverlapPolicy = 'allow' | 'skip' | 'queue';

/** A schedule as written by a user (docs/spec.md §1: types, defaults, errors). Unknown keys are rejected. */
export interface Spec {
  /** Schedule identity, part of every key; 1 to 200 bytes without `|`. Default `preview`. */
  id?: string;
  /** Bumped on every rule change; an integer >= 1. Default 1. */
  revision?: number;
  /** IANA time zone name, e.g. `America/New_York`. */
  timeZone: string;
  /** DTSTART as a nominal local time `YYYY-MM-DDTHH:MM[:SS]`. */
  start: string;
  /**
   * RFC 5545 RRULE value, or a list of them (at most 64) whose occurrences
   * are united: a time two rules generate runs once, each rule's COUNT counts
   * its own. Absent means only `start` and `rdate`.
   */
  rrule?: string | string[] | null;
  /** Extra nominal local times (at most 10 000). */
  rdate?: string[];
  /** Nominal local times removed (at most 10 000). */
  exdate?: string[];
  gap?: GapPolicy;
  fold?: FoldPolicy;
  invalidDate?: InvalidDatePolicy;
  misfire?: MisfirePolicy;
  /** ISO 8601 duration, e.g. `PT2H`: older than this when found means `expired`. */
  maxLateness?: string | null;
  /** With misfire `all`: at most this many late runs. */
  maxCatchUp?: number | null;
  /** ISO 8601 duration; with misfire `skip`, lateness still treated as on time. Default `PT5M`. */
  grace?: string | null;
  /** The ledger's scheduler: run alongside (default), skip, or queue behind a running occurrence. */
  overlap?: OverlapPolicy;
  /** ISO 8601 duration: the ledger's scheduler kills a run that takes longer. */
  timeout?: string | null;
}

/** A language the package writes its sentences in: English, Simplified or Traditional Chinese. */
export type Lang = 'en' | 'zh-CN' | 'zh-TW';

/**
 * A language tag as `lang` reads it: a {@link Lang}, or a tag naming one (`zh`, `zh-Hans`, `zh-SG`,
 * `zh_CN` are zh-CN; `zh-Hant`, `zh-HK`, `zh-MO`, `zh_TW` are zh-TW; `en-GB` is en). Any other tag
 * is English, with a warning on `console.warn`.
 */
export type LangTag = Lang | 'zh' | 'zh-Hans' | 'zh-SG' | 'zh_CN' | 'zh-Hant' | 'zh-HK' | 'zh-MO' | 'zh_TW' | (string & {});

/**
 * The language of what a call writes: notes, warnings, reasons, descriptions and the message of a
 * thrown error. Codes, fields, keys and every other property stay the same in every language.
 */
export interface LangOption {
  /** Default `en`. */
  lang?: LangTag | null;
}

/** An instant (`2026-03-08T07:00:00Z`, `2026-03-08T03:00:00-04:00`) or a local date-time in the spec's zone (`2026-03-08T02:00`). */
export type InstantOrLocal = string;

export interface ExpandOptions extends LangOption {
  /** Stop after this many executions; a whole number >= 1. */
  limit?: number | null;
  /** List only occurrences at or after this instant (COUNT still counts from `start`); also a date (`2026-03-08`: its local midnight). */
  from?: InstantOrLocal | null;
  /** List only occurrences before this instant; also a date (`2026-03-08`: its local midnight). */
  to?: InstantOrLocal | null;
}

/** `[from, to)`, each bound also a date (`2026-03-08`: its local midnight). */
export interface NoticeWindow extends LangOption {
  from: InstantOrLocal;
  to: InstantOrLocal;
}

export type Status = 'scheduled' | 'shifted' | 'skipped' | 'merged';

export type NoteCode =
  | 'gap_skipped'
  | 'gap_shifted'
  | 'gap_snapped'
  | 'fold_first'
  | 'fold_second'
  | 'fold_both'
  | 'invalid_date_backward'
  | 'invalid_date_forward'
  | 'merged';

export interface Note {
  code: NoteCode;
  /** A sentence naming the date, the zone, the clock change and what happens. */
  message: string;
}

/** One nominal occurrence and what became of it. */
export interface Entry {
  /** `2026-03-08T02:30:00` */
  nominal: string;
  /** 1 for the second of a repeated local time. */
  fold: 0 | 1;
  status: Status;
  /** `2026-03-08T07:30:00Z`; null when skipped. */
  instant: string | null;
  /** `2026-03-08T03:30:00-04:00[America/New_York]`; null when skipped. */
  local: string | null;
  /** Idempotency key `<id>|<nominal>`, with `|fold=1` for the second of fold `both`. */
  key: string;
  notes: Note[];
  /** For a merged entry: the nominal it merged into. */
  mergedInto?: string;
}

export interface Transition {
  instant: string;
  /** `-05:00` */
  offsetBefore: string;
  offsetAfter: string;
  kind: 'gap' | 'fold';
  localBefore: string;
  localAfter: string;
}

/** The codes and when each is given: docs/spec.md §6. */
export type WarningCode =
  | 'start_unsynchronized'
  | 'start_in_gap'
  | 'start_in_fold'
  /** The expansion ended where the next time would fall after 9999-12-30T22:00:00Z. */
  | 'out_of_range'
  | 'zone_alias'
  | 'fixed_offset_zone'
  | 'reversed_sign_zone'
  /** Only from the command line: the package reads no Windows zone names. */
  | 'windows_zone'
  | 'exdate_unmatched'
  | 'rdate_duplicate'
  /** `wallclock expand`, `notices`, `diff` only: no occurrence in the window, though there are some elsewhere. */
  | 'empty_window'
  /** {@link decideMisfires}: a due entry after `now`, not decided. */
  | 'not_due'
  /** The next ones come from `wallclock from-ical` only. */
  | 'utc_start'
  | 'floating_start'
  | 'all_day_event'
  | 'override_moved'
  | 'override_cancelled'
  | 'override_ignored'
  | 'event_refused'
  /** The next ones come from `wallclock from-cron` only. */
  | 'zone_assumed'
  | 'cron_gap_runs_each'
  | 'cron_clock_jump'
  | 'cron_tz_host_change'
  | 'timer_restart_in_fold'
  | 'gap_overshoot'
  | 'fold_undocumented'
  | 'nearest_weekday'
  | 'year_list'
  | 'every_elapsed'
  | 'random_value'
  | 'never_runs'
  /** A `lang` the package does not write: English instead. */
  | 'unknown_language';

export interface Warning {
  code: WarningCode;
  message: string;
}

export interface Expansion {
  /** Bundled tz database version, e.g. `2026f`. */
  tzdb: string;
  entries: Entry[];
  transitions: Transition[];
  warnings: Warning[];
}

export interface Validation {
  valid: true;
  /** The RRULE in canonical form (a list for several rules), or null without one. */
  rrule: string | string[] | null;
  warnings: Warning[];
}

export interface Due {
  key: string;
  instant: InstantOrLocal;
}

export type Decision = 'run' | 'coalesced' | 'skipped' | 'expired';

export interface MisfireDecision {
  key: string;
  instant: string;
  /** ISO 8601 duration, e.g. `P1DT3H`. */
  lateness: string;
  decision: Decision;
  reason: string;
}

export interface OutageOptions extends LangOption {
  /** When the scheduler went down (exclusive): an instant or a local date-time in the spec's zone. */
  down: InstantOrLocal;
  /** When it came back (inclusive), which is "now" for the decisions. */
  back: InstantOrLocal;
  /** How many of the newest missed executions to decide: 0..=5000, default 5000. */
  decide?: number;
  /** How many of the newest decisions to return: 0..=1000, default 1000. */
  show?: number;
}

export interface OutageDecision extends MisfireDecision {
  /** Nominal local time, `YYYY-MM-DDTHH:MM:SS`. */
  nominal: string;
  /** 1 for the second run of a repeated hour (fold `both`), else 0. */
  fold: 0 | 1;
}

export interface Outage {
  /** Executions missed between `down` and `back`. */
  missed: number;
  /** How many of them (the newest) were decided. */
  decided: number;
  /** The older missed executions left without a decision. */
  leftOut: number;
  /** Decisions by kind, over every decided execution. */
  counts: Record<Decision, number>;
  /** The newest `show` decisions, oldest first. */
  decisions: OutageDecision[];
  /** Decisions made but not in `decisions` (the older ones). */
  hidden: number;
}

/** How one occurrence differs: only new, only old, another instant, or the same instant with another status or notes. */
export type ChangeKind = 'added' | 'removed' | 'moved' | 'changed';

/** The spec field (its JSON name) whose change explains a difference. */
export type Cause = 'id' | 'timeZone' | 'start' | 'rrule' | 'rdate' | 'exdate' | 'gap' | 'fold' | 'invalidDate';

/** What one side of a diff holds for a key. */
export interface DiffSide {
  status: Status;
  /** `2026-03-08T07:30:00Z`; null when skipped. */
  instant: string | null;
  notes: Note[];
}

/** One occurrence that differs between the two specs. */
export interface Change {
  change: ChangeKind;
  /** The occurrence key `<id>|<nominal>` (what handlers deduplicate on). */
  key: string;
  /** Nominal local time, `YYYY-MM-DDTHH:MM:SS`. */
  nominal: string;
  /** 1 for the second of a repeated local time. */
  fold: 0 | 1;
  /** The old spec's entry; null when added. */
  old: DiffSide | null;
  /** The new spec's entry; null when removed. */
  new: DiffSide | null;
  /** The field that explains it; null only when the specs are equal. */
  cause: Cause | null;
  /** A sentence: which field changed how, and what that does here. */
  reason: string;
}

/** A spec field that differs, as both specs write it (`-` when absent). */
export interface FieldChange {
  field: Cause;
  old: string;
  new: string;
}

/** What changes from one spec to another over a window (the CLI's `wallclock diff` JSON). */
export interface Diff {
  /** Bundled tz database version both sides were resolved with. */
  tzdb: string;
  /** True when no occurrence differs. */
  identical: boolean;
  summary: { added: number; removed: number; moved: number; changed: number; unchanged: number };
  /** The fields that decide occurrences and differ. */
  fields: FieldChange[];
  /** Every occurrence that differs, in nominal order. */
  changes: Change[];
  /** Empty here; the command line's `diff` puts `empty_window` in it (docs/spec.md §6). */
  warnings: Warning[];
}

/** The codes and when each is given: docs/spec.md §7. */
export type ErrorCode =
  | 'unknown_time_zone'
  | 'invalid_rrule'
  | 'invalid_start'
  | 'invalid_date_time'
  | 'until_before_start'
  | 'count_and_until'
  | 'unsupported'
  | 'invalid_policy'
  | 'invalid_duration'
  | 'invalid_spec'
  | 'invalid_option'
  | 'limit_exceeded'
  | 'invalid_ical'
  /** `wallclock from-cron` and `lint` only. */
  | 'invalid_cron'
  | 'internal';

/** What every function throws: a real `Error` with a stable `code`. */
export interface WallclockError extends Error {
  code: ErrorCode;
  message: string;
  /** The spec field or option the error is about (`rrule`, `rdate[2]`, `limit`). */
  field: string | undefined;
  /** Byte position inside `field` (RRULE errors). */
  position: number | undefined;
}

/** Every nominal occurrence, resolved by the spec's policies. Throws {@link WallclockError}. */
export function expand(spec: Spec, options?: ExpandOptions | null): Expansion;
/** Epoch milliseconds of the executions (`scheduled`/`shifted` entries) of {@link expand}. */
export function expandInstants(spec: Spec, options?: ExpandOptions | null): Float64Array;
/** The entries of `[from, to)` a clock change affects, and the zone's transitions there. */
export function notices(spec: Spec, window: NoticeWindow): Expansion;
/**
 * Epoch milliseconds of the end of "the next 12 months" from `from` (an instant, or a local
 * date-time in the spec's zone): the same wall-clock time a year later in the spec's zone
 * (29 February → 28 February), the window `wallclock notices` shows by default.
 */
export function noticeEnd(spec: Spec, from: InstantOrLocal, options?: LangOption | null): number;
/**
 * What an edit changes: both specs expanded over `[from, to)` (bounds read in the old spec's
 * zone), every occurrence added, removed, moved or changed, each with the field that explains it.
 */
export function diff(oldSpec: Spec, newSpec: Spec, window: NoticeWindow): Diff;
/** Checks a spec; throws {@link WallclockError} on the first problem. */
export function validate(spec: Spec, options?: LangOption | null): Validation;
/**
 * A description in words (English unless `options.lang` says otherwise), including what happens
 * when the clocks change: in the years after `start`, or with `now`, as `wallclock describe --now`,
 * in the coming years of a rule that started before `now` and still runs.
 */
export function describe(spec: Spec, now?: InstantOrLocal | null, options?: LangOption | null): string;
/** {@link decideMisfires}' decisions, with the `not_due` warnings (empty when none). */
export type MisfireDecisions = MisfireDecision[] & { warnings: Warning[] };
/**
 * One decision per due occurrence (those at or before `now`; each later one gets a `not_due`
 * warning). Throws {@link WallclockError} for a key of another schedule, not of the shape
 * `id|YYYY-MM-DDTHH:MM:SS`, or listed twice, as `wallclock misfire --due` does.
 */
export function decideMisfires(spec: Spec, due: Due[], now: InstantOrLocal, options?: LangOption | null): MisfireDecisions;
/** What a scheduler that was down from `down` to `back` missed, and what it decides for the newest. */
export function simulateOutage(spec: Spec, options: OutageOptions): Outage;
/**
 * Epoch milliseconds of `text` in `timeZone`: an instant (`…Z`, `…-04:00`) or a local
 * date-time there (a time in a gap with the offset before the gap, a repeated time at its first occurrence).
 */
export function instantAt(timeZone: string, text: string, options?: LangOption | null): number;
/** Reads the recurrence lines of an iCalendar VEVENT. */
export function parseICal(text: string, options?: LangOption | null): Spec;
/** Prints a spec as `DTSTART;TZID=…`, `RRULE`, `RDATE`, `EXDATE` and `X-WALLCLOCK-…` lines. */
export function toICal(spec: Spec, options?: LangOption | null): string;
/** The {@link Lang} a tag names (`zh-Hant-HK` is `zh-TW`), as `lang` reads it; `null` for a language the package does not write. */
export function langOf(tag: string): Lang | null;
/** Version of the bundled IANA tz database. */
export function tzdbVersion(): string;
/** Every zone name in the bundled tz database, sorted. */
export function timeZones(): string[];
