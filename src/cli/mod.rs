//! The `wallclock` command-line tool (feature `native`).
//!
//! Shaped like ripgrep: [`main_with_args`] parses with clap, runs, and
//! returns an exit status; the binary only calls `std::process::exit`.
//! Every failure, including a usage error, exits with status 2. When stderr
//! is piped (or with `--json` / `--format json`) the error is the library's
//! JSON error object (`{"code","message","field"?,"position"?}`) on one
//! line, so scripts can rely on one error shape; on a terminal it is text,
//! with the offending value quoted and a caret under the position.

mod args;
#[cfg(not(target_arch = "wasm32"))]
mod cron;
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod ledger;
#[cfg(not(target_arch = "wasm32"))]
mod ledger_ops;
#[cfg(not(target_arch = "wasm32"))]
mod ledger_print;
#[cfg(not(target_arch = "wasm32"))]
mod metrics;
mod output;
#[cfg(not(target_arch = "wasm32"))]
mod runner;
mod table;

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};

use crate::error::{Error, ErrorCode};
use crate::lang::{Arg, Conj, Lang, Text, input_errors as says};
use crate::plan::{ExpandOptions, Expansion};
use crate::spec::{Schedule, Spec};
use crate::window::{Reader, Spelling, empty_window};
use clap::Parser;
use jiff::Timestamp;
use unicode_width::UnicodeWidthStr;

use args::{Cli, Command, Now, Output, SpecArgs, Window};
use output::{Report, Shape};

/// Exit status for success.
const OK: i32 = 0;
/// Exit status for a `diff` that found differences (as `diff(1)` does).
const DIFFERS: i32 = 1;
/// Exit status for every error, as ripgrep uses for errors.
const FAILED: i32 = 2;

/// Runs the tool with `args` (including the program name); returns the exit status.
pub fn main_with_args(args: Vec<OsString>) -> i32 {
    let (lang, warning) = language(&args, |name| std::env::var(name).ok());
    let _speaking = lang.speak();
    if let Some(warning) = warning {
        warn(&[warning]);
    }
    let args = lang_after_subcommand(args);
    #[cfg(not(target_arch = "wasm32"))]
    if args.get(1).is_some_and(|a| a == "ledger") {
        return ledger::main(args);
    }
    // `wallclock help ledger [SUB]` is `wallclock ledger [SUB] --help`.
    #[cfg(not(target_arch = "wasm32"))]
    if args.get(1).is_some_and(|a| a == "help") && args.get(2).is_some_and(|a| a == "ledger") {
        let mut help: Vec<OsString> = args
            .into_iter()
            .enumerate()
            .filter(|(i, _)| *i != 1)
            .map(|(_, a)| a)
            .collect();
        help.push("--help".into());
        return ledger::main(help);
    }
    let errors = Errors::new(&args);
    let cli = match parse::<Cli>(args, "wallclock") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let mut out = String::new();
    let mut sources = Sources::default();
    match run(cli, &mut out, &mut sources) {
        Ok(status) => match write_stdout(&out) {
            Ok(()) => status,
            Err(e) => errors.report(&e, &sources),
        },
        Err(e) => errors.report(&e, &sources),
    }
}

/// `wallclock --lang zh-CN ledger …` as `wallclock ledger --lang zh-CN …`
/// (and `help ledger` likewise): the ledger has its own parser, reached
/// when `ledger` comes first, and `--lang` is an option of its commands too.
/// Any other command line is returned as it is (clap reads `--lang` before
/// a subcommand itself).
fn lang_after_subcommand(args: Vec<OsString>) -> Vec<OsString> {
    let is_lang = |a: &OsString| a == "--lang";
    let is_lang_eq = |a: &OsString| a.to_str().is_some_and(|a| a.starts_with("--lang="));
    let mut at = 1;
    while let Some(arg) = args.get(at) {
        match arg {
            a if is_lang(a) => at += 2,
            a if is_lang_eq(a) => at += 1,
            _ => break,
        }
    }
    let sub = args.get(at..).unwrap_or_default();
    let words = match sub {
        [ledger, ..] if ledger == "ledger" => 1,
        [help, ledger, ..] if help == "help" && ledger == "ledger" => 2,
        _ => return args,
    };
    let (program, lang) = args.split_at(1);
    let lang = &lang[..at - 1];
    [program, &sub[..words], lang, &sub[words..]].concat()
}

