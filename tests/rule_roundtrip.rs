//! Property tests for the RRULE parser: every valid rule, written in any
//! order and case, parses, prints canonically and parses back to itself; no
//! text, however malformed, makes the parser panic.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use wallclock::Rule;

const FREQS: [&str; 7] = [
    "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
];
const DAYS: [&str; 7] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/// A non-zero integer in ±1..=max.
fn nonzero(max: i32) -> impl Strategy<Value = i32> {
    (1..=max, any::<bool>()).prop_map(|(n, neg)| if neg { -n } else { n })
}

fn list<T: Strategy>(s: T) -> impl Strategy<Value = Vec<T::Value>> {
    prop::collection::vec(s, 0..6)
}

/// `UNTIL` in one of its three forms; years stay inside jiff's UTC range.
fn until() -> impl Strategy<Value = String> {
    (
        1u16..=9998,
        1u8..=12,
        1u8..=28,
        0u8..=23,
        0u8..=59,
        0u8..=59,
        0u8..3,
    )
        .prop_map(|(y, mo, d, h, mi, s, form)| {
            let date = format!("{y:04}{mo:02}{d:02}");
            match form {
                0 => date,
                1 => format!("{date}T{h:02}{mi:02}{s:02}"),
                _ => format!("{date}T{h:02}{mi:02}{s:02}Z"),
            }
        })
}

#[derive(Debug, Clone)]
struct Raw {
    freq: usize,
    interval: Option<u32>,
    bound: (u8, u32, String),
    by_month: Vec<u8>,
    by_week_no: Vec<i32>,
    by_year_day: Vec<i32>,
    by_month_day: Vec<i32>,
    by_day: Vec<(Option<i32>, usize)>,
    by_hour: Vec<u8>,
    by_minute: Vec<u8>,
    by_second: Vec<u8>,
    by_set_pos: Vec<i32>,
    wkst: Option<usize>,
}

fn raw() -> impl Strategy<Value = Raw> {
    (
        (
            0..7usize,
            prop::option::of(1u32..=1_000_000),
            (0u8..3, 1u32..=u32::MAX, until()),
        ),
        (
            list(1u8..=12),
            list(nonzero(53)),
            list(nonzero(366)),
            list(nonzero(31)),
        ),
        list((prop::option::of(nonzero(53)), 0..7usize)),
        (
            list(0u8..=23),
            list(0u8..=59),
            list(0u8..=59),
            list(nonzero(366)),
            prop::option::of(0..7usize),
        ),
    )
        .prop_map(
            |((freq, interval, bound), (mo, wn, yd, md), by_day, (h, mi, s, sp, wkst))| Raw {
                freq,
                interval,
                bound,
                by_month: mo,
                by_week_no: wn,
                by_year_day: yd,
                by_month_day: md,
                by_day,
                by_hour: h,
                by_minute: mi,
                by_second: s,
                by_set_pos: sp,
                wkst,
            },
        )
}

fn join<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Drops or bends what RFC 5545 §3.3.10 forbids, then writes the parts.
fn valid_parts(mut r: Raw) -> Vec<String> {
    let freq = FREQS[r.freq];
    if freq != "YEARLY" {
        r.by_week_no.clear();
    }
    if matches!(freq, "DAILY" | "WEEKLY" | "MONTHLY") {
        r.by_year_day.clear();
    }
    if freq == "WEEKLY" {
        r.by_month_day.clear();
    }
    // An ordinal counts within the month for MONTHLY, and for YEARLY with
    // BYMONTH: at most five of a weekday.
    let in_month = freq == "MONTHLY" || (freq == "YEARLY" && !r.by_month.is_empty());
    for (nth, _) in &mut r.by_day {
        *nth = match (freq, *nth) {
            (_, Some(n)) if in_month && r.by_week_no.is_empty() => {
                Some(n.signum() * ((n.abs() - 1) % 5 + 1))
            }
            ("YEARLY", n) if r.by_week_no.is_empty() => n,
            _ => None,
        };
    }
    let any_by = !(r.by_month.is_empty()
        && r.by_week_no.is_empty()
        && r.by_year_day.is_empty()
        && r.by_month_day.is_empty()
        && r.by_day.is_empty()
        && r.by_hour.is_empty()
        && r.by_minute.is_empty()
        && r.by_second.is_empty());
    if !any_by {
        r.by_set_pos.clear();
    }

    let mut parts = vec![format!("FREQ={freq}")];
    if let Some(i) = r.interval {
        parts.push(format!("INTERVAL={i}"));
    }
    match r.bound.0 {
        1 => parts.push(format!("COUNT={}", r.bound.1)),
        2 => parts.push(format!("UNTIL={}", r.bound.2)),
        _ => {}
    }
    let mut push = |name: &str, values: String| {
        if !values.is_empty() {
            parts.push(format!("{name}={values}"));
        }
    };
    push("BYMONTH", join(&r.by_month));
    push("BYWEEKNO", join(&r.by_week_no));
    push("BYYEARDAY", join(&r.by_year_day));
    push("BYMONTHDAY", join(&r.by_month_day));
    let days: Vec<String> = r
        .by_day
        .iter()
        .map(|(nth, d)| match nth {
            Some(n) if *n > 0 && n % 2 == 0 => format!("+{n}{}", DAYS[*d]),
            Some(n) => format!("{n}{}", DAYS[*d]),
            None => DAYS[*d].to_string(),
        })
        .collect();
    push("BYDAY", days.join(","));
    push("BYHOUR", join(&r.by_hour));
    push("BYMINUTE", join(&r.by_minute));
    push("BYSECOND", join(&r.by_second));
    push("BYSETPOS", join(&r.by_set_pos));
    if let Some(w) = r.wkst {
        parts.push(format!("WKST={}", DAYS[w]));
    }
    parts
}

