//! iCalendar import that loses nothing: every VEVENT, overrides as EXDATE
//! and RDATE, all-day and UTC starts, Windows zone names.
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{
    ErrorCode, ExpandOptions, IcalOptions, Schedule, expand, fmt_instant, parse_ical,
    parse_ical_events,
};

fn calendar(events: &[&str]) -> String {
    let mut text = String::from("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n");
    for e in events {
        text.push_str("BEGIN:VEVENT\r\n");
        text.push_str(e);
        text.push_str("END:VEVENT\r\n");
    }
    text.push_str("END:VCALENDAR\r\n");
    text
}

const STANDUP: &str =
    "UID:standup\r\nDTSTART;TZID=Europe/Berlin:20260302T091500\r\nRRULE:FREQ=DAILY;COUNT=5\r\n";
const REVIEW: &str =
    "UID:review\r\nDTSTART;TZID=America/New_York:20260306T140000\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\n";

/// The events read from `text`, none refused.
fn events_of(text: &str, options: &IcalOptions) -> Vec<wallclock::IcalEvent> {
    let import = parse_ical_events(text, options).unwrap();
    assert_eq!(import.refused(), [], "nothing refused");
    import.events().to_vec()
}

fn codes(event: &wallclock::IcalEvent) -> Vec<&str> {
    event.warnings().iter().map(|w| w.code()).collect()
}

fn instants(spec: &wallclock::Spec) -> Vec<String> {
    expand(&Schedule::new(spec).unwrap(), &ExpandOptions::new())
        .unwrap()
        .executions()
        .map(fmt_instant)
        .collect()
}

#[test]
fn every_event_of_a_calendar_is_read() {
    let text = calendar(&[STANDUP, REVIEW]);
    let events = parse_ical_events(&text, &IcalOptions::new())
        .unwrap()
        .events()
        .to_vec();
    let uids: Vec<_> = events.iter().map(|e| e.uid()).collect();
    assert_eq!(uids, [Some("standup"), Some("review")]);
    assert_eq!(events[1].spec().time_zone, "America/New_York");
    // A single spec cannot hold two events: refused, naming both.
    let err = parse_ical(&text).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    assert!(
        err.message()
            .contains("the calendar has 2 events (UIDs `standup`, `review`)"),
        "{err}"
    );
    // `--uid` picks one.
    let picked = events_of(&text, &IcalOptions::new().uid("review"));
    assert_eq!(picked.len(), 1);
    assert_eq!(picked[0].spec().start, "2026-03-06T14:00");
    let err = parse_ical_events(&text, &IcalOptions::new().uid("lunch")).unwrap_err();
    assert_eq!(err.field(), Some("uid"));
    assert!(err.message().contains("`standup`, `review`"), "{err}");
}

#[test]
fn a_moved_occurrence_becomes_an_exdate_and_an_rdate() {
    let moved = "UID:standup\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260304T091500\r\nDTSTART;TZID=Europe/Berlin:20260304T100000\r\n";
    let text = calendar(&[STANDUP, moved, REVIEW]);
    let events = events_of(&text, &IcalOptions::new());
    assert_eq!(events.len(), 2, "the override is not an event of its own");
    let spec = events[0].spec();
    assert_eq!(spec.exdate, ["2026-03-04T09:15"]);
    assert_eq!(spec.rdate, ["2026-03-04T10:00"]);
    assert_eq!(codes(&events[0]), ["override_moved"]);
    let runs = instants(spec);
    assert_eq!(runs.len(), 5);
    assert!(
        runs.contains(&"2026-03-04T09:00:00Z".to_owned()),
        "{runs:?}"
    );
    assert!(
        !runs.contains(&"2026-03-04T08:15:00Z".to_owned()),
        "{runs:?}"
    );
}

#[test]
fn overrides_in_utc_or_another_zone_land_at_their_instant() {
    // 08:15Z is 09:15 in Berlin; 04:00 in New York is 10:00 in Berlin.
    let moved = "UID:standup\r\nRECURRENCE-ID:20260303T081500Z\r\nDTSTART;TZID=America/New_York:20260303T040000\r\n";
    let events = events_of(&calendar(&[STANDUP, moved]), &IcalOptions::new());
    assert_eq!(events[0].spec().exdate, ["2026-03-03T09:15"]);
    assert_eq!(events[0].spec().rdate, ["2026-03-03T10:00"]);
}

