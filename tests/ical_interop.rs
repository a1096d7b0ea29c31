//! `to_vcalendar` output read back by an independent iCalendar parser:
//! ical.js (www/node_modules, installed by scripts/setup.sh) parses the
//! file, builds the zone from its VTIMEZONE and expands the event; the
//! instants must be wallclock's own.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use std::process::Command;

use wallclock::{ExpandOptions, Schedule, Spec, expand, fmt_instant, to_vcalendar};

/// The instants ical.js expands from `text` (at most `max`).
fn ical_js_instants(name: &str, text: &str, max: usize) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(
        root.join("www/node_modules/ical.js/package.json").exists(),
        "ical.js is missing: run `bash scripts/setup.sh`"
    );
    let dir = std::env::temp_dir().join(format!("wallclock-ical-interop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.ics"));
    std::fs::write(&file, text).unwrap();
    let out = Command::new("node")
        .arg(root.join("tests/interop/ical-expand.mjs"))
        .arg(&file)
        .arg(max.to_string())
        .output()
        .expect("run node");
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON array")
}

fn wallclock_instants(spec: &Spec) -> Vec<String> {
    let schedule = Schedule::new(spec).unwrap();
    expand(&schedule, &ExpandOptions::new())
        .unwrap()
        .executions()
        .map(fmt_instant)
        .collect()
}

#[test]
fn ical_js_expands_the_exported_file_to_the_same_instants() {
    let now: jiff::Timestamp = "2026-02-01T12:00:00Z".parse().unwrap();
    let cases = [
        // Across the EU spring change, with an EXDATE and an RDATE.
        (
            "berlin",
            r#"{"timeZone":"Europe/Berlin","start":"2026-03-02T09:15","rrule":"FREQ=WEEKLY;COUNT=6","exdate":["2026-03-16T09:15"],"rdate":["2026-03-31T18:00"]}"#,
        ),
        // Across the US autumn change, bounded by a UTC UNTIL.
        (
            "new-york",
            r#"{"timeZone":"America/New_York","start":"2026-10-28T08:00","rrule":"FREQ=DAILY;UNTIL=20261106T000000Z"}"#,
        ),
        // A 30-minute shift, southern hemisphere.
        (
            "lord-howe",
            r#"{"timeZone":"Australia/Lord_Howe","start":"2026-01-15T10:00","rrule":"FREQ=MONTHLY;COUNT=12"}"#,
        ),
        // Negative DST (Irish Standard Time in summer).
        (
            "dublin",
            r#"{"timeZone":"Europe/Dublin","start":"2026-03-20T07:30","rrule":"FREQ=WEEKLY;BYDAY=MO,FR;COUNT=8"}"#,
        ),
        // An alias, written as its canonical name.
        (
            "calcutta",
            r#"{"timeZone":"Asia/Calcutta","start":"2026-05-01T09:00","rrule":"FREQ=DAILY;COUNT=3"}"#,
        ),
    ];
    for (name, json) in cases {
        let spec = Spec::from_json(json).unwrap();
        let text = to_vcalendar(&spec, now);
        let ours = wallclock_instants(&spec);
        assert!(ours.len() >= 3, "{name}: {ours:?}");
        let theirs = ical_js_instants(name, &text, ours.len() + 5);
        assert_eq!(theirs, ours, "{name}:\n{text}");
    }
}
