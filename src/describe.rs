//! `describe`: sentences for a schedule, including what happens on days
//! when the clocks change, in the language spoken ([`crate::Lang`]).
//!
//! The first sentence says when the schedule runs (from the validated
//! [`Rule`], the start and the RDATE/EXDATE lists); an invalid-date sentence
//! follows when a requested day of month is missing from some months; the
//! DST sentences come from the planner's notices over the three years after
//! `start`, or after a given instant (deterministic: no clock), which occurrences the zone's real
//! transitions skip, shift or repeat, naming when they happen in the zone's
//! own terms ("second Sunday of March"). Each sentence is a [`Text`] built
//! from those facts; its templates (`src/lang/describe.rs`) put them in
//! each language's order.

use jiff::civil::{Date, DateTime, Time, Weekday};
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp};

use crate::lang::describe as t;
use crate::lang::{Arg, Conj, Lang, Template, Text, notes};
use crate::policy::{FoldPolicy, GapPolicy, InvalidDatePolicy};
use crate::rule::{Frequency, Rule, Until, WeekdayNum};
use crate::spec::Schedule;
use crate::zone::{self, Transition};

/// How far after `start` (or the `from` of [`describe_from`]) clock
/// changes are looked for.
const DST_YEARS: i16 = 3;

/// Most times of day listed before the list is summarized.
const MAX_LISTED_TIMES: usize = 6;

/// Describes a schedule in the language spoken ([`Lang::current`],
/// English unless a surface chose another), e.g. "Every day at 02:30 in
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
/// let _zh = wallclock::Lang::ZhCn.speak();
/// assert!(wallclock::describe(&schedule).starts_with("在America/New_York时区于2026年3月8日02:30执行一次。"));
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

/// The sentences, with the DST ones about the years after `from`, in the
/// language spoken.
fn describe_window(schedule: &Schedule, from: DateTime) -> String {
    let mut sentences = Vec::new();
    let rules = schedule.rules();
    if rules.is_empty() {
        sentences.push(dates_sentence(schedule));
    }
    // Several rules: a sentence each ("Also …" after the first; the date
    // lists with the last), then how their union runs.
    for (i, rule) in rules.iter().enumerate() {
        let sentence = rule_sentence(schedule, rule, i, i + 1 == rules.len());
        sentences.push(match i {
            0 => sentence,
            _ => text(t::ALSO).with("rule", sentence),
        });
        if let Some(s) = invalid_date_sentence(schedule, rule)
            && !sentences.contains(&s)
        {
            sentences.push(s);
        }
    }
    if rules.len() > 1 {
        sentences.push(text(t::UNION));
    }
    sentences.extend(dst_sentences(schedule, from));
    let lang = Lang::current();
    let mut out = String::new();
    for (i, sentence) in sentences.iter().enumerate() {
        if i > 0 {
            out.push_str(lang.sentence_gap());
        }
        sentence.render_into(lang, &mut out);
    }
    capitalize(out)
}

/// A text with no words: an absent clause.
fn none() -> Arg {
    Arg::from("")
}

fn text(template: Template) -> Text {
    Text::new(template)
}

/// Items as a list joined with "and".
fn and<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> Arg {
    Arg::list(items, Conj::And)
}

// ---------------------------------------------------------------------------
// The "when" sentence.

