//! The occurrence ledger and scheduler over SQLite or PostgreSQL (feature
//! `native`).
//!
//! A schedule's rule stays in local time; the ledger materialises its
//! occurrences a bounded horizon ahead ([`Ledger::plan`]), decides every
//! missed one with the core's misfire policy and claims due ones under a
//! lease with a fencing generation ([`Ledger::tick`]), and keeps the history:
//! revisions with UTC cutovers, attempts, effects. Seeds 000 (§3–§6), 001
//! and 003 (§7–§11) are the design.
//!
//! ```
//! # fn main() -> Result<(), wallclock::ledger::LedgerError> {
//! use wallclock::ledger::{Ledger, Outcome};
//! use wallclock::Spec;
//! # let dir = std::env::temp_dir().join(format!("wallclock-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).ok();
//! # let path = dir.join("doc.db");
//! # let _ = std::fs::remove_file(&path);
//! let mut ledger = Ledger::init(&path)?;
//! let spec = Spec::from_json(r#"{"id":"digest","timeZone":"Europe/Berlin",
//!     "start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#)?;
//! ledger.add(&spec)?;
//! let now = "2026-10-20T07:00:30Z".parse().unwrap();
//! ledger.plan(now, jiff::SignedDuration::from_hours(24 * 14))?;
//! let report = ledger.tick(now, "w1", jiff::SignedDuration::from_mins(5), |job, _tx| {
//!     assert_eq!(job.key, "digest|2026-10-20T09:00:00");
//!     Outcome::Done
//! })?;
//! assert_eq!(report.done, 1);
//! # Ok(()) }
//! ```
//!
//! States (lowercase tokens, the same in SQL, JSON and the CLI):
//! `planned` → `running` → `done`; `running` → `retry_wait` → `running`;
//! `running` → `unknown_effect` (lease lost on the last attempt: nobody knows
//! whether the effect happened) → [`Ledger::reconcile`] → `done`,
//! `retry_wait` or `dead`. Terminal: `done`, `coalesced` (a newer
//! occurrence ran in its place, or a merged entry), `skipped`, `expired`,
//! `cancelled`, `dead`, `gap_skipped`.

mod epoch;
mod error;
mod migrate;
mod model;
mod ops;
mod overlap;
mod pg;
mod planner;
mod schema;
pub(crate) mod sentences;
mod shadow;
mod stats;
mod store;
mod update;
mod worker;

use std::path::Path;
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags};

use crate::format::fmt_instant;
use crate::lang::{Arg, Conj, Text, input_errors as says, ledger as reasons};
use crate::spec::{Schedule, Spec};

pub use epoch::EpochBump;
pub use error::LedgerError;
pub use migrate::MigrateReport;
pub use model::{
    Attempt, Explanation, Job, Moved, Occurrence, OccurrenceFilter, Outcome, PlanReport, Reconcile,
    ReplanReport, RetryPolicy, TickReport,
};
pub use ops::{DEFAULT_MANUAL_AFTER, OccurrenceQuery, PruneReport, Queued, Removed, ScheduleView};
pub use pg::PgTarget;
pub use planner::{MAX_HORIZON, PLAN_WINDOW};
pub use schema::{MIGRATIONS, PG_MIGRATIONS, STATES};
pub use shadow::{ShadowDifference, ShadowReport, ShadowSide};
pub(crate) use stats::recorded_at;
pub use stats::{Lateness, Stats};
use store::{Dialect, Gate, Sql, Store, args};
pub use store::{Location, SqlValue, Tx};
pub use update::UpdatePreview;
pub use worker::Finish;

/// Default wait for another connection's write lock.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Most claims one [`Ledger::tick`] makes; a tick that reaches it says so
/// (`truncated`) and the next tick goes on.
pub const MAX_CLAIMS_PER_TICK: usize = 100_000;

/// Most occurrences [`Ledger::tick`] claims, runs and marks done in one
/// write transaction: a tick with n due occurrences costs about
/// n / `CLAIM_BATCH` write transactions instead of 2n.
pub const CLAIM_BATCH: usize = 64;

