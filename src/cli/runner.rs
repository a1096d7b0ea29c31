//! `ledger tick` and `ledger run`: claiming due occurrences, running their
//! commands (lease renewal, timeout, shutdown grace, the tail of stderr)
//! and recording the outcomes, and the daemon loop that keeps doing so
//! through a busy or unreachable store.

use std::io::{self, Read, Write};
use std::process::{Child, Command as Process, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp};

use crate::format::fmt_instant;
use crate::lang::{Text, input_errors as says, ledger as run};
use crate::ledger::{Finish, Job, Ledger, LedgerError, MAX_CLAIMS_PER_TICK, Outcome, TickReport};

/// What a worker runs and how.
pub(super) struct Work {
    pub(super) worker: String,
    pub(super) exec: String,
    pub(super) lease: SignedDuration,
    /// Kill the command's process group after this long.
    pub(super) timeout: Option<Duration>,
    /// After a stop signal, how long a running command may go on, and how
    /// long an outcome the store does not take is still tried.
    pub(super) grace: Duration,
    /// How long a finished command's outcome is tried against a store that
    /// fails transiently: None, until it is written (`run`).
    pub(super) patience: Option<Duration>,
}

/// How `ledger run` loops.
pub(super) struct Schedule {
    pub(super) every: Duration,
    pub(super) horizon: SignedDuration,
}

/// How much of a failed command's stderr its attempt keeps.
const STDERR_TAIL: usize = 4096;

/// A claim later than this after its instant counts as late in the tick log.
const LATE: SignedDuration = SignedDuration::from_secs(60);

/// The longest pause between two tries after a transient failure.
const BACKOFF_MAX: Duration = Duration::from_secs(60);

/// How long `tick` tries a finished command's outcome against a store that
/// fails transiently (a busy database, an unreachable server, a full
/// disk; each try itself waits up to `--busy-timeout`), between tries at
/// most [`RECORD_BACKOFF_MAX`] apart. Past it the tick fails with the key
/// and outcome it could not record. `run` tries until the outcome is
/// written.
pub(super) const RECORD_PATIENCE: Duration = Duration::from_secs(3600);

/// The longest wait between two tries to record an outcome.
const RECORD_BACKOFF_MAX: Duration = Duration::from_secs(2);

/// Writes one JSON Lines record to stderr, stamped with the clock.
fn log(event: &str, mut fields: serde_json::Value) {
    if let Some(map) = fields.as_object_mut() {
        map.insert("event".to_owned(), event.into());
        map.insert("at".to_owned(), fmt_instant(Timestamp::now()).into());
    }
    let _ = writeln!(io::stderr().lock(), "{fields}");
}

/// `d` scaled by a factor in [0.5, 1): workers that failed together do not
/// retry together.
fn jitter(d: Duration) -> Duration {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.subsec_nanos());
    d.mul_f64(0.5 + f64::from(nanos % 1000) / 2000.0)
}

/// `ledger run`: plans and ticks every `every` until SIGTERM or SIGINT.
/// A busy database, an unreachable or restarted PostgreSQL server and a
/// failed write are transient, at start as later: each is logged and tried
/// again after a bounded, jittered backoff; only bad configuration (and a
/// corrupt or too new ledger) ends the daemon. One JSON line per tick and
/// per failed attempt goes to stderr; the summary is the result.
pub(super) fn daemon(
    open: impl Fn() -> Result<Ledger, LedgerError>,
    setup: impl Fn(Ledger) -> Result<Ledger, LedgerError>,
    work: &Work,
    plan: &Schedule,
    stop: &AtomicBool,
) -> Result<serde_json::Value, LedgerError> {
    let mut backoff = Duration::ZERO;
    let mut ledger = None;
    let mut total = TickReport::default();
    let mut ticks = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let result = match ledger.as_mut() {
            Some(l) => tick_once(l, work, plan, stop).map(Some),
            None => open().and_then(&setup).map(|l| {
                ledger = Some(l);
                None
            }),
        };
        let wait = match result {
            Ok(Some(r)) => {
                backoff = Duration::ZERO;
                total.merge(&r);
                ticks += 1;
                plan.every
            }
            Ok(None) => {
                backoff = Duration::ZERO;
                Duration::ZERO
            }
            // After a stop signal a failure is the last word: an outcome
            // that could not be written within the grace ends the daemon.
            Err(e) if e.is_transient() && !stop.load(Ordering::Relaxed) => {
                backoff = (backoff * 2).clamp(Duration::from_millis(500), BACKOFF_MAX);
                let wait = jitter(backoff);
                log(
                    "tick_failed",
                    serde_json::json!({
                        "code": e.code(), "message": e.message(),
                        "retryInMs": wait.as_millis() as u64,
                    }),
                );
                wait
            }
            Err(e) => return Err(e),
        };
        pause(wait, stop);
    }
    log("stopped", serde_json::json!({ "ticks": ticks }));
    Ok(serde_json::json!({ "ticks": ticks, "stopped": "signal", "total": total }))
}

