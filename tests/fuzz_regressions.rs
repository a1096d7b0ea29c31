//! Inputs the fuzz targets (`fuzz/fuzz_targets/`, `scripts/fuzz.sh`) once
//! stopped on, kept as tests of the normal suite, which runs on stable.
//! Each says which target found it and what the answer must be.
#![cfg(not(target_arch = "wasm32"))]

use jiff::Timestamp;
use jiff::civil::{Weekday, date};
use jiff::tz::TimeZone;
use wallclock::{
    CronOptions, Dialect, ErrorCode, ExpandOptions, IcalOptions, Schedule, expand, from_cron,
    parse_ical_events,
};

/// `ical_import`: a calendar holding two main events of one UID (as two
/// exports pasted together do), one of them unreadable. `--uid` reads that
/// UID's events one by one: the readable one is read, the other refused
/// with a warning that names the UID; nothing of another UID is read.
#[test]
fn ical_import_two_main_events_of_one_uid_with_uid() {
    let text = "BEGIN:VCALENDAR\r\n\
        BEGIN:VEVENT\r\nUID:preview@wallclock\r\nDTSTART;TZID=America/New_York:20261227T095917\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=1;BYDAY=FR,SA,SU;WKST=SU\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:preview@wallclock\r\nDTSTART;AYLIGHT\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:other\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\n\
        END:VCALENDAR\r\n";
    let options = IcalOptions::new().time_zone("UTC").uid("preview@wallclock");
    let import = parse_ical_events(text, &options).unwrap();
    assert_eq!(import.events().len(), 1);
    assert_eq!(import.events()[0].uid(), Some("preview@wallclock"));
    let refused = import.refused();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0]
            .message()
            .starts_with("the event `preview@wallclock` is not read: invalid iCalendar"),
        "{refused:?}"
    );
}

/// `window`: `from` 2026-03-10 and `to` 2026-03-08 are each a valid bound,
/// so the reader takes them; the expansion refuses the window, naming `to`.
#[test]
fn window_that_ends_before_it_starts() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"Pacific/Apia","start":"2011-12-28T09:00","rrule":"FREQ=DAILY;UNTIL=20120105"}"#,
    )
    .unwrap();
    let options =
        ExpandOptions::parse(&schedule, None, Some("2026-03-10"), Some("2026-03-08")).unwrap();
    let err = expand(&schedule, &options.limit(300)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidOption);
    assert_eq!(err.field(), Some("to"));
}

/// `cron_line`: Quartz's `L-30W` (the weekday nearest the 30th day before
/// the last) made the rule `BYMONTHDAY=-32` for the Friday before, which
/// no rule holds. It is the 1st of a 31-day month: that day on a weekday,
/// Monday the 3rd after a Saturday, Monday the 2nd after a Sunday (Quartz
/// never reaches into the month before); shorter months are inexact and
/// warned of.
#[test]
fn cron_line_quartz_l_30w() {
    let found = "0 0 12 L-30W * ? 2013/1014";
    let options = CronOptions::new(Dialect::Quartz).time_zone("UTC");
    from_cron(found, &options, Timestamp::UNIX_EPOCH).unwrap();

    let options = options.start("2026-01-01");
    let import = from_cron("0 0 12 L-30W * ?", &options, Timestamp::UNIX_EPOCH).unwrap();
    assert!(
        import
            .warnings()
            .iter()
            .any(|w| w.code() == "nearest_weekday"),
        "{:?}",
        import.warnings()
    );
    let schedule = Schedule::new(import.spec()).unwrap();
    let window = ExpandOptions::new()
        .from("2026-01-01T00:00:00Z".parse().unwrap())
        .to("2027-01-01T00:00:00Z".parse().unwrap());
    let got: Vec<Timestamp> = expand(&schedule, &window).unwrap().executions().collect();
    let want: Vec<Timestamp> = (1..=12)
        .map(|m| date(2026, m, 1))
        .filter(|first| first.days_in_month() == 31)
        .map(|first| match first.weekday() {
            Weekday::Saturday => first.tomorrow().unwrap().tomorrow().unwrap(),
            Weekday::Sunday => first.tomorrow().unwrap(),
            _ => first,
        })
        .map(|day| TimeZone::UTC.to_timestamp(day.at(12, 0, 0, 0)).unwrap())
        .collect();
    assert_eq!(got, want);
}