/// About the most occurrences one write transaction of a plan or of a
/// tick's catch-up writes (the default of [`Ledger::with_batch`]): a plan
/// pass stops at the first expansion window that reaches it, a decision
/// pass decides at most this many. After a long outage of a per-second
/// schedule (1.2 million missed occurrences) the catch-up is some 500
/// short transactions, so another worker's claim waits for one of them at
/// most, and memory holds one batch.
pub const BATCH_ROWS: usize = 5_000;

/// The pause between two batches of a plan or a catch-up: longer than the
/// longest sleep of SQLite's busy handler (100 ms), so a writer waiting
/// for the lock with a busy timeout gets it between two batches instead of
/// losing every race to the next one.
pub(crate) const BATCH_PAUSE: Duration = Duration::from_millis(110);

/// [`BATCH_ROWS`] on PostgreSQL, where a batch's rows are round trips to
/// the server: a batch holds the exclusive write gate about as long as a
/// SQLite batch holds the write lock. No pause follows it there: waiters
/// for the gate queue in order, so a claim waiting for one batch gets the
/// gate before the next batch does.
pub const PG_BATCH_ROWS: usize = 1_000;

/// The occurrences an update hands to its new revision (cancelled, to be
/// planned again): the rule's own that were never attempted and never ran
/// and never will. An occurrence with an attempt was dispatched, whatever
/// its state (a `retry_wait` may already have had its effect), and every
/// other state was decided: a cutover may not reach back over either. A
/// run by hand (status `manual`) is no slot of the rule: the new revision
/// would not plan it again, so an update leaves it to run.
const SUPERSEDABLE: &str = "(attempts = 0 AND status <> 'manual'
     AND (state IN ('planned', 'gap_skipped') OR (state = 'coalesced' AND status = 'merged')))";

/// What a cutover may not reach back over: the rule's occurrences that
/// were dispatched (any attempt) or decided. A `cancelled` occurrence
/// never attempted gave its slot up; a run by hand took no slot.
const SERVED: &str = "(status <> 'manual'
     AND NOT (attempts = 0 AND (state IN ('planned', 'gap_skipped', 'cancelled')
                                OR (state = 'coalesced' AND status = 'merged'))))";

/// An open ledger: one connection to its store, a SQLite file in WAL mode
/// or a PostgreSQL database.
pub struct Ledger {
    store: Store,
    retry: RetryPolicy,
    batch: usize,
    manual_after: SignedDuration,
    /// The execution epoch this connection is pinned to, if any.
    epoch: Option<i64>,
    /// Revisions' timeouts already read (see [`worker::Timeouts`]).
    timeouts: worker::Timeouts,
}

impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ledger")
            .field("store", &self.store)
            .finish()
    }
}

impl Ledger {
    /// Opens an existing SQLite ledger (never creates one). Applies pending
    /// migrations; fails with `ledger_not_found`, `not_a_ledger`,
    /// `database_corrupt` or `ledger_too_new`.
    pub fn open(path: impl AsRef<Path>) -> Result<Ledger, LedgerError> {
        Ledger::open_with(path, DEFAULT_BUSY_TIMEOUT)
    }

    /// [`Ledger::open`] with a busy timeout.
    pub fn open_with(path: impl AsRef<Path>, busy: Duration) -> Result<Ledger, LedgerError> {
        Ledger::open_at(&Location::Sqlite(path.as_ref().to_owned()), busy)
    }

    /// Opens an existing ledger where `db` says: a SQLite file, or a
    /// `postgres://` URL. As [`Ledger::open`] otherwise.
    pub fn open_db(db: &str, busy: Duration) -> Result<Ledger, LedgerError> {
        Ledger::open_at(&Location::parse(db)?, busy)
    }

