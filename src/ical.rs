//! iCalendar in and out: the `DTSTART;TZID=…`, `RRULE`, `RDATE` and
//! `EXDATE` lines of a VEVENT, read into a [`Spec`] and printed back, with
//! the spec's other fields (id, policies, misfire limits) as `X-WALLCLOCK-…`
//! non-standard properties (RFC 5545 §3.8.8.2) so the round trip is exact.
//!
//! Reading follows RFC 5545 §3.1 (content lines, folding, quoted parameter
//! values) for just the recurrence properties; everything else in the text is
//! skipped. A schedule needs a named zone, so a UTC (`…Z`) or floating
//! `DTSTART` is refused. The RRULE value is passed through unchanged:
//! [`Schedule::new`](crate::Schedule::new) validates it with positions
//! inside the rule.

use jiff::civil::{Date, DateTime, Time};

use crate::error::{Error, ErrorCode};
use crate::format::fmt_nominal;
use crate::rule::Rule;
use crate::spec::{Spec, is_default, is_default_id, is_one, parse_local};

/// Longest content line printed, in octets, before folding (RFC 5545 §3.1).
const FOLD_AT: usize = 75;

/// Reads the recurrence lines of a VEVENT and the `X-WALLCLOCK-…` lines
/// [`to_ical`] writes (other lines are ignored).
///
/// Only the first VEVENT is read; when the text has no `BEGIN:VEVENT`, the
/// top-level lines are read (a bare `DTSTART`/`RRULE` snippet). Properties of
/// nested components (the `DTSTART` of a VTIMEZONE's STANDARD block, VALARM)
/// are ignored.
///
/// ```
/// let spec = wallclock::parse_ical(
///     "BEGIN:VEVENT\r\nDTSTART;TZID=America/New_York:20260306T023000\r\nRRULE:FREQ=DAILY;COUNT=4\r\nEND:VEVENT\r\n",
/// )?;
/// assert_eq!(spec.time_zone, "America/New_York");
/// assert_eq!(spec.start, "2026-03-06T02:30");
/// assert_eq!(spec.rrule.as_deref(), Some("FREQ=DAILY;COUNT=4"));
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn parse_ical(text: &str) -> Result<Spec, Error> {
    let lines = unfold(text);
    let mut scope = Scope::new(lines.iter().any(|l| is_begin(l, "VEVENT")));
    let mut event = Event::new();
    for line in &lines {
        if line.text.trim().is_empty() {
            continue;
        }
        let prop = parse_line(line)?;
        match scope.place(&prop) {
            Place::Read => event.read(&prop, line)?,
            Place::Skip => {}
            Place::Done => break,
        }
    }
    event.into_spec()
}

/// Where a property stands in the component tree.
enum Place {
    /// In the component whose properties make the spec.
    Read,
    /// A `BEGIN`/`END` line, or inside another component.
    Skip,
    /// A second VEVENT begins: overrides and other events are not ours.
    Done,
}

/// The component stack, innermost last. Properties are read where the
/// innermost component is the (first) VEVENT, or at the top level when
/// there is no VEVENT at all.
struct Scope {
    has_vevent: bool,
    seen_vevent: bool,
    stack: Vec<String>,
}

impl Scope {
    fn new(has_vevent: bool) -> Scope {
        Scope {
            has_vevent,
            seen_vevent: false,
            stack: Vec::new(),
        }
    }

    fn place(&mut self, prop: &Property) -> Place {
        match prop.name.as_str() {
            "BEGIN" => {
                let what = prop.value.trim().to_ascii_uppercase();
                if what == "VEVENT" {
                    if self.seen_vevent {
                        return Place::Done;
                    }
                    self.seen_vevent = true;
                }
                self.stack.push(what);
                Place::Skip
            }
            "END" => {
                self.stack.pop();
                Place::Skip
            }
            _ => {
                let reading = if self.has_vevent {
                    self.stack.last().is_some_and(|c| c == "VEVENT")
                } else {
                    self.stack.len() <= 1
                };
                if reading { Place::Read } else { Place::Skip }
            }
        }
    }
}

