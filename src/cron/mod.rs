//! Cron lines → the rules and policies that reproduce one product's runs.
//!
//! Every product that runs cron lines reads them its own way (which day
//! fields combine with OR, whether Sunday is 0, 1 or 7, what `*/2` means
//! in a day field) and does its own thing when the clock jumps. A parser
//! per dialect reads the line into one [`Expr`] (bit sets and day
//! predicates, as the product's own parser would build them); `translate`
//! turns it into RRULE texts (one, or several whose union is the schedule)
//! and the gap and fold policies that make the expansion give exactly the
//! product's runs, with a warning for every way in which one spec cannot
//! (README, "From cron"; DESIGN.md cites the products' code).
//!
//! This layer sits above `zone` (it names zones and looks at their coming
//! transitions) and below `spec`, which builds the spec from the result.

mod apscheduler;
mod behaviour;
mod field;
mod quartz;
mod robfig;
mod systemd;
mod translate;
mod vixie;

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorCode};
use crate::lang::{Arg, Conj, Text, input_errors};

pub(crate) use field::Part;
pub(crate) use translate::translate;

/// Which product runs the line, and so how it is read and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// A Kubernetes CronJob (`spec.schedule`, robfig/cron v3).
    Kubernetes,
    /// cronie (and ISC cron), in the host's zone or `CRON_TZ=`.
    Cronie,
    /// Debian's cron (Vixie cron 3.0 with Debian's patches).
    Debian,
    /// A systemd timer's `OnCalendar=`.
    Systemd,
    /// Quartz's `CronExpression` (seconds first, `?`, `L`, `W`, `#`).
    Quartz,
    /// APScheduler 4's `CronTrigger.from_crontab`.
    Apscheduler,
    /// AWS EventBridge Scheduler's `cron(…)` (six fields with the year).
    Eventbridge,
    /// GitHub Actions' `on.schedule` with a `timezone`.
    GithubActions,
}

impl Dialect {
    /// Every dialect, in the order the documentation lists them.
    pub const ALL: &'static [Dialect] = &[
        Dialect::Kubernetes,
        Dialect::Cronie,
        Dialect::Debian,
        Dialect::Systemd,
        Dialect::Quartz,
        Dialect::Apscheduler,
        Dialect::Eventbridge,
        Dialect::GithubActions,
    ];

    /// The token used on the command line, in JS and in lint findings.
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Kubernetes => "kubernetes",
            Dialect::Cronie => "cronie",
            Dialect::Debian => "debian",
            Dialect::Systemd => "systemd",
            Dialect::Quartz => "quartz",
            Dialect::Apscheduler => "apscheduler",
            Dialect::Eventbridge => "eventbridge",
            Dialect::GithubActions => "github-actions",
        }
    }

    /// The product's name in sentences.
    pub fn product(self) -> &'static str {
        match self {
            Dialect::Kubernetes => "Kubernetes",
            Dialect::Cronie => "cronie",
            Dialect::Debian => "Debian's cron",
            Dialect::Systemd => "systemd",
            Dialect::Quartz => "Quartz",
            Dialect::Apscheduler => "APScheduler",
            Dialect::Eventbridge => "EventBridge Scheduler",
            Dialect::GithubActions => "GitHub Actions",
        }
    }

    /// The product's name in a sentence of any language (`Debian's cron`,
    /// `Debian的cron`).
    pub(crate) fn product_name(self) -> crate::lang::Arg {
        match self {
            Dialect::Debian => crate::lang::Text::new(crate::lang::cron::DEBIAN).into(),
            _ => self.product().into(),
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Dialect {
    type Err = Error;
    fn from_str(s: &str) -> Result<Dialect, Error> {
        Dialect::ALL
            .iter()
            .copied()
            .find(|d| d.as_str() == s)
            .ok_or_else(|| {
                let names = Dialect::ALL.iter().map(|d| format!("`{d}`"));
                let message = Text::new(input_errors::CRON_DIALECT)
                    .with("dialect", s)
                    .with("names", Arg::list(names, Conj::Comma));
                Error::new(ErrorCode::InvalidOption, message).with_field("dialect")
            })
    }
}

/// How a restricted day-of-month and a restricted day-of-week combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Days {
    /// Either matches (Vixie cron, robfig): `0 9 1-7 * 1` is days 1–7 and
    /// every Monday.
    Or,
    /// Both must match (systemd, APScheduler; Quartz and EventBridge leave
    /// one of them `?`).
    And,
}

/// The years a line allows (Quartz's seventh field, EventBridge's sixth,
/// systemd's date): `first..=last`, `exact` when every year in between is
/// allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Years {
    pub(crate) first: u16,
    pub(crate) last: u16,
    pub(crate) exact: bool,
}

