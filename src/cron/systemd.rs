//! A systemd `OnCalendar=` value, read as `src/shared/calendarspec.c`
//! (`calendar_spec_from_string`, `parse_weekdays`, `parse_date`,
//! `parse_calendar_time`, `prepend_component`, `chain_valid`) reads it:
//! `[weekdays] [[year-]month-day] [hour:minute[:second]] [zone]`.
//!
//! Each date and time component is `*` or a list of `start[..stop][/repeat]`;
//! `~` instead of the last `-` counts days from the month's end (`~1` is
//! the last day); a missing date is every day, a missing time midnight.
//! Weekdays, date and time must all match. The zone is the last word when
//! it names one (or ` UTC`); shorthands (`daily`, `weekly`, …) are whole
//! values. `*/15` is not accepted (systemd 252: `*:0/15` is).

use crate::error::Error;
use crate::lang::{Text, input_errors as says};

use super::field::{self, Part, bad, bad_line};
use super::{Days, Expr, Years};

/// One `start[..stop][/repeat]` component.
#[derive(Clone, Copy, Debug)]
struct Component {
    start: u32,
    stop: Option<u32>,
    repeat: u32,
}

pub(super) fn parse(line: &str) -> Result<Expr, Error> {
    let line = line.trim();
    let (body, zone) = zone_suffix(line);
    if body.is_empty() {
        return Err(bad_line(Text::new(says::SYSTEMD_EMPTY)));
    }
    let mut e = match shorthand(body) {
        Some(e) => e,
        None => full(body)?,
    };
    if zone.is_some() {
        e.zone = zone;
    }
    Ok(e)
}

/// ` UTC` (any case) or a last word that names a zone. A last word with a
/// slash that names no zone is refused here, since systemd refuses it too
/// (it becomes part of the time and fails there).
fn zone_suffix(line: &str) -> (&str, Option<String>) {
    let Some((body, last)) = line.rsplit_once([' ', '\t']) else {
        return (line, None);
    };
    if last.eq_ignore_ascii_case("UTC") {
        return (body.trim_end(), Some("UTC".to_owned()));
    }
    if crate::zone::time_zone(last).is_ok() && last.bytes().any(|b| b.is_ascii_alphabetic()) {
        return (body.trim_end(), Some(last.to_owned()));
    }
    (line, None)
}

/// `minutely`, `hourly`, `daily`, `weekly`, `monthly`, `yearly`,
/// `quarterly`, `semiannually` and their spellings.
fn shorthand(body: &str) -> Option<Expr> {
    let mut e = Expr::every_day(Days::And);
    e.seconds = 1;
    let name = body.to_ascii_lowercase();
    match name.as_str() {
        "minutely" => {}
        "hourly" => e.minutes = 1,
        "daily" | "weekly" | "monthly" | "yearly" | "annually" | "anually" | "quarterly"
        | "semiannually" | "semi-annually" | "biannually" | "bi-annually" => {
            e.minutes = 1;
            e.hours = 1;
        }
        _ => return None,
    }
    match name.as_str() {
        "weekly" => e.dow = 1 << 1,
        "monthly" => e.dom = 1 << 1,
        "yearly" | "annually" | "anually" => {
            e.dom = 1 << 1;
            e.months = 1 << 1;
        }
        "quarterly" => {
            e.dom = 1 << 1;
            e.months = (1 << 1) | (1 << 4) | (1 << 7) | (1 << 10);
        }
        "semiannually" | "semi-annually" | "biannually" | "bi-annually" => {
            e.dom = 1 << 1;
            e.months = (1 << 1) | (1 << 7);
        }
        _ => {}
    }
    e.dom_restricted = e.dom != Expr::every_day(Days::And).dom;
    e.dow_restricted = e.dow != 0x7f;
    Some(e)
}

