//! Operating a ledger: what its schedules are doing (`schedules`, `show`),
//! removing one, running an occurrence again or now by hand (`retry`,
//! `trigger`), pruning old history, escalating unsettled unknown effects to
//! `manual`, and listing occurrences as a stream.
//!
//! Every write goes through the same write gate and the same claim path as
//! the scheduler: a retried or triggered occurrence is a claimable row, and
//! the next tick claims it like any other.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;

use super::error::LedgerError;
use super::model::{Occurrence, OccurrenceFilter};
use super::reason;
use super::schema::STATES;
use super::stats::{OCCURRENCE_COLUMNS, occurrence};
use super::store::{Gate, Location, Sql, SqlValue, Store, Tx, args};
use super::{KeyRow, Ledger, SERVED, key_rows, parse_ts, split_key, unknown_key, unknown_schedule};
use crate::format::fmt_instant;
use crate::lang::{Arg, Text, input_errors as says, ledger as reasons};
use crate::spec::{Rrules, Spec};

/// How long an `unknown_effect` may wait for reconciliation before it moves
/// to `manual` (seed 001: unknown effects do not linger).
pub const DEFAULT_MANUAL_AFTER: SignedDuration = SignedDuration::from_mins(30);

/// The terminal states: nothing happens to them any more, so `prune` may
/// delete them.
const TERMINAL: &str =
    "('done', 'coalesced', 'skipped', 'expired', 'cancelled', 'dead', 'gap_skipped')";

/// The states an operator may hand back to the scheduler with `retry`.
const RETRYABLE: &[&str] = &["dead", "manual", "unknown_effect"];

/// One schedule as operators see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleView {
    /// Schedule id.
    pub id: String,
    /// Current revision.
    pub revision: u32,
    /// `enabled`, `disabled` or `removed`.
    pub status: String,
    /// Whether claims are allowed.
    pub enabled: bool,
    /// When it was removed, if it was.
    pub removed_at: Option<String>,
    /// IANA zone of the current revision.
    pub time_zone: String,
    /// The current revision's RRULE (null for an RDATE-only schedule; a
    /// list when it has several).
    pub rule: Option<Rrules>,
    /// The earliest pending occurrence's due time.
    pub next_run: Option<String>,
    /// The newest occurrence that ran or was decided: `{key, state, at}`.
    pub last_result: Option<serde_json::Value>,
    /// Lateness of its dispatches: `{dispatches, lastSeconds, maxSeconds}`.
    pub lateness: serde_json::Value,
    /// Occurrences per state (every state listed).
    pub counts: BTreeMap<String, u64>,
    /// Every revision, oldest first, with its range and spec (`show` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revisions: Option<Vec<serde_json::Value>>,
}

/// What [`Ledger::remove`] did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Removed {
    /// Schedule id.
    pub schedule: String,
    /// Occurrences that never ran and now never will (`cancelled`, reason `removed`).
    pub cancelled: u64,
    /// When.
    pub removed_at: String,
}

/// What [`Ledger::retry`] or [`Ledger::trigger`] made claimable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Queued {
    /// The effect key the run carries.
    pub key: String,
    /// The occurrence id.
    pub occurrence: String,
    /// The state it left (`dead`, `manual`, …), or `new` for a trigger.
    pub from: String,
    /// Claimable from.
    pub due_at: String,
}

/// What [`Ledger::prune`] deleted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PruneReport {
    /// The bound: terminal occurrences before it were deleted.
    pub before: String,
    /// Occurrences deleted, per state.
    pub occurrences: BTreeMap<String, u64>,
    /// Their attempts.
    pub attempts: u64,
    /// Effect records kept without their occurrence (the key still never runs again).
    pub effects_kept: u64,
    /// Write transactions used.
    pub batches: u64,
}

/// Which occurrences a stream lists: the filter, a range of instants
/// (half-open, on the instant or, for a gap-skipped one, its transition)
/// and a row limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OccurrenceQuery {
    /// Schedule, state, key.
    pub filter: OccurrenceFilter,
    /// From this instant on.
    pub since: Option<Timestamp>,
    /// Before this instant.
    pub until: Option<Timestamp>,
    /// At most this many rows.
    pub limit: Option<u64>,
}

