//! Sentences kept for later: a [`Text`] as JSON, so a store (the ledger)
//! keeps a sentence's template code and the facts in its slots rather than
//! its words, and whoever reads it back reads it in their own language.
//!
//! A text is `{"t": code, "a": {slot: value, …}}`. A slot holding a
//! string or a number is that JSON value; every other kind of fact is an
//! object with one key naming the kind: `{"instant": "2026-03-08T07:30:00Z"}`,
//! `{"duration": [seconds, nanoseconds]}`, `{"list": […], "conj": "and"}`;
//! a nested sentence is a text itself (`{"t": …}`).

use std::fmt;

use jiff::civil::{DateTime, Time, Weekday};
use jiff::tz::Offset;
use jiff::{SignedDuration, Timestamp};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value, json};

use super::{Arg, Conj, Lang, Text, all_templates};

impl Text {
    /// The text as stored: its template's code and its slots' facts.
    pub fn to_stored(&self) -> Value {
        let args: Map<String, Value> = self
            .args
            .iter()
            .map(|(name, arg)| ((*name).to_owned(), arg.to_stored()))
            .collect();
        if args.is_empty() {
            json!({ "t": self.code() })
        } else {
            json!({ "t": self.code(), "a": args })
        }
    }

    /// The text [`Text::to_stored`] wrote; `None` when its code names no
    /// template of this build or a slot does not read.
    pub fn from_stored(value: &Value) -> Option<Text> {
        let code = value.get("t")?.as_str()?;
        let (_, template) = all_templates().find(|(c, _)| *c == code)?;
        let mut text = Text::new(template);
        if let Some(args) = value.get("a") {
            for (name, arg) in args.as_object()? {
                // Slot names are the template's own, so `'static`.
                let name = slot_name(template.text(Lang::En), name)?;
                text.args.push((name, Arg::from_stored(arg)?));
            }
        }
        Some(text)
    }

    /// The stored text cut where slot `name`'s value goes: for a store that
    /// fills the slot with JSON it already holds, as `before || column ||
    /// after` in SQL (a count, or the reason a row had).
    pub fn stored_around(self, name: &'static str) -> (String, String) {
        const MARK: &str = "\u{1}slot\u{1}";
        let json = self.with(name, MARK).to_stored().to_string();
        let mark = Value::from(MARK).to_string();
        match json.split_once(&mark) {
            Some((before, after)) => (before.to_owned(), after.to_owned()),
            None => (json, String::new()),
        }
    }
}

/// `name` as it is spelled in `template` (`{name}` or `{name|…}`), which
/// lives as long as the program.
fn slot_name(template: &'static str, name: &str) -> Option<&'static str> {
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        rest = &rest[i + 1..];
        if rest.starts_with(name) && matches!(rest.as_bytes().get(name.len()), Some(b'}' | b'|')) {
            return Some(&rest[..name.len()]);
        }
    }
    None
}

const CONJS: [(Conj, &str); 5] = [
    (Conj::And, "and"),
    (Conj::Or, "or"),
    (Conj::Comma, "comma"),
    (Conj::Space, "space"),
    (Conj::None, "none"),
];

impl Arg {
    fn to_stored(&self) -> Value {
        match self {
            Arg::Str(s) => json!(s),
            Arg::Int(n) => json!(n),
            Arg::Date(y, m, d) => json!({ "date": [y, m, d] }),
            Arg::MonthOfYear(y, m) => json!({ "monthOfYear": [y, m] }),
            Arg::Month(m) => json!({ "month": m }),
            Arg::Time(t) => json!({ "time": t.to_string() }),
            Arg::DateTime(dt) => json!({ "dateTime": dt.to_string() }),
            Arg::Nominal(dt) => json!({ "nominal": dt.to_string() }),
            Arg::Instant(ts) => json!({ "instant": ts.to_string() }),
            Arg::Offset(o) => json!({ "offset": o.seconds() }),
            Arg::Duration(d) => json!({ "duration": [d.as_secs(), d.subsec_nanos()] }),
            Arg::Weekday(w) => json!({ "weekday": w.to_monday_one_offset() }),
            Arg::WeekdayShort(w) => json!({ "weekdayShort": w.to_monday_one_offset() }),
            Arg::Ordinal(n) => json!({ "ordinal": n }),
            Arg::Day(n) => json!({ "day": n }),
            Arg::Words(words) => json!({ "words": words }),
            Arg::Text(t) => t.to_stored(),
            Arg::List(items, conj) => json!({
                "list": items.iter().map(Arg::to_stored).collect::<Vec<_>>(),
                "conj": CONJS.iter().find(|(c, _)| c == conj).map_or("none", |(_, n)| n),
            }),
        }
    }

