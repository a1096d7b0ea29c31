//! The one reader of a window's options as people type them — `from`,
//! `to` and `limit` — for the command line (`--from`, `--to`, `--limit`,
//! `--now`) and for JS and JSON option objects alike.
//!
//! A bound is `now`, an instant (`2026-03-08T07:00:00Z`, `…-05:00`), a
//! local date-time or a bare date (its midnight) in the schedule's zone
//! (compatible disambiguation: a time in a gap moves forward by the gap, a
//! time in a fold takes the first), or a signed duration (`P7D`, `+7d`,
//! `-PT1H`) counted in the schedule's zone from now (`from`) or from the
//! window start (`to`). Durations are left out of the wasm build (DESIGN.md,
//! "One reader for window options"). A surface chooses only how its
//! messages spell an option ([`Spelling`]) and whether it has a clock.
//! Outside the wasm build it also says which window `notices` and `diff`
//! look at when a bound is left out, for the command line and Python alike.

use jiff::Timestamp;

use crate::error::{Error, ErrorCode};
use crate::lang::Text;
use crate::lang::errors as e;
use crate::plan::ExpandOptions;
use crate::spec::{Schedule, instant_in, parse_local};

/// How a surface's messages name its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// The command line's flags: `--from`, `--limit 50`.
    #[cfg(feature = "native")]
    Flags,
    /// The fields of JSON and JS option objects: `from`, `limit: 50`.
    Fields,
    /// Python's keyword arguments: `since` and `until` (`from` is a Python
    /// keyword), `limit=50`; a bound may be `now` or a duration, as on the
    /// command line.
    #[cfg(feature = "python")]
    Python,
}

impl Spelling {
    /// What goes before an option's name: `--` for a flag.
    fn prefix(self) -> &'static str {
        match self {
            #[cfg(feature = "native")]
            Spelling::Flags => "--",
            Spelling::Fields => "",
            #[cfg(feature = "python")]
            Spelling::Python => "",
        }
    }

    /// The name of a window bound, `from` or `to`, on this surface; also
    /// the `field` its errors name.
    pub(crate) fn bound_name(self, field: &'static str) -> &'static str {
        match (self, field) {
            #[cfg(feature = "python")]
            (Spelling::Python, "from") => "since",
            #[cfg(feature = "python")]
            (Spelling::Python, "to") => "until",
            _ => field,
        }
    }

    /// The error of a bound that is neither `now`, a time nor a duration:
    /// on the command line, the instant's error with the other forms a
    /// bound takes.
    fn not_a_bound(self, err: Error) -> Error {
        match self {
            #[cfg(feature = "native")]
            Spelling::Flags => {
                let message = Text::new(e::OR_OTHER_FORMS).with("error", err.text().clone());
                let field = err.field().unwrap_or_default().to_owned();
                Error::new(err.code(), message).with_field(field)
            }
            Spelling::Fields => err,
            #[cfg(feature = "python")]
            Spelling::Python => {
                let message = Text::new(e::OR_DATETIME).with("error", err.text().clone());
                let field = err.field().unwrap_or_default().to_owned();
                Error::new(err.code(), message).with_field(field)
            }
        }
    }
}

