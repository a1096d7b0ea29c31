//! `describe`: an English sentence for a schedule, including what happens on
//! days when the clocks change.
//!
//! The first sentence says when the schedule runs (from the validated
//! [`Rule`], the start and the RDATE/EXDATE lists); an invalid-date sentence
//! follows when a requested day of month is missing from some months; the
//! DST sentences come from the planner's notices over the three years after
//! `start`, or after a given instant (deterministic: no clock), which occurrences the zone's real
//! transitions skip, shift or repeat, naming when they happen in the zone's
//! own terms ("second Sunday of March").

use jiff::civil::{Date, DateTime, Time, Weekday};
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp};

use crate::format::month_name;
use crate::policy::{FoldPolicy, GapPolicy, InvalidDatePolicy};
use crate::rule::{Frequency, Rule, Until, WeekdayNum};
use crate::spec::Schedule;
use crate::zone::{self, Transition};

/// How far after `start` (or the `from` of [`describe_from`]) clock
/// changes are looked for.
const DST_YEARS: i16 = 3;

/// Most times of day listed before the list is summarized.
const MAX_LISTED_TIMES: usize = 6;

/// Describes a schedule in English, e.g. "Every day at 02:30 in
/// America/New_York. When 02:30 does not exist (second Sunday of March)
/// that day is skipped."
///
/// ```
/// let schedule = wallclock::Schedule::from_json(
///     r#"{"timeZone": "America/New_York", "start": "2026-03-08T02:30"}"#,
/// )?;
/// let text = wallclock::describe(&schedule);
/// assert!(text.starts_with("Once, on 2026-03-08 at 02:30 in America/New_York."));
/// assert!(text.contains("is skipped"));
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn describe(schedule: &Schedule) -> String {
    describe_window(schedule, schedule.start())
}

/// [`describe`], with clock changes looked for in the years after `from`
/// (or after the start, when that is later): what a schedule that started
/// long ago will do in the coming years. `from` is usually "now", which
/// the caller reads; the library never reads the clock.
///
/// ```
/// let schedule = wallclock::Schedule::from_json(
///     r#"{"timeZone": "Europe/Berlin", "start": "2020-01-01T02:30", "rrule": "FREQ=DAILY"}"#,
/// )?;
/// let now = "2030-06-01T00:00:00Z".parse()?;
/// let text = wallclock::describe_from(&schedule, now);
/// assert!(text.contains("last Sunday of March"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn describe_from(schedule: &Schedule, from: Timestamp) -> String {
    let from = schedule.time_zone().to_datetime(from).max(schedule.start());
    describe_window(schedule, from)
}

/// The sentences, with the DST ones about the years after `from`.
fn describe_window(schedule: &Schedule, from: DateTime) -> String {
    let mut sentences = Vec::new();
    let rules = schedule.rules();
    if rules.is_empty() {
        sentences.push(dates_sentence(schedule));
    }
    // Several rules: a sentence each ("Also …" after the first; the date
    // lists with the last), then how their union runs.
    for (i, rule) in rules.iter().enumerate() {
        let mut s = rule_sentence(schedule, rule, i);
        if i + 1 == rules.len() {
            s.push_str(&dates_phrase(schedule));
        }
        sentences.push(match i {
            0 => capitalize(s) + ".",
            _ => format!("Also {s}."),
        });
        if let Some(s) = invalid_date_sentence(schedule, rule)
            && !sentences.contains(&s)
        {
            sentences.push(s);
        }
    }
    if rules.len() > 1 {
        sentences.push("A time more than one rule generates runs once.".to_owned());
    }
    sentences.extend(dst_sentences(schedule, from));
    sentences.join(" ")
}

// ---------------------------------------------------------------------------
// The "when" sentence.

/// When rule `i` (`rule`) runs, uncapitalized and without a full stop.
fn rule_sentence(schedule: &Schedule, rule: &Rule, i: usize) -> String {
    let start = schedule.start();
    let set_pos = set_pos_plan(rule, start);
    let mut s = String::new();
    s.push_str(&frequency_phrase(rule, start));
    if let Some(day) = day_phrase(rule, start, &set_pos) {
        s.push(' ');
        s.push_str(&day);
    }
    if let Some(months) = month_phrase(rule) {
        s.push(' ');
        s.push_str(&months);
    }
    s.push(' ');
    s.push_str(&time_phrase(rule, start, &set_pos));
    if let SetPos::Among { positions, period } = &set_pos {
        s.push_str(&format!(
            ", only the {} of those in each {period}",
            join_and(positions)
        ));
    }
    s.push_str(" in ");
    s.push_str(schedule.time_zone_name());
    s.push_str(&format!(", starting {}", start.date()));
    if let Some(count) = rule.count() {
        s.push_str(&count_phrase(schedule, i, count));
    }
    match rule.until() {
        Some(Until::Date(d)) => s.push_str(&format!(", until {d}")),
        Some(Until::Local(dt)) => s.push_str(&format!(", until {} {}", dt.date(), hm(dt.time()))),
        Some(Until::Utc(ts)) => {
            let dt = Offset::UTC.to_datetime(ts);
            s.push_str(&format!(", until {} {} UTC", dt.date(), hm(dt.time())));
        }
        None => {}
    }
    s
}

/// `, plus 2 extra dates, except 1 date`: the RDATEs and EXDATEs.
fn dates_phrase(schedule: &Schedule) -> String {
    let mut s = String::new();
    let extra = schedule
        .rdate()
        .iter()
        .filter(|d| !schedule.exdate().contains(d))
        .count();
    if extra > 0 {
        s.push_str(&format!(
            ", plus {}",
            plural(extra, "extra date", "extra dates")
        ));
    }
    if !schedule.exdate().is_empty() {
        s.push_str(&format!(
            ", except {}",
            plural(schedule.exdate().len(), "date", "dates")
        ));
    }
    s
}

/// `, 4 times`: how often the rule runs, which is COUNT unless occurrences
/// merge (a gap under `shift` moving one onto the next, an invalid date moved
/// onto a generated one) or run twice (a fold under `both` where only one
/// run counts); then the occurrences follow in brackets. RDATEs and EXDATEs
/// are said apart (`plus 2 extra dates`, `except 1 date`).
fn count_phrase(schedule: &Schedule, i: usize, count: u32) -> String {
    let count = count as usize;
    let runs = rule_runs(schedule, i).unwrap_or(count);
    let times = match runs {
        1 => "once".to_owned(),
        n => format!("{n} times"),
    };
    let occurrences = plural(count, "occurrence", "occurrences");
    if runs < count {
        format!(
            ", {times} ({occurrences}: {} merged into another at the same instant)",
            count - runs
        )
    } else if runs > count {
        let twice = runs - count;
        let verb = if twice == 1 { "runs" } else { "run" };
        format!(", {times} ({occurrences}: {twice} {verb} twice in a repeated hour)")
    } else {
        format!(", {times}")
    }
}

