//! For random five-field lines in UTC, the spec `from_cron` builds runs at
//! exactly the minutes a brute-force matcher of the dialect's own rules
//! picks, minute by minute: the fields' values, and the day of month and
//! day of week joined with OR (Vixie cron, robfig, GitHub Actions, when
//! both are restricted by each one's own reading of "restricted") or AND
//! (APScheduler).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use jiff::Timestamp;
use jiff::civil::{DateTime, date};
use jiff::tz::Offset;
use proptest::prelude::*;
use wallclock::{
    CronOptions, Dialect, ErrorCode, ExpandOptions, MAX_ENTRIES, Schedule, expand, from_cron,
};

/// One field item: its text and the values it selects.
#[derive(Clone, Debug)]
struct Item {
    text: String,
    values: Vec<u32>,
    /// `*` or `*/1`: robfig's star bit.
    star: bool,
}

/// A field item within `lo..=hi`: `*`, `*/n`, `a`, `a-b`, `a-b/n`.
fn item(lo: u32, hi: u32) -> impl Strategy<Value = Item> {
    prop_oneof![
        Just(Item {
            text: "*".into(),
            values: (lo..=hi).collect(),
            star: true
        }),
        (1..=(hi - lo + 1)).prop_map(move |n| Item {
            text: format!("*/{n}"),
            values: (lo..=hi).step_by(n as usize).collect(),
            star: n == 1,
        }),
        (lo..=hi).prop_map(|a| Item {
            text: a.to_string(),
            values: vec![a],
            star: false
        }),
        (lo..=hi, lo..=hi, 1..4u32).prop_map(|(a, b, n)| {
            let (a, b) = (a.min(b), a.max(b));
            let text = if n == 1 {
                format!("{a}-{b}")
            } else {
                format!("{a}-{b}/{n}")
            };
            Item {
                text,
                values: (a..=b).step_by(n as usize).collect(),
                star: false,
            }
        }),
    ]
}

/// A field: one item, or a list of two plain items.
fn field(lo: u32, hi: u32) -> impl Strategy<Value = Item> {
    prop_oneof![
        3 => item(lo, hi),
        1 => (lo..=hi, lo..=hi).prop_map(|(a, b)| Item {
            text: format!("{a},{b}"),
            values: vec![a, b],
            star: false,
        }),
    ]
}

/// Whether the day fields are joined with OR for `dialect`.
fn or_days(dialect: Dialect, dom: &Item, dow: &Item) -> bool {
    match dialect {
        Dialect::Apscheduler => false,
        Dialect::Kubernetes => !dom.star && !dow.star,
        _ => !dom.text.starts_with('*') && !dow.text.starts_with('*'),
    }
}

/// Every minute of `[from, from + days)` (UTC) the line matches.
fn brute_force(dialect: Dialect, f: &[Item; 5], from: DateTime, days: i64) -> Vec<Timestamp> {
    let or = or_days(dialect, &f[2], &f[4]);
    let mut out = Vec::new();
    let start = Offset::UTC.to_timestamp(from).unwrap();
    for minute in 0..days * 1440 {
        let t = start + jiff::SignedDuration::from_mins(minute);
        let dt = Offset::UTC.to_datetime(t);
        let dow = dt.weekday().to_sunday_zero_offset() as u32;
        let dom_ok = f[2].values.contains(&(dt.day() as u32));
        let dow_ok = f[4].values.contains(&dow);
        let day_ok = if or {
            dom_ok || dow_ok
        } else {
            dom_ok && dow_ok
        };
        if f[0].values.contains(&(dt.minute() as u32))
            && f[1].values.contains(&(dt.hour() as u32))
            && f[3].values.contains(&(dt.month() as u32))
            && day_ok
        {
            out.push(t);
        }
    }
    out
}

/// The window compared: long enough to cross February and two month ends,
/// short enough that a line matching every minute (86 400 runs) stays under
/// the expansion's ceiling of entries.
const DAYS: i64 = 60;
const _: () = assert!(DAYS as usize * 1440 < MAX_ENTRIES);

