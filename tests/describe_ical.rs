//! `describe` sentences for the seed examples, and iCalendar in and out.
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{
    ErrorCode, ExpandOptions, Schedule, Spec, describe, expand, fmt_nominal, parse_ical,
    parse_local, to_ical,
};

fn sentence(json: &str) -> String {
    describe(&Schedule::from_json(json).expect("valid spec"))
}

/// The nominal times of the first `n` entries of the spec `json`.
fn first_nominals(json: &str, n: usize) -> Vec<String> {
    let schedule = Schedule::from_json(json).expect("valid spec");
    expand(&schedule, &ExpandOptions::new().limit(n))
        .unwrap()
        .entries()
        .iter()
        .map(|e| fmt_nominal(e.nominal()))
        .collect()
}

/// A window of clock changes that holds no occurrence says so, rather
/// than "clock changes do not affect it": after the end of a schedule, and
/// before an occurrence years away, with the date of that one.
#[test]
fn an_empty_window_is_said_to_be_empty() {
    let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap();
    let ended = Schedule::from_json(
        r#"{"timeZone":"America/New_York","start":"2026-03-06T09:00","rrule":"FREQ=DAILY;COUNT=4"}"#,
    )
    .unwrap();
    let text = wallclock::describe_from(&ended, at("2030-01-01T00:00:00Z"));
    assert!(
        text.ends_with(" It has no occurrence in the 3 years after 2029-12-31."),
        "{text}"
    );
    let decade = Schedule::from_json(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-01T09:00","rrule":"FREQ=YEARLY;INTERVAL=10"}"#,
    )
    .unwrap();
    let text = wallclock::describe_from(&decade, at("2027-01-01T00:00:00Z"));
    assert!(
        text.ends_with(" It has no occurrence in the 3 years after 2027-01-01."),
        "{text}"
    );
    let text = wallclock::describe_from(&decade, at("2025-06-01T00:00:00Z"));
    assert!(
        text.ends_with(
            " Clock changes in Europe/Berlin do not affect it in the 3 years after 2026-01-01."
        ),
        "{text}"
    );
}

#[test]
fn new_york_daily_0230_skip_and_shift() {
    let skip = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4"}"#,
    );
    assert!(
        skip.starts_with("Every day at 02:30 in America/New_York, starting 2026-03-06, 4 times."),
        "{skip}"
    );
    assert!(
        skip.contains("When 02:30 does not exist (second Sunday of March;"),
        "{skip}"
    );
    assert!(
        skip.contains("that occurrence is skipped and not counted"),
        "{skip}"
    );

    let shift = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4","gap":"shift"}"#,
    );
    assert!(shift.contains("03:30 EDT"), "{shift}");
    insta::assert_snapshot!("new_york_daily_0230_shift", shift);
}

#[test]
fn berlin_31st_versus_last_day() {
    let on_31st = sentence(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-31T09:00","rrule":"FREQ=MONTHLY;BYMONTHDAY=31","invalidDate":"backward"}"#,
    );
    assert!(on_31st.contains("on the 31st"), "{on_31st}");
    assert!(
        on_31st.contains("it moves back to the last day of the month"),
        "{on_31st}"
    );
    insta::assert_snapshot!("berlin_31st_backward", on_31st);

    let last = sentence(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-31T09:00","rrule":"FREQ=MONTHLY;BYMONTHDAY=-1"}"#,
    );
    assert!(last.contains("on the last day of the month"), "{last}");
    assert!(!last.contains("without"), "{last}");
}

#[test]
fn weekly_mo_we_fr() {
    let s = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-03-02T07:00","rrule":"FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR"}"#,
    );
    assert!(
        s.starts_with("Every 2 weeks on Monday, Wednesday and Friday at 07:00 in America/New_York"),
        "{s}"
    );
    insta::assert_snapshot!("weekly_mo_we_fr", s);
}