    fn from_stored(value: &Value) -> Option<Arg> {
        match value {
            Value::String(s) => return Some(Arg::Str(s.clone())),
            Value::Number(n) => return n.as_i64().map(Arg::Int),
            _ => {}
        }
        if value.get("t").is_some() {
            return Text::from_stored(value).map(|t| Arg::Text(Box::new(t)));
        }
        if let Some(items) = value.get("list") {
            let items = items.as_array()?.iter().map(Arg::from_stored);
            let conj = value.get("conj")?.as_str()?;
            let (conj, _) = CONJS.iter().find(|(_, n)| *n == conj)?;
            return Some(Arg::List(items.collect::<Option<_>>()?, *conj));
        }
        let (kind, v) = value.as_object()?.iter().next()?;
        let int = |v: &Value| v.as_i64();
        let text = |v: &Value| v.as_str().map(str::to_owned);
        Some(match kind.as_str() {
            "date" => {
                let [y, m, d] = ints(v)?;
                Arg::Date(y.try_into().ok()?, m.try_into().ok()?, d.try_into().ok()?)
            }
            "monthOfYear" => {
                let [y, m] = ints(v)?;
                Arg::MonthOfYear(y.try_into().ok()?, m.try_into().ok()?)
            }
            "month" => Arg::Month(int(v)?.try_into().ok()?),
            "time" => Arg::Time(text(v)?.parse::<Time>().ok()?),
            "dateTime" => Arg::DateTime(text(v)?.parse::<DateTime>().ok()?),
            "nominal" => Arg::Nominal(text(v)?.parse::<DateTime>().ok()?),
            "instant" => Arg::Instant(text(v)?.parse::<Timestamp>().ok()?),
            "offset" => Arg::Offset(Offset::from_seconds(int(v)?.try_into().ok()?).ok()?),
            "duration" => {
                let [secs, nanos] = ints(v)?;
                Arg::Duration(SignedDuration::new(secs, nanos.try_into().ok()?))
            }
            "weekday" => Arg::Weekday(weekday(int(v)?)?),
            "weekdayShort" => Arg::WeekdayShort(weekday(int(v)?)?),
            "ordinal" => Arg::Ordinal(int(v)?.try_into().ok()?),
            "day" => Arg::Day(int(v)?.try_into().ok()?),
            // A word of a static table does not come back from a store:
            // nothing the ledger keeps holds one.
            _ => return None,
        })
    }
}

fn ints<const N: usize>(v: &Value) -> Option<[i64; N]> {
    let items: Vec<i64> = v
        .as_array()?
        .iter()
        .map(Value::as_i64)
        .collect::<Option<_>>()?;
    items.try_into().ok()
}

fn weekday(n: i64) -> Option<Weekday> {
    Weekday::from_monday_one_offset(n.try_into().ok()?).ok()
}

/// A sentence read back from a store: a [`Text`] kept as data, or words
/// a store kept before it kept sentences as data (shown as they are).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A sentence, in any language.
    Text(Text),
    /// Words as they were written.
    Verbatim(String),
}

impl Stored {
    /// What a store's column holds: JSON, a text ([`Text::to_stored`]) or
    /// a string (verbatim words); anything else is shown as it is.
    pub fn read(column: &str) -> Stored {
        match serde_json::from_str::<Value>(column) {
            Ok(Value::String(s)) => Stored::Verbatim(s),
            Ok(v) => Text::from_stored(&v)
                .map_or_else(|| Stored::Verbatim(column.to_owned()), Stored::Text),
            Err(_) => Stored::Verbatim(column.to_owned()),
        }
    }

