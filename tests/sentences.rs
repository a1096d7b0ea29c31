//! `tests/fixtures/sentences.json`: for every sentence template, one
//! rendered example in English, Simplified and Traditional Chinese, made
//! by a real call (the JS API's names and arguments; Node runs the same
//! file through the package, `tests/node/sentences.test.mjs`).
//!
//! Each example names the template it shows (`code`); the call must render
//! that template, the text at `pick` (a JSON pointer into the result, or
//! into `{ "error": … }` when the call fails) must be the fixture's text in
//! each language, the Chinese must pass the script checks, and every
//! template must be shown by some example. `WALLCLOCK_BLESS=1` rewrites the
//! texts from what the calls return, for review in the diff.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/fixture_text.rs"]
mod fixture_text;
#[path = "common/script.rs"]
mod script;

use std::collections::BTreeSet;

use fixture_text::fixture_text;
use serde_json::{Value, json};
use wallclock::lang::{all_templates, recording};
use wallclock::{Due, Error, ExpandOptions, Lang, OutageOptions, Schedule};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sentences.json");

/// Templates no call reaches, with why.
const UNREACHED: &[&str] = &[
    // A merge into the second run of a repeated time needs a zone whose
    // clocks jump forward within an hour they repeated: none in the tz
    // database (checked over every zone's transitions); `src/lang`'s unit
    // tests render it.
    "note.merged.second",
    // More than four clock changes of one kind within `describe`'s three
    // years, not all in one month on one weekday: no zone has them (checked
    // for every zone from 1917, 1940, 1942, 1945 and 1970);
    // `src/describe.rs`'s unit tests render it.
    "describe.dst.many_dates",
    // Every change of a diff comes from a spec field that differs, and a
    // diff with no differing field has no change to explain.
    "diff.unexplained",
    // serde's words quoted: the fallback for a message outside the kinds
    // `src/spec.rs` words (`GOT_KINDS`, `WANT_KINDS`, `JSON_FAULTS`); no
    // field of a spec and no JSON text makes one today. `src/spec.rs`'s
    // unit tests render it.
    "error.serde",
    // The WebAssembly package refuses an override before it reads it;
    // natively it is read (`input.ical.orphan` and others show it).
    "input.ical.overrides_in_wasm",
    // A file over the 1 MiB a crontab may hold: tests/lang_errors_input.rs
    // writes one and reads the message through the binary.
    "input.cli.too_large",
    // The Python module's limit (16 MiB of JSON): the `python` feature
    // only, which the native tests do not build.
    "input.python.too_large",
    // Ledger errors of a database in a state no fixture sets up: another
    // program's tables, an older or newer schema, a file or folder this
    // user cannot write, a lock held past the busy timeout, a full disk, a
    // build of another epoch, a transaction failing after earlier ones
    // committed, a PostgreSQL server refusing, silent or gone. The fault
    // suites (tests/ledger_faults.rs, tests/ledger_pg_*.rs) reach them in
    // English; tests/lang.rs checks every template's Chinese.
    "input.ledger.other_database",
    "input.ledger.postgres_not_a_ledger",
    "input.ledger.outdated",
    "input.ledger.too_new",
    "input.ledger.read_only",
    "input.ledger.unreadable",
    "input.ledger.report",
    "input.ledger.epoch",
    "input.ledger.locked",
    "input.ledger.disk_full",
    "input.ledger.cannot_open",
    "input.ledger.database",
    "input.ledger.nothing_written",
    "input.ledger.rolled_back",
    "input.ledger.earlier_committed",
    "input.ledger.committed.plan",
    "input.ledger.committed.occurrences",
    "input.ledger.committed.planned",
    "input.ledger.committed.decided",
    "input.ledger.committed.released",
    "input.ledger.committed.claimed",
    "input.ledger.committed.done",
    "input.ledger.committed.retried",
    "input.ledger.committed.dead",
    "input.ledger.committed.fenced",
    "input.ledger.committed.refused",
    "input.ledger.pg.credentials",
    "input.ledger.pg.statement_timeout",
    "input.ledger.pg.locked",
    "input.ledger.pg.no_slot",
    "input.ledger.pg.disk_full",
    "input.ledger.pg.lost",
    "input.ledger.pg.no_database",
    "input.ledger.pg.other",
    "input.ledger.pg.no_answer",
    "input.ledger.pg.silent",
    // How a worker's command failed where no one-shot command line gets
    // it: a worker told to stop while its command outlives the grace
    // (tests/ledger_daemon.rs sends the signal and checks the `shutdown`
    // class), `sh` that cannot be started, a child that cannot be waited
    // for. tests/ledger_reasons.rs shows the others of their table through
    // the binary; tests/lang.rs checks every template's Chinese.
    "ledger.run.stopped",
    "ledger.run.spawn",
    "ledger.run.wait",
    // Each run of fold `both` counts toward COUNT (docs/spec.md §2), so a rule
    // alone never runs more often than its COUNT: no input reaches it.
    "describe.count.twice",
    // The command line's flags and due-list files, and Python's window
    // bounds: tests/cli_lang.rs renders the command line's in Chinese.
    "error.invalid_date_time.flag",
    "error.invalid_option.other_forms",
    "error.invalid_option.or_datetime",
    "error.invalid_duration.short",
    "error.invalid_duration.beyond",
    "error.invalid_option.due_list",
    "error.invalid_option.due_at",
    // `now` where the Rust API reads no clock (`ExpandOptions::parse`); JS
    // reads no `now` at all: tests/lang.rs renders it.
    "error.invalid_option.no_clock",
    // More than 100 000 entries a clock change affects in one window: the
    // 5 000 000-step ceiling ends every rule found before it.
    "error.limit_exceeded.notices",
    // Options that are no object: the Node test's calls always pass one.
    "error.invalid_option.not_an_object",
    // A start with no instant: `Schedule::new` refuses it first
    // (`error.invalid_start.past_end`).
    "error.invalid_start.no_instant",
    // A bug in wallclock.
    "error.internal",
    // Writing to a full disk: tests/lang_errors_input.rs sends the
    // binary's stdout to `/dev/full` and reads the message.
    "input.cli.stdout",
    // A reader that is gone ends a listing quietly (status 0): the error
    // stops the listing and is never printed.
    "input.cli.stdout_closed",
    // SIGTERM and SIGINT can always be watched (only SIGKILL, SIGSTOP and
    // the like are refused), and a socket just bound can always be made
    // non-blocking.
    "input.cli.signals",
    "input.ledger.metrics_poll",
    // An outcome a worker cannot record however often it retries: the
    // database gone while a command runs. The fault suites
    // (tests/ledger_faults.rs, tests/ledger_resilience.rs,
    // tests/ledger_pg_resilience.rs) reach it in English.
    "input.ledger.unrecorded",
    "input.ledger.outcome.done",
    "input.ledger.outcome.failed",
    // A migration from a ledger the library opened on PostgreSQL (the
    // command line opens `--from` as a file), into a database that is not
    // empty, or of a copy that does not hold together (tests/ledger_integrity.rs
    // refuses both in every language); a PostgreSQL column
    // that does not read; a client runtime that does not start: each needs
    // a PostgreSQL server or a fault no fixture sets up.
    "input.ledger.migrate.from",
    "input.ledger.migrate.not_empty",
    "input.ledger.migrate.inconsistent",
    "input.ledger.fault.generation",
    "input.ledger.fault.effect",
    "input.ledger.fault.attempts",
    "input.ledger.fault.running",
    "input.ledger.fault.revision",
    "input.ledger.pg.stored_value",
    "input.ledger.pg.runtime",
    // A SQLite column holding a value of the wrong type: the ledger's
    // tables are STRICT, so SQLite refuses to store one.
    "input.ledger.stored_value",
];

