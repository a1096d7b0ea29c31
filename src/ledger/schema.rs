//! The ledger's tables, as a constant list of migrations applied through
//! `PRAGMA user_version` in one transaction (rusqlite's habit): migration
//! `i` takes a database from version `i` to `i + 1`.
//!
//! Instants are UTC RFC 3339 text with second precision
//! (`2026-10-21T07:00:00Z`), so text order is time order and SQL can compare
//! them. Every occurrence row carries its schedule, revision, nominal local
//! time, fold, instant, tzdb version and notes; its zone and policy tokens
//! are its revision's (one join away, `revisions`), so it can be explained
//! and rebuilt. Its `id` is a generated column; its effect `key` is written
//! by Rust (`format::key`), the one place that defines the key's format.

use rusqlite::{Connection, TransactionBehavior};

use super::error::LedgerError;
use super::store::{Dialect, Gate, Sql, Store, args};

/// Every state an occurrence can be in; the same lowercase tokens in SQL,
/// JSON and on the command line.
pub const STATES: &[&str] = &[
    "planned",
    "running",
    "retry_wait",
    "unknown_effect",
    "done",
    "coalesced",
    "skipped",
    "expired",
    "cancelled",
    "dead",
    "gap_skipped",
    "manual",
];

/// The reasons older builds wrote that never varied, each `WHEN` its
/// words `THEN` its sentence as data: migration 10 (PostgreSQL 6).
macro_rules! reasons_that_never_varied {
    () => {
        r#"
    WHEN 'disabled' THEN '{"t":"ledger.reason.disabled"}'
    WHEN 'removed' THEN '{"t":"ledger.reason.removed"}'
    WHEN 'triggered by hand' THEN '{"t":"ledger.reason.triggered"}'
    WHEN 'reconciled: the effect happened' THEN '{"t":"ledger.reason.reconciled_done"}'
    WHEN 'reconciled: the effect did not happen, retry' THEN '{"t":"ledger.reason.reconciled_retry"}'
    WHEN 'reconciled: given up' THEN '{"t":"ledger.reason.reconciled_dead"}'
    WHEN 'overlap: an earlier occurrence of the schedule was still running'
        THEN '{"t":"ledger.reason.overlap_running"}'
    "#
    };
}

/// The migrations, oldest first. Never edit one that has shipped: append.
pub const MIGRATIONS: &[&str] = &[
    // 1: the first ledger.
    r#"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE schedules (
    id                 TEXT PRIMARY KEY,
    revision           INTEGER NOT NULL,           -- the current (newest) revision
    time_zone          TEXT NOT NULL,
    enabled            INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    disable_generation INTEGER NOT NULL DEFAULT 0, -- bumped by every disable: the dispatch gate
    cursor             TEXT                        -- planned up to (exclusive); NULL: from the start
) STRICT;

-- Revision r owns the instants in [cutover, until): half-open UTC ranges
-- that never overlap (seed 001).
CREATE TABLE revisions (
    schedule   TEXT NOT NULL REFERENCES schedules(id),
    revision   INTEGER NOT NULL CHECK (revision >= 1),
    spec       TEXT NOT NULL,   -- the spec JSON, revision included
    cutover    TEXT,            -- NULL: from the schedule's start
    until      TEXT,            -- NULL: open ended
    tzdb       TEXT NOT NULL,
    PRIMARY KEY (schedule, revision)
) STRICT;

CREATE TABLE occurrences (
    id           TEXT PRIMARY KEY,   -- occurrenceId: schedule|r<revision>|<nominal>|<fold>
    schedule     TEXT NOT NULL REFERENCES schedules(id),
    revision     INTEGER NOT NULL,
    key          TEXT NOT NULL,      -- effect key (Entry::key), shared across revisions
    nominal      TEXT NOT NULL,      -- nominal local time, no offset
    fold         INTEGER NOT NULL CHECK (fold IN (0, 1)),
    time_zone    TEXT NOT NULL,
    instant      TEXT,               -- resolved UTC instant; NULL when gap-skipped
    at           TEXT NOT NULL,      -- the instant, or the transition that skipped it
    status       TEXT NOT NULL,      -- expansion status: scheduled | shifted | skipped | merged
    gap          TEXT NOT NULL,
    fold_policy  TEXT NOT NULL,
    invalid_date TEXT NOT NULL,
    misfire      TEXT NOT NULL,
    tzdb         TEXT NOT NULL,
    notes        TEXT NOT NULL,      -- JSON array of {code, message}
    state        TEXT NOT NULL CHECK (state IN ('planned', 'running', 'retry_wait',
                     'unknown_effect', 'done', 'coalesced', 'skipped', 'expired',
                     'cancelled', 'dead', 'gap_skipped')),
    decision     TEXT CHECK (decision IN ('run', 'coalesced', 'skipped', 'expired')),
    reason       TEXT,               -- why the state or decision
    due_at       TEXT NOT NULL,      -- earliest claim: the instant, then the retry time
    attempts     INTEGER NOT NULL DEFAULT 0,
    generation   INTEGER NOT NULL DEFAULT 0,  -- claim generation: the fencing token
    worker       TEXT,
    lease_until  TEXT,
    planned_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    FOREIGN KEY (schedule, revision) REFERENCES revisions(schedule, revision)
) STRICT;

