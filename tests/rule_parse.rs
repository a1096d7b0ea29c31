//! RRULE parsing (RFC 5545 §3.3.10): what is accepted, how it prints, and
//! how each rejection is reported (code, byte position, message).
#![cfg(not(target_arch = "wasm32"))]

use jiff::civil::{Weekday, date};
use wallclock::{ErrorCode, Frequency, Rule, Until, WeekdayNum};

fn ok(text: &str) -> Rule {
    match Rule::parse(text) {
        Ok(rule) => rule,
        Err(e) => panic!("{text:?} should parse, got {e:?}"),
    }
}

fn canon(text: &str) -> String {
    ok(text).to_string()
}

fn err(text: &str) -> wallclock::Error {
    match Rule::parse(text) {
        Ok(rule) => panic!("{text:?} should be rejected, parsed as {rule}"),
        Err(e) => e,
    }
}

/// Asserts code, position (of the `n`-th occurrence of `at` in `text`, or the
/// given byte) and that the message names `part`.
#[track_caller]
fn rejects(text: &str, code: ErrorCode, at: usize, part: &str) {
    let e = err(text);
    assert_eq!(e.code(), code, "{text:?}: {e:?}");
    assert_eq!(e.position(), Some(at), "{text:?}: {e:?}");
    assert!(
        e.message().contains(part),
        "{text:?}: message {:?} should name {part}",
        e.message()
    );
}

fn pos(text: &str, needle: &str) -> usize {
    text.find(needle).expect("needle in text")
}

fn rpos(text: &str, needle: &str) -> usize {
    text.rfind(needle).expect("needle in text")
}

// ---------------------------------------------------------------- accepted

#[test]
fn minimal_rule_defaults() {
    let rule = ok("FREQ=DAILY");
    assert_eq!(rule.frequency(), Frequency::Daily);
    assert_eq!(rule.interval(), 1);
    assert_eq!(rule.count(), None);
    assert_eq!(rule.until(), None);
    assert_eq!(rule.week_start(), Weekday::Monday);
    assert!(rule.by_day().is_empty());
    assert_eq!(rule, Rule::new(Frequency::Daily));
}

#[test]
fn every_frequency() {
    for (text, freq) in [
        ("SECONDLY", Frequency::Secondly),
        ("MINUTELY", Frequency::Minutely),
        ("HOURLY", Frequency::Hourly),
        ("DAILY", Frequency::Daily),
        ("WEEKLY", Frequency::Weekly),
        ("MONTHLY", Frequency::Monthly),
        ("YEARLY", Frequency::Yearly),
    ] {
        assert_eq!(ok(&format!("FREQ={text}")).frequency(), freq);
        assert_eq!(
            canon(&format!("freq={}", text.to_lowercase())),
            format!("FREQ={text}")
        );
    }
}

#[test]
fn prefix_whitespace_case_and_order() {
    let expected = "FREQ=WEEKLY;INTERVAL=2;COUNT=8;BYDAY=MO,FR";
    for text in [
        "FREQ=WEEKLY;INTERVAL=2;COUNT=8;BYDAY=MO,FR",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=8;BYDAY=MO,FR",
        "rrule:freq=weekly;interval=2;count=8;byday=mo,fr",
        "  \tRRule: byday=FR,MO;Count=8;Interval=2;Freq=Weekly;\n",
        "COUNT=8;BYDAY=FR,MO,FR;INTERVAL=2;FREQ=WEEKLY",
    ] {
        assert_eq!(canon(text), expected, "{text:?}");
    }
}

