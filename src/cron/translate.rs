//! An [`Expr`] → RRULE texts whose union is the product's calendar, the
//! product's gap and fold policies, a start, and the warnings.
//!
//! One rule suffices unless the days are a union: cron's day of month OR
//! day of week (one rule each), or Quartz's `W` (the nearest weekday is
//! `n` on a weekday, `n - 1` on a Friday or `n + 1` on a Monday: a rule
//! each). Times of day are listed (`BYHOUR`, `BYMINUTE`, `BYSECOND`)
//! under the coarsest `FREQ` that needs no `INTERVAL`, so no rule depends
//! on its start's phase.

use jiff::civil::DateTime;

use crate::error::{Error, ErrorCode};
use crate::expand::Expander;
use crate::lang::{Arg, Text, cron as says};
use crate::note::Warning;
use crate::policy::{FoldPolicy, GapPolicy, InvalidDatePolicy};
use crate::rule::Rule;

use super::behaviour;
use super::field::{self, Part};
use super::{Days, Dialect, Expr};

/// The expander work spent looking for a line's first run.
const FIRST_RUN_BUDGET: u64 = 2_000_000;

/// What a cron line becomes.
#[derive(Clone, Debug)]
pub(crate) struct Translation {
    /// RRULE texts (canonical form); their union is the calendar. Empty for
    /// systemd's `@TIMESTAMP`, which is only the start.
    pub(crate) rules: Vec<String>,
    pub(crate) gap: GapPolicy,
    pub(crate) fold: FoldPolicy,
    /// The first run on or after the day asked for.
    pub(crate) start: DateTime,
    pub(crate) warnings: Vec<Warning>,
}

/// A day predicate of one rule: `BYMONTHDAY`, `BYDAY` (ordinal, weekday
/// with Sunday 0) and the months it is limited to.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Frag {
    month_days: Vec<i8>,
    weekdays: Vec<(Option<i8>, u8)>,
    months: u16,
}

const ALL_MONTHS: u16 = 0x1ffe;
const WEEKDAYS_MO_FR: [u8; 5] = [1, 2, 3, 4, 5];
const RFC_DAYS: [&str; 7] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/// Translates a parsed line for `dialect`, read in `tz`; the start is the
/// first run at or after `from` (a local time).
pub(crate) fn translate(
    expr: &Expr,
    dialect: Dialect,
    cron_tz: bool,
    tz: &jiff::tz::TimeZone,
    from: DateTime,
) -> Result<Translation, Error> {
    let product = behaviour::policies(dialect, expr, cron_tz);
    if let Some(secs) = expr.once {
        return once(secs, product);
    }
    let mut warnings = Vec::new();
    let rules = match expr.every {
        Some(secs) => vec![every_rule(secs)],
        None => rules(expr, dialect, &mut warnings)?,
    };
    let from = match expr.years {
        Some(y) if i32::from(y.first) > i32::from(from.year()) => {
            DateTime::new(y.first as i16, 1, 1, 0, 0, 0, 0).unwrap_or(from)
        }
        _ => from,
    };
    let from = first_moment(from, expr.seconds == 1);
    let start = match first_run(&rules, from)? {
        Some(start) => start,
        None => {
            warnings.push(Warning::new(
                "never_runs",
                Text::new(says::NEVER_RUNS)
                    .with("product", dialect.product_name())
                    .with("start", Arg::Nominal(from)),
            ));
            from
        }
    };
    warnings.extend(behaviour::warnings(dialect, expr, cron_tz, tz, start));
    Ok(Translation {
        rules,
        gap: product.gap,
        fold: product.fold,
        start,
        warnings,
    })
}

/// The first moment at or after `from` a run can be at: a whole second,
/// and a whole minute when the line runs at second 0 only — its rules then
/// name no second, which RFC 5545 takes from the start (§3.3.10), so a
/// start read from the clock must not carry one.
fn first_moment(from: DateTime, second_zero: bool) -> DateTime {
    let second = if second_zero { 0 } else { from.second() };
    let whole = DateTime::new(
        from.year(),
        from.month(),
        from.day(),
        from.hour(),
        from.minute(),
        second,
        0,
    );
    match whole {
        Ok(w) if w < from => {
            let step = if second_zero { 60 } else { 1 };
            civil_at(crate::expand::civil_seconds(w) + step).unwrap_or(w)
        }
        Ok(w) => w,
        Err(_) => from,
    }
}