/// `empty_window`: none of `schedules` has an occurrence in the window of
/// `options`, although one of them has occurrences outside it (a schedule
/// that ended before the window, or starts after it), so an empty table
/// or "0 added, 0 removed" would hide it. The warning names the first
/// occurrence and the `--from` that shows it. `None` without a window,
/// when an occurrence falls in it, when no schedule has one at all, or
/// when finding out passes a ceiling. The command line's only: in the wasm
/// build it does not fit the size budget (DESIGN.md, "What the package
/// leaves out").
#[cfg(feature = "native")]
pub(crate) fn empty_window(
    schedules: &[&Schedule],
    options: &ExpandOptions,
) -> Option<crate::plan::Warning> {
    use crate::format::fmt_instant;
    use crate::lang::{Arg, Text, warnings};
    use crate::plan::{Warning, execution_instants};
    // Without a window this finds the schedules' first occurrences too,
    // so it answers `None`: there is no window to blame.
    let mut first: Option<Timestamp> = None;
    for schedule in schedules {
        if !execution_instants(schedule, &options.limit(1))
            .ok()?
            .is_empty()
        {
            return None;
        }
        for at in execution_instants(schedule, &ExpandOptions::new().limit(1)).ok()? {
            if first.is_none_or(|f| at < f) {
                first = Some(at);
            }
        }
    }
    let first = first?;
    let template = match schedules.len() {
        1 => warnings::EMPTY_WINDOW_ONE,
        _ => warnings::EMPTY_WINDOW_NEITHER,
    };
    let span = match (options.get_from(), options.get_to()) {
        (Some(from), Some(to)) => Text::new(warnings::WINDOW_FROM_TO)
            .with("from", Arg::Instant(from))
            .with("to", Arg::Instant(to))
            .into(),
        (Some(from), None) => Text::new(warnings::WINDOW_FROM)
            .with("from", Arg::Instant(from))
            .into(),
        (None, Some(to)) => Text::new(warnings::WINDOW_TO)
            .with("to", Arg::Instant(to))
            .into(),
        (None, None) => Arg::Str(String::new()),
    };
    Some(Warning::new(
        "empty_window",
        Text::new(template)
            .with("span", span)
            .with("first", Arg::Instant(first))
            .with("token", fmt_instant(first)),
    ))
}

/// A limit as a surface carries it.
#[cfg(any(feature = "native", feature = "wasm", feature = "python"))]
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Limit {
    /// Text as typed (`--limit 50`, Python's `limit=50` as `str` gives it).
    #[cfg(any(feature = "native", feature = "python"))]
    Text(String),
    /// A JS number.
    #[cfg(feature = "wasm")]
    Number(f64),
}

/// The one check of a limit: a whole number of 0 or more. Huge values
/// saturate (the planner's own ceilings bound the work), and 0 is left to
/// the planner, whose message every caller of [`crate::expand`] gets.
#[cfg(any(feature = "native", feature = "wasm", feature = "python"))]
pub(crate) fn read_limit(limit: &Limit, spelling: Spelling) -> Result<usize, Error> {
    // The limit if it is one, and the value as the user wrote it.
    let (whole, shown): (Option<u64>, &dyn std::fmt::Display) = match limit {
        #[cfg(any(feature = "native", feature = "python"))]
        Limit::Text(text) => match text.parse::<u64>() {
            Ok(n) => (Some(n), text),
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => (Some(u64::MAX), text),
            Err(_) => (None, text),
        },
        #[cfg(feature = "wasm")]
        Limit::Number(n) => {
            let whole = if n.is_infinite() && *n > 0.0 {
                Some(u64::MAX)
            } else if !n.is_finite() || *n < 0.0 || n.fract() != 0.0 {
                None
            } else {
                // `as` saturates for floats above u64::MAX.
                Some(*n as u64)
            };
            (whole, n)
        }
    };
    if let Some(n) = whole {
        return Ok(usize::try_from(n).unwrap_or(usize::MAX));
    }
    let example = match spelling {
        #[cfg(feature = "native")]
        Spelling::Flags => "--limit 50",
        Spelling::Fields => "limit: 50",
        #[cfg(feature = "python")]
        Spelling::Python => "limit=50",
    };
    let prefix = spelling.prefix();
    Err(Error::new(
        ErrorCode::InvalidOption,
        Text::new(e::LIMIT)
            .with("field", format!("{prefix}limit"))
            .with("text", shown.to_string())
            .with("example", example),
    )
    .with_field("limit"))
}

/// Reads window bounds in one schedule's zone, with "now" if the surface
/// has a clock.
pub(crate) struct Reader<'s> {
    schedule: &'s Schedule,
    #[cfg_attr(
        target_arch = "wasm32",
        expect(dead_code, reason = "the wasm build reads no clock")
    )]
    now: Option<Timestamp>,
    spelling: Spelling,
}

