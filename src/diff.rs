//! What changes between two schedules over one window, before anything
//! runs: the occurrences an edit adds, removes, moves or resolves
//! differently, keyed by occurrence key, each with the spec field that
//! explains it.
//!
//! Both sides are expanded with the same [`ExpandOptions`], so a diff is
//! bounded exactly like an expansion. Entries are matched by key (`<id>|<nominal>`,
//! docs/spec.md §3): a key is what a handler deduplicates on, so "the same
//! occurrence" means "the same key". Changing `id` therefore changes every
//! key, and the diff says so.

use jiff::Timestamp;
use jiff::civil::DateTime;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use crate::error::Error;
use crate::format::{fmt_instant, fmt_nominal};
use crate::lang::{Arg, Conj, Text, reasons as r};
use crate::note::{Note, NoteCode};
use crate::plan::{Entry, ExpandOptions, Expansion, Status, Warning, expand};
use crate::spec::Schedule;

/// How one occurrence differs between the old and the new schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// Only the new schedule has this key.
    Added,
    /// Only the old schedule has this key.
    Removed,
    /// Same key, another instant.
    Moved,
    /// Same key and instant, another status or other notes (e.g. a gap
    /// time now shifted instead of skipped).
    Changed,
}

impl ChangeKind {
    /// The lowercase token.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Moved => "moved",
            ChangeKind::Changed => "changed",
        }
    }
}

/// The spec field whose change explains a difference (its JSON name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cause {
    /// `id`: every key changes with it.
    Id,
    /// `timeZone`.
    TimeZone,
    /// `start` (DTSTART).
    Start,
    /// `rrule`: one or more rule parts.
    Rrule,
    /// `rdate`.
    Rdate,
    /// `exdate`.
    Exdate,
    /// `gap`.
    Gap,
    /// `fold`.
    Fold,
    /// `invalidDate`.
    InvalidDate,
}

impl Cause {
    /// The spec field's JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Id => "id",
            Cause::TimeZone => "timeZone",
            Cause::Start => "start",
            Cause::Rrule => "rrule",
            Cause::Rdate => "rdate",
            Cause::Exdate => "exdate",
            Cause::Gap => "gap",
            Cause::Fold => "fold",
            Cause::InvalidDate => "invalidDate",
        }
    }
}

/// One spec field that differs, as both specs write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldChange {
    field: Cause,
    old: String,
    new: String,
}

impl FieldChange {
    /// The field.
    pub fn field(&self) -> Cause {
        self.field
    }
    /// The old value as text (`-` when absent).
    pub fn old(&self) -> &str {
        &self.old
    }
    /// The new value as text (`-` when absent).
    pub fn new_value(&self) -> &str {
        &self.new
    }
    /// `` `gap` `skip` → `shift` ``, or the rule parts that differ, in the
    /// language spoken.
    pub fn describe(&self) -> String {
        self.text().to_string()
    }

    fn text(&self) -> Text {
        match self.field {
            Cause::Rrule => {
                Text::new(r::DIFF_RRULE).with("parts", rules_diff(&self.old, &self.new))
            }
            _ => Text::new(r::DIFF_FIELD)
                .with("field", self.field.as_str())
                .with("old", &self.old)
                .with("new", &self.new),
        }
    }
}

/// What one side holds for a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    status: Status,
    instant: Option<Timestamp>,
    notes: Vec<Note>,
}

impl Side {
    fn of(e: &Entry) -> Side {
        Side {
            status: e.status(),
            instant: e.instant(),
            notes: e.notes().to_vec(),
        }
    }
    /// The entry's status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// When it runs; `None` when skipped.
    pub fn instant(&self) -> Option<Timestamp> {
        self.instant
    }
    /// The entry's notes.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
    fn codes(&self) -> impl Iterator<Item = NoteCode> + '_ {
        self.notes.iter().map(Note::code)
    }
    fn same_resolution(&self, other: &Side) -> bool {
        self.status == other.status && self.codes().eq(other.codes())
    }
}

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Side", 3)?;
        st.serialize_field("status", self.status.as_str())?;
        st.serialize_field("instant", &self.instant.map(fmt_instant))?;
        st.serialize_field("notes", &self.notes)?;
        st.end()
    }
}

