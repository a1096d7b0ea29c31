"""The Celery beat schedule, asked by beat's own protocol (`is_due` with a
`nowfun` clock) on the 2026 change days: due exactly at the expanded
instants, as beat records `last_run_at` after each run."""

from __future__ import annotations

import pickle
from datetime import datetime, timedelta, timezone

import pytest
from celery import Celery
from celery.beat import ScheduleEntry
from dst_days import DAYS, IDS, Day

import wallclock
from wallclock.celery import wallclock_schedule

app = Celery("wallclock-tests", set_as_current=False)
app.conf.timezone = "UTC"


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.mark.parametrize("day", DAYS, ids=IDS)
def test_beat_runs_exactly_the_expanded_instants(day: Day) -> None:
    clock = Clock(day.before)
    schedule = wallclock_schedule(day.spec, nowfun=clock, app=app)
    entry = ScheduleEntry(name=day.name, task="tasks.noop", schedule=schedule,
                          last_run_at=clock.now, app=app)
    ran: list[datetime] = []
    end = day.fires[-1] + timedelta(days=2)
    # Beat's loop: ask, run when due (recording when it ran), sleep as told.
    while clock.now < end:
        due, wait = entry.is_due()
        if due:
            ran.append(clock.now)
            entry = entry._next_instance(last_run_at=clock.now)
        assert wait > 0
        clock.now += timedelta(seconds=wait)
    assert ran == day.fires
    assert ran == wallclock.expand(day.spec).executions


@pytest.mark.parametrize("day", DAYS[:2], ids=IDS[:2])
def test_remaining_estimate_counts_to_the_next_instant(day: Day) -> None:
    clock = Clock(day.fires[1] + timedelta(minutes=1))
    schedule = wallclock_schedule(day.spec, nowfun=clock, app=app)
    assert schedule.remaining_estimate(day.fires[1]) == day.fires[2] - clock.now
    # A naive `last_run_at` is read in the app's zone, as Celery reads its own.
    naive = day.fires[1].replace(tzinfo=None)
    assert schedule.remaining_estimate(naive) == day.fires[2] - clock.now


def test_beat_after_an_outage_runs_once_then_follows_the_rule() -> None:
    day = DAYS[1]
    clock = Clock(day.fires[2] + timedelta(hours=1))
    schedule = wallclock_schedule(day.spec, nowfun=clock, app=app)
    due, wait = schedule.is_due(day.before)
    assert due and timedelta(seconds=wait) == day.fires[3] - clock.now
    assert schedule.is_due(clock.now) == (False, wait)


def test_an_ended_schedule_is_never_due() -> None:
    day = DAYS[0]
    clock = Clock(day.fires[-1] + timedelta(days=30))
    due, wait = wallclock_schedule(day.spec, nowfun=clock, app=app).is_due(day.fires[-1])
    assert not due and wait == 86400.0


def test_it_pickles_and_compares_as_beat_needs() -> None:
    schedule = wallclock_schedule(DAYS[0].spec, app=app)
    again = pickle.loads(pickle.dumps(schedule))
    assert again == schedule and hash(again) == hash(schedule)
    assert again != wallclock_schedule(DAYS[1].spec, app=app)
    assert isinstance(again.schedule, wallclock.Schedule)
