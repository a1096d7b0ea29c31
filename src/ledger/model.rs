//! The values the ledger hands out: jobs for handlers, reports, rows.

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use crate::format::fmt_instant;

/// One claimed occurrence, as a handler sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The occurrence id (`<schedule>|r<revision>|<nominal>|<fold>`).
    pub occurrence: String,
    /// The occurrence's row in the ledger (its attempts and effect refer to it).
    pub row: i64,
    /// The schedule id.
    pub schedule: String,
    /// The revision that owns the occurrence.
    pub revision: u32,
    /// The effect (idempotency) key, `<id>|<nominal>` (`|fold=1` for the
    /// second of fold `both`): pass it downstream.
    pub key: String,
    /// The nominal local time.
    pub nominal: String,
    /// 0, or 1 for the second of a repeated local time.
    pub fold: u8,
    /// When it was scheduled.
    pub instant: Timestamp,
    /// 1 for the first attempt.
    pub attempt: u32,
    /// The claim generation (fencing token): only this claim may finish it.
    pub generation: i64,
    /// Who claimed it.
    pub worker: String,
    /// When the lease runs out.
    pub lease_until: Timestamp,
    /// The schedule's own `timeout` (its revision's spec), if it has one.
    pub timeout: Option<SignedDuration>,
}

/// What a handler reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The effect happened; mark the occurrence done.
    Done,
    /// It failed. Retried with backoff while `retryable` and attempts remain,
    /// then `dead`.
    Failed {
        /// A short, stable error class (`exit_1`, `timeout`, …).
        class: String,
        /// Details for people: words, or a sentence as data
        /// ([`crate::lang::Text::to_stored`]'s JSON object), which the
        /// ledger shows in the reader's language.
        message: String,
        /// False for errors a retry cannot fix.
        retryable: bool,
    },
}

impl Outcome {
    /// A retryable failure.
    pub fn failed(class: impl Into<String>, message: impl Into<String>) -> Outcome {
        Outcome::Failed {
            class: class.into(),
            message: message.into(),
            retryable: true,
        }
    }

    /// A retryable failure whose message is a sentence, kept as data.
    pub(crate) fn failed_saying(class: impl Into<String>, message: crate::lang::Text) -> Outcome {
        Outcome::failed(class, message.to_stored().to_string())
    }
}

/// Retries: `min(max, base · 2^(attempt-1))` plus a jitter below `base`,
/// up to `max_attempts` attempts, then `dead`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (≥ 1).
    pub max_attempts: u32,
    /// The first delay.
    pub base: SignedDuration,
    /// The longest delay (before jitter).
    pub max: SignedDuration,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy {
            max_attempts: 5,
            base: SignedDuration::from_secs(10),
            max: SignedDuration::from_hours(1),
        }
    }
}

impl RetryPolicy {
    /// The wait after failed attempt number `attempt` (1-based) of `key`. The
    /// jitter is a hash of the key and the attempt: spread across keys, yet
    /// reproducible (the library reads no clock and no random source).
    pub fn delay(&self, key: &str, attempt: u32) -> SignedDuration {
        let shift = attempt.saturating_sub(1).min(30);
        let base = self.base.as_secs().max(1);
        let exp = base
            .saturating_mul(1i64 << shift)
            .min(self.max.as_secs().max(base));
        // FNV-1a: stable across Rust versions, unlike `DefaultHasher`.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in key.bytes().chain(attempt.to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let jitter = (h % (base as u64)) as i64;
        SignedDuration::from_secs(exp.saturating_add(jitter))
    }
}

/// What one [`super::Ledger::plan`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanReport {
    /// Occurrences inserted (0 when re-run: plan is idempotent).
    pub inserted: u64,
    /// Of those, recorded `gap_skipped`.
    pub gap_skipped: u64,
    /// Of those, merged entries recorded `coalesced`.
    pub merged: u64,
    /// Schedules planned.
    pub schedules: u64,
    /// Extra expansion windows, for schedules whose horizon held more than
    /// [`super::PLAN_WINDOW`] executions (0 for ordinary schedules).
    pub windows: u64,
    /// Planned up to (exclusive).
    #[serde(serialize_with = "ser_ts")]
    pub until: Timestamp,
}

/// What one tick did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TickReport {
    /// Occurrences up to `now` that no plan had materialised yet (a
    /// schedule's cursor was behind): planned first, so that the misfire
    /// decisions see every missed occurrence at once.
    pub planned: u64,
    /// Due occurrences given a misfire decision, by decision token.
    pub decided: std::collections::BTreeMap<String, u64>,
    /// Running occurrences whose lease had run out.
    pub lease_expired: u64,
    /// `unknown_effect` occurrences unsettled past `--manual-after`, moved to `manual`.
    pub manual: u64,
    /// Claims made.
    pub claimed: u64,
    /// Marked done.
    pub done: u64,
    /// Failed and waiting for a retry.
    pub retried: u64,
    /// Failed for the last time.
    pub dead: u64,
    /// Finished after another worker had reclaimed them: not recorded.
    pub fenced: u64,
    /// Refused because their effect key was already recorded done.
    pub refused: u64,
    /// True when the tick stopped at [`super::MAX_CLAIMS_PER_TICK`].
    pub truncated: bool,
}

