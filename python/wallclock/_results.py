"""Result objects: views over the command line's JSON, which the engine
writes and ``to_dict()``/``to_list()`` give back unchanged.

Times come out as ``datetime`` objects: a nominal time is naive (a wall
time in the spec's zone) with PEP 495 ``fold`` set for the second of a
repeated time; an instant is aware, in UTC (``datetime.timezone.utc``).
No result carries a ``ZoneInfo``: Python's tz data can differ from the tz
database bundled in the engine (``tzdb``), which decided every instant.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import datetime, timezone
from typing import Any, overload

from ._errors import WallclockError


def _datetime(text: str, what: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise WallclockError(
            "unsupported",
            f"{what} `{text}` is outside the years 1..=9999 of Python's datetime: "
            "read it from to_dict()",
        ) from None


def nominal_time(text: str, fold: int) -> datetime:
    """A nominal local time (``2026-03-08T02:30:00``), naive, with ``fold``."""
    return _datetime(text, "the nominal time").replace(fold=fold)


def instant(text: str) -> datetime:
    """An instant (``2026-03-08T07:30:00Z``) as an aware UTC datetime."""
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    return _datetime(text, "the instant").astimezone(timezone.utc)


def _optional_instant(text: str | None) -> datetime | None:
    return None if text is None else instant(text)


class Note:
    """What a clock change or an invalid date did to one entry."""

    __slots__ = ("code", "message")

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Note):
            return NotImplemented
        return (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.message))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class SpecWarning(Note):
    """A warning about the spec as a whole (``zone_alias``, ``not_due``, ...)."""

    __slots__ = ()


def _notes(items: list[dict[str, str]]) -> tuple[Note, ...]:
    return tuple(Note(n["code"], n["message"]) for n in items)


def _warnings(items: list[dict[str, str]]) -> tuple[SpecWarning, ...]:
    return tuple(SpecWarning(w["code"], w["message"]) for w in items)


class _View:
    """A read-only view of one JSON object the engine wrote."""

    __slots__ = ("_data",)

    _data: dict[str, Any]

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def to_dict(self) -> dict[str, Any]:
        """The object as the command line prints it (a copy)."""
        copied: dict[str, Any] = json.loads(json.dumps(self._data))
        return copied

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self._data == other._data)

    def __hash__(self) -> int:
        return hash(json.dumps(self._data, sort_keys=True))


class Entry(_View):
    """One nominal occurrence and what became of it."""

    __slots__ = ()

    @property
    def nominal(self) -> datetime:
        """The wall time the rule names (naive), ``fold=1`` for the later of
        a repeated time (fold ``second``, the second run of ``both``)."""
        return nominal_time(self._data["nominal"], self._data["fold"])

    @property
    def fold(self) -> int:
        return int(self._data["fold"])

    @property
    def status(self) -> str:
        """``scheduled``, ``shifted``, ``skipped`` or ``merged``."""
        return str(self._data["status"])

    @property
    def instant(self) -> datetime | None:
        """When it runs, in UTC; ``None`` when skipped."""
        return _optional_instant(self._data["instant"])

    @property
    def local(self) -> str | None:
        """``2026-03-08T03:30:00-04:00[America/New_York]``: the wall time it runs at."""
        value = self._data["local"]
        return None if value is None else str(value)

    @property
    def key(self) -> str:
        """The idempotency key ``<id>|<nominal>`` (``|fold=1`` for the second run of ``both``)."""
        return str(self._data["key"])

    @property
    def notes(self) -> tuple[Note, ...]:
        return _notes(self._data["notes"])

    @property
    def merged_into(self) -> datetime | None:
        """For a merged entry, the nominal time it runs as."""
        value = self._data.get("mergedInto")
        return None if value is None else nominal_time(value, 0)

    @property
    def runs(self) -> bool:
        """True for an execution of its own (``scheduled`` or ``shifted``)."""
        return self.status in ("scheduled", "shifted")

    def __repr__(self) -> str:
        return f"Entry(key={self.key!r}, status={self.status!r}, instant={self._data['instant']!r})"


class Transition(_View):
    """A change of the zone's UTC offset inside the window."""

    __slots__ = ()

    @property
    def instant(self) -> datetime:
        return instant(self._data["instant"])

    @property
    def offset_before(self) -> str:
        return str(self._data["offsetBefore"])

    @property
    def offset_after(self) -> str:
        return str(self._data["offsetAfter"])

    @property
    def kind(self) -> str:
        """``gap`` (clocks jump forward) or ``fold`` (clocks go back)."""
        return str(self._data["kind"])

    @property
    def local_before(self) -> datetime:
        """The wall time the clocks show just before the change (naive)."""
        return nominal_time(self._data["localBefore"], 0)

    @property
    def local_after(self) -> datetime:
        """The wall time they show just after it (naive)."""
        return nominal_time(self._data["localAfter"], 0)

    def __repr__(self) -> str:
        return (
            f"Transition(instant={self._data['instant']!r}, kind={self.kind!r}, "
            f"{self.offset_before} -> {self.offset_after})"
        )


class Expansion(_View):
    """The result of ``expand`` and ``notices`` (docs/spec.md §3)."""

    __slots__ = ("_entries",)

    _entries: tuple[Entry, ...] | None

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self._entries = None

    @property
    def entries(self) -> tuple[Entry, ...]:
        """One entry per nominal occurrence, in nominal order."""
        if self._entries is None:
            self._entries = tuple(Entry(e) for e in self._data["entries"])
        return self._entries

    @property
    def executions(self) -> list[datetime]:
        """The instants of the entries that run, in entry order."""
        return [instant(e["instant"]) for e in self._data["entries"]
                if e["status"] in ("scheduled", "shifted")]

    @property
    def warnings(self) -> tuple[SpecWarning, ...]:
        return _warnings(self._data["warnings"])

    @property
    def transitions(self) -> tuple[Transition, ...]:
        return tuple(Transition(t) for t in self._data["transitions"])

    @property
    def tzdb(self) -> str:
        """The version of the tz database bundled in the engine, e.g. ``2026f``."""
        return str(self._data["tzdb"])

    def __len__(self) -> int:
        return len(self._data["entries"])

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __repr__(self) -> str:
        return f"Expansion({len(self)} entries, tzdb={self.tzdb!r})"


