//! The RRULE parser, validator and canonical printer (RFC 5545 §3.3.10).
//!
//! Three stages, one direction:
//!
//! 1. [`split`]: syntax only. The text becomes named parts whose values are
//!    split into elements, each with its byte position in the *original*
//!    text (prefix and leading whitespace included), so every error can point
//!    at the offending bytes.
//! 2. [`read_values`]: each element is read into a loosely typed value
//!    (integers as `i64`, weekdays, UNTIL) without any range check, into a
//!    [`Draft`].
//! 3. [`CHECKS`]: an ordered table of small checks over the draft, each
//!    citing its RFC clause. The first failing check is the error. Only then
//!    is the [`Rule`] built, with every list sorted and deduplicated.
//!
//! Errors are reported in that order: the first syntax error in the text,
//! then the first unreadable value in the text, then the first failing check
//! in table order.

use std::fmt;

use jiff::civil::{Date, DateTime, Weekday};
use jiff::tz::TimeZone;

use super::{Frequency, Rule, Until, WeekdayNum};
use crate::error::{Error, ErrorCode};
use crate::lang::errors::{self as e, Words};
use crate::lang::{Arg, Conj, Text};

/// Longest accepted RRULE text, in bytes (before trimming).
pub(crate) const MAX_RULE_LEN: usize = 4096;
/// Most elements in one list part (366 = the days of a leap year).
pub(crate) const MAX_LIST_LEN: usize = 366;
/// Largest accepted `INTERVAL`.
pub(crate) const MAX_INTERVAL: u32 = 1_000_000;
/// Longest part of user input quoted back in an error message, in chars.
const MAX_QUOTE: usize = 40;

// ---------------------------------------------------------------------------
// Part names
// ---------------------------------------------------------------------------

/// The rule parts of RFC 5545 §3.3.10, in canonical print order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
    Freq,
    Interval,
    Count,
    Until,
    ByMonth,
    ByWeekNo,
    ByYearDay,
    ByMonthDay,
    ByDay,
    ByHour,
    ByMinute,
    BySecond,
    BySetPos,
    Wkst,
}

impl Name {
    const ALL: [Name; 14] = [
        Name::Freq,
        Name::Interval,
        Name::Count,
        Name::Until,
        Name::ByMonth,
        Name::ByWeekNo,
        Name::ByYearDay,
        Name::ByMonthDay,
        Name::ByDay,
        Name::ByHour,
        Name::ByMinute,
        Name::BySecond,
        Name::BySetPos,
        Name::Wkst,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Name::Freq => "FREQ",
            Name::Interval => "INTERVAL",
            Name::Count => "COUNT",
            Name::Until => "UNTIL",
            Name::ByMonth => "BYMONTH",
            Name::ByWeekNo => "BYWEEKNO",
            Name::ByYearDay => "BYYEARDAY",
            Name::ByMonthDay => "BYMONTHDAY",
            Name::ByDay => "BYDAY",
            Name::ByHour => "BYHOUR",
            Name::ByMinute => "BYMINUTE",
            Name::BySecond => "BYSECOND",
            Name::BySetPos => "BYSETPOS",
            Name::Wkst => "WKST",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The name as an error's list of names prints it: bare in English,
    /// in backticks in Chinese (where it is a token among Han text).
    fn words(self) -> &'static Words {
        macro_rules! words {
            ($($name:literal),*) => {
                &[$([$name, concat!("`", $name, "`"), concat!("`", $name, "`")]),*]
            };
        }
        const WORDS: &[Words; 14] = words!(
            "FREQ",
            "INTERVAL",
            "COUNT",
            "UNTIL",
            "BYMONTH",
            "BYWEEKNO",
            "BYYEARDAY",
            "BYMONTHDAY",
            "BYDAY",
            "BYHOUR",
            "BYMINUTE",
            "BYSECOND",
            "BYSETPOS",
            "WKST"
        );
        &WORDS[self.index()]
    }

    fn lookup(text: &str) -> Option<Name> {
        Name::ALL
            .into_iter()
            .find(|n| n.as_str().eq_ignore_ascii_case(text))
    }

    /// True for the parts whose value is a comma-separated list.
    fn is_list(self) -> bool {
        !matches!(
            self,
            Name::Freq | Name::Interval | Name::Count | Name::Until | Name::Wkst
        )
    }

    /// What a value of this part looks like, for error messages.
    fn expected(self) -> Arg {
        const EXPECTED: [&Words; 14] = [
            &e::FREQ_VALUES,
            &["1..=1000000"; 3],
            &["1..=4294967295"; 3],
            &e::UNTIL_VALUES,
            &["1..=12"; 3],
            &e::WEEKNO_VALUES,
            &e::YEARDAY_VALUES,
            &e::MONTHDAY_VALUES,
            &e::BYDAY_VALUES,
            &["0..=23"; 3],
            &["0..=59"; 3],
            &["0..=59"; 3],
            &e::YEARDAY_VALUES,
            &e::WKST_VALUES,
        ];
        Arg::Words(EXPECTED[self.index()])
    }

