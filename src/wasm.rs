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
use serde::de::value::MapDeserializer;
use serde::de::{DeserializeOwned, Deserializer as _};
use wasm_bindgen::prelude::*;

use crate::expand::civil_seconds;
use crate::format::nominal_bytes;
use crate::lang::errors::{self as e, Words};
use crate::lang::{Arg, Text};
use crate::spec::{RRULE_EXPECTED, serde_detail, too_many_dates, too_many_rules};
use crate::window::{Limit, Reader, Spelling, read_limit};
use crate::{
    Due, Error, ErrorCode, ExpandOptions, MAX_DATE_LIST, MAX_RULES, Schedule, Spec, Status,
    Warning, shape_error,
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
        keys: &str,
        key_lengths: &[u32],
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

    /// `console.warn`: where a `lang` the package does not write is said.
    #[wasm_bindgen(js_namespace = console, js_name = warn)]
    fn console_warn(message: &str);
}

/// Speaks the language an options object's `lang` names for the rest of
/// a call: its results, notes, descriptions and thrown errors. A tag the
/// package does not write is English, with the `unknown_language`
/// warning on `console.warn`; a `lang` that is not a string is left to
/// the options reader, which refuses it (in English).
fn speak(options: &JsValue) -> crate::Speaking {
    let tag = if options.is_object() {
        Reflect::get(options, &JsValue::from_str("lang"))
            .ok()
            .and_then(|v| v.as_string())
    } else {
        None
    };
    let Some(tag) = tag else {
        return crate::Lang::En.speak();
    };
    let (lang, warning) = crate::Lang::read(&tag);
    if let Some(warning) = warning {
        console_warn(&format!("wallclock: {}", warning.render(crate::Lang::En)));
    }
    lang.speak()
}

/// The language a tag names (`zh-Hant-HK` is `zh-TW`, `en-GB` is `en`), as
/// `lang` options read it; `null` for a language the package does not
/// write. What the page uses to read `navigator.languages`.
#[wasm_bindgen(js_name = langOf)]
pub fn lang_of(tag: JsValue) -> JsValue {
    match tag.as_string().and_then(|tag| crate::Lang::from_tag(&tag)) {
        Some(lang) => JsValue::from_str(lang.as_str()),
        None => JsValue::NULL,
    }
}

/// Expands a spec: every nominal occurrence with its status, instant, key and
/// notes (the CLI's `expand` output). `options`: `{ limit?, from?, to? }`;
/// `from`/`to` are instants, or local date-times or dates (their midnight)
/// in the spec's zone.
#[wasm_bindgen(js_name = expand)]
pub fn expand(spec: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&options);
    let (schedule, options) = read_expand_args(&spec, &options).map_err(js_error)?;
    let expansion = crate::expand(&schedule, &options).map_err(js_error)?;
    match Columns::new(&expansion) {
        Some(columns) => build_expansion(
            &columns.fields,
            &columns.meta,
            &columns.transitions,
            &columns.keys,
            &columns.key_lengths,
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
    let _speaking = speak(&options);
    let (schedule, options) = read_expand_args(&spec, &options).map_err(js_error)?;
    let instants = crate::execution_instants(&schedule, &options).map_err(js_error)?;
    // Milliseconds since 1970 stay far below 2^53 for years 0000..=9999,
    // so the conversion to f64 is exact.
    let millis: Vec<f64> = instants.iter().map(|t| t.as_millisecond() as f64).collect();
    Ok(Float64Array::from(millis.as_slice()))
}

/// The entries of `[from, to)` a clock change affects, with the zone's
/// transitions in that window. `window`: `{ from, to }`, both required,
/// read as `expand` reads them.
#[wasm_bindgen(js_name = notices)]
pub fn notices(spec: JsValue, window: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&window);
    let run = || -> Result<crate::Expansion, Error> {
        let schedule = read_schedule(&spec)?;
        let window = read_window(&schedule, &window, &WINDOW_FIELDS, true)?;
        match (window.get_from(), window.get_to()) {
            (Some(from), Some(to)) => crate::notices(&schedule, from, to),
            // `read_window` has required both bounds.
            _ => Err(required("to")),
        }
    };
    to_js(&run().map_err(js_error)?)
}