/// The executions of the rule alone (start and this RRULE, without the
/// other rules, RDATE and EXDATE): the planner's own, so merges and fold
/// `both` count as they run. `None` when the expansion exceeds the
/// planner's ceilings.
fn rule_runs(schedule: &Schedule, i: usize) -> Option<usize> {
    let mut rule_only = schedule.clone();
    rule_only.rules.swap(0, i);
    rule_only.rules.truncate(1);
    rule_only.rdate.clear();
    rule_only.exdate.clear();
    crate::plan::execution_instants(&rule_only, &crate::plan::ExpandOptions::new())
        .ok()
        .map(|runs| runs.len())
}

/// Without a rule: `start` and the RDATEs, minus the EXDATEs.
fn dates_sentence(schedule: &Schedule) -> String {
    let mut dates: Vec<DateTime> = std::iter::once(schedule.start())
        .chain(schedule.rdate().iter().copied())
        .collect();
    crate::sort::sort(&mut dates);
    dates.dedup();
    dates.retain(|d| !schedule.exdate().contains(d));
    let zone = schedule.time_zone_name();
    match dates.as_slice() {
        [] => format!("Never: every date is excluded (EXDATE), in {zone}."),
        [one] => format!("Once, on {} at {} in {zone}.", one.date(), hm(one.time())),
        many => {
            let shown: Vec<String> = if many.len() <= 5 {
                many.iter()
                    .map(|d| format!("{} {}", d.date(), hm(d.time())))
                    .collect()
            } else {
                let first = many[0];
                let last = many[many.len() - 1];
                vec![
                    format!("{} {}", first.date(), hm(first.time())),
                    format!("{} more", many.len() - 2),
                    format!("{} {}", last.date(), hm(last.time())),
                ]
            };
            format!("On {} dates in {zone}: {}.", many.len(), join_and(&shown))
        }
    }
}

fn frequency_phrase(rule: &Rule, start: DateTime) -> String {
    let n = rule.interval();
    let every = |one: &str, many: &str| {
        if n == 1 {
            format!("every {one}")
        } else {
            format!("every {n} {many}")
        }
    };
    match rule.frequency() {
        Frequency::Secondly => every("second", "seconds"),
        Frequency::Minutely => every("minute", "minutes"),
        Frequency::Hourly => every("hour", "hours"),
        Frequency::Daily => every("day", "days"),
        // The day phrase says which of the week's days BYSETPOS keeps.
        Frequency::Weekly if !rule.by_set_pos().is_empty() && !rule.by_day().is_empty() => {
            every("week", "weeks")
        }
        Frequency::Weekly => {
            let plain = rule.by_day().iter().all(|d| d.nth.is_none());
            if n == 1 && plain && is_weekdays(rule.by_day()) {
                "every weekday".to_owned()
            } else if n == 1 && plain && rule.by_day().len() <= 2 {
                let days: Vec<WeekdayNum> = if rule.by_day().is_empty() {
                    vec![WeekdayNum {
                        nth: None,
                        weekday: start.weekday(),
                    }]
                } else {
                    rule.by_day().to_vec()
                };
                let names: Vec<String> = days
                    .iter()
                    .map(|d| weekday_name(d.weekday).to_owned())
                    .collect();
                format!("every {}", join_and(&names))
            } else {
                let days: Vec<String> = if rule.by_day().is_empty() {
                    vec![weekday_name(start.weekday()).to_owned()]
                } else {
                    weekday_list(rule)
                };
                format!("{} on {}", every("week", "weeks"), join_and(&days))
            }
        }
        Frequency::Monthly => every("month", "months"),
        Frequency::Yearly => every("year", "years"),
    }
}

fn is_weekdays(days: &[WeekdayNum]) -> bool {
    use Weekday::*;
    days.len() == 5
        && [Monday, Tuesday, Wednesday, Thursday, Friday]
            .iter()
            .all(|w| days.iter().any(|d| d.weekday == *w))
}

fn weekday_list(rule: &Rule) -> Vec<String> {
    // List in week order starting at WKST, as people read a week.
    let mut days = rule.by_day().to_vec();
    let wkst = rule.week_start().to_monday_zero_offset();
    crate::sort::sort_by_key(&mut days, |d| {
        (
            (d.weekday.to_monday_zero_offset() - wkst).rem_euclid(7),
            d.nth,
        )
    });
    days.iter()
        .map(|d| weekday_name(d.weekday).to_owned())
        .collect()
}

/// The day part for DAILY and longer periods (`on the last Friday`), and the
/// weekday/day filters of sub-daily rules.
fn day_phrase(rule: &Rule, start: DateTime, set_pos: &SetPos) -> Option<String> {
    if let SetPos::Days { days, .. } = set_pos {
        return Some(set_pos_days_phrase(rule, days));
    }
    let freq = rule.frequency();
    let mut parts: Vec<String> = Vec::new();
    if !rule.by_month_day().is_empty() {
        parts.push(format!("on the {}", month_days(rule.by_month_day())));
    }
    if !rule.by_day().is_empty() && freq != Frequency::Weekly {
        by_day_parts(rule, &mut parts);
    }
    if !rule.by_year_day().is_empty() {
        parts.push(year_days_phrase(rule));
    }
    if !rule.by_week_no().is_empty() {
        week_no_parts(rule, start, &mut parts);
    }
    if !parts.is_empty() {
        return Some(parts.join(" "));
    }
    // Nothing given: RFC 5545 takes the day from DTSTART.
    match freq {
        Frequency::Monthly => Some(format!("on the {}", day_ordinal(i32::from(start.day())))),
        Frequency::Yearly if rule.by_month().is_empty() => {
            Some(format!("on {} {}", month_name(start.month()), start.day()))
        }
        Frequency::Yearly => Some(format!("on the {}", day_ordinal(i32::from(start.day())))),
        _ => None,
    }
}

