//! What each product does when the clock jumps, as gap and fold policies,
//! and the warnings for what one spec cannot reproduce. DESIGN.md ("From
//! cron") cites the code each choice comes from.

use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};

use crate::expand::civil_seconds;
use crate::lang::{Arg, Conj, Text, cron as says};
use crate::note::Warning;
use crate::policy::{FoldPolicy, GapPolicy};
use crate::zone::{self, Transition};

use super::{Dialect, Expr};

/// The policies that reproduce a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Product {
    pub(crate) gap: GapPolicy,
    pub(crate) fold: FoldPolicy,
}

/// The gap and fold policies of `dialect` for this line. `cron_tz` tells
/// that cronie reads the line under a `CRON_TZ=` setting.
pub(crate) fn policies(dialect: Dialect, expr: &Expr, cron_tz: bool) -> Product {
    use FoldPolicy::{Both, First, Second};
    use GapPolicy::{Skip, Snap};
    let (gap, fold) = match dialect {
        // robfig's `Next` walks wall-clock fields by adding real hours and
        // minutes: a time in the gap is never reached, one in the fold is
        // reached in both passes.
        Dialect::Kubernetes | Dialect::Apscheduler => (Skip, Both),
        // cron.c: a jump forward of 6 minutes to 3 hours runs the fixed-time
        // jobs of the skipped minutes at once, a jump back runs only the
        // wildcard jobs; with CRON_TZ the job's zone is read each real
        // minute, so its own gap is skipped and its fold runs twice.
        Dialect::Cronie | Dialect::Debian if expr.wildcard || cron_tz => (Skip, Both),
        Dialect::Cronie | Dialect::Debian => (Snap, First),
        Dialect::Systemd => (Skip, First),
        Dialect::Quartz => (Skip, Second),
        Dialect::Eventbridge => (Skip, First),
        Dialect::GithubActions => (Snap, First),
    };
    Product { gap, fold }
}

/// The warnings a line deserves in its zone over the year after `from`:
/// each way the spec's runs differ from the product's.
pub(crate) fn warnings(
    dialect: Dialect,
    expr: &Expr,
    cron_tz: bool,
    tz: &TimeZone,
    from: DateTime,
) -> Vec<Warning> {
    let mut out = Vec::new();
    let transitions = coming(tz, from);
    let product = dialect.product_name();
    if !expr.random.is_empty() {
        let parts = expr
            .random
            .iter()
            .map(|p| Arg::Words(&says::PARTS[*p as usize]));
        out.push(Warning::new(
            "random_value",
            Text::new(says::RANDOM_VALUE)
                .with("product", product.clone())
                .with("parts", Arg::list(parts, Conj::And)),
        ));
    }
    if expr.every.is_some() {
        out.push(Warning::new(
            "every_elapsed",
            Text::new(says::EVERY_ELAPSED),
        ));
    }
    if let Some(y) = expr.years.filter(|y| !y.exact) {
        out.push(Warning::new(
            "year_list",
            Text::new(says::YEAR_LIST)
                .with("product", product)
                .with("first", i64::from(y.first))
                .with("last", i64::from(y.last)),
        ));
    }
    out.extend(dialect_warnings(dialect, expr, cron_tz, &transitions));
    out
}

/// The dialect-specific warnings, found in the coming transitions.
fn dialect_warnings(
    dialect: Dialect,
    expr: &Expr,
    cron_tz: bool,
    transitions: &[Transition],
) -> Vec<Warning> {
    let mut out = Vec::new();
    let product = dialect.product_name();
    out.extend(cron_warnings(dialect, expr, cron_tz, transitions));
    let folds = || {
        transitions
            .iter()
            .filter(|t| t.kind() == "fold")
            .find_map(|t| in_interval(expr, t.local_after(), t.local_before(), 1).map(|d| (t, d)))
    };
    match dialect {
        Dialect::Systemd => {
            if let Some((t, times)) = folds() {
                out.push(Warning::new(
                    "timer_restart_in_fold",
                    Text::new(says::TIMER_RESTART_IN_FOLD)
                        .with("date", t.local_after().date())
                        .with("time", hhmm(times[0])),
                ));
            }
        }
        Dialect::Eventbridge | Dialect::GithubActions => {
            if let Some((t, times)) = folds() {
                out.push(Warning::new(
                    "fold_undocumented",
                    Text::new(says::FOLD_UNDOCUMENTED)
                        .with("product", product)
                        .with("time", hhmm(times[0]))
                        .with("date", t.local_after().date()),
                ));
            }
        }
        Dialect::Apscheduler => out.extend(overshoot(transitions)),
        _ => {}
    }
    out
}