/// What the event's properties say, gathered before the spec is built (an
/// RDATE's zone and time default from DTSTART, which may come later).
struct Event {
    dtstart: Option<(String, DateTime)>,
    rrule: Option<String>,
    rdates: Vec<(Option<String>, Vec<Item>, Line)>,
    exdates: Vec<(Option<String>, Vec<Item>, Line)>,
    /// Filled by `X-WALLCLOCK-…` properties: the fields iCalendar has no word for.
    spec: Spec,
}

impl Event {
    fn new() -> Event {
        Event {
            dtstart: None,
            rrule: None,
            rdates: Vec::new(),
            exdates: Vec::new(),
            spec: Spec::new(String::new(), String::new()),
        }
    }

    fn read(&mut self, prop: &Property, line: &Line) -> Result<(), Error> {
        match prop.name.as_str() {
            "DTSTART" => {
                if self.dtstart.is_some() {
                    return Err(ical_error(
                        "more than one `DTSTART`: expected exactly one",
                        line.pos(0),
                    ));
                }
                self.dtstart = Some(dtstart(prop, line)?);
            }
            // RFC 5545 deprecated EXRULE (RFC 2445 §4.8.5.2); ignoring it
            // would run the times it excludes.
            "EXRULE" => {
                return Err(Error::new(
                    ErrorCode::Unsupported,
                    "`EXRULE` is not supported (RFC 5545 removed it): list the excluded times as `EXDATE`",
                )
                .with_field("ical")
                .with_position(line.pos(0)));
            }
            "RRULE" => {
                if self.rrule.is_some() {
                    return Err(Error::new(
                        ErrorCode::Unsupported,
                        "more than one `RRULE`: a schedule has one rule; put the others in separate schedules",
                    )
                    .with_field("ical")
                    .with_position(line.pos(0)));
                }
                self.rrule = Some(prop.value.trim().to_owned());
            }
            "RDATE" | "EXDATE" => {
                if prop
                    .param("VALUE")
                    .is_some_and(|v| v.eq_ignore_ascii_case("PERIOD"))
                {
                    return Err(Error::new(
                        ErrorCode::Unsupported,
                        format!(
                            "`{};VALUE=PERIOD` is not supported: list the start date-times instead",
                            prop.name
                        ),
                    )
                    .with_field("ical")
                    .with_position(line.pos(0)));
                }
                let entry = (prop.tzid(), split_items(prop), line.clone());
                if prop.name == "RDATE" {
                    self.rdates.push(entry)
                } else {
                    self.exdates.push(entry)
                }
            }
            name if name.starts_with("X-WALLCLOCK-") => {
                let value = prop.value.trim();
                read_extra(&mut self.spec, &name["X-WALLCLOCK-".len()..], value).map_err(|e| {
                    Error::new(e.code(), format!("`{name}:{value}`: {}", e.message()))
                        .with_field("ical")
                        .with_position(line.pos(prop.value_at))
                })?
            }
            _ => {}
        }
        Ok(())
    }

    fn into_spec(self) -> Result<Spec, Error> {
        let Some((tzid, start)) = self.dtstart else {
            return Err(ical_error(
                "no `DTSTART` found: expected a VEVENT with e.g. `DTSTART;TZID=America/New_York:20260306T023000`",
                0,
            ));
        };
        let mut spec = self.spec;
        spec.start = nominal_text(start);
        spec.rrule = self.rrule;
        spec.rdate = date_list(&self.rdates, &tzid, start.time())?;
        spec.exdate = date_list(&self.exdates, &tzid, start.time())?;
        spec.time_zone = tzid;
        Ok(spec)
    }
}

/// `DTSTART;TZID=…:…`: the zone and the nominal start. A UTC or floating
/// start has no zone to be local to.
fn dtstart(prop: &Property, line: &Line) -> Result<(String, DateTime), Error> {
    let tzid = prop.tzid().ok_or_else(|| {
        let value = prop.value.trim();
        if value.ends_with(['Z', 'z']) {
            Error::new(
                ErrorCode::Unsupported,
                format!(
                    "`DTSTART:{value}` is in UTC: a schedule needs the zone its times are local to, e.g. `DTSTART;TZID=America/New_York:20260306T023000`"
                ),
            )
            .with_field("ical")
            .with_position(line.pos(prop.value_at))
        } else {
            ical_error(
                &format!(
                    "`DTSTART:{value}` has no `TZID`: a floating time has no zone; add one, e.g. `DTSTART;TZID=America/New_York:{value}`"
                ),
                line.pos(prop.value_at),
            )
        }
    })?;
    let item = single_item(prop, line)?;
    let dt = item
        .datetime(None)
        .map_err(|why| ical_error(&why, line.pos(item.at)))?;
    if item.utc {
        return Err(ical_error(
            &format!(
                "`DTSTART` has both `TZID` and a UTC value `{}`: drop the `Z`",
                item.text
            ),
            line.pos(item.at),
        ));
    }
    Ok((tzid, dt))
}

