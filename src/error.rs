//! The one public error type.

use std::fmt;
use std::sync::Arc;

use crate::lang::{Lang, Text};

/// A stable, machine-readable error category.
///
/// The token returned by [`ErrorCode::as_str`] is the `code` field of every
/// error on every surface (Rust, JSON, JavaScript, CLI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// The spec names a time zone the bundled tz database does not know.
    UnknownTimeZone,
    /// The RRULE text is malformed or breaks an RFC 5545 rule.
    InvalidRrule,
    /// `start` is not a local date-time `YYYY-MM-DDTHH:MM[:SS]`.
    InvalidStart,
    /// An `rdate`/`exdate` entry, or a window bound, is not a valid date-time.
    InvalidDateTime,
    /// UNTIL lies before `start`.
    UntilBeforeStart,
    /// COUNT and UNTIL were both given (RFC 5545 §3.3.10 forbids it).
    CountAndUntil,
    /// A valid construct this library does not support.
    Unsupported,
    /// A policy token is not one of the allowed values.
    InvalidPolicy,
    /// An ISO 8601 duration (`maxLateness`, `grace`, `horizon`) is malformed.
    InvalidDuration,
    /// The spec is not the expected shape (wrong type, unknown key, missing key).
    InvalidSpec,
    /// An expansion option (`limit`, `from`, `to`) is invalid or missing.
    InvalidOption,
    /// The expansion would pass a documented ceiling.
    LimitExceeded,
    /// iCalendar text could not be read.
    InvalidIcal,
    /// A cron line (or a crontab, manifest or timer holding one) could not
    /// be read in the dialect asked for.
    InvalidCron,
    /// A broken internal invariant (a bug in wallclock).
    Internal,
}

impl ErrorCode {
    /// Every code, in the order `docs/spec.md` lists them.
    pub const ALL: [ErrorCode; 15] = [
        ErrorCode::UnknownTimeZone,
        ErrorCode::InvalidRrule,
        ErrorCode::InvalidStart,
        ErrorCode::InvalidDateTime,
        ErrorCode::UntilBeforeStart,
        ErrorCode::CountAndUntil,
        ErrorCode::Unsupported,
        ErrorCode::InvalidPolicy,
        ErrorCode::InvalidDuration,
        ErrorCode::InvalidSpec,
        ErrorCode::InvalidOption,
        ErrorCode::LimitExceeded,
        ErrorCode::InvalidIcal,
        ErrorCode::InvalidCron,
        ErrorCode::Internal,
    ];

    /// The lowercase token used in JSON, JavaScript and CLI output.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownTimeZone => "unknown_time_zone",
            ErrorCode::InvalidRrule => "invalid_rrule",
            ErrorCode::InvalidStart => "invalid_start",
            ErrorCode::InvalidDateTime => "invalid_date_time",
            ErrorCode::UntilBeforeStart => "until_before_start",
            ErrorCode::CountAndUntil => "count_and_until",
            ErrorCode::Unsupported => "unsupported",
            ErrorCode::InvalidPolicy => "invalid_policy",
            ErrorCode::InvalidDuration => "invalid_duration",
            ErrorCode::InvalidSpec => "invalid_spec",
            ErrorCode::InvalidOption => "invalid_option",
            ErrorCode::LimitExceeded => "limit_exceeded",
            ErrorCode::InvalidIcal => "invalid_ical",
            ErrorCode::InvalidCron => "invalid_cron",
            ErrorCode::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Everything that can go wrong, on every surface.
///
/// Cheap to clone. `code` is stable; `message` is for people and follows one
/// style: lowercase, the bad input in backticks, what was expected, an example.
#[derive(Clone, PartialEq, Eq)]
pub struct Error {
    inner: Arc<ErrorInner>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ErrorInner {
    code: ErrorCode,
    text: Text,
    field: Option<String>,
    position: Option<usize>,
}

impl Error {
    /// A new error with a code and a message.
    pub fn new(code: ErrorCode, message: Text) -> Error {
        Error::of(code, message)
    }

