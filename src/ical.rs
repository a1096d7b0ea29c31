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
use jiff::tz::Offset;

use crate::error::{Error, ErrorCode};
use crate::format::fmt_nominal;
use crate::lang::{Arg, Conj, Text, input_errors, warnings};
use crate::plan::Warning;
use crate::rule::Rule;
use crate::spec::{Spec, is_default, is_default_id, is_one, parse_local};
use crate::zone;

/// Longest content line printed, in octets, before folding (RFC 5545 §3.1).
const FOLD_AT: usize = 75;

/// How [`parse_ical_events`] reads a calendar: the zone for a start that
/// names none (UTC, floating or all-day) and the UID of the one event wanted.
#[derive(Clone, Debug, Default)]
pub struct IcalOptions {
    time_zone: Option<String>,
    uid: Option<String>,
}

impl IcalOptions {
    /// No zone given, every event read.
    pub fn new() -> IcalOptions {
        IcalOptions::default()
    }
    /// The zone a UTC (`…Z`), floating or all-day (`VALUE=DATE`) `DTSTART`
    /// is read in; without one such a start is refused.
    pub fn time_zone(self, zone: impl Into<String>) -> IcalOptions {
        IcalOptions {
            time_zone: Some(zone.into()),
            ..self
        }
    }
    /// Read only the event with this `UID` (and its overrides).
    pub fn uid(self, uid: impl Into<String>) -> IcalOptions {
        IcalOptions {
            uid: Some(uid.into()),
            ..self
        }
    }
}

/// One event of a calendar, read into a spec, with what the reading
/// changed or assumed (an override turned into EXDATE and RDATE, a UTC start
/// read in a zone, an alias zone name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcalEvent {
    uid: Option<String>,
    spec: Spec,
    warnings: Vec<Warning>,
}

impl IcalEvent {
    /// The event's `UID`, if it has one.
    pub fn uid(&self) -> Option<&str> {
        self.uid.as_deref()
    }
    /// The spec ([`parse_ical_events`] has validated it).
    pub fn spec(&self) -> &Spec {
        &self.spec
    }
    /// What the reading changed or assumed.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
}

/// What [`parse_ical_events`] read from a calendar: the events it could
/// turn into schedules and a warning for each one it could not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcalImport {
    events: Vec<IcalEvent>,
    refused: Vec<Warning>,
}

impl IcalImport {
    /// The events read, in the calendar's order, each with its overrides
    /// applied and its spec validated.
    pub fn events(&self) -> &[IcalEvent] {
        &self.events
    }
    /// One `event_refused` warning per event that could not be read,
    /// naming its `UID` and why.
    pub fn refused(&self) -> &[Warning] {
        &self.refused
    }
}

