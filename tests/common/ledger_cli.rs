//! Helpers shared by the ledger test suites that drive the real
//! `wallclock ledger` binary on SQLite files under the target directory.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use jiff::Timestamp;
use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_wallclock");

/// A fresh directory for one test of one suite.
pub fn dir(suite: &str, name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(suite)
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The ledger file of the test that works in `dir`.
pub fn db_file(dir: &Path) -> PathBuf {
    dir.join("ledger.db")
}

/// The `--db` value for the ledger of the test that works in `dir`: every
/// process-level test names its database through this, one place to point
/// the suites at another store.
pub fn db_arg(dir: &Path) -> String {
    db_file(dir).display().to_string()
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

/// Every row of every table of the ledger in `dir`, for "nothing changed" checks.
pub fn dump(dir: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db_file(dir)).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for t in tables {
        let mut st = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
        let n = st.column_count();
        let rows = st
            .query_map([], |r| {
                (0..n)
                    .map(|i| {
                        r.get::<_, rusqlite::types::Value>(i)
                            .map(|v| format!("{v:?}"))
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        for row in rows {
            out.push(format!("{t}: {}", row.unwrap().join(", ")));
        }
    }
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
