//! wallclock turns calendar rules written in local time into UTC instants,
//! and says, instance by instance, what daylight saving time did to them.
//!
//! ```
//! use wallclock::{expand, ExpandOptions, Schedule, Status};
//!
//! let schedule = Schedule::from_json(r#"{
//!     "timeZone": "America/New_York", "start": "2026-03-06T02:30",
//!     "rrule": "FREQ=DAILY;COUNT=4", "gap": "shift"
//! }"#)?;
//! let result = expand(&schedule, &ExpandOptions::new())?;
//! let march_8 = &result.entries()[2];
//! assert_eq!(march_8.status(), Status::Shifted);
//! assert_eq!(march_8.instant().unwrap().to_string(), "2026-03-08T07:30:00Z");
//! assert_eq!(march_8.notes()[0].code().as_str(), "gap_shifted");
//! # Ok::<(), wallclock::Error>(())
//! ```
//!
//! The layers run one way: [`Rule`] (RRULE text, validated) → the civil
//! expander (nominal local times, no zone) → the zone resolver (the only DST
//! code) → the planner (COUNT and UNTIL after resolution, merges, keys,
//! notes) → adapters. The core needs no feature and does no I/O; `now` is
//! always an argument. The `native` feature adds the `wallclock` command-line
//! tool; the `wasm` feature adds the JavaScript bindings; the `python`
//! feature adds what the Python package (`python/`) calls.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod cron;
mod crontab;
mod describe;
mod diff;
#[cfg(not(target_arch = "wasm32"))]
mod duration;
mod error;
mod expand;
mod format;
mod ical;
mod instant;
#[doc(hidden)]
pub mod lang;
mod misfire;
mod next;
mod note;
mod outage;
mod plan;
mod policy;
mod rule;
mod sort;
mod spec;
mod tzdb;
mod validation;
mod window;
mod zone;

#[cfg(feature = "native")]
pub mod cli;
#[cfg(all(feature = "native", not(target_arch = "wasm32")))]
pub mod ledger;
#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
pub mod python;
#[cfg(all(feature = "wasm", target_arch = "wasm32"))]
pub mod wasm;

/// The WebAssembly build allocates with talc: smaller and faster there than
/// the standard library's dlmalloc (DESIGN.md, "The wasm budget").
#[cfg(all(feature = "wasm", target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub use cron::Dialect;
#[cfg(all(feature = "native", not(target_arch = "wasm32")))]
pub use crontab::LINT_CODES;
pub use crontab::{CronOptions, CronSpec, from_cron};
pub use describe::{describe, describe_from};
pub use diff::{Cause, Change, ChangeKind, Diff, FieldChange, Side, diff};
pub use error::{Error, ErrorCode};
pub use format::{fmt_duration, fmt_instant, fmt_nominal, fmt_offset, key};
pub use ical::{
    IcalEvent, IcalImport, IcalOptions, parse_ical, parse_ical_events, to_ical, to_vcalendar,
};
pub use lang::{Lang, Speaking, Text};
pub use misfire::{Decision, Due, MisfireDecision, check_due, decide_misfires};
pub use next::next_execution;
pub use note::{Note, NoteCode, Warning};
pub use outage::{
    DecisionCounts, MAX_DECIDE, MAX_SHOW, Outage, OutageDecision, OutageOptions, simulate_outage,
};
pub use plan::{
    Entry, ExpandOptions, Expansion, MAX_ENTRIES, MAX_STEPS, MAX_TRANSITIONS, Status,
    execution_instants, expand, notice_window, notices, warnings,
};
pub use policy::{FoldPolicy, GapPolicy, InvalidDatePolicy, MisfirePolicy, OverlapPolicy};
pub use rule::{Frequency, Rule, Until, WeekdayNum};
pub use spec::{
    MAX_DATE_LIST, MAX_ID_LEN, MAX_RULES, Rrules, Schedule, Spec, instant_at, parse_duration,
    parse_local, shape_error,
};
pub use validation::{Validation, validate};
pub use zone::{Transition, time_zones, tzdb_version};