/// cronie's and Debian's: skipped minutes run one by one, jumps of more
/// than three hours are clock corrections, CRON_TZ jobs pause during the
/// host's own change.
fn cron_warnings(
    dialect: Dialect,
    expr: &Expr,
    cron_tz: bool,
    transitions: &[Transition],
) -> Vec<Warning> {
    let mut out = Vec::new();
    let product = dialect.product_name();
    let cron = matches!(dialect, Dialect::Cronie | Dialect::Debian);
    if cron
        && !expr.wildcard
        && !cron_tz
        && let Some((t, times)) = transitions
            .iter()
            .filter(|t| t.kind() == "gap")
            .find_map(|t| {
                let times = in_interval(expr, t.local_before(), t.local_after(), 2)?;
                (times.len() > 1).then_some((t, times))
            })
    {
        out.push(Warning::new(
            "cron_gap_runs_each",
            Text::new(says::GAP_RUNS_EACH)
                .with("product", product.clone())
                .with(
                    "times",
                    Arg::list(times.iter().map(|d| hhmm(*d)), Conj::Comma),
                )
                .with("date", t.local_before().date())
                .with(
                    "at",
                    hhmm(civil_seconds(t.local_after()).rem_euclid(86_400)),
                ),
        ));
    }
    if cron
        && let Some(t) = transitions
            .iter()
            .find(|t| (t.offset_after.seconds() - t.offset_before.seconds()).abs() > 3 * 3600)
    {
        out.push(Warning::new(
            "cron_clock_jump",
            Text::new(says::CLOCK_JUMP)
                .with("instant", Arg::Instant(t.instant))
                .with("product", product),
        ));
    }
    if dialect == Dialect::Cronie && cron_tz && !expr.wildcard {
        out.push(Warning::new(
            "cron_tz_host_change",
            Text::new(says::TZ_HOST_CHANGE),
        ));
    }
    out
}

/// APScheduler 4 moves from one candidate time to the next by adding the
/// wall-clock difference to an instant (`_increment_field_value`), and
/// from a time in a gap by that time read before the gap: when its search
/// crosses a spring-forward it lands the gap's width later than it aimed,
/// and runs in between do not happen (`0 2,3 * * *` misses 03:00, `@daily`
/// the next midnight). Which runs depends on where the search stands when
/// it crosses, so the warning names the first change it can bite.
fn overshoot(transitions: &[Transition]) -> Option<Warning> {
    let t = transitions.iter().find(|t| t.kind() == "gap")?;
    let width = civil_seconds(t.local_after()) - civil_seconds(t.local_before());
    Some(Warning::new(
        "gap_overshoot",
        Text::new(says::GAP_OVERSHOOT)
            .with("date", t.local_before().date())
            .with("minutes", width / 60),
    ))
}

/// Up to `max` of the line's times of day in `[from, to)` (local times),
/// whatever the day fields say, as seconds of the day; `None` when none.
fn in_interval(expr: &Expr, from: DateTime, to: DateTime, max: usize) -> Option<Vec<i64>> {
    let (from, to) = (civil_seconds(from), civil_seconds(to));
    let second = (0..60).find(|s| expr.seconds & (1 << s) != 0).unwrap_or(0);
    let mut out = Vec::new();
    // A minute at a time; a transition's interval is hours long at most (a
    // day at Apia, 2011), and the scan stops after two days whatever it is.
    let mut t = from - from.rem_euclid(60);
    while t < to && t < from + 2 * 86_400 && out.len() < max {
        let of_day = t.rem_euclid(86_400);
        if t >= from
            && expr.hours & (1 << (of_day / 3600)) != 0
            && expr.minutes & (1 << (of_day / 60 % 60)) != 0
        {
            out.push(of_day + second);
        }
        t += 60;
    }
    (!out.is_empty()).then_some(out)
}

/// The zone's transitions in the year after `from`.
fn coming(tz: &TimeZone, from: DateTime) -> Vec<Transition> {
    let Some(start) = crate::zone::compatible(tz, from) else {
        return Vec::new();
    };
    let end = start
        .checked_add(SignedDuration::from_hours(24 * 366))
        .unwrap_or(Timestamp::MAX);
    zone::transitions(tz, start, end, 16)
}

/// `02:30` (with `:ss` when not on the minute) for seconds of the day.
fn hhmm(of_day: i64) -> String {
    let (h, m, s) = (of_day / 3600, of_day / 60 % 60, of_day % 60);
    if s == 0 {
        format!("{h:02}:{m:02}")
    } else {
        format!("{h:02}:{m:02}:{s:02}")
    }
}
