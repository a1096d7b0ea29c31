//! Operating the ledger past the happy path, on the store under test (SQLite
//! files, or PostgreSQL databases with `WALLCLOCK_TEST_STORE=postgres`):
//! reconciling unknown effects (library and `wallclock ledger reconcile`),
//! planning schedules denser than one expansion allows, renewing leases
//! while a long command runs.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::path::{Path, PathBuf};

use jiff::SignedDuration;
use wallclock::Spec;
use wallclock::ledger::{
    Finish, Ledger, OccurrenceFilter, Outcome, Reconcile, RetryPolicy, TickReport,
};

use common::{err, exec, init_store, int, ledger, ok, open_store, row, ts};

fn dir(name: &str) -> std::path::PathBuf {
    common::dir("ledger_ops", name)
}

/// A fresh ledger in test folder `name` with one schedule, `json`.
fn with_schedule(name: &str, json: &str) -> (PathBuf, Ledger) {
    let d = dir(name);
    let mut l = init_store(&d);
    l.add(&Spec::from_json(json).unwrap()).unwrap();
    (d, l)
}

fn state(l: &Ledger, key: &str) -> String {
    let list = l
        .occurrences(&OccurrenceFilter {
            key: Some(key.to_owned()),
            ..OccurrenceFilter::default()
        })
        .unwrap();
    assert_eq!(list.len(), 1, "{key}");
    list[0].state.clone()
}

const K0: &str = "u|2026-10-20T09:00:00";
const K1: &str = "u|2026-10-20T09:01:00";
const K2: &str = "u|2026-10-20T09:02:00";

/// Three occurrences whose only attempt lost its lease: `unknown_effect`.
fn three_unknown(d: &Path) -> Ledger {
    let mut l = init_store(d).with_retry(RetryPolicy {
        max_attempts: 1,
        ..RetryPolicy::default()
    });
    l.add(
        &Spec::from_json(
            r#"{"id":"u","timeZone":"UTC","start":"2026-10-20T09:00",
                "rrule":"FREQ=MINUTELY;COUNT=3","misfire":"all"}"#,
        )
        .unwrap(),
    )
    .unwrap();
    l.plan(ts("2026-10-20T08:00:00Z"), SignedDuration::from_hours(2))
        .unwrap();
    let mut report = TickReport::default();
    let lease = SignedDuration::from_mins(1);
    for _ in 0..3 {
        // Claimed, then the worker vanishes.
        l.claim_next(ts("2026-10-20T09:03:00Z"), "lost", lease, &mut report)
            .unwrap()
            .unwrap();
    }
    assert!(
        l.claim_next(ts("2026-10-20T09:05:00Z"), "w", lease, &mut report)
            .unwrap()
            .is_none()
    );
    for key in [K0, K1, K2] {
        assert_eq!(state(&l, key), "unknown_effect");
    }
    l
}

#[test]
fn reconcile_unknown_effects_through_the_library() {
    let d = dir("reconcile_lib");
    let mut l = three_unknown(&d);
    let now = ts("2026-10-20T09:30:00Z");
    assert_eq!(
        l.reconcile(K0, Reconcile::Done, now).unwrap(),
        "u|r1|2026-10-20T09:00:00|0"
    );
    l.reconcile(K1, Reconcile::Retry, now).unwrap();
    l.reconcile(K2, Reconcile::Dead, now).unwrap();
    assert_eq!(state(&l, K0), "done");
    assert_eq!(state(&l, K1), "retry_wait");
    assert_eq!(state(&l, K2), "dead");
    let ex = l.explain(K0).unwrap();
    assert_eq!(
        ex.effect.unwrap()["occurrence"],
        "u|r1|2026-10-20T09:00:00|0"
    );
    assert!(l.explain(K2).unwrap().effect.is_none());

    // The retry is claimable at once, with the same key, as attempt 2; only it runs.
    let mut ran = Vec::new();
    let r = l
        .tick(now, "w", SignedDuration::from_mins(5), |job, _tx| {
            ran.push((job.key.clone(), job.attempt));
            Outcome::Done
        })
        .unwrap();
    assert_eq!(ran, [(K1.to_owned(), 2)]);
    assert_eq!(r.done, 1);
    assert_eq!(state(&l, K1), "done");

    // Only an unknown effect can be reconciled; a key must exist.
    let e = l.reconcile(K0, Reconcile::Retry, now).unwrap_err();
    assert_eq!(e.code(), "invalid_state");
    assert_eq!(
        e.message(),
        "`u|2026-10-20T09:00:00` is `done`, not `unknown_effect` or `manual`: only an unknown effect can be reconciled"
    );
    assert_eq!(
        l.reconcile("u|2030-01-01T00:00:00", Reconcile::Done, now)
            .unwrap_err()
            .code(),
        "unknown_key"
    );
    assert_eq!(state(&l, K0), "done");
}

