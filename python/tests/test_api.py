"""The API around the engine: datetimes in and out, zones by name, errors
with the CLI's codes, the shared fixtures of every surface, bounds and the
GIL."""

from __future__ import annotations

import pickle
import threading
import time
from datetime import date, datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from conftest import PYTHON_NAMES, fixture_json, python_spelling

import wallclock
from wallclock import WallclockError

NY_DAILY = {"timeZone": "America/New_York", "start": "2026-03-06T02:30",
            "rrule": "FREQ=DAILY;COUNT=4", "gap": "shift"}


def raises(code: str, field: str | None, call: Any, *args: Any, **kwargs: Any) -> WallclockError:
    with pytest.raises(WallclockError) as info:
        call(*args, **kwargs)
    assert isinstance(info.value, ValueError)
    assert (info.value.code, info.value.field) == (code, field), info.value
    return info.value


def test_entries_carry_naive_nominal_times_with_fold_and_utc_instants() -> None:
    spec = {"timeZone": "Europe/Berlin", "start": "2026-10-25T02:30",
            "rrule": "FREQ=DAILY;COUNT=3", "fold": "both"}
    first, second, third = wallclock.expand(spec).entries
    assert first.nominal == datetime(2026, 10, 25, 2, 30) and first.nominal.fold == 0
    assert second.nominal.fold == 1 and second.nominal.tzinfo is None
    assert (first.instant, second.instant) == (
        datetime(2026, 10, 25, 0, 30, tzinfo=timezone.utc),
        datetime(2026, 10, 25, 1, 30, tzinfo=timezone.utc),
    )
    assert second.instant is not None and second.instant.tzinfo is timezone.utc
    assert second.key == "preview|2026-10-25T02:30:00|fold=1"
    assert second.local == "2026-10-25T02:30:00+01:00[Europe/Berlin]"
    assert [n.code for n in second.notes] == ["fold_both"]
    assert third.nominal == datetime(2026, 10, 26, 2, 30)
    # PEP 495: the nominal time with its fold names the same instant in the
    # zone (compared as timestamps: `==` across zones is False in a fold).
    zone = ZoneInfo("Europe/Berlin")
    for entry in (first, second, third):
        assert entry.instant is not None
        assert entry.nominal.replace(tzinfo=zone).timestamp() == entry.instant.timestamp()


def test_fold_second_reports_fold_1_and_a_skipped_entry_has_no_instant() -> None:
    spec = {"timeZone": "America/New_York", "start": "2026-11-01T01:30",
            "rrule": "FREQ=DAILY;COUNT=1", "fold": "second"}
    (entry,) = wallclock.expand(spec).entries
    assert entry.nominal.fold == 1 and entry.key == "preview|2026-11-01T01:30:00"
    skipped = wallclock.expand({**NY_DAILY, "gap": "skip"}).entries[2]
    assert (skipped.status, skipped.instant, skipped.local) == ("skipped", None, None)


def test_results_never_carry_a_zoneinfo() -> None:
    x = wallclock.expand({**NY_DAILY, "timeZone": ZoneInfo("America/New_York")})
    for entry in x.entries:
        assert entry.instant is None or entry.instant.tzinfo is timezone.utc
    assert x.transitions[0].instant.tzinfo is timezone.utc
    assert x.transitions[0].kind == "gap" and x.transitions[0].local_after == datetime(2026, 3, 8, 3)
    assert x.tzdb == wallclock.tzdb_version()
    assert x.executions[2] == datetime(2026, 3, 8, 7, 30, tzinfo=timezone.utc)


def test_a_zoneinfo_is_read_by_its_key_and_a_schedule_in_place_of_a_spec() -> None:
    by_key = wallclock.expand({**NY_DAILY, "timeZone": ZoneInfo("US/Eastern")})
    assert by_key.warnings[0].code == "zone_alias"
    schedule = wallclock.Schedule(NY_DAILY)
    assert wallclock.expand(schedule) == wallclock.expand(NY_DAILY)
    assert wallclock.expand(schedule.to_json()) == schedule.expand()
    assert pickle.loads(pickle.dumps(schedule)) == schedule
    assert schedule.rrule == "FREQ=DAILY;COUNT=4"


