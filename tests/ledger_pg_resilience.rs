//! The ledger against PostgreSQL servers that misbehave, with real
//! `wallclock ledger` processes: passwords full of URL characters on every
//! error path, a server frozen with SIGSTOP (before a command connects,
//! under a running daemon, in the middle of a job with a `--timeout`), and
//! a server whose connection slots are all taken (SQLSTATE 53300) when a
//! daemon starts and when it records an outcome. The secrets test uses the
//! server `scripts/pg-cluster.sh` starts (`WALLCLOCK_PG_URL`); the others
//! start servers of their own (`WALLCLOCK_PG_BIN`), so that freezing or
//! starving one disturbs no other test. Every server, frozen process and
//! daemon is undone by a guard, also when a test fails.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;
#[path = "common/faults.rs"]
mod faults;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};
use serde_json::Value;

use common::{BIN, err, ok};
use faults::{OwnServer, Spawned};

/// `wallclock ledger --db DB`, run in `dir`, with nothing of PostgreSQL's
/// from the environment (no `PGPASSWORD`, `PGPASSFILE`, `~/.pgpass`).
fn on(dir: &Path, db: &str) -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(dir)
        .env_remove("PGPASSWORD")
        .env_remove("PGPASSFILE")
        .env_remove("WALLCLOCK_DB")
        .env("HOME", dir)
        .args(["ledger", "--db", db]);
    c
}

/// Every byte of `s` but ASCII letters and digits percent-encoded.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            b => format!("%{b:02X}"),
        })
        .collect()
}

/// The test server's host and port.
fn server_port() -> u16 {
    let url = common::pg_url();
    let at = url.rfind('@').unwrap() + 1;
    let hp = &url[at..at + url[at..].find('/').unwrap()];
    hp.rsplit_once(':').unwrap().1.parse().unwrap()
}

/// How a test writes a connection to the role's database.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// `postgres://user:%2F%3F…@host:port/db`, as URLs should be written.
    Encoded,
    /// The password as it is: `postgres://user:Zq/7?xY4@host:port/db`.
    Raw,
    /// `POSTGRES://` with the raw password: still a PostgreSQL URL.
    Upper,
    /// `host=… port=… user=… password='…' dbname=…`.
    KeyValue,
}

/// A login role of the test server with a password, owning two databases
/// of its own (`<name>_db`, `<name>_to`); the test server's role is a
/// member of it (it may lock its tables and end its sessions).
struct Role {
    name: String,
    password: String,
}

impl Role {
    fn new(name: &str, password: &str) -> Role {
        let mut admin = common::pg_admin();
        let quoted = password.replace('\'', "''");
        for sql in [
            format!("DROP DATABASE IF EXISTS {name}_db WITH (FORCE)"),
            format!("DROP DATABASE IF EXISTS {name}_to WITH (FORCE)"),
            format!("DROP ROLE IF EXISTS {name}"),
            format!("CREATE ROLE {name} LOGIN PASSWORD '{quoted}'"),
            format!("GRANT {name} TO CURRENT_USER"),
            format!("CREATE DATABASE {name}_db OWNER {name}"),
            format!("CREATE DATABASE {name}_to OWNER {name}"),
        ] {
            admin
                .batch_execute(&sql)
                .unwrap_or_else(|e| panic!("{sql}: {}", common::pg_error(&e)));
        }
        Role {
            name: name.to_owned(),
            password: password.to_owned(),
        }
    }

    /// `--db` for database `db` on `port` in `form`, with `password` and
    /// one extra setting (`connect_timeout`, `abc`) when given.
    fn db_with(
        &self,
        form: Form,
        password: &str,
        port: u16,
        db: &str,
        extra: Option<(&str, &str)>,
    ) -> String {
        let user = &self.name;
        let query = match extra {
            Some((k, v)) => format!("?{k}={}", encode(v)),
            None => String::new(),
        };
        match form {
            Form::Encoded => format!(
                "postgres://{user}:{}@127.0.0.1:{port}/{db}{query}",
                encode(password)
            ),
            Form::Raw => format!("postgres://{user}:{password}@127.0.0.1:{port}/{db}{query}"),
            Form::Upper => format!("POSTGRES://{user}:{password}@127.0.0.1:{port}/{db}{query}"),
            Form::KeyValue => {
                let quote = |v: &str| format!("'{}'", v.replace('\\', "\\\\").replace('\'', "\\'"));
                let extra = match extra {
                    Some((k, v)) => format!(" {k}={}", quote(v)),
                    None => String::new(),
                };
                format!(
                    "host=127.0.0.1 port={port} user={user} password={} dbname={db}{extra}",
                    quote(password)
                )
            }
        }
    }

