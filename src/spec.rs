//! The schedule spec (docs/spec.md §1): the JSON shape and the validated
//! [`Schedule`] that everything else consumes.

use std::sync::Arc;

use jiff::SignedDuration;
use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};
use crate::format::fmt_nominal;
use crate::lang::errors as e;
use crate::lang::{Arg, Conj, Text};
use crate::policy::{FoldPolicy, GapPolicy, InvalidDatePolicy, MisfirePolicy, OverlapPolicy};
use crate::rule::{Rule, Until};
use crate::zone;

/// Largest number of `rdate` or `exdate` entries a spec may carry.
pub const MAX_DATE_LIST: usize = 10_000;

/// Longest accepted schedule `id`, in bytes.
pub const MAX_ID_LEN: usize = 200;

/// Most rules one spec's `rrule` may list.
pub const MAX_RULES: usize = 64;

fn default_id() -> String {
    "preview".to_owned()
}

fn default_revision() -> u32 {
    1
}

/// The JSON spec (`skip_serializing_if`) and `to_ical` leave a field out
/// when it is its default.
pub(crate) fn is_default_id(id: &String) -> bool {
    id == "preview"
}

pub(crate) fn is_one(n: &u32) -> bool {
    *n == 1
}

pub(crate) fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// A schedule as written by a user (docs/spec.md §1): camelCase JSON, the same shape
/// in Rust, JavaScript and on the command line.
///
/// A `Spec` is unvalidated data; [`Schedule::new`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Spec {
    /// Schedule identity; part of every occurrence key.
    #[serde(default = "default_id", skip_serializing_if = "is_default_id")]
    pub id: String,
    /// Bumped on every rule change.
    #[serde(default = "default_revision", skip_serializing_if = "is_one")]
    pub revision: u32,
    /// IANA time zone name.
    pub time_zone: String,
    /// DTSTART as a nominal local time `YYYY-MM-DDTHH:MM[:SS]`.
    pub start: String,
    /// RFC 5545 RRULE value, or several (their union); absent means only
    /// `start` and `rdate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rrule: Option<Rrules>,
    /// Extra nominal occurrences (RDATE).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rdate: Vec<String>,
    /// Nominal occurrences removed (EXDATE).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exdate: Vec<String>,
    /// Policy for local times that do not exist.
    #[serde(default, skip_serializing_if = "is_default")]
    pub gap: GapPolicy,
    /// Policy for local times that occur twice.
    #[serde(default, skip_serializing_if = "is_default")]
    pub fold: FoldPolicy,
    /// Policy for days of month the month lacks.
    #[serde(default, skip_serializing_if = "is_default")]
    pub invalid_date: InvalidDatePolicy,
    /// Catch-up policy after an outage.
    #[serde(default, skip_serializing_if = "is_default")]
    pub misfire: MisfirePolicy,
    /// ISO 8601 duration: older than this when found ⇒ `expired`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_lateness: Option<String>,
    /// With `all`: at most this many late runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_catch_up: Option<u32>,
    /// ISO 8601 duration; with `skip`, lateness still treated as on time (default `PT5M`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace: Option<String>,
    /// An occurrence due while the previous one still runs: run alongside,
    /// skip it, or queue it (the ledger's scheduler).
    #[serde(default, skip_serializing_if = "is_default")]
    pub overlap: OverlapPolicy,
    /// ISO 8601 duration: the ledger's scheduler kills a run of this
    /// schedule that takes longer (overrides the worker's `--timeout`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<String>,
}

impl Spec {
    /// A spec with the required fields and every default.
    pub fn new(time_zone: impl Into<String>, start: impl Into<String>) -> Spec {
        Spec {
            id: default_id(),
            revision: 1,
            time_zone: time_zone.into(),
            start: start.into(),
            rrule: None,
            rdate: Vec::new(),
            exdate: Vec::new(),
            gap: GapPolicy::default(),
            fold: FoldPolicy::default(),
            invalid_date: InvalidDatePolicy::default(),
            misfire: MisfirePolicy::default(),
            max_lateness: None,
            max_catch_up: None,
            grace: None,
            overlap: OverlapPolicy::default(),
            timeout: None,
        }
    }

