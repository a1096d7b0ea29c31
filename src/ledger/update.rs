//! A new revision from a UTC cutover on ([`Ledger::update`]), and what it
//! would change, without changing anything ([`Ledger::update_preview`]).

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use super::error::{LedgerError, internal};
use super::store::{Gate, Sql, Tx, args};
use super::{
    Ledger, SERVED, SUPERSEDABLE, insert_revision, load_schedule, parse_ts, unknown_schedule,
};
use crate::diff::Diff;
use crate::format::fmt_instant;
use crate::lang::input_errors as says;
use crate::lang::{Arg, Text, ledger as reasons};
use crate::plan::ExpandOptions;
use crate::spec::{Schedule, Spec};

/// What an update would do, computed in a transaction that is rolled back.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePreview {
    /// The schedule.
    pub schedule: String,
    /// The revision the update would create.
    pub revision: u32,
    /// The cutover.
    pub cutover: String,
    /// The end of the compared window.
    pub until: String,
    /// Always true: nothing was written.
    pub dry_run: bool,
    /// The current revision against the new one over `[cutover, until)`.
    pub diff: Diff,
    /// Pending occurrences of earlier revisions the update would cancel
    /// (the new revision plans its own from the cutover on).
    pub cancelled: u64,
    /// What stays as it is, by state: everything before the cutover, and
    /// whatever was dispatched or decided.
    pub untouched: BTreeMap<String, u64>,
}

impl Ledger {
    /// What [`Ledger::update`] with `spec` and `cutover` would change,
    /// changing nothing: the same checks (an invalid cutover fails the
    /// same way), the occurrences it would cancel, what it leaves alone, and
    /// the diff between the current revision and the new one from the
    /// cutover to `until`.
    pub fn update_preview(
        &mut self,
        spec: &Spec,
        cutover: Timestamp,
        until: Timestamp,
    ) -> Result<UpdatePreview, LedgerError> {
        Schedule::new(spec)?;
        let tx = self.store.write(Gate::Exclusive)?;
        let old = current_schedule(&tx, &spec.id)?;
        let untouched = untouched(&tx, &spec.id, cutover)?;
        let cancelled = supersedable(&tx, &spec.id, cutover)?;
        let (revision, new) = apply(&tx, spec, cutover)?;
        // Dropped, not committed: the transaction rolls back.
        drop(tx);
        let options = ExpandOptions::new().from(cutover).to(until);
        let diff = crate::diff::diff(&old, &new, &options)?;
        Ok(UpdatePreview {
            schedule: spec.id.clone(),
            revision,
            cutover: fmt_instant(cutover),
            until: fmt_instant(until),
            dry_run: true,
            diff,
            cancelled,
            untouched,
        })
    }
}

/// The schedule as its current revision defines it.
pub(super) fn current_schedule(tx: &Tx<'_>, id: &str) -> Result<Schedule, LedgerError> {
    let spec: String = tx
        .query_opt(
            "SELECT r.spec FROM revisions r JOIN schedules s
                 ON s.id = r.schedule AND s.revision = r.revision
              WHERE s.id = ?1",
            &args![id],
            |r| r.get(0),
        )?
        .ok_or_else(|| unknown_schedule(id))?;
    load_schedule(&spec)
}

/// The schedule's occurrences an update at `cutover` leaves alone, by state.
fn untouched(
    tx: &Tx<'_>,
    id: &str,
    cutover: Timestamp,
) -> Result<BTreeMap<String, u64>, LedgerError> {
    let rows = tx.query_map(
        &format!(
            "SELECT state, count(*) FROM occurrences
              WHERE schedule = ?1 AND (at < ?2 OR NOT {SUPERSEDABLE}) GROUP BY state"
        ),
        &args![id, fmt_instant(cutover)],
        |r| Ok((r.get::<String>(0)?, r.get::<u64>(1)?)),
    )?;
    Ok(rows.into_iter().collect())
}

/// How many pending occurrences an update at `cutover` would cancel.
fn supersedable(tx: &Tx<'_>, id: &str, cutover: Timestamp) -> Result<u64, LedgerError> {
    tx.query_row(
        &format!(
            "SELECT count(*) FROM occurrences WHERE schedule = ?1 AND at >= ?2 AND {SUPERSEDABLE}"
        ),
        &args![id, fmt_instant(cutover)],
        |r| r.get(0),
    )
}

