//! The ledger's record stays whole when operators act on it: real
//! `wallclock ledger` processes on the store under test (SQLite files, or
//! PostgreSQL databases with `WALLCLOCK_TEST_STORE=postgres`).
//!
//! - `migrate` copies one consistent snapshot of a SQLite ledger that a
//!   `run` daemon is writing, and refuses a source that is not consistent
//!   (tests named `sqlite_*`: the source is a SQLite file, the target the
//!   PostgreSQL server of `WALLCLOCK_PG_URL`).
//! - A cutover may not reach back over what ran or was decided, also once
//!   `prune` deleted those rows (a per-schedule high-water mark), and a
//!   ledger of the schema before the mark upgrades with it.
//! - A manual trigger is not a slot of the rule: `update`, `disable` and
//!   `enable` leave it to run once.
//! - A listing that fails prints nothing on stdout, in every format.
//! - Ids with bidirectional controls are refused wherever an id is read.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/script.rs"]
mod script;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;

use common::{BIN, dump, err, exec, ledger, ok};

fn dir(name: &str) -> PathBuf {
    common::dir("ledger_integrity", name)
}

/// The handler that does not deduplicate: every run appends its key.
const LOG: &str = r#"echo "$WALLCLOCK_KEY" >> effects.log"#;

/// The keys `LOG` appended in `d`, in order.
fn effects(d: &Path) -> Vec<String> {
    std::fs::read_to_string(d.join("effects.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// `tick --now NOW --worker w --exec LOG`, which must succeed.
fn tick(d: &Path, now: &str) -> Value {
    ok(&ledger(
        d,
        &["tick", "--now", now, "--worker", "w", "--exec", LOG],
    ))
}

fn write(d: &Path, name: &str, text: &str) {
    std::fs::write(d.join(name), text).unwrap();
}

// ---------------------------------------------------------------------------
// migrate under a live writer

/// A database on the test server for a copy, fresh and empty; its URL.
fn fresh_target(d: &Path, suffix: &str) -> String {
    let name = format!("{}_{suffix}", common::pg_db_name(d));
    common::fresh_pg_db(&name);
    common::pg_db_url(&name)
}

/// `wallclock ledger migrate --from FILE --to URL`.
fn migrate(d: &Path, from: &Path, to: &str) -> Output {
    migrate_in(d, from, to, "en")
}

/// [`migrate`] with `--lang LANG`.
fn migrate_in(d: &Path, from: &Path, to: &str, lang: &str) -> Output {
    Command::new(BIN)
        .current_dir(d)
        .args(["ledger", "migrate", "--from"])
        .arg(from)
        .args(["--to", to, "--lang", lang])
        .output()
        .unwrap()
}

/// The integer a one-row, one-column query on ledger `db` returns.
fn int_db(db: &str, sql: &str) -> i64 {
    let rows = common::rows_db(db, sql);
    assert_eq!(rows.len(), 1, "{sql}: {rows:?}");
    rows[0][0].int()
}

/// What a consistent ledger never holds, each as a count that must be 0:
/// the faults a copy made table by table while a worker wrote showed.
const INCONSISTENT: &[(&str, &str)] = &[
    (
        "attempts whose generation is above their occurrence's",
        "SELECT count(*) FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
          WHERE a.generation > o.generation",
    ),
    (
        "effects of occurrences that are not done",
        "SELECT count(*) FROM effects e JOIN occurrences o ON o.seq = e.occurrence
          WHERE o.state <> 'done'",
    ),
    (
        "occurrences whose attempt count is not their attempts'",
        "SELECT count(*) FROM occurrences o
          WHERE o.attempts <> (SELECT count(*) FROM attempts a WHERE a.occurrence = o.seq)",
    ),
    (
        "running occurrences without an attempt of their generation",
        "SELECT count(*) FROM occurrences o WHERE o.state = 'running'
            AND NOT EXISTS (SELECT 1 FROM attempts a
                             WHERE a.occurrence = o.seq AND a.generation = o.generation)",
    ),
];

fn assert_consistent(db: &str, what: &str) {
    for (fault, sql) in INCONSISTENT {
        assert_eq!(int_db(db, sql), 0, "{what}: {fault}");
    }
}

/// A `run` daemon on `db` in its own process group, its stderr in
/// `run.err`: `true` as the command, ticking every 50 ms.
fn spawn_run(d: &Path, db: &Path) -> Child {
    use std::os::unix::process::CommandExt;
    let errors = std::fs::File::create(d.join("run.err")).unwrap();
    Command::new(BIN)
        .current_dir(d)
        .args(["ledger", "--db"])
        .arg(db)
        .args(["run", "--worker", "daemon", "--every", "PT0.05S"])
        .args(["--horizon", "PT1H", "--lease", "PT1M", "--exec", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::from(errors))
        .process_group(0)
        .spawn()
        .unwrap()
}

/// Kills the daemon's process group when the test fails before stopping it.
struct Daemon(Option<Child>);

impl Daemon {
    /// SIGTERM, then its exit status within a minute.
    fn stop(&mut self) -> std::process::ExitStatus {
        let mut child = self.0.take().unwrap();
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        let t = Instant::now();
        loop {
            if let Some(s) = child.try_wait().unwrap() {
                return s;
            }
            assert!(t.elapsed() < Duration::from_secs(60), "run ignored SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Some(child) = &self.0 {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
        }
    }
}

/// A nominal UTC date-time `ago` before the wall clock, to the second.
fn ago(ago: SignedDuration) -> String {
    Timestamp::now()
        .checked_sub(ago)
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// `migrate` while a `run` daemon claims and finishes occurrences of the
/// SQLite source: each copy is the ledger at one instant — no attempt
/// above its occurrence's generation, no effect of an occurrence that is
/// not done, attempt counters that match the attempts — and a tick on the
/// copy runs what was still due there (a copy made table by table fails
/// that tick on `attempts_pkey`).
#[test]
fn sqlite_migrate_under_a_live_run_copies_one_consistent_snapshot() {
    let d = dir("sqlite_migrate_live");
    let source = common::db_file(&d);
    let src = source.display().to_string();
    let start = ago(SignedDuration::from_mins(20));
    write(
        &d,
        "s.json",
        &format!(r#"{{"id":"s","timeZone":"UTC","start":"{start}","rrule":"FREQ=SECONDLY"}}"#),
    );
    let lite = |args: &[&str]| {
        Command::new(BIN)
            .current_dir(&d)
            .args(["ledger", "--db", &src])
            .args(args)
            .output()
            .unwrap()
    };
    ok(&lite(&["init"]));
    ok(&lite(&[
        "add",
        "--spec",
        "s.json",
        "--backfill-from",
        &format!("{start}Z"),
    ]));
    let mut daemon = Daemon(Some(spawn_run(&d, &source)));
    let done = "SELECT count(*) FROM occurrences WHERE state = 'done'";
    let t = Instant::now();
    while int_db(&src, done) < 30 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the daemon ran nothing: {}",
            std::fs::read_to_string(d.join("run.err")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    for copy in 0..2 {
        let target = fresh_target(&d, &format!("copy{copy}"));
        let before = int_db(&src, done);
        let report = ok(&migrate(&d, &source, &target));
        // The daemon went on writing while the copy was read.
        assert!(
            int_db(&src, done) > before,
            "copy {copy}: the daemon stood still"
        );
        assert_consistent(&target, &format!("copy {copy}"));
        let rows = |table: &str| report["rows"][table].as_i64().unwrap();
        for table in ["occurrences", "attempts", "effects"] {
            assert_eq!(
                rows(table),
                int_db(&target, &format!("SELECT count(*) FROM {table}")),
                "copy {copy}: {table}"
            );
        }
        // What was due at the copy's frontier runs there, once each.
        let frontier = common::rows_db(
            &target,
            "SELECT max(at) FROM occurrences WHERE state <> 'planned'",
        )[0][0]
            .text()
            .unwrap();
        let now =
            (frontier.parse::<Timestamp>().unwrap() + SignedDuration::from_secs(5)).to_string();
        let out = Command::new(BIN)
            .current_dir(&d)
            .args(["ledger", "--db", &target, "tick", "--now", &now])
            .args(["--worker", "copy", "--exec", "true"])
            .output()
            .unwrap();
        let ticked = ok(&out);
        assert!(
            ticked["done"].as_u64().unwrap() >= 1,
            "copy {copy}: {ticked}"
        );
        assert_consistent(&target, &format!("copy {copy} after a tick"));
    }
    let status = daemon.stop();
    assert!(
        status.success(),
        "{status}: {}",
        std::fs::read_to_string(d.join("run.err")).unwrap_or_default()
    );
}

/// A source that breaks the ledger's invariants (written behind its back)
/// is refused with `database_corrupt`, naming the fault, and the target
/// stays empty: `migrate` checks the copy before it commits.
#[test]
fn sqlite_migrate_refuses_an_inconsistent_source_and_copies_nothing() {
    let faults = [
        (
            "an attempt above its occurrence's generation",
            "UPDATE occurrences SET generation = 0
              WHERE seq = (SELECT min(occurrence) FROM attempts)",
            "generation",
        ),
        (
            "an effect of an occurrence that is not done",
            "UPDATE occurrences SET state = 'planned', decision = NULL
              WHERE seq = (SELECT min(occurrence) FROM effects)",
            "effect",
        ),
    ];
    for (i, (what, sql, words)) in faults.into_iter().enumerate() {
        let d = dir(&format!("sqlite_migrate_inconsistent_{i}"));
        let source = common::db_file(&d);
        let src = source.display().to_string();
        let lite = |args: &[&str]| {
            Command::new(BIN)
                .current_dir(&d)
                .args(["ledger", "--db", &src])
                .args(args)
                .output()
                .unwrap()
        };
        write(
            &d,
            "s.json",
            r#"{"id":"s","timeZone":"UTC","start":"2026-06-01T00:00","rrule":"FREQ=MINUTELY"}"#,
        );
        ok(&lite(&["init"]));
        ok(&lite(&[
            "add",
            "--spec",
            "s.json",
            "--backfill-from",
            "2026-06-01T00:00:00Z",
        ]));
        ok(&lite(&[
            "plan",
            "--now",
            "2026-06-01T00:00:00Z",
            "--horizon",
            "PT1H",
        ]));
        ok(&lite(&[
            "tick",
            "--now",
            "2026-06-01T00:03:00Z",
            "--exec",
            "true",
        ]));
        let c = rusqlite::Connection::open(&source).unwrap();
        c.execute_batch(sql).unwrap();
        drop(c);
        let target = fresh_target(&d, "copy");
        let e = err(&migrate(&d, &source, &target));
        assert_eq!(e["code"], "database_corrupt", "{what}: {e}");
        assert_eq!(e["field"], "from", "{what}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(words), "{what}: {message}");
        assert!(
            message.contains("s|2026-06-01T00:00:00"),
            "{what}: {message}"
        );
        assert_eq!(common::tables_db(&target), Vec::<String>::new(), "{what}");
        // The same refusal in Chinese: the same code and field, the fault
        // said in the language, the key as it is.
        for lang in [wallclock::Lang::ZhCn, wallclock::Lang::ZhTw] {
            let zh = err(&migrate_in(&d, &source, &target, lang.as_str()));
            assert_eq!((&zh["code"], &zh["field"]), (&e["code"], &e["field"]));
            let text = zh["message"].as_str().unwrap();
            assert!(text.contains("s|2026-06-01T00:00:00"), "{what}: {text}");
            assert!(!text.contains(words), "{what}: English quoted: {text}");
            if let Err(why) = script::check_rendered(lang, text, &[]) {
                panic!("{what} ({lang}): {why}: {text}");
            }
        }
        assert_eq!(common::tables_db(&target), Vec::<String>::new(), "{what}");
    }
}

/// A target that holds another application's table is refused, naming
/// the table, in every language, and keeps only that table.
#[test]
fn sqlite_migrate_refuses_a_target_that_is_not_empty_in_every_language() {
    let d = dir("sqlite_migrate_not_empty");
    let source = common::db_file(&d);
    let init = Command::new(BIN)
        .current_dir(&d)
        .args(["ledger", "--db"])
        .arg(&source)
        .arg("init")
        .output()
        .unwrap();
    ok(&init);
    let target = fresh_target(&d, "taken");
    postgres::Client::connect(&target, postgres::NoTls)
        .unwrap()
        .batch_execute("CREATE TABLE crm_contacts (id int)")
        .unwrap();
    let en = err(&migrate(&d, &source, &target));
    assert_eq!(
        (&en["code"], &en["field"]),
        (&"not_a_ledger".into(), &"to".into())
    );
    let message = en["message"].as_str().unwrap();
    assert!(message.contains("(it holds `crm_contacts`)"), "{message}");
    for lang in [wallclock::Lang::ZhCn, wallclock::Lang::ZhTw] {
        let zh = err(&migrate_in(&d, &source, &target, lang.as_str()));
        assert_eq!((&zh["code"], &zh["field"]), (&en["code"], &en["field"]));
        let text = zh["message"].as_str().unwrap();
        assert!(text.contains("`crm_contacts`"), "{lang}: {text}");
        assert!(!text.contains("empty database"), "{lang}: English: {text}");
        if let Err(why) = script::check_rendered(lang, text, &[]) {
            panic!("{lang}: {why}: {text}");
        }
    }
    assert_eq!(common::tables_db(&target), ["crm_contacts"]);
}

// ---------------------------------------------------------------------------
// prune, then a cutover

const NIGHTLY: &str = r#"{"id":"nightly","timeZone":"America/New_York","start":"2026-03-01T02:30","rrule":"FREQ=DAILY"}"#;
const NIGHTLY_0330: &str = r#"{"id":"nightly","timeZone":"America/New_York","start":"2026-03-01T03:30","rrule":"FREQ=DAILY"}"#;

fn nightly(day: u8) -> String {
    format!("nightly|2026-03-{day:02}T02:30:00")
}

/// Daily 02:30 New York: 1–5 March done, 6 and 7 planned, 8 March (no
/// 02:30: clocks jump from 02:00 to 03:00) `gap_skipped`, a terminal row
/// ahead of the done ones.
fn nightly_ran_1_to_5_march(d: &Path) {
    common::setup(d, NIGHTLY);
    write(d, "n2.json", NIGHTLY_0330);
    ok(&ledger(
        d,
        &["plan", "--now", "2026-03-01T00:00:00Z", "--horizon", "P8D"],
    ));
    tick(d, "2026-03-05T12:00:00Z");
    assert_eq!(effects(d), (1..=5).map(nightly).collect::<Vec<_>>());
    let gap = common::texts(
        d,
        "SELECT state FROM occurrences WHERE nominal = '2026-03-08T02:30:00'",
    );
    assert_eq!(gap, [Some("gap_skipped".to_owned())]);
}

/// The prune that deletes every done row: the newest terminal row is the
/// future gap, so nothing before the bound is kept.
fn prune_before_6_march(d: &Path) {
    let pruned = ok(&ledger(d, &["prune", "--before", "2026-03-06T00:00:00Z"]));
    assert_eq!(pruned["occurrences"]["done"], 5, "{pruned}");
}

/// An update reaching back to 2 March is refused and changes nothing;
/// `newest` is the instant the error names as reached.
fn cutover_on_2_march_is_refused(d: &Path, newest: &str, earliest: &str) {
    let before = dump(d);
    for dry in [true, false] {
        let mut args = vec![
            "update",
            "--spec",
            "n2.json",
            "--cutover",
            "2026-03-02T00:00:00Z",
        ];
        if dry {
            args.push("--dry-run");
        }
        let e = err(&ledger(d, &args));
        assert_eq!(e["code"], "invalid_cutover", "{e}");
        assert_eq!(e["field"], "cutover", "{e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.contains(newest), "{message}");
        assert!(
            message.contains(&format!("from `{earliest}` on")),
            "{message}"
        );
    }
    assert_eq!(dump(d), before);
}

/// After the refusal the schedule goes on as before: 6 and 7 March run,
/// and no day runs twice.
fn only_6_and_7_march_run_next(d: &Path) {
    tick(d, "2026-03-07T12:00:00Z");
    let mut days: Vec<String> = (1..=5).map(nightly).collect();
    days.push(nightly(6));
    days.push(nightly(7));
    assert_eq!(effects(d), days);
}

/// The issue's scenario: prune deletes all five done rows, then a cutover
/// on 2 March would plan 2–5 March again at 03:30, which the high-water
/// mark of what ran refuses, naming 5 March's run.
#[test]
fn a_cutover_after_prune_does_not_reach_back_over_what_ran() {
    let d = dir("prune_then_cutover");
    nightly_ran_1_to_5_march(&d);
    prune_before_6_march(&d);
    cutover_on_2_march_is_refused(&d, "2026-03-05T07:30:00Z", "2026-03-05T07:30:01Z");
    only_6_and_7_march_run_next(&d);
    // A cutover after what ran is a plain update: 8 March on runs at 03:30.
    let r = ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "n2.json",
            "--cutover",
            "2026-03-07T12:00:00Z",
        ],
    ));
    assert_eq!(r["revision"], 2, "{r}");
    tick(&d, "2026-03-09T12:00:00Z");
    let tail: Vec<String> = effects(&d).split_off(7);
    assert_eq!(
        tail,
        ["nightly|2026-03-08T03:30:00", "nightly|2026-03-09T03:30:00"]
    );
}

/// The same with `disable`, `prune`, `enable`, `update`: the disable
/// cancels what was pending, prune deletes the done rows, enable plans
/// again from now, and the cutover still may not reach back.
#[test]
fn disable_prune_enable_then_a_cutover_does_not_reach_back() {
    let d = dir("disable_prune_enable_cutover");
    nightly_ran_1_to_5_march(&d);
    ok(&ledger(&d, &["disable", "nightly"]));
    prune_before_6_march(&d);
    ok(&ledger(
        &d,
        &["enable", "nightly", "--now", "2026-03-05T12:00:00Z"],
    ));
    cutover_on_2_march_is_refused(&d, "2026-03-05T07:30:00Z", "2026-03-05T07:30:01Z");
    only_6_and_7_march_run_next(&d);
}

/// The schema before the high-water mark (SQLite 8, PostgreSQL 4), as a
/// build of that schema leaves the scenario after its prune: the upgrade
/// takes the mark from what the rows still say and, for rows already
/// pruned, from when their effects were recorded (never before their
/// instant), so the cutover is refused there too.
#[test]
fn a_ledger_pruned_before_the_high_water_mark_upgrades_with_one() {
    let d = dir("high_water_upgrade");
    nightly_ran_1_to_5_march(&d);
    prune_before_6_march(&d);
    let (old, set_version) = if common::on_postgres() {
        (4, "UPDATE meta SET value = '4' WHERE key = 'schema'")
    } else {
        (8, "PRAGMA user_version = 8")
    };
    exec(
        &d,
        &format!("ALTER TABLE schedules DROP COLUMN high_water; {set_version}"),
    );
    let migrations = if common::on_postgres() {
        wallclock::ledger::PG_MIGRATIONS
    } else {
        wallclock::ledger::MIGRATIONS
    };
    let latest = migrations.len();
    // The next migration is the one that adds the mark.
    assert!(migrations[old].contains("ADD COLUMN high_water"));
    // The effects were recorded by the tick at 12:00Z on 5 March.
    cutover_on_2_march_is_refused(&d, "2026-03-05T12:00:00Z", "2026-03-05T12:00:01Z");
    let init = ok(&ledger(&d, &["init"]));
    assert_eq!(init["schemaVersion"], latest, "{init}");
    only_6_and_7_march_run_next(&d);
}

// ---------------------------------------------------------------------------
// manual triggers and schedule changes

const GATE: &str = r#"{"id":"g","timeZone":"UTC","start":"2026-10-20T10:00","rrule":"FREQ=DAILY"}"#;
const GATE_1030: &str =
    r#"{"id":"g","timeZone":"UTC","start":"2026-10-20T10:30","rrule":"FREQ=DAILY"}"#;
const MANUAL: &str = "g|manual|2026-10-20T08:00:00Z";

fn gate(name: &str) -> PathBuf {
    let d = dir(name);
    common::setup(&d, GATE);
    write(&d, "g2.json", GATE_1030);
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-10-20T00:00:00Z", "--horizon", "P3D"],
    ));
    d
}

fn state_of(d: &Path, key: &str) -> Vec<String> {
    let e = ok(&ledger(d, &["explain", key]));
    e["occurrences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["state"].as_str().unwrap().to_owned())
        .collect()
}

/// A trigger at 08:00Z, then an update with a cutover at 07:00Z: the
/// manual run is not a slot of the old rule, so the update leaves it
/// pending (its dry run counts it among what stays) and it runs once;
/// the calendar's pending days go to the new revision.
#[test]
fn a_manual_trigger_survives_an_update() {
    let d = gate("trigger_survives_update");
    let t = ok(&ledger(
        &d,
        &["trigger", "g", "--now", "2026-10-20T08:00:00Z"],
    ));
    assert_eq!(t["key"], MANUAL);
    let preview = ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "g2.json",
            "--cutover",
            "2026-10-20T07:00:00Z",
            "--dry-run",
        ],
    ));
    assert_eq!(preview["cancelled"], 3, "{preview}");
    assert_eq!(preview["untouched"]["planned"], 1, "{preview}");
    ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "g2.json",
            "--cutover",
            "2026-10-20T07:00:00Z",
        ],
    ));
    assert_eq!(state_of(&d, MANUAL), ["planned"]);
    tick(&d, "2026-10-20T08:00:05Z");
    assert_eq!(effects(&d), [MANUAL]);
    assert_eq!(state_of(&d, MANUAL), ["done"]);
    tick(&d, "2026-10-20T11:00:00Z");
    assert_eq!(effects(&d), [MANUAL, "g|2026-10-20T10:30:00"]);
}

