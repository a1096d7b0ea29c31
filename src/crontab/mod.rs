//! Cron lines as specs: [`from_cron`] reads one line in a product's
//! dialect and builds the spec whose expansion gives that product's runs,
//! with its warnings. The CLI's crontab, manifest and timer readers and
//! `lint` (native builds) are built on it.

#[cfg(all(feature = "native", not(target_arch = "wasm32")))]
pub(crate) mod files;
#[cfg(all(feature = "native", not(target_arch = "wasm32")))]
pub(crate) mod lint;
#[cfg(all(feature = "native", not(target_arch = "wasm32")))]
pub use lint::LINT_CODES;

use jiff::Timestamp;
use jiff::civil::DateTime;
use serde::Serialize;

use crate::cron::{self, Dialect};
use crate::error::{Error, ErrorCode};
use crate::lang::{Text, cron as says};
use crate::note::Warning;
use crate::spec::{Rrules, Spec, parse_local};
use crate::zone;

/// How to read a cron line: the product (dialect), the zone it runs in
/// when the line names none, the schedule's id, and where the spec starts.
#[derive(Clone, Debug)]
pub struct CronOptions {
    dialect: Dialect,
    time_zone: Option<String>,
    id: Option<String>,
    start: Option<String>,
    cron_tz: bool,
}

impl CronOptions {
    /// Options for `dialect`, with no zone, id or start.
    pub fn new(dialect: Dialect) -> CronOptions {
        CronOptions {
            dialect,
            time_zone: None,
            id: None,
            start: None,
            cron_tz: false,
        }
    }

    /// The zone the product runs the line in (the host's zone, a CronJob's
    /// `timeZone`, a workflow's `timezone`); the line's own zone wins.
    pub fn time_zone(mut self, zone: impl Into<String>) -> CronOptions {
        self.time_zone = Some(zone.into());
        self
    }

    /// The spec's id.
    pub fn id(mut self, id: impl Into<String>) -> CronOptions {
        self.id = Some(id.into());
        self
    }

    /// Where the spec starts: its first run at or after this local date
    /// (`2026-01-01`) or date-time (`2026-01-01T09:00`). Without it, the
    /// first run at or after `now` in the zone.
    pub fn start(mut self, start: impl Into<String>) -> CronOptions {
        self.start = Some(start.into());
        self
    }

    /// cronie reads the line under a `CRON_TZ=` setting (the zone is the
    /// job's, not the host's): the clock changes work differently.
    pub fn cron_tz(mut self, cron_tz: bool) -> CronOptions {
        self.cron_tz = cron_tz;
        self
    }

    /// The dialect.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }
}

/// A cron line read as a spec: the spec, and what it cannot reproduce.
#[derive(Clone, Debug, Serialize)]
pub struct CronSpec {
    spec: Spec,
    warnings: Vec<Warning>,
}

impl CronSpec {
    /// The spec (its `gap` and `fold` are the product's).
    pub fn spec(&self) -> &Spec {
        &self.spec
    }
    /// How the product's runs differ from the spec's, each with a stable code.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
    /// The spec, consumed.
    pub fn into_spec(self) -> Spec {
        self.spec
    }
}

/// Reads a cron line as `options.dialect()` does and builds the spec that
/// reproduces the product's runs (README, "From cron").
///
/// ```
/// use wallclock::{CronOptions, Dialect, from_cron};
///
/// let options = CronOptions::new(Dialect::Cronie)
///     .time_zone("America/New_York")
///     .start("2026-01-01");
/// let import = from_cron("30 2 * * *", &options, jiff::Timestamp::UNIX_EPOCH)?;
/// let spec = import.spec();
/// assert_eq!(spec.rrule, Some("FREQ=DAILY;BYHOUR=2;BYMINUTE=30".into()));
/// // cronie runs a fixed-time job whose time is skipped right after the jump.
/// assert_eq!(spec.gap.as_str(), "snap");
/// assert_eq!(spec.fold.as_str(), "first");
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn from_cron(line: &str, options: &CronOptions, now: Timestamp) -> Result<CronSpec, Error> {
    import(line, options, now)?.into_spec(options.id.as_deref())
}

/// A line read and translated, before it is a spec: what several lines
/// (a timer's `OnCalendar=`s) are joined as.
#[derive(Clone, Debug)]
pub(crate) struct Imported {
    pub(crate) zone: String,
    pub(crate) rules: Vec<String>,
    pub(crate) gap: crate::policy::GapPolicy,
    pub(crate) fold: crate::policy::FoldPolicy,
    pub(crate) start: DateTime,
    pub(crate) warnings: Vec<Warning>,
}