-- The logical slot: one live occurrence per (schedule, instant) across
-- revisions, so two revisions never both own a boundary slot (seed 001).
-- Merged entries share their primary's instant and never run.
CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND state <> 'cancelled';
-- What tick scans on every claim: undecided due rows, then claimable ones.
CREATE INDEX occurrences_undecided ON occurrences(due_at)
    WHERE state = 'planned' AND decision IS NULL;
CREATE INDEX occurrences_claimable ON occurrences(due_at)
    WHERE state IN ('planned', 'retry_wait');
CREATE INDEX occurrences_running ON occurrences(lease_until) WHERE state = 'running';
CREATE INDEX occurrences_key ON occurrences(key);
CREATE INDEX occurrences_schedule_at ON occurrences(schedule, at);

CREATE TABLE attempts (
    occurrence         TEXT NOT NULL REFERENCES occurrences(id),
    attempt            INTEGER NOT NULL,
    generation         INTEGER NOT NULL,
    worker             TEXT NOT NULL,
    disable_generation INTEGER NOT NULL,
    lease_until        TEXT NOT NULL,
    started_at         TEXT NOT NULL,
    finished_at        TEXT,
    outcome            TEXT CHECK (outcome IN ('done', 'failed', 'lease_expired', 'fenced', 'refused')),
    error_class        TEXT,
    error              TEXT,
    PRIMARY KEY (occurrence, generation)
) STRICT;

-- One row per effect key that completed: the ledger never runs a key again.
CREATE TABLE effects (
    key         TEXT PRIMARY KEY,
    occurrence  TEXT NOT NULL REFERENCES occurrences(id),
    generation  INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
) STRICT;
"#,
    // 2: the claim orders by (due_at, id); with an index on due_at alone
    // SQLite sorted every due row on every claim, so a tick with n due
    // occurrences did O(n²) work (1 000 due: seconds). Now the first index
    // entry is the claim.
    r#"
DROP INDEX occurrences_claimable;
CREATE INDEX occurrences_claimable ON occurrences(due_at, id)
    WHERE state IN ('planned', 'retry_wait');
"#,
    // 3: slim occurrence rows. Planning 10 000 schedules × 14 days ran at
    // SQLite's own insert speed for rows of ~550 bytes across seven
    // B-trees, each checked against IN lists (a temporary B-tree per row),
    // so the rows themselves were the cost. This migration makes: OR-chain checks; an
    // integer row id (attempts and effects refer to it); `id` and `key`
    // are generated from (schedule, revision, nominal, fold) instead of
    // stored and indexed; the zone and policy tokens move to the revision
    // that all of its rows share; notes are NULL when there are none;
    // `updated_at` is NULL until the row first changes. Four B-trees are
    // left: the rows, the identity (which also finds a key: schedule and
    // nominal are its prefix), the logical slot, and one partial index on
    // due pending rows that both the misfire decision and the claim scan
    // (its rowid order breaks due ties). Running rows keep their own small
    // index for lease recovery.
    r#"
ALTER TABLE revisions ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
ALTER TABLE revisions ADD COLUMN gap TEXT NOT NULL DEFAULT 'skip';
ALTER TABLE revisions ADD COLUMN fold_policy TEXT NOT NULL DEFAULT 'first';
ALTER TABLE revisions ADD COLUMN invalid_date TEXT NOT NULL DEFAULT 'omit';
ALTER TABLE revisions ADD COLUMN misfire TEXT NOT NULL DEFAULT 'all';
UPDATE revisions SET
    time_zone = coalesce(
        (SELECT o.time_zone FROM occurrences o
          WHERE o.schedule = revisions.schedule AND o.revision = revisions.revision LIMIT 1),
        json_extract(spec, '$.timeZone'), ''),
    gap = coalesce(json_extract(spec, '$.gap'), 'skip'),
    fold_policy = coalesce(json_extract(spec, '$.fold'), 'first'),
    invalid_date = coalesce(json_extract(spec, '$.invalidDate'), 'omit'),
    misfire = coalesce(json_extract(spec, '$.misfire'), 'all');