    /// A valid example of the part, for error messages.
    fn example(self) -> &'static str {
        match self {
            Name::Freq => "FREQ=WEEKLY",
            Name::Interval => "INTERVAL=2",
            Name::Count => "COUNT=10",
            Name::Until => "UNTIL=20261231T235959Z",
            Name::ByMonth => "BYMONTH=1,7",
            Name::ByWeekNo => "BYWEEKNO=1,20,-1",
            Name::ByYearDay => "BYYEARDAY=1,100,-1",
            Name::ByMonthDay => "BYMONTHDAY=1,15,-1",
            Name::ByDay => "BYDAY=MO,WE,-1FR",
            Name::ByHour => "BYHOUR=9,17",
            Name::ByMinute => "BYMINUTE=0,30",
            Name::BySecond => "BYSECOND=0,30",
            Name::BySetPos => "BYSETPOS=-1",
            Name::Wkst => "WKST=SU",
        }
    }

    /// The inclusive range of magnitudes for integer parts, and whether
    /// negative values (counting from the end) are allowed.
    ///
    /// RFC 5545 §3.3.10 grammar: `seconds`, `minutes`, `hour`, `monthdaynum`,
    /// `yeardaynum`, `weeknum`, `monthnum`, `setposday`.
    fn int_range(self) -> Option<(u64, u64, bool)> {
        match self {
            Name::Interval => Some((1, u64::from(MAX_INTERVAL), false)),
            Name::Count => Some((1, u64::from(u32::MAX), false)),
            Name::ByMonth => Some((1, 12, false)),
            Name::ByWeekNo => Some((1, 53, true)),
            Name::ByYearDay | Name::BySetPos => Some((1, 366, true)),
            Name::ByMonthDay => Some((1, 31, true)),
            Name::ByHour => Some((0, 23, false)),
            Name::ByMinute | Name::BySecond => Some((0, 59, false)),
            Name::Freq | Name::Until | Name::ByDay | Name::Wkst => None,
        }
    }
}

// ---------------------------------------------------------------------------
// Stage 1: syntax
// ---------------------------------------------------------------------------

/// One list element or single value, as written, with its byte position.
#[derive(Clone, Copy, Debug)]
struct Elem<'a> {
    text: &'a str,
    pos: usize,
}

/// One `NAME=VALUE` part, unvalidated.
#[derive(Clone, Debug)]
struct RawPart<'a> {
    name: Name,
    name_pos: usize,
    elems: Vec<Elem<'a>>,
}

/// Splits the text into parts. Checks only the shape: length, `;`, `=`,
/// known and unrepeated names, non-empty values and list elements.
fn split(text: &str) -> Result<(usize, Vec<RawPart<'_>>), Error> {
    let (body_pos, body) = rule_body(text)?;
    let mut parts: Vec<RawPart<'_>> = Vec::new();
    let mut seen: [Option<usize>; 14] = [None; 14];
    let mut at = body_pos;
    for piece in body.split(';') {
        let piece_pos = at;
        at += piece.len() + 1;
        parts.push(split_part(piece, piece_pos, &mut seen)?);
    }
    Ok((body_pos, parts))
}

/// The rule's `NAME=VALUE;…` text and where it starts: without the
/// surrounding blanks, a leading `RRULE:` and one trailing `;`.
fn rule_body(text: &str) -> Result<(usize, &str), Error> {
    if text.len() > MAX_RULE_LEN {
        return Err(invalid(
            Text::new(e::RULE_TOO_LONG)
                .with("len", text.len())
                .with("max", MAX_RULE_LEN),
        )
        .with_position(MAX_RULE_LEN));
    }
    let trimmed = text.trim_ascii_start();
    let mut pos = text.len() - trimmed.len();
    let mut body = trimmed.trim_ascii_end();
    if body
        .get(..6)
        .is_some_and(|p| p.eq_ignore_ascii_case("RRULE:"))
    {
        let after = body.get(6..).unwrap_or("");
        let rest = after.trim_ascii_start();
        pos += 6 + (after.len() - rest.len());
        body = rest;
    }
    if body.is_empty() {
        return Err(invalid(Text::new(e::RULE_EMPTY)).with_position(pos));
    }
    // RFC 5545 §3.3.10 has no trailing `;`, but writers emit one often enough
    // that a single one is tolerated.
    Ok((pos, body.strip_suffix(';').unwrap_or(body)))
}

