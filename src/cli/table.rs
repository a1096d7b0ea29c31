//! `--format table` (and the columns of `--format csv`): results as
//! aligned columns for people.

use crate::diff::{Diff, Side};
use crate::format::fmt_duration;
use crate::format::{fmt_instant, fmt_nominal, fmt_offset};
use crate::lang::Text;
use crate::lang::table as says;
use crate::misfire::MisfireDecision;
use crate::plan::{Expansion, Warning};
use crate::spec::Spec;
use crate::validation::Validation;
use unicode_width::UnicodeWidthStr;

/// The entries' columns (nominal, status, local, UTC, key, notes), header first.
pub(crate) fn expansion_rows(result: &Expansion) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = vec![
        ["NOMINAL", "STATUS", "LOCAL", "UTC", "KEY", "NOTE"]
            .map(String::from)
            .to_vec(),
    ];
    for e in result.entries() {
        let notes: Vec<String> = e.notes().iter().map(|n| n.message()).collect();
        rows.push(vec![
            fmt_nominal(e.nominal()),
            e.status().to_string(),
            e.local_string().unwrap_or_else(|| "-".into()),
            e.instant().map(fmt_instant).unwrap_or_else(|| "-".into()),
            e.key(),
            notes.join(crate::Lang::current().semicolon()),
        ]);
    }
    rows
}

/// Appends the entries as a table, then the zone's transitions and the
/// warnings, if any.
pub(crate) fn expansion(out: &mut String, result: &Expansion) {
    let rows = expansion_rows(result);
    push_rows(out, &rows);
    if result.entries().is_empty() {
        out.push_str(&format!("{}\n", Text::new(says::NO_OCCURRENCES)));
    }
    if !result.transitions().is_empty() {
        out.push_str(&format!("\n{}\n", Text::new(says::TRANSITIONS)));
        for t in result.transitions() {
            let clock = Text::new(says::WALL_CLOCK)
                .with("from", fmt_nominal(t.local_before()))
                .with("to", fmt_nominal(t.local_after()));
            out.push_str(&format!(
                "  {}  {}  {} -> {}{clock}\n",
                fmt_instant(t.instant),
                t.kind(),
                fmt_offset(t.offset_before),
                fmt_offset(t.offset_after),
            ));
        }
    }
    push_warnings(out, result.warnings());
    out.push_str(&format!("\ntzdb {}\n", result.tzdb()));
}

/// Appends `warnings:` and one line per warning, if any.
fn push_warnings(out: &mut String, warnings: &[Warning]) {
    if !warnings.is_empty() {
        out.push_str(&format!("\n{}\n", Text::new(says::WARNINGS)));
        for w in warnings {
            out.push_str(&format!("  {}: {}\n", w.code(), w.message()));
        }
    }
}

/// Appends rows as aligned columns, two spaces apart, by the columns a
/// terminal gives each cell (a Han character takes two).
pub(crate) fn push_rows(out: &mut String, rows: &[Vec<String>]) {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; n];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if i + 1 < row.len() {
                let pad = widths[i] - cell.width() + 2;
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The changes' columns (change, key, old, new, reason), header first.
pub(crate) fn diff_rows(result: &Diff) -> Vec<Vec<String>> {
    let side = |s: Option<&Side>| match s {
        None => "-".to_owned(),
        Some(s) => format!(
            "{} {}",
            s.status(),
            s.instant().map(fmt_instant).unwrap_or_else(|| "-".into())
        ),
    };
    let mut rows: Vec<Vec<String>> = vec![
        ["CHANGE", "KEY", "OLD", "NEW", "REASON"]
            .map(String::from)
            .to_vec(),
    ];
    for c in result.changes() {
        rows.push(vec![
            c.kind().as_str().to_owned(),
            c.key().to_owned(),
            side(c.old()),
            side(c.new_side()),
            c.reason().to_owned(),
        ]);
    }
    rows
}

/// Appends a diff: one row per differing occurrence (what it was, what it
/// becomes, why), then a summary line.
pub(crate) fn diff(out: &mut String, result: &Diff) {
    let rows = diff_rows(result);
    if !result.is_empty() {
        push_rows(out, &rows);
    }
    use crate::diff::ChangeKind::*;
    let summary = Text::new(says::DIFF_SUMMARY)
        .with("added", result.count(Added))
        .with("removed", result.count(Removed))
        .with("moved", result.count(Moved))
        .with("changed", result.count(Changed))
        .with("unchanged", result.unchanged());
    out.push_str(&format!("{summary}\n"));
    push_warnings(out, result.warnings());
}

/// A validation's columns: one row per warning (or one row without).
pub(crate) fn validation_rows(v: &Validation) -> Vec<Vec<String>> {
    let mut rows = vec![
        ["VALID", "RRULE", "WARNING", "MESSAGE"]
            .map(String::from)
            .to_vec(),
    ];
    let valid = v.valid.to_string();
    let rrule = v
        .rrule
        .as_ref()
        .map_or_else(|| "-".into(), |r| r.to_string());
    for w in &v.warnings {
        rows.push(vec![
            valid.clone(),
            rrule.clone(),
            w.code().to_string(),
            w.message().to_owned(),
        ]);
    }
    if v.warnings.is_empty() {
        rows.push(vec![valid, rrule, String::new(), String::new()]);
    }
    rows
}

/// Misfire decisions' columns.
pub(crate) fn misfire_rows(decisions: &[MisfireDecision]) -> Vec<Vec<String>> {
    let mut rows = vec![
        ["KEY", "INSTANT", "LATENESS", "DECISION", "REASON"]
            .map(String::from)
            .to_vec(),
    ];
    for d in decisions {
        rows.push(vec![
            d.key.clone(),
            fmt_instant(d.instant),
            fmt_duration(d.lateness),
            d.decision.to_string(),
            d.reason.to_string(),
        ]);
    }
    rows
}

/// A spec's fields as `FIELD VALUE` rows, lists and objects as JSON.
pub(crate) fn spec_rows(spec: &Spec) -> Vec<Vec<String>> {
    let mut rows = vec![vec!["FIELD".to_owned(), "VALUE".to_owned()]];
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(spec) {
        for (name, value) in fields {
            let value = match value {
                serde_json::Value::String(s) => s,
                other => other.to_string(),
            };
            rows.push(vec![name, value]);
        }
    }
    rows
}
