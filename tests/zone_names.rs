//! Zone names as people write them: aliases, fixed offsets, reversed
//! signs and Windows names are accepted with a warning and written back
//! canonical; an unknown name gets "did you mean".
#![cfg(not(target_arch = "wasm32"))]

use wallclock::{ErrorCode, ExpandOptions, Schedule, Spec, expand, to_ical, validate};

fn schedule(zone: &str) -> Schedule {
    Schedule::new(&Spec::new(zone, "2026-03-01T09:00")).unwrap_or_else(|e| panic!("{zone}: {e}"))
}

/// `(code, message)` of the validation warnings.
fn warnings(zone: &str) -> Vec<(String, String)> {
    validate(&schedule(zone))
        .warnings
        .iter()
        .map(|w| (w.code().to_owned(), w.message().to_owned()))
        .collect()
}

fn unknown_message(zone: &str) -> String {
    let err = Schedule::new(&Spec::new(zone, "2026-03-01T09:00")).unwrap_err();
    assert_eq!(err.code(), ErrorCode::UnknownTimeZone, "{err}");
    assert_eq!(err.field(), Some("timeZone"));
    err.message().to_owned()
}

#[test]
fn aliases_are_read_as_their_canonical_zone_with_a_warning() {
    for (alias, canonical) in [
        ("US/Eastern", "America/New_York"),
        ("Asia/Calcutta", "Asia/Kolkata"),
        ("us/eastern", "America/New_York"),
    ] {
        let s = schedule(alias);
        assert_eq!(s.time_zone_name(), canonical);
        let w = warnings(alias);
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].0, "zone_alias");
        assert!(
            w[0].1
                .contains(&format!("`{alias}` is an alias of `{canonical}`")),
            "{w:?}"
        );
        // Every output names the canonical zone.
        let expansion = expand(&s, &ExpandOptions::new().limit(1)).unwrap();
        let local = expansion.entries()[0].local_string().unwrap();
        assert!(local.ends_with(&format!("[{canonical}]")), "{local}");
        assert_eq!(expansion.warnings()[0].code(), "zone_alias");
        let ical = to_ical(s.spec());
        assert!(
            ical.contains(&format!("DTSTART;TZID={canonical}:")),
            "{ical}"
        );
    }
}

#[test]
fn canonical_names_have_no_warning() {
    for zone in [
        "America/New_York",
        "america/new_york",
        "UTC",
        "Europe/Berlin",
    ] {
        assert_eq!(warnings(zone), Vec::<(String, String)>::new(), "{zone}");
    }
}

#[test]
fn est_is_a_fixed_offset_not_us_eastern_time() {
    let w = warnings("EST");
    let fixed = w
        .iter()
        .find(|(c, _)| c == "fixed_offset_zone")
        .expect("warned");
    assert!(fixed.1.contains("UTC-05:00 all year"), "{w:?}");
    assert!(fixed.1.contains("`America/New_York`"), "{w:?}");
}

#[test]
fn etc_gmt_signs_are_reversed_and_said_so() {
    let w = warnings("Etc/GMT+5");
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, "reversed_sign_zone");
    assert!(w[0].1.contains("`Etc/GMT+5` is UTC-05:00"), "{w:?}");
    assert!(w[0].1.contains("for UTC+05:00 use `Etc/GMT-5`"), "{w:?}");
    // The offset the warning names is the one the zone has.
    let s = schedule("Etc/GMT+5");
    let e = expand(&s, &ExpandOptions::new().limit(1)).unwrap();
    assert_eq!(
        e.entries()[0].instant().unwrap().to_string(),
        "2026-03-01T14:00:00Z"
    );
    let w = warnings("Etc/GMT-14");
    assert!(w[0].1.contains("`Etc/GMT-14` is UTC+14:00"), "{w:?}");
    assert!(
        warnings("Etc/GMT+0")
            .iter()
            .all(|(c, _)| c != "reversed_sign_zone")
    );
}

#[test]
fn windows_names_map_through_cldr_with_a_warning() {
    let s = schedule("W. Europe Standard Time");
    assert_eq!(s.time_zone_name(), "Europe/Berlin");
    let w = warnings("W. Europe Standard Time");
    assert_eq!(w[0].0, "windows_zone");
    assert!(w[0].1.contains("read as `Europe/Berlin`"), "{w:?}");
    assert_eq!(
        schedule("Eastern Standard Time").time_zone_name(),
        "America/New_York"
    );
}

#[test]
fn every_unknown_name_gets_a_suggestion() {
    for (typo, meant) in [
        ("Europe/Londn", "Europe/London"),
        ("Europe/London ", "Europe/London"),
        ("Londn", "Europe/London"),
        ("new york", "America/New_York"),
        ("America/Los_Angelos", "America/Los_Angeles"),
        ("Asia/Calcuta", "Asia/Kolkata"),
    ] {
        let m = unknown_message(typo);
        assert!(
            m.ends_with(&format!("did you mean `{meant}`?")),
            "{typo}: {m}"
        );
    }
    let m = unknown_message("Nowhere/Atall");
    assert!(m.contains("expected an IANA name"), "{m}");
}
