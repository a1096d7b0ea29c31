//! `wallclock from-cron` and `from_cron`: each product's syntax, read as
//! its code reads it, and each product's runs at the 2026 clock changes in
//! New York, Berlin and Santiago, as UTC instants.
//!
//! `tests/fixtures/cron-dst.json` holds the runs; for Kubernetes, Quartz,
//! APScheduler and systemd they are what the products' own code printed
//! (robfig/cron's `Next` under Go, Quartz's `getTimeAfter` under Java,
//! APScheduler's `CronTrigger.next` under Python, `systemd-analyze
//! calendar`), each case's `source` says which.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;
use wallclock::{CronOptions, Dialect, ErrorCode, ExpandOptions, Schedule, expand, from_cron};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn wallclock(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wallclock");
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(text) = stdin {
            let _ = input.write_all(text.as_bytes());
        }
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The executions (distinct instants) of an expansion, in order.
fn executions(expansion: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for entry in expansion["entries"].as_array().unwrap() {
        if let Some(instant) = entry["instant"].as_str()
            && entry["status"] != "merged"
            && !out.iter().any(|i| i == instant)
        {
            out.push(instant.to_owned());
        }
    }
    out
}

#[test]
fn each_product_runs_at_the_2026_clock_changes_as_its_code_does() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("fixtures/cron-dst.json")).unwrap();
    assert_eq!(cases.len(), 60);
    for case in &cases {
        let s = |k: &str| case[k].as_str().unwrap();
        let spec = wallclock(
            &[
                "from-cron",
                "--dialect",
                s("dialect"),
                "--tz",
                s("timeZone"),
                "--start",
                "2026-01-01",
                "--format",
                "json",
                "--",
                s("line"),
            ],
            None,
        );
        assert_eq!(spec.code, 0, "{case}: {}", spec.stderr);
        let run = wallclock(
            &[
                "expand",
                "--spec",
                "-",
                "--from",
                s("from"),
                "--to",
                s("to"),
                "--format",
                "json",
            ],
            Some(&spec.stdout),
        );
        assert_eq!(run.code, 0, "{case}: {}", run.stderr);
        let mut got = executions(&serde_json::from_str(&run.stdout).unwrap());
        got.sort();
        let want: Vec<String> = case["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            got,
            want,
            "{} `{}` in {} ({})",
            s("dialect"),
            s("line"),
            s("timeZone"),
            s("transition")
        );
    }
}

