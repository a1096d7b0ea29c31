//! JavaScript bindings (feature `wasm`, wasm32 only).
//!
//! Plain JS objects in, plain JS objects out, and `JSON.stringify` of a
//! result is byte for byte the JSON the CLI prints: `expand`'s entries are
//! built in JS (`src/wasm/expansion.js`) from columns this module fills,
//! other results are serialized to the CLI's JSON text and handed to
//! `JSON.parse`. Errors are thrown as real `Error` objects carrying `code`,
//! `message`, `field` and `position`.
//!
//! Nothing here may panic: the `wasm-release` profile aborts on panic, which
//! is an `unreachable` trap that poisons the instance. Every JS input is
//! therefore checked by type before it is read, and every failure becomes a
//! thrown `Error`.

use js_sys::{Array, Float64Array, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::format::nominal_bytes;
use crate::{
    Due, Error, ErrorCode, ExpandOptions, MAX_DATE_LIST, Schedule, Spec, Status, Warning,
    shape_error,
};

#[wasm_bindgen(module = "/src/wasm/expansion.js")]
extern "C" {
    /// Makes `expand`'s result objects from [`Columns`]; `catch` so that an
    /// exception (out of memory) is returned instead of unwinding through
    /// Rust frames.
    #[wasm_bindgen(js_name = buildExpansion, catch)]
    fn build_expansion(
        fields: &[u8],
        meta: &[u32],
        transitions: &[u32],
        id: &str,
        zone: &str,
        tail: &str,
    ) -> Result<JsValue, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// `Object.entries`, with a thrown exception (a throwing getter or
    /// Proxy trap) caught instead of unwinding through Rust frames.
    #[wasm_bindgen(js_namespace = Object, js_name = entries, catch)]
    fn object_entries(value: &JsValue) -> Result<Array, JsValue>;
}

/// Expands a spec: every nominal occurrence with its status, instant, key and
/// notes (the CLI's `expand` output). `options`: `{ limit?, from?, to? }`;
/// `from`/`to` are instants or local date-times in the spec's zone.
#[wasm_bindgen(js_name = expand)]
pub fn expand(spec: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let (schedule, options) = read_expand_args(&spec, &options).map_err(js_error)?;
    let expansion = crate::expand(&schedule, &options).map_err(js_error)?;
    match Columns::new(&expansion) {
        Some(columns) => build_expansion(
            &columns.fields,
            &columns.meta,
            &columns.transitions,
            schedule.id(),
            schedule.time_zone_name(),
            &columns.tail,
        ),
        // A year outside 0000..=9999 prints wider than the columns allow.
        None => to_js(&expansion),
    }
}

/// The instants of the executions (entries that run: `scheduled` or
/// `shifted`) as epoch milliseconds; same semantics as [`expand`], without
/// building a JS object per entry.
#[wasm_bindgen(js_name = expandInstants)]
pub fn expand_instants(spec: JsValue, options: JsValue) -> Result<Float64Array, JsValue> {
    let (schedule, options) = read_expand_args(&spec, &options).map_err(js_error)?;
    let instants = crate::execution_instants(&schedule, &options).map_err(js_error)?;
    // Milliseconds since 1970 stay far below 2^53 for years 0000..=9999,
    // so the conversion to f64 is exact.
    let millis: Vec<f64> = instants.iter().map(|t| t.as_millisecond() as f64).collect();
    Ok(Float64Array::from(millis.as_slice()))
}

/// The entries of `[from, to)` a clock change affects, with the zone's
/// transitions in that window. `window`: `{ from, to }`, both required.
#[wasm_bindgen(js_name = notices)]
pub fn notices(spec: JsValue, window: JsValue) -> Result<JsValue, JsValue> {
    let run = || -> Result<crate::Expansion, Error> {
        let schedule = read_schedule(&spec)?;
        let window = read_window(&window)?;
        let bound = |value: Option<String>, field: &str| {
            match value {
            Some(text) => schedule.instant_at(&text, field),
            None => Err(Error::new(
                ErrorCode::InvalidOption,
                format!("`{field}` is required: expected an instant or a local date-time, e.g. `2026-03-01T00:00:00Z`"),
            )
            .with_field(field)),
        }
        };
        let from = bound(window.from, "from")?;
        let to = bound(window.to, "to")?;
        crate::notices(&schedule, from, to)
    };
    to_js(&run().map_err(js_error)?)
}

/// Checks a spec. Returns `{ valid: true, rrule, warnings }` (`rrule` in
/// canonical form, or `null`); throws the first problem found.
#[wasm_bindgen(js_name = validate)]
pub fn validate(spec: JsValue) -> Result<JsValue, JsValue> {
    let schedule = read_schedule(&spec).map_err(js_error)?;
    let warnings = crate::warnings(&schedule);
    to_js(&Validation {
        valid: true,
        rrule: schedule.rule().map(|r| r.to_string()),
        warnings,
    })
}

/// An English description of the schedule, including DST behaviour.
#[wasm_bindgen(js_name = describe)]
pub fn describe(spec: JsValue) -> Result<String, JsValue> {
    let schedule = read_schedule(&spec).map_err(js_error)?;
    Ok(crate::describe(&schedule))
}

/// Misfire decisions for due occurrences. `due`: an array of
/// `{ key, instant }`; `now`: an instant (or local date-time) string.
#[wasm_bindgen(js_name = decideMisfires)]
pub fn decide_misfires(spec: JsValue, due: JsValue, now: JsValue) -> Result<JsValue, JsValue> {
    let run = || -> Result<Vec<crate::MisfireDecision>, Error> {
        let schedule = read_schedule(&spec)?;
        let items = read_due(&due)?;
        let now = match now.as_string() {
            Some(text) => schedule.instant_at(&text, "now")?,
            None => {
                return Err(Error::new(
                    ErrorCode::InvalidOption,
                    "invalid `now`: expected an instant string, e.g. `2026-03-08T12:00:00Z`",
                )
                .with_field("now"));
            }
        };
        let mut due = Vec::with_capacity(items.len());
        for (i, item) in items.into_iter().enumerate() {
            let instant = schedule.instant_at(&item.instant, &format!("due[{i}].instant"))?;
            due.push(Due {
                key: item.key,
                instant,
            });
        }
        Ok(crate::decide_misfires(&schedule, &due, now))
    };
    to_js(&run().map_err(js_error)?)
}

/// Reads the recurrence lines of an iCalendar VEVENT into a spec object.
#[wasm_bindgen(js_name = parseICal)]
pub fn parse_ical(text: JsValue) -> Result<JsValue, JsValue> {
    let Some(text) = text.as_string() else {
        return Err(js_error(Error::new(
            ErrorCode::InvalidIcal,
            format!(
                "invalid iCalendar input: expected text, got {}",
                js_type(&text)
            ),
        )));
    };
    let spec = crate::parse_ical(&text).map_err(js_error)?;
    to_js(&spec)
}

/// Prints a (valid) spec as `DTSTART;TZID=…`, `RRULE`, `RDATE`, `EXDATE` lines.
#[wasm_bindgen(js_name = toICal)]
pub fn to_ical(spec: JsValue) -> Result<String, JsValue> {
    let schedule = read_schedule(&spec).map_err(js_error)?;
    Ok(crate::to_ical(schedule.spec()))
}

/// The version of the bundled IANA tz database, e.g. `2026a`.
#[wasm_bindgen(js_name = tzdbVersion)]
pub fn tzdb_version() -> String {
    crate::tzdb_version().to_owned()
}

/// Every zone name in the bundled tz database, sorted.
#[wasm_bindgen(js_name = timeZones)]
pub fn time_zones() -> Vec<String> {
    crate::time_zones()
}

/// What `validate` returns.
#[derive(Serialize)]
struct Validation {
    valid: bool,
    rrule: Option<String>,
    warnings: Vec<Warning>,
}

/// `expand`/`expandInstants` options as JS passes them.
#[derive(Default)]
struct ExpandArg {
    limit: Option<f64>,
    from: Option<String>,
    to: Option<String>,
}

/// `notices` window as JS passes it.
#[derive(Default)]
struct WindowArg {
    from: Option<String>,
    to: Option<String>,
}

/// One due occurrence as JS passes it.
struct DueArg {
    key: String,
    instant: String,
}

fn read_expand_args(spec: &JsValue, options: &JsValue) -> Result<(Schedule, ExpandOptions), Error> {
    let schedule = read_schedule(spec)?;
    let mut arg = ExpandArg::default();
    read_options(options, EXPAND_KINDS, |i, v| {
        match i {
            0 => arg.limit = opt(v, |v| v.as_f64().ok_or_else(|| invalid_type(v, "f64")))?,
            1 => arg.from = opt(v, text)?,
            _ => arg.to = opt(v, text)?,
        }
        Ok(())
    })?;
    let limit = arg.limit.map(limit_from_f64).transpose()?;
    // The same reader as the CLI's --limit/--from/--to.
    let options = ExpandOptions::parse(&schedule, limit, arg.from.as_deref(), arg.to.as_deref())?;
    Ok((schedule, options))
}

fn read_window(window: &JsValue) -> Result<WindowArg, Error> {
    let mut arg = WindowArg::default();
    read_options(window, WINDOW_KINDS, |i, v| {
        match i {
            0 => arg.from = opt(v, text)?,
            _ => arg.to = opt(v, text)?,
        }
        Ok(())
    })?;
    Ok(arg)
}

/// A JS number as an execution limit: a whole number >= 0 (0 is left to the
/// planner, which rejects it with the CLI's message); huge values saturate,
/// since the planner's own ceilings bound the work anyway.
fn limit_from_f64(limit: f64) -> Result<u64, Error> {
    if !limit.is_finite() && limit > 0.0 {
        return Ok(u64::MAX);
    }
    if !limit.is_finite() || limit < 0.0 || limit.fract() != 0.0 {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            format!(
                "invalid `limit` `{}`: expected a whole number of 1 or more, e.g. `limit: 50`",
                float_text(limit)
            ),
        )
        .with_field("limit"));
    }
    // `as` saturates for floats above u64::MAX.
    Ok(limit as u64)
}

