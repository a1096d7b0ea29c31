//! The ledger as processes use it: real `wallclock ledger` processes on the
//! store under test (SQLite files, or PostgreSQL databases with
//! `WALLCLOCK_TEST_STORE=postgres`). Seed 000 §5.7 (a crash after the effect and before the done
//! mark), four workers racing over thousands of due occurrences, lease
//! expiry and fencing, disable racing dispatch, cutover boundary, and
//! errors that leave the database unchanged.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::collections::HashSet;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use wallclock::Spec;
use wallclock::ledger::{Finish, OccurrenceFilter, Outcome, TickReport};

use common::{
    BIN, err, exec, hold_write_lock, init_store, int, ledger, occurrences, ok, rows, setup, texts,
    ts, wait_for,
};

fn dir(name: &str) -> std::path::PathBuf {
    common::dir("ledger_process", name)
}

/// `wallclock ledger tick --now NOW --worker WORKER --exec EXEC`.
fn tick_at(dir: &Path, now: &str, worker: &str, exec: &str) -> std::process::Output {
    ledger(
        dir,
        &["tick", "--now", now, "--worker", worker, "--exec", exec],
    )
}

/// SIGKILL to `child`'s whole process group (the tick and its command),
/// which must have been killed, not have exited.
fn kill_group(child: &mut std::process::Child) {
    let killed = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    assert!(!child.wait().unwrap().success());
}

/// Seed 000 §5.7: the command writes its effect, then the tick process is
/// killed (SIGKILL, whole process group) before it can mark done. After the
/// lease runs out another tick runs the occurrence again with the same key;
/// the command deduplicates on it: one effect, two attempts.
#[test]
fn seed_000_5_7_crash_after_effect_before_done() {
    let d = dir("crash");
    setup(
        &d,
        r#"{"id":"digest","timeZone":"UTC","start":"2026-10-20T09:00"}"#,
    );
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T08:00:00Z"]));
    let exec = r#"grep -qxF "$WALLCLOCK_KEY" effects 2>/dev/null || echo "$WALLCLOCK_KEY" >> effects; touch "attempt_$WALLCLOCK_ATTEMPT"; if [ "$WALLCLOCK_ATTEMPT" = 1 ]; then sleep 60; fi"#;
    let mut child = Command::new(BIN)
        .current_dir(&d)
        .args(["ledger", "--db", &common::db_arg(&d), "tick"])
        .args([
            "--now",
            "2026-10-20T09:00:30Z",
            "--worker",
            "a",
            "--lease",
            "PT5M",
        ])
        .args(["--exec", exec])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    wait_for(&d.join("attempt_1"), Duration::from_secs(20));
    kill_group(&mut child);
    let occ = occurrences(&d);
    assert_eq!(
        (occ[0]["state"].as_str(), occ[0]["attempts"].as_u64()),
        (Some("running"), Some(1))
    );

    // Within the lease nobody else may run it.
    let r = ok(&tick_at(&d, "2026-10-20T09:02:00Z", "b", exec));
    assert_eq!(r["claimed"], 0);
    // After it, worker b recovers it.
    let r = ok(&tick_at(&d, "2026-10-20T09:06:00Z", "b", exec));
    assert_eq!(
        (r["leaseExpired"].as_u64(), r["done"].as_u64()),
        (Some(1), Some(1)),
        "{r}"
    );
    let effects = std::fs::read_to_string(d.join("effects")).unwrap();
    assert_eq!(
        effects.lines().collect::<Vec<_>>(),
        ["digest|2026-10-20T09:00:00"]
    );
    let occ = occurrences(&d);
    assert_eq!(
        (occ[0]["state"].as_str(), occ[0]["attempts"].as_u64()),
        (Some("done"), Some(2))
    );
    let explained = ok(&ledger(&d, &["explain", "digest|2026-10-20T09:00:00"]));
    let log = &explained["occurrences"][0]["attemptLog"];
    assert_eq!(log[0]["outcome"], "lease_expired");
    assert_eq!(log[0]["worker"], "a");
    assert_eq!(log[1]["outcome"], "done");
    assert_eq!(log[1]["worker"], "b");
    assert_eq!(explained["effect"]["generation"], 2);
    // Done is final: a later tick never runs the key again.
    let r = ok(&tick_at(&d, "2026-10-21T00:00:00Z", "c", exec));
    assert_eq!(r["claimed"], 0);
}