/// Reads every event of iCalendar text: each VEVENT with an RRULE, RDATE
/// or plain DTSTART becomes a spec; a VEVENT with a `RECURRENCE-ID` (an
/// override of one occurrence) is applied to the event with its `UID`: a
/// moved occurrence becomes an EXDATE plus an RDATE, a cancelled one
/// (`STATUS:CANCELLED`) an EXDATE, each with a warning saying so. When the
/// text has no `BEGIN:VEVENT`, its top-level lines are one event (a bare
/// `DTSTART`/`RRULE` snippet). Properties of nested components (a
/// VTIMEZONE's `DTSTART`, VALARM) are ignored.
///
/// An event that cannot be read (a UTC start without a zone to read it
/// in, an override it cannot express, an invalid rule, a broken line
/// inside it) does not stop the others: it is left out with an
/// `event_refused` warning, and so are its overrides, and an override
/// whose main event is missing. The call fails only when no event can be
/// read, or when the one event `options` names (`uid`) cannot be or is
/// not there; the events of other UIDs are then not read at all.
///
/// ```
/// let text = "BEGIN:VCALENDAR\r\n\
/// BEGIN:VEVENT\r\nUID:standup\r\nDTSTART;TZID=Europe/Berlin:20260302T091500\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEND:VEVENT\r\n\
/// BEGIN:VEVENT\r\nUID:standup\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260304T091500\r\nDTSTART;TZID=Europe/Berlin:20260304T100000\r\nEND:VEVENT\r\n\
/// BEGIN:VEVENT\r\nUID:review\r\nDTSTART:20260306T140000Z\r\nEND:VEVENT\r\n\
/// END:VCALENDAR\r\n";
/// let calendar = wallclock::parse_ical_events(text, &wallclock::IcalOptions::new())?;
/// // `review` starts in UTC, and no zone was given to read it in.
/// assert_eq!(calendar.refused()[0].code(), "event_refused");
/// let events = calendar.events();
/// assert_eq!(events.len(), 1);
/// assert_eq!(events[0].spec().exdate, ["2026-03-04T09:15"]);
/// assert_eq!(events[0].spec().rdate, ["2026-03-04T10:00"]);
///
/// let options = wallclock::IcalOptions::new().time_zone("Europe/Berlin");
/// let events = wallclock::parse_ical_events(text, &options)?.events().to_vec();
/// assert_eq!(events[1].spec().start, "2026-03-06T15:00");
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn parse_ical_events(text: &str, options: &IcalOptions) -> Result<IcalImport, Error> {
    let components = components(&unfold(text));
    let all: Vec<Option<String>> = distinct_uids(&components);
    // Each component's UID and kind are known even when it cannot be read.
    let wanted: Vec<Piece> = components
        .iter()
        .map(|c| (c.uid(), c.is_override(), c))
        .filter(|(uid, ..)| {
            options
                .uid
                .as_ref()
                .is_none_or(|want| uid.as_deref() == Some(want))
        })
        .map(|(uid, is_override, c)| (uid, is_override, c.event()))
        .collect();
    if let (Some(want), true) = (&options.uid, wanted.is_empty()) {
        return Err(Error::new(
            ErrorCode::InvalidOption,
            Text::new(input_errors::ICAL_NO_UID)
                .with("uid", want)
                .with("events", uid_list(&all)),
        )
        .with_field("uid"));
    }
    let groups = groups(wanted, |(uid, is_override, _)| {
        (uid.as_deref(), *is_override)
    });
    let total = groups.len();
    let mut import = IcalImport {
        events: Vec::new(),
        refused: Vec::new(),
    };
    let mut first_error = None;
    for group in &groups {
        // Validated here, not in `parse_ical`: a spec file's own error
        // comes from where it is used, with its field.
        let events: Result<Vec<&Event>, Error> = group
            .iter()
            .map(|(.., e)| e.as_ref().map_err(Error::clone))
            .collect();
        let read = events
            .and_then(|events| read_group(events[0], events[1..].iter().copied(), options))
            .and_then(|event| crate::spec::Schedule::new(&event.spec).map(|_| event));
        let uid = group[0].0.clone();
        match read {
            Ok(event) => import.events.push(event),
            Err(e) => {
                import.refused.push(refusal(uid.as_deref(), &e));
                first_error.get_or_insert((uid, e));
            }
        }
    }
    match first_error {
        Some((_, e)) if import.events.is_empty() && total == 1 => Err(e),
        Some((uid, e)) if import.events.is_empty() => Err(Error::new(
            e.code(),
            Text::new(input_errors::ICAL_NONE_READ)
                .with("total", total)
                .with("uid", uid_arg(uid.as_deref()))
                .with("why", e.text().clone()),
        )
        .with_field("ical")
        .with_position(e.position().unwrap_or(0))),
        _ => Ok(import),
    }
}

/// `event_refused`: the event (by its `UID`) and why it is left out.
fn refusal(uid: Option<&str>, e: &Error) -> Warning {
    let text = match uid {
        Some(uid) => Text::new(warnings::EVENT_REFUSED).with("uid", uid),
        None => Text::new(warnings::EVENT_REFUSED_NO_UID),
    };
    Warning::new(
        "event_refused",
        text.with("message", e.text().clone())
            .with("code", e.code().as_str()),
    )
}

/// `` `standup` ``, or "without `UID`".
fn uid_arg(uid: Option<&str>) -> Arg {
    match uid {
        Some(u) => Arg::Str(format!("`{u}`")),
        None => Text::new(input_errors::ICAL_WITHOUT_UID).into(),
    }
}

/// The UIDs of the main events, or of the overrides when a UID has none,
/// in the calendar's order, each once.
fn distinct_uids(components: &[Component]) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = Vec::new();
    for uid in components.iter().map(Component::uid) {
        if uid.is_none() || !out.contains(&uid) {
            out.push(uid);
        }
    }
    out
}

/// A component of [`parse_ical_events`]: its `UID`, whether it is an
/// override, and its event or why it has none.
type Piece = (Option<String>, bool, Result<Event, Error>);

