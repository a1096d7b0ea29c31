//! Any JSON-ish text as a spec, expanded with a small limit and a window:
//! an answer or a structured error, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallclock::{ExpandOptions, Schedule, expand};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Fuzz the rule inside a fixed, valid spec, and the whole spec as text.
    let spec = serde_json_escape(text);
    let wrapped = format!(r#"{{"timeZone":"Europe/Berlin","start":"2026-03-29T02:30","rrule":"{spec}"}}"#);
    for candidate in [wrapped.as_str(), text] {
        if let Ok(schedule) = Schedule::from_json(candidate) {
            let options = ExpandOptions::new().limit(200).to("2030-01-01T00:00:00Z".parse().unwrap());
            if let Ok(result) = expand(&schedule, &options) {
                assert!(result.executions().count() <= 200);
            }
        }
    }
});

fn serde_json_escape(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .map(|c| if c == '"' || c == '\\' { ' ' } else { c })
        .collect()
}