/// What changes from `oldSpec` to `newSpec` over `window` (`{ from, to }`,
/// both required, instants or local date-times or dates in the old spec's
/// zone): the CLI's `diff` JSON, every occurrence added, removed, moved or
/// changed with the spec field that explains it.
#[wasm_bindgen(js_name = diff)]
pub fn diff(old_spec: JsValue, new_spec: JsValue, window: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&window);
    let run = || -> Result<crate::Diff, Error> {
        let old = read_schedule(&old_spec)?;
        let new = read_schedule(&new_spec)?;
        crate::diff(
            &old,
            &new,
            &read_window(&old, &window, &WINDOW_FIELDS, true)?,
        )
    };
    to_js(&run().map_err(js_error)?)
}

/// Checks a spec. Returns `{ valid: true, rrule, warnings }` (`rrule` in
/// canonical form, or `null`); throws the first problem found. `options`:
/// `{ lang? }`.
#[wasm_bindgen(js_name = validate)]
pub fn validate(spec: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<crate::Validation, Error> {
        read_options(&options, &LANG_FIELDS)?;
        Ok(crate::validate(&read_schedule(&spec)?))
    };
    to_js(&run().map_err(js_error)?)
}

/// A description of the schedule in words, including DST behaviour. With
/// `now` (an instant, or a local date-time in the spec's zone) it is about
/// the coming years of a schedule that started before `now` and still runs,
/// as `wallclock describe` has it; without, about the years after `start`.
/// `options`: `{ lang? }`.
#[wasm_bindgen(js_name = describe)]
pub fn describe(spec: JsValue, now: JsValue, options: JsValue) -> Result<String, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<String, Error> {
        read_options(&options, &LANG_FIELDS)?;
        let schedule = read_schedule(&spec)?;
        // Without `now`, from before any start: from the start, as `describe`.
        let mut from = jiff::Timestamp::MIN;
        if !now.is_undefined() && !now.is_null() {
            let now = string_arg(&now, "now", &e::JS_INSTANT_ARG)?;
            from = crate::plan::default_from(&schedule, schedule.instant_at(&now, "now")?)?;
        }
        Ok(crate::describe_from(&schedule, from))
    };
    run().map_err(js_error)
}

/// Misfire decisions for due occurrences. `due`: an array of
/// `{ key, instant }`; `now`: an instant (or local date-time) string. The
/// due list is checked as `wallclock misfire` checks it
/// ([`crate::check_due`]): a foreign or shapeless key, or one listed twice,
/// is thrown; the array of decisions carries the `not_due` warnings as its
/// `warnings` property, which `JSON.stringify` leaves out, so the JSON is
/// still the CLI's.
#[wasm_bindgen(js_name = decideMisfires)]
pub fn decide_misfires(
    spec: JsValue,
    due: JsValue,
    now: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<(Vec<crate::MisfireDecision>, Vec<Warning>), Error> {
        read_options(&options, &LANG_FIELDS)?;
        let schedule = read_schedule(&spec)?;
        let items = read_due(&due)?;
        let now = match now.as_string() {
            Some(text) => schedule.instant_at(&text, "now")?,
            None => {
                return Err(
                    Error::new(ErrorCode::InvalidOption, Text::new(e::JS_NOW)).with_field("now")
                );
            }
        };
        let mut due = Vec::with_capacity(items.len());
        for (i, item) in items.into_iter().enumerate() {
            due.push(Due::read(&schedule, i, item.key, &item.instant)?);
        }
        let warnings = crate::check_due(&schedule, &due, now)?;
        Ok((crate::decide_misfires(&schedule, &due, now), warnings))
    };
    // `[decisions, warnings]` in one JSON text.
    let both: Array = to_js(&run().map_err(js_error)?)?.unchecked_into();
    let decisions = both.get(0);
    // Setting a property on a fresh array cannot fail.
    let _ = Reflect::set(&decisions, &JsValue::from_str("warnings"), &both.get(1));
    Ok(decisions)
}

/// The instant `text` names in `timeZone`, as epoch milliseconds: `text` is
/// an instant (`2026-03-08T07:00:00Z`, `…-04:00`) or a local date-time there
/// (`2026-03-08T02:30`: a time in a gap is read with the offset before the
/// gap, a repeated time at its first occurrence).
#[wasm_bindgen(js_name = instantAt)]
pub fn instant_at(time_zone: JsValue, text: JsValue, options: JsValue) -> Result<f64, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<f64, Error> {
        read_options(&options, &LANG_FIELDS)?;
        let zone = string_arg(&time_zone, "timeZone", &e::JS_ZONE_ARG)?;
        let text = string_arg(&text, "text", &e::JS_INSTANT_ARG)?;
        let instant = crate::instant_at(&zone, &text, "text")?;
        // Milliseconds since 1970 stay far below 2^53 for years 0000..=9999.
        Ok(instant.as_millisecond() as f64)
    };
    run().map_err(js_error)
}

