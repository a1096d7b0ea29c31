//! The ledger against the seeds' golden tables, through the library API on
//! the store under test (a SQLite file, or a PostgreSQL database): seed 000 §5.5 (misfire), §5.6 (rule change), plan
//! idempotence, gap and merge records, revision cutover, tzdb re-plan.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::path::{Path, PathBuf};

use jiff::SignedDuration;
use wallclock::Spec;
use wallclock::ledger::{Ledger, OccurrenceFilter, Outcome};

use common::{exec, init_store, on_postgres, try_exec, ts};

fn dir(name: &str) -> PathBuf {
    common::dir("ledger_plan", name)
}

/// A new ledger in a fresh test folder `name`.
fn new_ledger(name: &str) -> (PathBuf, Ledger) {
    let d = dir(name);
    let l = init_store(&d);
    (d, l)
}

/// Moves every pending occurrence from 1 November on an hour earlier and
/// marks it and the ledger as planned under tz database `2020a`: rows as an
/// older tz database that still had New York on EDT then would have left.
fn plan_as_under_2020a(d: &Path) {
    let earlier = |col: &str| {
        if on_postgres() {
            format!("{col} = {col} - interval '1 hour'")
        } else {
            format!("{col} = strftime('%Y-%m-%dT%H:%M:%SZ', {col}, '-1 hour')")
        }
    };
    exec(
        d,
        &format!(
            "UPDATE occurrences SET tzdb = '2020a', {}, {}, {}
              WHERE nominal >= '2026-11-01';
             UPDATE meta SET value = '2020a' WHERE key = 'tzdb';",
            earlier("instant"),
            earlier("at"),
            earlier("due_at")
        ),
    );
}

const DAYS14: SignedDuration = SignedDuration::from_hours(24 * 14);
const LEASE: SignedDuration = SignedDuration::from_mins(5);

fn spec(json: &str) -> Spec {
    Spec::from_json(json).unwrap()
}

/// (day of month, state) for every occurrence up to `last_day`.
fn states(l: &Ledger, last_day: u32) -> Vec<(u32, String)> {
    l.occurrences(&OccurrenceFilter::default())
        .unwrap()
        .into_iter()
        .filter_map(|o| {
            let day: u32 = o.nominal[8..10].parse().unwrap();
            (o.nominal.starts_with("2026-10-") && day <= last_day).then_some((day, o.state))
        })
        .collect()
}

fn table(rows: &[(u32, &str)]) -> Vec<(u32, String)> {
    rows.iter().map(|&(d, s)| (d, s.to_owned())).collect()
}

/// Seed 000 §5.5: daily 09:00 (Berlin), ran 20 October 09:01, back at
/// 24 October 12:00Z, maxLateness P2D.
fn outage(policy: &str, extra: &str) -> Ledger {
    let (_, mut l) = new_ledger(&format!("outage_{policy}{}", extra.len()));
    l.add(&spec(&format!(
        r#"{{"id":"digest","timeZone":"Europe/Berlin","start":"2026-10-20T09:00",
            "rrule":"FREQ=DAILY","misfire":"{policy}"{extra}}}"#
    )))
    .unwrap();
    l.plan(ts("2026-10-20T06:00:00Z"), DAYS14).unwrap();
    // 09:01 local: on time within grace.
    let r = l
        .tick(ts("2026-10-20T07:01:00Z"), "w1", LEASE, |_, _| {
            Outcome::Done
        })
        .unwrap();
    assert_eq!(r.done, 1, "{r:?}");
    let back = ts("2026-10-24T12:00:00Z");
    l.plan(back, DAYS14).unwrap();
    l.tick(back, "w1", LEASE, |_, _| Outcome::Done).unwrap();
    // Nothing due is left pending.
    for o in l.occurrences(&OccurrenceFilter::default()).unwrap() {
        if o.instant.as_deref().is_some_and(|i| ts(i) <= back) {
            assert!(
                !matches!(o.state.as_str(), "planned" | "running" | "retry_wait"),
                "{o:?}"
            );
            assert!(o.reason.is_some() || o.state == "done", "{o:?}");
        }
    }
    l
}