#[test]
fn reconcile_on_the_command_line() {
    let d = dir("reconcile_cli");
    drop(three_unknown(&d));
    let now = ["--now", "2026-10-20T09:30:00Z"];
    let v = ok(&ledger(
        &d,
        &[&["reconcile", K0, "--done"], &now[..]].concat(),
    ));
    assert_eq!(v["state"], "done");
    assert_eq!(v["occurrence"], "u|r1|2026-10-20T09:00:00|0");
    let v = ok(&ledger(
        &d,
        &[&["reconcile", K1, "--retry"], &now[..]].concat(),
    ));
    assert_eq!(v["state"], "retry_wait");
    let v = ok(&ledger(&d, &["reconcile", K2, "--dead"]));
    assert_eq!(v["state"], "dead");
    // Twice: refused, unchanged.
    let e = err(&ledger(&d, &["reconcile", K2, "--done"]));
    assert_eq!(e["code"], "invalid_state");
    assert_eq!(e["field"], "key");
    // Exactly one of --done, --retry, --dead.
    assert_eq!(ledger(&d, &["reconcile", K2]).status.code(), Some(2));
    assert_eq!(
        ledger(&d, &["reconcile", K2, "--done", "--dead"])
            .status
            .code(),
        Some(2)
    );
    let l = open_store(&d);
    assert_eq!(state(&l, K0), "done");
    assert_eq!(state(&l, K1), "retry_wait");
    assert_eq!(state(&l, K2), "dead");
    assert!(l.explain(K0).unwrap().effect.is_some());
}

/// A SECONDLY schedule over 30 hours holds 108 000 executions, more than
/// one expansion may list (`MAX_ENTRIES`): the plan goes on in windows.
/// New York's spring-forward lies inside, so the seam logic meets 3 600
/// gap-skipped entries too. Every UTC second of the horizon is planned
/// exactly once, and a second plan inserts nothing.
#[test]
fn plan_goes_on_in_windows_past_max_entries() {
    let (d, mut l) = with_schedule(
        "windows",
        r#"{"id":"tick","timeZone":"America/New_York","start":"2026-03-07T12:00",
                "rrule":"FREQ=SECONDLY","gap":"skip"}"#,
    );
    let now = ts("2026-03-07T17:00:00Z");
    let horizon = SignedDuration::from_hours(30);
    let seconds = 30 * 3600;
    assert!(seconds > wallclock::MAX_ENTRIES);
    let r = l.plan(now, horizon).unwrap();
    assert!(r.windows >= 2, "{r:?}");
    assert_eq!(r.gap_skipped, 3600);
    assert_eq!(r.inserted, seconds as u64 + 3600);
    let r = row(
        &d,
        "SELECT count(*), count(DISTINCT instant), min(instant), max(instant)
           FROM occurrences WHERE state = 'planned'",
    );
    assert_eq!((r[0].int(), r[1].int()), (seconds as i64, seconds as i64));
    assert_eq!(r[2].text().unwrap(), "2026-03-07T17:00:00Z");
    assert_eq!(r[3].text().unwrap(), "2026-03-08T22:59:59Z");
    let again = l.plan(now, horizon).unwrap();
    assert_eq!((again.inserted, again.windows), (0, 0));
}

/// A SQLite pragma on the ledger's own connection (the page limit is a
/// setting of the connection, not of the file).
fn pragma(l: &Ledger, sql: &str) -> i64 {
    l.connection()
        .unwrap()
        .query_row(sql, [], |r| r.get(0))
        .unwrap()
}

/// A ledger that cannot grow (SQLite's page limit stands in for a full
/// disk: both are `SQLITE_FULL`) fails the plan with `disk_full` and keeps
/// nothing of it: no occurrence, the cursor where it was. Once it can grow,
/// the same plan succeeds.
#[test]
fn sqlite_a_full_ledger_fails_the_plan_and_keeps_nothing_of_it() {
    let (d, mut l) = with_schedule(
        "full",
        r#"{"id":"dense","timeZone":"Europe/Berlin","start":"2026-03-28T00:00",
                "rrule":"FREQ=MINUTELY"}"#,
    );
    let pages = pragma(&l, "PRAGMA page_count");
    let cap = pragma(&l, &format!("PRAGMA max_page_count = {}", pages + 2));
    assert_eq!(cap, pages + 2);
    let now = ts("2026-03-28T00:00:00Z");
    let e = l.plan(now, SignedDuration::from_hours(48)).unwrap_err();
    assert_eq!(e.code(), "disk_full", "{e}");
    assert!(e.message().contains("disk is full"), "{e}");
    assert!(
        e.message().contains("nothing of this change was written"),
        "{e}"
    );
    let r = row(
        &d,
        "SELECT (SELECT count(*) FROM occurrences), (SELECT cursor FROM schedules)",
    );
    assert_eq!((r[0].int(), r[1].text()), (0, None));
    pragma(&l, "PRAGMA max_page_count = 1000000");
    // Every UTC minute from the start (local midnight, 23:00 UTC) to
    // now + 48 h, and a gap-skipped entry for each minute of the hour the
    // spring-forward removes (02:00–02:59 on 29 March).
    let r = l.plan(now, SignedDuration::from_hours(48)).unwrap();
    assert_eq!(r.gap_skipped, 60);
    assert_eq!(r.inserted, 49 * 60 + 60);
}

