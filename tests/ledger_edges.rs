//! The ledger's answers at the edges an operator meets: a cutover reaching
//! back over what already ran, a tick after an outage that no plan has
//! caught up with, an oversized horizon, unknown schedules, a directory or
//! another application's database as `--db`, and the Prometheus output's
//! metadata. The real `wallclock` binary on the store under test (a SQLite
//! file, or a PostgreSQL database with `WALLCLOCK_TEST_STORE=postgres`).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::path::Path;

use serde_json::Value;

use common::{dump, err, exec, ledger, ok, raw_dump, setup};

fn dir(name: &str) -> std::path::PathBuf {
    common::dir("ledger_edges", name)
}

/// Runs a tick at `now` whose command logs each key; the keys it ran.
fn tick(d: &Path, now: &str) -> (Value, Vec<String>) {
    let _ = std::fs::remove_file(d.join("ran.log"));
    let report = ok(&ledger(
        d,
        &[
            "tick",
            "--now",
            now,
            "--worker",
            "w",
            "--exec",
            r#"echo "$WALLCLOCK_KEY" >> ran.log"#,
        ],
    ));
    let ran = std::fs::read_to_string(d.join("ran.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    (report, ran)
}

/// Seed 000 §5.6 with the cutover set back into days that already ran (09:00
/// New York on 18–20 October, then 10:00 from 19 October 00:00 UTC): the
/// new revision would run 19 and 20 October again at 10:00, other slots with
/// other keys. The update is refused and changes nothing.
#[test]
fn a_cutover_reaching_back_over_what_ran_is_refused() {
    let d = dir("cutover_past");
    setup(
        &d,
        r#"{"id":"digest","timeZone":"America/New_York","start":"2026-10-18T09:00","rrule":"FREQ=DAILY"}"#,
    );
    ok(&ledger(&d, &["plan", "--now", "2026-10-18T00:00:00Z"]));
    for now in [
        "2026-10-18T13:00:30Z",
        "2026-10-19T13:00:30Z",
        "2026-10-20T13:00:30Z",
    ] {
        assert_eq!(tick(&d, now).1.len(), 1, "{now}");
    }
    std::fs::write(
        d.join("ten.json"),
        r#"{"id":"digest","timeZone":"America/New_York","start":"2026-10-18T10:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    let before = dump(&d);
    let e = err(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "ten.json",
            "--cutover",
            "2026-10-19T00:00:00Z",
        ],
    ));
    assert_eq!(e["code"], "invalid_cutover");
    assert_eq!(e["field"], "cutover");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("`2026-10-20T13:00:00Z`")
            && message.contains("`2026-10-20T09:00:00` done")
            && message.contains("from `2026-10-20T13:00:01Z` on"),
        "{message}"
    );
    assert_eq!(dump(&d), before, "a refused update changes nothing");
    // From after the last run on, the change goes through: 10:00 from the 21st.
    ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "ten.json",
            "--cutover",
            "2026-10-20T13:00:01Z",
        ],
    ));
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T13:00:30Z"]));
    let mut ran = Vec::new();
    for now in [
        "2026-10-20T14:00:30Z",
        "2026-10-21T13:00:30Z",
        "2026-10-21T14:00:30Z",
    ] {
        ran.extend(tick(&d, now).1);
    }
    assert_eq!(
        ran,
        ["digest|2026-10-20T10:00:00", "digest|2026-10-21T10:00:00"],
        "10:00 on the 20th belongs to the new revision: only 09:00 had run"
    );
}

/// Misfire `all` with `maxCatchUp` 2 after a three-week outage, ticked
/// before any plan caught up (plan and tick as separate commands): the tick
/// plans the missed days first and runs only the two newest, 23 and 24
/// October; every other missed day is expired, none runs later.
#[test]
fn a_tick_after_an_outage_decides_every_missed_occurrence_at_once() {
    let d = dir("catch_up");
    setup(
        &d,
        r#"{"id":"all","timeZone":"America/New_York","start":"2026-10-01T09:00","rrule":"FREQ=DAILY","misfire":"all","maxCatchUp":2}"#,
    );
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-01T00:00:00Z", "--horizon", "P14D"],
    ));
    let (report, ran) = tick(&d, "2026-10-24T13:02:00Z");
    assert_eq!(
        ran,
        ["all|2026-10-23T09:00:00", "all|2026-10-24T09:00:00"],
        "{report}"
    );
    // 1–14 October were planned; 15–24 October only by the tick.
    assert_eq!(report["planned"], 10, "{report}");
    assert_eq!(report["decided"]["expired"], 22, "{report}");
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-24T13:02:00Z", "--horizon", "P14D"],
    ));
    let (_, later) = tick(&d, "2026-10-24T13:02:05Z");
    assert_eq!(
        later,
        Vec::<String>::new(),
        "nothing of the outage runs later"
    );
    let occ = ok(&ledger(
        &d,
        &["occurrences", "--json", "--state", "planned"],
    ));
    let first_planned = occ.as_array().unwrap()[0]["nominal"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        first_planned, "2026-10-25T09:00:00",
        "no missed occurrence is left pending"
    );
}

