//! A worker's command and its outcome against a store that stalls or
//! fails, with real `wallclock ledger` processes on the store the run is
//! for (a SQLite file, or with `WALLCLOCK_TEST_STORE=postgres` a database
//! of the test server): a write lock held during a job with a `--timeout`,
//! SIGTERM and SIGINT to `tick` while its command runs, and (SQLite) a
//! full disk on a real tmpfs during a lease renewal and an outcome write.
//! The server-side faults of PostgreSQL (a frozen server, no free
//! connection slot) are in `tests/ledger_pg_resilience.rs`. Every daemon,
//! lock, mount and filler is undone by a guard, also when a test fails.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/faults.rs"]
mod faults;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;

use common::{ledger, ledger_command, ok, setup};
use faults::{SmallDisk, Spawned};

fn dir(name: &str) -> PathBuf {
    common::dir("ledger_resilience", name)
}

/// A nominal UTC start `ago` before the wall clock, to the second.
fn start_ago(ago: SignedDuration) -> String {
    Timestamp::now()
        .checked_sub(ago)
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// One occurrence, due ten seconds ago.
fn one_due() -> String {
    format!(
        r#"{{"id":"j","timeZone":"UTC","start":"{}","rrule":"FREQ=DAILY;COUNT=1"}}"#,
        start_ago(SignedDuration::from_secs(10))
    )
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Waits until `cond` holds, failing with `what` after `within`.
fn wait_until(what: &str, within: Duration, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < within, "{what} after {within:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The pid a job wrote to `<dir>/job.pid` (`echo $$ > job.pid`), once
/// it is there.
fn job_pid(dir: &Path) -> u32 {
    let file = dir.join("job.pid");
    wait_until("the job never started", Duration::from_secs(30), || {
        std::fs::read_to_string(&file).is_ok_and(|s| s.ends_with('\n'))
    });
    std::fs::read_to_string(&file)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Each occurrence's state and its attempts' outcome and error class.
fn attempts(dir: &Path) -> Vec<(String, Option<String>, Option<String>)> {
    common::rows(
        dir,
        "SELECT o.state, a.outcome, a.error_class FROM occurrences o
           JOIN attempts a ON a.occurrence = o.seq ORDER BY a.attempt",
    )
    .into_iter()
    .map(|r| (r[0].text().unwrap(), r[1].text(), r[2].text()))
    .collect()
}

/// `run --lease PT3S --timeout PT3S` while another connection holds the
/// ledger's write lock from 0.5 s into the job until the command ends or
/// 10.5 s have passed (the renewal due at 1 s waits for the lock, up to
/// `--busy-timeout PT20S`): the command is killed at its timeout, not once
/// the lock is released, and the attempt is then recorded as `timeout`.
#[test]
fn a_held_write_lock_does_not_delay_the_timeout_kill() {
    let d = dir("timeout_lock");
    setup(&d, &one_due());
    let mut daemon = Spawned::start(
        ledger_command(&d)
            .args(["--busy-timeout", "PT20S", "run", "--worker", "w"])
            .args(["--every", "PT0.2S", "--lease", "PT3S", "--timeout", "PT3S"])
            .args([
                "--backoff",
                "PT1H",
                "--exec",
                "echo $$ > job.pid; exec sleep 30",
            ]),
        &d,
        "run",
    );
    let pid = job_pid(&d);
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(500));
    let lock = common::hold_write_lock(&d);
    while !faults::ended(pid) && started.elapsed() < Duration::from_millis(10_500) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed_after = started.elapsed();
    drop(lock);
    assert!(
        killed_after < Duration::from_millis(4_500),
        "the command was killed {killed_after:?} after it started, its timeout is 3 s"
    );
    wait_until(
        "the attempt is not recorded",
        Duration::from_secs(60),
        || {
            attempts(&d)
                .first()
                .is_some_and(|a| a.1.as_deref() == Some("failed"))
        },
    );
    let a = attempts(&d);
    assert_eq!(
        a,
        [(
            "retry_wait".to_owned(),
            Some("failed".to_owned()),
            Some("timeout".to_owned())
        )]
    );
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
}

/// SIGTERM or SIGINT to `tick` while its command runs, as `run` takes
/// them: the command may finish within `--shutdown-grace` and its outcome
/// is recorded (`done`), or it is killed at the end of the grace and the
/// attempt is recorded (`shutdown`, retried later); the tick exits 0 with
/// its report. The occurrence never stays `running`, and a later tick runs
/// the killed one once and the finished one never again.
#[test]
fn a_signalled_tick_finishes_or_stops_its_command_and_records_the_attempt() {
    for (name, sig, grace, state, outcome, effects) in [
        ("tick_term", "TERM", "PT30S", "done", "done", 1),
        ("tick_int", "INT", "PT0.5S", "retry_wait", "failed", 0),
    ] {
        let d = dir(name);
        setup(
            &d,
            r#"{"id":"s","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY;COUNT=2"}"#,
        );
        let exec = r#"touch started; sleep 2; echo "$WALLCLOCK_KEY" >> effects.log"#;
        let mut tick = Spawned::start(
            ledger_command(&d)
                .args(["tick", "--now", "2026-10-20T09:00:30Z", "--worker", "w"])
                .args(["--shutdown-grace", grace, "--exec", exec]),
            &d,
            "tick",
        );
        common::wait_for(&d.join("started"), Duration::from_secs(30));
        tick.signal(sig);
        let status = tick.wait(Duration::from_secs(30));
        assert!(status.success(), "{name}: {status}: {}", tick.stderr());
        let report: Value = serde_json::from_str(&tick.stdout()).unwrap();
        assert_eq!(report["claimed"], 1, "{name}: {report}");
        let a = attempts(&d);
        assert_eq!(a.len(), 1, "{name}: {a:?}");
        assert_eq!(
            (a[0].0.as_str(), a[0].1.as_deref()),
            (state, Some(outcome)),
            "{name}: {a:?}"
        );
        if outcome == "failed" {
            assert_eq!(a[0].2.as_deref(), Some("shutdown"), "{name}: {a:?}");
        }
        // The killed command wrote nothing, even later.
        std::thread::sleep(Duration::from_millis(2_500));
        assert_eq!(lines(&d.join("effects.log")).len(), effects, "{name}");
        let later = ok(&ledger(
            &d,
            &["tick", "--now", "2026-10-20T12:00:00Z", "--exec", exec],
        ));
        assert_eq!(later["claimed"], 1 - effects as u64, "{name}: {later}");
        assert_eq!(
            lines(&d.join("effects.log")),
            ["s|2026-10-20T09:00:00"],
            "{name}"
        );
    }
}

/// A SQLite ledger on a real 3 MB tmpfs, filled for 6 s while a `run`
/// job runs: the lease renewals meet `disk_full` and are tried again, the
/// outcome's write meets it too and is kept and tried again until space
/// is back; the daemon does not end, the occurrence is `done` with one
/// attempt, and a later tick never runs the key again.
#[test]
fn sqlite_a_full_disk_during_a_job_is_ridden_out_and_the_key_runs_once() {
    let d = dir("sqlite_disk_full");
    let disk = SmallDisk::mount(&d, "3m");
    setup(&d, &one_due());
    // The effects log lives outside the full disk.
    let outside = dir("sqlite_disk_full_effects");
    let log = outside.join("effects.log");
    let exec = format!(
        r#"touch {0}/started; sleep 4; echo "$WALLCLOCK_KEY" >> {1}"#,
        outside.display(),
        log.display()
    );
    let mut daemon = Spawned::start(
        ledger_command(&d)
            .args([
                "run", "--worker", "w", "--every", "PT0.2S", "--lease", "PT3S",
            ])
            .args(["--exec", &exec]),
        &outside,
        "run",
    );
    common::wait_for(&outside.join("started"), Duration::from_secs(30));
    let filler = disk.fill(0);
    wait_until("the job never ended", Duration::from_secs(30), || {
        !lines(&log).is_empty()
    });
    let renewals = daemon.events("renew_failed");
    std::thread::sleep(Duration::from_secs(2));
    filler.remove();
    assert!(
        renewals.iter().any(|e| e["code"] == "disk_full"),
        "no renewal met the full disk:\n{}",
        daemon.stderr()
    );
    let failed = daemon.wait_event("record_failed", Duration::from_secs(5));
    assert_eq!(failed["code"], "disk_full", "{failed}");
    wait_until(
        "the outcome is not recorded",
        Duration::from_secs(60),
        || attempts(&d).first().is_some_and(|a| a.0 == "done"),
    );
    assert!(daemon.status().is_none(), "{}", daemon.stderr());
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
    assert_eq!(
        attempts(&d),
        [("done".to_owned(), Some("done".to_owned()), None)]
    );
    // Past the lease: nothing is due again.
    let later = ok(&ledger(&d, &["tick", "--lease", "PT3S", "--exec", &exec]));
    assert_eq!(later["claimed"], 0, "{later}");
    assert_eq!(lines(&log).len(), 1);
}
