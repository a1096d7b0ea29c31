//! Why an occurrence is in its state, in every language, on both stores:
//! each `ledger.reason.*` sentence as the real `wallclock ledger` binary
//! writes it into the `reason` column (as data: the sentence's code and
//! facts) and `explain --lang` says it. The texts are the examples of
//! `tests/fixtures/sentences.json` whose call is `ledgerReason`
//! (`tests/sentences.rs` leaves them to this test): `args[0]` is the key to
//! explain, `args[1]` the steps that bring its occurrence there, on a
//! fresh ledger, in order:
//!
//! - `["tick", …]`: a `wallclock ledger` command, which must end with
//!   status 0 (or 1, a `tick` whose attempt failed), not an error;
//! - `"UPDATE …"`: SQL behind the ledger's back, for a state no command
//!   reaches (it must read the same on SQLite and PostgreSQL);
//! - `{"file": NAME, "text": TEXT}`: a file in the ledger's directory (a spec);
//! - `{"killed": [...]}`: a command whose `--exec` kills the worker
//!   (`kill -9 $PPID`), leaving its occurrence `running` with its lease;
//! - `{"batch": NOW}`: the library's [`Ledger::tick`] at `NOW`, which claims
//!   a batch of due occurrences in one statement, every one done.
//!
//! Also: a ledger of the schema before reasons were kept as data keeps its
//! English reasons (the ones that never varied become their sentences).
//!
//! [`Ledger::tick`]: wallclock::ledger::Ledger::tick
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/fixture_text.rs"]
mod fixture_text;
#[path = "common/script.rs"]
mod script;

use std::os::unix::process::ExitStatusExt;
use std::path::Path;

use common::{db_arg, exec, ledger, ok, on_postgres, texts, ts};
use jiff::SignedDuration;
use serde_json::{Value, json};
use wallclock::Lang;
use wallclock::ledger::{Ledger, Outcome};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sentences.json");

fn dir(name: &str) -> std::path::PathBuf {
    common::dir("ledger_reasons", name)
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .expect("a command is an array of strings")
        .iter()
        .map(|a| a.as_str().expect("a command's word is a string"))
        .collect()
}

