//! What the Python package calls (feature `python`; its PyO3 bindings are
//! the workspace member `python/`). Text in — a spec as JSON, window bounds
//! and "now" as people type them or as the package writes an aware
//! `datetime` — and the command line's JSON text out, so that a Python
//! result's `to_dict()` is what `wallclock … --format json` prints.
//!
//! Window options go through the one reader (`src/window.rs`) in Python's
//! spelling (`since`, `until`, `limit=50`), with the command line's forms
//! (`now`, durations) and its defaults: `notices` looks at the coming year,
//! `diff` at the 365 days from now, `describe` at the years from now. "Now"
//! is an argument: the package reads the clock, this module never does.

use jiff::Timestamp;

use crate::crontab::CronOptions;
use crate::error::{Error, ErrorCode};
use crate::misfire::Due;
use crate::spec::{MAX_INPUT, Schedule};
use crate::window::{Limit, Reader, Spelling, read_limit};

/// The error a panic of the engine raises, with what the panic said
/// (Rust's own words, quoted).
pub fn engine_panicked(what: &str) -> Error {
    let what = format!("the engine panicked: {what}");
    Error::new(
        ErrorCode::Internal,
        crate::lang::Text::new(crate::lang::errors::INTERNAL).with("what", what),
    )
}

/// A window as Python's keyword arguments give it, each as text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Window<'a> {
    /// `limit`, as `str(limit)` writes it.
    pub limit: Option<&'a str>,
    /// `since`: the window start.
    pub since: Option<&'a str>,
    /// `until`: the window end.
    pub until: Option<&'a str>,
    /// `horizon`: the window's length (`notices` only).
    pub horizon: Option<&'a str>,
}

/// Reads and validates a spec given as JSON text, at most 16 MiB as a
/// command-line file.
pub fn schedule(spec: &str, field: &str) -> Result<Schedule, Error> {
    if spec.len() > MAX_INPUT {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            crate::lang::Text::new(crate::lang::input_errors::PY_TOO_LARGE)
                .with("field", field)
                .with("max", MAX_INPUT),
        )
        .with_field(field.to_owned()));
    }
    Schedule::from_json(spec)
}

/// "Now" as the package passes it (an instant), read in `schedule`'s zone
/// as `--now` is.
fn now(schedule: &Schedule, now: &str) -> Result<Timestamp, Error> {
    Reader::new(schedule, None, Spelling::Python).instant(now, "now")
}

/// The reader of `schedule`'s window options, with `now` as its clock.
fn reader<'s>(schedule: &'s Schedule, now_text: &str) -> Result<Reader<'s>, Error> {
    let now = now(schedule, now_text)?;
    Ok(Reader::new(schedule, Some(now), Spelling::Python))
}

/// `wallclock expand`: the expansion's JSON.
pub fn expand(spec: &str, window: &Window<'_>, now: &str) -> Result<String, Error> {
    let schedule = schedule(spec, "spec")?;
    let limit = window
        .limit
        .map(|text| read_limit(&Limit::Text(text.to_owned()), Spelling::Python))
        .transpose()?;
    let options = reader(&schedule, now)?.options(limit, window.since, window.until)?;
    Ok(crate::expand(&schedule, &options)?.to_json())
}

/// `wallclock notices`: what clock changes do to the schedule over the
/// coming year (or `since`, `until`, `horizon`).
pub fn notices(spec: &str, window: &Window<'_>, now: &str) -> Result<String, Error> {
    let schedule = schedule(spec, "spec")?;
    let (from, to) =
        reader(&schedule, now)?.notices_window(window.since, window.until, window.horizon)?;
    Ok(crate::notices(&schedule, from, to)?.to_json())
}

/// `wallclock describe --now`: the sentence about the years from `now`.
pub fn describe(spec: &str, now_text: &str) -> Result<String, Error> {
    let schedule = schedule(spec, "spec")?;
    let from = crate::plan::default_from(&schedule, now(&schedule, now_text)?)?;
    Ok(crate::describe_from(&schedule, from))
}

/// `wallclock validate`: `{"valid": true, "rrule", "warnings"}`.
pub fn validate(spec: &str) -> Result<String, Error> {
    let schedule = schedule(spec, "spec")?;
    json(&crate::validate(&schedule))
}

