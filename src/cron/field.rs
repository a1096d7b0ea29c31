//! What every dialect's parser shares: the fields' names and ranges, the
//! split into whitespace-separated tokens with their byte positions, and
//! the errors that name a field and where in the line it went wrong.

use std::fmt;

use crate::error::{Error, ErrorCode};
use crate::lang::{Arg, Conj, Text, cron::PARTS, input_errors as says};

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

impl Part {
    /// Every field, in the order of [`PARTS`].
    pub(super) const ALL: [Part; 8] = [
        Part::Second,
        Part::Minute,
        Part::Hour,
        Part::DayOfMonth,
        Part::Month,
        Part::DayOfWeek,
        Part::Year,
        Part::Line,
    ];

    /// The field's name in a sentence of any language: `minute`, 分钟字段.
    pub(crate) fn words(self) -> Arg {
        Arg::Words(&PARTS[self as usize])
    }
}

/// An error about `text` (part of field `part`) at byte `at` of the line.
pub(crate) fn bad(part: Part, at: usize, text: &str, why: Text) -> Error {
    let message = Text::new(says::CRON_FIELD)
        .with("part", part.words())
        .with("text", shown(text))
        .with("at", at)
        .with("why", why);
    Error::new(ErrorCode::InvalidCron, message)
        .with_field(part.name())
        .with_position(at)
}

/// An error about the line as a whole.
pub(crate) fn bad_line(why: Text) -> Error {
    Error::new(ErrorCode::InvalidCron, why).with_field(Part::Line.name())
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

/// `expected 5 fields (…), found N` for a line of the wrong length;
/// `names` are the fields' English names (`[year]` for an optional one),
/// which each language lists in its own words.
pub(crate) fn field_count(product: Arg, names: &str, found: usize, example: &str) -> Error {
    let want = names.split(' ').count();
    let mut parts = Vec::new();
    for name in names.split(' ') {
        let bare = name.trim_matches(['[', ']']);
        let part = Part::ALL.iter().find(|p| p.name() == bare).copied();
        let words = part.unwrap_or(Part::Line).words();
        parts.push(if bare == name {
            words
        } else {
            Text::new(says::CRON_OPTIONAL).with("part", words).into()
        });
    }
    let command = if found > want {
        Text::new(says::CRON_NOT_THE_COMMAND).into()
    } else {
        Arg::Str(String::new())
    };
    bad_line(
        Text::new(says::CRON_FIELD_COUNT)
            .with("product", product)
            .with("want", want)
            .with("parts", Arg::List(parts, Conj::Space))
            .with("found", found)
            .with("example", example)
            .with("command", command),
    )
}

/// `expected 1-12 or `jan`-`dec`, e.g. `3-5``.
pub(crate) fn expect_month(lo: u32, hi: u32, first: &str, last: &str, example: &str) -> Text {
    Text::new(says::CRON_EXPECT_MONTH)
        .with("lo", lo)
        .with("hi", hi)
        .with("first", first)
        .with("last", last)
        .with("example", example)
}

/// The error for a field that selects no value at all.
pub(crate) fn selects_nothing(part: Part, at: usize, text: &str, product: Arg) -> Error {
    let why = Text::new(says::CRON_SELECTS_NOTHING)
        .with("part", part.words())
        .with("product", product);
    bad(part, at, text, why)
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
