//! What an edit would change, before anything runs: `ledger update
//! --dry-run` on a real ledger file, compared with what the update then does.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/ledger_cli.rs"]
mod common;

use common::{dump, err, ledger, ok, setup};

const SKIP: &str = r#"{"id":"nightly","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY"}"#;
const SHIFT: &str = r#"{"id":"nightly","timeZone":"America/New_York","start":"2026-03-06T02:30","rrule":"FREQ=DAILY","gap":"shift"}"#;

#[test]
fn update_dry_run_reports_the_change_and_writes_nothing() {
    let d = common::dir("ledger_change", "dry_run");
    setup(&d, SKIP);
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-03-06T00:00:00Z", "--horizon", "P6D"],
    ));
    let r = ok(&ledger(
        &d,
        &[
            "tick",
            "--now",
            "2026-03-07T12:00:00Z",
            "--worker",
            "w",
            "--exec",
            "true",
        ],
    ));
    assert_eq!(r["done"], 2, "{r}");
    std::fs::write(d.join("shift.json"), SHIFT).unwrap();
    let before = dump(&d);
    let p = ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "shift.json",
            "--cutover",
            "2026-03-07T12:00:00Z",
            "--dry-run",
            "--until",
            "2026-03-12T00:00:00Z",
        ],
    ));
    assert_eq!(dump(&d), before, "a dry run writes nothing");
    assert_eq!(
        (p["dryRun"].as_bool(), p["revision"].as_u64()),
        (Some(true), Some(2))
    );
    // 8 March 02:30 does not exist in New York: skipped before, shifted to 03:30 after.
    let changes = p["diff"]["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{p}");
    assert_eq!(changes[0]["key"], "nightly|2026-03-08T02:30:00", "{p}");
    assert!(
        changes[0]["reason"].as_str().unwrap().contains("gap"),
        "{p}"
    );
    // Two ran and stay; 8–11 March (one gap-skipped, three planned) are handed over.
    assert_eq!(p["untouched"]["done"], 2, "{p}");
    assert_eq!(p["cancelled"], 4, "{p}");
    // The update itself then does what the dry run said.
    ok(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "shift.json",
            "--cutover",
            "2026-03-07T12:00:00Z",
        ],
    ));
    let cancelled = ledger(&d, &["occurrences", "--state", "cancelled", "--json"]);
    assert_eq!(ok(&cancelled).as_array().unwrap().len(), 4);
    // A cutover the update would refuse is refused by the dry run, the same way.
    std::fs::write(
        d.join("r3.json"),
        SHIFT.replace(
            "\"gap\":\"shift\"",
            "\"gap\":\"shift\",\"misfire\":\"skip\"",
        ),
    )
    .unwrap();
    let before = dump(&d);
    let e = err(&ledger(
        &d,
        &[
            "update",
            "--spec",
            "r3.json",
            "--cutover",
            "2026-03-06T12:00:00Z",
            "--dry-run",
        ],
    ));
    assert_eq!(e["code"], "invalid_cutover", "{e}");
    assert_eq!(dump(&d), before);
}