/// The language of every sentence the tool writes: `--lang` (before or
/// after the subcommand), else `WALLCLOCK_LANG`, else the locale (the
/// first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set: `zh_CN.UTF-8` is
/// zh-CN), else English. A tag asked for (`--lang`, `WALLCLOCK_LANG`)
/// that names another language is English with an `unknown_language`
/// warning; a locale in another language is English without one, as a
/// program without that translation reads it.
fn language(
    args: &[OsString],
    env: impl Fn(&str) -> Option<String>,
) -> (Lang, Option<crate::Warning>) {
    let mut asked = None;
    let mut args = args.iter().skip(1).filter_map(|a| a.to_str());
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        if arg == "--lang" {
            asked = args.next().map(str::to_owned);
        } else if let Some(tag) = arg.strip_prefix("--lang=") {
            asked = Some(tag.to_owned());
        }
    }
    if let Some(tag) = asked.or_else(|| env("WALLCLOCK_LANG").filter(|t| !t.is_empty())) {
        let (lang, warning) = Lang::read(&tag);
        return (lang, warning.map(crate::Warning::unknown_language));
    }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| env(name).filter(|v| !v.is_empty()));
    (
        locale.and_then(|l| Lang::from_tag(&l)).unwrap_or_default(),
        None,
    )
}

/// Prints warnings on stderr, one JSON object a line, beside the output
/// they are about.
fn warn(warnings: &[crate::plan::Warning]) {
    let mut stderr = io::stderr().lock();
    for w in warnings {
        let line = serde_json::to_string(&serde_json::json!({"warning": w})).unwrap_or_default();
        let _ = writeln!(stderr, "{line}");
    }
}

/// Writes the whole output; a closed pipe (`wallclock zones | head`) is not a failure.
fn write_stdout(out: &str) -> Result<(), Error> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(Error::new(
            ErrorCode::Internal,
            Text::new(says::CLI_STDOUT).with("why", e.to_string()),
        )),
        _ => Ok(()),
    }
}

/// Parses `args` (program name first) as `P`; a usage error is reported
/// (see [`clap_error`]) and its exit status returned.
fn parse<P: Parser>(args: Vec<OsString>, command: &str) -> Result<P, i32> {
    let errors = Errors::new(&args);
    let sub = subcommand(&args);
    P::try_parse_from(join_negative_values(args, &P::command()))
        .map_err(|e| clap_error(&e, command, sub.as_deref(), &errors))
}

/// Where an error goes: the JSON object when stderr is piped or JSON was
/// asked for (`--json`, `--format json|jsonl`), readable text on a terminal.
pub(crate) struct Errors {
    json: bool,
}

impl Errors {
    fn new(args: &[OsString]) -> Errors {
        let asked = args
            .windows(2)
            .any(|w| w[0] == "--format" && (w[1] == "json" || w[1] == "jsonl"))
            || args
                .iter()
                .any(|a| a == "--json" || a == "--format=json" || a == "--format=jsonl");
        Errors {
            json: asked || !io::stderr().is_terminal(),
        }
    }

    /// Prints `err` on stderr; returns the exit status.
    fn report(&self, err: &Error, sources: &Sources) -> i32 {
        let text = if self.json {
            let mut line = serde_json::to_string(err)
                .unwrap_or_else(|_| format!("{{\"code\":\"{}\"}}", err.code()));
            line.push('\n');
            line
        } else {
            sources.explain(err)
        };
        let _ = io::stderr().lock().write_all(text.as_bytes());
        FAILED
    }
}