/// A valid rule's text: parts shuffled, each in upper or lower case, with
/// or without `RRULE:`, surrounding whitespace and a trailing `;`.
fn valid_text() -> impl Strategy<Value = String> {
    (raw(), any::<bool>(), any::<bool>(), any::<bool>())
        .prop_flat_map(|(r, prefix, trailing, space)| {
            let parts = valid_parts(r);
            let n = parts.len();
            (
                Just(parts).prop_shuffle(),
                prop::collection::vec(any::<bool>(), n),
                Just((prefix, trailing, space)),
            )
        })
        .prop_map(|(parts, lower, (prefix, trailing, space))| {
            let parts: Vec<String> = parts
                .into_iter()
                .zip(lower)
                .map(|(p, l)| if l { p.to_lowercase() } else { p })
                .collect();
            let mut text = parts.join(";");
            if trailing {
                text.push(';');
            }
            if prefix {
                text.insert_str(0, "RRULE:");
            }
            if space {
                text = format!(" \t{text}\n");
            }
            text
        })
}

/// Text assembled from pieces that look like rule syntax, so that the fuzz
/// reaches deep into the parser instead of failing on the first byte.
fn rule_like_text() -> impl Strategy<Value = String> {
    let fragment = prop_oneof![
        Just("FREQ=".to_string()),
        Just("DAILY".to_string()),
        Just("MONTHLY".to_string()),
        Just("YEARLY".to_string()),
        Just("BYDAY=".to_string()),
        Just("BYMONTHDAY=".to_string()),
        Just("BYWEEKNO=".to_string()),
        Just("BYSETPOS=".to_string()),
        Just("BYSECOND=".to_string()),
        Just("UNTIL=".to_string()),
        Just("COUNT=".to_string()),
        Just("RRULE:".to_string()),
        Just("-1MO".to_string()),
        Just("+5FR".to_string()),
        Just("20260230".to_string()),
        Just("T235960Z".to_string()),
        Just(";".to_string()),
        Just(",".to_string()),
        Just("=".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        "[0-9]{1,25}",
        "[a-zA-Z]{1,4}",
        "\\PC{1,3}",
        "[\u{80}-\u{10FFFF}]{1,2}",
    ];
    prop::collection::vec(fragment, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_rules_roundtrip(text in valid_text()) {
        let rule = Rule::parse(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e:?}")))?;
        let printed = rule.to_string();
        let again = Rule::parse(&printed).map_err(|e| TestCaseError::fail(format!("{printed:?}: {e:?}")))?;
        prop_assert_eq!(&again, &rule, "{:?} printed as {:?}", text, printed);
        prop_assert_eq!(again.to_string(), printed);
    }

    #[test]
    fn rule_like_text_never_panics(text in rule_like_text()) {
        check_no_panic(&text)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_no_panic(&text)?;
    }
}

/// Parsing returns; an error points inside the text; a success round-trips.
fn check_no_panic(text: &str) -> Result<(), TestCaseError> {
    match Rule::parse(text) {
        Ok(rule) => {
            let printed = rule.to_string();
            prop_assert_eq!(Rule::parse(&printed).ok(), Some(rule));
        }
        Err(e) => {
            let at = e.position().unwrap_or(0);
            prop_assert!(at <= text.len(), "position {} beyond {:?}", at, text);
            prop_assert!(!e.message().is_empty());
        }
    }
    Ok(())
}