CREATE TABLE occurrences_v3 (
    seq          INTEGER PRIMARY KEY, -- the row; attempts and effects refer to it
    schedule     TEXT NOT NULL,
    revision     INTEGER NOT NULL,
    nominal      TEXT NOT NULL,      -- nominal local time, no offset
    fold         INTEGER NOT NULL CHECK (fold IN (0, 1)),
    doubled      INTEGER NOT NULL DEFAULT 0 CHECK (doubled IN (0, 1)), -- fold `both`: fold 1's key says so
    instant      TEXT,               -- resolved UTC instant; NULL when gap-skipped
    at           TEXT NOT NULL,      -- the instant, or the transition that skipped it
    status       TEXT NOT NULL,      -- expansion status: scheduled | shifted | skipped | merged
    tzdb         TEXT NOT NULL,      -- the tz database the instant was resolved with
    notes        TEXT,               -- JSON array of {code, message}; NULL: none
    -- The token checks are OR chains: SQLite evaluates a CHECK with an
    -- IN list by building a temporary B-tree of the list for every row
    -- written, which was a large part of each insert.
    state        TEXT NOT NULL CHECK (state = 'planned' OR state = 'running'
                     OR state = 'retry_wait' OR state = 'unknown_effect' OR state = 'done'
                     OR state = 'coalesced' OR state = 'skipped' OR state = 'expired'
                     OR state = 'cancelled' OR state = 'dead' OR state = 'gap_skipped'),
    decision     TEXT CHECK (decision = 'run' OR decision = 'coalesced'
                     OR decision = 'skipped' OR decision = 'expired'),
    reason       TEXT,               -- why the state or decision
    due_at       TEXT NOT NULL,      -- earliest claim: the instant, then the retry time
    attempts     INTEGER NOT NULL DEFAULT 0,
    generation   INTEGER NOT NULL DEFAULT 0,  -- claim generation: the fencing token
    worker       TEXT,
    lease_until  TEXT,
    planned_at   TEXT NOT NULL,
    updated_at   TEXT,               -- NULL: unchanged since planned
    -- occurrenceId: schedule|r<revision>|<nominal>|<fold>
    id  TEXT GENERATED ALWAYS AS (schedule || '|r' || revision || '|' || nominal || '|' || fold) VIRTUAL,
    -- The effect key (docs/spec.md §3), shared across revisions.
    key TEXT GENERATED ALWAYS AS (schedule || '|' || nominal
                                  || CASE WHEN doubled = 1 AND fold = 1 THEN '|fold=1' ELSE '' END) VIRTUAL,
    UNIQUE (schedule, nominal, fold, revision),
    FOREIGN KEY (schedule, revision) REFERENCES revisions(schedule, revision)
) STRICT;
INSERT INTO occurrences_v3 (seq, schedule, revision, nominal, fold, doubled, instant, at, status,
                            tzdb, notes, state, decision, reason, due_at, attempts, generation,
                            worker, lease_until, planned_at, updated_at)
SELECT rowid, schedule, revision, nominal, fold, fold = 1 AND key LIKE '%|fold=1', instant, at,
       status, tzdb, nullif(notes, '[]'), state, decision, reason, due_at, attempts, generation,
       worker, lease_until, planned_at, updated_at
  FROM occurrences;

CREATE TABLE attempts_v3 (
    occurrence         INTEGER NOT NULL REFERENCES occurrences_v3(seq),
    attempt            INTEGER NOT NULL,
    generation         INTEGER NOT NULL,
    worker             TEXT NOT NULL,
    disable_generation INTEGER NOT NULL,
    lease_until        TEXT NOT NULL,
    started_at         TEXT NOT NULL,
    finished_at        TEXT,
    outcome            TEXT CHECK (outcome = 'done' OR outcome = 'failed'
                           OR outcome = 'lease_expired' OR outcome = 'fenced' OR outcome = 'refused'),
    error_class        TEXT,
    error              TEXT,
    PRIMARY KEY (occurrence, generation)
) STRICT;
INSERT INTO attempts_v3
SELECT o.rowid, a.attempt, a.generation, a.worker, a.disable_generation, a.lease_until,
       a.started_at, a.finished_at, a.outcome, a.error_class, a.error
  FROM attempts a JOIN occurrences o ON o.id = a.occurrence;

-- One row per effect key that completed: the ledger never runs a key again.
CREATE TABLE effects_v3 (
    key         TEXT PRIMARY KEY,
    occurrence  INTEGER NOT NULL REFERENCES occurrences_v3(seq),
    generation  INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
) STRICT;
INSERT INTO effects_v3
SELECT e.key, o.rowid, e.generation, e.recorded_at
  FROM effects e JOIN occurrences o ON o.id = e.occurrence;

DROP TABLE effects;
DROP TABLE attempts;
DROP TABLE occurrences;
ALTER TABLE occurrences_v3 RENAME TO occurrences;
ALTER TABLE attempts_v3 RENAME TO attempts;
ALTER TABLE effects_v3 RENAME TO effects;