/// One `NAME=VALUE` piece at `piece_pos`; `seen` holds where each name was
/// first given.
fn split_part<'a>(
    piece: &'a str,
    piece_pos: usize,
    seen: &mut [Option<usize>; 14],
) -> Result<RawPart<'a>, Error> {
    if piece.is_empty() {
        return Err(invalid(Text::new(e::RULE_EMPTY_PART)).with_position(piece_pos));
    }
    let Some((name_text, value)) = piece.split_once('=') else {
        return Err(
            invalid(Text::new(e::RULE_NO_EQUALS).with("part", quote(piece)))
                .with_position(piece_pos),
        );
    };
    let name = resolve_name(name_text).map_err(|e| e.with_position(piece_pos))?;
    if let Some(first) = seen[name.index()] {
        let list: &'static Words = if name.is_list() {
            &e::ONE_LIST
        } else {
            &e::NONE
        };
        return Err(invalid(
            Text::new(e::RULE_TWICE)
                .with("name", name.as_str())
                .with("first", first)
                .with("second", piece_pos)
                .with("list", Arg::Words(list))
                .with("example", name.example()),
        )
        .with_position(piece_pos));
    }
    seen[name.index()] = Some(piece_pos);
    let value_pos = piece_pos + name_text.len() + 1;
    if value.is_empty() {
        return Err(invalid(about(e::RULE_EMPTY_VALUE, name)).with_position(value_pos));
    }
    let elems = if name.is_list() {
        split_list(name, value, value_pos)?
    } else {
        vec![Elem {
            text: value,
            pos: value_pos,
        }]
    };
    Ok(RawPart {
        name,
        name_pos: piece_pos,
        elems,
    })
}

fn split_list<'a>(name: Name, value: &'a str, value_pos: usize) -> Result<Vec<Elem<'a>>, Error> {
    let mut elems = Vec::new();
    let mut at = value_pos;
    for text in value.split(',') {
        let pos = at;
        at += text.len() + 1;
        if text.is_empty() {
            return Err(invalid(about(e::RULE_EMPTY_ELEMENT, name)).with_position(pos));
        }
        if elems.len() == MAX_LIST_LEN {
            return Err(invalid(
                Text::new(e::RULE_TOO_MANY)
                    .with("name", name.as_str())
                    .with("max", MAX_LIST_LEN)
                    .with("example", name.example()),
            )
            .with_position(pos));
        }
        elems.push(Elem { text, pos });
    }
    Ok(elems)
}

/// A known part name, or an error naming the expected ones (position added
/// by the caller).
fn resolve_name(text: &str) -> Result<Name, Error> {
    if let Some(name) = Name::lookup(text) {
        return Ok(name);
    }
    // RFC 7529 (non-Gregorian recurrence rules) adds these two parts.
    if text.eq_ignore_ascii_case("RSCALE") {
        return Err(Error::new(
            ErrorCode::Unsupported,
            Text::new(e::RULE_RSCALE).with("part", quote(text)),
        ));
    }
    if text.eq_ignore_ascii_case("SKIP") {
        return Err(Error::new(
            ErrorCode::Unsupported,
            Text::new(e::RULE_SKIP).with("part", quote(text)),
        ));
    }
    let names = Arg::list(Name::ALL.iter().map(|n| Arg::Words(n.words())), Conj::Comma);
    if text.is_empty() {
        return Err(invalid(Text::new(e::RULE_EMPTY_NAME).with("names", names)));
    }
    let hint = match near_miss(text) {
        Some(n) => Arg::from(Text::new(e::RULE_DID_YOU_MEAN).with("name", n.as_str())),
        None => Arg::Words(&e::NONE),
    };
    Err(invalid(
        Text::new(e::RULE_UNKNOWN_PART)
            .with("part", quote(text))
            .with("hint", hint)
            .with("names", names),
    ))
}

/// The known name closest to `text` when at most two edits away.
fn near_miss(text: &str) -> Option<Name> {
    // Longer than any name plus two edits: cannot be a near miss, and
    // keeps the distance computation small.
    if text.is_empty() || text.len() > 12 {
        return None;
    }
    let upper: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
    Name::ALL
        .into_iter()
        .map(|n| (edit_distance(&upper, n.as_str()), n))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// Levenshtein distance between `a` and the ASCII string `b`.
fn edit_distance(a: &[char], b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------
// Stage 2: values, read but not range-checked
// ---------------------------------------------------------------------------

/// A value read from an element, remembering where it came from.
#[derive(Clone, Copy, Debug)]
struct Spanned<'a, T> {
    value: T,
    elem: Elem<'a>,
}

/// A part with its values read.
#[derive(Clone, Debug)]
struct Read<'a, T> {
    name_pos: usize,
    items: Vec<Spanned<'a, T>>,
}

