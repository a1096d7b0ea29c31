//! `wallclock from-cron`: a cron line (with `--dialect`) as one spec, or
//! crontabs, Kubernetes manifests and systemd timers as JSON Lines.

use clap::Args;
use jiff::Timestamp;

use crate::cron::Dialect;
use crate::crontab::files::{self, Found, Kind};
use crate::crontab::lint::Finding;
use crate::crontab::{CronOptions, CronSpec, from_cron};
use crate::error::{Error, ErrorCode};
use crate::lang::{Arg, Conj, Text, input_errors as says};
use crate::note::Warning;
use crate::spec::Spec;

use super::args::{Now, Output};
use super::output::{Report, Shape, push_json};
use super::{Sources, input, table, warn};

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
                    Text::new(says::CLI_INSTANT)
                        .with("flag", "--now")
                        .with("text", text),
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

/// Runs `from-cron`: one line, or every schedule of the files given.
pub(crate) fn run(out: &mut String, args: &FromCron, sources: &mut Sources) -> Result<(), Error> {
    let dialect = args
        .dialect
        .as_deref()
        .map(str::parse::<Dialect>)
        .transpose()?;
    // One argument that is no file is a line when it looks like one (a
    // blank, a macro) or a dialect was given (systemd's `daily`).
    let line = match args.inputs.as_slice() {
        [one]
            if !std::path::Path::new(one).is_file()
                && one != "-"
                && (one.contains([' ', '\t']) || one.starts_with('@') || dialect.is_some()) =>
        {
            one.clone()
        }
        files => return from_files(out, args, dialect, files),
    };
    let Some(dialect) = dialect else {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_NEEDS_DIALECT).with("line", &line).with(
                "names",
                Arg::list(Dialect::ALL.iter().map(|d| format!("`{d}`")), Conj::Comma),
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

/// A file read for `from-cron` or `lint`: its kind and text.
pub(crate) fn read_file(path: &str) -> Result<(Kind, String), Error> {
    let text = input::read_at_most(path, "file", files::MAX_FILE as u64)?;
    Ok((Kind::of(path, &text), text))
}

/// The schedules of a crontab, manifest or timer.
pub(crate) fn schedules(
    path: &str,
    kind: Kind,
    text: &str,
    dialect: Option<Dialect>,
) -> Result<Vec<Found>, Error> {
    match kind {
        Kind::Crontab => Ok(files::crontab(
            path,
            text,
            dialect.unwrap_or(Dialect::Cronie),
        )),
        Kind::Manifest => files::manifest(path, text),
        Kind::Timer => files::timer(path, text),
        Kind::Spec => Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_SPEC_NOT_CRONTAB).with("path", path),
        )
        .with_field("file")),
    }
}

/// `from-cron FILE…`: one spec per schedule, as JSON Lines; every file is
/// read and every schedule translated before anything is printed.
fn from_files(
    out: &mut String,
    args: &FromCron,
    dialect: Option<Dialect>,
    paths: &[String],
) -> Result<(), Error> {
    let now = args.now()?;
    let mut specs = Vec::new();
    for path in paths {
        let (kind, text) = read_file(path)?;
        for found in schedules(path, kind, &text, dialect)? {
            let import = translate_found(path, &found, args, now)?;
            specs.push((path.clone(), found.line, import));
        }
    }
    for (path, line, import) in specs {
        for w in import.warnings() {
            let text = Text::new(says::CLI_AT)
                .with("path", path.as_str())
                .with("line", line)
                .with("why", w.text().clone());
            let located = Warning::new(w.code(), text);
            warn(std::slice::from_ref(&located));
        }
        let mut spec = import.into_spec();
        args.overrides(&mut spec)?;
        push_json(out, &spec, false);
    }
    Ok(())
}

/// A found schedule's spec; an error names the file and line.
fn translate_found(
    path: &str,
    found: &Found,
    args: &FromCron,
    now: Timestamp,
) -> Result<CronSpec, Error> {
    let mut joined: Option<crate::crontab::Imported> = None;
    for (line, text) in &found.lines {
        let mut options = CronOptions::new(found.dialect).cron_tz(found.cron_tz);
        if let Some(zone) = found.zone.as_deref().or(args.tz.as_deref()) {
            options = options.time_zone(zone);
        }
        if let Some(start) = &args.start {
            options = options.start(start.clone());
        }
        let one = crate::crontab::import(text, &options, now).map_err(|e| at(path, *line, &e))?;
        match &mut joined {
            Some(j) => j.join(one).map_err(|e| at(path, *line, &e))?,
            None => joined = Some(one),
        }
    }
    let Some(joined) = joined else {
        return Err(Error::internal("a schedule without a line"));
    };
    joined
        .into_spec(Some(&found.id))
        .map_err(|e| at(path, found.line, &e))
}

