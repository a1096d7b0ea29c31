//! docs/spec.md §2 "Edge rules" where RDATE, COUNT, UTC UNTIL and fold `both` meet:
//! what the expansion lists at the point where the rule ends.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use wallclock::{ExpandOptions, NoteCode, Schedule, expand};

/// (nominal, fold, instant) of every entry.
fn entries(spec: &str) -> Vec<(String, u8, String)> {
    let schedule = Schedule::from_json(spec).unwrap();
    let result = expand(&schedule, &ExpandOptions::new()).unwrap();
    result
        .entries()
        .iter()
        .map(|e| {
            let at = e.instant().map(|t| t.to_string()).unwrap_or_default();
            (e.nominal().to_string(), e.fold(), at)
        })
        .collect()
}

fn row(nominal: &str, fold: u8, instant: &str) -> (String, u8, String) {
    (nominal.to_owned(), fold, instant.to_owned())
}

/// An RDATE equal to a rule time just past a UTC UNTIL is still listed:
/// RDATE is bounded by neither COUNT nor UNTIL.
#[test]
fn rdate_on_a_rule_time_past_utc_until_is_listed() {
    let spec = |rdate: &str| {
        format!(
            r#"{{"timeZone":"America/New_York","start":"2026-01-15T09:00","rrule":"FREQ=DAILY;UNTIL=20260117T140000Z","rdate":["{rdate}"]}}"#
        )
    };
    let rule = [
        row("2026-01-15T09:00:00", 0, "2026-01-15T14:00:00Z"),
        row("2026-01-16T09:00:00", 0, "2026-01-16T14:00:00Z"),
        row("2026-01-17T09:00:00", 0, "2026-01-17T14:00:00Z"),
    ];
    for (rdate, instant) in [
        // The rule's next time, one minute past UNTIL's instant.
        ("2026-01-18T09:00", "2026-01-18T14:00:00Z"),
        // Far enough past UNTIL that the rule is known to be done.
        ("2026-01-25T09:00", "2026-01-25T14:00:00Z"),
        ("2026-01-18T09:01", "2026-01-18T14:01:00Z"),
    ] {
        let mut want = rule.to_vec();
        want.push(row(&format!("{rdate}:00"), 0, instant));
        assert_eq!(entries(&spec(rdate)), want, "{rdate}");
    }
}

/// Under fold `both`, an RDATE on the repeated time is both runs even when
/// COUNT or a UTC UNTIL ends the rule after the first.
#[test]
fn rdate_on_a_fold_keeps_the_second_run_the_rule_ends_before() {
    let both = [
        row("2026-10-25T01:30:00", 0, "2026-10-25T00:30:00Z"),
        row("2026-10-25T01:30:00", 1, "2026-10-25T01:30:00Z"),
    ];
    for rule in ["FREQ=DAILY;COUNT=1", "FREQ=DAILY;UNTIL=20261025T010000Z"] {
        let spec = format!(
            r#"{{"timeZone":"Europe/Dublin","start":"2026-10-25T01:30","rrule":"{rule}","fold":"both"}}"#
        );
        assert_eq!(entries(&spec), both[..1], "{rule}");
        let spec = spec.replace(r#""fold""#, r#""rdate":["2026-10-25T01:30"],"fold""#);
        assert_eq!(entries(&spec), both, "{rule} with RDATE");
    }
}

/// An RDATE equal to a rule time after COUNT ran out is listed (and not
/// counted: the rule's own runs are unchanged).
#[test]
fn rdate_on_a_rule_time_after_count_is_listed() {
    let got = entries(
        r#"{"timeZone":"UTC","start":"2026-01-15T09:00","rrule":"FREQ=DAILY;COUNT=2","rdate":["2026-01-16T09:00","2026-01-17T09:00"]}"#,
    );
    assert_eq!(
        got,
        [
            row("2026-01-15T09:00:00", 0, "2026-01-15T09:00:00Z"),
            row("2026-01-16T09:00:00", 0, "2026-01-16T09:00:00Z"),
            row("2026-01-17T09:00:00", 0, "2026-01-17T09:00:00Z"),
        ]
    );
}

/// Fold `both` whose second run the rule ends before (COUNT spent by the
/// first, a UTC UNTIL between the two) runs once, and its note says so;
/// with the second run listed, the note still says twice.
#[test]
fn fold_both_note_says_once_when_the_rule_ends_between_the_runs() {
    let what =
        "01:30 occurs twice on 2026-10-25 in Europe/Dublin (clocks go back from 02:00 to 01:00); ";
    for (rule, runs, tail) in [
        (
            "FREQ=DAILY;COUNT=1",
            1,
            "runs once, at the first (01:30 IST), because COUNT ends the rule before the second (01:30 GMT)",
        ),
        (
            "FREQ=DAILY;UNTIL=20261025T010000Z",
            1,
            "runs once, at the first (01:30 IST), because UNTIL ends the rule before the second (01:30 GMT)",
        ),
        (
            "FREQ=DAILY;COUNT=2",
            2,
            "runs twice, at 01:30 IST and at 01:30 GMT",
        ),
        (
            "FREQ=DAILY;UNTIL=20261025T013000Z",
            2,
            "runs twice, at 01:30 IST and at 01:30 GMT",
        ),
    ] {
        let schedule = Schedule::from_json(&format!(
            r#"{{"timeZone":"Europe/Dublin","start":"2026-10-25T01:30","rrule":"{rule}","fold":"both"}}"#
        ))
        .unwrap();
        let result = expand(&schedule, &ExpandOptions::new().limit(2)).unwrap();
        let folds: Vec<_> = result
            .entries()
            .iter()
            .filter(|e| e.nominal().day() == 25)
            .collect();
        assert_eq!(folds.len(), runs, "{rule}");
        for e in folds {
            let notes: Vec<_> = e.notes().iter().map(|n| (n.code(), n.message())).collect();
            assert_eq!(
                notes,
                [(NoteCode::FoldBoth, format!("{what}{tail}"))],
                "{rule}"
            );
        }
    }
}