/// The civil date-time `secs` seconds after 1970-01-01T00:00 (the inverse
/// of [`crate::expand::civil_seconds`]); `None` outside jiff's years. Plain
/// arithmetic: jiff's `DateTime::checked_add` unwraps jiff `Result`s,
/// which keeps every error message jiff has in a wasm build (DESIGN.md,
/// "What `fromCron` would cost").
fn civil_at(secs: i64) -> Option<DateTime> {
    let (y, m, d) = crate::expand::civil_from_days(secs.div_euclid(86_400));
    let t = secs.rem_euclid(86_400);
    let year = i16::try_from(y).ok()?;
    DateTime::new(
        year,
        m as i8,
        d as i8,
        (t / 3600) as i8,
        (t / 60 % 60) as i8,
        (t % 60) as i8,
        0,
    )
    .ok()
}

/// systemd's `@TIMESTAMP`: one run.
fn once(secs: i64, product: behaviour::Product) -> Result<Translation, Error> {
    // The zone is UTC (`from_cron`): the civil time is the instant's.
    let start = civil_at(secs).ok_or_else(|| Error::internal("systemd timestamp out of range"))?;
    Ok(Translation {
        rules: Vec::new(),
        gap: product.gap,
        fold: product.fold,
        start,
        warnings: Vec::new(),
    })
}

/// robfig's `@every`: the nearest rule, stepping in wall-clock time.
fn every_rule(secs: u64) -> String {
    let (freq, n) = if secs.is_multiple_of(3600) {
        ("HOURLY", secs / 3600)
    } else if secs.is_multiple_of(60) {
        ("MINUTELY", secs / 60)
    } else {
        ("SECONDLY", secs)
    };
    if n == 1 {
        format!("FREQ={freq}")
    } else {
        format!("FREQ={freq};INTERVAL={}", n.min(u64::from(u32::MAX)))
    }
}

/// The rules of an ordinary line.
fn rules(expr: &Expr, dialect: Dialect, warnings: &mut Vec<Warning>) -> Result<Vec<String>, Error> {
    let frags = frags(expr, dialect, warnings);
    if frags.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidCron,
            Text::new(crate::lang::input_errors::CRON_NO_DAY)
                .with("product", dialect.product_name()),
        )
        .with_field(Part::DayOfMonth.name()));
    }
    let mut out: Vec<String> = Vec::new();
    for frag in &frags {
        let text = rule_text(frag, expr);
        let rule = Rule::parse(&text)
            .map_err(|e| Error::internal(&format!("cron rule `{text}`: {}", e.message())))?;
        let canonical = rule.to_string();
        if !out.contains(&canonical) {
            out.push(canonical);
        }
    }
    Ok(out)
}

/// The day predicates whose union is the line's days.
fn frags(expr: &Expr, dialect: Dialect, warnings: &mut Vec<Warning>) -> Vec<Frag> {
    let months = expr.months & ALL_MONTHS;
    let any = Frag {
        month_days: Vec::new(),
        weekdays: Vec::new(),
        months,
    };
    let dom_any =
        expr.dom == field::all(1, 31) as u32 && expr.from_end == 0 && expr.nearest.is_empty();
    let dow_any = expr.dow == 0x7f && expr.nth.is_empty();
    let weekdays = weekday_list(expr);
    // A weekday side that selects no day contributes none.
    let dow_frag = (!weekdays.is_empty()).then(|| Frag {
        weekdays: weekdays.clone(),
        ..any.clone()
    });
    let mut out = match (expr.days, dom_any, dow_any) {
        (_, true, true) | (Days::Or, true, _) | (Days::Or, _, true) => vec![any],
        (Days::And, true, false) => dow_frag.into_iter().collect(),
        (Days::And, false, true) => dom_frags(expr, months, dialect, warnings),
        (Days::And, false, false) if weekdays.is_empty() => Vec::new(),
        (Days::And, false, false) => dom_frags(expr, months, dialect, warnings)
            .into_iter()
            .map(|f| Frag {
                weekdays: weekdays.clone(),
                ..f
            })
            .collect(),
        (Days::Or, false, false) => {
            let mut v = dom_frags(expr, months, dialect, warnings);
            v.extend(dow_frag);
            v
        }
    };
    out.retain(|f| f.months != 0);
    out
}

