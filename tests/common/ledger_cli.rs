//! Helpers shared by the ledger test suites: the real `wallclock ledger`
//! binary and the library on the store the run is for. Each test works in
//! its own directory under the target directory and, on PostgreSQL
//! (`WALLCLOCK_TEST_STORE=postgres`), on its own database of the server that
//! `scripts/pg-cluster.sh` starts (`WALLCLOCK_PG_URL`), named after that
//! directory.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use jiff::Timestamp;
use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_wallclock");

/// The busy timeout (SQLite) the suites' own ledger handles wait for.
pub const BUSY: Duration = Duration::from_secs(5);

/// Whether this run's ledgers live on PostgreSQL: `WALLCLOCK_TEST_STORE`
/// is `postgres`; unset or `sqlite` means SQLite files.
pub fn on_postgres() -> bool {
    match std::env::var("WALLCLOCK_TEST_STORE").as_deref() {
        Err(_) | Ok("") | Ok("sqlite") => false,
        Ok("postgres") => true,
        Ok(other) => panic!("WALLCLOCK_TEST_STORE=`{other}`: expected `sqlite` or `postgres`"),
    }
}

/// The test server's URL (`WALLCLOCK_PG_URL`, database `postgres`, a role
/// that may create databases); fails, never skips, when it is not set.
pub fn pg_url() -> String {
    match std::env::var("WALLCLOCK_PG_URL") {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "WALLCLOCK_PG_URL is not set: this test needs a PostgreSQL server; run it through \
             `bash scripts/test-all.sh`, or `bash scripts/pg-cluster.sh start` and then \
             `eval \"$(bash scripts/pg-cluster.sh env)\"` in the shell that runs `cargo test`"
        ),
    }
}

/// The URL of database `name` on the test server (its user, password,
/// host, port and options).
pub fn pg_db_url(name: &str) -> String {
    let url = pg_url();
    let (base, query) = url.split_once('?').unwrap_or((&url, ""));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority..].find('/') {
        Some(slash) => &base[..authority + slash],
        None => base,
    };
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{server}/{name}{query}")
}

/// A connection to the test server's `postgres` database, for creating
/// and dropping the suites' databases.
pub fn pg_admin() -> postgres::Client {
    postgres::Client::connect(&pg_url(), postgres::NoTls)
        .unwrap_or_else(|e| panic!("cannot connect to the test server: {e}"))
}

/// The database name for the test that works in `dir`: its path under the
/// target directory, lowercased, within PostgreSQL's 63-byte limit (a
/// long name keeps its start and a hash of the whole).
pub fn pg_db_name(dir: &Path) -> String {
    let rel = dir
        .strip_prefix(env!("CARGO_TARGET_TMPDIR"))
        .unwrap_or(dir)
        .display()
        .to_string();
    let mut name: String = format!("wc_{rel}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if name.len() > 63 {
        // FNV-1a: stable across runs and processes.
        let hash = rel.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        name.truncate(46);
        name = format!("{name}_{hash:016x}");
    }
    name
}

/// Drops database `name` on the test server if it is there (ending its
/// sessions) and creates it empty.
pub fn fresh_pg_db(name: &str) {
    let mut admin = pg_admin();
    // Each its own statement: neither may run inside a transaction block.
    for sql in [
        format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
        format!("CREATE DATABASE \"{name}\""),
    ] {
        admin
            .batch_execute(&sql)
            .unwrap_or_else(|e| panic!("{sql} on the test server: {}", pg_error(&e)));
    }
}

/// The server's own message of a client error, when there is one.
pub fn pg_error(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.code().code(), db.message()),
        None => e.to_string(),
    }
}

/// A fresh directory for one test of one suite and, on PostgreSQL, a fresh
/// empty database for it.
pub fn dir(suite: &str, name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(suite)
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    if on_postgres() {
        fresh_pg_db(&pg_db_name(&d));
    }
    d
}

/// The ledger file of the test that works in `dir` (SQLite).
pub fn db_file(dir: &Path) -> PathBuf {
    dir.join("ledger.db")
}

/// The `--db` value for the ledger of the test that works in `dir`: its
/// SQLite file, or its own database's URL on PostgreSQL. Every test names
/// its database through this.
pub fn db_arg(dir: &Path) -> String {
    if on_postgres() {
        pg_db_url(&pg_db_name(dir))
    } else {
        db_file(dir).display().to_string()
    }
}

/// `wallclock ledger --db DB` as a command to spawn, run in `dir`.
pub fn ledger_command(dir: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(dir)
        .arg("ledger")
        .args(["--db", &db_arg(dir)]);
    c
}

/// Runs `wallclock ledger --db DB ARGS` in `dir`.
pub fn ledger(dir: &Path, args: &[&str]) -> Output {
    ledger_command(dir).args(args).output().unwrap()
}

/// Where the suites' schedules are planned from: before every rule they
/// add, so that `add` plans each from its start, as the scenarios expect.
pub const BACKFILL: &str = "2026-01-01T00:00:00Z";