/// `(dialect, line, rule, gap, fold)`: how each product's syntax reads.
const SYNTAX: &[(&str, &str, &str, &str, &str)] = &[
    // Kubernetes: robfig/cron v3, macros, names, `?`, `N/step`.
    (
        "kubernetes",
        "*/15 9-17 * * 1-5",
        "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9,10,11,12,13,14,15,16,17;BYMINUTE=0,15,30,45",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "@weekly",
        "FREQ=DAILY;BYDAY=SU;BYHOUR=0;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "@monthly",
        "FREQ=DAILY;BYMONTHDAY=1;BYHOUR=0;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "@yearly",
        "FREQ=DAILY;BYMONTH=1;BYMONTHDAY=1;BYHOUR=0;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "@hourly",
        "FREQ=HOURLY;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "5/20 * ? JAN-mar SUN",
        "FREQ=HOURLY;BYMONTH=1,2,3;BYDAY=SU;BYMINUTE=5,25,45",
        "skip",
        "both",
    ),
    (
        "kubernetes",
        "0 12 * * sat,sun",
        "FREQ=DAILY;BYDAY=SA,SU;BYHOUR=12;BYMINUTE=0",
        "skip",
        "both",
    ),
    ("kubernetes", "* * * * *", "FREQ=MINUTELY", "skip", "both"),
    // cronie: DOW 7 is Sunday, `N-0` is `N-7`, names, wildcard vs fixed.
    (
        "cronie",
        "0 9 * * 7",
        "FREQ=DAILY;BYDAY=SU;BYHOUR=9;BYMINUTE=0",
        "snap",
        "first",
    ),
    (
        "cronie",
        "0 9 * * 5-0",
        "FREQ=DAILY;BYDAY=FR,SA,SU;BYHOUR=9;BYMINUTE=0",
        "snap",
        "first",
    ),
    (
        "cronie",
        "0 9 */2 * Mon",
        "FREQ=DAILY;BYMONTHDAY=1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        "snap",
        "first",
    ),
    (
        "cronie",
        "*/10 3 * * *",
        "FREQ=DAILY;BYHOUR=3;BYMINUTE=0,10,20,30,40,50",
        "skip",
        "both",
    ),
    (
        "cronie",
        "0 * 1 jan-Mar *",
        "FREQ=HOURLY;BYMONTH=1,2,3;BYMONTHDAY=1;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "cronie",
        "@daily",
        "FREQ=DAILY;BYHOUR=0;BYMINUTE=0",
        "snap",
        "first",
    ),
    (
        "cronie",
        "@hourly",
        "FREQ=HOURLY;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "cronie",
        "CRON_TZ=Europe/Berlin 30 2 * * *",
        "FREQ=DAILY;BYHOUR=2;BYMINUTE=30",
        "skip",
        "both",
    ),
    // Debian: text after a complete range is ignored up to the next blank.
    (
        "debian",
        "0 9 * * 1#2",
        "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        "snap",
        "first",
    ),
    (
        "debian",
        "0 9 * * 7",
        "FREQ=DAILY;BYDAY=SU;BYHOUR=9;BYMINUTE=0",
        "snap",
        "first",
    ),
    // systemd: weekdays Monday first, `~` from the month's end, seconds, shorthands.
    (
        "systemd",
        "Mon..Fri *-*-* 09:00",
        "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "systemd",
        "*-*~01 23:00",
        "FREQ=DAILY;BYMONTHDAY=-1;BYHOUR=23;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "systemd",
        "*-02~03",
        "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-3;BYHOUR=0;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "systemd",
        "*:0/15:30",
        "FREQ=HOURLY;BYMINUTE=0,15,30,45;BYSECOND=30",
        "skip",
        "first",
    ),
    (
        "systemd",
        "weekly",
        "FREQ=DAILY;BYDAY=MO;BYHOUR=0;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "systemd",
        "quarterly",
        "FREQ=DAILY;BYMONTH=1,4,7,10;BYMONTHDAY=1;BYHOUR=0;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "systemd",
        "Sat,Sun 2026..2027-*-1..7 9:00",
        "FREQ=DAILY;UNTIL=20271231T235959;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=SA,SU;BYHOUR=9;BYMINUTE=0",
        "skip",
        "first",
    ),
    ("systemd", "*-*-* *:*:*", "FREQ=SECONDLY", "skip", "first"),
    // Quartz: seconds first, `L`, `#`, 1 = Sunday, wrapping ranges.
    (
        "quartz",
        "0 15 10 ? * 6L",
        "FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=10;BYMINUTE=15",
        "skip",
        "second",
    ),
    (
        "quartz",
        "0 0 12 ? * 2#1",
        "FREQ=MONTHLY;BYDAY=1MO;BYHOUR=12;BYMINUTE=0",
        "skip",
        "second",
    ),
    (
        "quartz",
        "0 0 12 L-2 * ?",
        "FREQ=DAILY;BYMONTHDAY=-3;BYHOUR=12;BYMINUTE=0",
        "skip",
        "second",
    ),
    (
        "quartz",
        "30 0 22-2 ? * FRI-MON",
        "FREQ=DAILY;BYDAY=MO,FR,SA,SU;BYHOUR=0,1,2,22,23;BYMINUTE=0;BYSECOND=30",
        "skip",
        "second",
    ),
    (
        "quartz",
        "0 0 12 ? * L",
        "FREQ=DAILY;BYDAY=SA;BYHOUR=12;BYMINUTE=0",
        "skip",
        "second",
    ),
    (
        "quartz",
        "0 0 12 1 1 ? 2026-2028",
        "FREQ=DAILY;UNTIL=20281231T235959;BYMONTH=1;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0",
        "skip",
        "second",
    ),
    // APScheduler: day fields AND, `last`, its weekday reading.
    (
        "apscheduler",
        "0 9 1-7 * 1",
        "FREQ=DAILY;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "apscheduler",
        "0 9 last * *",
        "FREQ=DAILY;BYMONTHDAY=-1;BYHOUR=9;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "apscheduler",
        "0 9 * * 1-5/2",
        "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "apscheduler",
        "0 9 * * 0-7",
        "FREQ=DAILY;BYDAY=SU;BYHOUR=9;BYMINUTE=0",
        "skip",
        "both",
    ),
    (
        "apscheduler",
        "0 9 * * */2",
        "FREQ=DAILY;BYDAY=MO,WE,FR,SU;BYHOUR=9;BYMINUTE=0",
        "skip",
        "both",
    ),
    // EventBridge Scheduler: six fields with the year, `cron(…)`.
    (
        "eventbridge",
        "cron(0 12 ? * MON-FRI *)",
        "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=12;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "eventbridge",
        "0 8 L * ? *",
        "FREQ=DAILY;BYMONTHDAY=-1;BYHOUR=8;BYMINUTE=0",
        "skip",
        "first",
    ),
    (
        "eventbridge",
        "cron(0 10 ? * 6#3 *)",
        "FREQ=MONTHLY;BYDAY=3FR;BYHOUR=10;BYMINUTE=0",
        "skip",
        "first",
    ),
    // GitHub Actions.
    (
        "github-actions",
        "30 5 * * 1,3",
        "FREQ=DAILY;BYDAY=MO,WE;BYHOUR=5;BYMINUTE=30",
        "snap",
        "first",
    ),
];

