//! The overlap policy at claim time: an occurrence due while an earlier
//! one of its schedule still runs is run alongside (`allow`), `skipped`
//! (`skip`), or left to wait until that one has finished (`queue`).
//!
//! The claim query leaves out schedules that guard against overlap and have
//! a running occurrence. Two claims that race for one such schedule (two
//! PostgreSQL workers, or two of its occurrences due in one batch) are
//! settled after the claim: under a per-schedule lock, the claim of the
//! occurrence that finds another one of its schedule running is undone.

use std::collections::{HashMap, HashSet};

use super::error::LedgerError;
use super::model::Job;
use super::reason;
use super::store::{Dialect, Sql, Tx, args};
use crate::lang::{Text, ledger as reasons};

/// True when any revision guards against overlap: otherwise the claim
/// needs none of this.
pub(super) fn any_guarded(tx: &Tx<'_>) -> Result<bool, LedgerError> {
    tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM revisions WHERE overlap <> 'allow')",
        &args![],
        |r| r.get(0),
    )
}

/// The claim's extra condition when some schedule guards against overlap.
pub(super) const CLAIMABLE: &str = " AND (r.overlap = 'allow' OR NOT EXISTS
       (SELECT 1 FROM occurrences x WHERE x.schedule = o.schedule AND x.state = 'running'))";

/// Marks `skipped` every due occurrence of a `skip` schedule whose earlier
/// occurrence still runs.
pub(super) fn skip_overlapping(tx: &Tx<'_>, stamp: &str) -> Result<u64, LedgerError> {
    let n = tx.execute(
        "UPDATE occurrences SET state = 'skipped', decision = 'skipped', updated_at = ?1,
                reason = ?2
          WHERE state IN ('planned', 'retry_wait') AND due_at <= ?1 AND decision = 'run'
            AND EXISTS (SELECT 1 FROM revisions r
                         WHERE r.schedule = occurrences.schedule
                           AND r.revision = occurrences.revision AND r.overlap = 'skip')
            AND EXISTS (SELECT 1 FROM occurrences x
                         WHERE x.schedule = occurrences.schedule AND x.state = 'running')",
        &args![
            stamp,
            reason::stored(Text::new(reasons::REASON_OVERLAP_RUNNING))
        ],
    )?;
    Ok(n as u64)
}

/// Undoes the claims in `jobs` (due order) that overlap an occurrence of
/// the same schedule already running: `skip` makes them `skipped` (their
/// attempt `refused`), `queue` puts them back as they were. Returns the
/// jobs that keep their claim and how many were skipped.
pub(super) fn settle_claims(
    tx: &Tx<'_>,
    jobs: Vec<Job>,
    stamp: &str,
) -> Result<(Vec<Job>, u64), LedgerError> {
    let mut policy: HashMap<(String, u32), String> = HashMap::new();
    let mut pending: HashSet<i64> = jobs.iter().map(|j| j.row).collect();
    let mut undone: HashSet<i64> = HashSet::new();
    let mut kept = Vec::new();
    let mut skipped = 0;
    for job in jobs {
        pending.remove(&job.row);
        let overlap = match policy.get(&(job.schedule.clone(), job.revision)) {
            Some(p) => p.clone(),
            None => {
                let p: String = tx.query_row(
                    "SELECT overlap FROM revisions WHERE schedule = ?1 AND revision = ?2",
                    &args![job.schedule, job.revision],
                    |r| r.get(0),
                )?;
                policy.insert((job.schedule.clone(), job.revision), p.clone());
                p
            }
        };
        if overlap == "allow" {
            kept.push(job);
            continue;
        }
        lock_schedule(tx, &job.schedule)?;
        let running: Vec<(i64, String)> = tx.query_map(
            "SELECT seq, key FROM occurrences WHERE schedule = ?1 AND state = 'running' AND seq <> ?2",
            &args![job.schedule, job.row],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let earlier = running
            .iter()
            .find(|(seq, _)| !pending.contains(seq) && !undone.contains(seq));
        let Some((_, other)) = earlier else {
            kept.push(job);
            continue;
        };
        undone.insert(job.row);
        if overlap == "skip" {
            skip_claimed(tx, &job, other, stamp)?;
            skipped += 1;
        } else {
            put_back(tx, &job)?;
        }
    }
    Ok((kept, skipped))
}

/// On PostgreSQL, serialises the overlap check of one schedule's claims
/// until the transaction ends (SQLite has one writer anyway).
fn lock_schedule(tx: &Tx<'_>, schedule: &str) -> Result<(), LedgerError> {
    if tx.dialect() == Dialect::Postgres {
        tx.query_row(
            "SELECT 1 FROM (SELECT pg_advisory_xact_lock(1, hashtext(?1))) l",
            &args![schedule],
            |_| Ok(()),
        )?;
    }
    Ok(())
}

fn skip_claimed(tx: &Tx<'_>, job: &Job, other: &str, stamp: &str) -> Result<(), LedgerError> {
    tx.execute(
        "UPDATE occurrences SET state = 'skipped', decision = 'skipped', lease_until = NULL,
                reason = ?2
          WHERE seq = ?1",
        &args![
            job.row,
            reason::stored(Text::new(reasons::REASON_OVERLAP_OTHER).with("other", other))
        ],
    )?;
    tx.execute(
        "UPDATE attempts SET outcome = 'refused', finished_at = ?3
          WHERE occurrence = ?1 AND generation = ?2",
        &args![job.row, job.generation, stamp],
    )?;
    Ok(())
}

/// A queued claim goes back to what it was: no attempt, no lease.
fn put_back(tx: &Tx<'_>, job: &Job) -> Result<(), LedgerError> {
    let state = if job.attempt > 1 {
        "retry_wait"
    } else {
        "planned"
    };
    tx.execute(
        "UPDATE occurrences SET state = ?2, attempts = attempts - 1, worker = NULL,
                lease_until = NULL
          WHERE seq = ?1",
        &args![job.row, state],
    )?;
    tx.execute(
        "DELETE FROM attempts WHERE occurrence = ?1 AND generation = ?2",
        &args![job.row, job.generation],
    )?;
    Ok(())
}