#[test]
fn every_part_parses_and_prints_canonically() {
    let rule = ok(
        "FREQ=YEARLY;INTERVAL=3;COUNT=20;BYMONTH=12,1,6;BYWEEKNO=-1,20;BYYEARDAY=100,-1;\
                   BYMONTHDAY=-1,15,1;BYDAY=SU,MO;BYHOUR=17,9;BYMINUTE=30,0;BYSECOND=59,0;BYSETPOS=-1,1;WKST=SU",
    );
    assert_eq!(rule.interval(), 3);
    assert_eq!(rule.count(), Some(20));
    assert_eq!(rule.by_month(), [1, 6, 12]);
    assert_eq!(rule.by_week_no(), [-1, 20]);
    assert_eq!(rule.by_year_day(), [-1, 100]);
    assert_eq!(rule.by_month_day(), [-1, 1, 15]);
    assert_eq!(rule.by_hour(), [9, 17]);
    assert_eq!(rule.by_minute(), [0, 30]);
    assert_eq!(rule.by_second(), [0, 59]);
    assert_eq!(rule.by_set_pos(), [-1, 1]);
    assert_eq!(rule.week_start(), Weekday::Sunday);
    assert_eq!(
        rule.to_string(),
        "FREQ=YEARLY;INTERVAL=3;COUNT=20;BYMONTH=1,6,12;BYWEEKNO=-1,20;BYYEARDAY=-1,100;\
         BYMONTHDAY=-1,1,15;BYDAY=MO,SU;BYHOUR=9,17;BYMINUTE=0,30;BYSECOND=0,59;BYSETPOS=-1,1;WKST=SU"
    );
}

#[test]
fn by_day_ordinals_sorted_monday_first_then_ordinal() {
    let rule = ok("FREQ=MONTHLY;BYDAY=-1FR,+2MO,SU,MO,1MO,-1MO,2MO");
    assert_eq!(
        rule.by_day()[0],
        WeekdayNum {
            nth: None,
            weekday: Weekday::Monday
        }
    );
    assert_eq!(
        rule.to_string(),
        "FREQ=MONTHLY;BYDAY=MO,-1MO,1MO,2MO,-1FR,SU"
    );
    assert_eq!(
        canon("FREQ=YEARLY;BYDAY=53MO,-53SU"),
        "FREQ=YEARLY;BYDAY=53MO,-53SU"
    );
    assert_eq!(
        canon("FREQ=MONTHLY;BYDAY=5TH,-5TH"),
        "FREQ=MONTHLY;BYDAY=-5TH,5TH"
    );
}

#[test]
fn interval_one_and_wkst_monday_are_not_printed() {
    assert_eq!(canon("FREQ=DAILY;INTERVAL=1;WKST=MO"), "FREQ=DAILY");
    assert_eq!(
        canon("FREQ=DAILY;INTERVAL=1000000"),
        "FREQ=DAILY;INTERVAL=1000000"
    );
    assert_eq!(
        canon("FREQ=DAILY;COUNT=4294967295"),
        "FREQ=DAILY;COUNT=4294967295"
    );
}

#[test]
fn until_in_its_three_forms() {
    let rule = ok("FREQ=DAILY;UNTIL=20260401");
    assert_eq!(rule.until(), Some(Until::Date(date(2026, 4, 1))));
    assert_eq!(rule.to_string(), "FREQ=DAILY;UNTIL=20260401");

    let rule = ok("FREQ=DAILY;UNTIL=20260401t070000");
    assert_eq!(
        rule.until(),
        Some(Until::Local(date(2026, 4, 1).at(7, 0, 0, 0)))
    );
    assert_eq!(rule.to_string(), "FREQ=DAILY;UNTIL=20260401T070000");

    let rule = ok("FREQ=DAILY;UNTIL=20260401T050000z");
    let ts: jiff::Timestamp = "2026-04-01T05:00:00Z".parse().unwrap();
    assert_eq!(rule.until(), Some(Until::Utc(ts)));
    assert_eq!(rule.to_string(), "FREQ=DAILY;UNTIL=20260401T050000Z");

    assert_eq!(
        canon("FREQ=YEARLY;UNTIL=20280229"),
        "FREQ=YEARLY;UNTIL=20280229"
    );
}

#[test]
fn sub_daily_rules_may_use_by_year_day() {
    // RFC 5545's table marks BYYEARDAY as "N/A" only for DAILY, WEEKLY, MONTHLY.
    assert_eq!(canon("FREQ=HOURLY;BYYEARDAY=1"), "FREQ=HOURLY;BYYEARDAY=1");
}