/// What the user typed for each field an error can name, so that a
/// terminal error can quote it and point into it.
#[derive(Default)]
struct Sources {
    /// (field, how the user wrote its name, the text).
    fields: Vec<(String, String, String)>,
}

impl Sources {
    fn add(&mut self, field: &str, label: String, text: &str) {
        self.fields.push((field.to_owned(), label, text.to_owned()));
    }

    /// The spec's fields, as `--flag` when given inline.
    fn spec(&mut self, spec: &Spec, inline: bool) {
        let label = |flag: &str, field: &str| {
            if inline {
                format!("--{flag}")
            } else {
                format!("\"{field}\":")
            }
        };
        self.add("timeZone", label("tz", "timeZone"), &spec.time_zone);
        self.add("start", label("start", "start"), &spec.start);
        if let Some(rules) = &spec.rrule {
            for (i, rule) in rules.iter().enumerate() {
                let field = rules.field(i);
                // `"rrule"[1]:` for the second of a file's list.
                let label = match field.strip_prefix("rrule") {
                    Some(at) if !inline && !at.is_empty() => format!("\"rrule\"{at}:"),
                    _ => label("rrule", "rrule"),
                };
                self.add(&field, label, rule);
            }
        }
        self.add("id", label("id", "id"), &spec.id);
    }

    /// A flag's value.
    fn flag(&mut self, name: &str, text: Option<&str>) {
        if let Some(text) = text {
            self.add(name, format!("--{name}"), text);
        }
    }

    /// `wallclock: <message> (<code>)`, then the offending value with a
    /// caret under its position (or under all of it), when known.
    fn explain(&self, err: &Error) -> String {
        let mut text = format!("wallclock: {} ({})\n", err.message(), err.code());
        let source = err
            .field()
            .and_then(|f| self.fields.iter().rev().find(|(field, _, _)| field == f));
        if let Some((_, label, value)) = source {
            let (at, width) = match err.position() {
                Some(p) if p <= value.len() => {
                    let token = value[p..].find([';', ',', '\n']).unwrap_or(value.len() - p);
                    (p, token.max(1))
                }
                _ => (0, value.len().max(1)),
            };
            let pad = label.width() + 3 + value[..at].width();
            let width = value[at..].get(..width).map_or(width, str::width).max(1);
            text.push_str(&format!("  {label} {value}\n"));
            text.push_str(&" ".repeat(pad));
            text.push_str(&"^".repeat(width));
            text.push('\n');
        }
        text
    }
}

/// The subcommand named by `args` (program name first), if any.
fn subcommand(args: &[OsString]) -> Option<String> {
    args.get(1)
        .and_then(|a| a.to_str())
        .filter(|a| !a.starts_with('-'))
        .map(str::to_owned)
}

/// `--limit -1` as `--limit=-1`: clap takes a lone `-1`, `-5m` or `-P1D`
/// after a flag for a flag of its own and blames a flag named `1`; joined,
/// the value reaches the flag's own check, which names the flag.
fn join_negative_values(args: Vec<OsString>, command: &clap::Command) -> Vec<OsString> {
    let mut takes_value = BTreeSet::new();
    let mut stack = vec![command];
    while let Some(c) = stack.pop() {
        for arg in c.get_arguments() {
            if let Some(long) = arg.get_long()
                && arg.get_action().takes_values()
            {
                takes_value.insert(format!("--{long}"));
            }
        }
        stack.extend(c.get_subcommands());
    }
    let negative = |a: &OsString| {
        a.to_str().is_some_and(|a| {
            a.strip_prefix('-').is_some_and(|rest| {
                rest.starts_with(|c: char| c.is_ascii_digit() || c == 'P' || c == 'p')
            })
        })
    };
    let mut out: Vec<OsString> = Vec::with_capacity(args.len());
    let mut args = args.into_iter().peekable();
    while let Some(arg) = args.next() {
        let flag = arg.to_str().is_some_and(|a| takes_value.contains(a));
        match args.peek() {
            Some(next) if flag && negative(next) => {
                let mut joined = arg;
                joined.push("=");
                joined.push(next);
                args.next();
                out.push(joined);
            }
            _ => out.push(arg),
        }
    }
    out
}

