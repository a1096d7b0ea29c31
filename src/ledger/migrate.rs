//! Moving a SQLite ledger into an empty PostgreSQL database.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use super::error::LedgerError;
use super::schema::{self, PG_MIGRATIONS};
use super::store::{self, Gate, Location, Sql, SqlValue, args};
use super::{Ledger, Stats};

/// Every table a ledger holds, parents first, with the columns a copy
/// carries: stored columns only (`id` is generated on both).
const TABLES: &[(&str, &str)] = &[
    ("meta", "key, value"),
    (
        "schedules",
        "id, revision, time_zone, enabled, disable_generation, cursor, removed_at",
    ),
    (
        "revisions",
        "schedule, revision, spec, cutover, until, tzdb, time_zone, gap, fold_policy, invalid_date, misfire, overlap",
    ),
    (
        "occurrences",
        "seq, schedule, revision, nominal, fold, doubled, instant, at, status, tzdb, notes, state, \
         decision, reason, due_at, attempts, generation, worker, lease_until, planned_at, updated_at, live, key",
    ),
    (
        "attempts",
        "occurrence, attempt, generation, worker, disable_generation, lease_until, started_at, \
         finished_at, outcome, error_class, error",
    ),
    ("effects", "key, occurrence, generation, recorded_at"),
];

/// What [`Ledger::migrate_to`] copied.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MigrateReport {
    /// The source, as given.
    pub from: String,
    /// The target, its password redacted.
    pub to: String,
    /// Rows copied per table.
    pub rows: BTreeMap<String, u64>,
    /// The target's statistics after the copy (the same as the source's).
    pub stats: Stats,
}

impl Ledger {
    /// Copies this ledger (SQLite) into the empty PostgreSQL database at
    /// `to`: schema, schedules, revisions, occurrences, attempts, effects
    /// and their counters (generations, attempt numbers, row numbers), in
    /// one transaction, so the target has all of it or nothing. Fails with
    /// `not_a_ledger` when the target holds any table.
    pub fn migrate_to(&self, to: &Location, busy: Duration) -> Result<MigrateReport, LedgerError> {
        let url = match to {
            Location::Postgres(target) => target,
            Location::Sqlite(_) => {
                return Err(LedgerError::new(
                    "invalid_option",
                    "`--to` takes a PostgreSQL URL, e.g. `postgres://USER@HOST:5432/DATABASE`: a ledger moves from SQLite to PostgreSQL",
                )
                .with_field("to"));
            }
        };
        if self.store.sqlite().is_none() {
            return Err(
                LedgerError::new("invalid_option", "`--from` takes a SQLite ledger file")
                    .with_field("from"),
            );
        }
        let mut target = store::connect_postgres(url, busy).map_err(|e| e.with_field("to"))?;
        let tables = schema::foreign_tables(&target)?;
        if !tables.is_empty() {
            return Err(LedgerError::new(
                "not_a_ledger",
                format!(
                    "`{to}` is not empty (it holds `{}`): a ledger moves into an empty database only",
                    tables.join("`, `")
                ),
            )
            .with_field("to"));
        }
        let mut rows = BTreeMap::new();
        let tx = target.write(Gate::Exclusive)?;
        for sql in PG_MIGRATIONS {
            tx.batch(sql)?;
        }
        for (table, columns) in TABLES {
            let n = copy_table(&self.store, &tx, table, columns)?;
            rows.insert((*table).to_owned(), n);
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('schema', ?1)",
            &args![PG_MIGRATIONS.len().to_string()],
        )?;
        // New rows continue after the copied ones.
        tx.execute(
            "SELECT setval(pg_get_serial_sequence('occurrences', 'seq'),
                           coalesce((SELECT max(seq) FROM occurrences), 0) + 1, false)",
            &args![],
        )?;
        tx.commit()?;
        let copied = Ledger::on(target);
        Ok(MigrateReport {
            from: self.store.location(),
            to: to.redacted(),
            rows,
            stats: copied.stats()?,
        })
    }
}

/// Copies one table's rows; how many.
fn copy_table(
    from: &impl Sql,
    to: &impl Sql,
    table: &str,
    columns: &str,
) -> Result<u64, LedgerError> {
    let count = columns.split(',').count();
    let marks: Vec<String> = (1..=count).map(|i| format!("?{i}")).collect();
    // `meta`'s schema row is the target's own.
    let only = if table == "meta" {
        " WHERE key <> 'schema'"
    } else {
        ""
    };
    let insert = format!(
        "INSERT INTO {table} ({columns}) VALUES ({})",
        marks.join(", ")
    );
    let mut n = 0u64;
    let mut failed = None;
    from.each_row(
        &format!("SELECT {columns} FROM {table}{only}"),
        &args![],
        &mut |row| {
            if failed.is_none() {
                let values: Vec<SqlValue> = row.values().to_vec();
                match to.execute(&insert, &values) {
                    Ok(_) => n += 1,
                    Err(e) => failed = Some(e),
                }
            }
            Ok(())
        },
    )?;
    match failed {
        Some(e) => Err(e),
        None => Ok(n),
    }
}
