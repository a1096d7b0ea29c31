//! Ties the layers together: expands the rule in nominal time, resolves each
//! nominal through the zone policies, then applies COUNT and UNTIL after
//! resolution, merges collisions, builds keys and notes (docs/spec.md §2–§3).

use std::fmt;
use std::sync::Arc;

use jiff::civil::DateTime;
use jiff::tz::Offset;
use jiff::{SignedDuration, Timestamp};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::error::{Error, ErrorCode};
use crate::expand::{Candidate, Expander, RequestedDate, civil_seconds};
use crate::format::{fmt_instant, fmt_nominal, push_key, push_nominal, push_offset};
use crate::lang::errors as e;
use crate::lang::{Arg, Conj, Text, notes};
pub use crate::note::Warning;
use crate::note::{Note, NoteCode};
use crate::policy::InvalidDatePolicy;
use crate::rule::{Rule, Until};
use crate::spec::Schedule;
use crate::zone::{self, Outcome, Resolver, Run, Runs, Transition};

/// Hard ceiling on the entries one call may produce.
pub const MAX_ENTRIES: usize = 100_000;

/// Hard ceiling on the expander's work units (periods visited plus
/// candidates considered) in one call; past it the call fails with
/// `limit_exceeded` instead of running on.
pub const MAX_STEPS: u64 = 5_000_000;

/// Most transitions listed in one result.
pub const MAX_TRANSITIONS: usize = 1_000;

/// Offsets never exceed ±26 hours, so a nominal time's instant lies within
/// this much of the nominal read as UTC (with room for shifted gaps).
const OFFSET_REACH: SignedDuration = SignedDuration::from_hours(52);

/// How much to expand: a number of executions, a window of instants, or both.
///
/// An unbounded rule (no COUNT, no UNTIL) needs `limit` or `to`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpandOptions {
    limit: Option<usize>,
    from: Option<Timestamp>,
    to: Option<Timestamp>,
}

impl ExpandOptions {
    /// No limit and no window.
    pub fn new() -> ExpandOptions {
        ExpandOptions::default()
    }
    /// Stop after this many executions (distinct instants).
    pub fn limit(self, limit: usize) -> ExpandOptions {
        ExpandOptions {
            limit: Some(limit),
            ..self
        }
    }
    /// List only occurrences at or after this instant (COUNT still counts from `start`).
    pub fn from(self, from: Timestamp) -> ExpandOptions {
        ExpandOptions {
            from: Some(from),
            ..self
        }
    }
    /// List only occurrences before this instant.
    pub fn to(self, to: Timestamp) -> ExpandOptions {
        ExpandOptions {
            to: Some(to),
            ..self
        }
    }
    /// The limit, if any.
    pub fn get_limit(&self) -> Option<usize> {
        self.limit
    }
    /// The window start, if any.
    pub fn get_from(&self) -> Option<Timestamp> {
        self.from
    }
    /// The window end, if any.
    pub fn get_to(&self) -> Option<Timestamp> {
        self.to
    }
}

/// What happened to one nominal occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Runs at its nominal time (possibly after a fold or invalid-date decision).
    Scheduled,
    /// Its local time did not exist; it runs at another wall time (gap `shift`/`snap`).
    Shifted,
    /// Its local time did not exist; it does not run (gap `skip`).
    Skipped,
    /// Resolves to the instant of an earlier nominal; runs once, as that one.
    Merged,
}

impl Status {
    /// The lowercase token.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Scheduled => "scheduled",
            Status::Shifted => "shifted",
            Status::Skipped => "skipped",
            Status::Merged => "merged",
        }
    }
    /// True for the statuses that are executions of their own.
    pub fn executes(self) -> bool {
        matches!(self, Status::Scheduled | Status::Shifted)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What every entry of one schedule shares: the id (for keys) and the zone
/// name (for `local`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct EntryContext {
    id: Box<str>,
    zone: Box<str>,
}

/// One nominal occurrence and what became of it (docs/spec.md §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    ctx: Arc<EntryContext>,
    nominal: DateTime,
    fold: u8,
    status: Status,
    instant: Option<Timestamp>,
    offset: Option<Offset>,
    notes: Vec<Note>,
    merged_into: Option<(DateTime, u8)>,
    gap_at: Option<Timestamp>,
}

impl Entry {
    /// The nominal local time (for an adjusted invalid date, the real date it moved to).
    pub fn nominal(&self) -> DateTime {
        self.nominal
    }
    /// 0, or 1 for the second of a repeated local time.
    pub fn fold(&self) -> u8 {
        self.fold
    }
    /// What happened.
    pub fn status(&self) -> Status {
        self.status
    }
    /// When it runs; `None` when skipped.
    pub fn instant(&self) -> Option<Timestamp> {
        self.instant
    }
    /// The UTC offset in force at `instant`.
    pub fn offset(&self) -> Option<Offset> {
        self.offset
    }
    /// The wall time it runs at, in the schedule's zone.
    pub fn local(&self) -> Option<DateTime> {
        Some(self.offset?.to_datetime(self.instant?))
    }
    /// `2026-03-08T03:30:00-04:00[America/New_York]`.
    pub fn local_string(&self) -> Option<String> {
        let local = self.local()?;
        let mut out = String::with_capacity(28 + self.ctx.zone.len());
        push_nominal(&mut out, local);
        push_offset(&mut out, self.offset?);
        out.push('[');
        out.push_str(&self.ctx.zone);
        out.push(']');
        Some(out)
    }
    /// The idempotency key `<id>|<nominal>` (with `|fold=1` for the second of fold `both`).
    pub fn key(&self) -> String {
        let mut out = String::with_capacity(self.ctx.id.len() + 27);
        self.push_key(&mut out);
        out
    }
    /// Appends [`Entry::key`] to `out`.
    pub(crate) fn push_key(&self, out: &mut String) {
        push_key(
            out,
            &self.ctx.id,
            self.nominal,
            self.fold,
            self.second_of_both(),
        );
    }
    /// True for the second run of fold `both`, whose key has `|fold=1`.
    pub(crate) fn second_of_both(&self) -> bool {
        self.fold == 1 && self.notes.iter().any(|n| n.code() == NoteCode::FoldBoth)
    }
    /// The notes.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
    /// For a merged entry, the nominal it merged into.
    pub fn merged_into(&self) -> Option<DateTime> {
        self.merged_into.map(|(n, _)| n)
    }
    /// For a skipped entry, the instant of the transition that skipped it
    /// (where it sits on the time line).
    pub fn transition(&self) -> Option<Timestamp> {
        self.gap_at
    }
    /// True when some note is about a clock change.
    pub fn is_dst_affected(&self) -> bool {
        self.notes.iter().any(Note::is_dst)
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("nominal", &fmt_nominal(self.nominal))?;
        m.serialize_entry("fold", &self.fold)?;
        m.serialize_entry("status", self.status.as_str())?;
        m.serialize_entry("instant", &self.instant.map(fmt_instant))?;
        m.serialize_entry("local", &self.local_string())?;
        m.serialize_entry("key", &self.key())?;
        m.serialize_entry("notes", &self.notes)?;
        if let Some((n, _)) = self.merged_into {
            m.serialize_entry("mergedInto", &fmt_nominal(n))?;
        }
        m.end()
    }
}