/// Reads and validates a spec object.
fn read_schedule(value: &JsValue) -> Result<Schedule, Error> {
    Schedule::new(&read_spec(value)?)
}

/// Reads a spec object the way `Spec::from_json` reads JSON text: every own
/// key is visited, so unknown keys are rejected exactly as on the CLI.
fn read_spec(value: &JsValue) -> Result<Spec, Error> {
    // Not an object at all: the CLI's message for JSON text that is not one.
    let pairs = object_pairs(value).map_err(|_| crate::spec::not_an_object())?;
    for (key, value) in &pairs {
        if key == "rdate" || key == "exdate" {
            check_list(key, value)?;
        }
    }
    check_kinds(&pairs, SPEC_KINDS)
        .and_then(|()| spec_from_pairs(&pairs))
        .map_err(|(path, msg)| shape_error(&path, &msg))
}

/// The spec's fields from an object's pairs (the order of SPEC_KINDS is
/// `Spec`'s field order, which serde's messages list).
fn spec_from_pairs(pairs: &[(String, JsValue)]) -> Result<Spec, Failure> {
    let mut spec = Spec::new("", "");
    let (mut zone, mut start) = (None, None);
    visit_fields(pairs, SPEC_KINDS, |i, key, v| {
        let at = |m: String| (key.to_owned(), m);
        match i {
            0 => spec.id = text(v).map_err(at)?,
            1 => spec.revision = whole(v).map_err(at)?,
            2 => zone = Some(text(v).map_err(at)?),
            3 => start = Some(text(v).map_err(at)?),
            4 => spec.rrule = opt(v, text).map_err(at)?,
            5 => spec.rdate = list(key, v)?,
            6 => spec.exdate = list(key, v)?,
            7 => spec.gap = policy(v).map_err(at)?,
            8 => spec.fold = policy(v).map_err(at)?,
            9 => spec.invalid_date = policy(v).map_err(at)?,
            10 => spec.misfire = policy(v).map_err(at)?,
            11 => spec.max_lateness = opt(v, text).map_err(at)?,
            12 => spec.max_catch_up = opt(v, whole).map_err(at)?,
            _ => spec.grace = opt(v, text).map_err(at)?,
        }
        Ok(())
    })?;
    spec.time_zone = zone.ok_or_else(|| missing("timeZone"))?;
    spec.start = start.ok_or_else(|| missing("start"))?;
    Ok(spec)
}

