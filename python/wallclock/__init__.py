"""Calendar rules in local time turned into UTC instants, with an explicit,
explained decision for every instance that daylight saving time touches.

>>> import wallclock
>>> spec = {"timeZone": "America/New_York", "start": "2026-03-06T02:30",
...         "rrule": "FREQ=DAILY;COUNT=4", "gap": "shift"}
>>> march_8 = wallclock.expand(spec).entries[2]
>>> march_8.status, march_8.instant.isoformat()
('shifted', '2026-03-08T07:30:00+00:00')
>>> march_8.notes[0].message
'02:30 does not exist on 2026-03-08 in America/New_York (clocks jump from 02:00 to 03:00); runs at 03:30 EDT'

Every function runs the same engine as the ``wallclock`` command line (Rust,
through PyO3), reads its options as the command line reads them, and returns
objects whose ``to_dict()`` is the command line's JSON. Errors are
``WallclockError`` (a ``ValueError``) with the command line's ``code``,
``message`` and ``field``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import date, datetime, timezone, tzinfo
from typing import Any, NamedTuple, Union

from . import _native
from ._errors import WallclockError
from ._results import (
    Change,
    Diff,
    Entry,
    Expansion,
    MisfireDecision,
    MisfireDecisions,
    Note,
    Side,
    SpecWarning,
    Transition,
    Validation,
    _warnings,
    instant,
)

__all__ = [
    "Change",
    "CronSchedule",
    "Diff",
    "Entry",
    "Expansion",
    "MisfireDecision",
    "MisfireDecisions",
    "Note",
    "Schedule",
    "Side",
    "SpecWarning",
    "Transition",
    "Validation",
    "WallclockError",
    "decide_misfires",
    "describe",
    "diff",
    "expand",
    "from_cron",
    "next_execution",
    "notices",
    "time_zones",
    "tzdb_version",
    "validate",
]


class Schedule:
    """A validated spec (docs/spec.md §1): checked once, then passed to any function
    in place of the dict or JSON text it was made from.

    ``Schedule(spec)`` raises ``WallclockError`` for a spec the command line
    refuses; ``warnings`` holds what ``validate`` warns about.
    """

    __slots__ = ("_json", "_validation")

    _json: str
    _validation: Validation

    def __init__(self, spec: SpecLike) -> None:
        text = _spec_text(spec, "spec")
        self._validation = Validation(json.loads(_native.validate(text)))
        self._json = text

    @property
    def rrule(self) -> str | list[str] | None:
        """The rule in canonical form (a list when the spec has several), or
        ``None`` for a spec of dates only."""
        return self._validation.rrule

    @property
    def warnings(self) -> tuple[SpecWarning, ...]:
        return self._validation.warnings

    def to_dict(self) -> dict[str, Any]:
        """The spec as given (a copy)."""
        spec: dict[str, Any] = json.loads(self._json)
        return spec

    def to_json(self) -> str:
        """The spec as JSON text, as given."""
        return self._json

    def expand(
        self,
        *,
        since: Bound | None = None,
        until: Bound | None = None,
        limit: int | None = None,
        now: Bound | None = None,
        lang: str | None = None,
    ) -> Expansion:
        """``wallclock.expand(self, ...)``."""
        return expand(self, since=since, until=until, limit=limit, now=now, lang=lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Schedule):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict(), sort_keys=True))

    def __repr__(self) -> str:
        return f"Schedule({self._json})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Schedule, (self._json,))


SpecLike = Union[Mapping[str, Any], str, Schedule]
"""A spec: a dict of docs/spec.md §1's fields, its JSON text, or a ``Schedule``."""

Bound = Union[datetime, date, str]
"""A window bound or ``now``: an aware ``datetime``, a ``date`` (its midnight
in the spec's zone), or the command line's text forms (an instant, a local
date-time in the spec's zone, ``now``, or a duration such as ``P7D``)."""


def expand(
    spec: SpecLike,
    *,
    since: Bound | None = None,
    until: Bound | None = None,
    limit: int | None = None,
    now: Bound | None = None,
    lang: str | None = None,
) -> Expansion:
    """Every nominal occurrence from ``since`` (default: the spec's start)
    until ``until`` (at most ``limit`` executions), with its status,
    instant, key and notes: ``wallclock expand``.

    An unbounded rule (no COUNT, no UNTIL) needs ``limit`` or ``until``.
    ``now`` is what ``now`` and durations in ``since`` and ``until`` count
    from (default: the clock). ``lang`` (``"en"``, ``"zh-CN"``, ``"zh-TW"``)
    is the language of the notes and warnings, and of any error message.
    """
    text = _spec_text(spec, "spec")
    return Expansion(
        json.loads(
            _native.expand(
                text,
                None if limit is None else str(limit),
                _bound(since, "since"),
                _bound(until, "until"),
                _now(now),
                lang,
            )
        )
    )


