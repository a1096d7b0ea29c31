//! The execution epoch (seed 001): switching to another wallclock build,
//! or back, bumps it, and a worker of the replaced build can no longer
//! claim, renew or record anything. What it had dispatched goes to
//! reconciliation (`unknown_effect`), never back to `planned`.

use serde::Serialize;

use super::error::LedgerError;
use super::store::{Gate, Sql, Tx, args};
use super::{Ledger, fmt_instant, sentences};
use crate::lang::{Text, ledger as reasons};

/// What `epoch bump` did.
#[derive(Clone, Debug, Serialize)]
pub struct EpochBump {
    /// The new epoch.
    pub epoch: i64,
    /// Running occurrences moved to `unknown_effect` for reconciliation.
    pub reconcile: u64,
}

/// The ledger's epoch (0 until the first bump).
fn current(sql: &impl Sql) -> Result<i64, LedgerError> {
    let v: Option<String> = sql.query_opt(
        "SELECT value FROM meta WHERE key = 'epoch'",
        &args![],
        |r| r.get(0),
    )?;
    Ok(v.and_then(|v| v.parse().ok()).unwrap_or(0))
}

impl Ledger {
    /// The ledger's current execution epoch.
    pub fn epoch(&self) -> Result<i64, LedgerError> {
        current(&self.store)
    }

    /// Binds this connection to the ledger's current epoch: after the next
    /// [`Ledger::bump_epoch`] (by anyone), its claims, renewals and outcome
    /// records fail with `epoch_superseded`. Returns the epoch.
    pub fn pin_epoch(&mut self) -> Result<i64, LedgerError> {
        let e = current(&self.store)?;
        self.epoch = Some(e);
        Ok(e)
    }

    /// The same ledger pinned to `epoch` (see [`Ledger::pin_epoch`]).
    pub fn with_epoch(mut self, epoch: i64) -> Ledger {
        self.epoch = Some(epoch);
        self
    }

    /// Starts a new execution epoch: run when switching to another
    /// wallclock build (or back), before starting its workers. Every
    /// `running` occurrence goes to `unknown_effect` (its worker belongs to
    /// the replaced build: whether its effect happened is for
    /// `reconcile`), and workers pinned to an earlier epoch stop at their
    /// next claim, renewal or outcome.
    pub fn bump_epoch(&mut self, now: jiff::Timestamp) -> Result<EpochBump, LedgerError> {
        let stamp = fmt_instant(now);
        let tx = self.store.write(Gate::Exclusive)?;
        let epoch = current(&tx)? + 1;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('epoch', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            &args![epoch.to_string()],
        )?;
        let reason = sentences::stored(Text::new(reasons::REASON_EPOCH).with("epoch", epoch));
        tx.execute(
            "UPDATE attempts SET outcome = 'fenced', finished_at = ?1
              WHERE outcome IS NULL AND (occurrence, generation) IN
                    (SELECT seq, generation FROM occurrences WHERE state = 'running')",
            &args![stamp],
        )?;
        let moved = tx.execute(
            "UPDATE occurrences SET state = 'unknown_effect', lease_until = NULL,
                    updated_at = ?1, reason = ?2
              WHERE state = 'running'",
            &args![stamp, reason],
        )?;
        tx.commit()?;
        if self.epoch.is_some() {
            self.epoch = Some(epoch);
        }
        Ok(EpochBump {
            epoch,
            reconcile: moved as u64,
        })
    }
}

/// Fails with `epoch_superseded` when a connection pinned to `pinned` runs
/// in an epoch the ledger has left.
pub(super) fn check(pinned: Option<i64>, tx: &Tx<'_>) -> Result<(), LedgerError> {
    let Some(pinned) = pinned else {
        return Ok(());
    };
    let now = current(tx)?;
    if now == pinned {
        return Ok(());
    }
    Err(LedgerError::new(
        "epoch_superseded",
        crate::lang::Text::new(crate::lang::input_errors::LEDGER_EPOCH)
            .with("pinned", pinned)
            .with("now", now),
    ))
}
