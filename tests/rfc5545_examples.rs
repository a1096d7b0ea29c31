//! Every recurrence example of RFC 5545 §3.8.5.3, through the public API.
//!
//! Each test expands the example's RRULE from its DTSTART (a nominal time
//! in America/New_York) and asserts the nominal date-times the RFC lists;
//! for "forever" rules, the first ones the RFC shows.
#![cfg(not(target_arch = "wasm32"))]

use jiff::ToSpan;
use jiff::civil::{Date, DateTime};
use wallclock::{ExpandOptions, Schedule, expand};

/// Nominals of the rule from `start`, at most `limit` executions.
fn nominals(start: &str, rrule: &str, exdate: &[&str], limit: usize) -> Vec<DateTime> {
    let spec = serde_json::json!({
        "timeZone": "America/New_York",
        "start": start,
        "rrule": rrule,
        "exdate": exdate,
    });
    let schedule = match Schedule::from_json(&spec.to_string()) {
        Ok(s) => s,
        Err(e) => panic!("{rrule}: {e:?}"),
    };
    let result = expand(&schedule, &ExpandOptions::new().limit(limit)).unwrap();
    result.entries().iter().map(|e| e.nominal()).collect()
}

/// `dates` (`YYYY-MM-DD`) at `time` (`HH:MM`).
fn at(time: &str, dates: &[&str]) -> Vec<DateTime> {
    dates
        .iter()
        .map(|d| format!("{d}T{time}").parse().unwrap())
        .collect()
}

/// One day (`YYYY-MM-DD`) at several times (`HH:MM`).
fn times(day: &str, times: &[&str]) -> Vec<DateTime> {
    times
        .iter()
        .map(|t| format!("{day}T{t}").parse().unwrap())
        .collect()
}

/// Every `step` days from `first` through `last` inclusive, at 09:00.
fn every(first: Date, last: Date, step: i64) -> Vec<DateTime> {
    first
        .series(step.days())
        .take_while(|d| *d <= last)
        .map(|d| d.at(9, 0, 0, 0))
        .collect()
}

fn d(s: &str) -> Date {
    s.parse().unwrap()
}

// RFC 5545 §3.8.5.3: "Daily for 10 occurrences".
#[test]
fn daily_for_10_occurrences() {
    let got = nominals("1997-09-02T09:00", "FREQ=DAILY;COUNT=10", &[], 1000);
    assert_eq!(got, every(d("1997-09-02"), d("1997-09-11"), 1));
}

// RFC 5545 §3.8.5.3: "Daily until December 24, 1997".
#[test]
fn daily_until_december_24_1997() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=DAILY;UNTIL=19971224T000000Z",
        &[],
        1000,
    );
    let want = every(d("1997-09-02"), d("1997-12-23"), 1);
    assert_eq!(want.len(), 113);
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every other day - forever".
#[test]
fn every_other_day_forever() {
    let got = nominals("1997-09-02T09:00", "FREQ=DAILY;INTERVAL=2", &[], 46);
    // Sep 2 … 30, Oct 2 … 24, Oct 26 … 30, Nov 1 … 29, Dec 1 …
    let want = every(d("1997-09-02"), d("1997-12-01"), 2);
    assert_eq!(want.len(), 46);
    assert_eq!(
        &want[..3],
        at("09:00", &["1997-09-02", "1997-09-04", "1997-09-06"]).as_slice()
    );
    assert_eq!(
        &want[27..31],
        at(
            "09:00",
            &["1997-10-26", "1997-10-28", "1997-10-30", "1997-11-01"]
        )
        .as_slice()
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 10 days, 5 occurrences".
#[test]
fn every_10_days_5_occurrences() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=DAILY;INTERVAL=10;COUNT=5",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &[
                "1997-09-02",
                "1997-09-12",
                "1997-09-22",
                "1997-10-02",
                "1997-10-12"
            ]
        )
    );
}

fn every_day_in_january_for_3_years() -> Vec<DateTime> {
    let mut want = Vec::new();
    for year in ["1998", "1999", "2000"] {
        let first = d(&format!("{year}-01-01"));
        want.extend(every(first, d(&format!("{year}-01-31")), 1));
    }
    want
}

// RFC 5545 §3.8.5.3: "Every day in January, for 3 years" (YEARLY form).
#[test]
fn every_day_in_january_for_3_years_yearly() {
    let got = nominals(
        "1998-01-01T09:00",
        "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
        &[],
        1000,
    );
    assert_eq!(got, every_day_in_january_for_3_years());
}