/// Help goes to stdout with status 0; usage errors become structured
/// errors that point to `<command> --help`, or to `<command> <sub> --help`
/// for a missing argument, which only the subcommand's help explains.
/// clap's own hints (a similar flag, the allowed values) stay in the message.
fn clap_error(e: &clap::Error, command: &str, sub: Option<&str>, errors: &Errors) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            FAILED
        }
        _ => errors.report(&usage_error(e, command, sub), &Sources::default()),
    }
}

/// A clap usage error as a structured error naming the flag at fault.
fn usage_error(e: &clap::Error, command: &str, sub: Option<&str>) -> Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    // A value the library's own check refused (`--limit`): its error as is.
    if let Some(err) = std::error::Error::source(e).and_then(|s| s.downcast_ref::<Error>()) {
        return err.clone();
    }
    let help = match sub {
        Some(sub) if e.kind() == ErrorKind::MissingRequiredArgument => {
            format!("{command} {sub} --help")
        }
        _ => format!("{command} --help"),
    };
    // clap lists missing arguments on the lines after the first.
    if let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg) {
        let names: Vec<String> = missing.iter().map(|a| format!("`{a}`")).collect();
        let field = missing
            .first()
            .and_then(|a| a.trim_start_matches('-').split([' ', '>']).next())
            .map(|a| a.trim_start_matches('<').to_ascii_lowercase());
        let err = Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_MISSING_ARGUMENTS)
                .with("n", names.len())
                .with("names", Arg::list(names, Conj::Comma))
                .with("help", help),
        );
        return match field {
            Some(f) if !f.is_empty() => err.with_field(f),
            _ => err,
        };
    }
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or("invalid arguments");
    let clap = first
        .strip_prefix("error: ")
        .unwrap_or(first)
        .replace('\'', "`");
    let text = Text::new(says::CLI_USAGE)
        .with("what", refusal(e, clap))
        .with("hints", Arg::list(hints(e), Conj::None))
        .with("help", help);
    let mut err = Error::new(ErrorCode::InvalidOption, text);
    if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
        let name = arg
            .split([' ', '='])
            .next()
            .unwrap_or(arg)
            .trim_start_matches('-')
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_ascii_lowercase();
        if !name.is_empty() {
            err = err.with_field(name);
        }
    }
    err
}

/// What clap refused: `clap`, its own line, in English; in Chinese the
/// same facts for an unknown flag or subcommand, a bad or missing value,
/// a missing subcommand, a flag given twice and two flags that exclude
/// each other (clap's reason for refusing a value,
/// Rust's parse error, is left out), clap's line quoted for the rest.
fn refusal(e: &clap::Error, clap: String) -> Text {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let string = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(s)) if s.len() == 1 => Some(s[0].clone()),
        _ => None,
    };
    let arg = string(ContextKind::InvalidArg);
    let value = string(ContextKind::InvalidValue);
    let prior = string(ContextKind::PriorArg);
    let subcommand = string(ContextKind::InvalidSubcommand);
    let words = match (e.kind(), arg, value, prior, subcommand) {
        (ErrorKind::UnknownArgument, Some(arg), ..) => {
            Text::new(says::CLI_UNKNOWN_ARGUMENT).with("arg", arg)
        }
        (ErrorKind::InvalidSubcommand, .., Some(name)) => {
            Text::new(says::CLI_UNKNOWN_SUBCOMMAND).with("name", name)
        }
        (ErrorKind::InvalidValue, Some(arg), Some(value), ..) if value.is_empty() => {
            Text::new(says::CLI_NO_VALUE).with("arg", arg)
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, Some(arg), Some(value), ..) => {
            Text::new(says::CLI_INVALID_VALUE)
                .with("arg", arg)
                .with("value", value)
        }
        (ErrorKind::ArgumentConflict, Some(arg), _, Some(prior), _) if arg == prior => {
            Text::new(says::CLI_TWICE).with("arg", arg)
        }
        (ErrorKind::MissingSubcommand, .., Some(name)) => {
            Text::new(says::CLI_NO_SUBCOMMAND).with("name", name)
        }
        (ErrorKind::ArgumentConflict, Some(arg), _, Some(prior), _) => {
            Text::new(says::CLI_CONFLICT)
                .with("arg", arg)
                .with("prior", prior)
        }
        _ => Text::new(says::CLI_CLAP).with("quoted", clap.replace('`', "")),
    };
    words.with("clap", clap)
}

