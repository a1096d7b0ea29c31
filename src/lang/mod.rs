//! The languages wallclock writes, and its sentences.
//!
//! Every sentence is a [`Text`]: a template (one per sentence code, written
//! once for each language in the tables of this module's files) and the
//! structured facts that fill its named slots — dates, times, offsets,
//! zones, policies, nested phrases. The same facts fill the English, the
//! Simplified Chinese and the Traditional Chinese template, so every
//! language says the same thing in its own word order, and one Rust
//! function builds each sentence for the CLI, the JS package and the page.
//!
//! A template writes `{name}` for a slot, `{name|one|many}` for the English
//! word that agrees with the number in slot `name`, and `{{`/`}}` for a
//! brace. What a slot prints depends on the language: a date is
//! `2026-03-08` or `2026年3月8日`, an offset after a time is `EDT` or
//! `（UTC−4）`, a list is `a, b and c` or `a、b和c`.
//!
//! Results hold texts, not strings: a surface chooses the language when it
//! prints them ([`Lang::speak`]), and serialization and `Display` render
//! in the language spoken on the thread at that moment (English unless a
//! surface says otherwise).

use std::cell::Cell;
use std::fmt;

use jiff::Timestamp;
use jiff::civil::{DateTime, Time, Weekday};
use jiff::tz::Offset;
use serde::{Serialize, Serializer};

pub(crate) mod cron;
pub(crate) mod describe;
pub(crate) mod errors;
pub(crate) mod input_errors;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod ledger;
pub(crate) mod lint;
pub(crate) mod notes;
pub(crate) mod reasons;
#[cfg(not(target_arch = "wasm32"))]
pub mod stored;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod table;
pub(crate) mod warnings;

/// A language wallclock writes its sentences in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default.
    #[default]
    En,
    /// Simplified Chinese (`zh-CN`; also `zh`, `zh-Hans`, `zh-SG`).
    ZhCn,
    /// Traditional Chinese (`zh-TW`; also `zh-Hant`, `zh-HK`, `zh-MO`).
    ZhTw,
}

impl Lang {
    /// Every language, in the order of a template's texts.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