/// An occurrence running when its schedule is disabled is not claimed again
/// after its lease runs out: it waits for a retry that only `enable` lets
/// happen. Its late done mark is still recorded, since nobody claimed it
/// again (the generation is the current one): the effect happened once and
/// `enable` does not run it a second time.
#[test]
fn a_lapsed_claim_of_a_disabled_schedule_waits_for_enable() {
    let (_, mut l) = with_schedule(
        "disabled-lapse",
        r#"{"id":"m","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=MINUTELY;COUNT=3"}"#,
    );
    let now = ts("2026-10-20T09:00:00Z");
    let lease = SignedDuration::from_mins(1);
    l.plan(now, SignedDuration::from_hours(1)).unwrap();
    let mut report = TickReport::default();
    let job = l
        .claim_next(now, "w1", lease, &mut report)
        .unwrap()
        .unwrap();
    assert_eq!(job.key, K0.replace("u|", "m|"));
    assert_eq!(l.disable("m").unwrap(), 1, "the disable generation");
    for k in [K1, K2] {
        assert_eq!(state(&l, &k.replace("u|", "m|")), "cancelled");
    }

    let later = ts("2026-10-20T09:05:00Z");
    let r = l
        .tick(later, "w2", lease, |j, _| {
            panic!("claimed {} while disabled", j.key)
        })
        .unwrap();
    assert_eq!((r.lease_expired, r.claimed), (1, 0), "{r:?}");
    assert_eq!(state(&l, &job.key), "retry_wait");
    assert_eq!(l.finish(&job, later, &Outcome::Done).unwrap(), Finish::Done);
    assert_eq!(state(&l, &job.key), "done");

    l.enable("m", later).unwrap();
    let r = l
        .tick(later, "w2", lease, |j, _| panic!("ran {} again", j.key))
        .unwrap();
    assert_eq!(r.claimed, 0, "{r:?}");
    let attempts = l.attempts(&job.occurrence).unwrap();
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0].outcome.as_deref(), Some("done"));
}

/// A handler that outlives its lease but renews it keeps its claim; one
/// that does not is recovered by another worker, and its late renewal and
/// done mark are fenced.
#[test]
fn renewed_leases_hold_and_lapsed_ones_are_fenced() {
    let (_, mut l) = with_schedule(
        "renew_lib",
        r#"{"id":"u","timeZone":"UTC","start":"2026-10-20T09:00",
                "rrule":"FREQ=MINUTELY;COUNT=2","misfire":"all"}"#,
    );
    l.plan(ts("2026-10-20T08:00:00Z"), SignedDuration::from_hours(2))
        .unwrap();
    let lease = SignedDuration::from_mins(1);
    let mut report = TickReport::default();
    let at = ts("2026-10-20T09:01:00Z");
    let mut long = l.claim_next(at, "a", lease, &mut report).unwrap().unwrap();
    let mut lapsed = l.claim_next(at, "b", lease, &mut report).unwrap().unwrap();
    assert_eq!((long.key.as_str(), lapsed.key.as_str()), (K0, K1));
    // a renews before its lease runs out, twice; b never does.
    assert!(
        l.renew(&mut long, ts("2026-10-20T09:01:40Z"), lease)
            .unwrap()
    );
    assert!(
        l.renew(&mut long, ts("2026-10-20T09:02:20Z"), lease)
            .unwrap()
    );
    assert_eq!(long.lease_until, ts("2026-10-20T09:03:20Z"));
    // At 09:03 both original leases (09:02) are over: only b's is recovered.
    let c = l
        .claim_next(ts("2026-10-20T09:03:00Z"), "c", lease, &mut report)
        .unwrap()
        .unwrap();
    assert_eq!((c.key.as_str(), c.attempt), (K1, 2));
    assert!(
        l.claim_next(ts("2026-10-20T09:03:00Z"), "c", lease, &mut report)
            .unwrap()
            .is_none()
    );
    assert_eq!(report.lease_expired, 1);
    // b wakes up: it can neither renew nor finish.
    let before = lapsed.lease_until;
    assert!(
        !l.renew(&mut lapsed, ts("2026-10-20T09:03:10Z"), lease)
            .unwrap()
    );
    assert_eq!(lapsed.lease_until, before);
    assert_eq!(
        l.finish(&lapsed, ts("2026-10-20T09:03:10Z"), &Outcome::Done)
            .unwrap(),
        Finish::Fenced
    );
    assert_eq!(
        l.finish(&long, ts("2026-10-20T09:03:10Z"), &Outcome::Done)
            .unwrap(),
        Finish::Done
    );
    assert_eq!(
        l.finish(&c, ts("2026-10-20T09:03:10Z"), &Outcome::Done)
            .unwrap(),
        Finish::Done
    );
    assert_eq!(state(&l, K0), "done");
    assert_eq!(state(&l, K1), "done");
    let id = |key: &str| {
        l.occurrences(&OccurrenceFilter {
            key: Some(key.to_owned()),
            ..OccurrenceFilter::default()
        })
        .unwrap()[0]
            .id
            .clone()
    };
    let a = l.attempts(&id(K0)).unwrap();
    assert_eq!(a.len(), 1);
    assert_eq!(
        (a[0].outcome.as_deref(), a[0].lease_until.as_str()),
        (Some("done"), "2026-10-20T09:03:20Z")
    );
    let b: Vec<_> = l
        .attempts(&id(K1))
        .unwrap()
        .into_iter()
        .map(|a| (a.worker, a.outcome))
        .collect();
    assert_eq!(
        b,
        [
            ("b".to_owned(), Some("lease_expired".to_owned())),
            ("c".to_owned(), Some("done".to_owned()))
        ]
    );
}

