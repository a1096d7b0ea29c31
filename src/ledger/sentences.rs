//! The ledger's sentences as it keeps them: an occurrence's `reason` and
//! the messages of its `notes` are sentences as data ([`Text::to_stored`]:
//! the template's code and the facts in its slots), so `explain` and
//! `occurrences` say them in the reader's language. Words written before
//! the ledger kept sentences as data (a JSON string) are shown as written.

use jiff::Timestamp;
use serde_json::{Value, json};

use crate::lang::stored::Stored;
use crate::lang::{Arg, Lang, Text, ledger as says};
use crate::note::Note;

use super::model::Moved;

/// `text` as the `reason` column keeps it.
pub(crate) fn stored(text: Text) -> String {
    text.to_stored().to_string()
}

/// The `reason` column's sentence in the language spoken.
pub(crate) fn read(column: Option<String>) -> Option<String> {
    column.map(|c| Stored::read(&c).render(Lang::current()))
}

/// A failed attempt's message ([`super::Outcome::Failed`]): a sentence
/// when it is one kept as data, else the words as they came.
pub(crate) fn message(words: &str) -> Arg {
    match Stored::words(words) {
        Stored::Text(t) => t.into(),
        Stored::Verbatim(w) => w.into(),
    }
}

/// A failed attempt's message in the language spoken.
pub(crate) fn read_message(words: Option<String>) -> Option<String> {
    words.map(|w| Stored::words(&w).render(Lang::current()))
}

/// A note as the `notes` column keeps it: `{code, message}`, the message
/// as data.
pub(crate) fn note(code: &str, text: Text) -> Value {
    json!({ "code": code, "message": text.to_stored() })
}

/// An expansion's notes as the `notes` column keeps them.
pub(crate) fn notes(list: &[Note]) -> Vec<Value> {
    list.iter()
        .map(|n| note(n.code().as_str(), n.text().clone()))
        .collect()
}

/// The `tzdb_changed` note: the new tz database moved the instant.
pub(crate) fn tzdb_changed(m: &Moved, tzdb: &str) -> Value {
    let text = moved(Text::new(says::NOTE_TZDB_CHANGED), m, tzdb);
    note("tzdb_changed", text)
}

/// The `tzdb_kept` note: the new tz database would move the instant of an
/// occurrence already attempted. It names `tzdb`, so it is written once.
pub(crate) fn tzdb_kept(m: &Moved, tzdb: &str) -> Value {
    let mut kept = note("tzdb_kept", moved(Text::new(says::NOTE_TZDB_KEPT), m, tzdb));
    kept["tzdb"] = json!(tzdb);
    kept
}

/// Fills a tz-database note's slots: both databases, both instants.
fn moved(text: Text, m: &Moved, tzdb: &str) -> Text {
    let instant = |at: Option<&str>, none: Text| match at.and_then(|a| a.parse::<Timestamp>().ok())
    {
        Some(ts) => Arg::Instant(ts),
        None => none.into(),
    };
    text.with("from_tzdb", m.from_tzdb.as_str())
        .with("tzdb", tzdb)
        .with(
            "from",
            instant(m.from.as_deref(), Text::new(says::NOTE_NO_INSTANT)),
        )
        .with(
            "to",
            instant(m.to.as_deref(), Text::new(says::NOTE_LOCAL_TIME_GONE)),
        )
}

/// The `notes` column with each message in the language spoken.
pub(crate) fn read_notes(column: Option<String>) -> Value {
    let Some(column) = column else {
        return Value::Array(Vec::new());
    };
    let mut notes: Value = serde_json::from_str(&column).unwrap_or(Value::Null);
    for n in notes.as_array_mut().into_iter().flatten() {
        // Words an older build wrote are a JSON string, kept as they are;
        // a sentence this build cannot read is shown as its JSON.
        let said = match n.get("message") {
            Some(m) if m.is_object() => {
                Text::from_stored(m).map_or_else(|| m.to_string(), |t| t.render(Lang::current()))
            }
            _ => continue,
        };
        n["message"] = Value::String(said);
    }
    notes
}