    /// Reads a spec from JSON text. Shape errors name the offending field.
    pub fn from_json(text: &str) -> Result<Spec, Error> {
        if !text.trim_start().starts_with('{') {
            return Err(not_an_object());
        }
        let mut de = serde_json::Deserializer::from_str(text);
        let spec = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            if matches!(
                e.inner().classify(),
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof
            ) {
                return Error::new(
                    ErrorCode::InvalidSpec,
                    Text::new(e::JSON).with("detail", json_syntax(e.inner())),
                );
            }
            let path = e.path().to_string();
            shape_error(&path, &e.inner().to_string())
        })?;
        // One object per spec: text after it (a second object, stray
        // brackets) is a mistake, not something to ignore.
        de.end().map_err(|e| {
            Error::new(
                ErrorCode::InvalidSpec,
                Text::new(e::JSON_TRAILING).with("detail", json_syntax(&e)),
            )
        })?;
        Ok(spec)
    }

    /// The spec as compact JSON (defaults omitted).
    pub fn to_json(&self) -> String {
        // Serializing plain strings, numbers and lists cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A spec's `rrule`: one RFC 5545 RRULE value, or several whose
/// occurrences are united (RFC 5545 lets a component carry several RRULE
/// properties).
///
/// In JSON one rule is a string and several are an array of strings; one
/// rule is written back as a string whichever way it was read.
///
/// ```
/// use wallclock::{Rrules, Spec};
///
/// let mut spec = Spec::new("Europe/Berlin", "2026-01-01T09:00");
/// spec.rrule = Some("FREQ=MONTHLY;BYMONTHDAY=1".into());
/// assert!(spec.to_json().ends_with(r#""rrule":"FREQ=MONTHLY;BYMONTHDAY=1"}"#));
/// spec.rrule = Some(Rrules::from(vec![
///     "FREQ=MONTHLY;BYMONTHDAY=1".to_owned(),
///     "FREQ=WEEKLY;BYDAY=MO".to_owned(),
/// ]));
/// assert!(spec.to_json().ends_with(r#""rrule":["FREQ=MONTHLY;BYMONTHDAY=1","FREQ=WEEKLY;BYDAY=MO"]}"#));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rrules(Vec<String>);

impl Rrules {
    /// The rules' texts, in the order given.
    pub fn as_slice(&self) -> &[String] {
        &self.0
    }
    /// The rules' texts, in the order given.
    pub fn iter(&self) -> std::slice::Iter<'_, String> {
        self.0.iter()
    }
    /// How many rules there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// True for an empty list (which validation refuses).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The text of the one rule, or `None` when there are several (or none).
    pub fn as_single(&self) -> Option<&str> {
        match self.0.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }
    /// The rules' texts.
    pub fn into_vec(self) -> Vec<String> {
        self.0
    }
    /// The field an error in rule `i` names: `rrule` for a single rule,
    /// `rrule[i]` when there are several.
    pub(crate) fn field(&self, i: usize) -> String {
        if self.0.len() == 1 {
            "rrule".to_owned()
        } else {
            format!("rrule[{i}]")
        }
    }
}

/// The rules as one line, for table cells: the texts joined by ` + `
/// (an RRULE has no spaces).
impl std::fmt::Display for Rrules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, text) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(text)?;
        }
        Ok(())
    }
}

impl From<String> for Rrules {
    fn from(text: String) -> Rrules {
        Rrules(vec![text])
    }
}

impl From<&str> for Rrules {
    fn from(text: &str) -> Rrules {
        Rrules(vec![text.to_owned()])
    }
}

impl From<Vec<String>> for Rrules {
    fn from(texts: Vec<String>) -> Rrules {
        Rrules(texts)
    }
}

impl<'a> IntoIterator for &'a Rrules {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Serialize for Rrules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.as_single() {
            Some(one) => s.serialize_str(one),
            None => self.0.serialize(s),
        }
    }
}

/// What `rrule` takes, in type errors.
pub(crate) const RRULE_EXPECTED: &str = "an RRULE string or a list of them";

