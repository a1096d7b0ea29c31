//! Vixie cron's five fields, as cronie (`src/entry.c`, `get_range`'s state
//! machine), Debian's cron 3.0 (`entry.c` with Debian's patches) and GitHub
//! Actions (its documented subset) read them.
//!
//! Differences that decide runs: cronie reads `N-0` as `N-7` and has
//! `~` (a random value picked when the crontab is read); Debian ignores
//! whatever follows a complete range up to the next blank (`5#3` is `5`);
//! a range whose start is past its end selects nothing in both; both read
//! a field as "restricted" unless its text starts with `*`, which decides
//! whether the day fields combine with OR or AND.

use crate::error::Error;
use crate::lang::cron::PARTS;
use crate::lang::{Arg, Text, input_errors, lint as says};

use super::field::{self, Part, Token, bad, bad_line, month_name, number, weekday_name};
use super::{Days, Dialect, Expr};

/// How one of the three reads a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flavor {
    Cronie,
    Debian,
    Github,
}

impl Flavor {
    /// The product's name in a sentence of any language.
    fn product(self) -> Arg {
        match self {
            Flavor::Cronie => Dialect::Cronie,
            Flavor::Debian => Dialect::Debian,
            Flavor::Github => Dialect::GithubActions,
        }
        .product_name()
    }
}

/// The range of a field: its lowest and highest value.
fn range(part: Part, flavor: Flavor) -> (u32, u32) {
    match part {
        Part::Minute => (0, 59),
        Part::Hour => (0, 23),
        Part::DayOfMonth => (1, 31),
        Part::Month => (1, 12),
        Part::DayOfWeek if flavor == Flavor::Github => (0, 6),
        _ => (0, 7),
    }
}

/// A cronie or Debian line: `@macro` or five fields; cronie also reads a
/// leading `CRON_TZ=Zone ` as the crontab's `CRON_TZ=` line.
pub(super) fn parse(line: &str, dialect: Dialect) -> Result<Expr, Error> {
    let flavor = if dialect == Dialect::Cronie {
        Flavor::Cronie
    } else {
        Flavor::Debian
    };
    let (zone, rest, offset) = match line.trim_start().strip_prefix("CRON_TZ=") {
        Some(after) if flavor == Flavor::Cronie => {
            let zone = after.split([' ', '\t']).next().unwrap_or("");
            let skip = line.len() - after.len() + zone.len();
            (Some(zone.to_owned()), &line[skip..], skip)
        }
        _ => (None, line, 0),
    };
    let mut expr = match rest.trim_start().strip_prefix('@') {
        Some(name) => macro_expr(name.trim_end(), flavor)?,
        None => fields(rest, offset, flavor)?,
    };
    if zone.as_deref() == Some("") {
        return Err(bad_line(Text::new(input_errors::VIXIE_NO_ZONE)));
    }
    expr.zone = zone;
    Ok(expr)
}

/// A GitHub Actions `cron:` value: five fields, no macros.
pub(super) fn parse_github(line: &str) -> Result<Expr, Error> {
    if line.trim_start().starts_with('@') {
        return Err(bad_line(
            Text::new(input_errors::VIXIE_GITHUB_MACRO).with("text", field::shown(line.trim())),
        ));
    }
    fields(line, 0, Flavor::Github)
}

/// `@yearly` and friends, flagged as `src/entry.c` flags them: `@hourly`
/// is a wildcard job, `@daily` a fixed-time one; `@yearly` and `@monthly`
/// mark the day of week unrestricted, `@weekly` the day of month.
fn macro_expr(name: &str, flavor: Flavor) -> Result<Expr, Error> {
    if let Some(mut e) = Expr::named_macro(name) {
        e.wildcard = name == "hourly";
        return Ok(e);
    }
    if name == "reboot" {
        return Err(bad_line(
            Text::new(input_errors::VIXIE_REBOOT).with("product", flavor.product()),
        ));
    }
    Err(bad_line(
        Text::new(input_errors::VIXIE_MACRO)
            .with("name", field::shown(name))
            .with("product", flavor.product()),
    ))
}