/// One occurrence that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    kind: ChangeKind,
    key: String,
    nominal: DateTime,
    fold: u8,
    old: Option<Side>,
    new: Option<Side>,
    cause: Option<Cause>,
    reason: Text,
}

impl Change {
    /// Added, removed, moved or changed.
    pub fn kind(&self) -> ChangeKind {
        self.kind
    }
    /// The occurrence key.
    pub fn key(&self) -> &str {
        &self.key
    }
    /// The nominal local time.
    pub fn nominal(&self) -> DateTime {
        self.nominal
    }
    /// 0, or 1 for the second of a repeated local time.
    pub fn fold(&self) -> u8 {
        self.fold
    }
    /// The old schedule's entry (none when added).
    pub fn old(&self) -> Option<&Side> {
        self.old.as_ref()
    }
    /// The new schedule's entry (none when removed).
    pub fn new_side(&self) -> Option<&Side> {
        self.new.as_ref()
    }
    /// The spec field that explains it; `None` only when the specs are equal.
    pub fn cause(&self) -> Option<Cause> {
        self.cause
    }
    /// A sentence: which field changed how, and what that does here (in
    /// the language spoken).
    pub fn reason(&self) -> String {
        self.reason.to_string()
    }
}

impl Serialize for Change {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Change", 8)?;
        st.serialize_field("change", self.kind.as_str())?;
        st.serialize_field("key", &self.key)?;
        st.serialize_field("nominal", &fmt_nominal(self.nominal))?;
        st.serialize_field("fold", &self.fold)?;
        st.serialize_field("old", &self.old)?;
        st.serialize_field("new", &self.new)?;
        st.serialize_field("cause", &self.cause.map(Cause::as_str))?;
        st.serialize_field("reason", &self.reason)?;
        st.end()
    }
}

/// The difference between two schedules over one window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diff {
    tzdb: &'static str,
    fields: Vec<FieldChange>,
    changes: Vec<Change>,
    unchanged: usize,
    warnings: Vec<Warning>,
}

impl Diff {
    /// The tz database both sides were resolved with.
    pub fn tzdb(&self) -> &'static str {
        self.tzdb
    }
    /// The spec fields that differ (those that decide occurrences).
    pub fn fields(&self) -> &[FieldChange] {
        &self.fields
    }
    /// Every occurrence that differs, in nominal order.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }
    /// How many keys are the same on both sides.
    pub fn unchanged(&self) -> usize {
        self.unchanged
    }
    /// True when nothing differs.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }
    /// How many changes are of `kind`.
    pub fn count(&self, kind: ChangeKind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }
    /// Warnings about how the diff was asked for (`empty_window`).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
    /// Adds a warning about how the diff was asked for.
    #[cfg(feature = "native")]
    pub(crate) fn warn(&mut self, warning: Option<Warning>) {
        self.warnings.extend(warning);
    }
    /// The result as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Serialize for Diff {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Summary {
            added: usize,
            removed: usize,
            moved: usize,
            changed: usize,
            unchanged: usize,
        }
        #[derive(Serialize)]
        struct Field<'a> {
            field: &'static str,
            old: &'a str,
            new: &'a str,
        }
        let fields: Vec<Field<'_>> = self
            .fields
            .iter()
            .map(|f| Field {
                field: f.field.as_str(),
                old: &f.old,
                new: &f.new,
            })
            .collect();
        let mut st = s.serialize_struct("Diff", 6)?;
        st.serialize_field("tzdb", self.tzdb)?;
        st.serialize_field("identical", &self.is_empty())?;
        st.serialize_field(
            "summary",
            &Summary {
                added: self.count(ChangeKind::Added),
                removed: self.count(ChangeKind::Removed),
                moved: self.count(ChangeKind::Moved),
                changed: self.count(ChangeKind::Changed),
                unchanged: self.unchanged,
            },
        )?;
        st.serialize_field("fields", &fields)?;
        st.serialize_field("changes", &self.changes)?;
        st.serialize_field("warnings", &self.warnings)?;
        st.end()
    }
}

