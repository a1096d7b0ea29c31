//! The ledger's operations surface as operators use it: real `wallclock
//! ledger` processes on a real store. `schedules` and `show`, `remove`,
//! `retry` and `trigger` through the claim path, `prune` then `stats`,
//! unknown effects moving to `manual`, `occurrences` filters and JSON Lines
//! streaming 600 000 rows in bounded memory, and read-only opens.
//!
//! Every test runs on a SQLite file; its `_postgres` twin runs the same
//! body on a fresh database of the PostgreSQL server `WALLCLOCK_PG_URL`
//! names (they fail without one: `scripts/test-all.sh` starts it).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use common::{BIN, err, ok, wait_for};

/// A ledger under test: its folder and its `--db`.
struct Db {
    dir: PathBuf,
    url: String,
    postgres: bool,
}

impl Db {
    fn sqlite(name: &str) -> Db {
        let dir = common::dir("ledger_ops2", name);
        Db {
            url: common::db_arg(&dir),
            dir,
            postgres: false,
        }
    }

    /// A fresh database `h15_<name>` on the server of `WALLCLOCK_PG_URL`.
    fn postgres(name: &str) -> Db {
        let base = std::env::var("WALLCLOCK_PG_URL")
            .expect("WALLCLOCK_PG_URL names the PostgreSQL server for these tests");
        let dir = common::dir("ledger_ops2_pg", name);
        let db = format!("h15_{name}");
        let mut admin = ::postgres::Client::connect(&base, ::postgres::NoTls).unwrap();
        // One statement each: neither runs inside a transaction block.
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))
            .unwrap();
        admin
            .batch_execute(&format!("CREATE DATABASE {db}"))
            .unwrap();
        let (head, _) = base.rsplit_once('/').unwrap();
        Db {
            dir,
            url: format!("{head}/{db}"),
            postgres: true,
        }
    }

    fn command(&self) -> Command {
        let mut c = Command::new(BIN);
        c.current_dir(&self.dir)
            .arg("ledger")
            .args(["--db", &self.url]);
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command().args(args).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> Value {
        ok(&self.run(args))
    }

    fn err(&self, args: &[&str]) -> Value {
        err(&self.run(args))
    }

    /// `init`, then `add` of each spec.
    fn setup(&self, specs: &[&str]) {
        self.ok(&["init"]);
        for (i, spec) in specs.iter().enumerate() {
            let file = format!("spec{i}.json");
            std::fs::write(self.dir.join(&file), spec).unwrap();
            self.ok(&["add", "--spec", &file, "--backfill-from", common::BACKFILL]);
        }
    }

    fn tick(&self, now: &str, exec: &str, extra: &[&str]) -> Value {
        let mut args = vec!["tick", "--now", now, "--worker", "w", "--exec", exec];
        args.extend_from_slice(extra);
        let out = self.run(&args);
        // Status 1: the tick ran, and something it ran ended `dead`.
        let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
            panic!("{out:?}");
        });
        let dead = report["dead"].as_u64().unwrap();
        assert_eq!(out.status.code(), Some(i32::from(dead > 0)), "{out:?}");
        report
    }

    fn stats(&self) -> Value {
        self.ok(&["stats", "--format", "json"])
    }

    /// Runs SQL the CLI has no command for (bulk rows for the streaming test).
    fn execute(&self, sql_sqlite: &str, sql_postgres: &str) {
        if self.postgres {
            let mut c = ::postgres::Client::connect(&self.url, ::postgres::NoTls).unwrap();
            c.batch_execute(sql_postgres).unwrap();
        } else {
            let c = rusqlite::Connection::open(&self.url).unwrap();
            c.execute_batch(sql_sqlite).unwrap();
        }
    }

    fn lines(&self, name: &str) -> Vec<String> {
        std::fs::read_to_string(self.dir.join(name))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

/// Each test body on SQLite, and on PostgreSQL when a server is given.
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { super::$name(&super::Db::sqlite(stringify!($name))); })*
        }
        mod postgres {
            $(
                #[test]
                fn $name() { super::$name(&super::Db::postgres(stringify!($name))); }
            )*
        }
    };
}