/// Four processes tick one database over 2881 due occurrences: each runs
/// exactly once, none is lost.
#[test]
fn four_workers_run_every_occurrence_exactly_once() {
    let d = dir("concurrent");
    setup(
        &d,
        r#"{"id":"m","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY"}"#,
    );
    let now = "2026-10-22T00:00:00Z";
    let plan = ok(&ledger(&d, &["plan", "--now", now, "--horizon", "PT0S"]));
    assert_eq!(plan["inserted"], 2880);
    // The plan's end is exclusive; a tick first plans what is due up to and
    // including its `now`: the occurrence at exactly 22 October 00:00 too.
    let due = 2881;
    let started = Instant::now();
    let children: Vec<_> = (0..4)
        .map(|i| {
            Command::new(BIN)
                .current_dir(&d)
                .args([
                    "ledger",
                    "--db",
                    &common::db_arg(&d),
                    "--busy-timeout",
                    "PT60S",
                    "tick",
                ])
                .args(["--now", now, "--worker", &format!("w{i}")])
                .args([
                    "--exec",
                    r#"echo "$WALLCLOCK_KEY $WALLCLOCK_ATTEMPT" >> effects.log"#,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut claimed = Vec::new();
    for c in children {
        let out = c.wait_with_output().unwrap();
        let r = ok(&out);
        claimed.push(r["claimed"].as_u64().unwrap());
        assert_eq!(r["done"], r["claimed"], "{r}");
    }
    eprintln!(
        "4 workers, {due} occurrences: {:?} in {:?}",
        claimed,
        started.elapsed()
    );
    assert_eq!(claimed.iter().sum::<u64>(), due);
    let log = std::fs::read_to_string(d.join("effects.log")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), due as usize);
    let unique: HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(unique.len(), due as usize);
    assert!(lines.iter().all(|l| l.ends_with(" 1")));
    let occ = occurrences(&d);
    assert_eq!(occ.len(), due as usize);
    assert!(
        occ.iter()
            .all(|o| o["state"] == "done" && o["attempts"] == 1)
    );
    let stats = ok(&ledger(&d, &["stats", "--format", "json"]));
    assert_eq!(stats["states"]["done"], due);
    assert_eq!(stats["attempts"]["done"], due);
}

/// A worker whose lease ran out and whose occurrence was claimed again
/// cannot mark it done: its generation is stale.
#[test]
fn lease_expiry_and_fencing() {
    let d = dir("fencing");
    let mut l = init_store(&d);
    l.add(&Spec::from_json(r#"{"id":"f","timeZone":"UTC","start":"2026-10-20T09:00"}"#).unwrap())
        .unwrap();
    l.plan(ts("2026-10-20T08:00:00Z"), SignedDuration::from_hours(24))
        .unwrap();
    let mut report = TickReport::default();
    let lease = SignedDuration::from_mins(1);
    let a = l
        .claim_next(ts("2026-10-20T09:00:00Z"), "a", lease, &mut report)
        .unwrap()
        .unwrap();
    assert_eq!((a.attempt, a.generation), (1, 1));
    // Still leased to a.
    assert!(
        l.claim_next(ts("2026-10-20T09:00:59Z"), "b", lease, &mut report)
            .unwrap()
            .is_none()
    );
    let b = l
        .claim_next(ts("2026-10-20T09:01:00Z"), "b", lease, &mut report)
        .unwrap()
        .unwrap();
    assert_eq!((b.attempt, b.generation), (2, 2));
    assert_eq!(report.lease_expired, 1);
    // a wakes up late: fenced, nothing recorded on the occurrence.
    assert_eq!(
        l.finish(&a, ts("2026-10-20T09:01:30Z"), &Outcome::Done)
            .unwrap(),
        Finish::Fenced
    );
    let o = &l.occurrences(&OccurrenceFilter::default()).unwrap()[0];
    assert_eq!((o.state.as_str(), o.generation), ("running", 2));
    assert_eq!(
        l.finish(&b, ts("2026-10-20T09:01:40Z"), &Outcome::Done)
            .unwrap(),
        Finish::Done
    );
    let attempts = l.attempts(&o.id).unwrap();
    let outcomes: Vec<_> = attempts.iter().map(|a| a.outcome.as_deref()).collect();
    assert_eq!(outcomes, [Some("lease_expired"), Some("done")]);
    // On the last attempt a lost lease is an unknown effect, not a retry.
    let mut l = l.with_retry(wallclock::ledger::RetryPolicy {
        max_attempts: 1,
        ..Default::default()
    });
    l.add(&Spec::from_json(r#"{"id":"u","timeZone":"UTC","start":"2026-10-21T09:00"}"#).unwrap())
        .unwrap();
    l.plan(ts("2026-10-21T08:00:00Z"), SignedDuration::from_hours(24))
        .unwrap();
    let _lost = l
        .claim_next(ts("2026-10-21T09:00:00Z"), "a", lease, &mut report)
        .unwrap()
        .unwrap();
    assert!(
        l.claim_next(ts("2026-10-21T09:05:00Z"), "b", lease, &mut report)
            .unwrap()
            .is_none()
    );
    let filter = OccurrenceFilter {
        schedule: Some("u".into()),
        ..Default::default()
    };
    assert_eq!(l.occurrences(&filter).unwrap()[0].state, "unknown_effect");
}

/// Failures retry with backoff, then go `dead`; an in-database handler's
/// writes commit with the done mark or not at all.
#[test]
fn retries_backoff_dead_and_transactional_handler() {
    let d = dir("retry");
    let mut l = init_store(&d).with_retry(wallclock::ledger::RetryPolicy {
        max_attempts: 3,
        base: SignedDuration::from_secs(10),
        max: SignedDuration::from_mins(10),
    });
    exec(&d, "CREATE TABLE sent (key TEXT PRIMARY KEY)");
    l.add(
        &Spec::from_json(
            r#"{"id":"r","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY;COUNT=2"}"#,
        )
        .unwrap(),
    )
    .unwrap();
    l.plan(ts("2026-10-20T08:00:00Z"), SignedDuration::from_hours(72))
        .unwrap();
    let lease = SignedDuration::from_mins(5);
    let mut now = ts("2026-10-20T09:00:00Z");
    let mut seen = Vec::new();
    for _ in 0..3 {
        let r = l
            .tick(now, "w", lease, |job, tx| {
                tx.execute(
                    "INSERT INTO sent (key) VALUES (?1)",
                    &[job.key.as_str().into()],
                )
                .unwrap();
                seen.push(job.attempt);
                Outcome::failed("exit_1", "boom")
            })
            .unwrap();
        assert_eq!(r.claimed, 1);
        now = ts(&l.occurrences(&OccurrenceFilter::default()).unwrap()[0].due_at);
    }
    assert_eq!(seen, [1, 2, 3]);
    let occ = l.occurrences(&OccurrenceFilter::default()).unwrap();
    assert_eq!(occ[0].state, "dead");
    assert_eq!(
        int(&d, "SELECT count(*) FROM sent"),
        0,
        "failed handlers' writes roll back"
    );
    let attempts = l.attempts(&occ[0].id).unwrap();
    let gap =
        |i: usize| ts(&attempts[i + 1].started_at).duration_since(ts(&attempts[i].started_at));
    assert!(gap(0) >= SignedDuration::from_secs(10) && gap(0) < SignedDuration::from_secs(20));
    assert!(gap(1) >= SignedDuration::from_secs(20) && gap(1) < SignedDuration::from_secs(30));
    // The next day succeeds: its write and its done mark commit together.
    l.tick(ts("2026-10-21T09:00:00Z"), "w", lease, |job, tx| {
        tx.execute(
            "INSERT INTO sent (key) VALUES (?1)",
            &[job.key.as_str().into()],
        )
        .unwrap();
        Outcome::Done
    })
    .unwrap();
    assert_eq!(
        texts(&d, "SELECT key FROM sent"),
        [Some("r|2026-10-21T09:00:00".to_owned())]
    );
}

/// A disable serialises with claims on the write lock: each occurrence was
/// either claimed before it (and completes) or is cancelled; none is
/// claimed after it.
#[test]
fn disable_racing_dispatch() {
    let d = dir("disable");
    setup(
        &d,
        r#"{"id":"m","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;COUNT=300"}"#,
    );
    let now = "2026-10-21T00:00:00Z";
    ok(&ledger(&d, &["plan", "--now", now]));
    let child = Command::new(BIN)
        .current_dir(&d)
        .args([
            "ledger",
            "--db",
            &common::db_arg(&d),
            "tick",
            "--now",
            now,
            "--worker",
            "w",
        ])
        .args([
            "--exec",
            r#"echo "$WALLCLOCK_KEY" >> effects.log; sleep 0.01"#,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Let some run, then disable mid-flight.
    let t = Instant::now();
    loop {
        let n = std::fs::read_to_string(d.join("effects.log"))
            .map(|s| s.lines().count())
            .unwrap_or(0);
        if n >= 20 {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(30));
        std::thread::sleep(Duration::from_millis(10));
    }
    let r = ok(&ledger(&d, &["disable", "m"]));
    assert_eq!(r["disableGeneration"], 1);
    let tick = ok(&child.wait_with_output().unwrap());
    let occ = occurrences(&d);
    let done = occ.iter().filter(|o| o["state"] == "done").count();
    let cancelled = occ.iter().filter(|o| o["state"] == "cancelled").count();
    assert_eq!(done + cancelled, 300, "{tick}");
    assert!(
        done >= 20 && cancelled > 0,
        "done {done}, cancelled {cancelled}"
    );
    let log = std::fs::read_to_string(d.join("effects.log")).unwrap();
    assert_eq!(log.lines().count(), done);
    // Every attempt was claimed under disable generation 0.
    assert_eq!(
        int(
            &d,
            "SELECT count(*) FROM attempts WHERE disable_generation <> 0"
        ),
        0
    );
    // Nothing more is claimed while disabled; enabling resumes at now.
    let r = ok(&tick_at(&d, now, "w", "true"));
    assert_eq!(r["claimed"], 0);
    ok(&ledger(&d, &["enable", "m", "--now", now]));
    let r = ok(&tick_at(&d, now, "w", "true"));
    assert_eq!(r["claimed"], 0, "missed while disabled stays cancelled");
}

/// At the cutover instant itself the new revision owns the slot: the old
/// revision's pending occurrence there is cancelled and never claimed. A
/// cutover at or before what the old revision already ran is refused, since
/// the new revision would plan that stretch again; keys shared across
/// revisions never run twice.
#[test]
fn revision_cutover_boundary() {
    let d = dir("cutover");
    let mut l = init_store(&d);
    let daily = |extra: &str| {
        Spec::from_json(&format!(
            r#"{{"id":"d","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"{extra}}}"#
        ))
        .unwrap()
    };
    l.add(&daily("")).unwrap();
    let h = SignedDuration::from_hours(24 * 5);
    let lease = SignedDuration::from_mins(5);
    l.plan(ts("2026-10-20T08:00:00Z"), h).unwrap();
    let mut ran = Vec::new();
    l.tick(ts("2026-10-21T09:00:00Z"), "w", lease, |j, _| {
        ran.push((j.revision, j.key.clone()));
        Outcome::Done
    })
    .unwrap();
    // Revision 1 ran 21 Oct 09:00: a cutover there, or before, is refused.
    for cut in ["2026-10-21T09:00:00Z", "2026-10-19T00:00:00Z"] {
        let e = l
            .update(&daily(r#","misfire":"skip""#), ts(cut))
            .unwrap_err();
        assert_eq!(e.code(), "invalid_cutover", "{cut}");
        assert!(
            e.message().contains("`2026-10-21T09:00:00Z`")
                && e.message().contains("from `2026-10-21T09:00:01Z` on"),
            "{e:?}"
        );
    }
    assert_eq!(
        l.occurrences(&OccurrenceFilter::default())
            .unwrap()
            .iter()
            .filter(|o| o.state == "cancelled")
            .count(),
        0
    );
    // Revision 2 (same rule, another misfire policy) from exactly 22 Oct 09:00.
    let cut = ts("2026-10-22T09:00:00Z");
    assert_eq!(l.update(&daily(r#","misfire":"skip""#), cut).unwrap(), 2);
    let e = l.update(&daily(""), cut).unwrap_err();
    assert_eq!(e.code(), "invalid_cutover");
    l.plan(ts("2026-10-22T08:00:00Z"), h).unwrap();
    for now in ["2026-10-22T09:00:00Z", "2026-10-23T09:00:00Z"] {
        l.tick(ts(now), "w", lease, |j, _| {
            ran.push((j.revision, j.key.clone()));
            Outcome::Done
        })
        .unwrap();
    }
    assert_eq!(
        ran,
        [
            (1, "d|2026-10-20T09:00:00".to_owned()),
            (1, "d|2026-10-21T09:00:00".to_owned()),
            (2, "d|2026-10-22T09:00:00".to_owned()),
            (2, "d|2026-10-23T09:00:00".to_owned())
        ]
    );
    let occ = l.occurrences(&OccurrenceFilter::default()).unwrap();
    let at_cut: Vec<_> = occ
        .iter()
        .filter(|o| o.instant.as_deref() == Some("2026-10-22T09:00:00Z"))
        .map(|o| (o.revision, o.state.as_str()))
        .collect();
    assert_eq!(
        at_cut,
        [(1, "cancelled"), (2, "done")],
        "the slot has one live occurrence, the new revision's"
    );
}

/// A file that is not a SQLite database, and a missing file: one JSON
/// error line on stderr with status 2, naming the file; the file stays as it was, and
/// nothing but `init` creates one.
#[test]
fn sqlite_errors_on_a_file_that_is_not_a_ledger() {
    let d = dir("errors_file");
    // Not a database.
    std::fs::write(
        d.join("ledger.db"),
        b"this is not sqlite, just text padding the header..",
    )
    .unwrap();
    let before = std::fs::read(d.join("ledger.db")).unwrap();
    let file = d.join("ledger.db").display().to_string();
    for args in [
        &["occurrences"][..],
        &["plan", "--now", "2026-10-20T00:00:00Z"],
    ] {
        let e = err(&ledger(&d, args));
        assert_eq!(e["code"], "database_corrupt", "{args:?}");
        assert!(e["message"].as_str().unwrap().contains(&file), "{e}");
    }
    assert_eq!(std::fs::read(d.join("ledger.db")).unwrap(), before);
    std::fs::remove_file(d.join("ledger.db")).unwrap();
    // Missing: not created by anything but init.
    assert_eq!(err(&ledger(&d, &["plan"]))["code"], "ledger_not_found");
    assert!(!d.join("ledger.db").exists());
}

/// Errors are one JSON line on stderr with status 2 and change nothing.
#[test]
fn errors_leave_the_database_unchanged() {
    let d = dir("errors");
    setup(
        &d,
        r#"{"id":"a","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    );
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T00:00:00Z"]));
    let snapshot = || ok(&ledger(&d, &["occurrences", "--json"]));
    let before = snapshot();
    // Bad specs.
    std::fs::write(
        d.join("bad.json"),
        r#"{"id":"b","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY;BYHOUR=24"}"#,
    )
    .unwrap();
    assert_eq!(
        err(&ledger(&d, &["add", "--spec", "bad.json"]))["code"],
        "invalid_rrule"
    );
    std::fs::write(
        d.join("bad.json"),
        r#"{"id":"b","timeZone":"Mars/Olympus","start":"2026-10-20T09:00"}"#,
    )
    .unwrap();
    assert_eq!(
        err(&ledger(&d, &["add", "--spec", "bad.json"]))["code"],
        "unknown_time_zone"
    );
    std::fs::write(d.join("bad.json"), r#"{"id":"a","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY;COUNT=1;UNTIL=20261030T000000Z"}"#).unwrap();
    assert_eq!(
        err(&ledger(
            &d,
            &[
                "update",
                "--spec",
                "bad.json",
                "--cutover",
                "2026-10-25T00:00:00Z"
            ]
        ))["code"],
        "count_and_until"
    );
    assert_eq!(
        err(&ledger(&d, &["disable", "nope"]))["code"],
        "unknown_schedule"
    );
    assert_eq!(
        err(&ledger(&d, &["plan", "--now", "yesterday"]))["code"],
        "invalid_date_time"
    );
    assert_eq!(
        err(&ledger(&d, &["plan", "--horizon", "P1M"]))["code"],
        "invalid_duration"
    );
    assert_eq!(snapshot(), before);
    // Locked: another process holds the write lock.
    let holder = hold_write_lock(&d);
    std::fs::write(
        d.join("b.json"),
        r#"{"id":"b","timeZone":"UTC","start":"2026-10-20T09:00"}"#,
    )
    .unwrap();
    let t = Instant::now();
    let e = err(&ledger(
        &d,
        &["--busy-timeout", "PT1S", "add", "--spec", "b.json"],
    ));
    assert_eq!(e["code"], "database_locked", "{e}");
    assert!(t.elapsed() < Duration::from_secs(10));
    drop(holder);
    assert_eq!(snapshot(), before);
    assert_eq!(
        err(&ledger(&d, &["explain", "b|2026-10-20T09:00:00"]))["code"],
        "unknown_key"
    );
}

/// `run` plans and ticks in a loop and stops cleanly on SIGTERM.
#[test]
fn run_stops_on_sigterm() {
    let d = dir("run");
    // Due a second ago and every second after, on the real clock.
    let start = Timestamp::now()
        .checked_sub(SignedDuration::from_secs(1))
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string();
    setup(
        &d,
        &format!(r#"{{"id":"s","timeZone":"UTC","start":"{start}","rrule":"FREQ=SECONDLY"}}"#),
    );
    let child = Command::new(BIN)
        .current_dir(&d)
        .args([
            "ledger",
            "--db",
            &common::db_arg(&d),
            "run",
            "--worker",
            "w",
            "--every",
            "PT0.2S",
        ])
        .args([
            "--horizon",
            "PT1M",
            "--exec",
            r#"echo "$WALLCLOCK_KEY" >> effects.log"#,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&d.join("effects.log"), Duration::from_secs(20));
    std::thread::sleep(Duration::from_millis(1500));
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    let r = ok(&out);
    assert_eq!(r["stopped"], "signal");
    assert!(r["total"]["done"].as_u64().unwrap() >= 2, "{r}");
    let log = std::fs::read_to_string(d.join("effects.log")).unwrap();
    let unique: HashSet<&str> = log.lines().collect();
    assert_eq!(unique.len(), log.lines().count());
}

/// One step of a run at which the kill -9 matrix kills the scheduler.
#[derive(Clone, Copy, Debug)]
enum KillAt {
    /// The command started (the claim is committed), no effect yet.
    BeforeEffect,
    /// The command wrote its effect and is still running.
    AfterEffect,
    /// The command exited 0; the done mark waits for the write lock.
    BeforeDoneCommit,
    /// The command exited 0; the write lock is held past `--busy-timeout`,
    /// so the tick is retrying the done mark with backoff.
    WhileRecordRetries,
}

/// Kill -9 matrix: a real `wallclock ledger tick` process is killed
/// (SIGKILL, whole process group) at each step of a run; after the lease a
/// second worker recovers. The command deduplicates on `WALLCLOCK_KEY`, as
/// external handlers must. Every time: the occurrence ends `done`, its
/// effect happened exactly once, and the first attempt is `lease_expired`.
#[test]
fn kill_9_matrix_loses_nothing_and_doubles_nothing() {
    for at in [
        KillAt::BeforeEffect,
        KillAt::AfterEffect,
        KillAt::BeforeDoneCommit,
        KillAt::WhileRecordRetries,
    ] {
        let d = dir(&format!("kill9_{at:?}"));
        setup(
            &d,
            r#"{"id":"k","timeZone":"Europe/Dublin","start":"2026-10-25T01:30","fold":"second"}"#,
        );
        ok(&ledger(&d, &["plan", "--now", "2026-10-24T00:00:00Z"]));
        let key = "k|2026-10-25T01:30:00";
        // Attempt 1 stops where the test kills it; later attempts run through.
        let exec = r#"touch "started_$WALLCLOCK_ATTEMPT"
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ "$KILL_AT" = BeforeEffect ]; then sleep 60; fi
grep -qxF "$WALLCLOCK_KEY" effects 2>/dev/null || echo "$WALLCLOCK_KEY" >> effects
touch "effect_$WALLCLOCK_ATTEMPT"
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ "$KILL_AT" = AfterEffect ]; then sleep 60; fi
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ -n "$WAIT_FOR_GO" ]; then
  while [ ! -f go ]; do sleep 0.02; done
fi
exit 0"#;
        // 01:30 IST fold second is 01:30 GMT.
        let (busy, wait_for_go) = match at {
            KillAt::BeforeDoneCommit => ("PT60S", "1"),
            KillAt::WhileRecordRetries => ("PT1S", "1"),
            _ => ("PT60S", ""),
        };
        let mut child = Command::new(BIN)
            .current_dir(&d)
            .env("KILL_AT", format!("{at:?}"))
            .env("WAIT_FOR_GO", wait_for_go)
            .args([
                "ledger",
                "--db",
                &common::db_arg(&d),
                "--busy-timeout",
                busy,
                "tick",
            ])
            .args([
                "--now",
                "2026-10-25T01:30:10Z",
                "--worker",
                "a",
                "--lease",
                "PT5M",
            ])
            .args(["--exec", exec])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
        let mut holder = None;
        match at {
            KillAt::BeforeEffect => wait_for(&d.join("started_1"), Duration::from_secs(20)),
            KillAt::AfterEffect => wait_for(&d.join("effect_1"), Duration::from_secs(20)),
            KillAt::BeforeDoneCommit | KillAt::WhileRecordRetries => {
                wait_for(&d.join("effect_1"), Duration::from_secs(20));
                // Take the write lock, then let the command exit: the done
                // mark waits for the lock and is killed waiting.
                holder = Some(hold_write_lock(&d));
                std::fs::write(d.join("go"), "").unwrap();
                let t = Instant::now();
                while t.elapsed() < Duration::from_secs(20) {
                    std::thread::sleep(Duration::from_millis(50));
                    // The command has exited once only the tick is left in
                    // the group: `sh` no longer runs.
                    let sh = Command::new("pgrep")
                        .args(["-g", &child.id().to_string(), "sh"])
                        .output()
                        .unwrap();
                    if !sh.status.success() {
                        break;
                    }
                }
                // Past the busy timeout of 1 s, the done mark is being
                // retried; within 60 s, it still waits for the lock.
                std::thread::sleep(Duration::from_millis(match at {
                    KillAt::WhileRecordRetries => 2500,
                    _ => 300,
                }));
            }
        }
        if let KillAt::WhileRecordRetries = at {
            // Past its busy timeout the tick keeps trying to record the
            // outcome: it has not given up and exited.
            assert!(child.try_wait().unwrap().is_none(), "the tick gave up");
        }
        kill_group(&mut child);
        drop(holder);
        let occ = occurrences(&d);
        assert_eq!(
            (occ[0]["state"].as_str(), occ[0]["attempts"].as_u64()),
            (Some("running"), Some(1)),
            "{at:?}"
        );
        // Within the lease nothing runs it; after it, worker b does.
        let r = ok(&tick_at(&d, "2026-10-25T01:34:00Z", "b", exec));
        assert_eq!(r["claimed"], 0, "{at:?}: {r}");
        let r = ok(&tick_at(&d, "2026-10-25T01:36:00Z", "b", exec));
        assert_eq!(
            (r["leaseExpired"].as_u64(), r["done"].as_u64()),
            (Some(1), Some(1)),
            "{at:?}: {r}"
        );
        let effects = std::fs::read_to_string(d.join("effects")).unwrap();
        assert_eq!(effects.lines().collect::<Vec<_>>(), [key], "{at:?}");
        let explained = ok(&ledger(&d, &["explain", key]));
        let o = &explained["occurrences"][0];
        assert_eq!(
            (o["state"].as_str(), o["attempts"].as_u64()),
            (Some("done"), Some(2))
        );
        let log = &o["attemptLog"];
        assert_eq!(log[0]["outcome"], "lease_expired", "{at:?}");
        assert_eq!(log[1]["outcome"], "done", "{at:?}");
        assert_eq!(explained["effect"]["generation"], 2, "{at:?}");
    }
}

/// Kill -9 during a tick's catch-up: a per-second `latest_only` schedule
/// after a one-day outage (86 401 missed occurrences, a few plan batches and
/// decision batches) is killed once its first batch has committed.
/// The next tick goes on from what was committed and reaches the decisions
/// one uninterrupted tick gives: the newest runs, once; everything else is
/// coalesced; nothing is left undecided.
#[test]
fn kill_9_during_catch_up_resumes_to_the_same_decisions() {
    let d = dir("kill9_catch_up");
    setup(
        &d,
        r#"{"id":"s","timeZone":"UTC","start":"2026-10-01T00:00","rrule":"FREQ=SECONDLY","misfire":"latest_only"}"#,
    );
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-01T00:00:00Z", "--horizon", "PT0S"],
    ));
    let now = "2026-10-02T00:00:00Z";
    let exec = r#"echo "$WALLCLOCK_KEY" >> effects.log"#;
    let mut child = common::ledger_command(&d)
        .args(["tick", "--now", now, "--worker", "a", "--exec", exec])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    let count = || int(&d, "SELECT count(*) FROM occurrences");
    let t = Instant::now();
    while count() == 0 {
        assert!(t.elapsed() < Duration::from_secs(120), "no batch committed");
        assert!(child.try_wait().unwrap().is_none(), "the tick ended first");
        std::thread::sleep(Duration::from_millis(5));
    }
    kill_group(&mut child);
    let committed = count();
    assert!(committed < 86_401, "killed after the catch-up: {committed}");
    let r = ok(&tick_at(&d, now, "b", exec));
    assert_eq!(r["done"], 1, "{r}");
    let states: Vec<(String, i64)> = rows(
        &d,
        "SELECT state, count(*) FROM occurrences GROUP BY state ORDER BY state",
    )
    .into_iter()
    .map(|r| (r[0].text().unwrap(), r[1].int()))
    .collect();
    assert_eq!(
        states,
        [("coalesced".to_owned(), 86_400), ("done".to_owned(), 1)]
    );
    let log = std::fs::read_to_string(d.join("effects.log")).unwrap();
    assert_eq!(log.lines().collect::<Vec<_>>(), ["s|2026-10-02T00:00:00"]);
}