-- The logical slot: one live occurrence per (schedule, instant) across
-- revisions, so two revisions never both own a boundary slot (seed 001).
-- Merged entries share their primary's instant and never run.
CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND state <> 'cancelled';
-- Pending rows by due time (ties in row order): what a tick decides and
-- claims. Queries repeat this WHERE term so SQLite can use the index.
CREATE INDEX occurrences_due ON occurrences(due_at)
    WHERE state IN ('planned', 'retry_wait');
CREATE INDEX occurrences_running ON occurrences(lease_until) WHERE state = 'running';
"#,
    // 4: the logical slot stops depending on `state`. SQLite rewrites a
    // partial index's entry whenever a column of its WHERE is updated, so
    // every claim and done mark also rewrote a slot entry, at a position
    // ordered by schedule: one more scattered page per occurrence in every
    // tick. `live` is 0 once an occurrence is cancelled (the only state
    // that gives its slot up) and changes only then.
    r#"
ALTER TABLE occurrences ADD COLUMN live INTEGER NOT NULL DEFAULT 1 CHECK (live IN (0, 1));
UPDATE occurrences SET live = 0 WHERE state = 'cancelled';
DROP INDEX occurrences_slot;
CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND live = 1;
"#,
    // 5: a retry is a dispatch with its own misfire decision. A
    // `retry_wait` occurrence is claimable once decided `run` again, so
    // those waiting now start undecided.
    r#"
UPDATE occurrences SET decision = NULL WHERE state = 'retry_wait';
"#,
    // 6: the overlap policy, one token per revision like the others.
    r#"
ALTER TABLE revisions ADD COLUMN overlap TEXT NOT NULL DEFAULT 'allow'
    CHECK (overlap = 'allow' OR overlap = 'skip' OR overlap = 'queue');
"#,
    // 7: operations. `manual` is the state of an unknown effect nobody
    // settled within its bound: it waits for an operator (`reconcile`,
    // `retry`). A removed schedule keeps its row and history (`removed_at`).
    // An occurrence run by hand (`trigger`) has the status `manual` and
    // takes no logical slot (`live` 0). An effect whose occurrence was pruned keeps
    // its key with `occurrence` NULL, so the key still never runs again.
    // SQLite cannot change a CHECK or a NOT NULL in place: the three
    // tables are rebuilt, as in migration 3.
    r#"
ALTER TABLE schedules ADD COLUMN removed_at TEXT;

CREATE TABLE occurrences_v6 (
    seq          INTEGER PRIMARY KEY,
    schedule     TEXT NOT NULL,
    revision     INTEGER NOT NULL,
    nominal      TEXT NOT NULL,      -- nominal local time, no offset; `manual|<instant>` when run by hand
    fold         INTEGER NOT NULL CHECK (fold IN (0, 1)),
    doubled      INTEGER NOT NULL DEFAULT 0 CHECK (doubled IN (0, 1)),
    instant      TEXT,
    at           TEXT NOT NULL,
    status       TEXT NOT NULL,      -- scheduled | shifted | skipped | merged | manual
    tzdb         TEXT NOT NULL,
    notes        TEXT,
    state        TEXT NOT NULL CHECK (state = 'planned' OR state = 'running'
                     OR state = 'retry_wait' OR state = 'unknown_effect' OR state = 'done'
                     OR state = 'coalesced' OR state = 'skipped' OR state = 'expired'
                     OR state = 'cancelled' OR state = 'dead' OR state = 'gap_skipped'
                     OR state = 'manual'),
    decision     TEXT CHECK (decision = 'run' OR decision = 'coalesced'
                     OR decision = 'skipped' OR decision = 'expired'),
    reason       TEXT,
    due_at       TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    generation   INTEGER NOT NULL DEFAULT 0,
    worker       TEXT,
    lease_until  TEXT,
    planned_at   TEXT NOT NULL,
    updated_at   TEXT,
    live         INTEGER NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
    id  TEXT GENERATED ALWAYS AS (schedule || '|r' || revision || '|' || nominal || '|' || fold) VIRTUAL,
    key TEXT GENERATED ALWAYS AS (schedule || '|' || nominal
                                  || CASE WHEN doubled = 1 AND fold = 1 THEN '|fold=1' ELSE '' END) VIRTUAL,
    UNIQUE (schedule, nominal, fold, revision),
    FOREIGN KEY (schedule, revision) REFERENCES revisions(schedule, revision)
) STRICT;
INSERT INTO occurrences_v6 (seq, schedule, revision, nominal, fold, doubled, instant, at, status,
                            tzdb, notes, state, decision, reason, due_at, attempts, generation,
                            worker, lease_until, planned_at, updated_at, live)
SELECT seq, schedule, revision, nominal, fold, doubled, instant, at, status,
       tzdb, notes, state, decision, reason, due_at, attempts, generation,
       worker, lease_until, planned_at, updated_at, live
  FROM occurrences;