on_both_stores!(
    schedules_and_show_report_each_schedule,
    remove_cancels_what_never_ran_and_keeps_history,
    retry_runs_a_dead_key_again_through_the_claim_path,
    trigger_runs_now_with_its_own_key_beside_the_calendar_slot,
    prune_deletes_old_terminal_rows_and_stats_agree,
    unsettled_unknown_effects_move_to_manual,
    occurrences_filter_by_range_state_and_limit,
    jsonl_streams_600_000_rows_in_bounded_memory,
    a_schedule_of_two_rules_plans_ticks_and_shows_its_rules,
);

const HOURLY: &str = r#"{"id":"hourly","timeZone":"Europe/Berlin","start":"2026-10-20T09:00","rrule":"FREQ=HOURLY"}"#;
const DAILY: &str =
    r#"{"id":"daily","timeZone":"UTC","start":"2026-10-20T06:00","rrule":"FREQ=DAILY"}"#;

/// The nominal hours of `hourly` (Berlin, UTC+2 in October 2026).
fn hourly_key(hour: u32) -> String {
    format!("hourly|2026-10-20T{hour:02}:00:00")
}

/// cron's `30 2 1-8 * 0` in New York, the Sunday rule with a COUNT of its
/// own: days 1 to 8, or the first four Sundays. Sunday 1 March is both;
/// Sunday 8 March is both, and its 02:30 does not exist.
const CRON: &str = r#"{"id":"cron","timeZone":"America/New_York","start":"2026-03-01T02:30","rrule":["FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8","FREQ=WEEKLY;BYDAY=SU;COUNT=4"]}"#;

fn a_schedule_of_two_rules_plans_ticks_and_shows_its_rules(db: &Db) {
    db.setup(&[CRON]);
    db.ok(&["plan", "--now", "2026-03-01T00:00:00Z", "--horizon", "P45D"]);
    let r = db.tick("2026-04-09T12:00:00Z", "true", &[]);
    assert_eq!(r["dead"], 0, "{r}");
    let all = db.ok(&["occurrences", "--format", "json"]);
    let rows: Vec<(String, String, String, Option<String>)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["key"].as_str().unwrap().to_owned(),
                o["status"].as_str().unwrap().to_owned(),
                o["state"].as_str().unwrap().to_owned(),
                o["instant"].as_str().map(str::to_owned),
            )
        })
        .collect();
    let day = |m: u8, d: u8, instant: &str| {
        (
            format!("cron|2026-{m:02}-{d:02}T02:30:00"),
            "scheduled".to_owned(),
            "done".to_owned(),
            Some(instant.to_owned()),
        )
    };
    let mut want: Vec<_> = (1..=7)
        .map(|d| day(3, d, &format!("2026-03-{d:02}T07:30:00Z")))
        .collect();
    want.push((
        "cron|2026-03-08T02:30:00".to_owned(),
        "skipped".to_owned(),
        "gap_skipped".to_owned(),
        None,
    ));
    want.extend([
        day(3, 15, "2026-03-15T06:30:00Z"),
        day(3, 22, "2026-03-22T06:30:00Z"),
        day(3, 29, "2026-03-29T06:30:00Z"),
    ]);
    want.extend((1..=8).map(|d| day(4, d, &format!("2026-04-{d:02}T06:30:00Z"))));
    let got: Vec<_> = rows
        .iter()
        .filter(|r| r.0.as_str() < "cron|2026-04-09")
        .cloned()
        .collect();
    assert_eq!(got, want);

    // `schedules` and `show` carry the rules as the spec lists them; a
    // table joins them with ` + `.
    let list = db.ok(&["schedules", "--format", "json"]);
    assert_eq!(
        list[0]["rule"],
        serde_json::json!([
            "FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8",
            "FREQ=WEEKLY;BYDAY=SU;COUNT=4"
        ])
    );
    let show = db.ok(&["show", "cron", "--format", "json"]);
    assert_eq!(show["rule"], list[0]["rule"]);
    assert_eq!(show["revisions"][0]["spec"]["rrule"], list[0]["rule"]);
    let table = String::from_utf8(db.run(&["schedules", "--format", "table"]).stdout).unwrap();
    assert!(
        table.contains("FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8 + FREQ=WEEKLY;BYDAY=SU;COUNT=4"),
        "{table}"
    );
}