/// One rule as a string or several as a list, whatever reads it (JSON text,
/// a JS object).
impl<'de> Deserialize<'de> for Rrules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rrules, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Rrules;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(RRULE_EXPECTED)
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Rrules, E> {
                Ok(Rrules::from(text))
            }
            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Rrules, E> {
                Ok(Rrules::from(text))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Rrules, A::Error> {
                let mut texts = Vec::new();
                while let Some(text) = seq.next_element::<String>()? {
                    texts.push(text);
                }
                Ok(Rrules(texts))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The error for a spec that is not an object at all.
pub fn not_an_object() -> Error {
    Error::new(ErrorCode::InvalidSpec, Text::new(e::NOT_AN_OBJECT))
}

/// Maps a deserialization failure at `path` to a structured error.
///
/// Used by every surface that reads specs (JSON text, JS objects) so that a
/// bad policy token is `invalid_policy` everywhere.
pub fn shape_error(path: &str, message: &str) -> Error {
    // serde_json appends " at line 1 column 12"; the field already says where.
    // (A byte scan: `str::find` with a `&str` pattern brings its two-way
    // searcher into the wasm build for this one call.)
    let at_line = (0..message.len()).find(|&i| message.as_bytes()[i..].starts_with(b" at line "));
    let message = match at_line {
        Some(i) => &message[..i],
        None => message,
    };
    let field = if path.is_empty() || path == "." || path == "?" {
        // A missing field is reported at the object; name it anyway.
        message
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split('`').next())
            .map(str::to_owned)
    } else {
        Some(path.to_owned())
    };
    let policy = match field.as_deref() {
        Some(f @ ("gap" | "fold" | "invalidDate" | "misfire" | "overlap")) => Some(f),
        _ => None,
    };
    if let Some(f) = policy {
        // The policy parser's own error, read again from the value its
        // English message quotes; serde's (worded as the language words it)
        // when the value is no string.
        return policy_error(f, message).unwrap_or_else(|| {
            let detail = serde_detail(message);
            let text = Text::new(e::POLICY_TYPE)
                .with("field", f)
                .with("detail", detail);
            Error::new(ErrorCode::InvalidPolicy, text).with_field(f)
        });
    }
    let detail = serde_detail(message);
    match field {
        Some(f) => Error::new(
            ErrorCode::InvalidSpec,
            Text::new(e::SPEC_FIELD)
                .with("field", f.as_str())
                .with("detail", detail),
        )
        .with_field(f),
        None => Error::new(
            ErrorCode::InvalidSpec,
            Text::new(e::SPEC_SHAPE).with("detail", detail),
        ),
    }
}

/// The error of the policy `field` for the value its English message
/// (``invalid `gap` value `…`: expected one of …``) quotes.
fn policy_error(field: &str, message: &str) -> Option<Error> {
    const TAIL: &[u8] = b"`: expected one of `";
    let rest = message
        .strip_prefix("invalid `")?
        .strip_prefix(field)?
        .strip_prefix("` value `")?;
    // The last `TAIL`: the value may hold anything, the tokens no backtick.
    let end = (0..rest.len())
        .rev()
        .find(|&i| rest.as_bytes()[i..].starts_with(TAIL))?;
    let value = rest.get(..end)?;
    match field {
        "gap" => value.parse::<GapPolicy>().err(),
        "fold" => value.parse::<FoldPolicy>().err(),
        "invalidDate" => value.parse::<InvalidDatePolicy>().err(),
        "misfire" => value.parse::<MisfirePolicy>().err(),
        _ => value.parse::<OverlapPolicy>().err(),
    }
}

/// What serde_json says is wrong with a JSON text.
const JSON_FAULTS: [&e::Words; 21] = [
    &e::JSON_EOF_LIST,
    &e::JSON_EOF_OBJECT,
    &e::JSON_EOF_STRING,
    &e::JSON_EOF_VALUE,
    &e::JSON_COLON,
    &e::JSON_LIST_END,
    &e::JSON_OBJECT_END,
    &e::JSON_IDENT,
    &e::JSON_VALUE,
    &e::JSON_QUOTE,
    &e::JSON_ESCAPE,
    &e::JSON_NUMBER,
    &e::JSON_RANGE,
    &e::JSON_CODE_POINT,
    &e::JSON_CONTROL,
    &e::JSON_KEY,
    &e::JSON_SURROGATE,
    &e::JSON_COMMA,
    &e::JSON_TRAILING_CHARS,
    &e::JSON_HEX_END,
    &e::JSON_DEPTH,
];

/// A JSON text's syntax error in the words of the language spoken
/// (`trailing comma at line 1 column 20`, `第1行第20列处有多余的逗号`);
/// a message serde_json words otherwise stays quoted.
pub(crate) fn json_syntax(err: &serde_json::Error) -> Text {
    let message = err.to_string();
    let at = format!(" at line {} column {}", err.line(), err.column());
    let fault = message
        .strip_suffix(&at)
        .and_then(|what| JSON_FAULTS.into_iter().find(|f| f[0] == what));
    match fault {
        Some(what) => Text::new(e::JSON_AT)
            .with("what", Arg::Words(what))
            .with("line", err.line())
            .with("column", err.column()),
        None => serde_quoted(&message),
    }
}

/// A message of serde's (or serde_json's) as it wrote it: in English, and
/// quoted in Chinese, without the backticks of its own.
pub(crate) fn serde_quoted(message: &str) -> Text {
    Text::new(e::SERDE)
        .with("detail", message)
        .with("plain", message.replace('`', ""))
}

/// A serde message in the words of the language spoken: a missing or an
/// unknown field as a sentence, anything else (serde's descriptions of
/// types and values) quoted as serde wrote it.
pub(crate) fn serde_detail(message: &str) -> Text {
    // serde's words around the backticked names: `missing field `x``,
    // `unknown field `x`, expected one of `a`, `b``, `… expected `a` or `b``.
    let mut parts = message.split('`');
    let (head, name) = (parts.next().unwrap_or_default(), parts.next());
    let names: Vec<String> = parts
        .clone()
        .skip(1)
        .step_by(2)
        .map(|n| format!("`{n}`"))
        .collect();
    let between: Vec<&str> = parts.step_by(2).collect();
    let template = match (head, name, between.as_slice()) {
        ("missing field ", Some(_), [""]) => e::MISSING_FIELD,
        ("duplicate field ", Some(_), [""]) => e::DUPLICATE_FIELD,
        ("unknown field ", Some(_), [", expected one of ", .., ""]) => e::UNKNOWN_FIELD_OF,
        ("unknown field ", Some(_), [", expected ", ""] | [", expected ", " or ", ""]) => {
            e::UNKNOWN_FIELD
        }
        _ => return wrong_kind(message).unwrap_or_else(|| serde_quoted(message)),
    };
    let conj = if template == e::UNKNOWN_FIELD_OF {
        Conj::Comma
    } else {
        Conj::Or
    };
    Text::new(template)
        .with("name", name.unwrap_or_default())
        .with("names", Arg::list(names, conj))
}

/// What serde (and the JS reader, in serde's words) says a value was:
/// kinds that end in a space go on with the value itself.
const GOT_KINDS: [&e::Words; 18] = [
    &e::GOT_BOOLEAN,
    &e::GOT_INTEGER,
    &e::GOT_FLOAT,
    &e::GOT_STRING,
    &e::GOT_UNIT,
    &e::GOT_SEQ,
    &e::GOT_MAP,
    &e::GOT_SURROGATE,
    &e::JS_UNDEFINED,
    &e::JS_NULL,
    &e::JS_ARRAY,
    &e::JS_FUNCTION,
    &e::JS_OBJECT,
    &e::JS_NUMBER,
    &e::JS_STRING,
    &e::JS_BOOLEAN,
    &e::JS_SYMBOL,
    &e::JS_BIGINT,
];

/// What the spec's readers expect where serde finds the wrong kind.
const WANT_KINDS: [&e::Words; 7] = [
    &e::WANT_STRING,
    &e::WANT_NUMBER,
    &e::WANT_F64,
    &e::WANT_SEQ,
    &e::WANT_RRULES,
    &e::WANT_U32,
    &e::WANT_UNICODE,
];

/// serde's `invalid type: <got>, expected <want>` (or `invalid value: …`)
/// in the words of the language spoken, when both sides are kinds the
/// spec's readers meet; `None` for anything else, which stays quoted.
fn wrong_kind(message: &str) -> Option<Text> {
    const EXPECTED: &[u8] = b", expected ";
    let (template, rest) = match message.strip_prefix("invalid type: ") {
        Some(rest) => (e::INVALID_TYPE, rest),
        None => (e::INVALID_VALUE, message.strip_prefix("invalid value: ")?),
    };
    // The last ", expected ": a string value may hold the words too.
    let at = (0..rest.len())
        .rev()
        .find(|&i| rest.as_bytes()[i..].starts_with(EXPECTED))?;
    let (got, want) = (&rest[..at], &rest[at + EXPECTED.len()..]);
    let want = WANT_KINDS.into_iter().find(|w| w[0] == want)?;
    let got = GOT_KINDS
        .into_iter()
        .find_map(|kind| match got.strip_prefix(kind[0]) {
            Some("") => Some(Arg::Words(kind)),
            Some(value) if kind[0].ends_with(' ') => Some(Arg::Text(Box::new(
                Text::new(e::GOT_VALUE)
                    .with("kind", Arg::Words(kind))
                    .with("value", value)
                    .with("plain", value.replace('`', "")),
            ))),
            _ => None,
        })?;
    Some(
        Text::new(template)
            .with("got", got)
            .with("want", Arg::Words(want)),
    )
}

/// An id names a schedule on command lines, in logs and in every effect
/// key: it must print as itself. Control characters (C0, DEL, C1), the
/// Unicode line and paragraph separators and the bidirectional controls
/// (U+202A–U+202E, U+2066–U+2069, which reorder the text shown around
/// them, so an id could print as another) are refused, naming the first
/// one and its byte position in the id.
fn check_id_chars(id: &str) -> Result<(), Error> {
    check_id_text(id, "id")
}

/// [`check_id_chars`] for an id read as `field` (`id`, or a command-line
/// argument that holds one: `schedule`, a `key`), so every place that
/// reads an id refuses the same characters with the same message.
pub(crate) fn check_id_text(id: &str, field: &str) -> Result<(), Error> {
    let bad = id.char_indices().find_map(|(at, c)| {
        let kind: &'static e::Words = match c {
            '\u{2028}' | '\u{2029}' => &e::LINE_BREAK,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => &e::BIDI,
            c if c.is_control() => &e::CONTROL,
            _ => return None,
        };
        Some((at, c, kind))
    });
    let Some((at, c, kind)) = bad else {
        return Ok(());
    };
    // Escaped as `str`'s `Debug` escapes (which serde's messages use
    // already), without its quotes.
    let quoted = format!("{id:?}");
    let escaped = quoted.get(1..quoted.len() - 1).unwrap_or(&quoted);
    Err(Error::new(
        ErrorCode::InvalidSpec,
        Text::new(e::ID_CHARS)
            .with("field", field)
            .with("id", escaped)
            .with("cp", format!("{:04X}", u32::from(c)))
            .with("at", at)
            .with("kind", Arg::Words(kind)),
    )
    .with_field(field)
    .with_position(at))
}