CREATE TABLE attempts_v6 (
    occurrence         INTEGER NOT NULL REFERENCES occurrences_v6(seq),
    attempt            INTEGER NOT NULL,
    generation         INTEGER NOT NULL,
    worker             TEXT NOT NULL,
    disable_generation INTEGER NOT NULL,
    lease_until        TEXT NOT NULL,
    started_at         TEXT NOT NULL,
    finished_at        TEXT,
    outcome            TEXT CHECK (outcome = 'done' OR outcome = 'failed'
                           OR outcome = 'lease_expired' OR outcome = 'fenced' OR outcome = 'refused'),
    error_class        TEXT,
    error              TEXT,
    PRIMARY KEY (occurrence, generation)
) STRICT;
INSERT INTO attempts_v6 (occurrence, attempt, generation, worker, disable_generation, lease_until,
                         started_at, finished_at, outcome, error_class, error)
SELECT occurrence, attempt, generation, worker, disable_generation, lease_until,
       started_at, finished_at, outcome, error_class, error
  FROM attempts;

CREATE TABLE effects_v6 (
    key         TEXT PRIMARY KEY,
    occurrence  INTEGER REFERENCES occurrences_v6(seq), -- NULL: pruned
    generation  INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
) STRICT;
INSERT INTO effects_v6 (key, occurrence, generation, recorded_at)
SELECT key, occurrence, generation, recorded_at FROM effects;

DROP TABLE effects;
DROP TABLE attempts;
DROP TABLE occurrences;
ALTER TABLE occurrences_v6 RENAME TO occurrences;
ALTER TABLE attempts_v6 RENAME TO attempts;
ALTER TABLE effects_v6 RENAME TO effects;

-- The slot's predicate is the one the queries that look for a slot's
-- holder repeat, so they can use it.
CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND live = 1;
CREATE INDEX occurrences_due ON occurrences(due_at)
    WHERE state IN ('planned', 'retry_wait');
CREATE INDEX occurrences_running ON occurrences(lease_until) WHERE state = 'running';
-- What every claim asks first: is an unknown effect old enough for `manual`?
CREATE INDEX occurrences_unknown ON occurrences(updated_at) WHERE state = 'unknown_effect';
"#,
    // 8: the effect key is a stored column that Rust writes
    // (`format::key`, `format::manual_key`), so its format is defined in
    // one place; existing rows keep the key text they had. SQLite cannot
    // turn a generated column into a stored one in place, and dropping the
    // occurrences table under enforced foreign keys would orphan attempts
    // and effects: the three tables are rebuilt, as in migration 7.
    r#"
CREATE TABLE occurrences_v8 (
    seq          INTEGER PRIMARY KEY,
    schedule     TEXT NOT NULL,
    revision     INTEGER NOT NULL,
    nominal      TEXT NOT NULL,      -- nominal local time, no offset; `manual|<instant>` when run by hand
    fold         INTEGER NOT NULL CHECK (fold IN (0, 1)),
    doubled      INTEGER NOT NULL DEFAULT 0 CHECK (doubled IN (0, 1)),
    instant      TEXT,
    at           TEXT NOT NULL,
    status       TEXT NOT NULL,      -- scheduled | shifted | skipped | merged | manual
    tzdb         TEXT NOT NULL,
    notes        TEXT,
    state        TEXT NOT NULL CHECK (state = 'planned' OR state = 'running'
                     OR state = 'retry_wait' OR state = 'unknown_effect' OR state = 'done'
                     OR state = 'coalesced' OR state = 'skipped' OR state = 'expired'
                     OR state = 'cancelled' OR state = 'dead' OR state = 'gap_skipped'
                     OR state = 'manual'),
    decision     TEXT CHECK (decision = 'run' OR decision = 'coalesced'
                     OR decision = 'skipped' OR decision = 'expired'),
    reason       TEXT,
    due_at       TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    generation   INTEGER NOT NULL DEFAULT 0,
    worker       TEXT,
    lease_until  TEXT,
    planned_at   TEXT NOT NULL,
    updated_at   TEXT,
    live         INTEGER NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
    -- The effect key (docs/spec.md §3), shared across revisions.
    key          TEXT NOT NULL,
    id  TEXT GENERATED ALWAYS AS (schedule || '|r' || revision || '|' || nominal || '|' || fold) VIRTUAL,
    UNIQUE (schedule, nominal, fold, revision),
    FOREIGN KEY (schedule, revision) REFERENCES revisions(schedule, revision)
) STRICT;
INSERT INTO occurrences_v8 (seq, schedule, revision, nominal, fold, doubled, instant, at, status,
                            tzdb, notes, state, decision, reason, due_at, attempts, generation,
                            worker, lease_until, planned_at, updated_at, live, key)