/// The end of "the next 12 months" from `from` (an instant, or a local
/// date-time in the spec's zone), as epoch milliseconds: the window
/// `wallclock notices` shows by default ([`crate::notice_window`]), so the
/// page, `wallclock-check` and the CLI mean the same year.
#[wasm_bindgen(js_name = noticeEnd)]
pub fn notice_end(spec: JsValue, from: JsValue, options: JsValue) -> Result<f64, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<f64, Error> {
        read_options(&options, &LANG_FIELDS)?;
        let schedule = read_schedule(&spec)?;
        let from = string_arg(&from, "from", &e::JS_INSTANT_ARG)?;
        let from = schedule.instant_at(&from, "from")?;
        // At most the last instant of year 9999: far below 2^53 ms.
        Ok(crate::notice_window(&schedule, from).1.as_millisecond() as f64)
    };
    run().map_err(js_error)
}

/// Simulates a scheduler that was down after `down` and back at `back`
/// (`options`: `{ down, back, decide?, show? }`, instants or local
/// date-times in the spec's zone): every missed execution, the misfire
/// decisions for the newest `decide` (default and most 5000) with
/// `now = back`, the newest `show` (default and most 1000) returned.
#[wasm_bindgen(js_name = simulateOutage)]
pub fn simulate_outage(spec: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&options);
    let run = || -> Result<crate::Outage, Error> {
        let schedule = read_schedule(&spec)?;
        let mut arg = read_options(&options, &OUTAGE_FIELDS)?;
        let mut outage = crate::OutageOptions::new(
            arg.instant(&schedule, "down")?,
            arg.instant(&schedule, "back")?,
        );
        if let Some(decide) = arg.count("decide") {
            outage = outage.decide(decide as usize);
        }
        if let Some(show) = arg.count("show") {
            outage = outage.show(show as usize);
        }
        crate::simulate_outage(&schedule, &outage)
    };
    to_js(&run().map_err(js_error)?)
}

/// A string argument, or an `invalid_option` error naming `field`.
fn string_arg(value: &JsValue, field: &str, expected: &'static Words) -> Result<String, Error> {
    match value.as_string() {
        Some(text) if well_formed(value) => Ok(text),
        _ => Err(wrong_arg(field, expected, js_kind(value))),
    }
}

/// ``invalid `field`: expected …, got …``.
fn wrong_arg(field: &str, expected: &'static Words, got: &'static Words) -> Error {
    let why = Text::new(e::JS_EXPECTED)
        .with("expected", Arg::Words(expected))
        .with("got", Arg::Words(got));
    bad_arg(field, why.into())
}

/// ``invalid `field`: why``.
fn bad_arg(field: &str, why: Arg) -> Error {
    Error::new(
        ErrorCode::InvalidOption,
        Text::new(e::JS_ARG).with("field", field).with("why", why),
    )
    .with_field(field)
}

/// The error for a window bound that is not given.
fn required(field: &str) -> Error {
    Error::new(
        ErrorCode::InvalidOption,
        Text::new(e::JS_REQUIRED).with("field", field),
    )
    .with_field(field)
}

/// Reads the recurrence lines of an iCalendar VEVENT into a spec object.
/// `options`: `{ lang? }`.
#[wasm_bindgen(js_name = parseICal)]
pub fn parse_ical(text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let _speaking = speak(&options);
    read_options(&options, &LANG_FIELDS).map_err(js_error)?;
    let Some(text) = text.as_string() else {
        return Err(js_error(Error::new(
            ErrorCode::InvalidIcal,
            Text::new(e::JS_ICAL).with("got", Arg::Words(js_kind(&text))),
        )));
    };
    let spec = crate::parse_ical(&text).map_err(js_error)?;
    to_js(&spec)
}

