//! Materialising occurrences (`plan`) and re-resolving them under a new tz
//! database (`replan`).

use std::collections::HashMap;

use jiff::{SignedDuration, Timestamp};

use super::error::{LedgerError, internal};
use super::model::{Moved, PlanReport, ReplanReport};
use super::reason;
use super::store::{Dialect, Gate, Sql, SqlValue, Tx, args};
use super::{CACHE_KIB, Ledger, PLAN_CACHE_KIB, add, load_schedule, parse_ts};
use crate::format::{fmt_instant, fmt_nominal};
use crate::lang::{Arg, Lang, Text, input_errors as says, ledger as reasons};
use crate::plan::{Entry, ExpandOptions, Status, expand};
use crate::spec::Schedule;

/// Most executions one expansion in [`Ledger::plan`] lists: half of
/// [`crate::MAX_ENTRIES`], leaving room for the skipped and merged entries
/// that come with them.
pub const PLAN_WINDOW: usize = crate::plan::MAX_ENTRIES / 2;

/// The longest horizon [`Ledger::plan`] takes: a year and a day. One plan
/// is one write transaction; a minutely schedule over ten years would be
/// five million rows holding the write lock for minutes.
pub const MAX_HORIZON: SignedDuration = SignedDuration::from_hours(366 * 24);

/// The narrowest window `plan` falls back to before giving up.
const MIN_WINDOW: usize = 1_000;

/// One revision's range and spec.
pub(crate) struct Revision {
    pub(crate) revision: u32,
    pub(crate) spec: String,
    pub(crate) cutover: Option<Timestamp>,
    pub(crate) until: Option<Timestamp>,
}

