//! Unit tests for the expander: one or more per row of the table in the
//! module docs, plus BYSETPOS, WKST, invalid dates, the reorder buffer, the
//! budget and the end of the calendar.

use jiff::civil::{Date, DateTime, Weekday};

use super::{Candidate, Expander, RequestedDate};
use crate::policy::InvalidDatePolicy;
use crate::rule::{Frequency, Rule, Until, WeekdayNum};

const BUDGET: u64 = 5_000_000;

fn dt(s: &str) -> DateTime {
    s.parse().unwrap()
}

fn day(w: Weekday) -> WeekdayNum {
    WeekdayNum {
        nth: None,
        weekday: w,
    }
}

fn nth(n: i8, w: Weekday) -> WeekdayNum {
    WeekdayNum {
        nth: Some(n),
        weekday: w,
    }
}

fn expander(rule: &Rule, start: &str, invalid: InvalidDatePolicy) -> Expander {
    Expander::new(rule, dt(start), invalid, BUDGET)
}

/// The first `n` nominals, formatted `YYYY-MM-DDTHH:MM:SS`.
fn take(rule: &Rule, start: &str, n: usize) -> Vec<String> {
    take_with(rule, start, InvalidDatePolicy::Omit, n)
}

fn take_with(rule: &Rule, start: &str, invalid: InvalidDatePolicy, n: usize) -> Vec<String> {
    expander(rule, start, invalid)
        .take(n)
        .map(|c| c.nominal.to_string())
        .collect()
}

fn days(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| dt(s).to_string()).collect()
}

// --- defaults from start (row 10) ---

#[test]
fn daily_without_parts_repeats_start_time() {
    let r = Rule::new(Frequency::Daily);
    assert_eq!(
        take(&r, "2026-02-27T09:30:15", 3),
        days(&[
            "2026-02-27T09:30:15",
            "2026-02-28T09:30:15",
            "2026-03-01T09:30:15"
        ])
    );
}

#[test]
fn weekly_without_byday_uses_start_weekday() {
    let r = Rule {
        interval: 2,
        ..Rule::new(Frequency::Weekly)
    };
    assert_eq!(
        take(&r, "2026-01-07T08:00", 3),
        days(&["2026-01-07T08:00", "2026-01-21T08:00", "2026-02-04T08:00"])
    );
}

#[test]
fn yearly_without_parts_uses_start_month_and_day() {
    let r = Rule::new(Frequency::Yearly);
    assert_eq!(
        take(&r, "2026-07-04T12:00", 2),
        days(&["2026-07-04T12:00", "2027-07-04T12:00"])
    );
}

#[test]
fn start_is_not_forced_in() {
    let r = Rule {
        by_day: vec![day(Weekday::Monday)],
        ..Rule::new(Frequency::Weekly)
    };
    // 2026-01-07 is a Wednesday.
    assert_eq!(
        take(&r, "2026-01-07T08:00", 2),
        days(&["2026-01-12T08:00", "2026-01-19T08:00"])
    );
}

// --- row 1: BYMONTH ---

#[test]
fn bymonth_limits_daily() {
    let r = Rule {
        by_month: vec![3],
        ..Rule::new(Frequency::Daily)
    };
    let out = take(&r, "2026-02-27T09:00", 2);
    assert_eq!(out, days(&["2026-03-01T09:00", "2026-03-02T09:00"]));
    let out = take(&r, "2026-03-30T09:00", 3);
    assert_eq!(
        out,
        days(&["2026-03-30T09:00", "2026-03-31T09:00", "2027-03-01T09:00"])
    );
}

#[test]
fn bymonth_expands_yearly() {
    let r = Rule {
        by_month: vec![1, 6],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2026-01-15T09:00", 3),
        days(&["2026-01-15T09:00", "2026-06-15T09:00", "2027-01-15T09:00"])
    );
}