/// Five fields: minute, hour, day of month, month, day of week.
fn fields(line: &str, offset: usize, flavor: Flavor) -> Result<Expr, Error> {
    let tokens = field::tokens(line);
    if tokens.len() != 5 {
        return Err(field::field_count(
            flavor.product(),
            "minute hour day-of-month month day-of-week",
            tokens.len(),
            "30 9 * * 1-5",
        ));
    }
    let mut e = Expr::every_day(Days::Or);
    let parts = [
        Part::Minute,
        Part::Hour,
        Part::DayOfMonth,
        Part::Month,
        Part::DayOfWeek,
    ];
    let mut bits = [0u64; 5];
    for (i, part) in parts.into_iter().enumerate() {
        let token = Token {
            text: tokens[i].text,
            at: tokens[i].at + offset,
        };
        let field = read_field(token, part, flavor, &mut e)?;
        if field == 0 && !matches!(part, Part::DayOfMonth | Part::DayOfWeek) {
            return Err(field::selects_nothing(
                part,
                token.at,
                token.text,
                flavor.product(),
            ));
        }
        bits[i] = field;
    }
    let star = |i: usize| tokens[i].text.starts_with('*');
    e.minutes = bits[0];
    e.hours = bits[1] as u32;
    e.dom = bits[2] as u32;
    e.months = bits[3] as u16;
    // Sunday is both 0 and 7.
    e.dow = (bits[4] | bits[4] >> 7) as u8 & 0x7f;
    e.wildcard = star(0) || star(1);
    e.dom_restricted = !unrestricted(tokens[2].text, flavor);
    e.dow_restricted = !unrestricted(tokens[4].text, flavor);
    if e.dom_restricted && e.dow_restricted {
        e.days = Days::Or;
    } else {
        e.days = Days::And;
    }
    Ok(e)
}

/// Whether a day field leaves the days unrestricted: for Vixie cron a
/// field whose text starts with `*` (so `*/2` does too); GitHub Actions
/// documents no rule, and is read the same way.
fn unrestricted(text: &str, _flavor: Flavor) -> bool {
    text.starts_with('*')
}

/// A field: items separated by commas.
fn read_field(token: Token<'_>, part: Part, flavor: Flavor, e: &mut Expr) -> Result<u64, Error> {
    let mut bits = 0u64;
    let mut pos = 0;
    let text = token.text;
    loop {
        let end = text[pos..].find(',').map_or(text.len(), |i| pos + i);
        let item = &text[pos..end];
        let at = token.at + pos;
        if item.is_empty() {
            return Err(bad(
                part,
                at,
                text,
                Text::new(input_errors::VIXIE_EMPTY_ITEM),
            ));
        }
        let (item_bits, stop) = read_item(item, at, part, flavor, e)?;
        bits |= item_bits;
        if let Some(junk) = stop {
            // Debian's get_list skips whatever follows, commas included.
            e.traps.push((
                "ignored_text",
                part,
                Text::new(says::IGNORED_TEXT)
                    .with("junk", field::shown(&text[pos + junk..]))
                    .with("kept", field::shown(&text[pos..pos + junk]))
                    .with("part", Arg::Words(&PARTS[part as usize])),
            ));
            return Ok(bits);
        }
        if end == text.len() {
            return Ok(bits);
        }
        pos = end + 1;
    }
}

/// One list item. The second value is, for Debian, where text it ignores
/// begins.
fn read_item(
    item: &str,
    at: usize,
    part: Part,
    flavor: Flavor,
    e: &mut Expr,
) -> Result<(u64, Option<usize>), Error> {
    let (lo, hi) = range(part, flavor);
    let mut cur = Cursor { item, pos: 0 };
    let fail = |why: Text| bad(part, at, item, why);
    let expected = expected(part, flavor);
    let (start, end, ranged) = if cur.eat('*') {
        (lo, hi, true)
    } else if flavor == Flavor::Cronie && cur.peek() == Some('~') {
        return random(&mut cur, lo, hi, part, at, e).map(|b| (b, None));
    } else {
        let a = value(&mut cur, part, flavor).ok_or_else(|| fail(expected.clone()))?;
        if flavor == Flavor::Cronie && cur.peek() == Some('~') {
            return random_from(a, &mut cur, lo, hi, part, at, item, e).map(|b| (b, None));
        }
        if cur.eat('-') {
            let b = value(&mut cur, part, flavor).ok_or_else(|| fail(expected.clone()))?;
            (a, b, true)
        } else {
            (a, a, false)
        }
    };
    let step = if cur.eat('/') {
        if !ranged {
            return Err(fail(
                Text::new(input_errors::VIXIE_STEP_NEEDS_RANGE)
                    .with("product", flavor.product())
                    .with("example", step_example(part))
                    .with("step", step_example(part).rsplit('/').next().unwrap_or("2"))
                    .with("lo", lo),
            ));
        }
        match cur.alnum().and_then(number) {
            Some(0) | None => {
                return Err(fail(Text::new(input_errors::VIXIE_STEP)));
            }
            Some(s) => s,
        }
    } else {
        1
    };
    let junk = if cur.done() {
        None
    } else if flavor == Flavor::Debian {
        Some(cur.pos)
    } else {
        return Err(fail(
            Text::new(input_errors::VIXIE_UNEXPECTED)
                .with("text", field::shown(&item[cur.pos..]))
                .with("expected", expected),
        ));
    };
    for v in [start, end] {
        if v < lo || v > hi {
            return Err(fail(
                Text::new(input_errors::CRON_OUT_OF_RANGE)
                    .with("value", v)
                    .with("expected", expected.clone()),
            ));
        }
    }
    Ok((items(start, end, step, part, flavor, at, item)?, junk))
}

