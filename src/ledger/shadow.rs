//! `ledger shadow`: what this build (its rule engine and embedded tz
//! database) would plan for every schedule, compared with what the ledger
//! holds, dispatching nothing and writing nothing (seed 001: run a new
//! materialiser in shadow before it takes over).

use std::collections::BTreeMap;

use jiff::{SignedDuration, Timestamp};
use serde::Serialize;

use super::error::LedgerError;
use super::planner::{ledger_state, revisions};
use super::store::{Sql, args};
use super::{Ledger, add, load_schedule, parse_ts};
use crate::format::{fmt_instant, fmt_nominal};
use crate::lang::{Text, ledger as says};
use crate::plan::{ExpandOptions, expand};

/// One occurrence as one side has it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShadowSide {
    /// The resolved instant; none when the time was skipped.
    pub instant: Option<String>,
    /// `scheduled`, `shifted`, `skipped` or `merged`.
    pub status: String,
}

/// An occurrence on which the ledger and this build disagree.
#[derive(Clone, Debug, Serialize)]
pub struct ShadowDifference {
    /// The schedule.
    pub schedule: String,
    /// The revision whose range it is in.
    pub revision: u32,
    /// Its occurrence id.
    pub occurrence: String,
    /// `added` (this build would plan it, the ledger has none), `removed`
    /// (the ledger has it, this build would not plan it), `moved` (another
    /// instant) or `changed` (another status).
    pub kind: &'static str,
    /// What the ledger holds.
    pub ledger: Option<ShadowSide>,
    /// What this build would plan.
    pub shadow: Option<ShadowSide>,
    /// Why: the tz database the ledger's row was resolved with against
    /// this build's, or the rule engine when both are the same.
    pub reason: Text,
}

/// What `shadow` found.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShadowReport {
    /// The compared window's start.
    pub from: String,
    /// Its end (each schedule only as far as it is planned).
    pub until: String,
    /// This build's tz database.
    pub tzdb: String,
    /// Schedules compared.
    pub schedules: u64,
    /// Occurrences compared.
    pub compared: u64,
    /// True when nothing differs.
    pub identical: bool,
    /// Every difference.
    pub differences: Vec<ShadowDifference>,
}

/// Both sides of one revision's window, by (nominal, fold).
type Sides = BTreeMap<(String, u8), (Option<ShadowSide>, Option<ShadowSide>, String)>;

impl Ledger {
    /// Compares what this build would plan from `now` for `horizon` with
    /// what the ledger holds for every enabled schedule (each only up to
    /// where it is planned), by occurrence: instants and statuses.
    pub fn shadow(
        &self,
        now: Timestamp,
        horizon: SignedDuration,
    ) -> Result<ShadowReport, LedgerError> {
        let end = add(now, horizon);
        let tzdb = crate::zone::tzdb_version();
        let schedules: Vec<(String, Option<String>)> = self.store.query_map(
            "SELECT id, cursor FROM schedules WHERE enabled = 1 ORDER BY id",
            &args![],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let mut report = ShadowReport {
            from: fmt_instant(now),
            until: fmt_instant(end),
            tzdb: tzdb.to_owned(),
            schedules: schedules.len() as u64,
            compared: 0,
            identical: true,
            differences: Vec::new(),
        };
        for (id, cursor) in schedules {
            let planned_to = match cursor.as_deref().map(parse_ts).transpose()? {
                Some(c) => c.min(end),
                None => continue,
            };
            for rev in revisions(&self.store, &id)? {
                let from = rev.cutover.map_or(now, |c| c.max(now));
                let to = rev.until.map_or(planned_to, |u| u.min(planned_to));
                if from >= to {
                    continue;
                }
                let mut sides = Sides::new();
                self.ledger_side(&id, rev.revision, from, to, &mut sides)?;
                shadow_side(&rev.spec, from, to, &mut sides)?;
                report.compared += sides.len() as u64;
                for ((nominal, fold), (held, would, row_tzdb)) in sides {
                    let Some(kind) = kind_of(held.as_ref(), would.as_ref()) else {
                        continue;
                    };
                    let reason = match row_tzdb.as_str() {
                        "" => Text::new(says::SHADOW_ENGINE),
                        t if t != tzdb => Text::new(says::SHADOW_TZDB).with("from", t),
                        _ => Text::new(says::SHADOW_SAME_TZDB),
                    }
                    .with("tzdb", tzdb);
                    report.differences.push(ShadowDifference {
                        schedule: id.clone(),
                        revision: rev.revision,
                        occurrence: format!("{id}|r{}|{nominal}|{fold}", rev.revision),
                        kind,
                        ledger: held,
                        shadow: would,
                        reason,
                    });
                }
            }
        }
        report.identical = report.differences.is_empty();
        Ok(report)
    }

    /// The ledger's live rows of one revision in `[from, to)`.
    fn ledger_side(
        &self,
        id: &str,
        revision: u32,
        from: Timestamp,
        to: Timestamp,
        sides: &mut Sides,
    ) -> Result<(), LedgerError> {
        self.store.each_row(
            "SELECT nominal, fold, instant, status, tzdb FROM occurrences
              WHERE schedule = ?1 AND revision = ?2 AND at >= ?3 AND at < ?4 AND live = 1",
            &args![id, revision, fmt_instant(from), fmt_instant(to)],
            &mut |r| {
                let side = ShadowSide {
                    instant: r.get(2)?,
                    status: r.get(3)?,
                };
                let entry = sides.entry((r.get(0)?, r.get(1)?)).or_default();
                entry.0 = Some(side);
                entry.2 = r.get(4)?;
                Ok(())
            },
        )
    }
}

/// What this build plans for a revision's spec in `[from, to)`.
fn shadow_side(
    spec: &str,
    from: Timestamp,
    to: Timestamp,
    sides: &mut Sides,
) -> Result<(), LedgerError> {
    let schedule = load_schedule(spec)?;
    let expansion = expand(&schedule, &ExpandOptions::new().from(from).to(to))?;
    for entry in expansion.entries() {
        let Some((_, instant, at, _)) = ledger_state(entry) else {
            continue;
        };
        if at < from || at >= to {
            continue;
        }
        let side = ShadowSide {
            instant: instant.map(fmt_instant),
            status: entry.status().as_str().to_owned(),
        };
        let slot = sides
            .entry((fmt_nominal(entry.nominal()), entry.fold()))
            .or_default();
        slot.1 = Some(side);
    }
    Ok(())
}

fn kind_of(held: Option<&ShadowSide>, would: Option<&ShadowSide>) -> Option<&'static str> {
    match (held, would) {
        (None, Some(_)) => Some("added"),
        (Some(_), None) => Some("removed"),
        (Some(h), Some(w)) if h.instant != w.instant => Some("moved"),
        (Some(h), Some(w)) if h.status != w.status => Some("changed"),
        _ => None,
    }
}
