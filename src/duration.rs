//! The one reader of every duration people type (`--horizon`,
//! `--busy-timeout`, `--lease`, `--every`, `--backoff`, a window bound such
//! as `--to +7d`, …): ISO 8601 (`PT5M`, `P2D`, `P12M`) or the short forms
//! (`90s`, `5m`, `2h`, `14d`, `2w`, `1h30m`), both read by jiff's span
//! parser. Not in the wasm build, whose size budget jiff's span parser and
//! span arithmetic do not fit (DESIGN.md, "One reader for window options").
//!
//! Durations that add to an instant in a zone ([`span`]) keep calendar
//! units: `P12M` is twelve months, `1d` one local day. Flags that measure
//! elapsed time ([`parse_duration`]) need a fixed length: days are 24
//! hours, weeks 7 days, and years and months are refused.

use jiff::Span;

use crate::error::{Error, ErrorCode};
use crate::lang::errors::{self as e, Words};
use crate::lang::{Arg, Text};

/// A signed span (`+7d`, `-PT1H`, `P12M`), calendar units kept; errors
/// name the option as `label` spells it (`--to`, or `to` in JSON).
pub(crate) fn span(text: &str, label: &str, field: &str) -> Result<Span, Error> {
    text.trim()
        .parse::<Span>()
        .map_err(|_| bad(text, label, field, &e::DUR_ANY))
}

/// [`span`] for the flag `--{field}`.
#[cfg(feature = "native")]
fn flag_span(text: &str, field: &str) -> Result<Span, Error> {
    span(text, &format!("--{field}"), field)
}

/// An elapsed time of zero or more, as every ledger flag takes it.
#[cfg(feature = "native")]
pub(crate) fn parse_duration(text: &str, field: &str) -> Result<jiff::SignedDuration, Error> {
    let span = flag_span(text, field)?;
    let bad = |why| bad(text, &format!("--{field}"), field, why);
    if span.is_negative() {
        return Err(bad(&e::DUR_NEGATIVE));
    }
    if span.get_years() != 0 || span.get_months() != 0 {
        return Err(bad(&e::DUR_MONTHS));
    }
    span.to_duration(jiff::SpanRelativeTo::days_are_24_hours())
        .map_err(|_| bad(&e::DUR_RANGE))
}

/// A span that is not empty and goes forward: a window's length; errors
/// name the option as `label` spells it (`--horizon`, `horizon`).
#[cfg(any(feature = "native", feature = "python"))]
pub(crate) fn window(text: &str, label: &str, field: &str) -> Result<Span, Error> {
    let span = span(text, label, field)?;
    let bad = |why| bad(text, label, field, why);
    if span.is_negative() {
        return Err(bad(&e::DUR_POSITIVE));
    }
    if span.is_zero() {
        return Err(bad(&e::DUR_ZERO));
    }
    Ok(span)
}

fn bad(text: &str, label: &str, field: &str, why: &'static Words) -> Error {
    Error::new(
        ErrorCode::InvalidDuration,
        Text::new(e::DURATION_SHORT)
            .with("field", label)
            .with("text", text)
            .with("why", Arg::Words(why)),
    )
    .with_field(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "native")]
    fn secs(text: &str) -> i64 {
        parse_duration(text, "lease").unwrap().as_secs()
    }

    #[test]
    #[cfg(feature = "native")]
    fn iso_and_short_forms_agree() {
        for (iso, short) in [
            ("PT90S", "90s"),
            ("PT5M", "5m"),
            ("PT2H", "2h"),
            ("P14D", "14d"),
            ("P2W", "2w"),
            ("PT1H30M", "1h30m"),
        ] {
            assert_eq!(secs(iso), secs(short), "{iso} {short}");
        }
        assert_eq!(secs("90s"), 90);
        assert_eq!(secs("5m"), 300);
        assert_eq!(secs("2w"), 14 * 86_400);
        assert_eq!(secs("PT0S"), 0);
    }

    #[test]
    #[cfg(feature = "native")]
    fn elapsed_times_refuse_months_and_negatives() {
        for (text, why) in [
            ("P1M", "years and months"),
            ("1y", "years and months"),
            ("-5m", "zero or more"),
            ("soon", "expected an ISO 8601 or a short duration"),
            ("", "expected an ISO 8601 or a short duration"),
            ("5", "expected an ISO 8601 or a short duration"),
        ] {
            let e = parse_duration(text, "lease").unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidDuration, "{text}");
            assert_eq!(e.field(), Some("lease"), "{text}");
            assert!(e.message().contains(why), "{text}: {}", e.message());
            assert!(e.message().starts_with("invalid `--lease`"), "{e}");
        }
    }

    #[test]
    fn spans_keep_calendar_units_and_signs() {
        assert_eq!(span("P12M", "to", "to").unwrap().get_months(), 12);
        assert_eq!(span("+7d", "to", "to").unwrap().get_days(), 7);
        assert_eq!(span("-1d", "to", "to").unwrap().get_days(), -1);
    }

    #[test]
    #[cfg(feature = "native")]
    fn windows_go_forward() {
        assert!(window("-1d", "--to", "to").is_err());
        assert!(window("PT0S", "--horizon", "horizon").is_err());
        assert_eq!(window("2w", "--horizon", "horizon").unwrap().get_weeks(), 2);
    }
}
