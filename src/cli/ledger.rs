//! `wallclock ledger …`: the SQLite occurrence ledger on the command line.
//!
//! Every time-dependent command takes `--now INSTANT`; without it the clock
//! is read here, never in the library. Errors print the JSON error object on
//! one line to stderr with exit status 2, and leave the database unchanged
//! (every command is one transaction, or validates before it writes).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use jiff::{SignedDuration, Timestamp};

use crate::format::fmt_instant;
use crate::ledger::{
    DEFAULT_BUSY_TIMEOUT, Job, Ledger, LedgerError, Location, Outcome, Reconcile, RetryPolicy,
    TickReport,
};
use crate::spec::parse_duration;

use super::ledger_ops;

/// The occurrence ledger: plan, claim and run calendar occurrences from a
/// SQLite file or a PostgreSQL database.
#[derive(Debug, Parser)]
#[command(
    name = "wallclock ledger",
    bin_name = "wallclock ledger",
    arg_required_else_help = true
)]
struct LedgerCli {
    /// The ledger: a SQLite file, or a `postgres://USER@HOST:PORT/DATABASE`
    /// URL (default: `WALLCLOCK_DB` from the environment).
    #[arg(long, value_name = "FILE|URL", global = true)]
    db: Option<String>,
    /// How long to wait for another process's write lock, e.g. `PT5S`.
    #[arg(long, value_name = "DURATION", global = true)]
    busy_timeout: Option<String>,
    /// How long an `unknown_effect` waits for `reconcile` before a tick moves it to `manual`.
    #[arg(long, value_name = "DURATION", global = true, default_value = "PT30M")]
    manual_after: String,
    #[command(subcommand)]
    command: LedgerCommand,
}

#[derive(Debug, Subcommand)]
enum LedgerCommand {
    /// Create the ledger (or upgrade its schema).
    Init,
    /// Add a schedule (revision 1) from a spec file.
    Add {
        /// The spec: JSON or an iCalendar VEVENT, `-` for stdin.
        #[arg(long, value_name = "FILE")]
        spec: String,
    },
    /// A new revision of a schedule, owning the instants from the cutover on.
    Update {
        /// The new spec (its `id` names the schedule).
        #[arg(long, value_name = "FILE")]
        spec: String,
        /// UTC cutover instant, e.g. `2026-10-20T10:00:00Z`.
        #[arg(long, value_name = "INSTANT")]
        cutover: String,
    },
    /// Disable a schedule: pending occurrences are cancelled; nothing more is claimed.
    Disable {
        /// Schedule id.
        id: String,
    },
    /// Enable a schedule again; planning resumes at `--now`.
    Enable {
        /// Schedule id.
        id: String,
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
    },
    /// Materialise occurrences up to now + horizon (idempotent).
    Plan {
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
        /// How far ahead, e.g. `P14D` (at most `P366D`).
        #[arg(long, value_name = "DURATION", default_value = "P14D")]
        horizon: String,
    },
    /// Plan what is due but not yet planned, decide missed occurrences, then claim and run every due one once.
    Tick {
        /// The current instant (default: the clock, read at each claim).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
        #[command(flatten)]
        work: WorkArgs,
    },
    /// Plan and tick in a loop until SIGTERM or SIGINT.
    Run {
        #[command(flatten)]
        work: WorkArgs,
        /// Time between ticks.
        #[arg(long, value_name = "DURATION", default_value = "PT10S")]
        every: String,
        /// How far ahead to plan.
        #[arg(long, value_name = "DURATION", default_value = "P14D")]
        horizon: String,
    },
    /// List occurrences (filtered; JSON and JSON Lines stream in constant memory).
    Occurrences(ledger_ops::OccurrencesArgs),
    /// Every schedule: revision, status, zone, rule, next run, last result, lateness, counts.
    Schedules(ledger_ops::SchedulesArgs),
    /// One schedule as `schedules` shows it, with its revisions.
    Show(ledger_ops::ShowArgs),
    /// Remove a schedule: what never ran is cancelled, history stays, the id is not reused.
    Remove(ledger_ops::RemoveArgs),
    /// Make a `dead`, `manual` or `unknown_effect` occurrence claimable again, same key.
    Retry(ledger_ops::RetryArgs),
    /// Run one occurrence of a schedule now, with its own key `<id>|manual|<instant>`.
    Trigger(ledger_ops::TriggerArgs),
    /// Delete terminal occurrences before an instant, keeping each schedule's newest.
    Prune(ledger_ops::PruneArgs),
    /// Everything the ledger knows about one effect key.
    Explain {
        /// The key, e.g. `digest|2026-10-21T09:00:00`.
        key: String,
    },
    /// Settle an `unknown_effect` occurrence after checking downstream.
    Reconcile {
        /// The effect key, e.g. `digest|2026-10-21T09:00:00`.
        key: String,
        #[command(flatten)]
        outcome: ReconcileArgs,
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
    },
    /// Lateness, terminal states, note codes, attempt outcomes.
    Stats {
        /// Output format.
        #[arg(long, value_enum, default_value = "table")]
        format: StatsFormat,
    },
    /// Re-resolve pending occurrences planned under another tz database.
    Replan {
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
    },
    /// Copy a SQLite ledger into an empty PostgreSQL database, in one transaction.
    Migrate {
        /// The SQLite ledger file.
        #[arg(long, value_name = "FILE")]
        from: String,
        /// The empty PostgreSQL database, `postgres://USER@HOST:PORT/DATABASE`.
        #[arg(long, value_name = "URL")]
        to: String,
    },
}