#[test]
fn bymonth_limits_weekly_and_monthly_and_hourly() {
    let r = Rule {
        by_month: vec![2],
        ..Rule::new(Frequency::Weekly)
    };
    assert_eq!(
        take(&r, "2026-01-26T09:00", 2),
        days(&["2026-02-02T09:00", "2026-02-09T09:00"])
    );
    let r = Rule {
        by_month: vec![2, 4],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(
        take(&r, "2026-01-10T09:00", 3),
        days(&["2026-02-10T09:00", "2026-04-10T09:00", "2027-02-10T09:00"])
    );
    let r = Rule {
        interval: 5,
        by_month: vec![2],
        ..Rule::new(Frequency::Hourly)
    };
    // Jan 31 has hours 00, 05, 10, 15, 20, so Feb 1 starts at 01:00.
    assert_eq!(
        take(&r, "2026-01-31T00:00", 2),
        days(&["2026-02-01T01:00", "2026-02-01T06:00"])
    );
}

// --- row 2: BYWEEKNO ---

#[test]
fn byweekno_expands_yearly_across_year_ends() {
    // ISO week 1 of 2026 runs from Mon 2025-12-29 to Sun 2026-01-04.
    let r = Rule {
        by_week_no: vec![1],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2025-01-01T10:00", 9),
        days(&[
            "2025-01-01T10:00",
            "2025-01-02T10:00",
            "2025-01-03T10:00",
            "2025-01-04T10:00",
            "2025-01-05T10:00",
            "2025-12-29T10:00",
            "2025-12-30T10:00",
            "2025-12-31T10:00",
            "2026-01-01T10:00",
        ])
    );
}

#[test]
fn byweekno_53_only_in_long_years_and_negative_counts_back() {
    let r = Rule {
        by_week_no: vec![53],
        by_day: vec![day(Weekday::Monday)],
        ..Rule::new(Frequency::Yearly)
    };
    // 2020 and 2026 have 53 ISO weeks; 2021..2025 do not.
    assert_eq!(
        take(&r, "2020-01-01T00:00", 2),
        days(&["2020-12-28T00:00", "2026-12-28T00:00"])
    );
    let r = Rule {
        by_week_no: vec![-1],
        by_day: vec![day(Weekday::Monday)],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2025-01-01T00:00", 2),
        days(&["2025-12-22T00:00", "2026-12-28T00:00"])
    );
}

#[test]
fn byweekno_follows_wkst() {
    // Jan 1 2027 is a Friday. Weeks from Monday: Dec 28 – Jan 3 holds only
    // three days of 2027, so week 1 is Jan 4–10. Weeks from Sunday: week 1
    // is Jan 3–9.
    let mo = Rule {
        by_week_no: vec![1],
        by_day: vec![day(Weekday::Sunday)],
        ..Rule::new(Frequency::Yearly)
    };
    let su = Rule {
        wkst: Weekday::Sunday,
        ..mo.clone()
    };
    assert_eq!(
        take(&mo, "2026-06-01T00:00", 1),
        days(&["2027-01-10T00:00"])
    );
    assert_eq!(
        take(&su, "2026-06-01T00:00", 1),
        days(&["2027-01-03T00:00"])
    );
}

// --- row 3: BYYEARDAY ---

#[test]
fn byyearday_expands_yearly_and_366_needs_a_leap_year() {
    let r = Rule {
        by_year_day: vec![1, 366, -1],
        ..Rule::new(Frequency::Yearly)
    };
    for policy in InvalidDatePolicy::ALL {
        assert_eq!(
            take_with(&r, "2027-01-01T00:00", *policy, 5),
            days(&[
                "2027-01-01T00:00",
                "2027-12-31T00:00",
                "2028-01-01T00:00",
                "2028-12-31T00:00",
                "2029-01-01T00:00"
            ])
        );
    }
}

#[test]
fn byyearday_limits_hourly() {
    let r = Rule {
        interval: 12,
        by_year_day: vec![2],
        ..Rule::new(Frequency::Hourly)
    };
    assert_eq!(
        take(&r, "2026-01-01T06:00", 3),
        days(&["2026-01-02T06:00", "2026-01-02T18:00", "2027-01-02T06:00"])
    );
}

// --- row 4: BYMONTHDAY ---

#[test]
fn bymonthday_expands_monthly_with_negatives() {
    let r = Rule {
        by_month_day: vec![-1, 1],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 4),
        days(&[
            "2026-01-01T00:00",
            "2026-01-31T00:00",
            "2026-02-01T00:00",
            "2026-02-28T00:00"
        ])
    );
}

#[test]
fn bymonthday_limits_daily() {
    let r = Rule {
        by_month_day: vec![31],
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 3),
        days(&["2026-01-31T00:00", "2026-03-31T00:00", "2026-05-31T00:00"])
    );
}