    /// The tag: `en`, `zh-CN` or `zh-TW`.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
        }
    }

    /// The language a tag names: a BCP 47 tag (`zh-Hant-HK`, `en-GB`) or a
    /// POSIX locale (`zh_TW.UTF-8`), ASCII case ignored. Chinese in the
    /// Traditional script (`Hant`, or Taiwan, Hong Kong, Macau without a
    /// script) is `zh-TW`, any other Chinese `zh-CN`; `C` and `POSIX` are
    /// English. `None` for a language wallclock does not write.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        // `zh_TW.UTF-8@euro`: the encoding and modifier say nothing here.
        let tag = tag.trim();
        let tag = tag.split(['.', '@']).next().unwrap_or(tag);
        let mut parts = tag.split(['-', '_']).map(|p| p.to_ascii_lowercase());
        let lang = match parts.next()?.as_str() {
            "en" | "c" | "posix" => Lang::En,
            "zh" => {
                let mut lang = Lang::ZhCn;
                for part in parts.by_ref() {
                    match part.as_str() {
                        "hant" => return Some(Lang::ZhTw),
                        "hans" => return Some(Lang::ZhCn),
                        "tw" | "hk" | "mo" => lang = Lang::ZhTw,
                        _ => {}
                    }
                }
                lang
            }
            _ => return None,
        };
        Some(lang)
    }

    /// The language a user asked for: [`Lang::from_tag`], or English with
    /// the `unknown_language` warning's sentence for a tag it does not read.
    pub fn read(tag: &str) -> (Lang, Option<Text>) {
        match Lang::from_tag(tag) {
            Some(lang) => (lang, None),
            None => (
                Lang::En,
                Some(Text::new(notes::UNKNOWN_LANGUAGE).with("tag", tag)),
            ),
        }
    }

    /// Speaks this language on this thread until the returned guard is
    /// dropped: every [`Text`] serialized or displayed meanwhile renders
    /// in it. Guards nest.
    pub fn speak(self) -> Speaking {
        let previous = SPEAKING.with(|s| s.replace(self));
        Speaking { previous }
    }

    /// The language spoken on this thread ([`Lang::speak`]), English when
    /// none was chosen.
    pub fn current() -> Lang {
        SPEAKING.with(Cell::get)
    }

    /// What separates two sentences: a space after an English full stop,
    /// nothing after `。`.
    pub fn sentence_gap(self) -> &'static str {
        match self {
            Lang::En => " ",
            _ => "",
        }
    }

    /// What separates two clauses of a list: `; ` or `；`.
    pub fn semicolon(self) -> &'static str {
        match self {
            Lang::En => "; ",
            _ => "；",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

thread_local! {
    static SPEAKING: Cell<Lang> = const { Cell::new(Lang::En) };
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static RECORDING: std::cell::RefCell<Option<std::collections::BTreeSet<&'static str>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` and returns, with its result, the code of every template
/// rendered meanwhile on this thread: how the sentence fixtures check
/// that an example uses the template it claims to show.
#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub fn recording<R>(f: impl FnOnce() -> R) -> (R, std::collections::BTreeSet<&'static str>) {
    let outer = RECORDING.with(|r| r.replace(Some(Default::default())));
    let result = f();
    let codes = RECORDING.with(|r| r.replace(outer)).unwrap_or_default();
    (result, codes)
}

/// While alive, the thread speaks the language [`Lang::speak`] chose; the
/// language before it comes back when it is dropped.
#[must_use = "the language is spoken only while the guard lives"]
pub struct Speaking {
    previous: Lang,
}

impl Drop for Speaking {
    fn drop(&mut self) {
        SPEAKING.with(|s| s.set(self.previous));
    }
}

/// One sentence (or phrase) in every language: its English, Simplified
/// and Traditional Chinese text in one string, each after the other and
/// separated by U+001F. A constant rather than a table entry: a use
/// compiles to the string's address, and the sentence codes (what tests
/// and reviews know a template by) stay out of the wasm build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template(&'static str);

impl Template {
    /// The template in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        self.0.split('\u{1f}').nth(lang.index()).unwrap_or_default()
    }

    /// The sentence code, e.g. `note.gap_skipped` (native builds).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn code(self) -> &'static str {
        all_templates()
            .find(|(_, t)| t.0 == self.0)
            .map_or("", |(code, _)| code)
    }
}

/// Declares templates as constants and, outside the wasm build, lists them
/// with their codes in `$list`: each is a name, a code and its English,
/// Simplified and Traditional Chinese text, so a template without one of
/// the three does not compile.
macro_rules! templates {
    ($list:ident; $($name:ident $code:literal $en:literal $cn:literal $tw:literal;)*) => {
        $(pub(crate) const $name: crate::lang::Template =
            crate::lang::Template::new(concat!($en, "\u{1f}", $cn, "\u{1f}", $tw));)*
        /// Every template of this table, with its code.
        #[cfg(not(target_arch = "wasm32"))]
        pub(crate) const $list: &[(&str, crate::lang::Template)] = &[$(($code, $name)),*];
    };
}
pub(crate) use templates;

impl Template {
    pub(crate) const fn new(text: &'static str) -> Template {
        Template(text)
    }
}

/// Every template of every table, with its code: what the completeness
/// tests read.
#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub fn all_templates() -> impl Iterator<Item = (&'static str, Template)> {
    [
        notes::NOTES,
        describe::DESCRIBE,
        reasons::REASONS,
        errors::ERRORS,
        cron::CRON,
        ledger::LEDGER,
        ledger::LEDGER_REPORTS,
        ledger::LEDGER_REASONS,
        warnings::WARNINGS,
        warnings::EMPTY_WINDOW,
        lint::LINT,
        table::TABLE,
        input_errors::INPUT_ERRORS,
    ]
    .into_iter()
    .flat_map(|list| list.iter().copied())
}