impl LedgerCommand {
    /// Commands that only read: they open the ledger read-only.
    fn reads_only(&self) -> bool {
        matches!(
            self,
            LedgerCommand::Occurrences(_)
                | LedgerCommand::Stats { .. }
                | LedgerCommand::Explain { .. }
                | LedgerCommand::Schedules(_)
                | LedgerCommand::Show(_)
        )
    }
}

#[derive(Debug, clap::Args)]
struct WorkArgs {
    /// This worker's name (recorded on every attempt).
    #[arg(long, value_name = "NAME")]
    worker: String,
    /// How long a claim is exclusive; renewed every third of it while the command runs.
    #[arg(long, value_name = "DURATION", default_value = "PT5M")]
    lease: String,
    /// Run with `sh -c` once per claimed occurrence; exit status 0 is success.
    #[arg(long, value_name = "COMMAND")]
    exec: String,
    /// Attempts in all before an occurrence is `dead`.
    #[arg(long, value_name = "N", default_value_t = 5)]
    max_attempts: u32,
    /// First retry delay (doubles per attempt, with jitter).
    #[arg(long, value_name = "DURATION", default_value = "PT10S")]
    backoff: String,
}

#[derive(Debug, clap::Args)]
#[group(required = true, multiple = false)]
struct ReconcileArgs {
    /// The effect happened: mark it done and record the key.
    #[arg(long)]
    done: bool,
    /// It did not: claimable again at once, same key.
    #[arg(long)]
    retry: bool,
    /// Give up: mark it dead.
    #[arg(long)]
    dead: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StatsFormat {
    Table,
    Json,
    Prometheus,
}

/// Runs `wallclock ledger …`; `args` starts with the program name.
pub(crate) fn main(args: Vec<OsString>) -> i32 {
    // `wallclock ledger init` parses as `ledger init`.
    let args: Vec<OsString> = args.into_iter().skip(1).collect();
    let sub = super::subcommand(&args);
    let cli = match LedgerCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return super::clap_error(&e, "wallclock ledger", sub.as_deref()),
    };
    let mut out = String::new();
    match run(cli, &mut out) {
        Ok(()) => {
            let mut stdout = io::stdout().lock();
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => super::OK,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::OK,
                Err(e) => report(&LedgerError::new(
                    "internal",
                    format!("cannot write to stdout: {e}"),
                )),
            }
        }
        Err(e) => report(&e),
    }
}

fn report(err: &LedgerError) -> i32 {
    let line =
        serde_json::to_string(err).unwrap_or_else(|_| format!("{{\"code\":\"{}\"}}", err.code()));
    let _ = writeln!(io::stderr().lock(), "{line}");
    super::FAILED
}

fn run(cli: LedgerCli, out: &mut String) -> Result<(), LedgerError> {
    let busy = busy_timeout(cli.busy_timeout.as_deref())?;
    if let LedgerCommand::Migrate { from, to } = &cli.command {
        let source = Ledger::open_at(&Location::Sqlite(from.into()), busy)
            .map_err(|e| e.with_field("from"))?;
        push(out, &source.migrate_to(&Location::parse(to), busy)?);
        return Ok(());
    }
    let db = cli
        .db
        .or_else(|| std::env::var("WALLCLOCK_DB").ok().filter(|v| !v.is_empty()))
        .ok_or_else(|| {
            LedgerError::new(
                "invalid_option",
                "no ledger given: expected `--db FILE` or `--db postgres://…` (or `WALLCLOCK_DB`), e.g. `wallclock ledger --db ledger.db init`",
            )
            .with_field("db")
        })?;
    let location = Location::parse(&db);
    if let LedgerCommand::Init = cli.command {
        let ledger = Ledger::init_at(&location, busy)?;
        push(
            out,
            &serde_json::json!({
                "db": location.redacted(),
                "schemaVersion": ledger.schema_version()?,
                "tzdb": ledger.recorded_tzdb()?,
            }),
        );
        return Ok(());
    }
    let ledger = match cli.command.reads_only() {
        true => Ledger::open_read_only(&location, busy)?,
        false => Ledger::open_at(&location, busy)?,
    };
    let manual_after = parse_duration(&cli.manual_after, "manual-after")?;
    command(ledger.with_manual_after(manual_after), cli.command, out)
}