#[test]
fn bymonthday_expands_yearly_within_bymonth() {
    let r = Rule {
        by_month: vec![2],
        by_month_day: vec![1, -1],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2027-01-01T00:00", 4),
        days(&[
            "2027-02-01T00:00",
            "2027-02-28T00:00",
            "2028-02-01T00:00",
            "2028-02-29T00:00"
        ])
    );
}

// --- row 5: BYDAY ---

#[test]
fn byday_expands_weekly_and_limits_daily() {
    let r = Rule {
        by_day: vec![day(Weekday::Friday), day(Weekday::Monday)],
        ..Rule::new(Frequency::Weekly)
    };
    assert_eq!(
        take(&r, "2026-01-05T09:00", 3),
        days(&["2026-01-05T09:00", "2026-01-09T09:00", "2026-01-12T09:00"])
    );
    let r = Rule {
        interval: 3,
        by_day: vec![day(Weekday::Monday)],
        ..Rule::new(Frequency::Daily)
    };
    // Every third day from Thu Jan 1: Mondays among them are 21 days apart.
    assert_eq!(
        take(&r, "2026-01-01T09:00", 2),
        days(&["2026-01-19T09:00", "2026-02-09T09:00"])
    );
}

#[test]
fn byday_ordinals_count_in_month_for_monthly_and_in_year_for_yearly() {
    let r = Rule {
        by_day: vec![nth(-1, Weekday::Friday), nth(1, Weekday::Monday)],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 3),
        days(&["2026-01-05T00:00", "2026-01-30T00:00", "2026-02-02T00:00"])
    );
    let r = Rule {
        by_day: vec![nth(-1, Weekday::Friday)],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2026-12-25T00:00", "2027-12-31T00:00"])
    );
    let r = Rule {
        by_month: vec![3],
        by_day: vec![nth(1, Weekday::Friday)],
        ..Rule::new(Frequency::Yearly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2026-03-06T00:00", "2027-03-05T00:00"])
    );
}

#[test]
fn fifth_weekday_is_not_generated_in_a_four_week_month() {
    let r = Rule {
        by_day: vec![nth(5, Weekday::Monday)],
        ..Rule::new(Frequency::Monthly)
    };
    for policy in InvalidDatePolicy::ALL {
        // 2026: months with five Mondays are March, June, August, November.
        assert_eq!(
            take_with(&r, "2026-01-01T00:00", *policy, 2),
            days(&["2026-03-30T00:00", "2026-06-29T00:00"])
        );
    }
}

#[test]
fn byday_limits_monthly_with_bymonthday() {
    let r = Rule {
        by_day: vec![day(Weekday::Friday)],
        by_month_day: vec![13],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2026-02-13T00:00", "2026-03-13T00:00"])
    );
}

#[test]
fn byday_limits_yearly_with_byyearday() {
    let r = Rule {
        by_year_day: vec![1],
        by_day: vec![day(Weekday::Monday)],
        ..Rule::new(Frequency::Yearly)
    };
    // Jan 1 is a Monday in 2029 and 2035.
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2029-01-01T00:00", "2035-01-01T00:00"])
    );
}

// --- rows 6–8: BYHOUR, BYMINUTE, BYSECOND ---

#[test]
fn time_parts_expand_daily() {
    let r = Rule {
        by_hour: vec![9, 17],
        by_minute: vec![0, 30],
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        take(&r, "2026-01-01T10:00:05", 4),
        days(&[
            "2026-01-01T17:00:05",
            "2026-01-01T17:30:05",
            "2026-01-02T09:00:05",
            "2026-01-02T09:30:05"
        ])
    );
}

#[test]
fn byhour_limits_hourly_and_byminute_expands_it() {
    let r = Rule {
        by_hour: vec![10],
        by_minute: vec![15, 45],
        ..Rule::new(Frequency::Hourly)
    };
    assert_eq!(
        take(&r, "2026-01-01T10:20", 3),
        days(&["2026-01-01T10:45", "2026-01-02T10:15", "2026-01-02T10:45"])
    );
}

#[test]
fn byminute_limits_minutely_and_bysecond_expands_it() {
    let r = Rule {
        interval: 7,
        by_minute: vec![0],
        by_second: vec![1, 2],
        ..Rule::new(Frequency::Minutely)
    };
    // Periods at 00:00, 00:07, ...; minute 0 of an hour every 7 hours.
    assert_eq!(
        take(&r, "2026-01-01T00:00", 4),
        days(&[
            "2026-01-01T00:00:01",
            "2026-01-01T00:00:02",
            "2026-01-01T07:00:01",
            "2026-01-01T07:00:02"
        ])
    );
}