/// Everything the text said, read but not yet validated.
#[derive(Debug, Default)]
struct Draft<'a> {
    /// Where the rule itself starts (after `RRULE:` and whitespace).
    body_pos: usize,
    freq: Option<Read<'a, Frequency>>,
    until: Option<Read<'a, Until>>,
    /// `BYDAY`: an ordinal (saturated on overflow) and a weekday.
    by_day: Option<Read<'a, (Option<i64>, Weekday)>>,
    wkst: Option<Read<'a, Weekday>>,
    /// Integer parts, indexed by [`Name::index`]; values saturate on
    /// overflow so that the range check reports them.
    ints: [Option<Read<'a, i64>>; 14],
}

impl<'a> Draft<'a> {
    fn int(&self, name: Name) -> Option<&Read<'a, i64>> {
        self.ints[name.index()].as_ref()
    }

    fn has(&self, name: Name) -> bool {
        match name {
            Name::Freq => self.freq.is_some(),
            Name::Until => self.until.is_some(),
            Name::ByDay => self.by_day.is_some(),
            Name::Wkst => self.wkst.is_some(),
            _ => self.int(name).is_some(),
        }
    }

    fn name_pos(&self, name: Name) -> Option<usize> {
        match name {
            Name::Freq => self.freq.as_ref().map(|r| r.name_pos),
            Name::Until => self.until.as_ref().map(|r| r.name_pos),
            Name::ByDay => self.by_day.as_ref().map(|r| r.name_pos),
            Name::Wkst => self.wkst.as_ref().map(|r| r.name_pos),
            _ => self.int(name).map(|r| r.name_pos),
        }
    }

    fn frequency(&self) -> Option<Frequency> {
        self.freq
            .as_ref()
            .and_then(|r| r.items.first())
            .map(|s| s.value)
    }
}

fn read_values<'a>(body_pos: usize, parts: Vec<RawPart<'a>>) -> Result<Draft<'a>, Error> {
    let mut draft = Draft {
        body_pos,
        ..Draft::default()
    };
    for part in parts {
        let name = part.name;
        match name {
            Name::Freq => draft.freq = Some(read(&part, |t| read_freq(t).ok_or(None))?),
            Name::Until => draft.until = Some(read(&part, read_until)?),
            Name::ByDay => draft.by_day = Some(read(&part, |t| read_weekday_num(t).ok_or(None))?),
            Name::Wkst => draft.wkst = Some(read(&part, |t| read_weekday(t).ok_or(None))?),
            _ => {
                let signed = name.int_range().is_some_and(|(_, _, signed)| signed);
                draft.ints[name.index()] = Some(read(&part, |t| read_int(t, signed).ok_or(None))?);
            }
        }
    }
    Ok(draft)
}

/// Reads every element of a part with `f`, which answers `Err(Some(why))`
/// to replace the part's usual "expected" text with a sharper one.
fn read<'a, T>(
    part: &RawPart<'a>,
    f: impl Fn(&str) -> Result<T, Option<Text>>,
) -> Result<Read<'a, T>, Error> {
    let mut items = Vec::with_capacity(part.elems.len());
    for &elem in &part.elems {
        match f(elem.text) {
            Ok(value) => items.push(Spanned { value, elem }),
            Err(why) => return Err(invalid_value(part.name, elem, why.map(Arg::from))),
        }
    }
    Ok(Read {
        name_pos: part.name_pos,
        items,
    })
}

fn read_freq(text: &str) -> Option<Frequency> {
    [
        Frequency::Secondly,
        Frequency::Minutely,
        Frequency::Hourly,
        Frequency::Daily,
        Frequency::Weekly,
        Frequency::Monthly,
        Frequency::Yearly,
    ]
    .into_iter()
    .find(|f| f.as_str().eq_ignore_ascii_case(text))
}

const WEEKDAYS: [(&str, Weekday); 7] = [
    ("MO", Weekday::Monday),
    ("TU", Weekday::Tuesday),
    ("WE", Weekday::Wednesday),
    ("TH", Weekday::Thursday),
    ("FR", Weekday::Friday),
    ("SA", Weekday::Saturday),
    ("SU", Weekday::Sunday),
];

fn weekday_token(day: Weekday) -> &'static str {
    WEEKDAYS
        .iter()
        .find(|(_, d)| *d == day)
        .map_or("MO", |(t, _)| t)
}

fn read_weekday(text: &str) -> Option<Weekday> {
    WEEKDAYS
        .iter()
        .find(|(t, _)| t.eq_ignore_ascii_case(text))
        .map(|(_, d)| *d)
}