/// A manual run that already happened does not hold a cutover back: it
/// took no calendar slot, and its key is its own.
#[test]
fn a_manual_run_does_not_hold_back_a_cutover() {
    let d = gate("manual_run_and_cutover");
    ok(&ledger(
        &d,
        &["trigger", "g", "--now", "2026-10-20T08:00:00Z"],
    ));
    tick(&d, "2026-10-20T08:00:05Z");
    assert_eq!(effects(&d), [MANUAL]);
    ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "g2.json",
            "--cutover",
            "2026-10-20T07:00:00Z",
        ],
    ));
    tick(&d, "2026-10-20T11:00:00Z");
    assert_eq!(effects(&d), [MANUAL, "g|2026-10-20T10:30:00"]);
}

/// A trigger at the very instant of a calendar occurrence, then `disable`
/// and `enable` before that instant: both come back (the manual one takes
/// no slot, so it neither keeps the calendar's from coming back nor
/// collides with it), and each runs once when due. A tick 20 minutes late
/// under `misfire: skip` skips the calendar's; the run asked for by hand
/// still runs, as it would have without the disable.
#[test]
fn disable_and_enable_bring_back_a_trigger_beside_its_calendar_twin() {
    let at = "2026-10-20T10:00:00Z";
    let manual = format!("g|manual|{at}");
    let calendar = "g|2026-10-20T10:00:00";
    for late in [false, true] {
        let d = dir(&format!("trigger_disable_enable_{late}"));
        common::setup(
            &d,
            &GATE.replace(r#""rrule""#, r#""misfire":"skip","rrule""#),
        );
        ok(&ledger(
            &d,
            &["plan", "--now", "2026-10-20T00:00:00Z", "--horizon", "P1D"],
        ));
        ok(&ledger(&d, &["trigger", "g", "--now", at]));
        ok(&ledger(&d, &["disable", "g"]));
        ok(&ledger(
            &d,
            &["enable", "g", "--now", "2026-10-20T09:00:00Z"],
        ));
        assert_eq!(state_of(&d, calendar), ["planned"]);
        assert_eq!(state_of(&d, &manual), ["planned"]);
        match late {
            false => {
                tick(&d, "2026-10-20T10:00:05Z");
                let mut ran = effects(&d);
                ran.sort();
                assert_eq!(ran, [calendar.to_owned(), manual.clone()]);
            }
            true => {
                tick(&d, "2026-10-20T10:20:00Z");
                assert_eq!(effects(&d), std::slice::from_ref(&manual));
                assert_eq!(state_of(&d, calendar), ["skipped"]);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// listings that fail

/// Every listing command and format on an error: exit status 2, the JSON
/// error on stderr, and nothing at all on stdout — not the start of a
/// document. Piped, so the default format is JSON too.
#[test]
fn a_failed_listing_prints_nothing_on_stdout() {
    let d = gate("failed_listings");
    let missing = if common::on_postgres() {
        common::pg_db_url("wc_ledger_integrity_no_such_database")
    } else {
        d.join("no-such.db").display().to_string()
    };
    // Each failing listing: its arguments, whether it names the missing
    // ledger instead of the test's own, and the error's code.
    let failing: [(&[&str], bool, &str); 10] = [
        (
            &["occurrences", "--schedule", "no-such"],
            false,
            "unknown_schedule",
        ),
        (
            &["occurrences", "--state", "finished"],
            false,
            "invalid_option",
        ),
        (
            &["occurrences", "--since", "monday"],
            false,
            "invalid_date_time",
        ),
        (&["occurrences"], true, "ledger_not_found"),
        (&["schedules"], true, "ledger_not_found"),
        (&["show", "no-such"], false, "unknown_schedule"),
        (&["show", "g"], true, "ledger_not_found"),
        (&["explain", "g|1999-01-01T00:00:00"], false, "unknown_key"),
        (
            &["explain", "g|2026-10-20T10:00:00"],
            true,
            "ledger_not_found",
        ),
        (&["stats"], true, "ledger_not_found"),
    ];
    // Piped, the default is JSON.
    let formats: [&[&str]; 5] = [
        &[],
        &["--format", "table"],
        &["--pretty"],
        &["--format", "jsonl"],
        &["--format", "csv"],
    ];
    for (args, on_missing, code) in failing {
        let mut all: Vec<&[&str]> = formats.to_vec();
        if args[0] == "stats" {
            all.push(&["--format", "prometheus"]);
        }
        for format in all {
            let mut c = match on_missing {
                true => {
                    let mut c = Command::new(BIN);
                    c.current_dir(&d).args(["ledger", "--db", &missing]);
                    c
                }
                false => common::ledger_command(&d),
            };
            let out = c.args(args).args(format).output().unwrap();
            let e = err(&out);
            assert_eq!(e["code"], code, "{args:?} {format:?}: {e}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                "",
                "{args:?} {format:?}: stdout"
            );
        }
    }
    // A listing with nothing to list is a whole document.
    let empty = |format: &str| {
        let out = ledger(&d, &["occurrences", "--state", "dead", "--format", format]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(empty("json"), "[]\n");
    assert_eq!(empty("jsonl"), "");
    assert_eq!(empty("csv"), "KEY,REV,INSTANT,STATE,ATTEMPTS,NOTES\n");
}

// ---------------------------------------------------------------------------
// ids with bidirectional controls

/// The bidirectional controls: embeddings and overrides (U+202A–U+202E)
/// and isolates (U+2066–U+2069). They reorder what a terminal shows, so an
/// id holding one would print as another.
const BIDI: [char; 9] = [
    '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}',
];

fn assert_refused(out: &Output, field: &str, c: char, at: usize, what: &str) {
    let e = err(out);
    assert_eq!(e["code"], "invalid_spec", "{what}: {e}");
    assert_eq!(e["field"], field, "{what}: {e}");
    assert_eq!(e["position"], at, "{what}: {e}");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("U+{:04X} at byte {at}", u32::from(c))),
        "{what}: {message}"
    );
    // The message shows the control escaped, never as itself.
    assert!(!message.contains(c), "{what}: {message}");
}

/// A spec whose id holds a bidirectional control is refused by `add` and
/// `update` (and by `wallclock validate`), and every command that reads
/// an id or a key from its arguments refuses one too, naming the control
/// and its byte position; the ledger is left as it was.
#[test]
fn ids_with_bidirectional_controls_are_refused() {
    let d = gate("bidi_ids");
    let before = dump(&d);
    for c in BIDI {
        let id = format!("ab{c}cd");
        let spec = format!(
            r#"{{"id":"{id}","timeZone":"UTC","start":"2026-10-20T10:00","rrule":"FREQ=DAILY"}}"#
        );
        write(&d, "bidi.json", &spec);
        let what = format!("U+{:04X}", u32::from(c));
        assert_refused(
            &ledger(&d, &["add", "--spec", "bidi.json"]),
            "id",
            c,
            2,
            &format!("add {what}"),
        );
        let validate = Command::new(BIN)
            .args(["validate", "--spec"])
            .arg(d.join("bidi.json"))
            .output()
            .unwrap();
        assert_refused(&validate, "id", c, 2, &format!("validate {what}"));
        // `g` with the control at its end (byte 1).
        let g = format!("g{c}");
        write(
            &d,
            "g_bidi.json",
            &format!(r#"{{"id":"{g}","timeZone":"UTC","start":"2026-10-20T10:00"}}"#),
        );
        assert_refused(
            &ledger(
                &d,
                &[
                    "update",
                    "--spec",
                    "g_bidi.json",
                    "--cutover",
                    "2026-10-21T00:00:00Z",
                ],
            ),
            "id",
            c,
            1,
            &format!("update {what}"),
        );
        let key = format!("{g}|2026-10-20T10:00:00");
        let commands: Vec<(Vec<&str>, &str)> = vec![
            (vec!["show", &g], "id"),
            (vec!["remove", &g], "id"),
            (vec!["disable", &g], "id"),
            (vec!["enable", &g], "id"),
            (vec!["trigger", &g], "id"),
            (vec!["occurrences", "--schedule", &g], "schedule"),
            (vec!["explain", &key], "key"),
            (vec!["retry", &key], "key"),
            (vec!["reconcile", &key, "--done"], "key"),
        ];
        for (args, field) in commands {
            let out = ledger(&d, &args);
            assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
            assert_refused(&out, field, c, 1, &format!("{} {what}", args[0]));
        }
    }
    assert_eq!(dump(&d), before);
}

/// A schedule whose id an older build accepted with a bidirectional
/// control still plans and runs: the check guards what comes in, and a
/// stored spec is read as it was written.
#[test]
fn a_stored_id_with_a_bidirectional_control_still_runs() {
    let d = gate("bidi_stored");
    let id = "old\u{202E}id";
    let tzdb = wallclock::tzdb_version();
    exec(
        &d,
        &format!(
            r#"INSERT INTO schedules (id, revision, time_zone, cursor)
                 VALUES ('{id}', 1, 'UTC', '2026-10-20T00:00:00Z');
               INSERT INTO revisions (schedule, revision, spec, tzdb, time_zone)
                 VALUES ('{id}', 1, '{{"id":"{id}","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=DAILY;COUNT=1"}}',
                         '{tzdb}', 'UTC');"#
        ),
    );
    tick(&d, "2026-10-20T10:00:05Z");
    let mut ran = effects(&d);
    ran.sort();
    assert_eq!(
        ran,
        [
            "g|2026-10-20T10:00:00".to_owned(),
            format!("{id}|2026-10-20T09:00:00")
        ]
    );
}
