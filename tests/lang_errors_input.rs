//! Bad input in Simplified and Traditional Chinese, through the real
//! binary: a corpus of broken iCalendar, cron lines of every dialect,
//! crontabs, manifests, timers, command lines and ledger commands. Each
//! error keeps its `code`, `field` and `position` in every language, its
//! Chinese message keeps to its script (no English outside backticks and
//! zone ids), and none is the English message.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/script.rs"]
mod script;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use wallclock::Lang;

/// `wallclock ARGS --lang LANG` in `dir` with `stdin`; the error it wrote
/// on stderr (one JSON object), or `None` when the command succeeded.
fn error(dir: &Path, args: &[&str], stdin: &[u8], lang: &str) -> Option<Value> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_wallclock"));
    for name in [
        "WALLCLOCK_LANG",
        "LC_ALL",
        "LC_MESSAGES",
        "LANG",
        "WALLCLOCK_DB",
    ] {
        command.env_remove(name);
    }
    let mut child = command
        .current_dir(dir)
        .args(args)
        .args(["--lang", lang])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command may fail before it reads stdin.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    if out.status.success() {
        return None;
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    Some(serde_json::from_str(stderr.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {stderr}")))
}

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Each case: the command line and what it reads on stdin.
fn corpus() -> Vec<(Vec<&'static str>, &'static str)> {
    let ical = |text: &'static str| (vec!["from-ical", "-", "--json"], text);
    let cron = |dialect: &'static str, line: &'static str| {
        (vec!["from-cron", "--dialect", dialect, "--json", line], "")
    };
    vec![
        ical("BEGIN:VEVENT\r\nDTSTART:20260306T023000\r\nEND:VEVENT\r\n"),
        ical("BEGIN:VEVENT\r\nDTSTART;TZID=America/New_York:2026030\r\nEND:VEVENT\r\n"),
        ical("BEGIN:VEVENT\r\nDTSTART;TZID=\"America/New_York:20260306T023000\r\nEND:VEVENT\r\n"),
        ical("BEGIN:VEVENT\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n"),
        ical("BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260306\r\nEND:VEVENT\r\n"),
        ical(
            "BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260306T090000\r\nEXRULE:FREQ=DAILY\r\nEND:VEVENT\r\n",
        ),
        ical(
            "BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260306T090000\r\nX-WALLCLOCK-REVISION:0\r\nEND:VEVENT\r\n",
        ),
        // Wrong field counts.
        cron("kubernetes", "30 9 * *"),
        cron("cronie", "30 9 * * 1-5 /usr/bin/backup"),
        cron("quartz", "0 30 9 ?"),
        cron("apscheduler", "30 9 * *"),
        // Out of range.
        cron("kubernetes", "0 24 * * *"),
        cron("debian", "61 * * * *"),
        cron("github-actions", "0 0 32 * *"),
        cron("quartz", "0 0 12 ? * 8"),
        cron("eventbridge", "0 25 ? * MON *"),
        cron("apscheduler", "60 * * * *"),
        cron("systemd", "*-*-* 25:00"),
        // A step of zero.
        cron("kubernetes", "*/0 * * * *"),
        cron("cronie", "*/0 * * * *"),
        cron("quartz", "0 0/0 * ? * *"),
        cron("apscheduler", "*/0 * * * *"),
        // Unknown names.
        cron("kubernetes", "0 0 * foo *"),
        cron("cronie", "0 0 * * funday"),
        cron("quartz", "0 0 12 ? * FUN"),
        cron("apscheduler", "0 0 * * funday"),
        cron("systemd", "Fun *-*-* 09:00"),
        cron("kubernetes", "@fortnightly"),
        cron("cronie", "@fortnightly"),
        // The line as a whole.
        cron("kubernetes", "CRON_TZ=Europe/Berlin"),
        cron("cronie", "CRON_TZ= 0 0 * * *"),
        cron("eventbridge", "cron(0 12 * * ? *"),
        cron("debian", "@reboot"),
        cron("systemd", "   "),
        (
            vec!["from-cron", "0 0 * * *", "--dialect", "vixie", "--json"],
            "",
        ),
        (vec!["from-cron", "0 0 * * *", "--json"], ""),
        // Files.
        (vec!["from-cron", "backup.timer", "--json"], ""),
        (vec!["from-cron", "cronjob.yaml", "--json"], ""),
        (vec!["from-cron", "deployment.yaml", "--json"], ""),
        (
            vec!["from-cron", "crontab", "--dialect", "cronie", "--json"],
            "",
        ),
        (
            vec!["from-cron", "big.crontab", "--dialect", "cronie", "--json"],
            "",
        ),
        (
            vec!["lint", "spec.json", "--from", "tomorrow", "--json"],
            "",
        ),
        (vec!["expand", "--spec", "missing.json", "--json"], ""),
        (vec!["expand", "--spec", "latin1.json", "--json"], ""),
        (vec!["expand", "--tz", "UTC", "--json"], ""),
        (vec!["misfire", "--spec", "spec.json"], ""),
        // The ledger.
        (vec!["ledger", "occurrences", "--json"], ""),
        (
            vec!["ledger", "--db", "missing.db", "occurrences", "--json"],
            "",
        ),
        (vec!["ledger", "--db", ".", "occurrences", "--json"], ""),
        (
            vec!["ledger", "--db", "junk.db", "occurrences", "--json"],
            "",
        ),
        (
            vec![
                "ledger",
                "--db",
                "l.db",
                "explain",
                "d|2026-06-09T09:00:00",
                "--json",
            ],
            "",
        ),
        (
            vec!["ledger", "--db", "l.db", "disable", "nightly", "--json"],
            "",
        ),
        (
            vec![
                "ledger",
                "--db",
                "l.db",
                "occurrences",
                "--state",
                "failed",
                "--json",
            ],
            "",
        ),
        (
            vec![
                "ledger",
                "--db",
                "l.db",
                "plan",
                "--now",
                "yesterday",
                "--json",
            ],
            "",
        ),
        (
            vec![
                "ledger",
                "--db",
                "postgres://ops:pa%40ss@127.0.0.1:1/ledger",
                "occurrences",
                "--json",
            ],
            "",
        ),
        (
            vec![
                "ledger",
                "--db",
                "l.db",
                "run",
                "--exec",
                "true",
                "--metrics-addr",
                "127.0.0.1:99999",
                "--json",
            ],
            "",
        ),
        (
            vec!["ledger", "migrate", "--from", "l.db", "--to", "copy.db"],
            "",
        ),
        // SQLite's VFS without shared memory cannot keep a WAL.
        (
            vec!["ledger", "--db", "file:w.db?vfs=unix-none", "init"],
            "",
        ),
        // Ledgers damaged by hand (see `files`).
        (vec!["ledger", "--db", "spec.db", "plan", "--json"], ""),
        (vec!["ledger", "--db", "cursor.db", "plan", "--json"], ""),
        // clap's own refusals.
        (vec!["zones", "--jsn"], ""),
        (vec!["expand", "--format", "xml", "--json"], ""),
        (vec!["expnd"], ""),
        (vec!["expand", "--json", "--limit"], ""),
        (vec!["expand", "--spec", "x.json", "--tz", "UTC"], ""),
        (vec!["zones", "--json=3"], ""),
        (
            vec![
                "ledger",
                "--db",
                "postgres://%ff@127.0.0.1/ledger",
                "occurrences",
                "--json",
            ],
            "",
        ),
    ]
}

/// The files the corpus names, and a ledger with schedule `d`.
fn files(dir: &Path) {
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write(
        "backup.timer",
        b"[Timer]\nOnCalendar=*-*-* 09:00 Europe/Berlin\nOnCalendar=*-*-* 18:00 America/New_York\n",
    );
    write("cronjob.yaml", b"kind: [CronJob\n");
    write("deployment.yaml", b"kind: Deployment\n");
    write("crontab", b"0 0 * * 9 /usr/bin/backup\n");
    // Over the 1 MiB a crontab may hold.
    write("big.crontab", "# padding\n".repeat(110_000).as_bytes());
    write(
        "spec.json",
        br#"{"id":"d","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#,
    );
    write("latin1.json", b"{\"id\":\"caf\xe9\"}");
    write(
        "junk.db",
        "not a database, only text; ".repeat(20).as_bytes(),
    );
    for args in [
        &["ledger", "--db", "l.db", "init"][..],
        &["ledger", "--db", "l.db", "add", "--spec", "spec.json"],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_wallclock"))
            .current_dir(dir)
            .args(args)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{args:?}");
    }
    // A stored spec that no longer reads, and a planning cursor that is no
    // instant.
    for (name, sql) in [
        ("spec.db", r#"UPDATE revisions SET spec = '{"id":"d"}'"#),
        ("cursor.db", "UPDATE schedules SET cursor = 'soon'"),
    ] {
        std::fs::copy(dir.join("l.db"), dir.join(name)).unwrap();
        let db = rusqlite::Connection::open(dir.join(name)).unwrap();
        assert_eq!(db.execute(sql, []).unwrap(), 1, "{sql}");
    }
}

#[test]
fn every_bad_input_fails_alike_in_every_language_and_reads_as_chinese() {
    let dir = folder("lang_errors_input");
    files(&dir);
    let mut bad = Vec::new();
    let cases = corpus();
    for (args, stdin) in &cases {
        let keys = ["code", "field", "position"];
        bad.extend(alike_in_chinese(args, &keys, |lang| {
            error(&dir, args, stdin.as_bytes(), lang)
        }));
    }
    assert!(cases.len() > 50, "only {} cases", cases.len());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The password of a PostgreSQL URL stays masked in every language.
#[test]
fn a_password_stays_masked_in_every_language() {
    let dir = folder("lang_errors_input_pg");
    for lang in Lang::ALL {
        for db in [
            "postgres://ops:pa%40ss@127.0.0.1:1/ledger",
            "postgres://ops:pa%40ss@127.0.0.1:notaport/ledger",
        ] {
            let e = error(
                &dir,
                &["ledger", "--db", db, "occurrences", "--json"],
                b"",
                lang.as_str(),
            )
            .expect("an error");
            let message = e["message"].as_str().unwrap();
            assert!(
                !message.contains("pa%40ss") && !message.contains("pa@ss"),
                "{message}"
            );
            assert!(message.contains("ops:***@127.0.0.1"), "{message}");
        }
    }
}

/// `wallclock ARGS --lang LANG` in `dir`, its stdout sent to `stdout`;
/// the error it wrote on stderr.
fn error_writing_to(dir: &Path, args: &[&str], stdout: Stdio, lang: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .env_remove("WALLCLOCK_LANG")
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .current_dir(dir)
        .args(args)
        .args(["--lang", lang])
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(!out.status.success(), "{args:?} ({lang}) succeeded");
    let stderr = String::from_utf8(out.stderr).unwrap();
    serde_json::from_str(stderr.trim()).unwrap_or_else(|e| panic!("{args:?}: {e}: {stderr}"))
}

/// The same error in English and Chinese: the `keys` alike, the Chinese
/// message no English and kept to its script. `error` gives the error of
/// the command in a language, `None` when the command succeeded.
fn alike_in_chinese(
    args: &dyn std::fmt::Debug,
    keys: &[&str],
    error: impl Fn(&str) -> Option<Value>,
) -> Vec<String> {
    let mut bad = Vec::new();
    let en = error("en").unwrap_or_else(|| panic!("{args:?} succeeded"));
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        let Some(zh) = error(lang.as_str()) else {
            bad.push(format!("{args:?} ({lang}): succeeded"));
            continue;
        };
        for key in keys {
            if zh[key] != en[key] {
                bad.push(format!(
                    "{args:?} ({lang}): {key} {} / {}",
                    zh[key], en[key]
                ));
            }
        }
        let message = zh["message"].as_str().unwrap_or_default();
        if message == en["message"] {
            bad.push(format!("{args:?} ({lang}): still English: {message}"));
        } else if let Err(why) = script::check_rendered(lang, message, &[]) {
            bad.push(format!("{args:?} ({lang}): {why}: {message}"));
        }
    }
    bad
}

/// A full disk under stdout (`/dev/full`): the command's own output, a
/// ledger listing streamed row by row, and a ledger report.
#[test]
fn a_stdout_that_cannot_be_written_says_so_in_every_language() {
    let dir = folder("lang_errors_input_stdout");
    files(&dir);
    let mut bad = Vec::new();
    for args in [
        &["zones", "--json"][..],
        &["ledger", "--db", "l.db", "occurrences", "--json"],
        &["ledger", "--db", "l.db", "schedules", "--json"],
    ] {
        bad.extend(alike_in_chinese(&args, &["code", "field"], |lang| {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            let e = error_writing_to(&dir, args, full.into(), lang);
            assert_eq!(e["code"], "internal", "{args:?}: {e}");
            Some(e)
        }));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// `ledger run --metrics-addr` on an address another socket holds.
#[test]
fn a_metrics_address_in_use_says_so_in_every_language() {
    let dir = folder("lang_errors_input_metrics");
    files(&dir);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let args = [
        "ledger",
        "--db",
        "l.db",
        "run",
        "--exec",
        "true",
        "--metrics-addr",
        &addr,
        "--json",
    ];
    let bad = alike_in_chinese(&args, &["code", "field"], |lang| {
        let e = error_writing_to(&dir, &args, Stdio::null(), lang);
        assert_eq!(e["field"], "metrics-addr", "{e}");
        let message = e["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("`{addr}`")), "{message}");
        Some(e)
    });
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A stdout whose reader is gone (`| head` that has read enough) ends the
/// command quietly in every language: status 0 and nothing on stderr, for
/// the command's own output, a streamed ledger listing and a ledger report.
#[test]
fn a_stdout_whose_reader_is_gone_ends_quietly_in_every_language() {
    let dir = folder("lang_errors_input_closed");
    files(&dir);
    for args in [
        &["zones", "--json"][..],
        &["ledger", "--db", "l.db", "occurrences", "--json"],
        &["ledger", "--db", "l.db", "schedules", "--json"],
    ] {
        for lang in ["en", "zh-CN", "zh-TW"] {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
                .current_dir(&dir)
                .args(args)
                .args(["--lang", lang])
                .stdin(Stdio::null())
                .stdout(writer)
                .stderr(Stdio::piped())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{args:?} ({lang}): {stderr}");
            assert_eq!(stderr, "", "{args:?} ({lang})");
        }
    }
}