    fn db(&self, form: Form, extra: Option<(&str, &str)>) -> String {
        let db = format!("{}_db", self.name);
        self.db_with(form, &self.password, server_port(), &db, extra)
    }

    /// How every message must show database `db` on `port`.
    fn shown(&self, port: u16, db: &str) -> String {
        format!("postgres://{}:***@127.0.0.1:{port}/{db}", self.name)
    }

    /// A wrong password, as full of URL characters as the right one.
    fn wrong(&self) -> String {
        format!("{}/Wr0ng9?@#", self.password)
    }

    /// What must never appear: each password whole and percent-encoded,
    /// and every run of three or more letters and digits in them.
    fn secrets(&self) -> Vec<String> {
        let mut out = Vec::new();
        for pw in [self.password.clone(), self.wrong()] {
            out.push(encode(&pw));
            for run in pw.split(|c: char| !c.is_ascii_alphanumeric()) {
                if run.len() >= 3 {
                    out.push(run.to_owned());
                }
            }
            out.push(pw);
        }
        out
    }
}

/// Asserts that no text shows any of `secrets`.
fn no_secret(what: &str, text: &str, secrets: &[String]) {
    for s in secrets {
        assert!(
            !text.contains(s.as_str()),
            "{what}: `{s}` shows in:\n{text}"
        );
    }
}

fn all_output(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The error of a failed command: exit status 2, `code`, its message
/// naming the database as `shown`.
fn failed_showing(what: &str, out: &Output, code: &str, shown: &str) -> Value {
    let e = err(out);
    assert_eq!(e["code"], code, "{what}: {e}");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains(shown), "{what}: `{shown}` not in {e}");
    e
}