/// Components (or their events) grouped into events, by `key`: their
/// `UID` and whether they override an occurrence. A main event and the
/// overrides of its `UID`, in the calendar's order, then each override
/// whose `UID` has no main event, alone. A second main event of one `UID`
/// is an event of its own; overrides go to the first.
fn groups<T>(items: Vec<T>, key: impl Fn(&T) -> (Option<&str>, bool)) -> Vec<Vec<T>> {
    // Plain loops: each iterator adapter is code of its own in the wasm build.
    let mut groups: Vec<Vec<T>> = Vec::new();
    let mut overrides = Vec::new();
    for item in items {
        if key(&item).1 {
            overrides.push(item);
        } else {
            groups.push(vec![item]);
        }
    }
    let mains = groups.len();
    for o in overrides {
        let uid = key(&o).0;
        let mut main = None;
        for (i, g) in groups[..mains].iter().enumerate() {
            if uid.is_some() && key(&g[0]).0 == uid {
                main = Some(i);
                break;
            }
        }
        match main {
            Some(i) => groups[i].push(o),
            None => groups.push(vec![o]),
        }
    }
    groups
}

/// One event read: its main event read and each override applied to it,
/// in order (not validated yet). The first failure refuses the whole
/// event: dropping one override would run the occurrence it moves or
/// cancels.
fn read_group<'e>(
    main: &Event,
    overrides: impl Iterator<Item = &'e Event>,
    options: &IcalOptions,
) -> Result<IcalEvent, Error> {
    if main.recurrence_id.is_some() {
        return Err(if cfg!(target_arch = "wasm32") {
            overrides_refused(main)
        } else {
            orphan(main)
        });
    }
    let mut read = main.read_spec(options)?;
    for o in overrides {
        apply_override(&mut read, o)?;
    }
    Ok(IcalEvent {
        uid: main.uid.clone(),
        spec: read.spec,
        warnings: read.warnings,
    })
}

/// Reads the one event of iCalendar text into a spec, as
/// [`parse_ical_events`] does with no options; text with several events is
/// refused, naming their UIDs, rather than read in part.
///
/// ```
/// let spec = wallclock::parse_ical(
///     "BEGIN:VEVENT\r\nDTSTART;TZID=America/New_York:20260306T023000\r\nRRULE:FREQ=DAILY;COUNT=4\r\nEND:VEVENT\r\n",
/// )?;
/// assert_eq!(spec.time_zone, "America/New_York");
/// assert_eq!(spec.start, "2026-03-06T02:30");
/// assert_eq!(spec.rrule, Some("FREQ=DAILY;COUNT=4".into()));
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn parse_ical(text: &str) -> Result<Spec, Error> {
    let mut events = Vec::new();
    for component in components(&unfold(text)) {
        events.push(component.event()?);
    }
    let groups = groups(events, |e| (e.uid.as_deref(), e.recurrence_id.is_some()));
    if groups.len() > 1 {
        let mut uids = Vec::new();
        for g in &groups {
            uids.push(g[0].uid.clone());
        }
        return Err(Error::new(
            ErrorCode::Unsupported,
            Text::new(input_errors::ICAL_MANY).with("events", uid_list(&uids)),
        )
        .with_field("ical"));
    }
    // `components` yields at least one component, so there is one group.
    let group = &groups[0];
    Ok(read_group(&group[0], group[1..].iter(), &IcalOptions::new())?.spec)
}

/// `2 events (UIDs `a`, `b`)`.
fn uid_list(uids: &[Option<String>]) -> Text {
    let mut named = Vec::new();
    for u in uids {
        named.push(match u {
            Some(u) => Arg::Str(format!("`{u}`")),
            None => Text::new(input_errors::ICAL_ONE_WITHOUT_UID).into(),
        });
    }
    Text::new(input_errors::ICAL_EVENTS)
        .with("n", uids.len())
        .with("uids", Arg::List(named, Conj::Comma))
}

/// The properties of one VEVENT (or of the top level of a snippet), where
/// it begins, and the first line inside it that is not a content line.
struct Component {
    props: Vec<(Property, Line)>,
    at: usize,
    broken: Option<Error>,
}

impl Component {
    fn new(at: usize) -> Component {
        Component {
            props: Vec::new(),
            at,
            broken: None,
        }
    }

    fn push(&mut self, read: Result<Property, Error>, line: &Line) {
        match read {
            Ok(prop) => self.props.push((prop, line.clone())),
            Err(e) => {
                self.broken.get_or_insert(e);
            }
        }
    }

    /// Its `UID` (the last one, as [`Event`] reads it), also when the
    /// component cannot be read.
    fn uid(&self) -> Option<String> {
        let uid = self.props.iter().rev().find(|(p, _)| p.name == "UID");
        uid.map(|(p, _)| unescape_text(p.value.trim()))
    }

    /// True for an override of one occurrence (`RECURRENCE-ID`).
    fn is_override(&self) -> bool {
        self.props.iter().any(|(p, _)| p.name == "RECURRENCE-ID")
    }

    /// The event its properties make, or why they make none.
    fn event(&self) -> Result<Event, Error> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let mut event = Event::new(self.at);
        for (prop, line) in &self.props {
            event.read(prop, line)?;
        }
        Ok(event)
    }
}