/// Reads an options object; `undefined` and `null` mean "no options".
fn read_options(
    value: &JsValue,
    kinds: &[(&str, Kind)],
    mut read: impl FnMut(usize, &JsValue) -> Result<(), String>,
) -> Result<(), Error> {
    let pairs = if value.is_undefined() || value.is_null() {
        Vec::new()
    } else {
        object_pairs(value).map_err(|got| {
            Error::new(
                ErrorCode::InvalidOption,
                format!("invalid options: expected an object such as `{{ limit: 50 }}`, got {got}"),
            )
        })?
    };
    let read = check_kinds(&pairs, kinds).and_then(|()| {
        visit_fields(&pairs, kinds, |i, key, v| {
            read(i, v).map_err(|m| (key.to_owned(), m))
        })
    });
    read.map_err(|(path, msg)| {
        let err = Error::new(ErrorCode::InvalidOption, format!("invalid options: {msg}"));
        if path.is_empty() || path == "." {
            err
        } else {
            err.with_field(path)
        }
    })
}

fn read_due(value: &JsValue) -> Result<Vec<DueArg>, Error> {
    let bad = |field: String, msg: String| {
        Error::new(
            ErrorCode::InvalidOption,
            format!("invalid `{field}`: {msg}"),
        )
        .with_field(field)
    };
    if !Array::is_array(value) {
        return Err(bad(
            "due".to_owned(),
            format!(
                "expected an array of `{{ key, instant }}` objects, got {}",
                js_type(value)
            ),
        ));
    }
    let array: &Array = value.unchecked_ref();
    let mut out = Vec::new();
    for (i, item) in array.iter().enumerate() {
        let field = format!("due[{i}]");
        let pairs = object_pairs(&item).map_err(|got| {
            bad(
                field.clone(),
                format!("expected an object `{{ key, instant }}`, got {got}"),
            )
        })?;
        let read = check_kinds(&pairs, DUE_KINDS).and_then(|()| {
            let (mut key, mut instant) = (None, None);
            visit_fields(&pairs, DUE_KINDS, |i, k, v| {
                let v = text(v).map_err(|m| (k.to_owned(), m))?;
                if i == 0 {
                    key = Some(v)
                } else {
                    instant = Some(v)
                }
                Ok(())
            })?;
            Ok(DueArg {
                key: key.ok_or_else(|| missing("key"))?,
                instant: instant.ok_or_else(|| missing("instant"))?,
            })
        });
        let due = read.map_err(|(path, msg)| {
            let f = if path.is_empty() || path == "." {
                field.clone()
            } else {
                format!("{field}.{path}")
            };
            bad(f, msg)
        })?;
        out.push(due);
    }
    Ok(out)
}