/// `wallclock ledger init`, then `add` of `spec` (JSON), in `dir`.
pub fn setup(dir: &Path, spec: &str) {
    std::fs::write(dir.join("spec.json"), spec).unwrap();
    ok(&ledger(dir, &["init"]));
    ok(&ledger(
        dir,
        &["add", "--spec", "spec.json", "--backfill-from", BACKFILL],
    ));
}

/// Asserts success and reads stdout as JSON.
pub fn ok(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "status {:?}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Asserts exit status 2 and reads the JSON error on stderr's last line.
pub fn err(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().last().unwrap_or_default();
    serde_json::from_str(line).unwrap_or_else(|_| panic!("not a JSON error: {text}"))
}

pub fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

/// A value as the store returned it (the library's `SqlValue`, with the
/// readers the tests use).
#[derive(Debug, Clone, PartialEq)]
pub enum SqlValue {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
}

impl SqlValue {
    pub fn int(&self) -> i64 {
        match self {
            SqlValue::Int(n) => *n,
            v => panic!("expected an integer, got {v:?}"),
        }
    }

    pub fn text(&self) -> Option<String> {
        match self {
            SqlValue::Text(s) => Some(s.clone()),
            SqlValue::Null => None,
            v => panic!("expected text or NULL, got {v:?}"),
        }
    }
}

/// The rows of a read-only query on the ledger of the test in `dir`.
pub fn rows(dir: &Path, sql: &str) -> Vec<Vec<SqlValue>> {
    rows_db(&db_arg(dir), sql)
}

/// The rows of a read-only query on the ledger `db` (a path or a URL),
/// through the library's own reader ([`Ledger::query_rows`]): instants
/// read as UTC text on both stores.
///
/// [`Ledger::query_rows`]: wallclock::ledger::Ledger::query_rows
pub fn rows_db(db: &str, sql: &str) -> Vec<Vec<SqlValue>> {
    use wallclock::ledger::SqlValue as V;
    wallclock::ledger::Ledger::open_db(db, BUSY)
        .unwrap_or_else(|e| panic!("{e}"))
        .query_rows(sql)
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .into_iter()
        .map(|r| {
            r.into_iter()
                .map(|v| match v {
                    V::Null => SqlValue::Null,
                    V::Int(n) => SqlValue::Int(n),
                    V::Real(x) => SqlValue::Real(x),
                    V::Text(t) => SqlValue::Text(t),
                })
                .collect()
        })
        .collect()
}

/// The single row of a read-only query.
pub fn row(dir: &Path, sql: &str) -> Vec<SqlValue> {
    let mut all = rows(dir, sql);
    assert_eq!(all.len(), 1, "{sql}: {all:?}");
    all.remove(0)
}

/// The integer a one-row, one-column query returns (a count).
pub fn int(dir: &Path, sql: &str) -> i64 {
    row(dir, sql)[0].int()
}

/// The first column of every row, as integers.
pub fn ints(dir: &Path, sql: &str) -> Vec<i64> {
    rows(dir, sql).iter().map(|r| r[0].int()).collect()
}

/// The first column of every row, as text (NULL is `None`).
pub fn texts(dir: &Path, sql: &str) -> Vec<Option<String>> {
    rows(dir, sql).iter().map(|r| r[0].text()).collect()
}

/// Runs SQL statements on the ledger of the test in `dir` behind the
/// ledger's back, on a connection of their own, committed when this returns.
pub fn exec(dir: &Path, sql: &str) {
    if on_postgres() {
        postgres::Client::connect(&db_arg(dir), postgres::NoTls)
            .unwrap()
            .batch_execute(sql)
            .unwrap_or_else(|e| panic!("{sql}: {}", pg_error(&e)));
    } else {
        let conn = rusqlite::Connection::open(db_file(dir)).unwrap();
        conn.busy_timeout(BUSY).unwrap();
        conn.execute_batch(sql)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// [`exec`], giving the store's error instead of failing the test.
pub fn try_exec(dir: &Path, sql: &str) -> Result<(), String> {
    if on_postgres() {
        postgres::Client::connect(&db_arg(dir), postgres::NoTls)
            .unwrap()
            .batch_execute(sql)
            .map_err(|e| pg_error(&e))
    } else {
        let conn = rusqlite::Connection::open(db_file(dir)).unwrap();
        conn.busy_timeout(BUSY).unwrap();
        conn.execute_batch("PRAGMA foreign_keys = ON").unwrap();
        conn.execute_batch(sql).map_err(|e| e.to_string())
    }
}

/// A write lock on the ledger of the test in `dir`, held by another
/// connection until dropped: SQLite's exclusive lock on the file, or on
/// PostgreSQL every ledger table locked `ACCESS EXCLUSIVE` in an open
/// transaction (what a long migration or a stuck administrator holds).
pub enum HeldLock {
    Sqlite(rusqlite::Connection),
    Postgres(postgres::Client),
}

pub fn hold_write_lock(dir: &Path) -> HeldLock {
    hold_write_lock_db(&db_arg(dir))
}

/// [`hold_write_lock`] on the ledger `db` (a path or a URL).
pub fn hold_write_lock_db(db: &str) -> HeldLock {
    if db.starts_with("postgres") {
        let mut c = postgres::Client::connect(db, postgres::NoTls).unwrap();
        c.batch_execute(
            "BEGIN; LOCK TABLE meta, schedules, revisions, occurrences, attempts, effects
               IN ACCESS EXCLUSIVE MODE",
        )
        .unwrap();
        HeldLock::Postgres(c)
    } else {
        let c = rusqlite::Connection::open(db).unwrap();
        c.execute_batch("BEGIN EXCLUSIVE").unwrap();
        HeldLock::Sqlite(c)
    }
}

impl Drop for HeldLock {
    fn drop(&mut self) {
        match self {
            HeldLock::Sqlite(c) => {
                let _ = c.execute_batch("ROLLBACK");
            }
            HeldLock::Postgres(c) => {
                let _ = c.batch_execute("ROLLBACK");
            }
        }
    }
}

/// Creates the ledger of the test in `dir` through the library.
pub fn init_store(dir: &Path) -> wallclock::ledger::Ledger {
    wallclock::ledger::Ledger::init_db(&db_arg(dir), BUSY).unwrap_or_else(|e| panic!("{e}"))
}

/// Opens the ledger of the test in `dir` through the library.
pub fn open_store(dir: &Path) -> wallclock::ledger::Ledger {
    wallclock::ledger::Ledger::open_db(&db_arg(dir), BUSY).unwrap_or_else(|e| panic!("{e}"))
}

/// Every row of every table of any database in `dir`'s store (a ledger
/// or not), each value as text, read on a plain connection of the store's
/// own client.
pub fn raw_dump(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if on_postgres() {
        let mut c = postgres::Client::connect(&db_arg(dir), postgres::NoTls).unwrap();
        for t in tables(dir) {
            for m in c.simple_query(&format!("SELECT * FROM \"{t}\"")).unwrap() {
                if let postgres::SimpleQueryMessage::Row(r) = m {
                    let cells: Vec<&str> =
                        (0..r.len()).map(|i| r.get(i).unwrap_or("NULL")).collect();
                    out.push(format!("{t}: {}", cells.join(", ")));
                }
            }
        }
    } else {
        let conn = rusqlite::Connection::open(db_file(dir)).unwrap();
        for t in tables(dir) {
            let mut st = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
            let n = st.column_count();
            let rows = st
                .query_map([], |r| {
                    (0..n)
                        .map(|i| {
                            r.get::<_, rusqlite::types::Value>(i).map(|v| match v {
                                rusqlite::types::Value::Null => "NULL".to_owned(),
                                rusqlite::types::Value::Integer(n) => n.to_string(),
                                rusqlite::types::Value::Real(x) => x.to_string(),
                                rusqlite::types::Value::Text(t) => t,
                                rusqlite::types::Value::Blob(b) => format!("{b:?}"),
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
                .unwrap();
            for r in rows {
                out.push(format!("{t}: {}", r.unwrap().join(", ")));
            }
        }
    }
    out.sort();
    out
}

/// The names of the tables of the database in `dir`'s store (a ledger or
/// not), sorted, read on a plain connection of the store's own client.
pub fn tables(dir: &Path) -> Vec<String> {
    tables_db(&db_arg(dir))
}

/// [`tables`] of the database `db` (a path or a URL).
pub fn tables_db(db: &str) -> Vec<String> {
    let mut names: Vec<String> = if db.starts_with("postgres") {
        postgres::Client::connect(db, postgres::NoTls)
            .unwrap()
            .query(
                "SELECT table_name::text FROM information_schema.tables
                  WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect()
    } else {
        rusqlite::Connection::open(db)
            .unwrap()
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    names.sort();
    names
}

/// Every row of every table of the ledger in `dir`, for "nothing changed"
/// checks (sorted: a store may return unchanged rows in another order).
pub fn dump(dir: &Path) -> Vec<String> {
    dump_db(&db_arg(dir))
}

/// [`dump`] of the ledger `db` (a path or a URL).
pub fn dump_db(db: &str) -> Vec<String> {
    let mut out = Vec::new();
    for t in tables_db(db) {
        for r in rows_db(db, &format!("SELECT * FROM \"{t}\"")) {
            let cells: Vec<String> = r.iter().map(|v| format!("{v:?}")).collect();
            out.push(format!("{t}: {}", cells.join(", ")));
        }
    }
    out.sort();
    out
}

/// `wallclock ledger occurrences --json` of the ledger in `dir`.
pub fn occurrences(dir: &Path) -> Vec<Value> {
    match ok(&ledger(dir, &["occurrences", "--json"])) {
        Value::Array(a) => a,
        v => panic!("{v}"),
    }
}

/// Waits until `path` exists (a command's marker file), failing after `within`.
pub fn wait_for(path: &Path, within: std::time::Duration) {
    let t = std::time::Instant::now();
    while !path.exists() {
        assert!(t.elapsed() < within, "{} never appeared", path.display());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
