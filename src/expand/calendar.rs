//! Proleptic Gregorian arithmetic on plain integers.
//!
//! The expander visits many days per occurrence (a YEARLY rule with BYDAY
//! scans the year), so it works on day numbers (days since 1970-01-01) and
//! only builds a jiff `DateTime` for days that are actually generated.
//! These are Howard Hinnant's `days_from_civil` / `civil_from_days`: exact
//! for every year jiff supports, branch-light, and free of overflow for
//! any `i32` year.

/// Day number (days since 1970-01-01) of a valid civil date.
pub(crate) fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let (m, d) = (i64::from(month), i64::from(day));
    let y = i64::from(year) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Civil date `(year, month, day)` of a day number.
pub(crate) fn civil_from_days(days: i64) -> (i32, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    // Day numbers come from valid dates plus a few weeks, so `y` fits.
    (i32::try_from(y).unwrap_or(i32::MAX), m as u8, d as u8)
}

/// Weekday of a day number, Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
pub(super) fn weekday(days: i64) -> u8 {
    (days + 3).rem_euclid(7) as u8
}

pub(super) fn is_leap(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

pub(crate) fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

pub(super) fn days_in_year(year: i32) -> u16 {
    if is_leap(year) { 366 } else { 365 }
}

/// 1-based day of year of the first day of `month`. Inlined into the
/// expander's per-day check, which the wasm build's inline threshold would
/// otherwise leave a call.
#[inline(always)]
pub(super) fn month_start_doy(year: i32, month: u8) -> u16 {
    const CUM: [u16; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let leap = u16::from(month > 2 && is_leap(year));
    CUM[usize::from(month - 1) % 12] + leap + 1
}

/// The year's facts the day filters need, computed once per year visited.
#[derive(Clone, Copy, Debug)]
pub(super) struct YearCtx {
    pub(super) year: i32,
    pub(super) len: u16,
    /// Day numbers where week 1 of years `year - 1 ..= year + 2` starts.
    week1: [i64; 4],
}

impl YearCtx {
    pub(super) fn new(year: i32, wkst: u8) -> YearCtx {
        let mut week1 = [0; 4];
        for (i, w) in week1.iter_mut().enumerate() {
            *w = week1_start(year - 1 + i as i32, wkst);
        }
        YearCtx {
            year,
            len: days_in_year(year),
            week1,
        }
    }

    /// `(week number, weeks in that week's year)` of a day of `year` or of
    /// the days around it. Week 1 is the first week starting on WKST with at
    /// least four days in the year (RFC 5545 §3.3.10, ISO 8601), so the first
    /// days of January can belong to the previous year's last week and the
    /// last days of December to the next year's week 1.
    pub(super) fn week_of(&self, day: i64) -> (i64, i64) {
        let w = &self.week1;
        let i = if day < w[1] {
            0
        } else if day < w[2] {
            1
        } else {
            2
        };
        ((day - w[i]) / 7 + 1, (w[i + 1] - w[i]) / 7)
    }
}

/// Day number where week 1 of `year` starts, weeks starting on `wkst`.
fn week1_start(year: i32, wkst: u8) -> i64 {
    let jan1 = days_from_civil(year, 1, 1);
    let off = (i64::from(wkst) - i64::from(weekday(jan1))).rem_euclid(7);
    // The days of `year` before the first WKST form week 1 when they are at least four.
    if off >= 4 { jan1 + off - 7 } else { jan1 + off }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_weekdays_agree_with_jiff() {
        let mut d = jiff::civil::date(1600, 1, 1);
        let mut n = days_from_civil(1600, 1, 1);
        while d.year() < 2500 {
            assert_eq!(
                civil_from_days(n),
                (i32::from(d.year()), d.month() as u8, d.day() as u8)
            );
            assert_eq!(
                days_from_civil(i32::from(d.year()), d.month() as u8, d.day() as u8),
                n
            );
            assert_eq!(weekday(n), d.weekday().to_monday_zero_offset() as u8);
            assert_eq!(
                days_in_month(i32::from(d.year()), d.month() as u8),
                d.days_in_month() as u8
            );
            assert_eq!(
                month_start_doy(i32::from(d.year()), d.month() as u8) + d.day() as u16 - 1,
                d.day_of_year() as u16
            );
            d = d.tomorrow().unwrap();
            n += 1;
        }
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(
            civil_from_days(days_from_civil(9999, 12, 31)),
            (9999, 12, 31)
        );
        assert_eq!(civil_from_days(days_from_civil(-9999, 1, 1)), (-9999, 1, 1));
    }

    #[test]
    fn iso_weeks_match_jiff_with_monday_start() {
        let mut d = jiff::civil::date(1990, 1, 1);
        while d.year() < 2040 {
            let n = days_from_civil(i32::from(d.year()), d.month() as u8, d.day() as u8);
            let ctx = YearCtx::new(i32::from(d.year()), 0);
            let iso = d.iso_week_date();
            assert_eq!(ctx.week_of(n).0, i64::from(iso.week()), "{d}");
            d = d.tomorrow().unwrap();
        }
    }
}