SELECT seq, schedule, revision, nominal, fold, doubled, instant, at, status,
       tzdb, notes, state, decision, reason, due_at, attempts, generation,
       worker, lease_until, planned_at, updated_at, live, key
  FROM occurrences;

CREATE TABLE attempts_v8 (
    occurrence         INTEGER NOT NULL REFERENCES occurrences_v8(seq),
    attempt            INTEGER NOT NULL,
    generation         INTEGER NOT NULL,
    worker             TEXT NOT NULL,
    disable_generation INTEGER NOT NULL,
    lease_until        TEXT NOT NULL,
    started_at         TEXT NOT NULL,
    finished_at        TEXT,
    outcome            TEXT CHECK (outcome = 'done' OR outcome = 'failed'
                           OR outcome = 'lease_expired' OR outcome = 'fenced' OR outcome = 'refused'),
    error_class        TEXT,
    error              TEXT,
    PRIMARY KEY (occurrence, generation)
) STRICT;
INSERT INTO attempts_v8 (occurrence, attempt, generation, worker, disable_generation, lease_until,
                         started_at, finished_at, outcome, error_class, error)
SELECT occurrence, attempt, generation, worker, disable_generation, lease_until,
       started_at, finished_at, outcome, error_class, error
  FROM attempts;

CREATE TABLE effects_v8 (
    key         TEXT PRIMARY KEY,
    occurrence  INTEGER REFERENCES occurrences_v8(seq), -- NULL: pruned
    generation  INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
) STRICT;
INSERT INTO effects_v8 (key, occurrence, generation, recorded_at)
SELECT key, occurrence, generation, recorded_at FROM effects;

DROP TABLE effects;
DROP TABLE attempts;
DROP TABLE occurrences;
ALTER TABLE occurrences_v8 RENAME TO occurrences;
ALTER TABLE attempts_v8 RENAME TO attempts;
ALTER TABLE effects_v8 RENAME TO effects;

CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND live = 1;
CREATE INDEX occurrences_due ON occurrences(due_at)
    WHERE state IN ('planned', 'retry_wait');
CREATE INDEX occurrences_running ON occurrences(lease_until) WHERE state = 'running';
CREATE INDEX occurrences_unknown ON occurrences(updated_at) WHERE state = 'unknown_effect';
"#,
    // 9: each schedule's high-water mark: the newest instant of an
    // occurrence that ran or was decided and is no longer a row (`prune`
    // deleted it). A cutover may not reach back over it, as over the rows
    // that ran: the new revision would plan that stretch again at its own
    // times. `prune` raises it before it deletes; here it starts from what
    // an earlier prune left, the effects whose occurrence is gone, at the
    // time each was recorded (never before its occurrence's instant; a
    // run by hand, `<id>|manual|…`, took no slot and is left out).
    r#"
ALTER TABLE schedules ADD COLUMN high_water TEXT;
UPDATE schedules SET high_water = pruned.at
  FROM (SELECT substr(key, 1, instr(key, '|') - 1) AS schedule, max(recorded_at) AS at
          FROM effects
         WHERE occurrence IS NULL AND substr(key, instr(key, '|') + 1, 7) <> 'manual|'
         GROUP BY 1) AS pruned
 WHERE pruned.schedule = schedules.id;
"#,
    // 10: a reason is a sentence as data (`ledger/sentences.rs`): the
    // reasons that never varied become theirs; every other one written
    // before is kept as a JSON string of its words.
    concat!(
        "UPDATE occurrences SET reason = CASE reason",
        reasons_that_never_varied!(),
        "ELSE json_quote(reason) END WHERE reason IS NOT NULL;"
    ),
];

/// The PostgreSQL schema's migrations, oldest first: the same tables and
/// columns as SQLite's latest, instants as `timestamptz`. Never edit one
/// that has shipped: append.
pub const PG_MIGRATIONS: &[&str] = &[
    // 1: the ledger as SQLite's migration 5 leaves it.
    r#"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE schedules (
    id                 TEXT PRIMARY KEY,
    revision           BIGINT NOT NULL,
    time_zone          TEXT NOT NULL,
    enabled            BIGINT NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    disable_generation BIGINT NOT NULL DEFAULT 0,
    cursor             TIMESTAMPTZ
);

CREATE TABLE revisions (
    schedule     TEXT NOT NULL REFERENCES schedules(id),
    revision     BIGINT NOT NULL CHECK (revision >= 1),
    spec         TEXT NOT NULL,
    cutover      TIMESTAMPTZ,
    until        TIMESTAMPTZ,
    tzdb         TEXT NOT NULL,
    time_zone    TEXT NOT NULL DEFAULT '',
    gap          TEXT NOT NULL DEFAULT 'skip',
    fold_policy  TEXT NOT NULL DEFAULT 'first',
    invalid_date TEXT NOT NULL DEFAULT 'omit',
    misfire      TEXT NOT NULL DEFAULT 'all',
    PRIMARY KEY (schedule, revision)
);

