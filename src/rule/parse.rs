//! The RRULE parser, validator and canonical printer.

use std::fmt;

use super::Rule;
use crate::error::{Error, ErrorCode};

pub(super) fn parse(text: &str) -> Result<Rule, Error> {
    let _ = text;
    Err(Error::new(ErrorCode::Unsupported, "not yet implemented"))
}

pub(super) fn write_canonical(rule: &Rule, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "FREQ={}", rule.freq)
}
