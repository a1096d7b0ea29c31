//! The ledger's error: the core's `{code, message, field?, position?}` shape
//! plus the codes only a database can produce.

use std::fmt;

use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::lang::{Text, input_errors};

/// A ledger failure. `code` is a stable lowercase token: one of the core's
/// [`crate::ErrorCode`] tokens (a bad spec, a bad duration, …) or one of the
/// ledger's own: `unknown_schedule`, `schedule_exists`, `invalid_cutover`,
/// `invalid_option`, `unknown_key`, `invalid_state`, `not_a_ledger`,
/// `ledger_too_new`, `ledger_not_found`, `database_locked`, `database_corrupt`, `disk_full`,
/// `database_unreachable`, `authentication_failed`, `connection_lost`, `statement_timeout`,
/// `database_error`, `internal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerError {
    code: &'static str,
    message: String,
    field: Option<String>,
    position: Option<usize>,
}

impl LedgerError {
    /// The codes only the ledger gives, besides the core's
    /// ([`crate::ErrorCode::ALL`]), in the order `docs/spec.md` lists them.
    pub const CODES: &'static [&'static str] = &[
        "unknown_schedule",
        "schedule_exists",
        "invalid_cutover",
        "unknown_key",
        "invalid_state",
        "schedule_removed",
        "schedule_disabled",
        "already_triggered",
        "epoch_superseded",
        "not_a_ledger",
        "ledger_not_found",
        "ledger_too_new",
        "ledger_outdated",
        "ledger_read_only",
        "ledger_unreadable",
        "database_locked",
        "database_corrupt",
        "disk_full",
        "database_error",
        "database_unreachable",
        "authentication_failed",
        "connection_lost",
        "statement_timeout",
        "stdout_closed",
    ];

    /// A new error with a code token and a message, rendered in the
    /// language spoken now.
    pub fn new(code: &'static str, message: Text) -> LedgerError {
        debug_assert!(
            LedgerError::CODES.contains(&code)
                || crate::ErrorCode::ALL.iter().any(|c| c.as_str() == code),
            "ledger error code `{code}` not in LedgerError::CODES"
        );
        LedgerError {
            code,
            message: message.to_string(),
            field: None,
            position: None,
        }
    }

    /// The same error, naming the argument or spec field it is about.
    pub fn with_field(mut self, field: impl Into<String>) -> LedgerError {
        self.field = Some(field.into());
        self
    }

    /// The stable code token.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The human message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The field, if any.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The same error from a command that had already committed earlier
    /// transactions, `what` saying what they hold: the message says so
    /// instead of implying that nothing was written. Unchanged for `None`.
    pub(crate) fn after_commits(mut self, what: Option<Text>) -> LedgerError {
        let Some(what) = what else {
            return self;
        };
        let nothing_written = Text::new(input_errors::LEDGER_NOTHING_WRITTEN).to_string();
        match self.message.split_once(&nothing_written) {
            Some((head, tail)) => {
                let rolled_back = Text::new(input_errors::LEDGER_ROLLED_BACK).with("what", what);
                self.message = format!("{head}{rolled_back}{tail}");
            }
            None => {
                let committed =
                    Text::new(input_errors::LEDGER_EARLIER_COMMITTED).with("what", what);
                self.message = format!("{}{committed}", self.message);
            }
        }
        self
    }

    /// True for a failure that may pass by itself: the database locked
    /// past the busy timeout, the PostgreSQL server unreachable (refused,
    /// silent, out of connection slots) or its connection lost, a
    /// statement timed out, the disk full. Nothing of the failing
    /// transaction was written; trying again later is safe.
    pub fn is_transient(&self) -> bool {
        matches!(
            self.code,
            "database_locked"
                | "connection_lost"
                | "database_unreachable"
                | "statement_timeout"
                | "disk_full"
        )
    }

    /// True when another connection held the database longer than the busy timeout.
    pub fn is_locked(&self) -> bool {
        self.code == "database_locked"
    }
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(field) = &self.field {
            write!(f, "{field}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LedgerError {}

impl Serialize for LedgerError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = 2 + usize::from(self.field.is_some()) + usize::from(self.position.is_some());
        let mut st = s.serialize_struct("Error", n)?;
        st.serialize_field("code", self.code)?;
        st.serialize_field("message", &self.message)?;
        if let Some(field) = &self.field {
            st.serialize_field("field", field)?;
        }
        if let Some(position) = self.position {
            st.serialize_field("position", &position)?;
        }
        st.end()
    }
}

impl From<crate::Error> for LedgerError {
    fn from(e: crate::Error) -> LedgerError {
        LedgerError {
            code: e.code().as_str(),
            message: e.message().to_owned(),
            field: e.field().map(str::to_owned),
            position: e.position(),
        }
    }
}

impl From<rusqlite::Error> for LedgerError {
    fn from(e: rusqlite::Error) -> LedgerError {
        use rusqlite::ffi::ErrorCode as C;
        let says = |template| Text::new(template).with("why", e.to_string());
        match &e {
            rusqlite::Error::SqliteFailure(f, _) => match f.code {
                C::DatabaseBusy | C::DatabaseLocked => {
                    LedgerError::new("database_locked", says(input_errors::LEDGER_LOCKED))
                }
                C::NotADatabase | C::DatabaseCorrupt => {
                    LedgerError::new("database_corrupt", says(input_errors::LEDGER_CORRUPT))
                }
                C::DiskFull => LedgerError::new(
                    "disk_full",
                    says(input_errors::LEDGER_DISK_FULL)
                        .with("nothing", Text::new(input_errors::LEDGER_NOTHING_WRITTEN)),
                ),
                C::CannotOpen => {
                    LedgerError::new("ledger_not_found", says(input_errors::LEDGER_CANNOT_OPEN))
                }
                _ => LedgerError::new("database_error", says(input_errors::LEDGER_DATABASE)),
            },
            _ => LedgerError::new("database_error", says(input_errors::LEDGER_DATABASE)),
        }
    }
}

/// A broken invariant: asserts in debug builds, an `internal` error in release.
#[track_caller]
pub(crate) fn internal(what: &str) -> LedgerError {
    debug_assert!(false, "internal error: {what}");
    LedgerError::new(
        "internal",
        Text::new(crate::lang::errors::INTERNAL).with("what", what),
    )
}
