//! Reading what the user typed: files and stdin. Window bounds, horizons
//! and `--now` are read by the library's one reader of window options
//! (`src/window.rs`), due lists by `Due::list`, as in Python. Everything
//! turns into the library's structured errors.

use std::io::Read;

use crate::error::{Error, ErrorCode};
use crate::spec::Spec;

/// Largest input file read, so a mistaken `--spec /dev/zero` ends.
const MAX_INPUT: u64 = crate::spec::MAX_INPUT as u64;

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
