//! Reading the ledger: occurrence lists, explanations and statistics.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::error::LedgerError;
use super::model::{Attempt, Explanation, Occurrence, OccurrenceFilter};
use super::schema::STATES;
use super::store::{Dialect, Row, Sql, args};
use super::{Ledger, parse_ts};
use crate::lang::{Arg, Text, ledger as says};

/// Bucket bounds (seconds) of the lateness histogram.
pub const LATENESS_BUCKETS: &[i64] = &[1, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400];

/// Lateness of every dispatch, first attempts and retries alike: actual
/// start − scheduled instant, in seconds. Claims refused because the key
/// was already done ran nothing and are left out.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Lateness {
    /// Dispatches measured.
    pub count: u64,
    /// Sum of lateness.
    pub sum_seconds: i64,
    /// Smallest.
    pub min_seconds: Option<i64>,
    /// Median.
    pub p50_seconds: Option<i64>,
    /// 90th percentile.
    pub p90_seconds: Option<i64>,
    /// 99th percentile.
    pub p99_seconds: Option<i64>,
    /// Largest.
    pub max_seconds: Option<i64>,
    /// Cumulative counts at most each bound of [`LATENESS_BUCKETS`] (seconds → count).
    pub buckets: BTreeMap<i64, u64>,
}

/// The ledger's numbers (seed 000 §6): lateness, terminal states (expired
/// and skipped apart: one is a missed intent, the other a policy choice),
/// note codes, attempt outcomes.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// The tz database the ledger last planned with, and the bundled one.
    pub tzdb: BTreeMap<String, String>,
    /// Occurrences per state (every state listed, zeros included).
    pub states: BTreeMap<String, u64>,
    /// Occurrences per note code.
    pub notes: BTreeMap<String, u64>,
    /// Attempts per outcome (`running` for those without one yet).
    pub attempts: BTreeMap<String, u64>,
    /// Lateness of every dispatch (retries included).
    pub lateness: Lateness,
}

/// An occurrence row with its revision's zone and policy tokens.
pub(super) const OCCURRENCE_COLUMNS: &str = "o.id, o.schedule, o.revision, o.key, o.nominal, o.fold, r.time_zone, o.instant, o.state, o.status, o.decision, o.reason, o.attempts, o.generation, o.worker, o.lease_until, o.due_at, r.gap, r.fold_policy, r.invalid_date, r.misfire, o.tzdb, o.notes, r.overlap
     FROM occurrences o JOIN revisions r ON r.schedule = o.schedule AND r.revision = o.revision";

pub(super) fn occurrence(r: &Row<'_>) -> Result<Occurrence, LedgerError> {
    let notes: Option<String> = r.get(22)?;
    Ok(Occurrence {
        id: r.get(0)?,
        schedule: r.get(1)?,
        revision: r.get(2)?,
        key: r.get(3)?,
        nominal: r.get(4)?,
        fold: r.get(5)?,
        time_zone: r.get(6)?,
        instant: r.get(7)?,
        state: r.get(8)?,
        status: r.get(9)?,
        decision: r.get(10)?,
        reason: super::sentences::read(r.get(11)?),
        attempts: r.get(12)?,
        generation: r.get(13)?,
        worker: r.get(14)?,
        lease_until: r.get(15)?,
        due_at: r.get(16)?,
        policies: serde_json::json!({
            "gap": r.get::<String>(17)?,
            "fold": r.get::<String>(18)?,
            "invalidDate": r.get::<String>(19)?,
            "misfire": r.get::<String>(20)?,
            "overlap": r.get::<String>(23)?,
        }),
        tzdb: r.get(21)?,
        notes: super::sentences::read_notes(notes),
    })
}

fn attempt(r: &Row<'_>) -> Result<Attempt, LedgerError> {
    Ok(Attempt {
        attempt: r.get(0)?,
        generation: r.get(1)?,
        worker: r.get(2)?,
        disable_generation: r.get(3)?,
        lease_until: r.get(4)?,
        started_at: r.get(5)?,
        finished_at: r.get(6)?,
        outcome: r.get(7)?,
        error_class: r.get(8)?,
        error: super::sentences::read_message(r.get(9)?),
    })
}

