//! Why an occurrence is in its state, as the `reason` column keeps it: the
//! sentence as data ([`Text::to_stored`]), so `explain` and `occurrences`
//! say it in the reader's language. A reason written before the ledger
//! kept sentences as data is a JSON string, shown as it was written.

use crate::lang::stored::Stored;
use crate::lang::{Lang, Text};

/// `text` as the `reason` column keeps it.
pub(crate) fn stored(text: Text) -> String {
    text.to_stored().to_string()
}

/// The `reason` column's sentence in the language spoken.
pub(crate) fn read(column: Option<String>) -> Option<String> {
    column.map(|c| Stored::read(&c).render(Lang::current()))
}
