//! The text forms every layer prints: nominal times (`2026-03-08T02:30:00`),
//! instants (`2026-03-08T07:30:00Z`), offsets (`-04:00`), month names and
//! idempotency keys. Written byte by byte rather than through `core::fmt`:
//! these printers run several times per entry, and in the wasm build
//! `format!` would be most of the cost of a result.

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::Offset;

/// Builds an idempotency key from the nominal time, never from the instant.
pub fn key(id: &str, nominal: DateTime, fold: u8, second_of_both: bool) -> String {
    let mut k = String::with_capacity(id.len() + 27);
    push_key(&mut k, id, nominal, fold, second_of_both);
    k
}

/// Appends the key [`key`] builds, for a caller that collects many.
pub(crate) fn push_key(
    out: &mut String,
    id: &str,
    nominal: DateTime,
    fold: u8,
    second_of_both: bool,
) {
    out.push_str(id);
    out.push('|');
    push_nominal(out, nominal);
    if fold == 1 && second_of_both {
        out.push_str("|fold=1");
    }
}

/// The nominal of an occurrence run by hand at `at`: `manual|<instant>`,
/// never a calendar nominal (those have no offset). Only the ledger runs
/// schedules by hand.
#[cfg(feature = "native")]
pub(crate) fn manual_nominal(at: Timestamp) -> String {
    let mut n = String::from("manual|");
    n.push_str(&fmt_instant(at));
    n
}

/// The idempotency key of an occurrence of schedule `id` run by hand at
/// `at`: `<id>|manual|<instant>`.
#[cfg(feature = "native")]
pub(crate) fn manual_key(id: &str, at: Timestamp) -> String {
    let mut k = String::with_capacity(id.len() + 28);
    k.push_str(id);
    k.push('|');
    k.push_str(&manual_nominal(at));
    k
}

/// `2026-03-08T02:30:00`.
pub fn fmt_nominal(dt: DateTime) -> String {
    let mut s = String::with_capacity(20);
    push_nominal(&mut s, dt);
    s
}

/// Appends `2026-03-08T02:30:00` (see the module's note on `core::fmt`).
pub(crate) fn push_nominal(out: &mut String, dt: DateTime) {
    match nominal_bytes(dt).as_ref().map(|b| std::str::from_utf8(b)) {
        Some(Ok(text)) => out.push_str(text),
        // Outside what a spec can express; keep the sign and width.
        _ => out.push_str(&format!(
            "{:05}-{:02}-{:02}T{:02}:{:02}:{:02}",
            dt.year(),
            dt.month(),
            dt.day(),
            dt.hour(),
            dt.minute(),
            dt.second()
        )),
    }
}

/// `2026-03-08T02:30:00` as ASCII bytes, written in place (one store per
/// digit rather than a `String::push` each); `None` for a year outside
/// 0000..=9999.
pub(crate) fn nominal_bytes(dt: DateTime) -> Option<[u8; 19]> {
    let year = dt.year();
    if !(0..=9999).contains(&year) {
        return None;
    }
    let mut b = *b"0000-00-00T00:00:00";
    let y = year as u16;
    put2(&mut b, 0, (y / 100) as u8);
    put2(&mut b, 2, (y % 100) as u8);
    put2(&mut b, 5, dt.month() as u8);
    put2(&mut b, 8, dt.day() as u8);
    put2(&mut b, 11, dt.hour() as u8);
    put2(&mut b, 14, dt.minute() as u8);
    put2(&mut b, 17, dt.second() as u8);
    Some(b)
}

/// Two decimal digits of `v` (0..=99) at `b[at..at + 2]`.
fn put2(b: &mut [u8; 19], at: usize, v: u8) {
    b[at] = b'0' + v / 10 % 10;
    b[at + 1] = b'0' + v % 10;
}

/// Two decimal digits of `v` (0..=99).
fn push2(out: &mut String, v: u8) {
    out.push(char::from(b'0' + v / 10 % 10));
    out.push(char::from(b'0' + v % 10));
}

/// Appends `-04:00`, `+05:45`, or `+00:19:32` for a seconds offset.
pub(crate) fn push_offset(out: &mut String, offset: Offset) {
    let secs = offset.seconds();
    out.push(if secs < 0 { '-' } else { '+' });
    let secs = secs.unsigned_abs();
    push2(out, (secs / 3600) as u8);
    out.push(':');
    push2(out, (secs / 60 % 60) as u8);
    if !secs.is_multiple_of(60) {
        out.push(':');
        push2(out, (secs % 60) as u8);
    }
}

/// `January` … `December`.
pub(crate) fn month_name(month: i8) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES[(month.clamp(1, 12) - 1) as usize]
}

/// `-04:00`, `+05:45`, `+00:00`.
pub fn fmt_offset(offset: Offset) -> String {
    let mut s = String::with_capacity(9);
    push_offset(&mut s, offset);
    s
}

/// `PT3H`, `P1DT3H`, `PT0S`: an ISO 8601 duration with days of 24 hours.
pub fn fmt_duration(d: jiff::SignedDuration) -> String {
    let neg = d.is_negative();
    let mut secs = d.as_secs().unsigned_abs();
    let days = secs / 86_400;
    secs %= 86_400;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut out = String::from(if neg { "-P" } else { "P" });
    if days > 0 {
        out.push_str(&format!("{days}D"));
    }
    if h > 0 || m > 0 || s > 0 || days == 0 {
        out.push('T');
        if h > 0 {
            out.push_str(&format!("{h}H"));
        }
        if m > 0 {
            out.push_str(&format!("{m}M"));
        }
        if s > 0 || (h == 0 && m == 0) {
            out.push_str(&format!("{s}S"));
        }
    }
    out
}

/// `2026-03-08T07:30:00Z`.
pub fn fmt_instant(ts: Timestamp) -> String {
    let mut s = String::with_capacity(20);
    push_nominal(&mut s, jiff::tz::Offset::UTC.to_datetime(ts));
    s.push('Z');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printers_match_the_iso_forms() {
        let dt: DateTime = "0987-03-08T02:30:05".parse().unwrap();
        assert_eq!(fmt_nominal(dt), "0987-03-08T02:30:05");
        let ts: Timestamp = "2026-03-08T07:30:00Z".parse().unwrap();
        assert_eq!(fmt_instant(ts), "2026-03-08T07:30:00Z");
        for (secs, want) in [
            (-4 * 3600, "-04:00"),
            (5 * 3600 + 45 * 60, "+05:45"),
            (0, "+00:00"),
            (-(17 * 60 + 32), "-00:17:32"),
            (14 * 3600, "+14:00"),
        ] {
            assert_eq!(fmt_offset(Offset::from_seconds(secs).unwrap()), want);
        }
        assert_eq!(key("id", dt, 1, true), "id|0987-03-08T02:30:05|fold=1");
    }
}
