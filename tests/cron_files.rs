//! `wallclock from-cron FILE…` and `wallclock lint` over the crontabs,
//! Kubernetes manifests, systemd timers and specs in
//! `tests/fixtures/cron/`: the specs they hold, exactly the findings
//! expected, and the exit statuses (0 clean, 1 findings, 2 unreadable).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/script.rs"]
mod script;

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;
use wallclock::Lang;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cron")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn wallclock(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .args(args)
        .output()
        .expect("run wallclock");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// `lint` over fixture files in 2026, New York as the host's zone.
fn lint(files: &[&str]) -> Run {
    let paths: Vec<String> = files.iter().map(|f| fixture(f)).collect();
    let mut args = vec![
        "lint",
        "--tz",
        "America/New_York",
        "--from",
        "2026-01-01",
        "--to",
        "2027-01-01",
        "--format",
        "jsonl",
    ];
    args.extend(paths.iter().map(String::as_str));
    wallclock(&args)
}

/// `(file:line, code)` of each finding, in order.
fn findings(run: &Run) -> Vec<(String, String)> {
    run.stdout
        .lines()
        .map(|l| {
            let f: Value = serde_json::from_str(l).unwrap();
            let file = f["file"].as_str().unwrap();
            let base = file.rsplit('/').next().unwrap();
            (
                format!("{base}:{}", f["line"]),
                f["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn lint_finds_each_crontab_trap_and_clock_change() {
    let run = lint(&["crontab"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        findings(&run),
        pairs(&[
            ("crontab:6", "gap_moved"),
            ("crontab:8", "gap_skipped"),
            ("crontab:8", "fold_twice"),
            ("crontab:10", "tz_ignored"),
            ("crontab:11", "never_runs"),
            ("crontab:14", "midnight_skipped"),
        ])
    );
    let first: Value = serde_json::from_str(run.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["message"],
        "cronie runs at 03:00 instead of 02:30 on 2026-03-08: that time does not exist in America/New_York"
    );
    assert_eq!(first["fix"], serde_json::json!({"gap": "skip"}));
    let twice: Value = serde_json::from_str(run.stdout.lines().nth(2).unwrap()).unwrap();
    assert_eq!(
        twice["message"],
        "cronie runs twice on 2026-11-01 (01:00 -04:00 and 01:00 -05:00; 01:30 -04:00 and 01:30 -05:00)"
    );
    assert_eq!(twice["fix"], serde_json::json!({"fold": "first"}));
    let midnight: Value = serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(
        midnight["message"],
        "cronie does not run on 2026-09-06: midnight does not exist in America/Santiago"
    );
}

#[test]
fn lint_reads_manifests_and_timers() {
    let run = lint(&["cronjobs.yaml", "backup.timer"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        findings(&run),
        pairs(&[
            ("cronjobs.yaml:14", "fold_twice"),
            ("cronjobs.yaml:23", "no_time_zone"),
            ("cronjobs.yaml:23", "gap_skipped"),
            ("cronjobs.yaml:23", "fold_twice"),
            ("cronjobs.yaml:32", "dow_7"),
            ("backup.timer:6", "randomized_delay"),
            ("backup.timer:5", "gap_skipped"),
        ])
    );
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["id"], "batch/nightly");
    assert_eq!(
        lines[0]["message"],
        "Kubernetes runs twice on 2026-11-01 (01:30 -04:00 and 01:30 -05:00)"
    );
    assert_eq!(lines[1]["id"], "default/hourly");
    assert_eq!(
        lines[6]["message"],
        "systemd does not run at 02:30 on 2026-03-29: that time does not exist in Europe/Berlin"
    );
}

#[test]
fn lint_is_clean_for_utc_schedules_and_reads_specs() {
    let run = lint(&["utc.crontab", "utc.yaml"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    let run = lint(&["daily.json"]);
    assert_eq!(run.code, 1);
    assert_eq!(findings(&run), pairs(&[("daily.json:1", "fold_twice")]));
    // The whole report, and a table for people.
    let run = wallclock(&[
        "lint",
        "--from",
        "2026-01-01",
        "--format",
        "json",
        &fixture("utc.crontab"),
    ]);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report,
        serde_json::json!({"files": 1, "schedules": 3, "findings": []})
    );
    let run = wallclock(&[
        "lint",
        "--tz",
        "America/New_York",
        "--from",
        "2026-01-01",
        "--format",
        "table",
        &fixture("backup.timer"),
    ]);
    assert!(run.stdout.starts_with("WHERE"), "{}", run.stdout);
    assert!(run.stdout.contains("gap_skipped"), "{}", run.stdout);
}

#[test]
fn from_cron_prints_a_spec_per_schedule() {
    let run = wallclock(&[
        "from-cron",
        "--tz",
        "America/New_York",
        "--start",
        "2026-01-01",
        &fixture("cronjobs.yaml").replace("cronjobs", "utc"),
        &fixture("backup.timer"),
        &fixture("utc.crontab"),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let specs: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<(String, String, String)> = specs
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_owned(),
                s["timeZone"].as_str().unwrap().to_owned(),
                s["rrule"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        (
            "ops/report",
            "Etc/UTC",
            "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=2;BYMINUTE=15",
        ),
        (
            "backup.timer",
            "Europe/Berlin",
            "FREQ=DAILY;BYHOUR=2;BYMINUTE=30",
        ),
        ("utc.crontab:2", "UTC", "FREQ=DAILY;BYHOUR=2;BYMINUTE=30"),
        ("utc.crontab:3", "UTC", "FREQ=HOURLY;BYMINUTE=0,15,30,45"),
        ("utc.crontab:4", "UTC", "FREQ=HOURLY;BYMINUTE=0"),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| ((*a).to_owned(), (*b).to_owned(), (*c).to_owned()))
        .collect();
    assert_eq!(summary, want);
    // What the specs cannot reproduce goes to stderr, with the file and line.
    let warnings: Vec<Value> = run
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        warnings[0]["warning"]["code"], "timer_restart_in_fold",
        "{}",
        run.stderr
    );
    assert!(
        warnings[0]["warning"]["message"].as_str().unwrap().contains("backup.timer:5: a timer started or restarted during the repeated hour on 2026-10-25"),
        "{}",
        run.stderr
    );
    // A CronJob that Kubernetes would refuse stops the import: exit 2.
    let run = wallclock(&["from-cron", &fixture("cronjobs.yaml")]);
    assert_eq!(run.code, 2);
    let e: Value = serde_json::from_str(run.stderr.trim()).unwrap();
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("cronjobs.yaml:32: invalid day-of-week `7`"),
        "{e}"
    );
}

#[test]
fn unreadable_inputs_exit_2_with_a_clear_message() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cron-files");
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("huge.crontab");
    let line = "0 9 * * *  /bin/true\n";
    std::fs::write(&big, line.repeat(10 * 1024 * 1024 / line.len() + 1)).unwrap();
    let garbage = dir.join("garbage.crontab");
    std::fs::write(&garbage, "this is not a crontab\n").unwrap();
    let bad_zone = dir.join("zone.crontab");
    std::fs::write(&bad_zone, "CRON_TZ=Mars/Olympus\n0 9 * * * /bin/true\n").unwrap();
    let binary = dir.join("binary.crontab");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let cases: &[(&str, &str, &str)] = &[
        (
            big.to_str().unwrap(),
            "invalid_option",
            "larger than 1048576 bytes",
        ),
        (
            garbage.to_str().unwrap(),
            "invalid_cron",
            "garbage.crontab:1:",
        ),
        (
            bad_zone.to_str().unwrap(),
            "unknown_time_zone",
            "zone.crontab:2:",
        ),
        (binary.to_str().unwrap(), "invalid_option", "not UTF-8"),
        ("/nonexistent/crontab", "invalid_option", "cannot read"),
    ];
    for (path, code, words) in cases {
        for command in ["from-cron", "lint"] {
            let run = wallclock(&[command, path]);
            if command == "lint" && *code != "invalid_option" {
                // lint reports a line it cannot read as a finding.
                assert_eq!(run.code, 1, "{command} {path}: {}", run.stdout);
                continue;
            }
            let e: Value = serde_json::from_str(run.stderr.trim())
                .unwrap_or_else(|_| panic!("{command} {path}: {}", run.stderr));
            assert_eq!(run.code, 2, "{command} {path}: {}", run.stdout);
            assert_eq!(e["code"], *code, "{command} {path}: {e}");
            assert!(
                e["message"].as_str().unwrap().contains(words),
                "{command} {path}: {e}"
            );
        }
    }
    // YAML without a CronJob, and YAML that is not YAML.
    let run = wallclock(&["lint", &fixture("no-cronjob.yaml")]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("holds no `kind: CronJob`"),
        "{}",
        run.stderr
    );
    let broken = dir.join("broken.yaml");
    std::fs::write(&broken, "kind: CronJob\nspec: [unclosed\n").unwrap();
    let run = wallclock(&["from-cron", broken.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is not YAML"), "{}", run.stderr);
}

#[test]
fn a_timer_with_several_on_calendar_lines_is_one_spec_of_their_union() {
    let dir = std::env::temp_dir().join(format!("wallclock-timer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("report.timer");
    std::fs::write(
        &path,
        "[Timer]\nOnCalendar=Mon *-*-* 09:00 Europe/Berlin\nOnCalendar=*-*-01 12:00 Europe/Berlin\n",
    )
    .unwrap();
    let run = wallclock(&["from-cron", "--start", "2026-03-01", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let spec: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        spec["rrule"],
        serde_json::json!([
            "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
            "FREQ=DAILY;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0"
        ])
    );
    assert_eq!(spec["start"], "2026-03-01T12:00:00");
    // Every Monday at 09:00 and the 1st at 12:00, across Berlin's change
    // on 29 March (CET to CEST).
    let spec_path = dir.join("report.json");
    std::fs::write(&spec_path, run.stdout.trim()).unwrap();
    let out = wallclock(&[
        "expand",
        "--spec",
        spec_path.to_str().unwrap(),
        "--to",
        "2026-04-07T00:00",
        "--format",
        "jsonl",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let instants: Vec<String> = out
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["instant"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        instants,
        [
            "2026-03-01T11:00:00Z",
            "2026-03-02T08:00:00Z",
            "2026-03-09T08:00:00Z",
            "2026-03-16T08:00:00Z",
            "2026-03-23T08:00:00Z",
            "2026-03-30T07:00:00Z",
            "2026-04-01T10:00:00Z",
            "2026-04-06T07:00:00Z"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lint_reads_a_union_of_day_fields_and_its_clock_changes() {
    let run = lint(&["or.crontab"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        findings(&run),
        pairs(&[
            ("or.crontab:3", "day_or"),
            ("or.crontab:3", "gap_moved"),
            ("or.crontab:5", "step_in_day_field"),
        ]),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("cronie runs at 03:00 instead of 02:30 on 2026-03-08"),
        "{}",
        run.stdout
    );
}

/// `lint --lang` over every fixture: each finding's sentence and fix in
/// Chinese keep to their script, in every format, and only the words
/// change (codes, places, ids and fix fields are English's). An error a
/// finding quotes (`dow_7`, `invalid_line`, `unknown_zone`) is the error's
/// own message, exempt here as tests/errors.rs checks those.
#[test]
fn lint_speaks_chinese_over_every_fixture() {
    let files = [
        "crontab",
        "or.crontab",
        "utc.crontab",
        "cronjobs.yaml",
        "utc.yaml",
        "backup.timer",
        "daily.json",
    ];
    let run = |lang: &str, format: &str| {
        let paths: Vec<String> = files.iter().map(|f| fixture(f)).collect();
        let mut args = vec![
            "lint",
            "--lang",
            lang,
            "--tz",
            "America/New_York",
            "--from",
            "2026-01-01",
            "--to",
            "2027-01-01",
            "--format",
            format,
        ];
        args.extend(paths.iter().map(String::as_str));
        let run = wallclock(&args);
        assert_eq!(run.code, 1, "{}", run.stderr);
        run.stdout
    };
    let lines = |out: String| -> Vec<Value> {
        out.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let en = lines(run("en", "jsonl"));
    assert!(en.len() >= 15, "{en:?}");
    let mut bad = Vec::new();
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        let zh = lines(run(lang.as_str(), "jsonl"));
        assert_eq!(zh.len(), en.len());
        for (zh, en) in zh.iter().zip(&en) {
            for key in ["code", "file", "line", "id"] {
                assert_eq!(zh[key], en[key], "{key}");
            }
            let message = zh["message"].as_str().unwrap();
            assert_ne!(message, en["message"].as_str().unwrap());
            let quoted = match zh["code"].as_str().unwrap() {
                "dow_7" | "invalid_line" | "unknown_zone" => {
                    let en = en["message"].as_str().unwrap();
                    vec![en.split_once(": ").map_or(en, |(_, error)| error)]
                }
                _ => Vec::new(),
            };
            if let Err(why) = script::check_rendered(lang, message, &quoted) {
                bad.push(format!("{lang}: {why}: {message}"));
            }
            let (Some(zh_fix), Some(en_fix)) = (zh["fix"].as_object(), en["fix"].as_object())
            else {
                assert_eq!(zh["fix"], en["fix"]);
                continue;
            };
            assert_eq!(
                zh_fix.keys().collect::<Vec<_>>(),
                en_fix.keys().collect::<Vec<_>>()
            );
            // A spec value (`snap`, `BYDAY=SU`) stays; words are Chinese.
            for (value, en_value) in zh_fix.values().zip(en_fix.values()) {
                let value = value.as_str().unwrap();
                if value == en_value.as_str().unwrap() {
                    continue;
                }
                if let Err(why) = script::check_rendered(lang, value, &[]) {
                    bad.push(format!("{lang} (fix): {why}: {value}"));
                }
            }
        }
        // The whole report and the table say the same words.
        let whole: Value = serde_json::from_str(&run(lang.as_str(), "json")).unwrap();
        assert_eq!(whole["findings"], Value::Array(zh.clone()));
        let table = run(lang.as_str(), "table");
        assert!(table.starts_with("WHERE"), "{table}");
        for finding in &zh {
            let message = finding["message"].as_str().unwrap();
            assert!(table.contains(message), "{message} not in\n{table}");
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
