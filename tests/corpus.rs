//! The shared fixture corpus (`tests/fixtures/corpus.jsonl`): each line is a
//! spec, expansion options and the exact JSON text the engine answers. The
//! native engine, the wasm build and the Node package must all produce it
//! byte for byte. Regenerate after an intended change with
//! `WALLCLOCK_BLESS=1 cargo test --test corpus` and review the diff.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use serde_json::Value;
use wallclock::{Error, ExpandOptions, Schedule, execution_instants, expand};

const CORPUS: &str = include_str!("fixtures/corpus.jsonl");

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
    run().unwrap_or_else(|e| format!(r#"{{"error":{}}}"#, serde_json::to_string(&e).unwrap()))
}

#[test]
fn corpus_answers_match_byte_for_byte() {
    let mut failures = Vec::new();
    let mut blessed = String::new();
    let mut n = 0;
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
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
    assert!(n >= 30, "the corpus has only {n} cases");
    #[cfg(not(target_arch = "wasm32"))]
    if std::env::var_os("WALLCLOCK_BLESS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/corpus.jsonl");
        std::fs::write(path, blessed).unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "corpus cases differ: {failures:?} (rerun with WALLCLOCK_BLESS=1 and review)"
    );
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
