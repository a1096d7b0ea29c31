//! The command line as people and scripts meet it, run for real: one
//! `--format` on every command that prints results, errors as text with a
//! caret on a terminal (a real pseudo-terminal, through util-linux
//! `script`) and as JSON when piped, clap's hints, the right `field` in
//! every usage error, now-relative windows, and one duration syntax.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_wallclock");

/// New York daily 02:30 across the March 2026 gap, four runs.
const SPEC: &str = r#"{"id":"d","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4"}"#;

/// Berlin daily 02:30 since 2020, never ending.
const RUNNING: [&str; 6] = [
    "--tz",
    "Europe/Berlin",
    "--start",
    "2020-01-01T02:30",
    "--rrule",
    "FREQ=DAILY",
];

fn dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_format")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the binary in `dir` with stdin, stdout and stderr piped.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .output()
        .expect("spawn wallclock")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success() || out.status.code() == Some(1),
        "status {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The JSON error of a failed run (stderr piped).
fn error(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let text = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(&text).expect("stderr is one JSON object")
}

/// Runs the binary on a pseudo-terminal (util-linux `script`), so both
/// stdout and stderr are terminals; returns what the terminal showed.
fn on_terminal(dir: &Path, args: &[&str]) -> (i32, String) {
    let quoted: Vec<String> = std::iter::once(BIN)
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let out = Command::new("script")
        .current_dir(dir)
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .env("SHELL", "/bin/sh")
        .output()
        .expect("util-linux `script` runs the command on a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    (out.status.code().unwrap_or(-1), text)
}

/// Every command that prints results, with what `--format json` prints
/// (its records in `jsonl` and `csv`: `None` for a single object).
fn commands(d: &Path) -> Vec<(Vec<String>, Option<&'static str>)> {
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    std::fs::write(
        d.join("new.json"),
        SPEC.replace("COUNT=4", "COUNT=4;BYMINUTE=45"),
    )
    .unwrap();
    std::fs::write(
        d.join("due.json"),
        r#"[{"key":"d|2026-03-06T02:30:00","instant":"2026-03-06T07:30:00Z"}]"#,
    )
    .unwrap();
    let ical = stdout(&run(d, &["ical", "--spec", "spec.json"]));
    std::fs::write(d.join("event.ics"), ical).unwrap();
    let spec = ["--spec", "spec.json"];
    let mut all: Vec<(Vec<&str>, Option<&str>)> = vec![
        (vec!["expand"], Some("entries")),
        (vec!["notices"], Some("entries")),
        (vec!["validate"], None),
        (vec!["describe"], None),
        (
            vec![
                "misfire",
                "--now",
                "2026-03-06T09:00:00Z",
                "--due",
                "due.json",
            ],
            Some(""),
        ),
    ];
    for (args, _) in &mut all {
        args.extend(spec);
    }
    all.push((vec!["from-ical", "event.ics"], None));
    all.push((
        vec![
            "diff",
            "--old",
            "spec.json",
            "--new",
            "new.json",
            "--from",
            "2026-03-01",
        ],
        Some("changes"),
    ));
    all.push((vec!["zones"], Some("")));
    all.into_iter()
        .map(|(args, records)| (args.into_iter().map(String::from).collect(), records))
        .collect()
}

#[test]
fn every_command_that_prints_results_takes_every_format() {
    let d = dir("formats");
    for (args, records) in commands(&d) {
        let with = |extra: &[&str]| {
            let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
            all.extend_from_slice(extra);
            stdout(&run(&d, &all))
        };
        let json: Value = serde_json::from_str(&with(&["--format", "json"])).unwrap();
        // `--json` is `--format json`, byte for byte.
        assert_eq!(with(&["--json"]), with(&["--format", "json"]), "{args:?}");
        let expected: Vec<Value> = match records {
            None => vec![json.clone()],
            Some("") => json.as_array().unwrap().clone(),
            Some(key) => json[key].as_array().unwrap().clone(),
        };
        assert!(!expected.is_empty(), "{args:?}: {json}");
        let lines: Vec<Value> = with(&["--format", "jsonl"])
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines, expected, "{args:?}");
        let csv = with(&["--format", "csv"]);
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header = reader.headers().unwrap().clone();
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert!(!header.is_empty(), "{args:?}");
        assert!(rows.iter().all(|r| r.len() == header.len()), "{args:?}");
        if records.is_some() {
            assert_eq!(rows.len(), expected.len(), "{args:?}: {csv}");
        }
        let table = with(&["--format", "table"]);
        assert!(
            !table.is_empty() && serde_json::from_str::<Value>(&table).is_err(),
            "{args:?}: {table}"
        );
    }
}