/// The own enumerable `[key, value]` pairs of a plain object; `Err` names
/// the JS type of anything else (arrays and functions included).
fn object_pairs(value: &JsValue) -> Result<Vec<(String, JsValue)>, String> {
    if !value.is_object() || Array::is_array(value) {
        return Err(js_type(value));
    }
    let entries =
        object_entries(value).map_err(|_| "an object whose keys cannot be read".to_owned())?;
    let mut pairs = Vec::with_capacity(entries.length() as usize);
    for entry in entries.iter() {
        let entry: &Array = entry.unchecked_ref();
        // Object.entries yields string keys only.
        let key = entry.get(0).as_string().unwrap_or_default();
        pairs.push((key, entry.get(1)));
    }
    Ok(pairs)
}

/// The JS type a field takes, checked before its value is read. Each
/// table lists the fields in the Rust struct's order, which serde's
/// "unknown field" message lists.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Number,
    TextList,
}

const SPEC_KINDS: &[(&str, Kind)] = &[
    ("id", Kind::Text),
    ("revision", Kind::Number),
    ("timeZone", Kind::Text),
    ("start", Kind::Text),
    ("rrule", Kind::Text),
    ("rdate", Kind::TextList),
    ("exdate", Kind::TextList),
    ("gap", Kind::Text),
    ("fold", Kind::Text),
    ("invalidDate", Kind::Text),
    ("misfire", Kind::Text),
    ("maxLateness", Kind::Text),
    ("maxCatchUp", Kind::Number),
    ("grace", Kind::Text),
];
const EXPAND_KINDS: &[(&str, Kind)] = &[
    ("limit", Kind::Number),
    ("from", Kind::Text),
    ("to", Kind::Text),
];
const WINDOW_KINDS: &[(&str, Kind)] = &[("from", Kind::Text), ("to", Kind::Text)];
const DUE_KINDS: &[(&str, Kind)] = &[("key", Kind::Text), ("instant", Kind::Text)];