/// Prints a (valid) spec as `DTSTART;TZID=…`, `RRULE`, `RDATE`, `EXDATE`
/// lines. `options`: `{ lang? }`.
#[wasm_bindgen(js_name = toICal)]
pub fn to_ical(spec: JsValue, options: JsValue) -> Result<String, JsValue> {
    let _speaking = speak(&options);
    read_options(&options, &LANG_FIELDS).map_err(js_error)?;
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

/// One due occurrence as JS passes it.
struct DueArg {
    key: String,
    instant: String,
}

fn read_expand_args(spec: &JsValue, options: &JsValue) -> Result<(Schedule, ExpandOptions), Error> {
    let schedule = read_schedule(spec)?;
    let options = read_window(&schedule, options, &EXPAND_FIELDS, false)?;
    Ok((schedule, options))
}

/// `expand`'s `{ limit?, from?, to? }`, or the `{ from, to }` of `notices`
/// and `diff` (`both`: each bound required), read by the command line's
/// reader of `--limit`/`--from`/`--to` (`src/window.rs`). No clock is
/// passed: the wasm build reads neither `now` nor durations (DESIGN.md,
/// "One reader for window options").
fn read_window(
    schedule: &Schedule,
    value: &JsValue,
    fields: &Fields,
    both: bool,
) -> Result<ExpandOptions, Error> {
    let mut arg = read_options(value, fields)?;
    let limit = arg
        .number("limit")
        .map(|n| read_limit(&Limit::Number(n), Spelling::Fields))
        .transpose()?;
    let (from, to) = (arg.text("from"), arg.text("to"));
    // Each bound is required, and read, in turn.
    if both && from.is_none() {
        return Err(required("from"));
    }
    let options = Reader::new(schedule, None, Spelling::Fields).options(
        limit,
        from.as_deref(),
        to.as_deref(),
    )?;
    if both && to.is_none() {
        return Err(required("to"));
    }
    Ok(options)
}

/// Reads and validates a spec object.
fn read_schedule(value: &JsValue) -> Result<Schedule, Error> {
    Schedule::new(&read_spec(value)?)
}

/// Reads a spec object the way `Spec::from_json` reads JSON text: every own
/// key is visited, so unknown keys are rejected exactly as on the CLI
/// (serde-wasm-bindgen's struct reader would only look at known keys).
fn read_spec(value: &JsValue) -> Result<Spec, Error> {
    // Not an object at all: the CLI's message for JSON text that is not one.
    let pairs = object_pairs(value).map_err(|_| crate::spec::not_an_object())?;
    for (key, value) in &pairs {
        if key == "rdate" || key == "exdate" {
            check_list(key, value)?;
        }
        if let Some(rules) = value.dyn_ref::<Array>().filter(|_| key == "rrule")
            && rules.length() as usize > MAX_RULES
        {
            return Err(too_many_rules(rules.length() as usize));
        }
    }
    check_kinds(&pairs, &SPEC_FIELDS)
        .and_then(|()| deserialize_pairs(pairs))
        .map_err(|(path, msg)| shape_error(&path, &msg))
}

/// Reads an options object; `undefined` and `null` mean "no options".
fn read_options(value: &JsValue, fields: &Fields) -> Result<Options, Error> {
    let pairs = if value.is_undefined() || value.is_null() {
        Vec::new()
    } else {
        object_pairs(value).map_err(|got| {
            Error::new(
                ErrorCode::InvalidOption,
                Text::new(e::JS_OPTIONS_OBJECT).with("got", Arg::Words(got)),
            )
        })?
    };
    let read = check_kinds(&pairs, fields).and_then(|()| Options::read(pairs, fields));
    read.map_err(|(path, msg)| {
        let detail = serde_detail(&msg);
        Error::new(
            ErrorCode::InvalidOption,
            Text::new(e::JS_OPTIONS).with("detail", detail),
        )
        .with_field(path)
    })
}

/// An options object's values by field name. Fields are read one at a time
/// in the object's order, each with the type its [`Kind`] names, so the
/// first bad field is the one reported (as serde's derived readers do);
/// `null` is absent. Options are flat, so the path of an error is its key
/// and no path tracking is needed.
struct Options(Vec<(&'static str, OptionValue)>);

/// One option's value, of the type its [`Kind`] names.
enum OptionValue {
    Text(String),
    Number(f64),
    Count(u32),
}

impl Options {
    /// The error is (key, message), in serde's words.
    fn read(pairs: Vec<(String, JsValue)>, fields: &Fields) -> Result<Options, (String, String)> {
        use serde::de::Error as _;
        let mut values = Vec::with_capacity(pairs.len());
        for (key, value) in pairs {
            let Some((name, kind)) = fields.find(&key) else {
                let err = serde::de::value::Error::unknown_field(&key, fields.names);
                return Err((key, err.to_string()));
            };
            let read = match kind {
                Kind::Text => field::<Option<_>>(&key, value)?.map(OptionValue::Text),
                Kind::Number => field::<Option<_>>(&key, value)?.map(OptionValue::Number),
                Kind::Count => field::<Option<_>>(&key, value)?.map(OptionValue::Count),
                // Only specs have lists (read with serde's derived reader).
                Kind::TextList | Kind::TextOrList => {
                    return Err((key, "unexpected list field".to_owned()));
                }
            };
            if let Some(read) = read {
                values.push((name, read));
            }
        }
        Ok(Options(values))
    }

    fn take(&mut self, name: &str) -> Option<OptionValue> {
        let i = self.0.iter().position(|(n, _)| *n == name)?;
        Some(self.0.swap_remove(i).1)
    }

    fn text(&mut self, name: &str) -> Option<String> {
        match self.take(name) {
            Some(OptionValue::Text(text)) => Some(text),
            _ => None,
        }
    }

    fn number(&mut self, name: &str) -> Option<f64> {
        match self.take(name) {
            Some(OptionValue::Number(n)) => Some(n),
            _ => None,
        }
    }

    fn count(&mut self, name: &str) -> Option<u32> {
        match self.take(name) {
            Some(OptionValue::Count(n)) => Some(n),
            _ => None,
        }
    }

    /// A required instant (or local date-time in `schedule`'s zone).
    fn instant(&mut self, schedule: &Schedule, name: &str) -> Result<jiff::Timestamp, Error> {
        match self.text(name) {
            Some(text) => schedule.instant_at(&text, name),
            None => Err(required(name)),
        }
    }
}

/// One field's value read with serde-wasm-bindgen; the error is (key,
/// message).
fn field<T: DeserializeOwned>(key: &str, value: JsValue) -> Result<T, (String, String)> {
    serde_wasm_bindgen::from_value(value).map_err(|e| (key.to_owned(), js_message(e)))
}

fn read_due(value: &JsValue) -> Result<Vec<DueArg>, Error> {
    if !Array::is_array(value) {
        return Err(wrong_arg("due", &e::JS_DUE_ARRAY, js_kind(value)));
    }
    let array: &Array = value.unchecked_ref();
    let mut out = Vec::new();
    for (i, item) in array.iter().enumerate() {
        let field = format!("due[{i}]");
        let pairs = object_pairs(&item).map_err(|got| wrong_arg(&field, &e::JS_DUE_ITEM, got))?;
        let read = check_kinds(&pairs, &DUE_FIELDS).and_then(|()| read_due_item(pairs));
        let due = read.map_err(|(path, msg)| {
            let f = if path.is_empty() {
                field.clone()
            } else {
                format!("{field}.{path}")
            };
            bad_arg(&f, serde_detail(&msg).into())
        })?;
        out.push(due);
    }
    Ok(out)
}

/// One `{ key, instant }` object, both required strings (`null` is refused
/// as the wrong type); the error is (path, message) in serde's words, the
/// path empty for a missing field.
fn read_due_item(pairs: Vec<(String, JsValue)>) -> Result<DueArg, (String, String)> {
    use serde::de::Error as _;
    let (mut key, mut instant) = (None, None);
    for (name, value) in pairs {
        match name.as_str() {
            "key" => key = Some(field(&name, value)?),
            "instant" => instant = Some(field(&name, value)?),
            _ => {
                let err = serde::de::value::Error::unknown_field(&name, DUE_FIELDS.names);
                return Err((name, err.to_string()));
            }
        }
    }
    let missing = |name| {
        (
            String::new(),
            serde::de::value::Error::missing_field(name).to_string(),
        )
    };
    Ok(DueArg {
        key: key.ok_or_else(|| missing("key"))?,
        instant: instant.ok_or_else(|| missing("instant"))?,
    })
}

/// The own enumerable `[key, value]` pairs of a plain object; `Err` names
/// the JS type of anything else (arrays and functions included). A
/// property set to `undefined` is left out: it is absent, as
/// `JSON.stringify` and TypeScript's optional properties have it
/// (`{ ...spec, gap: opts.gap }`); `null` stays a value, refused where a
/// string or number belongs.
fn object_pairs(value: &JsValue) -> Result<Vec<(String, JsValue)>, &'static Words> {
    if !value.is_object() || Array::is_array(value) {
        return Err(js_kind(value));
    }
    let entries = object_entries(value).map_err(|_| &e::JS_KEYLESS)?;
    let mut pairs = Vec::with_capacity(entries.length() as usize);
    for entry in entries.iter() {
        let entry: &Array = entry.unchecked_ref();
        let value = entry.get(1);
        if !value.is_undefined() {
            // Object.entries yields string keys only.
            pairs.push((entry.get(0).as_string().unwrap_or_default(), value));
        }
    }
    Ok(pairs)
}

/// The JS type a field takes, checked before serde-wasm-bindgen sees it.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Number,
    /// A whole number of 0 or more (`u32`).
    Count,
    TextList,
    /// A string or a list of strings (`rrule`).
    TextOrList,
}

/// The fields an object may have: their names, in the order serde's
/// "unknown field" message lists them, and their kinds.
struct Fields {
    names: &'static [&'static str],
    kinds: &'static [Kind],
}

