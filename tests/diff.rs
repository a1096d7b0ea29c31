//! `diff`: what an edit changes over a window, keyed by occurrence key,
//! each change with the spec field that explains it. Golden cases from seed
//! 000 (New York 02:30, Berlin "the 31st") and docs/spec.md §2, and properties:
//! a schedule's diff with itself is empty, and applying a diff to the old
//! expansion gives the new one.
#![cfg(not(target_arch = "wasm32"))]

use jiff::Timestamp;
use proptest::prelude::*;
use wallclock::{
    Cause, ChangeKind, Diff, ExpandOptions, Schedule, Status, diff, expand, fmt_instant,
};

fn schedule(json: &str) -> Schedule {
    Schedule::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn window(from: &str, to: &str) -> ExpandOptions {
    ExpandOptions::new()
        .from(from.parse::<Timestamp>().unwrap())
        .to(to.parse::<Timestamp>().unwrap())
}

/// `(kind, key, cause)` of every change, in order.
fn summary(d: &Diff) -> Vec<(ChangeKind, String, Option<Cause>)> {
    d.changes()
        .iter()
        .map(|c| (c.kind(), c.key().to_owned(), c.cause()))
        .collect()
}

#[test]
fn new_york_0230_skip_to_shift() {
    // Seed 000 §5.2: under `skip` the 8th is skipped and not counted, so
    // COUNT=4 reaches the 10th; under `shift` the 8th runs at 03:30 EDT and
    // the 10th is no longer an occurrence.
    let old = schedule(
        r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-06T02:30",
            "rrule":"FREQ=DAILY;COUNT=4"}"#,
    );
    let new = schedule(
        r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-06T02:30",
            "rrule":"FREQ=DAILY;COUNT=4","gap":"shift"}"#,
    );
    let d = diff(
        &old,
        &new,
        &window("2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"),
    )
    .unwrap();
    assert_eq!(
        summary(&d),
        vec![
            (
                ChangeKind::Changed,
                "daily|2026-03-08T02:30:00".into(),
                Some(Cause::Gap)
            ),
            (
                ChangeKind::Removed,
                "daily|2026-03-10T02:30:00".into(),
                Some(Cause::Gap)
            ),
        ]
    );
    let eighth = &d.changes()[0];
    assert_eq!(eighth.old().unwrap().status(), Status::Skipped);
    assert_eq!(eighth.old().unwrap().instant(), None);
    assert_eq!(eighth.new_side().unwrap().status(), Status::Shifted);
    assert_eq!(
        eighth
            .new_side()
            .unwrap()
            .instant()
            .map(fmt_instant)
            .as_deref(),
        Some("2026-03-08T07:30:00Z")
    );
    assert!(
        eighth
            .reason()
            .starts_with("`gap` `skip` → `shift`: 02:30 does not exist on 2026-03-08"),
        "{}",
        eighth.reason()
    );
    assert!(
        d.changes()[1].reason().contains("COUNT"),
        "{}",
        d.changes()[1].reason()
    );
    assert_eq!(d.unchanged(), 3);
    assert_eq!(d.fields().len(), 1);
    assert_eq!(d.fields()[0].field(), Cause::Gap);
}

#[test]
fn berlin_31st_to_last_day() {
    // Seed 000 §5.3: "the 31st" and "the last day" are different rules:
    // months with 31 days keep their occurrence (same key), the others gain
    // their last day.
    let old = schedule(
        r#"{"id":"rent","timeZone":"Europe/Berlin","start":"2026-01-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=31"}"#,
    );
    let new = schedule(
        r#"{"id":"rent","timeZone":"Europe/Berlin","start":"2026-01-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=-1"}"#,
    );
    let d = diff(
        &old,
        &new,
        &window("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"),
    )
    .unwrap();
    let added: Vec<String> = d
        .changes()
        .iter()
        .map(|c| {
            assert_eq!(c.kind(), ChangeKind::Added, "{c:?}");
            assert_eq!(c.cause(), Some(Cause::Rrule));
            assert_eq!(c.reason(), "`rrule` `BYMONTHDAY=31` → `BYMONTHDAY=-1`");
            c.key().to_owned()
        })
        .collect();
    assert_eq!(
        added,
        [
            "rent|2026-02-28T09:00:00",
            "rent|2026-04-30T09:00:00",
            "rent|2026-06-30T09:00:00",
            "rent|2026-09-30T09:00:00",
            "rent|2026-11-30T09:00:00",
        ]
    );
    // January, March, May, July, August, October, December.
    assert_eq!(d.unchanged(), 7);
}

