//! The command line, declared with clap's derive API. Parsing only: values
//! stay strings here and are validated by the library, so a bad policy or
//! date gets the same structured error as in JSON.

use clap::{Args, Parser, Subcommand};

use crate::error::{Error, ErrorCode};
use crate::lang::{Text, input_errors as says};
use crate::spec::Spec;
use crate::window::{Limit, Spelling, read_limit};

use super::input;
pub(crate) use super::output::Output;

/// Calendar rules in local time to UTC instants, with explicit DST policies.
#[derive(Debug, Parser)]
#[command(
    name = "wallclock",
    disable_version_flag = true,
    arg_required_else_help = true,
    after_help = "A spec's fields, the results and every warning and error code: docs/spec.md.\nThe occurrence ledger and scheduler, on a SQLite file or a PostgreSQL database: `wallclock ledger --help`."
)]
pub(crate) struct Cli {
    /// Print the version and the bundled tz database version.
    #[arg(short = 'V', long)]
    pub(crate) version: bool,
    /// The language of messages, notes and descriptions: `en`, `zh-CN` or
    /// `zh-TW` (default: `WALLCLOCK_LANG`, else the locale, else English).
    /// Help stays in English.
    #[arg(long, value_name = "LANG", global = true)]
    pub(crate) lang: Option<String>,
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Expand a schedule into occurrences (the result object of
    /// docs/spec.md §3), from its start unless `--from` says otherwise.
    Expand {
        #[command(flatten)]
        spec: SpecArgs,
        #[command(flatten)]
        output: Output,
        /// Stop after this many executions (distinct instants).
        #[arg(long, value_name = "N", value_parser = limit)]
        limit: Option<usize>,
        #[command(flatten)]
        window: Window,
    },
    /// Check a schedule; print the canonical rule and warnings.
    Validate {
        #[command(flatten)]
        spec: SpecArgs,
        #[command(flatten)]
        output: Output,
    },
    /// Describe a schedule in words, including what clock changes do to it
    /// in the coming years (from its start, or from now once it has started).
    Describe {
        #[command(flatten)]
        spec: SpecArgs,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        now: Now,
    },
    /// List the occurrences a clock change affects in a window: by default
    /// the 12 months from the spec's start, or from now once it has started.
    Notices {
        #[command(flatten)]
        spec: SpecArgs,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        window: Window,
        /// Window length, e.g. `P12M`, `P365D` or `14d` (default: the next 12 months).
        #[arg(long, value_name = "DURATION", conflicts_with = "to")]
        horizon: Option<String>,
    },
    /// Print the schedule as an iCalendar file (VCALENDAR with a VTIMEZONE
    /// and one VEVENT) that calendar software imports.
    Ical {
        #[command(flatten)]
        spec: SpecArgs,
    },
    /// Read iCalendar text and print each event's spec as JSON, one per
    /// line; what the reading assumed goes to stderr as warnings.
    FromIcal {
        /// The iCalendar file, or `-` for stdin.
        #[arg(value_name = "FILE")]
        file: String,
        /// Read only the event with this UID.
        #[arg(long, value_name = "UID")]
        uid: Option<String>,
        /// The zone for a UTC, floating or all-day `DTSTART` (IANA name).
        #[arg(long, value_name = "ZONE")]
        tz: Option<String>,
        #[command(flatten)]
        output: Output,
    },
    /// Decide what a late scheduler does with missed occurrences.
    Misfire {
        #[command(flatten)]
        spec: SpecArgs,
        /// The current instant, e.g. `2026-10-24T12:00:00Z`.
        #[arg(long, value_name = "INSTANT")]
        now: String,
        /// A JSON array of `{"key","instant"}`, or `-` for stdin.
        #[arg(long, value_name = "FILE")]
        due: String,
        #[command(flatten)]
        output: Output,
    },
    /// Compare two schedules over a window: the occurrences an edit adds,
    /// removes, moves or resolves differently, each with the spec field that
    /// explains it, over 365 days from now unless `--from`/`--to` say
    /// otherwise. Exit status 1 when anything differs, 0 when nothing does.
    Diff {
        /// The schedule as it is: a spec file (JSON or iCalendar), or `-` for stdin.
        #[arg(long, value_name = "FILE")]
        old: String,
        /// The schedule as it would be.
        #[arg(long, value_name = "FILE")]
        new: String,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        window: Window,
    },
    /// Read a cron line in a product's dialect (`--dialect`) and print the
    /// spec whose expansion gives that product's runs, its DST behaviour
    /// included; warnings (stderr) say what the spec cannot reproduce.
    FromCron(super::cron::FromCron),
    /// Check crontabs, Kubernetes manifests, systemd timers and specs: what
    /// each product does on the clock changes of the next 12 months and the
    /// traps of its lines, each finding with a stable code, `file:line` and
    /// the spec change that fixes it. Exit status 1 when anything is found,
    /// 0 when nothing is, 2 when a file cannot be read.
    Lint(super::cron::Lint),
    /// List the zone names of the bundled tz database.
    Zones {
        #[command(flatten)]
        output: Output,
    },
}

/// `--limit`, checked by the library's one limit check, whose error
/// [`super::usage_error`] passes on as it is.
fn limit(text: &str) -> Result<usize, Error> {
    read_limit(&Limit::Text(text.to_owned()), Spelling::Flags)
}

/// A window of time, its bounds as typed; local times are read in the
/// schedule's zone (the old schedule's, for `diff`).
#[derive(Debug, Args)]
pub(crate) struct Window {
    /// Window start: an instant (`2026-03-08T07:00:00Z`), a local time, `now`, or a duration from now (`-P1D`).
    #[arg(long, value_name = "DATETIME", allow_hyphen_values = true)]
    pub(crate) from: Option<String>,
    /// Window end: an instant, a local time, `now`, or a duration after the window start (`P7D`, `+7d`).
    #[arg(long, value_name = "DATETIME", allow_hyphen_values = true)]
    pub(crate) to: Option<String>,
    #[command(flatten)]
    pub(crate) now: Now,
}

/// "Now", read from the clock unless pinned.
#[derive(Debug, Args)]
pub(crate) struct Now {
    /// Pin "now" (an instant or a local time) for `now`, relative windows and the default window (default: the clock).
    #[arg(long = "now", value_name = "INSTANT")]
    pub(crate) now: Option<String>,
}

/// Where the schedule comes from: a spec file (JSON or iCalendar) or flags.
#[derive(Debug, Args)]
pub(crate) struct SpecArgs {
    /// A spec file (JSON, docs/spec.md §1, or an iCalendar VEVENT), or `-` for stdin.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["tz", "start", "rrule", "rdate", "exdate"])]
    pub(crate) spec: Option<String>,
    /// Time zone (IANA name) of an inline spec.
    #[arg(long, value_name = "ZONE")]
    pub(crate) tz: Option<String>,
    /// Start of an inline spec, a local date-time `YYYY-MM-DDTHH:MM[:SS]`.
    #[arg(long, value_name = "DATETIME")]
    pub(crate) start: Option<String>,
    /// RRULE of an inline spec, e.g. `FREQ=DAILY;COUNT=4` (repeatable: the union of the rules).
    #[arg(long, value_name = "RULE")]
    pub(crate) rrule: Vec<String>,
    /// An extra local date-time (repeatable).
    #[arg(long, value_name = "DATETIME")]
    pub(crate) rdate: Vec<String>,
    /// A local date-time to remove (repeatable).
    #[arg(long, value_name = "DATETIME")]
    pub(crate) exdate: Vec<String>,
    /// Gap policy: `skip`, `shift` or `snap` (overrides the spec file).
    #[arg(long, value_name = "POLICY")]
    pub(crate) gap: Option<String>,
    /// Fold policy: `first`, `second` or `both` (overrides the spec file).
    #[arg(long, value_name = "POLICY")]
    pub(crate) fold: Option<String>,
    /// Invalid-date policy: `omit`, `backward` or `forward` (overrides the spec file).
    #[arg(long, value_name = "POLICY")]
    pub(crate) invalid_date: Option<String>,
    /// Misfire policy: `all`, `latest_only` or `skip` (overrides the spec file).
    #[arg(long, value_name = "POLICY")]
    pub(crate) misfire: Option<String>,
    /// Schedule id (overrides the spec file).
    #[arg(long, value_name = "ID")]
    pub(crate) id: Option<String>,
}

impl SpecArgs {
    /// The spec, read from `--spec` or built from the inline flags, with
    /// policy overrides applied. Not validated yet.
    pub(crate) fn spec(&self) -> Result<Spec, Error> {
        let mut spec = match (&self.spec, &self.tz, &self.start) {
            (Some(path), _, _) => input::spec_text(&input::read_source(path, "spec")?)?,
            (None, Some(tz), Some(start)) => {
                let mut spec = Spec::new(tz.clone(), start.clone());
                spec.rrule = (!self.rrule.is_empty()).then(|| self.rrule.clone().into());
                spec.rdate = self.rdate.clone();
                spec.exdate = self.exdate.clone();
                spec
            }
            (None, None, None) => {
                return Err(
                    Error::new(ErrorCode::InvalidOption, Text::new(says::CLI_NO_SCHEDULE))
                        .with_field("spec"),
                );
            }
            (None, None, Some(_)) => {
                return Err(
                    Error::new(ErrorCode::InvalidSpec, Text::new(says::CLI_NO_TZ))
                        .with_field("timeZone"),
                );
            }
            (None, Some(_), None) => {
                return Err(
                    Error::new(ErrorCode::InvalidSpec, Text::new(says::CLI_NO_START))
                        .with_field("start"),
                );
            }
        };
        super::apply_overrides(&mut spec, self)?;
        Ok(spec)
    }
}