impl Fields {
    const fn new(names: &'static [&'static str], kinds: &'static [Kind]) -> Fields {
        assert!(names.len() == kinds.len());
        Fields { names, kinds }
    }

    /// The name as the table spells it, and its kind.
    fn find(&self, key: &str) -> Option<(&'static str, Kind)> {
        let i = self.names.iter().position(|name| *name == key)?;
        Some((self.names[i], *self.kinds.get(i)?))
    }
}

const SPEC_FIELDS: Fields = Fields::new(
    &[
        "id",
        "revision",
        "timeZone",
        "start",
        "rrule",
        "rdate",
        "exdate",
        "gap",
        "fold",
        "invalidDate",
        "misfire",
        "maxLateness",
        "maxCatchUp",
        "grace",
    ],
    &[
        Kind::Text,
        Kind::Number,
        Kind::Text,
        Kind::Text,
        Kind::TextOrList,
        Kind::TextList,
        Kind::TextList,
        Kind::Text,
        Kind::Text,
        Kind::Text,
        Kind::Text,
        Kind::Text,
        Kind::Number,
        Kind::Text,
    ],
);
const EXPAND_FIELDS: Fields = Fields::new(
    &["limit", "from", "to", "lang"],
    &[Kind::Number, Kind::Text, Kind::Text, Kind::Text],
);
const WINDOW_FIELDS: Fields = Fields::new(
    &["from", "to", "lang"],
    &[Kind::Text, Kind::Text, Kind::Text],
);
const OUTAGE_FIELDS: Fields = Fields::new(
    &["down", "back", "decide", "show", "lang"],
    &[Kind::Text, Kind::Text, Kind::Count, Kind::Count, Kind::Text],
);
/// The options of a call whose only option is its language.
const LANG_FIELDS: Fields = Fields::new(&["lang"], &[Kind::Text]);
const DUE_FIELDS: Fields = Fields::new(&["key", "instant"], &[Kind::Text, Kind::Text]);

