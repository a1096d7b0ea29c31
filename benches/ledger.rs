//! The ledger on a real SQLite file (under `target/tmp/ledger-bench/`): plan
//! throughput, tick latency and claim throughput, each printed beside a
//! same-run SQLite baseline and the ratio, which is what to compare on a
//! noisy machine.
//!
//! - plan: 10 000 daily schedules (three zones) × 14 days, one
//!   `Ledger::plan`; baseline: the same rows `INSERT`ed into a fresh ledger
//!   with one prepared statement in one transaction, with the connection
//!   settings of a plan (foreign keys off, 64 MiB page cache); floor: the
//!   same rows `INSERT`ed the same way into a table of the same columns
//!   without any index or constraint, what SQLite needs to write the rows
//!   alone. Beside the raw `INSERT`, the same rows into two layouts the
//!   ledger does not use (see [`ALTERNATIVES`]).
//! - tick: 100 000 pending occurrences (1 000 hourly schedules × 100 hours),
//!   1 000 of them due; one `Ledger::tick` with an in-process handler (no
//!   `sh -c`, so no process start-up), plus one idle tick with nothing due;
//!   baseline: 2 000 one-row `UPDATE`s, each in its own `BEGIN IMMEDIATE`
//!   (a claim and a done mark are two write transactions).
//! - claims: 20 000 due occurrences drained by 1, 2 and 4 worker
//!   processes on the same file, each one `Ledger::tick` with an in-process
//!   handler. The workers are this bench's own executable started again
//!   (`CLAIMER` in its environment); the clock starts once every one of them
//!   has opened the ledger, so process start-up is not counted.
//!
//! - window: 2 000 daily schedules (09:00 and 17:00) already planned up to
//!   now, planned for the next 14 days: started in January 2020 versus
//!   started two weeks ago. The ratio is the cost of a long history; the
//!   expander skips the periods before the window unless the rule has a
//!   COUNT.
//!
//! Run: `cargo bench --features native --bench ledger [plan] [tick]
//! [claims] [window]` (no names: all).

#[path = "common/workers.rs"]
mod workers;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use rusqlite::{Connection, TransactionBehavior, params_from_iter};
use wallclock::Spec;
use wallclock::ledger::{Ledger, Outcome};

const ZONES: [&str; 3] = ["Europe/Berlin", "America/New_York", "Australia/Sydney"];
const DAYS14: SignedDuration = SignedDuration::from_hours(24 * 14);
const LEASE: SignedDuration = SignedDuration::from_mins(5);
const REPEAT: usize = 3;

fn dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ledger-bench");
    std::fs::create_dir_all(&dir).expect("create the bench directory");
    dir
}