#[test]
fn a_horizon_longer_than_a_year_and_a_day_is_refused() {
    let d = dir("horizon");
    setup(
        &d,
        r#"{"id":"m","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY"}"#,
    );
    let before = dump(&d);
    for horizon in ["P367D", "P3650D"] {
        let e = err(&ledger(
            &d,
            &[
                "plan",
                "--now",
                "2026-10-20T00:00:00Z",
                "--horizon",
                horizon,
            ],
        ));
        assert_eq!(
            (e["code"].as_str(), e["field"].as_str()),
            (Some("invalid_duration"), Some("horizon")),
            "{horizon}"
        );
    }
    assert_eq!(dump(&d), before);
    let r = ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-20T00:00:00Z", "--horizon", "PT1H"],
    ));
    assert_eq!(r["inserted"], 60);
}

#[test]
fn occurrences_of_an_unknown_schedule_is_an_error() {
    let d = dir("unknown_schedule");
    setup(
        &d,
        r#"{"id":"a","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    );
    for args in [
        &["occurrences", "--schedule", "nope"][..],
        &["occurrences", "--schedule", "nope", "--json"][..],
    ] {
        let e = err(&ledger(&d, args));
        assert_eq!(e["code"], "unknown_schedule", "{args:?}");
        assert!(e["message"].as_str().unwrap().contains("`nope`"), "{e}");
    }
    assert_eq!(
        ok(&ledger(&d, &["occurrences", "--schedule", "a", "--json"])),
        Value::Array(vec![])
    );
}

#[test]
fn sqlite_a_directory_as_the_ledger_file_is_named_as_such() {
    let d = dir("directory");
    std::fs::create_dir(d.join("ledger.db")).unwrap();
    for args in [&["init"][..], &["plan"][..], &["occurrences"][..]] {
        let e = err(&ledger(&d, args));
        assert_eq!(e["code"], "not_a_ledger", "{args:?}");
        assert_eq!(e["field"], "db");
        assert!(
            e["message"].as_str().unwrap().contains("is a directory"),
            "{e}"
        );
    }
    assert!(
        d.join("ledger.db").read_dir().unwrap().next().is_none(),
        "nothing written into it"
    );
}

/// `init` on another application's SQLite file refuses and leaves the file
/// byte for byte as it was (not even switched to WAL); opening it as a
/// ledger points to a new file.
#[test]
fn sqlite_init_leaves_another_database_file_alone() {
    let d = dir("foreign");
    exec(
        &d,
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
         INSERT INTO users (name) VALUES ('ada');",
    );
    let before = std::fs::read(d.join("ledger.db")).unwrap();
    let e = err(&ledger(&d, &["init"]));
    assert_eq!(e["code"], "not_a_ledger");
    assert!(e["message"].as_str().unwrap().contains("`users`"), "{e}");
    assert_eq!(std::fs::read(d.join("ledger.db")).unwrap(), before);
    assert!(!d.join("ledger.db-wal").exists());
    let e = err(&ledger(&d, &["plan"]));
    assert_eq!(e["code"], "not_a_ledger");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("init --db NEW_FILE"),
        "{e}"
    );
    // An empty file is fine.
    std::fs::write(d.join("empty.db"), b"").unwrap();
    let out = std::process::Command::new(common::BIN)
        .current_dir(&d)
        .args(["ledger", "--db", "empty.db", "init"])
        .output()
        .unwrap();
    ok(&out);
}

/// `init` on a database that already holds another application's tables
/// refuses, naming one, and changes nothing; the other commands refuse it
/// as not a ledger.
#[test]
fn init_leaves_another_database_alone() {
    let d = dir("foreign_tables");
    exec(
        &d,
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
         INSERT INTO users (id, name) VALUES (1, 'ada');",
    );
    let before = raw_dump(&d);
    assert_eq!(before, ["users: 1, ada"]);
    let e = err(&ledger(&d, &["init"]));
    assert_eq!(e["code"], "not_a_ledger");
    assert_eq!(e["field"], "db");
    assert!(e["message"].as_str().unwrap().contains("`users`"), "{e}");
    for args in [&["plan"][..], &["stats"][..], &["occurrences"][..]] {
        let e = err(&ledger(&d, args));
        assert_eq!(e["code"], "not_a_ledger", "{args:?}");
    }
    assert_eq!(raw_dump(&d), before);
    // The refusals left no schema behind.
    assert_eq!(common::tables(&d), ["users"]);
}

/// Every metric family of `stats --format prometheus` comes with its
/// `# HELP` and `# TYPE` lines before its first sample.
#[test]
fn every_prometheus_family_has_help_and_type() {
    let d = dir("prometheus");
    setup(
        &d,
        r#"{"id":"a","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    );
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T00:00:00Z"]));
    tick(&d, "2026-10-21T09:00:05Z");
    let out = ledger(&d, &["stats", "--format", "prometheus"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (mut help, mut kind) = (Vec::new(), Vec::new());
    let mut families = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# HELP ") {
            help.push(rest.split(' ').next().unwrap().to_owned());
        } else if let Some(rest) = line.strip_prefix("# TYPE ") {
            kind.push(rest.split(' ').next().unwrap().to_owned());
        } else if !line.is_empty() {
            let name = line.split(['{', ' ']).next().unwrap();
            let family = ["_bucket", "_sum", "_count"]
                .iter()
                .find_map(|s| name.strip_suffix(s).filter(|f| kind.iter().any(|k| k == f)))
                .unwrap_or(name)
                .to_owned();
            assert!(
                help.contains(&family) && kind.contains(&family),
                "`{line}` before the HELP and TYPE of `{family}`:\n{text}"
            );
            families.push(family);
        }
    }
    assert!(
        families.iter().any(|f| f == "wallclock_tzdb_info"),
        "{text}"
    );
}