/// The occurrences that differ between `old` and `new`, both expanded with
/// `options` (so the same limits and errors as [`expand`] apply).
pub fn diff(old: &Schedule, new: &Schedule, options: &ExpandOptions) -> Result<Diff, Error> {
    let before = expand(old, options)?;
    let after = expand(new, options)?;
    Ok(diff_expansions(old, new, &before, &after))
}

/// [`diff`] of two expansions already made.
fn diff_expansions(old: &Schedule, new: &Schedule, before: &Expansion, after: &Expansion) -> Diff {
    let fields = field_changes(old, new);
    let explain = Explainer {
        old,
        new,
        fields: &fields,
    };
    // A key can stand twice in one expansion (an invalid date moved onto a
    // date the rule also generates is merged into it under that date's
    // key): entries with one key are paired in expansion order. The old
    // side's keys are sorted with their positions, so each key's entries
    // are one run, searched by bisection.
    let mut olds: Vec<(String, usize)> = before
        .entries()
        .iter()
        .enumerate()
        .map(|(i, e)| (e.key(), i))
        .collect();
    crate::sort::sort(&mut olds);
    let mut paired = vec![false; before.entries().len()];
    let mut changes = Vec::new();
    let mut unchanged = 0;
    for e in after.entries() {
        let key = e.key();
        let new_side = Side::of(e);
        let run = olds.partition_point(|(k, _)| *k < key);
        let next = olds[run..]
            .iter()
            .take_while(|(k, _)| *k == key)
            .map(|&(_, i)| i)
            .find(|&i| !paired[i]);
        let Some(i) = next else {
            changes.push(explain.change(ChangeKind::Added, key, e, None, Some(new_side)));
            continue;
        };
        paired[i] = true;
        let old_side = Side::of(&before.entries()[i]);
        let kind = if old_side.instant.is_some()
            && new_side.instant.is_some()
            && old_side.instant != new_side.instant
        {
            ChangeKind::Moved
        } else if old_side.instant != new_side.instant || !old_side.same_resolution(&new_side) {
            ChangeKind::Changed
        } else {
            unchanged += 1;
            continue;
        };
        changes.push(explain.change(kind, key, e, Some(old_side), Some(new_side)));
    }
    // What the new side no longer has, in the old side's order.
    for (e, _) in before.entries().iter().zip(&paired).filter(|(_, p)| !**p) {
        let side = Side::of(e);
        changes.push(explain.change(ChangeKind::Removed, e.key(), e, Some(side), None));
    }
    // Ties (one nominal and fold, a merged entry beside its primary) keep
    // the order they were found in.
    let mut order: Vec<usize> = (0..changes.len()).collect();
    crate::sort::sort_by_key(&mut order, |&i| (changes[i].nominal, changes[i].fold, i));
    let mut slots: Vec<Option<Change>> = changes.into_iter().map(Some).collect();
    let changes: Vec<Change> = order.iter().filter_map(|&i| slots[i].take()).collect();
    Diff {
        tzdb: after.tzdb(),
        fields,
        changes,
        unchanged,
        warnings: Vec::new(),
    }
}