/// `weekdaynum = [[plus / minus] ordwk] weekday` (RFC 5545 §3.3.10).
fn read_weekday_num(text: &str) -> Option<(Option<i64>, Weekday)> {
    let split = text.len().checked_sub(2)?;
    let (ord, day) = (text.get(..split)?, text.get(split..)?);
    let weekday = read_weekday(day)?;
    let nth = if ord.is_empty() {
        None
    } else {
        Some(read_int(ord, true)?)
    };
    Some((nth, weekday))
}

/// An integer with an optional sign where `signed`; overflow saturates so
/// that the range check, not the syntax, reports it.
fn read_int(text: &str, signed: bool) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'+') if signed => (false, text.get(1..)?),
        Some(b'-') if signed => (true, text.get(1..)?),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut n: i64 = 0;
    for b in digits.bytes() {
        n = n.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    Some(if negative { -n } else { n })
}

/// `UNTIL = date / date-time` (RFC 5545 §3.3.10, §3.3.4, §3.3.5): local
/// (floating) or UTC with a trailing `Z`.
fn read_until(text: &str) -> Result<Until, Option<Text>> {
    // Fixed-width digit fields; `get` keeps slicing on char boundaries.
    let digits = |from: usize, to: usize| -> Result<&str, Option<Text>> {
        match text.get(from..to) {
            Some(s) if s.bytes().all(|c| c.is_ascii_digit()) => Ok(s),
            _ => Err(None),
        }
    };
    let field = |from: usize, to: usize| -> Result<i8, Option<Text>> {
        digits(from, to)?.parse().map_err(|_| None)
    };
    let year: i16 = digits(0, 4)?.parse().map_err(|_| None)?;
    let (month, day) = (field(4, 6)?, field(6, 8)?);
    let rest = text.get(8..).ok_or(None)?;
    let (time, utc) = match rest.len() {
        0 => (None, false),
        7 => (Some(rest), false),
        8 if rest.ends_with(['Z', 'z']) => (Some(rest), true),
        _ => return Err(None),
    };
    if time.is_some() && !rest.starts_with(['T', 't']) {
        return Err(None);
    }
    let date = Date::new(year, month, day)
        .map_err(|_| Some(Text::new(e::UNTIL_NO_DATE).with("date", Arg::Date(year, month, day))))?;
    if time.is_none() {
        return Ok(Until::Date(date));
    }
    let (hour, minute, second) = (field(9, 11)?, field(11, 13)?, field(13, 15)?);
    let Ok(dt) = DateTime::new(year, month, day, hour, minute, second, 0) else {
        return Err(Some(
            Text::new(e::UNTIL_NO_TIME).with("time", format!("{hour:02}:{minute:02}:{second:02}")),
        ));
    };
    if !utc {
        return Ok(Until::Local(dt));
    }
    TimeZone::UTC
        .to_timestamp(dt)
        .map(Until::Utc)
        .map_err(|_| Some(Text::new(e::UNTIL_RANGE)))
}

// ---------------------------------------------------------------------------
// Stage 3: checks
// ---------------------------------------------------------------------------

