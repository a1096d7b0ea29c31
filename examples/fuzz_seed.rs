//! Writes the seed corpus of every fuzz target (`fuzz/fuzz_targets/`) from
//! the project's test fixtures and the RFC 5545 §3.8.5.3 examples, plus
//! the hand-written inputs in `fuzz/seeds/<target>/` (real-world iCalendar
//! shapes, earlier crashes). `scripts/fuzz.sh` runs it before fuzzing:
//!
//! ```sh
//! cargo run --example fuzz_seed -- fuzz/corpus
//! ```
//!
//! Each input is written to `<dir>/<target>/seed-<hash>`, named by its
//! content, so running it again adds nothing twice and leaves what the
//! fuzzer found in the same folders alone.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use wallclock::{Schedule, to_vcalendar};

const CORPUS: &str = include_str!("../tests/fixtures/corpus.jsonl");
const DIFF_CORPUS: &str = include_str!("../tests/fixtures/diff-corpus.jsonl");
const DATEUTIL: &str = include_str!("../tests/fixtures/dateutil.jsonl");
const DESCRIBE_NOW: &str = include_str!("../tests/fixtures/describe-now.json");
const SEED_GOLDEN: &str = include_str!("../tests/fixtures/seed-golden.json");
const WINDOW_OPTIONS: &str = include_str!("../tests/fixtures/window-options.json");
const NOTICE_WINDOW: &str = include_str!("../tests/fixtures/notice-window.json");
const RFC_EXAMPLES: &str = include_str!("../tests/rfc5545_examples.rs");
const CRON_DST: &str = include_str!("../tests/fixtures/cron-dst.json");
const CRONTAB: &str = include_str!("../tests/fixtures/cron/crontab");

/// The schedules `fuzz_targets/window.rs` picks from by its first byte.
const WINDOW_SPECS: u8 = 6;

fn main() {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run --example fuzz_seed -- DIR");
        std::process::exit(2);
    };
    let rules = rules();
    let specs = specs();
    let mut written = 0;
    written += write_all(&out, "parse_rule", rules.iter().map(String::as_bytes));
    let expand_spec = rules.iter().chain(&specs).map(String::as_bytes);
    written += write_all(&out, "expand_spec", expand_spec);
    written += write_all(&out, "spec_json", specs.iter().map(String::as_bytes));
    let calendars = calendars(&specs);
    written += write_all(&out, "ical_import", calendars.iter().map(String::as_bytes));
    let windows = windows();
    written += write_all(&out, "window", windows.iter().map(Vec::as_slice));
    let cron = cron_lines();
    written += write_all(&out, "cron_line", cron.iter().map(Vec::as_slice));
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds");
    for target in [
        "parse_rule",
        "expand_spec",
        "spec_json",
        "ical_import",
        "window",
        "cron_line",
    ] {
        let files = read_dir_files(&seeds.join(target));
        written += write_all(&out, target, files.iter().map(Vec::as_slice));
    }
    println!("fuzz_seed: {written} inputs in {}", out.display());
}

/// Every RRULE of the fixtures and the RFC's examples, each once.
fn rules() -> BTreeSet<String> {
    let mut rules = BTreeSet::new();
    for line in DATEUTIL.lines().chain(CORPUS.lines()) {
        let Ok(case) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        for rule in [&case["rrule"], &case["spec"]["rrule"]] {
            if let Some(rule) = rule.as_str() {
                rules.insert(rule.to_owned());
            }
        }
    }
    // `"FREQ=…"` string literals of tests/rfc5545_examples.rs.
    for piece in RFC_EXAMPLES.split('"').filter(|p| p.starts_with("FREQ=")) {
        rules.insert(piece.to_owned());
    }
    rules
}

/// Every spec object of the fixtures, as compact JSON, each once.
fn specs() -> BTreeSet<String> {
    let mut specs = BTreeSet::new();
    let mut add = |v: &Value| {
        if v.is_object() {
            specs.insert(v.to_string());
        }
    };
    for line in CORPUS.lines().chain(DIFF_CORPUS.lines()) {
        if let Ok(case) = serde_json::from_str::<Value>(line) {
            for key in ["spec", "old", "new"] {
                add(&case[key]);
            }
        }
    }
    // The oracle's cases, in a zone with clock changes and with each policy.
    let zones = ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe"];
    for (i, line) in DATEUTIL.lines().enumerate().step_by(9) {
        let Ok(case) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let policies = [
            ("gap", "shift"),
            ("fold", "both"),
            ("invalidDate", "forward"),
        ];
        let (key, value) = policies[i % policies.len()];
        add(&serde_json::json!({
            "timeZone": zones[i % zones.len()],
            "start": case["start"],
            "rrule": case["rrule"],
            key: value,
        }));
    }
    for text in [DESCRIBE_NOW, WINDOW_OPTIONS] {
        let v: Value = serde_json::from_str(text).unwrap_or_default();
        add(&v["spec"]);
        for case in v.as_array().into_iter().flatten() {
            add(&case["spec"]);
        }
    }
    let golden: Value = serde_json::from_str(SEED_GOLDEN).unwrap_or_default();
    for case in golden["cases"].as_array().into_iter().flatten() {
        add(&case["spec"]);
    }
    specs
}