fn import(dialect: &str, line: &str) -> Result<wallclock::CronSpec, wallclock::Error> {
    let options = CronOptions::new(dialect.parse::<Dialect>().unwrap())
        .time_zone("America/New_York")
        .start("2026-01-01");
    from_cron(line, &options, jiff::Timestamp::UNIX_EPOCH)
}

#[test]
fn each_products_syntax_reads_as_its_code_reads_it() {
    for &(dialect, line, rule, gap, fold) in SYNTAX {
        let import = import(dialect, line).unwrap_or_else(|e| panic!("{dialect} `{line}`: {e}"));
        let spec = import.spec();
        assert_eq!(
            spec.rrule.as_ref().and_then(|r| r.as_single()),
            Some(rule),
            "{dialect} `{line}`"
        );
        assert_eq!(spec.gap.as_str(), gap, "{dialect} `{line}`");
        assert_eq!(spec.fold.as_str(), fold, "{dialect} `{line}`");
    }
}

/// `(dialect, line, field, position, words in the message)`.
const BAD: &[(&str, &str, &str, Option<usize>, &str)] = &[
    (
        "kubernetes",
        "0 9 * * 7",
        "day-of-week",
        Some(8),
        "`7` is an error",
    ),
    ("kubernetes", "0 9 * *", "cron", None, "expects 5 fields"),
    (
        "kubernetes",
        "0 9 * * * /bin/backup",
        "cron",
        None,
        "not the command",
    ),
    ("kubernetes", "*/0 * * * *", "minute", Some(0), "at least 1"),
    ("kubernetes", "0 24 * * *", "hour", Some(2), "ends above 23"),
    ("kubernetes", "0 9 * foo *", "month", Some(6), "`jan`-`dec`"),
    (
        "kubernetes",
        "@fortnightly",
        "cron",
        None,
        "unknown descriptor",
    ),
    (
        "kubernetes",
        "0 5-1 * * *",
        "hour",
        Some(2),
        "starts after it ends",
    ),
    (
        "cronie",
        "0 9 * * 8",
        "day-of-week",
        Some(8),
        "out of range",
    ),
    ("cronie", "5/15 * * * *", "minute", Some(0), "needs a range"),
    (
        "cronie",
        "0 9 * * Monday",
        "day-of-week",
        Some(8),
        "expected 0-7",
    ),
    ("cronie", "*/0 * * * *", "minute", Some(0), "at least 1"),
    ("cronie", "@reboot", "cron", None, "not on a calendar"),
    ("cronie", "0 9 31-30 * *", "day-of-month", None, "never run"),
    (
        "debian",
        "0 9 * * 1/2",
        "day-of-week",
        Some(8),
        "needs a range",
    ),
    (
        "systemd",
        "*:*/15",
        "minute",
        Some(2),
        "start[..stop][/repeat]",
    ),
    (
        "systemd",
        "Sun..Mon 9:00",
        "day-of-week",
        Some(5),
        "Monday first",
    ),
    (
        "systemd",
        "*-*-* 9:00:00.5",
        "second",
        Some(11),
        "fraction of a second",
    ),
    ("systemd", "*-*-* 24:00", "hour", Some(6), "within 0-23"),
    (
        "quartz",
        "0 0 12 * * MON",
        "day-of-month",
        Some(7),
        "exactly one",
    ),
    (
        "quartz",
        "0 0 12 ? * 2#6",
        "day-of-week",
        Some(11),
        "n from 1 to 5",
    ),
    (
        "quartz",
        "0 0 12 ? * 6#3,2",
        "day-of-week",
        Some(11),
        "alone",
    ),
    (
        "quartz",
        "0 0 12 32W * ?",
        "day-of-month",
        Some(7),
        "single day 1-31",
    ),
    ("quartz", "0 0 25 ? * *", "hour", Some(4), "out of range"),
    (
        "apscheduler",
        "0 9 * * 8",
        "day-of-week",
        Some(8),
        "not a weekday",
    ),
    (
        "apscheduler",
        "*/60 * * * *",
        "minute",
        Some(0),
        "higher than the total range",
    ),
    (
        "apscheduler",
        "0 9 * * monday",
        "day-of-week",
        Some(8),
        "invalid weekday name",
    ),
    (
        "eventbridge",
        "cron(0 12 * * MON *)",
        "day-of-month",
        Some(10),
        "exactly one",
    ),
    (
        "eventbridge",
        "cron(0 12 ? * MON)",
        "cron",
        None,
        "expects 6 fields",
    ),
    ("github-actions", "@daily", "cron", None, "does not accept"),
    (
        "github-actions",
        "0 9 * * 7",
        "day-of-week",
        Some(8),
        "expected 0-6",
    ),
];

