//! What an edit would change, before anything runs: `ledger update
//! --dry-run` on a real ledger (a SQLite file, or a PostgreSQL database with
//! `WALLCLOCK_TEST_STORE=postgres`), compared with what the update then does.
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
    // And the new revision plans 8 March where the dry run's diff said.
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-03-07T12:00:00Z", "--horizon", "P4D"],
    ));
    let planned = common::occurrences(&d);
    let r2 = planned
        .iter()
        .find(|o| o["nominal"] == "2026-03-08T02:30:00" && o["revision"] == 2)
        .unwrap();
    assert_eq!(r2["status"], changes[0]["new"]["status"], "{r2} {p}");
    assert_eq!(r2["instant"], changes[0]["new"]["instant"], "{r2} {p}");
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

#[test]
fn shadow_compares_this_build_with_the_ledger_and_writes_nothing() {
    let d = common::dir("ledger_change", "shadow");
    setup(&d, SKIP);
    ok(&ledger(
        &d,
        &["plan", "--now", "2026-03-01T00:00:00Z", "--horizon", "P28D"],
    ));
    let args = [
        "shadow",
        "--now",
        "2026-03-01T00:00:00Z",
        "--horizon",
        "P28D",
        "--report",
        "report.json",
    ];
    let same = ledger(&d, &args);
    assert_eq!(same.status.code(), Some(0), "{same:?}");
    let r: serde_json::Value = serde_json::from_slice(&same.stdout).unwrap();
    // 6 to 28 March.
    assert_eq!(
        (r["identical"].as_bool(), r["compared"].as_u64()),
        (Some(true), Some(23)),
        "{r}"
    );
    // A row an older tz database resolved elsewhere (as a ledger planned
    // by an older build would hold it).
    common::exec(
        &d,
        "UPDATE occurrences SET instant = '2026-03-10T07:30:00Z', tzdb = '2020a'
          WHERE nominal = '2026-03-10T02:30:00'",
    );
    let before = dump(&d);
    let out = ledger(&d, &args);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(dump(&d), before, "shadow writes nothing to the ledger");
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diffs = r["differences"].as_array().unwrap();
    assert_eq!(diffs.len(), 1, "{r}");
    assert_eq!(diffs[0]["kind"], "moved");
    assert_eq!(diffs[0]["ledger"]["instant"], "2026-03-10T07:30:00Z");
    assert_eq!(diffs[0]["shadow"]["instant"], "2026-03-10T06:30:00Z");
    assert!(
        diffs[0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("tz database 2020a → "),
        "{r}"
    );
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("report.json")).unwrap()).unwrap();
    assert_eq!(file, r);
}

#[test]
fn an_epoch_bump_stops_the_replaced_builds_workers() {
    use std::process::Stdio;
    use std::time::Duration;
    let d = common::dir("ledger_change", "epoch");
    setup(
        &d,
        r#"{"id":"e","timeZone":"UTC","start":"2026-06-01T09:00","rrule":"FREQ=MINUTELY;COUNT=3"}"#,
    );
    let tick = |name: &str, exec: &str| {
        let mut c = common::ledger_command(&d);
        c.args([
            "tick",
            "--now",
            "2026-06-01T09:05:00Z",
            "--worker",
            name,
            "--exec",
            exec,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        c
    };
    // A worker of the old build is running 09:00's command when the new
    // build takes over.
    let old = tick(
        "old",
        "touch started; sleep 2; echo $WALLCLOCK_KEY >> effects",
    )
    .spawn()
    .unwrap();
    common::wait_for(&d.join("started"), Duration::from_secs(20));
    let b = ok(&ledger(
        &d,
        &["epoch", "bump", "--now", "2026-06-01T09:05:01Z"],
    ));
    assert_eq!(
        (b["epoch"].as_i64(), b["reconcile"].as_u64()),
        (Some(1), Some(1)),
        "{b}"
    );
    let old = old.wait_with_output().unwrap();
    // Its effect happened, but it may not record it, nor claim the rest.
    assert_eq!(old.status.code(), Some(2), "{old:?}");
    let e: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&old.stderr).lines().last().unwrap()).unwrap();
    assert_eq!(e["code"], "epoch_superseded", "{e}");
    let occ = common::occurrences(&d);
    assert_eq!(occ[0]["state"], "unknown_effect", "{occ:?}");
    assert_eq!(
        (occ[1]["state"].as_str(), occ[2]["state"].as_str()),
        (Some("planned"), Some("planned"))
    );
    // The new build's worker runs the rest, never the one in reconciliation.
    let new = tick("new", "echo $WALLCLOCK_KEY >> effects")
        .output()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&new.stdout).unwrap();
    assert_eq!(r["done"], 2, "{r}");
    let effects = std::fs::read_to_string(d.join("effects")).unwrap();
    assert_eq!(effects.lines().count(), 3, "{effects}");
    ok(&ledger(
        &d,
        &["reconcile", "e|2026-06-01T09:00:00", "--done"],
    ));
    assert!(common::occurrences(&d).iter().all(|o| o["state"] == "done"));
    assert_eq!(ok(&ledger(&d, &["epoch"]))["epoch"], 1);
}

