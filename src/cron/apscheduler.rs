//! APScheduler 4's `CronTrigger.from_crontab`, read as its fields read
//! their expressions (`triggers/cron/fields.py`, `expressions.py`).
//!
//! Every field must match (day of month AND day of week). The weekday
//! field turns a numeric range into names before anything else
//! (`DayOfWeekField.append_expression`): `N` becomes weekday `N - 1` of a
//! Monday-first week, 0 and 7 become Sunday, and a step is dropped, so
//! `1-5/2` is Monday to Friday and `0-7` is Sunday alone; `*/2` steps
//! through Monday-first weekday numbers (Monday, Wednesday, Friday,
//! Sunday). The name patterns are matched at the start of an item only
//! (`jan-mar/2` is January to March). `last` in the day of month is the
//! month's last day.

use crate::error::Error;
use crate::lang::{Text, lint as says};

use super::field::{self, Part, bad, month_name};
use super::{Days, Expr};
use crate::lang::{Arg, Conj, input_errors};

const PRODUCT: &str = "APScheduler";

/// Monday-first weekday names, as `expressions.WEEKDAYS`.
const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

pub(super) fn parse(line: &str) -> Result<Expr, Error> {
    let tokens = field::tokens(line);
    if tokens.len() != 5 {
        return Err(field::field_count(
            PRODUCT.into(),
            "minute hour day-of-month month day-of-week",
            tokens.len(),
            "30 9 * * mon-fri",
        ));
    }
    let mut e = Expr::every_day(Days::And);
    let parts = [
        (Part::Minute, 0, 59),
        (Part::Hour, 0, 23),
        (Part::DayOfMonth, 1, 31),
        (Part::Month, 1, 12),
        (Part::DayOfWeek, 0, 7),
    ];
    let mut bits = [0u64; 5];
    for (i, (part, lo, hi)) in parts.into_iter().enumerate() {
        let token = tokens[i];
        bits[i] = read_field(token.text, token.at, part, lo, hi, &mut e)?;
    }
    e.minutes = bits[0];
    e.hours = bits[1] as u32;
    e.dom = bits[2] as u32;
    e.months = bits[3] as u16;
    e.dow = bits[4] as u8;
    e.dom_restricted = tokens[2].text != "*";
    e.dow_restricted = tokens[4].text != "*";
    Ok(e)
}

/// A field: expressions separated by commas (`SEPARATOR`).
fn read_field(
    text: &str,
    at: usize,
    part: Part,
    lo: u32,
    hi: u32,
    e: &mut Expr,
) -> Result<u64, Error> {
    let mut bits = 0;
    let mut pos = 0;
    for item in text.split(',') {
        let item_at = at + pos;
        pos += item.len() + 1;
        bits |= match part {
            Part::DayOfWeek => weekday_item(item, item_at, e)?,
            _ => item_bits(item, item_at, part, lo, hi, e)?,
        };
    }
    Ok(bits)
}

/// `*[/step]`, `first[-last][/step]`, a month name range, or `last`.
fn item_bits(
    item: &str,
    at: usize,
    part: Part,
    lo: u32,
    hi: u32,
    e: &mut Expr,
) -> Result<u64, Error> {
    let fail = |why: Text| bad(part, at, item, why);
    if let Some(step) = item.strip_prefix('*') {
        let step = all_step(step).ok_or_else(|| fail(unrecognized(part)))?;
        check_step(step, hi - lo).map_err(fail)?;
        return Ok(field::stepped(lo, hi, step.unwrap_or(1)));
    }
    if let Some((first, last, step)) = numeric(item) {
        let (first, last) = (
            first,
            last.unwrap_or(if step.is_some() { hi } else { first }),
        );
        if first < lo {
            return Err(fail(
                Text::new(input_errors::APS_FIRST_LOW)
                    .with("first", first)
                    .with("lo", lo),
            ));
        }
        if last > hi {
            return Err(fail(
                Text::new(input_errors::APS_LAST_HIGH)
                    .with("last", last)
                    .with("hi", hi),
            ));
        }
        if first > last {
            return Err(fail(Text::new(input_errors::APS_MIN_MAX)));
        }
        check_step(step, last - first).map_err(fail)?;
        return Ok(field::stepped(first, last, step.unwrap_or(1)));
    }
    match part {
        Part::Month => {
            let (first, last) = names(item).ok_or_else(|| fail(unrecognized(part)))?;
            let first = month_name(first)
                .ok_or_else(|| fail(Text::new(input_errors::APS_MONTH_NAME).with("name", first)))?;
            let last = match last {
                Some(l) => month_name(l)
                    .ok_or_else(|| fail(Text::new(input_errors::APS_MONTH_NAME).with("name", l)))?,
                None => first,
            };
            if first > last {
                return Err(fail(Text::new(input_errors::APS_MIN_MAX)));
            }
            Ok(field::all(first, last))
        }
        Part::DayOfMonth
            if item
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case("last")) =>
        {
            e.from_end |= 1 << 1;
            Ok(0)
        }
        _ => Err(fail(unrecognized(part))),
    }
}