#[test]
fn bad_lines_name_the_field_and_where() {
    for &(dialect, line, field, position, words) in BAD {
        let err = match import(dialect, line) {
            Ok(s) => panic!("{dialect} `{line}` was read: {:?}", s.spec()),
            Err(e) => e,
        };
        assert_eq!(
            err.code(),
            ErrorCode::InvalidCron,
            "{dialect} `{line}`: {err}"
        );
        assert_eq!(err.field(), Some(field), "{dialect} `{line}`: {err}");
        if position.is_some() {
            assert_eq!(err.position(), position, "{dialect} `{line}`: {err}");
        }
        assert!(err.message().contains(words), "{dialect} `{line}`: {err}");
    }
}

#[test]
fn bad_input_exits_2_with_the_json_error() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["from-cron", "--dialect", "kubernetes", "--", "garbage"],
            "invalid_cron",
        ),
        (
            &["from-cron", "--dialect", "kubernetes", "--", "0 9 * * 1 2"],
            "invalid_cron",
        ),
        (
            &["from-cron", "--dialect", "kubernetes", "--", "0 99 * * *"],
            "invalid_cron",
        ),
        (
            &["from-cron", "--dialect", "cronie", "--", "*/0 * * * *"],
            "invalid_cron",
        ),
        (
            &["from-cron", "--dialect", "quartz", "--", "0 0 12 ? XYZ MON"],
            "invalid_cron",
        ),
        (
            &[
                "from-cron",
                "--dialect",
                "kubernetes",
                "--tz",
                "Mars/Olympus",
                "--",
                "0 9 * * *",
            ],
            "unknown_time_zone",
        ),
        (
            &[
                "from-cron",
                "--dialect",
                "systemd",
                "--",
                "*-*-* 09:00 Mars/Olympus",
            ],
            "invalid_cron",
        ),
        (
            &["from-cron", "--dialect", "nope", "--", "0 9 * * *"],
            "invalid_option",
        ),
        (&["from-cron", "--", "0 9 * * *"], "invalid_option"),
    ];
    for (args, code) in cases {
        let run = wallclock(args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{args:?}");
        let e: Value = serde_json::from_str(run.stderr.trim())
            .unwrap_or_else(|_| panic!("{args:?}: {}", run.stderr));
        assert_eq!(e["code"], *code, "{args:?}: {e}");
    }
}

