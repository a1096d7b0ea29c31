//! Misfire decisions (docs/spec.md §4) against seed 000 §5.5: daily 09:00, last run
//! 20 October 09:01, the scheduler back at 24 October 12:00Z, maxLateness
//! two days.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use jiff::Timestamp;
use wallclock::{Decision, Due, ExpandOptions, Schedule, decide_misfires, expand};

const NOW: &str = "2026-10-24T12:00:00Z";

fn schedule(zone: &str, extra: &str) -> Schedule {
    let spec = format!(
        r#"{{"id":"digest","timeZone":"{zone}","start":"2026-10-20T09:00",
            "rdate":["2026-10-21T09:00","2026-10-22T09:00","2026-10-23T09:00","2026-10-24T09:00","2026-10-25T09:00"],
            "maxLateness":"P2D"{extra}}}"#
    );
    Schedule::from_json(&spec).unwrap()
}

/// The occurrences due at `now` that the scheduler missed: everything after
/// the 20th (which ran at 09:01) up to `now`.
fn missed(s: &Schedule, now: Timestamp) -> Vec<Due> {
    let from = s.instant_at("2026-10-20T09:01", "from").unwrap();
    let result = expand(s, &ExpandOptions::new().from(from).to(now)).unwrap();
    result
        .entries()
        .iter()
        .map(|e| Due {
            key: e.key(),
            instant: e.instant().unwrap(),
        })
        .collect()
}

fn decisions(zone: &str, extra: &str) -> Vec<(String, Decision)> {
    let s = schedule(zone, extra);
    let now: Timestamp = NOW.parse().unwrap();
    let due = missed(&s, now);
    let out = decide_misfires(&s, &due, now);
    // Nothing is left undecided.
    assert_eq!(out.len(), due.len());
    out.into_iter()
        .map(|d| (d.key[15..17].to_owned(), d.decision))
        .collect()
}

fn days(list: &[(&str, Decision)]) -> Vec<(String, Decision)> {
    list.iter().map(|&(d, x)| (d.to_owned(), x)).collect()
}

#[test]
fn seed_000_5_5_all() {
    use Decision::*;
    for zone in ["UTC", "Europe/Berlin"] {
        assert_eq!(
            decisions(zone, ""),
            days(&[("21", Expired), ("22", Expired), ("23", Run), ("24", Run)]),
            "{zone}"
        );
    }
}

#[test]
fn seed_000_5_5_latest_only() {
    use Decision::*;
    for zone in ["UTC", "Europe/Berlin"] {
        assert_eq!(
            decisions(zone, r#","misfire":"latest_only""#),
            days(&[
                ("21", Expired),
                ("22", Expired),
                ("23", Coalesced),
                ("24", Run)
            ]),
            "{zone}"
        );
    }
}

#[test]
fn seed_000_5_5_skip() {
    use Decision::*;
    for zone in ["UTC", "Europe/Berlin"] {
        assert_eq!(
            decisions(zone, r#","misfire":"skip""#),
            days(&[
                ("21", Expired),
                ("22", Expired),
                ("23", Skipped),
                ("24", Skipped)
            ]),
            "{zone}"
        );
    }
}

#[test]
fn max_catch_up_bounds_the_late_runs() {
    use Decision::*;
    assert_eq!(
        decisions("UTC", r#","maxCatchUp":1"#),
        days(&[
            ("21", Expired),
            ("22", Expired),
            ("23", Expired),
            ("24", Run)
        ])
    );
    assert_eq!(
        decisions("UTC", r#","maxCatchUp":0"#),
        days(&[
            ("21", Expired),
            ("22", Expired),
            ("23", Expired),
            ("24", Expired)
        ])
    );
    // Without maxLateness, maxCatchUp alone decides.
    let s = Schedule::from_json(
        r#"{"timeZone":"UTC","start":"2026-10-20T09:00","rdate":["2026-10-21T09:00","2026-10-22T09:00","2026-10-23T09:00","2026-10-24T09:00"],"maxCatchUp":2}"#,
    )
    .unwrap();
    let now: Timestamp = NOW.parse().unwrap();
    let due = missed(&s, now);
    let out: Vec<Decision> = decide_misfires(&s, &due, now)
        .into_iter()
        .map(|d| d.decision)
        .collect();
    assert_eq!(out, vec![Expired, Expired, Run, Run]);
}

#[test]
fn skip_runs_what_is_within_grace() {
    let s = Schedule::from_json(
        r#"{"timeZone":"UTC","start":"2026-10-24T11:50","rdate":["2026-10-24T11:56"],"misfire":"skip"}"#,
    )
    .unwrap();
    let now: Timestamp = NOW.parse().unwrap();
    let due = vec![
        Due {
            key: "a".into(),
            instant: "2026-10-24T11:50:00Z".parse().unwrap(),
        },
        Due {
            key: "b".into(),
            instant: "2026-10-24T11:56:00Z".parse().unwrap(),
        },
        // Not due yet: left out.
        Due {
            key: "c".into(),
            instant: "2026-10-24T12:01:00Z".parse().unwrap(),
        },
    ];
    let out = decide_misfires(&s, &due, now);
    let got: Vec<(&str, Decision)> = out.iter().map(|d| (d.key.as_str(), d.decision)).collect();
    assert_eq!(got, vec![("a", Decision::Skipped), ("b", Decision::Run)]);
    assert!(
        out[0].reason.to_string().contains("grace PT5M"),
        "{}",
        out[0].reason
    );
    assert_eq!(wallclock::fmt_duration(out[0].lateness), "PT10M");
}

#[test]
fn reasons_say_why() {
    let s = schedule("UTC", r#","misfire":"latest_only""#);
    let now: Timestamp = NOW.parse().unwrap();
    let out = decide_misfires(&s, &missed(&s, now), now);
    assert_eq!(
        out[0].reason.to_string(),
        "late by P3DT3H, more than maxLateness P2D"
    );
    assert_eq!(
        out[2].reason.to_string(),
        "coalesced into the newer occurrence `digest|2026-10-24T09:00:00`"
    );
    assert_eq!(
        out[3].reason.to_string(),
        "late by PT3H; the newest missed occurrence runs"
    );
}

#[test]
fn latest_only_runs_one_even_when_keys_repeat() {
    let s = schedule("UTC", r#","misfire":"latest_only""#);
    let now: Timestamp = NOW.parse().unwrap();
    let due = |key: &str, at: &str| Due {
        key: key.into(),
        instant: at.parse().unwrap(),
    };
    for list in [
        // The same occurrence listed twice.
        vec![
            due("k", "2026-10-24T09:00:00Z"),
            due("k", "2026-10-24T09:00:00Z"),
        ],
        // One key at two instants (a tz database change moved it).
        vec![
            due("k", "2026-10-24T10:00:00Z"),
            due("j", "2026-10-24T08:00:00Z"),
            due("k", "2026-10-24T09:00:00Z"),
        ],
    ] {
        let out = decide_misfires(&s, &list, now);
        let runs: Vec<_> = out
            .iter()
            .filter(|d| d.decision == Decision::Run)
            .map(|d| d.instant.to_string())
            .collect();
        // Exactly one run: the newest instant.
        assert_eq!(runs, vec![list[0].instant.to_string()], "{out:?}");
        assert_eq!(out.len(), list.len());
    }
}