/// `--busy-timeout`, or the default.
fn busy_timeout(text: Option<&str>) -> Result<Duration, LedgerError> {
    Ok(match text {
        Some(text) => {
            let d = parse_duration(text, "busy-timeout")?;
            Duration::try_from(d).unwrap_or(DEFAULT_BUSY_TIMEOUT)
        }
        None => DEFAULT_BUSY_TIMEOUT,
    })
}

/// Every command but `init`, on an open ledger.
fn command(
    mut ledger: Ledger,
    command: LedgerCommand,
    out: &mut String,
) -> Result<(), LedgerError> {
    match command {
        LedgerCommand::Init | LedgerCommand::Migrate { .. } => {}
        LedgerCommand::Add { spec } => {
            let spec = read_spec(&spec)?;
            ledger.add(&spec)?;
            push(
                out,
                &serde_json::json!({ "schedule": spec.id, "revision": 1 }),
            );
        }
        LedgerCommand::Update { spec, cutover } => update(&mut ledger, &spec, &cutover, out)?,
        LedgerCommand::Disable { id } => {
            let generation = ledger.disable(&id)?;
            push(
                out,
                &serde_json::json!({ "schedule": id, "enabled": false, "disableGeneration": generation }),
            );
        }
        LedgerCommand::Enable { id, now } => {
            ledger.enable(&id, now_or_clock(now.as_deref())?)?;
            push(out, &serde_json::json!({ "schedule": id, "enabled": true }));
        }
        LedgerCommand::Plan { now, horizon } => {
            let now = now_or_clock(now.as_deref())?;
            let horizon = parse_duration(&horizon, "horizon")?;
            push(out, &ledger.plan(now, horizon)?);
        }
        LedgerCommand::Tick { now, work } => {
            let fixed = now.as_deref().map(|t| instant(t, "now")).transpose()?;
            let (lease, retry) = work.policy()?;
            let mut ledger = ledger.with_retry(retry);
            let never = AtomicBool::new(false);
            let report = work_loop(&mut ledger, fixed, &work, lease, &never)?;
            push(out, &report);
        }
        LedgerCommand::Run {
            work,
            every,
            horizon,
        } => daemon(ledger, &work, &every, &horizon, out)?,
        LedgerCommand::Occurrences(a) => ledger_ops::occurrences(&ledger, &a, out)?,
        LedgerCommand::Schedules(a) => ledger_ops::schedules(&ledger, &a, out)?,
        LedgerCommand::Show(a) => ledger_ops::show(&ledger, &a, out)?,
        LedgerCommand::Remove(a) => ledger_ops::remove(&mut ledger, &a, out)?,
        LedgerCommand::Retry(a) => ledger_ops::retry(&mut ledger, &a, out)?,
        LedgerCommand::Trigger(a) => ledger_ops::trigger(&mut ledger, &a, out)?,
        LedgerCommand::Prune(a) => ledger_ops::prune(&mut ledger, &a, out)?,
        LedgerCommand::Explain { key } => push(out, &ledger.explain(&key)?),
        LedgerCommand::Reconcile { key, outcome, now } => {
            let outcome = outcome.outcome();
            let now = now_or_clock(now.as_deref())?;
            let occurrence = ledger.reconcile(&key, outcome, now)?;
            push(
                out,
                &serde_json::json!({
                    "key": key, "occurrence": occurrence, "state": outcome.state()
                }),
            );
        }
        LedgerCommand::Stats { format } => stats(&ledger, format, out)?,
        LedgerCommand::Replan { now } => {
            push(out, &ledger.replan(now_or_clock(now.as_deref())?)?);
        }
    }
    Ok(())
}

/// `ledger update`: a new revision from a cutover on.
fn update(
    ledger: &mut Ledger,
    spec: &str,
    cutover: &str,
    out: &mut String,
) -> Result<(), LedgerError> {
    let spec = read_spec(spec)?;
    let cutover = instant(cutover, "cutover")?;
    let revision = ledger.update(&spec, cutover)?;
    push(
        out,
        &serde_json::json!({
            "schedule": spec.id, "revision": revision, "cutover": fmt_instant(cutover)
        }),
    );
    Ok(())
}