/// A cron line as its product's parser reads it: bit sets (bit `n` for
/// value `n`) and the day predicates that are not bit sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Expr {
    pub(crate) seconds: u64,
    pub(crate) minutes: u64,
    pub(crate) hours: u32,
    /// Bits 1..=12.
    pub(crate) months: u16,
    /// Bits 1..=31.
    pub(crate) dom: u32,
    /// Bit `k` (1..=31): the k-th last day of the month (`L` is 1, `L-2` is 3).
    pub(crate) from_end: u32,
    /// Quartz's `W`: the weekday nearest day `n` (negative: the `-n`-th
    /// last day), never leaving the month.
    pub(crate) nearest: Vec<i8>,
    /// Bits 0..=6, Sunday is 0.
    pub(crate) dow: u8,
    /// `(weekday, n)`: the n-th such weekday of the month (`#`), `n = -1`
    /// for the last one (`5L`).
    pub(crate) nth: Vec<(u8, i8)>,
    /// Whether the day-of-month field restricts the days at all.
    pub(crate) dom_restricted: bool,
    /// Whether the day-of-week field restricts the days at all.
    pub(crate) dow_restricted: bool,
    pub(crate) days: Days,
    pub(crate) years: Option<Years>,
    /// cronie's and Debian's "wildcard" job: the minute or hour field's text
    /// starts with `*` (or `@hourly`).
    pub(crate) wildcard: bool,
    /// A zone the line names itself (systemd's suffix, `CRON_TZ=`, `TZ=`).
    pub(crate) zone: Option<String>,
    /// robfig's `@every`: elapsed seconds between runs.
    pub(crate) every: Option<u64>,
    /// systemd's `@TIMESTAMP`: one instant, in seconds since the epoch.
    pub(crate) once: Option<i64>,
    /// Fields whose value the product picks at random (cronie's `~`).
    pub(crate) random: Vec<Part>,
    /// What the product ignores or reads unlike the text suggests, with the
    /// field: `(code, part, sentence)`, for lint.
    pub(crate) traps: Vec<(&'static str, Part, crate::lang::Text)>,
}

impl Expr {
    /// The macros every cron family spells alike (`@yearly`, `@annually`,
    /// `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`): midnight
    /// of the days they name, or every hour; `None` for another name. A
    /// macro restricts at most one day field, so the days are that field's
    /// (cron's OR applies only when both are restricted).
    pub(crate) fn named_macro(name: &str) -> Option<Expr> {
        let mut e = Expr::every_day(Days::And);
        e.minutes = 1;
        e.hours = 1;
        match name {
            "yearly" | "annually" => {
                e.months = 1 << 1;
                e.dom = 1 << 1;
                e.dom_restricted = true;
            }
            "monthly" => {
                e.dom = 1 << 1;
                e.dom_restricted = true;
            }
            "weekly" => {
                e.dow = 1;
                e.dow_restricted = true;
            }
            "daily" | "midnight" => {}
            "hourly" => e.hours = field::all(0, 23) as u32,
            _ => return None,
        }
        Some(e)
    }

    /// Every value of every field, days combined with `days`.
    pub(crate) fn every_day(days: Days) -> Expr {
        Expr {
            seconds: 1,
            minutes: field::all(0, 59),
            hours: field::all(0, 23) as u32,
            months: field::all(1, 12) as u16,
            dom: field::all(1, 31) as u32,
            from_end: 0,
            nearest: Vec::new(),
            dow: field::all(0, 6) as u8,
            nth: Vec::new(),
            dom_restricted: false,
            dow_restricted: false,
            days,
            years: None,
            wildcard: false,
            zone: None,
            every: None,
            once: None,
            random: Vec::new(),
            traps: Vec::new(),
        }
    }
}

/// Reads `line` as `dialect` reads it.
pub(crate) fn parse(line: &str, dialect: Dialect) -> Result<Expr, Error> {
    if line.len() > MAX_LINE {
        return Err(Error::new(
            ErrorCode::InvalidCron,
            Text::new(input_errors::CRON_TOO_LONG)
                .with("len", line.len())
                .with("max", MAX_LINE),
        )
        .with_field("cron"));
    }
    match dialect {
        Dialect::Kubernetes => robfig::parse(line),
        Dialect::Cronie | Dialect::Debian => vixie::parse(line, dialect),
        Dialect::GithubActions => vixie::parse_github(line),
        Dialect::Systemd => systemd::parse(line),
        Dialect::Quartz | Dialect::Eventbridge => quartz::parse(line, dialect),
        Dialect::Apscheduler => apscheduler::parse(line),
    }
}

/// Longest line read: no product's line comes near it, and every loop over
/// a line's text is bounded by it.
pub(crate) const MAX_LINE: usize = 4096;