/// What a duration in a bound counts from.
#[derive(Clone, Copy)]
#[cfg_attr(
    target_arch = "wasm32",
    expect(dead_code, reason = "the wasm build reads no durations")
)]
enum Base {
    /// Now: a window start.
    Now,
    /// The spec's start: the end of a window without a start.
    Start,
    /// The window start.
    At(Timestamp),
}

impl<'s> Reader<'s> {
    /// A reader of bounds in `schedule`'s zone; `now` is what `now` means
    /// (`None`: a surface without a clock, where `now` is an error).
    pub(crate) fn new(schedule: &'s Schedule, now: Option<Timestamp>, spelling: Spelling) -> Self {
        Reader {
            schedule,
            now,
            spelling,
        }
    }

    /// `expand`'s options: a duration in `to` counts from `from`, else from
    /// the spec's start.
    pub(crate) fn options(
        &self,
        limit: Option<usize>,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<ExpandOptions, Error> {
        let mut options = ExpandOptions::new();
        if let Some(limit) = limit {
            options = options.limit(limit);
        }
        let mut base = Base::Start;
        if let Some(from) = from {
            let from = self.from(from)?;
            options = options.from(from);
            base = Base::At(from);
        }
        if let Some(to) = to {
            options = options.to(self.bound(to, "to", base)?);
        }
        #[cfg(feature = "python")]
        self.check(&options)?;
        Ok(options)
    }

    /// The planner's checks of a window as a whole, with the bounds named
    /// as this surface names them (`since`, `until` in Python): the
    /// planner's own errors name them `from` and `to`.
    #[cfg(feature = "python")]
    fn check(&self, options: &ExpandOptions) -> Result<(), Error> {
        let name = |field| self.spelling.bound_name(field);
        if let (Some(from), Some(to)) = (options.get_from(), options.get_to())
            && to < from
        {
            return Err(crate::plan::window_order_error(
                from,
                to,
                name("from"),
                name("to"),
            ));
        }
        if self.schedule.is_unbounded()
            && options.get_limit().is_none()
            && options.get_to().is_none()
        {
            return Err(crate::plan::unbounded_error(name("to")));
        }
        Ok(())
    }

    /// A window start: a duration counts from now.
    pub(crate) fn from(&self, text: &str) -> Result<Timestamp, Error> {
        self.bound(text, "from", Base::Now)
    }

    /// A window end: a duration counts from the window start, `start`.
    #[cfg(any(feature = "native", feature = "python"))]
    pub(crate) fn to(&self, text: &str, start: Timestamp) -> Result<Timestamp, Error> {
        self.bound(text, "to", Base::At(start))
    }

    /// `notices`' window: from `from`, else from now (or from the start of
    /// a schedule that has not started yet, [`crate::plan::default_from`]);
    /// to `from` plus `horizon`, else `to`, else "the next 12 months"
    /// ([`crate::notice_window`]). Only surfaces with a clock ask.
    #[cfg(any(feature = "native", feature = "python"))]
    pub(crate) fn notices_window(
        &self,
        from: Option<&str>,
        to: Option<&str>,
        horizon: Option<&str>,
    ) -> Result<(Timestamp, Timestamp), Error> {
        let from = match from {
            Some(text) => self.from(text)?,
            None => crate::plan::default_from(self.schedule, self.clock()?)?,
        };
        let to = match (horizon, to) {
            (Some(horizon), _) => self.horizon_end(from, horizon)?,
            (None, Some(to)) => self.to(to, from)?,
            (None, None) => crate::plan::notice_window(self.schedule, from).1,
        };
        Ok((from, to))
    }

    /// `diff`'s window: from `from`, else now; to `to`, else 365 local days
    /// later.
    #[cfg(any(feature = "native", feature = "python"))]
    pub(crate) fn diff_window(
        &self,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<(Timestamp, Timestamp), Error> {
        let from = match from {
            Some(text) => self.from(text)?,
            None => self.clock()?,
        };
        let to = match to {
            Some(text) => self.to(text, from)?,
            None => self.horizon_end(from, "P365D")?,
        };
        Ok((from, to))
    }

    /// `from` plus a window length (`P12M`, `P365D`, `14d`) in the
    /// schedule's zone, so `P12M` means twelve calendar months and `P365D`
    /// 365 local days.
    #[cfg(any(feature = "native", feature = "python"))]
    fn horizon_end(&self, from: Timestamp, horizon: &str) -> Result<Timestamp, Error> {
        let label = format!("{}horizon", self.spelling.prefix());
        let span = crate::duration::window(horizon, &label, "horizon")?;
        later(self.schedule, from, span, &label, "horizon", horizon)
    }

    /// Now, on a surface that has a clock.
    #[cfg(any(feature = "native", feature = "python"))]
    fn clock(&self) -> Result<Timestamp, Error> {
        self.now
            .ok_or_else(|| Error::internal("a window read without a clock"))
    }

    /// An instant, or a local date-time or bare date in the schedule's zone:
    /// what `--now` takes.
    pub(crate) fn instant(&self, text: &str, field: &str) -> Result<Timestamp, Error> {
        let text = text.trim();
        // A bare date means its local midnight.
        let midnight = (text.len() == 10)
            .then(|| format!("{text}T00:00"))
            .filter(|m| parse_local(m).is_ok());
        let read = instant_in(
            self.schedule.time_zone(),
            midnight.as_deref().unwrap_or(text),
            field,
        );
        match self.spelling {
            #[cfg(feature = "native")]
            Spelling::Flags => read.map_err(|_| {
                Error::new(
                    ErrorCode::InvalidDateTime,
                    Text::new(e::FLAG_INSTANT)
                        .with("field", field)
                        .with("text", text),
                )
                .with_field(field)
            }),
            Spelling::Fields => read,
            #[cfg(feature = "python")]
            Spelling::Python => read,
        }
    }

    /// An [`instant`](Self::instant), `now`, or a duration from `base`;
    /// `field` is `from` or `to`, named as the surface names it.
    fn bound(&self, text: &str, field: &'static str, base: Base) -> Result<Timestamp, Error> {
        let field = self.spelling.bound_name(field);
        match self.instant(text, field) {
            Ok(at) => Ok(at),
            Err(e) => self
                .clock_or_span(text, field, base)
                .unwrap_or_else(|| Err(self.spelling.not_a_bound(e))),
        }
    }

    /// `now`, or a duration from `base`; `None` for text that is neither.
    #[cfg(not(target_arch = "wasm32"))]
    fn clock_or_span(
        &self,
        text: &str,
        field: &str,
        base: Base,
    ) -> Option<Result<Timestamp, Error>> {
        if text.trim().eq_ignore_ascii_case("now") {
            return Some(self.now.ok_or_else(|| self.no_clock(text, field)));
        }
        if !looks_like_duration(text) {
            return None;
        }
        let label = format!("{}{field}", self.spelling.prefix());
        let read = || {
            let span = crate::duration::span(text, &label, field)?;
            let base = match base {
                Base::Now => self.now.ok_or_else(|| self.no_clock(text, field))?,
                Base::Start => crate::plan::start_instant(self.schedule)?,
                Base::At(at) => at,
            };
            later(self.schedule, base, span, &label, field, text)
        };
        Some(read())
    }

    /// The wasm build reads no clock and no durations (jiff's span parser
    /// and span arithmetic do not fit its size budget): there `now` and a
    /// duration get the instant's error.
    #[cfg(target_arch = "wasm32")]
    fn clock_or_span(
        &self,
        _text: &str,
        _field: &str,
        _base: Base,
    ) -> Option<Result<Timestamp, Error>> {
        None
    }

    /// `now`, or a duration from it, on a surface without a clock.
    #[cfg(not(target_arch = "wasm32"))]
    fn no_clock(&self, text: &str, field: &str) -> Error {
        Error::new(
            ErrorCode::InvalidOption,
            Text::new(e::NO_CLOCK)
                .with("field", format!("{}{field}", self.spelling.prefix()))
                .with("text", text.trim()),
        )
        .with_field(field)
    }
}

/// `base` plus `span` in `schedule`'s zone, so `P12M` is twelve calendar
/// months and `P1D` one local day; `label` and `text` are the option as
/// typed, for the error.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn later(
    schedule: &Schedule,
    base: Timestamp,
    span: jiff::Span,
    label: &str,
    field: &str,
    text: &str,
) -> Result<Timestamp, Error> {
    base.to_zoned_datetime(schedule.time_zone().clone())
        .checked_add(span)
        .map(|z| z.timestamp())
        .map_err(|_| {
            Error::new(
                ErrorCode::InvalidDuration,
                Text::new(e::WINDOW_BEYOND)
                    .with("field", label)
                    .with("text", text),
            )
            .with_field(field)
        })
}

/// Durations start with a sign, `P`, or a number followed by a unit
/// letter; dates and times start with four digits and a `-`.
#[cfg(not(target_arch = "wasm32"))]
fn looks_like_duration(text: &str) -> bool {
    let text = text.trim().as_bytes();
    let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
    matches!(text.first(), Some(b'+' | b'-' | b'P' | b'p'))
        || (digits > 0
            && text
                .get(digits)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b' '))
}