type Check = fn(&Draft<'_>) -> Result<(), Error>;

/// The validation table, in the order the checks run.
const CHECKS: &[(&str, Check)] = &[
    // RFC 5545 §3.3.10: "The FREQ rule part is REQUIRED".
    ("freq_required", freq_required),
    // RFC 5545 §3.3.10 allows `seconds = 1*2DIGIT ; 0 to 60`; 60 names a
    // leap second, which no civil time zone clock shows.
    ("no_leap_second", no_leap_second),
    // RFC 5545 §3.3.10 grammar: the range of each integer part.
    ("ints_in_range", ints_in_range),
    // RFC 5545 §3.3.10: "[BYDAY] ordwk = 1*2DIGIT ; 1 to 53", never 0.
    ("by_day_ordinal_range", by_day_ordinal_range),
    // RFC 5545 §3.3.10: "The UNTIL or COUNT rule parts are OPTIONAL, but
    // they MUST NOT occur in the same 'recur'".
    ("count_and_until", count_and_until),
    // RFC 5545 §3.3.10: "The BYMONTHDAY rule part MUST NOT be specified
    // when the FREQ rule part is set to WEEKLY".
    ("by_month_day_not_weekly", by_month_day_not_weekly),
    // RFC 5545 §3.3.10: "The BYYEARDAY rule part MUST NOT be specified
    // when the FREQ rule part is set to DAILY, WEEKLY, or MONTHLY".
    ("by_year_day_freq", by_year_day_freq),
    // RFC 5545 §3.3.10: "This rule part MUST NOT be used when the FREQ rule
    // part is set to anything other than YEARLY" (BYWEEKNO).
    ("by_week_no_yearly", by_week_no_yearly),
    // RFC 5545 §3.3.10: the BYDAY numeric value "MUST NOT be specified"
    // unless FREQ is MONTHLY or YEARLY, nor with FREQ=YEARLY and BYWEEKNO;
    // with MONTHLY it counts within the month (at most 5 of a weekday).
    ("by_day_ordinal_freq", by_day_ordinal_freq),
    // RFC 5545 §3.3.10: BYSETPOS "MUST only be used in conjunction with
    // another BYxxx rule part".
    ("by_set_pos_needs_by", by_set_pos_needs_by),
];

fn freq_required(d: &Draft<'_>) -> Result<(), Error> {
    if d.freq.is_none() {
        return Err(invalid(Text::new(e::RULE_NO_FREQ)).with_position(d.body_pos));
    }
    Ok(())
}

fn no_leap_second(d: &Draft<'_>) -> Result<(), Error> {
    for s in d.int(Name::BySecond).map_or(&[][..], |r| &r.items) {
        if s.value == 60 {
            return Err(
                Error::new(ErrorCode::Unsupported, Text::new(e::RULE_LEAP_SECOND))
                    .with_position(s.elem.pos),
            );
        }
    }
    Ok(())
}

fn ints_in_range(d: &Draft<'_>) -> Result<(), Error> {
    for name in Name::ALL {
        let (Some(read), Some((min, max, signed))) = (d.int(name), name.int_range()) else {
            continue;
        };
        for s in &read.items {
            let ok = (signed || s.value >= 0) && (min..=max).contains(&s.value.unsigned_abs());
            if !ok {
                return Err(invalid_value(name, s.elem, None));
            }
        }
    }
    Ok(())
}

fn by_day_ordinal_range(d: &Draft<'_>) -> Result<(), Error> {
    for s in by_day_items(d) {
        if let (Some(n), _) = s.value
            && !(1..=53).contains(&n.unsigned_abs())
        {
            return Err(invalid_value(
                Name::ByDay,
                s.elem,
                Some(Arg::Words(&e::BYDAY_ORDINALS)),
            ));
        }
    }
    Ok(())
}

fn count_and_until(d: &Draft<'_>) -> Result<(), Error> {
    if let (Some(c), Some(u)) = (d.name_pos(Name::Count), d.name_pos(Name::Until)) {
        return Err(
            Error::new(ErrorCode::CountAndUntil, Text::new(e::RULE_COUNT_AND_UNTIL))
                .with_position(c.max(u)),
        );
    }
    Ok(())
}

fn by_month_day_not_weekly(d: &Draft<'_>) -> Result<(), Error> {
    only_with(
        d,
        Name::ByMonthDay,
        |f| f != Frequency::Weekly,
        None,
        "FREQ=MONTHLY;BYMONTHDAY=1,15",
    )
}

fn by_year_day_freq(d: &Draft<'_>) -> Result<(), Error> {
    only_with(
        d,
        Name::ByYearDay,
        |f| !matches!(f, Frequency::Daily | Frequency::Weekly | Frequency::Monthly),
        None,
        "FREQ=YEARLY;BYYEARDAY=1,-1",
    )
}

fn by_week_no_yearly(d: &Draft<'_>) -> Result<(), Error> {
    only_with(
        d,
        Name::ByWeekNo,
        |f| f == Frequency::Yearly,
        Some("YEARLY"),
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
    )
}

fn by_day_ordinal_freq(d: &Draft<'_>) -> Result<(), Error> {
    let Some(freq) = d.frequency() else {
        return Ok(());
    };
    for s in by_day_items(d) {
        let (Some(n), _) = s.value else { continue };
        let text = quote(s.elem.text);
        let template = match freq {
            Frequency::Monthly if n.unsigned_abs() > 5 => e::BYDAY_MONTHLY,
            Frequency::Monthly => continue,
            Frequency::Yearly if d.has(Name::ByWeekNo) => e::BYDAY_WEEKNO,
            // RFC 5545 §3.3.10: with BYMONTH, "the numeric value in a BYDAY
            // rule part with the FREQ rule part set to YEARLY corresponds to
            // an offset within the month".
            Frequency::Yearly if d.has(Name::ByMonth) && n.unsigned_abs() > 5 => e::BYDAY_BYMONTH,
            Frequency::Yearly => continue,
            _ => e::BYDAY_ORDINAL,
        };
        return Err(invalid(Text::new(template).with("value", text)).with_position(s.elem.pos));
    }
    Ok(())
}

fn by_set_pos_needs_by(d: &Draft<'_>) -> Result<(), Error> {
    let Some(pos) = d.name_pos(Name::BySetPos) else {
        return Ok(());
    };
    let others = [
        Name::ByMonth,
        Name::ByWeekNo,
        Name::ByYearDay,
        Name::ByMonthDay,
        Name::ByDay,
        Name::ByHour,
        Name::ByMinute,
        Name::BySecond,
    ];
    if !others.into_iter().any(|n| d.has(n)) {
        return Err(invalid(Text::new(e::BYSETPOS_ALONE)).with_position(pos));
    }
    Ok(())
}

/// `name` may only appear when `allowed(FREQ)`.
fn only_with(
    d: &Draft<'_>,
    name: Name,
    allowed: impl Fn(Frequency) -> bool,
    only: Option<&str>,
    example: &str,
) -> Result<(), Error> {
    let (Some(pos), Some(freq)) = (d.name_pos(name), d.frequency()) else {
        return Ok(());
    };
    if allowed(freq) {
        return Ok(());
    }
    let message = match only {
        Some(only) => Text::new(e::RULE_ONLY_WITH).with("only", only),
        None => Text::new(e::RULE_NOT_WITH),
    };
    let message = message
        .with("name", name.as_str())
        .with("freq", freq.as_str())
        .with("example", example);
    Err(invalid(message).with_position(pos))
}

fn by_day_items<'d, 'a>(d: &'d Draft<'a>) -> &'d [Spanned<'a, (Option<i64>, Weekday)>] {
    d.by_day.as_ref().map_or(&[][..], |r| &r.items)
}