#[test]
fn the_spec_reproduces_the_product_or_says_why_not() {
    // (dialect, zone, line, warning code)
    let cases = [
        (
            "cronie",
            "America/New_York",
            "0,30 2 * * *",
            "cron_gap_runs_each",
        ),
        ("cronie", "UTC", "0~30 9 * * *", "random_value"),
        (
            "cronie",
            "America/New_York",
            "CRON_TZ=America/New_York 30 1 * * *",
            "cron_tz_host_change",
        ),
        ("kubernetes", "UTC", "@every 90m", "every_elapsed"),
        (
            "systemd",
            "America/New_York",
            "*-*-* 01:30",
            "timer_restart_in_fold",
        ),
        ("quartz", "UTC", "0 0 12 1 1 ? 2026,2028", "year_list"),
        (
            "eventbridge",
            "Europe/Berlin",
            "cron(30 2 * * ? *)",
            "fold_undocumented",
        ),
        (
            "github-actions",
            "Europe/Berlin",
            "30 2 * * *",
            "fold_undocumented",
        ),
        (
            "apscheduler",
            "America/New_York",
            "0 2,3 * * *",
            "gap_overshoot",
        ),
        ("systemd", "UTC", "*-02-30", "never_runs"),
    ];
    for (dialect, zone, line, code) in cases {
        let options = CronOptions::new(dialect.parse::<Dialect>().unwrap())
            .time_zone(zone)
            .start("2026-01-01");
        let import = from_cron(line, &options, jiff::Timestamp::UNIX_EPOCH)
            .unwrap_or_else(|e| panic!("{dialect} `{line}`: {e}"));
        let codes: Vec<&str> = import.warnings().iter().map(|w| w.code()).collect();
        assert!(codes.contains(&code), "{dialect} `{line}`: {codes:?}");
    }
    // A schedule in UTC has nothing to warn about (a CRON_TZ line names
    // its own zone).
    for &(dialect, line, _, _, _) in SYNTAX.iter().filter(|c| !c.1.contains("CRON_TZ")) {
        let options = CronOptions::new(dialect.parse::<Dialect>().unwrap())
            .time_zone("UTC")
            .start("2026-01-01");
        let import = from_cron(line, &options, jiff::Timestamp::UNIX_EPOCH).unwrap();
        assert!(
            import.warnings().is_empty(),
            "{dialect} `{line}`: {:?}",
            import.warnings()
        );
    }
}

