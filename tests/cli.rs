//! The `wallclock` binary, run for real: JSON on stdout, JSON errors on
//! stderr with exit status 2.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

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
        // A command that fails before reading its input (`--spec -` with
        // `--due -`) may exit first: the pipe is then closed, which is fine.
        if let Some(text) = stdin
            && let Err(e) = input.write_all(text.as_bytes())
        {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn ok_json(run: &Run) -> Value {
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.ends_with('\n'));
    assert_eq!(run.stdout.lines().count(), 1, "compact JSON is one line");
    serde_json::from_str(&run.stdout).expect("stdout is JSON")
}

fn err_json(run: &Run) -> Value {
    assert_eq!(run.code, 2, "stdout: {}", run.stdout);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    serde_json::from_str(&run.stderr).expect("stderr is JSON")
}

/// A usage error's message ends by naming the command that prints the right help.
fn assert_points_to(e: &Value, help: &str) {
    let message = e["message"].as_str().unwrap();
    assert!(message.ends_with(&format!("see `{help}`")), "{e}");
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wallclock-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// No RRULE: start plus RDATEs across both New York transitions of 2026.
const DATES: &str = r#"{"id":"d","timeZone":"America/New_York","start":"2026-03-07T02:30",
  "rdate":["2026-03-08T02:30","2026-11-01T01:30"],"gap":"shift","fold":"both"}"#;

