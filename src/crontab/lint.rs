//! `wallclock lint`: what a schedule's product does on the coming clock
//! changes, and the syntax traps of its line, each as a finding with a
//! stable code, a line, a sentence and the spec change that fixes it.
//!
//! The clock changes are found the way `notices` finds them, on the spec
//! that reproduces the product; a skipped time, a moved time and a time
//! run twice (or only in the second pass) are findings, grouped per day.
//! The traps come from the line as the product reads it.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::cron::{self, Days, Dialect, Part};
use crate::error::{Error, ErrorCode};
use crate::format::fmt_offset;
use crate::note::NoteCode;
use crate::plan::{Entry, Status, notices};
use crate::spec::{Schedule, Spec};

use super::files::{FileNote, Found};
use super::{CronOptions, import};

/// Every code `wallclock lint` gives, in the order `docs/spec.md` lists
/// (and explains) them; `tests/spec_doc.rs` holds the two and the codes
/// written in `src/` together.
pub const LINT_CODES: &[&str] = &[
    "gap_skipped",
    "midnight_skipped",
    "gap_moved",
    "fold_twice",
    "fold_second",
    "day_or",
    "step_in_day_field",
    "dow_7",
    "never_runs",
    "unknown_zone",
    "no_time_zone",
    "tz_in_schedule",
    "tz_ignored",
    "randomized_delay",
    "ignored_text",
    "day_of_week_reading",
    "invalid_line",
];

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finding {
    pub(crate) code: &'static str,
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) id: String,
    pub(crate) message: String,
    /// The spec field and value that fixes it.
    pub(crate) fix: Option<(String, String)>,
}

impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Finding", 6)?;
        st.serialize_field("code", self.code)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("line", &self.line)?;
        st.serialize_field("id", &self.id)?;
        st.serialize_field("message", &self.message)?;
        let fix = self.fix.as_ref().map(|(field, value)| {
            let mut map = serde_json::Map::new();
            map.insert(field.clone(), serde_json::Value::String(value.clone()));
            map
        });
        st.serialize_field("fix", &fix)?;
        st.end()
    }
}

/// Where a finding is and what it is about.
pub(crate) struct Place<'a> {
    pub(crate) file: &'a str,
    pub(crate) line: usize,
    pub(crate) id: &'a str,
}

impl Place<'_> {
    fn finding(&self, code: &'static str, message: String, fix: Option<(&str, &str)>) -> Finding {
        debug_assert!(
            LINT_CODES.contains(&code),
            "lint code `{code}` not in LINT_CODES"
        );
        Finding {
            code,
            file: self.file.to_owned(),
            line: self.line,
            id: self.id.to_owned(),
            message,
            fix: fix.map(|(f, v)| (f.to_owned(), v.to_owned())),
        }
    }
}

/// The findings of a schedule found in a file, over `[from, to)`.
pub(crate) fn found(
    file: &str,
    found: &Found,
    time_zone: Option<&str>,
    from: Timestamp,
    to: Timestamp,
) -> Vec<Finding> {
    let mut out: Vec<Finding> = found
        .notes
        .iter()
        .map(|n: &FileNote| Finding {
            code: {
                debug_assert!(
                    LINT_CODES.contains(&n.code),
                    "lint code `{}` not in LINT_CODES",
                    n.code
                );
                n.code
            },
            file: file.to_owned(),
            line: n.line,
            id: found.id.clone(),
            message: n.message.clone(),
            fix: n.fix.as_ref().map(|(f, v)| ((*f).to_owned(), v.clone())),
        })
        .collect();
    let mut joined: Option<super::Imported> = None;
    for (line, text) in &found.lines {
        let place = Place {
            file,
            line: *line,
            id: &found.id,
        };
        out.extend(traps(&place, text, found.dialect));
        let mut options = CronOptions::new(found.dialect).cron_tz(found.cron_tz);
        if let Some(zone) = found.zone.as_deref().or(time_zone) {
            options = options.time_zone(zone);
        }
        match import(text, &options, from) {
            Ok(i) => match &mut joined {
                Some(j) => {
                    if let Err(e) = j.join(i) {
                        out.push(place.finding("invalid_line", e.message().to_owned(), None));
                    }
                }
                None => joined = Some(i),
            },
            Err(e) => out.push(line_error(&place, text, found.dialect, &e)),
        }
    }
    let place = Place {
        file,
        line: found.line,
        id: &found.id,
    };
    if let Some(imported) = joined {
        out.extend(never_runs(&place, &imported));
        match imported.into_spec(Some(&found.id)) {
            Ok(cron_spec) => out.extend(clock_changes(
                &place,
                cron_spec.spec(),
                found.dialect.product(),
                from,
                to,
            )),
            Err(e) => out.push(place.finding("invalid_line", e.message().to_owned(), None)),
        }
    }
    out
}