/// A loopback port nothing listens on.
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A password full of `/ ? @ # % :`, percent-encoded or written as it is,
/// an upper-case `POSTGRES://` and a key=value connection string: on every
/// path — `init`'s result, `invalid_option`, `database_unreachable`,
/// `authentication_failed`, `ledger_not_found`, `statement_timeout`,
/// `not_a_ledger`, `migrate`'s result — the database shows as
/// `postgres://user:***@host:port/db` and no part of the password (nor of
/// a wrong one) appears anywhere in the output.
#[test]
fn passwords_full_of_url_characters_never_show_on_any_path() {
    let dir = common::dir("ledger_pg_resilience", "secrets");
    let port = server_port();
    ok(&Command::new(BIN)
        .current_dir(&dir)
        .args(["ledger", "--db", "source.db", "init"])
        .output()
        .unwrap());
    let roles = [
        (
            Role::new("wcs_url_a", "Kx7/?@#%:Vb3"),
            &[Form::Encoded, Form::KeyValue][..],
        ),
        (Role::new("wcs_url_b", "Zq/7?xY4"), &[Form::Raw][..]),
        (
            Role::new("wcs_url_c", "pw@ss99"),
            &[Form::Raw, Form::Upper][..],
        ),
        (
            Role::new("wcs_url_d", "Qr5#:/t?Jm8@%Lw2"),
            &[Form::Raw, Form::Upper, Form::Encoded][..],
        ),
    ];
    for (role, forms) in &roles {
        let secrets = role.secrets();
        let db = format!("{}_db", role.name);
        let shown = role.shown(port, &db);
        for &form in *forms {
            let what = |path: &str| format!("{} {form:?} {path}", role.name);
            let run = |db: &str, args: &[&str]| on(&dir, db).args(args).output().unwrap();
            let mut seen: Vec<(String, Output)> = Vec::new();

            let out = run(&role.db(form, None), &["init"]);
            assert_eq!(ok(&out)["db"], shown.as_str(), "{}", what("init"));
            seen.push((what("init"), out));

            let bad = role.db(form, Some(("connect_timeout", "abc")));
            let out = run(&bad, &["stats"]);
            let e = err(&out);
            assert_eq!(e["code"], "invalid_option", "{e}");
            if !matches!(form, Form::KeyValue) {
                assert!(e["message"].as_str().unwrap().contains(&shown), "{e}");
            }
            seen.push((what("invalid_option"), out));

            let closed = closed_port();
            let unreachable = role.db_with(form, &role.password, closed, &db, None);
            let out = run(&unreachable, &["stats"]);
            failed_showing(
                &what("unreachable"),
                &out,
                "database_unreachable",
                &role.shown(closed, &db),
            );
            seen.push((what("unreachable"), out));

            let wrong = role.db_with(form, &role.wrong(), port, &db, None);
            let out = run(&wrong, &["stats"]);
            failed_showing(
                &what("wrong password"),
                &out,
                "authentication_failed",
                &shown,
            );
            seen.push((what("wrong password"), out));

            let nope = format!("{db}_nope");
            let missing = role.db_with(form, &role.password, port, &nope, None);
            let out = run(&missing, &["stats"]);
            failed_showing(
                &what("no such database"),
                &out,
                "ledger_not_found",
                &role.shown(port, &nope),
            );
            seen.push((what("no such database"), out));

            let slow = role.db(form, Some(("options", "-c statement_timeout=50")));
            let out = {
                let _lock = common::hold_write_lock_db(&common::pg_db_url(&db));
                run(&slow, &["stats"])
            };
            failed_showing(
                &what("statement timeout"),
                &out,
                "statement_timeout",
                &shown,
            );
            seen.push((what("statement timeout"), out));

            // `migrate` into the role's empty database, then into its ledger.
            let to = format!("{}_to", role.name);
            let target = role.db_with(form, &role.password, port, &to, None);
            let out = on(&dir, "unused.db")
                .args(["migrate", "--from", "source.db", "--to", &target])
                .output()
                .unwrap();
            assert_eq!(ok(&out)["to"], role.shown(port, &to).as_str());
            seen.push((what("migrate"), out));
            let out = on(&dir, "unused.db")
                .args([
                    "migrate",
                    "--from",
                    "source.db",
                    "--to",
                    &role.db(form, None),
                ])
                .output()
                .unwrap();
            failed_showing(&what("migrate into a ledger"), &out, "not_a_ledger", &shown);
            seen.push((what("migrate into a ledger"), out));
            let mut admin = common::pg_admin();
            admin
                .batch_execute(&format!("DROP DATABASE {to} WITH (FORCE)"))
                .unwrap();
            admin
                .batch_execute(&format!("CREATE DATABASE {to} OWNER {}", role.name))
                .unwrap();

            for (what, out) in &seen {
                no_secret(what, &all_output(out), &secrets);
            }
        }
    }
    daemon_paths(&dir, &roles[0].0, Form::Encoded);
    daemon_paths(&dir, &roles[3].0, Form::Raw);
}

