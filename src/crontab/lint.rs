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
use jiff::civil::Date;
use jiff::tz::Offset;
use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::cron::{self, Days, Dialect, Part};
use crate::error::{Error, ErrorCode};
use crate::format::fmt_offset;
use crate::lang::cron::PARTS;
use crate::lang::{Arg, Conj, Text, lint as says};
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
    pub(crate) message: Text,
    /// The spec field and value that fixes it.
    pub(crate) fix: Option<(String, Fix)>,
}

/// What a fix sets a spec field to: a value the spec takes as it is
/// (`snap`, `BYDAY=SU`, `Etc/UTC`), or what to write, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fix {
    Value(String),
    Words(Text),
}

impl Fix {
    /// The value, or the words in the language spoken.
    pub(crate) fn render(&self) -> String {
        match self {
            Fix::Value(v) => v.clone(),
            Fix::Words(t) => t.to_string(),
        }
    }
}

impl From<&str> for Fix {
    fn from(v: &str) -> Fix {
        Fix::Value(v.to_owned())
    }
}

impl From<Text> for Fix {
    fn from(t: Text) -> Fix {
        Fix::Words(t)
    }
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
            map.insert(field.clone(), serde_json::Value::String(value.render()));
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
    fn finding(&self, code: &'static str, message: Text, fix: Option<(&str, Fix)>) -> Finding {
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
            fix: fix.map(|(f, v)| (f.to_owned(), v)),
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
                        out.push(place.finding("invalid_line", e.text().clone(), None));
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
                found.dialect.product_name(),
                from,
                to,
            )),
            Err(e) => out.push(place.finding("invalid_line", e.text().clone(), None)),
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
    clock_changes(&place, spec, Text::new(says::THE_SPEC).into(), from, to)
}

/// A line the product would refuse: `dow_7` where 7 is an error,
/// `unknown_zone`, else `invalid_line`.
fn line_error(place: &Place<'_>, text: &str, dialect: Dialect, e: &Error) -> Finding {
    if e.code() == ErrorCode::UnknownTimeZone {
        let message = Text::new(says::UNKNOWN_ZONE)
            .with("product", dialect.product_name())
            .with("message", e.text().clone());
        let fix = Text::new(says::FIX_A_ZONE).into();
        return place.finding("unknown_zone", message, Some(("timeZone", fix)));
    }
    let dow = text.split_ascii_whitespace().nth(4).unwrap_or("");
    let message = Text::new(says::LINE)
        .with("text", text)
        .with("sentence", e.text().clone());
    if e.field() == Some(Part::DayOfWeek.name()) && dow.split([',', '-']).any(|v| v == "7") {
        return place.finding("dow_7", message, Some(("rrule", "BYDAY=SU".into())));
    }
    place.finding("invalid_line", message, None)
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
        let message = Text::new(says::DAY_OR)
            .with("text", text)
            .with("dom", dom_text)
            .with("dow", dow_text)
            .with("product", dialect.product_name());
        let fix = Text::new(says::FIX_BOTH_DAYS).into();
        out.push(place.finding("day_or", message, Some(("rrule", fix))));
    }
    for (part, field) in [(Part::DayOfMonth, dom_text), (Part::DayOfWeek, dow_text)] {
        if field.contains("*/") {
            let how = if field.starts_with('*')
                && matches!(
                    dialect,
                    Dialect::Cronie | Dialect::Debian | Dialect::GithubActions
                ) {
                says::STEP_UNRESTRICTED
            } else {
                says::STEP_RESTRICTED
            };
            let message = Text::new(says::STEP_IN_DAY_FIELD)
                .with("field", field)
                .with("part", Arg::Words(&PARTS[part as usize]))
                .with("how", Text::new(how))
                .with("product", dialect.product_name());
            let fix = Text::new(says::FIX_DAYS_LISTED).into();
            out.push(place.finding("step_in_day_field", message, Some(("rrule", fix))));
        }
    }
    for (code, _, sentence) in &expr.traps {
        let message = Text::new(says::LINE)
            .with("text", text)
            .with("sentence", sentence.clone());
        out.push(place.finding(code, message, None));
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
            let fix = Text::new(says::FIX_A_DATE).into();
            place.finding("never_runs", w.text().clone(), Some(("rrule", fix)))
        })
        .collect()
}

/// What the coming clock changes do to the spec's runs, one finding per
/// kind and day.
fn clock_changes(
    place: &Place<'_>,
    spec: &Spec,
    who: Arg,
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
    let mut days: BTreeMap<(Date, &'static str), Vec<&Entry>> = BTreeMap::new();
    for entry in result.entries() {
        let Some(code) = consequence(entry) else {
            continue;
        };
        days.entry((entry.nominal().date(), code))
            .or_default()
            .push(entry);
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
                .map(|t| (t.offset_before, t.offset_after));
            let (message, fix) = sentence(code, &entries, offsets);
            let message = message
                .with("who", who.clone())
                .with("day", day)
                .with("zone", zone);
            place.finding(code, message, Some((fix.0, fix.1.into())))
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

/// The sentence (its `who`, `day` and `zone` still to fill) and the fix
/// of a day's findings of one kind.
fn sentence(
    code: &str,
    entries: &[&Entry],
    offsets: Option<(Offset, Offset)>,
) -> (Text, (&'static str, &'static str)) {
    let times = || entries.iter().map(|e| e.nominal().time());
    let list = Arg::list(times(), Conj::Comma);
    let with_list = |template| {
        Text::new(template)
            .with("list", list.clone())
            .with("n", entries.len())
    };
    match code {
        "midnight_skipped" => (Text::new(says::MIDNIGHT_SKIPPED), ("gap", "snap")),
        "gap_skipped" => (with_list(says::GAP_SKIPPED), ("gap", "snap")),
        "gap_moved" => {
            let at = entries.iter().filter_map(|e| e.local()).map(|l| l.time());
            let text = with_list(says::GAP_MOVED).with("at", Arg::list(at, Conj::Comma));
            (text, ("gap", "skip"))
        }
        "fold_twice" => {
            let (first, second) = offsets.unwrap_or((Offset::UTC, Offset::UTC));
            let pairs = times().enumerate().map(|(i, t)| {
                let pair = Text::new(says::FOLD_TWICE_PAIR)
                    .with("time", t)
                    .with("before", fmt_offset(first))
                    .with("after", fmt_offset(second))
                    .with("offset_before", Arg::Offset(first))
                    .with("offset_after", Arg::Offset(second));
                match i {
                    0 => pair,
                    _ => Text::new(says::FOLD_TWICE_NEXT).with("pair", pair),
                }
            });
            let both = Arg::list(pairs, Conj::None);
            (
                Text::new(says::FOLD_TWICE).with("both", both),
                ("fold", "first"),
            )
        }
        _ => (with_list(says::FOLD_SECOND), ("fold", "first")),
    }
}