    /// Words that may be a sentence kept as data (a failed attempt's
    /// message): a JSON object that reads as a text is that text; anything
    /// else is the words as they are, a JSON string with its quotes.
    pub fn words(words: &str) -> Stored {
        serde_json::from_str::<Value>(words)
            .ok()
            .filter(Value::is_object)
            .and_then(|v| Text::from_stored(&v))
            .map_or_else(|| Stored::Verbatim(words.to_owned()), Stored::Text)
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Stored::Text(t) => t.render(lang),
            Stored::Verbatim(s) => s.clone(),
        }
    }

    /// Its template's code; `None` for verbatim words.
    pub fn code(&self) -> Option<&'static str> {
        match self {
            Stored::Text(t) => Some(t.code()),
            Stored::Verbatim(_) => None,
        }
    }
}

impl fmt::Display for Stored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::current()))
    }
}

impl Serialize for Stored {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render(Lang::current()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Arg, Conj, notes, reasons};

    /// Every kind of fact a slot holds comes back from the store as it went
    /// in, and the text renders alike in every language.
    #[test]
    fn a_text_comes_back_from_its_json() {
        let dt: DateTime = "2026-03-08T02:30:00".parse().unwrap();
        let ts: Timestamp = "2026-03-08T07:30:00Z".parse().unwrap();
        let kinds = vec![
            Arg::Str("`x`".into()),
            Arg::Int(-3),
            Arg::Date(2026, 2, 31),
            Arg::MonthOfYear(2026, 2),
            Arg::Month(3),
            Arg::Time(Time::constant(2, 30, 15, 0)),
            Arg::DateTime(dt),
            Arg::Nominal(dt),
            Arg::Instant(ts),
            Arg::Offset(Offset::from_seconds(-4 * 3600 - 1800).unwrap()),
            Arg::Duration(SignedDuration::new(-93_784, 5)),
            Arg::Weekday(Weekday::Sunday),
            Arg::WeekdayShort(Weekday::Monday),
            Arg::Ordinal(-2),
            Arg::Day(31),
            Arg::Text(Box::new(
                Text::new(reasons::MISFIRE_WITHIN_GRACE)
                    .with("late", Arg::Duration(SignedDuration::from_secs(61)))
                    .with("grace", Arg::Duration(SignedDuration::from_secs(300))),
            )),
        ];
        let list = Arg::List(kinds.clone(), Conj::And);
        for arg in kinds.into_iter().chain([list]) {
            let text = Text::new(reasons::DIFF_REASON)
                .with("field", "gap")
                .with("detail", arg);
            let json = text.to_stored().to_string();
            let back = Stored::read(&json);
            let Stored::Text(back_text) = &back else {
                panic!("{json} did not read back as a text: {back:?}")
            };
            assert_eq!(back_text.to_stored().to_string(), json);
            for lang in Lang::ALL {
                assert_eq!(back.render(lang), text.render(lang), "{json}");
            }
        }
    }

    /// A store fills a slot with JSON it holds: what comes around it makes
    /// the same text as the slot filled in Rust.
    #[test]
    fn a_slot_filled_by_the_store() {
        let (before, after) =
            Text::new(crate::lang::ledger::REASON_LEASE_RAN_OUT).stored_around("attempt");
        let column = format!("{before}3{after}");
        let want = Text::new(crate::lang::ledger::REASON_LEASE_RAN_OUT).with("attempt", 3);
        assert_eq!(
            Stored::read(&column).render(Lang::ZhCn),
            want.render(Lang::ZhCn)
        );
        assert_eq!(
            Stored::read(&column).code(),
            Some("ledger.reason.lease_ran_out")
        );
    }

    #[test]
    fn words_before_sentences_were_data_read_as_they_are() {
        for column in [
            "disabled",
            "\"disabled\"",
            "{\"t\":\"no.such.code\"}",
            "[1]",
            "",
        ] {
            let want = if column == "\"disabled\"" {
                "disabled"
            } else {
                column
            };
            assert_eq!(Stored::read(column), Stored::Verbatim(want.into()));
            assert_eq!(Stored::read(column).code(), None);
        }
        // A failed attempt's message: only an object may be a sentence.
        assert_eq!(Stored::words("\"x\""), Stored::Verbatim("\"x\"".into()));
        let json = Text::new(notes::UNKNOWN_LANGUAGE)
            .with("tag", "xx")
            .to_stored();
        assert!(matches!(Stored::words(&json.to_string()), Stored::Text(_)));
        let words = Text::new(notes::UNKNOWN_LANGUAGE).with("tag", Arg::Words(&["a", "b", "c"]));
        let json = words.to_stored().to_string();
        assert_eq!(Stored::read(&json), Stored::Verbatim(json.clone()));
    }
}