/// The findings of a spec file: its own policies on the coming changes.
pub(crate) fn spec(file: &str, spec: &Spec, from: Timestamp, to: Timestamp) -> Vec<Finding> {
    let place = Place {
        file,
        line: 1,
        id: &spec.id,
    };
    clock_changes(&place, spec, "the spec", from, to)
}

/// A line the product would refuse: `dow_7` where 7 is an error,
/// `unknown_zone`, else `invalid_line`.
fn line_error(place: &Place<'_>, text: &str, dialect: Dialect, e: &Error) -> Finding {
    if e.code() == ErrorCode::UnknownTimeZone {
        return place.finding(
            "unknown_zone",
            format!("{}: {}", dialect.product(), e.message()),
            Some(("timeZone", "a zone of the tz database")),
        );
    }
    let dow = text.split_ascii_whitespace().nth(4).unwrap_or("");
    if e.field() == Some(Part::DayOfWeek.name()) && dow.split([',', '-']).any(|v| v == "7") {
        return place.finding(
            "dow_7",
            format!("`{text}`: {}", e.message()),
            Some(("rrule", "BYDAY=SU")),
        );
    }
    place.finding("invalid_line", format!("`{text}`: {}", e.message()), None)
}

/// The syntax traps of a line: OR of the day fields, `*/n` in a day field,
/// what the product ignores or reads its own way.
fn traps(place: &Place<'_>, text: &str, dialect: Dialect) -> Vec<Finding> {
    let Ok(expr) = cron::parse(text, dialect) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let (dom_text, dow_text) = match dialect {
        Dialect::Kubernetes | Dialect::Cronie | Dialect::Debian | Dialect::GithubActions
            if fields.len() == 5 =>
        {
            (fields[2], fields[4])
        }
        _ => ("", ""),
    };
    if expr.days == Days::Or && expr.dom_restricted && expr.dow_restricted {
        out.push(place.finding(
            "day_or",
            format!(
                "`{text}` runs on the days of month `{dom_text}` and also on every day of week `{dow_text}` ({} joins the two day fields with OR when both are set), not on the days that are both",
                dialect.product()
            ),
            Some(("rrule", "one rule with both BYMONTHDAY and BYDAY, if both must match")),
        ));
    }
    for (part, field) in [(Part::DayOfMonth, dom_text), (Part::DayOfWeek, dow_text)] {
        if field.contains("*/") {
            let how = if field.starts_with('*')
                && matches!(
                    dialect,
                    Dialect::Cronie | Dialect::Debian | Dialect::GithubActions
                ) {
                "counts as unrestricted (it starts with `*`), so the other day field must match too"
            } else {
                "counts as restricted, so a restricted other day field is joined with OR"
            };
            out.push(place.finding(
                "step_in_day_field",
                format!(
                    "`{field}` in the {part} field {how} for {}",
                    dialect.product()
                ),
                Some(("rrule", "the days listed explicitly")),
            ));
        }
    }
    for (code, _, sentence) in &expr.traps {
        out.push(place.finding(code, format!("`{text}`: {sentence}"), None));
    }
    out
}

/// `never_runs`: no date matches (`0 0 31 2 *`).
fn never_runs(place: &Place<'_>, imported: &super::Imported) -> Vec<Finding> {
    imported
        .warnings
        .iter()
        .filter(|w| w.code() == "never_runs")
        .map(|w| {
            place.finding(
                "never_runs",
                w.message().to_owned(),
                Some(("rrule", "a date that exists")),
            )
        })
        .collect()
}

