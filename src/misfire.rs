//! Misfire (catch-up) decisions (docs/spec.md §4): a pure function of the due
//! occurrences, `now` and the schedule's policy. Every due occurrence gets
//! exactly one decision, so nothing stays pending.

use std::fmt;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::error::{Error, ErrorCode};
use crate::format::{fmt_duration, fmt_instant};
use crate::lang::errors as e;
use crate::lang::{Arg, Text, reasons as r};
use crate::plan::Warning;
use crate::policy::MisfirePolicy;
use crate::spec::Schedule;
use crate::spec::parse_local;

/// One occurrence that is due (its instant is at or before `now`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// The occurrence's idempotency key.
    pub key: String,
    /// When it should have run.
    pub instant: Timestamp,
}

impl Due {
    /// Item `i` of a due list, as `wallclock misfire --due` and the JS
    /// `decideMisfires` both read it: its key, and its instant as an
    /// instant or a local date-time in the schedule's zone; a bad instant
    /// names the field `due[i].instant`. Only those two surfaces read due
    /// lists from text.
    #[cfg(any(feature = "native", feature = "wasm", feature = "python"))]
    pub(crate) fn read(
        schedule: &Schedule,
        i: usize,
        key: String,
        instant: &str,
    ) -> Result<Due, crate::Error> {
        let instant = schedule.instant_at(instant, &format!("due[{i}].instant"))?;
        Ok(Due { key, instant })
    }

    /// A due list as JSON text, `[{"key": "...", "instant":
    /// "2026-10-21T13:00:00Z"}]` (`wallclock misfire --due`, Python's
    /// `decide_misfires`), each item read by [`Due::read`] as the JS
    /// `decideMisfires` reads it.
    #[cfg(any(feature = "native", feature = "python"))]
    pub(crate) fn list(text: &str, schedule: &Schedule) -> Result<Vec<Due>, Error> {
        let bad = |at: Option<usize>, why: Arg| {
            let at = match at {
                Some(i) => Arg::from(Text::new(e::DUE_AT).with("i", i)),
                None => Arg::Words(&e::NONE),
            };
            Error::new(
                ErrorCode::InvalidOption,
                Text::new(e::DUE_LIST).with("at", at).with("why", why),
            )
            .with_field("due")
        };
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|err| bad(None, crate::spec::json_syntax(&err).into()))?;
        let items = value
            .as_array()
            .ok_or_else(|| bad(None, Arg::Words(&e::DUE_ARRAY)))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let key = item
                    .get("key")
                    .and_then(|k| k.as_str())
                    .ok_or_else(|| bad(Some(i), Arg::Words(&e::DUE_KEY)))?;
                let instant = item
                    .get("instant")
                    .and_then(|k| k.as_str())
                    .ok_or_else(|| bad(Some(i), Arg::Words(&e::DUE_INSTANT)))?;
                Due::read(schedule, i, key.to_owned(), instant)
            })
            .collect()
    }
}

/// The terminal decision for a due occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Run it now.
    Run,
    /// Not run: a newer due occurrence runs in its place (`latest_only`).
    Coalesced,
    /// Not run: too late to be useful (`skip`, beyond `grace`).
    Skipped,
    /// Not run: older than `maxLateness`, or beyond `maxCatchUp`.
    Expired,
}

impl Decision {
    /// The lowercase token.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Run => "run",
            Decision::Coalesced => "coalesced",
            Decision::Skipped => "skipped",
            Decision::Expired => "expired",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A decision with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisfireDecision {
    /// The occurrence's key.
    pub key: String,
    /// When it should have run.
    pub instant: Timestamp,
    /// `now - instant`.
    pub lateness: SignedDuration,
    /// What to do.
    pub decision: Decision,
    /// Why, in one sentence (printed in the language spoken).
    pub reason: Text,
}

impl Serialize for MisfireDecision {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("MisfireDecision", 5)?;
        st.serialize_field("key", &self.key)?;
        st.serialize_field("instant", &fmt_instant(self.instant))?;
        st.serialize_field("lateness", &fmt_duration(self.lateness))?;
        st.serialize_field("decision", self.decision.as_str())?;
        st.serialize_field("reason", &self.reason)?;
        st.end()
    }
}

