//! The shared fixture corpora: `tests/fixtures/corpus.jsonl` (each line a
//! spec, expansion options and the exact JSON text the engine answers) and
//! `tests/fixtures/diff-corpus.jsonl` (two specs, a window and the exact
//! JSON of their diff). The native engine, the wasm build and the Node
//! package must all produce them byte for byte. Regenerate after an
//! intended change with `WALLCLOCK_BLESS=1 cargo test --test corpus` and
//! review the diff.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use serde_json::Value;
use wallclock::{Error, ExpandOptions, Schedule, diff, execution_instants, expand};

const CORPUS: &str = include_str!("fixtures/corpus.jsonl");
const DIFF_CORPUS: &str = include_str!("fixtures/diff-corpus.jsonl");

fn answer(case: &Value) -> String {
    let run = || -> Result<String, Error> {
        let schedule = Schedule::from_json(&case["spec"].to_string())?;
        let o = &case["options"];
        let options = ExpandOptions::parse(
            &schedule,
            o["limit"].as_u64(),
            o["from"].as_str(),
            o["to"].as_str(),
        )?;
        Ok(expand(&schedule, &options)?.to_json())
    };
    json_or_error(run())
}

/// The answer as JSON text, or `{"error":…}` as the Node tests record a
/// thrown error.
fn json_or_error(answer: Result<String, Error>) -> String {
    answer.unwrap_or_else(|e| format!(r#"{{"error":{}}}"#, serde_json::to_string(&e).unwrap()))
}

/// What `diff(old, new, window)` answers: both bounds read in the old
/// spec's zone, as the JS binding reads them.
fn diff_answer(case: &Value) -> String {
    json_or_error((|| {
        let old = Schedule::from_json(&case["old"].to_string())?;
        let new = Schedule::from_json(&case["new"].to_string())?;
        let bound = |field: &str| old.instant_at(case["window"][field].as_str().unwrap(), field);
        let options = ExpandOptions::new().from(bound("from")?).to(bound("to")?);
        Ok(diff(&old, &new, &options)?.to_json())
    })())
}

/// Checks every case of `corpus` (at least `min`) against `answer`, or
/// rewrites `expected` under `WALLCLOCK_BLESS`.
fn check_corpus(corpus: &str, file: &str, min: usize, answer: fn(&Value) -> String) {
    let mut failures = Vec::new();
    let mut blessed = String::new();
    let mut n = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let mut case: Value = serde_json::from_str(line).unwrap();
        let got = answer(&case);
        if case["expected"].as_str() != Some(got.as_str()) {
            failures.push(case["name"].as_str().unwrap_or("?").to_owned());
        }
        case["expected"] = Value::String(got);
        blessed.push_str(&serde_json::to_string(&case).unwrap());
        blessed.push('\n');
        n += 1;
    }
    assert!(n >= min, "{file} has only {n} cases");
    #[cfg(not(target_arch = "wasm32"))]
    if std::env::var_os("WALLCLOCK_BLESS").is_some() {
        let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(path, blessed).unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "{file}: cases differ: {failures:?} (rerun with WALLCLOCK_BLESS=1 and review)"
    );
}

#[test]
fn corpus_answers_match_byte_for_byte() {
    check_corpus(CORPUS, "corpus.jsonl", 30, answer);
}

#[test]
fn diff_corpus_answers_match_byte_for_byte() {
    check_corpus(DIFF_CORPUS, "diff-corpus.jsonl", 8, diff_answer);
}

/// `execution_instants` is `expand(..).executions()` without the entries:
/// the same instants, and the same error when the expansion fails.
#[test]
fn execution_instants_are_the_executions_of_expand() {
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["name"].as_str().unwrap_or("?");
        let Ok(schedule) = Schedule::from_json(&case["spec"].to_string()) else {
            continue;
        };
        let o = &case["options"];
        let Ok(options) = ExpandOptions::parse(
            &schedule,
            o["limit"].as_u64(),
            o["from"].as_str(),
            o["to"].as_str(),
        ) else {
            continue;
        };
        let want = expand(&schedule, &options).map(|x| x.executions().collect::<Vec<_>>());
        assert_eq!(execution_instants(&schedule, &options), want, "{name}");
    }
}