/// What the coming clock changes do to the spec's runs, one finding per
/// kind and day.
fn clock_changes(
    place: &Place<'_>,
    spec: &Spec,
    who: &str,
    from: Timestamp,
    to: Timestamp,
) -> Vec<Finding> {
    let Ok(schedule) = Schedule::new(spec) else {
        return Vec::new();
    };
    let Ok(result) = notices(&schedule, from, to) else {
        return Vec::new();
    };
    let zone = spec.time_zone.as_str();
    let mut days: BTreeMap<(String, &'static str), Vec<&Entry>> = BTreeMap::new();
    for entry in result.entries() {
        let Some(code) = consequence(entry) else {
            continue;
        };
        let day = entry.nominal().date().to_string();
        days.entry((day, code)).or_default().push(entry);
    }
    days.into_iter()
        .map(|((day, code), entries)| {
            let offsets = result
                .transitions()
                .iter()
                .find(|t| {
                    t.kind() == "fold"
                        && entries.iter().any(|e| {
                            e.nominal() >= t.local_after() && e.nominal() < t.local_before()
                        })
                })
                .map(|t| (fmt_offset(t.offset_before), fmt_offset(t.offset_after)));
            let (message, fix) = sentence(code, &day, zone, who, &entries, offsets);
            place.finding(code, message, Some(fix))
        })
        .collect()
}

/// The finding code of an entry a clock change affects, if it deserves one.
fn consequence(entry: &Entry) -> Option<&'static str> {
    let codes: Vec<NoteCode> = entry.notes().iter().map(|n| n.code()).collect();
    if entry.status() == Status::Skipped && codes.contains(&NoteCode::GapSkipped) {
        let midnight = entry.nominal().hour() == 0 && entry.nominal().minute() == 0;
        return Some(if midnight {
            "midnight_skipped"
        } else {
            "gap_skipped"
        });
    }
    if entry.status() == Status::Shifted {
        return Some("gap_moved");
    }
    if codes.contains(&NoteCode::FoldBoth) && entry.fold() == 1 {
        return Some("fold_twice");
    }
    if codes.contains(&NoteCode::FoldSecond) {
        return Some("fold_second");
    }
    None
}

/// The sentence and the fix of a day's findings of one kind.
fn sentence(
    code: &str,
    day: &str,
    zone: &str,
    who: &str,
    entries: &[&Entry],
    offsets: Option<(String, String)>,
) -> (String, (&'static str, &'static str)) {
    let times: Vec<String> = entries
        .iter()
        .map(|e| hhmm(&e.nominal().time().to_string()))
        .collect();
    let list = times.join(", ");
    match code {
        "midnight_skipped" => (
            format!("{who} does not run on {day}: midnight does not exist in {zone}"),
            ("gap", "snap"),
        ),
        "gap_skipped" => (
            format!("{who} does not run at {list} on {day}: that time does not exist in {zone}"),
            ("gap", "snap"),
        ),
        "gap_moved" => {
            let at: Vec<String> = entries
                .iter()
                .filter_map(|e| e.local())
                .map(|l| hhmm(&l.time().to_string()))
                .collect();
            (
                format!(
                    "{who} runs at {} instead of {list} on {day}: that time does not exist in {zone}",
                    at.join(", ")
                ),
                ("gap", "skip"),
            )
        }
        "fold_twice" => {
            let (first, second) = offsets.unwrap_or_default();
            let both: Vec<String> = times
                .iter()
                .map(|t| format!("{t} {first} and {t} {second}"))
                .collect();
            (
                format!("{who} runs twice on {day} ({})", both.join("; ")),
                ("fold", "first"),
            )
        }
        _ => (
            format!(
                "{who} runs at {list} only in the second pass on {day}, an hour after the clock first showed it ({zone} repeats that hour)"
            ),
            ("fold", "first"),
        ),
    }
}

/// `02:30:00` as `02:30`.
fn hhmm(time: &str) -> String {
    let t = time.split('.').next().unwrap_or(time);
    t.strip_suffix(":00").unwrap_or(t).to_owned()
}