/// The result of an expansion (docs/spec.md §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    entries: Vec<Entry>,
    transitions: Vec<Transition>,
    warnings: Vec<Warning>,
}

impl Expansion {
    /// The bundled tz database version the instants were computed with.
    pub fn tzdb(&self) -> &'static str {
        zone::tzdb_version()
    }
    /// One entry per nominal occurrence, in nominal order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
    /// The zone's offset changes inside the expanded window.
    pub fn transitions(&self) -> &[Transition] {
        &self.transitions
    }
    /// Warnings about the spec.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
    /// The instants of the executions (entries that run on their own), in entry order.
    pub fn executions(&self) -> impl Iterator<Item = Timestamp> + '_ {
        self.entries
            .iter()
            .filter(|e| e.status.executes())
            .filter_map(|e| e.instant)
    }
    /// The result as JSON text, exactly as the CLI and the JS API print it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    /// Adds a warning about how the result was asked for (`empty_window`).
    #[cfg(feature = "native")]
    pub(crate) fn warn(&mut self, warning: Option<Warning>) {
        self.warnings.extend(warning);
    }
}

impl Serialize for Expansion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Expansion", 4)?;
        st.serialize_field("tzdb", self.tzdb())?;
        st.serialize_field("entries", &self.entries)?;
        st.serialize_field("transitions", &self.transitions)?;
        st.serialize_field("warnings", &self.warnings)?;
        st.end()
    }
}

/// Expands a schedule: every nominal occurrence in order, resolved by the
/// schedule's policies, with COUNT, UNTIL, merges, keys and notes applied.
///
/// Fails with `invalid_option` for an unbounded rule without `limit` or `to`,
/// and with `limit_exceeded` past [`MAX_ENTRIES`] or [`MAX_STEPS`].
pub fn expand(schedule: &Schedule, options: &ExpandOptions) -> Result<Expansion, Error> {
    let expected = match (options.limit, total_count(schedule)) {
        (Some(l), Some(c)) => l.min(c),
        (Some(n), None) => n,
        (None, Some(n)) => n,
        (None, None) => 64,
    };
    // More for skipped, merged and second-fold entries: a few per year of
    // a daily rule (one per clock change), so about 1/32 more keeps a long
    // expansion from reallocating (and copying) every entry near its end.
    let slack = expected / 32 + 8;
    let mut entries = Vec::with_capacity(expected.saturating_add(slack).min(MAX_ENTRIES));
    let warnings = collect(schedule, options, &mut entries, false)?;
    let transitions = window_transitions(schedule, options, &entries);
    Ok(Expansion {
        entries,
        transitions,
        warnings,
    })
}

/// The sum of the rules' COUNTs when every rule has one: the most
/// occurrences they can list (RDATEs aside).
fn total_count(schedule: &Schedule) -> Option<usize> {
    schedule
        .rules
        .iter()
        .try_fold(0usize, |sum, r| Some(sum.saturating_add(r.count? as usize)))
        .filter(|_| !schedule.rules.is_empty())
}

/// The entries `run` lists, appended to `entries` (only those a clock
/// change affects when `dst_only`); the warnings.
fn collect(
    schedule: &Schedule,
    options: &ExpandOptions,
    entries: &mut Vec<Entry>,
    dst_only: bool,
) -> Result<Vec<Warning>, Error> {
    run(schedule, options, &mut Sink::Entries { entries, dst_only })
}

/// `limit_exceeded` once an expansion already holds [`MAX_ENTRIES`]
/// entries and would take one more. Inlined into the planner's loop; the
/// error is built out of line.
#[inline]
fn entry_ceiling(held: usize) -> Result<(), Error> {
    if held >= MAX_ENTRIES {
        return Err(too_many_entries());
    }
    Ok(())
}

#[inline(never)]
fn too_many_entries() -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        Text::new(e::TOO_MANY_EXPANDED).with("max", MAX_ENTRIES),
    )
}

/// The instants of the executions, as `expand(..)?.executions()` lists
/// them (same COUNT, UNTIL, window, limit and ceilings), without keeping the
/// entries or listing the window's transitions: what a caller that only
/// needs instants asks for.
pub fn execution_instants(
    schedule: &Schedule,
    options: &ExpandOptions,
) -> Result<Vec<Timestamp>, Error> {
    let mut out = Vec::new();
    run(
        schedule,
        options,
        &mut Sink::Instants {
            out: &mut out,
            listed: 0,
        },
    )?;
    Ok(out)
}

/// "The next 12 months", the one window the CLI's `notices` (without
/// `--horizon`), the preview page and `wallclock-check` show DST notices
/// for: from `now` to the same wall-clock time twelve months later in the
/// schedule's zone (29 February becomes 28 February), read like a local
/// `to` bound (a time in a gap with the offset before it, a repeated time
/// at its first occurrence). It ends at the last representable instant
/// when the year after `now` goes past it.
///
/// ```
/// let schedule = wallclock::Schedule::from_json(
///     r#"{"timeZone": "America/New_York", "start": "2026-03-06T09:00"}"#,
/// )?;
/// let now = "2026-03-01T17:00:00Z".parse()?;
/// let (from, to) = wallclock::notice_window(&schedule, now);
/// assert_eq!((from.to_string(), to.to_string()), (
///     "2026-03-01T17:00:00Z".to_owned(),
///     "2027-03-01T17:00:00Z".to_owned(),
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn notice_window(schedule: &Schedule, now: Timestamp) -> (Timestamp, Timestamp) {
    let tz = &schedule.tz;
    let end = years_later(tz.to_datetime(now), 1)
        .and_then(|end| zone::compatible(tz, end))
        .unwrap_or(Timestamp::MAX);
    (now, end)
}

/// The spec's start as an instant (compatible disambiguation): where a
/// window begins when nothing else says, derived from the spec, not from
/// the clock.
pub(crate) fn start_instant(schedule: &Schedule) -> Result<Timestamp, Error> {
    zone::compatible(&schedule.tz, schedule.start()).ok_or_else(|| {
        Error::new(ErrorCode::InvalidStart, Text::new(e::START_NO_INSTANT)).with_field("start")
    })
}

/// Where `notices` and `describe` look by default, on the CLI and in JS:
/// the spec's start, or `now` once the schedule has started and still has
/// an occurrence at or after `now` (a schedule that has ended is shown over
/// its own years).
#[cfg(any(feature = "native", feature = "wasm", feature = "python"))]
pub(crate) fn default_from(schedule: &Schedule, now: Timestamp) -> Result<Timestamp, Error> {
    let start = start_instant(schedule)?;
    if start >= now {
        return Ok(start);
    }
    let next = expand(schedule, &ExpandOptions::new().from(now).limit(1));
    Ok(match next {
        Ok(next) if next.entries().is_empty() => start,
        // Too much to expand before `now` also means it is still running.
        _ => now,
    })
}