/// Prints a spec as `DTSTART;TZID=…`, `RRULE:…`, `RDATE`, `EXDATE` lines
/// and `X-WALLCLOCK-…` lines for the other fields that are not defaults,
/// with CRLF endings, folded at 75 octets. The RRULE is printed in canonical
/// form when it parses, else as given.
///
/// ```
/// let mut spec = wallclock::Spec::new("America/New_York", "2026-03-06T02:30");
/// spec.rrule = Some("freq=daily;count=4".into());
/// assert_eq!(
///     wallclock::to_ical(&spec),
///     "DTSTART;TZID=America/New_York:20260306T023000\r\nRRULE:FREQ=DAILY;COUNT=4\r\n",
/// );
/// ```
pub fn to_ical(spec: &Spec) -> String {
    let mut out = String::new();
    // The zone as the database spells it: lookups ignore case, TZID readers may not.
    let zone = crate::zone::time_zone(&spec.time_zone).ok();
    let tz = zone
        .as_ref()
        .and_then(|z| z.iana_name())
        .unwrap_or(&spec.time_zone);
    push_folded(
        &mut out,
        &format!("DTSTART;TZID={}:{}", param_value(tz), basic(&spec.start)),
    );
    if let Some(rule) = &spec.rrule {
        let body = strip_prefix_ci(rule.trim(), "RRULE:");
        let text = match Rule::parse(body) {
            Ok(r) => r.to_string(),
            Err(_) => body.to_owned(),
        };
        push_folded(&mut out, &format!("RRULE:{text}"));
    }
    for (name, list) in [("RDATE", &spec.rdate), ("EXDATE", &spec.exdate)] {
        if list.is_empty() {
            continue;
        }
        let values: Vec<String> = list.iter().map(|d| basic(d)).collect();
        push_folded(
            &mut out,
            &format!("{name};TZID={}:{}", param_value(tz), values.join(",")),
        );
    }
    // The rest of the spec, when not the default, as RFC 5545 §3.8.8.2
    // non-standard properties: other calendars ignore them, `parse_ical`
    // reads them back. The id is not a UID, which must be globally unique.
    if !is_default_id(&spec.id) {
        push_extra(&mut out, "ID", &escape_text(&spec.id));
    }
    if !is_one(&spec.revision) {
        push_extra(&mut out, "REVISION", &spec.revision);
    }
    if !is_default(&spec.gap) {
        push_extra(&mut out, "GAP", &spec.gap);
    }
    if !is_default(&spec.fold) {
        push_extra(&mut out, "FOLD", &spec.fold);
    }
    if !is_default(&spec.invalid_date) {
        push_extra(&mut out, "INVALID-DATE", &spec.invalid_date);
    }
    if !is_default(&spec.misfire) {
        push_extra(&mut out, "MISFIRE", &spec.misfire);
    }
    if let Some(d) = &spec.max_lateness {
        push_extra(&mut out, "MAX-LATENESS", d);
    }
    if let Some(n) = &spec.max_catch_up {
        push_extra(&mut out, "MAX-CATCH-UP", n);
    }
    if let Some(d) = &spec.grace {
        push_extra(&mut out, "GRACE", d);
    }
    out
}

// ---------------------------------------------------------------------------
// Reading.

fn ical_error(message: &str, position: usize) -> Error {
    Error::new(
        ErrorCode::InvalidIcal,
        format!("invalid iCalendar: {message}"),
    )
    .with_field("ical")
    .with_position(position)
}

/// A logical (unfolded) content line, with the map back to text offsets.
#[derive(Clone, Debug)]
struct Line {
    text: String,
    /// `(offset in text, offset in the original input)` at each segment start.
    segments: Vec<(usize, usize)>,
}