impl Ledger {
    /// Every schedule (or the one named `only`, which must exist) with its
    /// status, next run, last result, lateness and counts by state.
    pub fn schedule_views(&self, only: Option<&str>) -> Result<Vec<ScheduleView>, LedgerError> {
        let rows: Vec<(String, u32, bool, Option<String>, String)> = match only {
            Some(id) => self.store.query_map(
                "SELECT id, revision, enabled, removed_at, time_zone FROM schedules WHERE id = ?1",
                &args![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )?,
            None => self.store.query_map(
                "SELECT id, revision, enabled, removed_at, time_zone FROM schedules ORDER BY id",
                &args![],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )?,
        };
        if let Some(id) = only
            && rows.is_empty()
        {
            return Err(unknown_schedule(id));
        }
        rows.into_iter()
            .map(|(id, revision, enabled, removed_at, time_zone)| {
                self.schedule_view(id, revision, enabled, removed_at, time_zone)
            })
            .collect()
    }

    /// [`Ledger::schedule_views`] for one schedule, with its revisions.
    pub fn show_schedule(&self, id: &str) -> Result<ScheduleView, LedgerError> {
        let mut view = self
            .schedule_views(Some(id))?
            .pop()
            .ok_or_else(|| unknown_schedule(id))?;
        let revisions = self.store.query_map(
            "SELECT revision, cutover, until, tzdb, spec FROM revisions
              WHERE schedule = ?1 ORDER BY revision",
            &args![id],
            |r| {
                let spec: String = r.get(4)?;
                Ok(serde_json::json!({
                    "revision": r.get::<u32>(0)?,
                    "cutover": r.get::<Option<String>>(1)?,
                    "until": r.get::<Option<String>>(2)?,
                    "tzdb": r.get::<String>(3)?,
                    "spec": serde_json::from_str::<serde_json::Value>(&spec)
                        .unwrap_or(serde_json::Value::String(spec)),
                }))
            },
        )?;
        view.revisions = Some(revisions);
        Ok(view)
    }

    fn schedule_view(
        &self,
        id: String,
        revision: u32,
        enabled: bool,
        removed_at: Option<String>,
        time_zone: String,
    ) -> Result<ScheduleView, LedgerError> {
        let spec: String = self.store.query_row(
            "SELECT spec FROM revisions WHERE schedule = ?1 AND revision = ?2",
            &args![id, revision],
            |r| r.get(0),
        )?;
        let rule = Spec::from_json(&spec).ok().and_then(|s| s.rrule);
        let mut counts: BTreeMap<String, u64> =
            STATES.iter().map(|s| ((*s).to_owned(), 0)).collect();
        self.store.each_row(
            "SELECT state, count(*) FROM occurrences WHERE schedule = ?1 GROUP BY state",
            &args![id],
            &mut |r| {
                counts.insert(r.get(0)?, r.get(1)?);
                Ok(())
            },
        )?;
        let next_run: Option<String> = self.store.query_row(
            "SELECT min(due_at) FROM occurrences
              WHERE schedule = ?1 AND state IN ('planned', 'retry_wait')",
            &args![id],
            |r| r.get(0),
        )?;
        let last_result = self.store.query_opt(
            "SELECT key, state, coalesce(updated_at, at) FROM occurrences
              WHERE schedule = ?1 AND (attempts > 0 OR state IN ('coalesced', 'skipped', 'expired'))
                AND state <> 'running' AND state <> 'retry_wait' AND status <> 'merged'
              ORDER BY coalesce(updated_at, at) DESC, seq DESC LIMIT 1",
            &args![id],
            |r| {
                Ok(serde_json::json!({
                    "key": r.get::<String>(0)?,
                    "state": r.get::<String>(1)?,
                    "at": r.get::<String>(2)?,
                }))
            },
        )?;
        let status = match (&removed_at, enabled) {
            (Some(_), _) => "removed",
            (None, true) => "enabled",
            (None, false) => "disabled",
        };
        Ok(ScheduleView {
            lateness: self.schedule_lateness(&id)?,
            id,
            revision,
            status: status.to_owned(),
            enabled,
            removed_at,
            time_zone,
            rule,
            next_run,
            last_result,
            counts,
            revisions: None,
        })
    }

    /// How late schedule `id`'s dispatches started: how many, the last
    /// and the most, in seconds.
    fn schedule_lateness(&self, id: &str) -> Result<serde_json::Value, LedgerError> {
        // Folded as the rows come: a schedule's attempts are never held at once.
        let (mut dispatches, mut last, mut max) = (0u64, None::<(String, i64)>, None::<i64>);
        self.store.each_row(
            "SELECT a.started_at, o.instant FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
              WHERE o.schedule = ?1 AND o.instant IS NOT NULL
                AND (a.outcome IS NULL OR a.outcome <> 'refused')",
            &args![id],
            &mut |r| {
                let started: String = r.get(0)?;
                let late = parse_ts(&started)?
                    .duration_since(parse_ts(&r.get::<String>(1)?)?)
                    .as_secs();
                dispatches += 1;
                max = Some(max.map_or(late, |m| m.max(late)));
                if last.as_ref().is_none_or(|(s, _)| *s <= started) {
                    last = Some((started, late));
                }
                Ok(())
            },
        )?;
        Ok(serde_json::json!({
            "dispatches": dispatches,
            "lastSeconds": last.map(|(_, l)| l),
            "maxSeconds": max,
        }))
    }

    /// Removes a schedule at `now`: it stops planning and running (as
    /// disabled, through the same gate as a claim), what never ran is
    /// `cancelled` with the reason `removed`, and its history stays. The id
    /// is never used again: its effect keys (`<id>|<nominal>`) stay recorded
    /// done, so a new schedule under it would find its runs refused. Fails
    /// with `unknown_schedule`, or `schedule_removed` the second time.
    pub fn remove(&mut self, id: &str, now: Timestamp) -> Result<Removed, LedgerError> {
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let removed: Option<Option<String>> = tx.query_opt(
            "SELECT removed_at FROM schedules WHERE id = ?1",
            &args![id],
            |r| r.get(0),
        )?;
        match removed {
            None => return Err(unknown_schedule(id)),
            Some(Some(at)) => return Err(already_removed(id, &at)),
            Some(None) => {}
        }
        tx.execute(
            "UPDATE schedules SET enabled = 0, disable_generation = disable_generation + 1,
                    removed_at = ?2
              WHERE id = ?1",
            &args![id, stamp],
        )?;
        let cancelled = tx.execute(
            "UPDATE occurrences SET state = 'cancelled', live = 0, reason = ?3,
                    decision = NULL, updated_at = ?2
              WHERE schedule = ?1 AND state IN ('planned', 'retry_wait')",
            &args![
                id,
                stamp,
                reason::stored(Text::new(reasons::REASON_REMOVED))
            ],
        )?;
        tx.commit()?;
        Ok(Removed {
            schedule: id.to_owned(),
            cancelled: cancelled as u64,
            removed_at: stamp,
        })
    }

    /// Hands the occurrence with effect key `key` back to the scheduler at
    /// `now`: one that is `dead`, `manual` or `unknown_effect` becomes
    /// claimable again (`retry_wait`, decided `run`: the operator asked, so
    /// no misfire policy expires it) with the same key, the same row and
    /// its attempts so far; the next tick claims it through the usual claim
    /// path. Fails with `unknown_key`, `invalid_state` (any other state),
    /// or `schedule_disabled` (a disabled or removed schedule claims nothing).
    pub fn retry(&mut self, key: &str, now: Timestamp) -> Result<Queued, LedgerError> {
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let rows = key_rows(&tx, key)?;
        let Some(KeyRow {
            seq,
            id,
            state,
            schedule,
            ..
        }) = rows.iter().find(|r| RETRYABLE.contains(&r.state.as_str()))
        else {
            return Err(match rows.first() {
                None => unknown_key(key),
                Some(_) => {
                    let states: Vec<&str> = rows.iter().map(|r| r.state.as_str()).collect();
                    LedgerError::new(
                        "invalid_state",
                        Text::new(says::LEDGER_RETRY_STATE)
                            .with("key", key)
                            .with("states", states.join("`, `")),
                    )
                    .with_field("key")
                }
            });
        };
        refuse_unless_enabled(&tx, schedule)?;
        tx.execute(
            "UPDATE occurrences SET state = 'retry_wait', decision = 'run', due_at = ?2,
                    updated_at = ?2, lease_until = NULL, reason = ?3
              WHERE seq = ?1",
            &args![
                seq,
                stamp,
                reason::stored(Text::new(reasons::REASON_RETRIED).with("state", state))
            ],
        )?;
        let queued = Queued {
            key: key.to_owned(),
            occurrence: id.clone(),
            from: state.clone(),
            due_at: stamp,
        };
        tx.commit()?;
        Ok(queued)
    }

    /// Adds one occurrence of schedule `id` at `now`, run by hand: its key
    /// is `<id>|manual|<now>` (never a calendar key, whose nominal has no
    /// offset), it takes no logical slot (`live` is 0: a calendar occurrence
    /// at the same instant still runs, and `latest_only` does not weigh it), and it is claimable at once through the usual
    /// claim path. Fails with `unknown_schedule`, `schedule_disabled`, or
    /// `already_triggered` for a second trigger in the same second.
    pub fn trigger(&mut self, id: &str, now: Timestamp) -> Result<Queued, LedgerError> {
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let revision: i64 = tx
            .query_opt(
                "SELECT revision FROM schedules WHERE id = ?1",
                &args![id],
                |r| r.get(0),
            )?
            .ok_or_else(|| unknown_schedule(id))?;
        refuse_unless_enabled(&tx, id)?;
        let nominal = crate::format::manual_nominal(now);
        let key = crate::format::manual_key(id, now);
        let inserted = tx.execute(
            "INSERT INTO occurrences (schedule, revision, nominal, fold, doubled, instant, at,
                                      status, tzdb, notes, state, decision, reason, due_at,
                                      planned_at, live, key)
             VALUES (?1, ?2, ?3, 0, 0, ?4, ?4, 'manual', ?5, NULL, 'planned', 'run',
                     ?7, ?4, ?4, 0, ?6)
             ON CONFLICT DO NOTHING",
            &args![
                id,
                revision,
                nominal,
                stamp,
                crate::zone::tzdb_version(),
                key,
                reason::stored(Text::new(reasons::REASON_TRIGGERED))
            ],
        )?;
        if inserted == 0 {
            return Err(LedgerError::new(
                "already_triggered",
                Text::new(says::LEDGER_TRIGGERED)
                    .with("id", id)
                    .with("at", instant_arg(&stamp)),
            )
            .with_field("id"));
        }
        tx.commit()?;
        Ok(Queued {
            key,
            occurrence: format!("{id}|r{revision}|{nominal}|0"),
            from: "new".to_owned(),
            due_at: stamp,
        })
    }

