//! The schedules in crontabs, Kubernetes manifests and systemd `.timer`
//! units (native builds: the CLI's `from-cron FILE…` and `lint`).
//!
//! A crontab's lines are comments, environment settings (`CRON_TZ=` sets
//! the zone of the lines after it for cronie; `TZ=` only reaches the
//! commands) and entries (`@macro` or five fields, then the command, with
//! a user name first in `/etc/crontab` and `/etc/cron.d`, which the
//! schedule never reaches). A manifest's documents are read for every
//! `kind: CronJob` (and the items of a `kind: List`), other kinds are
//! ignored. A timer's `[Timer]` section gives its `OnCalendar=` lines, an
//! empty one resetting the list, as systemd reads it.

use saphyr::{LoadableYamlNode, MarkedYaml, YamlData};

use crate::cron::Dialect;
use crate::error::{Error, ErrorCode};
use crate::lang::{Text, input_errors, lint as says};

use super::lint::Fix;

/// Largest crontab, manifest or timer read: far above any real one, so a
/// mistaken path (a log, a dump) fails fast with a clear message.
pub(crate) const MAX_FILE: usize = 1024 * 1024;

/// What a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Crontab,
    Manifest,
    Timer,
    /// A spec (JSON or iCalendar), which `lint` reads too.
    Spec,
}

impl Kind {
    /// The kind, from the name's extension, else from the text.
    pub(crate) fn of(name: &str, text: &str) -> Kind {
        let lower = name.to_ascii_lowercase();
        let body = text.trim_start_matches('\u{feff}').trim_start();
        if lower.ends_with(".timer") || body.starts_with("[Timer]") || body.starts_with("[Unit]") {
            Kind::Timer
        } else if lower.ends_with(".yaml")
            || lower.ends_with(".yml")
            || body.starts_with("apiVersion:")
            || body.starts_with("kind:")
            || body.starts_with("---")
        {
            Kind::Manifest
        } else if lower.ends_with(".json")
            || lower.ends_with(".ics")
            || body.starts_with('{')
            || body.starts_with("BEGIN:")
        {
            Kind::Spec
        } else {
            Kind::Crontab
        }
    }
}

/// A schedule found in a file: where, its id, and its cron text.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// 1-based line of the schedule.
    pub(crate) line: usize,
    pub(crate) id: String,
    pub(crate) dialect: Dialect,
    /// The cron line(s): one, or a timer's `OnCalendar=` values.
    pub(crate) lines: Vec<(usize, String)>,
    /// The zone the file sets (`CRON_TZ=`, `timeZone`).
    pub(crate) zone: Option<String>,
    pub(crate) cron_tz: bool,
    /// What the file itself deserves a finding for: `(code, line, sentence, fix)`.
    pub(crate) notes: Vec<FileNote>,
}

/// A finding about the file rather than the schedule's runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FileNote {
    pub(crate) code: &'static str,
    pub(crate) line: usize,
    pub(crate) message: Text,
    pub(crate) fix: Option<(&'static str, Fix)>,
}

/// The last path component, for ids.
fn base(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

/// A crontab's entries, read as `dialect` (cronie unless given).
pub(crate) fn crontab(name: &str, text: &str, dialect: Dialect) -> Vec<Found> {
    let mut out = Vec::new();
    let mut cron_tz: Option<String> = None;
    let mut tz_line: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = env_setting(line) {
            match key {
                "CRON_TZ" if dialect == Dialect::Cronie => cron_tz = Some(value),
                "CRON_TZ" | "TZ" => tz_line = Some(n),
                _ => {}
            }
            continue;
        }
        let entry = line.strip_prefix('-').unwrap_or(line);
        let schedule = schedule_part(entry);
        let mut notes = Vec::new();
        if let Some(at) = tz_line.take() {
            notes.push(FileNote {
                code: "tz_ignored",
                line: at,
                message: Text::new(if dialect == Dialect::Debian {
                    says::TZ_IGNORED_CRON_TZ
                } else {
                    says::TZ_IGNORED
                })
                .with("product", dialect.product_name()),
                fix: Some(("timeZone", Text::new(says::FIX_MEANT_ZONE).into())),
            });
        }
        out.push(Found {
            line: n,
            id: format!("{}:{n}", base(name)),
            dialect,
            lines: vec![(n, schedule)],
            zone: cron_tz.clone(),
            cron_tz: cron_tz.is_some(),
            notes,
        });
    }
    out
}

/// `NAME=value` (spaces around `=` allowed, the value maybe quoted), as
/// cron's `load_env` reads a setting: a name, then `=`, before any blank
/// that would make it an entry.
fn env_setting(line: &str) -> Option<(&str, String)> {
    let (name, value) = line.split_once('=')?;
    let name = name.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    if name.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = value.trim();
    let unquoted = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
        .unwrap_or(value);
    Some((name, unquoted.to_owned()))
}

/// The schedule of an entry: `@macro`, or the first five fields.
fn schedule_part(entry: &str) -> String {
    let tokens: Vec<&str> = entry.split_ascii_whitespace().collect();
    let n = if entry.starts_with('@') { 1 } else { 5 };
    tokens[..tokens.len().min(n)].join(" ")
}