impl Line {
    /// The byte offset in the original input of byte `at` of this line.
    fn pos(&self, at: usize) -> usize {
        let (logical, original) = self
            .segments
            .iter()
            .rev()
            .find(|(l, _)| *l <= at)
            .copied()
            .unwrap_or((0, 0));
        original + (at - logical)
    }
}

/// RFC 5545 §3.1: a line break followed by a space or tab continues the line.
/// Accepts CRLF and bare LF.
fn unfold(text: &str) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    let mut offset = 0usize;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let body = body.strip_suffix('\r').unwrap_or(body);
        let start = if start == 0 && body.starts_with('\u{feff}') {
            start + 3
        } else {
            start
        };
        let body = body.strip_prefix('\u{feff}').unwrap_or(body);
        match (body.as_bytes().first(), lines.last_mut()) {
            (Some(b' ' | b'\t'), Some(last)) => {
                last.segments.push((last.text.len(), start + 1));
                last.text.push_str(&body[1..]);
            }
            _ => lines.push(Line {
                text: body.to_owned(),
                segments: vec![(0, start)],
            }),
        }
    }
    lines
}

fn is_begin(line: &Line, what: &str) -> bool {
    let t = line.text.trim();
    t.len() == 6 + what.len()
        && t.get(..6).is_some_and(|b| b.eq_ignore_ascii_case("BEGIN:"))
        && t.get(6..).is_some_and(|w| w.eq_ignore_ascii_case(what))
}

/// A parsed content line: `NAME *(;PARAM=VALUE) : VALUE`.
struct Property {
    name: String,
    params: Vec<(String, String)>,
    value: String,
    /// Offset of `value` in the line.
    value_at: usize,
}

impl Property {
    fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn tzid(&self) -> Option<String> {
        self.param("TZID")
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
    }
}

fn parse_line(line: &Line) -> Result<Property, Error> {
    let text = &line.text;
    let bytes = text.as_bytes();
    let name_end = bytes
        .iter()
        .position(|b| *b == b';' || *b == b':')
        .ok_or_else(|| {
            ical_error(
                &format!("expected `NAME:VALUE`, found `{}`", truncate(text)),
                line.pos(0),
            )
        })?;
    let name = text[..name_end].trim().to_ascii_uppercase();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ical_error(
            &format!("invalid property name `{}`", truncate(&text[..name_end])),
            line.pos(0),
        ));
    }
    let mut params = Vec::new();
    let mut i = name_end;
    while bytes.get(i) == Some(&b';') {
        let p_start = i + 1;
        let eq = text[p_start..]
            .find('=')
            .map(|k| p_start + k)
            .ok_or_else(|| {
                ical_error(
                    &format!("parameter of `{name}` without `=`"),
                    line.pos(p_start),
                )
            })?;
        let p_name = text[p_start..eq].trim().to_ascii_uppercase();
        let mut j = eq + 1;
        let value = if bytes.get(j) == Some(&b'"') {
            let close = text[j + 1..].find('"').map(|k| j + 1 + k).ok_or_else(|| {
                ical_error(
                    &format!("unclosed quote in parameter `{p_name}`"),
                    line.pos(j),
                )
            })?;
            let v = text[j + 1..close].to_owned();
            j = close + 1;
            v
        } else {
            let end = text[j..]
                .find([';', ':', ','])
                .map(|k| j + k)
                .unwrap_or(text.len());
            let v = text[j..end].to_owned();
            j = end;
            v
        };
        // Multi-valued parameters: keep the first value.
        while bytes.get(j) == Some(&b',') {
            j = text[j + 1..]
                .find([';', ':'])
                .map(|k| j + 1 + k)
                .unwrap_or(text.len());
        }
        params.push((p_name, value));
        i = j;
    }
    if bytes.get(i) != Some(&b':') {
        return Err(ical_error(
            &format!("expected `:` before the value of `{name}`"),
            line.pos(i),
        ));
    }
    Ok(Property {
        name,
        params,
        value: text[i + 1..].to_owned(),
        value_at: i + 1,
    })
}

fn truncate(s: &str) -> String {
    let mut end = s.len().min(40);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if end < s.len() {
        format!("{}…", &s[..end])
    } else {
        s.to_owned()
    }
}

