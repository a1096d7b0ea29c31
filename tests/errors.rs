//! Error wording across spec validation, expansion options and iCalendar,
//! pinned by an insta snapshot so every change of wording is reviewed.
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{ExpandOptions, Schedule, expand, parse_ical};

const SPECS: &[&str] = &[
    r#"{"timeZone":"America/NewYork","start":"2026-03-06T02:30"}"#,
    r#"{"timeZone":"Mars/Olympus_Mons","start":"2026-03-06T02:30"}"#,
    r#"{"timeZone":"+05:00","start":"2026-03-06T02:30"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06 02:30"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30:00Z"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-02-30T02:30"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T24:00"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;BYHOUR=24"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"RRULE:FREQ=WEEKLY;BYDAY=1MO"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;UNTIL=20260101"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=3;UNTIL=20270101"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","gap":"later"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","fold":"twice"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","invalidDate":"clamp"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","misfire":"latest"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","maxLateness":"two days"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","grace":"P1M"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rdate":["2026-03-07T02:30","tomorrow"]}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","exdate":"2026-03-07T02:30"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","id":"a|b"}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","revision":0}"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","maxCatchUp":-1}"#,
    r#"{"timezone":"America/New_York","start":"2026-03-06T02:30"}"#,
    r#"{"timeZone":"America/New_York"}"#,
    r#"{"timeZone":42,"start":"2026-03-06T02:30"}"#,
    r#"["not", "an", "object"]"#,
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30""#,
    r#"{"timeZone":"UTC","start":"2026-01-01T00:00"} ]]] garbage"#,
    r#"{"timeZone":"UTC","start":"2026-01-01T00:00"}{"timeZone":"UTC","start":"2027-01-01T00:00"}"#,
];