impl Ledger {
    /// Refuses a filter on an unknown state or schedule.
    pub(crate) fn check_filter(&self, filter: &OccurrenceFilter) -> Result<(), LedgerError> {
        if let Some(state) = &filter.state
            && !STATES.contains(&state.as_str())
        {
            return Err(LedgerError::new(
                "invalid_option",
                crate::lang::Text::new(crate::lang::input_errors::LEDGER_UNKNOWN_STATE)
                    .with("state", state)
                    .with(
                        "states",
                        crate::lang::Arg::list(STATES.iter().copied(), crate::lang::Conj::Comma),
                    )
                    .with(
                        "quoted",
                        crate::lang::Arg::list(
                            STATES.iter().map(|s| format!("`{s}`")),
                            crate::lang::Conj::Comma,
                        ),
                    ),
            )
            .with_field("state"));
        }
        if let Some(id) = filter.schedule.as_deref() {
            let known = self
                .store
                .query_opt("SELECT 1 FROM schedules WHERE id = ?1", &args![id], |_| {
                    Ok(())
                })?
                .is_some();
            if !known {
                return Err(super::unknown_schedule(id).with_field("schedule"));
            }
        }
        Ok(())
    }

    /// Occurrences in time-line order (schedule, instant or transition, fold).
    pub fn occurrences(&self, filter: &OccurrenceFilter) -> Result<Vec<Occurrence>, LedgerError> {
        self.check_filter(filter)?;
        // A key names its schedule and nominal: look it up through the
        // identity's index rather than computing every row's key.
        let (schedule, nominal, key) = match filter.key.as_deref() {
            None => (filter.schedule.as_deref(), None, None),
            // Not a key, or another schedule's: nothing matches.
            Some(key) => match super::split_key(key) {
                Some((s, n)) if filter.schedule.as_deref().is_none_or(|f| f == s) => {
                    (Some(s), Some(n), Some(key))
                }
                _ => return Ok(Vec::new()),
            },
        };
        // Only the filters given, as plain equalities, so the server plans
        // the identity's index for a key.
        let mut terms: Vec<String> = Vec::new();
        let mut values = Vec::new();
        let given = [
            ("o.schedule", schedule),
            ("o.nominal", nominal),
            ("o.key", key),
            ("o.state", filter.state.as_deref()),
        ];
        for (column, value) in given {
            if let Some(v) = value {
                values.push(args![v][0].clone());
                terms.push(format!("{column} = ?{}", values.len()));
            }
        }
        let filter = if terms.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", terms.join(" AND "))
        };
        let sql = format!(
            "SELECT {OCCURRENCE_COLUMNS} {filter}
              ORDER BY o.schedule, o.at, o.nominal, o.fold, o.revision"
        );
        self.store.query_map(&sql, &values, occurrence)
    }

    /// The attempts of one occurrence, oldest first.
    pub fn attempts(&self, occurrence_id: &str) -> Result<Vec<Attempt>, LedgerError> {
        let Some((schedule, revision, nominal, fold)) = super::split_id(occurrence_id) else {
            return Ok(Vec::new());
        };
        let st = "SELECT a.attempt, a.generation, a.worker, a.disable_generation, a.lease_until,
                    a.started_at, a.finished_at, a.outcome, a.error_class, a.error
               FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
              WHERE o.schedule = ?1 AND o.nominal = ?2 AND o.fold = ?3 AND o.revision = ?4
              ORDER BY a.generation";
        self.store
            .query_map(st, &args![schedule, nominal, fold, revision], attempt)
    }

    /// Everything about one effect key: each occurrence carrying it (one
    /// per revision), its attempts, its revision's spec and range, and the
    /// recorded effect. A key whose occurrence `prune` deleted after it ran
    /// answers with `pruned` set, its effect record and no occurrence.
    /// Fails with `unknown_key` when nothing carries it.
    pub fn explain(&self, key: &str) -> Result<Explanation, LedgerError> {
        let occurrences = self.occurrences(&OccurrenceFilter {
            key: Some(key.to_owned()),
            ..OccurrenceFilter::default()
        })?;
        let effect = self.store.query_opt(
            "SELECT o.id, e.generation, e.recorded_at
                   FROM effects e LEFT JOIN occurrences o ON o.seq = e.occurrence WHERE e.key = ?1",
            &args![key],
            |r| {
                Ok(serde_json::json!({
                    // Null once the occurrence was pruned.
                    "occurrence": r.get::<Option<String>>(0)?,
                    "generation": r.get::<i64>(1)?,
                    "recordedAt": r.get::<String>(2)?,
                }))
            },
        )?;
        if occurrences.is_empty() {
            let Some(effect) = effect else {
                let unknown = super::unknown_key(key);
                return Err(LedgerError::new(
                    unknown.code(),
                    crate::lang::Text::new(crate::lang::input_errors::LEDGER_PRUNED_NEVER_RAN)
                        .with("why", unknown.message()),
                )
                .with_field("key"));
            };
            return Ok(Explanation {
                key: key.to_owned(),
                note: Some(
                    Text::new(says::EXPLAIN_PRUNED)
                        .with("key", key)
                        .with("at", recorded_at(&effect)),
                ),
                effect: Some(effect),
                occurrences: Vec::new(),
                pruned: true,
            });
        }
        let mut out = Vec::new();
        for occ in occurrences {
            let attempts = self.attempts(&occ.id)?;
            let (spec, cutover, until): (String, Option<String>, Option<String>) = self.store.query_row(
                "SELECT spec, cutover, until FROM revisions WHERE schedule = ?1 AND revision = ?2",
                &args![occ.schedule, occ.revision],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            let mut v = serde_json::to_value(&occ).unwrap_or(serde_json::Value::Null);
            if let Some(map) = v.as_object_mut() {
                map.insert(
                    "attemptLog".to_owned(),
                    serde_json::to_value(&attempts).unwrap_or_default(),
                );
                map.insert(
                    "revisionRange".to_owned(),
                    serde_json::json!({ "cutover": cutover, "until": until }),
                );
                map.insert(
                    "spec".to_owned(),
                    serde_json::from_str(&spec).unwrap_or(serde_json::Value::String(spec)),
                );
            }
            out.push(v);
        }
        Ok(Explanation {
            key: key.to_owned(),
            effect,
            occurrences: out,
            pruned: false,
            note: None,
        })
    }

    /// The ledger's numbers.
    pub fn stats(&self) -> Result<Stats, LedgerError> {
        let mut stats = Stats::default();
        stats
            .tzdb
            .insert("bundled".to_owned(), crate::zone::tzdb_version().to_owned());
        if let Some(v) = self.recorded_tzdb()? {
            stats.tzdb.insert("recorded".to_owned(), v);
        }
        for s in STATES {
            stats.states.insert((*s).to_owned(), 0);
        }
        {
            let st = "SELECT state, count(*) FROM occurrences GROUP BY state";
            for (k, n) in self.store.query_map(st, &args![], |r| {
                Ok((r.get::<String>(0)?, r.get::<u64>(1)?))
            })? {
                stats.states.insert(k, n);
            }
        }
        {
            let st = match self.store.dialect() {
                Dialect::Sqlite => {
                    "SELECT json_extract(n.value, '$.code'), count(*)
                       FROM occurrences o, json_each(o.notes) n GROUP BY 1"
                }
                Dialect::Postgres => {
                    "SELECT n ->> 'code', count(*)
                       FROM occurrences o, json_array_elements(o.notes::json) n GROUP BY 1"
                }
            };
            for (k, n) in self.store.query_map(st, &args![], |r| {
                Ok((r.get::<Option<String>>(0)?, r.get::<u64>(1)?))
            })? {
                stats
                    .notes
                    .insert(k.unwrap_or_else(|| "unknown".to_owned()), n);
            }
        }
        {
            let st = "SELECT coalesce(outcome, 'running'), count(*) FROM attempts GROUP BY 1";
            for (k, n) in self.store.query_map(st, &args![], |r| {
                Ok((r.get::<String>(0)?, r.get::<u64>(1)?))
            })? {
                stats.attempts.insert(k, n);
            }
        }
        let mut late: Vec<i64> = Vec::new();
        {
            let st = "SELECT a.started_at, o.instant FROM attempts a JOIN occurrences o ON o.seq = a.occurrence
                  WHERE (a.outcome IS NULL OR a.outcome <> 'refused') AND o.instant IS NOT NULL";
            for (started, instant) in self.store.query_map(st, &args![], |r| {
                Ok((r.get::<String>(0)?, r.get::<String>(1)?))
            })? {
                late.push(
                    parse_ts(&started)?
                        .duration_since(parse_ts(&instant)?)
                        .as_secs(),
                );
            }
        }
        stats.lateness = lateness(late);
        Ok(stats)
    }
}