def test_several_rules_are_their_union_with_the_rules_listed() -> None:
    # cron's `0 9 1-3 * 1`: days 1 to 3, or Mondays; Monday 2 March is both.
    spec = {"timeZone": "Europe/Berlin", "start": "2026-03-01T09:00",
            "rrule": ["FREQ=MONTHLY;BYMONTHDAY=1,2,3", "FREQ=WEEKLY;BYDAY=MO;COUNT=3"]}
    schedule = wallclock.Schedule(spec)
    assert schedule.rrule == ["FREQ=MONTHLY;BYMONTHDAY=1,2,3", "FREQ=WEEKLY;COUNT=3;BYDAY=MO"]
    x = wallclock.expand(spec, until="2026-04-04")
    assert [e.key for e in x.entries] == [
        f"preview|2026-03-0{d}T09:00:00" for d in (1, 2, 3)] + [
        "preview|2026-03-09T09:00:00", "preview|2026-03-16T09:00:00",
        "preview|2026-04-01T09:00:00", "preview|2026-04-02T09:00:00",
        "preview|2026-04-03T09:00:00"]
    e = raises("invalid_rrule", "rrule[1]", wallclock.validate,
               {**spec, "rrule": ["FREQ=DAILY", "FREQ=DAILY;BYHOUR=24"]})
    assert e.position == 18


def test_aware_datetimes_and_dates_are_bounds_and_naive_ones_are_refused() -> None:
    spec = {**NY_DAILY, "rrule": "FREQ=DAILY"}
    eastern = ZoneInfo("America/New_York")
    x = wallclock.expand(spec, since=datetime(2026, 3, 8, tzinfo=eastern), limit=1)
    assert x.executions == [datetime(2026, 3, 8, 7, 30, tzinfo=timezone.utc)]
    assert wallclock.expand(spec, since=date(2026, 3, 8), limit=1) == x
    assert wallclock.expand(spec, since="2026-03-08", limit=1) == x
    for field in ("since", "until"):
        e = raises("invalid_date_time", field, wallclock.expand, spec,
                   **{field: datetime(2026, 3, 8)}, limit=1)
        assert str(e).startswith(f"invalid `{field}` `2026-03-08T00:00:00`: a naive datetime")
    raises("invalid_date_time", "now", wallclock.describe, spec, now=datetime(2026, 3, 8))
    raises("invalid_date_time", "at", wallclock.next_execution, spec, datetime(2026, 3, 8))
    raises("invalid_date_time", "due[0].instant", wallclock.decide_misfires, spec,
           [{"key": "preview|2026-03-06T02:30:00", "instant": datetime(2026, 3, 6, 2, 30)}])


def test_now_and_durations_are_the_cli_forms() -> None:
    spec = {**NY_DAILY, "rrule": "FREQ=DAILY"}
    now = datetime(2026, 3, 7, 17, tzinfo=timezone.utc)
    week = wallclock.expand(spec, since="now", until="+7d", now=now)
    assert [e.instant for e in week.entries][:2] == [
        datetime(2026, 3, 8, 7, 30, tzinfo=timezone.utc),
        datetime(2026, 3, 9, 6, 30, tzinfo=timezone.utc),
    ]
    assert len(week) == 7
    e = raises("invalid_duration", "until", wallclock.expand, spec, until="+3q", now=now)
    assert str(e).startswith("invalid `until` `+3q`: expected an ISO 8601 or a short duration")


def test_the_shared_window_options_read_the_same() -> None:
    fixture = fixture_json("window-options.json")

    def run(options: dict[str, Any]) -> wallclock.Expansion:
        return wallclock.expand(
            fixture["spec"], **{PYTHON_NAMES[k]: v for k, v in options.items()})

    for case in fixture["reads"]:
        got = [e.to_dict()["instant"] for e in run(case["options"]).entries if e.runs]
        assert got == case["instants"], case
    for case in fixture["errors"]:
        with pytest.raises(WallclockError) as info:
            run(case["options"])
        error = {"code": case["code"], "field": case["field"], "message": case["js"]}
        assert info.value.to_dict() == python_spelling(error), case