/// The fields that decide occurrences and differ between the two specs.
fn field_changes(old: &Schedule, new: &Schedule) -> Vec<FieldChange> {
    let mut out = Vec::new();
    let mut push = |field: Cause, a: String, b: String| {
        if a != b {
            out.push(FieldChange {
                field,
                old: a,
                new: b,
            });
        }
    };
    push(Cause::Id, old.id().to_owned(), new.id().to_owned());
    push(
        Cause::TimeZone,
        old.time_zone_name().to_owned(),
        new.time_zone_name().to_owned(),
    );
    push(
        Cause::Start,
        fmt_nominal(old.start()),
        fmt_nominal(new.start()),
    );
    // Several rules as `Rrules` prints them in a cell: joined by ` + `.
    let rule = |s: &Schedule| {
        s.canonical_rules()
            .map_or_else(|| "-".to_owned(), |r| r.to_string())
    };
    push(Cause::Rrule, rule(old), rule(new));
    let dates = |list: &[DateTime]| {
        let mut set = list.to_vec();
        crate::sort::sort(&mut set);
        set.dedup();
        let text: Vec<String> = set.into_iter().map(fmt_nominal).collect();
        if text.is_empty() {
            "-".to_owned()
        } else {
            text.join(",")
        }
    };
    push(Cause::Rdate, dates(old.rdate()), dates(new.rdate()));
    push(Cause::Exdate, dates(old.exdate()), dates(new.exdate()));
    push(
        Cause::Gap,
        old.gap().as_str().to_owned(),
        new.gap().as_str().to_owned(),
    );
    push(
        Cause::Fold,
        old.fold().as_str().to_owned(),
        new.fold().as_str().to_owned(),
    );
    push(
        Cause::InvalidDate,
        old.invalid_date().as_str().to_owned(),
        new.invalid_date().as_str().to_owned(),
    );
    out
}

/// The parts that differ for one rule on each side, else the whole texts
/// (`A + B`, as `Rrules` prints several in a cell: a rule has no spaces).
fn rules_diff(old: &str, new: &str) -> Arg {
    if old.contains(' ') || new.contains(' ') {
        return Arg::from(format!("`{old}` → `{new}`"));
    }
    rule_parts_diff(old, new)
}

/// `COUNT=4 → COUNT=6; BYMONTHDAY=31 → BYMONTHDAY=-1; +BYSETPOS=1`.
fn rule_parts_diff(old: &str, new: &str) -> Arg {
    let parts = |r: &str| -> Vec<(String, String)> {
        r.split(';')
            .filter(|p| !p.is_empty() && *p != "-")
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (k.to_owned(), v.to_owned())
            })
            .collect()
    };
    let (a, b) = (parts(old), parts(new));
    let value = |list: &[(String, String)], k: &str| {
        list.iter()
            .find(|(name, _)| name == k)
            .map(|(_, v)| v.clone())
    };
    let mut names: Vec<&String> = a.iter().chain(b.iter()).map(|(k, _)| k).collect();
    names.dedup();
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for name in names {
        if seen.contains(&name.as_str()) {
            continue;
        }
        seen.push(name);
        let part = |template| Text::new(template).with("name", name);
        match (value(&a, name), value(&b, name)) {
            (Some(x), Some(y)) if x != y => {
                out.push(part(r::DIFF_PART_CHANGED).with("old", x).with("new", y));
            }
            (Some(x), None) => out.push(part(r::DIFF_PART_REMOVED).with("old", x)),
            (None, Some(y)) => out.push(part(r::DIFF_PART_ADDED).with("new", y)),
            _ => {}
        }
    }
    if out.is_empty() {
        // Rules print normalized, so two that differ differ in a part;
        // this is for safety, in backticks that read the same everywhere.
        Arg::from(format!("`{old}` → `{new}`"))
    } else {
        Arg::list(out, Conj::Comma)
    }
}

/// Finds, for one differing occurrence, the field change that explains it.
struct Explainer<'a> {
    old: &'a Schedule,
    new: &'a Schedule,
    fields: &'a [FieldChange],
}