/// `wallclock diff`: what changes from `old` to `new` over the window,
/// read in the old spec's zone (by default the 365 days from now).
pub fn diff(old: &str, new: &str, window: &Window<'_>, now: &str) -> Result<String, Error> {
    let old = schedule(old, "old")?;
    let new = schedule(new, "new")?;
    let (from, to) = reader(&old, now)?.diff_window(window.since, window.until)?;
    Ok(crate::diff(&old, &new, &crate::ExpandOptions::new().from(from).to(to))?.to_json())
}

/// `wallclock misfire`: the decisions' JSON and the `not_due` warnings'
/// JSON for a due list given as JSON text.
pub fn decide_misfires(spec: &str, due: &str, now_text: &str) -> Result<(String, String), Error> {
    let schedule = schedule(spec, "spec")?;
    if due.len() > MAX_INPUT {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            crate::lang::Text::new(crate::lang::input_errors::PY_TOO_LARGE)
                .with("field", "due")
                .with("max", MAX_INPUT),
        )
        .with_field("due"));
    }
    let now = now(&schedule, now_text)?;
    let due = Due::list(due, &schedule)?;
    let warnings = crate::check_due(&schedule, &due, now)?;
    let decisions = crate::decide_misfires(&schedule, &due, now);
    Ok((json(&decisions)?, json(&warnings)?))
}

/// A result as JSON text.
fn json(value: &impl serde::Serialize) -> Result<String, Error> {
    serde_json::to_string(value).map_err(|e| Error::internal(&e.to_string()))
}

/// [`crate::next_execution`] at or after `at` (an instant), or strictly
/// after it: the instant as text, `None` when the schedule never runs
/// again.
pub fn next_execution(spec: &str, at: &str, strictly_after: bool) -> Result<Option<String>, Error> {
    let schedule = schedule(spec, "spec")?;
    let mut at = schedule.instant_at(at, "at")?;
    if strictly_after {
        // Executions fall on whole seconds: the next nanosecond is "after".
        at = at
            .checked_add(jiff::SignedDuration::from_nanos(1))
            .map_err(|_| Error::internal("an instant at the end of the range"))?;
    }
    Ok(crate::next_execution(&schedule, at)?.map(crate::fmt_instant))
}

/// `wallclock from-cron`'s options as Python's keywords give them, each
/// as text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cron<'a> {
    /// `dialect`: the product that runs the line.
    pub dialect: &'a str,
    /// `tz`: the zone the product runs the line in, when the line names none.
    pub tz: Option<&'a str>,
    /// `id`: the spec's id.
    pub id: Option<&'a str>,
    /// `start`: a local date or date-time; the spec starts at its first run
    /// at or after it.
    pub start: Option<&'a str>,
    /// `gap`: a gap policy instead of the product's.
    pub gap: Option<&'a str>,
    /// `fold`: a fold policy instead of the product's.
    pub fold: Option<&'a str>,
}

/// `wallclock from-cron --dialect … -- LINE --format json`: the spec's
/// JSON and its warnings' JSON, through [`crate::from_cron`]. `now` (an
/// instant) is where a spec without `start` starts.
pub fn from_cron(line: &str, cron: &Cron<'_>, now_text: &str) -> Result<(String, String), Error> {
    let mut options = CronOptions::new(cron.dialect.parse()?);
    if let Some(tz) = cron.tz {
        options = options.time_zone(tz);
    }
    if let Some(start) = cron.start {
        options = options.start(start);
    }
    if let Some(id) = cron.id {
        options = options.id(id);
    }
    let now = crate::instant::parse_instant(now_text.trim()).ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidDateTime,
            crate::lang::Text::new(crate::lang::input_errors::CLI_INSTANT)
                .with("flag", "now")
                .with("text", now_text),
        )
        .with_field("now")
    })?;
    let import = crate::from_cron(line, &options, now)?;
    let warnings = json(&import.warnings())?;
    let mut spec = import.into_spec();
    if let Some(gap) = cron.gap {
        spec.gap = gap.parse()?;
    }
    if let Some(fold) = cron.fold {
        spec.fold = fold.parse()?;
    }
    Schedule::new(&spec)?;
    Ok((json(&spec)?, warnings))
}
