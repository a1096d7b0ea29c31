//! `docs/spec.md`, the reference of the spec, the results and every code,
//! against what the code does: the spec's fields as serde reads them, the
//! result objects as they serialize, the code lists in Rust
//! (`ErrorCode::ALL`, `NoteCode::ALL`, `Warning::CODES`,
//! `LedgerError::CODES`), the warning codes written in `src/`, and the
//! package's typings (`npm/index.d.ts`). A field or a code added on one side
//! only fails here, naming what is missing where.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;
use wallclock::{
    ErrorCode, ExpandOptions, FoldPolicy, GapPolicy, InvalidDatePolicy, MisfirePolicy, NoteCode,
    OverlapPolicy, Schedule, Spec, Warning,
};

const DOC: &str = include_str!("../docs/spec.md");
const TYPINGS: &str = include_str!("../npm/index.d.ts");

/// The rows of the `n`th table (from 0) after the heading line `heading`,
/// before the next heading of the same level or higher; cells trimmed,
/// header and separator rows left out.
fn table(heading: &str, n: usize) -> Vec<Vec<String>> {
    let level = heading.chars().take_while(|c| *c == '#').count();
    let mut lines = DOC.lines().skip_while(|l| *l != heading);
    assert!(
        lines.next().is_some(),
        "docs/spec.md has no heading `{heading}`"
    );
    let section: Vec<&str> = lines
        .take_while(|l| {
            let hashes = l.chars().take_while(|c| *c == '#').count();
            hashes == 0 || hashes > level
        })
        .collect();
    let mut tables: Vec<Vec<Vec<String>>> = Vec::new();
    let mut in_table = false;
    for line in section {
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        if !in_table {
            tables.push(Vec::new());
            in_table = true;
        }
        let cells: Vec<String> = split_row(line);
        if cells.iter().all(|c| c.chars().all(|ch| ch == '-')) {
            continue;
        }
        tables.last_mut().unwrap().push(cells);
    }
    let mut rows = tables
        .into_iter()
        .nth(n)
        .unwrap_or_else(|| panic!("docs/spec.md: `{heading}` has no table {n}"));
    rows.remove(0);
    rows
}

/// A table row's cells; `\|` inside a cell is a `|`.
fn split_row(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            _ => cells.last_mut().unwrap().push(c),
        }
    }
    cells.iter().map(|c| c.trim().to_owned()).collect()
}

/// The words in backticks of a cell: `` `skip` \| `shift` `` is skip, shift.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The first column's names (each in backticks) of a table.
fn names(heading: &str, n: usize) -> Vec<String> {
    table(heading, n)
        .iter()
        .map(|row| {
            let t = ticked(&row[0]);
            assert_eq!(
                t.len(),
                1,
                "docs/spec.md `{heading}`: `{}` is not one `name`",
                row[0]
            );
            t[0].clone()
        })
        .collect()
}

/// The keys of `export interface NAME { … }` in the typings.
fn interface(name: &str) -> Vec<String> {
    let open = format!("export interface {name} ");
    let start = TYPINGS
        .find(&open)
        .unwrap_or_else(|| panic!("npm/index.d.ts has no interface {name}"));
    let body = &TYPINGS[start..];
    let body = &body[..body.find("\n}").unwrap()];
    body.lines()
        .skip(1)
        .filter_map(|l| {
            let l = l.strip_prefix("  ")?;
            let key: String = l.chars().take_while(|c| c.is_alphanumeric()).collect();
            let rest = &l[key.len()..];
            (!key.is_empty() && (rest.starts_with(':') || rest.starts_with("?:"))).then_some(key)
        })
        .collect()
}

/// The string literals of `export type NAME = 'a' | 'b' …;` in the typings.
fn union(name: &str) -> Vec<String> {
    let open = format!("export type {name} =");
    let start = TYPINGS
        .find(&open)
        .unwrap_or_else(|| panic!("npm/index.d.ts has no type {name}"));
    let body = &TYPINGS[start + open.len()..];
    let body = &body[..body.find(';').unwrap()];
    // Comments (`/** … */`) may sit between the members.
    let mut out = Vec::new();
    for line in body.lines() {
        let code = line.split("/**").next().unwrap_or("");
        out.extend(code.split('\'').skip(1).step_by(2).map(str::to_owned));
    }
    out
}