/// The day part when BYSETPOS picks days: `on the last weekday of the month`.
fn set_pos_days_phrase(rule: &Rule, days: &[i32]) -> String {
    let freq = rule.frequency();
    // BYSETPOS picks from the set the other parts make in each period.
    let positions: Vec<String> = days.iter().map(|p| ordinal_word(*p)).collect();
    let set = if rule.by_day().iter().all(|d| d.nth.is_none()) && !rule.by_day().is_empty() {
        if is_weekdays(rule.by_day()) {
            "weekday".to_owned()
        } else if is_weekend(rule.by_day()) {
            "weekend day".to_owned()
        } else {
            let names: Vec<String> = rule
                .by_day()
                .iter()
                .map(|d| weekday_name(d.weekday).to_owned())
                .collect();
            match names.as_slice() {
                [one] => one.clone(),
                _ => format!("{} (whichever comes)", join_or(&names)),
            }
        }
    } else {
        "matching day".to_owned()
    };
    let of = match freq {
        Frequency::Weekly => "week",
        Frequency::Monthly => "month",
        Frequency::Yearly if rule.by_month().is_empty() => "year",
        Frequency::Yearly => "month",
        _ => "period",
    };
    let mut s = format!("on the {} {set} of the {of}", join_and(&positions));
    if !rule.by_month_day().is_empty() && !rule.by_day().is_empty() {
        s.push_str(&format!(" among the {}", month_days(rule.by_month_day())));
    }
    s
}

/// BYDAY for MONTHLY and longer or sub-weekly periods, joined with the
/// BYMONTHDAY part already in `parts` when both limit the day.
fn by_day_parts(rule: &Rule, parts: &mut Vec<String>) {
    let freq = rule.frequency();
    let in_month =
        freq == Frequency::Monthly || (freq == Frequency::Yearly && !rule.by_month().is_empty());
    let ordered = rule.by_day().iter().any(|d| d.nth.is_some());
    if ordered {
        let items: Vec<String> = rule
            .by_day()
            .iter()
            .map(|d| match d.nth {
                Some(n) => {
                    format!("{} {}", ordinal_word(i32::from(n)), weekday_name(d.weekday))
                }
                None => format!("every {}", weekday_name(d.weekday)),
            })
            .collect();
        // "on every Monday and the first Friday", "on the first Friday".
        let the = match items.first() {
            Some(first) if first.starts_with("every") => "",
            _ => "the ",
        };
        let mut s = format!("on {the}{}", join_and(&items));
        if !in_month && freq == Frequency::Yearly {
            s.push_str(" of the year");
        }
        parts.push(s);
    } else if is_weekdays(rule.by_day()) {
        parts.push("on weekdays".to_owned());
    } else {
        parts.push(format!("on {}", join_and(&weekday_list(rule))));
    }
    if !rule.by_month_day().is_empty() {
        // Both given: a day must satisfy both (RFC 5545 limit).
        // "on the 13th that is Friday" ("that is on" read badly).
        let joined = match parts.as_slice() {
            [days, on] => format!("{days} that is {}", on.strip_prefix("on ").unwrap_or(on)),
            _ => parts.join(" that is "),
        };
        *parts = vec![joined];
    }
}

/// `on day 100 and the last day of the year`.
fn year_days_phrase(rule: &Rule) -> String {
    let days: Vec<String> = rule
        .by_year_day()
        .iter()
        .map(|d| {
            if *d < 0 {
                format!("the {} day", ordinal_word(i32::from(*d)))
            } else {
                format!("day {d}")
            }
        })
        .collect();
    format!("on {} of the year", join_and(&days))
}

/// `in ISO week 20`, with start's weekday when no other part names the day.
fn week_no_parts(rule: &Rule, start: DateTime, parts: &mut Vec<String>) {
    let weeks: Vec<String> = rule.by_week_no().iter().map(|w| week_number(*w)).collect();
    parts.push(format!(
        "in ISO {} {}",
        if weeks.len() == 1 { "week" } else { "weeks" },
        join_and(&weeks)
    ));
    if rule.by_day().is_empty() && rule.by_month_day().is_empty() && rule.by_year_day().is_empty() {
        parts.push(format!("on {}", weekday_name(start.weekday())));
    }
}

fn is_weekend(days: &[WeekdayNum]) -> bool {
    days.len() == 2
        && days.iter().any(|d| d.weekday == Weekday::Saturday)
        && days.iter().any(|d| d.weekday == Weekday::Sunday)
}

fn month_days(days: &[i8]) -> String {
    let mut pos: Vec<String> = days
        .iter()
        .filter(|d| **d > 0)
        .map(|d| day_ordinal(i32::from(*d)))
        .collect();
    let mut neg: Vec<i8> = days.iter().copied().filter(|d| *d < 0).collect();
    crate::sort::sort_by(&mut neg, |a, b| a > b);
    let neg: Vec<String> = neg
        .iter()
        .map(|d| match d {
            -1 => "last day of the month".to_owned(),
            d => format!("{} day of the month", ordinal_word(i32::from(*d))),
        })
        .collect();
    if neg.is_empty() {
        return join_and(&pos);
    }
    // "the 1st and last day of the month" reads better than "the 1st and the last day".
    if pos.is_empty() {
        return join_and(&neg);
    }
    pos.extend(neg);
    join_and(&pos)
}

fn week_number(w: i8) -> String {
    match w {
        -1 => "the last week".to_owned(),
        w if w < 0 => format!("the {} week", ordinal_word(i32::from(w))),
        w => w.to_string(),
    }
}

fn month_phrase(rule: &Rule) -> Option<String> {
    if rule.by_month().is_empty() {
        return None;
    }
    let names: Vec<String> = rule
        .by_month()
        .iter()
        .map(|m| month_name(*m as i8).to_owned())
        .collect();
    Some(format!("in {}", join_and(&names)))
}