/// The weekday field: numbers become names first, then name ranges that
/// wrap are split in two (`DayOfWeekField.append_expression`). Bits are
/// Sunday-first like every other dialect's.
fn weekday_item(item: &str, at: usize, e: &mut Expr) -> Result<u64, Error> {
    let part = Part::DayOfWeek;
    let fail = |why: Text| bad(part, at, item, why);
    if let Some(step) = item.strip_prefix('*') {
        let step = all_step(step).ok_or_else(|| fail(unrecognized(part)))?;
        check_step(step, 7).map_err(fail)?;
        // Monday-first numbers 0, step, 2 step … up to 6.
        let monday_first = field::stepped(0, 6, step.unwrap_or(1));
        return Ok(field::values(monday_first).fold(0, |b, v| b | 1 << ((v + 1) % 7)));
    }
    let (first, last) = if let Some((first, last, step)) = numeric(item) {
        let name = |n: u32| -> Result<usize, Error> {
            let i = if n == 0 { 6 } else { n as usize - 1 };
            if i >= 7 {
                return Err(fail(
                    Text::new(input_errors::APS_WEEKDAY_NUMBER).with("n", n),
                ));
            }
            Ok(i)
        };
        let f = name(first)?;
        let l = match last {
            Some(l) => name(l)?,
            None => f,
        };
        let reading = read_like_cron(first, last, step);
        let (a, b) = (f, l);
        let bits = monday_range(a, b);
        if reading != Some(bits) {
            e.traps.push((
                "day_of_week_reading",
                part,
                Text::new(says::DAY_OF_WEEK_READING)
                    .with("field", field::shown(item))
                    .with("first", WEEKDAYS[a])
                    .with("last", WEEKDAYS[b]),
            ));
        }
        return Ok(bits);
    } else {
        let (first, last) = names(item).ok_or_else(|| fail(unrecognized(part)))?;
        let idx = |n: &str| {
            WEEKDAYS
                .iter()
                .position(|w| w.eq_ignore_ascii_case(n))
                .ok_or_else(|| fail(Text::new(input_errors::APS_WEEKDAY_NAME).with("name", n)))
        };
        let f = idx(first)?;
        let l = match last {
            Some(l) => idx(l)?,
            None => f,
        };
        (f, l)
    };
    Ok(monday_range(first, last))
}

/// Monday-first weekdays `a..=b` (wrapping past Sunday), as Sunday-first bits.
fn monday_range(a: usize, b: usize) -> u64 {
    let mut bits = 0;
    let mut i = a;
    loop {
        bits |= 1 << ((i + 1) % 7);
        if i == b {
            return bits;
        }
        i = (i + 1) % 7;
    }
}

/// What Vixie cron would select for the same numbers (Sunday-first,
/// 7 = Sunday), to tell when APScheduler's reading differs.
fn read_like_cron(first: u32, last: Option<u32>, step: Option<u32>) -> Option<u64> {
    let last = last.unwrap_or(if step.is_some() { 7 } else { first });
    if first > last || last > 7 {
        return None;
    }
    let bits = field::stepped(first, last, step.unwrap_or(1));
    Some((bits | bits >> 7) & 0x7f)
}

/// The step after `*`: nothing, or `/digits`; `None` when it is neither.
fn all_step(rest: &str) -> Option<Option<u32>> {
    if rest.is_empty() {
        return Some(None);
    }
    let digits = rest.strip_prefix('/')?;
    Some(Some(field::number(digits)?))
}

/// `first[-last][/step]`, digits only, the whole item (`RangeExpression`).
fn numeric(item: &str) -> Option<(u32, Option<u32>, Option<u32>)> {
    let (range, step) = match item.split_once('/') {
        Some((r, s)) => (r, Some(field::number(s)?)),
        None => (item, None),
    };
    let (first, last) = match range.split_once('-') {
        Some((f, l)) => (field::number(f)?, Some(field::number(l)?)),
        None => (field::number(range)?, None),
    };
    Some((first, last, step))
}

/// `name[-name]` at the start of the item; the rest is not looked at
/// (the name patterns have no `$`).
fn names(item: &str) -> Option<(&str, Option<&str>)> {
    let first_len = item.bytes().take_while(u8::is_ascii_alphabetic).count();
    if first_len == 0 {
        return None;
    }
    let first = &item[..first_len];
    let rest = &item[first_len..];
    let last = rest.strip_prefix('-').and_then(|r| {
        let n = r.bytes().take_while(u8::is_ascii_alphabetic).count();
        (n > 0).then(|| &r[..n])
    });
    Some((first, last))
}

/// A step of 0 is refused (`positive_number`), and so is one longer than
/// the range it steps through (`validate_range`).
fn check_step(step: Option<u32>, range: u32) -> Result<(), Text> {
    match step {
        Some(0) => Err(Text::new(input_errors::APS_STEP_ZERO)),
        Some(s) if s > range => Err(Text::new(input_errors::APS_STEP_LARGE)
            .with("step", s)
            .with("range", range)),
        _ => Ok(()),
    }
}

fn unrecognized(part: Part) -> Text {
    let example = match part {
        Part::Month => ["`jan-mar`", "`1-3`"],
        Part::DayOfMonth => ["`1-15`", "`last`"],
        _ => ["`*/15`", "`0-30/10`"],
    };
    Text::new(input_errors::APS_UNRECOGNIZED).with("example", Arg::list(example, Conj::Or))
}