/// `wallclock ledger tick` renews the lease while its command runs: a
/// command that takes twice the lease is not taken over by a second worker
/// ticking in the middle, and completes as its only attempt.
#[test]
fn tick_renews_the_lease_while_the_command_runs() {
    let d = dir("renew_cli");
    std::fs::write(
        d.join("spec.json"),
        r#"{"id":"slow","timeZone":"Europe/Berlin","start":"2026-10-25T02:30"}"#,
    )
    .unwrap();
    ok(&ledger(&d, &["init"]));
    ok(&ledger(
        &d,
        &[
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            common::BACKFILL,
        ],
    ));
    ok(&ledger(&d, &["plan", "--now", "2026-10-24T00:00:00Z"]));
    // No `--now`: the wall clock, which renewals follow; the occurrence
    // (25 October 2026, the night Berlin falls back) is long due.
    let a = std::process::Command::new(common::BIN)
        .current_dir(&d)
        .args([
            "ledger",
            "--db",
            &common::db_arg(&d),
            "tick",
            "--worker",
            "a",
        ])
        .args(["--lease", "PT6S", "--exec", "touch started; sleep 13"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while !d.join("started").exists() {
        assert!(t.elapsed() < std::time::Duration::from_secs(30));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Past the first lease, well within the command. The lease (6 s) is
    // renewed every 2 s: only a renewal late by 4 s could lose it.
    std::thread::sleep(std::time::Duration::from_millis(8500));
    let b = ok(&ledger(
        &d,
        &[
            "tick",
            "--worker",
            "b",
            "--lease",
            "PT6S",
            "--exec",
            "touch b_ran",
        ],
    ));
    assert_eq!(
        (b["claimed"].as_u64(), b["leaseExpired"].as_u64()),
        (Some(0), Some(0)),
        "{b}"
    );
    let a = ok(&a.wait_with_output().unwrap());
    assert_eq!(
        (a["done"].as_u64(), a["fenced"].as_u64()),
        (Some(1), Some(0)),
        "{a}"
    );
    assert!(!d.join("b_ran").exists());
    let ex = ok(&ledger(&d, &["explain", "slow|2026-10-25T02:30:00"]));
    let log = ex["occurrences"][0]["attemptLog"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(log.len(), 1, "{ex}");
    assert_eq!(log[0]["outcome"], "done");
    // The recorded lease moved past the first one (claim + 6 s).
    assert!(
        ts(log[0]["leaseUntil"].as_str().unwrap())
            >= ts(log[0]["startedAt"].as_str().unwrap()) + SignedDuration::from_secs(12)
    );
}

/// A ledger written by schema version 2 (stored ids and keys, a policy
/// copy on every row) opens under the current schema with every row, its
/// attempts and its effect intact: same ids, keys (the `|fold=1` suffix
/// included), notes, zone and policy tokens; planning again adds nothing.
#[test]
fn sqlite_a_version_2_ledger_migrates_with_its_history() {
    let d = dir("migrate_v2");
    let path = d.join("ledger.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL").unwrap();
        for sql in &wallclock::ledger::MIGRATIONS[..2] {
            conn.execute_batch(sql).unwrap();
        }
        let tzdb = wallclock::tzdb_version();
        conn.execute_batch(&format!(
            r#"PRAGMA user_version = 2;
            INSERT INTO meta VALUES ('tzdb', '{tzdb}');
            INSERT INTO schedules (id, revision, time_zone, cursor)
                 VALUES ('f', 1, 'America/New_York', '2026-11-15T00:00:00Z');
            INSERT INTO revisions VALUES ('f', 1,
                 '{{"id":"f","timeZone":"America/New_York","start":"2026-11-01T01:30","fold":"both"}}',
                 NULL, NULL, '{tzdb}');
            INSERT INTO occurrences (id, schedule, revision, key, nominal, fold, time_zone, instant,
                 at, status, gap, fold_policy, invalid_date, misfire, tzdb, notes, state, due_at,
                 attempts, generation, planned_at, updated_at) VALUES
                ('f|r1|2026-11-01T01:30:00|0', 'f', 1, 'f|2026-11-01T01:30:00', '2026-11-01T01:30:00',
                 0, 'America/New_York', '2026-11-01T05:30:00Z', '2026-11-01T05:30:00Z', 'scheduled',
                 'skip', 'both', 'omit', 'all', '{tzdb}',
                 '[{{"code":"fold_both","message":"twice"}}]', 'done', '2026-11-01T05:30:00Z', 1, 1,
                 '2026-11-01T00:00:00Z', '2026-11-01T05:31:00Z'),
                ('f|r1|2026-11-01T01:30:00|1', 'f', 1, 'f|2026-11-01T01:30:00|fold=1',
                 '2026-11-01T01:30:00', 1, 'America/New_York', '2026-11-01T06:30:00Z',
                 '2026-11-01T06:30:00Z', 'scheduled', 'skip', 'both', 'omit', 'all', '{tzdb}', '[]',
                 'planned', '2026-11-01T06:30:00Z', 0, 0, '2026-11-01T00:00:00Z',
                 '2026-11-01T00:00:00Z');
            INSERT INTO attempts (occurrence, attempt, generation, worker, disable_generation,
                 lease_until, started_at, finished_at, outcome)
                 VALUES ('f|r1|2026-11-01T01:30:00|0', 1, 1, 'w', 0, '2026-11-01T05:35:00Z',
                         '2026-11-01T05:30:02Z', '2026-11-01T05:31:00Z', 'done');
            INSERT INTO effects VALUES ('f|2026-11-01T01:30:00', 'f|r1|2026-11-01T01:30:00|0', 1,
                 '2026-11-01T05:31:00Z');"#
        ))
        .unwrap();
    }
    let mut l = open_store(&d);
    assert_eq!(
        l.schema_version().unwrap(),
        wallclock::ledger::MIGRATIONS.len() as i64
    );
    let occ = l.occurrences(&OccurrenceFilter::default()).unwrap();
    let ids: Vec<_> = occ
        .iter()
        .map(|o| (o.id.as_str(), o.key.as_str(), o.state.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            (
                "f|r1|2026-11-01T01:30:00|0",
                "f|2026-11-01T01:30:00",
                "done"
            ),
            (
                "f|r1|2026-11-01T01:30:00|1",
                "f|2026-11-01T01:30:00|fold=1",
                "planned"
            )
        ]
    );
    assert_eq!(occ[0].notes[0]["code"], "fold_both");
    assert_eq!(occ[1].notes, serde_json::json!([]));
    assert_eq!(occ[0].time_zone, "America/New_York");
    assert_eq!(occ[0].policies["fold"], "both");
    assert_eq!(occ[0].policies["misfire"], "all");
    let a = l.attempts(&occ[0].id).unwrap();
    assert_eq!(
        (a.len(), a[0].outcome.as_deref(), a[0].worker.as_str()),
        (1, Some("done"), "w")
    );
    let ex = l.explain("f|2026-11-01T01:30:00").unwrap();
    assert_eq!(
        ex.effect.unwrap()["occurrence"],
        "f|r1|2026-11-01T01:30:00|0"
    );
    // The same identities: re-planning from the start inserts nothing, and
    // the second fold runs once under its own key.
    exec(&d, "UPDATE schedules SET cursor = NULL");
    assert_eq!(
        l.plan(
            ts("2026-10-30T00:00:00Z"),
            SignedDuration::from_hours(24 * 14)
        )
        .unwrap()
        .inserted,
        0
    );
    let mut ran = Vec::new();
    l.tick(
        ts("2026-11-01T06:30:00Z"),
        "w",
        SignedDuration::from_mins(5),
        |job, _| {
            ran.push(job.key.clone());
            Outcome::Done
        },
    )
    .unwrap();
    assert_eq!(ran, ["f|2026-11-01T01:30:00|fold=1"]);
}

/// The `(seq, key)` of every occurrence, read on a plain connection of the
/// store's own client (the library would migrate the ledger first).
fn raw_keys(d: &Path) -> Vec<(i64, String)> {
    let sql = "SELECT seq, key FROM occurrences ORDER BY seq";
    if common::on_postgres() {
        let mut c = postgres::Client::connect(&common::db_arg(d), postgres::NoTls).unwrap();
        c.query(sql, &[])
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    } else {
        let conn = rusqlite::Connection::open(common::db_file(d)).unwrap();
        let mut st = conn.prepare(sql).unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }
}

/// The schema version before keys were written by Rust: SQLite 7,
/// PostgreSQL 3, where `key` is generated in SQL.
fn schema_before_stored_keys() -> i64 {
    if common::on_postgres() { 3 } else { 7 }
}

/// A ledger at [`schema_before_stored_keys`] in `d`, with schedule `f`
/// (daily at 01:30 New York, fold `both`) and no occurrences.
fn ledger_before_stored_keys(d: &Path) {
    let tzdb = wallclock::tzdb_version();
    let old = schema_before_stored_keys() as usize;
    if common::on_postgres() {
        for sql in &wallclock::ledger::PG_MIGRATIONS[..old] {
            exec(d, sql);
        }
        exec(d, &format!("INSERT INTO meta VALUES ('schema', '{old}')"));
    } else {
        exec(d, "PRAGMA journal_mode = WAL");
        for sql in &wallclock::ledger::MIGRATIONS[..old] {
            exec(d, sql);
        }
        exec(d, &format!("PRAGMA user_version = {old}"));
    }
    exec(
        d,
        &format!(
            r#"INSERT INTO meta VALUES ('tzdb', '{tzdb}');
            INSERT INTO schedules (id, revision, time_zone, cursor)
                 VALUES ('f', 1, 'America/New_York', '2026-11-02T00:00:00Z');
            INSERT INTO revisions (schedule, revision, spec, cutover, until, tzdb, time_zone,
                                   fold_policy)
                 VALUES ('f', 1, '{{"id":"f","timeZone":"America/New_York","start":"2026-10-31T01:30","rrule":"FREQ=DAILY;COUNT=2","fold":"both"}}',
                         NULL, NULL, '{tzdb}', 'America/New_York', 'both');"#
        ),
    );
}

/// The schema version, read on a plain connection of the store's own
/// client, as [`raw_keys`] reads.
fn raw_version(d: &Path) -> i64 {
    if common::on_postgres() {
        let mut c = postgres::Client::connect(&common::db_arg(d), postgres::NoTls).unwrap();
        let v: String = c
            .query_one("SELECT value FROM meta WHERE key = 'schema'", &[])
            .unwrap()
            .get(0);
        v.parse().unwrap()
    } else {
        let conn = rusqlite::Connection::open(common::db_file(d)).unwrap();
        conn.query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap()
    }
}

/// A ledger at the schema before keys were written by Rust (SQLite 7,
/// PostgreSQL 3: `key` generated in SQL) upgrades to the latest with every
/// row's key text unchanged — a plain row, both runs of fold `both` (only
/// the second has `|fold=1`) and a run by hand — and `key` is then a
/// stored column the library writes: planning again inserts nothing, a
/// trigger's key is the one it reports, and the keys still find the rows.
#[test]
fn a_ledger_before_stored_keys_upgrades_with_the_same_keys() {
    let d = dir("key_upgrade");
    let tzdb = wallclock::tzdb_version();
    ledger_before_stored_keys(&d);
    exec(
        &d,
        &format!(
            r#"INSERT INTO occurrences (schedule, revision, nominal, fold, doubled, instant, at,
                 status, tzdb, notes, state, due_at, planned_at) VALUES
                ('f', 1, '2026-10-31T01:30:00', 0, 1, '2026-10-31T05:30:00Z',
                 '2026-10-31T05:30:00Z', 'scheduled', '{tzdb}', NULL, 'planned',
                 '2026-10-31T05:30:00Z', '2026-10-30T00:00:00Z'),
                ('f', 1, '2026-11-01T01:30:00', 0, 1, '2026-11-01T05:30:00Z',
                 '2026-11-01T05:30:00Z', 'scheduled', '{tzdb}',
                 '[{{"code":"fold_both","message":"twice"}}]', 'planned',
                 '2026-11-01T05:30:00Z', '2026-10-30T00:00:00Z'),
                ('f', 1, '2026-11-01T01:30:00', 1, 1, '2026-11-01T06:30:00Z',
                 '2026-11-01T06:30:00Z', 'scheduled', '{tzdb}',
                 '[{{"code":"fold_both","message":"twice"}}]', 'planned',
                 '2026-11-01T06:30:00Z', '2026-10-30T00:00:00Z');
            INSERT INTO occurrences (schedule, revision, nominal, fold, doubled, instant, at,
                 status, tzdb, notes, state, decision, reason, due_at, planned_at, live) VALUES
                ('f', 1, 'manual|2026-10-30T12:00:00Z', 0, 0, '2026-10-30T12:00:00Z',
                 '2026-10-30T12:00:00Z', 'manual', '{tzdb}', NULL, 'planned', 'run',
                 'triggered by hand', '2026-10-30T12:00:00Z', '2026-10-30T12:00:00Z', 0);"#
        ),
    );
    let before = raw_keys(&d);
    let keys: Vec<&str> = before.iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "f|2026-10-31T01:30:00",
            "f|2026-11-01T01:30:00",
            "f|2026-11-01T01:30:00|fold=1",
            "f|manual|2026-10-30T12:00:00Z"
        ]
    );

    let mut l = open_store(&d);
    let latest = if common::on_postgres() {
        wallclock::ledger::PG_MIGRATIONS.len()
    } else {
        wallclock::ledger::MIGRATIONS.len()
    };
    assert_eq!(l.schema_version().unwrap(), latest as i64);
    assert_eq!(raw_keys(&d), before);
    // A stored column now: neither generated nor hidden.
    let generated = if common::on_postgres() {
        "SELECT count(*) FROM information_schema.columns
          WHERE table_name = 'occurrences' AND column_name = 'key' AND is_generated <> 'NEVER'"
    } else {
        "SELECT count(*) FROM pragma_table_xinfo('occurrences') WHERE name = 'key' AND hidden <> 0"
    };
    assert_eq!(int(&d, generated), 0);

    // The identities are the ones the library plans: nothing new.
    exec(&d, "UPDATE schedules SET cursor = NULL");
    let plan = l
        .plan(
            ts("2026-10-30T00:00:00Z"),
            SignedDuration::from_hours(24 * 4),
        )
        .unwrap();
    assert_eq!(plan.inserted, 0);
    for (_, key) in &before {
        assert_eq!(state(&l, key), "planned", "{key}");
    }
    let queued = l.trigger("f", ts("2026-10-30T13:00:00Z")).unwrap();
    assert_eq!(queued.key, "f|manual|2026-10-30T13:00:00Z");
    let after = raw_keys(&d);
    assert_eq!(after.len(), 5);
    assert_eq!(after[4].1, queued.key);
}

