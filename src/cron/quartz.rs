//! Quartz's `CronExpression` (`sec min hour dom month dow [year]`) and AWS
//! EventBridge Scheduler's `cron(min hour dom month dow year)`, which
//! share its grammar: `?` for "no specific value", `L`, `L-n`, `nW`,
//! `LW`, `nL` and `n#k`, weekdays 1–7 with 1 = Sunday, names `SUN`–`SAT`
//! and `JAN`–`DEC`, ranges that wrap (`22-2`, `FRI-MON`).
//!
//! Exactly one of the two day fields must be `?` (Quartz's
//! `buildExpression`: "Support for specifying both a day-of-week AND a
//! day-of-month parameter is not implemented"); `L` in the day of week
//! alone is Saturday (7). Quartz's parser reads character by character and
//! lets some malformed items through (a name is its first three letters,
//! so `MONDAY` is `MON`); this reader follows the documented grammar and
//! notes the first three letters rule as a trap.

use crate::error::Error;
use crate::lang::{Text, input_errors as says};

use super::field::{self, Part, Token, bad, bad_line, month_name, number, weekday_name};
use super::{Days, Dialect, Expr, Years};

/// Quartz's `MAX_YEAR` range, which EventBridge documents too.
const YEARS: (u32, u32) = (1970, 2199);

pub(super) fn parse(line: &str, dialect: Dialect) -> Result<Expr, Error> {
    let (body, offset) = unwrap(line, dialect)?;
    let tokens: Vec<Token<'_>> = field::tokens(body)
        .into_iter()
        .map(|t| Token {
            text: t.text,
            at: t.at + offset,
        })
        .collect();
    // Quartz: second to year; EventBridge: minute to year.
    let parts: &[Part] = if dialect == Dialect::Quartz {
        &Part::ALL[..7]
    } else {
        &Part::ALL[1..7]
    };
    if tokens.len() < 6 || tokens.len() > parts.len() {
        let (names, example) = if dialect == Dialect::Quartz {
            (
                "second minute hour day-of-month month day-of-week [year]",
                "0 30 9 ? * MON-FRI",
            )
        } else {
            (
                "minute hour day-of-month month day-of-week year",
                "cron(30 9 ? * MON-FRI *)",
            )
        };
        return Err(field::field_count(
            dialect.product_name(),
            names,
            tokens.len(),
            example,
        ));
    }
    let mut e = Expr::every_day(Days::And);
    e.seconds = 1;
    let mut question = [false; 2];
    for (token, part) in tokens.iter().zip(parts) {
        read_field(*token, *part, dialect, &mut e, &mut question)?;
    }
    if question[0] == question[1] {
        let dom = tokens[parts
            .iter()
            .position(|p| *p == Part::DayOfMonth)
            .unwrap_or(0)];
        return Err(bad(
            Part::DayOfMonth,
            dom.at,
            dom.text,
            Text::new(says::QUARTZ_QUESTION)
                .with("product", dialect.product_name())
                .with(
                    "example",
                    if dialect == Dialect::Quartz {
                        "0 0 12 ? * MON"
                    } else {
                        "cron(0 12 ? * MON *)"
                    },
                ),
        ));
    }
    e.dom_restricted = !question[0];
    e.dow_restricted = !question[1];
    Ok(e)
}

/// EventBridge's `cron(…)` wrapper is optional; the fields are what is
/// inside it.
fn unwrap(line: &str, dialect: Dialect) -> Result<(&str, usize), Error> {
    let trimmed = line.trim();
    let lead = line.len() - line.trim_start().len();
    if dialect == Dialect::Eventbridge
        && let Some(inner) = trimmed.strip_prefix("cron(")
    {
        let Some(inner) = inner.strip_suffix(')') else {
            return Err(bad_line(Text::new(says::QUARTZ_UNCLOSED)));
        };
        return Ok((inner, lead + "cron(".len()));
    }
    Ok((line, 0))
}

/// The bounds of a field.
fn bounds(part: Part) -> (u32, u32) {
    match part {
        Part::Second | Part::Minute => (0, 59),
        Part::Hour => (0, 23),
        Part::DayOfMonth => (1, 31),
        Part::Month => (1, 12),
        Part::DayOfWeek => (1, 7),
        _ => YEARS,
    }
}