class Validation(_View):
    """``validate``'s answer: the canonical RRULE and the spec's warnings."""

    __slots__ = ()

    @property
    def valid(self) -> bool:
        return bool(self._data["valid"])

    @property
    def rrule(self) -> str | list[str] | None:
        """The rule in canonical form; a list when the spec has several."""
        value = self._data["rrule"]
        if isinstance(value, list):
            return [str(v) for v in value]
        return None if value is None else str(value)

    @property
    def warnings(self) -> tuple[SpecWarning, ...]:
        return _warnings(self._data["warnings"])

    def __repr__(self) -> str:
        return f"Validation(rrule={self.rrule!r}, warnings={len(self.warnings)})"


class Side(_View):
    """One side of a change: the occurrence's status, instant and notes."""

    __slots__ = ()

    @property
    def status(self) -> str:
        return str(self._data["status"])

    @property
    def instant(self) -> datetime | None:
        return _optional_instant(self._data["instant"])

    @property
    def notes(self) -> tuple[Note, ...]:
        return _notes(self._data["notes"])


class Change(_View):
    """An occurrence added, removed, moved or changed, with its cause."""

    __slots__ = ()

    @property
    def change(self) -> str:
        """``added``, ``removed``, ``moved`` or ``changed``."""
        return str(self._data["change"])

    @property
    def key(self) -> str:
        return str(self._data["key"])

    @property
    def nominal(self) -> datetime:
        return nominal_time(self._data["nominal"], self._data["fold"])

    @property
    def old(self) -> Side | None:
        value = self._data["old"]
        return None if value is None else Side(value)

    @property
    def new(self) -> Side | None:
        value = self._data["new"]
        return None if value is None else Side(value)

    @property
    def cause(self) -> str:
        """The spec field that explains it (``gap``, ``rrule``, ``exdate``, ...)."""
        return str(self._data["cause"])

    @property
    def reason(self) -> str:
        return str(self._data["reason"])

    def __repr__(self) -> str:
        return f"Change({self.change!r}, key={self.key!r}, cause={self.cause!r})"


class Diff(_View):
    """What an edit changes, keyed by occurrence key."""

    __slots__ = ()

    @property
    def identical(self) -> bool:
        return bool(self._data["identical"])

    @property
    def summary(self) -> dict[str, int]:
        """Counts of ``added``, ``removed``, ``moved``, ``changed`` and ``unchanged``."""
        return dict(self._data["summary"])

    @property
    def fields(self) -> list[dict[str, Any]]:
        """The spec fields that differ: ``{"field", "old", "new"}``."""
        return [dict(f) for f in self._data["fields"]]

    @property
    def changes(self) -> tuple[Change, ...]:
        return tuple(Change(c) for c in self._data["changes"])

    @property
    def tzdb(self) -> str:
        return str(self._data["tzdb"])

    def __bool__(self) -> bool:
        """True when anything differs (``wallclock diff`` exits 1)."""
        return not self.identical

    def __repr__(self) -> str:
        return f"Diff({self.summary!r})"


class MisfireDecision(_View):
    """What to do with one occurrence that was due while nothing ran it."""

    __slots__ = ()

    @property
    def key(self) -> str:
        return str(self._data["key"])

    @property
    def instant(self) -> datetime:
        return instant(self._data["instant"])

    @property
    def lateness(self) -> str:
        """How late it is at ``now``, ISO 8601 (``PT16H30M``)."""
        return str(self._data["lateness"])

    @property
    def decision(self) -> str:
        """``run``, ``coalesced``, ``skipped`` or ``expired``."""
        return str(self._data["decision"])

    @property
    def reason(self) -> str:
        return str(self._data["reason"])

    def __repr__(self) -> str:
        return f"MisfireDecision(key={self.key!r}, decision={self.decision!r})"


class MisfireDecisions(Sequence[MisfireDecision]):
    """``decide_misfires``' decisions, with the ``not_due`` warnings for the
    due entries after ``now`` (not decided)."""

    __slots__ = ("_items", "warnings")

    _items: list[dict[str, Any]]
    warnings: tuple[SpecWarning, ...]

    def __init__(self, items: list[dict[str, Any]], warnings: list[dict[str, str]]) -> None:
        self._items = items
        self.warnings = _warnings(warnings)

    @overload
    def __getitem__(self, index: int) -> MisfireDecision: ...
    @overload
    def __getitem__(self, index: slice) -> list[MisfireDecision]: ...
    def __getitem__(self, index: int | slice) -> MisfireDecision | list[MisfireDecision]:
        if isinstance(index, slice):
            return [MisfireDecision(d) for d in self._items[index]]
        return MisfireDecision(self._items[index])

    def __len__(self) -> int:
        return len(self._items)

    def to_list(self) -> list[dict[str, Any]]:
        """The decisions as ``wallclock misfire --format json`` prints them."""
        copied: list[dict[str, Any]] = json.loads(json.dumps(self._items))
        return copied

    def __repr__(self) -> str:
        return f"MisfireDecisions({len(self)} decisions, {len(self.warnings)} warnings)"
