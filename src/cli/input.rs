//! Reading what the user typed: files and stdin, instants and local times,
//! horizons, due lists. Everything turns into the library's structured errors.

use std::io::Read;

use jiff::civil::Date;
use jiff::{Span, Timestamp};

use crate::error::{Error, ErrorCode};
use crate::misfire::Due;
use crate::spec::{Schedule, Spec};

use super::duration;

/// Largest input file read, so a mistaken `--spec /dev/zero` ends.
const MAX_INPUT: u64 = 16 * 1024 * 1024;

/// Reads a file, or stdin for `-`.
pub(crate) fn read_source(path: &str, field: &str) -> Result<String, Error> {
    let fail = |why: String| {
        Error::new(
            ErrorCode::InvalidOption,
            format!("cannot read `{path}`: {why}"),
        )
        .with_field(field.to_owned())
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(fail(format!("larger than {MAX_INPUT} bytes")));
    }
    String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A spec file's text: JSON (`{…}`) or iCalendar, told apart as `from-ical`
/// would read them: iCalendar starts with a property name (`BEGIN`,
/// `DTSTART`, `X-WR-CALNAME`, …), so with a letter.
pub(crate) fn spec_text(text: &str) -> Result<Spec, Error> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if body.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return crate::ical::parse_ical(text);
    }
    // JSON, or most likely malformed JSON: let serde say where.
    Spec::from_json(body)
}

/// An instant (`2026-03-08T07:00:00Z`, `…-05:00`), or a local date-time or
/// date read in the schedule's zone with "compatible" disambiguation (a time
/// in a gap moves forward by the gap, a time in a fold takes the first).
pub(crate) fn instant(text: &str, schedule: &Schedule, field: &str) -> Result<Timestamp, Error> {
    let text = text.trim();
    // A bare date means its local midnight; the rest is the core's reader.
    let midnight;
    let read = if text.len() == 10 && text.parse::<Date>().is_ok() {
        midnight = format!("{text}T00:00");
        midnight.as_str()
    } else {
        text
    };
    schedule.instant_at(read, field).map_err(|_| {
        Error::new(
            ErrorCode::InvalidDateTime,
            format!(
                "invalid `--{field}` `{text}`: expected an instant such as `2026-03-08T07:00:00Z` or `2026-03-08T02:00:00-05:00`, or a local date-time in the schedule's zone such as `2026-03-08T09:00`"
            ),
        )
        .with_field(field.to_owned())
    })
}

/// `from` plus a window length (`P12M`, `P365D`, `14d`), in the
/// schedule's zone, so `P12M` means twelve calendar months and `P365D` 365
/// local days.
pub(crate) fn horizon_end(
    schedule: &Schedule,
    from: Timestamp,
    horizon: &str,
) -> Result<Timestamp, Error> {
    let span = duration::window(horizon, "horizon")?;
    add_span(schedule, from, span, "horizon", horizon)
}

/// A window bound as typed: `now`, an instant or local time (see
/// [`instant`]), or a signed duration (`P7D`, `+7d`, `-PT1H`) added to
/// `base` in the schedule's zone.
pub(crate) fn bound(
    text: &str,
    schedule: &Schedule,
    field: &str,
    now: Timestamp,
    base: Timestamp,
) -> Result<Timestamp, Error> {
    if text.trim().eq_ignore_ascii_case("now") {
        return Ok(now);
    }
    let as_instant = instant(text, schedule, field);
    if as_instant.is_ok() || !looks_like_duration(text) {
        return as_instant.map_err(|e| {
            Error::new(
                e.code(),
                format!(
                    "{}; or `now`, or a duration from the window start such as `P7D` or `+7d`",
                    e.message()
                ),
            )
            .with_field(field.to_owned())
        });
    }
    let span = duration::span(text, field)?;
    add_span(schedule, base, span, field, text)
}

/// Durations start with a sign, `P`, or a number followed by a unit
/// letter; dates and times start with four digits and a `-`.
fn looks_like_duration(text: &str) -> bool {
    let text = text.trim();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    text.starts_with(['+', '-', 'P', 'p'])
        || (digits > 0 && text[digits..].starts_with(|c: char| c.is_ascii_alphabetic() || c == ' '))
}

fn add_span(
    schedule: &Schedule,
    from: Timestamp,
    span: Span,
    field: &str,
    text: &str,
) -> Result<Timestamp, Error> {
    from.to_zoned_datetime(schedule.time_zone().clone())
        .checked_add(span)
        .map(|z| z.timestamp())
        .map_err(|_| {
            Error::new(
                ErrorCode::InvalidDuration,
                format!("invalid `--{field}` `{text}`: the window ends beyond the supported range"),
            )
            .with_field(field.to_owned())
        })
}

/// A JSON array of `{"key": "...", "instant": "2026-10-21T13:00:00Z"}`,
/// each item read by [`Due::read`] as the JS `decideMisfires` reads it.
pub(crate) fn due_list(text: &str, schedule: &Schedule) -> Result<Vec<Due>, Error> {
    let bad = |at: String, why: String| {
        Error::new(
            ErrorCode::InvalidOption,
            format!("invalid due list{at}: {why}, e.g. `[{{\"key\": \"daily|2026-10-21T09:00:00\", \"instant\": \"2026-10-21T13:00:00Z\"}}]`"),
        )
        .with_field("due")
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(String::new(), e.to_string()))?;
    let items = value
        .as_array()
        .ok_or_else(|| bad(String::new(), "expected a JSON array".to_owned()))?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!(" at [{i}]");
            let key = item
                .get("key")
                .and_then(|k| k.as_str())
                .ok_or_else(|| bad(at.clone(), "missing string `key`".to_owned()))?;
            let instant = item
                .get("instant")
                .and_then(|k| k.as_str())
                .ok_or_else(|| bad(at.clone(), "missing string `instant`".to_owned()))?;
            Due::read(schedule, i, key.to_owned(), instant)
        })
        .collect()
}