/// One value of a DATE/DATE-TIME list, with its offset in the line.
#[derive(Clone, Debug)]
struct Item {
    text: String,
    at: usize,
    utc: bool,
    date_only: bool,
}

impl Item {
    /// The nominal local time; a date-only value takes `time_of_day`
    /// (00:00 for `DTSTART`, DTSTART's time for RDATE/EXDATE).
    fn datetime(&self, time_of_day: Option<Time>) -> Result<DateTime, String> {
        let t = self.text.as_str();
        if self.date_only {
            let date = (t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| {
                    let n = |a: usize, b: usize| t[a..b].parse::<i16>().ok();
                    Date::new(n(0, 4)?, n(4, 6)? as i8, n(6, 8)? as i8).ok()
                })
                .flatten()
                .ok_or_else(|| format!("`{t}` is not a date `YYYYMMDD`, e.g. `20260306`"))?;
            return Ok(date.to_datetime(time_of_day.unwrap_or(Time::midnight())));
        }
        let body = if self.utc { &t[..t.len() - 1] } else { t };
        parse_local(body).map_err(|_| {
            format!("`{t}` is not a date-time `YYYYMMDDTHHMMSS`, e.g. `20260306T023000`")
        })
    }
}

fn split_items(prop: &Property) -> Vec<Item> {
    let value_date = prop
        .param("VALUE")
        .is_some_and(|v| v.eq_ignore_ascii_case("DATE"));
    let mut items = Vec::new();
    let mut at = prop.value_at;
    for part in prop.value.split(',') {
        let lead = part.len() - part.trim_start().len();
        let text = part.trim().to_owned();
        if !text.is_empty() {
            let utc = text.ends_with(['Z', 'z']);
            let date_only = value_date || (text.len() == 8 && !text.contains(['T', 't']));
            items.push(Item {
                text,
                at: at + lead,
                utc,
                date_only,
            });
        }
        at += part.len() + 1;
    }
    items
}

fn single_item(prop: &Property, line: &Line) -> Result<Item, Error> {
    let items = split_items(prop);
    match items.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(ical_error(
            &format!("`{}` has no value", prop.name),
            line.pos(prop.value_at),
        )),
        [_, second, ..] => Err(ical_error(
            &format!("`{}` has more than one value", prop.name),
            line.pos(second.at),
        )),
    }
}

/// Sets the spec field an `X-WALLCLOCK-…` property carries, checked by the
/// parser the JSON spec uses. Unknown `X-WALLCLOCK-…` names are ignored,
/// as RFC 5545 §3.8.8.2 has readers do with any property they do not know.
fn read_extra(spec: &mut Spec, name: &str, value: &str) -> Result<(), Error> {
    let number = |min: u32| {
        value.parse().ok().filter(|n| *n >= min).ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidSpec,
                if min > 0 {
                    "expected an integer >= 1, e.g. `2`"
                } else {
                    "expected an integer >= 0, e.g. `2`"
                },
            )
        })
    };
    match name {
        "ID" => spec.id = unescape_text(value),
        "REVISION" => spec.revision = number(1)?,
        "GAP" => spec.gap = value.parse()?,
        "FOLD" => spec.fold = value.parse()?,
        "INVALID-DATE" => spec.invalid_date = value.parse()?,
        "MISFIRE" => spec.misfire = value.parse()?,
        "MAX-CATCH-UP" => spec.max_catch_up = Some(number(0)?),
        "MAX-LATENESS" | "GRACE" => {
            let grace = name == "GRACE";
            crate::spec::parse_duration(value, if grace { "grace" } else { "maxLateness" })?;
            *(if grace {
                &mut spec.grace
            } else {
                &mut spec.max_lateness
            }) = Some(value.to_owned());
        }
        _ => {}
    }
    Ok(())
}

/// RFC 5545 §3.3.11 TEXT: `\\`, `\;`, `\,` and `\n` (or `\N`) stand for
/// a backslash, `;`, `,` and a line break.
fn unescape_text(value: &str) -> String {
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            '\\' => match chars.next() {
                Some('n' | 'N') => '\n',
                Some(next) => next,
                None => c,
            },
            _ => c,
        });
    }
    out
}