/// Weekdays, date and time.
fn full(body: &str) -> Result<Expr, Error> {
    let mut e = Expr::every_day(Days::And);
    e.seconds = 1;
    let mut pos = weekdays(body, &mut e)?;
    let rest = &body[pos..];
    if let Some(stamp) = rest.strip_prefix('@') {
        let secs = field::number(stamp)
            .filter(|n| *n < u32::MAX)
            .ok_or_else(|| bad(Part::Line, pos, rest, Text::new(says::SYSTEMD_AT)))?;
        e.once = Some(i64::from(secs));
        return Ok(e);
    }
    pos += date(&body[pos..], pos, &mut e)?;
    time(&body[pos..], pos, &mut e)?;
    e.dow_restricted = e.dow != 0x7f;
    e.dom_restricted = e.dom != Expr::every_day(Days::And).dom || e.from_end != 0;
    Ok(e)
}

/// Leading weekday names (`Mon`, `Monday`, any case), lists and ranges
/// (`..` or `-`); returns where the date begins.
fn weekdays(body: &str, e: &mut Expr) -> Result<usize, Error> {
    const NAMES: [&str; 7] = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    let mut pos = 0;
    let mut bits = 0u8;
    let mut open: Option<usize> = None;
    let fail = |at: usize| bad(Part::DayOfWeek, at, body, Text::new(says::SYSTEMD_WEEKDAYS));
    loop {
        let rest = &body[pos..];
        let found = NAMES.iter().enumerate().find_map(|(i, full)| {
            [*full, &full[..3]].into_iter().find_map(|name| {
                rest.get(..name.len())
                    .filter(|w| w.eq_ignore_ascii_case(name))
                    .map(|_| (i, name.len()))
            })
        });
        let Some((day, len)) = found else {
            return if bits == 0 { Ok(0) } else { Err(fail(pos)) };
        };
        let next = rest.as_bytes().get(len).copied();
        if !matches!(next, None | Some(b'-' | b'.' | b',' | b' ')) {
            return Err(fail(pos));
        }
        let from = match open.take() {
            Some(from) if from > day => return Err(fail(pos)),
            Some(from) => from,
            None => day,
        };
        for d in from..=day {
            // Monday-first 0..6 → Sunday-first bits.
            bits |= 1 << ((d + 1) % 7);
        }
        pos += len;
        match body.as_bytes().get(pos) {
            None => break,
            Some(b' ') => break,
            Some(b'.') if body.as_bytes().get(pos + 1) == Some(&b'.') => {
                open = Some(day);
                pos += 2;
            }
            Some(b'-') => {
                open = Some(day);
                pos += 1;
            }
            Some(b',') => {
                pos += 1;
                if matches!(body.as_bytes().get(pos), None | Some(b' ')) {
                    break;
                }
            }
            _ => return Err(fail(pos)),
        }
    }
    if open.is_some() {
        return Err(fail(pos));
    }
    e.dow = bits;
    Ok(pos + body[pos..].len() - body[pos..].trim_start().len())
}

/// `[year-]month-day` (or `~day`): returns its length, 0 when the text is
/// a time (its first chain ends at `:` or at the end).
fn date(text: &str, at: usize, e: &mut Expr) -> Result<usize, Error> {
    let word_end = text.find(' ').unwrap_or(text.len());
    let word = &text[..word_end];
    if !word.contains(['-', '~']) || word.contains(':') {
        return Ok(0);
    }
    let fail = |why| bad(Part::DayOfMonth, at, word, Text::new(why));
    let parts: Vec<(usize, &str)> = split_date(word);
    let end_of_month = word.contains('~');
    if end_of_month && word.rfind('~') < word.rfind('-') {
        return Err(fail(says::SYSTEMD_TILDE));
    }
    let (year, month, day) = match parts.as_slice() {
        [m, d] => (None, *m, *d),
        [y, m, d] => (Some(*y), *m, *d),
        _ => {
            return Err(fail(says::SYSTEMD_DATE));
        }
    };
    if let Some((y_at, y)) = year {
        e.years = Some(read_years(y, at + y_at)?);
    }
    e.months = chain(month.1, at + month.0, Part::Month, 1, 12)? as u16;
    let days = chain_components(day.1, at + day.0, Part::DayOfMonth, 1, 31)?;
    match days {
        None => {}
        Some(list) if end_of_month => {
            e.dom = 0;
            e.from_end = from_end(&list, at + day.0, day.1)?;
        }
        Some(list) => e.dom = bits(&list, 31) as u32,
    }
    Ok(word_end + text[word_end..].len() - text[word_end..].trim_start().len())
}