/// The same wall-clock time `years` later, as jiff's span arithmetic has
/// it (29 February becomes 28 February), without a `Span`: span arithmetic
/// reaches a jiff `unwrap` whose panic message keeps jiff's error
/// formatting in the wasm build. `None` past the supported years.
pub(crate) fn years_later(dt: DateTime, years: i16) -> Option<DateTime> {
    let year = dt.year().checked_add(years)?;
    let days = crate::expand::days_in_month(i32::from(year), dt.month() as u8) as i8;
    let date = jiff::civil::Date::new(year, dt.month(), dt.day().min(days)).ok()?;
    Some(date.to_datetime(dt.time()))
}

/// The entries of `[from, to)` that a clock change affects — skipped,
/// shifted, merged, or in a repeated hour — with the zone's transitions in
/// that window: what a UI shows before a schedule is saved.
pub fn notices(schedule: &Schedule, from: Timestamp, to: Timestamp) -> Result<Expansion, Error> {
    let transitions = zone::transitions(&schedule.tz, from, to, MAX_TRANSITIONS);
    let mut entries = Vec::new();
    // A rule without COUNT can skip to each clock change (`run` seeks), so
    // a secondly rule's year is a few days of periods, not 31 million. An
    // entry a clock change affects runs (or was due) within the change of
    // offset of it: a skipped time at the change, a shifted one and a time
    // it merged into just after, a repeated time on either side. Windows
    // of the change plus two hours each way hold them all; the earlier
    // entries a merge is found against are still expanded (`run` starts
    // two days before its window). Near the end of the representable
    // range, the last days too, for the `out_of_range` warning.
    let counted = schedule.rules.is_empty() || schedule.rules.iter().any(|r| r.count.is_some());
    let warnings = if counted || transitions.len() >= MAX_TRANSITIONS {
        notices_in(schedule, from, to, &mut entries)?
    } else {
        let hours = |h| SignedDuration::from_hours(h);
        // In time order, overlapping windows joined (no sort: it would add
        // a sort of its own to the wasm build).
        let mut merged: Vec<(Timestamp, Timestamp)> = Vec::new();
        let mut add = |mut lo: Timestamp, mut hi: Timestamp| {
            while let Some(&(l, h)) = merged.last()
                && h >= lo
            {
                (lo, hi) = (lo.min(l), hi.max(h));
                merged.pop();
            }
            merged.push((lo, hi));
        };
        for t in &transitions {
            let change = (t.offset_after.seconds() - t.offset_before.seconds()).abs();
            let reach = hours(2) + SignedDuration::from_secs(i64::from(change));
            add(
                t.instant.checked_sub(reach).unwrap_or(from).max(from),
                t.instant.checked_add(reach).unwrap_or(to).min(to),
            );
        }
        if to.checked_add(hours(72)).is_err() {
            add(to.checked_sub(hours(72)).unwrap_or(from).max(from), to);
        }
        // Every run reports the spec's warnings; the last one also
        // `out_of_range`, which only the window's end can meet.
        let mut warnings = self::warnings(schedule);
        for (lo, hi) in merged {
            warnings = notices_in(schedule, lo, hi, &mut entries)?;
        }
        warnings
    };
    Ok(Expansion {
        entries,
        transitions,
        warnings,
    })
}

/// The entries of `[from, to)` a clock change affects, appended; the
/// expansion's warnings.
fn notices_in(
    schedule: &Schedule,
    from: Timestamp,
    to: Timestamp,
    entries: &mut Vec<Entry>,
) -> Result<Vec<Warning>, Error> {
    let options = ExpandOptions::new().from(from).to(to);
    collect(schedule, &options, entries, true)
}

/// A ceiling's `limit_exceeded` (its message names the ceiling) with what
/// would help this schedule over this window: `to` and `limit` where they
/// end the walk, COUNT or UNTIL only for a rule without them, its BY parts
/// only when it has some. A counted rule walks every occurrence from its
/// start, so a window far after the start runs out of steps before it;
/// there only a later start or an UNTIL (which the expander skips to the
/// window with) helps.
#[inline(never)]
fn advised(schedule: &Schedule, options: &ExpandOptions, err: Error, steps: bool) -> Error {
    if err.code() != ErrorCode::LimitExceeded {
        return err;
    }
    let walked = schedule.rules.iter().any(|r| r.count.is_some())
        && options
            .from
            .is_some_and(|from| start_instant(schedule).is_ok_and(|start| from > start));
    let advice = match (steps && walked, schedule.is_unbounded()) {
        (true, _) => Text::new(e::ADVISE_COUNT).with("start", Arg::Nominal(schedule.start())),
        (false, true) => Text::new(e::ADVISE_END),
        (false, false) => Text::new(e::ADVISE_NARROW),
    };
    let by_parts = match steps && schedule.rules.iter().any(Rule::has_by_parts) {
        true => Arg::from(Text::new(e::ADVISE_BY)),
        false => Arg::Words(&e::NONE),
    };
    Error::new(
        ErrorCode::LimitExceeded,
        advice
            .with("error", err.text().clone())
            .with("by", by_parts),
    )
}

fn window_transitions(
    schedule: &Schedule,
    options: &ExpandOptions,
    entries: &[Entry],
) -> Vec<Transition> {
    let when = |e: &Entry| e.instant.or(e.gap_at);
    let lo = options
        .from
        .or_else(|| entries.iter().filter_map(when).min());
    let hi = options.to.or_else(|| entries.iter().filter_map(when).max());
    match (lo, hi) {
        (Some(lo), Some(hi)) if lo <= hi => {
            zone::transitions(&schedule.tz, lo, hi, MAX_TRANSITIONS)
        }
        _ => Vec::new(),
    }
}

/// What `run` does with each listed occurrence, chosen once per call. Not
/// a closure: each closure type would be another copy of the expansion
/// loop in the wasm build.
enum Sink<'a> {
    /// `expand` and `notices`: every entry, or only those a clock change
    /// affects when `dst_only`.
    Entries {
        entries: &'a mut Vec<Entry>,
        dst_only: bool,
    },
    /// `execution_instants`: the instants of the executions; `listed`
    /// counts the entries an expansion would hold, for its ceiling.
    Instants {
        out: &'a mut Vec<Timestamp>,
        listed: usize,
    },
}

impl Sink<'_> {
    /// Takes one listed occurrence; only `Entries` builds its [`Entry`].
    /// Inlined, so that an instant goes to `out` without the draft being
    /// written out.
    #[inline(always)]
    fn take(&mut self, ctx: &Arc<EntryContext>, draft: Draft<'_>) -> Result<(), Error> {
        match self {
            Sink::Instants { out, listed } => {
                entry_ceiling(*listed)?;
                *listed += 1;
                if let (true, Some(instant)) = (draft.status.executes(), draft.instant) {
                    out.push(instant);
                }
                Ok(())
            }
            Sink::Entries { entries, dst_only } => keep_entry(entries, *dst_only, draft.entry(ctx)),
        }
    }
}

/// [`Sink::Entries`]: `entry` appended to `entries`, unless only entries
/// a clock change affects are kept and it is not one.
#[inline(never)]
fn keep_entry(entries: &mut Vec<Entry>, dst_only: bool, entry: Entry) -> Result<(), Error> {
    if !dst_only {
        entry_ceiling(entries.len())?;
    } else if !entry.is_dst_affected() {
        return Ok(());
    } else if entries.len() >= MAX_ENTRIES {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            Text::new(e::TOO_MANY_NOTICES).with("max", MAX_ENTRIES),
        ));
    }
    entries.push(entry);
    Ok(())
}

