//! What a scheduler that was down would do when it comes back: every
//! execution it missed between `down` (exclusive) and `back` (inclusive),
//! and the misfire decisions (docs/spec.md §4) for the newest of them with
//! `now = back`. The preview page's outage simulator is this function.
//!
//! Bounded: at most [`MAX_ENTRIES`] missed executions are counted (more is a
//! `limit_exceeded` error), at most [`MAX_DECIDE`] are decided and at most
//! [`MAX_SHOW`] decisions are returned.

use jiff::civil::DateTime;
use jiff::{SignedDuration, Timestamp};
use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::error::{Error, ErrorCode};
use crate::lang::errors::{BACK_NOT_AFTER, COUNT_RANGE, OUTAGE_TOO_MANY};
use crate::lang::{Arg, Text};
use crate::misfire::{Decision, Due, decide_misfires};
use crate::plan::{ExpandOptions, MAX_ENTRIES, execution_instants, expand};
use crate::spec::Schedule;

/// The most missed executions an outage decides (the newest ones); the
/// default of [`OutageOptions::decide`].
pub const MAX_DECIDE: usize = 5_000;

/// The most decisions an outage returns (the newest ones); the default of
/// [`OutageOptions::show`].
pub const MAX_SHOW: usize = 1_000;

/// The outage to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutageOptions {
    down: Timestamp,
    back: Timestamp,
    decide: usize,
    show: usize,
}

impl OutageOptions {
    /// The scheduler was down after `down` until `back` (which is "now").
    pub fn new(down: Timestamp, back: Timestamp) -> OutageOptions {
        OutageOptions {
            down,
            back,
            decide: MAX_DECIDE,
            show: MAX_SHOW,
        }
    }
    /// Decides the newest `decide` missed executions (0..=[`MAX_DECIDE`]).
    pub fn decide(self, decide: usize) -> OutageOptions {
        OutageOptions { decide, ..self }
    }
    /// Returns the newest `show` decisions (0..=[`MAX_SHOW`]).
    pub fn show(self, show: usize) -> OutageOptions {
        OutageOptions { show, ..self }
    }
}

/// How many decisions of each kind an outage made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DecisionCounts {
    /// Run now.
    pub run: usize,
    /// Not run: a newer one runs in their place.
    pub coalesced: usize,
    /// Not run: beyond `grace`.
    pub skipped: usize,
    /// Not run: older than `maxLateness` or beyond `maxCatchUp`.
    pub expired: usize,
}

/// One missed execution and what the scheduler decides for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutageDecision {
    /// The occurrence's idempotency key.
    pub key: String,
    /// Its nominal local time.
    pub nominal: DateTime,
    /// 1 for the second run of a repeated (fold) hour, else 0.
    pub fold: u8,
    /// When it should have run.
    pub instant: Timestamp,
    /// `back - instant`.
    pub lateness: SignedDuration,
    /// What to do.
    pub decision: Decision,
    /// Why, in one sentence (printed in the language spoken).
    pub reason: crate::lang::Text,
}

impl Serialize for OutageDecision {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("OutageDecision", 7)?;
        st.serialize_field("key", &self.key)?;
        st.serialize_field("nominal", &crate::fmt_nominal(self.nominal))?;
        st.serialize_field("fold", &self.fold)?;
        st.serialize_field("instant", &crate::fmt_instant(self.instant))?;
        st.serialize_field("lateness", &crate::fmt_duration(self.lateness))?;
        st.serialize_field("decision", self.decision.as_str())?;
        st.serialize_field("reason", &self.reason)?;
        st.end()
    }
}

/// The result of [`simulate_outage`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outage {
    /// Executions missed between `down` and `back`.
    pub missed: usize,
    /// How many of them (the newest) were decided.
    pub decided: usize,
    /// The older missed executions left without a decision.
    pub left_out: usize,
    /// The decisions by kind, over every decided execution.
    pub counts: DecisionCounts,
    /// The newest decisions, oldest first.
    pub decisions: Vec<OutageDecision>,
    /// Decisions made but not in `decisions` (the older ones).
    pub hidden: usize,
}

