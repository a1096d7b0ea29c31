//! Any text as a spec's JSON (the reader of `--spec FILE` and of every JS
//! spec object): a spec or a structured error, never a panic or a hang. A
//! spec it accepts is validated, expanded (a small limit), described, its
//! clock-change notices listed for a year, its misfire decisions made, and
//! printed as iCalendar that reads back into a spec that validates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallclock::{Due, ExpandOptions, Schedule, describe, expand, notices, parse_ical, to_ical};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(schedule) = Schedule::from_json(text) else { return };
    let validation = wallclock::validate(&schedule);
    assert!(validation.valid);
    let Ok(result) = expand(&schedule, &ExpandOptions::new().limit(50)) else { return };
    assert!(result.executions().count() <= 50);
    assert!(!result.to_json().is_empty());
    let _ = describe(&schedule);
    if let Some(first) = result.executions().next() {
        let (from, to) = wallclock::notice_window(&schedule, first);
        let _ = notices(&schedule, from, to);
        let due: Vec<Due> = result
            .entries()
            .iter()
            .filter_map(|e| Some(Due { key: e.key(), instant: e.instant()? }))
            .collect();
        let now = result.executions().last().unwrap_or(first);
        let decisions = wallclock::decide_misfires(&schedule, &due, now);
        assert_eq!(decisions.len(), due.len());
    }
    // A valid spec prints an event that reads back into a valid spec.
    let printed = to_ical(schedule.spec());
    let again = parse_ical(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
    if let Err(e) = Schedule::new(&again) {
        panic!("{printed}: {e}");
    }
});
