//! `--format table`: the result object as aligned columns for people.

use crate::diff::{Diff, Side};
use crate::format::{fmt_instant, fmt_nominal, fmt_offset};
use crate::plan::Expansion;

/// Appends the entries as a table (nominal, status, local, UTC, key, notes),
/// then the zone's transitions and the warnings, if any.
pub(crate) fn expansion(out: &mut String, result: &Expansion) {
    let mut rows: Vec<[String; 6]> = vec![[
        "NOMINAL".into(),
        "STATUS".into(),
        "LOCAL".into(),
        "UTC".into(),
        "KEY".into(),
        "NOTE".into(),
    ]];
    for e in result.entries() {
        let notes: Vec<&str> = e.notes().iter().map(|n| n.message()).collect();
        rows.push([
            fmt_nominal(e.nominal()),
            e.status().to_string(),
            e.local_string().unwrap_or_else(|| "-".into()),
            e.instant().map(fmt_instant).unwrap_or_else(|| "-".into()),
            e.key(),
            if notes.is_empty() {
                String::new()
            } else {
                notes.join("; ")
            },
        ]);
    }
    push_rows(out, &rows);
    if result.entries().is_empty() {
        out.push_str("(no occurrences)\n");
    }
    if !result.transitions().is_empty() {
        out.push_str("\ntransitions:\n");
        for t in result.transitions() {
            out.push_str(&format!(
                "  {}  {}  {} -> {}  (wall clock {} -> {})\n",
                fmt_instant(t.instant),
                t.kind(),
                fmt_offset(t.offset_before),
                fmt_offset(t.offset_after),
                fmt_nominal(t.local_before()),
                fmt_nominal(t.local_after()),
            ));
        }
    }
    if !result.warnings().is_empty() {
        out.push_str("\nwarnings:\n");
        for w in result.warnings() {
            out.push_str(&format!("  {}: {}\n", w.code(), w.message()));
        }
    }
    out.push_str(&format!("\ntzdb {}\n", result.tzdb()));
}

pub(crate) fn push_rows<const N: usize>(out: &mut String, rows: &[[String; N]]) {
    let mut widths = [0usize; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if i + 1 < N {
                let pad = widths[i] - cell.chars().count() + 2;
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Appends a diff: one row per differing occurrence (what it was, what it
/// becomes, why), then a summary line.
pub(crate) fn diff(out: &mut String, result: &Diff) {
    let side = |s: Option<&Side>| match s {
        None => "-".to_owned(),
        Some(s) => format!(
            "{} {}",
            s.status(),
            s.instant().map(fmt_instant).unwrap_or_else(|| "-".into())
        ),
    };
    let mut rows: Vec<[String; 5]> = vec![[
        "CHANGE".into(),
        "KEY".into(),
        "OLD".into(),
        "NEW".into(),
        "REASON".into(),
    ]];
    for c in result.changes() {
        rows.push([
            c.kind().as_str().to_owned(),
            c.key().to_owned(),
            side(c.old()),
            side(c.new_side()),
            c.reason().to_owned(),
        ]);
    }
    if !result.is_empty() {
        push_rows(out, &rows);
    }
    use crate::diff::ChangeKind::*;
    out.push_str(&format!(
        "{} added, {} removed, {} moved, {} changed, {} unchanged\n",
        result.count(Added),
        result.count(Removed),
        result.count(Moved),
        result.count(Changed),
        result.unchanged()
    ));
}