#[test]
fn a_cancelled_occurrence_becomes_an_exdate() {
    let cancelled = "UID:standup\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260305T091500\r\nSTATUS:CANCELLED\r\nDTSTART;TZID=Europe/Berlin:20260305T091500\r\n";
    let events = events_of(&calendar(&[STANDUP, cancelled]), &IcalOptions::new());
    assert_eq!(events[0].spec().exdate, ["2026-03-05T09:15"]);
    assert!(events[0].spec().rdate.is_empty());
    assert_eq!(codes(&events[0]), ["override_cancelled"]);
    assert_eq!(instants(events[0].spec()).len(), 4);
}

#[test]
fn overrides_that_cannot_be_dates_are_refused() {
    let future = "UID:standup\r\nRECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260304T091500\r\nDTSTART;TZID=Europe/Berlin:20260304T100000\r\n";
    let text = calendar(&[STANDUP, future]);
    let err = parse_ical_events(&text, &IcalOptions::new()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    assert!(err.message().contains("THISANDFUTURE"), "{err}");
    assert_eq!(err.position(), text.find("RECURRENCE-ID"));

    // An override without its main event is refused; the calendar's
    // other events are read.
    let orphan = "UID:lunch\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260304T091500\r\nDTSTART;TZID=Europe/Berlin:20260304T100000\r\n";
    let import = parse_ical_events(&calendar(&[STANDUP, orphan]), &IcalOptions::new()).unwrap();
    assert_eq!(import.events().len(), 1);
    let refused = import.refused();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].code(), "event_refused");
    assert!(
        refused[0].message().starts_with("the event `lunch` is not read: an override (`RECURRENCE-ID`) of `UID` `lunch` has no main event"),
        "{refused:?}"
    );
    let err = parse_ical_events(&calendar(&[orphan]), &IcalOptions::new()).unwrap_err();
    assert!(err.message().contains("has no main event"), "{err}");
}

#[test]
fn an_all_day_event_is_refused_with_a_valid_fix_or_read_at_midnight() {
    let text = calendar(&["UID:holiday\r\nDTSTART;VALUE=DATE:20260306\r\nRRULE:FREQ=YEARLY\r\n"]);
    let err = parse_ical(&text).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    let m = err.message();
    assert!(m.contains("is an all-day event"), "{m}");
    assert!(!m.contains("floating"), "{m}");
    // The fix it suggests is a date-time, which a TZID may qualify.
    assert!(
        m.contains("`DTSTART;TZID=America/New_York:20260306T090000`"),
        "{m}"
    );
    assert_eq!(err.position(), text.find("20260306"));

    let events = events_of(&text, &IcalOptions::new().time_zone("Europe/Berlin"));
    assert_eq!(events[0].spec().start, "2026-03-06T00:00");
    assert_eq!(events[0].spec().time_zone, "Europe/Berlin");
    assert_eq!(codes(&events[0]), ["all_day_event"]);
}

#[test]
fn a_utc_start_is_read_in_the_zone_given() {
    let text = calendar(&[
        "UID:sync\r\nDTSTART:20260306T143000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEXDATE:20260307T143000Z\r\n",
    ]);
    let err = parse_ical(&text).unwrap_err();
    assert!(err.message().contains("`--tz`"), "{err}");
    let events = events_of(&text, &IcalOptions::new().time_zone("America/New_York"));
    let spec = events[0].spec();
    assert_eq!(spec.time_zone, "America/New_York");
    assert_eq!(spec.start, "2026-03-06T09:30");
    assert_eq!(spec.exdate, ["2026-03-07T09:30"]);
    assert_eq!(codes(&events[0]), ["utc_start"]);
    assert!(
        events[0].warnings()[0]
            .message()
            .contains("recurs at 09:30 local time"),
        "{:?}",
        events[0].warnings()
    );
    assert_eq!(
        instants(spec),
        ["2026-03-06T14:30:00Z", "2026-03-08T13:30:00Z"]
    );
}

