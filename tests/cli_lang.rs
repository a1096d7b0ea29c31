//! The `wallclock` binary in every language: each example of
//! `tests/fixtures/sentences.json` that a command can make (expand,
//! describe, validate, notices, from-cron, from-ical, a tag it does not
//! know, and the command line's own: `empty_window` from expand and diff,
//! lint's findings) prints the fixture's text with `--lang`, and the
//! language is chosen as README says: `--lang`, else `WALLCLOCK_LANG`,
//! else the locale, else English.
#![cfg(all(feature = "native", not(target_arch = "wasm32")))]

#[path = "common/script.rs"]
mod script;

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sentences.json");

/// Runs the binary with `args`, `stdin` and only the language variables
/// of `env` (none of the machine's own); (status, stdout, stderr).
fn wallclock(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> (i32, String, String) {
    run(
        Command::new(env!("CARGO_BIN_EXE_wallclock")),
        args,
        stdin,
        env,
    )
}

/// [`wallclock`] in the folder `dir`, with no language variable.
fn wallclock_in(dir: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_wallclock"));
    command.current_dir(dir);
    run(command, args, stdin, &[])
}

fn run(
    mut command: Command,
    args: &[&str],
    stdin: &str,
    env: &[(&str, &str)],
) -> (i32, String, String) {
    for name in ["WALLCLOCK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(name);
    }
    let mut child = command
        .envs(env.iter().copied())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wallclock");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The command an example's call is, with its window flags; `None` for a
/// call the command line does not make.
fn command(call: &str, options: &Value) -> Option<Vec<String>> {
    let mut args: Vec<String> = match call {
        // `cliExpand` is `expand` for a warning only the command line gives.
        "expand" | "cliExpand" | "cliExpandTable" => vec!["expand".into()],
        // Before every example's start: about the years after it, as the
        // library's `describe` is.
        "describe" | "readLang" => vec![
            "describe".into(),
            "--now".into(),
            "2000-01-01T00:00:00Z".into(),
        ],
        "validate" => vec!["validate".into()],
        // The old spec on stdin, the new one in a file (`args[1]`).
        "cliDiff" | "cliDiffTable" => vec!["diff".into(), "--old".into(), "-".into()],
        // The calendar on stdin; its warnings on stderr.
        "parseICalEvents" => {
            let mut args = vec!["from-ical".into()];
            for (key, flag) in [("uid", "--uid"), ("timeZone", "--tz")] {
                if let Some(value) = options[key].as_str() {
                    args.extend([flag.into(), value.to_owned()]);
                }
            }
            args.push("-".into());
            return Some(args);
        }
        // The file to lint is `args[0]`, written under the name `file`.
        "cliLint" => {
            let mut args = vec!["lint".into()];
            for (key, flag) in [("dialect", "--dialect"), ("timeZone", "--tz")] {
                if let Some(value) = options[key].as_str() {
                    args.extend([flag.into(), value.to_owned()]);
                }
            }
            args
        }
        "notices" => vec!["notices".into()],
        // The calendar on stdin; `from-ical` reads every event of it, as
        // `parseICal` does a calendar of one.
        "parseICal" => {
            let mut args = vec!["from-ical".into(), "-".into()];
            for (key, flag) in [("uid", "--uid"), ("timeZone", "--tz")] {
                if let Some(value) = options[key].as_str() {
                    args.extend([flag.into(), value.to_owned()]);
                }
            }
            args.push("--json".into());
            return Some(args);
        }
        "fromCron" => {
            let mut args = vec!["from-cron".into()];
            for (key, flag) in [
                ("dialect", "--dialect"),
                ("timeZone", "--tz"),
                ("start", "--start"),
            ] {
                if let Some(value) = options[key].as_str() {
                    args.extend([flag.into(), value.to_owned()]);
                }
            }
            args.push("--json".into());
            return Some(args);
        }
        _ => return None,
    };
    for flag in ["limit", "from", "to"] {
        match &options[flag] {
            Value::Null => {}
            Value::String(s) => args.extend([format!("--{flag}"), s.clone()]),
            other => args.extend([format!("--{flag}"), other.to_string()]),
        }
    }
    match call {
        "cliDiff" => args.push("--json".into()),
        "cliDiffTable" => args.extend(["--format".into(), "table".into()]),
        "cliExpandTable" => args.extend(["--spec", "-", "--format", "table"].map(String::from)),
        "cliLint" => args.extend(["--format".into(), "json".into()]),
        _ => args.extend(["--spec".into(), "-".into(), "--json".into()]),
    }
    Some(args)
}

/// What the command printed, shaped as the JS call's result: the result,
/// `{ "error": … }` on failure, the description, or the warning about a tag.
fn result(call: &str, (status, stdout, stderr): (i32, String, String)) -> Value {
    // `lint` and `diff` exit 1 when they find something.
    let found = matches!(call, "cliLint" | "cliDiffTable") && status == 1;
    if status != 0 && !found {
        return json!({ "error": serde_json::from_str::<Value>(&stderr).expect(&stderr) });
    }
    // `--format table`: its lines, for a pointer to pick one.
    if call.ends_with("Table") {
        return json!({ "lines": stdout.lines().collect::<Vec<_>>() });
    }
    let out: Value = serde_json::from_str(&stdout).expect(&stdout);
    match call {
        "describe" => out["description"].clone(),
        // The warnings, one JSON line each on stderr, as the library's list.
        "fromCron" => {
            let warnings: Vec<Value> = stderr
                .lines()
                .map(|line| serde_json::from_str::<Value>(line).unwrap()["warning"].clone())
                .collect();
            json!({ "spec": out, "warnings": warnings })
        }
        // The warnings, as the library's events (one here) and refusals.
        "parseICalEvents" => {
            let (refused, warnings): (Vec<Value>, Vec<Value>) = stderr
                .lines()
                .map(|line| serde_json::from_str::<Value>(line).unwrap()["warning"].clone())
                .partition(|w| w["code"] == "event_refused");
            json!({ "events": [{ "warnings": warnings }], "refused": refused })
        }
        "readLang" => {
            let line = stderr.lines().next().expect("a warning");
            let warning: Value = serde_json::from_str(line).unwrap();
            json!({ "warning": warning["warning"]["message"] })
        }
        _ => out,
    }
}

#[test]
fn every_example_a_command_makes_in_every_language() {
    let mut blessed = std::fs::read_to_string(FIXTURE).unwrap();
    let fixture: Vec<Value> = serde_json::from_str(&blessed).unwrap();
    // The command line's own examples (`cli…`) have no library call that
    // tests/sentences.rs could bless them with: `WALLCLOCK_BLESS=1` rewrites
    // their texts here, for review in the diff.
    let bless = std::env::var_os("WALLCLOCK_BLESS").is_some();
    let mut checked = 0;
    let mut bad = Vec::new();
    for example in &fixture {
        let call = example["call"].as_str().unwrap();
        let args = example["args"].as_array().unwrap();
        // The JS package's own argument errors.
        if example["native"] == Value::Bool(false) {
            continue;
        }
        let options = match call {
            "cliDiff" | "cliDiffTable" => args[2].clone(),
            _ => args.get(1).cloned().unwrap_or(Value::Null),
        };
        let Some(mut cli) = command(call, &options) else {
            continue;
        };
        // `parseICal` refuses a calendar of several events, which
        // `from-ical` reads one by one.
        if call == "parseICal"
            && example["en"]
                .as_str()
                .is_some_and(|en| en.starts_with("the calendar has"))
        {
            continue;
        }
        if call == "cliDiff" || call == "cliDiffTable" {
            let new = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
                "cli_lang_{}.json",
                example["code"].as_str().unwrap()
            ));
            std::fs::write(&new, args[1].to_string()).unwrap();
            cli.extend(["--new".into(), new.display().to_string()]);
        }
        if call == "cliLint" {
            let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_lang");
            std::fs::create_dir_all(&dir).unwrap();
            let file = dir.join(options["file"].as_str().unwrap());
            std::fs::write(&file, args[0].as_str().unwrap()).unwrap();
            cli.push(file.display().to_string());
        }
        let (spec, langs): (String, &[&str]) = match call {
            "cliLint" => (String::new(), &["en", "zh-CN", "zh-TW"]),
            "parseICalEvents" => (
                args[0].as_str().unwrap().to_owned(),
                &["en", "zh-CN", "zh-TW"],
            ),
            // The line is an argument, not the input.
            "fromCron" => {
                cli.push(args[0].as_str().unwrap().to_owned());
                (String::new(), &["en", "zh-CN", "zh-TW"])
            }
            // A tag the tool does not write: English, with the warning.
            "readLang" => (
                r#"{"timeZone":"UTC","start":"2026-01-01T00:00"}"#.into(),
                &["en"],
            ),
            "parseICal" => (
                args[0].as_str().unwrap().to_owned(),
                &["en", "zh-CN", "zh-TW"],
            ),
            _ => (args[0].to_string(), &["en", "zh-CN", "zh-TW"]),
        };
        let exempt = script::exempt(example);
        let exempt: Vec<&str> = exempt.iter().map(String::as_str).collect();
        for lang in langs {
            let tag = if call == "readLang" {
                args[0].as_str().unwrap()
            } else {
                lang
            };
            cli.extend(["--lang".into(), tag.to_owned()]);
            let argv: Vec<&str> = cli.iter().map(String::as_str).collect();
            let value = result(call, wallclock(&argv, &spec, &[]));
            cli.truncate(cli.len() - 2);
            let pointer = example["pick"].as_str().unwrap();
            let got = value.pointer(pointer).and_then(Value::as_str);
            checked += 1;
            // The command line's own sentences (the library's calls check
            // theirs in tests/sentences.rs).
            if call.starts_with("cli")
                && let (Some(lang), Some(got)) = (wallclock::Lang::from_tag(lang), got)
                && lang != wallclock::Lang::En
                && let Err(why) = script::check_rendered(lang, got, &exempt)
            {
                bad.push(format!("{} ({lang}): {why}: {got}", example["code"]));
            }
            if got != example[*lang].as_str() && bless && call.starts_with("cli") {
                let got = got.map_or(Value::Null, |g| Value::String(g.to_owned()));
                blessed = rewrite(&blessed, example, lang, &got);
            } else if got != example[*lang].as_str() {
                bad.push(format!(
                    "{} ({lang}): {:?}\n  fixture: {}",
                    example["code"], got, example[*lang]
                ));
            }
        }
    }
    if bless {
        std::fs::write(FIXTURE, blessed).unwrap();
    }
    assert!(checked > 300, "only {checked} texts checked");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The examples whose call is `cli`: a command line (`args[0]`) with its
/// stdin (`args[1]`), run in a fresh folder holding the files of `args[2]`
/// after the commands of `args[3]` and the SQL statements of `args[4]`
/// (each `[file, statement]`: a ledger damaged by hand), each with
/// `--lang`; the text at `pick`
/// in `{ "error": … }` (stderr, one JSON object) in every language, and
/// the Chinese kept to its script.
#[test]
fn every_command_line_message_in_every_language() {
    let fixture: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(FIXTURE).unwrap()).unwrap();
    let mut checked = 0;
    let mut bad = Vec::new();
    for (n, example) in fixture
        .iter()
        .enumerate()
        .filter(|(_, e)| e["call"] == "cli")
    {
        let args = example["args"].as_array().unwrap();
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .into_iter()
                .flatten()
                .map(|a| a.as_str().unwrap().to_owned())
                .collect()
        };
        let dir =
            std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_lang_{n}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A file is text, or an array of bytes (for text that is not UTF-8).
        for (name, content) in args.get(2).and_then(Value::as_object).into_iter().flatten() {
            let bytes: Vec<u8> = match content {
                Value::Array(bytes) => bytes.iter().map(|b| b.as_u64().unwrap() as u8).collect(),
                text => text.as_str().unwrap().as_bytes().to_vec(),
            };
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        for setup in args.get(3).and_then(Value::as_array).into_iter().flatten() {
            let argv = strings(setup);
            let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            let (status, _, stderr) = wallclock_in(&dir, &argv, "");
            assert_eq!(status, 0, "{}: {argv:?}: {stderr}", example["code"]);
        }
        for statement in args.get(4).and_then(Value::as_array).into_iter().flatten() {
            let [file, sql] = &strings(statement)[..] else {
                panic!(
                    "{}: {statement}: expected [file, statement]",
                    example["code"]
                );
            };
            let changed = rusqlite::Connection::open(dir.join(file))
                .and_then(|db| db.execute(sql, []))
                .unwrap_or_else(|e| panic!("{}: {sql}: {e}", example["code"]));
            assert!(changed > 0, "{}: {sql} changed nothing", example["code"]);
        }
        let argv = strings(&args[0]);
        let stdin = args.get(1).and_then(Value::as_str).unwrap_or_default();
        for lang in ["en", "zh-CN", "zh-TW"] {
            let mut argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            argv.extend(["--lang", lang]);
            let (status, _, stderr) = wallclock_in(&dir, &argv, stdin);
            let value = if status == 0 {
                Value::Null
            } else {
                json!({ "error": serde_json::from_str::<Value>(stderr.trim()).unwrap_or(Value::String(stderr.clone())) })
            };
            let got = value
                .pointer(example["pick"].as_str().unwrap())
                .and_then(Value::as_str);
            checked += 1;
            if got != example[lang].as_str() {
                bad.push(format!(
                    "{} ({lang}): {got:?}\n  fixture: {}",
                    example["code"], example[lang]
                ));
            }
            if let (Some(chinese), Some(got)) = (
                wallclock::Lang::from_tag(lang).filter(|l| *l != wallclock::Lang::En),
                got,
            ) && let Err(why) = script::check_rendered(chinese, got, &[])
            {
                bad.push(format!("{} ({lang}): {why}: {got}", example["code"]));
            }
        }
    }
    assert!(checked >= 30, "only {checked} texts checked");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_flag_then_wallclock_lang_then_the_locale() {
    let spec = r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30"}"#;
    let describe = |args: &[&str], env: &[(&str, &str)]| {
        let mut argv = vec!["describe", "--spec", "-"];
        argv.extend(args);
        let (status, stdout, stderr) = wallclock(&argv, spec, env);
        assert_eq!(status, 0, "{stderr}");
        (stdout, stderr)
    };
    let (en, _) = describe(&[], &[]);
    let (cn, _) = describe(&["--lang", "zh-CN"], &[]);
    let (tw, _) = describe(&[], &[("LANG", "zh_TW.UTF-8")]);
    assert!(
        en.starts_with("Once, on 2026-03-08 at 02:30 in America/New_York."),
        "{en}"
    );
    assert!(
        cn.starts_with("在America/New_York时区于2026年3月8日02:30执行一次。"),
        "{cn}"
    );
    assert!(
        tw.starts_with("在America/New_York時區於2026年3月8日02:30執行一次。"),
        "{tw}"
    );
    let zh_env = [("WALLCLOCK_LANG", "zh-TW"), ("LANG", "zh_CN.UTF-8")];
    assert_eq!(describe(&[], &zh_env).0, tw);
    assert_eq!(describe(&[], &zh_env[1..]).0, cn);
    assert_eq!(describe(&["--lang", "en"], &zh_env).0, en);
    assert_eq!(
        describe(&[], &[("LC_ALL", "zh_CN"), ("LANG", "zh_TW.UTF-8")]).0,
        cn
    );
    // A locale in another language: English, and nothing said.
    assert_eq!(
        describe(&[], &[("LANG", "fr_FR.UTF-8")]),
        (en.clone(), String::new())
    );
    // A tag asked for in another language: English, with the warning.
    let (out, err) = describe(&[], &[("WALLCLOCK_LANG", "fr")]);
    assert_eq!(out, en);
    let warning: Value = serde_json::from_str(err.trim()).unwrap();
    assert_eq!(warning["warning"]["code"], "unknown_language");
    // The flag after the subcommand and before it.
    let (status, before, _) = wallclock(&["--lang", "zh-TW", "describe", "--spec", "-"], spec, &[]);
    assert_eq!((status, before), (0, tw));
    // Before `ledger` too, whose commands have a parser of their own.
    let db = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_lang_no_ledger.db");
    let db = db.to_str().unwrap();
    let (status, _, err) = wallclock(
        &["--lang", "zh-CN", "ledger", "--db", db, "schedules"],
        "",
        &[],
    );
    let error: Value = serde_json::from_str(err.trim()).unwrap();
    assert_eq!(
        (status, &error["code"]),
        (2, &json!("ledger_not_found")),
        "{err}"
    );
    assert!(
        error["message"].as_str().unwrap().contains("没有账本"),
        "{err}"
    );
}

/// The fixture's text with `example`'s `lang` field, the first after its
/// code, set to `got` (the file keeps its layout: one field a line).
fn rewrite(text: &str, example: &Value, lang: &str, got: &Value) -> String {
    let code = format!("\"code\": {}", example["code"]);
    let field = format!("{}: {}", json!(lang), example[lang]);
    let at = text.find(&code).expect("the example's code");
    let Some(i) = text[at..].find(&field).map(|i| at + i) else {
        return text.to_owned();
    };
    format!(
        "{}{}: {}{}",
        &text[..i],
        json!(lang),
        got,
        &text[i + field.len()..]
    )
}

/// The errors only the command line's flags and files make (a window bound
/// that is no instant, a duration it cannot read or that ends beyond the
/// supported range, a due list that is not one), in both Chinese scripts:
/// from templates, keeping to their script. `tests/sentences.rs` lists
/// them as reached by no JS call.
#[test]
fn the_command_lines_own_errors_are_written_in_chinese() {
    let spec = r#"{"timeZone":"America/New_York","start":"2026-03-08T02:30","rrule":"FREQ=DAILY"}"#;
    let dir = std::env::temp_dir().join(format!("wallclock-cli-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let due = dir.join("due.json");
    std::fs::write(&due, r#"[{"key": 1}]"#).unwrap();
    let due = due.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["expand", "--from", "soon"],
            "invalid `--from` `soon`: expected an instant such as `2026-03-08T07:00:00Z` or \
             `2026-03-08T02:00:00-05:00`, or a local date-time in the schedule's zone such as \
             `2026-03-08T09:00`; or `now`, or a duration from the window start such as `P7D` or \
             `+7d`",
        ),
        (
            &["expand", "--to", "+7x"],
            "invalid `--to` `+7x`: expected an ISO 8601 or a short duration, e.g. `PT5M`, `P2D`, \
             `90s`, `5m`, `2h`, `14d` or `2w`",
        ),
        (
            &["expand", "--to", "+9000y"],
            "invalid `--to` `+9000y`: the window ends beyond the supported range",
        ),
        (
            &["misfire", "--now", "2026-04-01T00:00:00Z", "--due", due],
            "invalid due list at [0]: missing string `key`, e.g. `[{\"key\": \
             \"daily|2026-10-21T09:00:00\", \"instant\": \"2026-10-21T13:00:00Z\"}]`",
        ),
    ];
    let mut bad = Vec::new();
    for (args, english) in cases {
        let mut texts = Vec::new();
        for lang in ["en", "zh-CN", "zh-TW"] {
            let mut argv = vec!["--lang", lang];
            argv.extend_from_slice(args);
            argv.extend(["--spec", "-", "--json"]);
            let (status, _, stderr) = wallclock(&argv, spec, &[]);
            assert_ne!(status, 0, "{argv:?}: {stderr}");
            let error: Value = serde_json::from_str(&stderr).expect(&stderr);
            texts.push(error["message"].as_str().unwrap_or_default().to_owned());
        }
        if texts[0] != english {
            bad.push(format!("{args:?} (en): {}", texts[0]));
        }
        for (lang, text) in [
            (wallclock::Lang::ZhCn, &texts[1]),
            (wallclock::Lang::ZhTw, &texts[2]),
        ] {
            if let Err(why) = script::check_rendered(lang, text, &[]) {
                bad.push(format!("{args:?} ({lang}): {why}: {text}"));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
