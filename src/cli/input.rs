//! Reading what the user typed: files and stdin, instants and local times,
//! horizons, due lists. Everything turns into the library's structured errors.

use std::io::Read;

use jiff::civil::Date;
use jiff::{Span, Timestamp};

use crate::error::{Error, ErrorCode};
use crate::misfire::Due;
use crate::spec::{Schedule, Spec};

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

/// The spec's start as an instant (compatible disambiguation), the default
/// window start for `notices`: derived from the spec, not from the clock.
pub(crate) fn start_instant(schedule: &Schedule) -> Result<Timestamp, Error> {
    crate::zone::compatible(schedule.time_zone(), schedule.start()).ok_or_else(|| {
        Error::new(ErrorCode::InvalidStart, "`start` has no instant").with_field("start")
    })
}

/// `from` plus an ISO 8601 duration, in the schedule's zone, so `P12M`
/// means twelve calendar months and `P365D` 365 local days.
pub(crate) fn horizon_end(
    schedule: &Schedule,
    from: Timestamp,
    horizon: &str,
) -> Result<Timestamp, Error> {
    let bad = |why: &str| {
        Error::new(
            ErrorCode::InvalidDuration,
            format!("invalid `--horizon` `{horizon}`: {why}, e.g. `P12M` or `P365D`"),
        )
        .with_field("horizon")
    };
    let span: Span = horizon
        .trim()
        .parse()
        .map_err(|_| bad("expected an ISO 8601 duration"))?;
    if span.is_negative() {
        return Err(bad("expected a positive duration"));
    }
    if span.is_zero() {
        return Err(bad("expected a duration longer than zero"));
    }
    from.to_zoned_datetime(schedule.time_zone().clone())
        .checked_add(span)
        .map(|z| z.timestamp())
        .map_err(|_| bad("the window ends beyond the supported range"))
}

/// A JSON array of `{"key": "...", "instant": "2026-10-21T13:00:00Z"}`.
pub(crate) fn due_list(text: &str) -> Result<Vec<Due>, Error> {
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
            let instant = instant.parse::<Timestamp>().map_err(|_| {
                bad(
                    at.clone(),
                    format!("`{instant}` is not an instant such as `2026-10-21T13:00:00Z`"),
                )
            })?;
            Ok(Due {
                key: key.to_owned(),
                instant,
            })
        })
        .collect()
}