/// An [`Entry`] before it is built: its notes borrowed from the planner,
/// so that a sink that keeps only instants clones and allocates nothing.
struct Draft<'n> {
    nominal: DateTime,
    fold: u8,
    status: Status,
    instant: Option<Timestamp>,
    offset: Option<Offset>,
    /// The invalid-date note and the policy's note, in that order.
    notes: [Option<&'n Note>; 2],
    /// The `merged` note, after the others.
    merged: Option<Note>,
    merged_into: Option<(DateTime, u8)>,
    gap_at: Option<Timestamp>,
}

impl Draft<'_> {
    #[inline(never)]
    fn entry(self, ctx: &Arc<EntryContext>) -> Entry {
        // Most entries have no note: no clone, no allocation.
        let mut notes = Vec::new();
        for n in self.notes.into_iter().flatten() {
            notes.push(n.clone());
        }
        notes.extend(self.merged);
        Entry {
            ctx: ctx.clone(),
            nominal: self.nominal,
            fold: self.fold,
            status: self.status,
            instant: self.instant,
            offset: self.offset,
            notes,
            merged_into: self.merged_into,
            gap_at: self.gap_at,
        }
    }
}

/// The engine: feeds every listed occurrence to `sink`, returns the warnings.
fn run(
    schedule: &Schedule,
    options: &ExpandOptions,
    sink: &mut Sink<'_>,
) -> Result<Vec<Warning>, Error> {
    check_options(schedule, options)?;
    let mut resolver = Resolver::new(&schedule.tz);
    let mut warnings = start_warnings(schedule, &mut resolver);
    let mut nominals = Nominals::new(schedule, options);
    if !schedule.rules.is_empty() {
        warnings.extend(unsynchronized(schedule, nominals.first_rule()));
    }
    warnings.extend(date_list_warnings(schedule));
    let mut planner = Planner::new(schedule, options);
    while let Some(next) = nominals.next() {
        let flow = planner.step(next, &mut nominals, &mut resolver, sink);
        match flow.map_err(|e| advised(schedule, options, e, false))? {
            Flow::Next => {}
            Flow::PastWindow => break,
            Flow::OutOfRange(nominal) => {
                warnings.push(out_of_range(schedule, nominal));
                break;
            }
            Flow::LimitReached => break,
        }
    }
    finish(nominals.over_budget(), warnings).map_err(|e| advised(schedule, options, e, true))
}

/// The option errors `run` reports before expanding anything.
fn check_options(schedule: &Schedule, options: &ExpandOptions) -> Result<(), Error> {
    if options.limit == Some(0) {
        return Err(
            Error::new(ErrorCode::InvalidOption, Text::new(e::LIMIT_ZERO)).with_field("limit"),
        );
    }
    if let (Some(from), Some(to)) = (options.from, options.to)
        && to < from
    {
        return Err(window_order_error(from, to, "from", "to"));
    }
    if schedule.is_unbounded() && options.limit.is_none() && options.to.is_none() {
        return Err(unbounded_error("to"));
    }
    Ok(())
}

/// A window that ends before it starts; `from` and `to` are the bounds'
/// names on the surface that read them.
#[cold]
pub(crate) fn window_order_error(
    from: Timestamp,
    to: Timestamp,
    from_name: &str,
    to_name: &str,
) -> Error {
    Error::new(
        ErrorCode::InvalidOption,
        Text::new(e::WINDOW_ORDER)
            .with("to_name", to_name)
            .with("to", Arg::Instant(to))
            .with("from_name", from_name)
            .with("from", Arg::Instant(from)),
    )
    .with_field(to_name)
}

/// An unbounded rule expanded without a limit or an end; `to` is the end's
/// name on the surface.
#[cold]
pub(crate) fn unbounded_error(to: &str) -> Error {
    let article: &'static e::Words = if to.starts_with('u') { &e::AN } else { &e::A };
    Error::new(
        ErrorCode::InvalidOption,
        Text::new(e::UNBOUNDED)
            .with("a", Arg::Words(article))
            .with("to", to),
    )
    .with_field("limit")
}

/// The next nominal of the schedule, from the rules or from RDATE, in
/// nominal order.
struct Next {
    cand: Candidate,
    /// The rules that generate it, which count it and bound it (bit `i`
    /// for rule `i`; bit 0 for `start` without a rule); 0 for an RDATE
    /// alone.
    rules: u64,
    /// An RDATE equal to the rule's nominal is the same occurrence: it comes
    /// with it, and stays listed (uncounted) where the rule's COUNT or UTC
    /// UNTIL would drop it.
    also_rdate: bool,
}

/// The rules a mask names, by index.
struct RuleIndices(u64);

impl Iterator for RuleIndices {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

fn rule_indices(rules: u64) -> RuleIndices {
    RuleIndices(rules)
}

/// One rule's nominals (or `start` alone, for a spec without a rule).
struct Stream {
    /// `None` for `start` alone.
    expander: Option<Expander>,
    /// Without a rule, `start` is the one occurrence the "rule" generates.
    start_only: Option<DateTime>,
    /// Where the expander skips to after its first candidate (see
    /// `Nominals::new`).
    seek_to: Option<i64>,
    pulled: bool,
    peek: Option<Candidate>,
    /// The rule has ended (COUNT spent, past UNTIL).
    done: bool,
}

impl Stream {
    fn new(
        schedule: &Schedule,
        rule: Option<&crate::rule::Rule>,
        options: &ExpandOptions,
    ) -> Stream {
        // A window that starts long after `start` (a ledger planning a 2020
        // schedule in 2026) skips the rule's periods before it, once the
        // first candidate (which the warnings need) is out. Any local time
        // of an instant at or after `from` is no earlier than `from` read as
        // UTC minus the largest offset; OFFSET_REACH twice leaves room for
        // that and for merges. COUNT counts from `start`: a counted rule
        // walks every period.
        let seek_to = match (rule.and_then(|r| r.count), options.from) {
            (None, Some(from)) => Some(from.as_second() - 2 * OFFSET_REACH.as_secs()),
            _ => None,
        };
        Stream {
            expander: rule.map(|rule| {
                Expander::new(rule, schedule.start, schedule.spec.invalid_date, MAX_STEPS)
            }),
            start_only: rule.is_none().then_some(schedule.start),
            seek_to,
            pulled: false,
            peek: None,
            done: false,
        }
    }

    #[inline]
    fn pull(&mut self) -> Option<Candidate> {
        match &mut self.expander {
            Some(x) => {
                if self.pulled
                    && let Some(secs) = self.seek_to.take()
                {
                    x.seek(secs);
                }
                self.pulled = true;
                x.next()
            }
            None => self.start_only.take().map(plain),
        }
    }

