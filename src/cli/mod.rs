//! The `wallclock` command-line tool (feature `native`).
//!
//! Shaped like ripgrep: [`main_with_args`] parses with clap, runs, and
//! returns an exit status; the binary only calls `std::process::exit`.
//! Every failure, including a usage error, prints the library's JSON error
//! object (`{"code","message","field"?,"position"?}`) on one line to stderr
//! and exits with status 2, so scripts can rely on one error shape.

mod args;
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod ledger;
#[cfg(not(target_arch = "wasm32"))]
mod ledger_ops;
#[cfg(not(target_arch = "wasm32"))]
mod metrics;
#[cfg(not(target_arch = "wasm32"))]
mod runner;
mod table;

use std::ffi::OsString;
use std::io::{self, Write};

use crate::error::{Error, ErrorCode};
use crate::plan::{ExpandOptions, Expansion};
use crate::spec::{Schedule, Spec};
use clap::Parser;

use args::{Cli, Command, Format, Output};

/// Exit status for success.
const OK: i32 = 0;
/// Exit status for a `diff` that found differences (as `diff(1)` does).
const DIFFERS: i32 = 1;
/// Exit status for every error, as ripgrep uses for errors.
const FAILED: i32 = 2;

/// Runs the tool with `args` (including the program name); returns the exit status.
pub fn main_with_args(args: Vec<OsString>) -> i32 {
    #[cfg(not(target_arch = "wasm32"))]
    if args.get(1).is_some_and(|a| a == "ledger") {
        return ledger::main(args);
    }
    let sub = subcommand(&args);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e, "wallclock", sub.as_deref()),
    };
    let mut out = String::new();
    let result = run(cli, &mut out);
    match result {
        Ok(status) => {
            let mut stdout = io::stdout().lock();
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => status,
                // A closed pipe (`wallclock zones | head`) is not a failure.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
                Err(e) => report(&Error::new(
                    ErrorCode::Internal,
                    format!("cannot write to stdout: {e}"),
                )),
            }
        }
        Err(e) => report(&e),
    }
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

/// Prints an error as one line of JSON on stderr; returns the exit status.
fn report(err: &Error) -> i32 {
    let line =
        serde_json::to_string(err).unwrap_or_else(|_| format!("{{\"code\":\"{}\"}}", err.code()));
    let _ = writeln!(io::stderr().lock(), "{line}");
    FAILED
}

/// The subcommand named by `args` (program name first), if any.
fn subcommand(args: &[OsString]) -> Option<String> {
    args.get(1)
        .and_then(|a| a.to_str())
        .filter(|a| !a.starts_with('-'))
        .map(str::to_owned)
}

/// Help goes to stdout with status 0; usage errors become JSON errors that
/// point to `<command> --help`, or to `<command> <sub> --help` for a
/// missing argument, which only the subcommand's help explains.
fn clap_error(e: &clap::Error, command: &str, sub: Option<&str>) -> i32 {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let help = match sub {
        Some(sub) if e.kind() == ErrorKind::MissingRequiredArgument => {
            format!("{command} {sub} --help")
        }
        _ => format!("{command} --help"),
    };
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            FAILED
        }
        _ => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            let message = first
                .strip_prefix("error: ")
                .unwrap_or(first)
                .replace('\'', "`");
            // clap lists missing arguments on the lines after the first.
            if let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg) {
                let names: Vec<String> = missing.iter().map(|a| format!("`{a}`")).collect();
                let field = missing
                    .first()
                    .and_then(|a| a.trim_start_matches('-').split([' ', '>']).next())
                    .map(|a| a.trim_start_matches('<').to_ascii_lowercase());
                let err = Error::new(
                    ErrorCode::InvalidOption,
                    format!(
                        "missing required argument{} {}: see `{help}`",
                        if names.len() > 1 { "s" } else { "" },
                        names.join(", ")
                    ),
                );
                return report(&match field {
                    Some(f) if !f.is_empty() => err.with_field(f),
                    _ => err,
                });
            }
            let mut err = Error::new(ErrorCode::InvalidOption, format!("{message}: see `{help}`"));
            if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
                let name = arg
                    .split([' ', '='])
                    .next()
                    .unwrap_or(arg)
                    .trim_start_matches('-');
                if !name.is_empty() {
                    err = err.with_field(name.to_owned());
                }
            }
            report(&err)
        }
    }
}