#[test]
fn csv_quotes_what_needs_quoting() {
    let d = dir("csv");
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    let csv = stdout(&run(
        &d,
        &["expand", "--spec", "spec.json", "--format", "csv"],
    ));
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(
        reader.headers().unwrap(),
        vec!["NOMINAL", "STATUS", "LOCAL", "UTC", "KEY", "NOTE"]
    );
    let skipped: Vec<csv::StringRecord> = reader
        .records()
        .map(Result::unwrap)
        .filter(|r| &r[1] == "skipped")
        .collect();
    // The note holds commas and a semicolon: one field all the same.
    assert_eq!(skipped.len(), 1);
    assert!(
        skipped[0][5].starts_with("02:30 does not exist on 2026-03-08"),
        "{:?}",
        skipped[0]
    );
}

#[test]
fn a_terminal_gets_a_table_and_readable_errors() {
    let d = dir("terminal");
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    let (code, shown) = on_terminal(&d, &["expand", "--spec", "spec.json"]);
    assert_eq!(code, 0, "{shown}");
    assert!(shown.starts_with("NOMINAL"), "{shown}");
    // Text results stay text when piped.
    assert!(stdout(&run(&d, &["describe", "--spec", "spec.json"])).starts_with("Every day"));

    // A rule error: the message, then the rule with a caret under `24`.
    let (code, shown) = on_terminal(
        &d,
        &[
            "expand",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-06T02:30",
            "--rrule",
            "FREQ=DAILY;BYHOUR=24",
        ],
    );
    assert_eq!(code, 2);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines,
        [
            "wallclock: invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17` (invalid_rrule)",
            "  --rrule FREQ=DAILY;BYHOUR=24",
            "                            ^^",
        ],
        "{shown}"
    );
    // The same error in a spec file points into the file's `rrule`.
    std::fs::write(
        d.join("bad.json"),
        SPEC.replace("COUNT=4", "COUNT=4;BYMONTH=13"),
    )
    .unwrap();
    let (_, shown) = on_terminal(&d, &["expand", "--spec", "bad.json"]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[1], "  \"rrule\": FREQ=DAILY;COUNT=4;BYMONTH=13",
        "{shown}"
    );
    assert_eq!(lines[2], format!("{}^^", " ".repeat(38)), "{shown}");

    // An error in the second of several rules points into that rule, as
    // typed (the second `--rrule`) or in the file's list.
    let (code, shown) = on_terminal(
        &d,
        &[
            "expand",
            "--tz",
            "UTC",
            "--start",
            "2026-03-06T02:30",
            "--rrule",
            "FREQ=DAILY;BYHOUR=23",
            "--rrule",
            "FREQ=WEEKLY;BYHOUR=24",
        ],
    );
    assert_eq!(code, 2);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "  --rrule FREQ=WEEKLY;BYHOUR=24",
            "                             ^^"
        ],
        "{shown}"
    );
    std::fs::write(
        d.join("bad-list.json"),
        SPEC.replace(
            r#""rrule":"FREQ=DAILY;COUNT=4""#,
            r#""rrule":["FREQ=DAILY;COUNT=4","FREQ=DAILY;BYMONTH=13"]"#,
        ),
    )
    .unwrap();
    let (_, shown) = on_terminal(&d, &["expand", "--spec", "bad-list.json"]);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "  \"rrule\"[1]: FREQ=DAILY;BYMONTH=13",
            "                                 ^^"
        ],
        "{shown}"
    );

    // An instant: the whole value underlined.
    let (code, shown) = on_terminal(
        &d,
        &["expand", "--spec", "spec.json", "--from", "2026-13-01"],
    );
    assert_eq!(code, 2);
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[0].starts_with("wallclock: invalid `--from` `2026-13-01`"),
        "{shown}"
    );
    assert_eq!(
        lines[1..],
        ["  --from 2026-13-01", "         ^^^^^^^^^^"],
        "{shown}"
    );

    // `--json` (or `--format json`) keeps the JSON object on a terminal.
    for flag in [&["--json"][..], &["--format", "json"]] {
        let mut args = vec!["expand", "--spec", "spec.json", "--from", "2026-13-01"];
        args.extend_from_slice(flag);
        let (code, shown) = on_terminal(&d, &args);
        assert_eq!(code, 2);
        let e: Value = serde_json::from_str(shown.trim()).expect("JSON on the terminal");
        assert_eq!(e["field"], "from");
    }
    // A usage error on a terminal is text too.
    let (code, shown) = on_terminal(&d, &["expand", "--spec", "spec.json", "--limt", "3"]);
    assert_eq!(code, 2);
    assert!(
        shown.starts_with("wallclock: unexpected argument `--limt` found: did you mean `--limit`"),
        "{shown}"
    );
}