/// A field's items, separated by commas, written into `e`.
fn read_field(
    token: Token<'_>,
    part: Part,
    dialect: Dialect,
    e: &mut Expr,
    question: &mut [bool; 2],
) -> Result<(), Error> {
    let text = token.text;
    if text == "?" {
        match part {
            Part::DayOfMonth => question[0] = true,
            Part::DayOfWeek => question[1] = true,
            _ => {
                return Err(bad(
                    part,
                    token.at,
                    text,
                    Text::new(says::QUARTZ_QUESTION_ELSEWHERE),
                ));
            }
        }
        return Ok(());
    }
    let items: Vec<&str> = text.split(',').collect();
    let special = items.iter().any(|i| i.contains('#') || i.ends_with('L'));
    if part == Part::DayOfWeek && special && items.len() > 1 {
        return Err(bad(
            part,
            token.at,
            text,
            Text::new(says::QUARTZ_ALONE).with("product", dialect.product_name()),
        ));
    }
    let mut values = Vec::new();
    let mut pos = 0;
    for item in items {
        let at = token.at + pos;
        pos += item.len() + 1;
        values.extend(read_item(item, at, part, e)?);
    }
    store(part, &values, token, e, dialect)
}

/// Writes a field's values into the expression; a field that selects
/// nothing (a day field may hold only `L`, `W` or `#` items) is an error.
fn store(
    part: Part,
    values: &[u32],
    token: Token<'_>,
    e: &mut Expr,
    dialect: Dialect,
) -> Result<(), Error> {
    let special = match part {
        Part::DayOfMonth => e.from_end != 0 || !e.nearest.is_empty(),
        Part::DayOfWeek => !e.nth.is_empty(),
        _ => false,
    };
    if values.is_empty() && !special {
        return Err(field::selects_nothing(
            part,
            token.at,
            token.text,
            dialect.product_name(),
        ));
    }
    if part == Part::Year {
        e.years = Some(years(values, token.text));
        return Ok(());
    }
    let bits = values.iter().fold(0u64, |b, v| b | 1 << v);
    match part {
        Part::Second => e.seconds = bits,
        Part::Minute => e.minutes = bits,
        Part::Hour => e.hours = bits as u32,
        Part::DayOfMonth => e.dom = bits as u32,
        Part::Month => e.months = bits as u16,
        // Quartz's 1 = Sunday … 7 = Saturday, as Sunday-first bits.
        _ => e.dow = (bits >> 1) as u8,
    }
    Ok(())
}

/// The years of a year field: its first and last, exact when none between
/// is left out.
fn years(values: &[u32], text: &str) -> Years {
    let first = values.iter().copied().min().unwrap_or(YEARS.0);
    let last = values.iter().copied().max().unwrap_or(YEARS.1);
    let mut distinct = values.to_vec();
    crate::sort::sort(&mut distinct);
    distinct.dedup();
    Years {
        first: first as u16,
        last: last as u16,
        exact: text == "*" || distinct.len() as u32 == last - first + 1,
    }
}

/// One item's values: `*`, `*/n`, `/n`, `a`, `a-b`, `a/n`, `a-b/n`, or a
/// day field's `L`, `L-n`, `nW`, `LW`, `L-nW`, `nL`, `n#k` (which are
/// written into `e` and select no plain value).
fn read_item(item: &str, at: usize, part: Part, e: &mut Expr) -> Result<Vec<u32>, Error> {
    let fail = |why: Text| bad(part, at, item, why);
    let (lo, hi) = bounds(part);
    let upper = item.to_ascii_uppercase();
    if let Some(values) = day_special(&upper, at, part, e)? {
        return Ok(values);
    }
    let (range, step) = match upper.split_once('/') {
        Some((r, s)) => {
            let s = number(s).ok_or_else(|| fail(Text::new(says::QUARTZ_SLASH)))?;
            (r, Some(s))
        }
        None => (upper.as_str(), None),
    };
    let (start, end) = if range == "*" || range.is_empty() && step.is_some() {
        (lo, hi)
    } else {
        let (a, b) = match range.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (range, None),
        };
        let a = value(a, part).ok_or_else(|| fail(expected(part)))?;
        let b = match b {
            Some(b) => value(b, part).ok_or_else(|| fail(expected(part)))?,
            None if step.is_some() => hi,
            None => a,
        };
        (a, b)
    };
    for v in [start, end] {
        if v < lo || v > hi {
            return Err(fail(
                Text::new(says::CRON_OUT_OF_RANGE)
                    .with("value", v)
                    .with("expected", expected(part)),
            ));
        }
    }
    // `checkIncrementRange`: a step up to the field's largest value.
    let step = match step {
        Some(0) => {
            return Err(fail(
                Text::new(says::CRON_STEP_ZERO).with("example", "0/15"),
            ));
        }
        Some(s) if part != Part::Year && s > hi => {
            return Err(fail(
                Text::new(says::QUARTZ_STEP_LARGE)
                    .with("step", s)
                    .with("hi", hi),
            ));
        }
        Some(s) => s,
        None => 1,
    };
    if start > end && part == Part::Year {
        return Err(fail(
            Text::new(says::CRON_REVERSED)
                .with("form", "first-last")
                .with("example", "2026-2028"),
        ));
    }
    // A range that wraps (22-2 is 22, 23, 0, 1, 2), as `addToSet` reads it.
    let size = hi - lo + 1;
    let stop = if start > end { end + size } else { end };
    Ok((start..=stop)
        .step_by(step as usize)
        .map(|v| if v > hi { v - size } else { v })
        .collect())
}