/// A validated schedule: the zone looked up, the rule parsed, every date and
/// duration checked. This is what expansion, notices, misfire decisions,
/// `describe` and the ledger take.
#[derive(Clone, Debug)]
pub struct Schedule {
    pub(crate) spec: Spec,
    pub(crate) id: Arc<str>,
    pub(crate) zone_name: Arc<str>,
    /// What the zone name given deserves a warning for (an alias, `EST`).
    pub(crate) zone_warnings: Vec<crate::note::Warning>,
    pub(crate) tz: TimeZone,
    pub(crate) start: DateTime,
    /// The rules, in the spec's order (none without `rrule`).
    pub(crate) rules: Vec<Rule>,
    pub(crate) rdate: Vec<DateTime>,
    pub(crate) exdate: Vec<DateTime>,
    pub(crate) max_lateness: Option<SignedDuration>,
    pub(crate) grace: SignedDuration,
    pub(crate) timeout: Option<SignedDuration>,
}

/// The spec's `id` (1 to [`MAX_ID_LEN`] bytes, no `|`) and `revision`
/// (from 1); [`check_id_chars`] checks the id's characters.
fn check_identity(spec: &Spec) -> Result<(), Error> {
    if spec.id.is_empty() || spec.id.len() > MAX_ID_LEN || spec.id.contains('|') {
        return Err(Error::new(
            ErrorCode::InvalidSpec,
            Text::new(e::ID)
                .with("id", &spec.id)
                .with("max", MAX_ID_LEN),
        )
        .with_field("id"));
    }
    if spec.revision == 0 {
        return Err(
            Error::new(ErrorCode::InvalidSpec, Text::new(e::REVISION)).with_field("revision")
        );
    }
    Ok(())
}

/// A `timeout`: a duration longer than zero.
fn read_timeout(s: &str) -> Result<SignedDuration, Error> {
    match parse_duration(s, "timeout")? {
        d if d.is_positive() => Ok(d),
        _ => Err(Error::new(
            ErrorCode::InvalidDuration,
            Text::new(e::TIMEOUT).with("text", s),
        )
        .with_field("timeout")),
    }
}

impl Schedule {
    /// Validates a spec. The first problem found is returned, naming its field.
    pub fn new(spec: &Spec) -> Result<Schedule, Error> {
        check_id_chars(&spec.id)?;
        Schedule::build(spec)
    }

    /// A spec the ledger stored, read back: validated as by
    /// [`Schedule::new`] except for its id's characters, so a ledger goes
    /// on running a schedule whose id an earlier build accepted with a
    /// character refused since (the check guards what comes in).
    #[cfg(all(feature = "native", not(target_arch = "wasm32")))]
    pub(crate) fn stored(spec: &Spec) -> Result<Schedule, Error> {
        Schedule::build(spec)
    }