/// A timer unit's `OnCalendar=` lines, one schedule for the unit.
pub(crate) fn timer(name: &str, text: &str) -> Result<Vec<Found>, Error> {
    let mut section = String::new();
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut first = 0;
    let mut notes = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            section = line.to_owned();
            continue;
        }
        if section != "[Timer]" {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "OnCalendar" if value.is_empty() => lines.clear(),
            "OnCalendar" => {
                if lines.is_empty() {
                    first = n;
                }
                lines.push((n, value.to_owned()));
            }
            "RandomizedDelaySec" if !value.is_empty() && value != "0" => notes.push(FileNote {
                code: "randomized_delay",
                line: n,
                message: Text::new(says::RANDOMIZED_DELAY).with("value", value),
                fix: None,
            }),
            _ => {}
        }
    }
    if lines.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidCron,
            Text::new(input_errors::CRONTAB_NO_ON_CALENDAR).with("name", name),
        )
        .with_field("file"));
    }
    Ok(vec![Found {
        line: first,
        id: base(name).to_owned(),
        dialect: Dialect::Systemd,
        lines,
        zone: None,
        cron_tz: false,
        notes,
    }])
}

/// Every CronJob of a manifest; the id is `namespace/name`.
pub(crate) fn manifest(name: &str, text: &str) -> Result<Vec<Found>, Error> {
    let docs = MarkedYaml::load_from_str(text).map_err(|e| {
        let why = Text::new(input_errors::CRONTAB_NOT_YAML)
            .with("name", name)
            .with("why", e.to_string());
        Error::new(ErrorCode::InvalidCron, why).with_field("file")
    })?;
    let mut out = Vec::new();
    for doc in &docs {
        cron_jobs(doc, &mut out);
    }
    if out.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidCron,
            Text::new(input_errors::CRONTAB_NO_CRONJOB).with("name", name),
        )
        .with_field("file"));
    }
    Ok(out)
}

/// The CronJobs in a document (itself, or the items of a `List`).
fn cron_jobs(doc: &MarkedYaml<'_>, out: &mut Vec<Found>) {
    match text(get(doc, "kind")).as_deref() {
        Some("CronJob") => out.push(cron_job(doc)),
        Some(kind) if kind.ends_with("List") => {
            if let Some(YamlData::Sequence(items)) = get(doc, "items").map(|n| &n.data) {
                for item in items.iter().take(100_000) {
                    cron_jobs(item, out);
                }
            }
        }
        _ => {}
    }
}

/// One CronJob: `spec.schedule`, `spec.timeZone`, `metadata.name` and
/// `metadata.namespace` (default `default`).
fn cron_job(doc: &MarkedYaml<'_>) -> Found {
    let meta = get(doc, "metadata");
    let name = text(meta.and_then(|m| get(m, "name"))).unwrap_or_else(|| "unnamed".to_owned());
    let namespace =
        text(meta.and_then(|m| get(m, "namespace"))).unwrap_or_else(|| "default".to_owned());
    let spec = get(doc, "spec");
    let schedule = spec.and_then(|s| get(s, "schedule"));
    let zone = spec.and_then(|s| get(s, "timeZone"));
    let line = schedule
        .or(spec)
        .map_or(doc.span.start.line(), |n| n.span.start.line());
    let mut notes = Vec::new();
    let cron = text(schedule).unwrap_or_default();
    if zone.is_none() {
        notes.push(FileNote {
            code: "no_time_zone",
            line,
            message: Text::new(says::NO_TIME_ZONE).with("job", format!("{namespace}/{name}")),
            fix: Some(("timeZone", "Etc/UTC".into())),
        });
    }
    if cron.contains("TZ=") {
        notes.push(FileNote {
            code: "tz_in_schedule",
            line,
            message: Text::new(says::TZ_IN_SCHEDULE),
            fix: Some((
                "timeZone",
                cron.split(['=', ' ']).nth(1).unwrap_or("").into(),
            )),
        });
    }
    Found {
        line,
        id: format!("{namespace}/{name}"),
        dialect: Dialect::Kubernetes,
        lines: vec![(line, cron)],
        zone: text(zone),
        cron_tz: false,
        notes,
    }
}

/// A mapping's value for `key`.
fn get<'a, 'i>(node: &'a MarkedYaml<'i>, key: &str) -> Option<&'a MarkedYaml<'i>> {
    match &node.data {
        YamlData::Mapping(map) => map
            .iter()
            .find(|(k, _)| k.data.as_str() == Some(key))
            .map(|(_, v)| v),
        _ => None,
    }
}

/// A scalar's text (numbers and booleans as written).
fn text(node: Option<&MarkedYaml<'_>>) -> Option<String> {
    let node = node?;
    if let Some(s) = node.data.as_str() {
        return Some(s.to_owned());
    }
    match &node.data {
        YamlData::Value(v) => Some(format!("{v:?}")),
        _ => None,
    }
}