/// Refuses, before serde-wasm-bindgen reads them, the values it would read
/// wrongly or describe badly. Objects, functions, symbols and BigInts where
/// a string, number or list of strings belongs: serde-wasm-bindgen would
/// describe them with `format!("{:?}")`, whose JS side recurses into nested
/// arrays (a `RangeError` thrown through Rust frames for deep nesting) and
/// prints every element of a large one. Strings with a lone surrogate: it
/// reads them as U+FFFD, so two different ids could give the same keys.
/// The error is (path, message).
fn check_kinds(pairs: &[(String, JsValue)], fields: &Fields) -> Result<(), (String, String)> {
    let compound = |v: &JsValue| v.is_object() || v.is_function() || v.is_symbol() || v.is_bigint();
    let refuse = |path: String, v: &JsValue, expected: &str| {
        Err((
            path,
            format!("invalid type: {}, expected {expected}", js_type(v)),
        ))
    };
    let lone_surrogate = |path: String| {
        Err((
            path,
            "invalid value: a string with a lone surrogate, expected well-formed Unicode"
                .to_owned(),
        ))
    };
    for (key, value) in pairs {
        let Some((_, kind)) = fields.find(key) else {
            continue;
        };
        match kind {
            Kind::Text if compound(value) => return refuse(key.clone(), value, "a string"),
            Kind::Text if !well_formed(value) => return lone_surrogate(key.clone()),
            Kind::Number | Kind::Count if compound(value) => {
                return refuse(key.clone(), value, "a number");
            }
            // A string is read as a list of one (`read_spec`).
            Kind::TextOrList if !Array::is_array(value) => {
                if compound(value) {
                    return refuse(key.clone(), value, RRULE_EXPECTED);
                }
                if !well_formed(value) {
                    return lone_surrogate(key.clone());
                }
                if !value.is_null() && value.as_string().is_none() {
                    return Err((key.clone(), invalid_type(value, RRULE_EXPECTED)));
                }
            }
            Kind::TextList | Kind::TextOrList => match value.dyn_ref::<Array>() {
                // Lengths were bounded by `check_list`.
                Some(array) => {
                    for (i, item) in array.iter().enumerate() {
                        if compound(&item) {
                            return refuse(format!("{key}[{i}]"), &item, "a string");
                        }
                        if !well_formed(&item) {
                            return lone_surrogate(format!("{key}[{i}]"));
                        }
                        if item.as_string().is_none() {
                            return Err((format!("{key}[{i}]"), invalid_type(&item, "a string")));
                        }
                    }
                }
                None if compound(value) => return refuse(key.clone(), value, "a sequence"),
                // serde-wasm-bindgen would look for an iterator on a
                // primitive (and throw): let it word the type error instead.
                None => return Err((key.clone(), invalid_type(value, "a sequence"))),
            },
            _ => {}
        }
    }
    Ok(())
}

