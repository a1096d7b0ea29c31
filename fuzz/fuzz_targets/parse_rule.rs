//! Any text: the RRULE parser answers a rule or an error, never panics, and
//! a rule it accepts prints a canonical form that parses back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(rule) = wallclock::Rule::parse(text) {
            let printed = rule.to_string();
            assert_eq!(wallclock::Rule::parse(&printed).as_ref(), Ok(&rule), "{printed}");
        }
    }
});