/// The times of day: `at 07:00`, `at 07:00 and 19:00`, `at :15 past the hour`.
fn time_phrase(rule: &Rule, start: DateTime, set_pos: &SetPos) -> String {
    match rule.frequency() {
        Frequency::Daily | Frequency::Weekly | Frequency::Monthly | Frequency::Yearly => {
            let times = match set_pos {
                SetPos::Times(times) | SetPos::Days { times, .. } => times.clone(),
                _ => times_of_day(rule, start),
            };
            list_times("at", &times)
        }
        Frequency::Hourly => {
            let minutes = or_start(rule.by_minute(), start.minute());
            let seconds = or_start(rule.by_second(), start.second());
            let mut s = if minutes.len() == 1 && seconds == [0] {
                format!("at :{:02} past the hour", minutes[0])
            } else {
                let mut list = Vec::new();
                for m in &minutes {
                    for sec in &seconds {
                        list.push(if *sec == 0 {
                            format!(":{m:02}")
                        } else {
                            format!(":{m:02}:{sec:02}")
                        });
                    }
                }
                format!("at {} past the hour", join_and(&list))
            };
            s.push_str(&hours_filter(rule));
            if rule.interval() > 1 && rule.by_hour().is_empty() {
                s.push_str(&format!(" (from {})", hm(start.time())));
            }
            s
        }
        Frequency::Minutely | Frequency::Secondly => {
            let mut s = format!("from {}", hm(start.time()));
            if !rule.by_minute().is_empty() {
                let m: Vec<String> = rule
                    .by_minute()
                    .iter()
                    .map(|m| format!(":{m:02}"))
                    .collect();
                s.push_str(&format!(", only at minutes {}", join_and(&m)));
            }
            if !rule.by_second().is_empty() {
                let m: Vec<String> = rule.by_second().iter().map(|m| m.to_string()).collect();
                // SECONDLY: BYSECOND filters; MINUTELY: it expands each minute.
                if rule.frequency() == Frequency::Secondly {
                    s.push_str(&format!(", only at seconds {}", join_and(&m)));
                } else {
                    s.push_str(&format!(", at seconds {} of each minute", join_and(&m)));
                }
            }
            s.push_str(&hours_filter(rule));
            s
        }
    }
}

fn hours_filter(rule: &Rule) -> String {
    if rule.by_hour().is_empty() {
        return String::new();
    }
    let hours: Vec<String> = rule.by_hour().iter().map(|h| format!("{h:02}")).collect();
    format!(
        ", during {} {}",
        if hours.len() == 1 { "hour" } else { "hours" },
        join_and(&hours)
    )
}

fn or_start(list: &[u8], from_start: i8) -> Vec<u8> {
    if list.is_empty() {
        vec![from_start as u8]
    } else {
        list.to_vec()
    }
}

fn list_times(lead: &str, times: &[Time]) -> String {
    let shown: Vec<String> = times.iter().map(|t| hm(*t)).collect();
    if shown.len() <= MAX_LISTED_TIMES {
        return format!("{lead} {}", join_and(&shown));
    }
    format!(
        "{lead} {} times a day, from {} to {}",
        shown.len(),
        shown[0],
        shown[shown.len() - 1]
    )
}

/// Every time of day a DAILY-or-longer rule runs at (BYHOUR × BYMINUTE ×
/// BYSECOND, each defaulting to `start`'s), sorted.
fn times_of_day(rule: &Rule, start: DateTime) -> Vec<Time> {
    let hours = or_start(rule.by_hour(), start.hour());
    let minutes = or_start(rule.by_minute(), start.minute());
    let seconds = or_start(rule.by_second(), start.second());
    let mut out = Vec::with_capacity(hours.len() * minutes.len() * seconds.len());
    for h in &hours {
        for m in &minutes {
            for s in &seconds {
                // BYSECOND=60 (a leap second) has no civil time; skip it.
                if let Ok(t) = Time::new(*h as i8, *m as i8, *s as i8, 0) {
                    out.push(t);
                }
            }
        }
    }
    crate::sort::sort(&mut out);
    out.dedup();
    out
}

/// What BYSETPOS keeps of a DAILY-or-longer rule. Its set is every
/// (day, time) of the period in time order (RFC 5545 §3.3.10), so with `k`
/// times a day, position `p` is time `(p - 1) % k` of day `(p - 1) / k + 1`
/// (counted from the end for a negative `p`): every day of the set has
/// every time, as nominal times.
#[derive(Debug, PartialEq, Eq)]
enum SetPos {
    /// No BYSETPOS, or one the other phrases describe as they stand.
    None,
    /// The period is one day: BYSETPOS picks among its times.
    Times(Vec<Time>),
    /// BYSETPOS picks these days of the period's day set (1-based, negative
    /// from the end), each at every one of `times`.
    Days { days: Vec<i32>, times: Vec<Time> },
    /// Picks differ in time from day to day: these positions (as words)
    /// among the period's times.
    Among {
        positions: Vec<String>,
        period: &'static str,
    },
}

fn set_pos_plan(rule: &Rule, start: DateTime) -> SetPos {
    let freq = rule.frequency();
    if rule.by_set_pos().is_empty() {
        return SetPos::None;
    }
    if !matches!(
        freq,
        Frequency::Daily | Frequency::Weekly | Frequency::Monthly | Frequency::Yearly
    ) {
        return among(rule);
    }
    let times = times_of_day(rule, start);
    let k = times.len() as i32;
    if k == 0 {
        return SetPos::None;
    }
    let day_set = !rule.by_day().is_empty() || !rule.by_month_day().is_empty();
    let one_day = freq == Frequency::Daily
        || (!day_set && matches!(freq, Frequency::Weekly | Frequency::Monthly))
        || (!day_set
            && freq == Frequency::Yearly
            && rule.by_month().is_empty()
            && rule.by_year_day().is_empty()
            && rule.by_week_no().is_empty());
    if one_day {
        return one_day_times(rule, &times);
    }
    if !day_set {
        // Days from BYMONTH, BYYEARDAY or BYWEEKNO: the day phrase lists
        // them all, so say what BYSETPOS keeps of them.
        return among(rule);
    }
    day_positions(rule, &times)
}

/// BYSETPOS over a period that is one day: the times it picks.
fn one_day_times(rule: &Rule, times: &[Time]) -> SetPos {
    let k = times.len() as i32;
    let mut picked: Vec<Time> = rule
        .by_set_pos()
        .iter()
        .filter_map(|&p| {
            let p = i32::from(p);
            let i = if p > 0 { p - 1 } else { k + p };
            usize::try_from(i).ok().and_then(|i| times.get(i).copied())
        })
        .collect();
    crate::sort::sort(&mut picked);
    picked.dedup();
    if picked.is_empty() {
        // Every position is past the day's times: the rule never runs;
        // say which times BYSETPOS was given to pick from.
        return among(rule);
    }
    SetPos::Times(picked)
}

/// BYSETPOS over a set of days, each at every one of `times`: the days it
/// picks, when it picks the same times on each.
fn day_positions(rule: &Rule, times: &[Time]) -> SetPos {
    let k = times.len() as i32;
    // Position -> (day, index into `times`).
    let picks: Vec<(i32, i32)> = rule
        .by_set_pos()
        .iter()
        .map(|&p| {
            let p = i32::from(p);
            if p > 0 {
                ((p - 1) / k + 1, (p - 1) % k)
            } else {
                (-((-p - 1) / k + 1), k - 1 - (-p - 1) % k)
            }
        })
        .collect();
    // The parser keeps BYSETPOS ascending and without repeats, so the
    // days come out ascending and each day's time indices ascending and
    // distinct.
    let mut days: Vec<i32> = picks.iter().map(|&(d, _)| d).collect();
    days.dedup();
    reading_order(&mut days);
    let times_of = |d: i32| -> Vec<i32> {
        picks
            .iter()
            .filter(|(pd, _)| *pd == d)
            .map(|&(_, i)| i)
            .collect()
    };
    let first = times_of(days[0]);
    if days.iter().any(|&d| times_of(d) != first) {
        return among(rule);
    }
    SetPos::Days {
        days,
        times: first
            .iter()
            .filter_map(|&i| times.get(i as usize).copied())
            .collect(),
    }
}