/// `kill -9` in the middle of the upgrade to stored keys leaves the
/// schema before it with every key as it was (the upgrade is one
/// transaction), and the next open upgrades. On PostgreSQL the test holds
/// a lock on `occurrences`, so the upgrade is killed while it waits inside
/// its transaction; on SQLite the rebuild of 200 000 rows is killed once
/// its transaction has written to the WAL. A kill that comes after the
/// commit (possible on SQLite only) finds the new schema, with the same
/// keys, and the attempt is made again on a fresh ledger.
#[test]
fn a_kill_during_the_key_upgrade_leaves_the_schema_before_it() {
    let old = schema_before_stored_keys();
    let latest = if common::on_postgres() {
        wallclock::ledger::PG_MIGRATIONS.len()
    } else {
        wallclock::ledger::MIGRATIONS.len()
    } as i64;
    let mut killed_inside = false;
    for attempt in 0..3 {
        let d = dir(&format!("key_upgrade_kill_{attempt}"));
        ledger_before_stored_keys(&d);
        exec(&d, &bulk_occurrences(200_000));
        let before = raw_keys(&d);
        assert_eq!(before.len(), 200_000);
        let plan = ["plan", "--now", "2026-10-30T00:00:00Z"];
        let spawn = || {
            common::ledger_command(&d)
                .args(plan)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        };
        if common::on_postgres() {
            let mut holder =
                postgres::Client::connect(&common::db_arg(&d), postgres::NoTls).unwrap();
            let mut lock = holder.transaction().unwrap();
            lock.batch_execute("LOCK TABLE occurrences IN ACCESS SHARE MODE")
                .unwrap();
            let mut child = spawn();
            wait_until(&mut child, || upgrade_waits_on_a_lock(&d));
            child.kill().unwrap();
            child.wait().unwrap();
            lock.rollback().unwrap();
        } else {
            let wal = common::db_file(&d).with_extension("db-wal");
            let mut child = spawn();
            wait_until(&mut child, || {
                std::fs::metadata(&wal).is_ok_and(|m| m.len() >= 4 << 20)
            });
            child.kill().unwrap();
            child.wait().unwrap();
        }
        assert_eq!(raw_keys(&d), before, "attempt {attempt}");
        let version = raw_version(&d);
        assert!(version == old || version == latest, "{version}");
        if !common::on_postgres() {
            let conn = rusqlite::Connection::open(common::db_file(&d)).unwrap();
            let check: String = conn
                .query_row("PRAGMA integrity_check", [], |r| r.get(0))
                .unwrap();
            assert_eq!(check, "ok");
        }
        ok(&ledger(&d, &plan));
        assert_eq!(raw_version(&d), latest);
        assert_eq!(raw_keys(&d)[..before.len()], before[..]);
        if version == old {
            killed_inside = true;
            break;
        }
    }
    assert!(killed_inside, "every kill came after the upgrade's commit");
}

