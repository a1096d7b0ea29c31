//! Reading what the user typed: files and stdin, horizons, due lists.
//! Window bounds and `--now` are read by the library's one reader of window
//! options (`src/window.rs`). Everything turns into the library's
//! structured errors.

use std::io::Read;

use jiff::Timestamp;

use crate::error::{Error, ErrorCode};
use crate::misfire::Due;
use crate::spec::{Schedule, Spec};

/// Largest input file read, so a mistaken `--spec /dev/zero` ends.
const MAX_INPUT: u64 = 16 * 1024 * 1024;

/// Reads a file, or stdin for `-`.
pub(crate) fn read_source(path: &str, field: &str) -> Result<String, Error> {
    read_at_most(path, field, MAX_INPUT)
}

/// Reads a file, or stdin for `-`, refusing one larger than `max` bytes.
pub(crate) fn read_at_most(path: &str, field: &str, max: u64) -> Result<String, Error> {
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
            .take(max + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(fail(format!("larger than {max} bytes")));
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

/// `from` plus a window length (`P12M`, `P365D`, `14d`), in the
/// schedule's zone, so `P12M` means twelve calendar months and `P365D` 365
/// local days.
pub(crate) fn horizon_end(
    schedule: &Schedule,
    from: Timestamp,
    horizon: &str,
) -> Result<Timestamp, Error> {
    let span = crate::duration::window(horizon, "horizon")?;
    crate::window::later(schedule, from, span, "--horizon", "horizon", horizon)
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
