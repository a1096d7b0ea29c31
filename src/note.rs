//! The notes attached to entries and the warnings of a spec or a result: a
//! stable code and a sentence ([`Text`], printed in the language spoken).
//! The zone resolver writes the DST notes, the planner the merge and
//! invalid-date ones, and every surface prints them the same way.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::lang::{Lang, Text};

/// The stable code of a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoteCode {
    /// The local time did not exist; skipped.
    GapSkipped,
    /// The local time did not exist; run with the offset from before the gap.
    GapShifted,
    /// The local time did not exist; run at the transition.
    GapSnapped,
    /// The local time occurred twice; ran at the first.
    FoldFirst,
    /// The local time occurred twice; ran at the second.
    FoldSecond,
    /// The local time occurred twice; ran at both.
    FoldBoth,
    /// A day the month lacks, moved to the month's last day.
    InvalidDateBackward,
    /// A day the month lacks, moved to the next month's first day.
    InvalidDateForward,
    /// Same instant as an earlier nominal; runs once.
    Merged,
}

impl NoteCode {
    /// Every code, in the order `docs/spec.md` lists them.
    pub const ALL: [NoteCode; 9] = [
        NoteCode::GapSkipped,
        NoteCode::GapShifted,
        NoteCode::GapSnapped,
        NoteCode::FoldFirst,
        NoteCode::FoldSecond,
        NoteCode::FoldBoth,
        NoteCode::InvalidDateBackward,
        NoteCode::InvalidDateForward,
        NoteCode::Merged,
    ];

    /// The lowercase token.
    pub fn as_str(self) -> &'static str {
        match self {
            NoteCode::GapSkipped => "gap_skipped",
            NoteCode::GapShifted => "gap_shifted",
            NoteCode::GapSnapped => "gap_snapped",
            NoteCode::FoldFirst => "fold_first",
            NoteCode::FoldSecond => "fold_second",
            NoteCode::FoldBoth => "fold_both",
            NoteCode::InvalidDateBackward => "invalid_date_backward",
            NoteCode::InvalidDateForward => "invalid_date_forward",
            NoteCode::Merged => "merged",
        }
    }
    /// True for codes a clock change causes (what DST notices report).
    /// A `Merged` note can also come from an invalid date moved onto a
    /// date the rule generates: [`Note::is_dst`] tells that one apart.
    pub fn is_dst(self) -> bool {
        !matches!(
            self,
            NoteCode::InvalidDateBackward | NoteCode::InvalidDateForward
        )
    }
}

/// An explanation attached to an entry: a stable code and a sentence naming
/// the date, the zone, the clock change and what happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    code: NoteCode,
    text: Text,
    dst: bool,
}

impl Note {
    pub(crate) fn new(code: NoteCode, text: Text) -> Note {
        let dst = code.is_dst();
        Note { code, text, dst }
    }
    /// A `merged` note; `dst` is false when the two occurrences share a
    /// nominal (an invalid date moved onto a date the rule also generates).
    pub(crate) fn merged(text: Text, dst: bool) -> Note {
        Note {
            code: NoteCode::Merged,
            text,
            dst,
        }
    }
    /// True when a clock change caused it: as [`NoteCode::is_dst`], except
    /// that a merge of two occurrences with the same nominal (an invalid
    /// date moved onto a date the rule also generates) is not one.
    pub fn is_dst(&self) -> bool {
        self.dst
    }
    /// The stable code.
    pub fn code(&self) -> NoteCode {
        self.code
    }
    /// The sentence, in the language spoken ([`Lang::current`]).
    pub fn message(&self) -> String {
        self.text.render(Lang::current())
    }
    /// The sentence, in any language.
    pub fn text(&self) -> &Text {
        &self.text
    }
}

impl Serialize for Note {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Note", 2)?;
        st.serialize_field("code", self.code.as_str())?;
        st.serialize_field("message", &self.text)?;
        st.end()
    }
}

/// Something about a spec or a result worth a second look: a stable code
/// and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    code: &'static str,
    text: Text,
}

impl Warning {
    /// Every warning code any surface gives, in the order `docs/spec.md`
    /// lists (and explains) them; `tests/spec_doc.rs` holds the two, the
    /// typings and the codes written in `src/` together.
    pub const CODES: &'static [&'static str] = &[
        "start_unsynchronized",
        "start_in_gap",
        "start_in_fold",
        "out_of_range",
        "zone_alias",
        "fixed_offset_zone",
        "reversed_sign_zone",
        "windows_zone",
        "exdate_unmatched",
        "rdate_duplicate",
        "empty_window",
        "not_due",
        "utc_start",
        "floating_start",
        "all_day_event",
        "override_moved",
        "override_cancelled",
        "override_ignored",
        "event_refused",
        "zone_assumed",
        "cron_gap_runs_each",
        "cron_clock_jump",
        "cron_tz_host_change",
        "timer_restart_in_fold",
        "gap_overshoot",
        "fold_undocumented",
        "nearest_weekday",
        "year_list",
        "every_elapsed",
        "random_value",
        "never_runs",
        "unknown_language",
    ];

    pub(crate) fn new(code: &'static str, text: Text) -> Warning {
        debug_assert!(
            Warning::CODES.contains(&code),
            "warning code `{code}` not in Warning::CODES"
        );
        Warning { code, text }
    }
    /// One of [`Warning::CODES`].
    pub fn code(&self) -> &'static str {
        self.code
    }
    /// The sentence, in the language spoken ([`Lang::current`]).
    pub fn message(&self) -> String {
        self.text.render(Lang::current())
    }
    /// The sentence, in any language.
    pub fn text(&self) -> &Text {
        &self.text
    }
    /// The warning for a language tag [`Lang::read`] did not know.
    pub fn unknown_language(text: Text) -> Warning {
        Warning::new("unknown_language", text)
    }
}

impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Warning", 2)?;
        st.serialize_field("code", self.code)?;
        st.serialize_field("message", &self.text)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::NoteCode;

    /// [`NoteCode::ALL`] holds every variant once: a new variant fails to
    /// compile here until it has a place in the list.
    #[test]
    fn all_lists_every_code_once() {
        for (i, code) in NoteCode::ALL.iter().enumerate() {
            let place = match code {
                NoteCode::GapSkipped => 0,
                NoteCode::GapShifted => 1,
                NoteCode::GapSnapped => 2,
                NoteCode::FoldFirst => 3,
                NoteCode::FoldSecond => 4,
                NoteCode::FoldBoth => 5,
                NoteCode::InvalidDateBackward => 6,
                NoteCode::InvalidDateForward => 7,
                NoteCode::Merged => 8,
            };
            assert_eq!(place, i, "{}", code.as_str());
        }
    }
}