fn schedules_and_show_report_each_schedule(db: &Db) {
    db.setup(&[HOURLY, DAILY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "P2D"]);
    // 09:00 and 10:00 Berlin are due at 08:30Z; 10:00 fails and is dead.
    let exec = r#"test "$WALLCLOCK_NOMINAL" != 2026-10-20T10:00:00"#;
    let r = db.tick("2026-10-20T08:30:00Z", exec, &["--max-attempts", "1"]);
    assert_eq!((r["done"].as_u64(), r["dead"].as_u64()), (Some(2), Some(1)));

    let list = db.ok(&["schedules", "--format", "json"]);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    let (daily, hourly) = (&list[0], &list[1]);
    assert_eq!(daily["id"], "daily");
    assert_eq!(hourly["id"], "hourly");
    assert_eq!(hourly["revision"], 1);
    assert_eq!(hourly["status"], "enabled");
    assert_eq!(hourly["timeZone"], "Europe/Berlin");
    assert_eq!(hourly["rule"], "FREQ=HOURLY");
    assert_eq!(hourly["nextRun"], "2026-10-20T09:00:00Z");
    assert_eq!(hourly["counts"]["done"], 1);
    assert_eq!(hourly["counts"]["dead"], 1);
    assert_eq!(hourly["counts"]["manual"], 0);
    assert_eq!(hourly["lateness"]["dispatches"], 2);
    assert_eq!(hourly["lateness"]["maxSeconds"], 3600 + 1800);
    assert_eq!(hourly["lastResult"]["state"], "dead");
    assert_eq!(hourly["lastResult"]["key"], hourly_key(10));
    assert_eq!(daily["counts"]["done"], 1);
    assert_eq!(daily["lateness"]["maxSeconds"], 2 * 3600 + 1800);
    assert_eq!(daily["nextRun"], "2026-10-21T06:00:00Z");

    // JSON Lines: the same objects, one per line.
    let out = db.run(&["schedules", "--format", "jsonl"]);
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines, *list);

    // A table names every column and each schedule's counts.
    let table = String::from_utf8(db.run(&["schedules", "--format", "table"]).stdout).unwrap();
    let head = table.lines().next().unwrap();
    for col in [
        "ID", "REV", "STATUS", "ZONE", "RULE", "NEXT", "LAST", "LATE", "COUNTS",
    ] {
        assert!(head.contains(col), "{head}");
    }
    let row = table.lines().find(|l| l.starts_with("hourly")).unwrap();
    assert!(row.contains("dead=1 done=1"), "{row}");

    // `show` adds the revisions, and knows a schedule from a typo.
    let v2 = HOURLY.replace("FREQ=HOURLY", "FREQ=HOURLY;INTERVAL=2");
    std::fs::write(db.dir.join("v2.json"), v2).unwrap();
    db.ok(&[
        "update",
        "--spec",
        "v2.json",
        "--cutover",
        "2026-10-20T12:00:00Z",
    ]);
    let show = db.ok(&["show", "hourly", "--format", "json"]);
    assert_eq!(show["revision"], 2);
    assert_eq!(show["rule"], "FREQ=HOURLY;INTERVAL=2");
    let revs = show["revisions"].as_array().unwrap();
    assert_eq!(revs.len(), 2);
    assert_eq!(revs[0]["until"], "2026-10-20T12:00:00Z");
    assert_eq!(revs[1]["cutover"], "2026-10-20T12:00:00Z");
    assert_eq!(revs[1]["spec"]["rrule"], "FREQ=HOURLY;INTERVAL=2");
    let e = db.err(&["show", "hourlyy"]);
    assert_eq!(e["code"], "unknown_schedule");
}