/// The VEVENTs of the text, each with its own properties (not those of
/// nested components such as VALARM); the top-level lines when the text
/// has no VEVENT at all. A line that is not a content line belongs to the
/// event it is in; outside every event (a VTIMEZONE, the calendar's own
/// properties) nothing is read but `BEGIN` and `END`, so it is skipped.
fn components(lines: &[Line]) -> Vec<Component> {
    let has_vevent = lines.iter().any(|l| is_begin(l, "VEVENT"));
    let mut stack: Vec<String> = Vec::new();
    let mut events: Vec<Component> = Vec::new();
    let mut top = Component::new(0);
    for line in lines {
        if line.text.trim().is_empty() {
            continue;
        }
        let read = parse_line(line);
        match read.as_ref().map(|p| p.name.as_str()) {
            Ok("BEGIN") => {
                let what = read
                    .map(|p| p.value.trim().to_ascii_uppercase())
                    .unwrap_or_default();
                if what == "VEVENT" {
                    events.push(Component::new(line.pos(0)));
                }
                stack.push(what);
            }
            Ok("END") => {
                stack.pop();
            }
            _ if has_vevent => {
                if stack.last().is_some_and(|c| c == "VEVENT")
                    && let Some(event) = events.last_mut()
                {
                    event.push(read, line);
                }
            }
            _ if stack.len() <= 1 => top.push(read, line),
            _ => {}
        }
    }
    if !has_vevent {
        events.push(top);
    }
    events
}

/// What the event's properties say, gathered before the spec is built (an
/// RDATE's zone and time default from DTSTART, which may come later).
struct Event {
    /// Where its `BEGIN:VEVENT` is.
    at: usize,
    uid: Option<String>,
    recurrence_id: Option<(Property, Line)>,
    cancelled: bool,
    dtstart: Option<(Property, Line)>,
    /// Every `RRULE` line's value (RFC 5545 allows several: their union).
    rrule: Vec<String>,
    rdates: Vec<(Option<String>, Vec<Item>, Line)>,
    exdates: Vec<(Option<String>, Vec<Item>, Line)>,
    /// Filled by `X-WALLCLOCK-…` properties: the fields iCalendar has no word for.
    spec: Spec,
}

/// A spec being read, with its zone and the warnings so far.
struct Read {
    spec: Spec,
    tz: jiff::tz::TimeZone,
    warnings: Vec<Warning>,
    /// `DTSTART;VALUE=DATE`, read from 00:00: its overrides name dates too.
    all_day: bool,
}

impl Event {
    fn new(at: usize) -> Event {
        Event {
            at,
            uid: None,
            recurrence_id: None,
            cancelled: false,
            dtstart: None,
            rrule: Vec::new(),
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
                        Text::new(input_errors::ICAL_TWO_DTSTART),
                        line.pos(0),
                    ));
                }
                self.dtstart = Some((prop.clone(), line.clone()));
            }
            "UID" => self.uid = Some(unescape_text(prop.value.trim())),
            "RECURRENCE-ID" => self.recurrence_id = Some((prop.clone(), line.clone())),
            "STATUS" => self.cancelled = prop.value.trim().eq_ignore_ascii_case("CANCELLED"),
            // RFC 5545 deprecated EXRULE (RFC 2445 §4.8.5.2); ignoring it
            // would run the times it excludes.
            "EXRULE" => {
                return Err(Error::new(
                    ErrorCode::Unsupported,
                    Text::new(input_errors::ICAL_EXRULE),
                )
                .with_field("ical")
                .with_position(line.pos(0)));
            }
            "RRULE" => self.rrule.push(prop.value.trim().to_owned()),
            "RDATE" | "EXDATE" => {
                if prop
                    .param("VALUE")
                    .is_some_and(|v| v.eq_ignore_ascii_case("PERIOD"))
                {
                    return Err(Error::new(
                        ErrorCode::Unsupported,
                        Text::new(input_errors::ICAL_PERIOD).with("name", &prop.name),
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
                    let text = Text::new(input_errors::ICAL_EXTRA)
                        .with("prop", format!("{name}:{value}"))
                        .with("why", e.text().clone());
                    Error::new(e.code(), text)
                        .with_field("ical")
                        .with_position(line.pos(prop.value_at))
                })?
            }
            _ => {}
        }
        Ok(())
    }

    fn read_spec(&self, options: &IcalOptions) -> Result<Read, Error> {
        let Some((prop, line)) = &self.dtstart else {
            return Err(ical_error(
                Text::new(input_errors::ICAL_NO_DTSTART),
                self.at,
            ));
        };
        let (named, start, mut warnings) = dtstart(prop, line, options)?;
        let mut spec = self.spec.clone();
        spec.start = nominal_text(start);
        spec.rrule = (!self.rrule.is_empty()).then(|| self.rrule.clone().into());
        spec.rdate = date_list(&self.rdates, &named, start.time())?;
        spec.exdate = date_list(&self.exdates, &named, start.time())?;
        spec.time_zone = named.name.to_owned();
        warnings.extend(named.warnings.iter().cloned());
        Ok(Read {
            spec,
            tz: named.tz,
            warnings,
            // Only overrides ask, and the package refuses them.
            all_day: !cfg!(target_arch = "wasm32") && single_item(prop, line)?.date_only,
        })
    }
}