/// A sentence: a template and the facts in its slots. Renders in any
/// [`Lang`]; `Display` and serialization render in the language spoken
/// ([`Lang::current`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    template: Template,
    args: Vec<(&'static str, Arg)>,
}

/// What fills a slot. Each kind prints in the conventions of the language
/// rendering it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// Printed as it is in every language: a token, a zone id, a key,
    /// rule text, input quoted back.
    Str(String),
    Int(i64),
    /// A calendar date, possibly one the calendar lacks (`2026-02-31`):
    /// `2026-03-08`, `2026年3月8日`.
    Date(i16, i8, i8),
    /// A month of a year: `February 2026`, `2026年2月`.
    MonthOfYear(i16, i8),
    /// A month: `March`, `3月`.
    Month(i8),
    /// A time of day on a clock: `02:30`, `02:30:15` (24-hour everywhere).
    Time(Time),
    /// A date and time on a clock: `2026-03-08 02:30`, `2026年3月8日02:30`.
    DateTime(DateTime),
    /// A nominal time: `2026-03-08T02:30:00` in English (the form keys and
    /// results use), `2026年3月8日02:30` in Chinese.
    Nominal(DateTime),
    /// An instant: `2026-03-08T07:30:00Z`, `协调世界时2026年3月8日07:30`.
    Instant(Timestamp),
    /// A UTC offset where English names the zone's abbreviation (`EDT`):
    /// `UTC−4`, `UTC+5:30`.
    Offset(Offset),
    /// A length of time: ISO 8601 in English (`P1DT3H`, days of 24
    /// hours), words in Chinese (`1天3小时`).
    Duration(jiff::SignedDuration),
    /// `Monday`, `星期一`.
    Weekday(Weekday),
    /// `Monday`, `周一`, `週一`: after 每 and in lists of days.
    WeekdayShort(Weekday),
    /// first, second, …, last, second-to-last, 20th; 第一 … 最后一 (no
    /// measure word: the template adds 个, 天 or 周).
    Ordinal(i32),
    /// A day of the month: `13th`, `13日`.
    Day(i32),
    /// A word in each language (a noun a sentence names, not a sentence):
    /// English, Simplified, Traditional.
    Words(&'static [&'static str; 3]),
    /// A nested phrase.
    Text(Box<Text>),
    /// Items joined as the language joins a list.
    List(Vec<Arg>, Conj),
}

/// How a list joins its last item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conj {
    /// `a, b and c`; `a、b和c`.
    And,
    /// `a, b or c`; `a、b或c`.
    Or,
    /// `a, b, c`; `a、b、c`.
    Comma,
    /// `a b c`; `a、b、c`.
    Space,
    /// One after the other, each item bringing its own punctuation.
    None,
}

impl Text {
    /// A text with no slot filled yet.
    pub(crate) fn new(template: Template) -> Text {
        Text {
            template,
            args: Vec::new(),
        }
    }

    /// Fills slot `name`.
    /// Out of line, one copy for each type of value: the conversion
    /// inlined at every call site cost kilobytes of the wasm build.
    #[inline(never)]
    pub(crate) fn with(self, name: &'static str, arg: impl Into<Arg>) -> Text {
        self.fill(name, arg.into())
    }

    /// [`Text::with`], out of line: a sentence fills its slots at many
    /// call sites, and the push inlined into each of them cost kilobytes of
    /// the wasm build (DESIGN.md, "What Chinese costs").
    #[inline(never)]
    fn fill(mut self, name: &'static str, arg: Arg) -> Text {
        self.args.push((name, arg));
        self
    }