    /// Opens an existing ledger at `location`.
    pub fn open_at(location: &Location, busy: Duration) -> Result<Ledger, LedgerError> {
        let mut store = match location {
            Location::Sqlite(path) => open_sqlite(path, busy).map_err(|e| naming(location, e))?,
            Location::Postgres(target) => store::connect_postgres(target, busy)?,
        };
        let v = schema::version(&store).map_err(|e| naming(location, e))?;
        if v == 0 {
            let message = match location {
                Location::Sqlite(path) => Text::new(says::LEDGER_SQLITE_NOT_LEDGER)
                    .with("path", path.display().to_string()),
                Location::Postgres(_) => {
                    Text::new(says::LEDGER_PG_NOT_LEDGER).with("location", location.to_string())
                }
            };
            return Err(LedgerError::new("not_a_ledger", message).with_field("db"));
        }
        let latest = schema::latest(store.dialect());
        if v > latest {
            return Err(schema::too_new(v, latest));
        }
        if v < latest {
            schema::migrate(&mut store)?;
        }
        Ok(Ledger::on(store))
    }

    /// Creates (or upgrades) a SQLite ledger: WAL mode, every migration in
    /// one transaction, the tz database version in `meta`. Idempotent.
    pub fn init(path: impl AsRef<Path>) -> Result<Ledger, LedgerError> {
        Ledger::init_with(path, DEFAULT_BUSY_TIMEOUT)
    }

    /// [`Ledger::init`] with a busy timeout.
    pub fn init_with(path: impl AsRef<Path>, busy: Duration) -> Result<Ledger, LedgerError> {
        Ledger::init_at(&Location::Sqlite(path.as_ref().to_owned()), busy)
    }

    /// Creates (or upgrades) a ledger where `db` says: a SQLite file, or
    /// an existing, empty PostgreSQL database by `postgres://` URL.
    pub fn init_db(db: &str, busy: Duration) -> Result<Ledger, LedgerError> {
        Ledger::init_at(&Location::parse(db)?, busy)
    }

