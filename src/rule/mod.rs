//! RRULE text → validated [`Rule`] (RFC 5545 §3.3.10), and back.
//!
//! Parsing happens in two steps: `parse` splits the text into unvalidated
//! parts (syntax only, with byte positions), then `validate` runs an ordered
//! table of small checks, each citing its RFC clause. Only a validated `Rule`
//! can be expanded.

mod parse;

use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;
use jiff::civil::{Date, DateTime, Weekday};

use crate::error::Error;

/// `FREQ`: the period the rule repeats over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Frequency {
    /// `SECONDLY`
    Secondly,
    /// `MINUTELY`
    Minutely,
    /// `HOURLY`
    Hourly,
    /// `DAILY`
    Daily,
    /// `WEEKLY`
    Weekly,
    /// `MONTHLY`
    Monthly,
    /// `YEARLY`
    Yearly,
}

impl Frequency {
    /// The RFC 5545 token, e.g. `DAILY`.
    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::Secondly => "SECONDLY",
            Frequency::Minutely => "MINUTELY",
            Frequency::Hourly => "HOURLY",
            Frequency::Daily => "DAILY",
            Frequency::Weekly => "WEEKLY",
            Frequency::Monthly => "MONTHLY",
            Frequency::Yearly => "YEARLY",
        }
    }
}

impl fmt::Display for Frequency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One `BYDAY` element: a weekday with an optional ordinal (`-1FR`, `2MO`, `TU`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WeekdayNum {
    /// `None` for every such weekday in the period; `Some(n)` with
    /// `n` in ±1..=53 (YEARLY) or ±1..=5 (MONTHLY) for the n-th one.
    pub nth: Option<i8>,
    /// The weekday.
    pub weekday: Weekday,
}

/// `UNTIL`, in the three forms RFC 5545 allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Until {
    /// `UNTIL=20260401`: the whole local day is included.
    Date(Date),
    /// `UNTIL=20260401T070000`: compared with the nominal local time.
    Local(DateTime),
    /// `UNTIL=20260401T050000Z`: compared with each occurrence's instant.
    Utc(Timestamp),
}

/// A validated RFC 5545 recurrence rule.
///
/// Lists are sorted and free of duplicates; an empty list means the part was
/// not given. Construct one with [`Rule::parse`] (or `str::parse`); print the
/// canonical form with `Display`, which parses back to an equal `Rule`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub(crate) freq: Frequency,
    pub(crate) interval: u32,
    pub(crate) count: Option<u32>,
    pub(crate) until: Option<Until>,
    pub(crate) by_second: Vec<u8>,
    pub(crate) by_minute: Vec<u8>,
    pub(crate) by_hour: Vec<u8>,
    pub(crate) by_day: Vec<WeekdayNum>,
    pub(crate) by_month_day: Vec<i8>,
    pub(crate) by_year_day: Vec<i16>,
    pub(crate) by_week_no: Vec<i8>,
    pub(crate) by_month: Vec<u8>,
    pub(crate) by_set_pos: Vec<i16>,
    pub(crate) wkst: Weekday,
}

impl Rule {
    /// Parses and validates an RRULE value; a leading `RRULE:` is accepted,
    /// parts may come in any order and in any case.
    ///
    /// Errors have code `invalid_rrule` (or `count_and_until`), name the
    /// part, and carry the byte position in `text`.
    ///
    /// ```
    /// use wallclock::{ErrorCode, Rule};
    ///
    /// let rule = Rule::parse("rrule:byday=fr,mo;freq=weekly;interval=2")?;
    /// assert_eq!(rule.to_string(), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR");
    ///
    /// let err = Rule::parse("FREQ=DAILY;BYHOUR=24").unwrap_err();
    /// assert_eq!(err.code(), ErrorCode::InvalidRrule);
    /// assert_eq!(err.position(), Some(18));
    /// assert_eq!(err.message(), "invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17`");
    /// # Ok::<(), wallclock::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Rule, Error> {
        parse::parse(text)
    }

    /// A rule repeating every `interval` periods of `freq`, with no other part.
    pub fn new(freq: Frequency) -> Rule {
        Rule {
            freq,
            interval: 1,
            count: None,
            until: None,
            by_second: Vec::new(),
            by_minute: Vec::new(),
            by_hour: Vec::new(),
            by_day: Vec::new(),
            by_month_day: Vec::new(),
            by_year_day: Vec::new(),
            by_week_no: Vec::new(),
            by_month: Vec::new(),
            by_set_pos: Vec::new(),
            wkst: Weekday::Monday,
        }
    }

    /// `FREQ`.
    pub fn frequency(&self) -> Frequency {
        self.freq
    }
    /// `INTERVAL` (1 when absent).
    pub fn interval(&self) -> u32 {
        self.interval
    }
    /// `COUNT`.
    pub fn count(&self) -> Option<u32> {
        self.count
    }
    /// `UNTIL`.
    pub fn until(&self) -> Option<Until> {
        self.until
    }
    /// `BYSECOND`, sorted.
    pub fn by_second(&self) -> &[u8] {
        &self.by_second
    }
    /// `BYMINUTE`, sorted.
    pub fn by_minute(&self) -> &[u8] {
        &self.by_minute
    }
    /// `BYHOUR`, sorted.
    pub fn by_hour(&self) -> &[u8] {
        &self.by_hour
    }
    /// `BYDAY`, sorted by weekday (Monday first), then by ordinal (none
    /// first, then ascending): `MO,-1MO,1MO,2MO,-1FR,SU`.
    pub fn by_day(&self) -> &[WeekdayNum] {
        &self.by_day
    }
    /// `BYMONTHDAY`, sorted (negative values count from the month's end).
    pub fn by_month_day(&self) -> &[i8] {
        &self.by_month_day
    }
    /// `BYYEARDAY`, sorted.
    pub fn by_year_day(&self) -> &[i16] {
        &self.by_year_day
    }
    /// `BYWEEKNO`, sorted.
    pub fn by_week_no(&self) -> &[i8] {
        &self.by_week_no
    }
    /// `BYMONTH`, sorted.
    pub fn by_month(&self) -> &[u8] {
        &self.by_month
    }
    /// `BYSETPOS`, sorted.
    pub fn by_set_pos(&self) -> &[i16] {
        &self.by_set_pos
    }
    /// `WKST` (Monday when absent).
    pub fn week_start(&self) -> Weekday {
        self.wkst
    }
    /// True when the rule has any BY part (BYSECOND … BYSETPOS).
    pub(crate) fn has_by_parts(&self) -> bool {
        !(self.by_second.is_empty()
            && self.by_minute.is_empty()
            && self.by_hour.is_empty()
            && self.by_day.is_empty()
            && self.by_month_day.is_empty()
            && self.by_year_day.is_empty()
            && self.by_week_no.is_empty()
            && self.by_month.is_empty()
            && self.by_set_pos.is_empty())
    }
}

impl FromStr for Rule {
    type Err = Error;
    fn from_str(s: &str) -> Result<Rule, Error> {
        Rule::parse(s)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        parse::write_canonical(self, f)
    }
}