/// The generic wording: BYSETPOS's positions among the period's occurrences.
fn among(rule: &Rule) -> SetPos {
    let period = match rule.frequency() {
        Frequency::Secondly => "second",
        Frequency::Minutely => "minute",
        Frequency::Hourly => "hour",
        Frequency::Daily => "day",
        Frequency::Weekly => "week",
        Frequency::Monthly => "month",
        _ => "year",
    };
    let mut positions: Vec<i32> = rule.by_set_pos().iter().map(|p| i32::from(*p)).collect();
    reading_order(&mut positions);
    SetPos::Among {
        positions: positions.into_iter().map(ordinal_word).collect(),
        period,
    }
}

/// Positions as people list them: from the start (first, second), then
/// from the end (second-to-last, last). `positions` is ascending (the
/// parser's order), so the negative ones move, in order, to the end.
fn reading_order(positions: &mut [i32]) {
    let negative = positions.iter().take_while(|p| **p < 0).count();
    positions.rotate_left(negative);
}

// ---------------------------------------------------------------------------
// Invalid dates.

fn invalid_date_sentence(schedule: &Schedule, rule: &Rule) -> Option<String> {
    let freq = rule.frequency();
    if !matches!(freq, Frequency::Monthly | Frequency::Yearly) {
        return None;
    }
    let start = schedule.start();
    let from_start = rule.by_month_day().is_empty()
        && rule.by_day().is_empty()
        && rule.by_year_day().is_empty()
        && rule.by_week_no().is_empty();
    let days: Vec<i8> = if from_start {
        vec![start.day()]
    } else {
        rule.by_month_day()
            .iter()
            .copied()
            .filter(|d| *d > 28)
            .collect()
    };
    let day = *days.iter().max()?;
    if day <= 28 {
        return None;
    }
    let months: Vec<i8> = if !rule.by_month().is_empty() {
        rule.by_month().iter().map(|m| *m as i8).collect()
    } else if freq == Frequency::Yearly && from_start {
        vec![start.month()]
    } else {
        (1..=12).collect()
    };
    // Longest length of each month (February: 29, leap years).
    let max_len =
        |m: i8| -> i8 { [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(m - 1) as usize] };
    let short: Vec<i8> = months
        .iter()
        .copied()
        .filter(|m| max_len(*m) < day)
        .collect();
    let feb_29 = day == 29 && months.contains(&2);
    let what = if !short.is_empty() {
        let names: Vec<String> = short.iter().map(|m| month_name(*m).to_owned()).collect();
        let which = if short.len() == months.len() && months.len() > 1 {
            format!("months without a {}", day_ordinal(i32::from(day)))
        } else {
            format!(
                "months without a {} ({})",
                day_ordinal(i32::from(day)),
                join_and(&names)
            )
        };
        if feb_29 {
            format!("{which} and in February of common years")
        } else {
            which
        }
    } else if feb_29 {
        if freq == Frequency::Yearly && months == [2] {
            "years without February 29".to_owned()
        } else {
            "February of common years".to_owned()
        }
    } else {
        return None;
    };
    let what = format!("In {what}");
    let action = match schedule.invalid_date() {
        InvalidDatePolicy::Omit => "that occurrence is omitted (not moved, not counted)",
        InvalidDatePolicy::Backward => "it moves back to the last day of the month",
        InvalidDatePolicy::Forward => "it moves forward to the 1st of the next month",
    };
    Some(format!("{what}, {action}."))
}

// ---------------------------------------------------------------------------
// DST.

/// A rule time that falls into one transition's gap or fold.
struct Hit {
    transition: Transition,
    /// The transition's local date (in the offset before it).
    date: Date,
    /// The nominal local times affected, sorted.
    nominals: Vec<DateTime>,
}

fn dst_sentences(schedule: &Schedule, start: DateTime) -> Vec<String> {
    let tz = schedule.time_zone();
    let Some((from, to)) = dst_window(tz, start) else {
        return Vec::new();
    };
    let transitions = zone::transitions(tz, from, to, 64);
    if transitions.is_empty() {
        // No clock changes here (e.g. Asia/Tokyo, UTC): nothing to say.
        return Vec::new();
    }
    let Some(hits) = hits(schedule, from, to, transitions) else {
        return Vec::new();
    };

    let mut out = Vec::new();
    let gaps: Vec<&Hit> = hits
        .iter()
        .filter(|h| h.transition.kind() == "gap")
        .collect();
    let folds: Vec<&Hit> = hits
        .iter()
        .filter(|h| h.transition.kind() == "fold")
        .collect();
    if let Some(s) = gap_sentence(schedule, &gaps) {
        out.push(s);
    }
    if let Some(s) = fold_sentence(schedule, &folds) {
        out.push(s);
    }
    if out.is_empty() && !schedule.rules().is_empty() {
        out.push(format!(
            "Clock changes in {} do not affect it in the {DST_YEARS} years after {}.",
            schedule.time_zone_name(),
            start.date()
        ));
    }
    out
}

/// The transitions whose gap or fold holds occurrences of the schedule,
/// with those nominals: the planner's notices over the window, so COUNT,
/// UNTIL, BYSETPOS, RDATE and EXDATE count exactly as in an expansion.
/// `None` when the planner cannot expand the window within its ceilings
/// (`limit_exceeded`, e.g. a SECONDLY rule with a COUNT in the millions):
/// then no DST sentence is better than a guessed one.
fn hits(
    schedule: &Schedule,
    from: Timestamp,
    to: Timestamp,
    transitions: Vec<Transition>,
) -> Option<Vec<Hit>> {
    let notices = crate::plan::notices(schedule, from, to).ok()?;
    let mut hits = Vec::new();
    for t in transitions {
        let (lo, hi) = affected_range(&t);
        // Entries come in nominal order; the two runs of fold `both`
        // share a nominal.
        let mut nominals: Vec<DateTime> = notices
            .entries()
            .iter()
            .map(|e| e.nominal())
            .filter(|n| lo <= *n && *n < hi)
            .collect();
        nominals.dedup();
        if !nominals.is_empty() {
            let date = t.local_before().date();
            hits.push(Hit {
                transition: t,
                date,
                nominals,
            });
        }
    }
    Some(hits)
}