/// When rule `i` (`rule`) runs; the RDATEs and EXDATEs are said with the
/// last rule (`last`).
fn rule_sentence(schedule: &Schedule, rule: &Rule, i: usize, last: bool) -> Text {
    let start = schedule.start();
    let set_pos = set_pos_plan(rule, start);
    let (times, filters) = time_phrase(rule, start, &set_pos);
    let template = match rule.frequency() {
        Frequency::Yearly => t::WHEN_YEARLY,
        Frequency::Hourly => t::WHEN_HOURLY,
        Frequency::Minutely | Frequency::Secondly => t::WHEN_SUB_HOURLY,
        _ => t::WHEN,
    };
    let among = match &set_pos {
        SetPos::Among { positions, period } => Arg::from(
            text(t::AMONG)
                .with("positions", and(positions.iter().map(|p| counted(*p))))
                .with("period", text(*period)),
        ),
        _ => none(),
    };
    let when = text(template)
        .with("frequency", frequency_phrase(rule, start))
        .with(
            "day",
            day_phrase(rule, start, &set_pos).map_or_else(none, Arg::from),
        )
        .with("months", month_phrase(rule).map_or_else(none, Arg::from))
        .with("times", times)
        .with("filters", filters)
        .with("among", among);
    let count = match rule.count() {
        Some(count) => Arg::from(count_phrase(schedule, i, count)),
        None => none(),
    };
    let until = match rule.until() {
        Some(Until::Date(d)) => Arg::from(text(t::UNTIL_DATE).with("date", d)),
        Some(Until::Local(dt)) => Arg::from(text(t::UNTIL_LOCAL).with("at", Arg::DateTime(dt))),
        Some(Until::Utc(ts)) => {
            Arg::from(text(t::UNTIL_UTC).with("at", Arg::DateTime(Offset::UTC.to_datetime(ts))))
        }
        None => none(),
    };
    let extra = schedule
        .rdate()
        .iter()
        .filter(|d| !schedule.exdate().contains(d))
        .count();
    let plus = match extra {
        _ if !last => none(),
        0 => none(),
        n => Arg::from(text(t::PLUS).with("n", n)),
    };
    let except = match schedule.exdate().len() {
        _ if !last => none(),
        0 => none(),
        n => Arg::from(text(t::EXCEPT).with("n", n)),
    };
    text(t::RULE)
        .with("when", when)
        .with("zone", schedule.time_zone_name())
        .with("start", start.date())
        .with("count", count)
        .with("until", until)
        .with("plus", plus)
        .with("except", except)
}