#[test]
fn the_start_is_the_first_run_and_the_zone_the_lines_own() {
    let options = CronOptions::new(Dialect::Systemd)
        .time_zone("UTC")
        .start("2026-03-02T10:00");
    let import = from_cron(
        "Mon..Fri 09:00 Europe/Berlin",
        &options,
        jiff::Timestamp::UNIX_EPOCH,
    )
    .unwrap();
    assert_eq!(import.spec().time_zone, "Europe/Berlin");
    assert_eq!(import.spec().start, "2026-03-03T09:00:00");
    // Without a start, the first run at or after now in the zone.
    let options = CronOptions::new(Dialect::Kubernetes).time_zone("Asia/Tokyo");
    let now: jiff::Timestamp = "2026-05-01T00:30:00Z".parse().unwrap();
    let import = from_cron("0 9 * * *", &options, now).unwrap();
    assert_eq!(import.spec().start, "2026-05-02T09:00:00");
    // A clock read mid-minute: the rules name no second (the line runs at
    // second 0), so the start must not take the clock's.
    let now: jiff::Timestamp = "2026-05-01T09:00:56.25Z".parse().unwrap();
    for (dialect, line, start) in [
        ("kubernetes", "0 9 * * *", "2026-05-02T09:00:00"),
        ("cronie", "* * * * *", "2026-05-01T18:01:00"),
        ("systemd", "*-*-* 18:01:*", "2026-05-01T18:01:00"),
        ("quartz", "57/3 * * * * ?", "2026-05-01T18:00:57"),
    ] {
        let options = CronOptions::new(dialect.parse::<Dialect>().unwrap()).time_zone("Asia/Tokyo");
        let import = from_cron(line, &options, now).unwrap();
        assert_eq!(import.spec().start, start, "{dialect} `{line}`");
    }
    // No zone at all: UTC, and a warning says so.
    let import = from_cron(
        "0 9 * * *",
        &CronOptions::new(Dialect::Kubernetes).start("2026-01-01"),
        now,
    )
    .unwrap();
    assert_eq!(import.spec().time_zone, "UTC");
    assert_eq!(import.warnings()[0].code(), "zone_assumed");
    // systemd's `@TIMESTAMP` is one instant; robfig's `@every` a step of
    // wall-clock time (read without floating point: 1.5h is 90 minutes).
    let options = CronOptions::new(Dialect::Systemd).time_zone("Europe/Berlin");
    let stamp = from_cron("@1767225600", &options, now).unwrap();
    assert_eq!(
        (stamp.spec().time_zone.as_str(), stamp.spec().start.as_str()),
        ("UTC", "2026-01-01T00:00:00")
    );
    assert_eq!(stamp.spec().rrule, None);
    let options = CronOptions::new(Dialect::Kubernetes)
        .time_zone("UTC")
        .start("2026-01-01");
    let every = from_cron("@every 1.5h", &options, now).unwrap();
    assert_eq!(
        every.spec().rrule.as_ref().and_then(|r| r.as_single()),
        Some("FREQ=MINUTELY;INTERVAL=90")
    );
    let every = from_cron("@every 2h30m15.5s", &options, now).unwrap();
    assert_eq!(
        every.spec().rrule.as_ref().and_then(|r| r.as_single()),
        Some("FREQ=SECONDLY;INTERVAL=9015")
    );
    assert!(from_cron("@every 1.x", &options, now).is_err());
    // The spec expands to the product's first runs.
    let schedule = Schedule::new(import.spec()).unwrap();
    let result = expand(&schedule, &ExpandOptions::new().limit(2)).unwrap();
    let instants: Vec<String> = result.executions().map(|t| t.to_string()).collect();
    assert_eq!(instants, ["2026-01-01T09:00:00Z", "2026-01-02T09:00:00Z"]);
}