/// Checks a due list against the schedule before deciding it: a key of
/// another schedule (its id is not this schedule's) or not of the key shape
/// `id|YYYY-MM-DDTHH:MM:SS`, and a key listed twice, are errors naming the
/// entry; an entry after `now` is not due yet and gets a `not_due` warning,
/// since [`decide_misfires`] leaves it out.
///
/// ```
/// let schedule = wallclock::Schedule::from_json(
///     r#"{"id": "daily", "timeZone": "Europe/Berlin", "start": "2026-10-20T09:00", "rrule": "FREQ=DAILY"}"#,
/// )?;
/// let due = |key: &str, at: &str| wallclock::Due { key: key.into(), instant: at.parse().unwrap() };
/// let now = "2026-10-22T12:00:00Z".parse().unwrap();
/// let list = [due("daily|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"), due("daily|2026-10-23T09:00:00", "2026-10-23T07:00:00Z")];
/// let warnings = wallclock::check_due(&schedule, &list, now)?;
/// assert_eq!(warnings[0].code(), "not_due");
/// let foreign = [due("weekly|2026-10-21T09:00:00", "2026-10-21T07:00:00Z")];
/// assert!(wallclock::check_due(&schedule, &foreign, now).is_err());
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn check_due(schedule: &Schedule, due: &[Due], now: Timestamp) -> Result<Vec<Warning>, Error> {
    let id = schedule.id();
    let bad = |template, i: usize, key: &str| {
        let message = Text::new(template)
            .with("i", i)
            .with("key", key)
            .with("id", id);
        Error::new(ErrorCode::InvalidOption, message).with_field("due")
    };
    // Owned keys, sorted as `diff` sorts its keys: one sort in the wasm build.
    let mut keys: Vec<(String, usize)> = Vec::with_capacity(due.len());
    let mut warnings = Vec::new();
    for (i, d) in due.iter().enumerate() {
        let key = &d.key;
        let Some(nominal) = key.strip_prefix(id).and_then(|rest| rest.strip_prefix('|')) else {
            return Err(bad(e::DUE_FOREIGN, i, key));
        };
        let nominal = nominal.strip_suffix("|fold=1").unwrap_or(nominal);
        if parse_local(nominal).is_err() {
            return Err(bad(e::DUE_NO_NOMINAL, i, key));
        }
        keys.push((key.clone(), i));
        if d.instant > now {
            warnings.push(Warning::new(
                "not_due",
                Text::new(r::NOT_DUE)
                    .with("i", i)
                    .with("key", key)
                    .with("due", Arg::Instant(d.instant))
                    .with("now", Arg::Instant(now)),
            ));
        }
    }
    crate::sort::sort(&mut keys);
    if let Some(pair) = keys.windows(2).find(|w| w[0].0 == w[1].0) {
        let ((key, first), (_, at)) = (&pair[0], &pair[1]);
        let message = Text::new(e::DUE_TWICE)
            .with("i", *at)
            .with("key", key)
            .with("first", *first);
        return Err(Error::new(ErrorCode::InvalidOption, message).with_field("due"));
    }
    Ok(warnings)
}

/// Decides every due occurrence: those not after `now`, in any order.
/// Occurrences after `now` are not due and are left out of the result
/// ([`check_due`] reports them, and rejects keys of other schedules and
/// duplicates).
///
/// In order: older than `maxLateness` ⇒ `expired`; then by policy —
/// `all` runs the rest (only the newest `maxCatchUp` of them, the older
/// ones `expired`); `latest_only` runs the newest and coalesces the others;
/// `skip` runs those within `grace` and skips the others.
pub fn decide_misfires(schedule: &Schedule, due: &[Due], now: Timestamp) -> Vec<MisfireDecision> {
    let mut due: Vec<&Due> = due.iter().filter(|d| d.instant <= now).collect();
    crate::sort::sort_by_key(&mut due, |d| (d.instant, &d.key));
    let lateness = |d: &Due| now.duration_since(d.instant);
    let expired = |d: &Due| schedule.max_lateness().is_some_and(|max| lateness(d) > max);
    let live = due.iter().filter(|d| !expired(d)).count();
    let newest = due
        .iter()
        .rev()
        .find(|d| !expired(d))
        .map(|d| d.key.as_str());
    let catch_up_cut = match (schedule.misfire(), schedule.max_catch_up()) {
        (MisfirePolicy::All, Some(max)) => live.saturating_sub(max as usize),
        _ => 0,
    };
    let mut live_index = 0usize;
    due.into_iter()
        .map(|d| {
            let late = lateness(d);
            let (decision, reason) = if expired(d) {
                expired_by_lateness(schedule, late)
            } else {
                let position = Position {
                    index: live_index,
                    live,
                    catch_up_cut,
                };
                live_index += 1;
                by_policy(schedule, late, position, newest.unwrap_or_default())
            };
            MisfireDecision {
                key: d.key.clone(),
                instant: d.instant,
                lateness: late,
                decision,
                reason,
            }
        })
        .collect()
}

/// Where a due occurrence stands among those not expired by `maxLateness`,
/// oldest first.
#[derive(Clone, Copy)]
struct Position {
    index: usize,
    live: usize,
    /// With `all` and `maxCatchUp`, the older ones before this index expire.
    catch_up_cut: usize,
}

fn expired_by_lateness(schedule: &Schedule, late: SignedDuration) -> (Decision, Text) {
    let max = schedule.max_lateness().unwrap_or(SignedDuration::ZERO);
    (
        Decision::Expired,
        Text::new(r::MISFIRE_EXPIRED)
            .with("late", Arg::Duration(late))
            .with("max", Arg::Duration(max)),
    )
}

/// The policy's decision for an occurrence `maxLateness` kept.
fn by_policy(
    schedule: &Schedule,
    late: SignedDuration,
    at: Position,
    newest: &str,
) -> (Decision, Text) {
    let late_by = |template| Text::new(template).with("late", Arg::Duration(late));
    let grace = Arg::Duration(schedule.grace());
    match schedule.misfire() {
        MisfirePolicy::All if at.index < at.catch_up_cut => (
            Decision::Expired,
            Text::new(r::MISFIRE_CATCH_UP_FULL).with("n", schedule.max_catch_up().unwrap_or(0)),
        ),
        MisfirePolicy::All => (Decision::Run, late_by(r::MISFIRE_RUN_ALL)),
        // By position, not key: two due entries can share a key (a
        // duplicate, one key at two instants), and exactly one may run.
        MisfirePolicy::LatestOnly if at.index + 1 == at.live => {
            (Decision::Run, late_by(r::MISFIRE_RUN_NEWEST))
        }
        MisfirePolicy::LatestOnly => (
            Decision::Coalesced,
            Text::new(r::MISFIRE_COALESCED).with("newest", newest),
        ),
        MisfirePolicy::Skip if late <= schedule.grace() => (
            Decision::Run,
            late_by(r::MISFIRE_WITHIN_GRACE).with("grace", grace),
        ),
        MisfirePolicy::Skip => (
            Decision::Skipped,
            late_by(r::MISFIRE_SKIPPED).with("grace", grace),
        ),
    }
}