// ---------------------------------------------------------------------------
// Building the rule
// ---------------------------------------------------------------------------

pub(super) fn parse(text: &str) -> Result<Rule, Error> {
    let (body_pos, parts) = split(text)?;
    let draft = read_values(body_pos, parts)?;
    for (_, check) in CHECKS {
        check(&draft)?;
    }
    build(&draft)
}

/// Builds the rule from a draft that passed every check. Lists are sorted
/// ascending and deduplicated; `BYDAY` is sorted by weekday, Monday first,
/// then by ordinal (none first, then ascending: `MO,-1MO,1MO,2MO,TU`).
fn build(d: &Draft<'_>) -> Result<Rule, Error> {
    let freq = d
        .frequency()
        .ok_or_else(|| Error::internal("validated rule without FREQ"))?;
    let mut rule = Rule::new(freq);
    let single = |name: Name| d.int(name).and_then(|r| r.items.first()).map(|s| s.value);
    if let Some(n) = single(Name::Interval) {
        rule.interval = narrow(n)?;
    }
    if let Some(n) = single(Name::Count) {
        rule.count = Some(narrow(n)?);
    }
    rule.until = d
        .until
        .as_ref()
        .and_then(|r| r.items.first())
        .map(|s| s.value);
    rule.wkst = d
        .wkst
        .as_ref()
        .and_then(|r| r.items.first())
        .map_or(Weekday::Monday, |s| s.value);
    rule.by_second = list(d, Name::BySecond)?;
    rule.by_minute = list(d, Name::ByMinute)?;
    rule.by_hour = list(d, Name::ByHour)?;
    rule.by_month_day = list(d, Name::ByMonthDay)?;
    rule.by_year_day = list(d, Name::ByYearDay)?;
    rule.by_week_no = list(d, Name::ByWeekNo)?;
    rule.by_month = list(d, Name::ByMonth)?;
    rule.by_set_pos = list(d, Name::BySetPos)?;
    let mut by_day = Vec::new();
    for s in by_day_items(d) {
        let (nth, weekday) = s.value;
        let nth = nth.map(narrow).transpose()?;
        by_day.push(WeekdayNum { nth, weekday });
    }
    crate::sort::sort_by_key(&mut by_day, |w| (w.weekday.to_monday_zero_offset(), w.nth));
    by_day.dedup();
    rule.by_day = by_day;
    Ok(rule)
}

fn list<T: TryFrom<i64> + Ord>(d: &Draft<'_>, name: Name) -> Result<Vec<T>, Error> {
    let mut out = Vec::new();
    for s in d.int(name).map_or(&[][..], |r| &r.items) {
        out.push(narrow(s.value)?);
    }
    crate::sort::sort(&mut out);
    out.dedup();
    Ok(out)
}