/// clap's suggestions: a similar flag, value or subcommand, and the allowed values.
fn hints(e: &clap::Error) -> Vec<Text> {
    use clap::error::{ContextKind, ContextValue};
    let quoted = |list: &[String]| Arg::list(list.iter().map(|v| format!("`{v}`")), Conj::Comma);
    let mut hints = Vec::new();
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
        ContextKind::SuggestedSubcommand,
    ] {
        let names = match e.get(kind) {
            Some(ContextValue::String(s)) => quoted(std::slice::from_ref(s)),
            Some(ContextValue::Strings(s)) if !s.is_empty() => quoted(s),
            _ => continue,
        };
        hints.push(Text::new(says::CLI_DID_YOU_MEAN).with("names", names));
    }
    if let Some(ContextValue::Strings(values)) = e.get(ContextKind::ValidValue)
        && !values.is_empty()
    {
        hints.push(Text::new(says::CLI_ONE_OF).with("values", quoted(values)));
    }
    hints
}

/// Reads the spec and validates it, recording what the user typed.
fn load(args: &SpecArgs, sources: &mut Sources) -> Result<Schedule, Error> {
    let spec = args.spec()?;
    sources.spec(&spec, args.spec.is_none());
    Schedule::new(&spec)
}

/// "Now": `--now` if given (an instant or a local time), else the clock.
fn now(now: &Now, schedule: &Schedule, sources: &mut Sources) -> Result<Timestamp, Error> {
    sources.flag("now", now.now.as_deref());
    match &now.now {
        Some(text) => Reader::new(schedule, None, Spelling::Flags).instant(text, "now"),
        None => Ok(Timestamp::now()),
    }
}

/// Runs one command, writing its output to `out`; returns the exit status.
fn run(cli: Cli, out: &mut String, sources: &mut Sources) -> Result<i32, Error> {
    if cli.version {
        out.push_str(&version_text());
        return Ok(OK);
    }
    let Some(command) = cli.command else {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_NO_COMMAND),
        ));
    };
    match command {
        Command::Expand {
            spec,
            output,
            limit,
            window,
        } => {
            let schedule = load(&spec, sources)?;
            let result = expand(&schedule, sources, limit, &window)?;
            print_expansion(out, &result, &output);
        }
        Command::Notices {
            spec,
            output,
            window,
            horizon,
        } => {
            let schedule = load(&spec, sources)?;
            let result = notices(&schedule, sources, &window, horizon.as_deref())?;
            print_expansion(out, &result, &output);
        }
        Command::Validate { spec, output } => {
            let validation = crate::validate(&load(&spec, sources)?);
            let rows = || table::validation_rows(&validation);
            single(&validation, &rows).emit(out, &output, Shape::Records);
        }
        Command::Describe {
            spec,
            output,
            now: pinned,
        } => {
            let schedule = load(&spec, sources)?;
            let from = crate::plan::default_from(&schedule, now(&pinned, &schedule, sources)?)?;
            describe(out, &crate::describe_from(&schedule, from), &output);
        }
        Command::Ical { spec: args } => {
            let spec = args.spec()?;
            sources.spec(&spec, args.spec.is_none());
            // Validate first: printing a spec that cannot run would only
            // move the error to whoever imports the file.
            Schedule::new(&spec)?;
            out.push_str(&crate::ical::to_vcalendar(&spec, jiff::Timestamp::now()));
        }
        Command::FromIcal {
            file,
            uid,
            tz,
            output,
        } => from_ical(out, &file, uid, tz, &output)?,
        Command::Misfire {
            spec,
            now,
            due,
            output,
        } => misfire(out, sources, &spec, &now, &due, &output)?,
        Command::Diff {
            old,
            new,
            output,
            window,
        } => return diff(out, sources, &old, &new, &output, &window),
        Command::FromCron(args) => cron::run(out, &args, sources)?,
        Command::Lint(args) => return cron::lint(out, &args),
        Command::Zones { output } => zones(out, &output),
    }
    Ok(OK)
}