/// The day-of-week side: plain weekdays and ordinal ones.
fn weekday_list(expr: &Expr) -> Vec<(Option<i8>, u8)> {
    let mut out: Vec<(Option<i8>, u8)> = field::values(u64::from(expr.dow))
        .map(|d| (None, d as u8))
        .collect();
    out.extend(expr.nth.iter().map(|&(d, n)| (Some(n), d)));
    out
}

/// The day-of-month side: the listed and from-the-end days in one rule,
/// and a rule per piece of each nearest-weekday day.
fn dom_frags(expr: &Expr, months: u16, dialect: Dialect, warnings: &mut Vec<Warning>) -> Vec<Frag> {
    let mut out = Vec::new();
    let mut days: Vec<i8> = field::values(u64::from(expr.dom))
        .map(|d| d as i8)
        .collect();
    days.extend(field::values(u64::from(expr.from_end)).map(|k| -(k as i8)));
    if !days.is_empty() {
        out.push(Frag {
            month_days: days,
            weekdays: Vec::new(),
            months,
        });
    }
    for &n in &expr.nearest {
        let (pieces, exact) = nearest(n, months);
        if !exact {
            let day = if n > 0 {
                n.to_string()
            } else {
                format!("L-{}", -n - 1)
            };
            warnings.push(Warning::new(
                "nearest_weekday",
                Text::new(says::NEAREST_WEEKDAY)
                    .with("product", dialect.product_name())
                    .with("day", day),
            ));
        }
        out.extend(pieces);
    }
    out
}

/// Quartz's weekday nearest day `n` (`getTimeAfter`): the day itself on a
/// weekday; the Friday before a Saturday, or the Monday after on the 1st;
/// the Monday after a Sunday, or the Friday before on the month's last
/// day. As a union of (day, weekdays, months) pieces; `false` when
/// February (or, for `L-30W`, a month shorter than 31 days) makes it
/// inexact.
fn nearest(n: i8, months: u16) -> (Vec<Frag>, bool) {
    let piece = |day: i8, weekdays: &[u8], months: u16| Frag {
        month_days: vec![day],
        weekdays: weekdays.iter().map(|&d| (None, d)).collect(),
        months,
    };
    const FEB: u16 = 1 << 2;
    const LONG: u16 = (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7) | (1 << 8) | (1 << 10) | (1 << 12);
    const THIRTY: u16 = (1 << 4) | (1 << 6) | (1 << 9) | (1 << 11);
    let mut v = vec![piece(n, &WEEKDAYS_MO_FR, months)];
    let mut exact = true;
    match n {
        1 => {
            v.push(piece(2, &[1], months));
            v.push(piece(3, &[1], months));
        }
        2..=27 => {
            v.push(piece(n - 1, &[5], months));
            v.push(piece(n + 1, &[1], months));
        }
        28 => {
            v.push(piece(27, &[5], months));
            v.push(piece(29, &[1], months));
            exact = months & FEB == 0;
        }
        29 => {
            v.push(piece(28, &[5], months & !FEB));
            v.push(piece(30, &[1], months));
            exact = months & FEB == 0;
        }
        30 => {
            v.push(piece(29, &[5], months & !FEB));
            v.push(piece(31, &[1], months));
            v.push(piece(28, &[5], months & THIRTY));
        }
        31 => {
            v.push(piece(30, &[5], months & LONG));
            v.push(piece(29, &[5], months & LONG));
        }
        -1 => {
            v.push(piece(-2, &[5], months));
            v.push(piece(-3, &[5], months));
        }
        // `L-30W`: the 1st of a 31-day month, which never reaches back into
        // the month before (a Saturday 1st runs on Monday the 3rd); in a
        // shorter month Quartz's day is 0, which no rule holds (inexact).
        -31 => {
            v.push(piece(-30, &[1], months & LONG));
            v.push(piece(-29, &[1], months & LONG));
            exact = false;
        }
        _ => {
            v.push(piece(n - 1, &[5], months));
            v.push(piece(n + 1, &[1], months));
            exact = n >= -27;
        }
    }
    v.retain(|f| f.months != 0);
    (v, exact)
}

