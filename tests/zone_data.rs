//! The four places where jiff 1.0.2 answers from a zone's POSIX rule at the
//! zone's last explicit transition (README, "jiff and the last explicit
//! transition"), pinned: instant, note text and fold index, as the TZif
//! data has them (tzdata 2026f).
//!
//! Every zone is swept against its own instant→offset mapping in
//! `src/zone/sweep.rs`; these are the cases a user saw go wrong.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use wallclock::{Entry, ExpandOptions, Schedule, Status, expand};

fn entries(spec: &str) -> (Vec<Entry>, Vec<wallclock::Transition>) {
    let schedule = Schedule::from_json(spec).unwrap();
    let result = expand(&schedule, &ExpandOptions::new().limit(10)).unwrap();
    (result.entries().to_vec(), result.transitions().to_vec())
}

/// (nominal, instant, fold, status, note messages)
fn row(e: &Entry) -> (String, String, u8, Status, Vec<String>) {
    (
        e.nominal().to_string(),
        e.instant().map(|t| t.to_string()).unwrap_or_default(),
        e.fold(),
        e.status(),
        e.notes().iter().map(|n| n.message().to_owned()).collect(),
    )
}

fn transition(t: &wallclock::Transition) -> (String, i32, i32) {
    (
        t.instant.to_string(),
        t.offset_before.seconds(),
        t.offset_after.seconds(),
    )
}

/// Winamac went from Central back to Eastern time on 2007-03-11 at 02:00
/// CST (08:00Z), straight to 04:00 EDT; the zone's POSIX rule
/// (`EST5EDT,M3.2.0,M11.1.0`) would have put the change at 07:00Z.
#[test]
fn winamac_2007_snap_runs_at_08z_when_clocks_jump_from_02_to_04() {
    let (entries, transitions) = entries(
        r#"{"timeZone": "America/Indiana/Winamac", "start": "2007-03-10T02:30",
            "rrule": "FREQ=DAILY;COUNT=3", "gap": "snap"}"#,
    );
    assert_eq!(
        row(&entries[1]),
        (
            "2007-03-11T02:30:00".to_owned(),
            "2007-03-11T08:00:00Z".to_owned(),
            0,
            Status::Shifted,
            vec![
                "02:30 does not exist on 2007-03-11 in America/Indiana/Winamac (clocks jump from 02:00 to 04:00); runs at 04:00 EDT, when the clocks change".to_owned()
            ],
        )
    );
    assert_eq!(
        transitions.iter().map(transition).collect::<Vec<_>>(),
        [("2007-03-11T08:00:00Z".to_owned(), -6 * 3600, -4 * 3600)]
    );
}

/// Ciudad Juárez left Mexico's Central time for US Mountain time on
/// 2022-11-30 at 00:00 CST (06:00Z): 23:00–23:59 on the 29th occurs twice.
/// The POSIX rule (`MST7MDT,M3.2.0,M11.1.0`) has its last change before
/// that on 2022-11-06 at 08:00Z, which jiff reported as the transition
/// before any later instant; a time on the 29th listed after a later one
/// (an RDATE before the start) then read as plain MST.
#[test]
fn ciudad_juarez_2022_fold_is_seen_after_a_later_time() {
    let (entries, transitions) = entries(
        r#"{"timeZone": "America/Ciudad_Juarez", "start": "2022-12-05T23:30",
            "rrule": "FREQ=DAILY;COUNT=1", "rdate": ["2022-11-29T23:30"], "fold": "both"}"#,
    );
    let note = "23:30 occurs twice on 2022-11-29 in America/Ciudad_Juarez (clocks go back from 2022-11-30 00:00 to 2022-11-29 23:00); runs twice, at 23:30 CST and at 23:30 MST";
    assert_eq!(
        entries.iter().map(row).collect::<Vec<_>>(),
        [
            (
                "2022-11-29T23:30:00".to_owned(),
                "2022-11-30T05:30:00Z".to_owned(),
                0,
                Status::Scheduled,
                vec![note.to_owned()],
            ),
            (
                "2022-11-29T23:30:00".to_owned(),
                "2022-11-30T06:30:00Z".to_owned(),
                1,
                Status::Scheduled,
                vec![note.to_owned()],
            ),
            (
                "2022-12-05T23:30:00".to_owned(),
                "2022-12-06T06:30:00Z".to_owned(),
                0,
                Status::Scheduled,
                vec![],
            ),
        ]
    );
    assert_eq!(
        transitions.iter().map(transition).collect::<Vec<_>>(),
        [("2022-11-30T06:00:00Z".to_owned(), -6 * 3600, -7 * 3600)]
    );
}