    /// [`Error::new`], out of line: the wasm build makes errors at many
    /// call sites, and the allocation inlined into each cost kilobytes.
    #[inline(never)]
    fn of(code: ErrorCode, text: Text) -> Error {
        Error {
            inner: Arc::new(ErrorInner {
                code,
                text,
                field: None,
                position: None,
            }),
        }
    }

    /// The same error, naming the spec field it came from (`rrule`, `start`, …).
    pub fn with_field(self, field: impl Into<String>) -> Error {
        self.field_named(field.into())
    }

    #[inline(never)]
    fn field_named(self, field: String) -> Error {
        let mut inner = Arc::unwrap_or_clone(self.inner);
        inner.field = Some(field);
        Error {
            inner: Arc::new(inner),
        }
    }

    /// The same error, with a byte position inside the offending field.
    pub fn with_position(self, position: usize) -> Error {
        let mut inner = Arc::unwrap_or_clone(self.inner);
        inner.position = Some(position);
        Error {
            inner: Arc::new(inner),
        }
    }

    /// The stable category.
    pub fn code(&self) -> ErrorCode {
        self.inner.code
    }

    /// The human message (no code, no field), in the language spoken
    /// ([`Lang::current`]).
    pub fn message(&self) -> String {
        self.inner.text.render(Lang::current())
    }

    /// The human message, in any language.
    pub fn text(&self) -> &Text {
        &self.inner.text
    }

    /// The spec field the error is about, if any.
    pub fn field(&self) -> Option<&str> {
        self.inner.field.as_deref()
    }

    /// The byte position inside the field, if known.
    pub fn position(&self) -> Option<usize> {
        self.inner.position
    }

    /// A broken invariant: asserts in debug builds, an `internal` error in release.
    #[track_caller]
    pub(crate) fn internal(what: &str) -> Error {
        debug_assert!(false, "internal error: {what}");
        Error::new(
            ErrorCode::Internal,
            Text::new(crate::lang::errors::INTERNAL).with("what", what),
        )
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("code", &self.inner.code)
            .field("message", &self.inner.text.render(Lang::En))
            .field("field", &self.inner.field)
            .field("position", &self.inner.position)
            .finish()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(field) = &self.inner.field {
            write!(f, "{field}: ")?;
        }
        self.inner.text.fmt(f)
    }
}

impl std::error::Error for Error {}

impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let n = 2
            + usize::from(self.inner.field.is_some())
            + usize::from(self.inner.position.is_some());
        let mut st = s.serialize_struct("Error", n)?;
        st.serialize_field("code", self.inner.code.as_str())?;
        st.serialize_field("message", &self.inner.text)?;
        if let Some(field) = &self.inner.field {
            st.serialize_field("field", field)?;
        }
        if let Some(position) = self.inner.position {
            st.serialize_field("position", &position)?;
        }
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    /// [`ErrorCode::ALL`] holds every variant once: a new variant fails to
    /// compile here until it has a place in the list (and so in
    /// `docs/spec.md`, which `tests/spec_doc.rs` compares with it).
    #[test]
    fn all_lists_every_code_once() {
        for (i, code) in ErrorCode::ALL.iter().enumerate() {
            let place = match code {
                ErrorCode::UnknownTimeZone => 0,
                ErrorCode::InvalidRrule => 1,
                ErrorCode::InvalidStart => 2,
                ErrorCode::InvalidDateTime => 3,
                ErrorCode::UntilBeforeStart => 4,
                ErrorCode::CountAndUntil => 5,
                ErrorCode::Unsupported => 6,
                ErrorCode::InvalidPolicy => 7,
                ErrorCode::InvalidDuration => 8,
                ErrorCode::InvalidSpec => 9,
                ErrorCode::InvalidOption => 10,
                ErrorCode::LimitExceeded => 11,
                ErrorCode::InvalidIcal => 12,
                ErrorCode::InvalidCron => 13,
                ErrorCode::Internal => 14,
            };
            assert_eq!(place, i, "{code}");
        }
    }
}
