//! `wallclock ledger schedules|show|remove|retry|trigger|prune|occurrences|explain`:
//! the operations surface, printed through the ledger's one `--format`
//! (`src/cli/ledger_print.rs`). `occurrences` streams its rows to stdout
//! as they are read (JSON, JSON Lines, CSV), so a listing of any length
//! runs in constant memory.

use std::io::{self, Write};

use clap::Args;
use serde_json::Value;

use crate::lang::{Text, input_errors, ledger as says};

use super::ledger_print::cell;
use super::output::{Format, Output, Report, Shape};
use crate::ledger::{
    Explanation, Ledger, LedgerError, Occurrence, OccurrenceFilter, OccurrenceQuery, Queued,
    Removed, ScheduleView,
};

/// `ledger show ID`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// Schedule id.
    pub(super) id: String,
}

/// `ledger remove ID`.
#[derive(Debug, Args)]
pub(crate) struct RemoveArgs {
    /// Schedule id.
    pub(super) id: String,
    /// The current instant (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
}

/// `ledger retry KEY`.
#[derive(Debug, Args)]
pub(crate) struct RetryArgs {
    /// The effect key of a `dead`, `manual` or `unknown_effect` occurrence.
    pub(super) key: String,
    /// The current instant (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
}

/// `ledger trigger ID`.
#[derive(Debug, Args)]
pub(crate) struct TriggerArgs {
    /// Schedule id.
    pub(super) id: String,
    /// The instant of the run (default: the clock).
    #[arg(long, value_name = "INSTANT")]
    now: Option<String>,
}

/// `ledger prune --before INSTANT`.
#[derive(Debug, Args)]
pub(crate) struct PruneArgs {
    /// Delete terminal occurrences before this UTC instant.
    #[arg(long, value_name = "INSTANT")]
    before: String,
}

/// `ledger occurrences`.
#[derive(Debug, Args)]
pub(crate) struct OccurrencesArgs {
    /// Only this schedule.
    #[arg(long, value_name = "ID")]
    pub(super) schedule: Option<String>,
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
}

/// `ledger schedules`: one record per schedule.
pub(crate) fn schedules(
    ledger: &Ledger,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let views = ledger.schedule_views(None)?;
    let rows = || schedule_rows(&views);
    Report {
        whole: &views,
        records: &views,
        rows: &rows,
        table: None,
    }
    .emit(out, output, Shape::Records);
    Ok(super::OK)
}

/// `ledger show ID`: one schedule; its table adds the revisions.
pub(crate) fn show(
    ledger: &Ledger,
    args: &ShowArgs,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let view = ledger.show_schedule(&args.id)?;
    let one = std::slice::from_ref(&view);
    let rows = || schedule_rows(one);
    let table = |out: &mut String| {
        super::table::push_rows(out, &schedule_rows(one));
        let revisions = std::iter::once(
            ["REVISION", "CUTOVER", "UNTIL", "TZDB"]
                .map(String::from)
                .to_vec(),
        )
        .chain(view.revisions.iter().flatten().map(|r| {
            vec![
                format!("r{}", r["revision"]),
                cell(&r["cutover"]),
                cell(&r["until"]),
                cell(&r["tzdb"]),
            ]
        }))
        .collect::<Vec<_>>();
        out.push('\n');
        super::table::push_rows(out, &revisions);
    };
    Report {
        whole: &view,
        records: one,
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, output, Shape::Records);
    Ok(super::OK)
}

/// `ledger remove ID`.
pub(crate) fn remove(ledger: &mut Ledger, args: &RemoveArgs) -> Result<Removed, LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    ledger.remove(&args.id, now)
}

/// `ledger retry KEY`.
pub(crate) fn retry(ledger: &mut Ledger, args: &RetryArgs) -> Result<Queued, LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    ledger.retry(&args.key, now)
}

/// `ledger trigger ID`.
pub(crate) fn trigger(ledger: &mut Ledger, args: &TriggerArgs) -> Result<Queued, LedgerError> {
    let now = super::ledger::now_or_clock(args.now.as_deref())?;
    ledger.trigger(&args.id, now)
}

/// `ledger prune --before INSTANT`.
pub(crate) fn prune(
    ledger: &mut Ledger,
    args: &PruneArgs,
) -> Result<crate::ledger::PruneReport, LedgerError> {
    let before = super::ledger::instant(&args.before, "before")?;
    ledger.prune(before)
}

/// `ledger explain KEY`: the whole explanation as JSON (one object for
/// `jsonl`); as a table and CSV, its occurrences and then their attempts.
pub(crate) fn explain(
    ledger: &Ledger,
    key: &str,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let explained = ledger.explain(key)?;
    let rows = || explain_rows(&explained);
    let table = |out: &mut String| explain_table(out, &explained);
    Report {
        whole: &explained,
        records: std::slice::from_ref(&explained),
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, output, Shape::Records);
    Ok(super::OK)
}

/// `ledger occurrences`: JSON, JSON Lines and CSV go to stdout row by row
/// as they are read; a table needs every width first, so it is collected.
pub(crate) fn occurrences(
    ledger: &Ledger,
    args: &OccurrencesArgs,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
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
    // Checked before anything is printed: a listing that fails here
    // leaves stdout empty in every format.
    ledger.check_filter(&query.filter)?;
    let format = output.format(Shape::Records);
    if format == Format::Table {
        let mut rows = Vec::new();
        ledger.each_occurrence(&query, &mut |o| {
            rows.push(o);
            Ok(())
        })?;
        super::table::push_rows(out, &occurrence_rows(&rows));
        return Ok(super::OK);
    }
    match stream(ledger, &query, format, output.pretty) {
        // A reader that stopped early (`| head`) ends the listing, not in error.
        Err(e) if e.code() == "stdout_closed" => Ok(super::OK),
        r => r.map(|()| super::OK),
    }
}