#[test]
fn berlin_31st_omit_to_backward_is_the_invalid_date_policy() {
    let old = schedule(
        r#"{"id":"rent","timeZone":"Europe/Berlin","start":"2026-01-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6"}"#,
    );
    let new = schedule(
        r#"{"id":"rent","timeZone":"Europe/Berlin","start":"2026-01-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6","invalidDate":"backward"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    let first = &d.changes()[0];
    assert_eq!(first.kind(), ChangeKind::Added);
    assert_eq!(first.key(), "rent|2026-02-28T09:00:00");
    assert_eq!(first.cause(), Some(Cause::InvalidDate));
    assert!(first.reason().contains("2026-02-31"), "{}", first.reason());
    // COUNT=6 now ends in June instead of October.
    let removed: Vec<&str> = d
        .changes()
        .iter()
        .filter(|c| c.kind() == ChangeKind::Removed)
        .map(|c| c.key())
        .collect();
    assert_eq!(
        removed,
        [
            "rent|2026-07-31T09:00:00",
            "rent|2026-08-31T09:00:00",
            "rent|2026-10-31T09:00:00",
        ]
    );
}

#[test]
fn count_4_to_6_adds_two() {
    let old = schedule(
        r#"{"id":"d","timeZone":"Europe/Berlin","start":"2026-10-20T09:00",
            "rrule":"FREQ=DAILY;COUNT=4"}"#,
    );
    let new = schedule(
        r#"{"id":"d","timeZone":"Europe/Berlin","start":"2026-10-20T09:00",
            "rrule":"FREQ=DAILY;COUNT=6"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    assert_eq!(
        summary(&d),
        vec![
            (
                ChangeKind::Added,
                "d|2026-10-24T09:00:00".into(),
                Some(Cause::Rrule)
            ),
            (
                ChangeKind::Added,
                "d|2026-10-25T09:00:00".into(),
                Some(Cause::Rrule)
            ),
        ]
    );
    assert_eq!(d.changes()[0].reason(), "`rrule` `COUNT=4` → `COUNT=6`");
    assert_eq!(d.unchanged(), 4);
}

#[test]
fn a_zone_change_moves_every_occurrence_with_the_same_key() {
    let old = schedule(
        r#"{"id":"d","timeZone":"America/New_York","start":"2026-03-06T09:00",
            "rrule":"FREQ=DAILY;COUNT=5"}"#,
    );
    let new = schedule(
        r#"{"id":"d","timeZone":"America/Chicago","start":"2026-03-06T09:00",
            "rrule":"FREQ=DAILY;COUNT=5"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    assert_eq!(d.count(ChangeKind::Moved), 5);
    for c in d.changes() {
        assert_eq!(c.cause(), Some(Cause::TimeZone));
        let (a, b) = (
            c.old().unwrap().instant().unwrap(),
            c.new_side().unwrap().instant().unwrap(),
        );
        assert_eq!(b.duration_since(a).as_hours(), 1, "{c:?}");
        assert_eq!(
            c.reason(),
            "`timeZone` `America/New_York` → `America/Chicago`"
        );
    }
}

#[test]
fn an_id_change_changes_every_key() {
    let old = schedule(
        r#"{"id":"a","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=2"}"#,
    );
    let new = schedule(
        r#"{"id":"b","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=2"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    assert_eq!(
        (d.count(ChangeKind::Added), d.count(ChangeKind::Removed)),
        (2, 2)
    );
    assert!(d.changes().iter().all(|c| c.cause() == Some(Cause::Id)));
}

#[test]
fn exdate_names_the_date_it_removes() {
    let old = schedule(
        r#"{"id":"d","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=3"}"#,
    );
    let new = schedule(
        r#"{"id":"d","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=3",
            "exdate":["2026-01-02T09:00"]}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    assert_eq!(
        summary(&d),
        vec![(
            ChangeKind::Removed,
            "d|2026-01-02T09:00:00".into(),
            Some(Cause::Exdate)
        )]
    );
    assert_eq!(
        d.changes()[0].reason(),
        "`exdate` `-` → `2026-01-02T09:00:00`: `exdate` now lists 2026-01-02T09:00:00"
    );
}

#[test]
fn fold_first_to_both_adds_the_second_run() {
    let old = schedule(
        r#"{"id":"n","timeZone":"America/New_York","start":"2026-10-31T01:30",
            "rrule":"FREQ=DAILY;COUNT=3"}"#,
    );
    let new = schedule(
        r#"{"id":"n","timeZone":"America/New_York","start":"2026-10-31T01:30",
            "rrule":"FREQ=DAILY;COUNT=3","fold":"both"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    let kinds: Vec<(ChangeKind, &str)> = d.changes().iter().map(|c| (c.kind(), c.key())).collect();
    assert_eq!(
        kinds,
        [
            (ChangeKind::Changed, "n|2026-11-01T01:30:00"),
            (ChangeKind::Added, "n|2026-11-01T01:30:00|fold=1"),
            (ChangeKind::Removed, "n|2026-11-02T01:30:00"),
        ]
    );
    assert!(d.changes().iter().all(|c| c.cause() == Some(Cause::Fold)));
}

#[test]
fn the_json_shape() {
    let old = schedule(
        r#"{"id":"d","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=1"}"#,
    );
    let new = schedule(
        r#"{"id":"d","timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=2"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
    assert_eq!(v["identical"], false);
    assert_eq!(v["summary"]["added"], 1);
    assert_eq!(v["summary"]["unchanged"], 1);
    assert_eq!(v["fields"][0]["field"], "rrule");
    assert_eq!(v["fields"][0]["old"], "FREQ=DAILY;COUNT=1");
    let c = &v["changes"][0];
    assert_eq!(c["change"], "added");
    assert_eq!(c["key"], "d|2026-01-02T09:00:00");
    assert_eq!(c["nominal"], "2026-01-02T09:00:00");
    assert_eq!(c["old"], serde_json::Value::Null);
    assert_eq!(c["new"]["status"], "scheduled");
    assert_eq!(c["new"]["instant"], "2026-01-02T09:00:00Z");
    assert_eq!(c["cause"], "rrule");
}

#[test]
fn an_unbounded_rule_needs_a_window_like_expand() {
    let s = schedule(r#"{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY"}"#);
    let e = diff(&s, &s, &ExpandOptions::new()).unwrap_err();
    let x = expand(&s, &ExpandOptions::new()).unwrap_err();
    assert_eq!(e.code(), x.code());
}

/// One entry as a diff sees it: key, status, instant, note codes.
type Side = (String, Status, Option<Timestamp>, Vec<&'static str>);

fn side(key: &str, status: Status, instant: Option<Timestamp>, notes: &[wallclock::Note]) -> Side {
    let codes = notes.iter().map(|n| n.code().as_str()).collect();
    (key.to_owned(), status, instant, codes)
}

/// What one expansion holds, as a sorted multiset: a key can stand twice
/// (an invalid date merged into a date the rule also generates).
fn sides_of(s: &Schedule, options: &ExpandOptions) -> Vec<Side> {
    let mut out: Vec<Side> = expand(s, options)
        .unwrap()
        .entries()
        .iter()
        .map(|e| side(&e.key(), e.status(), e.instant(), e.notes()))
        .collect();
    out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    out
}

const ZONES: &[&str] = &[
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",
    "Pacific/Apia",
    "America/Chicago",
];

prop_compose! {
    fn spec_json()(
        zone in prop::sample::select(ZONES),
        day in 1u8..29,
        hour in prop::sample::select(vec![0u8, 1, 2, 3, 9]),
        minute in prop::sample::select(vec![0u8, 30]),
        rule in prop::sample::select(vec![
            "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=SU,MO", "FREQ=MONTHLY;BYMONTHDAY=31",
            "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=HOURLY;INTERVAL=7", "FREQ=DAILY;BYHOUR=1,2,3",
            "FREQ=MONTHLY;BYMONTHDAY=1,31", "FREQ=MONTHLY;BYMONTHDAY=30,31",
        ]),
        count in prop::option::of(1u32..30),
        gap in prop::sample::select(vec!["skip", "shift", "snap"]),
        fold in prop::sample::select(vec!["first", "second", "both"]),
        invalid in prop::sample::select(vec!["omit", "backward", "forward"]),
        exdate in prop::option::of(1u8..29),
    ) -> String {
        let count = count.map(|c| format!(";COUNT={c}")).unwrap_or_default();
        let exdate = exdate
            .map(|d| format!(r#","exdate":["2026-03-{d:02}T{hour:02}:{minute:02}"]"#))
            .unwrap_or_default();
        format!(
            r#"{{"id":"p","timeZone":"{zone}","start":"2026-02-{day:02}T{hour:02}:{minute:02}",
                "rrule":"{rule}{count}","gap":"{gap}","fold":"{fold}","invalidDate":"{invalid}"{exdate}}}"#
        )
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_schedule_has_no_diff_with_itself(json in spec_json()) {
        let s = schedule(&json);
        let options = window("2026-02-01T00:00:00Z", "2026-06-01T00:00:00Z");
        let d = diff(&s, &s, &options).unwrap();
        prop_assert!(d.is_empty(), "{json}: {:?}", d.changes());
        prop_assert!(d.fields().is_empty());
    }

    #[test]
    fn applying_the_diff_to_the_old_expansion_gives_the_new(a in spec_json(), b in spec_json()) {
        let (old, new) = (schedule(&a), schedule(&b));
        let options = window("2026-02-01T00:00:00Z", "2026-06-01T00:00:00Z");
        let d = diff(&old, &new, &options).unwrap();
        let mut sides = sides_of(&old, &options);
        for c in d.changes() {
            prop_assert!(c.cause().is_some(), "{c:?}");
            if let Some(o) = c.old() {
                let gone = side(c.key(), o.status(), o.instant(), o.notes());
                let at = sides.iter().position(|s| *s == gone);
                prop_assert!(at.is_some(), "{c:?} names an old entry that is not there");
                sides.remove(at.unwrap());
            }
            if let Some(n) = c.new_side() {
                sides.push(side(c.key(), n.status(), n.instant(), n.notes()));
            }
        }
        sides.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        prop_assert_eq!(sides, sides_of(&new, &options));
        prop_assert_eq!(d.is_empty(), sides_of(&old, &options) == sides_of(&new, &options));
    }
}

#[test]
fn a_key_that_stands_twice_is_paired_in_order() {
    // Under `forward`, 31 April moves onto 1 May, which BYMONTHDAY=1 also
    // generates: the moved one is merged into it and carries the same key.
    let old = schedule(
        r#"{"id":"m","timeZone":"UTC","start":"2026-03-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=1,31;COUNT=5"}"#,
    );
    let new = schedule(
        r#"{"id":"m","timeZone":"UTC","start":"2026-03-31T09:00",
            "rrule":"FREQ=MONTHLY;BYMONTHDAY=1,31;COUNT=5","invalidDate":"forward"}"#,
    );
    let d = diff(&old, &new, &ExpandOptions::new()).unwrap();
    let added: Vec<(&str, Status)> = d
        .changes()
        .iter()
        .filter(|c| c.kind() == ChangeKind::Added)
        .map(|c| (c.key(), c.new_side().unwrap().status()))
        .collect();
    assert_eq!(added, [("m|2026-05-01T09:00:00", Status::Merged)]);
    assert_eq!(d.changes()[0].cause(), Some(Cause::InvalidDate));
    // The merged entry counts toward COUNT=5, so the rule ends a date earlier.
    let removed: Vec<&str> = d
        .changes()
        .iter()
        .filter(|c| c.kind() == ChangeKind::Removed)
        .map(|c| c.key())
        .collect();
    assert_eq!(removed, ["m|2026-06-01T09:00:00"]);
}