/// The instants to search for transitions: `start` (as UTC, widened by a
/// day so a transition on the start day is seen) to three years later.
fn dst_window(tz: &TimeZone, start: DateTime) -> Option<(Timestamp, Timestamp)> {
    let mut resolver = zone::Resolver::new(tz);
    let from = resolver
        .resolve(start)
        .earliest(start)?
        .checked_sub(SignedDuration::from_hours(48))
        .ok()?;
    let end = crate::plan::years_later(start, DST_YEARS)?;
    let to = resolver.resolve(end).latest(end)?;
    Some((from, to))
}

/// The civil times `[lo, hi)` a transition skips (gap) or repeats (fold).
fn affected_range(t: &Transition) -> (DateTime, DateTime) {
    let (a, b) = (t.local_before(), t.local_after());
    if a <= b { (a, b) } else { (b, a) }
}

fn gap_sentence(schedule: &Schedule, hits: &[&Hit]) -> Option<String> {
    let first = hits.first()?;
    let (times, one) = affected_times(hits);
    let t = &first.transition;
    let when = when_phrase(hits, schedule.rule().is_none() || spans_a_day(t));
    let jump = format!("clocks jump {}", clock_change(t));
    let (subject, verb) = if one { (times, "does") } else { (times, "do") };
    let counted = if schedule.rules().iter().any(|r| r.count().is_some()) {
        " and not counted"
    } else {
        ""
    };
    let action = match schedule.gap() {
        GapPolicy::Skip => format!("that occurrence is skipped{counted}"),
        GapPolicy::Shift => {
            let nominal = first.nominals[0];
            let instant = t.offset_before.to_timestamp(nominal).ok()?;
            let wall = t.offset_after.to_datetime(instant);
            format!(
                "it runs later by the length of the gap, with the offset from before the change (e.g. {} {})",
                hm(wall.time()),
                abbreviation(schedule.time_zone(), instant)
            )
        }
        GapPolicy::Snap => format!(
            "it runs at {} {}, the moment the clocks change",
            hm(t.local_after().time()),
            abbreviation(schedule.time_zone(), t.instant)
        ),
    };
    Some(format!(
        "When {subject} {verb} not exist ({when}; {jump}), {action}."
    ))
}

fn fold_sentence(schedule: &Schedule, hits: &[&Hit]) -> Option<String> {
    let first = hits.first()?;
    let (times, one) = affected_times(hits);
    let t = &first.transition;
    let when = when_phrase(hits, schedule.rule().is_none() || spans_a_day(t));
    let back = format!("clocks go back {}", clock_change(t));
    let tz = schedule.time_zone();
    let nominal = first.nominals[0];
    let early = t.offset_before.to_timestamp(nominal).ok()?;
    let late = t.offset_after.to_timestamp(nominal).ok()?;
    let (a, b) = (abbreviation(tz, early), abbreviation(tz, late));
    let (subject, verb) = if one {
        (times, "occurs")
    } else {
        (times, "occur")
    };
    let action = match schedule.fold() {
        FoldPolicy::First => format!("it runs once, at the first ({a})"),
        FoldPolicy::Second => format!("it runs once, at the second ({b})"),
        FoldPolicy::Both => format!("it runs twice, at both ({a} and {b}), and both count"),
    };
    Some(format!(
        "When {subject} {verb} twice ({when}; {back}), {action}."
    ))
}

/// True for a change of a day or more (Apia skipping 2011-12-30): a
/// one-off that only its dates describe.
fn spans_a_day(t: &Transition) -> bool {
    let secs = (i64::from(t.offset_after.seconds()) - i64::from(t.offset_before.seconds())).abs();
    secs >= 86_400
}

/// `from 02:00 to 03:00`, with the dates when the change is a day or more
/// (`from 2011-12-30 00:00 to 2011-12-31 00:00`): the times alone would
/// read as no change at all.
fn clock_change(t: &Transition) -> String {
    let (a, b) = (t.local_before(), t.local_after());
    if spans_a_day(t) {
        format!(
            "from {} {} to {} {}",
            a.date(),
            hm(a.time()),
            b.date(),
            hm(b.time())
        )
    } else {
        format!("from {} to {}", hm(a.time()), hm(b.time()))
    }
}

fn abbreviation(tz: &TimeZone, at: Timestamp) -> String {
    tz.to_offset_info(at).abbreviation().to_owned()
}

/// The distinct affected times of day, listed or summarized; true when one.
fn affected_times(hits: &[&Hit]) -> (String, bool) {
    let mut times: Vec<Time> = hits
        .iter()
        .flat_map(|h| h.nominals.iter().map(|n| n.time()))
        .collect();
    crate::sort::sort(&mut times);
    times.dedup();
    if times.len() <= 3 {
        let listed: Vec<String> = times.iter().map(|t| hm(*t)).collect();
        return (join_and(&listed), times.len() == 1);
    }
    (
        format!(
            "the times from {} to {}",
            hm(times[0]),
            hm(times[times.len() - 1])
        ),
        false,
    )
}

/// "second Sunday of March" when every affected transition agrees, else the dates.
fn when_phrase(hits: &[&Hit], explicit_dates: bool) -> String {
    let dates: Vec<Date> = {
        let mut d: Vec<Date> = hits.iter().map(|h| h.date).collect();
        d.dedup();
        d
    };
    let list = || {
        let shown: Vec<String> = dates.iter().map(|d| d.to_string()).collect();
        join_and(&shown)
    };
    if explicit_dates {
        // Start and RDATE name their dates; a weekday pattern would overstate.
        return list();
    }
    let same_month = dates.iter().all(|d| d.month() == dates[0].month());
    let same_weekday = dates.iter().all(|d| d.weekday() == dates[0].weekday());
    if same_month && same_weekday {
        let nth = |d: &Date| (i32::from(d.day()) - 1) / 7 + 1;
        let last = |d: &Date| i32::from(d.days_in_month() - d.day()) < 7;
        let weekday = weekday_name(dates[0].weekday());
        let month = month_name(dates[0].month());
        // tz rules name a day in a month's last week "last" (EU: the last
        // Sunday of March), even when it is also the fourth.
        if dates.iter().all(last) {
            return format!("last {weekday} of {month}");
        }
        if dates.iter().all(|d| nth(d) == nth(&dates[0])) {
            return format!("{} {weekday} of {month}", ordinal_word(nth(&dates[0])));
        }
    }
    let shown = list();
    if dates.len() > 4 {
        return format!("{} dates, first {}", dates.len(), dates[0]);
    }
    shown
}

