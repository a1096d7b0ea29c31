"""A Celery beat schedule that is due exactly at the instants
``wallclock.expand`` lists: the spec's gap and fold policies decide every
clock change, not Celery's crontab arithmetic.

>>> from wallclock.celery import wallclock_schedule
>>> beat_schedule = {"digest": {"task": "tasks.digest", "schedule": wallclock_schedule({
...     "timeZone": "America/New_York", "start": "2026-03-06T02:30",
...     "rrule": "FREQ=DAILY", "gap": "shift"})}}

``is_due(last_run_at)`` is due when an execution falls after ``last_run_at``
and at or before now (``nowfun``, else the app's clock), and says how many
seconds until the next one. Instances pickle (beat's shelve stores them) and
compare equal when their specs are.

Misfires: Celery beat decides them itself. After the task runs, beat records
the time it ran as ``last_run_at``; so when beat was down across several
executions, the first check after it comes back is due once and the others
are not run (as with Celery's ``crontab``). The spec's ``misfire``,
``maxLateness``, ``maxCatchUp`` and ``grace`` are not applied by beat: call
``wallclock.decide_misfires`` with the missed entries to apply them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from celery.schedules import BaseSchedule, schedstate

from . import Schedule, SpecLike, next_execution

__all__ = ["wallclock_schedule"]

# What `is_due` says about a schedule that never runs again: check in a day
# (beat's `beat_max_loop_interval` checks sooner).
_NEVER = timedelta(days=1)


class wallclock_schedule(BaseSchedule):  # type: ignore[misc]  # noqa: N801 (Celery's naming)
    """Due at the executions of a wallclock spec (``scheduled`` and
    ``shifted`` entries)."""

    schedule: Schedule

    def __init__(
        self,
        spec: SpecLike,
        nowfun: Callable[[], datetime] | None = None,
        app: Any = None,
    ) -> None:
        self.schedule = spec if isinstance(spec, Schedule) else Schedule(spec)
        super().__init__(nowfun=nowfun, app=app)

    def next_after(self, moment: datetime) -> datetime | None:
        """The first execution after ``moment`` (a naive one is read in the
        app's zone, as Celery reads its own)."""
        return next_execution(
            self.schedule, self.maybe_make_aware(moment), strictly_after=True
        )

    def remaining_estimate(self, last_run_at: datetime) -> timedelta:
        """The time from now until the first execution after ``last_run_at``
        (zero or less when it is due)."""
        due = self.next_after(last_run_at)
        if due is None:
            return _NEVER
        now: datetime = self.maybe_make_aware(self.now())
        return due - now

    def is_due(self, last_run_at: datetime) -> schedstate:
        now = self.maybe_make_aware(self.now())
        due = self.next_after(last_run_at)
        if due is None:
            return schedstate(False, _NEVER.total_seconds())
        if due > now:
            return schedstate(False, (due - now).total_seconds())
        following = self.next_after(now)
        wait = _NEVER if following is None else following - now
        return schedstate(True, wait.total_seconds())

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, (self.schedule.to_dict(),))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, wallclock_schedule):
            return self.schedule == other.schedule
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.schedule)

    def __repr__(self) -> str:
        return f"<wallclock_schedule: {self.schedule.to_json()}>"
