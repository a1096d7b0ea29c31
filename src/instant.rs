//! Instants written as text (`from`, `to`, `now`, due instants): the same
//! strings jiff's `Timestamp` parser accepts, read here instead.
//!
//! jiff's parser keeps an `unwrap` on a jiff error (`Time::new(..).unwrap()`
//! in `parse_time_spec`), and with it all of jiff's error formatting; in the
//! wasm build that is 46 KiB of gzip, which the size budget does not hold
//! (DESIGN.md, "Hand-written code where a library has the function"). This
//! is a port of the grammar jiff implements for
//! timestamps (Temporal's ISO 8601 / RFC 9557 form): a date
//! (`2026-03-08`, `20260308`, `+002026-03-08`), `T`, `t` or a space, a time
//! (`07`, `07:30`, `0730`, `07:30:00.5`, second 60 read as 59), an offset
//! (`Z`, `z`, `+01`, `-04:00`, `+0530`, `+05:30:15.5`) and any RFC 9557
//! annotations (`[America/New_York]`, `[u-ca=iso8601]`), which an instant
//! ignores. A test compares it with jiff's parser on thousands of strings.

use jiff::Timestamp;
use jiff::civil::{Date, Time};
use jiff::tz::Offset;

/// Parses an instant; `None` wherever jiff's `Timestamp::from_str` fails.
pub(crate) fn parse_instant(text: &str) -> Option<Timestamp> {
    let mut p = Cursor(text.as_bytes());
    let date = p.date()?;
    if !matches!(p.byte()?, b' ' | b'T' | b't') {
        return None;
    }
    let time = p.time()?;
    let offset = p.offset(true, true)?;
    p.annotations()?;
    if !p.0.is_empty() {
        return None;
    }
    offset.to_timestamp(date.to_datetime(time)).ok()
}

struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.0.first().copied()
    }

    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// Consumes `b` if it comes next.
    fn eat(&mut self, b: u8) -> bool {
        let yes = self.peek() == Some(b);
        if yes {
            self.0 = &self.0[1..];
        }
        yes
    }

    /// Exactly `n` ASCII digits as a number in `lo..=hi`.
    fn number(&mut self, n: usize, lo: i64, hi: i64) -> Option<i64> {
        let digits = self.0.get(..n)?;
        let mut v: i64 = 0;
        for &d in digits {
            if !d.is_ascii_digit() {
                return None;
            }
            v = v * 10 + i64::from(d - b'0');
        }
        self.0 = &self.0[n..];
        (lo..=hi).contains(&v).then_some(v)
    }

    /// True when the next two bytes are digits (basic format's "has
    /// another component").
    fn two_digits_next(&self) -> bool {
        self.0.len() >= 2 && self.0[..2].iter().all(u8::is_ascii_digit)
    }

    fn date(&mut self) -> Option<Date> {
        let year = match self.peek() {
            Some(sign @ (b'+' | b'-')) => {
                self.0 = &self.0[1..];
                let y = self.number(6, -9999, 9999)?;
                if sign == b'-' {
                    if y == 0 {
                        return None;
                    }
                    -y
                } else {
                    y
                }
            }
            _ => self.number(4, -9999, 9999)?,
        };
        let extended = self.eat(b'-');
        let month = self.number(2, 1, 12)?;
        if extended {
            if !self.eat(b'-') {
                return None;
            }
        } else if self.peek() == Some(b'-') {
            return None;
        }
        let day = self.number(2, 1, 31)?;
        Date::new(year as i16, month as i8, day as i8).ok()
    }

    /// A component separator: `:` in extended format (optional), in basic
    /// format whether two digits follow.
    fn separator(&mut self, extended: bool) -> bool {
        if extended {
            self.eat(b':')
        } else {
            self.two_digits_next()
        }
    }

    fn time(&mut self) -> Option<Time> {
        let hour = self.number(2, 0, 23)?;
        let extended = self.peek() == Some(b':');
        let (mut minute, mut second, mut nanos) = (0, 0, 0);
        if self.separator(extended) {
            minute = self.number(2, 0, 59)?;
            if self.separator(extended) {
                second = self.number(2, 0, 60)?.min(59);
                nanos = self.fraction()?.unwrap_or(0);
            }
        }
        Time::new(hour as i8, minute as i8, second as i8, nanos as i32).ok()
    }

    /// `.` or `,` and 1 to 9 digits, as nanoseconds.
    fn fraction(&mut self) -> Option<Option<i64>> {
        if !matches!(self.peek(), Some(b'.' | b',')) {
            return Some(None);
        }
        self.0 = &self.0[1..];
        let len = self
            .0
            .iter()
            .take(9)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if len == 0 {
            return None;
        }
        let digits = self.number(len, 0, 999_999_999)?;
        Some(Some(digits * 10i64.pow(9 - len as u32)))
    }

    /// An offset after the time (`zulu`: `Z` allowed, `subminute`: seconds
    /// and a fraction allowed); none when no `Z`, `+` or `-` follows.
    fn offset(&mut self, zulu: bool, subminute: bool) -> Option<Offset> {
        match self.peek() {
            Some(b'Z' | b'z') if zulu => {
                self.0 = &self.0[1..];
                Some(Offset::UTC)
            }
            Some(sign @ (b'+' | b'-')) => {
                self.0 = &self.0[1..];
                let mut secs = self.number(2, 0, 25)? * 3600;
                let extended = self.peek() == Some(b':');
                if self.separator(extended) {
                    secs += self.number(2, 0, 59)? * 60;
                    if !subminute {
                        if self.peek() == Some(b':') {
                            return None;
                        }
                    } else if self.separator(extended) {
                        secs += self.number(2, 0, 59)?;
                        if self.fraction()?.is_some_and(|n| n >= 500_000_000) {
                            secs += 1;
                        }
                    }
                }
                let secs = if sign == b'-' { -secs } else { secs };
                Offset::from_seconds(secs as i32).ok()
            }
            // A timestamp needs an offset.
            _ => None,
        }
    }

    /// RFC 9557 annotations: an optional time zone (`[America/New_York]`,
    /// `[!+05:00]`), then `[key=value-value]` ones, none critical.
    fn annotations(&mut self) -> Option<()> {
        if self.peek() != Some(b'[') {
            return Some(());
        }
        let start = self.0;
        self.0 = &self.0[1..];
        self.eat(b'!');
        if matches!(self.peek(), Some(b'+' | b'-')) {
            self.offset(false, false)?;
            if self.byte()? != b']' {
                return None;
            }
        } else {
            self.tz_name_part()?;
            if self.peek() == Some(b'=') {
                // Not a time zone: a key, read again below.
                self.0 = start;
            } else {
                while self.eat(b'/') {
                    self.tz_name_part()?;
                }
                if self.byte()? != b']' {
                    return None;
                }
            }
        }
        while self.eat(b'[') {
            let critical = self.eat(b'!');
            if !matches!(self.byte()?, b'_' | b'a'..=b'z') {
                return None;
            }
            self.skip(|b| matches!(b, b'_' | b'-' | b'0'..=b'9' | b'a'..=b'z'));
            if self.byte()? != b'=' {
                return None;
            }
            loop {
                if !self.byte()?.is_ascii_alphanumeric() {
                    return None;
                }
                self.skip(|b| b.is_ascii_alphanumeric());
                if !self.eat(b'-') {
                    break;
                }
            }
            if self.byte()? != b']' || critical {
                return None;
            }
        }
        Some(())
    }

    fn tz_name_part(&mut self) -> Option<()> {
        if !matches!(self.byte()?, b'_' | b'.' | b'A'..=b'Z' | b'a'..=b'z') {
            return None;
        }
        self.skip(|b| matches!(b, b'_' | b'.' | b'+' | b'-') || b.is_ascii_alphanumeric());
        Some(())
    }

    fn skip(&mut self, keep: impl Fn(u8) -> bool) {
        let n = self.0.iter().take_while(|&&b| keep(b)).count();
        self.0 = &self.0[n..];
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Every string of a grammar-driven corpus and of random edits to it
    /// parses exactly as jiff parses it.
    #[test]
    fn agrees_with_jiff() {
        let mut corpus = grammar_corpus();
        corpus.extend(edits(&corpus));
        let mut accepted = 0;
        for s in &corpus {
            let want = s.parse::<Timestamp>().ok();
            assert_eq!(parse_instant(s), want, "{s:?}");
            accepted += usize::from(want.is_some());
        }
        assert!(accepted > 500, "{accepted} of {}", corpus.len());
    }

    const DATES: &[&str] = &[
        "2026-03-08",
        "20260308",
        "+002026-03-08",
        "-002026-03-08",
        "-000000-01-01",
        "+000000-01-01",
        "2026-02-29",
        "2024-02-29",
        "2026-13-01",
        "2026-00-10",
        "2026-03-32",
        "2026-0308",
        "202603-08",
        "9999-12-31",
        "-009999-01-01",
        "0000-01-01",
        "+2026-03-08",
    ];

    const SEPS: &[&str] = &["T", "t", " ", "", "_", "TT"];

    const TIMES: &[&str] = &[
        "07",
        "07:30",
        "0730",
        "07:30:00",
        "073000",
        "07:30:60",
        "07:30:00.5",
        "07:30:00,123456789",
        "07:30:00.1234567891",
        "07:30:00.",
        "24:00",
        "23:59:59",
        "07:3000",
        "0730:00",
        "7:30",
        "07:30:0",
        "07:61",
        "07:30:00.000000000",
    ];

    const OFFSETS: &[&str] = &[
        "Z",
        "z",
        "",
        "+00",
        "-04:00",
        "+0530",
        "+05:30:15",
        "+05:30:15.5",
        "+053015,4",
        "+25:59:59",
        "+25:59:59.5",
        "+26",
        "-00:00",
        "+05:3",
        "+05:",
        "+5",
        "+05:30:",
        "+05:60",
        "+05:30:60",
    ];

    const NOTES: &[&str] = &[
        "",
        "[America/New_York]",
        "[!America/New_York]",
        "[u-ca=iso8601]",
        "[!u-ca=iso8601]",
        "[America/New_York][u-ca=iso8601]",
        "[+05:00]",
        "[-05]",
        "[+05:00:00]",
        "[UTC]",
        "[a=b-c]",
        "[a=b-]",
        "[A=b]",
        "[_x=1]",
        "[America/]",
        "[/x]",
        "[x",
        "[]",
        "[.]",
        "[Etc/GMT+5]",
        "[a/b=c]",
        "[u-ca=iso8601][x=y]",
        "[America/New_York][America/New_York]",
        "[1a]",
        "[x=y]]",
    ];

    /// Dates, separators, times, offsets and bracketed annotations, valid
    /// and not, combined.
    fn grammar_corpus() -> Vec<String> {
        let mut corpus = Vec::new();
        for d in DATES {
            for s in SEPS {
                for t in TIMES {
                    corpus.push(format!("{d}{s}{t}Z"));
                }
                corpus.push(format!("{d}{s}07:30"));
            }
            for o in OFFSETS {
                corpus.push(format!("{d}T07:30:00{o}"));
                corpus.push(format!("{d}T0730{o}"));
                corpus.push(format!("{d}T07{o}"));
            }
            for n in NOTES {
                corpus.push(format!("{d}T07:30:00Z{n}"));
                corpus.push(format!("{d}T07:30:00-05:00{n}"));
                corpus.push(format!("{d}{n}"));
            }
        }
        corpus
    }

    /// Six random edits (one or two bytes removed, replaced or inserted)
    /// of every string of `base`, from a fixed seed.
    fn edits(base: &[String]) -> Vec<String> {
        let mut corpus = Vec::new();
        let alphabet = b"0123456789-:+TtZz .,[]=!/_aAuU\xc3";
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut rand = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for s in base {
            for _ in 0..6 {
                let mut b = s.clone().into_bytes();
                for _ in 0..1 + rand(2) {
                    let at = rand(b.len() + 1);
                    match rand(3) {
                        0 if at < b.len() => {
                            b.remove(at);
                        }
                        1 if at < b.len() => b[at] = alphabet[rand(alphabet.len())],
                        _ => b.insert(at, alphabet[rand(alphabet.len())]),
                    }
                }
                corpus.push(String::from_utf8_lossy(&b).into_owned());
            }
        }
        corpus
    }
}
