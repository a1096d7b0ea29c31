//! The ledger on PostgreSQL as several machines use it: real `wallclock
//! ledger` processes (each one stands for a machine) on one database of the
//! real server that `scripts/pg-cluster.sh` starts (`WALLCLOCK_PG_URL`).
//! Four `run` workers over 10 000 due occurrences; kill -9 of a worker at
//! each step of a run; the server restarted under four workers; seed 001's
//! races (disable against dispatch, an old revision after its cutover, two
//! planners over one window); `migrate` from SQLite; secrets; connection
//! refused, authentication failure and a statement timeout.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/faults.rs"]
mod faults;

use std::collections::{BTreeMap, HashSet};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;

use common::{BIN, HeldLock, SqlValue, err, ok, wait_for};
use faults::OwnServer;

/// Every test uses the one server; the restart test takes it for itself.
static SERVER: RwLock<()> = RwLock::new(());

fn shared_server() -> RwLockReadGuard<'static, ()> {
    SERVER.read().unwrap_or_else(|e| e.into_inner())
}

/// One test's database on the test server and its working directory.
struct Pg {
    dir: PathBuf,
    url: String,
    /// The worker processes (each its own process group) the test started.
    spawned: std::cell::RefCell<Vec<u32>>,
}

impl Drop for Pg {
    /// A failing test leaves no worker running: each one's process group
    /// is killed (a passing test has stopped or killed them all already).
    fn drop(&mut self) {
        if std::thread::panicking() {
            for pid in self.spawned.borrow().iter() {
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{pid}")])
                    .stderr(Stdio::null())
                    .status();
            }
        }
    }
}

impl Pg {
    /// A fresh directory and a fresh, empty database for test `name`.
    fn new(name: &str) -> Pg {
        let dir = common::dir("ledger_pg", name);
        let db = common::pg_db_name(&dir);
        common::fresh_pg_db(&db);
        Pg {
            url: common::pg_db_url(&db),
            dir,
            spawned: Default::default(),
        }
    }

    /// Starts `c` in its own process group, killed if the test fails.
    fn spawn(&self, c: &mut Command) -> Child {
        let child = c.process_group(0).spawn().unwrap();
        self.spawned.borrow_mut().push(child.id());
        child
    }

    /// The password of the test server's role, as it appears in the URL.
    fn password(&self) -> String {
        let url = common::pg_url();
        let authority = &url[url.find("://").unwrap() + 3..url.rfind('@').unwrap()];
        authority.split_once(':').unwrap().1.to_owned()
    }

    /// The URL with `password` in place of the role's.
    fn url_with_password(&self, password: &str) -> String {
        self.url.replacen(
            &format!(":{}@", self.password()),
            &format!(":{password}@"),
            1,
        )
    }

    /// The URL without a password (for `PGPASSWORD` / `PGPASSFILE`).
    fn url_without_password(&self) -> String {
        self.url.replacen(&format!(":{}@", self.password()), "@", 1)
    }

    /// `host:port` of the server, as errors must name it.
    fn host_port(&self) -> String {
        let at = self.url.rfind('@').unwrap() + 1;
        let rest = &self.url[at..];
        rest[..rest.find('/').unwrap()].to_owned()
    }

    /// `wallclock ledger --db DB`, run in the test's directory with no
    /// PostgreSQL settings from the environment.
    fn command_on(&self, db: &str) -> Command {
        let mut c = self.bare();
        c.args(["--db", db]);
        c
    }

    /// `wallclock ledger`, with nothing of PostgreSQL's from the
    /// environment (no `PGPASSWORD`, `PGPASSFILE`, `~/.pgpass`).
    fn bare(&self) -> Command {
        let mut c = Command::new(BIN);
        c.current_dir(&self.dir)
            .env_remove("PGPASSWORD")
            .env_remove("PGPASSFILE")
            .env_remove("WALLCLOCK_DB")
            .env("HOME", &self.dir)
            .arg("ledger");
        c
    }

    /// `wallclock ledger migrate --from SQLITE --to <this database>`.
    fn migrate(&self, from: &str) -> Output {
        self.bare()
            .args(["migrate", "--from", from, "--to", &self.url])
            .output()
            .unwrap()
    }

    fn command(&self) -> Command {
        self.command_on(&self.url)
    }

    fn ledger(&self, args: &[&str]) -> Output {
        self.command().args(args).output().unwrap()
    }

    /// `init`, then `add` of `spec`, its past occurrences included.
    fn setup(&self, spec: &str) {
        std::fs::write(self.dir.join("spec.json"), spec).unwrap();
        ok(&self.ledger(&["init"]));
        ok(&self.ledger(&[
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            common::BACKFILL,
        ]));
    }

    fn rows(&self, sql: &str) -> Vec<Vec<SqlValue>> {
        common::rows_db(&self.url, sql)
    }

    fn int(&self, sql: &str) -> i64 {
        let r = self.rows(sql);
        assert_eq!(r.len(), 1, "{sql}: {r:?}");
        r[0][0].int()
    }

    /// Occurrences by state.
    fn states(&self) -> BTreeMap<String, i64> {
        self.rows("SELECT state, count(*) FROM occurrences GROUP BY state")
            .into_iter()
            .map(|r| (r[0].text().unwrap(), r[1].int()))
            .collect()
    }