#[test]
fn by_set_pos_with_any_other_by_part() {
    assert_eq!(
        canon("FREQ=DAILY;BYHOUR=9,17;BYSETPOS=1"),
        "FREQ=DAILY;BYHOUR=9,17;BYSETPOS=1"
    );
    assert_eq!(
        canon("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
    );
}

#[test]
fn from_str_and_display_agree_with_parse() {
    let rule: Rule = "FREQ=DAILY;COUNT=4".parse().unwrap();
    assert_eq!(rule, Rule::parse("RRULE:FREQ=DAILY;COUNT=4").unwrap());
    assert_eq!(rule.to_string().parse::<Rule>().unwrap(), rule);
}

#[test]
fn list_of_366_elements_is_accepted() {
    let days: Vec<String> = (1..=366).map(|d| d.to_string()).collect();
    let rule = ok(&format!("FREQ=YEARLY;BYYEARDAY={}", days.join(",")));
    assert_eq!(rule.by_year_day().len(), 366);
}

// ---------------------------------------------------------------- rejected: syntax

#[test]
fn rejects_empty_rule() {
    rejects("", ErrorCode::InvalidRrule, 0, "empty");
    rejects("  RRULE:  ", ErrorCode::InvalidRrule, 8, "empty");
}

#[test]
fn rejects_too_long_input() {
    let text = format!("FREQ=DAILY;BYHOUR={}", vec!["1"; 3000].join(","));
    rejects(&text, ErrorCode::InvalidRrule, 4096, "4096");
}

#[test]
fn rejects_empty_parts_except_one_trailing_semicolon() {
    assert_eq!(canon("FREQ=DAILY;"), "FREQ=DAILY");
    rejects(
        "FREQ=DAILY;;",
        ErrorCode::InvalidRrule,
        11,
        "empty rule part",
    );
    rejects(";FREQ=DAILY", ErrorCode::InvalidRrule, 0, "empty rule part");
    rejects(
        "FREQ=DAILY;;COUNT=2",
        ErrorCode::InvalidRrule,
        11,
        "empty rule part",
    );
}

#[test]
fn rejects_part_without_equals() {
    let text = "FREQ=DAILY;COUNT";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "COUNT"), "`COUNT`");
}

#[test]
fn rejects_empty_value() {
    let text = "FREQ=DAILY;COUNT=";
    rejects(text, ErrorCode::InvalidRrule, text.len(), "`COUNT`");
}

#[test]
fn rejects_empty_list_element() {
    let text = "FREQ=DAILY;BYHOUR=9,,17";
    rejects(text, ErrorCode::InvalidRrule, pos(text, ",17"), "`BYHOUR`");
    let text = "FREQ=DAILY;BYHOUR=9,";
    rejects(text, ErrorCode::InvalidRrule, text.len(), "`BYHOUR`");
}

#[test]
fn rejects_lists_longer_than_366() {
    let days: Vec<String> = (0..367).map(|d| (d % 24).to_string()).collect();
    let text = format!("FREQ=DAILY;BYHOUR={}", days.join(","));
    rejects(&text, ErrorCode::InvalidRrule, text.len() - 1, "`BYHOUR`");
}

#[test]
fn rejects_unknown_part_with_hint() {
    let text = "FREQ=WEEKLY;BYDAYS=MO";
    let e = err(text);
    assert_eq!(e.code(), ErrorCode::InvalidRrule);
    assert_eq!(e.position(), Some(12));
    assert!(e.message().contains("`BYDAYS`"));
    assert!(
        e.message().contains("did you mean `BYDAY`?"),
        "{}",
        e.message()
    );
    assert!(
        e.message().contains("BYSETPOS"),
        "lists expected names: {}",
        e.message()
    );

    let e = err("FREQ=WEEKLY;X-NAME=1");
    assert!(!e.message().contains("did you mean"), "{}", e.message());
}

#[test]
fn rejects_rfc7529_parts_as_unsupported() {
    let text = "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD";
    rejects(text, ErrorCode::Unsupported, pos(text, "SKIP"), "`SKIP`");
    assert!(err(text).message().contains("invalidDate"));
    let text = "RRULE:RSCALE=GREGORIAN;FREQ=YEARLY";
    rejects(text, ErrorCode::Unsupported, 6, "`RSCALE`");
}

