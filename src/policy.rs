//! The policy tokens every layer shares (docs/spec.md §1): what to do with a local
//! time that does not exist or occurs twice, with a day the month lacks, and
//! with missed occurrences. One lowercase token per value, spelled the same
//! in Rust, JSON, JavaScript, CLI flags and SQLite.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};
use crate::lang::errors::POLICY;
use crate::lang::{Arg, Conj, Lang, Text};

/// Implements the token traits (`as_str`, `Display`, `FromStr`, serde) for a
/// policy enum, so every surface spells a policy the same way.
macro_rules! policy_tokens {
    ($name:ident, $field:literal, $example:literal, [$($variant:ident => $token:literal),+ $(,)?]) => {
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The lowercase token used in JSON, JS, CLI flags and SQLite.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $token),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = Error;
            fn from_str(s: &str) -> Result<$name, Error> {
                match s {
                    $($token => Ok($name::$variant),)+
                    _ => {
                        let expected = $name::ALL.iter().map(|p| format!("`{p}`"));
                        Err(Error::new(
                            ErrorCode::InvalidPolicy,
                            Text::new(POLICY)
                                .with("field", $field)
                                .with("value", s)
                                .with("tokens", Arg::list(expected, Conj::Comma))
                                .with("example", $example),
                        )
                        .with_field($field))
                    }
                }
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                // English, which `crate::spec::shape_error` reads back.
                s.parse()
                    .map_err(|e: Error| serde::de::Error::custom(e.text().render(Lang::En)))
            }
        }
    };
}

/// What to do with a nominal local time that does not exist (spring forward).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GapPolicy {
    /// `skip`: no instant, status `skipped`, not counted (RFC 5545 §3.3.10).
    #[default]
    Skip,
    /// `shift`: use the offset in force before the transition (RFC 5545 §3.3.5).
    Shift,
    /// `snap`: the first instant after the gap, i.e. the transition itself.
    Snap,
}
policy_tokens!(GapPolicy, "gap", "\"gap\": \"shift\"", [Skip => "skip", Shift => "shift", Snap => "snap"]);

/// What to do with a nominal local time that occurs twice (fall back).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FoldPolicy {
    /// `first`: the earlier instant.
    #[default]
    First,
    /// `second`: the later instant.
    Second,
    /// `both`: two occurrences, fold 0 and fold 1, both counted.
    Both,
}
policy_tokens!(FoldPolicy, "fold", "\"fold\": \"second\"", [First => "first", Second => "second", Both => "both"]);

/// What to do with a day of month the month lacks (31 April, 29 February).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InvalidDatePolicy {
    /// `omit`: no occurrence, not counted (RFC 5545, RFC 7529 `SKIP=OMIT`).
    #[default]
    Omit,
    /// `backward`: the last day of that month.
    Backward,
    /// `forward`: the first day of the next month.
    Forward,
}
policy_tokens!(InvalidDatePolicy, "invalidDate", "\"invalidDate\": \"backward\"", [Omit => "omit", Backward => "backward", Forward => "forward"]);

/// What a late scheduler does with the occurrences it missed (docs/spec.md §4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MisfirePolicy {
    /// `all`: run every missed occurrence (bounded by `maxCatchUp`).
    #[default]
    All,
    /// `latest_only`: run the newest, coalesce the rest into it.
    LatestOnly,
    /// `skip`: run only what is within `grace`; skip the rest.
    Skip,
}
policy_tokens!(MisfirePolicy, "misfire", "\"misfire\": \"latest_only\"", [All => "all", LatestOnly => "latest_only", Skip => "skip"]);

/// What a scheduler does with an occurrence that is due while the previous
/// one of the same schedule still runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OverlapPolicy {
    /// `allow`: run it alongside.
    #[default]
    Allow,
    /// `skip`: do not run it (`skipped`, reason `overlap`).
    Skip,
    /// `queue`: run it once the previous one has finished.
    Queue,
}
policy_tokens!(OverlapPolicy, "overlap", "\"overlap\": \"queue\"", [Allow => "allow", Skip => "skip", Queue => "queue"]);