    /// A `wallclock ledger run` worker in its own process group, its
    /// output in `<worker>.out` / `<worker>.err`, planning `horizon` ahead.
    fn spawn_run(&self, worker: &str, exec: &str, horizon: &str) -> Child {
        let out = std::fs::File::create(self.dir.join(format!("{worker}.out"))).unwrap();
        let err = std::fs::File::create(self.dir.join(format!("{worker}.err"))).unwrap();
        self.spawn(
            self.command()
                .args(["run", "--worker", worker, "--every", "PT0.2S"])
                .args(["--horizon", horizon, "--backoff", "PT1S"])
                .args(["--exec", exec])
                .stdout(Stdio::from(out))
                .stderr(Stdio::from(err)),
        )
    }

    /// Stops a `run` worker with SIGTERM and reads its summary.
    fn stop(&self, worker: &str, mut child: Child) -> Value {
        signal(&child, "-TERM");
        let t = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "worker {worker} did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let out = std::fs::read_to_string(self.dir.join(format!("{worker}.out"))).unwrap();
        let err = std::fs::read_to_string(self.dir.join(format!("{worker}.err"))).unwrap();
        assert!(status.success(), "worker {worker}: {status}\n{err}");
        let summary: Value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("worker {worker}: {e}: {out}\n{err}"));
        assert_eq!(summary["stopped"], "signal", "{summary}");
        summary
    }

    /// Waits until `done` occurrences are `done`, watching the workers.
    fn wait_done(&self, done: i64, within: Duration, workers: &mut [(String, Child)]) {
        let t = Instant::now();
        loop {
            let now = self.int("SELECT count(*) FROM occurrences WHERE state = 'done'");
            if now >= done {
                return;
            }
            for (name, c) in workers.iter_mut() {
                if let Some(status) = c.try_wait().unwrap() {
                    let err =
                        std::fs::read_to_string(self.dir.join(format!("{name}.err"))).unwrap();
                    panic!("worker {name} ended ({status}) with {now} of {done} done:\n{err}");
                }
            }
            assert!(
                t.elapsed() < within,
                "{now} of {done} done after {within:?}: {:?}",
                self.states()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn lines(&self, file: &str) -> Vec<String> {
        std::fs::read_to_string(self.dir.join(file))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

fn signal(child: &Child, sig: &str) {
    assert!(
        Command::new("kill")
            .args([sig, &child.id().to_string()])
            .status()
            .unwrap()
            .success()
    );
}

/// Kills a worker's whole process group (it and its command) with SIGKILL.
fn kill_9(child: &mut Child) {
    let killed = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    assert!(!child.wait().unwrap().success());
}

/// A nominal UTC start `ago` before the wall clock, to the second.
fn start_ago(ago: SignedDuration) -> String {
    Timestamp::now()
        .checked_sub(ago)
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// Asserts `lines` are `n` distinct entries.
fn exactly_once(lines: &[String], n: usize) {
    let unique: HashSet<&String> = lines.iter().collect();
    assert_eq!(lines.len(), n, "effects");
    assert_eq!(unique.len(), n, "distinct effects");
}

/// The non-deduplicating handler: every run appends its key.
const APPEND: &str = r#"echo "$WALLCLOCK_KEY" >> effects.log"#;

/// Four `run` processes over one database and 10 000 due occurrences:
/// every effect exactly once (a handler that does not deduplicate appends
/// its key: 10 000 lines, 10 000 distinct), every occurrence `done` after
/// one attempt.
#[test]
fn four_run_processes_run_10_000_occurrences_exactly_once() {
    let _server = shared_server();
    let pg = Pg::new("four_workers");
    let n = 10_000;
    pg.setup(&format!(
        r#"{{"id":"s","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;COUNT={n}"}}"#,
        start_ago(SignedDuration::from_hours(3))
    ));
    ok(&pg.ledger(&["plan", "--horizon", "PT0S"]));
    assert_eq!(pg.int("SELECT count(*) FROM occurrences"), n);
    let started = Instant::now();
    let mut workers: Vec<(String, Child)> = (0..4)
        .map(|i| {
            let name = format!("w{i}");
            let c = pg.spawn_run(&name, APPEND, "PT1M");
            (name, c)
        })
        .collect();
    pg.wait_done(n, Duration::from_secs(900), &mut workers);
    let mut claimed = Vec::new();
    for (name, c) in workers {
        let r = pg.stop(&name, c);
        claimed.push(r["total"]["claimed"].as_i64().unwrap());
    }
    eprintln!(
        "4 run processes, {n} occurrences: claimed {claimed:?} in {:?}",
        started.elapsed()
    );
    assert_eq!(claimed.iter().sum::<i64>(), n);
    exactly_once(&pg.lines("effects.log"), n as usize);
    assert_eq!(pg.states(), BTreeMap::from([("done".to_owned(), n)]));
    assert_eq!(
        pg.int("SELECT count(*) FROM occurrences WHERE attempts <> 1"),
        0
    );
    assert_eq!(pg.int("SELECT count(*) FROM attempts"), n);
    let stats = ok(&pg.ledger(&["stats", "--format", "json"]));
    assert_eq!(stats["states"]["done"], n);
    assert_eq!(stats["attempts"]["done"], n);
}

/// Where the kill matrix kills worker `a`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum KillAt {
    /// The claim is committed and the command started, no effect yet.
    AfterClaim,
    /// The command wrote its effect and is still running.
    AfterEffect,
    /// The command exited 0; its done mark waits for a table lock.
    BeforeCommit,
}

/// The kill matrix's handler: deduplicates on `WALLCLOCK_KEY`, as external
/// handlers must; attempt 1 stops where the test kills it.
const KILL_EXEC: &str = r#"touch "started_$WALLCLOCK_ATTEMPT"
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ "$KILL_AT" = AfterClaim ]; then sleep 60; fi
grep -qxF "$WALLCLOCK_KEY" effects 2>/dev/null || echo "$WALLCLOCK_KEY" >> effects
touch "effect_$WALLCLOCK_ATTEMPT"
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ "$KILL_AT" = AfterEffect ]; then sleep 60; fi
if [ "$WALLCLOCK_ATTEMPT" = 1 ] && [ "$KILL_AT" = BeforeCommit ]; then
  while [ ! -f go ]; do sleep 0.02; done
fi
exit 0"#;

/// Kill -9 of a `run` worker (a "machine") at each step of a run: after
/// the lease runs out another machine's worker takes the occurrence over.
/// The handler deduplicates on the key: one effect; the attempts record
/// the lapsed lease of the killed worker and the done of the other.
#[test]
fn kill_9_of_a_worker_at_each_step_another_takes_over() {
    let _server = shared_server();
    for at in [
        KillAt::AfterClaim,
        KillAt::AfterEffect,
        KillAt::BeforeCommit,
    ] {
        let pg = Pg::new(&format!("kill9_{at:?}"));
        let start = start_ago(SignedDuration::from_secs(30));
        pg.setup(&format!(
            r#"{{"id":"k","timeZone":"UTC","start":"{start}"}}"#
        ));
        let key = format!("k|{start}");
        let mut a = pg.spawn(
            pg.command()
                .env("KILL_AT", format!("{at:?}"))
                .args([
                    "run", "--worker", "a", "--every", "PT0.2S", "--lease", "PT3S",
                ])
                .args(["--exec", KILL_EXEC])
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        );
        let mut holder: Option<HeldLock> = None;
        match at {
            KillAt::AfterClaim => wait_for(&pg.dir.join("started_1"), Duration::from_secs(30)),
            KillAt::AfterEffect => wait_for(&pg.dir.join("effect_1"), Duration::from_secs(30)),
            KillAt::BeforeCommit => {
                wait_for(&pg.dir.join("effect_1"), Duration::from_secs(30));
                // Lock the tables, then let the command exit: the done mark
                // waits for the lock and is killed waiting.
                holder = Some(common::hold_write_lock_db(&pg.url));
                std::fs::write(pg.dir.join("go"), "").unwrap();
                let t = Instant::now();
                while t.elapsed() < Duration::from_secs(20) {
                    std::thread::sleep(Duration::from_millis(50));
                    let sh = Command::new("pgrep")
                        .args(["-g", &a.id().to_string(), "sh"])
                        .output()
                        .unwrap();
                    if !sh.status.success() {
                        break;
                    }
                }
                std::thread::sleep(Duration::from_millis(300));
            }
        }
        kill_9(&mut a);
        drop(holder);
        let occ = pg.rows("SELECT state, attempts FROM occurrences");
        assert_eq!(
            occ,
            [vec![SqlValue::Text("running".into()), SqlValue::Int(1)]],
            "{at:?}"
        );
        // Another machine: it waits out a's lease, then runs the occurrence.
        let mut workers = vec![("b".to_owned(), pg.spawn_run("b", KILL_EXEC, "PT1M"))];
        pg.wait_done(1, Duration::from_secs(60), &mut workers);
        let (name, b) = workers.pop().unwrap();
        pg.stop(&name, b);
        assert_eq!(pg.lines("effects"), [key.as_str()], "{at:?}");
        let explained = ok(&pg.ledger(&["explain", &key]));
        let o = &explained["occurrences"][0];
        assert_eq!(
            (o["state"].as_str(), o["attempts"].as_u64()),
            (Some("done"), Some(2)),
            "{at:?}"
        );
        let log = &o["attemptLog"];
        assert_eq!(
            (log[0]["worker"].as_str(), log[0]["outcome"].as_str()),
            (Some("a"), Some("lease_expired")),
            "{at:?}: {log}"
        );
        assert_eq!(
            (log[1]["worker"].as_str(), log[1]["outcome"].as_str()),
            (Some("b"), Some("done")),
            "{at:?}: {log}"
        );
        assert_eq!(explained["effect"]["generation"], 2, "{at:?}");
    }
}

/// Kill -9 in the middle of a claimed batch: worker `a` has run some of 12
/// due occurrences and is inside the 6th when it dies. Worker `b` takes
/// over what `a` left (after the lease for what `a` held): all 12 `done`,
/// each effect once with a deduplicating handler, and the occurrence `a`
/// died in records `a`'s lapsed attempt and `b`'s done.
#[test]
fn kill_9_in_the_middle_of_a_batch_another_takes_over() {
    let _server = shared_server();
    let pg = Pg::new("kill9_batch");
    let start = start_ago(SignedDuration::from_mins(1));
    pg.setup(&format!(
        r#"{{"id":"b","timeZone":"UTC","start":"{start}","rrule":"FREQ=SECONDLY;COUNT=12"}}"#
    ));
    // Deduplicates on the key; worker a hangs in its 6th command.
    let exec = r#"grep -qxF "$WALLCLOCK_KEY" effects 2>/dev/null || echo "$WALLCLOCK_KEY" >> effects
if [ "$WORKER" = a ] && [ "$(wc -l < effects)" -ge 6 ]; then touch stuck; sleep 60; fi
exit 0"#;
    let worker = |name: &str, out: Stdio, err: Stdio| {
        pg.spawn(
            pg.command()
                .env("WORKER", name)
                .args([
                    "run", "--worker", name, "--every", "PT0.2S", "--lease", "PT3S",
                ])
                .args(["--exec", exec])
                .stdout(out)
                .stderr(err),
        )
    };
    let mut a = worker("a", Stdio::null(), Stdio::null());
    wait_for(&pg.dir.join("stuck"), Duration::from_secs(30));
    kill_9(&mut a);
    let at_kill = pg.states();
    assert_eq!(at_kill.get("done"), Some(&5), "{at_kill:?}");
    // The one a died in, and any a had claimed with it.
    let held = *at_kill.get("running").unwrap_or(&0);
    assert!(held >= 1, "{at_kill:?}");
    let b = worker(
        "b",
        Stdio::from(std::fs::File::create(pg.dir.join("b.out")).unwrap()),
        Stdio::from(std::fs::File::create(pg.dir.join("b.err")).unwrap()),
    );
    let mut workers = vec![("b".to_owned(), b)];
    pg.wait_done(12, Duration::from_secs(60), &mut workers);
    let (name, b) = workers.pop().unwrap();
    pg.stop(&name, b);
    exactly_once(&pg.lines("effects"), 12);
    assert_eq!(pg.states(), BTreeMap::from([("done".to_owned(), 12)]));
    // What a held: a's attempt lapsed, b's is done.
    let taken_over = pg.rows(
        "SELECT a.worker, a.outcome FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
          WHERE o.attempts = 2 ORDER BY o.key, a.attempt",
    );
    assert_eq!(taken_over.len() as i64, 2 * held, "{taken_over:?}");
    for pair in taken_over.chunks(2) {
        assert_eq!(
            (pair[0][0].text(), pair[0][1].text()),
            (Some("a".into()), Some("lease_expired".into())),
            "{taken_over:?}"
        );
        assert_eq!(
            (pair[1][0].text(), pair[1][1].text()),
            (Some("b".into()), Some("done".into())),
            "{taken_over:?}"
        );
    }
    assert_eq!(
        pg.int("SELECT count(*) FROM occurrences WHERE attempts = 1"),
        12 - held
    );
}

/// The server restarted (`pg_ctl restart`, every connection dropped)
/// while four `run` workers work through 2 000 due occurrences with a
/// handler that does not deduplicate: they reconnect and finish; every
/// effect once, every occurrence `done`.
#[test]
fn a_server_restart_under_four_workers_loses_and_doubles_nothing() {
    let _server = SERVER.write().unwrap_or_else(|e| e.into_inner());
    let pg = Pg::new("restart");
    let n = 2_000;
    pg.setup(&format!(
        r#"{{"id":"r","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;COUNT={n}"}}"#,
        start_ago(SignedDuration::from_hours(1))
    ));
    ok(&pg.ledger(&["plan", "--horizon", "PT0S"]));
    let mut workers: Vec<(String, Child)> = (0..4)
        .map(|i| {
            let name = format!("w{i}");
            let c = pg.spawn_run(
                &name,
                r#"echo "$WALLCLOCK_KEY" >> effects.log; sleep 0.01"#,
                "PT1M",
            );
            (name, c)
        })
        .collect();
    let t = Instant::now();
    while pg.lines("effects.log").len() < 200 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the workers never got going"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    restart_server();
    let after = pg.lines("effects.log").len();
    assert!(after < n as usize, "the restart came too late to matter");
    pg.wait_done(n, Duration::from_secs(600), &mut workers);
    for (name, c) in workers {
        pg.stop(&name, c);
    }
    exactly_once(&pg.lines("effects.log"), n as usize);
    assert_eq!(pg.states(), BTreeMap::from([("done".to_owned(), n)]));
}

/// `pg_ctl restart` of the test server, as the `postgres` OS user.
fn restart_server() {
    let var = |k: &str| {
        std::env::var(k).unwrap_or_else(|_| {
            panic!(
                "{k} is not set: run through `bash scripts/test-all.sh` (see scripts/pg-cluster.sh)"
            )
        })
    };
    let data = PathBuf::from(var("WALLCLOCK_PG_DATA"));
    let pg_ctl = Path::new(&var("WALLCLOCK_PG_BIN")).join("pg_ctl");
    let log = data.parent().unwrap().join("server.log");
    let out = Command::new("runuser")
        .args(["-u", "postgres", "--"])
        .arg(pg_ctl)
        .arg("-D")
        .arg(&data)
        .arg("-l")
        .arg(&log)
        .args(["-m", "fast", "-w", "-t", "60", "restart"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "pg_ctl restart: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Seed 001, disable against dispatch, across machines: four `run`
/// workers on a schedule due every second; `disable` returns while they
/// claim. Nothing is claimed after it (every attempt carries the disable
/// generation before it), every effect belongs to an occurrence that ran,
/// and nothing more happens while the schedule stays disabled.
#[test]
fn seed_001_disable_against_four_dispatching_workers() {
    let _server = shared_server();
    let pg = Pg::new("disable_race");
    pg.setup(&format!(
        r#"{{"id":"m","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY"}}"#,
        start_ago(SignedDuration::from_mins(2))
    ));
    let mut workers: Vec<(String, Child)> = (0..4)
        .map(|i| {
            let name = format!("w{i}");
            let c = pg.spawn_run(&name, APPEND, "PT1M");
            (name, c)
        })
        .collect();
    let t = Instant::now();
    while pg.lines("effects.log").len() < 60 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the workers never got going"
        );
        for (name, c) in workers.iter_mut() {
            assert!(c.try_wait().unwrap().is_none(), "worker {name} ended");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = ok(&pg.ledger(&["disable", "m"]));
    let at_disable = pg.lines("effects.log").len();
    // In flight when `disable` returned: at most one command per worker.
    std::thread::sleep(Duration::from_secs(3));
    let later = pg.lines("effects.log");
    assert!(
        later.len() <= at_disable + 4,
        "{} then {}",
        at_disable,
        later.len()
    );
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(pg.lines("effects.log"), later, "effects while disabled");
    for (name, c) in workers {
        pg.stop(&name, c);
    }
    exactly_once(&later, later.len());
    assert_eq!(
        pg.int("SELECT count(*) FROM attempts WHERE disable_generation <> 0"),
        0,
        "claimed after disable: {r}"
    );
    assert_eq!(
        pg.int("SELECT count(*) FROM occurrences WHERE state = 'done'"),
        later.len() as i64
    );
    assert_eq!(
        pg.int(
            "SELECT count(*) FROM occurrences WHERE state IN ('planned', 'running', 'retry_wait')"
        ),
        0,
        "{:?}",
        pg.states()
    );
}

/// Seed 001, an old revision waking after the cutover: workers run
/// revision 1 of a per-second schedule; `update` cuts over to revision 2
/// a few seconds ahead. No occurrence of revision 1 at or after the
/// cutover is ever dispatched; revision 2 runs from the cutover on; no key
/// runs twice.
#[test]
fn seed_001_an_old_revision_after_the_cutover_never_dispatches() {
    let _server = shared_server();
    let pg = Pg::new("cutover_race");
    let start = start_ago(SignedDuration::from_secs(10));
    pg.setup(&format!(
        r#"{{"id":"c","timeZone":"UTC","start":"{start}","rrule":"FREQ=SECONDLY"}}"#
    ));
    let workers: Vec<(String, Child)> = (0..4)
        .map(|i| {
            let name = format!("w{i}");
            // Plans ahead (revision 1 rows past the cutover exist before it).
            let c = pg.spawn_run(&name, APPEND, "PT2M");
            (name, c)
        })
        .collect();
    wait_for(&pg.dir.join("effects.log"), Duration::from_secs(60));
    let cutover = Timestamp::now()
        .checked_add(SignedDuration::from_secs(3))
        .unwrap()
        .round(jiff::Unit::Second)
        .unwrap();
    std::fs::write(
        pg.dir.join("v2.json"),
        format!(
            r#"{{"id":"c","timeZone":"UTC","start":"{start}","rrule":"FREQ=SECONDLY;INTERVAL=2"}}"#
        ),
    )
    .unwrap();
    ok(&pg.ledger(&[
        "update",
        "--spec",
        "v2.json",
        "--cutover",
        &cutover.to_string(),
    ]));
    let until = cutover.checked_add(SignedDuration::from_secs(6)).unwrap();
    while Timestamp::now() < until {
        std::thread::sleep(Duration::from_millis(200));
    }
    let t = Instant::now();
    loop {
        let due_left = pg.int(&format!(
            "SELECT count(*) FROM occurrences WHERE state IN ('planned', 'running')
              AND due_at <= '{until}'"
        ));
        if due_left == 0 {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "{due_left} still due"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    for (name, c) in workers {
        pg.stop(&name, c);
    }
    let old_after = pg.int(&format!(
        "SELECT count(*) FROM occurrences WHERE revision = 1 AND instant >= '{cutover}'
          AND attempts > 0"
    ));
    assert_eq!(
        old_after, 0,
        "revision 1 dispatched at or after the cutover"
    );
    let new_ran = pg.int(&format!(
        "SELECT count(*) FROM occurrences WHERE revision = 2 AND instant >= '{cutover}'
          AND instant <= '{until}' AND state = 'done'"
    ));
    assert!(new_ran >= 3, "revision 2 ran {new_ran} times");
    let lines = pg.lines("effects.log");
    exactly_once(&lines, lines.len());
}

/// Seed 001, two planners materialising one window at once: four `plan`
/// processes over the same day of a minutely schedule write one row per
/// occurrence between them.
#[test]
fn seed_001_planners_racing_over_one_window_write_each_occurrence_once() {
    let _server = shared_server();
    let pg = Pg::new("plan_race");
    pg.setup(r#"{"id":"p","timeZone":"Europe/Berlin","start":"2026-10-24T00:00","rrule":"FREQ=MINUTELY"}"#);
    let planners: Vec<Child> = (0..4)
        .map(|_| {
            pg.command()
                .args(["plan", "--now", "2026-10-24T12:00:00Z", "--horizon", "P1D"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut inserted = 0;
    for p in planners {
        let out = p.wait_with_output().unwrap();
        inserted += ok(&out)["inserted"].as_i64().unwrap();
    }
    let rows = pg.int("SELECT count(*) FROM occurrences");
    let keys = pg.int("SELECT count(DISTINCT key) FROM occurrences");
    // Local midnight of the 24th (22:00Z on the 23rd) up to 12:00Z on the
    // 25th: 38 hours of minutes, less the hour the night of the 25th
    // repeats (fold `first` runs 02:00–02:59 once).
    assert_eq!((rows, keys), (38 * 60 - 60, 38 * 60 - 60));
    assert_eq!(inserted, rows, "the planners' reports add up to the rows");
    let again = ok(&pg.ledger(&["plan", "--now", "2026-10-24T12:00:00Z", "--horizon", "P1D"]));
    assert_eq!(again["inserted"], 0);
}

/// `migrate` copies a populated SQLite ledger (schedules with revisions,
/// a disabled one, done, failed-and-waiting and cancelled occurrences,
/// attempts, effects) into an empty PostgreSQL database: `stats`,
/// `occurrences` and `explain` agree on both sides, and the copy goes on
/// working. A second `migrate` into the now non-empty database is refused
/// and changes nothing.
#[test]
fn migrate_copies_a_sqlite_ledger_and_stats_agree() {
    let _server = shared_server();
    let pg = Pg::new("migrate");
    let sqlite = pg.dir.join("ledger.db").display().to_string();
    let lite = |args: &[&str]| pg.command_on(&sqlite).args(args).output().unwrap();
    std::fs::write(
        pg.dir.join("a.json"),
        r#"{"id":"a","timeZone":"America/New_York","start":"2026-10-30T09:00","rrule":"FREQ=DAILY","fold":"both"}"#,
    )
    .unwrap();
    std::fs::write(
        pg.dir.join("a2.json"),
        r#"{"id":"a","timeZone":"America/New_York","start":"2026-10-30T10:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    std::fs::write(
        pg.dir.join("b.json"),
        r#"{"id":"b","timeZone":"UTC","start":"2026-10-30T00:00","rrule":"FREQ=HOURLY","misfire":"latest_only"}"#,
    )
    .unwrap();
    std::fs::write(
        pg.dir.join("c.json"),
        r#"{"id":"c","timeZone":"UTC","start":"2026-10-30T00:30","rrule":"FREQ=HOURLY"}"#,
    )
    .unwrap();
    ok(&lite(&["init"]));
    for s in ["a.json", "b.json", "c.json"] {
        ok(&lite(&[
            "add",
            "--spec",
            s,
            "--backfill-from",
            common::BACKFILL,
        ]));
    }
    ok(&lite(&[
        "plan",
        "--now",
        "2026-10-30T00:00:00Z",
        "--horizon",
        "P3D",
    ]));
    ok(&lite(&[
        "tick",
        "--now",
        "2026-10-30T14:00:00Z",
        "--worker",
        "w",
        "--exec",
        r#"case "$WALLCLOCK_KEY" in c*) exit 1;; *) echo "$WALLCLOCK_KEY" >> lite.log;; esac"#,
    ]));
    ok(&lite(&[
        "update",
        "--spec",
        "a2.json",
        "--cutover",
        "2026-11-01T00:00:00Z",
    ]));
    ok(&lite(&["disable", "b"]));
    let lite_stats = ok(&lite(&["stats", "--format", "json"]));
    let lite_occ = ok(&lite(&["occurrences", "--json"]));
    assert!(lite_occ.as_array().unwrap().len() > 50, "{lite_occ}");
    let summary = ok(&pg.migrate(&sqlite));
    let text = summary.to_string();
    assert!(!text.contains(&pg.password()), "{text}");
    assert_eq!(ok(&pg.ledger(&["stats", "--format", "json"])), lite_stats);
    assert_eq!(ok(&pg.ledger(&["occurrences", "--json"])), lite_occ);
    for key in ["a|2026-10-30T09:00:00", "c|2026-10-30T01:30:00"] {
        assert_eq!(
            ok(&pg.ledger(&["explain", key])),
            ok(&lite(&["explain", key])),
            "{key}"
        );
    }
    // Into a database that is no longer empty: refused, nothing changed.
    let before = common::dump_db(&pg.url);
    let out = pg.migrate(&sqlite);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(common::dump_db(&pg.url), before);
    // Both copies go on the same way.
    let exec =
        r#"case "$WALLCLOCK_KEY" in c*) exit 1;; *) echo "$WALLCLOCK_KEY" >> after.log;; esac"#;
    let on_pg = ok(&pg.ledger(&[
        "tick",
        "--now",
        "2026-10-31T00:00:00Z",
        "--worker",
        "w",
        "--exec",
        exec,
    ]));
    let on_lite = ok(&lite(&[
        "tick",
        "--now",
        "2026-10-31T00:00:00Z",
        "--worker",
        "w",
        "--exec",
        exec,
    ]));
    assert_eq!(on_pg, on_lite);
}

/// Every output of a command, for secret checks.
fn all_output(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A URL's password never appears in any output of a command that
/// succeeds or fails (a wrong one neither); `PGPASSWORD` and `PGPASSFILE`
/// supply it when the URL has none.
#[test]
fn passwords_stay_secret_and_pgpassword_pgpassfile_work() {
    let _server = shared_server();
    let pg = Pg::new("secrets");
    let secret = pg.password();
    let wrong = "not-the-password-4711";
    let mut seen = Vec::new();
    std::fs::write(
        pg.dir.join("spec.json"),
        r#"{"id":"s","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=HOURLY;COUNT=5"}"#,
    )
    .unwrap();
    for args in [
        &["init"][..],
        &[
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            common::BACKFILL,
        ],
        &[
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            common::BACKFILL,
        ],
        &["plan", "--now", "2026-10-20T08:00:00Z"],
        &[
            "tick",
            "--now",
            "2026-10-20T12:00:00Z",
            "--worker",
            "w",
            "--exec",
            "exit 3",
        ],
        &["stats"],
        &["stats", "--format", "prometheus"],
        &["occurrences"],
        &["explain", "s|2026-10-20T09:00:00"],
        &["explain", "nope"],
        &["disable", "nope"],
        &["no-such-command"],
    ] {
        seen.push((args.join(" "), pg.ledger(args)));
    }
    let bad = pg.url_with_password(wrong);
    seen.push((
        "wrong password".into(),
        pg.command_on(&bad).arg("stats").output().unwrap(),
    ));
    let closed = closed_port_url(&pg.url);
    seen.push((
        "closed port".into(),
        pg.command_on(&closed).arg("stats").output().unwrap(),
    ));
    let timeout = with_statement_timeout(&pg.url);
    {
        let _lock = common::hold_write_lock_db(&pg.url);
        seen.push((
            "statement timeout".into(),
            pg.command_on(&timeout).arg("stats").output().unwrap(),
        ));
    }
    seen.push((
        "migrate from a missing file".into(),
        pg.migrate("missing.db"),
    ));
    assert!(seen.iter().any(|(_, o)| o.status.success()));
    assert!(seen.iter().any(|(_, o)| !o.status.success()));
    for (what, out) in &seen {
        let text = all_output(out);
        assert!(!text.contains(&secret), "{what}: the password in {text}");
        assert!(
            !text.contains(wrong),
            "{what}: the wrong password in {text}"
        );
    }
    // No password in the URL: PGPASSWORD, then PGPASSFILE.
    let bare = pg.url_without_password();
    assert!(!bare.contains(&secret));
    let without = pg.command_on(&bare).arg("stats").output().unwrap();
    assert_eq!(
        without.status.code(),
        Some(2),
        "no password anywhere: {without:?}"
    );
    assert!(!all_output(&without).contains(&secret));
    let with_env = pg
        .command_on(&bare)
        .env("PGPASSWORD", &secret)
        .args(["stats", "--format", "json"])
        .output()
        .unwrap();
    assert!(ok(&with_env)["states"].is_object(), "{with_env:?}");
    assert!(!all_output(&with_env).contains(&secret));
    let passfile = pg.dir.join("pgpass");
    let hp = pg.host_port();
    let (host, port) = hp.rsplit_once(':').unwrap();
    std::fs::write(&passfile, format!("{host}:{port}:*:wallclock:{secret}\n")).unwrap();
    std::fs::set_permissions(&passfile, std::fs::Permissions::from_mode(0o600)).unwrap();
    let with_file = pg
        .command_on(&bare)
        .env("PGPASSFILE", &passfile)
        .args(["occurrences", "--json"])
        .output()
        .unwrap();
    assert_eq!(ok(&with_file).as_array().unwrap().len(), 5, "{with_file:?}");
    assert!(!all_output(&with_file).contains(&secret));
}

/// The test server's URL with the port of a loopback socket that was just
/// closed: nothing listens there.
fn closed_port_url(url: &str) -> String {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let at = url.rfind('@').unwrap() + 1;
    let slash = at + url[at..].find('/').unwrap();
    format!("{}127.0.0.1:{port}{}", &url[..at], &url[slash..])
}

/// The URL with a 50 ms statement timeout for every statement.
fn with_statement_timeout(url: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20statement_timeout%3D50")
}

/// The JSON error of a failed command names `host:port`, has field `db`
/// and exits 2.
fn server_error(out: &Output, code: &str, host_port: &str) -> Value {
    let e = err(out);
    assert_eq!(e["code"], code, "{e}");
    assert_eq!(e["field"], "db", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains(host_port), "{host_port} not named: {e}");
    e
}

/// Connection refused, authentication failure and a statement timeout:
/// each a clear error naming the server, exit status 2, and nothing lost
/// or doubled: afterwards one tick runs every due occurrence once.
#[test]
fn refused_unauthenticated_and_timed_out_commands_change_nothing() {
    let _server = shared_server();
    let pg = Pg::new("failures");
    pg.setup(r#"{"id":"f","timeZone":"UTC","start":"2026-10-20T09:00","rrule":"FREQ=MINUTELY;COUNT=30"}"#);
    ok(&pg.ledger(&["plan", "--now", "2026-10-20T08:00:00Z"]));
    let before = common::dump_db(&pg.url);
    let tick = [
        "tick",
        "--now",
        "2026-10-20T10:00:00Z",
        "--worker",
        "w",
        "--exec",
        APPEND,
    ];

    let closed = closed_port_url(&pg.url);
    let closed_hp = {
        let at = closed.rfind('@').unwrap() + 1;
        closed[at..at + closed[at..].find('/').unwrap()].to_owned()
    };
    let out = pg.command_on(&closed).args(tick).output().unwrap();
    server_error(&out, "database_unreachable", &closed_hp);

    let out = pg
        .command_on(&pg.url_with_password("wrong"))
        .args(tick)
        .output()
        .unwrap();
    server_error(&out, "authentication_failed", &pg.host_port());

    let timeout = with_statement_timeout(&pg.url);
    {
        let _lock = common::hold_write_lock_db(&pg.url);
        let t = Instant::now();
        let out = pg.command_on(&timeout).args(tick).output().unwrap();
        server_error(&out, "statement_timeout", &pg.host_port());
        assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    }
    assert!(
        pg.lines("effects.log").is_empty(),
        "a failed tick ran a command"
    );
    assert_eq!(common::dump_db(&pg.url), before);

    let r = ok(&pg.ledger(&tick));
    assert_eq!(r["done"], 30, "{r}");
    exactly_once(&pg.lines("effects.log"), 30);
}

/// `GET path` on `addr`: the status line and the body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

/// `/healthz` of a `run` daemon follows its PostgreSQL server: 200 while
/// it is up, 503 with the error (`database_unreachable`, naming the
/// server) while it is stopped, 200 again once it is back; the daemon
/// rides out the outage and runs every occurrence once.
#[test]
fn healthz_fails_while_the_server_is_stopped_and_the_daemon_finishes() {
    let dir = common::dir("ledger_pg", "healthz");
    let server = OwnServer::new("healthz", "");
    let pg = Pg {
        dir,
        url: server.url("postgres", ""),
        spawned: Default::default(),
    };
    let n = 16;
    pg.setup(&format!(
        r#"{{"id":"h","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY;INTERVAL=2;COUNT={n}"}}"#,
        (Timestamp::now() + SignedDuration::from_secs(2)).strftime("%Y-%m-%dT%H:%M:%S")
    ));
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let out = std::fs::File::create(pg.dir.join("w.out")).unwrap();
    let err = std::fs::File::create(pg.dir.join("w.err")).unwrap();
    let daemon = pg.spawn(
        pg.command()
            .args(["run", "--worker", "w", "--every", "PT0.2S"])
            .args(["--metrics-addr", &addr, "--exec", APPEND])
            .stdout(Stdio::from(out))
            .stderr(Stdio::from(err)),
    );
    let healthz = |want: &str| {
        let t = Instant::now();
        loop {
            let (status, body) = match std::net::TcpStream::connect(&addr) {
                Ok(_) => http_get(&addr, "/healthz"),
                Err(e) => ("no answer".to_owned(), e.to_string()),
            };
            if status == want {
                return body;
            }
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "/healthz never answered {want}: {status}\n{body}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    assert_eq!(healthz("HTTP/1.1 200 OK"), "ok\n");
    wait_for(&pg.dir.join("effects.log"), Duration::from_secs(30));

    server.pg_ctl(&["-m", "fast", "stop"]);
    let body = healthz("HTTP/1.1 503 Service Unavailable");
    let e: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
    assert_eq!(e["code"], "database_unreachable", "{e}");
    let named = format!("127.0.0.1:{}/postgres", server.port);
    assert!(e["message"].as_str().unwrap().contains(&named), "{e}");
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        pg.lines("effects.log").len() < n,
        "the outage came too late to matter"
    );

    server.pg_ctl(&["start"]);
    assert_eq!(healthz("HTTP/1.1 200 OK"), "ok\n");
    let mut workers = vec![("w".to_owned(), daemon)];
    pg.wait_done(n as i64, Duration::from_secs(120), &mut workers);
    for (name, c) in workers {
        pg.stop(&name, c);
    }
    exactly_once(&pg.lines("effects.log"), n);
    let log = std::fs::read_to_string(pg.dir.join("w.err")).unwrap();
    assert!(log.contains("\"tick_failed\""), "{log}");
}

/// `kill -9` of `ledger migrate` while it copies occurrences into
/// PostgreSQL: its one transaction dies with it, so the target database is
/// left empty (no table), and a second `migrate` into it copies everything,
/// with the source's statistics.
#[test]
fn kill_9_during_migrate_leaves_the_target_empty_and_a_second_migrate_succeeds() {
    let _server = shared_server();
    let pg = Pg::new("migrate_kill");
    let db = common::pg_db_name(&pg.dir);
    let sqlite = pg.dir.join("ledger.db").display().to_string();
    let lite = |args: &[&str]| pg.command_on(&sqlite).args(args).output().unwrap();
    std::fs::write(
        pg.dir.join("s.json"),
        r#"{"id":"s","timeZone":"UTC","start":"2026-06-01T00:00","rrule":"FREQ=SECONDLY"}"#,
    )
    .unwrap();
    ok(&lite(&["init"]));
    ok(&lite(&[
        "add",
        "--spec",
        "s.json",
        "--now",
        "2026-06-01T00:00:00Z",
    ]));
    let planned = ok(&lite(&[
        "plan",
        "--now",
        "2026-06-01T00:00:00Z",
        "--horizon",
        "PT6H",
    ]));
    assert_eq!(planned["inserted"], 6 * 3600, "{planned}");

    let mut child = pg.spawn(
        pg.bare()
            .args(["migrate", "--from", &sqlite, "--to", &pg.url])
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    // Killed once it is copying occurrences, inside its transaction.
    let mut admin = common::pg_admin();
    let copying = |admin: &mut postgres::Client| -> i64 {
        admin
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                  WHERE datname = $1 AND backend_xid IS NOT NULL
                    AND query LIKE 'INSERT INTO occurrences%'",
                &[&db],
            )
            .unwrap()
            .get(0)
    };
    let t = Instant::now();
    while copying(&mut admin) == 0 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "migrate ended before it was killed"
        );
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "migrate never copied occurrences"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    kill_9(&mut child);
    // The server ends the dead client's session and rolls its transaction back.
    let t = Instant::now();
    loop {
        let sessions: i64 = admin
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = $1",
                &[&db],
            )
            .unwrap()
            .get(0);
        if sessions == 0 {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the killed session lingers"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(common::tables_db(&pg.url), Vec::<String>::new());

    let r = ok(&pg.migrate(&sqlite));
    assert_eq!(r["rows"]["occurrences"], 6 * 3600, "{r}");
    let source = ok(&lite(&["stats", "--json"]));
    assert_eq!(ok(&pg.ledger(&["stats", "--json"])), source);
    assert_eq!(r["stats"], source, "{r}");
}