#[test]
fn seed_000_5_5_all() {
    let l = outage("all", r#","maxLateness":"P2D""#);
    assert_eq!(
        states(&l, 25),
        table(&[
            (20, "done"),
            (21, "expired"),
            (22, "expired"),
            (23, "done"),
            (24, "done"),
            (25, "planned")
        ])
    );
}

#[test]
fn seed_000_5_5_latest_only() {
    let l = outage("latest_only", r#","maxLateness":"P2D""#);
    assert_eq!(
        states(&l, 25),
        table(&[
            (20, "done"),
            (21, "expired"),
            (22, "expired"),
            (23, "coalesced"),
            (24, "done"),
            (25, "planned")
        ])
    );
}

#[test]
fn seed_000_5_5_skip() {
    let l = outage("skip", r#","maxLateness":"P2D""#);
    assert_eq!(
        states(&l, 25),
        table(&[
            (20, "done"),
            (21, "expired"),
            (22, "expired"),
            (23, "skipped"),
            (24, "skipped"),
            (25, "planned")
        ])
    );
    let stats = l.stats().unwrap();
    assert_eq!(stats.states["expired"], 2);
    assert_eq!(stats.states["skipped"], 2);
    assert_eq!(stats.states["done"], 1);
    assert_eq!(stats.lateness.count, 1);
    assert_eq!(stats.lateness.max_seconds, Some(60));
}

#[test]
fn max_catch_up_bounds_the_late_runs() {
    let l = outage("all", r#","maxCatchUp":1"#);
    assert_eq!(
        states(&l, 24),
        table(&[
            (20, "done"),
            (21, "expired"),
            (22, "expired"),
            (23, "expired"),
            (24, "done")
        ])
    );
}

#[test]
fn seed_000_5_6_rule_change_runs_only_the_new_time() {
    let (_, mut l) = new_ledger("rule_change");
    l.add(&spec(
        r#"{"id":"digest","timeZone":"Europe/Berlin","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    ))
    .unwrap();
    l.plan(ts("2026-10-20T06:00:00Z"), DAYS14).unwrap();
    let mut ran = Vec::new();
    let run = |l: &mut Ledger, now: &str, ran: &mut Vec<String>| {
        l.plan(ts(now), DAYS14).unwrap();
        l.tick(ts(now), "w1", LEASE, |job, _| {
            ran.push(job.key.clone());
            Outcome::Done
        })
        .unwrap();
    };
    run(&mut l, "2026-10-20T07:01:00Z", &mut ran);
    // Noon local on the 20th: 10:00 from now on.
    let rev = l
        .update(
            &spec(
                r#"{"id":"digest","timeZone":"Europe/Berlin","start":"2026-10-20T10:00","rrule":"FREQ=DAILY"}"#,
            ),
            ts("2026-10-20T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(rev, 2);
    for now in [
        "2026-10-20T10:00:00Z",
        "2026-10-21T07:00:30Z", // 09:00 local: nothing
        "2026-10-21T08:00:30Z", // 10:00 local
        "2026-10-22T07:00:30Z",
        "2026-10-22T08:00:30Z",
    ] {
        run(&mut l, now, &mut ran);
    }
    assert_eq!(
        ran,
        [
            "digest|2026-10-20T09:00:00",
            "digest|2026-10-21T10:00:00",
            "digest|2026-10-22T10:00:00"
        ]
    );
    let occ = l.occurrences(&OccurrenceFilter::default()).unwrap();
    let find = |id: &str| occ.iter().find(|o| o.id == id).unwrap();
    assert_eq!(find("digest|r1|2026-10-20T09:00:00|0").state, "done");
    assert_eq!(find("digest|r1|2026-10-21T09:00:00|0").state, "cancelled");
    assert_eq!(find("digest|r2|2026-10-21T10:00:00|0").state, "done");
    // Revision 1 owns nothing at or after the cutover, revision 2 nothing before.
    for o in &occ {
        let at = o.instant.as_deref().map(ts);
        if o.state != "cancelled" {
            match o.revision {
                1 => assert!(at.unwrap() < ts("2026-10-20T10:00:00Z"), "{o:?}"),
                _ => assert!(at.unwrap() >= ts("2026-10-20T10:00:00Z"), "{o:?}"),
            }
        }
    }
}

#[test]
fn plan_is_idempotent_and_records_gaps_and_merges() {
    let (_, mut l) = new_ledger("idempotent");
    // 02:30 New York does not exist on 8 March; Apia skipped 30 December 2011.
    l.add(&spec(
        r#"{"id":"ny","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4"}"#,
    ))
    .unwrap();
    l.add(&spec(
        r#"{"id":"apia","timeZone":"Pacific/Apia","start":"2011-12-29T09:00","rrule":"FREQ=DAILY;COUNT=4","gap":"shift"}"#,
    ))
    .unwrap();
    // A year ahead from December 2011 (Apia), then from March 2026 (New York).
    let year = SignedDuration::from_hours(24 * 366);
    let plan_both = |l: &mut Ledger| {
        [ts("2011-12-01T00:00:00Z"), ts("2026-03-01T00:00:00Z")]
            .map(|now| l.plan(now, year).unwrap())
    };
    let first = plan_both(&mut l);
    let again = plan_both(&mut l);
    assert_eq!(again.map(|r| r.inserted), [0, 0]);
    assert_eq!(first.map(|r| (r.gap_skipped, r.merged)), [(0, 1), (1, 0)]);
    let before = l.occurrences(&OccurrenceFilter::default()).unwrap();
    let ny: Vec<_> = before.iter().filter(|o| o.schedule == "ny").collect();
    let days: Vec<_> = ny
        .iter()
        .map(|o| (&o.nominal[8..10], o.state.as_str()))
        .collect();
    assert_eq!(
        days,
        [
            ("06", "planned"),
            ("07", "planned"),
            ("08", "gap_skipped"),
            ("09", "planned"),
            ("10", "planned")
        ]
    );
    assert_eq!(ny[2].notes[0]["code"], "gap_skipped");
    assert_eq!(ny[2].instant, None);
    let merged = before
        .iter()
        .find(|o| o.schedule == "apia" && o.status == "merged")
        .unwrap();
    assert_eq!(merged.state, "coalesced");
    assert!(merged.reason.as_deref().unwrap().contains("merged into"));
    // Occurrence keys are the core's keys.
    assert_eq!(ny[0].key, "ny|2026-03-06T02:30:00");
    assert_eq!(ny[0].id, "ny|r1|2026-03-06T02:30:00|0");
    // Re-planning later changes nothing either.
    l.plan(ts("2012-06-01T00:00:00Z"), DAYS14).unwrap();
    assert_eq!(l.occurrences(&OccurrenceFilter::default()).unwrap(), before);
}

#[test]
fn fold_both_keys_and_slots() {
    let (_, mut l) = new_ledger("fold_both");
    l.add(&spec(
        r#"{"id":"f","timeZone":"America/New_York","start":"2026-11-01T01:30","fold":"both"}"#,
    ))
    .unwrap();
    l.plan(ts("2026-10-30T00:00:00Z"), DAYS14).unwrap();
    let mut keys = Vec::new();
    l.tick(ts("2026-11-01T07:00:00Z"), "w", LEASE, |job, _| {
        keys.push((job.key.clone(), job.instant.to_string()));
        Outcome::Done
    })
    .unwrap();
    assert_eq!(
        keys,
        [
            (
                "f|2026-11-01T01:30:00".to_owned(),
                "2026-11-01T05:30:00Z".to_owned()
            ),
            (
                "f|2026-11-01T01:30:00|fold=1".to_owned(),
                "2026-11-01T06:30:00Z".to_owned()
            )
        ]
    );
}

#[test]
fn tzdb_replan_moves_pending_occurrences_and_keeps_keys() {
    let (d, mut l) = new_ledger("tzdb");
    l.add(&spec(
        r#"{"id":"ny","timeZone":"America/New_York","start":"2026-10-30T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#,
    ))
    .unwrap();
    l.plan(ts("2026-10-29T00:00:00Z"), DAYS14).unwrap();
    let truth = l.occurrences(&OccurrenceFilter::default()).unwrap();
    plan_as_under_2020a(&d);
    let report = l.replan(ts("2026-10-29T00:00:00Z")).unwrap();
    assert_eq!(report.schedules, ["ny"]);
    assert_eq!(report.moved.len(), 3);
    assert_eq!(report.moved[0].key, "ny|2026-11-01T09:00:00");
    assert_eq!(
        report.moved[0].from.as_deref(),
        Some("2026-11-01T13:00:00Z")
    );
    assert_eq!(report.moved[0].to.as_deref(), Some("2026-11-01T14:00:00Z"));
    let after = l.occurrences(&OccurrenceFilter::default()).unwrap();
    for (a, t) in after.iter().zip(&truth) {
        assert_eq!((&a.id, &a.key, &a.instant), (&t.id, &t.key, &t.instant));
        assert_eq!(a.tzdb, wallclock::tzdb_version());
    }
    assert!(
        after[2]
            .notes
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["code"] == "tzdb_changed"),
        "{:?}",
        after[2].notes
    );
    // A second replan finds nothing to do.
    assert_eq!(l.replan(ts("2026-10-29T00:00:00Z")).unwrap().checked, 0);
    assert_eq!(
        l.recorded_tzdb().unwrap().as_deref(),
        Some(wallclock::tzdb_version())
    );
}

/// Replan recomputes only occurrences that were never attempted: one that
/// already failed once keeps the instant it ran at (its retry must not look
/// like a second run at another time) and says so in its notes and in
/// `explain`; the never-attempted ones move.
#[test]
fn replan_keeps_the_instant_of_attempted_occurrences() {
    let (d, mut l) = new_ledger("tzdb_kept");
    l.add(&spec(
        r#"{"id":"ny","timeZone":"America/New_York","start":"2026-10-30T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#,
    ))
    .unwrap();
    l.plan(ts("2026-10-29T00:00:00Z"), DAYS14).unwrap();
    plan_as_under_2020a(&d);
    // 1 November runs at the old instant (13:00Z) and fails: retry_wait.
    let r = l
        .tick(ts("2026-11-01T13:00:00Z"), "w", LEASE, |job, _| {
            if job.key == "ny|2026-11-01T09:00:00" {
                Outcome::failed("exit_1", "boom")
            } else {
                Outcome::Done
            }
        })
        .unwrap();
    assert_eq!((r.done, r.retried), (2, 1), "{r:?}");
    let report = l.replan(ts("2026-11-01T13:05:00Z")).unwrap();
    let moved: Vec<_> = report.moved.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(moved, ["ny|2026-11-02T09:00:00", "ny|2026-11-03T09:00:00"]);
    assert_eq!(report.kept.len(), 1);
    let kept = &report.kept[0];
    assert_eq!(kept.key, "ny|2026-11-01T09:00:00");
    assert_eq!(
        (kept.from.as_deref(), kept.to.as_deref()),
        (Some("2026-11-01T13:00:00Z"), Some("2026-11-01T14:00:00Z"))
    );
    let ex = l.explain("ny|2026-11-01T09:00:00").unwrap();
    let o = &ex.occurrences[0];
    assert_eq!(o["state"], "retry_wait");
    assert_eq!(o["instant"], "2026-11-01T13:00:00Z");
    assert_eq!(o["tzdb"], "2020a");
    let notes = o["notes"].as_array().unwrap();
    let kept_notes: Vec<_> = notes.iter().filter(|n| n["code"] == "tzdb_kept").collect();
    assert_eq!(kept_notes.len(), 1, "{notes:?}");
    assert_eq!(
        kept_notes[0]["message"],
        format!(
            "tz database 2020a → {} would move it from 2026-11-01T13:00:00Z to 2026-11-01T14:00:00Z, but it was already attempted: it keeps its instant",
            wallclock::tzdb_version()
        )
    );
    let moved = l
        .occurrences(&OccurrenceFilter {
            key: Some("ny|2026-11-02T09:00:00".into()),
            ..OccurrenceFilter::default()
        })
        .unwrap();
    assert_eq!(moved[0].instant.as_deref(), Some("2026-11-02T14:00:00Z"));
    // Again: nothing moves, the kept one is reported but not noted twice.
    let again = l.replan(ts("2026-11-01T13:06:00Z")).unwrap();
    assert!(again.moved.is_empty());
    assert_eq!(again.kept.len(), 1);
    let ex = l.explain("ny|2026-11-01T09:00:00").unwrap();
    assert_eq!(
        ex.occurrences[0]["notes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["code"] == "tzdb_kept")
            .count(),
        1
    );
    assert_eq!(l.stats().unwrap().notes["tzdb_kept"], 1);
}

/// Two revisions of one schedule, planned over the cutover.
fn two_revisions(name: &str) -> (PathBuf, Ledger) {
    let (d, mut l) = new_ledger(name);
    l.add(&spec(
        r#"{"id":"ny","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY"}"#,
    ))
    .unwrap();
    l.update(
        &spec(
            r#"{"id":"ny","timeZone":"America/New_York","start":"2026-03-06T04:30","rrule":"FREQ=DAILY"}"#,
        ),
        ts("2026-03-10T12:00:00Z"),
    )
    .unwrap();
    (d, l)
}

/// An occurrence of a revision that does not exist.
const ORPHAN: &str = "INSERT INTO occurrences (schedule, revision, nominal, fold, at, status, tzdb, state, due_at, planned_at, key)
     VALUES ('ny', 9, '2026-03-30T04:30:00', 0, '2026-03-30T08:30:00Z', 'scheduled', 'x', 'planned',
             '2026-03-30T08:30:00Z', '2026-03-05T00:00:00Z', 'ny|2026-03-30T04:30:00')";

#[test]
fn plan_rows_reference_real_revisions() {
    let (d, mut l) = two_revisions("plan_revisions");
    let r = l.plan(ts("2026-03-05T00:00:00Z"), DAYS14).unwrap();
    assert_eq!((r.inserted, r.gap_skipped), (13, 1), "{r:?}");
    let revisions = common::ints(
        &d,
        "SELECT DISTINCT revision FROM occurrences ORDER BY revision",
    );
    assert_eq!(revisions, [1, 2]);
    assert!(
        try_exec(&d, ORPHAN).is_err(),
        "an occurrence of a missing revision was accepted"
    );
}

#[test]
fn sqlite_plan_rows_satisfy_the_foreign_keys_it_does_not_probe() {
    // The plan switches SQLite's per-row foreign-key probe off (and enlarges
    // the page cache) for its own transaction: its rows must still reference
    // real revisions, and the connection must enforce foreign keys again
    // afterwards.
    let (_, mut l) = two_revisions("plan_fk");
    let cache = |l: &Ledger| -> i64 {
        l.connection()
            .unwrap()
            .query_row("PRAGMA cache_size", [], |r| r.get(0))
            .unwrap()
    };
    let cache_before = cache(&l);
    let r = l.plan(ts("2026-03-05T00:00:00Z"), DAYS14).unwrap();
    assert_eq!((r.inserted, r.gap_skipped), (13, 1), "{r:?}");
    // The plan's larger page cache is given back too.
    assert_eq!(cache(&l), cache_before);
    let conn = l.connection().unwrap();
    let violations: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(violations, 0);
    let on: i64 = conn
        .query_row("PRAGMA foreign_keys", [], |r| r.get(0))
        .unwrap();
    assert_eq!(on, 1);
    let orphan = conn.execute(ORPHAN, []);
    assert!(
        orphan.is_err(),
        "an occurrence of a missing revision was accepted"
    );
}
