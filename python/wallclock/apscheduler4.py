"""A trigger for APScheduler 4 that fires exactly at the instants
``wallclock.expand`` lists: the spec's gap and fold policies decide every
clock change, not APScheduler's cron arithmetic.

>>> from apscheduler import Scheduler
>>> from wallclock.apscheduler4 import WallclockTrigger
>>> trigger = WallclockTrigger({"timeZone": "Europe/Berlin",
...     "start": "2026-10-24T02:30", "rrule": "FREQ=DAILY", "fold": "both"})

Each ``next()`` returns the first execution after the previous one (the
first at or after ``start_time``, default: now), so it never returns the same
or an earlier time twice, and ``None`` once the schedule has ended. Its state
(``__getstate__``) is JSON: the spec, the start time and the last fire time as
text, which any APScheduler serializer stores.

Misfires: APScheduler 4 decides them itself. When a schedule is processed
late, the scheduler calls ``next()`` until the fire time passes now, and its
``coalesce`` policy (``latest``, ``earliest``, ``all``) and
``misfire_grace_time`` decide which of those runs become jobs. The spec's
``misfire``, ``maxLateness``, ``maxCatchUp`` and ``grace`` are not applied by
APScheduler: choose ``coalesce=CoalescePolicy.latest`` for ``latest_only``
and ``misfire_grace_time`` for ``grace``, or call
``wallclock.decide_misfires``.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from apscheduler.abc import Trigger

from . import Schedule, SpecLike, WallclockError, next_execution
from ._results import instant

__all__ = ["WallclockTrigger"]

_STATE_VERSION = 1


class WallclockTrigger(Trigger):
    """Fires at the executions of a wallclock spec (``scheduled`` and
    ``shifted`` entries), in UTC."""

    __slots__ = ("schedule", "start_time", "_last_fire_time")

    schedule: Schedule
    start_time: datetime
    _last_fire_time: datetime | None

    def __init__(self, spec: SpecLike, *, start_time: datetime | None = None) -> None:
        self.schedule = spec if isinstance(spec, Schedule) else Schedule(spec)
        if start_time is None:
            start_time = datetime.now(timezone.utc)
        elif start_time.tzinfo is None or start_time.utcoffset() is None:
            raise WallclockError(
                "invalid_date_time",
                f"invalid `start_time` `{start_time.isoformat()}`: a naive datetime has no "
                "time zone; give an aware one, e.g. `datetime(2026, 3, 8, 7, tzinfo=timezone.utc)`",
                "start_time",
            )
        self.start_time = start_time.astimezone(timezone.utc)
        self._last_fire_time = None

    def next(self) -> datetime | None:
        if self._last_fire_time is None:
            found = next_execution(self.schedule, self.start_time)
        else:
            found = next_execution(self.schedule, self._last_fire_time, strictly_after=True)
        if found is not None:
            self._last_fire_time = found
        return found

    def __getstate__(self) -> dict[str, Any]:
        last = self._last_fire_time
        return {
            "version": _STATE_VERSION,
            "spec": self.schedule.to_dict(),
            "start_time": _text(self.start_time),
            "last_fire_time": None if last is None else _text(last),
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        if state.get("version") != _STATE_VERSION:
            raise WallclockError(
                "invalid_option",
                f"cannot restore a WallclockTrigger of state version {state.get('version')!r}: "
                f"this version reads {_STATE_VERSION}",
            )
        self.schedule = Schedule(state["spec"])
        self.start_time = instant(state["start_time"])
        last = state["last_fire_time"]
        self._last_fire_time = None if last is None else instant(last)

    def __repr__(self) -> str:
        return f"WallclockTrigger({self.schedule.to_json()}, start_time='{_text(self.start_time)}')"


def _text(value: datetime) -> str:
    return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