/// Objects, functions, symbols and BigInts where a string, number or list of
/// strings belongs are refused here, first, with one short message (the
/// serde-wasm-bindgen reader this replaced described them with
/// `format!("{:?}")`, which recursed into nested arrays). The error is
/// (path, message).
fn check_kinds(
    pairs: &[(String, JsValue)],
    kinds: &[(&str, Kind)],
) -> Result<(), (String, String)> {
    let compound = |v: &JsValue| v.is_object() || v.is_function() || v.is_symbol() || v.is_bigint();
    let refuse = |path: String, v: &JsValue, expected: &str| {
        Err((
            path,
            format!("invalid type: {}, expected {expected}", js_type(v)),
        ))
    };
    for (key, value) in pairs {
        let Some(&(_, kind)) = kinds.iter().find(|(k, _)| k == key) else {
            continue;
        };
        match kind {
            Kind::Text if compound(value) => return refuse(key.clone(), value, "a string"),
            Kind::Number if compound(value) => return refuse(key.clone(), value, "a number"),
            Kind::TextList => match value.dyn_ref::<Array>() {
                // Lengths were bounded by `check_list`.
                Some(array) => {
                    for (i, item) in array.iter().enumerate() {
                        if compound(&item) {
                            return refuse(format!("{key}[{i}]"), &item, "a string");
                        }
                    }
                }
                None if compound(value) => return refuse(key.clone(), value, "a sequence"),
                None => {}
            },
            _ => {}
        }
    }
    Ok(())
}

/// A field that could not be read: (path, message), the path as
/// serde_path_to_error printed it (`gap`, `rdate[2]`, `.` for the object)
/// and the message as serde and serde-wasm-bindgen worded it, which this
/// reader replaces (with serde_path_to_error and Rust's float formatting,
/// about 14 KB of the gzipped wasm).
type Failure = (String, String);