#[test]
fn rejects_duplicate_parts() {
    let text = "FREQ=DAILY;BYHOUR=9;BYHOUR=17";
    rejects(
        text,
        ErrorCode::InvalidRrule,
        rpos(text, "BYHOUR"),
        "`BYHOUR`",
    );
    assert!(
        err(text).message().contains("11"),
        "names the first position too"
    );
    let text = "FREQ=DAILY;freq=weekly";
    rejects(text, ErrorCode::InvalidRrule, 11, "`FREQ`");
}

// ---------------------------------------------------------------- rejected: values

#[test]
fn rejects_missing_freq() {
    rejects("COUNT=3;BYHOUR=9", ErrorCode::InvalidRrule, 0, "`FREQ`");
    rejects("RRULE:COUNT=3", ErrorCode::InvalidRrule, 6, "`FREQ`");
}

#[test]
fn rejects_unknown_freq() {
    let text = "FREQ=FORTNIGHTLY";
    rejects(text, ErrorCode::InvalidRrule, 5, "`FREQ`");
}

#[test]
fn rejects_count_with_until() {
    let text = "FREQ=DAILY;COUNT=3;UNTIL=20260101";
    rejects(
        text,
        ErrorCode::CountAndUntil,
        pos(text, "UNTIL"),
        "`COUNT`",
    );
    let text = "FREQ=DAILY;UNTIL=20260101;COUNT=3";
    rejects(
        text,
        ErrorCode::CountAndUntil,
        pos(text, "COUNT"),
        "`UNTIL`",
    );
}

#[test]
fn rejects_interval_out_of_range() {
    for bad in ["0", "1000001", "-1", "+2", "1.5", "99999999999999999999999"] {
        let text = format!("FREQ=DAILY;INTERVAL={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 20, "`INTERVAL`");
    }
}

#[test]
fn rejects_count_out_of_range() {
    for bad in ["0", "4294967296", "-3", "ten", "1,2"] {
        let text = format!("FREQ=DAILY;COUNT={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 17, "`COUNT`");
    }
}

#[test]
fn rejects_bad_until() {
    for bad in [
        "20260230",
        "2026041",
        "20260401T07",
        "20260401T070000+0100",
        "20260401X070000",
        "20260401T240000",
        "20260401T235960Z",
        "2026-04-01",
        "٢٠٢٦٠٤٠١",
    ] {
        let text = format!("FREQ=DAILY;UNTIL={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 17, "`UNTIL`");
    }
}

#[test]
fn rejects_leap_second_as_unsupported() {
    let text = "FREQ=MINUTELY;BYSECOND=0,60";
    rejects(text, ErrorCode::Unsupported, pos(text, "60"), "`BYSECOND`");
    assert!(err(text).message().contains("leap second"));
}

#[test]
fn rejects_time_parts_out_of_range() {
    let text = "FREQ=DAILY;BYSECOND=61";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "61"), "`BYSECOND`");
    let text = "FREQ=DAILY;BYMINUTE=0,60";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "60"), "`BYMINUTE`");
    let text = "FREQ=DAILY;BYHOUR=9,24";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "24"), "`BYHOUR`");
    let text = "FREQ=DAILY;BYHOUR=-1";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "-1"), "`BYHOUR`");
}

#[test]
fn rejects_by_month_out_of_range() {
    let text = "FREQ=YEARLY;BYMONTH=1,13";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "13"), "`BYMONTH`");
    let text = "FREQ=YEARLY;BYMONTH=0";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "0"), "`BYMONTH`");
}

#[test]
fn rejects_by_month_day_out_of_range_or_zero() {
    for bad in ["0", "32", "-32"] {
        let text = format!("FREQ=MONTHLY;BYMONTHDAY=1,{bad}");
        rejects(&text, ErrorCode::InvalidRrule, 26, "`BYMONTHDAY`");
    }
}

