//! Seed 000 §5.1–5.4 and docs/spec.md §2.3: the golden tables, exactly, from
//! `tests/fixtures/seed-golden.json` (copied from the seed's own numbers).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use serde_json::Value;
use wallclock::{ExpandOptions, Schedule, expand};

const GOLDEN: &str = include_str!("fixtures/seed-golden.json");

/// The fields the fixture pins for each entry.
const PINNED: &[&str] = &["nominal", "fold", "status", "instant", "key", "mergedInto"];

fn pinned(entry: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for &k in PINNED {
        if let Some(v) = entry.get(k) {
            out.insert(k.to_owned(), v.clone());
        }
    }
    Value::Object(out)
}

fn run_case(id: &str) {
    let golden: Value = serde_json::from_str(GOLDEN).unwrap();
    let case = golden["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no case {id}"));
    let schedule =
        Schedule::from_json(&case["spec"].to_string()).unwrap_or_else(|e| panic!("{id}: {e}"));
    let limit = case["limit"].as_u64().unwrap() as usize;
    let result = expand(&schedule, &ExpandOptions::new().limit(limit))
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    let got: Value = serde_json::from_str(&result.to_json()).unwrap();
    let got: Vec<Value> = got["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(pinned)
        .collect();
    let want: Vec<Value> = case["expected"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(pinned)
        .collect();
    assert_eq!(got, want, "{id}: {}", case["description"]);
    // Every changed instance explains itself.
    for e in result.entries() {
        if e.status() != wallclock::Status::Scheduled {
            assert!(!e.notes().is_empty(), "{id}: {} has no note", e.nominal());
        }
    }
}

#[test]
fn every_golden_case_is_tested() {
    let golden: Value = serde_json::from_str(GOLDEN).unwrap();
    let ids: Vec<&str> = golden["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let source = include_str!("golden.rs");
    for id in ids {
        assert!(
            source.contains(&format!("=> \"{id}\",")),
            "golden case {id} has no test"
        );
    }
}

macro_rules! golden {
    ($($name:ident => $id:literal,)+) => {
        $(
            #[test]
            fn $name() {
                run_case($id);
            }
        )+
    };
}

golden! {
    seed_000_5_1_new_york_0900_across_spring_forward => "seed000-5.1-ny-daily-0900",
    seed_000_5_1_new_york_0900_count_6 => "seed000-5.1-ny-daily-0900-count6",
    seed_000_5_2_new_york_0230_count_4_skip => "seed000-5.2-ny-0230-count4-skip",
    seed_000_5_2_new_york_0230_count_4_shift => "seed000-5.2-ny-0230-count4-shift",
    spec_2_3_new_york_0230_count_4_snap => "spec-2.3-ny-0230-count4-snap",
    seed_000_5_2_new_york_0130_fall_back_first => "seed000-5.2-ny-0130-fallback-first",
    seed_000_5_2_new_york_0130_fall_back_second => "seed000-5.2-ny-0130-fallback-second",
    spec_2_3_new_york_0130_fall_back_both => "spec-2.3-ny-0130-fallback-both",
    seed_000_5_2_lord_howe_0215_skip => "seed000-5.2-lord-howe-0215-skip",
    seed_000_5_2_lord_howe_0215_shift => "seed000-5.2-lord-howe-0215-shift",
    seed_000_5_3_apia_from_29_skip => "seed000-5.3-apia-from-29-skip",
    seed_000_5_3_apia_from_28_skip => "seed000-5.3-apia-from-28-skip",
    seed_000_5_3_apia_from_29_shift => "seed000-5.3-apia-from-29-shift",
    seed_000_5_3_apia_from_28_shift => "seed000-5.3-apia-from-28-shift",
    seed_000_5_4_berlin_31st_omit => "seed000-5.4-berlin-31st-omit",
    seed_000_5_4_berlin_31st_omit_implicit => "seed000-5.4-berlin-31st-omit-implicit",
    seed_000_5_4_berlin_31st_backward => "seed000-5.4-berlin-31st-backward",
    seed_000_5_4_berlin_last_day => "seed000-5.4-berlin-last-day",
    seed_000_5_4_berlin_weekly_mo_we_fr_until => "seed000-5.4-berlin-weekly-mo-we-fr",
}