fn remove_cancels_what_never_ran_and_keeps_history(db: &Db) {
    db.setup(&[HOURLY]);
    db.ok(&[
        "plan",
        "--now",
        "2026-10-20T06:00:00Z",
        "--horizon",
        "PT12H",
    ]);
    db.tick("2026-10-20T07:30:00Z", "echo $WALLCLOCK_KEY >> ran", &[]);
    let before = db.stats();
    let pending = before["states"]["planned"].as_u64().unwrap();
    assert!(pending > 0);

    let r = db.ok(&["remove", "hourly", "--now", "2026-10-20T07:40:00Z"]);
    assert_eq!(r["cancelled"].as_u64(), Some(pending));
    assert_eq!(r["removedAt"], "2026-10-20T07:40:00Z");

    // History stays; what never ran is cancelled with the reason `removed`.
    let after = db.stats();
    assert_eq!(after["states"]["done"], before["states"]["done"]);
    assert_eq!(after["states"]["planned"], 0);
    assert_eq!(after["states"]["cancelled"].as_u64(), Some(pending));
    let cancelled = db.ok(&["occurrences", "--state", "cancelled", "--format", "json"]);
    assert!(
        cancelled
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["reason"] == "removed")
    );
    let view = db.ok(&["show", "hourly", "--format", "json"]);
    assert_eq!(view["status"], "removed");
    assert_eq!(view["enabled"], false);
    assert_eq!(view["lastResult"]["state"], "done");

    // It never plans or runs again, and its id is not reused.
    db.ok(&["plan", "--now", "2026-10-21T06:00:00Z", "--horizon", "P2D"]);
    let r = db.tick("2026-10-22T00:00:00Z", "echo $WALLCLOCK_KEY >> ran", &[]);
    assert_eq!(r["claimed"], 0);
    assert_eq!(db.lines("ran"), vec![hourly_key(9)]);
    assert_eq!(db.stats()["states"], after["states"]);
    for args in [
        &["add", "--spec", "spec0.json"][..],
        &["enable", "hourly"][..],
        &["trigger", "hourly"][..],
        &["remove", "hourly"][..],
    ] {
        assert_eq!(db.err(args)["code"], "schedule_removed", "{args:?}");
    }
    assert_eq!(db.err(&["remove", "nope"])["code"], "unknown_schedule");
}