/// `(dialect, line, rules)`: lines whose days are a union become a spec of
/// several rules — both day fields restricted, by each product's own notion
/// of "restricted", and Quartz's nearest weekday (`W`).
const UNIONS: &[(&str, &str, &[&str])] = &[
    // Vixie cron (cronie, Debian), robfig, GitHub: days 1-7, or Mondays.
    (
        "kubernetes",
        "0 9 1-7 * 1",
        &[
            "FREQ=DAILY;BYMONTHDAY=1,2,3,4,5,6,7;BYHOUR=9;BYMINUTE=0",
            "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        ],
    ),
    (
        "cronie",
        "0 9 1-7 * 1",
        &[
            "FREQ=DAILY;BYMONTHDAY=1,2,3,4,5,6,7;BYHOUR=9;BYMINUTE=0",
            "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        ],
    ),
    (
        "debian",
        "30 4 1,15 * 5",
        &[
            "FREQ=DAILY;BYMONTHDAY=1,15;BYHOUR=4;BYMINUTE=30",
            "FREQ=DAILY;BYDAY=FR;BYHOUR=4;BYMINUTE=30",
        ],
    ),
    (
        "github-actions",
        "0 6 13 * 5",
        &[
            "FREQ=DAILY;BYMONTHDAY=13;BYHOUR=6;BYMINUTE=0",
            "FREQ=DAILY;BYDAY=FR;BYHOUR=6;BYMINUTE=0",
        ],
    ),
    // robfig: `*/2` clears the star bit, so it is restricted: odd days, or
    // Mondays. (cronie reads the same text as unrestricted: SYNTAX below.)
    (
        "kubernetes",
        "0 9 */2 * 1",
        &[
            "FREQ=DAILY;BYMONTHDAY=1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31;BYHOUR=9;BYMINUTE=0",
            "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        ],
    ),
    // Months limit both sides.
    (
        "cronie",
        "0 12 1 jan,jul sun",
        &[
            "FREQ=DAILY;BYMONTH=1,7;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0",
            "FREQ=DAILY;BYMONTH=1,7;BYDAY=SU;BYHOUR=12;BYMINUTE=0",
        ],
    ),
    // Quartz's weekday nearest the 15th: the 15th on a weekday, the 14th
    // on a Friday, the 16th on a Monday.
    (
        "quartz",
        "0 0 12 15W * ?",
        &[
            "FREQ=DAILY;BYMONTHDAY=15;BYDAY=MO,TU,WE,TH,FR;BYHOUR=12;BYMINUTE=0",
            "FREQ=DAILY;BYMONTHDAY=14;BYDAY=FR;BYHOUR=12;BYMINUTE=0",
            "FREQ=DAILY;BYMONTHDAY=16;BYDAY=MO;BYHOUR=12;BYMINUTE=0",
        ],
    ),
];

#[test]
fn or_lines_and_nearest_weekdays_are_a_union_of_rules() {
    for &(dialect, line, rules) in UNIONS {
        let import = import(dialect, line).unwrap_or_else(|e| panic!("{dialect} `{line}`: {e}"));
        let got = import.spec().rrule.clone().map(|r| r.into_vec());
        let want: Vec<String> = rules.iter().map(|r| (*r).to_owned()).collect();
        assert_eq!(got, Some(want), "{dialect} `{line}`");
    }
    // Where a product counts a day field as unrestricted, the other must
    // match too: one rule. cronie's `*/2` starts with `*`; robfig's `*/1`
    // keeps the star bit; a day-of-week field of every day restricts
    // nothing under OR.
    for (dialect, line, rule) in [
        (
            "cronie",
            "0 9 */2 * 1",
            "FREQ=DAILY;BYMONTHDAY=1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        ),
        (
            "kubernetes",
            "0 9 */1 * 1",
            "FREQ=DAILY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
        ),
        ("cronie", "0 9 1-7 * 0-6", "FREQ=DAILY;BYHOUR=9;BYMINUTE=0"),
    ] {
        let import = import(dialect, line).unwrap_or_else(|e| panic!("{dialect} `{line}`: {e}"));
        assert_eq!(
            import.spec().rrule.as_ref().and_then(|r| r.as_single()),
            Some(rule),
            "{dialect} `{line}`"
        );
    }
}

/// The instants of `from-cron … | expand` between two instants.
fn runs(dialect: &str, zone: &str, line: &str, from: &str, to: &str) -> Vec<String> {
    let spec = wallclock(
        &[
            "from-cron",
            "--dialect",
            dialect,
            "--tz",
            zone,
            "--start",
            "2026-01-01",
            "--format",
            "json",
            "--",
            line,
        ],
        None,
    );
    assert_eq!(spec.code, 0, "{dialect} `{line}`: {}", spec.stderr);
    let out = wallclock(
        &["expand", "--spec", "-", "--from", from, "--to", to],
        Some(&spec.stdout),
    );
    assert_eq!(out.code, 0, "{dialect} `{line}`: {}", out.stderr);
    executions(&serde_json::from_str(&out.stdout).unwrap())
}

#[test]
fn a_union_runs_as_the_product_does_across_a_clock_change() {
    // `0 9 1-7 * 1` in New York, March 2026: days 1 to 7 (Monday the 2nd
    // is both, and runs once), then every Monday; EST until the 8th.
    let mut want: Vec<String> = (1..=7)
        .map(|d| format!("2026-03-{d:02}T14:00:00Z"))
        .collect();
    want.extend([9, 16, 23, 30].map(|d| format!("2026-03-{d:02}T13:00:00Z")));
    for dialect in ["kubernetes", "cronie", "debian"] {
        assert_eq!(
            runs(
                dialect,
                "America/New_York",
                "0 9 1-7 * 1",
                "2026-03-01T00:00:00Z",
                "2026-04-01T00:00:00Z"
            ),
            want,
            "{dialect}"
        );
    }
    // cronie `30 2 1-8 * 0`: Sunday 8 March is both, and its 02:30 does not
    // exist; a fixed-time job runs once when the clocks jump (03:00 EDT).
    let got = runs(
        "cronie",
        "America/New_York",
        "30 2 1-8 * 0",
        "2026-03-07T00:00:00Z",
        "2026-03-23T00:00:00Z",
    );
    assert_eq!(
        got,
        [
            "2026-03-07T07:30:00Z",
            "2026-03-08T07:00:00Z",
            "2026-03-15T06:30:00Z",
            "2026-03-22T06:30:00Z"
        ]
    );
    // Kubernetes skips it.
    let got = runs(
        "kubernetes",
        "America/New_York",
        "30 2 1-8 * 0",
        "2026-03-07T00:00:00Z",
        "2026-03-23T00:00:00Z",
    );
    assert_eq!(
        got,
        [
            "2026-03-07T07:30:00Z",
            "2026-03-15T06:30:00Z",
            "2026-03-22T06:30:00Z"
        ]
    );
    // Quartz `15W` in 2026: Sunday 15 February, 15 March and 15 November
    // move to Monday the 16th, Saturday 15 August to Friday the 14th.
    let days = [
        "01-15", "02-16", "03-16", "04-15", "05-15", "06-15", "07-15", "08-14", "09-15", "10-15",
        "11-16", "12-15",
    ];
    let want: Vec<String> = days.iter().map(|d| format!("2026-{d}T12:00:00Z")).collect();
    assert_eq!(
        runs(
            "quartz",
            "UTC",
            "0 0 12 15W * ?",
            "2026-01-01T00:00:00Z",
            "2027-01-01T00:00:00Z"
        ),
        want
    );
    // `1W` never leaves the month (Saturday 1 August → Monday the 3rd);
    // `LW` is the last weekday (Sunday 31 May → Friday the 29th).
    let first = runs(
        "quartz",
        "UTC",
        "0 0 12 1W * ?",
        "2026-08-01T00:00:00Z",
        "2026-12-01T00:00:00Z",
    );
    assert_eq!(
        first,
        [
            "2026-08-03T12:00:00Z",
            "2026-09-01T12:00:00Z",
            "2026-10-01T12:00:00Z",
            "2026-11-02T12:00:00Z"
        ]
    );
    let last = runs(
        "quartz",
        "UTC",
        "0 0 12 LW * ?",
        "2026-05-01T00:00:00Z",
        "2026-07-01T00:00:00Z",
    );
    assert_eq!(last, ["2026-05-29T12:00:00Z", "2026-06-30T12:00:00Z"]);
}

/// The macros restrict one day field each, and cron ORs the day fields
/// only when both are restricted (`cron.c`: `DOM_STAR || DOW_STAR` ands
/// them; `entry.c` marks `@yearly`/`@monthly` `DOW_STAR`, `@weekly`
/// `DOM_STAR`): `@weekly` is Sundays, `@monthly` the 1st, `@yearly`
/// 1 January, in every dialect that has them.
#[test]
fn macros_run_on_the_days_they_name() {
    let cases = [
        (
            "@weekly",
            "2026-01-04T00:00:00Z",
            "2026-01-11T00:00:00Z",
            "2026-01-18T00:00:00Z",
        ),
        (
            "@monthly",
            "2026-01-01T00:00:00Z",
            "2026-02-01T00:00:00Z",
            "2026-03-01T00:00:00Z",
        ),
        (
            "@yearly",
            "2026-01-01T00:00:00Z",
            "2027-01-01T00:00:00Z",
            "2028-01-01T00:00:00Z",
        ),
    ];
    for dialect in [Dialect::Cronie, Dialect::Debian, Dialect::Kubernetes] {
        for (line, a, b, c) in cases {
            let options = CronOptions::new(dialect)
                .time_zone("UTC")
                .start("2026-01-01");
            let import = from_cron(line, &options, jiff::Timestamp::UNIX_EPOCH).unwrap();
            let schedule = Schedule::new(import.spec()).unwrap();
            let window = ExpandOptions::new().limit(3);
            let got: Vec<String> = expand(&schedule, &window)
                .unwrap()
                .executions()
                .map(|t| t.to_string())
                .collect();
            assert_eq!(got, [a, b, c], "{dialect} `{line}`");
        }
    }
}