#[test]
fn piped_errors_are_the_json_object() {
    let d = dir("piped");
    let e = error(&run(
        &d,
        &[
            "expand",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-06T02:30",
            "--rrule",
            "FREQ=DAILY;BYHOUR=24",
        ],
    ));
    assert_eq!(
        e,
        serde_json::json!({
            "code": "invalid_rrule",
            "message": "invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17`",
            "field": "rrule",
            "position": 18
        })
    );
}

#[test]
fn clap_suggestions_and_allowed_values_are_in_the_message() {
    let d = dir("hints");
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    let cases: &[(&[&str], &str, Option<&str>)] = &[
        (
            &["expand", "--tzz", "UTC"],
            "did you mean `--tz`",
            Some("tzz"),
        ),
        (
            &["expand", "--spec", "spec.json", "--format", "xml"],
            "expected one of `table`, `json`, `jsonl`, `csv`",
            Some("format"),
        ),
        (
            &["expand", "--spec", "spec.json", "--format", "jsn"],
            "did you mean `json`",
            Some("format"),
        ),
        (&["exapnd"], "did you mean `expand`", None),
        (
            &["ledger", "--db", "x.db", "stats", "--format", "yaml"],
            "expected one of `table`, `json`, `jsonl`, `csv`, `prometheus`",
            Some("format"),
        ),
        (&["ledger", "tik"], "did you mean `tick`", None),
    ];
    for (args, hint, field) in cases {
        let e = error(&run(&d, args));
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(hint), "{args:?}: {e}");
        assert!(message.ends_with("--help`"), "{args:?}: {e}");
        assert_eq!(e["field"].as_str(), *field, "{args:?}: {e}");
    }
}

#[test]
fn every_usage_error_names_its_flag() {
    let d = dir("fields");
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    let spec = ["--spec", "spec.json"];
    let main: &[(&[&str], &str)] = &[
        (&["expand", "--limit", "-1"], "limit"),
        (&["expand", "--limit", "x"], "limit"),
        (&["expand", "--from", "-x"], "from"),
        (&["expand", "--to", "+3q"], "to"),
        (&["expand", "--now", "-1"], "now"),
        (&["notices", "--horizon", "-5d"], "horizon"),
        (&["notices", "--horizon", "P0D"], "horizon"),
        (&["notices", "--to", "later"], "to"),
        (&["describe", "--now", "yesterday"], "now"),
        (&["expand", "--gap", "later"], "gap"),
        (&["expand", "--format", "-1"], "format"),
    ];
    for (args, field) in main {
        let mut all = args.to_vec();
        all.extend(spec);
        let e = error(&run(&d, &all));
        assert_eq!(e["field"], *field, "{all:?}: {e}");
    }
    assert!(
        run(&d, &["ledger", "--db", "l.db", "init"])
            .status
            .success()
    );
    let ledger: &[(&[&str], &str)] = &[
        (&["--busy-timeout", "-5m", "stats"], "busy-timeout"),
        (&["plan", "--horizon", "-1d"], "horizon"),
        (&["plan", "--horizon", "1mo"], "horizon"),
        (&["plan", "--now", "-1"], "now"),
        (
            &[
                "tick",
                "--worker",
                "w",
                "--exec",
                "true",
                "--max-attempts",
                "-1",
            ],
            "max-attempts",
        ),
        (
            &[
                "tick", "--worker", "w", "--exec", "true", "--lease", "-PT1M",
            ],
            "lease",
        ),
        (
            &[
                "tick",
                "--worker",
                "w",
                "--exec",
                "true",
                "--backoff",
                "soon",
            ],
            "backoff",
        ),
    ];
    for (args, field) in ledger {
        let mut all = vec!["ledger", "--db", "l.db"];
        all.extend_from_slice(args);
        let e = error(&run(&d, &all));
        assert_eq!(e["field"], *field, "{all:?}: {e}");
    }
}

#[test]
fn one_duration_syntax_for_every_flag() {
    let d = dir("durations");
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    let notices = |horizon: &str| {
        stdout(&run(
            &d,
            &["notices", "--spec", "spec.json", "--horizon", horizon],
        ))
    };
    assert_eq!(notices("P2D"), notices("2d"));
    assert_eq!(notices("P12M"), notices("1y"));
    assert_eq!(notices("PT72H"), notices("3 days"));

    std::fs::write(
        d.join("hourly.json"),
        r#"{"id":"h","timeZone":"UTC","start":"2026-10-01T00:00","rrule":"FREQ=HOURLY"}"#,
    )
    .unwrap();
    let plan = |horizon: &str, busy: &str| -> Value {
        let db = format!("{horizon}.db");
        for args in [&["init"][..], &["add", "--spec", "hourly.json"]] {
            let mut all = vec!["ledger", "--db", &db, "--busy-timeout", busy];
            all.extend_from_slice(args);
            assert!(run(&d, &all).status.success(), "{all:?}");
        }
        serde_json::from_str(&stdout(&run(
            &d,
            &[
                "ledger",
                "--db",
                &db,
                "--busy-timeout",
                busy,
                "plan",
                "--now",
                "2026-10-01T00:00:00Z",
                "--horizon",
                horizon,
            ],
        )))
        .unwrap()
    };
    let iso = plan("P2D", "PT5S");
    assert_eq!(plan("2d", "5s"), iso);
    assert_eq!(plan("48h", "5000ms"), iso);
    assert_eq!(plan("2880m", "PT0.5S"), iso);
    assert_ne!(plan("1w", "5s"), iso);
}