CREATE TABLE occurrences (
    seq          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    schedule     TEXT NOT NULL,
    revision     BIGINT NOT NULL,
    nominal      TEXT NOT NULL,
    fold         BIGINT NOT NULL CHECK (fold IN (0, 1)),
    doubled      BIGINT NOT NULL DEFAULT 0 CHECK (doubled IN (0, 1)),
    instant      TIMESTAMPTZ,
    at           TIMESTAMPTZ NOT NULL,
    status       TEXT NOT NULL,
    tzdb         TEXT NOT NULL,
    notes        TEXT,
    state        TEXT NOT NULL CHECK (state IN ('planned', 'running', 'retry_wait',
                     'unknown_effect', 'done', 'coalesced', 'skipped', 'expired',
                     'cancelled', 'dead', 'gap_skipped')),
    decision     TEXT CHECK (decision IN ('run', 'coalesced', 'skipped', 'expired')),
    reason       TEXT,
    due_at       TIMESTAMPTZ NOT NULL,
    attempts     BIGINT NOT NULL DEFAULT 0,
    generation   BIGINT NOT NULL DEFAULT 0,
    worker       TEXT,
    lease_until  TIMESTAMPTZ,
    planned_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ,
    live         BIGINT NOT NULL DEFAULT 1 CHECK (live IN (0, 1)),
    id  TEXT GENERATED ALWAYS AS
        (schedule || '|r' || revision::text || '|' || nominal || '|' || fold::text) STORED,
    key TEXT GENERATED ALWAYS AS
        (schedule || '|' || nominal
         || CASE WHEN doubled = 1 AND fold = 1 THEN '|fold=1' ELSE '' END) STORED,
    UNIQUE (schedule, nominal, fold, revision),
    FOREIGN KEY (schedule, revision) REFERENCES revisions(schedule, revision)
);
CREATE UNIQUE INDEX occurrences_slot ON occurrences(schedule, instant)
    WHERE instant IS NOT NULL AND status <> 'merged' AND live = 1;
CREATE INDEX occurrences_due ON occurrences(due_at, seq)
    WHERE state IN ('planned', 'retry_wait');
CREATE INDEX occurrences_running ON occurrences(lease_until) WHERE state = 'running';

CREATE TABLE attempts (
    occurrence         BIGINT NOT NULL REFERENCES occurrences(seq),
    attempt            BIGINT NOT NULL,
    generation         BIGINT NOT NULL,
    worker             TEXT NOT NULL,
    disable_generation BIGINT NOT NULL,
    lease_until        TIMESTAMPTZ NOT NULL,
    started_at         TIMESTAMPTZ NOT NULL,
    finished_at        TIMESTAMPTZ,
    outcome            TEXT CHECK (outcome IN ('done', 'failed', 'lease_expired', 'fenced', 'refused')),
    error_class        TEXT,
    error              TEXT,
    PRIMARY KEY (occurrence, generation)
);

CREATE TABLE effects (
    key         TEXT PRIMARY KEY,
    occurrence  BIGINT NOT NULL REFERENCES occurrences(seq),
    generation  BIGINT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
"#,
    // 2: the overlap policy, as SQLite's migration 6.
    r#"
ALTER TABLE revisions ADD COLUMN overlap TEXT NOT NULL DEFAULT 'allow'
    CHECK (overlap IN ('allow', 'skip', 'queue'));
"#,
    // 3: as SQLite's migration 7: the `manual` state, `removed_at`, effects
    // outliving a pruned row.
    r#"
ALTER TABLE schedules ADD COLUMN removed_at TIMESTAMPTZ;
ALTER TABLE occurrences DROP CONSTRAINT occurrences_state_check;
ALTER TABLE occurrences ADD CONSTRAINT occurrences_state_check
    CHECK (state IN ('planned', 'running', 'retry_wait', 'unknown_effect', 'done', 'coalesced',
                     'skipped', 'expired', 'cancelled', 'dead', 'gap_skipped', 'manual'));
ALTER TABLE effects ALTER COLUMN occurrence DROP NOT NULL;
CREATE INDEX occurrences_unknown ON occurrences(updated_at) WHERE state = 'unknown_effect';
"#,
    // 4: as SQLite's migration 8: the effect key is a stored column Rust
    // writes; each row keeps the key it had.
    r#"
ALTER TABLE occurrences ALTER COLUMN key DROP EXPRESSION;
ALTER TABLE occurrences ALTER COLUMN key SET NOT NULL;
"#,
    // 5: as SQLite's migration 9: each schedule's high-water mark of what
    // ran or was decided and was pruned since.
    r#"
ALTER TABLE schedules ADD COLUMN high_water TIMESTAMPTZ;
UPDATE schedules SET high_water = pruned.at
  FROM (SELECT split_part(key, '|', 1) AS schedule, max(recorded_at) AS at
          FROM effects
         WHERE occurrence IS NULL AND split_part(key, '|', 2) <> 'manual'
         GROUP BY 1) AS pruned
 WHERE pruned.schedule = schedules.id;
"#,
    // 6: as SQLite's migration 10: reasons as sentences as data.
    concat!(
        "UPDATE occurrences SET reason = CASE reason",
        reasons_that_never_varied!(),
        "ELSE to_json(reason)::text END WHERE reason IS NOT NULL;"
    ),
];

