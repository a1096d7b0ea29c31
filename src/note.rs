//! The notes attached to entries: a stable code and a sentence. The zone
//! resolver writes the DST ones, the planner the merge and invalid-date
//! ones, and every surface prints them the same way.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

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
    message: String,
    dst: bool,
}

impl Note {
    pub(crate) fn new(code: NoteCode, message: String) -> Note {
        let dst = code.is_dst();
        Note { code, message, dst }
    }
    /// A `merged` note; `dst` is false when the two occurrences share a
    /// nominal (an invalid date moved onto a date the rule also generates).
    pub(crate) fn merged(message: String, dst: bool) -> Note {
        Note {
            code: NoteCode::Merged,
            message,
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
    /// The sentence.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Serialize for Note {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Note", 2)?;
        st.serialize_field("code", self.code.as_str())?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

/// A warning about the spec as a whole (not one entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

impl Warning {
    pub(crate) fn new(code: &'static str, message: String) -> Warning {
        Warning { code, message }
    }
    /// `start_unsynchronized`, `start_in_gap`, `start_in_fold`, `out_of_range`
    /// (the expansion ended at the end of the representable range), and for
    /// the zone name `zone_alias`, `fixed_offset_zone`, `reversed_sign_zone`,
    /// `windows_zone`, for the date lists `exdate_unmatched` and
    /// `rdate_duplicate`; a cron import's codes are listed in README's
    /// "From cron".
    pub fn code(&self) -> &'static str {
        self.code
    }
    /// The sentence.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Serialize for Warning {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Warning", 2)?;
        st.serialize_field("code", self.code)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}