    fn build(spec: &Spec) -> Result<Schedule, Error> {
        check_identity(spec)?;
        let zone::Named {
            tz,
            name,
            warnings: zone_warnings,
        } = zone::lookup(&spec.time_zone)?;
        let zone_name: Arc<str> = Arc::from(name);
        let start = read_local(&spec.start).map_err(|why| {
            Error::new(
                ErrorCode::InvalidStart,
                Text::new(e::START)
                    .with("start", &spec.start)
                    .with("why", why),
            )
            .with_field("start")
        })?;
        let resolved = zone::Resolver::new(&tz).resolve(start);
        if resolved == zone::Resolution::OutOfRange {
            let last = tz.to_datetime(jiff::Timestamp::MAX);
            return Err(Error::new(
                ErrorCode::InvalidStart,
                Text::new(e::START_PAST_END)
                    .with("start", &spec.start)
                    .with("zone", &*zone_name)
                    .with("last", &fmt_nominal(last)[..16]),
            )
            .with_field("start"));
        }
        let rules = match &spec.rrule {
            None => Vec::new(),
            Some(texts) => read_rules(texts, start, resolved)?,
        };
        let rdate = parse_list(&spec.rdate, "rdate")?;
        let exdate = parse_list(&spec.exdate, "exdate")?;
        let max_lateness = spec
            .max_lateness
            .as_deref()
            .map(|s| parse_duration(s, "maxLateness"))
            .transpose()?;
        let grace = match spec.grace.as_deref() {
            Some(s) => parse_duration(s, "grace")?,
            None => SignedDuration::from_mins(5),
        };
        let timeout = spec.timeout.as_deref().map(read_timeout).transpose()?;
        Ok(Schedule {
            spec: spec.clone(),
            id: Arc::from(spec.id.as_str()),
            zone_name,
            zone_warnings,
            tz,
            start,
            rules,
            rdate,
            exdate,
            max_lateness,
            grace,
            timeout,
        })
    }

    /// Reads and validates a spec from JSON text.
    pub fn from_json(text: &str) -> Result<Schedule, Error> {
        Schedule::new(&Spec::from_json(text)?)
    }

    /// The spec this schedule was built from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }
    /// The schedule id.
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The canonical IANA name of the zone (`America/New_York` for a spec
    /// that says `US/Eastern`).
    pub fn time_zone_name(&self) -> &str {
        &self.zone_name
    }
    /// The zone, from the bundled tz database.
    pub fn time_zone(&self) -> &TimeZone {
        &self.tz
    }
    /// DTSTART as a nominal local time.
    pub fn start(&self) -> DateTime {
        self.start
    }
    /// The recurrence rule, if any; the first of them when the spec has
    /// several (see [`Schedule::rules`]).
    pub fn rule(&self) -> Option<&Rule> {
        self.rules.first()
    }
    /// The recurrence rules, in the spec's order: none, one, or several
    /// whose occurrences are united.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }
    /// The rules in canonical form, as `validate` and `diff` show them.
    pub(crate) fn canonical_rules(&self) -> Option<Rrules> {
        let mut texts = Vec::with_capacity(self.rules.len());
        for rule in &self.rules {
            texts.push(rule.to_string());
        }
        (!texts.is_empty()).then_some(Rrules(texts))
    }
    /// RDATE nominals, sorted, without duplicates.
    pub fn rdate(&self) -> &[DateTime] {
        &self.rdate
    }
    /// EXDATE nominals, sorted, without duplicates.
    pub fn exdate(&self) -> &[DateTime] {
        &self.exdate
    }
    /// The gap policy.
    pub fn gap(&self) -> GapPolicy {
        self.spec.gap
    }
    /// The fold policy.
    pub fn fold(&self) -> FoldPolicy {
        self.spec.fold
    }
    /// The invalid-date policy.
    pub fn invalid_date(&self) -> InvalidDatePolicy {
        self.spec.invalid_date
    }
    /// The misfire policy.
    pub fn misfire(&self) -> MisfirePolicy {
        self.spec.misfire
    }

    /// The overlap policy.
    pub fn overlap(&self) -> OverlapPolicy {
        self.spec.overlap
    }
    /// `maxLateness`, if set.
    pub fn max_lateness(&self) -> Option<SignedDuration> {
        self.max_lateness
    }
    /// `maxCatchUp`, if set.
    pub fn max_catch_up(&self) -> Option<u32> {
        self.spec.max_catch_up
    }
    /// `timeout`, if set: how long the ledger lets one run take.
    pub fn timeout(&self) -> Option<SignedDuration> {
        self.timeout
    }
    /// `grace` (five minutes when absent).
    pub fn grace(&self) -> SignedDuration {
        self.grace
    }
    /// Reads a window bound or a `now`: an instant (`2026-03-08T07:00:00Z`,
    /// `2026-03-08T03:00:00-04:00`) or a nominal local date-time in this
    /// schedule's zone (resolved like RFC 5545 §3.3.5: a gap time with the
    /// offset before the gap, a fold time at its first occurrence).
    pub fn instant_at(&self, text: &str, field: &str) -> Result<jiff::Timestamp, Error> {
        instant_in(&self.tz, text, field)
    }

    /// True when the rule can generate an unbounded number of occurrences.
    pub fn is_unbounded(&self) -> bool {
        self.rules
            .iter()
            .any(|r| r.count.is_none() && r.until.is_none())
    }
}

/// The spec's rules, each parsed and checked against `start`; an error in
/// one of several names it (`rrule[1]`).
fn read_rules(
    texts: &Rrules,
    start: DateTime,
    resolved: zone::Resolution,
) -> Result<Vec<Rule>, Error> {
    if texts.is_empty() {
        return Err(
            Error::new(ErrorCode::InvalidRrule, Text::new(e::RRULE_EMPTY_LIST)).with_field("rrule"),
        );
    }
    if texts.len() > MAX_RULES {
        return Err(too_many_rules(texts.len()));
    }
    let mut rules = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let named = |e: Error| e.with_field(texts.field(i));
        let rule = Rule::parse(text).map_err(named)?;
        check_until(&rule, start, resolved).map_err(named)?;
        rules.push(rule);
    }
    Ok(rules)
}

