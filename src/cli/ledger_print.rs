//! How the `wallclock ledger` commands print: the one format switch of
//! [`super::output`] (`--format table|json|jsonl|csv`, `--json`,
//! `--pretty`; a table on a terminal, JSON when piped), given once for the
//! ledger and valid before or after the subcommand, plus `stats`'s
//! `prometheus`.
//!
//! A command's result is one object (what it did: `add`, `tick`, `prune`,
//! …) or a list (`schedules`, `occurrences`). An object's `jsonl` is the
//! object on its line; its `csv` and default table are its fields as
//! `field,value` rows, nested fields named by their path (`states.done`,
//! `occurrences.0.key`).

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::Value;

use super::output::{Format, Output, Report, Shape};
use crate::ledger::LedgerError;

/// `--format` of the ledger commands: the common formats and `stats`'s own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LedgerFormat {
    /// Aligned columns for people.
    Table,
    /// The whole result as JSON.
    Json,
    /// One JSON object per record and line.
    Jsonl,
    /// A header row, then one row per record (RFC 4180).
    Csv,
    /// The Prometheus text exposition (`stats` only).
    Prometheus,
}

/// The ledger's output flags, global to its subcommands.
#[derive(Debug, Args)]
pub(super) struct LedgerOutput {
    /// Output format [default: `table` on a terminal, `json` when piped;
    /// `stats` prints its table either way].
    #[arg(long, value_enum, value_name = "FORMAT", global = true)]
    format: Option<LedgerFormat>,
    /// The same as `--format json`.
    #[arg(long, global = true, conflicts_with = "format")]
    json: bool,
    /// Indent the JSON (implies `--format json` unless another is given).
    #[arg(long, global = true)]
    pretty: bool,
}

/// What a command was asked to print.
pub(super) struct Printing {
    /// The common switch, decided by [`Output::format`].
    pub(super) output: Output,
    /// `stats --format prometheus`.
    pub(super) prometheus: bool,
}

impl LedgerOutput {
    /// The common switch, or Prometheus text where the command has it
    /// (`prometheus_ok`); elsewhere `--format prometheus` is refused.
    pub(super) fn printing(&self, prometheus_ok: bool) -> Result<Printing, LedgerError> {
        let format = match self.format {
            Some(LedgerFormat::Prometheus) if prometheus_ok => None,
            Some(LedgerFormat::Prometheus) => {
                return Err(LedgerError::new(
                    "invalid_option",
                    crate::lang::Text::new(crate::lang::input_errors::LEDGER_PROMETHEUS),
                )
                .with_field("format"));
            }
            Some(LedgerFormat::Table) => Some(Format::Table),
            Some(LedgerFormat::Json) => Some(Format::Json),
            Some(LedgerFormat::Jsonl) => Some(Format::Jsonl),
            Some(LedgerFormat::Csv) => Some(Format::Csv),
            None => None,
        };
        Ok(Printing {
            output: Output {
                format,
                json: self.json,
                pretty: self.pretty,
            },
            prometheus: self.format == Some(LedgerFormat::Prometheus),
        })
    }
}

/// One result object in `output`'s format.
pub(super) fn object<T: Serialize + ?Sized>(out: &mut String, output: &Output, value: &T) {
    let fields = serde_json::to_value(value).unwrap_or_default();
    let rows = || field_rows(&fields);
    Report {
        whole: value,
        records: std::slice::from_ref(&fields),
        rows: &rows,
        table: None,
    }
    .emit(out, output, Shape::Records);
}

/// An object's fields as `FIELD  VALUE` rows, header first: nested
/// objects and lists flattened to their paths, null as `-`.
pub(super) fn field_rows(value: &Value) -> Vec<Vec<String>> {
    let mut rows = vec![vec!["FIELD".to_owned(), "VALUE".to_owned()]];
    flatten(&mut rows, String::new(), value);
    rows
}

fn flatten(rows: &mut Vec<Vec<String>>, path: String, value: &Value) {
    let join = |name: &str| match path.is_empty() {
        true => name.to_owned(),
        false => format!("{path}.{name}"),
    };
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (k, v) in map {
                flatten(rows, join(k), v);
            }
        }
        Value::Array(list) if !list.is_empty() => {
            for (i, v) in list.iter().enumerate() {
                flatten(rows, join(&i.to_string()), v);
            }
        }
        v => rows.push(vec![path, cell(v)]),
    }
}

/// A JSON value as a table cell: text as itself, null as `-`.
pub(super) fn cell(v: &Value) -> String {
    match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_fields_flatten_to_their_paths() {
        let v = serde_json::json!({
            "key": "d|2026-10-21T09:00:00", "effect": null,
            "states": {"done": 2, "dead": 0}, "list": [{"a": 1}, "b"], "none": []
        });
        let rows = field_rows(&v);
        let pairs: Vec<(&str, &str)> = rows
            .iter()
            .map(|r| (r[0].as_str(), r[1].as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("FIELD", "VALUE"),
                ("effect", "-"),
                ("key", "d|2026-10-21T09:00:00"),
                ("list.0.a", "1"),
                ("list.1", "b"),
                ("none", "[]"),
                ("states.dead", "0"),
                ("states.done", "2"),
            ]
        );
    }
}
