//! `--format table` in Chinese: columns line up on a terminal, where a Han
//! character takes two columns, and the words around the columns follow
//! `--lang` (tests/cli_lang.rs checks each word against the fixture).
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

use std::process::Command;

use unicode_width::UnicodeWidthStr;

const CRONTAB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cron/crontab");

fn lint_table(lang: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .args([
            "lint",
            "--format",
            "table",
            "--from",
            "2026-01-01",
            "--to",
            "2027-01-01",
        ])
        .args(["--lang", lang, CRONTAB])
        .env_remove("WALLCLOCK_LANG")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The terminal column where each line's last cell starts: the header's
/// last word, and in each row the text after the last run of two spaces.
fn last_column_starts(table: &str) -> Vec<usize> {
    table
        .lines()
        .map(|line| {
            let at = line.rfind("  ").expect(line) + 2;
            line[..at].width()
        })
        .collect()
}

#[test]
fn chinese_findings_keep_the_columns_aligned() {
    for lang in ["zh-CN", "zh-TW"] {
        let table = lint_table(lang);
        assert!(table.lines().count() > 2, "{table}");
        assert!(
            table
                .lines()
                .skip(1)
                .all(|l| l.chars().any(|c| c > '\u{2e80}')),
            "every finding in Chinese:\n{table}"
        );
        let starts = last_column_starts(&table);
        assert!(
            starts.windows(2).all(|w| w[0] == w[1]),
            "{lang}: the last column starts at {starts:?}:\n{table}"
        );
    }
}