/// One step of an example (see the module's documentation).
fn step(d: &Path, step: &Value) {
    match step {
        Value::String(sql) => exec(d, sql),
        Value::Array(_) => {
            let args = strings(step);
            let out = ledger(d, &args);
            // 1: a `tick` whose attempt failed.
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{args:?}: {:?}: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Value::Object(o) if o.contains_key("file") => std::fs::write(
            d.join(o["file"].as_str().unwrap()),
            o["text"].as_str().unwrap(),
        )
        .unwrap(),
        Value::Object(o) if o.contains_key("killed") => {
            let args = strings(&o["killed"]);
            let out = ledger(d, &args);
            assert_eq!(out.status.signal(), Some(9), "{args:?}: {out:?}");
        }
        Value::Object(o) if o.contains_key("batch") => {
            let now = ts(o["batch"].as_str().unwrap());
            Ledger::open_db(&db_arg(d), common::BUSY)
                .unwrap()
                .tick(now, "w", SignedDuration::from_mins(5), |_, _| Outcome::Done)
                .unwrap();
        }
        other => panic!("unknown step {other}"),
    }
}

/// `explain KEY --lang L` as a table and as JSON, as `{"table": lines, "json": …}`.
fn explain(d: &Path, key: &str, lang: Lang) -> Value {
    let tag = lang.as_str();
    let table = ledger(d, &["explain", key, "--lang", tag, "--format", "table"]);
    assert!(table.status.success(), "{table:?}");
    let table = String::from_utf8(table.stdout).unwrap();
    let whole = ok(&ledger(d, &["explain", key, "--lang", tag, "--json"]));
    json!({ "table": table.lines().collect::<Vec<_>>(), "json": whole })
}

/// Checks one example in every language; what differs goes into `bad`
/// (with `bless`, the texts are written into the example instead).
fn check(i: usize, example: &mut Value, bless: bool, bad: &mut Vec<String>) -> usize {
    let code = example["code"].as_str().unwrap().to_owned();
    let key = example["args"][0].as_str().unwrap().to_owned();
    let d = dir(&format!("example_{i}"));
    ok(&ledger(&d, &["init"]));
    for s in example["args"][1].as_array().unwrap() {
        step(&d, s);
    }
    let pointer = example["pick"].as_str().unwrap().to_owned();
    // A note's message is in the `notes` column; a reason, and a failed
    // attempt's error (which its reason holds), in `reason`.
    let column = if pointer.contains("/notes/") {
        "notes"
    } else {
        "reason"
    };
    // The column keeps the sentence as data, naming its template.
    let stored = texts(
        &d,
        &format!("SELECT {column} FROM occurrences WHERE key = '{key}'"),
    );
    let named = format!(r#""t":"{code}""#);
    if !stored.iter().flatten().any(|r| r.contains(&named)) {
        bad.push(format!(
            "{code}: no {column} of `{key}` names it: {stored:?}"
        ));
    }
    let exempt = script::exempt(example);
    let exempt: Vec<&str> = exempt.iter().map(String::as_str).collect();
    let mut checked = 0;
    for lang in Lang::ALL {
        let value = explain(&d, &key, lang);
        let got = value.pointer(&pointer).and_then(Value::as_str);
        checked += 1;
        let Some(got) = got else {
            bad.push(format!("{code} ({lang}): nothing at {pointer} in {value}"));
            continue;
        };
        if lang != Lang::En
            && let Err(why) = script::check_rendered(lang, got, &exempt)
        {
            bad.push(format!("{code} ({lang}): {why}: {got}"));
        }
        if bless {
            example[lang.as_str()] = json!(got);
        } else if Some(got) != example[lang.as_str()].as_str() {
            bad.push(format!(
                "{code} ({lang}): {got:?}\n  fixture: {}",
                example[lang.as_str()]
            ));
        }
        // The table's last column says the reason, on its first line.
        if !pointer.ends_with("/reason") {
            continue;
        }
        let first = got.lines().next().unwrap_or_default();
        let lines = value["table"].as_array().unwrap();
        if !lines
            .iter()
            .any(|l| l.as_str().unwrap().trim_end().ends_with(first))
        {
            bad.push(format!(
                "{code} ({lang}): no table line ends with {first:?}"
            ));
        }
    }
    checked
}

/// Every `ledgerReason` example, and every `ledger.reason.*` and `ledger.note.*` template
/// shown by one. `WALLCLOCK_BLESS=1` rewrites their texts from what the
/// binary says, for review in the diff.
#[test]
fn every_reason_speaks_every_language() {
    let mut fixture: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    let bless = std::env::var_os("WALLCLOCK_BLESS").is_some();
    let mut bad = Vec::new();
    let mut checked = 0;
    let mut shown = Vec::new();
    for (i, example) in fixture
        .iter_mut()
        .filter(|e| e["call"] == "ledgerReason")
        .enumerate()
    {
        checked += check(i, example, bless, &mut bad);
        shown.push(example["code"].clone());
    }
    if bless {
        std::fs::write(FIXTURE, fixture_text::fixture_text(&fixture)).unwrap();
    }
    for (code, _) in wallclock::lang::all_templates() {
        let kept = code.starts_with("ledger.reason.") || code.starts_with("ledger.note.");
        if kept && !shown.iter().any(|c| c == code) {
            bad.push(format!("{code}: no `ledgerReason` example"));
        }
    }
    assert!(checked >= 87, "only {checked} texts checked");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A ledger of the schema before reasons were kept as data: this build's
/// tables at the version before (SQLite 9, PostgreSQL 5) and the English
/// reasons the builds of then wrote.
fn ledger_before_stored_reasons(d: &Path) {
    std::fs::write(
        d.join("spec.json"),
        r#"{"id":"d","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#,
    )
    .unwrap();
    ok(&ledger(d, &["init"]));
    ok(&ledger(
        d,
        &[
            "add",
            "--spec",
            "spec.json",
            "--now",
            "2026-05-31T00:00:00Z",
        ],
    ));
    ok(&ledger(d, &["plan", "--now", "2026-05-31T00:00:00Z"]));
    let old = if on_postgres() {
        "UPDATE meta SET value = '5' WHERE key = 'schema'"
    } else {
        "PRAGMA user_version = 9"
    };
    exec(
        d,
        &format!(
            "UPDATE occurrences SET state = 'expired', decision = 'expired',
                    reason = 'late by PT3M5S, more than maxLateness PT1M'
              WHERE key = 'd|2026-06-01T09:00:00';
             UPDATE occurrences SET state = 'cancelled', live = 0, reason = 'disabled'
              WHERE key IN ('d|2026-06-03T09:00:00', 'd|2026-06-04T09:00:00');
             UPDATE schedules SET enabled = 0 WHERE id = 'd';
             {old};"
        ),
    );
}

fn reasons(d: &Path, lang: &str) -> Vec<(String, String, Value)> {
    let out = ok(&ledger(d, &["occurrences", "--lang", lang, "--json"]));
    out.as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["key"].as_str().unwrap().to_owned(),
                o["state"].as_str().unwrap().to_owned(),
                o["reason"].clone(),
            )
        })
        .collect()
}

