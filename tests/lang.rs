//! Every sentence has a template in every language, and each language's
//! templates keep to their script and punctuation: the checks that make a
//! missing or half-translated sentence fail instead of falling back.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/script.rs"]
mod script;

use std::collections::BTreeSet;

use script::{check_chinese, slots};
use wallclock::lang::all_templates;
use wallclock::{Lang, NoteCode, Warning};

/// The template's text with slots and backticked spans taken out: what
/// the template itself says.
fn literal(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(['{', '`']) {
        out.push_str(&rest[..i]);
        let close = if rest.as_bytes()[i] == b'{' { '}' } else { '`' };
        if rest[i..].starts_with("{{") {
            rest = &rest[i + 2..];
            continue;
        }
        match rest[i + 1..].find(close) {
            Some(end) => rest = &rest[i + 1 + end + 1..],
            None => {
                rest = &rest[i..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn every_template_is_written_in_every_language() {
    let mut codes = BTreeSet::new();
    let mut texts = BTreeSet::new();
    let mut bad = Vec::new();
    for (code, t) in all_templates() {
        assert!(codes.insert(code), "two templates have the code {code}");
        // A text knows its code by its words: two templates must differ.
        assert!(
            texts.insert(Lang::ALL.map(|l| t.text(l))),
            "{code} has the words of another template"
        );
        let [en, cn, tw] = Lang::ALL.map(|l| t.text(l));
        if en.trim().is_empty() {
            bad.push(format!("{}: no English", code));
        }
        for (lang, text) in [(Lang::ZhCn, cn), (Lang::ZhTw, tw)] {
            if text.trim().is_empty() {
                bad.push(format!("{}: no {lang}", code));
                continue;
            }
            if text == en && !literal(en).trim().is_empty() {
                bad.push(format!("{}: {lang} is the English text", code));
            }
            if let Err(why) = check_chinese(lang, &literal(text)) {
                bad.push(format!("{} ({lang}): {why}: {text}", code));
            }
        }
        if slots(cn) != slots(tw) {
            bad.push(format!(
                "{}: zh-CN and zh-TW fill different slots: {:?} / {:?}",
                code,
                slots(cn),
                slots(tw)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_note_code_and_policy_variant_has_a_template() {
    let codes: BTreeSet<&str> = all_templates().map(|(code, _)| code).collect();
    for code in NoteCode::ALL.iter().copied() {
        let name = format!("note.{}", code.as_str());
        assert!(
            codes
                .iter()
                .any(|c| *c == name || c.starts_with(&format!("{name}."))),
            "no template for {name}"
        );
    }
    // Each warning code has a template under `warning.` (or `cron.` for the
    // cron import's).
    let missing: Vec<&str> = Warning::CODES
        .iter()
        .copied()
        .filter(|w| {
            !codes.contains(format!("warning.{w}").as_str())
                && !codes.contains(format!("cron.{w}").as_str())
        })
        .collect();
    assert_eq!(missing, [""; 0], "warning codes without a template");
}

/// Lint findings whose sentence is another template's: a line the product
/// refuses says the error (`lint.line`, the line and its error), a date no
/// month has says the cron import's warning.
#[cfg(feature = "native")]
const LINT_SENTENCE_OF: &[(&str, &str)] = &[
    ("dow_7", "lint.line"),
    ("invalid_line", "lint.line"),
    ("never_runs", "cron.never_runs"),
];

#[cfg(feature = "native")]
#[test]
fn every_lint_code_has_a_template() {
    let codes: BTreeSet<&str> = all_templates().map(|(code, _)| code).collect();
    let missing: Vec<&str> = wallclock::LINT_CODES
        .iter()
        .copied()
        .filter(|lint| {
            let own = format!("lint.{lint}");
            let sentence = LINT_SENTENCE_OF
                .iter()
                .find(|(c, _)| c == lint)
                .map_or(own.as_str(), |(_, t)| t);
            !codes.contains(sentence)
        })
        .collect();
    assert_eq!(missing, [""; 0], "lint codes without a template");
}

/// The error codes whose messages are written by a reader and named after
/// it (`src/lang/input_errors.rs`) rather than `error.<code>`.
const READER_TEMPLATES: &[(&str, &str)] = &[
    ("invalid_cron", "input.cron."),
    ("invalid_ical", "input.ical."),
];

#[test]
fn every_error_code_has_a_template() {
    let codes: BTreeSet<&str> = all_templates().map(|(code, _)| code).collect();
    let missing: Vec<&str> = wallclock::ErrorCode::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| {
            let name = format!("error.{c}");
            let reader = READER_TEMPLATES.iter().find(|(code, _)| code == c);
            !codes.iter().any(|t| {
                *t == name
                    || t.starts_with(&format!("{name}."))
                    || reader.is_some_and(|(_, prefix)| t.starts_with(prefix))
            })
        })
        .collect();
    assert_eq!(missing, [""; 0], "error codes without a template");
}

/// Bad input of every kind the core reads: specs (their JSON, fields,
/// zones, dates, durations, policies), RRULE text, windows and options,
/// outages and due lists. Each error, in both Chinese scripts, comes from
/// templates only and keeps to its script.
fn bad_input_errors() -> Vec<(String, wallclock::Error)> {
    use wallclock::{Due, ExpandOptions, OutageOptions, Schedule};
    let mut out = Vec::new();
    let spec = |json: &str| Schedule::from_json(json);
    let with = |extra: &str| {
        format!(r#"{{"timeZone":"America/New_York","start":"2026-03-08T02:30"{extra}}}"#)
    };
    let rrule = |rule: &str| with(&format!(r#","rrule":{}"#, serde_json::json!(rule)));
    let mut specs: Vec<String> = [
        "not json",
        "{",
        r#"{"timeZone":"UTC","start":"2026-01-01T00:00"} x"#,
        r#"{"timeZone":"UTC"}"#,
        r#"{"timeZone":"UTC","start":"2026-01-01T00:00","colour":1}"#,
        r#"{"timeZone":"UTC","start":5}"#,
        r#"{"timeZone":"Mars/Base","start":"2026-01-01T00:00"}"#,
        r#"{"timeZone":"America/New_Yrok","start":"2026-01-01T00:00"}"#,
        r#"{"timeZone":"UTC","start":"2026-02-30T09:00"}"#,
        r#"{"timeZone":"UTC","start":"2026-03-08T24:00"}"#,
        r#"{"timeZone":"UTC","start":"2026-03-08T09:00Z"}"#,
        r#"{"timeZone":"UTC","start":"tomorrow"}"#,
        r#"{"timeZone":"Pacific/Kiritimati","start":"9999-12-31T23:00"}"#,
    ]
    .map(str::to_owned)
    .to_vec();
    for extra in [
        r#","id":"a|b""#,
        r#","id":"a\u0007""#,
        r#","id":"a\u2028""#,
        r#","id":"a\u202e""#,
        r#","revision":0"#,
        r#","timeout":"PT0S""#,
        r#","grace":"P1M""#,
        r#","grace":"-PT5M""#,
        r#","grace":"soon""#,
        r#","maxLateness":"PT99999999999H""#,
        r#","gap":"jump""#,
        r#","fold":"twice""#,
        r#","invalidDate":"skip""#,
        r#","misfire":"never""#,
        r#","overlap":"wait""#,
        r#","gap":5"#,
        r#","rrule":[]"#,
        r#","rdate":["soon"]"#,
        r#","exdate":["2026-13-01T00:00"]"#,
        r#","rrule":"FREQ=DAILY;UNTIL=20260301""#,
        r#","id":true"#,
        r#","revision":-1"#,
        r#","revision":1.5"#,
        r#","rdate":"2026-01-01T00:00""#,
        r#","rrule":{}"#,
        r#","exdate":[null]"#,
    ] {
        specs.push(with(extra));
    }
    specs.push(with(&format!(
        r#","rrule":{}"#,
        serde_json::json!(vec!["FREQ=DAILY"; 65])
    )));
    specs.push(with(&format!(
        r#","rdate":{}"#,
        serde_json::json!(vec!["2026-01-01T00:00"; 10_001])
    )));
    for rule in [
        "",
        "FREQ=DAILY;;",
        "FREQ=DAILY;COUNT",
        "FREQ=DAILY;COUNT=",
        "FREQ=DAILY;BYHOUR=9,,17",
        "FREQ=WEEKLY;BYDAYS=MO",
        "FREQ=WEEKLY;COLOR=red",
        "FREQ=DAILY;=5",
        "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD",
        "RSCALE=HEBREW;FREQ=YEARLY",
        "FREQ=DAILY;BYHOUR=9;BYHOUR=17",
        "FREQ=DAILY;INTERVAL=2;INTERVAL=3",
        "COUNT=3",
        "FREQ=FORTNIGHTLY",
        "FREQ=DAILY;COUNT=3;UNTIL=20260101",
        "FREQ=DAILY;UNTIL=20260230",
        "FREQ=DAILY;UNTIL=20260401T240000",
        "FREQ=DAILY;UNTIL=99991231T235959Z",
        "FREQ=MINUTELY;BYSECOND=60",
        "FREQ=DAILY;BYMINUTE=-5",
        "FREQ=WEEKLY;BYMONTHDAY=1",
        "FREQ=MONTHLY;BYWEEKNO=20",
        "FREQ=YEARLY;BYWEEKNO=54",
        "FREQ=WEEKLY;BYDAY=1MO",
        "FREQ=MONTHLY;BYDAY=6FR",
        "FREQ=YEARLY;BYDAY=0MO",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=9SU",
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO",
        "FREQ=MONTHLY;BYSETPOS=-1",
        "FREQ=WEEKLY;WKST=MONDAY",
    ] {
        specs.push(rrule(rule));
    }
    specs.push(rrule(&format!("FREQ=DAILY;COUNT={}", "1".repeat(4100))));
    specs.push(rrule(&format!(
        "FREQ=YEARLY;BYYEARDAY={}",
        vec!["1"; 367].join(",")
    )));
    for json in specs {
        match spec(&json) {
            Ok(_) => panic!("{json} is a valid spec"),
            Err(e) => out.push((json.chars().take(120).collect(), e)),
        }
    }
    let unbounded = spec(&rrule("FREQ=DAILY")).unwrap();
    let sparse = spec(&rrule("FREQ=HOURLY;INTERVAL=3;BYHOUR=1")).unwrap();
    let counted = spec(&rrule("FREQ=MINUTELY;COUNT=9000000")).unwrap();
    let secondly = spec(&rrule("FREQ=SECONDLY")).unwrap();
    let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap();
    let mut calls: Vec<(&str, Result<(), wallclock::Error>)> = vec![
        (
            "limit 0",
            wallclock::expand(&unbounded, &ExpandOptions::new().limit(0)).map(drop),
        ),
        (
            "no end",
            wallclock::expand(&unbounded, &ExpandOptions::new()).map(drop),
        ),
        (
            "to before from",
            ExpandOptions::parse(
                &unbounded,
                None,
                Some("2026-05-01T00:00"),
                Some("2026-04-01T00:00"),
            )
            .and_then(|w| wallclock::expand(&unbounded, &w))
            .map(drop),
        ),
        (
            "bad from",
            ExpandOptions::parse(&unbounded, None, Some("soon"), None).map(drop),
        ),
        (
            "now without a clock",
            ExpandOptions::parse(&unbounded, None, Some("now"), None).map(drop),
        ),
        (
            "from out of range",
            ExpandOptions::parse(&unbounded, None, Some("9999-12-31T23:59"), None).map(drop),
        ),
        (
            "steps",
            ExpandOptions::parse(&sparse, Some(5), None, Some("2126-01-01T00:00"))
                .and_then(|w| wallclock::expand(&sparse, &w))
                .map(drop),
        ),
        (
            "count walked",
            wallclock::expand(
                &counted,
                &ExpandOptions::new()
                    .from(at("2040-01-01T00:00:00Z"))
                    .limit(3),
            )
            .map(drop),
        ),
        (
            "entries",
            wallclock::expand(
                &secondly,
                &ExpandOptions::new().to(at("2026-04-01T00:00:00Z")),
            )
            .map(drop),
        ),
        (
            "back before down",
            wallclock::simulate_outage(
                &unbounded,
                &OutageOptions::new(at("2026-04-02T00:00:00Z"), at("2026-04-01T00:00:00Z")),
            )
            .map(drop),
        ),
        (
            "decide",
            wallclock::simulate_outage(
                &unbounded,
                &OutageOptions::new(at("2026-04-01T00:00:00Z"), at("2026-04-02T00:00:00Z"))
                    .decide(5001),
            )
            .map(drop),
        ),
        (
            "outage",
            wallclock::simulate_outage(
                &secondly,
                &OutageOptions::new(at("2026-04-01T00:00:00Z"), at("2026-05-01T00:00:00Z")),
            )
            .map(drop),
        ),
    ];
    let now = at("2026-04-01T00:00:00Z");
    let due = |key: &str| Due {
        key: key.to_owned(),
        instant: now,
    };
    for keys in [
        vec!["other|2026-03-08T02:30:00"],
        vec!["|soon"],
        vec!["|2026-03-09T02:30:00", "|2026-03-09T02:30:00"],
    ] {
        let id = unbounded.id();
        let due: Vec<Due> = keys
            .iter()
            .map(|k| {
                due(&k
                    .strip_prefix('|')
                    .map_or(k.to_string(), |n| format!("{id}|{n}")))
            })
            .collect();
        calls.push(("due", wallclock::check_due(&unbounded, &due, now).map(drop)));
    }
    for (what, result) in calls {
        match result {
            Ok(()) => panic!("{what}: no error"),
            Err(e) => out.push((what.to_owned(), e)),
        }
    }
    out
}

#[test]
fn every_error_of_the_core_is_written_in_chinese() {
    let mut bad = Vec::new();
    let mut seen = BTreeSet::new();
    for (input, error) in bad_input_errors() {
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let (text, codes) = wallclock::lang::recording(|| error.text().render(lang));
            seen.extend(codes.iter().copied());
            let english = ["invalid type", "invalid value", " at line "];
            if english.iter().any(|words| text.contains(words)) {
                bad.push(format!("{input} ({lang}): serde's English quoted: {text}"));
            } else if let Err(why) = script::check_rendered(lang, &text, &[]) {
                bad.push(format!("{input} ({lang}): {why}: {text}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // The corpus reaches the messages of every kind of bad input.
    for code in [
        "error.invalid_rrule.value",
        "error.invalid_spec.unknown_field_of",
        "error.invalid_spec.missing_field",
        "error.unknown_time_zone.did_you_mean",
        "error.invalid_policy",
        "error.invalid_duration.iso",
        "error.invalid_option.window_order",
        "error.limit_exceeded.advise_count",
        "error.invalid_option.due_twice",
        "error.serde.invalid_type",
        "error.serde.invalid_value",
        "error.serde.got_value",
    ] {
        assert!(seen.contains(code), "the corpus never renders {code}");
    }
}
