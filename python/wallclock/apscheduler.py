"""A trigger for APScheduler 3.x that fires exactly at the instants
``wallclock.expand`` lists: the spec's gap and fold policies decide every
clock change, not APScheduler's cron arithmetic.

>>> from apscheduler.schedulers.background import BackgroundScheduler
>>> from wallclock.apscheduler import WallclockTrigger
>>> scheduler = BackgroundScheduler()
>>> job = scheduler.add_job(print, WallclockTrigger({
...     "timeZone": "America/New_York", "start": "2026-03-06T02:30",
...     "rrule": "FREQ=DAILY", "gap": "shift"}))

The package registers the trigger under APScheduler's entry point
``apscheduler.triggers`` as ``wallclock``, so
``scheduler.add_job(func, "wallclock", spec={...})`` works too (the
scheduler's own ``timezone`` is passed and not used: the spec names its
zone).

Misfires: APScheduler 3 decides them itself. When the scheduler wakes up
late (it was down, or busy), it asks the trigger for every fire time from
the job's stored next run time up to now (``get_next_fire_time`` with each
previous fire time) — these are the instants ``expand`` lists — and then
applies the job's own ``misfire_grace_time`` (runs later than that are
dropped and logged as missed) and ``coalesce`` (several due runs become one).
The spec's ``misfire``, ``maxLateness``, ``maxCatchUp`` and ``grace`` are
not applied by APScheduler: choose ``coalesce=True`` for ``latest_only`` and
``misfire_grace_time`` for ``grace``, or call ``wallclock.decide_misfires``.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from apscheduler.triggers.base import BaseTrigger

from . import Schedule, SpecLike, WallclockError, next_execution

__all__ = ["WallclockTrigger"]

_STATE_VERSION = 1


class WallclockTrigger(BaseTrigger):  # type: ignore[misc]
    """Fires at the executions of a wallclock spec (``scheduled`` and
    ``shifted`` entries), in UTC."""

    __slots__ = ("schedule",)

    schedule: Schedule

    def __init__(self, spec: SpecLike, timezone: tzinfo | str | None = None) -> None:
        # `timezone` is what the scheduler passes every trigger it makes;
        # the spec's own zone decides.
        del timezone
        self.schedule = spec if isinstance(spec, Schedule) else Schedule(spec)

    def get_next_fire_time(
        self, previous_fire_time: datetime | None, now: datetime
    ) -> datetime | None:
        """The first execution after ``previous_fire_time`` (even one before
        ``now``: the scheduler's misfire handling decides about those), or
        at or after ``now`` for a job that has not fired."""
        if previous_fire_time is None:
            return next_execution(self.schedule, now)
        return next_execution(self.schedule, previous_fire_time, strictly_after=True)

    def __getstate__(self) -> dict[str, Any]:
        return {"version": _STATE_VERSION, "spec": self.schedule.to_dict()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        if state.get("version") != _STATE_VERSION:
            raise WallclockError(
                "invalid_option",
                f"cannot restore a WallclockTrigger of state version {state.get('version')!r}: "
                f"this version reads {_STATE_VERSION}",
            )
        self.schedule = Schedule(state["spec"])

    def __str__(self) -> str:
        return f"wallclock[{self.schedule.to_json()}]"

    def __repr__(self) -> str:
        return f"<WallclockTrigger ({self.schedule.to_json()})>"