/// `count` planned occurrences of schedule `f`, an hour apart from 2000,
/// inserted by SQL on the schema before stored keys.
fn bulk_occurrences(count: u32) -> String {
    let tzdb = wallclock::tzdb_version();
    let columns = "schedule, revision, nominal, fold, doubled, instant, at, status, tzdb, \
                   notes, state, due_at, planned_at";
    if common::on_postgres() {
        format!(
            r#"INSERT INTO occurrences ({columns})
               SELECT 'f', 1, to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS'), 0, 1, t AT TIME ZONE 'UTC',
                      t AT TIME ZONE 'UTC', 'scheduled', '{tzdb}', NULL, 'planned',
                      t AT TIME ZONE 'UTC', timestamptz '2000-01-01T00:00:00Z'
                 FROM (SELECT timestamp '2000-01-01' + i * interval '1 hour' AS t
                         FROM generate_series(0, {count} - 1) AS i) AS hours"#
        )
    } else {
        format!(
            r#"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {count} - 1),
                 hours(t) AS (SELECT strftime('%Y-%m-%dT%H:%M:%S', '2000-01-01', '+' || i || ' hours') FROM n)
               INSERT INTO occurrences ({columns})
               SELECT 'f', 1, t, 0, 1, t || 'Z', t || 'Z', 'scheduled', '{tzdb}', NULL, 'planned',
                      t || 'Z', '2000-01-01T00:00:00Z'
                 FROM hours"#
        )
    }
}