/// The error for an `rrule` list of `n` rules, more than [`MAX_RULES`].
pub(crate) fn too_many_rules(n: usize) -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        Text::new(e::TOO_MANY_RULES)
            .with("n", n)
            .with("max", MAX_RULES),
    )
    .with_field("rrule")
}

fn check_until(rule: &Rule, start: DateTime, resolved: zone::Resolution) -> Result<(), Error> {
    let before = match rule.until {
        None => false,
        Some(Until::Date(d)) => d < start.date(),
        Some(Until::Local(dt)) => dt < start,
        // A start in a fold is accepted with UNTIL between its two instants.
        Some(Until::Utc(ts)) => resolved.earliest(start).is_some_and(|first| ts < first),
    };
    if before {
        return Err(Error::new(
            ErrorCode::UntilBeforeStart,
            Text::new(e::UNTIL_BEFORE_START)
                .with("start", Arg::Nominal(start))
                .with("until", fmt_nominal(start)[..10].replace('-', "")),
        )
        .with_field("rrule"));
    }
    Ok(())
}

fn parse_list(items: &[String], field: &str) -> Result<Vec<DateTime>, Error> {
    if items.len() > MAX_DATE_LIST {
        return Err(too_many_dates(field, items.len()));
    }
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let dt = read_local(item).map_err(|why| {
            Error::new(
                ErrorCode::InvalidDateTime,
                Text::new(e::DATE_ENTRY)
                    .with("field", field)
                    .with("item", item)
                    .with("why", why),
            )
            .with_field(format!("{field}[{i}]"))
        })?;
        out.push(dt);
    }
    crate::sort::sort(&mut out);
    out.dedup();
    Ok(out)
}

/// The error for an `rdate` or `exdate` list of `n` entries, more than
/// [`MAX_DATE_LIST`].
pub(crate) fn too_many_dates(field: &str, n: usize) -> Error {
    Error::new(
        ErrorCode::LimitExceeded,
        Text::new(e::TOO_MANY_ENTRIES)
            .with("field", field)
            .with("n", n)
            .with("max", MAX_DATE_LIST),
    )
    .with_field(field)
}

/// The largest text read as one input (a spec, a due list, a calendar), on
/// the command line and in Python: 16 MiB, so a mistaken `--spec
/// /dev/zero` ends.
#[cfg(any(feature = "native", feature = "python"))]
pub(crate) const MAX_INPUT: usize = 16 * 1024 * 1024;

/// The instant a text names in the zone `time_zone`: an instant
/// (`2026-03-08T07:00:00Z`, `2026-03-08T03:00:00-04:00`) or a nominal local
/// date-time there, resolved as [`Schedule::instant_at`] resolves it (a gap
/// time with the offset before the gap, a fold time at its first
/// occurrence). Errors name `field`.
pub fn instant_at(time_zone: &str, text: &str, field: &str) -> Result<jiff::Timestamp, Error> {
    instant_in(&zone::time_zone(time_zone)?, text, field)
}

/// [`instant_at`] in a resolved zone.
pub(crate) fn instant_in(tz: &TimeZone, text: &str, field: &str) -> Result<jiff::Timestamp, Error> {
    if let Ok(dt) = read_local(text) {
        return zone::compatible(tz, dt).ok_or_else(|| out_of_range(text, field));
    }
    crate::instant::parse_instant(text.trim()).ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidDateTime,
            Text::new(e::INSTANT)
                .with("field", field)
                .with("text", text),
        )
        .with_field(field)
    })
}

/// `` `text` is out of range ``, about `field`.
pub(crate) fn out_of_range(text: &str, field: &str) -> Error {
    Error::new(
        ErrorCode::InvalidDateTime,
        Text::new(e::OUT_OF_RANGE).with("text", text),
    )
    .with_field(field)
}

/// Parses a nominal local date-time `YYYY-MM-DDTHH:MM[:SS]` (also the basic
/// iCalendar form `YYYYMMDDTHHMMSS`). Offsets and zone names are refused:
/// a nominal time means "in the schedule's zone". The error is a reason
/// without the input, for the caller to wrap, in the language spoken.
pub fn parse_local(text: &str) -> Result<DateTime, String> {
    read_local(text).map_err(|why| why.to_string())
}

/// [`parse_local`], the reason as a sentence in every language.
pub(crate) fn read_local(text: &str) -> Result<DateTime, Text> {
    let b = text.as_bytes();
    let num = |from: usize, len: usize| -> Option<i32> {
        let s = b.get(from..from + len)?;
        s.iter()
            .all(u8::is_ascii_digit)
            .then(|| s.iter().fold(0i32, |acc, d| acc * 10 + i32::from(d - b'0')))
    };
    let fields = match b.len() {
        // Extended form: 2026-03-08T09:00 or 2026-03-08T09:00:00
        16 | 19
            if b[4] == b'-'
                && b[7] == b'-'
                && (b[10] == b'T' || b[10] == b't')
                && b[13] == b':'
                && (b.len() == 16 || b[16] == b':') =>
        {
            let sec = if b.len() == 19 { num(17, 2) } else { Some(0) };
            (|| {
                Some((
                    num(0, 4)?,
                    num(5, 2)?,
                    num(8, 2)?,
                    num(11, 2)?,
                    num(14, 2)?,
                    sec?,
                ))
            })()
        }
        // Basic form: 20260308T090000
        15 if b[8] == b'T' || b[8] == b't' => (|| {
            Some((
                num(0, 4)?,
                num(4, 2)?,
                num(6, 2)?,
                num(9, 2)?,
                num(11, 2)?,
                num(13, 2)?,
            ))
        })(),
        _ => None,
    };
    let Some((y, mo, d, h, mi, s)) = fields else {
        let has_offset = text.len() > 16
            && (text.ends_with(['Z', 'z', ']'])
                || text.get(16..).is_some_and(|tail| tail.contains(['+', '-'])));
        let expected = Text::new(e::LOCAL);
        return Err(if has_offset {
            Text::new(e::LOCAL_OFFSET).with("local", expected)
        } else {
            expected
        });
    };
    // Four-digit years fit i16 and two-digit fields fit i8.
    let date = jiff::civil::Date::new(y as i16, mo as i8, d as i8).map_err(|_| {
        Text::new(e::NOT_A_DATE).with("date", Arg::Date(y as i16, mo as i8, d as i8))
    })?;
    let time = jiff::civil::Time::new(h as i8, mi as i8, s as i8, 0)
        .map_err(|_| Text::new(e::NOT_A_TIME).with("time", format!("{h:02}:{mi:02}:{s:02}")))?;
    Ok(date.to_datetime(time))
}

