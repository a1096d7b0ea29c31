//! Imports only go down: every `crate::…`, `$crate::…` and `super::…` path in
//! `src/` that leaves its top-level module must name a module of a lower
//! layer. The layer order is written once, here, and DESIGN.md's picture
//! must list the same layers in the same order.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers, lowest first. A module may use the modules of the layers
/// before its own, never a module of its own layer or of a later one.
const LAYERS: &[&[&str]] = &[
    &["format"],
    &["lang"],
    &["error"],
    &["note", "policy", "tzdb", "sort", "instant", "duration"],
    &["rule"],
    &["expand"],
    &["zone"],
    &["cron"],
    &["spec"],
    &["plan"],
    &[
        "misfire",
        "describe",
        "ical",
        "diff",
        "validation",
        "window",
        "next",
        "crontab",
    ],
    &["outage"],
    &["ledger"],
    &["cli", "wasm", "python"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The source with comments, string and character literals blanked out
/// (newlines kept), so that only code is scanned.
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            loop {
                if i >= b.len() {
                    break;
                }
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !b[..i]
                .last()
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            while b.get(j) == Some(&'#') {
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            j += 1;
            while j < b.len()
                && !(b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')))
            {
                j += 1;
            }
            let end = (j + 1 + hashes).min(b.len());
            for &ch in &b[i..end] {
                blank(&mut out, ch);
            }
            i = end;
        } else if c == '"' {
            blank(&mut out, c);
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    blank(&mut out, b[i]);
                    i += 1;
                }
                if i < b.len() {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
            if i < b.len() {
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == '\'' && (next == Some('\\') || b.get(i + 2) == Some(&'\'')) {
            // A character literal (a lifetime has no closing quote).
            let mut j = i + 1;
            if b.get(j) == Some(&'\\') {
                j += 1;
            }
            j += 1;
            while j < b.len() && b[j] != '\'' {
                j += 1;
            }
            for &ch in &b[i..(j + 1).min(b.len())] {
                blank(&mut out, ch);
            }
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A tiny tokenizer: identifiers (with `$` for `$crate`) and punctuation.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let mut word = c.to_string();
            while let Some(&n) = chars.peek() {
                if n.is_alphanumeric() || n == '_' {
                    word.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push((word, line));
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push(("::".to_owned(), line));
        } else if !c.is_whitespace() {
            out.push((c.to_string(), line));
        }
    }
    out
}

/// The paths of a use tree or an expression path starting at `toks[i]`
/// (just after a `::`), each as its segments, appended to `prefix`.
fn paths(toks: &[(String, usize)], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(*i).map(|t| t.0.as_str()) {
            Some("{") => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| t.0.as_str()) {
                        Some("}") | None => {
                            *i += 1;
                            return;
                        }
                        Some(",") => *i += 1,
                        _ => paths(toks, i, &path, out),
                    }
                }
            }
            Some("*") => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(w)
                if w.chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_') =>
            {
                if w != "self" {
                    path.push(w.to_owned());
                }
                *i += 1;
                if toks.get(*i).map(|t| t.0.as_str()) == Some("::") {
                    *i += 1;
                    continue;
                }
                if toks.get(*i).map(|t| t.0.as_str()) == Some("as") {
                    *i += 2;
                }
                out.push(path);
                return;
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// The module path of a file under `src/`: `cli/ledger.rs` is
/// `[cli, ledger]`, `expand/mod.rs` is `[expand]`.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// What the crate root makes of a name: the modules it declares, and the
/// module each re-exported item comes from.
struct Root {
    modules: BTreeSet<String>,
    reexports: BTreeMap<String, String>,
}

fn root(lib: &str) -> Root {
    let code = code_only(lib);
    let toks = tokens(&code);
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for (i, (t, _)) in toks.iter().enumerate() {
        if t == "mod" && toks.get(i + 2).is_some_and(|n| n.0 == ";") {
            modules.insert(toks[i + 1].0.clone());
        }
        if t == "use" && i > 0 && toks[i - 1].0 == "pub" {
            let mut out = Vec::new();
            let mut j = i + 1;
            paths(&toks, &mut j, &[], &mut out);
            for p in out {
                if p.len() >= 2 {
                    reexports.insert(p[p.len() - 1].clone(), p[0].clone());
                }
            }
        }
    }
    Root { modules, reexports }
}

/// The top-level modules a path names once `crate`, `$crate` or `super`
/// is resolved from `here`; none for a path that stays in `here`'s
/// top-level module or leaves the crate.
fn targets(root: &Root, here: &[String], path: &[String]) -> Result<Vec<String>, String> {
    let mut at: Vec<String>;
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate" | "$crate") => {
            at = Vec::new();
            rest = &path[1..];
        }
        Some("super") => {
            at = here.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                if at.pop().is_none() {
                    return Err(format!("`{}` climbs above the crate", path.join("::")));
                }
                rest = &rest[1..];
            }
        }
        _ => return Ok(Vec::new()),
    }
    if !at.is_empty() {
        return Ok(Vec::new());
    }
    let Some(first) = rest.first() else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    if root.modules.contains(first) {
        out.push(first.clone());
    }
    // `crate::expand(…)` is the re-exported function, `crate::expand::…`
    // the module; `crate::FoldPolicy::Both` goes through the re-export.
    if (rest.len() == 1 || out.is_empty())
        && let Some(m) = root.reexports.get(first)
    {
        out.push(m.clone());
    }
    if out.is_empty() {
        return Err(format!(
            "`{}` names nothing the crate root declares",
            path.join("::")
        ));
    }
    Ok(out)
}

/// Every import of one file that does not go down: `file:line: message`.
fn violations(root: &Root, rel: &Path, src: &str) -> Vec<String> {
    let file_mod = module_path(rel);
    let Some(own) = file_mod.first().cloned() else {
        return Vec::new();
    };
    let Some(own_layer) = layer_of(&own) else {
        return vec![format!(
            "{}: module `{own}` is in no layer: add it to LAYERS and DESIGN.md",
            rel.display()
        )];
    };
    let code = code_only(src);
    let toks = tokens(&code);
    // Inline `mod name {` blocks, so that `super` in them is resolved.
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0;
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let (t, line) = (&toks[i].0, toks[i].1);
        match t.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
            }
            "mod" if toks.get(i + 2).is_some_and(|n| n.0 == "{") => {
                inline.push((toks[i + 1].0.clone(), depth));
            }
            "crate" | "$crate" | "super" if toks.get(i + 1).is_some_and(|n| n.0 == "::") => {
                let prev_is_path = i > 0 && toks[i - 1].0 == "::";
                if !prev_is_path {
                    let mut here = file_mod.clone();
                    here.extend(inline.iter().map(|m| m.0.clone()));
                    let mut found = Vec::new();
                    let mut j = i + 2;
                    paths(&toks, &mut j, std::slice::from_ref(t), &mut found);
                    for p in found {
                        match targets(root, &here, &p) {
                            Err(e) => out.push(format!("{}:{line}: {e}", rel.display())),
                            Ok(mods) => {
                                for m in mods {
                                    let ok =
                                        m == own || layer_of(&m).is_some_and(|l| l < own_layer);
                                    if !ok {
                                        out.push(format!(
                                            "{}:{line}: `{}` goes from `{own}` to `{m}`, which is not in a lower layer",
                                            rel.display(),
                                            p.join("::")
                                        ));
                                    }
                                }
                            }
                        }
                    }
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn imports_only_go_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let root = root(&fs::read_to_string(src.join("lib.rs")).unwrap());
    for m in &root.modules {
        assert!(
            layer_of(m).is_some(),
            "module `{m}` is in no layer of LAYERS"
        );
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut bad = Vec::new();
    let mut checked = 0;
    for path in files {
        let rel = path.strip_prefix(&src).unwrap();
        // The crate root re-exports from every layer; the binary is a
        // separate crate.
        if rel == Path::new("lib.rs") || rel.starts_with("bin") {
            continue;
        }
        checked += 1;
        bad.extend(violations(&root, rel, &fs::read_to_string(&path).unwrap()));
    }
    assert!(checked > 20, "only {checked} files under src/");
    assert!(bad.is_empty(), "imports that go up:\n{}", bad.join("\n"));
}

/// Civil times become instants in `zone` only, where jiff's civil lookup is
/// checked against the zone's offsets: a direct `to_ambiguous_…` call
/// elsewhere would bring back the answers `zone` corrects.
#[test]
fn civil_times_become_instants_only_in_zone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut bad = Vec::new();
    for path in files {
        let rel = path.strip_prefix(&src).unwrap();
        if rel.starts_with("zone") || rel == Path::new("zone.rs") {
            continue;
        }
        let code = code_only(&fs::read_to_string(&path).unwrap());
        for (n, line) in code.lines().enumerate() {
            if line.contains("to_ambiguous_") {
                bad.push(format!("{}:{}: {}", rel.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "civil lookups outside zone:\n{}",
        bad.join("\n")
    );
}

#[test]
fn an_import_that_goes_up_is_reported() {
    let root = root("mod plan;\nmod zone;\nmod note;\npub use plan::{Entry, expand};\n");
    let zone = "use crate::note::Note;\nuse crate::plan::Entry;\nfn f() { crate::expand(); }\n";
    let found = violations(&root, Path::new("zone.rs"), zone);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("zone.rs:2: `crate::plan::Entry` goes from `zone` to `plan`"));
    assert!(found[1].starts_with("zone.rs:3: `crate::expand` goes from `zone` to `plan`"));
    // `super` out of a file module, through a brace group; not from inside
    // an inline module, and not in comments or strings.
    let nested = "mod tests {\n    use super::*;\n}\n// crate::plan::x\nconst S: &str = \"crate::plan\";\nuse super::{note::Note, plan::Entry as E};\n";
    let found = violations(&root, Path::new("zone.rs"), nested);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("zone.rs:6: `super::plan::Entry` goes from `zone` to `plan`"));
}

#[test]
fn design_md_draws_the_same_layers() {
    let design =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("DESIGN.md")).unwrap();
    let section = design
        .split("## Layers")
        .nth(1)
        .expect("DESIGN.md has a `## Layers` section");
    let picture = section
        .split("```")
        .nth(1)
        .expect("the Layers section opens with a picture");
    let drawn: Vec<Vec<String>> = picture
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            // The first column: module names joined by `, ` (two spaces end it).
            let first = l.split("  ").next().unwrap_or("");
            first.split(',').map(|m| m.trim().to_owned()).collect()
        })
        .collect();
    let want: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|l| l.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    assert_eq!(drawn, want, "DESIGN.md's layer picture differs from LAYERS");
}

/// The most lines a function in `src/` may span, from its `fn` line to its
/// closing brace, without a reason.
const MAX_FN_LINES: usize = 80;

/// Functions over the bound that are still to be split into named steps,
/// as `file:name` under `src/`.
const KNOWN_LONG: &[&str] = &[];

/// The functions of `src` (one file's text) longer than [`MAX_FN_LINES`]
/// with no `// Long: <reason>` comment among the lines just above their
/// `fn` (doc comments, attributes and other comments in between are
/// allowed): `(name, first line, lines)`.
fn long_functions(src: &str) -> Vec<(String, usize, usize)> {
    let code: Vec<char> = code_only(src).chars().collect();
    let lines: Vec<&str> = src.lines().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < code.len() {
        if code[i] == '\n' {
            line += 1;
        }
        let is_fn = code[i] == 'f'
            && code.get(i + 1) == Some(&'n')
            && code.get(i + 2).is_some_and(|c| c.is_whitespace())
            && (i == 0 || !word(code[i - 1]));
        if !is_fn {
            i += 1;
            continue;
        }
        let name: String = code[i + 3..]
            .iter()
            .skip_while(|c| c.is_whitespace())
            .take_while(|&&c| word(c))
            .collect();
        // The body: the first `{` before any `;` (a declaration has none).
        let Some(open) = (i..code.len()).find(|&j| code[j] == '{' || code[j] == ';') else {
            break;
        };
        if code[open] == ';' || name.is_empty() {
            i += 3;
            continue;
        }
        let mut depth = 0;
        let mut end = open;
        for (j, &c) in code.iter().enumerate().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = j;
                break;
            }
        }
        let span = code[i..=end].iter().filter(|&&c| c == '\n').count() + 1;
        let reasoned = lines[..line - 1]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|l| l.starts_with("//") || l.starts_with("#[") || l.starts_with("pub"))
            .any(|l| l.starts_with("// Long: ") && l.len() > "// Long: ".len() + 10);
        if span > MAX_FN_LINES && !reasoned {
            out.push((name, line, span));
        }
        i += 3;
    }
    out
}