/// A range-checked value into its field type; failing is a bug in the checks.
fn narrow<T: TryFrom<i64>>(n: i64) -> Result<T, Error> {
    T::try_from(n).map_err(|_| {
        Error::internal("rule value passed the range check but does not fit its field")
    })
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

fn invalid(message: Text) -> Error {
    Error::new(ErrorCode::InvalidRrule, message)
}

/// `template` about part `name`: its name, what its value looks like and
/// an example.
fn about(template: crate::lang::Template, name: Name) -> Text {
    Text::new(template)
        .with("name", name.as_str())
        .with("expected", name.expected())
        .with("example", name.example())
}

/// ``invalid `NAME` value `x`: expected …, e.g. `…` `` at the element.
fn invalid_value(name: Name, elem: Elem<'_>, expected: Option<Arg>) -> Error {
    let text = Text::new(e::RULE_INVALID_VALUE)
        .with("name", name.as_str())
        .with("value", quote(elem.text))
        .with("expected", expected.unwrap_or_else(|| name.expected()))
        .with("example", name.example());
    invalid(text).with_position(elem.pos)
}

/// User input as shown inside backticks: shortened, control characters and
/// backticks escaped, so a message stays one readable line.
fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_QUOTE {
            out.push('…');
            break;
        }
        if c == '`' {
            out.push_str("\\`");
        } else if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------

/// Prints the canonical form: parts in [`Name::ALL`] order, uppercase,
/// `INTERVAL` only when not 1, `WKST` only when not Monday, `UNTIL` in the
/// form it was given.
pub(super) fn write_canonical(rule: &Rule, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "FREQ={}", rule.freq)?;
    if rule.interval != 1 {
        write!(f, ";INTERVAL={}", rule.interval)?;
    }
    if let Some(count) = rule.count {
        write!(f, ";COUNT={count}")?;
    }
    if let Some(until) = rule.until {
        f.write_str(";UNTIL=")?;
        write_until(until, f)?;
    }
    write_list(f, "BYMONTH", &rule.by_month)?;
    write_list(f, "BYWEEKNO", &rule.by_week_no)?;
    write_list(f, "BYYEARDAY", &rule.by_year_day)?;
    write_list(f, "BYMONTHDAY", &rule.by_month_day)?;
    if !rule.by_day.is_empty() {
        f.write_str(";BYDAY=")?;
        for (i, w) in rule.by_day.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Some(n) = w.nth {
                write!(f, "{n}")?;
            }
            f.write_str(weekday_token(w.weekday))?;
        }
    }
    write_list(f, "BYHOUR", &rule.by_hour)?;
    write_list(f, "BYMINUTE", &rule.by_minute)?;
    write_list(f, "BYSECOND", &rule.by_second)?;
    write_list(f, "BYSETPOS", &rule.by_set_pos)?;
    if rule.wkst != Weekday::Monday {
        write!(f, ";WKST={}", weekday_token(rule.wkst))?;
    }
    Ok(())
}

fn write_list<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    values: &[T],
) -> fmt::Result {
    if values.is_empty() {
        return Ok(());
    }
    write!(f, ";{name}=")?;
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{v}")?;
    }
    Ok(())
}

fn write_date(d: Date, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{:04}{:02}{:02}", d.year(), d.month(), d.day())
}

fn write_datetime(dt: DateTime, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write_date(dt.date(), f)?;
    write!(f, "T{:02}{:02}{:02}", dt.hour(), dt.minute(), dt.second())
}

fn write_until(until: Until, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match until {
        Until::Date(d) => write_date(d, f),
        Until::Local(dt) => write_datetime(dt, f),
        Until::Utc(ts) => {
            write_datetime(TimeZone::UTC.to_datetime(ts), f)?;
            f.write_str("Z")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(edit_distance(&chars("BYDAY"), "BYDAY"), 0);
        assert_eq!(edit_distance(&chars("BYDAYS"), "BYDAY"), 1);
        assert_eq!(edit_distance(&chars("BDAY"), "BYDAY"), 1);
        assert_eq!(edit_distance(&chars("BYDYA"), "BYDAY"), 2);
        assert_eq!(near_miss("bymonthdays"), Some(Name::ByMonthDay));
        assert_eq!(near_miss("COLOR"), None);
    }

    #[test]
    fn read_int_signs_and_overflow() {
        assert_eq!(read_int("17", false), Some(17));
        assert_eq!(read_int("-1", false), None);
        assert_eq!(read_int("+1", false), None);
        assert_eq!(read_int("-1", true), Some(-1));
        assert_eq!(read_int("+1", true), Some(1));
        assert_eq!(read_int("-", true), None);
        assert_eq!(read_int("", true), None);
        assert_eq!(read_int("99999999999999999999", false), Some(i64::MAX));
        assert_eq!(read_int("-99999999999999999999", true), Some(-i64::MAX));
    }

    #[test]
    fn an_until_out_of_range_names_the_instants_that_are_in_range() {
        let err = parse("FREQ=DAILY;UNTIL=99991231T235959Z").unwrap_err();
        let range = format!(
            "expected an instant between {} and {},",
            jiff::Timestamp::MIN,
            jiff::Timestamp::MAX
        );
        assert!(err.message().contains(&range), "{}", err.message());
    }

    #[test]
    fn quote_shortens_and_escapes() {
        assert_eq!(quote("a`b\n"), "a\\`b\\n");
        assert_eq!(quote(&"é".repeat(100)).chars().count(), MAX_QUOTE + 1);
    }

    #[test]
    fn check_names_are_unique() {
        let mut names: Vec<&str> = CHECKS.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CHECKS.len());
    }
}