fn fresh(name: &str) -> PathBuf {
    let path = dir().join(format!("{name}.db"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    path
}

fn ts(s: &str) -> Timestamp {
    s.parse().expect("a bench instant")
}

/// `n` schedules with rule `rrule`, starting on 20 October at staggered minutes.
fn ledger_with(path: &Path, n: usize, rrule: &str, same_start: bool) -> Ledger {
    let mut l = Ledger::init(path).expect("init");
    for i in 0..n {
        let (h, m) = if same_start {
            (9, 0)
        } else {
            (i / 60 % 24, i % 60)
        };
        let json = format!(
            r#"{{"id":"s{i:05}","timeZone":"{}","start":"2026-10-20T{h:02}:{m:02}","rrule":"{rrule}","misfire":"all"}}"#,
            ZONES[i % ZONES.len()]
        );
        l.add(&Spec::from_json(&json).expect("spec")).expect("add");
    }
    l
}

fn per_sec(n: u64, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

/// Every stored occurrence column (generated ones are computed, not
/// inserted), in table order, as the plan wrote it.
fn dump(conn: &Connection) -> (Vec<String>, Vec<Vec<rusqlite::types::Value>>) {
    let cols: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('occurrences') ORDER BY cid")
        .expect("columns")
        .query_map([], |r| r.get(0))
        .expect("columns")
        .collect::<Result<_, _>>()
        .expect("columns");
    let mut st = conn
        .prepare(&format!("SELECT {} FROM occurrences", cols.join(", ")))
        .expect("select");
    let n = cols.len();
    let rows = st
        .query_map([], |r| {
            (0..n)
                .map(|i| r.get::<_, rusqlite::types::Value>(i))
                .collect()
        })
        .expect("query")
        .collect::<Result<Vec<_>, _>>()
        .expect("rows");
    (cols, rows)
}

/// Inserts `rows` into `table` of `l` with one prepared statement in one
/// transaction, with the connection settings of a plan; the time it took.
fn insert_all(
    l: &Ledger,
    table: &str,
    cols: &[String],
    rows: &[Vec<rusqlite::types::Value>],
) -> Duration {
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        cols.join(", "),
        vec!["?"; cols.len()].join(", ")
    );
    let conn = l.connection().unwrap();
    // The connection settings `plan` uses for its transaction.
    conn.execute_batch("PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536")
        .expect("plan settings");
    let t = Instant::now();
    conn.execute_batch("BEGIN IMMEDIATE").expect("begin");
    {
        let mut st = conn.prepare(&sql).expect("prepare");
        for row in rows {
            st.execute(params_from_iter(row.iter())).expect("insert");
        }
    }
    conn.execute_batch("COMMIT").expect("commit");
    t.elapsed()
}

struct PlanFigures {
    inserted: u64,
    plan: Duration,
    raw: Duration,
    floor: Duration,
    /// The same rows into the alternative layouts of [`ALTERNATIVES`].
    alternatives: [Duration; 2],
}

/// Two layouts the ledger does not use, for the same rows, to show what the
/// plan target would cost: the ledger's own table and indexes with the
/// identity and the logical slot keyed time first (`nominal`, `instant`
/// before `schedule`), so that rows written in time order land next to the
/// previous ones in every B-tree; and that with every time an integer (epoch
/// seconds; the nominal time as seconds of a UTC clock) and the schedule an
/// integer. Neither can find a schedule's rows without reading all of them,
/// which the ledger needs.
const ALTERNATIVES: [(&str, bool); 2] = [
    ("time-first keys", false),
    ("time-first integer keys", true),
];

/// The columns the all-integer layout stores as integers.
const INTEGER_COLUMNS: [&str; 8] = [
    "schedule",
    "nominal",
    "instant",
    "at",
    "due_at",
    "lease_until",
    "planned_at",
    "updated_at",
];

/// `sql` with `from` replaced by `to`, which must occur in it.
fn swap(sql: &str, from: &str, to: &str) -> String {
    assert!(
        sql.contains(from),
        "the ledger's schema no longer has {from:?}"
    );
    sql.replace(from, to)
}

/// The ledger's own `occurrences` table and indexes (as `conn` has them) as
/// table `alt_rows`, keyed time first, with [`INTEGER_COLUMNS`] as integers
/// when `integer`.
fn alternative_table(conn: &Connection, integer: bool) -> String {
    let mut st = conn
        .prepare(
            "SELECT type, sql FROM sqlite_master
              WHERE tbl_name = 'occurrences' AND sql IS NOT NULL ORDER BY type DESC",
        )
        .expect("schema");
    let ddl: Vec<(String, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("schema")
        .collect::<Result<_, _>>()
        .expect("schema");
    let mut out = String::new();
    for (kind, sql) in ddl {
        let sql = if kind == "table" {
            let sql = swap(
                &sql,
                "CREATE TABLE \"occurrences\"",
                "CREATE TABLE alt_rows",
            );
            let sql = swap(
                &sql,
                "UNIQUE (schedule, nominal, fold, revision)",
                "UNIQUE (nominal, schedule, fold, revision)",
            );
            if integer {
                let mut changed = 0;
                let lines: Vec<String> = sql
                    .lines()
                    .map(|line| {
                        let mut words = line.split_whitespace();
                        if let (Some(col), Some("TEXT" | "TEXT,")) = (words.next(), words.next())
                            && INTEGER_COLUMNS.contains(&col)
                        {
                            changed += 1;
                            line.replacen("TEXT", "INTEGER", 1)
                        } else {
                            line.to_owned()
                        }
                    })
                    .collect();
                assert_eq!(changed, INTEGER_COLUMNS.len(), "every time column found");
                lines.join("\n")
            } else {
                sql
            }
        } else {
            let sql = swap(&sql, " ON occurrences(", " ON alt_rows(");
            let sql = swap(&sql, "INDEX occurrences_", "INDEX alt_");
            sql.replace("(schedule, instant)", "(instant, schedule)")
        };
        out.push_str(&sql);
        out.push_str(";\n");
    }
    assert!(
        out.contains("(instant, schedule)"),
        "the logical slot is keyed time first"
    );
    out
}

/// `rows` with every time and the schedule id as integers: the epoch
/// second of an instant, or of a nominal time read as UTC; the schedule's
/// number (`s00042` → 42).
fn integer_rows(
    cols: &[String],
    rows: &[Vec<rusqlite::types::Value>],
) -> Vec<Vec<rusqlite::types::Value>> {
    use rusqlite::types::Value;
    let seconds = |col: &str, text: &str| -> i64 {
        if col == "nominal" {
            let dt: jiff::civil::DateTime = text.parse().expect("a nominal time");
            dt.duration_since(jiff::civil::date(1970, 1, 1).at(0, 0, 0, 0))
                .as_secs()
        } else {
            ts(text).as_second()
        }
    };
    rows.iter()
        .map(|row| {
            row.iter()
                .zip(cols)
                .map(|(v, col)| match (col.as_str(), v) {
                    ("schedule", Value::Text(t)) => Value::Integer(t[1..].parse().expect("sNNNNN")),
                    (col, Value::Text(t)) if INTEGER_COLUMNS.contains(&col) => {
                        Value::Integer(seconds(col, t))
                    }
                    _ => v.clone(),
                })
                .collect()
        })
        .collect()
}

fn plan_bench() -> PlanFigures {
    let now = ts("2026-10-19T00:00:00Z");
    let mut inserted = 0;
    let (mut plan, mut raw, mut floor) = (Duration::MAX, Duration::MAX, Duration::MAX);
    let mut dumped: Option<(Vec<String>, Vec<Vec<rusqlite::types::Value>>)> = None;
    let mut ints = None;
    let mut alternatives = [Duration::MAX; 2];
    // Interleaved, so that all three see the same machine load.
    for _ in 0..REPEAT {
        let mut l = ledger_with(&fresh("plan"), 10_000, "FREQ=DAILY", false);
        let t = Instant::now();
        let r = l.plan(now, DAYS14).expect("plan");
        plan = plan.min(t.elapsed());
        inserted = r.inserted;
        let (cols, rows) = dumped.get_or_insert_with(|| dump(l.connection().unwrap()));
        drop(l);

        let l = ledger_with(&fresh("raw"), 10_000, "FREQ=DAILY", false);
        raw = raw.min(insert_all(&l, "occurrences", cols, rows));
        assert_eq!(
            rows.len() as u64,
            inserted,
            "the raw baseline inserts the same rows"
        );
        drop(l);

        let l = ledger_with(&fresh("floor"), 10_000, "FREQ=DAILY", false);
        // Same columns and types, no key, index or constraint.
        l.connection()
            .unwrap()
            .execute_batch(&format!(
                "CREATE TABLE floor_rows AS SELECT {} FROM occurrences WHERE 0",
                cols.join(", ")
            ))
            .expect("floor table");
        floor = floor.min(insert_all(&l, "floor_rows", cols, rows));
        drop(l);

        let integers = ints.get_or_insert_with(|| integer_rows(cols, rows));
        for (i, &(_, integer)) in ALTERNATIVES.iter().enumerate() {
            let l = ledger_with(&fresh("alternative"), 10_000, "FREQ=DAILY", false);
            let ddl = alternative_table(l.connection().unwrap(), integer);
            l.connection()
                .unwrap()
                .execute_batch(&ddl)
                .expect("alternative table");
            let rows = if integer { &*integers } else { &*rows };
            alternatives[i] = alternatives[i].min(insert_all(&l, "alt_rows", cols, rows));
        }
    }
    PlanFigures {
        inserted,
        plan,
        raw,
        floor,
        alternatives,
    }
}

struct TickFigures {
    due: u64,
    pending: u64,
    tick: Duration,
    idle: Duration,
    raw: Duration,
}

fn tick_bench() -> TickFigures {
    let start = ts("2026-10-19T00:00:00Z");
    let mut figures = TickFigures {
        due: 0,
        pending: 0,
        tick: Duration::MAX,
        idle: Duration::MAX,
        raw: Duration::MAX,
    };
    for _ in 0..REPEAT {
        let path = fresh("tick");
        let mut l = ledger_with(&path, 1_000, "FREQ=HOURLY", false);
        // 100 hourly occurrences each: [first, first + 100 h).
        l.plan(start, SignedDuration::from_hours(24 + 100))
            .expect("plan");
        figures.pending = l
            .connection()
            .unwrap()
            .query_row(
                "SELECT count(*) FROM occurrences WHERE state = 'planned'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .expect("count") as u64;
        // The 1 000th instant: everything up to it is due.
        let now: Timestamp = l
            .connection()
            .unwrap()
            .query_row(
                "SELECT instant FROM occurrences WHERE state = 'planned'
                  ORDER BY instant LIMIT 1 OFFSET 999",
                [],
                |r| r.get::<_, String>(0),
            )
            .expect("the 1000th instant")
            .parse()
            .expect("instant");
        let t = Instant::now();
        let r = l
            .tick(now, "w1", LEASE, |_job, _tx| Outcome::Done)
            .expect("tick");
        figures.tick = figures.tick.min(t.elapsed());
        figures.due = r.done;
        let t = Instant::now();
        let r = l
            .tick(now, "w1", LEASE, |_job, _tx| Outcome::Done)
            .expect("idle tick");
        figures.idle = figures.idle.min(t.elapsed());
        assert_eq!(r.claimed, 0);
        // Baseline: as many write transactions, one row each.
        let ids: Vec<i64> = {
            let mut st = l
                .connection()
                .unwrap()
                .prepare("SELECT seq FROM occurrences WHERE state = 'planned' LIMIT 1000")
                .expect("ids");
            st.query_map([], |r| r.get(0))
                .expect("ids")
                .collect::<Result<_, _>>()
                .expect("ids")
        };
        drop(l);
        let mut conn = Connection::open(&path).expect("open");
        conn.busy_timeout(Duration::from_secs(5)).expect("busy");
        conn.pragma_update(None, "synchronous", "NORMAL")
            .expect("sync");
        let t = Instant::now();
        for id in &ids {
            for state in ["running", "planned"] {
                let tx = conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)
                    .expect("begin");
                tx.execute(
                    "UPDATE occurrences SET state = ?2, updated_at = ?2 WHERE seq = ?1",
                    rusqlite::params![id, state],
                )
                .expect("update");
                tx.commit().expect("commit");
            }
        }
        figures.raw = figures.raw.min(t.elapsed());
    }
    figures
}

/// The environment variable that makes this executable a claim worker:
/// `<ledger path>|<now>|<worker name>`.
const CLAIMER: &str = "WALLCLOCK_BENCH_CLAIMER";

/// A claim worker process: opens the ledger, says `ready`, waits for a line
/// on stdin, runs one tick and prints how many occurrences it marked done.
fn claimer(arg: &str) {
    use std::io::{BufRead, Write};
    let mut parts = arg.splitn(3, '|');
    let (Some(path), Some(now), Some(name)) = (parts.next(), parts.next(), parts.next()) else {
        panic!("{CLAIMER} is `<path>|<now>|<worker>`, not {arg:?}");
    };
    let mut l = Ledger::open_with(path, Duration::from_secs(60)).expect("open");
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready")
        .and_then(|()| out.flush())
        .expect("stdout");
    let mut go = String::new();
    std::io::stdin().lock().read_line(&mut go).expect("stdin");
    let r = l
        .tick(ts(now), name, LEASE, |_job, _tx| Outcome::Done)
        .expect("tick");
    writeln!(out, "{}", r.done)
        .and_then(|()| out.flush())
        .expect("stdout");
}

/// Claims per second with `workers` processes on one ledger file.
fn claim_bench(workers: usize) -> (u64, Duration) {
    let path = fresh(&format!("claim{workers}"));
    let mut l = ledger_with(&path, 200, "FREQ=HOURLY", true);
    l.plan(
        ts("2026-10-19T00:00:00Z"),
        SignedDuration::from_hours(24 + 100),
    )
    .expect("plan");
    drop(l);
    // Everything planned is due, and nothing is left to plan: the plan
    // ended (its cursor) at 24 October 04:00, after `now`, so the workers'
    // ticks only claim and run.
    let now = "2026-10-24T03:59:59Z";
    let (claimed, elapsed) = workers::race(workers, CLAIMER, |w| {
        format!("{}|{now}|w{w}", path.display())
    });
    // Every due occurrence ran once, by one of the workers.
    let conn = Connection::open(&path).expect("open");
    let (due, done, attempts): (i64, i64, i64) = conn
        .query_row(
            "SELECT count(*), count(*) FILTER (WHERE state = 'done'),
                    (SELECT count(*) FROM attempts)
               FROM occurrences WHERE instant <= ?1",
            [now],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .expect("count");
    assert_eq!(
        (done, attempts, claimed as i64),
        (due, due, due),
        "each due occurrence ran once"
    );
    (claimed, elapsed)
}

fn main() {
    if let Some(arg) = std::env::var_os(CLAIMER) {
        claimer(&arg.to_string_lossy());
        return;
    }
    // `cargo bench` passes `--bench`; other words pick sections (`plan`,
    // `tick`, `claims`, `window`); none: all of them.
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |name: &str| picked.is_empty() || picked.iter().any(|p| p == name);
    println!("wallclock ledger bench (best of {REPEAT}; SQLite file, WAL, synchronous=NORMAL)");
    println!();
    println!(
        "{:<44} {:>12} {:>14} {:>8}",
        "measure", "wallclock", "baseline", "ratio"
    );
    let mut plan_rate = 0.0;
    if run("plan") {
        plan_rate = plan_section();
    }
    let mut tick = None;
    if run("tick") {
        tick = Some(tick_section());
    }
    if run("claims") {
        claims_section();
    }
    if run("window") {
        window_section();
    }
    println!();
    if let Some(tick) = tick
        && plan_rate > 0.0
    {
        println!(
            "targets: plan >= 200000/s ({}), tick <= 50 ms ({})",
            if plan_rate >= 200_000.0 {
                "met"
            } else {
                "MISSED"
            },
            if tick <= Duration::from_millis(50) {
                "met"
            } else {
                "MISSED"
            }
        );
    }
}

/// One plan of `n` daily schedules that started on `start`, each already
/// planned up to `now` (the cursor), for the next 14 days.
fn planned_from_cursor(n: usize, start: &str, now: Timestamp) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut inserted = 0;
    for _ in 0..REPEAT {
        let mut l = Ledger::init(fresh("window")).expect("init");
        for i in 0..n {
            let json = format!(
                r#"{{"id":"w{i:05}","timeZone":"{}","start":"{start}","rrule":"FREQ=DAILY;BYHOUR=9,17"}}"#,
                ZONES[i % ZONES.len()]
            );
            l.add(&Spec::from_json(&json).expect("spec")).expect("add");
        }
        l.connection()
            .unwrap()
            .execute(
                "UPDATE schedules SET cursor = ?1",
                [now.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()],
            )
            .expect("cursor");
        let t = Instant::now();
        inserted = l.plan(now, DAYS14).expect("plan").inserted;
        best = best.min(t.elapsed());
    }
    (inserted, best)
}

fn window_section() {
    let now = ts("2026-10-19T00:00:00Z");
    let (n_old, old) = planned_from_cursor(2_000, "2020-01-06T00:00", now);
    let (n_new, new) = planned_from_cursor(2_000, "2026-10-05T00:00", now);
    assert_eq!(n_old, n_new, "both plan the same 14 days");
    println!(
        "{:<44} {:>10.1}ms {:>12.1}ms {:>7.2}x",
        format!("plan from cursor: 2020 vs 2026 start ({n_old})"),
        old.as_secs_f64() * 1e3,
        new.as_secs_f64() * 1e3,
        old.as_secs_f64() / new.as_secs_f64()
    );
}

fn plan_section() -> f64 {
    let f = plan_bench();
    let plan_rate = per_sec(f.inserted, f.plan);
    for (what, base) in [("raw INSERT", f.raw), ("floor", f.floor)] {
        let rate = per_sec(f.inserted, base);
        println!(
            "{:<44} {:>10.0}/s {:>12.0}/s {:>7.2}x",
            format!("plan: {} occurrences vs {what}", f.inserted),
            plan_rate,
            rate,
            plan_rate / rate
        );
    }
    for ((what, _), d) in ALTERNATIVES.iter().zip(f.alternatives) {
        println!(
            "{:<44} {:>10.0}/s {:>12.0}/s {:>7.2}x",
            format!("raw INSERT vs {what}"),
            per_sec(f.inserted, f.raw),
            per_sec(f.inserted, d),
            f.raw.as_secs_f64() / d.as_secs_f64()
        );
    }
    println!(
        "{:<44} {:>10.1}ms {:>12.1}ms {:>7.1}ms",
        "  wall time: plan / raw INSERT / floor",
        f.plan.as_secs_f64() * 1e3,
        f.raw.as_secs_f64() * 1e3,
        f.floor.as_secs_f64() * 1e3
    );
    plan_rate
}

fn tick_section() -> Duration {
    let t = tick_bench();
    println!(
        "{:<44} {:>10.1}ms {:>12.1}ms {:>7.2}x",
        format!("tick: {} due of {} pending", t.due, t.pending),
        t.tick.as_secs_f64() * 1e3,
        t.raw.as_secs_f64() * 1e3,
        t.tick.as_secs_f64() / t.raw.as_secs_f64()
    );
    println!(
        "{:<44} {:>10.3}ms",
        "tick: nothing due (idle)",
        t.idle.as_secs_f64() * 1e3
    );
    t.tick
}

fn claims_section() {
    let mut one = 0.0;
    for workers in [1, 2, 4] {
        let (n, d) = claim_bench(workers);
        let rate = per_sec(n, d);
        if workers == 1 {
            one = rate;
        }
        println!(
            "{:<44} {:>10.0}/s {:>14} {:>7.2}x",
            format!("claims: {n} by {workers} process(es)"),
            rate,
            "vs 1 process",
            rate / one
        );
    }
}