/// The WebAssembly package stays within its size budget without
/// overrides: one is refused there, never ignored.
fn overrides_refused(o: &Event) -> Error {
    Error::new(
        ErrorCode::Unsupported,
        Text::new(input_errors::ICAL_OVERRIDES_WASM),
    )
    .with_field("ical")
    .with_position(o.at)
}

fn orphan(o: &Event) -> Error {
    let (_, line) = o
        .recurrence_id
        .as_ref()
        .map_or((None, None), |(p, l)| (Some(p), Some(l)));
    let uid = o.uid.as_deref().unwrap_or("");
    Error::new(
        ErrorCode::Unsupported,
        Text::new(input_errors::ICAL_ORPHAN).with("uid", uid),
    )
    .with_field("ical")
    .with_position(line.map_or(o.at, |l| l.pos(0)))
}

/// Applies an override of one occurrence to its main event: a moved
/// occurrence becomes an EXDATE of its original time plus an RDATE of its
/// new one, a cancelled one an EXDATE; both say so in a warning. An
/// override of every later occurrence (`RANGE=THISANDFUTURE`) would change
/// the rule itself and is refused.
fn apply_override(read: &mut Read, o: &Event) -> Result<(), Error> {
    let Some((rid, rid_line)) = &o.recurrence_id else {
        return Ok(());
    };
    if cfg!(target_arch = "wasm32") {
        return Err(overrides_refused(o));
    }
    if rid
        .param("RANGE")
        .is_some_and(|r| r.eq_ignore_ascii_case("THISANDFUTURE"))
    {
        return Err(Error::new(
            ErrorCode::Unsupported,
            Text::new(input_errors::ICAL_THIS_AND_FUTURE),
        )
        .with_field("ical")
        .with_position(rid_line.pos(0)));
    }
    let original = event_time(rid, rid_line, read)?;
    let uid = o.uid.as_deref().unwrap_or("");
    let was = nominal_text(original);
    let about = |template| {
        Text::new(template)
            .with("uid", uid)
            .with("was", &was)
            .with("at", Arg::DateTime(original))
    };
    if o.cancelled {
        read.warnings.push(Warning::new(
            "override_cancelled",
            about(warnings::OVERRIDE_CANCELLED),
        ));
        read.spec.exdate.push(was);
        return Ok(());
    }
    let moved = match &o.dtstart {
        Some((p, l)) => event_time(p, l, read)?,
        None => original,
    };
    let now = nominal_text(moved);
    if moved == original {
        read.warnings.push(Warning::new(
            "override_ignored",
            about(warnings::OVERRIDE_IGNORED),
        ));
        return Ok(());
    }
    read.warnings.push(Warning::new(
        "override_moved",
        about(warnings::OVERRIDE_MOVED)
            .with("now", &now)
            .with("to", Arg::DateTime(moved)),
    ));
    read.spec.exdate.push(was);
    read.spec.rdate.push(now);
    Ok(())
}

/// The nominal time, in the main event's zone, of an override's
/// `RECURRENCE-ID` or `DTSTART`: read there when it names that zone or
/// none, converted through its instant when it is UTC or in another zone.
/// A date (`VALUE=DATE`) of an all-day event is read as the event is, at
/// 00:00 in its zone; of an event with a time of day it is refused.
fn event_time(prop: &Property, line: &Line, read: &Read) -> Result<DateTime, Error> {
    let item = single_item(prop, line)?;
    if item.date_only && !read.all_day {
        return Err(Error::new(
            ErrorCode::Unsupported,
            Text::new(input_errors::ICAL_DATE_NOT_TIME)
                .with("name", &prop.name)
                .with("value", &item.text),
        )
        .with_field("ical")
        .with_position(line.pos(item.at)));
    }
    let dt = item
        .datetime(None)
        .map_err(|why| ical_error(why, line.pos(item.at)))?;
    let at_position = |e: Error| e.with_field("ical").with_position(line.pos(0));
    let instant = if item.date_only {
        // A date has no zone of its own, whatever `TZID` says.
        return Ok(dt);
    } else if item.utc {
        Offset::UTC.to_timestamp(dt).ok()
    } else if let Some(tzid) = prop.tzid() {
        let named = zone::lookup(&tzid).map_err(at_position)?;
        if named.name == read.spec.time_zone {
            return Ok(dt);
        }
        zone::compatible(&named.tz, dt)
    } else {
        return Ok(dt);
    };
    instant
        .map(|t| read.tz.to_datetime(t))
        .ok_or_else(|| ical_error(out_of_range(&item.text), line.pos(item.at)))
}