def test_the_shared_due_checks_and_describe_cases() -> None:
    due = fixture_json("due-checks.json")
    for case in due["cases"]:
        if "error" in case:
            e = raises(case["error"]["code"], case["error"]["field"], wallclock.decide_misfires,
                       due["spec"], case["due"], now=due["now"])
            assert str(e) == case["error"]["message"]
        else:
            got = wallclock.decide_misfires(due["spec"], case["due"], now=due["now"])
            assert [w.to_dict() for w in got.warnings] == case.get("warnings", []), case["why"]
    for case in fixture_json("describe-now.json"):
        assert wallclock.describe(case["spec"], now=case["now"]) == case["text"], case["why"]


def test_bad_input_raises_the_cli_codes() -> None:
    raises("unknown_time_zone", "timeZone", wallclock.expand,
           {"timeZone": "Europe/Londn", "start": "2026-01-01T09:00"})
    e = raises("invalid_rrule", "rrule", wallclock.expand, {**NY_DAILY, "rrule": "FREQ=DAILY;BYHOUR=24"})
    assert e.position == 18 and str(e) == "invalid `BYHOUR` value `24`: expected 0..=23, e.g. `BYHOUR=9,17`"
    raises("invalid_spec", None, wallclock.expand, '{"timeZone": "UTC"')
    raises("invalid_spec", "spec", wallclock.expand, 42)
    raises("invalid_spec", "spec", wallclock.expand, {**NY_DAILY, "start": datetime(2026, 3, 6)})
    raises("invalid_option", "limit", wallclock.expand, NY_DAILY, limit=-1)
    raises("invalid_option", "limit", wallclock.expand, NY_DAILY, limit=True)
    raises("invalid_option", "since", wallclock.expand, NY_DAILY, since=3.5)
    e = raises("limit_exceeded", None, wallclock.expand,
               {"timeZone": "UTC", "start": "2026-01-01T00:00", "rrule": "FREQ=SECONDLY"},
               limit=10**30)
    assert str(e).startswith("the expansion has more than 100000 entries")
    raises("invalid_option", "spec", wallclock.expand, "{" + " " * (16 * 1024 * 1024) + "}")


def test_the_error_pickles_and_prints_the_cli_message() -> None:
    e = raises("unknown_time_zone", "timeZone", wallclock.validate,
               {"timeZone": "Mars/Olympus", "start": "2026-01-01T09:00"})
    again = pickle.loads(pickle.dumps(e))
    assert again.to_dict() == e.to_dict() and str(again) == e.message


def test_next_execution_follows_the_policies() -> None:
    spec = {**NY_DAILY, "rrule": "FREQ=DAILY", "gap": "skip"}
    after_7th = datetime(2026, 3, 7, 7, 30, tzinfo=timezone.utc)
    assert wallclock.next_execution(spec, after_7th) == after_7th
    assert wallclock.next_execution(spec, after_7th, strictly_after=True) == datetime(
        2026, 3, 9, 6, 30, tzinfo=timezone.utc)
    assert wallclock.next_execution(NY_DAILY, "2026-03-10T00:00:00Z") is None


def test_long_expansions_release_the_gil() -> None:
    # A year of minutes (525 600 entries) ends in `limit_exceeded` only after
    # the engine has worked for a while; meanwhile another thread must run.
    spec = {"timeZone": "UTC", "start": "2026-01-01T00:00", "rrule": "FREQ=MINUTELY;BYSECOND=0,30"}
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.monotonic()
    try:
        with pytest.raises(WallclockError):
            wallclock.expand(spec, until="2026-03-01T00:00:00Z")
    finally:
        done.set()
        counter.join()
    elapsed = time.monotonic() - started
    assert elapsed > 0.02, "the expansion was too short to tell"
    assert ticks > 5, f"no other thread ran during {elapsed:.3f} s"


def test_time_zones_and_the_tzdb_version() -> None:
    zones = wallclock.time_zones()
    assert "America/New_York" in zones and zones == sorted(zones)
    assert len(wallclock.tzdb_version()) == 5