/// `ledger stats` in one of its formats.
fn stats(ledger: &Ledger, format: StatsFormat, out: &mut String) -> Result<(), LedgerError> {
    let stats = ledger.stats()?;
    match format {
        StatsFormat::Json => push(out, &stats),
        StatsFormat::Table => out.push_str(&stats.to_table()),
        StatsFormat::Prometheus => out.push_str(&stats.to_prometheus()),
    }
    Ok(())
}

impl ReconcileArgs {
    fn outcome(&self) -> Reconcile {
        if self.done {
            Reconcile::Done
        } else if self.retry {
            Reconcile::Retry
        } else {
            Reconcile::Dead
        }
    }
}

/// `ledger run`: plans and ticks every `every` until SIGTERM or SIGINT.
/// Another connection holding the write lock longer than `--busy-timeout`
/// fails one tick, not the daemon: the error goes to stderr and the next
/// tick tries again (an outcome is recorded before that, see
/// [`record_outcome`]).
fn daemon(
    ledger: Ledger,
    work: &WorkArgs,
    every: &str,
    horizon: &str,
    out: &mut String,
) -> Result<(), LedgerError> {
    let every = Duration::try_from(parse_duration(every, "every")?)
        .unwrap_or(Duration::from_secs(10))
        .max(Duration::from_millis(10));
    let horizon = parse_duration(horizon, "horizon")?;
    let (lease, retry) = work.policy()?;
    let mut ledger = ledger.with_retry(retry);
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| LedgerError::new("internal", format!("cannot watch signals: {e}")))?;
    }
    let mut total = TickReport::default();
    let mut ticks = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let tick = ledger
            .plan(Timestamp::now(), horizon)
            .and_then(|_| work_loop(&mut ledger, None, work, lease, &stop));
        match tick {
            Ok(r) => total.merge(&r),
            Err(e) if e.is_transient() => {
                report(&e);
            }
            Err(e) => return Err(e),
        }
        ticks += 1;
        pause(every, &stop);
    }
    push(
        out,
        &serde_json::json!({ "ticks": ticks, "stopped": "signal", "total": total }),
    );
    Ok(())
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

impl WorkArgs {
    fn policy(&self) -> Result<(SignedDuration, RetryPolicy), LedgerError> {
        let lease = parse_duration(&self.lease, "lease")?;
        let base = parse_duration(&self.backoff, "backoff")?;
        if self.max_attempts == 0 {
            return Err(LedgerError::new(
                "invalid_option",
                "`--max-attempts` must be at least 1, e.g. `--max-attempts 5`",
            )
            .with_field("max-attempts"));
        }
        Ok((
            lease,
            RetryPolicy {
                max_attempts: self.max_attempts,
                base,
                max: SignedDuration::from_hours(1).max(base),
            },
        ))
    }
}

