//! Inputs the fuzz targets (`fuzz/fuzz_targets/`, `scripts/fuzz.sh`) once
//! stopped on, kept as tests of the normal suite, which runs on stable.
//! Each says which target found it and what the answer must be.
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{ErrorCode, ExpandOptions, IcalOptions, Schedule, expand, parse_ical_events};

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
