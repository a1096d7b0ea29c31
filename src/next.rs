//! The next execution at or after an instant: what a scheduler asks before
//! it sleeps (the Python package's APScheduler and Celery beat schedules ask
//! nothing else). It is an instant that `expand` lists, found through the
//! planner over windows that grow from the instant on, so a secondly rule
//! costs a minute's expansion and a yearly one a few short ones.

use jiff::{SignedDuration, Timestamp};

use crate::error::Error;
use crate::plan::{ExpandOptions, execution_instants};
use crate::spec::Schedule;

/// The first window looked at.
const FIRST_WINDOW: SignedDuration = SignedDuration::from_secs(60);

/// How much longer each window is than the one before: from a minute to
/// the end of the representable range in 13 windows.
const GROWTH: i32 = 8;

/// The earliest instant at or after `at` at which `schedule` runs (an entry
/// of [`crate::expand`] that is `scheduled` or `shifted`), or `None` when it
/// never runs again. Bounded like `expand`: each window's expansion stops
/// at the first execution in nominal order, and a window with none costs
/// what its entries cost (`limit_exceeded` past the ceilings).
///
/// ```
/// use wallclock::{Schedule, next_execution};
///
/// let schedule = Schedule::from_json(
///     r#"{"timeZone": "America/New_York", "start": "2026-03-06T02:30", "rrule": "FREQ=DAILY"}"#,
/// )?;
/// // 02:30 does not exist on 8 March (gap `skip`): the next run is the 9th.
/// let after_the_7th = "2026-03-07T08:00:00Z".parse().unwrap();
/// let next = next_execution(&schedule, after_the_7th)?.unwrap();
/// assert_eq!(next.to_string(), "2026-03-09T06:30:00Z");
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn next_execution(schedule: &Schedule, at: Timestamp) -> Result<Option<Timestamp>, Error> {
    let mut from = at;
    let mut length = FIRST_WINDOW;
    loop {
        let to = from.checked_add(length).unwrap_or(Timestamp::MAX);
        let window = ExpandOptions::new().from(from).to(to).limit(1);
        let first = execution_instants(schedule, &window)?;
        if let Some(&first) = first.first() {
            return earliest_before(schedule, from, first).map(Some);
        }
        if to == Timestamp::MAX {
            return Ok(None);
        }
        from = to;
        length = length.saturating_mul(GROWTH);
    }
}

/// `first` is the first execution in `[from, …)` in nominal order; a later
/// nominal runs earlier only around a clock change (fold `both`, a shifted
/// gap, sub-daily rules), so the earliest is `first` or one in `[from,
/// first)`.
fn earliest_before(
    schedule: &Schedule,
    from: Timestamp,
    first: Timestamp,
) -> Result<Timestamp, Error> {
    if first == from {
        return Ok(first);
    }
    let earlier = execution_instants(schedule, &ExpandOptions::new().from(from).to(first))?;
    Ok(earlier.into_iter().fold(first, Timestamp::min))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn next(spec: &str, after: &str) -> Option<String> {
        let schedule = Schedule::from_json(spec).unwrap();
        next_execution(&schedule, at(after))
            .unwrap()
            .map(|t| t.to_string())
    }

    #[test]
    fn the_second_run_of_a_fold_comes_before_a_later_nominal() {
        // New York, every 15 minutes from 01:00 on 1 November 2026 under fold
        // `both`: 01:15 runs at 05:15Z and again at 06:15Z, 01:30 at 05:30Z.
        let spec = r#"{"timeZone":"America/New_York","start":"2026-11-01T01:00","rrule":"FREQ=MINUTELY;INTERVAL=15;COUNT=20","fold":"both"}"#;
        assert_eq!(
            next(spec, "2026-11-01T05:15:01Z").as_deref(),
            Some("2026-11-01T05:30:00Z")
        );
        assert_eq!(
            next(spec, "2026-11-01T05:45:01Z").as_deref(),
            Some("2026-11-01T06:00:00Z")
        );
        assert_eq!(
            next(spec, "2026-11-01T06:00:01Z").as_deref(),
            Some("2026-11-01T06:15:00Z")
        );
    }

    #[test]
    fn a_rule_that_ended_never_runs_again_and_a_sparse_one_is_found_years_on() {
        let counted = r#"{"timeZone":"Europe/Berlin","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;COUNT=3"}"#;
        assert_eq!(next(counted, "2026-01-03T08:00:01Z"), None);
        assert_eq!(
            next(counted, "2026-01-03T08:00:00Z").as_deref(),
            Some("2026-01-03T08:00:00Z")
        );
        let leap = r#"{"timeZone":"Europe/Berlin","start":"2024-02-29T09:00","rrule":"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"}"#;
        assert_eq!(
            next(leap, "2024-03-01T00:00:00Z").as_deref(),
            Some("2028-02-29T08:00:00Z")
        );
    }
}
