//! What `validate` answers on every surface: `wallclock validate` prints it,
//! the JS `validate` returns it.

use serde::Serialize;

use crate::plan::{Warning, warnings};
use crate::spec::{Rrules, Schedule};

/// A valid schedule's check: its RRULE in canonical form and its warnings.
/// (An invalid spec is an [`crate::Error`], never a `Validation`.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validation {
    /// Always `true`: the spec was read and validated.
    pub valid: bool,
    /// The rule in canonical form (the rules, when the spec has several),
    /// or `None` for a schedule without one.
    pub rrule: Option<Rrules>,
    /// What may surprise (a start in a gap or fold, a rule that never runs).
    pub warnings: Vec<Warning>,
}

/// The [`Validation`] of a schedule.
pub fn validate(schedule: &Schedule) -> Validation {
    Validation {
        valid: true,
        rrule: schedule.canonical_rules(),
        warnings: warnings(schedule),
    }
}