#[test]
fn error_messages() {
    let mut report = String::new();
    for spec in SPECS {
        let err = Schedule::from_json(spec).expect_err(spec);
        report.push_str(&format!(
            "{spec}\n  => {}\n",
            serde_json::to_string(&err).unwrap()
        ));
    }
    let daily = Schedule::from_json(
        r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    let secondly = Schedule::from_json(
        r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"FREQ=SECONDLY"}"#,
    )
    .unwrap();
    // From 01:00 every third hour is 01, 04, …, 22: never 00.
    let never = |count: &str| {
        Schedule::from_json(&format!(
            r#"{{"timeZone":"UTC","start":"2023-01-01T01:00","rrule":"FREQ=HOURLY;INTERVAL=3;BYHOUR=0{count}"}}"#
        ))
        .unwrap()
    };
    let (never_counted, never_unbounded) = (never(";COUNT=12"), never(""));
    let minutely = |rule: &str| {
        Schedule::from_json(&format!(
            r#"{{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"{rule}"}}"#
        ))
        .unwrap()
    };
    let counted_minutely = minutely("FREQ=MINUTELY;COUNT=9000000");
    let counted_filtered = minutely("FREQ=MINUTELY;BYSECOND=0;COUNT=9000000");
    let counted_secondly = minutely("FREQ=SECONDLY;COUNT=200000");
    let far = || {
        Ok(ExpandOptions::new()
            .from("2040-01-01T00:00:00Z".parse().unwrap())
            .limit(5))
    };
    let cases: Vec<(&str, &Schedule, Result<ExpandOptions, wallclock::Error>)> = vec![
        ("no limit", &daily, Ok(ExpandOptions::new())),
        ("limit 0", &daily, Ok(ExpandOptions::new().limit(0))),
        (
            "to before from",
            &daily,
            ExpandOptions::parse(
                &daily,
                None,
                Some("2026-02-01T00:00:00Z"),
                Some("2026-01-01T00:00:00Z"),
            ),
        ),
        (
            "bad from",
            &daily,
            ExpandOptions::parse(&daily, None, Some("next week"), None),
        ),
        (
            "too many entries",
            &secondly,
            Ok(ExpandOptions::new().limit(200_000)),
        ),
        (
            "BY parts that never meet, with COUNT",
            &never_counted,
            Ok(ExpandOptions::new()),
        ),
        (
            "BY parts that never meet, unbounded",
            &never_unbounded,
            Ok(ExpandOptions::new().limit(5)),
        ),
        ("a count walked to a far window", &counted_minutely, far()),
        (
            "a count with BY parts walked to a far window",
            &counted_filtered,
            far(),
        ),
        (
            "too many entries of a counted rule",
            &counted_secondly,
            Ok(ExpandOptions::new()),
        ),
    ];
    for (what, schedule, options) in cases {
        let err = options.and_then(|o| expand(schedule, &o)).expect_err(what);
        report.push_str(&format!(
            "expand, {what}\n  => {}\n",
            serde_json::to_string(&err).unwrap()
        ));
    }
    for text in [
        "BEGIN:VEVENT\nDTSTART:20260306T023000Z\nRRULE:FREQ=DAILY\nEND:VEVENT",
        "BEGIN:VEVENT\nDTSTART:20260306T023000\nEND:VEVENT",
        "BEGIN:VEVENT\nSUMMARY:no start\nEND:VEVENT",
        "DTSTART;TZID=Europe/Berlin:20260306T023000\nRRULE:FREQ=DAILY\nEXRULE:FREQ=WEEKLY\n",
    ] {
        let err = parse_ical(text).expect_err(text);
        report.push_str(&format!(
            "ical {text:?}\n  => {}\n",
            serde_json::to_string(&err).unwrap()
        ));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn short_expansion() {
    let schedule = Schedule::from_json(
        r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-07T02:30","rrule":"FREQ=DAILY;COUNT=2","gap":"shift"}"#,
    )
    .unwrap();
    let result = expand(&schedule, &ExpandOptions::new()).unwrap();
    insta::assert_snapshot!(serde_json::to_string_pretty(&result).unwrap());
}

/// `FREQ=MINUTELY;COUNT=9000000` asked for 2040 walks 14 years of minutes
/// from its start: the error names the ceiling and the two changes that
/// help, and each of them does.
#[test]
fn a_count_walked_to_a_far_window_is_told_what_helps() {
    let spec = |start: &str, rule: &str| {
        Schedule::from_json(&format!(
            r#"{{"timeZone":"UTC","start":"{start}","rrule":"{rule}"}}"#
        ))
        .unwrap()
    };
    let window = ExpandOptions::new()
        .from("2040-01-01T00:00:00Z".parse().unwrap())
        .limit(3);
    let err = expand(
        &spec("2026-01-01T00:00", "FREQ=MINUTELY;COUNT=9000000"),
        &window,
    )
    .expect_err("the walk passes the ceiling");
    let message = err.message();
    assert_eq!(err.code(), wallclock::ErrorCode::LimitExceeded);
    assert!(
        message.contains("5000000 expansion steps, the ceiling of one call"),
        "{message}"
    );
    assert!(
        message.contains("`COUNT` counts from `start` 2026-01-01T00:00:00"),
        "{message}"
    );
    // Advice that cannot help this rule: it has no BY parts, and `to` or
    // `limit` do not shorten a walk that happens before the window.
    for useless in ["BY parts", "`to`", "`limit`"] {
        assert!(!message.contains(useless), "{useless} in {message}");
    }
    // Each change the message proposes makes the same window expand.
    let until = spec("2026-01-01T00:00", "FREQ=MINUTELY;UNTIL=20430212T000000Z");
    let later = spec("2039-12-31T00:00", "FREQ=MINUTELY;COUNT=2000000");
    for fixed in [until, later] {
        let result = expand(&fixed, &window).expect("the advice helps");
        let firsts: Vec<String> = result.executions().map(|t| t.to_string()).collect();
        assert_eq!(
            firsts,
            [
                "2040-01-01T00:00:00Z",
                "2040-01-01T00:01:00Z",
                "2040-01-01T00:02:00Z"
            ]
        );
    }
}