/// Runs one command, writing its output to `out`; returns the exit status.
// One short arm per subcommand: read as a dispatch table, whole.
fn run(cli: Cli, out: &mut String) -> Result<i32, Error> {
    if cli.version {
        out.push_str(&version_text());
        return Ok(OK);
    }
    let Some(command) = cli.command else {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            "no command given: expected one of `expand`, `validate`, `describe`, `notices`, `ical`, `from-ical`, `misfire`, `diff`, `zones`, e.g. `wallclock expand --spec daily.json --limit 10`",
        ));
    };
    match command {
        Command::Expand {
            spec,
            output,
            limit,
            from,
            to,
        } => {
            let schedule = spec.schedule()?;
            let mut options = ExpandOptions::new();
            if let Some(limit) = limit {
                options = options.limit(limit);
            }
            if let Some(from) = from {
                options = options.from(input::instant(&from, &schedule, "from")?);
            }
            if let Some(to) = to {
                options = options.to(input::instant(&to, &schedule, "to")?);
            }
            let result = crate::plan::expand(&schedule, &options)?;
            print_expansion(out, &result, &output);
        }
        Command::Notices {
            spec,
            output,
            from,
            horizon,
        } => {
            let schedule = spec.schedule()?;
            let from = match from {
                Some(text) => input::instant(&text, &schedule, "from")?,
                None => input::start_instant(&schedule)?,
            };
            let to = match horizon.as_deref() {
                Some(horizon) => input::horizon_end(&schedule, from, horizon)?,
                None => crate::plan::notice_window(&schedule, from).1,
            };
            let result = crate::plan::notices(&schedule, from, to)?;
            print_expansion(out, &result, &output);
        }
        Command::Validate { spec, pretty } => {
            let schedule = spec.schedule()?;
            push_json(out, &crate::validate(&schedule), pretty);
        }
        Command::Describe { spec } => {
            let schedule = spec.schedule()?;
            out.push_str(&crate::describe::describe(&schedule));
            out.push('\n');
        }
        Command::Ical { spec } => {
            let spec = spec.spec()?;
            // Validate first: printing a spec that cannot run would only
            // move the error to whoever imports the file.
            Schedule::new(&spec)?;
            out.push_str(&crate::ical::to_vcalendar(&spec, jiff::Timestamp::now()));
        }
        Command::FromIcal {
            file,
            uid,
            tz,
            pretty,
        } => {
            let text = input::read_source(&file, "file")?;
            let mut options = crate::ical::IcalOptions::new();
            if let Some(uid) = uid {
                options = options.uid(uid);
            }
            if let Some(tz) = tz {
                options = options.time_zone(tz);
            }
            let events = crate::ical::parse_ical_events(&text, &options)?;
            // Every event is checked before any is printed.
            for event in &events {
                Schedule::new(event.spec())?;
            }
            for event in &events {
                warn(event.warnings());
                push_json(out, event.spec(), pretty);
            }
        }
        Command::Misfire {
            spec,
            now,
            due,
            pretty,
        } => {
            if spec.spec.as_deref() == Some("-") && due == "-" {
                return Err(Error::new(
                    ErrorCode::InvalidOption,
                    "`--spec -` and `--due -` cannot both read stdin: put one of them in a file",
                )
                .with_field("due"));
            }
            let schedule = spec.schedule()?;
            let now = input::instant(&now, &schedule, "now")?;
            let due = input::due_list(&input::read_source(&due, "due")?)?;
            warn(&crate::misfire::check_due(&schedule, &due, now)?);
            let decisions = crate::misfire::decide_misfires(&schedule, &due, now);
            push_json(out, &decisions, pretty);
        }
        Command::Diff {
            old,
            new,
            output,
            from,
            to,
        } => return diff(out, &old, &new, &output, from, to),
        Command::Zones => {
            for name in crate::zone::time_zones() {
                out.push_str(&name);
                out.push('\n');
            }
        }
    }
    Ok(OK)
}

/// `wallclock diff`: both specs over one window; `DIFFERS` when anything does.
fn diff(
    out: &mut String,
    old: &str,
    new: &str,
    output: &Output,
    from: Option<String>,
    to: Option<String>,
) -> Result<i32, Error> {
    if old == "-" && new == "-" {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            "`--old -` and `--new -` cannot both read stdin: put one of them in a file",
        )
        .with_field("new"));
    }
    let read = |path: &str, field: &str| -> Result<Schedule, Error> {
        Schedule::new(&input::spec_text(&input::read_source(path, field)?)?)
    };
    let old = read(old, "old")?;
    let new = read(new, "new")?;
    let from = match from {
        Some(text) => input::instant(&text, &old, "from")?,
        None => jiff::Timestamp::now(),
    };
    let to = match to {
        Some(text) => input::instant(&text, &old, "to")?,
        None => input::horizon_end(&old, from, "P365D")?,
    };
    let result = crate::diff::diff(&old, &new, &ExpandOptions::new().from(from).to(to))?;
    match output.format {
        Format::Json => push_json(out, &result, output.pretty),
        Format::Table => table::diff(out, &result),
    }
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
    match output.format {
        Format::Json => push_json(out, result, output.pretty),
        Format::Table => table::expansion(out, result),
    }
}

fn push_json<T: serde::Serialize + ?Sized>(out: &mut String, value: &T, pretty: bool) {
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    // Our Serialize impls only produce strings, numbers, lists and maps.
    out.push_str(&text.unwrap_or_default());
    out.push('\n');
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
