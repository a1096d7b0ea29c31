//! A Kubernetes CronJob's `spec.schedule`, read as robfig/cron v3's
//! `ParseStandard` reads it (`parser.go`: `Parse`, `getField`, `getRange`,
//! `parseDescriptor`).
//!
//! `*` and `?` mean every value and mark the field unrestricted (its
//! `starBit`); `*/n` with n > 1 does not, so `*/2` in a day field makes
//! the days combine with OR (`spec.go`: `dayMatches`). `N/step` means
//! `N-max/step`; `*-5` is `*` (only the text before `-` is looked at).
//! The day of week is 0–6: `7` is an error.

use crate::error::Error;
use crate::lang::{Arg, Text, input_errors as says};

use super::field::{self, Part, bad, bad_line, month_name, weekday_name};
use super::{Days, Expr};

/// `Kubernetes (robfig/cron)`, the name its errors give it.
fn product() -> Arg {
    Text::new(says::ROBFIG_PRODUCT).into()
}

/// `[TZ=Zone |CRON_TZ=Zone ](@descriptor | five fields)`.
pub(super) fn parse(line: &str) -> Result<Expr, Error> {
    let line = line.trim();
    if line.is_empty() {
        return Err(bad_line(Text::new(says::ROBFIG_EMPTY)));
    }
    let (zone, spec, offset) = zone_prefix(line)?;
    let mut expr = match spec.strip_prefix('@') {
        Some(name) => descriptor(name)?,
        None => fields(spec, offset)?,
    };
    expr.zone = zone;
    Ok(expr)
}

/// `TZ=Zone ` or `CRON_TZ=Zone ` before the schedule (`Parser.Parse`).
fn zone_prefix(line: &str) -> Result<(Option<String>, &str, usize), Error> {
    let Some(after) = line
        .strip_prefix("TZ=")
        .or_else(|| line.strip_prefix("CRON_TZ="))
    else {
        return Ok((None, line, 0));
    };
    let Some(space) = after.find(' ') else {
        return Err(bad_line(
            Text::new(says::ROBFIG_ZONE_ONLY).with("line", field::shown(line)),
        ));
    };
    let zone = &after[..space];
    let rest = after[space..].trim_start();
    Ok((Some(zone.to_owned()), rest, line.len() - rest.len()))
}

/// `@yearly`, `@monthly`, `@weekly`, `@daily`, `@hourly`, `@every D`
/// (`parseDescriptor`): the names are matched exactly.
fn descriptor(name: &str) -> Result<Expr, Error> {
    if let Some(e) = Expr::named_macro(name) {
        return Ok(e);
    }
    match name.strip_prefix("every ") {
        Some(duration) => {
            let mut e = Expr::every_day(Days::And);
            e.every = Some(go_duration(duration)?);
            Ok(e)
        }
        None => Err(bad_line(
            Text::new(says::ROBFIG_DESCRIPTOR)
                .with("name", field::shown(name))
                .with("product", product()),
        )),
    }
}