#[test]
fn fall_back_fold_policies() {
    for (fold, phrase) in [
        ("first", "runs once, at the first (EDT)"),
        ("second", "runs once, at the second (EST)"),
        ("both", "runs twice, at both (EDT and EST)"),
    ] {
        let s = sentence(&format!(
            r#"{{"timeZone":"America/New_York","start":"2026-10-01T01:30","rrule":"FREQ=DAILY","fold":"{fold}"}}"#
        ));
        assert!(
            s.contains("When 01:30 occurs twice (first Sunday of November;"),
            "{s}"
        );
        assert!(s.contains(phrase), "{s}");
    }
}

#[test]
fn zone_without_dst_has_no_dst_sentence() {
    let s =
        sentence(r#"{"timeZone":"Asia/Tokyo","start":"2026-03-08T02:30","rrule":"FREQ=DAILY"}"#);
    assert_eq!(s, "Every day at 02:30 in Asia/Tokyo, starting 2026-03-08.");
}

#[test]
fn last_weekday_of_month() {
    let s = sentence(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-30T17:00","rrule":"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"}"#,
    );
    assert!(
        s.starts_with("Every month on the last weekday of the month at 17:00"),
        "{s}"
    );
}

/// Pacific/Apia skipped the whole of 2011-12-30 (-10:00 to +14:00): the
/// phrase names the dates, since "from 00:00 to 00:00" reads as no change.
#[test]
fn apia_missing_day_names_its_dates() {
    let s =
        sentence(r#"{"timeZone":"Pacific/Apia","start":"2011-12-28T09:00","rrule":"FREQ=DAILY"}"#);
    assert!(
        s.contains("When 09:00 does not exist (2011-12-30; clocks jump from 2011-12-30 00:00 to 2011-12-31 00:00), that occurrence is skipped."),
        "{s}"
    );
    assert!(!s.contains("from 00:00 to 00:00"), "{s}");
}

/// Under `shift` Apia's missing 2011-12-30 00:30 runs at 2011-12-31 00:30
/// +14, the instant of the next day's occurrence: four occurrences, three
/// runs, and the count says so.
#[test]
fn apia_count_says_what_runs_after_a_merge() {
    let json = r#"{"timeZone":"Pacific/Apia","start":"2011-12-28T00:30","rrule":"FREQ=DAILY;COUNT=4","gap":"shift"}"#;
    let runs = expand(&Schedule::from_json(json).unwrap(), &ExpandOptions::new())
        .unwrap()
        .executions()
        .count();
    assert_eq!(runs, 3);
    let s = sentence(json);
    assert!(
        s.starts_with("Every day at 00:30 in Pacific/Apia, starting 2011-12-28, 3 times (4 occurrences: 1 merged into another at the same instant)."),
        "{s}"
    );
    assert!(!s.contains("4 times"), "{s}");
}

/// Fold `both` runs a repeated time twice and both runs count: COUNT=4 is
/// four runs.
#[test]
fn fold_both_count_is_the_runs() {
    let s = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-10-30T01:30","rrule":"FREQ=DAILY;COUNT=4","fold":"both"}"#,
    );
    assert!(s.contains(", starting 2026-10-30, 4 times."), "{s}");
}

#[test]
fn year_days_from_the_end_take_the_article() {
    let s = sentence(
        r#"{"timeZone":"Europe/Berlin","start":"2026-12-31T09:00","rrule":"FREQ=YEARLY;BYYEARDAY=-1"}"#,
    );
    assert!(
        s.starts_with("Every year on the last day of the year at 09:00"),
        "{s}"
    );
    let s = sentence(
        r#"{"timeZone":"Europe/Berlin","start":"2026-04-10T09:00","rrule":"FREQ=YEARLY;BYYEARDAY=100,-2"}"#,
    );
    assert!(
        s.starts_with("Every year on the second-to-last day and day 100 of the year"),
        "{s}"
    );
}

/// EU rules change clocks on the last Sunday of March and October; in
/// 2027–2029 March's last Sunday is also its fourth, and the sentence says
/// "last", as the tz rule does.
#[test]
fn eu_transitions_are_last_sundays() {
    // Berlin changes at 02:00 and 03:00 local time, Dublin at 01:00 and 02:00.
    for (zone, start) in [
        ("Europe/Berlin", "2026-10-24T02:30"),
        ("Europe/Dublin", "2026-10-23T01:30"),
    ] {
        let s = sentence(&format!(
            r#"{{"timeZone":"{zone}","start":"{start}","rrule":"FREQ=DAILY","fold":"second"}}"#
        ));
        assert!(s.contains("does not exist (last Sunday of March;"), "{s}");
        assert!(s.contains("twice (last Sunday of October;"), "{s}");
        assert!(!s.contains("fourth"), "{s}");
    }
    // Europe/Dublin at 01:30: its changes are at 01:00 UTC.
    let s =
        sentence(r#"{"timeZone":"Europe/Dublin","start":"2026-10-23T01:30","rrule":"FREQ=DAILY"}"#);
    assert!(
        s.contains("(last Sunday of March; clocks jump from 01:00 to 02:00)"),
        "{s}"
    );
    // A second Sunday stays "second" (New York, 8–14 March).
    let s = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-10-23T02:30","rrule":"FREQ=DAILY"}"#,
    );
    assert!(s.contains("(second Sunday of March;"), "{s}");
}

/// BYSETPOS picks from every (day, time) of the period, so it can pick a
/// time of day as well as a day; the sentence names only what runs.
#[test]
fn set_pos_picks_among_times_of_day() {
    let spec = |rule: &str| {
        format!(r#"{{"timeZone":"America/New_York","start":"2026-03-02T09:00","rrule":"{rule}"}}"#)
    };
    let nominals = |rule: &str| first_nominals(&spec(rule), 4);
    for (rule, want, runs) in [
        (
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;BYHOUR=9,17;BYMINUTE=0",
            "Every month on the last weekday of the month at 17:00 in America/New_York, starting 2026-03-02.",
            [
                "2026-03-31T17:00:00",
                "2026-04-30T17:00:00",
                "2026-05-29T17:00:00",
                "2026-06-30T17:00:00",
            ],
        ),
        (
            "FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0;BYSETPOS=2",
            "Every day at 17:00 in America/New_York, starting 2026-03-02.",
            [
                "2026-03-02T17:00:00",
                "2026-03-03T17:00:00",
                "2026-03-04T17:00:00",
                "2026-03-05T17:00:00",
            ],
        ),
        (
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,2;BYHOUR=9,17;BYMINUTE=0",
            "Every month on the first weekday of the month at 09:00 and 17:00 in America/New_York, starting 2026-03-02.",
            [
                "2026-03-02T09:00:00",
                "2026-03-02T17:00:00",
                "2026-04-01T09:00:00",
                "2026-04-01T17:00:00",
            ],
        ),
        (
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1;BYHOUR=9,17;BYMINUTE=0",
            "Every month on weekdays at 09:00 and 17:00, only the first and last of those in each month in America/New_York, starting 2026-03-02.",
            [
                "2026-03-02T09:00:00",
                "2026-03-31T17:00:00",
                "2026-04-01T09:00:00",
                "2026-04-30T17:00:00",
            ],
        ),
        (
            "FREQ=MONTHLY;BYDAY=SU;BYSETPOS=-2;BYHOUR=9,17;BYMINUTE=0",
            "Every month on the last Sunday of the month at 09:00 in America/New_York, starting 2026-03-02.",
            [
                "2026-03-29T09:00:00",
                "2026-04-26T09:00:00",
                "2026-05-31T09:00:00",
                "2026-06-28T09:00:00",
            ],
        ),
        (
            "FREQ=HOURLY;BYMINUTE=0,30;BYSETPOS=2",
            "Every hour at :00 and :30 past the hour, only the second of those in each hour in America/New_York, starting 2026-03-02.",
            [
                "2026-03-02T09:30:00",
                "2026-03-02T10:30:00",
                "2026-03-02T11:30:00",
                "2026-03-02T12:30:00",
            ],
        ),
        (
            "FREQ=YEARLY;BYMONTH=3,4;BYSETPOS=-1",
            "Every year on the 2nd in March and April at 09:00, only the last of those in each year in America/New_York, starting 2026-03-02.",
            [
                "2026-04-02T09:00:00",
                "2027-04-02T09:00:00",
                "2028-04-02T09:00:00",
                "2029-04-02T09:00:00",
            ],
        ),
        (
            "FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=3;BYHOUR=9,17;BYMINUTE=0",
            "Every week on the second Monday or Friday (whichever comes) of the week at 09:00 in America/New_York, starting 2026-03-02.",
            [
                "2026-03-06T09:00:00",
                "2026-03-13T09:00:00",
                "2026-03-20T09:00:00",
                "2026-03-27T09:00:00",
            ],
        ),
    ] {
        let s = sentence(&spec(rule));
        assert!(s.starts_with(want), "{rule}: {s}");
        assert_eq!(nominals(rule), runs, "{rule}");
    }
}

const VEVENT: &str = "BEGIN:VCALENDAR\r\n\
VERSION:2.0\r\n\
BEGIN:VTIMEZONE\r\n\
TZID:America/New_York\r\n\
BEGIN:STANDARD\r\n\
DTSTART:19701101T020000\r\n\
END:STANDARD\r\n\
END:VTIMEZONE\r\n\
BEGIN:VEVENT\r\n\
UID:standup@example.com\r\n\
SUMMARY:Stand-up with a rather long summary line that someone folded at seve\r\n nty-five octets\r\n\
dtstart;tzid=\"America/New_York\":20260306T023000\r\n\
RRULE:FREQ=DAILY;COUNT=10;BYDAY=MO,TU,WE,TH,FR,\r\n\tSA,SU\r\n\
EXDATE;TZID=America/New_York:20260309T023000,20260310T023000\r\n\
EXDATE;TZID=America/New_York:20260311T0230\r\n 00\r\n\
RDATE;TZID=America/New_York;VALUE=DATE:20260320\r\n\
BEGIN:VALARM\r\n\
TRIGGER:-PT15M\r\n\
END:VALARM\r\n\
END:VEVENT\r\n\
END:VCALENDAR\r\n";

#[test]
fn parse_real_looking_vevent() {
    let spec = parse_ical(VEVENT).expect("parses");
    assert_eq!(spec.time_zone, "America/New_York");
    assert_eq!(spec.start, "2026-03-06T02:30");
    assert_eq!(
        spec.rrule.as_ref().and_then(wallclock::Rrules::as_single),
        Some("FREQ=DAILY;COUNT=10;BYDAY=MO,TU,WE,TH,FR,SA,SU")
    );
    assert_eq!(
        spec.exdate,
        ["2026-03-09T02:30", "2026-03-10T02:30", "2026-03-11T02:30"]
    );
    // A date-only RDATE takes DTSTART's time of day.
    assert_eq!(spec.rdate, ["2026-03-20T02:30"]);
    Schedule::new(&spec).expect("valid");
}

#[test]
fn lf_only_and_date_only_dtstart() {
    let spec =
        parse_ical("DTSTART;VALUE=DATE;TZID=Europe/Berlin:20260131\nRRULE:FREQ=MONTHLY\n").unwrap();
    assert_eq!(spec.start, "2026-01-31T00:00");
    assert_eq!(spec.time_zone, "Europe/Berlin");
}

#[test]
fn round_trip() {
    let mut spec = Spec::new("Australia/Lord_Howe", "2026-10-04T02:15:30");
    spec.rrule = Some("RRULE:freq=weekly;byday=su;until=20271231T000000".into());
    spec.rdate = (1..=12)
        .map(|m| format!("2026-{m:02}-15T02:15:30"))
        .collect();
    spec.exdate = vec!["2026-10-11T02:15:30".into(), "2026-10-18T02:15".into()];
    let text = to_ical(&spec);
    assert!(text.ends_with("\r\n"));
    for physical in text.split("\r\n") {
        assert!(physical.len() <= 75, "{physical:?}");
    }
    assert!(text.contains("\r\n "), "long RDATE line is folded: {text}");
    let back = parse_ical(&text).expect("parses its own output");
    assert_eq!(back.time_zone, spec.time_zone);
    let same = |a: &[String], b: &[String]| {
        a.iter()
            .map(|s| parse_local(s).unwrap())
            .eq(b.iter().map(|s| parse_local(s).unwrap()))
    };
    assert_eq!(
        parse_local(&back.start).unwrap(),
        parse_local(&spec.start).unwrap()
    );
    assert!(same(&back.rdate, &spec.rdate));
    assert!(same(&back.exdate, &spec.exdate));
    let canonical = wallclock::Rule::parse(
        spec.rrule
            .as_ref()
            .and_then(wallclock::Rrules::as_single)
            .unwrap(),
    )
    .unwrap()
    .to_string();
    assert_eq!(
        back.rrule.as_ref().and_then(wallclock::Rrules::as_single),
        Some(canonical.as_str())
    );
    // And again: printing is stable.
    assert_eq!(to_ical(&back), text);
}

/// Every spec field survives `to_ical` then `parse_ical`: the ones iCalendar
/// has no property for travel as `X-WALLCLOCK-…` lines, so the expansion
/// (keys, instants) is the same after the trip.
#[test]
fn round_trip_keeps_every_spec_field() {
    let full = r#"{"id":"digest, daily; \\ v2 team","revision":3,"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4","rdate":["2026-11-01T01:30"],"exdate":["2026-03-07T02:30"],"gap":"shift","fold":"both","invalidDate":"forward","misfire":"skip","maxLateness":"PT1H","maxCatchUp":0,"grace":"PT10M"}"#;
    let others = [
        r#"{"id":"digest","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4","gap":"shift","fold":"both","invalidDate":"forward","misfire":"skip","maxLateness":"PT1H"}"#,
        r#"{"timeZone":"Europe/Dublin","start":"2026-01-31T01:30","rrule":"FREQ=MONTHLY","gap":"snap","fold":"second","invalidDate":"backward","misfire":"latest_only","maxCatchUp":7}"#,
        r#"{"timeZone":"UTC","start":"2026-01-01T00:00"}"#,
    ];
    for json in std::iter::once(full).chain(others) {
        let spec = Spec::from_json(json).unwrap();
        let text = to_ical(&spec);
        let back = parse_ical(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, spec, "{text}");
        let (a, b) = (Schedule::new(&spec).unwrap(), Schedule::new(&back).unwrap());
        let options = ExpandOptions::new().limit(10);
        assert_eq!(
            expand(&a, &options).unwrap().to_json(),
            expand(&b, &options).unwrap().to_json()
        );
    }
    // Only what differs from the defaults is written.
    let plain = to_ical(&Spec::from_json(others[2]).unwrap());
    assert!(!plain.contains("X-WALLCLOCK"), "{plain}");
    // A bad value is the field's own error, naming the property.
    let err =
        parse_ical("DTSTART;TZID=UTC:20260101T000000\r\nX-WALLCLOCK-GAP:later\r\n").unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidPolicy);
    assert!(
        err.message()
            .starts_with("`X-WALLCLOCK-GAP:later`: invalid `gap` value `later`"),
        "{}",
        err.message()
    );
    let err = parse_ical("DTSTART;TZID=UTC:20260101T000000\r\nX-WALLCLOCK-MAX-CATCH-UP:-1\r\n")
        .unwrap_err();
    assert!(
        err.message().contains("X-WALLCLOCK-MAX-CATCH-UP"),
        "{}",
        err.message()
    );
}

/// DTSTART's zone is looked up ignoring case; an RDATE or EXDATE naming the
/// same zone in another case is the same zone, not a second one.
#[test]
fn date_lists_in_dtstart_zone_spelled_in_another_case() {
    let spec = parse_ical(
        "DTSTART;TZID=america/new_york:20260306T023000\r\nRRULE:FREQ=DAILY;COUNT=2\r\nRDATE;TZID=America/New_York:20260310T090000\r\nEXDATE;TZID=AMERICA/NEW_YORK:20260307T023000\r\n",
    )
    .expect("one zone, spelled three ways");
    assert_eq!(spec.rdate, ["2026-03-10T09:00"]);
    assert_eq!(spec.exdate, ["2026-03-07T02:30"]);
    Schedule::new(&spec).expect("valid");
    let err = parse_ical(
        "DTSTART;TZID=america/new_york:20260306T023000\r\nRDATE;TZID=America/Chicago:20260310T090000\r\n",
    )
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
}

#[test]
fn errors_have_codes_and_positions() {
    let utc = "BEGIN:VEVENT\r\nDTSTART:20260306T073000Z\r\nEND:VEVENT\r\n";
    let err = parse_ical(utc).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    assert_eq!(err.field(), Some("ical"));
    assert_eq!(err.position(), utc.find("20260306"));
    assert!(err.message().contains("TZID"), "{}", err.message());

    let floating = "DTSTART:20260306T073000\r\n";
    let err = parse_ical(floating).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidIcal);
    assert!(err.message().contains("TZID"), "{}", err.message());

    let bad_exdate = "DTSTART;TZID=Europe/Berlin:20260306T073000\r\nEXDATE;TZID=Europe/Berlin:20260307T073000,2026-03-08\r\n";
    let err = parse_ical(bad_exdate).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidIcal);
    assert_eq!(err.position(), bad_exdate.find("2026-03-08"));

    let err = parse_ical("SUMMARY:nothing here\r\n").unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidIcal);
    assert_eq!(err.position(), Some(0));

    let err = parse_ical("DTSTART;TZID=\"Europe/Berlin:20260306T073000\r\n").unwrap_err();
    assert!(
        err.message().contains("unclosed quote"),
        "{}",
        err.message()
    );

    // The rule text is validated by Schedule::new, with a position in the rule.
    let spec =
        parse_ical("DTSTART;TZID=Europe/Berlin:20260306T073000\r\nRRULE:FREQ=DAILY;BYHOUR=24\r\n")
            .unwrap();
    let err = Schedule::new(&spec).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidRrule);
    assert_eq!(err.field(), Some("rrule"));
}

