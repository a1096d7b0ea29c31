//! Expansion throughput on six workloads (W1–W6), each measured against a
//! jiff-only floor (step civil dates by hand, convert each with jiff's
//! `compatible` disambiguation) and against the `rrule` crate, in the same
//! run. Criterion reports each; the closing table prints instances/s and
//! the ratios, which are what to compare across noisy machines.
//!
//! Run: `cargo bench --bench expand` (add `-- --quick` for a shorter run).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use jiff::civil::{Date, DateTime, Weekday};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use wallclock::{ExpandOptions, Schedule, expand};

struct Workload {
    name: &'static str,
    zone: &'static str,
    start: &'static str,
    rrule: &'static str,
    count: usize,
    floor: fn(&TimeZone, DateTime, usize) -> Vec<Timestamp>,
}

fn convert(tz: &TimeZone, dt: DateTime) -> Timestamp {
    tz.to_ambiguous_timestamp(dt).compatible().unwrap()
}

fn floor_step(tz: &TimeZone, start: DateTime, n: usize, step: jiff::Span) -> Vec<Timestamp> {
    let mut out = Vec::with_capacity(n);
    let mut dt = start;
    while out.len() < n {
        out.push(convert(tz, dt));
        dt = dt.checked_add(step).unwrap();
    }
    out
}

fn floor_daily(tz: &TimeZone, start: DateTime, n: usize) -> Vec<Timestamp> {
    floor_step(tz, start, n, 1.day())
}

fn floor_hourly(tz: &TimeZone, start: DateTime, n: usize) -> Vec<Timestamp> {
    floor_step(tz, start, n, 1.hour())
}

fn floor_mo_we_fr(tz: &TimeZone, start: DateTime, n: usize) -> Vec<Timestamp> {
    let mut out = Vec::with_capacity(n);
    let mut dt = start;
    while out.len() < n {
        if matches!(
            dt.weekday(),
            Weekday::Monday | Weekday::Wednesday | Weekday::Friday
        ) {
            out.push(convert(tz, dt));
        }
        dt = dt.checked_add(1.day()).unwrap();
    }
    out
}

fn floor_last_day(tz: &TimeZone, start: DateTime, n: usize) -> Vec<Timestamp> {
    let mut out = Vec::with_capacity(n);
    let mut first: Date = start.date().first_of_month();
    while out.len() < n {
        out.push(convert(tz, first.last_of_month().to_datetime(start.time())));
        first = first.checked_add(1.month()).unwrap();
    }
    out
}

fn floor_last_weekday(tz: &TimeZone, start: DateTime, n: usize) -> Vec<Timestamp> {
    let mut out = Vec::with_capacity(n);
    let mut first: Date = start.date().first_of_month();
    while out.len() < n {
        let mut d = first.last_of_month();
        while matches!(d.weekday(), Weekday::Saturday | Weekday::Sunday) {
            d = d.yesterday().unwrap();
        }
        out.push(convert(tz, d.to_datetime(start.time())));
        first = first.checked_add(1.month()).unwrap();
    }
    out
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "W1 daily 09:00 New York",
        zone: "America/New_York",
        start: "2026-01-01T09:00:00",
        rrule: "FREQ=DAILY;COUNT=3650",
        count: 3650,
        floor: floor_daily,
    },
    Workload {
        name: "W2 weekly MO,WE,FR 07:00 Berlin",
        zone: "Europe/Berlin",
        start: "2026-01-05T07:00:00",
        rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=1500",
        count: 1500,
        floor: floor_mo_we_fr,
    },
    Workload {
        name: "W3 monthly last day 08:00 Berlin",
        zone: "Europe/Berlin",
        start: "2026-01-31T08:00:00",
        rrule: "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=1200",
        count: 1200,
        floor: floor_last_day,
    },
    Workload {
        name: "W4 daily 02:30 New York",
        zone: "America/New_York",
        start: "2026-01-01T02:30:00",
        rrule: "FREQ=DAILY;COUNT=3650",
        count: 3650,
        floor: floor_daily,
    },
    Workload {
        name: "W5 hourly Lord Howe",
        zone: "Australia/Lord_Howe",
        start: "2026-01-01T00:30:00",
        rrule: "FREQ=HOURLY;COUNT=8760",
        count: 8760,
        floor: floor_hourly,
    },
    Workload {
        name: "W6 last weekday 17:00 Los Angeles",
        zone: "America/Los_Angeles",
        start: "2026-01-01T17:00:00",
        rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=600",
        count: 600,
        floor: floor_last_weekday,
    },
];