/// The schema version this build writes on a store.
pub fn latest(dialect: Dialect) -> i64 {
    match dialect {
        Dialect::Sqlite => MIGRATIONS.len() as i64,
        Dialect::Postgres => PG_MIGRATIONS.len() as i64,
    }
}

/// The store's schema version: SQLite's `user_version`; on PostgreSQL the
/// `schema` row of `meta` (0 without one).
pub fn version(store: &Store) -> Result<i64, LedgerError> {
    match store {
        Store::Sqlite(conn) => sqlite_version(conn),
        Store::Postgres(_) => pg_version(store),
    }
}

fn sqlite_version(conn: &Connection) -> Result<i64, LedgerError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

fn pg_version(sql: &impl Sql) -> Result<i64, LedgerError> {
    let has_meta: bool =
        sql.query_row("SELECT to_regclass('meta') IS NOT NULL", &args![], |r| {
            r.get(0)
        })?;
    if !has_meta {
        return Ok(0);
    }
    let v: Option<String> = sql.query_opt(
        "SELECT value FROM meta WHERE key = 'schema'",
        &args![],
        |r| r.get(0),
    )?;
    Ok(v.and_then(|v| v.parse().ok()).unwrap_or(0))
}

/// Up to four tables of another application in a store without a ledger.
pub fn foreign_tables(store: &Store) -> Result<Vec<String>, LedgerError> {
    let sql = match store.dialect() {
        Dialect::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 4"
        }
        Dialect::Postgres => {
            "SELECT table_name::text FROM information_schema.tables
              WHERE table_schema = current_schema() ORDER BY 1 LIMIT 4"
        }
    };
    store.query_map(sql, &args![], |r| r.get(0))
}

/// Applies every pending migration in one write transaction, so a crash
/// or a concurrent `init` leaves either the old or the new schema.
pub fn migrate(store: &mut Store) -> Result<i64, LedgerError> {
    match store {
        Store::Sqlite(conn) => migrate_sqlite(conn),
        Store::Postgres(_) => migrate_postgres(store),
    }
}

fn migrate_sqlite(conn: &mut Connection) -> Result<i64, LedgerError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Read inside the write transaction: two concurrent inits agree.
    let current = sqlite_version(&tx)?;
    let latest = latest(Dialect::Sqlite);
    if current > latest {
        return Err(too_new(current, latest));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
    }
    tx.commit()?;
    Ok(latest)
}

fn migrate_postgres(store: &mut Store) -> Result<i64, LedgerError> {
    let latest = latest(Dialect::Postgres);
    let tx = store.write(Gate::Exclusive)?;
    let current = pg_version(&tx)?;
    if current > latest {
        return Err(too_new(current, latest));
    }
    for (i, sql) in PG_MIGRATIONS.iter().enumerate().skip(current as usize) {
        tx.batch(sql)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('schema', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            &args![(i as i64 + 1).to_string()],
        )?;
    }
    tx.commit()?;
    Ok(latest)
}

pub(crate) fn too_new(v: i64, latest: i64) -> LedgerError {
    LedgerError::new(
        "ledger_too_new",
        crate::lang::Text::new(crate::lang::input_errors::LEDGER_TOO_NEW)
            .with("version", v)
            .with("latest", latest),
    )
}

#[cfg(test)]
mod tests {
    use crate::lang::Lang;
    use crate::lang::stored::Stored;

    /// Each reason the upgrade gives a code says, in English, the words it
    /// replaces.
    #[test]
    fn a_reason_that_never_varied_keeps_its_words() {
        let list = reasons_that_never_varied!().replace("\n        THEN", " THEN");
        let mut seen = 0;
        for line in list.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (words, data) = line
                .strip_prefix("WHEN '")
                .and_then(|l| l.split_once("' THEN '"))
                .unwrap_or_else(|| panic!("{line}"));
            let data = data.strip_suffix('\'').unwrap();
            let stored = Stored::read(data);
            assert!(stored.code().is_some(), "{data} names no template");
            assert_eq!(stored.render(Lang::En), words);
            seen += 1;
        }
        assert_eq!(seen, 7);
    }
}