/// Visits `pairs` in order, as serde's derived `Deserialize` with
/// `deny_unknown_fields` does: `read(i, key, value)` for the field
/// `fields[i]`, and an unknown key fails where it stands.
fn visit_fields(
    pairs: &[(String, JsValue)],
    fields: &[(&str, Kind)],
    mut read: impl FnMut(usize, &str, &JsValue) -> Result<(), Failure>,
) -> Result<(), Failure> {
    for (key, value) in pairs {
        let Some(i) = fields.iter().position(|(name, _)| name == key) else {
            let names: Vec<String> = fields.iter().map(|(n, _)| format!("`{n}`")).collect();
            let expected = match names.as_slice() {
                [a, b] => format!("{a} or {b}"),
                _ => format!("one of {}", names.join(", ")),
            };
            return Err((
                key.clone(),
                format!("unknown field `{key}`, expected {expected}"),
            ));
        };
        // A property set to `undefined` is absent, as `JSON.stringify` and
        // TypeScript's optional properties have it (`{ ...spec, gap: opts.gap }`);
        // `null` stays a value, refused where a string or number belongs.
        if value.is_undefined() {
            continue;
        }
        read(i, key, value)?;
    }
    Ok(())
}

fn missing(field: &str) -> Failure {
    (".".to_owned(), format!("missing field `{field}`"))
}

/// serde's "invalid type" message for a JS value that is not `expected`.
fn invalid_type(value: &JsValue, expected: &str) -> String {
    let got = if value.loose_eq(&JsValue::NULL) {
        "unit value".to_owned()
    } else if let Some(b) = value.as_bool() {
        format!("boolean `{b}`")
    } else if let Some(f) = value.as_f64() {
        // serde prints floats with a decimal point.
        let mut t = float_text(f);
        if f.is_finite() && !t.contains('.') {
            t.push_str(".0");
        }
        format!("floating point `{t}`")
    } else if let Some(s) = value.as_string() {
        format!("string {s:?}")
    } else {
        js_type(value)
    };
    format!("invalid type: {got}, expected {expected}")
}

/// `f` as Rust's `{}` prints it, built from JS's shortest round-trip digits
/// (the same digits) without an exponent.
fn float_text(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    let js = js_sys::Number::from(f)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default();
    let (sign, body) = match js.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", js.as_str()),
    };
    let Some((mantissa, exp)) = body.split_once('e') else {
        return js;
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let point =
        mantissa.find('.').unwrap_or(mantissa.len()) as i64 + exp.parse::<i64>().unwrap_or(0);
    let zeros = |n: i64| "0".repeat(n.max(0) as usize);
    let len = digits.len() as i64;
    let out = if point <= 0 {
        format!("0.{}{digits}", zeros(-point))
    } else if point >= len {
        format!("{digits}{}", zeros(point - len))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{out}")
}

/// `Option<T>`: `undefined` and `null` are `None`.
fn opt<T>(
    value: &JsValue,
    read: impl Fn(&JsValue) -> Result<T, String>,
) -> Result<Option<T>, String> {
    if value.loose_eq(&JsValue::NULL) {
        Ok(None)
    } else {
        read(value).map(Some)
    }
}

/// A string. One with a lone surrogate is refused: `as_string` reads it as
/// U+FFFD, so two different ids could give the same keys.
fn text(value: &JsValue) -> Result<String, String> {
    let s = value
        .as_string()
        .ok_or_else(|| invalid_type(value, "a string"))?;
    if JsValue::from_str(&s) != *value {
        return Err(
            "invalid value: a string with a lone surrogate, expected well-formed Unicode".into(),
        );
    }
    Ok(s)
}

/// A `u32`: a safe integer >= 0 (serde-wasm-bindgen's rule), in range.
fn whole(value: &JsValue) -> Result<u32, String> {
    if js_sys::Number::is_safe_integer(value) {
        let n = value.as_f64().unwrap_or(-1.0) as i64;
        if n >= 0 {
            return u32::try_from(n)
                .map_err(|_| format!("invalid value: integer `{n}`, expected u32"));
        }
    }
    Err(invalid_type(value, "u32"))
}

fn policy<P: std::str::FromStr<Err = Error>>(value: &JsValue) -> Result<P, String> {
    text(value)?
        .parse()
        .map_err(|e: Error| e.message().to_owned())
}

/// `rdate`/`exdate`: an array of strings (`check_list` refused other
/// objects); anything else is the wrong type, named as serde names it.
fn list(key: &str, value: &JsValue) -> Result<Vec<String>, Failure> {
    let Some(array) = value.dyn_ref::<Array>() else {
        return Err((key.to_owned(), invalid_type(value, "a sequence")));
    };
    array
        .iter()
        .enumerate()
        .map(|(i, item)| text(&item).map_err(|m| (format!("{key}[{i}]"), m)))
        .collect()
}

/// `rdate`/`exdate` must be real arrays (an arbitrary iterable could be
/// endless) of bounded length (checked before copying them into Rust).
fn check_list(key: &str, value: &JsValue) -> Result<(), Error> {
    if value.is_undefined() {
        return Ok(());
    }
    if value.is_object() && !Array::is_array(value) {
        return Err(shape_error(
            key,
            &format!("invalid type: {}, expected a sequence", js_type(value)),
        ));
    }
    if let Some(array) = value.dyn_ref::<Array>() {
        let len = array.length() as usize;
        if len > MAX_DATE_LIST {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("`{key}` has {len} entries: at most {MAX_DATE_LIST} are accepted"),
            )
            .with_field(key));
        }
    }
    Ok(())
}