fn check_dates(v: &Value) {
    let e = v["entries"].as_array().unwrap();
    let got: Vec<(&str, &str, &str)> = e
        .iter()
        .map(|e| {
            (
                e["nominal"].as_str().unwrap(),
                e["status"].as_str().unwrap(),
                e["instant"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("2026-03-07T02:30:00", "scheduled", "2026-03-07T07:30:00Z"),
            ("2026-03-08T02:30:00", "shifted", "2026-03-08T07:30:00Z"),
            ("2026-11-01T01:30:00", "scheduled", "2026-11-01T05:30:00Z"),
            ("2026-11-01T01:30:00", "scheduled", "2026-11-01T06:30:00Z"),
        ]
    );
    assert_eq!(e[3]["key"], "d|2026-11-01T01:30:00|fold=1");
    assert_eq!(e[1]["notes"][0]["code"], "gap_shifted");
    assert_eq!(v["tzdb"], wallclock::tzdb_version());
}

#[test]
fn expand_spec_file_stdin_and_inline_agree() {
    let path = temp_file("dates.json", DATES);
    let from_file = ok_json(&wallclock(
        &["expand", "--spec", path.to_str().unwrap()],
        None,
    ));
    check_dates(&from_file);
    let from_stdin = ok_json(&wallclock(&["expand", "--spec", "-"], Some(DATES)));
    assert_eq!(from_file, from_stdin);
    let inline = ok_json(&wallclock(
        &[
            "expand",
            "--id",
            "d",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-07T02:30",
            "--rdate",
            "2026-03-08T02:30",
            "--rdate",
            "2026-11-01T01:30",
            "--gap",
            "shift",
            "--fold",
            "both",
        ],
        None,
    ));
    assert_eq!(from_file, inline);
}

#[test]
fn expand_window_accepts_instants_and_local_times() {
    let instant = ok_json(&wallclock(
        &[
            "expand",
            "--spec",
            "-",
            "--from",
            "2026-03-08T00:00:00-05:00",
            "--to",
            "2026-11-01T06:00:00Z",
        ],
        Some(DATES),
    ));
    let local = ok_json(&wallclock(
        &[
            "expand",
            "--spec",
            "-",
            "--from",
            "2026-03-08",
            "--to",
            "2026-11-01T01:00",
        ],
        Some(DATES),
    ));
    // 2026-11-01T01:00 local is ambiguous; compatible takes the first (05:00Z).
    let nominals = |v: &Value| -> Vec<String> {
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["instant"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        nominals(&instant),
        ["2026-03-08T07:30:00Z", "2026-11-01T05:30:00Z"]
    );
    assert_eq!(nominals(&local), ["2026-03-08T07:30:00Z"]);
    let bad = err_json(&wallclock(
        &["expand", "--spec", "-", "--from", "yesterday"],
        Some(DATES),
    ));
    assert_eq!(bad["code"], "invalid_date_time");
    assert_eq!(bad["field"], "from");
}

#[test]
fn pretty_json() {
    let run = wallclock(&["expand", "--spec", "-", "--pretty"], Some(DATES));
    assert_eq!(run.code, 0);
    assert!(run.stdout.lines().count() > 10);
    check_dates(&serde_json::from_str(&run.stdout).unwrap());
}

#[test]
fn table_has_columns_and_note_messages() {
    let run = wallclock(&["expand", "--spec", "-", "--format", "table"], Some(DATES));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let header = run.stdout.lines().next().unwrap();
    for col in ["NOMINAL", "STATUS", "LOCAL", "UTC", "KEY", "NOTE"] {
        assert!(header.contains(col), "{header}");
    }
    assert!(run.stdout.contains(
        "02:30 does not exist on 2026-03-08 in America/New_York (clocks jump from 02:00 to 03:00); runs at 03:30 EDT"
    ));
    assert!(
        run.stdout
            .contains("2026-03-08T03:30:00-04:00[America/New_York]")
    );
    // Columns are aligned: the status column starts at the same byte on every row.
    let col = header.find("STATUS").unwrap();
    for row in run.stdout.lines().skip(1).take(4) {
        assert!(
            ["scheduled", "shifted"]
                .iter()
                .any(|s| row[col..].starts_with(s)),
            "{row}"
        );
    }
}

#[test]
fn bad_specs_exit_2_with_json_error() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            r#"{"timeZone":"America/New_Yrok","start":"2026-03-06T02:30"}"#,
            "unknown_time_zone",
            Some("timeZone"),
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-03-06 02:30"}"#,
            "invalid_start",
            Some("start"),
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","gap":"later"}"#,
            "invalid_policy",
            Some("gap"),
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","colour":1}"#,
            "invalid_spec",
            None,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;BYHOUR=24"}"#,
            "invalid_rrule",
            Some("rrule"),
        ),
        ("{not json", "invalid_spec", None),
    ];
    for (spec, code, field) in cases {
        let e = err_json(&wallclock(
            &["expand", "--spec", "-", "--limit", "3"],
            Some(spec),
        ));
        assert_eq!(e["code"], *code, "{spec}: {e}");
        if let Some(field) = field {
            assert_eq!(e["field"], *field, "{spec}: {e}");
        }
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let e = err_json(&wallclock(
        &["expand", "--spec", "/nonexistent/spec.json"],
        None,
    ));
    assert_eq!(e["code"], "invalid_option");
    assert_eq!(e["field"], "spec");
    let e = err_json(&wallclock(&["expand", "--tz", "Europe/Berlin"], None));
    assert_eq!(e["field"], "start");
    let e = err_json(&wallclock(&["expand", "--no-such-flag"], None));
    assert_eq!(e["code"], "invalid_option");
    assert_points_to(&e, "wallclock --help");
    // A missing argument is named, is the error's field, and the hint is the
    // subcommand's help, which lists it.
    for (args, field, named, help) in [
        (
            &["from-ical"][..],
            "file",
            "`<FILE>`",
            "wallclock from-ical --help",
        ),
        (
            &["misfire", "--spec", "-", "--due", "-"][..],
            "now",
            "`--now <INSTANT>`",
            "wallclock misfire --help",
        ),
        (
            &["ledger", "tick"][..],
            "exec",
            "`--exec <COMMAND>`",
            "wallclock ledger tick --help",
        ),
    ] {
        let e = err_json(&wallclock(args, None));
        assert_eq!(e["code"], "invalid_option");
        assert_eq!(e["field"], field, "{e}");
        assert!(e["message"].as_str().unwrap().contains(named), "{e}");
        assert_points_to(&e, help);
    }
    // The ledger's usage errors and help name the ledger's own command.
    let e = err_json(&wallclock(&["ledger", "tick", "--no-such-flag"], None));
    assert_eq!(e["code"], "invalid_option");
    assert_eq!(e["field"], "no-such-flag");
    assert_points_to(&e, "wallclock ledger --help");
    let help = wallclock(&["ledger", "tick", "--help"], None);
    assert_eq!(help.code, 0);
    assert!(
        help.stdout.contains("Usage: wallclock ledger tick "),
        "{}",
        help.stdout
    );
    let e = err_json(&wallclock(
        &["expand", "--spec", "-", "--limit", "0"],
        Some(DATES),
    ));
    assert_eq!(e["field"], "limit");
}

#[test]
fn validate_describe_notices() {
    let v = ok_json(&wallclock(
        &[
            "validate",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-08T02:30",
        ],
        None,
    ));
    assert_eq!(v["valid"], true);
    assert_eq!(v["rrule"], Value::Null);
    assert_eq!(v["warnings"][0]["code"], "start_in_gap");

    let v = ok_json(&wallclock(
        &[
            "validate",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-06T02:30",
            "--rrule",
            "rrule:count=4;freq=daily",
        ],
        None,
    ));
    assert_eq!(v["rrule"], "FREQ=DAILY;COUNT=4");
    let e = err_json(&wallclock(
        &[
            "validate",
            "--tz",
            "Mars/Olympus",
            "--start",
            "2026-03-06T02:30",
        ],
        None,
    ));
    assert_eq!(e["code"], "unknown_time_zone");

    let run = wallclock(
        &[
            "describe",
            "--tz",
            "America/New_York",
            "--start",
            "2026-03-06T02:30",
            "--rrule",
            "FREQ=DAILY;COUNT=4",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("Every day at 02:30 in America/New_York"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("second Sunday of March"),
        "{}",
        run.stdout
    );

    // Notices default to a year from the spec's start.
    let v = ok_json(&wallclock(&["notices", "--spec", "-"], Some(DATES)));
    let codes: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["notes"][0]["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["gap_shifted", "fold_both", "fold_both"]);
    assert_eq!(v["transitions"].as_array().unwrap().len(), 2);
    let v = ok_json(&wallclock(
        &["notices", "--spec", "-", "--horizon", "P1M"],
        Some(DATES),
    ));
    assert_eq!(v["entries"].as_array().unwrap().len(), 1);
    let e = err_json(&wallclock(
        &["notices", "--spec", "-", "--horizon", "soon"],
        Some(DATES),
    ));
    assert_eq!(e["code"], "invalid_duration");
    let run = wallclock(
        &["notices", "--spec", "-", "--format", "table"],
        Some(DATES),
    );
    assert!(
        run.stdout
            .contains("runs twice, at 01:30 EDT and at 01:30 EST"),
        "{}",
        run.stdout
    );
}

#[test]
fn ical_out_and_back() {
    let run = wallclock(&["ical", "--spec", "-"], Some(DATES));
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A calendar file: VCALENDAR, VTIMEZONE, one VEVENT.
    assert!(
        run.stdout
            .starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"),
        "{:?}",
        run.stdout
    );
    for line in [
        "BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n",
        "\r\nBEGIN:VEVENT\r\nUID:",
        "\r\nDTSTAMP:",
        "\r\nDTSTART;TZID=America/New_York:20260307T023000\r\n",
        "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    ] {
        assert!(run.stdout.contains(line), "{line:?} in {:?}", run.stdout);
    }
    let path = temp_file("event.ics", &run.stdout);
    let v = ok_json(&wallclock(&["from-ical", path.to_str().unwrap()], None));
    assert_eq!(v["timeZone"], "America/New_York");
    assert_eq!(
        v["rdate"],
        serde_json::json!(["2026-03-08T02:30", "2026-11-01T01:30"])
    );
    // The policies and the id come back too (as `X-WALLCLOCK-…` lines).
    assert_eq!(v, serde_json::from_str::<Value>(DATES).unwrap());
    // An .ics file also works as --spec, and expands as the JSON does.
    let e = ok_json(&wallclock(
        &["expand", "--spec", path.to_str().unwrap()],
        None,
    ));
    assert_eq!(e["entries"].as_array().unwrap().len(), 4);
    assert_eq!(
        e,
        ok_json(&wallclock(&["expand", "--spec", "-"], Some(DATES)))
    );
    let bad = err_json(&wallclock(
        &["from-ical", "-"],
        Some("DTSTART:20260306T073000Z\r\n"),
    ));
    assert_eq!(bad["code"], "unsupported");
    assert_eq!(bad["field"], "ical");
    assert_eq!(bad["position"], 8);
}

/// `--spec` reads an iCalendar file whatever property it starts with, as
/// `from-ical` does (calendar exports often open with `X-WR-CALNAME`).
#[test]
fn spec_file_in_icalendar_starting_with_any_property() {
    let ics = "X-WR-CALNAME:Team\r\nBEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:20260306T093000\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\n";
    let from_ical = ok_json(&wallclock(&["from-ical", "-"], Some(ics)));
    assert_eq!(from_ical["start"], "2026-03-06T09:30");
    let v = ok_json(&wallclock(&["expand", "--spec", "-"], Some(ics)));
    let nominals: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["nominal"].as_str().unwrap())
        .collect();
    assert_eq!(nominals, ["2026-03-06T09:30:00", "2026-03-07T09:30:00"]);
    // JSON that is not an object is still read (and refused) as JSON.
    let e = err_json(&wallclock(&["expand", "--spec", "-"], Some("[1]")));
    assert_eq!(e["code"], "invalid_spec");
}

/// A due list's items are read by one reader on the CLI and in JS
/// (`Due::read`): the same bad instant gives the same error as
/// `decideMisfires` (`tests/node/api.test.mjs`, "due lists"), and a local
/// date-time is read in the schedule's zone on both.
#[test]
fn misfire_due_items_read_as_in_js() {
    let spec = r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30","gap":"shift"}"#;
    let run = |due: &str| {
        let path = temp_file("due-items.json", due);
        wallclock(
            &[
                "misfire",
                "--spec",
                "-",
                "--now",
                "2026-01-02T00:00:00Z",
                "--due",
                path.to_str().unwrap(),
            ],
            Some(spec),
        )
    };
    let e = err_json(&run(r#"[{"key":"k","instant":"x"}]"#));
    assert_eq!(
        (
            e["code"].as_str(),
            e["field"].as_str(),
            e["message"].as_str()
        ),
        (
            Some("invalid_date_time"),
            Some("due[0].instant"),
            Some(
                "invalid `due[0].instant` `x`: expected an instant such as `2026-03-08T07:00:00Z` or a local date-time such as `2026-03-08T02:00`"
            )
        )
    );
    let v = ok_json(&run(
        r#"[{"key":"preview|2026-01-01T09:00:00","instant":"2026-01-01T09:00"}]"#,
    ));
    assert_eq!(v[0]["instant"], "2026-01-01T14:00:00Z");
}

/// The due lists of `tests/fixtures/due-checks.json`, which JS's
/// `decideMisfires` answers with the same errors and warnings
/// (`tests/node/api.test.mjs`, "due lists are checked"): the error object on
/// stderr, or the decisions on stdout and one `not_due` warning line per
/// entry after `--now` on stderr.
#[test]
fn misfire_checks_due_lists_as_js_does() {
    let fixture: Value = serde_json::from_str(include_str!("fixtures/due-checks.json")).unwrap();
    let spec = fixture["spec"].to_string();
    let now = fixture["now"].as_str().unwrap();
    for case in fixture["cases"].as_array().unwrap() {
        let why = case["why"].as_str().unwrap();
        let path = temp_file("due-checks.json", &case["due"].to_string());
        let args = [
            "misfire",
            "--spec",
            "-",
            "--now",
            now,
            "--due",
            path.to_str().unwrap(),
        ];
        let run = wallclock(&args, Some(&spec));
        if case["error"].is_object() {
            assert_eq!(err_json(&run), case["error"], "{why}");
            continue;
        }
        let keys: Vec<Value> = ok_json(&run)
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["key"].clone())
            .collect();
        assert_eq!(Value::from(keys), case["decided"], "{why}");
        let warnings: Vec<Value> = run
            .stderr
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap()["warning"].clone())
            .collect();
        assert_eq!(Value::from(warnings), case["warnings"], "{why}");
    }
}

/// `describe --now` of the cases in `tests/fixtures/describe-now.json`,
/// which JS's `describe(spec, now)` gives word for word
/// (`tests/node/api.test.mjs`) and the page shows (`www/e2e/page.test.mjs`).
#[test]
fn describe_now_speaks_of_the_coming_years_as_js_does() {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("fixtures/describe-now.json")).unwrap();
    for case in &cases {
        let why = case["why"].as_str().unwrap();
        let spec = case["spec"].to_string();
        let describe = |now: &str| {
            let run = wallclock(&["describe", "--spec", "-", "--now", now], Some(&spec));
            assert_eq!(run.code, 0, "{why}: {}", run.stderr);
            run.stdout.trim_end().to_owned()
        };
        assert_eq!(
            describe(case["now"].as_str().unwrap()),
            case["text"],
            "{why}"
        );
        // Before the start, as `describe(spec)` without `now`.
        assert_eq!(describe("1960-01-01T00:00:00Z"), case["fromStart"], "{why}");
    }
}

#[test]
fn misfire_golden_table() {
    let spec = r#"{"id":"r","timeZone":"America/New_York","start":"2026-10-21T09:00","maxLateness":"P2D","misfire":"latest_only"}"#;
    let due = r#"[{"key":"r|2026-10-21T09:00:00","instant":"2026-10-21T13:00:00Z"},
                  {"key":"r|2026-10-22T09:00:00","instant":"2026-10-22T13:00:00Z"},
                  {"key":"r|2026-10-23T09:00:00","instant":"2026-10-23T13:00:00Z"},
                  {"key":"r|2026-10-24T09:00:00","instant":"2026-10-24T13:00:00Z"}]"#;
    let due_path = temp_file("due.json", due);
    let v = ok_json(&wallclock(
        &[
            "misfire",
            "--spec",
            "-",
            "--now",
            "2026-10-24T14:00:00Z",
            "--due",
            due_path.to_str().unwrap(),
        ],
        Some(spec),
    ));
    let decisions: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["decision"].as_str().unwrap())
        .collect();
    assert_eq!(decisions, ["expired", "expired", "coalesced", "run"]);
    let e = err_json(&wallclock(
        &[
            "misfire",
            "--spec",
            "-",
            "--now",
            "2026-10-24T14:00:00Z",
            "--due",
            "-",
        ],
        Some(spec),
    ));
    assert_eq!(e["field"], "due");
}

