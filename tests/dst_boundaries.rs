//! DST boundary tables: every gap and fold policy at the last minute before,
//! the first and last minute inside, and the first minute after real
//! transitions of zones chosen for their oddities — New York, Dublin
//! (negative DST), Lord Howe (30-minute shift), Troll (2-hour shift), Sydney
//! (southern hemisphere), Apia (a missing day), Santiago and Havana
//! (midnight transitions) and Chatham (+12:45).
//!
//! The transitions are written out below from the tz database rules
//! (tzdata 2026f), not read from the library, so a wrong lookup fails here.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use jiff::civil::DateTime;
use jiff::tz::Offset;
use jiff::{SignedDuration, Timestamp};
use wallclock::{Entry, ExpandOptions, NoteCode, Schedule, Status, expand};

/// (zone, transition instant, offset before (s), offset after (s))
const TRANSITIONS: &[(&str, &str, i32, i32)] = &[
    (
        "America/New_York",
        "2026-03-08T07:00:00Z",
        -5 * 3600,
        -4 * 3600,
    ),
    (
        "America/New_York",
        "2026-11-01T06:00:00Z",
        -4 * 3600,
        -5 * 3600,
    ),
    ("Europe/Dublin", "2026-03-29T01:00:00Z", 0, 3600),
    ("Europe/Dublin", "2026-10-25T01:00:00Z", 3600, 0),
    (
        "Australia/Lord_Howe",
        "2026-04-04T15:00:00Z",
        11 * 3600,
        10 * 3600 + 1800,
    ),
    (
        "Australia/Lord_Howe",
        "2026-10-03T15:30:00Z",
        10 * 3600 + 1800,
        11 * 3600,
    ),
    ("Antarctica/Troll", "2026-03-29T01:00:00Z", 0, 2 * 3600),
    ("Antarctica/Troll", "2026-10-25T01:00:00Z", 2 * 3600, 0),
    (
        "Australia/Sydney",
        "2026-04-04T16:00:00Z",
        11 * 3600,
        10 * 3600,
    ),
    (
        "Australia/Sydney",
        "2026-10-03T16:00:00Z",
        10 * 3600,
        11 * 3600,
    ),
    (
        "Pacific/Apia",
        "2011-12-30T10:00:00Z",
        -10 * 3600,
        14 * 3600,
    ),
    (
        "America/Santiago",
        "2026-04-05T03:00:00Z",
        -3 * 3600,
        -4 * 3600,
    ),
    (
        "America/Santiago",
        "2026-09-06T04:00:00Z",
        -4 * 3600,
        -3 * 3600,
    ),
    (
        "America/Havana",
        "2026-03-08T05:00:00Z",
        -5 * 3600,
        -4 * 3600,
    ),
    (
        "America/Havana",
        "2025-11-02T05:00:00Z",
        -4 * 3600,
        -5 * 3600,
    ),
    (
        "Pacific/Chatham",
        "2026-04-04T14:00:00Z",
        13 * 3600 + 45 * 60,
        12 * 3600 + 45 * 60,
    ),
    (
        "Pacific/Chatham",
        "2026-09-26T14:00:00Z",
        12 * 3600 + 45 * 60,
        13 * 3600 + 45 * 60,
    ),
];

const MINUTE: SignedDuration = SignedDuration::from_mins(1);

fn offset(secs: i32) -> Offset {
    Offset::from_seconds(secs).unwrap()
}