    /// Creates (or upgrades) a ledger at `location`. Idempotent.
    pub fn init_at(location: &Location, busy: Duration) -> Result<Ledger, LedgerError> {
        let mut store = match location {
            Location::Sqlite(path) => create_sqlite(path, busy).map_err(|e| naming(location, e))?,
            Location::Postgres(target) => store::connect_postgres(target, busy)?,
        };
        // A ledger is made in a new or empty database only: another
        // application's stays as it is (not even switched to WAL).
        if schema::version(&store).map_err(|e| naming(location, e))? == 0 {
            let tables = schema::foreign_tables(&store)?;
            if !tables.is_empty() {
                return Err(LedgerError::new(
                    "not_a_ledger",
                    Text::new(says::LEDGER_OTHER_DATABASE)
                        .with("location", location.to_string())
                        .with(
                            "tables",
                            Arg::list(
                                tables[..tables.len().min(3)]
                                    .iter()
                                    .map(|t| format!("`{t}`"))
                                    .chain((tables.len() > 3).then(|| "…".to_owned())),
                                Conj::Comma,
                            ),
                        ),
                )
                .with_field("db"));
            }
        }
        if let Some(conn) = store.sqlite() {
            // WAL is a property of the file: set once, here. Readers then
            // never block the writer and the writer never blocks readers.
            let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(LedgerError::new(
                    "database_error",
                    Text::new(says::LEDGER_WAL).with("mode", mode),
                ));
            }
        }
        schema::migrate(&mut store)?;
        store.execute(
            "INSERT INTO meta (key, value) VALUES ('tzdb', ?1) ON CONFLICT (key) DO NOTHING",
            &args![crate::zone::tzdb_version()],
        )?;
        Ok(Ledger::on(store))
    }

    fn on(store: Store) -> Ledger {
        let batch = match store.dialect() {
            Dialect::Sqlite => BATCH_ROWS,
            Dialect::Postgres => PG_BATCH_ROWS,
        };
        Ledger {
            store,
            retry: RetryPolicy::default(),
            batch,
            manual_after: ops::DEFAULT_MANUAL_AFTER,
            epoch: None,
            timeouts: worker::Timeouts::new(),
        }
    }

    /// The pause between two batches of a plan or a catch-up: see
    /// [`BATCH_PAUSE`] and [`PG_BATCH_ROWS`].
    pub(crate) fn batch_pause(&self) -> Duration {
        match self.store.dialect() {
            Dialect::Sqlite => BATCH_PAUSE,
            Dialect::Postgres => Duration::ZERO,
        }
    }

    /// The same ledger with another bound on how long an `unknown_effect`
    /// waits for `reconcile` before a tick moves it to `manual` (default
    /// [`DEFAULT_MANUAL_AFTER`]; at least one second).
    pub fn with_manual_after(mut self, after: SignedDuration) -> Ledger {
        self.manual_after = after.max(SignedDuration::from_secs(1));
        self
    }

    /// The same ledger with another retry policy for failed handlers.
    pub fn with_retry(mut self, retry: RetryPolicy) -> Ledger {
        self.retry = retry;
        self
    }

    /// The same ledger with another batch size for plans and catch-up
    /// decisions: about `rows` occurrences per write transaction (at least
    /// one). Smaller batches hold the write lock for less time each.
    pub fn with_batch(mut self, rows: usize) -> Ledger {
        self.batch = rows.max(1);
        self
    }

    /// Runs a read-only query on the ledger's store (tests, reports):
    /// every row, every column as a [`SqlValue`]. Instants read as their
    /// UTC text on both stores. Write SQL both stores understand.
    pub fn query_rows(&self, sql: &str) -> Result<Vec<Vec<SqlValue>>, LedgerError> {
        self.store
            .query_map(sql, &args![], |r| Ok(r.values().to_vec()))
    }

    /// The SQLite connection of a SQLite ledger (None on PostgreSQL), for
    /// what only SQLite has; [`Ledger::query_rows`] reads either store.
    pub fn connection(&self) -> Option<&Connection> {
        self.store.sqlite()
    }

    /// The store the ledger lives in: `sqlite` or `postgres`.
    pub fn dialect_name(&self) -> &'static str {
        match self.store.dialect() {
            Dialect::Sqlite => "sqlite",
            Dialect::Postgres => "postgres",
        }
    }

    /// The schema version.
    pub fn schema_version(&self) -> Result<i64, LedgerError> {
        schema::version(&self.store)
    }

    /// The tz database version recorded in `meta` (the one the ledger last planned with).
    pub fn recorded_tzdb(&self) -> Result<Option<String>, LedgerError> {
        self.store
            .query_opt("SELECT value FROM meta WHERE key = 'tzdb'", &args![], |r| {
                r.get(0)
            })
    }

    /// Adds a schedule as revision 1 (the spec's `revision` must be 1 or absent).
    /// Fails with `schedule_exists` when the id is taken, or the spec's own error.
    pub fn add(&mut self, spec: &Spec) -> Result<(), LedgerError> {
        self.add_from(spec, None)
    }

    /// [`Ledger::add`], planned from `from` on: occurrences before it are
    /// never materialised (a schedule whose rule started a year ago does
    /// not run a year of occurrences at its first tick). `None` plans from
    /// the rule's start, missed occurrences included.
    pub fn add_from(&mut self, spec: &Spec, from: Option<Timestamp>) -> Result<(), LedgerError> {
        let mut spec = spec.clone();
        if spec.revision != 1 {
            return Err(LedgerError::new(
                "invalid_option",
                Text::new(says::LEDGER_FIRST_REVISION).with("revision", spec.revision),
            )
            .with_field("revision"));
        }
        spec.revision = 1;
        let schedule = Schedule::new(&spec)?;
        let tx = self.store.write(Gate::Exclusive)?;
        let exists: Option<Option<String>> = tx.query_opt(
            "SELECT removed_at FROM schedules WHERE id = ?1",
            &args![&spec.id],
            |r| r.get(0),
        )?;
        if let Some(Some(at)) = exists {
            return Err(ops::already_removed(&spec.id, &at));
        }
        if exists.is_some() {
            return Err(LedgerError::new(
                "schedule_exists",
                Text::new(says::LEDGER_SCHEDULE_EXISTS).with("id", &spec.id),
            )
            .with_field("id"));
        }
        tx.execute(
            "INSERT INTO schedules (id, revision, time_zone, cursor) VALUES (?1, 1, ?2, ?3)",
            &args![spec.id, schedule.time_zone_name(), from.map(fmt_instant)],
        )?;
        insert_revision(&tx, &spec, &schedule, None)?;
        tx.commit()?;
        Ok(())
    }

    /// A new revision of an existing schedule with a UTC cutover: the old
    /// revision owns instants before `cutover`, the new one those at or
    /// after it. Pending occurrences of older revisions at or after the
    /// cutover are `cancelled` (seed 000 §5.6: no 09:00 and 10:00 double
    /// run). The cutover must come after every occurrence an older revision
    /// has dispatched (any attempt, a `retry_wait` included) or decided
    /// (skipped, expired or coalesced by a misfire decision): else `invalid_cutover`,
    /// naming the latest one, since the new revision would plan that stretch
    /// again at its own times. The next [`Ledger::plan`] materialises the
    /// new revision. Returns the new revision number.
    pub fn update(&mut self, spec: &Spec, cutover: Timestamp) -> Result<u32, LedgerError> {
        // The spec's own errors first: its id may name no schedule because
        // it is no valid id.
        Schedule::new(spec)?;
        let tx = self.store.write(Gate::Exclusive)?;
        let removed: Option<Option<String>> = tx.query_opt(
            "SELECT removed_at FROM schedules WHERE id = ?1",
            &args![&spec.id],
            |r| r.get(0),
        )?;
        if let Some(Some(at)) = removed {
            return Err(ops::already_removed(&spec.id, &at));
        }
        let (next, _) = update::apply(&tx, spec, cutover)?;
        tx.commit()?;
        Ok(next)
    }

    /// Disables a schedule. Runs through the same write gate as a claim:
    /// either the claim committed first (that dispatch proceeds and its
    /// effect is recorded) or the disable did (nothing more is claimed).
    /// Pending occurrences are `cancelled`; the disable generation is bumped.
    pub fn disable(&mut self, id: &str) -> Result<u64, LedgerError> {
        let tx = self.store.write(Gate::Exclusive)?;
        let n = tx.execute(
            "UPDATE schedules SET enabled = 0, disable_generation = disable_generation + 1
              WHERE id = ?1",
            &args![id],
        )?;
        if n == 0 {
            return Err(unknown_schedule(id));
        }
        tx.execute(
            "UPDATE occurrences SET state = 'cancelled', live = 0, reason = ?2, decision = NULL
              WHERE schedule = ?1 AND state IN ('planned', 'retry_wait')",
            &args![id, sentences::stored(Text::new(reasons::REASON_DISABLED))],
        )?;
        let generation: i64 = tx.query_row(
            "SELECT disable_generation FROM schedules WHERE id = ?1",
            &args![id],
            |r| r.get(0),
        )?;
        tx.commit()?;
        Ok(generation as u64)
    }

    /// Enables a schedule again. Occurrences cancelled by the disable whose
    /// instant is still ahead of `now` are planned again (same identity);
    /// those missed while disabled stay cancelled, and planning resumes at `now`.
    pub fn enable(&mut self, id: &str, now: Timestamp) -> Result<(), LedgerError> {
        let now = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let removed: Option<Option<String>> = tx.query_opt(
            "SELECT removed_at FROM schedules WHERE id = ?1",
            &args![id],
            |r| r.get(0),
        )?;
        if let Some(Some(at)) = removed {
            return Err(ops::already_removed(id, &at));
        }
        let n = tx.execute(
            "UPDATE schedules SET enabled = 1,
                    cursor = CASE WHEN cursor IS NULL OR cursor < ?2 THEN ?2 ELSE cursor END
              WHERE id = ?1",
            &args![id, now],
        )?;
        if n == 0 {
            return Err(unknown_schedule(id));
        }
        // Each takes its slot back unless another occurrence holds it now;
        // a run by hand takes none, so it comes back beside whatever does,
        // decided `run` again (the operator asked for it: no misfire policy
        // weighs it).
        tx.execute(
            "UPDATE occurrences SET state = 'planned', reason = NULL, due_at = instant,
                    live = CASE WHEN status = 'manual' THEN 0 ELSE 1 END,
                    decision = CASE WHEN status = 'manual' THEN 'run' END
              WHERE schedule = ?1 AND state = 'cancelled' AND reason = ?3
                AND attempts = 0 AND instant >= ?2
                AND (status = 'manual'
                     OR NOT EXISTS (SELECT 1 FROM occurrences h
                                     WHERE h.schedule = occurrences.schedule
                                       AND h.instant = occurrences.instant
                                       AND h.status <> 'merged' AND h.live = 1))",
            &args![
                id,
                now,
                sentences::stored(Text::new(reasons::REASON_DISABLED))
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Settles the `unknown_effect` occurrence with effect key `key` once an
    /// operator has checked downstream: [`Reconcile::Done`] records the
    /// effect (the key never runs again), [`Reconcile::Retry`] makes it
    /// claimable at `now` for one more attempt with the same key,
    /// [`Reconcile::Dead`] gives up. The attempts stay as they were; the
    /// reason says it was reconciled. Returns the occurrence id. Fails with
    /// `unknown_key`, or `invalid_state` when no occurrence with that key is
    /// `unknown_effect` (nothing else may be overridden by hand).
    pub fn reconcile(
        &mut self,
        key: &str,
        outcome: Reconcile,
        now: Timestamp,
    ) -> Result<String, LedgerError> {
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let rows = key_rows(&tx, key)?;
        let Some(KeyRow {
            seq,
            id,
            generation,
            ..
        }) = rows
            .iter()
            .find(|r| r.state == "unknown_effect" || r.state == "manual")
        else {
            return Err(match rows.first() {
                None => unknown_key(key),
                Some(_) => {
                    let states: Vec<&str> = rows.iter().map(|r| r.state.as_str()).collect();
                    LedgerError::new(
                        "invalid_state",
                        Text::new(says::LEDGER_RECONCILE_STATE)
                            .with("key", key)
                            .with("states", states.join("`, `")),
                    )
                    .with_field("key")
                }
            });
        };
        let reason = sentences::stored(Text::new(match outcome {
            Reconcile::Done => reasons::REASON_RECONCILED_DONE,
            Reconcile::Retry => reasons::REASON_RECONCILED_RETRY,
            Reconcile::Dead => reasons::REASON_RECONCILED_DEAD,
        }));
        tx.execute(
            "UPDATE occurrences SET state = ?2, reason = ?3, updated_at = ?4, lease_until = NULL,
                    due_at = CASE ?2 WHEN 'retry_wait' THEN ?4 ELSE due_at END,
                    decision = CASE ?2 WHEN 'retry_wait' THEN NULL ELSE decision END
              WHERE seq = ?1 AND state IN ('unknown_effect', 'manual')",
            &args![seq, outcome.state(), reason, stamp],
        )?;
        if outcome == Reconcile::Done {
            // Another revision's occurrence may have recorded the key
            // meanwhile: the first record stands.
            tx.execute(
                "INSERT INTO effects (key, occurrence, generation, recorded_at)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                &args![key, seq, generation, stamp],
            )?;
        }
        let id = id.clone();
        tx.commit()?;
        Ok(id)
    }

    /// The ids of every schedule, with their current revision and whether enabled.
    pub fn schedules(&self) -> Result<Vec<(String, u32, bool)>, LedgerError> {
        self.store.query_map(
            "SELECT id, revision, enabled FROM schedules ORDER BY id",
            &args![],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }
}

/// Records a revision with its range start, its zone and policy tokens
/// (shared by all of its occurrence rows) and the tz database in use.
fn insert_revision(
    tx: &Tx<'_>,
    spec: &Spec,
    schedule: &Schedule,
    cutover: Option<&str>,
) -> Result<(), LedgerError> {
    tx.execute(
        "INSERT INTO revisions (schedule, revision, spec, cutover, until, tzdb,
                                time_zone, gap, fold_policy, invalid_date, misfire, overlap)
         VALUES (?1, ?2, ?3, ?4, NULL, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        &args![
            spec.id,
            spec.revision,
            spec.to_json(),
            cutover,
            crate::zone::tzdb_version(),
            schedule.time_zone_name(),
            schedule.gap().as_str(),
            schedule.fold().as_str(),
            schedule.invalid_date().as_str(),
            schedule.misfire().as_str(),
            schedule.overlap().as_str(),
        ],
    )?;
    Ok(())
}

/// One occurrence that holds an effect key: one per revision that planned it.
pub(crate) struct KeyRow {
    pub(crate) seq: i64,
    pub(crate) id: String,
    pub(crate) state: String,
    pub(crate) schedule: String,
    pub(crate) generation: i64,
}

/// The occurrences holding effect key `key`, oldest revision first (none
/// for a string that is no key), found through the identity's index.
pub(crate) fn key_rows(tx: &impl Sql, key: &str) -> Result<Vec<KeyRow>, LedgerError> {
    let Some((schedule, nominal)) = split_key(key) else {
        return Ok(Vec::new());
    };
    tx.query_map(
        "SELECT seq, id, state, schedule, generation FROM occurrences
          WHERE schedule = ?1 AND nominal = ?2 AND key = ?3 ORDER BY revision",
        &args![schedule, nominal, key],
        |r| {
            Ok(KeyRow {
                seq: r.get(0)?,
                id: r.get(1)?,
                state: r.get(2)?,
                schedule: r.get(3)?,
                generation: r.get(4)?,
            })
        },
    )
}

/// `unknown_key`: no occurrence holds `key`.
pub(crate) fn unknown_key(key: &str) -> LedgerError {
    LedgerError::new(
        "unknown_key",
        Text::new(says::LEDGER_UNKNOWN_KEY).with("key", key),
    )
    .with_field("key")
}

/// Splits an effect key `<schedule>|<nominal>[|fold=1]` into schedule and
/// nominal (a nominal never holds `|`; a schedule id may), so a lookup by
/// key can use the occurrence identity's index. None for anything else.
pub(crate) fn split_key(key: &str) -> Option<(&str, &str)> {
    let key = key.strip_suffix("|fold=1").unwrap_or(key);
    let (schedule, nominal) = key.rsplit_once('|')?;
    Some(manual_nominal(key, schedule, nominal))
}

/// A hand-run occurrence's nominal is `manual|<instant>` (an instant ends
/// in `Z`, a calendar nominal never does): `<id>|manual` and `<instant>`
/// split at the last `|` become `<id>` and `manual|<instant>`.
fn manual_nominal<'a>(whole: &'a str, schedule: &'a str, nominal: &'a str) -> (&'a str, &'a str) {
    match schedule.strip_suffix("|manual") {
        Some(id) if nominal.ends_with('Z') => {
            (id, &whole[id.len() + 1..schedule.len() + 1 + nominal.len()])
        }
        _ => (schedule, nominal),
    }
}

/// Splits an occurrence id `<schedule>|r<revision>|<nominal>|<fold>`.
pub(crate) fn split_id(id: &str) -> Option<(&str, u32, &str, u8)> {
    let (rest, fold) = id.rsplit_once('|')?;
    let (rest, nominal) = rest.rsplit_once('|')?;
    let (rest, nominal) = match rest.strip_suffix("|manual") {
        Some(head) if nominal.ends_with('Z') => {
            (head, &id[head.len() + 1..rest.len() + 1 + nominal.len()])
        }
        _ => (rest, nominal),
    };
    let (schedule, revision) = rest.rsplit_once("|r")?;
    Some((
        schedule,
        revision.parse().ok()?,
        nominal,
        fold.parse().ok()?,
    ))
}

/// The page cache of a ledger connection, in KiB (as `PRAGMA cache_size`
/// takes it: negative). Not larger: SQLite walks every cached page at each
/// commit once a B-tree split has renamed a page through the locking-page
/// number (`pcache1TruncateUnsafe`), which a tick's attempt and effect
/// inserts do, so a tick's sixteen commits cost more with more pages
/// cached: 37 against 53 ms (median of five) for 8 and 64 MiB.
pub(crate) const CACHE_KIB: i64 = -8_192;

/// The page cache during a plan: it inserts into the table and three
/// indexes, two of them ordered by schedule (scattered positions), and
/// 64 MiB keeps a 14-day horizon of thousands of schedules in memory.
pub(crate) const PLAN_CACHE_KIB: i64 = -65_536;

/// `--db` names a directory.
fn a_directory(path: &Path) -> LedgerError {
    LedgerError::new(
        "not_a_ledger",
        Text::new(says::LEDGER_DIRECTORY)
            .with("path", path.display().to_string())
            .with("file", path.join("wallclock.db").display().to_string()),
    )
    .with_field("db")
}

/// An error from the first read of a store, naming where it is when the
/// error alone does not: a file that is not a readable SQLite database
/// says which file.
pub(crate) fn naming(location: &Location, e: LedgerError) -> LedgerError {
    match location {
        Location::Sqlite(_) if e.code() == "database_corrupt" => {
            let message = Text::new(says::LEDGER_AT_LOCATION)
                .with("location", location.to_string())
                .with("why", e.message());
            LedgerError::new("database_corrupt", message).with_field("db")
        }
        _ => e,
    }
}

/// Opens an existing SQLite ledger file.
fn open_sqlite(path: &Path, busy: Duration) -> Result<Store, LedgerError> {
    if path.is_dir() {
        return Err(a_directory(path));
    }
    if !path.exists() {
        return Err(not_found(path));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    // SQLite falls back to reading a file it may not write.
    if conn.is_readonly(rusqlite::MAIN_DB)? {
        return Err(ops::read_only_file(path));
    }
    configure(&conn, busy)?;
    Ok(Store::Sqlite(conn))
}

/// Opens or creates a SQLite file for a ledger.
fn create_sqlite(path: &Path, busy: Duration) -> Result<Store, LedgerError> {
    if path.is_dir() {
        return Err(a_directory(path));
    }
    let conn = Connection::open(path)?;
    configure(&conn, busy)?;
    Ok(Store::Sqlite(conn))
}

/// Connection settings every ledger connection shares.
fn configure(conn: &Connection, busy: Duration) -> Result<(), LedgerError> {
    conn.busy_timeout(busy)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // WAL + NORMAL: a commit is durable once the WAL is synced at checkpoint;
    // a power loss may drop the last transactions but never corrupts.
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "cache_size", CACHE_KIB)?;
    // A tick runs about twenty distinct statements per claimed batch; the
    // default cache of 16 would re-prepare some of them for every row.
    conn.set_prepared_statement_cache_capacity(64);
    // Statement journals (a multi-row claim, each handler's savepoint) stay
    // in memory instead of temporary files.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    // Fixed query plans: without this, SQLite 3.54 marks statements whose
    // plan could depend on a bound value (a `LIMIT ?`, a range on an
    // indexed column) for re-preparation on every new binding, and a cached
    // statement was compiled again on almost every use.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    Ok(())
}

pub(crate) fn unknown_schedule(id: &str) -> LedgerError {
    LedgerError::new(
        "unknown_schedule",
        Text::new(says::LEDGER_UNKNOWN_SCHEDULE).with("id", id),
    )
    .with_field("id")
}

/// `ledger_not_found`: no file at `path`.
pub(crate) fn not_found(path: &Path) -> LedgerError {
    let path = path.display().to_string();
    LedgerError::new(
        "ledger_not_found",
        Text::new(says::LEDGER_NOT_FOUND).with("path", path),
    )
    .with_field("db")
}

/// Reads an instant the ledger wrote.
pub(crate) fn parse_ts(text: &str) -> Result<Timestamp, LedgerError> {
    text.parse::<Timestamp>().map_err(|_| {
        LedgerError::new(
            "database_corrupt",
            Text::new(says::LEDGER_STORED_INSTANT).with("text", text),
        )
    })
}

/// Reads a stored spec.
pub(crate) fn load_schedule(spec_json: &str) -> Result<Schedule, LedgerError> {
    let spec = Spec::from_json(spec_json).map_err(|e| {
        LedgerError::new(
            "database_corrupt",
            Text::new(says::LEDGER_STORED_SPEC).with("why", e.message()),
        )
    })?;
    Ok(Schedule::stored(&spec)?)
}

/// `a + d`, saturating at the ends of time.
pub(crate) fn add(a: Timestamp, d: SignedDuration) -> Timestamp {
    a.checked_add(d).unwrap_or(if d.is_negative() {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    })
}
