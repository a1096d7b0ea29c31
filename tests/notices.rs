//! DST notices: only what a clock change affects, within a horizon — what a
//! schedule-creation UI shows before the user saves.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use jiff::Timestamp;
use wallclock::{NoteCode, Schedule, Status, notices};

fn at(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn summary(spec: &str, from: &str, to: &str) -> Vec<(String, Status, Vec<&'static str>)> {
    let schedule = Schedule::from_json(spec).unwrap();
    let result = notices(&schedule, at(from), at(to)).unwrap();
    result
        .entries()
        .iter()
        .map(|e| {
            let codes = e.notes().iter().map(|n| n.code().as_str()).collect();
            (e.nominal().to_string(), e.status(), codes)
        })
        .collect()
}

#[test]
fn new_york_0230_over_a_year_lists_the_skip_and_the_repeat() {
    let got = summary(
        r#"{"timeZone":"America/New_York","start":"2026-01-01T01:30","rrule":"FREQ=DAILY;BYHOUR=1,2;BYMINUTE=30"}"#,
        "2026-01-01T00:00:00Z",
        "2027-01-01T00:00:00Z",
    );
    assert_eq!(
        got,
        vec![
            (
                "2026-03-08T02:30:00".to_owned(),
                Status::Skipped,
                vec!["gap_skipped"]
            ),
            (
                "2026-11-01T01:30:00".to_owned(),
                Status::Scheduled,
                vec!["fold_first"]
            ),
        ]
    );
}

#[test]
fn merges_and_doubles_are_notices_too() {
    let got = summary(
        r#"{"timeZone":"Pacific/Apia","start":"2011-12-01T09:00","rrule":"FREQ=DAILY","gap":"shift"}"#,
        "2011-12-01T00:00:00Z",
        "2012-02-01T00:00:00Z",
    );
    assert_eq!(
        got,
        vec![
            (
                "2011-12-30T09:00:00".to_owned(),
                Status::Shifted,
                vec!["gap_shifted"]
            ),
            (
                "2011-12-31T09:00:00".to_owned(),
                Status::Merged,
                vec!["merged"]
            ),
        ]
    );
    let got = summary(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-01T02:30","rrule":"FREQ=DAILY","fold":"both"}"#,
        "2026-01-01T00:00:00Z",
        "2027-01-01T00:00:00Z",
    );
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[0].1, Status::Skipped);
    assert_eq!(
        &got[1..],
        &[
            (
                "2026-10-25T02:30:00".to_owned(),
                Status::Scheduled,
                vec!["fold_both"]
            ),
            (
                "2026-10-25T02:30:00".to_owned(),
                Status::Scheduled,
                vec!["fold_both"]
            ),
        ]
    );
}

/// An invalid date moved onto a date the rule also generates merges with
/// it, but no clock change caused that: not a notice, and its note names
/// the requested date that moved.
#[test]
fn month_end_merges_are_not_clock_changes() {
    for (invalid, requested, into) in [
        ("forward", "2026-02-30", "2026-03-01T09:00:00"),
        ("backward", "2026-02-31", "2026-02-28T09:00:00"),
    ] {
        for count in ["", ";COUNT=20"] {
            let spec = format!(
                r#"{{"timeZone":"UTC","start":"2026-01-30T09:00","rrule":"FREQ=MONTHLY;BYMONTHDAY=1,30,31{count}","invalidDate":"{invalid}"}}"#
            );
            assert_eq!(
                summary(&spec, "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"),
                vec![],
                "{spec}"
            );
            let schedule = Schedule::from_json(&spec).unwrap();
            let full =
                wallclock::expand(&schedule, &wallclock::ExpandOptions::new().limit(20)).unwrap();
            let merged: Vec<_> = full
                .entries()
                .iter()
                .filter(|e| e.status() == Status::Merged)
                .collect();
            assert!(merged.len() >= 3, "{spec}");
            assert!(merged.iter().all(|e| !e.is_dst_affected()), "{spec}");
            let note = merged[0].notes().last().unwrap();
            assert_eq!(note.code(), NoteCode::Merged);
            assert!(!note.is_dst());
            assert_eq!(
                note.message(),
                format!(
                    "{requested} moved {invalid} to {into}, which the rule also generates; runs once, as that occurrence"
                )
            );
        }
    }
    // A merge of two nominals onto one instant is still a clock change.
    let schedule = Schedule::from_json(
        r#"{"timeZone":"Pacific/Apia","start":"2011-12-30T09:00","rrule":"FREQ=DAILY;COUNT=2","gap":"shift"}"#,
    )
    .unwrap();
    let full = wallclock::expand(&schedule, &wallclock::ExpandOptions::new()).unwrap();
    let merged = &full.entries()[1];
    assert_eq!(merged.status(), Status::Merged);
    assert!(merged.is_dst_affected() && merged.notes()[0].is_dst());
}