/// `DTSTART`: the zone, the nominal start and what was assumed. A start
/// without a zone of its own (UTC, floating, all-day) is read in
/// `options`' zone, with a warning, or refused without one.
fn dtstart(
    prop: &Property,
    line: &Line,
    options: &IcalOptions,
) -> Result<(zone::Named, DateTime, Vec<Warning>), Error> {
    let item = single_item(prop, line)?;
    let value = prop.value.trim();
    let lookup = |name: &str| {
        zone::lookup(name).map_err(|e| e.with_field("ical").with_position(line.pos(0)))
    };
    if let Some(tzid) = prop.tzid() {
        if item.utc {
            return Err(ical_error(
                Text::new(input_errors::ICAL_TZID_AND_UTC).with("value", &item.text),
                line.pos(item.at),
            ));
        }
        let dt = item
            .datetime(None)
            .map_err(|why| ical_error(why, line.pos(item.at)))?;
        return Ok((lookup(&tzid)?, dt, Vec::new()));
    }
    let Some(zone_name) = &options.time_zone else {
        return Err(no_zone(prop, line, &item, value));
    };
    let named = lookup(zone_name)?;
    let dt = item
        .datetime(None)
        .map_err(|why| ical_error(why, line.pos(item.at)))?;
    let zone = named.name;
    let (start, code, text) = if item.utc {
        let local = Offset::UTC
            .to_timestamp(dt)
            .map(|t| named.tz.to_datetime(t))
            .map_err(|_| ical_error(out_of_range(value), line.pos(item.at)))?;
        let shown = nominal_text(local);
        let clock = shown[11..].to_owned();
        let text = Text::new(warnings::UTC_START)
            .with("shown", shown)
            .with("clock", clock)
            .with("start", Arg::DateTime(local))
            .with("time", local.time());
        (local, "utc_start", text)
    } else if item.date_only {
        (dt, "all_day_event", Text::new(warnings::ALL_DAY_EVENT))
    } else {
        (dt, "floating_start", Text::new(warnings::FLOATING_START))
    };
    let warning = Warning::new(code, text.with("value", value).with("zone", zone));
    Ok((named, start, vec![warning]))
}

/// Why a start with no zone of its own is refused, with a fix that is
/// valid iCalendar.
fn no_zone(prop: &Property, line: &Line, item: &Item, value: &str) -> Error {
    let at = line.pos(prop.value_at);
    if item.utc {
        Error::new(
            ErrorCode::Unsupported,
            Text::new(input_errors::ICAL_UTC_START).with("value", value),
        )
        .with_field("ical")
        .with_position(at)
    } else if item.date_only {
        Error::new(
            ErrorCode::Unsupported,
            Text::new(input_errors::ICAL_ALL_DAY).with("value", value),
        )
        .with_field("ical")
        .with_position(at)
    } else {
        ical_error(
            Text::new(input_errors::ICAL_FLOATING).with("value", value),
            at,
        )
    }
}