/// Writes each occurrence to stdout as the store returns it. Should the
/// listing fail, what is still buffered is dropped rather than written:
/// the opening `[` or CSV header never reaches stdout without a row.
fn stream(
    ledger: &Ledger,
    query: &OccurrenceQuery,
    format: Format,
    pretty: bool,
) -> Result<(), LedgerError> {
    let stdout = io::stdout();
    let mut w = io::BufWriter::new(stdout.lock());
    match write_listing(&mut w, ledger, query, format, pretty) {
        Ok(()) => w.flush().map_err(stdout_error),
        Err(e) => {
            let _ = w.into_parts();
            Err(e)
        }
    }
}

fn write_listing(
    w: &mut impl Write,
    ledger: &Ledger,
    query: &OccurrenceQuery,
    format: Format,
    pretty: bool,
) -> Result<(), LedgerError> {
    if format == Format::Csv {
        let mut csv = csv::Writer::from_writer(w);
        let write = |csv: &mut csv::Writer<_>, row: &[String]| {
            csv.write_record(row).map_err(|e| match e.into_kind() {
                csv::ErrorKind::Io(e) => stdout_error(e),
                e => stdout_error(io::Error::other(format!("{e:?}"))),
            })
        };
        write(&mut csv, &occurrence_rows(&[])[0])?;
        ledger.each_occurrence(query, &mut |o: Occurrence| {
            write(&mut csv, &occurrence_rows(std::slice::from_ref(&o))[1])
        })?;
        return csv.flush().map_err(stdout_error);
    }
    let mut first = true;
    if format == Format::Json {
        w.write_all(b"[").map_err(stdout_error)?;
    }
    ledger.each_occurrence(query, &mut |o: Occurrence| {
        if format == Format::Json && !first {
            w.write_all(b",").map_err(stdout_error)?;
        }
        first = false;
        let written = match pretty && format == Format::Json {
            true => serde_json::to_writer_pretty(&mut *w, &o),
            false => serde_json::to_writer(&mut *w, &o),
        };
        written.map_err(|e| stdout_error(io::Error::other(e)))?;
        if format == Format::Jsonl {
            w.write_all(b"\n").map_err(stdout_error)?;
        }
        Ok(())
    })?;
    if format == Format::Json {
        w.write_all(b"]\n").map_err(stdout_error)?;
    }
    Ok(())
}

/// A failed write to stdout: `stdout_closed` when its reader is gone.
pub(super) fn stdout_error(e: io::Error) -> LedgerError {
    match e.kind() {
        io::ErrorKind::BrokenPipe => {
            LedgerError::new("stdout_closed", Text::new(input_errors::CLI_STDOUT_CLOSED))
        }
        _ => LedgerError::new(
            "internal",
            Text::new(input_errors::CLI_STDOUT).with("why", e.to_string()),
        ),
    }
}

/// The schedules' columns, header first.
fn schedule_rows(views: &[ScheduleView]) -> Vec<Vec<String>> {
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
                format!("{} {}", cell(&l["state"]), cell(&l["at"]))
            });
            [
                v.id.clone(),
                format!("r{}", v.revision),
                v.status.clone(),
                v.time_zone.clone(),
                v.rule
                    .as_ref()
                    .map_or_else(|| "-".to_owned(), |r| r.to_string()),
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
    rows.iter().map(|r| r.to_vec()).collect()
}

/// The occurrences' columns, header first.
fn occurrence_rows(list: &[Occurrence]) -> Vec<Vec<String>> {
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
    rows.iter().map(|r| r.to_vec()).collect()
}

/// An explanation's occurrences (one per revision that planned the key)
/// and each one's attempts, as one list of columns, header first; an
/// occurrence's reason is on its first line.
fn explain_rows(e: &Explanation) -> Vec<Vec<String>> {
    let mut rows = vec![
        [
            "KEY", "REV", "INSTANT", "STATE", "ATTEMPT", "WORKER", "OUTCOME", "ERROR", "REASON",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for o in &e.occurrences {
        let occurrence = |(i, attempt): (usize, &Value)| {
            vec![
                e.key.clone(),
                format!("r{}", o["revision"]),
                cell(&o["instant"]),
                cell(&o["state"]),
                cell(&attempt["attempt"]),
                cell(&attempt["worker"]),
                cell(&attempt["outcome"]),
                cell(&attempt["error"]),
                if i == 0 {
                    cell(&o["reason"])
                } else {
                    String::new()
                },
            ]
        };
        match o["attemptLog"].as_array().filter(|a| !a.is_empty()) {
            Some(attempts) => rows.extend(attempts.iter().enumerate().map(occurrence)),
            None => rows.push(occurrence((0, &Value::Null))),
        }
    }
    rows
}

/// The key, its effect record (or why there is none), then the rows.
fn explain_table(out: &mut String, e: &Explanation) {
    let effect = match &e.effect {
        Some(effect) => Text::new(says::EXPLAIN_RECORDED)
            .with("at", crate::ledger::recorded_at(effect))
            .with("generation", cell(&effect["generation"])),
        None => Text::new(says::EXPLAIN_NONE),
    };
    let key = Text::new(says::EXPLAIN_KEY).with("key", e.key.as_str());
    out.push_str(&format!("{key}\n{effect}\n"));
    if let Some(note) = &e.note {
        let note = Text::new(says::EXPLAIN_NOTE).with("note", note.clone());
        out.push_str(&format!("{note}\n"));
    }
    if !e.occurrences.is_empty() {
        out.push('\n');
        super::table::push_rows(out, &explain_rows(e));
    }
}