/// serde's "invalid type" message for a primitive where `expected` (a
/// sequence, …) belongs, as serde-wasm-bindgen words it for the value's JS
/// type.
fn invalid_type(value: &JsValue, expected: &'static str) -> String {
    struct Expecting(&'static str);
    impl serde::de::Visitor<'_> for Expecting {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }
    let de = serde_wasm_bindgen::Deserializer::from(value.clone());
    // Every visit of `Expecting` fails; a number is read as the float it is.
    let read = if value.as_f64().is_some() {
        de.deserialize_f64(Expecting(expected))
    } else {
        de.deserialize_any(Expecting(expected))
    };
    match read {
        Ok(()) => String::new(),
        Err(e) => js_message(e),
    }
}

/// The bare message of a serde-wasm-bindgen error (a JS `Error` whose
/// Display is `Error: <message>`), as serde_json gives it.
fn js_message(err: serde_wasm_bindgen::Error) -> String {
    let js = JsValue::from(err);
    match js.dyn_ref::<js_sys::Error>() {
        Some(err) => String::from(err.message()),
        None => js.as_string().unwrap_or_default(),
    }
}

/// False for a string with a lone surrogate (which `as_string` would read
/// as U+FFFD); true for anything else.
fn well_formed(value: &JsValue) -> bool {
    value
        .as_string()
        .is_none_or(|s| JsValue::from_str(&s) == *value)
}

/// Deserializes a spec from its key/value pairs with serde-wasm-bindgen;
/// the error is (path, message). A spec is flat, and [`check_kinds`] has
/// refused every list item that is not a string (with its `key[i]` path), so
/// what serde refuses is a key (an unknown field) or the value read after
/// it, and the path is the key the reader took last; after the last key it
/// is `.` (a missing field, reported at the object as serde_path_to_error
/// reports it on the command line). Tracking the key here instead of
/// wrapping the reader in serde_path_to_error saves its visitors and path
/// type in the wasm build (DESIGN.md, "What `fromCron` would cost").
fn deserialize_pairs<T: DeserializeOwned>(
    pairs: Vec<(String, JsValue)>,
) -> Result<T, (String, String)> {
    let last = std::cell::RefCell::new(None::<String>);
    let mut pairs = pairs.into_iter();
    let read = std::iter::from_fn(|| {
        let next = pairs.next();
        *last.borrow_mut() = next.as_ref().map(|(k, _)| k.clone());
        next.map(|(k, v)| (k, serde_wasm_bindgen::Deserializer::from(v)))
    });
    T::deserialize(MapDeserializer::<_, serde_wasm_bindgen::Error>::new(read)).map_err(|e| {
        let path = last.take().unwrap_or_else(|| ".".to_owned());
        (path, js_message(e))
    })
}

/// `rdate`/`exdate` must be real arrays (an arbitrary iterable could be
/// endless) of bounded length (checked before copying them into Rust).
fn check_list(key: &str, value: &JsValue) -> Result<(), Error> {
    if value.is_object() && !Array::is_array(value) {
        return Err(shape_error(
            key,
            &format!("invalid type: {}, expected a sequence", js_type(value)),
        ));
    }
    if let Some(array) = value.dyn_ref::<Array>() {
        let len = array.length() as usize;
        if len > MAX_DATE_LIST {
            return Err(too_many_dates(key, len));
        }
    }
    Ok(())
}

/// A short name for a JS value's type, for error messages.
fn js_type(value: &JsValue) -> String {
    js_kind(value)[0].to_owned()
}

/// What a JS value is, in every language: `undefined`, `an array`,
/// `number`, …
fn js_kind(value: &JsValue) -> &'static Words {
    if value.is_undefined() {
        &e::JS_UNDEFINED
    } else if value.is_null() {
        &e::JS_NULL
    } else if Array::is_array(value) {
        &e::JS_ARRAY
    } else if value.is_function() {
        &e::JS_FUNCTION
    } else if value.is_object() {
        &e::JS_OBJECT
    } else if value.as_string().is_some() {
        &e::JS_STRING
    } else if value.as_f64().is_some() {
        &e::JS_NUMBER
    } else if value.as_bool().is_some() {
        &e::JS_BOOLEAN
    } else if value.is_symbol() {
        &e::JS_SYMBOL
    } else {
        &e::JS_BIGINT
    }
}

