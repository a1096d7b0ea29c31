"""The APScheduler 3 trigger, driven by APScheduler's own code: the run
times a job computes when the scheduler wakes at a given moment
(`Job._get_run_times`, the chain of `get_next_fire_time` calls its
scheduler makes), and a real `BackgroundScheduler` firing on the clock."""

from __future__ import annotations

import pickle
import threading
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from apscheduler.events import EVENT_JOB_EXECUTED, JobExecutionEvent
from apscheduler.schedulers.background import BackgroundScheduler
from dst_days import DAYS, IDS, Day

import wallclock
from wallclock.apscheduler import WallclockTrigger


def noop() -> None:
    pass


@pytest.fixture
def scheduler() -> Any:
    s = BackgroundScheduler(timezone="UTC")
    s.start(paused=True)
    yield s
    s.shutdown(wait=False)


@pytest.mark.parametrize("day", DAYS, ids=IDS)
def test_a_woken_scheduler_runs_exactly_the_expanded_instants(day: Day, scheduler: Any) -> None:
    # Added through the `apscheduler.triggers` entry point, with the
    # scheduler's own timezone passed along (and not used).
    job = scheduler.add_job(noop, "wallclock", spec=day.spec)
    assert isinstance(job.trigger, WallclockTrigger)
    first = job.trigger.get_next_fire_time(None, day.before)
    assert first == day.fires[0]
    job.next_run_time = first
    # The scheduler wakes two days after the last run: every run in between.
    run_times = job._get_run_times(day.fires[-1] + timedelta(days=2))
    assert run_times == day.fires
    assert run_times == wallclock.expand(day.spec).executions


@pytest.mark.parametrize("day", DAYS, ids=IDS)
def test_each_fire_time_follows_the_previous(day: Day) -> None:
    trigger = WallclockTrigger(day.spec, timezone="Asia/Tokyo")
    now = day.before
    chain = [trigger.get_next_fire_time(None, now)]
    while chain[-1] is not None:
        chain.append(trigger.get_next_fire_time(chain[-1], now))
    assert chain == [*day.fires, None]
    assert all(t.tzinfo is timezone.utc for t in day.fires)


def test_the_trigger_pickles_for_job_stores() -> None:
    trigger = WallclockTrigger(DAYS[1].spec)
    again = pickle.loads(pickle.dumps(trigger))
    assert again.schedule == trigger.schedule
    assert again.get_next_fire_time(None, DAYS[1].before) == DAYS[1].fires[0]
    assert trigger.__getstate__() == {"version": 1, "spec": DAYS[1].spec}


def test_a_bad_spec_fails_when_the_job_is_added(scheduler: Any) -> None:
    with pytest.raises(wallclock.WallclockError) as info:
        scheduler.add_job(noop, "wallclock", spec={"timeZone": "Nowhere/Land", "start": "2026-01-01T00:00"})
    assert info.value.code == "unknown_time_zone"


def test_a_real_scheduler_fires_at_the_instants() -> None:
    # Three runs a second apart, starting two seconds from now.
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=2)
    spec = {"timeZone": "UTC", "start": start.strftime("%Y-%m-%dT%H:%M:%S"),
            "rrule": "FREQ=SECONDLY;COUNT=3"}
    ran: list[datetime] = []
    all_ran = threading.Event()

    def listen(event: JobExecutionEvent) -> None:
        ran.append(event.scheduled_run_time)
        if len(ran) == 3:
            all_ran.set()

    s = BackgroundScheduler(timezone="UTC")
    s.add_listener(listen, EVENT_JOB_EXECUTED)
    s.add_job(noop, WallclockTrigger(spec), misfire_grace_time=60)
    s.start()
    try:
        assert all_ran.wait(timeout=60), f"ran {ran}"
    finally:
        s.shutdown(wait=False)
    assert ran == [start, start + timedelta(seconds=1), start + timedelta(seconds=2)]