/// Ends the role's sessions (`pg_terminate_backend`), those `order` picks.
fn end_sessions(role: &Role, order: &str) {
    common::pg_admin()
        .batch_execute(&format!(
            "SELECT pg_terminate_backend(pid) FROM
               (SELECT pid FROM pg_stat_activity WHERE usename = '{}' {order}) s",
            role.name
        ))
        .unwrap();
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

/// The daemon's paths for one role: `/healthz` and `/metrics` bodies while
/// the role may not log in and after its sessions were ended, the
/// `tick_failed` log of the lost connection, the error it ends with.
fn daemon_paths(dir: &Path, role: &Role, form: Form) {
    let secrets = role.secrets();
    let db = format!("{}_db", role.name);
    let shown = role.shown(server_port(), &db);
    common::pg_admin()
        .batch_execute(&format!("ALTER ROLE {} LOGIN", role.name))
        .unwrap();
    let addr = format!("127.0.0.1:{}", closed_port());
    let mut daemon = Spawned::start(
        on(dir, &role.db(form, None))
            .args(["run", "--worker", "w", "--every", "PT1S", "--exec", "true"])
            .args(["--metrics-addr", &addr]),
        dir,
        &format!("{}-run", role.name),
    );
    daemon.wait_event("tick", Duration::from_secs(30));
    assert_eq!(http_get(&addr, "/healthz").0, "HTTP/1.1 200 OK");
    assert_eq!(http_get(&addr, "/metrics").0, "HTTP/1.1 200 OK");

    let mut bodies = Vec::new();
    common::pg_admin()
        .batch_execute(&format!("ALTER ROLE {} NOLOGIN", role.name))
        .unwrap();
    let (status, body) = http_get(&addr, "/healthz");
    assert_eq!(status, "HTTP/1.1 503 Service Unavailable", "{body}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(e["code"], "authentication_failed", "{e}");
    assert!(e["message"].as_str().unwrap().contains(&shown), "{e}");
    bodies.push(body);
    // The newest session is `/metrics`' own (opened after the daemon's):
    // ended, its next answer is the lost connection's error.
    end_sessions(role, "ORDER BY backend_start DESC LIMIT 1");
    let (status, body) = http_get(&addr, "/metrics");
    assert_eq!(status, "HTTP/1.1 503 Service Unavailable", "{body}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["message"].as_str().unwrap().contains(&shown), "{e}");
    bodies.push(body);
    end_sessions(role, "");

    // The daemon loses its connection, logs it, and ends at its next
    // connection attempt: the role may not log in (not transient).
    let status = daemon.wait(Duration::from_secs(60));
    assert_eq!(status.code(), Some(2), "{}", daemon.stderr());
    let lost = daemon.events("tick_failed");
    assert!(
        lost.iter()
            .any(|e| e["code"] == "connection_lost"
                && e["message"].as_str().unwrap().contains(&shown)),
        "{}",
        daemon.stderr()
    );
    let text = daemon.stderr();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["code"], "authentication_failed", "{text}");
    assert!(last["message"].as_str().unwrap().contains(&shown), "{last}");
    no_secret("daemon", &format!("{}{text}", daemon.stdout()), &secrets);
    no_secret("daemon bodies", &bodies.join("\n"), &secrets);
    common::pg_admin()
        .batch_execute(&format!("ALTER ROLE {} LOGIN", role.name))
        .unwrap();
}

/// A nominal UTC start `ago` before the wall clock, to the second.
fn start_ago(ago: SignedDuration) -> String {
    Timestamp::now()
        .checked_sub(ago)
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// `init`, then `add` of `spec` with its past occurrences, on `db`.
fn setup(dir: &Path, db: &str, spec: &str) {
    std::fs::write(dir.join("spec.json"), spec).unwrap();
    ok(&on(dir, db).arg("init").output().unwrap());
    ok(&on(dir, db)
        .args([
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            common::BACKFILL,
        ])
        .output()
        .unwrap());
}

/// The non-deduplicating handler: every run appends its key.
const APPEND: &str = r#"echo "$WALLCLOCK_KEY" >> effects.log"#;

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Waits until `cond` holds, failing with `what` after `within`.
fn wait_until(what: &str, within: Duration, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(t.elapsed() < within, "{what} after {within:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The server frozen with SIGSTOP (postmaster and every backend: the
/// kernel still accepts a connection, nothing answers). A `tick` started
/// then ends with `database_unreachable` within the URL's
/// `connect_timeout` (2 s) instead of hanging; a running daemon's next
/// statement ends within `--busy-timeout` + `connect_timeout` (1 s + 2 s),
/// it logs the failure (`tick_failed`, or `record_failed` for an outcome's
/// write) and runs occurrences again once the server is thawed, none twice.
#[test]
fn a_frozen_server_ends_a_tick_and_a_daemons_statement_in_bounded_time() {
    let dir = common::dir("ledger_pg_resilience", "frozen");
    let server = OwnServer::new("frozen", "");
    let db = server.url("postgres", "connect_timeout=2");
    setup(
        &dir,
        &db,
        &format!(
            r#"{{"id":"f","timeZone":"UTC","start":"{}","rrule":"FREQ=SECONDLY"}}"#,
            start_ago(SignedDuration::from_secs(5))
        ),
    );
    let tick = ["tick", "--worker", "t", "--exec", "true"];

    let frozen = server.freeze();
    let t = Instant::now();
    let mut ticking = Spawned::start(on(&dir, &db).args(tick), &dir, "tick");
    let status = ticking.wait(Duration::from_secs(30));
    let took = t.elapsed();
    assert_eq!(status.code(), Some(2), "{}", ticking.stderr());
    let e: Value = serde_json::from_str(ticking.stderr().lines().last().unwrap()).unwrap();
    assert_eq!(e["code"], "database_unreachable", "{e}");
    assert!(e["message"].as_str().unwrap().contains("2 s"), "{e}");
    assert!(took < Duration::from_secs(8), "the tick took {took:?}");
    frozen.thaw();
    ok(&on(&dir, &db).args(tick).output().unwrap());

    let mut daemon = Spawned::start(
        on(&dir, &db)
            .args(["--busy-timeout", "PT1S", "run", "--worker", "w"])
            .args(["--every", "PT0.2S", "--horizon", "PT1M", "--exec", APPEND]),
        &dir,
        "run",
    );
    wait_until("no effect", Duration::from_secs(30), || {
        !lines(&dir.join("effects.log")).is_empty()
    });
    let frozen = server.freeze();
    let t = Instant::now();
    // Whatever the daemon was doing (a tick's statement, an outcome's
    // write) ends, logged.
    let failures = || {
        ["tick_failed", "record_failed", "renew_failed"]
            .iter()
            .flat_map(|event| daemon.events(event))
            .filter(|e| e["code"] == "database_unreachable")
            .count()
    };
    wait_until("no failure logged", Duration::from_secs(30), || {
        failures() > 0
    });
    let took = t.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "the statement ended after {took:?}"
    );
    frozen.thaw();
    let before = lines(&dir.join("effects.log")).len();
    wait_until("no effect after the thaw", Duration::from_secs(30), || {
        lines(&dir.join("effects.log")).len() > before
    });
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
    let effects = lines(&dir.join("effects.log"));
    let unique: std::collections::HashSet<&String> = effects.iter().collect();
    assert_eq!(unique.len(), effects.len(), "a key ran twice: {effects:?}");
}

/// `run --lease PT3S --timeout PT3S`, the server frozen 0.5 s into the
/// job (the lease renewal due at 1 s then gets no answer): the command's
/// process group is killed at its timeout, not once the server answers
/// again; after the thaw the attempt is recorded as `timeout`.
#[test]
fn a_frozen_server_does_not_delay_the_timeout_kill() {
    let dir = common::dir("ledger_pg_resilience", "frozen_timeout");
    let server = OwnServer::new("frozen_timeout", "");
    let db = server.url("postgres", "connect_timeout=2");
    setup(
        &dir,
        &db,
        &format!(
            r#"{{"id":"k","timeZone":"UTC","start":"{}","rrule":"FREQ=DAILY;COUNT=1"}}"#,
            start_ago(SignedDuration::from_secs(10))
        ),
    );
    let mut daemon = Spawned::start(
        on(&dir, &db)
            .args(["run", "--worker", "w", "--every", "PT0.2S"])
            .args(["--lease", "PT3S", "--timeout", "PT3S", "--backoff", "PT1H"])
            .args(["--exec", "echo $$ > job.pid; exec sleep 30"]),
        &dir,
        "run",
    );
    let pid_file = dir.join("job.pid");
    wait_until("the job never started", Duration::from_secs(30), || {
        std::fs::read_to_string(&pid_file).is_ok_and(|s| s.ends_with('\n'))
    });
    let started = Instant::now();
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let frozen = server.freeze();
    while !faults::ended(pid) && started.elapsed() < Duration::from_millis(10_500) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed_after = started.elapsed();
    frozen.thaw();
    assert!(
        killed_after < Duration::from_millis(4_500),
        "the command was killed {killed_after:?} after it started, its timeout is 3 s"
    );
    let recorded = || {
        common::rows_db(
            &db,
            "SELECT o.state, a.outcome, a.error_class FROM occurrences o
               JOIN attempts a ON a.occurrence = o.seq",
        )
    };
    wait_until(
        "the attempt is not recorded",
        Duration::from_secs(60),
        || {
            recorded()
                .first()
                .is_some_and(|r| r[1].text().as_deref() == Some("failed"))
        },
    );
    let r = recorded();
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0][0].text().as_deref(), Some("retry_wait"), "{r:?}");
    assert_eq!(r[0][2].text().as_deref(), Some("timeout"), "{r:?}");
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
}

/// Every connection slot of `server` taken by the test until dropped
/// (`max_connections` as the server was started with, none reserved).
fn take_all_slots(server: &OwnServer) -> Vec<postgres::Client> {
    let mut held = Vec::new();
    loop {
        match server.connect() {
            Ok(c) => held.push(c),
            Err(e) => {
                let code = e.as_db_error().map(|d| d.code().code().to_owned());
                assert_eq!(code.as_deref(), Some("53300"), "{e}");
                assert!(!held.is_empty(), "no slot at all: {e}");
                return held;
            }
        }
    }
}

/// The settings of a server with five connection slots, none reserved.
const FIVE_SLOTS: &str = "max_connections = 5\nsuperuser_reserved_connections = 0";

/// A daemon started while every connection slot is taken (SQLSTATE 53300)
/// logs `tick_failed`, backs off and tries again, and runs the due
/// occurrence once a slot frees.
#[test]
fn too_many_connections_when_a_daemon_starts_is_transient() {
    let dir = common::dir("ledger_pg_resilience", "slots_start");
    let server = OwnServer::new("slots_start", FIVE_SLOTS);
    let db = server.url("postgres", "connect_timeout=2");
    setup(
        &dir,
        &db,
        &format!(
            r#"{{"id":"c","timeZone":"UTC","start":"{}","rrule":"FREQ=DAILY;COUNT=1"}}"#,
            start_ago(SignedDuration::from_secs(10))
        ),
    );
    let slots = take_all_slots(&server);
    let mut daemon = Spawned::start(
        on(&dir, &db).args([
            "run", "--worker", "w", "--every", "PT0.2S", "--exec", APPEND,
        ]),
        &dir,
        "run",
    );
    let failed = daemon.wait_event("tick_failed", Duration::from_secs(30));
    assert_eq!(failed["code"], "database_unreachable", "{failed}");
    assert!(
        failed["message"].as_str().unwrap().contains("too many"),
        "{failed}"
    );
    std::thread::sleep(Duration::from_secs(1));
    assert!(daemon.status().is_none(), "{}", daemon.stderr());
    drop(slots);
    wait_until("no effect", Duration::from_secs(60), || {
        !lines(&dir.join("effects.log")).is_empty()
    });
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
    assert_eq!(lines(&dir.join("effects.log")).len(), 1);
}

/// A daemon's job finishes while the server was restarted and every slot
/// taken: the outcome's write fails with SQLSTATE 53300 (logged as
/// `record_failed`), is kept and tried again, and is written once a slot
/// frees. The daemon does not end, and a later tick never runs the key
/// again.
#[test]
fn too_many_connections_when_an_outcome_is_recorded_keeps_it_until_written() {
    let dir = common::dir("ledger_pg_resilience", "slots_outcome");
    let server = OwnServer::new("slots_outcome", FIVE_SLOTS);
    let db = server.url("postgres", "connect_timeout=2");
    setup(
        &dir,
        &db,
        &format!(
            r#"{{"id":"c","timeZone":"UTC","start":"{}","rrule":"FREQ=DAILY;COUNT=1"}}"#,
            start_ago(SignedDuration::from_secs(10))
        ),
    );
    let mut daemon = Spawned::start(
        on(&dir, &db)
            .args([
                "run", "--worker", "w", "--every", "PT0.2S", "--lease", "PT2M",
            ])
            .args(["--exec", &format!("touch started; sleep 3; {APPEND}")]),
        &dir,
        "run",
    );
    let started = dir.join("started");
    common::wait_for(&started, Duration::from_secs(30));
    server.restart();
    let slots = take_all_slots(&server);
    wait_until("the job never ended", Duration::from_secs(30), || {
        !lines(&dir.join("effects.log")).is_empty()
    });
    // The first try may meet the connection the restart closed; the next
    // ones find no free slot.
    wait_until(
        "no outcome write met a full server",
        Duration::from_secs(30),
        || {
            daemon.events("record_failed").iter().any(|e| {
                e["code"] == "database_unreachable"
                    && e["message"]
                        .as_str()
                        .unwrap()
                        .contains("too many connections")
                    && e["key"].as_str().unwrap().starts_with("c|")
            })
        },
    );
    std::thread::sleep(Duration::from_secs(3));
    assert!(daemon.status().is_none(), "{}", daemon.stderr());
    drop(slots);
    wait_until(
        "the outcome is not recorded",
        Duration::from_secs(60),
        || {
            common::rows_db(&db, "SELECT state FROM occurrences")
                .first()
                .is_some_and(|r| r[0].text().as_deref() == Some("done"))
        },
    );
    daemon.signal("TERM");
    let status = daemon.wait(Duration::from_secs(30));
    assert!(status.success(), "{status}: {}", daemon.stderr());
    let later = ok(&on(&dir, &db)
        .args(["tick", "--worker", "t", "--exec", APPEND])
        .output()
        .unwrap());
    assert_eq!(later["claimed"], 0, "{later}");
    assert_eq!(lines(&dir.join("effects.log")).len(), 1);
}