/// The lateness summary of the attempts' start delays, in seconds.
fn lateness(mut late: Vec<i64>) -> Lateness {
    late.sort_unstable();
    let pick = |q: f64| -> Option<i64> {
        if late.is_empty() {
            return None;
        }
        // Nearest rank.
        let rank = ((q * late.len() as f64).ceil() as usize).clamp(1, late.len());
        late.get(rank - 1).copied()
    };
    Lateness {
        count: late.len() as u64,
        sum_seconds: late.iter().sum(),
        min_seconds: late.first().copied(),
        p50_seconds: pick(0.5),
        p90_seconds: pick(0.9),
        p99_seconds: pick(0.99),
        max_seconds: late.last().copied(),
        buckets: LATENESS_BUCKETS
            .iter()
            .map(|&b| (b, late.iter().filter(|&&x| x <= b).count() as u64))
            .collect(),
    }
}

impl Stats {
    /// Prometheus text exposition format.
    pub fn to_prometheus(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# HELP wallclock_occurrences Occurrences in the ledger by state."
        );
        let _ = writeln!(out, "# TYPE wallclock_occurrences gauge");
        for (k, n) in &self.states {
            let _ = writeln!(out, "wallclock_occurrences{{state=\"{k}\"}} {n}");
        }
        let _ = writeln!(
            out,
            "# HELP wallclock_notes Occurrences by note code (DST and calendar adjustments)."
        );
        let _ = writeln!(out, "# TYPE wallclock_notes gauge");
        for (k, n) in &self.notes {
            let _ = writeln!(out, "wallclock_notes{{code=\"{}\"}} {n}", escape(k));
        }
        let _ = writeln!(out, "# HELP wallclock_attempts Attempts by outcome.");
        let _ = writeln!(out, "# TYPE wallclock_attempts gauge");
        for (k, n) in &self.attempts {
            let _ = writeln!(out, "wallclock_attempts{{outcome=\"{k}\"}} {n}");
        }
        let _ = writeln!(
            out,
            "# HELP wallclock_lateness_seconds Dispatch (every attempt) start minus scheduled instant."
        );
        let _ = writeln!(out, "# TYPE wallclock_lateness_seconds histogram");
        for (b, n) in &self.lateness.buckets {
            let _ = writeln!(out, "wallclock_lateness_seconds_bucket{{le=\"{b}\"}} {n}");
        }
        let _ = writeln!(
            out,
            "wallclock_lateness_seconds_bucket{{le=\"+Inf\"}} {}",
            self.lateness.count
        );
        let _ = writeln!(
            out,
            "wallclock_lateness_seconds_sum {}",
            self.lateness.sum_seconds
        );
        let _ = writeln!(
            out,
            "wallclock_lateness_seconds_count {}",
            self.lateness.count
        );
        if !self.tzdb.is_empty() {
            out.push_str(
                "# HELP wallclock_tzdb_info The tz database versions: `bundled` in this build, `recorded` in the ledger.\n\
                 # TYPE wallclock_tzdb_info gauge\n",
            );
        }
        for (k, v) in &self.tzdb {
            let _ = writeln!(
                out,
                "wallclock_tzdb_info{{which=\"{k}\",version=\"{}\"}} 1",
                escape(v)
            );
        }
        out
    }

    /// An aligned table for people.
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let opt = |v: Option<i64>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
        let _ = writeln!(out, "{:<16} {:>8}", "STATE", "COUNT");
        for (k, n) in &self.states {
            let _ = writeln!(out, "{k:<16} {n:>8}");
        }
        if !self.notes.is_empty() {
            let _ = writeln!(out, "\n{:<24} {:>8}", "NOTE", "COUNT");
            for (k, n) in &self.notes {
                let _ = writeln!(out, "{k:<24} {n:>8}");
            }
        }
        if !self.attempts.is_empty() {
            let _ = writeln!(out, "\n{:<16} {:>8}", "ATTEMPT OUTCOME", "COUNT");
            for (k, n) in &self.attempts {
                let _ = writeln!(out, "{k:<16} {n:>8}");
            }
        }
        let l = &self.lateness;
        let lateness = Text::new(says::STATS_LATENESS)
            .with("count", l.count.to_string())
            .with("min", opt(l.min_seconds))
            .with("p50", opt(l.p50_seconds))
            .with("p90", opt(l.p90_seconds))
            .with("p99", opt(l.p99_seconds))
            .with("max", opt(l.max_seconds));
        let _ = writeln!(out, "\n{lateness}");
        for (k, v) in &self.tzdb {
            let tzdb = Text::new(says::STATS_TZDB)
                .with("which", k)
                .with("version", v);
            let _ = writeln!(out, "{tzdb}");
        }
        out
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// When an effect record (`{recordedAt, …}`) was written: an instant in
/// the language spoken, or the text stored when it is not one.
pub(crate) fn recorded_at(effect: &serde_json::Value) -> Arg {
    let text = effect["recordedAt"].as_str().unwrap_or_default();
    match parse_ts(text) {
        Ok(at) => Arg::Instant(at),
        Err(_) => Arg::from(text),
    }
}
