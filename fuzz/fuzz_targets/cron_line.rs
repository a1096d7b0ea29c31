//! Any text in any dialect: the cron parsers answer a spec or an error,
//! never panic, and a spec they build is valid and expands (bounded).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallclock::{CronOptions, Dialect, ExpandOptions, Schedule, expand, from_cron};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(line) = std::str::from_utf8(rest) else {
        return;
    };
    let dialect = Dialect::ALL[usize::from(first) % Dialect::ALL.len()];
    let options = CronOptions::new(dialect)
        .time_zone("America/Santiago")
        .start("2026-01-01");
    if let Ok(import) = from_cron(line, &options, jiff::Timestamp::UNIX_EPOCH) {
        let schedule = Schedule::new(import.spec()).expect("from_cron checks its spec");
        let _ = expand(&schedule, &ExpandOptions::new().limit(20));
    }
});
