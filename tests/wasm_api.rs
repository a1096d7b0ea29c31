//! The JS bindings through their Rust signatures, with `JsValue` inputs
//! built from JSON. Runs in Node, and in headless Chromium with
//! `WASM_BINDGEN_USE_BROWSER=1` (see `scripts/test-wasm.sh`).
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]

use js_sys::{Array, Float64Array, JSON, Reflect};
use wallclock::wasm;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Shared with the native suite and `tests/node/api.test.mjs`: one JSON
/// object per line, `expected` being the exact JSON text of the result.
const CORPUS: &str = include_str!("fixtures/corpus.jsonl");
/// The same for `diff`: two specs, a window and the JSON of their diff.
const DIFF_CORPUS: &str = include_str!("fixtures/diff-corpus.jsonl");

/// The calls whose last argument is `{ lang? }`, without one.
fn validate(spec: JsValue) -> Result<JsValue, JsValue> {
    wasm::validate(spec, JsValue::UNDEFINED)
}

fn decide_misfires(spec: JsValue, due: JsValue, now: JsValue) -> Result<JsValue, JsValue> {
    wasm::decide_misfires(spec, due, now, JsValue::UNDEFINED)
}

fn instant_at(zone: JsValue, text: JsValue) -> Result<f64, JsValue> {
    wasm::instant_at(zone, text, JsValue::UNDEFINED)
}

fn parse_ical(text: JsValue) -> Result<JsValue, JsValue> {
    wasm::parse_ical(text, JsValue::UNDEFINED)
}

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("object")
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key)
        .as_string()
        .unwrap_or_else(|| panic!("`{key}` is a string"))
}

fn stringify(value: &JsValue) -> String {
    JSON::stringify(value)
        .expect("stringify")
        .as_string()
        .expect("string")
}

/// A thrown error as the CLI prints it: code, message, then field and
/// position when present.
fn error_json(err: &JsValue) -> String {
    let out = js_sys::Object::new();
    for key in ["code", "message", "field", "position"] {
        let value = get(err, key);
        if !value.is_undefined() {
            Reflect::set(&out, &JsValue::from_str(key), &value).unwrap();
        }
    }
    stringify(&out)
}

fn entries(expansion: &JsValue) -> Vec<JsValue> {
    get(expansion, "entries")
        .dyn_into::<Array>()
        .expect("entries array")
        .to_vec()
}

/// Asserts that `result` failed with a real JS `Error` of this code and field.
fn assert_error(result: Result<JsValue, JsValue>, code: &str, field: Option<&str>) -> JsValue {
    let err = result.expect_err("expected an error");
    assert!(err.is_instance_of::<js_sys::Error>(), "a JS Error object");
    assert_eq!(text(&err, "code"), code, "{}", text(&err, "message"));
    assert_eq!(get(&err, "field").as_string().as_deref(), field);
    assert!(!text(&err, "message").is_empty());
    err
}