/// The bits of `start..=end` by `step`, as each product reads a reversed
/// range: nothing (cronie reads `N-0` as `N-7` first), an error on GitHub.
fn items(
    start: u32,
    end: u32,
    step: u32,
    part: Part,
    flavor: Flavor,
    at: usize,
    item: &str,
) -> Result<u64, Error> {
    let end = if flavor == Flavor::Cronie && start > end && end == 0 && step == 1 {
        7
    } else {
        end
    };
    if start > end && flavor == Flavor::Github {
        return Err(bad(
            part,
            at,
            item,
            Text::new(input_errors::CRON_REVERSED)
                .with("form", "low-high")
                .with("example", range_example(part)),
        ));
    }
    if start > end {
        return Ok(0);
    }
    let (_, hi) = range(part, flavor);
    Ok(field::stepped(start, end.min(hi), step))
}

/// cronie's `~` and `~N`: a value picked at random in `low..=N` each time
/// the crontab is read.
fn random(
    cur: &mut Cursor<'_>,
    lo: u32,
    hi: u32,
    part: Part,
    at: usize,
    e: &mut Expr,
) -> Result<u64, Error> {
    cur.eat('~');
    let item = cur.item;
    random_from(lo, cur, lo, hi, part, at, item, e)
}

/// `N~` and `N~M` (cursor on the `~`). The spec takes the lowest value
/// the product could pick; the import warns.
#[allow(clippy::too_many_arguments)]
fn random_from(
    low: u32,
    cur: &mut Cursor<'_>,
    lo: u32,
    hi: u32,
    part: Part,
    at: usize,
    item: &str,
    e: &mut Expr,
) -> Result<u64, Error> {
    cur.eat('~');
    let high = if cur.done() {
        hi
    } else {
        match value(cur, part, Flavor::Cronie) {
            Some(v) if cur.done() => v,
            _ => {
                return Err(bad(
                    part,
                    at,
                    item,
                    Text::new(input_errors::VIXIE_RANDOM_FORM),
                ));
            }
        }
    };
    if low > high || low < lo || high > hi {
        return Err(bad(
            part,
            at,
            item,
            Text::new(input_errors::VIXIE_RANDOM_RANGE)
                .with("lo", lo)
                .with("hi", hi),
        ));
    }
    e.random.push(part);
    Ok(1 << low)
}

/// A number, or a three-letter name in the month and day-of-week fields.
fn value(cur: &mut Cursor<'_>, part: Part, flavor: Flavor) -> Option<u32> {
    let word = cur.alnum()?;
    if let Some(n) = number(word) {
        return Some(n);
    }
    let _ = flavor;
    match part {
        Part::Month => month_name(word),
        Part::DayOfWeek => weekday_name(word),
        _ => None,
    }
}

/// What a field accepts, for messages.
fn expected(part: Part, flavor: Flavor) -> Text {
    let (lo, hi) = range(part, flavor);
    match part {
        Part::Month => field::expect_month(lo, hi, "jan", "dec", "1-6"),
        Part::DayOfWeek if hi == 6 => Text::new(input_errors::CRON_EXPECT_DOW_0_6),
        Part::DayOfWeek => Text::new(input_errors::CRON_EXPECT_DOW_0_7),
        _ => Text::new(input_errors::CRON_EXPECT_NUMBERS)
            .with("lo", lo)
            .with("hi", hi)
            .with("example", range_example(part)),
    }
}

fn range_example(part: Part) -> &'static str {
    match part {
        Part::Minute => "0-29",
        Part::Hour => "9-17",
        Part::DayOfMonth => "1-15",
        Part::Month => "3-5",
        _ => "1-5",
    }
}

fn step_example(part: Part) -> &'static str {
    match part {
        Part::Minute => "*/15",
        Part::Hour => "*/2",
        Part::DayOfMonth => "*/2",
        Part::Month => "*/3",
        _ => "*/2",
    }
}

/// A position in one list item.
struct Cursor<'a> {
    item: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.item[self.pos..].chars().next()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }
    fn done(&self) -> bool {
        self.pos >= self.item.len()
    }
    /// The run of ASCII letters and digits here (cron's `get_number` reads
    /// `isalnum` characters).
    fn alnum(&mut self) -> Option<&'a str> {
        let rest = &self.item[self.pos..];
        let n = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
        if n == 0 {
            return None;
        }
        self.pos += n;
        Some(&rest[..n])
    }
}