#[test]
fn rejects_by_month_day_with_weekly() {
    let text = "FREQ=WEEKLY;BYMONTHDAY=1";
    rejects(
        text,
        ErrorCode::InvalidRrule,
        pos(text, "BYMONTHDAY"),
        "`BYMONTHDAY`",
    );
}

#[test]
fn rejects_by_year_day_out_of_range_or_zero() {
    for bad in ["0", "367", "-367"] {
        let text = format!("FREQ=YEARLY;BYYEARDAY={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 22, "`BYYEARDAY`");
    }
}

#[test]
fn rejects_by_year_day_with_daily_weekly_monthly() {
    for freq in ["DAILY", "WEEKLY", "MONTHLY"] {
        let text = format!("FREQ={freq};BYYEARDAY=1");
        rejects(
            &text,
            ErrorCode::InvalidRrule,
            pos(&text, "BYYEARDAY"),
            "`BYYEARDAY`",
        );
    }
}

#[test]
fn rejects_by_week_no_out_of_range_or_zero() {
    for bad in ["0", "54", "-54"] {
        let text = format!("FREQ=YEARLY;BYWEEKNO={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 21, "`BYWEEKNO`");
    }
}

#[test]
fn rejects_by_week_no_outside_yearly() {
    let text = "FREQ=MONTHLY;BYWEEKNO=20";
    rejects(
        text,
        ErrorCode::InvalidRrule,
        pos(text, "BYWEEKNO"),
        "`BYWEEKNO`",
    );
    assert!(err(text).message().contains("`FREQ=YEARLY`"));
}

#[test]
fn rejects_bad_weekdays() {
    for bad in ["MOO", "M", "1", "-MO", "+-1MO", "1 MO", "1ﾠMO"] {
        let text = format!("FREQ=MONTHLY;BYDAY=TU,{bad}");
        rejects(&text, ErrorCode::InvalidRrule, 22, "`BYDAY`");
    }
}

#[test]
fn rejects_by_day_ordinal_zero_or_beyond_53() {
    for bad in ["0MO", "54MO", "-54MO", "99999999999999999999MO"] {
        let text = format!("FREQ=YEARLY;BYDAY={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 18, "`BYDAY`");
    }
}

#[test]
fn rejects_by_day_ordinal_outside_monthly_and_yearly() {
    for freq in ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY"] {
        let text = format!("FREQ={freq};BYDAY=MO,1TU");
        rejects(&text, ErrorCode::InvalidRrule, pos(&text, "1TU"), "`BYDAY`");
    }
}

#[test]
fn rejects_monthly_by_day_ordinal_beyond_5() {
    let text = "FREQ=MONTHLY;BYDAY=-6FR";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "-6FR"), "`BYDAY`");
}

#[test]
fn rejects_by_day_ordinal_with_yearly_by_week_no() {
    let text = "FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "1MO"), "`BYDAY`");
    assert_eq!(
        canon("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO"),
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO"
    );
}

/// With BYMONTH a YEARLY ordinal counts within the month (RFC 5545
/// §3.3.10), as a MONTHLY one does: `6MO` can never match there either.
#[test]
fn rejects_yearly_by_month_ordinal_beyond_five() {
    let text = "FREQ=YEARLY;BYMONTH=3;BYDAY=6MO";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "6MO"), "`BYMONTH`");
    assert_eq!(
        canon("FREQ=YEARLY;BYMONTH=3;BYDAY=-5SU"),
        "FREQ=YEARLY;BYMONTH=3;BYDAY=-5SU"
    );
    // Without BYMONTH the ordinal counts within the year.
    assert_eq!(canon("FREQ=YEARLY;BYDAY=20MO"), "FREQ=YEARLY;BYDAY=20MO");
}