/// A flag that SIGTERM and SIGINT set.
pub(super) fn stop_on_signals() -> Result<Arc<AtomicBool>, LedgerError> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop)).map_err(|e| {
            LedgerError::new(
                "internal",
                Text::new(says::CLI_SIGNALS).with("why", e.to_string()),
            )
        })?;
    }
    Ok(stop)
}

/// One tick of the daemon: plan ahead, then work through what is due.
fn tick_once(
    ledger: &mut Ledger,
    work: &Work,
    plan: &Schedule,
    stop: &AtomicBool,
) -> Result<TickReport, LedgerError> {
    ledger.plan(Timestamp::now(), plan.horizon)?;
    let mut late = 0u64;
    let r = work_loop(ledger, None, work, stop, &mut late)?;
    log(
        "tick",
        serde_json::json!({
            "claimed": r.claimed, "done": r.done, "failed": r.retried + r.dead,
            "dead": r.dead, "late": late, "fenced": r.fenced,
        }),
    );
    Ok(r)
}

/// Sleeps for `every` in short slices, so a signal ends the wait promptly.
fn pause(every: Duration, stop: &AtomicBool) {
    let mut slept = Duration::ZERO;
    while slept < every && !stop.load(Ordering::Relaxed) {
        let step = (every - slept).min(Duration::from_millis(50));
        std::thread::sleep(step);
        slept += step;
    }
}

/// Claims and runs due occurrences until none is left (or `stop` is set):
/// each claim and each outcome is its own transaction, so a kill at any
/// point leaves a consistent ledger that the lease recovers. While the
/// command runs, the lease is renewed every third of its length, so a
/// command may run longer than `--lease` as long as this process lives.
/// An error after earlier transactions says what they committed. `late`
/// counts claims more than a minute after their instant.
pub(super) fn work_loop(
    ledger: &mut Ledger,
    fixed: Option<Timestamp>,
    work: &Work,
    stop: &AtomicBool,
    late: &mut u64,
) -> Result<TickReport, LedgerError> {
    let mut report = TickReport::default();
    while !stop.load(Ordering::Relaxed) {
        if report.claimed as usize >= MAX_CLAIMS_PER_TICK {
            report.truncated = true;
            break;
        }
        let mut step = TickReport::default();
        let ran = run_next(ledger, fixed, work, stop, &mut step, late);
        report.merge(&step);
        match ran {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(e.after_commits(report.committed())),
        }
    }
    Ok(report)
}

/// Claims the next due occurrence and runs its command, renewing the lease
/// meanwhile, then records the outcome. False when nothing was claimable.
fn run_next(
    ledger: &mut Ledger,
    fixed: Option<Timestamp>,
    work: &Work,
    stop: &AtomicBool,
    tally: &mut TickReport,
    late: &mut u64,
) -> Result<bool, LedgerError> {
    let clock = || fixed.unwrap_or_else(Timestamp::now);
    let lease = work.lease;
    let every = Duration::try_from(lease / 3)
        .unwrap_or(Duration::from_secs(1))
        .max(Duration::from_millis(10));
    let now = clock();
    let Some(mut job) = ledger.claim_next(now, &work.worker, lease, tally)? else {
        return Ok(false);
    };
    if now.duration_since(job.instant) > LATE {
        *late += 1;
    }
    let claimed = job.clone();
    let mut held = true;
    let outcome = exec(work, &claimed, every, stop, || {
        // A renewal that fails transiently (a busy database, a server that
        // does not answer, a full disk) is tried again at the next
        // interval; once the claim is lost, or refused for good (a newer
        // epoch), it stays lost. Neither stops the command, whose outcome
        // is recorded below as the generation and the epoch allow.
        if held {
            match ledger.renew(&mut job, clock(), lease) {
                Ok(h) => held = h,
                Err(e) => {
                    held = e.is_transient();
                    log(
                        "renew_failed",
                        serde_json::json!({ "key": job.key, "code": e.code(), "message": e.message() }),
                    );
                }
            }
        }
    });
    let finish = record_outcome(ledger, &job, clock, &outcome, work, stop)?;
    if let Outcome::Failed { class, message, .. } = &outcome {
        log(
            "attempt_failed",
            serde_json::json!({
                "key": job.key, "attempt": job.attempt, "class": class,
                "error": crate::ledger::sentences::read_message(Some(message.clone())),
                "then": match finish {
                    Finish::Dead => "dead",
                    Finish::Retry => "retry_wait",
                    Finish::Fenced => "fenced",
                    Finish::Done => "done",
                },
            }),
        );
    }
    tally.count(finish);
    Ok(true)
}

