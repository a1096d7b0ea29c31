"""The APScheduler 4 trigger through APScheduler 4's own protocol: `next()`
until it is exhausted, its state through APScheduler's JSON serializer, and
a schedule added to a real `Scheduler`. APScheduler 3 and 4 share an
import name, so scripts/test-all.sh runs this file alone, in a virtualenv
with APScheduler 4."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from apscheduler import Scheduler
from apscheduler.serializers.json import JSONSerializer
from dst_days import DAYS, IDS, Day

import wallclock
from wallclock.apscheduler4 import WallclockTrigger


def noop() -> None:
    pass


@pytest.mark.parametrize("day", DAYS, ids=IDS)
def test_next_lists_exactly_the_expanded_instants_then_none(day: Day) -> None:
    trigger = WallclockTrigger(day.spec, start_time=day.before)
    assert list(trigger) == day.fires
    assert trigger.next() is None and trigger.next() is None
    assert day.fires == wallclock.expand(day.spec).executions


@pytest.mark.parametrize("day", DAYS, ids=IDS)
def test_state_is_json_and_survives_the_serializer_mid_way(day: Day) -> None:
    trigger = WallclockTrigger(day.spec, start_time=day.before)
    assert trigger.next() == day.fires[0]
    state = trigger.__getstate__()
    assert json.loads(json.dumps(state)) == state
    serializer = JSONSerializer()
    again = serializer.deserialize(serializer.serialize(trigger))
    assert isinstance(again, WallclockTrigger)
    assert list(again) == day.fires[1:]


def test_never_the_same_or_an_earlier_time_twice() -> None:
    day = DAYS[3]
    trigger = WallclockTrigger(day.spec, start_time=day.fires[2])
    assert list(trigger) == day.fires[2:]


def test_a_naive_start_time_is_refused() -> None:
    with pytest.raises(wallclock.WallclockError) as info:
        WallclockTrigger(DAYS[0].spec, start_time=datetime(2026, 3, 6))
    assert (info.value.code, info.value.field) == ("invalid_date_time", "start_time")


def test_a_real_scheduler_takes_the_schedule() -> None:
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=1)
    spec = {"timeZone": "UTC", "start": start.strftime("%Y-%m-%dT%H:%M:%S"),
            "rrule": "FREQ=DAILY;COUNT=2"}
    with Scheduler() as scheduler:
        scheduler.add_schedule(noop, WallclockTrigger(spec), id="daily")
        schedule = scheduler.get_schedule("daily")
        assert schedule.next_fire_time == start
        assert isinstance(schedule.trigger, WallclockTrigger)