#[test]
fn rejects_by_set_pos_out_of_range_or_zero() {
    for bad in ["0", "367", "-367"] {
        let text = format!("FREQ=MONTHLY;BYDAY=MO;BYSETPOS={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 31, "`BYSETPOS`");
    }
}

#[test]
fn rejects_by_set_pos_alone() {
    let text = "FREQ=MONTHLY;COUNT=3;BYSETPOS=-1";
    rejects(
        text,
        ErrorCode::InvalidRrule,
        pos(text, "BYSETPOS"),
        "`BYSETPOS`",
    );
}

#[test]
fn rejects_bad_wkst() {
    for bad in ["MONDAY", "1MO", "XX"] {
        let text = format!("FREQ=WEEKLY;WKST={bad}");
        rejects(&text, ErrorCode::InvalidRrule, 17, "`WKST`");
    }
}

#[test]
fn positions_count_prefix_and_leading_whitespace() {
    let text = "  RRULE:FREQ=DAILY;BYHOUR=25";
    rejects(text, ErrorCode::InvalidRrule, pos(text, "25"), "`BYHOUR`");
}

#[test]
fn messages_follow_the_house_style() {
    for text in [
        "FREQ=DAILY;BYHOUR=24",
        "FREQ=WEEKLY;BYDAYS=MO",
        "FREQ=DAILY;COUNT=2;UNTIL=20260101",
        "FREQ=MONTHLY;BYWEEKNO=1",
        "FREQ=DAILY;;",
    ] {
        let m = err(text).message().to_string();
        assert!(
            m.starts_with(|c: char| !c.is_uppercase()),
            "lowercase start: {m}"
        );
        assert!(!m.ends_with('.'), "no final period: {m}");
        assert!(m.contains("e.g. `"), "has an example: {m}");
    }
    assert_eq!(
        err("FREQ=DAILY;BYHOUR=24").message(),
        "invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17`"
    );
}

#[test]
fn long_bad_values_are_shortened_in_messages() {
    let text = format!("FREQ=DAILY;BYHOUR={}", "9".repeat(1000));
    let e = err(&text);
    assert!(e.message().len() < 200, "{}", e.message());
}

// ---------------------------------------------------------------- snapshots

#[test]
fn error_messages_snapshot() {
    let cases = [
        "",
        "FREQ=DAILY;;",
        "FREQ=DAILY;COUNT",
        "FREQ=DAILY;COUNT=",
        "FREQ=DAILY;BYHOUR=9,,17",
        "FREQ=WEEKLY;BYDAYS=MO",
        "FREQ=WEEKLY;WKSTART=SU",
        "FREQ=WEEKLY;COLOR=red",
        "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD",
        "RSCALE=HEBREW;FREQ=YEARLY",
        "FREQ=DAILY;BYHOUR=9;BYHOUR=17",
        "COUNT=3",
        "FREQ=FORTNIGHTLY",
        "FREQ=DAILY;COUNT=3;UNTIL=20260101",
        "FREQ=DAILY;INTERVAL=0",
        "FREQ=DAILY;COUNT=99999999999999999999",
        "FREQ=DAILY;UNTIL=20260230",
        "FREQ=DAILY;UNTIL=20260401T240000",
        "FREQ=DAILY;UNTIL=2026-04-01",
        "FREQ=MINUTELY;BYSECOND=60",
        "FREQ=DAILY;BYHOUR=24",
        "FREQ=DAILY;BYMINUTE=-5",
        "FREQ=YEARLY;BYMONTH=13",
        "FREQ=MONTHLY;BYMONTHDAY=0",
        "FREQ=WEEKLY;BYMONTHDAY=1",
        "FREQ=MONTHLY;BYYEARDAY=100",
        "FREQ=MONTHLY;BYWEEKNO=20",
        "FREQ=YEARLY;BYWEEKNO=54",
        "FREQ=WEEKLY;BYDAY=1MO",
        "FREQ=MONTHLY;BYDAY=6FR",
        "FREQ=YEARLY;BYDAY=0MO",
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO",
        "FREQ=MONTHLY;BYDAY=MOO",
        "FREQ=MONTHLY;BYSETPOS=-1",
        "FREQ=WEEKLY;WKST=MONDAY",
        "FREQ=DAILY;BYHOUR=`9`\n",
    ];
    let mut report = String::new();
    for text in cases {
        let e = err(text);
        let at = e.position().map_or("-".to_string(), |p| p.to_string());
        report.push_str(&format!(
            "{text:?} => {} @{at}: {}\n",
            e.code(),
            e.message()
        ));
    }
    insta::assert_snapshot!(report);
}