/// A valid call, to prove the instance still answers after errors.
fn still_works() {
    let x = wasm::expand(
        js(r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30","gap":"shift"}"#),
        JsValue::UNDEFINED,
    )
    .expect("valid spec");
    assert_eq!(text(&entries(&x)[0], "instant"), "2026-03-08T07:30:00Z");
}

#[wasm_bindgen_test]
fn new_york_gap_shift() {
    let x = wasm::expand(
        js(r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30","gap":"shift"}"#),
        js("{}"),
    )
    .unwrap();
    let e = &entries(&x)[0];
    assert_eq!(text(e, "instant"), "2026-03-08T07:30:00Z");
    assert_eq!(text(e, "status"), "shifted");
    assert_eq!(
        text(e, "local"),
        "2026-03-08T03:30:00-04:00[America/New_York]"
    );
    let notes = get(e, "notes").dyn_into::<Array>().unwrap();
    assert_eq!(text(&notes.get(0), "code"), "gap_shifted");
    assert_eq!(text(&x, "tzdb"), wasm::tzdb_version());
}

#[wasm_bindgen_test]
fn new_york_gap_skip_has_null_instant() {
    let x = wasm::expand(
        js(r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30"}"#),
        JsValue::NULL,
    )
    .unwrap();
    let e = &entries(&x)[0];
    assert_eq!(text(e, "status"), "skipped");
    assert!(get(e, "instant").is_null());
    assert!(get(e, "local").is_null());
    let warnings = get(&x, "warnings").dyn_into::<Array>().unwrap();
    assert_eq!(text(&warnings.get(0), "code"), "start_in_gap");
}

#[wasm_bindgen_test]
fn new_york_fold_both() {
    let spec =
        r#"{"id":"backup","timeZone":"America/New_York","start":"2026-11-01T01:30","fold":"both"}"#;
    let x = wasm::expand(js(spec), js("{}")).unwrap();
    let e = entries(&x);
    assert_eq!(e.len(), 2);
    assert_eq!(text(&e[0], "instant"), "2026-11-01T05:30:00Z");
    assert_eq!(text(&e[1], "instant"), "2026-11-01T06:30:00Z");
    assert_eq!(text(&e[0], "key"), "backup|2026-11-01T01:30:00");
    assert_eq!(text(&e[1], "key"), "backup|2026-11-01T01:30:00|fold=1");
    assert_eq!(get(&e[1], "fold").as_f64(), Some(1.0));

    let ms = wasm::expand_instants(js(spec), js("{}")).unwrap();
    assert_eq!(ms.to_vec(), vec![1_793_511_000_000.0, 1_793_514_600_000.0]);
}

#[wasm_bindgen_test]
fn apia_missing_day_merges() {
    let spec = r#"{"timeZone":"Pacific/Apia","start":"2011-12-30T09:00","gap":"shift","rdate":["2011-12-31T09:00"]}"#;
    let x = wasm::expand(js(spec), js("{}")).unwrap();
    let e = entries(&x);
    assert_eq!(text(&e[0], "status"), "shifted");
    assert_eq!(text(&e[0], "instant"), "2011-12-30T19:00:00Z");
    assert_eq!(text(&e[1], "status"), "merged");
    assert_eq!(text(&e[1], "instant"), "2011-12-30T19:00:00Z");
    assert_eq!(text(&e[1], "mergedInto"), "2011-12-30T09:00:00");
    // A merged entry is not an execution of its own.
    let ms: Float64Array = wasm::expand_instants(js(spec), JsValue::UNDEFINED).unwrap();
    assert_eq!(ms.length(), 1);
}

#[wasm_bindgen_test]
fn corpus_matches_native_json_byte_for_byte() {
    let mut n = 0;
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let case = js(line);
        let name = text(&case, "name");
        // Failures are recorded as `{"error":{code, message, field?, position?}}`.
        let got = match wasm::expand(get(&case, "spec"), get(&case, "options")) {
            Ok(v) => stringify(&v),
            Err(e) => format!(r#"{{"error":{}}}"#, error_json(&e)),
        };
        assert_eq!(got, text(&case, "expected"), "{name}");
        n += 1;
    }
    assert!(n >= 10, "the corpus has {n} cases");
}

#[wasm_bindgen_test]
fn diff_corpus_is_the_native_json_byte_for_byte() {
    let mut n = 0;
    for line in DIFF_CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let case = js(line);
        let name = text(&case, "name");
        let got = match wasm::diff(get(&case, "old"), get(&case, "new"), get(&case, "window")) {
            Ok(v) => stringify(&v),
            Err(e) => format!(r#"{{"error":{}}}"#, error_json(&e)),
        };
        assert_eq!(got, text(&case, "expected"), "{name}");
        n += 1;
    }
    assert!(n >= 8, "the diff corpus has {n} cases");
}

#[wasm_bindgen_test]
fn diff_needs_a_window_and_two_specs() {
    let spec = js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rrule":"FREQ=DAILY"}"#);
    let window = || js(r#"{"from":"2026-01-01T00:00:00Z","to":"2026-01-05T00:00:00Z"}"#);
    let same = wasm::diff(spec.clone(), spec.clone(), window()).unwrap();
    assert_eq!(get(&same, "identical").as_bool(), Some(true));
    assert_error(
        wasm::diff(
            spec.clone(),
            spec.clone(),
            js(r#"{"from":"2026-01-01T00:00:00Z"}"#),
        ),
        "invalid_option",
        Some("to"),
    );
    assert_error(
        wasm::diff(spec.clone(), spec.clone(), JsValue::UNDEFINED),
        "invalid_option",
        Some("from"),
    );
    assert_error(
        wasm::diff(spec.clone(), spec.clone(), js(r#"{"from":"x","limit":3}"#)),
        "invalid_option",
        Some("limit"),
    );
    assert_error(
        wasm::diff(spec.clone(), js("[]"), window()),
        "invalid_spec",
        None,
    );
    assert_error(
        wasm::diff(
            js(r#"{"timeZone":"Mars/Olympus","start":"2026-01-01T00:00"}"#),
            spec,
            window(),
        ),
        "unknown_time_zone",
        Some("timeZone"),
    );
    still_works();
}

#[wasm_bindgen_test]
fn seed_000_new_york_0230_count4() {
    let spec = r#"{"id":"daily","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY;COUNT=4"}"#;
    let x = wasm::expand(js(spec), js("{}")).unwrap();
    let e = entries(&x);
    let days: Vec<(String, String)> = e
        .iter()
        .map(|e| (text(e, "nominal"), text(e, "status")))
        .collect();
    assert_eq!(
        days,
        [
            ("2026-03-06T02:30:00", "scheduled"),
            ("2026-03-07T02:30:00", "scheduled"),
            ("2026-03-08T02:30:00", "skipped"),
            ("2026-03-09T02:30:00", "scheduled"),
            ("2026-03-10T02:30:00", "scheduled"),
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );
    let ms = wasm::expand_instants(js(spec), js("{}")).unwrap();
    assert_eq!(ms.length(), 4);

    let shift = spec.replace("COUNT=4\"", "COUNT=4\",\"gap\":\"shift\"");
    let x = wasm::expand(js(&shift), js("{}")).unwrap();
    let e = entries(&x);
    assert_eq!(e.len(), 4);
    assert_eq!(text(&e[2], "nominal"), "2026-03-08T02:30:00");
    assert_eq!(text(&e[2], "status"), "shifted");
    assert_eq!(text(&e[2], "instant"), "2026-03-08T07:30:00Z");
    assert_eq!(text(&e[3], "nominal"), "2026-03-09T02:30:00");

    let v = validate(js(spec)).unwrap();
    assert_eq!(text(&v, "rrule"), "FREQ=DAILY;COUNT=4");
}

#[wasm_bindgen_test]
fn rrule_errors_carry_a_position() {
    let err = assert_error(
        validate(js(
            r#"{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=DAILY;BYHOUR=24"}"#,
        )),
        "invalid_rrule",
        Some("rrule"),
    );
    assert!(get(&err, "position").as_f64().is_some());
    // An unbounded rule needs a limit or a window; a huge COUNT is bounded by the ceilings.
    assert_error(
        wasm::expand(
            js(r#"{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=SECONDLY"}"#),
            js("{}"),
        ),
        "invalid_option",
        Some("limit"),
    );
    let err = wasm::expand_instants(
        js(r#"{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=SECONDLY;COUNT=4294967295"}"#),
        js("{}"),
    )
    .expect_err("past the entry ceiling");
    assert_eq!(text(&err, "code"), "limit_exceeded");
    let ms = wasm::expand_instants(
        js(r#"{"timeZone":"UTC","start":"2026-01-01T09:00","rrule":"FREQ=SECONDLY;COUNT=4294967295"}"#),
        js(r#"{"limit":1000}"#),
    )
    .unwrap();
    assert_eq!(ms.length(), 1000);
    still_works();
}

#[wasm_bindgen_test]
fn expand_options_bound_the_result() {
    let spec = js(
        r#"{"timeZone":"Europe/Berlin","start":"2026-01-01T09:00","rdate":["2026-01-02T09:00","2026-01-03T09:00"]}"#,
    );
    let x = wasm::expand(spec.clone(), js(r#"{"limit":2}"#)).unwrap();
    assert_eq!(entries(&x).len(), 2);
    let x = wasm::expand(spec.clone(), js(r#"{"limit":1e300}"#)).unwrap();
    assert_eq!(entries(&x).len(), 3);
    let x = wasm::expand(
        spec.clone(),
        js(r#"{"from":"2026-01-02T09:00","to":"2026-01-03T08:00:00Z"}"#),
    )
    .unwrap();
    assert_eq!(entries(&x).len(), 1);
    for (options, field) in [
        (r#"{"limit":0}"#, "limit"),
        (r#"{"limit":-1}"#, "limit"),
        (r#"{"limit":1.5}"#, "limit"),
        (r#"{"limit":"5"}"#, "limit"),
        (r#"{"to":5}"#, "to"),
        (
            r#"{"from":"2026-01-03T00:00:00Z","to":"2026-01-02T00:00:00Z"}"#,
            "to",
        ),
    ] {
        assert_error(
            wasm::expand(spec.clone(), js(options)),
            "invalid_option",
            Some(field),
        );
    }
    assert_error(
        wasm::expand(spec.clone(), js(r#"{"from":"yesterday"}"#)),
        "invalid_date_time",
        Some("from"),
    );
    let err = wasm::expand(spec.clone(), js(r#"{"lmit":2}"#)).expect_err("unknown option");
    assert_eq!(text(&err, "code"), "invalid_option");
    assert!(text(&err, "message").contains("lmit"));
    assert_error(wasm::expand(spec, js("7")), "invalid_option", None);
    still_works();
}

#[wasm_bindgen_test]
fn error_objects_carry_code_field_and_position() {
    let err = assert_error(
        wasm::expand(
            js(r#"{"timeZone":"America/New_York","start":"2026-02-30T09:00"}"#),
            js("{}"),
        ),
        "invalid_start",
        Some("start"),
    );
    assert!(get(&err, "position").is_undefined());
    assert!(text(&err, "message").contains("2026-02-30"));

    assert_error(
        validate(js(
            r#"{"timeZone":"America/New_Yrok","start":"2026-03-08T02:30"}"#,
        )),
        "unknown_time_zone",
        Some("timeZone"),
    );
    assert_error(
        validate(js(
            r#"{"timeZone":"UTC","start":"2026-03-08T02:30","gap":"later"}"#,
        )),
        "invalid_policy",
        Some("gap"),
    );
    // Unknown keys fail as they do in JSON text on the CLI.
    let err = validate(js(
        r#"{"timeZone":"UTC","start":"2026-03-08T02:30","colour":"red"}"#,
    ))
    .expect_err("unknown key");
    assert_eq!(text(&err, "code"), "invalid_spec");
    assert!(text(&err, "message").contains("colour"));
    assert_error(
        validate(js(
            r#"{"timeZone":"UTC","start":"2026-03-08T02:30","rdate":["2026-03-09",5]}"#,
        )),
        "invalid_spec",
        Some("rdate[1]"),
    );
    assert_error(
        validate(js(
            r#"{"timeZone":"UTC","start":"2026-03-08T02:30","rdate":["2026-03-09"]}"#,
        )),
        "invalid_date_time",
        Some("rdate[0]"),
    );
    assert_error(
        validate(js(r#"{"start":"2026-03-08T02:30"}"#)),
        "invalid_spec",
        Some("timeZone"),
    );
    still_works();
}

#[wasm_bindgen_test]
fn non_object_specs_are_invalid_spec() {
    let deep = format!(
        r#"{{"timeZone":{}1{},"start":"2026-01-01T00:00"}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let inputs: Vec<JsValue> = vec![
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(42.0),
        JsValue::from_f64(f64::NAN),
        JsValue::from_str("{\"timeZone\":\"UTC\"}"),
        JsValue::TRUE,
        js("[1,2,3]"),
        js("[]"),
        js_sys::Function::new_no_args("return 1").into(),
        js_sys::Symbol::for_("wallclock").into(),
        js_sys::BigInt::from(7_i64).into(),
        js(&deep),
        js(r#"{"timeZone":{"a":{"b":{"c":[]}}},"start":"2026-01-01T00:00"}"#),
        js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","rdate":{"0":"2026-01-02T00:00"}}"#),
        js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","revision":1e300}"#),
        js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","maxCatchUp":-1}"#),
    ];
    for input in inputs {
        let err = wasm::expand(input, js("{}")).expect_err("rejected");
        assert_eq!(
            text(&err, "code"),
            "invalid_spec",
            "{}",
            text(&err, "message")
        );
        assert!(err.is_instance_of::<js_sys::Error>());
    }
    still_works();
}

#[wasm_bindgen_test]
fn huge_lists_and_limits_do_not_trap() {
    let many: Vec<String> = (0..10_001)
        .map(|i| format!("\"{:04}-01-01T00:00\"", 1 + i % 9000))
        .collect();
    let spec = format!(
        r#"{{"timeZone":"UTC","start":"2026-01-01T00:00","rdate":[{}]}}"#,
        many.join(",")
    );
    assert_error(
        wasm::expand(js(&spec), js("{}")),
        "limit_exceeded",
        Some("rdate"),
    );
    let x = wasm::expand_instants(
        js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00"}"#),
        js(r#"{"limit":1.7976931348623157e308}"#),
    )
    .unwrap();
    assert_eq!(x.length(), 1);
    still_works();
}

#[wasm_bindgen_test]
fn notices_need_a_window() {
    let spec = js(
        r#"{"timeZone":"America/New_York","start":"2026-01-05T02:30","rdate":["2026-03-08T02:30","2026-04-01T02:30"]}"#,
    );
    let x = wasm::notices(
        spec.clone(),
        js(r#"{"from":"2026-01-01T00:00:00Z","to":"2027-01-01T00:00:00Z"}"#),
    )
    .unwrap();
    let e = entries(&x);
    assert_eq!(e.len(), 1);
    assert_eq!(text(&e[0], "status"), "skipped");
    let transitions = get(&x, "transitions").dyn_into::<Array>().unwrap();
    assert_eq!(transitions.length(), 2);
    assert_eq!(text(&transitions.get(0), "kind"), "gap");
    assert_error(
        wasm::notices(spec.clone(), js(r#"{"from":"2026-01-01T00:00:00Z"}"#)),
        "invalid_option",
        Some("to"),
    );
    assert_error(
        wasm::notices(spec, JsValue::UNDEFINED),
        "invalid_option",
        Some("from"),
    );
}

#[wasm_bindgen_test]
fn validate_reports_warnings() {
    let v = validate(js(
        r#"{"timeZone":"America/New_York","start":"2026-11-01T01:30"}"#,
    ))
    .unwrap();
    assert_eq!(get(&v, "valid").as_bool(), Some(true));
    assert!(get(&v, "rrule").is_null());
    let warnings = get(&v, "warnings").dyn_into::<Array>().unwrap();
    assert_eq!(text(&warnings.get(0), "code"), "start_in_fold");
}

#[wasm_bindgen_test]
fn misfire_decisions() {
    let spec = js(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","misfire":"latest_only"}"#);
    let due = js(
        r#"[{"key":"preview|2026-01-01T00:00:00","instant":"2026-01-01T00:00:00Z"},
            {"key":"preview|2026-01-02T00:00:00","instant":"2026-01-02T00:00"}]"#,
    );
    let d = decide_misfires(spec.clone(), due, JsValue::from_str("2026-01-03T00:00:00Z"))
        .unwrap()
        .dyn_into::<Array>()
        .unwrap();
    assert_eq!(text(&d.get(0), "decision"), "coalesced");
    assert_eq!(text(&d.get(1), "decision"), "run");
    assert_eq!(text(&d.get(1), "lateness"), "P1D");
    assert_error(
        decide_misfires(
            spec.clone(),
            js(r#"[{"key":"k","instant":"soon"}]"#),
            JsValue::from_str("2026-01-03T00:00:00Z"),
        ),
        "invalid_date_time",
        Some("due[0].instant"),
    );
    assert_error(
        decide_misfires(
            spec.clone(),
            js(r#"[{"key":"k"}]"#),
            JsValue::from_str("2026-01-03T00:00:00Z"),
        ),
        "invalid_option",
        Some("due[0]"),
    );
    assert_error(
        decide_misfires(spec.clone(), js(r#"{"key":"k"}"#), JsValue::from_str("now")),
        "invalid_option",
        Some("due"),
    );
    assert_error(
        decide_misfires(spec, js("[]"), JsValue::from_f64(0.0)),
        "invalid_option",
        Some("now"),
    );
    still_works();
}

#[wasm_bindgen_test]
fn zone_list_and_tzdb_version() {
    let zones = wasm::time_zones();
    assert!(zones.len() > 300);
    assert!(zones.iter().any(|z| z == "America/New_York"));
    assert!(!wasm::tzdb_version().is_empty());
}

#[wasm_bindgen_test]
fn ical_rejects_non_text() {
    assert_error(parse_ical(JsValue::from_f64(1.0)), "invalid_ical", None);
    still_works();
}

#[wasm_bindgen_test]
fn keys_come_from_rust_for_any_id() {
    // A non-ASCII id (UTF-16 lengths differ from UTF-8 ones) and fold `both`.
    let spec = r#"{"id":"jöb😀","timeZone":"America/New_York","start":"2026-11-01T01:30","fold":"both","rrule":"FREQ=DAILY;COUNT=2"}"#;
    let x = wasm::expand(js(spec), js("{}")).unwrap();
    let keys: Vec<String> = entries(&x).iter().map(|e| text(e, "key")).collect();
    let schedule = wallclock::Schedule::from_json(spec).unwrap();
    let native = wallclock::expand(&schedule, &wallclock::ExpandOptions::new()).unwrap();
    let want: Vec<String> = native.entries().iter().map(|e| e.key()).collect();
    assert_eq!(keys, want);
    assert_eq!(keys[1], "jöb😀|2026-11-01T01:30:00|fold=1");
}

#[wasm_bindgen_test]
fn instant_at_reads_instants_and_local_times() {
    let ny = JsValue::from_str("America/New_York");
    let at = |t: &str| instant_at(ny.clone(), JsValue::from_str(t));
    // 02:30 does not exist on 2026-03-08: read with the offset before the gap.
    assert_eq!(at("2026-03-08T02:30").unwrap(), 1_772_955_000_000.0);
    // 01:30 on 2026-11-01 happens twice: the first.
    assert_eq!(at("2026-11-01T01:30").unwrap(), 1_793_511_000_000.0);
    assert_eq!(at("2026-11-01T06:30:00Z").unwrap(), 1_793_514_600_000.0);
    assert_eq!(
        at("2026-11-01T01:30:00-05:00").unwrap(),
        1_793_514_600_000.0
    );
    let err = assert_error(
        at("tomorrow").map(JsValue::from),
        "invalid_date_time",
        Some("text"),
    );
    assert!(text(&err, "message").contains("tomorrow"));
    assert_error(
        instant_at(
            JsValue::from_str("Mars/Base"),
            JsValue::from_str("2026-03-08T02:30"),
        )
        .map(JsValue::from),
        "unknown_time_zone",
        Some("timeZone"),
    );
    assert_error(
        instant_at(
            JsValue::from_f64(1.0),
            JsValue::from_str("2026-03-08T02:30"),
        )
        .map(JsValue::from),
        "invalid_option",
        Some("timeZone"),
    );
    assert_error(at_null(&ny), "invalid_option", Some("text"));
    still_works();
}

fn at_null(zone: &JsValue) -> Result<JsValue, JsValue> {
    instant_at(zone.clone(), JsValue::NULL).map(JsValue::from)
}

#[wasm_bindgen_test]
fn simulate_outage_decides_the_newest() {
    let spec = js(
        r#"{"id":"job","timeZone":"America/New_York","start":"2026-03-01T09:00","rrule":"FREQ=HOURLY","misfire":"latest_only"}"#,
    );
    let out = wasm::simulate_outage(
        spec.clone(),
        js(r#"{"down":"2026-03-01T09:00","back":"2026-03-02T09:00","decide":10,"show":3}"#),
    )
    .unwrap();
    let num = |k: &str| get(&out, k).as_f64().unwrap();
    assert_eq!(num("missed"), 24.0);
    assert_eq!(
        (num("decided"), num("leftOut"), num("hidden")),
        (10.0, 14.0, 7.0)
    );
    assert_eq!(get(&get(&out, "counts"), "run").as_f64(), Some(1.0));
    assert_eq!(get(&get(&out, "counts"), "coalesced").as_f64(), Some(9.0));
    let d = get(&out, "decisions").dyn_into::<Array>().unwrap();
    assert_eq!(d.length(), 3);
    let last = d.get(2);
    assert_eq!(text(&last, "key"), "job|2026-03-02T09:00:00");
    assert_eq!(text(&last, "nominal"), "2026-03-02T09:00:00");
    assert_eq!(get(&last, "fold").as_f64(), Some(0.0));
    assert_eq!(text(&last, "instant"), "2026-03-02T14:00:00Z");
    assert_eq!(text(&last, "lateness"), "PT0S");
    assert_eq!(text(&last, "decision"), "run");
    assert!(!text(&last, "reason").is_empty());
    assert_error(
        wasm::simulate_outage(spec.clone(), js(r#"{"down":"2026-03-01T09:00"}"#)),
        "invalid_option",
        Some("back"),
    );
    assert_error(
        wasm::simulate_outage(
            spec.clone(),
            js(r#"{"down":"2026-03-02T09:00","back":"2026-03-01T09:00"}"#),
        ),
        "invalid_option",
        Some("back"),
    );
    assert_error(
        wasm::simulate_outage(
            spec.clone(),
            js(r#"{"down":"2026-03-01T09:00","back":"2026-03-02T09:00","decide":5001}"#),
        ),
        "invalid_option",
        Some("decide"),
    );
    assert_error(
        wasm::simulate_outage(spec, js(r#"{"down":"x","back":"2026-03-02T09:00"}"#)),
        "invalid_date_time",
        Some("down"),
    );
    still_works();
}