#[test]
fn zones_and_version() {
    let run = wallclock(&["zones"], None);
    assert_eq!(run.code, 0);
    assert!(run.stdout.lines().any(|l| l == "America/New_York"));
    let run = wallclock(&["--version"], None);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout.trim(),
        format!(
            "wallclock {} (tzdb {})",
            env!("CARGO_PKG_VERSION"),
            wallclock::tzdb_version()
        )
    );
}

/// The seed case: New York daily 02:30, COUNT=4, from 2026-03-06.
#[test]
fn seed_new_york_daily_0230_count_4() {
    let base = [
        "expand",
        "--tz",
        "America/New_York",
        "--start",
        "2026-03-06T02:30",
        "--rrule",
        "FREQ=DAILY;COUNT=4",
    ];
    let skip = ok_json(&wallclock(&base, None));
    let rows: Vec<(String, String)> = skip["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["nominal"].as_str().unwrap()[8..10].to_owned(),
                e["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want: Vec<(String, String)> = [
        ("06", "scheduled"),
        ("07", "scheduled"),
        ("08", "skipped"),
        ("09", "scheduled"),
        ("10", "scheduled"),
    ]
    .iter()
    .map(|(d, s)| (d.to_string(), s.to_string()))
    .collect();
    assert_eq!(rows, want);

    let mut args = base.to_vec();
    args.extend(["--gap", "shift"]);
    let shift = ok_json(&wallclock(&args, None));
    let e = shift["entries"].as_array().unwrap();
    assert_eq!(e.len(), 4);
    assert_eq!(e[2]["nominal"], "2026-03-08T02:30:00");
    assert_eq!(e[2]["status"], "shifted");
    assert_eq!(e[2]["instant"], "2026-03-08T07:30:00Z");
}

#[test]
fn notices_default_to_the_next_12_months() {
    // Berlin daily 02:30 from 2027-03-26: the year to 2028-03-26 02:30
    // holds the gap of 2028-03-26 (clocks jump 02:00 to 03:00), which 365
    // days (ending on the 25th, 2028 being a leap year) would not.
    let spec = r#"{"timeZone":"Europe/Berlin","start":"2027-03-26T02:30","rrule":"FREQ=DAILY"}"#;
    let nominals = |args: &[&str]| -> Vec<String> {
        // Pinned before the start, so the default window is the start's year.
        let mut all = vec!["notices", "--spec", "-", "--now", "2026-12-01T00:00:00Z"];
        all.extend_from_slice(args);
        ok_json(&wallclock(&all, Some(spec)))["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["nominal"].as_str().unwrap().to_owned())
            .collect()
    };
    let default = nominals(&[]);
    assert_eq!(
        default,
        [
            "2027-03-28T02:30:00",
            "2027-10-31T02:30:00",
            "2028-03-26T02:30:00"
        ]
    );
    assert_eq!(default, nominals(&["--horizon", "P12M"]));
    assert_eq!(nominals(&["--horizon", "P365D"]), default[..2]);
}

/// `wallclock notices` without a window lists `[now, end)` for each case of
/// `tests/fixtures/notice-window.json`, the window `noticeEnd` and
/// `wallclock-check` use (`tests/node/api.test.mjs`): the same entries as
/// with `--from` now and `--to` at the case's end.
#[test]
fn notices_without_a_window_end_where_the_shared_cases_say() {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("fixtures/notice-window.json")).unwrap();
    for case in &cases {
        let text = |k: &str| case[k].as_str().unwrap().to_owned();
        // Daily at 02:30 since 2026: every spring-forward gap at 02:00 is a notice.
        let spec = format!(
            r#"{{"timeZone":"{}","start":"2026-01-01T02:30","rrule":"FREQ=DAILY"}}"#,
            text("timeZone")
        );
        let now = text("now");
        let run = |extra: &[&str]| {
            let mut args = vec!["notices", "--spec", "-", "--now", &now];
            args.extend_from_slice(extra);
            ok_json(&wallclock(&args, Some(&spec)))["entries"].clone()
        };
        let default = run(&[]);
        let end = text("end");
        assert_eq!(
            default,
            run(&["--from", &now, "--to", &end]),
            "{}",
            text("why")
        );
    }
}

/// `tests/fixtures/window-options.json`, whose cases `tests/node/api.test.mjs`
/// runs through the JS `expand`: the one reader of window options gives the
/// command line the same code and field for the same bad value (the message
/// in the flags' spelling) and the same instants for the same bounds.
#[test]
fn window_options_read_as_in_js() {
    let fixture: Value =
        serde_json::from_str(include_str!("fixtures/window-options.json")).unwrap();
    let spec = temp_file("window-options.json", &fixture["spec"].to_string());
    let run = |options: &Value| {
        let mut args = vec![
            "expand".to_owned(),
            "--spec".to_owned(),
            spec.to_str().unwrap().to_owned(),
        ];
        for (name, value) in options.as_object().unwrap() {
            let text = match value {
                Value::String(text) => text.clone(),
                number => number.to_string(),
            };
            args.push(format!("--{name}={text}"));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        wallclock(&args, None)
    };
    let errors = fixture["errors"].as_array().unwrap();
    assert!(errors.len() >= 6);
    for case in errors {
        let e = err_json(&run(&case["options"]));
        assert_eq!(
            (&e["code"], &e["field"], &e["message"]),
            (&case["code"], &case["field"], &case["cli"]),
            "{case}"
        );
    }
    for case in fixture["reads"].as_array().unwrap() {
        let v = ok_json(&run(&case["options"]));
        let instants: Vec<&Value> = v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| &e["instant"])
            .collect();
        let want: Vec<&Value> = case["instants"].as_array().unwrap().iter().collect();
        assert_eq!(instants, want, "{case}");
    }
}

/// Several rules: `--rrule` repeated (or a list in the spec file) is their
/// union, in every command that reads a spec.
#[test]
fn several_rules_from_flags_files_and_icalendar() {
    // cron's `30 2 1-8 * 0` in New York: days 1 to 8, or Sundays; Sunday
    // 8 March is both, and its 02:30 does not exist.
    let inline = [
        "--id",
        "cron",
        "--tz",
        "America/New_York",
        "--start",
        "2026-03-01T02:30",
        "--rrule",
        "FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8",
        "--rrule",
        "FREQ=WEEKLY;BYDAY=SU",
    ];
    let args = |cmd: &str, extra: &[&str]| -> Vec<String> {
        std::iter::once(cmd)
            .chain(inline)
            .chain(extra.iter().copied())
            .map(str::to_owned)
            .collect()
    };
    let run = |a: Vec<String>| wallclock(&a.iter().map(String::as_str).collect::<Vec<_>>(), None);
    let v = ok_json(&run(args("expand", &["--to", "2026-03-23T00:00"])));
    let entries: Vec<(String, String)> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["key"].as_str().unwrap().to_owned(),
                e["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let day = |d: u8, status: &str| (format!("cron|2026-03-{d:02}T02:30:00"), status.to_owned());
    let mut want: Vec<(String, String)> = (1..=7).map(|d| day(d, "scheduled")).collect();
    want.extend([
        day(8, "skipped"),
        day(15, "scheduled"),
        day(22, "scheduled"),
    ]);
    assert_eq!(entries, want);

    // The same spec as a file with a list, and as an iCalendar event with
    // two RRULE lines, expands the same.
    let spec = r#"{"id":"cron","timeZone":"America/New_York","start":"2026-03-01T02:30","rrule":["FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8","FREQ=WEEKLY;BYDAY=SU"]}"#;
    let from_file = ok_json(&wallclock(
        &["expand", "--spec", "-", "--to", "2026-03-23T00:00"],
        Some(spec),
    ));
    assert_eq!(from_file, v);
    let ics = run(args("ical", &[]));
    assert_eq!(ics.code, 0, "{}", ics.stderr);
    assert!(
        ics.stdout.contains(
            "\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8\r\nRRULE:FREQ=WEEKLY;BYDAY=SU\r\n"
        ),
        "{}",
        ics.stdout
    );
    let path = temp_file("two-rules.ics", &ics.stdout);
    let back = ok_json(&wallclock(&["from-ical", path.to_str().unwrap()], None));
    assert_eq!(back, serde_json::from_str::<Value>(spec).unwrap());
    let from_ics = ok_json(&wallclock(
        &[
            "expand",
            "--spec",
            path.to_str().unwrap(),
            "--to",
            "2026-03-23T00:00",
        ],
        None,
    ));
    assert_eq!(from_ics, v);

    // validate lists the canonical rules; describe says each.
    let valid = ok_json(&run(args("validate", &[])));
    assert_eq!(
        valid["rrule"],
        serde_json::json!([
            "FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8",
            "FREQ=WEEKLY;BYDAY=SU"
        ])
    );
    let described = run(args("describe", &["--now", "2026-01-01T00:00:00Z"]));
    assert!(
        described.stdout.starts_with(
            "Every month on the 1st, 2nd, 3rd, 4th, 5th, 6th, 7th and 8th at 02:30 in America/New_York, starting 2026-03-01. Also every Sunday at 02:30 in America/New_York, starting 2026-03-01. A time more than one rule generates runs once."
        ),
        "{}",
        described.stdout
    );

    // An error in the second rule names it.
    let mut bad = args("expand", &["--limit", "3"]);
    let last = bad
        .iter()
        .position(|a| a == "FREQ=WEEKLY;BYDAY=SU")
        .unwrap();
    bad[last] = "FREQ=WEEKLY;BYDAY=XX".to_owned();
    let e = err_json(&run(bad));
    assert_eq!(e["code"], "invalid_rrule");
    assert_eq!(e["field"], "rrule[1]");
    assert_eq!(e["position"], 18);
}
