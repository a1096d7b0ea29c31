//! Any text as a window (`from`, `to`, `limit`, one per line) over one of
//! a few schedules chosen by the first byte, read as the command line and
//! the JS options are read (an instant, a local date-time or date in the
//! zone, a duration): a window or a structured error, never a panic; an
//! accepted window expands within its limit, or fails with an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallclock::{ExpandOptions, Schedule, expand};

const SPECS: &[&str] = &[
    r#"{"timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY","gap":"shift"}"#,
    r#"{"timeZone":"Australia/Lord_Howe","start":"2026-04-04T01:15","rrule":"FREQ=HOURLY;COUNT=200","fold":"both"}"#,
    r#"{"timeZone":"Europe/Berlin","start":"2026-01-31T08:00","rrule":"FREQ=MONTHLY;BYMONTHDAY=31","invalidDate":"forward"}"#,
    r#"{"timeZone":"Pacific/Apia","start":"2011-12-28T09:00","rrule":"FREQ=DAILY;UNTIL=20120105"}"#,
    r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"FREQ=SECONDLY;COUNT=100000"}"#,
    r#"{"timeZone":"America/Santiago","start":"2026-04-04T23:30","rdate":["2026-09-06T00:00"]}"#,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let schedule = Schedule::from_json(SPECS[usize::from(pick) % SPECS.len()]).unwrap();
    let mut lines = text.splitn(3, '\n');
    let from = lines.next().filter(|s| !s.is_empty());
    let to = lines.next().filter(|s| !s.is_empty());
    let limit = lines.next().and_then(|l| l.trim().parse::<u64>().ok());
    for bound in [from, to].into_iter().flatten() {
        let _ = schedule.instant_at(bound, "from");
    }
    let Ok(options) = ExpandOptions::parse(&schedule, limit, from, to) else { return };
    let cap = options.get_limit().unwrap_or(300).min(300);
    let expanded = expand(&schedule, &options.limit(cap));
    if let (Some(f), Some(t)) = (options.get_from(), options.get_to())
        && t < f
    {
        let err = expanded.expect_err("a window that ends before it starts is an error");
        assert_eq!(err.code(), wallclock::ErrorCode::InvalidOption);
        return;
    }
    if let Ok(result) = expanded {
        assert!(result.executions().count() <= cap);
        for at in result.executions() {
            assert!(options.get_from().is_none_or(|f| at >= f));
            assert!(options.get_to().is_none_or(|t| at < t));
        }
    }
});