    /// The code of its template, e.g. `note.gap_skipped` (native builds).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn code(&self) -> &'static str {
        self.template.code()
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::new();
        self.render_into(lang, &mut out);
        out
    }

    /// Appends the text in `lang`.
    pub fn render_into(&self, lang: Lang, out: &mut String) {
        #[cfg(not(target_arch = "wasm32"))]
        RECORDING.with(|r| {
            if let Some(codes) = r.borrow_mut().as_mut() {
                codes.insert(self.code());
            }
        });
        self.render_template(self.template.text(lang), lang, out);
    }

    /// Appends `template` (this text's, or a branch of one of its
    /// `{n|one|other}` slots) with the slots filled.
    fn render_template(&self, template: &str, lang: Lang, out: &mut String) {
        let mut rest = template;
        while let Some(i) = rest.find(['{', '}']) {
            out.push_str(&rest[..i]);
            let brace = rest.as_bytes()[i];
            let after = &rest[i + 1..];
            if after.as_bytes().first() == Some(&brace) || brace == b'}' {
                // `{{`, `}}` (or a stray `}`): the brace itself.
                out.push(char::from(brace));
                rest = if after.as_bytes().first() == Some(&brace) {
                    &after[1..]
                } else {
                    after
                };
                continue;
            }
            let Some(end) = closing(after) else {
                out.push_str(&rest[i..]);
                return;
            };
            self.slot(&after[..end], lang, out);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
    }

    /// Prints slot `spec`: `name`, or `name|one|other`, the branch that
    /// agrees with the number in `name` (1 or any other), itself a template.
    fn slot(&self, spec: &str, lang: Lang, out: &mut String) {
        let (name, branches) = spec.split_once('|').unwrap_or((spec, ""));
        let arg = self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a);
        let Some(arg) = arg else {
            debug_assert!(false, "{}: no value for slot `{name}`", self.template.0);
            return;
        };
        if branches.is_empty() {
            return arg.render(lang, out);
        }
        let (one, other) = split_branches(branches);
        let branch = if *arg == Arg::Int(1) { one } else { other };
        self.render_template(branch, lang, out);
    }
}

/// Where the slot opened just before `text` closes: the `}` at depth 0
/// (branches may hold slots of their own).
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i),
            b'}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// `one|other` split at the `|` outside nested slots.
fn split_branches(text: &str) -> (&str, &str) {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'|' if depth == 0 => return (&text[..i], &text[i + 1..]),
            _ => {}
        }
    }
    (text, text)
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::current()))
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render(Lang::current()))
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_owned())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Int(n)
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Int(i64::from(n))
    }
}
impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg::Int(i64::from(n))
    }
}
impl From<Time> for Arg {
    fn from(t: Time) -> Arg {
        Arg::Time(t)
    }
}
impl From<jiff::civil::Date> for Arg {
    fn from(d: jiff::civil::Date) -> Arg {
        Arg::Date(d.year(), d.month(), d.day())
    }
}
impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(Box::new(t))
    }
}

impl Arg {
    /// A list of `items`, joined by `conj`.
    pub(crate) fn list<T: Into<Arg>>(items: impl IntoIterator<Item = T>, conj: Conj) -> Arg {
        Arg::List(items.into_iter().map(Into::into).collect(), conj)
    }

    fn render(&self, lang: Lang, out: &mut String) {
        use std::fmt::Write as _;
        let zh = lang != Lang::En;
        match self {
            Arg::Str(s) => out.push_str(s),
            Arg::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Arg::Date(y, m, d) => push_date(out, zh, *y, *m, *d),
            Arg::MonthOfYear(y, m) => {
                if zh {
                    let _ = write!(out, "{y}年{m}月");
                } else {
                    let _ = write!(out, "{} {y}", crate::format::month_name(*m));
                }
            }
            Arg::Month(m) => {
                if zh {
                    let _ = write!(out, "{m}月");
                } else {
                    out.push_str(crate::format::month_name(*m));
                }
            }
            Arg::Time(t) => push_time(out, *t),
            Arg::DateTime(dt) => {
                push_date(out, zh, dt.year(), dt.month(), dt.day());
                if !zh {
                    out.push(' ');
                }
                push_time(out, dt.time());
            }
            Arg::Nominal(dt) if !zh => crate::format::push_nominal(out, *dt),
            Arg::Nominal(dt) => Arg::DateTime(*dt).render(lang, out),
            Arg::Instant(ts) if !zh => {
                crate::format::push_nominal(out, Offset::UTC.to_datetime(*ts));
                out.push('Z');
            }
            Arg::Instant(ts) => {
                out.push_str(if lang == Lang::ZhCn {
                    "协调世界时"
                } else {
                    "世界標準時間"
                });
                Arg::DateTime(Offset::UTC.to_datetime(*ts)).render(lang, out);
            }
            Arg::Offset(o) => push_utc_offset(out, *o),
            Arg::Duration(d) if !zh => out.push_str(&crate::format::fmt_duration(*d)),
            Arg::Duration(d) => push_duration_words(out, lang, *d),
            Arg::Weekday(w) => out.push_str(WEEKDAYS[lang.index()][weekday_index(*w)]),
            Arg::WeekdayShort(w) => out.push_str(SHORT_WEEKDAYS[lang.index()][weekday_index(*w)]),
            Arg::Ordinal(n) => push_ordinal(out, lang, *n),
            Arg::Day(n) => {
                if zh {
                    let _ = write!(out, "{n}日");
                } else {
                    push_day_ordinal(out, *n);
                }
            }
            Arg::Words(words) => out.push_str(words[lang.index()]),
            Arg::Text(t) => t.render_into(lang, out),
            Arg::List(items, conj) => push_list(out, lang, items, *conj),
        }
    }
}