/// `e` with `file:line: ` before its message.
pub(crate) fn at(path: &str, line: usize, e: &Error) -> Error {
    let text = Text::new(says::CLI_AT)
        .with("path", path)
        .with("line", line)
        .with("why", e.text().clone());
    let mut located = Error::new(e.code(), text);
    if let Some(field) = e.field() {
        located = located.with_field(field);
    }
    if let Some(position) = e.position() {
        located = located.with_position(position);
    }
    located
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

/// `lint`'s arguments.
#[derive(Debug, Args)]
pub(crate) struct Lint {
    /// The dialect of crontabs [default: `cronie`]; manifests are
    /// `kubernetes` and timers `systemd`.
    #[arg(long, value_name = "DIALECT")]
    pub(crate) dialect: Option<String>,
    /// The host's zone, for schedules that name none [default: UTC, with a warning].
    #[arg(long, value_name = "ZONE")]
    pub(crate) tz: Option<String>,
    /// Window start: an instant or a date (UTC midnight) [default: now].
    #[arg(long, value_name = "DATETIME", allow_hyphen_values = true)]
    pub(crate) from: Option<String>,
    /// Window end: an instant or a date [default: 12 months after the start].
    #[arg(long, value_name = "DATETIME", allow_hyphen_values = true)]
    pub(crate) to: Option<String>,
    #[command(flatten)]
    pub(crate) now: Now,
    #[command(flatten)]
    pub(crate) output: Output,
    /// Crontabs, Kubernetes manifests, systemd `.timer` units or specs.
    #[arg(value_name = "FILE", required = true)]
    pub(crate) files: Vec<String>,
}

/// The findings of every file: what the products do on the coming clock
/// changes and the traps of their lines.
#[derive(serde::Serialize)]
struct LintReport {
    files: usize,
    schedules: usize,
    findings: Vec<Finding>,
}

/// Runs `lint`; the exit status is 1 when anything is found, 0 when not.
pub(crate) fn lint(out: &mut String, args: &Lint) -> Result<i32, Error> {
    let dialect = args
        .dialect
        .as_deref()
        .map(str::parse::<Dialect>)
        .transpose()?;
    let now = match &args.now.now {
        Some(text) => bound(text, "now")?,
        None => Timestamp::now(),
    };
    let from = args
        .from
        .as_deref()
        .map(|t| bound(t, "from"))
        .transpose()?
        .unwrap_or(now);
    let to = match &args.to {
        Some(t) => bound(t, "to")?,
        None => from
            .to_zoned_datetime(jiff::tz::TimeZone::UTC)
            .checked_add(jiff::Span::new().months(12))
            .map(|z| z.timestamp())
            .unwrap_or(from),
    };
    if to <= from {
        return Err(
            Error::new(ErrorCode::InvalidOption, Text::new(says::CLI_TO_AFTER_FROM))
                .with_field("to"),
        );
    }
    if let Some(zone) = &args.tz {
        crate::zone::time_zone(zone)?;
    }
    let mut report = LintReport {
        files: 0,
        schedules: 0,
        findings: Vec::new(),
    };
    for path in &args.files {
        let (kind, text) = read_file(path)?;
        report.files += 1;
        if kind == Kind::Spec {
            let spec = input::spec_text(&text).map_err(|e| at(path, 1, &e))?;
            report.schedules += 1;
            report
                .findings
                .extend(crate::crontab::lint::spec(path, &spec, from, to));
            continue;
        }
        for found in schedules(path, kind, &text, dialect)? {
            report.schedules += 1;
            report.findings.extend(crate::crontab::lint::found(
                path,
                &found,
                args.tz.as_deref(),
                from,
                to,
            ));
        }
    }
    let rows = || lint_rows(&report.findings);
    Report {
        whole: &report,
        records: &report.findings,
        rows: &rows,
        table: None,
    }
    .emit(out, &args.output, Shape::Records);
    Ok(if report.findings.is_empty() { 0 } else { 1 })
}

/// The table's columns.
fn lint_rows(findings: &[Finding]) -> Vec<Vec<String>> {
    let mut rows = vec![vec![
        "WHERE".to_owned(),
        "CODE".to_owned(),
        "ID".to_owned(),
        "FINDING".to_owned(),
        "FIX".to_owned(),
    ]];
    for f in findings {
        let fix = f
            .fix
            .as_ref()
            .map(|(k, v)| format!("\"{k}\": \"{}\"", v.render()))
            .unwrap_or_default();
        rows.push(vec![
            format!("{}:{}", f.file, f.line),
            f.code.to_owned(),
            f.id.clone(),
            f.message.to_string(),
            fix,
        ]);
    }
    rows
}

/// A window bound: an instant, or a date read as UTC midnight.
fn bound(text: &str, field: &str) -> Result<Timestamp, Error> {
    let full = if text.len() == 10 {
        format!("{text}T00:00:00Z")
    } else {
        text.to_owned()
    };
    crate::instant::parse_instant(full.trim()).ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidDateTime,
            Text::new(says::CLI_BOUND)
                .with("field", field)
                .with("text", text),
        )
        .with_field(field)
    })
}
