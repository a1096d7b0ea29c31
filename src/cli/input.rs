//! Reading what the user typed: files and stdin. Window bounds, horizons
//! and `--now` are read by the library's one reader of window options
//! (`src/window.rs`), due lists by `Due::list`, as in Python. Everything
//! turns into the library's structured errors.

use std::io::Read;

use crate::error::{Error, ErrorCode};
use crate::lang::{Text, input_errors as says};
use crate::spec::Spec;

/// Largest input file read, so a mistaken `--spec /dev/zero` ends.
const MAX_INPUT: u64 = crate::spec::MAX_INPUT as u64;

/// Reads a file, or stdin for `-`.
pub(crate) fn read_source(path: &str, field: &str) -> Result<String, Error> {
    read_at_most(path, field, MAX_INPUT)
}

/// Reads a file, or stdin for `-`, refusing one larger than `max` bytes.
pub(crate) fn read_at_most(path: &str, field: &str, max: u64) -> Result<String, Error> {
    let fail = |why: Text| {
        let text = Text::new(says::CLI_CANNOT_READ)
            .with("path", path)
            .with("why", why);
        Error::new(ErrorCode::InvalidOption, text).with_field(field.to_owned())
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
    read.map_err(|e| fail(io_error(&e)))?;
    if bytes.len() as u64 > max {
        return Err(fail(
            Text::new(says::CLI_TOO_LARGE).with("max", max.to_string()),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|e| fail(Text::new(says::CLI_NOT_UTF8).with("at", e.utf8_error().valid_up_to())))
}

/// Why a file cannot be read: the system's words in English (`No such
/// file or directory (os error 2)`); in Chinese a missing file in words,
/// any other reason the system's words quoted.
pub(crate) fn io_error(e: &std::io::Error) -> Text {
    let template = match e.kind() {
        std::io::ErrorKind::NotFound => says::CLI_NOT_FOUND,
        _ => says::CLI_OS,
    };
    Text::new(template).with("os", e.to_string())
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