/// `from-ical`: every event of the calendar that can be read (or the one
/// `--uid` names), each refusal a warning; an error when none can be.
fn from_ical(
    out: &mut String,
    file: &str,
    uid: Option<String>,
    tz: Option<String>,
    output: &Output,
) -> Result<(), Error> {
    let text = input::read_source(file, "file")?;
    let mut options = crate::ical::IcalOptions::new();
    if let Some(uid) = uid {
        options = options.uid(uid);
    }
    if let Some(tz) = tz {
        options = options.time_zone(tz);
    }
    let import = crate::ical::parse_ical_events(&text, &options)?;
    warn(import.refused());
    for event in import.events() {
        warn(event.warnings());
        let spec = event.spec();
        let rows = || table::spec_rows(spec);
        single(spec, &rows).emit(out, output, Shape::Records);
    }
    Ok(())
}

/// A result that is one object: its own only record.
fn single<'a, T: serde::Serialize>(
    whole: &'a T,
    rows: &'a dyn Fn() -> Vec<Vec<String>>,
) -> Report<'a, T, T> {
    Report {
        whole,
        records: std::slice::from_ref(whole),
        rows,
        table: None,
    }
}

/// `wallclock describe`: the text, or `{"description": …}`.
fn describe(out: &mut String, text: &str, output: &Output) {
    let whole = serde_json::json!({ "description": text });
    let rows = || vec![vec!["DESCRIPTION".into()], vec![text.to_owned()]];
    let table = |out: &mut String| {
        out.push_str(text);
        out.push('\n');
    };
    Report {
        table: Some(&table),
        ..single(&whole, &rows)
    }
    .emit(out, output, Shape::Text);
}

/// `wallclock misfire`: a decision for every due occurrence.
fn misfire(
    out: &mut String,
    sources: &mut Sources,
    spec: &SpecArgs,
    now: &str,
    due: &str,
    output: &Output,
) -> Result<(), Error> {
    if spec.spec.as_deref() == Some("-") && due == "-" {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_BOTH_STDIN)
                .with("first", "spec")
                .with("second", "due"),
        )
        .with_field("due"));
    }
    let schedule = load(spec, sources)?;
    sources.flag("now", Some(now));
    let now = Reader::new(&schedule, None, Spelling::Flags).instant(now, "now")?;
    let due = crate::misfire::Due::list(&input::read_source(due, "due")?, &schedule)?;
    warn(&crate::misfire::check_due(&schedule, &due, now)?);
    let decisions = crate::misfire::decide_misfires(&schedule, &due, now);
    let rows = || table::misfire_rows(&decisions);
    Report {
        whole: &decisions,
        records: &decisions,
        rows: &rows,
        table: None,
    }
    .emit(out, output, Shape::Records);
    Ok(())
}

/// `wallclock zones`: one name per line, or a list.
fn zones(out: &mut String, output: &Output) {
    let zones = crate::zone::time_zones();
    let rows = || {
        std::iter::once(vec!["ZONE".to_owned()])
            .chain(zones.iter().map(|z| vec![z.to_string()]))
            .collect()
    };
    let table = |out: &mut String| {
        for name in &zones {
            out.push_str(name);
            out.push('\n');
        }
    };
    Report {
        whole: &zones,
        records: &zones,
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, output, Shape::Text);
}

