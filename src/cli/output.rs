//! How results print: one `--format table|json|jsonl|csv` on every command
//! that prints results, decided in [`Output::format`] and rendered in
//! [`Report::emit`].
//!
//! `json` is the whole result object; `jsonl` and `csv` are its records
//! (entries, changes, decisions, zones), one per line; `table` aligns the
//! same columns for people.

use std::io::IsTerminal;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::table;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns (or text) for people.
    Table,
    /// The whole result object as JSON.
    Json,
    /// One JSON object per record and line.
    Jsonl,
    /// A header row, then one row per record (RFC 4180).
    Csv,
}

#[derive(Debug, Args)]
pub(crate) struct Output {
    /// Output format [default: `table` on a terminal, `json` when piped].
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub(crate) format: Option<Format>,
    /// The same as `--format json`; errors print as JSON on a terminal too.
    #[arg(long, conflicts_with = "format")]
    pub(crate) json: bool,
    /// Indent the JSON (implies `--format json` unless another is given).
    #[arg(long)]
    pub(crate) pretty: bool,
}

/// What a command's result is, for the default format: records default to
/// JSON when piped; a text result (a description, a list of names) reads
/// the same way everywhere, so it stays text when piped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Records,
    Text,
}

impl Output {
    /// The one place the format is decided: `--format`, else `--json` or
    /// `--pretty`, else a table on a terminal and JSON when piped (text
    /// results stay text).
    pub(crate) fn format(&self, shape: Shape) -> Format {
        match self.format {
            Some(format) => format,
            None if self.json || self.pretty => Format::Json,
            None if shape == Shape::Text || std::io::stdout().is_terminal() => Format::Table,
            None => Format::Json,
        }
    }
}

/// A result in every format: the whole value, its records, their columns,
/// and, where people read more than the columns, a table of its own.
pub(crate) struct Report<'a, T: ?Sized, R> {
    /// The whole result, for `json`.
    pub(crate) whole: &'a T,
    /// Its records, for `jsonl`.
    pub(crate) records: &'a [R],
    /// The records' columns, header first, for `csv` and the default table.
    pub(crate) rows: &'a dyn Fn() -> Vec<Vec<String>>,
    /// A table that says more than the rows (transitions, warnings, a summary).
    pub(crate) table: Option<&'a dyn Fn(&mut String)>,
}

impl<T: Serialize + ?Sized, R: Serialize> Report<'_, T, R> {
    /// Appends the result to `out` in the format `output` asks for.
    pub(crate) fn emit(&self, out: &mut String, output: &Output, shape: Shape) {
        match output.format(shape) {
            Format::Json => push_json(out, self.whole, output.pretty),
            Format::Jsonl => {
                for record in self.records {
                    push_json(out, record, false);
                }
            }
            Format::Csv => push_csv(out, &(self.rows)()),
            Format::Table => match self.table {
                Some(table) => table(out),
                None => table::push_rows(out, &(self.rows)()),
            },
        }
    }
}

pub(crate) fn push_json<T: Serialize + ?Sized>(out: &mut String, value: &T, pretty: bool) {
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    // Our Serialize impls only produce strings, numbers, lists and maps.
    out.push_str(&text.unwrap_or_default());
    out.push('\n');
}

fn push_csv(out: &mut String, rows: &[Vec<String>]) {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        // Writing to memory fails only on a broken invariant of csv's own.
        let _ = writer.write_record(row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    out.push_str(&String::from_utf8_lossy(&bytes));
}
