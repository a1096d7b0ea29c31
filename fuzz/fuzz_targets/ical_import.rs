//! Any text as an iCalendar file, read as `wallclock from-ical` reads it
//! (every event, then with a zone for UTC, floating and all-day starts,
//! then one `UID`) and as a spec file: events or a structured error, never
//! a panic or a hang. Each event read has a valid spec, expands (a small
//! limit), and prints as iCalendar that reads back into the same spec.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallclock::{ExpandOptions, IcalOptions, Schedule, expand, parse_ical, parse_ical_events, to_ical};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = parse_ical(text);
    let mut first_uid = None;
    for options in [IcalOptions::new(), IcalOptions::new().time_zone("Australia/Sydney")] {
        let Ok(import) = parse_ical_events(text, &options) else { continue };
        assert!(!import.events().is_empty());
        for event in import.events() {
            first_uid = first_uid.or_else(|| event.uid().map(str::to_owned));
            let schedule = Schedule::new(event.spec())
                .unwrap_or_else(|e| panic!("an event read is valid: {e}"));
            let _ = expand(&schedule, &ExpandOptions::new().limit(20));
            let printed = to_ical(event.spec());
            let again = parse_ical(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
            assert_eq!(to_ical(&again), printed);
        }
    }
    // `--uid` reads that event only (a calendar may hold several main
    // events of one UID: each is read or refused on its own).
    if let Some(uid) = first_uid {
        let options = IcalOptions::new().time_zone("UTC").uid(uid.clone());
        if let Ok(one) = parse_ical_events(text, &options) {
            let named = format!("the event `{uid}` is not read");
            assert!(one.events().iter().all(|e| e.uid() == Some(uid.as_str())));
            assert!(one.refused().iter().all(|w| w.message().starts_with(&named)));
        }
    }
});