fn sorted(v: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    v.into_iter().collect()
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

/// The spec's fields as serde reads them: the list its unknown-field
/// error gives.
fn serde_spec_fields() -> Vec<String> {
    let err = Spec::from_json(r#"{"timeZone":"UTC","start":"2026-01-01T00:00","?":1}"#)
        .expect_err("an unknown field is refused");
    let message = err.message();
    let list = &message[message.find("expected one of").expect(&message)..];
    ticked(list)
}

#[test]
fn the_spec_fields_are_those_serde_reads_and_the_typings_declare() {
    let doc = names("## 1. The spec", 0);
    assert_eq!(doc, serde_spec_fields(), "docs/spec.md §1 against `Spec`");
    assert_eq!(
        sorted(doc.clone()),
        sorted(interface("Spec")),
        "docs/spec.md §1 against npm/index.d.ts `Spec`"
    );
    // Required fields are those serde requires.
    for row in table("## 1. The spec", 0) {
        let field = &ticked(&row[0])[0];
        let required = row[2] == "required";
        let without = match field.as_str() {
            "timeZone" => r#"{"start":"2026-01-01T00:00"}"#,
            "start" => r#"{"timeZone":"UTC"}"#,
            _ => r#"{"timeZone":"UTC","start":"2026-01-01T00:00"}"#,
        };
        assert_eq!(
            Spec::from_json(without).is_err(),
            required,
            "`{field}` required: {required}"
        );
    }
}

#[test]
fn the_policy_values_and_defaults_are_the_code_s() {
    let rows = table("## 1. The spec", 0);
    let row = |field: &str| {
        rows.iter()
            .find(|r| ticked(&r[0]) == [field])
            .unwrap_or_else(|| panic!("no row for `{field}`"))
    };
    fn check<P: std::str::FromStr + std::fmt::Display + Default>(row: &[String], typed: &str) {
        let values = ticked(&row[1]);
        for v in &values {
            let parsed: P = v
                .parse()
                .unwrap_or_else(|_| panic!("`{v}` of {typed} does not parse"));
            assert_eq!(&parsed.to_string(), v);
        }
        assert_eq!(
            values,
            union(typed),
            "docs/spec.md `{}` against npm/index.d.ts {typed}",
            row[0]
        );
        assert_eq!(
            ticked(&row[2]),
            [P::default().to_string()],
            "default of {}",
            row[0]
        );
    }
    check::<GapPolicy>(row("gap"), "GapPolicy");
    check::<FoldPolicy>(row("fold"), "FoldPolicy");
    check::<InvalidDatePolicy>(row("invalidDate"), "InvalidDatePolicy");
    check::<MisfirePolicy>(row("misfire"), "MisfirePolicy");
    check::<OverlapPolicy>(row("overlap"), "OverlapPolicy");
    let spec = Spec::new("UTC", "2026-01-01T00:00");
    assert_eq!(row("id")[2], format!("`\"{}\"`", spec.id));
    assert_eq!(row("revision")[2], format!("`{}`", spec.revision));
    // Each field's errors name codes that exist.
    let codes: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    for r in &rows {
        let tokens = ticked(&r[4]);
        let named: Vec<&String> = tokens
            .iter()
            .filter(|t| t.contains('_') && t.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect();
        assert!(!named.is_empty(), "`{}` names no error", r[0]);
        for code in named {
            assert!(
                codes.contains(code.as_str()),
                "`{}`: unknown error code `{code}`",
                r[0]
            );
        }
    }
}

#[test]
fn the_result_objects_are_what_serializes_and_what_the_typings_declare() {
    // Apia skipped 2011-12-30: shifted onto the 31st, the 30th merges into it.
    let apia = Schedule::from_json(
        r#"{"timeZone":"Pacific/Apia","start":"2011-12-29T09:00","rrule":"FREQ=DAILY;COUNT=3","gap":"shift"}"#,
    )
    .unwrap();
    let from = "2011-12-28T00:00:00Z".parse().unwrap();
    let to = "2012-01-02T00:00:00Z".parse().unwrap();
    let expansion = wallclock::expand(&apia, &ExpandOptions::new().from(from).to(to)).unwrap();
    let json: Value = serde_json::from_str(&expansion.to_json()).unwrap();
    let entry_keys: BTreeSet<String> = json["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(keys)
        .collect();
    assert!(
        entry_keys.contains("mergedInto"),
        "the case has a merged entry: {json}"
    );
    let heading = "### The expansion";
    let checks: Vec<(&str, BTreeSet<String>, BTreeSet<String>)> = vec![
        ("Expansion", sorted(names(heading, 0)), keys(&json)),
        ("Entry", sorted(names(heading, 1)), entry_keys),
        (
            "Transition",
            sorted(names(heading, 2)),
            keys(&json["transitions"][0]),
        ),
        (
            "Validation",
            sorted(names("### Validation", 0)),
            keys(&serde_json::to_value(wallclock::validate(&apia)).unwrap()),
        ),
    ];
    let mut other = Spec::new("Pacific/Apia", "2011-12-29T09:00");
    other.rrule = Some("FREQ=DAILY;COUNT=3".into());
    let diff = wallclock::diff(
        &apia,
        &Schedule::new(&other).unwrap(),
        &ExpandOptions::new().from(from).to(to),
    )
    .unwrap();
    let diff: Value = serde_json::from_str(&diff.to_json()).unwrap();
    let due = [wallclock::Due {
        key: expansion.entries()[0].key(),
        instant: expansion.entries()[0].instant().unwrap(),
    }];
    let decisions = wallclock::decide_misfires(&apia, &due, to);
    let decision = serde_json::to_value(&decisions[0]).unwrap();
    let checks = checks.into_iter().chain([
        ("Diff", sorted(names("### Diff", 0)), keys(&diff)),
        (
            "Change",
            sorted(names("### Diff", 1)),
            keys(&diff["changes"][0]),
        ),
        (
            "MisfireDecision",
            sorted(names("### Misfire decision", 0)),
            keys(&decision),
        ),
    ]);
    for (typed, doc, serialized) in checks {
        assert_eq!(
            doc, serialized,
            "docs/spec.md against the JSON of a {typed}"
        );
        assert_eq!(
            doc,
            sorted(interface(typed)),
            "docs/spec.md against npm/index.d.ts {typed}"
        );
    }
}

#[test]
fn every_note_warning_and_error_code_is_listed_once_everywhere() {
    let notes: Vec<String> = NoteCode::ALL
        .iter()
        .map(|c| c.as_str().to_owned())
        .collect();
    assert_eq!(
        names("## 5. Notes", 0),
        notes,
        "docs/spec.md §5 against NoteCode::ALL"
    );
    assert_eq!(
        union("NoteCode"),
        notes,
        "npm/index.d.ts NoteCode against NoteCode::ALL"
    );

    let warnings: Vec<String> = Warning::CODES.iter().map(|c| (*c).to_owned()).collect();
    assert_eq!(
        names("## 6. Warnings", 0),
        warnings,
        "docs/spec.md §6 against Warning::CODES"
    );
    assert_eq!(
        union("WarningCode"),
        warnings,
        "npm/index.d.ts WarningCode against Warning::CODES"
    );

    let errors: Vec<String> = ErrorCode::ALL
        .iter()
        .map(|c| c.as_str().to_owned())
        .collect();
    assert_eq!(
        names("## 7. Errors", 0),
        errors,
        "docs/spec.md §7 against ErrorCode::ALL"
    );
    assert_eq!(
        union("ErrorCode"),
        errors,
        "npm/index.d.ts ErrorCode against ErrorCode::ALL"
    );
    for list in [&notes, &warnings, &errors] {
        assert_eq!(
            sorted(list.iter().cloned()).len(),
            list.len(),
            "a code twice: {list:?}"
        );
    }
}

#[cfg(feature = "native")]
#[test]
fn every_lint_code_is_listed() {
    let lint: Vec<String> = wallclock::LINT_CODES
        .iter()
        .map(|c| (*c).to_owned())
        .collect();
    assert_eq!(
        names("## 6. Warnings", 1),
        lint,
        "docs/spec.md §6 against LINT_CODES"
    );
}

#[cfg(feature = "native")]
#[test]
fn every_ledger_error_code_is_listed() {
    let ledger: Vec<String> = wallclock::ledger::LedgerError::CODES
        .iter()
        .map(|c| (*c).to_owned())
        .collect();
    assert_eq!(
        names("## 7. Errors", 1),
        ledger,
        "docs/spec.md §7 against LedgerError::CODES"
    );
}

/// Every `"code"` a warning or a ledger error is built with in `src/` is
/// in its list: a new one fails here until the list, this page and the
/// typings have it.
#[test]
fn the_codes_written_in_the_source_are_listed() {
    enum Kind {
        Warning,
        Ledger,
        Lint,
    }
    let mut written = BTreeSet::new();
    let mut ledger = BTreeSet::new();
    let mut lint = BTreeSet::new();
    for file in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let markers = [
            ("Warning::new( \"", Kind::Warning),
            ("Warning::new(\"", Kind::Warning),
            ("Warning { code: \"", Kind::Warning),
            ("LedgerError::new( \"", Kind::Ledger),
            ("LedgerError::new(\"", Kind::Ledger),
            ("finding( \"", Kind::Lint),
            ("finding(\"", Kind::Lint),
            ("FileNote { code: \"", Kind::Lint),
            ("traps.push(( \"", Kind::Lint),
        ];
        for (marker, kind) in markers {
            for piece in text.split(marker).skip(1) {
                let code: String = piece.chars().take_while(|c| *c != '"').collect();
                if code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !code.is_empty() {
                    match kind {
                        Kind::Warning => &mut written,
                        Kind::Ledger => &mut ledger,
                        Kind::Lint => &mut lint,
                    }
                    .insert(code);
                }
            }
        }
    }
    let listed: BTreeSet<String> = Warning::CODES.iter().map(|c| (*c).to_owned()).collect();
    let missing: Vec<_> = written.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "warning codes written in src/ but not in Warning::CODES: {missing:?}"
    );
    #[cfg(feature = "native")]
    {
        let mut listed: BTreeSet<String> = wallclock::ledger::LedgerError::CODES
            .iter()
            .map(|c| (*c).to_owned())
            .collect();
        listed.extend(ErrorCode::ALL.iter().map(|c| c.as_str().to_owned()));
        let missing: Vec<_> = ledger.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "ledger error codes written in src/ but not listed: {missing:?}"
        );
        let listed: BTreeSet<String> = wallclock::LINT_CODES
            .iter()
            .map(|c| (*c).to_owned())
            .collect();
        let missing: Vec<_> = lint.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "lint codes written in src/ but not in LINT_CODES: {missing:?}"
        );
    }
    #[cfg(not(feature = "native"))]
    let _ = (ledger, lint);
}

fn rust_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The reference is this page, not a document outside the repository.
#[test]
fn nothing_points_at_a_spec_outside_the_project() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rust_files(&root.join("src"));
    files.extend(
        rust_files(&root.join("tests"))
            .into_iter()
            .filter(|f| !f.ends_with("spec_doc.rs")),
    );
    for f in [
        "README.md",
        "DESIGN.md",
        "npm/README.md",
        "npm/index.d.ts",
        "scripts/oracle/generate.py",
        "scripts/oracle/rfcref.py",
        "python/README.md",
        "python/wallclock/__init__.py",
        "python/wallclock/_results.py",
    ] {
        files.push(root.join(f));
    }
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            assert!(
                !line.contains("SPEC §") && !line.contains("SPEC.md"),
                "{}:{}: `{line}`: point at docs/spec.md",
                file.display(),
                i + 1
            );
        }
    }
}

/// `wallclock --help` names the reference and both of the ledger's stores.
#[cfg(feature = "native")]
#[test]
fn the_help_points_at_the_reference_and_both_stores() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wallclock"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("docs/spec.md"), "{help}");
    assert!(help.contains("PostgreSQL"), "{help}");
    assert!(!help.contains("The SQLite occurrence ledger"), "{help}");
}
