//! Deciding, claiming and finishing occurrences: the tick.
//!
//! Every step that changes who may run an occurrence happens inside a
//! write transaction through the store's write gate ([`Gate`]): on SQLite
//! every writer is serialised on the one write lock; on PostgreSQL claims
//! and outcome marks share the gate (each claim locks the rows it takes,
//! `FOR UPDATE SKIP LOCKED`) while `disable`, `update`, plans and misfire
//! decisions hold it alone. Either way a claim and a disable cannot both
//! win. A claim bumps the occurrence's generation (the fencing token); only
//! the holder of the current generation can finish it.

use std::collections::{BTreeMap, HashMap};

use jiff::{SignedDuration, Timestamp};

use super::error::LedgerError;
use super::model::{Job, Outcome, RetryPolicy, TickReport};
use super::overlap;
use super::sentences;
use super::store::{Dialect, Gate, Sql, Tx, args};
use super::update::current_schedule;
use super::{CLAIM_BATCH, Ledger, MAX_CLAIMS_PER_TICK, add, load_schedule, parse_ts};
use crate::format::fmt_instant;
use crate::lang::{Arg, Conj, Template, Text, input_errors as says, ledger as reasons};
use crate::misfire::{Decision, Due, decide_misfires};
use crate::policy::MisfirePolicy;

/// Most `retry_wait` occurrences one claim transaction decides: the rest
/// stay undecided, so unclaimable, until the next.
const RETRY_DECISIONS: usize = 4 * CLAIM_BATCH;

/// How a finished job was recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Marked done, its effect key recorded.
    Done,
    /// Failed; waits for a retry.
    Retry,
    /// Failed for the last time.
    Dead,
    /// The claim was stale (another worker reclaimed it): nothing recorded
    /// on the occurrence.
    Fenced,
}

