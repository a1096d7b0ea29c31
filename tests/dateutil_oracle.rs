//! Differential oracle (`tests/fixtures/dateutil.jsonl`): seeded random and
//! targeted RRULEs (BYWEEKNO, BYYEARDAY, BYSETPOS, sub-daily, month ends,
//! 29 February, ISO weeks 52/53) whose nominal occurrences in zone UTC were
//! computed by python-dateutil 2.9.0 and by a naive RFC 5545 expander
//! (`scripts/oracle/rfcref.py`), kept only where the two agree. wallclock
//! must produce exactly those nominals. The generator never ran wallclock;
//! regenerate with `python3 scripts/oracle/generate.py >
//! tests/fixtures/dateutil.jsonl` (its header says which semantics are
//! aligned and which dateutil defects make cases drop out).
//!
//! Native only: the wasm build runs the same expander, which the shared
//! corpus already checks there; this would add 1 350 expansions to each of
//! the Node and browser runs.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use wallclock::{ExpandOptions, Schedule, expand};

const FIXTURE: &str = include_str!("fixtures/dateutil.jsonl");
/// Both oracles stopped at 50 occurrences, so the expansion does too.
const LIMIT: usize = 50;

/// wallclock's nominals for one case, formatted as the fixture has them.
fn nominals(start: &str, rrule: &str) -> Result<Vec<String>, String> {
    let spec = serde_json::json!({ "timeZone": "UTC", "start": start, "rrule": rrule });
    let schedule = Schedule::from_json(&spec.to_string()).map_err(|e| format!("{e:?}"))?;
    let result =
        expand(&schedule, &ExpandOptions::new().limit(LIMIT)).map_err(|e| format!("{e:?}"))?;
    Ok(result
        .entries()
        .iter()
        .map(|e| e.nominal().strftime("%Y-%m-%dT%H:%M:%S").to_string())
        .collect())
}

/// Where two lists first differ, as a readable line.
fn first_difference(got: &[String], want: &[String]) -> String {
    let i = got
        .iter()
        .zip(want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    format!(
        "#{i}: wallclock {:?}, expected {:?} (lengths {} and {})",
        got.get(i),
        want.get(i),
        got.len(),
        want.len()
    )
}

#[test]
fn nominals_match_dateutil_and_the_rfc_reference() {
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut occurrences = 0;
    for (n, line) in FIXTURE.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let case: Value = serde_json::from_str(line).unwrap();
        let start = case["start"].as_str().unwrap();
        let rrule = case["rrule"].as_str().unwrap();
        let want: Vec<String> = case["nominals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        cases += 1;
        occurrences += want.len();
        let line_no = n + 1;
        match nominals(start, rrule) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!(
                "line {line_no}: start {start} {rrule}\n    {}",
                first_difference(&got, &want)
            )),
            Err(e) => failures.push(format!(
                "line {line_no}: start {start} {rrule}\n    wallclock error: {e}"
            )),
        }
    }
    assert!(cases >= 1000, "the fixture has only {cases} cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases ({occurrences} occurrences) differ from the oracles:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Rules that never match, bounded by a UTC UNTIL: the RFC reference gives
/// no occurrence (dateutil ran past the generator's timeout or refused the
/// rule, so they are not in the fixture). wallclock ran them to the step
/// ceiling (`limit_exceeded`) while the same rules with a local UNTIL ended
/// empty: a UTC UNTIL now bounds the nominal times too.
#[test]
fn a_utc_until_ends_a_rule_that_never_matches() {
    for rrule in [
        "FREQ=WEEKLY;UNTIL=20280126T080000Z;BYDAY=MO,WE;BYHOUR=0,9,23;BYMINUTE=0;BYSETPOS=7;WKST=FR",
        "FREQ=DAILY;UNTIL=20271110T080000Z;BYHOUR=9;BYSETPOS=2",
        "FREQ=HOURLY;INTERVAL=2;UNTIL=20271110T080000Z;BYHOUR=1",
    ] {
        assert_eq!(
            nominals("2027-11-03T08:00:00", rrule),
            Ok(vec![]),
            "{rrule}"
        );
    }
    // The bound keeps what UNTIL includes: the last daily run at UNTIL.
    let last = nominals("2027-11-03T08:00:00", "FREQ=DAILY;UNTIL=20271110T080000Z").unwrap();
    assert_eq!(last.last().map(String::as_str), Some("2027-11-10T08:00:00"));
}