// ---------------------------------------------------------------------------
// Words.

fn hm(t: Time) -> String {
    if t.second() == 0 {
        format!("{:02}:{:02}", t.hour(), t.minute())
    } else {
        format!("{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second())
    }
}

fn weekday_name(w: Weekday) -> &'static str {
    match w {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    }
}

/// 1st, 2nd, 3rd, 4th, 11th, 21st, 31st.
fn day_ordinal(n: i32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// first, second, …, last, second-to-last, 20th, 3rd-to-last.
fn ordinal_word(n: i32) -> String {
    const WORDS: [&str; 5] = ["first", "second", "third", "fourth", "fifth"];
    match n {
        1..=5 => WORDS[(n - 1) as usize].to_owned(),
        -1 => "last".to_owned(),
        -5..=-2 => format!("{}-to-last", WORDS[(-n - 1) as usize]),
        n if n > 0 => day_ordinal(n),
        n => format!("{}-to-last", day_ordinal(-n)),
    }
}

fn join_with(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

fn join_and(items: &[String]) -> String {
    join_with(items, "and")
}

fn join_or(items: &[String]) -> String {
    join_with(items, "or")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn capitalize(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    /// A schedule with a hand-built rule (the parser is tested elsewhere).
    fn with_rule(zone: &str, start: &str, rule: Rule, tweak: impl FnOnce(&mut Spec)) -> Schedule {
        let mut spec = Spec::new(zone, start);
        tweak(&mut spec);
        let mut schedule = Schedule::new(&spec).expect("valid spec");
        schedule.rules = vec![rule];
        schedule
    }

    fn days(list: &[(Option<i8>, Weekday)]) -> Vec<WeekdayNum> {
        list.iter()
            .map(|(nth, weekday)| WeekdayNum {
                nth: *nth,
                weekday: *weekday,
            })
            .collect()
    }

    #[test]
    fn new_york_daily_0230_skip() {
        let rule = Rule {
            count: Some(4),
            ..Rule::new(Frequency::Daily)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-06T02:30",
            rule,
            |_| {},
        ));
        assert_eq!(
            s,
            "Every day at 02:30 in America/New_York, starting 2026-03-06, 4 times. \
             When 02:30 does not exist (second Sunday of March; clocks jump from 02:00 to 03:00), \
             that occurrence is skipped and not counted."
        );
    }

    #[test]
    fn new_york_daily_0230_shift_and_snap() {
        let shift = with_rule(
            "America/New_York",
            "2026-03-06T02:30",
            Rule::new(Frequency::Daily),
            |s| {
                s.gap = GapPolicy::Shift;
            },
        );
        let s = describe(&shift);
        assert!(s.contains("(second Sunday of March;"), "{s}");
        assert!(s.contains("03:30 EDT"), "{s}");
        let snap = with_rule(
            "America/New_York",
            "2026-03-06T02:30",
            Rule::new(Frequency::Daily),
            |s| {
                s.gap = GapPolicy::Snap;
            },
        );
        assert!(describe(&snap).contains("it runs at 03:00 EDT, the moment the clocks change"));
    }

    #[test]
    fn fall_back_fold_policies() {
        for (policy, phrase) in [
            (FoldPolicy::First, "it runs once, at the first (EDT)"),
            (FoldPolicy::Second, "it runs once, at the second (EST)"),
            (FoldPolicy::Both, "it runs twice, at both (EDT and EST)"),
        ] {
            let sch = with_rule(
                "America/New_York",
                "2026-10-01T01:30",
                Rule::new(Frequency::Daily),
                |s| s.fold = policy,
            );
            let s = describe(&sch);
            assert!(
                s.contains("When 01:30 occurs twice (first Sunday of November;"),
                "{s}"
            );
            assert!(s.contains(phrase), "{s}");
            assert!(
                !s.contains("does not exist"),
                "01:30 is never in a gap: {s}"
            );
        }
    }

    #[test]
    fn europe_last_sunday() {
        let sch = with_rule(
            "Europe/Berlin",
            "2026-01-01T02:30",
            Rule::new(Frequency::Daily),
            |_| {},
        );
        let s = describe(&sch);
        assert!(s.contains("(last Sunday of March;"), "{s}");
        assert!(s.contains("(last Sunday of October;"), "{s}");
    }

    #[test]
    fn weekly_monday_never_meets_sunday_transitions() {
        let rule = Rule {
            by_day: days(&[(None, Weekday::Monday)]),
            ..Rule::new(Frequency::Weekly)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-02T02:30",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every Monday at 02:30 in America/New_York, starting 2026-03-02."),
            "{s}"
        );
        assert!(s.contains("do not affect it"), "{s}");
    }

    #[test]
    fn weekly_mo_we_fr_every_two_weeks() {
        use Weekday::*;
        let rule = Rule {
            interval: 2,
            by_day: days(&[(None, Friday), (None, Monday), (None, Wednesday)]),
            ..Rule::new(Frequency::Weekly)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-02T07:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with(
                "Every 2 weeks on Monday, Wednesday and Friday at 07:00 in America/New_York"
            ),
            "{s}"
        );
        let rule = Rule {
            by_day: days(&[(None, Friday), (None, Monday), (None, Wednesday)]),
            ..Rule::new(Frequency::Weekly)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-02T07:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every week on Monday, Wednesday and Friday at 07:00"),
            "{s}"
        );
    }

    #[test]
    fn month_days_with_weekdays_and_mixed_ordinals() {
        let say = |rrule: &str| {
            let json =
                format!(r#"{{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"{rrule}"}}"#);
            describe(&Schedule::from_json(&json).expect("valid spec"))
        };
        assert!(
            say("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR")
                .starts_with("Every month on the 13th that is Friday at 09:00"),
        );
        assert!(
            say("FREQ=MONTHLY;BYMONTHDAY=1,2,3;BYDAY=1MO").starts_with(
                "Every month on the 1st, 2nd and 3rd that is the first Monday at 09:00"
            ),
        );
        assert!(
            say("FREQ=MONTHLY;BYDAY=MO,1FR")
                .starts_with("Every month on every Monday and first Friday at 09:00"),
        );
        assert!(
            say("FREQ=MONTHLY;BYDAY=-1FR").starts_with("Every month on the last Friday at 09:00")
        );
    }

    #[test]
    fn berlin_31st_under_each_policy_and_last_day() {
        for (policy, phrase) in [
            (InvalidDatePolicy::Omit, "that occurrence is omitted"),
            (
                InvalidDatePolicy::Backward,
                "it moves back to the last day of the month",
            ),
            (
                InvalidDatePolicy::Forward,
                "it moves forward to the 1st of the next month",
            ),
        ] {
            let rule = Rule {
                by_month_day: vec![31],
                ..Rule::new(Frequency::Monthly)
            };
            let s = describe(&with_rule("Europe/Berlin", "2026-01-31T09:00", rule, |s| {
                s.invalid_date = policy
            }));
            assert!(
                s.starts_with("Every month on the 31st at 09:00 in Europe/Berlin"),
                "{s}"
            );
            assert!(
                s.contains(
                    "In months without a 31st (February, April, June, September and November), "
                ),
                "{s}"
            );
            assert!(s.contains(phrase), "{s}");
        }
        let rule = Rule {
            by_month_day: vec![-1],
            ..Rule::new(Frequency::Monthly)
        };
        let s = describe(&with_rule(
            "Europe/Berlin",
            "2026-01-31T09:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every month on the last day of the month at 09:00"),
            "{s}"
        );
        assert!(!s.contains("without"), "{s}");
        // A start on the 31st with no BYMONTHDAY takes its day from start.
        let s = describe(&with_rule(
            "Europe/Berlin",
            "2026-01-31T09:00",
            Rule::new(Frequency::Monthly),
            |_| {},
        ));
        assert!(s.starts_with("Every month on the 31st at 09:00"), "{s}");
        assert!(s.contains("In months without a 31st"), "{s}");
    }

    #[test]
    fn ordinals_and_setpos() {
        use Weekday::*;
        let rule = Rule {
            by_day: days(&[(Some(-1), Friday)]),
            ..Rule::new(Frequency::Monthly)
        };
        let s = describe(&with_rule(
            "Europe/Berlin",
            "2026-01-30T17:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every month on the last Friday at 17:00"),
            "{s}"
        );

        let rule = Rule {
            by_day: days(&[(Some(2), Monday)]),
            count: Some(1),
            ..Rule::new(Frequency::Monthly)
        };
        let s = describe(&with_rule(
            "Europe/Berlin",
            "2026-01-12T17:00",
            rule,
            |_| {},
        ));
        assert!(s.starts_with("Every month on the second Monday at 17:00 in Europe/Berlin, starting 2026-01-12, once."), "{s}");

        let rule = Rule {
            by_day: days(&[
                (None, Monday),
                (None, Tuesday),
                (None, Wednesday),
                (None, Thursday),
                (None, Friday),
            ]),
            by_set_pos: vec![-1],
            ..Rule::new(Frequency::Monthly)
        };
        let s = describe(&with_rule(
            "Europe/Berlin",
            "2026-01-30T17:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every month on the last weekday of the month at 17:00"),
            "{s}"
        );
    }

    #[test]
    fn months_bounds_lists_and_year_parts() {
        use Weekday::*;
        let rule = Rule {
            by_month: vec![11],
            by_day: days(&[(Some(4), Thursday)]),
            until: Some(Until::Local("2030-12-01T00:00".parse().unwrap())),
            ..Rule::new(Frequency::Yearly)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-11-26T12:00",
            rule,
            |_| {},
        ));
        assert!(s.starts_with("Every year on the fourth Thursday in November at 12:00 in America/New_York, starting 2026-11-26, until 2030-12-01 00:00."), "{s}");

        let rule = Rule {
            by_hour: vec![7, 19],
            by_minute: vec![0, 30],
            ..Rule::new(Frequency::Daily)
        };
        let s = describe(&with_rule("UTC", "2026-01-01T07:00", rule, |s| {
            s.rdate = vec!["2026-02-01T03:00".into()];
            s.exdate = vec!["2026-01-02T07:00".into(), "2026-01-03T07:00".into()];
        }));
        assert_eq!(
            s,
            "Every day at 07:00, 07:30, 19:00 and 19:30 in UTC, starting 2026-01-01, plus 1 extra date, except 2 dates."
        );

        let rule = Rule {
            by_year_day: vec![1, -1],
            ..Rule::new(Frequency::Yearly)
        };
        let s = describe(&with_rule("UTC", "2026-01-01T00:00", rule, |_| {}));
        assert!(
            s.starts_with("Every year on day 1 and the last day of the year at 00:00"),
            "{s}"
        );

        let rule = Rule {
            by_week_no: vec![20],
            by_day: days(&[(None, Monday)]),
            ..Rule::new(Frequency::Yearly)
        };
        let s = describe(&with_rule("UTC", "2026-05-11T00:00", rule, |_| {}));
        assert!(
            s.starts_with("Every year on Monday in ISO week 20 at 00:00"),
            "{s}"
        );
    }

    #[test]
    fn sub_daily_rules() {
        let rule = Rule {
            interval: 15,
            ..Rule::new(Frequency::Minutely)
        };
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-01T00:00",
            rule,
            |_| {},
        ));
        assert!(
            s.starts_with("Every 15 minutes from 00:00 in America/New_York"),
            "{s}"
        );
        assert!(
            s.contains("When the times from 02:00 to 02:45 do not exist (second Sunday of March;"),
            "{s}"
        );
        let s = describe(&with_rule(
            "America/New_York",
            "2026-03-01T00:30",
            Rule::new(Frequency::Hourly),
            |s| {
                s.fold = FoldPolicy::Both;
            },
        ));
        assert!(
            s.starts_with("Every hour at :30 past the hour in America/New_York"),
            "{s}"
        );
        assert!(
            s.contains("When 01:30 occurs twice (first Sunday of November;"),
            "{s}"
        );
    }

    #[test]
    fn feb_29_yearly() {
        let s = describe(&with_rule(
            "UTC",
            "2028-02-29T09:00",
            Rule::new(Frequency::Yearly),
            |s| {
                s.invalid_date = InvalidDatePolicy::Backward;
            },
        ));
        assert_eq!(
            s,
            "Every year on February 29 at 09:00 in UTC, starting 2028-02-29. \
             In years without February 29, it moves back to the last day of the month."
        );
    }

    #[test]
    fn words() {
        assert_eq!(day_ordinal(1), "1st");
        assert_eq!(day_ordinal(12), "12th");
        assert_eq!(day_ordinal(22), "22nd");
        assert_eq!(day_ordinal(31), "31st");
        assert_eq!(ordinal_word(-2), "second-to-last");
        assert_eq!(ordinal_word(20), "20th");
        assert_eq!(
            join_and(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