impl Ledger {
    /// One tick with an in-database handler: decides every due occurrence
    /// with the misfire policy, then works through the claimable ones in
    /// batches of up to [`CLAIM_BATCH`], one write transaction per batch:
    /// the claims, each `handler` call and the done marks commit together,
    /// so a handler's own writes commit with their done mark (or not at
    /// all). A failed handler's writes are rolled back to a savepoint taken
    /// just before it; the rest of the batch is unaffected. A crash before
    /// the batch commits leaves no trace of it, neither the claims nor the
    /// handlers' writes: the occurrences are still due, and the next tick
    /// runs each once. Runs until nothing is claimable at `now`.
    pub fn tick<F>(
        &mut self,
        now: Timestamp,
        worker: &str,
        lease: SignedDuration,
        mut handler: F,
    ) -> Result<TickReport, LedgerError>
    where
        F: FnMut(&Job, &Tx<'_>) -> Outcome,
    {
        check_lease(lease)?;
        let mut report = TickReport::default();
        self.catch_up(now, &mut report)?;
        let mut first = true;
        loop {
            let room = MAX_CLAIMS_PER_TICK.saturating_sub(report.claimed as usize);
            if room == 0 {
                report.truncated = true;
                break;
            }
            let mut batch = TickReport::default();
            let more = self
                .tick_batch(now, worker, lease, room, first, &mut batch, &mut handler)
                .map_err(|e| e.after_commits(report.committed()))?;
            first = false;
            report.merge(&batch);
            if !more {
                break;
            }
        }
        Ok(report)
    }

    /// One batch of [`Ledger::tick`] in one write transaction: false when
    /// nothing was claimable.
    #[allow(clippy::too_many_arguments)]
    fn tick_batch<F>(
        &mut self,
        now: Timestamp,
        worker: &str,
        lease: SignedDuration,
        room: usize,
        first: bool,
        report: &mut TickReport,
        handler: &mut F,
    ) -> Result<bool, LedgerError>
    where
        F: FnMut(&Job, &Tx<'_>) -> Outcome,
    {
        let retry = self.retry;
        // `now` is fixed for the tick: one pass recovers all.
        if first {
            self.settle(now, report)?;
        }
        let pinned = self.epoch;
        let tx = self.store.write(Gate::Shared)?;
        super::epoch::check(pinned, &tx)?;
        let room = CLAIM_BATCH.min(room);
        let jobs = claim(&tx, now, worker, lease, room, report, &mut self.timeouts)?;
        if jobs.is_empty() {
            tx.commit()?;
            return Ok(false);
        }
        // Claimed in this transaction: every job holds its claim.
        {
            for job in &jobs {
                tx.execute("SAVEPOINT handler", &args![])?;
                let f = match handler(job, &tx) {
                    // The done mark follows the release: outside the
                    // savepoint, SQLite keeps no copy of the pages it writes.
                    Outcome::Done => {
                        tx.execute("RELEASE handler", &args![])?;
                        mark_done(&tx, job, now)?
                    }
                    failure => {
                        // The handler's own writes go with the failed attempt.
                        tx.execute("ROLLBACK TO handler", &args![])?;
                        tx.execute("RELEASE handler", &args![])?;
                        record(&tx, &retry, job, now, &failure)?
                    }
                };
                report.count(f);
            }
        }
        tx.commit()?;
        Ok(true)
    }

    /// One tick with an external handler (a process, a remote call): the
    /// handler runs outside any transaction with the job's effect key and
    /// must deduplicate on it; the ledger records the outcome afterwards and
    /// never claims a key already recorded done. `clock` gives the instant
    /// of each claim and finish (a fixed `now` in tests, the wall clock in
    /// the CLI).
    pub fn tick_external<C, F>(
        &mut self,
        mut clock: C,
        worker: &str,
        lease: SignedDuration,
        mut handler: F,
    ) -> Result<TickReport, LedgerError>
    where
        C: FnMut() -> Timestamp,
        F: FnMut(&Job) -> Outcome,
    {
        let mut report = TickReport::default();
        loop {
            if report.claimed as usize >= MAX_CLAIMS_PER_TICK {
                report.truncated = true;
                break;
            }
            let Some(job) = self.claim_next(clock(), worker, lease, &mut report)? else {
                break;
            };
            let outcome = handler(&job);
            let f = self.finish(&job, clock(), &outcome)?;
            report.count(f);
        }
        Ok(report)
    }

    /// Gives every due, undecided `planned` occurrence its misfire decision
    /// (`coalesced`, `skipped`, `expired` are terminal; `run` stays
    /// claimable), then claims the next claimable one: a conditional UPDATE
    /// inside `BEGIN IMMEDIATE` that bumps the generation and sets the lease.
    /// Running occurrences whose lease ran out are released first (to
    /// `retry_wait`, or `unknown_effect` on the last attempt).
    pub fn claim_next(
        &mut self,
        now: Timestamp,
        worker: &str,
        lease: SignedDuration,
        report: &mut TickReport,
    ) -> Result<Option<Job>, LedgerError> {
        Ok(self.claim_batch(now, worker, lease, 1, report)?.pop())
    }

    /// [`Ledger::claim_next`] for up to `max` occurrences at once, in due
    /// order, with one conditional `UPDATE … RETURNING` in one
    /// `BEGIN IMMEDIATE` transaction: each claimed occurrence gets its own
    /// generation, lease and attempt row, exactly as if claimed alone. An
    /// occurrence whose effect key is already recorded done is refused
    /// (`cancelled`), not returned. Empty when nothing is claimable.
    ///
    /// Claim only what will start before the lease runs out: a claimed job
    /// waiting behind a slow one can lose its lease to another worker (then
    /// [`Ledger::renew`] and [`Ledger::finish`] report it fenced).
    pub fn claim_batch(
        &mut self,
        now: Timestamp,
        worker: &str,
        lease: SignedDuration,
        max: usize,
        report: &mut TickReport,
    ) -> Result<Vec<Job>, LedgerError> {
        check_lease(lease)?;
        self.catch_up(now, report)?;
        self.settle(now, report)?;
        let pinned = self.epoch;
        let tx = self.store.write(Gate::Shared)?;
        super::epoch::check(pinned, &tx)?;
        let jobs = claim(&tx, now, worker, lease, max, report, &mut self.timeouts)?;
        tx.commit()?;
        Ok(jobs)
    }

    /// Extends a running job's lease to `now + lease`, fenced like
    /// [`Ledger::finish`]: only while `job`'s claim is still the current one
    /// (same generation, still `running`). A handler that outlives its lease
    /// calls this well before `job.lease_until` (every lease/3, say), and
    /// nobody reclaims the occurrence meanwhile. Returns false, changing
    /// nothing, when the claim was lost: the lease had run out and another
    /// worker recovered the occurrence (the handler should stop if it can;
    /// its outcome will be recorded as fenced).
    pub fn renew(
        &mut self,
        job: &mut Job,
        now: Timestamp,
        lease: SignedDuration,
    ) -> Result<bool, LedgerError> {
        check_lease(lease)?;
        let until = add(now, lease).max(job.lease_until);
        let stamp = fmt_instant(now);
        let lease_until = fmt_instant(until);
        let pinned = self.epoch;
        let tx = self.store.write(Gate::Shared)?;
        super::epoch::check(pinned, &tx)?;
        let n = tx.execute(
            "UPDATE occurrences SET lease_until = ?3, updated_at = ?4
              WHERE seq = ?1 AND generation = ?2 AND state = 'running'",
            &args![job.row, job.generation, lease_until, stamp],
        )?;
        if n == 1 {
            tx.execute(
                "UPDATE attempts SET lease_until = ?3
                  WHERE occurrence = ?1 AND generation = ?2 AND outcome IS NULL",
                &args![job.row, job.generation, lease_until],
            )?;
        }
        tx.commit()?;
        if n == 1 {
            job.lease_until = until;
        }
        Ok(n == 1)
    }

    /// Records a job's outcome, fenced by its generation: a worker whose
    /// lease ran out and whose occurrence was claimed again records nothing
    /// on the occurrence (its attempt says `fenced`).
    pub fn finish(
        &mut self,
        job: &Job,
        now: Timestamp,
        outcome: &Outcome,
    ) -> Result<Finish, LedgerError> {
        let pinned = self.epoch;
        let tx = self.store.write(Gate::Shared)?;
        super::epoch::check(pinned, &tx)?;
        let f = if holds(&tx, job)? {
            match outcome {
                Outcome::Done => mark_done(&tx, job, now)?,
                failure => record(&tx, &self.retry, job, now, failure)?,
            }
        } else if *outcome == Outcome::Done && done_at(&tx, job)? {
            // An earlier write of this done mark committed without its
            // answer reaching us (a server that froze, a closed connection).
            Finish::Done
        } else {
            fence(&tx, job, now)?
        };
        tx.commit()?;
        Ok(f)
    }
}

/// Claims up to `max` claimable occurrences in due order, in the caller's
/// write transaction, with one conditional `UPDATE … RETURNING`: each gets
/// its own generation, lease and attempt row. An occurrence whose effect key
/// is already recorded done is refused (`cancelled`), not returned; one that
/// would overlap a running occurrence of a schedule that guards against it
/// is skipped or put back ([`overlap`]).
fn claim(
    tx: &Tx<'_>,
    now: Timestamp,
    worker: &str,
    lease: SignedDuration,
    max: usize,
    report: &mut TickReport,
    timeouts: &mut Timeouts,
) -> Result<Vec<Job>, LedgerError> {
    let stamp = fmt_instant(now);
    let until = add(now, lease);
    let guarded = overlap::any_guarded(tx)?;
    if guarded {
        let n = overlap::skip_overlapping(tx, &stamp)?;
        if n > 0 {
            *report.decided.entry("skipped".to_owned()).or_default() += n;
        }
    }
    let mut jobs = Vec::new();
    // Refused keys leave room for more: go on until `max` or nothing.
    while jobs.len() < max {
        let want = max - jobs.len();
        let claimed = claim_rows(tx, &stamp, worker, until, want, guarded)?;
        if claimed.is_empty() {
            break;
        }
        let mut fresh = admit(tx, claimed, worker, until, &stamp, report, timeouts)?;
        if guarded {
            let before = fresh.len();
            let (kept, skipped) = overlap::settle_claims(tx, fresh, &stamp)?;
            *report.decided.entry("skipped".to_owned()).or_default() += skipped;
            report.claimed -= (before - kept.len()) as u64;
            let none_kept = kept.is_empty();
            fresh = kept;
            if none_kept {
                break;
            }
        }
        jobs.extend(fresh);
    }
    report.decided.retain(|_, n| *n > 0);
    Ok(jobs)
}

/// One conditional `UPDATE … RETURNING` claiming up to `want` rows, in due
/// order (RETURNING has none of its own). Each with its due time and row,
/// and its instant as stored.
fn claim_rows(
    tx: &Tx<'_>,
    stamp: &str,
    worker: &str,
    until: Timestamp,
    want: usize,
    guarded: bool,
) -> Result<Vec<(Job, Option<String>)>, LedgerError> {
    let (join, condition) = match guarded {
        true => (
            " JOIN revisions r ON r.schedule = o.schedule AND r.revision = o.revision",
            overlap::CLAIMABLE,
        ),
        false => ("", ""),
    };
    let st = format!(
        "UPDATE occurrences
            SET state = 'running', attempts = attempts + 1, generation = generation + 1,
                worker = ?2, lease_until = ?3, updated_at = ?1
          WHERE seq IN (SELECT o.seq FROM occurrences o JOIN schedules s ON s.id = o.schedule{join}
                         WHERE o.state IN ('planned', 'retry_wait') AND o.due_at <= ?1
                           AND o.decision = 'run'
                           AND s.enabled = 1{condition}
                         ORDER BY o.due_at, o.seq LIMIT ?4{})
            AND state IN ('planned', 'retry_wait')
      RETURNING id, schedule, revision, key, nominal, fold, instant, attempts, generation,
                due_at, seq",
        skip_locked(tx)
    );
    let mut rows = tx.query_map(
        &st,
        &args![stamp, worker, fmt_instant(until), want as i64],
        |r| {
            Ok((
                (r.get::<String>(9)?, r.get::<i64>(10)?),
                Job {
                    occurrence: r.get(0)?,
                    row: r.get(10)?,
                    schedule: r.get(1)?,
                    revision: r.get(2)?,
                    key: r.get(3)?,
                    nominal: r.get(4)?,
                    fold: r.get(5)?,
                    // Set by `admit`: claimable rows have an instant.
                    instant: Timestamp::UNIX_EPOCH,
                    attempt: r.get(7)?,
                    generation: r.get(8)?,
                    worker: worker.to_owned(),
                    lease_until: until,
                    // Set by `admit`, from the revision's spec.
                    timeout: None,
                },
                r.get::<Option<String>>(6)?,
            ))
        },
    )?;
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(rows.into_iter().map(|(_, job, i)| (job, i)).collect())
}

/// Each revision's own `timeout`, read from its spec once per connection:
/// a revision never changes once written.
pub(crate) type Timeouts = HashMap<(String, u32), Option<SignedDuration>>;

/// Records each claimed row's attempt (with the schedule's disable
/// generation) and refuses those whose key is already recorded done; the
/// jobs that may run.
fn admit(
    tx: &Tx<'_>,
    claimed: Vec<(Job, Option<String>)>,
    worker: &str,
    until: Timestamp,
    stamp: &str,
    report: &mut TickReport,
    timeouts: &mut Timeouts,
) -> Result<Vec<Job>, LedgerError> {
    let lease_until = fmt_instant(until);
    let mut gates: HashMap<String, i64> = HashMap::new();
    let mut jobs = Vec::new();
    for (mut job, instant) in claimed {
        job.timeout = revision_timeout(tx, &job, timeouts)?;
        job.instant = match instant {
            Some(i) => parse_ts(&i)?,
            None => {
                return Err(super::error::internal(
                    "a claimable occurrence without an instant",
                ));
            }
        };
        let disable_generation = match gates.get(&job.schedule) {
            Some(g) => *g,
            None => {
                let g: i64 = tx.query_row(
                    "SELECT disable_generation FROM schedules WHERE id = ?1",
                    &args![job.schedule],
                    |r| r.get(0),
                )?;
                gates.insert(job.schedule.clone(), g);
                g
            }
        };
        tx.execute(
            "INSERT INTO attempts (occurrence, attempt, generation, worker, disable_generation,
                                   lease_until, started_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            &args![
                job.row,
                job.attempt,
                job.generation,
                worker,
                disable_generation,
                lease_until,
                stamp
            ],
        )?;
        report.claimed += 1;
        // The ledger never runs a key already recorded done (keys are
        // shared across revisions).
        if let Some(why) = done_by(tx, &job.key)? {
            refuse(tx, &job, why, stamp)?;
            report.refused += 1;
            continue;
        }
        jobs.push(job);
    }
    Ok(jobs)
}

/// The timeout of `job`'s revision, read from its spec once per revision
/// and kept in `timeouts`.
fn revision_timeout(
    tx: &Tx<'_>,
    job: &Job,
    timeouts: &mut Timeouts,
) -> Result<Option<SignedDuration>, LedgerError> {
    let revision = (job.schedule.clone(), job.revision);
    if let Some(t) = timeouts.get(&revision) {
        return Ok(*t);
    }
    let spec: String = tx.query_row(
        "SELECT spec FROM revisions WHERE schedule = ?1 AND revision = ?2",
        &args![job.schedule, job.revision],
        |r| r.get(0),
    )?;
    let t = load_schedule(&spec)?.timeout();
    timeouts.insert(revision, t);
    Ok(t)
}

/// Why effect key `key` may not run: the occurrence that recorded it done,
/// if one did.
fn done_by(tx: &Tx<'_>, key: &str) -> Result<Option<Text>, LedgerError> {
    let found: Option<Option<String>> = tx.query_opt(
        // A pruned occurrence leaves its effect behind (`occurrence` NULL).
        "SELECT o.id FROM effects e LEFT JOIN occurrences o ON o.seq = e.occurrence
          WHERE e.key = ?1",
        &args![key],
        |r| r.get(0),
    )?;
    Ok(found.map(|id| match id {
        Some(other) => Text::new(reasons::REASON_DONE_BY).with("other", other),
        None => Text::new(reasons::REASON_DONE_BY_PRUNED),
    }))
}

/// Cancels a claimed occurrence whose key another occurrence already
/// recorded done (`why`): its attempt is `refused`, nothing runs.
fn refuse(tx: &Tx<'_>, job: &Job, why: Text, stamp: &str) -> Result<(), LedgerError> {
    tx.execute(
        "UPDATE occurrences SET state = 'cancelled', live = 0, lease_until = NULL, reason = ?2
          WHERE seq = ?1",
        &args![job.row, sentences::stored(why)],
    )?;
    tx.execute(
        "UPDATE attempts SET outcome = 'refused', finished_at = ?3
          WHERE occurrence = ?1 AND generation = ?2",
        &args![job.row, job.generation, stamp],
    )?;
    Ok(())
}

/// The claim's row lock: on PostgreSQL a claimer skips rows another one
/// is taking; SQLite has one writer at a time and no row locks.
fn skip_locked(tx: &Tx<'_>) -> &'static str {
    match tx.dialect() {
        Dialect::Sqlite => "",
        Dialect::Postgres => " FOR UPDATE OF o SKIP LOCKED",
    }
}

/// A read that the rest of its transaction acts on: on PostgreSQL it locks
/// the row, so no concurrent claim changes it meanwhile.
fn for_update(tx: &Tx<'_>) -> &'static str {
    match tx.dialect() {
        Dialect::Sqlite => "",
        Dialect::Postgres => " FOR UPDATE",
    }
}

impl Ledger {
    /// What comes before any claim at `now`, in its own write transaction
    /// when there is anything to do (a read says so): running occurrences
    /// whose lease ran out are released, and every `retry_wait` one that is
    /// due again gets its misfire decision.
    fn settle(&mut self, now: Timestamp, report: &mut TickReport) -> Result<(), LedgerError> {
        let stamp = fmt_instant(now);
        let unsettled = fmt_instant(add(now, -self.manual_after));
        let pending: bool = self.store.query_row(
            &format!(
                "SELECT EXISTS (SELECT 1 FROM occurrences WHERE state = 'running' AND lease_until <= ?1)
                     OR EXISTS (SELECT 1 FROM occurrences
                                 WHERE state IN ('planned', 'retry_wait') AND state = 'retry_wait'
                                   AND decision IS NULL AND due_at <= ?1)
                     OR {}",
                super::ops::ESCALATE_PENDING
            ),
            &args![stamp, unsettled],
            |r| r.get(0),
        )?;
        if !pending {
            return Ok(());
        }
        let max_attempts = self.retry.max_attempts.max(1);
        let tx = self.store.write(Gate::Exclusive)?;
        report.lease_expired += recover(&tx, &stamp, max_attempts)?;
        report.manual += super::ops::escalate(&tx, now, self.manual_after)?;
        decide_retries(&tx, now, report)?;
        tx.commit()
    }
}

fn check_lease(lease: SignedDuration) -> Result<(), LedgerError> {
    if lease.is_positive() {
        return Ok(());
    }
    Err(LedgerError::new(
        "invalid_duration",
        crate::lang::Text::new(crate::lang::input_errors::LEDGER_LEASE),
    )
    .with_field("lease"))
}

/// Notes on a stale claim's attempt that it finished too late.
fn fence(tx: &Tx<'_>, job: &Job, now: Timestamp) -> Result<Finish, LedgerError> {
    tx.execute(
        "UPDATE attempts SET outcome = 'fenced', finished_at = ?3
          WHERE occurrence = ?1 AND generation = ?2 AND outcome IS NULL",
        &args![job.row, job.generation, fmt_instant(now)],
    )?;
    Ok(Finish::Fenced)
}

/// Records a failed attempt of a job that still holds its claim: a retry
/// with backoff, or `dead` on the last attempt or a non-retryable error.
fn record(
    tx: &Tx<'_>,
    retry: &RetryPolicy,
    job: &Job,
    now: Timestamp,
    outcome: &Outcome,
) -> Result<Finish, LedgerError> {
    let Outcome::Failed {
        class,
        message,
        retryable,
    } = outcome
    else {
        return mark_done(tx, job, now);
    };
    let stamp = fmt_instant(now);
    let last = job.attempt >= retry.max_attempts.max(1) || !retryable;
    tx.execute(
        "UPDATE attempts SET outcome = 'failed', finished_at = ?3, error_class = ?4, error = ?5
          WHERE occurrence = ?1 AND generation = ?2",
        &args![job.row, job.generation, stamp, class, message],
    )?;
    let reason = sentences::stored(
        Text::new(reasons::REASON_FAILED)
            .with("attempt", job.attempt)
            .with("class", class)
            .with("message", sentences::message(message)),
    );
    if last {
        tx.execute("UPDATE occurrences SET state = 'dead', lease_until = NULL, updated_at = ?2, reason = ?3
              WHERE seq = ?1", &args![job.row, stamp, reason],)?;
        Ok(Finish::Dead)
    } else {
        let at = add(now, retry.delay(&job.key, job.attempt));
        tx.execute(
            "UPDATE occurrences SET state = 'retry_wait', lease_until = NULL, decision = NULL,
                    due_at = ?2, updated_at = ?3, reason = ?4
              WHERE seq = ?1",
            &args![job.row, fmt_instant(at), stamp, reason],
        )?;
        Ok(Finish::Retry)
    }
}

impl TickReport {
    /// Adds `r`'s counts to these.
    pub fn merge(&mut self, r: &TickReport) {
        self.planned += r.planned;
        for (k, n) in &r.decided {
            *self.decided.entry(k.clone()).or_default() += n;
        }
        self.lease_expired += r.lease_expired;
        self.manual += r.manual;
        self.claimed += r.claimed;
        self.done += r.done;
        self.retried += r.retried;
        self.dead += r.dead;
        self.fenced += r.fenced;
        self.refused += r.refused;
        self.truncated |= r.truncated;
    }

    /// What these counts say was committed, for an error that ends a tick
    /// part way: `None` when nothing was.
    pub(crate) fn committed(&self) -> Option<Text> {
        let mut parts: Vec<Text> = Vec::new();
        let mut say = |n: u64, what: Template| {
            if n > 0 {
                parts.push(Text::new(what).with("n", n.to_string()));
            }
        };
        say(self.planned, says::COMMITTED_PLANNED);
        say(self.decided.values().sum(), says::COMMITTED_DECIDED);
        say(self.lease_expired, says::COMMITTED_RELEASED);
        say(self.claimed, says::COMMITTED_CLAIMED);
        say(self.done, says::COMMITTED_DONE);
        say(self.retried, says::COMMITTED_RETRIED);
        say(self.dead, says::COMMITTED_DEAD);
        say(self.fenced, says::COMMITTED_FENCED);
        say(self.refused, says::COMMITTED_REFUSED);
        (!parts.is_empty()).then(|| {
            Text::new(says::COMMITTED_OCCURRENCES).with("parts", Arg::list(parts, Conj::Comma))
        })
    }

    /// Counts one finished job under its outcome.
    pub(crate) fn count(&mut self, f: Finish) {
        match f {
            Finish::Done => self.done += 1,
            Finish::Retry => self.retried += 1,
            Finish::Dead => self.dead += 1,
            Finish::Fenced => self.fenced += 1,
        }
    }
}

/// The states in which a claim's outcome may still be recorded, as long as
/// its generation is the current one: `running`, or released after its
/// lease ran out (`retry_wait`, `unknown_effect`) without being claimed
/// again. Nobody else ran it since, so the effect it reports is the only one.
const RECORDABLE: &str = "state IN ('running', 'retry_wait', 'unknown_effect')";

/// True when `job`'s generation is still the current one and its outcome
/// may be recorded.
fn holds(tx: &Tx<'_>, job: &Job) -> Result<bool, LedgerError> {
    let current: Option<i64> = tx.query_opt(
        &format!(
            "SELECT generation FROM occurrences WHERE seq = ?1 AND {RECORDABLE}{}",
            for_update(tx)
        ),
        &args![job.row],
        |r| r.get(0),
    )?;
    Ok(current == Some(job.generation))
}

/// True when `job`'s own claim is already recorded `done`.
fn done_at(tx: &Tx<'_>, job: &Job) -> Result<bool, LedgerError> {
    let found: Option<i64> = tx.query_opt(
        "SELECT generation FROM occurrences WHERE seq = ?1 AND state = 'done'",
        &args![job.row],
        |r| r.get(0),
    )?;
    Ok(found == Some(job.generation))
}

/// The done mark and the effect record, in the caller's transaction;
/// fenced when the claim was taken over.
fn mark_done(tx: &Tx<'_>, job: &Job, now: Timestamp) -> Result<Finish, LedgerError> {
    let stamp = fmt_instant(now);
    let marked = tx.execute(
        &format!(
            "UPDATE occurrences SET state = 'done', lease_until = NULL, updated_at = ?3, reason = NULL
              WHERE seq = ?1 AND generation = ?2 AND {RECORDABLE}"
        ),
        &args![job.row, job.generation, stamp],
    )?;
    if marked == 0 {
        return Ok(Finish::Fenced);
    }
    tx.execute(
        "INSERT INTO effects (key, occurrence, generation, recorded_at)
         VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
        &args![job.key, job.row, job.generation, stamp],
    )?;
    tx.execute(
        "UPDATE attempts SET outcome = 'done', finished_at = ?3
          WHERE occurrence = ?1 AND generation = ?2",
        &args![job.row, job.generation, stamp],
    )?;
    Ok(Finish::Done)
}

/// Releases running occurrences whose lease ran out: their attempt is
/// `lease_expired` (the effect may or may not have happened; the next
/// attempt carries the same key), the occurrence waits for a retry, or on
/// its last attempt becomes `unknown_effect` for reconciliation.
fn recover(tx: &Tx<'_>, now: &str, max_attempts: u32) -> Result<u64, LedgerError> {
    tx.execute("UPDATE attempts SET outcome = 'lease_expired', finished_at = ?1
          WHERE outcome IS NULL AND (occurrence, generation) IN
                (SELECT seq, generation FROM occurrences WHERE state = 'running' AND lease_until <= ?1)", &args![now],)?;
    // Each row's count of attempts goes into its reason.
    let (head, tail) = Text::new(reasons::REASON_LEASE_UNKNOWN).stored_around("attempt");
    let last = tx.execute(
        "UPDATE occurrences SET state = 'unknown_effect', lease_until = NULL, updated_at = ?1,
                reason = ?3 || attempts || ?4
          WHERE state = 'running' AND lease_until <= ?1 AND attempts >= ?2",
        &args![now, max_attempts, head, tail],
    )?;
    let (head, tail) = Text::new(reasons::REASON_LEASE_RAN_OUT).stored_around("attempt");
    let retry = tx.execute("UPDATE occurrences SET state = 'retry_wait', due_at = ?1, lease_until = NULL, updated_at = ?1, decision = NULL,
                reason = ?2 || attempts || ?3
          WHERE state = 'running' AND lease_until <= ?1", &args![now, head, tail],)?;
    Ok((last + retry) as u64)
}

impl Ledger {
    /// Plans what is due but not yet planned, then gives every due,
    /// undecided `planned` occurrence its misfire decision, in write
    /// transactions of at most [`Ledger::with_batch`] rows each, oldest
    /// first. Each schedule's decisions are the ones
    /// [`decide_misfires`] gives over its whole missed set: the policies
    /// look past an occurrence only at the newest live ones (the newest for
    /// `latest_only`, the newest `maxCatchUp` for `all`), and those are
    /// read with every batch.
    fn catch_up(&mut self, now: Timestamp, report: &mut TickReport) -> Result<(), LedgerError> {
        report.planned += self.plan_missed(now)?;
        // Most ticks find nothing to decide: a read says so without taking
        // the write lock.
        let undecided: bool = self.store.query_row(
            "SELECT EXISTS (SELECT 1 FROM occurrences
                  WHERE state IN ('planned', 'retry_wait') AND state = 'planned'
                    AND decision IS NULL AND due_at <= ?1)",
            &args![fmt_instant(now)],
            |r| r.get(0),
        )?;
        if !undecided {
            return Ok(());
        }
        let mut after = (String::new(), 0i64);
        let mut passes = 0u64;
        // Each pass but the last decides a full batch and moves `after`
        // past it, so the passes end.
        loop {
            let pass = self.store.write(Gate::Exclusive).and_then(|tx| {
                let mut decided = BTreeMap::new();
                let (read, last) = decide_due(&tx, now, &after, self.batch, &mut decided)?;
                tx.commit()?;
                Ok((read, last, decided))
            });
            let (read, last, decided) = pass.map_err(|e| {
                let committed = (passes > 0 || report.planned > 0).then(|| report.committed());
                e.after_commits(committed.flatten())
            })?;
            passes += 1;
            for (k, n) in decided {
                *report.decided.entry(k).or_default() += n;
            }
            match last {
                Some(last) if read >= self.batch => after = last,
                _ => return Ok(()),
            }
            std::thread::sleep(self.batch_pause());
        }
    }
}

/// The token a decision is stored as.
fn token(d: Decision) -> &'static str {
    match d {
        Decision::Run => "run",
        Decision::Coalesced => "coalesced",
        Decision::Skipped => "skipped",
        Decision::Expired => "expired",
    }
}

/// Decides up to `limit` due, undecided `planned` occurrences of enabled
/// schedules after `after` (due time, row) in due order, each schedule
/// under its current revision's policy. Returns how many it read and the
/// last one's position.
fn decide_due(
    tx: &Tx<'_>,
    now: Timestamp,
    after: &(String, i64),
    limit: usize,
    decided: &mut BTreeMap<String, u64>,
) -> Result<(usize, Option<(String, i64)>), LedgerError> {
    let stamp = fmt_instant(now);
    let rows: Vec<(i64, String, String, String, String)> = {
        let st = "SELECT o.seq, o.schedule, o.key, o.instant, o.due_at FROM occurrences o
               JOIN schedules s ON s.id = o.schedule
              WHERE o.state IN ('planned', 'retry_wait') AND o.state = 'planned'
                AND o.decision IS NULL AND o.due_at <= ?1 AND s.enabled = 1
                AND (o.due_at, o.seq) > (?2, ?3)
              ORDER BY o.due_at, o.seq LIMIT ?4";
        tx.query_map(st, &args![stamp, after.0, after.1, limit as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
    };
    let read = rows.len();
    let last = rows.last().map(|r| (r.4.clone(), r.0));
    let mut groups: BTreeMap<String, Vec<(i64, Due)>> = BTreeMap::new();
    for (seq, schedule, key, instant, _) in rows {
        let due = Due {
            key,
            instant: parse_ts(&instant)?,
        };
        groups.entry(schedule).or_default().push((seq, due));
    }
    // A `run` decision leaves the state alone: SQLite rewrites the due
    // index's entry for any row whose `state` is assigned, even unchanged.
    let run = "UPDATE occurrences SET decision = 'run', reason = ?2, updated_at = ?3
          WHERE seq = ?1 AND state = 'planned' AND decision IS NULL";
    let terminal = "UPDATE occurrences SET decision = ?2, state = ?2, reason = ?3, updated_at = ?4
          WHERE seq = ?1 AND state = 'planned' AND decision IS NULL";
    for (schedule_id, list) in groups {
        let schedule = current_schedule(tx, &schedule_id)?;
        let ids: HashMap<(&str, Timestamp), i64> = list
            .iter()
            .map(|(id, d)| ((d.key.as_str(), d.instant), *id))
            .collect();
        let mut due: Vec<Due> = list.iter().map(|(_, d)| d.clone()).collect();
        for d in newest_undecided(tx, &schedule, &schedule_id, now)? {
            if !ids.contains_key(&(d.key.as_str(), d.instant)) {
                due.push(d);
            }
        }
        for d in decide_misfires(&schedule, &due, now) {
            // Only this batch's rows; the newest ones come again in theirs.
            let Some(id) = ids.get(&(d.key.as_str(), d.instant)) else {
                continue;
            };
            let reason = sentences::stored(d.reason);
            let n = match d.decision {
                Decision::Run => tx.execute(run, &args![id, reason, stamp])?,
                _ => tx.execute(terminal, &args![id, token(d.decision), reason, stamp])?,
            };
            if n == 1 {
                *decided.entry(token(d.decision).to_owned()).or_default() += 1;
            }
        }
    }
    Ok((read, last))
}

/// The newest due, undecided occurrences of a schedule that its policy
/// looks at when it decides an older one: the newest live one for
/// `latest_only`, the newest `maxCatchUp` live ones for `all` (live: not
/// older than `maxLateness`). Empty for every other policy.
fn newest_undecided(
    tx: &Tx<'_>,
    schedule: &crate::Schedule,
    id: &str,
    now: Timestamp,
) -> Result<Vec<Due>, LedgerError> {
    let count = match (schedule.misfire(), schedule.max_catch_up()) {
        (MisfirePolicy::LatestOnly, _) => 1,
        (MisfirePolicy::All, Some(max)) => i64::from(max),
        _ => 0,
    };
    if count == 0 {
        return Ok(Vec::new());
    }
    let oldest_live = schedule
        .max_lateness()
        .map_or(String::new(), |max| fmt_instant(add(now, -max)));
    let st = "SELECT o.key, o.instant FROM occurrences o
          WHERE o.schedule = ?1 AND o.instant IS NOT NULL AND o.status <> 'merged' AND o.live = 1
            AND o.instant >= ?2 AND o.instant <= ?3
            AND o.state = 'planned' AND o.decision IS NULL
          ORDER BY o.instant DESC LIMIT ?4";
    let rows = tx.query_map(st, &args![id, oldest_live, fmt_instant(now), count], |r| {
        Ok((r.get::<String>(0)?, r.get::<String>(1)?))
    })?;
    let mut out = Vec::new();
    for (key, instant) in rows {
        out.push(Due {
            key,
            instant: parse_ts(&instant)?,
        });
    }
    Ok(out)
}

/// Decides every `retry_wait` occurrence that is due again (up to one
/// claim batch per call; the claim takes only decided ones): a retry is a
/// dispatch and passes the same misfire decisions as a first run. Lateness
/// is measured from its instant (`maxLateness` ⇒ `expired`, `skip` beyond
/// `grace` ⇒ `skipped`), and under `latest_only` it is `coalesced` when a
/// newer occurrence of its schedule has run or is due. The reason says
/// which attempt it follows.
fn decide_retries(tx: &Tx<'_>, now: Timestamp, report: &mut TickReport) -> Result<(), LedgerError> {
    let stamp = fmt_instant(now);
    let rows: Vec<(i64, String, String, String, u32)> = {
        let st = "SELECT o.seq, o.schedule, o.key, o.instant, o.attempts FROM occurrences o
               JOIN schedules s ON s.id = o.schedule
              WHERE o.state IN ('planned', 'retry_wait') AND o.state = 'retry_wait'
                AND o.decision IS NULL AND o.due_at <= ?1 AND s.enabled = 1
              ORDER BY o.due_at, o.seq LIMIT ?2";
        tx.query_map(st, &args![stamp, RETRY_DECISIONS as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
    };
    let newer = "SELECT o.key, o.instant FROM occurrences o
          WHERE o.schedule = ?1 AND o.instant IS NOT NULL AND o.status <> 'merged' AND o.live = 1
            AND o.instant > ?2 AND o.instant <= ?3
            AND (o.attempts > 0 OR o.state IN ('planned', 'retry_wait'))
          ORDER BY o.instant DESC LIMIT 1";
    let set = "UPDATE occurrences SET decision = ?2, reason = ?3, updated_at = ?4,
                state = CASE ?2 WHEN 'run' THEN state ELSE ?2 END
          WHERE seq = ?1 AND state = 'retry_wait' AND decision IS NULL";
    for (seq, schedule_id, key, instant, attempts) in rows {
        let schedule = current_schedule(tx, &schedule_id)?;
        let mut due = vec![Due {
            key: key.clone(),
            instant: parse_ts(&instant)?,
        }];
        if schedule.misfire() == MisfirePolicy::LatestOnly {
            let found: Option<(String, String)> =
                tx.query_opt(newer, &args![schedule_id, instant, stamp], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?;
            if let Some((key, instant)) = found {
                due.push(Due {
                    key,
                    instant: parse_ts(&instant)?,
                });
            }
        }
        let Some(d) = decide_misfires(&schedule, &due, now)
            .into_iter()
            .find(|d| d.key == key)
        else {
            return Err(super::error::internal("a retry without its decision"));
        };
        let reason = sentences::stored(
            Text::new(reasons::REASON_RETRY_AFTER)
                .with("attempts", attempts)
                .with("why", d.reason),
        );
        if tx.execute(set, &args![seq, token(d.decision), reason, stamp])? == 1 {
            *report
                .decided
                .entry(token(d.decision).to_owned())
                .or_default() += 1;
        }
    }
    Ok(())
}