def notices(
    spec: SpecLike,
    *,
    since: Bound | None = None,
    until: Bound | None = None,
    horizon: str | None = None,
    now: Bound | None = None,
    lang: str | None = None,
) -> Expansion:
    """Only the entries clock changes affect, with the zone's transitions:
    ``wallclock notices``. By default over "the next 12 months" from ``now``
    (or from the start of a schedule that has not started); ``horizon``
    (``P6M``, ``90d``) sets another length from ``since``."""
    text = _spec_text(spec, "spec")
    return Expansion(
        json.loads(
            _native.notices(
                text,
                _bound(since, "since"),
                _bound(until, "until"),
                horizon,
                _now(now),
                lang,
            )
        )
    )


def describe(
    spec: SpecLike, *, now: Bound | None = None, lang: str | None = None
) -> str:
    """A sentence for the schedule, its clock changes included: ``wallclock
    describe``, about the years from ``now`` (default: the clock) of a
    schedule that has started, in English or the language ``lang`` names."""
    return _native.describe(_spec_text(spec, "spec"), _now(now), lang)


def validate(spec: SpecLike, *, lang: str | None = None) -> Validation:
    """Checks a spec: ``wallclock validate``. Raises ``WallclockError`` for
    the first problem; returns the canonical rule and the warnings (in
    the language ``lang`` names)."""
    return Validation(json.loads(_native.validate(_spec_text(spec, "spec"), lang)))


def diff(
    old: SpecLike,
    new: SpecLike,
    *,
    since: Bound | None = None,
    until: Bound | None = None,
    now: Bound | None = None,
    lang: str | None = None,
) -> Diff:
    """What changes from ``old`` to ``new`` over one window, occurrence by
    occurrence, with the field that explains each change: ``wallclock
    diff``. Bounds are read in the old spec's zone; by default the 365 days
    from ``now``."""
    return Diff(
        json.loads(
            _native.diff(
                _spec_text(old, "old"),
                _spec_text(new, "new"),
                _bound(since, "since"),
                _bound(until, "until"),
                _now(now),
                lang,
            )
        )
    )


def decide_misfires(
    spec: SpecLike,
    due: Iterable[Mapping[str, Any] | Entry],
    *,
    now: Bound | None = None,
    lang: str | None = None,
) -> MisfireDecisions:
    """Catch-up decisions for occurrences that were due while nothing ran
    them: ``wallclock misfire``. ``due`` holds ``{"key", "instant"}``
    mappings (an instant as an aware ``datetime`` or text) or ``Entry``
    objects of an expansion. Entries after ``now`` are not decided: they
    come back as ``not_due`` warnings."""
    items = [_due_item(item, i) for i, item in enumerate(due)]
    decisions, warnings = _native.decide_misfires(
        _spec_text(spec, "spec"), json.dumps(items), _now(now), lang
    )
    return MisfireDecisions(json.loads(decisions), json.loads(warnings))


def next_execution(
    spec: SpecLike,
    at: Bound | None = None,
    *,
    strictly_after: bool = False,
) -> datetime | None:
    """The earliest instant at or after ``at`` (strictly after, with
    ``strictly_after``) at which ``expand`` lists an execution; ``None``
    when the schedule never runs again. ``at`` defaults to the clock."""
    found = _native.next_execution(
        _spec_text(spec, "spec"), _now(at, "at"), strictly_after
    )
    return None if found is None else instant(found)


class CronSchedule(NamedTuple):
    """A cron line as a schedule (``from_cron``): the spec whose expansion
    gives the product's runs, and how the product's runs differ from it."""

    schedule: Schedule
    warnings: tuple[SpecWarning, ...]