/// Simulates a scheduler that was down after `options.down` and came back
/// at `options.back`: every execution due in between is missed; the newest
/// `decide` of them get the schedule's misfire decisions with `now = back`;
/// the newest `show` decisions are returned.
pub fn simulate_outage(schedule: &Schedule, options: &OutageOptions) -> Result<Outage, Error> {
    let OutageOptions {
        down,
        back,
        decide,
        show,
    } = *options;
    check(options)?;
    // The window `[down, back]`; `down` itself is excluded below.
    let to = back
        .checked_add(SignedDuration::from_nanos(1))
        .map_err(|_| out_of_range("back"))?;
    let mut missed = missed_instants(schedule, down, to)?;
    let total = missed.len();
    let decided = total.min(decide);
    if decided == 0 {
        return Ok(Outage {
            missed: total,
            decided: 0,
            left_out: total,
            counts: DecisionCounts::default(),
            decisions: Vec::new(),
            hidden: 0,
        });
    }
    // The oldest instant to decide on: the `decided`-th newest.
    crate::sort::sort(&mut missed);
    let cut = missed[total - decided];
    let rows = newest_due(schedule, options, cut, to, decided)?;
    let due: Vec<Due> = rows.iter().map(|r| r.0.clone()).collect();
    let all = decide_misfires(schedule, &due, back);
    let mut counts = DecisionCounts::default();
    let mut decisions = Vec::with_capacity(decided.min(show));
    let first_shown = all.len().saturating_sub(show);
    for (i, (d, row)) in all.into_iter().zip(&rows).enumerate() {
        match d.decision {
            Decision::Run => counts.run += 1,
            Decision::Coalesced => counts.coalesced += 1,
            Decision::Skipped => counts.skipped += 1,
            Decision::Expired => counts.expired += 1,
        }
        if i >= first_shown {
            decisions.push(OutageDecision {
                key: d.key,
                nominal: row.1,
                fold: row.2,
                instant: d.instant,
                lateness: d.lateness,
                decision: d.decision,
                reason: d.reason,
            });
        }
    }
    let made = counts.run + counts.coalesced + counts.skipped + counts.expired;
    Ok(Outage {
        missed: total,
        decided: made,
        left_out: total - made.min(total),
        counts,
        hidden: made - decisions.len(),
        decisions,
    })
}

/// The newest `decided` executions in `[cut, back]` after `options.down`
/// (the schedule's entries there: `decided` of them, and a few more when
/// several share the instant at the cut, which are left out), with their
/// nominal time and fold, in `decide_misfires`' order.
fn newest_due(
    schedule: &Schedule,
    options: &OutageOptions,
    cut: Timestamp,
    to: Timestamp,
    decided: usize,
) -> Result<Vec<(Due, DateTime, u8)>, Error> {
    let (down, back) = (options.down, options.back);
    let window = ExpandOptions::new()
        .from(cut)
        .to(to)
        .limit(decided * 2 + 10);
    let mut rows: Vec<(Due, DateTime, u8)> = expand(schedule, &window)?
        .entries()
        .iter()
        .filter(|e| e.status().executes())
        .filter_map(|e| {
            let instant = e
                .instant()
                .filter(|t| *t > down && *t >= cut && *t <= back)?;
            Some((
                Due {
                    key: e.key(),
                    instant,
                },
                e.nominal(),
                e.fold(),
            ))
        })
        .collect();
    // The order of `decide_misfires`' result, so the two zip.
    crate::sort::sort_by(&mut rows, |a, b| {
        (a.0.instant, &a.0.key) < (b.0.instant, &b.0.key)
    });
    // Ties at the cut can add a few: decide on the newest `decided` only.
    rows.drain(..rows.len().saturating_sub(decided));
    Ok(rows)
}

/// `back` after `down`, and the counts within their bounds.
fn check(options: &OutageOptions) -> Result<(), Error> {
    if options.back <= options.down {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(BACK_NOT_AFTER)
                .with("back", Arg::Instant(options.back))
                .with("down", Arg::Instant(options.down)),
        )
        .with_field("back"));
    }
    for (field, value, max) in [
        ("decide", options.decide, MAX_DECIDE),
        ("show", options.show, MAX_SHOW),
    ] {
        if value > max {
            return Err(Error::new(
                ErrorCode::InvalidOption,
                Text::new(COUNT_RANGE)
                    .with("field", field)
                    .with("value", value)
                    .with("max", max),
            )
            .with_field(field));
        }
    }
    Ok(())
}

/// The instants of the executions in `(down, to)`, at most [`MAX_ENTRIES`].
fn missed_instants(
    schedule: &Schedule,
    down: Timestamp,
    to: Timestamp,
) -> Result<Vec<Timestamp>, Error> {
    let window = ExpandOptions::new()
        .from(down)
        .to(to)
        .limit(MAX_ENTRIES + 1);
    let mut instants = execution_instants(schedule, &window).map_err(|e| {
        if e.code() == ErrorCode::LimitExceeded {
            too_many_missed()
        } else {
            e
        }
    })?;
    instants.retain(|t| *t > down && *t < to);
    if instants.len() > MAX_ENTRIES {
        return Err(too_many_missed());
    }
    Ok(instants)
}