    /// Deletes terminal occurrences whose instant (or transition) is
    /// before `before`, with their attempts, keeping each schedule's newest
    /// terminal occurrence (its last result). Effect records stay, without
    /// their occurrence, so a key recorded done never runs again. Works in
    /// write transactions of about the ledger's batch size (`BATCH_ROWS`)
    /// with a pause between them, so the scheduler goes on meanwhile.
    pub fn prune(&mut self, before: Timestamp) -> Result<PruneReport, LedgerError> {
        let bound = fmt_instant(before);
        let mut report = PruneReport {
            before: bound.clone(),
            ..PruneReport::default()
        };
        // Each schedule's newest terminal instant stays, and everything at it.
        let newest: Vec<(String, String)> = self.store.query_map(
            &format!(
                "SELECT schedule, max(at) FROM occurrences WHERE state IN {TERMINAL} GROUP BY schedule
                  ORDER BY schedule"
            ),
            &args![],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let batch = self.batch as i64;
        let pick = format!(
            "SELECT seq FROM occurrences WHERE schedule = ?1 AND at < ?2 AND state IN {TERMINAL}
              ORDER BY seq LIMIT ?3"
        );
        for (schedule, last) in newest {
            let upto = if last.as_str() < bound.as_str() {
                last
            } else {
                bound.clone()
            };
            loop {
                if report.batches > 0 {
                    std::thread::sleep(self.batch_pause());
                }
                let tx = self.store.write(Gate::Exclusive)?;
                let mut states: BTreeMap<String, u64> = BTreeMap::new();
                tx.each_row(
                    &format!("SELECT state, count(*) FROM occurrences WHERE seq IN ({pick}) GROUP BY state"),
                    &args![schedule, upto, batch],
                    &mut |r| {
                        states.insert(r.get(0)?, r.get(1)?);
                        Ok(())
                    },
                )?;
                let n: u64 = states.values().sum();
                if n == 0 {
                    tx.commit()?;
                    break;
                }
                let chosen = args![schedule, upto, batch];
                raise_high_water(&tx, &schedule, &pick, &chosen)?;
                report.attempts += tx.execute(
                    &format!("DELETE FROM attempts WHERE occurrence IN ({pick})"),
                    &chosen,
                )? as u64;
                report.effects_kept += tx.execute(
                    &format!(
                        "UPDATE effects SET occurrence = NULL
                          WHERE key IN (SELECT key FROM occurrences WHERE seq IN ({pick}))
                            AND occurrence IN ({pick})"
                    ),
                    &chosen,
                )? as u64;
                tx.execute(
                    &format!("DELETE FROM occurrences WHERE seq IN ({pick})"),
                    &chosen,
                )?;
                tx.commit()?;
                report.batches += 1;
                for (state, k) in states {
                    *report.occurrences.entry(state).or_default() += k;
                }
                if n < self.batch as u64 {
                    break;
                }
            }
        }
        Ok(report)
    }

    /// Calls `each` with every occurrence `query` selects, one row at a
    /// time in identity order (schedule, nominal, fold, revision), never
    /// holding more than one: a listing of any size runs in constant memory.
    pub fn each_occurrence(
        &self,
        query: &OccurrenceQuery,
        each: &mut dyn FnMut(Occurrence) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        let f = &query.filter;
        self.check_filter(f)?;
        let (schedule, nominal) = match f.key.as_deref() {
            None => (f.schedule.as_deref(), None),
            Some(key) => match split_key(key) {
                Some((s, n)) if f.schedule.as_deref().is_none_or(|x| x == s) => (Some(s), Some(n)),
                _ => return Ok(()),
            },
        };
        let since = query.since.map(fmt_instant);
        let until = query.until.map(fmt_instant);
        let mut terms: Vec<String> = Vec::new();
        let mut values: Vec<SqlValue> = Vec::new();
        let given = [
            ("o.schedule = ", schedule),
            ("o.nominal = ", nominal),
            ("o.key = ", f.key.as_deref()),
            ("o.state = ", f.state.as_deref()),
            ("o.at >= ", since.as_deref()),
            ("o.at < ", until.as_deref()),
        ];
        for (term, value) in given {
            if let Some(v) = value {
                values.push(SqlValue::from(v));
                terms.push(format!("{term}?{}", values.len()));
            }
        }
        let filter = match terms.is_empty() {
            true => String::new(),
            false => format!("WHERE {}", terms.join(" AND ")),
        };
        let limit = match query.limit {
            Some(n) => {
                values.push(SqlValue::Int(i64::try_from(n).unwrap_or(i64::MAX)));
                format!(" LIMIT ?{}", values.len())
            }
            None => String::new(),
        };
        // The identity index gives this order without a sort, which would
        // otherwise hold every row at once.
        let sql = format!(
            "SELECT {OCCURRENCE_COLUMNS} {filter}
              ORDER BY o.schedule, o.nominal, o.fold, o.revision{limit}"
        );
        self.store
            .each_row(&sql, &values, &mut |r| each(occurrence(r)?))
    }
}

/// Before `prune` deletes the rows `pick` selects, raises their schedule's
/// high-water mark to the newest instant among them that ran or was
/// decided: what a cutover may not reach back over outlives the rows.
fn raise_high_water(
    tx: &Tx<'_>,
    schedule: &str,
    pick: &str,
    chosen: &[SqlValue],
) -> Result<(), LedgerError> {
    let newest: Option<String> = tx.query_row(
        &format!("SELECT max(at) FROM occurrences WHERE seq IN ({pick}) AND {SERVED}"),
        chosen,
        |r| r.get(0),
    )?;
    if let Some(at) = newest {
        tx.execute(
            "UPDATE schedules SET high_water = ?2
              WHERE id = ?1 AND (high_water IS NULL OR high_water < ?2)",
            &args![schedule, at],
        )?;
    }
    Ok(())
}

/// Moves every `unknown_effect` occurrence unsettled since before `now -
/// after` to `manual`, in the caller's write transaction: it stays out of
/// the scheduler's way, is counted in `stats` and `schedules`, and waits for
/// `reconcile` or `retry`. How many moved.
pub(crate) fn escalate(
    tx: &Tx<'_>,
    now: Timestamp,
    after: SignedDuration,
) -> Result<u64, LedgerError> {
    let stamp = fmt_instant(now);
    let bound = fmt_instant(super::add(now, -after));
    // The reason it had (the lease that ran out) goes inside the new one.
    let (before, after) = Text::new(reasons::REASON_ESCALATED)
        .with("after", Arg::Duration(after))
        .stored_around("before");
    let n = tx.execute(
        "UPDATE occurrences SET state = 'manual', updated_at = ?1,
                reason = ?3 || coalesce(reason, '\"\"') || ?4
          WHERE state = 'unknown_effect' AND coalesce(updated_at, planned_at) <= ?2",
        &args![stamp, bound, before, after],
    )?;
    Ok(n as u64)
}

/// Whether an `unknown_effect` is old enough for [`escalate`] (a read, so a
/// tick with nothing to do writes nothing).
pub(crate) const ESCALATE_PENDING: &str = "EXISTS (SELECT 1 FROM occurrences
     WHERE state = 'unknown_effect' AND coalesce(updated_at, planned_at) <= ?2)";

