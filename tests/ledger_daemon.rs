//! Running the scheduler as a service: `add` plans nothing in the past
//! unless asked, a hung command is killed at its timeout, a failed one
//! keeps its stderr and makes `tick` fail, `run` outlives a held write lock
//! and stops within its shutdown grace, logging JSON lines. Real
//! `wallclock ledger` processes on the store under test (SQLite files, or
//! PostgreSQL databases with `WALLCLOCK_TEST_STORE=postgres`).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use jiff::Timestamp;
use serde_json::Value;

use common::{err, ledger, ledger_command, occurrences, ok, wait_for};

fn dir(name: &str) -> std::path::PathBuf {
    common::dir("ledger_daemon", name)
}

fn init_with(d: &std::path::Path, spec: &str, extra: &[&str]) -> Value {
    std::fs::write(d.join("spec.json"), spec).unwrap();
    ok(&ledger(d, &["init"]));
    let mut args = vec!["add", "--spec", "spec.json"];
    args.extend_from_slice(extra);
    ok(&ledger(d, &args))
}

/// The JSON lines a process wrote on stderr.
fn log_lines(stderr: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("event").is_some())
        .collect()
}

#[test]
fn add_plans_nothing_before_now_unless_asked() {
    let d = dir("no_backfill");
    let spec = r#"{"id":"daily","timeZone":"Europe/Berlin","start":"2025-06-01T09:00","rrule":"FREQ=DAILY"}"#;
    let out = init_with(&d, spec, &["--now", "2026-06-01T12:00:00Z"]);
    assert_eq!(out["plannedFrom"], "2026-06-01T12:00:00Z", "{out}");
    assert!(
        out["note"].as_str().unwrap().contains("--backfill-from"),
        "{out}"
    );
    let t = ok(&ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-03T12:00:00Z",
            "--worker",
            "w",
            "--exec",
            "true",
        ],
    ));
    // A year-old daily rule: two days ran, not a year of them.
    assert_eq!(t["claimed"], 2, "{t}");
    let occ = occurrences(&d);
    assert_eq!(occ.len(), 2, "{occ:?}");
    assert_eq!(occ[0]["nominal"], "2026-06-02T09:00:00");

    let d = dir("backfill");
    let spec = r#"{"id":"daily","timeZone":"UTC","start":"2026-05-01T09:00","rrule":"FREQ=DAILY","misfire":"latest_only"}"#;
    let out = init_with(
        &d,
        spec,
        &[
            "--now",
            "2026-06-01T12:00:00Z",
            "--backfill-from",
            "2026-05-29T00:00:00Z",
        ],
    );
    assert!(
        out["note"].as_str().unwrap().contains("misfire policy"),
        "{out}"
    );
    let t = ok(&ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-01T12:00:00Z",
            "--worker",
            "w",
            "--exec",
            "true",
        ],
    ));
    // 29, 30, 31 May and 1 June missed; latest_only runs the newest.
    assert_eq!(t["claimed"], 1, "{t}");
    assert_eq!(t["decided"]["coalesced"], 3, "{t}");
}

#[test]
fn a_hung_command_is_killed_at_its_timeout_with_its_children() {
    let d = dir("timeout");
    let spec =
        r#"{"id":"hang","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=1"}"#;
    init_with(&d, spec, &["--backfill-from", common::BACKFILL]);
    let t = Instant::now();
    let out = ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-01T09:00:00Z",
            "--worker",
            "w",
            "--max-attempts",
            "1",
            "--timeout",
            "PT1S",
            "--exec",
            "(sleep 3; touch late-child) & sleep 30",
        ],
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    // The only attempt timed out: dead, and `tick` says so.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["dead"], 1, "{report}");
    let e = ok(&ledger(&d, &["explain", "hang|2026-06-01T09:00:00"]));
    let attempt = &e["occurrences"][0]["attemptLog"][0];
    assert_eq!(attempt["errorClass"], "timeout", "{e}");
    // The whole process group went: the background child never finishes.
    std::thread::sleep(Duration::from_secs(4));
    assert!(!d.join("late-child").exists());
}