fn too_many_missed() -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        Text::new(OUTAGE_TOO_MANY).with("max", MAX_ENTRIES),
    )
    .with_field("back")
}

fn out_of_range(field: &str) -> Error {
    crate::spec::out_of_range(field, field)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(extra: &str) -> Schedule {
        Schedule::from_json(&format!(
            r#"{{"id":"job","timeZone":"America/New_York","start":"2026-03-01T09:00","rrule":"FREQ=HOURLY"{extra}}}"#
        ))
        .unwrap()
    }

    fn ts(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    #[test]
    fn latest_only_runs_the_newest_and_coalesces_the_rest() {
        let s = schedule(r#","misfire":"latest_only""#);
        // 14:00Z (09:00 EST) .. 20:00Z: 14:00 is `down` itself, so 15..=20.
        let o = OutageOptions::new(ts("2026-03-01T14:00:00Z"), ts("2026-03-01T20:00:00Z"));
        let out = simulate_outage(&s, &o).unwrap();
        assert_eq!(out.missed, 6);
        assert_eq!((out.decided, out.left_out, out.hidden), (6, 0, 0));
        assert_eq!(out.counts.run, 1);
        assert_eq!(out.counts.coalesced, 5);
        let last = out.decisions.last().unwrap();
        assert_eq!(last.decision, Decision::Run);
        assert_eq!(last.instant, ts("2026-03-01T20:00:00Z"));
        assert_eq!(last.key, "job|2026-03-01T15:00:00");
        assert_eq!(last.lateness, SignedDuration::ZERO);
        assert_eq!(out.decisions[0].nominal.to_string(), "2026-03-01T10:00:00");
    }

    #[test]
    fn decide_and_show_keep_the_newest() {
        let s = schedule("");
        let o = OutageOptions::new(ts("2026-03-01T14:00:00Z"), ts("2026-03-02T14:00:00Z"))
            .decide(10)
            .show(3);
        let out = simulate_outage(&s, &o).unwrap();
        assert_eq!(out.missed, 24);
        assert_eq!((out.decided, out.left_out), (10, 14));
        assert_eq!((out.decisions.len(), out.hidden), (3, 7));
        assert_eq!(out.decisions[2].instant, ts("2026-03-02T14:00:00Z"));
        assert_eq!(out.decisions[0].instant, ts("2026-03-02T12:00:00Z"));
        assert_eq!(out.counts.run, 10, "policy `all` runs every decided one");
        let none = simulate_outage(&s, &o.decide(0)).unwrap();
        assert_eq!((none.missed, none.decided, none.left_out), (24, 0, 24));
    }

    #[test]
    fn fold_both_missed_twice_keeps_its_second_key() {
        let s = Schedule::from_json(
            r#"{"id":"b","timeZone":"America/New_York","start":"2026-11-01T01:30","fold":"both","rrule":"FREQ=DAILY"}"#,
        )
        .unwrap();
        let o = OutageOptions::new(ts("2026-11-01T00:00:00Z"), ts("2026-11-03T00:00:00Z"));
        let out = simulate_outage(&s, &o).unwrap();
        assert_eq!(out.missed, 3);
        let folds: Vec<u8> = out.decisions.iter().map(|d| d.fold).collect();
        assert_eq!(folds, [0, 1, 0]);
        assert_eq!(out.decisions[1].key, "b|2026-11-01T01:30:00|fold=1");
    }

    #[test]
    fn bad_windows_and_counts_are_refused() {
        let s = schedule("");
        let t = ts("2026-03-01T14:00:00Z");
        let err = simulate_outage(&s, &OutageOptions::new(t, t)).unwrap_err();
        assert_eq!(
            (err.code(), err.field()),
            (ErrorCode::InvalidOption, Some("back"))
        );
        let o = OutageOptions::new(t, ts("2026-03-02T14:00:00Z"));
        let err = simulate_outage(&s, &o.decide(MAX_DECIDE + 1)).unwrap_err();
        assert_eq!(err.field(), Some("decide"));
        let err = simulate_outage(&s, &o.show(MAX_SHOW + 1)).unwrap_err();
        assert_eq!(err.field(), Some("show"));
    }

    #[test]
    fn too_long_an_outage_is_limit_exceeded() {
        let s = Schedule::from_json(
            r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"FREQ=MINUTELY"}"#,
        )
        .unwrap();
        let o = OutageOptions::new(ts("2026-01-01T00:00:00Z"), ts("2026-12-31T00:00:00Z"));
        let err = simulate_outage(&s, &o).unwrap_err();
        assert_eq!(err.code(), ErrorCode::LimitExceeded);
        assert_eq!(err.field(), Some("back"));
    }
}
