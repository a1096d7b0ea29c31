//! `tests/fixtures/sentences.json` as it is written, for the tests that
//! bless it (`WALLCLOCK_BLESS=1`).
#![allow(dead_code)]

use serde_json::{Value, json};

/// The fixture as it is written: one example after another, each with its
/// code, call and texts first, one field a line, so that the three
/// languages of a sentence read one under the other.
pub fn fixture_text(fixture: &[Value]) -> String {
    const FIRST: [&str; 7] = ["code", "call", "args", "pick", "en", "zh-CN", "zh-TW"];
    let mut out = String::from("[\n");
    for (i, example) in fixture.iter().enumerate() {
        let object = example.as_object().expect("an example is an object");
        let keys = FIRST
            .iter()
            .map(|k| k.to_string())
            .filter(|k| object.contains_key(k))
            .chain(
                object
                    .keys()
                    .filter(|k| !FIRST.contains(&k.as_str()))
                    .cloned(),
            );
        let fields: Vec<String> = keys
            .map(|k| format!("    {}: {}", json!(k), object[&k]))
            .collect();
        out.push_str("  {\n");
        out.push_str(&fields.join(",\n"));
        out.push_str(if i + 1 < fixture.len() {
            "\n  },\n"
        } else {
            "\n  }\n"
        });
    }
    out.push_str("]\n");
    out
}