/// Records `outcome` for `job`, keeping it and trying again with bounded
/// backoff while the store fails transiently (a held write lock, a lost
/// or unanswered connection, a full disk): the command has run, so its
/// outcome must not be lost. Each failed try is logged (`record_failed`).
/// It gives up on an error that is not transient, after the worker's
/// patience, or once the worker was told to stop and its grace has
/// passed. The fencing generation decides whether it is recorded (even
/// after the lease ran out, as long as nobody claimed the occurrence
/// again) or fenced.
fn record_outcome(
    ledger: &mut Ledger,
    job: &Job,
    clock: impl Fn() -> Timestamp,
    outcome: &Outcome,
    work: &Work,
    stop: &AtomicBool,
) -> Result<Finish, LedgerError> {
    let started = Instant::now();
    let mut stopped: Option<Instant> = None;
    let mut wait = Duration::from_millis(50);
    loop {
        let e = match ledger.finish(job, clock(), outcome) {
            Ok(f) => return Ok(f),
            Err(e) => e,
        };
        if stopped.is_none() && stop.load(Ordering::Relaxed) {
            stopped = Some(Instant::now());
        }
        let patient = work.patience.is_none_or(|p| started.elapsed() < p)
            && stopped.is_none_or(|s| s.elapsed() < work.grace);
        if !(e.is_transient() && patient) {
            return Err(unrecorded(job, outcome, &e));
        }
        let pause = jitter(wait);
        log(
            "record_failed",
            serde_json::json!({
                "key": job.key, "attempt": job.attempt, "code": e.code(), "message": e.message(),
                "retryInMs": pause.as_millis() as u64,
            }),
        );
        std::thread::sleep(pause);
        wait = (wait * 2).min(RECORD_BACKOFF_MAX);
    }
}

/// The error of an outcome that could not be recorded, naming the key and
/// the outcome.
fn unrecorded(job: &Job, outcome: &Outcome, e: &LedgerError) -> LedgerError {
    let what = match outcome {
        Outcome::Done => Text::new(says::LEDGER_OUTCOME_DONE),
        Outcome::Failed { class, .. } => {
            Text::new(says::LEDGER_OUTCOME_FAILED).with("class", class.to_string())
        }
    };
    LedgerError::new(
        e.code(),
        Text::new(says::LEDGER_UNRECORDED)
            .with("key", job.key.as_str())
            .with("attempt", job.attempt)
            .with("outcome", what)
            .with("why", e.message()),
    )
}

/// How a command's run ended.
enum Ended {
    Exited(ExitStatus),
    TimedOut(Duration),
    Stopped(Duration),
}

/// Runs the command for one job with its identity in the environment, in
/// a process group of its own, while a thread of its own calls `renew`
/// every `every`: a renewal that waits for the store (a held lock, a
/// server that does not answer) never delays what this thread enforces.
/// Past `--timeout`, or past the shutdown grace once `stop` is set, the
/// whole group is killed; the renewal under way, if any, is then waited
/// for (it ends within the store's own bounds). The command's stdout goes
/// to our stderr so that our stdout stays one JSON document; its stderr
/// too, and a failed attempt keeps the last [`STDERR_TAIL`] bytes of it.
fn exec(
    work: &Work,
    job: &Job,
    every: Duration,
    stop: &AtomicBool,
    renew: impl FnMut() + Send,
) -> Outcome {
    let command = work.exec.as_str();
    let mut child = match spawn(command, job) {
        Ok(c) => c,
        Err(e) => {
            let why = Text::new(run::RUN_SPAWN)
                .with("command", command)
                .with("why", e.to_string());
            return Outcome::failed_saying("spawn", why);
        }
    };
    let tail = keep_tail(&mut child);
    let ended = std::thread::scope(|s| {
        let (done, finished) = std::sync::mpsc::channel::<()>();
        s.spawn(move || renewing(finished, every, renew));
        let ended = watch(&mut child, job, work, stop);
        drop(done);
        ended
    });
    let tail = tail.finish();
    let (class, what) = match ended {
        Ok(Ended::Exited(s)) if s.success() => return Outcome::Done,
        Ok(Ended::Exited(s)) => match s.code() {
            Some(code) => (
                format!("exit_{code}"),
                Text::new(run::RUN_EXITED).with("code", code),
            ),
            None => ("signal".to_owned(), Text::new(run::RUN_SIGNAL)),
        },
        Ok(Ended::TimedOut(after)) => (
            "timeout".to_owned(),
            Text::new(run::RUN_TIMEOUT).with("secs", after.as_secs_f64().to_string()),
        ),
        Ok(Ended::Stopped(after)) => (
            "shutdown".to_owned(),
            Text::new(run::RUN_STOPPED).with("secs", after.as_secs_f64().to_string()),
        ),
        Err(e) => {
            let why = Text::new(run::RUN_WAIT)
                .with("command", command)
                .with("why", e.to_string());
            return Outcome::failed_saying("wait", why);
        }
    };
    let what = what.with("command", command);
    match tail.is_empty() {
        true => Outcome::failed_saying(class, what),
        false => Outcome::failed_saying(
            class,
            Text::new(run::RUN_STDERR)
                .with("what", what)
                .with("tail", tail),
        ),
    }
}

