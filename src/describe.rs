//! `describe`: an English sentence for a schedule, including what happens on
//! days when the clocks change.

use crate::spec::Schedule;

/// Describes a schedule in English, e.g. "Every day at 02:30 in
/// America/New_York. When 02:30 does not exist (second Sunday of March)
/// that day is skipped."
pub fn describe(schedule: &Schedule) -> String {
    let _ = schedule;
    String::new()
}
