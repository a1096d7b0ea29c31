//! Moving a SQLite ledger into an empty PostgreSQL database.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use super::error::LedgerError;
use super::schema::{self, PG_MIGRATIONS};
use super::store::{self, Gate, Location, Sql, SqlValue, args};
use super::{Ledger, Stats};
use crate::lang::{Arg, Conj, Template, Text, input_errors as says};

/// Every table a ledger holds, parents first, with the columns a copy
/// carries: stored columns only (`id` is generated on both).
const TABLES: &[(&str, &str)] = &[
    ("meta", "key, value"),
    (
        "schedules",
        "id, revision, time_zone, enabled, disable_generation, cursor, removed_at, high_water",
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
                return Err(
                    LedgerError::new("invalid_option", Text::new(says::LEDGER_MIGRATE_TO))
                        .with_field("to"),
                );
            }
        };
        let Some(conn) = self.store.sqlite() else {
            return Err(
                LedgerError::new("invalid_option", Text::new(says::LEDGER_MIGRATE_FROM))
                    .with_field("from"),
            );
        };
        let mut target = store::connect_postgres(url, busy).map_err(|e| e.with_field("to"))?;
        let tables = schema::foreign_tables(&target)?;
        if !tables.is_empty() {
            let tables = tables.iter().map(|t| format!("`{t}`"));
            return Err(LedgerError::new(
                "not_a_ledger",
                Text::new(says::LEDGER_MIGRATE_NOT_EMPTY)
                    .with("to", to.to_string())
                    .with("tables", Arg::list(tables, Conj::Comma)),
            )
            .with_field("to"));
        }
        let mut rows = BTreeMap::new();
        // Every table is read in one read transaction, so the copy is the
        // ledger at one instant while workers go on writing to the file: a
        // copy table by table would hold attempts and effects of claims
        // made after their occurrences were read.
        let source = store::sqlite_snapshot(conn)?;
        let tx = target.write(Gate::Exclusive)?;
        for sql in PG_MIGRATIONS {
            tx.batch(sql)?;
        }
        for (table, columns) in TABLES {
            let n = copy_table(&source, &tx, table, columns)?;
            rows.insert((*table).to_owned(), n);
        }
        drop(source);
        if let Some(fault) = first_fault(&tx)? {
            return Err(LedgerError::new(
                "database_corrupt",
                Text::new(says::LEDGER_MIGRATE_INCONSISTENT)
                    .with("from", self.store.location().to_string())
                    .with("fault", fault),
            )
            .with_field("from"));
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

/// What a consistent ledger never holds, each found by a query of the copy
/// (the first such row, oldest first: the key or schedule, and up to three
/// values as text) and said by its template (slots `name`, `a`, `b`,
/// `c`): the claim, its attempt and the occurrence's counters are written
/// in one transaction, and so are a done mark and its effect.
const FAULTS: &[(&str, Template)] = &[
    (
        "SELECT o.key, CAST(a.attempt AS TEXT), CAST(a.generation AS TEXT),
                CAST(o.generation AS TEXT)
           FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
          WHERE a.generation > o.generation ORDER BY o.seq LIMIT 1",
        says::LEDGER_FAULT_GENERATION,
    ),
    (
        "SELECT e.key, o.state, '', ''
           FROM effects e JOIN occurrences o ON o.seq = e.occurrence
          WHERE o.state <> 'done' ORDER BY o.seq LIMIT 1",
        says::LEDGER_FAULT_EFFECT,
    ),
    (
        "SELECT o.key, CAST(o.attempts AS TEXT), CAST(count(a.occurrence) AS TEXT), ''
           FROM occurrences o LEFT JOIN attempts a ON a.occurrence = o.seq
          GROUP BY o.seq, o.key, o.attempts HAVING o.attempts <> count(a.occurrence)
          ORDER BY o.seq LIMIT 1",
        says::LEDGER_FAULT_ATTEMPTS,
    ),
    (
        "SELECT o.key, CAST(o.generation AS TEXT), '', ''
           FROM occurrences o
          WHERE o.state = 'running' AND NOT EXISTS (SELECT 1 FROM attempts a
                             WHERE a.occurrence = o.seq AND a.generation = o.generation)
          ORDER BY o.seq LIMIT 1",
        says::LEDGER_FAULT_RUNNING,
    ),
    (
        "SELECT s.id, CAST(s.revision AS TEXT),
                COALESCE(CAST((SELECT max(r.revision) FROM revisions r
                                WHERE r.schedule = s.id) AS TEXT), '0'), ''
           FROM schedules s
          WHERE s.revision IS DISTINCT FROM
                (SELECT max(r.revision) FROM revisions r WHERE r.schedule = s.id)
          ORDER BY s.id LIMIT 1",
        says::LEDGER_FAULT_REVISION,
    ),
];

/// The first fault of [`FAULTS`] the copy in `tx` holds, in words.
fn first_fault(tx: &impl Sql) -> Result<Option<Text>, LedgerError> {
    for (sql, template) in FAULTS {
        let found: Option<[String; 4]> = tx.query_opt(sql, &args![], |r| {
            Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?])
        })?;
        if let Some([name, a, b, c]) = found {
            let text = Text::new(*template)
                .with("name", name)
                .with("a", a)
                .with("b", b)
                .with("c", c);
            return Ok(Some(text));
        }
    }
    Ok(None)
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