/// Calls `renew` every `every` until `finished` says the command ended.
fn renewing(finished: std::sync::mpsc::Receiver<()>, every: Duration, mut renew: impl FnMut()) {
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(every) {
        renew();
    }
}

fn spawn(command: &str, job: &Job) -> io::Result<Child> {
    use std::os::unix::process::CommandExt;
    let mut child = Process::new("sh");
    child
        .arg("-c")
        .arg(command)
        .env("WALLCLOCK_KEY", &job.key)
        .env("WALLCLOCK_SCHEDULE", &job.schedule)
        .env("WALLCLOCK_REVISION", job.revision.to_string())
        .env("WALLCLOCK_OCCURRENCE", &job.occurrence)
        .env("WALLCLOCK_NOMINAL", &job.nominal)
        .env("WALLCLOCK_INSTANT", fmt_instant(job.instant))
        .env("WALLCLOCK_ATTEMPT", job.attempt.to_string())
        .env("WALLCLOCK_GENERATION", job.generation.to_string())
        .env("WALLCLOCK_LEASE_UNTIL", fmt_instant(job.lease_until))
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Ok(fd) = std::os::fd::AsFd::as_fd(&io::stderr()).try_clone_to_owned() {
        child.stdout(Stdio::from(fd));
    }
    child.spawn()
}

/// Waits for the command, enforcing the timeout and the shutdown grace.
fn watch(child: &mut Child, job: &Job, work: &Work, stop: &AtomicBool) -> io::Result<Ended> {
    // The schedule's own timeout, else the worker's.
    let limit = job
        .timeout
        .and_then(|t| Duration::try_from(t).ok())
        .or(work.timeout);
    let started = Instant::now();
    let mut stopping: Option<Instant> = None;
    // Poll often at first (most commands are short), then less.
    let mut nap = Duration::from_micros(200);
    loop {
        if let Some(s) = child.try_wait()? {
            return Ok(Ended::Exited(s));
        }
        if let Some(limit) = limit
            && started.elapsed() >= limit
        {
            kill_group(child)?;
            return Ok(Ended::TimedOut(limit));
        }
        if stopping.is_none() && stop.load(Ordering::Relaxed) {
            stopping = Some(Instant::now());
        }
        if let Some(since) = stopping
            && since.elapsed() >= work.grace
        {
            kill_group(child)?;
            return Ok(Ended::Stopped(work.grace));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    }
}

/// Kills the command's whole process group (the shell and whatever it
/// started), then reaps the shell.
fn kill_group(child: &mut Child) -> io::Result<()> {
    let group = format!("-{}", child.id());
    let killed = Process::new("kill")
        .args(["-KILL", "--", &group])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !killed.is_ok_and(|s| s.success()) {
        child.kill()?;
    }
    child.wait()?;
    Ok(())
}

/// The command's stderr, passed on to ours as it comes, its last
/// [`STDERR_TAIL`] bytes kept.
struct Tail {
    kept: Arc<Mutex<Vec<u8>>>,
    done: std::sync::mpsc::Receiver<()>,
}

fn keep_tail(child: &mut Child) -> Tail {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let (tx, done) = std::sync::mpsc::channel();
    if let Some(mut pipe) = child.stderr.take() {
        let kept = Arc::clone(&kept);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let _ = io::stderr().lock().write_all(&buf[..n]);
                if let Ok(mut k) = kept.lock() {
                    k.extend_from_slice(&buf[..n]);
                    let over = k.len().saturating_sub(STDERR_TAIL);
                    k.drain(..over);
                }
            }
            let _ = tx.send(());
        });
    } else {
        let _ = tx.send(());
    }
    Tail { kept, done }
}

impl Tail {
    /// The kept bytes as text, once the pipe closed (or after a second: a
    /// process that left the group may hold it open).
    fn finish(self) -> String {
        let _ = self.done.recv_timeout(Duration::from_secs(1));
        let kept = self.kept.lock().map(|k| k.clone()).unwrap_or_default();
        String::from_utf8_lossy(&kept).trim().to_owned()
    }
}