/// The date's parts split at `-` and `~`, each with its offset.
fn split_date(word: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in word.char_indices() {
        if c == '-' || c == '~' {
            out.push((start, &word[start..i]));
            start = i + 1;
        }
    }
    out.push((start, &word[start..]));
    out
}

/// `hour:minute[:second]`; nothing at all is midnight.
fn time(text: &str, at: usize, e: &mut Expr) -> Result<(), Error> {
    let text = text.trim();
    if text.is_empty() {
        e.hours = 1;
        e.minutes = 1;
        return Ok(());
    }
    let fields: Vec<&str> = text.split(':').collect();
    if !(2..=3).contains(&fields.len()) || text.contains(' ') {
        return Err(bad(Part::Hour, at, text, Text::new(says::SYSTEMD_TIME)));
    }
    let offsets: Vec<usize> = fields
        .iter()
        .scan(0, |o, f| {
            let here = *o;
            *o += f.len() + 1;
            Some(here)
        })
        .collect();
    e.hours = chain(fields[0], at + offsets[0], Part::Hour, 0, 23)? as u32;
    e.minutes = chain(fields[1], at + offsets[1], Part::Minute, 0, 59)?;
    e.seconds = match fields.get(2) {
        Some(s) => seconds(s, at + offsets[2])?,
        None => 1,
    };
    Ok(())
}

/// The seconds chain, whose values may have fractions; only whole seconds
/// can be a rule's `BYSECOND`.
fn seconds(text: &str, at: usize) -> Result<u64, Error> {
    if text.contains('.') {
        let whole = text
            .split(['.', ',', '/'])
            .all(|p| p.bytes().all(|b| b.is_ascii_digit()));
        let zeros = text.split(['.']).skip(1).all(|frac| {
            frac.split([',', '/'])
                .next()
                .is_some_and(|f| f.bytes().all(|b| b == b'0'))
        });
        if !(whole && zeros) {
            return Err(bad(
                Part::Second,
                at,
                text,
                Text::new(says::SYSTEMD_FRACTION),
            ));
        }
        let whole: Vec<&str> = text
            .split(',')
            .map(|c| c.split('.').next().unwrap_or(c))
            .collect();
        let cleaned = field::join(&whole, ",");
        return chain(&cleaned, at, Part::Second, 0, 59);
    }
    chain(text, at, Part::Second, 0, 59)
}

/// A chain's bits; `*` is every value.
fn chain(text: &str, at: usize, part: Part, lo: u32, hi: u32) -> Result<u64, Error> {
    match chain_components(text, at, part, lo, hi)? {
        None => Ok(field::all(lo, hi)),
        Some(list) => Ok(bits(&list, hi)),
    }
}

