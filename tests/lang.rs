//! Every sentence has a template in every language, and each language's
//! templates keep to their script and punctuation: the checks that make a
//! missing or half-translated sentence fail instead of falling back.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/script.rs"]
mod script;

use std::collections::BTreeSet;

use script::{check_chinese, slots};
use wallclock::lang::all_templates;
use wallclock::{Lang, NoteCode, Warning};

/// The template's text with slots and backticked spans taken out: what
/// the template itself says.
fn literal(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(['{', '`']) {
        out.push_str(&rest[..i]);
        let close = if rest.as_bytes()[i] == b'{' { '}' } else { '`' };
        if rest[i..].starts_with("{{") {
            rest = &rest[i + 2..];
            continue;
        }
        match rest[i + 1..].find(close) {
            Some(end) => rest = &rest[i + 1 + end + 1..],
            None => {
                rest = &rest[i..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn every_template_is_written_in_every_language() {
    let mut codes = BTreeSet::new();
    let mut texts = BTreeSet::new();
    let mut bad = Vec::new();
    for (code, t) in all_templates() {
        assert!(codes.insert(code), "two templates have the code {code}");
        // A text knows its code by its words: two templates must differ.
        assert!(
            texts.insert(Lang::ALL.map(|l| t.text(l))),
            "{code} has the words of another template"
        );
        if code == "untranslated" {
            continue;
        }
        let [en, cn, tw] = Lang::ALL.map(|l| t.text(l));
        if en.trim().is_empty() {
            bad.push(format!("{}: no English", code));
        }
        for (lang, text) in [(Lang::ZhCn, cn), (Lang::ZhTw, tw)] {
            if text.trim().is_empty() {
                bad.push(format!("{}: no {lang}", code));
                continue;
            }
            if text == en && !literal(en).trim().is_empty() {
                bad.push(format!("{}: {lang} is the English text", code));
            }
            if let Err(why) = check_chinese(lang, &literal(text)) {
                bad.push(format!("{} ({lang}): {why}: {text}", code));
            }
        }
        if slots(cn) != slots(tw) {
            bad.push(format!(
                "{}: zh-CN and zh-TW fill different slots: {:?} / {:?}",
                code,
                slots(cn),
                slots(tw)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_note_code_and_policy_variant_has_a_template() {
    let codes: BTreeSet<&str> = all_templates().map(|(code, _)| code).collect();
    for code in NoteCode::ALL.iter().copied() {
        let name = format!("note.{}", code.as_str());
        assert!(
            codes
                .iter()
                .any(|c| *c == name || c.starts_with(&format!("{name}."))),
            "no template for {name}"
        );
    }
    // Each warning code has a template under `warning.` (or `cron.` for the
    // cron import's).
    let missing: Vec<&str> = Warning::CODES
        .iter()
        .copied()
        .filter(|w| {
            !codes.contains(format!("warning.{w}").as_str())
                && !codes.contains(format!("cron.{w}").as_str())
        })
        .collect();
    assert_eq!(missing, [""; 0], "warning codes without a template");
}

/// Lint findings whose sentence is another template's: a line the product
/// refuses says the error (`lint.line`, the line and its error), a date no
/// month has says the cron import's warning.
#[cfg(feature = "native")]
const LINT_SENTENCE_OF: &[(&str, &str)] = &[
    ("dow_7", "lint.line"),
    ("invalid_line", "lint.line"),
    ("never_runs", "cron.never_runs"),
];

#[cfg(feature = "native")]
#[test]
fn every_lint_code_has_a_template() {
    let codes: BTreeSet<&str> = all_templates().map(|(code, _)| code).collect();
    let missing: Vec<&str> = wallclock::LINT_CODES
        .iter()
        .copied()
        .filter(|lint| {
            let own = format!("lint.{lint}");
            let sentence = LINT_SENTENCE_OF
                .iter()
                .find(|(c, _)| c == lint)
                .map_or(own.as_str(), |(_, t)| t);
            !codes.contains(sentence)
        })
        .collect();
    assert_eq!(missing, [""; 0], "lint codes without a template");
}