#[test]
fn windows_and_alias_zone_names_are_read_canonical() {
    let text = calendar(&[
        "UID:w\r\nDTSTART;TZID=W. Europe Standard Time:20260302T091500\r\nEXDATE;TZID=Europe/Berlin:20260303T091500\r\nRRULE:FREQ=DAILY;COUNT=3\r\n",
        "UID:a\r\nDTSTART;TZID=US/Eastern:20260302T091500\r\n",
    ]);
    let events = events_of(&text, &IcalOptions::new());
    assert_eq!(events[0].spec().time_zone, "Europe/Berlin");
    assert_eq!(events[0].spec().exdate, ["2026-03-03T09:15"]);
    assert_eq!(codes(&events[0]), ["windows_zone"]);
    assert_eq!(events[1].spec().time_zone, "America/New_York");
    assert_eq!(codes(&events[1]), ["zone_alias"]);
}

/// Events of the kinds real exports hold that a schedule cannot take
/// without help: a start in UTC (no `--tz` given), an override whose main
/// event is not in the file, an all-day override of an event with a time
/// of day, a line that is not a content line.
const UNREADABLE: &[&str] = &[
    "UID:utc-weekly@google.com\r\nDTSTART:20190228T190000Z\r\nDTEND:20190228T200000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=TH\r\n",
    "UID:orphan@google.com\r\nRECURRENCE-ID;TZID=Europe/Berlin:20190307T200000\r\nDTSTART;TZID=Europe/Berlin:20190307T210000\r\n",
    "UID:holiday@google.com\r\nDTSTART;TZID=Europe/Berlin:20190301T090000\r\nRRULE:FREQ=YEARLY\r\n",
    "UID:holiday@google.com\r\nRECURRENCE-ID;VALUE=DATE:20200301\r\nDTSTART;VALUE=DATE:20200302\r\n",
    "UID:broken@example.com\r\nDTSTART;TZID=Europe/Berlin:20260302T091500\r\nTHIS LINE HAS NO COLON\r\n",
];

/// `--uid` reads only that event: the others are not read at all, so
/// none of them can stop it.
#[test]
fn uid_reads_only_that_event() {
    let mut events = UNREADABLE.to_vec();
    events.insert(2, STANDUP);
    let text = calendar(&events);
    let picked = events_of(&text, &IcalOptions::new().uid("standup"));
    assert_eq!(picked.len(), 1);
    assert_eq!(picked[0].spec().start, "2026-03-02T09:15");
    // The one named still fails on its own faults.
    let err =
        parse_ical_events(&text, &IcalOptions::new().uid("utc-weekly@google.com")).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    assert!(err.message().contains("is in UTC"), "{err}");
}

/// Without `--uid`, the events that can be read are, and each one that
/// cannot is a warning naming its UID and the reason; with none readable,
/// the call fails.
#[test]
fn unreadable_events_are_refused_one_by_one() {
    let mut events = UNREADABLE.to_vec();
    events.insert(2, STANDUP);
    let import = parse_ical_events(&calendar(&events), &IcalOptions::new()).unwrap();
    let uids: Vec<_> = import.events().iter().map(|e| e.uid()).collect();
    assert_eq!(uids, [Some("standup")]);
    let refused: Vec<String> = import.refused().iter().map(|w| w.message()).collect();
    assert!(import.refused().iter().all(|w| w.code() == "event_refused"));
    let expected = [
        "the event `utc-weekly@google.com` is not read: `DTSTART:20190228T190000Z` is in UTC",
        "the event `holiday@google.com` is not read: `RECURRENCE-ID` `20200301` is a date without a time, but the event's `DTSTART` has a time of day",
        "the event `broken@example.com` is not read: invalid iCalendar: expected `NAME:VALUE`, found `THIS LINE HAS NO COLON`",
        "the event `orphan@google.com` is not read: an override (`RECURRENCE-ID`) of `UID` `orphan@google.com` has no main event",
    ];
    assert_eq!(refused.len(), expected.len(), "{refused:#?}");
    for (got, want) in refused.iter().zip(expected) {
        assert!(
            got.starts_with(want),
            "{got}\n  expected it to start with\n{want}"
        );
    }
    // The codes stay readable in the sentence.
    assert!(refused[0].ends_with("(unsupported)"), "{}", refused[0]);

    let err = parse_ical_events(&calendar(UNREADABLE), &IcalOptions::new()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unsupported);
    assert!(
        err.message().starts_with("none of the 4 events can be read; the first, `utc-weekly@google.com`: `DTSTART:20190228T190000Z` is in UTC"),
        "{err}"
    );
}