#[test]
fn now_relative_windows() {
    let d = dir("windows");
    let expand = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["expand"];
        args.extend(RUNNING);
        args.extend_from_slice(&["--now", "2026-12-01T12:00:00Z"]);
        args.extend_from_slice(extra);
        let v: Value = serde_json::from_str(&stdout(&run(&d, &args))).unwrap();
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["nominal"].as_str().unwrap().to_owned())
            .collect()
    };
    let next = [
        "2026-12-02T02:30:00",
        "2026-12-03T02:30:00",
        "2026-12-04T02:30:00",
    ];
    assert_eq!(expand(&["--from", "now", "--to", "+3d"]), next);
    assert_eq!(expand(&["--from", "now", "--to", "P3D"]), next);
    assert_eq!(expand(&["--from", "now", "--to", "3d"]), next);
    assert_eq!(
        expand(&["--from", "now", "--to", "2026-12-04T12:00:00Z"]),
        next
    );
    // A duration `--from` counts from now; `--to` from `--from`.
    assert_eq!(
        expand(&["--from", "-P1D", "--to", "+1d"]),
        ["2026-12-01T02:30:00"]
    );
    // Without `--from`, a duration `--to` counts from the start.
    assert_eq!(
        expand(&["--to", "P2D"]),
        ["2020-01-01T02:30:00", "2020-01-02T02:30:00"]
    );
    // `--now` pins the clock: another `now`, another window.
    let mut args = vec!["expand"];
    args.extend(RUNNING);
    args.extend_from_slice(&[
        "--now",
        "2030-01-01T00:00:00Z",
        "--from",
        "now",
        "--to",
        "1d",
    ]);
    let v: Value = serde_json::from_str(&stdout(&run(&d, &args))).unwrap();
    assert_eq!(v["entries"][0]["nominal"], "2030-01-01T02:30:00");
}

#[test]
fn describe_and_notices_of_a_running_schedule_look_at_the_coming_year() {
    let d = dir("coming");
    let with = |command: &str, extra: &[&str]| -> String {
        let mut args = vec![command];
        args.extend(RUNNING);
        args.extend_from_slice(extra);
        stdout(&run(&d, &args))
    };
    let notices = |now: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(&with("notices", &["--now", now])).unwrap();
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["nominal"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        notices("2026-12-01T00:00:00Z"),
        ["2027-03-28T02:30:00", "2027-10-31T02:30:00"]
    );
    assert_eq!(
        notices("2031-06-01T00:00:00Z"),
        ["2031-10-26T02:30:00", "2032-03-28T02:30:00"]
    );
    // `--from` still wins, and a schedule that has ended is shown over its own year.
    let v: Value = serde_json::from_str(&with(
        "notices",
        &["--now", "2031-06-01T00:00:00Z", "--from", "2020-01-01"],
    ))
    .unwrap();
    assert_eq!(v["entries"][0]["nominal"], "2020-03-29T02:30:00");
    let ended = stdout(&run(
        &d,
        &[
            "notices",
            "--tz",
            "Europe/Berlin",
            "--start",
            "2020-03-01T02:30",
            "--rrule",
            "FREQ=DAILY;COUNT=40",
            "--now",
            "2031-06-01T00:00:00Z",
        ],
    ));
    assert!(ended.contains("2020-03-29T02:30:00"), "{ended}");

    // Zurich has no clock changes before 1981: describe speaks of the
    // years from `now`, not of those after the start.
    let describe = |now: &str| {
        stdout(&run(
            &d,
            &[
                "describe",
                "--tz",
                "Europe/Zurich",
                "--start",
                "1970-01-01T02:30",
                "--rrule",
                "FREQ=DAILY",
                "--now",
                now,
            ],
        ))
    };
    let now = describe("2026-12-01T00:00:00Z");
    assert!(now.contains("last Sunday of March"), "{now}");
    let then = describe("1970-01-01T00:00:00Z");
    assert!(!then.contains("March"), "{then}");
}

#[test]
fn help_ledger_is_the_ledger_help() {
    let d = dir("help");
    let out = run(&d, &["help", "ledger"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Usage: wallclock ledger"), "{text}");
    let out = run(&d, &["help", "ledger", "tick"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Usage: wallclock ledger tick"), "{text}");
}