fn schedule(spec: &Value) -> Result<Schedule, Error> {
    Schedule::from_json(&spec.to_string())
}

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

fn window(schedule: &Schedule, v: &Value, limit: bool) -> Result<ExpandOptions, Error> {
    let limit = if limit {
        v.get("limit").and_then(Value::as_u64)
    } else {
        None
    };
    ExpandOptions::parse(schedule, limit, text(v, "from"), text(v, "to"))
}

/// The call as the JS API makes it, its result (or `{ "error": … }`) as
/// JSON in the language spoken.
fn call(name: &str, args: &[Value]) -> Value {
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::Null);
    let run = || -> Result<Value, Error> {
        Ok(match name {
            "expand" => {
                let s = schedule(&arg(0))?;
                json!(wallclock::expand(&s, &window(&s, &arg(1), true)?)?)
            }
            "notices" => {
                let s = schedule(&arg(0))?;
                let w = window(&s, &arg(1), false)?;
                json!(wallclock::notices(
                    &s,
                    w.get_from().expect("from"),
                    w.get_to().expect("to")
                )?)
            }
            "validate" => json!(wallclock::validate(&schedule(&arg(0))?)),
            // A spec as JSON text (the command line's `--spec`), for what
            // only text can get wrong.
            "specText" => json!(wallclock::validate(&Schedule::from_json(
                arg(0).as_str().unwrap_or_default()
            )?)),
            "describe" => {
                let s = schedule(&arg(0))?;
                match arg(1).as_str() {
                    Some(now) => json!(wallclock::describe_from(&s, s.instant_at(now, "now")?)),
                    None => json!(wallclock::describe(&s)),
                }
            }
            "decideMisfires" => {
                let s = schedule(&arg(0))?;
                let mut due = Vec::new();
                for (i, d) in arg(1).as_array().into_iter().flatten().enumerate() {
                    let instant = text(d, "instant").unwrap_or_default();
                    due.push(Due {
                        key: text(d, "key").unwrap_or_default().to_owned(),
                        instant: s.instant_at(instant, &format!("due[{i}].instant"))?,
                    });
                }
                let now = s.instant_at(arg(2).as_str().unwrap_or_default(), "now")?;
                let warnings = wallclock::check_due(&s, &due, now)?;
                json!({
                    "decisions": wallclock::decide_misfires(&s, &due, now),
                    "warnings": warnings,
                })
            }
            "diff" => {
                let (old, new) = (schedule(&arg(0))?, schedule(&arg(1))?);
                json!(wallclock::diff(&old, &new, &window(&old, &arg(2), false)?)?)
            }
            "simulateOutage" => {
                let s = schedule(&arg(0))?;
                let o = arg(1);
                let at = |k: &str| s.instant_at(text(&o, k).unwrap_or_default(), k);
                let mut options = OutageOptions::new(at("down")?, at("back")?);
                if let Some(n) = o.get("decide").and_then(Value::as_u64) {
                    options = options.decide(n as usize);
                }
                json!(wallclock::simulate_outage(&s, &options)?)
            }
            // The warning a `lang` the package does not write gets.
            "readLang" => {
                let tag = arg(0);
                json!({ "warning": Lang::read(tag.as_str().unwrap_or_default()).1 })
            }
            "parseICal" => json!(wallclock::parse_ical(arg(0).as_str().unwrap_or_default())?),
            // Every event of a calendar (or the one `uid` names) and the
            // warnings of each (native only: the package reads one event,
            // with no zone to assume).
            "parseICalEvents" => {
                let mut options = wallclock::IcalOptions::new();
                if let Some(zone) = text(&arg(1), "timeZone") {
                    options = options.time_zone(zone);
                }
                if let Some(uid) = text(&arg(1), "uid") {
                    options = options.uid(uid);
                }
                let import =
                    wallclock::parse_ical_events(arg(0).as_str().unwrap_or_default(), &options)?;
                let events: Vec<Value> = import
                    .events()
                    .iter()
                    .map(|e| json!({ "uid": e.uid(), "warnings": e.warnings() }))
                    .collect();
                json!({ "events": events, "refused": import.refused() })
            }
            // The cron import (native only: `wallclock from-cron`), with the
            // options as the command line's flags name them.
            "fromCron" => {
                let o = arg(1);
                let dialect = text(&o, "dialect").unwrap_or_default().parse()?;
                let mut options = wallclock::CronOptions::new(dialect);
                if let Some(zone) = text(&o, "timeZone") {
                    options = options.time_zone(zone);
                }
                if let Some(start) = text(&o, "start") {
                    options = options.start(start);
                }
                let line = arg(0);
                json!(wallclock::from_cron(
                    line.as_str().unwrap_or_default(),
                    &options,
                    jiff::Timestamp::UNIX_EPOCH
                )?)
            }
            other => panic!("unknown call `{other}`"),
        })
    };
    run().unwrap_or_else(|e| json!({ "error": e }))
}