impl Window {
    /// The reader of this window's bounds, "now" resolved, recording what
    /// the user typed.
    fn reader<'s>(
        &self,
        schedule: &'s Schedule,
        sources: &mut Sources,
    ) -> Result<(Reader<'s>, Timestamp), Error> {
        sources.flag("from", self.from.as_deref());
        sources.flag("to", self.to.as_deref());
        let now = now(&self.now, schedule, sources)?;
        Ok((Reader::new(schedule, Some(now), Spelling::Flags), now))
    }
}

/// `wallclock expand`: from the spec's start unless `--from` says otherwise.
fn expand(
    schedule: &Schedule,
    sources: &mut Sources,
    limit: Option<usize>,
    window: &Window,
) -> Result<Expansion, Error> {
    let (reader, _) = window.reader(schedule, sources)?;
    let options = reader.options(limit, window.from.as_deref(), window.to.as_deref())?;
    let mut result = crate::plan::expand(schedule, &options)?;
    if result.entries().is_empty() {
        result.warn(empty_window(&[schedule], &options));
    }
    Ok(result)
}

/// `wallclock notices`: by default the coming year of a running schedule.
fn notices(
    schedule: &Schedule,
    sources: &mut Sources,
    window: &Window,
    horizon: Option<&str>,
) -> Result<Expansion, Error> {
    sources.flag("horizon", horizon);
    let (reader, _) = window.reader(schedule, sources)?;
    let (from, to) =
        reader.notices_window(window.from.as_deref(), window.to.as_deref(), horizon)?;
    let mut result = crate::plan::notices(schedule, from, to)?;
    if result.entries().is_empty() {
        let window = ExpandOptions::new().from(from).to(to);
        result.warn(empty_window(&[schedule], &window));
    }
    Ok(result)
}

/// `wallclock diff`: both specs over one window; `DIFFERS` when anything does.
fn diff(
    out: &mut String,
    sources: &mut Sources,
    old: &str,
    new: &str,
    output: &Output,
    window: &Window,
) -> Result<i32, Error> {
    if old == "-" && new == "-" {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(says::CLI_BOTH_STDIN)
                .with("first", "old")
                .with("second", "new"),
        )
        .with_field("new"));
    }
    let read = |path: &str, field: &str| -> Result<Schedule, Error> {
        Schedule::new(&input::spec_text(&input::read_source(path, field)?)?)
    };
    let old = read(old, "old")?;
    let new = read(new, "new")?;
    let (reader, _) = window.reader(&old, sources)?;
    let (from, to) = reader.diff_window(window.from.as_deref(), window.to.as_deref())?;
    let window = ExpandOptions::new().from(from).to(to);
    let mut result = crate::diff::diff(&old, &new, &window)?;
    if result.changes().is_empty() && result.unchanged() == 0 {
        result.warn(empty_window(&[&old, &new], &window));
    }
    let rows = || table::diff_rows(&result);
    let table = |out: &mut String| table::diff(out, &result);
    Report {
        whole: &result,
        records: result.changes(),
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, output, Shape::Records);
    Ok(if result.is_empty() { OK } else { DIFFERS })
}

fn version_text() -> String {
    format!(
        "wallclock {} (tzdb {})\n",
        env!("CARGO_PKG_VERSION"),
        crate::zone::tzdb_version()
    )
}

fn print_expansion(out: &mut String, result: &Expansion, output: &Output) {
    let rows = || table::expansion_rows(result);
    let table = |out: &mut String| table::expansion(out, result);
    Report {
        whole: result,
        records: result.entries(),
        rows: &rows,
        table: Some(&table),
    }
    .emit(out, output, Shape::Records);
}