#[test]
fn a_failed_command_keeps_its_stderr_and_tick_fails() {
    let d = dir("stderr");
    let spec =
        r#"{"id":"bad","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=1"}"#;
    init_with(&d, spec, &["--backfill-from", common::BACKFILL]);
    let long = "x".repeat(6000);
    let out = ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-01T09:00:00Z",
            "--worker",
            "w",
            "--max-attempts",
            "1",
            "--exec",
            &format!("echo {long} >&2; echo 'connection refused by smtp' >&2; exit 3"),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let e = ok(&ledger(&d, &["explain", "bad|2026-06-01T09:00:00"]));
    let error = e["occurrences"][0]["attemptLog"][0]["error"]
        .as_str()
        .unwrap();
    assert!(error.contains("exited with status 3"), "{error}");
    assert!(error.ends_with("connection refused by smtp"), "{error}");
    // The tail, not the whole stream.
    let (_, tail) = error.split_once("stderr ends: ").unwrap();
    assert!(tail.len() <= 4096 && tail.len() > 4000, "{}", tail.len());
    // A retryable failure is not a failed tick.
    let d = dir("stderr_retry");
    init_with(&d, spec, &["--backfill-from", common::BACKFILL]);
    let out = ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-01T09:00:00Z",
            "--worker",
            "w",
            "--exec",
            "exit 3",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

/// Now, to the second, and an instant `secs` later.
fn soon(secs: i64) -> String {
    let t = Timestamp::now() + jiff::SignedDuration::from_secs(secs);
    t.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

#[test]
fn run_outlives_a_held_write_lock_and_logs_json_lines() {
    let d = dir("run_locked");
    let spec = format!(
        r#"{{"id":"tick","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;INTERVAL=2;COUNT=3"}}"#,
        soon(3)
    );
    init_with(&d, &spec, &["--backfill-from", common::BACKFILL]);
    let holder = common::hold_write_lock(&d);
    let child = ledger_command(&d)
        .args([
            "--busy-timeout",
            "PT0.2S",
            "run",
            "--worker",
            "w",
            "--every",
            "PT0.2S",
            "--exec",
            "echo $WALLCLOCK_KEY >> ran.txt",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    drop(holder);
    wait_for(&d.join("ran.txt"), Duration::from_secs(20));
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(d.join("ran.txt"))
        .unwrap_or_default()
        .lines()
        .count()
        < 3
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    let pid = child.id().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let ran = std::fs::read_to_string(d.join("ran.txt")).unwrap();
    assert_eq!(ran.lines().count(), 3, "{ran}");
    let lines = log_lines(&out.stderr);
    let failed: Vec<&Value> = lines
        .iter()
        .filter(|l| l["event"] == "tick_failed")
        .collect();
    assert!(!failed.is_empty(), "{lines:?}");
    assert_eq!(failed[0]["code"], "database_locked");
    assert!(failed[0]["retryInMs"].as_u64().unwrap() <= 60_000);
    let ticks: u64 = lines
        .iter()
        .filter(|l| l["event"] == "tick")
        .map(|l| l["done"].as_u64().unwrap())
        .sum();
    assert_eq!(ticks, 3, "{lines:?}");
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["total"]["done"], 3, "{summary}");
}

#[test]
fn sigterm_stops_claiming_and_kills_a_command_past_the_grace() {
    let d = dir("grace");
    let spec = format!(
        r#"{{"id":"slow","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;COUNT=1"}}"#,
        soon(1)
    );
    init_with(&d, &spec, &["--backfill-from", common::BACKFILL]);
    let child = ledger_command(&d)
        .args([
            "run",
            "--worker",
            "w",
            "--every",
            "PT0.2S",
            "--shutdown-grace",
            "PT1S",
            "--exec",
            "touch started; sleep 60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&d.join("started"), Duration::from_secs(20));
    let t = Instant::now();
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert!(out.status.success(), "{out:?}");
    let occ = occurrences(&d);
    assert_eq!(occ[0]["state"], "retry_wait", "{occ:?}");
    let e = ok(&ledger(&d, &["explain", occ[0]["key"].as_str().unwrap()]));
    assert_eq!(
        e["occurrences"][0]["attemptLog"][0]["errorClass"], "shutdown",
        "{e}"
    );
    let lines = log_lines(&out.stderr);
    assert!(
        lines
            .iter()
            .any(|l| l["event"] == "attempt_failed" && l["class"] == "shutdown"),
        "{lines:?}"
    );
}

#[test]
fn a_zero_timeout_is_refused() {
    let d = dir("zero_timeout");
    let spec =
        r#"{"id":"z","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=1"}"#;
    init_with(&d, spec, &[]);
    let e = err(&ledger(
        &d,
        &[
            "tick",
            "--worker",
            "w",
            "--timeout",
            "PT0S",
            "--exec",
            "true",
        ],
    ));
    assert_eq!(e["code"], "invalid_duration", "{e}");
    assert_eq!(e["field"], "timeout", "{e}");
}

/// Two workers at 09:01:30 with two occurrences due (09:00, 09:01): the
/// first worker runs 09:00 for three seconds; what the second one does with
/// 09:01 meanwhile is the schedule's overlap policy.
fn overlap_scenario(policy: &str) -> (Value, Value, Vec<Value>, String) {
    let d = dir(&format!("overlap_{policy}"));
    let spec = format!(
        r#"{{"id":"o","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=MINUTELY;COUNT=2","overlap":"{policy}"}}"#
    );
    init_with(&d, &spec, &["--backfill-from", common::BACKFILL]);
    let tick = |name: &str| {
        let mut c = ledger_command(&d);
        c.args([
            "tick",
            "--now",
            "2026-06-01T09:01:30Z",
            "--worker",
            name,
            "--exec",
            "echo $WALLCLOCK_NOMINAL >> ran.txt; touch started; sleep 3",
        ])
        .stdout(Stdio::piped());
        c
    };
    let a = tick("a").spawn().unwrap();
    wait_for(&d.join("started"), Duration::from_secs(20));
    let b: Value = serde_json::from_slice(&tick("b").output().unwrap().stdout).unwrap();
    let a: Value = serde_json::from_slice(&a.wait_with_output().unwrap().stdout).unwrap();
    let ran = std::fs::read_to_string(d.join("ran.txt")).unwrap();
    (a, b, occurrences(&d), ran)
}

#[test]
fn overlap_allow_runs_alongside() {
    let (a, b, occ, _) = overlap_scenario("allow");
    assert_eq!((a["done"].as_u64(), b["done"].as_u64()), (Some(1), Some(1)));
    assert!(occ.iter().all(|o| o["state"] == "done"), "{occ:?}");
    assert_eq!(occ[0]["policies"]["overlap"], "allow");
}

#[test]
fn overlap_skip_skips_what_is_due_while_the_previous_runs() {
    let (a, b, occ, ran) = overlap_scenario("skip");
    assert_eq!(b["claimed"], 0, "{b}");
    assert_eq!(b["decided"]["skipped"], 1, "{b}");
    assert_eq!(a["done"], 1, "{a}");
    assert_eq!(ran.lines().collect::<Vec<_>>(), ["2026-06-01T09:00:00"]);
    assert_eq!(occ[1]["state"], "skipped", "{occ:?}");
    assert!(
        occ[1]["reason"].as_str().unwrap().starts_with("overlap"),
        "{occ:?}"
    );
    assert_eq!(occ[1]["policies"]["overlap"], "skip");
}

#[test]
fn overlap_queue_runs_it_after_the_previous_one() {
    let (a, b, occ, ran) = overlap_scenario("queue");
    assert_eq!(b["claimed"], 0, "{b}");
    assert_eq!(a["done"], 2, "{a}");
    assert_eq!(
        ran.lines().collect::<Vec<_>>(),
        ["2026-06-01T09:00:00", "2026-06-01T09:01:00"]
    );
    assert!(occ.iter().all(|o| o["state"] == "done"), "{occ:?}");
}

/// `GET path` on `addr`: status line and body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

#[test]
fn run_serves_metrics_and_health_and_names_its_worker() {
    let d = dir("metrics");
    let spec = format!(
        r#"{{"id":"m","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;COUNT=1"}}"#,
        soon(1)
    );
    init_with(&d, &spec, &["--backfill-from", common::BACKFILL]);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let child = ledger_command(&d)
        .args([
            "run",
            "--every",
            "PT0.2S",
            "--metrics-addr",
            &addr,
            "--exec",
            "touch ran",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&d.join("ran"), Duration::from_secs(20));
    std::thread::sleep(Duration::from_millis(500));
    let (status, body) = http_get(&addr, "/metrics");
    assert_eq!(status, "HTTP/1.1 200 OK", "{body}");
    assert!(
        body.contains("wallclock_occurrences{state=\"done\"} 1"),
        "{body}"
    );
    let (status, body) = http_get(&addr, "/healthz");
    assert_eq!(
        (status.as_str(), body.as_str()),
        ("HTTP/1.1 200 OK", "ok\n")
    );
    let (status, _) = http_get(&addr, "/nothing");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let pid = child.id();
    assert!(child.wait_with_output().unwrap().status.success());
    let occ = occurrences(&d);
    let e = ok(&ledger(&d, &["explain", occ[0]["key"].as_str().unwrap()]));
    let worker = e["occurrences"][0]["attemptLog"][0]["worker"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(worker.ends_with(&format!(":{pid}")), "{worker}");
}

#[test]
fn a_schedules_own_timeout_overrides_the_workers() {
    let d = dir("spec_timeout");
    let spec = r#"{"id":"t","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=1","timeout":"PT1S"}"#;
    init_with(&d, spec, &["--backfill-from", common::BACKFILL]);
    let t = Instant::now();
    let r = ok(&ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-01T09:00:00Z",
            "--timeout",
            "PT1H",
            "--exec",
            "sleep 30",
        ],
    ));
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(r["retried"], 1, "{r}");
    let e = ok(&ledger(&d, &["explain", "t|2026-06-01T09:00:00"]));
    assert_eq!(
        e["occurrences"][0]["attemptLog"][0]["errorClass"],
        "timeout"
    );
    // A timeout of nothing is refused with the spec.
    let d = dir("spec_timeout_zero");
    std::fs::write(
        d.join("spec.json"),
        r#"{"id":"z","timeZone":"UTC","start":"2026-06-01T09:00","timeout":"PT0S"}"#,
    )
    .unwrap();
    ok(&ledger(&d, &["init"]));
    let e = err(&ledger(&d, &["add", "--spec", "spec.json"]));
    assert_eq!(
        (e["code"].as_str(), e["field"].as_str()),
        (Some("invalid_duration"), Some("timeout"))
    );
}

/// The body of the first `/healthz` answer at `addr` with status line
/// `want`, asked every 0.1 s for up to 20 s.
fn healthz(addr: &str, want: &str) -> String {
    let t = Instant::now();
    loop {
        let answer = std::net::TcpStream::connect(addr).map(|_| http_get(addr, "/healthz"));
        if let Ok((status, body)) = answer
            && status == want
        {
            return body;
        }
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "/healthz never answered {want}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A ledger in `d` with a schedule of four occurrences two seconds apart,
/// starting in two seconds, and a `run` daemon over it that appends each
/// effect's key to `effects` and serves metrics at the address returned.
fn run_with_metrics(
    d: &std::path::Path,
    effects: &std::path::Path,
) -> (std::process::Child, String) {
    let spec = format!(
        r#"{{"id":"g","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;INTERVAL=2;COUNT=4"}}"#,
        soon(2)
    );
    init_with(d, &spec, &["--backfill-from", common::BACKFILL]);
    let _ = std::fs::remove_file(effects);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let exec = format!("echo $WALLCLOCK_KEY >> {}", effects.display());
    let child = ledger_command(d)
        .args(["run", "--every", "PT0.2S", "--metrics-addr", &addr])
        .args(["--exec", &exec])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    (child, addr)
}

/// `/healthz` checks the ledger where the daemon was told it is, not
/// through a connection that outlives the file: with the ledger's folder
/// moved away (an unmounted volume, a removed directory) it answers 503
/// with `ledger_not_found` naming the file, while the daemon goes on
/// through the file it has open; with the folder back, 200, and every
/// occurrence ran once.
#[test]
fn sqlite_healthz_fails_while_the_ledger_folder_is_gone() {
    let d = dir("healthz_gone");
    let effects = d.with_file_name("healthz_gone.effects");
    let (child, addr) = run_with_metrics(&d, &effects);
    let healthz = |want: &str| healthz(&addr, want);
    assert_eq!(healthz("HTTP/1.1 200 OK"), "ok\n");
    let away = d.with_file_name("healthz_gone.away");
    let _ = std::fs::remove_dir_all(&away);
    std::fs::rename(&d, &away).unwrap();
    let body = healthz("HTTP/1.1 503 Service Unavailable");
    let e: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
    assert_eq!(e["code"], "ledger_not_found", "{e}");
    let file = common::db_file(&d).display().to_string();
    assert!(e["message"].as_str().unwrap().contains(&file), "{e}");
    std::fs::rename(&away, &d).unwrap();
    assert_eq!(healthz("HTTP/1.1 200 OK"), "ok\n");
    let deadline = Instant::now() + Duration::from_secs(30);
    let ran = || std::fs::read_to_string(&effects).unwrap_or_default();
    while ran().lines().count() < 4 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut keys: Vec<String> = ran().lines().map(str::to_owned).collect();
    keys.sort();
    keys.dedup();
    assert_eq!((ran().lines().count(), keys.len()), (4, 4), "{}", ran());
    assert!(occurrences(&d).iter().all(|o| o["state"] == "done"));
}

/// A ledger file whose header is overwritten under a running daemon (a
/// disk fault, a stray write): `/healthz`, which opens the file afresh,
/// answers 503 `database_corrupt` naming the file; the daemon does not
/// panic, runs no occurrence twice, and stops on TERM.
#[test]
fn sqlite_healthz_fails_when_the_ledger_file_is_corrupted() {
    let d = dir("healthz_corrupt");
    let effects = d.join("effects.log");
    let (child, addr) = run_with_metrics(&d, &effects);
    assert_eq!(healthz(&addr, "HTTP/1.1 200 OK"), "ok\n");
    let file = common::db_file(&d);
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().write(true).open(&file).unwrap();
        f.write_all(b"not a ledger....").unwrap();
        f.sync_all().unwrap();
    }
    let body = healthz(&addr, "HTTP/1.1 503 Service Unavailable");
    let e: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
    assert_eq!(e["code"], "database_corrupt", "{e}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains(&file.display().to_string()),
        "{e}"
    );
    // Past the schedule's last occurrence: the daemon has ticked against
    // the damaged file.
    std::thread::sleep(Duration::from_secs(8));
    assert_eq!(
        healthz(&addr, "HTTP/1.1 503 Service Unavailable"),
        body,
        "the file is still damaged"
    );
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some(), "ended by a signal: {out:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let ran = std::fs::read_to_string(&effects).unwrap_or_default();
    let mut keys: Vec<&str> = ran.lines().collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(
        keys.len(),
        ran.lines().count(),
        "an effect ran twice: {ran}"
    );
}

/// `epoch bump` while a `run` worker of the old epoch holds a claim and
/// renews its lease every 0.2 s: its next renewal is refused
/// (`epoch_superseded`, logged once: a refused claim stays refused), the
/// occurrence goes to `unknown_effect` for reconciliation, the worker ends
/// without recording its outcome, and a worker of the new epoch runs what
/// is left but never that one: every key ran once.
#[test]
fn an_epoch_bump_refuses_a_renewing_workers_lease() {
    let d = dir("epoch_renew");
    let spec =
        r#"{"id":"r","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=MINUTELY;COUNT=2"}"#;
    init_with(&d, spec, &["--backfill-from", common::BACKFILL]);
    let exec = "echo $WALLCLOCK_KEY >> effects; touch started; sleep 2";
    let old = ledger_command(&d)
        .args([
            "run", "--worker", "old", "--every", "PT0.2S", "--lease", "PT0.6S",
        ])
        .args(["--exec", exec])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&d.join("started"), Duration::from_secs(20));
    // At least one renewal goes through before the bump.
    std::thread::sleep(Duration::from_millis(700));
    let running = occurrences(&d);
    assert_eq!(running[0]["state"], "running", "{running:?}");
    let b = ok(&ledger(&d, &["epoch", "bump"]));
    assert_eq!(b["reconcile"], 1, "{b}");
    let old = old.wait_with_output().unwrap();
    assert_eq!(old.status.code(), Some(2), "{old:?}");
    let log = log_lines(&old.stderr);
    let refused: Vec<&Value> = log
        .iter()
        .filter(|l| l["event"] == "renew_failed")
        .collect();
    assert_eq!(refused.len(), 1, "{log:?}");
    assert_eq!(refused[0]["code"], "epoch_superseded", "{log:?}");
    assert_eq!(refused[0]["key"], "r|2026-06-01T09:00:00");
    let e: Value =
        serde_json::from_str(String::from_utf8_lossy(&old.stderr).lines().last().unwrap()).unwrap();
    assert_eq!(e["code"], "epoch_superseded", "{e}");
    let occ = occurrences(&d);
    assert_eq!(occ[0]["state"], "unknown_effect", "{occ:?}");
    assert_eq!(occ[1]["state"], "planned", "{occ:?}");

    let new = ok(&ledger(
        &d,
        &[
            "tick",
            "--worker",
            "new",
            "--exec",
            "echo $WALLCLOCK_KEY >> effects",
        ],
    ));
    assert_eq!(
        (new["claimed"].as_u64(), new["done"].as_u64()),
        (Some(1), Some(1)),
        "{new}"
    );
    let effects = std::fs::read_to_string(d.join("effects")).unwrap();
    assert_eq!(
        effects.lines().collect::<Vec<_>>(),
        ["r|2026-06-01T09:00:00", "r|2026-06-01T09:01:00"]
    );
    assert_eq!(occurrences(&d)[0]["state"], "unknown_effect");
}