/// Upgrading a ledger of the schema before reasons were kept as data:
/// `disabled` becomes its sentence (said in the reader's language), the
/// reason that varied is shown as it was written, no reason stays none;
/// and `enable` still plans again what `disable` cancelled before the
/// upgrade.
#[test]
fn english_reasons_of_an_older_ledger_are_kept() {
    let d = dir("older");
    ledger_before_stored_reasons(&d);
    // A read leaves an older ledger as it is; `init` upgrades it.
    ok(&ledger(&d, &["init"]));
    let got = reasons(&d, "zh-CN");
    let expired = "late by PT3M5S, more than maxLateness PT1M";
    assert_eq!(
        got,
        [
            ("d|2026-06-01T09:00:00", "expired", json!(expired)),
            ("d|2026-06-02T09:00:00", "planned", Value::Null),
            ("d|2026-06-03T09:00:00", "cancelled", json!("计划已停用")),
            ("d|2026-06-04T09:00:00", "cancelled", json!("计划已停用")),
            ("d|2026-06-05T09:00:00", "planned", Value::Null),
        ]
        .map(|(k, s, r)| (k.to_owned(), s.to_owned(), r))
    );
    assert_eq!(reasons(&d, "en")[2].2, json!("disabled"));
    assert_eq!(reasons(&d, "zh-TW")[0].2, json!(expired));
    ok(&ledger(
        &d,
        &["enable", "d", "--now", "2026-06-01T12:00:00Z"],
    ));
    let got = reasons(&d, "en");
    assert_eq!(
        (&got[2].1[..], &got[2].2, &got[3].1[..], &got[3].2),
        ("planned", &Value::Null, "planned", &Value::Null),
        "{got:?}"
    );
}

/// The template codes a ledger keeps in its rows (reasons, notes' messages,
/// a failed command's words). A row names its sentence by code, so a code
/// here is never renamed or removed (a row naming a code this build lacks
/// shows its JSON); a new one is added here.
const STORED_CODES: &[&str] = &[
    "ledger.note.local_time_gone",
    "ledger.note.no_instant",
    "ledger.note.tzdb_changed",
    "ledger.note.tzdb_kept",
    "ledger.reason.disabled",
    "ledger.reason.done_by",
    "ledger.reason.done_by_pruned",
    "ledger.reason.epoch",
    "ledger.reason.escalated",
    "ledger.reason.failed",
    "ledger.reason.lease_ran_out",
    "ledger.reason.lease_unknown",
    "ledger.reason.merged",
    "ledger.reason.not_generated",
    "ledger.reason.overlap_other",
    "ledger.reason.overlap_running",
    "ledger.reason.reconciled_dead",
    "ledger.reason.reconciled_done",
    "ledger.reason.reconciled_retry",
    "ledger.reason.removed",
    "ledger.reason.retried",
    "ledger.reason.retry_after",
    "ledger.reason.superseded",
    "ledger.reason.triggered",
    "ledger.run.exited",
    "ledger.run.signal",
    "ledger.run.spawn",
    "ledger.run.stderr",
    "ledger.run.stopped",
    "ledger.run.timeout",
    "ledger.run.wait",
    "misfire.catch_up_full",
    "misfire.coalesced",
    "misfire.expired",
    "misfire.run_all",
    "misfire.run_newest",
    "misfire.skipped",
    "misfire.within_grace",
    "note.fold_both",
    "note.fold_both.ended",
    "note.fold_first",
    "note.fold_second",
    "note.gap_shifted",
    "note.gap_skipped",
    "note.gap_snapped",
    "note.invalid_date_backward",
    "note.invalid_date_forward",
    "note.merged.date",
    "note.merged.instant",
    "note.merged.second",
];

#[test]
fn the_codes_a_ledger_keeps_stay() {
    let codes: Vec<&str> = wallclock::lang::all_templates().map(|(c, _)| c).collect();
    for code in STORED_CODES {
        assert!(
            codes.contains(code),
            "`{code}` is kept in ledgers: it may not go"
        );
    }
    let kept = [
        "ledger.reason.",
        "ledger.note.",
        "ledger.run.",
        "misfire.",
        "note.",
    ];
    for code in codes {
        if kept.iter().any(|p| code.starts_with(p)) {
            assert!(STORED_CODES.contains(&code), "add `{code}` to STORED_CODES");
        }
    }
}