/// One occurrence whose instant changed under a new tz database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Moved {
    /// The schedule.
    pub schedule: String,
    /// The effect key (unchanged).
    pub key: String,
    /// The tz database version it was planned with.
    pub from_tzdb: String,
    /// The instant it had.
    pub from: Option<String>,
    /// The instant it has now (None: it no longer exists, gap-skipped).
    pub to: Option<String>,
}

/// What [`super::Ledger::replan`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplanReport {
    /// The tz database the ledger runs with now.
    pub tzdb: String,
    /// Pending, never attempted occurrences re-resolved.
    pub checked: u64,
    /// Those whose instant changed.
    pub moved: Vec<Moved>,
    /// The schedules with at least one moved occurrence.
    pub schedules: Vec<String>,
    /// Occurrences the new tz database would move but that were already
    /// attempted: they keep their instant (`to` is where they would go).
    pub kept: Vec<Moved>,
}

/// Which occurrences to list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OccurrenceFilter {
    /// Only this schedule.
    pub schedule: Option<String>,
    /// Only this state token.
    pub state: Option<String>,
    /// Only this effect key.
    pub key: Option<String>,
}

/// One occurrence row.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Occurrence {
    /// occurrenceId.
    pub id: String,
    /// Schedule id.
    pub schedule: String,
    /// Owning revision.
    pub revision: u32,
    /// Effect key.
    pub key: String,
    /// Nominal local time.
    pub nominal: String,
    /// Fold ordinal.
    pub fold: u8,
    /// IANA zone.
    pub time_zone: String,
    /// Resolved UTC instant (null when gap-skipped).
    pub instant: Option<String>,
    /// The state token.
    pub state: String,
    /// The expansion status (`scheduled`, `shifted`, `skipped`, `merged`).
    pub status: String,
    /// The misfire decision, once due.
    pub decision: Option<String>,
    /// Why the state (misfire reason, cancellation, error).
    pub reason: Option<String>,
    /// Attempts made.
    pub attempts: u32,
    /// Claim generation.
    pub generation: i64,
    /// Last worker.
    pub worker: Option<String>,
    /// Lease end while running.
    pub lease_until: Option<String>,
    /// Next claim time.
    pub due_at: String,
    /// Policy tokens: gap, fold, invalidDate, misfire.
    pub policies: serde_json::Value,
    /// tz database version the instant was resolved with.
    pub tzdb: String,
    /// Notes, `[{code, message}]`.
    pub notes: serde_json::Value,
}

/// One attempt row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    /// 1-based.
    pub attempt: u32,
    /// Claim generation.
    pub generation: i64,
    /// Worker.
    pub worker: String,
    /// Disable generation at claim time.
    pub disable_generation: i64,
    /// Lease end.
    pub lease_until: String,
    /// Start.
    pub started_at: String,
    /// End, if recorded.
    pub finished_at: Option<String>,
    /// `done`, `failed`, `lease_expired`, `fenced`, `refused`; null while running.
    pub outcome: Option<String>,
    /// Error class.
    pub error_class: Option<String>,
    /// Error text.
    pub error: Option<String>,
}

/// Everything the ledger knows about one effect key.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    /// The key.
    pub key: String,
    /// The recorded effect, if any: `{occurrence, generation, recordedAt}`.
    pub effect: Option<serde_json::Value>,
    /// Every occurrence with that key (one per revision that planned it),
    /// each with its attempts and the revision's spec and range.
    pub occurrences: Vec<serde_json::Value>,
    /// The key ran, but `prune` deleted its occurrence (and attempts): only
    /// the effect record is left, so `occurrences` is empty.
    pub pruned: bool,
    /// What a pruned key's answer means, for people (in the language
    /// spoken).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<crate::lang::Text>,
}

pub(crate) fn ser_ts<S: serde::Serializer>(t: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&fmt_instant(*t))
}

/// How an operator settles an `unknown_effect` occurrence
/// ([`super::Ledger::reconcile`]), after checking downstream whether the
/// effect happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reconcile {
    /// The effect happened: `done`, with its effect key recorded.
    Done,
    /// It did not: `retry_wait`, claimable at once (one more attempt, same key).
    Retry,
    /// Give up: `dead` (terminal).
    Dead,
}

impl Reconcile {
    /// The state token the occurrence takes.
    pub fn state(self) -> &'static str {
        match self {
            Reconcile::Done => "done",
            Reconcile::Retry => "retry_wait",
            Reconcile::Dead => "dead",
        }
    }
}