/// One rule's text: the coarsest FREQ under which every finer field can
/// be listed (or left to every value), and the listed fields.
fn rule_text(frag: &Frag, expr: &Expr) -> String {
    let list = |bits: u64| {
        let values: Vec<String> = field::values(bits).map(|v| v.to_string()).collect();
        field::join(&values, ",")
    };
    let monthly = frag.weekdays.iter().any(|(n, _)| n.is_some());
    let all_s = expr.seconds == field::all(0, 59);
    let all_m = expr.minutes == field::all(0, 59);
    let all_h = u64::from(expr.hours) == field::all(0, 23);
    // Which of hour, minute and second must be listed under the FREQ.
    let (freq, hour, minute, second) = match () {
        _ if monthly => ("MONTHLY", true, true, expr.seconds != 1),
        _ if all_s => ("SECONDLY", !all_h, !all_m, false),
        _ if all_m => ("MINUTELY", !all_h, false, expr.seconds != 1),
        _ if all_h => ("HOURLY", false, true, expr.seconds != 1),
        _ => ("DAILY", true, true, expr.seconds != 1),
    };
    let mut parts = vec![format!("FREQ={freq}")];
    if frag.months != ALL_MONTHS {
        parts.push(format!("BYMONTH={}", list(u64::from(frag.months))));
    }
    if !frag.month_days.is_empty() {
        let days: Vec<String> = frag.month_days.iter().map(|d| d.to_string()).collect();
        parts.push(format!("BYMONTHDAY={}", field::join(&days, ",")));
    }
    if !frag.weekdays.is_empty() && (monthly || frag.weekdays.len() < 7) {
        let days: Vec<String> = frag
            .weekdays
            .iter()
            .map(|(n, d)| {
                let n = n.map(|n| n.to_string()).unwrap_or_default();
                format!("{n}{}", RFC_DAYS[usize::from(*d)])
            })
            .collect();
        parts.push(format!("BYDAY={}", field::join(&days, ",")));
    }
    if hour {
        parts.push(format!("BYHOUR={}", list(u64::from(expr.hours))));
    }
    if minute {
        parts.push(format!("BYMINUTE={}", list(expr.minutes)));
    }
    if second {
        parts.push(format!("BYSECOND={}", list(expr.seconds)));
    }
    if let Some(y) = expr.years.filter(|y| y.last < 2199) {
        parts.push(format!("UNTIL={:04}1231T235959", y.last));
    }
    field::join(&parts, ";")
}

/// The earliest nominal any rule generates on or after `from`.
fn first_run(rules: &[String], from: DateTime) -> Result<Option<DateTime>, Error> {
    let mut best: Option<DateTime> = None;
    for text in rules {
        let rule = Rule::parse(text)?;
        let mut expander = Expander::new(&rule, from, InvalidDatePolicy::Omit, FIRST_RUN_BUDGET);
        if let Some(c) = expander.next() {
            best = Some(best.map_or(c.nominal, |b| b.min(c.nominal)));
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::{civil_at, first_moment};
    use jiff::civil::DateTime;

    fn dt(s: &str) -> DateTime {
        s.parse().unwrap()
    }

    #[test]
    fn first_moment_rounds_up_across_minute_day_and_year() {
        for (from, second_zero, want) in [
            ("2026-12-31T23:59:30", true, "2027-01-01T00:00:00"),
            ("2026-12-31T23:59:59.5", false, "2027-01-01T00:00:00"),
            ("2028-02-28T23:59:01", true, "2028-02-29T00:00:00"),
            (
                "2026-03-08T02:29:59.000000001",
                false,
                "2026-03-08T02:30:00",
            ),
            ("2026-03-08T02:30:00", true, "2026-03-08T02:30:00"),
            ("2026-03-08T02:30:17", false, "2026-03-08T02:30:17"),
        ] {
            assert_eq!(first_moment(dt(from), second_zero), dt(want), "{from}");
        }
        // Past jiff's last minute there is no next one: the time stays.
        let last = dt("9999-12-31T23:59:30");
        assert_eq!(first_moment(last, true), dt("9999-12-31T23:59:00"));
    }

    #[test]
    fn civil_at_inverts_civil_seconds() {
        for s in [
            "1970-01-01T00:00:00",
            "1969-12-31T23:59:59",
            "2024-02-29T12:34:56",
            "-000009-03-01T00:00:00",
            "9999-12-31T23:59:59",
        ] {
            let d = dt(s);
            assert_eq!(civil_at(crate::expand::civil_seconds(d)), Some(d), "{s}");
        }
        assert_eq!(
            civil_at(crate::expand::civil_seconds(dt("9999-12-31T23:59:59")) + 1),
            None
        );
    }
}