impl ExpandOptions {
    /// Builds options from their text forms, as JSON carries them, with the
    /// reader the command line and the JS package share: `from` and `to`
    /// are instants, local date-times or bare dates (their midnight) in the
    /// schedule's zone, or, outside the wasm build, durations (`P7D` in
    /// `to` counts from `from`, else from the spec's start); `now` is
    /// refused, since the library never reads the clock.
    ///
    /// ```
    /// use wallclock::{ExpandOptions, Schedule};
    ///
    /// let schedule = Schedule::from_json(
    ///     r#"{"timeZone": "America/New_York", "start": "2026-03-01T09:00", "rrule": "FREQ=DAILY"}"#,
    /// )?;
    /// let options = ExpandOptions::parse(&schedule, Some(50), Some("2026-03-08"), Some("P7D"))?;
    /// assert_eq!(options.get_from().unwrap().to_string(), "2026-03-08T05:00:00Z");
    /// assert_eq!(options.get_to().unwrap().to_string(), "2026-03-15T04:00:00Z");
    /// # Ok::<(), wallclock::Error>(())
    /// ```
    pub fn parse(
        schedule: &Schedule,
        limit: Option<u64>,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<ExpandOptions, Error> {
        let limit = limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        Reader::new(schedule, None, Spelling::Fields).options(limit, from, to)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn schedule(zone: &str) -> Schedule {
        Schedule::from_json(&format!(
            r#"{{"timeZone":"{zone}","start":"2026-03-01T09:00","rrule":"FREQ=DAILY"}}"#
        ))
        .unwrap()
    }

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    #[test]
    fn bare_dates_are_local_midnights_resolved_like_any_local_time() {
        let ny = schedule("America/New_York");
        let read = Reader::new(&ny, None, Spelling::Fields);
        assert_eq!(read.from("2026-03-08").unwrap(), at("2026-03-08T05:00:00Z"));
        assert_eq!(
            read.from(" 2026-03-08 ").unwrap(),
            at("2026-03-08T05:00:00Z")
        );
        // Santiago's clocks jump from 00:00 to 01:00: midnight moves forward by the gap.
        let santiago = schedule("America/Santiago");
        let read = Reader::new(&santiago, None, Spelling::Fields);
        assert_eq!(read.from("2026-09-06").unwrap(), at("2026-09-06T04:00:00Z"));
    }

    #[test]
    fn durations_count_from_now_the_window_start_or_the_spec_start() {
        let ny = schedule("America/New_York");
        let now = at("2026-03-07T17:00:00Z");
        let read = Reader::new(&ny, Some(now), Spelling::Fields);
        assert_eq!(read.from("now").unwrap(), now);
        assert_eq!(read.from("NOW ").unwrap(), now);
        // One local day over the clock change is 23 hours.
        assert_eq!(read.from("+1d").unwrap(), at("2026-03-08T16:00:00Z"));
        assert_eq!(read.from("-PT1H").unwrap(), at("2026-03-07T16:00:00Z"));
        let window = read.options(None, Some("2026-03-07"), Some("P2D")).unwrap();
        assert_eq!(window.get_to(), Some(at("2026-03-09T04:00:00Z")));
        // No `from`: the spec's start, 2026-03-01T09:00-05:00.
        let window = read.options(None, None, Some("1w")).unwrap();
        assert_eq!(window.get_to(), Some(at("2026-03-08T13:00:00Z")));
    }

    #[test]
    fn without_a_clock_now_is_refused_and_durations_from_it_too() {
        let ny = schedule("America/New_York");
        let read = Reader::new(&ny, None, Spelling::Fields);
        for text in ["now", "-P1D"] {
            let e = read.from(text).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidOption, "{text}");
            assert_eq!(e.field(), Some("from"));
            assert_eq!(
                e.message(),
                format!(
                    "invalid `from` `{text}`: no clock is read here; give an instant such as `2026-03-08T07:00:00Z`"
                )
            );
        }
        // A duration in `to` needs no clock.
        let window = read.options(None, Some("2026-03-07"), Some("P1D"));
        assert_eq!(window.unwrap().get_to(), Some(at("2026-03-08T05:00:00Z")));
    }

    #[test]
    fn one_error_per_bad_bound_in_each_spelling() {
        let ny = schedule("America/New_York");
        let fields = Reader::new(&ny, None, Spelling::Fields);
        let e = fields.from("next week").unwrap_err();
        assert_eq!(
            (e.code(), e.field(), e.message().as_str()),
            (
                ErrorCode::InvalidDateTime,
                Some("from"),
                "invalid `from` `next week`: expected an instant such as `2026-03-08T07:00:00Z` or a local date-time such as `2026-03-08T02:00`"
            )
        );
        let e = fields.options(None, None, Some("+3q")).unwrap_err();
        assert_eq!(
            (e.code(), e.field()),
            (ErrorCode::InvalidDuration, Some("to"))
        );
        assert!(
            e.message()
                .starts_with("invalid `to` `+3q`: expected an ISO 8601 or a short duration")
        );
        let e = fields
            .options(None, Some("2026-03-07"), Some("P99999Y"))
            .unwrap_err();
        assert_eq!(
            (e.code(), e.field()),
            (ErrorCode::InvalidDuration, Some("to"))
        );
        #[cfg(feature = "native")]
        {
            let flags = Reader::new(&ny, Some(at("2026-03-07T17:00:00Z")), Spelling::Flags);
            let e = flags.from("next week").unwrap_err();
            assert_eq!(
                (e.code(), e.field(), e.message().as_str()),
                (
                    ErrorCode::InvalidDateTime,
                    Some("from"),
                    "invalid `--from` `next week`: expected an instant such as `2026-03-08T07:00:00Z` or `2026-03-08T02:00:00-05:00`, or a local date-time in the schedule's zone such as `2026-03-08T09:00`; or `now`, or a duration from the window start such as `P7D` or `+7d`"
                )
            );
            let e = flags.instant("next week", "now").unwrap_err();
            assert!(e.message().ends_with("such as `2026-03-08T09:00`"), "{e}");
            let e = flags.options(None, None, Some("+3q")).unwrap_err();
            assert!(
                e.message()
                    .starts_with("invalid `--to` `+3q`: expected an ISO 8601"),
                "{e}"
            );
        }
    }

    #[test]
    #[cfg(feature = "native")]
    fn a_typed_limit_is_a_whole_number() {
        let read = |text: &str| read_limit(&Limit::Text(text.to_owned()), Spelling::Flags);
        assert_eq!(read("50").unwrap(), 50);
        assert_eq!(read("0").unwrap(), 0, "0 is the planner's to refuse");
        assert_eq!(read("99999999999999999999999").unwrap(), usize::MAX);
        for text in ["-1", "1.5", "x", "", " 5", "1e3"] {
            let e = read(text).unwrap_err();
            assert_eq!(
                (e.code(), e.field()),
                (ErrorCode::InvalidOption, Some("limit"))
            );
            assert_eq!(
                e.message(),
                format!(
                    "invalid `--limit` `{text}`: expected a whole number of 1 or more, e.g. `--limit 50`"
                )
            );
        }
    }
}