fn check(dialect: Dialect, f: [Item; 5]) -> Result<(), TestCaseError> {
    let line = f
        .iter()
        .map(|i| i.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let from = date(2026, 1, 25).at(0, 0, 0, 0);
    let options = CronOptions::new(dialect)
        .time_zone("UTC")
        .start("2026-01-25");
    let import = match from_cron(&line, &options, Timestamp::UNIX_EPOCH) {
        Ok(import) => import,
        // A line whose fields leave no day: the matcher must agree.
        Err(e) if e.message().contains("never run") => {
            prop_assert!(
                brute_force(dialect, &f, from, DAYS).is_empty(),
                "{line}: {e}"
            );
            return Ok(());
        }
        // A line the product refuses (APScheduler: a step longer than its
        // range) has no runs to compare: another line is drawn.
        Err(e) if e.code() == ErrorCode::InvalidCron => {
            prop_assume!(false);
            unreachable!()
        }
        Err(e) => return Err(TestCaseError::fail(format!("{dialect} `{line}`: {e}"))),
    };
    let schedule = Schedule::new(import.spec()).unwrap();
    let to = Offset::UTC.to_timestamp(from).unwrap() + jiff::SignedDuration::from_hours(24 * DAYS);
    let options = ExpandOptions::new()
        .from(Offset::UTC.to_timestamp(from).unwrap())
        .to(to);
    let got: Vec<Timestamp> = expand(&schedule, &options)
        .unwrap()
        .executions()
        .filter(|t| *t < to)
        .collect();
    let want = brute_force(dialect, &f, from, DAYS);
    prop_assert_eq!(got, want, "{} `{}`", dialect, line);
    Ok(())
}

fn fields(dow_hi: u32) -> impl Strategy<Value = [Item; 5]> {
    (
        field(0, 59),
        field(0, 23),
        field(1, 31),
        field(1, 12),
        field(0, dow_hi),
    )
        .prop_map(|(a, b, c, d, e)| [a, b, c, d, e])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn kubernetes_matches_a_minute_by_minute_matcher(f in fields(6)) {
        check(Dialect::Kubernetes, f)?;
    }

    #[test]
    fn cronie_matches_a_minute_by_minute_matcher(f in fields(6)) {
        check(Dialect::Cronie, f)?;
    }

    #[test]
    fn debian_matches_a_minute_by_minute_matcher(f in fields(6)) {
        check(Dialect::Debian, f)?;
    }

    #[test]
    fn github_actions_matches_a_minute_by_minute_matcher(f in fields(6)) {
        check(Dialect::GithubActions, f)?;
    }

    #[test]
    fn apscheduler_matches_a_minute_by_minute_matcher(
        f in (field(0, 59), field(0, 23), field(1, 31), field(1, 12), (0..=6u32, 0..=6u32))
            .prop_map(|(a, b, c, d, (x, y))| {
                // APScheduler reads weekday numbers as cron does for plain
                // values and ranges (not for steps, which it drops).
                let (x, y) = (x.min(y), x.max(y));
                [a, b, c, d, Item { text: format!("{x}-{y}"), values: (x..=y).collect(), star: false }]
            })
    ) {
        check(Dialect::Apscheduler, f)?;
    }
}

/// The densest line, every minute of every day, is compared whole: the
/// window keeps it under the expansion's ceiling.
#[test]
fn every_minute_is_compared_in_every_dialect() {
    let star = |lo: u32, hi: u32| Item {
        text: "*".into(),
        values: (lo..=hi).collect(),
        star: true,
    };
    let f = [
        star(0, 59),
        star(0, 23),
        star(1, 31),
        star(1, 12),
        star(0, 6),
    ];
    for dialect in [Dialect::Kubernetes, Dialect::Cronie, Dialect::Debian] {
        check(dialect, f.clone()).unwrap();
    }
}