// RFC 5545 §3.8.5.3: "Every day in January, for 3 years" (DAILY form).
#[test]
fn every_day_in_january_for_3_years_daily() {
    let got = nominals(
        "1998-01-01T09:00",
        "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
        &[],
        1000,
    );
    assert_eq!(got, every_day_in_january_for_3_years());
}

// RFC 5545 §3.8.5.3: "Weekly for 10 occurrences".
#[test]
fn weekly_for_10_occurrences() {
    let got = nominals("1997-09-02T09:00", "FREQ=WEEKLY;COUNT=10", &[], 1000);
    assert_eq!(got, every(d("1997-09-02"), d("1997-11-04"), 7));
    assert_eq!(got.len(), 10);
}

// RFC 5545 §3.8.5.3: "Weekly until December 24, 1997".
#[test]
fn weekly_until_december_24_1997() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=WEEKLY;UNTIL=19971224T000000Z",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-09",
            "1997-09-16",
            "1997-09-23",
            "1997-09-30",
            "1997-10-07",
            "1997-10-14",
            "1997-10-21",
            "1997-10-28",
            "1997-11-04",
            "1997-11-11",
            "1997-11-18",
            "1997-11-25",
            "1997-12-02",
            "1997-12-09",
            "1997-12-16",
            "1997-12-23",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every other week - forever".
#[test]
fn every_other_week_forever() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
        &[],
        13,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-16",
            "1997-09-30",
            "1997-10-14",
            "1997-10-28",
            "1997-11-11",
            "1997-11-25",
            "1997-12-09",
            "1997-12-23",
            "1998-01-06",
            "1998-01-20",
            "1998-02-03",
            "1998-02-17",
        ],
    );
    assert_eq!(got, want);
}

fn tuesday_and_thursday_for_five_weeks() -> Vec<DateTime> {
    at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-04",
            "1997-09-09",
            "1997-09-11",
            "1997-09-16",
            "1997-09-18",
            "1997-09-23",
            "1997-09-25",
            "1997-09-30",
            "1997-10-02",
        ],
    )
}

// RFC 5545 §3.8.5.3: "Weekly on Tuesday and Thursday for five weeks" (UNTIL form).
#[test]
fn weekly_on_tuesday_and_thursday_for_five_weeks_until() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
        &[],
        1000,
    );
    assert_eq!(got, tuesday_and_thursday_for_five_weeks());
}

// RFC 5545 §3.8.5.3: "Weekly on Tuesday and Thursday for five weeks" (COUNT form).
#[test]
fn weekly_on_tuesday_and_thursday_for_five_weeks_count() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
        &[],
        1000,
    );
    assert_eq!(got, tuesday_and_thursday_for_five_weeks());
}