/// Reads and translates one line.
pub(crate) fn import(line: &str, options: &CronOptions, now: Timestamp) -> Result<Imported, Error> {
    let dialect = options.dialect;
    let expr = cron::parse(line, dialect)?;
    let cron_tz = options.cron_tz || dialect == Dialect::Cronie && expr.zone.is_some();
    let (zone_name, mut warnings) = zone_for(&expr, options)?;
    let tz = zone::time_zone(&zone_name).map_err(|e| e.with_field("timeZone"))?;
    let from = match &options.start {
        Some(text) => start_text(text)?,
        None => tz.to_datetime(now),
    };
    let t = cron::translate(&expr, dialect, cron_tz, &tz, from)?;
    warnings.extend(t.warnings);
    Ok(Imported {
        zone: zone_name,
        rules: t.rules,
        gap: t.gap,
        fold: t.fold,
        start: t.start,
        warnings,
    })
}

impl Imported {
    /// Joins another line of the same schedule (a union of its runs).
    #[cfg(all(feature = "native", not(target_arch = "wasm32")))]
    pub(crate) fn join(&mut self, other: Imported) -> Result<(), Error> {
        if other.zone != self.zone {
            return Err(Error::new(
                ErrorCode::Unsupported,
                crate::lang::Text::new(crate::lang::input_errors::CRONTAB_TWO_ZONES)
                    .with("first", &self.zone)
                    .with("second", &other.zone),
            )
            .with_field("timeZone"));
        }
        for rule in other.rules {
            if !self.rules.contains(&rule) {
                self.rules.push(rule);
            }
        }
        self.start = self.start.min(other.start);
        for w in other.warnings {
            if !self.warnings.contains(&w) {
                self.warnings.push(w);
            }
        }
        Ok(())
    }

    /// The spec, checked.
    pub(crate) fn into_spec(self, id: Option<&str>) -> Result<CronSpec, Error> {
        let mut spec = Spec::new(self.zone, crate::format::fmt_nominal(self.start));
        // Several rules are a union (cron's day of month OR day of week,
        // Quartz's `W`, a timer's several `OnCalendar=`); none is
        // systemd's `@TIMESTAMP`, the start alone.
        spec.rrule = (!self.rules.is_empty()).then(|| Rrules::from(self.rules));
        spec.gap = self.gap;
        spec.fold = self.fold;
        if let Some(id) = id {
            spec.id = id.to_owned();
        }
        crate::spec::Schedule::new(&spec)?;
        Ok(CronSpec {
            spec,
            warnings: self.warnings,
        })
    }
}

/// The zone: the line's own (`CRON_TZ=`, `TZ=`, systemd's suffix), else
/// the one given, else UTC with a warning; UTC for an instant.
fn zone_for(expr: &cron::Expr, options: &CronOptions) -> Result<(String, Vec<Warning>), Error> {
    // systemd's `@TIMESTAMP` is an instant: UTC names it exactly.
    if expr.once.is_some() {
        return Ok(("UTC".to_owned(), Vec::new()));
    }
    if let Some(own) = &expr.zone {
        zone::time_zone(own).map_err(|e| e.with_field("timeZone"))?;
        return Ok((own.clone(), Vec::new()));
    }
    if let Some(given) = &options.time_zone {
        return Ok((given.clone(), Vec::new()));
    }
    Ok((
        "UTC".to_owned(),
        vec![Warning::new(
            "zone_assumed",
            Text::new(says::ZONE_ASSUMED)
                .with("product", options.dialect.product_name())
                .with("host", Text::new(host_zone(options.dialect))),
        )],
    ))
}

/// Where a product's line runs when nothing names a zone.
fn host_zone(dialect: Dialect) -> crate::lang::Template {
    match dialect {
        Dialect::Kubernetes => says::HOST_KUBERNETES,
        Dialect::GithubActions | Dialect::Eventbridge => says::HOST_UTC_UNLESS,
        Dialect::Quartz => says::HOST_JVM,
        Dialect::Apscheduler => says::HOST_LOCAL,
        _ => says::HOST,
    }
}

/// A start given as a local date or date-time.
fn start_text(text: &str) -> Result<DateTime, Error> {
    let full = if text.len() == 10 {
        format!("{text}T00:00")
    } else {
        text.to_owned()
    };
    parse_local(&full).map_err(|why| {
        Error::new(
            ErrorCode::InvalidStart,
            crate::lang::Text::new(crate::lang::input_errors::CRONTAB_START)
                .with("text", text)
                .with("why", why),
        )
        .with_field("start")
    })
}