    fn steps(&self) -> u64 {
        self.expander.as_ref().map_or(0, Expander::steps)
    }
}

/// The rules' nominals (or `start` alone without a rule) merged with the
/// RDATEs, in nominal order. A nominal several rules generate comes once.
struct Nominals<'s> {
    /// The first rule's (or `start` alone's).
    first: Stream,
    /// The other rules', when the spec has several.
    more: Vec<Stream>,
    /// The earliest nominal of the rules that have not ended; with one
    /// rule, its next one (`first.peek` is not used then).
    peek: Option<Candidate>,
    /// The rules that generate `peek` (bit `i` for rule `i`).
    peek_rules: u64,
    first_rule: Option<DateTime>,
    rdate: &'s [DateTime],
    rdate_i: usize,
}

impl<'s> Nominals<'s> {
    fn new(schedule: &'s Schedule, options: &ExpandOptions) -> Nominals<'s> {
        let rules = &schedule.rules;
        let mut more = Vec::with_capacity(rules.len().saturating_sub(1));
        for rule in rules.iter().skip(1) {
            more.push(Stream::new(schedule, Some(rule), options));
        }
        let mut nominals = Nominals {
            first: Stream::new(schedule, rules.first(), options),
            more,
            peek: None,
            peek_rules: 1,
            first_rule: None,
            rdate: &schedule.rdate,
            rdate_i: 0,
        };
        nominals.advance(u64::MAX);
        nominals.first_rule = nominals.peek.map(|c| c.nominal);
        nominals
    }

    /// The rules' first nominal, which `start_unsynchronized` compares.
    fn first_rule(&self) -> Option<DateTime> {
        self.first_rule
    }

    /// Rule `i`'s stream.
    fn stream(&mut self, i: usize) -> Option<&mut Stream> {
        match i {
            0 => Some(&mut self.first),
            _ => self.more.get_mut(i - 1),
        }
    }

    /// True when a rule's expansion ended because the steps ran out.
    fn over_budget(&self) -> bool {
        let over = |s: &Stream| s.expander.as_ref().is_some_and(Expander::over_budget);
        over(&self.first) || self.more.iter().any(over)
    }

    /// No more nominals from rule `i`; the other rules and RDATEs continue.
    fn end_rule(&mut self, i: usize) {
        if self.more.is_empty() {
            self.peek = None;
        } else if let Some(stream) = self.stream(i) {
            stream.done = true;
            self.merge();
        }
    }

    /// Moves the rules `rules` past their current nominal.
    #[inline]
    fn advance(&mut self, rules: u64) {
        if self.more.is_empty() {
            self.peek = self.first.pull();
        } else {
            self.advance_several(rules);
        }
    }

    /// [`Nominals::advance`] of several rules, which share the call's
    /// [`MAX_STEPS`]: each pull may spend what the others have left.
    #[inline(never)]
    fn advance_several(&mut self, rules: u64) {
        let mut spent = self.first.steps();
        for stream in &self.more {
            spent += stream.steps();
        }
        for i in rule_indices(rules) {
            let Some(stream) = self.stream(i) else {
                break;
            };
            let own = stream.steps();
            let others = spent - own;
            if let Some(x) = &mut stream.expander {
                x.set_budget(MAX_STEPS.saturating_sub(others));
            }
            stream.peek = stream.pull();
            spent = others + stream.steps();
        }
        self.merge();
    }

    /// Sets `peek` to the earliest nominal of the rules that have not
    /// ended, and `peek_rules` to the rules that generate it: at a nominal
    /// several generate, a rule's own date rather than one an
    /// invalid-date policy moved there (its note would say the date was
    /// moved).
    fn merge(&mut self) {
        let mut best: Option<Candidate> = None;
        let mut rules = 0u64;
        for i in 0..=self.more.len() {
            let stream = if i == 0 {
                &self.first
            } else {
                &self.more[i - 1]
            };
            let Some(c) = stream.peek.filter(|_| !stream.done) else {
                continue;
            };
            match best {
                Some(b) if b.secs < c.secs => {}
                Some(b) if b.secs == c.secs => {
                    rules |= 1 << i;
                    if b.adjusted_from.is_some() && c.adjusted_from.is_none() {
                        best = Some(c);
                    }
                }
                _ => {
                    best = Some(c);
                    rules = 1 << i;
                }
            }
        }
        self.peek = best;
        self.peek_rules = rules;
    }

    #[inline]
    fn next(&mut self) -> Option<Next> {
        let rule_c = self.peek;
        let rdate_c = self.rdate.get(self.rdate_i).copied();
        let rdate = |cand| Next {
            cand,
            rules: 0,
            also_rdate: false,
        };
        match (rule_c, rdate_c) {
            (None, None) => None,
            (Some(r), Some(d)) if d < r.nominal => {
                self.rdate_i += 1;
                Some(rdate(plain(d)))
            }
            (Some(r), d) => {
                let also_rdate = d == Some(r.nominal);
                if also_rdate {
                    self.rdate_i += 1;
                }
                let rules = self.peek_rules;
                self.advance(rules);
                Some(Next {
                    cand: r,
                    rules,
                    also_rdate,
                })
            }
            (None, Some(d)) => {
                self.rdate_i += 1;
                Some(rdate(plain(d)))
            }
        }
    }
}

/// A nominal that no invalid-date policy moved.
fn plain(nominal: DateTime) -> Candidate {
    Candidate {
        nominal,
        secs: civil_seconds(nominal),
        adjusted_from: None,
    }
}

/// What `run` does after one nominal.
enum Flow {
    Next,
    /// No later nominal can resolve inside the window.
    PastWindow,
    /// This nominal has no instant; nothing later can run.
    OutOfRange(DateTime),
    /// `limit` executions listed.
    LimitReached,
}

/// A nominal occurrence that resolved to an instant, kept briefly to detect
/// later nominals that resolve to the same instant.
struct Recent {
    secs: i64,
    instant: Timestamp,
    nominal: DateTime,
    fold: u8,
}

/// The runs of the last [`OFFSET_REACH`], to find a later nominal that
/// resolves to an instant an earlier one already has.
struct Merges {
    /// `recent[front..]` is what a VecDeque popped from the front would
    /// hold; the popped prefix is dropped in batches.
    recent: Vec<Recent>,
    front: usize,
    max_instant: Timestamp,
}

impl Merges {
    fn new() -> Merges {
        Merges {
            recent: Vec::new(),
            front: 0,
            max_instant: Timestamp::MIN,
        }
    }

    /// The earlier run `instant` merges into, if any; remembers this run
    /// otherwise.
    #[inline]
    fn observe(
        &mut self,
        instant: Timestamp,
        nominal: DateTime,
        fold: u8,
    ) -> Option<(DateTime, u8)> {
        // A later nominal can only share an instant with an earlier one
        // when instants went backwards (gaps).
        let merged_into = if instant <= self.max_instant {
            self.recent[self.front..]
                .iter()
                .find(|r| r.instant == instant)
                .map(|r| (r.nominal, r.fold))
        } else {
            None
        };
        self.max_instant = self.max_instant.max(instant);
        // Instants go back by at most a gap's width, so older runs can no
        // longer be merged into.
        let horizon = self
            .max_instant
            .as_second()
            .saturating_sub(OFFSET_REACH.as_secs());
        while self
            .recent
            .get(self.front)
            .is_some_and(|r| r.secs < horizon)
        {
            self.front += 1;
        }
        if self.front >= 256 && self.front * 2 >= self.recent.len() {
            self.recent.drain(..self.front);
            self.front = 0;
        }
        if merged_into.is_none() {
            self.recent.push(Recent {
                secs: instant.as_second(),
                instant,
                nominal,
                fold,
            });
        }
        merged_into
    }
}

/// One rule's COUNT and UTC UNTIL, which the planner applies after
/// resolution (a local or date UNTIL is the expander's).
struct Bound {
    count: Option<u32>,
    until_utc: Option<Timestamp>,
    /// The rule's occurrences that resolved to an instant so far.
    counted: u64,
}

impl Bound {
    fn new(rule: Option<&crate::rule::Rule>) -> Bound {
        Bound {
            count: rule.and_then(|r| r.count),
            until_utc: match rule.and_then(|r| r.until) {
                Some(Until::Utc(ts)) => Some(ts),
                _ => None,
            },
            counted: 0,
        }
    }