/// A ledger planned by a build whose tz database predates Mexico's end of
/// daylight saving time (tzdb 2022f): its rows from the first Sunday of
/// April 2023 on carry CDT (UTC−5), as tzdb 2022a resolved them, an hour
/// before what this build's tz database gives (CST all year). `shadow`
/// reports exactly those as moved, naming both tz databases.
#[test]
fn shadow_reports_exactly_what_an_older_tz_database_put_elsewhere() {
    let d = common::dir("ledger_change", "shadow_mexico");
    std::fs::write(
        d.join("spec.json"),
        r#"{"id":"mx","timeZone":"America/Mexico_City","start":"2023-03-01T09:00","rrule":"FREQ=DAILY"}"#,
    )
    .unwrap();
    ok(&ledger(&d, &["init"]));
    ok(&ledger(
        &d,
        &[
            "add",
            "--spec",
            "spec.json",
            "--backfill-from",
            "2023-03-01T00:00:00Z",
        ],
    ));
    ok(&ledger(
        &d,
        &["plan", "--now", "2023-03-01T00:00:00Z", "--horizon", "P61D"],
    ));
    // The rows as tzdb 2022a planned them: 09:00 CDT is 14:00Z.
    let mut older = String::new();
    let mut moved = Vec::new();
    for day in 2..=30 {
        let nominal = format!("2023-04-{day:02}T09:00:00");
        let cdt = format!("2023-04-{day:02}T14:00:00Z");
        older.push_str(&format!(
            "UPDATE occurrences SET instant = '{cdt}', at = '{cdt}', due_at = '{cdt}', tzdb = '2022a'
              WHERE nominal = '{nominal}';\n"
        ));
        moved.push(format!("mx|r1|{nominal}|0"));
    }
    common::exec(&d, &older);
    let out = ledger(
        &d,
        &[
            "shadow",
            "--now",
            "2023-03-01T00:00:00Z",
            "--horizon",
            "P61D",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["compared"], 61, "{r}");
    let diffs = r["differences"].as_array().unwrap();
    let reported: Vec<&str> = diffs
        .iter()
        .map(|d| d["occurrence"].as_str().unwrap())
        .collect();
    assert_eq!(reported, moved, "{r}");
    for d in diffs {
        assert_eq!(d["kind"], "moved", "{d}");
        let was = d["ledger"]["instant"].as_str().unwrap();
        let now = d["shadow"]["instant"].as_str().unwrap();
        assert_eq!(now, was.replace("T14:00:00Z", "T15:00:00Z"), "{d}");
        assert!(
            d["reason"]
                .as_str()
                .unwrap()
                .starts_with("tz database 2022a → "),
            "{d}"
        );
    }
}