/// `*` (`None`) or components separated by commas, each checked as
/// `chain_valid` checks it.
fn chain_components(
    text: &str,
    at: usize,
    part: Part,
    lo: u32,
    hi: u32,
) -> Result<Option<Vec<Component>>, Error> {
    if text == "*" {
        return Ok(None);
    }
    let mut out = Vec::new();
    for item in text.split(',') {
        let fail = || {
            bad(
                part,
                at,
                text,
                Text::new(says::SYSTEMD_CHAIN)
                    .with("lo", lo)
                    .with("hi", hi)
                    .with("to", lo + 5),
            )
        };
        let (range, repeat) = match item.split_once('/') {
            Some((r, n)) => (
                r,
                Some(field::number(n).filter(|n| *n > 0).ok_or_else(fail)?),
            ),
            None => (item, None),
        };
        let (start, stop) = match split_dots(range) {
            Some((a, b)) => (
                field::number(a).ok_or_else(fail)?,
                Some(field::number(b).ok_or_else(fail)?),
            ),
            None => (field::number(range).ok_or_else(fail)?, None),
        };
        let c = Component {
            start,
            stop: stop.filter(|s| *s != start),
            repeat: repeat.unwrap_or(u32::from(stop.is_some())),
        };
        let valid = c.start >= lo
            && c.start <= hi
            && c.repeat <= hi - lo
            && match c.stop {
                Some(s) => s >= lo && s <= hi && c.start + c.repeat <= s,
                None => c.repeat == 0 || c.start + c.repeat <= hi,
            };
        if !valid {
            return Err(fail());
        }
        out.push(c);
    }
    Ok(Some(out))
}

/// The values a chain selects up to `hi`.
fn bits(list: &[Component], hi: u32) -> u64 {
    list.iter().fold(0, |b, c| {
        let end = c.stop.unwrap_or(if c.repeat == 0 { c.start } else { hi });
        b | field::stepped(c.start, end, c.repeat.max(1))
    })
}

/// `~` days: `~k` is the k-th last day; `~a..b/r` steps through the last
/// `b` days from the b-th last one towards the end, by `r`. The k-th last
/// day for k up to 28 exists in every month (`chain_valid` refuses more).
fn from_end(list: &[Component], at: usize, text: &str) -> Result<u32, Error> {
    let mut out = 0u32;
    for c in list {
        let (low, high) = match c.stop {
            Some(s) => (c.start.min(s), c.start.max(s)),
            None if c.repeat == 0 => (c.start, c.start),
            None => (1, c.start),
        };
        if high > 28 {
            return Err(bad(
                Part::DayOfMonth,
                at,
                text,
                Text::new(says::SYSTEMD_FROM_END),
            ));
        }
        let mut k = high as i64;
        while k >= i64::from(low) {
            out |= 1 << k;
            k -= i64::from(c.repeat.max(1));
        }
    }
    Ok(out)
}

/// The year chain: two-digit years are 2000–2069 and 1970–1999
/// (`fix_year`), the range 1970–2199.
fn read_years(text: &str, at: usize) -> Result<Years, Error> {
    let list = match chain_components(text, at, Part::Year, 0, 2199)? {
        None => {
            return Ok(Years {
                first: 1970,
                last: 2199,
                exact: true,
            });
        }
        Some(list) => list,
    };
    let fix = |y: u32| match y {
        0..70 => y + 2000,
        70..100 => y + 1900,
        _ => y,
    };
    let mut years = Vec::new();
    for c in list {
        let start = fix(c.start);
        let stop = c
            .stop
            .map(fix)
            .unwrap_or(if c.repeat == 0 { start } else { 2199 });
        if !(1970..=2199).contains(&start) || stop > 2199 {
            return Err(bad(Part::Year, at, text, Text::new(says::SYSTEMD_YEARS)));
        }
        let mut y = start;
        while y <= stop {
            years.push(y);
            y += c.repeat.max(1);
        }
    }
    crate::sort::sort(&mut years);
    years.dedup();
    let first = years.first().copied().unwrap_or(1970);
    let last = years.last().copied().unwrap_or(2199);
    Ok(Years {
        first: first as u16,
        last: last as u16,
        exact: years.len() as u32 == last - first + 1,
    })
}

/// `a..b` split at its `..` (a byte scan: `split_once("..")` would bring
/// the two-way string searcher into the wasm build).
fn split_dots(text: &str) -> Option<(&str, &str)> {
    let at = text.as_bytes().windows(2).position(|w| w == b"..")?;
    Some((&text[..at], &text[at + 2..]))
}