pub(crate) fn revisions(tx: &impl Sql, schedule: &str) -> Result<Vec<Revision>, LedgerError> {
    let st = "SELECT revision, spec, cutover, until FROM revisions WHERE schedule = ?1 ORDER BY revision";
    let rows = tx.query_map(st, &args![schedule], |r| {
        Ok((
            r.get::<u32>(0)?,
            r.get::<String>(1)?,
            r.get::<Option<String>>(2)?,
            r.get::<Option<String>>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for (revision, spec, cutover, until) in rows {
        out.push(Revision {
            revision,
            spec,
            cutover: cutover.as_deref().map(parse_ts).transpose()?,
            until: until.as_deref().map(parse_ts).transpose()?,
        });
    }
    Ok(out)
}

/// Rows a plan buffers before writing them in time order.
const PLAN_BUFFER: usize = 200_000;

/// An occurrence a plan is about to insert.
struct NewRow {
    at: Timestamp,
    schedule: String,
    revision: u32,
    nominal: String,
    key: String,
    fold: u8,
    doubled: bool,
    instant: Option<String>,
    status: &'static str,
    notes: Option<String>,
    state: &'static str,
    reason: Option<String>,
}

/// Inserts `rows` (emptying it) in time order, across schedules: row ids
/// then follow due time, so the occurrences one tick claims and marks done
/// sit on a few neighbouring pages instead of one page per schedule.
fn insert_rows(
    tx: &Tx<'_>,
    rows: &mut Vec<NewRow>,
    tzdb: &str,
    stamp: &str,
    report: &mut PlanReport,
) -> Result<(), LedgerError> {
    // Sorts positions, not the rows themselves (moving whole rows costs a
    // sixth of a plan); the position breaks ties, so equal instants keep
    // schedule and expansion order.
    let mut order: Vec<u32> = (0..rows.len() as u32).collect();
    order.sort_unstable_by_key(|&i| (rows[i as usize].at, i));
    match tx.dialect() {
        Dialect::Sqlite => insert_one_by_one(tx, rows, &order, tzdb, stamp, report)?,
        Dialect::Postgres => insert_many_at_once(tx, rows, &order, tzdb, stamp, report)?,
    }
    rows.clear();
    Ok(())
}

/// The columns a plan writes; `due_at` repeats `at`.
const INSERT_COLUMNS: &str = "INSERT INTO occurrences
       (schedule, revision, nominal, fold, doubled, instant, at, status, tzdb,
        notes, state, reason, key, due_at, planned_at)";

/// Arguments per row: [`INSERT_COLUMNS`] but for `tzdb`, `due_at` and
/// `planned_at`.
const ROW_ARGS: usize = 12;

/// One row's arguments, in [`INSERT_COLUMNS`] order but for `tzdb`,
/// `due_at` and `planned_at`.
fn row_args(row: &NewRow) -> [SqlValue; ROW_ARGS] {
    args![
        row.schedule,
        row.revision,
        row.nominal,
        row.fold,
        row.doubled,
        row.instant,
        fmt_instant(row.at),
        row.status,
        row.notes,
        row.state,
        row.reason,
        row.key,
    ]
}

/// Counts an inserted row of state `state`.
fn count_inserted(report: &mut PlanReport, state: &str) {
    report.inserted += 1;
    match state {
        "gap_skipped" => report.gap_skipped += 1,
        "coalesced" => report.merged += 1,
        _ => {}
    }
}

/// SQLite: one prepared statement per row is as fast as SQLite inserts.
fn insert_one_by_one(
    tx: &Tx<'_>,
    rows: &[NewRow],
    order: &[u32],
    tzdb: &str,
    stamp: &str,
    report: &mut PlanReport,
) -> Result<(), LedgerError> {
    let insert = format!(
        "{INSERT_COLUMNS}
         VALUES (?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?1, ?11, ?12, ?13, ?14, ?9, ?2)
         ON CONFLICT DO NOTHING"
    );
    let mut values: Vec<SqlValue> = args![tzdb, stamp].to_vec();
    for &i in order {
        let row = &rows[i as usize];
        values.truncate(2);
        values.extend(row_args(row));
        if tx.execute(&insert, &values)? == 1 {
            count_inserted(report, row.state);
        }
    }
    Ok(())
}

/// Most rows one PostgreSQL insert statement carries.
const ROWS_PER_STATEMENT: usize = 512;

/// PostgreSQL: a round trip per row would be most of the cost, so rows go
/// in multi-row statements of [`ROWS_PER_STATEMENT`], then halving sizes
/// for the rest (a handful of distinct statements, each prepared once).
/// `RETURNING` names what was inserted (a conflict inserts nothing).
fn insert_many_at_once(
    tx: &Tx<'_>,
    rows: &[NewRow],
    order: &[u32],
    tzdb: &str,
    stamp: &str,
    report: &mut PlanReport,
) -> Result<(), LedgerError> {
    let mut rest = order;
    while !rest.is_empty() {
        let size = chunk_size(rest.len());
        let (chunk, tail) = rest.split_at(size);
        rest = tail;
        let mut values: Vec<SqlValue> = args![tzdb, stamp].to_vec();
        for &i in chunk {
            values.extend(row_args(&rows[i as usize]));
        }
        let inserted = tx.query_map(&multi_row_insert(size), &values, |r| r.get::<String>(0))?;
        for state in inserted {
            count_inserted(report, &state);
        }
    }
    Ok(())
}

/// [`ROWS_PER_STATEMENT`], or the largest power of two not above `left`.
fn chunk_size(left: usize) -> usize {
    if left >= ROWS_PER_STATEMENT {
        ROWS_PER_STATEMENT
    } else {
        1 << left.ilog2()
    }
}

/// An insert of `n` rows: `?1` is the tz database, `?2` the plan's
/// instant, then [`ROW_ARGS`] arguments per row.
fn multi_row_insert(n: usize) -> String {
    let mut sql = format!("{INSERT_COLUMNS} VALUES ");
    for r in 0..n {
        let p = |k: usize| format!("?{}", 3 + r * ROW_ARGS + k);
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "({}, {}, {}, {}, {}, {}, {}, {}, ?1, {}, {}, {}, {}, {}, ?2)",
            p(0),
            p(1),
            p(2),
            p(3),
            p(4),
            p(5),
            p(6),
            p(7),
            p(8),
            p(9),
            p(10),
            p(11),
            p(6)
        ));
    }
    sql.push_str(" ON CONFLICT DO NOTHING RETURNING state");
    sql
}

/// The notes as stored: NULL when there are none (most rows). The ledger
/// keeps its words in English, whatever language the command speaks.
fn notes_json(entry: &Entry) -> Option<String> {
    if entry.notes().is_empty() {
        return None;
    }
    let _english = Lang::En.speak();
    serde_json::to_string(entry.notes()).ok()
}

/// What an expansion entry becomes in the ledger: its state, instant,
/// position on the time line and reason.
pub(super) fn ledger_state(
    entry: &Entry,
) -> Option<(&'static str, Option<Timestamp>, Timestamp, Option<String>)> {
    match entry.status() {
        Status::Scheduled | Status::Shifted => {
            let at = entry.instant()?;
            Some(("planned", Some(at), at, None))
        }
        // A local time that never existed: terminal, with its note.
        Status::Skipped => {
            let at = entry.transition()?;
            let why = entry
                .notes()
                .first()
                .map(|n| reason::stored(n.text().clone()));
            Some(("gap_skipped", None, at, why))
        }
        // Same instant as an earlier nominal: one instant, one execution.
        Status::Merged => {
            let at = entry.instant()?;
            let why = entry.merged_into().map(|n| {
                reason::stored(Text::new(reasons::REASON_MERGED).with("nominal", Arg::Nominal(n)))
            });
            Some(("coalesced", Some(at), at, why))
        }
    }
}

impl Ledger {
    /// Plans, up to and including `now`, every enabled schedule whose
    /// cursor is not past `now`; the rows it inserted. A tick starts with
    /// this: after an outage, occurrences no plan has materialised yet are
    /// missed too, and the misfire decisions (`maxCatchUp`, `latest_only`)
    /// must see all of them at once, not in slices as later plans add them.
    /// When every cursor is ahead of `now` (a scheduler that plans), one
    /// read and nothing else.
    pub fn plan_missed(&mut self, now: Timestamp) -> Result<u64, LedgerError> {
        let behind: bool = self.store.query_row("SELECT EXISTS (SELECT 1 FROM schedules WHERE enabled = 1 AND (cursor IS NULL OR cursor <= ?1))", &args![fmt_instant(now)], |r| r.get(0))?;
        if !behind {
            return Ok(0);
        }
        Ok(self.plan(now, SignedDuration::from_secs(1))?.inserted)
    }

    /// Materialises every enabled schedule's occurrences up to
    /// `now + horizon`, from each schedule's cursor, idempotently: the
    /// identity is inserted `ON CONFLICT DO NOTHING`, so re-running changes nothing, and
    /// the logical slot `(schedule, instant)` keeps one live occurrence per
    /// instant across revisions. Gap-skipped entries are recorded
    /// `gap_skipped` and merged ones `coalesced`, with their notes.
    pub fn plan(
        &mut self,
        now: Timestamp,
        horizon: SignedDuration,
    ) -> Result<PlanReport, LedgerError> {
        if horizon.is_negative() || horizon > MAX_HORIZON {
            return Err(LedgerError::new(
                "invalid_duration",
                crate::lang::Text::new(crate::lang::input_errors::LEDGER_HORIZON),
            )
            .with_field("horizon"));
        }
        // Every occurrence a plan writes names a revision it read in the
        // same write transaction, so the foreign-key probe into `revisions`
        // SQLite makes for each row can only succeed: it is switched off for
        // the plan's transaction, and the page cache enlarged, and both are
        // set back after it, however that ends.
        let Some(conn) = self.store.sqlite() else {
            return self.plan_rows(now, add(now, horizon));
        };
        conn.pragma_update(None, "foreign_keys", false)?;
        let planned = conn
            .pragma_update(None, "cache_size", PLAN_CACHE_KIB)
            .map_err(LedgerError::from)
            .and_then(|()| self.plan_rows(now, add(now, horizon)));
        let conn = self
            .store
            .sqlite()
            .ok_or_else(|| internal("the store changed"))?;
        let restored = conn
            .pragma_update(None, "foreign_keys", true)
            .and_then(|()| conn.pragma_update(None, "cache_size", CACHE_KIB));
        let report = planned?;
        restored?;
        Ok(report)
    }

    /// [`Ledger::plan`]'s transactions: every enabled schedule up to `end`,
    /// in passes of about [`Ledger::with_batch`] rows. Each pass is one
    /// write transaction that reads the schedules, their cursors and
    /// revisions afresh, plans from the cursors and moves them on, so a
    /// pass cut short by a crash or a full disk leaves the earlier passes
    /// as a consistent, shorter plan. Every pass but the last moves a
    /// cursor forward, so the passes end.
    fn plan_rows(&mut self, now: Timestamp, end: Timestamp) -> Result<PlanReport, LedgerError> {
        let stamp = fmt_instant(now);
        let mut report = PlanReport {
            until: end,
            ..PlanReport::default()
        };
        let mut passes = 0u64;
        loop {
            let mut pass = PlanReport::default();
            let more = self
                .plan_pass(&stamp, end, &mut pass)
                .map_err(|e| e.after_commits(committed_plan(passes, &report)))?;
            passes += 1;
            report.inserted += pass.inserted;
            report.gap_skipped += pass.gap_skipped;
            report.merged += pass.merged;
            report.schedules += pass.schedules;
            report.windows += pass.windows;
            if !more {
                return Ok(report);
            }
            std::thread::sleep(self.batch_pause());
        }
    }

    /// One pass of a plan: true when it stopped at the batch size with more
    /// to plan.
    fn plan_pass(
        &mut self,
        stamp: &str,
        end: Timestamp,
        report: &mut PlanReport,
    ) -> Result<bool, LedgerError> {
        let budget = self.batch;
        let tzdb = crate::zone::tzdb_version();
        let tx = self.store.write(Gate::Exclusive)?;
        let schedules: Vec<(String, Option<String>)> = {
            let st = "SELECT id, cursor FROM schedules WHERE enabled = 1 ORDER BY id";
            tx.query_map(st, &args![], |r| Ok((r.get(0)?, r.get(1)?)))?
        };
        let mut rows = Vec::new();
        let mut pushed = 0usize;
        let mut more = false;
        for (id, cursor) in schedules {
            let cursor = cursor.as_deref().map(parse_ts).transpose()?;
            if cursor.is_some_and(|c| c >= end) {
                continue;
            }
            if pushed >= budget {
                more = true;
                break;
            }
            let before = rows.len();
            let reached = plan_schedule(&tx, &id, cursor, end, budget - pushed, &mut rows, report)?;
            pushed += rows.len() - before;
            if reached == end {
                report.schedules += 1;
            }
            tx.execute(
                "UPDATE schedules SET cursor = ?2 WHERE id = ?1",
                &args![id, fmt_instant(reached)],
            )?;
            if rows.len() >= PLAN_BUFFER {
                insert_rows(&tx, &mut rows, tzdb, stamp, report)?;
            }
            if reached < end {
                more = true;
                break;
            }
        }
        insert_rows(&tx, &mut rows, tzdb, stamp, report)?;
        tx.commit()?;
        Ok(more)
    }

    /// Re-resolves every pending occurrence that was never attempted and
    /// whose recorded tz database differs from the bundled one
    /// ([`crate::tzdb_version`]): same identity and key, new instant, a
    /// `tzdb_changed` note when it moved. Reports which schedules moved.
    ///
    /// An occurrence already attempted (`retry_wait`, `running`,
    /// `unknown_effect`, or planned again after a reconcile) keeps its
    /// instant: its key may already have run at that instant, and moving it
    /// would make its retry look like a second run. When the new tz
    /// database would have moved it, it gets a `tzdb_kept` note saying from
    /// where to where, once, and is listed in [`ReplanReport::kept`].
    pub fn replan(&mut self, now: Timestamp) -> Result<ReplanReport, LedgerError> {
        let tzdb = crate::zone::tzdb_version();
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let rows = stale_rows(&tx, tzdb)?;
        let mut report = ReplanReport {
            tzdb: tzdb.to_owned(),
            ..ReplanReport::default()
        };
        let mut groups: Vec<(String, u32, Vec<&StaleRow>)> = Vec::new();
        for row in &rows {
            match groups.last_mut() {
                Some((s, r, list)) if *s == row.schedule && *r == row.revision => list.push(row),
                _ => groups.push((row.schedule.clone(), row.revision, vec![row])),
            }
        }
        for (schedule_id, revision, list) in groups {
            let moved =
                replan_revision(&tx, &schedule_id, revision, &list, now, &stamp, &mut report)?;
            if moved {
                report.schedules.push(schedule_id);
            }
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('tzdb', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            &args![tzdb],
        )?;
        tx.commit()?;
        Ok(report)
    }
}

/// A pending occurrence resolved under another tz database.
struct StaleRow {
    seq: i64,
    schedule: String,
    revision: u32,
    key: String,
    instant: Option<String>,
    at: Timestamp,
    tzdb: String,
    notes: Option<String>,
    attempts: u32,
}

impl StaleRow {
    /// Its notes as JSON values.
    fn notes(&self) -> Vec<serde_json::Value> {
        self.notes
            .as_deref()
            .and_then(|n| serde_json::from_str(n).ok())
            .unwrap_or_default()
    }
}

/// The pending occurrences whose tz database is not `tzdb`, grouped by
/// schedule and revision, in time order.
fn stale_rows(tx: &Tx<'_>, tzdb: &str) -> Result<Vec<StaleRow>, LedgerError> {
    let st = "SELECT seq, schedule, revision, key, instant, at, tzdb, notes, attempts
           FROM occurrences
          WHERE state IN ('planned', 'retry_wait', 'running', 'unknown_effect')
            AND tzdb <> ?1
          ORDER BY schedule, revision, at";
    let rows = tx.query_map(st, &args![tzdb], |r| {
        Ok((
            r.get::<i64>(0)?,
            r.get::<String>(1)?,
            r.get::<u32>(2)?,
            r.get::<String>(3)?,
            r.get::<Option<String>>(4)?,
            r.get::<String>(5)?,
            r.get::<String>(6)?,
            r.get::<Option<String>>(7)?,
            r.get::<u32>(8)?,
        ))
    })?;
    let mut out = Vec::new();
    for (seq, schedule, revision, key, instant, at, tzdb, notes, attempts) in rows {
        out.push(StaleRow {
            seq,
            schedule,
            revision,
            key,
            instant,
            at: parse_ts(&at)?,
            tzdb,
            notes,
            attempts,
        });
    }
    Ok(out)
}

/// Re-resolves one revision's stale rows: expands it over their span
/// (widened: offsets move by hours, never by more than a couple of days)
/// and rewrites each row, or keeps an attempted one's instant. True when
/// an instant moved.
fn replan_revision(
    tx: &Tx<'_>,
    schedule_id: &str,
    revision: u32,
    list: &[&StaleRow],
    now: Timestamp,
    stamp: &str,
    report: &mut ReplanReport,
) -> Result<bool, LedgerError> {
    let tzdb = crate::zone::tzdb_version();
    let reach = SignedDuration::from_hours(72);
    let spec: String = tx
        .query_opt(
            "SELECT spec FROM revisions WHERE schedule = ?1 AND revision = ?2",
            &args![schedule_id, revision],
            |r| r.get(0),
        )?
        .ok_or_else(|| internal("an occurrence without its revision"))?;
    let schedule: Schedule = load_schedule(&spec)?;
    let lo = list.iter().map(|r| r.at).min().unwrap_or(now);
    let hi = list.iter().map(|r| r.at).max().unwrap_or(now);
    let options = ExpandOptions::new()
        .from(add(lo, -reach))
        .to(add(hi, reach));
    let expansion = expand(&schedule, &options)?;
    let by_key: HashMap<String, &Entry> =
        expansion.entries().iter().map(|e| (e.key(), e)).collect();
    let mut moved_here = false;
    for row in list {
        let entry = by_key.get(&row.key).copied();
        let new_instant = entry.and_then(|e| e.instant()).map(fmt_instant);
        let moved = (new_instant != row.instant).then(|| Moved {
            schedule: schedule_id.to_owned(),
            key: row.key.clone(),
            from_tzdb: row.tzdb.clone(),
            from: row.instant.clone(),
            to: new_instant.clone(),
        });
        if row.attempts > 0 {
            report
                .kept
                .extend(keep(tx, row.seq, moved, row.notes(), tzdb, stamp)?);
            continue;
        }
        report.checked += 1;
        rewrite(tx, row, entry, moved.as_ref(), stamp)?;
        if let Some(m) = moved {
            moved_here = true;
            report.moved.push(m);
        }
    }
    Ok(moved_here)
}

/// Rewrites a never-attempted row as the new tz database resolves it (its
/// entry, or cancelled when the rule no longer generates it), with a
/// `tzdb_changed` note when its instant moved.
fn rewrite(
    tx: &Tx<'_>,
    row: &StaleRow,
    entry: Option<&Entry>,
    moved: Option<&Moved>,
    stamp: &str,
) -> Result<(), LedgerError> {
    let tzdb = crate::zone::tzdb_version();
    let _english = Lang::En.speak();
    let mut notes = match entry {
        Some(e) => serde_json::to_value(e.notes())
            .ok()
            .and_then(|v| v.as_array().cloned())
            .unwrap_or_default(),
        None => row.notes(),
    };
    if let Some(m) = moved {
        notes.push(serde_json::json!({
            "code": "tzdb_changed",
            "message": format!(
                "tz database {} → {tzdb}: the instant moved from {} to {}",
                m.from_tzdb,
                m.from.as_deref().unwrap_or("none"),
                m.to.as_deref().unwrap_or("none (the local time no longer exists)")
            ),
        }));
    }
    let notes = (!notes.is_empty()).then(|| serde_json::Value::Array(notes).to_string());
    match entry.and_then(ledger_state) {
        Some((state, instant, at, reason)) => {
            tx.execute(
                "UPDATE occurrences SET instant = ?2, at = ?3, due_at = ?3, state = ?4,
                        reason = ?5, status = ?6, notes = ?7, tzdb = ?8,
                        decision = NULL, updated_at = ?9
                  WHERE seq = ?1",
                &args![
                    row.seq,
                    instant.map(fmt_instant),
                    fmt_instant(at),
                    state,
                    reason,
                    entry.map(|e| e.status().as_str()),
                    notes,
                    tzdb,
                    stamp
                ],
            )?;
        }
        None => {
            tx.execute(
                "UPDATE occurrences SET state = 'cancelled', live = 0, notes = ?2, tzdb = ?3,
                        reason = ?5, decision = NULL, updated_at = ?4
                  WHERE seq = ?1",
                &args![
                    row.seq,
                    notes,
                    tzdb,
                    stamp,
                    reason::stored(Text::new(reasons::REASON_NOT_GENERATED).with("tzdb", tzdb))
                ],
            )?;
        }
    }
    Ok(())
}

/// The row an expansion entry of schedule `id`'s revision `revision` becomes.
fn new_row(
    id: &str,
    revision: u32,
    schedule: &Schedule,
    entry: &Entry,
) -> Result<NewRow, LedgerError> {
    let Some((state, instant, at, reason)) = ledger_state(entry) else {
        return Err(internal("an expansion entry without an instant"));
    };
    Ok(NewRow {
        at,
        schedule: id.to_owned(),
        revision,
        nominal: fmt_nominal(entry.nominal()),
        key: entry.key(),
        fold: entry.fold(),
        doubled: schedule.fold() == crate::FoldPolicy::Both,
        instant: instant.map(fmt_instant),
        status: entry.status().as_str(),
        notes: notes_json(entry),
        state,
        reason,
    })
}

/// Plans one schedule from `cursor` to `end` into `rows`, revision by
/// revision. Stops at a window's end once `room` rows are listed: returns
/// how far it planned (exclusive; `end` when done), which becomes the
/// schedule's cursor.
fn plan_schedule(
    tx: &Tx<'_>,
    id: &str,
    cursor: Option<Timestamp>,
    end: Timestamp,
    room: usize,
    rows: &mut Vec<NewRow>,
    report: &mut PlanReport,
) -> Result<Timestamp, LedgerError> {
    let first = rows.len();
    for rev in revisions(tx, id)? {
        let from = match (cursor, rev.cutover) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let to = rev.until.map_or(end, |u| u.min(end));
        if from.is_some_and(|f| f >= to) {
            continue;
        }
        let schedule = load_schedule(&rev.spec)?;
        // A horizon may hold more entries than one expansion may list
        // (`MAX_ENTRIES`: a SECONDLY rule over 14 days): plan it in windows
        // of at most `window` executions, each going on from the previous
        // one's last instant. That instant is listed again (ignored: same
        // identity), so the entries that share it (merged, fold `both`) are
        // not lost at the seam, and it is where a pass cut short resumes.
        let mut window = PLAN_WINDOW.min(room.max(1));
        let mut from = from;
        loop {
            let mut options = ExpandOptions::new().to(to).limit(window);
            if let Some(from) = from {
                options = options.from(from);
            }
            let expansion = match expand(&schedule, &options) {
                Ok(x) => x,
                // Non-executing entries (a SECONDLY rule's skipped gap
                // hour) count against `MAX_ENTRIES` too: narrower.
                Err(e) if e.code().as_str() == "limit_exceeded" && window > MIN_WINDOW => {
                    window /= 2;
                    continue;
                }
                Err(e) => {
                    return Err(LedgerError::from(e)
                        .with_field(format!("schedule `{id}` revision {}", rev.revision)));
                }
            };
            for entry in expansion.entries() {
                rows.push(new_row(id, rev.revision, &schedule, entry)?);
            }
            if expansion.executions().count() < window {
                break;
            }
            let last = expansion.executions().last();
            // Instants strictly increase, so a full window ends past where
            // it began; anything else would loop for ever.
            let Some(last) = last.filter(|&l| Some(l) != from) else {
                return Err(internal("a plan window that does not advance"));
            };
            from = Some(last);
            report.windows += 1;
            if rows.len() - first >= room {
                return Ok(last);
            }
        }
    }
    Ok(end)
}

/// What the passes of a plan committed before one failed, for its error.
fn committed_plan(passes: u64, report: &PlanReport) -> Option<Text> {
    (passes > 0).then(|| {
        Text::new(says::COMMITTED_PLAN)
            .with("n", report.inserted.to_string())
            .with("passes", passes.to_string())
    })
}

/// An attempted occurrence under a new tz database keeps its instant. When
/// it would not have moved, its row is simply current again; when it would
/// have, it says so once (a `tzdb_kept` note) and keeps its old tzdb, so
/// the row still tells which database resolved its instant.
fn keep(
    tx: &Tx<'_>,
    seq: i64,
    would_move: Option<Moved>,
    mut notes: Vec<serde_json::Value>,
    tzdb: &str,
    stamp: &str,
) -> Result<Option<Moved>, LedgerError> {
    let Some(what) = would_move else {
        tx.execute(
            "UPDATE occurrences SET tzdb = ?2 WHERE seq = ?1",
            &args![seq, tzdb],
        )?;
        return Ok(None);
    };
    let noted = notes
        .iter()
        .any(|n| n["code"] == "tzdb_kept" && n["tzdb"] == tzdb);
    if !noted {
        notes.push(serde_json::json!({
            "code": "tzdb_kept",
            "tzdb": tzdb,
            "message": format!(
                "tz database {} → {tzdb} would move it from {} to {}, but it was already attempted: it keeps its instant",
                what.from_tzdb,
                what.from.as_deref().unwrap_or("none"),
                what.to.as_deref().unwrap_or("none (the local time no longer exists)")
            ),
        }));
        tx.execute(
            "UPDATE occurrences SET notes = ?2, updated_at = ?3 WHERE seq = ?1",
            &args![seq, serde_json::Value::Array(notes).to_string(), stamp],
        )?;
    }
    Ok(Some(what))
}
