//! What every dialect's parser shares: the fields' names and ranges, the
//! split into whitespace-separated tokens with their byte positions, and
//! the errors that name a field and where in the line it went wrong.

use std::fmt;

use crate::error::{Error, ErrorCode};

/// A field of a cron line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Part {
    Second,
    Minute,
    Hour,
    DayOfMonth,
    Month,
    DayOfWeek,
    Year,
    /// The line as a whole (field count, macros, a zone prefix or suffix).
    Line,
}

impl Part {
    /// The name used in messages and as the error's `field`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Part::Second => "second",
            Part::Minute => "minute",
            Part::Hour => "hour",
            Part::DayOfMonth => "day-of-month",
            Part::Month => "month",
            Part::DayOfWeek => "day-of-week",
            Part::Year => "year",
            Part::Line => "cron",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A whitespace-separated token of the line and its byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub(crate) text: &'a str,
    pub(crate) at: usize,
}

/// The line's tokens, split at spaces and tabs (as every product splits).
pub(crate) fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        let blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        match (blank, start) {
            (true, Some(s)) => {
                out.push(Token {
                    text: &line[s..i],
                    at: s,
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Token {
            text: &line[s..],
            at: s,
        });
    }
    out
}

/// An error about `text` (part of field `part`) at byte `at` of the line.
pub(crate) fn bad(part: Part, at: usize, text: &str, why: impl fmt::Display) -> Error {
    Error::new(
        ErrorCode::InvalidCron,
        format!("invalid {part} `{}` at byte {at}: {why}", shown(text)),
    )
    .with_field(part.name())
    .with_position(at)
}

/// An error about the line as a whole.
pub(crate) fn bad_line(why: impl fmt::Display) -> Error {
    Error::new(ErrorCode::InvalidCron, why.to_string()).with_field(Part::Line.name())
}

/// `text` as quoted in a message: at most 60 characters, control
/// characters escaped.
pub(crate) fn shown(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == 60 {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The bits `lo..=hi`.
pub(crate) fn all(lo: u32, hi: u32) -> u64 {
    (lo..=hi).fold(0, |b, v| b | 1 << v)
}

/// The bits `lo, lo + step, …` up to `hi`.
pub(crate) fn stepped(lo: u32, hi: u32, step: u32) -> u64 {
    let mut bits = 0;
    let mut v = lo;
    while v <= hi {
        bits |= 1 << v;
        v = match v.checked_add(step.max(1)) {
            Some(n) => n,
            None => break,
        };
    }
    bits
}

/// The values of `bits`, ascending.
pub(crate) fn values(bits: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |v| bits & (1 << v) != 0)
}

/// A decimal number made of ASCII digits only, saturating (so that an
/// absurd number is out of range rather than wrapped).
pub(crate) fn number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u32, |n, b| {
        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

/// Three-letter month names, January first.
pub(crate) const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Three-letter weekday names, Sunday first.
pub(crate) const WEEKDAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/// The month (1..=12) a three-letter name means, ignoring case.
pub(crate) fn month_name(text: &str) -> Option<u32> {
    MONTHS
        .iter()
        .position(|m| m.eq_ignore_ascii_case(text))
        .map(|i| i as u32 + 1)
}

/// The weekday (0 = Sunday) a three-letter name means, ignoring case.
pub(crate) fn weekday_name(text: &str) -> Option<u32> {
    WEEKDAYS
        .iter()
        .position(|d| d.eq_ignore_ascii_case(text))
        .map(|i| i as u32)
}

/// `expected 5 fields (…), found N` for a line of the wrong length.
pub(crate) fn field_count(product: &str, names: &str, found: usize, example: &str) -> Error {
    let want = names.split(' ').count();
    bad_line(format!(
        "{product} expects {want} fields ({names}), found {found}: e.g. `{example}`{}",
        if found > want {
            "; pass only the schedule, not the command"
        } else {
            ""
        }
    ))
}

/// The error for a field that selects no value at all.
pub(crate) fn selects_nothing(part: Part, at: usize, text: &str, product: &str) -> Error {
    bad(
        part,
        at,
        text,
        format!("it selects no {part} ({product} would accept the line and never run it)"),
    )
}

/// `parts` joined by `sep` (one loop, where `[String]::join` would add a
/// generic copy routine of its own to the wasm build).
pub(crate) fn join<S: AsRef<str>>(parts: &[S], sep: &str) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(p.as_ref());
    }
    out
}
