//! The ledger commands print through the one format switch the other
//! commands use (`--format table|json|jsonl|csv`, `--json`, `--pretty`; a
//! table on a terminal, JSON when piped), before or after the subcommand;
//! `stats` keeps its table when piped and adds `prometheus`. Real
//! processes on a real SQLite ledger; the terminal is a real
//! pseudo-terminal (util-linux `script`).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_wallclock");

/// Daily 09:00 UTC from 1 June 2026; `tick` at 09:30 on the 2nd runs two.
const SPEC: &str =
    r#"{"id":"d","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=DAILY;COUNT=5"}"#;
const KEY: &str = "d|2026-06-01T09:00:00";

fn dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("ledger_format")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `wallclock ledger --db ledger.db ARGS` in `dir`, output piped.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(["ledger", "--db", "ledger.db"])
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A ledger with schedule `d`, planned to 16 June, and its first two runs done.
fn ledger(name: &str) -> PathBuf {
    let d = dir(name);
    std::fs::write(d.join("spec.json"), SPEC).unwrap();
    std::fs::write(d.join("new.json"), SPEC.replace("09:00", "10:00")).unwrap();
    stdout(&run(&d, &["init"]));
    stdout(&run(
        &d,
        &[
            "add",
            "--spec",
            "spec.json",
            "--now",
            "2026-05-31T00:00:00Z",
        ],
    ));
    stdout(&run(&d, &["plan", "--now", "2026-06-02T09:30:00Z"]));
    stdout(&run(
        &d,
        &[
            "tick",
            "--now",
            "2026-06-02T09:30:00Z",
            "--worker",
            "w",
            "--exec",
            "true",
        ],
    ));
    d
}

/// Every ledger command that prints results and only reads (or writes
/// the same thing again), with the key of its records in `json` (`None`:
/// one object, `Some("")`: the result is the list).
const READERS: &[(&[&str], Option<&str>)] = &[
    (&["schedules"], Some("")),
    (&["show", "d"], None),
    (&["occurrences"], Some("")),
    (&["occurrences", "--state", "done"], Some("")),
    (&["explain", KEY], None),
    (&["stats"], None),
    (&["epoch"], None),
    (&["plan", "--now", "2026-06-02T09:30:00Z"], None),
    (&["replan", "--now", "2026-06-02T09:30:00Z"], None),
    (&["shadow", "--now", "2026-06-02T09:30:00Z"], None),
    (
        &[
            "update",
            "--spec",
            "new.json",
            "--cutover",
            "2026-06-03T00:00:00Z",
            "--dry-run",
        ],
        None,
    ),
];

#[test]
fn every_ledger_command_takes_every_format() {
    let d = ledger("formats");
    for (args, records) in READERS {
        let with = |extra: &[&str]| {
            let mut all = args.to_vec();
            all.extend_from_slice(extra);
            stdout(&run(&d, &all))
        };
        let json: Value = serde_json::from_str(&with(&["--format", "json"]))
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(with(&["--json"]), with(&["--format", "json"]), "{args:?}");
        // The switch is the ledger's: before the subcommand as after it.
        let mut before = vec!["--format", "json"];
        before.extend_from_slice(args);
        assert_eq!(stdout(&run(&d, &before)), with(&["--json"]), "{args:?}");
        let pretty = with(&["--pretty"]);
        assert!(pretty.lines().count() > 1, "{args:?}: {pretty}");
        let again: Value = serde_json::from_str(&with(&["--json"])).unwrap();
        assert_eq!(serde_json::from_str::<Value>(&pretty).unwrap(), again);

        let expected: Vec<Value> = match records {
            None => vec![json.clone()],
            Some(_) => json.as_array().unwrap().clone(),
        };
        assert!(!expected.is_empty(), "{args:?}: {json}");
        let lines: Vec<Value> = with(&["--format", "jsonl"])
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines, expected, "{args:?}");

        let csv = with(&["--format", "csv"]);
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let header = reader.headers().unwrap().clone();
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert!(!header.is_empty() && !rows.is_empty(), "{args:?}: {csv}");
        assert!(rows.iter().all(|r| r.len() == header.len()), "{args:?}");
        if records.is_some() {
            assert_eq!(rows.len(), expected.len(), "{args:?}: {csv}");
        }

        let table = with(&["--format", "table"]);
        assert!(
            !table.is_empty() && serde_json::from_str::<Value>(&table).is_err(),
            "{args:?}: {table}"
        );
    }
}