#[test]
fn no_function_is_over_80_lines_without_a_reason() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&src).unwrap().display().to_string();
        for (name, line, span) in long_functions(&fs::read_to_string(path).unwrap()) {
            if !KNOWN_LONG.contains(&format!("{rel}:{name}").as_str()) {
                long.push(format!("src/{rel}:{line}: fn {name}: {span} lines"));
            }
        }
    }
    assert!(files.len() > 20, "only {} files under src/", files.len());
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines: split them into named steps, or say why above the fn \
         in a `// Long: <reason>` comment:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_long_function_is_reported_unless_a_comment_says_why() {
    let body = |n: usize| "    let x = \"fn f() {\";\n".repeat(n);
    // `fn` line + body + closing brace.
    let long = format!(
        "trait T {{ fn d(); }}\n/// Docs.\nfn long() {{\n{}}}\n",
        body(MAX_FN_LINES - 1)
    );
    assert_eq!(
        long_functions(&long),
        [("long".to_owned(), 3, MAX_FN_LINES + 1)]
    );
    let fits = format!("fn fits() {{\n{}}}\n", body(MAX_FN_LINES - 2));
    assert_eq!(long_functions(&fits), []);
    let said = format!(
        "/// Docs.\n// Long: one arm per option, each a line.\n#[inline]\npub fn said() {{\n{}}}\n",
        body(MAX_FN_LINES)
    );
    assert_eq!(long_functions(&said), []);
    let bare = format!("// Long:\nfn bare() {{\n{}}}\n", body(MAX_FN_LINES));
    assert_eq!(long_functions(&bare).len(), 1, "a reason is required");
}