#[test]
fn weekday_rules_untouched_by_sunday_transitions_have_no_notices() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-05T02:30","rrule":"FREQ=WEEKLY;BYDAY=MO,WE,FR"}"#,
    )
    .unwrap();
    let result = notices(
        &schedule,
        at("2026-01-01T00:00:00Z"),
        at("2027-01-01T00:00:00Z"),
    )
    .unwrap();
    assert!(result.entries().is_empty());
    // The zone's transitions in the window are still listed.
    let kinds: Vec<&str> = result.transitions().iter().map(|t| t.kind()).collect();
    assert_eq!(kinds, vec!["gap", "fold"]);
}

#[test]
fn a_minutely_rule_over_a_year_streams_within_the_ceiling() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"America/New_York","start":"2026-01-01T00:00","rrule":"FREQ=MINUTELY;INTERVAL=15"}"#,
    )
    .unwrap();
    let result = notices(
        &schedule,
        at("2026-01-01T05:00:00Z"),
        at("2027-01-01T05:00:00Z"),
    )
    .unwrap();
    let skipped = result
        .entries()
        .iter()
        .filter(|e| e.status() == Status::Skipped)
        .count();
    let folds = result
        .entries()
        .iter()
        .filter(|e| e.notes().iter().any(|n| n.code() == NoteCode::FoldFirst))
        .count();
    // 02:00, 02:15, 02:30, 02:45 on 8 March; 01:00 … 01:45 on 1 November.
    assert_eq!((skipped, folds), (4, 4));
}

#[test]
fn validate_warnings_are_the_ones_every_expansion_reports() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30","rrule":"FREQ=WEEKLY;BYDAY=MO;COUNT=2"}"#,
    )
    .unwrap();
    let codes = |w: &[wallclock::Warning]| w.iter().map(|w| w.code()).collect::<Vec<_>>();
    let expanded = wallclock::expand(&schedule, &wallclock::ExpandOptions::new()).unwrap();
    assert_eq!(
        codes(&wallclock::warnings(&schedule)),
        codes(expanded.warnings())
    );
    assert_eq!(
        codes(expanded.warnings()),
        vec!["start_in_gap", "start_unsynchronized"]
    );
}

/// "The next 12 months" from a moment, per zone: the cases
/// `tests/fixtures/notice-window.json` holds for every surface (the CLI
/// below and in `tests/cli.rs`, `noticeEnd` and `wallclock-check` in
/// `tests/node/api.test.mjs`).
const NOTICE_WINDOWS: &str = include_str!("fixtures/notice-window.json");

#[test]
fn the_next_12_months_end_at_the_same_wall_clock_time_a_year_later() {
    use wallclock::notice_window;
    let window = |zone: &str, now: &str| {
        let spec = format!(r#"{{"timeZone":"{zone}","start":"2026-01-01T00:00"}}"#);
        let schedule = Schedule::from_json(&spec).unwrap();
        let (from, to) = notice_window(&schedule, at(now));
        assert_eq!(from, at(now));
        to.to_string()
    };
    let cases: Vec<serde_json::Value> = serde_json::from_str(NOTICE_WINDOWS).unwrap();
    assert!(cases.len() >= 5);
    for case in &cases {
        let text = |k: &str| case[k].as_str().unwrap();
        assert_eq!(
            window(text("timeZone"), text("now")),
            text("end"),
            "{}",
            text("why")
        );
    }
    // Past the last representable instant, the window ends there.
    assert_eq!(
        window("UTC", "9999-06-01T00:00:00Z"),
        jiff::Timestamp::MAX.to_string()
    );
}