/// Most bytes one entry takes in [`Columns::fields`]: nominal, instant,
/// local.
const FIELDS_WIDTH: usize = 19 + 20 + 19;

/// `expand`'s result as `src/wasm/expansion.js` reads it (the layout is
/// described there): the per-entry strings as one ASCII text of fixed-width
/// fields, the keys (built by [`crate::Entry::key`]) as one text with their
/// lengths, the small per-entry values as one integer (three per
/// transition), and JSON only for what is rare (notes, `mergedInto`) or
/// small (warnings).
struct Columns {
    fields: Vec<u8>,
    meta: Vec<u32>,
    transitions: Vec<u32>,
    keys: String,
    key_lengths: Vec<u32>,
    tail: String,
}

impl Columns {
    /// `None` when a field does not have its fixed width (a year outside
    /// 0000..=9999).
    fn new(expansion: &crate::Expansion) -> Option<Columns> {
        let entries = expansion.entries();
        let mut fields = Vec::with_capacity(entries.len() * FIELDS_WIDTH);
        let mut meta = Vec::with_capacity(entries.len());
        // Most keys are the id, `|` and a nominal time.
        let key_width = entries.first().map_or(0, |e| e.key().len());
        let mut keys = String::with_capacity(entries.len().saturating_mul(key_width));
        let mut key_lengths = Vec::with_capacity(entries.len());
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
                // Most entries run at their nominal wall time, which
                // whole seconds and the sub-second part tell apart without
                // building the local date-time.
                let wall = instant.as_second() + i64::from(offset.seconds());
                if wall == civil_seconds(nominal)
                    && instant.subsec_nanosecond() == nominal.subsec_nanosecond()
                {
                    m |= 64;
                } else {
                    record[39..].copy_from_slice(&nominal_bytes(offset.to_datetime(instant))?);
                    width = FIELDS_WIDTH;
                }
                m |= 32 | offset_index(&mut offsets, offset)? << 8;
            }
            fields.extend_from_slice(&record[..width]);
            // JS measures strings in UTF-16 code units: an ASCII key's
            // length is its length in bytes.
            let at = keys.len();
            entry.push_key(&mut keys);
            let key = &keys[at..];
            let units = if key.is_ascii() {
                key.len()
            } else {
                key.encode_utf16().count()
            };
            key_lengths.push(u32::try_from(units).ok()?);
            let notes = entry.notes();
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
        let shifts = transition_columns(expansion.transitions(), &mut fields, &mut offsets)?;
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
            keys,
            key_lengths,
            tail,
        })
    }
}

/// Appends each transition's instant and local times before and after to
/// `fields`; its offsets before and after (indexes into `offsets`) and
/// whether it is a gap, three numbers per transition.
fn transition_columns(
    transitions: &[crate::Transition],
    fields: &mut Vec<u8>,
    offsets: &mut Vec<jiff::tz::Offset>,
) -> Option<Vec<u32>> {
    // A long window has two transitions a year, each six strings.
    let mut shifts = Vec::with_capacity(transitions.len() * 3);
    for t in transitions {
        let mut record = [b' '; FIELDS_WIDTH];
        let utc = jiff::tz::Offset::UTC.to_datetime(t.instant);
        record[..19].copy_from_slice(&nominal_bytes(utc)?);
        record[19] = b'Z';
        record[20..39].copy_from_slice(&nominal_bytes(t.local_before())?);
        record[39..].copy_from_slice(&nominal_bytes(t.local_after())?);
        fields.extend_from_slice(&record);
        shifts.push(offset_index(offsets, t.offset_before)?);
        shifts.push(offset_index(offsets, t.offset_after)?);
        shifts.push(u32::from(t.kind() == "gap"));
    }
    Some(shifts)
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
        let what = format!("cannot convert the result to JS: {what}");
        js_error(Error::new(
            ErrorCode::Internal,
            Text::new(e::INTERNAL).with("what", what),
        ))
    };
    let text = serde_json::to_string(value).map_err(|e| internal(e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| internal("JSON.parse failed".to_owned()))
}

/// The error as a JS `Error` with `code`, `message`, `field`, `position`.
fn js_error(err: Error) -> JsValue {
    let message = err.message();
    let obj = js_sys::Error::new(&message);
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh Error cannot fail; nothing to do if it did.
        let _ = Reflect::set(&obj, &JsValue::from_str(key), &value);
    };
    set("code", JsValue::from_str(err.code().as_str()));
    set("message", JsValue::from_str(&message));
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