/// A short name for a JS value's type, for error messages.
fn js_type(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".to_owned()
    } else if value.is_null() {
        "null".to_owned()
    } else if Array::is_array(value) {
        "an array".to_owned()
    } else if value.is_function() {
        "a function".to_owned()
    } else if value.is_object() {
        "an object".to_owned()
    } else {
        // "number", "string", "boolean", "symbol", "bigint"
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// Most bytes one entry takes in [`Columns::fields`]: nominal, instant,
/// local.
const FIELDS_WIDTH: usize = 19 + 20 + 19;

/// `expand`'s result as `src/wasm/expansion.js` reads it (the layout is
/// described there): the per-entry strings as one ASCII text of fixed-width
/// fields, the small per-entry values as one integer (three per
/// transition), and JSON only for what is rare (notes, `mergedInto`) or
/// small (warnings).
struct Columns {
    fields: Vec<u8>,
    meta: Vec<u32>,
    transitions: Vec<u32>,
    tail: String,
}

impl Columns {
    /// `None` when a field does not have its fixed width (a year outside
    /// 0000..=9999).
    fn new(expansion: &crate::Expansion) -> Option<Columns> {
        let entries = expansion.entries();
        let mut fields = Vec::with_capacity(entries.len() * FIELDS_WIDTH);
        let mut meta = Vec::with_capacity(entries.len());
        let mut offsets: Vec<jiff::tz::Offset> = Vec::new();
        let mut extras = Vec::new();
        for entry in entries {
            let mut m = match entry.status() {
                Status::Scheduled => 0,
                Status::Shifted => 1,
                Status::Skipped => 2,
                Status::Merged => 3,
            } | u32::from(entry.fold() & 1) << 2;
            let nominal = entry.nominal();
            let mut record = [b' '; FIELDS_WIDTH];
            record[..19].copy_from_slice(&nominal_bytes(nominal)?);
            let mut width = 19;
            if let (Some(instant), Some(offset)) = (entry.instant(), entry.offset()) {
                let utc = jiff::tz::Offset::UTC.to_datetime(instant);
                record[19..38].copy_from_slice(&nominal_bytes(utc)?);
                record[38] = b'Z';
                width = 39;
                // Most entries run at their nominal wall time.
                let local = offset.to_datetime(instant);
                if local == nominal {
                    m |= 64;
                } else {
                    record[39..].copy_from_slice(&nominal_bytes(local)?);
                    width = FIELDS_WIDTH;
                }
                m |= 32 | offset_index(&mut offsets, offset)? << 8;
            }
            fields.extend_from_slice(&record[..width]);
            let notes = entry.notes();
            if entry.second_of_both() {
                m |= 8;
            }
            let merged_into = entry.merged_into();
            if !notes.is_empty() || merged_into.is_some() {
                m |= 16;
                extras.push(Extra {
                    notes,
                    merged_into: merged_into.map(crate::fmt_nominal),
                });
            }
            meta.push(m);
        }
        // A long window has two transitions a year, each six strings.
        let transitions = expansion.transitions();
        let mut shifts = Vec::with_capacity(transitions.len() * 3);
        for t in transitions {
            let mut record = [b' '; FIELDS_WIDTH];
            let utc = jiff::tz::Offset::UTC.to_datetime(t.instant);
            record[..19].copy_from_slice(&nominal_bytes(utc)?);
            record[19] = b'Z';
            record[20..39].copy_from_slice(&nominal_bytes(t.local_before())?);
            record[39..].copy_from_slice(&nominal_bytes(t.local_after())?);
            fields.extend_from_slice(&record);
            shifts.push(offset_index(&mut offsets, t.offset_before)?);
            shifts.push(offset_index(&mut offsets, t.offset_after)?);
            shifts.push(u32::from(t.kind() == "gap"));
        }
        let tail = Tail {
            tzdb: expansion.tzdb(),
            offsets: offsets.into_iter().map(crate::fmt_offset).collect(),
            extras,
            warnings: expansion.warnings(),
        };
        let tail = serde_json::to_string(&tail).ok()?;
        Some(Columns {
            fields,
            meta,
            transitions: shifts,
            tail,
        })
    }
}

/// The index of `offset` in `offsets`, added when new.
fn offset_index(offsets: &mut Vec<jiff::tz::Offset>, offset: jiff::tz::Offset) -> Option<u32> {
    let k = match offsets.iter().position(|o| *o == offset) {
        Some(k) => k,
        None => {
            offsets.push(offset);
            offsets.len() - 1
        }
    };
    u32::try_from(k).ok()
}

/// The JSON part of [`Columns`].
#[derive(Serialize)]
struct Tail<'a> {
    tzdb: &'a str,
    offsets: Vec<String>,
    extras: Vec<Extra<'a>>,
    warnings: &'a [Warning],
}