/// A single object's CSV is its fields by path: what `--format json`
/// holds, leaf by leaf.
#[test]
fn an_objects_csv_is_its_fields_by_path() {
    let d = ledger("fields");
    let json: Value = serde_json::from_str(&stdout(&run(&d, &["stats", "--json"]))).unwrap();
    let csv = stdout(&run(&d, &["stats", "--format", "csv"]));
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(reader.headers().unwrap(), vec!["FIELD", "VALUE"]);
    let fields: Vec<(String, String)> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_owned(), r[1].to_owned())
        })
        .collect();
    assert!(fields.contains(&("states.done".to_owned(), json["states"]["done"].to_string())));
    assert_eq!(json["states"]["done"], 2);
    for (path, value) in &fields {
        let leaf = path
            .split('.')
            .fold(&json, |v, part| match part.parse::<usize>() {
                Ok(i) if v.is_array() => &v[i],
                _ => &v[part],
            });
        let shown = match leaf {
            Value::String(s) => s.clone(),
            Value::Null => "-".to_owned(),
            v => v.to_string(),
        };
        assert_eq!(&shown, value, "{path}");
    }
}

/// What scripts see when they pipe: JSON on one line, as before the
/// switch, except `stats`, whose table it always printed.
#[test]
fn piped_output_is_what_it_was() {
    let d = ledger("piped");
    for args in [
        &["schedules"][..],
        &["occurrences"],
        &["explain", KEY],
        &["epoch"],
    ] {
        let text = stdout(&run(&d, args));
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
        serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    let stats = stdout(&run(&d, &["stats"]));
    assert!(stats.starts_with("STATE"), "{stats}");
    let prometheus = stdout(&run(&d, &["stats", "--format", "prometheus"]));
    assert!(
        prometheus.contains("wallclock_occurrences{state=\"done\"} 2"),
        "{prometheus}"
    );
    // Writing commands answer JSON too: a trigger, then its tick.
    let t = stdout(&run(&d, &["trigger", "d", "--now", "2026-06-02T10:00:00Z"]));
    let t: Value = serde_json::from_str(&t).unwrap();
    assert_eq!(t["key"], "d|manual|2026-06-02T10:00:00Z", "{t}");
}

#[test]
fn prometheus_is_for_stats_only() {
    let d = ledger("prometheus");
    let out = run(&d, &["schedules", "--format", "prometheus"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let e: Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(e["code"], "invalid_option", "{e}");
    assert_eq!(e["field"], "format", "{e}");
    // Refused before anything is written.
    let out = run(
        &d,
        &[
            "trigger",
            "d",
            "--now",
            "2026-06-02T11:00:00Z",
            "--format",
            "prometheus",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let listed: Value = serde_json::from_str(&stdout(&run(&d, &["occurrences"]))).unwrap();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["status"] != "manual"),
        "{listed}"
    );
}

/// Runs the binary on a pseudo-terminal; returns what the terminal showed.
fn on_terminal(dir: &Path, args: &[&str]) -> (i32, String) {
    let quoted: Vec<String> = [BIN, "ledger", "--db", "ledger.db"]
        .into_iter()
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let out = Command::new("script")
        .current_dir(dir)
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .env("SHELL", "/bin/sh")
        .output()
        .expect("util-linux `script` runs the command on a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn a_terminal_gets_tables() {
    let d = ledger("terminal");
    let (code, shown) = on_terminal(&d, &["explain", KEY]);
    assert_eq!(code, 0, "{shown}");
    assert!(shown.starts_with(&format!("key     {KEY}\n")), "{shown}");
    assert!(shown.contains("effect  recorded at"), "{shown}");
    assert!(
        shown.contains("ATTEMPT") && shown.contains("done"),
        "{shown}"
    );
    let (code, shown) = on_terminal(&d, &["epoch"]);
    assert_eq!(code, 0, "{shown}");
    assert!(shown.starts_with("FIELD"), "{shown}");
    assert!(shown.lines().any(|l| l.starts_with("epoch ")), "{shown}");
    let (_, shown) = on_terminal(&d, &["schedules"]);
    assert!(shown.starts_with("ID"), "{shown}");
    // `--json` keeps JSON on a terminal.
    let (_, shown) = on_terminal(&d, &["schedules", "--json"]);
    serde_json::from_str::<Value>(shown.trim()).expect("JSON on the terminal");
}