/// Parses a non-negative ISO 8601 duration (`PT5M`, `P2D`, `P1DT12H`);
/// a day counts as 24 hours.
pub fn parse_duration(text: &str, field: &str) -> Result<SignedDuration, Error> {
    let bad = |why: &'static e::Words| {
        Error::new(
            ErrorCode::InvalidDuration,
            Text::new(e::DURATION)
                .with("field", field)
                .with("text", text)
                .with("why", Arg::Words(why)),
        )
        .with_field(field)
    };
    let dur = iso_duration(text.trim()).map_err(bad)?;
    Ok(dur)
}

/// Reads `PnDTnHnMnS` (each part optional, whole numbers, days of 24
/// hours; also `PnW`). Years and months are refused: they have no fixed length.
fn iso_duration(text: &str) -> Result<SignedDuration, &'static e::Words> {
    const EXPECTED: &e::Words = &e::DUR_ISO;
    const RANGE: &e::Words = &e::DUR_RANGE;
    let body = text
        .strip_prefix(['P', 'p'])
        .ok_or(if text.starts_with('-') {
            &e::DUR_NEGATIVE
        } else {
            EXPECTED
        })?;
    if body.is_empty() || body.eq_ignore_ascii_case("T") {
        return Err(EXPECTED);
    }
    let mut nanos: i128 = 0;
    let mut in_time = false;
    let mut number = String::new();
    let mut seen_unit = false;
    for c in body.chars() {
        match c.to_ascii_uppercase() {
            '0'..='9' => number.push(c),
            // A fraction is allowed on seconds only (`PT0.5S`).
            '.' | ',' if in_time && !number.is_empty() && !number.contains('.') => number.push('.'),
            'T' if !in_time && number.is_empty() => in_time = true,
            unit => {
                let scale: i128 = match (unit, in_time) {
                    ('Y', false) | ('M', false) => {
                        return Err(&e::DUR_MONTHS);
                    }
                    ('W', false) => 7 * 86_400,
                    ('D', false) => 86_400,
                    ('H', true) => 3_600,
                    ('M', true) => 60,
                    ('S', true) => 1,
                    _ => return Err(EXPECTED),
                };
                let (whole, frac) = number.split_once('.').unwrap_or((&number, ""));
                if whole.is_empty() || (number.contains('.') && (unit != 'S' || frac.is_empty())) {
                    return Err(EXPECTED);
                }
                let whole: i128 = whole.parse().map_err(|_| RANGE)?;
                let frac_nanos: i128 = if frac.is_empty() {
                    0
                } else {
                    let digits: String =
                        frac.chars().chain(std::iter::repeat('0')).take(9).collect();
                    digits.parse().map_err(|_| EXPECTED)?
                };
                nanos = whole
                    .checked_mul(scale * 1_000_000_000)
                    .and_then(|v| v.checked_add(frac_nanos))
                    .and_then(|v| nanos.checked_add(v))
                    .filter(|v| *v <= 100 * 365 * 86_400 * 1_000_000_000)
                    .ok_or(RANGE)?;
                number.clear();
                seen_unit = true;
            }
        }
    }
    if !number.is_empty() || !seen_unit {
        return Err(EXPECTED);
    }
    // Bounded to 100 years above, so this fits i64 nanoseconds.
    Ok(SignedDuration::from_nanos(nanos as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// serde's and serde_json's messages are worded where their kind is
    /// known, and quoted as serde wrote them where it is not.
    #[test]
    fn serde_messages_are_worded_or_quoted() {
        let zh = |text: Text| text.render(crate::Lang::ZhCn);
        assert_eq!(
            zh(serde_detail("invalid type: integer `5`, expected a string")),
            "类型无效：整数`5`，应为字符串"
        );
        assert_eq!(
            zh(serde_detail("invalid length 3, expected a tuple of size 2")),
            "`invalid length 3, expected a tuple of size 2`"
        );
        assert_eq!(
            zh(serde_detail("invalid type: map, expected struct Other")),
            "`invalid type: map, expected struct Other`"
        );
        let err = serde_json::from_str::<serde_json::Value>("[1,]").unwrap_err();
        assert_eq!(
            json_syntax(&err).render(crate::Lang::En),
            "trailing comma at line 1 column 4"
        );
        assert_eq!(zh(json_syntax(&err)), "第1行第4列处有多余的逗号");
        let err = serde_json::from_str::<serde_json::Value>("{\"a\": 1} x").unwrap_err();
        assert_eq!(zh(json_syntax(&err)), "第1行第10列处有多余的字符");
    }

    #[test]
    fn an_id_with_a_control_character_is_shown_escaped() {
        let err = check_id_chars("job's\treport\"\u{85}").unwrap_err();
        assert_eq!(
            err.message(),
            "invalid `id` `job's\\treport\\\"\\u{85}`: U+0009 at byte 5 is not printable (a control character); expected printable text, e.g. `daily-report`"
        );
        assert_eq!((err.field(), err.position()), (Some("id"), Some(5)));
    }

    #[test]
    fn an_id_with_a_bidirectional_control_is_shown_escaped() {
        let err = check_id_chars("pay\u{202E}rolls").unwrap_err();
        assert_eq!(
            err.message(),
            "invalid `id` `pay\\u{202e}rolls`: U+202E at byte 3 is not printable (a bidirectional control); expected printable text, e.g. `daily-report`"
        );
        assert_eq!((err.field(), err.position()), (Some("id"), Some(3)));
        for c in ['\u{202A}', '\u{202D}', '\u{2066}', '\u{2069}'] {
            assert!(check_id_chars(&format!("a{c}")).is_err(), "{c:?}");
        }
        // The neighbours are printable.
        for c in ['\u{2029}', '\u{202F}', '\u{2065}', '\u{206A}'] {
            assert_eq!(check_id_chars(&format!("a{c}")).is_err(), c == '\u{2029}');
        }
    }

    #[test]
    fn parse_local_accepts_both_forms() {
        let want: DateTime = "2026-03-08T09:30:15".parse().unwrap();
        assert_eq!(parse_local("2026-03-08T09:30:15"), Ok(want));
        assert_eq!(parse_local("20260308T093015"), Ok(want));
        assert_eq!(
            parse_local("2026-03-08T09:30"),
            Ok(want - jiff::SignedDuration::from_secs(15))
        );
    }

    #[test]
    fn parse_local_refuses_offsets_and_never_panics() {
        assert!(
            parse_local("2026-03-08T09:30:00Z")
                .unwrap_err()
                .contains("drop the offset")
        );
        assert!(
            parse_local("2026-03-08T09:30-05:00")
                .unwrap_err()
                .contains("drop the offset")
        );
        assert!(
            parse_local("2026-02-30T09:30")
                .unwrap_err()
                .contains("not a date")
        );
        assert!(
            parse_local("2026-03-08T24:00")
                .unwrap_err()
                .contains("not a time of day")
        );
        // Multi-byte characters around every byte boundary the parser looks at.
        for text in [
            "2026-03-08T09:3€",
            "2026-03-08T09:30€€",
            "€€€€€€€€€€€€€€€€€€",
            "2026-03-08T09:30:0é",
            "",
        ] {
            assert!(parse_local(text).is_err(), "{text}");
        }
    }

    #[test]
    fn utc_until_before_the_earliest_start_instant_is_rejected() {
        let check = |start: &str, until: &str, gap: &str| {
            Schedule::from_json(&format!(
                r#"{{"timeZone":"America/New_York","start":"{start}","gap":"{gap}","rrule":"FREQ=DAILY;UNTIL={until}"}}"#
            ))
            .map(|_| ())
            .map_err(|e| e.code())
        };
        let before = Err(ErrorCode::UntilBeforeStart);
        // 09:00 EST is 14:00Z: an UNTIL earlier that day yields nothing.
        assert_eq!(
            check("2026-01-10T09:00", "20260110T000000Z", "skip"),
            before
        );
        assert_eq!(
            check("2026-01-10T09:00", "20260110T135959Z", "skip"),
            before
        );
        assert_eq!(
            check("2026-01-10T09:00", "20260110T140000Z", "skip"),
            Ok(())
        );
        // 01:30 on 1 November occurs at 05:30Z and 06:30Z: between them is
        // accepted (fold `first` runs once), before both is not.
        assert_eq!(
            check("2026-11-01T01:30", "20261101T060000Z", "skip"),
            Ok(())
        );
        assert_eq!(
            check("2026-11-01T01:30", "20261101T052959Z", "skip"),
            before
        );
        // 02:30 on 8 March does not exist; the clocks change at 07:00Z,
        // where a skipped start is listed and a snapped one runs.
        for gap in ["skip", "shift", "snap"] {
            assert_eq!(check("2026-03-08T02:30", "20260308T070000Z", gap), Ok(()));
            assert_eq!(check("2026-03-08T02:30", "20260308T065959Z", gap), before);
        }
    }

    #[test]
    fn durations_are_iso_8601_with_24_hour_days() {
        assert_eq!(
            parse_duration("P2D", "grace"),
            Ok(SignedDuration::from_hours(48))
        );
        assert_eq!(
            parse_duration("PT5M", "grace"),
            Ok(SignedDuration::from_mins(5))
        );
        assert_eq!(
            parse_duration("P1M", "grace").unwrap_err().code(),
            ErrorCode::InvalidDuration
        );
        assert_eq!(
            parse_duration("-PT5M", "grace").unwrap_err().code(),
            ErrorCode::InvalidDuration
        );
        assert_eq!(
            parse_duration("P1DT12H", "grace"),
            Ok(SignedDuration::from_hours(36))
        );
        assert_eq!(
            parse_duration("PT90S", "grace"),
            Ok(SignedDuration::from_secs(90))
        );
        for bad in [
            "P",
            "PT",
            "P1H",
            "PT1D",
            "P1.5D",
            "P1D2",
            "PT-5M",
            "P99999999999999999999D",
        ] {
            assert!(parse_duration(bad, "grace").is_err(), "{bad}");
        }
        assert_eq!(
            parse_duration("soon", "grace").unwrap_err().field(),
            Some("grace")
        );
    }
}