fn nominal_string(dt: DateTime) -> String {
    dt.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

/// Expands a single nominal time (no rule: `start` is the one occurrence).
fn resolve(zone: &str, nominal: DateTime, policy: (&str, &str)) -> Vec<Entry> {
    let spec = format!(
        r#"{{"timeZone":"{zone}","start":"{}","{}":"{}"}}"#,
        nominal_string(nominal),
        policy.0,
        policy.1
    );
    let schedule = Schedule::from_json(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    expand(&schedule, &ExpandOptions::new())
        .unwrap()
        .entries()
        .to_vec()
}

fn instant(dt: DateTime, off: Offset) -> Timestamp {
    off.to_timestamp(dt).unwrap()
}

fn assert_runs(case: &str, entries: &[Entry], expect: &[(Timestamp, Status, u8)]) {
    let got: Vec<(Option<Timestamp>, Status, u8)> = entries
        .iter()
        .map(|e| (e.instant(), e.status(), e.fold()))
        .collect();
    let want: Vec<(Option<Timestamp>, Status, u8)> =
        expect.iter().map(|&(t, s, f)| (Some(t), s, f)).collect();
    assert_eq!(got, want, "{case}");
}

#[test]
fn every_policy_at_the_edges_of_every_transition() {
    let mut checked = 0;
    for &(zone, at, before, after) in TRANSITIONS {
        let t: Timestamp = at.parse().unwrap();
        let (ob, oa) = (offset(before), offset(after));
        let wall_before = ob.to_datetime(t);
        let wall_after = oa.to_datetime(t);
        let width = SignedDuration::from_secs(i64::from((after - before).abs()));
        if after > before {
            // A gap: local times in [wall_before, wall_after) do not exist.
            let last_before = wall_before - MINUTE;
            let first_in = wall_before;
            let last_in = wall_after - MINUTE;
            let first_after = wall_after;
            for policy in ["skip", "shift", "snap"] {
                let case = |what: &str| format!("{zone} {at} gap {policy} {what}");
                let p = ("gap", policy);
                assert_runs(
                    &case("last-before"),
                    &resolve(zone, last_before, p),
                    &[(instant(last_before, ob), Status::Scheduled, 0)],
                );
                assert_runs(
                    &case("first-after"),
                    &resolve(zone, first_after, p),
                    &[(t, Status::Scheduled, 0)],
                );
                for (what, nominal) in [("first-in", first_in), ("last-in", last_in)] {
                    let entries = resolve(zone, nominal, p);
                    assert_eq!(entries.len(), 1, "{}", case(what));
                    let e = &entries[0];
                    let note = &e.notes()[0];
                    assert!(
                        note.message().contains(zone),
                        "{}: {}",
                        case(what),
                        note.message()
                    );
                    match policy {
                        "skip" => {
                            assert_eq!(
                                (e.status(), e.instant()),
                                (Status::Skipped, None),
                                "{}",
                                case(what)
                            );
                            assert_eq!(note.code(), NoteCode::GapSkipped);
                            assert_eq!(e.transition(), Some(t), "{}", case(what));
                        }
                        "shift" => {
                            // RFC 5545 §3.3.5: read with the offset before the gap,
                            // i.e. moved forward by the gap's width.
                            assert_runs(
                                &case(what),
                                &entries,
                                &[(instant(nominal, ob), Status::Shifted, 0)],
                            );
                            assert_eq!(e.local(), Some(nominal + width), "{}", case(what));
                            assert_eq!(note.code(), NoteCode::GapShifted);
                        }
                        _ => {
                            assert_runs(&case(what), &entries, &[(t, Status::Shifted, 0)]);
                            assert_eq!(e.local(), Some(wall_after), "{}", case(what));
                            assert_eq!(note.code(), NoteCode::GapSnapped);
                        }
                    }
                }
                checked += 4;
            }
        } else {
            // A fold: local times in [wall_after, wall_before) occur twice.
            let last_before = wall_after - MINUTE;
            let first_in = wall_after;
            let last_in = wall_before - MINUTE;
            let first_after = wall_before;
            for policy in ["first", "second", "both"] {
                let case = |what: &str| format!("{zone} {at} fold {policy} {what}");
                let p = ("fold", policy);
                assert_runs(
                    &case("last-before"),
                    &resolve(zone, last_before, p),
                    &[(instant(last_before, ob), Status::Scheduled, 0)],
                );
                assert_runs(
                    &case("first-after"),
                    &resolve(zone, first_after, p),
                    &[(instant(first_after, oa), Status::Scheduled, 0)],
                );
                for (what, nominal) in [("first-in", first_in), ("last-in", last_in)] {
                    let entries = resolve(zone, nominal, p);
                    let first = (instant(nominal, ob), Status::Scheduled, 0);
                    let second = (instant(nominal, oa), Status::Scheduled, 1);
                    let (expect, code): (Vec<_>, _) = match policy {
                        "first" => (vec![first], NoteCode::FoldFirst),
                        "second" => (vec![second], NoteCode::FoldSecond),
                        _ => (vec![first, second], NoteCode::FoldBoth),
                    };
                    assert_runs(&case(what), &entries, &expect);
                    assert!(first.0 < t && second.0 >= t, "{}", case(what));
                    for e in &entries {
                        assert_eq!(e.notes()[0].code(), code, "{}", case(what));
                        assert_eq!(e.local(), Some(nominal), "{}", case(what));
                    }
                    let keys: Vec<String> = entries.iter().map(|e| e.key()).collect();
                    let base = format!("preview|{}", nominal_string(nominal));
                    match policy {
                        "both" => assert_eq!(keys, vec![base.clone(), format!("{base}|fold=1")]),
                        _ => assert_eq!(keys, vec![base]),
                    }
                }
                checked += 4;
            }
        }
    }
    assert_eq!(checked, TRANSITIONS.len() * 12);
}

#[test]
fn gap_notes_name_the_clock_jump() {
    let nominal: DateTime = "2026-03-08T02:30".parse().unwrap();
    let e = &resolve("America/New_York", nominal, ("gap", "shift"))[0];
    assert_eq!(
        e.notes()[0].message(),
        "02:30 does not exist on 2026-03-08 in America/New_York (clocks jump from 02:00 to 03:00); runs at 03:30 EDT"
    );
    let nominal: DateTime = "2011-12-30T09:00".parse().unwrap();
    let e = &resolve("Pacific/Apia", nominal, ("gap", "skip"))[0];
    assert_eq!(
        e.notes()[0].message(),
        "09:00 does not exist on 2011-12-30 in Pacific/Apia (clocks jump from 2011-12-30 00:00 to 2011-12-31 00:00); skipped, and not counted"
    );
    let nominal: DateTime = "2026-10-04T02:15".parse().unwrap();
    let e = &resolve("Australia/Lord_Howe", nominal, ("gap", "snap"))[0];
    assert_eq!(
        e.notes()[0].message(),
        "02:15 does not exist on 2026-10-04 in Australia/Lord_Howe (clocks jump from 02:00 to 02:30); runs at 02:30 +11, when the clocks change"
    );
}

#[test]
fn fold_notes_name_both_wall_times() {
    let nominal: DateTime = "2026-11-01T01:30".parse().unwrap();
    let e = &resolve("America/New_York", nominal, ("fold", "both"))[0];
    assert_eq!(
        e.notes()[0].message(),
        "01:30 occurs twice on 2026-11-01 in America/New_York (clocks go back from 02:00 to 01:00); runs twice, at 01:30 EDT and at 01:30 EST"
    );
    let nominal: DateTime = "2026-04-04T23:30".parse().unwrap();
    let e = &resolve("America/Santiago", nominal, ("fold", "second"))[0];
    assert_eq!(
        e.notes()[0].message(),
        "23:30 occurs twice on 2026-04-04 in America/Santiago (clocks go back from 2026-04-05 00:00 to 2026-04-04 23:00); runs once, at the second (23:30 -04)"
    );
}