fn schedule(w: &Workload) -> Schedule {
    let spec = format!(
        r#"{{"timeZone":"{}","start":"{}","rrule":"{}"}}"#,
        w.zone, w.start, w.rrule
    );
    Schedule::from_json(&spec).unwrap()
}

fn run_wallclock(s: &Schedule) -> usize {
    expand(s, &ExpandOptions::new()).unwrap().entries().len()
}

fn run_floor(w: &Workload, tz: &TimeZone, start: DateTime) -> usize {
    (w.floor)(tz, start, w.count).len()
}

fn rrule_set(w: &Workload) -> rrule::RRuleSet {
    let compact = w.start.replace(['-', ':'], "");
    format!("DTSTART;TZID={}:{}\nRRULE:{}", w.zone, compact, w.rrule)
        .parse()
        .unwrap()
}

fn run_rrule(set: &rrule::RRuleSet) -> usize {
    set.clone().all(u16::MAX).dates.len()
}

fn bench(c: &mut Criterion) {
    for w in WORKLOADS {
        let s = schedule(w);
        let tz = TimeZone::get(w.zone).unwrap();
        let start: DateTime = w.start.parse().unwrap();
        let set = rrule_set(w);
        let mut g = c.benchmark_group(w.name);
        g.throughput(criterion::Throughput::Elements(w.count as u64));
        g.bench_function("wallclock", |b| {
            b.iter(|| black_box(run_wallclock(black_box(&s))))
        });
        g.bench_function("jiff floor", |b| {
            b.iter(|| black_box(run_floor(w, &tz, start)))
        });
        g.bench_function("rrule crate", |b| {
            b.iter(|| black_box(run_rrule(black_box(&set))))
        });
        g.finish();
    }
}

/// Median seconds per call over `rounds` rounds of at least 20 ms each.
fn median(mut f: impl FnMut() -> usize, rounds: usize) -> f64 {
    let mut samples = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let mut calls = 0u32;
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(20) {
            black_box(f());
            calls += 1;
        }
        samples.push(t.elapsed().as_secs_f64() / f64::from(calls));
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    samples[rounds / 2]
}

/// The ratio table: all three contenders interleaved per round, same run.
fn summary() {
    println!(
        "\n{:<36} {:>10} {:>7} {:>12} {:>14} {:>12} {:>14}",
        "workload", "instances", "entries", "wallclock/s", "floor/s", "x floor", "x rrule crate"
    );
    for w in WORKLOADS {
        let s = schedule(w);
        let tz = TimeZone::get(w.zone).unwrap();
        let start: DateTime = w.start.parse().unwrap();
        let set = rrule_set(w);
        let entries = run_wallclock(&s);
        let ours = median(|| run_wallclock(&s), 15);
        let floor = median(|| run_floor(w, &tz, start), 15);
        let other = median(|| run_rrule(&set), 15);
        let rate = |secs: f64| w.count as f64 / secs;
        println!(
            "{:<36} {:>10} {:>7} {:>12.0} {:>14.0} {:>12.2} {:>14.2}",
            w.name,
            w.count,
            entries,
            rate(ours),
            rate(floor),
            floor / ours,
            other / ours,
        );
    }
    println!(
        "(x floor > 1: faster than jiff alone; x rrule crate: how many times faster than the rrule crate)"
    );
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
