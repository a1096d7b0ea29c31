//! `wallclock from-cron`: a cron line (with `--dialect`) as one spec, or
//! crontabs, Kubernetes manifests and systemd timers as JSON Lines.

use clap::Args;
use jiff::Timestamp;

use crate::cron::Dialect;
use crate::crontab::{CronOptions, CronSpec, from_cron};
use crate::error::{Error, ErrorCode};
use crate::spec::Spec;

use super::args::{Now, Output};
use super::output::{Report, Shape};
use super::{Sources, table, warn};

/// `from-cron`'s arguments.
#[derive(Debug, Args)]
pub(crate) struct FromCron {
    /// The product that runs the line: `kubernetes`, `cronie`, `debian`,
    /// `systemd`, `quartz`, `apscheduler`, `eventbridge` or
    /// `github-actions` (for files, the file's kind decides unless given).
    #[arg(long, value_name = "DIALECT")]
    pub(crate) dialect: Option<String>,
    /// The zone the product runs the line in (IANA name), when the line
    /// names none: the host's, a CronJob's `timeZone` [default: UTC, with a warning].
    #[arg(long, value_name = "ZONE")]
    pub(crate) tz: Option<String>,
    /// The spec's id (a line's only; files make their own).
    #[arg(long, value_name = "ID")]
    pub(crate) id: Option<String>,
    /// The spec starts at its first run at or after this local date or
    /// date-time [default: now].
    #[arg(long, value_name = "DATETIME")]
    pub(crate) start: Option<String>,
    /// Gap policy instead of the product's: `skip`, `shift` or `snap`.
    #[arg(long, value_name = "POLICY")]
    pub(crate) gap: Option<String>,
    /// Fold policy instead of the product's: `first`, `second` or `both`.
    #[arg(long, value_name = "POLICY")]
    pub(crate) fold: Option<String>,
    #[command(flatten)]
    pub(crate) now: Now,
    #[command(flatten)]
    pub(crate) output: Output,
    /// A cron line (one argument; quote it), or crontab, manifest and
    /// `.timer` files.
    #[arg(value_name = "LINE|FILE", required = true)]
    pub(crate) inputs: Vec<String>,
}

impl FromCron {
    /// The options for a line in `dialect`.
    fn options(&self, dialect: Dialect) -> CronOptions {
        let mut options = CronOptions::new(dialect);
        if let Some(tz) = &self.tz {
            options = options.time_zone(tz.clone());
        }
        if let Some(start) = &self.start {
            options = options.start(start.clone());
        }
        options
    }

    /// "Now", for the default start: `--now` (an instant) or the clock.
    fn now(&self) -> Result<Timestamp, Error> {
        match &self.now.now {
            Some(text) => crate::instant::parse_instant(text.trim()).ok_or_else(|| {
                Error::new(
                    ErrorCode::InvalidDateTime,
                    format!("invalid `--now` `{text}`: expected an instant such as `2026-03-08T07:00:00Z`"),
                )
                .with_field("now")
            }),
            None => Ok(Timestamp::now()),
        }
    }

    /// `--gap` and `--fold`, over the product's policies.
    fn overrides(&self, spec: &mut Spec) -> Result<(), Error> {
        if let Some(gap) = &self.gap {
            spec.gap = gap.parse()?;
        }
        if let Some(fold) = &self.fold {
            spec.fold = fold.parse()?;
        }
        Ok(())
    }
}

/// Runs `from-cron`.
pub(crate) fn run(out: &mut String, args: &FromCron, sources: &mut Sources) -> Result<(), Error> {
    let dialect = args
        .dialect
        .as_deref()
        .map(str::parse::<Dialect>)
        .transpose()?;
    let line = match args.inputs.as_slice() {
        [one] if !std::path::Path::new(one).is_file() && one != "-" => one.clone(),
        _ => {
            return Err(Error::new(
                ErrorCode::InvalidOption,
                "reading crontabs, manifests and timers is not available yet: pass one cron line with `--dialect`",
            ));
        }
    };
    let Some(dialect) = dialect else {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            format!(
                "a cron line needs `--dialect`: which product runs `{}`? one of {}, e.g. `--dialect kubernetes`",
                line,
                Dialect::ALL.iter().map(|d| format!("`{d}`")).collect::<Vec<_>>().join(", ")
            ),
        )
        .with_field("dialect"));
    };
    for part in [
        "cron",
        "second",
        "minute",
        "hour",
        "day-of-month",
        "month",
        "day-of-week",
        "year",
    ] {
        sources.add(part, "LINE".to_owned(), &line);
    }
    sources.flag("tz", args.tz.as_deref());
    sources.flag("start", args.start.as_deref());
    let mut options = args.options(dialect);
    if let Some(id) = &args.id {
        options = options.id(id.clone());
    }
    let import = from_cron(&line, &options, args.now()?)?;
    print_one(out, args, import)
}

/// One spec, its warnings on stderr.
fn print_one(out: &mut String, args: &FromCron, import: CronSpec) -> Result<(), Error> {
    warn(import.warnings());
    let mut spec = import.into_spec();
    args.overrides(&mut spec)?;
    crate::spec::Schedule::new(&spec)?;
    let rows = || table::spec_rows(&spec);
    Report {
        whole: &spec,
        records: std::slice::from_ref(&spec),
        rows: &rows,
        table: None,
    }
    .emit(out, &args.output, Shape::Records);
    Ok(())
}
