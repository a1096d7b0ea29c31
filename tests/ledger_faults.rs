//! Exactly once under faults: real `wallclock ledger` processes on the store
//! under test (SQLite files, or PostgreSQL databases with
//! `WALLCLOCK_TEST_STORE=postgres`), each test a scenario that once broke the promise of one
//! effect per calendar slot or misreported what was written. A cutover over
//! a retry, a write lock held through a handler, retries and the misfire
//! policy, catch-up after a long outage of a per-second schedule, schedule
//! ids with control characters, and a disk that is really full.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/faults.rs"]
mod faults;
#[path = "common/script.rs"]
mod script;

use std::collections::{BTreeMap, HashSet};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;
use wallclock::ledger::{Ledger, OccurrenceFilter, Outcome};
use wallclock::{Due, ExpandOptions, Schedule, Spec, decide_misfires, expand};

use common::{
    dump, err, hold_write_lock, init_store, ledger, ledger_command, occurrences, ok, rows, setup,
    ts, wait_for,
};
use faults::{SmallDisk, Spawned};

fn dir(name: &str) -> PathBuf {
    common::dir("ledger_faults", name)
}

fn tick(d: &Path, now: &str, exec: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["tick", "--now", now, "--worker", "w", "--exec", exec];
    args.extend_from_slice(extra);
    ledger(d, &args)
}

fn find<'a>(occ: &'a [Value], key: &str) -> &'a Value {
    occ.iter()
        .find(|o| o["key"] == key)
        .unwrap_or_else(|| panic!("no {key}"))
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Defect 1. Daily 09:00 UTC: attempt 1 is killed (-9) mid-command, its
/// lease runs out, attempt 2 fails: the occurrence waits in `retry_wait`
/// with 2 attempts, and its effect may have happened. A cutover at that
/// 09:00 to a 10:00 rule would cancel it and run 10:00 too, two effects
/// under two keys: it is refused, naming the occurrence and the earliest
/// cutover allowed, and changes nothing. The retry then runs under the old
/// revision, once.
#[test]
fn a_cutover_over_a_retry_waiting_occurrence_is_refused() {
    let d = dir("cutover_retry");
    setup(
        &d,
        r#"{"id":"digest","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    );
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T08:00:00Z"]));
    let exec = r#"echo "$WALLCLOCK_KEY $WALLCLOCK_ATTEMPT" >> effects.log
touch "attempt_$WALLCLOCK_ATTEMPT"
case "$WALLCLOCK_ATTEMPT" in 1) sleep 60;; 2) exit 1;; esac"#;
    let mut child = ledger_command(&d)
        .args(["tick", "--now", "2026-10-20T09:00:05Z", "--worker", "a"])
        .args(["--lease", "PT1M", "--exec", exec])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    wait_for(&d.join("attempt_1"), Duration::from_secs(20));
    let killed = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    assert!(!child.wait().unwrap().success());
    let r = ok(&tick(&d, "2026-10-20T09:01:30Z", exec, &[]));
    assert_eq!(
        (r["leaseExpired"].as_u64(), r["retried"].as_u64()),
        (Some(1), Some(1)),
        "{r}"
    );
    let occ = occurrences(&d);
    let o = find(&occ, "digest|2026-10-20T09:00:00");
    assert_eq!(
        (o["state"].as_str(), o["attempts"].as_u64()),
        (Some("retry_wait"), Some(2))
    );

    std::fs::write(
        d.join("ten.json"),
        r#"{"id":"digest","timeZone":"UTC","start":"2026-10-20T10:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    let before = dump(&d);
    for cut in ["2026-10-20T09:00:00Z", "2026-10-20T08:00:00Z"] {
        let e = err(&ledger(
            &d,
            &["update", "--spec", "ten.json", "--cutover", cut],
        ));
        assert_eq!(
            (e["code"].as_str(), e["field"].as_str()),
            (Some("invalid_cutover"), Some("cutover"))
        );
        let message = e["message"].as_str().unwrap();
        assert!(
            message.contains("`2026-10-20T09:00:00Z`")
                && message.contains("`2026-10-20T09:00:00` retry_wait after 2 attempts")
                && message.contains("from `2026-10-20T09:00:01Z` on"),
            "{message}"
        );
        assert_eq!(dump(&d), before, "a refused update changes nothing");
    }
    // The earliest cutover allowed goes through; the retry stays with
    // revision 1 and runs once, and 10:00 that day is revision 2's.
    ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "ten.json",
            "--cutover",
            "2026-10-20T09:00:01Z",
        ],
    ));
    ok(&tick(&d, "2026-10-20T09:05:00Z", exec, &[]));
    let ran = lines(&d.join("effects.log"));
    assert_eq!(
        ran,
        [
            "digest|2026-10-20T09:00:00 1",
            "digest|2026-10-20T09:00:00 2",
            "digest|2026-10-20T09:00:00 3"
        ]
    );
    let occ = occurrences(&d);
    let o = find(&occ, "digest|2026-10-20T09:00:00");
    assert_eq!(
        (o["state"].as_str(), o["revision"].as_u64()),
        (Some("done"), Some(1))
    );
}

