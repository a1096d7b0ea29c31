//! `wallclock ledger …`: the occurrence ledger (SQLite or PostgreSQL) on the command line.
//!
//! Every time-dependent command takes `--now INSTANT`; without it the clock
//! is read here, never in the library. Errors print the JSON error object on
//! one line to stderr with exit status 2, and leave the database unchanged
//! (every command is one transaction, or validates before it writes).

use std::ffi::OsString;
use std::io::{self, Write};
use std::time::Duration;

use clap::{Parser, Subcommand};
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};

use super::ledger_print::{self as print, LedgerOutput, Printing};
use super::output::{Output, Report, Shape};
use super::runner::{self, Work};
use crate::duration::parse_duration;
use crate::format::fmt_instant;
use crate::lang::{Arg, Text, input_errors, ledger as says};
use crate::ledger::{DEFAULT_BUSY_TIMEOUT, Ledger, LedgerError, Location, Reconcile, RetryPolicy};

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
    /// The ledger: a SQLite file, or a `postgres://USER:PASSWORD@HOST:PORT/DATABASE`
    /// URL or `host=… dbname=…` string (default: `WALLCLOCK_DB` from the environment).
    #[arg(long, value_name = "FILE|URL", global = true)]
    db: Option<String>,
    /// How long to wait for another process's write lock, e.g. `PT5S`.
    #[arg(long, value_name = "DURATION", global = true)]
    busy_timeout: Option<String>,
    /// How long an `unknown_effect` waits for `reconcile` before a tick moves it to `manual`.
    #[arg(long, value_name = "DURATION", global = true, default_value = "PT30M")]
    manual_after: String,
    /// The language of messages: `en`, `zh-CN` or `zh-TW` (default:
    /// `WALLCLOCK_LANG`, else the locale, else English).
    #[arg(long, value_name = "LANG", global = true)]
    lang: Option<String>,
    #[command(flatten)]
    output: LedgerOutput,
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
        /// The current instant (default: the clock): the schedule is
        /// planned from here on, nothing before it.
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
        /// Plan from this instant instead: the occurrences between it and
        /// now are missed, and the misfire policy decides them at the next tick.
        #[arg(long, value_name = "INSTANT")]
        backfill_from: Option<String>,
    },
    /// A new revision of a schedule, owning the instants from the cutover on.
    Update {
        /// The new spec (its `id` names the schedule).
        #[arg(long, value_name = "FILE")]
        spec: String,
        /// UTC cutover instant, e.g. `2026-10-20T10:00:00Z`.
        #[arg(long, value_name = "INSTANT")]
        cutover: String,
        /// Change nothing: print what the update would cancel, what it
        /// leaves alone, and the diff of the two revisions from the cutover.
        #[arg(long)]
        dry_run: bool,
        /// With `--dry-run`: the end of the compared window (default: the
        /// cutover + 14 days).
        #[arg(long, value_name = "INSTANT", requires = "dry_run")]
        until: Option<String>,
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
    Run(RunArgs),
    /// List occurrences (filtered; JSON and JSON Lines stream in constant memory).
    Occurrences(ledger_ops::OccurrencesArgs),
    /// Every schedule: revision, status, zone, rule, next run, last result, lateness, counts.
    Schedules,
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
    /// Lateness, terminal states, note codes, attempt outcomes (a table
    /// unless `--format` says otherwise; `--format prometheus` too).
    Stats,
    /// Re-resolve pending occurrences planned under another tz database.
    Replan {
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
    },
    /// Compare what this build would plan with what the ledger holds
    /// (instants and statuses), writing nothing; exit status 1 on any difference.
    Shadow {
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
        /// How far ahead to compare (each schedule as far as it is planned).
        #[arg(long, value_name = "DURATION", default_value = "P28D")]
        horizon: String,
        /// Also write the report (JSON) to this file.
        #[arg(long, value_name = "FILE")]
        report: Option<String>,
    },
    /// The execution epoch: `bump` when switching to another wallclock build
    /// (or back), before starting its workers.
    Epoch {
        #[command(subcommand)]
        action: Option<EpochAction>,
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
    /// Refuses an id or key argument holding a character that does not
    /// print as itself, as a spec's `id` is refused, before the ledger is
    /// opened: such an id was never accepted, and its error would echo it.
    fn check_ids(&self) -> Result<(), LedgerError> {
        let (text, field) = match self {
            LedgerCommand::Disable { id } | LedgerCommand::Enable { id, .. } => (id, "id"),
            LedgerCommand::Show(a) => (&a.id, "id"),
            LedgerCommand::Remove(a) => (&a.id, "id"),
            LedgerCommand::Trigger(a) => (&a.id, "id"),
            LedgerCommand::Retry(a) => (&a.key, "key"),
            LedgerCommand::Explain { key } | LedgerCommand::Reconcile { key, .. } => (key, "key"),
            LedgerCommand::Occurrences(a) => match &a.schedule {
                Some(id) => (id, "schedule"),
                None => return Ok(()),
            },
            _ => return Ok(()),
        };
        Ok(crate::spec::check_id_text(text, field)?)
    }

    /// Commands that only read: they open the ledger read-only.
    fn reads_only(&self) -> bool {
        matches!(
            self,
            LedgerCommand::Occurrences(_)
                | LedgerCommand::Stats
                | LedgerCommand::Explain { .. }
                | LedgerCommand::Schedules
                | LedgerCommand::Show(_)
        )
    }
}

#[derive(Debug, Subcommand)]
enum EpochAction {
    /// Start a new epoch: workers of the previous one can no longer claim,
    /// renew or record; running occurrences go to reconciliation.
    Bump {
        /// The current instant (default: the clock).
        #[arg(long, value_name = "INSTANT")]
        now: Option<String>,
    },
}

#[derive(Debug, clap::Args)]
struct RunArgs {
    #[command(flatten)]
    work: WorkArgs,
    /// Time between ticks.
    #[arg(long, value_name = "DURATION", default_value = "PT10S")]
    every: String,
    /// How far ahead to plan.
    #[arg(long, value_name = "DURATION", default_value = "P14D")]
    horizon: String,
    /// Serve `/metrics` (Prometheus text) and `/healthz` on this
    /// address, e.g. `127.0.0.1:9464`.
    #[arg(long, value_name = "HOST:PORT")]
    metrics_addr: Option<String>,
}

#[derive(Debug, clap::Args)]
struct WorkArgs {
    /// This worker's name, recorded on every attempt (default: `HOSTNAME:PID`).
    #[arg(long, value_name = "NAME")]
    worker: Option<String>,
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
    /// Kill a command's process group after this long; the attempt fails
    /// with `timeout` and is retried or made `dead` by the retry policy.
    #[arg(long, value_name = "DURATION")]
    timeout: Option<String>,
    /// After SIGTERM or SIGINT, how long a running command may finish
    /// before its process group is killed (its attempt is recorded).
    #[arg(long, value_name = "DURATION", default_value = "PT30S")]
    shutdown_grace: String,
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

/// Runs `wallclock ledger …`; `args` starts with the program name.
pub(crate) fn main(args: Vec<OsString>) -> i32 {
    // `wallclock ledger init` parses as `ledger init`.
    let args: Vec<OsString> = args.into_iter().skip(1).collect();
    let cli = match super::parse::<LedgerCli>(args, "wallclock ledger") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let mut out = String::new();
    match run(cli, &mut out) {
        Ok(status) => {
            let mut stdout = io::stdout().lock();
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => status,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
                Err(e) => report(&ledger_ops::stdout_error(e)),
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

/// The options every command shares, read once.
struct Context {
    busy: Duration,
    manual_after: SignedDuration,
    printing: Printing,
}

/// Reads the shared options, then runs the command: the ones that open
/// the ledger their own way (`migrate`, `init`, `run`) first, then every
/// other on a ledger opened for reading or writing as it needs.
fn run(cli: LedgerCli, out: &mut String) -> Result<i32, LedgerError> {
    let cx = Context {
        busy: busy_timeout(cli.busy_timeout.as_deref())?,
        manual_after: parse_duration(&cli.manual_after, "manual-after")?,
        printing: cli
            .output
            .printing(matches!(cli.command, LedgerCommand::Stats))?,
    };
    if let LedgerCommand::Migrate { from, to } = &cli.command {
        return migrate(&cx, from, to, out);
    }
    cli.command.check_ids()?;
    let location = Location::parse(&db_or_env(cli.db)?)?;
    match cli.command {
        LedgerCommand::Init => init(&cx, &location, out),
        LedgerCommand::Run(args) => daemon(&cx, &location, &args, out),
        command => {
            let ledger = match command.reads_only() {
                true => Ledger::open_read_only(&location, cx.busy)?,
                false => Ledger::open_at(&location, cx.busy)?,
            };
            self::command(ledger.with_manual_after(cx.manual_after), command, &cx, out)
        }
    }
}

/// `--db`, else `WALLCLOCK_DB`.
fn db_or_env(db: Option<String>) -> Result<String, LedgerError> {
    db.or_else(|| std::env::var("WALLCLOCK_DB").ok().filter(|v| !v.is_empty()))
        .ok_or_else(|| {
            LedgerError::new("invalid_option", Text::new(input_errors::LEDGER_NO_DB))
                .with_field("db")
        })
}

/// `ledger migrate --from FILE --to URL`.
fn migrate(cx: &Context, from: &str, to: &str, out: &mut String) -> Result<i32, LedgerError> {
    let source = Ledger::open_at(&Location::Sqlite(from.into()), cx.busy)
        .map_err(|e| e.with_field("from"))?;
    let to = Location::parse(to).map_err(|e| e.with_field("to"))?;
    let report = source.migrate_to(&to, cx.busy)?;
    print::object(out, &cx.printing.output, &report);
    Ok(super::OK)
}

/// `ledger init`.
fn init(cx: &Context, location: &Location, out: &mut String) -> Result<i32, LedgerError> {
    let ledger = Ledger::init_at(location, cx.busy)?;
    let report = json!({
        "db": location.redacted(),
        "schemaVersion": ledger.schema_version()?,
        "tzdb": ledger.recorded_tzdb()?,
    });
    print::object(out, &cx.printing.output, &report);
    Ok(super::OK)
}

/// `ledger run`: the daemon, with its metrics endpoint if asked for.
fn daemon(
    cx: &Context,
    location: &Location,
    args: &RunArgs,
    out: &mut String,
) -> Result<i32, LedgerError> {
    // A daemon keeps a finished command's outcome until it is written.
    let (work, retry) = args.work.policy(None)?;
    let plan = runner::Schedule {
        every: Duration::try_from(parse_duration(&args.every, "every")?)
            .unwrap_or(Duration::from_secs(10))
            .max(Duration::from_millis(10)),
        horizon: parse_duration(&args.horizon, "horizon")?,
    };
    let stop = runner::stop_on_signals()?;
    if let Some(addr) = &args.metrics_addr {
        super::metrics::serve(addr, location.clone(), cx.busy, stop.clone())?;
    }
    let open = || Ledger::open_at(location, cx.busy);
    // A daemon belongs to the epoch it started in.
    let pinned = |l: Ledger| {
        let mut l = l.with_retry(retry).with_manual_after(cx.manual_after);
        l.pin_epoch()?;
        Ok(l)
    };
    let summary = runner::daemon(open, pinned, &work, &plan, &stop)?;
    print::object(out, &cx.printing.output, &summary);
    Ok(super::OK)
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

/// Every command but `init`, `run` and `migrate`, on an open ledger: the
/// listings print themselves, the rest answer one result object.
fn command(
    mut ledger: Ledger,
    command: LedgerCommand,
    cx: &Context,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let output = &cx.printing.output;
    let result = match command {
        LedgerCommand::Init | LedgerCommand::Migrate { .. } | LedgerCommand::Run(_) => {
            return Ok(super::OK);
        }
        LedgerCommand::Tick { now, work } => return tick(ledger, now, &work, output, out),
        LedgerCommand::Shadow {
            now,
            horizon,
            report,
        } => return shadow(&ledger, now, &horizon, report, output, out),
        LedgerCommand::Occurrences(a) => return ledger_ops::occurrences(&ledger, &a, output, out),
        LedgerCommand::Schedules => return ledger_ops::schedules(&ledger, output, out),
        LedgerCommand::Show(a) => return ledger_ops::show(&ledger, &a, output, out),
        LedgerCommand::Explain { key } => return ledger_ops::explain(&ledger, &key, output, out),
        LedgerCommand::Stats => return stats(&ledger, &cx.printing, out),
        LedgerCommand::Add {
            spec,
            now,
            backfill_from,
        } => add(&mut ledger, &spec, now, backfill_from)?,
        LedgerCommand::Update {
            spec,
            cutover,
            dry_run,
            until,
        } => update(&mut ledger, &spec, &cutover, dry_run, until)?,
        LedgerCommand::Disable { id } => {
            let generation = ledger.disable(&id)?;
            json!({ "schedule": id, "enabled": false, "disableGeneration": generation })
        }
        LedgerCommand::Enable { id, now } => {
            ledger.enable(&id, now_or_clock(now.as_deref())?)?;
            json!({ "schedule": id, "enabled": true })
        }
        LedgerCommand::Plan { now, horizon } => {
            let now = now_or_clock(now.as_deref())?;
            value(ledger.plan(now, parse_duration(&horizon, "horizon")?)?)
        }
        LedgerCommand::Remove(a) => value(ledger_ops::remove(&mut ledger, &a)?),
        LedgerCommand::Retry(a) => value(ledger_ops::retry(&mut ledger, &a)?),
        LedgerCommand::Trigger(a) => value(ledger_ops::trigger(&mut ledger, &a)?),
        LedgerCommand::Prune(a) => value(ledger_ops::prune(&mut ledger, &a)?),
        LedgerCommand::Reconcile { key, outcome, now } => {
            reconcile(&mut ledger, key, &outcome, now)?
        }
        LedgerCommand::Epoch { action: None } => json!({ "epoch": ledger.epoch()? }),
        LedgerCommand::Epoch {
            action: Some(EpochAction::Bump { now }),
        } => value(ledger.bump_epoch(now_or_clock(now.as_deref())?)?),
        LedgerCommand::Replan { now } => value(ledger.replan(now_or_clock(now.as_deref())?)?),
    };
    print::object(out, output, &result);
    Ok(super::OK)
}

/// A result as JSON (our `Serialize` impls only produce JSON values).
fn value<T: serde::Serialize>(result: T) -> Value {
    serde_json::to_value(result).unwrap_or_default()
}

/// `ledger add`: revision 1, planned from now (or `--backfill-from`);
/// the result says from when.
fn add(
    ledger: &mut Ledger,
    spec: &str,
    now: Option<String>,
    backfill_from: Option<String>,
) -> Result<Value, LedgerError> {
    let spec = read_spec(spec)?;
    let now = now_or_clock(now.as_deref())?;
    let from = match backfill_from {
        Some(t) => instant(&t, "backfill-from")?,
        None => now,
    };
    ledger.add_from(&spec, Some(from))?;
    let note = Text::new(if from < now {
        says::ADD_BACKFILL
    } else {
        says::ADD_PLANNED
    })
    .with("from", Arg::Instant(from));
    Ok(json!({
        "schedule": spec.id, "revision": 1, "plannedFrom": fmt_instant(from), "note": note,
    }))
}

/// `ledger update`: a new revision from a cutover on, or with `--dry-run`
/// what it would change.
fn update(
    ledger: &mut Ledger,
    spec: &str,
    cutover: &str,
    dry_run: bool,
    until: Option<String>,
) -> Result<Value, LedgerError> {
    let spec = read_spec(spec)?;
    let cutover = instant(cutover, "cutover")?;
    if dry_run {
        let until = match until {
            Some(t) => instant(&t, "until")?,
            None => cutover + SignedDuration::from_hours(14 * 24),
        };
        let preview = ledger.update_preview(&spec, cutover, until)?;
        return Ok(value(preview));
    }
    let revision = ledger.update(&spec, cutover)?;
    Ok(json!({
        "schedule": spec.id, "revision": revision, "cutover": fmt_instant(cutover)
    }))
}

/// `ledger tick`: status 1 when an occurrence it ran ended `dead`.
fn tick(
    ledger: Ledger,
    now: Option<String>,
    work: &WorkArgs,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let fixed = now.as_deref().map(|t| instant(t, "now")).transpose()?;
    let (work, retry) = work.policy(Some(runner::RECORD_PATIENCE))?;
    let mut ledger = ledger.with_retry(retry);
    ledger.pin_epoch()?;
    // SIGTERM and SIGINT as `run` takes them: no new claim; the running
    // command finishes within the grace or is stopped, and its attempt is
    // recorded.
    let stop = runner::stop_on_signals()?;
    let report = runner::work_loop(&mut ledger, fixed, &work, &stop, &mut 0)?;
    print::object(out, output, &report);
    Ok(match report.dead {
        0 => super::OK,
        _ => super::DIFFERS,
    })
}

/// `ledger reconcile KEY --done|--retry|--dead`.
fn reconcile(
    ledger: &mut Ledger,
    key: String,
    outcome: &ReconcileArgs,
    now: Option<String>,
) -> Result<Value, LedgerError> {
    let outcome = outcome.outcome();
    let now = now_or_clock(now.as_deref())?;
    let occurrence = ledger.reconcile(&key, outcome, now)?;
    Ok(json!({
        "key": key, "occurrence": occurrence, "state": outcome.state()
    }))
}

/// `ledger shadow`: status 1 when this build would plan differently.
fn shadow(
    ledger: &Ledger,
    now: Option<String>,
    horizon: &str,
    report: Option<String>,
    output: &Output,
    out: &mut String,
) -> Result<i32, LedgerError> {
    let now = now_or_clock(now.as_deref())?;
    let found = ledger.shadow(now, parse_duration(horizon, "horizon")?)?;
    if let Some(path) = report {
        let text = serde_json::to_string(&found).unwrap_or_default();
        std::fs::write(&path, format!("{text}\n")).map_err(|e| {
            LedgerError::new(
                "invalid_option",
                Text::new(input_errors::LEDGER_REPORT)
                    .with("path", &path)
                    .with("why", super::input::io_error(&e)),
            )
            .with_field("report")
        })?;
    }
    print::object(out, output, &found);
    Ok(match found.identical {
        true => super::OK,
        false => super::DIFFERS,
    })
}

/// `ledger stats`: its own table (also when piped, as it always printed),
/// JSON, JSON Lines, CSV of its fields, or Prometheus text.
fn stats(ledger: &Ledger, printing: &Printing, out: &mut String) -> Result<i32, LedgerError> {
    let stats = ledger.stats()?;
    if printing.prometheus {
        out.push_str(&stats.to_prometheus());
        return Ok(super::OK);
    }
    let fields = value(&stats);
    let rows = || print::field_rows(&fields);
    let table = |out: &mut String| out.push_str(&stats.to_table());
    Report {
        whole: &stats,
        records: std::slice::from_ref(&fields),
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, &printing.output, Shape::Text);
    Ok(super::OK)
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

impl WorkArgs {
    /// What the worker runs and its retry policy; `patience` is how long
    /// an outcome is tried against a failing store (None: until written).
    fn policy(&self, patience: Option<Duration>) -> Result<(Work, RetryPolicy), LedgerError> {
        let grace = Duration::try_from(parse_duration(&self.shutdown_grace, "shutdown-grace")?)
            .unwrap_or(Duration::from_secs(30));
        let lease = parse_duration(&self.lease, "lease")?;
        let timeout = match &self.timeout {
            Some(t) => Some(positive(t, "timeout")?),
            None => None,
        };
        let base = parse_duration(&self.backoff, "backoff")?;
        if self.max_attempts == 0 {
            return Err(LedgerError::new(
                "invalid_option",
                Text::new(input_errors::LEDGER_MAX_ATTEMPTS),
            )
            .with_field("max-attempts"));
        }
        let work = Work {
            worker: self.worker.clone().unwrap_or_else(default_worker),
            exec: self.exec.clone(),
            lease,
            timeout,
            grace,
            patience,
        };
        Ok((
            work,
            RetryPolicy {
                max_attempts: self.max_attempts,
                base,
                max: SignedDuration::from_hours(1).max(base),
            },
        ))
    }
}

/// `HOSTNAME:PID`: the host's name (as the kernel has it), this process.
fn default_worker() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_owned());
    format!("{host}:{}", std::process::id())
}

/// A duration flag that must be longer than zero.
fn positive(text: &str, field: &str) -> Result<Duration, LedgerError> {
    let d = parse_duration(text, field)?;
    match Duration::try_from(d) {
        Ok(d) if !d.is_zero() => Ok(d),
        _ => Err(LedgerError::new(
            "invalid_duration",
            Text::new(input_errors::LEDGER_POSITIVE).with("field", field),
        )
        .with_field(field)),
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
            Text::new(input_errors::LEDGER_INSTANT)
                .with("field", field)
                .with("text", text),
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