def from_cron(
    line: str,
    *,
    dialect: str,
    tz: str | tzinfo | None = None,
    id: str | None = None,
    gap: str | None = None,
    fold: str | None = None,
    start: str | date | None = None,
    now: Bound | None = None,
    lang: str | None = None,
) -> CronSchedule:
    """A cron line as the product ``dialect`` runs it (``kubernetes``,
    ``cronie``, ``debian``, ``systemd``, ``quartz``, ``apscheduler``,
    ``eventbridge``, ``github-actions``): ``wallclock from-cron --dialect
    D [--tz ZONE] [--id ID] [--gap P] [--fold P] -- LINE``.

    ``tz`` is the zone the product runs the line in when the line names
    none (a name, or a ``ZoneInfo`` read by its key; without it, UTC and a
    ``zone_assumed`` warning). ``gap`` and ``fold`` replace the product's
    policies. The schedule starts at its first run at or after ``start``, a
    local date or naive date-time in the zone (default: ``now``, the clock).
    Each warning names, with a stable code, what the spec cannot reproduce,
    in ``lang``'s language (English by default; ``"zh-CN"``, ``"zh-TW"``).
    """
    zone = getattr(tz, "key", tz) if isinstance(tz, tzinfo) else tz
    if zone is not None and not isinstance(zone, str):
        raise WallclockError(
            "invalid_option",
            f"invalid `tz`: expected a zone name such as `America/New_York` or a ZoneInfo, "
            f"got {type(tz).__name__}",
            "tz",
        )
    spec, warnings = _native.from_cron(
        line, dialect, zone, id, _cron_start(start), gap, fold, _now(now), lang
    )
    return CronSchedule(Schedule(spec), _warnings(json.loads(warnings)))


def _cron_start(start: object) -> str | None:
    """A start as local text; an aware datetime is refused: the start is a
    wall time in the schedule's zone."""
    if start is None or isinstance(start, str):
        return start
    if isinstance(start, datetime) and start.tzinfo is not None:
        raise WallclockError(
            "invalid_start",
            f"invalid `start` `{start.isoformat()}`: the start is a local date-time in the "
            "schedule's zone; give a naive datetime or a date, e.g. `date(2026, 1, 1)`",
            "start",
        )
    if isinstance(start, date):
        return start.isoformat()
    raise WallclockError(
        "invalid_start",
        f"invalid `start`: expected a date, a naive datetime or text such as "
        f"`2026-01-01T09:00`, got {type(start).__name__}",
        "start",
    )


def time_zones() -> list[str]:
    """Every zone name of the tz database bundled in the engine, sorted."""
    return _native.time_zones()


def tzdb_version() -> str:
    """The version of the bundled tz database, e.g. ``2026f``."""
    return _native.tzdb_version()


def _spec_text(spec: object, field: str) -> str:
    """A spec as JSON text; a ``ZoneInfo`` (or any tzinfo with a ``key``) as
    ``timeZone`` is read by its key."""
    if isinstance(spec, Schedule):
        return spec.to_json()
    if isinstance(spec, str):
        return spec
    if isinstance(spec, Mapping):
        fields = dict(spec)
        zone = fields.get("timeZone")
        key = getattr(zone, "key", None)
        if zone is not None and not isinstance(zone, str) and isinstance(key, str):
            fields["timeZone"] = key
        try:
            return json.dumps(fields)
        except (TypeError, ValueError) as e:
            raise WallclockError(
                "invalid_spec",
                f"invalid `{field}`: {e}: a spec holds JSON values (text, numbers, lists), "
                'e.g. `{"timeZone": "America/New_York", "start": "2026-03-06T09:00"}`',
                field,
            ) from None
    raise WallclockError(
        "invalid_spec",
        f"invalid `{field}`: expected a dict, JSON text or a wallclock.Schedule, "
        f"got {type(spec).__name__}",
        field,
    )


def _instant_text(value: datetime, field: str) -> str:
    """An aware datetime as an instant; a naive one is refused, never read in
    the host's zone."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise WallclockError(
            "invalid_date_time",
            f"invalid `{field}` `{value.isoformat()}`: a naive datetime has no time zone; "
            "give an aware one, e.g. `datetime(2026, 3, 8, 7, tzinfo=timezone.utc)`, "
            "or a local date-time in the spec's zone as text, e.g. `2026-03-08T02:30`",
            field,
        )
    return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def _bound(value: object, field: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return _instant_text(value, field)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return value
    raise WallclockError(
        "invalid_option",
        f"invalid `{field}`: expected an aware datetime, a date or text such as "
        f"`2026-03-08T07:00:00Z`, got {type(value).__name__}",
        field,
    )


def _now(value: object, field: str = "now") -> str:
    """``now`` as an instant: the clock when not given."""
    if value is None:
        return _instant_text(datetime.now(timezone.utc), field)
    text = _bound(value, field)
    assert text is not None
    return text


def _due_item(item: object, i: int) -> dict[str, Any]:
    if isinstance(item, Entry):
        return {"key": item.key, "instant": item.to_dict()["instant"]}
    if isinstance(item, Mapping):
        out = dict(item)
        if isinstance(out.get("instant"), datetime):
            out["instant"] = _instant_text(out["instant"], f"due[{i}].instant")
        return out
    raise WallclockError(
        "invalid_option",
        f"invalid `due[{i}]`: expected a mapping `{{\"key\", \"instant\"}}` or an Entry, "
        f"got {type(item).__name__}",
        "due",
    )