    fn spent(&self) -> bool {
        self.count.is_some_and(|c| self.counted >= u64::from(c))
    }

    /// Why this rule runs a fold `both` nominal once, its first run at
    /// `first` and its second at `second`: "UNTIL" when the second is past
    /// its UTC UNTIL, "COUNT" when the first spends its COUNT.
    fn ends_fold(&self, second: Timestamp) -> Option<&'static str> {
        if self.until_utc.is_some_and(|u| u < second) {
            Some("UNTIL")
        } else if self.count.is_some_and(|c| self.counted + 1 >= u64::from(c)) {
            Some("COUNT")
        } else {
            None
        }
    }
}

/// COUNT, UNTIL, the window, the limit and merges, applied to one nominal
/// at a time.
struct Planner<'s> {
    schedule: &'s Schedule,
    options: &'s ExpandOptions,
    ctx: Arc<EntryContext>,
    /// The first rule's (or `start` alone's).
    first: Bound,
    /// The other rules', when the spec has several.
    more: Vec<Bound>,
    /// Some rule has a UTC UNTIL.
    until_utc: bool,
    /// Past this, read as UTC, no nominal can resolve before `to`.
    to_reach: Option<Timestamp>,
    executions: usize,
    merges: Merges,
}

impl<'s> Planner<'s> {
    fn new(schedule: &'s Schedule, options: &'s ExpandOptions) -> Planner<'s> {
        let first = Bound::new(schedule.rules.first());
        let mut more = Vec::with_capacity(schedule.rules.len().saturating_sub(1));
        for rule in schedule.rules.iter().skip(1) {
            more.push(Bound::new(Some(rule)));
        }
        Planner {
            schedule,
            options,
            ctx: Arc::new(EntryContext {
                id: schedule.id.as_ref().into(),
                zone: schedule.zone_name.as_ref().into(),
            }),
            until_utc: first.until_utc.is_some() || more.iter().any(|b| b.until_utc.is_some()),
            first,
            more,
            to_reach: options.to.and_then(|t| t.checked_add(OFFSET_REACH).ok()),
            executions: 0,
            merges: Merges::new(),
        }
    }

    /// Rule `i`'s COUNT and UNTIL.
    fn bound(&self, i: usize) -> Option<&Bound> {
        match i {
            0 => Some(&self.first),
            _ => self.more.get(i - 1),
        }
    }

    /// Ends the rules of `next` whose COUNT is spent.
    #[inline]
    fn end_spent(&self, next: &Next, nominals: &mut Nominals<'_>) {
        match next.rules {
            // An RDATE alone.
            0 => {}
            // The first rule alone: every nominal of a one-rule spec.
            1 => {
                if self.first.spent() {
                    nominals.end_rule(0);
                }
            }
            _ => self.end_spent_several(next, nominals),
        }
    }

    #[inline(never)]
    fn end_spent_several(&self, next: &Next, nominals: &mut Nominals<'_>) {
        for i in rule_indices(next.rules) {
            if self.bound(i).is_some_and(Bound::spent) {
                nominals.end_rule(i);
            }
        }
    }

    /// Ends the rules of `next` that no nominal as late as `as_utc` can
    /// resolve before the UTC UNTIL of; `next` keeps the others.
    fn end_past_until(&self, next: &mut Next, as_utc: Timestamp, nominals: &mut Nominals<'_>) {
        let Ok(earliest) = as_utc.checked_sub(OFFSET_REACH) else {
            return;
        };
        for i in rule_indices(next.rules) {
            if self
                .bound(i)
                .and_then(|b| b.until_utc)
                .is_some_and(|until| earliest > until)
            {
                nominals.end_rule(i);
                next.rules &= !(1 << i);
            }
        }
    }

    /// Why fold `both` runs the nominal of `next` once (see
    /// [`Bound::ends_fold`]): only when no rule of it lets both runs
    /// through; the reason of the first rule that stops it.
    fn ends_fold(&self, next: &Next, second: Timestamp) -> Option<&'static str> {
        let mut ends = None;
        for i in rule_indices(next.rules) {
            let why = self.bound(i)?.ends_fold(second)?;
            ends = ends.or(Some(why));
        }
        ends
    }

    /// Resolves one nominal and lists its entries.
    #[inline]
    fn step(
        &mut self,
        mut next: Next,
        nominals: &mut Nominals<'_>,
        resolver: &mut Resolver<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<Flow, Error> {
        let schedule = self.schedule;
        let nominal = next.cand.nominal;
        let as_utc = if self.to_reach.is_some() || self.until_utc {
            Offset::UTC.to_timestamp(nominal).ok()
        } else {
            None
        };
        if let (Some(reach), Some(t)) = (self.to_reach, as_utc)
            && t > reach
        {
            return Ok(Flow::PastWindow);
        }
        if next.rules != 0
            && self.until_utc
            && let Some(t) = as_utc
        {
            self.end_past_until(&mut next, t, nominals);
            if next.rules == 0 && !next.also_rdate {
                return Ok(Flow::Next);
            }
        }
        let resolution = resolver.resolve_at(nominal, next.cand.secs);
        let outcome = zone::apply(
            &schedule.tz,
            &schedule.zone_name,
            nominal,
            resolution,
            schedule.spec.gap,
            schedule.spec.fold,
        );
        match outcome {
            // Nominal order is time order this close to the end of the
            // range (no clock changes there), so nothing later can run.
            Outcome::OutOfRange => Ok(Flow::OutOfRange(nominal)),
            Outcome::Skipped { transition, note } => {
                self.skipped(&next, transition, note, sink)?;
                Ok(Flow::Next)
            }
            Outcome::Runs {
                runs,
                shifted,
                mut note,
            } => {
                // Fold `both` whose second run the rule ends before (COUNT
                // spent by the first, or past a UTC UNTIL) runs once: its
                // note must not promise two runs.
                if next.rules != 0
                    && !next.also_rdate
                    && let Some(second) = runs.second
                    && let Some(ends) = self.ends_fold(&next, second.instant)
                {
                    fold_once(schedule, nominal, resolution, ends, &mut note);
                }
                let flow = self.runs(&next, runs, shifted, note, nominals, sink)?;
                self.end_spent(&next, nominals);
                Ok(flow)
            }
        }
    }

    /// True when EXDATE removes the nominal.
    fn excluded(&self, nominal: DateTime) -> bool {
        !self.schedule.exdate.is_empty() && self.schedule.exdate.binary_search(&nominal).is_ok()
    }

    /// The note of a nominal an invalid-date policy moved.
    #[inline(always)]
    fn adjusted_note(&self, cand: &Candidate) -> Option<Note> {
        cand.adjusted_from
            .map(|req| invalid_date_note(req, cand.nominal, self.schedule.spec.invalid_date))
    }

    /// Lists a nominal that gap `skip` leaves out, where it is in the window.
    fn skipped(
        &mut self,
        next: &Next,
        transition: Timestamp,
        note: Note,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        if next.rules != 0
            && !next.also_rdate
            && rule_indices(next.rules).all(|i| {
                self.bound(i)
                    .and_then(|b| b.until_utc)
                    .is_some_and(|u| transition > u)
            })
        {
            return Ok(());
        }
        if self.excluded(next.cand.nominal) || !in_window(self.options, transition) {
            return Ok(());
        }
        let adjusted_note = self.adjusted_note(&next.cand);
        sink.take(
            &self.ctx,
            Draft {
                nominal: next.cand.nominal,
                fold: 0,
                status: Status::Skipped,
                instant: None,
                offset: None,
                notes: [adjusted_note.as_ref(), Some(&note)],
                merged: None,
                merged_into: None,
                gap_at: Some(transition),
            },
        )
    }

    /// Whether the COUNT and UTC UNTIL of some rule of `next` let `run`
    /// through, counting it in each rule that does (RFC 5545: each RRULE
    /// counts its own occurrences). An RDATE is never counted.
    #[inline]
    fn admits(&mut self, next: &Next, run: &Run, nominals: &mut Nominals<'_>) -> bool {
        match next.rules {
            // An RDATE alone.
            0 => true,
            // The first rule alone: every nominal of a one-rule spec.
            1 => {
                let bound = &mut self.first;
                if bound.spent() {
                    nominals.end_rule(0);
                } else if bound.until_utc.is_none_or(|u| run.instant <= u) {
                    bound.counted += 1;
                    return true;
                }
                // Not the rule's; an equal RDATE's still.
                next.also_rdate
            }
            _ => self.admits_several(next, run, nominals),
        }
    }

    /// [`Planner::admits`] for a nominal several rules generate.
    #[inline(never)]
    fn admits_several(&mut self, next: &Next, run: &Run, nominals: &mut Nominals<'_>) -> bool {
        let mut admitted = false;
        for i in rule_indices(next.rules) {
            let bound = match i {
                0 => Some(&mut self.first),
                _ => self.more.get_mut(i - 1),
            };
            let Some(bound) = bound else {
                break;
            };
            if bound.spent() {
                nominals.end_rule(i);
            } else if bound.until_utc.is_none_or(|u| run.instant <= u) {
                bound.counted += 1;
                admitted = true;
            }
        }
        // Not a rule's; an equal RDATE's still.
        admitted || next.also_rdate
    }

    /// Lists the one or two runs of a nominal.
    #[inline]
    fn runs(
        &mut self,
        next: &Next,
        runs: Runs,
        shifted: bool,
        note: Option<Note>,
        nominals: &mut Nominals<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<Flow, Error> {
        let cand = &next.cand;
        let excluded = self.excluded(cand.nominal);
        let adjusted_note = self.adjusted_note(cand);
        for run in runs {
            if !self.admits(next, &run, nominals) || excluded {
                continue;
            }
            let merged_into = self.merges.observe(run.instant, cand.nominal, run.fold);
            if !in_window(self.options, run.instant) {
                continue;
            }
            let (status, merged) = match merged_into {
                Some((into, into_fold)) => (
                    Status::Merged,
                    Some(merged_note(
                        self.schedule,
                        cand,
                        run.instant,
                        into,
                        into_fold,
                    )),
                ),
                None if shifted => (Status::Shifted, None),
                None => (Status::Scheduled, None),
            };
            sink.take(
                &self.ctx,
                Draft {
                    nominal: cand.nominal,
                    fold: run.fold,
                    status,
                    instant: Some(run.instant),
                    offset: Some(run.offset),
                    notes: [adjusted_note.as_ref(), note.as_ref()],
                    merged,
                    merged_into,
                    gap_at: None,
                },
            )?;
            if status.executes() {
                self.executions += 1;
                if self.options.limit.is_some_and(|l| self.executions >= l) {
                    return Ok(Flow::LimitReached);
                }
            }
        }
        Ok(Flow::Next)
    }
}

/// The note of fold `both` when the rules end before its second run
/// (`ends`: `UNTIL` or `COUNT`, [`Planner::ends_fold`]). Out of the
/// planner's loop, which runs for every nominal.
#[inline(never)]
fn fold_once(
    schedule: &Schedule,
    nominal: DateTime,
    resolution: zone::Resolution,
    ends: &'static str,
    note: &mut Option<Note>,
) {
    if let Outcome::Runs { note: once, .. } = zone::apply_dst(
        &schedule.tz,
        &schedule.zone_name,
        nominal,
        resolution,
        schedule.spec.gap,
        schedule.spec.fold,
        Some(ends),
    ) {
        *note = once;
    }
}

/// The `merged` note of a nominal whose instant `into` already has. The
/// same nominal twice is an invalid date moved onto a date the rule
/// generates (the rule's own date comes first), not a clock change.
#[inline(never)]
fn merged_note(
    schedule: &Schedule,
    cand: &Candidate,
    instant: Timestamp,
    into: DateTime,
    into_fold: u8,
) -> Note {
    let nominal = cand.nominal;
    let text = match cand.adjusted_from {
        Some(req) if into == nominal => Text::new(notes::MERGED_DATE)
            .with("requested", Arg::Date(req.year, req.month, req.day))
            .with("policy", schedule.spec.invalid_date.as_str())
            .with("nominal", Arg::Nominal(nominal)),
        _ => Text::new(notes::MERGED_INSTANT)
            .with("nominal", Arg::Nominal(nominal))
            .with("instant", Arg::Instant(instant))
            .with("into", Arg::Nominal(into))
            .with(
                "second",
                if into_fold == 1 {
                    Arg::from(Text::new(notes::MERGED_SECOND))
                } else {
                    Arg::from("")
                },
            ),
    };
    Note::merged(text, into != nominal)
}

/// `out_of_range`: the expansion stops at a nominal that has no instant,
/// instead of listing it at a clamped one.
fn out_of_range(schedule: &Schedule, nominal: DateTime) -> Warning {
    Warning::new(
        "out_of_range",
        Text::new(notes::OUT_OF_RANGE)
            .with("nominal", Arg::Nominal(nominal))
            .with("zone", &*schedule.zone_name),
    )
}

fn finish(over_budget: bool, warnings: Vec<Warning>) -> Result<Vec<Warning>, Error> {
    if over_budget {
        // BY parts that rarely or never meet burn the steps
        // (`FREQ=HOURLY;INTERVAL=3;BYHOUR=0` from 01:00), and so does a
        // counted rule walked from its start to a far window; `advised`
        // says which.
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            Text::new(e::TOO_MANY_STEPS).with("max", MAX_STEPS as usize),
        ));
    }
    Ok(warnings)
}