/// A Go duration (`time.ParseDuration`: `1h30m`, `90s`, `1.5h`) in whole
/// seconds, at least one (`Every` rounds shorter delays up to a second).
fn go_duration(text: &str) -> Result<u64, Error> {
    let fail = || bad_line(Text::new(says::ROBFIG_EVERY).with("text", field::shown(text)));
    let mut rest = text.strip_prefix(['+', '-']).unwrap_or(text);
    let negative = text.starts_with('-');
    if rest.is_empty() {
        return Err(fail());
    }
    if rest == "0" {
        return Ok(1);
    }
    // Nanoseconds, saturating; a value's fraction is read digit by digit
    // (no float parser in the wasm build).
    let mut nanos: u64 = 0;
    while !rest.is_empty() {
        let whole = rest.bytes().take_while(u8::is_ascii_digit).count();
        let mut frac_len = 0;
        if rest.as_bytes().get(whole) == Some(&b'.') {
            frac_len = 1 + rest[whole + 1..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
        }
        if whole + frac_len == 0 || whole == 0 && frac_len < 2 {
            return Err(fail());
        }
        let number = &rest[..whole + frac_len];
        rest = &rest[whole + frac_len..];
        let unit_len = if rest.starts_with("µs") {
            "µs".len()
        } else {
            rest.bytes().take_while(u8::is_ascii_alphabetic).count()
        };
        let scale: u64 = match &rest[..unit_len] {
            "ns" => 1,
            "us" | "µs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(fail()),
        };
        rest = &rest[unit_len..];
        let mut value = field::number(&number[..whole])
            .map_or(0, u64::from)
            .saturating_mul(scale);
        let mut place = scale;
        for digit in number.bytes().skip(whole + 1) {
            place /= 10;
            value = value.saturating_add(u64::from(digit - b'0') * place);
        }
        nanos = nanos.saturating_add(value);
    }
    if negative || nanos < 1_000_000_000 {
        return Ok(1);
    }
    if nanos >= 1 << 62 {
        return Err(fail());
    }
    Ok(nanos / 1_000_000_000)
}

/// Five fields (`normalizeFields` wants exactly five).
fn fields(spec: &str, offset: usize) -> Result<Expr, Error> {
    let tokens = field::tokens(spec);
    if tokens.len() != 5 {
        return Err(field::field_count(
            product(),
            "minute hour day-of-month month day-of-week",
            tokens.len(),
            "30 9 * * 1-5",
        ));
    }
    let parts = [
        (Part::Minute, 0, 59),
        (Part::Hour, 0, 23),
        (Part::DayOfMonth, 1, 31),
        (Part::Month, 1, 12),
        (Part::DayOfWeek, 0, 6),
    ];
    let mut bits = [0u64; 5];
    let mut star = [false; 5];
    for (i, (part, lo, hi)) in parts.into_iter().enumerate() {
        let at = tokens[i].at + offset;
        let (b, s) = read_field(tokens[i].text, at, part, lo, hi)?;
        if b == 0 && !matches!(part, Part::DayOfMonth | Part::DayOfWeek) {
            return Err(field::selects_nothing(part, at, tokens[i].text, product()));
        }
        bits[i] = b;
        star[i] = s;
    }
    let mut e = Expr::every_day(Days::And);
    e.minutes = bits[0];
    e.hours = bits[1] as u32;
    e.dom = bits[2] as u32;
    e.months = bits[3] as u16;
    e.dow = bits[4] as u8;
    e.dom_restricted = !star[2];
    e.dow_restricted = !star[4];
    e.days = if star[2] || star[4] {
        Days::And
    } else {
        Days::Or
    };
    Ok(e)
}

/// A field (`getField`): ranges separated by commas, empty ones dropped;
/// the second value tells whether a range set the star bit.
fn read_field(text: &str, at: usize, part: Part, lo: u32, hi: u32) -> Result<(u64, bool), Error> {
    let mut bits = 0;
    let mut star = false;
    let mut pos = 0;
    for item in text.split(',') {
        let item_at = at + pos;
        pos += item.len() + 1;
        if item.is_empty() {
            continue;
        }
        let (b, s) = read_range(item, item_at, part, lo, hi)?;
        bits |= b;
        star |= s;
    }
    Ok((bits, star))
}

/// `number | number "-" number ["/" number] | "*" ["/" number]`
/// (`getRange`), with its checks in its order.
fn read_range(expr: &str, at: usize, part: Part, lo: u32, hi: u32) -> Result<(u64, bool), Error> {
    let fail = |why: Text| bad(part, at, expr, why);
    let slash: Vec<&str> = expr.split('/').collect();
    if slash.len() > 2 {
        return Err(fail(Text::new(says::ROBFIG_SLASHES)));
    }
    let dash: Vec<&str> = slash[0].split('-').collect();
    let (start, mut end, mut star) = if dash[0] == "*" || dash[0] == "?" {
        (lo, hi, true)
    } else {
        let start = int_or_name(dash[0], part).ok_or_else(|| fail(expected(part, lo, hi)))?;
        let end = match dash.len() {
            1 => start,
            2 => int_or_name(dash[1], part).ok_or_else(|| fail(expected(part, lo, hi)))?,
            _ => {
                return Err(fail(Text::new(says::ROBFIG_HYPHENS)));
            }
        };
        (start, end, false)
    };
    let mut step = 1;
    if let Some(text) = slash.get(1) {
        step = go_int(text).ok_or_else(|| fail(Text::new(says::CRON_STEP_NOT_A_NUMBER)))?;
        // "N/step" means "N-max/step".
        if dash.len() == 1 {
            end = hi;
        }
        if step > 1 {
            star = false;
        }
    }
    if start < lo {
        return Err(fail(
            Text::new(says::CRON_BELOW)
                .with("lo", lo)
                .with("expected", expected(part, lo, hi)),
        ));
    }
    if end > hi {
        let why = if part == Part::DayOfWeek && end == 7 {
            Text::new(says::ROBFIG_SEVEN)
        } else {
            Text::new(says::CRON_ABOVE)
                .with("hi", hi)
                .with("expected", expected(part, lo, hi))
        };
        return Err(fail(why));
    }
    if start > end {
        return Err(fail(
            Text::new(says::CRON_REVERSED_VALUES)
                .with("start", start)
                .with("end", end),
        ));
    }
    if step == 0 {
        return Err(fail(
            Text::new(says::CRON_STEP_ZERO).with("example", "*/15"),
        ));
    }
    Ok((field::stepped(start, end, step), star))
}

/// `parseIntOrName`: a lowercase-insensitive name, else Go's `Atoi`.
fn int_or_name(text: &str, part: Part) -> Option<u32> {
    let name = match part {
        Part::Month => month_name(text),
        Part::DayOfWeek => weekday_name(text),
        _ => None,
    };
    name.or_else(|| go_int(text))
}

/// Go's `strconv.Atoi` for a non-negative value (`+5` is 5; a negative
/// number is refused by `mustParseInt`).
fn go_int(text: &str) -> Option<u32> {
    field::number(text.strip_prefix('+').unwrap_or(text))
}

fn expected(part: Part, lo: u32, hi: u32) -> Text {
    match part {
        Part::Month => field::expect_month(lo, hi, "jan", "dec", "3-5"),
        Part::DayOfWeek => Text::new(says::CRON_EXPECT_DOW_0_6),
        _ => Text::new(says::CRON_EXPECT_NUMBERS)
            .with("lo", lo)
            .with("hi", hi)
            .with("example", format!("{lo}-{}", lo + 5)),
    }
}
