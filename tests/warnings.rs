//! Warnings that prevent silent mistakes: EXDATEs that remove nothing,
//! RDATEs that add nothing, and due lists with entries of another schedule,
//! duplicates or entries not due yet.
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{Due, ErrorCode, ExpandOptions, Schedule, check_due, expand, validate};

fn codes_and_messages(json: &str) -> Vec<(String, String)> {
    let schedule = Schedule::from_json(json).unwrap();
    let from_validate: Vec<(String, String)> = validate(&schedule)
        .warnings
        .iter()
        .map(|w| (w.code().to_owned(), w.message().to_owned()))
        .collect();
    // An expansion reports the same warnings.
    let from_expand: Vec<(String, String)> = expand(&schedule, &ExpandOptions::new().limit(2))
        .unwrap()
        .warnings()
        .iter()
        .map(|w| (w.code().to_owned(), w.message().to_owned()))
        .collect();
    assert_eq!(from_validate, from_expand);
    from_validate
}

#[test]
fn an_exdate_that_matches_nothing_is_warned_about() {
    let w = codes_and_messages(
        r#"{"timeZone":"Europe/Berlin","start":"2026-03-02T09:00","rrule":"FREQ=DAILY;COUNT=5","exdate":["2026-03-03T09:30","2026-03-04T09:00","2026-03-20T09:00"]}"#,
    );
    assert_eq!(w.len(), 2, "{w:?}");
    assert_eq!(w[0].0, "exdate_unmatched");
    assert!(
        w[0].1
            .contains("`exdate` 2026-03-03T09:30:00 matches no occurrence")
            && w[0].1.contains("on 2026-03-03 it runs at 09:00"),
        "{w:?}"
    );
    // Past COUNT: no occurrence that day.
    assert!(
        w[1].1
            .contains("the schedule has no occurrence on 2026-03-20"),
        "{w:?}"
    );
}

#[test]
fn an_exdate_of_an_rdate_or_of_start_matches() {
    let w = codes_and_messages(
        r#"{"timeZone":"Europe/Berlin","start":"2026-03-02T09:00","rdate":["2026-03-10T12:00"],"exdate":["2026-03-10T12:00","2026-03-02T09:00"]}"#,
    );
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn an_rdate_the_rule_already_gives_is_warned_about() {
    let w = codes_and_messages(
        r#"{"timeZone":"America/New_York","start":"2026-03-02T09:00","rrule":"FREQ=WEEKLY;BYDAY=MO,WE","rdate":["2026-03-04T09:00","2026-03-05T09:00"]}"#,
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, "rdate_duplicate");
    assert!(w[0].1.contains("`rdate` 2026-03-04T09:00:00"), "{w:?}");
}

fn due(key: &str, instant: &str) -> Due {
    Due {
        key: key.to_owned(),
        instant: instant.parse().unwrap(),
    }
}

fn daily() -> Schedule {
    Schedule::from_json(
        r#"{"id":"daily","timeZone":"Europe/Berlin","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap()
}

#[test]
fn due_lists_are_checked_before_deciding() {
    let now = "2026-10-22T12:00:00Z".parse().unwrap();
    let ok = [
        due("daily|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"),
        due("daily|2026-10-23T09:00:00", "2026-10-23T07:00:00Z"),
    ];
    let w = check_due(&daily(), &ok, now).unwrap();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].code(), "not_due");
    assert!(
        w[0].message()
            .starts_with("[1] `daily|2026-10-23T09:00:00`"),
        "{}",
        w[0].message()
    );

    let foreign = [
        due("daily|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"),
        due("weekly|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"),
    ];
    let err = check_due(&daily(), &foreign, now).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidOption);
    assert_eq!(err.field(), Some("due"));
    assert!(err.message().contains("at [1]: key `weekly|"), "{err}");

    let twice = [
        due("daily|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"),
        due("daily|2026-10-20T09:00:00", "2026-10-20T07:00:00Z"),
        due("daily|2026-10-21T09:00:00", "2026-10-21T07:00:00Z"),
    ];
    let err = check_due(&daily(), &twice, now).unwrap_err();
    assert!(
        err.message().contains("listed twice (also at [0])"),
        "{err}"
    );
    assert!(
        err.message().starts_with("invalid due list at [2]"),
        "{err}"
    );

    let shapeless = [due("daily", "2026-10-21T07:00:00Z")];
    assert!(check_due(&daily(), &shapeless, now).is_err());
}

#[cfg(feature = "native")]
#[test]
fn misfire_reports_entries_not_due_and_refuses_foreign_keys() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("wallclock-warnings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("daily.json");
    std::fs::write(
        &spec,
        r#"{"id":"daily","timeZone":"Europe/Berlin","start":"2026-10-20T09:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    let run = |due: &str| {
        let file = dir.join("due.json");
        std::fs::write(&file, due).unwrap();
        Command::new(env!("CARGO_BIN_EXE_wallclock"))
            .args(["misfire", "--spec"])
            .arg(&spec)
            .args(["--now", "2026-10-22T12:00:00Z", "--due"])
            .arg(&file)
            .output()
            .unwrap()
    };
    let out = run(
        r#"[{"key":"daily|2026-10-21T09:00:00","instant":"2026-10-21T07:00:00Z"},{"key":"daily|2026-10-23T09:00:00","instant":"2026-10-23T07:00:00Z"}]"#,
    );
    assert!(out.status.success());
    let decisions: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(decisions.as_array().unwrap().len(), 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let warning: serde_json::Value = serde_json::from_str(stderr.trim()).unwrap();
    assert_eq!(warning["warning"]["code"], "not_due");

    let out = run(r#"[{"key":"weekly|2026-10-21T09:00:00","instant":"2026-10-21T07:00:00Z"}]"#);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not of schedule `daily`"));
}