/// Used by `args` to build a spec from flags; kept here so `args` stays declarative.
pub(crate) fn apply_overrides(spec: &mut Spec, a: &args::SpecArgs) -> Result<(), Error> {
    if let Some(id) = &a.id {
        spec.id = id.clone();
    }
    if let Some(gap) = &a.gap {
        spec.gap = gap.parse()?;
    }
    if let Some(fold) = &a.fold {
        spec.fold = fold.parse()?;
    }
    if let Some(invalid) = &a.invalid_date {
        spec.invalid_date = invalid.parse()?;
    }
    if let Some(misfire) = &a.misfire {
        spec.misfire = misfire.parse()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--lang` before `ledger` (or `help ledger`) goes after it, so the
    /// ledger's own parser is reached; other command lines stay as they are.
    #[test]
    fn lang_before_the_ledger_moves_after_it() {
        let moved = |args: &[&str]| -> Vec<String> {
            let args = args.iter().map(OsString::from).collect();
            lang_after_subcommand(args)
                .into_iter()
                .map(|a| a.into_string().unwrap_or_default())
                .collect()
        };
        assert_eq!(
            moved(&["wallclock", "--lang", "zh-CN", "ledger", "schedules"]),
            ["wallclock", "ledger", "--lang", "zh-CN", "schedules"]
        );
        assert_eq!(
            moved(&["wallclock", "--lang=zh-TW", "help", "ledger", "add"]),
            ["wallclock", "help", "ledger", "--lang=zh-TW", "add"]
        );
        let kept = ["wallclock", "--lang", "zh-CN", "describe", "ledger"];
        assert_eq!(moved(&kept), kept);
        assert_eq!(moved(&["wallclock", "--lang"]), ["wallclock", "--lang"]);
    }

    /// `language` for a command line and an environment of (name, value).
    fn chosen(args: &[&str], env: &[(&str, &str)]) -> (Lang, Option<&'static str>) {
        let args: Vec<OsString> = std::iter::once("wallclock")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        let env = |name: &str| {
            env.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        };
        let (lang, warning) = language(&args, env);
        (lang, warning.map(|w| w.code()))
    }

    #[test]
    fn the_flag_then_wallclock_lang_then_the_locale_choose_the_language() {
        use Lang::*;
        let zh_env = [("WALLCLOCK_LANG", "zh-TW"), ("LANG", "zh_CN.UTF-8")];
        assert_eq!(chosen(&["expand", "--lang", "en"], &zh_env), (En, None));
        assert_eq!(chosen(&["--lang=zh-HK", "describe"], &[]), (ZhTw, None));
        assert_eq!(chosen(&["describe"], &zh_env), (ZhTw, None));
        assert_eq!(chosen(&["describe"], &zh_env[1..]), (ZhCn, None));
        assert_eq!(
            chosen(
                &["describe"],
                &[("LC_ALL", "zh_TW.UTF-8"), ("LANG", "zh_CN.UTF-8")]
            ),
            (ZhTw, None)
        );
        assert_eq!(
            chosen(
                &["describe"],
                &[("LC_MESSAGES", "zh_SG"), ("LANG", "en_US.UTF-8")]
            ),
            (ZhCn, None)
        );
        assert_eq!(chosen(&["describe"], &[("LANG", "C.UTF-8")]), (En, None));
        // A locale in a language wallclock does not write is English,
        // silently; a tag asked for is English with a warning.
        assert_eq!(
            chosen(&["describe"], &[("LANG", "fr_FR.UTF-8")]),
            (En, None)
        );
        assert_eq!(
            chosen(&["describe", "--lang", "fr"], &zh_env),
            (En, Some("unknown_language"))
        );
        assert_eq!(
            chosen(&["describe"], &[("WALLCLOCK_LANG", "klingon")]),
            (En, Some("unknown_language"))
        );
        // After `--`, `--lang` is not a flag.
        assert_eq!(
            chosen(&["describe", "--", "--lang", "zh-CN"], &[]),
            (En, None)
        );
    }
}
