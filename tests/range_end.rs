//! The end of the representable range: jiff's last instant is
//! 9999-12-30T22:00:00Z, so late nominals on 30–31 December 9999 have no
//! instant. A `start` there is rejected; an expansion that reaches one ends
//! with a warning `out_of_range`, never with a clamped instant.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use wallclock::{ErrorCode, ExpandOptions, Schedule, Status, expand, fmt_instant, fmt_nominal};

fn entries(spec: &str, limit: usize) -> (Vec<(String, Status, String)>, Vec<String>) {
    let schedule = Schedule::from_json(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let r = expand(&schedule, &ExpandOptions::new().limit(limit)).unwrap();
    let got = r
        .entries()
        .iter()
        .map(|e| {
            (
                fmt_nominal(e.nominal()),
                e.status(),
                e.instant().map(fmt_instant).unwrap_or_default(),
            )
        })
        .collect();
    let warnings = r.warnings().iter().map(|w| w.code().to_owned()).collect();
    (got, warnings)
}

#[test]
fn start_without_an_instant_is_rejected() {
    for (zone, start) in [
        ("America/New_York", "9999-12-31T23:00"),
        ("UTC", "9999-12-31T23:00"),
        // 23:00Z: an hour past the last instant.
        ("America/New_York", "9999-12-30T18:00"),
        ("UTC", "9999-12-30T22:01"),
    ] {
        let spec =
            format!(r#"{{"timeZone":"{zone}","start":"{start}","rrule":"FREQ=HOURLY;COUNT=3"}}"#);
        let err = Schedule::from_json(&spec).expect_err(&spec);
        assert_eq!(err.code(), ErrorCode::InvalidStart, "{spec}: {err}");
        assert_eq!(err.field(), Some("start"), "{spec}");
        assert!(err.message().contains("no instant"), "{spec}: {err}");
    }
    let err = Schedule::from_json(r#"{"timeZone":"America/New_York","start":"9999-12-31T23:00"}"#)
        .unwrap_err();
    assert_eq!(
        err.message(),
        "invalid `start` `9999-12-31T23:00`: it has no instant in `America/New_York`, where the last representable time is 9999-12-30T17:00: expected an earlier one"
    );
}

#[test]
fn last_representable_start_runs_at_its_own_instant() {
    let (got, warnings) = entries(
        r#"{"timeZone":"America/New_York","start":"9999-12-30T17:00"}"#,
        10,
    );
    assert_eq!(
        got,
        [(
            "9999-12-30T17:00:00".to_owned(),
            Status::Scheduled,
            "9999-12-30T22:00:00Z".to_owned()
        )]
    );
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn hourly_ends_at_the_last_instant_with_a_warning() {
    // New York is -05:00 in December: 17:00 is 22:00Z, the last instant.
    let (got, warnings) = entries(
        r#"{"timeZone":"America/New_York","start":"9999-12-30T15:00","rrule":"FREQ=HOURLY;COUNT=5"}"#,
        10,
    );
    let want: Vec<(String, Status, String)> = [
        ("9999-12-30T15:00:00", "9999-12-30T20:00:00Z"),
        ("9999-12-30T16:00:00", "9999-12-30T21:00:00Z"),
        ("9999-12-30T17:00:00", "9999-12-30T22:00:00Z"),
    ]
    .iter()
    .map(|(n, i)| (n.to_string(), Status::Scheduled, i.to_string()))
    .collect();
    assert_eq!(got, want);
    assert_eq!(warnings, ["out_of_range"]);

    let (got, warnings) = entries(
        r#"{"timeZone":"UTC","start":"9999-12-30T21:00","rrule":"FREQ=HOURLY"}"#,
        10,
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1].2, "9999-12-30T22:00:00Z");
    assert_eq!(warnings, ["out_of_range"]);
}

#[test]
fn daily_and_rdate_past_the_end_are_not_clamped() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"Pacific/Kiritimati","start":"9999-12-29T09:00","rrule":"FREQ=DAILY;COUNT=4","rdate":["9999-12-31T20:00"]}"#,
    )
    .unwrap();
    let r = expand(&schedule, &ExpandOptions::new()).unwrap();
    // Kiritimati is +14:00: 9999-12-31T09:00 is 9999-12-30T19:00Z, still
    // representable; the RDATE at 20:00 (06:00Z on the 31st) is not.
    let instants: Vec<String> = r.executions().map(fmt_instant).collect();
    assert_eq!(
        instants,
        [
            "9999-12-28T19:00:00Z",
            "9999-12-29T19:00:00Z",
            "9999-12-30T19:00:00Z"
        ]
    );
    assert!(r.entries().iter().all(|e| e.status() == Status::Scheduled));
    assert_eq!(r.warnings().len(), 1);
    assert_eq!(r.warnings()[0].code(), "out_of_range");
    assert_eq!(
        r.warnings()[0].message(),
        "the expansion ends before 9999-12-31T20:00:00: in Pacific/Kiritimati it would fall after 9999-12-30T22:00:00Z, the last representable instant"
    );
}