impl Explainer<'_> {
    fn change(
        &self,
        kind: ChangeKind,
        key: String,
        e: &Entry,
        old: Option<Side>,
        new: Option<Side>,
    ) -> Change {
        let (cause, detail) = self.explain(kind, e.nominal(), old.as_ref(), new.as_ref());
        let reason = match (cause.and_then(|c| self.field(c)), detail) {
            (Some(f), None) => f.text(),
            (Some(f), Some(detail)) => Text::new(r::DIFF_REASON)
                .with("field", f.text())
                .with("detail", detail),
            (None, _) => Text::new(r::DIFF_UNEXPLAINED),
        };
        Change {
            kind,
            key,
            nominal: e.nominal(),
            fold: e.fold(),
            old,
            new,
            cause,
            reason,
        }
    }

    fn field(&self, cause: Cause) -> Option<&FieldChange> {
        self.fields.iter().find(|f| f.field == cause)
    }

    fn changed(&self, cause: Cause) -> bool {
        self.field(cause).is_some()
    }

    /// The cause, most specific first, and a detail sentence for it:
    /// the entry's own date in EXDATE/RDATE, then a policy whose note the
    /// entry carries, then the zone (for a time that moved), then the rule
    /// and the start, then a policy that changes what COUNT counts.
    fn explain(
        &self,
        kind: ChangeKind,
        nominal: DateTime,
        old: Option<&Side>,
        new: Option<&Side>,
    ) -> (Option<Cause>, Option<Text>) {
        if self.changed(Cause::Id) {
            return (Some(Cause::Id), Some(Text::new(r::DIFF_ID)));
        }
        for (cause, list) in [
            (Cause::Exdate, [self.old.exdate(), self.new.exdate()]),
            (Cause::Rdate, [self.old.rdate(), self.new.rdate()]),
        ] {
            let listed = |l: &[DateTime]| l.contains(&nominal);
            if self.changed(cause) && listed(list[0]) != listed(list[1]) {
                let template = if listed(list[1]) {
                    r::DIFF_NOW_LISTS
                } else {
                    r::DIFF_NO_LONGER_LISTS
                };
                let detail = Text::new(template)
                    .with("field", cause.as_str())
                    .with("nominal", Arg::Nominal(nominal));
                return (Some(cause), Some(detail));
            }
        }
        let note = new
            .and_then(|s| s.notes.first())
            .or_else(|| old.and_then(|s| s.notes.first()));
        for (cause, of) in [
            (Cause::Gap, is_gap as fn(NoteCode) -> bool),
            (Cause::Fold, is_fold),
            (Cause::InvalidDate, is_invalid_date),
        ] {
            let noted = |s: Option<&Side>| s.is_some_and(|s| s.codes().any(of));
            if self.changed(cause) && (noted(old) || noted(new)) {
                let detail = new
                    .and_then(|s| s.notes.iter().find(|n| of(n.code())))
                    .or_else(|| old.and_then(|s| s.notes.iter().find(|n| of(n.code()))))
                    .map(|n| n.text().clone());
                return (Some(cause), detail);
            }
        }
        let moved = matches!(kind, ChangeKind::Moved | ChangeKind::Changed);
        let mut order = vec![Cause::Rrule, Cause::Start];
        if moved {
            order.insert(0, Cause::TimeZone);
        } else {
            order.push(Cause::TimeZone);
        }
        for cause in order {
            if self.changed(cause) {
                let detail = match (cause, note) {
                    (Cause::TimeZone, Some(n)) => Some(n.text().clone()),
                    _ => None,
                };
                return (Some(cause), detail);
            }
        }
        // A policy that no note of this entry names can still move the end
        // of a counted rule: a skipped or omitted time does not count.
        let counted = self.new.rules().iter().any(|r| r.count().is_some());
        for cause in [Cause::Gap, Cause::InvalidDate, Cause::Fold] {
            if self.changed(cause) {
                let detail = counted.then(|| Text::new(r::DIFF_COUNT_MOVES));
                return (Some(cause), detail);
            }
        }
        (self.fields.first().map(|f| f.field), None)
    }
}

fn is_gap(code: NoteCode) -> bool {
    matches!(
        code,
        NoteCode::GapSkipped | NoteCode::GapShifted | NoteCode::GapSnapped
    )
}

fn is_fold(code: NoteCode) -> bool {
    matches!(
        code,
        NoteCode::FoldFirst | NoteCode::FoldSecond | NoteCode::FoldBoth
    )
}

fn is_invalid_date(code: NoteCode) -> bool {
    matches!(
        code,
        NoteCode::InvalidDateBackward | NoteCode::InvalidDateForward
    )
}