/// Zone lookups ignore case; `TZID` is printed as the tz database spells it.
#[test]
fn to_ical_prints_the_zone_as_the_database_spells_it() {
    for (typed, printed) in [
        ("america/new_york", "America/New_York"),
        ("EUROPE/BERLIN", "Europe/Berlin"),
        ("utc", "UTC"),
        ("America/New_York", "America/New_York"),
    ] {
        let mut spec = Spec::new(typed, "2026-03-06T02:30");
        spec.rrule = Some("FREQ=DAILY;COUNT=4".into());
        let text = to_ical(&spec);
        assert!(
            text.starts_with(&format!("DTSTART;TZID={printed}:20260306T023000\r\n")),
            "{typed}: {text}"
        );
    }
}

/// A COUNT rule's sentence mentions a clock change exactly when its
/// expansion has an entry a clock change affects: a rule that ends before
/// the gap or fold says nothing of it, one that reaches it keeps the clause.
#[test]
fn count_rules_mention_only_the_clock_changes_they_reach() {
    for (json, reaches) in [
        (
            r#"{"timeZone":"America/New_York","start":"2026-01-05T02:30","rrule":"FREQ=DAILY;COUNT=3"}"#,
            false,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-01-05T01:30","rrule":"FREQ=DAILY;COUNT=10"}"#,
            false,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-01-05T01:30","rrule":"FREQ=HOURLY;COUNT=5"}"#,
            false,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-03-20T02:30","rrule":"FREQ=DAILY;COUNT=100"}"#,
            false,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-01-05T02:30","rrule":"FREQ=DAILY;COUNT=70"}"#,
            true,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-10-01T01:30","rrule":"FREQ=DAILY;COUNT=40"}"#,
            true,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-11-01T00:00","rrule":"FREQ=HOURLY;COUNT=2"}"#,
            true,
        ),
        (
            r#"{"timeZone":"America/New_York","start":"2026-11-01T00:00","rrule":"FREQ=HOURLY;COUNT=1"}"#,
            false,
        ),
    ] {
        let schedule = Schedule::from_json(json).expect("valid spec");
        let s = describe(&schedule);
        let affected = expand(&schedule, &ExpandOptions::new())
            .expect("a COUNT rule expands")
            .entries()
            .iter()
            .any(|e| e.is_dst_affected());
        assert_eq!(affected, reaches, "{json}");
        let mentions = s.contains("does not exist") || s.contains("occurs twice");
        assert_eq!(mentions, affected, "{json}: {s}");
    }

    // A COUNT too large to expand keeps the clause (and answers quickly).
    let s = sentence(
        r#"{"timeZone":"America/New_York","start":"2026-01-05T02:30","rrule":"FREQ=DAILY;COUNT=1000000"}"#,
    );
    assert!(s.contains("When 02:30 does not exist"), "{s}");
}