/// `2026-03-08` (the year to four digits), `2026年3月8日`.
fn push_date(out: &mut String, zh: bool, y: i16, m: i8, d: i8) {
    use std::fmt::Write as _;
    let _ = if zh {
        write!(out, "{y}年{m}月{d}日")
    } else if y >= 0 {
        write!(out, "{y:04}-{m:02}-{d:02}")
    } else {
        write!(out, "-{:06}-{m:02}-{d:02}", -i32::from(y))
    };
}

/// `02:30`, or `02:30:15` with seconds.
fn push_time(out: &mut String, t: Time) {
    use std::fmt::Write as _;
    let _ = if t.second() == 0 {
        write!(out, "{:02}:{:02}", t.hour(), t.minute())
    } else {
        write!(out, "{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second())
    };
}

/// `UTC−4`, `UTC+5:30`, `UTC+0` (with U+2212 MINUS SIGN, as CLDR and the
/// zh glossaries write it).
fn push_utc_offset(out: &mut String, o: Offset) {
    use std::fmt::Write as _;
    let secs = o.seconds();
    out.push_str("UTC");
    out.push(if secs < 0 { '−' } else { '+' });
    let secs = secs.unsigned_abs();
    let _ = write!(out, "{}", secs / 3600);
    if !secs.is_multiple_of(3600) {
        let _ = write!(out, ":{:02}", secs / 60 % 60);
    }
    if !secs.is_multiple_of(60) {
        let _ = write!(out, ":{:02}", secs % 60);
    }
}

/// `1天3小时30分钟`, `0秒`: the units a length of time has, largest first.
fn push_duration_words(out: &mut String, lang: Lang, d: jiff::SignedDuration) {
    use std::fmt::Write as _;
    let units: [(u64, &str, &str); 4] = [
        (86_400, "天", "天"),
        (3_600, "小时", "小時"),
        (60, "分钟", "分鐘"),
        (1, "秒", "秒"),
    ];
    if d.is_negative() {
        out.push('−');
    }
    let mut secs = d.as_secs().unsigned_abs();
    if secs == 0 {
        out.push_str("0秒");
    }
    for (size, cn, tw) in units {
        if secs >= size {
            let _ = write!(
                out,
                "{}{}",
                secs / size,
                if lang == Lang::ZhCn { cn } else { tw }
            );
            secs %= size;
        }
    }
}

const WEEKDAYS: [[&str; 7]; 3] = [
    [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ],
    [
        "星期一",
        "星期二",
        "星期三",
        "星期四",
        "星期五",
        "星期六",
        "星期日",
    ],
    [
        "星期一",
        "星期二",
        "星期三",
        "星期四",
        "星期五",
        "星期六",
        "星期日",
    ],
];

const SHORT_WEEKDAYS: [[&str; 7]; 3] = [
    WEEKDAYS[0],
    ["周一", "周二", "周三", "周四", "周五", "周六", "周日"],
    ["週一", "週二", "週三", "週四", "週五", "週六", "週日"],
];

fn weekday_index(w: Weekday) -> usize {
    w.to_monday_zero_offset() as usize
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `31st`.
fn push_day_ordinal(out: &mut String, n: i32) {
    use std::fmt::Write as _;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    let _ = write!(out, "{n}{suffix}");
}

/// English: first … fifth, last, second-to-last, 20th, 3rd-to-last.
/// Chinese: 第一 … 第十, 第11, 最后一, 倒数第二 (the template adds the
/// measure word: 最后一天, 第一个).
fn push_ordinal(out: &mut String, lang: Lang, n: i32) {
    use std::fmt::Write as _;
    const WORDS: [&str; 5] = ["first", "second", "third", "fourth", "fifth"];
    const NUMERALS: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    match lang {
        Lang::En => match n {
            1..=5 => out.push_str(WORDS[(n - 1) as usize]),
            -1 => out.push_str("last"),
            -5..=-2 => {
                out.push_str(WORDS[(-n - 1) as usize]);
                out.push_str("-to-last");
            }
            n if n > 0 => push_day_ordinal(out, n),
            n => {
                push_day_ordinal(out, -n);
                out.push_str("-to-last");
            }
        },
        _ => {
            if n == -1 {
                out.push_str(if lang == Lang::ZhCn {
                    "最后一"
                } else {
                    "最後一"
                });
                return;
            }
            if n < 0 {
                out.push_str(if lang == Lang::ZhCn {
                    "倒数"
                } else {
                    "倒數"
                });
            }
            out.push('第');
            let k = n.unsigned_abs();
            match k {
                1..=10 => out.push_str(NUMERALS[(k - 1) as usize]),
                _ => {
                    let _ = write!(out, "{k}");
                }
            }
        }
    }
}

fn push_list(out: &mut String, lang: Lang, items: &[Arg], conj: Conj) {
    let last = items.len().saturating_sub(1);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(match (lang, conj, i == last) {
                (_, Conj::None, _) => "",
                (Lang::En, Conj::And, true) => " and ",
                (Lang::En, Conj::Or, true) => " or ",
                (Lang::En, Conj::Space, _) => " ",
                (Lang::En, _, _) => ", ",
                (_, Conj::And, true) => "和",
                (_, Conj::Or, true) => "或",
                _ => "、",
            });
        }
        item.render(lang, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_as_the_issue_lists_them() {
        for (tag, want) in [
            ("en", Some(Lang::En)),
            ("en-GB", Some(Lang::En)),
            ("C", Some(Lang::En)),
            ("C.UTF-8", Some(Lang::En)),
            ("zh", Some(Lang::ZhCn)),
            ("zh-CN", Some(Lang::ZhCn)),
            ("zh-Hans", Some(Lang::ZhCn)),
            ("zh-SG", Some(Lang::ZhCn)),
            ("zh_CN", Some(Lang::ZhCn)),
            ("zh_CN.UTF-8", Some(Lang::ZhCn)),
            ("zh-Hans-HK", Some(Lang::ZhCn)),
            ("zh-TW", Some(Lang::ZhTw)),
            ("zh-Hant", Some(Lang::ZhTw)),
            ("zh-HK", Some(Lang::ZhTw)),
            ("zh-MO", Some(Lang::ZhTw)),
            ("zh_TW", Some(Lang::ZhTw)),
            ("zh_TW.UTF-8", Some(Lang::ZhTw)),
            ("zh-Hant-SG", Some(Lang::ZhTw)),
            ("ZH-tw", Some(Lang::ZhTw)),
            ("fr", None),
            ("", None),
            ("english", None),
        ] {
            assert_eq!(Lang::from_tag(tag), want, "{tag:?}");
        }
        let (lang, warning) = Lang::read("fr-FR");
        assert_eq!(lang, Lang::En);
        assert_eq!(
            warning.unwrap().render(Lang::En),
            "unknown language `fr-FR`: expected `en`, `zh-CN` or `zh-TW`; writing English"
        );
    }

    #[test]
    fn slots_print_in_each_language() {
        const T: Template =
            Template::new("{a} {n} {n|day|days}{{x}}\u{1f}{a}、{n|每天|每{n}天}\u{1f}{a}");
        let text = |n: usize| Text::new(T).with("a", Arg::Date(2026, 3, 8)).with("n", n);
        assert_eq!(text(1).render(Lang::En), "2026-03-08 1 day{x}");
        assert_eq!(text(2).render(Lang::En), "2026-03-08 2 days{x}");
        assert_eq!(text(1).render(Lang::ZhCn), "2026年3月8日、每天");
        assert_eq!(text(3).render(Lang::ZhCn), "2026年3月8日、每3天");
        let o = |s| Arg::Offset(Offset::from_seconds(s).unwrap());
        let mut out = String::new();
        for s in [-4 * 3600, 5 * 3600 + 1800, 0, 13 * 3600 + 45 * 60] {
            o(s).render(Lang::ZhCn, &mut out);
            out.push(' ');
        }
        assert_eq!(out, "UTC−4 UTC+5:30 UTC+0 UTC+13:45 ");
        let list = Arg::list(["a", "b", "c"], Conj::And);
        let (mut en, mut zh) = (String::new(), String::new());
        list.render(Lang::En, &mut en);
        list.render(Lang::ZhTw, &mut zh);
        assert_eq!((en.as_str(), zh.as_str()), ("a, b and c", "a、b和c"));
        let ord = |lang, n| {
            let mut s = String::new();
            push_ordinal(&mut s, lang, n);
            s
        };
        let day = |n| {
            let mut s = String::new();
            push_day_ordinal(&mut s, n);
            s
        };
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 31].map(day),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "31st"
            ]
        );
        assert_eq!(ord(Lang::En, 20), "20th");
        assert_eq!(ord(Lang::En, -3), "third-to-last");
        assert_eq!(ord(Lang::En, -20), "20th-to-last");
        assert_eq!(ord(Lang::En, -2), "second-to-last");
        assert_eq!(ord(Lang::ZhCn, -2), "倒数第二");
        assert_eq!(ord(Lang::ZhTw, -1), "最後一");
        assert_eq!(ord(Lang::ZhCn, 13), "第13");
    }

    #[test]
    fn a_merge_into_the_second_run_of_a_repeated_time_says_so() {
        // No zone reaches it (tests/sentences.rs, `UNREACHED`): rendered here.
        let at = |s: &str| s.parse::<DateTime>().unwrap();
        let text = Text::new(notes::MERGED_INSTANT)
            .with("nominal", Arg::Nominal(at("2026-11-01T02:10")))
            .with(
                "instant",
                Arg::Instant("2026-11-01T06:30:00Z".parse().unwrap()),
            )
            .with("into", Arg::Nominal(at("2026-11-01T01:30")))
            .with("second", Text::new(notes::MERGED_SECOND));
        assert_eq!(
            text.render(Lang::En),
            "2026-11-01T02:10:00 resolves to 2026-11-01T06:30:00Z, the same instant as \
             2026-11-01T01:30:00 (second); runs once, as that occurrence"
        );
        assert_eq!(
            text.render(Lang::ZhTw),
            "2026年11月1日02:10對應世界標準時間2026年11月1日06:30，與2026年11月1日01:30\
             （第二次出現）是同一時刻；兩者合併為一次執行"
        );
    }

    #[test]
    fn the_spoken_language_is_scoped() {
        assert_eq!(Lang::current(), Lang::En);
        {
            let _zh = Lang::ZhTw.speak();
            assert_eq!(Lang::current(), Lang::ZhTw);
            {
                let _en = Lang::En.speak();
                assert_eq!(Lang::current(), Lang::En);
            }
            assert_eq!(Lang::current(), Lang::ZhTw);
        }
        assert_eq!(Lang::current(), Lang::En);
    }
}