/// Polls `ready` every 5 ms for up to a minute while `child` runs; fails
/// the test when `child` exits first or the minute passes.
fn wait_until(child: &mut std::process::Child, mut ready: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the upgrade ended ({status}) before the point to kill it");
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no point to kill within a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Whether a session of the ledger in `d` is inside the key upgrade,
/// waiting for a table lock.
fn upgrade_waits_on_a_lock(d: &Path) -> bool {
    let mut c = postgres::Client::connect(&common::db_arg(d), postgres::NoTls).unwrap();
    let waiting: i64 = c
        .query_one(
            "SELECT count(*) FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query LIKE '%DROP EXPRESSION%'",
            &[],
        )
        .unwrap()
        .get(0);
    waiting > 0
}

/// The keys a plan writes are the keys `wallclock expand` prints for the
/// same schedule and window, entry for entry: a skipped gap time and
/// both runs of a repeated hour included.
#[test]
fn a_plan_writes_the_keys_wallclock_expand_prints() {
    let spec = r#"{"id":"k","timeZone":"America/New_York","start":"2026-03-07T01:30",
                   "rrule":"FREQ=HOURLY;INTERVAL=12;COUNT=4","rdate":["2026-03-08T02:30","2026-11-01T01:30"],
                   "gap":"skip","fold":"both"}"#;
    let (d, mut l) = with_schedule("plan_keys", spec);
    std::fs::write(d.join("spec.json"), spec).unwrap();
    let from = "2026-03-01T00:00:00Z";
    let to = "2026-11-15T00:00:00Z";
    let out = std::process::Command::new(common::BIN)
        .args(["expand", "--spec"])
        .arg(d.join("spec.json"))
        .args(["--from", from, "--to", to, "--format", "json"])
        .output()
        .unwrap();
    let printed = ok(&out);
    let mut expanded: Vec<String> = printed["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["key"].as_str().unwrap().to_owned())
        .collect();
    l.plan(ts(from), SignedDuration::from_hours(24 * 366))
        .unwrap();
    let mut planned: Vec<String> = l
        .occurrences(&OccurrenceFilter::default())
        .unwrap()
        .into_iter()
        .map(|o| o.key)
        .collect();
    expanded.sort();
    planned.sort();
    assert!(expanded.contains(&"k|2026-11-01T01:30:00|fold=1".to_owned()));
    assert!(expanded.contains(&"k|2026-03-08T02:30:00".to_owned()));
    assert_eq!(planned, expanded);
}

/// A tick's batch (claims, handlers' writes, done marks) is one
/// transaction. A worker that dies halfway through a batch (here a handler
/// panics: the transaction never commits, as after a crash) leaves no trace:
/// every occurrence is still `planned` with no attempt and none of the
/// batch's writes exist; the next worker runs each once, without waiting for
/// a lease, and each write exists once.
#[test]
fn a_batch_cut_short_commits_nothing_and_recovers_each_once() {
    let d = dir("batch_cut");
    let mut l = init_store(&d);
    exec(&d, "CREATE TABLE sent (key TEXT PRIMARY KEY)");
    l.add(
        &Spec::from_json(
            r#"{"id":"b","timeZone":"America/New_York","start":"2026-11-01T01:00",
                "rrule":"FREQ=MINUTELY;INTERVAL=10;COUNT=12","fold":"both"}"#,
        )
        .unwrap(),
    )
    .unwrap();
    l.plan(ts("2026-11-01T04:00:00Z"), SignedDuration::from_hours(4))
        .unwrap();
    let lease = SignedDuration::from_mins(1);
    let now = ts("2026-11-01T07:00:00Z");
    let mut ran = 0;
    let cut = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        l.tick(now, "a", lease, |job, tx| {
            ran += 1;
            tx.execute(
                "INSERT INTO sent (key) VALUES (?1)",
                &[job.key.as_str().into()],
            )
            .unwrap();
            if ran == 7 {
                panic!("the worker dies in the middle of its batch");
            }
            Outcome::Done
        })
    }));
    assert!(cut.is_err());
    drop(l);
    let mut b = open_store(&d);
    let sent = || int(&d, "SELECT count(*) FROM sent");
    assert_eq!(sent(), 0);
    let occ = b.occurrences(&OccurrenceFilter::default()).unwrap();
    // 01:00–01:50 twice (EDT, then EST), both folds counted: 12.
    assert_eq!(occ.len(), 12);
    assert!(
        occ.iter().all(|o| o.state == "planned" && o.attempts == 0),
        "{occ:?}"
    );
    for o in &occ {
        assert!(b.attempts(&o.id).unwrap().is_empty(), "{o:?}");
    }
    let r = b
        .tick(now, "b", lease, |job, tx| {
            tx.execute(
                "INSERT INTO sent (key) VALUES (?1)",
                &[job.key.as_str().into()],
            )
            .unwrap();
            Outcome::Done
        })
        .unwrap();
    assert_eq!((r.lease_expired, r.done), (0, 12), "{r:?}");
    assert_eq!(sent(), 12);
    for o in b.occurrences(&OccurrenceFilter::default()).unwrap() {
        assert_eq!((o.state.as_str(), o.attempts), ("done", 1));
        let outcomes: Vec<_> = b
            .attempts(&o.id)
            .unwrap()
            .into_iter()
            .map(|a| a.outcome)
            .collect();
        assert_eq!(outcomes, [Some("done".to_owned())]);
    }
}