/// Prints a spec as `DTSTART;TZID=…`, `RRULE:…` (one line per rule),
/// `RDATE`, `EXDATE` lines and `X-WALLCLOCK-…` lines for the other fields
/// that are not defaults, with CRLF endings, folded at 75 octets. Each RRULE
/// is printed in canonical form when it parses, else as given.
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
    // The canonical name as the database spells it: lookups ignore case
    // and know aliases, TZID readers may not.
    let tz = crate::zone::lookup(&spec.time_zone)
        .map(|z| z.name)
        .unwrap_or(&spec.time_zone);
    push_folded(
        &mut out,
        &format!("DTSTART;TZID={}:{}", param_value(tz), basic(&spec.start)),
    );
    for rule in spec.rrule.iter().flatten() {
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

/// Years of clock changes a VTIMEZONE lists after the later of the start
/// and `DTSTAMP`; readers that use the VTIMEZONE rather than their own tz
/// database keep the last offset after that.
const VTIMEZONE_YEARS: i16 = 20;

/// Most clock changes a VTIMEZONE lists.
const MAX_VTIMEZONE_CHANGES: usize = 200;

/// Prints a spec as a calendar file other calendar software imports: a
/// VCALENDAR (`VERSION`, `PRODID`) with a VTIMEZONE for the spec's zone and
/// one VEVENT (`UID`, `DTSTAMP` = `dtstamp`, then the lines of [`to_ical`]).
/// The VTIMEZONE lists the zone's clock changes from the start until
/// 20 years after the later of the start and `dtstamp`, each as its own
/// observance, as the bundled tz database has them. The library never reads
/// the clock: the caller passes `dtstamp`, normally now.
///
/// ```
/// let mut spec = wallclock::Spec::new("Europe/Berlin", "2026-03-02T09:15");
/// spec.rrule = Some("FREQ=WEEKLY;COUNT=3".into());
/// let now: jiff::Timestamp = "2026-03-01T00:00:00Z".parse().unwrap();
/// let text = wallclock::to_vcalendar(&spec, now);
/// assert!(text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"));
/// assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"));
/// assert!(text.contains("DTSTAMP:20260301T000000Z\r\n"));
/// assert!(text.contains("DTSTART;TZID=Europe/Berlin:20260302T091500\r\n"));
/// assert_eq!(wallclock::parse_ical(&text)?, spec);
/// # Ok::<(), wallclock::Error>(())
/// ```
pub fn to_vcalendar(spec: &Spec, dtstamp: jiff::Timestamp) -> String {
    let mut out = String::new();
    push_folded(&mut out, "BEGIN:VCALENDAR");
    push_folded(&mut out, "VERSION:2.0");
    push_folded(
        &mut out,
        &format!(
            "PRODID:-//wallclock//wallclock {}//EN",
            env!("CARGO_PKG_VERSION")
        ),
    );
    push_folded(&mut out, "CALSCALE:GREGORIAN");
    if let Ok(named) = zone::lookup(&spec.time_zone)
        && let Ok(start) = parse_local(&spec.start)
    {
        vtimezone(&mut out, &named, start, dtstamp);
    }
    push_folded(&mut out, "BEGIN:VEVENT");
    push_folded(
        &mut out,
        &format!("UID:{}@wallclock", escape_text(&spec.id)),
    );
    push_folded(&mut out, &format!("DTSTAMP:{}", utc_basic(dtstamp)));
    out.push_str(&to_ical(spec));
    push_folded(&mut out, &format!("SUMMARY:{}", escape_text(&spec.id)));
    push_folded(&mut out, "END:VEVENT");
    push_folded(&mut out, "END:VCALENDAR");
    out
}

/// The zone's VTIMEZONE (RFC 5545 §3.6.5): the offset in force a day
/// before the start, then one observance per clock change.
fn vtimezone(out: &mut String, named: &zone::Named, start: DateTime, dtstamp: jiff::Timestamp) {
    let tz = &named.tz;
    let Some(from) = zone::compatible(tz, start)
        .and_then(|t| t.checked_sub(jiff::SignedDuration::from_hours(24)).ok())
    else {
        return;
    };
    let base = start.max(tz.to_datetime(dtstamp));
    let to = crate::plan::years_later(base, VTIMEZONE_YEARS)
        .and_then(|end| zone::compatible(tz, end))
        .unwrap_or(jiff::Timestamp::MAX);
    push_folded(out, "BEGIN:VTIMEZONE");
    push_folded(out, &format!("TZID:{}", named.name));
    let first = tz.to_offset(from);
    observance(out, tz, from, first, first);
    for t in zone::transitions(tz, from, to, MAX_VTIMEZONE_CHANGES) {
        observance(out, tz, t.instant, t.offset_before, t.offset_after);
    }
    push_folded(out, "END:VTIMEZONE");
}

/// One STANDARD or DAYLIGHT block: from `at` (written as the wall clock
/// before it) the offset is `after`.
fn observance(
    out: &mut String,
    tz: &jiff::tz::TimeZone,
    at: jiff::Timestamp,
    before: Offset,
    after: Offset,
) {
    let info = tz.to_offset_info(at);
    let kind = if info.dst().is_dst() {
        "DAYLIGHT"
    } else {
        "STANDARD"
    };
    push_folded(out, &format!("BEGIN:{kind}"));
    push_folded(
        out,
        &format!(
            "DTSTART:{}",
            fmt_nominal(before.to_datetime(at)).replace(['-', ':'], "")
        ),
    );
    push_folded(out, &format!("TZOFFSETFROM:{}", utc_offset(before)));
    push_folded(out, &format!("TZOFFSETTO:{}", utc_offset(after)));
    push_folded(out, &format!("TZNAME:{}", escape_text(info.abbreviation())));
    push_folded(out, &format!("END:{kind}"));
}

/// RFC 5545 §3.3.14 UTC-OFFSET: `+0100`, `-0500`, `+053328` with seconds.
fn utc_offset(offset: Offset) -> String {
    let secs = offset.seconds();
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    if s == 0 {
        format!("{sign}{h:02}{m:02}")
    } else {
        format!("{sign}{h:02}{m:02}{s:02}")
    }
}

/// `20260301T000000Z`.
fn utc_basic(t: jiff::Timestamp) -> String {
    crate::format::fmt_instant(t).replace(['-', ':'], "")
}

// ---------------------------------------------------------------------------
// Reading.

fn ical_error(why: Text, position: usize) -> Error {
    Error::new(
        ErrorCode::InvalidIcal,
        Text::new(input_errors::ICAL).with("why", why),
    )
    .with_field("ical")
    .with_position(position)
}

fn out_of_range(value: &str) -> Text {
    Text::new(input_errors::ICAL_OUT_OF_RANGE).with("value", value)
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
#[derive(Clone, Debug)]
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
                Text::new(input_errors::ICAL_NOT_A_LINE).with("text", truncate(text)),
                line.pos(0),
            )
        })?;
    let name = text[..name_end].trim().to_ascii_uppercase();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ical_error(
            Text::new(input_errors::ICAL_BAD_NAME).with("name", truncate(&text[..name_end])),
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
                    Text::new(input_errors::ICAL_PARAM_NO_EQUALS).with("name", &name),
                    line.pos(p_start),
                )
            })?;
        let p_name = text[p_start..eq].trim().to_ascii_uppercase();
        let mut j = eq + 1;
        let value = if bytes.get(j) == Some(&b'"') {
            let close = text[j + 1..].find('"').map(|k| j + 1 + k).ok_or_else(|| {
                ical_error(
                    Text::new(input_errors::ICAL_UNCLOSED_QUOTE).with("name", &p_name),
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
            Text::new(input_errors::ICAL_NO_COLON).with("name", &name),
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
    fn datetime(&self, time_of_day: Option<Time>) -> Result<DateTime, Text> {
        let t = self.text.as_str();
        if self.date_only {
            let date = (t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| {
                    let n = |a: usize, b: usize| t[a..b].parse::<i16>().ok();
                    Date::new(n(0, 4)?, n(4, 6)? as i8, n(6, 8)? as i8).ok()
                })
                .flatten()
                .ok_or_else(|| Text::new(input_errors::ICAL_NOT_A_DATE).with("value", t))?;
            return Ok(date.to_datetime(time_of_day.unwrap_or(Time::midnight())));
        }
        let body = if self.utc { &t[..t.len() - 1] } else { t };
        parse_local(body)
            .map_err(|_| Text::new(input_errors::ICAL_NOT_A_DATE_TIME).with("value", t))
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
            Text::new(input_errors::ICAL_NO_VALUE).with("name", &prop.name),
            line.pos(prop.value_at),
        )),
        [_, second, ..] => Err(ical_error(
            Text::new(input_errors::ICAL_MANY_VALUES).with("name", &prop.name),
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
                Text::new(input_errors::ICAL_INTEGER).with("min", min),
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

/// RDATE or EXDATE values as nominal times in the event's zone: a value
/// with the event's zone (any spelling or alias of it) or none is read as
/// written, a UTC value at its instant's local time there (as calendars
/// write EXDATEs of a zoned event); another zone is refused.
fn date_list(
    entries: &[(Option<String>, Vec<Item>, Line)],
    named: &zone::Named,
    start_time: Time,
) -> Result<Vec<String>, Error> {
    let zone = named.name;
    let mut out = Vec::new();
    for (tzid, items, line) in entries {
        if let Some(tzid) = tzid
            && zone::lookup(tzid).map(|z| z.name) != Ok(zone)
        {
            return Err(Error::new(
                ErrorCode::Unsupported,
                Text::new(input_errors::ICAL_OTHER_ZONE)
                    .with("tzid", tzid)
                    .with("zone", zone),
            )
            .with_field("ical")
            .with_position(line.pos(0)));
        }
        for item in items {
            let mut dt = item
                .datetime(Some(start_time))
                .map_err(|why| ical_error(why, line.pos(item.at)))?;
            if item.utc {
                dt = Offset::UTC
                    .to_timestamp(dt)
                    .map(|t| named.tz.to_datetime(t))
                    .map_err(|_| ical_error(out_of_range(&item.text), line.pos(item.at)))?;
            }
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
