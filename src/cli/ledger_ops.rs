//! `wallclock ledger schedules|show|remove|retry|trigger|prune|occurrences`:
//! the operations surface. Each prints in `--format table|json|jsonl`:
//! a table on a terminal, JSON when piped. `occurrences` streams its rows
//! to stdout as they are read, so a listing of any length runs in constant
//! memory.

use std::io::{self, IsTerminal, Write};

use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::ledger::{
    Ledger, LedgerError, Occurrence, OccurrenceFilter, OccurrenceQuery, ScheduleView,
};

/// How a command prints its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutputFormat {
    /// Aligned columns for people.
    Table,
    /// One JSON document.
    Json,
    /// JSON Lines: one object per line.
    Jsonl,
}

/// `--format`, shared by the operations commands.
#[derive(Debug, Args)]
pub(crate) struct FormatArg {
    /// Output format (default: `table` on a terminal, `json` otherwise).
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<OutputFormat>,
}

impl FormatArg {
    fn get(&self) -> OutputFormat {
        self.format.unwrap_or(if io::stdout().is_terminal() {
            OutputFormat::Table
        } else {
            OutputFormat::Json
        })
    }
}

/// `ledger schedules`.
#[derive(Debug, Args)]
pub(crate) struct SchedulesArgs {
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger show ID`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// Schedule id.
    id: String,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger remove ID`.
#[derive(Debug, Args)]
pub(crate) struct RemoveArgs {
    /// Schedule id.
    id: String,
    /// The current instant (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger retry KEY`.
#[derive(Debug, Args)]
pub(crate) struct RetryArgs {
    /// The effect key of a `dead`, `manual` or `unknown_effect` occurrence.
    key: String,
    /// The current instant (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger trigger ID`.
#[derive(Debug, Args)]
pub(crate) struct TriggerArgs {
    /// Schedule id.
    id: String,
    /// The instant of the run (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger prune --before INSTANT`.
#[derive(Debug, Args)]
pub(crate) struct PruneArgs {
    /// Delete terminal occurrences before this UTC instant.
    #[arg(long, value_name = "INSTANT")]
    before: String,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger occurrences`.
#[derive(Debug, Args)]
pub(crate) struct OccurrencesArgs {
    /// Only this schedule.
    #[arg(long, value_name = "ID")]
    schedule: Option<String>,
    /// Only this state (`planned`, `done`, `manual`, …).
    #[arg(long, value_name = "STATE")]
    state: Option<String>,
    /// Only occurrences at or after this UTC instant.
    #[arg(long, value_name = "INSTANT")]
    since: Option<String>,
    /// Only occurrences before this UTC instant.
    #[arg(long, value_name = "INSTANT")]
    until: Option<String>,
    /// At most this many rows.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    json: bool,
    #[command(flatten)]
    format: FormatArg,
}

/// `ledger schedules`.
pub(crate) fn schedules(
    ledger: &Ledger,
    args: &SchedulesArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let views = ledger.schedule_views(None)?;
    match args.format.get() {
        OutputFormat::Table => schedule_table(out, &views),
        OutputFormat::Json => push(out, &views),
        OutputFormat::Jsonl => views.iter().for_each(|v| push(out, v)),
    }
    Ok(())
}

/// `ledger show ID`.
pub(crate) fn show(ledger: &Ledger, args: &ShowArgs, out: &mut String) -> Result<(), LedgerError> {
    let view = ledger.show_schedule(&args.id)?;
    match args.format.get() {
        OutputFormat::Table => {
            schedule_table(out, std::slice::from_ref(&view));
            let rows: Vec<[String; 4]> =
                std::iter::once(["REVISION", "CUTOVER", "UNTIL", "TZDB"].map(String::from))
                    .chain(view.revisions.iter().flatten().map(|r| {
                        [
                            format!("r{}", r["revision"]),
                            text(&r["cutover"]),
                            text(&r["until"]),
                            text(&r["tzdb"]),
                        ]
                    }))
                    .collect();
            out.push('\n');
            super::table::push_rows(out, &rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
        }
        OutputFormat::Json | OutputFormat::Jsonl => push(out, &view),
    }
    Ok(())
}

/// `ledger remove ID`.
pub(crate) fn remove(
    ledger: &mut Ledger,
    args: &RemoveArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    print_object(out, args.format.get(), &ledger.remove(&args.id, now)?);
    Ok(())
}

/// `ledger retry KEY`.
pub(crate) fn retry(
    ledger: &mut Ledger,
    args: &RetryArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    print_object(out, args.format.get(), &ledger.retry(&args.key, now)?);
    Ok(())
}

/// `ledger trigger ID`.
pub(crate) fn trigger(
    ledger: &mut Ledger,
    args: &TriggerArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    print_object(out, args.format.get(), &ledger.trigger(&args.id, now)?);
    Ok(())
}

/// `ledger prune --before INSTANT`.
pub(crate) fn prune(
    ledger: &mut Ledger,
    args: &PruneArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let before = super::ledger::instant(&args.before, "before")?;
    print_object(out, args.format.get(), &ledger.prune(before)?);
    Ok(())
}

/// `ledger occurrences`: JSON and JSON Lines go to stdout row by row as
/// they are read; a table needs every width first, so it is collected.
pub(crate) fn occurrences(
    ledger: &Ledger,
    args: &OccurrencesArgs,
    out: &mut String,
) -> Result<(), LedgerError> {
    let bound = |t: &Option<String>, field| {
        t.as_deref()
            .map(|t| super::ledger::instant(t, field))
            .transpose()
    };
    let query = OccurrenceQuery {
        filter: OccurrenceFilter {
            schedule: args.schedule.clone(),
            state: args.state.clone(),
            key: None,
        },
        since: bound(&args.since, "since")?,
        until: bound(&args.until, "until")?,
        limit: args.limit,
    };
    let format = match args.json {
        true => OutputFormat::Json,
        false => args.format.get(),
    };
    if format == OutputFormat::Table {
        let mut rows = Vec::new();
        ledger.each_occurrence(&query, &mut |o| {
            rows.push(o);
            Ok(())
        })?;
        occurrence_table(out, &rows);
        return Ok(());
    }
    let stdout = io::stdout();
    let mut w = io::BufWriter::new(stdout.lock());
    let mut first = true;
    let streamed = (|| {
        if format == OutputFormat::Json {
            w.write_all(b"[").map_err(stdout_error)?;
        }
        ledger.each_occurrence(&query, &mut |o: Occurrence| {
            if format == OutputFormat::Json && !first {
                w.write_all(b",").map_err(stdout_error)?;
            }
            first = false;
            serde_json::to_writer(&mut w, &o).map_err(|e| stdout_error(io::Error::other(e)))?;
            if format == OutputFormat::Jsonl {
                w.write_all(b"\n").map_err(stdout_error)?;
            }
            Ok(())
        })?;
        if format == OutputFormat::Json {
            w.write_all(b"]\n").map_err(stdout_error)?;
        }
        w.flush().map_err(stdout_error)
    })();
    match streamed {
        // A reader that stopped early (`| head`) ends the listing, not in error.
        Err(e) if e.code() == "stdout_closed" => Ok(()),
        r => r,
    }
}

fn stdout_error(e: io::Error) -> LedgerError {
    match e.kind() {
        io::ErrorKind::BrokenPipe => LedgerError::new("stdout_closed", "stdout was closed"),
        _ => LedgerError::new("internal", format!("cannot write to stdout: {e}")),
    }
}

/// One object: JSON on one line, or its fields as `name  value` rows.
fn print_object<T: Serialize>(out: &mut String, format: OutputFormat, value: &T) {
    match format {
        OutputFormat::Json | OutputFormat::Jsonl => push(out, value),
        OutputFormat::Table => {
            let v = serde_json::to_value(value).unwrap_or_default();
            let rows: Vec<[String; 2]> = v
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| [k.clone(), text(v)])
                .collect();
            super::table::push_rows(out, &rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
        }
    }
}

fn schedule_table(out: &mut String, views: &[ScheduleView]) {
    let head = [
        "ID", "REV", "STATUS", "ZONE", "RULE", "NEXT", "LAST", "LATE", "COUNTS",
    ]
    .map(String::from);
    let rows: Vec<[String; 9]> = std::iter::once(head)
        .chain(views.iter().map(|v| {
            let counts: Vec<String> = v
                .counts
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(s, n)| format!("{s}={n}"))
                .collect();
            let last = v.last_result.as_ref().map_or("-".to_owned(), |l| {
                format!("{} {}", text(&l["state"]), text(&l["at"]))
            });
            [
                v.id.clone(),
                format!("r{}", v.revision),
                v.status.clone(),
                v.time_zone.clone(),
                v.rule.clone().unwrap_or_else(|| "-".to_owned()),
                v.next_run.clone().unwrap_or_else(|| "-".to_owned()),
                last,
                match &v.lateness["lastSeconds"] {
                    serde_json::Value::Null => "-".to_owned(),
                    s => format!("{s}s"),
                },
                counts.join(" "),
            ]
        }))
        .collect();
    super::table::push_rows(out, &rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
}

fn occurrence_table(out: &mut String, list: &[Occurrence]) {
    let head = ["KEY", "REV", "INSTANT", "STATE", "ATTEMPTS", "NOTES"].map(String::from);
    let rows: Vec<[String; 6]> = std::iter::once(head)
        .chain(list.iter().map(|o| {
            let notes: Vec<&str> = o
                .notes
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|n| n["code"].as_str())
                .collect();
            [
                o.key.clone(),
                format!("r{}", o.revision),
                o.instant.clone().unwrap_or_else(|| "-".to_owned()),
                o.state.clone(),
                o.attempts.to_string(),
                notes.join(","),
            ]
        }))
        .collect();
    super::table::push_rows(out, &rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
}

/// A JSON value as a table cell: text as itself, null as `-`.
fn text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => "-".to_owned(),
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

fn push<T: Serialize + ?Sized>(out: &mut String, value: &T) {
    out.push_str(&serde_json::to_string(value).unwrap_or_default());
    out.push('\n');
}