#[inline(always)]
fn in_window(options: &ExpandOptions, at: Timestamp) -> bool {
    options.from.is_none_or(|f| at >= f) && options.to.is_none_or(|t| at < t)
}

/// Warnings about the spec as a whole — `start` in a gap or fold, `start`
/// not generated by the rule — without expanding it (what `validate`
/// reports). Every expansion reports the same ones.
pub fn warnings(schedule: &Schedule) -> Vec<Warning> {
    let mut out = start_warnings(schedule, &mut Resolver::new(&schedule.tz));
    if !schedule.rules.is_empty() {
        let first = Nominals::new(schedule, &ExpandOptions::new()).first_rule();
        out.extend(unsynchronized(schedule, first));
    }
    out.extend(date_list_warnings(schedule));
    out
}

/// `exdate_unmatched` for an EXDATE that is no occurrence (it removes
/// nothing: a mistyped time, a date past COUNT or UNTIL) and
/// `rdate_duplicate` for an RDATE the rule (or `start`) already gives (it
/// adds nothing). Decided from an expansion of the rule alone up to the
/// last listed date, within the planner's ceilings; past them nothing is
/// said rather than a guess.
fn date_list_warnings(schedule: &Schedule) -> Vec<Warning> {
    let (exdate, rdate) = (&schedule.exdate, &schedule.rdate);
    let Some(last) = exdate.last().max(rdate.last()).copied() else {
        return Vec::new();
    };
    let mut rule_only = schedule.clone();
    rule_only.exdate = Vec::new();
    rule_only.rdate = Vec::new();
    // A day past the last listed time, in instants: civil arithmetic would
    // bring jiff's span error formatting into the wasm build.
    let to = zone::compatible(&schedule.tz, last)
        .and_then(|t| t.checked_add(SignedDuration::from_hours(24)).ok())
        .unwrap_or(Timestamp::MAX);
    let Ok(rule) = expand(&rule_only, &ExpandOptions::new().to(to)) else {
        return Vec::new();
    };
    let mut generated: Vec<DateTime> = rule.entries().iter().map(|e| e.nominal).collect();
    generated.dedup();
    let mut out = Vec::new();
    for d in exdate {
        if generated.binary_search(d).is_err() && rdate.binary_search(d).is_err() {
            // Hours and minutes: the seconds of the times listed are
            // left out, as people compare a mistyped time.
            let same_day: Vec<String> = generated
                .iter()
                .filter(|g| g.date() == d.date())
                .map(|g| fmt_nominal(*g)[11..16].to_owned())
                .collect();
            let hint = if same_day.is_empty() {
                Text::new(notes::EXDATE_NO_OCCURRENCE)
            } else {
                Text::new(notes::EXDATE_SAME_DAY).with("times", Arg::list(same_day, Conj::Comma))
            };
            out.push(Warning::new(
                "exdate_unmatched",
                Text::new(notes::EXDATE_UNMATCHED)
                    .with("nominal", Arg::Nominal(*d))
                    .with("hint", hint.with("day", d.date())),
            ));
        }
    }
    for d in rdate {
        if generated.binary_search(d).is_ok() && exdate.binary_search(d).is_err() {
            out.push(Warning::new(
                "rdate_duplicate",
                Text::new(notes::RDATE_DUPLICATE).with("nominal", Arg::Nominal(*d)),
            ));
        }
    }
    out
}