fn pick<'a>(value: &'a Value, pointer: &str) -> Option<&'a str> {
    value.pointer(pointer).and_then(Value::as_str)
}

#[test]
fn every_template_has_an_example_in_every_language() {
    let mut fixture: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    let bless = std::env::var_os("WALLCLOCK_BLESS").is_some();
    let mut bad = Vec::new();
    let mut shown = BTreeSet::new();
    for example in &mut fixture {
        let code = text(example, "code").expect("code").to_owned();
        let name = text(example, "call").expect("call").to_owned();
        let args = example["args"].as_array().cloned().unwrap_or_default();
        let pointer = text(example, "pick").expect("pick").to_owned();
        let exempt = script::exempt(example);
        let exempt: Vec<&str> = exempt.iter().map(String::as_str).collect();
        if name.starts_with("ledger") || name.starts_with("cli") {
            // The ledger's words need a ledger, the command line's own
            // warnings its commands: tests/ledger_lang.rs,
            // tests/ledger_reasons.rs and tests/cli_lang.rs check these
            // examples through the binary.
            shown.insert(code);
            continue;
        }
        if example["native"] == Value::Bool(false) {
            // The JS package's own errors (its arguments' types): the Node
            // test checks these examples through the package, and the
            // Chinese is checked here.
            for lang in [Lang::ZhCn, Lang::ZhTw] {
                let got = text(example, lang.as_str()).unwrap_or_default();
                if let Err(why) = script::check_rendered(lang, got, &exempt) {
                    bad.push(format!("{code} ({lang}): {why}: {got}"));
                }
            }
            shown.insert(code);
            continue;
        }
        for lang in Lang::ALL {
            let (value, codes) = recording(|| {
                let _speaking = lang.speak();
                call(&name, &args)
            });
            let Some(got) = pick(&value, &pointer).map(str::to_owned) else {
                bad.push(format!("{code} ({lang}): nothing at {pointer} in {value}"));
                continue;
            };
            if !codes.contains(code.as_str()) {
                bad.push(format!(
                    "{code} ({lang}): the call renders {codes:?}, not {code}"
                ));
            }
            if lang != Lang::En
                && let Err(why) = script::check_rendered(lang, &got, &exempt)
            {
                bad.push(format!("{code} ({lang}): {why}: {got}"));
            }
            if bless {
                example[lang.as_str()] = Value::String(got);
            } else if text(example, lang.as_str()) != Some(got.as_str()) {
                bad.push(format!(
                    "{code} ({lang}):\n  fixture: {}\n  call:    {got}",
                    text(example, lang.as_str()).unwrap_or("(none)")
                ));
            }
        }
        shown.insert(code);
    }
    if bless {
        std::fs::write(FIXTURE, fixture_text(&fixture)).unwrap();
    }
    for (code, _) in all_templates() {
        if !UNREACHED.contains(&code) && !shown.contains(code) {
            bad.push(format!("{code}: no example"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
