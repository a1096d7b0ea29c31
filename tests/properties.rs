//! Property tests over generated specs: instants increase, keys are unique,
//! COUNT and UNTIL hold, skipped occurrences never count, and no spec panics
//! or runs past the ceiling.
#![cfg(not(target_arch = "wasm32"))]

use jiff::Timestamp;
use proptest::prelude::*;
use wallclock::{ErrorCode, ExpandOptions, MAX_ENTRIES, Schedule, Status, expand, notices};

const ZONES: &[&str] = &[
    "America/New_York",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "Antarctica/Troll",
    "Australia/Sydney",
    "Pacific/Apia",
    "America/Santiago",
    "America/Havana",
    "Pacific/Chatham",
    "Europe/Berlin",
    "UTC",
];

fn list<T: std::fmt::Display>(name: &str, items: &[T]) -> String {
    if items.is_empty() {
        return String::new();
    }
    let v: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    format!(";{name}={}", v.join(","))
}

prop_compose! {
    /// A rule text from FREQ ≥ HOURLY with a few BY parts (some combinations
    /// are invalid on purpose; callers filter on what parses).
    fn rule_text()(
        freq in prop::sample::select(vec!["HOURLY", "DAILY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]),
        interval in 1u32..4,
        by_hour in prop::collection::vec(0u8..24, 0..3),
        by_minute in prop::collection::vec(prop::sample::select(vec![0u8, 15, 30, 45, 59]), 0..3),
        by_day in prop::collection::vec(prop::sample::select(vec!["MO", "TU", "WE", "TH", "FR", "SA", "SU"]), 0..3),
        by_month_day in prop::collection::vec(prop::sample::select(vec![1i8, 15, 28, 29, 30, 31, -1]), 0..3),
        by_month in prop::collection::vec(1u8..13, 0..2),
        set_pos in prop::option::of(prop::sample::select(vec![1i16, 2, -1])),
    ) -> String {
        let mut t = format!("FREQ={freq};INTERVAL={interval}");
        if freq != "HOURLY" {
            t += &list("BYHOUR", &by_hour);
        }
        t += &list("BYMINUTE", &by_minute);
        t += &list("BYDAY", &by_day);
        if freq != "WEEKLY" {
            t += &list("BYMONTHDAY", &by_month_day);
        }
        t += &list("BYMONTH", &by_month);
        if let Some(p) = set_pos {
            t += &format!(";BYSETPOS={p}");
        }
        t
    }
}

prop_compose! {
    fn spec(policies: &'static [(&'static str, &'static str)])(
        zone in prop::sample::select(ZONES),
        year in 2010i32..2030,
        month in 1u8..13,
        day in 1u8..29,
        hour in 0u8..24,
        minute in prop::sample::select(vec![0u8, 15, 30, 45]),
        rule in rule_text(),
        count in prop::option::of(1u32..40),
        gap in prop::sample::select(vec!["skip", "shift", "snap"]),
        fold in prop::sample::select(vec!["first", "second", "both"]),
        invalid in prop::sample::select(vec!["omit", "backward", "forward"]),
    ) -> String {
        let count = count.map(|c| format!(";COUNT={c}")).unwrap_or_default();
        let (mut gap, mut fold) = (gap, fold);
        for &(k, v) in policies {
            match k { "gap" => gap = v, _ => fold = v }
        }
        format!(
            r#"{{"id":"p","timeZone":"{zone}","start":"{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}","rrule":"{rule}{count}","gap":"{gap}","fold":"{fold}","invalidDate":"{invalid}"}}"#
        )
    }
}

fn run(spec: &str, limit: usize) -> Option<(Schedule, wallclock::Expansion)> {
    let schedule = Schedule::from_json(spec).ok()?;
    let result = expand(&schedule, &ExpandOptions::new().limit(limit));
    match result {
        Ok(r) => Some((schedule, r)),
        Err(e) => {
            assert_eq!(e.code(), ErrorCode::LimitExceeded, "{spec}: {e}");
            None
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// With gap skip/snap and fold first/second, nominal → instant is
    /// monotone, so executions strictly increase.
    #[test]
    fn executions_strictly_increase(spec in spec(&[]), gap in prop::sample::select(vec!["skip", "snap"]), fold in prop::sample::select(vec!["first", "second"])) {
        let spec = spec.replace(r#""gap":"shift""#, &format!(r#""gap":"{gap}""#)).replace(r#""gap":"skip""#, &format!(r#""gap":"{gap}""#)).replace(r#""gap":"snap""#, &format!(r#""gap":"{gap}""#));
        let spec = spec.replace(r#""fold":"both""#, &format!(r#""fold":"{fold}""#));
        if let Some((_, r)) = run(&spec, 120) {
            let ex: Vec<Timestamp> = r.executions().collect();
            for w in ex.windows(2) {
                prop_assert!(w[0] < w[1], "{spec}: {} then {}", w[0], w[1]);
            }
        }
    }

    /// Entries come in nominal order (fold 0 before fold 1), and every entry
    /// that runs or is skipped has its own key.
    #[test]
    fn nominal_order_and_unique_keys(spec in spec(&[])) {
        if let Some((_, r)) = run(&spec, 150) {
            let entries = r.entries();
            for w in entries.windows(2) {
                prop_assert!((w[0].nominal(), w[0].fold()) <= (w[1].nominal(), w[1].fold()), "{spec}");
            }
            let mut keys: Vec<String> = entries.iter().filter(|e| e.status() != Status::Merged).map(|e| e.key()).collect();
            let n = keys.len();
            keys.sort();
            keys.dedup();
            prop_assert_eq!(keys.len(), n, "{}", spec);
            prop_assert!(entries.len() <= MAX_ENTRIES);
        }
    }

    /// COUNT counts what resolves to an instant (scheduled, shifted, merged)
    /// and nothing else: a skipped nominal never consumes it.
    #[test]
    fn count_holds_and_skipped_never_counts(spec in spec(&[])) {
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        let Some(count) = schedule.rule().and_then(|r| r.count()) else { return Ok(()) };
        match expand(&schedule, &ExpandOptions::new()) {
            Ok(r) => {
                let counted = r.entries().iter().filter(|e| e.status() != Status::Skipped).count();
                prop_assert!(counted <= count as usize, "{spec}: {counted} > {count}");
                // A rule that ends early (year 9999) may produce fewer; these
                // generated rules never do within COUNT ≤ 40, unless they
                // generate nothing at all (e.g. 30 February).
                if counted > 0 && r.entries().last().is_some_and(|e| e.nominal().year() < 9000) {
                    prop_assert_eq!(counted, count as usize, "{}", spec);
                }
                if let Some(last) = r.entries().last() {
                    prop_assert!(last.status() != Status::Skipped || counted < count as usize, "{spec}: a skipped entry after COUNT ran out");
                }
            }
            Err(e) => prop_assert_eq!(e.code(), ErrorCode::LimitExceeded, "{}: {}", spec, e),
        }
    }

    /// A local UNTIL bounds nominals; a UTC UNTIL bounds instants.
    #[test]
    fn until_holds(spec in spec(&[]), days in 1i64..400, utc in any::<bool>()) {
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        let until = schedule.start() + jiff::SignedDuration::from_hours(24 * days);
        let until_text = until.strftime("%Y%m%dT%H%M%S").to_string() + if utc { "Z" } else { "" };
        let spec = spec.replace(r#"","gap""#, &format!(r#";UNTIL={until_text}","gap""#));
        let spec = regex_free_strip_count(&spec);
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        match expand(&schedule, &ExpandOptions::new()) {
            Ok(r) => {
                for e in r.entries() {
                    if utc {
                        let bound: Timestamp = jiff::tz::Offset::UTC.to_timestamp(until).unwrap();
                        let at = e.instant().or(e.transition()).unwrap();
                        prop_assert!(at <= bound, "{spec}: {} after {bound}", at);
                    } else {
                        prop_assert!(e.nominal() <= until, "{spec}: {} after {until}", e.nominal());
                    }
                }
            }
            Err(e) => prop_assert_eq!(e.code(), ErrorCode::LimitExceeded, "{}: {}", spec, e),
        }
    }
}

/// Removes `;COUNT=n` (COUNT and UNTIL together are an error).
fn regex_free_strip_count(spec: &str) -> String {
    match spec.find(";COUNT=") {
        Some(i) => {
            let rest = &spec[i + 7..];
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            format!("{}{}", &spec[..i], &rest[end..])
        }
        None => spec.to_owned(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Arbitrary rules, sub-daily ones and sparse ones included, either
    /// answer or fail with `limit_exceeded`: never a panic, never a hang.
    #[test]
    fn arbitrary_specs_stay_within_the_ceiling(
        freq in prop::sample::select(vec!["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]),
        parts in prop::collection::vec(prop::sample::select(vec![
            "BYMONTH=2", "BYMONTHDAY=30", "BYMONTHDAY=-1", "BYDAY=-1SU", "BYDAY=FR", "BYYEARDAY=366",
            "BYWEEKNO=53", "BYHOUR=2", "BYMINUTE=30", "BYSECOND=59", "BYSETPOS=-1", "INTERVAL=7", "COUNT=3",
        ]), 0..4),
        zone in prop::sample::select(ZONES),
        limit in prop::option::of(1usize..2000),
    ) {
        let mut rule = format!("FREQ={freq}");
        for p in &parts {
            if !rule.contains(&p[..p.find('=').unwrap()]) {
                rule = format!("{rule};{p}");
            }
        }
        let spec = format!(r#"{{"timeZone":"{zone}","start":"2026-01-31T02:30","rrule":"{rule}"}}"#);
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        let options = match limit { Some(l) => ExpandOptions::new().limit(l), None => ExpandOptions::new().to("2027-01-01T00:00:00Z".parse().unwrap()) };
        match expand(&schedule, &options) {
            Ok(r) => prop_assert!(r.entries().len() <= MAX_ENTRIES),
            Err(e) => prop_assert_eq!(e.code(), ErrorCode::LimitExceeded, "{}: {}", spec, e),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No text in any field panics validation, iCalendar reading or bound parsing.
    #[test]
    fn arbitrary_text_never_panics(
        a in "\\PC{0,40}",
        b in "[0-9T:Z+\\-€é ]{0,24}",
        field in prop::sample::select(vec!["timeZone", "start", "rrule", "gap", "maxLateness", "grace", "id"]),
    ) {
        let mut spec = serde_json::json!({"timeZone": "Europe/Berlin", "start": "2026-03-29T02:30", "rrule": "FREQ=DAILY;COUNT=3"});
        spec[field] = serde_json::Value::String(a.clone());
        let _ = Schedule::from_json(&spec.to_string());
        spec[field] = serde_json::Value::String(b.clone());
        let _ = Schedule::from_json(&spec.to_string());
        spec["rdate"] = serde_json::json!([a.clone(), b.clone()]);
        let _ = Schedule::from_json(&spec.to_string());
        let _ = wallclock::parse_ical(&a);
        let _ = wallclock::parse_ical(&format!("DTSTART;TZID={a}:{b}\nRRULE:{a}\nEXDATE:{b}"));
        let _ = wallclock::parse_local(&b);
        let _ = wallclock::parse_duration(&a, "grace");
        let schedule = Schedule::from_json(r#"{"timeZone":"Europe/Berlin","start":"2026-03-29T02:30"}"#).unwrap();
        let _ = schedule.instant_at(&b, "from");
        let _ = Schedule::from_json(&a);
    }
}

/// The entries of `[from, to)` in the full expansion up to `to`: an entry
/// belongs to the window by its instant, a skipped one by its transition.
fn window_of(schedule: &Schedule, from: Timestamp, to: Timestamp) -> Option<Vec<wallclock::Entry>> {
    let full = expand(schedule, &ExpandOptions::new().to(to)).ok()?;
    Some(
        full.entries()
            .iter()
            .filter(|e| {
                e.instant()
                    .or(e.transition())
                    .is_some_and(|t| t >= from && t < to)
            })
            .cloned()
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// A window far after `start` (the expander skips the periods before
    /// it) lists exactly what the full expansion lists there: same entries,
    /// statuses, instants, keys, notes and merges, COUNT or not.
    #[test]
    fn a_late_window_lists_what_the_full_expansion_lists(
        spec in spec(&[]),
        strip_count in any::<bool>(),
        days in 0i64..2200,
        hours in 0i64..24,
        width in 1i64..40,
    ) {
        let spec = if strip_count { regex_free_strip_count(&spec) } else { spec };
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        let Some(first) = expand(&schedule, &ExpandOptions::new().limit(1)).ok()
            .and_then(|r| r.entries().first().and_then(|e| e.instant().or(e.transition())))
        else { return Ok(()) };
        let from = first
            .checked_add(jiff::SignedDuration::from_hours(days * 24 + hours))
            .unwrap();
        let to = from.checked_add(jiff::SignedDuration::from_hours(width * 24)).unwrap();
        let Some(want) = window_of(&schedule, from, to) else { return Ok(()) };
        let got = expand(&schedule, &ExpandOptions::new().from(from).to(to)).unwrap();
        prop_assert_eq!(got.entries(), &want[..], "{} from {} to {}", spec, from, to);
    }
}

/// The same, at fixed points that matter: a 2020 daily schedule read in a
/// 2026 window across New York's spring-forward, and a month-end rule whose
/// 31 April moves forward to 1 May, the first day of the window.
#[test]
fn late_windows_across_dst_and_forwarded_month_ends() {
    for (spec, from, to) in [
        (
            r#"{"id":"d","timeZone":"America/New_York","start":"2020-01-01T02:30","rrule":"FREQ=DAILY","gap":"shift"}"#,
            "2026-03-06T00:00:00Z",
            "2026-03-12T00:00:00Z",
        ),
        (
            r#"{"id":"m","timeZone":"Europe/Berlin","start":"2020-01-31T09:00","rrule":"FREQ=MONTHLY;BYMONTHDAY=31","invalidDate":"forward"}"#,
            "2026-05-01T00:00:00Z",
            "2026-06-01T00:00:00Z",
        ),
        (
            r#"{"id":"h","timeZone":"Australia/Lord_Howe","start":"2020-01-01T00:15","rrule":"FREQ=HOURLY;INTERVAL=5","fold":"both"}"#,
            "2026-04-04T00:00:00Z",
            "2026-04-06T00:00:00Z",
        ),
    ] {
        let schedule = Schedule::from_json(spec).unwrap();
        let (from, to): (Timestamp, Timestamp) = (from.parse().unwrap(), to.parse().unwrap());
        let want = window_of(&schedule, from, to).unwrap();
        assert!(!want.is_empty(), "{spec}");
        let got = expand(&schedule, &ExpandOptions::new().from(from).to(to)).unwrap();
        assert_eq!(got.entries(), &want[..], "{spec}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// `notices` (which, without COUNT, expands only around each clock
    /// change) lists exactly the entries of the full expansion of its
    /// window that a clock change affects, with the same warnings.
    #[test]
    fn notices_list_what_the_full_expansion_marks(
        spec in spec(&[]),
        sub_hourly in any::<bool>(),
        minutes in 1u32..200,
        strip_count in any::<bool>(),
        days in 0i64..1500,
        width in 1i64..400,
    ) {
        // Half the rules step by minutes, so most windows that hold a
        // clock change have entries it affects.
        let spec = if sub_hourly {
            let rule = spec.split("\"rrule\":\"").nth(1).and_then(|r| r.split('"').next()).unwrap_or("");
            spec.replace(rule, &format!("FREQ=MINUTELY;INTERVAL={minutes}"))
        } else {
            spec
        };
        let spec = if strip_count { regex_free_strip_count(&spec) } else { spec };
        let Ok(schedule) = Schedule::from_json(&spec) else { return Ok(()) };
        let from = Timestamp::from_second(schedule_start_second(&schedule) + days * 86_400).unwrap();
        let to = from.checked_add(jiff::SignedDuration::from_hours(width * 24)).unwrap();
        let Ok(full) = expand(&schedule, &ExpandOptions::new().from(from).to(to)) else { return Ok(()) };
        let want: Vec<_> = full.entries().iter().filter(|e| e.is_dst_affected()).cloned().collect();
        let got = notices(&schedule, from, to).unwrap();
        prop_assert_eq!(got.entries(), &want[..], "{} from {} to {}", spec, from, to);
        prop_assert_eq!(got.warnings(), full.warnings(), "{}", spec);
    }
}

/// The same, for month-end rules whose invalid dates move (`forward`,
/// `backward`) onto dates the rule also generates: those merges are no
/// clock change, in a zone without any or across a year of them, with
/// COUNT (one full expansion) or without (windows around each change).
#[test]
fn notices_of_month_end_rules_match_the_full_expansion() {
    for zone in ["UTC", "Europe/Berlin", "America/New_York"] {
        for invalid in ["forward", "backward"] {
            for rule in [
                "FREQ=MONTHLY;BYMONTHDAY=1,30,31",
                "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYHOUR=2,9",
                "FREQ=YEARLY;BYMONTH=2,3;BYMONTHDAY=1,28,29",
            ] {
                for count in ["", ";COUNT=40"] {
                    let spec = format!(
                        r#"{{"timeZone":"{zone}","start":"2026-01-01T09:00","rrule":"{rule}{count}","invalidDate":"{invalid}","gap":"shift"}}"#
                    );
                    let schedule = Schedule::from_json(&spec).unwrap();
                    let (from, to): (Timestamp, Timestamp) = (
                        "2026-01-01T00:00:00Z".parse().unwrap(),
                        "2029-01-01T00:00:00Z".parse().unwrap(),
                    );
                    let full = expand(&schedule, &ExpandOptions::new().from(from).to(to)).unwrap();
                    assert!(
                        full.entries().iter().any(|e| e.status() == Status::Merged),
                        "{spec}"
                    );
                    let want: Vec<_> = full
                        .entries()
                        .iter()
                        .filter(|e| e.is_dst_affected())
                        .cloned()
                        .collect();
                    let got = notices(&schedule, from, to).unwrap();
                    assert_eq!(got.entries(), &want[..], "{spec}");
                }
            }
        }
    }
}

fn schedule_start_second(schedule: &Schedule) -> i64 {
    let start = schedule.start();
    jiff::tz::TimeZone::UTC
        .to_timestamp(start)
        .unwrap()
        .as_second()
}

/// A secondly rule's year of notices: every second of New York's two clock
/// changes, found without walking the 31 million seconds between them (that
/// walk ran out of expansion steps).
#[test]
fn secondly_notices_over_a_year() {
    let schedule = Schedule::from_json(
        r#"{"timeZone":"America/New_York","start":"2026-01-01T00:00","rrule":"FREQ=SECONDLY","fold":"both"}"#,
    )
    .unwrap();
    let from: Timestamp = "2026-01-01T05:00:00Z".parse().unwrap();
    let to: Timestamp = "2027-01-01T05:00:00Z".parse().unwrap();
    let got = notices(&schedule, from, to).unwrap();
    let skipped = got
        .entries()
        .iter()
        .filter(|e| e.status() == Status::Skipped)
        .count();
    assert_eq!(skipped, 3600, "02:00:00–02:59:59 on 8 March");
    // Fold `both`: 01:00:00–01:59:59 on 1 November runs twice.
    assert_eq!(got.entries().len(), 3600 + 2 * 3600);
    assert_eq!(
        got.entries()[0].nominal().to_string(),
        "2026-03-08T02:00:00"
    );
    assert_eq!(
        got.entries().last().unwrap().nominal().to_string(),
        "2026-11-01T01:59:59"
    );
    assert_eq!(got.transitions().len(), 2);
}