#[test]
fn bysecond_limits_secondly() {
    let r = Rule {
        interval: 20,
        by_second: vec![0, 40],
        ..Rule::new(Frequency::Secondly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00:00", 4),
        days(&[
            "2026-01-01T00:00:00",
            "2026-01-01T00:00:40",
            "2026-01-01T00:01:00",
            "2026-01-01T00:01:40"
        ])
    );
}

#[test]
fn leap_second_is_never_generated() {
    let r = Rule {
        by_second: vec![59, 60],
        ..Rule::new(Frequency::Minutely)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2026-01-01T00:00:59", "2026-01-01T00:01:59"])
    );
}

// --- row 9: BYSETPOS ---

#[test]
fn bysetpos_picks_from_each_period() {
    let r = Rule {
        by_day: vec![
            day(Weekday::Monday),
            day(Weekday::Tuesday),
            day(Weekday::Wednesday),
            day(Weekday::Thursday),
            day(Weekday::Friday),
        ],
        by_set_pos: vec![-1, 1],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(
        take(&r, "2026-01-01T09:00", 4),
        days(&[
            "2026-01-01T09:00",
            "2026-01-30T09:00",
            "2026-02-02T09:00",
            "2026-02-27T09:00"
        ])
    );
}

#[test]
fn bysetpos_counts_times_too_and_ignores_positions_past_the_set() {
    let r = Rule {
        by_hour: vec![8, 12, 16],
        by_set_pos: vec![2, 7, -7],
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 2),
        days(&["2026-01-01T12:00", "2026-01-02T12:00"])
    );
}

#[test]
fn bysetpos_applies_before_start() {
    // The last weekday of January 2026 is Fri 30th, whatever the start day.
    let r = Rule {
        by_day: vec![day(Weekday::Monday), day(Weekday::Friday)],
        by_set_pos: vec![-1],
        ..Rule::new(Frequency::Monthly)
    };
    assert_eq!(take(&r, "2026-01-30T00:00", 1), days(&["2026-01-30T00:00"]));
    assert_eq!(take(&r, "2026-01-31T00:00", 1), days(&["2026-02-27T00:00"]));
}

// --- WKST ---

#[test]
fn wkst_shapes_weekly_periods() {
    let by_day = vec![day(Weekday::Tuesday), day(Weekday::Sunday)];
    let mo = Rule {
        interval: 2,
        by_day: by_day.clone(),
        ..Rule::new(Frequency::Weekly)
    };
    let su = Rule {
        wkst: Weekday::Sunday,
        ..mo.clone()
    };
    assert_eq!(
        take(&mo, "1997-08-05T09:00", 4),
        days(&[
            "1997-08-05T09:00",
            "1997-08-10T09:00",
            "1997-08-19T09:00",
            "1997-08-24T09:00"
        ])
    );
    assert_eq!(
        take(&su, "1997-08-05T09:00", 4),
        days(&[
            "1997-08-05T09:00",
            "1997-08-17T09:00",
            "1997-08-19T09:00",
            "1997-08-31T09:00"
        ])
    );
}

// --- UNTIL ---

#[test]
fn local_until_is_inclusive_and_date_until_covers_the_day() {
    let r = Rule {
        until: Some(Until::Local(dt("2026-01-03T09:00"))),
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        expander(&r, "2026-01-01T09:00", InvalidDatePolicy::Omit).count(),
        3
    );
    let r = Rule {
        until: Some(Until::Local(dt("2026-01-03T08:59"))),
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        expander(&r, "2026-01-01T09:00", InvalidDatePolicy::Omit).count(),
        2
    );
    let r = Rule {
        until: Some(Until::Date(Date::constant(2026, 1, 3))),
        ..Rule::new(Frequency::Daily)
    };
    assert_eq!(
        expander(&r, "2026-01-01T23:59:59", InvalidDatePolicy::Omit).count(),
        3
    );
}

#[test]
fn until_stops_a_rule_that_produces_nothing() {
    let r = Rule {
        by_month: vec![2],
        by_month_day: vec![30],
        until: Some(Until::Local(dt("2030-01-01T00:00"))),
        ..Rule::new(Frequency::Yearly)
    };
    let mut x = expander(&r, "2026-01-01T00:00", InvalidDatePolicy::Omit);
    assert_eq!(x.next(), None);
    assert!(x.steps() < 20, "{}", x.steps());
}

// --- invalid dates ---

fn requested(year: i16, month: i8, day: i8) -> Option<RequestedDate> {
    Some(RequestedDate { year, month, day })
}

fn collect(
    rule: &Rule,
    start: &str,
    invalid: InvalidDatePolicy,
    n: usize,
) -> Vec<(String, Option<RequestedDate>)> {
    expander(rule, start, invalid)
        .take(n)
        .map(|c| (c.nominal.to_string(), c.adjusted_from))
        .collect()
}

#[test]
fn monthly_from_the_31st_under_each_policy() {
    let r = Rule::new(Frequency::Monthly);
    let s = |x: &str| dt(x).to_string();
    assert_eq!(
        collect(&r, "2026-01-31T09:00", InvalidDatePolicy::Omit, 3),
        vec![
            (s("2026-01-31T09:00"), None),
            (s("2026-03-31T09:00"), None),
            (s("2026-05-31T09:00"), None)
        ]
    );
    assert_eq!(
        collect(&r, "2026-01-31T09:00", InvalidDatePolicy::Backward, 4),
        vec![
            (s("2026-01-31T09:00"), None),
            (s("2026-02-28T09:00"), requested(2026, 2, 31)),
            (s("2026-03-31T09:00"), None),
            (s("2026-04-30T09:00"), requested(2026, 4, 31)),
        ]
    );
    assert_eq!(
        collect(&r, "2026-01-31T09:00", InvalidDatePolicy::Forward, 4),
        vec![
            (s("2026-01-31T09:00"), None),
            (s("2026-03-01T09:00"), requested(2026, 2, 31)),
            (s("2026-03-31T09:00"), None),
            (s("2026-05-01T09:00"), requested(2026, 4, 31)),
        ]
    );
}

#[test]
fn yearly_from_february_29_under_each_policy() {
    let r = Rule::new(Frequency::Yearly);
    let s = |x: &str| dt(x).to_string();
    assert_eq!(
        collect(&r, "2024-02-29T00:00", InvalidDatePolicy::Omit, 2),
        vec![(s("2024-02-29T00:00"), None), (s("2028-02-29T00:00"), None)]
    );
    assert_eq!(
        collect(&r, "2024-02-29T00:00", InvalidDatePolicy::Backward, 2),
        vec![
            (s("2024-02-29T00:00"), None),
            (s("2025-02-28T00:00"), requested(2025, 2, 29))
        ]
    );
    assert_eq!(
        collect(&r, "2024-02-29T00:00", InvalidDatePolicy::Forward, 2),
        vec![
            (s("2024-02-29T00:00"), None),
            (s("2025-03-01T00:00"), requested(2025, 2, 29))
        ]
    );
}

#[test]
fn negative_monthday_is_never_adjusted() {
    let r = Rule {
        by_month_day: vec![-30],
        ..Rule::new(Frequency::Monthly)
    };
    for policy in InvalidDatePolicy::ALL {
        assert_eq!(
            take_with(&r, "2026-01-01T00:00", *policy, 2),
            days(&["2026-01-02T00:00", "2026-03-02T00:00"])
        );
    }
}

#[test]
fn adjusted_dates_join_the_set_before_bysetpos() {
    // Last of {28th, 30th} each month: in February the 30th moved back to
    // the 28th is still the set's second element.
    let r = Rule {
        by_month_day: vec![28, 30],
        by_set_pos: vec![-1],
        ..Rule::new(Frequency::Monthly)
    };
    let s = |x: &str| dt(x).to_string();
    assert_eq!(
        collect(&r, "2026-01-01T00:00", InvalidDatePolicy::Backward, 3),
        vec![
            (s("2026-01-30T00:00"), None),
            (s("2026-02-28T00:00"), requested(2026, 2, 30)),
            (s("2026-03-30T00:00"), None),
        ]
    );
    assert_eq!(
        take(&r, "2026-01-01T00:00", 3),
        days(&["2026-01-30T00:00", "2026-02-28T00:00", "2026-03-30T00:00"])
    );
}

#[test]
fn adjusted_date_equal_to_a_generated_one_is_yielded_after_it() {
    let r = Rule {
        by_month_day: vec![28, 31],
        ..Rule::new(Frequency::Monthly)
    };
    let s = |x: &str| dt(x).to_string();
    assert_eq!(
        collect(&r, "2026-02-01T00:00", InvalidDatePolicy::Backward, 3),
        vec![
            (s("2026-02-28T00:00"), None),
            (s("2026-02-28T00:00"), requested(2026, 2, 31)),
            (s("2026-03-28T00:00"), None),
        ]
    );
}

#[test]
fn forward_dates_are_reordered_into_the_next_period() {
    // Feb 31 09:00 and 17:00 move to Mar 1; March's own Mar 1 09:00 comes
    // between them, and nothing of February may follow it out of order.
    let r = Rule {
        by_month_day: vec![1, 31],
        by_hour: vec![9, 17],
        ..Rule::new(Frequency::Monthly)
    };
    let s = |x: &str| dt(x).to_string();
    assert_eq!(
        collect(&r, "2026-02-01T00:00", InvalidDatePolicy::Forward, 7),
        vec![
            (s("2026-02-01T09:00"), None),
            (s("2026-02-01T17:00"), None),
            (s("2026-03-01T09:00"), None),
            (s("2026-03-01T09:00"), requested(2026, 2, 31)),
            (s("2026-03-01T17:00"), None),
            (s("2026-03-01T17:00"), requested(2026, 2, 31)),
            (s("2026-03-31T09:00"), None),
        ]
    );
    // With BYSETPOS=-1 February's pick is Mar 1 17:00, after March's 09:00.
    let r = Rule {
        by_set_pos: vec![-1],
        ..r
    };
    assert_eq!(
        collect(&r, "2026-01-01T00:00", InvalidDatePolicy::Forward, 3),
        vec![
            (s("2026-01-31T17:00"), None),
            (s("2026-03-01T17:00"), requested(2026, 2, 31)),
            (s("2026-03-31T17:00"), None),
        ]
    );
    let r = Rule {
        by_set_pos: vec![1, -1],
        ..r
    };
    let out = collect(&r, "2026-02-01T00:00", InvalidDatePolicy::Forward, 4);
    assert_eq!(
        out,
        vec![
            (s("2026-02-01T09:00"), None),
            (s("2026-03-01T09:00"), None),
            (s("2026-03-01T17:00"), requested(2026, 2, 31)),
            (s("2026-03-31T17:00"), None),
        ]
    );
}

#[test]
fn output_is_non_decreasing_under_every_policy() {
    let r = Rule {
        by_month_day: vec![1, 29, 30, 31],
        by_hour: vec![0, 23],
        ..Rule::new(Frequency::Monthly)
    };
    for policy in InvalidDatePolicy::ALL {
        let out: Vec<Candidate> = expander(&r, "2026-01-01T00:00", *policy)
            .take(200)
            .collect();
        assert_eq!(out.len(), 200);
        assert!(
            out.windows(2).all(|w| w[0].nominal <= w[1].nominal),
            "{policy}"
        );
    }
}

// --- bounds ---

#[test]
fn impossible_rule_ends_at_year_9999() {
    let r = Rule {
        by_month: vec![2],
        by_month_day: vec![30],
        ..Rule::new(Frequency::Yearly)
    };
    let mut x = expander(&r, "2026-01-01T00:00", InvalidDatePolicy::Omit);
    assert_eq!(x.next(), None);
    assert!(!x.over_budget());
}

#[test]
fn rules_stop_cleanly_at_the_end_of_the_calendar() {
    let r = Rule::new(Frequency::Daily);
    let out: Vec<_> = expander(&r, "9999-12-30T12:00", InvalidDatePolicy::Omit).collect();
    assert_eq!(out.len(), 2);
    let r = Rule {
        interval: u32::MAX,
        ..Rule::new(Frequency::Secondly)
    };
    assert_eq!(
        expander(&r, "9999-12-31T23:59:59", InvalidDatePolicy::Omit).count(),
        1
    );
    let r = Rule {
        by_month_day: vec![31],
        ..Rule::new(Frequency::Monthly)
    };
    let last = expander(&r, "9999-01-01T00:00", InvalidDatePolicy::Forward)
        .last()
        .unwrap();
    assert_eq!(last.nominal, dt("9999-12-31T00:00"));
    let r = Rule {
        interval: 3,
        ..Rule::new(Frequency::Weekly)
    };
    assert!(expander(&r, "9999-11-01T00:00", InvalidDatePolicy::Omit).count() > 0);
}

#[test]
fn budget_stops_a_hopeless_search() {
    let r = Rule {
        by_month: vec![2],
        by_month_day: vec![30],
        ..Rule::new(Frequency::Yearly)
    };
    let mut x = Expander::new(&r, dt("2026-01-01T00:00"), InvalidDatePolicy::Omit, 100);
    assert_eq!(x.next(), None);
    assert!(x.over_budget());
    assert!(x.steps() <= 102);
}

#[test]
fn sub_daily_rules_skip_rejected_days_hours_and_minutes() {
    // One second on Feb 29 only: visited via whole-day and whole-month jumps.
    let r = Rule {
        by_month: vec![2],
        by_month_day: vec![29],
        by_hour: vec![12],
        by_minute: vec![30],
        by_second: vec![15],
        ..Rule::new(Frequency::Secondly)
    };
    let mut x = expander(&r, "2025-01-01T00:00", InvalidDatePolicy::Omit);
    assert_eq!(x.next().map(|c| c.nominal), Some(dt("2028-02-29T12:30:15")));
    assert!(x.steps() < 500, "{}", x.steps());
    // INTERVAL alignment survives the jumps: every 7 hours from 2026-01-01T00:00.
    let r = Rule {
        interval: 7,
        by_month_day: vec![3],
        ..Rule::new(Frequency::Hourly)
    };
    assert_eq!(
        take(&r, "2026-01-01T00:00", 4),
        days(&[
            "2026-01-03T01:00",
            "2026-01-03T08:00",
            "2026-01-03T15:00",
            "2026-01-03T22:00"
        ])
    );
}

#[test]
fn fast_paths_spend_few_steps() {
    let r = Rule::new(Frequency::Daily);
    let mut x = expander(&r, "2026-01-01T09:00", InvalidDatePolicy::Omit);
    assert_eq!(x.by_ref().take(1000).count(), 1000);
    assert!(x.steps() <= 2001, "{}", x.steps());
    let r = Rule {
        by_month_day: vec![-1],
        ..Rule::new(Frequency::Monthly)
    };
    let mut x = expander(&r, "2026-01-01T09:00", InvalidDatePolicy::Omit);
    assert_eq!(x.by_ref().take(100).count(), 100);
    assert!(x.steps() <= 201, "{}", x.steps());
}

// --- shortcuts against the general path ---

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
    fn some<T: Copy + Ord>(&mut self, from: &[T], max: u64) -> Vec<T> {
        let n = 1 + self.below(max);
        let mut v: Vec<T> = (0..n).map(|_| self.pick(from)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

const WEEKDAYS: [Weekday; 7] = [
    Weekday::Monday,
    Weekday::Tuesday,
    Weekday::Wednesday,
    Weekday::Thursday,
    Weekday::Friday,
    Weekday::Saturday,
    Weekday::Sunday,
];

fn random_rule(g: &mut Lcg) -> Rule {
    let freq = g.pick(&[
        Frequency::Yearly,
        Frequency::Monthly,
        Frequency::Monthly,
        Frequency::Monthly,
        Frequency::Weekly,
        Frequency::Daily,
        Frequency::Hourly,
        Frequency::Minutely,
        Frequency::Secondly,
    ]);
    let mut r = Rule::new(freq);
    r.interval = g.pick(&[1, 1, 1, 2, 3, 5]);
    r.wkst = g.pick(&WEEKDAYS);
    let sub_daily = freq < Frequency::Daily;
    if g.chance(25) {
        r.by_month = g.some(&[1, 2, 3, 4, 6, 9, 11, 12], 3);
    }
    if g.chance(35) {
        r.by_month_day = g.some(&[1, 2, 15, 28, 29, 30, 31, -1, -2, -7, -29, -31], 3);
    }
    if g.chance(45) {
        let mut days: Vec<WeekdayNum> = Vec::new();
        for _ in 0..1 + g.below(5) {
            let w = g.pick(&WEEKDAYS);
            let n = if freq >= Frequency::Monthly && g.chance(40) {
                Some(g.pick(&[1, 2, 3, 4, 5, -1, -2, -5, 20, -53]))
            } else {
                None
            };
            if !days.iter().any(|d| d.weekday == w && d.nth == n) {
                days.push(WeekdayNum { nth: n, weekday: w });
            }
        }
        r.by_day = days;
    }
    if (freq == Frequency::Yearly || sub_daily) && g.chance(15) {
        r.by_year_day = g.some(&[1, 59, 60, 100, 200, 365, 366, -1, -366], 3);
    }
    if freq == Frequency::Yearly && g.chance(15) {
        r.by_week_no = g.some(&[1, 2, 10, 52, 53, -1, -53], 3);
    }
    if g.chance(if sub_daily { 20 } else { 35 }) {
        r.by_hour = g.some(&[0, 1, 9, 12, 17, 23], 3);
    }
    if g.chance(if sub_daily { 20 } else { 25 }) {
        r.by_minute = g.some(&[0, 15, 30, 59], 2);
    }
    if g.chance(if sub_daily { 20 } else { 15 }) {
        r.by_second = g.some(&[0, 30, 59, 60], 2);
    }
    if g.chance(30) {
        r.by_set_pos = g.some(&[1, 2, 3, -1, -2, -3, 30, -400], 2);
    }
    if g.chance(15) {
        let d = Date::new(2030 + g.below(4) as i16, 1 + g.below(12) as i8, 1).unwrap();
        r.until = Some(if g.chance(50) {
            Until::Date(d)
        } else {
            Until::Local(d.at(g.below(24) as i8, 30, 0, 0))
        });
    }
    r
}

#[test]
fn shortcuts_yield_what_the_general_path_yields() {
    let mut g = Lcg(0x5eed);
    let policies = InvalidDatePolicy::ALL;
    for case in 0..3000 {
        let rule = random_rule(&mut g);
        let year = if g.chance(3) {
            9998 + g.below(2) as i16
        } else {
            1995 + g.below(60) as i16
        };
        let month = 1 + g.below(12) as i8;
        let day = 1 + g.below(Date::new(year, month, 1).unwrap().days_in_month() as u64) as i8;
        let start = Date::new(year, month, day).unwrap().at(
            g.below(24) as i8,
            g.pick(&[0, 15, 30]),
            g.pick(&[0, 0, 45]),
            0,
        );
        let invalid = g.pick(policies);
        let budget = g.pick(&[150, 3_000, 40_000]);
        let n = g.pick(&[5, 40, 300]);
        let mut fast = Expander::new(&rule, start, invalid, budget);
        let mut slow = Expander::new(&rule, start, invalid, budget).reference();
        let a: Vec<Candidate> = fast.by_ref().take(n).collect();
        let b: Vec<Candidate> = slow.by_ref().take(n).collect();
        let what = format!("case {case}: {rule} from {start} ({invalid}, budget {budget})");
        assert_eq!(a, b, "{what}");
        assert_eq!(fast.steps(), slow.steps(), "{what}");
        assert_eq!(fast.over_budget(), slow.over_budget(), "{what}");
    }
}

#[test]
fn month_bits_agree_with_the_day_by_day_check() {
    let mut g = Lcg(0xda7e);
    for _ in 0..3000 {
        let mut rule = random_rule(&mut g);
        rule.freq = Frequency::Monthly;
        rule.by_year_day.clear();
        rule.by_week_no.clear();
        rule.by_month.clear();
        let start = dt("2026-01-01T00:00");
        let x = Expander::new(&rule, start, InvalidDatePolicy::Omit, BUDGET);
        assert!(x.filter.fits_month_bits(), "{rule}");
        for y in [1900, 2024, 2026, 2100] {
            for m in 1..=12u8 {
                let yc = super::calendar::YearCtx::new(y, x.filter.wkst);
                let first = super::calendar::days_from_civil(y, m, 1);
                let mlen = super::calendar::days_in_month(y, m);
                let doy0 = super::calendar::month_start_doy(y, m);
                let wd0 = super::calendar::weekday(first);
                let mut want = 0u32;
                for d in 1..=mlen {
                    let wd = (wd0 + d - 1) % 7;
                    let v = x.filter.check(
                        &yc,
                        first + i64::from(d) - 1,
                        m,
                        d,
                        mlen,
                        doy0 + u16::from(d) - 1,
                        wd,
                    );
                    if v == super::Verdict::Keep {
                        want |= 1 << d;
                    }
                }
                assert_eq!(x.filter.month_bits(mlen, wd0), want, "{rule} {y}-{m}");
            }
        }
    }
}