// RFC 5545 §3.8.5.3: "Every other week on Monday, Wednesday, and Friday until
// December 24, 1997, starting on Monday, September 1, 1997".
#[test]
fn every_other_week_on_monday_wednesday_and_friday_until_december_24_1997() {
    let got = nominals(
        "1997-09-01T09:00",
        "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-01",
            "1997-09-03",
            "1997-09-05",
            "1997-09-15",
            "1997-09-17",
            "1997-09-19",
            "1997-09-29",
            "1997-10-01",
            "1997-10-03",
            "1997-10-13",
            "1997-10-15",
            "1997-10-17",
            "1997-10-27",
            "1997-10-29",
            "1997-10-31",
            "1997-11-10",
            "1997-11-12",
            "1997-11-14",
            "1997-11-24",
            "1997-11-26",
            "1997-11-28",
            "1997-12-08",
            "1997-12-10",
            "1997-12-12",
            "1997-12-22",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every other week on Tuesday and Thursday, for 8 occurrences".
#[test]
fn every_other_week_on_tuesday_and_thursday_for_8_occurrences() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-04",
            "1997-09-16",
            "1997-09-18",
            "1997-09-30",
            "1997-10-02",
            "1997-10-14",
            "1997-10-16",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the first Friday for 10 occurrences".
#[test]
fn monthly_on_the_first_friday_for_10_occurrences() {
    let got = nominals(
        "1997-09-05T09:00",
        "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-05",
            "1997-10-03",
            "1997-11-07",
            "1997-12-05",
            "1998-01-02",
            "1998-02-06",
            "1998-03-06",
            "1998-04-03",
            "1998-05-01",
            "1998-06-05",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the first Friday until December 24, 1997".
#[test]
fn monthly_on_the_first_friday_until_december_24_1997() {
    let got = nominals(
        "1997-09-05T09:00",
        "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05"]
        )
    );
}

// RFC 5545 §3.8.5.3: "Every other month on the first and last Sunday of the
// month for 10 occurrences".
#[test]
fn every_other_month_on_the_first_and_last_sunday_of_the_month_for_10_occurrences() {
    let got = nominals(
        "1997-09-07T09:00",
        "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-07",
            "1997-09-28",
            "1997-11-02",
            "1997-11-30",
            "1998-01-04",
            "1998-01-25",
            "1998-03-01",
            "1998-03-29",
            "1998-05-03",
            "1998-05-31",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the second-to-last Monday of the month for 6 months".
#[test]
fn monthly_on_the_second_to_last_monday_of_the_month_for_6_months() {
    let got = nominals(
        "1997-09-22T09:00",
        "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-22",
            "1997-10-20",
            "1997-11-17",
            "1997-12-22",
            "1998-01-19",
            "1998-02-16",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the third-to-the-last day of the month, forever".
#[test]
fn monthly_on_the_third_to_the_last_day_of_the_month_forever() {
    let got = nominals("1997-09-28T09:00", "FREQ=MONTHLY;BYMONTHDAY=-3", &[], 6);
    let want = at(
        "09:00",
        &[
            "1997-09-28",
            "1997-10-29",
            "1997-11-28",
            "1997-12-29",
            "1998-01-29",
            "1998-02-26",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the 2nd and 15th of the month for 10 occurrences".
#[test]
fn monthly_on_the_2nd_and_15th_of_the_month_for_10_occurrences() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-15",
            "1997-10-02",
            "1997-10-15",
            "1997-11-02",
            "1997-11-15",
            "1997-12-02",
            "1997-12-15",
            "1998-01-02",
            "1998-01-15",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Monthly on the first and last day of the month for 10 occurrences".
#[test]
fn monthly_on_the_first_and_last_day_of_the_month_for_10_occurrences() {
    let got = nominals(
        "1997-09-30T09:00",
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-30",
            "1997-10-01",
            "1997-10-31",
            "1997-11-01",
            "1997-11-30",
            "1997-12-01",
            "1997-12-31",
            "1998-01-01",
            "1998-01-31",
            "1998-02-01",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 18 months on the 10th thru 15th of the month for 10 occurrences".
#[test]
fn every_18_months_on_the_10th_thru_15th_of_the_month_for_10_occurrences() {
    let got = nominals(
        "1997-09-10T09:00",
        "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-10",
            "1997-09-11",
            "1997-09-12",
            "1997-09-13",
            "1997-09-14",
            "1997-09-15",
            "1999-03-10",
            "1999-03-11",
            "1999-03-12",
            "1999-03-13",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every Tuesday, every other month".
#[test]
fn every_tuesday_every_other_month() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
        &[],
        18,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-02",
            "1997-09-09",
            "1997-09-16",
            "1997-09-23",
            "1997-09-30",
            "1997-11-04",
            "1997-11-11",
            "1997-11-18",
            "1997-11-25",
            "1998-01-06",
            "1998-01-13",
            "1998-01-20",
            "1998-01-27",
            "1998-03-03",
            "1998-03-10",
            "1998-03-17",
            "1998-03-24",
            "1998-03-31",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Yearly in June and July for 10 occurrences".
#[test]
fn yearly_in_june_and_july_for_10_occurrences() {
    let got = nominals(
        "1997-06-10T09:00",
        "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-06-10",
            "1997-07-10",
            "1998-06-10",
            "1998-07-10",
            "1999-06-10",
            "1999-07-10",
            "2000-06-10",
            "2000-07-10",
            "2001-06-10",
            "2001-07-10",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every other year on January, February, and March for 10 occurrences".
#[test]
fn every_other_year_on_january_february_and_march_for_10_occurrences() {
    let got = nominals(
        "1997-03-10T09:00",
        "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-03-10",
            "1999-01-10",
            "1999-02-10",
            "1999-03-10",
            "2001-01-10",
            "2001-02-10",
            "2001-03-10",
            "2003-01-10",
            "2003-02-10",
            "2003-03-10",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every third year on the 1st, 100th, and 200th day for 10 occurrences".
#[test]
fn every_third_year_on_the_1st_100th_and_200th_day_for_10_occurrences() {
    let got = nominals(
        "1997-01-01T09:00",
        "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
        &[],
        1000,
    );
    let want = at(
        "09:00",
        &[
            "1997-01-01",
            "1997-04-10",
            "1997-07-19",
            "2000-01-01",
            "2000-04-09",
            "2000-07-18",
            "2003-01-01",
            "2003-04-10",
            "2003-07-19",
            "2006-01-01",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 20th Monday of the year, forever".
#[test]
fn every_20th_monday_of_the_year_forever() {
    let got = nominals("1997-05-19T09:00", "FREQ=YEARLY;BYDAY=20MO", &[], 3);
    assert_eq!(
        got,
        at("09:00", &["1997-05-19", "1998-05-18", "1999-05-17"])
    );
}

// RFC 5545 §3.8.5.3: "Monday of week number 20 (where the default start of
// the week is Monday), forever".
#[test]
fn monday_of_week_number_20_forever() {
    let got = nominals(
        "1997-05-12T09:00",
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
        &[],
        3,
    );
    assert_eq!(
        got,
        at("09:00", &["1997-05-12", "1998-05-11", "1999-05-17"])
    );
}

// RFC 5545 §3.8.5.3: "Every Thursday in March, forever".
#[test]
fn every_thursday_in_march_forever() {
    let got = nominals(
        "1997-03-13T09:00",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
        &[],
        11,
    );
    let want = at(
        "09:00",
        &[
            "1997-03-13",
            "1997-03-20",
            "1997-03-27",
            "1998-03-05",
            "1998-03-12",
            "1998-03-19",
            "1998-03-26",
            "1999-03-04",
            "1999-03-11",
            "1999-03-18",
            "1999-03-25",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every Thursday, but only during June, July, and August, forever".
#[test]
fn every_thursday_but_only_during_june_july_and_august_forever() {
    let got = nominals(
        "1997-06-05T09:00",
        "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
        &[],
        39,
    );
    let want = at(
        "09:00",
        &[
            "1997-06-05",
            "1997-06-12",
            "1997-06-19",
            "1997-06-26",
            "1997-07-03",
            "1997-07-10",
            "1997-07-17",
            "1997-07-24",
            "1997-07-31",
            "1997-08-07",
            "1997-08-14",
            "1997-08-21",
            "1997-08-28",
            "1998-06-04",
            "1998-06-11",
            "1998-06-18",
            "1998-06-25",
            "1998-07-02",
            "1998-07-09",
            "1998-07-16",
            "1998-07-23",
            "1998-07-30",
            "1998-08-06",
            "1998-08-13",
            "1998-08-20",
            "1998-08-27",
            "1999-06-03",
            "1999-06-10",
            "1999-06-17",
            "1999-06-24",
            "1999-07-01",
            "1999-07-08",
            "1999-07-15",
            "1999-07-22",
            "1999-07-29",
            "1999-08-05",
            "1999-08-12",
            "1999-08-19",
            "1999-08-26",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every Friday the 13th, forever" (DTSTART excluded by EXDATE).
#[test]
fn every_friday_the_13th_forever() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
        &["1997-09-02T09:00"],
        5,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &[
                "1998-02-13",
                "1998-03-13",
                "1998-11-13",
                "1999-08-13",
                "2000-10-13"
            ]
        )
    );
}

// RFC 5545 §3.8.5.3: "The first Saturday that follows the first Sunday of the month, forever".
#[test]
fn the_first_saturday_that_follows_the_first_sunday_of_the_month_forever() {
    let got = nominals(
        "1997-09-13T09:00",
        "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
        &[],
        10,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-13",
            "1997-10-11",
            "1997-11-08",
            "1997-12-13",
            "1998-01-10",
            "1998-02-07",
            "1998-03-07",
            "1998-04-11",
            "1998-05-09",
            "1998-06-13",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 4 years, the first Tuesday after a Monday in
// November, forever (U.S. Presidential Election day)".
#[test]
fn every_4_years_the_first_tuesday_after_a_monday_in_november_forever() {
    let got = nominals(
        "1996-11-05T09:00",
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
        &[],
        3,
    );
    assert_eq!(
        got,
        at("09:00", &["1996-11-05", "2000-11-07", "2004-11-02"])
    );
}

// RFC 5545 §3.8.5.3: "The third instance into the month of one of Tuesday,
// Wednesday, or Thursday, for the next 3 months".
#[test]
fn the_third_instance_into_the_month_of_one_of_tuesday_wednesday_or_thursday_for_the_next_3_months()
{
    let got = nominals(
        "1997-09-04T09:00",
        "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at("09:00", &["1997-09-04", "1997-10-07", "1997-11-06"])
    );
}

// RFC 5545 §3.8.5.3: "The second-to-last weekday of the month".
#[test]
fn the_second_to_last_weekday_of_the_month() {
    let got = nominals(
        "1997-09-29T09:00",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
        &[],
        7,
    );
    let want = at(
        "09:00",
        &[
            "1997-09-29",
            "1997-10-30",
            "1997-11-27",
            "1997-12-30",
            "1998-01-29",
            "1998-02-26",
            "1998-03-30",
        ],
    );
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 3 hours from 9:00 AM to 5:00 PM on a specific day".
//
// The RFC writes `UNTIL=19970902T170000Z`, which is 13:00 EDT, yet lists
// 15:00: its listing follows the prose ("to 5:00 PM" local). The local
// UNTIL gives the listing; the literal UTC one stops after 12:00.
#[test]
fn every_3_hours_from_9_00_am_to_5_00_pm_on_a_specific_day() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000",
        &[],
        1000,
    );
    assert_eq!(got, times("1997-09-02", &["09:00", "12:00", "15:00"]));
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
        &[],
        1000,
    );
    assert_eq!(got, times("1997-09-02", &["09:00", "12:00"]));
}

// RFC 5545 §3.8.5.3: "Every 15 minutes for 6 occurrences".
#[test]
fn every_15_minutes_for_6_occurrences() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
        &[],
        1000,
    );
    assert_eq!(
        got,
        times(
            "1997-09-02",
            &["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"]
        )
    );
}

// RFC 5545 §3.8.5.3: "Every hour and a half for 4 occurrences".
#[test]
fn every_hour_and_a_half_for_4_occurrences() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
        &[],
        1000,
    );
    assert_eq!(
        got,
        times("1997-09-02", &["09:00", "10:30", "12:00", "13:30"])
    );
}

fn every_20_minutes_from_9_to_16_40(days: &[&str]) -> Vec<DateTime> {
    let mut want = Vec::new();
    for day in days {
        for hour in 9..=16 {
            for minute in [0, 20, 40] {
                want.push(format!("{day}T{hour:02}:{minute:02}").parse().unwrap());
            }
        }
    }
    want
}

// RFC 5545 §3.8.5.3: "Every 20 minutes from 9:00 AM to 4:40 PM every day" (DAILY form).
#[test]
fn every_20_minutes_from_9_00_am_to_4_40_pm_every_day_daily() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
        &[],
        48,
    );
    let want = every_20_minutes_from_9_to_16_40(&["1997-09-02", "1997-09-03"]);
    assert_eq!(want[23], "1997-09-02T16:40".parse::<DateTime>().unwrap());
    assert_eq!(got, want);
}

// RFC 5545 §3.8.5.3: "Every 20 minutes from 9:00 AM to 4:40 PM every day" (MINUTELY form).
#[test]
fn every_20_minutes_from_9_00_am_to_4_40_pm_every_day_minutely() {
    let got = nominals(
        "1997-09-02T09:00",
        "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
        &[],
        48,
    );
    assert_eq!(
        got,
        every_20_minutes_from_9_to_16_40(&["1997-09-02", "1997-09-03"])
    );
}

// RFC 5545 §3.8.5.3: "An example where the days generated makes a difference
// because of WKST" (WKST=MO).
#[test]
fn an_example_where_the_days_generated_makes_a_difference_because_of_wkst_mo() {
    let got = nominals(
        "1997-08-05T09:00",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"]
        )
    );
}

// RFC 5545 §3.8.5.3: "An example where the days generated makes a difference
// because of WKST" (WKST=SU).
#[test]
fn an_example_where_the_days_generated_makes_a_difference_because_of_wkst_su() {
    let got = nominals(
        "1997-08-05T09:00",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"]
        )
    );
}

// RFC 5545 §3.8.5.3: "An example where an invalid date (i.e., February 30) is ignored".
#[test]
fn an_example_where_an_invalid_date_is_ignored() {
    let got = nominals(
        "2007-01-15T09:00",
        "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
        &[],
        1000,
    );
    assert_eq!(
        got,
        at(
            "09:00",
            &[
                "2007-01-15",
                "2007-01-30",
                "2007-02-15",
                "2007-03-15",
                "2007-03-30"
            ]
        )
    );
}