fn date_list(
    entries: &[(Option<String>, Vec<Item>, Line)],
    zone: &str,
    start_time: Time,
) -> Result<Vec<String>, Error> {
    let mut out = Vec::new();
    for (tzid, items, line) in entries {
        // Zone lookup ignores ASCII case, so `america/new_york` and
        // `America/New_York` are one zone (the name `to_ical` prints).
        if let Some(tzid) = tzid
            && !tzid.eq_ignore_ascii_case(zone)
        {
            return Err(Error::new(
                ErrorCode::Unsupported,
                format!(
                    "`TZID={tzid}` differs from DTSTART's `{zone}`: a schedule's dates are all local to one zone"
                ),
            )
            .with_field("ical")
            .with_position(line.pos(0)));
        }
        for item in items {
            if item.utc {
                return Err(Error::new(
                    ErrorCode::Unsupported,
                    format!(
                        "`{}` is in UTC: list dates in the schedule's zone with `;TZID={zone}`, without `Z`",
                        item.text
                    ),
                )
                .with_field("ical")
                .with_position(line.pos(item.at)));
            }
            let dt = item
                .datetime(Some(start_time))
                .map_err(|why| ical_error(&why, line.pos(item.at)))?;
            out.push(nominal_text(dt));
        }
    }
    Ok(out)
}

/// `2026-03-06T02:30`, or with `:SS` when the seconds are not zero: the
/// shape people write in specs.
fn nominal_text(dt: DateTime) -> String {
    if dt.second() == 0 {
        let mut s = fmt_nominal(dt);
        s.truncate(16);
        s
    } else {
        fmt_nominal(dt)
    }
}

// ---------------------------------------------------------------------------
// Writing.

/// `20260306T023000` for a valid local date-time, else the text as given
/// (so a broken spec still prints something recognizable).
fn basic(local: &str) -> String {
    match parse_local(local) {
        Ok(dt) => fmt_nominal(dt).replace(['-', ':'], ""),
        Err(_) => local.to_owned(),
    }
}

/// The inverse of [`unescape_text`].
fn escape_text(value: &str) -> String {
    let mut out = String::new();
    for c in value.chars() {
        match c {
            '\\' | ';' | ',' => out.push('\\'),
            '\n' => {
                out.push_str("\\n");
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Quotes a parameter value that contains `:`, `;` or `,` (RFC 5545 §3.2).
fn param_value(v: &str) -> String {
    if v.contains([':', ';', ',']) {
        format!("\"{}\"", v.replace('"', ""))
    } else {
        v.to_owned()
    }
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> &'a str {
    match s.get(..prefix.len()) {
        Some(head) if head.eq_ignore_ascii_case(prefix) => &s[prefix.len()..],
        _ => s,
    }
}

/// Appends `X-WALLCLOCK-<name>:<value>`.
fn push_extra(out: &mut String, name: &str, value: &dyn std::fmt::Display) {
    push_folded(out, &format!("X-WALLCLOCK-{name}:{value}"));
}

/// Appends a content line, folded so no physical line exceeds 75 octets
/// (continuations start with a space, which counts), never inside a UTF-8
/// sequence; CRLF line endings.
fn push_folded(out: &mut String, line: &str) {
    let mut rest = line;
    let mut limit = FOLD_AT;
    loop {
        if rest.len() <= limit {
            out.push_str(rest);
            out.push_str("\r\n");
            return;
        }
        let mut cut = limit;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        out.push_str(&rest[..cut]);
        out.push_str("\r\n ");
        rest = &rest[cut..];
        limit = FOLD_AT - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_keeps_lines_within_75_octets() {
        let mut out = String::new();
        let long = format!(
            "RDATE;TZID=Europe/Berlin:{}",
            ["20260306T023000"; 20].join(",")
        );
        push_folded(&mut out, &long);
        for physical in out.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(physical.len() <= 75, "{physical:?}");
        }
        let lines = unfold(&out);
        assert_eq!(lines[0].text, long);
    }

    #[test]
    fn positions_map_through_folds() {
        let text =
            "BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Berlin:2026\r\n 0306T0230X0\r\nEND:VEVENT\r\n";
        let err = parse_ical(text).unwrap_err();
        assert_eq!(err.code(), ErrorCode::InvalidIcal);
        // The value starts on the first physical line.
        assert_eq!(err.position(), text.find("2026"));
    }
}