/// Defect 2, and the held-lock fault: while `ledger run` executes a 6 s
/// command, another connection holds the write lock for 10 s, longer than
/// `--busy-timeout` (1 s) and the lease (3 s). The renewals fail; the
/// outcome is retried until the lock is free and recorded (nobody claimed
/// the occurrence again, so its generation still allows it). The daemon
/// keeps running, the effect happened once and is recorded once.
#[test]
fn a_write_lock_held_through_a_handler_loses_no_outcome() {
    let d = dir("held_lock");
    let start = Timestamp::now()
        .checked_sub(SignedDuration::from_secs(2))
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string();
    setup(
        &d,
        &format!(r#"{{"id":"once","timeZone":"UTC","start":"{start}"}}"#),
    );
    let exec = r#"echo "$WALLCLOCK_KEY" >> effects.log; touch started; sleep 6"#;
    let child = ledger_command(&d)
        .args([
            "--busy-timeout",
            "PT1S",
            "run",
            "--worker",
            "w",
            "--every",
            "PT0.2S",
        ])
        .args(["--horizon", "PT1M", "--lease", "PT3S", "--exec", exec])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&d.join("started"), Duration::from_secs(30));
    let holder = hold_write_lock(&d);
    std::thread::sleep(Duration::from_secs(10));
    drop(holder);
    let t = Instant::now();
    let state = loop {
        let occ = occurrences(&d);
        let s = occ[0]["state"].as_str().unwrap().to_owned();
        if s != "running" || t.elapsed() > Duration::from_secs(30) {
            break s;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let pid = child.id().to_string();
    // Still running: a held lock is not a reason for the daemon to exit.
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    let r = ok(&out);
    assert_eq!(
        state,
        "done",
        "{r}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(r["total"]["done"], 1, "{r}");
    assert_eq!(lines(&d.join("effects.log")), [format!("once|{start}")]);
    let explained = ok(&ledger(&d, &["explain", &format!("once|{start}")]));
    let o = &explained["occurrences"][0];
    assert_eq!(
        (o["state"].as_str(), o["attempts"].as_u64()),
        (Some("done"), Some(1))
    );
    assert_eq!(o["attemptLog"][0]["outcome"], "done");
    assert_eq!(explained["effect"]["generation"], 1);
}

/// A failed first attempt at 09:00:05 whose retry is due again later: the
/// retry's decision at `later`, and the keys that ran (in order).
fn retry_case(name: &str, spec: &str, later: &str) -> (Value, Vec<String>, PathBuf) {
    let d = dir(name);
    setup(&d, spec);
    ok(&ledger(&d, &["plan", "--now", "2026-10-20T08:00:00Z"]));
    let exec = r#"echo "$WALLCLOCK_KEY" >> effects.log; [ "$WALLCLOCK_ATTEMPT" != 1 ]"#;
    let r = ok(&tick(
        &d,
        "2026-10-20T09:00:05Z",
        exec,
        &["--backoff", "PT10S"],
    ));
    assert_eq!(r["retried"], 1, "{r}");
    let r = ok(&tick(&d, later, exec, &["--backoff", "PT10S"]));
    let ran = lines(&d.join("effects.log"));
    (r, ran, d)
}

/// Defect 3: a retry is a dispatch and passes the misfire policy. Under
/// `latest_only` a retry whose schedule has a newer due occurrence is
/// coalesced (no older effect after a newer one); 185 s late with
/// `maxLateness` PT60S it is expired; beyond `skip`'s grace it is skipped;
/// each with its reason. Retries that run count in the lateness statistics.
#[test]
fn a_retry_passes_the_misfire_policy() {
    let (r, ran, d) = retry_case(
        "retry_latest_only",
        r#"{"id":"l","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=MINUTELY;COUNT=5","misfire":"latest_only","maxLateness":"PT10M"}"#,
        "2026-10-20T09:01:05Z",
    );
    assert_eq!(r["decided"]["coalesced"], 1, "{r}");
    assert_eq!(ran, ["l|2026-10-20T09:00:00", "l|2026-10-20T09:01:00"]);
    let o = find(&occurrences(&d), "l|2026-10-20T09:00:00").clone();
    assert_eq!(o["state"], "coalesced");
    assert_eq!(
        o["reason"],
        "retry after attempt 1: coalesced into the newer occurrence `l|2026-10-20T09:01:00`"
    );

    let (r, ran, d) = retry_case(
        "retry_expired",
        r#"{"id":"e","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY","misfire":"latest_only","maxLateness":"PT60S"}"#,
        "2026-10-20T09:03:05Z",
    );
    assert_eq!(
        (r["decided"]["expired"].as_u64(), r["claimed"].as_u64()),
        (Some(1), Some(0)),
        "{r}"
    );
    assert_eq!(ran, ["e|2026-10-20T09:00:00"]);
    let o = find(&occurrences(&d), "e|2026-10-20T09:00:00").clone();
    assert_eq!(o["state"], "expired");
    assert_eq!(
        o["reason"],
        "retry after attempt 1: late by PT3M5S, more than maxLateness PT1M"
    );

    let (r, ran, d) = retry_case(
        "retry_skipped",
        r#"{"id":"s","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY","misfire":"skip","grace":"PT30S"}"#,
        "2026-10-20T09:02:00Z",
    );
    assert_eq!(r["decided"]["skipped"], 1, "{r}");
    assert_eq!(ran.len(), 1);
    let o = find(&occurrences(&d), "s|2026-10-20T09:00:00").clone();
    assert_eq!(o["state"], "skipped");
    assert!(
        o["reason"]
            .as_str()
            .unwrap()
            .starts_with("retry after attempt 1: late by PT2M"),
        "{o}"
    );

    // Within the policy the retry runs, and its lateness is counted.
    let (r, ran, d) = retry_case(
        "retry_runs",
        r#"{"id":"a","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY","maxLateness":"PT1H"}"#,
        "2026-10-20T09:00:40Z",
    );
    assert_eq!(
        (r["decided"]["run"].as_u64(), r["done"].as_u64()),
        (Some(1), Some(1)),
        "{r}"
    );
    assert_eq!(ran, ["a|2026-10-20T09:00:00", "a|2026-10-20T09:00:00"]);
    let stats = ok(&ledger(&d, &["stats", "--format", "json"]));
    assert_eq!(stats["lateness"]["count"], 2, "{stats}");
    assert_eq!(stats["lateness"]["maxSeconds"], 40, "{stats}");
}

/// The states and reasons of every occurrence, by key.
fn decisions(l: &Ledger) -> BTreeMap<String, (String, Option<String>)> {
    l.occurrences(&OccurrenceFilter::default())
        .unwrap()
        .into_iter()
        .map(|o| (o.key, (o.state, o.reason)))
        .collect()
}

/// Defect 4, exactness: catch-up in batches of 20 rows gives every
/// schedule the decisions `decide_misfires` gives over its whole missed set
/// at once, for each policy that looks across occurrences.
#[test]
fn catch_up_in_small_batches_decides_as_one_whole() {
    let specs = [
        r#"{"id":"all","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY","misfire":"all","maxCatchUp":3}"#,
        r#"{"id":"late","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;INTERVAL=7","misfire":"latest_only","maxLateness":"PT40M"}"#,
        r#"{"id":"latest","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;INTERVAL=3","misfire":"latest_only"}"#,
        r#"{"id":"skip","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;INTERVAL=2","misfire":"skip","grace":"PT5M"}"#,
        r#"{"id":"bounded","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;INTERVAL=5","maxLateness":"PT30M","maxCatchUp":4}"#,
    ];
    let start = ts("2026-10-20T00:00:00Z");
    let now = ts("2026-10-20T02:00:30Z");
    let mut results = Vec::new();
    for batch in [20, 1_000_000] {
        let d = dir(&format!("batches_{batch}"));
        let mut l = init_store(&d).with_batch(batch);
        for s in specs {
            l.add(&Spec::from_json(s).unwrap()).unwrap();
        }
        l.plan(start, SignedDuration::ZERO).unwrap();
        let report = l
            .tick(now, "w", SignedDuration::from_mins(5), |_, _| Outcome::Done)
            .unwrap();
        assert!(report.planned > 200, "{report:?}");
        results.push(decisions(&l));
    }
    assert_eq!(results[0], results[1], "batches of 20 and one batch");
    // And both are decide_misfires over each whole missed set.
    for s in specs {
        let spec = Spec::from_json(s).unwrap();
        let schedule = Schedule::new(&spec).unwrap();
        let x = expand(&schedule, &ExpandOptions::new().from(start).to(now)).unwrap();
        let due: Vec<Due> = x
            .entries()
            .iter()
            .filter_map(|e| {
                Some(Due {
                    key: e.key(),
                    instant: e.instant()?,
                })
            })
            .collect();
        let whole = decide_misfires(&schedule, &due, now);
        assert!(whole.len() > 15, "{}", spec.id);
        for d in whole {
            let (state, reason) = &results[0][&d.key];
            let want = match d.decision.as_str() {
                "run" => "done",
                other => other,
            };
            let why = (want != "done").then(|| d.reason.to_string());
            assert_eq!(
                (state.as_str(), reason.as_deref()),
                (want, why.as_deref()),
                "{}",
                d.key
            );
        }
    }
}

/// Peak resident memory of a process so far, in KiB (`VmHWM`).
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Defect 4 at scale: a per-second `latest_only` schedule after a 14-day
/// outage (1 209 601 missed occurrences). One tick catches up in batches:
/// its memory stays bounded, and a second worker ticking all along with
/// the default busy timeout is never locked out. The decisions are
/// exact: one run, the newest; every other occurrence coalesced, and no
/// key runs twice.
#[test]
fn a_14_day_per_second_outage_catches_up_in_bounded_batches() {
    let d = dir("outage_14d");
    setup(
        &d,
        r#"{"id":"s","timeZone":"UTC","start":"2026-10-01T00:00","rrule":"FREQ=SECONDLY","misfire":"latest_only"}"#,
    );
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-01T00:00:00Z", "--horizon", "PT0S"],
    ));
    let exec = r#"echo "$WALLCLOCK_KEY" >> effects.log"#;
    let now = "2026-10-15T00:00:00Z";
    let started = Instant::now();
    let mut a = ledger_command(&d)
        .args(["tick", "--now", now, "--worker", "a", "--exec", exec])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut peak = 0;
    let mut second = 0;
    let mut second_now = ts("2026-10-01T00:00:01Z");
    while a.try_wait().unwrap().is_none() {
        if let Some(kib) = peak_kib(a.id()) {
            peak = peak.max(kib);
        }
        // Worker b ticks a second later each time, behind a's catch-up.
        let at = second_now.to_string();
        let out = ledger(&d, &["tick", "--now", &at, "--worker", "b", "--exec", exec]);
        if !out.status.success() {
            // Not left running past the test.
            let _ = a.kill();
        }
        assert!(
            out.status.success(),
            "b's tick {second}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        second += 1;
        second_now = second_now
            .checked_add(SignedDuration::from_secs(1))
            .unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(1200),
            "a's tick never ended"
        );
    }
    let out = a.wait_with_output().unwrap();
    let r = ok(&out);
    eprintln!(
        "14-day catch-up: {r} in {:?}, peak {} MiB, {second} ticks of b meanwhile",
        started.elapsed(),
        peak / 1024
    );
    assert!(second >= 2, "b ticked only {second} times");
    assert!(
        peak < 200 * 1024,
        "peak resident memory {} MiB",
        peak / 1024
    );
    let states: BTreeMap<String, i64> =
        rows(&d, "SELECT state, count(*) FROM occurrences GROUP BY state")
            .into_iter()
            .map(|r| (r[0].text().unwrap(), r[1].int()))
            .collect();
    let total: i64 = states.values().sum();
    assert_eq!(total, 14 * 86_400 + 1, "{states:?}");
    let ran = lines(&d.join("effects.log"));
    let unique: HashSet<&String> = ran.iter().collect();
    assert_eq!(unique.len(), ran.len(), "no key ran twice");
    assert_eq!(
        states.get("done").copied(),
        Some(ran.len() as i64),
        "{states:?}"
    );
    assert_eq!(
        ran.last().map(String::as_str),
        Some("s|2026-10-15T00:00:00")
    );
    assert_eq!(
        states.get("coalesced").copied().unwrap_or(0) + ran.len() as i64,
        total,
        "{states:?}"
    );
}

/// Defect 5: an id with a control character (NUL, newline, ESC, DEL, a C1
/// control, the Unicode line and paragraph separators) is refused where
/// the spec is validated, naming the character and its byte position, and
/// nothing is added. The same check answers on the library surface.
#[test]
fn schedule_ids_with_control_characters_are_refused() {
    let d = dir("ids");
    ok(&ledger(&d, &["init"]));
    let before = dump(&d);
    for (id, code, at) in [
        ("a\\u0000b", "U+0000", 1),
        ("daily\\nreport", "U+000A", 5),
        ("\\u001b[31mred", "U+001B", 0),
        ("x\\u007f", "U+007F", 1),
        ("ü\\u0085", "U+0085", 2),
        ("line\\u2028two", "U+2028", 4),
        ("para\\u2029", "U+2029", 4),
    ] {
        let json = format!(r#"{{"id":"{id}","timeZone":"UTC","start":"2026-10-20T09:00"}}"#);
        std::fs::write(d.join("bad.json"), &json).unwrap();
        let e = err(&ledger(&d, &["add", "--spec", "bad.json"]));
        assert_eq!(
            (e["code"].as_str(), e["field"].as_str()),
            (Some("invalid_spec"), Some("id")),
            "{id}"
        );
        assert_eq!(e["position"], at, "{id}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("{code} at byte {at}")),
            "{message}"
        );
        assert!(!message.chars().any(|c| c.is_control()), "{message:?}");
        let lib = Schedule::new(&Spec::from_json(&json).unwrap()).unwrap_err();
        assert_eq!((lib.field(), lib.position()), (Some("id"), Some(at)));
        assert_eq!(dump(&d), before, "{id}");
    }
    std::fs::write(
        d.join("ok.json"),
        r#"{"id":"rapport-été 日報","timeZone":"UTC","start":"2026-10-20T09:00"}"#,
    )
    .unwrap();
    ok(&ledger(
        &d,
        &[
            "add",
            "--spec",
            "ok.json",
            "--backfill-from",
            common::BACKFILL,
        ],
    ));
}

/// The disk-full fault, on a real full file system (a 16 MiB tmpfs,
/// filled): a tick over many due occurrences runs out of space part way.
/// When a claim meets the full disk, the tick fails with `disk_full`; when
/// a command's outcome does, the tick keeps the outcome and tries it again
/// (`record_failed`) and, stopped by SIGTERM meanwhile, gives up after its
/// shutdown grace with `disk_full`, naming the outcome it could not record.
/// Either way the error says what earlier transactions committed (the done
/// count it gives is the ledger's); nothing recorded is lost and, once
/// space is freed, a later tick runs every remaining key once (a command
/// whose outcome was lost runs again after its lease, and deduplicates on
/// its key).
#[test]
fn sqlite_a_full_disk_during_a_tick_says_what_was_committed() {
    a_full_disk_during_a_tick("disk_full", wallclock::Lang::En);
}

/// [`sqlite_a_full_disk_during_a_tick_says_what_was_committed`] in
/// Chinese: what was committed, and the outcome not recorded, are said in
/// the language.
#[test]
fn sqlite_a_full_disk_during_a_tick_says_what_was_committed_in_chinese() {
    a_full_disk_during_a_tick("disk_full_zh", wallclock::Lang::ZhCn);
}

fn a_full_disk_during_a_tick(name: &str, lang: wallclock::Lang) {
    let d = dir(name);
    let disk = SmallDisk::mount(&d, "16m");
    setup(
        &d,
        r#"{"id":"m","timeZone":"UTC","start":"2026-10-20T00:00","rrule":"FREQ=MINUTELY;COUNT=600"}"#,
    );
    ok(&ledger(
        &d,
        &[
            "plan",
            "--now",
            "2026-10-20T00:00:00Z",
            "--horizon",
            "PT12H",
        ],
    ));
    // The effects log lives outside the full disk.
    let outside = common::dir("ledger_faults", &format!("{name}_effects"));
    let log = outside.join("effects.log");
    let exec = format!(
        r#"grep -qxF "$WALLCLOCK_KEY" {0} 2>/dev/null || echo "$WALLCLOCK_KEY" >> {0}"#,
        log.display()
    );
    let filler = disk.fill(512 * 1024);
    let mut ticking = Spawned::start(
        ledger_command(&d)
            .args(["tick", "--now", "2026-10-20T12:00:00Z", "--worker", "w"])
            .args(["--lease", "PT1M", "--shutdown-grace", "PT1S"])
            .args(["--exec", &exec, "--lang", lang.as_str()]),
        &outside,
        "tick",
    );
    let t = Instant::now();
    let unrecorded = loop {
        if ticking.status().is_some() {
            break None;
        }
        if let Some(e) = ticking.events("record_failed").into_iter().next() {
            assert_eq!(e["code"], "disk_full", "{e}");
            ticking.signal("TERM");
            break e["key"].as_str().map(str::to_owned);
        }
        let waited = t.elapsed();
        assert!(waited < Duration::from_secs(120), "{}", ticking.stderr());
        std::thread::sleep(Duration::from_millis(20));
    };
    let status = ticking.wait(Duration::from_secs(60));
    assert_eq!(status.code(), Some(2), "{}", ticking.stderr());
    let text = ticking.stderr();
    let e: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(e["code"], "disk_full", "{e}");
    let message = e["message"].as_str().unwrap().to_owned();
    filler.remove();
    let occ = occurrences(&d);
    let done = occ.iter().filter(|o| o["state"] == "done").count();
    assert!(done > 0, "{message}");
    let (committed, done_words, nothing, named) = match lang {
        wallclock::Lang::En => (
            "earlier ones stay committed",
            format!("{done} done with their effect recorded"),
            "nothing of this change was written",
            "the outcome of `{key}` attempt 1 (done) is not recorded",
        ),
        _ => (
            "之前的事务仍已提交",
            format!("{done}个已完成并记录效果"),
            "这次更改没有写入任何内容",
            "`{key}`第1次尝试的结果（完成）没有记录下来",
        ),
    };
    assert!(
        message.contains(committed) && message.contains(&done_words) && !message.contains(nothing),
        "{done} done: {message}"
    );
    if let Some(key) = unrecorded {
        let named = named.replace("{key}", &key);
        assert!(message.contains(&named), "{message}");
    }
    if lang != wallclock::Lang::En
        && let Err(why) = script::check_rendered(lang, &message, &[])
    {
        panic!("{why}: {message}");
    }
    // Space again: every key runs, none twice (a command whose outcome the
    // full disk kept from being recorded runs again after its lease, and
    // deduplicates on its key).
    let r = ok(&tick(&d, "2026-10-20T12:05:00Z", &exec, &[]));
    assert!(r["done"].as_u64().unwrap() > 0, "{r}");
    let occ = occurrences(&d);
    assert!(occ.iter().all(|o| o["state"] == "done"), "{occ:?}");
    let ran = lines(&log);
    assert_eq!(ran.len(), 600);
    assert_eq!(ran.iter().collect::<HashSet<_>>().len(), 600);
}