/// An all-day series read at 00:00 in the zone given reads its all-day
/// overrides the same way: the occurrence of 17 August 2023 moved to the
/// 16th runs at midnight in Sydney on the 16th, not on the 17th.
#[test]
fn all_day_overrides_are_read_as_their_series() {
    let text = calendar(&[
        "UID:allday\r\nDTSTART;VALUE=DATE:20230810\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\n",
        "UID:allday\r\nRECURRENCE-ID;VALUE=DATE:20230817\r\nDTSTART;VALUE=DATE:20230816\r\n",
    ]);
    let events = events_of(&text, &IcalOptions::new().time_zone("Australia/Sydney"));
    let spec = events[0].spec();
    assert_eq!(spec.exdate, ["2023-08-17T00:00"]);
    assert_eq!(spec.rdate, ["2023-08-16T00:00"]);
    assert_eq!(codes(&events[0]), ["all_day_event", "override_moved"]);
    assert_eq!(
        instants(spec),
        [
            "2023-08-09T14:00:00Z",
            "2023-08-15T14:00:00Z",
            "2023-08-23T14:00:00Z"
        ]
    );
}

#[cfg(feature = "native")]
#[test]
fn from_ical_prints_every_event_and_its_warnings() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let moved = "UID:standup\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260304T091500\r\nDTSTART;TZID=Europe/Berlin:20260304T100000\r\n";
    let text = calendar(&[STANDUP, moved, REVIEW]);
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wallclock"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (stdout, stderr) = run(&["from-ical", "-"]);
    let specs: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(specs.len(), 2, "{stdout}");
    assert_eq!(specs[0]["rdate"], serde_json::json!(["2026-03-04T10:00"]));
    assert_eq!(specs[1]["timeZone"], "America/New_York");
    let warning: serde_json::Value = serde_json::from_str(stderr.lines().next().unwrap()).unwrap();
    assert_eq!(warning["warning"]["code"], "override_moved");
    let (stdout, _) = run(&["from-ical", "--uid", "review", "-"]);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.contains("America/New_York"), "{stdout}");
}

/// `wallclock from-ical`: the readable events on stdout, a warning per
/// refused one on stderr, exit 0; exit 2 when none can be read; `--uid`
/// past events that cannot be read.
#[cfg(feature = "native")]
#[test]
fn from_ical_imports_what_it_can_and_exits_2_when_nothing() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("wallclock-ical-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, events: &[&str], args: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, calendar(events)).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
            .arg("from-ical")
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let mut mixed = UNREADABLE.to_vec();
    mixed.push(STANDUP);
    let (code, stdout, stderr) = run("mixed.ics", &mixed, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.contains("\"start\":\"2026-03-02T09:15\""),
        "{stdout}"
    );
    let refused: Vec<serde_json::Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(refused.len(), 4, "{stderr}");
    assert!(
        refused
            .iter()
            .all(|w| w["warning"]["code"] == "event_refused")
    );
    assert!(
        refused[0]["warning"]["message"]
            .as_str()
            .unwrap()
            .starts_with("the event `utc-weekly@google.com` is not read"),
        "{stderr}"
    );
    let (code, stdout, stderr) = run("mixed-uid.ics", &mixed, &["--uid", "standup"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");

    let (code, stdout, stderr) = run("none.ics", UNREADABLE, &[]);
    assert_eq!(code, Some(2), "{stdout}");
    assert!(stdout.is_empty(), "{stdout}");
    let err: serde_json::Value = serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
    assert_eq!(err["code"], "unsupported", "{stderr}");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("none of the 4 events can be read"),
        "{stderr}"
    );
}