/// INTERVAL counts periods from the start's (month, WKST week, year): a
/// rule that only runs in even months, or every 52nd week, never reaches the
/// clock-change Sundays, and its sentence must not say it does. The sentence
/// and the expansion over the same three years agree on gaps and on folds.
#[test]
fn interval_rules_mention_only_the_clock_changes_they_reach() {
    for (zone, start, rule) in [
        (
            "America/New_York",
            "2026-02-08T02:30",
            "FREQ=MONTHLY;INTERVAL=2;BYDAY=2SU",
        ),
        (
            "America/New_York",
            "2026-03-08T02:30",
            "FREQ=MONTHLY;INTERVAL=2;BYDAY=2SU",
        ),
        (
            "America/New_York",
            "2026-01-04T02:30",
            "FREQ=WEEKLY;INTERVAL=52;BYDAY=SU",
        ),
        (
            "America/New_York",
            "2026-01-04T01:30",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=SU",
        ),
        (
            "Europe/Dublin",
            "2026-01-04T01:30",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=SU",
        ),
        (
            "Europe/Dublin",
            "2026-01-11T01:30",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=SU",
        ),
        (
            "Europe/Dublin",
            "2026-01-18T01:30",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=SU",
        ),
        (
            "Europe/Dublin",
            "2026-01-11T01:30",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=SU;WKST=SU",
        ),
        (
            "Europe/Berlin",
            "2026-03-29T02:30",
            "FREQ=YEARLY;INTERVAL=2;BYMONTH=3,10;BYDAY=-1SU",
        ),
        (
            "Europe/Berlin",
            "2027-03-28T02:30",
            "FREQ=YEARLY;INTERVAL=2;BYMONTH=10;BYDAY=-1SU",
        ),
    ] {
        let json = format!(r#"{{"timeZone":"{zone}","start":"{start}","rrule":"{rule}"}}"#);
        let schedule = Schedule::from_json(&json).expect("valid spec");
        let s = describe(&schedule);
        let three_years = format!("{}{}", start[..4].parse::<i32>().unwrap() + 3, &start[4..]);
        let options =
            ExpandOptions::parse(&schedule, None, Some(start), Some(&three_years)).unwrap();
        let entries = expand(&schedule, &options).unwrap();
        let has = |what: &str| {
            entries.entries().iter().any(|e| {
                e.notes()
                    .iter()
                    .any(|n| n.code().as_str().starts_with(what))
            })
        };
        assert_eq!(s.contains("does not exist"), has("gap"), "{json}: {s}");
        assert_eq!(s.contains("occurs twice"), has("fold"), "{json}: {s}");
    }
}

/// BYSECOND expands each minute of a MINUTELY rule (RFC 5545 §3.3.10's
/// table) and filters a SECONDLY one; the sentence says which.
#[test]
fn by_second_on_minutely_and_secondly_rules() {
    let json =
        |rule: &str| format!(r#"{{"timeZone":"UTC","start":"2026-03-02T09:00","rrule":"{rule}"}}"#);
    let nominals = |rule: &str| first_nominals(&json(rule), 3);
    let minutely = "FREQ=MINUTELY;BYSECOND=0,15";
    assert_eq!(
        nominals(minutely),
        [
            "2026-03-02T09:00:00",
            "2026-03-02T09:00:15",
            "2026-03-02T09:01:00"
        ]
    );
    let s = sentence(&json(minutely));
    assert!(s.contains("at seconds 0 and 15 of each minute"), "{s}");
    let secondly = "FREQ=SECONDLY;BYSECOND=0,15";
    assert_eq!(
        nominals(secondly),
        [
            "2026-03-02T09:00:00",
            "2026-03-02T09:00:15",
            "2026-03-02T09:01:00"
        ]
    );
    let s = sentence(&json(secondly));
    assert!(s.contains("only at seconds 0 and 15"), "{s}");
}
