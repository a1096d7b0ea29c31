//! The ledger's words in every language: `ledger explain` of a key that
//! ran, one not yet run and one pruned after it ran, and the sentences and
//! table words of `add`, `shadow` and `stats`, through the real binary on
//! a real SQLite ledger, with `--lang`. The texts are the examples of
//! `tests/fixtures/sentences.json` whose call is `ledgerExplain` or
//! `ledgerReport` (`tests/sentences.rs` leaves them to this test).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/script.rs"]
mod script;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};
use wallclock::Lang;

const BIN: &str = env!("CARGO_BIN_EXE_wallclock");
const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sentences.json");

/// Daily 09:00 UTC from 1 June 2026: the 1st and 2nd run at 09:30 on the
/// 2nd, then the 1st is pruned (each schedule keeps its newest).
const SPEC: &str =
    r#"{"id":"d","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#;

/// `wallclock ledger --db ledger.db ARGS` in `dir`, without the machine's
/// language variables; its stdout.
fn run(dir: &Path, args: &[&str]) -> String {
    run_status(dir, args, &[0])
}

/// [`run`], for a command whose exit status may be any of `ok`.
fn run_status(dir: &Path, args: &[&str], ok: &[i32]) -> String {
    let mut command = Command::new(BIN);
    for name in ["WALLCLOCK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(name);
    }
    let out: Output = command
        .current_dir(dir)
        .args(["ledger", "--db", "ledger.db"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| ok.contains(&c)),
        "{args:?}: {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn ledger(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    std::fs::write(
        d.join("other.json"),
        SPEC.replace(r#""id":"d""#, r#""id":"e""#),
    )
    .unwrap();
    let now = "2026-06-02T09:30:00Z";
    run(&d, &["init"]);
    run(
        &d,
        &[
            "add",
            "--spec",
            "spec.json",
            "--now",
            "2026-05-31T00:00:00Z",
        ],
    );
    run(&d, &["plan", "--now", now]);
    run(
        &d,
        &["tick", "--now", now, "--worker", "w", "--exec", "true"],
    );
    run(&d, &["prune", "--before", "2026-06-02T00:00:00Z"]);
    d
}

#[test]
fn explain_speaks_every_language() {
    let d = ledger("ledger_lang");
    let fixture: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    let mut checked = 0;
    let mut bad = Vec::new();
    for example in fixture.iter().filter(|e| e["call"] == "ledgerExplain") {
        let key = example["args"][0].as_str().unwrap();
        for lang in Lang::ALL {
            let lang = lang.as_str();
            let table = run(&d, &["explain", key, "--lang", lang, "--format", "table"]);
            let whole: Value =
                serde_json::from_str(&run(&d, &["explain", key, "--lang", lang, "--json"]))
                    .unwrap();
            let value = json!({ "table": table.lines().collect::<Vec<_>>(), "json": whole });
            let pointer = example["pick"].as_str().unwrap();
            let got = value.pointer(pointer).and_then(Value::as_str);
            checked += 1;
            if let (Some(lang), Some(got)) = (Lang::from_tag(lang).filter(|l| *l != Lang::En), got)
                && let Err(why) = script::check_rendered(lang, got, &[])
            {
                bad.push(format!("{} ({lang}): {why}: {got}", example["code"]));
            }
            if got != example[lang].as_str() {
                bad.push(format!(
                    "{} ({lang}): {got:?}\n  fixture: {}",
                    example["code"], example[lang]
                ));
            }
        }
    }
    assert!(checked >= 15, "only {checked} texts checked");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Each `ledgerReport` example: on a fresh ledger, its SQL (`args[0]`, a
/// row as an older build left it) and then its command (`args[1]`) with
/// `--lang`, as a table and as JSON.
#[test]
fn reports_speak_every_language() {
    let fixture: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    let mut checked = 0;
    let mut bad = Vec::new();
    for (i, example) in fixture
        .iter()
        .filter(|e| e["call"] == "ledgerReport")
        .enumerate()
    {
        let command: Vec<&str> = example["args"][1]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        for lang in Lang::ALL {
            let d = ledger(&format!("ledger_lang_report_{i}_{lang}"));
            if let Some(sql) = example["args"][0].as_str() {
                rusqlite::Connection::open(d.join("ledger.db"))
                    .unwrap()
                    .execute_batch(sql)
                    .unwrap();
            }
            let tag = lang.as_str();
            // `add` writes: its JSON is the one run; the rest only read.
            let (table, whole) = if command[0] == "add" {
                let json = run(&d, &[&command[..], &["--lang", tag, "--json"]].concat());
                (String::new(), json)
            } else {
                let with = |format: &[&str]| {
                    run_status(
                        &d,
                        &[&command[..], &["--lang", tag], format].concat(),
                        &[0, 1],
                    )
                };
                (with(&["--format", "table"]), with(&["--json"]))
            };
            let whole: Value = serde_json::from_str(&whole).unwrap();
            let value = json!({ "table": table.lines().collect::<Vec<_>>(), "json": whole });
            let pointer = example["pick"].as_str().unwrap();
            let got = value.pointer(pointer).and_then(Value::as_str);
            checked += 1;
            if let (true, Some(got)) = (lang != Lang::En, got)
                && let Err(why) = script::check_rendered(lang, got, &[])
            {
                bad.push(format!("{} ({lang}): {why}: {got}", example["code"]));
            }
            if got != example[tag].as_str() {
                bad.push(format!(
                    "{} ({lang}): {got:?}\n  fixture: {}",
                    example["code"], example[tag]
                ));
            }
        }
    }
    assert!(checked >= 21, "only {checked} texts checked");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