fn retry_runs_a_dead_key_again_through_the_claim_path(db: &Db) {
    db.setup(&[HOURLY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "PT4H"]);
    // Fails until the file `fixed` exists.
    let exec = "echo $WALLCLOCK_KEY:$WALLCLOCK_ATTEMPT >> ran; test -e fixed";
    let r = db.tick("2026-10-20T07:05:00Z", exec, &["--max-attempts", "1"]);
    assert_eq!(r["dead"], 1);
    let key = hourly_key(9);

    // Only what cannot run any more may be retried.
    let e = db.err(&["retry", &hourly_key(10)]);
    assert_eq!(e["code"], "invalid_state");
    assert_eq!(db.err(&["retry", "hourly|nope"])["code"], "unknown_key");

    let r = db.ok(&["retry", &key, "--now", "2026-10-20T07:10:00Z"]);
    assert_eq!(r["from"], "dead");
    assert_eq!(r["key"], key);
    assert_eq!(r["occurrence"], "hourly|r1|2026-10-20T09:00:00|0");
    std::fs::write(db.dir.join("fixed"), "").unwrap();
    // Hours late, the retry still runs: an operator asked for it.
    let r = db.tick("2026-10-20T07:11:00Z", exec, &[]);
    assert_eq!(
        (r["claimed"].as_u64(), r["done"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        db.lines("ran"),
        vec![format!("{key}:1"), format!("{key}:2")]
    );
    let ex = db.ok(&["explain", &key]);
    assert_eq!(ex["occurrences"][0]["state"], "done");
    assert_eq!(
        ex["occurrences"][0]["attemptLog"].as_array().unwrap().len(),
        2
    );
    assert_eq!(ex["effect"]["generation"], 2);
    // Done now: no second retry.
    assert_eq!(db.err(&["retry", &key])["code"], "invalid_state");

    // A disabled schedule claims nothing, so a retry there is refused.
    db.tick("2026-10-20T08:05:00Z", "false", &["--max-attempts", "1"]);
    db.ok(&["disable", "hourly"]);
    let e = db.err(&["retry", &hourly_key(10)]);
    assert_eq!(e["code"], "schedule_disabled");
}

fn trigger_runs_now_with_its_own_key_beside_the_calendar_slot(db: &Db) {
    db.setup(&[HOURLY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "PT4H"]);
    // 09:00 Berlin is 07:00Z: a trigger at that very instant.
    let r = db.ok(&["trigger", "hourly", "--now", "2026-10-20T07:00:00Z"]);
    let key = "hourly|manual|2026-10-20T07:00:00Z";
    assert_eq!(r["key"], key);
    assert_eq!(r["occurrence"], "hourly|r1|manual|2026-10-20T07:00:00Z|0");
    let again = db.err(&["trigger", "hourly", "--now", "2026-10-20T07:00:00Z"]);
    assert_eq!(again["code"], "already_triggered");
    assert_eq!(db.err(&["trigger", "nope"])["code"], "unknown_schedule");

    let r = db.tick("2026-10-20T07:00:00Z", "echo $WALLCLOCK_KEY >> ran", &[]);
    assert_eq!(r["done"], 2);
    let mut ran = db.lines("ran");
    ran.sort();
    assert_eq!(ran, vec![hourly_key(9), key.to_owned()]);
    // Looked up by its key like any other; never claimed again.
    let ex = db.ok(&["explain", key]);
    assert_eq!(ex["occurrences"][0]["state"], "done");
    assert_eq!(ex["occurrences"][0]["status"], "manual");
    let r = db.tick("2026-10-20T07:30:00Z", "echo $WALLCLOCK_KEY >> ran", &[]);
    assert_eq!(r["claimed"], 0);
    let only = db.ok(&["occurrences", "--schedule", "hourly", "--state", "done"]);
    assert_eq!(only.as_array().unwrap().len(), 2);
}

fn prune_deletes_old_terminal_rows_and_stats_agree(db: &Db) {
    db.setup(&[HOURLY, DAILY]);
    db.ok(&["plan", "--now", "2026-10-20T00:00:00Z", "--horizon", "P3D"]);
    let exec = r#"test "$WALLCLOCK_NOMINAL" != 2026-10-20T12:00:00"#;
    db.tick("2026-10-22T00:00:00Z", exec, &["--max-attempts", "1"]);
    let before = db.stats();
    let bound = "2026-10-23T00:00:00Z";
    // Terminal rows before the bound go, but for each schedule's newest.
    let listed = db.ok(&["occurrences", "--format", "json"]);
    let terminal = [
        "done",
        "dead",
        "coalesced",
        "skipped",
        "expired",
        "cancelled",
    ];
    let ended: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| terminal.contains(&o["state"].as_str().unwrap()))
        .collect();
    let newest = |schedule: &str| {
        ended
            .iter()
            .filter(|o| o["schedule"] == schedule)
            .map(|o| o["instant"].as_str().unwrap())
            .max()
            .unwrap()
    };
    let doomed = ended
        .iter()
        .filter(|o| {
            let at = o["instant"].as_str().unwrap();
            at < bound && at < newest(o["schedule"].as_str().unwrap())
        })
        .count();
    assert!(doomed > 40);

    let r = db.ok(&["prune", "--before", bound]);
    let removed: u64 = r["occurrences"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(removed, doomed as u64);
    assert_eq!(r["occurrences"]["dead"], 1);
    assert!(r["effectsKept"].as_u64().unwrap() > 0);

    // Stats agree with what is left, state by state and attempt by attempt.
    let after = db.stats();
    for (state, n) in before["states"].as_object().unwrap() {
        let gone = r["occurrences"][state].as_u64().unwrap_or(0);
        assert_eq!(
            after["states"][state].as_u64(),
            Some(n.as_u64().unwrap() - gone),
            "{state}"
        );
    }
    let attempts = |s: &Value| -> u64 {
        s["attempts"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum()
    };
    assert_eq!(
        attempts(&after),
        attempts(&before) - r["attempts"].as_u64().unwrap()
    );
    assert_eq!(after["lateness"]["count"].as_u64(), Some(attempts(&after)));

    // Each schedule keeps its newest: `daily` last ran on the 21st.
    let daily = db.ok(&["show", "daily", "--format", "json"]);
    assert_eq!(daily["lastResult"]["key"], "daily|2026-10-21T06:00:00");
    let left = db.ok(&["occurrences", "--schedule", "daily", "--format", "json"]);
    assert!(
        left.as_array()
            .unwrap()
            .iter()
            .any(|o| o["key"] == "daily|2026-10-21T06:00:00")
    );
    // A pruned key's effect is still recorded: it can never run again, and
    // `explain` says it ran and was pruned, with when its effect was recorded.
    let gone = db.ok(&["explain", &hourly_key(9)]);
    assert_eq!(gone["pruned"], true, "{gone}");
    assert_eq!(gone["key"], hourly_key(9));
    assert_eq!(gone["occurrences"], serde_json::json!([]));
    assert_eq!(gone["effect"]["occurrence"], Value::Null, "{gone}");
    let recorded = gone["effect"]["recordedAt"].as_str().unwrap();
    assert!(recorded.ends_with('Z'), "{gone}");
    assert!(gone["note"].as_str().unwrap().contains(recorded), "{gone}");
    // A key the ledger never held, and one whose row was pruned without an
    // effect (12:00 failed and was `dead`), are unknown.
    assert_eq!(
        db.err(&["explain", "hourly|1999-01-01T00:00:00"])["code"],
        "unknown_key"
    );
    assert_eq!(db.err(&["explain", &hourly_key(12)])["code"], "unknown_key");
    // A key still held says it was not pruned.
    let kept = db.ok(&["explain", "daily|2026-10-21T06:00:00"]);
    assert_eq!(kept["pruned"], false, "{kept}");
    assert_eq!(kept["occurrences"].as_array().unwrap().len(), 1);
    // Pruning again finds nothing more; later rows are untouched.
    let r = db.ok(&["prune", "--before", bound]);
    assert_eq!(r["occurrences"], serde_json::json!({}));
    assert_eq!(db.stats(), after);
    let e = db.err(&["prune", "--before", "yesterday"]);
    assert_eq!(e["field"], "before");
}

fn unsettled_unknown_effects_move_to_manual(db: &Db) {
    db.setup(&[HOURLY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "PT4H"]);
    // The tick dies while its command runs (its whole process group is
    // killed): on its last attempt, the effect is unknown.
    let mut child = db
        .command()
        .args(["tick", "--now", "2026-10-20T07:00:00Z", "--worker", "a"])
        .args(["--max-attempts", "1", "--exec", "touch started; sleep 30"])
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&db.dir.join("started"), std::time::Duration::from_secs(30));
    let killed = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let _ = child.wait();
    // The lease (5 minutes) runs out: `unknown_effect`.
    let r = db.tick("2026-10-20T07:10:00Z", "true", &["--max-attempts", "1"]);
    assert_eq!(r["leaseExpired"], 1);
    assert_eq!(db.stats()["states"]["unknown_effect"], 1);
    // Within the bound it stays; past it, a tick moves it to `manual`.
    let r = db.tick("2026-10-20T07:39:00Z", "true", &["--max-attempts", "1"]);
    assert_eq!(r["manual"], 0);
    let r = db.tick("2026-10-20T07:41:00Z", "true", &["--max-attempts", "1"]);
    assert_eq!(r["manual"], 1);
    let stats = db.stats();
    assert_eq!(stats["states"]["unknown_effect"], 0);
    assert_eq!(stats["states"]["manual"], 1);
    let prom = String::from_utf8(db.run(&["stats", "--format", "prometheus"]).stdout).unwrap();
    assert!(
        prom.contains("wallclock_occurrences{state=\"manual\"} 1"),
        "{prom}"
    );
    let view = db.ok(&["show", "hourly", "--format", "json"]);
    assert_eq!(view["counts"]["manual"], 1);
    let key = hourly_key(9);
    let ex = db.ok(&["explain", &key]);
    assert_eq!(ex["occurrences"][0]["state"], "manual");
    assert!(
        ex["occurrences"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("the effect stayed unknown past"),
        "{ex}"
    );
    // `reconcile` settles a manual one.
    let r = db.ok(&["reconcile", &key, "--done", "--now", "2026-10-20T08:00:00Z"]);
    assert_eq!(r["state"], "done");
    assert_eq!(db.ok(&["explain", &key])["effect"]["generation"], 1);

    // `--manual-after` sets the bound; `retry` hands a manual one back.
    db.tick("2026-10-20T08:00:00Z", "true", &[]);
    let mut child = db
        .command()
        .args(["tick", "--now", "2026-10-20T09:00:00Z", "--worker", "a"])
        .args(["--max-attempts", "1", "--exec", "touch started2; sleep 30"])
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&db.dir.join("started2"), std::time::Duration::from_secs(30));
    Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    let _ = child.wait();
    db.tick("2026-10-20T09:10:00Z", "true", &["--max-attempts", "1"]);
    let r = db.tick(
        "2026-10-20T09:21:00Z",
        "true",
        &["--max-attempts", "1", "--manual-after", "PT10M"],
    );
    assert_eq!(r["manual"], 1);
    let key = hourly_key(11);
    let r = db.ok(&["retry", &key, "--now", "2026-10-20T09:22:00Z"]);
    assert_eq!(r["from"], "manual");
    let r = db.tick("2026-10-20T09:22:00Z", "echo $WALLCLOCK_KEY >> ran", &[]);
    assert_eq!(r["done"], 1);
    assert_eq!(db.lines("ran"), vec![key]);
}

fn occurrences_filter_by_range_state_and_limit(db: &Db) {
    db.setup(&[HOURLY, DAILY]);
    db.ok(&["plan", "--now", "2026-10-20T00:00:00Z", "--horizon", "P2D"]);
    db.tick("2026-10-20T10:00:00Z", "true", &[]);
    let all = db.ok(&["occurrences", "--format", "json"]);
    let all = all.as_array().unwrap();
    let pick = |f: &dyn Fn(&Value) -> bool| -> Vec<Value> {
        all.iter().filter(|o| f(o)).cloned().collect()
    };
    let since = "2026-10-20T12:00:00Z";
    let until = "2026-10-21T06:00:00Z";
    let ranged = db.ok(&[
        "occurrences",
        "--since",
        since,
        "--until",
        until,
        "--format",
        "json",
    ]);
    let expected = pick(&|o| {
        let at = o["instant"].as_str().unwrap();
        since <= at && at < until
    });
    assert!(!expected.is_empty());
    assert_eq!(ranged.as_array().unwrap(), &expected);
    // JSON Lines: the same rows, one per line; `--limit` the first n.
    let out = db.run(&[
        "occurrences",
        "--state",
        "done",
        "--schedule",
        "hourly",
        "--format",
        "jsonl",
        "--limit",
        "2",
    ]);
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let done = pick(&|o| o["state"] == "done" && o["schedule"] == "hourly");
    assert!(done.len() > 2);
    assert_eq!(lines, done[..2]);
    // `--json` still means a JSON array.
    let json = db.ok(&["occurrences", "--json", "--state", "done"]);
    assert_eq!(json.as_array().unwrap(), &pick(&|o| o["state"] == "done"));
    // Bad filters fail clearly.
    assert_eq!(
        db.err(&["occurrences", "--state", "nope"])["field"],
        "state"
    );
    assert_eq!(
        db.err(&["occurrences", "--since", "soon"])["field"],
        "since"
    );
}

/// 600 000 occurrences listed as JSON Lines by a real process: every row
/// arrives, and its peak resident memory stays under 100 MB.
fn jsonl_streams_600_000_rows_in_bounded_memory(db: &Db) {
    db.setup(&[DAILY]);
    const N: u64 = 600_000;
    // Rows made by the server in one statement, minutely from 2020 on.
    db.execute(
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {N} - 1)
             INSERT INTO occurrences (schedule, revision, nominal, fold, instant, at, status,
                                      tzdb, state, due_at, planned_at, attempts, key)
             SELECT 'daily', 1, nominal, 0, t, t, 'scheduled', '2026f', 'done', t, t, 1,
                    'daily|' || nominal
               FROM (SELECT strftime('%Y-%m-%dT%H:%M:%S', '2020-01-01', '+' || i || ' minutes') AS nominal,
                            strftime('%Y-%m-%dT%H:%M:%SZ', '2020-01-01', '+' || i || ' minutes') AS t FROM n)"
        ),
        &format!(
            "INSERT INTO occurrences (schedule, revision, nominal, fold, instant, at, status,
                                      tzdb, state, due_at, planned_at, attempts, key)
             SELECT 'daily', 1, to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS'),
                    0, t, t, 'scheduled', '2026f', 'done', t, t, 1,
                    'daily|' || to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS')
               FROM generate_series(timestamptz '2020-01-01T00:00:00Z',
                                    timestamptz '2020-01-01T00:00:00Z' + ({N} - 1) * interval '1 minute',
                                    interval '1 minute') AS t"
        ),
    );
    let peak_file = db.dir.join("peak_kib");
    let mut child = Command::new("/usr/bin/time")
        .current_dir(&db.dir)
        .args(["-f", "%M", "-o"])
        .arg(&peak_file)
        .arg(BIN)
        .args([
            "ledger",
            "--db",
            &db.url,
            "occurrences",
            "--format",
            "jsonl",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut rows = 0u64;
    let mut first = None;
    let mut last = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if first.is_none() {
            first = Some(line.clone());
        }
        rows += 1;
        last = line;
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(rows, N);
    let first: Value = serde_json::from_str(&first.unwrap()).unwrap();
    let last: Value = serde_json::from_str(&last).unwrap();
    assert_eq!(first["nominal"], "2020-01-01T00:00:00");
    let end = "2020-01-01T00:00:00Z"
        .parse::<jiff::Timestamp>()
        .unwrap()
        .checked_add(jiff::SignedDuration::from_mins(N as i64 - 1))
        .unwrap();
    assert_eq!(last["instant"], end.to_string());
    let peak: u64 = std::fs::read_to_string(&peak_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    eprintln!(
        "occurrences --format jsonl: {rows} rows, peak {} MiB",
        peak / 1024
    );
    assert!(peak < 100 * 1000, "peak resident memory {peak} KiB");
}

/// Reading commands open a SQLite file read-only: a user who may read the
/// ledger but not write it lists, explains and counts; a writing command
/// says the file is read-only; a reader that cannot create the ledger's
/// shared-memory file names the folder.
#[test]
fn read_only_ledger_file_serves_reading_commands() {
    let db = Db::sqlite("read_only");
    db.setup(&[HOURLY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "PT4H"]);
    db.tick("2026-10-20T07:30:00Z", "true", &[]);
    // A folder everyone may enter; the ledger readable, not writable, by `nobody`.
    let shared = db.dir.join("shared");
    std::fs::create_dir_all(&shared).unwrap();
    let file = shared.join("ledger.db");
    std::fs::copy(common::db_file(&db.dir), &file).unwrap();
    chmod(&db.dir, 0o755);
    chmod(&shared, 0o777);
    chmod(&file, 0o644);
    let as_nobody = |args: &[&str]| -> Output {
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN])
            .args(["ledger", "--db"])
            .arg(&file)
            .args(args)
            .output()
            .unwrap()
    };
    let before = std::fs::read(&file).unwrap();
    for args in [
        &["stats", "--format", "json"][..],
        &["occurrences", "--format", "json"][..],
        &["explain", &hourly_key(9)][..],
        &["schedules", "--format", "json"][..],
        &["show", "hourly", "--format", "json"][..],
    ] {
        ok(&as_nobody(args));
    }
    let stats = ok(&as_nobody(&["stats", "--format", "json"]));
    assert_eq!(stats["states"]["done"], 1);
    let e = err(&as_nobody(&["add", "--spec", "/dev/null"]));
    assert_eq!(e["code"], "ledger_read_only");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains(&file.display().to_string()),
        "{e}"
    );
    let e = err(&as_nobody(&["trigger", "hourly"]));
    assert_eq!(e["code"], "ledger_read_only");
    assert_eq!(std::fs::read(&file).unwrap(), before);

    // Without the shared-memory file, and a folder it may not write to.
    for f in ["ledger.db-shm", "ledger.db-wal"] {
        let _ = std::fs::remove_file(shared.join(f));
    }
    chmod(&shared, 0o755);
    let e = err(&as_nobody(&["stats"]));
    assert_eq!(e["code"], "ledger_unreadable");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("folder `{}`", shared.display())),
        "{message}"
    );
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// On PostgreSQL the reading commands need nothing but `SELECT`: a role
/// with only that lists, explains and counts; a writing command is refused
/// by the server and changes nothing.
#[test]
fn read_only_role_serves_reading_commands_on_postgres() {
    let db = Db::postgres("read_only_role");
    db.setup(&[HOURLY]);
    db.ok(&["plan", "--now", "2026-10-20T06:00:00Z", "--horizon", "PT4H"]);
    db.tick("2026-10-20T07:30:00Z", "true", &[]);
    // Roles belong to the whole (throwaway) cluster: one per run.
    let role = format!("h15_reader_{}", std::process::id());
    db.execute(
        "",
        &format!(
            "CREATE ROLE {role} LOGIN PASSWORD 'reader';
             GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role};"
        ),
    );
    let (scheme_user, rest) = db.url.split_once('@').unwrap();
    let (scheme, _) = scheme_user.split_once("://").unwrap();
    let reader = Db {
        dir: db.dir.clone(),
        url: format!("{scheme}://{role}:reader@{rest}"),
        postgres: true,
    };
    let before = db.stats();
    assert_eq!(reader.stats(), before);
    assert_eq!(
        reader.ok(&["schedules", "--format", "json"])[0]["counts"]["done"],
        1
    );
    assert_eq!(
        reader.ok(&["show", "hourly", "--format", "json"])["id"],
        "hourly"
    );
    assert_eq!(
        reader.ok(&["explain", &hourly_key(9)])["key"],
        hourly_key(9)
    );
    let listing = |db: &Db| {
        let out = db.run(&["occurrences", "--format", "jsonl"]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(listing(&reader), listing(&db));
    assert_eq!(listing(&reader).lines().count(), 3);
    let e = reader.err(&["trigger", "hourly", "--now", "2026-10-20T07:31:00Z"]);
    assert!(
        e["message"].as_str().unwrap().contains("permission denied"),
        "{e}"
    );
    assert_eq!(db.stats(), before);
}