/// The update in `tx`: checks, the new revision, the cancelled
/// occurrences and the schedule's cursor. Returns the new revision number
/// and its schedule.
pub(super) fn apply(
    tx: &Tx<'_>,
    spec: &Spec,
    cutover: Timestamp,
) -> Result<(u32, Schedule), LedgerError> {
    let mut spec = spec.clone();
    let current: i64 = tx
        .query_opt(
            "SELECT revision FROM schedules WHERE id = ?1",
            &args![&spec.id],
            |r| r.get(0),
        )?
        .ok_or_else(|| unknown_schedule(&spec.id))?;
    let next = u32::try_from(current + 1).map_err(|_| internal("revision overflow"))?;
    if spec.revision != 1 && spec.revision != next {
        return Err(LedgerError::new(
            "invalid_option",
            crate::lang::Text::new(crate::lang::input_errors::LEDGER_REVISION)
                .with("id", &spec.id)
                .with("current", current)
                .with("next", next)
                .with("given", spec.revision),
        )
        .with_field("revision"));
    }
    spec.revision = next;
    let schedule = Schedule::new(&spec)?;
    let cut = fmt_instant(cutover);
    check_cutover(tx, &spec.id, current, &cut)?;
    tx.execute(
        "UPDATE revisions SET until = ?3 WHERE schedule = ?1 AND revision = ?2",
        &args![spec.id, current, cut],
    )?;
    insert_revision(tx, &spec, &schedule, Some(cut.as_str()))?;
    // What never ran (or never will) from the cutover on belongs to the
    // new revision now.
    tx.execute(
        &format!(
            "UPDATE occurrences SET state = 'cancelled', live = 0, decision = NULL,
                    reason = ?4
              WHERE schedule = ?1 AND revision < ?3 AND at >= ?2 AND {SUPERSEDABLE}"
        ),
        &args![
            spec.id,
            cut,
            next,
            super::reason::stored(
                Text::new(reasons::REASON_SUPERSEDED)
                    .with("next", next)
                    .with("cut", Arg::Instant(cutover))
            )
        ],
    )?;
    tx.execute(
        "UPDATE schedules SET revision = ?2, time_zone = ?3,
                cursor = CASE WHEN cursor > ?4 THEN ?4 ELSE cursor END
          WHERE id = ?1",
        &args![spec.id, next, schedule.time_zone_name(), cut],
    )?;
    Ok((next, schedule))
}

/// Refuses a cutover that is not after the current revision's, or that
/// reaches back over what an earlier revision has already dispatched or
/// decided: the new revision would plan that stretch again, and its times
/// (say 10:00 instead of 09:00) are other slots with other keys, so nothing
/// would stop a second run. What was pruned counts too, through the
/// schedule's high-water mark.
fn check_cutover(tx: &Tx<'_>, id: &str, current: i64, cut: &str) -> Result<(), LedgerError> {
    check_after_last_cutover(tx, id, current, cut)?;
    let served = newest_served(tx, id, cut)?;
    let mark: Option<String> = tx
        .query_row(
            "SELECT high_water FROM schedules WHERE id = ?1",
            &args![id],
            |r| r.get::<Option<String>>(0),
        )?
        .filter(|mark| mark.as_str() >= cut);
    match (served, mark) {
        (None, None) => Ok(()),
        (Some(row), Some(mark)) if mark.as_str() > row.at.as_str() => Err(pruned(id, cut, &mark)),
        (None, Some(mark)) => Err(pruned(id, cut, &mark)),
        (Some(row), _) => {
            let what = match row.attempts {
                0 => Text::new(says::LEDGER_REACHES_BACK_STATE),
                n => Text::new(says::LEDGER_REACHES_BACK_ATTEMPTS).with("attempts", n),
            }
            .with("revision", row.revision)
            .with("nominal", &row.nominal)
            .with("state", &row.state);
            Err(reaches_back(cut, &row.at, what))
        }
    }
}

/// A cutover at or before the high-water mark of what was pruned.
fn pruned(id: &str, cut: &str, mark: &str) -> LedgerError {
    let what = Text::new(says::LEDGER_REACHES_BACK_PRUNED).with("id", id);
    reaches_back(cut, mark, what)
}

/// Revisions own consecutive half-open ranges: a cutover comes after the
/// current revision's.
fn check_after_last_cutover(
    tx: &Tx<'_>,
    id: &str,
    current: i64,
    cut: &str,
) -> Result<(), LedgerError> {
    let last_cutover: Option<String> = tx.query_row(
        "SELECT cutover FROM revisions WHERE schedule = ?1 AND revision = ?2",
        &args![id, current],
        |r| r.get(0),
    )?;
    match last_cutover {
        Some(last) if cut <= last.as_str() => Err(LedgerError::new(
            "invalid_cutover",
            crate::lang::Text::new(crate::lang::input_errors::LEDGER_CUTOVER_ORDER)
                .with("cut", cut)
                .with("current", current)
                .with("last", &last),
        )
        .with_field("cutover")),
        _ => Ok(()),
    }
}

/// An occurrence a cutover may not reach back over.
struct Served {
    revision: i64,
    nominal: String,
    at: String,
    state: String,
    attempts: i64,
}

/// The newest occurrence at or after `cut` that was dispatched or decided.
fn newest_served(tx: &Tx<'_>, id: &str, cut: &str) -> Result<Option<Served>, LedgerError> {
    tx.query_opt(
        &format!(
            "SELECT revision, nominal, at, state, attempts FROM occurrences
              WHERE schedule = ?1 AND at >= ?2 AND {SERVED}
              ORDER BY at DESC LIMIT 1"
        ),
        &args![id, cut],
        |r| {
            Ok(Served {
                revision: r.get(0)?,
                nominal: r.get(1)?,
                at: r.get(2)?,
                state: r.get(3)?,
                attempts: r.get(4)?,
            })
        },
    )
}

/// `invalid_cutover`: `cut` is not after `at`, where `what` happened.
fn reaches_back(cut: &str, at: &str, what: Text) -> LedgerError {
    let after = match parse_ts(at) {
        Ok(t) => t
            .checked_add(SignedDuration::from_secs(1))
            .map_or(at.to_owned(), fmt_instant),
        Err(e) => return e,
    };
    LedgerError::new(
        "invalid_cutover",
        Text::new(says::LEDGER_REACHES_BACK)
            .with("cut", cut)
            .with("at", at)
            .with("what", what)
            .with("after", after),
    )
    .with_field("cutover")
}
