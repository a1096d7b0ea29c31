//! `wallclock diff`, run for real: exit status 1 when anything differs (so
//! it can gate a CI job), 0 when nothing does, 2 with a JSON error.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn spec_file(name: &str, json: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wallclock-diff-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, json).unwrap();
    path
}

fn wallclock(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .args(args)
        .output()
        .expect("spawn wallclock");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const OLD: &str = r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4"}"#;
const NEW: &str = r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4","gap":"shift"}"#;

#[test]
fn differences_exit_1_with_the_json_diff() {
    let (old, new) = (spec_file("old.json", OLD), spec_file("new.json", NEW));
    let (code, stdout, stderr) = wallclock(&[
        "diff",
        "--old",
        old.to_str().unwrap(),
        "--new",
        new.to_str().unwrap(),
        "--from",
        "2026-03-01T00:00",
        "--to",
        "2026-04-01T00:00",
    ]);
    assert_eq!(code, 1, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["summary"]["changed"], 1);
    assert_eq!(v["summary"]["removed"], 1);
    assert_eq!(v["changes"][0]["cause"], "gap");
    assert_eq!(v["changes"][1]["key"], "daily|2026-03-10T02:30:00");
}

#[test]
fn no_difference_exits_0_and_the_table_says_so() {
    let old = spec_file("same.json", OLD);
    let (code, stdout, stderr) = wallclock(&[
        "diff",
        "--old",
        old.to_str().unwrap(),
        "--new",
        old.to_str().unwrap(),
        "--from",
        "2026-03-01T00:00:00Z",
        "--to",
        "2026-04-01T00:00:00Z",
        "--format",
        "table",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "0 added, 0 removed, 0 moved, 0 changed, 5 unchanged\n"
    );
}

#[test]
fn the_table_lists_each_change_with_its_reason() {
    let (old, new) = (spec_file("old-t.json", OLD), spec_file("new-t.json", NEW));
    let (code, stdout, _) = wallclock(&[
        "diff",
        "--old",
        old.to_str().unwrap(),
        "--new",
        new.to_str().unwrap(),
        "--from",
        "2026-03-01T00:00:00Z",
        "--to",
        "2026-04-01T00:00:00Z",
        "--format",
        "table",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("CHANGE"), "{stdout}");
    assert!(
        lines[1].starts_with("changed  daily|2026-03-08T02:30:00  skipped -"),
        "{stdout}"
    );
    assert!(
        lines[1].contains("shifted 2026-03-08T07:30:00Z"),
        "{stdout}"
    );
    assert!(lines[1].contains("`gap` `skip` → `shift`"), "{stdout}");
    assert_eq!(
        lines[3],
        "0 added, 1 removed, 0 moved, 1 changed, 3 unchanged"
    );
}

#[test]
fn a_bad_new_spec_exits_2_with_its_field() {
    let old = spec_file("ok.json", OLD);
    let bad = spec_file(
        "bad.json",
        r#"{"timeZone":"America/New_Yrok","start":"2026-03-06T02:30"}"#,
    );
    let (code, stdout, stderr) = wallclock(&[
        "diff",
        "--old",
        old.to_str().unwrap(),
        "--new",
        bad.to_str().unwrap(),
        "--from",
        "2026-03-01T00:00:00Z",
        "--to",
        "2026-04-01T00:00:00Z",
    ]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    let e: Value = serde_json::from_str(stderr.trim()).unwrap();
    assert_eq!(e["code"], "unknown_time_zone");
    assert_eq!(e["field"], "timeZone");
}

#[test]
fn both_sides_from_stdin_is_refused() {
    let (code, _, stderr) = wallclock(&["diff", "--old", "-", "--new", "-"]);
    assert_eq!(code, 2);
    let e: Value = serde_json::from_str(stderr.trim()).unwrap();
    assert_eq!(e["field"], "new");
}

/// Two finite schedules that ended before the default window (a year from
/// now): the diff would read "0 added, 0 removed, …" like "no difference",
/// so it warns, in the JSON and in the table, and names the `--from` that
/// shows the change; with it, the change is there.
#[test]
fn an_empty_window_says_so_and_points_at_from() {
    let (old, new) = (spec_file("old-e.json", OLD), spec_file("new-e.json", NEW));
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let now = ["--now", "2026-12-02T00:00:00Z"];
    let (code, stdout, stderr) =
        wallclock(&[&["diff", "--old", old, "--new", new][..], &now].concat());
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["summary"]["unchanged"], 0);
    assert_eq!(v["warnings"][0]["code"], "empty_window", "{stdout}");
    assert_eq!(
        v["warnings"][0]["message"],
        "neither schedule has an occurrence in the window from 2026-12-02T00:00:00Z to \
         2027-12-02T00:00:00Z: the first is at 2026-03-06T07:30:00Z; \
         `--from 2026-03-06T07:30:00Z` starts the window there"
    );
    let (_, table, _) = wallclock(
        &[
            &["diff", "--old", old, "--new", new, "--format", "table"][..],
            &now,
        ]
        .concat(),
    );
    assert!(
        table.starts_with("0 added, 0 removed, 0 moved, 0 changed, 0 unchanged\n\nwarnings:\n  empty_window: neither schedule"),
        "{table}"
    );
    // The window the warning names shows the change.
    let (code, stdout, stderr) = wallclock(
        &[
            &[
                "diff",
                "--old",
                old,
                "--new",
                new,
                "--from",
                "2026-03-06T07:30:00Z",
            ][..],
            &now,
        ]
        .concat(),
    );
    assert_eq!(code, 1, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["summary"]["changed"], 1);
    assert_eq!(v["warnings"], serde_json::json!([]));
}

/// `expand` and `notices` of a window after the schedule's end warn the
/// same way; a window that holds an occurrence, or a schedule with none at
/// all, does not.
#[test]
fn expand_and_notices_of_an_empty_window_warn() {
    let spec = spec_file("ended.json", OLD);
    let spec = spec.to_str().unwrap();
    for command in ["expand", "notices"] {
        let (code, stdout, stderr) =
            wallclock(&[command, "--spec", spec, "--from", "2027-01-01", "--json"]);
        assert_eq!(code, 0, "{stderr}");
        let v: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["entries"], serde_json::json!([]), "{command}");
        let message = v["warnings"][0]["message"].as_str().unwrap_or_default();
        assert_eq!(
            v["warnings"][0]["code"], "empty_window",
            "{command}: {stdout}"
        );
        assert!(
            message.ends_with(
                "the first is at 2026-03-06T07:30:00Z; `--from 2026-03-06T07:30:00Z` starts the window there"
            ),
            "{command}: {message}"
        );
    }
    let (_, stdout, _) = wallclock(&["expand", "--spec", spec, "--from", "2026-03-07", "--json"]);
    assert!(!stdout.contains("empty_window"), "{stdout}");
    // Every date removed: nothing runs anywhere, so no window hides it.
    let none = spec_file(
        "none.json",
        r#"{"timeZone":"UTC","start":"2026-01-01T09:00","exdate":["2026-01-01T09:00"]}"#,
    );
    let (_, stdout, _) = wallclock(&[
        "expand",
        "--spec",
        none.to_str().unwrap(),
        "--from",
        "2027-01-01",
        "--json",
    ]);
    assert!(!stdout.contains("empty_window"), "{stdout}");
}