/// `start_unsynchronized` when the rule's first nominal is not `start`.
fn unsynchronized(schedule: &Schedule, first: Option<DateTime>) -> Option<Warning> {
    if first == Some(schedule.start) {
        return None;
    }
    let several = schedule.rules.len() > 1;
    let text = match (first, several) {
        (Some(first), false) => {
            Text::new(notes::START_UNSYNCHRONIZED).with("first", Arg::Nominal(first))
        }
        (Some(first), true) => {
            Text::new(notes::START_UNSYNCHRONIZED_RULES).with("first", Arg::Nominal(first))
        }
        (None, false) => Text::new(notes::START_UNSYNCHRONIZED_NEVER),
        (None, true) => Text::new(notes::START_UNSYNCHRONIZED_NEVER_RULES),
    };
    Some(Warning::new(
        "start_unsynchronized",
        text.with("start", Arg::Nominal(schedule.start)),
    ))
}

fn start_warnings(schedule: &Schedule, resolver: &mut Resolver<'_>) -> Vec<Warning> {
    let mut out: Vec<Warning> = schedule.zone_warnings.clone();
    let start = schedule.start;
    let text = |template| {
        Text::new(template)
            .with("start", Arg::Nominal(start))
            .with("zone", &*schedule.zone_name)
    };
    match resolver.resolve(start) {
        zone::Resolution::Gap { .. } => out.push(Warning::new(
            "start_in_gap",
            text(notes::START_IN_GAP).with("policy", schedule.spec.gap.as_str()),
        )),
        zone::Resolution::Fold { .. } => out.push(Warning::new(
            "start_in_fold",
            text(notes::START_IN_FOLD).with("policy", schedule.spec.fold.as_str()),
        )),
        // `Schedule::new` rejects such a start.
        zone::Resolution::Unambiguous { .. } | zone::Resolution::OutOfRange => {}
    }
    out
}

fn invalid_date_note(req: RequestedDate, nominal: DateTime, policy: InvalidDatePolicy) -> Note {
    let first = jiff::civil::Date::new(req.year, req.month, 1).unwrap_or(nominal.date());
    let (code, template) = match policy {
        InvalidDatePolicy::Forward => (NoteCode::InvalidDateForward, notes::INVALID_DATE_FORWARD),
        _ => (NoteCode::InvalidDateBackward, notes::INVALID_DATE_BACKWARD),
    };
    Note::new(
        code,
        Text::new(template)
            .with("requested", Arg::Date(req.year, req.month, req.day))
            .with("month", Arg::MonthOfYear(req.year, first.month()))
            .with("days", i32::from(first.days_in_month()))
            .with("date", nominal.date()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Several rules share one call's [`MAX_STEPS`]: two rules whose BY
    /// parts never meet stop together once their steps add up to it,
    /// rather than each spending its own.
    #[test]
    fn several_rules_share_the_step_budget() {
        let schedule = Schedule::from_json(
            r#"{"timeZone":"UTC","start":"2026-01-01T01:00","rrule":["FREQ=HOURLY;INTERVAL=3;BYHOUR=0","FREQ=MINUTELY;INTERVAL=120;BYMINUTE=30"]}"#,
        )
        .unwrap();
        let options = ExpandOptions::new().limit(1);
        let mut nominals = Nominals::new(&schedule, &options);
        while nominals.next().is_some() {}
        assert!(nominals.over_budget());
        let spent: u64 =
            nominals.first.steps() + nominals.more.iter().map(Stream::steps).sum::<u64>();
        assert!(
            (MAX_STEPS..MAX_STEPS + 100_000).contains(&spent),
            "{spent} steps"
        );
        let err = expand(&schedule, &options).unwrap_err();
        assert_eq!(err.code(), ErrorCode::LimitExceeded);
    }
}