/// Each valid spec as the calendar file `wallclock ical` writes.
fn calendars(specs: &BTreeSet<String>) -> Vec<String> {
    let now = jiff::Timestamp::from_second(1_780_000_000).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    specs
        .iter()
        .filter_map(|json| Schedule::from_json(json).ok())
        .map(|schedule| to_vcalendar(schedule.spec(), now))
        .collect()
}

/// The window fixtures' `from`, `to` and `limit`, one per line, after a
/// byte that picks the schedule.
fn windows() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut add = |from: &Value, to: &Value, limit: &Value| {
        let text = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        for pick in 0..WINDOW_SPECS {
            let mut input = vec![pick];
            input.extend(format!("{}\n{}\n{}", text(from), text(to), text(limit)).bytes());
            out.push(input);
        }
    };
    let options: Value = serde_json::from_str(WINDOW_OPTIONS).unwrap_or_default();
    for group in ["errors", "reads"] {
        for case in options[group].as_array().into_iter().flatten() {
            let o = &case["options"];
            add(&o["from"], &o["to"], &o["limit"]);
        }
    }
    let notice: Value = serde_json::from_str(NOTICE_WINDOW).unwrap_or_default();
    for case in notice.as_array().into_iter().flatten() {
        add(&case["now"], &case["end"], &Value::Null);
    }
    for (from, to) in [
        ("now", "P7D"),
        ("-P1D", "+7d"),
        ("2026-03-08", "2026-03-09T02:30"),
        ("", "14d"),
    ] {
        add(&Value::from(from), &Value::from(to), &Value::from(5));
    }
    out
}

/// Cron lines after a byte that picks the dialect (`Dialect::ALL`, as
/// `fuzz_targets/cron_line.rs` reads it): the DST cases of every product,
/// and a crontab's schedules read as every dialect.
fn cron_lines() -> Vec<Vec<u8>> {
    let dialects = wallclock::Dialect::ALL;
    let mut out = Vec::new();
    let cases: Value = serde_json::from_str(CRON_DST).unwrap_or_default();
    for case in cases.as_array().into_iter().flatten() {
        let (Some(dialect), Some(line)) = (case["dialect"].as_str(), case["line"].as_str()) else {
            continue;
        };
        if let Some(i) = dialects.iter().position(|d| d.as_str() == dialect) {
            out.push([&[i as u8][..], line.as_bytes()].concat());
        }
    }
    for entry in CRONTAB.lines().map(str::trim) {
        let fields = match entry.chars().next() {
            Some('@') => 1,
            Some(c) if c.is_ascii_digit() || c == '*' => 5,
            _ => continue,
        };
        let line: Vec<&str> = entry.split_whitespace().take(fields).collect();
        for i in 0..dialects.len() {
            out.push([&[i as u8][..], line.join(" ").as_bytes()].concat());
        }
    }
    out
}

fn read_dir_files(dir: &Path) -> Vec<Vec<u8>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    paths.iter().filter_map(|p| fs::read(p).ok()).collect()
}

/// Writes each input as `<out>/<target>/seed-<hash>`; how many were new.
fn write_all<'a>(out: &Path, target: &str, inputs: impl Iterator<Item = &'a [u8]>) -> usize {
    let dir = out.join(target);
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("fuzz_seed: cannot create {}: {e}", dir.display());
        std::process::exit(1);
    }
    let mut new = 0;
    for input in inputs {
        let path = dir.join(format!("seed-{:016x}", fnv1a(input)));
        if !path.exists() {
            if let Err(e) = fs::write(&path, input) {
                eprintln!("fuzz_seed: cannot write {}: {e}", path.display());
                std::process::exit(1);
            }
            new += 1;
        }
    }
    new
}

/// FNV-1a, 64 bits: a stable name for an input.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