/// Metlakatla returned from Pacific to Alaska time on 2019-01-20 at 02:00
/// PST (10:00Z): 01:00–01:59 occurs twice. The POSIX rule
/// (`AKST9AKDT,M3.2.0,M11.1.0`) has its last change before that on
/// 2018-11-04 at 10:00Z, which jiff reported as the transition before any
/// later instant.
#[test]
fn metlakatla_2019_fold_is_seen_after_a_later_time() {
    let (entries, transitions) = entries(
        r#"{"timeZone": "America/Metlakatla", "start": "2019-02-01T01:30",
            "rrule": "FREQ=DAILY;COUNT=1", "rdate": ["2019-01-20T01:30"], "fold": "second"}"#,
    );
    assert_eq!(
        entries.iter().map(row).collect::<Vec<_>>(),
        [
            (
                "2019-01-20T01:30:00".to_owned(),
                "2019-01-20T10:30:00Z".to_owned(),
                1,
                Status::Scheduled,
                vec!["01:30 occurs twice on 2019-01-20 in America/Metlakatla (clocks go back from 02:00 to 01:00); runs once, at the second (01:30 AKST)".to_owned()],
            ),
            (
                "2019-02-01T01:30:00".to_owned(),
                "2019-02-01T10:30:00Z".to_owned(),
                0,
                Status::Scheduled,
                vec![],
            ),
        ]
    );
    // The list covers the instants listed, from 10:30Z: the change at
    // 10:00Z is before it.
    assert_eq!(transitions, []);
}

/// Nuuk's last explicit transition, 2023-10-29 at 01:00Z, only ends the DST
/// flag: −02 before and after. The zone's POSIX rule
/// (`<-02>2<-01>,M3.5.0/-1,M10.5.0/0`) would have gone back from −01 then,
/// and jiff's civil lookup said 23:00–23:59 on the 28th occurs twice.
#[test]
fn nuuk_2023_late_october_evening_occurs_once() {
    let (entries, transitions) = entries(
        r#"{"timeZone": "America/Nuuk", "start": "2023-10-27T23:30",
            "rrule": "FREQ=DAILY;COUNT=3", "fold": "both"}"#,
    );
    let rows: Vec<_> = entries.iter().map(row).collect();
    assert_eq!(
        rows,
        [
            "2023-10-28T01:30:00Z",
            "2023-10-29T01:30:00Z",
            "2023-10-30T01:30:00Z"
        ]
        .iter()
        .zip(["2023-10-27", "2023-10-28", "2023-10-29"])
        .map(|(instant, day)| (
            format!("{day}T23:30:00"),
            (*instant).to_owned(),
            0,
            Status::Scheduled,
            vec![],
        ))
        .collect::<Vec<_>>()
    );
    assert_eq!(transitions, []);
}

/// A window bound written as a local time reads the same way as the
/// expansion: in Nuuk, 2023-10-28T23:30 is once, at 01:30Z.
#[test]
fn nuuk_2023_local_window_bound_is_the_one_instant() {
    let schedule = Schedule::from_json(
        r#"{"timeZone": "America/Nuuk", "start": "2023-10-27T23:30",
            "rrule": "FREQ=DAILY;COUNT=3"}"#,
    )
    .unwrap();
    let from = schedule.instant_at("2023-10-28T23:30", "from").unwrap();
    assert_eq!(from.to_string(), "2023-10-29T01:30:00Z");
    let result = expand(&schedule, &ExpandOptions::new().from(from)).unwrap();
    let nominals: Vec<String> = result
        .entries()
        .iter()
        .map(|e| e.nominal().to_string())
        .collect();
    assert_eq!(nominals, ["2023-10-28T23:30:00", "2023-10-29T23:30:00"]);
}