/// `, 4 times`: how often the rule runs, which is COUNT unless occurrences
/// merge (a gap under `shift` moving one onto the next, an invalid date moved
/// onto a generated one) or run twice (a fold under `both` where only one
/// run counts); then the occurrences follow in brackets. RDATEs and EXDATEs
/// are said apart (`plus 2 extra dates`, `except 1 date`).
fn count_phrase(schedule: &Schedule, i: usize, count: u32) -> Text {
    let count = count as usize;
    let runs = rule_runs(schedule, i).unwrap_or(count);
    if runs < count {
        text(t::COUNT_MERGED)
            .with("runs", runs)
            .with("count", count)
            .with("merged", count - runs)
    } else if runs > count {
        text(t::COUNT_TWICE)
            .with("runs", runs)
            .with("count", count)
            .with("twice", runs - count)
    } else {
        text(t::COUNT).with("runs", runs)
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
fn dates_sentence(schedule: &Schedule) -> Text {
    let mut dates: Vec<DateTime> = std::iter::once(schedule.start())
        .chain(schedule.rdate().iter().copied())
        .collect();
    crate::sort::sort(&mut dates);
    dates.dedup();
    dates.retain(|d| !schedule.exdate().contains(d));
    let zone = schedule.time_zone_name();
    match dates.as_slice() {
        [] => text(t::NEVER).with("zone", zone),
        [one] => text(t::ONCE)
            .with("date", one.date())
            .with("time", one.time())
            .with("zone", zone),
        many => {
            let shown: Vec<Arg> = if many.len() <= 5 {
                many.iter().map(|d| Arg::DateTime(*d)).collect()
            } else {
                vec![
                    Arg::DateTime(many[0]),
                    Arg::from(text(t::MORE_DATES).with("n", many.len() - 2)),
                    Arg::DateTime(many[many.len() - 1]),
                ]
            };
            text(t::ON_DATES)
                .with("n", many.len())
                .with("zone", zone)
                .with("dates", and(shown))
        }
    }
}

fn frequency_phrase(rule: &Rule, start: DateTime) -> Text {
    let every = |template| text(template).with("n", rule.interval());
    match rule.frequency() {
        Frequency::Secondly => every(t::EVERY_SECOND),
        Frequency::Minutely => every(t::EVERY_MINUTE),
        Frequency::Hourly => every(t::EVERY_HOUR),
        Frequency::Daily => every(t::EVERY_DAY),
        // The day phrase says which of the week's days BYSETPOS keeps.
        Frequency::Weekly if !rule.by_set_pos().is_empty() && !rule.by_day().is_empty() => {
            every(t::EVERY_WEEK)
        }
        Frequency::Weekly => weekly_phrase(rule, start),
        Frequency::Monthly => every(t::EVERY_MONTH),
        Frequency::Yearly => every(t::EVERY_YEAR),
    }
}

/// A weekly rule's period with its days: `every weekday`, `every Monday
/// and Friday`, `every 2 weeks on Monday, Wednesday and Friday`.
fn weekly_phrase(rule: &Rule, start: DateTime) -> Text {
    let n = rule.interval();
    let plain = rule.by_day().iter().all(|d| d.nth.is_none());
    if n == 1 && plain && is_weekdays(rule.by_day()) {
        return text(t::EVERY_WEEKDAY);
    }
    let days: Vec<Weekday> = if rule.by_day().is_empty() {
        vec![start.weekday()]
    } else if n == 1 && plain && rule.by_day().len() <= 2 {
        rule.by_day().iter().map(|d| d.weekday).collect()
    } else {
        weekday_list(rule)
    };
    let days = and(days.into_iter().map(Arg::WeekdayShort));
    if n == 1 && plain && rule.by_day().len() <= 2 {
        return text(t::EVERY_DAYS).with("days", days);
    }
    text(t::EVERY_WEEK_ON)
        .with("every", text(t::EVERY_WEEK).with("n", n))
        .with("days", days)
}

fn is_weekdays(days: &[WeekdayNum]) -> bool {
    use Weekday::*;
    days.len() == 5
        && [Monday, Tuesday, Wednesday, Thursday, Friday]
            .iter()
            .all(|w| days.iter().any(|d| d.weekday == *w))
}

/// The rule's BYDAY weekdays in week order starting at WKST, as people
/// read a week.
fn weekday_list(rule: &Rule) -> Vec<Weekday> {
    let mut days = rule.by_day().to_vec();
    let wkst = rule.week_start().to_monday_zero_offset();
    crate::sort::sort_by_key(&mut days, |d| {
        (
            (d.weekday.to_monday_zero_offset() - wkst).rem_euclid(7),
            d.nth,
        )
    });
    days.iter().map(|d| d.weekday).collect()
}

/// The day part for DAILY and longer periods (`on the last Friday`), and the
/// weekday/day filters of sub-daily rules.
fn day_phrase(rule: &Rule, start: DateTime, set_pos: &SetPos) -> Option<Text> {
    if let SetPos::Days { days, .. } = set_pos {
        return Some(set_pos_days_phrase(rule, days));
    }
    let freq = rule.frequency();
    let mut month_days = None;
    if !rule.by_month_day().is_empty() {
        month_days = Some(text(t::MONTH_DAYS).with("days", month_days_list(rule.by_month_day())));
    }
    let mut by_day = None;
    if !rule.by_day().is_empty() && freq != Frequency::Weekly {
        let (on, days) = by_day_phrase(rule);
        by_day = Some(match month_days.take() {
            // Both given: a day must satisfy both (RFC 5545 limit).
            // "on the 13th that is Friday" ("that is on" read badly).
            Some(_) => text(t::MONTH_DAYS_ON_WEEKDAYS)
                .with("days", month_days_list(rule.by_month_day()))
                .with("weekdays", days),
            None => text(on).with("days", days),
        });
    }
    let year_days = (!rule.by_year_day().is_empty()).then(|| year_days_phrase(rule));
    let week_no = (!rule.by_week_no().is_empty()).then(|| week_no_phrase(rule, start));
    if month_days.is_some() || by_day.is_some() || year_days.is_some() || week_no.is_some() {
        let part = |p: Option<Text>| p.map_or_else(none, Arg::from);
        return Some(
            text(t::DAY_PARTS)
                .with("month_days", part(month_days))
                .with("by_day", part(by_day))
                .with("year_days", part(year_days))
                .with("week_no", part(week_no)),
        );
    }
    // Nothing given: RFC 5545 takes the day from DTSTART.
    let day = || Arg::Day(i32::from(start.day()));
    match freq {
        Frequency::Monthly => Some(text(t::START_DAY).with("day", day())),
        Frequency::Yearly if rule.by_month().is_empty() => Some(
            text(t::START_MONTH_DAY)
                .with("month", Arg::Month(start.month()))
                .with("day", i32::from(start.day())),
        ),
        Frequency::Yearly => Some(text(t::START_DAY).with("day", day())),
        _ => None,
    }
}

/// The day part when BYSETPOS picks days: `on the last weekday of the month`.
fn set_pos_days_phrase(rule: &Rule, days: &[i32]) -> Text {
    let freq = rule.frequency();
    let of = match freq {
        Frequency::Weekly => t::OF_WEEK,
        Frequency::Monthly => t::OF_MONTH,
        Frequency::Yearly if rule.by_month().is_empty() => t::OF_YEAR,
        // BYSETPOS picks days only of weeks, months and years (`set_pos_plan`).
        _ => t::OF_MONTH,
    };
    let among = if !rule.by_month_day().is_empty() && !rule.by_day().is_empty() {
        Arg::from(text(t::SET_AMONG_MONTH_DAYS).with("days", month_days_list(rule.by_month_day())))
    } else {
        none()
    };
    let plain = rule.by_day().iter().all(|d| d.nth.is_none()) && !rule.by_day().is_empty();
    // BYSETPOS picks from the set the other parts make in each period.
    if plain && let [one] = rule.by_day() {
        return text(t::SET_POSITIONS_OF_WEEKDAY)
            .with("positions", and(days.iter().map(|p| counted(*p))))
            .with("weekday", Arg::Weekday(one.weekday))
            .with("of", text(of))
            .with("among", among);
    }
    let set = if !plain {
        text(t::SET_MATCHING)
    } else if is_weekdays(rule.by_day()) {
        text(t::SET_WEEKDAYS)
    } else if is_weekend(rule.by_day()) {
        text(t::SET_WEEKEND)
    } else {
        let names = rule.by_day().iter().map(|d| Arg::Weekday(d.weekday));
        text(t::SET_WHICHEVER).with("days", Arg::list(names, Conj::Or))
    };
    let positions = days
        .iter()
        .map(|p| text(t::NTH_OF_SET).with("nth", Arg::Ordinal(*p)));
    text(t::SET_POSITIONS)
        .with("positions", and(positions))
        .with("set", set)
        .with("of", text(of))
        .with("among", among)
}

/// `first`, `last` with the measure word Chinese counts them with.
fn counted(position: i32) -> Text {
    text(t::NTH_COUNTED).with("nth", Arg::Ordinal(position))
}

/// BYDAY for MONTHLY and longer or sub-weekly periods: how it joins the
/// sentence, and the days (`the first Friday`, `weekdays`).
fn by_day_phrase(rule: &Rule) -> (Template, Text) {
    let freq = rule.frequency();
    let in_month =
        freq == Frequency::Monthly || (freq == Frequency::Yearly && !rule.by_month().is_empty());
    let of_year = !in_month && freq == Frequency::Yearly;
    if rule.by_day().iter().any(|d| d.nth.is_some()) {
        let items: Vec<Text> = rule
            .by_day()
            .iter()
            .map(|d| match d.nth {
                Some(n) => text(t::NTH_WEEKDAY)
                    .with("nth", Arg::Ordinal(i32::from(n)))
                    .with("weekday", Arg::Weekday(d.weekday)),
                None => text(t::EVERY_WEEKDAY_ITEM).with("weekday", Arg::Weekday(d.weekday)),
            })
            .collect();
        // "on every Monday and the first Friday", "on the first Friday".
        let every_first = rule.by_day().first().is_some_and(|d| d.nth.is_none());
        let days = match (every_first, of_year) {
            (false, false) => t::NTH_WEEKDAYS,
            (false, true) => t::NTH_WEEKDAYS_OF_YEAR,
            (true, false) => t::EVERY_AND_NTH_WEEKDAYS,
            (true, true) => t::EVERY_AND_NTH_WEEKDAYS_OF_YEAR,
        };
        return (t::ON_NTH, text(days).with("items", and(items)));
    }
    if is_weekdays(rule.by_day()) {
        return (t::ON_PLAIN, text(t::WEEKDAYS));
    }
    let days = weekday_list(rule).into_iter().map(Arg::WeekdayShort);
    (
        t::ON_PLAIN,
        text(t::EVERY_AND_NTH_WEEKDAYS).with("items", and(days)),
    )
}

/// `on day 100 and the last day of the year`.
fn year_days_phrase(rule: &Rule) -> Text {
    let days = rule.by_year_day().iter().map(|d| {
        if *d < 0 {
            text(t::YEAR_DAY_FROM_END).with("nth", Arg::Ordinal(i32::from(*d)))
        } else {
            text(t::YEAR_DAY).with("n", i32::from(*d))
        }
    });
    text(t::YEAR_DAYS).with("days", and(days))
}

/// `in ISO week 20`, with start's weekday when no other part names the day.
fn week_no_phrase(rule: &Rule, start: DateTime) -> Text {
    let weeks = rule.by_week_no().iter().map(|w| match *w {
        w if w < 0 => text(t::WEEK_FROM_END).with("nth", Arg::Ordinal(i32::from(w))),
        w => text(t::WEEK_NUMBER).with("n", i32::from(w)),
    });
    let mut phrase = text(t::WEEK_NUMBERS)
        .with("n", rule.by_week_no().len())
        .with("weeks", and(weeks));
    if rule.by_day().is_empty() && rule.by_month_day().is_empty() && rule.by_year_day().is_empty() {
        phrase = text(t::WEEK_NUMBERS_ON)
            .with("weeks", phrase)
            .with("weekday", Arg::Weekday(start.weekday()));
    }
    phrase
}

fn is_weekend(days: &[WeekdayNum]) -> bool {
    days.len() == 2
        && days.iter().any(|d| d.weekday == Weekday::Saturday)
        && days.iter().any(|d| d.weekday == Weekday::Sunday)
}

/// `13th`, `1st and last day of the month`: the positive days in the
/// rule's order, then the ones counted from the end, nearest first.
fn month_days_list(days: &[i8]) -> Arg {
    let mut neg: Vec<i8> = days.iter().copied().filter(|d| *d < 0).collect();
    crate::sort::sort_by(&mut neg, |a, b| a > b);
    let pos = days
        .iter()
        .filter(|d| **d > 0)
        .map(|d| Arg::Day(i32::from(*d)));
    let neg = neg
        .into_iter()
        .map(|d| Arg::from(text(t::NEGATIVE_MONTH_DAY).with("nth", Arg::Ordinal(i32::from(d)))));
    and(pos.chain(neg))
}

fn month_phrase(rule: &Rule) -> Option<Text> {
    if rule.by_month().is_empty() {
        return None;
    }
    let months = rule.by_month().iter().map(|m| Arg::Month(*m as i8));
    Some(text(t::MONTHS).with("months", and(months)))
}

/// The times of day (`at 07:00`, `at 07:00 and 19:00`, `at :15 past the
/// hour`), and what filters them (`, during hours 09 and 17`).
fn time_phrase(rule: &Rule, start: DateTime, set_pos: &SetPos) -> (Text, Arg) {
    match rule.frequency() {
        Frequency::Daily | Frequency::Weekly | Frequency::Monthly | Frequency::Yearly => {
            let times = match set_pos {
                SetPos::Times(times) | SetPos::Days { times, .. } => times.clone(),
                _ => times_of_day(rule, start),
            };
            (list_times(&times), none())
        }
        Frequency::Hourly => {
            let minutes = or_start(rule.by_minute(), start.minute());
            let seconds = or_start(rule.by_second(), start.second());
            let mut marks = Vec::new();
            for m in &minutes {
                for sec in &seconds {
                    let mark = if *sec == 0 {
                        text(t::MINUTE_MARK)
                    } else {
                        text(t::MINUTE_SECOND_MARK).with("s", two_digits(*sec))
                    };
                    marks.push(mark.with("m", two_digits(*m)));
                }
            }
            let mut filters = Vec::new();
            filters.extend(hours_filter(rule));
            if rule.interval() > 1 && rule.by_hour().is_empty() {
                filters.push(text(t::FROM_START).with("time", start.time()));
            }
            (
                text(t::PAST_THE_HOUR).with("minutes", and(marks)),
                filter_list(filters),
            )
        }
        Frequency::Minutely | Frequency::Secondly => {
            let mut filters = Vec::new();
            if !rule.by_minute().is_empty() {
                let marks = rule
                    .by_minute()
                    .iter()
                    .map(|m| text(t::MINUTE_MARK).with("m", two_digits(*m)));
                filters.push(text(t::ONLY_MINUTES).with("minutes", and(marks)));
            }
            if !rule.by_second().is_empty() {
                let seconds = rule
                    .by_second()
                    .iter()
                    .map(|s| text(t::SECOND_MARK).with("s", i32::from(*s)));
                let seconds = and(seconds);
                // SECONDLY: BYSECOND filters; MINUTELY: it expands each minute.
                let template = if rule.frequency() == Frequency::Secondly {
                    t::ONLY_SECONDS
                } else {
                    t::SECONDS_OF_MINUTE
                };
                filters.push(text(template).with("seconds", seconds));
            }
            filters.extend(hours_filter(rule));
            (
                text(t::FROM_TIME).with("time", start.time()),
                filter_list(filters),
            )
        }
    }
}

/// Filters one after the other, each with its own comma or bracket.
fn filter_list(filters: Vec<Text>) -> Arg {
    Arg::List(filters.into_iter().map(Arg::from).collect(), Conj::None)
}

/// `07`, `15`: a minute, second or hour as a clock shows it.
fn two_digits(n: u8) -> String {
    format!("{n:02}")
}

fn hours_filter(rule: &Rule) -> Option<Text> {
    if rule.by_hour().is_empty() {
        return None;
    }
    let hours = rule
        .by_hour()
        .iter()
        .map(|h| text(t::HOUR_MARK).with("h", two_digits(*h)));
    Some(
        text(t::DURING_HOURS)
            .with("n", rule.by_hour().len())
            .with("hours", and(hours)),
    )
}

fn or_start(list: &[u8], from_start: i8) -> Vec<u8> {
    if list.is_empty() {
        vec![from_start as u8]
    } else {
        list.to_vec()
    }
}

fn list_times(times: &[Time]) -> Text {
    if times.len() <= MAX_LISTED_TIMES {
        return text(t::AT_TIMES).with("times", and(times.iter().map(|t| Arg::Time(*t))));
    }
    text(t::AT_MANY_TIMES)
        .with("n", times.len())
        .with("first", times[0])
        .with("last", times[times.len() - 1])
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
    /// Picks differ in time from day to day: these positions among the
    /// period's times.
    Among {
        positions: Vec<i32>,
        period: Template,
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
        Frequency::Secondly => t::OF_SECOND,
        Frequency::Minutely => t::OF_MINUTE,
        Frequency::Hourly => t::OF_HOUR,
        Frequency::Daily => t::OF_DAY,
        Frequency::Weekly => t::OF_WEEK,
        Frequency::Monthly => t::OF_MONTH,
        _ => t::OF_YEAR,
    };
    let mut positions: Vec<i32> = rule.by_set_pos().iter().map(|p| i32::from(*p)).collect();
    reading_order(&mut positions);
    SetPos::Among { positions, period }
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

fn invalid_date_sentence(schedule: &Schedule, rule: &Rule) -> Option<Text> {
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
    let action = match schedule.invalid_date() {
        InvalidDatePolicy::Omit => t::OMITTED,
        InvalidDatePolicy::Backward => t::MOVED_BACK,
        InvalidDatePolicy::Forward => t::MOVED_FORWARD,
    };
    Some(
        text(t::INVALID_DATE)
            .with("what", short_months(freq, &months, day)?)
            .with("action", text(action)),
    )
}

/// The months some of whose years lack `day`: `months without a 31st
/// (February, April, June, September and November)`, `February of common
/// years`; `None` when every month has it.
fn short_months(freq: Frequency, months: &[i8], day: i8) -> Option<Text> {
    // Longest length of each month (February: 29, leap years).
    let max_len =
        |m: i8| -> i8 { [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(m - 1) as usize] };
    let short: Vec<i8> = months
        .iter()
        .copied()
        .filter(|m| max_len(*m) < day)
        .collect();
    let feb_29 = day == 29 && months.contains(&2);
    if !short.is_empty() {
        let which = if short.len() == months.len() && months.len() > 1 {
            text(t::MONTHS_WITHOUT)
        } else {
            text(t::MONTHS_WITHOUT_LISTED).with("months", and(short.into_iter().map(Arg::Month)))
        };
        // A day that some month lacks is past the 29th, so February 29
        // is never among them.
        return Some(which.with("day", Arg::Day(i32::from(day))));
    }
    if !feb_29 {
        return None;
    }
    Some(if freq == Frequency::Yearly && months == [2] {
        text(t::YEARS_WITHOUT_FEB_29)
    } else {
        text(t::COMMON_FEBRUARY)
    })
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

fn dst_sentences(schedule: &Schedule, start: DateTime) -> Vec<Text> {
    let tz = schedule.time_zone();
    let Some((from, to)) = dst_window(tz, start) else {
        return Vec::new();
    };
    if let Some(empty) = empty_window_sentence(schedule, start, from, to) {
        return vec![empty];
    }
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
        out.push(
            text(t::UNAFFECTED)
                .with("zone", schedule.time_zone_name())
                .with("years", i32::from(DST_YEARS))
                .with("date", start.date()),
        );
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

/// "It has no occurrence in the 3 years after …", when no entry falls
/// between `from` and `to`, the window [`dst_window`] looks for clock
/// changes in (a schedule described from after its end, or whose next
/// occurrence is years away): saying that clock changes do not affect it
/// there would hide it. An occurrence a gap skips is an entry, and the
/// window begins two days before `start` (which, for a start in a gap,
/// is the time after the gap): the sentences about the gap say why it
/// does not run. `None` when one falls there, or when finding out passes
/// a ceiling.
fn empty_window_sentence(
    schedule: &Schedule,
    start: DateTime,
    from: Timestamp,
    to: Timestamp,
) -> Option<Text> {
    use crate::plan::{ExpandOptions, expand};
    let window = ExpandOptions::new().from(from).to(to).limit(1);
    if !expand(schedule, &window).ok()?.entries().is_empty() {
        return None;
    }
    Some(
        text(t::NO_OCCURRENCE)
            .with("years", i32::from(DST_YEARS))
            .with("date", start.date()),
    )
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

fn gap_sentence(schedule: &Schedule, hits: &[&Hit]) -> Option<Text> {
    let first = hits.first()?;
    let t = &first.transition;
    let tz = schedule.time_zone();
    let action = match schedule.gap() {
        GapPolicy::Skip if schedule.rules().iter().any(|r| r.count().is_some()) => {
            text(t::SKIPPED_NOT_COUNTED)
        }
        GapPolicy::Skip => text(t::SKIPPED),
        GapPolicy::Shift => {
            let instant = t.offset_before.to_timestamp(first.nominals[0]).ok()?;
            let wall = t.offset_after.to_datetime(instant);
            text(t::SHIFTED).with("at", wall_text(tz, wall.time(), instant, t.offset_after))
        }
        GapPolicy::Snap => text(t::SNAPPED).with(
            "at",
            wall_text(tz, t.local_after().time(), t.instant, t.offset_after),
        ),
    };
    Some(change_sentence(t::GAP, schedule, hits, action))
}

fn fold_sentence(schedule: &Schedule, hits: &[&Hit]) -> Option<Text> {
    let first = hits.first()?;
    let t = &first.transition;
    let tz = schedule.time_zone();
    let nominal = first.nominals[0];
    let early = t.offset_before.to_timestamp(nominal).ok()?;
    let late = t.offset_after.to_timestamp(nominal).ok()?;
    let zone_name = |at, offset| {
        text(t::ZONE_NAME)
            .with("abbr", abbreviation(tz, at))
            .with("offset", Arg::Offset(offset))
    };
    let (a, b) = (
        zone_name(early, t.offset_before),
        zone_name(late, t.offset_after),
    );
    let action = match schedule.fold() {
        FoldPolicy::First => text(t::FOLD_FIRST).with("a", a),
        FoldPolicy::Second => text(t::FOLD_SECOND).with("b", b),
        FoldPolicy::Both => text(t::FOLD_BOTH).with("a", a).with("b", b),
    };
    Some(change_sentence(t::FOLD, schedule, hits, action))
}

/// A gap's or a fold's sentence: which times, when, the clock change and
/// what the policy does with them.
fn change_sentence(template: Template, schedule: &Schedule, hits: &[&Hit], action: Text) -> Text {
    let t = &hits[0].transition;
    let (subject, one) = affected_times(hits);
    let when = when_phrase(hits, schedule.rule().is_none() || spans_a_day(t));
    let (from, to) = clock_change(t);
    text(template)
        .with("subject", subject)
        .with("one", if one { 1 } else { 2 })
        .with("when", when)
        .with("from", from)
        .with("to", to)
        .with("action", action)
}

/// A time on the clock with the zone's name for its offset there: `03:30
/// EDT`, `03:30（UTC−4）`.
fn wall_text(tz: &TimeZone, time: Time, at: Timestamp, offset: Offset) -> Text {
    Text::new(notes::WALL)
        .with("time", time)
        .with("abbr", abbreviation(tz, at))
        .with("offset", Arg::Offset(offset))
}

/// True for a change of a day or more (Apia skipping 2011-12-30): a
/// one-off that only its dates describe.
fn spans_a_day(t: &Transition) -> bool {
    let secs = (i64::from(t.offset_after.seconds()) - i64::from(t.offset_before.seconds())).abs();
    secs >= 86_400
}

/// The clock before and after the change: `02:00` and `03:00`, with the
/// dates when the change is a day or more (`2011-12-30 00:00` and
/// `2011-12-31 00:00`): the times alone would read as no change at all.
fn clock_change(t: &Transition) -> (Arg, Arg) {
    let (a, b) = (t.local_before(), t.local_after());
    if spans_a_day(t) {
        (Arg::DateTime(a), Arg::DateTime(b))
    } else {
        (Arg::Time(a.time()), Arg::Time(b.time()))
    }
}

fn abbreviation(tz: &TimeZone, at: Timestamp) -> String {
    tz.to_offset_info(at).abbreviation().to_owned()
}

/// The distinct affected times of day, listed or summarized; true when one.
fn affected_times(hits: &[&Hit]) -> (Arg, bool) {
    let mut times: Vec<Time> = hits
        .iter()
        .flat_map(|h| h.nominals.iter().map(|n| n.time()))
        .collect();
    crate::sort::sort(&mut times);
    times.dedup();
    if times.len() <= 3 {
        let one = times.len() == 1;
        return (and(times.into_iter().map(Arg::Time)), one);
    }
    let range = text(t::TIMES_FROM_TO)
        .with("first", times[0])
        .with("last", times[times.len() - 1]);
    (Arg::from(range), false)
}

/// "second Sunday of March" when every affected transition agrees, else the dates.
fn when_phrase(hits: &[&Hit], explicit_dates: bool) -> Arg {
    let dates: Vec<Date> = {
        let mut d: Vec<Date> = hits.iter().map(|h| h.date).collect();
        d.dedup();
        d
    };
    let list = || and(dates.iter().copied());
    if explicit_dates {
        // Start and RDATE name their dates; a weekday pattern would overstate.
        return list();
    }
    let same_month = dates.iter().all(|d| d.month() == dates[0].month());
    let same_weekday = dates.iter().all(|d| d.weekday() == dates[0].weekday());
    if same_month && same_weekday {
        let nth = |d: &Date| (i32::from(d.day()) - 1) / 7 + 1;
        let last = |d: &Date| i32::from(d.days_in_month() - d.day()) < 7;
        // tz rules name a day in a month's last week "last" (EU: the last
        // Sunday of March), even when it is also the fourth.
        let position = if dates.iter().all(last) {
            Some(-1)
        } else if dates.iter().all(|d| nth(d) == nth(&dates[0])) {
            Some(nth(&dates[0]))
        } else {
            None
        };
        if let Some(position) = position {
            return Arg::from(
                text(t::NTH_WEEKDAY_OF_MONTH)
                    .with("nth", Arg::Ordinal(position))
                    .with("weekday", Arg::Weekday(dates[0].weekday()))
                    .with("month", Arg::Month(dates[0].month())),
            );
        }
    }
    if dates.len() > 4 {
        return Arg::from(
            text(t::MANY_DATES)
                .with("n", dates.len())
                .with("first", dates[0]),
        );
    }
    list()
}

/// The first letter in upper case (English sentences start with the
/// rule's lowercase period).
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
    fn many_clock_change_dates_are_summarized() {
        // No zone has this many in three years (tests/sentences.rs): built here.
        let transition = Transition {
            instant: "2026-03-08T07:00:00Z".parse().unwrap(),
            offset_before: Offset::from_seconds(-5 * 3600).unwrap(),
            offset_after: Offset::from_seconds(-4 * 3600).unwrap(),
        };
        let hits: Vec<Hit> = [
            "2026-01-04",
            "2026-03-08",
            "2026-05-10",
            "2026-07-12",
            "2026-09-13",
        ]
        .iter()
        .map(|d| Hit {
            transition: transition.clone(),
            date: d.parse().unwrap(),
            nominals: Vec::new(),
        })
        .collect();
        let hits: Vec<&Hit> = hits.iter().collect();
        let Arg::Text(when) = when_phrase(&hits, false) else {
            panic!("five dates are summarized in a sentence");
        };
        assert_eq!(when.render(Lang::En), "5 dates, first 2026-01-04");
        assert_eq!(when.render(Lang::ZhCn), "5个日期（首个为2026年1月4日）");
        assert_eq!(when.render(Lang::ZhTw), "5個日期（首個為2026年1月4日）");
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
}