/// The day fields' `L`, `W` and `#` forms; `None` for an ordinary item.
fn day_special(
    upper: &str,
    at: usize,
    part: Part,
    e: &mut Expr,
) -> Result<Option<Vec<u32>>, Error> {
    let fail = |why| bad(part, at, upper, Text::new(why));
    match part {
        Part::DayOfMonth => {
            if let Some(rest) = upper.strip_prefix('L') {
                let (offset, w) = match rest.strip_suffix('W') {
                    Some(r) => (r, true),
                    None => (rest, false),
                };
                let k = match offset.strip_prefix('-') {
                    Some(n) => number(n)
                        .filter(|n| *n <= 30)
                        .ok_or_else(|| fail(says::QUARTZ_L_N))?,
                    None if offset.is_empty() => 0,
                    None => return Err(fail(says::QUARTZ_L_FORMS)),
                };
                if w {
                    e.nearest.push(-((k + 1) as i8));
                } else {
                    e.from_end |= 1 << (k + 1);
                }
                return Ok(Some(Vec::new()));
            }
            if let Some(day) = upper.strip_suffix('W') {
                let n = number(day)
                    .filter(|n| (1..=31).contains(n))
                    .ok_or_else(|| fail(says::QUARTZ_NW))?;
                e.nearest.push(n as i8);
                return Ok(Some(Vec::new()));
            }
            Ok(None)
        }
        Part::DayOfWeek => {
            if upper == "L" {
                return Ok(Some(vec![7]));
            }
            if let Some((day, n)) = upper.split_once('#') {
                let d = value(day, part).filter(|d| (1..=7).contains(d));
                let n = number(n).filter(|n| (1..=5).contains(n));
                let (Some(d), Some(n)) = (d, n) else {
                    return Err(fail(says::QUARTZ_HASH));
                };
                e.nth.push((d as u8 - 1, n as i8));
                return Ok(Some(Vec::new()));
            }
            if let Some(day) = upper.strip_suffix('L') {
                let d = value(day, part)
                    .filter(|d| (1..=7).contains(d))
                    .ok_or_else(|| fail(says::QUARTZ_LAST_WEEKDAY))?;
                e.nth.push((d as u8 - 1, -1));
                return Ok(Some(Vec::new()));
            }
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// A number or, in the month and day-of-week fields, a three-letter name
/// (Quartz's day names count from 1 = Sunday).
fn value(text: &str, part: Part) -> Option<u32> {
    if let Some(n) = number(text) {
        return Some(n);
    }
    match part {
        Part::Month => month_name(text),
        Part::DayOfWeek => weekday_name(text).map(|d| d + 1),
        _ => None,
    }
}

fn expected(part: Part) -> Text {
    let (lo, hi) = bounds(part);
    match part {
        Part::Month => field::expect_month(lo, hi, "JAN", "DEC", "JAN-MAR"),
        Part::DayOfWeek => Text::new(says::QUARTZ_EXPECT_DOW),
        Part::DayOfMonth => Text::new(says::QUARTZ_EXPECT_DOM),
        Part::Year => Text::new(says::CRON_EXPECT_RANGE)
            .with("lo", lo)
            .with("hi", hi)
            .with("example", "2026-2028"),
        _ => Text::new(says::QUARTZ_EXPECT).with("lo", lo).with("hi", hi),
    }
}