/// Claims and runs due occurrences until none is left (or `stop` is set):
/// each claim and each outcome is its own transaction, so a kill at any
/// point leaves a consistent ledger that the lease recovers. While the
/// command runs, the lease is renewed every third of its length, so a
/// command may run longer than `--lease` as long as this process lives.
/// An error after earlier transactions says what they committed.
fn work_loop(
    ledger: &mut Ledger,
    fixed: Option<Timestamp>,
    work: &WorkArgs,
    lease: SignedDuration,
    stop: &AtomicBool,
) -> Result<TickReport, LedgerError> {
    let mut report = TickReport::default();
    while !stop.load(Ordering::Relaxed) {
        if report.claimed as usize >= crate::ledger::MAX_CLAIMS_PER_TICK {
            report.truncated = true;
            break;
        }
        let mut step = TickReport::default();
        let ran = run_next(ledger, fixed, work, lease, &mut step);
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
    work: &WorkArgs,
    lease: SignedDuration,
    tally: &mut TickReport,
) -> Result<bool, LedgerError> {
    let clock = || fixed.unwrap_or_else(Timestamp::now);
    let every = Duration::try_from(lease / 3)
        .unwrap_or(Duration::from_secs(1))
        .max(Duration::from_millis(10));
    let Some(mut job) = ledger.claim_next(clock(), &work.worker, lease, tally)? else {
        return Ok(false);
    };
    let claimed = job.clone();
    let mut held = true;
    let outcome = exec(&work.exec, &claimed, every, || {
        // A renewal that meets a busy database is tried again at the next
        // interval; once the claim is lost it stays lost. Neither stops the
        // command, whose outcome is recorded below as the generation allows.
        if held {
            match ledger.renew(&mut job, clock(), lease) {
                Ok(h) => held = h,
                Err(e) => {
                    report(&e);
                }
            }
        }
    });
    tally.count(record_outcome(ledger, &job, clock, &outcome)?);
    Ok(true)
}

/// How long a finished command's outcome is retried against a busy
/// database (each try itself waits `--busy-timeout`), between tries at most
/// [`RECORD_BACKOFF_MAX`] apart. Past it the command fails with the key
/// and outcome it could not record.
const RECORD_PATIENCE: Duration = Duration::from_secs(3600);

/// The longest wait between two tries to record an outcome.
const RECORD_BACKOFF_MAX: Duration = Duration::from_secs(2);

/// Records `outcome` for `job`, retrying with bounded backoff while another
/// connection holds the write lock: the command has run, so its outcome
/// must not be lost to a busy database. The fencing generation decides
/// whether it is recorded (even after the lease ran out, as long as nobody
/// claimed the occurrence again) or fenced.
fn record_outcome(
    ledger: &mut Ledger,
    job: &Job,
    clock: impl Fn() -> Timestamp,
    outcome: &Outcome,
) -> Result<crate::ledger::Finish, LedgerError> {
    let started = std::time::Instant::now();
    let mut wait = Duration::from_millis(50);
    loop {
        match ledger.finish(job, clock(), outcome) {
            Err(e) if e.is_transient() && started.elapsed() < RECORD_PATIENCE => {
                std::thread::sleep(wait);
                wait = (wait * 2).min(RECORD_BACKOFF_MAX);
            }
            Err(e) => {
                let what = match outcome {
                    Outcome::Done => "done".to_owned(),
                    Outcome::Failed { class, .. } => format!("failed ({class})"),
                };
                return Err(LedgerError::new(
                    e.code(),
                    format!(
                        "the outcome of `{}` attempt {} ({what}) is not recorded: {}",
                        job.key,
                        job.attempt,
                        e.message()
                    ),
                ));
            }
            done => return done,
        }
    }
}

/// Runs the command for one job with its identity in the environment,
/// calling `renew` every `every` while it runs. Its stdout goes to our
/// stderr so that our stdout stays one JSON document.
fn exec(command: &str, job: &Job, every: Duration, mut renew: impl FnMut()) -> Outcome {
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
        .stdin(Stdio::null());
    if let Ok(fd) = std::os::fd::AsFd::as_fd(&io::stderr()).try_clone_to_owned() {
        child.stdout(Stdio::from(fd));
    }
    let status = child.spawn().and_then(|mut c| {
        let mut since = std::time::Instant::now();
        // Poll often at first (most commands are short), then less.
        let mut nap = Duration::from_micros(200);
        loop {
            if let Some(s) = c.try_wait()? {
                return Ok(s);
            }
            if since.elapsed() >= every {
                renew();
                since = std::time::Instant::now();
            }
            std::thread::sleep(nap.min(every));
            nap = (nap * 2).min(Duration::from_millis(20));
        }
    });
    match status {
        Ok(s) if s.success() => Outcome::Done,
        Ok(s) => match s.code() {
            Some(code) => Outcome::failed(
                format!("exit_{code}"),
                format!("`{command}` exited with status {code}"),
            ),
            None => Outcome::failed("signal", format!("`{command}` was killed by a signal")),
        },
        Err(e) => Outcome::failed("spawn", format!("cannot run `sh -c {command}`: {e}")),
    }
}

fn read_spec(path: &str) -> Result<crate::spec::Spec, LedgerError> {
    let text = super::input::read_source(path, "spec")?;
    Ok(super::input::spec_text(&text)?)
}

pub(super) fn instant(text: &str, field: &str) -> Result<Timestamp, LedgerError> {
    text.trim().parse::<Timestamp>().map_err(|_| {
        LedgerError::new(
            "invalid_date_time",
            format!(
                "invalid `--{field}` `{text}`: expected a UTC instant such as `2026-10-24T12:00:00Z` or `2026-10-24T08:00:00-04:00`"
            ),
        )
        .with_field(field)
    })
}

pub(super) fn now_or_clock(text: Option<&str>) -> Result<Timestamp, LedgerError> {
    match text {
        Some(t) => instant(t, "now"),
        None => Ok(Timestamp::now()),
    }
}

fn push<T: serde::Serialize + ?Sized>(out: &mut String, value: &T) {
    out.push_str(&serde_json::to_string(value).unwrap_or_default());
    out.push('\n');
}