/// The notes and `mergedInto` of one entry.
#[derive(Serialize)]
struct Extra<'a> {
    notes: &'a [crate::Note],
    #[serde(rename = "mergedInto", skip_serializing_if = "Option::is_none")]
    merged_into: Option<String>,
}

/// A result as a plain JS value (objects, not `Map`s; `None` as `null`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    // One JSON text and one `JSON.parse` is several times faster than
    // building the objects property by property across the boundary, and it
    // is the CLI's exact output by construction.
    let internal = |what: String| {
        js_error(Error::new(
            ErrorCode::Internal,
            format!("internal error: cannot convert the result to JS: {what}"),
        ))
    };
    let text = serde_json::to_string(value).map_err(|e| internal(e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| internal("JSON.parse failed".to_owned()))
}

/// The error as a JS `Error` with `code`, `message`, `field`, `position`.
fn js_error(err: Error) -> JsValue {
    let obj = js_sys::Error::new(err.message());
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh Error cannot fail; nothing to do if it did.
        let _ = Reflect::set(&obj, &JsValue::from_str(key), &value);
    };
    set("code", JsValue::from_str(err.code().as_str()));
    set("message", JsValue::from_str(err.message()));
    set(
        "field",
        err.field().map_or(JsValue::UNDEFINED, JsValue::from_str),
    );
    set(
        "position",
        err.position()
            .map_or(JsValue::UNDEFINED, |p| JsValue::from_f64(p as f64)),
    );
    obj.into()
}