/// A writing command on a SQLite file this user may only read.
pub(crate) fn read_only_file(path: &Path) -> LedgerError {
    LedgerError::new(
        "ledger_read_only",
        Text::new(says::LEDGER_READ_ONLY).with("path", path.display().to_string()),
    )
    .with_field("db")
}

fn refuse_unless_enabled(tx: &Tx<'_>, id: &str) -> Result<(), LedgerError> {
    let (enabled, removed): (bool, Option<String>) = tx.query_row(
        "SELECT enabled, removed_at FROM schedules WHERE id = ?1",
        &args![id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if let Some(at) = removed {
        return Err(already_removed(id, &at));
    }
    if !enabled {
        return Err(LedgerError::new(
            "schedule_disabled",
            Text::new(says::LEDGER_DISABLED).with("id", id),
        )
        .with_field("id"));
    }
    Ok(())
}

/// An instant the ledger wrote, as a sentence prints one
/// (`2026-06-01T09:00:00Z`, `协调世界时2026年6月1日09:00`).
fn instant_arg(text: &str) -> Arg {
    text.parse()
        .map_or_else(|_| Arg::Str(text.to_owned()), Arg::Instant)
}

pub(crate) fn already_removed(id: &str, at: &str) -> LedgerError {
    LedgerError::new(
        "schedule_removed",
        Text::new(says::LEDGER_REMOVED)
            .with("id", id)
            .with("at", instant_arg(at)),
    )
    .with_field("id")
}

impl Ledger {
    /// Opens an existing ledger for reading only (`occurrences`, `stats`,
    /// `explain`, `schedules`, `show`): a SQLite file opened read-only, so
    /// a file the user may read but not write works; on PostgreSQL a role
    /// with `SELECT` rights only. Nothing is migrated: a ledger behind this
    /// build's schema fails with `ledger_outdated`.
    pub fn open_read_only(location: &Location, busy: Duration) -> Result<Ledger, LedgerError> {
        let store = match location {
            Location::Sqlite(path) => {
                open_sqlite_read_only(path, busy).map_err(|e| super::naming(location, e))?
            }
            Location::Postgres(target) => super::store::connect_postgres(target, busy)?,
        };
        let v = super::schema::version(&store).map_err(|e| super::naming(location, e))?;
        let latest = super::schema::latest(store.dialect());
        if v == 0 {
            return Err(LedgerError::new(
                "not_a_ledger",
                Text::new(says::LEDGER_NOT_LEDGER).with("location", location.to_string()),
            )
            .with_field("db"));
        }
        if v > latest {
            return Err(super::schema::too_new(v, latest));
        }
        if v < latest {
            return Err(LedgerError::new(
                "ledger_outdated",
                Text::new(says::LEDGER_OUTDATED)
                    .with("location", location.to_string())
                    .with("version", v)
                    .with("latest", latest),
            )
            .with_field("db"));
        }
        Ok(Ledger::on(store))
    }
}

/// Opens a SQLite ledger file read-only. WAL readers need the shared-memory
/// file beside the ledger (`<file>-shm`): when it is missing and the folder
/// is not writable, the error names the folder.
fn open_sqlite_read_only(path: &Path, busy: Duration) -> Result<Store, LedgerError> {
    if path.is_dir() {
        return Err(super::a_directory(path));
    }
    if !path.exists() {
        return Err(super::not_found(path));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let opened = Connection::open_with_flags(path, flags)
        .map_err(LedgerError::from)
        .and_then(|conn| {
            conn.busy_timeout(busy)?;
            conn.pragma_update(None, "cache_size", super::CACHE_KIB)?;
            // The first read maps the WAL index: this is where a missing
            // `-shm` in an unwritable folder shows.
            conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
                r.get::<_, i64>(0)
            })?;
            Ok(conn)
        });
    match opened {
        Ok(conn) => Ok(Store::Sqlite(conn)),
        // The shared-memory file shows as a file SQLite cannot open or
        // write; a locked or corrupt ledger says so as it is.
        Err(e) if e.code() != "database_error" && e.code() != "ledger_not_found" => Err(e),
        Err(e) => {
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            Err(LedgerError::new(
                "ledger_unreadable",
                Text::new(says::LEDGER_UNREADABLE)
                    .with("path", path.display().to_string())
                    .with("why", e.message())
                    .with("folder", folder.display().to_string()),
            )
            .with_field("db"))
        }
    }
}
